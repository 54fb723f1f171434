"""Cutting a rectangle of paper: Split Game (cutting out 1x1 loses) and Cutting Game (it wins).

A position is a rectangle ``(n, m)``; a move takes one piece and cuts it in two
along a grid line, so the options of ``(n, m)`` are ``Sum((i, m), (n - i, m))``
and ``Sum((n, j), (n, m - j))``.  The two contest games differ in what a 1x1
piece does:

- :class:`Split` (2020 ICPC Jiangxi J): cutting out a 1x1 piece loses at once,
  so it is never chosen while another cut exists, and with only such cuts left
  the player to move loses anyway: those cuts are simply not moves.
- :class:`Cutting` (POJ 2311): cutting out a 1x1 piece wins at once.  Cutting a
  piece of width 1 off anything hands that win to the opponent (from a
  ``1 x k`` strip, ``k >= 2``, they cut out 1x1), so nobody does it while
  another cut exists, and with no other cut left the player to move loses.
  The game on rectangles of at least 2x2 is therefore the normal-play game
  whose cuts leave both pieces at least 2 wide (``tests/rules/test_cutting.py``
  proves this on small papers against the rules played literally).

>>> split = Split()
>>> [split.value((1, m)) for m in range(1, 9)]
[0, 0, 0, 1, 1, 2, 0, 3]
>>> split.table(3, 4).tolist()
[[0, 0, 0, 1], [0, 1, 2, 1], [0, 2, 0, 1]]
>>> Cutting().table(3, 3).tolist()        # rows and columns 2, 3, 4
[[0, 0, 1], [0, 0, 1], [1, 1, 1]]
>>> winning_cuts(split, 4, 3)[:2]
[((1, 3), (3, 3)), ((2, 3), (2, 3))]

Values of the whole table come from vectorised kernels (:func:`split_grid`,
:func:`cutting_grid`), checked in the tests against the engine on these rules.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..engine import Sum
from ..errors import GrundyError
from .base import GridGame

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Cut",
    "Cutting",
    "Split",
    "compute_split_grid",
    "cutting_grid",
    "describe_cut",
    "split_grid",
    "strip_values",
    "winning_cuts",
]

#: a cut, as the two pieces it leaves: ((rows, cols), (rows, cols))
Cut = tuple[tuple[int, int], tuple[int, int]]


class _CuttingGame(GridGame):
    """A rectangle cut in two along a grid line; subclasses say which cuts are moves."""

    board = "rectangle"
    parts_cancel = False
    has_kernel = True
    #: rows and columns of a table (a vectorised table of rectangle values)
    table_limit = 2000
    move_limit = 2000  # a rectangle has fewer than rows + cols cuts

    def cut_lines(self, n: int, m: int) -> tuple[range, range]:
        """The rows ``i`` (pieces ``i x m``, ``(n-i) x m``) and columns ``j`` of the legal cuts."""
        raise NotImplementedError  # pragma: no cover - abstract

    def cuts(self, n: int, m: int) -> list[Cut]:
        """Every legal cut of ``n x m``, one per grid line: horizontal lines first."""
        rows, cols = self.cut_lines(n, m)
        return ([((i, m), (n - i, m)) for i in rows]
                + [((n, j), (n, m - j)) for j in cols])

    def options(self, position: Any) -> list[Sum]:
        n, m = position
        return [Sum(a, b) for a, b in self.cuts(n, m)]

    def grid(self, size: int) -> np.ndarray:
        """Values of every ``n x m`` with ``n, m <= size``, indexed by ``[n, m]``."""
        raise NotImplementedError  # pragma: no cover - abstract

    def kernel_table(self, rows: int, cols: int) -> np.ndarray:
        """Values of ``(first+r) x (first+c)`` for ``r < rows``, ``c < cols`` (vectorised)."""
        import numpy as np
        f = self.first_index
        grid = self.grid(f + max(rows, cols) - 1)
        return grid[f:f + rows, f:f + cols].astype(np.int64)


class Split(_CuttingGame):
    """Split Game: a cut that would leave a 1x1 piece is not a move (it loses at once).

    >>> Split().options((2, 2))
    [Sum((1, 2), (1, 2)), Sum((2, 1), (2, 1))]
    >>> Split().options((3, 1))
    []
    """

    first_index = 1
    notation = "split"

    def cut_lines(self, n: int, m: int) -> tuple[range, range]:
        rows = range(1, n) if m > 1 else range(2, n - 1)
        cols = range(1, m) if n > 1 else range(2, m - 1)
        return rows, cols

    def grid(self, size: int) -> np.ndarray:
        return split_grid(size)


class Cutting(_CuttingGame):
    """Cutting Game on rectangles of at least 2x2, as the reduced normal-play game.

    Only cuts leaving both pieces at least 2 wide are moves (see the module
    docstring for why); positions and the table start at 2.

    >>> Cutting().options((4, 2))
    [Sum((2, 2), (2, 2))]
    """

    first_index = 2
    notation = "cutting"

    def cut_lines(self, n: int, m: int) -> tuple[range, range]:
        return range(2, n - 1), range(2, m - 1)

    def grid(self, size: int) -> np.ndarray:
        return cutting_grid(size)


# -- the one-dimensional strip ------------------------------------------------------


def strip_values(size: int) -> np.ndarray:
    """Values ``f(0..size)`` of a strip cut into two pieces each at least 2 long.

    ``f(n) = mex{f(a) ^ f(n - a) : 2 <= a <= n - 2}``: Dawson's Kayles (octal
    0.07) shifted by two, ``f(n) = DK(n - 2)``.  It is row 1 of :class:`Split`.

    >>> strip_values(12).tolist()
    [0, 0, 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """
    import numpy as np
    f = np.zeros(size + 1, dtype=np.int64)
    for n in range(4, size + 1):
        seen = f[2:n - 1] ^ f[n - 2:1:-1]
        present = np.zeros(len(seen) + 1, dtype=bool)  # the mex is at most len(seen)
        present[seen[seen <= len(seen)]] = True
        f[n] = int(np.argmin(present))
    return f


# -- Cutting Game: a closed form over the strip -----------------------------------------


def cutting_grid(size: int) -> np.ndarray:
    """Cutting Game values of every ``n x m``, ``2 <= n, m <= size``, indexed ``[n, m]``.

    With ``x = f(n)`` and ``y = f(m)`` (:func:`strip_values`) the value is
    ``x`` if ``y == 0``, ``y`` if ``x == 0``, and ``1`` if both are non-zero.
    Proof, by induction on the area: cutting the ``n`` side into ``a + b``
    gives ``G(a, m) ^ G(b, m)``.  If ``y == 0`` these are ``f(a) ^ f(b)``,
    whose mex is ``x``, and the cuts of the ``m`` side give ``G(n, c) ^ G(n, d)``
    in ``{0, x ^ 1}`` (``{0}`` if ``x == 0``): ``0`` is already an option when
    ``x > 0``, and ``x ^ 1 != x``, so the mex stays ``x``.  If ``x, y > 0``,
    the options are in ``{0, x ^ 1, y ^ 1}`` (never 1), and 0 is one because
    ``f(n) > 0`` gives ``a + b = n`` with ``f(a) == f(b)``.  Rows and columns
    0 and 1 are left 0 (no such rectangles).

    >>> cutting_grid(5)[2:, 2:].tolist()
    [[0, 0, 1, 1], [0, 0, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    """
    import numpy as np
    f = strip_values(size)
    x, y = f[:, None], f[None, :]
    grid = np.where(y == 0, x, np.where(x == 0, y, 1)).astype(np.uint8)
    grid[:2, :] = 0
    grid[:, :2] = 0
    return grid


# -- Split Game: the vectorised kernel ---------------------------------------------------

_UNKNOWN = 128  # XOR with a value < 32 stays >= 32: its bit shifts out to 0
_GUESS_SHIFT = 34  # rows of the table are almost all periodic with period 2 or 34


def _bits(x: np.ndarray) -> npt.NDArray[np.uint32]:
    """One-hot masks ``1 << x`` (0 for ``x >= 32``, the unknown marker)."""
    import numpy as np
    masks: npt.NDArray[np.uint32] = np.left_shift(np.uint32(1), x, dtype=np.uint32)
    return masks


def _mex(masks: np.ndarray) -> np.ndarray:
    """The least bit not set in each mask, elementwise (-1 when all 32 are set)."""
    import numpy as np
    lowest_clear = ~masks & (masks + np.uint32(1))
    return np.frexp(lowest_clear.astype(np.float64))[1] - 1


def _pair_masks(g: np.ndarray, k: int, known: int) -> np.ndarray:
    """``out[n]`` = OR of ``1 << (g[i] ^ g[n - i])`` over ``1 <= i <= min(n//2, known)``.

    ``g`` has length ``k + 1`` with ``g[0]`` unknown; pairs with an unknown
    entry contribute nothing unless both are unknown, which ``known`` excludes.
    """
    import numpy as np
    h = min(k // 2, known)
    out = np.zeros(k + 1, dtype=np.uint32)
    if h == 0:
        return out
    pad = np.concatenate([np.full(k // 2, _UNKNOWN, dtype=np.uint8), g])
    # row i-1: g[n - i], n = 1..k
    windows = np.lib.stride_tricks.sliding_window_view(pad, k)[k // 2:k // 2 - h:-1]
    out[1:] = np.bitwise_or.reduce(_bits(windows ^ g[1:h + 1, None]), axis=0)
    return out


def _split_column(grid: np.ndarray, k: int) -> np.ndarray:
    """Values of ``n x k`` for ``n = 1..k``, given every smaller square's values."""
    import numpy as np
    h = k // 2
    # Cuts of the side k: pieces n x j and n x (k - j), all already known (n < k).
    extra = np.zeros(k + 1, dtype=np.uint32)
    if k >= 2:
        x = grid[1:h + 1, 1:k] ^ grid[k - 1:k - h - 1:-1, 1:k]  # row j-1: (j, n) ^ (k-j, n)
        extra[1:k] = np.bitwise_or.reduce(_bits(x), axis=0)
    extra[1] = 0  # the strip 1 x k: no piece 1 x 1, so j >= 2
    for j in range(2, h + 1):
        extra[1] |= np.uint32(1) << np.uint32(grid[1, j] ^ grid[1, k - j])
    # Cuts of the side n: pieces i x k and (n - i) x k of this very column, found in
    # order of n.  Guess the column from column k - 34, check every n at once, and
    # fall back to one n at a time from the first wrong guess.
    g = np.empty(k + 1, dtype=np.uint8)
    g[0] = _UNKNOWN
    done = 1  # g[1:done] is right
    if k > _GUESS_SHIFT + 1:
        g[1:k] = grid[1:k, k - _GUESS_SHIFT]
        g[k] = 1
        for _ in range(3):
            new = _mex(extra | _pair_masks(g, k, k))
            if (new[1:] < 0).any():
                break  # a mask overflowed: let the exact loop below report it
            wrong = np.flatnonzero(new[done:] != g[done:])
            if len(wrong) == 0:
                return g[1:]
            done += int(wrong[0])
            g[done] = new[done]  # right: every entry before it is
            done += 1
    g[done:] = _UNKNOWN
    masks = extra | _pair_masks(g, k, done - 1)
    for n in range(done, k + 1):
        mask = int(masks[n])
        v = (~mask & (mask + 1)).bit_length() - 1
        if v >= 32:
            raise GrundyError(f"Split Game value at {n}x{k} exceeds 31, beyond this kernel")
        g[n] = v
        c = min(n, k - n)
        if c > 0:  # the pairs (i, n) now complete: they are options of n + i
            masks[n + 1:n + c + 1] |= _bits(g[1:c + 1] ^ np.uint8(v))
    return g[1:]


def compute_split_grid(size: int, start: np.ndarray | None = None) -> np.ndarray:
    """Split Game values of every ``n x m``, ``n, m <= size``, as a uint8 array ``[n, m]``.

    Square shell by square shell: shell ``k`` (the cells ``n x k``, ``n <= k``)
    depends only on smaller shells and on itself in the order of ``n``.
    ``start`` is a grid already computed for a smaller size, to extend.

    >>> compute_split_grid(4)[1:, 1:].tolist()
    [[0, 0, 0, 1], [0, 1, 2, 1], [0, 2, 0, 1], [1, 1, 1, 1]]
    """
    import numpy as np
    grid = np.zeros((size + 1, size + 1), dtype=np.uint8)
    first = 2
    if start is not None:
        have = min(start.shape[0] - 1, size)
        grid[:have + 1, :have + 1] = start[:have + 1, :have + 1]
        first = have + 1
    for k in range(max(first, 2), size + 1):
        column = _split_column(grid, k)
        grid[1:k + 1, k] = column
        grid[k, 1:k + 1] = column
    return grid


_DATA_SIZE = 150  # src/grundy/rules/data/split.npy: sizes 1..150 (the contest's), from the kernel
_split_cache: np.ndarray | None = None


def _shipped_split() -> np.ndarray | None:
    import numpy as np
    try:
        values = np.load(os.path.join(os.path.dirname(__file__), "data", "split.npy"))
    except (OSError, ValueError):  # pragma: no cover - a broken install: compute instead
        return None
    grid = np.zeros((values.shape[0] + 1, values.shape[1] + 1), dtype=np.uint8)
    grid[1:, 1:] = values
    return grid


def split_grid(size: int) -> np.ndarray:
    """Split Game values up to ``size x size``, indexed ``[n, m]`` (cached, grown on demand).

    Sizes up to 150 come from the shipped table ``data/split.npy`` (the tests
    rebuild it with :func:`compute_split_grid`); larger sizes extend it.

    >>> split_grid(3)[1:, 1:].tolist()
    [[0, 0, 0], [0, 1, 2], [0, 2, 0]]
    """
    global _split_cache
    if _split_cache is None:
        _split_cache = _shipped_split()
    if _split_cache is None or _split_cache.shape[0] <= size:
        _split_cache = compute_split_grid(max(size, _DATA_SIZE), _split_cache)
    return _split_cache[:size + 1, :size + 1]


# -- winning cuts ------------------------------------------------------------------------


def winning_cuts(game: _CuttingGame, n: int, m: int) -> list[Cut]:
    """The cuts of ``n x m`` to value 0, in the order of ``game.cuts(n, m)``.

    Cuts are counted by grid line: cutting a 4x3 paper after row 1 or after
    row 3 are two cuts, though they leave the same pieces.

    >>> winning_cuts(Split(), 2, 3)
    [((1, 3), (1, 3))]
    >>> winning_cuts(Cutting(), 3, 3)
    []
    """
    import numpy as np
    grid = game.grid(max(n, m))
    rows, cols = (np.asarray(r, dtype=np.int64) for r in game.cut_lines(n, m))
    win_rows = rows[(grid[rows, m] ^ grid[n - rows, m]) == 0]
    win_cols = cols[(grid[n, cols] ^ grid[n, m - cols]) == 0]
    return ([((int(i), m), (n - int(i), m)) for i in win_rows]
            + [((n, int(j)), (n, m - int(j))) for j in win_cols])


def describe_cut(n: int, m: int, cut: Cut) -> str:
    """The cut in words, as ``--move`` prints it.

    >>> describe_cut(4, 3, ((2, 3), (2, 3)))
    'cut 4x3 into 2x3 + 2x3'
    """
    (a, b), (c, d) = cut
    return f"cut {n}x{m} into {a}x{b} + {c}x{d}"
