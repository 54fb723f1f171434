"""The splitting game (HNOI 2007, Luogu P3185): beans split into two later bottles.

Bottles ``0..n-1`` hold ``p[i]`` beans.  A move takes a bean from bottle ``i``
and puts one bean into bottle ``j`` and one into bottle ``k``, ``i < j <= k``.

Each bean moves on its own, so a bean is a game of its own: a bean with ``d``
bottles to its right is the position ``d`` of :class:`Beans`, whose options are
the sums ``d1 + d2`` with ``0 <= d2 <= d1 < d``.  Two beans in one bottle cancel
(X XOR X = 0), so a row of bottles is worth the XOR of ``sg(n-1-i)`` over the
bottles ``i`` holding an odd number of beans.  A move ``(i, j, k)`` flips the
parity of bottles ``i``, ``j`` and ``k``: it wins iff
``value ^ sg_i ^ sg_j ^ sg_k == 0``.  :class:`BeanBottles` is the rules-literal
game on whole bottle tuples; the tests check the theory against it.

>>> Beans().sequence(8).tolist()
[0, 1, 2, 4, 7, 8, 11, 13]
>>> analyse((1, 0, 1, 5000))
Analysis(value=5, move=(0, 2, 3), winning_moves=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..engine import Game, Sum
from .base import HeapGame

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Analysis",
    "BeanBottles",
    "Beans",
    "MEX_LIMIT",
    "PairCounter",
    "analyse",
    "bottle_values",
    "odious_sequence",
    "position_value",
    "winning_moves",
]


class Beans(HeapGame):
    """One bean with ``d`` bottles to its right; it splits into two beans further right.

    >>> Beans().options(3)
    [Sum(0, 0), Sum(1, 0), Sum(1, 1), Sum(2, 0), Sum(2, 1), Sum(2, 2)]
    >>> [Beans().value(d) for d in range(5)]
    [0, 1, 2, 4, 7]
    """

    board = "bottles"
    has_kernel = True

    def is_empty(self, part: Any) -> bool:
        """A bean next to the last bottle (0) is still drawn and kept in a sum."""
        return False

    notation = "beans"
    bounded = False
    #: a bean with d bottles after it has about d^2 / 2 options (d = 1000: about 3 s)
    move_limit = 1000

    def options(self, d: int) -> list[Sum]:
        return [Sum(d1, d2) for d1 in range(d) for d2 in range(d1 + 1)]

    def kernel_sequence(self, n: int) -> np.ndarray:
        """The values of positions ``0..n-1``, without the engine.

        The values strictly increase (``sg(d) = sg(d) ^ sg(0)`` is an option of
        ``d + 1``), and the option values of ``d + 1`` are those of ``d`` plus
        ``sg(d) ^ sg(e)`` for ``e <= d``: one growing set, one rising mex
        (``O(n^2)`` NumPy work).  Past ``MEX_LIMIT`` positions the values come
        from Mock Turtles instead: a bean's options (no bean, one bean, two beans
        further right) are those of a Mock Turtles head, whose values are the
        odious numbers (Winning Ways ch. 14); the tests check both agree.

        >>> Beans().kernel_sequence(10**5)[-3:].tolist()
        [199993, 199994, 199996]
        """
        return _sequence(n).copy()


#: Above this many positions, :meth:`Beans.sequence` uses the Mock Turtles closed form.
MEX_LIMIT = 1 << 13


def odious_sequence(n: int) -> np.ndarray:
    """``0`` then the odious numbers (odd number of 1 bits): Mock Turtles' values, ``O(n)``.

    >>> odious_sequence(8).tolist()
    [0, 1, 2, 4, 7, 8, 11, 13]
    """
    import numpy as np
    m = np.arange(max(n - 1, 0), dtype=np.int64)
    parity = np.zeros_like(m)
    bits = m.copy()
    while bits.any():
        parity ^= bits & 1
        bits >>= 1
    return np.concatenate([np.zeros(min(n, 1), dtype=np.int64), 2 * m + 1 - parity])


@lru_cache(maxsize=4)
def _sequence(n: int) -> np.ndarray:
    if n > MEX_LIMIT:
        sg = odious_sequence(n)
        sg.setflags(write=False)
        return sg
    return _mex_sequence(n)


def _mex_sequence(n: int) -> np.ndarray:
    import numpy as np
    sg = np.zeros(n, dtype=np.int64)
    seen = np.zeros(64, dtype=bool)
    mex = 0
    for d in range(1, n):
        top = int(sg[d - 1])
        while seen.size <= 2 * max(top, mex + 1):  # every XOR of values <= top is < 2 * top
            seen = np.concatenate([seen, np.zeros_like(seen)])
        seen[sg[:d] ^ top] = True
        while seen[mex]:
            mex += 1
        sg[d] = mex
    sg.setflags(write=False)
    return sg


def bottle_values(n: int) -> np.ndarray:
    """``sg`` of each bottle ``0..n-1`` of a row of ``n``: bottle ``i`` is position ``n-1-i``.

    >>> bottle_values(4).tolist()
    [4, 2, 1, 0]
    """
    return _sequence(n)[::-1].copy()


class BeanBottles(Game):
    """The rules-literal game: a position is the tuple of bean counts of the bottles.

    >>> g = BeanBottles()
    >>> g.options((1, 0, 0))
    [(0, 2, 0), (0, 1, 1), (0, 0, 2)]
    >>> g.outcome((0, 0, 1)), g.outcome((1, 0, 1))
    ('P', 'N')
    """

    def options(self, p: tuple[int, ...]) -> list[tuple[int, ...]]:
        n = len(p)
        out = []
        for i in range(n):
            if p[i]:
                for j in range(i + 1, n):
                    for k in range(j, n):
                        q = list(p)
                        q[i] -= 1
                        q[j] += 1
                        q[k] += 1
                        out.append(tuple(q))
        return out


def position_value(p: Sequence[int]) -> int:
    """The value of a row of bottles: XOR of ``sg`` over the bottles with an odd count.

    >>> position_value((1, 0, 1, 5000)), position_value((0, 0, 1))
    (5, 0)
    """
    sg = bottle_values(len(p))
    value = 0
    for i, beans in enumerate(p):
        if beans & 1:
            value ^= int(sg[i])
    return value


def winning_moves(p: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every winning move ``(i, j, k)`` in lexicographic order (``O(n^3)``: small rows).

    >>> winning_moves((1, 0, 1, 5000))
    [(0, 2, 3)]
    """
    n = len(p)
    sg = bottle_values(n).tolist()
    value = position_value(p)
    if value == 0:
        return []
    return [(i, j, k) for i in range(n) if p[i] for j in range(i + 1, n) for k in range(j, n)
            if value ^ sg[i] ^ sg[j] ^ sg[k] == 0]


