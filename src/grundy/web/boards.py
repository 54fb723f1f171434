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

import math
from dataclasses import dataclass
from functools import lru_cache
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
        where = _layout(part.base)
        vertices = [{"key": str(v), "x": where[v][0], "y": where[v][1], "label": str(v)}
                    for v in range(part.base.n) if v not in part.gone]
        edges = [{"key": f"{u}-{v}", "a": str(u), "b": str(v)} for u, v in sorted(part.base.edges)
                 if u not in part.gone and v not in part.gone]
        return {"kind": "graph", "vertices": vertices, "edges": edges}
    if isinstance(part, Drawing):
        return _hackenbush(part)
    return {"kind": "bar", "heights": list(part)}


@lru_cache(maxsize=256)
def _layout(g: Graph) -> dict[int, tuple[float, float]]:
    """Where each vertex is drawn: paths on lines, a cycle or any other graph on a circle,
    a star around its centre, the Petersen graph as its two rings."""
    near = g.neighbours()
    comps = g.components()
    def ring(order: list[int], radius: float, turn: float = 0.0) -> dict[int, tuple[float, float]]:
        k = max(len(order), 1)
        return {v: (round(radius * math.sin(2 * math.pi * i / k + turn), 3),
                    round(-radius * math.cos(2 * math.pi * i / k + turn), 3))
                for i, v in enumerate(order)}
    if all(len(c) == 1 or (max(len(near[v]) for v in c) <= 2
                           and sum(len(near[v]) for v in c) == 2 * (len(c) - 1)) for c in comps):
        where = {}
        for row, c in enumerate(comps):  # each path on its own line, from an end
            start = min((v for v in c if len(near[v]) <= 1), default=c[0])
            order, prev = [start], -1
            while len(order) < len(c):
                nxt = min(u for u in near[order[-1]] if u != prev)
                prev = order[-1]
                order.append(nxt)
            where.update({v: (float(i), float(row)) for i, v in enumerate(order)})
        return where
    if len(comps) == 1 and all(len(near[v]) == 2 for v in range(g.n)):  # a cycle, in order
        order, prev = [0], -1
        while len(order) < g.n:
            nxt = min(u for u in near[order[-1]] if u != prev)
            prev = order[-1]
            order.append(nxt)
        return ring(order, 3.0)
    if g == Graph.parse("petersen"):
        return {**ring(list(range(5)), 3.0), **ring(list(range(5, 10)), 1.5)}
    centre = [v for v in range(g.n) if len(near[v]) == g.n - 1 == len(g.edges)]
    if g.n > 2 and centre:
        rest = [v for v in range(g.n) if v != centre[0]]
        return {centre[0]: (0.0, 0.0), **ring(rest, 3.0)}
    return ring(list(range(g.n)), 3.0)


def _hackenbush(d: Drawing) -> dict[str, Any]:
    """A drawing as a tree grown from the ground (vertex 0, the line y = 0): each vertex at
    its depth, the leaves of its search tree side by side, loops and cycles as they come."""
    near: dict[int, list[int]] = {}
    for u, v in d.edges:
        if u != v:
            near.setdefault(u, []).append(v)
            near.setdefault(v, []).append(u)
    children: dict[int, list[int]] = {}
    depth, order = {0: 0}, [0]
    for v in order:
        for u in sorted(set(near.get(v, []))):
            if u not in depth:
                depth[u] = depth[v] + 1
                children.setdefault(v, []).append(u)
                order.append(u)
    x: dict[int, float] = {}
    slot = 0.0
    def place(v: int) -> None:
        nonlocal slot
        kids = children.get(v, [])
        for k in kids:
            place(k)
        if kids:
            x[v] = (x[kids[0]] + x[kids[-1]]) / 2
        else:
            x[v] = slot
            slot += 1.0
    for top in children.get(0, []):
        place(top)
    vertices = [{"key": str(v), "x": x[v], "y": float(depth[v]), "label": ""}
                for v in order[1:]]
    copies: dict[tuple[int, int], int] = {}
    for u, v in d.edges:
        copies[(u, v)] = copies.get((u, v), 0) + 1
    edges = []
    for key, u, v in _hack_edges(d):
        k, m = int(key.split("#")[1]), copies[(u, v)]
        if u == 0 == v:  # a loop on the ground: a place of its own
            ends = [[slot, 0.0], [slot, 0.0]]
            slot += 1.0
        else:
            a = [x[v], 0.0] if u == 0 else [x[u], float(depth[u])]
            ends = [a, [x[v], float(depth[v])]]
        edges.append({"key": key, "take": f"{u}-{v}", "a": ends[0], "b": ends[1],
                      "loop": u == v, "bend": round((k - (m - 1) / 2) * 0.5, 3)})
    return {"kind": "drawing", "vertices": vertices, "edges": edges, "width": max(slot, 1.0)}
