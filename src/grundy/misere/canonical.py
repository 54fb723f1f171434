"""Misère canonical forms of impartial games (Conway, On Numbers and Games, ch. 12;
Siegel, Combinatorial Game Theory, 2013, ch. V.1).

Two impartial games G and H are *equal in misère play* (G = H) when G + X and H + X have
the same misère outcome for every impartial game X.  Every game equals exactly one game
in *simplest form*, its misère canonical form, and two games are equal iff their
canonical forms are the same.  The theory used, each step proved in Siegel's ch. V.1:

* G is *linked* to H when some X makes both G + X and H + X misère P-positions.
  G is linked to H iff no option of G equals H and no option of H equals G.
* G = H iff no option of G is linked to H, no option of H is linked to G, and neither
  is an end (a game with no option) while the other is a P-position.  (A shortest X
  telling G and H apart shows it: if G + X is a P-position and H + X is not, then H + X
  has a P-position option; it is not G + X', as G + X' is no P-position, so it is
  H' + X, and G is linked to H'; or H + X has no option, so H = X = 0.)
* An option G' of G is *reversible* when G' has an option G'' equal to G; then G = G''.
  A game whose options are in simplest form and none of them reversible is in simplest
  form.  So the canonical form of {G1, G2, ...} is found from the canonical forms of the
  options: duplicates go, and if some G'' equals the game, it is that G''.

So every game born by day n + 1 is a set of canonical forms born by day n, and a set is
itself canonical iff none of its members is reversible: :func:`count_born_by` counts
the canonical sets with a bit mask per set, in NumPy.  Conway's counts (On Numbers and
Games, pp. 139-140): 1, 2, 3, 5, 22 and 4171780 games born by days 0 to 5.  Day 6's,
too many sets to test one by one, follows from a formula (:func:`count_by_formula`)
that gives days 1 to 5 again.

Forms are written with nim heaps where a form is one (``0``, ``*``, ``*2``), else as the
set of their options: ``{*2}``, ``{0,*2}``, ``{*,*2,*3}``.

>>> misere_forms_born_by(3)
[0, *, *2, {*2}, *3]
>>> from grundy.rules.heap import Nim
>>> misere_canonical(Nim(), 3), misere_equal(Nim(), 1, Nim().parse_position("1"))
(*3, True)
>>> misere_form("{*}")  # the game with one move, to *, equals 0 in misère play
0
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import Game, Sum, options_of
from ..errors import GrundyError, InputError

__all__ = ["MisereForm", "count_born_by", "count_by_formula", "day_6_expression", "misere_canonical", "misere_equal", "misere_form",
           "misere_forms_born_by"]

#: canonical forms made in one process at most (a game's forms grow fast with its size)
FORM_LIMIT = 500_000

#: a game's form is searched for this long at most (seconds)
MAX_SECONDS = 20.0

#: options held by all the forms at most (nim heap 1000 holds 500500)
OPTION_LIMIT = 2_000_000

#: the longest form written out, in characters (Kayles 16 has 7 million, Kayles 20 2 billion)
TEXT_LIMIT = 10_000_000

#: the largest day whose forms :func:`misere_forms_born_by` lists (day 5 has 4171780)
LIST_DAY = 4

#: the largest day :func:`count_born_by` counts (day 6 by a formula on day 5's forms;
#: day 7's would need day 6's, about 2^4171780 of them)
COUNT_DAY = 6


class _Forms:
    """The one table of canonical forms met so far: form number -> its options."""

    def __init__(self) -> None:
        self.options: list[frozenset[int]] = [frozenset()]
        self.index: dict[frozenset[int], int] = {frozenset(): 0}
        self.birthday: list[int] = [0]
        self.p_position: list[bool] = [False]  # 0: the player to move cannot, and wins
        self.sums: dict[tuple[int, int], int] = {}
        self.heaps: list[int] = [0]  # *n's form, by n
        self.heap_numbers: dict[int, int | None] = {0: 0}
        self.texts: dict[int, str] = {}
        self.lengths: dict[int, int] = {}
        self.stored = 0  # options held by all the forms
        self.calls = 0
        self.deadline = float("inf")  # time.monotonic() past which a search gives up

    def equal(self, members: frozenset[int], p_game: bool, k: int,
              memo: dict[int, bool]) -> bool:
        """Whether the game whose options are the forms ``members`` (a P-position if
        ``p_game``) equals form ``k``."""
        found = memo.get(k)
        if found is not None:
            return found
        opts = self.options
        found = (
            # the same outcome (X = 0), and k no member: k is not linked to itself
            self.p_position[k] == p_game and k not in members
            # no option of the game linked to k, no option of k linked to the game
            and all(k in opts[g] or g in opts[k] for g in members)
            and all(kk in members or any(self.equal(members, p_game, k3, memo)
                                         for k3 in opts[kk])
                    for kk in opts[k])
            # neither an end while the other is a P-position
            and not (not opts[k] and members and p_game)
            and not (not members and self.p_position[k]))
        memo[k] = found
        return found

    def canonical(self, members: Iterable[int]) -> int:
        """The form of the game whose options are the forms ``members``."""
        key = frozenset(members)
        known = self.index.get(key)
        if known is not None:
            return known
        self.calls += 1
        if self.calls & 255 == 0 and time.monotonic() > self.deadline:
            raise GrundyError(f"the misère form takes more than {MAX_SECONDS:g} s to find: "
                              "give a smaller position")
        p_game = not any(self.p_position[g] for g in key)
        if not self._is_heap(key):  # *n is canonical: nim heaps differ in misère play
            memo: dict[int, bool] = {}
            for g in key:
                for gg in self.options[g]:
                    if self.equal(key, p_game, gg, memo):
                        return gg  # g is reversible: the game is gg
        self.stored += len(key)
        if len(self.options) >= FORM_LIMIT or self.stored > OPTION_LIMIT:
            raise GrundyError(f"more than {FORM_LIMIT} misère canonical forms, or "
                              f"{OPTION_LIMIT} options among them: give a smaller position")
        number = len(self.options)
        self.options.append(key)
        self.index[key] = number
        self.birthday.append(1 + max(self.birthday[g] for g in key))
        self.p_position.append(p_game)
        return number

    def _is_heap(self, key: frozenset[int]) -> bool:
        """Whether ``key`` is the set of options of a nim heap, ``{0, *, ..., *(n-1)}``."""
        numbers = [self.heap_number(g) for g in key]
        return None not in numbers and sorted(n or 0 for n in numbers) == list(range(len(key)))

    def heap(self, n: int) -> int:
        """The form of the nim heap ``*n``."""
        while len(self.heaps) <= n:
            self.heaps.append(self.canonical(self.heaps))
        return self.heaps[n]

    def add(self, a: int, b: int) -> int:
        """The form of the sum of forms ``a`` and ``b``."""
        if a == 0 or b == 0:
            return a or b
        key = (a, b) if a <= b else (b, a)
        found = self.sums.get(key)
        if found is None:
            found = self.canonical([*(self.add(x, b) for x in self.options[a]),
                                    *(self.add(a, y) for y in self.options[b])])
            self.sums[key] = found
        return found

    def heap_number(self, form: int) -> int | None:
        """n if the form is the nim heap ``*n``, else None."""
        found = self.heap_numbers.get(form, -1)
        if found == -1:
            numbers = [self.heap_number(g) for g in self.options[form]]
            found = (len(numbers) if None not in numbers
                     and sorted(n or 0 for n in numbers) == list(range(len(numbers))) else None)
            self.heap_numbers[form] = found
        return found

    def length(self, form: int) -> int:
        """The length of the form's text (which can grow as the square of its birthday's
        exponential: the options share their options, the text repeats them)."""
        found = self.lengths.get(form)
        if found is None:
            n = self.heap_number(form)
            if n is not None:
                found = 1 if n < 2 else 1 + len(str(n))
            else:
                opts = self.options[form]
                found = 1 + len(opts) + sum(self.length(g) for g in opts)
            self.lengths[form] = found
        return found

    def text(self, form: int) -> str:
        if self.length(form) > TEXT_LIMIT:
            raise GrundyError(f"the misère form is written with {self.length(form)} "
                              f"characters, more than {TEXT_LIMIT}: give a smaller position")
        found = self.texts.get(form)
        if found is None:
            n = self.heap_number(form)
            if n is not None:
                found = "0" if n == 0 else "*" if n == 1 else f"*{n}"
            else:
                inner = sorted(self.options[form], key=lambda g: (self.birthday[g], self.text(g)))
                found = "{" + ",".join(self.text(g) for g in inner) + "}"
            self.texts[form] = found
        return found


_FORMS = _Forms()


class MisereForm:
    """A misère canonical form; two are equal iff the games are equal in misère play.

    >>> f = misere_form("{0,{*2}}")
    >>> f, f.birthday, f.outcome, [str(o) for o in f.options]
    ({0,{*2}}, 4, 'N', ['0', '{*2}'])
    >>> misere_form("{0,*2}")  # reversible: *2 has the option *, equal to the game
    *
    """

    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        object.__setattr__(self, "number", number)

    def __setattr__(self, name: str, val: object) -> None:
        raise AttributeError("MisereForm is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MisereForm) and other.number == self.number

    def __hash__(self) -> int:
        return hash(("MisereForm", self.number))

    def __str__(self) -> str:
        return _FORMS.text(self.number)

    def __repr__(self) -> str:
        return str(self)

    def __add__(self, other: MisereForm) -> MisereForm:
        return MisereForm(_FORMS.add(self.number, other.number))

    @property
    def options(self) -> list[MisereForm]:
        """The options, simplest first."""
        return [MisereForm(g) for g in sorted(_FORMS.options[self.number],
                                              key=lambda g: (_FORMS.birthday[g], _FORMS.text(g)))]

    @property
    def birthday(self) -> int:
        return _FORMS.birthday[self.number]

    @property
    def outcome(self) -> str:
        """``"P"`` if the player to move loses in misère play, else ``"N"``."""
        return "P" if _FORMS.p_position[self.number] else "N"


def misere_form(text: str) -> MisereForm:
    """The canonical form of a game written as ``0``, ``*``, ``*n`` or ``{A,B,...}``.

    >>> misere_form("{0,*,*2}"), misere_form("{*2,*2}"), misere_form("{{*2},*3}")
    (*3, {*2}, {*3,{*2}})
    """
    tokens = re.findall(r"\*\d*|0|[{},]|\S", text.replace(" ", ""))
    pos = 0

    def read() -> int:
        nonlocal pos
        if pos >= len(tokens):
            raise InputError(f"not a misère form: {text!r} ends too soon")
        token = tokens[pos]
        pos += 1
        if token == "0":
            return 0
        if token.startswith("*"):
            return _FORMS.heap(int(token[1:] or 1))
        if token != "{":
            raise InputError(f"not a misère form: {text!r} (write 0, *, *2 or {{A,B}})")
        members: list[int] = []
        while pos < len(tokens) and tokens[pos] != "}":
            members.append(read())
            if pos < len(tokens) and tokens[pos] == ",":
                pos += 1
        if pos >= len(tokens):
            raise InputError(f"not a misère form: {text!r} lacks a closing brace")
        pos += 1
        return _FORMS.canonical(members)

    form = read()
    if pos != len(tokens):
        raise InputError(f"not a misère form: {text!r} has more after its end")
    return MisereForm(form)


def misere_canonical(game: Game, position: Any) -> MisereForm:
    """The misère canonical form of ``position`` of ``game`` (a :class:`Sum`, or a list of
    parts, is their sum).

    >>> from grundy.rules.heap import TakeAndBreak
    >>> kayles = TakeAndBreak("0.77")
    >>> [str(misere_canonical(kayles, n)) for n in range(7)]
    ['0', '*', '*2', '*3', '*', '{*,*2,*3,{*2,*3}}', '*3']
    """
    if not isinstance(game, Game):
        raise GrundyError(f"expected a ruleset (a grundy.Game), got {game!r}")
    memo: dict[Any, int] = {}
    parts = list(position) if isinstance(position, (list, Sum)) else [position]
    total = 0
    _FORMS.deadline = time.monotonic() + MAX_SECONDS
    try:
        for part in parts:
            total = _FORMS.add(total, _form_of(game, part, memo))
    except RecursionError:
        raise GrundyError("the misère form is too deep to find (too long a game): give a "
                          "smaller position") from None
    finally:
        _FORMS.deadline = float("inf")
    return MisereForm(total)


def _form_of(game: Game, position: Any, memo: dict[Any, int]) -> int:
    """The form of one position, searched depth first without recursion."""
    if isinstance(position, Sum):
        total = 0
        for part in position.parts:
            total = _FORMS.add(total, _form_of(game, part, memo))
        return total
    if position in memo:
        return memo[position]
    stack: list[tuple[Any, list[Any]]] = [(position, options_of(game, position))]
    on_stack = {position}
    while stack:
        pos, options = stack[-1]
        pieces = [p for o in options for p in (o.parts if isinstance(o, Sum) else (o,))]
        missing = next((p for p in pieces if p not in memo), None)
        if missing is not None:
            if missing in on_stack:
                raise GrundyError(f"{game.label}: position {missing!r} can be reached from "
                                  "itself: a misère form needs a game that ends")
            on_stack.add(missing)
            stack.append((missing, options_of(game, missing)))
            continue
        stack.pop()
        on_stack.discard(pos)
        forms = []
        for o in options:
            total = 0
            for p in (o.parts if isinstance(o, Sum) else (o,)):
                total = _FORMS.add(total, memo[p])
            forms.append(total)
        memo[pos] = _FORMS.canonical(forms)
    return memo[position]


def misere_equal(game: Game, a: Any, b: Any) -> bool:
    """Whether positions ``a`` and ``b`` of ``game`` are equal in misère play: the same
    misère outcome beside every impartial game.

    >>> from grundy.rules.heap import Nim
    >>> misere_equal(Nim(), Sum(1, 1), 0), misere_equal(Nim(), Sum(2, 2), 0)
    (True, False)
    """
    return misere_canonical(game, a) == misere_canonical(game, b)


def _born_by(day: int) -> list[int]:
    if day < 0:
        raise GrundyError(f"a day is 0 or more, not {day}")
    forms = [0]
    for _ in range(day):
        if len(forms) > 16:
            raise GrundyError(f"the forms born by day {day} are too many to list "
                              f"(day {LIST_DAY} is the last listed)")
        made = {_FORMS.canonical(g for i, g in enumerate(forms) if mask >> i & 1)
                for mask in range(1 << len(forms))}
        forms = sorted(made, key=lambda g: (_FORMS.birthday[g], len(_FORMS.options[g]),
                                            _FORMS.text(g)))
    return forms


def misere_forms_born_by(day: int) -> list[MisereForm]:
    """The misère canonical forms of the games born by ``day`` (at most day 4: 22 of them),
    each found by canonicalising every set of the forms born by the day before.

    >>> [len(misere_forms_born_by(d)) for d in range(5)]
    [1, 2, 3, 5, 22]
    """
    if day > LIST_DAY:
        raise GrundyError(f"the forms born by day {day} are too many to list "
                          f"(day {LIST_DAY} is the last listed; count them instead)")
    return [MisereForm(g) for g in _born_by(day)]


def count_born_by(day: int) -> int:
    """How many misère canonical forms are born by ``day`` (at most day 6): the sets of
    forms born by the day before in which no member is reversible, tested on every set
    at once as bit masks (days 1 to 5); day 6's by :func:`count_by_formula`.

    >>> [count_born_by(d) for d in range(5)]
    [1, 2, 3, 5, 22]
    """
    if day > COUNT_DAY:
        raise GrundyError(f"day {day} has too many forms to count "
                          f"(day {COUNT_DAY} is the last counted)")
    if day == 0:
        return 1
    if day == 6:
        return count_by_formula(*_day_5_memberships())
    return int(_canonical_sets(_born_by(day - 1)).sum())


def count_by_formula(forms: int, having: dict[int, int], zero_n: int) -> int:
    """The forms born by day n + 1, from the ``forms`` born by day n: ``having[k]`` of
    them have form ``k`` as an option, ``zero_n`` of those with the option 0 are
    N-positions.

    A set S of forms born by day n is a form itself unless some member has an option
    K equal to the game {S}.  Then every member has K as an option or is an option of
    K (no member is linked to K), and every option K' of K is in S (K' is not linked to
    {S}, and no option of K' equals {S}, which equals K, born later).  So the sets
    equal to K are: the options of K, with any non-empty set of forms having K as an
    option (for K = 0, one of which is a P-position: {S} has the outcome of 0).  Each
    set equals one K at most, and the count is 2^forms minus those sets.

    >>> forms = misere_forms_born_by(4)
    >>> having = {k.number: sum(k in f.options for f in forms) for k in forms}
    >>> zero_n = sum(1 for f in forms if misere_form("0") in f.options and f.outcome == "N")
    >>> count_by_formula(len(forms), having, zero_n)
    4171780
    """
    total = 1 << forms
    for k, n in having.items():
        total -= (1 << n) - (1 << zero_n if k == 0 else 1)
    return total


def _day_5_memberships() -> tuple[int, dict[int, int], int]:
    """The forms born by day 5, how many of them have each day-4 form as an option, and
    how many with the option 0 are N-positions."""
    import numpy as np

    day4 = _born_by(4)
    canonical = _canonical_sets(day4)
    sets = np.flatnonzero(canonical).astype(np.uint32)
    having = {k: int(np.count_nonzero((sets >> np.uint32(i)) & np.uint32(1)))
              for i, k in enumerate(day4)}
    p_mask = sum(1 << i for i, g in enumerate(day4) if _FORMS.p_position[g])
    zero = sets[(sets >> np.uint32(day4.index(0))) & np.uint32(1) != 0]
    zero_n = int(np.count_nonzero(zero & np.uint32(p_mask)))
    return len(sets), having, zero_n


def day_6_expression() -> str:
    """Day 6's count as a sum of powers of 2, equal powers merged (its decimal digits
    are more than a million).

    >>> day_6_expression().startswith("2^4171780 - 2^2096640 - 2^2095104 - 2^2094593")
    True
    """
    from collections import Counter

    forms, having, zero_n = _day_5_memberships()
    less = Counter(n for n in having.values() if n)
    while any(c > 1 for c in less.values()):  # 2^n + 2^n = 2^(n+1)
        n = next(n for n, c in less.items() if c > 1)
        less[n] -= 2
        less[n + 1] += 1
    ones = sum(1 for k, n in having.items() if n and k != 0)
    powers = " ".join(f"- 2^{n}" for n in sorted(less, reverse=True) if less[n])
    return f"2^{forms} {powers} + 2^{zero_n} + {ones}"


def _canonical_sets(forms: Sequence[int]) -> Any:
    """Which subsets of ``forms`` (which must hold every option of each of them, and
    every option of those options) are canonical, no member reversible: a NumPy array
    of booleans indexed by the subset's bit mask."""
    import numpy as np

    n = len(forms)
    at = {g: i for i, g in enumerate(forms)}
    opts, p_position = _FORMS.options, _FORMS.p_position
    sets = np.arange(1 << n, dtype=np.uint32)
    nonempty = sets != 0

    def has(i: int) -> Any:
        return (sets >> np.uint32(i)) & np.uint32(1) != 0

    p_mask = sum(1 << i for i, g in enumerate(forms) if p_position[g])
    # equal[k]: which sets, as games, equal form k (the test of _Forms.equal, on every set)
    equal: dict[int, Any] = {}
    needed = {gg for g in forms for gg in opts[g]}
    needed |= {k3 for k in needed for kk in opts[k] for k3 in opts[kk]}
    for k in sorted(needed, key=lambda g: _FORMS.birthday[g]):
        unlinked = sum(1 << i for i, g in enumerate(forms) if k in opts[g] or g in opts[k])
        found = (sets & np.uint32(~unlinked & ((1 << n) - 1))) == 0
        for kk in opts[k]:
            either = has(at[kk])
            for k3 in opts[kk]:
                either |= equal[k3]
            found &= either
        if not opts[k]:
            found &= ~nonempty | ((sets & np.uint32(p_mask)) != 0)
        if p_position[k]:
            found &= nonempty
        equal[k] = found
    reducible = np.zeros(1 << n, dtype=bool)
    for i, g in enumerate(forms):
        if opts[g]:
            through = np.zeros(1 << n, dtype=bool)
            for gg in opts[g]:
                through |= equal[gg]
            reducible |= has(i) & through
    return ~reducible
