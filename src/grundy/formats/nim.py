"""Library Checker "Nim Product (F_{2^64})": T, then T lines ``A B``; T nim products out.

>>> from grundy.formats import Options, solve
>>> print(solve("nim", b"3\\n5 3\\n3141 5926\\n18446744073709551615 18446744073709551615\\n"), end="")
15
14994
11290409524105353207

``--explain`` adds an indented line per product, ``--json`` prints one object
per line instead (a product has no winner: this is the one problem that is not a game):

>>> print(solve("nim", b"1\\n5 3\\n", Options(explain=True)), end="")
15
  5 (x) 3 = 15 in the field of order 2^4; + is XOR: (4 + 1) (x) (2 + 1) = 8 + 4 + 2 + 1
>>> print(solve("nim", b"1\\n5 3\\n", Options(as_json=True)), end="")
{"a": 5, "b": 3, "product": 15}

Three readers, fastest first; each hands what it refuses to the next:

1. the compiled kernel (:mod:`grundy.formats._nim_compiled`), when it was built: lines of two
   numbers (blanks as ``bytes.split`` reads them) are read, multiplied and written
   in C, in two halves on two threads, without starting NumPy;
2. the NumPy reader (:mod:`grundy.formats._nim_numpy`) for a canonical input
   (single spaces, no leading zeros), after :func:`_tidy` has laid out the blanks;
3. the careful line-by-line reader, which accepts what the others refused (leading
   zeros, say) and names the line of the first fault.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import _nim_compiled as judge
from ..errors import InputError
from ..nimber import field_order, nim_mul
from .base import Format, Options

if TYPE_CHECKING:  # NumPy is started only when the compiled kernel cannot do the work
    import numpy as np

__all__ = ["FORMAT", "LIMITS", "MAX_T", "NimFormat", "explain", "judge_chunks", "judge_output",
           "parse"]

MAX_T = judge.MAX_T
LIMITS = f"1 <= T <= {MAX_T} (the contest: 10**6), 0 <= A, B < 2**64, decimal"

_TOP = 2**64 - 1


#: the columns A and B of an input (uint64 arrays)
Pairs = tuple["np.ndarray", "np.ndarray"]


class NimFormat(Format[Pairs, "np.ndarray"]):
    """The nim product: pairs in, products out (a plain run goes to :func:`judge_chunks`)."""

    name = judge.PROBLEM_NAMES[0]
    limits = LIMITS

    @property
    def aliases(self) -> tuple[str, ...]:
        return judge.PROBLEM_NAMES[1:]

    def run(self, data: bytes, options: Options = Options()) -> list[bytes]:
        self.check(options)
        if options.plain:  # the judge's answer comes in one piece per thread, no copy
            return judge_chunks(data)
        return super().run(data, options)

    def parse(self, data: bytes) -> Pairs:
        return parse(data)

    def solve(self, parsed: Pairs) -> np.ndarray:
        from ..nimber.arrays import nim_mul_array

        return nim_mul_array(*parsed)

    def render(self, parsed: Pairs, results: np.ndarray, options: Options) -> list[bytes]:
        rows = zip(parsed[0].tolist(), parsed[1].tolist(), results.tolist())
        if options.as_json:
            # what json.dumps({"a": x, "b": y, "product": p}) writes, three times as fast
            return ["".join(f'{{"a": {x}, "b": {y}, "product": {p}}}\n'
                            for x, y, p in rows).encode("ascii")]
        if options.explain:
            return ["".join(f"{p}\n  {explain(x, y, p)}\n" for x, y, p in rows).encode("ascii")]
        from ._nim_numpy import format_numbers

        return [format_numbers(results)]


def judge_output(data: bytes) -> bytes:
    """The products, one per line, exactly as the judge prints them.

    >>> judge_output(b"2\\n5 3\\n2 2")
    b'15\\n3\\n'
    """
    return b"".join(judge_chunks(data))


def judge_chunks(data: bytes) -> list[bytes]:
    """:func:`judge_output` in pieces (one per thread that wrote it)."""
    chunks = judge.products(data)
    if chunks is not None:
        return chunks
    from ..nimber.arrays import nim_mul_array
    from ._nim_numpy import format_numbers

    return [format_numbers(nim_mul_array(*parse(data)))]


def explain(a: int, b: int, product: int) -> str:
    """One line on a product: its field and, for few bits, the expansion over powers of two.

    >>> explain(5, 3, 15)
    '5 (x) 3 = 15 in the field of order 2^4; + is XOR: (4 + 1) (x) (2 + 1) = 8 + 4 + 2 + 1'
    >>> explain(3141, 5926, 14994)
    '3141 (x) 5926 = 14994 in the field of order 2^16 (16-bit nimbers)'
    """
    bits = field_order(max(a, b)).bit_length() - 1
    text = f"{a} (x) {b} = {product} in the field of order 2^{bits}"
    if not 2 <= a.bit_count() * b.bit_count() <= 9:
        return text + (f" ({bits}-bit nimbers)" if bits >= 8 else "")
    ones_a = [1 << i for i in range(a.bit_length()) if a >> i & 1]
    ones_b = [1 << i for i in range(b.bit_length()) if b >> i & 1]
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
    from ._nim_numpy import read_canonical

    values = read_canonical(data)
    if values is None:
        tidy = _tidy(data)
        values = read_canonical(tidy) if tidy != data else None
    if values is None:
        return _parse_lines(data)
    return values[1::2], values[2::2]  # views: nim_mul_array reads them chunk by chunk


_BLANKS = bytes.maketrans(b"\t\r\x0b\x0c", b"    ")  # bytes.split()'s blanks besides space


def _tidy(data: bytes) -> bytes:
    """The same lines with single spaces between the words, none around them, no blank
    lines at the end: what the careful reader reads in ``data``, laid out for the NumPy
    reader (whole-buffer passes, no loop over lines).  Errors are still found and
    named in ``data`` itself, by the careful reader.

    >>> _tidy(b" 2\\r\\n1\\t 2 \\r\\n3  4\\n\\n \\n")
    b'2\\n1 2\\n3 4\\n'
    """
    out = data.translate(_BLANKS)
    if b"  " in out:
        out = re.sub(b"  +", b" ", out)
    out = out.replace(b" \n", b"\n").replace(b"\n ", b"\n").lstrip(b" ")
    return out.rstrip(b" \n") + b"\n"


def _number(token: bytes, what: str, line: int) -> int:
    """A word of digits below 2**64: no sign, unlike :func:`~grundy.formats._read.integer`."""
    from ._read import shown  # with NumPy, which this reader's caller has started anyway

    if not token.isdigit():
        raise InputError(f"{what} must be a decimal integer in [0, 2**64), got "
                         f"{shown(token.decode('ascii', 'replace'))}", line)
    if len(token.lstrip(b"0")) > 20:  # too big to be read as an int
        raise InputError(f"{what} = {shown(token)} is out of range (0 <= {what} < 2**64)", line)
    value = int(token.lstrip(b"0") or b"0")
    if value > _TOP:
        raise InputError(f"{what} = {value} is out of range (0 <= {what} < 2**64)", line)
    return value


def _parse_lines(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The careful reader: any whitespace within a line, errors with their line."""
    import numpy as np

    from ._read import in_range

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


FORMAT = NimFormat()
