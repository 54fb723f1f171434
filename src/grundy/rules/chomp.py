"""Chomp: bite a square of a chocolate bar and every square above and right of it; the
poisoned square (bottom left) loses.

A position is the bar's column heights from the left, never increasing (a Young
diagram): ``chomp 3x7`` is a bar of 3 rows and 7 columns, ``5,3,3,1`` one of four
columns.  Biting square (column i, row j) cuts every column from i on to height j; the
poisoned square is never bitten, so the bar of one square has no move and loses.  By
strategy stealing every rectangle but the poisoned square alone is a first-player win
(the tests check that), though no winning move is known in general: grundy finds them by
search, memoised over the diagrams below the bar (at most C(rows + cols, rows) of them).
The whole bars ``r x c`` are its empty boards: their values make Chomp's table (``grundy
table chomp``) and its strips (``grundy explore chomp --rows 2``).

>>> g = Chomp()
>>> g.value((1,)), g.value((2, 1)), g.outcome((3, 3, 3)), g.winning_moves((2, 2))
(0, 0, 'N', [(2, 1)])
"""

from __future__ import annotations

from math import comb
from typing import Any

from ..errors import GrundyError
from .pictures import MAX_PICTURE_ITEMS, Picture, bar_picture
from .boards import BoardGame, LabelledMove

__all__ = ["Chomp", "MAX_DIAGRAMS"]

#: the most diagrams below a bar that a search may meet (9 x 9, 48,620 of them, takes about 4 s)
MAX_DIAGRAMS = 5 * 10**4
#: the most diagrams below the longest bar of a strip explored unless told, and its most
#: columns (1 x 128, 2 x 61, 3 x 20, 4 x 12 rows and columns: each strip in under a second)
STRIP_DIAGRAMS = 2000
STRIP_COLUMNS = 128


def _check_size(rows: int, cols: int) -> None:
    """A clear error unless the diagrams below a bar of ``rows`` x ``cols`` (at most
    C(rows + cols, cols) of them) are within :data:`MAX_DIAGRAMS`; a bar of 10^9 columns is
    refused by its numbers, before anything is built.

    >>> _check_size(1, 10**9)
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: a bar of 1 row and 1000000000 columns has more than 50000 diagrams below it, past the limit (50000)
    """
    if rows < 1 or cols < 1:
        raise GrundyError(f"a chocolate bar has at least one row and one column, got "
                          f"{rows}x{cols}")
    # C(r + c, c) >= r + c when r, c >= 1: a bound read off the numbers alone
    below = comb(rows + cols, cols) if rows + cols <= MAX_DIAGRAMS else None
    if below is None or below > MAX_DIAGRAMS:
        count = f"more than {MAX_DIAGRAMS}" if below is None else str(below)
        raise GrundyError(f"a bar of {rows} row{'s' * (rows != 1)} and {cols} "
                          f"column{'s' * (cols != 1)} has {count} diagrams below it, "
                          f"past the limit ({MAX_DIAGRAMS})")


