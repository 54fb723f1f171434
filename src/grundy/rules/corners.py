"""Turning Corners (the Coins Game of ASC 34): the value of a board of heads and its
first winning move in the judge's scan order, without trying every corner.

A move turns a head at ``(i, j)`` and the corners ``(a, b), (a, j), (i, b)`` of the
rectangle, ``0 <= a < i``, ``0 <= b < j`` (row and column 0 hold no coins).  The scan
order of the judge: heads in the order ``i``, ``j``, then corners in the order ``a``, ``b``.

>>> import numpy as np
>>> analyse(np.array([[1, 0], [0, 1]]))
Analysis(value=2, move=(2, 2, 1, 1), winning_moves=1)

How, without trying every ``(a, b)``: a head at ``(i, j)`` is worth ``i (x) j``
(nim product), so the board is worth ``V = XOR_i i (x) X_i`` with ``X_i`` the
XOR of the head columns of row ``i``.  A move ``(i, j) -> (a, b)`` changes the
value by ``(i^a) (x) (j^b)``, so it wins iff ``j^b = y = V / (i^a)``: one ``b``
per ``a``, valid iff ``b < j``, i.e. iff the top bit of ``y`` is set in ``j``.
As ``a`` runs over ``0..i-1``, ``d = i^a`` runs over the ``d`` whose top bit is
set in ``i``; so per top bit ``k`` of ``d`` one mask ``T_k`` (the top bits of
``V / d``) decides every head of every row at once.  All values lie in the
field of nimbers below 2^16, where the kernels' products and inverses are
log/exp table look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import GrundyError
from ..nimber.arrays import nim_inv_array, nim_mul_array

__all__ = ["MAX_SIDE", "Analysis", "analyse"]

MAX_SIDE = 4096  # rows and columns: all values then lie in the 16-bit field
_BLOCK_CELLS = 1 << 20  # cells per pass over a big board


@dataclass(frozen=True)
class Analysis:
    """The analysis of one board."""

    value: int  # XOR of i (x) j over the heads
    move: tuple[int, int, int, int] | None  # (i, j, a, b), the first winning move
    winning_moves: int  # the number of winning (i, j, a, b)


def analyse(heads: np.ndarray) -> Analysis:
    """Value, first winning move (seed order) and number of winning moves of a board.

    >>> analyse(np.array([[1, 1], [0, 0]]))
    Analysis(value=3, move=(1, 2, 0, 1), winning_moves=1)
    """
    on = np.asarray(heads) != 0
    if on.ndim != 2 or not (1 <= on.shape[0] <= MAX_SIDE and 1 <= on.shape[1] <= MAX_SIDE):
        raise GrundyError(f"a Coins board is R x C with 1 <= R, C <= {MAX_SIDE}, "
                          f"got shape {on.shape}")
    rows, cols = on.shape
    block = max(1, _BLOCK_CELLS // cols)  # rows per pass: bounded temporaries
    row_no = np.arange(1, rows + 1, dtype=np.uint64)
    col_no = np.arange(1, cols + 1, dtype=np.uint16)
    t_bits = cols.bit_length()
    col_bits = ((col_no[:, None] >> np.arange(t_bits)) & 1).astype(np.float32)  # C x T
    # count[i, t]: heads of row i whose column has bit t; its parity gives X_i.
    count = np.empty((rows, t_bits), dtype=np.int64)
    for r in range(0, rows, block):
        count[r:r + block] = on[r:r + block].astype(np.float32) @ col_bits
    x = ((count & 1) << np.arange(t_bits)).sum(axis=1).astype(np.uint64)
    value = int(np.bitwise_xor.reduce(nim_mul_array(row_no, x)))
    if value == 0:
        return Analysis(0, None, 0)
    # For d = i ^ a (a < i) with top bit k: y = V / d, and the move wins iff j has bit top(y).
    k_bits = rows.bit_length()
    d = np.arange(1, 1 << k_bits, dtype=np.uint64)
    y = nim_mul_array(np.uint64(value), nim_inv_array(d)).astype(np.int64)
    top_y = _top_bit(y)
    useful = top_y < t_bits  # a top bit no column has never wins
    hist = np.zeros((k_bits, t_bits), dtype=np.int64)  # hist[k, t] = #{d: top(d)=k, top(y)=t}
    np.add.at(hist, (_top_bit(d)[useful], top_y[useful]), 1)
    row_bits = (row_no[:, None].astype(np.int64) >> np.arange(k_bits)) & 1  # R x K
    per_row = row_bits @ hist  # per_row[i, t] = #{a < i: top(V / (i^a)) = t}
    total = int((per_row * count).sum())
    mask = ((per_row > 0) << np.arange(t_bits)).sum(axis=1).astype(np.uint16)  # M_i
    first = -1
    for r in range(0, rows, block):  # the first head (i, j) with j & M_i != 0
        winning = on[r:r + block] & ((col_no[None, :] & mask[r:r + block, None]) != 0)
        if winning.any():
            first = r * cols + int(np.argmax(winning))
            break
    if first < 0:  # pragma: no cover - impossible by theory
        raise AssertionError("no winning head found from a position of non-zero value")
    i, j = first // cols + 1, first % cols + 1
    a = np.arange(i)
    y_a = y[(i ^ a) - 1]
    ok = (j >> _top_bit(y_a)) & 1
    first_a = int(np.argmax(ok))
    if not ok[first_a]:  # pragma: no cover - impossible by theory
        raise AssertionError("no winning corner found for a winning head")
    return Analysis(value, (i, j, first_a, j ^ int(y_a[first_a])), total)


def _top_bit(a: np.ndarray) -> np.ndarray:
    """The index of the highest set bit of each positive integer below 2**53."""
    return np.frexp(a.astype(np.float64))[1].astype(np.int64) - 1
