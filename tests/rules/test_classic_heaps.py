"""One-heap classics against a plain mex search: Lasker's nim, Fibonacci nim, Treblecross,
and subtraction games answered by their period for huge heaps."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from grundy import value
from grundy.catalog import find
from grundy.play.analysis import OutcomeAnalysis, analyze
from grundy.rules.fibonacci import zeckendorf
from brute import mex


@lru_cache(maxsize=None)
def lasker(n: int) -> int:
    """Remove any number, or split into two non-empty heaps."""
    return mex({lasker(n - k) for k in range(1, n + 1)}
               | {lasker(a) ^ lasker(n - a) for a in range(1, n)})


#: Lasker's nim, heaps 0..16 (Winning Ways ch. 4: 4k+3 and 4k+4 swapped)
LASKER_PUBLISHED = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15]


def test_laskers_nim_closed_form_is_the_search() -> None:
    game = find("laskers-nim")
    assert game.sequence(120).tolist() == [lasker(n) for n in range(120)]
    assert [lasker(n) for n in range(17)] == LASKER_PUBLISHED
    for n in (10**30, 10**30 + 1, 10**30 + 2, 10**30 + 3):
        assert value(game, n) == lasker(n % 4 + 4) + (n - n % 4 - 4)


def test_laskers_nim_winning_moves_are_the_searched_ones() -> None:
    game = find("laskers-nim")
    for heaps in ([7], [3, 5], [4, 6, 9], [12, 1]):
        found = analyze(game, heaps)
        total = 0
        for h in heaps:
            total ^= lasker(h)
        expected = [(i, o) for i, h in enumerate(heaps) for o in game.options(h)
                    if (value(game, o) ^ total ^ lasker(h)) == 0]
        assert [(m.index, m.option) for m in found.moves] == expected


def test_laskers_construction_is_a_legal_move_to_each_lower_value() -> None:
    """lasker_move, checked on every heap to 80 and every value below the heap's: an
    option of the heap (a smaller heap or a split), of the value wanted by the search."""
    from grundy.engine import Sum
    from grundy.rules.lasker import LaskersNim, lasker_move

    game = LaskersNim()
    for n in range(80):
        options = game.options(n)
        for target in range(lasker(n) + 3):
            move = lasker_move(n, target)
            if target >= lasker(n):
                assert move is None
                continue
            assert move in options, (n, target, move)
            parts = move.parts if isinstance(move, Sum) else (move,)
            worth = 0
            for p in parts:
                worth ^= lasker(p)
            assert worth == target, (n, target, move)


def test_lasker_heaps_past_the_listing_limit_answer_some_winning_moves() -> None:
    """With the listing limit cut to 12, random sums of heaps to 60: the value is the
    search's; a P-position shows no move; an N-position shows at least one, each a legal
    move to a sum worth 0, every one when no heap passes the limit (the list then equal to
    the search's), ``every_winning_move`` false otherwise."""
    import random

    from grundy.rules.lasker import LaskersNim

    game = LaskersNim()
    game.move_limit = 12
    rng = random.Random(35)
    some = 0
    for _ in range(400):
        heaps = [rng.randrange(61) for _ in range(rng.randint(1, 4))]
        total = 0
        for h in heaps:
            total ^= lasker(h)
        found = analyze(game, heaps)
        assert found.value == total and found.outcome == ("P" if total == 0 else "N")
        wins = [(i, o) for i, h in enumerate(heaps) for o in game.options(h)
                if lasker(h) ^ total ^ _worth(o) == 0]
        got = [(m.index, m.option) for m in found.moves]
        assert all(move in wins for move in got), (heaps, got)
        if total == 0:
            assert got == [] and found.every_move
        elif max(heaps) <= 12:
            assert got == wins and found.every_move
        else:
            assert got and not found.every_move, heaps
            some += 1
    assert some > 100


def _worth(option: object) -> int:
    from grundy.engine import Sum

    parts = option.parts if isinstance(option, Sum) else (option,)
    worth = 0
    for p in parts:
        worth ^= lasker(p)
    return worth


def test_a_huge_lasker_heap_answers_its_value_and_a_winning_move(cli) -> None:
    """Was refused: 'too large to list its moves'."""
    n = 10**30 + 3
    r = cli("analyze", "--json", "laskers-nim", str(n), "5")
    assert r.code == 0 and r.err == "", r
    data = json.loads(r.out)
    assert data["part_values"] == [n + 1, 5] and data["value"] == (n + 1) ^ 5
    assert data["outcome"] == "N" and data["every_winning_move"] is False
    (move,) = data["moves"]
    left = move["to"] + [5]
    assert move["from"] == n and sum(move["to"]) <= n
    worth = 0
    for h in left:
        worth ^= h + 1 if h % 4 == 3 else h - 1 if h % 4 == 0 and h else h
    assert worth == 0
    r = cli("analyze", "laskers-nim", str(n), str(n + 1))  # worth 4k+4 and 4k+3: 7
    assert r.code == 0 and f"{n} -> 1 + {n - 1}" in r.out, r
    assert "winning moves: 1 shown, by the construction" in r.out
    r = cli("analyze", "laskers-nim", str(n), str(n))
    assert r.code == 0 and "outcome: P" in r.out and "->" not in r.out, r
    mixed = analyze(f"laskers-nim {n} + nim 5")  # a sum of games asks each part's game
    assert mixed.value == (n + 1) ^ 5 and not mixed.every_move
    assert [m.describe() for m in mixed.moves] == [f"laskers-nim {n} -> laskers-nim 5"]


@lru_cache(maxsize=None)
def fib_nim(n: int, m: int) -> int:
    """n tokens, take 1..m; the next may take up to twice that."""
    return mex({fib_nim(n - t, min(2 * t, n - t)) for t in range(1, min(m, n) + 1)})


#: Fibonacci numbers: the losing heaps of Fibonacci nim (Whinihan 1963)
FIBONACCI = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


def test_fibonacci_nim_rule_is_the_search() -> None:
    game = find("fibonacci-nim")
    for n in range(60):
        for m in range(n + 1):
            assert game.is_p((n, m)) == (fib_nim(n, m) == 0), (n, m)
            zero = [o for o in game.options((n, m)) if fib_nim(*o) == 0]
            assert game.zero_options((n, m)) == zero, (n, m)
    assert [n for n in range(1, 100) if fib_nim(n, n - 1) == 0] == FIBONACCI
    assert [n for n in range(1, 100) if game.is_p(game.start(n))] == FIBONACCI


def test_fibonacci_nim_values_and_huge_heaps() -> None:
    game = find("fibonacci-nim")
    assert [value(game, game.start(n)) for n in range(1, 40)] == \
        [fib_nim(n, n - 1) for n in range(1, 40)]
    n = 10**500
    found = analyze(game, [game.start(n)])
    assert isinstance(found, OutcomeAnalysis) and found.outcome == "N"
    smallest = zeckendorf(n)[-1]
    assert found.moves[0].option == (n - smallest, 2 * smallest)


def test_zeckendorf_terms() -> None:
    for n in range(1, 2000):
        terms = zeckendorf(n)
        assert sum(terms) == n and all(t in set(_fibs()) for t in terms)
        assert all(b not in (a - 1,) for a, b in zip(terms, terms[1:]))  # distinct, decreasing
        fibs = _fibs()
        idx = [fibs.index(t) for t in terms]
        assert all(i - j >= 2 for i, j in zip(idx, idx[1:]))  # never two consecutive


def _fibs() -> list[int]:
    f = [1, 2]
    while f[-1] < 10**4:
        f.append(f[-1] + f[-2])
    return f


@lru_cache(maxsize=None)
def treblecross(m: int) -> int:
    """A strip of m free squares: an X at j kills j-2..j+2 (a move there lets the opponent
    make three in a row)."""
    return mex({treblecross(max(j - 3, 0)) ^ treblecross(max(m - j - 2, 0))
                for j in range(1, m + 1)})


def test_treblecross_is_octal_0007_with_heap_n_plus_2() -> None:
    g = find("treblecross").sequence(62).tolist()
    assert g[2:] == [treblecross(m) for m in range(60)]
    assert find("treblecross") == find("0.007")


def test_subtraction_game_answers_huge_heaps_by_its_period(cli) -> None:
    r = cli("analyze", "sub:1,2,3", "10**22", "--explain")
    assert r.code == 0, r.err
    assert "outcome: P" in r.out and "period 4" in r.out
    r = cli("analyze", "sub:1,2,3", "10**22", "3", "--json")
    data = json.loads(r.out)
    # heap 10^22 is worth 0 (10^22 = 0 mod 4), heap 3 is worth 3: take 1 from the huge
    # heap (to value 3) or all of the 3
    assert data["value"] == 3 and data["moves"] == [
        {"part": 0, "from": 10**22, "to": [10**22 - 1]}, {"part": 1, "from": 3, "to": []}]
    r = cli("analyze", "sub:1,3,4", "10000000000000000000000000000001", "--json")
    data = json.loads(r.out)
    # period 7 of sub:1,3,4 (0 1 0 1 2 3 2): heap 10^31 + 1 is 10^31 + 1 mod 7
    assert data["value"] == [0, 1, 0, 1, 2, 3, 2][(10**31 + 1) % 7]


@pytest.mark.parametrize("word", ["10**x", "1.5e22", "-5", "10**99999", "1e99999"])
def test_bad_huge_heaps_are_one_line(cli, word) -> None:
    r = cli("analyze", "sub:1,2,3", word)
    assert r.code == 2 and r.out == "" and r.err.startswith("grundy: error:")
    assert r.err.count("\n") == 1
