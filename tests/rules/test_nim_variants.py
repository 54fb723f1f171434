"""Staircase nim, Moore's nim_k, Northcott's game and Euclid's game against a plain mex
search on every small position."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations, product

import pytest

from grundy import value
from grundy.catalog import find
from grundy.errors import GrundyError, UnknownGameError
from grundy.play.analysis import OutcomeAnalysis, analyze
from brute import mex


@lru_cache(maxsize=None)
def staircase(steps: tuple[int, ...]) -> int:
    seen = set()
    for i, c in enumerate(steps):
        for k in range(1, c + 1):
            new = list(steps)
            new[i] -= k
            if i:
                new[i - 1] += k
            seen.add(staircase(tuple(new)))
    return mex(seen)


def test_staircase_nim_is_nim_on_the_odd_steps() -> None:
    game = find("staircase-nim")
    for steps in product(range(4), repeat=4):
        assert value(game, steps) == staircase(steps), steps
        wins = [m.option for m in analyze(game, [steps]).moves]
        assert wins == [o for o in game.options(steps) if staircase(o) == 0]


@lru_cache(maxsize=None)
def moore(k: int, heaps: tuple[int, ...]) -> int:
    seen = set()
    for size in range(1, k + 1):
        for chosen in combinations(range(len(heaps)), size):
            for new in product(*(range(heaps[i]) for i in chosen)):
                after = list(heaps)
                for i, v in zip(chosen, new):
                    after[i] = v
                seen.add(moore(k, tuple(after)))
    return mex(seen)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moores_theorem_is_the_search(k: int) -> None:
    game = find(f"moore:{k}")
    for heaps in product(range(5), repeat=4):
        assert game.is_p(heaps) == (moore(k, heaps) == 0), heaps
        assert game.zero_options(heaps) == [o for o in game.options(heaps)
                                             if moore(k, o) == 0], heaps
    assert find("moores-nim") == find("moore:2")


def test_moores_construction_wins_on_huge_heaps() -> None:
    rng = random.Random(5)
    for k in (1, 2, 4):
        game = find(f"moore:{k}")
        for _ in range(200):
            heaps = tuple(rng.randrange(1 << 200) for _ in range(rng.randrange(2, 8)))
            if game.is_p(heaps):
                continue
            found = analyze(game, [heaps])
            assert isinstance(found, OutcomeAnalysis) and len(found.moves) == 1
            after = found.moves[0].option
            changed = [i for i in range(len(heaps)) if after[i] != heaps[i]]
            assert 1 <= len(changed) <= k and all(after[i] < heaps[i] for i in changed)
            assert game.is_p(after)


def test_a_count_of_winning_moves_is_never_a_partial_list_unsaid(cli) -> None:
    import json

    big = cli("analyze", "moores-nim", "100000", "200000", "300001")
    assert big.code == 0 and "winning moves: 1 shown, by the construction" in big.out
    data = json.loads(cli("analyze", "moores-nim", "100000", "200000", "300001", "--json").out)
    assert data["every_winning_move"] is False and data["winning_moves"] == 1
    small = json.loads(cli("analyze", "moores-nim", "3", "5", "6", "--json").out)
    game = find("moores-nim")
    every = [o for o in game.options((3, 5, 6)) if game.is_p(o)]
    assert small["every_winning_move"] is True and small["winning_moves"] == len(every)


def test_moore_notation_errors() -> None:
    with pytest.raises(UnknownGameError, match="moore:K"):
        find("moore:0")


def test_northcott_is_nim_on_the_gaps() -> None:
    game = find("northcott")

    @lru_cache(maxsize=None)
    def brute(x: int, y: int) -> int:
        return mex({brute(a, y) for a in range(x + 1, y)} | {brute(x, b) for b in range(x + 1, y)})

    for x in range(12):
        for y in range(x + 1, 14):
            assert value(game, (x, y)) == brute(x, y)
            for t in range(16):
                assert game.options_of_value((x, y), t) == [
                    o for o in game.options((x, y)) if brute(*o) == t]


def test_northcott_rejects_a_row_with_the_counters_crossed(cli) -> None:
    r = cli("analyze", "northcott", "5,3")
    assert r.code == 2 and "X < Y" in r.err and r.out == ""


@lru_cache(maxsize=None)
def euclid(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    if a < b:
        return euclid(b, a)
    return mex({euclid(a - k * b, b) for k in range(1, a // b + 1)})


def test_euclids_golden_ratio_rule_is_the_search() -> None:
    game = find("euclid")
    for a in range(60):
        for b in range(60):
            assert game.is_p((a, b)) == (euclid(a, b) == 0), (a, b)
            assert game.zero_options((a, b)) == [o for o in game.options((a, b))
                                                 if euclid(*o) == 0], (a, b)
            if a < 25 and b < 25:
                assert value(game, (a, b)) == euclid(a, b)


def test_euclid_numbers_left_without_a_partner_are_refused(cli) -> None:
    for words in (["3", "4,5", "6"], ["5"], ["-3", "5"]):
        r = cli("analyze", "euclid", *words)
        assert r.code == 2 and r.out == "" and r.err.startswith("grundy: error:"), words
    assert "no partner" in cli("analyze", "euclid", "3", "4,5", "6").err


def test_euclid_huge_numbers_answer_by_the_rule(cli) -> None:
    r = cli("analyze", "euclid", "10**40", "7", "--explain")
    assert r.code == 0 and "golden-ratio rule" in r.out and "-> 11,7" in r.out
    game = find("euclid")
    with pytest.raises(GrundyError, match="not computed"):
        value(game, (10**40, 7))


@lru_cache(maxsize=None)
def welter(coins: tuple[int, ...]) -> int:
    taken = set(coins)
    return mex({welter(tuple(sorted((taken - {x}) | {y}))) for x in coins for y in range(x)
                if y not in taken})


def test_welters_function_by_the_hook_formula_is_the_search() -> None:
    game = find("welter")
    for n in range(1, 5):
        for coins in combinations(range(10), n):
            assert value(game, coins) == welter(coins), coins
            wins = [m.option for m in analyze(game, [coins]).moves]
            assert wins == [o for o in game.options(coins) if welter(o) == 0]


def test_welter_with_one_coin_is_a_nim_heap_of_any_size() -> None:
    game = find("welter")
    assert [value(game, (x,)) for x in range(20)] == list(range(20))
    assert value(game, (10**40,)) == 10**40


def test_welter_rejects_two_coins_on_one_square(cli) -> None:
    r = cli("analyze", "welter", "2", "5", "2")
    assert r.code == 2 and r.out == "" and "two coins on square 2" in r.err
    assert r.err.count("\n") == 1


def test_welter_moves_to_any_value_are_the_searched_ones() -> None:
    """welter_moves, at any size, against the options the search values: every value
    from 0 to past the position's own, random positions of up to 7 coins on 40 squares;
    and the fast value against the hook formula."""
    from grundy.rules.strips import welter_moves, welter_value, welter_value_fast

    game = find("welter")
    rng = random.Random(35)
    for _ in range(600):
        coins = tuple(sorted(rng.sample(range(rng.choice([10, 40])), rng.randint(0, 7))))
        small = len(coins) <= (5 if max(coins, default=0) < 10 else 3)  # the search's reach
        own = welter(coins) if small else welter_value(coins)
        assert welter_value_fast(coins) == welter_value(coins) == own
        valued = [(o, welter_value(o)) for o in game.options(coins)]  # each option once
        for target in range(own + 6):
            assert welter_moves(coins, target) == [
                o for o, v in valued if v == target and target != own]
    for _ in range(200):  # huge squares: the fast value against the formula
        coins = tuple(sorted({rng.getrandbits(rng.choice([8, 100, 400])) for _ in range(9)}))
        assert welter_value_fast(coins) == welter_value(coins)


def test_welter_past_the_listing_limit_answers_every_winning_move(cli) -> None:
    """Was refused: 'squares adding up to more than 20000'; each move shown is one coin
    moved left to an empty square, leaving value 0 by the hook formula."""
    import json

    from grundy.rules.strips import welter_value

    for words in (["1", "4", "6", "20001"], ["5", "7", str(10**30)],
                  ["3", str(2**70), str(2**70 + 9)]):
        r = cli("analyze", "--json", "welter", *words)
        assert r.code == 0 and r.err == "", r
        data = json.loads(r.out)
        coins = sorted(int(w) for w in words)
        assert data["value"] == welter_value(tuple(coins)) and data["every_winning_move"]
        assert data["outcome"] == ("P" if data["value"] == 0 else "N")
        assert (data["outcome"] == "N") == bool(data["moves"])
        for move in data["moves"]:
            after = sorted(int(w) for w in move["to"][0].split())
            gone, came = set(coins) - set(after), set(after) - set(coins)
            assert len(gone) == len(came) == 1 and min(came) < min(gone)
            assert welter_value(tuple(after)) == 0
    assert "too many moves" in cli("play", "welter", "1", "4", "6", "20001").err


def test_staircase_moves_to_any_value_are_the_searched_ones(cli) -> None:
    """Every move of a value, at any size: against the options of random small positions,
    then a position past the listing limit (was refused: 'more than 20000 coins')."""
    import json

    game = find("staircase-nim")
    rng = random.Random(35)
    for _ in range(500):
        steps = tuple(rng.randrange(7) for _ in range(rng.randint(0, 5)))
        for target in range(12):
            assert game.options_of_value(steps, target) == [
                o for o in game.options(steps) if staircase(o) == target], (steps, target)
    r = cli("analyze", "--json", "staircase-nim", "30000", "1", "4", "9")
    assert r.code == 0 and r.err == "", r
    data = json.loads(r.out)
    assert data["value"] == 30000 ^ 4 and data["every_winning_move"] is True
    for move in data["moves"]:
        after = [int(w) for w in move["to"][0].split()]
        assert after[0] ^ after[2] == 0
        changed = {i: a - b for i, (a, b) in enumerate(zip(after, (30000, 1, 4, 9))) if a != b}
        i = max(changed)  # the step moved from: coins go down one step, or off from step 1
        assert changed[i] < 0 and changed == ({0: changed[0]} if i == 0 else
                                              {i: changed[i], i - 1: -changed[i]})
    assert len(data["moves"]) == data["winning_moves"] >= 1
    r = cli("analyze", "staircase-nim", "30000", "5", "30000")
    assert r.code == 0 and "outcome: P" in r.out and "->" not in r.out, r
    assert "too many to list" in cli("play", "staircase-nim", "30000", "1").err


@lru_cache(maxsize=None)
def poker(heaps: tuple[int, ...], pool: int) -> int:
    seen = set()
    for i, h in enumerate(heaps):
        for v in range(h):
            seen.add(poker(heaps[:i] + (v,) + heaps[i + 1:], pool))
        for add in range(1, pool + 1):
            seen.add(poker(heaps[:i] + (h + add,) + heaps[i + 1:], pool - add))
    return mex(seen)


def test_poker_nim_is_won_as_nim() -> None:
    game = find("poker-nim")
    for heaps in product(range(4), repeat=3):
        for pool in range(4):
            position = (heaps, pool)
            assert game.is_p(position) == (poker(heaps, pool) == 0), position
            assert game.zero_options(position) == [
                o for o in game.options(position) if poker(*o) == 0], position
            if game.value_known(position):
                assert value(game, position) == poker(heaps, pool)
