"""Take-and-break codes, read once and without NumPy: :class:`Code`.

A code ``d0.d1d2d3...`` (octal or hexadecimal digits) says what removing ``k`` tokens
from a heap may leave: bit 1 of digit ``dk`` no heap (only if the heap had exactly ``k``),
bit 2 one heap, bit 4 two heaps, bit 8 three heaps (all non-empty); ``d0`` (nothing
removed) may hold only 4 and 8.  Kayles is ``0.77``, Dawson's Kayles ``0.07``.

:class:`Code` is the one reading of a code: the rules' :class:`~grundy.TakeAndBreak`
holds one, and the command line's fast paths (:mod:`grundy.cli.fastseq`,
:mod:`grundy.cli.fastquot`, which answer before NumPy loads) read theirs with it too.
It lists a heap's options (:func:`code_options`, the one home of that listing), counts
them without listing them, and says what the periodicity theorem of misère quotients
needs of it (:class:`MisereCertifier`).

>>> kayles = Code.parse(" 0.770 ")
>>> kayles, str(kayles), kayles.digits
(Code('0.77'), '0.77', (0, 7, 7))
>>> kayles.options(4), kayles.count(4)   # take 1 or 2 pins from a row of 4
([(3,), (1, 2), (2,), (1, 1)], 4)
>>> Code.parse("0.7x")
Traceback (most recent call last):
...
grundy.errors.GrundyError: bad octal code '0.7x': 'x' is not an octal or hexadecimal digit
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

from ..errors import GrundyError

__all__ = ["MAX_CODE_DIGITS", "Code", "MisereCertifier", "code_options"]

#: the most digits after the point of a code (moves removing up to 1000 tokens)
MAX_CODE_DIGITS = 1000

_DIGITS = "0123456789abcdef"

# Plain classes, not dataclasses nor NamedTuples: the fast paths that read a code answer
# before ``dataclasses`` and ``typing`` load (each costs more than the whole answer).


class MisereCertifier(tuple[int, str]):
    """What the periodicity theorem of misère quotients (Plambeck & Siegel 2008) needs of a
    heap game it covers: an octal code whose moves remove at most :attr:`removes` tokens
    and leave at most two heaps (a subtraction game is one, of digits 3), and how the game
    is named in the theorem's statement (:attr:`what`).

    >>> MisereCertifier(2, "the octal code 0.77").removes
    2
    """

    __slots__ = ()

    def __new__(cls, removes: int, what: str) -> MisereCertifier:
        return super().__new__(cls, (removes, what))

    @property
    def removes(self) -> int:
        return self[0]

    @property
    def what(self) -> str:
        return self[1]

    def __repr__(self) -> str:
        return f"MisereCertifier(removes={self[0]}, what={self[1]!r})"


class Code:
    """A take-and-break code: its canonical :attr:`text` (lower case, no trailing zero
    after the point, as the rules print it) and its :attr:`digits` ``d0, d1, ...``.
    ``name``, if given, is how the user named it (``kayles``): its :attr:`label`; it takes
    no part in equality."""

    __slots__ = ("digits", "name", "text")

    def __init__(self, text: str, digits: tuple[int, ...], name: str | None = None) -> None:
        self.text = text
        self.digits = digits
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("grundy.Code", self.text))

    @classmethod
    def parse(cls, code: object, name: str | None = None) -> Code:
        """The code a text names (spaces around it, upper case and trailing zeros taken);
        anything else is a :class:`~grundy.GrundyError` that says why.

        >>> Code.parse("4.07").digits, Code.parse("0.FC0").text
        ((4, 0, 7), '0.fc')
        >>> Code.parse("1.5")
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: bad octal code '1.5': the digit before the point may only hold 4 (split a heap in two) and 8 (in three): taking nothing and leaving one heap or none would loop
        """
        if not isinstance(code, str):
            raise GrundyError(f"a take-and-break code is a string like '0.77', got {code!r}")
        text = code.strip().lower()

        def bad(why: str) -> GrundyError:
            return GrundyError(f"bad octal code {code!r}: {why}")

        head, dot, tail = text.partition(".")
        if not dot:
            raise bad("expected a digit, a point and digits, like 0.77 or 4.07")
        if len(head) != 1 or head not in _DIGITS:
            raise bad("expected exactly one digit before the point")
        if not tail:
            raise bad("expected digits after the point")
        for ch in tail:
            if ch not in _DIGITS:
                raise bad(f"{ch!r} is not an octal or hexadecimal digit")
        d0 = int(head, 16)
        if d0 & 3:
            raise bad("the digit before the point may only hold 4 (split a heap in two) and 8 "
                      "(in three): taking nothing and leaving one heap or none would loop")
        tail = tail.rstrip("0") or "0"
        if len(tail) > MAX_CODE_DIGITS:
            raise bad(f"{len(tail)} digits after the point; grundy takes at most "
                      f"{MAX_CODE_DIGITS}")
        return cls(f"{head}.{tail}", (d0, *(int(ch, 16) for ch in tail)), name)

    @classmethod
    def canonical(cls, text: str, name: str | None = None) -> Code | None:
        """The code of ``text`` if it is one written as the rules print it and starting
        with a decimal digit (as the catalog reads a code: ``0.77``, ``4.07``, ``0.fc``),
        else None (``0.770``, ``0.FC``, ``c.1``, ``kayles``).

        >>> Code.canonical("0.fc"), Code.canonical("0.770"), Code.canonical("c.1")
        (Code('0.fc'), None, None)
        """
        if not text[:1].isdigit():
            return None
        try:
            code = cls.parse(text, name)
        except GrundyError:
            return None
        return code if code.text == text else None

    @classmethod
    def of_digits(cls, digits: Sequence[int]) -> Code:
        """The code of digits ``d0, d1, ...`` (each 0..15).

        >>> Code.of_digits([0, 7, 6, 0])
        Code('0.76')
        """
        if not digits or not all(type(d) is int and 0 <= d < 16 for d in digits):
            raise GrundyError(f"the digits of a take-and-break code are 0..15, got {digits!r}")
        return cls.parse(f"{digits[0]:x}." + ("".join(f"{d:x}" for d in digits[1:]) or "0"))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Code({self.text!r})"

    @property
    def notation(self) -> str:
        """The code as the rules print it (``0.77``)."""
        return self.text

    @property
    def label(self) -> str:
        """The code as the user named it: its name if it has one, else its text."""
        return self.name or self.text

    @property
    def max_removed(self) -> int:
        """The largest number of tokens one move removes (0 if moves only split)."""
        return len(self.digits) - 1 if any(self.digits[1:]) else 0

    @property
    def max_heaps(self) -> int:
        """The largest number of heaps a move leaves (1, 2 or 3)."""
        bits = 0
        for d in self.digits:
            bits |= d
        return 3 if bits & 8 else 2 if bits & 4 else 1

    def removals(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """The numbers of tokens a move may remove leaving no heap, one, two and three heaps.

        >>> Code.parse("4.07").removals()
        ([2], [2], [0, 2], [])
        """
        zero, one, two, three = ([k for k, d in enumerate(self.digits) if d & bit]
                                 for bit in (1, 2, 4, 8))
        return zero, one, two, three

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The options of heap ``n``, each the tuple of the heaps it leaves
        (:func:`code_options`).

        >>> Code.parse("4.8").options(4)   # split in two, or take one and split in three
        [(1, 3), (2, 2), (1, 1, 1)]
        """
        return code_options(self.digits, n)

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """:meth:`options`, under the name the misère solver asks a heap game for it
        (:meth:`grundy.HeapGame.heap_options`)."""
        return code_options(self.digits, n)

    def count(self, n: int) -> int:
        """How many options heap ``n`` has, counted without listing them.

        >>> Code.parse("0.f").count(9), len(Code.parse("0.f").options(9))
        (10, 10)
        """
        total = 0
        for k, d in enumerate(self.digits[:n + 1]):
            rest = n - k
            total += bool(d & 1 and rest == 0) + bool(d & 2 and rest)
            if d & 4 and rest >= 2:
                total += rest // 2  # two heaps a + b = rest, a <= b
            if d & 8 and rest >= 3:
                total += (rest * rest + 6) // 12  # three heaps: the partitions of rest in 3
        return total

    def heap_option_count(self, n: int) -> int:
        """:meth:`count`, under the name the misère solver asks a heap game for it."""
        return self.count(n)

    def misere_certifier(self) -> MisereCertifier | None:
        """What the periodicity theorem of misère quotients needs, for a code it covers:
        nothing removed leaves nothing (``d0 = 0``), every move leaves at most two heaps
        (digits 0..7), and some move removes tokens; None for the others.

        >>> Code.parse("0.77").misere_certifier(), Code.parse("4.07").misere_certifier()
        (MisereCertifier(removes=2, what='the octal code 0.77'), None)
        """
        d = self.digits
        if d[0] == 0 and all(x < 8 for x in d) and any(d[1:]):
            return MisereCertifier(len(d) - 1, f"the octal code {self.text}")
        return None


