"""The board search split at its root (grundy.research.split): the Dask path and the
questions asked here against the serial search and a plain search, and resumption from the
file of answers."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from brute import domino_moves, node_moves, plain_cells
from support import assert_one_line_error, wait_until_interruptible
from grundy.errors import GrundyError
from grundy.research import answers, split
from grundy.research.boards import solve
from grundy.research.answers import Answers
from grundy.research.split import split_solve
from grundy.rules.boards import Search
from grundy.rules.cells import Board

HAVE_DASK = all(importlib.util.find_spec(m) is not None for m in ("dask", "distributed"))
needs_dask = pytest.mark.skipif(not HAVE_DASK, reason="dask and distributed are not installed "
                                "(pip install 'grundy[cluster]')")

MOVES = {"cram": domino_moves, "node-kayles": node_moves}


def plain(board: Board, game: str) -> int:
    return plain_cells([(r, c) for r, c in board.cells()], MOVES[game])


def random_boards(seed: int, count: int) -> list[Board]:
    """Small boards of any shape: a few cells of a 3 x 5 .. 4 x 5 frame blocked."""
    rng, found = random.Random(seed), []
    for _ in range(count):
        rows, cols = rng.choice([(3, 4), (3, 5), (4, 4), (2, 7)])
        full = Board.full(rows, cols)
        blocked = sum(full.bit(r, c) for r, c in full.cells() if rng.random() < 0.2)
        found.append(full.without(blocked))
    return found


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a cluster of two workers in this process (one thread each)."""
    if not HAVE_DASK:
        pytest.skip("dask and distributed are not installed (pip install 'grundy[cluster]')")
    import logging

    import distributed

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=None, silence_logs=logging.ERROR)
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def test_option_keys_are_equal_only_for_options_of_one_value() -> None:
    seen: dict[str, int] = {}
    for board in random_boards(3, 40):
        for game, search in (("cram", Search.CRAM), ("node-kayles", Search.NODE_KAYLES)):
            for key, option in split.options(board, search):
                v = plain(option, game)
                assert seen.setdefault(f"{game} {key}", v) == v, (game, key)


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_questions_here_equal_the_serial_search_and_a_plain_search(game: str) -> None:
    for board in random_boards(1, 25) + [Board.full(3, 4), Board.full(2, 6)]:
        want = plain(board, game)
        assert split_solve(board, game, workers=0, least=0) == want, board.text()
        assert solve(board, game) == want, board.text()


