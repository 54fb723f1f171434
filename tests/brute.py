"""Brute forces shared by the test files: each game played by its rules, by a plain search
that knows no theory (no components, no symmetry, no periods), to check the fast answers
against.  A brute force used by one file only stays in that file.

>>> cram_value(1, 2), cram_value(2, 2)  # one move; a second-player win by symmetry
(1, 0)
"""

from __future__ import annotations

import itertools


def cram_value(rows: int, cols: int) -> int:
    """Cram by a plain memoised search of the rules (two free adjacent cells)."""
    cells = frozenset(itertools.product(range(rows), range(cols)))
    memo: dict[frozenset[tuple[int, int]], int] = {}

    def g(free: frozenset[tuple[int, int]]) -> int:
        if free not in memo:
            seen = {g(free - {a, b}) for a in free for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                    if b in free}
            memo[free] = next(m for m in itertools.count() if m not in seen)
        return memo[free]

    return g(cells)
