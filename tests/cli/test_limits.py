"""Every limit holds: a full disk, a huge position, a damaged file or an endless input ends
in the one error line (``grundy: error: ...``, status 2, nothing on stdout), no file left
behind, in bounded time and memory -- or in the right answer.

A command line case runs ``python -m grundy`` in a subprocess under an address-space
limit (:data:`MEMORY`: a regression fails instead of eating the machine) and a timeout only
a hang exceeds (:data:`TIMEOUT`); cases that need no subprocess run in-process.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from grundy.catalog import find
from cli.test_hostile import Result
from support import assert_one_line_error

MEMORY = 3 << 29  # 1.5 GiB of address space a case (NumPy and its threads take ~0.5 GiB)
TIMEOUT = 60.0  # seconds: only a hang exceeds it


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, stdin: bytes | None = b"", env: dict[str, str] | None = None,
        stdin_file: str | None = None) -> Result:
    """``python -m grundy ARGS`` under the limits (``stdin_file``: standard input read from
    that file, say ``/dev/zero``)."""
    start = time.monotonic()
    source = open(stdin_file, "rb") if stdin_file else None
    try:
        proc = subprocess.run([sys.executable, "-m", "grundy", *args],
                              input=None if source else stdin, stdin=source,
                              capture_output=True, timeout=TIMEOUT, preexec_fn=_limit,
                              env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(a[:40] for a in args)}: no answer in {TIMEOUT} s")
    finally:
        if source:
            source.close()
    return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"),
                  proc.stderr.decode("utf-8", "replace"), time.monotonic() - start)


# -- a full disk ------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 kB file system (tmpfs), or a skip saying why one cannot be made here."""
    where = tmp_path / "disk"
    where.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a small file system (mount -t tmpfs) needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)],
                          capture_output=True)
    if made.returncode:
        pytest.skip(f"cannot mount a small tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)


@pytest.mark.parametrize("args", [("sequence", "kayles", "-n", "100000"),
                                  ("period", "0.16")])
def test_out_on_a_full_disk_is_one_line_and_leaves_nothing(small_disk: Path,
                                                           args: tuple[str, ...]) -> None:
    target = small_disk / "values.npy"
    r = run(*args, "--out", str(target))
    assert_one_line_error(r, "No space left")
    assert list(small_disk.iterdir()) == []


def test_a_stopped_run_stays_resumable_on_a_full_disk(small_disk: Path,
                                                      tmp_path: Path) -> None:
    """A run stopped at 1000 values; going on to 10^5 on the full disk is refused with the
    run as it was; on a disk with room it resumes, and the values are Kayles'."""
    from grundy.research.longrun import open_values

    kayles = find("kayles")
    target = small_disk / "kayles.npy"
    values, done, note = open_values(target, 1000, False, kayles.notation)
    kayles.fill(values, done, 1000, note)
    note(1000)
    del values
    before = {p.name: p.read_bytes() for p in small_disk.iterdir()}
    assert set(before) == {"kayles.npy", "kayles.npy.part"}

    r = run("sequence", "kayles", "-n", "100000", "--out", str(target), "--resume")
    assert_one_line_error(r, "No space left")
    assert {p.name: p.read_bytes() for p in small_disk.iterdir()} == before

    roomy = tmp_path / "roomy"
    roomy.mkdir()
    for name in before:
        shutil.copy(small_disk / name, roomy / name)
    r = run("sequence", "kayles", "-n", "100000", "--out", str(roomy / "kayles.npy"),
            "--resume")
    assert (r.code, r.err) == (0, ""), r
    assert sorted(p.name for p in roomy.iterdir()) == ["kayles.npy"]
    got = np.load(roomy / "kayles.npy")
    # Kayles from heap 72 on repeats with period 12 (Guy and Smith 1956)
    assert got[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert (got[84:] == got[72:-12]).all() and len(got) == 100000


# -- a damaged or unwritable quotient cache ------------------------------------------------

DAMAGED = {
    "nested-100000-deep": "[" * 100_000 + "]" * 100_000,
    "a-5000-digit-number": '{"game": "0.77", "heaps": ' + "7" * 5000 + "}",
    "a-5000-digit-negative": '{"table": [[-' + "7" * 5000 + "]]}",
    "not-utf-8": '{"game": "\xff"}',
}


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_cache_is_one_warning_and_replaced(tmp_path: Path, damage: str) -> None:
    folder = tmp_path / "quotients"
    folder.mkdir()
    (folder / "0.77.json").write_bytes(DAMAGED[damage].encode("latin-1"))
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(tmp_path)})
    assert r.code == 0 and "|Q| = 40" in r.out, r
    assert r.err.startswith("grundy: warning: the cached misère quotient") and \
        r.err.count("\n") == 1 and "not used" in r.err, r.err
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(tmp_path)})  # replaced
    assert (r.code, r.err) == (0, "") and "|Q| = 40" in r.out, r
    assert [p.name for p in folder.iterdir()] == ["0.77.json"]


