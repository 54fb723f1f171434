"""A board table file written and read a piece at a time (``save_table``, ``load_table``)
against the plain way, the whole file held in memory beside the table.

A table of random one-word values (boards of 8 x 8, two thirds of the table's slots) is
saved to a file once.  Then, each in a fresh process, with the search's table of the same
size (``--memory``):
- grundy: ``load_table`` (its checksums read first, then the records, a piece at a time),
  then ``save_table`` (each part dumped from the table a piece at a time);
- plain: the file read whole and its records given to the search in one call, then the
  table dumped whole and written.
Printed for each: the seconds (wall) and the process's peak memory of the load and of the
save (Linux's VmHWM, reset between the two), and grundy / plain.  Run it with nothing
else running.

    python benchmarks/table_file.py [--memory BYTES]   (default 1 GB: an 805 MB table)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _bench  # noqa: E402,F401  (byte-compiles grundy first)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MAKE = """
import sys
import numpy as np
from grundy.research.boards import _kernel, save_table
path, memory = sys.argv[1], int(sys.argv[2])
search = _kernel(memory)
n = search.table_slots()[1] * 2 // 3
masks = np.unique(np.random.default_rng(1).integers(0, 2**63, size=n, dtype=np.uint64))
records = np.zeros((len(masks), 12), np.uint8)
records[:, :8] = masks.view(np.uint8).reshape(-1, 8)
records[:, 8] = records[:, 9] = 8  # an 8 x 8 board of Cram
records[:, 10] = 1  # its value
records[:, 11] = np.unpackbits(records[:, :8], axis=1).sum(axis=1)  # its cells
search.load(records.tobytes())
print(save_table(path, search))
"""

STEP = """
import os, sys, time
from grundy.research.boards import _HEAD, _MAGIC, _kernel, load_table, save_table
path, memory, way = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))

search = _kernel(memory)
start = time.perf_counter()
if way == "grundy":
    load_table(path, search)
else:  # the whole file in memory, its values given in one call
    with open(path, "rb") as handle:
        data = handle.read()
    count, _ = _HEAD.unpack_from(data, len(_MAGIC))
    begin = len(_MAGIC) + _HEAD.size
    search.load(memoryview(data)[begin:begin + 12 * count])
    del data
loaded, load_peak = time.perf_counter() - start, peak()
with open("/proc/self/clear_refs", "w") as refs:
    refs.write("5")  # the peak from here on
start = time.perf_counter()
if way == "grundy":
    save_table(path + ".again", search)
else:
    records = search.dump()
    with open(path + ".again", "wb") as out:
        out.write(records)
    del records
print(loaded, load_peak, time.perf_counter() - start, peak())
"""


def run(code: str, *args: str) -> list[str]:
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.split()


def main(argv: list[str]) -> None:
    memory = int(argv[argv.index("--memory") + 1]) if "--memory" in argv else 1 << 30
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "t.table")
        values = int(run(MAKE, path, str(memory))[0])
        print(f"a table of {values} values, its file {os.path.getsize(path) >> 20} MB, "
              f"--memory {memory >> 20} MB")
        got = {}
        for way in ("grundy", "plain"):
            load, load_peak, save, save_peak = map(float, run(STEP, path, str(memory), way))
            got[way] = (load, load_peak / 1024, save, save_peak / 1024)
        print(f"{'':8} {'load':>8} {'its peak':>10} {'save':>8} {'its peak':>10}")
        for way, (load, load_peak, save, save_peak) in got.items():
            print(f"{way:8} {load:7.2f}s {load_peak:7.0f} MB {save:7.2f}s {save_peak:7.0f} MB")
        ratios = [a / b for a, b in zip(got["grundy"], got["plain"])]
        print(f"{'ratio':8} {ratios[0]:7.2f}x {ratios[1]:9.2f}x {ratios[2]:7.2f}x "
              f"{ratios[3]:9.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
