"""Results know their JSON: one move schema for the command line and the playground, and
the command line's position grammar (``wythoff 3,5 + nim 4``) read by the library."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

import grundy
from grundy.catalog import find
from grundy.catalog.positions import read_position
from grundy.cli.main import main as grundy_cli
from grundy.engine import Sum
from grundy.errors import GrundyError
from grundy.play.analysis import analyze
from grundy.web import api

#: what only the playground adds to a move: the line its menu shows, the key a click sends
#: and the keys of what the move removes from the drawing
PLAYGROUND_EXTRAS = {"text", "take", "gone"}


def cli_json(*words: str) -> dict[str, Any]:
    done = CliRunner().invoke(grundy_cli, ["analyze", *words, "--json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return dict(json.loads(done.output))


def shared(move: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in move.items() if k not in PLAYGROUND_EXTRAS}


#: (game, the position's words on the command line, the same position as the API's text)
CASES = [
    ("kayles", ["3", "5", "7"]),
    ("nim", ["1", "2", "4"]),
    ("poker-nim", ["3", "5", "7", "pool=3"]),
    ("moores-nim", ["3", "5", "6"]),
    ("northcott", ["2,9"]),
    ("staircase-nim", ["3", "1", "4", "1"]),
    ("split", ["4x3"]),
    ("coins", ["2x3", "1,1"]),
    ("chomp", ["3x3"]),
    ("cram", ["2x3"]),
    ("green-hackenbush", ["0-1,1-2"]),
    ("nim", ["3"]),
    ("wythoff", ["3,5", "+", "nim", "4"]),
    ("kayles", ["4", "+", "cram", "2x2", "+", "chomp", "2x2"]),
]


@pytest.mark.parametrize("game, words", CASES)
def test_the_command_line_and_the_playground_write_the_same_moves(game: str,
                                                                  words: list[str]) -> None:
    found = cli_json(game, *words)
    web = api.analyze({"game": game, "position": " ".join(words)})
    assert found["outcome"] == web["outcome"] and found["value"] == web["value"]
    assert found["moves"] == [shared(m) for m in web["winning_moves"]]
    assert found["moves"] or found["outcome"] == "P"
    for move in found["moves"]:
        assert set(move) <= {"part", "from", "to", "says"}


def test_the_json_of_an_analysis_is_its_as_dict() -> None:
    game = find("kayles")
    result = analyze(game, [3, 5, 7])
    assert cli_json("kayles", "3", "5", "7") == result.as_dict()
    assert result.as_dict()["part_values"] == [grundy.value(game, p) for p in (3, 5, 7)]


def _read_back(game: Any, part_json: Any) -> Any:
    """A part written by the JSON, read back as a user would type it."""
    if isinstance(part_json, dict):
        inner = find(part_json["game"])
        return _read_back(inner, part_json["position"])
    if isinstance(part_json, str):
        return game.parse_position(part_json)
    if isinstance(part_json, list):
        return tuple(part_json)
    return part_json


@pytest.mark.parametrize("game, words", [c for c in CASES if "+" not in c[1]])
def test_each_move_reads_back_as_the_position_it_leaves(game: str, words: list[str]) -> None:
    """The "to" of each winning move, typed back in, is a position of value 0 with the
    rest (the JSON is the notation users type, not a Python repr)."""
    ruleset, parts = read_position([game, *words])
    found = cli_json(game, *words)
    for move in found["moves"]:
        left = list(parts[:move["part"]]) + [_read_back(ruleset, p) for p in move["to"]] \
            + list(parts[move["part"] + 1:])
        assert grundy.value(ruleset, Sum(*left)) == 0, move


def test_the_library_reads_a_sum_of_different_games_as_the_command_line_does() -> None:
    a = grundy.analyze("wythoff 3,5 + nim 4 + kayles 7")
    b = cli_json("wythoff", "3,5", "+", "nim", "4", "+", "kayles", "7")
    assert a.as_dict() == b
    wythoff, nim, kayles = find("wythoff"), find("nim"), find("kayles")
    assert a.value == grundy.value(wythoff, (3, 5)) ^ grundy.value(nim, 4) ^ grundy.value(kayles, 7)


def test_random_sums_read_from_text_equal_the_engine() -> None:
    rng = random.Random(5)
    games = {"nim": lambda: str(rng.randint(0, 20)), "kayles": lambda: str(rng.randint(0, 30)),
             "wythoff": lambda: f"{rng.randint(0, 12)},{rng.randint(0, 12)}",
             "sub:1,3,4": lambda: str(rng.randint(0, 40))}
    for _ in range(40):
        names = [rng.choice(list(games)) for _ in range(rng.randint(1, 4))]
        text = " + ".join(f"{n} {games[n]()}" for n in names)
        got = grundy.analyze(text)
        expected = 0
        for summand in text.split(" + "):
            name, word = summand.split()
            game = find(name)
            expected ^= grundy.value(game, game.parse_position(word))
        assert got.value == expected, text
        assert (got.outcome == "P") == (expected == 0)
        for move in got.moves:  # every winning move leaves a sum of value 0
            left = [p for i, p in enumerate(got.parts) if i != move.index]
            option = move.option.parts if isinstance(move.option, Sum) else (move.option,)
            total = 0
            for part in [*left, *option]:
                total ^= grundy.value(got.game, part)
            assert total == 0, (text, move.describe())


@pytest.mark.parametrize("text, words", [
    ("", "give a game and a position"),
    ("nim", "give a position"),
    ("wythoff 3,5 + nim", "summand 2 of the sum needs a game and a position"),
    ("wythoff 3,5 + + nim 4", "summand 2 of the sum needs a game and a position"),
    ("no-such-game 3", "unknown game"),
    ("nim 3 x", "part 2"),
])
def test_bad_text_positions_are_clear_errors(text: str, words: str) -> None:
    with pytest.raises(GrundyError, match=words):
        grundy.analyze(text)


def test_a_text_and_parts_together_are_refused() -> None:
    with pytest.raises(GrundyError, match="one text"):
        grundy.analyze("nim 3", [4])
    with pytest.raises(GrundyError, match="give the parts"):
        grundy.analyze(find("nim"))


def test_a_sum_played_on_the_api_reads_its_own_answer_back() -> None:
    first = api.analyze({"game": "wythoff", "position": "3,5 + nim 4"})
    assert first["position"] == [{"game": "wythoff", "position": [3, 5]},
                                 {"game": "nim", "position": 4}]
    for sent in (first["position"], ["wythoff 3,5", "nim 4"]):  # as JSON parts, or as text
        again = api.analyze({"game": "mixed", "position": sent})
        assert again["value"] == first["value"] and again["winning_moves"] == first["winning_moves"]
    nim_move = next(m for m in first["winning_moves"] if m["part"] == 1)
    played = api.move({"game": "mixed", "position": first["position"],
                       "move": {"part": 1, "to": nim_move["to"]}})
    assert played["threw_away_win"] is False and played["reply"] is not None
    assert played["your_move"] == nim_move


@pytest.mark.parametrize("part, words", [
    ({"game": "nim"}, "expected {\"game\": NAME"),
    ({"game": "no-such", "position": 3}, "position[0].game: unknown game"),
    ({"game": "nim", "position": 301}, "position[0].position: 301 is too large"),
    ({"game": "cram", "position": "6x6"}, "position[0].position: a board of 6x6 is too large"),
    ({"game": 3, "position": 3}, "expected {\"game\": NAME"),
])
def test_bad_parts_of_a_sum_are_named(part: dict[str, Any], words: str) -> None:
    with pytest.raises(api.RequestError) as caught:
        api.analyze({"game": "mixed", "position": [part]})
    assert words in str(caught.value)
