"""Vectorised nimber kernels on NumPy uint64 arrays, each checked against the scalar truth.

A 64-bit nimber is four 16-bit digits.  One 64-bit product is three 32-bit
Karatsuba products of three 16-bit products each; the nine 16-bit products are
table look-ups in the log/exp tables of the 16-bit field (:mod:`grundy.nimber.tables`,
shared with the scalar functions), and the constants of the tower (``2**15`` and its square)
are folded into the logs, so a whole product costs two gathers of nine logs,
one gather of thirteen powers and a few XORs, chunk by chunk.  When the compiled
kernel is built (:mod:`grundy.native.compiled`), :func:`nim_mul_array` hands the same
computation to it.

>>> import numpy as np
>>> nim_mul_array(np.array([5, 3141, 2**64 - 1], dtype=np.uint64), np.uint64(3)).tolist()
[15, 2255, 12297829382473034410]
>>> nim_inv_array(np.array([1, 2, 3], dtype=np.uint64))
array([1, 3, 2], dtype=uint64)
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from ..native import parallel
from ..native.compiled import compiled
from ..errors import GrundyError
from .tables import byte_table, field16

__all__ = ["byte_table", "nim_inv_array", "nim_mul_array"]

U64 = npt.NDArray[np.uint64]
U32 = npt.NDArray[np.uint32]
U16 = npt.NDArray[np.uint16]
U8 = npt.NDArray[np.uint8]
# (LOG, EXP, log 2**15, log (2**15)**2): see _tables
_Tables = tuple[U32, U16, int, int]

_CHUNK = 1 << 14  # elements per pass: the temporaries stay in the CPU cache


def _tables() -> _Tables:
    """(LOG, EXP, log 2**15, log (2**15)**2) of :func:`grundy.nimber.tables.field16`."""
    f = field16()
    log, exp = f.numpy_tables()
    return log, exp, f.l15, f.l15sq


def _as_u64(x: Any, name: str) -> U64:
    """x as a uint64 array; negative or non-integer entries are an error."""
    arr = np.asarray(x)
    kind = arr.dtype.kind
    if kind == "u" or kind == "b":
        return arr.astype(np.uint64, copy=False)
    if kind == "i":
        if arr.size and arr.min() < 0:
            raise GrundyError(f"{name}: nimbers are non-negative integers, got {arr.min()}")
        return arr.astype(np.uint64)
    if kind == "O":
        try:
            return np.array(arr.tolist(), dtype=np.uint64).reshape(arr.shape)
        except (OverflowError, TypeError, ValueError):
            raise GrundyError(f"{name}: entries must be integers in [0, 2**64)") from None
    raise GrundyError(f"{name}: expected an array of integers, got dtype {arr.dtype}")


_LITTLE = sys.byteorder == "little"


def _digits(x: U64) -> np.ndarray:
    """The 16-bit digits of a flat uint64 array as an (n, 4) uint16 array, low digit first
    (a view on little-endian machines, so writing the digits writes the numbers)."""
    if _LITTLE:
        return x.view(np.uint16).reshape(-1, 4)
    return np.stack([(x >> np.uint64(16 * k)).astype(np.uint16) for k in range(4)], axis=1)


# rows of the 3x3 digit combinations, for P = A0 B0, Q = A1 B1, R = (A0+A1)(B0+B1):
# [lo, hi, lo^hi] of (a1 a0), (a3 a2), (a1^a3 a0^a2)
def _log_rows(d: np.ndarray, log: np.ndarray, out: np.ndarray) -> None:
    rows = np.empty((9, d.shape[0]), dtype=np.uint16)
    rows[0], rows[1], rows[3], rows[4] = d[:, 0], d[:, 1], d[:, 2], d[:, 3]
    np.bitwise_xor(rows[0], rows[3], out=rows[6])
    np.bitwise_xor(rows[1], rows[4], out=rows[7])
    np.bitwise_xor(rows[0], rows[1], out=rows[2])
    np.bitwise_xor(rows[3], rows[4], out=rows[5])
    np.bitwise_xor(rows[6], rows[7], out=rows[8])
    np.take(log, rows, out=out, mode="clip")  # indices are < 65536: no bounds checks


# EXP rows taken from the nine log sums S, plus a constant log:
# 0 l_P, 1 k_P, 2 m_P, 3 l_Q, 4 k_Q, 5 m_Q, 6 l_R, 7 k_R, 8 m_R (k = high digits * 2**15),
# 9 k_Q * 2**15, 10 m_Q * 2**15, 11 m_Q * (2**15)**2, 12 l_Q * (2**15)**2
_SOURCE = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 4, 5, 5, 3])
_OFFSET_KIND = np.array([0, 1, 0, 0, 1, 0, 0, 1, 0, 2, 1, 2, 2])


def _mul_chunk(a: U64, b: U64, out: U64) -> None:
    log, exp, c, cc = _tables()
    n = a.shape[0]
    la = np.empty((9, n), dtype=np.uint32)
    lb = np.empty((9, n), dtype=np.uint32)
    _log_rows(_digits(a), log, la)
    _log_rows(_digits(b), log, lb)
    la += lb
    offsets = np.array([0, c, cc], dtype=np.uint32)[_OFFSET_KIND][:, None]
    index = la[_SOURCE]
    index += offsets
    g = exp.take(index, mode="clip")
    p1 = g[2] ^ g[0]  # P = A0 B0 = (p1, p0), the 32-bit Karatsuba on 16-bit digits
    p0 = g[0] ^ g[1]
    d = _digits(out) if _LITTLE else np.empty((n, 4), dtype=np.uint16)
    np.bitwise_xor(p1, g[8] ^ g[6], out=d[:, 3])  # (R + P) F + P + Q 2**31
    np.bitwise_xor(p0, g[6] ^ g[7], out=d[:, 2])
    np.bitwise_xor(p1, g[9] ^ g[10], out=d[:, 1])
    np.bitwise_xor(p0, g[11] ^ g[12], out=d[:, 0])
    if not _LITTLE:  # pragma: no cover - big-endian machines
        out[:] = 0
        for k in range(4):
            out |= d[:, k].astype(np.uint64) << np.uint64(16 * k)


def nim_mul_array(a: Any, b: Any) -> U64:
    """Element-wise nim products of two arrays of integers in [0, 2**64), with broadcasting.

    >>> import numpy as np
    >>> nim_mul_array(np.arange(4, dtype=np.uint64)[:, None], np.arange(4, dtype=np.uint64))
    array([[0, 0, 0, 0],
           [0, 1, 2, 3],
           [0, 2, 3, 1],
           [0, 3, 1, 2]], dtype=uint64)
    """
    x, y = np.broadcast_arrays(_as_u64(a, "a"), _as_u64(b, "b"))
    shape = x.shape
    if x.ndim != 1:  # 1-D arrays may stay strided: each chunk is made contiguous
        x = np.ascontiguousarray(x).reshape(-1)
        y = np.ascontiguousarray(y).reshape(-1)
    n = x.shape[0]
    out = np.empty(n, dtype=np.uint64)
    kernel = compiled()
    if kernel is None:
        _tables()  # built once, before any thread needs them

    def run(lo: int, hi: int) -> None:
        if kernel is not None:  # the same products, in C (grundy.native.compiled)
            kernel.mul(np.ascontiguousarray(x[lo:hi]), np.ascontiguousarray(y[lo:hi]), out[lo:hi])
            return
        for start in range(lo, hi, _CHUNK):
            part = slice(start, min(start + _CHUNK, hi))
            _mul_chunk(np.ascontiguousarray(x[part]), np.ascontiguousarray(y[part]), out[part])

    parallel.run_parallel([partial(run, lo, hi) for lo, hi in parallel.split_ranges(n, _CHUNK)])
    return out.reshape(shape)


# -- inverses: conj(x) / norm(x), the norm in the half-size field ------------------


def _mul16(x: U16, y: U16, const: int = 0) -> U16:
    """x * y (* the constant whose log is ``const``) for uint16 arrays."""
    log, exp, _, _ = _tables()
    s = log.take(x)
    s += log.take(y)
    if const:
        s += np.uint32(const)
    return exp.take(s)


def _mul32(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x * y for uint32 arrays: 3 products of 16-bit digits."""
    _, _, c, _ = _tables()
    x0, x1 = (x & 0xFFFF).astype(np.uint16), (x >> 16).astype(np.uint16)
    y0, y1 = (y & 0xFFFF).astype(np.uint16), (y >> 16).astype(np.uint16)
    low = _mul16(x0, y0)
    high = _mul16(x0 ^ x1, y0 ^ y1) ^ low
    return (high.astype(np.uint32) << 16) | (low ^ _mul16(x1, y1, c))