def test_a_cache_on_a_full_disk_leaves_no_temporary_file(small_disk: Path) -> None:
    filler = small_disk / "filler"
    with open(filler, "wb") as handle:  # the disk full but for a little
        try:
            handle.write(b"x" * (60 << 10))
        except OSError:
            pass
    r = run("quotient", "0.77", env={"GRUNDY_CACHE_DIR": str(small_disk)})
    assert r.code == 0 and "|Q| = 40" in r.out, r
    assert "cannot write the misère quotient cache" in r.err and r.err.count("\n") == 1, r.err
    assert not [p for p in (small_disk / "quotients").iterdir()]


# -- unbounded reads ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_gigabytes(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A 2 GB file of zeros (sparse: no disk is used)."""
    path = tmp_path_factory.mktemp("zeros") / "zeros"
    with open(path, "wb") as handle:
        handle.truncate(2 << 30)
    return str(path)


ENDLESS = [  # (args, standard input from this file or None, words of the error)
    (("nim",), "/dev/zero", "line 1"),
    (("solve", "coins"), "/dev/zero", "line 1"),
    (("solve", "coins", "/dev/zero"), None, "line 1"),
    (("solve", "split", "{zeros}"), None, "larger than 512 MB"),
    (("nim", "{zeros}"), None, "larger than 512 MB"),
    (("nim",), "{zeros}", "larger than 512 MB"),
    (("survey", "@/dev/zero", "--db", "{db}"), None, "longer than 4 MB"),
    (("survey", "@{zeros}", "--db", "{db}"), None, "longer than 4 MB"),
    (("table", "cram", "--rows", "2", "--cols", "2", "--save", "/dev/zero"), None, "not a file"),
    (("table", "cram", "--rows", "2", "--cols", "2", "--save", "{zeros}"), None,
     "nothing was read"),
    (("survey", "0.7", "--max", "50", "--db", "/dev/full"), None, "not a file"),
]


@pytest.mark.parametrize("args, stdin, words", ENDLESS,
                         ids=[" ".join(a) + (f" <{s}" if s else "") for a, s, _ in ENDLESS])
def test_an_endless_or_huge_input_is_refused_unread(args: tuple[str, ...], stdin: str | None,
                                                    words: str, two_gigabytes: str,
                                                    tmp_path: Path) -> None:
    names = {"zeros": two_gigabytes, "db": str(tmp_path / "s.sqlite")}
    r = run(*(a.format(**names) for a in args),
            stdin_file=stdin.format(**names) if stdin else None)
    assert_one_line_error(r, words)
    assert list(tmp_path.iterdir()) == []  # no database made, no journal, no .tmp
    assert not os.path.exists("/dev/full-journal")


def test_standard_input_past_the_bound_is_refused_by_the_console_too(monkeypatch, capfd) -> None:
    """The console script's judge-run path reads standard input first: past the bound it
    hands the CLI the same fault (not what is left of the stream)."""
    import io

    from grundy.cli import console
    from grundy.native import compiled

    monkeypatch.setattr(compiled, "MAX_INPUT", 10)
    for problem in (["nim"], ["solve", "split"]):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\n1 1\n" * 10)))
        monkeypatch.setattr(sys, "argv", ["grundy", *problem])
        with pytest.raises(SystemExit) as stop:
            console.main()
        got = capfd.readouterr()
        assert (stop.value.code, got.out) == (2, "")
        assert got.err == "grundy: error: cannot read -: larger than 10 bytes, the most " \
                          "grundy reads of an input\n"


