"""Computing the misère quotient Q_n of a heap game, heap by heap.

Q_n is the quotient of the sums of heaps 0..n by misère indistinguishability.  The
computation keeps a *pretension*: a finite monoid (a table), a P-portion and a
pretending function (heap -> element), checked to be right for every sum of heaps
0..n.  For heap n + 1 it tries, in turn:

1. a **conservative extension** (the quotient stays the same, heap n + 1 takes an old
   element ``x``): accepted at once by the mex interpolation principle when the options
   of heap n + 1 hold the options of some sum of element ``x`` and lie within the
   elements that ``x`` admits as options (no ``z`` with ``xz`` and ``yz`` both in P);
   otherwise each admissible ``x`` is checked by the full verification below;
2. an **expansion**: the old quotient times a new cyclic factor for the heap, its P-portion
   marked along the least sums of each element, reduced, verified; while the verification
   finds a sum predicted wrong, some heaps of that sum are split off into cyclic factors
   of their own (a *recalibration*) and the candidate is built again.

The verification is exact.  A sum ``w`` has options ``w - h + o`` for each heap ``h`` of
``w`` and option ``o`` of ``h``; the elements of its options form a set ``S(w)``, and
``S(w + h) = Φ(h)·S(w) ∪ Φ(w)·T_h``, where ``T_h`` is the set of elements of the options of
``h``.  A pretension is right for every sum exactly when (P) no sum ``u + h`` with
``Φ(u + h)`` in P has an option in P (this depends on ``Φ(u)`` alone: each element is
checked once) and (N) every sum with an element outside P and some option has an option
in P.  (N) is checked over the pairs ``(Φ(w), S(w))``, finite in number, walked in the
lexicographic order of the sums; a pair whose set contains the set of a pair already
seen for the same element is cut (its extensions can fail only where the earlier ones
do), so the first failure found is the least.  The empty sum stands apart: it has no
move (so no option in P) and is an N-position all the same, so its empty set of options
bounds nothing.  No guess is ever kept unverified: a
budget spent stops with the last verified Q_n.
"""

from __future__ import annotations

import heapq
import itertools
import math
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import RulesetError, Sum
from ..errors import GrundyError
from .monoid import (DirectProduct, Table, cyclic, least_words, power_index, reduce,
                     reduce_compiled)

if TYPE_CHECKING:
    from ..rules.codes import MisereCertifier

__all__ = ["MAX_FACTORS", "MAX_HEAP_OPTIONS", "MAX_KEPT_OPTIONS", "HeapRules", "Pretension",
           "Solver", "TooLarge", "heap_options"]

#: the most elements a candidate monoid may reach before it is given up
MAX_CANDIDATE = 60_000
#: the largest quotient kept (its table is |Q|^2 integers)
MAX_ORDER = 6000
#: the most options of one heap the solver lists (about 100 MB of tuples: heap 3500 of
#: 0.f has more); the partial quotient stops before such a heap
MAX_HEAP_OPTIONS = 10**6
#: the most options kept for the expansions to come (about 200 MB); the options of the
#: heaps past it are listed again when an expansion needs them
MAX_KEPT_OPTIONS = 2 * 10**6
#: the most elements of the cyclic factors a recalibration splits off, together (their
#: product's table is this squared, in int32: 16 MB); larger splits are not tried
MAX_FACTORS = 2048
#: options turned into elements between two looks at the clock
_CHUNK = 1 << 14


def compiled_kernel() -> Any:
    """:mod:`grundy.native._misere` when it was built and ``GRUNDY_PURE`` is unset or 0
    (:func:`grundy.native.compiled.extension`)."""
    from ..native.compiled import extension

    return extension("_misere")


class HeapRules(Protocol):
    """What the misère algebra asks of a heap game: the hooks of
    :class:`grundy.HeapGame` (which every heap game has, with their defaults), and what
    :class:`grundy.rules.codes.Code` has too (the command line's fast path hands one over,
    read without the rules)."""

    @property
    def label(self) -> str: ...

    @property
    def notation(self) -> str: ...

    def options(self, n: int, /) -> Iterable[Any]: ...

    def heap_options(self, n: int, /) -> list[tuple[int, ...]] | None: ...

    def heap_option_count(self, n: int, /) -> int | None: ...

    def misere_certifier(self) -> MisereCertifier | None: ...


