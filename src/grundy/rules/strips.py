"""Counters on strips, played as nim: Northcott's game.

**Northcott's game** (impartial form): each row of a board holds two counters; a move
slides either counter of one row any number of squares towards the other, never onto or
past it.  A row with counters at columns ``x < y`` is a nim heap of its gap ``y - x - 1``
(Winning Ways ch. 2, where either player may also move away: such moves are reversed).

>>> n = Northcott()
>>> n.fast_value((2, 9)), n.options_of_value((2, 9), 3)
(6, [(5, 9), (2, 6)])
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, Sum
from ..errors import GrundyError
from .closed import read_integer

__all__ = ["Northcott"]

#: the widest gap whose moves are listed one by one
GAP_LIMIT = 10**5


class Northcott(Game):
    """Rows of two counters; slide one towards the other."""

    board = "rows"
    theorem = "Northcott's game is nim on the gaps: a row with counters at x < y is worth y - x - 1"

    @property
    def notation(self) -> str:
        return "northcott"

    def _row(self, position: Any) -> tuple[int, int]:
        try:
            x, y = position
        except (TypeError, ValueError):
            raise GrundyError(f"a row of northcott is a pair of columns X,Y, got {position!r}") \
                from None
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (x, y)):
            raise GrundyError(f"the columns of a northcott row are non-negative integers, got "
                              f"{position!r}")
        if x >= y:
            raise GrundyError(f"a northcott row X,Y has the left counter first (X < Y), got "
                              f"{x},{y}")
        return x, y

    def options(self, position: Any) -> list[tuple[int, int]]:
        x, y = self._row(position)
        return [(a, y) for a in range(x + 1, y)] + [(x, b) for b in range(y - 1, x, -1)]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        x, y = self._row(position)
        return y - x - 1

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        x, y = self._row(part)
        if target >= y - x - 1:
            return []
        return [(y - target - 1, y), (x, x + target + 1)]

    def check_listable(self, part: Any) -> None:
        self._row(part)

    def parse_position(self, text: str) -> tuple[int, int]:
        """A row ``X,Y``: the columns of its two counters."""
        pieces = text.strip().split(",")
        if len(pieces) != 2:
            raise GrundyError(f"expected a northcott row X,Y such as 2,9, got {text!r}")
        x, y = (read_integer(p, "a column") for p in pieces)
        return self._row((x, y))

    def format_position(self, position: Any) -> str:
        return f"{position[0]},{position[1]}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Northcott

    def __hash__(self) -> int:
        return hash("grundy.Northcott")
