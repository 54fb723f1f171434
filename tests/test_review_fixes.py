"""The fixes of a review of the command line: rulesets that never end, board tables saved
to a path that fails, graph positions that read back and moves that name their vertex,
the count of a stopped survey, malformed boards and bars, the playground's game fields.

Each test compares with a definition (the rules, a plain search, a round trip through the
game's own reading), never with text copied from an answer."""

from __future__ import annotations

import errno
import itertools
import re
import resource
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.catalog import entries, find
from grundy.engine import EndlessGameError, Game, LoopyGameError, Sum, _solve, value
from grundy.errors import GrundyError
from grundy.rules.base import HeapGame
from grundy.rules.cells import Board
from grundy.rules.graphs import ArcKayles, Graph, NodeKayles

from support import assert_one_line_error


def run_limited(*args: str, cwd: Path | None = None, timeout: float = 60) -> Any:
    """``grundy ARGS`` in a subprocess held to 3 GB of address space and ``timeout``
    seconds (a ruleset that never ends must not take the machine with it)."""
    from conftest import Result

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    try:
        proc = subprocess.run([sys.executable, "-m", "grundy", *args], capture_output=True,
                              timeout=timeout, preexec_fn=limit, cwd=cwd)
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(args)} ran past {timeout} s")
    return Result(proc.returncode, proc.stdout.decode(), proc.stderr.decode())


# -- 3. moves that never end ----------------------------------------------------------------

#: a guard in each ruleset: before the fix the search ran on for ever; here it stops at
#: a position no search that ends would reach, with an error that is not the one wanted
GUARD = 10**5


class Typo(HeapGame):
    """The README's subtraction game without ``if k <= n``."""

    def options(self, n: int) -> list[int]:
        if n < -GUARD:
            raise RuntimeError("ran away")
        return [n - k for k in (1, 3, 4)]


class Up(HeapGame):
    def options(self, n: int) -> list[int]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [n + 1]


class SplitsUp(HeapGame):
    """Splits heap n into n and 1: a part that is not smaller."""

    def options(self, n: int) -> list[Any]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [Sum(n, 1)] if n else []


class UpGame(Game):
    depth_limit = 5000

    def options(self, n: int) -> list[int]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [n + 1, n + 2]


def _bad_option(game: HeapGame, heap: int, option: int) -> None:
    """``option`` is a part of an option of ``heap`` and not a heap below it (the definition
    of what a heap game may not do)."""
    parts = [p for o in game.options(heap) for p in (o.parts if isinstance(o, Sum) else (o,))]
    assert option in parts
    assert not 0 <= option < heap


@pytest.mark.parametrize("cls", [Typo, Up, SplitsUp])
def test_a_heap_game_option_that_is_not_a_smaller_heap_is_refused(cls: type[HeapGame]) -> None:
    for ask in (lambda g: value(g, 10), lambda g: g.sequence(10), lambda g: value(g, 1)):
        game = cls()
        with pytest.raises(EndlessGameError) as info:
            ask(game)
        assert isinstance(info.value, LoopyGameError) and isinstance(info.value, GrundyError)
        _bad_option(game, info.value.position, info.value.option)
        text = str(info.value)
        assert cls.__name__ in text and "\n" not in text
        named = re.search(r"heap (-?\d+) has an option (-?\d+)", text)
        assert named and (int(named[1]), int(named[2])) == (info.value.position,
                                                            info.value.option)


def test_a_game_whose_moves_never_end_stops_at_its_depth_limit() -> None:
    game = UpGame()
    with pytest.raises(EndlessGameError) as info:
        value(game, 0)
    assert info.value.position == 0 and "never end" in str(info.value)
    assert len(game.cache) <= game.depth_limit  # the memo did not grow past the search


def test_a_deep_game_that_ends_is_still_valued() -> None:
    """A chain of 2 * 10^5 positions, asked from the top: the period of sub:1,3,4."""

    class Sub134(Game):
        def options(self, n: int) -> list[int]:
            return [n - k for k in (1, 3, 4) if k <= n]

    period = [0, 1, 0, 1, 2, 3, 2]
    for n in (200_000, 123_457):
        assert value(Sub134(), n) == period[n % 7]


def test_every_built_in_heap_game_has_smaller_options() -> None:
    """Searched from the top (every option met first in the search), as the sequence says."""
    for entry in entries():
        game = find(entry.name)
        if isinstance(game, HeapGame):
            memo: dict[Any, int] = {}
            got = [memo[n] if n in memo else _solve(game, n, memo) for n in range(24)]
            assert got == game.sequence(24).tolist(), entry.name


