"""Euclid's game: two numbers; a move subtracts a positive multiple of the smaller from the
larger, leaving it non-negative; who makes a number 0 wins (a position with a 0 has no move).

The golden-ratio rule (Cole and Davie, 1969): with ``a >= b > 0``, the player to move wins
exactly when ``a = b`` or ``a > phi * b`` (tested exactly as ``(2a - b)^2 > 5 b^2``).  From any
position at most two moves (leaving ``a mod b`` or ``a mod b + b``) can reach a P-position,
so the winning moves are found for numbers of any size.  The Grundy values (Nivasch 2006
gives a formula, not used here) are searched for small numbers.

>>> e = Euclid()
>>> [b for b in range(1, 12) if e.is_p((11, b))]
[7, 8, 9, 10]
>>> e.zero_options((10**50, 3))[0][1]
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Sum
from ..errors import GrundyError
from .closed import MovesByTheorem, pairs_of_words, read_integer

__all__ = ["Euclid"]

#: the largest number whose position is searched for its Grundy value (a pair (1000, 1)
#: reaches 1000 positions of up to 1000 moves each: under a second)
VALUE_LIMIT = 1000


class Euclid(MovesByTheorem):
    """Subtract a multiple of the smaller number from the larger."""

    board = "pair"
    #: a position the playground starts from (parts in the game's notation)
    example = ("11,7", "9,4")
    theorem = ("the golden-ratio rule for Euclid's game (Cole & Davie 1969): with a >= b > 0 "
               "the player to move wins iff a = b or a > phi * b")

    @property
    def notation(self) -> str:
        return "euclid"

    def _pair(self, position: Any) -> tuple[int, int]:
        try:
            a, b = position
        except (TypeError, ValueError):
            raise GrundyError(f"a position of euclid is a pair of numbers, got {position!r}") \
                from None
        for x in (a, b):
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise GrundyError(f"a position of euclid holds non-negative integers, got "
                                  f"{position!r}")
        return a, b

    def options(self, position: Any) -> list[tuple[int, int]]:
        a, b = self._pair(position)
        if a == 0 or b == 0:
            return []
        if a >= b:
            return [(a - k * b, b) for k in range(1, a // b + 1)]
        return [(a, b - k * a) for k in range(1, b // a + 1)]

    def is_p(self, position: Any) -> bool:
        """The golden-ratio rule, for any size."""
        a, b = self._pair(position)
        if a < b:
            a, b = b, a
        if b == 0:
            return True
        return a != b and (2 * a - b) ** 2 < 5 * b * b

    def value_known(self, part: Any) -> bool:
        return max(self._pair(part)) <= VALUE_LIMIT

    def zero_options(self, part: Any) -> list[tuple[int, int]]:
        """The moves to P-positions, in options() order (at most two)."""
        a, b = self._pair(part)
        if self.is_p((a, b)):
            return []
        big, small = (a, b) if a >= b else (b, a)
        rest = big % small
        found = [r for r in (rest + small, rest) if r < big and self.is_p((r, small))]
        return [(r, small) if a >= b else (small, r) for r in found]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        if not self.value_known(position):
            a, b = position
            raise GrundyError(f"the Grundy value of euclid {a},{b} is not computed (searched "
                              f"for numbers up to {VALUE_LIMIT}; its outcome and winning moves "
                              "are: analyze it alone)")
        return None

    def check_listable(self, part: Any) -> None:
        self._pair(part)

    def parse_position(self, text: str) -> tuple[int, int]:
        """``A,B`` (two words ``A B`` on the command line)."""
        pieces = text.strip().split(",")
        if len(pieces) != 2:
            raise GrundyError(f"expected a euclid position A,B such as 11,7, got {text!r}")
        a, b = (read_integer(p, "a number of euclid") for p in pieces)
        return a, b

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        return pairs_of_words(self, words, "a number")

    def format_position(self, position: Any) -> str:
        a, b = position
        return f"{a},{b}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Euclid

    def __hash__(self) -> int:
        return hash("grundy.Euclid")
