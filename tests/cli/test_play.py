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


def test_time_bounds_each_of_grundys_searches() -> None:
    """Cram 6 x 7 takes minutes to search: with --time 1 grundy opens with a random move,
    saying so, and the match goes on (the check of the opening, the move and the check of
    the give-up each stop at 1 s); in CPU time, well within what a hang would take."""
    from support import HANG, run_limited

    r = run_limited("play", "cram", "6x7", "--second", "--time", "1", input="q\n")
    assert (r.code, r.err) == (0, ""), r
    assert "ran out before it found a winning move" in r.out, r.out
    assert "grundy plays 6x7 -> " in r.out and "You gave up" in r.out, r.out
    assert r.cpu < HANG / 4, r.cpu  # three searches of 1 s and the start-up: a few seconds
