"""User rulesets (file.py:Class, module:Class) in every command, and their errors."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from support import assert_one_line_error

from grundy.engine import Game, LoopyGameError, RulesetError, value
from grundy.errors import GrundyError, UnknownGameError
from grundy.catalog.loading import LoadError, resolve, user_spec

RULES = textwrap.dedent('''
    import grundy


    class MyGame(grundy.HeapGame):          # subtract 1, 3 or 4
        def options(self, n):
            return [n - k for k in (1, 3, 4) if k <= n]


    class MyKayles(grundy.HeapGame):        # knock down one pin or two adjacent pins
        def options(self, n):
            return [grundy.Sum(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


    class Wythoff(grundy.GridGame):         # a queen moving left, down or diagonally
        first_index = 0

        def options(self, p):
            x, y = p
            return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                    + [(x - k, y - k) for k in range(1, min(x, y) + 1)])


    class Broken(grundy.HeapGame):
        def options(self, n):
            if n == 5:
                raise ZeroDivisionError("five is too many")
            return [n - 1] if n else []


    class Loopy(grundy.HeapGame):
        def options(self, n):
            return [n + 1] if n < 3 else [0]


    class NeedsArgs(grundy.HeapGame):
        def __init__(self, k):
            self.k = k


    class FailsInInit(grundy.HeapGame):
        def __init__(self):
            raise RuntimeError("no board")


    class NotAGame:
        pass


    not_a_class = 3
''')


def line_of(text: str) -> int:
    """The line of RULES holding ``text`` (1-based), where a traceback points."""
    return next(i for i, line in enumerate(RULES.splitlines(), 1) if text in line)


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    path = tmp_path / "rules.py"
    path.write_text(RULES)
    return path


def test_which_specs_are_user_rulesets():
    assert user_spec("rules.py:MyGame") == ("rules.py", "MyGame")
    assert user_spec("some/dir/my-rules.py:G") == ("some/dir/my-rules.py", "G")
    assert user_spec("pkg.mod:G") == ("pkg.mod", "G")
    assert user_spec("mod:G") == ("mod", "G")
    for catalog in ("sub:1,3,4", "allbut:1,2", "SUB:abc", "kayles", "0.77", "ruler*mock-turtles",
                    "rules.py", "rules.py:", ":G", "rules.py:1G", "a-b:G", "pkg..mod:G"):
        assert user_spec(catalog) is None, catalog


def test_a_class_from_a_file_is_loaded_and_computes(rules: Path):
    game = resolve(f"{rules}:MyGame")
    assert type(game).__name__ == "MyGame"
    assert [value(game, n) for n in range(8)] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert resolve(f"{rules}:Wythoff").table(2, 3).tolist() == [[0, 1, 2], [1, 2, 0]]


def test_a_class_from_a_module_on_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "mygames"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "heaps.py").write_text(RULES)
    monkeypatch.chdir(tmp_path)  # the current directory is searched, as by python -m
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    game = resolve("mygames.heaps:MyGame")
    assert game.sequence(7).tolist() == [0, 1, 0, 1, 2, 3, 2]
    with pytest.raises(LoadError, match=r"^nomodule\.x:G: no module named nomodule$"):
        resolve("nomodule.x:G")
    (package / "needs.py").write_text("import not_installed_anywhere\n")
    with pytest.raises(LoadError, match="importing module mygames.needs raised ModuleNotFoundError"):
        resolve("mygames.needs:G")


@pytest.mark.parametrize("name, words", [
    ("Nope", "file {f} has no class 'Nope' (its games: Broken, FailsInInit, Loopy, MyGame, "
             "MyKayles, NeedsArgs, Wythoff)"),
    ("NotAGame", "class NotAGame is not a grundy.Game subclass"),
    ("not_a_class", "not_a_class is not a class but a int"),
    ("NeedsArgs", "class NeedsArgs needs constructor arguments (k)"),
    ("FailsInInit", f"FailsInInit() raised RuntimeError: no board (line {line_of('no board')})"),
])
def test_each_way_a_class_can_be_wrong_is_one_clear_error(rules: Path, name: str, words: str):
    with pytest.raises(LoadError) as info:
        resolve(f"{rules}:{name}")
    assert str(info.value).startswith(f"{rules}:{name}: ")
    assert words.format(f=rules) in str(info.value)
    assert isinstance(info.value, GrundyError)


def test_files_that_are_missing_or_do_not_import(tmp_path: Path):
    with pytest.raises(LoadError, match=r"file .*missing\.py does not exist"):
        resolve(f"{tmp_path / 'missing.py'}:G")
    (tmp_path / "dir.py").mkdir()
    with pytest.raises(LoadError, match=r"dir\.py is a directory"):
        resolve(f"{tmp_path / 'dir.py'}:G")
    bad = tmp_path / "bad.py"
    bad.write_text("import grundy\n\nX = 1 / 0\n")
    with pytest.raises(LoadError, match=r"raised ZeroDivisionError: division by zero \(line 3\)$"):
        resolve(f"{bad}:G")
    syntax = tmp_path / "syntax.py"
    syntax.write_text("class G:\n    def f(:\n")
    with pytest.raises(LoadError, match=r"does not compile: SyntaxError: .* \(line 2\)$"):
        resolve(f"{syntax}:G")


def test_a_spec_that_is_not_a_string():
    for bad in (None, 7, ["kayles"]):
        with pytest.raises(GrundyError, match="a game is named by a string"):
            resolve(bad)  # type: ignore[arg-type]


def test_catalog_names_still_resolve():
    assert repr(resolve("sub:1,3,4")) == "Subtraction(frozenset({1, 3, 4}))"
    with pytest.raises(UnknownGameError):
        resolve("no-such-game")


def test_errors_inside_the_users_options(rules: Path):
    with pytest.raises(RulesetError, match=r"^Broken\.options\(5\) raised ZeroDivisionError: five "
                                           rf"is too many \(rules\.py, line {line_of('five')}\)$"):
        value(resolve(f"{rules}:Broken"), 9)
    with pytest.raises(LoopyGameError):
        value(resolve(f"{rules}:Loopy"), 0)
    assert isinstance(resolve(f"{rules}:MyGame"), Game)


# -- through the CLI, as a user runs it ------------------------------------------------


def test_cli_sequence_table_analyze_period(cli, rules: Path):
    result = cli("sequence", f"{rules}:MyGame", "-n", "14")
    assert (result.code, result.out, result.err) == (0, "0 1 0 1 2 3 2 0 1 0 1 2 3 2\n", "")
    # Kayles (Winning Ways ch. 4), heaps 0..11.
    assert cli("sequence", f"{rules}:MyKayles", "-n", "12").out.split() == \
        "0 1 2 3 1 4 3 2 1 4 2 6".split()
    result = cli("table", f"{rules}:Wythoff", "--rows", "3", "--cols", "3", "--json")
    assert result.code == 0 and result.out == "[[0, 1, 2], [1, 2, 0], [2, 0, 1]]\n"
    # g(n) = 0 1 0 1 2 3 2 by n mod 7: heap 10 is worth 1, its winning moves go to 9 and 7.
    result = cli("analyze", f"{rules}:MyGame", "10", "--json")
    assert result.code == 0 and '"value": 1' in result.out and '"winning_moves": 2' in result.out
    result = cli("period", f"{rules}:MyGame", "--json")
    assert result.code == 0 and '"period": 7' in result.out and '"preperiod": 0' in result.out


def test_cli_play(cli, rules: Path):
    result = cli("play", f"{rules}:MyGame", "9", input="1\nq\n")
    assert result.code == 0, result
    assert "9 -> 8" in result.out and "grundy plays 8 -> 7" in result.out


def test_cli_plot(cli, rules: Path, tmp_path: Path):
    pytest.importorskip("matplotlib", reason="grundy plot needs matplotlib (pip install 'grundy[plot]')")
    out = tmp_path / "seq.png"
    result = cli("plot", f"{rules}:MyGame", "-n", "30", "-o", str(out))
    assert result.code == 0 and out.stat().st_size > 0, result


@pytest.mark.parametrize("name, words", [
    ("Nope", "has no class 'Nope'"),
    ("NeedsArgs", "needs constructor arguments (k)"),
    ("NotAGame", "is not a grundy.Game subclass"),
])
def test_cli_load_errors_are_one_line(cli, rules: Path, name: str, words: str):
    assert_one_line_error(cli("sequence", f"{rules}:{name}", "-n", "5"), words)


def test_cli_errors_in_options_and_loops_are_one_line(cli, rules: Path, tmp_path: Path):
    assert_one_line_error(cli("sequence", f"{rules}:Broken", "-n", "10"),
                          "Broken.options(5) raised ZeroDivisionError: five is too many "
                          f"(rules.py, line {line_of('five')})")
    assert_one_line_error(cli("sequence", f"{rules}:Loopy", "-n", "10"), "the game is loopy")
    assert_one_line_error(cli("sequence", f"{tmp_path / 'nothere.py'}:G"), "nothere.py does not exist")
    (tmp_path / "bad.py").write_text("x = [\n")
    assert_one_line_error(cli("table", f"{tmp_path / 'bad.py'}:G"), "does not compile: SyntaxError")


# -- a user's ruleset that never ends, or fails, refused by the commands -------------------

import re
import subprocess

from support import assert_bad_heap_option, run_limited


ENDLESS_RULES = textwrap.dedent('''
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
    from test_engine import Typo  # the rules of SubH below

    (tmp_path / "neg_rules.py").write_text(ENDLESS_RULES)
    for args in (["analyze", "neg_rules.py:SubH", "10"],
                 ["sequence", "neg_rules.py:SubH", "-n", "10"]):
        result = run_limited(*args, cwd=tmp_path)
        assert_one_line_error(result, "SubH")
        named = re.search(r"heap (-?\d+) has an option (-?\d+)", result.err)
        assert named
        assert_bad_heap_option(Typo(), int(named[1]), int(named[2]))
    for args in (["analyze", "neg_rules.py:Sub", "10"], ["analyze", "neg_rules.py:Up", "3"]):
        result = run_limited(*args, cwd=tmp_path)
        assert_one_line_error(result, "never end")


def test_play_refuses_a_failing_ruleset_before_it_shows_anything(tmp_path: Path) -> None:
    """The start is valued before the first word, in normal play as in misère play: the
    position and its moves are not shown for a game that turns out to have no value."""
    from conftest import Result

    (tmp_path / "neg_rules.py").write_text(ENDLESS_RULES)
    for game, words in (("neg_rules.py:SubH", "SubH"), ("neg_rules.py:Fails", "no rule below 3")):
        for extra in ([], ["--misere"]):
            proc = subprocess.run([sys.executable, "-m", "grundy", "play", game, "10", *extra],
                                  input="1\nq\n", capture_output=True, text=True, timeout=60,
                                  cwd=tmp_path)
            assert_one_line_error(Result(proc.returncode, proc.stdout, proc.stderr), words)
