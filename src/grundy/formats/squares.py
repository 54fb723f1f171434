"""Grid Game 2 (Codeforces 1906G): ``N`` then ``N`` lines ``R C`` -> ``FIRST`` or ``SECOND``.

Every black cell is worth 0 or 1 (see :mod:`grundy.rules.squares`), the board
is worth their XOR, and every move flips that value: so when the first player
wins, every black cell is a winning move (``--explain``/``--json`` show the
first one in input order).

Blank lines are ignored; otherwise ``N`` is alone on its line and each cell is
one line of two integers.  The file is read with NumPy in one pass; a file that
pass does not accept is read again line by line to name the line at fault.

>>> from grundy.formats import solve
>>> print(solve("squares", b"2\\n2 3\\n2 4\\n"), end="")
FIRST
>>> print(solve("squares", b"1\\n2 2\\n", Options(as_json=True)), end="")
{"winner": "second", "judge": "SECOND", "value": 0, "move": null, "winning_moves": 0}
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.squares import cell_values
from .base import GameFormat, Options, Result
from ._read import decode, integer, last_line, plain_numbers, word_lines

__all__ = ["FORMAT", "LIMITS", "MAX_CELLS", "MAX_COORD", "Cells", "SquaresFormat", "parse"]

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


# -- the format -------------------------------------------------------------------------


class SquaresFormat(GameFormat[Cells]):
    """Grid Game 2: the black cells in, ``FIRST`` or ``SECOND`` out (one test per input)."""

    name = "squares"
    limits = LIMITS

    def parse(self, data: bytes) -> Cells:
        return parse(data)

    def solve(self, parsed: Cells) -> list[Result]:
        value = int(np.count_nonzero(cell_values(parsed.rows, parsed.cols))) & 1
        move = [int(parsed.rows[0]), int(parsed.cols[0])] if value else None
        n = int(parsed.rows.size)
        return [Result(value, move, n if value else 0, "FIRST" if value else "SECOND")]

    def lines(self, parsed: Cells, results: list[Result], options: Options) -> list[str]:
        """The answer (and the ``--explain`` lines).

        >>> from grundy.formats import solve
        >>> print(solve("squares", b"2\\n2 3\\n2 4\\n", Options(explain=True)))  # doctest: +NORMALIZE_WHITESPACE
        FIRST
          2 black cells: 1 worth 1, 1 worth 0 (a coin-turning game: each cell is worth 0 or 1);
          the position is worth their XOR, 1
          every move flips the value between 0 and 1, so all 2 black cells are winning moves,
          e.g. the square ending at (2, 3) (line 2)
        """
        (result,) = results
        out = [result.judge or ""]
        if options.explain:
            out.extend(_explain(parsed, result))
        return out


def _explain(cells: Cells, result: Result) -> list[str]:
    n = int(cells.rows.size)
    ones = int(np.count_nonzero(cell_values(cells.rows, cells.cols)))
    plural = "s" if n != 1 else ""
    out = [f"  {n} black cell{plural}: {ones} worth 1, {n - ones} worth 0 "
           "(a coin-turning game: each cell is worth 0 or 1);",
           f"  the position is worth their XOR, {result.value}"]
    if result.move is None:
        out.append("  every move flips the value between 0 and 1, so every move leaves "
                   "value 1: the second player wins")
    else:
        row, col = result.move
        out.append(f"  every move flips the value between 0 and 1, so all {n} black "
                   f"cell{plural} are winning moves,")
        out.append(f"  e.g. the square ending at ({row}, {col}) (line {int(cells.lines[0])})")
    return out


FORMAT = SquaresFormat()
