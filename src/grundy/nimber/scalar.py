"""Nimber arithmetic on Python ints of any size: the scalar truth (imported as grundy.nimber).

Nim addition is XOR; nim multiplication is the field product of Conway's
nimbers.  The nimbers below ``2**(2**k)`` form the field of that order, so
every non-zero nimber has an inverse and every nimber has exactly one square
root.

>>> nim_mul(2, 2), nim_mul(5, 3), nim_inv(2), nim_sqrt(3), nim_div(15, 3)
(3, 15, 3, 2, 5)
>>> Nimber(5) * 3 + 1
Nimber(14)

How it works.  Write ``F = 2**h`` for a Fermat 2-power (``h`` a power of two).
Nimbers below ``F*F`` are ``x1*F + x0`` with ``x0, x1 < F``, and ``F*F = F + F/2``
(nim product), which gives Karatsuba's three half-size products per product.
The 16-bit field (order 65536) is done with the log/exp tables of
:mod:`grundy.nimber.tables`, built once on first use; inverses use the norm to the half-size field and square roots halve the
size too, so nothing here needs more than a handful of levels of recursion.
"""

from __future__ import annotations

import operator
from array import array
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:  # NumPy is imported only when arrays are used
    import numpy as np
    import numpy.typing as npt

from ..errors import GrundyError
from .tables import ORDER as _ORDER
from .tables import field16

__all__ = [
    "OPERATIONS",
    "Nimber",
    "field_order",
    "nim_div",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "decimal",
    "operate",
]

# -- the 16-bit tables, owned by grundy.nimber.tables -------------------------------

# This module's references to the shared tables, taken on first use by _tables()
# (local names: the products below read them as fast globals).
_LOG = array("I")  # _LOG[x]: discrete log of x > 0; _LOG[0] points into the zero tail of _EXP
_EXP = array("H")  # _EXP[i]: GENERATOR ** i for i < 3 * 65535, then zeros
_L15 = _L15SQ = 0  # logs of 2**15 and of 2**15 * 2**15 (nim product)


def _tables() -> None:
    global _LOG, _EXP, _L15, _L15SQ
    if not _EXP:
        f = field16()
        _LOG, _EXP, _L15, _L15SQ = f.log, f.exp, f.l15, f.l15sq


# -- products ---------------------------------------------------------------------


def _m32(a: int, b: int) -> int:
    """Product of a, b < 2**32 (F = 2**16, F*F = F + 2**15)."""
    E, L = _EXP, _LOG
    a0, a1, b0, b1 = a & 0xFFFF, a >> 16, b & 0xFFFF, b >> 16
    low = E[L[a0] + L[b0]]
    return ((E[L[a0 ^ a1] + L[b0 ^ b1]] ^ low) << 16) | (low ^ E[L[a1] + L[b1] + _L15])


def _c32(x: int) -> int:
    """x * 2**31 for x < 2**32 (2**31 = 2**16 * 2**15)."""
    E, L = _EXP, _LOG
    x0, x1 = x & 0xFFFF, x >> 16
    return (E[L[x0 ^ x1] + _L15] << 16) | E[L[x1] + _L15SQ]


def _c64(x: int) -> int:
    """x * 2**63 for x < 2**64: with 2**63 = 2**32 * 2**31 and y = x1 * 2**31,
    x * 2**63 = (x0 + x1) * 2**31 * 2**32 + y * 2**31 (written out on 16-bit digits)."""
    E, L, c, cc = _EXP, _LOG, _L15, _L15SQ
    d0, d1, d2, d3 = x & 0xFFFF, (x >> 16) & 0xFFFF, (x >> 32) & 0xFFFF, x >> 48
    e0, e1, f = d0 ^ d2, d1 ^ d3, d2 ^ d3
    lf = L[f]
    z0z1 = E[L[d3] + cc] ^ E[lf + c]  # the two digits of y, XORed
    return ((E[L[e0 ^ e1] + c] << 48) | (E[L[e1] + cc] << 32)
            | (E[L[z0z1] + c] << 16) | E[lf + c + cc])


