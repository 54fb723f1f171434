"""``grundy play`` of every classic game, to the end, at the terminal."""

from __future__ import annotations

import pytest

GAMES = [("wythoff", ["5", "9"]), ("laskers-nim", ["3", "5"]), ("fibonacci-nim", ["12"]),
         ("euclid", ["12", "7"]), ("staircase-nim", ["3", "1", "4"]), ("moores-nim", ["3", "5"]),
         ("poker-nim", ["3", "5", "pool=2"]), ("welter", ["1", "4", "7"]),
         ("northcott", ["2,9", "1,6"]), ("treblecross", ["9"]), ("dawsons-chess", ["7"]),
         ("sub:1,2,3", ["10"])]


@pytest.mark.parametrize("game,position", GAMES, ids=[g for g, _ in GAMES])
def test_play_to_the_end_grundy_first_wins(cli, game, position) -> None:
    import json

    start = cli("analyze", game, *position, "--json")
    assert json.loads(start.out)["outcome"] == "N", game  # grundy wins only from N
    r = cli("play", game, *position, "--second", input="1\n" * 200)
    assert r.code == 0, r.err
    assert "grundy wins" in r.out


def test_a_position_past_the_search_is_not_played_move_by_move(cli) -> None:
    r = cli("play", "wythoff", "10**30", "5")
    assert r.code == 2 and r.out == "" and "too large to play" in r.err
