"""Node Kayles and Arc Kayles on any graph.

In **Node Kayles** a move takes a vertex together with its neighbours; in **Arc Kayles**
a move takes an edge together with both its ends (and so every edge touching them).  On
a path they are Dawson's Chess (octal 0.137) and Dawson's Kayles (0.07, shifted by one:
a path of n vertices has n - 1 edges); Arc Kayles on the grid graph of a board's free
cells is Cram.

A position is a :class:`Graph`: vertices ``0..n-1`` and edges, read from a family name
(``path:5``, ``cycle:6``, ``grid:3x4``, ``complete:4``, ``bipartite:2,3``, ``star:5``,
``petersen``) or an edge list (``0-1,1-2,2-0``; a lone vertex as ``7``, so ``0,1,2`` is
three vertices and no edge; the graph with no vertex is ``empty``; over several lines, an
edge-list file's ``U V`` a line: see :mod:`grundy.rules.edges`); the vertices are ``0``
to the largest number written.  Any object with ``nodes`` and ``edges`` (a networkx
graph) converts with :meth:`Graph.of`.  A move's option is the sum of the components
left, each relabelled ``0..k-1`` in the order of its vertices, so equal labelled pieces
meet in the memo (``empty`` when none is left); the pieces remember the move, which
:meth:`NodeKayles.describe_move` names in the graph's own numbering (``take vertex
3``).  When the compiled search is
built (:mod:`grundy.native._cram`), a graph is valued there instead, as the mask of its
vertices left (see :func:`compiled_value`).  On a board (``3x12``,
``'..|.#'``, or ``grid:3x12``) an option is the board with the move's cells taken, and
values come by pieces as in :mod:`grundy.rules.cram` (the compiled board search when it
is built).

>>> node, arc = NodeKayles(), ArcKayles()
>>> [node.value(Graph.parse(f"path:{n}")) for n in range(1, 10)]
[1, 1, 2, 0, 3, 1, 1, 0, 3]
>>> [arc.value(Graph.parse(f"path:{n}")) for n in range(1, 10)]
[0, 1, 1, 2, 0, 3, 1, 1, 0]
>>> node.value(Graph.parse("petersen")), arc.value(Graph.parse("cycle:5"))
(1, 0)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from collections.abc import Callable
from typing import Any

from ..engine import Game, Sum, value
from ..errors import GrundyError
from .boards import BoardGame, LabelledMove, Search
from .cells import Board
from .cram import (compiled_options_of_value, domino_moves, kernel, native_rule, taken_cells,
                   value_by_pieces)
from .edges import read_edges
from .pictures import MAX_PICTURE_ITEMS, Picture, net_picture
from .twins import OverBudget, TwinSearch

__all__ = ["ArcKayles", "Framed", "FramedGraphs", "Graph", "MAX_VERTICES", "NodeKayles",
           "compiled_value", "grid_graph_picture"]

#: the most vertices of a graph position (searches past this do not end in seconds)
MAX_VERTICES = 128


@dataclass(frozen=True, slots=True)
class Graph:
    """A simple graph on vertices ``0..n-1`` (no loops, no repeated edges).

    ``move`` is not part of the position (equality and hashing ignore it): on the pieces of
    an option, the move that left them, in the numbering of the graph moved in (the
    vertex ``(v,)`` taken in Node Kayles, the edge ``(u, v)`` in Arc Kayles), so that
    :meth:`NodeKayles.describe_move` can name it though the pieces are numbered afresh.
    """

    n: int
    edges: frozenset[tuple[int, int]]
    move: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def make(cls, n: int, edges: Any) -> Graph:
        """A graph from a vertex count and pairs; a loop or a repeated edge is an error.

        >>> Graph.make(3, [(0, 1), (1, 0)])
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: the edge 1-0 is given twice (a graph here has no repeated edges)
        """
        if n > MAX_VERTICES:
            raise GrundyError(f"a graph of {n} vertices is past the limit of the graph games "
                              f"({MAX_VERTICES} vertices)")
        seen: set[tuple[int, int]] = set()
        for u, v in edges:
            if u == v:
                raise GrundyError(f"the edge {u}-{v} is a loop (a graph here has none)")
            if not (0 <= u < n and 0 <= v < n):
                raise GrundyError(f"the edge {u}-{v} has an end outside vertices 0..{n - 1}")
            key = (min(u, v), max(u, v))
            if key in seen:
                raise GrundyError(f"the edge {u}-{v} is given twice (a graph here has no "
                                  "repeated edges)")
            seen.add(key)
        return cls(n, frozenset(seen))

    @classmethod
    def of(cls, graph: Any) -> Graph:
        """A graph from any object with ``nodes`` and ``edges`` (a networkx graph), its
        vertices numbered in the order ``nodes`` lists them."""
        try:
            nodes = list(graph.nodes)
            index = {node: i for i, node in enumerate(nodes)}
            pairs = [(index[u], index[v]) for u, v, *_ in graph.edges]
        except (AttributeError, TypeError, KeyError, ValueError):
            raise GrundyError(f"cannot read a graph from {graph!r}: it needs nodes and edges "
                              "(a networkx graph, say)") from None
        return cls.make(len(nodes), pairs)

    @classmethod
    def parse(cls, text: str) -> Graph:
        """A named family or an edge list (see the module docstring).

        >>> Graph.parse("grid:2x3").edges == Graph.parse("0-1,1-2,3-4,4-5,0-3,1-4,2-5").edges
        True
        """
        word = text.strip().lower()
        if word == "empty":  # as text() writes a graph with no vertex left
            return cls(0, frozenset())
        name, _, arg = word.partition(":")
        families: dict[str, Callable[..., tuple[int, list[tuple[int, int]]]]] = {
            "path": _path, "cycle": _cycle, "complete": _complete, "star": _star,
            "grid": _grid, "bipartite": _bipartite}
        if name == "petersen" and not arg:
            outer = [(i, (i + 1) % 5) for i in range(5)]
            inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
            return cls.make(10, outer + inner + [(i, i + 5) for i in range(5)])
        if name in families:
            numbers = arg.replace("x", ",").split(",")
            if not arg or not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in numbers):
                raise GrundyError(f"cannot read the graph {text.strip()!r}: write {name}:N"
                                  + (" (grid:RxC, bipartite:A,B)" if name in ("grid", "bipartite")
                                     else ""))
            n, edges = families[name](*map(int, numbers))
            return cls.make(n, edges)
        return _edge_list(text)

    # -- what a graph is -------------------------------------------------------
    def neighbours(self) -> list[set[int]]:
        """The neighbours of each vertex."""
        found: list[set[int]] = [set() for _ in range(self.n)]
        for u, v in self.edges:
            found[u].add(v)
            found[v].add(u)
        return found

    def adjacency(self) -> list[int]:
        """The neighbours of each vertex as a mask (bit ``u`` for vertex ``u``).

        >>> Graph.parse("path:3").adjacency()
        [2, 5, 2]
        """
        masks = [0] * self.n
        for u, v in self.edges:
            masks[u] |= 1 << v
            masks[v] |= 1 << u
        return masks

    def components(self, gone: frozenset[int] | set[int] = frozenset()) -> list[list[int]]:
        """The vertices of each component left once the vertices ``gone`` are taken, each
        sorted, in the order of their least vertex.

        >>> Graph.parse("0-1,2-3,3-4").components({3})
        [[0, 1], [2], [4]]
        """
        near = _neighbours(self)
        found, placed = [], set(gone)
        for start in range(self.n):
            if start in placed:
                continue
            component, todo = [], [start]
            placed.add(start)
            while todo:
                v = todo.pop()
                component.append(v)
                for u in near[v]:
                    if u not in placed:
                        placed.add(u)
                        todo.append(u)
            found.append(sorted(component))
        return found

    def without(self, gone: set[int], move: tuple[int, ...] = ()) -> list[Graph]:
        """The components left once the vertices ``gone`` are taken, each relabelled
        (``move``: the move that took them, kept on each piece)."""
        components = self.components(gone)
        where = {v: (i, label) for i, component in enumerate(components)
                 for label, v in enumerate(component)}
        edges: list[list[tuple[int, int]]] = [[] for _ in components]
        for u, v in self.edges:
            a, b = where.get(u), where.get(v)
            if a is not None and b is not None:  # one component: labels keep the order
                edges[a[0]].append((a[1], b[1]))
        return [Graph(len(component), frozenset(pairs), move)
                for component, pairs in zip(components, edges)]

    def text(self) -> str:
        """The graph as an edge list :meth:`parse` reads back: lone vertices by number, the
        graph with no vertex as ``empty``.

        >>> [Graph.parse(t).text() for t in ("path:3", "bipartite:0,2", "path:1", "path:0")]
        ['0-1,1-2', '0,1', '0', 'empty']
        """
        return _text(self)

    # -- pictures ----------------------------------------------------------------------
    def layout(self) -> dict[int, tuple[float, float]]:
        """Where each vertex is drawn, in units of one edge: paths on lines, a cycle or
        any other graph on a circle, a star around its centre, the Petersen graph as its
        two rings (the playground and :meth:`picture` draw it so).

        >>> Graph.parse("path:3").layout()
        {0: (0.0, 0.0), 1: (1.0, 0.0), 2: (2.0, 0.0)}
        """
        return dict(_layout(self))

    def picture(self) -> Picture | None:
        """The graph as a picture, its vertices numbered (None past
        :data:`~grundy.rules.pictures.MAX_PICTURE_ITEMS` vertices and edges).

        >>> p = Graph.parse("cycle:5").picture()
        >>> p.svg.count("<circle"), p.svg.count("<line")
        (5, 5)
        """
        if self.n + len(self.edges) > MAX_PICTURE_ITEMS:
            return None
        where = {str(v): xy for v, xy in sorted(_layout(self).items())}
        edges = [(str(u), str(v)) for u, v in sorted(self.edges)]
        return net_picture(where, edges, True, f"graph {self.text()}")

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (:meth:`picture`; None: the text instead)."""
        found = self.picture()
        return found.svg if found is not None else None


