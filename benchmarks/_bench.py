"""Shared helpers of the benchmark scripts: compile references, time commands side by side.

Benchmarks print wall times and ratios against a reference measured in the same run;
they assert agreement of answers, never speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
BUILD = ROOT / "benchmarks" / ".build"


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


def _run_once(cmd: list[str], data: bytes) -> tuple[float, bytes, float, int]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None

    def feed() -> None:
        try:
            proc.stdin.write(data)  # type: ignore[union-attr]
            proc.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    stdout = proc.stdout.read()
    writer.join()
    _, status, usage = os.wait4(proc.pid, 0)  # reap it ourselves to read its peak memory
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, stdout, usage.ru_maxrss / 1024, proc.returncode


def run(cmd: list[str], data: bytes = b"", repeat: int = 3) -> Run:
    """Run ``cmd`` with ``data`` on stdin ``repeat`` times; best wall time, output, peak memory."""
    best, out, rss = float("inf"), b"", 0.0
    for _ in range(repeat):
        elapsed, stdout, peak, code = _run_once(cmd, data)
        if code != 0:
            raise SystemExit(f"{' '.join(cmd)} exited with {code}")
        best, out, rss = min(best, elapsed), stdout, max(rss, peak)
    return Run(best, out, rss)


def report(label: str, ours: Run, reference: Run, ref_label: str = "C++ -O2") -> str:
    """One line: both times and the ratio ours / reference."""
    ratio = ours.seconds / reference.seconds if reference.seconds > 0 else float("inf")
    return (f"{label:<40} grundy {ours.seconds:8.3f} s   {ref_label} {reference.seconds:8.3f} s"
            f"   ratio {ratio:6.2f}x")
