"""``python -m grundy ARGS`` run in a child forked from a warm interpreter.

A fresh ``python -m grundy`` spends about 0.15 s of CPU before it reads its first
argument: Python starts, then grundy, click and NumPy are imported.  The suite runs
grundy some 800 times, so those starts were a good part of its time.  Here a test
process keeps one *warm* interpreter (a pool of them, for tests that run several at a
time) that has imported them once and then forks a child for each run:

- the child's standard input, output and error are pipes the test holds (standard input
  /dev/null when the test gives none), as :func:`subprocess.run` gives;
- its arguments, environment and working directory are the run's own, and it runs the
  ``grundy`` package as ``python -m grundy`` does (:func:`runpy.run_module`, as
  ``__main__``), to the interpreter's own exit (its flush of the output, its status);
- its exit status comes back as a fresh process's would (minus the signal that ended it).

So a test sees the same process from outside; what differs is what was loaded before
``main`` ran.  A run whose environment differs from the one the warm interpreter began
with (a ``GRUNDY_*`` variable set for the test, say) starts a fresh process instead, as
does every run when ``GRUNDY_TEST_FRESH=1``.  The warm
interpreter has no thread of its own when it forks (NumPy's OpenBLAS pool is held to one
thread, as ``grundy`` itself holds it), checked before it serves.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

#: what the warm interpreter imports before it serves: what nearly every command needs
PRELOAD = ("grundy.cli.console", "grundy.cli.main", "grundy.play.analysis", "grundy.catalog",
           "numpy")

#: the warm interpreter: imports PRELOAD, checks it has one thread, then forks a child per
#: request read from its Unix socket (its fd the first argument; the child's three streams
#: come with the request).  The child leaves the loop and runs grundy as ``-m`` would; the
#: parent answers with the child's pid, then with its exit status once it ends.  It ends
#: when the test process closes the socket.
_SERVE = r"""
import importlib, json, os, resource, socket, struct, sys
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
for name in sys.argv[2:]:
    importlib.import_module(name)
assert len(os.listdir("/proc/self/task")) == 1, "the warm interpreter has a thread"
link = socket.socket(fileno=int(sys.argv[1]))

def send(obj):
    data = json.dumps(obj).encode()
    link.sendall(struct.pack("!I", len(data)) + data)

