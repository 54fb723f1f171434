"""Heaps past the listing limit: ``analyze`` answers their value, outcome and the winning
moves its game can build without listing every option (nim by Bouton's rule; the
take-and-break codes by their proved period), each checked here against the game's own
listing of options on positions where that limit is cut down, so both paths run."""

from __future__ import annotations

import json
import random

import pytest

from grundy import GrundyError, Sum
from grundy.play.analysis import analyze
from grundy.rules.heap import Nim, TakeAndBreak
from grundy.rules.heap_moves import SHOWN


def test_nim_answers_every_winning_move_at_any_size() -> None:
    """Bouton's rule against the listing: on random sums of heaps to 40, the moves shown
    are exactly the options (by ``options()``) that leave the nim sum 0, all of them."""
    game = Nim()
    rng = random.Random(4)
    for _ in range(300):
        heaps = [rng.randrange(41) for _ in range(rng.randint(1, 4))]
        total = 0
        for h in heaps:
            total ^= h
        found = analyze(game, heaps)
        wins = [(i, o) for i, h in enumerate(heaps) for o in game.options(h)
                if total ^ h ^ o == 0]
        assert found.value == total and found.every_move
        assert [(m.index, m.option) for m in found.moves] == wins


def test_a_huge_nim_heap_answers_its_value_and_its_winning_move(cli) -> None:
    """Was refused: 'heap 1000000 is too large to list its moves in nim'."""
    n = 10**30
    r = cli("analyze", "--json", "nim", str(n), "5", "7")
    assert r.code == 0 and r.err == "", r
    data = json.loads(r.out)
    assert data["part_values"] == [n, 5, 7] and data["value"] == n ^ 2
    assert data["every_winning_move"] is True and data["winning_moves"] == 1
    assert data["moves"] == [{"part": 0, "from": n, "to": [2]}]
    r = cli("analyze", "nim", "1000000", "5")
    assert r.code == 0 and "winning moves: 1\n  1000000 -> 5\n" in r.out, r
    r = cli("analyze", "nim", str(n), str(n))
    assert r.code == 0 and "outcome: P" in r.out and "->" not in r.out, r


# -- take-and-break codes past the listing limit: moves built from the proved period --------

#: codes whose moves leave two heaps at most, their periods proved within a few hundred
#: values: Kayles, Dawson's Kayles, Dawson's chess and others (e + p from 3 to 167)
CODES = ["0.77", "0.07", "0.137", "0.71", "0.73", "0.17", "0.26", "0.53", "0.54", "0.34",
         "0.15", "0.35", "0.33", "0.44"]
LIMIT = 20  # the listing limit, cut down so that both paths run on heaps the test can list
TOP = 320  # the largest heap tried


def _listed_values(game: TakeAndBreak, top: int) -> list[int]:
    """Values of heaps 0..top-1 by the mex rule over the game's own listing of options (no
    kernel, no period)."""
    g: list[int] = []
    for n in range(top):
        seen = set()
        for o in game.options(n):
            worth = 0
            for h in (o.parts if isinstance(o, Sum) else (o,)):
                worth ^= g[h]
            seen.add(worth)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def _leaves(option: object) -> tuple[int, ...]:
    return tuple(option.parts) if isinstance(option, Sum) else (option,) if option else ()


def _cut(code: str) -> TakeAndBreak:
    """The code with its listing limit cut to :data:`LIMIT`, its period proved first (a heap
    just past the limit would not be enough values to prove it)."""
    game = TakeAndBreak(code)
    game.fast_value(10**6)
    game.move_limit = LIMIT
    return game


@pytest.mark.parametrize("code", CODES)
def test_moves_built_from_the_period_are_the_first_of_each_kind(code: str) -> None:
    """For every heap past the cut limit to 320 and every value: the moves built are options
    of the listing, each worth the value by the mex rule, and they are exactly the first
    (at most SHOWN) of the listed ones whose smaller heap is within e + p; and every listed
    move of that value has one of those of its kind (its smaller heap a multiple of the
    period lower, the other as much higher): at least one is shown iff one exists."""
    game = _cut(code)
    found = game.period()
    assert found is not None and found.saltus == 0, code
    e, p = found.preperiod, found.period
    g = _listed_values(game, TOP)
    for n in range(LIMIT + 1, TOP):
        by_value: dict[int, list[tuple[int, ...]]] = {}
        for o in game.options(n):
            leaves = _leaves(o)
            worth = 0
            for h in leaves:
                worth ^= g[h]
            by_value.setdefault(worth, []).append(leaves)
        assert game.fast_value(n) == g[n], (code, n)
        for target in range(max(by_value, default=0) + 2):
            listed = by_value.get(target, [])
            first = [o for o in listed if len(o) < 2 or o[0] <= e + p]
            built = [_leaves(o) for o in game.options_of_value(n, target)]
            assert built == first[:SHOWN], (code, n, target)
            assert not game.every_zero_option(n, target)
            for o in listed:  # every kind of move has its first one among `first`
                a, rest = (o[0], sum(o)) if len(o) == 2 else (0, sum(o))
                while a > e + p:
                    a -= p
                assert len(o) < 2 or (a, rest - a) in first, (code, n, target, o)
            assert bool(built) == bool(listed), (code, n, target)


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137"])
def test_sums_past_the_limit_answer_their_value_and_winning_moves(code: str) -> None:
    """Random sums of heaps to 320 with the listing cut at 20: the value is the mex rule's,
    a P-position shows no move, an N-position at least one, each an option of the listing
    that leaves value 0; every move when no heap passes the limit (then the search's list),
    ``every_move`` false otherwise."""
    game = _cut(code)
    g = _listed_values(game, TOP)
    rng = random.Random(int(code[2:]))
    built = 0
    for _ in range(150):
        heaps = [rng.randrange(TOP) if rng.random() < 0.6 else rng.randrange(LIMIT + 1)
                 for _ in range(rng.randint(1, 3))]
        total = 0
        for h in heaps:
            total ^= g[h]
        found = analyze(game, heaps)
        assert found.value == total and found.outcome == ("P" if total == 0 else "N")
        wins = [(i, o) for i, h in enumerate(heaps) for o in game.options(h)
                if total ^ g[h] ^ _worth(g, o) == 0]
        got = [(m.index, m.option) for m in found.moves]
        assert all(move in wins for move in got), (heaps, got)
        if total == 0:
            assert got == [] and found.every_move
        elif max(heaps) <= LIMIT:
            assert got == wins and found.every_move
        else:
            assert got and not found.every_move, heaps
            built += 1
    assert built > 30


