"""Heaps past the listing limit: ``analyze`` answers their value, outcome and the winning
moves its game can build without listing every option (nim by Bouton's rule; the
take-and-break codes by their proved period), each checked here against the game's own
listing of options on positions where that limit is cut down, so both paths run."""

from __future__ import annotations

import json
import random

from grundy.play.analysis import analyze
from grundy.rules.heap import Nim


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
