"""Boards of cells: the positions of games played on a grid (Cram, Node Kayles on a grid).

A :class:`Board` is a set of free cells in a ``rows x cols`` rectangle, kept as one
integer whose bit ``r * cols + c`` is set when cell ``(r, c)`` is free.  What the board
games share lives here: reading a board from text (``4x5``, or rows such as
``'....|.#..'`` with ``#`` for a blocked cell), splitting it into its connected
components (the value of the board is the XOR of theirs), and a canonical form under
the eight symmetries of the square, so that a search meets each shape once.

>>> b = Board.parse("...|.#.")
>>> b.rows, b.cols, b.count()
(2, 3, 5)
>>> print(b.draw())
. . .
. # .
>>> [part.count() for part in Board.parse("..#..").components()]
[2, 2]
>>> Board.parse("..|..|..").canonical() == Board.parse("...|...").canonical()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import GrundyError
from .pictures import Picture, cells_picture

__all__ = ["Board", "MAX_CELLS"]

#: the most cells of a board (a search past this many free cells does not end in seconds
#: in any game here; the compiled Cram search holds a board in one or two words of 64 bits)
MAX_CELLS = 128


@lru_cache(maxsize=256)
def _columns(rows: int, cols: int) -> tuple[int, int, int]:
    """(every cell, cells not in the first column, cells not in the last column)."""
    full = (1 << (rows * cols)) - 1
    first = sum(1 << (r * cols) for r in range(rows))
    return full, full & ~first, full & ~(first << (cols - 1))


@dataclass(frozen=True, slots=True)
class Board:
    """Free cells of a ``rows x cols`` rectangle: bit ``r * cols + c`` of ``mask``."""

    rows: int
    cols: int
    mask: int

    @classmethod
    def full(cls, rows: int, cols: int) -> Board:
        """The empty ``rows x cols`` board (every cell free).

        >>> Board.full(2, 2).count()
        4
        """
        _check_size(rows, cols)
        return cls(rows, cols, (1 << (rows * cols)) - 1)

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from text: ``RxC`` (all free) or rows of ``.`` (free) and ``#`` (blocked)
        separated by ``|`` or ``/`` (or on lines of their own, as in a file).  ``R,C`` is no
        board (in the graph games it is a graph of lone vertices).

        >>> Board.parse("2x3") == Board.parse("...|...")
        True
        >>> Board.parse("|")
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: the board '|' is empty: it has no cell (write RxC such as 4x5, or rows of '.' and '#' such as '...|.#.')
        >>> Board.parse("..|.")
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: the rows of board '..|.' differ in length (2, 1): every row has as many cells
        """
        word = text.strip().lower()
        size = word.split("x")
        if len(size) == 2 and all(p.isascii() and p.isdigit() and len(p) <= 4 for p in size):
            return cls.full(int(size[0]), int(size[1]))
        if not word:
            raise GrundyError("the board is empty text: write RxC (4x5) or rows of '.' (free) "
                              "and '#' (blocked) split by '|', such as '...|.#.'")
        lines = [line.strip() for line in word.replace("/", "|").replace("\n", "|").split("|")]
        if any(set(line) - {".", "#"} for line in lines):
            raise GrundyError(f"cannot read a board from {text!r}: write RxC (4x5) or rows of "
                              "'.' (free) and '#' (blocked) split by '|', such as '...|.#.'")
        widths = [len(line) for line in lines]
        if not any(widths):
            raise GrundyError(f"the board {text.strip()!r} is empty: it has no cell (write RxC "
                              "such as 4x5, or rows of '.' and '#' such as '...|.#.')")
        if len(set(widths)) != 1:
            shown = ", ".join(map(str, widths))
            raise GrundyError(f"the rows of board {text.strip()!r} differ in length ({shown}): "
                              "every row has as many cells")
        rows, cols = len(lines), widths[0]
        _check_size(rows, cols)
        mask = sum(1 << (r * cols + c) for r, line in enumerate(lines)
                   for c, ch in enumerate(line) if ch == ".")
        return cls(rows, cols, mask)

    # -- what a board is --------------------------------------------------------
    def count(self) -> int:
        """How many cells are free."""
        return self.mask.bit_count()

    def cells(self) -> list[tuple[int, int]]:
        """The free cells ``(row, col)`` in reading order."""
        cols, mask = self.cols, self.mask
        found = []
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            found.append(divmod(i, cols))
            mask ^= low
        return found

    def bit(self, r: int, c: int) -> int:
        """The bit of cell ``(r, c)``."""
        return 1 << (r * self.cols + c)

    def neighbours(self, mask: int) -> int:
        """The cells next to those of ``mask`` (up, down, left, right), inside the board."""
        full, not_first, not_last = _columns(self.rows, self.cols)
        cols = self.cols
        grown = ((mask << 1) & not_first) | ((mask >> 1) & not_last) | (mask << cols) | (mask >> cols)
        return grown & full

    def without(self, mask: int) -> Board:
        """The board with the cells of ``mask`` taken (blocked)."""
        return Board(self.rows, self.cols, self.mask & ~mask)

    # -- components and symmetry -------------------------------------------------
    def components(self) -> list[Board]:
        """The connected components of the free cells, each cropped to its bounding box."""
        rest, found = self.mask, []
        while rest:
            part = rest & -rest
            while True:
                grown = (part | self.neighbours(part)) & rest
                if grown == part:
                    break
                part = grown
            rest &= ~part
            found.append(Board(self.rows, self.cols, part).cropped())
        return found

    def cropped(self) -> Board:
        """The same cells in their bounding box."""
        cells = self.cells()
        if not cells:
            return Board(0, 0, 0)
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        rows = max(r for r, _ in cells) - top + 1
        cols = max(c for _, c in cells) - left + 1
        if (rows, cols) == (self.rows, self.cols):
            return self
        return Board(rows, cols, sum(1 << ((r - top) * cols + c - left) for r, c in cells))

    def canonical(self) -> Board:
        """The least of the board's eight images under rotations and reflections (the game
        is the same on each), cropped; two boards with the same shape get the same one."""
        board = self.cropped()
        return _canonical(board.rows, board.cols, board.mask)

    # -- text -----------------------------------------------------------------------
    def text(self) -> str:
        """The board as :meth:`parse` reads it (``RxC`` when every cell is free)."""
        if self.mask == (1 << (self.rows * self.cols)) - 1:
            return f"{self.rows}x{self.cols}"
        return "|".join("".join("." if self.mask >> (r * self.cols + c) & 1 else "#"
                                for c in range(self.cols)) for r in range(self.rows))

    def draw(self) -> str:
        """The board for a terminal: ``.`` a free cell, ``#`` a taken one."""
        return "\n".join(" ".join("." if self.mask >> (r * self.cols + c) & 1 else "#"
                                  for c in range(self.cols)) for r in range(self.rows))

    def picture(self) -> Picture:
        """The board as a picture: a square a cell, the blocked cells dark.

        >>> Board.parse("..|.#").picture()
        <Picture 70x70: board ..|.#>
        """
        return cells_picture(self.rows, self.cols, self.cells(), f"board {self.text()}")

    def _repr_svg_(self) -> str:
        """The picture a notebook shows (:meth:`picture`)."""
        return self.picture().svg


@lru_cache(maxsize=1 << 16)
def _canonical(rows: int, cols: int, mask: int) -> Board:
    cells = Board(rows, cols, mask).cells()
    best: tuple[int, int, int] | None = None
    for swap in (False, True):
        h, w = (cols, rows) if swap else (rows, cols)
        for flip_r in (False, True):
            for flip_c in (False, True):
                image = 0
                for r, c in cells:
                    if swap:
                        r, c = c, r
                    if flip_r:
                        r = h - 1 - r
                    if flip_c:
                        c = w - 1 - c
                    image |= 1 << (r * w + c)
                key = (h, w, image)
                if best is None or key < best:
                    best = key
    assert best is not None
    return Board(*best)


def _check_size(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise GrundyError(f"a board has at least one row and one column, got {rows}x{cols}")
    if rows * cols > MAX_CELLS:
        raise GrundyError(f"a board of {rows}x{cols} = {rows * cols} cells is past the limit "
                          f"of the board games ({MAX_CELLS} cells)")
