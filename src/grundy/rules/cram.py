"""Cram: place a domino on two free adjacent cells of a board; who cannot, loses.

A position is a :class:`~grundy.rules.cells.Board`, and an option is the board with the
domino's cells taken, in the same frame (so a move reads as played).  Values come by
pieces: a board is worth the XOR of its components' values (a lone cell has no move),
each valued once in its canonical form under the square's symmetries, by the compiled
search when it is built (:mod:`grundy.native._cram`) or else by :func:`board_value`.
Two symmetry strategies are theorems the tests check: on an even x even board the
second player mirrors through the centre (value 0); on an even x odd board the first
player takes the two central cells and then mirrors (never 0).

>>> g = Cram()
>>> [g.value(Board.full(1, n)) for n in range(1, 9)]  # 1 x n is Dawson's Kayles, shifted
[0, 1, 1, 2, 0, 3, 1, 1]
>>> g.value(Board.full(3, 3)), g.value(Board.parse("...|.#.|...")), g.value(Board.full(4, 5))
(0, 0, 2)
>>> g.options(Board.full(2, 3))[0].text()
'##.|...'
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..engine import Game, Sum
from ..errors import GrundyError
from .boards import BoardGame, LabelledMove, Search
from .cells import Board
from .pictures import Picture

__all__ = ["Cram", "board_value", "compiled_options_of_value", "compiled_value",
           "domino_moves", "dominoes", "kernel", "native_rule", "taken_cells", "value_by_pieces"]


def kernel() -> ModuleType | None:
    """:mod:`grundy.native._cram` when it was built and ``GRUNDY_PURE`` is unset or 0
    (:func:`grundy.native.compiled.extension`)."""
    from ..native.compiled import extension

    found: ModuleType | None = extension("_cram")
    return found


def native_rule(search: Search) -> int:
    """The compiled search's own number for the game it plays (its one map).

    >>> native_rule(Search.CRAM), native_rule(Search.NODE_KAYLES)
    (0, 1)
    """
    return 0 if search is Search.CRAM else 1


def compiled_value(position: Any, search: Search) -> int | None:
    """The value of a board, or of a sum of boards, by the compiled search in Cram or Node
    Kayles on the board's grid; None without the kernel or for other positions."""
    found = kernel()
    if found is None:
        return None
    parts = position.parts if isinstance(position, Sum) else (position,)
    boards = [part for part in parts if isinstance(part, Board)]
    if len(boards) != len(parts):
        return None
    total, rule = 0, native_rule(search)
    for part in boards:
        if part.mask:
            total ^= int(found.value(part.rows, part.cols, part.mask, rule))
    return total


def dominoes(board: Board) -> list[int]:
    """The masks of the dominoes that fit on ``board`` (two free adjacent cells), the
    horizontal ones first, each in reading order of its first cell."""
    mask, cols = board.mask, board.cols
    full = (1 << (board.rows * cols)) - 1
    last = sum(1 << (r * cols + cols - 1) for r in range(board.rows))
    across = mask & (mask >> 1) & ~last & full
    down = mask & (mask >> cols)
    found = []
    for starts, step in ((across, 1), (down, cols)):
        while starts:
            low = starts & -starts
            found.append(low | (low << step))
            starts ^= low
    return found


def domino_moves(board: Board, edges: bool = False) -> list[LabelledMove]:
    """The dominoes of ``board`` (:func:`dominoes`, in order) as moves named by their cells:
    ``0,0+0,1`` (Cram), or with ``edges`` the edge of the grid graph ``0,0-0,1`` (Arc Kayles).

    >>> [m.key for m in domino_moves(Board.full(1, 3))], domino_moves(Board.full(1, 2), True)[0].text
    (['0,0+0,1', '0,1+0,2'], 'take edge 0,0-0,1')
    """
    found = []
    for d in dominoes(board):
        a, b = (f"{r},{c}" for r, c in Board(board.rows, board.cols, d).cells())
        option = board.without(d)
        found.append(LabelledMove(f"{a}-{b}", option, f"take edge {a}-{b}") if edges else
                     LabelledMove(f"{a}+{b}", option, f"domino on {a} and {b}"))
    return found


