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
from typing import Any

import numpy as np
import pytest

from grundy.catalog import find
from grundy.errors import OutOfTime
from cli.test_hostile import Result
from support import assert_one_line_error, run_limited

MEMORY = 3 << 29  # 1.5 GiB of address space a case (NumPy and its threads take ~0.5 GiB)
TIMEOUT = 60.0  # seconds: only a hang exceeds it


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, stdin: bytes | None = b"", env: dict[str, str] | None = None,
        stdin_file: str | None = None) -> Result:
    """``python -m grundy ARGS`` under the limits, as ``run_limited`` runs it (``stdin_file``:
    standard input read from that file, say ``/dev/zero``, in a fresh process)."""
    start = time.monotonic()
    if stdin_file is None:
        ran = run_limited(*args, megabytes=MEMORY >> 20, timeout=TIMEOUT,
                          stream=None if stdin is None else [stdin],
                          env={**os.environ, **(env or {})})
        return Result(ran.code, ran.out, ran.err, time.monotonic() - start)
    try:
        with open(stdin_file, "rb") as source:
            proc = subprocess.run([sys.executable, "-m", "grundy", *args], stdin=source,
                                  capture_output=True, timeout=TIMEOUT, preexec_fn=_limit,
                                  env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(a[:40] for a in args)}: no answer in {TIMEOUT} s")
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
    "nested-1000-deep": "[" * 1000 + "]" * 1000,  # the case: a RecursionError
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


