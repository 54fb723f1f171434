"""``grundy table`` at the command line: a game without a table is sent to a command that works."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from support import assert_one_line_error


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


# -- a board table a line a board (--each), resumed, stopped; its table's --memory ----------

_LINE = re.compile(r"(\d+) x (\d+)  (?:value (\d+)  (\d+\.\d\d s|\(from the file\))"
                   r"|-  \(more than (\d+) cells\))")


def board(line: Any) -> Any:
    """A line's board, value or '-' (its time left out)."""
    return line.group(1, 2, 3, 5) if line else None


def _needs_kernel() -> None:
    from grundy.rules.cram import kernel

    if kernel() is None:
        pytest.skip("the compiled board search is not built")


def test_each_board_is_a_line_as_it_is_found_and_a_second_run_reads_the_file(
        cli: Any, tmp_path: Path) -> None:
    from brute import cram_value

    _needs_kernel()
    saved = str(tmp_path / "cram3.table")
    first = cli("table", "cram", "--rows", "3", "--cols", "5", "--each", "--save", saved)
    again = cli("table", "cram", "--rows", "3", "--cols", "5", "--each", "--save", saved)
    for run in (first, again):
        assert run.code == 0 and run.err == "", run
        found = [_LINE.fullmatch(line) for line in run.out.splitlines()]
        assert all(found), run.out
        assert [(int(m[1]), int(m[2]), int(m[3])) for m in found if m] == [
            (r, c, cram_value(r, c)) for r in range(1, 4) for c in range(1, 6)]
    assert "(from the file)" not in first.out
    assert "3 x 5  value 1  (from the file)" in again.out.splitlines()
    lines = cli("table", "node-kayles", "--rows", "2", "--cols", "3", "--cells", "4",
                "--each", "--json")
    assert [json.loads(line) for line in lines.out.splitlines()][-2:] == [
        {"rows": 2, "cols": 2, "value": 0, "seconds": 0.0, "from_file": False},
        {"rows": 2, "cols": 3, "value": None, "seconds": None, "from_file": False}]


def test_a_table_stopped_by_its_time_keeps_its_lines_and_the_next_run_goes_on(
        cli: Any, tmp_path: Path) -> None:
    """Stopped by --time (where it stops depends on the machine's load), then finished: the
    boards searched before the stop come from the file, and the values are a fresh run's."""
    _needs_kernel()
    saved = str(tmp_path / "cram.table")
    args = ("table", "cram", "--rows", "5", "--cols", "7", "--cells", "35", "--each")
    first = cli(*args, "--save", saved, "--time", "0.3")  # 5 x 7 alone takes longer
    assert first.code == 2 and first.err.count("\n") == 1 and saved in first.err, first
    told = [_LINE.fullmatch(line) for line in first.out.splitlines()]
    assert all(told), first.out
    again = cli(*args, "--save", saved)
    fresh = cli(*args)
    assert again.code == fresh.code == 0, (again, fresh)
    lines = [_LINE.fullmatch(line) for line in again.out.splitlines()]
    assert list(map(board, lines)) == [board(_LINE.fullmatch(line))
                                       for line in fresh.out.splitlines()]
    assert len(lines) == 35 and all(lines)
    for before, after in zip(told, lines):
        assert before and after and board(before) == board(after)
        if before[4] not in ("0.00 s", None):  # searched before the stop: now in the file
            assert after[4] == "(from the file)", (before[0], after[0])


@pytest.mark.parametrize("size,said", [("lots", "not a size"), ("12", "less than 1M"),
                                       ("0.5M", "less than 1M"), ("9999T", "machine's memory")])
def test_a_bad_memory_is_one_error_line(cli: Any, size: str, said: str) -> None:
    assert_one_line_error(cli("table", "cram", "--memory", size), said)
    assert_one_line_error(cli("analyze", "cram", "4x5", "--memory", size), said)


def test_memory_and_each_are_refused_where_no_board_search_runs(cli: Any) -> None:
    assert_one_line_error(cli("table", "wythoff", "--memory", "64M"), "--memory")
    assert_one_line_error(cli("table", "wythoff", "--each"), "--each")
    assert_one_line_error(cli("analyze", "kayles", "5", "--memory", "64M"), "--memory")
    assert_one_line_error(cli("analyze", "cram", "4x5", "--misere", "--memory", "64M"),
                          "--memory")
    sized = cli("analyze", "cram", "4x5", "--memory", "16M", "--json")
    assert sized.code == 0 and json.loads(sized.out)["value"] == 2, sized