def _m64(a: int, b: int) -> int:
    """Product of a, b < 2**64: three 32-bit Karatsuba products, each of three 16-bit
    products, written out on 16-bit digits (F = 2**32, F*F = F + 2**31)."""
    E, L, c, cc = _EXP, _LOG, _L15, _L15SQ
    a0, a1, a2, a3 = a & 0xFFFF, (a >> 16) & 0xFFFF, (a >> 32) & 0xFFFF, a >> 48
    b0, b1, b2, b3 = b & 0xFFFF, (b >> 16) & 0xFFFF, (b >> 32) & 0xFFFF, b >> 48
    # P = (a1 a0)(b1 b0), Q = (a3 a2)(b3 b2), R = (a1^a3 a0^a2)(b1^b3 b0^b2): digits p1 p0 ...
    u0, u1, v0, v1 = a0 ^ a2, a1 ^ a3, b0 ^ b2, b1 ^ b3
    t = E[L[a0] + L[b0]]
    p1, p0 = E[L[a0 ^ a1] + L[b0 ^ b1]] ^ t, t ^ E[L[a1] + L[b1] + c]
    t = E[L[a2] + L[b2]]
    q1, q0 = E[L[a2 ^ a3] + L[b2 ^ b3]] ^ t, t ^ E[L[a3] + L[b3] + c]
    t = E[L[u0] + L[v0]]
    r1, r0 = E[L[u0 ^ u1] + L[v0 ^ v1]] ^ t, t ^ E[L[u1] + L[v1] + c]
    # result = (R + P) F + P + Q * 2**31, and Q * 2**31 = ((q0 + q1) 2**15) 2**16 + q1 (2**15)**2
    return (((r1 ^ p1) << 48) | ((r0 ^ p0) << 32)
            | ((p1 ^ E[L[q0 ^ q1] + c]) << 16) | (p0 ^ E[L[q1] + cc]))


def _half(x: int, n: int) -> int:
    """x * 2**(n-1) for x < 2**n, n >= 16 a power of two."""
    if n == 64:
        return _c64(x)
    if n == 16:
        return _EXP[_LOG[x] + _L15]
    if n == 32:
        return _c32(x)
    h = n >> 1
    x0, x1 = x & ((1 << h) - 1), x >> h
    if h == 64:
        return (_c64(x0 ^ x1) << 64) | _c64(_c64(x1))
    # (x1 F + x0) * (F/2 at this size) with F/2 = F * (F/2 one size down)
    return (_half(x0 ^ x1, h) << h) | _half(_half(x1, h), h)


def _bits(x: int) -> int:
    """The smallest power of two n >= 1 with x < 2**n."""
    n, length = 1, x.bit_length()
    while n < length:
        n <<= 1
    return n


def _mul(a: int, b: int) -> int:
    """Product of any non-negative ints (unchecked)."""
    top = a if a > b else b
    if top < 0x10000:
        return _EXP[_LOG[a] + _LOG[b]]
    if top < 0x100000000:
        return _m32(a, b)
    if top < 0x10000000000000000:
        return _m64(a, b)
    h = _bits(top) >> 1
    mask = (1 << h) - 1
    a0, a1, b0, b1 = a & mask, a >> h, b & mask, b >> h
    if not a1:  # a * (b1 F + b0) = (a b1) F + a b0
        return (_mul(a0, b1) << h) | _mul(a0, b0)
    if not b1:
        return (_mul(a1, b0) << h) | _mul(a0, b0)
    return _karatsuba(a0, a1, b0, b1, h)


