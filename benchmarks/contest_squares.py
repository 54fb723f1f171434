"""Grid Game 2 (squares): grundy against the seed's C++ program, side by side.

- contest size: N = 200000 random distinct cells, coordinates up to 10^9, through the
  CLI against the seed program (and against the start-up of ``python -c "import numpy"``);
- at scale: N = 200000 cells with coordinates near 10^18, which the seed's ``int``
  cannot read (grundy alone);
- agreement: 300 random small inputs solved in-process by the library and by the seed.

Answers must agree; times are printed, never asserted.  Run: python benchmarks/contest_squares.py
"""

from __future__ import annotations

import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402

from grundy.formats import solve  # noqa: E402


def cells_input(rng: random.Random, n: int, low: int, high: int) -> bytes:
    cells: set[tuple[int, int]] = set()
    while len(cells) < n:
        cells.add((rng.randint(low, high), rng.randint(low, high)))
    return (f"{n}\n" + "".join(f"{r} {c}\n" for r, c in cells)).encode()


def main() -> None:
    seed = _bench.compile_cpp(_bench.reference_source("squares"), "squares_seed")
    grundy = _bench.grundy_command("solve", "squares")
    rng = random.Random(1906)

    for trial in range(2):
        data = cells_input(rng, 200000, 1, 10**9)
        ours, ref = _bench.run(grundy, data), _bench.run([str(seed)], data)
        if ours.stdout != ref.stdout:
            raise SystemExit("squares: grundy and the seed disagree on N = 200000")
        print(_bench.report(f"squares: N = 200000, R, C <= 1e9 (#{trial + 1})", ours, ref),
              f"  peak {ours.peak_rss_mb:.0f} MB")
    numpy = _bench.run([sys.executable, "-c", "import numpy"])
    print(_bench.report("squares: N = 200000 vs numpy start-up", ours, numpy, "import numpy"),
          f"  above it: {ours.seconds - numpy.seconds:+.3f} s")

    big = cells_input(rng, 200000, 10**18 - 10**15, 10**18)
    ours = _bench.run(grundy, big)
    print(f"{'squares: N = 200000, R, C near 1e18':<40} grundy {ours.seconds:8.3f} s"
          "   (the seed reads int: no reference)")


    def small_input() -> bytes:
        top = rng.choice([6, 40, 10**4, 10**9])
        return cells_input(rng, rng.randint(1, min(60, top * top)), 1, top)

    _bench.agree_on_random_inputs("squares", seed, partial(solve, "squares"),
                                  (small_input() for _ in range(300)))

if __name__ == "__main__":
    main()
