"""Brute forces shared by the test files: each game played by its rules, by a plain search
that knows no theory (no components, no symmetry, no periods, no Grundy values where only
the winner is asked), to check the fast answers against.  The rules of a game are written
once here (``*_moves``), and searched for its values (``plain_*``) or its winner
(``*_wins``).  A brute force that one file alone uses stays in that file.

>>> cram_value(1, 2), cram_value(2, 2)  # one move; a second-player win by symmetry
(1, 0)
>>> kayles_wins((1, 1))  # two lone pins: the second player takes the last
False
>>> kayles_misere_wins((1, 1))  # which loses in misère play
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from grundy.engine import Sum

P = TypeVar("P", bound=Hashable)


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


# -- the searches ---------------------------------------------------------------------------


def plain_value(moves: Callable[[P], Iterable[P]]) -> Callable[[P], int]:
    """The Grundy value of a position, by the mex rule over ``moves`` (memoised)."""
    @lru_cache(maxsize=None)
    def g(position: P) -> int:
        return mex(g(option) for option in moves(position))
    return g


def plain_wins(moves: Callable[[P], Iterable[P]], misere: bool = False) -> Callable[[P], bool]:
    """Does the player to move win?  With no move the player to move loses (normal play) or
    wins (misère play: the opponent moved last)."""
    @lru_cache(maxsize=None)
    def wins(position: P) -> bool:
        options = list(moves(position))
        return misere if not options else any(not wins(option) for option in options)
    return wins


def sum_wins(game: Any, heaps: Iterable[int], misere: bool = False) -> bool:
    """Does the player to move win the sum of heaps of ``game``, by its own ``options()``?
    A state is a sorted tuple of heaps, those of 0 dropped (a heap of 0 has no move)."""
    return _sum_wins(game, misere, tuple(sorted(h for h in heaps if h)))


@lru_cache(maxsize=None)
def _sum_wins(game: Any, misere: bool, state: tuple[int, ...]) -> bool:
    options = []
    for i, n in enumerate(state):
        for o in game.options(n):
            new = o.parts if isinstance(o, Sum) else (o,)
            options.append(tuple(sorted(state[:i] + tuple(p for p in new if p) + state[i + 1:])))
    return misere if not options else any(not _sum_wins(game, misere, o) for o in options)


# -- Cram and Node Kayles on boards: sets of free cells --------------------------------------


def domino_moves(free: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    """Cram: cover two free adjacent cells."""
    return [free - {a, b} for a in free for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
            if b in free]


def node_moves(free: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    """Node Kayles on a board: take a free cell and its neighbours."""
    return [free - {(r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} for r, c in free]


def plain_cells(cells: Iterable[tuple[int, int]],
                move: Callable[[frozenset[tuple[int, int]]], Any]) -> int:
    """The value of a set of free cells, where ``move(cells)`` lists the sets left."""
    return plain_value(move)(frozenset(cells))  # a memo for each call, freed after it

#: Cram: does the player to move win with these free cells?
cram_wins = plain_wins(domino_moves)


def cram_value(rows: int, cols: int) -> int:
    """Cram on the full ``rows`` x ``cols`` board."""
    return plain_cells(itertools.product(range(rows), range(cols)), domino_moves)


# -- Node Kayles and Arc Kayles on graphs: sets of vertices left ------------------------------


def graph_moves(n: int, edges: Iterable[tuple[int, int]],
                node: bool) -> Callable[[frozenset[int]], list[frozenset[int]]]:
    """Node Kayles (``node``: take a vertex and its neighbours) or Arc Kayles (take both ends
    of an edge) on a graph of vertices 0..n-1, a position the set of vertices left."""
    near: dict[int, set[int]] = {v: set() for v in range(n)}
    for u, v in edges:
        near[u].add(v)
        near[v].add(u)

    def moves(left: frozenset[int]) -> list[frozenset[int]]:
        if node:
            return [left - {v} - near[v] for v in left]
        return [left - {u, v} for u in left for v in near[u] & left if u < v]
    return moves


def plain_graph(n: int, edges: Iterable[tuple[int, int]], rule: str) -> int:
    """Node Kayles (rule "node") or Arc Kayles ("arc") on a labelled graph, by vertex sets."""
    return plain_value(graph_moves(n, edges, rule == "node"))(frozenset(range(n)))


def graph_wins(n: int, edges: Iterable[tuple[int, int]], node: bool) -> bool:
    """Node Kayles (node) or Arc Kayles: does the player to move win?"""
    return plain_wins(graph_moves(n, edges, node))(frozenset(range(n)))


# -- Green Hackenbush: edges, vertex 0 the ground ---------------------------------------------

Edges = tuple[tuple[int, int], ...]


def grounded(es: Edges) -> Edges:
    """The edges that still reach the ground."""
    reached, grew = {0}, True
    while grew:
        grew = False
        for u, v in es:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                grew = True
    return tuple(sorted(e for e in es if e[0] in reached))


def cut_moves(es: Edges) -> list[Edges]:
    """Cut each edge; drop what no longer reaches vertex 0."""
    return [grounded(es[:i] + es[i + 1:]) for i in range(len(es))]


def plain_hackenbush(edges: Iterable[tuple[int, int]]) -> int:
    return plain_value(cut_moves)(grounded(tuple(sorted(edges))))


def hackenbush_wins(edges: Iterable[tuple[int, int]]) -> bool:
    """Green Hackenbush: does the player to move win (vertex 0 the ground)?"""
    return plain_wins(cut_moves)(grounded(tuple(sorted(edges))))


# -- Chomp: the heights of the columns, the poisoned square at (0, 0) -------------------------


def bite_moves(heights: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Bite at (i, j), never the poisoned square: every square at or past it goes."""
    out = []
    for i, h in enumerate(heights):
        for j in range(h):
            if (i, j) != (0, 0):
                out.append(heights[:i] + tuple(x for x in (min(x, j) for x in heights[i:]) if x))
    return out


#: Chomp: does the player to move win (biting the poisoned square loses)?
chomp_wins = plain_wins(bite_moves)


def plain_chomp(heights: Iterable[int]) -> int:
    return plain_value(bite_moves)(tuple(heights))


# -- Kayles: rows of pins ---------------------------------------------------------------------


def kayles_options(n: int) -> list[tuple[int, ...]]:
    """Knock down one pin or two adjacent pins from a row of n: the rows left."""
    out = []
    for take in (1, 2):
        for left in range(n - take + 1):
            out.append(tuple(sorted(x for x in (left, n - take - left) if x)))
    return out


def kayles_moves(rows: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A move in one row of a sum of rows (sorted, empty rows dropped)."""
    return [tuple(sorted(rows[:i] + rows[i + 1:] + leaves))
            for i, n in enumerate(rows) for leaves in kayles_options(n)]


#: Does the player to move win the sum of rows, in normal play?  in misère play?
kayles_wins = plain_wins(kayles_moves)
kayles_misere_wins = plain_wins(kayles_moves, misere=True)