@lru_cache(maxsize=64)
def _neighbours(g: Graph) -> tuple[frozenset[int], ...]:
    """:meth:`Graph.neighbours`, kept for the last graphs searched (a graph's options
    each ask it)."""
    return tuple(map(frozenset, g.neighbours()))


@lru_cache(maxsize=64)
def _text(g: Graph) -> str:
    """:meth:`Graph.text`, kept for the last graphs written: the winning moves of
    ``complete:63`` write the graph and its 1953 options, all one graph, 1953 times each."""
    touched = {v for edge in g.edges for v in edge}
    words = [f"{u}-{v}" for u, v in sorted(g.edges)]
    words += [str(v) for v in range(g.n) if v not in touched]
    return ",".join(words) if words else "empty"


@lru_cache(maxsize=256)
def _layout(g: Graph) -> dict[int, tuple[float, float]]:
    """:meth:`Graph.layout`, computed once for each graph (the playground asks it at each
    move)."""
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


def grid_graph_picture(board: Board) -> Picture:
    """The grid graph of a board's free cells (Node or Arc Kayles played on a board): a
    vertex a free cell, in its place, an edge between two free cells side by side.

    >>> p = grid_graph_picture(Board.parse("..|.#"))
    >>> p.svg.count("<circle"), p.svg.count("<line")
    (3, 2)
    """
    cells = board.cells()
    free = set(cells)
    where = {f"{r},{c}": (float(c), float(r)) for r, c in cells}
    edges = [(f"{r},{c}", f"{r + dr},{c + dc}") for r, c in cells for dr, dc in ((0, 1), (1, 0))
             if (r + dr, c + dc) in free]
    return net_picture(where, edges, False, f"the grid graph of board {board.text()}")


