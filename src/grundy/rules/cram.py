"""Cram: place a domino on two free adjacent cells of a board; who cannot, loses.

A position is a :class:`~grundy.rules.cells.Board`.  A move's option is the sum of the
components the board falls into (a lone cell has no move and is dropped), each in its
canonical form under the square's symmetries, so the engine meets each shape once and
values add by XOR.  Two symmetry strategies are theorems the tests check: on an even x
even board the second player mirrors through the centre (value 0); on an even x odd
board the first player takes the two central cells and then mirrors (never 0).

>>> g = Cram()
>>> [g.value(Board.full(1, n)) for n in range(1, 9)]  # 1 x n is Dawson's Kayles, shifted
[0, 1, 1, 2, 0, 3, 1, 1]
>>> g.value(Board.full(3, 3)), g.value(Board.parse("...|.#.|...")), g.value(Board.full(4, 5))
(0, 0, 2)
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

from ..engine import Game, Sum
from ..errors import GrundyError
from .cells import Board

__all__ = ["Cram", "compiled_value", "dominoes", "kernel"]


def kernel() -> ModuleType | None:
    """:mod:`grundy.native._cram` when it was built and ``GRUNDY_PURE`` is unset or 0."""
    if os.environ.get("GRUNDY_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("grundy.native._cram")
    except ImportError:
        return None


def compiled_value(position: Any, rule: int) -> int | None:
    """The value of a board, or of a sum of boards, by the compiled search in Cram (rule 0)
    or Node Kayles on the board's grid (rule 1); None without the kernel or for other
    positions."""
    found = kernel()
    if found is None:
        return None
    parts = position.parts if isinstance(position, Sum) else (position,)
    boards = [part for part in parts if isinstance(part, Board)]
    if len(boards) != len(parts):
        return None
    total = 0
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


def after(board: Board, taken: int) -> Any:
    """The option of ``board`` once the cells of ``taken`` are filled: its components
    with a move left, canonical, as one board or a :class:`Sum` (empty when none)."""
    parts = [part.canonical() for part in board.without(taken).components() if part.count() > 1]
    return parts[0] if len(parts) == 1 else Sum(*parts)


class Cram(Game):
    """Cram on any board of at most 64 cells (rows of ``.`` free and ``#`` blocked)."""

    board = "cram"

    def options(self, position: Board) -> list[Any]:
        return [after(position, d) for d in dominoes(position)]

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

    def fast_value(self, position: Any) -> int | None:
        """The value from the compiled search (:func:`kernel`), when it is built: of a board
        or of a sum of boards."""
        return compiled_value(position, 0)

    @property
    def notation(self) -> str:
        return "cram"
