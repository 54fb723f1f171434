"""The NumPy reader and writer of the nim-product format (when the compiled kernel is not built).

A canonical input (single spaces, ``\\n`` line ends, no leading zeros) is checked
with a few whole-array passes and converted by NumPy's C parser; the output is
assembled from a table of 4-digit blocks.  Big inputs are read and written in two
halves by two threads (NumPy releases the GIL in its loops).

>>> read_canonical(b"2\\n1 2\\n3 4\\n").tolist()
[2, 1, 2, 3, 4]
>>> format_numbers(np.array([15, 2**64 - 1], dtype=np.uint64))
b'15\\n18446744073709551615\\n'
"""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np

from ..native import parallel
from ._nim_compiled import MAX_T

__all__ = ["digit_counts", "format_numbers", "read_canonical"]

_TOP = 2**64 - 1
_POW10_FROM_1 = np.array([0] + [10**k for k in range(1, 20)], dtype=np.uint64)  # [k]: 10**k
# [top 12 bits of a float64 x >= 0]: digits of 2**(e-1), e the bit length of x (1 for 0);
# a float64 of bit length e has the biased exponent 1022 + e, e = 65 for 2**64.
_DIGITS_OF_EXPONENT = np.ones(2048, dtype=np.uint8)
_DIGITS_OF_EXPONENT[1023:1088] = [len(str(2 ** (min(e, 64) - 1))) for e in range(1, 66)]


# -- reading ------------------------------------------------------------------------


def digit_counts(values: np.ndarray) -> np.ndarray:
    """How many decimal digits each uint64 has (1 for 0).

    A value of bit length e has d or d + 1 digits, d the digit count of 2**(e-1); the
    float exponent gives e (a value rounded up to 2**e still gets the right count,
    as no power of ten lies that close below a power of two).

    >>> digit_counts(np.array([0, 9, 10, 2**63, 10**19, 2**64 - 1], dtype=np.uint64)).tolist()
    [1, 1, 2, 19, 20, 20]
    """
    counts = np.empty(values.shape, dtype=np.uint8)
    step = 1 << 16  # in slices: the float temporaries stay in the cache
    shift = np.uint16(4)
    for i in range(0, values.shape[0], step):
        part = values[i:i + step]
        # top 16 bits of each float: sign, 11-bit exponent, 4 bits of mantissa
        exponent = part.astype(np.float64).view(np.uint16)[3::4] >> shift
        low = _DIGITS_OF_EXPONENT.take(exponent)
        np.add(low, part >= _POW10_FROM_1.take(low), out=counts[i:i + step])
    return counts