def test_in_the_second_move_order_each_question_is_searched_in_that_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """second_order: every question is asked with Cram's second move order set, and the
    order put back after it; the values are the plain search's.  A file of answers names
    its order, and a run of the other order refuses it."""
    from grundy.rules.cram import kernel

    found = kernel()
    if found is None:
        pytest.skip("the compiled board search is not built")
    orders: list[bool] = []
    asked = 0
    real = found.set_order
    monkeypatch.setattr(found, "set_order", lambda other: (orders.append(other), real(other)))
    for board in random_boards(4, 12) + [Board.full(3, 5)]:
        want = plain(board, "cram")
        orders.clear()
        assert split_solve(board, "cram", workers=0, least=0, second_order=True) == want
        assert orders[0::2] == [True] * (len(orders) // 2) and orders[1::2] == \
            [False] * (len(orders) // 2), orders
        asked += len(orders) // 2
        orders.clear()
        assert split_solve(board, "cram", workers=0, least=0) == want
        assert True not in orders
    assert asked > 20
    board = Board.full(3, 5)
    second, first = tmp_path / "second.jsonl", tmp_path / "first.jsonl"
    assert split_solve(board, "cram", workers=0, least=0, answers=second, second_order=True) == 1
    assert json.loads(second.read_text().split("\n")[0]) == {
        "game": "cram", "board": board.text(), "order": "second"}
    split_solve(board, "cram", workers=0, least=0, answers=first)
    with pytest.raises(GrundyError, match="not the answers of cram"):
        split_solve(board, "cram", workers=0, least=0, answers=second)
    with pytest.raises(GrundyError, match="in the second move order"):
        split_solve(board, "cram", workers=0, least=0, answers=first, second_order=True)
    with pytest.raises(GrundyError, match="order is Cram's"):
        split_solve(board, "node-kayles", workers=0, least=0, second_order=True)


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_questions_split_below_the_root_equal_a_plain_search(game: str) -> None:
    for board in random_boards(5, 16) + [Board.full(3, 5)]:
        want = plain(board, game)
        for depth in (2, 3):
            assert split_solve(board, game, workers=0, least=0, depth=depth) == want, \
                (board.text(), depth)
        if game == "cram":
            assert split_solve(board, game, workers=0, least=0, depth=2,
                               second_order=True) == want, board.text()
    for depth in (0, split.MOST_DEPTH + 1):
        with pytest.raises(GrundyError, match="depth: 1 to"):
            split_solve(Board.full(3, 4), game, workers=0, least=0, depth=depth)


def below(board: Board, search: Search, depth: int) -> list[tuple[str, Board]]:
    """The options of ``board``'s root and of theirs to ``depth`` levels, with their keys."""
    found: list[tuple[str, Board]] = []
    level = split.root(board, search).options
    for _ in range(depth):
        found += level
        level = [option for _, board in level for option in split.root(board, search).options]
    return found


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_below_the_root_every_answer_is_kept_true_and_a_stopped_run_resumes(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With depth 2 the options' options are asked, not the options; every answer in the
    file (asked, or decided by those below it) is the plain search's; a run stopped after
    a few questions goes on from the file, asking nothing twice."""
    board, search = Board.parse(".......|..#....|......."), Search(game)
    listed = below(board, search, 2)
    keys, by_board = dict(listed), {(b.rows, b.cols, b.mask): key for key, b in listed}
    root_options = {key for key, _ in split.root(board, search).options}
    path = tmp_path / "answers.jsonl"
    calls = counted(monkeypatch)
    want = split_solve(board, game, workers=0, least=0, answers=path, depth=2)
    assert want == plain(board, game)
    lines = path.read_text().splitlines()[1:]
    rows = [json.loads(line) for line in lines]
    for row in rows:
        assert row["answer"] == (plain(keys[row["option"]], game) == row["value"]), row
    decided = {row["option"] for row in rows} & root_options
    assert decided and len(calls) < len(rows)  # root options answered from below
    timed = {(row["option"], row["value"]) for row in rows if "seconds" in row}
    assert timed == {(by_board[b.rows, b.cols, b.mask], target) for b, _, target, *_ in calls}
    assert all(row["seconds"] >= 0 for row in rows if "seconds" in row)
    asked = {option.mask for option, *_ in calls}
    assert not asked & {keys[key].mask for key in root_options}
    real = split.ask
    for stop_after in (1, 4, len(calls) // 2):
        path.unlink()
        count = 0

        def stops(*args: Any) -> bool:
            nonlocal count
            count += 1
            if count > stop_after:
                raise KeyboardInterrupt
            return real(*args)

        monkeypatch.setattr(split, "ask", stops)
        with pytest.raises(KeyboardInterrupt):
            split_solve(board, game, workers=0, least=0, answers=path, depth=2)
        monkeypatch.setattr(split, "ask", real)
        first = path.read_text().splitlines()
        assert len(first) > stop_after
        calls.clear()
        assert split_solve(board, game, workers=0, least=0, answers=path, depth=2) == want
        again = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        pairs = [(row["option"], row["value"]) for row in again]
        assert len(set(pairs)) == len(pairs)  # nothing asked or kept twice
        kept = {(row["option"], row["value"]) for row in map(json.loads, first[1:])}
        assert not kept & {(by_board[b.rows, b.cols, b.mask], target)
                           for b, _, target, *_ in calls}


@needs_dask
@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_the_dask_path_equals_the_serial_search(game: str, scheduler: str) -> None:
    for board in random_boards(2, 8) + [Board.full(3, 5), Board.full(4, 4)]:
        assert split_solve(board, game, scheduler=scheduler, least=0) == solve(board, game), \
            board.text()
    for board in random_boards(6, 3) + [Board.full(3, 5)]:
        assert split_solve(board, game, scheduler=scheduler, least=0, depth=2) == \
            plain(board, game), board.text()


@needs_dask
def test_two_local_worker_processes() -> None:
    board = Board.parse("......|..#...|......")
    assert split_solve(board, "cram", workers=2, least=0) == plain(board, "cram")


@needs_dask
def test_local_workers_are_not_dropped_while_silent_and_take_one_task_each() -> None:
    """The scheduler does not drop a silent local worker (its nanny reports its death; a
    compiled search that held Python's lock sent no heartbeat, and Dask's default dropped
    its worker after 5 minutes, the question started again elsewhere, then failed; see
    test_cram for the search that lets go of the lock).  A local worker is sent
    one question at a time (Dask's default, 1.1 tasks a thread rounded up, queued a second
    behind a long one while another worker waited), and Dask does not pause or kill it for
    the memory its table takes (the table has its own limit)."""
    from grundy.research import cluster

    with cluster.client(2, None, "a test", "nothing") as client:
        ttl, saturation = client.run_on_scheduler(
            lambda dask_scheduler: (dask_scheduler.worker_ttl,
                                    dask_scheduler.WORKER_SATURATION))
        limits = [w["memory_limit"] for w in client.scheduler_info()["workers"].values()]
    assert ttl is None and saturation == 1.0 and limits == [0, 0]


@needs_dask
def test_a_task_for_a_worker_that_is_gone_is_one_clear_error() -> None:
    """A worker killed (its nanny starts another, at another address): the task of its
    table (load or save) is refused at once, where it waited for the worker for ever."""
    from grundy.research import cluster

    with cluster.client(1, None, "a test", "nothing") as client:
        [(gone, pid)] = client.run(os.getpid).items()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(GrundyError, match="worker 0 is gone, its table with it: not saving"):
            split._each_worker(client, {0: gone}, split._Status("a test", None), "saving",
                               lambda name: (time.sleep, 0))


@needs_dask
def test_ctrl_c_closes_the_local_workers_which_save_their_tables_first(tmp_path: Path) -> None:
    """A terminal's Ctrl-C (SIGINT to the whole process group) of a command whose question
    runs on a local worker: the worker ignores it (it would die of it, its table lost),
    saves its table when grundy asks, and is closed with it (it was once left computing);
    the command ends as a stop ends it.  (``kill``, SIGTERM to grundy alone, is taken as
    Ctrl-C: tests/cli/test_main.py; the stop and the saved tables: test_kept.)"""
    import psutil

    path, tables = tmp_path / "a.jsonl", tmp_path / "tables"
    tables.mkdir()
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "board", "cram", "5x9",
                             "--workers", "1", "--least", "0", "--answers", str(path),
                             "--tables", str(tables)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    workers: list[Any] = []
    try:
        wait_until_interruptible(proc)
        deadline = time.monotonic() + 300
        while not any(p.cpu_times().user > 2.5 for p in workers):  # searching: past its imports
            assert proc.poll() is None and time.monotonic() < deadline, proc.poll()
            time.sleep(0.1)
            workers = [p for p in psutil.Process(proc.pid).children(recursive=True)
                       if "spawn_main" in _command_line(p)]
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        gone, alive = psutil.wait_procs(workers, timeout=60)
        assert not alive, [p.pid for p in alive]
        assert (proc.returncode, out) == (2, b""), err
        assert err.decode() == ("grundy: error: interrupted: what was found is kept in "
                                f"{path}; the same command resumes\n")
        assert (tables / "first-0.table").stat().st_size > 0
    finally:
        proc.kill()
        proc.communicate()
        for worker in workers:
            if worker.is_running():
                worker.kill()


def _command_line(process: Any) -> str:
    """A child's command line, or "" for one that ended meanwhile (a zombie not yet reaped:
    a short-lived helper of the local cluster's start)."""
    import psutil

    try:
        return " ".join(process.cmdline())
    except (psutil.ZombieProcess, psutil.NoSuchProcess):
        return ""


def test_small_boards_are_not_split(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split, "ask", lambda *a: pytest.fail("a question was asked"))
    assert split_solve(Board.full(3, 5), "cram", workers=0, least=16) == 1
    assert split_solve(Board.full(3, 5), "cram", workers=0) == 1  # LEAST free cells


def test_local_workers_whose_tables_cannot_fit_are_refused_before_any_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each local worker has its own tables (a power of two of 12-byte slots within the
    limit), and a board past 64 cells has a second one of half as many 20-byte slots:
    refused when together they may not fit (no search, no Dask)."""
    from grundy.research import boards

    class Searched(Exception):
        pass

    def reached(*args: Any) -> None:
        raise Searched

    monkeypatch.setattr(boards, "machine_memory", lambda: 12 << 30)
    monkeypatch.setattr(split, "root", reached)
    wide, narrow = Board.full(3, 22), Board.full(5, 8)
    for board, workers, memory in ((wide, 2, 6 << 30), (wide, 1, 12 << 30),
                                   (narrow, 3, 6 << 30), (wide, 0, 12 << 30)):
        with pytest.raises(GrundyError, match=f"for each of {max(workers, 1)} workers"):
            split_solve(board, "cram", workers=workers, memory=memory, least=0)
    with pytest.raises(GrundyError, match=r"\(11.0G with the table of boards past 64 cells\)"):
        split_solve(wide, "cram", workers=2, memory=(6 << 30) + (11 << 20))  # 2^29 slots
    for board, workers, memory, scheduler in ((narrow, 2, 6 << 30, None),
                                              (wide, 2, 3 << 30, None),
                                              (wide, 2, 4 << 30, "tcp://127.0.0.1:1")):
        with pytest.raises(Searched):  # these fit (a cluster's workers are not this machine)
            split_solve(board, "cram", workers=workers, memory=memory, scheduler=scheduler,
                        least=0)


def counted(monkeypatch: pytest.MonkeyPatch,
            stop_after: int | None = None) -> list[tuple[Any, ...]]:
    """The questions ``ask`` is asked from now on (answered as before; with
    ``stop_after``, that many answered, then Ctrl-C in the next)."""
    calls: list[tuple[Any, ...]] = []
    real = split.ask

    def ask(*args: Any) -> bool:
        calls.append(args)
        if stop_after is not None and len(calls) > stop_after:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(split, "ask", ask)
    return calls


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_a_question_stopped_after_a_while_is_asked_through_its_options_next_time(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question stopped unanswered that ran STOPPED_AFTER seconds is a line of the file;
    the next run asks its options in its place (not it), and their answers decide it."""
    board, search = Board.parse(".......|..#....|......."), Search(game)
    listed = below(board, search, 2)
    keys, by_board = dict(listed), {(b.rows, b.cols, b.mask): key for key, b in listed}
    want, real = plain(board, game), split.ask
    monkeypatch.setattr(answers, "STOPPED_AFTER", 0.0)  # every stop counts
    for after in (0, 2, 5):
        path = tmp_path / f"answers-{after}.jsonl"
        calls = counted(monkeypatch, stop_after=after)
        with pytest.raises(KeyboardInterrupt):
            split_solve(board, game, workers=0, least=0, answers=path)
        option, _, target, *_ = calls[-1]
        key = by_board[option.rows, option.cols, option.mask]
        rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        assert len(rows) == after + 1 and "answer" not in rows[-1], rows
        assert (rows[-1]["option"], rows[-1]["value"]) == (key, target)
        assert rows[-1]["stopped"] >= 0
        assert Answers(path, game, board).stopped == {(key, target): rows[-1]["stopped"]}
        monkeypatch.setattr(split, "ask", real)
        calls = counted(monkeypatch)
        assert split_solve(board, game, workers=0, least=0, answers=path) == want
        asked = {(by_board[b.rows, b.cols, b.mask], t) for b, _, t, *_ in calls}
        assert (key, target) not in asked  # not asked whole again...
        inside = {k for k, _ in split.root(keys[key], search).options}
        assert {k for k, _ in asked} & inside  # ...but through its options
        again = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        decided = [row for row in again if (row["option"], row["value"]) == (key, target)
                   and "answer" in row]
        assert [row["answer"] for row in decided] in ([], [plain(keys[key], game) == target])


def test_a_question_stopped_soon_is_asked_whole_again(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.parse(".......|..#....|.......")
    path, real = tmp_path / "answers.jsonl", split.ask
    calls = counted(monkeypatch, stop_after=1)
    with pytest.raises(KeyboardInterrupt):
        split_solve(board, "cram", workers=0, least=0, answers=path)
    assert len(path.read_text().splitlines()) == 2  # the answer, no stop under a minute
    stopped = calls[-1][:3]
    monkeypatch.setattr(split, "ask", real)
    calls = counted(monkeypatch)
    assert split_solve(board, "cram", workers=0, least=0, answers=path) == plain(board, "cram")
    assert calls[0][:3] == stopped


@needs_dask
def test_the_questions_under_way_on_workers_at_a_stop_are_kept_as_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scheduler: str) -> None:
    board = Board.parse(".......|..#....|.......")
    path = tmp_path / "answers.jsonl"
    monkeypatch.setattr(answers, "STOPPED_AFTER", 0.0)

    def status(self: Any, at: Any) -> None:  # Ctrl-C once an answer has come back
        if at.answers:
            raise KeyboardInterrupt

    monkeypatch.setattr(split._Status, "__call__", status)
    with pytest.raises(KeyboardInterrupt):
        split_solve(board, "cram", scheduler=scheduler, least=0, answers=path)
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    answered = [row for row in rows if "answer" in row]
    stopped = [row for row in rows if "stopped" in row]
    first = [key for key, _ in split.root(board, Search.CRAM).options[:2]]
    assert len(answered) == len(stopped) == 1  # two asked at once, one answered
    assert {row["option"] for row in rows} == set(first)  # the first two of the round
    assert stopped[0]["value"] == answered[0]["value"]
    monkeypatch.undo()
    assert split_solve(board, "cram", scheduler=scheduler, least=0,
                       answers=path) == plain(board, "cram")


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_a_second_run_asks_only_what_the_file_does_not_answer(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.parse("......|...#..|......")
    path = tmp_path / "answers.jsonl"
    calls = counted(monkeypatch)
    found = split.root(board, Search.CRAM if game == "cram" else Search.NODE_KAYLES)
    keys = {option.mask: key for key, option in found.options}
    assert len(keys) == len(found.options) > 3
    want = split_solve(board, game, workers=0, least=0, answers=path)
    assert want == plain(board, game)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"game": game, "board": board.text()}
    assert len(lines) - 1 == len(calls) > 3  # each answer kept, one a line
    calls.clear()
    assert split_solve(board, game, workers=0, least=0, answers=path) == want
    assert calls == []
    for kept in (1, 3, len(lines) - 2):  # a file of the first answers only
        path.write_text("\n".join(lines[:kept]) + "\n")
        calls.clear()
        assert split_solve(board, game, workers=0, least=0, answers=path) == want
        assert len(calls) == len(lines) - kept
        asked = {(row["option"], row["value"]) for row in map(json.loads, lines[1:kept])}
        assert not asked & {(keys[c[0].mask], c[2]) for c in calls}
    assert path.read_text().splitlines() == lines


@needs_dask
def test_the_dask_path_resumes_too(tmp_path: Path, scheduler: str) -> None:
    board = Board.parse(".......|...#...|.......")
    path = tmp_path / "answers.jsonl"
    want = split_solve(board, "cram", scheduler=scheduler, least=0, answers=path)
    assert want == solve(board, "cram")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:4]) + "\n")
    assert split_solve(board, "cram", scheduler=scheduler, least=0, answers=path) == want
    again = path.read_text().splitlines()
    assert again[:4] == lines[:4] and len(set(again)) == len(again)  # nothing asked twice


