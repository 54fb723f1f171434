"""Misère quotients: grundy and Siegel's MisereSolver side by side (``make bench`` runs it).

MisereSolver (Java, from CGSuite's repository) is built from ``../shared/peers/miseresolver``
with ``javac``; the script skips, saying why, where Java or those sources are missing.  On
each game both compute the quotient (the whole one where the periodicity theorem certifies
it, else Q_N), and the script checks that they agree: the same order, |P| and pretending
function (the same heaps taking the same elements, up to isomorphism of the monoids).  It
prints wall times (the best of ``--repeat`` runs), peak memory and the ratio
grundy / MisereSolver, then the largest N for which each computes Q_N(0.07) within the
time limit (``--race``, 60 s by default), N from 25 up, one run each.

    python benchmarks/misere.py [--quick] [--race SECONDS]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import _bench

#: (code, heaps: None for the whole quotient)
GAMES = (("0.07", 25), ("0.07", 30), ("0.77", None), ("0.15", None), ("0.1377", None),
         ("0.53", None), ("0.75", None))
QUICK = (("0.07", 20), ("0.77", None), ("0.75", None))

# peak memory of a child, through a launcher (a child forked from this script would start
# its peak at this script's size)
_LAUNCHER = ("import os, subprocess, sys, time\n"
             "t = time.monotonic()\n"
             "out = open(sys.argv[1], 'wb')\n"
             "proc = subprocess.Popen(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL)\n"
             "_, status, use = os.wait4(proc.pid, 0)\n"
             "print(time.monotonic() - t, use.ru_maxrss, file=sys.stderr)\n"
             "sys.exit(os.waitstatus_to_exitcode(status))\n")


def build(where: Path) -> Path:
    """MisereSolver's classes, compiled into ``where`` (the script skips where it cannot)."""
    reason = _bench.miseresolver_missing()
    if reason is not None:
        sys.exit(f"misere.py: skipped, {reason}")
    return _bench.build_miseresolver(where)


def run(cmd: list[str], out: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak MB of ``cmd``, its stdout written to ``out``."""
    proc = subprocess.run([sys.executable, "-c", _LAUNCHER, str(out), *cmd],
                          capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"misere.py: {' '.join(cmd)} failed")
    seconds, rss = proc.stderr.split()[-2:]
    return float(seconds), int(rss) / 1024


def peer_cmd(classes: Path, code: str, heaps: int | None, dump: Path,
             seconds: int | None = None) -> list[str]:
    args = [code, str(heaps if heaps is not None else 100000)]
    if seconds is not None:
        args.append(str(seconds))
    return ["java", "-Xmx4g", f"-Ddump={dump}", "-cp", str(classes),
            "org.cgsuite.core.misere.solver.Driver", *args]


def grundy_cmd(code: str, heaps: int | None, seconds: float | None = None) -> list[str]:
    args = ["quotient", code, "--json", "--no-save"]
    if heaps is not None:
        args += ["--heaps", str(heaps)]
    if seconds is not None:
        args += ["--time", str(seconds)]
    return _bench.grundy_command(*args)


def same(mine: dict, theirs: dict) -> bool:  # type: ignore[type-arg]
    """Same order, |P| and pretending function, up to isomorphism."""
    if (mine["order"], mine["p_portion"]) != (theirs["order"], theirs["pSize"]):
        return False
    rows, other = mine["table"], theirs["table"]
    f = {0: 0}
    todo = [0]
    for x in todo:
        for a, b in zip(mine["phi"], theirs["phi"]):
            y, z = rows[x][a], other[f[x]][b]
            if f.setdefault(y, z) != z:
                return False
            if y not in todo:
                todo.append(y)
    return len(set(f.values())) == mine["order"] and \
        {f[x] for x in mine["P"]} == set(theirs["P"])


def race(classes: Path, seconds: float, tmp: Path, env: dict[str, str]
         ) -> tuple[tuple[int, str], tuple[int, str]]:
    """The largest N for which each computes Q_N(0.07) within ``seconds`` (N from 25 up, one
    run each, stopped at the limit: MisereSolver's own time limit is checked between heaps),
    and why the next N was not reached.  A run counts only when its result covers heaps
    0..N (grundy stops early, with the partial Q_N-1 and the reason, when no candidate
    quotient it builds within its limits is right)."""
    dump = tmp / "race.json"

    def reach(command: Callable[[int], list[str]], environ: dict[str, str] | None,
              heaps: Callable[[bytes], tuple[int, str]]) -> tuple[int, str]:
        best = 0
        for n in range(25, 200):
            try:
                proc = subprocess.run(command(n), capture_output=True, timeout=seconds,
                                      env=environ, check=True)
            except subprocess.TimeoutExpired:
                return best, f"Q_{n} takes more than {seconds:g} s"
            got, why = heaps(proc.stdout)
            if got < n:
                return best, f"Q_{n} not reached: {why}"
            best = n
        return best, "the last N tried"

    def peer_heaps(_: bytes) -> tuple[int, str]:
        return int(json.loads(dump.read_text())["toHeap"]), "stopped early"

    def grundy_heaps(out: bytes) -> tuple[int, str]:
        data = json.loads(out)
        return int(data["heaps"]), str(data["stopped"])

    theirs = reach(lambda n: peer_cmd(classes, "0.07", n, dump), None, peer_heaps)
    mine = reach(lambda n: grundy_cmd("0.07", n), env, grundy_heaps)
    return mine, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few small games only")
    parser.add_argument("--race", type=float, default=60.0,
                        help="seconds for the Q_N(0.07) race (default 60)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each side; the best time is shown (default 3)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        classes = build(tmp / "miseresolver")
        env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp / "cache")}
        print(f"{'game':<14}{'|Q|':>6}{'|P|':>5}{'grundy s':>10}{'MB':>7}"
              f"{'MisereSolver s':>16}{'MB':>7}{'ratio':>7}  same")
        for code, heaps in (QUICK if options.quick else GAMES):
            dump = tmp / "peer.json"
            repeat = 1 if options.quick else max(1, options.repeat)
            peer = [run(peer_cmd(classes, code, heaps, dump), tmp / "peer.out")
                    for _ in range(repeat)]
            peer_s, peer_mb = min(peer)
            theirs = json.loads(dump.read_text())
            # the same heaps for both: MisereSolver's last heap when it certified
            top = heaps if heaps is not None else theirs["toHeap"]
            mine = [run(grundy_cmd(code, top), tmp / "mine.out", env) for _ in range(repeat)]
            mine_s, mine_mb = min(mine)
            mine = json.loads((tmp / "mine.out").read_text())
            label = f"{code} Q_{heaps}" if heaps is not None else f"{code} whole"
            ok = same(mine, theirs)
            print(f"{label:<14}{mine['order']:>6}{mine['p_portion']:>5}{mine_s:>10.2f}"
                  f"{mine_mb:>7.0f}{peer_s:>16.2f}{peer_mb:>7.0f}{mine_s / peer_s:>7.2f}  "
                  f"{'yes' if ok else 'NO'}", flush=True)
            if not ok:
                sys.exit(f"misere.py: grundy and MisereSolver disagree on {label}")
        seconds = min(options.race, 10.0) if options.quick else options.race
        start = time.monotonic()
        (mine_n, mine_why), (their_n, their_why) = race(classes, seconds, tmp, env)
        print(f"largest N of Q_N(0.07) in {seconds:g} s: grundy {mine_n}, MisereSolver "
              f"{their_n} (race took {time.monotonic() - start:.0f} s)")
        print(f"  grundy: {mine_why}\n  MisereSolver: {their_why}")


if __name__ == "__main__":
    main()