def read_canonical(data: bytes) -> np.ndarray | None:
    """All numbers (T first) of a canonically laid out valid input, or None.

    Canonical: ``T\\n``, then lines ``A B\\n`` (the last newline optional), single
    spaces, no leading zeros.  None means "read it line by line instead": the
    line reader then either accepts the input or names the line at fault.
    """
    if not data or len(data) > 64 * (MAX_T + 1):
        return None
    d = np.frombuffer(data, dtype=np.uint8)
    if d.max() > ord("9"):  # letters and other bytes above the digits
        return None
    end = data.find(b"\n")
    if not 0 < end <= 8 or not data[:end].isdigit():
        return None
    t = int(data[:end])
    if not 1 <= t <= MAX_T:
        return None
    # Big inputs are read in two halves, split after a newline, in two threads; the
    # first half is read in place (its numbers counted by its separators), the second
    # from a copy.
    middle = data.find(b"\n", len(data) // 2) + 1 if len(data) >= 16 * parallel.PARALLEL_MIN else 0
    if 0 < middle < len(data) and parallel.parallel_parts() > 1:
        tasks = [partial(_read_part, data, middle), partial(_read_part, data[middle:])]
    else:
        tasks = [partial(_read_part, data)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a token NumPy cannot read raises, not warns
        try:
            parts = parallel.run_parallel(tasks)
        except (ValueError, DeprecationWarning):
            return None
    if len(parts) == 1:
        values, counts, below = parts[0]
    else:
        values = np.concatenate([part[0] for part in parts])
        counts = np.concatenate([part[1] for part in parts])
        below = sum(part[2] for part in parts)
    del parts, tasks
    if values.shape[0] != 2 * t + 1 or values[0] != t:
        return None
    # Where the separators must be if every token is written without leading zeros:
    # just past each token.
    ends = np.cumsum(counts + np.uint8(1), dtype=np.int64)
    ends -= 1
    if ends[-1] == d.shape[0]:  # no final newline
        seps = ends[:-1]
    elif ends[-1] == d.shape[0] - 1:
        seps = ends
    else:
        return None
    found = d.take(seps)
    if (found[0::2] != ord("\n")).any() or (found[1::2] != ord(" ")).any():
        return None
    # No other byte below '0' anywhere: every other byte is then a digit.
    if below != seps.shape[0]:
        return None
    # Values of 2**64 and more: NumPy's parser saturates at 2**64 - 1, so recheck the
    # text of those tokens; and a 20-digit token below 2**64 starts with 1 (this also
    # catches a parser that would wrap around instead: the wrapped value is shorter).
    for k in np.flatnonzero(values == _TOP).tolist():
        if data[ends[k] - 20:ends[k]] != b"18446744073709551615":
            return None
    if (d.take(ends.take(np.flatnonzero(counts == 20)) - 20) != ord("1")).any():
        return None
    return values


def _read_part(text: bytes, stop: int = -1) -> tuple[np.ndarray, np.ndarray, int]:
    """The numbers of ``text[:stop]`` (all of it for -1), whole lines, with their digit
    counts (as written without leading zeros) and how many of its bytes lie below '0'.

    The numbers before ``stop`` are read in place: as many as there are separators
    (any other layout is refused by the checks that follow).
    """
    d = np.frombuffer(text, dtype=np.uint8)[:stop if stop >= 0 else None]
    step = 1 << 22  # in slices: no temporary as big as the input
    below = sum(int(np.count_nonzero(d[i:i + step] < ord("0"))) for i in range(0, d.shape[0], step))
    values = np.fromstring(text, dtype=np.uint64, count=below if stop >= 0 else -1, sep=" ")
    return values, digit_counts(values), below


# -- writing ------------------------------------------------------------------------

_BLOCKS = np.frombuffer(b"".join(b"%04d" % i for i in range(10000)), dtype=np.uint32)
# _KEEP[k]: which of the 24 bytes of a row (20 digits, newline, 3 pad) a k-digit number keeps
_KEEP = np.zeros((21, 24), dtype=bool)
for _k in range(1, 21):
    _KEEP[_k, 20 - _k:21] = True


def format_numbers(values: np.ndarray) -> bytes:
    """uint64 values in decimal, one per line.

    >>> format_numbers(np.array([0, 7, 10, 2**64 - 1], dtype=np.uint64))
    b'0\\n7\\n10\\n18446744073709551615\\n'
    """
    flat = np.ascontiguousarray(values, dtype=np.uint64).reshape(-1)
    n = flat.shape[0]
    step = 1 << 16  # numbers per slice: the temporaries stay small
    halves = parallel.split_ranges(n, step)
    # first the digit counts, which say where each slice's text starts in the output ...
    counts = np.empty(n, dtype=np.uint8)
    parallel.run_parallel([partial(_count_range, flat, counts, lo, hi) for lo, hi in halves])
    starts = np.arange(0, n, step)
    sizes = np.add.reduceat(counts, starts, dtype=np.int64) if n else starts
    sizes += np.diff(np.append(starts, n))  # the newlines
    offsets = np.concatenate([[0], np.cumsum(sizes)]).tolist()
    # ... then every slice is written into its place in one buffer
    out = np.empty(offsets[-1], dtype=np.uint8)
    parallel.run_parallel([partial(_format_range, flat, counts, out, offsets, lo, hi, step)
                  for lo, hi in halves])
    return out.tobytes()


def _count_range(flat: np.ndarray, counts: np.ndarray, lo: int, hi: int) -> None:
    counts[lo:hi] = digit_counts(flat[lo:hi])


def _format_range(flat: np.ndarray, counts: np.ndarray, out: np.ndarray, offsets: list[int],
                  lo: int, hi: int, step: int) -> None:
    for i in range(lo, hi, step):
        k = i // step
        _format_slice(flat[i:i + step], counts[i:i + step], out[offsets[k]:offsets[k + 1]])


def _format_slice(flat: np.ndarray, counts: np.ndarray, out: np.ndarray) -> None:
    n = flat.shape[0]
    rows = np.empty((n, 6), dtype=np.uint32)  # five 4-digit blocks, then newline and padding
    rows[:, 5] = np.frombuffer(b"\n\0\0\0", dtype=np.uint32)[0]  # the row's 21st byte
    x = flat
    ten_thousand = np.uint64(10000)
    for col in (4, 3, 2, 1):
        q = x // ten_thousand
        rows[:, col] = _BLOCKS.take((x - q * ten_thousand).view(np.int64))
        x = q
    rows[:, 0] = _BLOCKS.take(x.view(np.int64))
    keep = _KEEP.take(counts, axis=0).reshape(-1)
    out[:] = rows.view(np.uint8).reshape(-1)[keep]
