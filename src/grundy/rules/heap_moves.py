"""The moves of a take-and-break heap too large to list, built from its proved period.

A move from heap ``n`` removes ``k`` tokens (a digit of the code) and leaves no heap, one
heap ``n - k``, or two heaps ``a + b = n - k``, ``1 <= a <= b``.  Past the listing limit a
heap has too many splits to try one by one, but with preperiod ``e`` and period ``p`` (no
saltus) they fall into few kinds: a split ``(a, b)`` with ``a > e + p`` is worth the same as
``(a - p, b + p)`` (both heaps past the preperiod, one a period lower, the other a period
higher), which is again a split.  So the splits with ``a <= e + p`` hold a split of every
value the splits of ``n - k`` have, each the first of its kind in the order of the options;
trying those (at most :data:`SPLITS_TRIED` of them, by NumPy) finds whether some split
reaches a value, and the moves shown are the first found (:data:`SHOWN`).

>>> from grundy.rules.heap import TakeAndBreak
>>> kayles = TakeAndBreak("0.77")
>>> values = kayles.sequence(200)
>>> kayles.period()
Found(preperiod=71, period=12, saltus=0)
>>> period_moves(kayles.digits, values, kayles.period(), 10**30, 0)[:2]
[(1, 999999999999999999999999999997), (7, 999999999999999999999999999991)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .periods import Found

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SHOWN", "SPLITS_TRIED", "period_moves"]

#: the most moves built for one heap (the first of each kind, in the order of the options)
SHOWN = 10
#: the most splits tried for one number of tokens removed (a longer period is cut there:
#: the moves shown still win, and fewer kinds are looked at)
SPLITS_TRIED = 1 << 20


def period_moves(digits: Sequence[int], values: Sequence[int] | np.ndarray, found: Found,
                 n: int, target: int, most: int = SHOWN) -> list[tuple[int, ...]]:
    """Moves of heap ``n`` of the code of ``digits`` (a move leaves at most two heaps) to a
    position worth ``target``, each the tuple of the heaps it leaves, in the order of the
    options: at most ``most``, the first split of each kind (see the module).  ``values``
    hold the values of heaps ``0 .. e + p - 1`` at least, ``found`` the period (saltus 0).

    >>> period_moves((0, 7, 7), [0, 1, 2], Found(0, 3, 0), 10**6, 0)  # values n mod 3
    [(999999,), (3, 999996), (1, 999997)]
    """
    import numpy as np
    known = np.asarray(values, dtype=np.int64)
    e, p = found.preperiod, found.period
    if found.saltus or len(known) < e + p:
        raise ValueError("period_moves: the values do not cover one period, or a saltus")

    def worth(h: int) -> int:
        return int(known[h]) if h < len(known) else int(known[e + (h - e) % p])

    out: list[tuple[int, ...]] = []
    for k, d in enumerate(digits[:n + 1]):
        rest = n - k
        if d & 1 and rest == 0 and target == 0:
            out.append(())
        if d & 2 and rest and worth(rest) == target:
            out.append((rest,))
        if d & 4 and rest >= 2:
            top = min(rest // 2, e + p, SPLITS_TRIED)
            a = np.arange(1, top + 1, dtype=np.int64)
            worth_a = _values_at(known, e, p, a)
            if rest < 1 << 62:
                worth_b = _values_at(known, e, p, rest - a)
            else:  # b = rest - a is past the preperiod: only its place in the period counts
                worth_b = known[e + ((rest - e) % p - a) % p]
            hits = np.flatnonzero((worth_a ^ worth_b) == target)[:most - len(out)]
            out.extend((int(x) + 1, rest - int(x) - 1) for x in hits)
        if len(out) >= most:
            return out[:most]
    return out


def _values_at(known: np.ndarray, e: int, p: int, heaps: np.ndarray) -> np.ndarray:
    """The values of ``heaps`` (int64, non-negative), those past ``known`` by the period."""
    import numpy as np
    inside = heaps < len(known)
    folded = np.where(inside, heaps, e + (heaps - e) % p)
    out: np.ndarray = known[folded]
    return out
