"""Octal-game sequences: ``grundy sequence`` against the field's best solvers, side by side.

The peers are Beling's ``ogs`` (Rust; its rare/common methods RC and RC2) and Czajka's
``octal-games`` (C++; rare/common with a mask chosen by a Hadamard transform), built from
``../shared/peers`` (relative to the repository) with its ``build.sh`` into a temporary
folder.  Each peer and ``grundy sequence GAME -n N`` (the CLI, as a user runs it, output
to a file) compute heaps 0..N-1; the values must be identical.  Printed: wall time (best
of the repeats), peak resident memory (from wait4) and the ratio grundy / fastest peer.

Games: 0.56, 0.16, 0.354, 0.376, 0.1777 and Grundy's game, at N = 2*10^5, 2*10^6, 2*10^7,
and Grundy's game to 2^24.  The 2*10^7 runs take minutes.

Run: .venv/bin/python benchmarks/peers.py [--sizes 2e5,2e6] [--games 0.56,grundy]
     [--peers ogs-rc,ogs-rc2,czajka] [--repeat R]
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


@dataclass
class Timing:
    seconds: float
    peak_mb: float
    output: Path


def build_peers(where: Path) -> Path:
    """Build the peers into ``where``; their bin folder."""
    cargo = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    if not Path(cargo).exists() or shutil.which("g++") is None:
        sys.exit("peers.py: skipped, the peers need cargo and g++ to build")
    script = PEERS / "build.sh"
    if not script.is_file():
        sys.exit(f"peers.py: skipped, {script} is missing (the peers' sources)")
    subprocess.run(["sh", str(script)], check=True, env={**os.environ, "TMPDIR": str(where)},
                   stdout=subprocess.DEVNULL)
    return where / "grundy-peers" / "bin"


# Peak memory through a small launcher (GNU time, or a Python one): a child forked from
# this script starts its peak at this script's resident size.
_TIME = Path("/usr/bin/time")
_LAUNCHER = ("import os, subprocess, sys\n"
             "proc = subprocess.Popen(sys.argv[2:])\n"
             "_, status, usage = os.wait4(proc.pid, 0)\n"
             "open(sys.argv[1], 'w').write(str(usage.ru_maxrss))\n"
             "sys.exit(os.waitstatus_to_exitcode(status))\n")


def timed(cmd: list[str], output: Path) -> Timing:
    """Run ``cmd`` with standard output to ``output``; wall time and peak RSS."""
    memory = output.with_suffix(".rss")
    if _TIME.exists():
        launch = [str(_TIME), "-f", "%M", "-o", str(memory), *cmd]
    else:
        launch = [sys.executable, "-c", _LAUNCHER, str(memory), *cmd]
    with open(output, "wb") as sink:
        start = time.perf_counter()
        code = subprocess.run(launch, stdout=sink, stderr=subprocess.DEVNULL).returncode
        seconds = time.perf_counter() - start
    if code != 0:
        sys.exit(f"{' '.join(cmd)} exited with {code}")
    return Timing(seconds, int(memory.read_text().split()[-1]) / 1024, output)


def best(cmd: list[str], output: Path, repeat: int) -> Timing:
    runs = [timed(cmd, output) for _ in range(repeat)]
    return min(runs, key=lambda t: t.seconds)


def peer_command(bin_dir: Path, peer: str, game: str, n: int) -> list[str] | None:
    if peer == "czajka":
        return [str(bin_dir / "tczajka-analyze-n"), game, str(n), "-p"]
    if game == "grundy":  # ogs takes octal codes only
        return None
    return [str(bin_dir / "ogs-driver"), game, str(n), peer.removeprefix("ogs-"), "-p"]


def same_values(a: Path, b: Path) -> bool:
    with open(a, "rb") as x, open(b, "rb") as y:
        return x.read().split() == y.read().split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="heap counts, e.g. 2e5,2e6 (default: 2e5,2e6,2e7 and Grundy's "
                             "game to 2^24 with 2e7)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--peers", default=",".join(PEER_RUNS))
    parser.add_argument("--fast-path", action="store_true",
                        help="run 'python -m grundy.fastseq' (what the console script does "
                             "first for a plain 'grundy sequence') instead of 'grundy'")
    parser.add_argument("--repeat", type=int, default=0,
                        help="runs of each command (default: 3 below 10^6 heaps, else 1)")
    args = parser.parse_args()
    sizes = [int(float(s)) for s in args.sizes.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    peers = [p for p in args.peers.split(",") if p]
    jobs = [(g, n) for n in sizes for g in games]
    if 20_000_000 in sizes:
        jobs += [job for job in EXTRA if job[0] in games]
    with tempfile.TemporaryDirectory(prefix="grundy-peers-") as tmp:
        where = Path(tmp)
        bin_dir = build_peers(where)
        print(f"{'game':<8} {'N':>10}  {'grundy s':>9} {'MB':>6}  {'fastest peer':<12} "
              f"{'s':>8} {'MB':>6}  {'ratio':>6}", flush=True)
        for game, n in jobs:
            repeat = args.repeat or (3 if n < 10**6 else 1)
            command = ([sys.executable, "-m", "grundy.fastseq"] if args.fast_path
                       else _bench.grundy_command())
            ours = best([*command, "sequence", game, "-n", str(n)], where / "grundy.txt", repeat)
            fastest: tuple[str, Timing] | None = None
            for peer in peers:
                cmd = peer_command(bin_dir, peer, game, n)
                if cmd is None:
                    continue
                theirs = best(cmd, where / f"{peer}.txt", repeat)
                if not same_values(ours.output, theirs.output):
                    sys.exit(f"{game} to {n}: grundy and {peer} disagree")
                if fastest is None or theirs.seconds < fastest[1].seconds:
                    fastest = (peer, theirs)
            if fastest is None:
                print(f"{game:<8} {n:>10}  {ours.seconds:9.3f} {ours.peak_mb:6.0f}  (no peer run)")
                continue
            peer, theirs = fastest
            print(f"{game:<8} {n:>10}  {ours.seconds:9.3f} {ours.peak_mb:6.0f}  {peer:<12} "
                  f"{theirs.seconds:8.3f} {theirs.peak_mb:6.0f}  {ours.seconds / theirs.seconds:5.2f}x",
                  flush=True)


if __name__ == "__main__":
    main()
