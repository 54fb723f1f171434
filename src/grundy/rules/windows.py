"""The values of a subtraction game by sliding windows over the runs of its set.

``g(n) = mex{g(n - s) : s in S, s <= n}``.  Written out, that is ``|S|`` looks per heap:
``sub:1,2,...,19999`` to heap 30000 is some 5 * 10^8 of them.  But a run ``a..b`` of
consecutive removals reaches the heaps ``n - b .. n - a``, a window that slides by one
heap as ``n`` grows: one value enters and one leaves.  So the kernel keeps, for each
value, how many heaps in the windows hold it, and the least value held by none (a heap of
candidates, emptied lazily): ``O(n * runs * log |S|)`` steps, where ``runs`` is the number
of maximal runs of consecutive integers in ``S`` (1 for ``{1, ..., 19999}``, at most
``|S|``).  :func:`subtraction_values` runs it in C (:mod:`grundy.native._octal`) when that
was built, else in Python; the tests check both against the plain definition.

>>> runs({1, 2, 3, 7, 9, 10})
[(1, 3), (7, 7), (9, 10)]
>>> subtraction_values({1, 3, 4}, 12).tolist()
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2]
>>> int(subtraction_values(range(1, 20000), 30001)[30000])
10000
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["runs", "subtraction_values", "window_values"]


def runs(moves: Iterable[int]) -> list[tuple[int, int]]:
    """The maximal runs ``(first, last)`` of consecutive integers in a set, in order.

    >>> runs([5, 1, 2]), runs([])
    ([(1, 2), (5, 5)], [])
    """
    out: list[tuple[int, int]] = []
    for s in sorted(set(moves)):
        if out and out[-1][1] == s - 1:
            out[-1] = (out[-1][0], s)
        else:
            out.append((s, s))
    return out


def window_values(moves: Iterable[int], n: int) -> np.ndarray:
    """The values of heaps ``0..n-1`` (int64) by the sliding windows, in Python.

    >>> window_values({2, 3}, 8).tolist()
    [0, 0, 1, 1, 2, 0, 0, 1]
    """
    import numpy as np
    spans = runs(s for s in moves if s < n)
    size = sum(b - a + 1 for a, b in spans) + 2  # values are at most |S|
    count = [0] * size
    free = list(range(size))  # every value held by no heap is in here (and some others)
    g = [0] * max(n, 0)
    for i in range(n):
        for a, b in spans:
            if i >= a:
                count[g[i - a]] += 1  # heap i - a enters the window of a..b
                if i > b:
                    v = g[i - b - 1]  # heap i - b - 1 leaves it
                    count[v] -= 1
                    if not count[v]:
                        heapq.heappush(free, v)
        while count[free[0]]:
            heapq.heappop(free)
        g[i] = free[0]
    return np.array(g, dtype=np.int64)


def subtraction_values(moves: Iterable[int], n: int) -> np.ndarray:
    """The values of heaps ``0..n-1`` (int64) of the subtraction game of ``moves``: the
    compiled kernel when it was built, else :func:`window_values`.

    >>> subtraction_values([1, 2], 7).tolist()
    [0, 1, 2, 0, 1, 2, 0]
    """
    import numpy as np
    from .sparse import compiled_kernel

    kept = sorted({s for s in moves if s < n})
    kernel = compiled_kernel()
    if kernel is None or not hasattr(kernel, "subtraction"):
        return window_values(kept, n)
    spans = runs(kept)
    out = np.zeros(max(n, 0), dtype=np.int64)
    kernel.subtraction(out, [a for a, _ in spans], [b for _, b in spans])
    return out
