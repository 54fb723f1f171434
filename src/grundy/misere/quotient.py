"""Misère quotients of heap games: computed, certified, presented, and played.

The misère quotient Q of a heap game (Plambeck, "Taming the wild in impartial
combinatorial games", 2005; Plambeck & Siegel, "Misère quotients for impartial games",
2008) is the commutative monoid of its sums modulo misère indistinguishability, with
its P-portion (the elements of the sums the player to move loses) and the pretending
function Φ (heap -> element).  Once Q is known, a sum of any size is decided by one
product: the player to move loses exactly when Φ(h1)·Φ(h2)···Φ(hk) is in P.

:func:`quotient` computes Q_n heap by heap (:mod:`~grundy.misere.solver`) until the
pretending function is periodic far enough for the periodicity theorem of misère
quotients to prove Q complete (octal codes, subtraction games), or the budget is spent:
then it is the partial quotient Q_n of heaps 0..n, which decides the sums of those heaps.

>>> from grundy import find
>>> q = quotient(find("0.75"))
>>> q.order, len(q.p_portion), q.certified
(8, 2, True)
>>> q.presentation
'<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>'
>>> q.outcome([5, 7, 9]), q.element_word([5, 7, 9])
('N', 'ab^2')
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import Game, Sum, options_of
from ..errors import GrundyError
from .monoid import Table, least_words
from .solver import HeapRules, Pretension, Solver, TooLarge, _Stop, heap_options

if TYPE_CHECKING:
    from ..rules.codes import MisereCertifier

__all__ = ["DEFAULT_HEAPS", "DEFAULT_SECONDS", "MAX_HEAPS", "MAX_SECONDS", "Quotient",
           "Unverified", "compute_quotient", "quotient", "verify"]

#: heaps computed when not told (Kayles certifies at heap 169)
DEFAULT_HEAPS = 1000
#: seconds spent when not told
DEFAULT_SECONDS = 60.0
#: the most heaps and seconds one computation takes
MAX_HEAPS = 20_000
MAX_SECONDS = 24 * 3600.0

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: entries of the pretending function in :meth:`Quotient.report` (the JSON has them all)
_SHOWN = 120


def _name(i: int) -> str:
    return _LETTERS[i] if i < len(_LETTERS) else f"g{i + 1}"


def _word_text(word: Sequence[int]) -> str:
    text = "".join(_name(i) + (f"^{e}" if e > 1 else "") for i, e in enumerate(word) if e)
    return text or "1"


@dataclass(frozen=True, eq=False)
class Quotient:
    """The misère quotient Q_n of a heap game (the whole quotient when ``certified``)."""

    #: the game's notation (``0.77``)
    game: str
    #: the largest heap computed: Q is the quotient of the sums of heaps 0..heaps
    heaps: int
    #: the multiplication table (element 0 is the identity)
    table: Table
    #: whether each element is in the P-portion
    in_p: tuple[bool, ...]
    #: the pretending function: the element of each heap 0..heaps
    phi: tuple[int, ...]
    #: (heap, |Q|, |P|) at each heap where the quotient grew
    changes: tuple[tuple[int, int, int], ...]
    #: the theorem that proves Q complete (None: partial)
    theorem: str | None = None
    preperiod: int | None = None
    period: int | None = None
    #: why a partial quotient stopped ("heaps", "time", or what grew too large)
    stopped: str | None = None

    @property
    def certified(self) -> bool:
        return self.theorem is not None

    @property
    def order(self) -> int:
        return len(self.in_p)

    @property
    def p_portion(self) -> list[int]:
        return [x for x, p in enumerate(self.in_p) if p]

    # -- presentation -------------------------------------------------------------------
    def _structure(self) -> tuple[list[int], dict[int, tuple[int, ...]], list[str]]:
        """Generators (elements), the normal form of each element (exponents), relations."""
        cached: tuple[list[int], dict[int, tuple[int, ...]], list[str]] | None = \
            self.__dict__.get("_structure_cache")
        if cached is not None:
            return cached
        n, d = self.table.n, self.table.data  # flat: a table of 6000 elements as lists
        gens: list[int] = []                  # would hold 36 million int objects
        reach = {0}
        for x in self.phi:
            if x not in reach:
                gens.append(x)
                frontier = list(reach)
                for y in frontier:  # grows while read
                    for g in gens:
                        z = d[y * n + g]
                        if z not in reach:
                            reach.add(z)
                            frontier.append(z)
        k = len(gens)
        normal = least_words(self.table, gens)
        forms = set(normal.values())
        relations: dict[tuple[int, ...], str] = {}
        for x, word in normal.items():
            for j, g in enumerate(gens):
                w = word[:j] + (word[j] + 1,) + word[j + 1:]
                if w in forms or w in relations:
                    continue
                if all(w[:i] + (w[i] - 1,) + w[i + 1:] in forms for i in range(k) if w[i]):
                    relations[w] = f"{_word_text(w)}={_word_text(normal[d[x * n + g]])}"
        rels = [relations[w] for w in sorted(relations, key=lambda w: w[::-1])]
        found = (gens, normal, rels)
        object.__setattr__(self, "_structure_cache", found)
        return found

    @property
    def generators(self) -> list[str]:
        return [_name(i) for i in range(len(self._structure()[0]))]

    @property
    def presentation(self) -> str:
        """The presentation ``<a,b | a^2=1, b^3=b>``."""
        gens, _, rels = self._structure()
        names = ",".join(_name(i) for i in range(len(gens)))
        return f"<{names} | {', '.join(rels)}>" if rels else f"<{names}>"

    def word(self, x: int) -> str:
        """An element written in the generators (its least word)."""
        return _word_text(self._structure()[1][x])

    # -- the pretending function ------------------------------------------------------
    def covers(self, heap: int) -> bool:
        """Whether the element of this heap is known (any heap once certified)."""
        return 0 <= heap <= self.heaps or self.certified

    def heap_element(self, heap: int) -> int:
        if 0 <= heap <= self.heaps:
            return self.phi[heap]
        if self.certified and heap > self.heaps:
            e, p = self.preperiod or 0, self.period or 1
            return self.phi[e + (heap - e) % p]
        raise GrundyError(f"heap {heap} is past the partial misère quotient of {self.game} "
                          f"(heaps 0..{self.heaps})")

    def element(self, heaps: Iterable[int]) -> int:
        """The product of the heaps' elements."""
        n, d = self.table.n, self.table.data
        x = 0
        for h, c in Counter(heaps).items():
            y = self.heap_element(h)
            for _ in range(_reduced_count(self.table, y, c)):
                x = d[x * n + y]
        return x

    def element_word(self, heaps: Iterable[int]) -> str:
        return self.word(self.element(heaps))

    def outcome(self, heaps: Iterable[int]) -> str:
        """``"P"`` if the player to move loses the sum of these heaps under misère play."""
        return "P" if self.in_p[self.element(heaps)] else "N"

    # -- play -------------------------------------------------------------------------
    def part_winning_moves(self, game: Game, parts: Sequence[int],
                           check: Callable[[], None] | None = None) -> list[tuple[int, Any]]:
        """The misère winning moves of a sum of heaps: (index of the part, its option).

        The product of the other parts is found for each distinct heap by prefix and
        suffix products, so a sum of thousands of heaps costs one pass over its distinct
        heaps and their options.  ``check`` is called before each heap's options are
        listed and every few thousand options (it raises to stop: a time limit)."""
        n, d = self.table.n, self.table.data
        counts = Counter(parts)
        heaps = list(counts)

        def power(y: int, c: int) -> int:
            x = 0
            for _ in range(_reduced_count(self.table, y, c)):
                x = d[x * n + y]
            return x

        elems = [self.heap_element(h) for h in heaps]
        whole = [power(y, counts[h]) for h, y in zip(heaps, elems)]
        prefix = [0]
        for w in whole:
            prefix.append(d[prefix[-1] * n + w])
        suffix = [0]
        for w in reversed(whole):
            suffix.append(d[suffix[-1] * n + w])
        suffix.reverse()
        good: dict[int, list[Any]] = {}
        for i, h in enumerate(heaps):
            if check is not None:
                check()
            rest = d[d[prefix[i] * n + suffix[i + 1]] * n + power(elems[i], counts[h] - 1)]
            wins = []
            for k, o in enumerate(options_of(game, h)):
                if check is not None and (k & 4095) == 4095:
                    check()
                x = rest
                for p in (o.parts if isinstance(o, Sum) else (o,)):
                    x = d[x * n + self.heap_element(p)]  # type: ignore[arg-type]
                if self.in_p[x]:
                    wins.append(o)
            good[h] = wins
        return [(i, o) for i, h in enumerate(parts) for o in good[h]]

    def explain(self, parts: Sequence[int]) -> list[str]:
        """Why a sum of heaps is won or lost, by the quotient: the parts' elements, their
        product, and whether it is in P."""
        state = f"certified, {self.theorem.split(':')[0]}" if self.theorem \
            else f"partial: heaps 0..{self.heaps}"
        lines = [f"misère quotient of {self.game}: order {self.order}, |P| = "
                 f"{len(self.p_portion)} ({state})", f"  Q = {self.presentation}"]
        counts = Counter(parts)
        shown = ", ".join(f"{h}{f' (x{c})' if c > 1 else ''}: {self.word(self.heap_element(h))}"
                          for h, c in sorted(counts.items()))
        lines.append(f"elements of the parts: {shown}")
        x = self.element(parts)
        inside = "in P: the player to move loses" if self.in_p[x] \
            else "not in P: the player to move wins by moving to a product in P"
        lines.append(f"their product: {self.word(x)}, {inside}")
        return lines

    def report(self) -> list[str]:
        """The lines ``grundy quotient`` prints: how it was found, the order, the
        presentation, the P-portion, the pretending function and where Q grew."""
        if self.certified:
            lines = [f"misère quotient of {self.game}: certified by {self.theorem}"]
        else:
            why = {"time": "the time limit", "heaps": "the heap limit"}.get(
                self.stopped or "", self.stopped or "")
            lines = [f"misère quotient of {self.game}: partial, Q_{self.heaps} (sums of heaps "
                     f"0..{self.heaps}; stopped at {why}); not certified"]
            lines += self._growth_note()
        lines.append(f"order |Q| = {self.order}, |P| = {len(self.p_portion)}")
        lines.append(f"presentation: {self.presentation}")
        lines.append(f"P-portion: {{{', '.join(self.word(x) for x in self.p_portion)}}}")
        shown = self.phi[:_SHOWN]
        more = f" ... ({self.heaps + 1} heaps)" if len(self.phi) > _SHOWN else ""
        lines.append(f"pretending function (heaps 0..): "
                     f"{' '.join(self.word(x) for x in shown)}{more}")
        if self.certified:
            lines.append(f"  periodic: period {self.period} from heap {self.preperiod}")
        changes = ", ".join(f"{h} (|Q| = {o}, |P| = {p})" for h, o, p in self.changes)
        lines.append(f"the quotient changed at heaps: {changes or 'none'}")
        return lines

    def nim_like_growth(self) -> int | None:
        """``k`` when the quotient grew as misère nim's does and nowhere else: at heaps 1,
        2, 4, ..., 2^k (k >= 3), heap 2^j to 2^(j+1) + 2 elements with |P| = 2 (None if
        not).  Misère nim's quotient grows so at every power of two: it is infinite.

        >>> from grundy import find
        >>> quotient(find("nim"), heaps=20).nim_like_growth()
        4
        """
        want = [(1, 2, 1)] + [(1 << j, (1 << (j + 1)) + 2, 2) for j in range(1, len(self.changes))]
        if len(self.changes) >= 4 and list(self.changes) == want:
            return len(self.changes) - 1
        return None

    def _growth_note(self) -> list[str]:
        """What a partial quotient that grows as misère nim's says of itself (nothing for
        the others)."""
        k = self.nim_like_growth()
        if k is None:
            return []
        grew = [f"  it grew at heaps 1, 2, 4, ..., {1 << k}, every power of two (to 2^(j+1) + 2 "
                "elements at heap 2^j), as the quotient of misère nim does, which is infinite",
                "  (nim heaps m != n of 2 or more are told apart by adding n: n + n is a "
                "P-position, m + n is not)"]
        if self.game == "nim":
            return grew + ["  this is nim: no finite quotient will be certified; grundy decides "
                           "misère nim by Bouton's rule at once (grundy analyze nim ... --misere)"]
        return grew + ["  this quotient may be infinite too"]

    # -- saving -------------------------------------------------------------------------
    def as_dict(self, table: bool = True) -> dict[str, Any]:
        """The quotient as JSON-ready data (:meth:`from_dict` reads it back; without the
        multiplication ``table``, |Q|^2 numbers, it does not)."""
        data: dict[str, Any] = {
            "game": self.game, "heaps": self.heaps, "order": self.order,
            "p_portion": len(self.p_portion), "certified": self.certified,
            "theorem": self.theorem, "preperiod": self.preperiod, "period": self.period,
            "stopped": self.stopped, "presentation": self.presentation,
            "elements": [self.word(x) for x in range(self.order)],
            "P": self.p_portion, "phi": list(self.phi),
            "pretending": [self.word(x) for x in self.phi],
            "changes": [list(c) for c in self.changes]}
        if table:
            data["table"] = self.table.tolist()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Quotient:
        """A quotient from :meth:`as_dict`'s data, checked for shape (GrundyError if not)."""
        def bad(why: str) -> GrundyError:
            return GrundyError(f"not a misère quotient: {why}")

        if not isinstance(data, dict):
            raise bad("expected an object")
        try:
            rows = data["table"]
            n = len(rows) if isinstance(rows, list) else 0
            if n < 1 or not all(isinstance(r, list) and len(r) == n for r in rows):
                raise bad("the table is not square")
            table = Table.from_rows(rows)
            if min(table.data) < 0 or max(table.data) >= n:
                raise bad("the table names an element out of range")
            if rows[0] != list(range(n)) or list(zip(*rows)) != [tuple(r) for r in rows]:
                raise bad("the table has no identity 0 or is not commutative")
            in_p = [False] * n
            for x in data["P"]:
                if not isinstance(x, int) or not 0 <= x < n:
                    raise bad("P names an element out of range")
                in_p[x] = True
            phi = data["phi"]
            if not isinstance(phi, list) or not phi or \
                    not all(isinstance(x, int) and 0 <= x < n for x in phi):
                raise bad("the pretending function names an element out of range")
            heaps = data["heaps"]
            if heaps != len(phi) - 1:
                raise bad(f"the pretending function has {len(phi)} entries, not one for each "
                          f"heap 0..{heaps!r:.40}")
            changes = tuple((int(h), int(o), int(c)) for h, o, c in data["changes"])
            theorem, pre, per = data["theorem"], data["preperiod"], data["period"]
            if theorem is not None and not (isinstance(theorem, str) and isinstance(pre, int)
                                            and isinstance(per, int) and per >= 1):
                raise bad("a certified quotient needs its theorem, preperiod and period")
            return cls(str(data["game"]), heaps, table, tuple(in_p),
                       tuple(phi), changes, theorem, pre, per, data.get("stopped"))
        except GrundyError:
            raise  # said already (a GrundyError is a ValueError: not wrapped again)
        except KeyError as exc:
            raise bad(f"no field {exc}") from None
        except (TypeError, ValueError, OverflowError) as exc:
            raise bad(f"{type(exc).__name__}: {exc}") from None

    def _repr_html_(self) -> str:
        """What a notebook shows: how the quotient was found, its order and P-portion, the
        presentation, the pretending function's first heaps, and the multiplication table
        when Q has at most 16 elements (P elements marked); every text escaped.

        >>> from grundy import find
        >>> page = quotient(find("0.75"))._repr_html_()
        >>> page.count("<tr>"), "a^2=1" in page, page.count('class="p"') >= 2
        (9, True, True)
        """
        from html import escape

        def e(text: object) -> str:
            return escape(str(text), quote=True)

        words = [self.word(x) for x in range(self.order)]
        state = (f"certified by {e(self.theorem)}" if self.certified
                 else f"partial: the sums of heaps 0..{self.heaps}, not certified")
        shown = " ".join(words[x] for x in self.phi[:40])
        more = f" ... ({self.heaps + 1} heaps)" if len(self.phi) > 40 else ""
        out = ['<div class="grundy-quotient">',
               f"<p>misère quotient of <b>{e(self.game)}</b>: {state}</p>",
               f"<p>order |Q| = <b>{self.order}</b>, |P| = <b>{len(self.p_portion)}</b></p>",
               f"<p>Q = <code>{e(self.presentation)}</code></p>",
               f"<p>P = <code>{{{e(', '.join(words[x] for x in self.p_portion))}}}</code></p>",
               f"<p>pretending function (heaps 0..): <code>{e(shown)}{more}</code></p>"]
        if self.order <= 16:
            def cell(x: int, tag: str = "td") -> str:
                mark = ' class="p" style="font-weight:bold;background:#dfe8fb"' \
                    if self.in_p[x] else ""
                return f"<{tag}{mark}>{e(words[x])}</{tag}>"
            rows = ["<tr><th>&#xd7;</th>" + "".join(cell(x, "th") for x in range(self.order))
                    + "</tr>"]
            rows += ["<tr>" + cell(x, "th") + "".join(cell(self.table[x, y])
                                                      for y in range(self.order)) + "</tr>"
                     for x in range(self.order)]
            out.append('<table class="quotient-table">' + "".join(rows) + "</table>"
                       "<p>(P elements in bold)</p>")
        out.append("</div>")
        return "".join(out)


