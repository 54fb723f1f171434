"""Node Kayles and Arc Kayles up to twin symmetry (grundy.rules.twins), and the graph games
that use it (grundy.rules.graphs), against the plain search of tests/brute.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import graph_moves, plain_graph, plain_value
from grundy.engine import value
from grundy.rules.graphs import ArcKayles, Graph, NodeKayles
from grundy.rules import twins
from grundy.rules.twins import OverBudget, TwinSearch, twin_classes


def twinned(rng: random.Random, n: int) -> tuple[int, list[tuple[int, int]]]:
    """A random graph on a few vertices, then copies of some of them (true or false twins),
    so that the moves fold."""
    edges = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.4}
    size = n
    for _ in range(rng.randint(1, 5)):
        v = rng.randrange(size)
        near = {a if b == v else b for a, b in edges if v in (a, b)}
        edges |= {(min(u, size), max(u, size)) for u in near}
        if rng.random() < 0.5:
            edges.add((v, size))  # a true twin
        size += 1
    return size, sorted(edges)


def masks(n: int, edges: list[tuple[int, int]]) -> list[int]:
    out = [0] * n
    for u, v in edges:
        out[u] |= 1 << v
        out[v] |= 1 << u
    return out


def test_twins_match_the_plain_search_on_random_graphs():
    rng, folds = random.Random(35), 0
    for trial in range(300):
        n, edges = twinned(rng, rng.randint(1, 6))
        for rule in ("node", "arc"):
            expected = plain_graph(n, edges, rule)
            search = TwinSearch(masks(n, edges), node=rule == "node")
            assert search.value((1 << n) - 1) == expected, (n, edges, rule)
            # the folded values of the moves are the plain values of their options
            moves = graph_moves(n, edges, rule == "node")
            folded = search.move_values((1 << n) - 1)
            if folded is not None:
                folds += 1
                plain = plain_value(moves)
                left = frozenset(range(n))
                options = moves(left)
                if rule == "arc":  # brute lists u < v in order of u, then v: as TwinSearch
                    assert len(options) == len(folded)
                assert sorted(folded) == sorted(plain(o) for o in options), (n, edges, rule)
    assert folds > 100  # the test exercises the folding, not only the plain search


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 8), st.data())
def test_twins_with_a_plain_search_below(n, data):
    edges = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                               .filter(lambda e: e[0] < e[1]), unique=True, max_size=14))
    for rule in ("node", "arc"):
        expected = plain_graph(n, edges, rule)
        below = plain_value(graph_moves(n, edges, rule == "node"))
        search = TwinSearch(masks(n, edges), rule == "node",
                            lambda mask: below(frozenset(v for v in range(n) if mask >> v & 1)))
        assert search.value((1 << n) - 1) == expected


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 7, 28, 63, 64])
def test_complete_graphs_have_their_known_values(n):
    # Arc Kayles on K_n: every move leaves K_(n-2), so the value is floor(n / 2) mod 2;
    # Node Kayles on K_n: every move takes everything, value 1 for n >= 1
    k = Graph.parse(f"complete:{n}") if n else Graph.parse("empty")
    assert ArcKayles().value(k) == (n // 2) % 2
    assert NodeKayles().value(k) == (1 if n else 0)


def test_the_winning_moves_of_a_complete_graph_are_all_its_edges():
    k = Graph.parse("complete:11")  # value 1: every move leaves K_9, of value 0
    arc = ArcKayles()
    winners = arc.options_of_value(k, 0)
    assert len(winners) == 55 and not arc.options_of_value(k, 1)
    assert all(value(arc, o) == 0 for o in winners)


@pytest.mark.parametrize("text", ["bipartite:3,4", "star:7", "0-1,0-2,0-3,3-4,3-5,3-6",
                                  "bipartite:2,5", "complete:6"])
def test_the_graph_games_agree_with_the_plain_search(text):
    g = Graph.parse(text)
    for game, rule in ((NodeKayles(), "node"), (ArcKayles(), "arc")):
        assert game.value(g) == plain_graph(g.n, sorted(g.edges), rule)
        found = [o for target in range(8) for o in game.options_of_value(g, target)]
        assert sorted(map(repr, found)) == sorted(map(repr, game.options(g)))
        for target in range(8):
            for o in game.options_of_value(g, target):
                parts = o.parts if hasattr(o, "parts") else (o,)
                total = 0
                for p in parts:
                    total ^= plain_graph(p.n, sorted(p.edges), rule)
                assert total == target


def test_twin_classes_split_true_and_false_twins():
    # K_1,3 plus an edge 1-2: 1 and 2 are true twins, 0 and 3 are not twins of them
    adjacency = masks(4, [(0, 1), (0, 2), (0, 3), (1, 2)])
    assert twin_classes(adjacency, 0b1111) == {0: 0, 1: 1, 2: 1, 3: 3}


def test_a_search_past_its_budget_stops_and_the_games_ask_the_plain_search(monkeypatch):
    complete = masks(10, [(u, v) for u in range(10) for v in range(u + 1, 10)])
    with pytest.raises(OverBudget):
        TwinSearch(complete, node=False, budget=2).value((1 << 10) - 1)
    assert TwinSearch(complete, node=False, budget=5).value((1 << 10) - 1) == 1  # K_10
    monkeypatch.setattr(twins, "BUDGET", 1)
    rng = random.Random(7)
    for _ in range(60):
        n, edges = twinned(rng, rng.randint(2, 5))
        g = Graph.make(n, edges)
        for game, rule in ((NodeKayles(), "node"), (ArcKayles(), "arc")):
            assert game.fast_value(g) in (None, plain_graph(n, edges, rule))
            for o in game.options_of_value(g, 0):
                parts = o.parts if hasattr(o, "parts") else (o,)
                total = 0
                for p in parts:
                    total ^= plain_graph(p.n, sorted(p.edges), rule)
                assert total == 0


def test_canonical_keeps_how_many_of_each_class_are_left():
    search = TwinSearch(masks(5, [(0, 1), (0, 2), (0, 3), (3, 4)]), node=True)
    # 1 and 2 are false twins (leaves of 0): either alone is the same subgraph
    assert search.canonical(0b00101) == search.canonical(0b00011) == 0b00011
    assert search.canonical(0b11111) == 0b11111