class Chomp(BoardGame):
    """Chomp on any Young diagram (column heights from the left, never increasing)."""

    board = "chomp"
    #: a position to try (``grundy analyze chomp 3x7``)
    example = ("3x7",)

    def options(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        moves = []
        for i, height in enumerate(position):
            for j in range(height):
                if i == 0 and j == 0:
                    continue
                cut = tuple(min(h, j) for h in position[i:])
                moves.append(position[:i] + tuple(h for h in cut if h))
        return moves

    def empty_board(self, rows: int, cols: int) -> tuple[int, ...]:
        """The whole bar of ``rows x cols`` squares, whose values make Chomp's table
        (``grundy table chomp``); a clear error past :data:`MAX_DIAGRAMS`.

        >>> [[Chomp().value(Chomp().empty_board(r, c)) for c in range(1, 6)] for r in (1, 2)]
        [[0, 1, 2, 3, 4], [1, 2, 4, 5, 7]]
        """
        _check_size(rows, cols)
        return (rows,) * cols

    def strip_columns(self, rows: int) -> int:
        """The most columns, at most :data:`STRIP_COLUMNS`, whose bar has at most
        :data:`STRIP_DIAGRAMS` diagrams below it.

        >>> [Chomp().strip_columns(r) for r in (1, 2, 3, 4)]
        [128, 61, 20, 12]
        """
        cols = 1
        while cols < STRIP_COLUMNS and comb(rows + cols + 1, rows) <= STRIP_DIAGRAMS:
            cols += 1
        return cols

    def labelled_moves(self, part: tuple[int, ...]) -> list[LabelledMove]:
        """Each bite named by its square ``i,j`` (column i, row j), in ``options()`` order.

        >>> [(m.key, m.option) for m in Chomp().labelled_moves((2, 1))]
        [('0,1', (1, 1)), ('1,0', (2,))]
        """
        squares = [(i, j) for i, height in enumerate(part) for j in range(height) if i or j]
        return [LabelledMove(f"{i},{j}", option, f"bite column {i}, row {j}")
                for (i, j), option in zip(squares, self.options(part))]

    def parse_position(self, text: str) -> tuple[int, ...]:
        """``RxC`` (a bar of R rows and C columns) or column heights ``5,3,3,1``, each a
        number (a height left out between commas is refused, not skipped).

        >>> g = Chomp()
        >>> g.parse_position("3x2"), g.parse_position("5,3,3,1")
        ((3, 3), (5, 3, 3, 1))
        >>> g.parse_position("5,,3")
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: cannot read a chocolate bar from '5,,3': height 2 is missing (write RxC such as 3x7, or column heights such as 5,3,3,1)
        """
        word = text.strip().lower()
        size = word.split("x")
        pieces = size if len(size) == 2 else word.split(",")
        for i, piece in enumerate(pieces, start=1):
            piece = piece.strip()
            if not (piece.isascii() and piece.isdigit()):
                if not word:
                    wrong = "the text is empty"
                elif len(size) == 2:
                    wrong = "its size is not two numbers"
                elif piece:
                    wrong = f"height {i} ({piece!r}) is not a number"
                else:
                    wrong = f"height {i} is missing"
                raise GrundyError(f"cannot read a chocolate bar from {text!r}: {wrong} (write "
                                  "RxC such as 3x7, or column heights such as 5,3,3,1)")
        try:
            numbers = [int(p) for p in pieces]
        except ValueError:  # more digits than Python reads
            raise GrundyError(f"cannot read a chocolate bar from {text!r}: a number is too "
                              "long") from None
        if len(size) == 2:  # the size checked before the columns are built
            _check_size(numbers[0], numbers[1])
            heights = (numbers[0],) * numbers[1]
        else:
            heights = tuple(numbers)
        return self.check(heights)

    def check(self, heights: tuple[int, ...]) -> tuple[int, ...]:
        """``heights`` if they make a bar grundy can search, else a clear error."""
        if not heights or min(heights) < 1:
            raise GrundyError(f"a chocolate bar has columns of at least one square, got "
                              f"{','.join(map(str, heights)) or 'no column'}")
        if any(a < b for a, b in zip(heights, heights[1:])):
            raise GrundyError(f"the column heights of a bar never increase from the left, got "
                              f"{','.join(map(str, heights))}")
        _check_size(heights[0], len(heights))
        return heights

    def format_position(self, position: Any) -> str:
        if isinstance(position, tuple) and position and len(set(position)) == 1:
            return f"{position[0]}x{len(position)}"
        if isinstance(position, tuple):
            return ",".join(map(str, position))
        return super().format_position(position)

    def check_listable(self, part: Any) -> None:
        self.check(tuple(part))

    def picture(self, part: Any) -> Picture | None:
        """The bar as a Young diagram, column heights from the left, the poisoned square
        (bottom left) marked; None for what is not a bar, or a bar past
        :data:`~grundy.rules.pictures.MAX_PICTURE_ITEMS` squares.

        >>> Chomp().picture((3, 1)).svg.count("<rect")
        4
        """
        if not (isinstance(part, tuple) and all(isinstance(h, int) and h > 0 for h in part)):
            return None
        if sum(part) > MAX_PICTURE_ITEMS:
            return None
        return bar_picture(part, f"chocolate bar {self.format_position(part)}")

    @property
    def notation(self) -> str:
        return "chomp"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