def _path(n: int) -> tuple[int, list[tuple[int, int]]]:
    return n, [(i, i + 1) for i in range(n - 1)]


def _cycle(n: int) -> tuple[int, list[tuple[int, int]]]:
    if n < 3:
        raise GrundyError(f"a cycle has at least 3 vertices, got cycle:{n}")
    return n, [(i, (i + 1) % n) for i in range(n)]


def _complete(n: int) -> tuple[int, list[tuple[int, int]]]:
    return n, [(i, j) for i in range(n) for j in range(i + 1, n)]


def _star(n: int) -> tuple[int, list[tuple[int, int]]]:
    return n + 1, [(0, i) for i in range(1, n + 1)]


def _grid(rows: int, cols: int = 0) -> tuple[int, list[tuple[int, int]]]:
    if cols == 0:
        raise GrundyError("write a grid as grid:RxC, such as grid:3x4")
    if rows * cols > MAX_VERTICES:
        raise GrundyError(f"a graph of {rows * cols} vertices is past the limit of the graph "
                          f"games ({MAX_VERTICES} vertices)")
    edges = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    edges += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return rows * cols, edges


def _bipartite(a: int, b: int = -1) -> tuple[int, list[tuple[int, int]]]:
    if b < 0:
        raise GrundyError("write a complete bipartite graph as bipartite:A,B, such as "
                          "bipartite:2,3")
    return a + b, [(i, a + j) for i in range(a) for j in range(b)]


