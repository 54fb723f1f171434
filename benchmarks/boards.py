"""Cram: grundy's compiled board search against Beling's igs, a plain memoised search and
published times.

Beling's ``igsolve`` (igs, the fastest published Cram solver) is built from
``../shared/peers/igs`` with its ``build.sh`` (offline; skipped with its reason where cargo or
the peers are missing) and run on the same boards in the same run, each in a fresh process:
its CPU time (user + system) and peak memory against grundy's (``solve`` on the compiled
search, start-up included; and ``grundy-cram``, the same search as a command without Python,
built by ``pip install`` and run here without the console script's Python), and the ratios
grundy / igs.  igs runs with ``--tt hash-map``, its growing table (the fastest of its tables
on these boards).

The plain search is written here, in Python, as a contest programmer would: the free
cells as a set, split into components, each component under the least of its eight
images (symmetry), a memo of component values, the mex of every option (no pruning).
grundy's search runs each board in a fresh process (its own table, 32 MB), for its wall
time and peak memory.  The published times are other machines' (MCGS: the University of
Alberta's solver; nimcalc: Tom Plick's), printed beside grundy's for scale only.

    python benchmarks/boards.py [--quick] [--long] [--no-igs]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import lru_cache

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

#: the boards of issue 33's table: igs finishes each in under a minute here (6 x 7, half an
#: hour, only with --long)
IGS_BOARDS = [(4, 9), (5, 7), (3, 14), (5, 8), (4, 11), (5, 9)]
IGS_LONG = [(6, 7)]
PEERS = os.path.join(os.path.dirname(ROOT), "shared", "peers")

#: the boards the plain search finishes in seconds to a minute
PLAIN = [(3, 6), (4, 5), (3, 8), (4, 6), (5, 5)]
#: published: board -> (value or None where the source gives none, seconds, who)
PUBLISHED = {
    (3, 12): (None, 19.0, "MCGS"),
    (4, 9): (1, 117.0, "MCGS"),
    (5, 7): (1, 98.0, "MCGS"),
    (6, 6): (0, 289.0, "MCGS"),
    (3, 14): (None, 0.0, ""),
    (4, 13): (3, 14 * 86400.0 * 16, "nimcalc (16 cores, two weeks)"),
}


def plain_value(rows: int, cols: int) -> int:
    """The plain memoised search (components and symmetry, no pruning)."""
    def images(cells):
        h = max(r for r, _ in cells) + 1
        w = max(c for _, c in cells) + 1
        found = []
        for swap in (False, True):
            for fr in (False, True):
                for fc in (False, True):
                    out = []
                    for r, c in cells:
                        if swap:
                            r, c = c, r
                        out.append(((w if swap else h) - 1 - r if fr else r,
                                    (h if swap else w) - 1 - c if fc else c))
                    found.append(tuple(sorted(out)))
        return min(found)

    def normal(cells):
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return images([(r - top, c - left) for r, c in cells])

    def parts(cells):
        left, found = set(cells), []
        while left:
            start = left.pop()
            todo, part = [start], [start]
            while todo:
                r, c = todo.pop()
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in left:
                        left.remove(n)
                        todo.append(n)
                        part.append(n)
            if len(part) > 1:
                found.append(normal(part))
        return found

    @lru_cache(maxsize=None)
    def g(cells):
        free = set(cells)
        seen = set()
        for r, c in cells:
            for other in ((r, c + 1), (r + 1, c)):
                if other in free:
                    x = 0
                    for part in parts(free - {(r, c), other}):
                        x ^= g(part)
                    seen.add(x)
        m = 0
        while m in seen:
            m += 1
        return m

    x = 0
    for part in parts([(r, c) for r in range(rows) for c in range(cols)]):
        x ^= g(part)
    return x


def measured(command: list[str], env: dict[str, str] | None = None) -> tuple[bytes, float, float, float]:
    """Run ``command`` in a fresh process: its output, wall and CPU seconds (user + system),
    and peak resident memory (MB).  The peak is GNU time's where it is installed: Linux
    counts a child's peak from the size of the process it was forked from (this one, 15
    to 40 MB as it runs), which would hide a small peer's (igs on 4 x 9: 4 MB, not 15)."""
    timer = shutil.which("time")
    with tempfile.TemporaryDirectory() as folder:
        note = os.path.join(folder, "peak")
        start = time.perf_counter()
        proc = subprocess.Popen([timer, "-f", "%M", "-o", note, *command] if timer else command,
                                stdout=subprocess.PIPE, env=env)
        out = proc.stdout.read() if proc.stdout else b""
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if status != 0:
            sys.exit(f"{command[0]} failed: {command}")
        mb = usage.ru_maxrss / 1024
        if timer:
            said = open(note).read().split()
            if said and said[-1].isdigit():
                mb = int(said[-1]) / 1024
    return out, seconds, usage.ru_utime + usage.ru_stime, mb


