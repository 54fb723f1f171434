"""The moves of a position as the misère tools ask for them: a ruleset's ``options()`` that
raises is reported as the engine reports it under normal play
(:class:`grundy.engine.RulesetError`: the class, the position, the exception and the line
of the ruleset's file), never as an internal error.  The list of options is the engine's
:func:`grundy.engine.options_of`; this module adds :func:`has_move`, which asks for the first
option only.

>>> from grundy import Game
>>> class Broken(Game):
...     def options(self, n):
...         return [n // (n - 2)]
>>> options_of(Broken(), 3), has_move(Broken(), 3)
([3], True)
>>> options_of(Broken(), 2)
Traceback (most recent call last):
...
grundy.engine.RulesetError: Broken.options(2) raised ZeroDivisionError: integer division or modulo by zero (<doctest grundy.misere.moves[1]>, line 3)
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, RulesetError, options_of  # noqa: F401 (the doctest's)
from ..errors import GrundyError
from ..rules.base import is_heap_game

__all__ = ["has_move"]

_NONE = object()


def has_move(game: Game, part: Any) -> bool:
    """Whether ``part`` has a move: a heap game's count of options where it counts them
    without listing them (:meth:`~grundy.HeapGame.heap_option_count`: a Kayles heap of
    10^5 lists its options in 0.2 s), else only the first option asked for.

    >>> from grundy import find
    >>> has_move(find("kayles"), 10**5), has_move(find("kayles"), 0)
    (True, False)
    """
    try:
        if type(part) is int and is_heap_game(game):
            count = game.heap_option_count(part)
            if count is not None:
                return count > 0
        return next(iter(game.options(part)), _NONE) is not _NONE
    except GrundyError:
        raise
    except Exception as exc:
        raise RulesetError(game, part, exc) from exc
