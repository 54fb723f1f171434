"""Patterns found in a game's values: what ``grundy explore GAME`` reports.

A heap game's sequence (heaps 0..n-1) is searched for its period, preperiod and
saltus (:func:`grundy.research.periodicity.find_period`, certified where a theorem
applies), the form of its P-positions (with no period: a rule of their own,
:mod:`grundy.research.ppositions`, or else their list), its largest value, its
rare/common split (:func:`grundy.research.stats.sequence_stats`), closed forms (``n``,
``n mod k``, ``floor(n/k)``, the ruler function, the odious and evil numbers, popcount,
the number of prime factors) and the sequences of the built-in games and of the octal
games with up to three code digits.

A board game's strips (Cram, Node Kayles, Arc Kayles, Chomp: the empty boards
``R x 0 .. R x N``, heap n the ``R x n`` board) are explored as a sequence, their period
observed only.

A two-dimensional game's table is searched for symmetry, the form of its P-positions
(the diagonal, Wythoff's pairs, residues mod p and q), periodic rows and columns, and decompositions:
``g(x, y) = a(x) XOR b(y)`` (a sum of two games), ``g(x, y) = a(x) (x) b(y)`` (a Tartan
product, ``(x)`` the nim product), ``g`` a function of ``min``, ``max``, ``x - y``,
``x + y`` or ``x XOR y``; its first row and column are matched like sequences.

The kinds of findings: ``period``, ``p-positions``, ``largest``, ``rare-common``,
``by-residue`` (:mod:`grundy.research.residues`: with no period, ``g(km + r)`` class by
class), ``closed-form``, ``same-values`` (sequences); ``p-positions``, ``symmetry``, ``xor-sum``,
``tartan``, ``function-of``, ``rows-periodic``, ``columns-periodic``, ``first-row``,
``first-column`` (tables).

No false claims: every finding holds on every value computed (``checked_to`` says how
far: a number of heaps, or ``[rows, cols]``), and only a theorem makes it
``certified``.  A pattern needs evidence beyond the values that define it (three
periods, three P-positions, tables of at least 3 x 3), so nothing is claimed of a table
of random values.

>>> from grundy.rules.heap import parse_subtraction
>>> for f in explore(parse_subtraction("sub:1,3,4"), n=300).findings[:2]:
...     print(f.kind, "|", f.text, "|", f.certified)
period | period 7, preperiod 0, saltus 0 | True
p-positions | P-positions: n = 0, 2 (mod 7) | True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine import Game
from ..errors import GrundyError
from ..rules.base import is_grid_game, is_heap_game
from ..rules.codes import Code
from .ppositions import p_position_rule
from .residues import residue_rule

__all__ = ["Exploration", "Finding", "closed_forms", "explore", "octal_prefix"]

#: sizes computed when none is given
DEFAULT_N = 1000
DEFAULT_SIDE = 32
#: the fewest values for a closed form or a matching sequence to be claimed
_MIN_MATCH = 12
#: the largest k of the closed forms n mod k and floor(n/k)
_MOST_K = 64


@dataclass(frozen=True)
class Finding:
    """One pattern: its ``kind``, a readable ``text``, how far it was checked and
    whether a theorem certifies it."""

    kind: str
    text: str
    checked_to: int | tuple[int, int]
    certified: bool = False

    def as_dict(self) -> dict[str, Any]:
        """``{"kind", "text", "checked_to", "certified"}`` (a table's size as ``[rows, cols]``).

        >>> Finding("symmetry", "g(x, y) = g(y, x)", (8, 8)).as_dict()
        {'kind': 'symmetry', 'text': 'g(x, y) = g(y, x)', 'checked_to': [8, 8], 'certified': False}
        """
        checked = list(self.checked_to) if isinstance(self.checked_to, tuple) else self.checked_to
        return {"kind": self.kind, "text": self.text, "checked_to": checked,
                "certified": self.certified}


@dataclass(frozen=True)
class Exploration:
    """What :func:`explore` found in a game's sequence or table."""

    game: str
    checked_to: int | tuple[int, int]
    findings: tuple[Finding, ...]
    #: a board game's strips: their rows (the sequence is of the boards rows x n)
    strip: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{"findings": [...]}``, one object per finding (``grundy explore --json``); for
        a board game's strips also ``"strip": {"rows", "columns"}``, the boards read."""
        out: dict[str, Any] = {"findings": [f.as_dict() for f in self.findings]}
        if self.strip is not None and isinstance(self.checked_to, int):
            out["strip"] = {"rows": self.strip, "columns": self.checked_to - 1}
        return out

    def kinds(self) -> list[str]:
        """The kinds of the findings, in order."""
        return [f.kind for f in self.findings]

    def _head(self) -> str:
        """What was looked at: ``kayles: heaps 0..999``, ``queen: a 8 x 8 table of values``."""
        if isinstance(self.checked_to, tuple):
            rows, cols = self.checked_to
            return f"{self.game}: a {rows} x {cols} table of values"
        if self.strip is not None:
            r, last = self.strip, self.checked_to - 1
            return (f"{self.game}: the boards {r} x 0 .. {r} x {last} (below, heap n is the "
                    f"{r} x n board)")
        return f"{self.game}: heaps 0..{self.checked_to - 1}"

    def describe(self) -> str:
        """The findings, one line each, with how far they were checked."""
        head = self._head()
        if not self.findings:
            return f"{head}: no pattern found\n"
        lines = [head]
        for f in self.findings:
            mark = "certified" if f.certified else "observed"
            lines.append(f"  {f.kind}: {f.text} ({mark})")
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        """What a notebook shows: the values looked at, then a list of the findings, each
        marked certified or observed; every text escaped.

        >>> from grundy import find
        >>> page = explore(find("sub:1,3,4"), n=100)._repr_html_()
        >>> page.count("<li>"), "period 7" in page, "(certified)" in page
        (3, True, True)
        """
        from html import escape

        items = "".join(
            f"<li><span style=\"color:#666\">{escape(f.kind)}:</span> {escape(f.text)} "
            f"<i>({'certified' if f.certified else 'observed'})</i></li>"
            for f in self.findings)
        shown = f"<ul>{items}</ul>" if items else "<p>no pattern found</p>"
        return (f'<div class="grundy-explore"><p><b>{escape(self._head())}</b></p>{shown}'
                "</div>")


def explore(game: Any, n: int | None = None, rows: int | None = None,
            cols: int | None = None) -> Exploration:
    """Compute a heap game's sequence (``n`` values) or a grid game's table (``rows`` x
    ``cols``) and report the patterns in it (see the module docstring)."""
    name = game.label if isinstance(game, Game) else type(game).__name__
    if is_heap_game(game):
        if rows is not None or cols is not None:
            raise GrundyError(f"{name} is a heap game: its size is -n (a number of heaps), "
                              "not --rows/--cols")
        count = DEFAULT_N if n is None else _size(n, "the number of heaps", 2)
        limit = game.sequence_limit
        if limit is not None:
            count = min(count, limit)
        return Exploration(name, count, tuple(_explore_sequence(game, count)))
    if is_grid_game(game):
        if n is not None:
            raise GrundyError(f"{name} is a two-dimensional game: its size is --rows and --cols, "
                              "not -n")
        r = DEFAULT_SIDE if rows is None else _size(rows, "the number of rows", 1)
        c = DEFAULT_SIDE if cols is None else _size(cols, "the number of columns", 1)
        table = np.asarray(game.table(r, c), dtype=np.int64)
        return Exploration(name, (r, c), tuple(table_findings(table, int(game.first_index), game)))
    from .tables import analyze_command, has_table

    if has_table(game):  # a board game: Cram, Node Kayles
        return _explore_strips(game, name, n, rows, cols)
    if isinstance(game, Game) and game.example:  # a built-in game of other positions
        raise GrundyError(f"{name} has no sequence or table to explore (its positions are "
                          f"neither heaps nor cells): '{analyze_command(game, name)}' values "
                          "a position")
    raise GrundyError(f"{name} has neither a sequence nor a table to explore: subclass "
                      "grundy.HeapGame (positions 0, 1, 2, ...) or grundy.GridGame "
                      "(positions (row, col))")


def _size(value: Any, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise GrundyError(f"{what} must be an integer of at least {least}, got {value!r}")
    return value


# -- a board game's strips ----------------------------------------------------------


def _explore_strips(game: Any, name: str, n: int | None, rows: int | None,
                    cols: int | None) -> Exploration:
    """The sequence of the empty boards ``rows x n``, ``n = 0..N`` (the 0-column board
    is empty: value 0), explored as a heap game's sequence is; its period observed only
    (no theorem covers boards)."""
    from ..rules.boards import searched
    from ..rules.periods import search
    from .boards import MAX_CELLS
    from .periodicity import Period
    from .tables import BOARD_CELLS, value_table

    if cols is not None:
        raise GrundyError(f"{name} is played on boards: explore takes the strips R x 1 .. "
                          "R x N of its boards (--rows R, -n N), not a table (--cols): "
                          f"'grundy table {name} --rows 3 --cols 8' gives all its empty boards")
    if rows is None:
        raise GrundyError(f"{name} is played on boards: explore takes the strips R x 1 .. "
                          f"R x N of its boards, given --rows R (and -n N): 'grundy explore "
                          f"{name} --rows 2' explores its 2 x n boards")
    r = _size(rows, "the number of rows", 1)
    most = MAX_CELLS // r if searched(game) else None  # the compiled search's cells
    if most == 0:
        raise GrundyError(f"{name}: a board of {r} rows has more than the {MAX_CELLS} cells "
                          "of the board search")
    if n is not None:
        count = _size(n, "the number of columns", 1)
    else:
        count = game.strip_columns(r) or (
            most if most is not None and r <= 2 else BOARD_CELLS // r)
    if most is not None and r * count > MAX_CELLS:
        raise GrundyError(f"{name}: the {r} x {count} board has {r * count} cells, past the "
                          f"{MAX_CELLS} of the board search: with --rows {r}, -n is at most "
                          f"{most}")
    if count < 1:
        raise GrundyError(f"{name}: a board of {r} rows has more than the {BOARD_CELLS} cells "
                          "explored unless told: give -n")
    values, _ = value_table(game, r, count, name=name, cells=r * count)
    g = np.concatenate(([0], np.asarray(values[r - 1], dtype=np.int64)))
    _, seen = search(g, None, saltus=True)
    period = (Period(seen.preperiod, seen.period, seen.saltus, False, len(g), "observed")
              if seen is not None else Period(None, None, None, False, len(g), "none seen"))
    return Exploration(name, len(g), tuple(sequence_findings(g, period)), strip=r)


# -- one dimension -------------------------------------------------------------------


def _explore_sequence(game: Any, n: int) -> Iterator[Finding]:
    from .periodicity import find_period
    from .periodicity import sequence as compute

    g = np.asarray(compute(game, n), dtype=np.int64)
    period = find_period(game, n)
    yield from sequence_findings(g, period, exclude=game)


def sequence_findings(g: np.ndarray, period: Any = None, exclude: Any = None) -> Iterator[Finding]:
    """The findings of a sequence ``g`` (heaps 0..len-1); ``period`` a
    :class:`grundy.research.periodicity.Period` of it, if searched for (one with no period:
    none was found); ``exclude`` the game itself (not reported as matching itself)."""
    n = len(g)
    periodic = (period is not None and period.period is not None and np.array_equal(
        g[period.preperiod + period.period:] - g[period.preperiod:n - period.period],
        np.full(max(n - period.preperiod - period.period, 0), period.saltus)))
    if periodic:
        e, p, s = period.preperiod, period.period, period.saltus  # checked on every value
        yield Finding("period", f"period {p}, preperiod {e}, saltus {s}", n, period.certified)
        yield from _periodic_p_positions(g, e, p, s, n, period.certified)
    else:
        if period is not None and period.period is None:  # searched for, and none found
            yield Finding("period", f"no period found in heaps 0..{n - 1}", n)
        yield from _p_positions(g)
    largest = int(g.max())
    yield Finding("largest", f"largest value {largest}, first at heap {int(np.argmax(g))}"
                  + _also_at(g, largest), n)
    split = _rare_common(g)
    if split is not None:
        yield split
    rule = None if periodic else residue_rule(g)
    if rule is not None:
        yield Finding("by-residue", rule, n)
    yield from _matches(g, 0, "g(n)", "heaps", exclude)


def _also_at(g: np.ndarray, largest: int) -> str:
    where = np.flatnonzero(g == largest)
    if len(where) == 1:
        return " (only there)"
    shown = ", ".join(map(str, where[1:6].tolist())) + (", ..." if len(where) > 6 else "")
    return f" (also at {shown})"


def _periodic_p_positions(g: np.ndarray, e: int, p: int, s: int, checked: int,
                          certified: bool) -> Iterator[Finding]:
    zeros = np.flatnonzero(g == 0).tolist()
    before = [z for z in zeros if z < e]
    early = f"; before heap {e}: {_list(before)}" if before else ""
    if s != 0:  # g(n + p) = g(n) + s: values grow, so the P-positions are finitely many
        last = [z for z in zeros if z < e + p]
        yield Finding("p-positions", f"P-positions: {_list(last)} only (values grow by {s} "
                      f"every {p} heaps from heap {e})" if last else
                      f"no P-positions (values grow by {s} every {p} heaps)", checked, certified)
        return
    residues = sorted({z % p for z in zeros if z >= e})
    if not residues:
        text = (f"P-positions: {_list(before)} only (none from heap {e} on)" if before
                else "no P-positions")
    elif p == 1:
        text = f"every heap from {e} on is a P-position{early}"
    else:
        start = f" from heap {e} on" if e else ""
        text = f"P-positions: n = {', '.join(map(str, residues))} (mod {p}){start}{early}"
    yield Finding("p-positions", text, checked, certified)


def _p_positions(g: np.ndarray) -> Iterator[Finding]:
    """P-positions of a sequence with no period found: an arithmetic progression, a
    finite list that stops well before the end, a rule of their own
    (:func:`~grundy.research.ppositions.p_position_rule`), or else the list of them."""
    n = len(g)
    zeros = np.flatnonzero(g == 0)
    if len(zeros) >= 3:
        a, d = int(zeros[0]), int(zeros[1] - zeros[0])
        if np.array_equal(zeros, np.arange(a, n, d)):
            yield Finding("p-positions", f"P-positions: n = {a} + {d}k (k = 0, 1, 2, ...)", n)
            return
    if len(zeros) and int(zeros[-1]) < n // 2 and n >= 2 * _MIN_MATCH:
        yield Finding("p-positions", f"P-positions: {_list(zeros.tolist())} only (none in "
                      f"heaps {int(zeros[-1]) + 1}..{n - 1})", n)
        return
    rule = p_position_rule(zeros.tolist(), n)
    if rule is not None:
        yield Finding("p-positions", f"P-positions: {_list(zeros.tolist(), 8)}; {rule}", n)
    elif len(zeros):
        yield Finding("p-positions", f"P-positions (no rule found): {_list(zeros.tolist())}", n)
    else:
        yield Finding("p-positions", f"no P-positions among heaps 0..{n - 1}", n)


def _list(items: list[int], most: int = 12) -> str:
    shown = ", ".join(map(str, items[:most]))
    return shown + (f", ... ({len(items)} in all)" if len(items) > most else "")


def _rare_common(g: np.ndarray) -> Finding | None:
    """The rare/common split, claimed when the rare values are a small minority."""
    from .stats import sequence_stats

    try:
        s = sequence_stats(g)
    except GrundyError:  # values too large for a split
        return None
    n = len(g)
    if s.rare_mask == 0 or s.rare_count < 2 or 8 * s.rare_count > n:
        return None
    text = (f"rare/common split with mask {s.rare_mask:x}: a value v is rare when "
            f"popcount(v & 0x{s.rare_mask:x}) is even; {s.rare_count} rare values, the last at "
            "heap "
            f"{s.last_rare}")
    return Finding("rare-common", text, n)


# -- closed forms and known sequences ---------------------------------------------------


def _popcount(x: np.ndarray) -> np.ndarray:
    counts: np.ndarray = np.bitwise_count(x.astype(np.uint64)).astype(np.int64)
    return counts


def _odious(k: np.ndarray) -> np.ndarray:
    """The k-th odious number (odd number of 1 bits), from k = 0: 1, 2, 4, 7, 8, ..."""
    odious: np.ndarray = 2 * k + 1 - (_popcount(k) & 1)
    return odious


def _evil(k: np.ndarray) -> np.ndarray:
    """The k-th evil number (even number of 1 bits), from k = 0: 0, 3, 5, 6, 9, ..."""
    evil: np.ndarray = 2 * k + (_popcount(k) & 1)
    return evil


def _ruler(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x & -x, 0)


def _prime_factors(distinct: bool) -> Callable[[np.ndarray], np.ndarray]:
    """The number of prime factors of each n (0 at n = 0 and 1), counted with multiplicity
    or ``distinct``, by a sieve up to the largest n."""
    def count(x: np.ndarray) -> np.ndarray:
        top = int(x.max()) + 1 if len(x) else 1
        counts = np.zeros(max(top, 2), dtype=np.int64)
        for q in range(2, top):
            if counts[q] == 0:  # no smaller prime divides q: a prime
                power = q
                while power < top:
                    counts[power::power] += 1
                    if distinct:
                        break
                    power *= q
        found: np.ndarray = counts[x]
        return found
    return count


def _valuation(x: np.ndarray) -> np.ndarray:
    """The ruler sequence 1, 2, 1, 3, 1, 2, 1, 4 (one more than the 2-adic valuation)."""
    low = _ruler(x)
    return np.where(x > 0, np.log2(np.maximum(low, 1)).astype(np.int64) + 1, 0)


Form = tuple[str, Callable[[np.ndarray], np.ndarray]]


def closed_forms(top: int) -> Iterator[Form]:
    """The library of closed forms, as (formula in ``n``, function of an array of n),
    simplest first; ``n mod k`` and ``floor(n/k)`` for ``k`` up to ``top`` (:func:`explore`
    tries ``k`` up to 64, and up to a third of the values computed).

    >>> [name for name, _ in closed_forms(2)][:6]
    ['0', 'n', 'n - 1 (0 at n = 0)', 'n mod 2', 'floor(n/2)', \
'the largest power of 2 dividing n (0 at n = 0)']
    """
    yield "0", np.zeros_like
    yield "n", lambda x: x
    yield "n - 1 (0 at n = 0)", lambda x: np.maximum(x - 1, 0)
    for k in range(2, top + 1):
        yield f"n mod {k}", _modulo(k)
    for k in range(2, top + 1):
        yield f"floor(n/{k})", _quotient(k)
    yield "the largest power of 2 dividing n (0 at n = 0)", _ruler
    yield "1 + the 2-adic valuation of n (0 at n = 0)", _valuation
    yield "the n-th odious number (from n = 0: 1, 2, 4, 7, ...)", _odious
    yield ("the (n-1)-th odious number (0 at n = 0; then 1, 2, 4, 7, ...)",
           lambda x: np.where(x > 0, _odious(np.maximum(x - 1, 0)), 0))
    yield "the n-th evil number (from n = 0: 0, 3, 5, 6, ...)", _evil
    yield "popcount(n) mod 2", lambda x: _popcount(x) & 1
    yield "popcount(n), the number of 1 bits of n", _popcount
    yield ("the number of prime factors of n, counted with multiplicity (0 at n = 0 and 1)",
           _prime_factors(False))
    yield "the number of distinct prime factors of n (0 at n = 0 and 1)", _prime_factors(True)


def _modulo(k: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda x: x % k


def _quotient(k: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda x: x // k


def _closed_form(values: np.ndarray, start: int) -> str | None:
    """The first closed form that gives ``values`` at ``n = start, start+1, ...``."""
    x = np.arange(start, start + len(values), dtype=np.int64)
    head = min(len(values), 256)  # a quick look at the first values, then all of them
    for name, form in closed_forms(min(_MOST_K, max(2, len(values) // 3))):
        if np.array_equal(form(x[:head]), values[:head]) and np.array_equal(form(x), values):
            return name
    return None


def _matches(values: np.ndarray, start: int, label: str, unit: str,
             exclude: Any = None) -> Iterator[Finding]:
    """A closed form, and the built-in games and octal codes with the same values at
    ``start, start+1, ...`` (findings only when there are enough values to mean something)."""
    if len(values) < _MIN_MATCH:
        return
    end = start + len(values) - 1
    checked = len(values) + start
    form = _closed_form(values, start)
    if form is not None:
        yield Finding("closed-form", f"{label} = {form}", checked)
    names = known_sequences(values, start, exclude)
    if names:
        yield Finding("same-values", f"the same values as {', '.join(names)} for {unit} "
                      f"{start}..{end}", checked)


def known_sequences(values: np.ndarray, start: int = 0, exclude: Any = None,
                    most: int = 4) -> list[str]:
    """Built-in heap games, then octal codes of up to three digits, whose values at
    heaps ``start, start+1, ...`` are ``values`` (at most ``most`` names).

    >>> import numpy as np
    >>> known_sequences(np.array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]))
    ['kayles (0.77)', '0.771']
    """
    from ..catalog import entries, take_and_break

    n = start + len(values)
    found: list[str] = []
    seen_codes: set[str] = set()
    for entry in entries():
        game = entry.make()
        if not is_heap_game(game) or _same_game(game, exclude):
            continue
        try:  # the first values, then (only if they agree) all of them
            head = min(n, start + 2048)
            if not np.array_equal(np.asarray(game.sequence(head), dtype=np.int64)[start:],
                                  values[: head - start]):
                continue
            theirs = np.asarray(game.sequence(n), dtype=np.int64)[start:]
        except GrundyError:
            continue
        if np.array_equal(theirs, values):
            as_code = Code.canonical(game.notation)  # a take-and-break code's notation is it
            if as_code is not None:
                seen_codes.add(as_code.text)
            found.append(f"{entry.name} ({as_code})" if as_code is not None else entry.name)
    target = {start + i: int(v) for i, v in enumerate(values.tolist())}
    for code in _octal_candidates(target):
        octal = take_and_break(code)
        if code in seen_codes or _same_game(octal, exclude):
            continue
        theirs = np.asarray(octal.sequence(n), dtype=np.int64)[start:]
        if np.array_equal(theirs, values):
            found.append(code)
    return found[:most]


def _same_game(game: Any, other: Any) -> bool:
    if other is None or type(game) is not type(other):
        return False
    try:
        return bool(game == other) or repr(game) == repr(other)
    except Exception:  # noqa: BLE001 - a user's __eq__: then they are not the same
        return False


def octal_prefix(d0: int, digits: tuple[int, ...], m: int) -> list[int]:
    """Values of heaps 0..m-1 of the octal game ``d0.d1d2...`` (the plain definition:
    digit ``dk``, bit 1: remove k leaving nothing; bit 2: leaving one heap; bit 4: leaving
    two; ``d0 = 4``: split a heap in two).  Heap ``n`` depends only on ``d0..dn``.

    >>> octal_prefix(0, (7, 7), 8)          # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2]
    """
    g: list[int] = []
    for n in range(m):
        seen: set[int] = set()
        if d0 & 4:
            seen.update(g[a] ^ g[n - a] for a in range(1, n // 2 + 1))
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest >= 2:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


_CHECK = 48  # values an octal candidate must match before its whole sequence is computed


def _octal_candidates(target: dict[int, int], most_digits: int = 3) -> Iterator[str]:
    """Octal codes ``0.d1..`` and ``4.d1..`` (up to ``most_digits`` digits) whose values
    agree with ``target`` (heap -> value) on the first heaps: a tree search, since heap
    ``n`` depends only on the first ``n`` digits."""
    top = min(max(target) + 1, _CHECK)

    def agrees(values: list[int]) -> bool:
        return all(target.get(i, v) == v for i, v in enumerate(values))

    def grow(d0: int, digits: tuple[int, ...]) -> Iterator[str]:
        for d in range(8):
            code = (*digits, d)
            if not agrees(octal_prefix(d0, code, len(code) + 1)):
                continue
            if d and agrees(octal_prefix(d0, code, top)):
                yield f"{d0}." + "".join(map(str, code))
            if len(code) < most_digits:
                yield from grow(d0, code)

    for d0 in (0, 4):
        yield from grow(d0, ())


# -- two dimensions --------------------------------------------------------------------


def table_findings(t: np.ndarray, first: int = 0, game: Any = None) -> Iterator[Finding]:
    """The findings of a value table ``t[r, c] = g(first + r, first + c)``."""
    rows, cols = t.shape
    size = (rows, cols)
    if not (t == 0).any() and rows * cols >= 9:
        yield Finding("p-positions", "no P-positions in the table", size)
    elif (t == 0).all():
        yield Finding("p-positions", "every position is a P-position", size)
        return
    if rows < 3 or cols < 3:
        return
    k = min(rows, cols)
    square = t[:k, :k]
    if np.array_equal(square, square.T):
        yield Finding("symmetry", "symmetric: g(x, y) = g(y, x)"
                      + (f" (checked on the {k} x {k} square)" if rows != cols else ""), size)
    yield from _table_p_positions(t, first, size)
    yield from _decompositions(t, first, size)
    yield from _periodic_lines(t, size)
    for label, line, kind in ((f"first row: g({first}, n)", t[0], "first-row"),
                              (f"first column: g(n, {first})", t[:, 0], "first-column")):
        for found in _matches(line, first, label, "coordinates"):
            yield Finding(kind, found.text, size)


def _wythoff_pairs(limit: int) -> set[tuple[int, int]]:
    """Wythoff's P-positions (floor(k phi), floor(k phi^2)) and their mirrors below ``limit``,
    in exact integer arithmetic: floor(k phi) = (k + isqrt(5 k^2)) // 2."""
    pairs = set()
    for k in range(limit + 1):
        a = (k + math.isqrt(5 * k * k)) // 2
        b = a + k
        if a < limit:
            pairs.add((a, b))
            pairs.add((b, a))
    return pairs


def _table_p_positions(t: np.ndarray, first: int, size: tuple[int, int]) -> Iterator[Finding]:
    rows, cols = t.shape
    zeros = {(first + int(r), first + int(c)) for r, c in zip(*np.nonzero(t == 0))}
    diagonal = {(first + i, first + i) for i in range(min(rows, cols))}
    if len(zeros) >= 3 and zeros == diagonal:
        yield Finding("p-positions", "P-positions: the diagonal x = y", size)
        return
    wythoff = {(x, y) for x, y in _wythoff_pairs(first + max(rows, cols))
               if first <= x < first + rows and first <= y < first + cols}
    if len(wythoff) >= 5 and zeros == wythoff:
        yield Finding("p-positions", "P-positions: Wythoff's pairs (floor(k phi), floor(k phi^2)) "
                      "and their mirrors, phi = (1 + sqrt 5)/2", size)
        return
    lattice = _residue_p_positions(t == 0, first)
    if lattice is not None:
        yield Finding("p-positions", f"P-positions: {lattice}", size)


#: the largest periods in x and in y of a table's P-positions that are looked for
_MOST_TILE = 8


def _residue_p_positions(zero: np.ndarray, first: int) -> str | None:
    """The P-positions as residues, when whether (x, y) is one depends only on
    (x mod p, y mod q) for the least tile p x q (p, q <= 8, the table three tiles or more
    each way, a P-position in it and a position that is not)."""
    rows, cols = zero.shape
    if zero.all() or not zero.any():
        return None
    tiles = sorted((p * q, p, q) for p in range(1, _MOST_TILE + 1)
                   for q in range(1, _MOST_TILE + 1) if 3 * p <= rows and 3 * q <= cols)
    for _, p, q in tiles:
        tile = zero[:p, :q]
        if not np.array_equal(zero, np.tile(tile, (-(-rows // p), -(-cols // q)))[:rows, :cols]):
            continue
        pairs = [((first + r) % p, (first + c) % q) for r, c in zip(*np.nonzero(tile))]
        xs, ys = sorted({a for a, _ in pairs}), sorted({b for _, b in pairs})
        if len(pairs) == len(xs) * len(ys):  # a product: conditions on x and on y apart
            parts = [f"x = {', '.join(map(str, xs))} (mod {p})" if p > 1 else "",
                     f"y = {', '.join(map(str, ys))} (mod {q})" if q > 1 else ""]
            return " and ".join(part for part in parts if part)
        listed = ", ".join(f"({a}, {b})" for a, b in sorted(pairs))
        return f"(x mod {p}, y mod {q}) is one of {listed}"
    return None


_KEYS: tuple[tuple[str, Callable[[np.ndarray, np.ndarray], np.ndarray]], ...] = (
    ("min(x, y)", np.minimum),
    ("max(x, y)", np.maximum),
    ("x - y", np.subtract),
    ("x + y", np.add),
    ("x XOR y", np.bitwise_xor),
)


def _decompositions(t: np.ndarray, first: int, size: tuple[int, int]) -> Iterator[Finding]:
    rows, cols = t.shape
    x, y = np.meshgrid(np.arange(first, first + rows), np.arange(first, first + cols),
                       indexing="ij")
    # a sum of two games: g(x, y) = a(x) XOR b(y)
    a, b = t[:, 0] ^ t[0, 0], t[0]
    if np.array_equal(t, a[:, None] ^ b[None, :]):
        yield Finding("xor-sum", "a sum of two games: g(x, y) = a(x) XOR b(y), "
                      f"a(x) = {_describe_line(a, first, 'x')}, b(y) = {_describe_line(b, first, 'y')}",
                      size)
    tartan = _tartan(t, first)
    if tartan is not None:
        yield Finding("tartan", tartan, size)
    for name, key in _KEYS:
        keys = key(x, y)
        found = _function_of(t, keys)
        if found is None:
            continue
        if np.array_equal(found, keys):
            yield Finding("function-of", f"g(x, y) = {name}", size)
        else:
            yield Finding("function-of", f"g(x, y) depends only on {name}", size)


def _function_of(t: np.ndarray, keys: np.ndarray) -> np.ndarray | None:
    """``t`` as ``F(keys)`` when every key has one value and most keys repeat (evidence);
    the array ``F(keys)``, else None."""
    flat_k, flat_t = keys.ravel(), t.ravel()
    order = np.argsort(flat_k, kind="stable")
    k_sorted, t_sorted = flat_k[order], flat_t[order]
    same_key = k_sorted[1:] == k_sorted[:-1]
    if (t_sorted[1:][same_key] != t_sorted[:-1][same_key]).any():
        return None
    distinct = len(np.unique(flat_k))
    if distinct * 2 > flat_k.size:  # most keys seen once: nothing shown
        return None
    return t


def _tartan(t: np.ndarray, first: int) -> str | None:
    """``g(x, y) = c (x) a(x) (x) b(y)`` (nim products), a and b scaled so that their first
    non-zero value is 1; the text, or None."""
    from ..nimber import nim_inv, nim_mul

    nonzero = np.argwhere(t != 0)
    if not len(nonzero) or int(t.max()) >= 1 << 32:
        return None
    r0, c0 = (int(v) for v in nonzero[0])
    u = t.astype(np.uint64)
    col = u[:, c0]
    row = nim_mul(u[r0], np.full(u.shape[1], nim_inv(int(u[r0, c0])), dtype=np.uint64))
    scaled_a, scaled_b = _scaled(col), _scaled(row)
    if scaled_a is None or scaled_b is None:
        return None
    (a, ca), (b, cb) = scaled_a, scaled_b
    c = int(nim_mul(ca, cb))
    grid = nim_mul(np.repeat(a[:, None], len(b), axis=1), np.repeat(b[None, :], len(a), axis=0))
    if c != 1:
        grid = nim_mul(grid, np.full(grid.shape, c, dtype=np.uint64))
    if not np.array_equal(grid, u):
        return None
    if (a > 1).sum() < 2 or (b > 1).sum() < 2:  # a factor that is 0 or 1: no product shown
        return None
    scale = f"{c} (x) " if c != 1 else ""
    return (f"a Tartan product: g(x, y) = {scale}a(x) (x) b(y), (x) the nim product, "
            f"a(x) = {_describe_line(a.astype(np.int64), first, 'x')}, "
            f"b(y) = {_describe_line(b.astype(np.int64), first, 'y')}")


def _scaled(line: np.ndarray) -> tuple[np.ndarray, int] | None:
    """``line`` divided (in nim arithmetic) by its first non-zero value, and that value."""
    from ..nimber import nim_inv, nim_mul

    nz = np.flatnonzero(line)
    if not len(nz):
        return None
    lead = int(line[nz[0]])
    inv = nim_inv(lead)
    return nim_mul(line, np.full(len(line), inv, dtype=np.uint64)), lead


def _describe_line(values: np.ndarray, first: int, var: str) -> str:
    """A factor or summand in words: its closed form or a built-in game, else its values."""
    values = np.asarray(values, dtype=np.int64)
    if len(values) >= _MIN_MATCH:
        form = _closed_form(values, first)
        if form in ("0", "n"):
            return var if form == "n" else "0"
        names = known_sequences(values, first, most=2)
        said = re.sub(r"\bn\b", var, form) if form is not None else None
        if names or said:
            return ": ".join(x for x in (" = ".join(names), said) if x)
    shown = ", ".join(map(str, values[:10].tolist()))
    return f"{shown}{', ...' if len(values) > 10 else ''} ({var} = {first}, {first + 1}, ...)"


def _line_period(line: np.ndarray) -> tuple[int, int, int] | None:
    """The least period p (preperiod e, saltus s) of ``line`` seen over three periods."""
    n = len(line)
    for p in range(1, n // 3 + 1):
        diff = line[p:] - line[:-p]
        s = int(diff[-1])
        bad = np.flatnonzero(diff != s)
        e = int(bad[-1]) + 1 if len(bad) else 0
        if n - e >= 3 * p + 1 and n - e >= 8:
            return e, p, s
    return None


def _periodic_lines(t: np.ndarray, size: tuple[int, int]) -> Iterator[Finding]:
    for what, lines, var in (("row", t, "y"), ("column", t.T, "x")):
        if lines.shape[1] < 8:
            continue
        found = [_line_period(line) for line in lines]
        if any(f is None for f in found):
            continue
        periods = [f for f in found if f is not None]
        ps = sorted({p for _, p, _ in periods})
        saltus = any(s for _, _, s in periods)
        kind = "arithmetic-periodic" if saltus else "periodic"
        shown = ", ".join(map(str, ps[:8])) + (", ..." if len(ps) > 8 else "")
        yield Finding(f"{what}s-periodic", f"every {what} is {kind} in {var} "
                      f"(period{'s' if len(ps) > 1 else ''} {shown}; preperiods up to "
                      f"{max(e for e, _, _ in periods)})", size)