def _edge_list(text: str) -> Graph:
    try:
        pairs, lone = read_edges(text, lone=True)
    except GrundyError as exc:
        raise GrundyError(f"cannot read a graph: {exc} (or name a family: path:5, cycle:6, "
                          "grid:3x4, complete:4, bipartite:2,3, star:5, petersen)") from None
    if not pairs and not lone:
        raise GrundyError(f"cannot read a graph from {text.strip()!r}: it names no vertex")
    n = max([v for pair in pairs for v in pair] + lone) + 1
    return Graph.make(n, pairs)


def compiled_value(position: Any, search: Search) -> int | None:
    """The value of a graph, a board, or a sum of them, by the compiled search: Arc Kayles
    (:attr:`Search.CRAM`: Cram on a board) or Node Kayles; None without the compiled search
    (``GRUNDY_PURE=1``, or not built) or for other positions."""
    found = kernel()
    if found is None:
        return None
    parts = position.parts if isinstance(position, Sum) else (position,)
    total, rule = 0, native_rule(search)
    for part in parts:
        if isinstance(part, Graph):
            total ^= _graph_value(found, part, rule)
        elif isinstance(part, Board):
            if part.mask:
                total ^= int(found.value(part.rows, part.cols, part.mask, rule))
        else:
            return None
    return total


def _twins(found: Any, part: Graph, rule: int) -> TwinSearch:
    """The twin search of a graph (:mod:`grundy.rules.twins`), the compiled search valuing
    what does not fold."""
    adjacency = part.adjacency()
    return TwinSearch(adjacency, rule == 1,
                      lambda mask: int(found.graph_value(adjacency, mask, rule)))


def _graph_value(found: Any, part: Graph, rule: int) -> int:
    """A graph's value by the compiled search, one move per kind of twin where the graph's
    moves fold (``complete:64``: one move a level, where the plain search tries them all)."""
    everything = (1 << part.n) - 1
    search = _twins(found, part, rule)
    if search.folds(everything):
        try:
            return search.value(everything)
        except OverBudget:  # folds too little: the compiled search alone is faster
            pass
    return int(found.graph_value(search.adjacency, everything, rule))


def _option(parts: list[Graph], move: tuple[int, ...]) -> Any:
    """The option a move leaves: its one piece, the sum of its pieces, or the graph with no
    vertex (``empty``, as :meth:`Graph.text` writes it and :meth:`Graph.parse` reads it),
    which keeps ``move`` too."""
    if not parts:
        return Graph(0, frozenset(), move)
    return parts[0] if len(parts) == 1 else Sum(*parts)


#: a word that is only lone vertices, ``0`` or ``0,1,2`` (a graph with no edge)
_LONE = re.compile(r"\d+(?:\s*,\s*\d+)*")


