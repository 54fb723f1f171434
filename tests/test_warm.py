"""The suite's warm children (tests/warm.py) answer as fresh ``python -m grundy`` processes do."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import warm

NIM = b"5\n1 1\n2 3\n3 5\n7 7\n10 11\n"

RUNS = [  # (arguments, standard input): fast paths, the CLI, errors, Ctrl-C's status, help
    (["nim"], NIM),
    (["solve", "squares"], b"2 2\n..\n..\n"),
    (["analyze", "kayles", "3", "4", "5"], None),
    (["analyze", "kayles", "-3"], None),
    (["sequence", "0.07", "-n", "30"], None),
    (["quotient", "0.75"], None),
    (["table", "no-such-game"], None),
    (["--help"], None),
    (["--no-such-option"], None),
    ([], None),
    (["nim", "inv", "x"], None),
    (["solve", "beans"], b"not a number\n"),
    (["analyze", "--json", "nim", "3", "4", "5"], None),
]


@pytest.mark.parametrize("args,data", RUNS, ids=[" ".join(a) or "-" for a, _ in RUNS])
def test_a_warm_child_answers_as_a_fresh_process(args: list[str], data: bytes | None) -> None:
    ran = warm.run(args, data)
    fresh = warm._fresh(args, data, dict(os.environ), os.getcwd(), (), 600.0, False)
    assert (ran.code, ran.out, ran.err) == (fresh.code, fresh.out, fresh.err)
    assert ran.out or ran.err  # each says something


def test_dev_full_and_limits_as_a_fresh_process() -> None:
    limits = [("RLIMIT_AS", 2 << 30, 2 << 30), ("RLIMIT_CPU", 20, 25)]
    args = ["analyze", "kayles", "3"]
    ran = warm.run(args, b"", limits=limits, full=True)
    fresh = warm._fresh(args, b"", dict(os.environ), os.getcwd(), limits, 600.0, True)
    assert (ran.code, ran.err) == (fresh.code, fresh.err)
    assert ran.code == 2 and "cannot write" in ran.err.decode()


def test_a_limit_holds_in_a_warm_child() -> None:
    limits = [("RLIMIT_CPU", 1, 1)]  # a second of CPU: the kernel stops the search
    ran = warm.run(["board", "cram", "5x9"], None, limits=limits)
    assert ran.code < 0, ran  # ended by a signal


def test_a_run_sees_its_own_folder(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_bytes(NIM)
    ran = warm.run(["nim", "in.txt"], None, cwd=str(tmp_path))
    assert ran.code == 0 and ran.out == warm.run(["nim"], NIM).out != b""


def test_a_changed_environment_reaches_the_run(tmp_path: Path) -> None:
    # the misère quotients' cache goes where GRUNDY_CACHE_DIR says
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)}
    served = warm.Warm()  # its own environment is the suite's; the run's is given
    try:
        ran = served.run(["quotient", "0.75"], None, env, os.getcwd(), [], 600.0, False)
    finally:
        served.close()
    assert ran.code == 0 and any(tmp_path.iterdir())


def test_the_cpu_time_and_peak_memory_are_the_runs_own() -> None:
    """A search of about half a second of CPU reports that much, warm or fresh; a run that
    answers at once reports far less (not the warm interpreter's time, nor the test's).
    A warm child's peak memory is its own or the warm interpreter's, far below this
    process's when this process is large (a fresh process forked from it counts it)."""
    search, quick = ["board", "cram", "5x7"], ["analyze", "nim", "1"]
    for run in (lambda args: warm.run(args, None),
                lambda args: warm._fresh(args, None, dict(os.environ), os.getcwd(), (), 600.0,
                                         False)):
        long, short = run(search), run(quick)
        assert long.code == short.code == 0 and long.out.strip() == b"value: 1"
        assert long.cpu > 0.25 and long.cpu > 2 * short.cpu, (long.cpu, short.cpu)
    ballast = bytearray(600 << 20)  # this process made large: 600 MB resident
    ballast[::4096] = b"x" * len(ballast[::4096])
    small = warm.run(quick, None)
    assert 1 << 20 < small.peak < 300 << 20, small.peak >> 20


def test_a_run_past_its_timeout_is_killed_and_said_so() -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        warm.run(["board", "cram", "6x7"], None, timeout=0.5)
    with pytest.raises(subprocess.TimeoutExpired):
        warm._fresh(["board", "cram", "6x7"], None, dict(os.environ), os.getcwd(), (), 0.5, False)
    assert warm.run(["analyze", "nim", "1"], None).code == 0  # the next run is served
