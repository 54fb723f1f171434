"""``grundy table`` at the command line: a game without a table is sent to a command that works."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from support import assert_one_line_error


@pytest.mark.parametrize("name", ["green-hackenbush", "kayles"])
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

_LINE = re.compile(r"(\d+) x (\d+)  (?:value (\d+)  (\d+\.\d\d s)?( ?\(from the file\))?"
                   r"|-  \(more than (\d+) cells\))")


def board(line: Any) -> Any:
    """A line's board, value or '-' (its time left out)."""
    return line.group(1, 2, 3, 6) if line else None


def times(out: str) -> dict[tuple[int, int], tuple[str | None, bool]]:
    """Each board's time as a run printed it, and whether it said it was from the file."""
    found = {}
    for text in out.splitlines():
        line = _LINE.fullmatch(text)
        assert line and (line[3] is None or line[4] or line[5]), text  # a value has its time
        if line[3] is not None:
            found[int(line[1]), int(line[2])] = line[4], bool(line[5])
    return found


def _ruled(rows: int, cols: int) -> set[tuple[int, int]]:
    """The empty boards up to ``rows x cols`` whose Cram value the compiled search gives
    without searching a piece (a rule gives it: too few cells, the half turn), which a table
    file never holds."""
    from grundy.research.boards import _known
    from grundy.rules.cells import Board
    from grundy.rules.cram import kernel

    search = kernel()
    assert search is not None
    search.clear()
    try:
        return {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                if _known(search, Board.full(r, c), 0)}
    finally:
        search.clear()


def _needs_kernel() -> None:
    from grundy.rules.cram import kernel

    if kernel() is None:
        pytest.skip("the compiled board search is not built")


def test_each_board_is_a_line_as_it_is_found_and_a_second_run_reads_the_file(
        cli: Any, tmp_path: Path) -> None:
    """The second run prints the boards the file gives with the times the first printed."""
    from brute import cram_value

    _needs_kernel()
    saved = str(tmp_path / "cram3.table")
    args = ("table", "cram", "--rows", "3", "--cols", "5", "--each", "--save", saved)
    first, again = cli(*args), cli(*args)
    for run in (first, again):
        assert run.code == 0 and run.err == "", run
        found = [_LINE.fullmatch(line) for line in run.out.splitlines()]
        assert all(found), run.out
        assert [(int(m[1]), int(m[2]), int(m[3])) for m in found if m] == [
            (r, c, cram_value(r, c)) for r in range(1, 4) for c in range(1, 6)]
    assert "(from the file)" not in first.out
    assert re.search(r"^3 x 5  value 1  \d+\.\d\d s \(from the file\)$", again.out, re.M)
    before, after = times(first.out), times(again.out)
    assert sum(file for _, file in after.values()) > 3
    assert all(after[b] == (before[b][0], True) for b in after if after[b][1])

    # 3 x 13 takes a quarter of a second (measured under load), long enough to show; the
    # times of JSON lines have three decimals
    saved = str(tmp_path / "cram13.table")
    args = ("table", "cram", "--rows", "3", "--cols", "13", "--cells", "39", "--each", "--save",
            saved)
    first, again = cli(*args), cli(*args)
    assert first.code == again.code == 0 and "3 x 13  value 2  " in first.out, first
    before, after = times(first.out), times(again.out)
    assert after[3, 13] == (before[3, 13][0], True) and before[3, 13][0] != "0.00 s"
    assert all(after[b] == (before[b][0], True) for b in after if after[b][1])
    first_json = [json.loads(line) for line in cli(*args, "--json").out.splitlines()]
    assert first_json[-1] == {"rows": 3, "cols": 13, "value": 2, "from_file": True,
                              "seconds": first_json[-1]["seconds"]}
    # the same time: the line shows it to 0.01, JSON to 0.001 (0.285 can read 0.29 there and
    # 0.285 here, whose 0.2f is 0.28: rounded twice)
    assert abs(first_json[-1]["seconds"] - float(before[3, 13][0][:-2])) <= 0.0055 + 1e-9
    lines = cli("table", "node-kayles", "--rows", "2", "--cols", "3", "--cells", "4",
                "--each", "--json")
    assert [json.loads(line) for line in lines.out.splitlines()][-2:] == [
        {"rows": 2, "cols": 2, "value": 0, "seconds": 0.0, "from_file": False},
        {"rows": 2, "cols": 3, "value": None, "seconds": None, "from_file": False}]


