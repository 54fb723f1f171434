"""Node Kayles and Arc Kayles searched up to twin symmetry.

Two vertices ``u``, ``v`` are *twins* when they have the same neighbours apart from each
other (``N(u) - {v} == N(v) - {u}``); swapping them is then an automorphism of the graph.
Twins come in classes, each a clique (true twins) or without edges (false twins: a vertex
cannot have twins of both kinds), and every permutation of a class is an automorphism.
So two moves are equal up to an automorphism, and their options have one value, when
they take vertices of the same classes: in Node Kayles, a vertex of the class; in Arc
Kayles, an edge between the same two classes (or inside the same clique).  Searching one
move per kind is exact, and cheap to find (a graph's twin classes are its vertices
grouped by neighbour mask).

On the complete graph ``K_n`` every vertex is a twin of every other: Arc Kayles has one
kind of move, to ``K_(n-2)``, where the plain search tries ``n(n-1)/2`` options at every
level (``K_28`` took seconds, ``K_64`` did not end); Node Kayles has one move, to nothing.
The complete bipartite and multipartite graphs, stars, and any graph with many leaves on
one vertex fold the same way.  A component whose moves fold to less than half of them is
searched here, one move per kind; any other is left to ``plain`` (the compiled search, or
the engine), which stays the one search of graphs without such symmetry.  Twins of the
whole graph stay twins in all its subgraphs, so a subgraph is remembered by how many of
each class it keeps (:meth:`TwinSearch.canonical`); a search that expands more than
:data:`BUDGET` subgraphs stops (:class:`OverBudget`), and the caller asks the plain search.

Positions are masks of vertices (bit ``v`` for vertex ``v``) of one graph, given by the
mask of each vertex's neighbours.

>>> complete = [((1 << 8) - 1) & ~(1 << v) for v in range(8)]   # K_8
>>> TwinSearch(complete, node=False).value((1 << 8) - 1), TwinSearch(complete, node=True).value(255)
(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["BUDGET", "OverBudget", "TwinSearch", "twin_classes"]

#: the most subgraphs a twin search expands in Python before it gives up (then the plain
#: search takes the whole graph): a graph whose twins fold it far, as K_n's, needs few
#: (K_128: 64); one whose twins fold it a little would be searched faster by the compiled
#: search alone (a doubled random graph of 28 vertices: 3 s compiled, 92 s here unbounded)
BUDGET = 3000


class OverBudget(Exception):
    """A twin search expanded more subgraphs than its budget allows."""


def _vertices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def twin_classes(adjacency: Sequence[int], alive: int) -> dict[int, int]:
    """The class of each vertex of ``alive`` in the graph it leaves: the least vertex of
    its class of twins.

    >>> twin_classes([0b110, 0b101, 0b011], 0b111)     # a triangle: one class
    {0: 0, 1: 0, 2: 0}
    >>> twin_classes([0b010, 0b101, 0b010], 0b111)     # a path 0-1-2: its ends are twins
    {0: 0, 1: 1, 2: 0}
    """
    by_open: dict[int, int] = {}
    by_closed: dict[int, int] = {}
    found: dict[int, int] = {}
    for v in _vertices(alive):
        near = adjacency[v] & alive
        first = by_open.setdefault(near, v)
        if first == v:
            first = by_closed.setdefault(near | (1 << v), v)
        found[v] = first
    return found


class TwinSearch:
    """Values of Node Kayles (``node``) or Arc Kayles on the subgraphs of one graph, one
    move per kind of twin; a component that folds little is valued by ``plain(mask)``, or
    without it by every move, searched here.

    >>> star = [0b1110, 0b0001, 0b0001, 0b0001]          # the star K_1,3
    >>> search = TwinSearch(star, node=True)
    >>> search.value(0b1111), search.move_values(0b1111)
    (1, [0, 0, 0, 0])
    """

    def __init__(self, adjacency: Sequence[int], node: bool,
                 plain: Callable[[int], int] | None = None, budget: int | None = None) -> None:
        self.adjacency = list(adjacency)
        self.node = node
        self.plain = plain
        self.budget = BUDGET if budget is None else budget
        self.known: dict[int, int] = {}
        # twins of the whole graph stay twins in every subgraph: only how many of each
        # class are left matters, so a subgraph is kept under its first vertices of each
        self._classes: list[tuple[int, list[int]]] = []
        everything = 0
        for v in range(len(self.adjacency)):
            everything |= 1 << v
        members: dict[int, int] = {}
        for v, first in twin_classes(self.adjacency, everything).items():
            members[first] = members.get(first, 0) | (1 << v)
        for mask in members.values():
            if mask & (mask - 1):
                prefixes, acc = [0], 0
                for v in _vertices(mask):
                    acc |= 1 << v
                    prefixes.append(acc)
                self._classes.append((mask, prefixes))

    def canonical(self, alive: int) -> int:
        """``alive`` with each twin class of the whole graph cut to its first vertices, as
        many as are left (a subgraph isomorphic to ``alive``'s, so of the same value).

        >>> TwinSearch([0b110, 0b101, 0b011], node=False).canonical(0b110)   # a triangle
        3
        """
        for mask, prefixes in self._classes:
            alive = (alive & ~mask) | prefixes[(alive & mask).bit_count()]
        return alive

    def moves(self, alive: int) -> list[int]:
        """The vertices each move takes from ``alive``: in Node Kayles each vertex (in
        order) with its neighbours, in Arc Kayles each edge ``u < v`` (in order)."""
        adj = self.adjacency
        if self.node:
            return [(1 << v) | (adj[v] & alive) for v in _vertices(alive)]
        return [(1 << u) | (1 << v) for u in _vertices(alive)
                for v in _vertices(adj[u] & alive & ~((2 << u) - 1))]

    def _kinds(self, alive: int) -> list[tuple[int, ...]]:
        """The kind of each move of :meth:`moves`: the twin classes of what it takes."""
        cls = twin_classes(self.adjacency, alive)
        if self.node:
            return [(cls[v],) for v in _vertices(alive)]
        adj = self.adjacency
        return [(cls[u], cls[v]) if cls[u] <= cls[v] else (cls[v], cls[u])
                for u in _vertices(alive) for v in _vertices(adj[u] & alive & ~((2 << u) - 1))]

    def folds(self, alive: int) -> bool:
        """Whether a component of ``alive`` folds (its moves to at most half as many kinds).

        >>> TwinSearch([0b10, 0b01, 0b1000, 0b0100], node=False).folds(0b1111)  # two edges
        False
        """
        return any(2 * len(set(kinds)) <= len(kinds)
                   for kinds in map(self._kinds, self._components(alive)))

    def move_values(self, alive: int) -> list[int] | None:
        """The value of each move's option (in :meth:`moves` order), one search per kind;
        None when the moves fold to more than half of them (then ask the plain search)."""
        kinds = self._kinds(alive)
        if 2 * len(set(kinds)) > len(kinds):
            return None
        by_kind: dict[tuple[int, ...], int] = {}
        out = []
        for kind, taken in zip(kinds, self.moves(alive)):
            if kind not in by_kind:
                by_kind[kind] = self.value(alive & ~taken)
            out.append(by_kind[kind])
        return out

    def value(self, alive: int) -> int:
        """The value of the subgraph on the vertices ``alive``: the XOR of its components'."""
        total = 0
        for part in self._components(alive):
            total ^= self._component(part)
        return total

    def _component(self, alive: int) -> int:
        alive = self.canonical(alive)
        known = self.known.get(alive)
        if known is not None:
            return known
        if alive & (alive - 1) == 0:  # one vertex: a move in Node Kayles, none in Arc Kayles
            found = 1 if self.node else 0
        else:
            self.budget -= 1
            if self.budget < 0:
                raise OverBudget("the twin search went past its budget of subgraphs")
            values = self.move_values(alive)
            if values is None and self.plain is not None:
                return self.known.setdefault(alive, self.plain(alive))
            if values is None:
                values = [self.value(alive & ~taken) for taken in self.moves(alive)]
            seen = set(values)
            found = 0
            while found in seen:
                found += 1
        self.known[alive] = found
        return found

    def _components(self, alive: int) -> list[int]:
        adj, out = self.adjacency, []
        while alive:
            part = frontier = alive & -alive
            while frontier:
                grown = 0
                for v in _vertices(frontier):
                    grown |= adj[v]
                frontier = grown & alive & ~part
                part |= frontier
            out.append(part)
            alive &= ~part
        return out
