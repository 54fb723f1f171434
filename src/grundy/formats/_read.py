"""Reading contest inputs: the checks and readers the formats share.

A format reads its input at most twice.  The fast path, :func:`plain_numbers`,
is one vectorised pass that only accepts digits and blanks and leaves the layout
(what goes on which line) to the caller (squares, split and cutting use it; nim
keeps its own stricter canonical reader).  When that pass or the caller's layout
check refuses the input, a careful reader goes line by line (:func:`decode`,
:func:`word_lines`) and checks each word with :func:`integer` (or the range alone
with :func:`in_range`), so that the error names the line at fault.

>>> values, lines = plain_numbers(b"2\\n3 4\\n", max_digits=19)
>>> values.tolist(), lines.tolist()
([2, 3, 4], [1, 2, 2])
>>> [(number, [integer(w, "x", 0, 9, number) for w in words])
...  for number, words in word_lines(decode(b"2\\n\\n3 4\\n"))]
[(1, [2]), (3, [3, 4])]
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..errors import InputError

__all__ = ["decode", "in_range", "integer", "last_line", "plain_numbers", "shown", "word_lines"]

_BLANKS_AND_DIGITS = b"0123456789 \n\r\t"


# -- the careful reader -------------------------------------------------------------


def decode(data: bytes) -> str:
    """The input as text; :class:`InputError` on the line of the first non-ASCII byte.

    >>> decode(b"1 2\\n")
    '1 2\\n'
    >>> decode(b"1\\n2 \\xff\\n")
    Traceback (most recent call last):
    grundy.errors.InputError: line 2: non-ASCII byte in input
    """
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise InputError("non-ASCII byte in input", data[: exc.start].count(b"\n") + 1) from None


def word_lines(text: str) -> Iterator[tuple[int, list[str]]]:
    """The words of every non-blank line (lines end at ``\\n``), with its 1-based number.

    >>> list(word_lines(" 5\\n\\n 6\\t7\\r\\n"))
    [(1, ['5']), (3, ['6', '7'])]
    """
    for number, line in enumerate(text.split("\n"), start=1):
        words = line.split()
        if words:
            yield number, words


def last_line(text: str | bytes) -> int:
    """The number of the last line of an input (``0`` for an empty one).

    >>> last_line("1\\n2\\n"), last_line("1\\n2"), last_line(b"1\\n\\n"), last_line("")
    (2, 2, 2, 0)
    """
    if isinstance(text, str):
        return text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    return text.count(b"\n") + (0 if text.endswith(b"\n") or not text else 1)


def in_range(value: int, what: str, lo: int, hi: int | None, line: int | None,
             hi_text: str | None = None) -> int:
    """``value`` if ``lo <= value <= hi`` (no upper bound for ``hi=None``), else :class:`InputError`.

    ``hi_text`` is how the message writes ``hi`` (``"10^18"``: the statement's way).

    >>> in_range(7, "N", 1, 10**7, 1)
    7
    >>> in_range(0, "N", 1, 10**7, 3, "10^7")
    Traceback (most recent call last):
    grundy.errors.InputError: line 3: N = 0 is out of range (1 <= N <= 10^7)
    >>> in_range(-1, "k", 0, None, 2)
    Traceback (most recent call last):
    grundy.errors.InputError: line 2: k = -1 is out of range (k >= 0)
    """
    if value < lo or (hi is not None and value > hi):
        raise _out_of_range(value, what, lo, hi, line, hi_text)
    return value


def integer(word: str, what: str, lo: int, hi: int | None, line: int | None,
            hi_text: str | None = None) -> int:
    """A word of decimal digits (with an optional sign) as an integer in ``[lo, hi]``.

    Errors name ``what`` and ``line``; ``hi`` and ``hi_text`` are as for :func:`in_range`.

    >>> integer("+042", "R", 1, 10**18, 2)
    42
    >>> integer("4.5", "R", 1, 10**18, 2)
    Traceback (most recent call last):
    grundy.errors.InputError: line 2: R must be an integer, got '4.5'
    >>> integer("2001", "M", 1, 2000, 5)
    Traceback (most recent call last):
    grundy.errors.InputError: line 5: M = 2001 is out of range (1 <= M <= 2000)
    """
    body = word[1:] if word[:1] in "+-" else word
    if not (body.isdigit() and body.isascii()):
        raise InputError(f"{what} must be an integer, got {shown(word)}", line)
    if len(body) > 20:  # not read as an int if it cannot be in range (nor too long to read)
        digits = body.lstrip("0") or "0"
        if len(digits) > len(str(max(abs(lo), abs(hi if hi is not None else 0)))):
            if hi is not None or word[0] == "-":
                raise InputError(f"{what} = {shown(word)} is out of range "
                                 f"({_bound(what, lo, hi, hi_text)})", line)
            if len(digits) > MAX_DIGITS:  # pragma: no cover - every format sets a bound
                raise InputError(f"{what} has {len(digits)} digits, more than the "
                                 f"{MAX_DIGITS} grundy reads", line)
        word = word[0] + digits if word[0] in "+-" else digits
    value = int(word)
    if value < lo or (hi is not None and value > hi):  # in_range, inlined: a call per word costs
        raise _out_of_range(value, what, lo, hi, line, hi_text)
    return value


def _out_of_range(value: int, what: str, lo: int, hi: int | None, line: int | None,
                  hi_text: str | None) -> InputError:
    return InputError(f"{what} = {value} is out of range ({_bound(what, lo, hi, hi_text)})", line)


def _bound(what: str, lo: int, hi: int | None, hi_text: str | None) -> str:
    if hi is None:
        return f"{what} >= {lo}"
    return f"{lo} <= {what} <= {hi if hi_text is None else hi_text}"


#: the most digits a number of an input may have where no bound says less (Python itself
#: refuses to read ints of more than 4300 digits)
MAX_DIGITS = 4000


def shown(word: str | bytes) -> str:
    """A word of an input as an error message quotes it: whole if short, else its start
    and its length (an error stays one short line).

    >>> shown("4.5"), shown("9" * 5000)
    ("'4.5'", "'99999999999999999999...' (5000 characters)")
    """
    text = word.decode("latin-1") if isinstance(word, bytes) else word
    if len(text) <= 40:
        return repr(text)
    return f"{text[:20] + '...'!r} ({len(text)} characters)"


# -- the fast reader ----------------------------------------------------------------


def plain_numbers(data: bytes, max_digits: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Every number of a plain input and its 1-based line, in one vectorised pass.

    Plain: only digits, spaces, tabs, ``\\r`` and ``\\n``, at least one number and
    none longer than ``max_digits`` (at most 19, so that every value fits a uint64).
    Returns ``(values, lines)`` (uint64 and int64 arrays, one entry per number), or
    ``None`` for any other input: the caller then reads it carefully, which accepts
    it or names the line at fault.  The layout is the caller's to check, from ``lines``.

    >>> values, lines = plain_numbers(b"\\n12 0\\t7\\r\\n\\n 0005\\n", max_digits=4)
    >>> values.tolist(), lines.tolist()
    ([12, 0, 7, 5], [2, 2, 2, 4])
    >>> [plain_numbers(text, 4) for text in (b"1 -2\\n", b"12345\\n", b" \\n", b"")]
    [None, None, None, None]
    """
    if not 1 <= max_digits <= 19:
        raise ValueError(f"max_digits must be in [1, 19], got {max_digits}")
    if data.translate(None, _BLANKS_AND_DIGITS):  # signs, letters, other bytes
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    digit = ((buf - np.uint8(48)) < 10).view(np.int8)
    edge = np.diff(digit, prepend=np.int8(0), append=np.int8(0))
    starts = np.flatnonzero(edge == 1)
    if starts.size == 0:
        return None
    if int((np.flatnonzero(edge == -1) - starts).max()) > max_digits:
        return None
    values = np.fromstring(data, dtype=np.uint64, sep=" ")
    if values.size != starts.size:  # pragma: no cover - NumPy reads every plain number
        return None
    lines = np.searchsorted(np.flatnonzero(buf == 10), starts) + 1  # newlines before, plus 1
    return values, lines
