"""The board games in the playground (Cram, Chomp, Node and Arc Kayles, Green Hackenbush):
what the page draws for a part, and the moves as the clicks that name them.

Every thing the page draws has a key: a cell or a square ``"r,c"``, a vertex ``"3"`` (on
a board, its cell ``"r,c"``), an edge ``"1-2"`` (on a board ``"r,c-r,c"``), a Hackenbush
edge ``"1-2#0"`` (the first of its copies).  A move is a :class:`Click`: the key clicked
(``take``), the option it leads to, and the keys of the things it removes (``gone``),
which the page marks when it shows a move or a hint.

The game lists its moves with their keys (:meth:`grundy.rules.boards.BoardGame.labelled_moves`);
this module draws a part and marks what a move removes.  A graph of Node or Arc Kayles is
played in its frame (:class:`grundy.rules.graphs.Framed`): the vertices taken are kept out,
never renumbered, so each vertex stays in one place on the page.

>>> from grundy.catalog import find
>>> cram = find("cram")
>>> [c.take for c in clicks(cram, cram.parse_position("1x3"))]
['0,0+0,1', '0,1+0,2']
>>> node = framed(find("node-kayles"))
>>> path = node.parse_position("path:4")
>>> [(c.take, node.format_position(c.option)) for c in clicks(node, path)][:2]
[('0', 'path:4 without 0,1'), ('1', 'path:4 without 0,1,2')]
>>> node.value(path), find("node-kayles").value(find("node-kayles").parse_position("path:4"))
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

from ..engine import Game
from ..errors import GrundyError
from ..rules.boards import BoardGame
from ..rules.cells import Board
from ..rules.cram import dominoes
from ..rules.graphs import Framed, Graph
from ..rules.hackenbush import Drawing

__all__ = ["Click", "MAX_BAR_DIAGRAMS", "MAX_BOARD_CELLS", "MAX_BOARD_TEXT",
           "MAX_DRAWING_EDGES", "MAX_GRAPH_EDGES", "MAX_GRAPH_VERTICES", "check_part",
           "click_of", "clicks", "drawing", "framed", "is_board_game", "read_board_part"]
#: the most cells of a board (Cram on 5 x 5 answers in 0.01 s, on 5 x 6 in about 1 s)
MAX_BOARD_CELLS = 25
#: the most diagrams below a Chomp bar (7 x 7: 3432 of them, 0.14 s; 8 x 8 took 0.9 s)
MAX_BAR_DIAGRAMS = comb(14, 7)
#: the most vertices and edges of a graph (an analysis, every option valued, by the compiled
#: graph search: Arc Kayles on 20 random vertices and up to 41 edges at most 0.16 s, on 24
#: vertices and 48 edges up to 0.96 s, on 20 and 93 edges 2.1 s; Node Kayles on 30 vertices and
#: 86 edges 0.05 s; measured with another job on the machine)
MAX_GRAPH_VERTICES = 20
MAX_GRAPH_EDGES = 40
#: the most edges of a Hackenbush drawing (its values are linear; this keeps it legible)
MAX_DRAWING_EDGES = 200
#: the longest text of a part (a drawing of 200 edges written as its edge list: ``stalk:200``
#: after one cut; every text is parsed into a bounded board, graph or drawing)
MAX_BOARD_TEXT = 2000


def is_board_game(game: Game) -> bool:
    """Whether the page draws ``game``'s parts from :func:`drawing` and plays its moves by
    click (a :class:`~grundy.rules.boards.BoardGame`)."""
    return isinstance(game, BoardGame)


@dataclass(frozen=True)
class Click:
    """A move as the page names it: the key clicked, the option, the keys it removes."""

    take: str
    option: Any
    gone: tuple[str, ...]
    text: str


# -- the game as the playground plays it ---------------------------------------------------


def framed(game: Game) -> Game:
    """The game as the playground plays it (the game says: Node and Arc Kayles keep a
    graph's vertices in place, :class:`grundy.rules.graphs.FramedGraphs`)."""
    return game.in_frame() if isinstance(game, BoardGame) else game


def read_board_part(game: Game, text: str) -> Any:
    """A part of a board game from its text (as the game reads it: ``empty`` too)."""
    return game.parse_position(text)


# -- sizes ----------------------------------------------------------------------------------


def check_part(game: Game, part: Any, where: str) -> None:
    """Raise unless ``part`` is small enough for the playground's answers to be quick."""
    if isinstance(part, Board) and part.rows * part.cols > MAX_BOARD_CELLS:
        raise GrundyError(f"{where}: a board of {part.rows}x{part.cols} is too large for the "
                          f"playground (at most {MAX_BOARD_CELLS} cells)")
    if isinstance(part, Framed) and (part.base.n > MAX_GRAPH_VERTICES
                                     or len(part.base.edges) > MAX_GRAPH_EDGES):
        raise GrundyError(f"{where}: a graph of {part.base.n} vertices and "
                          f"{len(part.base.edges)} edges is too large for the playground (at "
                          f"most {MAX_GRAPH_VERTICES} vertices and {MAX_GRAPH_EDGES} edges)")
    if isinstance(part, Drawing) and len(part.edges) > MAX_DRAWING_EDGES:
        raise GrundyError(f"{where}: a drawing of {len(part.edges)} edges is too large for the "
                          f"playground (at most {MAX_DRAWING_EDGES})")
    if game.board == "chomp" and isinstance(part, tuple) and part:
        if comb(part[0] + len(part), len(part)) > MAX_BAR_DIAGRAMS:
            raise GrundyError(f"{where}: a bar of {part[0]} rows and {len(part)} columns is "
                              "too large for the playground (at most 7 x 7, or as many "
                              "diagrams below it)")


# -- keys -----------------------------------------------------------------------------------


def _cell(r: int, c: int) -> str:
    return f"{r},{c}"


def _board_edges(board: Board) -> list[tuple[str, str]]:
    """The edges of a board's grid graph (two free adjacent cells), as cell keys."""
    found = []
    for d in dominoes(board):
        a, b = Board(board.rows, board.cols, d).cells()
        found.append((_cell(*a), _cell(*b)))
    return found


def _hack_edges(d: Drawing) -> list[tuple[str, int, int]]:
    """Each edge of a drawing with its key ``u-v#k`` (the k-th copy of u-v)."""
    seen: dict[tuple[int, int], int] = {}
    out = []
    for u, v in d.edges:
        k = seen.get((u, v), 0)
        seen[(u, v)] = k + 1
        out.append((f"{u}-{v}#{k}", u, v))
    return out


def _keys(game: Game, part: Any) -> set[str]:
    """The keys of everything drawn for ``part``."""
    if isinstance(part, Board):
        cells = {_cell(r, c) for r, c in part.cells()}
        if game.board == "graph":
            cells |= {f"{a}-{b}" for a, b in _board_edges(part)}
        return cells
    if isinstance(part, Framed):
        keys = {str(v) for v in range(part.base.n) if v not in part.gone}
        return keys | {f"{u}-{v}" for u, v in part.base.edges
                       if u not in part.gone and v not in part.gone}
    if isinstance(part, Drawing):
        return {k for k, _, _ in _hack_edges(part)}
    return {_cell(i, j) for i, h in enumerate(part) for j in range(h)}  # a Chomp bar


def _gone(game: Game, part: Any, option: Any) -> tuple[str, ...]:
    return tuple(sorted(_keys(game, part) - _keys(game, option)))


# -- moves as clicks ------------------------------------------------------------------------


def clicks(game: Game, part: Any) -> list[Click]:
    """Every move of ``part`` as the click that names it (one click a move): the game's own
    :meth:`~grundy.rules.boards.BoardGame.labelled_moves`, with what each removes."""
    if not isinstance(game, BoardGame):
        raise GrundyError(f"{game!r}: the playground does not draw this position ({part!r})")
    return [Click(m.key, m.option, _gone(game, part, m.option), m.text)
            for m in game.labelled_moves(part)]


def click_of(game: Game, part: Any, option: Any) -> Click | None:
    """The click that plays ``option`` from ``part`` (None: none does)."""
    for c in clicks(game, part):
        if c.option == option:
            return c
    return None


# -- drawings -------------------------------------------------------------------------------


def drawing(game: Game, part: Any) -> dict[str, Any]:
    """What the page draws for ``part``: cells, a bar, a graph or a drawing, by key."""
    if isinstance(part, Board):
        free = [_cell(r, c) for r, c in part.cells()]
        if game.board != "graph":
            return {"kind": "cells", "rows": part.rows, "cols": part.cols, "free": free}
        vertices = [{"key": _cell(r, c), "x": c, "y": r, "label": ""} for r, c in part.cells()]
        edges = [{"key": f"{a}-{b}", "a": a, "b": b} for a, b in _board_edges(part)]
        return {"kind": "graph", "vertices": vertices, "edges": edges}
    if isinstance(part, Framed):
        where = part.base.layout()
        vertices = [{"key": str(v), "x": where[v][0], "y": where[v][1], "label": str(v)}
                    for v in range(part.base.n) if v not in part.gone]
        edges = [{"key": f"{u}-{v}", "a": str(u), "b": str(v)} for u, v in sorted(part.base.edges)
                 if u not in part.gone and v not in part.gone]
        return {"kind": "graph", "vertices": vertices, "edges": edges}
    if isinstance(part, Drawing):
        return _hackenbush(part)
    return {"kind": "bar", "heights": list(part)}


def _hackenbush(d: Drawing) -> dict[str, Any]:
    """A drawing as it stands on the ground (:meth:`Drawing.layout`), by key."""
    lay = d.layout()
    vertices = [{"key": str(v), "x": x, "y": y, "label": ""} for v, (x, y) in lay.vertices.items()]
    edges = [{"key": key, "take": f"{u}-{v}", "a": list(a), "b": list(b), "loop": u == v,
              "bend": bend} for (key, u, v), (a, b, bend) in zip(_hack_edges(d), lay.edges)]
    return {"kind": "drawing", "vertices": vertices, "edges": edges, "width": lay.width}
