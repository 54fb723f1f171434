"""The splitting game (beans): the fast sequence vs the engine and published values, the
bean-by-bean theory vs the rules-literal game on whole rows, counting vs brute force, the CLI."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from grundy.engine import value
from grundy.rules.beans import (
    MEX_LIMIT,
    BeanBottles,
    Beans,
    PairCounter,
    _mex_sequence,
    analyse,
    odious_sequence,
    position_value,
    winning_moves,
)
from support import DATA, assert_one_line_error

COIN_GAMES = DATA / "coin_games.txt"


def triples(n: int):
    return [(i, j, k) for i in range(n) for j in range(i + 1, n) for k in range(j, n)]


def play(p: tuple[int, ...], move: tuple[int, int, int]) -> tuple[int, ...]:
    i, j, k = move
    q = list(p)
    q[i] -= 1
    q[j] += 1
    q[k] += 1
    return tuple(q)


def test_sequence_matches_the_engine():
    g = Beans()
    assert Beans().sequence(13).tolist() == [value(g, d) for d in range(13)]


def test_sequence_is_mock_turtles_published():
    """A bean's options (nothing, one bean, two beans further right) are Mock Turtles' (turn
    the head and up to two coins to its left), so sg(d) is the d-th odious number."""
    line = next(x for x in COIN_GAMES.read_text().splitlines() if x.startswith("mock-turtles:"))
    assert "source:" in line
    published = [int(v) for v in line.split(":", 1)[1].split("|")[0].split()]
    seq = Beans().sequence(len(published) + 1).tolist()
    assert seq[0] == 0 and seq[1:] == published
    odious = [m for m in range(5000) if bin(m).count("1") % 2][:2000]  # the definition
    assert Beans().sequence(2001).tolist()[1:] == odious
    assert odious_sequence(2001).tolist()[1:] == odious


def test_mex_computation_and_closed_form_agree_up_to_the_switch():
    """Past MEX_LIMIT positions sequence() uses the closed form: both agree up to there."""
    assert (_mex_sequence(MEX_LIMIT) == odious_sequence(MEX_LIMIT)).all()
    assert (Beans().sequence(MEX_LIMIT + 5)[:MEX_LIMIT] == _mex_sequence(MEX_LIMIT)).all()


def small_rows():
    for n in range(1, 5):
        yield from product(range(3), repeat=n)


def test_theory_matches_the_literal_game_on_all_small_rows():
    """Every row of up to 4 bottles with up to 2 beans each: the value, the winning moves
    (in lexicographic order) and their count, against the rules-literal game."""
    game = BeanBottles()
    for p in small_rows():
        assert value(game, p) == position_value(p), p
        literal = [m for m in triples(len(p)) if p[m[0]] and value(game, play(p, m)) == 0]
        assert winning_moves(p) == literal, p
        result = analyse(p)
        assert result.winning_moves == len(literal)
        assert result.move == (literal[0] if literal else None)
        assert (result.value == 0) == (not literal)


@lru_cache(maxsize=None)
def first_player_wins(p: tuple[int, ...]) -> bool:
    """Plain game-tree search, no Grundy theory."""
    return any(not first_player_wins(play(p, m)) for m in triples(len(p)) if p[m[0]])


def test_solver_matches_plain_search(cli):
    rows = [p for p in small_rows() if len(p) <= 3 or sum(p) <= 2]  # 1000 tests at most
    data = f"{len(rows)}\n" + "".join(f"{len(p)}\n{' '.join(map(str, p))}\n" for p in rows)
    r = cli("solve", "beans", input=data)
    assert r.code == 0
    out = r.out.splitlines()
    assert len(out) == 2 * len(rows)
    for index, p in enumerate(rows):
        assert (out[2 * index] != "-1 -1 -1") == first_player_wins(p), p


def test_counting_matches_brute_force_on_random_rows():
    rng = random.Random(11)
    pairs = PairCounter(40)
    for _ in range(300):
        n = rng.randint(1, 14)
        p = tuple(rng.choice([0, 0, 1, 2, 3, 10**18]) for _ in range(n))
        brute = winning_moves(p)
        result = analyse(p, pairs)
        assert (result.move, result.winning_moves) == (brute[0] if brute else None, len(brute))


def test_pair_counter_matches_a_dictionary_count():
    n = 60
    pc = PairCounter(n)
    sg = Beans().sequence(n).tolist()
    ds, ts, expected = [], [], []
    for d in range(n + 1):
        counts = Counter(sg[a] ^ sg[b] for a in range(d) for b in range(a, d))
        for t in list(counts)[:20] + [0, 5, 1 << 12]:
            ds.append(d)
            ts.append(t)
            expected.append(counts.get(t, 0))
    assert pc.count(np.array(ds), np.array(ts)).tolist() == expected


def test_large_row_count_matches_a_quadratic_count():
    rng = random.Random(5)
    n = 400
    p = [rng.choice([0, 1, 2]) for _ in range(n)]
    sg = Beans().sequence(n)[::-1].tolist()  # bottle i is position n-1-i
    v = 0
    for i in range(n):
        if p[i] & 1:
            v ^= sg[i]
    total = 0
    for i in range(n):
        if p[i]:
            after = Counter(sg[i + 1:])
            t = v ^ sg[i]
            total += (n - 1 - i) if t == 0 else sum(after[x ^ t] for x in after) // 2
    result = analyse(p)
    assert result.value == v and result.winning_moves == total


def test_official_sample(cli):
    r = cli("solve", "beans", input="2\n4\n1 0 1 5000\n3\n0 0 1\n")
    assert r.code == 0 and r.out == "0 2 3\n1\n-1 -1 -1\n0\n"
    assert cli("solve", "hnoi2007", input="2\n4\n1 0 1 5000\n3\n0 0 1\n").out == r.out


def test_json_and_explain(cli):
    r = cli("solve", "beans", "--json", input="2\n4\n1 0 1 5000\n3\n0 0 1\n")
    first, second = map(json.loads, r.out.splitlines())
    assert first == {"winner": "first", "judge": None, "value": position_value((1, 0, 1, 5000)),
                     "move": [0, 2, 3], "winning_moves": 1}
    assert second == {"winner": "second", "judge": None, "value": 0, "move": None,
                      "winning_moves": 0}
    r = cli("solve", "beans", "--explain", input="1\n4\n1 0 1 5000\n")
    assert r.out.startswith("0 2 3\n1\n  ") and "line 2" in r.out


def test_limits_sizes(cli):
    rng = random.Random(2)
    p = [rng.randint(0, 10**18) for _ in range(2000)]
    r = cli("solve", "beans", input=f"1\n2000\n{' '.join(map(str, p))}\n")
    assert r.code == 0
    result = analyse(p)
    move = " ".join(map(str, result.move)) if result.move else "-1 -1 -1"
    assert r.out == f"{move}\n{result.winning_moves}\n"


BAD = [
    ("", None, "empty input"),
    ("\n \n", None, "empty input"),
    ("0\n", 1, "t = 0 is out of range"),
    ("1001\n", 1, "t = 1001 is out of range"),
    ("2\n3\n0 0 1\n", 3, "unexpected end of input, expected n of test 2"),
    ("1\n3\n", 2, "expected the 3 bean counts of test 1"),
    ("1\n3\n0 0\n", 3, "holds 2 numbers"),
    ("1\n3\n0 0 1 1\n", 3, "holds 4 numbers"),
    ("1\n3 0 0 1\n", 2, "n alone"),
    ("1\n0\n\n", 2, "n = 0 is out of range"),
    ("1\n2001\n", 2, "n = 2001 is out of range"),
    ("1\n3\n0 -1 1\n", 3, "p[1] = -1 is out of range"),
    ("1\n3\n0 1000000000000000001 1\n", 3, "p[1] = 1000000000000000001 is out of range"),
    ("1\n3\n0 x 1\n", 3, "p[1] must be an integer, got 'x'"),
    ("1\n3\n0 0.5 1\n", 3, "must be an integer"),
    ("1.0\n", 1, "t must be an integer"),
    ("1\n3\n0 0 1\n7\n", 4, "after the last of the 1 tests"),
    ("1\n3\n0 0 \xe9\n", 3, "non-ASCII"),
]


@pytest.mark.parametrize("data, line, words", BAD)
def test_bad_input_is_one_line_error(cli, data, line, words):
    assert_one_line_error(cli("solve", "beans", input=data.encode("latin-1")), words, line)
