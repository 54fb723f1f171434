"""Octal-game sequences: ``grundy sequence`` against the field's best solvers, side by side.

The peers are Beling's ``ogs`` (Rust; its rare/common methods RC and RC2) and Czajka's
``octal-games`` (C++; rare/common with a mask chosen by a Hadamard transform), built from
``../shared/peers`` (relative to the repository) with its ``build.sh`` into a temporary
folder.  Each peer and ``grundy sequence GAME -n N`` (the CLI, as a user runs it, output
to a file; the console script answers it with grundy.cli.fastseq, on the compiled kernel)
compute heaps 0..N-1; the values must be identical.  Printed: wall and CPU time (best of
the repeats), peak resident memory (GNU time or wait4) and the ratio grundy / fastest peer.

Games: 0.56, 0.16, 0.354, 0.376, 0.1777 and Grundy's game, at N = 2*10^5, 2*10^6, 2*10^7,
and Grundy's game to 2^24.  The 2*10^7 runs take minutes.  Past 10^7 heaps grundy writes
its values with ``--out FILE.npy`` (it prints at most 10^7), and they are compared as arrays:
``--sizes 2**28 --games grundy --peers czajka`` is Grundy's game to 2^28 (about an hour).

With ``--period 0.354,0.16``: ``grundy period GAME`` (the search, certificate included)
against the fastest peer computing the same number of values (the ``checked_to`` of the
search), time and peak memory in the same run.

Run: .venv/bin/python benchmarks/peers.py [--sizes 2e5,2e6] [--games 0.56,grundy]
     [--peers ogs-rc,ogs-rc2,czajka | --one-peer] [--repeat R] [--peer-limit SECONDS]
     [--period 0.354,0.16]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import _bench

PEERS = _bench.ROOT.parent / "shared" / "peers"
GAMES = ("0.56", "0.16", "0.354", "0.376", "0.1777", "grundy")
SIZES = (200_000, 2_000_000, 20_000_000)
EXTRA = (("grundy", 1 << 24),)  # Grundy's game to 2^24 as well
PEER_RUNS = ("ogs-rc", "ogs-rc2", "czajka")
# the fastest peer of each game here (measured at 2*10^5, 2*10^6 and 2*10^7 heaps): ogs RC
# for the octal codes (ahead of RC2 and Czajka's, except 0.16 at 2*10^7: Czajka's by 15%),
# Czajka's for Grundy's game (ogs takes octal codes only)
FASTEST = {"grundy": "czajka"}


@dataclass
class Timing:
    seconds: float  # wall time
    cpu: float  # user + system time
    peak_mb: float
    output: Path
    finished: bool = True  # False: stopped at the time limit


def build_peers(where: Path) -> Path:
    """Build the peers into ``where``; their bin folder."""
    cargo = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    if not Path(cargo).exists() or shutil.which("g++") is None:
        sys.exit("peers.py: skipped, the peers need cargo and g++ to build")
    script = PEERS / "build.sh"
    if not script.is_file():
        sys.exit(f"peers.py: skipped, {script} is missing (the peers' sources)")
    build = subprocess.run(["sh", str(script)], env={**os.environ, "TMPDIR": str(where)},
                           capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(f"peers.py: building the peers failed:\n{build.stderr}")
    return where / "grundy-peers" / "bin"


# Peak memory and CPU time through a small launcher (GNU time, or a Python one): a child
# forked from this script would start its peak at this script's resident size.
_TIME = Path("/usr/bin/time")
_LAUNCHER = ("import os, subprocess, sys\n"
             "proc = subprocess.Popen(sys.argv[2:])\n"
             "_, status, use = os.wait4(proc.pid, 0)\n"
             "open(sys.argv[1], 'w').write(f'{use.ru_maxrss} {use.ru_utime} {use.ru_stime}')\n"
             "sys.exit(os.waitstatus_to_exitcode(status))\n")


def timed(cmd: list[str], output: Path, limit: float | None = None) -> Timing:
    """Run ``cmd`` with standard output to ``output``; wall time, CPU time and peak RSS
    (``limit``: stop it after this many seconds)."""
    memory = output.with_suffix(".rss")
    memory.unlink(missing_ok=True)
    if _TIME.exists():
        launch = [str(_TIME), "-f", "%M %U %S", "-o", str(memory), *cmd]
    else:
        launch = [sys.executable, "-c", _LAUNCHER, str(memory), *cmd]
    with open(output, "wb") as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(launch, stdout=sink, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            code = proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            return Timing(time.perf_counter() - start, float("nan"), float("nan"), output, False)
        seconds = time.perf_counter() - start
    if code != 0:
        sys.exit(f"{' '.join(cmd)} exited with {code}")
    rss, user, system = memory.read_text().split()[-3:]
    return Timing(seconds, float(user) + float(system), int(rss) / 1024, output)


def best(cmd: list[str], output: Path, repeat: int, limit: float | None = None) -> Timing:
    runs = [timed(cmd, output, limit) for _ in range(repeat)]
    return min(runs, key=lambda t: t.seconds)


def row(label: str, t: Timing) -> str:
    if not t.finished:
        return f"{label:<10} {'>' + format(t.seconds, '.0f'):>8} {'':>8} {'':>5}"
    return f"{label:<10} {t.seconds:8.3f} {t.cpu:8.3f} {t.peak_mb:5.0f}"


def peer_command(bin_dir: Path, peer: str, game: str, n: int) -> list[str] | None:
    if peer == "czajka":
        return [str(bin_dir / "tczajka-analyze-n"), game, str(n), "-p"]
    if game == "grundy":  # ogs takes octal codes only
        return None
    return [str(bin_dir / "ogs-driver"), game, str(n), peer.removeprefix("ogs-"), "-p"]


def same_values(a: Path, b: Path) -> bool:
    """Whether two files list the same numbers (any whitespace between them); read as
    arrays, 4 bytes a value, so that 2^28 values fit (a list of words would not)."""
    import numpy as np

    x, y = (np.load(f, mmap_mode="r") if f.suffix == ".npy"
            else np.fromfile(f, dtype=np.uint32, sep=" ") for f in (a, b))
    return x.shape == y.shape and bool((x == y).all())


# grundy prints at most 10^7 values (``grundy sequence -n``); past that it writes them to
# a .npy file with --out, as a user would
PRINTED = 10**7


def grundy_sequence(game: str, n: int, where: Path, repeat: int) -> Timing:
    """``grundy sequence GAME -n N``, its values printed or, past PRINTED, in a .npy file."""
    if n <= PRINTED:
        return best(_bench.grundy_command("sequence", game, "-n", str(n)),
                    where / "grundy.txt", repeat)
    values = where / "grundy.npy"
    runs = []
    for _ in range(repeat):
        values.unlink(missing_ok=True)
        values.with_name(values.name + ".part").unlink(missing_ok=True)
        run = timed(_bench.grundy_command("sequence", game, "-n", str(n), "--out", str(values)),
                    where / "grundy.txt")
        runs.append(Timing(run.seconds, run.cpu, run.peak_mb, values, run.finished))
    return min(runs, key=lambda t: t.seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="heap counts, e.g. 2e5,2e6 (default: 2e5,2e6,2e7 and Grundy's "
                             "game to 2^24 with 2e7)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--peers", default=",".join(PEER_RUNS))
    parser.add_argument("--one-peer", action="store_true",
                        help="run only the fastest peer of each game (ogs-rc for octal codes, "
                             "czajka for Grundy's game)")
    parser.add_argument("--peer-limit", type=float, default=None,
                        help="stop a peer's run after this many seconds (its time is then a "
                             "lower bound, and its values are not compared)")
    parser.add_argument("--repeat", type=int, default=0,
                        help="runs of each command (default: 3 below 10^6 heaps, else 1)")
    parser.add_argument("--period", default="",
                        help="period searches instead: grundy period GAME against the fastest "
                             "peer on the values it computed, e.g. 0.354,0.16")
    args = parser.parse_args()
    if args.period:
        periods([g for g in args.period.split(",") if g], args.repeat or 1,
                None if args.one_peer else [p for p in args.peers.split(",") if p])
        return
    sizes = [int(s) if s.isdigit() else 2 ** int(s[3:]) if s.startswith("2**") else int(float(s))
             for s in args.sizes.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    peers = [p for p in args.peers.split(",") if p]
    jobs = [(g, n) for n in sizes for g in games]
    if 20_000_000 in sizes:
        jobs += [job for job in EXTRA if job[0] in games]
    with tempfile.TemporaryDirectory(prefix="grundy-peers-") as tmp:
        where = Path(tmp)
        bin_dir = build_peers(where)
        print("wall and CPU seconds (best of the repeats), peak RSS in MB; ratio: wall time of "
              "grundy / the fastest peer (by wall time); cpu ratio: the same for CPU time",
              flush=True)
        print(f"{'game':<7} {'N':>9}  {'':<10} {'wall':>8} {'cpu':>8} {'MB':>5}  "
              f"{'peer':<10} {'wall':>8} {'cpu':>8} {'MB':>5}  {'ratio':>6} {'cpu ratio':>9}",
              flush=True)
        for game, n in jobs:
            repeat = args.repeat or (3 if n < 10**6 else 1)
            ours = grundy_sequence(game, n, where, repeat)
            fastest: tuple[str, Timing] | None = None
            for peer in [FASTEST.get(game, "ogs-rc")] if args.one_peer else peers:
                cmd = peer_command(bin_dir, peer, game, n)
                if cmd is None:
                    continue
                theirs = best(cmd, where / f"{peer}.txt", repeat, args.peer_limit)
                if theirs.finished and not same_values(ours.output, theirs.output):
                    sys.exit(f"{game} to {n}: grundy and {peer} disagree")
                if fastest is None or theirs.seconds < fastest[1].seconds:
                    fastest = (peer, theirs)
            line = f"{game:<7} {n:>9}  {row('grundy', ours)}"
            if fastest is not None:
                peer, theirs = fastest
                ratio = ours.seconds / theirs.seconds
                bound = "<" if not theirs.finished else " "
                line += f"  {row(peer, theirs)}  {bound}{ratio:5.2f}x"
                if theirs.finished:
                    line += f" {ours.cpu / theirs.cpu:8.2f}x"
            print(line, flush=True)


def periods(games: list[str], repeat: int, peers: list[str] | None) -> None:
    """``grundy period GAME`` against each peer (``None``: the fastest) on as many values."""
    import json

    with tempfile.TemporaryDirectory(prefix="grundy-peers-") as tmp:
        where = Path(tmp)
        bin_dir = build_peers(where)
        print(f"{'period':<7} {'values':>9}  {'':<10} {'wall':>8} {'cpu':>8} {'MB':>5}  "
              f"{'peer':<10} {'wall':>8} {'cpu':>8} {'MB':>5}  {'time':>6} {'memory':>7}",
              flush=True)
        for game in games:
            ours = best(_bench.grundy_command("period", game, "--json"), where / "period.json",
                        repeat)
            n = json.loads(ours.output.read_text())["checked_to"]
            for peer in peers or [FASTEST.get(game, "ogs-rc")]:
                cmd = peer_command(bin_dir, peer, game, n)
                if cmd is None:
                    continue
                theirs = best(cmd, where / f"{peer}.txt", repeat)
                print(f"{game:<7} {n:>9}  {row('grundy', ours)}  {row(peer, theirs)}  "
                      f"{ours.seconds / theirs.seconds:5.2f}x "
                      f"{ours.peak_mb / theirs.peak_mb:6.2f}x", flush=True)


if __name__ == "__main__":
    main()