def _karatsuba(a0: int, a1: int, b0: int, b1: int, h: int) -> int:
    """(a1 F + a0)(b1 F + b0) with F = 2**h, h >= 64.

    That is (a1 b1 + a1 b0 + a0 b1) F + a0 b0 + a1 b1 F/2, from three half-size products.
    """
    if h == 64:
        low = _m64(a0, b0)
        mid = _m64(a0 ^ a1, b0 ^ b1)
        return ((mid ^ low) << 64) | (low ^ _c64(_m64(a1, b1)))
    q = h >> 1
    mask = (1 << q) - 1
    low = _karatsuba(a0 & mask, a0 >> q, b0 & mask, b0 >> q, q)
    a2, b2 = a0 ^ a1, b0 ^ b1
    mid = _karatsuba(a2 & mask, a2 >> q, b2 & mask, b2 >> q, q)
    high = _karatsuba(a1 & mask, a1 >> q, b1 & mask, b1 >> q, q)
    return ((mid ^ low) << h) | (low ^ _half(high, h))


def _square(x: int) -> int:
    """x * x, which is GF(2)-linear: (x1 F + x0)**2 = x1**2 F + x0**2 + x1**2 F/2."""
    if x < 0x10000:
        return _EXP[2 * _LOG[x]] if x else 0
    h = _bits(x) >> 1
    s1, s0 = _square(x >> h), _square(x & ((1 << h) - 1))
    return (s1 << h) | (s0 ^ _half(s1, h))


def _inverse(x: int) -> int:
    """1/x for x > 0: conj(x) / norm(x), the norm lying in the half-size field."""
    if x < 0x10000:
        return _EXP[_ORDER - _LOG[x]]
    h = _bits(x) >> 1
    x0, x1 = x & ((1 << h) - 1), x >> h
    # conj(x1 F + x0) = x1 F + x0 + x1, and x * conj(x) = x0 (x0 + x1) + x1**2 F/2.
    sq = _square(x1)
    norm = _mul(x0, x0 ^ x1) ^ _half(sq, h)
    n = _inverse(norm)
    return (_mul(x1, n) << h) | _mul(x0 ^ x1, n)


def _root(x: int) -> int:
    """The square root: (y1 F + y0)**2 = x1 F + x0 with y1 = sqrt(x1), y0 = sqrt(x0 + x1 F/2)."""
    if x < 0x10000:
        return _EXP[(_LOG[x] << 15) % _ORDER] if x else 0
    h = _bits(x) >> 1
    x0, x1 = x & ((1 << h) - 1), x >> h
    return (_root(x1) << h) | _root(x0 ^ _half(x1, h))


# -- the public functions ---------------------------------------------------------


def _check(*numbers: int) -> None:
    for x in numbers:
        if not isinstance(x, int):
            raise TypeError(f"nimbers are non-negative integers, got {type(x).__name__}")
        if x < 0:
            raise GrundyError(f"nimbers are non-negative integers, got {x}")


def _is_array(x: object) -> bool:
    return not isinstance(x, int) and hasattr(x, "__array__")


@overload
def nim_mul(a: int, b: int) -> int: ...
@overload
def nim_mul(a: np.integer[Any], b: np.integer[Any] | int) -> np.uint64: ...
@overload
def nim_mul(a: int, b: np.integer[Any]) -> np.uint64: ...
@overload
def nim_mul(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.uint64]: ...
def nim_mul(a: Any, b: Any) -> Any:
    """The nim product of two non-negative integers (or, element-wise, of uint64 arrays).

    >>> nim_mul(3141, 5926), nim_mul(2**64 - 1, 2**64 - 1)
    (14994, 11290409524105353207)
    >>> nim_mul(2**128, 2**128) == 2**128 ^ nim_mul(2**127, 1)
    True
    """
    if type(a) is int and type(b) is int and a >= 0 and b >= 0 and _EXP:  # the common case
        return _mul(a, b)
    if _is_array(a) or _is_array(b):
        from .arrays import nim_mul_array

        product = nim_mul_array(a, b)
        return product[()] if product.ndim == 0 else product  # NumPy scalars give a scalar
    _check(a, b)
    _tables()
    return _mul(a, b)