def test_a_saved_board_table_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch) -> None:
    """A save that fails (a full disk) leaves the table before as it was, and no .tmp."""
    from grundy.research import boards

    search = boards._kernel(boards.MEMORY) if boards.kernel() else None
    if search is None:
        pytest.skip("the compiled board search is not built")
    path = tmp_path / "c.table"
    path.write_bytes(b"before")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    real_open = open

    def failing_open(file: object, mode: str = "r", *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        handle = real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]
        if "w" in mode:
            handle.write = full
        return handle

    monkeypatch.setattr("builtins.open", failing_open)
    with pytest.raises(OSError):
        boards.save_table(path, search)
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ["c.table"]
    assert path.read_bytes() == b"before"


# -- what goes move by move (play, misère play, the genus) refuses what it cannot list -------


def cli(capfd: pytest.CaptureFixture[str], *args: str, stdin: str = "") -> Result:
    """``grundy ARGS`` in this process (the command, not its start-up, is what is tested)."""
    import io

    from grundy.cli.main import run as run_cli

    start = time.monotonic()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        code = run_cli(list(args))
    finally:
        sys.stdin = old
    got = capfd.readouterr()
    return Result(code, got.out, got.err, time.monotonic() - start)


HUGE_CLASSICS = [("wythoff", "10**30", "3"), ("wythoff", "100000", "3"), ("euclid", "10**30", "3"),
                 ("fibonacci-nim", "10**30"), ("northcott", "3,10**30"),
                 ("poker-nim", "3", "pool=10**30"), ("poker-nim", "10**30", "pool=1"),
                 ("moores-nim", "10**20", "3", "5"), ("moore:3", "10**20", "3", "5", "7")]
MOVE_BY_MOVE = [(*verb, *position) for verb in (("genus",), ("analyze", "--misere"), ("play",))
                for position in HUGE_CLASSICS]


@pytest.mark.parametrize("args", MOVE_BY_MOVE, ids=[" ".join(a) for a in MOVE_BY_MOVE])
def test_move_by_move_refuses_what_it_cannot_list(capfd: pytest.CaptureFixture[str],
                                                  args: tuple[str, ...]) -> None:
    """At once, where it took minutes and gigabytes (genus wythoff 10**30 3: 33 s, 7.5 GB)
    or raised OverflowError (moores-nim 10**20 3 5)."""
    r = cli(capfd, *args)
    assert_one_line_error(r, "too large")
    assert r.seconds < TIMEOUT


@pytest.mark.parametrize("position", HUGE_CLASSICS, ids=[" ".join(p) for p in HUGE_CLASSICS])
def test_plain_analyze_still_answers_them(capfd: pytest.CaptureFixture[str],
                                          position: tuple[str, ...]) -> None:
    r = cli(capfd, "analyze", *position)
    assert (r.code, r.err) == (0, "") and "outcome: " in r.out, r


@pytest.mark.parametrize("game, heap", [("nim", 100_000), ("kayles", 100_000),
                                        ("laskers-nim", 100_000)])
def test_the_genus_keeps_its_time(game: str, heap: int) -> None:
    """A heap of 10^5 options, each with 10^5 of its own: the clock is watched inside the
    listing too (genus nim 100000 3 ran past 150 s where 10 s are promised)."""
    from grundy.errors import GrundyError
    from grundy.misere.genus import genus

    start = time.monotonic()
    with pytest.raises(GrundyError, match="needs more than 0.5 s"):
        genus(find(game), heap, seconds=0.5)
    assert time.monotonic() - start < TIMEOUT


# -- the web API: a 4xx JSON error at once, the server's memory as it was -------------------

WEB = [  # (game, position): each refused with a 4xx JSON error
    ("chomp", ["1x1000000000"]), ("chomp", ["1000000000x1"]), ("chomp", ["0x1000000000"]),
    ("cram", ["100000x100000"]), ("node-kayles", ["0-10000000"]),
    ("node-kayles", ["complete:100000"]), ("green-hackenbush", ["stalk:1000000000"]),
    ("kayles", ["9" * 5000]), ("wythoff", ["9" * 5000 + ",3"]), ("split", ["9" * 5000 + "x3"]),
    ("wythoff", ["10**30,3"]), ("poker-nim", ["3 pool=10**30"]), ("nim", [10**30]),
]


