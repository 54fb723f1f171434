"""Misère play within its limits, in each game's notation, and the commands' one-line
errors: the size limits of normal play, one budget of time for a whole question, the
quotient solver's time and memory, rulesets that raise, closed output, the genus JSON."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time

import pytest

from grundy import Game, GrundyError, Sum, find
from grundy.misere import solver as solver_module
from grundy.misere.quotient import Quotient, Unverified, quotient, verify
from grundy.play.analysis import analyze_misere, parse_position
from grundy.play.match import Match, play
from grundy.play.misere import search
from grundy.rules.base import HeapGame
from grundy.rules.closed import WordReader
from grundy.rules.codes import Code, code_options
from support import assert_one_line_error


def _run(*args: str, megabytes: int = 3000, seconds: float = 60,
         input: str | None = None, env: dict[str, str] | None = None,
         budget: float | None = None) -> subprocess.CompletedProcess[str]:
    """``grundy ARGS`` under a memory limit and a time limit (with the misère search's
    budget set to ``budget`` seconds, so that a test waits out less than its 5 s)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

    command = [sys.executable, "-m", "grundy"] if budget is None else [
        sys.executable, "-c", "import grundy.play.misere.search as s; "
        f"s.MAX_SECONDS = {budget}; from grundy.cli.console import main; main()"]
    return subprocess.run([*command, *args], capture_output=True,
                          text=True, timeout=seconds, preexec_fn=limit, input=input, env=env)


