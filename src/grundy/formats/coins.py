"""The Coins Game (ASC 34; Turning Corners): who wins, and the first winning move.

Input: ``R C`` then ``R`` lines of ``C`` characters ``0``/``1`` (``1`` = heads; blanks
between them are allowed), several boards until the end of input (blank lines are
ignored).  Output per
board: ``Betty``, or ``Ann`` then ``i j`` (the head turned) then ``a b`` (the
opposite corner, ``0 <= a < i``, ``0 <= b < j``): the first winning move in the
order i, j (heads only), a, b.

>>> print(solve(b"2 2\\n10\\n01\\n"), end="")
Ann
2 2
1 1

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

from ..errors import GrundyError, InputError
from ..kernels import nim_inv_array, nim_mul_array
from . import Options
from ._read import in_range, last_line

__all__ = ["LIMITS", "Board", "Result", "parse", "analyse", "solve"]

MAX_SIDE = 4096
_BLOCK_CELLS = 1 << 20  # cells per pass over a big board
LIMITS = (f"1 <= R, C <= {MAX_SIDE} per board, any number of boards "
          "(the contest has R, C <= 50)")


@dataclass(frozen=True)
class Board:
    """One test: the heads as an ``R x C`` array of 0/1 (row ``i`` of the board is ``heads[i-1]``)."""

    heads: np.ndarray
    line: int  # the line of its 'R C' header


@dataclass(frozen=True)
class Result:
    """The analysis of one board."""

    value: int  # XOR of i (x) j over the heads
    move: tuple[int, int, int, int] | None  # (i, j, a, b), the first winning move
    winning_moves: int  # the number of winning (i, j, a, b)

    @property
    def winner(self) -> str:
        """``Ann`` (the first player) if the value is non-zero, else ``Betty``."""
        return "Ann" if self.value else "Betty"


# -- parsing ----------------------------------------------------------------------


def parse(data: bytes) -> list[Board]:
    """Every board of a contest input; :class:`InputError` at the first fault.

    >>> [b.heads.tolist() for b in parse(b"1 3\\n101\\n\\n2 1\\n0\\n1\\n1 2\\n1 1\\n")]
    [[[1, 0, 1]], [[0], [1]], [[1, 1]]]
    """
    lines = data.split(b"\n")
    boards: list[Board] = []
    n = 0
    while True:
        while n < len(lines) and not lines[n].strip():
            n += 1
        if n == len(lines):
            break
        header = n + 1
        rows, cols = _header(lines[n], header)
        n += 1
        chunk: list[bytes] = []
        while len(chunk) < rows:
            while n < len(lines) and not lines[n].strip():
                n += 1
            if n == len(lines):
                raise InputError(f"the board of line {header} has {rows} rows, "
                                 f"found only {len(chunk)} before the end of input",
                                 last_line(data))
            row = b"".join(lines[n].split())  # blanks between the cells are allowed
            if len(row) != cols:
                raise InputError(f"row {len(chunk) + 1} of the board of line {header} has "
                                 f"{len(row)} characters, expected {cols}", n + 1)
            chunk.append(row)
            n += 1
        cells = np.frombuffer(b"".join(chunk), dtype=np.uint8).reshape(rows, cols) - ord("0")
        bad = cells > 1
        if bad.any():
            r, c = divmod(int(np.argmax(bad)), cols)
            raise InputError(f"row {r + 1} of the board of line {header}: character "
                             f"{chunk[r][c:c + 1].decode('latin-1')!r} at column {c + 1}; "
                             "rows are made of 0 and 1", _row_line(lines, header, r))
        boards.append(Board(cells, header))
    if not boards:
        raise InputError("empty input: expected 'R C' and a board", 1)
    return boards


def _header(raw: bytes, line: int) -> tuple[int, int]:
    words = raw.split()
    shown = raw.strip().decode("latin-1")
    if len(words) != 2:
        raise InputError(f"expected a board header 'R C' (two integers), got {shown!r}", line)
    out = []
    for name, word in zip("RC", words):
        if not word.isdigit():
            raise InputError(f"{name} must be an integer in the header 'R C', "
                             f"got {word.decode('latin-1')!r}", line)
        out.append(in_range(int(word), name, 1, MAX_SIDE, line))
    return out[0], out[1]


def _row_line(lines: list[bytes], header: int, row: int) -> int:
    """The 1-based line of row ``row`` (0-based) of the board whose header is on ``header``."""
    n, seen = header, -1
    while True:
        if lines[n].strip():
            seen += 1
            if seen == row:
                return n + 1
        n += 1


# -- the analysis -------------------------------------------------------------------


def analyse(heads: np.ndarray) -> Result:
    """Value, first winning move (seed order) and number of winning moves of a board.

    >>> analyse(np.array([[1, 1], [0, 0]]))
    Result(value=3, move=(1, 2, 0, 1), winning_moves=1)
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
        return Result(0, None, 0)
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
    return Result(value, (i, j, first_a, j ^ int(y_a[first_a])), total)


def _top_bit(a: np.ndarray) -> np.ndarray:
    """The index of the highest set bit of each positive integer below 2**53."""
    return np.frexp(a.astype(np.float64))[1].astype(np.int64) - 1


# -- output ---------------------------------------------------------------------------


def _judge(result: Result) -> list[str]:
    if result.move is None:
        return ["Betty"]
    i, j, a, b = result.move
    return ["Ann", f"{i} {j}", f"{a} {b}"]


def _explain(board: Board, result: Result) -> list[str]:
    rows, cols = board.heads.shape
    heads = int(np.count_nonzero(board.heads))
    lines = [f"  {rows}x{cols} board (line {board.line}), {heads} heads: value {result.value} "
             "= XOR of i (x) j over the heads"]
    if result.move is None:
        lines.append("  every move changes the value by (i^a) (x) (j^b) != 0, so Betty wins")
        return lines
    i, j, a, b = result.move
    flipped = ", ".join(f"({r}, {c})" for r in (a, i) for c in (b, j) if r and c)
    plural = "" if result.winning_moves == 1 else "s"
    lines.append(f"  Ann wins by turning the head ({i}, {j}) with corner ({a}, {b}): flipping "
                 f"{flipped} changes the value by ({i}^{a}) (x) ({j}^{b}) = {result.value}, "
                 f"which leaves value 0 ({result.winning_moves} winning move{plural})")
    return lines


def _json(result: Result) -> str:
    import json

    move = None
    if result.move is not None:
        i, j, a, b = result.move
        move = {"coin": [i, j], "corner": [a, b]}
    return json.dumps({"winner": result.winner, "value": result.value, "move": move,
                       "winning_moves": result.winning_moves})


def solve(data: bytes, options: Options | None = None) -> str:
    """The judge's output for every board (or the ``--explain`` / ``--json`` forms).

    >>> print(solve(b"1 2\\n11\\n", Options(as_json=True)), end="")
    {"winner": "Ann", "value": 3, "move": {"coin": [1, 2], "corner": [0, 1]}, "winning_moves": 1}
    """
    options = options or Options()
    out: list[str] = []
    for board in parse(data):
        result = analyse(board.heads)
        if options.as_json:
            out.append(_json(result))
        elif options.explain:
            out.extend(_judge(result))
            out.extend(_explain(board, result))
        else:
            out.extend(_judge(result))
    return "\n".join(out) + "\n"
