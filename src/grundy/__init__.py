"""grundy: play impartial games perfectly, by Sprague-Grundy theory.

>>> import grundy
>>> class Sub134(grundy.Game):
...     def options(self, n):
...         return [n - k for k in (1, 3, 4) if k <= n]
>>> g = Sub134()
>>> grundy.value(g, 10), grundy.outcome(g, 7), grundy.winning_moves(g, 10)
(1, 'P', [9, 7])
"""

from __future__ import annotations

__version__ = "0.1.0"

from .engine import Game, LoopyGameError, Sum, mex, outcome, value, winning_moves
from .errors import GrundyError, InputError, UnknownGameError
from .nimber import nim_mul

__all__ = [
    "Game",
    "GrundyError",
    "InputError",
    "LoopyGameError",
    "Sum",
    "UnknownGameError",
    "__version__",
    "mex",
    "nim_mul",
    "outcome",
    "value",
    "winning_moves",
]
