"""The quotient solver (grundy.misere.solver) within its time and memory, and the options
it lists and counts against the definition of a take-and-break code."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from grundy import find
from grundy.misere import solver as solver_module
from grundy.misere.quotient import quotient
from grundy.rules.base import HeapGame
from grundy.rules.codes import Code, code_options
from support import run_limited


@pytest.mark.parametrize("code", ["4.1", "0.f", "sevens", "nim"])
def test_the_time_limit_holds(code: str) -> None:
    """4.1 extends its quotient conservatively heap after heap (it used to run past any
    time limit, to 4 GB); 200 sevens list long options (10 s for --time 2).  Run apart,
    under 1.5 GB.  The time taken is the child's CPU time: the limit runs on the clock, so
    on a busy machine the solver uses less CPU than it is given, never more."""
    game = ("find('nim')" if code == "nim" else
            f"Code.parse({'0.' + '7' * 200 if code == 'sevens' else code!r})")
    script = ("import json, time\nfrom grundy import find\n"
              "from grundy.rules.codes import Code\n"
              "from grundy.misere.quotient import compute_quotient\n"
              f"start = time.process_time()\nq = compute_quotient({game}, 20000, 1.5)\n"
              "print(json.dumps([time.process_time() - start, q.stopped, q.certified]))\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1500 << 20, 1500 << 20))

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, preexec_fn=limit)
    assert done.returncode == 0, done.stderr[-300:]
    took, stopped, certified = json.loads(done.stdout)
    assert took < 2.5 and stopped == "time" and not certified


def test_the_command_keeps_its_time_and_memory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Under 1.5 GB: 0.8's recalibration used to build a 6400 x 6400 table as lists (1.9 GB)
    and 4.1 kept every option of every heap."""
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)}
    for args in (["0.8", "--heaps", "40"],):  # 4.1: test_the_time_limit_holds
        done = run_limited("quotient", *args, "--no-save", megabytes=1500, env=env)
        assert done.code == 0, done.err[-500:]
        assert done.out.startswith(f"misère quotient of {args[0]}: partial")
        assert done.cpu < 20, done.cpu  # CPU seconds: the same on a busy machine


def test_options_listed_again_give_the_same_quotients(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With no option kept, every expansion lists them again: the same quotients."""
    cases = [("0.07", 20), ("0.137", 14), ("4.07", 10), ("0.f", 10), ("grundys-game", 14)]
    kept = {name: quotient(find(name), heaps=h, seconds=120).as_dict() for name, h in cases}
    monkeypatch.setattr(solver_module, "MAX_KEPT_OPTIONS", 0)
    for name, h in cases:
        assert quotient(find(name), heaps=h, seconds=120).as_dict() == kept[name], name


def test_a_heap_with_too_many_options_ends_the_partial_quotient(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(solver_module, "MAX_HEAP_OPTIONS", 30)
    q = quotient(find("0.f"), heaps=100)
    first = next(n for n in range(100) if len(code_options((0, 15), n)) > 30)
    assert q.heaps == first - 1 and not q.certified
    assert q.stopped == f"0.f: heap {first} has more than 30 options, more than the solver lists"

    class Many(HeapGame):  # a user's game, whose options are counted as they come
        def options(self, n: int) -> list[int]:
            return list(range(n)) * 3

    assert quotient(Many(), heaps=100).heaps == 10  # heap 11 has 33 options


@pytest.mark.parametrize("code", ["0.77", "0.f", "4.8", "8.0", "0.0f", "4.137", "0.fc"])
def test_option_counts_are_the_listings_length(code: str) -> None:
    game, rules = Code.parse(code), find(code)
    for n in range(60):
        assert game.count(n) == len(code_options(game.digits, n))
        assert rules.heap_option_count(n) == game.count(n)  # type: ignore[attr-defined]
