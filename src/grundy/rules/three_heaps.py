"""The three-heap kernel: Grundy sequences of take-and-break games whose moves may leave
three heaps.

Write ``P[s]`` for the set of values ``g(a) ^ g(b)`` with ``a + b = s`` (``a, b >= 1``):
the values of the two-heap positions of total ``s``.  The three-heap positions of
total ``t`` have the values ``Q[t]``, the union over ``c >= 1`` of ``{p ^ g(c) : p in
P[t - c]}``.  Removing ``k`` tokens from heap ``n`` thus reaches ``g(n - k)`` (one heap),
``P[n - k]`` (two) and ``Q[n - k]`` (three), and ``g(n)`` is the mex of their union.
``P[n]`` needs ``g`` below ``n``, ``Q[n]`` needs ``P`` below ``n``: both rows are
completed at the start of step ``n``, left to right.

The sets are bit rows of ``V`` bits (``V`` a power of two above every value; a XOR of
values below ``V`` stays below it), little-endian bytes, doubled when a value reaches
``V``, at least 64.  A XOR by ``x`` permutes a row of 64-bit words: the words by ``x >>
6`` (word ``i`` goes to ``i ^ (x >> 6)``) and the bits inside each word by ``x & 63``
(six conditional swaps of bit blocks).  To build ``Q[t]`` each row ``P[t - c]`` is
gathered with its words permuted, the rows are OR-ed by class ``g(c) & 63``, and each
class's bits are moved once.  The work per heap is a gather and an OR of ``t`` rows of
``V / 64`` words; a game whose values grow with the heap (arithmetic-periodic) costs
about ``n^3 / 128`` word operations for ``n`` values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ThreeHeapKernel"]


# bit i of a word goes to bit i ^ 2^j: swap the blocks of 2^j bits at these masks
_SWAPS = [(1 << j, sum(1 << i for i in range(64) if not i >> j & 1)) for j in range(6)]


def _xor_words(rows: np.ndarray, lows: np.ndarray) -> np.ndarray:
    """Each row of 64-bit words with bit ``i`` of every word moved to ``i ^ lows[row]``.

    >>> import numpy as np
    >>> _xor_words(np.array([[1, 6]], dtype=np.uint64), np.array([3])).tolist()
    [[8, 6]]
    """
    import numpy as np
    out = rows.copy()
    for j, (shift, word) in enumerate(_SWAPS):
        mask = np.uint64(word)
        sel = np.flatnonzero(lows >> j & 1)
        if len(sel):
            w = out[sel]
            out[sel] = ((w & mask) << np.uint64(shift)) | ((w >> np.uint64(shift)) & mask)
    return out


class ThreeHeapKernel:
    """Grundy values of a take-and-break game whose moves leave up to three heaps.

    ``zero``: removals k that may leave no heap; ``one``: one heap; ``two``: two
    non-empty heaps; ``three``: three non-empty heaps.  Values are computed left to right
    and kept, so asking for more continues.

    >>> ThreeHeapKernel(zero=[], one=[], two=[], three=[0]).values(12).tolist()  # 8.0
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    >>> ThreeHeapKernel(zero=[1], one=[1], two=[1], three=[1]).values(6).tolist()  # 0.f
    [0, 1, 0, 1, 0, 1]
    """

    WORD = 8  # bytes per 64-bit word: rows are at least one word wide

    def __init__(self, zero: list[int], one: list[int], two: list[int],
                 three: list[int]) -> None:
        import numpy as np
        self.zero, self.one, self.two, self.three = zero, one, two, three
        self.size = 0
        self.width = self.WORD  # bytes per row: V = 8 * width values
        capacity = 64
        self.g = np.zeros(capacity, dtype=np.int64)
        self.pairs = np.zeros((capacity, self.width), dtype=np.uint8)  # P[s]
        self.triples = np.zeros((capacity, self.width), dtype=np.uint8)  # Q[t]

    def values(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 as an int64 array."""
        if n > self.size:
            self._extend(n)
        return self.g[:n].copy()

    # -- storage -------------------------------------------------------------------
    def _grow(self, capacity: int, width: int) -> None:
        """At least ``capacity`` heaps and rows of ``width`` bytes (new bytes empty)."""
        import numpy as np
        capacity = max(capacity, len(self.g))
        if capacity > len(self.g):
            g = np.zeros(capacity, dtype=np.int64)
            g[: self.size] = self.g[: self.size]
            self.g = g
        tables = []
        for old in (self.pairs, self.triples):
            new = np.zeros((capacity, width), dtype=np.uint8)
            new[: len(old), : old.shape[1]] = old
            tables.append(new)
        self.pairs, self.triples = tables
        self.width = width

    # -- driving -------------------------------------------------------------------
    def _extend(self, n: int) -> None:
        if n > len(self.g):
            self._grow(max(n, 2 * len(self.g)), self.width)
        uses_pairs = bool(self.two or self.three)
        for i in range(self.size, n):
            if uses_pairs:
                self.pairs[i] = self._pair_row(i)
            if self.three:
                self.triples[i] = self._triple_row(i)
            v = self._mex(i)
            self.g[i] = v
            self.size = i + 1
            if v >= 8 * self.width:
                width = self.width
                while v >= 8 * width:
                    width *= 2
                self._grow(len(self.g), width)

    def _pair_row(self, s: int) -> np.ndarray:
        """``P[s]`` as a bit row: the values ``g(a) ^ g(s - a)``, ``1 <= a <= s // 2``."""
        import numpy as np
        row = np.zeros(8 * self.width, dtype=bool)
        h = s // 2
        if h >= 1:
            g = self.g
            row[g[1 : h + 1] ^ g[s - h : s][::-1]] = True
        return np.packbits(row, bitorder="little")

    def _triple_row(self, t: int) -> np.ndarray:
        """``Q[t]`` as a bit row: the union over ``1 <= c <= t - 2`` of ``P[t - c] ^ g(c)``."""
        import numpy as np
        words = self.width // self.WORD
        if t < 3:
            return np.zeros(self.width, dtype=np.uint8)
        parts = self.g[1 : t - 1]  # g(c) for c = 1 .. t - 2
        lows = (parts & 63).astype(np.uint8)
        order = np.argsort(lows, kind="stable")
        ordered = lows[order]
        starts = np.flatnonzero(np.diff(ordered, prepend=np.uint8(255)))
        flat = self.pairs[:t].view(np.uint64).reshape(-1)  # P[0 .. t-1] as words
        # word j of P[t - c] ^ g(c) comes from word j ^ (g(c) >> 6): gather, then OR the
        # rows of each class g(c) & 63 and move the bits inside the words once per class
        index = ((t - 1 - order) * words)[:, None] + (
            np.arange(words) ^ (parts[order] >> 6)[:, None])
        merged = np.bitwise_or.reduceat(flat[index], starts, axis=0)
        moved = _xor_words(merged, ordered[starts].astype(np.int64))
        row: np.ndarray = np.bitwise_or.reduce(moved, axis=0).view(np.uint8)
        return row

    def _mex(self, n: int) -> int:
        """The least value no option of heap ``n`` reaches."""
        import numpy as np
        reached = np.zeros(self.width, dtype=np.uint8)
        for k in self.two:
            if n - k >= 2:
                reached |= self.pairs[n - k]
        for k in self.three:
            if n - k >= 3:
                reached |= self.triples[n - k]
        seen = np.unpackbits(reached, bitorder="little").astype(bool)
        for k in self.zero:
            if k == n:
                seen[0] = True
        for k in self.one:
            if n - k >= 1:
                seen[self.g[n - k]] = True
        return int(np.argmin(seen)) if not seen.all() else len(seen)
