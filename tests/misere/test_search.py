"""Misère play against Bouton's rule, the misère mex rule for single games, and plain search."""

from __future__ import annotations

import json
import random
from functools import lru_cache, partial
from itertools import product as tuples

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import Game, GrundyError, LoopyGameError, Sum, find
from grundy.play.misere import search as misere
from grundy.play.misere import misere_outcome, misere_winning_moves
from grundy.rules.heap import misere_nim_outcome
from grundy.play.match import play
from brute import sum_wins
from support import assert_one_line_error


class PlainNim(Game):  # not grundy's Nim: no Bouton shortcut, the search decides
    def options(self, n: int) -> range:
        return range(n)


def bouton(heaps: tuple[int, ...]) -> str:
    """Misère nim (Bouton 1902), written out independently of the module."""
    total = 0
    for h in heaps:
        total ^= h
    if max(heaps, default=0) <= 1:
        return "P" if total == 1 else "N"
    return "P" if total == 0 else "N"


@pytest.mark.parametrize("heaps", list(tuples(range(5), repeat=3)) + [(7,), (1,), (), (6, 5, 3, 0)])
def test_search_follows_boutons_rule(heaps: tuple[int, ...]) -> None:
    expected = bouton(heaps)
    assert misere_outcome(PlainNim(), Sum(*heaps)) == expected
    assert misere_outcome(find("nim"), Sum(*heaps)) == expected  # the rule itself
    assert misere_nim_outcome(heaps) == expected  # the one home of the rule
    moves = misere_winning_moves(PlainNim(), Sum(*heaps))
    assert bool(moves) == (expected == "N" and any(heaps))  # no move left: won, no move to make
    assert all(bouton(move.parts) == "P" for move in moves)
    assert moves == misere_winning_moves(find("nim"), Sum(*heaps))


def misere_mex(game: Game, position: object) -> int:
    """The misère Grundy value of one game: 1 with no move, else the mex of the options'
    (a sum as an option is refused here); 0 exactly for misère P-positions."""
    @lru_cache(maxsize=None)
    def g(p: object) -> int:
        values = {g(o) for o in game.options(p)}
        if not values:
            return 1
        m = 0
        while m in values:
            m += 1
        return m
    return g(position)


def random_dag(rng: random.Random, n: int) -> dict[int, list[int]]:
    return {u: [v for v in range(u) if rng.random() < 0.35] for u in range(n)}


class Dag(Game):
    def __init__(self, edges: dict[int, list[int]]) -> None:
        self.edges = edges

    def options(self, u: int) -> list[int]:
        return self.edges[u]


@pytest.mark.parametrize("seed", range(20))
def test_single_games_follow_the_misere_mex_rule(seed: int) -> None:
    rng = random.Random(seed)
    game = Dag(random_dag(rng, 14))
    for u in range(14):
        assert misere_outcome(game, u) == ("P" if misere_mex(game, u) == 0 else "N")


def plain_search(edges: dict[int, list[int]], parts: tuple[int, ...]) -> str:
    """Misère outcome of a sum by the definition, on tuples: a move changes one part;
    with no move anywhere, the player to move wins (the opponent moved last)."""
    @lru_cache(maxsize=None)
    def wins(state: tuple[int, ...]) -> bool:
        options = [tuple(sorted(state[:i] + (v,) + state[i + 1:]))
                   for i, u in enumerate(state) for v in edges[u]]
        return not options or any(not wins(o) for o in options)
    return "N" if wins(tuple(sorted(parts))) else "P"


@settings(max_examples=80)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 9), min_size=1, max_size=4))
def test_sums_agree_with_a_plain_search(seed: int, parts: list[int]) -> None:
    edges = random_dag(random.Random(seed), 10)
    game = Dag(edges)
    expected = plain_search(edges, tuple(parts))
    assert misere_outcome(game, Sum(*parts)) == expected
    for move in misere_winning_moves(game, Sum(*parts)):
        assert plain_search(edges, move.parts) == "P"


def test_a_game_whose_moves_split_rows() -> None:
    """Kayles (a move may split a row in two): misère outcomes of rows and sums of rows
    against a plain search over sorted tuples of rows."""
    kayles = find("kayles")
    wins = partial(sum_wins, kayles, misere=True)  # misère wins, by the definition

    for rows in [(n,) for n in range(1, 16)] + [(1, 2), (3, 4), (2, 2, 5), (1, 1, 1, 6)]:
        expected = "N" if wins(tuple(sorted(rows))) else "P"
        assert misere_outcome(kayles, Sum(*rows)) == expected, rows


