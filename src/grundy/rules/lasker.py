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

from typing import Any

import numpy as np

from ..engine import Sum
from ..errors import GrundyError
from .base import HeapGame
from .closed import read_integer
from .periods import Known

__all__ = ["LaskersNim", "lasker_value"]


def lasker_value(n: int) -> int:
    """The Grundy value of a heap of ``n`` in Lasker's nim."""
    r = n % 4
    return n + 1 if r == 3 else n - 1 if r == 0 and n else n


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
        whose two values XOR to it."""
        n = part
        found: list[Any] = []
        h = lasker_value(target)  # the value map is its own inverse
        if h < n:
            found.append(h)
        found.extend(Sum(a, n - a) for a in range(1, n // 2 + 1)
                     if lasker_value(a) ^ lasker_value(n - a) == target)
        return found

    def parse_position(self, text: str) -> int:
        return read_integer(text, "a heap size")

    def __eq__(self, other: object) -> bool:
        return type(other) is LaskersNim

    def __hash__(self) -> int:
        return hash("grundy.LaskersNim")