def _junk(total: int, line: bytes = b"1 2\n") -> Iterator[bytes]:
    """``total`` bytes of a text without NUL bytes, a megabyte a chunk (``yes 1 2`` piped)."""
    chunk = line * ((1 << 20) // len(line))
    for _ in range(total // len(chunk) + 1):
        yield chunk


@pytest.mark.parametrize("args", [("nim",), ("solve", "coins"), ("solve", "split")])
def test_a_long_stream_is_refused_in_bounded_memory(args: tuple[str, ...]) -> None:
    """A pipe of 600 MB of text (no NUL byte to stop at) is read up to the bound of a stream
    and refused: the most memory held at once stays under 500 MB (512 MB read took 540-560)."""
    from grundy.native.compiled import MAX_STREAM

    r = run_limited(*args, stream=_junk(600 << 20), megabytes=MEMORY >> 20)
    assert_one_line_error(r, f"larger than {MAX_STREAM >> 20} MB")
    assert r.peak < 500 << 20, r.peak >> 20


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


@pytest.mark.parametrize("args, budget", [(("kayles", "100000"), 1.0),
                                          (("laskers-nim", "100000"), 1.0),
                                          (("kayles", "-n", "32"), 1.0)])
def test_the_genus_command_stops_by_its_budget(args: tuple[str, ...], budget: float) -> None:
    """The budget counts from the command's start and the timer stops the search at its end
    (genus kayles 100000 took 11.5 s to stop at its 10: the clock was read every 16 steps,
    each of which could list a heap's 10^5 options, and start-up was not counted); in CPU
    time, which cannot exceed the clock's, so a busy machine does not break it."""
    r = run_limited("genus", *args, "--time", f"{budget:g}")
    assert_one_line_error(r, f"--time {budget:g} s")
    assert r.cpu < 1.5 * budget, r.cpu


# -- value-only answers: the value, the outcome and the winning moves that can be built ------

def _lasker(h: int) -> int:
    return h + 1 if h % 4 == 3 else h - 1 if h % 4 == 0 and h else h


def _staircase(steps: list[int]) -> int:
    worth = 0
    for c in steps[::2]:
        worth ^= c
    return worth


def _welter(coins: list[int]) -> int:
    from grundy.rules.strips import welter_value  # Sato's hook formula, pair by pair

    return welter_value(tuple(coins))


def _hackenbush(text: str) -> int:
    from grundy.rules.hackenbush import Drawing, principles_value

    return principles_value(Drawing.parse(text))


def _pins(removed: tuple[int, ...], period: int) -> object:
    """The value of a row of pins where a move knocks down ``removed`` adjacent pins (any
    where in the row: the rest stays as one row or two), written from the rules: the mex
    rule to 400 pins, and past that the published period (Kayles 12, Dawson's Kayles 34:
    Winning Ways ch. 4), checked here on the values from 200 to 400.  It reads a part as the
    JSON writes it (a heap, or ``{"game", "position"}`` in a sum of games)."""
    g: list[int] = []

    def worth(text: str) -> int:
        import ast

        if not g:  # computed when first asked, not when the tests are collected
            for n in range(400):
                seen = {g[a] ^ g[n - k - a] for k in removed for a in range(n - k + 1)}
                g.append(min(set(range(len(seen) + 1)) - seen))
            assert all(g[n] == g[n - period] for n in range(200 + period, 400))
        part = ast.literal_eval(text)
        n = part["position"] if isinstance(part, dict) else part
        return g[n] if n < 400 else g[200 + (n - 200) % period]

    return worth


BIG = str(10**30 + 3)
VALUE_ONLY = [  # (words, the value of one part's text, the parts as the JSON writes them)
    (("laskers-nim", BIG), lambda p: _lasker(int(p))),
    (("laskers-nim", BIG, "5"), lambda p: _lasker(int(p))),
    (("laskers-nim", BIG, BIG), lambda p: _lasker(int(p))),  # a P-position
    (("laskers-nim", "9" * 4000, "7"), lambda p: _lasker(int(p))),  # 4000 digits
    (("welter", "1", "4", "6", "20001"), lambda p: _welter([int(w) for w in p.split()])),
    (("welter", "5", "7", "10**30"), lambda p: _welter([int(w) for w in p.split()])),
    (("staircase-nim", "30000", "1", "4"), lambda p: _staircase([int(w) for w in p.split()])),
    (("staircase-nim", "30000", "7", "30000", "7"),
     lambda p: _staircase([int(w) for w in p.split()])),
    (("green-hackenbush", "stalk:50000", "stalk:3"), _hackenbush),
    (("green-hackenbush", "stalks:" + ",".join(["1"] * 1733)), _hackenbush),
    (("nim", "10**30", "5"), int),
    (("nim", "10**30", "10**30"), int),  # a P-position
    (("nim", "9" * 4000, "7", "123456789"), int),  # 4000 digits
    (("kayles", "10**30"), _pins((1, 2), 12)),
    (("kayles", "10**30", "7"), _pins((1, 2), 12)),
    (("kayles", "10**30", "10**30"), _pins((1, 2), 12)),  # a P-position
    (("kayles", "9" * 4000, "5"), _pins((1, 2), 12)),  # 4000 digits
    (("dawsons-kayles", "10**20", "3"), _pins((2,), 34)),
    (("0.07", "10**20", "+", "0.07", "3"), _pins((2,), 34)),
    (("turning-turtles", "10**30", "5"), int),  # coin n worth n
    (("twins", "10**30", "5", "9" * 4000), lambda p: max(int(p) - 1, 0)),  # worth n - 1
]


@pytest.mark.parametrize("words, worth", VALUE_ONLY,
                         ids=[" ".join(w[:40] for w in words) for words, _ in VALUE_ONLY])
def test_a_position_too_large_to_list_answers_its_value(words: tuple[str, ...],
                                                        worth: object) -> None:
    """Were refused ('too large to list its moves'): one answer in seconds and bounded
    memory, the value and outcome checked here, each move shown leaving value 0, none in a
    P-position; ``every_winning_move`` says whether the moves are all of them."""
    import json

    from support import run_limited

    ran = run_limited("analyze", "--json", *words, megabytes=MEMORY >> 20, timeout=TIMEOUT)
    assert (ran.code, ran.err) == (0, ""), ran.err
    assert ran.cpu < TIMEOUT / 2  # seconds here; only a hang comes near it
    data = json.loads(ran.out)
    values = [worth(str(p)) for p in data["parts"]]  # type: ignore[operator]
    total = 0
    for v in values:
        total ^= v
    assert data["part_values"] == values and data["value"] == total
    assert data["outcome"] == ("P" if total == 0 else "N")
    if total == 0:
        assert data["moves"] == [] and data["every_winning_move"] is True
    assert total == 0 or data["moves"], "an N-position of these shows a winning move"
    assert data["winning_moves"] == len(data["moves"])
    moves = data["moves"]
    if len(moves) > 40:  # 1731 cuts of a drawing of 1733 loops: 40 of them, first and last
        moves = moves[::len(moves) // 40] + moves[-1:]
    for move in moves:
        after = 0
        for i, v in enumerate(values):
            after ^= v if i != move["part"] else 0
        for p in move["to"]:
            after ^= worth(str(p))  # type: ignore[operator]
        assert after == 0, move
    plain = run_limited("analyze", *words, megabytes=MEMORY >> 20, timeout=TIMEOUT)
    assert plain.code == 0 and "outcome: " + data["outcome"] in plain.out
    shown = "shown, by the construction" in plain.out
    assert shown == (not data["every_winning_move"] and bool(data["moves"]))


TOO_LARGE_TO_LIST = [("laskers-nim", BIG), ("nim", "1000001"), ("kayles", "10**30"),
                     ("dawsons-kayles", "100001"), ("twins", "10**30"), ("welter", "1", "4", "6", "20001"),
                     ("staircase-nim", "30000", "1", "4"), ("green-hackenbush", "stalk:1001")]
STILL_REFUSED = [(*verb, *position) for verb in (("genus",), ("analyze", "--misere"), ("play",))
                 for position in TOO_LARGE_TO_LIST
                 if (verb, position[0]) != (("analyze", "--misere"), "nim")]  # Bouton's rule: below


@pytest.mark.parametrize("args", STILL_REFUSED, ids=[" ".join(a) for a in STILL_REFUSED])
def test_what_goes_move_by_move_still_refuses_them(capfd: pytest.CaptureFixture[str],
                                                   args: tuple[str, ...]) -> None:
    """The genus, misère play and play list every move (rules.closed.check_move_by_move)."""
    r = cli(capfd, *args)
    assert_one_line_error(r, "too ")
    assert "list" in r.err and r.seconds < TIMEOUT


def _misere_nim(heaps: list[int]) -> str:
    """Misère nim's outcome (Bouton 1902), written out here: with a heap of 2 or more, P iff
    the nim-sum is 0; else P iff the 1s are odd."""
    total = 0
    for h in heaps:
        total ^= h
    if max(heaps, default=0) > 1:
        return "P" if total == 0 else "N"
    return "P" if total == 1 else "N"


def _misere_nim_wins(heaps: list[int]) -> list[tuple[int, int]]:
    """Every misère winning move, by the outcome alone: a move leaving a P-position leaves
    either a nim-sum of 0 (one option of a heap: the heap XOR the nim-sum) or only heaps of
    0 and 1 (the heap taken to 0 or 1), so those three options of each heap are all there
    is to try."""
    total = 0
    for h in heaps:
        total ^= h
    return [(i, o) for i, h in enumerate(heaps) for o in sorted({0, 1, total ^ h}, reverse=True)
            if o < h and _misere_nim(heaps[:i] + [o] + heaps[i + 1:]) == "P"]


MISERE_NIM = [("10**30",), ("10**30", "10**30", "1"), ("1", "1", "10**40"), ("10**30", "10**30"),
              ("10**30", "10**30", "1", "1"), ("3", "10**30", "7"), ("1000001",),
              ("9" * 4000, "7", "123456789"), ("10**30", "5", "6", "10**30", "3")]


@pytest.mark.parametrize("heaps", MISERE_NIM,
                         ids=[" ".join(h[:20] for h in hs) for hs in MISERE_NIM])
def test_misere_nim_answers_any_heap_by_its_own_rule(heaps: tuple[str, ...]) -> None:
    """Was refused ('too large to list its moves'): Bouton's misère rule gives the outcome
    and every winning move (the game's ``misere_winning_moves_of``), in text and JSON as
    for small heaps, with the misère search's budget cut to a hundredth of a second (no
    search, no listing)."""
    import json

    from grundy.rules.closed import read_integer

    sizes = [read_integer(h) for h in heaps]
    want = _misere_nim_wins(sizes)
    outcome = _misere_nim(sizes)
    assert (outcome == "N") == bool(want)  # no position here is without a move
    ran = run_limited("analyze", "--misere", "--json", "nim", *heaps, budget=0.01,
                      megabytes=MEMORY >> 20, timeout=TIMEOUT)
    assert (ran.code, ran.err) == (0, ""), ran.err
    assert ran.cpu < 10  # seconds of CPU, however busy the machine; only a hang comes near it
    data = json.loads(ran.out)
    small = json.loads(run_limited("analyze", "--misere", "--json", "nim", "2", "2", "1").out)
    assert set(data) == set(small) == {"misere", "outcome", "winning_moves", "moves"}
    assert data["outcome"] == outcome and data["winning_moves"] == len(want)
    assert [(m["part"], m["from"], m["to"]) for m in data["moves"]] == [
        (i, sizes[i], [o] if o else []) for i, o in want]
    text = run_limited("analyze", "--misere", "nim", *heaps, budget=0.01,
                       megabytes=MEMORY >> 20, timeout=TIMEOUT)
    assert (text.code, text.err) == (0, ""), text.err
    lines = text.out.splitlines()
    assert lines[:2] == ["misère play: the player who makes the last move loses",
                         "decided by the game's own misère rule"]
    if outcome == "P":
        assert lines[2:] == ["outcome: P -- the player to move loses against best play"]
    else:
        assert lines[2:] == [f"outcome: N -- the player to move wins; winning moves: {len(want)}",
                             *(f"  {sizes[i]} -> {o}" for i, o in want)]


def test_misere_nim_still_plays_and_takes_its_genus_move_by_move(
        capfd: pytest.CaptureFixture[str]) -> None:
    """Play and the genus list every move (rules.closed.check_move_by_move): they keep the
    limit Bouton's misère rule lifts for ``analyze --misere``."""
    for args in (("play", "--misere", "nim", "10**30"), ("genus", "nim", "10**30")):
        r = cli(capfd, *args)
        assert_one_line_error(r, "too large to list its moves")


def test_answers_of_numbers_up_to_the_digit_limit_are_printed_whole(
        capfd: pytest.CaptureFixture[str]) -> None:
    """Python converts at most 4300 digits to text; a number grundy reads has up to 10,000,
    and the answer made from it is printed in full (it said "more than 4300 digits")."""
    heap = "4" + "0" * 9997 + "3"  # 9999 digits, 3 mod 4: worth the heap + 1 in Lasker's nim
    r = cli(capfd, "analyze", "laskers-nim", heap, "--json")
    assert r.code == 0, r.err
    assert f'"value": {heap[:-1]}4,' in r.out
    r = cli(capfd, "analyze", "wythoff", "9" * 9999, "3")
    assert r.code == 0 and "9" * 9990 in r.out, r.err


def test_numbers_past_the_digit_limit_are_still_refused(capfd: pytest.CaptureFixture[str]) -> None:
    for words in (("laskers-nim", "9" * 10_001), ("welter", "3", "10**10001"),
                  ("staircase-nim", "1", "9" * 10_001)):
        assert_one_line_error(cli(capfd, "analyze", *words), "10000 digits")


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
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")
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


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> str:
    """The playground under uvicorn in a thread of this process (tests/conftest.py's
    ``server``): its memory is this process's."""
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
    pytest.importorskip("httpx2", reason="the HTTP client of the test (httpx2) is not installed")
    url: str = request.getfixturevalue("server")
    return url


def test_a_trivial_request_is_answered_while_the_hostile_ones_are_refused(served: str) -> None:
    """A real server, two clients: while the whole hostile battery (twice over, misère too)
    is refused to one, the other's trivial requests are answered (0.05 s at most, under
    load; chomp 1x1000000000 used to hold the server for 36 s), and the server's memory
    after the battery is within 100 MB of where it started (3 MB, after three batteries)."""
    import httpx2

    trivial = {"game": "nim", "position": [1, 2]}
    hostile = [{"game": g, "position": p, "misere": m} for g, p in WEB for m in (False, True)]

    # two clients, each made once (a client made per request holds megabytes of its own
    # for a while: the memory measured would be the test's)
    with httpx2.Client(base_url=served, timeout=TIMEOUT) as bad, \
            httpx2.Client(base_url=served, timeout=TIMEOUT) as good:
        assert good.post("api/analyze", json=trivial).json()["value"] == 3
        before = _rss()
        waits = _answered_meanwhile(bad, good, trivial, hostile * 2)
    assert max(waits) < 10, waits  # a hang, or a server held by a hostile request, breaks it
    assert _rss() - before < 100 << 20


def _answered_meanwhile(bad: Any, good: Any, trivial: dict[str, object],
                        hostile: list[dict[str, object]]) -> list[float]:
    """Post ``hostile`` with client ``bad`` from two threads, each refused with a 4xx JSON
    error, while ``good`` posts ``trivial`` again and again: the seconds each trivial
    answer took."""
    from concurrent.futures import ThreadPoolExecutor

    waits: list[float] = []
    with ThreadPoolExecutor(2) as pool:
        refusing = [pool.submit(bad.post, "api/analyze", json=body) for body in hostile]
        while not all(f.done() for f in refusing) or not waits:
            start = time.monotonic()
            answer = good.post("api/analyze", json=trivial)
            waits.append(time.monotonic() - start)
            assert answer.status_code == 200 and answer.json()["value"] == 3, answer.text
        for refused in refusing:
            response = refused.result(timeout=TIMEOUT)
            assert 400 <= response.status_code < 500, response.text[:300]
            assert set(response.json()) == {"error"}, response.text[:300]
    return waits


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
    (("analyze", "arc-kayles", "-1path:0"), "'-1path:0'"),  # was the help (-1 -p -a -t -h)
    (("analyze", "kayles", "3", "-3h", "--json"), "'-3h'"),
    (("analyze", "-1h", "3"), "'-1h'"),
    (("analyze", "kayles", "3", "--time", "-1h"), "'--time'"),
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
    ("analyze", "--misere", "arc-kayles", CIRCULANT),
    ("table", "cram", "--rows", "8", "--cols", "8", "--cells", "64"),
    ("genus", "kayles", "100000"),
    ("genus", "kayles", "-n", "32"),
]


@pytest.mark.parametrize("args", SLOW, ids=[" ".join(a)[:40] for a in SLOW])
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # see below
def test_a_slow_search_stops_at_its_time(capfd: pytest.CaptureFixture[str],
                                         args: tuple[str, ...]) -> None:
    r = cli(capfd, *args, "--time", "0.5")
    assert_one_line_error(r, "")
    assert "0.5 s" in r.err or "more than" in r.err, r.err
    assert r.seconds < TIMEOUT


def test_a_slow_search_shows_its_progress_on_a_terminal() -> None:
    """analyze cram 6x7 said nothing on a terminal until its end: stderr on a terminal now
    shows the board search's status line (each second), then the line is cleared for the
    one error line."""
    import pty

    main, terminal = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "grundy", "analyze", "cram", "6x7",
                               "--time", "2.5"], stdout=subprocess.PIPE, stderr=terminal,
                              stdin=subprocess.DEVNULL, timeout=TIMEOUT, preexec_fn=_limit)
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main)
    text = shown.decode()
    assert (proc.returncode, proc.stdout) == (2, b""), (proc.returncode, proc.stdout)
    assert "\rcram 6x7: " in text and "components searched" in text, text
    assert "\r\x1b[K" in text, text
    assert text.rpartition("\x1b[K")[2] == ("grundy: error: no answer within --time 2.5 s: "
                                            "give it more time, or a smaller position\r\n"), text


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


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_stop_swallowed_by_a_finaliser_comes_again() -> None:
    """The time's signal may land in a finaliser (or a garbage collector's callback), where
    the OutOfTime it raises is printed as ignored: the next signal, soon after, still stops
    the search (the test suite met one in Hypothesis's gc callback)."""
    from grundy.cli.common import budget
    from grundy.errors import OutOfTime

    class Spins:
        def __del__(self) -> None:  # spins until the signal; its OutOfTime is swallowed
            while True:
                time.sleep(0.001)

    with pytest.raises(OutOfTime):
        with budget(0.2, show=False):
            spins = Spins()
            del spins
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                time.sleep(0.01)
            pytest.fail("the stop came once, was swallowed, and never came again")