def test_a_line_cut_short_is_left_out_and_a_bad_file_refused(tmp_path: Path) -> None:
    board = Board.full(3, 4)
    path = tmp_path / "answers.jsonl"
    split_solve(board, "cram", workers=0, least=0, answers=path)
    text = path.read_text()
    path.write_text(text + '{"option": "2x')  # a stop while a line was written
    assert Answers(path, "cram", board).known == Answers(None, "cram", board).known | {
        (json.loads(line)["option"], json.loads(line)["value"]): json.loads(line)["answer"]
        for line in text.splitlines()[1:]}
    with pytest.raises(GrundyError, match="not the answers of cram 3x5"):
        split_solve(Board.full(3, 5), "cram", workers=0, least=0, answers=path)
    with pytest.raises(GrundyError, match="not the answers of node-kayles 3x4"):
        split_solve(board, "node-kayles", workers=0, least=0, answers=path)
    lines = text.splitlines()
    path.write_text("\n".join([lines[0], '{"option": "1x2", "value": -1, "answer": true}',
                               *lines[1:]]) + "\n")
    with pytest.raises(GrundyError, match="line 2 is not an answer"):
        split_solve(board, "cram", workers=0, least=0, answers=path)
    path.write_text("not json\n")
    with pytest.raises(GrundyError, match="its first line names another board"):
        split_solve(board, "cram", workers=0, least=0, answers=path)
    with pytest.raises(GrundyError, match="does not exist"):
        split_solve(board, "cram", workers=0, least=0, answers=tmp_path / "no" / "a.jsonl")


