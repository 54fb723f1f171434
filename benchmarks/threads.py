"""The octal kernel's second core: one thread against two, in one run.

The compiled kernel (``grundy.native._octal``) marks the rare pairs of a large block on
two threads when the machine has two cores or more (its default, ``threads=0``); this
times the same fill with ``threads=1`` and ``threads=2``, best of the repeats, checks
that the values are equal, and prints the ratio two / one (below 1: the second core
pays).  Run it with nothing else on the machine, or the second thread has no core.

Games: Grundy's game (split a heap into two unequal heaps) and the octal codes 0.1777
and 0.354, at 2^22 and 2^24 heaps.

Run: .venv/bin/python benchmarks/threads.py [--sizes 2**22,2**24] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from grundy.catalog import find  # noqa: E402
from grundy.native.compiled import extension  # noqa: E402

GAMES = ("grundys-game", "0.1777", "0.354")


def moves(game: str) -> tuple[list[int], list[int], list[int], bool]:
    """What the kernel takes: the removals leaving no heap, one heap, two heaps, and
    whether the two must differ."""
    if game == "grundys-game":
        return [], [], [0], True
    zero, one, two, three = find(game)._split_moves()  # type: ignore[attr-defined]
    if three:
        sys.exit(f"threads.py: {game} leaves three heaps; the kernel fills codes of two at most")
    return zero, one, two, False


def timed(kernel: object, game: str, n: int, threads: int, repeat: int) -> tuple[float, np.ndarray]:
    zero, one, two, unequal = moves(game)
    best, values = float("inf"), np.zeros(0, dtype=np.uint16)
    for _ in range(repeat):
        values = np.zeros(n, dtype=np.uint16)
        start = time.perf_counter()
        fill = kernel.fill  # type: ignore[attr-defined]
        fill(values, 0, n, zero, one, two, unequal, None, 65535, 0.2, threads)
        best = min(best, time.perf_counter() - start)
    return best, values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2**22,2**24")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    kernel = extension("_octal")
    if kernel is None:
        sys.exit("threads.py: skipped, the compiled octal kernel is not built")
    if (os.cpu_count() or 1) < 2:
        sys.exit("threads.py: skipped, this machine has one core")
    sizes = [2 ** int(s[3:]) if s.startswith("2**") else int(float(s))
             for s in args.sizes.split(",") if s]
    print(f"{'game':<13} {'N':>10}  {'1 thread':>9} {'2 threads':>9}  {'ratio':>6}", flush=True)
    for game in [g for g in args.games.split(",") if g]:
        for n in sizes:
            one, a = timed(kernel, game, n, 1, args.repeat)
            two, b = timed(kernel, game, n, 2, args.repeat)
            if not np.array_equal(a, b):
                sys.exit(f"{game} to {n}: one thread and two disagree")
            print(f"{game:<13} {n:>10}  {one:8.2f}s {two:8.2f}s  {two / one:5.2f}x", flush=True)


if __name__ == "__main__":
    main()
