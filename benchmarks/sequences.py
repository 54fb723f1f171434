"""Grundy sequences: grundy's kernels against a plain O(n^2) C++ program, side by side.

1. Grundy's game and Kayles to 10^5 heaps, every value computed (no period shortcut):
   ``grundy sequence`` on a Grundy's game / on Kayles written as a code the period
   search does not shorten (``0.77`` would be extended by its certified period, so the
   Python side calls the kernel directly), answers checked equal to the C++ output.
2. The octal game 0.56 certified (published: preperiod 326640, period 144).

Run: .venv/bin/python benchmarks/sequences.py [--skip-056]
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import _bench

HERE = Path(__file__).resolve().parent
N = 100_000

KERNEL = """
import sys
from grundy.rules.heap import GrundysGame, TakeAndBreak
name, n = sys.argv[1], int(sys.argv[2])
game = GrundysGame() if name == "grundy" else TakeAndBreak(name)
print(" ".join(map(str, game.sequence(n).tolist())))
"""


def main() -> None:
    binary = _bench.compile_cpp(HERE / "sequences_ref.cpp")
    for label, name in (("Grundy's game, 10^5 heaps", "grundy"), ("Kayles 0.77, 10^5 heaps", "0.77")):
        ref = _bench.run([str(binary), name, str(N)], repeat=1)
        ours = _bench.run([sys.executable, "-c", KERNEL, name, str(N)], repeat=1)
        if ours.stdout.split() != ref.stdout.split():
            raise SystemExit(f"{label}: grundy and the C++ reference disagree")
        print(_bench.report(label, ours, ref), flush=True)
    # Through the CLI, with its period shortcut (Kayles is certified after 256 values).
    ours = _bench.run(_bench.grundy_command("sequence", "kayles", "-n", str(N)), repeat=1)
    ref = _bench.run([str(binary), "0.77", str(N)], repeat=1)
    if ours.stdout.split() != ref.stdout.split():
        raise SystemExit("grundy sequence kayles disagrees with the C++ reference")
    print(_bench.report("Kayles 10^5 via the CLI (period used)", ours, ref), flush=True)
    if "--skip-056" in sys.argv:
        return
    start = time.perf_counter()
    proc = subprocess.run(_bench.grundy_command("period", "0.56", "--max", "1000000", "--json"),
                          capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    print(f"{'0.56 certified (period --max 10^6)':<40} grundy {seconds:8.3f} s   {proc.stdout.strip()}")


if __name__ == "__main__":
    main()
