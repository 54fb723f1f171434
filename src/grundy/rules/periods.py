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

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


__all__ = ["Certifier", "Found", "Known", "candidates", "extend", "next_size", "preperiod",
           "search"]

#: the last values every candidate period must explain (a quick filter)
TAIL = 16
_CHUNK = 1 << 12  # values compared in the first step when looking for a preperiod
_BLOCK = 1 << 16  # values compared at once, at most (the memory of a search: a few blocks)
#: candidate periods whose preperiod is computed in one search, at most (then again for
#: those a window of LONG_WINDOW values allows)
MAX_EXAMINED = 4096
LONG_WINDOW = 1024


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

    The data is compared in place from the end, in chunks that grow up to ``_BLOCK``
    values, so a candidate that fails near the end (most do) costs one small chunk, a
    true period one streaming pass, and the memory stays a few blocks whatever ``len(g)``.

    >>> import numpy as np
    >>> preperiod(np.array([3, 0, 1, 0, 1, 0]), 2, 0)
    1
    """
    import numpy as np
    end, chunk = len(g) - p, _CHUNK
    while end > 0:
        start = max(0, end - chunk)
        a, b = g[start + p : end + p], g[start:end]
        bad = (a.astype(np.int64) - b != s) if s else (a != b)
        if bad.any():
            return start + int(len(bad) - np.argmax(bad[::-1]))
        end, chunk = start, min(2 * chunk, _BLOCK)
    return 0


def candidates(g: np.ndarray, saltus: bool, longest: int | None = None,
               window: int = TAIL) -> Iterator[tuple[int, int]]:
    """(period, saltus) pairs, ascending, that explain the last values of ``g``, for
    periods up to ``longest`` (default ``len(g) // 2``).

    A period ``p`` explains them when the last ``m`` values (``m = min(window, n - n // 2)``)
    repeat ``p`` earlier (with a saltus, when their differences do).  The window of the
    last values is looked for in ``g`` itself, block by block from the end: no array per
    candidate, no copy of ``g``, whatever its length and dtype.

    >>> import numpy as np
    >>> list(candidates(np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0]), False))
    [(3, 0)]
    >>> list(candidates(np.array([0, 1, 2, 3, 4, 5]), True))
    [(1, 1), (2, 2), (3, 3)]
    """
    import numpy as np
    n = len(g)
    if n < 2:
        return
    m = min(window, n - n // 2)
    longest = n // 2 if longest is None else min(longest, n - m)
    if longest < 1:
        return
    last = int(g[n - 1])
    if saltus:  # differences g[i] - g[i - 1] for the window's i = n-m+1 .. n-1
        tail = np.diff(np.asarray(g[n - m :], dtype=np.int64))
    else:
        tail = np.asarray(g[n - m :])
    # an occurrence at start i (window of values g[i .. i+m-1]) is the period p = n - m - i
    low = n - m - longest  # the least start
    hi = n - m - 1  # the greatest start (p = 1)
    while hi >= low:
        lo = max(low, hi - _BLOCK + 1)
        if saltus:
            if m == 1:
                starts = np.arange(hi, lo - 1, -1, dtype=np.int64)
            else:
                seg = np.diff(np.asarray(g[lo : hi + m], dtype=np.int64))
                hits = np.flatnonzero(seg[: hi - lo + 1] == tail[0])
                for j in range(1, m - 1):
                    if not len(hits):
                        break
                    hits = hits[seg[hits + j] == tail[j]]
                starts = (hits + lo)[::-1]
        else:
            hits = np.flatnonzero(g[lo : hi + 1] == tail[0])
            for j in range(1, m):
                if not len(hits):
                    break
                hits = hits[g[lo + j : hi + 1 + j][hits] == tail[j]]
            starts = (hits + lo)[::-1]
        for i in starts.tolist():
            p = n - m - i
            yield p, (last - int(g[n - 1 - p])) if saltus else 0
        hi = lo - 1


def search(g: np.ndarray, rule: Certifier | None,
           saltus: bool) -> tuple[Found | None, Found | None]:
    """The certified period (the least the data proves by ``rule``) and the observed one.

    The observed period is the first candidate repeating over at least three periods
    and ``TAIL`` values; either may be None.  ``g`` is read in place (any integer dtype).
    """
    n = len(g)
    observed = None
    examined: dict[int, int] = {}  # period -> its preperiod in the data
    # first the periods the last TAIL values allow; if there are too many to examine (a
    # sequence of few distinct values), then those that a long window of values allows
    for window in (TAIL, LONG_WINDOW) if n >= 4 * LONG_WINDOW else (TAIL,):
        count = 0
        for p, s in candidates(g, saltus, window=window):
            if count >= MAX_EXAMINED:
                break
            if p in examined or _no_earlier(g, p, s, examined):
                continue
            count += 1
            e = examined[p] = preperiod(g, p, s)
            if rule is not None and s == 0 and rule.needed(e, p) <= n:
                return _least_divisor(g, e, p), None
            if observed is None and n - e >= 3 * p and n - e - p >= TAIL:
                observed = Found(e, p, s)
                if rule is None:
                    return None, observed
        if count < MAX_EXAMINED:
            break  # every candidate was examined
    return None, observed


def _no_earlier(g: np.ndarray, p: int, s: int, examined: dict[int, int]) -> bool:
    """Whether ``p``, a multiple of a period ``q`` examined (preperiod ``e``), holds from
    ``e`` exactly: it holds from ``e`` at the latest (``q`` does), and from earlier only
    if it holds at ``e - 1``, one comparison.  Then it proves nothing ``q`` did not.  (When
    ``e - 1 + p`` is past the data, ``q`` says nothing of ``p``.)"""
    n = len(g)
    for q, e in examined.items():
        if p % q == 0:
            if e == 0 or (e - 1 + p < n and int(g[e - 1 + p]) - int(g[e - 1]) != s):
                return True
    return False


def next_size(g: np.ndarray, rule: Certifier, saltus: bool, examine: int = 64) -> int | None:
    """The fewest values that could prove a period the data shows, or None if it shows none.

    Each candidate period (any length up to what the data repeats once) whose repetition
    covers a whole period and a window of values more (``LONG_WINDOW``, fewer in short
    data) gives a preperiod from the data, a
    lower bound for its true one, so ``rule.needed(e, p)`` is a lower bound for the values
    that prove it: growing a search to the least of these, rather than doubling past it,
    stops at the length of the certificate.

    >>> import numpy as np
    >>> g = np.array([5, 4] + [0, 1, 2] * 10)
    >>> next_size(g, Certifier(lambda e, p: 20 * e + p, "test"), False)
    43
    """
    n = len(g)
    best: int | None = None
    seen = 0
    for p, s in candidates(g, saltus, longest=n, window=min(LONG_WINDOW, max(TAIL, n // 8))):
        if s:
            continue
        e = preperiod(g, p, 0)
        if n - e - p >= TAIL:
            need = rule.needed(e, p)
            best = need if best is None else min(best, need)
        seen += 1
        if seen >= examine:
            break
    return best


def _divisors(p: int) -> list[int]:
    """The divisors of ``p`` below ``p``, ascending (trial division to the square root).

    >>> _divisors(12), _divisors(7)
    ([1, 2, 3, 4, 6], [1])
    """
    low, high = [], []
    d = 1
    while d * d <= p:
        if p % d == 0:
            low.append(d)
            if d * d != p:
                high.append(p // d)
        d += 1
    return [x for x in low + high[::-1] if x < p]


def _least_divisor(g: np.ndarray, e: int, p: int) -> Found:
    """A proven period p from e may hide a smaller one: the data decides.

    Given periodicity p from e, g(n + d) = g(n) for all n >= E holds as soon as it
    holds for E <= n < max(E, e) + p, which the data covers (it reaches e + 2p).
    """
    for d in _divisors(p):
        if e + p + d <= len(g):
            first = preperiod(g, d, 0)
            if first < len(g) - d - p:  # d holds over a whole period p of data at least
                return Found(first, d, 0)
    return Found(e, p, 0)


def extend(g: np.ndarray, period: Found, n: int) -> np.ndarray:
    """The first ``n`` values of a sequence whose first values are ``g``, extended by
    ``period`` (as int64).

    >>> import numpy as np
    >>> extend(np.array([0, 1, 2]), Found(0, 1, 1), 5).tolist()
    [0, 1, 2, 3, 4]
    """
    import numpy as np
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

    >>> import numpy as np
    >>> value_at(np.array([0, 1, 2]), Found(0, 1, 1), 10**30)
    1000000000000000000000000000000
    """
    if n < len(g):
        return int(g[n])
    e, p, s = period.preperiod, period.period, period.saltus
    laps, r = divmod(n - e, p)
    return int(g[e + r]) + s * laps