class PairCounter:
    """Counts pairs of bottles whose values XOR to a target, for all rows of up to ``n`` bottles.

    ``count(d, t)`` is the number of pairs ``a <= b < d`` of *positions* (bottles
    ``d`` or fewer places from the right end, exclusive) with ``sg(a) ^ sg(b) == t``.
    Values are distinct, so ``t == 0`` means ``a == b`` (``d`` pairs); otherwise
    the pairs ``a < b`` are sorted by ``(sg(a) ^ sg(b), b)`` once, and a count is
    two binary searches.  Memory: ``n^2 / 2`` keys (8 bytes each).

    >>> pc = PairCounter(4)
    >>> import numpy as np
    >>> pc.count(np.array([3, 4, 4]), np.array([3, 6, 0])).tolist()
    [1, 1, 4]
    """

    def __init__(self, n: int) -> None:
        import numpy as np
        self.n = max(n, 1)
        self.sg = _sequence(self.n)
        a, b = np.triu_indices(self.n, k=1)
        xor = self.sg[a] ^ self.sg[b]
        self._keys = np.sort(xor * self.n + b)

    def count(self, d: np.ndarray, target: np.ndarray) -> np.ndarray:
        """``count(d, t)`` for arrays ``d`` (``0 <= d <= n``) and targets ``t``, vectorised."""
        import numpy as np
        d = np.asarray(d, dtype=np.int64)
        t = np.asarray(target, dtype=np.int64)
        hi = np.searchsorted(self._keys, t * self.n + d)
        lo = np.searchsorted(self._keys, t * self.n)
        return np.where(t == 0, d, hi - lo)


@dataclass(frozen=True)
class Analysis:
    """One row of bottles: its value, the least winning move and how many moves win."""

    value: int
    move: tuple[int, int, int] | None
    winning_moves: int


def analyse(p: Sequence[int], pairs: PairCounter | None = None) -> Analysis:
    """Value, lexicographically least winning move and number of winning moves of a row.

    Counting costs ``O(n log n)`` once ``pairs`` (a :class:`PairCounter` for at
    least ``len(p)`` bottles) exists; the least move is one vectorised scan.

    >>> analyse((0, 0, 1))
    Analysis(value=0, move=None, winning_moves=0)
    >>> analyse((1, 1, 0, 0))
    Analysis(value=6, move=(0, 1, 3), winning_moves=1)
    """
    import numpy as np
    n = len(p)
    if pairs is None or pairs.n < n:
        pairs = PairCounter(n)
    sg = bottle_values(n)
    odd = np.array([int(x) & 1 for x in p], dtype=bool)
    nonzero = np.array([int(x) != 0 for x in p], dtype=bool)
    value = int(np.bitwise_xor.reduce(sg[odd])) if odd.any() else 0
    return _analyse(sg, nonzero, value, pairs)


def _analyse(sg: np.ndarray, nonzero: np.ndarray, value: int, pairs: PairCounter) -> Analysis:
    """:func:`analyse` on bottle values ``sg``, the mask of bottles with beans, and the value."""
    import numpy as np
    if value == 0:
        return Analysis(0, None, 0)
    n = sg.size
    source = np.flatnonzero(nonzero)  # the bottles i a bean can leave
    target = sg[source] ^ value  # a move (i, j, k) wins iff sg_j ^ sg_k == target
    counts = pairs.count(n - 1 - source, target)  # j, k > i: positions below n-1-i
    total = int(counts.sum())
    winners = source[counts > 0]
    if winners.size == 0:  # pragma: no cover - impossible by Sprague-Grundy theory
        raise AssertionError(f"no winning move from a position of value {value}")
    i = int(winners[0])
    t = value ^ int(sg[i])
    if t == 0:
        return Analysis(value, (i, i + 1, i + 1), total)
    where = np.full(2 * int(pairs.sg[-1]) + 2, -1, dtype=np.int64)  # value -> bottle
    where[sg] = np.arange(n)
    js = np.arange(i + 1, n)
    partner = where[sg[js] ^ t]
    ok = partner > js
    j = int(js[np.argmax(ok)])
    return Analysis(value, (i, j, int(where[int(sg[j]) ^ t])), total)
