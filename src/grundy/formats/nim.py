"""Library Checker "Nim Product (F_{2^64})": T, then T lines ``A B``; T nim products out.

>>> print(solve(b"3\\n5 3\\n3141 5926\\n18446744073709551615 18446744073709551615\\n"), end="")
15
14994
11290409524105353207

``--explain`` adds an indented line per product, ``--json`` prints one object
per line instead:

>>> print(solve(b"1\\n5 3\\n", Options(explain=True)), end="")
15
  5 (x) 3 = 15 in the field of order 2^4; + is XOR: (4 + 1) (x) (2 + 1) = 8 + 4 + 2 + 1
>>> print(solve(b"1\\n5 3\\n", Options(as_json=True)), end="")
{"a": 5, "b": 3, "product": 15}

Speed comes from three vectorised steps: a canonical input (single spaces,
``\\n`` line ends, no leading zeros) is checked with a few whole-array passes
and converted by NumPy's C parser (``\\r\\n`` line ends are first turned into
``\\n``); products come from :mod:`grundy.kernels`; the output is assembled from
a table of 4-digit blocks.  Big inputs are read, multiplied and written in two
halves by two threads (NumPy releases the GIL in its loops).  Any other input goes through a line-by-line reader
that accepts what the canonical check refused (tabs, extra spaces, leading zeros,
trailing blank lines) and names the line of the first fault.
"""

from __future__ import annotations

import json
import warnings
from functools import partial

import numpy as np

from ..errors import InputError
from .. import parallel
from ..kernels import nim_mul_array
from ..nimber import field_order, nim_mul
from . import Options
from ._read import in_range

__all__ = ["LIMITS", "MAX_T", "explain", "format_numbers", "parse", "solve"]

MAX_T = 10**7
LIMITS = f"1 <= T <= {MAX_T} (the contest: 10**6), 0 <= A, B < 2**64, decimal"

_TOP = 2**64 - 1
_POW10_FROM_1 = np.array([0] + [10**k for k in range(1, 20)], dtype=np.uint64)  # [k]: 10**k
# [top 12 bits of a float64 x >= 0]: digits of 2**(e-1), e the bit length of x (1 for 0);
# a float64 of bit length e has the biased exponent 1022 + e, e = 65 for 2**64.
_DIGITS_OF_EXPONENT = np.ones(2048, dtype=np.uint8)
_DIGITS_OF_EXPONENT[1023:1088] = [len(str(2 ** (min(e, 64) - 1))) for e in range(1, 66)]


def solve(data: bytes, options: Options = Options()) -> str:
    """The nim products of every line, one per line (or explained, or JSON)."""
    a, b = parse(data)
    products = nim_mul_array(a, b)
    if options.as_json:
        return "".join(json.dumps({"a": x, "b": y, "product": p}) + "\n"
                       for x, y, p in zip(a.tolist(), b.tolist(), products.tolist()))
    if options.explain:
        return "".join(f"{p}\n  {explain(x, y, p)}\n"
                       for x, y, p in zip(a.tolist(), b.tolist(), products.tolist()))
    return format_numbers(products)


def explain(a: int, b: int, product: int) -> str:
    """One line on a product: its field and, for few bits, the expansion over powers of two.

    >>> explain(5, 3, 15)
    '5 (x) 3 = 15 in the field of order 2^4; + is XOR: (4 + 1) (x) (2 + 1) = 8 + 4 + 2 + 1'
    >>> explain(3141, 5926, 14994)
    '3141 (x) 5926 = 14994 in the field of order 2^16 (16-bit nimbers)'
    """
    bits = field_order(max(a, b)).bit_length() - 1
    text = f"{a} (x) {b} = {product} in the field of order 2^{bits}"
    ones_a = [1 << i for i in range(a.bit_length()) if a >> i & 1]
    ones_b = [1 << i for i in range(b.bit_length()) if b >> i & 1]
    if not 2 <= len(ones_a) * len(ones_b) <= 9:
        return text + (f" ({bits}-bit nimbers)" if bits >= 8 else "")
    terms = " + ".join(str(nim_mul(x, y)) for x in reversed(ones_a) for y in reversed(ones_b))
    factors = " (x) ".join(f"({' + '.join(map(str, reversed(ones)))})" if len(ones) > 1
                           else str(ones[0]) for ones in (ones_a, ones_b))
    return f"{text}; + is XOR: {factors} = {terms}"


