"""Grid Game 2 (Codeforces 1906G): ``N`` then ``N`` lines ``R C`` -> ``FIRST`` or ``SECOND``.

Every black cell is worth 0 or 1 (see :mod:`grundy.rules.squares`), the board
is worth their XOR, and every move flips that value: so when the first player
wins, every black cell is a winning move (``--explain``/``--json`` show the
first one in input order).

Blank lines are ignored; otherwise ``N`` is alone on its line and each cell is
one line of two integers.  The file is read with NumPy in one pass; a file that
pass does not accept is read again line by line to name the line at fault.

>>> print(solve(b"2\\n2 3\\n2 4\\n"), end="")
FIRST
>>> print(solve(b"1\\n2 2\\n", Options(as_json=True)), end="")
{"winner": "SECOND", "value": 0, "move": null, "winning_moves": 0}
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.squares import cell_values
from . import Options
from ._read import decode, integer, last_line, plain_numbers, word_lines

__all__ = ["LIMITS", "MAX_CELLS", "MAX_COORD", "Cells", "parse", "solve"]

MAX_CELLS = 10**7
MAX_COORD = 10**18
LIMITS = "1 <= N <= 10^7 cells, 1 <= R, C <= 10^18 (the contest: N <= 2*10^5, R, C <= 10^9)"


@dataclass(frozen=True)
class Cells:
    """The black cells of an input, in input order, and the line of each."""

    rows: np.ndarray  # int64
    cols: np.ndarray  # int64
    lines: np.ndarray  # 1-based line of each cell


# -- parsing ---------------------------------------------------------------------------


def parse(data: bytes) -> Cells:
    """The cells of a contest input; :class:`InputError` naming the line at fault.

    >>> parse(b"2\\n\\n5 7\\n1 1\\n").lines.tolist()
    [3, 4]
    """
    cells = _fast_parse(data)
    if cells is None:
        cells = _careful_parse(data)
    _check_distinct(cells)
    return cells


def _fast_parse(data: bytes) -> Cells | None:
    """One vectorised pass over the bytes; ``None`` for anything unusual (then read carefully).

    :func:`~grundy.formats._read.plain_numbers` reads the numbers (tokens longer
    than 19 digits, which could overflow uint64, are left to the careful reader)
    and the line of each, to check the layout.
    """
    plain = plain_numbers(data, max_digits=19)
    if plain is None:
        return None
    value, line = plain
    if value.size < 3 or value.size % 2 == 0:
        return None
    # N alone on its line, then pairs: both numbers of a pair on one line, one pair a line.
    rows_line, cols_line = line[1::2], line[2::2]
    if line[1] == line[0] or (rows_line != cols_line).any() or (np.diff(rows_line) == 0).any():
        return None
    n = int(value[0])
    if n != (value.size - 1) // 2 or not 1 <= n <= MAX_CELLS:
        return None
    rows, cols = value[1::2], value[2::2]
    if min(int(rows.min()), int(cols.min())) < 1 or max(int(rows.max()), int(cols.max())) > MAX_COORD:
        return None
    return Cells(rows.astype(np.int64), cols.astype(np.int64), rows_line)


def _careful_parse(data: bytes) -> Cells:
    """Line by line, raising :class:`InputError` at the first fault (returns the cells if none)."""
    text = decode(data)
    lines = list(word_lines(text))
    if not lines:
        raise InputError("empty input: expected N, then N lines 'R C'")
    number, words = lines[0]
    if len(words) != 1:
        raise InputError(f"the first line must hold N alone, found {len(words)} numbers", number)
    n = integer(words[0], "N", 1, MAX_CELLS, number, "10^7")
    count = min(n, len(lines) - 1)
    rows = np.empty(count, dtype=np.int64)
    cols = np.empty(count, dtype=np.int64)
    where = np.empty(count, dtype=np.int64)
    for index, (number, words) in enumerate(lines[1 : n + 1]):
        if len(words) != 2:
            raise InputError(f"expected a cell 'R C' (two integers), found {len(words)} "
                             f"number{'s' if len(words) != 1 else ''}", number)
        rows[index] = integer(words[0], "R", 1, MAX_COORD, number, "10^18")
        cols[index] = integer(words[1], "C", 1, MAX_COORD, number, "10^18")
        where[index] = number
    if len(lines) - 1 < n:
        raise InputError(f"N = {n} but the input has only {len(lines) - 1} cell lines",
                         last_line(text))
    if len(lines) - 1 > n:
        extra = lines[n + 1][0]
        raise InputError(f"N = {n} but the input has {len(lines) - 1} cell lines; "
                         f"this line is one too many", extra)
    return Cells(rows, cols, where)


def _check_distinct(cells: Cells) -> None:
    """Cells are distinct; a repeated cell is reported on its second line, naming the first."""
    rows, cols = cells.rows, cells.cols
    if rows.size < 2:
        return
    if max(int(rows.max()), int(cols.max())) < 2**31:
        keys = np.sort((rows << 32) | cols)
        if not (keys[1:] == keys[:-1]).any():
            return
    else:
        order = np.lexsort((cols, rows))
        r, c = rows[order], cols[order]
        if not ((r[1:] == r[:-1]) & (c[1:] == c[:-1])).any():
            return
    first: dict[tuple[int, int], int] = {}
    for r, c, line in zip(rows.tolist(), cols.tolist(), cells.lines.tolist()):
        if (r, c) in first:
            raise InputError(f"cell ({r}, {c}) repeats the cell of line {first[r, c]}; "
                             "black cells are distinct", line)
        first[r, c] = line


# -- solving and output ------------------------------------------------------------------


def solve(data: bytes, options: Options | None = None) -> str:
    """``FIRST`` or ``SECOND`` (or the ``--explain`` / ``--json`` forms).

    >>> print(solve(b"2\\n2 3\\n2 4\\n", Options(explain=True)))  # doctest: +NORMALIZE_WHITESPACE
    FIRST
      2 black cells: 1 worth 1, 1 worth 0 (a coin-turning game: each cell is worth 0 or 1);
      the position is worth their XOR, 1
      every move flips the value between 0 and 1, so all 2 black cells are winning moves,
      e.g. the square ending at (2, 3) (line 2)
    """
    options = options or Options()
    cells = parse(data)
    values = cell_values(cells.rows, cells.cols)
    ones = int(np.count_nonzero(values))
    value = ones & 1
    n = int(values.size)
    winner = "FIRST" if value else "SECOND"
    move = [int(cells.rows[0]), int(cells.cols[0])] if value else None
    if options.as_json:
        return json.dumps({"winner": winner, "value": value, "move": move,
                           "winning_moves": n if value else 0}) + "\n"
    out = [winner]
    if options.explain:
        plural = "s" if n != 1 else ""
        out.append(f"  {n} black cell{plural}: {ones} worth 1, {n - ones} worth 0 "
                   "(a coin-turning game: each cell is worth 0 or 1);")
        out.append(f"  the position is worth their XOR, {value}")
        if move is None:
            out.append("  every move flips the value between 0 and 1, so every move leaves "
                       "value 1: the second player wins")
        else:
            out.append(f"  every move flips the value between 0 and 1, so all {n} black "
                       f"cell{plural} are winning moves,")
            out.append(f"  e.g. the square ending at ({move[0]}, {move[1]}) "
                       f"(line {int(cells.lines[0])})")
    return "\n".join(out) + "\n"