def _worth(g: list[int], option: object) -> int:
    worth = 0
    for h in _leaves(option):
        worth ^= g[h]
    return worth


def test_a_code_without_a_proved_period_is_still_refused_past_the_limit() -> None:
    """Past the limit the moves are built from a period; without one proved (Kayles on its
    first 26 values), the heap is refused as before, and a three-heap code keeps its limit."""
    game = TakeAndBreak("0.77")
    game.move_limit = LIMIT
    with pytest.raises(GrundyError, match="no period of its values is proved"):
        analyze(game, [25])
    with pytest.raises(GrundyError, match="too large to list its moves"):
        analyze(TakeAndBreak("0.8"), [1001])


def test_a_huge_kayles_heap_answers_its_value_and_some_winning_moves(cli) -> None:
    """Was refused: 'heap 1000000000000000000000000000000 is too large to list its moves'."""
    n = 10**30
    r = cli("analyze", "--json", "kayles", str(n), "7")
    assert r.code == 0 and r.err == "", r
    data = json.loads(r.out)
    assert data["every_winning_move"] is False and data["moves"]
    assert all(sum(m["to"]) in (n - 1, n - 2) for m in data["moves"] if m["part"] == 0)
    r = cli("analyze", "kayles", str(n))
    assert r.code == 0 and "winning moves: 10 shown, by the construction" in r.out, r
    r = cli("analyze", "0.07", "10**20", "+", "0.07", "3")
    assert r.code == 0 and "shown, by the construction" in r.out, r
    for verb in (("play",), ("genus",), ("analyze", "--misere")):
        r = cli(*verb, "kayles", str(n))
        assert r.code == 2 and "too large to list its moves" in r.err, (verb, r)


@pytest.mark.parametrize("code", CODES)
def test_a_heap_a_multiple_of_the_period_larger_has_the_same_moves(code: str) -> None:
    """Past 2^62 the other heap of a split is valued by its place in the period alone: a heap
    2^64 periods larger (past 2 (e + p) + t, so every heap it leaves is periodic) has the
    same moves, its larger heap as much larger, and the same value."""
    game = _cut(code)
    found = game.period()
    assert found is not None
    e, p = found.preperiod, found.period
    shift = p << 64
    start = max(LIMIT + 1, 2 * (e + p) + game.max_removed)  # both built from the period
    for n in range(start, start + 2 * p + 10):
        assert game.fast_value(n + shift) == game.fast_value(n)
        for target in range(8):
            small = [_leaves(o) for o in game.options_of_value(n, target)]
            huge = [_leaves(o) for o in game.options_of_value(n + shift, target)]
            assert huge == [o[:-1] + (o[-1] + shift,) for o in small], (code, n, target)


# -- Turning Turtles and Twins: a coin of any size, its one move to each value ------------------


@pytest.mark.parametrize("name", ["turning-turtles", "twins"])
def test_coins_answer_every_winning_move_at_any_size(name: str) -> None:
    """The closed forms (coin n worth n; n - 1) against the mex rule over the game's own
    listing of options, and their moves of each value against the listing, on every coin to
    60 and on random sums of heads; a coin of 10^30 answered as the formula says."""
    from grundy.catalog import find

    game = find(name)
    g: list[int] = []
    for n in range(61):
        seen = {_worth(g, o) for o in game.options(n)}
        g.append(min(set(range(len(seen) + 1)) - seen))
        assert game.fast_value(n) == g[n]
        for target in range(n + 2):
            listed = [o for o in game.options(n) if _worth(g, o) == target]
            assert game.options_of_value(n, target) == listed, (name, n, target)
    rng = random.Random(14)
    for _ in range(200):
        heads = sorted(rng.sample(range(1, 61), rng.randint(1, 4)))
        total = 0
        for h in heads:
            total ^= g[h]
        found = analyze(game, heads)
        wins = [(i, o) for i, h in enumerate(heads) for o in game.options(h)
                if total ^ g[h] ^ _worth(g, o) == 0]
        assert found.value == total and found.every_move
        assert [(m.index, m.option) for m in found.moves] == wins
    big = analyze(game, [10**30, 5])
    shift = 1 if name == "twins" else 0
    assert list(big.part_values) == [10**30 - shift, 5 - shift]
    assert [(m.index, m.option) for m in big.moves] == [(0, Sum(5))] and big.every_move
