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
>>> find_period(TakeAndBreak("0.77")).as_dict()
{'preperiod': 71, 'period': 12, 'saltus': 0, 'certified': True, 'checked_to': 256}
>>> sequence(TakeAndBreak("0.07"), 10).tolist()
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import GrundyError
from .rules.base import is_grid_game, is_heap_game
from .rules.heap import AllBut, GrundysGame, Nim, Subtraction, TakeAndBreak

__all__ = ["Period", "find_period", "sequence"]

_FIRST = 256  # values computed before the first look for a period
_TAIL = 16  # the last values every candidate period must explain (a quick filter)


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

    def as_dict(self) -> dict[str, Any]:
        """The fields the CLI prints with ``--json``.

        >>> Period(0, 1, 1, True, 10, "nim").as_dict()
        {'preperiod': 0, 'period': 1, 'saltus': 1, 'certified': True, 'checked_to': 10}
        """
        return {"preperiod": self.preperiod, "period": self.period, "saltus": self.saltus,
                "certified": self.certified, "checked_to": self.checked_to}

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
        return f"{head}\n{self.reason}"


# -- which theorem applies ------------------------------------------------------------

# needed(e, p): how many values (heaps 0..needed-1) must repeat to prove the period.
Needed = Callable[[int, int], int]


def _octal_needed(t: int, h: int) -> Needed:
    def needed(e: int, p: int) -> int:
        top = max(t + 1, e + t)
        if h >= 2:
            top = max(top, h * max(e, 1) + (h - 1) * p + t)
        return top + p

    return needed


def _certifier(game: Any) -> tuple[Needed, str] | None:
    """How many values prove a period of ``game``, and the theorem's name (or None)."""
    if isinstance(game, TakeAndBreak):
        t, h = game.max_removed, game.max_heaps
        if h == 1:
            why = f"the octal periodicity theorem (moves leave at most one heap and remove at most {t})"
        else:
            bound = "2e + p + t" if h == 2 else f"{h}e + {h - 1}p + t"
            why = (f"the octal periodicity theorem (Guy & Smith 1956): t = {t} tokens at most "
                   f"removed, {h} heaps at most left, values repeat for e <= n < {bound}")
        return _octal_needed(t, h), why
    if isinstance(game, Subtraction) and game.subtract:
        width = max(game.subtract)
        why = (f"the subtraction-game window argument: each value depends only on the {width} "
               f"before it, and a window of {width} values repeats")
        return (lambda e, p: e + p + width), why
    return None


def _default_max(game: Any) -> int:
    if isinstance(game, Nim):
        return 1024
    if isinstance(game, TakeAndBreak):
        return 100_000 if game.max_heaps <= 2 else 3000  # three heaps: a denser, cubic kernel
    if isinstance(game, Subtraction):
        return 100_000
    if isinstance(game, GrundysGame):
        return 20_000
    if isinstance(game, AllBut):
        return 10_000
    return 1000  # through the generic engine


def _check_heap(game: Any) -> None:
    if not is_heap_game(game):
        name = type(game).__name__
        if is_grid_game(game):
            raise GrundyError(f"{name} is a two-dimensional game: it has a table of values "
                              "(grundy table), not a sequence")
        raise GrundyError(f"{name} is not a heap game, so it has no Grundy sequence: subclass "
                          "grundy.HeapGame (positions 0, 1, 2, ...) rather than grundy.Game to "
                          "get one")


# -- finding periods --------------------------------------------------------------------


@dataclass(frozen=True)
class _Found:
    preperiod: int
    period: int
    saltus: int


def _preperiod(g: np.ndarray, p: int, s: int) -> int:
    """The least e with g(n + p) = g(n) + s for all e <= n < len(g) - p."""
    bad = np.flatnonzero(g[p:] - g[:-p] != s)
    return int(bad[-1]) + 1 if len(bad) else 0