RULES = textwrap.dedent('''
    import grundy

    class SubH(grundy.HeapGame):
        def options(self, n):
            return [n - k for k in (1, 3, 4)]

    class Sub(grundy.Game):
        def options(self, n):
            return [n - k for k in (1, 3, 4)]

    class Up(grundy.Game):
        def options(self, n):
            return [n + 1]

    class Fails(grundy.Game):
        def options(self, n):
            if n < 3:
                raise ValueError("no rule below 3")
            return [n - 1]
''')


def test_the_cli_refuses_rulesets_that_never_end(tmp_path: Path) -> None:
    (tmp_path / "neg_rules.py").write_text(RULES)
    for args in (["analyze", "neg_rules.py:SubH", "10"],
                 ["sequence", "neg_rules.py:SubH", "-n", "10"]):
        result = run_limited(*args, cwd=tmp_path)
        assert_one_line_error(result, "SubH")
        named = re.search(r"heap (-?\d+) has an option (-?\d+)", result.err)
        assert named
        _bad_option(Typo(), int(named[1]), int(named[2]))
    for args in (["analyze", "neg_rules.py:Sub", "10"], ["analyze", "neg_rules.py:Up", "3"]):
        result = run_limited(*args, cwd=tmp_path)
        assert_one_line_error(result, "never end")


def test_play_refuses_a_failing_ruleset_before_it_shows_anything(tmp_path: Path) -> None:
    """The start is valued before the first word, in normal play as in misère play: the
    position and its moves are not shown for a game that turns out to have no value."""
    from conftest import Result

    (tmp_path / "neg_rules.py").write_text(RULES)
    for game, words in (("neg_rules.py:SubH", "SubH"), ("neg_rules.py:Fails", "no rule below 3")):
        for extra in ([], ["--misere"]):
            proc = subprocess.run([sys.executable, "-m", "grundy", "play", game, "10", *extra],
                                  input="1\nq\n", capture_output=True, text=True, timeout=60,
                                  cwd=tmp_path)
            assert_one_line_error(Result(proc.returncode, proc.stdout, proc.stderr), words)


# -- 6. a board table saved to a path that fails ----------------------------------------------

def _kernel() -> Any:
    from grundy.rules.cram import kernel

    found = kernel()
    if found is None:
        pytest.skip("the compiled board search is not built")
    return found


def test_a_table_saved_where_no_folder_is_refused_before_any_search(tmp_path: Path,
                                                                   monkeypatch: Any) -> None:
    from grundy.research.boards import board_values

    search = _kernel()
    calls = []
    real = search.value
    monkeypatch.setattr(search, "value", lambda *a: calls.append(a) or real(*a))
    target = tmp_path / "nodir" / "t.tab"
    with pytest.raises(GrundyError) as info:
        board_values(2, 3, table=target)
    assert str(target) in str(info.value) and calls == []
    assert not target.parent.exists()


def _cram_value(rows: int, cols: int) -> int:
    """Cram by a plain memoised search of the rules (two free adjacent cells)."""
    cells = frozenset(itertools.product(range(rows), range(cols)))
    memo: dict[frozenset[tuple[int, int]], int] = {}

    def g(free: frozenset[tuple[int, int]]) -> int:
        if free not in memo:
            seen = {g(free - {a, b}) for a in free for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                    if b in free}
            memo[free] = next(m for m in itertools.count() if m not in seen)
        return memo[free]

    return g(cells)