def _rss() -> int:
    """This process's resident memory now, in bytes (Linux), or 0 where it cannot be read."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@pytest.fixture(scope="module")
def web() -> object:
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx", reason="starlette's test client needs httpx")
    from starlette.testclient import TestClient

    from grundy.web.app import create_app

    return TestClient(create_app())


@pytest.mark.parametrize("misere", [False, True])
def test_the_web_refuses_hostile_positions_and_keeps_its_memory(web: object,
                                                                misere: bool) -> None:
    web.post("/api/analyze", json={"game": "nim", "position": [1, 2]})  # type: ignore[attr-defined]
    before = _rss()
    for game, position in WEB:
        start = time.monotonic()
        body = {"game": game, "position": position, "misere": misere}
        response = web.post("/api/analyze", json=body)  # type: ignore[attr-defined]
        assert 400 <= response.status_code < 500, (game, response.text[:300])
        assert set(response.json()) == {"error"}, response.text[:300]
        assert "\n" not in response.json()["error"]
        assert time.monotonic() - start < TIMEOUT
    assert _rss() - before < 100 << 20  # within 100 MB of where it started


def test_a_trivial_request_is_answered_while_a_hostile_one_is_refused() -> None:
    """Two clients of one server: the trivial answer comes within a second (measured
    around the hostile one, which used to hold the server for minutes)."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx", reason="starlette's test client needs httpx")
    from concurrent.futures import ThreadPoolExecutor

    from starlette.testclient import TestClient

    from grundy.web.app import create_app

    client = TestClient(create_app())
    hostile = {"game": "chomp", "position": ["1x1000000000"]}
    with ThreadPoolExecutor(2) as pool:
        refused = pool.submit(client.post, "/api/analyze", json=hostile)
        start = time.monotonic()
        trivial = client.post("/api/analyze", json={"game": "nim", "position": [1, 2]})
        took = time.monotonic() - start
        assert refused.result(timeout=TIMEOUT).status_code == 400
    assert trivial.status_code == 200 and trivial.json()["value"] == 3
    assert took < 10  # a second or so here even under load; a held server took minutes


# -- sizes checked before anything is built (each under the memory limit) -------------------

SIZES = [
    ("analyze", "chomp", "1x1000000000"), ("analyze", "chomp", "0x1000000000"),
    ("analyze", "chomp", "1000000000x1"), ("play", "chomp", "1x1000000000"),
    ("genus", "chomp", "1x1000000000"), ("analyze", "--misere", "chomp", "1x1000000000"),
    ("analyze", "cram", "100000x100000"), ("analyze", "node-kayles", "complete:100000"),
    ("analyze", "green-hackenbush", "stalk:1000000000"),
    ("genus", "wythoff", "10**30", "3"), ("analyze", "--misere", "fibonacci-nim", "10**30"),
]


@pytest.mark.parametrize("args", SIZES, ids=[" ".join(a) for a in SIZES])
def test_a_huge_position_is_refused_before_it_is_built(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert_one_line_error(r, "")
    assert r.seconds < TIMEOUT


# -- small inconsistencies ----------------------------------------------------------------

SAID = [  # (args, words of the one error line)
    (("analyze", "node-kayles", "0-10000000"), "past the limit of the graph games"),
    (("analyze", "green-hackenbush", "0-" + "9" * 30), "past the limit of the graph games"),
    (("analyze", "moore:abc", "3"), "moore:K takes K"),
    (("analyze", "Moore:x", "3"), "moore:K takes K"),
    (("analyze", "poker-nim", "3", "pool=1", "pool=2"), "pool= is given twice"),
    (("analyze", "fibonacci-nim", "10/11"), "write 10/10"),
    (("genus", "kayles", "-n", "5", "3"), "-n does not apply"),
    (("analyze", "kayles", "²"), "heap size"),
    (("analyze", "node-kayles", "-path:3"), "No such option"),  # was the help, exit 0
    (("analyze", "kayles", "-h3"), "No such option"),
]


@pytest.mark.parametrize("args, words", SAID, ids=[" ".join(a) for a, _ in SAID])
def test_each_notation_says_what_is_wrong(capfd: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], words: str) -> None:
    assert_one_line_error(cli(capfd, *args), words)