def test_a_table_whose_times_are_damaged_is_one_error_line_and_the_file_is_kept(
        cli: Any, tmp_path: Path) -> None:
    _needs_kernel()
    saved = tmp_path / "cram3.table"
    args = ("table", "cram", "--rows", "3", "--cols", "5", "--save", str(saved))
    assert cli(*args, "--each").code == 0
    damaged = saved.read_bytes()[:-3]  # in the last board's time
    saved.write_bytes(damaged)
    for each in ((), ("--each",), ("--each", "--json")):
        assert_one_line_error(cli(*args, *each), "the board table is damaged")
    assert saved.read_bytes() == damaged


def test_a_table_stopped_by_its_time_keeps_its_lines_and_the_next_run_goes_on(
        cli: Any, tmp_path: Path) -> None:
    """Stopped by --time (where it stops depends on the machine's load), then finished: the
    boards searched before the stop come from the file, and the values are a fresh run's."""
    from grundy.rules.cram import kernel

    _needs_kernel()
    kernel().clear()  # nothing of an earlier test's search in this process (it was quicker)
    saved = str(tmp_path / "cram.table")
    args = ("table", "cram", "--rows", "5", "--cols", "7", "--cells", "35", "--each")
    first = cli(*args, "--save", saved, "--time", "0.1")  # 5 x 7 alone takes 0.2 s or more
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
    ruled = _ruled(5, 7)
    for before, after in zip(told, lines):
        assert before and after and board(before) == board(after)
        # searched before the stop: now in the file (a board a rule answers, such as 1 x 1,
        # is answered again, however long its first answer took: 0.01 s at times, when it is
        # the first search of the process)
        if (int(before[1]), int(before[2])) not in ruled and before[4] not in ("0.00 s", None):
            assert (after[4], after[5]) == (before[4], " (from the file)"), (before[0],
                                                                              after[0])
    # every board the file gives: the time the first run printed, or none for the board it
    # was searching (stopped, its search may have left its value, not its whole time)
    before, after = times(first.out), times(again.out)
    assert all(after[b] == (before.get(b, (None,))[0], True) for b in after if after[b][1])


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


# -- a second move order, to check a table by -------------------------------------------------

#: Cram on 3 x n, n = 1..14: 3 x 1 a strip of three (1), 3 x 2 a 2 x 3 board (1: 2 x n is
#: 1 for odd n), then 3 x 3 .. 3 x 14 as Lemoine and Viennot published them
CRAM_3XN = [1, 1, 0, 1, 1, 4, 1, 3, 1, 2, 0, 1, 2, 3]


def test_the_second_move_order_gives_the_published_cram_values(cli: Any) -> None:
    """3 x 1 .. 3 x 14, in the first order and in the second."""
    for flags in ([], ["--second-order"]):
        got = cli("table", "cram", "--rows", "3", "--cols", "14", "--cells", "42", "--json",
                  *flags)
        assert got.code == 0, got
        assert json.loads(got.out)[2] == CRAM_3XN, flags


def test_the_second_move_order_is_refused_where_it_means_nothing(cli: Any) -> None:
    assert_one_line_error(cli("table", "wythoff", "--second-order"), "--second-order")
    assert_one_line_error(cli("table", "node-kayles", "--rows", "2", "--second-order"),
                          "order is Cram's")
