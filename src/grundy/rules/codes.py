"""The options of a take-and-break code's heaps as plain tuples, without NumPy.

:meth:`grundy.rules.heap.TakeAndBreak.misere_options` and the command line's fast path
(:mod:`grundy.cli.fastquot`, which answers before NumPy loads) both list a heap's options
for the misère solver with :func:`code_options`: the one home of that listing.

>>> code_options((0, 7, 7), 4)   # Kayles: take 1 or 2 from a row of 4 pins
[(3,), (1, 2), (2,), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

__all__ = ["MAX_CODE_DIGITS", "code_options"]

#: the most digits after the point of a code (moves removing up to 1000 tokens)
MAX_CODE_DIGITS = 1000


def code_options(digits: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The options of heap ``n`` of the code of digits ``d0, d1, ...``, each the tuple of the
    heaps it leaves (empty heaps dropped), in the order of
    :meth:`~grundy.rules.heap.TakeAndBreak.options`: by the number ``k`` removed, then no
    heap, one heap, two heaps ``(a, rest - a)`` with ``a`` rising, three heaps ``(a, b, c)``
    with ``a <= b <= c`` in lexicographic order.

    >>> code_options((0, 0, 0, 8), 9), code_options((4,), 1)
    ([(1, 1, 4), (1, 2, 3), (2, 2, 2)], [])
    >>> code_options((4, 8), 4)   # 4.8: split in two, or take one and split in three
    [(1, 3), (2, 2), (1, 1, 1)]
    """
    out: list[tuple[int, ...]] = []
    extend = out.extend
    for k, d in enumerate(digits[:n + 1]):
        if not d:
            continue
        rest = n - k
        if d & 1 and rest == 0:
            out.append(())
        if d & 2 and rest:
            out.append((rest,))
        if d & 4 and rest >= 2:
            half = rest // 2
            extend(zip(range(1, half + 1), range(rest - 1, rest - half - 1, -1)))
        if d & 8 and rest >= 3:
            for a in range(1, rest // 3 + 1):
                left = rest - a
                top = left // 2
                extend(zip(repeat(a), range(a, top + 1), range(left - a, left - top - 1, -1)))
    return out
