"""Misère moves in each game's own notation: written as normal play writes them, read back,
named by the hint's menu line, the same in the JSON and the text."""

from __future__ import annotations

import json
import re

import pytest

from grundy import Game, Sum, find
from grundy.play.analysis import analyze_misere, parse_position
from grundy.play.match import Match, play
from grundy.rules.closed import WordReader
from support import run_limited


#: a small position of each family, searched in misère play
FAMILIES = ["nim 3 4", "kayles 3 5", "laskers-nim 3 4", "staircase-nim 1 2 3",
            "poker-nim 3 5 2", "moores-nim 2 3 4", "fibonacci-nim 7", "wythoff 2,3",
            "euclid 7,3", "welter 2 5 9", "northcott 2,9 3,5", "grundys-game 7",
            "turning-turtles 3 5", "twins 4 6", "mock-turtles 3 5", "ruler 3 6", "coins 2x3",
            "split 3x2", "beans 2 1 1", "cram 2x3 3x1", "chomp 4,2", "node-kayles path:5",
            "green-hackenbush stalk:3 0-1,1-2,1-3", "sub:1,2 5 7", "0.fc 6", "chomp 3,2,1 2x3"]


def _read(game: Game, text: str) -> list[object]:
    """The parts a text of a move's side names (``nothing``: none), the game's words on
    the move (``(cut edge 0-1)``) left out."""
    text = re.sub(r"\s*\([A-Za-z][^()]*\)$", "", text)
    if text == "nothing":
        return []
    if isinstance(game, WordReader):
        return parse_position(game, text.split())
    return parse_position(game, text.split(" + "))


@pytest.mark.parametrize("case", FAMILIES[::2] + ["chomp 4,2", "cram 2x3 3x1"])
def test_misere_moves_are_written_as_normal_play_writes_them(case: str) -> None:
    name, *words = case.split()
    game = find(name)
    parts = parse_position(game, words)
    found = analyze_misere(game, parts)
    normal = {(m.index, repr(m.option)): m.describe() for m in Match(game, parts).moves()}
    for m in found.moves:
        text = m.describe()
        assert text == normal[(m.index, repr(m.option))], (case, text)
        left, _, right = text.partition(" -> ")
        assert _read(game, left) == [m.part], (case, text)  # the text reads back
        assert _read(game, right) == (list(m.option.parts) if isinstance(m.option, Sum)
                                      else [m.option]), (case, text)
    assert all(m.describe() in found.describe() for m in found.moves)


@pytest.mark.parametrize("case", ["chomp 4,2", "wythoff 2,3", "cram 2x3 3x1"])
def test_the_hint_names_the_menu_line(case: str) -> None:
    name, *words = case.split()
    game = find(name)
    lines: list[str] = []
    answers = iter(["h", "q"])
    play(game, parse_position(game, words), misere=True, ask=lambda _: next(answers),
         say=lines.append, color=False)
    menu = {line.split(". ", 1)[1]: line.split(".")[0].strip() for line in lines
            if line.startswith("  ") and "->" in line and "hint:" not in line}
    hints = [line for text in lines for line in text.splitlines() if "hint:" in line]
    assert hints
    for hint in hints:
        move, _, number = hint.split("hint: ")[1].partition(" (move ")
        assert menu[move] == number.rstrip(")"), (hint, menu)


def test_the_json_and_the_text_name_the_same_moves() -> None:
    done = run_limited("analyze", "chomp", "4,2", "--misere", "--json")
    moves = json.loads(done.out)["moves"]
    chomp = find("chomp")
    text = run_limited("analyze", "chomp", "4,2", "--misere").out
    for m in moves:
        # a chomp part is written as the game writes it (what 'grundy analyze' reads back)
        shown = (f"{chomp.format_position(chomp.parse_position(m['from']))} -> "
                 + " + ".join(chomp.format_position(chomp.parse_position(p)) for p in m["to"]))
        assert f"  {shown}\n" in text
