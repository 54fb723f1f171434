"""Grundy sequences of heap games, and their periods, certified by a theorem when one applies.

A sequence is *arithmetic-periodic* with preperiod ``e``, period ``p`` and saltus
``s`` when ``g(n + p) = g(n) + s`` for every ``n >= e`` (``s = 0``: periodic).
Finitely many values never prove that; a theorem turns them into a proof:

- **octal periodicity theorem** (Guy & Smith 1956; Winning Ways ch. 4): for a
  take-and-break code whose moves remove at most ``t`` tokens and leave at most
  two heaps, ``g(n + p) = g(n)`` for ``e <= n < 2e + p + t`` implies it for all
  ``n >= e``.  The same induction with ``h`` heaps needs ``e <= n < h*e + (h-1)*p + t``
  (and ``n > t``, and ``e >= 1`` in the bound, so that every part stays non-empty).
- **subtraction games** with a finite set ``S``: ``g(n)`` depends only on the
  ``max(S)`` values before it, so a window of ``max(S)`` values that repeats
  ``p`` later makes the rest repeat too.
- **nim**: ``g(n) = n`` (Bouton), period 1, saltus 1.

Other heap games (all-but subtraction games, Grundy's game, your own) get the
period *observed* in the values computed, never certified.

>>> from grundy.rules.heap import TakeAndBreak
>>> r = find_period(TakeAndBreak("0.77"))
>>> r.preperiod, r.period, r.saltus, r.certified, r.checked_to, r.stats.largest
(71, 12, 0, True, 256, 8)
>>> sequence(TakeAndBreak("0.07"), 10).tolist()
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import GrundyError
from ..rules.base import MAX_IN_PLACE, HeapGame, is_grid_game, is_heap_game
from ..rules.periods import Known, next_size, search
from .stats import SequenceStats, sequence_stats
from .tables import analyze_command, has_table

__all__ = ["Period", "find_period", "heap_game", "sequence"]

_FIRST = 256  # values computed before the first look for a period
_STATS_KEYS = ("largest", "largest_at", "rare_mask", "rare_count", "last_rare")


@dataclass(frozen=True)
class Period:
    """The (arithmetic) period found in a Grundy sequence.

    ``preperiod``, ``period`` and ``saltus`` are ``None`` when no period was
    found; ``checked_to`` is the number of values computed (heaps 0..checked_to-1).
    """

    preperiod: int | None
    period: int | None
    saltus: int | None
    certified: bool
    checked_to: int
    reason: str
    #: the largest value, the rare/common split and the last rare heap of the values
    #: computed (None when nothing was computed, as for nim's closed form)
    stats: SequenceStats | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields the CLI prints with ``--json``, the statistics as the research tables
        give them (``None`` when there are none).

        >>> Period(0, 1, 1, True, 10, "nim").as_dict()
        {'preperiod': 0, 'period': 1, 'saltus': 1, 'certified': True, 'checked_to': 10, \
'largest': None, 'largest_at': None, 'rare_mask': None, 'rare_count': None, 'last_rare': None}
        """
        stats = (self.stats.as_dict() if self.stats is not None
                 else dict.fromkeys(_STATS_KEYS))
        return {"preperiod": self.preperiod, "period": self.period, "saltus": self.saltus,
                "certified": self.certified, "checked_to": self.checked_to, **stats}

    def describe(self) -> str:
        """One or two readable lines.

        >>> print(Period(None, None, None, False, 500, "no period").describe())
        no period found in the first 500 values (heaps 0..499)
        no period
        """
        if self.period is None:
            head = f"no period found in the first {self.checked_to} values (heaps 0..{self.checked_to - 1})"
        else:
            status = "certified" if self.certified else "observed, not certified"
            head = (f"period {self.period}, preperiod {self.preperiod}, saltus {self.saltus} "
                    f"({status}; {self.checked_to} values computed)")
        lines = [head, self.reason]
        if self.stats is not None:
            s = self.stats
            lines.append(f"largest value {s.largest} (first at heap {s.largest_at}); "
                         f"rare values (mask {s.rare_mask:x}): {s.rare_count}, the last at heap "
                         f"{s.last_rare}")
        return "\n".join(lines)


