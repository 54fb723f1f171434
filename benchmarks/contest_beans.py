"""The splitting game (beans, HNOI 2007): grundy against the seed's C++ program, side by side.

- contest size: 10 tests of n = 21 bottles, p[i] <= 10^4, through the CLI against the seed;
- at scale: 10 tests of n = 2000 bottles, p[i] <= 10^18, which the seed's arrays cannot
  hold (grundy alone);
- agreement: 300 random contest-size inputs solved in-process by the library and by the seed.

Answers must agree; times are printed, never asserted.  Run: python benchmarks/contest_beans.py
"""

from __future__ import annotations

import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench  # noqa: E402

from grundy.formats import solve  # noqa: E402


def tests_input(rng: random.Random, t: int, n_max: int, p_max: int, zeros: float) -> bytes:
    lines = [str(t)]
    for _ in range(t):
        n = rng.randint(2, n_max)
        lines.append(str(n))
        lines.append(" ".join(str(0 if rng.random() < zeros else rng.randint(0, p_max))
                              for _ in range(n)))
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    seed = _bench.compile_cpp(_bench.reference_source("beans"), "beans_seed")
    grundy = _bench.grundy_command("solve", "beans")
    rng = random.Random(2007)

    data = b"10\n" + b"".join(
        b"21\n" + " ".join(str(rng.randint(0, 10**4)) for _ in range(21)).encode() + b"\n"
        for _ in range(10))
    ours, ref = _bench.run(grundy, data), _bench.run([str(seed)], data)
    if ours.stdout != ref.stdout:
        raise SystemExit("beans: grundy and the seed disagree on the contest-size input")
    print(_bench.report("beans: 10 tests, n = 21", ours, ref))
    numpy = _bench.run([sys.executable, "-c", "import numpy"])
    print(_bench.report("beans: 10 tests, n = 21 vs numpy start-up", ours, numpy, "import numpy"),
          f"  above it: {ours.seconds - numpy.seconds:+.3f} s")

    big = b"10\n" + b"".join(
        b"2000\n" + " ".join(str(rng.randint(0, 10**18)) for _ in range(2000)).encode() + b"\n"
        for _ in range(10))
    ours = _bench.run(grundy, big)
    print(f"{'beans: 10 tests, n = 2000, p <= 1e18':<40} grundy {ours.seconds:8.3f} s"
          "   (the seed holds n <= 24: no reference)")

    _bench.agree_on_random_inputs("beans", seed, partial(solve, "beans"), (
        tests_input(rng, rng.randint(1, 10), 21, rng.choice([1, 3, 10**4]),
                    rng.choice([0.0, 0.5, 0.9]))
        for _ in range(300)))

if __name__ == "__main__":
    main()
