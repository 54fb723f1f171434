"""The check of a board's value in Cram's second move order, guided by the first run's file
of answers (``split_solve(..., guide=FIRST)``, ``grundy board ... --guide FIRST``) against
the same check unguided.

Each run is a fresh process asking its root's questions here, one after the other
(``workers=0``, ``least=0``, so every board is split at its root), with a table of its own:
the first run (first move order, its answers kept in a file), then the check in the second
order without a guide, then the check guided by the first run's file.  Printed: the value,
the questions asked, the CPU time of each, and the guided check's time against the
unguided one's.

    python benchmarks/guide.py [BOARD ...] [--depth N]   (default: 3x13 3x14 3x15 5x6, depth 2)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RUN = """
import sys
from grundy.rules.cells import Board
from grundy.research.split import split_solve
board, depth, answers, order, guide = sys.argv[1:6]
print(split_solve(Board.parse(board), "cram", workers=0, least=0, answers=answers,
                  depth=int(depth), second_order=order == "second", guide=guide or None))
"""


def run(board: str, depth: int, answers: str, order: str, guide: str = "") -> tuple[int, int,
                                                                                      float]:
    """The value, the questions asked (the lines with seconds in the file) and the CPU
    seconds of one fresh process."""
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
    proc = subprocess.Popen([sys.executable, "-c", RUN, board, str(depth), answers, order,
                             guide], stdout=subprocess.PIPE, env=env, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"cram {board} ({order} order) failed")
    with open(answers) as rows:
        asked = sum(1 for line in rows if '"seconds"' in line)
    return int(out.split()[-1]), asked, usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> None:
    depth = _bench.take_int_option(argv, "--depth", 2)
    boards = argv or ["3x13", "3x14", "3x15", "5x6"]
    print(f"Cram, the root split (depth {depth}), each run a fresh process; CPU seconds")
    print(f"{'board':>6} {'value':>5} | {'first run':>15} | {'check':>15} | "
          f"{'guided check':>15} | guided / check")
    for board in boards:
        with tempfile.TemporaryDirectory() as folder:
            first = os.path.join(folder, "first.jsonl")
            found = [run(board, depth, first, "first"),
                     run(board, depth, os.path.join(folder, "check.jsonl"), "second"),
                     run(board, depth, os.path.join(folder, "guided.jsonl"), "second", first)]
        values = {value for value, _, _ in found}
        if len(values) != 1:
            raise SystemExit(f"cram {board}: the values differ: {json.dumps(found)}")
        cells = " | ".join(f"{asked:4d} q {cpu:7.2f} s" for _, asked, cpu in found)
        print(f"{board:>6} {found[0][0]:>5} | {cells} | {found[2][2] / found[1][2]:.2f}x",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