def taken_cells(board: Board, search: Search) -> list[int]:
    """The cells each move of ``board`` takes: dominoes in Cram, a free cell and its free
    neighbours in Node Kayles (one a free cell, in reading order)."""
    if search is Search.CRAM:
        return dominoes(board)
    return [(cell | board.neighbours(cell)) & board.mask
            for cell in (board.bit(r, c) for r, c in board.cells())]


def compiled_options_of_value(part: Any, target: int, search: Search) -> list[Board] | None:
    """The options of the board ``part`` whose value is ``target``, in ``options()`` order,
    each found by the compiled search's question "is your value ``target``?" (far faster
    than its value when the answer is no: ``grundy analyze`` finds winning moves so); None
    without the kernel or for another position.

    >>> found = compiled_options_of_value(Board.full(2, 3), 0, Search.CRAM)
    >>> found is None or [b.text() for b in found] == ['#..|#..', '.#.|.#.', '..#|..#']
    True
    """
    found = kernel()
    if found is None or not isinstance(part, Board):
        return None
    rows, cols, mask, rule = part.rows, part.cols, part.mask, native_rule(search)
    return [part.without(taken) for taken in taken_cells(part, search)
            if found.has_value(rows, cols, mask & ~taken, rule, target)]


def board_value(board: Board, search: Search, memo: dict[Board, int]) -> int:
    """The value of ``board`` by pieces, in Python: the XOR of its components', each in
    its canonical form, valued once (``memo``) as the mex of its moves' values."""
    total = 0
    lone = 0 if search is Search.CRAM else 1  # a lone cell: no move in Cram, one in Node Kayles
    for part in board.components():
        if part.count() == 1:
            total ^= lone
            continue
        key = part.canonical()
        found = memo.get(key)
        if found is None:
            seen = {board_value(key.without(taken), search, memo)
                    for taken in taken_cells(key, search)}
            found = 0
            while found in seen:
                found += 1
            memo[key] = found
        total ^= found
    return total


def value_by_pieces(game: Game, position: Any, search: Search) -> int | None:
    """The value of a board or a sum of boards: the compiled search, else
    :func:`board_value` with a memo kept on ``game``; None for other positions."""
    found = compiled_value(position, search)
    if found is not None:
        return found
    parts = position.parts if isinstance(position, Sum) else (position,)
    boards = [part for part in parts if isinstance(part, Board)]
    if len(boards) != len(parts):
        return None
    memo: dict[Board, int] = game.memo("pieces")
    total = 0
    for part in boards:
        total ^= board_value(part, search, memo)
    return total


class Cram(BoardGame):
    """Cram on any board of at most 128 cells (rows of ``.`` free and ``#`` blocked)."""

    board = "cram"
    search = Search.CRAM

    def options(self, position: Board) -> list[Board]:
        return [position.without(d) for d in dominoes(position)]

    def labelled_moves(self, part: Board) -> list[LabelledMove]:
        """Each domino, named by its two cells (``0,0+0,1``)."""
        return domino_moves(part)

    def parse_position(self, text: str) -> Board:
        """``4x5`` (an empty board) or rows such as ``'....|.#..'``."""
        return Board.parse(text)

    def format_position(self, position: Any) -> str:
        if isinstance(position, Board):
            return position.text()
        return super().format_position(position)

    def check_position(self, position: Any) -> Board:
        """``position`` if it is a board, else a clear error."""
        if not isinstance(position, Board):
            raise GrundyError(f"a position of cram is a board such as '4x5' or '..|.#', "
                              f"got {position!r}")
        return position

    def picture(self, part: Any) -> Picture | None:
        """A board, a square a cell, the cells taken or blocked dark (:meth:`Board.picture`).

        >>> Cram().picture(Board.parse("..|.#")).svg.count('class="blocked"')
        1
        """
        return part.picture() if isinstance(part, Board) else None

    def fast_value(self, position: Any) -> int | None:
        """The value of a board (or a sum of boards) by pieces (:func:`value_by_pieces`)."""
        return value_by_pieces(self, position, Search.CRAM)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The options of value ``target`` (:func:`compiled_options_of_value`)."""
        found = compiled_options_of_value(part, target, Search.CRAM)
        return found if found is not None else super().options_of_value(part, target)

    @property
    def notation(self) -> str:
        return "cram"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
