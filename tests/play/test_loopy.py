"""Loopy games: generalized Sprague-Grundy values against win/lose/draw by retrograde analysis."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import Game, GrundyError, LoopyGameError, Sum, value
from grundy.play import loopy
from grundy.play.loopy import Infinity, loopy_outcome, loopy_value, loopy_winning_moves


class Graph(Game):
    """A token on a finite digraph: a move follows an edge."""

    def __init__(self, edges: dict[object, list[object]]) -> None:
        self.edges = edges

    def options(self, position: object) -> list[object]:
        return self.edges[position]


def retrograde(edges: dict[object, list[object]]) -> dict[object, str]:
    """Win (N), loss (P) or draw (D) for every vertex, by retrograde analysis: a vertex
    with no move is lost; one with a move to a lost vertex is won; one whose moves all
    reach won vertices is lost; whatever is left is a draw.  No Grundy values involved."""
    before: dict[object, list[object]] = {u: [] for u in edges}
    for u, vs in edges.items():
        for v in vs:
            before[v].append(u)
    left = {u: len(vs) for u, vs in edges.items()}
    result = {u: "P" for u, n in left.items() if n == 0}
    queue = deque(result)
    while queue:
        v = queue.popleft()
        for u in before[v]:
            if u in result:
                continue
            if result[v] == "P":
                result[u] = "N"
                queue.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    result[u] = "P"
                    queue.append(u)
    return {u: result.get(u, "D") for u in edges}


def random_digraph(rng: random.Random, n: int, tag: str) -> dict[object, list[object]]:
    density = rng.choice([0.1, 0.2, 0.35])
    return {(tag, u): [(tag, v) for v in range(n) if rng.random() < density] for u in range(n)}


def product(first: dict[object, list[object]], second: dict[object, list[object]]) -> dict[object, list[object]]:
    """The disjunctive sum as one digraph: a move in exactly one component."""
    return {(u, v): [(w, v) for w in first[u]] + [(u, w) for w in second[v]]
            for u in first for v in second}


@pytest.mark.parametrize("seed", range(40))
def test_outcomes_of_positions_and_sums_agree_with_retrograde_analysis(seed: int) -> None:
    rng = random.Random(seed)
    a, b = random_digraph(rng, rng.randint(1, 9), "a"), random_digraph(rng, rng.randint(1, 9), "b")
    game = Graph({**a, **b})
    truth = retrograde({**a, **b})
    for u in truth:
        assert loopy_outcome(game, u) == truth[u], u
    both = retrograde(product(a, b))
    for (u, v), expected in both.items():
        assert loopy_outcome(game, Sum(u, v)) == expected, (u, v)
        moves = loopy_winning_moves(game, Sum(u, v))
        assert bool(moves) == (expected == "N")
        for move in moves:  # each leads to a lost position for the opponent
            assert both[move.parts[0], move.parts[1]] == "P"


@settings(max_examples=150)
@given(st.integers(1, 7), st.integers(1, 7), st.integers(1, 7), st.integers(0, 2**32))
def test_three_part_sums(n1: int, n2: int, n3: int, seed: int) -> None:
    rng = random.Random(seed)
    a, b, c = (random_digraph(rng, n, tag) for n, tag in ((n1, "a"), (n2, "b"), (n3, "c")))
    game = Graph({**a, **b, **c})
    ab = product(a, b)
    truth = retrograde({((u, v), w): [((x, w)) for x in ab[u, v]] + [((u, v), y) for y in c[w]]
                        for (u, v) in ab for w in c})
    for ((u, v), w), expected in truth.items():
        assert loopy_outcome(game, Sum(u, v, w)) == expected


def test_acyclic_games_keep_their_grundy_values() -> None:
    rng = random.Random(3)
    n = 40
    edges: dict[object, list[object]] = {u: [v for v in range(u) if rng.random() < 0.3] for u in range(n)}
    game = Graph(edges)
    assert [loopy_value(game, u) for u in range(n)] == [value(game, u) for u in range(n)]


def test_a_cycle_with_exits() -> None:
    """Every position of a cycle with a way out to the end is a win, yet no nim heap."""
    edges: dict[object, list[object]] = {n: [(n - 1) % 5, "end"] for n in range(5)}
    edges["end"] = []
    game = Graph(edges)
    assert loopy_value(game, 0) == Infinity(0)
    assert loopy_outcome(game, Sum(0, "end")) == "N"
    with pytest.raises(LoopyGameError):
        value(game, 0)


def test_infinity_arithmetic() -> None:
    assert Infinity(0, 2) ^ 3 == Infinity(1, 3) == 3 ^ Infinity(2, 0)
    assert Infinity(1) ^ Infinity(0) == Infinity()
    assert repr(Infinity(5, 1)) == "Infinity(1, 5)" and hash(Infinity(1, 5)) == hash(Infinity(5, 1))
    assert Infinity(1) != 1 and Infinity() != Infinity(0)
    with pytest.raises(AttributeError):
        Infinity(1).finite = frozenset()  # type: ignore[misc]


def test_refusals(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    class Splits(Game):
        def options(self, n: int) -> list[object]:
            return [Sum(n - 1, n - 1)] if n else []

    with pytest.raises(GrundyError, match="single positions"):
        loopy_value(Splits(), 3)

    class Up(Game):
        def options(self, n: int) -> list[int]:
            return [n + 1]

    monkeypatch.setattr(loopy, "MAX_POSITIONS", 1000)
    with pytest.raises(GrundyError, match="finite game"):
        loopy_value(Up(), 0)