def code_options(digits: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The options of heap ``n`` of the code of digits ``d0, d1, ...``, each the tuple of the
    heaps it leaves (empty heaps dropped), in the order of
    :meth:`~grundy.rules.heap.TakeAndBreak.options`: by the number ``k`` removed, then no
    heap, one heap, two heaps ``(a, rest - a)`` with ``a`` rising, three heaps ``(a, b, c)``
    with ``a <= b <= c`` in lexicographic order.

    >>> code_options((0, 7, 7), 4)   # Kayles: take 1 or 2 from a row of 4 pins
    [(3,), (1, 2), (2,), (1, 1)]
    >>> code_options((0, 0, 0, 8), 9), code_options((4,), 1)
    ([(1, 1, 4), (1, 2, 3), (2, 2, 2)], [])
    """
    out: list[tuple[int, ...]] = []
    extend = out.extend
    for k, d in enumerate(digits[:n + 1]):
        if not d:
            continue
        rest = n - k
        if d & 1 and rest == 0:
            out.append(())
        if d & 2 and rest:
            out.append((rest,))
        if d & 4 and rest >= 2:
            half = rest // 2
            extend(zip(range(1, half + 1), range(rest - 1, rest - half - 1, -1)))
        if d & 8 and rest >= 3:
            for a in range(1, rest // 3 + 1):
                left = rest - a
                top = left // 2
                extend(zip(repeat(a), range(a, top + 1), range(left - a, left - top - 1, -1)))
    return out