def serve():
    while True:
        head, fds, _, _ = socket.recv_fds(link, 4, 3)
        if not head:
            os._exit(0)
        (size,) = struct.unpack("!I", head)
        data = b""
        while len(data) < size:
            chunk = link.recv(size - len(data))
            if not chunk:
                os._exit(0)
            data += chunk
        run = json.loads(data)
        pid = os.fork()
        if pid == 0:
            link.close()
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
                os.close(fd)
            return run
        for fd in fds:
            os.close(fd)
        send({"pid": pid})
        _, status, usage = os.wait4(pid, 0)
        send({"code": os.waitstatus_to_exitcode(status),
              "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss << 10})

run = serve()
os.chdir(run["cwd"])
os.environ.clear()
os.environ.update(run["env"])
for kind, soft, hard in run["limits"]:
    resource.setrlimit(getattr(resource, kind), (soft, hard))
sys.path[0] = os.getcwd()
sys.argv = ["-m", *run["args"]]
del send, serve, run, link
import runpy
runpy.run_module("grundy", run_name="__main__", alter_sys=True)
"""


#: a run's standard input: its bytes, or chunks of them (written until it stops reading),
#: or None for /dev/null
Input = bytes | Iterable[bytes] | None


def _chunks(input: Input) -> Iterable[bytes]:
    return [input] if isinstance(input, bytes) else input or ()


@dataclass
class Ran:
    """How a run ended: its exit status (minus the signal that ended it), its output, the
    CPU seconds it used (user + system: the child's own, from its fork) and the most memory
    it held at once (resident bytes, as wait4 counts them: a process forked from another
    counts that one's pages too, so a fresh process begun by a large test counts the
    test's; a warm child counts the small warm interpreter's)."""

    code: int
    out: bytes
    err: bytes
    cpu: float = 0.0
    peak: int = 0


class Warm:
    """One warm interpreter, serving one run at a time."""

    def __init__(self) -> None:
        self.env = dict(os.environ)
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.link = mine
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVE, str(theirs.fileno()), *PRELOAD],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            pass_fds=(theirs.fileno(),), env=self.env)
        theirs.close()

    def run(self, args: list[str], input: Input, env: dict[str, str], cwd: str,
            limits: list[tuple[str, int, int]], timeout: float, full: bool) -> Ran:
        """Run ``grundy ARGS`` in a child of the warm interpreter."""
        stdin_r, stdin_w = (os.pipe() if input is not None
                            else (os.open(os.devnull, os.O_RDONLY), -1))
        out_r, out_w = (-1, os.open(FULL, os.O_WRONLY)) if full else os.pipe()
        err_r, err_w = os.pipe()
        data = json.dumps({"args": args, "env": env, "cwd": cwd, "limits": limits}).encode()
        try:
            socket.send_fds(self.link, [struct.pack("!I", len(data))], [stdin_r, out_w, err_w])
            self.link.sendall(data)
        finally:
            for fd in (stdin_r, out_w, err_w):
                os.close(fd)
        outputs = {name: open(fd, "rb") for name, fd in (("out", out_r), ("err", err_r))
                   if fd >= 0}
        got, workers = _pump(input, open(stdin_w, "wb") if stdin_w >= 0 else None, outputs)
        pid = self._receive(None)["pid"]
        try:
            ended = self._receive(timeout)
        except TimeoutError:
            os.kill(pid, signal.SIGKILL)
            ended = self._receive(None)
            for worker in workers:
                worker.join(timeout)
            raise subprocess.TimeoutExpired(["grundy", *args], timeout) from None
        for worker in workers:
            worker.join(timeout)
        return Ran(ended["code"], got.get("out", b""), got.get("err", b""), ended["cpu"],
                   ended["peak"])

    def _receive(self, timeout: float | None) -> dict[str, Any]:
        self.link.settimeout(timeout)
        head = self._exactly(4)
        self.link.settimeout(None)
        (size,) = struct.unpack("!I", head)
        found: dict[str, Any] = json.loads(self._exactly(size))
        return found

    def _exactly(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            try:
                chunk = self.link.recv(size - len(data))
            except ConnectionResetError:
                chunk = b""
            if not chunk:  # it ended: say why (its error output, where nothing else goes)
                self.proc.wait(30)
                assert self.proc.stderr is not None
                why = self.proc.stderr.read().decode(errors="replace")
                raise RuntimeError(f"the warm interpreter ended:\n{why}")
            data += chunk
        return data

    def close(self) -> None:
        self.link.close()
        self.proc.wait(30)


_idle: list[Warm] = []  # the warm interpreters not serving, the last used last
_lock = threading.Lock()
#: the most kept idle: one per environment the suite's tests set (a GRUNDY_PURE=1 test, say,
#: next to a plain one), a few of each for the tests that run several at a time
KEEP = 6
FRESH = os.environ.get("GRUNDY_TEST_FRESH", "") not in ("", "0")
#: a device that is always full, where there is one
FULL = "/dev/full" if os.path.exists("/dev/full") else os.devnull


def run(args: list[str], input: Input = None, env: dict[str, str] | None = None,
        cwd: str | None = None, limits: Sequence[tuple[str, int, int]] = (),
        timeout: float = 600.0, full: bool = False) -> Ran:
    """``python -m grundy ARGS`` (standard input ``input``, or its chunks written until
    grundy stops reading, or /dev/null; its output to a pipe, or to /dev/full if ``full``;
    its resource limits ``limits``, as (name, soft, hard) of :mod:`resource`): in a warm
    child where it can be, else in a fresh process."""
    env = dict(os.environ if env is None else env)
    cwd = os.getcwd() if cwd is None else str(cwd)
    if FRESH or env != dict(os.environ):
        return _fresh(args, input, env, cwd, limits, timeout, full)
    with _lock:  # one begun in this environment (os.environ as it is now), or a new one
        same = [i for i, w in enumerate(_idle) if w.env == env]
        warm = _idle.pop(same[-1]) if same else None
    warm = warm or Warm()
    ran = warm.run(args, input, env, cwd, list(limits), timeout, full)  # on error, dropped
    with _lock:
        _idle.append(warm)
        old = _idle[:-KEEP]
        del _idle[:-KEEP]
    for extra in old:
        extra.close()
    return ran


def _fresh(args: list[str], input: Input, env: dict[str, str], cwd: str,
           limits: Sequence[tuple[str, int, int]], timeout: float, full: bool) -> Ran:

    def limit() -> None:
        for kind, soft, hard in limits:
            resource.setrlimit(getattr(resource, kind), (soft, hard))

    with open(FULL if full else os.devnull, "wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "grundy", *args], cwd=cwd, env=env, preexec_fn=limit,
            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
            stdout=sink if full else subprocess.PIPE, stderr=subprocess.PIPE)
    return collect(proc, input, timeout)


def collect(proc: subprocess.Popen[bytes], input: Input, timeout: float) -> Ran:
    """Write ``input`` to ``proc``'s standard input (until it stops reading; nothing if
    None), read its output and error (where they are pipes) and wait for it:
    its exit status, output, and its own CPU time and peak memory (wait4).  Killed after
    ``timeout`` seconds: :class:`subprocess.TimeoutExpired`."""
    outputs = {name: pipe for name, pipe in (("out", proc.stdout), ("err", proc.stderr))
               if pipe is not None}
    got, workers = _pump(input, proc.stdin, outputs)
    hung = threading.Event()

    def kill() -> None:
        hung.set()
        proc.kill()

    late = threading.Timer(timeout, kill)
    late.start()
    _, status, usage = os.wait4(proc.pid, 0)  # its own CPU time and memory
    late.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    for worker in workers:
        worker.join(timeout)
    if hung.is_set():
        raise subprocess.TimeoutExpired(proc.args, timeout)
    return Ran(proc.returncode, got.get("out", b""), got.get("err", b""),
               usage.ru_utime + usage.ru_stime, usage.ru_maxrss << 10)


def _pump(input: Input, stdin: BinaryIO | None,
          outputs: dict[str, BinaryIO]) -> tuple[dict[str, bytes], list[threading.Thread]]:
    """Threads, started, that write ``input`` to ``stdin`` and close it (until the reader
    stops reading) and read each of ``outputs`` whole into the dict returned (name ->
    bytes, once its thread is joined)."""
    got: dict[str, bytes] = {}

    def drain(name: str, pipe: BinaryIO) -> None:
        with pipe:
            got[name] = pipe.read()

    def feed(pipe: BinaryIO) -> None:
        try:
            with pipe:
                for chunk in _chunks(input):
                    pipe.write(chunk)
        except OSError:  # it stopped reading: what it does then is the test's
            pass

    workers = [threading.Thread(target=drain, args=item, daemon=True) for item in outputs.items()]
    workers += [threading.Thread(target=feed, args=(stdin,), daemon=True)] if stdin else []
    for worker in workers:
        worker.start()
    return got, workers
