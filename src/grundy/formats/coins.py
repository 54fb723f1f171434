"""The Coins Game (ASC 34; Turning Corners): who wins, and the first winning move.

Input: ``R C`` then ``R`` lines of ``C`` characters ``0``/``1`` (``1`` = heads; blanks
between them are allowed), several boards until the end of input (blank lines are
ignored).  Output per board: ``Betty``, or ``Ann`` then ``i j`` (the head turned) then
``a b`` (the opposite corner, ``0 <= a < i``, ``0 <= b < j``): the first winning move
in the order i, j (heads only), a, b.

>>> from grundy.formats import solve
>>> print(solve("coins", b"2 2\\n10\\n01\\n"), end="")
Ann
2 2
1 1
>>> print(solve("coins", b"1 2\\n11\\n", Options(as_json=True)), end="")
{"winner": "first", "judge": "Ann", "value": 3, "move": {"coin": [1, 2], "corner": [0, 1]}, "winning_moves": 1}

The value and the move come from :func:`grundy.rules.corners.analyse` (top-bit masks,
without trying every corner).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.corners import MAX_SIDE, analyse
from .base import GameFormat, Options, Result
from ._read import in_range, last_line, shown

__all__ = ["FORMAT", "Board", "CoinsFormat"]

LIMITS = (f"1 <= R, C <= {MAX_SIDE} per board, any number of boards "
          "(the contest has R, C <= 50)")


@dataclass(frozen=True)
class Board:
    """One test: the heads as an ``R x C`` array of 0/1 (row ``i`` of the board is ``heads[i-1]``)."""

    heads: np.ndarray
    line: int  # the line of its 'R C' header


# -- parsing ----------------------------------------------------------------------


def parse_boards(data: bytes) -> list[Board]:
    """Every board of a contest input; :class:`InputError` at the first fault.

    >>> [b.heads.tolist() for b in parse_boards(b"1 3\\n101\\n\\n2 1\\n0\\n1\\n1 2\\n1 1\\n")]
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
                raise InputError(f"the board of line {header} has {rows} row{'s' * (rows != 1)}, "
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
    if len(words) != 2:
        raise InputError("expected a board header 'R C' (two integers), "
                         f"got {shown(raw.strip())}", line)
    out = []
    for name, word in zip("RC", words):
        if not word.isdigit():
            raise InputError(f"{name} must be an integer in the header 'R C', "
                             f"got {shown(word)}", line)
        if len(word.lstrip(b"0")) > len(str(MAX_SIDE)):  # too big to be read as an int
            raise InputError(f"{name} = {shown(word)} is out of range (1 <= {name} <= {MAX_SIDE})",
                             line)
        out.append(in_range(int(word.lstrip(b"0") or b"0"), name, 1, MAX_SIDE, line))
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


# -- the format ---------------------------------------------------------------------


class CoinsFormat(GameFormat[list[Board]]):
    """The Coins Game: boards in, ``Ann`` and the first winning move, or ``Betty``, out."""

    name = "coins"
    limits = LIMITS

    def parse(self, data: bytes) -> list[Board]:
        return parse_boards(data)

    def solve(self, parsed: list[Board]) -> list[Result]:
        results = []
        for board in parsed:
            found = analyse(board.heads)
            move = None
            if found.move is not None:
                i, j, a, b = found.move
                move = {"coin": [i, j], "corner": [a, b]}
            results.append(Result(found.value, move, found.winning_moves,
                                  "Ann" if found.value else "Betty"))
        return results

    def lines(self, parsed: list[Board], results: list[Result], options: Options) -> list[str]:
        out: list[str] = []
        for board, result in zip(parsed, results):
            if result.move is None:
                out.append("Betty")
            else:
                i, j, a, b = _corners(result)
                out.extend(("Ann", f"{i} {j}", f"{a} {b}"))
            if options.explain:
                out.extend(_explain(board, result))
        return out


def _corners(result: Result) -> tuple[int, int, int, int]:
    """The winning move ``(i, j, a, b)`` of a result."""
    (i, j), (a, b) = result.move["coin"], result.move["corner"]
    return i, j, a, b


def _explain(board: Board, result: Result) -> list[str]:
    rows, cols = board.heads.shape
    heads = int(np.count_nonzero(board.heads))
    lines = [f"  {rows}x{cols} board (line {board.line}), {heads} heads: value {result.value} "
             "= XOR of i (x) j over the heads"]
    if result.move is None:
        lines.append("  every move changes the value by (i^a) (x) (j^b) != 0, so Betty wins")
        return lines
    i, j, a, b = _corners(result)
    flipped = ", ".join(f"({r}, {c})" for r in (a, i) for c in (b, j) if r and c)
    plural = "" if result.winning_moves == 1 else "s"
    lines.append(f"  Ann wins by turning the head ({i}, {j}) with corner ({a}, {b}): flipping "
                 f"{flipped} changes the value by ({i}^{a}) (x) ({j}^{b}) = {result.value}, "
                 f"which leaves value 0 ({result.winning_moves} winning move{plural})")
    return lines


FORMAT = CoinsFormat()
