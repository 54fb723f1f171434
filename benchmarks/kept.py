"""A question stopped halfway and asked again: from an empty table (what a run of
``grundy board`` did at a stop) against from the table its worker saved at the stop
(``--tables``, :mod:`grundy.research.kept`).

For each board, the question is the board's own "is your value v?" (v its value: the
longest of its questions, every option must say no to v).  Each step is a fresh process:
1. the question asked whole, from an empty table: its CPU time X;
2. the question asked again, stopped after X/2 seconds of CPU (by
   :func:`grundy.research.kept.stop_asking`, as a run's end stops its workers), then its
   table saved to a file (values and notes);
3. the question asked again from an empty table (as before: X);
4. the question asked again from the saved table, loaded first.
Printed: X, and the CPU time of 3 and of 4 (the load included), and 4 / 3.  Run it
with nothing else running.

    python benchmarks/kept.py [BOARD ...]   (default: 4x11 3x17 5x9)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _bench  # noqa: E402,F401  (byte-compiles grundy first)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMORY = 1 << 30

STEP = """
import sys, threading, time
from grundy.rules.cells import Board
from grundy.research import kept
from grundy.research.boards import load_table, save_table, _kernel
from grundy.research.boards import solve
from grundy.research.split import ask
board, value, stop, table, load = sys.argv[1:6]
board, value, stop, memory = Board.parse(board), int(value), float(stop), int(sys.argv[6])
if value < 0:
    print(solve(board, "cram", memory=memory))
    raise SystemExit
search = _kernel(memory)
if load:
    load_table(table, search)
if stop:
    def watch():
        while time.process_time() < stop:
            time.sleep(0.02)
        kept.stop_asking("bench")
    threading.Thread(target=watch, daemon=True).start()
try:
    print(ask(board, "cram", value, memory, False, "bench"))
except kept.Stopped:
    save_table(table, search)
    print("stopped")
"""


def step(board: str, value: int, stop: float = 0.0, table: str = "",
         load: bool = False) -> tuple[str, float]:
    """What one fresh process printed, and its CPU seconds."""
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
    proc = subprocess.Popen([sys.executable, "-c", STEP, board, str(value), str(stop), table,
                             "1" if load else "", str(MEMORY)],
                            stdout=subprocess.PIPE, env=env, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"cram {board} failed")
    return out.strip(), usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> None:
    boards = argv or ["4x11", "3x17", "5x9"]
    print("Cram: the board's own question \"is your value v?\", stopped at half its time, "
          "asked again; CPU seconds")
    print(f"{'board':>6} {'v':>2} | {'whole':>7} | {'again, empty':>12} | "
          f"{'again, kept':>11} | kept / empty | table file")
    with tempfile.TemporaryDirectory() as folder:
        for board in boards:
            value = int(step(board, -1)[0])
            said, whole = step(board, value)
            assert said == "True", (board, said)
            table = os.path.join(folder, f"{board}.table")
            said, _ = step(board, value, stop=whole / 2, table=table)
            assert said == "stopped", (board, said)
            said, empty = step(board, value)
            assert said == "True", (board, said)
            said, warm = step(board, value, table=table, load=True)
            assert said == "True", (board, said)
            size = os.path.getsize(table) / 2**20
            print(f"{board:>6} {value:>2} | {whole:7.2f} | {empty:12.2f} | {warm:11.2f} | "
                  f"{warm / empty:11.2f}x | {size:.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