@overload
def nim_inv(a: int) -> int: ...
@overload
def nim_inv(a: np.integer[Any]) -> np.uint64: ...
@overload
def nim_inv(a: npt.ArrayLike) -> npt.NDArray[np.uint64]: ...
def nim_inv(a: Any) -> Any:
    """The nim inverse of a > 0 (or, element-wise, of a uint64 array).

    >>> nim_inv(2), nim_mul(nim_inv(10**30), 10**30)
    (3, 1)
    """
    if _is_array(a):
        from .arrays import nim_inv_array

        inverse = nim_inv_array(a)
        return inverse[()] if inverse.ndim == 0 else inverse
    _check(a)
    if a == 0:
        raise ZeroDivisionError("0 has no nim inverse")
    _tables()
    return _inverse(a)


def nim_div(a: int, b: int) -> int:
    """The nimber a / b, that is a * nim_inv(b).

    >>> nim_div(15, 5), nim_mul(nim_div(7, 9), 9)
    (3, 7)
    """
    _check(a, b)
    if b == 0:
        raise ZeroDivisionError("nim division by 0")
    _tables()
    return _mul(a, _inverse(b))


def field_order(a: int) -> int:
    """The order 2**(2**k) of the smallest nimber field holding a.

    >>> [field_order(a) for a in (0, 1, 2, 3, 4, 15, 16, 2**64 - 1, 2**64)]
    [2, 2, 4, 4, 16, 16, 256, 18446744073709551616, 340282366920938463463374607431768211456]
    """
    _check(a)
    return 1 << _bits(a)


def nim_pow(a: int, e: int) -> int:
    """a to the nim power e; a negative e gives the power of the inverse.

    >>> nim_pow(2, 3), nim_pow(2, -1), nim_pow(0, 0)
    (1, 3, 1)
    >>> nim_pow(5, 10**100) == nim_pow(5, 10**100 % 15)  # 5 lies in the field of order 16
    True
    """
    _check(a)
    if not isinstance(e, int):
        raise TypeError(f"the exponent must be an int, got {type(e).__name__}")
    _tables()
    if e < 0:
        if a == 0:
            raise ZeroDivisionError("0 has no nim inverse")
        a, e = _inverse(a), -e
    if a > 1:  # a**(q-1) = 1 in the field of order q
        e %= field_order(a) - 1
    result = 1
    while e:
        if e & 1:
            result = _mul(result, a)
        e >>= 1
        if e:
            a = _square(a)
    return result


def nim_sqrt(a: int) -> int:
    """The unique nimber whose nim square is a.

    >>> nim_sqrt(2), nim_mul(3, 3), [nim_sqrt(nim_mul(x, x)) == x for x in (7, 2**70 + 5)]
    (3, 2, [True, True])
    """
    _check(a)
    _tables()
    return _root(a)


#: the operations of :func:`operate` (and of ``grundy nim OP``), with how many numbers each takes
OPERATIONS = {"mul": 2, "add": 2, "div": 2, "pow": 2, "inv": 1, "sqrt": 1}


def operate(op: str, *numbers: int) -> int:
    """One nimber operation by name, for the command line.

    >>> operate("mul", 3, 5), operate("add", 3, 5), operate("inv", 3), operate("sqrt", 3)
    (15, 6, 2, 2)
    """
    if op not in OPERATIONS:
        raise GrundyError(f"unknown nim operation {op!r} (choose from {', '.join(OPERATIONS)})")
    if len(numbers) != OPERATIONS[op]:
        raise GrundyError(f"nim {op} takes {OPERATIONS[op]} number(s), got {len(numbers)}")
    if op == "add":
        _check(*numbers)
        return numbers[0] ^ numbers[1]
    if op == "mul":
        return int(nim_mul(*numbers))
    if op == "div":
        return nim_div(*numbers)
    if op == "pow":
        return nim_pow(*numbers)
    if op == "inv":
        return int(nim_inv(numbers[0]))
    return nim_sqrt(numbers[0])


# -- the value type ---------------------------------------------------------------

def decimal(n: int) -> str:
    """``str(n)`` for an int of any size, without hitting Python's int-to-str limit
    (4300 digits by default): a big number is split by a power of ten, each part
    converted on its own.

    >>> decimal(12345), len(decimal(10**6000)), decimal(10**6000 + 7)[-3:]
    ('12345', 6001, '007')
    """
    if n < 0:
        return "-" + decimal(-n)
    if n.bit_length() <= 6000:  # at most 1807 digits
        return str(n)
    half = n.bit_length() * 3 // 20  # about half its digits (log10(2) > 0.3)
    high, low = divmod(n, 10**half)
    return decimal(high) + decimal(low).rjust(half, "0")


