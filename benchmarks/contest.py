"""Side-by-side benchmarks of every contest problem against the seeds' C++ programs.

Runs each ``contest_<problem>.py`` in this folder (coins, squares, split and
cutting, beans: the scripts found here, in the order of :data:`grundy.formats.PROBLEMS`): they compile the references with g++ -O2, check that answers
agree, and print wall times and ratios.  Usage: ``python benchmarks/contest.py
[problem ...]``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from grundy.formats import PROBLEMS as _ALL  # noqa: E402

PROBLEMS = tuple(name for name in _ALL if (HERE / f"contest_{name}.py").is_file())


def main(argv: list[str]) -> None:
    for name in argv or PROBLEMS:
        print(f"\n=== {name} ===", flush=True)
        importlib.import_module(f"contest_{name}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