def _reduced_count(table: Table, y: int, c: int) -> int:
    """An exponent ``e <= c`` with ``y^e = y^c`` (powers are eventually periodic)."""
    if c < 8:
        return c
    n, d = table.n, table.data
    seen: dict[int, int] = {}
    x, i = 0, 0
    while x not in seen and i < c:
        seen[x] = i
        x, i = d[x * n + y], i + 1
    if i == c:
        return c
    start, period = seen[x], i - seen[x]
    return start + (c - start) % period


class _Periods:
    """The periodicity theorem's test on a pretending function given heap by heap: for
    each period ``p``, ``e_p`` is one more than the last ``i`` with ``Φ(i) != Φ(i + p)``
    (kept as each heap comes, so a test costs one pass over the periods; begun again when
    the quotient grows, as its elements are numbered anew)."""

    def __init__(self, shape: MisereCertifier | None) -> None:
        self.shape = shape
        self.phi: list[int] = []
        self.last = [0]  # e_p at index p

    def append(self, x: int) -> None:
        phi, last = self.phi, self.last
        i = len(phi)
        for j, y in enumerate(reversed(phi)):  # y = Φ(i - p) for p = j + 1
            if y != x:
                last[j + 1] = i - j
        phi.append(x)
        last.append(0)

    def certify(self) -> tuple[str, int, int] | None:
        """(theorem, preperiod, period) when the periodicity theorem proves Q complete."""
        if self.shape is None:
            return None
        t, what = self.shape.removes, self.shape.what
        count, last = len(self.phi), self.last  # heaps 0..count-1
        for p in range(1, (count - t - 2) // 2 + 1):
            e = last[p]
            if 2 * e + 2 * p + t + 2 <= count:
                return (f"the periodicity theorem for misère quotients (Plambeck & Siegel "
                        f"2008): {what} removes at most t = {t} tokens and leaves at most two "
                        f"heaps, and its pretending function repeats with period {p} from heap "
                        f"{e} through heap {count - 1} >= 2e + 2p + t + 1, so Q and the period "
                        f"hold for every heap", e, p)
        return None


def _certify(phi: Sequence[int], shape: MisereCertifier | None
             ) -> tuple[str, int, int] | None:
    """(theorem, preperiod, period) when the periodicity theorem proves Q complete."""
    periods = _Periods(shape)
    if shape is not None:
        for x in phi:
            periods.append(x)
    return periods.certify()


def quotient(game: Game, heaps: int | None = None, seconds: float | None = None,
             progress: Callable[[str], None] | None = None) -> Quotient:
    """The misère quotient of a heap game: computed heap by heap until the periodicity
    theorem certifies it, or up to heap ``heaps`` (default :data:`DEFAULT_HEAPS`), or for
    ``seconds`` (default :data:`DEFAULT_SECONDS`); then the partial quotient Q_n.

    ``progress`` hears a line now and then (the command line shows them on a terminal).
    """
    from ..rules.base import is_heap_game

    if not is_heap_game(game):
        raise GrundyError(f"{game.label}: misère quotients are computed for heap games "
                          "(positions are heap sizes 0, 1, 2, ...)")
    if heaps is not None and not 0 <= heaps <= MAX_HEAPS:
        raise GrundyError(f"--heaps {heaps}: between 0 and {MAX_HEAPS}")
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise GrundyError(f"--time {seconds}: more than 0 and at most {MAX_SECONDS:g} s")
    return compute_quotient(game, heaps, seconds, progress)


def compute_quotient(game: HeapRules, heaps: int | None = None, seconds: float | None = None,
                     progress: Callable[[str], None] | None = None) -> Quotient:
    """:func:`quotient` for a heap game and limits already checked (the command line's
    fast path calls it on a code read without the rules)."""
    top = DEFAULT_HEAPS if heaps is None else heaps
    budget = DEFAULT_SECONDS if seconds is None else seconds
    shape = game.misere_certifier()
    solver = Solver(game, time.monotonic() + budget, progress)
    periods, grown = _Periods(shape), -1
    found = None
    stopped = None
    last_report = time.monotonic()
    while solver.heaps < top:
        try:
            solver.next()
            n = solver.heaps
            if len(solver.changes) != grown:  # the elements were renumbered: start again
                periods, grown = _Periods(shape), len(solver.changes)
                for i, x in enumerate(solver.p.phi[:-1] if shape is not None else ()):
                    if (i & 255) == 255:
                        solver._tick()  # each entry costs a pass over the ones before
                    periods.append(x)
        except _Stop:
            stopped = "time"
            break
        except TooLarge as exc:
            stopped = str(exc)
            break
        if shape is not None:
            periods.append(solver.p.phi[n])
        if n < 400 or n % 16 == 0:
            found = periods.certify()
            if found is not None:
                break
        if progress is not None and time.monotonic() - last_report > 0.5:
            last_report = time.monotonic()
            progress(f"heap {n}: |Q| = {len(solver.p.in_p)}, |P| = {sum(solver.p.in_p)}")
    else:
        found = periods.certify()
        stopped = None if found else "heaps"
    p = solver.p
    label = game.notation or game.label
    theorem, pre, per = found if found else (None, None, None)
    return Quotient(str(label), solver.heaps, p.table.copy(), tuple(p.in_p), tuple(p.phi),
                    tuple(solver.changes), theorem, pre, per, None if found else stopped)


class Unverified(GrundyError):
    """The verification of a quotient did not end within its time."""


def verify(game: HeapRules, q: Quotient, seconds: float | None = None) -> bool:
    """Whether ``q`` is right for every sum of heaps 0..q.heaps of ``game`` (the solver's
    exact verification), and, if it says so, certified by the periodicity theorem;
    :class:`Unverified` when that takes more than ``seconds``."""
    if q.certified:
        found = _certify(q.phi, game.misere_certifier())
        if found is None or found[1:] != (q.preperiod, q.period):
            return False
    opts: list[frozenset[int]] = [frozenset() for _ in q.phi]
    solver = Solver(game, None if seconds is None else time.monotonic() + seconds)
    pre = Pretension(q.table, list(q.in_p), list(q.phi), opts)
    active = []
    try:
        for n in range(1, q.heaps + 1):
            solver._tick()
            heaps_opts = heap_options(game, n, solver._tick)
            if heaps_opts:
                active.append(n)
                opts[n] = frozenset(pre.element(o) for o in solver._ticking(heaps_opts))
            elif q.phi[n] != 0:
                return False
        failure, _ = solver._failure(pre, active)
    except _Stop:
        raise Unverified(f"the misère quotient of {q.game} is not verified within "
                         f"{seconds:g} s") from None
    return failure is None
