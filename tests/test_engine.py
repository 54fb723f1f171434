"""The generic engine: mex, sums, outcomes, winning moves, loops, memo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import Game, LoopyGameError, Sum, mex, outcome, value, winning_moves


class Sub134(Game):
    def options(self, n):
        return [n - k for k in (1, 3, 4) if k <= n]


class Grundys(Game):
    def options(self, n):
        return [Sum(a, n - a) for a in range(1, (n + 1) // 2)]


class Graph(Game):
    """A game given by an explicit move graph {position: [options]}."""

    def __init__(self, edges):
        self.edges = edges

    def options(self, p):
        return self.edges[p]


def brute_sub134(limit):
    """Win/lose by plain game-tree search, knowing nothing of Grundy values."""
    win = [False] * (limit + 1)
    for n in range(limit + 1):
        win[n] = any(not win[n - k] for k in (1, 3, 4) if k <= n)
    return win


def test_mex():
    assert mex([]) == 0
    assert mex([1, 2]) == 0
    assert mex([0, 1, 2, 4]) == 3
    assert mex(iter([0, 0, 1])) == 2


def test_subtraction_game_to_1e5_agrees_with_brute_force():
    g = Sub134()
    win = brute_sub134(10**5)
    for n in range(10**5 + 1):
        assert (value(g, n) != 0) == win[n]
    # Known: the values have period 7: 0 1 0 1 2 3 2.
    assert [value(g, n) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2


def test_long_chain_on_empty_memo_no_recursion():
    g = Sub134()
    assert value(g, 10**5) == [0, 1, 0, 1, 2, 3, 2][10**5 % 7]


def test_grundys_game_published_values():
    # OEIS A002188 (Grundy's game), heaps 0..20.
    published = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    g = Grundys()
    assert [value(g, n) for n in range(21)] == published


def test_sum_value_is_xor_and_sum_equality():
    g = Grundys()
    assert value(g, Sum(5, 8)) == value(g, 5) ^ value(g, 8)
    assert Sum(1, Sum(2, 3)) == Sum(3, 2, 1)
    assert hash(Sum(1, 2)) == hash(Sum(2, 1))
    assert Sum(1, 2) != Sum(1, 1)
    assert value(g, Sum()) == 0
    with pytest.raises(AttributeError):
        Sum(1).parts = ()


def test_outcome_and_winning_moves():
    g = Sub134()
    assert outcome(g, 0) == "P" and outcome(g, 2) == "P" and outcome(g, 7) == "P"
    assert outcome(g, 1) == "N"
    assert winning_moves(g, 7) == []
    assert winning_moves(g, 10) == [9, 7]  # the order options() gives
    assert winning_moves(g, Sum(4, 5)) == [Sum(4, 4)] or value(g, Sum(4, 5)) == 0
    nim = Graph({n: list(range(n)) for n in range(8)})
    assert winning_moves(nim, Sum(1, 2, 4)) == [Sum(1, 2, 3)]
    assert winning_moves(nim, Sum(3, 5, 6)) == []


def test_two_position_cycle_is_loopy():
    g = Graph({"a": ["b"], "b": ["a"]})
    with pytest.raises(LoopyGameError) as info:
        value(g, "a")
    assert info.value.position in ("a", "b")
    with pytest.raises(LoopyGameError):
        value(Graph({"x": [Sum("x", "y")], "y": []}), "x")


def test_self_loop_is_loopy():
    with pytest.raises(LoopyGameError):
        value(Graph({0: [0]}), 0)


def test_cache_limit_and_clear():
    class Bounded(Sub134):
        cache_limit = 100

    g = Bounded()
    for n in range(5000):
        assert value(g, n) == [0, 1, 0, 1, 2, 3, 2][n % 7]
        assert len(g.cache) <= 100
    g.clear_cache()
    assert g.cache == {}
    assert value(g, 3000) == [0, 1, 0, 1, 2, 3, 2][3000 % 7]


def test_methods_mirror_functions():
    g = Sub134()
    assert g.value(9) == value(g, 9)
    assert g.outcome(9) == outcome(g, 9)
    assert g.winning_moves(9) == winning_moves(g, 9)
    assert grundy.value is value


# -- properties on random acyclic games --------------------------------------------


@st.composite
def dags(draw):
    """A random acyclic game on positions 0..n-1: options of p are < p,
    some of them sums of two or three positions."""
    n = draw(st.integers(1, 12))
    edges = {}
    for p in range(n):
        opts = []
        for _ in range(draw(st.integers(0, 4)) if p else 0):
            parts = draw(st.lists(st.integers(0, p - 1), min_size=1, max_size=3))
            opts.append(parts[0] if len(parts) == 1 else Sum(*parts))
        edges[p] = opts
    return edges


def plain_wins(edges, position, memo=None):
    """Does the player to move win?  Plain game-tree search on whole sums
    (a position is a sorted tuple of components; no Grundy values)."""
    memo = {} if memo is None else memo
    key = tuple(sorted(position))
    if key in memo:
        return memo[key]
    result = False
    for i, part in enumerate(key):
        rest = key[:i] + key[i + 1 :]
        for option in edges[part]:
            parts = option.parts if isinstance(option, Sum) else (option,)
            if not plain_wins(edges, rest + tuple(parts), memo):
                result = True
                break
        if result:
            break
    memo[key] = result
    return result


@given(dags(), st.data())
def test_laws_on_random_dags(edges, data):
    g = Graph(edges)
    for p in edges:
        v = value(g, p)
        option_values = [value(g, o) for o in edges[p]]
        assert v == mex(option_values)
        assert (v == 0) == (0 not in option_values)
        for move in winning_moves(g, p):
            assert value(g, move) == 0
        assert outcome(g, p) == ("N" if plain_wins(edges, (p,)) else "P")
    parts = data.draw(st.lists(st.sampled_from(sorted(edges)), min_size=1, max_size=3))
    total = 0
    for part in parts:
        total ^= value(g, part)
    s = Sum(*parts)
    assert value(g, s) == total
    assert outcome(g, s) == ("N" if plain_wins(edges, tuple(parts)) else "P")
    for move in winning_moves(g, s):
        assert value(g, move) == 0
    assert (winning_moves(g, s) == []) == (total == 0)


def test_winning_moves_in_sum_may_raise_a_part():
    # Part "a" has value 0 but an option of value 2: in a + (value-2 part) the winning
    # move may raise a part's value, so no shortcut may skip it.
    g = Graph({"a": ["c"], "b": ["z", "y"], "c": ["b", "z", "y"], "z": [], "y": ["z"]})
    assert value(g, "c") == 3 and value(g, "a") == 0 and value(g, "b") == 2
    # Sum(a, c) has value 3: c -> z wins, and so does a -> c (raising a from 0 to 3).
    moves = winning_moves(g, Sum("a", "c"))
    assert moves == [Sum("c", "c"), Sum("a", "z")]
    for move in moves:
        assert value(g, move) == 0
