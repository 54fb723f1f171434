"""Games on directed graphs: values against a plain recursive mex on random DAGs, sums
against a search of the tokens together, networkx input, linearized games against the
engine, draws against a retrograde analysis, Geography against a plain search."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

import numpy as np
import pytest

from grundy import find
from grundy.engine import Sum, value
from grundy.errors import GrundyError
from grundy.native.compiled import extension
from grundy.play.analysis import LoopyAnalysis, analyze
from grundy.play.loopy import Infinity
from grundy.rules.digraph import (MAX_VERTICES, CycleError, Digraph, GameGraph, Token,
                                  dag_values, linearize, smith_labels, token_moves, token_sums)
from grundy.rules.geography import EdgeGeography, VertexGeography
from support import assert_one_line_error

# -- references written here -------------------------------------------------------------


def random_dag(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """``m`` edges going forward in a random order of ``0..n-1`` (repeats allowed)."""
    order = list(range(n))
    rng.shuffle(order)
    edges = []
    for _ in range(m if n > 1 else 0):
        a, b = sorted(rng.sample(range(n), 2))
        edges.append((order[a], order[b]))
    return edges


def random_graph(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """Any ``m`` edges on ``0..n-1`` (loops and cycles allowed)."""
    return [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]


def mex_values(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Grundy values by the definition: a recursive mex over the successors."""
    succ: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)

    @lru_cache(maxsize=None)
    def g(v: int) -> int:
        seen = {g(w) for w in succ[v]}
        return next(x for x in range(len(seen) + 1) if x not in seen)

    return [g(v) for v in range(n)]


def retrograde(followers: list[list[Any]] | dict[Any, list[Any]]) -> dict[Any, str]:
    """Win / loss / draw of every position of a finite graph, by backward induction: a
    position with no move is lost; one with a move to a lost position is won; one whose
    every move goes to a won position is lost; what is never decided is a draw."""
    succ = dict(enumerate(followers)) if isinstance(followers, list) else followers
    pred: dict[Any, list[Any]] = {u: [] for u in succ}
    for u, here in succ.items():
        for v in here:
            pred[v].append(u)
    left = {u: len(here) for u, here in succ.items()}
    result: dict[Any, str] = {}
    todo = [u for u in succ if not succ[u]]
    for u in todo:
        result[u] = "P"
    while todo:
        v = todo.pop()
        for u in pred[v]:
            if u in result:
                continue
            if result[v] == "P":
                result[u] = "N"
                todo.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    result[u] = "P"
                    todo.append(u)
    return {u: result.get(u, "D") for u in succ}


def followers_of(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    succ: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)
    return succ


@pytest.fixture(params=["compiled", "python"])
def backend(request, monkeypatch):  # type: ignore[no-untyped-def]
    """Each test twice: with the compiled pass (when built) and with GRUNDY_PURE=1."""
    if request.param == "compiled":
        if extension("_engine") is None:
            pytest.skip("the compiled extension grundy.native._engine is not built")
    else:
        monkeypatch.setenv("GRUNDY_PURE", "1")
    return request.param


# -- values --------------------------------------------------------------------------------


def test_values_of_random_dags_are_the_recursive_mex(backend: str) -> None:
    rng = random.Random(1)
    for _ in range(400):
        n = rng.randint(1, 14)
        edges = random_dag(rng, n, rng.randint(0, 3 * n))
        assert GameGraph(n, edges).values().tolist() == mex_values(n, edges), edges