class _Stop(Exception):
    """The budget is spent."""


class TooLarge(GrundyError):
    """The quotient outgrows what is kept here (a partial quotient stops there)."""


class _Found(Exception):
    """A sum the pretension predicts wrong."""

    def __init__(self, word: tuple[int, ...]) -> None:
        self.word = word


@dataclass
class Pretension:
    """A monoid table with its P-portion, the pretending function of heaps 0..n and the
    elements of each heap's options (``T_h``)."""

    table: Table
    in_p: list[bool]
    phi: list[int]
    options: list[frozenset[int]]

    @property
    def rows(self) -> list[list[int]]:
        """The table as lists (made when first asked)."""
        return self.table.rows

    def element(self, heaps: Sequence[int]) -> int:
        x = 0
        n, d, phi = self.table.n, self.table.data, self.phi
        for h in heaps:
            x = d[x * n + phi[h]]
        return x


def _too_many(game: HeapRules, n: int) -> TooLarge:
    return TooLarge(f"{game.label}: heap {n} has more than {MAX_HEAP_OPTIONS} options, more "
                    "than the solver lists")


def heap_options(game: HeapRules, n: int, tick: Callable[[], None] | None = None
                 ) -> list[tuple[int, ...]]:
    """The options of heap ``n`` as tuples of heaps (empty heaps dropped): the game's own
    listing (:meth:`~grundy.HeapGame.heap_options`, a take-and-break code's), else its
    :meth:`~grundy.Game.options` walked.  :class:`TooLarge` past :data:`MAX_HEAP_OPTIONS`
    options (counted first when the game counts them:
    :meth:`~grundy.HeapGame.heap_option_count`); an exception of the ruleset is a
    :class:`~grundy.engine.RulesetError`; ``tick`` is called now and then.

    >>> from grundy import find
    >>> heap_options(find("0.07"), 5), heap_options(find("nim"), 3)
    ([(3,), (1, 2)], [(2,), (1,), ()])
    """
    try:
        count = game.heap_option_count(n)
        if count is not None and count > MAX_HEAP_OPTIONS:
            raise _too_many(game, n)
        found = game.heap_options(n)
        if found is not None:
            if len(found) > MAX_HEAP_OPTIONS:
                raise _too_many(game, n)
            return found
        out: list[tuple[int, ...]] = []
        for o in game.options(n):
            if (len(out) & (_CHUNK - 1)) == _CHUNK - 1:
                if len(out) >= MAX_HEAP_OPTIONS:
                    raise _too_many(game, n)
                if tick is not None:
                    tick()
            parts: tuple[Any, ...] = o.parts if isinstance(o, Sum) else (o,)
            if all(type(p) is int and 0 <= p < n for p in parts):  # the usual case, at once
                out.append(tuple(p for p in parts if p))
                continue
            heaps: list[int] = []
            for p in parts:
                if isinstance(p, bool) or not hasattr(p, "__index__") or not 0 <= p < n:
                    raise GrundyError(f"{game.label}: heap {n} has an option {o!r} that is "
                                      "not a sum of smaller heaps: no misère quotient is "
                                      "computed for it")
                if p:
                    heaps.append(int(p))
            out.append(tuple(heaps))
        if len(out) > MAX_HEAP_OPTIONS:
            raise _too_many(game, n)
        return out
    except (GrundyError, _Stop):
        raise
    except Exception as exc:  # the ruleset's own fault, named as the engine names it
        raise RulesetError(game, n, exc) from exc


def _key(word: tuple[int, ...]) -> tuple[int, ...]:
    """The lexicographic order of sums: the largest heap's count first."""
    return word[::-1]