# -- finding periods --------------------------------------------------------------------


def heap_game(game: Any) -> HeapGame:
    """``game`` itself if it is a heap game; else an error saying what it has instead."""
    if not is_heap_game(game):
        name = game.label
        if is_grid_game(game):
            raise GrundyError(f"{name} is a two-dimensional game: it has a table of values "
                              "(grundy table), not a sequence")
        if has_table(game):
            raise GrundyError(f"{name} is played on boards: it has a table of its empty "
                              f"boards' values ('grundy table {name}'), not a sequence")
        if game.example:
            raise GrundyError(f"{name} is not a heap game, so it has no Grundy sequence: "
                              f"'{analyze_command(game, name)}' values a position")
        raise GrundyError(f"{name} is not a heap game, so it has no Grundy sequence: subclass "
                          "grundy.HeapGame (positions 0, 1, 2, ...) rather than grundy.Game to "
                          "get one")
    return game


def find_period(game: Any, max_n: int | None = None, *, seconds: float | None = None,
                progress: Callable[[int, int], None] | None = None,
                out: str | os.PathLike[str] | None = None, resume: bool = False) -> Period:
    """Preperiod, period and saltus of a heap game's Grundy sequence, certified if possible.

    Values are computed in growing batches until a theorem certifies a period, or
    ``max_n`` values (default: the game's ``period_budget``) or ``seconds`` of work are
    reached.  Each batch doubles, or grows only to the length that would prove the least
    demanding period the data shows, so a search stops at its certificate's length.
    ``progress(done, budget)`` is called as values are computed.

    A game whose kernel fills values in place (octal codes with at most two heaps per
    move, Grundy's game) computes into one array of 2 bytes a heap, searched where it
    is; with ``out`` (a ``.npy`` file) that array is a memory map of the file, and
    ``resume`` continues a search stopped there.

    >>> from grundy.rules.heap import Nim, parse_subtraction
    >>> r = find_period(parse_subtraction("sub:1,3,4"))
    >>> r.preperiod, r.period, r.saltus, r.certified, r.checked_to
    (0, 7, 0, True, 256)
    >>> print(find_period(Nim()).describe())
    period 1, preperiod 0, saltus 1 (certified; 1024 values computed)
    certified by Bouton's theorem: in nim, g(n) = n for every heap n
    """
    heap = heap_game(game)
    if max_n is not None and (isinstance(max_n, bool) or not isinstance(max_n, int) or max_n < 1):
        raise GrundyError(f"the number of values to search must be a positive integer, got {max_n!r}")
    if seconds is not None and not seconds > 0:
        raise GrundyError(f"the time to search must be a positive number of seconds, got {seconds!r}")
    in_place = heap.fills_in_place
    if max_n is not None:
        limit = max_n
    elif seconds is not None:  # the time decides: up to all the kernel can do
        limit = heap.sequence_limit or 10**8
    else:
        limit = heap.period_budget
    most = MAX_IN_PLACE if in_place else heap.sequence_limit
    if most is not None and limit > most:
        raise GrundyError(f"{heap.label}: --max {limit} is past what its kernel computes "
                          f"(at most {most}" + (", 2 bytes a heap)" if in_place else ")"))
    if out is not None and not in_place:
        raise GrundyError(f"{heap.label}: --out keeps the values of kernels that fill them in "
                          "place (octal codes with at most two heaps a move, Grundy's game)")
    rule = heap.certifier()
    if isinstance(rule, Known):
        return Period(rule.preperiod, rule.period, rule.saltus, True, limit,
                      f"certified by {rule.theorem}")
    start = time.monotonic()
    n = min(_FIRST, limit)
    least = rule.needed(0, 1) if rule is not None else 0  # no observation below this
    saltus = not heap.bounded
    compute: Callable[[int], np.ndarray]
    if in_place:
        compute = _in_place(heap, limit, out, resume, progress)
    else:
        compute = heap.kernel_values
    while True:
        g = compute(n)
        n = len(g)  # a resumed search starts from the values it has
        found, observed = search(g, rule, saltus=saltus)
        if progress is not None:
            progress(n, limit)
        if found is not None:
            return Period(found.preperiod, found.period, found.saltus, True, n,
                          f"certified by {rule.theorem if rule else ''}", _stats(g))
        out_of_time = seconds is not None and time.monotonic() - start >= seconds
        if n >= limit or out_of_time:
            break
        grow = 2 * n
        if rule is not None:  # no further than the least certificate the data allows
            fewest = next_size(g, rule, saltus)
            if fewest is not None:
                grow = min(grow, max(fewest, n + max(n // 16, 1)))
        n = min(grow, limit)
    if observed is not None and n < least:
        observed = None  # too few values to see anything (a subtraction set past them)
    budget = (f"{seconds:g} seconds" if out_of_time and seconds is not None
              else f"{n} values")
    if observed is None:
        if n < least:
            why = (f"no period of this game can show in fewer than {least} values (the "
                   f"shortest window of {rule.theorem.split(':')[0] if rule else ''}), and "
                   f"{n} were computed")
        else:
            why = (f"no repetition covering three periods was seen within {budget}; a larger "
                   "--max or --time may find one")
        return Period(None, None, None, False, n, why, _stats(g))
    if rule is None:
        why = "no theorem certifies periods of this family"
        if heap.notation.startswith("allbut:"):
            why = ("all-but subtraction games are arithmetic-periodic (A. Siegel), but these "
                   "numbers are only observed")
    else:
        why = (f"proving it by {rule.theorem.split(' (')[0].split(':')[0]} needs "
               f"{rule.needed(observed.preperiod, observed.period)} values; try a larger "
               "--max or --time")
    return Period(observed.preperiod, observed.period, observed.saltus, False, n,
                  f"observed in the first {n} values only: {why}", _stats(g))


def _in_place(heap: HeapGame, limit: int, out: str | os.PathLike[str] | None, resume: bool,
              progress: Callable[[int, int], None] | None) -> Callable[[int], np.ndarray]:
    """``compute(n)``: the values of heaps 0..n-1, a view of one array of ``limit`` uint16
    values (zeroed pages cost no memory until written; with ``out``, a memory map of that
    file, resumable), filled in place from where the last call stopped."""
    if out is None:
        try:  # zeroed pages: memory is taken as the values are written
            values: np.ndarray = np.zeros(limit, dtype=np.uint16)
        except MemoryError:
            raise GrundyError(f"{heap.label}: {limit} values (2 bytes a heap) do not fit in "
                              "memory here; keep them in a file with --out FILE.npy") from None
        done = 0
        note: Callable[[int], None] = (lambda i: progress(i, limit)) if progress else (lambda i: None)
    else:
        from .longrun import open_values

        values, done, note = open_values(out, limit, resume, heap.notation, progress)

    def compute(n: int) -> np.ndarray:
        nonlocal done
        n = max(n, done)
        if n > done:
            heap.fill(values, done, n, note)
            note(n)
            done = n
        view = values[:n].view()
        view.flags.writeable = False
        return view

    return compute


def _stats(g: np.ndarray) -> SequenceStats | None:
    """The statistics of the values, when they are small enough to have a rare/common split."""
    try:
        return sequence_stats(g) if len(g) else None
    except GrundyError:  # values too large for the split (say, arithmetic-periodic games)
        return None


# -- sequences ----------------------------------------------------------------------------


def sequence(game: Any, n: int) -> np.ndarray:
    """Grundy values of heaps 0..n-1; past a certified period they are copied, not computed.

    The same as ``game.sequence(n)``, with the checks of a public entry point.

    >>> from grundy.rules.heap import TakeAndBreak
    >>> s = sequence(TakeAndBreak("0.77"), 10**6)  # period 12 from heap 71: copied
    >>> bool((s[83:] == s[71:-12]).all()), s[:8].tolist()
    (True, [0, 1, 2, 3, 1, 4, 3, 2])
    """
    heap = heap_game(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GrundyError(f"the number of values must be a non-negative integer, got {n!r}")
    return heap.sequence(n)