# -- reading ------------------------------------------------------------------------


def parse(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The columns A and B of a nim-product input as uint64 arrays.

    >>> parse(b"2\\n1 2\\n3 4")
    (array([1, 3], dtype=uint64), array([2, 4], dtype=uint64))
    """
    values = _parse_canonical(data)
    if values is None and b"\r\n" in data:  # Windows line ends: same lines, same numbers
        values = _parse_canonical(data.replace(b"\r\n", b"\n"))
    if values is None:
        return _parse_lines(data)
    return values[1::2], values[2::2]  # views: nim_mul_array reads them chunk by chunk


def _digit_counts(values: np.ndarray) -> np.ndarray:
    """How many decimal digits each uint64 has (1 for 0).

    A value of bit length e has d or d + 1 digits, d the digit count of 2**(e-1); the
    float exponent gives e (a value rounded up to 2**e still gets the right count,
    as no power of ten lies that close below a power of two).

    >>> _digit_counts(np.array([0, 9, 10, 2**63, 10**19, 2**64 - 1], dtype=np.uint64)).tolist()
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


def _parse_canonical(data: bytes) -> np.ndarray | None:
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
    return values, _digit_counts(values), below


def _number(token: bytes, what: str, line: int) -> int:
    """A word of digits below 2**64: no sign, unlike :func:`~grundy.formats._read.integer`."""
    if not token.isdigit():
        shown = token.decode("ascii", "replace")
        raise InputError(f"{what} must be a decimal integer in [0, 2**64), got {shown!r}", line)
    value = int(token)
    if value > _TOP:
        raise InputError(f"{what} = {value} is out of range (0 <= {what} < 2**64)", line)
    return value


def _parse_lines(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The careful reader: any whitespace within a line, errors with their line."""
    lines = data.split(b"\n")
    while lines and not lines[-1].strip():  # trailing blank lines
        lines.pop()
    if not lines:
        raise InputError("empty input, expected T and then T lines 'A B'", 1)
    words = lines[0].split()
    if len(words) != 1:
        raise InputError(f"the first line must hold T alone, found {len(words)} numbers", 1)
    t = in_range(_number(words[0], "T", 1), "T", 1, MAX_T, 1)
    a, b = [], []
    for number, line in enumerate(lines[1:], start=2):
        words = line.split()
        if len(words) != 2:
            raise InputError(f"expected two numbers 'A B', found {len(words)}", number)
        if number > t + 1:
            raise InputError(f"more lines than T = {t}", number)
        a.append(_number(words[0], "A", number))
        b.append(_number(words[1], "B", number))
    if len(a) < t:
        last = len(lines)
        raise InputError(f"T = {t} but only {len(a)} lines 'A B' follow (input ends here)", last)
    return np.array(a, dtype=np.uint64), np.array(b, dtype=np.uint64)


# -- writing ------------------------------------------------------------------------

_BLOCKS = np.frombuffer(b"".join(b"%04d" % i for i in range(10000)), dtype=np.uint32)
# _KEEP[k]: which of the 24 bytes of a row (20 digits, newline, 3 pad) a k-digit number keeps
_KEEP = np.zeros((21, 24), dtype=bool)
for _k in range(1, 21):
    _KEEP[_k, 20 - _k:21] = True


def format_numbers(values: np.ndarray) -> str:
    """uint64 values in decimal, one per line.

    >>> format_numbers(np.array([0, 7, 10, 2**64 - 1], dtype=np.uint64))
    '0\\n7\\n10\\n18446744073709551615\\n'
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
    return str(out.data, "ascii")


def _count_range(flat: np.ndarray, counts: np.ndarray, lo: int, hi: int) -> None:
    counts[lo:hi] = _digit_counts(flat[lo:hi])


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