def _operand(x: object) -> int | None:
    """x as a checked int (Nimber, int or NumPy integer), or None for other types."""
    if isinstance(x, Nimber):
        return x._value
    if isinstance(x, bool) or not hasattr(x, "__index__"):
        return None
    value = operator.index(x)
    _check(value)
    return value


class Nimber:
    """A nimber: ``+`` and ``-`` are XOR, ``*``, ``/`` and ``**`` are the field operations.

    Plain non-negative ints mix in freely; comparisons and hashing are those of the
    integer, so ``Nimber(5) == 5``.  ``str`` uses the star notation of game theory.

    >>> x = Nimber(2)
    >>> x * x, x * x * x, x / 3, x ** -1, Nimber(3).sqrt(), -x
    (Nimber(3), Nimber(1), Nimber(3), Nimber(3), Nimber(2), Nimber(2))
    >>> sorted({Nimber(5), Nimber(3)}), int(Nimber(7)), str(Nimber(7))
    ([Nimber(3), Nimber(5)], 7, '*7')
    """

    __slots__ = ("_value",)
    _value: int

    def __init__(self, value: int | Nimber = 0) -> None:
        number = _operand(value)
        if number is None:
            raise TypeError(f"a Nimber is made from a non-negative int, got {type(value).__name__}")
        object.__setattr__(self, "_value", number)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Nimber is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Nimber is immutable")

    def __reduce__(self) -> tuple[type[Nimber], tuple[int]]:
        return (Nimber, (self._value,))

    # conversions
    def __int__(self) -> int:
        return self._value

    def __index__(self) -> int:
        return self._value

    def __bool__(self) -> bool:
        return self._value != 0

    def __repr__(self) -> str:
        return f"Nimber({decimal(self._value)})"

    def __str__(self) -> str:
        return f"*{decimal(self._value)}"

    # comparisons, as integers
    def __eq__(self, other: object) -> bool:
        number = other._value if isinstance(other, Nimber) else other
        if isinstance(number, int):
            return self._value == number
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._value)

    def __lt__(self, other: object) -> bool:
        number = _operand(other)
        return NotImplemented if number is None else self._value < number

    def __le__(self, other: object) -> bool:
        number = _operand(other)
        return NotImplemented if number is None else self._value <= number

    def __gt__(self, other: object) -> bool:
        number = _operand(other)
        return NotImplemented if number is None else self._value > number

    def __ge__(self, other: object) -> bool:
        number = _operand(other)
        return NotImplemented if number is None else self._value >= number

    # field operations
    def __add__(self, other: object) -> Nimber:
        number = _operand(other)
        return NotImplemented if number is None else Nimber(self._value ^ number)

    __radd__ = __sub__ = __rsub__ = __xor__ = __rxor__ = __add__

    def __neg__(self) -> Nimber:
        return self

    def __mul__(self, other: object) -> Nimber:
        number = _operand(other)
        return NotImplemented if number is None else Nimber(nim_mul(self._value, number))

    __rmul__ = __mul__

    def __truediv__(self, other: object) -> Nimber:
        number = _operand(other)
        return NotImplemented if number is None else Nimber(nim_div(self._value, number))

    def __rtruediv__(self, other: object) -> Nimber:
        number = _operand(other)
        return NotImplemented if number is None else Nimber(nim_div(number, self._value))

    def __pow__(self, exponent: int) -> Nimber:
        if not isinstance(exponent, int) or isinstance(exponent, bool):
            return NotImplemented
        return Nimber(nim_pow(self._value, exponent))

    def inverse(self) -> Nimber:
        """1 / self."""
        return Nimber(nim_inv(self._value))

    def sqrt(self) -> Nimber:
        """The unique square root."""
        return Nimber(nim_sqrt(self._value))
