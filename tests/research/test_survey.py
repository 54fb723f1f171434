"""grundy survey: every code of a pattern, against the published tables; on Dask (a
scheduler and workers started here, one of them killed mid-survey); resumed from SQLite."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grundy import GrundyError
from grundy.rules.heap import TakeAndBreak
from grundy.research.survey import (MAX_CODES, SHIFTS, SurveyDB, classes, codes_of, compute, expand,
                           run_survey)
from support import assert_one_line_error, golden_rows, wait_until_interruptible

HAVE_DASK = all(importlib.util.find_spec(m) is not None for m in ("dask", "distributed"))
needs_dask = pytest.mark.skipif(not HAVE_DASK, reason="dask and distributed are not installed "
                                "(pip install 'grundy[cluster]')")

BUDGET = 2000  # heaps per game in these tests: 0.45 (needs 1088) certifies, 0.16 cannot


# -- published values -------------------------------------------------------------------


def dead_heaps(code: str) -> int:
    """How many heaps 1, 2, ... have no move, from the rules alone."""
    game, k = TakeAndBreak(code), 0
    while not game.options(k + 1):
        k += 1
    return k


def least_preperiod(g: list[int], p: int) -> int:
    e = len(g) - p
    while e > 0 and g[e - 1] == g[e - 1 + p]:
        e -= 1
    return e


def published() -> dict[str, dict]:
    """code -> preperiod and period (None: unsolved), the values when published, its group:
    (the published game it is, its dead heaps)."""
    direct: dict[str, dict] = {}
    lookup: dict[str, str] = {}
    for _, line in golden_rows("octal_two_digit.txt"):
        parts = line.split()
        code = parts[0]
        if parts[1] == "=":
            lookup[code] = parts[2]
        elif parts[1] == "open":
            direct[code] = {"solved": None}
        elif len(parts) == 3:
            direct[code] = {"solved": (int(parts[1]), int(parts[2]))}
        else:
            pre, _, per = parts[3].rstrip(")").partition("(")
            assert (len(pre), len(per)) == (int(parts[1]), int(parts[2])), line
            direct[code] = {"values": [int(ch, 36) for ch in pre + per], "period": len(per)}
    out = {}
    for code in [*direct, *lookup]:
        target = lookup.get(code, code)
        entry, k, shift = direct[target], dead_heaps(code), dead_heaps(code) - dead_heaps(target)
        row: dict = {"group": (target, k)}
        if "values" in entry:  # the target's values past its dead heaps, after this code's
            t, p = list(entry["values"]), entry["period"]
            while len(t) < len(entry["values"]) + 3 * p + 8:
                t.append(t[-p])
            g = [0] * k + t[dead_heaps(target):]
            row.update(values=g, preperiod=least_preperiod(g, p), period=p)
        elif entry["solved"] is None:
            row.update(preperiod=None, period=None)
        else:  # a solved game whose values start later by ``shift`` heaps (e > 0: exact)
            e, p = entry["solved"]
            row.update(preperiod=e + shift, period=p)
        if code.startswith("0."):
            out[code] = row
    return out


PUBLISHED = published()


def test_the_golden_file_is_every_two_digit_code():
    assert sorted(PUBLISHED) == sorted(expand("0.??")) and len(PUBLISHED) == 63


def test_published_values_are_the_games_values():
    for code, row in PUBLISHED.items():
        if "values" in row:
            want = row["values"]
            assert TakeAndBreak(code).sequence(len(want)).tolist() == want, code


@pytest.fixture(scope="module")
def serial_db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("serial") / "s.sqlite")
    with SurveyDB(path) as db:
        progress = run_survey(expand("0.??"), db, BUDGET, workers=0)
        assert progress.computed == 63
    return path


def check_against_published(rows: list[dict]) -> None:
    assert sorted(r["code"] for r in rows) == sorted(PUBLISHED)
    for r in rows:
        want = PUBLISHED[r["code"]]
        e, p = want["preperiod"], want["period"]
        if r["certified"]:
            assert (r["preperiod"], r["period"], r["saltus"]) == (e, p, 0), r["code"]
        else:
            t = len(r["code"]) - 2
            assert e is None or 2 * e + 2 * p + t > BUDGET, r["code"]  # too long to certify
            assert r["checked_to"] == BUDGET


def test_survey_matches_published_periods(serial_db):
    with SurveyDB(serial_db) as db:
        rows = db.rows()
    check_against_published(rows)
    assert sum(r["certified"] for r in rows) == 46  # all but 0.16, 0.56, and the unsolved


def test_classes_are_the_published_equivalences(serial_db):
    with SurveyDB(serial_db) as db:
        rows = db.rows()
    of = classes(rows)
    # identical sequences exactly when the lookup says the same game with as many dead heaps
    by_class: dict[str, set] = {}
    for code, (cls, _) in of.items():
        by_class.setdefault(cls, set()).add(PUBLISHED[code]["group"])
    assert all(len(groups) == 1 for groups in by_class.values()), by_class
    assert len(by_class) == len({row["group"] for row in PUBLISHED.values()})
    # every shift claimed holds, and joins each published game's codes into one component
    parent = {code: code for code in of}

    def root(c: str) -> str:
        while parent[c] != c:
            c = parent[c]
        return c

    for code, (cls, shift) in of.items():
        parent[root(code)] = root(cls)
        if shift is not None:
            other, k = shift
            g, h = (TakeAndBreak(c).sequence(BUDGET + k) for c in (code, other))
            assert (g[:BUDGET] == h[k:BUDGET + k]).all(), (code, shift)
            parent[root(code)] = root(other)
    for target in {row["group"][0] for row in PUBLISHED.values()}:
        assert len({root(c) for c, row in PUBLISHED.items() if row["group"][0] == target}) == 1


def test_shifts_of_open_games_need_the_same_range():
    rows = [{"code": c, "keys": {"self": [f"{c}{k}" for k in range(SHIFTS + 1)],
                                 "tail": [f"t{c}{k}" for k in range(SHIFTS + 1)]}}
            for c in ("0.1", "0.2")]
    rows[1]["keys"]["tail"][3] = "0.13"  # 0.1 is 0.2 shifted by 3
    assert classes(rows) == {"0.1": ("0.1", ("0.2", 3)), "0.2": ("0.2", None)}


# -- patterns and files -------------------------------------------------------------------


def test_patterns():
    assert len(expand("0.???")) == 7 + 56 + 448
    assert expand("0.1?7") == [f"0.1{d}7" for d in range(8)]
    assert len(expand("4.??")) == 63 + 1  # 4.0 splits a heap: a game
    assert expand("?.0") == ["4.0"]  # 0.0 has no move
    assert expand(" 0.70 ") == ["0.7"]
    assert expand("4.[17]") == ["4.1", "4.7"] and expand("0.[3]") == ["0.3"]


def test_the_subtraction_games_of_a_pattern_are_those_of_their_sets():
    """0.[03]... are the subtraction games: each code's values are those of the set of
    places where it has a 3, by the plain mex rule."""
    from itertools import combinations

    from brute import plain_value
    from grundy.catalog import take_and_break

    codes = expand("0.[03][03][03][03]")
    sets = [s for k in range(1, 5) for s in combinations(range(1, 5), k)]
    assert len(codes) == len(sets) == 15
    for moves in sets:
        code = "0." + "".join("3" if k in moves else "0" for k in range(1, max(moves) + 1))
        assert code in codes
        plain = plain_value(lambda n, moves=moves: [n - k for k in moves if k <= n])
        assert take_and_break(code).sequence(60).tolist() == [plain(n) for n in range(60)]


@pytest.mark.parametrize("pattern, words", [
    ("0.?????", f"32768 codes, more than the {MAX_CODES}"),
    ("0.1x", "'x' is neither a digit nor ?"),
    ("077", "expected one digit or ? before the point"),
    ("1.?", "may only be 0, 4, 8 or c"),
    ("0.00", "matches no game"),
    ("0.[03", "a '[' needs digits and a ']' after them"),
    ("0.[]1", "a '[' needs digits and a ']' after them"),
    ("0.[0?]", "'?' in [0?] is not a digit"),
    ("0.1]", "']' is neither a digit nor ? nor [...]"),
    ("x.1", "'x' is neither a digit nor ?"),
    ("0." + "[0123]" * 7, f"16384 codes, more than the {MAX_CODES}"),
])
def test_bad_patterns(pattern, words):
    with pytest.raises(GrundyError, match=re.escape(words)):
        expand(pattern)


def test_codes_file(tmp_path):
    f = tmp_path / "codes.txt"
    f.write_text("# a few\n0.77\n0.070  # the same as 0.07\n0.07\n\n4.1?\n")
    assert codes_of(f"@{f}") == ["0.07", "0.77", *(f"4.1{d}".rstrip("0") for d in range(8))]
    f.write_text("0.77\n0.7x\n")
    with pytest.raises(GrundyError, match=r"codes.txt, line 2: bad survey pattern '0.7x'"):
        codes_of(f"@{f}")
    with pytest.raises(GrundyError, match="cannot read the codes file"):
        codes_of(f"@{tmp_path / 'missing.txt'}")


# -- the command --------------------------------------------------------------------------


def test_show_csv_json(cli, tmp_path, serial_db):
    db = str(tmp_path / "copy.sqlite")
    Path(db).write_bytes(Path(serial_db).read_bytes())
    table = cli("survey", "--db", db, "--show")
    assert table.code == 0, table.err
    lines = table.out.splitlines()
    assert lines[0].split()[:4] == ["code", "status", "preperiod", "period"]
    assert lines[-1] == "63 games: 46 certified, 17 open"
    kayles = next(line.split() for line in lines if line.startswith("0.77 "))
    assert kayles[:5] == ["0.77", "certified", "71", "12", "256"]
    js = cli("survey", "0.4?", "--db", db, "--show", "--json")
    objs = [json.loads(line) for line in js.out.splitlines()]
    assert [o["code"] for o in objs] == ["0.4", *(f"0.4{d}" for d in range(1, 8))]
    first = objs[0]
    assert set(first) >= {"code", "preperiod", "period", "saltus", "certified", "checked_to",
                          "largest", "largest_at", "rare_mask", "rare_count", "last_rare",
                          "class", "shift_of"}
    by = {o["code"]: o for o in objs}
    assert by["0.42"]["class"] == "0.4" and by["0.47"]["class"] == "0.45"
    assert by["0.45"]["preperiod"] == 498 and by["0.45"]["rare_mask"] == 0xF
    csv = cli("survey", "0.0?", "--db", db, "--show", "--csv")
    head, *body = csv.out.splitlines()
    assert head.split(",")[:3] == ["code", "preperiod", "period"] and len(body) == 7
    assert body[6].startswith("0.07,53,34,0,True,") and body[6].endswith(",0.07,0.4,1")


def test_command_errors(cli, tmp_path):
    db = str(tmp_path / "s.sqlite")
    assert_one_line_error(cli("survey", "0.?????", "--db", db), "more than the 10000")
    assert_one_line_error(cli("survey", "0.7x", "--db", db), "bad survey pattern '0.7x'")
    assert_one_line_error(cli("survey", "@nothere.txt", "--db", db), "cannot read the codes file")
    assert_one_line_error(cli("survey", "--db", db), "give a PATTERN")
    assert_one_line_error(cli("survey", "--db", db, "--show"), "no survey database at")
    assert_one_line_error(cli("survey", "0.1", "--db", str(tmp_path / "no" / "s.sqlite"),
                              "--local-only"), "cannot use")
    assert_one_line_error(cli("survey", "0.1", "--db", str(tmp_path), "--local-only"),
                          "it is a folder")
    (tmp_path / "junk.sqlite").write_bytes(b"not a database, certainly" * 100)
    assert_one_line_error(cli("survey", "0.1", "--db", str(tmp_path / "junk.sqlite"),
                              "--local-only"), "cannot use")
    assert_one_line_error(cli("survey", "--db", db, "--show", "--max", "5"), "would not apply")
    assert_one_line_error(cli("survey", "0.1", "--csv", "--json"), "exclude each other")
    assert_one_line_error(cli("survey", "0.1", "--scheduler", "tcp://127.0.0.1:1",
                              "--local-only"), "--scheduler")
    assert not Path(db).exists()  # no database is made for a command refused


def test_without_dask_says_so(tmp_path):
    fake = tmp_path / "blocked" / "distributed"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('not installed here')\n")
    env = {**os.environ, "PYTHONPATH": str(fake.parent)}
    proc = subprocess.run([sys.executable, "-m", "grundy", "survey", "0.1", "--db",
                           str(tmp_path / "s.sqlite"), "--workers", "2"], env=env,
                          capture_output=True, text=True, timeout=120)
    from conftest import Result

    assert_one_line_error(Result(proc.returncode, proc.stdout, proc.stderr),
                          "needs dask.distributed, which is not installed")
    proc = subprocess.run([sys.executable, "-m", "grundy", "survey", "0.1", "--db",
                           str(tmp_path / "s.sqlite"), "--local-only"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("code"), proc.stderr


@needs_dask
def test_a_bad_scheduler_address(cli, tmp_path):
    assert_one_line_error(cli("survey", "0.1", "--db", str(tmp_path / "s.sqlite"),
                              "--scheduler", "nowhere"), "cannot reach the Dask scheduler at nowhere")


def test_larger_budget_recomputes_only_open_games(cli, tmp_path):
    db = str(tmp_path / "s.sqlite")
    assert cli("survey", "0.4?", "--db", db, "--max", "300", "--local-only").code == 0
    first = {r["code"]: r for r in SurveyDB(db).rows()}
    r = cli("survey", "0.4?", "--db", db, "--max", "1200", "--local-only", "--json")
    assert r.code == 0, r.err
    after = {r["code"]: r for r in SurveyDB(db).rows()}
    for code, row in first.items():
        if row["certified"]:
            assert after[code]["runs"] == 1 and after[code]["updated"] == row["updated"]
        else:
            assert after[code]["runs"] == 2
            assert after[code]["certified"] or after[code]["checked_to"] == 1200
    assert not first["0.45"]["certified"] and after["0.45"]["certified"]  # needs 1088 heaps


def test_an_open_result_never_replaces_a_better_one(tmp_path):
    with SurveyDB(str(tmp_path / "s.sqlite")) as db:
        db.put(compute("0.6", 600))
        db.put(compute("0.6", 300))  # computed less far: kept out, counted
        row = db.get("0.6")
        assert (row["checked_to"], row["runs"]) == (600, 2)
        db.put(compute("0.6", 900))
        assert (db.get("0.6")["checked_to"], db.get("0.6")["runs"]) == (900, 3)
        db.put(compute("0.77", 300))
        db.put(compute("0.77", 300))  # certified again: the same row
        assert db.get("0.77")["runs"] == 2 and db.get("0.77")["certified"]


def definition(code: str, n: int) -> list[int]:
    """Grundy values of a code by the rules alone (options listed by TakeAndBreak)."""
    game, g = TakeAndBreak(code), [0] * n
    for h in range(1, n):
        seen = set()
        for o in game.options(h):
            parts = o.parts if hasattr(o, "parts") else (o,)
            x = 0
            for part in parts:
                x ^= g[part]
            seen.add(x)
        while g[h] in seen:
            g[h] += 1
    return g


def test_idle_zero_moves_change_no_value():
    removed = kept = 0
    for code in expand("0.???") + expand("4.??"):
        plain, heaps = TakeAndBreak(code).without_idle_moves()
        digits = TakeAndBreak(code).digits
        zero = [k for k in range(1, len(digits)) if digits[k] & 1]
        assert set(heaps) <= set(zero), code
        left = [*plain.digits, *[0] * len(digits)]  # trailing zeros are dropped
        assert all(left[k] & 1 == (k not in heaps) for k in zero), code
        if heaps:
            assert definition(plain.code, 100) == definition(code, 100), code
        for k in set(zero) - set(heaps):  # a zero move kept is one that matters
            without = list(digits)
            without[k] &= ~1
            other = TakeAndBreak(f"{without[0]:x}." + "".join(f"{d:x}" for d in without[1:]))
            assert definition(other.code, k + 1)[k] != definition(code, k + 1)[k], (code, k)
        removed += bool(heaps)
        kept += len(zero) - len(heaps)
    assert removed > 200 and kept > 100


def test_a_survey_computes_each_game_once_with_its_idle_moves_removed(tmp_path, monkeypatch):
    import grundy.research.survey as survey

    calls = []
    real = survey.compute
    monkeypatch.setattr(survey, "compute", lambda code, *a: calls.append(code) or real(code, *a))
    codes = expand("0.76?") + ["0.77", "0.771"]
    with SurveyDB(str(tmp_path / "s.sqlite")) as db:
        run_survey(codes, db, 3000, workers=0)
        rows = {r["code"]: r for r in db.rows()}
    assert sorted(rows) == sorted(codes)
    assert sorted(calls) == sorted(set(TakeAndBreak(c).without_idle_moves()[0].code
                                       for c in codes))
    assert len(calls) < len(codes)
    for code, row in rows.items():
        plain = TakeAndBreak(code).without_idle_moves()[0].code
        assert row["same_as"] == (None if plain == code else plain)
        alone = compute(code, 3000)  # computed as itself: the same result
        for field in ("preperiod", "period", "certified", "checked_to", "largest", "keys"):
            assert row[field] == alone[field], (code, field)
    assert rows["0.761"]["same_as"] == "0.76" and rows["0.771"]["same_as"] == "0.77"


def test_a_file_written_before_same_as_is_read_and_extended(tmp_path):
    db = str(tmp_path / "old.sqlite")
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (code TEXT PRIMARY KEY, preperiod INTEGER, period "
                     "INTEGER, saltus INTEGER, certified INTEGER NOT NULL, checked_to INTEGER "
                     "NOT NULL, reason TEXT NOT NULL, largest INTEGER, largest_at INTEGER, "
                     "rare_mask INTEGER, rare_count INTEGER, last_rare INTEGER, keys TEXT NOT "
                     "NULL, seconds REAL NOT NULL, runs INTEGER NOT NULL DEFAULT 1, updated "
                     "TEXT NOT NULL)")
        row = compute("0.77", 500)
        conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, "
                     "'then')", [row["code"], row["preperiod"], row["period"], row["saltus"],
                                 1, row["checked_to"], row["reason"], row["largest"],
                                 row["largest_at"], row["rare_mask"], row["rare_count"],
                                 row["last_rare"], json.dumps(row["keys"]), row["seconds"]])
    with SurveyDB(db) as s:
        assert s.get("0.77")["same_as"] is None and s.get("0.77")["period"] == 12
        run_survey(["0.77", "0.771"], s, 500, workers=0)
        assert s.get("0.77")["runs"] == 1 and s.get("0.771")["same_as"] == "0.77"


def rows_in(db: str) -> int:
    try:
        with sqlite3.connect(db, timeout=10) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:  # not created yet
        return 0


def wait_for_rows(db: str, k: int, proc: subprocess.Popen | None = None, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while rows_in(db) < k:
        assert time.monotonic() < deadline, "the survey wrote too few results"
        assert proc is None or proc.poll() is None, "the survey ended early"
        time.sleep(0.05)


def test_killed_survey_resumes_without_recomputing(tmp_path):
    db = str(tmp_path / "s.sqlite")
    args = [sys.executable, "-m", "grundy", "survey", "0.??", "--db", db, "--max", "8000",
            "--local-only", "--json"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_rows(db, 10, proc)
    finally:
        proc.kill()
        proc.wait()
    with SurveyDB(db) as s:
        before = {r["code"]: r["updated"] for r in s.rows()}
    assert 10 <= len(before) < 63
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 63
    with SurveyDB(db) as s:
        after = s.rows()
    assert len(after) == 63
    assert all(r["runs"] == 1 for r in after)  # every game computed once, in all
    assert all(r["updated"] == before[r["code"]] for r in after if r["code"] in before)


def test_ctrl_c_is_one_line_and_keeps_the_results(tmp_path):
    db = str(tmp_path / "s.sqlite")
    # 0.04, the fourth game, takes seconds at 10^5 heaps: the signal comes during it
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "survey", "0.??", "--db", db,
                             "--max", "100000", "--local-only"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        wait_for_rows(db, 3, proc)
        wait_until_interruptible(proc)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    from conftest import Result

    saved = rows_in(db)
    assert_one_line_error(Result(proc.returncode, out, err),
                          f"interrupted: {saved} of 63 games are saved in {db}")


# -- on Dask --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and two workers on 127.0.0.1, as subprocesses; a worker lost fails its task
    at once (allowed-failures 0), so that the survey itself must send it again."""
    if not HAVE_DASK:
        pytest.skip("dask and distributed are not installed (pip install 'grundy[cluster]')")
    folder = tmp_path_factory.mktemp("dask")
    file = folder / "scheduler.json"
    env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0",
           "DASK_DISTRIBUTED__LOGGING__DISTRIBUTED": "error"}
    procs = []

    def start(*args: str) -> subprocess.Popen:
        p = subprocess.Popen([sys.executable, "-m", *args], env=env, cwd=folder,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        procs.append(p)
        return p

    try:
        start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
              "--no-dashboard", "--scheduler-file", str(file))
        deadline = time.monotonic() + 60
        while not file.exists() or not file.read_text().strip():
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        workers = [start("distributed.cli.dask_worker", "--scheduler-file", str(file),
                         "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                         "--host", "127.0.0.1") for _ in range(2)]
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address, workers
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


@needs_dask
def test_survey_on_a_cluster_matches_the_serial_one(cli, cluster, tmp_path, serial_db):
    address, _ = cluster
    db = str(tmp_path / "dask.sqlite")
    r = cli("survey", "0.??", "--db", db, "--max", str(BUDGET), "--scheduler", address, "--json")
    assert r.code == 0, r.err
    assert r.err == ""  # silent when standard error is not a terminal
    got = {o["code"]: o for o in map(json.loads, r.out.splitlines())}
    with SurveyDB(serial_db) as s:
        want = s.rows()
    check_against_published(list(SurveyDB(db).rows()))
    for row in want:
        o = got[row["code"]]
        assert (o["preperiod"], o["period"], o["certified"], o["checked_to"], o["rare_mask"],
                o["rare_count"], o["last_rare"]) == (
            row["preperiod"], row["period"], row["certified"], row["checked_to"],
            row["rare_mask"], row["rare_count"], row["last_rare"])


@needs_dask
def test_a_worker_killed_mid_survey(cluster, tmp_path):
    """A worker busy with a game is killed (its nanny starts another); the game is sent again."""
    from distributed import Client

    address, _ = cluster
    with Client(address, timeout=30) as client:
        pids = list(client.run(os.getpid).values())  # the worker processes, under their nannies
    killed: list[int] = []

    def report(progress):
        # both workers are busy while games remain: killing one loses its running game
        if progress.computed in (2, 12, 22) and progress.resubmitted == 0 and pids:
            killed.append(pids.pop())
            os.kill(killed[-1], signal.SIGKILL)

    codes = expand("0.??")
    with SurveyDB(str(tmp_path / "s.sqlite")) as db:
        progress = run_survey(codes, db, 30000, scheduler=address, report=report)
        rows = db.rows()
    assert killed and progress.computed == 63
    assert progress.resubmitted >= 1  # a game lost with its worker was sent again
    assert [r["code"] for r in rows] == codes and all(r["runs"] == 1 for r in rows)
    for r in rows:
        if r["certified"]:
            want = PUBLISHED[r["code"]]
            assert (r["preperiod"], r["period"]) == (want["preperiod"], want["period"])


# -- misère surveys -----------------------------------------------------------------------


def test_a_misere_survey_is_each_codes_quotient_and_resumes(tmp_path):
    from grundy import find
    from grundy.misere.quotient import quotient
    from grundy.research.survey import compute_misere, run_survey

    path = str(tmp_path / "m.sqlite")
    codes = expand("0.?")
    with SurveyDB(path) as db:
        first = run_survey(codes, db, 200, 0.5, workers=0, misere=True)  # two stay partial
        assert first.computed == len(codes)
        # certified in milliseconds: 30 s only bounds a hang (0.5 s failed once in a loaded
        # suite, a stall of the machine, not of the work)
        known = run_survey(["0.75", "0.77"], db, 200, 30, workers=0, misere=True)
        assert known.computed == 2 and known.open == 0
        rows = {r["code"]: r for r in db.misere_rows()}
        again = run_survey([*codes, "0.75", "0.77"], db, 200, 0.5, workers=0, misere=True)
        assert again.computed == first.open
        assert db.rows() == []  # the normal-play table is not touched
    assert rows["0.75"]["certified"] and (rows["0.75"]["order"], rows["0.75"]["p_size"]) == (8, 2)
    assert rows["0.77"]["certified"] and rows["0.77"]["period"] == 12
    for code, row in rows.items():
        if row["certified"]:
            q = quotient(find(code))
            assert (row["order"], row["p_size"], row["period"], row["preperiod"]) == \
                (q.order, len(q.p_portion), q.period, q.preperiod)
        else:
            assert row["reason"].startswith("partial at heap")
            assert compute_misere(code, row["checked_to"])["order"] == row["order"]


def test_the_misere_survey_command(cli, tmp_path):
    db = str(tmp_path / "m.sqlite")
    result = cli("survey", "0.7?", "--misere", "--local-only", "--max", "60", "--time", "1",
                 "--db", db)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split()[:4] == ["code", "status", "|Q|", "|P|"]
    assert re.match(r"\d+ misère quotients: \d+ certified, \d+ partial", lines[-2])
    assert lines[-1].startswith("wall time: ")
    assert any(line.startswith("0.75 ") and "certified" in line for line in lines)
    shown = cli("survey", "--show", "--misere", "--json", "--db", db)
    rows = [json.loads(line) for line in shown.out.splitlines()]
    assert {r["code"] for r in rows} == set(expand("0.7?"))
    assert_one_line_error(cli("survey", "0.7?", "--misere", "--max", "100000", "--db", db),
                          "--max 100000")