def test_a_table_whose_file_fails_at_the_end_is_printed_all_the_same(tmp_path: Path,
                                                                    monkeypatch: Any,
                                                                    capsys: Any) -> None:
    from grundy.cli.main import run
    from grundy.research import boards

    _kernel()

    def full(path: Any, search: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(boards, "save_table", full)
    target = tmp_path / "t.tab"
    assert run(["table", "cram", "--rows", "2", "--cols", "4", "--save", str(target)]) == 2
    out, err = capsys.readouterr()
    rows = [line.split()[1:] for line in out.splitlines()[1:]]
    assert rows == [[str(_cram_value(r, c)) for c in range(1, 5)] for r in range(1, 3)]
    assert err.startswith("grundy: error: ") and err.count("\n") == 1 and str(target) in err


# -- 8. graph positions read back; moves name their vertex or edge ------------------------------

@st.composite
def graphs(draw: Any) -> Graph:
    n = draw(st.integers(0, 9))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return Graph.make(n, edges)


def _pieces(option: Any) -> tuple[Any, ...]:
    return option.parts if isinstance(option, Sum) else (option,)


@given(graphs())
def test_every_graph_text_reads_back(g: Graph) -> None:
    for game in (NodeKayles(), ArcKayles()):
        assert game.parse_position(game.format_position(g)) == g
        for option in game.options(g):
            for piece in _pieces(option):
                assert game.parse_position(game.format_position(piece)) == piece


def test_graph_texts_read_back_for_the_families_and_the_empty_graph() -> None:
    for game in (NodeKayles(), ArcKayles()):
        for text in ("path:5", "bipartite:0,3", "star:0", "path:0", "empty", "petersen",
                     "complete:1", "0-1,5"):
            g = game.parse_position(text)
            assert game.parse_position(game.format_position(g)) == g
        for text in ("path:5", "petersen", "bipartite:0,3"):  # every winning move too
            g = game.parse_position(text)
            for option in game.winning_moves(g):
                for piece in _pieces(option):
                    assert game.parse_position(game.format_position(piece)) == piece


def _taken(g: Graph, move: str, rule: int) -> list[Graph]:
    """The pieces left by the move a description names, played by the rules on ``g``."""
    numbers = [int(x) for x in re.findall(r"\d+", move)]
    if rule == 1:
        (v,) = numbers
        return [p for p in g.without({v} | g.neighbours()[v]) if p.n]
    u, v = numbers
    assert (min(u, v), max(u, v)) in g.edges
    return [p for p in g.without({u, v}) if p.edges]


@given(graphs())
def test_each_move_of_a_graph_names_what_it_takes(g: Graph) -> None:
    for game, rule in ((NodeKayles(), 1), (ArcKayles(), 0)):
        options = game.options(g)
        named = [game.describe_move(g, o) for o in options]
        assert all(isinstance(m, str) for m in named)
        assert len(set(named)) == len(options)  # one vertex or edge a move, each once
        for option, move in zip(options, named):
            assert [p for p in _pieces(option) if p.n] == _taken(g, str(move), rule)


def test_the_winning_moves_of_petersen_name_ten_vertices() -> None:
    game = NodeKayles()
    g = game.parse_position("petersen")
    moves = game.winning_moves(g)
    named = {game.describe_move(g, o) for o in moves}
    assert len(moves) == len(named) == 10


def test_a_move_that_leaves_nothing_reads_back_as_the_hackenbush_word() -> None:
    from grundy.rules.hackenbush import Drawing, GreenHackenbush

    hack = GreenHackenbush()
    word = hack.format_position(Drawing.make([]))
    for game, text in ((ArcKayles(), "path:2"), (NodeKayles(), "path:3"), (NodeKayles(), "0")):
        g = game.parse_position(text)
        (option,) = game.winning_moves(g)
        assert game.format_position(option) == word
        assert game.parse_position(word) == option


def test_board_moves_need_no_words() -> None:
    game = NodeKayles()
    board = game.parse_position("2x2")
    assert all(game.describe_move(board, o) is None for o in game.options(board))
    assert Game().describe_move(3, 2) is None


# -- 9. a stopped survey counts what it saved -------------------------------------------------

def test_a_stopped_misere_survey_counts_the_quotients_saved(tmp_path: Path, monkeypatch: Any,
                                                            capsys: Any) -> None:
    from grundy.cli.main import run
    from grundy.research import survey

    db_path = tmp_path / "int.db"
    stored = ["0.07", "0.12", "0.31"]

    def stopped(codes: Any, db: Any, *args: Any, **kwargs: Any) -> None:
        for code in stored:
            db.put_misere({"code": code, "certified": False, "order": 2, "p_size": 1,
                           "period": None, "preperiod": None, "checked_to": 5,
                           "reason": "stopped", "seconds": 0.1})
        raise KeyboardInterrupt

    monkeypatch.setattr(survey, "run_survey", stopped)
    assert run(["survey", "0.??", "--misere", "--local-only", "--db", str(db_path)]) == 2
    err = capsys.readouterr().err
    codes = survey.codes_of("0.??")
    with survey.SurveyDB(str(db_path)) as db:
        saved = len(db.misere_rows(codes))
    assert saved == len(stored)
    assert f" {saved} of {len(codes)} " in err


# -- 11, 12. malformed bars and boards ------------------------------------------------------------

@given(st.lists(st.integers(1, 9), min_size=1, max_size=6), st.data())
def test_a_bar_with_a_height_left_out_is_refused(heights: list[int], data: Any) -> None:
    game = grundy.Chomp()
    heights.sort(reverse=True)
    words = [str(h) for h in heights]
    assert game.parse_position(",".join(words)) == tuple(heights)
    at = data.draw(st.integers(0, len(words)))
    with pytest.raises(GrundyError):
        game.parse_position(",".join(words[:at] + [""] + words[at:]))


def test_malformed_bars_and_boards_are_one_line_errors(cli: Any) -> None:
    for game, word in (("chomp", "5,,3"), ("chomp", ",3"), ("cram", "4,5"), ("cram", "|")):
        assert_one_line_error(cli("analyze", game, word), "part 1: ")
    with pytest.raises(GrundyError, match="empty"):
        Board.parse("|")


def test_a_board_error_of_the_api_names_its_part_like_the_others() -> None:
    from grundy.web import api

    for game, parts, bad in (("cram", ["2x2", "|"], 1), ("cram", ["xx"], 0),
                             ("chomp", ["3x3", "5,,3"], 1), ("kayles", [3, "a"], 1)):
        with pytest.raises(api.RequestError) as info:
            api.analyze({"game": game, "position": parts})
        assert str(info.value).startswith(f"position[{bad}]: "), str(info.value)
    with pytest.raises(api.RequestError, match=r"^position\[0\]: .*empty"):
        api.analyze({"game": "cram", "position": ["|"]})


# -- 13. a game without a table is sent to a command that works ----------------------------------

@pytest.mark.parametrize("name", ["chomp", "green-hackenbush", "kayles"])
def test_table_suggests_a_command_that_works(cli: Any, name: str) -> None:
    result = cli("table", name)
    assert_one_line_error(result, name)
    suggested = re.findall(r"'(grundy [^']+)'", result.err)
    assert suggested
    for command in suggested:
        words = shlex.split(command)
        assert words[0] == "grundy"
        answer = cli(*words[1:])
        assert answer.code == 0 and answer.out, (command, answer)


# -- 14. the playground's game fields lead to what works -----------------------------------------

def test_every_game_info_has_a_readable_repr_and_a_map_that_works() -> None:
    from grundy.web import api

    for entry in entries():
        info = api.game_info({"game": entry.name})
        assert " object at 0x" not in info["repr"], entry.name
        table = {"game": entry.name, "rows": 3, "cols": 3}
        seq = {"game": entry.name, "n": 5}
        works = {}
        for kind, call, body in (("table", api.table, table), ("sequence", api.sequence, seq)):
            try:
                call(body)
                works[kind] = True
            except api.RequestError:
                works[kind] = False
        assert info["map"] in (None, "table", "sequence"), entry.name
        wanted = {"table": info["map"] == "table", "sequence": info["map"] == "sequence"}
        assert works == wanted, entry.name
        assert (info["dims"] == 2) == (info["map"] == "table"), entry.name


def test_the_board_games_repr_pastes_back() -> None:
    for name in ("cram", "chomp", "node-kayles", "arc-kayles", "green-hackenbush"):
        game = find(name)
        again = eval(repr(game), vars(grundy) | {n: getattr(grundy, n) for n in grundy.__all__})
        assert type(again) is type(game)


def test_a_cram_table_of_the_api_is_the_plain_search() -> None:
    from grundy.web import api

    data = api.table({"game": "cram", "rows": 3, "cols": 4})
    assert data["values"] == [[_cram_value(r, c) for c in range(1, 5)] for r in range(1, 4)]


# -- 15. what is wrong, said -----------------------------------------------------------------------

def test_a_subtraction_game_without_numbers_says_so() -> None:
    for key in ("allbut:", "sub:", "allbut: "):
        with pytest.raises(GrundyError, match="no numbers"):
            find(key)


def test_an_empty_position_file_is_named(cli: Any, tmp_path: Path) -> None:
    for text in ("", "\n  \n"):
        path = tmp_path / "graph.txt"
        path.write_text(text)
        for game in ("node-kayles", "cram", "green-hackenbush"):
            result = cli("analyze", game, f"@{path}")
            assert_one_line_error(result, str(path))
            assert "empty" in result.err


def test_a_long_path_is_named_whole_in_an_error(cli: Any, tmp_path: Path) -> None:
    deep = tmp_path / ("folder-with-a-long-name-" * 3) / ("and-another-one-" * 3)
    deep.mkdir(parents=True)
    path = deep / "graph.txt"
    path.write_text("")
    assert 150 < len(str(path)) < 240
    assert_one_line_error(cli("analyze", "node-kayles", f"@{path}"), str(path))
    missing = deep / "nothere.py"
    assert_one_line_error(cli("sequence", f"{missing}:G"), f"{missing} does not exist")
