"""Fibonacci nim: one heap; the first move takes any number but not all, and each later
move takes at least one and at most twice the previous take.

A position is ``(n, m)``: ``n`` tokens, at most ``m`` may be taken; the game from a heap of
``n`` starts at ``(n, n - 1)``.  Zeckendorf's rule (Whinihan, 1963): ``(n, m)`` is a
P-position exactly when ``m`` is less than the smallest term of the Zeckendorf
representation of ``n`` (``n = 0`` included); so a starting heap loses exactly when it is a
Fibonacci number.  The winning moves take a sum of the smallest Zeckendorf terms (the
smallest alone always wins when allowed), so they are found for heaps of any size.  The
Grundy values have no known closed form: they are searched for small heaps.

>>> f = FibonacciNim()
>>> [n for n in range(1, 30) if f.is_p(f.start(n))]
[1, 2, 3, 5, 8, 13, 21]
>>> zeckendorf(100), f.zero_options(f.start(100))
([89, 8, 3], [(97, 6), (89, 22)])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Sum
from ..errors import GrundyError, shorten
from .closed import MovesByTheorem, read_integer

__all__ = ["FibonacciNim", "zeckendorf"]

#: the largest heap whose Grundy value is searched ((n, m) pairs: n^2 / 2 positions)
VALUE_LIMIT = 200


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf terms of ``n``: distinct, non-consecutive Fibonacci numbers, largest
    first (``[]`` for 0)."""
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    terms = []
    for f in reversed(fib):
        if f <= n:
            terms.append(f)
            n -= f
    return terms


class FibonacciNim(MovesByTheorem):
    """Take from ``n`` tokens at most ``m`` (``m`` is twice the previous take)."""

    board = "heap-limit"
    #: a position the playground starts from (parts in the game's notation)
    example = ("20",)
    theorem = ("Zeckendorf's rule for Fibonacci nim (Whinihan 1963): (n, m) is a P-position "
               "iff m is less than the smallest Zeckendorf term of n; a heap n to start loses "
               "iff n is a Fibonacci number")

    @property
    def notation(self) -> str:
        return "fibonacci-nim"

    def start(self, n: int) -> tuple[int, int]:
        """The position of a heap of ``n`` before the first move (not all may be taken)."""
        return (n, max(n - 1, 0))

    def _pair(self, position: Any) -> tuple[int, int]:
        try:
            n, m = position
        except (TypeError, ValueError):
            raise GrundyError(f"a position of fibonacci-nim is a pair (tokens, most to take), "
                              f"got {position!r}") from None
        for x in (n, m):
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise GrundyError(f"a position of fibonacci-nim holds non-negative integers, "
                                  f"got {position!r}")
        return n, min(m, n)

    def options(self, position: Any) -> list[tuple[int, int]]:
        n, m = self._pair(position)
        return [(n - t, min(2 * t, n - t)) for t in range(1, m + 1)]

    def is_p(self, position: Any) -> bool:
        """Zeckendorf's rule, for any size."""
        n, m = self._pair(position)
        return n == 0 or m < zeckendorf(n)[-1]

    def value_known(self, part: Any) -> bool:
        return self._pair(part)[0] <= VALUE_LIMIT

    def zero_options(self, part: Any) -> list[tuple[int, int]]:
        """Every move to a P-position: a take ``t`` leaves ``n - t`` whose smallest Zeckendorf
        term exceeds ``2t``, so ``t`` is a sum of the smallest terms of ``n``."""
        n, m = self._pair(part)
        terms = zeckendorf(n)[::-1]  # smallest first
        found, t = [], 0
        for i, term in enumerate(terms):
            t += term
            if t > m:
                break
            rest = terms[i + 1] if i + 1 < len(terms) else None
            if rest is None or 2 * t < rest:
                found.append((n - t, min(2 * t, n - t)))
        return found

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        n, _ = self._pair(position)
        if n > VALUE_LIMIT:
            raise GrundyError(f"the Grundy value of fibonacci-nim with {n} tokens is not "
                              f"computed (searched up to {VALUE_LIMIT} tokens; its outcome and "
                              "winning moves are: analyze it alone)")
        return None

    def check_listable(self, part: Any) -> None:
        self._pair(part)  # any size: the rule lists the winning moves

    def parse_position(self, text: str) -> tuple[int, int]:
        """``N`` (a heap to start: not all may be taken) or ``N/M`` (at most M to take)."""
        n, slash, m = text.strip().partition("/")
        tokens = read_integer(n, "a number of tokens")
        if not slash:
            return self.start(tokens)
        most = read_integer(m, "the most tokens to take")
        if most > tokens:  # the same position as N/N: said, not changed silently
            raise GrundyError(f"fibonacci-nim {shorten(text.strip(), 80)}: at most {most} "
                              f"tokens to take of {tokens}; write {tokens}/{tokens} (the same "
                              "position: every token may be taken)")
        return tokens, most

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        return [self.parse_position(w) for w in words]

    def format_position(self, position: Any) -> str:
        n, m = position
        return f"{n}/{m}"

    def __eq__(self, other: object) -> bool:
        return type(other) is FibonacciNim

    def __hash__(self) -> int:
        return hash("grundy.FibonacciNim")
