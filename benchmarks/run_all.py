"""Every benchmark in turn (``make bench``): nim products, contest problems (tokens on a DAG
included), sequences, the engine against a hand-written memo, misère quotients against
MisereSolver."""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent

for script in ("nim_product.py", "contest.py", "digraph.py", "sequences.py", "engine.py", "misere.py"):
    print(f"\n##### {script} #####", flush=True)
    runpy.run_path(str(HERE / script), run_name="__main__")