def grundy_cpu(rows: int, cols: int) -> tuple[int, float, float, float]:
    """grundy's value of the board, wall and CPU seconds and peak memory (MB), a fresh process."""
    code = ("import sys; from grundy.research.boards import solve; "
            "from grundy.rules.cells import Board; "
            f"print(solve(Board.full({rows}, {cols})))")
    out, seconds, cpu, mb = measured([sys.executable, "-c", code],
                                     {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")})
    return int(out), seconds, cpu, mb


def grundy_run(rows: int, cols: int) -> tuple[int, float, float]:
    """grundy's value of the board, wall seconds and peak memory (MB) in a fresh process."""
    value, seconds, _, mb = grundy_cpu(rows, cols)
    return value, seconds, mb


def build_igs() -> str | None:
    """Build igsolve from ../shared/peers/igs (once per machine); its path, or None with the
    reason printed."""
    out = os.path.join(os.environ.get("TMPDIR", "/tmp"), "grundy-peers", "bin", "igsolve")
    if os.path.exists(out):
        return out
    script = os.path.join(PEERS, "igs", "build.sh")
    if not os.path.exists(script):
        print(f"igs skipped: {script} not found (the peers live beside the repository)")
        return None
    done = subprocess.run(["sh", script], capture_output=True, text=True)
    if done.returncode != 0 or not os.path.exists(out):
        print(f"igs skipped: its build failed: {done.stderr.strip()[-300:]}")
        return None
    return out


def igs_value(igs: str, rows: int, cols: int) -> tuple[int, float, float, float]:
    """igs's value of the empty board, wall and CPU seconds and peak memory (MB)."""
    out, seconds, cpu, mb = measured([igs, "--tt", "hash-map", "cram", str(rows), str(cols)])
    said = [line for line in out.decode().splitlines() if line.startswith("Nimber")]
    if not said:
        sys.exit(f"igs printed no value for {rows}x{cols}: {out.decode()[-300:]}")
    return int(said[-1].rpartition(":")[2]), seconds, cpu, mb


def built_command() -> str | None:
    """grundy-cram, the board search as a command without Python, as ``pip install`` built
    it; its path, or None with the reason printed."""
    from grundy.native.commands import cram_command
    path = cram_command()
    if path is None:
        print("grundy-cram skipped: it was not built (no C compiler when grundy was installed)")
    return path


def command_cpu(command: str, rows: int, cols: int) -> tuple[int, float, float]:
    """grundy-cram's value of the board, CPU seconds and peak memory (MB), a fresh process
    (its table, like grundy's, up to 32 MB)."""
    out, _, cpu, mb = measured([command, f"{rows}x{cols}"])
    return int(out), cpu, mb


def beside_igs(boards: list[tuple[int, int]]) -> None:
    """grundy (the Python command's search, and grundy-cram) and igs on the same boards, one
    after the other, in the same run."""
    igs = build_igs()
    if igs is None:
        return
    command = built_command()
    print("Cram: grundy beside Beling's igs (same machine, same run; CPU seconds, peak MB;")
    print("ratios to igs's; grundy: the search in Python's process, grundy-cram: without it)")
    print(f"{'board':>6} {'value':>5} {'igs s':>8} {'igs MB':>7} {'grundy s':>9} "
          f"{'MB':>5} {'ratios':>12} {'grundy-cram s':>14} {'MB':>5} {'ratios':>12}")
    for rows, cols in boards:
        want, _, igs_cpu, igs_mb = igs_value(igs, rows, cols)
        got, _, cpu, mb = grundy_cpu(rows, cols)
        assert got == want, (rows, cols, got, want)
        line = (f"{rows}x{cols:<4} {got:>5} {igs_cpu:>8.2f} {igs_mb:>7.1f} {cpu:>9.2f} "
                f"{mb:>5.1f} {cpu / igs_cpu:>5.2f}x {mb / igs_mb:>4.1f}x")
        if command is not None:
            got, cpu, mb = command_cpu(command, rows, cols)
            assert got == want, (rows, cols, got, want)
            line += f" {cpu:>14.2f} {mb:>5.1f} {cpu / igs_cpu:>5.2f}x {mb / igs_mb:>4.1f}x"
        print(line, flush=True)
    print()


def main() -> None:
    from grundy.rules.cram import kernel

    if kernel() is None:
        print("skipped: the compiled board search (grundy.native._cram) is not built")
        return
    quick = "--quick" in sys.argv
    if "--no-igs" not in sys.argv:
        beside_igs(IGS_BOARDS[:2] if quick else
                   IGS_BOARDS + (IGS_LONG if "--long" in sys.argv else []))
    print("Cram: grundy against the plain memoised search (same machine, same run)")
    print(f"{'board':>6} {'value':>5} {'plain s':>8} {'grundy s':>9} {'ratio':>7} {'MB':>6}")
    for rows, cols in PLAIN[:2] if quick else PLAIN:
        start = time.perf_counter()
        want = plain_value(rows, cols)
        plain = time.perf_counter() - start
        got, seconds, mb = grundy_run(rows, cols)
        assert got == want, (rows, cols, got, want)
        print(f"{rows}x{cols:<4} {got:>5} {plain:>8.2f} {seconds:>9.2f} "
              f"{seconds / plain:>6.3f}x {mb:>6.0f}")
    print("\nCram: grundy beside published times (other machines)")
    print(f"{'board':>6} {'value':>5} {'grundy s':>9} {'MB':>6}  published")
    for (rows, cols), (value, seconds_then, who) in PUBLISHED.items():
        if quick and rows * cols > 36:
            continue
        if (rows, cols) == (4, 13) and "--long" not in sys.argv:
            print(f"{rows}x{cols:<4} {'':>5} {'':>9} {'':>6}  (run with --long)")
            continue
        got, seconds, mb = grundy_run(rows, cols)
        if value is not None:
            assert got == value, (rows, cols, got, value)
        said = f"{seconds_then:.0f} s, {who}: {seconds / seconds_then:.3f}x" if who else "-"
        print(f"{rows}x{cols:<4} {got:>5} {seconds:>9.2f} {mb:>6.0f}  {said}")


if __name__ == "__main__":
    main()
