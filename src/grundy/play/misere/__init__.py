"""Misère play: the player who makes the last move loses.

:mod:`~grundy.play.misere.search` decides the outcome and winning moves of a sum, by
the game's own misère rule, by its misère quotient where one is known, by genus where
every part is tame, and otherwise by a search of the sums, within limits of time and
memory.  The algebra it uses (quotients, genus, the monoid, the cache) is
:mod:`grundy.misere`, a layer below, apart from play.
"""

from __future__ import annotations

from .search import misere_outcome, misere_part_winning_moves, misere_winning_moves

__all__ = ["misere_outcome", "misere_part_winning_moves", "misere_winning_moves"]