class _OnGraphs(BoardGame):
    """What the two games share: positions are graphs, or boards (their grid graphs)."""

    board = "graph"

    def taken(self, graph: Graph, gone: frozenset[int] = frozenset()
              ) -> list[tuple[tuple[int, ...], frozenset[int]]]:  # pragma: no cover - abstract
        """Each move of ``graph`` once the vertices ``gone`` are taken, in ``options()``
        order: the vertex or edge taken (``(3,)``, ``(1, 2)``) and every vertex it takes."""
        raise NotImplementedError(f"{type(self).__name__} must define taken(graph, gone)")

    def options(self, position: Graph | Board) -> list[Any]:
        if isinstance(position, Board):
            return [position.without(t) for t in taken_cells(position, self._on_boards)]
        return [_option([p for p in position.without(set(t), move) if self._kept(p)], move)
                for move, t in self.taken(position)]

    @staticmethod
    def _kept(piece: Graph) -> bool:  # pragma: no cover - abstract
        """Whether a piece left by a move still has a move (and so is kept)."""
        raise NotImplementedError

    def labelled_moves(self, part: Graph | Board) -> list[LabelledMove]:
        """Each move named by the vertex (``3``) or edge (``1-2``) it takes; on a board by
        its cells (``0,1``, ``0,0-0,1``).

        >>> g = NodeKayles()
        >>> [(m.key, m.text) for m in g.labelled_moves(g.parse_position("0-1,1-2"))][:2]
        [('0', 'take vertex 0'), ('1', 'take vertex 1')]
        >>> [m.key for m in ArcKayles().labelled_moves(Board.full(1, 3))]
        ['0,0-0,1', '0,1-0,2']
        """
        if isinstance(part, Board):
            if self._on_boards is Search.CRAM:
                return domino_moves(part, edges=True)
            return [LabelledMove(f"{r},{c}", option, f"take vertex {r},{c}")
                    for (r, c), option in zip(part.cells(), self.options(part))]
        return [LabelledMove(_key(move), option, _taking(move))
                for (move, _), option in zip(self.taken(part), self.options(part))]

    @property
    def _on_boards(self) -> Search:
        """The game on a board's grid graph (Cram for Arc Kayles)."""
        return self.search or Search.CRAM

    def is_empty(self, part: Any) -> bool:
        """A graph with no vertex is nothing: a sum drops it."""
        return bool(part == Graph.parse("empty"))

    def in_frame(self) -> Game:
        """The game with its graphs played in their frame (:class:`FramedGraphs`)."""
        return FramedGraphs(self)

    def fast_value(self, position: Any) -> int | None:
        """Graphs and boards (and their sums) by the compiled search when it is built (a
        board in Arc Kayles is Cram); else boards by pieces, and graphs by the engine."""
        found = compiled_value(position, self._on_boards)
        if found is None and isinstance(position, Graph) and kernel() is None:
            found = self._twin_value(position)
        return found if found is not None else value_by_pieces(self, position, self._on_boards)

    def _twin_value(self, graph: Graph) -> int | None:
        """Without the compiled search: a graph whose moves fold, searched one move per
        kind of twin (:mod:`grundy.rules.twins`), its other pieces by the engine; else None."""
        everything = (1 << graph.n) - 1

        def piece(mask: int) -> int:
            gone = {v for v in range(graph.n) if not mask >> v & 1}
            return sum(value(self, p) for p in graph.without(gone))  # one piece

        search = TwinSearch(graph.adjacency(), self.search is Search.NODE_KAYLES, piece)
        try:
            return search.value(everything) if search.folds(everything) else None
        except OverBudget:
            return None

    def parse_position(self, text: str) -> Graph | Board:
        """A graph (``path:5``, ``0-1,1-2``, lone vertices ``0,1,2``, ``empty``) or a board
        (``3x4``, ``'..|.#'``); a grid graph (``grid:3x4``) is read as its board, for the
        compiled search.  Text over several lines (a file's) is an edge list if it has
        numbers, else a board's rows.  Every position the game writes reads back.

        >>> g = NodeKayles()
        >>> [g.format_position(g.parse_position(t)) for t in ("0", "0,1", "0-1,3", "3x4")]
        ['0', '0,1', '0-1,2,3', '3x4']
        """
        word = text.strip().lower()
        if not word:
            raise GrundyError("the position is empty text: write a graph (path:5, 0-1,1-2, "
                              "empty) or a board (3x4, '..|.#')")
        if word.startswith("grid:"):
            return Board.parse(word[5:])
        if "\n" in text:  # a file: an edge list (numbers), else the rows of a board
            return (Graph.parse(text) if any(ch.isdigit() for ch in word)
                    else Board.parse(text))
        if (":" in word or "-" in word or word in ("petersen", "empty")
                or _LONE.fullmatch(word)):
            return Graph.parse(text)
        return Board.parse(text)

    def format_position(self, position: Any) -> str:
        if isinstance(position, (Graph, Board)):
            return position.text()
        return super().format_position(position)

    def picture(self, part: Any) -> Picture | None:
        """A graph as its vertices and edges (:meth:`Graph.picture`), a board as its grid
        graph (a vertex a free cell), a sum as None.

        >>> NodeKayles().picture(Board.parse("2x2")).svg.count("<circle")
        4
        """
        if isinstance(part, Graph):
            return part.picture()
        if isinstance(part, Board):
            return grid_graph_picture(part)
        return None

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The options of value ``target``, each found by the compiled search's question "is
        your value ``target``?" when it is built (on a graph, asked of the vertices left in
        the graph itself, so that its options share the search's table).

        >>> g, path = NodeKayles(), Graph.parse("path:5")
        >>> [g.describe_move(path, o) for o in g.options_of_value(path, 2)]
        ['take vertex 0', 'take vertex 4']
        """
        found = compiled_options_of_value(part, target, self._on_boards)
        if found is not None:
            return found
        search = kernel()
        if search is None or not isinstance(part, Graph):
            return super().options_of_value(part, target)
        near, everything = part.adjacency(), (1 << part.n) - 1
        rule = native_rule(self.search or Search.CRAM)
        try:
            folded = _twins(search, part, rule).move_values(everything)
        except OverBudget:
            folded = None
        if folded is not None:  # one search per kind of move (its options share a value)
            return [option for option, v in zip(self.options(part), folded) if v == target]
        if rule == 1:
            taken = [(1 << v) | near[v] for v in range(part.n)]
        else:
            taken = [(1 << u) | (1 << v) for u, v in sorted(part.edges)]
        return [option for option, gone in zip(self.options(part), taken)
                if search.graph_has_value(near, everything & ~gone, rule, target)]

    def describe_move(self, part: Any, option: Any) -> str | None:
        """The vertex (Node Kayles) or edge (Arc Kayles) a move from a graph takes, in the
        graph's own numbering (its pieces left are numbered afresh); None on a board, whose
        option shows the cells taken in place.

        >>> g = NodeKayles()
        >>> path = g.parse_position("path:5")
        >>> [g.describe_move(path, o) for o in g.options(path)][:2]
        ['take vertex 0', 'take vertex 1']
        """
        if not isinstance(part, Graph):
            return None
        pieces = option.parts if isinstance(option, Sum) else (option,)
        moves = {p.move for p in pieces if isinstance(p, Graph)}
        if len(moves) != 1 or len(pieces) != sum(isinstance(p, Graph) for p in pieces):
            return None
        move = moves.pop()
        return _taking(move) if len(move) in (1, 2) else None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class NodeKayles(_OnGraphs):
    """Take a vertex and its neighbours."""

    search = Search.NODE_KAYLES

    @staticmethod
    def _kept(piece: Graph) -> bool:
        return piece.n > 0

    def taken(self, graph: Graph, gone: frozenset[int] = frozenset()
              ) -> list[tuple[tuple[int, ...], frozenset[int]]]:
        near = graph.neighbours()
        return [((v,), frozenset({v} | (near[v] - gone))) for v in range(graph.n)
                if v not in gone]

    @property
    def notation(self) -> str:
        return "node-kayles"


class ArcKayles(_OnGraphs):
    """Take an edge and both its ends (on a board: Cram)."""

    search = Search.CRAM

    @staticmethod
    def _kept(piece: Graph) -> bool:
        return bool(piece.edges)

    def taken(self, graph: Graph, gone: frozenset[int] = frozenset()
              ) -> list[tuple[tuple[int, ...], frozenset[int]]]:
        return [((u, v), frozenset({u, v})) for u, v in sorted(graph.edges)
                if u not in gone and v not in gone]

    @property
    def notation(self) -> str:
        return "arc-kayles"


def _key(move: tuple[int, ...]) -> str:
    """The key of a vertex (``3``) or an edge (``1-2``) taken."""
    return "-".join(map(str, move))


def _taking(move: tuple[int, ...]) -> str:
    """A vertex or an edge taken, in words: ``take vertex 3``, ``take edge 1-2``."""
    return f"take {'vertex' if len(move) == 1 else 'edge'} {_key(move)}"


# -- graphs in their frame ------------------------------------------------------------------


@dataclass(frozen=True)
class Framed:
    """A graph with some vertices taken, kept in the graph's own numbering: ``name`` is the
    graph as written (``path:5``), ``gone`` the vertices taken."""

    name: str
    base: Graph
    gone: frozenset[int] = frozenset()

    def left(self) -> list[Graph]:
        """The components still in play, numbered as the game numbers them."""
        return self.base.without(set(self.gone))

    def text(self) -> str:
        """``path:5``, or ``path:5 without 0,1``."""
        if not self.gone:
            return self.name
        return f"{self.name} without {','.join(map(str, sorted(self.gone)))}"


class FramedGraphs(BoardGame):
    """Node or Arc Kayles with graphs played in their frame: the vertices taken are kept out,
    never renumbered (the game's own options relabel what is left), so each vertex stays
    in one place on a drawing; a value is the game's own.

    >>> node = NodeKayles().in_frame()
    >>> path = node.parse_position("path:4")
    >>> [(m.key, node.format_position(m.option)) for m in node.labelled_moves(path)][:2]
    [('0', 'path:4 without 0,1'), ('1', 'path:4 without 0,1,2')]
    >>> node.value(path), NodeKayles().value(NodeKayles().parse_position("path:4"))
    (0, 0)
    """

    board = "graph"

    def __init__(self, game: _OnGraphs) -> None:
        self.game = game
        self.search = game.search

    def __repr__(self) -> str:
        return repr(self.game)

    def options(self, position: Any) -> list[Any]:
        if isinstance(position, Framed):
            return [Framed(position.name, position.base, position.gone | taken)
                    for _, taken in self.game.taken(position.base, position.gone)]
        return list(self.game.options(position))

    def labelled_moves(self, part: Any) -> list[LabelledMove]:
        if not isinstance(part, Framed):
            return self.game.labelled_moves(part)
        return [LabelledMove(_key(move), option, _taking(move)) for (move, _), option
                in zip(self.game.taken(part.base, part.gone), self.options(part))]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Framed):
            return value(self.game, Sum(*position.left()))
        return value(self.game, position)

    def check_listable(self, part: Any) -> None:
        if not isinstance(part, Framed):
            self.game.check_listable(part)

    def is_empty(self, part: Any) -> bool:
        return self.game.is_empty(part)

    def in_frame(self) -> Game:
        return self

    def parse_position(self, text: str) -> Any:
        """The game's own text, or a graph in its frame: ``cycle:6 without 0,1``."""
        word = text.strip().lower()
        name, _, gone = word.partition(" without ")
        found = self.game.parse_position(name)
        if not isinstance(found, Graph):
            if gone:
                raise GrundyError(f"cannot read {text.strip()!r}: only a graph takes "
                                  "'without' (a board is written with # for the cells taken)")
            return found
        taken: set[int] = set()
        for piece in gone.split(",") if gone else ():
            if not (piece.strip().isdigit() and int(piece) < found.n):
                raise GrundyError(f"cannot read {text.strip()!r}: after 'without' come the "
                                  f"vertices taken, numbers from 0 to {found.n - 1}")
            taken.add(int(piece))
        return Framed(name.strip(), found, frozenset(taken))

    def format_position(self, position: Any) -> str:
        if isinstance(position, Framed):
            return position.text()
        return self.game.format_position(position)

    @property
    def notation(self) -> str:
        return self.game.notation
