"""Misère play: the player who makes the last move loses.

- :mod:`~grundy.play.misere.search`: the outcome and winning moves of a sum, by the
  game's misère quotient where one is known, by genus where every part is tame, and
  otherwise by a search of the sums, within limits of time and memory;
- :mod:`~grundy.play.misere.genus`: the genus ``g^(γ0 γ1 γ2 ...)`` of a position
  (Winning Ways, ch. 13), and which heaps are tame;
- :mod:`~grundy.play.misere.quotient`: misère quotients of heap games (Plambeck and
  Siegel), computed heap by heap, certified by the periodicity theorem where it applies,
  kept on disk (:mod:`~grundy.play.misere.cache`) and used to play sums of any size;
- :mod:`~grundy.play.misere.monoid`: the monoid arithmetic, apart from any game.
"""

from __future__ import annotations

from .search import misere_outcome, misere_part_winning_moves, misere_winning_moves

__all__ = ["misere_outcome", "misere_part_winning_moves", "misere_winning_moves"]
