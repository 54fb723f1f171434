"""Each worker's table kept from one run of a split board search to the next
(grundy.research.kept): the folder and its stops, a question stopped where it is with its
table kept, and runs on local workers that load and save their tables."""

from __future__ import annotations

import importlib.util
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from brute import domino_moves, plain_cells
from grundy.errors import GrundyError, OutOfTime
from grundy.research import boards, kept, split
from grundy.research.split import ask, split_solve
from grundy.rules.cells import Board
from grundy.rules.cram import kernel

HAVE_DASK = all(importlib.util.find_spec(m) is not None for m in ("dask", "distributed"))
needs_dask = pytest.mark.skipif(not HAVE_DASK, reason="dask and distributed are not installed "
                                "(pip install 'grundy[cluster]')")
needs_kernel = pytest.mark.skipif(kernel() is None, reason="the compiled board search is not "
                                  "built")


def test_the_folder_keeps_each_order_apart_and_its_stops(tmp_path: Path) -> None:
    first, second = kept.Kept(tmp_path, False), kept.Kept(tmp_path, True)
    assert first.path(0) != second.path(0) and first.path(0) != first.path(1)
    assert {Path(p).parent for p in (first.path(0), second.path(3))} == {tmp_path}
    first.stop("3x23:1ff", 2, 1)
    first.stop("3x19:7f + *", 0, "w-a")
    first.save_stops()
    again = kept.Kept(tmp_path, False)
    assert again.hint("3x23:1ff", 2) == 1 and again.hint("3x19:7f + *", 0) == "w-a"
    assert again.hint("3x23:1ff", 1) is None
    assert kept.Kept(tmp_path, True).hint("3x23:1ff", 2) is None  # the other order's own


def test_the_stops_of_each_run_are_kept_until_their_question_is_answered(
        tmp_path: Path) -> None:
    """A run's stops are added to those of the runs before; a question stopped again is
    noted with its last worker, and one answered since is dropped."""
    first = kept.Kept(tmp_path, False)
    first.stop("3x23:1ff", 2, 0)
    first.stop("3x23:3ff", 2, 1)
    first.save_stops()
    second = kept.Kept(tmp_path, False)
    second.stop("3x23:7ff", 3, 0)
    second.stop("3x23:3ff", 2, 0)  # stopped again, on the other worker
    answered = {("3x23:1ff", 2): False}
    second.save_stops(lambda key, value: answered.get((key, value)))
    third = kept.Kept(tmp_path, False)
    assert third.stops == {"3x23:3ff 2": 0, "3x23:7ff 3": 0}
    assert third.hint("3x23:1ff", 2) is None and third.hint("3x23:7ff", 3) == 0


@pytest.mark.parametrize("text", ["", "[1, 2]", '{"a 1": true}', '{"a 1": [0]}', "{",
                                  '{"a": 1}', '{"a x": 1}'])
def test_stops_that_are_not_a_runs_are_refused(tmp_path: Path, text: str) -> None:
    (tmp_path / "first-stops.json").write_text(text)
    with pytest.raises(GrundyError, match="first-stops.json"):
        kept.Kept(tmp_path, False)
    with pytest.raises(GrundyError, match="not a folder"):
        kept.Kept(tmp_path / "first-stops.json", False)


@needs_kernel
def test_a_question_stops_when_its_run_is_stopped_and_its_table_answers_after() -> None:
    """A question of a stopped run raises Stopped at its next look, another run's is
    answered; the table the stopped search left is exact: the same question and others
    asked after it are answered as a plain search values the boards."""
    k = kernel()
    board = Board.full(4, 9)
    try:
        k.clear()
        kept.stop_asking("test-stopped")
        with pytest.raises(kept.Stopped):
            ask(board, "cram", 1, run="test-stopped")
        assert k.stats()[0] >= 1 << 16  # it searched up to its first look
        assert ask(board, "cram", 1, run="test-other") is True
        rng = random.Random(5)
        for _ in range(30):
            small = Board(3, 4, rng.getrandbits(12))
            want = plain_cells(small.cells(), domino_moves)
            assert ask(small, "cram", want) is True
    finally:
        k.clear()


