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
``V``.  A XOR by ``x`` permutes a row: the bytes by ``x >> 3`` (byte ``i`` goes to ``i ^
(x >> 3)``) and the bits inside each byte by ``x & 7`` (a table of 8 x 256 bytes).  To
build ``Q[t]`` the heaps ``c`` are grouped by their value ``x = g(c)``: the rows ``P[t -
c]`` of a group are OR-ed as 64-bit words first, and permuted once per group.  The work
per heap is a copy and an OR of its ``t`` rows, plus one permutation per distinct value.
"""

from __future__ import annotations

import numpy as np

__all__ = ["ThreeHeapKernel"]


def _xor_permutations() -> np.ndarray:
    """``table[x, b]``: the byte ``b`` with bit ``i`` moved to bit ``i ^ x`` (``x < 8``)."""
    table = np.zeros((8, 256), dtype=np.uint8)
    b = np.arange(256)
    for x in range(8):
        for i in range(8):
            table[x] |= (((b >> i) & 1) << (i ^ x)).astype(np.uint8)
    return table


_PERMUTE = _xor_permutations()


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
        row = np.zeros(8 * self.width, dtype=bool)
        h = s // 2
        if h >= 1:
            g = self.g
            row[g[1 : h + 1] ^ g[s - h : s][::-1]] = True
        return np.packbits(row, bitorder="little")

    def _triple_row(self, t: int) -> np.ndarray:
        """``Q[t]`` as a bit row: the union over ``1 <= c <= t - 2`` of ``P[t - c] ^ g(c)``."""
        width = self.width
        out = np.zeros(width, dtype=np.uint8)
        if t < 3:
            return out
        parts = self.g[1 : t - 1]  # g(c) for c = 1 .. t - 2
        order = np.argsort(parts, kind="stable")
        ordered = parts[order]
        starts = np.flatnonzero(np.diff(ordered, prepend=-1))
        xs = ordered[starts]  # the distinct values, one group each
        words = self.pairs[:t].view(np.uint64)  # P[0 .. t-1] as words
        rows = words[t - 1 - order]  # P[t - c] for c = order + 1
        merged = np.bitwise_or.reduceat(rows, starts, axis=0).view(np.uint8)
        cols = np.arange(width) ^ (xs >> 3)[:, None]
        moved = _PERMUTE[(xs & 7)[:, None], np.take_along_axis(merged, cols, axis=1)]
        out |= np.bitwise_or.reduce(moved, axis=0)
        return out

    def _mex(self, n: int) -> int:
        """The least value no option of heap ``n`` reaches."""
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
