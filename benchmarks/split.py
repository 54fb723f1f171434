"""A long board search on two local Dask workers against the serial search: the same board
valued by ``grundy.research.boards.solve`` (one process, one table) and by
``grundy.research.split.split_solve`` (its root's questions on a LocalCluster of two worker
processes, one table each), each in a fresh process: the value, the wall time and the CPU
time of the process with every process it started (the workers), and the speed-up.

    python benchmarks/split.py [GAME BOARD] [--workers N]   (default: node-kayles 6x12, 2 workers)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RUN = """
import sys
from grundy.rules.cells import Board
from grundy.research.boards import solve
from grundy.research.split import split_solve
game, board, workers = sys.argv[1], Board.parse(sys.argv[2]), int(sys.argv[3])
if __name__ == "__main__":
    print(solve(board, game) if workers < 0 else split_solve(board, game, workers=workers))
"""


def measure(game: str, board: str, workers: int) -> tuple[int, float, float]:
    """The value, wall seconds and CPU seconds (user + system, with the workers) of one
    fresh process (``workers`` -1: the serial search)."""
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", RUN, game, board, str(workers)],
                            stdout=subprocess.PIPE, env=env, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{game} {board} ({workers} workers) failed: {proc.returncode}")
    return int(out.split()[-1]), time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> None:
    workers = _bench.take_int_option(argv, "--workers", 2)
    game, board = argv if argv else ("node-kayles", "6x12")
    print(f"{game} {board}: serial search, then {workers} local Dask workers", flush=True)
    serial = measure(game, board, -1)
    print(f"serial: value {serial[0]}, {serial[1]:.1f} s wall, {serial[2]:.1f} s CPU",
          flush=True)
    split = measure(game, board, workers)
    print(f"{workers} workers: value {split[0]}, {split[1]:.1f} s wall, {split[2]:.1f} s CPU "
          "(the workers' included)")
    if split[0] != serial[0]:
        raise SystemExit("the values differ")
    print(f"speed-up: {serial[1] / split[1]:.2f}x wall, CPU {split[2] / serial[2]:.2f}x the "
          "serial search's")


if __name__ == "__main__":
    main(sys.argv[1:])