def test_the_worker_asked_is_the_hints_when_free() -> None:
    assert split._choose(["a", "b"], set(), "b") == "b"
    assert split._choose(["a", "b"], {"b"}, "b") == "a"
    assert split._choose(["a", "b"], set(), None) == "a"
    assert split._choose([1, 0], {0}, "gone") == 1
    assert split._choose([0], {0}, 0) is None


def test_tables_need_local_workers(tmp_path: Path) -> None:
    board = Board.full(3, 4)
    for given in ({"workers": 0}, {"scheduler": "tcp://127.0.0.1:1"}):
        with pytest.raises(GrundyError, match="kept for local workers"):
            split_solve(board, "cram", least=0, tables=tmp_path, **given)  # type: ignore[arg-type]
    with pytest.raises(GrundyError, match="not a folder"):
        split_solve(board, "cram", least=0, tables=tmp_path / "none", workers=1)


@needs_dask
@needs_kernel
def test_local_workers_save_their_tables_and_load_them_after_a_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two local workers: each saves its table at the end of the run, values and notes (a
    damaged one is refused by a worker, nothing read).  A stop (out of time here; SIGTERM
    and a terminal's Ctrl-C, a KeyboardInterrupt, take the same path: end to end in
    test_split) notes the questions under way, each with the worker that asked it, saves
    the tables, and the next run loads them and finds the value.  (The second order's
    files are apart: test_the_folder_keeps_each_order_apart_and_its_stops.)"""
    board = Board.parse("......|..#...|......|......")
    want = plain_cells(board.cells(), domino_moves)
    answers = tmp_path / "a.jsonl"

    # a stop once the first answer is in: the questions under way noted with their workers
    def status(self: Any, at: Any) -> None:
        if at.answers:
            raise OutOfTime

    monkeypatch.setattr(split._Status, "__call__", status)
    with pytest.raises(OutOfTime):
        split_solve(board, "cram", workers=2, least=0, answers=answers, tables=tmp_path)
    monkeypatch.undo()
    stops = json.loads((tmp_path / "first-stops.json").read_text())
    rows = [json.loads(line) for line in answers.read_text().splitlines()[1:]]
    assert len(rows) == 1 and len(stops) == 1 and set(stops.values()) <= {0, 1}
    key, value = next(iter(stops)).rsplit(" ", 1)
    assert (key, int(value)) != (rows[0]["option"], rows[0]["value"])
    files = sorted(p.name for p in tmp_path.glob("*.table"))
    assert files == ["first-0.table", "first-1.table"]
    k = kernel()
    for name in files:  # each a whole table: values or notes
        k.clear()
        boards.load_table(tmp_path / name, k)
        assert k.stats()[1] + k.stats()[3] > 0
    k.clear()
    data = (tmp_path / "first-0.table").read_bytes()
    (tmp_path / "first-0.table").write_bytes(data[:-1])  # a worker refuses it, nothing read
    with pytest.raises(GrundyError, match="damaged"):
        kept.load_worker_table(str(tmp_path / "first-0.table"), boards.MEMORY)
    assert k.stats()[1] == k.stats()[3] == 0
    (tmp_path / "first-0.table").write_bytes(data)
    # the next run loads them and finds the value, then saves them again, larger
    assert split_solve(board, "cram", workers=2, least=0, answers=answers,
                       tables=tmp_path) == want
    assert os.path.getsize(tmp_path / "first-0.table") + os.path.getsize(
        tmp_path / "first-1.table") > len(data)


def test_the_command_refuses_tables_where_no_local_worker_asks(tmp_path: Path, cli: Any) -> None:
    from support import assert_one_line_error

    folder = str(tmp_path)
    assert_one_line_error(cli("board", "cram", "3x4", "--tables", folder, "--save",
                              str(tmp_path / "t.table")), "--tables keeps the tables of")
    assert_one_line_error(cli("board", "cram", "3x4", "--tables", folder, "--workers", "0",
                              "--least", "0"), "kept for local workers")
    assert_one_line_error(cli("board", "cram", "3x4", "--tables", folder, "--answers",
                              str(tmp_path / "a.jsonl"), "--show"), "--tables is for a run")
    assert_one_line_error(cli("board", "cram", "3x4", "--tables", str(tmp_path / "no"),
                              "--workers", "1", "--least", "0"), "not a folder")