def test_limits_and_loops(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(misere, "MAX_POSITIONS", 50)
    with pytest.raises(GrundyError, match="smaller position"):
        misere_outcome(PlainNim(), Sum(5, 6, 7, 8))
    monkeypatch.setattr(misere, "MAX_POSITIONS", 10**9)
    monkeypatch.setattr(misere, "MAX_SECONDS", 0)  # the time budget stops it as well
    with pytest.raises(GrundyError, match="smaller position"):
        misere_outcome(PlainNim(), Sum(5, 6, 7, 8, 9))
    monkeypatch.undo()  # a loop is found within the usual budget

    class Seesaw(Game):
        def options(self, n: int) -> list[int]:
            return [1 - n]

    with pytest.raises(LoopyGameError):
        misere_outcome(Seesaw(), 0)


def test_misere_analysis_and_play_through_the_cli(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("analyze", "nim", "1", "1", "2", "--misere", "--json")
    assert result.code == 0
    found = json.loads(result.out)
    assert found["misere"] is True and found["outcome"] == bouton((1, 1, 2)) == "N"
    assert [(m["from"], m["to"]) for m in found["moves"]] == [(2, [1])]  # to 1 + 1 + 1
    text = cli("analyze", "kayles", "3", "5", "7", "--misere").out
    kayles = find("kayles")
    assert text.startswith("misère play:") and f"outcome: {misere_outcome(kayles, Sum(3, 5, 7))}" in text
    assert "no move is left" in cli("analyze", "nim", "0", "0", "--misere").out


@pytest.mark.parametrize("heaps", [(1, 2), (2, 2), (1, 1, 1), (3, 1), (1,), (4, 4, 1)])
def test_grundy_wins_misere_nim_whenever_it_can(heaps: tuple[int, ...]) -> None:
    for human_first in (True, False):
        lines: list[str] = []
        answers = iter(["1"] * 50)  # the human takes the first listed move
        winner = play(find("nim"), list(heaps), human_first=human_first, seed=2, misere=True,
                      ask=lambda _: next(answers), say=lines.append)
        grundy_moves_first = not human_first
        if (bouton(heaps) == "N") == grundy_moves_first:  # grundy starts in an N-position
            assert winner == "grundy", (heaps, human_first, lines)
        assert lines[0].startswith("misère play")


def test_misere_cli_play_and_bad_positions(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("play", "nim", "1", "--misere", input="1\n")  # you take the last token
    assert result.code == 0 and result.out.startswith("misère play")
    assert "you moved last and lose" in result.out
    assert_one_line_error(cli("analyze", "nim", "x", "--misere"), "expected a heap size")
    assert_one_line_error(cli("analyze", "kayles", "3", "--misere", "--bogus"), "--bogus")


# -- the limits of normal play, and one budget for a question ------------------------------

import time

from grundy.play.analysis import analyze_misere
from grundy.play.misere import search
from support import run_limited


@pytest.mark.parametrize("args,words", [
    (["grundys-game", "1000000000000"], "too large to list its moves"),
    (["grundys-game", "10000000"], "too large to list its moves"),
    (["0.8", "10000", "3"], "too large to list its moves"),
])
def test_misere_refuses_what_normal_play_refuses(args: list[str], words: str) -> None:
    normal = run_limited("analyze", *args)
    assert_one_line_error(normal, words)
    misere = run_limited("analyze", *args, "--misere")
    assert_one_line_error(misere, words)
    assert misere.err == normal.err
    assert misere.cpu < 10  # refused before any search: seconds of CPU, however busy the machine


@pytest.mark.parametrize("args", [["kayles", "1000000000000"], ["kayles", "10000000"]])
def test_misere_refuses_heaps_whose_moves_normal_play_builds_without_listing(
        args: list[str]) -> None:
    """Normal play builds the winning moves of a huge Kayles row (its period); misère play
    lists every move of a game without a misère rule of its own, so it keeps the limit
    (misère nim answers any heap: below)."""
    normal = run_limited("analyze", *args)
    assert normal.code == 0 and "outcome: N" in normal.out, normal.err
    assert_one_line_error(run_limited("analyze", *args, "--misere"),
                          "too large to list its moves")


def _unlisted_nim(monkeypatch: pytest.MonkeyPatch) -> Game:
    """grundy's nim with its listing limit cut to 0 and its moves never listed: what answers
    its misère questions is Bouton's rule (``misere_winning_moves_of``) alone."""
    from grundy.rules.heap import Nim

    def unlisted(self: Nim, n: int) -> list[int]:
        raise AssertionError(f"the moves of heap {n} were listed")

    monkeypatch.setattr(Nim, "options", unlisted)
    game = Nim()
    game.move_limit = 0
    return game


def test_misere_nim_by_its_rule_is_the_search_on_random_sums(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """500 random sums of up to 5 heaps up to 12 (some of 0s and 1s only): the outcome and
    the winning moves by Bouton's rule (no move listed, no heap within the listing limit)
    are the move-by-move search's (PlainNim: no rule of its own) and a plain search's
    (tests/brute.py), in the same order."""
    plain, listed = PlainNim(), find("nim")
    rng = random.Random(1902)
    tops = [rng.choice((2, 4, 13, 13)) for _ in range(500)]  # some of heaps of 0 and 1 only
    wanted = [[rng.randrange(top) for _ in range(rng.randint(1, 5))] for top in tops]
    searched = []
    for heaps in wanted:
        moves = misere.misere_part_winning_moves(plain, heaps)
        brute = [(i, o) for i, h in enumerate(heaps) for o in range(h - 1, -1, -1)
                 if not sum_wins(listed, heaps[:i] + [o] + heaps[i + 1:], misere=True)]
        assert sorted(moves) == sorted(brute), heaps  # PlainNim lists its moves the other way up
        assert misere_outcome(plain, Sum(*heaps)) == ("N" if sum_wins(listed, heaps, misere=True)
                                                      else "P"), heaps
        searched.append((misere_outcome(plain, Sum(*heaps)), brute))
    game = _unlisted_nim(monkeypatch)
    kinds = set()
    for heaps, (outcome, moves) in zip(wanted, searched):
        assert misere_outcome(game, Sum(*heaps)) == outcome, heaps
        assert misere.misere_part_winning_moves(game, heaps) == moves, heaps
        found = analyze_misere(game, heaps)
        assert found.outcome == outcome and [(m.index, m.option) for m in found.moves] == moves
        kinds.add((outcome, sum(h > 1 for h in heaps) if len(heaps) > 1 else -1))
    assert {("P", 0), ("N", 0), ("N", 1), ("P", 2), ("N", 2), ("N", -1)} <= kinds  # each case


def test_misere_nim_answers_huge_heaps_through_the_python_api(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """Heaps of 10^30 and 10^40 (refused before: 'too large to list its moves'), no move
    listed: the winning moves are the rule's (the heap to 0 or 1 leaving the 1s odd, or
    to a nim-sum of 0)."""
    big = 10**30
    nim = find("nim")
    assert misere_outcome(nim, big) == "N" and misere_winning_moves(nim, big) == [1]
    game = _unlisted_nim(monkeypatch)
    assert misere_outcome(game, Sum(big, big, 1)) == "N"
    assert misere_winning_moves(game, Sum(big, big, 1)) == [Sum(big, big, 0)]
    assert misere_winning_moves(game, Sum(1, 1, 10**40)) == [Sum(1, 1, 1)]
    assert misere_winning_moves(game, Sum(1, 10**40)) == [Sum(1, 0)]
    assert misere_outcome(game, Sum(big, big)) == "P"
    assert misere_winning_moves(game, Sum(big, big)) == []
    assert misere.misere_part_winning_moves(game, [3, big, 7]) == [(1, 4)]
    assert misere.misere_answer(game, [big, 5]) == ("N", [(0, 5)],
                                                    ["decided by the game's own misère rule"])


def test_misere_refuses_a_drawing_whose_cuts_normal_play_finds_without_listing() -> None:
    normal = run_limited("analyze", "green-hackenbush", "stalk:1001")
    assert normal.code == 0 and "(cut edge 0-1)" in normal.out, normal.err
    assert_one_line_error(run_limited("analyze", "green-hackenbush", "stalk:1001", "--misere"),
                          "a drawing of 1001 edges is too large to list every cut")


@pytest.mark.parametrize("args", [["analyze", "0.07", "100000", "--misere"],
                                  ["play", "0.07", "20000", "--misere", "--second"]])
def test_a_search_past_its_limits_stops_in_seconds(args: list[str]) -> None:
    """No quotient covers these heaps: the search stops with one line, about 5 s in
    (the reviewer's runs took 30-110 s, or were killed), nothing written before it.
    Its CPU time is the measure: the budget runs on the clock, so the search can only use
    less CPU than it is given, never more, on a busy machine."""
    done = run_limited(*args, input="q\n", budget=1)
    assert_one_line_error(done, "misère analysis needs more than")
    assert "grundy quotient 0.07" in done.err  # a heap game: its quotient may help
    assert done.cpu < search.MAX_SECONDS + 5, done.cpu


def test_one_budget_for_the_whole_question(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The outcome, the quotient computed for it and the listing of the winning moves all
    share the question's time: a short budget stops a large question soon."""
    monkeypatch.setattr(search, "MAX_SECONDS", 0.5)
    game = find("0.07")
    start = time.process_time()  # this process's CPU time: what a busy machine does not stretch
    with pytest.raises(GrundyError, match="needs more than 0.5 s"):
        analyze_misere(game, [20000])
    assert time.process_time() - start < 2.5


def test_the_search_counts_the_options_it_keeps(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The options listed are held in the memo: they count against MAX_CELLS."""
    monkeypatch.setattr(search, "MAX_CELLS", 2000)

    class Wide(Game):  # one position with 5000 options, each a position without a move
        def options(self, n: int) -> list[int]:
            return list(range(1, 5001)) if n == 0 else []

    with pytest.raises(GrundyError, match="parts held at once"):
        search.misere_outcome(Wide(), 0)


def test_quotient_suggested_for_heap_games_only() -> None:
    for args in (["cram", "8x8"],):  # chomp 9x9 takes the same path (5 s each)
        done = run_limited("analyze", *args, "--misere", budget=1)
        assert_one_line_error(done, "misère analysis needs more than")
        assert "quotient" not in done.err
