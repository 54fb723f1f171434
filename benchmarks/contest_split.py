"""Split Game and Cutting Game: grundy against C++ references, side by side.

- split, contest size: all 22499 queries (every N, M <= 150 with N*M > 1) against
  the seed program, and against the start-up of ``python -c "import numpy"``;
- split, at scale: the query ``1000 1000`` against the seed with its array
  enlarged (a patched copy written to benchmarks/.build, never committed);
- cutting: 10^4 random queries (2 <= W, H <= 200) against benchmarks/cutting_ref.cpp.

Answers must agree; times are printed, never asserted.  Run: python benchmarks/contest_split.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402


def _agree(label: str, ours: bytes, theirs: bytes) -> None:
    if ours != theirs:
        raise SystemExit(f"{label}: grundy and the reference disagree")


def _patched_seed(size: int) -> Path:
    source = _bench.reference_source("split").read_text()
    const = "const int N = 160;"
    if const not in source:
        raise SystemExit(f"the seed program no longer declares {const!r}")
    _bench.BUILD.mkdir(parents=True, exist_ok=True)
    patched = _bench.BUILD / f"split_{size}.cpp"
    patched.write_text(source.replace(const, f"const int N = {size};"))
    return _bench.compile_cpp(patched)


def main() -> None:
    seed = _bench.compile_cpp(_bench.reference_source("split"), "split_seed")
    grundy = _bench.grundy_command("solve", "split")

    every = "".join(f"{n} {m}\n" for n in range(1, 151) for m in range(1, 151) if n * m > 1)
    data = every.encode()
    ours, ref = _bench.run(grundy, data), _bench.run([str(seed)], data)
    _agree("split, all 22499 queries", ours.stdout, ref.stdout)
    print(_bench.report("split: all 22499 queries", ours, ref))
    numpy = _bench.run([sys.executable, "-c", "import numpy"])
    print(_bench.report("split: all 22499 queries vs numpy", ours, numpy, "import numpy"),
          f"  above it: {ours.seconds - numpy.seconds:+.3f} s")

    big = _patched_seed(1010)
    query = b"1000 1000\n"
    ours, ref = _bench.run(grundy, query, repeat=1), _bench.run([str(big)], query, repeat=1)
    _agree("split 1000 1000", ours.stdout, ref.stdout)
    print(_bench.report("split: 1000 1000", ours, ref, "seed N=1010"))

    cutting = _bench.compile_cpp(Path(__file__).resolve().parent / "cutting_ref.cpp")
    rng = random.Random(2311)
    data = "".join(f"{rng.randint(2, 200)} {rng.randint(2, 200)}\n" for _ in range(10**4)).encode()
    ours = _bench.run(_bench.grundy_command("solve", "cutting"), data)
    ref = _bench.run([str(cutting)], data)
    _agree("cutting, 10^4 queries", ours.stdout, ref.stdout)
    print(_bench.report("cutting: 10^4 random queries", ours, ref))


if __name__ == "__main__":
    main()
