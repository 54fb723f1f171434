"""Heap games: nim, subtraction games, take-and-break (octal) codes, Grundy's game.

Positions are heap sizes.  Each ruleset lists its options literally (a heap
broken in two is a :class:`~grundy.Sum`), so the generic engine is the brute
force; :meth:`sequence` is a fast kernel checked against it in the tests.

>>> TakeAndBreak("0.77").sequence(12).tolist()       # Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> TakeAndBreak("0.77").options(3)
[2, Sum(1, 1), 1]
>>> parse_subtraction("sub:1,3,4").sequence(8).tolist()
[0, 1, 0, 1, 2, 3, 2, 0]

The take-and-break codes whose moves leave at most two heaps, and Grundy's game,
compute their sequences with the sparse-space kernel of :mod:`grundy.rules.sparse`;
codes with three-heap moves with the kernel of :mod:`grundy.rules.three_heaps`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any

from ..engine import Sum, value
from ..errors import GrundyError, is_integer
from .base import HeapGame
from .heap_moves import period_moves
from .codes import Code, MisereCertifier
from .periods import Certifier, Known
from .sparse import SplitKernel, compiled_kernel, fill
from .three_heaps import ThreeHeapKernel
from .windows import subtraction_values

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "AllBut",
    "GrundysGame",
    "Nim",
    "Subtraction",
    "TakeAndBreak",
    "misere_nim_moves",
    "misere_nim_outcome",
    "parse_subtraction",
]


# -- nim and subtraction games ---------------------------------------------------


def misere_nim_outcome(heaps: Iterable[int]) -> str:
    """Bouton's misère rule, the one home of it: the outcome of misère nim on these heaps
    (``"P"``: the player to move loses).  With a heap of 2 or more, as in normal play (the
    nim-sum); with only heaps of 0 and 1, the player to move wins iff the 1s are even.
    Misère nim itself, and any sum of tame heaps on their normal values, play by it.

    >>> misere_nim_outcome([1, 1, 1]), misere_nim_outcome([2, 2]), misere_nim_outcome([])
    ('P', 'P', 'N')
    """
    heaps = list(heaps)
    if any(h > 1 for h in heaps):
        return "N" if _nim_sum(heaps) else "P"
    return "N" if sum(heaps) % 2 == 0 else "P"


def _nim_sum(heaps: Iterable[int]) -> int:
    """The XOR of the heaps (any size)."""
    return reduce(xor, heaps, 0)


def misere_nim_moves(heaps: Sequence[int]) -> list[tuple[int, int]]:
    """Bouton's misère rule for the moves: every winning move of misère nim on these heaps,
    as pairs (the index of the heap taken from, the tokens it keeps), in the order of the
    heaps (a heap has one winning move at most); found at any size, no move listed.  With
    two heaps of 2 or more, the moves of normal play (to a nim-sum of 0; a move leaves one of
    them); with one, that heap goes to 0 or 1, whichever leaves the 1s odd; with none, a 1
    is taken when the 1s are even.  Empty when the player to move loses, or has no move.

    >>> misere_nim_moves([3, 5, 7]), misere_nim_moves([1, 1, 10**30]), misere_nim_moves([1, 1])
    ([(0, 2), (1, 4), (2, 6)], [(2, 1)], [(0, 0), (1, 0)])
    >>> misere_nim_moves([1, 1, 1]), misere_nim_moves([2, 2]), misere_nim_moves([0, 0])
    ([], [], [])
    """
    large = [i for i, h in enumerate(heaps) if h > 1]
    ones = sum(1 for h in heaps if h == 1)
    if len(large) == 1:  # leave an odd number of 1s: the opponent takes the last of them
        return [(large[0], 0 if ones % 2 else 1)]
    if not large:
        return [] if ones % 2 else [(i, 0) for i, h in enumerate(heaps) if h == 1]
    total = _nim_sum(heaps)
    return [(i, total ^ h) for i, h in enumerate(heaps) if total ^ h < h]


class Nim(HeapGame):
    """Remove any positive number of tokens: ``g(n) = n``.

    >>> Nim().options(3), Nim().sequence(4).tolist()
    ([2, 1, 0], [0, 1, 2, 3])
    """

    has_kernel = True
    period_budget = 1024

    def options(self, n: int) -> list[int]:
        return list(range(n - 1, -1, -1))

    def kernel_sequence(self, n: int) -> np.ndarray:
        import numpy as np
        return np.arange(n, dtype=np.int64)

    def certifier(self) -> Known:
        return Known(0, 1, 1, "Bouton's theorem: in nim, g(n) = n for every heap n")

    def fast_value(self, position: Any) -> int | None:
        """``g(n) = n``, for heaps of any size.

        >>> Nim().fast_value(10**30) == 10**30
        True
        """
        if isinstance(position, Sum):
            return None
        if not is_integer(position) or position < 0:
            raise GrundyError(f"a heap size is a non-negative integer, got {position!r}")
        return int(position)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The one move to value ``target``: leave ``target`` tokens (any heap size).

        >>> Nim().options_of_value(10**30, 7)
        [7]
        """
        return [target] if target < part else []

    def check_winning_moves(self, part: Any) -> None:
        """Any heap: Bouton's rule gives the one move to each smaller value at any size (what
        lists every move one by one, ``play``, the genus, misère play, keeps
        :attr:`move_limit`).

        >>> Nim().check_winning_moves(10**30)
        """
        self.fast_value(part)

    def parse_position(self, text: str) -> int:
        """A heap: digits, or a power ``B**E`` (``2**100``)."""
        from .closed import read_integer

        return read_integer(text, "a heap size (a non-negative integer)")

    def misere_outcome_of(self, parts: Sequence[Any]) -> str | None:
        """Bouton's misere rule: with a heap of 2 or more, as in normal play; with only
        heaps of 0 and 1, the player to move wins iff the number of 1s is even.

        >>> Nim().misere_outcome_of([1, 1, 1]), Nim().misere_outcome_of([2, 2])
        ('P', 'P')
        """
        if not all(isinstance(p, int) for p in parts):
            return None
        return misere_nim_outcome(parts)

    def misere_winning_moves_of(self, parts: Sequence[Any]) -> list[tuple[int, Any]] | None:
        """Bouton's misère rule gives the winning moves too, for heaps of any size
        (:func:`misere_nim_moves`): misère play asks it before it lists a move.

        >>> Nim().misere_winning_moves_of([1, 10**30]), Nim().misere_winning_moves_of([1, 1, 1])
        ([(1, 0)], [])
        """
        if not all(isinstance(p, int) for p in parts):
            return None
        return misere_nim_moves(parts)

    @property
    def notation(self) -> str:
        return "nim"

    def __eq__(self, other: object) -> bool:
        return type(other) is Nim

    def __hash__(self) -> int:
        return hash("grundy.Nim")