class Solver:
    """Q_n for n = 0, 1, 2, ... of a heap game (:meth:`next` adds a heap)."""

    def __init__(self, game: HeapRules, deadline: float | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.game = game
        self.deadline = deadline
        self.progress = progress
        self.p = Pretension(Table.from_rows([[0]]), [False], [0], [frozenset()])
        #: the options of each heap (None: past :data:`MAX_KEPT_OPTIONS`, listed again)
        self.heap_opts: list[list[tuple[int, ...]] | None] = [[]]
        self.kept = 0  # options held in heap_opts
        self.active: list[int] = []  # heaps with a move
        self.lower: dict[int, list[frozenset[int]]] = {}
        self.masks: list[int] | None = None  # {z : xz in P} of each element x, as bits
        self.changes: list[tuple[int, int, int]] = []  # (heap, |Q|, |P|)

    @property
    def heaps(self) -> int:
        """The largest heap of the quotient computed (Q_n: sums of heaps 0..n)."""
        return len(self.p.phi) - 1

    def _tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stop

    def _options(self, h: int) -> list[tuple[int, ...]]:
        """The options of heap ``h`` (kept, or listed again)."""
        found = self.heap_opts[h]
        return heap_options(self.game, h, self._tick) if found is None else found

    def _ticking(self, items: list[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
        """``items`` one by one, with a look at the clock every :data:`_CHUNK` of them."""
        for start in range(0, len(items), _CHUNK):
            self._tick()
            yield from items[start:start + _CHUNK]

    # -- verification ------------------------------------------------------------------
    def _words_least(self, p: Pretension, active: list[int]) -> dict[int, tuple[int, ...]]:
        """The least sum (exponents over ``active``) of each element reached."""
        kernel = compiled_kernel()
        if kernel is not None:
            order, words = self._words_compiled(kernel, p, active)
            k = len(active)
            return {x: tuple(words[i * k:(i + 1) * k]) for i, x in enumerate(order)}
        return least_words(p.table, [p.phi[h] for h in active])

    @staticmethod
    def _words_compiled(kernel: Any, p: Pretension, active: list[int]
                        ) -> tuple[array[int], array[int]]:
        """The elements reached (in the order of their least sums) and the counts of those
        sums (``len(active)`` per element), by the compiled walk."""
        n = len(p.in_p)
        found = kernel.mark(p.table.data, array("i", [0]), n, 1,
                            array("q", [p.phi[h] for h in active]), array("q"),
                            array("q", [0] * (len(active) + 1)), -1, False, n + 1, True)
        assert found is not None
        order, words = array("q"), array("i")
        order.frombytes(found[0])
        words.frombytes(found[3])
        return order, words

    def _p_failure(self, p: Pretension, active: list[int]) -> tuple[int, ...] | None:
        kernel = compiled_kernel()
        if kernel is not None:
            order, words = self._words_compiled(kernel, p, active)
            t = [sorted(p.options[h]) for h in active]
            found: tuple[int, ...] | None = kernel.p_failure(
                p.table.data, bytes(p.in_p), array("i", [p.phi[h] for h in active]),
                array("i", [y for x in t for y in x]), _offsets(t), order, words)
            return found
        import numpy as np

        in_p_arr = np.array(p.in_p)
        table = p.table.numpy()
        for h in active:  # any element x with x·Φ(h) and some x·t in P? (all at once)
            opts = sorted(p.options[h])
            if opts and (in_p_arr[table[:, p.phi[h]]]
                         & in_p_arr[table[:, opts]].any(axis=1)).any():
                break
        else:
            return None
        least = self._words_least(p, active)
        rows, in_p, phi = p.rows, p.in_p, p.phi
        best: tuple[int, ...] | None = None
        for x, word in least.items():
            for j, h in enumerate(active):
                if in_p[rows[x][phi[h]]] and any(in_p[rows[x][t]] for t in p.options[h]):
                    w = word[:j] + (word[j] + 1,) + word[j + 1:]
                    if best is None or _key(w) < _key(best):
                        best = w
        return best

    def _n_check(self, p: Pretension, active: list[int]
                 ) -> tuple[tuple[int, ...] | None, dict[int, list[frozenset[int]]]]:
        """The least sum of element outside P whose options all lie outside P (None if
        there is none), and the least option sets seen for each element."""
        kernel = compiled_kernel()
        if kernel is not None and hasattr(kernel, "check"):
            return self._n_check_compiled(kernel, p, active)
        rows, in_p, phi = p.rows, p.in_p, p.phi
        lower: dict[int, list[frozenset[int]]] = {}  # the empty sum, without a move, apart
        exps = [0] * len(active)
        count = [0]

        def admit(x: int, s: frozenset[int]) -> bool:
            known = lower.get(x)
            if known is None:
                lower[x] = [s]
                return True
            for old in known:
                if old <= s:
                    return False
            known[:] = [old for old in known if not s <= old]
            known.append(s)
            return True

        def walk(d: int, x: int, s: frozenset[int]) -> None:
            if d < 0:
                return
            walk(d - 1, x, s)
            h = active[d]
            g, th = phi[h], p.options[h]
            while True:
                s = frozenset([rows[y][g] for y in s] + [rows[x][t] for t in th])
                x = rows[x][g]
                exps[d] += 1
                if not admit(x, s):
                    break
                count[0] += 1
                if count[0] & 1023 == 0:
                    self._tick()
                if not in_p[x] and not any(in_p[y] for y in s):
                    raise _Found(tuple(exps))
                walk(d - 1, x, s)
            exps[d] = 0

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * len(active) + 1000))
        try:
            walk(len(active) - 1, 0, frozenset())
        except _Found as found:
            return found.word, lower
        finally:
            sys.setrecursionlimit(limit)
        return None, lower

    def _n_check_compiled(self, kernel: Any, p: Pretension, active: list[int]
                          ) -> tuple[tuple[int, ...] | None, dict[int, list[frozenset[int]]]]:
        """:meth:`_n_check` by the compiled kernel (the same walk, in C); the option sets
        are read out only when there is no failure (only then does anyone use them: the
        conservative extensions of the next heaps)."""
        self._tick()
        t = [sorted(p.options[h]) for h in active]
        failure, owners, members, starts = kernel.check(
            p.table.data, bytes(p.in_p), array("i", [p.phi[h] for h in active]),
            array("i", [y for x in t for y in x]), _offsets(t))
        self._tick()
        if failure is not None:
            return tuple(failure), {}
        own, mem, st = array("i"), array("i"), array("q")
        own.frombytes(owners)
        mem.frombytes(members)
        st.frombytes(starts)
        lower: dict[int, list[frozenset[int]]] = {}
        for i, x in enumerate(own):
            lower.setdefault(x, []).append(frozenset(mem[st[i]:st[i + 1]]))
        return None, lower

    def _failure(self, p: Pretension, active: list[int]
                 ) -> tuple[tuple[int, ...] | None, dict[int, list[frozenset[int]]]]:
        if p.in_p[0]:
            return (0,) * len(active), {}
        pf = self._p_failure(p, active)
        nf, lower = self._n_check(p, active)
        if pf is None or (nf is not None and _key(nf) < _key(pf)):
            return nf, lower
        return pf, lower

    # -- building candidates ------------------------------------------------------------
    def _candidate(self, monoid: DirectProduct, phi: dict[int, int], heaps: int,
                   active: list[int], target: tuple[list[int], bool] | None = None
                   ) -> Pretension | None:
        """Mark the P-portion of ``monoid`` along the least sums of its elements, then
        reduce; None if the candidate reaches too many elements, or if it gets the sum
        ``target[0]`` wrong (its P-status should be ``target[1]``)."""
        mul = monoid.mul

        def prod(parts: Sequence[int]) -> int:
            x = 0
            for h in parts:
                if h in phi:  # a heap with no move is the identity
                    x = mul(x, phi[h])
            return x

        t = [list({prod(o) for o in self._ticking(self._options(h))}) for h in active]
        gens = [phi[h] for h in active]
        kernel = compiled_kernel()
        if kernel is not None:
            return self._candidate_compiled(kernel, monoid, phi, heaps, active, t, gens,
                                            -1 if target is None else prod(target[0]),
                                            bool(target and target[1]))
        # a sum is an integer: digit j (base 2^bits) counts heap active[j]; the integers
        # order the sums lexicographically, largest heap first.  A least sum holds fewer
        # copies of a heap than the length of its element's cycle of powers.
        longest = 1
        for g in gens:
            seen, y = {0}, g
            while y not in seen:
                seen.add(y)
                y = mul(y, g)
            longest = max(longest, len(seen))
        bits = longest.bit_length() + 1
        unit = [1 << (bits * j) for j in range(len(active))]
        mask = (1 << bits) - 1
        want = -1 if target is None else prod(target[0])
        elem_of: dict[int, int] = {0: 0}
        marked: dict[int, bool] = {}
        order: list[int] = []
        queue: list[tuple[int, int]] = [(0, 0)]
        pop, push = heapq.heappop, heapq.heappush
        ticks = 0
        while queue:
            word, x = pop(queue)
            if x in marked:
                continue
            elem_of[word] = x
            options: set[int] = set()
            for j in range(len(active)):
                if (word >> (bits * j)) & mask:
                    rest = elem_of[word - unit[j]]
                    options.update([mul(rest, y) for y in t[j]])
            mark = bool(options) and not any(marked[y] for y in options)
            marked[x] = mark
            if x == want and target is not None and mark != target[1]:
                return None
            order.append(x)
            ticks += 1
            if ticks & 1023 == 0:
                self._tick()
                if len(order) > MAX_CANDIDATE:
                    return None
            for j in range(len(active)):
                y = mul(x, gens[j])
                if y not in marked:
                    push(queue, (word + unit[j], y))
        reduced = reduce(monoid, gens, marked.__getitem__, order, MAX_ORDER)
        if reduced is None:
            return None
        table, in_p, where = reduced
        index = {h: j for j, h in enumerate(active)}
        new_phi = [where[phi[h]] if h in index else 0 for h in range(heaps + 1)]
        opts = [frozenset(where[y] for y in t[index[h]]) if h in index else frozenset()
                for h in range(heaps + 1)]
        return Pretension(table, in_p, new_phi, opts)

    def _candidate_compiled(self, kernel: Any, monoid: DirectProduct, phi: dict[int, int],
                            heaps: int, active: list[int], t: list[list[int]],
                            gens: list[int], want: int, want_mark: bool) -> Pretension | None:
        """:meth:`_candidate` by the compiled kernel (the same marks, the same order)."""
        self._tick()
        found = kernel.mark(monoid.base.data, monoid.rest.data, monoid.base.n, monoid.size,
                            array("q", gens), array("q", [y for x in t for y in x]),
                            _offsets(t), want, want_mark, MAX_CANDIDATE)
        self._tick()
        if found is None:
            return None
        order = array("q")
        order.frombytes(found[0])
        reduced = reduce_compiled(kernel, monoid, order, found[1], found[2], MAX_ORDER)
        self._tick()
        if reduced is None:
            return None
        table, in_p, cls = reduced
        where = dict(zip(order.tolist(), cls))
        index = {h: j for j, h in enumerate(active)}
        new_phi = [where[phi[h]] if h in index else 0 for h in range(heaps + 1)]
        opts = [frozenset(where[y] for y in t[index[h]]) if h in index else frozenset()
                for h in range(heaps + 1)]
        return Pretension(table, in_p, new_phi, opts)

    # -- one more heap ----------------------------------------------------------------
    def next(self) -> None:
        """Compute Q_(n+1) from Q_n (raises :class:`_Stop` when the budget is spent,
        leaving Q_n as it was)."""
        self._tick()
        m = len(self.p.phi)
        opts = heap_options(self.game, m, self._tick)
        if not opts:
            self.heap_opts.append([])
            self.p.phi.append(0)
            self.p.options.append(frozenset())
            return
        kept = len(opts) if self.kept + len(opts) <= MAX_KEPT_OPTIONS else 0
        self.heap_opts.append(opts if kept else None)
        self.kept += kept
        try:
            self._add(m, opts)
        except BaseException:
            self.heap_opts.pop()
            self.kept -= kept
            raise

    def _add(self, m: int, opts: list[tuple[int, ...]]) -> None:
        p = self.p
        tm = frozenset(p.element(o) for o in self._ticking(opts))
        is_p = not any(p.in_p[y] for y in tm)
        if self.masks is None:
            self.masks = _p_masks(p)
        masks = self.masks
        union = 0
        for t in tm:
            union |= masks[t]
        admissible = [x for x, m in enumerate(masks) if p.in_p[x] == is_p and not m & union]
        for x in admissible:  # the mex interpolation principle
            if any(s <= tm for s in self.lower.get(x, ())):
                p.phi.append(x)
                p.options.append(tm)
                self.active.append(m)
                return
        active = self.active + [m]
        for x in admissible:  # each admissible element, verified in full
            self._tick()
            trial = Pretension(p.table, p.in_p, p.phi + [x], p.options + [tm])
            failure, lower = self._n_check(trial, active)
            if failure is None:
                self.p, self.lower, self.active = trial, lower, active
                return
        self._expand(m, active)

    def _expand(self, m: int, active: list[int]) -> None:
        p = self.p
        if self.progress:
            self.progress(f"heap {m}: the quotient grows (|Q| = {len(p.in_p)} before)")
        monoid = DirectProduct([p.table, cyclic(2, 2)])
        phi: dict[int, int] = {h: monoid.element(p.phi[h]) for h in active[:-1]}
        phi[m] = monoid.element(0, 1)
        trial = self._candidate(monoid, phi, m, active)
        if trial is None:
            raise TooLarge(f"{self.game.label}: the quotient grows past {MAX_ORDER} "
                              f"elements at heap {m}")
        while True:
            self._tick()
            failure, lower = self._failure(trial, active)
            if failure is None:
                break
            trial = self._recalibrate(trial, m, active, failure)
        self.p, self.lower, self.active, self.masks = trial, lower, active, None
        self.changes.append((m, len(trial.in_p), sum(trial.in_p)))

    def _recalibrate(self, trial: Pretension, m: int, active: list[int],
                     failure: tuple[int, ...]) -> Pretension:
        """A candidate that gets the sum ``failure`` right: some of its heaps split off."""
        word = [h for j, h in enumerate(active) for _ in range(failure[j])]
        should_be_p = not trial.in_p[trial.element(word)]
        involved = [(j, h) for j, h in enumerate(active) if failure[j]]
        for size in range(1, len(involved) + 1):
            for chosen in itertools.combinations(involved, size):
                self._tick()
                tables = [trial.table]
                for j, h in chosen:
                    index = max(power_index(trial.table, trial.phi[h])[0], failure[j] - 1, 1)
                    tables.append(cyclic(index, 2))
                if math.prod(t.n for t in tables[1:]) > MAX_FACTORS:
                    continue  # its factors' table alone would be too large: not tried
                monoid = DirectProduct(tables, self._tick)
                phi = {h: monoid.element(trial.phi[h]) for h in active}
                stride = monoid.size
                for j, h in chosen:  # the generator of its own factor (mixed radix)
                    stride //= tables[1 + chosen.index((j, h))].n
                    phi[h] = monoid.element(0, stride)
                candidate = self._candidate(monoid, phi, m, active, (word, should_be_p))
                if candidate is not None and \
                        candidate.in_p[candidate.element(word)] == should_be_p:
                    return candidate
        raise TooLarge(f"{self.game.label}: no candidate quotient at heap {m} gets the sum "
                          f"{' + '.join(map(str, word))} right (the quotient may be too large)")


def _offsets(t: list[list[int]]) -> array[int]:
    """Where each list of ``t`` starts in their concatenation, and the end (int64)."""
    out = array("q", [0])
    for x in t:
        out.append(out[-1] + len(x))
    return out


def _p_masks(p: Pretension) -> list[int]:
    """For each element x, the set ``{z : xz in P}`` as the bits of an integer: x and y are
    compatible (no z with xz and yz both in P) when their sets are apart."""
    n = len(p.in_p)
    kernel = compiled_kernel()
    if kernel is not None:
        raw = kernel.p_masks(p.table.data, bytes(p.in_p))
        w = 8 * ((n + 63) // 64)
        return [int.from_bytes(raw[i * w:(i + 1) * w], "little") for i in range(n)]
    in_p = p.in_p
    return [sum(1 << z for z, y in enumerate(row) if in_p[y]) for row in p.rows]
