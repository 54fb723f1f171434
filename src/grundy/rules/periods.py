"""Periods in Grundy sequences: what a theorem needs to prove one, and finding it in data.

A sequence is *arithmetic-periodic* with preperiod ``e``, period ``p`` and saltus
``s`` when ``g(n + p) = g(n) + s`` for every ``n >= e`` (``s = 0``: periodic).
Finitely many values never prove that; a theorem turns them into a proof.  A game
says which theorem applies to it (:meth:`grundy.HeapGame.certifier`) as a
:class:`Certifier` (how many values prove a period) or a :class:`Known` period (a
closed form), and :func:`search` finds the period the data proves.

>>> import numpy as np
>>> g = np.array([0, 5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])
>>> search(g, Certifier(lambda e, p: e + 2 * p, "a test"), saltus=False)
(Found(preperiod=2, period=3, saltus=0), None)
>>> extend(g, Found(2, 3, 0), 16).tolist()[-4:]
[2, 3, 1, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["Certifier", "Found", "Known", "extend", "preperiod", "search"]

#: the last values every candidate period must explain (a quick filter)
TAIL = 16
_CHUNK = 1 << 12  # values compared in the first step when looking for a preperiod
#: candidate periods whose preperiod is computed in one search, at most
MAX_EXAMINED = 4096


@dataclass(frozen=True)
class Certifier:
    """A theorem that proves a period from finitely many values.

    ``needed(e, p)`` is how many values (heaps ``0..needed-1``) must repeat with
    preperiod ``e`` and period ``p`` for the theorem to prove it; ``theorem`` names it.
    """

    needed: Callable[[int, int], int]
    theorem: str


@dataclass(frozen=True)
class Known:
    """A period known in closed form for every heap (such as ``g(n) = n`` in nim)."""

    preperiod: int
    period: int
    saltus: int
    theorem: str


@dataclass(frozen=True)
class Found:
    """A period found in the data: ``g(n + period) = g(n) + saltus`` from ``preperiod`` on."""

    preperiod: int
    period: int
    saltus: int


def preperiod(g: np.ndarray, p: int, s: int) -> int:
    """The least e with g(n + p) = g(n) + s for all e <= n < len(g) - p.

    The data is scanned from the end in growing chunks, so a candidate that fails near
    the end (most do) costs one small chunk, and a true period about the length of its
    periodic part.

    >>> preperiod(np.array([3, 0, 1, 0, 1, 0]), 2, 0)
    1
    """
    end, chunk = len(g) - p, _CHUNK
    while end > 0:
        start = max(0, end - chunk)
        a, b = g[start + p : end + p], g[start:end]
        bad = (a.astype(np.int64) - b != s) if s else (a != b)
        if bad.any():
            return start + int(len(bad) - np.argmax(bad[::-1]))
        end, chunk = start, 2 * chunk
    return 0


def _candidates(g: np.ndarray, saltus: bool) -> list[tuple[int, int]]:
    """(period, saltus) pairs, ascending, that explain the last values of ``g``."""
    n = len(g)
    if n < 2:
        return []
    # candidate periods p = 1 .. n // 2; keep those the last TAIL values agree with
    alive = np.arange(1, n // 2 + 1)
    wide = g.astype(np.int64) if saltus else g
    if saltus:
        steps = wide[n - 1] - wide[n - 1 - alive]
    else:
        alive = alive[wide[n - 1] == wide[n - 1 - alive]]
        steps = np.zeros(len(alive), dtype=np.int64)
    for j in range(1, min(TAIL, n - n // 2)):
        if not len(alive):
            break
        i = n - 1 - j
        ok = (wide[i] - wide[i - alive] == steps) if saltus else (wide[i] == wide[i - alive])
        alive, steps = alive[ok], steps[ok]
    return [(int(p), int(s)) for p, s in zip(alive, steps)]


def search(g: np.ndarray, rule: Certifier | None,
           saltus: bool) -> tuple[Found | None, Found | None]:
    """The certified period (the least the data proves by ``rule``) and the observed one.

    The observed period is the first candidate repeating over at least three periods
    and ``TAIL`` values; either may be None.
    """
    n = len(g)
    observed = None
    examined: list[int] = []
    for p, s in _candidates(g, saltus):
        # a multiple of a period examined holds from no later, and proves nothing more
        # (the least divisor would be found from the data again): skip it
        if any(p % q == 0 for q in examined) or len(examined) >= MAX_EXAMINED:
            continue
        examined.append(p)
        e = preperiod(g, p, s)
        if rule is not None and s == 0 and rule.needed(e, p) <= n:
            return _least_divisor(g, e, p), None
        if observed is None and n - e >= 3 * p and n - e - p >= TAIL:
            observed = Found(e, p, s)
            if rule is None:
                break
    return None, observed


def _least_divisor(g: np.ndarray, e: int, p: int) -> Found:
    """A proven period p from e may hide a smaller one: the data decides.

    Given periodicity p from e, g(n + d) = g(n) for all n >= E holds as soon as it
    holds for E <= n < max(E, e) + p, which the data covers (it reaches e + 2p).
    """
    for d in range(1, p):
        if p % d == 0 and e + p + d <= len(g):
            first = preperiod(g, d, 0)
            if first < len(g) - d - p:  # d holds over a whole period p of data at least
                return Found(first, d, 0)
    return Found(e, p, 0)


def extend(g: np.ndarray, period: Found, n: int) -> np.ndarray:
    """The first ``n`` values of a sequence whose first values are ``g``, extended by
    ``period`` (as int64).

    >>> extend(np.array([0, 1, 2]), Found(0, 1, 1), 5).tolist()
    [0, 1, 2, 3, 4]
    """
    e, p, s = period.preperiod, period.period, period.saltus
    head = np.asarray(g[: min(n, len(g))], dtype=np.int64)
    if n <= len(head):
        return head
    index = np.arange(len(head), n, dtype=np.int64)
    laps = (index - e) // p
    base = e + (index - e) % p
    if base.size and base.max() >= len(head):
        raise ValueError("extend: the values given do not cover one period past the preperiod")
    return np.concatenate([head, head[base] + s * laps])


def value_at(g: np.ndarray, period: Found, n: int) -> int:
    """The value of heap ``n`` (any size) from values ``g`` covering one period.

    >>> value_at(np.array([0, 1, 2]), Found(0, 1, 1), 10**30)
    1000000000000000000000000000000
    """
    if n < len(g):
        return int(g[n])
    e, p, s = period.preperiod, period.period, period.saltus
    laps, r = divmod(n - e, p)
    return int(g[e + r]) + s * laps