def _one_line_error(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stdout == "", done.stdout[:500]
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1, done.stderr
    assert words in done.stderr, done.stderr


# -- 1. the limits of normal play, and one budget for a question ------------------------


@pytest.mark.parametrize("args,words", [
    (["kayles", "1000000000000"], "too large to list its moves"),
    (["kayles", "10000000"], "too large to list its moves"),
    (["nim", "100000000000000000000", "3"], "too large to list its moves"),
])
def test_misere_refuses_what_normal_play_refuses(args: list[str], words: str) -> None:
    normal = _run("analyze", *args)
    _one_line_error(normal, words)
    start = time.monotonic()
    misere = _run("analyze", *args, "--misere")
    _one_line_error(misere, words)
    assert misere.stderr == normal.stderr
    assert time.monotonic() - start < 10


def test_misere_refuses_a_drawing_whose_cuts_normal_play_finds_without_listing() -> None:
    normal = _run("analyze", "green-hackenbush", "stalk:1001")
    assert normal.returncode == 0 and "(cut edge 0-1)" in normal.stdout, normal.stderr
    _one_line_error(_run("analyze", "green-hackenbush", "stalk:1001", "--misere"),
                    "a drawing of 1001 edges is too large to list every cut")


@pytest.mark.parametrize("args", [["analyze", "0.07", "100000", "--misere"],
                                  ["play", "0.07", "20000", "--misere", "--second"]])
def test_a_search_past_its_limits_stops_in_seconds(args: list[str]) -> None:
    """No quotient covers these heaps: the search stops with one line, about 5 s in
    (the reviewer's runs took 30-110 s, or were killed), nothing written before it."""
    start = time.monotonic()
    done = _run(*args, input="q\n", budget=1)
    took = time.monotonic() - start
    _one_line_error(done, "misère analysis needs more than")
    assert "grundy quotient 0.07" in done.stderr  # a heap game: its quotient may help
    assert took < search.MAX_SECONDS + 5, took


def test_one_budget_for_the_whole_question(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The outcome, the quotient computed for it and the listing of the winning moves all
    share the question's time: a short budget stops a large question soon."""
    monkeypatch.setattr(search, "MAX_SECONDS", 0.5)
    game = find("0.07")
    start = time.monotonic()
    with pytest.raises(GrundyError, match="needs more than 0.5 s"):
        analyze_misere(game, [20000])
    assert time.monotonic() - start < 2.5


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
        done = _run("analyze", *args, "--misere", budget=1)
        _one_line_error(done, "misère analysis needs more than")
        assert "quotient" not in done.stderr


# -- 5. the quotient solver's time and memory -------------------------------------------


@pytest.mark.parametrize("code", ["4.1", "0.f", "sevens", "nim"])
def test_the_time_limit_holds(code: str) -> None:
    """4.1 extends its quotient conservatively heap after heap (it used to run past any
    time limit, to 4 GB); 200 sevens list long options (10 s for --time 2).  Run apart,
    under 1.5 GB."""
    game = ("find('nim')" if code == "nim" else
            f"Code.parse({'0.' + '7' * 200 if code == 'sevens' else code!r})")
    script = ("import json, time\nfrom grundy import find\n"
              "from grundy.rules.codes import Code\n"
              "from grundy.misere.quotient import compute_quotient\n"
              f"start = time.monotonic()\nq = compute_quotient({game}, 20000, 1.5)\n"
              "print(json.dumps([time.monotonic() - start, q.stopped, q.certified]))\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1500 << 20, 1500 << 20))

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, preexec_fn=limit)
    assert done.returncode == 0, done.stderr[-300:]
    took, stopped, certified = json.loads(done.stdout)
    assert took < 2.5 and stopped == "time" and not certified


def test_the_command_keeps_its_time_and_memory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Under 1.5 GB: 0.8's recalibration used to build a 6400 x 6400 table as lists (1.9 GB)
    and 4.1 kept every option of every heap."""
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)}
    for args in (["0.8", "--heaps", "40"],):  # 4.1: test_the_time_limit_holds
        start = time.monotonic()
        done = _run("quotient", *args, "--no-save", megabytes=1500, env=env)
        assert done.returncode == 0, done.stderr[-500:]
        assert done.stdout.startswith(f"misère quotient of {args[0]}: partial")
        assert time.monotonic() - start < 20


def test_options_listed_again_give_the_same_quotients(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With no option kept, every expansion lists them again: the same quotients."""
    cases = [("0.07", 20), ("0.137", 14), ("4.07", 10), ("0.f", 10), ("grundys-game", 14)]
    kept = {name: quotient(find(name), heaps=h, seconds=120).as_dict() for name, h in cases}
    monkeypatch.setattr(solver_module, "MAX_KEPT_OPTIONS", 0)
    for name, h in cases:
        assert quotient(find(name), heaps=h, seconds=120).as_dict() == kept[name], name


def test_a_heap_with_too_many_options_ends_the_partial_quotient(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(solver_module, "MAX_HEAP_OPTIONS", 30)
    q = quotient(find("0.f"), heaps=100)
    first = next(n for n in range(100) if len(code_options((0, 15), n)) > 30)
    assert q.heaps == first - 1 and not q.certified
    assert q.stopped == f"0.f: heap {first} has more than 30 options, more than the solver lists"

    class Many(HeapGame):  # a user's game, whose options are counted as they come
        def options(self, n: int) -> list[int]:
            return list(range(n)) * 3

    assert quotient(Many(), heaps=100).heaps == 10  # heap 11 has 33 options


@pytest.mark.parametrize("code", ["0.77", "0.f", "4.8", "8.0", "0.0f", "4.137", "0.fc"])
def test_option_counts_are_the_listings_length(code: str) -> None:
    game, rules = Code.parse(code), find(code)
    for n in range(60):
        assert game.count(n) == len(code_options(game.digits, n))
        assert rules.heap_option_count(n) == game.count(n)  # type: ignore[attr-defined]


def test_the_verification_of_a_cached_quotient_is_bounded() -> None:
    game = find("0.07")
    q = quotient(game, heaps=30)
    assert verify(game, q, 60)
    with pytest.raises(Unverified, match="not verified within"):
        verify(game, q, 1e-9)


def test_the_verification_within_a_question(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A cached quotient not verified within the question's time is not used (and said so)."""
    from grundy.misere import cache

    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    cache.save(find("0.75"), quotient(find("0.75")))
    assert cache.load(find("0.75"), 1e-9) is None
    assert "not verified within" in capsys.readouterr().err
    assert cache.load(find("0.75"), 60) is not None


# -- 2. each game's own notation ---------------------------------------------------------

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
    done = _run("analyze", "chomp", "4,2", "--misere", "--json")
    moves = json.loads(done.stdout)["moves"]
    chomp = find("chomp")
    text = _run("analyze", "chomp", "4,2", "--misere").stdout
    for m in moves:
        # a chomp part is written as the game writes it (what 'grundy analyze' reads back)
        shown = (f"{chomp.format_position(chomp.parse_position(m['from']))} -> "
                 + " + ".join(chomp.format_position(chomp.parse_position(p)) for p in m["to"]))
        assert f"  {shown}\n" in text


# -- 4, 10, 13, 15: the commands' errors and messages ------------------------------------


@pytest.mark.parametrize("args", [["quotient", "0.77", "--no-save"], ["quotient", "kayles"],
                                  ["quotient", "0.75", "--json"]])
def test_closed_standard_output(args: list[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    done = subprocess.run([sys.executable, "-m", "grundy", *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=60,
                          env={**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)},
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr == "grundy: error: standard output is closed: nowhere to write the answer\n"


BOOM = '''from grundy.rules.base import HeapGame


class Boom(HeapGame):
    def options(self, n):
        if n >= 3:
            raise ValueError("x")
        return [n - 1] if n else []
'''


@pytest.mark.parametrize("args", [["quotient", "{}:Boom", "--no-save"],
                                  ["analyze", "{}:Boom", "3", "--misere"],
                                  ["genus", "{}:Boom", "3"], ["genus", "{}:Boom"],
                                  ["play", "{}:Boom", "3", "--misere"]])
def test_a_ruleset_that_raises_is_named(cli, tmp_path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad_rules.py"
    path.write_text(BOOM)
    result = cli(*(a.format(path) for a in args), input="q\n")
    assert_one_line_error(result, "Boom.options(3) raised ValueError: x (bad_rules.py, line 7)")
    normal = cli("analyze", f"{path}:Boom", "3")
    assert result.err == normal.err  # as normal play says it


def test_unknown_options_are_named_as_click_names_them(cli) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli("analyze", "kayles", "3", "--misere", "--no-such"),
                          "No such option '--no-such'")
    assert_one_line_error(cli("analyze", "kayles", "3", "--jsn"), "Did you mean '--json'?")
    assert_one_line_error(cli("analyze", "kayles", "-3"), "'-3'")  # a heap, refused as one


def test_misere_is_spelt_with_its_accent(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("analyze", "nim", "3", "--misere").out.startswith("misère play:")
    assert cli("play", "nim", "1", "--misere", input="1\n").out.startswith("misère play:")
    assert "Misère play" in cli("analyze", "--help").out


@pytest.mark.parametrize("data,words", [
    ({"table": [[0, 1], [1]]}, "(not a misère quotient: the table is not square)"),
    ({"table": [[0]], "P": [], "phi": [0, 0], "heaps": 3},
     "the pretending function has 2 entries, not one for each heap 0..3"),
    ({"table": [[0]], "P": []}, "no field 'phi'"),
])
def test_cache_warnings_say_it_once(cli, tmp_path, monkeypatch, data, words) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    (tmp_path / "quotients").mkdir()
    (tmp_path / "quotients" / "0.77.json").write_text(json.dumps(data))
    result = cli("analyze", "kayles", "3", "--misere")
    assert result.code == 0 and "outcome:" in result.out
    assert result.err.count("\n") == 1 and words in result.err, result.err
    assert result.err.count("not a misère quotient") == 1
    with pytest.raises(GrundyError) as info:
        Quotient.from_dict(data)
    assert str(info.value).count("not a misère quotient") == 1


# -- 7. the genus JSON --------------------------------------------------------------------


def test_the_two_meanings_of_tame_have_two_keys(cli) -> None:  # type: ignore[no-untyped-def]
    from grundy.misere.genus import genus, heap_genera

    kayles = find("kayles")
    rows = json.loads(cli("genus", "kayles", "-n", "7", "--json").out)
    for row, (g, hereditary) in zip(rows, heap_genera(kayles, 7)):
        assert row["tame_genus"] == g.tame and row["tame"] == hereditary
    assert rows[6]["tame_genus"] and not rows[6]["tame"]  # heap 6 reaches the wild heap 5
    one = json.loads(cli("genus", "kayles", "6", "--json").out)
    assert one["tame_genus"] == genus(kayles, 6).tame is True and "tame" not in one


def test_the_genus_list_has_one_budget(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A genus past its time drops the game's memo (freed at once, not at the exit)."""
    from grundy.misere import genus as genus_module

    game = find("cram")
    with pytest.raises(GrundyError, match="needs more than 0.3 s"):
        genus_module.genus(game, game.parse_position("8x8"), 0.3)
    assert "genus" not in (game._grundy_memos or {})


# -- 17. misère nim's quotient -------------------------------------------------------------


def test_nims_partial_quotient_says_it_is_infinite(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    out = cli("quotient", "nim", "--heaps", "70").out.splitlines()
    assert "partial" in out[0]
    assert "every power of two" in out[1] and "infinite" in out[1]
    assert any("this is nim" in line and "Bouton" in line for line in out[1:4])
    # the note follows the growth, checked here against misère nim's own quotients: at heap
    # 2^j it has 2^(j+1) + 2 elements (two heaps of 2 or more are apart, and more)
    q = quotient(find("nim"), heaps=70)
    assert [h for h, _, _ in q.changes] == [1, 2, 4, 8, 16, 32, 64]
    assert q.nim_like_growth() == 6
    assert quotient(find("kayles")).nim_like_growth() is None
    plain = cli("quotient", "0.07", "--heaps", "20").out
    assert "power of two" not in plain