def _candidates(g: np.ndarray, saltus: bool) -> list[tuple[int, int]]:
    """(period, saltus) pairs, ascending, that explain the last values of ``g``."""
    n = len(g)
    periods = np.arange(1, n // 2 + 1)
    if not len(periods):
        return []
    steps = g[n - 1] - g[n - 1 - periods] if saltus else np.zeros(len(periods), dtype=g.dtype)
    keep = np.ones(len(periods), dtype=bool)
    for j in range(1, min(_TAIL, n - n // 2)):
        i = n - 1 - j
        keep &= g[i] - g[i - periods] == steps
    return [(int(p), int(s)) for p, s in zip(periods[keep], steps[keep])]


def _search(g: np.ndarray, needed: Needed | None, saltus: bool) -> tuple[_Found | None, _Found | None]:
    """The certified period (least p the data proves) and the observed one, if any."""
    n = len(g)
    observed = None
    for p, s in _candidates(g, saltus):
        e = _preperiod(g, p, s)
        if needed is not None and s == 0 and needed(e, p) <= n:
            return _least_divisor(g, e, p), None
        if observed is None and n - e >= 3 * p and n - e - p >= _TAIL:
            observed = _Found(e, p, s)
    return None, observed


def _least_divisor(g: np.ndarray, e: int, p: int) -> _Found:
    """A proven period p from e may hide a smaller one: the data decides.

    Given periodicity p from e, g(n + d) = g(n) for all n >= E holds as soon as it
    holds for E <= n < max(E, e) + p, which the data covers (it reaches e + 2p).
    """
    for d in range(1, p):
        if p % d == 0 and e + p + d <= len(g):
            # the data reaches e + p + d, so every n >= e is covered by one n in [e, e + p)
            first = _preperiod(g, d, 0)
            if first < len(g) - d - p:  # d holds over a whole period p of data at least
                return _Found(first, d, 0)
    return _Found(e, p, 0)


def find_period(game: Any, max_n: int | None = None) -> Period:
    """Preperiod, period and saltus of a heap game's Grundy sequence, certified if possible.

    Values are computed in growing batches up to ``max_n`` (default: a bound for
    the game's family), stopping as soon as a theorem certifies a period.

    >>> from grundy.rules.heap import Nim, parse_subtraction
    >>> find_period(parse_subtraction("sub:1,3,4")).as_dict()
    {'preperiod': 0, 'period': 7, 'saltus': 0, 'certified': True, 'checked_to': 256}
    >>> print(find_period(Nim()).describe())
    period 1, preperiod 0, saltus 1 (certified; 1024 values computed)
    certified by Bouton's theorem: in nim, g(n) = n for every heap n
    """
    _check_heap(game)
    if max_n is not None and (isinstance(max_n, bool) or not isinstance(max_n, int) or max_n < 1):
        raise GrundyError(f"the number of values to search must be a positive integer, got {max_n!r}")
    limit = _default_max(game) if max_n is None else max_n
    if isinstance(game, Nim):
        return Period(0, 1, 1, True, limit,
                      "certified by Bouton's theorem: in nim, g(n) = n for every heap n")
    rule = _certifier(game)
    needed, theorem = rule if rule is not None else (None, "")
    saltus = not isinstance(game, (TakeAndBreak, Subtraction))  # those are bounded
    n = min(_FIRST, limit)
    while True:
        g = game.sequence(n)
        found, observed = _search(g, needed, saltus)
        if found is not None:
            return Period(found.preperiod, found.period, found.saltus, True, n,
                          f"certified by {theorem}")
        if n >= limit:
            break
        grow = 2 * n
        if observed is not None and needed is not None:
            grow = max(needed(observed.preperiod, observed.period), n + n // 4)
        n = min(grow, limit)
    if observed is None:
        return Period(None, None, None, False, n,
                      "no repetition covering three periods was seen; a larger --max may find one")
    if needed is None:
        why = "no theorem certifies periods of this family"
        if isinstance(game, AllBut):
            why = ("all-but subtraction games are arithmetic-periodic (A. Siegel), but these "
                   "numbers are only observed")
    else:
        why = (f"proving it by {theorem.split(' (')[0]} needs "
               f"{needed(observed.preperiod, observed.period)} values; try a larger --max")
    return Period(observed.preperiod, observed.period, observed.saltus, False, n,
                  f"observed in the first {n} values only: {why}")


# -- sequences ----------------------------------------------------------------------------


def sequence(game: Any, n: int) -> np.ndarray:
    """Grundy values of heaps 0..n-1; past a certified period they are copied, not computed.

    >>> from grundy.rules.heap import TakeAndBreak
    >>> s = sequence(TakeAndBreak("0.77"), 10**6)  # period 12 from heap 71: copied
    >>> bool((s[83:] == s[71:-12]).all()), s[:8].tolist()
    (True, [0, 1, 2, 3, 1, 4, 3, 2])
    """
    _check_heap(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GrundyError(f"the number of values must be a non-negative integer, got {n!r}")
    if isinstance(game, Nim):
        return np.arange(n, dtype=np.int64)
    rule = _certifier(game)
    if rule is None:
        return np.asarray(game.sequence(n), dtype=np.int64)
    size = min(n, 4 * _FIRST)
    while True:
        g = np.asarray(game.sequence(size), dtype=np.int64)
        if size == n:
            return g
        found, _ = _search(g, rule[0], saltus=False)
        if found is not None:
            e, p = found.preperiod, found.period
            index = np.arange(n, dtype=np.int64)
            tail = index >= e
            index[tail] = e + (index[tail] - e) % p
            return g[index]
        size = min(2 * size, n)
