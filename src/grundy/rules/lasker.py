"""Lasker's nim: remove any number of tokens from a heap, or split a heap into two
non-empty heaps.

Closed form (E. Lasker, Brettspiele der Völker, 1931; Winning Ways ch. 4): for ``k >= 0``, ``g(4k+1) = 4k+1``, ``g(4k+2) = 4k+2``, ``g(4k+3) = 4k+4``, ``g(4k+4) = 4k+3``:
arithmetic-periodic with period 4 and saltus 4 from heap 1, with 4k+3 and 4k+4 swapped.

>>> LaskersNim().sequence(9).tolist()
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> LaskersNim().fast_value(10**40 + 3) == 10**40 + 4
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Sum
from ..errors import GrundyError
from .base import HeapGame
from .closed import read_integer
from .periods import Known

if TYPE_CHECKING:
    import numpy as np

__all__ = ["LaskersNim", "lasker_move", "lasker_value"]


def lasker_value(n: int) -> int:
    """The Grundy value of a heap of ``n`` in Lasker's nim."""
    r = n % 4
    return n + 1 if r == 3 else n - 1 if r == 0 and n else n


def lasker_move(n: int, target: int) -> Any:
    """A move from a heap of ``n`` to a position worth ``target`` below the heap's value,
    by the closed form alone (None: ``target`` is not below it, and no move is built).
    The value map is its own inverse, so the heap worth ``target`` is
    ``lasker_value(target)``: a move takes the heap down to it, unless that is ``n + 1``
    (``n = 4k+3``, ``target = 4k+3``), where the split into ``1`` and ``4k+2`` is worth
    ``1 XOR (4k+2) = 4k+3``.

    >>> lasker_move(7, 0), lasker_move(7, 7), lasker_move(8, 3), lasker_move(5, 6)
    (0, Sum(1, 6), 4, None)
    """
    if target >= lasker_value(n):
        return None
    h = lasker_value(target)
    return h if h < n else Sum(1, n - 1)


class LaskersNim(HeapGame):
    """Take any number from one heap, or split one heap into two non-empty heaps."""

    has_kernel = True
    theorem = ("Lasker's nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, "
               "g(4k+4) = 4k+3 (Winning Ways ch. 4)")

    @property
    def notation(self) -> str:
        return "laskers-nim"

    def options(self, n: int) -> list[Any]:
        return [n - k for k in range(1, n + 1)] + [Sum(a, n - a) for a in range(1, n // 2 + 1)]

    def kernel_sequence(self, n: int) -> np.ndarray:
        import numpy as np
        h = np.arange(n, dtype=np.int64)
        r = h % 4
        return np.where(r == 3, h + 1, np.where((r == 0) & (h > 0), h - 1, h))

    def certifier(self) -> Known:
        return Known(1, 4, 4, self.theorem)

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise GrundyError(f"a heap size is a non-negative integer, got {position!r}")
        return lasker_value(position)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The moves to value ``target``: the one heap worth it (if smaller), and the splits
        whose two values XOR to it; past :attr:`move_limit`, where the splits are too many
        to try, the construction of :func:`lasker_move` (:meth:`every_zero_option` False).

        >>> LaskersNim().options_of_value(10**30 + 3, 10**30 + 3) == [Sum(1, 10**30 + 2)]
        True
        """
        n = part
        if n > self.move_limit:
            move = lasker_move(n, target)
            return [] if move is None else [move]
        found: list[Any] = []
        h = lasker_value(target)  # the value map is its own inverse
        if h < n:
            found.append(h)
        found.extend(Sum(a, n - a) for a in range(1, n // 2 + 1)
                     if lasker_value(a) ^ lasker_value(n - a) == target)
        return found

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """Every move to a value is listed up to :attr:`move_limit`; past it, one (the
        construction's), or none for a value above the heap's own."""
        return bool(part <= self.move_limit)

    def check_winning_moves(self, part: Any) -> None:
        """Any heap: past :attr:`move_limit` the winning move is constructed."""
        self.fast_value(part)

    def parse_position(self, text: str) -> int:
        return read_integer(text, "a heap size")

    def __eq__(self, other: object) -> bool:
        return type(other) is LaskersNim

    def __hash__(self) -> int:
        return hash("grundy.LaskersNim")
