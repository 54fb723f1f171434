"""Value tables of two-dimensional games, and their text layout.

>>> from grundy.rules.base import GridGame
>>> from grundy import Sum
>>> class Chomp1(GridGame):  # toy: reduce either coordinate, never below 1
...     def options(self, p):
...         r, c = p
...         return [(a, c) for a in range(1, r)] + [(r, b) for b in range(1, c)]
>>> values, first = value_table(Chomp1(), 3, 3)
>>> print(format_table(values, first), end="")
  1 2 3
 1 0 1 2
 2 1 0 3
 3 2 3 0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import GrundyError
from ..rules.base import is_grid_game

__all__ = ["format_table", "value_table"]


def value_table(game: Any, rows: int, cols: int, name: str | None = None,
                ) -> tuple[np.ndarray, int]:
    """The ``rows x cols`` value table of a two-dimensional game, and its first index.

    ``name`` is the game as the user wrote it, for the error message.
    """
    if not is_grid_game(game):
        raise GrundyError(f"{name or type(game).__name__} is not a two-dimensional game; "
                          "'grundy sequence' shows one-dimensional ones")
    return np.asarray(game.table(rows, cols)), int(game.first_index)


def format_table(values: np.ndarray, first: int = 0) -> str:
    """Right-aligned text with row and column labels (``first``, ``first+1``, ...)."""
    rows, cols = values.shape
    width = max(len(str(int(values.max()))) if values.size else 1, len(str(first + cols - 1)))
    label = len(str(first + rows - 1))
    head = " " * (label + 1) + " ".join(f"{first + c:>{width}}" for c in range(cols))
    lines = [head]
    for r in range(rows):
        cells = " ".join(f"{int(v):>{width}}" for v in values[r])
        lines.append(f"{first + r:>{label + 1}} {cells}" if label else cells)
    return "\n".join(lines) + "\n"
