"""What a board game says: the search that values its empty boards, and its moves as the
things a player clicks.

A board game (Cram, Chomp, Node and Arc Kayles, Green Hackenbush) is a :class:`BoardGame`.
Besides ``options(part)`` it lists each move with a key (:meth:`BoardGame.labelled_moves`):
a cell or a square ``"r,c"``, a domino ``"r,c+r,c"``, a vertex ``"3"`` (on a board, its
cell ``"r,c"``), an edge ``"1-2"`` (on a board ``"r,c-r,c"``).  The playground draws a part
and names each move by its key; it never works a move out for itself.  A game played on
boards of cells has a value table, the values of its empty ``r x c`` boards
(:meth:`BoardGame.empty_board`); when the compiled board search plays it there, the game
says which game that is (:attr:`BoardGame.search`, a :class:`Search`), and the table comes
from that search.

>>> class TakeCell(BoardGame):  # take one free cell of a board
...     board = "cram"
...     def options(self, part):
...         return [part.without(part.bit(r, c)) for r, c in part.cells()]
...     def labelled_moves(self, part):
...         return [LabelledMove(f"{r},{c}", part.without(part.bit(r, c)), f"take {r},{c}")
...                 for r, c in part.cells()]
>>> from grundy.rules.cells import Board
>>> [m.key for m in TakeCell().labelled_moves(Board.full(1, 3))]
['0,0', '0,1', '0,2']
>>> TakeCell().search is None, TakeCell().is_empty(Board.full(1, 3)), TakeCell().empty_board(2, 3)
(True, False, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeGuard

from ..engine import Game
from .cells import Board

__all__ = ["BoardGame", "LabelledMove", "Search", "searched"]


class Search(Enum):
    """The games the compiled board search (:mod:`grundy.native._cram`) plays on the free
    cells of a board; :func:`grundy.rules.cram.native_rule` is its one map to the search's
    own numbers."""

    #: a move covers two free adjacent cells (a domino)
    CRAM = "cram"
    #: a move takes a free cell and its free neighbours
    NODE_KAYLES = "node-kayles"


@dataclass(frozen=True)
class LabelledMove:
    """A move as the playground names it: the key of the thing clicked, the option it leads
    to (one of ``options(part)``), and the move in words."""

    key: str
    option: Any
    text: str


class BoardGame(Game):
    """A game played on a board, a bar, a graph or a drawing, whose moves are clicked."""

    #: the game the compiled board search plays on this game's empty boards (its value
    #: table: ``grundy table``); None: it has no such table
    search: Search | None = None

    def labelled_moves(self, part: Any) -> list[LabelledMove]:  # pragma: no cover - abstract
        """Every move of ``part``, each with the key clicked to play it (one key a move);
        the options are those of :meth:`options`."""
        raise NotImplementedError(f"{type(self).__name__} must define labelled_moves(part)")

    def is_empty(self, part: Any) -> bool:
        """Whether a sum drops ``part`` (a graph with no vertex); by default never: a board
        or a bar stays drawn with no move left."""
        return False

    def empty_board(self, rows: int, cols: int) -> Any:
        """The empty ``rows x cols`` board, whose values make the game's value table
        (``grundy table``); None: the game has no such table (a bar, a drawing).  By default
        the full board when the compiled search plays the game (:attr:`search`), else None."""
        return Board.full(rows, cols) if self.search is not None else None

    def strip_columns(self, rows: int) -> int | None:
        """How many columns of ``rows`` rows ``grundy explore --rows`` reads unless told
        (the empty boards ``rows x 1 .. rows x N``); None: its default, by the board's cells."""
        return None

    def in_frame(self) -> Game:
        """The game as the playground plays it (by default itself; Node and Arc Kayles keep a
        graph's vertices in place: :class:`grundy.rules.graphs.FramedGraphs`)."""
        return self


def searched(game: Game) -> TypeGuard[BoardGame]:
    """Whether the compiled board search plays ``game`` (a board game that says which game
    the search plays on its boards: :attr:`BoardGame.search`).

    >>> from grundy.catalog import find
    >>> searched(find("cram")), searched(find("chomp")), searched(find("kayles"))
    (True, False, False)
    """
    return isinstance(game, BoardGame) and game.search is not None