def _subtraction_set(values: Iterable[int], what: str) -> frozenset[int]:
    try:
        items = frozenset(values)
    except TypeError:
        raise GrundyError(f"{what} needs a set of positive integers, got {values!r}") from None
    bad = sorted((v for v in items if not isinstance(v, int) or isinstance(v, bool) or v < 1),
                 key=repr)
    if bad:
        raise GrundyError(f"{what} needs positive integers, got {bad[0]!r}")
    return items


#: the most values a subtraction or all-but game computes (subtraction: the sliding windows
#: of :mod:`grundy.rules.windows`, measured about 0.2 s per 10^7 values of ``sub:1,3,4``
#: compiled, 0.6 s per 10^6 in Python; all-but: a Python loop)
SUBTRACTION_LIMIT = 10**7


def _set_repr(values: frozenset[int]) -> str:
    return "frozenset({" + ", ".join(map(str, sorted(values))) + "})"


class _Incremental(HeapGame):
    """A heap game whose values are computed once, left to right, and kept."""

    has_kernel = True

    def _computed(self, n: int) -> np.ndarray:
        import numpy as np
        done: np.ndarray | None = self.memo("kernel").get("known")
        if done is None or len(done) < n:
            done = self._compute(max(n, 2 * len(done) if done is not None else n))
            self.memo("kernel")["known"] = done
        return done[:n]

    def _compute(self, n: int) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 as an int64 array."""
        import numpy as np
        if n <= 0:
            return np.zeros(0, dtype=np.int64)
        return self._computed(n).astype(np.int64)


class Subtraction(_Incremental):
    """Remove ``k`` tokens from one heap, for ``k`` in a finite set.

    >>> Subtraction({1, 3, 4})
    Subtraction(frozenset({1, 3, 4}))
    >>> Subtraction({1, 2}).options(5)
    [4, 3]
    """

    bounded = True  # every value is at most |S|
    period_budget = 100_000
    sequence_limit = SUBTRACTION_LIMIT

    def __init__(self, subtract: Iterable[int]) -> None:
        self.subtract = _subtraction_set(subtract, "a subtraction game")

    def certifier(self) -> Certifier | None:
        """The window argument: each value depends only on the max(S) before it."""
        if not self.subtract:
            return None
        width = max(self.subtract)
        return Certifier(lambda e, p: e + p + width,
                         f"the subtraction-game window argument: each value depends only on "
                         f"the {width} before it, and a window of {width} values repeats")

    @property
    def notation(self) -> str:
        return "sub:" + ",".join(map(str, sorted(self.subtract)))

    def misere_certifier(self) -> MisereCertifier | None:
        """A subtraction game is an octal code of digits 3 (remove ``k`` in the set, leave
        one heap or none): the periodicity theorem of misère quotients covers it.

        >>> Subtraction([1, 3, 4]).misere_certifier()
        MisereCertifier(removes=4, what='a subtraction game (an octal code of digits 3)')
        """
        if not self.subtract:
            return None
        return MisereCertifier(max(self.subtract), "a subtraction game (an octal code of digits 3)")

    def options(self, n: int) -> list[int]:
        return [n - k for k in sorted(self.subtract) if k <= n]

    def check_listable(self, part: Any) -> None:
        """A heap of any size: it has at most ``len(S)`` moves, each valued by the period.

        >>> Subtraction({1, 2, 3}).check_listable(10**22)
        """
        if isinstance(part, bool) or not isinstance(part, int) or part < 0:
            raise GrundyError(f"a heap size is a non-negative integer, got {part!r}")

    def parse_position(self, text: str) -> int:
        """A heap: digits, or a power ``B**E`` (``10**22``).

        >>> Subtraction({1, 2, 3}).parse_position("10**22") == 10**22
        True
        """
        from .closed import read_integer

        return read_integer(text, "a heap size (a non-negative integer)")

    def _compute(self, n: int) -> np.ndarray:
        return subtraction_values(self.subtract, n)

    def __eq__(self, other: object) -> bool:
        return type(other) is Subtraction and other.subtract == self.subtract

    def __hash__(self) -> int:
        return hash(("grundy.Subtraction", self.subtract))

    def __repr__(self) -> str:
        return f"Subtraction({_set_repr(self.subtract)})"


class AllBut(_Incremental):
    """Remove any positive number of tokens except those in a finite set.

    >>> AllBut({1, 2}).options(4)
    [1, 0]
    >>> AllBut({1, 2}).sequence(9).tolist()
    [0, 0, 0, 1, 1, 1, 2, 2, 2]
    """

    period_budget = 10_000
    sequence_limit = SUBTRACTION_LIMIT

    def __init__(self, excluded: Iterable[int]) -> None:
        self.excluded = _subtraction_set(excluded, "an all-but subtraction game")

    @property
    def notation(self) -> str:
        return "allbut:" + ",".join(map(str, sorted(self.excluded)))

    def options(self, n: int) -> list[int]:
        return [n - k for k in range(1, n + 1) if k not in self.excluded]

    def _compute(self, n: int) -> np.ndarray:
        # g(i) = mex of g(j), j < i, except j = i - s for s in the excluded set.
        # Values at positions older than the excluded window are always options.
        import numpy as np
        width = max(self.excluded, default=0)
        excluded = self.excluded
        g = [0] * n
        old: set[int] = set()  # values at positions < i - width
        low = 0  # least value not in ``old``
        for i in range(n):
            if i - width - 1 >= 0:
                old.add(g[i - width - 1])
                while low in old:
                    low += 1
            recent = {g[j] for j in range(max(0, i - width), i) if i - j not in excluded}
            v = low
            while v in old or v in recent:
                v += 1
            g[i] = v
        return np.array(g, dtype=np.int64)

    def __eq__(self, other: object) -> bool:
        return type(other) is AllBut and other.excluded == self.excluded

    def __hash__(self) -> int:
        return hash(("grundy.AllBut", self.excluded))

    def __repr__(self) -> str:
        return f"AllBut({_set_repr(self.excluded)})"


def parse_subtraction(key: str) -> Subtraction | AllBut:
    """A game from ``sub:1,3,4`` (subtraction) or ``allbut:1,2`` (all-but subtraction).

    >>> parse_subtraction("sub:1,3,4")
    Subtraction(frozenset({1, 3, 4}))
    >>> parse_subtraction("allbut:2")
    AllBut(frozenset({2}))
    """
    text = key.strip().lower()
    kind, colon, rest = text.partition(":")
    if not colon or kind not in ("sub", "allbut"):
        raise GrundyError(f"bad subtraction game {key!r}: expected sub:1,3,4 or allbut:1,2")
    if not rest.strip():
        example = "sub:1,3,4" if kind == "sub" else "allbut:1,2"
        what = "the numbers that may be taken" if kind == "sub" else "the numbers excluded"
        raise GrundyError(f"bad subtraction game {key!r}: no numbers after '{kind}:' (give "
                          f"{what}, such as {example})")
    numbers = []
    for part in rest.split(","):
        part = part.strip()
        if not part.isdigit() or not part.isascii():
            what = "an empty number" if not part else repr(part)
            raise GrundyError(f"bad subtraction game {key!r}: {what} is not a positive integer")
        if len(part) > 18 or int(part) == 0:
            raise GrundyError(f"bad subtraction game {key!r}: {part} is not a positive "
                              "integer below 10^18")
        numbers.append(int(part))
    return Subtraction(numbers) if kind == "sub" else AllBut(numbers)


# -- take-and-break codes ----------------------------------------------------------

#: the most values of a game whose moves leave at most two heaps (the sparse-space kernel)
TWO_HEAP_LIMIT = 10**8
#: values a period search of such a code computes when not told (compiled kernel, NumPy)
TWO_HEAP_BUDGET = 1 << 25
NUMPY_BUDGET = 100_000
#: values of Grundy's game a period search computes when not told (no theorem applies;
#: compiled kernel, NumPy)
GRUNDY_BUDGET = 1 << 20
GRUNDY_NUMPY_BUDGET = 20_000
#: the most values of a code whose moves may leave three heaps (a kernel cubic in n:
#: 3000 values of 0.fc in about 2 s)
THREE_HEAP_LIMIT = 3000
#: Zero moves at heaps up to this are examined by TakeAndBreak.without_idle_moves (a heap
#: of 64 has at most about 64^3 / 12 three-heap options: well under a second).
IDLE_HEAPS = 64


def _octal_needed(t: int, h: int) -> Callable[[int, int], int]:
    """How many values prove preperiod e and period p of a code (remove <= t, leave <= h)."""

    def needed(e: int, p: int) -> int:
        top = max(t + 1, e + t)
        if h >= 2:
            top = max(top, h * max(e, 1) + (h - 1) * p + t)
        return top + p

    return needed


class TakeAndBreak(HeapGame):
    """A take-and-break game given by its code ``d0.d1d2d3...`` (octal or hexadecimal).

    Digit ``dk`` says what removing ``k`` tokens from a heap may leave: bit 1 no
    heap (only if the heap had exactly ``k``), bit 2 one heap, bit 4 two heaps,
    bit 8 three heaps (all non-empty).  ``d0`` (nothing removed) may hold only
    4 and 8.  Kayles is ``0.77``, Dawson's Kayles ``0.07``.

    >>> TakeAndBreak(" 0.770 ")
    TakeAndBreak('0.77')
    >>> TakeAndBreak("4.07").options(4)
    [Sum(1, 3), Sum(2, 2), 2, Sum(1, 1)]
    """

    has_kernel = True

    def __init__(self, code: str) -> None:
        self._code = Code.parse(code)
        #: the code as the rules print it (``0.77``), and its digits d0, d1, ...
        self.code, self.digits = self._code.text, self._code.digits
        two_heaps = self.max_heaps <= 2
        # within the octal periodicity theorem the values are periodic, so bounded
        self.bounded = two_heaps and self.digits[0] == 0
        self.sequence_limit = TWO_HEAP_LIMIT if two_heaps else THREE_HEAP_LIMIT
        # a heap of n has about n / 2 two-heap options per digit, n^2 / 12 three-heap ones
        # (0.fc: heap 1000 analysed in about 1.3 s)
        self.move_limit = HeapGame.move_limit if two_heaps else 1000

    @property
    def notation(self) -> str:
        return self.code

    @property
    def period_budget(self) -> int:  # type: ignore[override]
        """Values a period search computes when not told: 2^25 on the compiled kernel
        (0.354 certifies at about 2 * 10^7), 10^5 on the NumPy one."""
        if self.max_heaps > 2:
            return THREE_HEAP_LIMIT
        return TWO_HEAP_BUDGET if compiled_kernel() is not None else NUMPY_BUDGET

    def certifier(self) -> Certifier:
        """The octal periodicity theorem, for ``h`` heaps at most left by a move."""
        t, h = self.max_removed, self.max_heaps
        if h == 1:
            why = (f"the octal periodicity theorem (moves leave at most one heap and remove "
                   f"at most {t})")
        else:
            bound = "2e + p + t" if h == 2 else f"{h}e + {h - 1}p + t"
            why = (f"the octal periodicity theorem (Guy & Smith 1956): t = {t} tokens at most "
                   f"removed, {h} heaps at most left, values repeat for e <= n < {bound}")
        return Certifier(_octal_needed(t, h), why)

    @property
    def fills_in_place(self) -> bool:  # type: ignore[override]
        """Codes whose moves leave at most two heaps fill values in place (2 bytes a heap)."""
        return self.max_heaps <= 2

    @property
    def max_removed(self) -> int:
        """The largest number of tokens one move removes (0 if moves only split)."""
        return self._code.max_removed

    @property
    def max_heaps(self) -> int:
        """The largest number of heaps a move leaves."""
        return self._code.max_heaps

    def options(self, n: int) -> list[Any]:
        """The options of heap ``n``: a heap, or a :class:`~grundy.Sum` of the heaps a move
        leaves (:meth:`grundy.rules.codes.Code.options`, the one listing of a code's moves).

        >>> TakeAndBreak("0.07").options(5)
        [3, Sum(1, 2)]
        """
        return [0 if not o else o[0] if len(o) == 1 else Sum(*o)
                for o in self._code.options(n)]

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The options of value ``target``, in ``options()`` order: all of them up to
        :attr:`move_limit`; past it (a code whose moves leave two heaps at most, and whose
        period is proved), the first of each kind, at most ``SHOWN``, built from the period
        (:func:`grundy.rules.heap_moves.period_moves`; :meth:`every_zero_option` False).

        >>> TakeAndBreak("0.07").options_of_value(10**20, 0)[:2]
        [Sum(8, 99999999999999999990), Sum(15, 99999999999999999983)]
        """
        if not self._built(part):
            return super().options_of_value(part, target)
        self.check_winning_moves(part)  # the period, proved
        found, known = self.period(), self.memo("kernel")["known"]
        assert found is not None
        return [0 if not o else o[0] if len(o) == 1 else Sum(*o)
                for o in period_moves(self.digits, known, found, part, target)]

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """Every move of a value is listed up to :attr:`move_limit`; past it, some (the
        first of each kind, built from the period)."""
        return not self._built(part)

    def check_winning_moves(self, part: Any) -> None:
        """Up to :attr:`move_limit`, every move is listed; past it, a code whose moves leave
        two heaps at most builds its winning moves from its proved period (none proved:
        refused, as the listing would be)."""
        if not self._built(part):
            self.check_listable(part)
            return
        self.fast_value(part)
        if self.period() is None:
            raise GrundyError(f"heap {part} is too large to list its moves in {self.label} "
                              f"(at most {self.move_limit}), and no period of its values is "
                              "proved to build them from")

    def _built(self, part: Any) -> bool:
        """Whether the moves of ``part`` are built from the period rather than listed."""
        return (type(part) is int and part > self.move_limit and self.max_heaps <= 2
                and self.digits[0] == 0)

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """The options of heap ``n`` as the misère solver reads them: the tuples of the heaps
        each option of :meth:`options` leaves (empty heaps dropped), in the same order, listed
        without building a :class:`~grundy.Sum` (:meth:`grundy.rules.codes.Code.options`,
        which the command line's fast path shares).

        >>> TakeAndBreak("4.07").heap_options(4)
        [(1, 3), (2, 2), (2,), (1, 1)]
        >>> TakeAndBreak("0.f").heap_options(4)
        [(3,), (1, 2), (1, 1, 1)]
        """
        return self._code.options(n)

    def heap_option_count(self, n: int) -> int:
        """How many options heap ``n`` has, counted without listing them.

        >>> TakeAndBreak("0.f").heap_option_count(9), len(TakeAndBreak("0.f").options(9))
        (10, 10)
        """
        return self._code.count(n)

    def misere_certifier(self) -> MisereCertifier | None:
        """The periodicity theorem of misère quotients covers codes ``0.d1d2...`` of digits
        0..7 (:meth:`grundy.rules.codes.Code.misere_certifier`)."""
        return self._code.misere_certifier()

    def without_idle_moves(self) -> tuple[TakeAndBreak, tuple[int, ...]]:
        """The same game without the moves that change no value, and the heaps they were at.

        Bit 1 of digit ``k`` (take a whole heap of exactly ``k``) gives heap ``k`` one
        option, of value 0.  When heap ``k`` has another option of value 0, the move
        changes no heap's value, and the code without it has the same sequence (by
        induction on the heap: every heap keeps the values of its options).  Zero moves at
        heaps up to ``IDLE_HEAPS`` are examined.

        >>> TakeAndBreak("0.761").without_idle_moves()   # heap 3 of 0.76 moves to 1 + 1
        (TakeAndBreak('0.76'), (3,))
        >>> TakeAndBreak("0.07").without_idle_moves()
        (TakeAndBreak('0.07'), ())
        """
        top = min(len(self.digits) - 1, IDLE_HEAPS)
        idle = [k for k in range(1, top + 1) if self.digits[k] & 1]
        if not idle:
            return self, ()
        # the zero move is the option 0 (heap 0); any other option of value 0 makes it idle
        idle = [k for k in idle
                if any(value(self, o) == 0 for o in self.options(k) if isinstance(o, Sum) or o)]
        if not idle:
            return self, ()
        digits = list(self.digits)
        for k in idle:
            digits[k] &= ~1
        return TakeAndBreak(Code.of_digits(digits).text), tuple(idle)

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 (fast kernel: three-heap codes have their own).

        >>> TakeAndBreak("0.8").kernel_sequence(10).tolist()
        [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
        """
        import numpy as np
        if n <= 0:
            return np.zeros(0, dtype=np.int64)
        kept = self.memo("kernel")
        kernel: SplitKernel | ThreeHeapKernel | None = kept.get("kernel")
        if kernel is None:
            zero, one, two, three = self._split_moves()
            kernel = kept["kernel"] = (
                ThreeHeapKernel(zero, one, two, three) if three
                else SplitKernel(zero=zero, one=one, two=two))
        return kernel.values(n)

    def kernel_values(self, n: int) -> np.ndarray:
        """The kernel's own values (uint16 on the compiled kernel), for a period search."""
        self.kernel_sequence(0 if n <= 0 else 1)  # builds the kernel
        kernel = self.memo("kernel")["kernel"]
        if n <= 0 or not isinstance(kernel, SplitKernel):
            return self.kernel_sequence(n)
        return kernel.values(n, compact=True)

    def _split_moves(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """The removals that may leave no heap, one, two and three heaps."""
        return self._code.removals()

    def fill(self, values: np.ndarray, done: int, n: int,
             report: Callable[[int], None] | None = None) -> None:
        """Values of heaps ``done..n-1`` in place, resumable (codes with two heaps at most)."""
        import numpy as np
        zero, one, two, three = self._split_moves()
        if three or values.dtype != np.uint16:
            super().fill(values, done, n, report)
        else:
            fill(zero, one, two, False, values, done, n, report)

    def __eq__(self, other: object) -> bool:
        return type(other) is TakeAndBreak and other.code == self.code

    def __hash__(self) -> int:
        return hash(("grundy.TakeAndBreak", self.code))

    def __repr__(self) -> str:
        return f"TakeAndBreak({self.code!r})"


class GrundysGame(HeapGame):
    """Split one heap into two non-empty heaps of different sizes.

    >>> GrundysGame().options(6)
    [Sum(1, 5), Sum(2, 4)]
    >>> GrundysGame().sequence(10).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    """

    has_kernel = True
    sequence_limit = TWO_HEAP_LIMIT
    fills_in_place = True

    @property
    def period_budget(self) -> int:  # type: ignore[override]
        """Values a period search computes when not told: 2^20 on the compiled kernel
        (about 3 s), 20000 on the NumPy one."""
        return GRUNDY_BUDGET if compiled_kernel() is not None else GRUNDY_NUMPY_BUDGET

    def options(self, n: int) -> list[Sum]:
        return [Sum(a, n - a) for a in range(1, (n + 1) // 2)]

    @property
    def notation(self) -> str:
        return "grundys-game"

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 (fast kernel)."""
        kept = self.memo("kernel")
        kernel = kept.get("kernel")
        if kernel is None:
            kernel = kept["kernel"] = SplitKernel(zero=[], one=[], two=[0], unequal=True)
        return kernel.values(n)

    def kernel_values(self, n: int) -> np.ndarray:
        """The kernel's own values (uint16 on the compiled kernel), for a period search."""
        self.kernel_sequence(1)  # builds the kernel
        kernel: SplitKernel = self.memo("kernel")["kernel"]
        return kernel.values(n, compact=True) if n > 0 else self.kernel_sequence(0)

    def fill(self, values: np.ndarray, done: int, n: int,
             report: Callable[[int], None] | None = None) -> None:
        """Values of heaps ``done..n-1`` in place, resumable."""
        import numpy as np
        if values.dtype != np.uint16:
            super().fill(values, done, n, report)
        else:
            fill([], [], [0], True, values, done, n, report)

    def __eq__(self, other: object) -> bool:
        return type(other) is GrundysGame

    def __hash__(self) -> int:
        return hash("grundy.GrundysGame")
