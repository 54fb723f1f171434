"""Geography: a token moves along an edge of a directed graph and may not come back.

In **Vertex Geography** the token moves to a vertex it has not visited yet (its start is
visited); in **Edge Geography** along an edge not used yet, which is then gone.  A
position is the graph's state and the token (:class:`Trail`); the player who cannot move
loses.  Sources: A. S. Fraenkel and S. Simonson, Geography (1993); T. J. Schaefer (1978)
proved deciding it PSPACE-complete; Winning Ways mentions it.  So only small state spaces
are searched: at most :data:`MAX_GEOGRAPHY` vertices or edges, and
:data:`GEOGRAPHY_POSITIONS` positions reached; past either the game says so.

The words of a position are those of :mod:`grundy.rules.digraph`: the graph, then one
token a word (``grundy analyze vertex-geography '0>1,1>2,2>0,1>3' 0``).

>>> vg, eg = VertexGeography(), EdgeGeography()
>>> start = vg.parse_words(["0>1,1>2,2>0,1>3", "0"])
>>> vg.value(start[0]), eg.value(eg.parse_words(["0>1,1>0", "0"])[0])
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import GrundyError, shorten
from .digraph import GameGraph, OnGraph, read_graph

__all__ = ["GEOGRAPHY_POSITIONS", "MAX_GEOGRAPHY", "EdgeGeography", "Trail", "VertexGeography"]

#: the most vertices (Vertex Geography) or edges (Edge Geography) of a Geography graph
MAX_GEOGRAPHY = 64
#: the most positions a Geography search reaches (16 us a position under load: about 5 s)
GEOGRAPHY_POSITIONS = 3 * 10**5


@dataclass(frozen=True)
class Trail:
    """A Geography position: the token on ``vertex`` of ``graph``, ``used`` the mask of the
    vertices visited (Vertex Geography) or of the edges used (Edge Geography, edges
    numbered in the order given)."""

    graph: GameGraph = field(repr=False)
    vertex: int
    used: int


class _Geography(OnGraph):
    """A token that may not come back: the state space is searched (small graphs only)."""

    #: a position to try (``grundy analyze vertex-geography '0>1,1>2,2>0,1>3 0'``)
    example: tuple[str, ...] = ("0>1,1>2,2>0,1>3 0",)

    #: what a move uses up: "vertices" or "edges"
    uses = "vertices"

    def parse_words(self, words: Sequence[str]) -> list[Trail]:
        """The graph, then one token a word: its start ``V``, or ``V:U,U,...`` with the
        vertices visited (Vertex Geography) or the edges used, numbered from 0 in the order
        given (Edge Geography), as :meth:`position_text` writes a position played.

        >>> g = EdgeGeography()
        >>> [g.position_text(t) for t in g.parse_words(["0>1,1>0", "0", "1:0"])]
        ['0>1,1>0 0:', '0>1,1>0 1:0']
        """
        graph, rest = read_graph(words, self.label)
        size = graph.n if self.uses == "vertices" else graph.m
        if size > MAX_GEOGRAPHY:
            raise GrundyError(f"{self.label}: a graph of {size} {self.uses} is past the limit "
                              f"of Geography ({MAX_GEOGRAPHY} {self.uses}; deciding Geography "
                              "is PSPACE-complete, so only small graphs are searched)")
        trails = []
        for i, word in enumerate(rest, start=1):
            at, colon, used = word.partition(":")
            try:
                v = graph.parse_position(at)
                if not colon:
                    trails.append(self.start(graph, v))
                    continue
                mask = 0
                for item in filter(None, used.split(",")):
                    if not (item.isascii() and item.isdigit()) or int(item) >= size:
                        raise GrundyError(f"{shorten(item, 20)!r} is not one of the {size} "
                                          f"{self.uses} (0..{size - 1})")
                    mask |= 1 << int(item)
                if self.uses == "vertices" and not mask >> v & 1:
                    raise GrundyError(f"the token's vertex {v} is not among those visited")
                trails.append(Trail(graph, v, mask))
            except GrundyError as exc:
                raise GrundyError(f"token {i}: {exc}") from None
        return trails

    def position_text(self, position: Trail) -> str:
        """The position as one text :meth:`parse_position` reads back: the graph, then
        ``V:U,U,...`` (the token and what is used)."""
        size = position.graph.n if self.uses == "vertices" else position.graph.m
        used = ",".join(str(i) for i in range(size) if position.used >> i & 1)
        return f"{position.graph.text()} {position.vertex}:{used}"

    def start(self, graph: GameGraph, vertex: int) -> Trail:
        """The token on ``vertex``, nothing used yet but the start (Vertex Geography)."""
        return Trail(graph, vertex, 1 << vertex if self.uses == "vertices" else 0)

    def moves(self, trail: Trail) -> list[tuple[int, int]]:
        """``(vertex, used)`` after each move, in the order the edges were given."""
        g, v, used = trail.graph, trail.vertex, trail.used
        a, b = int(g.start[v]), int(g.start[v + 1])
        heads = g.succ[a:b].tolist()
        if self.uses == "vertices":
            return [(w, used | 1 << w) for w in heads if not used >> w & 1]
        ids = g.edge_of[a:b].tolist()
        return [(w, used | 1 << e) for w, e in zip(heads, ids) if not used >> e & 1]

    def options(self, position: Trail) -> list[Trail]:
        return [Trail(position.graph, w, u) for w, u in self.moves(position)]

    def fast_value(self, position: Any) -> int | None:
        """The value by a search of the positions reached (at most
        :data:`GEOGRAPHY_POSITIONS`), kept for every position met."""
        if not isinstance(position, Trail):
            return None
        memo: dict[tuple[GameGraph, int, int], int] = self.memo("geography")
        key = (position.graph, position.vertex, position.used)
        if key not in memo:
            _search(self, position, memo)
        return memo[key]

    def describe_move(self, part: Any, option: Any) -> str | None:
        if isinstance(part, Trail) and isinstance(option, Trail):
            return f"{part.vertex} -> {option.vertex}"
        return None

    def format_position(self, position: Any) -> str:
        if isinstance(position, Trail):
            g = position.graph
            done = [str(i) for i in range(g.n if self.uses == "vertices" else g.m)
                    if position.used >> i & 1]
            return f"{position.vertex} ({self.uses} used: {','.join(done) or 'none'})"
        return super().format_position(position)


def _search(game: _Geography, root: Trail, memo: dict[tuple[GameGraph, int, int], int]) -> None:
    """Value every position reachable from ``root`` (a depth-first search, iterative)."""
    g = root.graph
    gid = g
    moves: Callable[[Trail], list[tuple[int, int]]] = game.moves
    stack = [(root.vertex, root.used)]
    pending: dict[tuple[int, int], list[tuple[int, int]]] = {}
    met = 0
    while stack:
        v, used = stack[-1]
        if (gid, v, used) in memo:
            stack.pop()
            continue
        todo = pending.get((v, used))
        if todo is None:
            met += 1
            if met > GEOGRAPHY_POSITIONS:
                raise GrundyError(f"{game.label}: more than {GEOGRAPHY_POSITIONS} positions are "
                                  "reachable from this start: past the limit of the search "
                                  "(deciding Geography is PSPACE-complete; try a smaller graph)")
            todo = pending[(v, used)] = moves(Trail(g, v, used))
        missing = [o for o in todo if (gid, *o) not in memo]
        if missing:
            stack.extend(missing)
            continue
        seen = {memo[(gid, *o)] for o in todo}
        m = 0
        while m in seen:
            m += 1
        memo[(gid, v, used)] = m
        del pending[(v, used)]
        stack.pop()


class VertexGeography(_Geography):
    """Move the token along an edge to a vertex not visited yet (the start is visited)."""

    uses = "vertices"

    @property
    def notation(self) -> str:
        return "vertex-geography"


class EdgeGeography(_Geography):
    """Move the token along an edge not used yet; the edge is then gone."""

    uses = "edges"
    example = ("0>1,1>2,2>0,1>3,3>1 0",)

    @property
    def notation(self) -> str:
        return "edge-geography"
