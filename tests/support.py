"""Checks shared by the test files (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import warm

#: the repository, and its test data (tests/data: shared by the test folders)
ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"

#: seconds that only a hang exceeds, on a machine however busy: the ceiling of a wait for a
#: sign (a line, a file, a server up) or of a child's run.  What a test means by "soon" it
#: checks on CPU time (:func:`run_limited`'s ``cpu``), which a busy machine does not inflate.
HANG = 120.0


def assert_one_line_error(result: Any, words: str, line: int | None = None) -> None:
    """Exit 2, nothing on stdout, and one line ``grundy: error: [line N: ]...`` holding ``words``."""
    assert result.code == 2, result
    assert result.out == "", result.out
    prefix = "grundy: error: " + (f"line {line}: " if line is not None else "")
    assert result.err.startswith(prefix), result.err
    assert result.err.count("\n") == 1 and result.err.endswith("\n"), result.err
    assert words in result.err, result.err


def golden_rows(name: str) -> list[tuple[str, str]]:
    """The data lines of ``tests/data/<name>``, each with the ``# source:`` line above it.

    A source line covers the data lines right below it; every data line must have
    one, so a file where one lacks it fails here.
    """
    rows, source = [], None
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("# source:"):
            source = line
        elif line.startswith("#") or not line:
            source = None  # another comment or a blank line ends a source's rows
        else:
            assert source, f"{name}: {line[:40]!r} has no source line"
            rows.append((source, line))
    return rows


# -- Ctrl-C tests: wait for a sign that the child can be interrupted, not for a time --------


def _proc_fields(pid: int) -> tuple[dict[str, str], float, list[str]] | None:
    """The lines of ``/proc/PID/status``, the CPU seconds the process has used
    (``/proc/PID/stat``) and its command line, or None where there is no /proc (or the
    process is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    ticks = stat.rpartition(")")[2].split()  # after the command name, which may hold blanks
    cpu = (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return fields, cpu, os.fsdecode(cmdline).split("\0")[:-1]


def cpu_seconds(pid: int) -> float | None:
    """The CPU time process ``pid`` has used so far (None where /proc cannot tell)."""
    found = _proc_fields(pid)
    return None if found is None else found[1]


def wait_until_interruptible(proc: Any, cpu: float = 0.0, timeout: float = 300.0,
                             sig: int = signal.SIGINT) -> None:
    """:func:`_wait_interruptible`; a child that will not get there is killed, not left running."""
    try:
        _wait_interruptible(proc, cpu, timeout, sig)
    except BaseException:
        proc.kill()
        proc.wait()
        raise


def _wait_interruptible(proc: Any, cpu: float, timeout: float, sig: int) -> None:
    """Wait until ``proc`` catches the signal ``sig`` (its handler is installed),
    neither blocks nor ignores it, and has used ``cpu`` seconds of CPU time since it started.

    These are signs the child gives of itself, read from /proc: they hold however busy the
    machine is, where a fixed sleep does not (a child still starting when the signal comes
    is killed by it, or dies in an import; one that inherited SIGINT ignored or blocked
    never sees it).  ``timeout`` only bounds a child that never gets there.
    """
    bit, name = 1 << (sig - 1), signal.Signals(sig).name
    deadline = time.monotonic() + timeout
    blocked_since: float | None = None
    while True:
        assert proc.poll() is None, f"the child ended before it could be interrupted: {proc.poll()}"
        found = _proc_fields(proc.pid)
        if found is None:  # no /proc: no sign to read, a generous wait instead
            time.sleep(2.0 + 4 * cpu)
            return
        fields, used, cmdline = found
        if cmdline != [os.fsdecode(a) for a in proc.args]:  # not yet the program: still forking
            time.sleep(0.02)
            continue
        ignored, blocked, caught = (int(fields.get(name, "0"), 16) & bit
                                    for name in ("SigIgn", "SigBlk", "SigCgt"))
        assert not ignored, (f"the child ignores {name} (SigIgn {fields['SigIgn']}), inherited "
                             "from the process that started it")
        # a thread being created blocks every signal for a moment (a signal then waits, it is
        # not lost): only a mask that stays so is the child's own (a moment that a busy
        # machine may stretch to seconds: 30 s is a mask that stays)
        blocked_since = (blocked_since or time.monotonic()) if blocked else None
        assert blocked_since is None or time.monotonic() - blocked_since < 30, (
            f"the child blocks {name} (SigBlk {fields['SigBlk']}), inherited from the process "
            "that started it")
        if caught and not blocked and used >= cpu:
            return
        assert time.monotonic() < deadline, f"the child is not interruptible after {timeout} s"
        time.sleep(0.02)


# -- a grundy that must stay within its limits -----------------------------------------------


@dataclass
class Ran:
    """What ``grundy`` did: exit code, output, the CPU seconds it used (user + system) and
    the most memory it held at once (resident bytes)."""

    code: int
    out: str
    err: str
    cpu: float
    peak: int = 0


def children_cpu() -> float:
    """The CPU seconds used so far by the children this process has waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_limited(*args: str, megabytes: int = 3000, timeout: float = HANG,
                input: str | None = None, env: dict[str, str] | None = None,
                cwd: Path | None = None, budget: float | None = None,
                stream: Iterable[bytes] | None = None) -> Ran:
    """``grundy ARGS`` in a subprocess held to ``megabytes`` of address space (a ruleset that
    never ends must not take the machine with it), stopped after ``timeout`` seconds only if
    it hangs; with the misère search's budget set to ``budget`` seconds, so that a test waits
    out less than its 5 s.  Standard input is ``input``, or the chunks of ``stream`` written
    until grundy stops reading.  The CPU time and peak memory are the child's own (wait4).
    It runs in a warm child (tests/warm.py), whose CPU time leaves out Python's start and
    whose peak memory counts the warm interpreter's (small) pages, unless ``budget`` asks
    for a fresh process (whose peak counts this process's pages too)."""
    limits = [("RLIMIT_AS", megabytes << 20, megabytes << 20)]
    data = input.encode() if input is not None else stream
    try:
        if budget is None:
            ran = warm.run(list(args), data, env=env, cwd=None if cwd is None else str(cwd),
                           limits=limits, timeout=timeout)
        else:
            ran = warm.collect(_fresh_process(args, limits, budget, env, cwd), data, timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(args)} ran past {timeout} s")
    return Ran(ran.code, ran.out.decode("utf-8", "replace"), ran.err.decode("utf-8", "replace"),
               ran.cpu, ran.peak)


def _fresh_process(args: tuple[str, ...], limits: list[tuple[str, int, int]],
                   budget: float | None, env: dict[str, str] | None,
                   cwd: Path | None) -> subprocess.Popen[bytes]:
    """``grundy ARGS`` begun in a fresh Python under ``limits``, the misère search's budget
    set to ``budget`` seconds (unless None), its standard input a pipe."""
    def limit() -> None:
        for kind, soft, hard in limits:
            resource.setrlimit(getattr(resource, kind), (soft, hard))

    command = [sys.executable, "-m", "grundy"] if budget is None else [
        sys.executable, "-c", "import grundy.play.misere.search as s; "
        f"s.MAX_SECONDS = {budget}; from grundy.cli.console import main; main()"]
    return subprocess.Popen([*command, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=limit, env=env, cwd=cwd)


def assert_bad_heap_option(game: Any, heap: int, option: int) -> None:
    """``option`` is a part of an option of ``heap`` and not a heap below it (the definition
    of what a heap game may not do)."""
    from grundy.engine import Sum

    parts = [p for o in game.options(heap) for p in (o.parts if isinstance(o, Sum) else (o,))]
    assert option in parts
    assert not 0 <= option < heap