def test_a_large_dag_the_same_by_both_backends(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    if extension("_engine") is None:
        pytest.skip("the compiled extension grundy.native._engine is not built")
    rng = np.random.default_rng(7)
    n = 3000
    a, b = rng.integers(0, n, 8000), rng.integers(0, n, 8000)
    keep = a != b
    tails, heads = np.minimum(a, b)[keep], np.maximum(a, b)[keep]
    fast = GameGraph(n, (tails, heads)).values()
    monkeypatch.setenv("GRUNDY_PURE", "1")
    slow = GameGraph(n, (tails, heads)).values()
    assert fast.tolist() == slow.tolist() and int(fast.max()) > 3


def test_a_cycle_is_found_by_both_backends(backend: str) -> None:
    rng = random.Random(2)
    for _ in range(200):
        n = rng.randint(1, 10)
        edges = random_graph(rng, n, rng.randint(1, 3 * n))
        g = GameGraph(n, edges)
        found = g.cycle()
        plain = {u: set(s) for u, s in enumerate(followers_of(n, edges))}
        if found is None:
            assert g.values().tolist() == mex_values(n, edges)
            continue
        assert found[0] == found[-1] and len(found) >= 2
        assert all(b in plain[a] for a, b in zip(found, found[1:])), (edges, found)
        with pytest.raises(CycleError):
            g.values()


def test_dag_values_names_a_cycle() -> None:
    found = dag_values(3, np.array([0, 1, 2, 3]), np.array([1, 2, 1]))
    assert found == [1, 2, 1]


@pytest.mark.parametrize("seed", range(3))
def test_sums_are_worth_the_xor_of_their_tokens(seed: int) -> None:
    """The tokens searched together (a position is the tuple of their vertices) against
    the XOR of their values: the Sprague-Grundy theorem, checked on random DAGs."""
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edges = random_dag(rng, n, 2 * n)
    succ = followers_of(n, edges)

    @lru_cache(maxsize=None)
    def together(tokens: tuple[int, ...]) -> int:
        seen = {together(tuple(sorted(tokens[:i] + (w,) + tokens[i + 1:])))
                for i, v in enumerate(tokens) for w in succ[v]}
        return next(x for x in range(len(seen) + 1) if x not in seen)

    game = Digraph()
    graph = GameGraph(n, edges)
    values = graph.values()
    for _ in range(30):
        tokens = tuple(sorted(rng.randrange(n) for _ in range(rng.randint(1, 3))))
        xor = 0
        for v in tokens:
            xor ^= int(values[v])
        assert together(tokens) == xor
        parts = [Token(graph, v) for v in tokens]
        assert value(game, Sum(*parts)) == xor
        found = analyze(game, parts)
        assert found.value == xor
        for move in found.moves:  # every winning move leaves a sum of value 0
            rest = [p.vertex for i, p in enumerate(parts) if i != move.index]
            assert together(tuple(sorted(rest + [move.option.vertex]))) == 0
        wins = sum(1 for i, v in enumerate(tokens) for w in succ[v]
                   if together(tuple(sorted(tokens[:i] + (w,) + tokens[i + 1:]))) == 0)
        assert len(found.moves) == wins


def test_token_sums_and_moves_against_the_engine() -> None:
    rng = random.Random(5)
    for _ in range(100):
        n = rng.randint(1, 10)
        edges = random_dag(rng, n, rng.randint(0, 3 * n))
        graph = GameGraph(n, edges)
        values = graph.values()
        queries = [[rng.randrange(n) for _ in range(rng.randint(1, 4))] for _ in range(6)]
        tokens = np.array([v for q in queries for v in q], dtype=np.int64)
        offsets = np.cumsum([0] + [len(q) for q in queries])
        totals = token_sums(values, tokens, offsets)
        found = token_moves(graph, values, tokens, offsets, totals)
        for j, q in enumerate(queries):
            parts = [Token(graph, v) for v in q]
            a = analyze(Digraph(), parts)
            assert totals[j] == a.value
            assert found.count[j] == len(a.moves)
            if a.moves:
                first = a.moves[0]
                assert (found.tail[j], found.head[j]) == (first.part.vertex, first.option.vertex)
            else:
                assert found.tail[j] == found.head[j] == -1


# -- input ---------------------------------------------------------------------------------


def test_an_edge_list_a_file_and_arrays_make_the_same_graph() -> None:
    one = GameGraph.parse("0>1,1>2 0>2,5")
    two = GameGraph.parse("# a comment\n0 1\n1>2\n0 2  # the last edge\n5\n")
    three = GameGraph(6, (np.array([0, 1, 0]), np.array([1, 2, 2])))
    for g in (two, three):
        assert g.n == one.n == 6 and g.text() == one.text() == "0>1,1>2,0>2,3,4,5"
        assert g.values().tolist() == one.values().tolist()
    assert GameGraph.parse(one.text()).text() == one.text()


@pytest.mark.parametrize("text, words", [
    ("0-1", "'0-1' is not an edge"),
    ("0>1>2", "'0>1>2' is not an edge"),
    ("a>b", "not an edge"),
    ("99999999>1", "past the limit"),
    ("0 1 2\n", "line 1 ('0 1 2'): write one edge a line"),
    (",", "names no vertex"),
])
def test_bad_edge_lists_are_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(GrundyError) as info:
        GameGraph.parse(text)
    assert words in str(info.value)


def test_sizes_are_checked_before_anything_is_built() -> None:
    with pytest.raises(GrundyError, match="past the limit of a game graph"):
        GameGraph(MAX_VERTICES + 1, [])
    with pytest.raises(GrundyError, match="outside the vertices 0..2"):
        GameGraph(3, [(0, 3)])
    for bad in ([("a", "b")], [(0, 1, 2), (1, 2, 0)], [0, 1]):
        with pytest.raises(GrundyError, match="pairs"):
            GameGraph(3, bad)


def test_networkx_input_is_the_edge_list_input() -> None:
    nx = pytest.importorskip("networkx", reason="networkx is not installed (pip install "
                             "'grundy[graph]')")
    rng = random.Random(3)
    for _ in range(50):
        n = rng.randint(1, 10)
        edges = random_dag(rng, n, rng.randint(0, 2 * n))
        d = nx.DiGraph()
        d.add_nodes_from(range(n))
        d.add_edges_from(edges)
        ours = GameGraph.of(d)
        listed = GameGraph(n, sorted(set(edges)))
        assert ours.values().tolist() == listed.values().tolist() == mex_values(n, edges)
    named = nx.DiGraph([("a", "b"), ("b", "c")])
    g = GameGraph.of(named)
    assert [g.format_position(v) for v in range(3)] == ["a", "b", "c"]
    assert g.parse_position("b") == 1 and g.value(g.parse_position("a")) == 0
    undirected = GameGraph.of(nx.path_graph(3))  # an undirected edge goes both ways
    assert undirected.m == 4 and undirected.cycle() is not None
    with pytest.raises(GrundyError, match="cannot read a graph"):
        GameGraph.of(42)


# -- linearize -------------------------------------------------------------------------------


@pytest.mark.parametrize("name, top", [("nim", 12), ("kayles", 14), ("sub:1,3,4", 30),
                                       ("dawsons-kayles", 12), ("grundys-game", 14)])
def test_linearized_games_keep_the_engines_values(name: str, top: int) -> None:
    game = find(name)
    for start in range(top):
        g = linearize(game, start)
        assert g.label_of(0) == start
        assert g.value(0) == value(game, start)
        for v in range(g.n):  # every position reached, sums of heaps included
            assert g.value(v) == value(game, g.label_of(v))


def test_linearize_refuses_past_its_limit() -> None:
    with pytest.raises(GrundyError, match="more than 10 positions are reachable"):
        linearize(find("nim"), 50, limit=10)


# -- loopy play: draws -------------------------------------------------------------------------


def test_smith_labels_against_a_retrograde_analysis() -> None:
    rng = random.Random(4)
    for _ in range(300):
        n = rng.randint(1, 9)
        edges = random_graph(rng, n, rng.randint(0, 3 * n))
        followers = followers_of(n, edges)
        labels = smith_labels(followers)
        outcome = retrograde(followers)
        for v in range(n):
            lab = labels[v]
            k = {labels[w] for w in followers[v] if labels[w] >= 0}
            said = ("P" if lab == 0 else "N") if lab >= 0 else ("N" if 0 in k else "D")
            assert said == outcome[v], (edges, v)


def test_analyze_names_the_draws_of_a_networkx_graph_with_cycles() -> None:
    nx = pytest.importorskip("networkx", reason="networkx is not installed (pip install "
                             "'grundy[graph]')")
    rng = random.Random(6)
    game = Digraph()
    draws = 0
    for _ in range(60):
        n = rng.randint(2, 8)
        edges = random_graph(rng, n, rng.randint(n, 3 * n))
        d = nx.DiGraph()
        d.add_nodes_from(range(n))
        d.add_edges_from(edges)
        graph = GameGraph.of(d)
        succ = followers_of(n, sorted(set(edges)))
        alone = retrograde(succ)
        pairs = retrograde({(a, b): [(w, b) for w in succ[a]] + [(a, w) for w in succ[b]]
                            for a in range(n) for b in range(n)})
        for v in range(n):
            found = analyze(game, [Token(graph, v)])
            assert found.outcome == alone[v], (edges, v)
            draws += found.outcome == "D"
        for a in range(n):
            for b in range(n):
                found = analyze(game, [Token(graph, a), Token(graph, b)])
                assert found.outcome == pairs[(a, b)], (edges, a, b)
                for move in found.moves:  # a winning move leaves a lost pair
                    left = [a, b]
                    left[move.index] = move.option.vertex
                    assert pairs[tuple(left)] == "P"
                if found.outcome == "N":
                    assert found.moves
    assert draws > 10  # the random graphs do have draws


def test_analyze_on_the_command_line_says_draw(cli) -> None:  # type: ignore[no-untyped-def]
    r = cli("analyze", "digraph", "0>1,1>0,2>0,2>3", "2", "0")
    assert r.code == 0 and "outcome: D -- a draw" in r.out
    r = cli("analyze", "digraph", "0>1,1>0,2>0,2>3", "2", "--json")
    got = json.loads(r.out)
    assert got["value"] == "Infinity(0)" and got["outcome"] == "N"
    # a token is written with its graph, as the playground sends it back (the one move schema)
    assert got["moves"] == [{"part": 0, "from": "0>1,1>0,2>0,2>3 2", "to": ["0>1,1>0,2>0,2>3 3"]}]


def test_loopy_analysis_of_a_graph_reads_the_graph_whole() -> None:
    graph = GameGraph.parse("0>1,1>0,2>0,2>3")
    found = analyze(graph, [2, 3])
    assert isinstance(found, LoopyAnalysis)
    assert found.part_values == (Infinity(0), 0) and found.outcome == "N"


# -- the command line --------------------------------------------------------------------------


def test_analyze_a_sum_of_tokens_and_a_file(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = cli("analyze", "digraph", "0>1,1>2,0>2", "0", "2")
    assert r.code == 0 and "value (XOR of the parts): 2" in r.out and "0 -> 2" in r.out
    path = tmp_path / "g.txt"
    path.write_text("0 1\n1 2\n0 2\n")
    assert cli("analyze", "digraph", f"@{path}", "0", "2").out == r.out
    r = cli("analyze", "digraph", "0>1,1>2,0>2", "0", "+", "nim", "3")
    assert r.code == 0 and "value (XOR of the parts): 1" in r.out


@pytest.mark.parametrize("args, words", [
    (["analyze", "digraph", "0>1"], "give the graph and the tokens' vertices"),
    (["analyze", "digraph", "0>1", "5"], "token 1: 5 is not a vertex of the graph (0..1)"),
    (["analyze", "digraph", "0-1", "0"], "'0-1' is not an edge"),
    (["sequence", "digraph"], "not a heap game"),
    (["table", "digraph"], "no value table"),
    (["analyze", "vertex-geography", ",".join(f"{i}>{i + 1}" for i in range(70)), "0"],
     "past the limit of Geography (64 vertices"),
])
def test_bad_commands_are_one_line_errors(cli, args, words) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli(*args), words)


def test_play_a_dag_to_the_end(cli) -> None:  # type: ignore[no-untyped-def]
    r = cli("play", "digraph", "0>1,1>2,0>2", "0", "--second")
    assert r.code == 0 and "grundy plays 0 -> 2" in r.out


def test_play_with_cycles_wins_where_it_can_and_keeps_a_draw() -> None:
    from grundy.play.match import play

    graph = "0>1,1>0,2>0,2>3"
    game = Digraph()
    said: list[str] = []
    assert play(game, game.parse_words([graph, "2"]), human_first=False,
                say=said.append) == "grundy"
    assert "grundy plays 2 -> 3" in said
    answers = iter(["1", "1", "1", "q"])  # a draw: grundy moves back each time
    said = []
    assert play(game, game.parse_words([graph, "0", "0"]), ask=lambda _: next(answers),
                say=said.append) == "draw"
    assert said[0].startswith("this position is a draw")
    assert said.count("grundy plays 1 -> 0") == 3
    answers = iter(["1", "q"])  # 2 -> 0 throws the win away into a draw
    said = []
    assert play(game, game.parse_words([graph, "2"]), ask=lambda _: next(answers),
                say=said.append) == "draw"
    assert any("threw away a win (2 -> 3 would have won); it is a draw now" in line
               for line in said)


# -- Geography -----------------------------------------------------------------------------------


def geography_wins(edges: list[tuple[int, int]], v: int, used: frozenset[int],
                   by_edge: bool) -> bool:
    """Whether the player to move wins, by plain recursion: ``used`` holds the vertices
    visited, or (``by_edge``) the indices of the edges used."""
    for e, (a, w) in enumerate(edges):
        key = e if by_edge else w
        if a == v and key not in used and not geography_wins(edges, w, used | {key}, by_edge):
            return True
    return False


@pytest.mark.parametrize("kind", ["vertex", "edge"])
def test_geography_outcomes_against_a_plain_search(kind: str) -> None:
    rng = random.Random(8)
    game = VertexGeography() if kind == "vertex" else EdgeGeography()
    for _ in range(150):
        n = rng.randint(1, 6)
        edges = random_graph(rng, n, rng.randint(0, 9))
        text = ",".join(f"{u}>{v}" for u, v in edges) or "0"
        text += f",{n - 1}"  # every vertex named
        for v in range(n):
            (start,) = game.parse_words([text, str(v)])
            used = frozenset([v]) if kind == "vertex" else frozenset()
            wins = geography_wins(edges, v, used, kind == "edge")
            assert (value(game, start) != 0) == wins, (edges, v)


def test_geography_refuses_a_search_past_its_limit(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import grundy.rules.geography as geography

    monkeypatch.setattr(geography, "GEOGRAPHY_POSITIONS", 50)
    game = VertexGeography()
    text = ",".join(f"{u}>{v}" for u in range(8) for v in range(8) if u != v)
    (start,) = game.parse_words([text, "0"])
    with pytest.raises(GrundyError, match="more than 50 positions are reachable"):
        value(game, start)


# -- the playground's API ------------------------------------------------------------------------


@pytest.mark.parametrize("name, start", [("digraph", ["0>1,1>2,0>2 0", "0>1,1>2,0>2 2"]),
                                         ("digraph", ["0>1,1>0,1>2 1"]),
                                         ("vertex-geography", ["0>1,1>2,2>0,1>3 0:0"]),
                                         ("edge-geography", ["0>1,1>2,2>0,1>3,3>1 1:0"])])
def test_a_position_of_the_playground_reads_back_after_a_move(name: str, start: list[str]) -> None:
    from grundy.web import api

    found = api.analyze({"game": name, "position": start})
    assert found["position"] == start
    for listed in found["moves"]:  # every move played, and its position read back
        done = api.move({"game": name, "position": start,
                         "move": {"part": listed["part"], "to": listed["to"]}})
        again = api.analyze({"game": name, "position": done["position"]})
        assert again["position"] == done["position"]


@pytest.mark.parametrize("word, words", [("0:5", "'5' is not one of the 4 vertices"),
                                         ("1:0", "vertex 1 is not among those visited"),
                                         ("9", "9 is not a vertex")])
def test_a_geography_token_with_its_trail_is_checked(word: str, words: str) -> None:
    with pytest.raises(GrundyError, match="token 1: ") as info:
        VertexGeography().parse_words(["0>1,1>2,2>0,1>3", word])
    assert words in str(info.value)
