"""grundy: play impartial games perfectly, by Sprague-Grundy theory.

>>> import grundy
>>> class Sub134(grundy.Game):
...     def options(self, n):
...         return [n - k for k in (1, 3, 4) if k <= n]
>>> g = Sub134()
>>> grundy.value(g, 10), grundy.outcome(g, 7), grundy.winning_moves(g, 10)
(1, 'P', [9, 7])
>>> grundy.Nimber(2) * grundy.Nimber(3)
Nimber(1)
>>> grundy.find("kayles").sequence(8).tolist()
[0, 1, 2, 3, 1, 4, 3, 2]

The engine, the errors and nimber arithmetic load with the package; the rule
families, periods and analysis (which need NumPy) load on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

from .engine import Game, LoopyGameError, Sum, mex, outcome, part_winning_moves, value, winning_moves
from .errors import GrundyError, InputError, UnknownGameError
from .nimber import Nimber, field_order, nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt

#: name -> module (relative to grundy) for the parts loaded on first use
_LAZY = {
    "find": "catalog",
    "entries": "catalog",
    "sequence": "periodicity",
    "find_period": "periodicity",
    "Period": "periodicity",
    "analyze": "analysis",
    "HeapGame": "rules.base",
    "GridGame": "rules.base",
    "Nim": "rules.heap",
    "Subtraction": "rules.heap",
    "AllBut": "rules.heap",
    "TakeAndBreak": "rules.heap",
    "GrundysGame": "rules.heap",
    "CoinTurning": "rules.coins",
    "TurningTurtles": "rules.coins",
    "Twins": "rules.coins",
    "MockTurtles": "rules.coins",
    "Ruler": "rules.coins",
    "TurningCorners": "rules.coins",
    "product": "rules.coins",
    "Squares": "rules.squares",
    "Split": "rules.cutting",
    "Cutting": "rules.cutting",
    "Beans": "rules.beans",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    attr = getattr(importlib.import_module(f"grundy.{module}"), name)
    globals()[name] = attr
    return attr


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Game",
    "GrundyError",
    "InputError",
    "LoopyGameError",
    "Nimber",
    "Sum",
    "UnknownGameError",
    "__version__",
    "field_order",
    "mex",
    "nim_div",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "outcome",
    "part_winning_moves",
    "value",
    "winning_moves",
    *_LAZY,
]
