"""Playing by the quotient: sums of 1000 heaps with their winning moves, the search's
limits at any size (under a memory limit), the disk cache and its corrupt files, and
MisereSolver's quotients where Java and ../shared are here."""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import Sum, find
from grundy.misere import cache
from grundy.misere.quotient import quotient
from grundy.play.misere import misere_outcome, misere_part_winning_moves
from grundy.play.misere.search import known_quotient, misere_explanation
from brute import sum_wins
from support import ROOT



def test_a_thousand_kayles_heaps() -> None:
    game = find("kayles")
    rng = random.Random(1)
    parts = [rng.randint(1, 400) for _ in range(1000)]
    q = quotient(game)
    outcome = misere_outcome(game, Sum(*parts))
    assert outcome == q.outcome(parts)
    moves = misere_part_winning_moves(game, parts)
    assert (outcome == "N") == bool(moves)
    for i, o in moves[:: max(1, len(moves) // 50)]:  # each leaves a product in P
        after = parts[:i] + list(o.parts if isinstance(o, Sum) else (o,)) + parts[i + 1:]
        assert q.outcome([p for p in after if p]) == "P"
    lines = misere_explanation(game, parts)
    assert lines[0].startswith("misère quotient of 0.77") and "their product" in lines[-1]


def _limited(script: str, megabytes: int) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, preexec_fn=limit)


def test_the_search_stays_within_its_limits_at_1000_heaps(cli) -> None:  # type: ignore[no-untyped-def]
    """Dawson's Kayles has no quotient computed in a second that covers heaps of 400: the
    search refuses in one line, under 2 GB of address space (it used to grow to 6 GB)."""
    rng = random.Random(2)
    heaps = " ".join(str(rng.randint(1, 400)) for _ in range(1000))
    script = ("import sys\nfrom grundy.cli.main import run\n"
              f"sys.exit(run(['analyze', '0.07', *'{heaps}'.split(), '--misere']))\n")
    done = _limited(script, 2048)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("grundy: error: misère analysis")
    kayles = _limited(script.replace("'0.07'", "'kayles'"), 2048)
    assert kayles.returncode == 0 and "outcome:" in kayles.stdout


def test_the_cache(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    game = find("0.75")
    assert cache.cache_dir() == tmp_path / "quotients" and cache.load(game) is None
    q = quotient(game)
    path = cache.save(game, q)
    assert path == tmp_path / "quotients" / "0.75.json"
    back = cache.load(find("0.75"))
    assert back is not None and back.as_dict() == q.as_dict()
    path.write_text("{not json")
    assert cache.load(find("0.75")) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unreadable" in err and "not used" in err
    data = q.as_dict()
    data["P"] = [x for x in data["P"] if x != data["P"][0]]  # well formed, but wrong
    path.write_text(json.dumps(data))
    assert cache.load(find("0.75")) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fails its verification" in err
    assert path.read_text() == json.dumps(data)  # left alone: nothing lost


def test_a_cache_file_larger_than_any_quotient_is_not_read(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A file past the size of the largest quotient the solver keeps is refused by its size,
    unread (a sparse file: no disk is used), and a save replaces it with a good one."""
    from grundy.misere import solver

    assert cache.MAX_FILE >= 6 * solver.MAX_ORDER ** 2  # every table the solver keeps fits
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    path = tmp_path / "quotients" / "0.75.json"
    path.parent.mkdir()
    with open(path, "wb") as handle:
        handle.truncate(cache.MAX_FILE + 1)
    assert cache.load(find("0.75")) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "larger than any quotient's file" in err and "not used" in err
    game = find("0.75")
    assert cache.save(game, quotient(game)) == path and cache.load(find("0.75")) is not None


def test_a_corrupt_cache_file_through_the_cli(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    (tmp_path / "quotients").mkdir()
    (tmp_path / "quotients" / "0.77.json").write_text('{"table": [[0]]}')
    result = cli("analyze", "kayles", "3", "5", "7", "--misere")
    assert result.code == 0 and "outcome:" in result.out
    assert result.err.count("\n") == 1 and result.err.startswith("grundy: warning: the cached")


# -- MisereSolver ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def miseresolver(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Siegel's MisereSolver built from ../shared/peers as the benchmark builds it (skips
    where it cannot be)."""
    bench = _benchmark_helpers()
    reason = bench.miseresolver_missing()
    if reason is not None:
        pytest.skip(reason)
    return bench.build_miseresolver(tmp_path_factory.mktemp("miseresolver"))


def _benchmark_helpers():  # type: ignore[no-untyped-def]
    """benchmarks/_bench.py, the one builder of MisereSolver."""
    import importlib.util

    path = ROOT / "benchmarks" / "_bench.py"
    if "benchmarks_bench" in sys.modules:
        return sys.modules["benchmarks_bench"]
    spec = importlib.util.spec_from_file_location("benchmarks_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmarks_bench"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _peer(classes: Path, code: str, heaps: int | None, tmp: Path) -> dict:  # type: ignore[type-arg]
    dump = tmp / f"{code}.json"
    args = [code] + ([str(heaps)] if heaps is not None else [])
    subprocess.run(["java", f"-Ddump={dump}", "-cp", str(classes),
                    "org.cgsuite.core.misere.solver.Driver", *args],
                   check=True, capture_output=True, timeout=600, env={**os.environ})
    return json.loads(dump.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("code,heaps", [("0.75", None), ("0.77", None), ("0.15", None),
                                        ("0.53", None), ("0.07", 20), ("0.137", 18)])
def test_the_same_quotients_as_miseresolver(miseresolver, tmp_path, code, heaps) -> None:  # type: ignore[no-untyped-def]
    theirs = _peer(miseresolver, code, heaps, tmp_path)
    q = quotient(find(code), heaps=heaps if heaps is not None else theirs["toHeap"])
    assert q.order == theirs["order"] and len(q.p_portion) == theirs["pSize"]
    assert q.certified == theirs["solved"]
    if q.certified:
        assert (q.period, q.preperiod) == (theirs["period"], theirs["preperiod"])
    # the same pretension up to isomorphism: heap h -> heap h, extended multiplicatively
    rows, other = q.table.tolist(), theirs["table"]
    mine_phi, their_phi = q.phi, theirs["phi"][: q.heaps + 1]
    f = {0: 0}
    todo = [0]
    for x in todo:
        for a, b in zip(mine_phi, their_phi):
            y, z = rows[x][a], other[f[x]][b]
            assert f.setdefault(y, z) == z
            if y not in todo:
                todo.append(y)
    assert len(f) == q.order and len(set(f.values())) == q.order
    assert {f[x] for x in q.p_portion} == set(theirs["P"])


def test_tame_sums_of_any_size_without_a_quotient(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Kayles heaps 1..4 are tame: with no quotient, a sum of 600 of them is misère nim on
    their normal values, answered at once (the quotient agrees)."""
    from grundy.play.misere import search

    game = find("kayles")
    rng = random.Random(3)
    parts = [rng.randint(1, 4) for _ in range(600)]
    expected = quotient(game).outcome(parts)
    monkeypatch.setattr(search, "_quotient_for", lambda game, parts, budget: None)
    fresh = find("kayles")
    assert misere_outcome(fresh, Sum(*parts)) == expected
    assert misere_explanation(fresh, parts)[0].startswith("every heap is tame")
    small = [1, 1, 2, 3]  # a small sum too
    assert misere_outcome(fresh, Sum(*small)) == quotient(game).outcome(small)


@pytest.mark.parametrize("code", ["4.07", "laskers-nim", "0.137"])
def test_a_partial_quotient_goes_as_far_as_the_question(code: str) -> None:
    """No theorem certifies the quotients of 4.07 and Lasker's nim, and Dawson's chess's
    (0.137) is never complete: a question computes the partial quotient as far as its
    largest heap (not for a second, as it did), a later question about a larger heap
    takes it further, and each answer is the plain search's."""
    game = find(code)
    game.forget("quotient")  # find() keeps one game a name: another test may have asked
    rng = random.Random(code)
    for top in (4, 7, 9):
        parts = [top] + [rng.randint(1, top) for _ in range(2)]
        expected = "N" if sum_wins(game, parts, misere=True) else "P"
        assert misere_outcome(game, Sum(*parts)) == expected, parts
        q = known_quotient(game)
        assert q is not None and not q.certified and q.heaps >= top
        if game.misere_certifier() is None:
            assert q.heaps == top
