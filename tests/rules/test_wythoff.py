"""Wythoff's game: the theorem and the NumPy table against a plain mex search, and the
Beatty pairs against OEIS A000201 / A001950."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from grundy.catalog import find
from grundy.errors import GrundyError
from grundy.play.analysis import OutcomeAnalysis, analyze
from grundy.rules.wythoff import lower, partner, table_numpy, upper

#: OEIS A000201 (lower Wythoff sequence) and A001950 (upper), from k = 1
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35,
           37, 38, 40, 42, 43, 45, 46, 48]
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54,
           57, 60, 62, 65, 68, 70, 73, 75, 78]

N = 40


@lru_cache(maxsize=None)
def brute(a: int, b: int) -> int:
    """The plain mex recursion of Wythoff's rules."""
    seen = {brute(x, b) for x in range(a)} | {brute(a, y) for y in range(b)}
    seen |= {brute(a - t, b - t) for t in range(1, min(a, b) + 1)}
    v = 0
    while v in seen:
        v += 1
    return v


def test_beatty_pairs_are_the_published_sequences() -> None:
    assert [lower(k) for k in range(1, 31)] == A000201
    assert [upper(k) for k in range(1, 31)] == A001950


def test_the_theorem_agrees_with_the_search_on_every_small_position() -> None:
    game = find("wythoff")
    for a in range(N):
        for b in range(N):
            assert game.is_p((a, b)) == (brute(a, b) == 0), (a, b)
            zero = [o for o in game.options((a, b)) if brute(*o) == 0]
            assert game.zero_options((a, b)) == zero, (a, b)


def test_the_numpy_table_is_the_search() -> None:
    got = table_numpy(N)
    assert got.tolist() == [[brute(a, b) for b in range(N)] for a in range(N)]
    assert find("wythoff").table(5, 9).tolist() == [[brute(a, b) for b in range(9)]
                                                     for a in range(5)]


def test_partner_is_the_other_coordinate_of_a_beatty_pair() -> None:
    rng = random.Random(21)
    for _ in range(300):
        k = rng.randrange(1, 10 ** rng.randrange(1, 60))
        assert partner(lower(k)) == upper(k) and partner(upper(k)) == lower(k)


def test_huge_coordinates_answer_by_the_theorem() -> None:
    game = find("wythoff")
    k = 10**1000 + 7
    p = (lower(k), upper(k))
    assert game.is_p(p) and game.is_p(p[::-1])
    found = analyze(game, [(p[0] + 5, p[1] + 5)])
    assert isinstance(found, OutcomeAnalysis) and found.outcome == "N"
    moves = [m.option for m in found.moves]
    assert p in moves and 1 <= len(moves) <= 3 and all(game.is_p(o) for o in moves)
    assert isinstance(analyze(game, [p]), OutcomeAnalysis) and analyze(game, [p]).outcome == "P"


def test_the_must_show_command(cli) -> None:
    r = cli("analyze", "wythoff", "1000000000000", "1618033988749", "--explain")
    assert r.code == 0, r.err
    assert "value: not computed" in r.out and "Wythoff's theorem" in r.out
    assert "1000000000000,1618033988749 -> 999999999998,1618033988747" in r.out
    r = cli("analyze", "wythoff", "3,5", "--json")
    assert json.loads(r.out)["value"] == 0
    big = "9" * 1000
    r = cli("analyze", "wythoff", big, big, "--json")
    assert r.code == 0 and json.loads(r.out)["moves"][0]["to"] == [[0, 0]]


def test_the_table_command(cli) -> None:
    r = cli("table", "wythoff", "--rows", "64", "--cols", "64", "--json")
    assert r.code == 0
    rows = json.loads(r.out)
    assert rows[3][5] == 0 and rows[10][6] == 0 and len(rows) == 64 == len(rows[0])
    assert rows[20][30] == brute(20, 30)


@pytest.mark.parametrize("words,fault", [
    (["-3", "5"], "non-negative"), (["3"], "no partner"), (["3,5,7"], "3,5"),
    (["3", "five"], "a coordinate of wythoff"),
])
def test_bad_positions_are_one_line(cli, words, fault) -> None:
    r = cli("analyze", "wythoff", *words)
    assert r.code == 2 and r.out == "" and fault in r.err and r.err.count("\n") == 1


def test_values_past_the_table_are_not_made_up() -> None:
    from grundy import value

    with pytest.raises(GrundyError, match="not computed"):
        value(find("wythoff"), (5000, 3))
    with pytest.raises(GrundyError, match="at most 1024"):
        find("wythoff").table(2000, 2)
