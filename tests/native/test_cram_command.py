"""grundy-cram, the board search as a command without Python (native/cram_command.c): built
by `pip install` beside the extensions (setup.py), checked against the Python path on random
boards of both widths, against the published values, and on bad input, --time and Ctrl-C;
and the console script that runs it."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from grundy.cli import cram
from grundy.native.commands import cram_command
from grundy.rules.boards import Search
from grundy.rules.cram import board_value, taken_cells
from native.test_cram import published_three_rows, random_blocked_board, sparse_board
from support import HANG, ROOT


@pytest.fixture(scope="module")
def command() -> str:
    """The command, as the install built it."""
    path = cram_command()
    if path is None:
        pytest.skip("grundy-cram was not built: no C compiler when grundy was installed")
    return path


def run(command: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([command, *args], capture_output=True, text=True, timeout=HANG)


def values(command: str, *args: str) -> list[int]:
    done = run(command, *args)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [int(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("search, flags", [(Search.CRAM, []),
                                           (Search.NODE_KAYLES, ["--node-kayles"])])
def test_random_boards_of_both_widths_equal_the_python_path(command, search, flags):
    """Boards with blocked cells of up to 25 cells, and boards of 65 to 128 cells with 12 to
    22 free cells (two words, their small pieces in one), in one run (the table kept from
    board to board) and with a table of 1 MB (at its limit, forgetting); each value equal to
    the Python search by pieces."""
    rng, memo = random.Random(41), {}
    boards = [random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 5)) for _ in range(150)]
    shapes = [(9, 9), (5, 20), (2, 64), (11, 11), (1, 128), (3, 30), (8, 16), (13, 9)]
    boards += [sparse_board(rng, *shapes[i % len(shapes)], rng.randint(12, 22))
               for i in range(40)]
    want = [board_value(b, search, memo) for b in boards]
    texts = [b.text() for b in boards]
    assert values(command, *flags, *texts) == want
    assert values(command, *flags, "--memory", "1M", *texts) == want
    assert len(set(want)) >= 4


@pytest.mark.parametrize("search, flags", [(Search.CRAM, []),
                                           (Search.NODE_KAYLES, ["--node-kayles"])])
def test_winning_moves_are_the_options_the_python_path_values_0(command, search, flags):
    """--moves: after each value, how many winning moves and the board each leaves, in the
    order of taken_cells(), equal to the options of value 0 by the Python search by pieces;
    on boards with blocked cells of up to 25 cells and boards of 65 to 128 cells."""
    rng, memo = random.Random(43), {}
    boards = [random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 5)) for _ in range(60)]
    boards += [sparse_board(rng, rows, cols, rng.randint(10, 16))
               for rows, cols in [(9, 9), (5, 20), (2, 64), (11, 11), (1, 128), (3, 30)]]
    want = []
    for board in boards:
        value = board_value(board, search, memo)
        options = [board.without(taken) for taken in taken_cells(board, search)]
        # an option is never a full board (a move takes cells), so text() gives its rows
        won = [o.text() for o in options if board_value(o, search, memo) == 0]
        assert (value == 0) == (won == [])
        want += [str(value), f"winning moves: {len(won)}", *won]
    done = run(command, "--moves", *flags, *[b.text() for b in boards])
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == want
    assert sum(line.startswith("winning moves: 0") for line in want) >= 5


def test_three_row_boards_equal_the_published_values_in_both_move_orders(command):
    published = published_three_rows()
    cram = {n: v for n, v in published["cram"].items() if n <= 13}
    boards = [f"3x{n}" for n in cram]
    assert values(command, *boards) == list(cram.values())
    assert values(command, "--second-order", *boards) == list(cram.values())
    kayles = published["node-kayles"]
    assert values(command, "--node-kayles", *[f"3x{n}" for n in kayles]) == list(kayles.values())


def one_line_error(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("grundy-cram: error: ") and words in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize("args, words", [
    ([], "no board given"),
    (["x"], "not a board"),
    (["9x15"], "not a board"),
    (["0x3"], "not a board"),
    (["..|."], "not a board"),
    (["..|..|"], "not a board"),
    (["." * 129], "not a board"),
    (["3x4", "3x4x"], "not a board"),
    (["--memory", "5", "3x4"], "--memory takes 1M to 48G"),
    (["--memory", "49G", "3x4"], "--memory takes 1M to 48G"),
    (["3x4", "--memory"], "needs a value"),
    (["--time", "0", "3x4"], "--time takes"),
    (["--time", "soon", "3x4"], "--time takes"),
    (["--fast", "3x4"], "no such option"),
])
def test_bad_input_is_one_line_and_status_2(command, args, words):
    one_line_error(run(command, *args), words)


def test_help(command):
    done = run(command, "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: grundy-cram")


def test_time_stops_a_long_search_with_one_line(command):
    """5 x 9 takes half a minute: --time 0.5 stops it, soon (a hang would reach HANG)."""
    one_line_error(run(command, "--time", "0.5", "5x9"), "out of time: 5x9")


def test_ctrl_c_stops_a_long_search_with_one_line(command):
    proc = subprocess.Popen([command, "5x9"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=HANG)
    one_line_error(subprocess.CompletedProcess(proc.args, proc.returncode, out, err),
                   "interrupted: 5x9")


def test_the_console_script_runs_it_in_its_own_place(command):
    """`grundy-cram` on the PATH of the environment is a Python script that execs the
    program: the same output and the same errors, from the same process."""
    script = shutil.which("grundy-cram", path=os.path.dirname(sys.executable))
    if script is None:
        pytest.skip("grundy's console scripts are not installed beside this Python")
    boards = ["3x14", "..#.|....", "4x4"]
    done = run(script, *boards)
    assert done.returncode == 0 and done.stderr == ""
    assert [int(line) for line in done.stdout.splitlines()] == values(command, *boards)
    one_line_error(run(script, "3x14", "0x3"), "0x3")


def test_the_console_script_says_when_the_program_was_not_built(monkeypatch, capsys):
    monkeypatch.setattr(cram, "cram_command", lambda: None)
    with pytest.raises(SystemExit) as stopped:
        cram.main()
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("grundy-cram: error: the program was not built")


def test_the_build_goes_on_without_it_where_it_does_not_compile(tmp_path):
    """setup.py with a compiler that fails (CC=false): every compiled part is left out with
    a warning, grundy-cram too, and the build itself succeeds (grundy-cram then says so)."""
    pytest.importorskip("setuptools", reason="the build needs setuptools")
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=ROOT, env={**os.environ, "CC": "false"}, capture_output=True, text=True,
        timeout=HANG)
    assert done.returncode == 0, done.stderr
    assert "grundy-cram left out, it did not build" in done.stderr
    assert "building extension \"grundy.native._cram\" failed" in done.stderr
    assert list(tmp_path.rglob("grundy-cram*")) == []


def test_grundy_board_help_names_it():
    from click.testing import CliRunner

    from grundy.cli.main import main

    done = CliRunner().invoke(main, ["board", "--help"])
    assert done.exit_code == 0
    assert "program grundy-cram (grundy-cram --help)" in " ".join(done.output.split())
