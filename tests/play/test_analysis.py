"""analyze and play: the answers a player asks for, checked against brute force."""

from __future__ import annotations

import itertools

import pytest

from grundy import Game, Sum
from grundy.play.analysis import analyze, parse_position
from grundy.errors import GrundyError
from grundy.play.match import Match, play
from grundy.rules.base import GridGame, HeapGame
from brute import sum_wins


class Sub123(HeapGame):
    def options(self, n):
        return [n - k for k in (1, 2, 3) if k <= n]


class Halves(HeapGame):
    """Split a heap into two non-empty heaps, or take one token."""

    def options(self, n):
        return ([n - 1] if n else []) + [Sum(a, n - a) for a in range(1, n // 2 + 1)]


@pytest.mark.parametrize("parts", [p for k in (1, 2, 3) for p in itertools.product(range(6), repeat=k)])
def test_analyze_matches_plain_search(parts):
    game = Halves()
    result = analyze(game, parts)
    assert (result.outcome == "N") == sum_wins(game, parts)
    # every winning move really wins, and every legal move not listed does not
    listed = {(m.index, m.option) for m in result.moves}
    for i, part in enumerate(parts):
        for option in game.options(part):
            after = list(parts[:i]) + [option] + list(parts[i + 1:])
            flat = [q for p in after for q in (p.parts if isinstance(p, Sum) else (p,))]
            assert ((i, option) in listed) == (not sum_wins(game, flat))


def test_parse_position():
    assert parse_position(Sub123(), ["3", "5"]) == [3, 5]

    class Grid(GridGame):
        def options(self, p):
            return []

    assert parse_position(Grid(), ["3x4", "2,5"]) == [(3, 4), (2, 5)]
    with pytest.raises(GrundyError, match="part 2"):
        parse_position(Sub123(), ["3", "x"])
    with pytest.raises(GrundyError, match="ROWxCOL"):
        parse_position(Grid(), ["3x"])
    with pytest.raises(GrundyError, match="start at 1"):
        parse_position(Grid(), ["0x3"])
    with pytest.raises(GrundyError, match="part 1"):  # a plain Game reads 7, 3x4 or (1,2,3)
        parse_position(Game(), ["seven"])


def test_computer_never_misses_a_win_and_wins_from_n_positions():
    game = Sub123()
    for heaps in itertools.product(range(9), repeat=2):
        answers = iter(["1"] * 100)  # the human always takes the first listed move
        lines: list[str] = []
        winner = play(game, heaps, human_first=False, seed=1, ask=lambda _: next(answers),
                      say=lines.append)
        nim_sum = (heaps[0] % 4) ^ (heaps[1] % 4)
        if nim_sum:
            assert winner == "grundy", (heaps, lines)


def test_human_who_plays_perfectly_beats_grundy_from_p_position():
    game = Sub123()
    heaps = [4, 4]  # value 0: grundy, moving first, must lose against perfect play
    match_lines: list[str] = []

    def perfect(prompt):
        # Reconstruct the position from the last "position:" line and answer the winning move.
        position = [ln for ln in match_lines if ln.startswith("\nposition:")][-1]
        parts = [int(x) for x in position.split(":")[1].split("+")]
        moves = Match(game, parts).menu()
        best = analyze(game, parts).moves[0]
        return str(moves.index(best) + 1)

    winner = play(game, heaps, human_first=False, seed=3, ask=perfect, say=match_lines.append)
    assert winner == "you"


def test_hint_and_quit():
    lines: list[str] = []
    answers = iter(["h", "zzz", "q"])
    winner = play(Sub123(), [5], ask=lambda _: next(answers), say=lines.append)
    assert winner == "grundy"
    text = "\n".join(lines)
    assert "winning moves: 1" in text and "please type a number" in text


@pytest.mark.parametrize("name, parts", [("kayles", [7, 12, 30]), ("grundys-game", [25, 9]),
                                         ("mock-turtles", [5, 9]), ("coins", [(3, 4), (5, 2)]),
                                         ("split", [(4, 3), (2, 5)]), ("squares", [(3, 3), (4, 2)])])
def test_analysis_primed_by_kernels_equals_plain_engine(name, parts):
    from grundy.catalog import lookup
    from grundy.engine import part_winning_moves, value

    primed = analyze(lookup(name).make(), parts)  # memo filled from the game's kernel
    fresh = lookup(name).make()  # nothing primed: the engine on the rules alone
    assert primed.part_values == tuple(value(fresh, p) for p in parts)
    assert [(m.index, m.option) for m in primed.moves] == part_winning_moves(fresh, parts)


def test_analysis_limits_are_clear_errors(cli):
    from support import assert_one_line_error

    from grundy.catalog import find

    # the games' own limits (a row of Kayles past its limit is answered by its period)
    heap, side = find("grundys-game").move_limit, find("coins").move_limit
    assert_one_line_error(cli("analyze", "grundys-game", str(heap + 1)), "too large")
    assert_one_line_error(cli("analyze", "coins", f"3x{side + 1}"), "too large")


# -- games answered by a theorem past the search ---------------------------------------


def test_a_position_past_the_search_is_answered_by_the_theorem() -> None:
    from grundy.catalog import find
    from grundy.play.analysis import OutcomeAnalysis, analyze as run, parse_position, theorem_of

    wythoff = find("wythoff")
    parts = parse_position(wythoff, ["10**40", "7", "3,5"])
    assert parts == [(10**40, 7), (3, 5)]
    found = run(wythoff, parts[:1])
    assert isinstance(found, OutcomeAnalysis) and found.value is None
    text = found.describe()
    assert "value: not computed" in text and "10000000000000000000000000000000000000000,7 ->" in text
    assert theorem_of(wythoff) is not None and "Wythoff" in str(theorem_of(wythoff))
    assert theorem_of(find("kayles")) is not None  # the octal certifier
    # in a sum, the value of every part is needed: a clear error, not a made-up value
    with pytest.raises(GrundyError, match="not computed"):
        run(wythoff, parts)


def test_moves_are_written_in_the_games_notation() -> None:
    from grundy.catalog import find
    from grundy.play.analysis import analyze as run

    found = run(find("euclid"), [(11, 7), (5, 3)])
    assert found.moves
    for m in found.moves:  # A,B as typed, not the 11x7 of a grid cell
        assert m.describe() == "{},{} -> {},{}".format(*m.part, *m.option)


def test_an_answer_with_some_winning_moves_says_so_in_words(monkeypatch) -> None:
    """The plain text, the explanation and the notebook of an answer whose moves are some
    of the winning moves (a huge Lasker heap), or none (a cycle past the cycle work)."""
    import grundy.rules.hackenbush as hackenbush
    from grundy.catalog import find
    from grundy.web.explain import explain

    lasker = find("laskers-nim")
    found = analyze(lasker, [10**30 + 3, 5])
    assert not found.every_move and len(found.moves) == 1
    assert "1 shown, by the construction" in found.describe()
    assert "there may be others" in explain(lasker, found)
    assert "(some, by the construction)" in found._repr_html_()
    monkeypatch.setattr(hackenbush, "CYCLE_WORK", 30)
    drawing = find("green-hackenbush")
    found = analyze(drawing, [drawing.parse_position("cycle:21")])  # worth 1: cut the middle
    assert (found.value, found.moves, found.every_move) == (1, (), False)
    assert "winning moves: none shown" in found.describe()
    assert "too large for grundy to find a winning move" in explain(drawing, found)
    assert found.as_dict()["every_winning_move"] is False
