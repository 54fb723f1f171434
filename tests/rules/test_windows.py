"""The sliding-window values of subtraction games (grundy.rules.windows), in Python and
compiled, against the mex definition (tests/brute.py) and the closed form of ``{1, ..., k}``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import mex
from grundy.rules.heap import Subtraction
from grundy.rules.windows import runs, subtraction_values, window_values


def plain(moves: set[int], n: int) -> list[int]:
    """g(i) = mex{g(i - s) : s in moves, s <= i}, written out."""
    g: list[int] = []
    for i in range(n):
        g.append(mex(g[i - s] for s in moves if s <= i))
    return g


@settings(max_examples=300, deadline=None)
@given(st.frozensets(st.integers(1, 40), min_size=0, max_size=12), st.integers(0, 150))
def test_windows_match_the_definition(moves, n):
    expected = plain(set(moves), n)
    assert window_values(moves, n).tolist() == expected
    assert subtraction_values(moves, n).tolist() == expected


def test_many_random_sets_with_long_runs():
    rng = random.Random(35)
    for _ in range(200):
        moves: set[int] = set()
        for _ in range(rng.randint(1, 4)):
            a = rng.randint(1, 60)
            moves.update(range(a, a + rng.randint(1, 30)))
        n = rng.randint(0, 400)
        expected = plain(moves, n)
        assert window_values(moves, n).tolist() == expected, (sorted(moves), n)
        assert subtraction_values(moves, n).tolist() == expected, (sorted(moves), n)


def test_runs_are_maximal():
    assert runs({4, 1, 2, 3, 9, 11, 10, 20}) == [(1, 4), (9, 11), (20, 20)]
    assert runs(range(1, 20000)) == [(1, 19999)]


@pytest.mark.parametrize("k", [1, 2, 7, 19999])
def test_take_one_to_k_is_n_mod_k_plus_1(k):
    # the subtraction game {1, ..., k}: g(n) = n mod (k + 1) (Winning Ways, ch. 4)
    n = max(3 * k, 100)
    assert subtraction_values(range(1, k + 1), n).tolist() == [i % (k + 1) for i in range(n)]
    if k < 100:
        assert window_values(range(1, k + 1), n).tolist() == [i % (k + 1) for i in range(n)]


def test_a_large_set_answers_its_heap():
    # the case of a user's report: 19999 moves, heap 30000 (a plain mex loop took minutes)
    game = Subtraction(range(1, 20000))
    assert game.sequence(30001)[30000] == 30000 % 20000
    assert [o for o in game.options(30000) if game.sequence(30001)[o] == 0] == [20000]


def test_removals_past_the_heaps_are_ignored():
    assert subtraction_values({3, 10**18}, 8).tolist() == [0, 0, 0, 1, 1, 1, 0, 0, 0][:8]