def _times_2_31(x: np.ndarray) -> np.ndarray:
    """x * 2**31 for a uint32 array (2**31 = 2**16 * 2**15)."""
    log, exp, c, cc = _tables()
    x0, x1 = (x & 0xFFFF).astype(np.uint16), (x >> 16).astype(np.uint16)
    high = exp.take(log.take(x0 ^ x1) + np.uint32(c))
    return (high.astype(np.uint32) << 16) | exp.take(log.take(x1) + np.uint32(cc))


def _inv16(x: U16) -> U16:
    log, exp, _, _ = _tables()
    return exp.take(np.uint32(0xFFFF) - log.take(x))


def _inv32(x: np.ndarray) -> np.ndarray:
    _, _, c, _ = _tables()
    x0, x1 = (x & 0xFFFF).astype(np.uint16), (x >> 16).astype(np.uint16)
    s = x0 ^ x1
    norm = _mul16(x0, s) ^ _mul16(x1, x1, c)
    n = _inv16(norm)
    return (_mul16(x1, n).astype(np.uint32) << 16) | _mul16(s, n)


def nim_inv_array(a: Any) -> U64:
    """Element-wise nim inverses of an array of integers in (0, 2**64).

    >>> import numpy as np
    >>> nim_inv_array(np.array([[2, 5], [2**63, 2**64 - 1]], dtype=np.uint64)).shape
    (2, 2)
    """
    x = _as_u64(a, "a")
    if x.size and not x.all():
        raise ZeroDivisionError("0 has no nim inverse")
    flat = x.reshape(-1)
    out = np.empty(flat.shape[0], dtype=np.uint64)
    for start in range(0, flat.shape[0], _CHUNK):
        v = flat[start:start + _CHUNK]
        x0, x1 = (v & 0xFFFFFFFF).astype(np.uint32), (v >> 32).astype(np.uint32)
        s = x0 ^ x1
        norm = _mul32(x0, s) ^ _times_2_31(_mul32(x1, x1))
        n = _inv32(norm)
        out[start:start + _CHUNK] = (_mul32(x1, n).astype(np.uint64) << 32) | _mul32(s, n)
    return out.reshape(x.shape)