def test_without_dask_says_so(tmp_path: Path) -> None:
    fake = tmp_path / "blocked" / "distributed"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('not installed here')\n")
    code = ("from grundy.research.split import split_solve; from grundy.rules.cells import Board\n"
            "try:\n    split_solve(Board.full(3, 4), 'cram', workers=2, least=0)\n"
            "except Exception as e:\n    print(type(e).__name__, e)\n"
            "print(split_solve(Board.full(3, 4), 'cram', workers=0, least=0))\n")
    env = {**os.environ, "PYTHONPATH": str(fake.parent)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.stdout.splitlines() == [
        "GrundyError a board search on workers needs dask.distributed, which is not installed: "
        "pip install 'grundy[cluster]', or search here with workers=0", "1"], proc.stderr


@needs_dask
def test_a_bad_scheduler_address() -> None:
    with pytest.raises(GrundyError, match="cannot reach the Dask scheduler at nowhere"):
        split_solve(Board.full(3, 4), "cram", scheduler="nowhere", least=0)


def test_the_command(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    board = "......|..#...|......"
    want = plain(Board.parse(board), "cram")
    got = cli("board", "cram", board, "--workers", "0", "--least", "0", "--answers", str(path))
    assert (got.code, got.out) == (0, f"value: {want}\n"), got.err
    assert len(path.read_text().splitlines()) > 3
    deeper = tmp_path / "deeper.jsonl"
    got = cli("board", "cram", board, "--workers", "0", "--least", "0", "--answers",
              str(deeper), "--depth", "2")
    assert (got.code, got.out) == (0, f"value: {want}\n"), got.err
    assert len(deeper.read_text().splitlines()) > len(path.read_text().splitlines())
    assert_one_line_error(cli("board", "cram", "3x4", "--depth", "4"), "--depth")
    from grundy.cli.boards import board as command  # the command's limits are split's

    given = {param.name: param for param in command.params}
    assert (given["depth"].type.max, given["least"].default) == (  # type: ignore[attr-defined]
        split.MOST_DEPTH, split.LEAST)
    assert_one_line_error(cli("board", "cram", "3x4", "--depth", "2", "--save", str(deeper)),
                          "--depth splits the root's questions")
    got = cli("board", "node-kayles", "3x5")  # searched here: fewer than 50 free cells
    assert (got.code, got.out) == (0, f"value: {plain(Board.full(3, 5), 'node-kayles')}\n")
    assert_one_line_error(cli("board", "chomp", "3x4"), "plays cram and node-kayles")
    assert_one_line_error(cli("board", "cram", "3y4"), "cannot read a board from '3y4'")
    assert_one_line_error(cli("board", "cram", "3x4", "--workers", "2", "--scheduler",
                              "tcp://127.0.0.1:1"), "--workers is for this machine")
    assert_one_line_error(cli("board", "cram", "3x4", "--least", "0", "--answers",
                              str(path)), "not the answers of cram 3x4")
    got = cli("board", "cram", "4x5", "--workers", "0", "--memory", "2M")
    assert (got.code, got.out) == (0, f"value: {plain(Board.full(4, 5), 'cram')}\n"), got.err
    assert_one_line_error(cli("board", "cram", "4x5", "--memory", "8"), "less than 1M")
    from grundy.research.boards import machine_memory

    ram = machine_memory()
    if ram is not None:  # each local worker has a table of --memory: all of them must fit
        assert_one_line_error(cli("board", "cram", "3x22", "--workers", "3", "--memory",
                                  str(ram // 2), "--time", "20"), "for each of 3 workers (")


def test_the_command_searches_here_in_one_piece_with_a_file_it_resumes_from(
        cli: Any, tmp_path: Path) -> None:
    """--save, and --second-order without a split, search the board in one piece (no Dask);
    a run stopped by --time keeps its values in the file, and the next run goes on from it.
    --second-order with --answers asks the split root's questions in that order."""
    from grundy.rules.cram import kernel

    if kernel() is None:
        pytest.skip("the compiled board search is not built")
    board = "......|..#...|......"
    want = plain(Board.parse(board), "cram")
    for flags in ([], ["--second-order"]):
        path = tmp_path / f"small{len(flags)}.table"
        got = cli("board", "cram", board, "--least", "0", "--save", str(path), *flags)
        assert (got.code, got.out) == (0, f"value: {want}\n"), got.err
        assert path.stat().st_size > 0
        again = cli("board", "cram", board, "--least", "0", "--save", str(path), *flags)
        assert (again.code, again.out) == (0, f"value: {want}\n"), again.err
    got = cli("board", "cram", board, "--least", "0", "--second-order", "--workers", "0")
    assert (got.code, got.out) == (0, f"value: {want}\n"), got.err
    path = tmp_path / "5x7.table"  # value 1 (Beling's table), in about 0.3 s of CPU time
    first = cli("board", "cram", "5x7", "--save", str(path), "--time", "0.1")
    assert first.code == 2 and first.out == "" and first.err.count("\n") == 1, first
    assert f"--time 0.1 s (what was found is kept in {path})" in first.err, first.err
    assert path.stat().st_size > 0
    again = cli("board", "cram", "5x7", "--save", str(path))
    assert (again.code, again.out) == (0, "value: 1\n"), again.err
    answers = tmp_path / "5x7.jsonl"  # the split root stops by its time too, answers kept
    split = ("board", "cram", "5x7", "--least", "0", "--workers", "0", "--answers", str(answers))
    first = cli(*split, "--time", "0.1")
    assert first.code == 2 and first.out == "" and first.err.count("\n") == 1, first
    assert f"(what was found is kept in {answers})" in first.err, first.err
    again = cli(*split)
    assert (again.code, again.out) == (0, "value: 1\n"), again.err
    for flags, said in ((["--save", str(path), "--workers", "2"],
                         "--save searches the board here, in one piece, and --workers splits"),
                        (["--save", str(path), "--scheduler", "tcp://127.0.0.1:1"],
                         "and --scheduler splits its root")):
        assert_one_line_error(cli("board", "cram", "3x4", *flags), said)
    answers = tmp_path / "second.jsonl"  # the split root in the second order
    split = ("board", "cram", board, "--least", "0", "--workers", "0", "--answers", str(answers))
    got = cli(*split, "--second-order")
    assert (got.code, got.out) == (0, f"value: {want}\n"), got.err
    assert '"order": "second"' in answers.read_text().split("\n")[0]
    assert_one_line_error(cli(*split), "not the answers of cram")
    assert_one_line_error(cli("board", "node-kayles", "3x4", "--second-order"),
                          "order is Cram's")
    assert_one_line_error(cli("board", "cram", "3x4", "--save", str(tmp_path)),
                          str(tmp_path))


@needs_dask
def test_a_worker_that_dies_is_one_clear_error(scheduler: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from distributed.scheduler import KilledWorker

    def dies(*args: Any) -> bool:  # what the future of a task whose workers died raises
        raise KilledWorker("ask", SimpleNamespace(address="tcp://worker"), 3)

    monkeypatch.setattr(split, "ask", dies)
    with pytest.raises(GrundyError, match="died .* run again to resume"):
        split_solve(Board.full(3, 4), "cram", scheduler=scheduler, least=0,
                    answers=tmp_path / "a.jsonl")


@needs_dask
def test_the_status_line_moves_while_the_questions_on_workers_run(
        monkeypatch: pytest.MonkeyPatch, scheduler: str) -> None:
    """Not only at each answer: while every question under way runs, the line is shown
    again each TICK seconds (with the seconds), so a long question shows the run alive."""
    slow = split.ask

    def ask(*args: Any) -> bool:
        time.sleep(0.25)
        return slow(*args)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(split, "ask", ask)
    monkeypatch.setattr(split, "TICK", 0.02)
    board, terminal = Board.full(3, 4), Terminal()
    assert split_solve(board, "cram", scheduler=scheduler, least=0,
                       stream=terminal) == plain(board, "cram")
    lines = [line for line in terminal.getvalue().split("\r") if line]
    answers = int(re.search(r"(\d+) answers", lines[-1])[1])  # type: ignore[index]
    assert 0 < answers and len(lines) > 4 * answers + 2, (answers, len(lines))
    monkeypatch.setattr(split, "TICK", 100.0)
    terminal = Terminal()
    split_solve(board, "cram", scheduler=scheduler, least=0, stream=terminal)
    assert len([line for line in terminal.getvalue().split("\r") if line]) <= len(lines) // 2


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_progress_says_what_the_file_decides_and_what_the_next_run_asks_first(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``progress`` reads a file of answers (cut after any line) without writing to it:
    the value when the answers decide it (the next run then asks nothing and finds it),
    else a bound the value keeps and the question the next run asks first."""
    rng, search, checked = random.Random(41), Search(game), 0
    for number, board in enumerate(random_boards(43 if game == "cram" else 47, 6)):
        want = plain(board, game)
        for depth in (1, 2):
            path = tmp_path / f"{number}-{depth}.jsonl"
            assert split_solve(board, game, workers=0, least=0, answers=path,
                               depth=depth) == want
            lines = path.read_text().splitlines()
            for kept in sorted({1, len(lines), *rng.sample(range(1, len(lines) + 1),
                                                           min(3, len(lines)))}):
                text = "\n".join(lines[:kept]) + "\n"
                path.write_text(text)
                at = split.progress(board, game, path, depth=depth, least=0)
                assert path.read_text() == text  # only read
                calls = counted(monkeypatch)
                assert split_solve(board, game, workers=0, least=0, answers=path,
                                   depth=depth) == want
                monkeypatch.undo()
                if at.value is not None:
                    assert (at.value, at.next, at.open, calls) == (want, [], [], [])
                    continue
                key, option, value = at.next[0]
                assert (calls[0][0], calls[0][2]) == (option, value), kept
                assert at.asked <= want ^ at.rest and at.open and len(at.open) <= at.options
                if depth == 1:  # the round's question, to an option not answered in it
                    assert value == at.asked and key in at.open and at.inside == {}
                options = dict(split.root(board, search).options)
                for key, (done, of) in at.inside.items():  # open, asked through its options
                    inside = split.root(options[key], search)
                    target = at.asked ^ inside.rest
                    unanswered = {k for k, _, v in at.next if v == target} & dict(
                        inside.options).keys()
                    assert key in at.open and (done, of) == (of - len(unanswered),
                                                            len(inside.options))
                    checked += 1
                assert at.answers == sum(1 for line in lines[1:kept] if '"answer"' in line)
    assert checked  # some open options were asked through their options


@pytest.mark.parametrize("game", ["cram", "node-kayles"])
def test_a_check_guided_by_a_first_runs_answers_asks_its_yes_first(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second run (Cram's second order) guided by a first run's file finds the same
    value; at depth 1 each round below the value asks one question (the option the guide
    says has that value), and every round asks no more than the unguided run."""
    second, fewer = game == "cram", 0
    for number, board in enumerate(random_boards(53 if second else 59, 8)):
        want = plain(board, game)
        for depth in (1, 2):
            first = tmp_path / f"{number}-{depth}.jsonl"
            assert split_solve(board, game, workers=0, least=0, answers=first,
                               depth=depth) == want
            asked = {}
            for guide in (None, first):
                calls = counted(monkeypatch)
                assert split_solve(board, game, workers=0, least=0, second_order=second,
                                   depth=depth, guide=guide) == want
                monkeypatch.undo()
                asked[guide] = [target for _, _, target, *_ in calls]
            guided, unguided = asked[first], asked[None]
            assert len(guided) <= len(unguided), (board.text(), depth)
            fewer += len(guided) < len(unguided)
            if depth == 1 and split.root(board, Search(game)).piece is not None:
                rest = split.root(board, Search(game)).rest
                assert all(guided.count(v) <= 1 for v in range(want ^ rest)), (guided, want, rest, board.text())
    assert fewer  # the guide saved questions somewhere


def test_a_wrong_guide_orders_the_questions_and_changes_no_value(tmp_path: Path) -> None:
    """A guide whose answers are made up (random yes and no for the options met below the
    root) leaves every value the plain search's: it answers nothing."""
    rng, search = random.Random(61), Search.CRAM
    for number, board in enumerate(random_boards(67, 6)):
        guide = tmp_path / f"guide-{number}.jsonl"
        book = Answers(guide, "cram", board)
        for key, _ in below(board, search, 2):
            for value in range(4):
                if rng.random() < 0.4:
                    book.add(key, value, rng.random() < 0.5)
        for depth in (1, 2):
            assert split_solve(board, "cram", workers=0, least=0, depth=depth, guide=guide,
                               second_order=True) == plain(board, "cram"), board.text()
    with pytest.raises(GrundyError, match="not the answers of cram 3x4"):
        split_solve(Board.full(3, 4), "cram", workers=0, least=0, guide=guide)
    with pytest.raises(GrundyError, match="no such file of answers"):
        split_solve(Board.full(3, 4), "cram", workers=0, least=0, guide=tmp_path / "none")


def test_the_command_checks_a_value_guided_by_a_first_runs_file(cli: Any,
                                                                 tmp_path: Path) -> None:
    board, first, second = ".......|..#....|.......", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    want = f"value: {plain(Board.parse(board), 'cram')}\n"
    assert cli("board", "cram", board, "--workers", "0", "--least", "0", "--answers",
               str(first)).out == want
    checked = cli("board", "cram", board, "--workers", "0", "--least", "0", "--answers",
                  str(second), "--second-order", "--guide", str(first))
    assert (checked.code, checked.out) == (0, want), checked
    rows = [json.loads(line) for line in second.read_text().splitlines()[1:]]
    assert 0 < len(rows) <= len(first.read_text().splitlines()) - 1  # no more questions
    shown = cli("board", "cram", board, "--least", "0", "--answers", str(second),
                "--second-order", "--guide", str(first), "--show")
    assert shown.code == 0 and shown.out.splitlines()[-1] == want.strip(), shown
    for args, words in ((["--second-order", "--guide", str(first)], "--guide orders"),
                        (["--save", str(tmp_path / "t"), "--guide", str(first)], "--guide"),
                        (["--workers", "0", "--answers", str(tmp_path / "c"), "--guide",
                          str(tmp_path / "none")], "no such file of answers")):
        assert_one_line_error(cli("board", "cram", board, "--least", "0", *args), words)


def test_progress_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    board = Board.full(3, 5)
    with pytest.raises(GrundyError, match="no such file of answers"):
        split.progress(board, "cram", tmp_path / "none.jsonl", least=0)
    assert not (tmp_path / "none.jsonl").exists()
    path = tmp_path / "a.jsonl"
    split_solve(board, "cram", workers=0, least=0, answers=path)
    with pytest.raises(GrundyError, match="fewer than 50 free cells"):
        split.progress(board, "cram", path)
    with pytest.raises(GrundyError, match="not the answers of cram 3x4"):
        split.progress(Board.full(3, 4), "cram", path, least=0)
    with pytest.raises(GrundyError, match="depth: 1 to 3, got 4"):
        split.progress(board, "cram", path, least=0, depth=4)


def test_progress_counts_the_stopped_questions_it_asks_through_their_options(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop line for the question the next run asks first makes it ask that question
    through its options; one for a question no run asks is counted, not split."""
    board, search = Board.parse(".......|..#....|......."), Search.CRAM
    path = tmp_path / "a.jsonl"
    split_solve(board, "cram", workers=0, least=0, answers=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3]) + "\n")
    before = split.progress(board, "cram", path, least=0)
    key, option, value = before.next[0]
    assert (before.stopped, before.split) == (0, 0)
    with open(path, "a") as out:
        for target in (value, value + 50):  # no option of a 21-cell board has value 50
            out.write(json.dumps({"option": key, "value": target, "stopped": 90.0}) + "\n")
    after = split.progress(board, "cram", path, least=0)
    assert (after.stopped, after.split) == (2, 1)
    inside = {k for k, _ in split.root(option, search).options}
    assert after.next[0][0] in inside  # the stopped question, through its options
    calls = counted(monkeypatch)
    assert split_solve(board, "cram", workers=0, least=0, answers=path) == plain(board, "cram")
    assert (calls[0][0], calls[0][2]) == after.next[0][1:]


def test_the_command_shows_where_a_file_stands(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    board = ".......|..#....|......."
    assert cli("board", "cram", board, "--workers", "0", "--least", "0", "--answers",
               str(path)).out == f"value: {plain(Board.parse(board), 'cram')}\n"
    lines = path.read_text().splitlines()
    shown = cli("board", "cram", board, "--least", "0", "--answers", str(path), "--show")
    rows = [json.loads(line) for line in lines[1:]]
    total, longest = sum(row["seconds"] for row in rows), max(row["seconds"] for row in rows)
    assert shown.code == 0 and shown.out.splitlines() == [
        f"cram {board} by {path}: {len(lines) - 1} answers",
        f"{len(rows)} of them timed: {total:.1f} s of questions in all, the longest "
        f"{longest:.1f} s",
        f"value: {plain(Board.parse(board), 'cram')}"]
    path.write_text("\n".join(lines[:3]) + "\n")
    shown = cli("board", "cram", board, "--least", "0", "--answers", str(path), "--show",
                "--depth", "2")
    out = shown.out.splitlines()
    assert shown.code == 0 and out[0] == f"cram {board} by {path}: 2 answers", out
    assert re.fullmatch(r"2 of them timed: [\d.]+ s of questions in all, the longest [\d.]+ s",
                        out.pop(1)), out
    assert re.fullmatch(r"value: at least \d, not yet decided", out[1]), out
    opened = re.fullmatch(r"is it \d\? \d+ of \d+ options answered, (\d+) open:", out[2])
    assert opened, out
    listed = out[3:3 + min(10, int(opened[1]))]
    assert all(re.fullmatch(r"  \S+: \d+ of its \d+ options answered", line)
               for line in listed), out
    rest = out[3 + len(listed) + (int(opened[1]) > 10):]
    assert rest[0].startswith("the next questions") and re.fullmatch(r"  .+: value \d\?",
                                                                     rest[1]), out
    assert path.read_text() == "\n".join(lines[:3]) + "\n"
    for args, words in ((["--show"], "give --answers"),
                        (["--show", "--answers", str(path), "--workers", "2"], "--workers is"),
                        (["--show", "--answers", str(tmp_path / "b")], "no such file"),
                        (["--show", "--answers", os.devnull], "not a file (a device?)")):
        assert_one_line_error(cli("board", "cram", "3x23", *args), words)