def test_the_stop_comes_once_to_the_clause_that_cleans_up() -> None:
    """A search stopped by its time saves what it found on the way out (a long table's
    file can take seconds): the signal that comes again, for a stop that was swallowed,
    does not break into that clause."""
    from grundy.cli.common import budget
    from grundy.errors import OutOfTime

    cleaned = False
    with pytest.raises(OutOfTime):
        with budget(0.1, show=False):
            try:
                while True:
                    time.sleep(0.01)
            except OutOfTime:
                time.sleep(0.5)  # ten signals' worth of cleaning up
                cleaned = True
                raise
    assert cleaned


@pytest.mark.parametrize("stop", [OutOfTime, KeyboardInterrupt])
def test_the_clause_that_cleans_up_may_handle_errors_of_its_own(stop: type) -> None:
    """The clause that saves a table (after the time, or Ctrl-C) waits on a worker a second
    at a time, each wait's TimeoutError handled there: a signal that lands in that inner
    handler still does not break into the clause (it did, and the run saved the first
    worker's table only)."""
    from grundy.cli.common import budget

    cleaned = False
    with pytest.raises(stop):
        with budget(0.1, show=False):
            try:
                if stop is KeyboardInterrupt:
                    raise KeyboardInterrupt  # and the time runs out while it is handled
                while True:
                    time.sleep(0.01)
            except stop:
                for _ in range(25):  # 25 waits on a worker, each timed out
                    try:
                        raise TimeoutError
                    except TimeoutError:
                        time.sleep(0.02)
                cleaned = True
                raise
    assert cleaned
