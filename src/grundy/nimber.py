"""Nimber arithmetic on Python ints of any size: the scalar truth.

Nim addition is XOR; nim multiplication is the field product of Conway's
nimbers.  (This module is extended with powers, inverses and square roots.)

>>> nim_mul(2, 2), nim_mul(5, 3)
(3, 15)
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["nim_mul"]


def _check(a: int) -> None:
    if a < 0:
        raise ValueError(f"nimbers are non-negative integers, got {a}")


@lru_cache(maxsize=1 << 16)
def _mul(a: int, b: int, half: int) -> int:
    """Product of a, b < 2**(2*half) where half is a power of two (Karatsuba on halves)."""
    if a < 2 or b < 2:
        return a * b
    while half > 1 and a >> half == 0 and b >> half == 0:
        half >>= 1
    if half == 1:  # a, b < 4
        return _SMALL[a][b]
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    b1, b0 = b >> half, b & mask
    h = half >> 1
    low = _mul(a0, b0, h)
    high = _mul(a1, b1, h)
    mid = _mul(a0 ^ a1, b0 ^ b1, h) ^ low
    # With F = 2**half: F*F = F + F/2, so (a1 F + a0)(b1 F + b0) =
    # (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 (F/2).
    return (mid << half) ^ low ^ _mul(high, 1 << (half - 1), h)


_SMALL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def _half_for(x: int) -> int:
    half = 1
    while x >> (2 * half):
        half <<= 1
    return half


def nim_mul(a: int, b: int) -> int:
    """The nim product of two non-negative integers.

    >>> nim_mul(3141, 5926)
    14994
    """
    _check(a)
    _check(b)
    return _mul(a, b, _half_for(max(a, b)))
