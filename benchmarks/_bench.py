"""Shared helpers of the benchmark scripts: compile references, time commands side by side.

Benchmarks print wall times and ratios against a reference measured in the same run;
they assert agreement of answers, never speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
BUILD = ROOT / "benchmarks" / ".build"


def _compile_bytecode() -> None:
    """Write grundy's .pyc files, as a normal install does (pip compiles on install), so
    that timings do not include recompiling the sources of an editable checkout on
    every start (this matters where PYTHONDONTWRITEBYTECODE is set)."""
    import compileall

    compileall.compile_dir(str(ROOT / "src" / "grundy"), quiet=1)


_compile_bytecode()


def reference_source(name: str) -> Path:
    """A seed program extracted in shared/reference (coins, squares, split, beans)."""
    path = SHARED / "reference" / f"{name}.cpp"
    if not path.is_file():
        sys.exit(f"benchmark needs {path.relative_to(ROOT.parent)} (the seeds' C++ programs)")
    return path


def compile_cpp(source: Path, name: str | None = None, defines: dict[str, str] | None = None) -> Path:
    """Compile a C++ file with g++ -O2 into benchmarks/.build; returns the binary."""
    BUILD.mkdir(parents=True, exist_ok=True)
    flags = [f"-D{k}={v}" for k, v in (defines or {}).items()]
    binary = BUILD / (name or source.stem)
    subprocess.run(["g++", "-O2", "-std=c++17", *flags, "-o", str(binary), str(source)], check=True)
    return binary


def grundy_command(*args: str) -> list[str]:
    """The installed ``grundy`` console script next to this Python, with arguments."""
    script = Path(sys.executable).with_name("grundy")
    return [str(script) if script.exists() else "grundy", *args]


@dataclass
class Run:
    seconds: float  # best wall time over the repeats
    stdout: bytes
    peak_rss_mb: float  # peak resident memory of the child


# Peak memory through a small launcher: a child forked from this (big) script would
# report the parent's resident size as its own peak.
_LAUNCHER = ("import resource, subprocess, sys\n"
             "code = subprocess.run(sys.argv[1:]).returncode\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
             "sys.exit(code)\n")


def _environ(extra: dict[str, str] | None) -> dict[str, str] | None:
    return {**os.environ, **extra} if extra else None


def take_int_option(argv: list[str], flag: str, default: int) -> int:
    """The value of ``flag N`` in ``argv`` (both words taken out of it), else ``default``."""
    if flag not in argv:
        return default
    at = argv.index(flag)
    value = int(argv[at + 1])
    del argv[at:at + 2]
    return value


def peak_memory_mb(cmd: list[str], data: bytes = b"", env: dict[str, str] | None = None) -> float:
    """Peak resident memory of ``cmd`` reading ``data``, in MB (one extra, untimed run)."""
    proc = subprocess.run([sys.executable, "-c", _LAUNCHER, *cmd], input=data, env=_environ(env),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return int(proc.stderr.split()[-1]) / 1024


def _run_once(cmd: list[str], data: bytes, env: dict[str, str] | None,
              files: bool) -> tuple[float, bytes, int]:
    if not files:
        start = time.perf_counter()
        proc = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, env=env)
        return time.perf_counter() - start, proc.stdout, proc.returncode
    BUILD.mkdir(parents=True, exist_ok=True)
    source, sink = BUILD / "input.txt", BUILD / "output.txt"
    if not source.is_file() or source.read_bytes() != data:  # written once for all repeats
        source.write_bytes(data)
    sink.unlink(missing_ok=True)
    with open(source, "rb") as stdin, open(sink, "wb") as stdout:
        start = time.perf_counter()
        code = subprocess.run(cmd, stdin=stdin, stdout=stdout, env=env).returncode
        elapsed = time.perf_counter() - start
    return elapsed, sink.read_bytes(), code


def run(cmd: list[str], data: bytes = b"", repeat: int = 3, env: dict[str, str] | None = None,
        files: bool = False) -> Run:
    """Run ``cmd`` with ``data`` on stdin ``repeat`` times; best wall time, output, peak memory.

    ``env``: variables to set for the command, on top of this process's environment.
    ``files``: stdin and stdout are files, as a judge runs programs, instead of pipes
    to this script (which feeds a pipe in small pieces: tens of milliseconds per
    10 MB, the same for every program timed, so it hides differences between them).
    """
    best, out = float("inf"), b""
    environ = _environ(env)
    for _ in range(repeat):
        elapsed, stdout, code = _run_once(cmd, data, environ, files)
        if code != 0:
            raise SystemExit(f"{' '.join(cmd)} exited with {code}")
        best, out = min(best, elapsed), stdout
    return Run(best, out, peak_memory_mb(cmd, data, env))


def agree_on_random_inputs(name: str, seed: Path, solve: Callable[[bytes], str],
                           inputs: Iterable[bytes]) -> None:
    """Solve each input in-process and with the seed program; stop at the first disagreement."""
    start, count = time.perf_counter(), 0
    for count, data in enumerate(inputs, start=1):
        theirs = subprocess.run([str(seed)], input=data, capture_output=True, check=True).stdout
        if solve(data).encode() != theirs:
            raise SystemExit(f"{name}: disagreement on random input #{count}:\n{data.decode()}")
    print(f"{name}: {count} random inputs agree with the seed "
          f"({time.perf_counter() - start:.1f} s)")


def report(label: str, ours: Run, reference: Run, ref_label: str = "C++ -O2") -> str:
    """One line: both times and the ratio ours / reference."""
    ratio = ours.seconds / reference.seconds if reference.seconds > 0 else float("inf")
    return (f"{label:<40} grundy {ours.seconds:8.3f} s   {ref_label} {reference.seconds:8.3f} s"
            f"   ratio {ratio:6.2f}x")


#: Siegel's MisereSolver's sources, beside the repository
MISERESOLVER = SHARED / "peers" / "miseresolver"


def miseresolver_missing() -> str | None:
    """Why MisereSolver cannot be built here (its sources, java, javac, patch), or None."""
    import shutil

    if not MISERESOLVER.is_dir():
        return f"{MISERESOLVER} is missing (MisereSolver's sources, beside the repository)"
    for tool in ("java", "javac", "patch"):
        if shutil.which(tool) is None:
            return f"building and running MisereSolver needs {tool}"
    return None


def build_miseresolver(where: Path) -> Path:
    """MisereSolver's classes compiled into ``where`` (its sources made standalone by their
    patch, with the driver); see :func:`miseresolver_missing` first."""
    import shutil

    src = where / "src"
    solver = src / "org" / "cgsuite" / "core" / "misere" / "solver"
    impartial = src / "org" / "cgsuite" / "core" / "impartial"
    solver.mkdir(parents=True)
    impartial.mkdir(parents=True)
    for f in (MISERESOLVER / "upstream").glob("*.java"):
        shutil.copy(f, solver)
    with open(MISERESOLVER / "standalone.patch") as patch:
        subprocess.run(["patch", "-s", "-p1"], stdin=patch, cwd=solver, check=True)
    for name in ("Driver.java", "TimeoutException.java"):
        shutil.copy(MISERESOLVER / "driver" / name, solver)
    shutil.copy(MISERESOLVER / "driver" / "HeapRuleset.java", impartial)
    classes = where / "classes"
    subprocess.run(["javac", "-nowarn", "-d", str(classes), *map(str, src.rglob("*.java"))],
                   check=True, capture_output=True)
    return classes