def test_every_heap_game_reads_numbers_as_nim_does(capfd: pytest.CaptureFixture[str]) -> None:
    """kayles 10**2 was refused where nim 10**2 was read; a 5000-digit heap is a clear
    error in the Python API too (it was Python's ValueError past 4300 digits)."""
    r = cli(capfd, "analyze", "kayles", "10**2", "2^3")
    assert r.code == 0 and r.out.startswith("values: 100: "), r
    from grundy.errors import GrundyError

    for game in ("nim", "kayles", "welter", "fibonacci-nim", "staircase-nim"):
        try:
            find(game).parse_position("9" * 5000)
        except GrundyError:
            pass


def test_counts_are_written_in_the_singular_for_one(capfd: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    r = cli(capfd, "survey", "0.7", "--max", "100", "--workers", "0", "--db",
            str(tmp_path / "s.sqlite"))
    assert r.code == 0 and r.out.splitlines()[-1].startswith("1 game: "), r
    r = cli(capfd, "solve", "coins", stdin="2 2\n10\n")
    assert_one_line_error(r, "has 2 rows")
    r = cli(capfd, "solve", "coins", stdin="1 2\n")
    assert_one_line_error(r, "has 1 row,")


# -- every search keeps its --time ----------------------------------------------------------

#: the circulant graph of 64 vertices with jumps 1, 2, 3, 5, 8: symmetric, but without twins
CIRCULANT = ",".join(f"{i}-{(i + j) % 64}" for i in range(64) for j in (1, 2, 3, 5, 8))

SLOW = [  # legal but slow: each stopped by --time with one line
    ("analyze", "arc-kayles", CIRCULANT),  # no twins: the plain search, far past seconds
    ("analyze", "cram", "6x7"),
    ("analyze", "--misere", "arc-kayles", "complete:40"),
    ("table", "cram", "--rows", "8", "--cols", "8", "--cells", "64"),
    ("genus", "kayles", "100000"),
    ("genus", "kayles", "-n", "32"),
]


@pytest.mark.parametrize("args", SLOW, ids=[" ".join(a)[:40] for a in SLOW])
def test_a_slow_search_stops_at_its_time(capfd: pytest.CaptureFixture[str],
                                         args: tuple[str, ...]) -> None:
    r = cli(capfd, *args, "--time", "0.5")
    assert_one_line_error(r, "")
    assert "0.5 s" in r.err or "more than" in r.err, r.err
    assert r.seconds < TIMEOUT


def test_once_slow_searches_answer(capfd: pytest.CaptureFixture[str]) -> None:
    """complete:64 gave nothing in 60 s (every edge searched, though each leaves K_62: its
    moves now fold by twins), sub:1,...,19999 at heap 30000 over 60 s (a mex over 19999
    moves a heap: now sliding windows).  Arc Kayles on K_n is floor(n/2) mod 2; the game
    {1, ..., k} is n mod (k + 1), with one winning move, to a multiple of k + 1."""
    r = cli(capfd, "analyze", "arc-kayles", "complete:64", "--time", "60")
    assert r.code == 0 and "value (XOR of the parts): 0\n" in r.out, r
    r = cli(capfd, "analyze", "arc-kayles", "complete:42", "--time", "60")
    assert r.code == 0 and "winning moves: 861\n" in r.out, r
    r = cli(capfd, "analyze", "sub:" + ",".join(map(str, range(1, 20000))), "30000",
            "--time", "60")
    assert r.code == 0 and r.out.endswith("winning moves: 1\n  30000 -> 20000\n"), r
    assert r.seconds < TIMEOUT


def test_time_is_no_bound_on_a_quick_answer(capfd: pytest.CaptureFixture[str]) -> None:
    r = cli(capfd, "analyze", "kayles", "3", "5", "--time", "30")
    assert (r.code, r.err) == (0, "") and r.out.startswith("values: 3: 3, 5: 4"), r
