"""The compiled octal-game kernel (grundy.native._octal, through grundy.rules.sparse.fill) against
the NumPy path, the generic engine, a brute force written here, and published values."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.errors import GrundyError
from grundy.rules import sparse
from grundy.rules.heap import GrundysGame, TakeAndBreak
from grundy.rules.sparse import SplitKernel, fill
from support import DATA

try:
    from grundy.native import _octal
except ImportError:  # pragma: no cover - depends on the build
    _octal = None  # type: ignore[assignment]

BUILT = _octal is not None and hasattr(_octal, "fill")
needs_kernel = pytest.mark.skipif(not BUILT, reason="the compiled extension grundy.native._octal is "
                                  "not built (pip install -e . with a C compiler)")
pytestmark = needs_kernel



def moves(code: str) -> tuple[list[int], list[int], list[int]]:
    """zero, one, two removals of a code, read from its digits here (not by grundy)."""
    head, tail = code.split(".")
    digits = [int(head, 16), *(int(ch, 16) for ch in tail)]
    return tuple([k for k, d in enumerate(digits) if d & bit] for bit in (1, 2, 4))  # type: ignore[return-value]


def brute(code: str | None, n: int) -> list[int]:
    """The Grundy values by the definition (code None: Grundy's game)."""
    if code is None:
        zero, one, two, unequal = [], [], [0], True
    else:
        (zero, one, two), unequal = moves(code), False
    g = [0] * n
    for h in range(1, n):
        seen = {0 for k in zero if k == h}
        seen.update(g[h - k] for k in one if k < h)
        for k in two:
            m = h - k
            seen.update(g[a] ^ g[m - a] for a in range(1, m // 2 + 1) if not (unequal and 2 * a == m))
        v = 0
        while v in seen:
            v += 1
        g[h] = v
    return g


def compiled(code: str | None, n: int) -> list[int]:
    zero, one, two, unequal = ([], [], [0], True) if code is None else (*moves(code), False)
    values = np.zeros(n, dtype=np.uint16)
    fill(zero, one, two, unequal, values, 0, n)
    return values.tolist()


def numpy_path(code: str | None, n: int) -> list[int]:
    zero, one, two, unequal = ([], [], [0], True) if code is None else (*moves(code), False)
    return SplitKernel(zero, one, two, unequal, compiled=False).values(n).tolist()


def codes(head: str, length: int) -> list[str]:
    return [head + "." + "".join(d) for d in itertools.product("01234567", repeat=length)
            if d[-1] != "0"]


ALL_CODES = codes("0", 1) + codes("0", 2) + codes("0", 3) + codes("4", 1) + codes("4", 2) + \
    codes("4", 3)


def test_every_code_of_up_to_three_digits_against_the_engine() -> None:
    for code in ALL_CODES:
        game = TakeAndBreak(code)
        expected = [grundy.value(game, h) for h in range(24)]
        assert compiled(code, 24) == expected, code


def test_every_code_of_up_to_three_digits_against_the_definition() -> None:
    # 160 heaps: past the first choice of masks (at 64 heaps) and many blocks
    for code in ALL_CODES:
        assert compiled(code, 160) == brute(code, 160), code


def test_codes_of_three_digits_against_the_numpy_path() -> None:
    rng = random.Random(7)
    for code in rng.sample(codes("0", 3), 40) + ["0.56", "0.16", "0.354", "0.376", "0.137",
                                                   "4.07", "0.1777"]:
        assert compiled(code, 1500) == numpy_path(code, 1500), code


def test_published_periods() -> None:
    # Winning Ways: Kayles (0.77) has period 12 from heap 71, Dawson's Kayles (0.07)
    # period 34 from heap 53.
    kayles = compiled("0.77", 3000)
    assert kayles[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert all(kayles[h] == kayles[h - 12] for h in range(83, 3000))
    assert kayles[70] != kayles[82]
    dawson = compiled("0.07", 3000)
    assert all(dawson[h] == dawson[h - 34] for h in range(87, 3000))


def test_published_rare_values_of_grundys_game() -> None:
    """Flammenkamp's list: every heap n <= 231 whose value is rare (an even number of one
    bits apart from the lowest bit), with its value; none other below 232."""
    pairs = {}
    for line in (DATA / "grundys_game_rare.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        for item in line.split():
            n, v = item.split(":")
            pairs[int(n)] = int(v)
    g = compiled(None, 2000)
    rare = {n: v for n, v in enumerate(g[:232]) if bin(v >> 1).count("1") % 2 == 0}
    assert rare == pairs


def test_grundys_game_against_the_engine_and_the_numpy_path() -> None:
    game = GrundysGame()
    assert compiled(None, 60) == [grundy.value(game, h) for h in range(60)]
    assert compiled(None, 600) == brute(None, 600)
    assert compiled(None, 20000) == numpy_path(None, 20000)


def raw(code: str, n: int, dense: bool) -> tuple[list[int], int]:
    """The kernel called directly: the values and the number of heaps in dense mode."""
    values = np.zeros(n, dtype=np.uint16)
    used = _octal.fill(values, 0, n, *moves(code), False, dense=dense)
    return values.tolist(), used


# Games with no rare/common split (values of 2000 and more by 10^5 heaps, a third or more
# of them rare for every mask), with two or three two-heap removals, or one: dense mode.
DENSE = ["0.76", "0.346", "0.604", "0.244", "0.414", "0.626", "0.764", "0.004", "0.036"]


def test_dense_mode_against_the_definition_and_the_numpy_path() -> None:
    for code in DENSE:
        values, used = raw(code, 800, True)
        assert used > 0, code
        assert values == brute(code, 800), code
    for code in DENSE[:4]:
        values, used = raw(code, 6000, True)
        assert used > 3000, code
        assert values == numpy_path(code, 6000), code


def test_every_code_of_up_to_three_digits_with_and_without_dense_mode() -> None:
    used = 0
    for code in ALL_CODES:
        values, dense = raw(code, 1500, True)
        assert values == raw(code, 1500, False)[0], code
        used += dense > 0
    assert used > 100  # dense mode was tried on many of them


@settings(max_examples=15)
@given(st.sampled_from(DENSE), st.integers(1, 5000), st.integers(1, 5000))
def test_dense_mode_resumes(code: str, done: int, n: int) -> None:
    done, n = min(done, n), max(done, n)
    whole = raw(code, n, False)[0]
    part = np.zeros(n, dtype=np.uint16)
    _octal.fill(part, 0, done, *moves(code), False)
    part[done:] = 999
    _octal.fill(part, done, n, *moves(code), False)
    assert part.tolist() == whole


@settings(max_examples=40)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=7), st.booleans(), st.integers(60, 700))
def test_random_codes_against_the_definition(digits: list[int], four: bool, n: int) -> None:
    digits[-1] = digits[-1] or 4
    code = ("4." if four else "0.") + "".join(map(str, digits))
    assert compiled(code, n) == brute(code, n)


@settings(max_examples=20)
@given(st.sampled_from(["0.56", "0.354", "0.376", "0.1777", "4.07", "0.007", None]),
       st.integers(1, 4000), st.integers(1, 4000))
def test_resuming_from_a_prefix(code: str | None, done: int, n: int) -> None:
    done, n = min(done, n), max(done, n)
    zero, one, two, unequal = ([], [], [0], True) if code is None else (*moves(code), False)
    whole = np.zeros(n, dtype=np.uint16)
    fill(zero, one, two, unequal, whole, 0, n)
    part = np.zeros(n, dtype=np.uint16)
    fill(zero, one, two, unequal, part, 0, done)
    part[done:] = 12345  # whatever is there past the prefix is overwritten
    fill(zero, one, two, unequal, part, done, n)
    assert part.tolist() == whole.tolist()


def test_resuming_a_memmap(tmp_path: Path) -> None:
    zero, one, two = moves("0.354")
    expected = compiled("0.354", 5000)
    path = tmp_path / "values.npy"
    values = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint16, shape=(5000,))
    fill(zero, one, two, False, values, 0, 1234)
    values.flush()
    del values
    again = np.load(path, mmap_mode="r+")
    fill(zero, one, two, False, again, 1234, 5000)
    assert again.tolist() == expected


def test_the_numpy_fill_resumes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert sparse.compiled_kernel() is None
    assert SplitKernel([], [], [0], True).kernel is None
    zero, one, two = moves("0.376")
    values = np.zeros(3000, dtype=np.uint16)
    fill(zero, one, two, False, values, 0, 700)
    fill(zero, one, two, False, values, 700, 3000)
    assert values.tolist() == brute("0.376", 3000)


class Stop(Exception):
    pass


def test_a_report_that_raises_leaves_the_reported_prefix_correct() -> None:
    n = 100_000
    expected = np.zeros(n, dtype=np.uint16)
    _octal.fill(expected, 0, n, [], [], [0], True)
    counts: list[int] = []

    def report(i: int) -> None:
        counts.append(i)
        if len(counts) == 2:
            raise Stop

    values = np.zeros(n, dtype=np.uint16)
    with pytest.raises(Stop):
        _octal.fill(values, 0, n, [], [], [0], True, report, every=0.0)
    assert counts == sorted(counts) and 0 < counts[-1] < n
    assert values[: counts[-1]].tolist() == expected[: counts[-1]].tolist()
    # ... and the work goes on from there
    fill([], [], [0], True, values, counts[-1], n)
    assert values.tolist() == expected.tolist()


@pytest.mark.parametrize("pure", ["0", "1"])
def test_fill_reports_the_end(monkeypatch: pytest.MonkeyPatch, pure: str) -> None:
    monkeypatch.setenv("GRUNDY_PURE", pure)
    counts: list[int] = []
    values = np.zeros(2000, dtype=np.uint16)
    fill([1, 2], [1, 2], [1, 2], False, values, 0, 2000, counts.append)
    assert counts[-1] == 2000 and counts == sorted(counts)

    def stop(i: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fill([1, 2], [1, 2], [1, 2], False, np.zeros(100, dtype=np.uint16), 0, 100, stop)


@pytest.mark.parametrize("pure", ["0", "1"])
def test_a_value_too_large_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, pure: str) -> None:
    # 0.333...3 with 300 digits: g(n) = n up to 300; with room for values up to 255 only
    monkeypatch.setenv("GRUNDY_PURE", pure)
    monkeypatch.setattr(sparse, "LIMIT", 255)
    ks = list(range(1, 301))
    values = np.zeros(400, dtype=np.uint16)
    with pytest.raises(GrundyError, match="heap 256 exceeds 255"):
        fill(ks, ks, [], False, values, 0, 400)
    assert values[:256].tolist() == list(range(256))


def test_the_kernel_checks_its_limit_directly() -> None:
    ks = list(range(1, 301))
    with pytest.raises(OverflowError, match="heap 256 exceeds 255"):
        _octal.fill(np.zeros(300, dtype=np.uint16), 0, 300, ks, ks, [], False, limit=255)


def test_bad_arguments() -> None:
    with pytest.raises(GrundyError, match="uint16"):
        fill([1], [1], [], False, np.zeros(10, dtype=np.int64), 0, 10)
    with pytest.raises(GrundyError, match="done=5, n=3"):
        fill([1], [1], [], False, np.zeros(10, dtype=np.uint16), 5, 3)
    with pytest.raises(GrundyError, match="n=11 for 10"):
        fill([1], [1], [], False, np.zeros(10, dtype=np.uint16), 0, 11)
    with pytest.raises(TypeError):
        _octal.fill(bytearray(20), 0, 10, [1], [1], [], False)


def test_sequence_uses_the_compiled_kernel_unless_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TakeAndBreak("0.56")
    game.sequence(10)
    kernel = game.memo("kernel")["kernel"]
    assert kernel.kernel is not None
    monkeypatch.setenv("GRUNDY_PURE", "1")
    pure = TakeAndBreak("0.56")
    assert pure.sequence(3000).tolist() == game.sequence(3000).tolist()
    assert pure.memo("kernel")["kernel"].kernel is None


@pytest.mark.parametrize("code", ["0.376", "0.354", None])
def test_one_thread_or_two(code: str | None) -> None:
    zero, one, two, unequal = ([], [], [0], True) if code is None else (*moves(code), False)
    runs = []
    for threads in (1, 2):
        values = np.zeros(40_000, dtype=np.uint16)
        _octal.fill(values, 0, len(values), zero, one, two, unequal, threads=threads)
        runs.append(values.tolist())
    assert runs[0] == runs[1]
    with pytest.raises(ValueError, match="threads"):
        _octal.fill(np.zeros(5, dtype=np.uint16), 0, 5, [], [], [0], True, threads=3)


def test_text() -> None:
    values = np.array([0, 7, 65535, 10, 123], dtype=np.uint16)
    assert _octal.text(values, 0, 5) == b"0 7 65535 10 123"
    assert _octal.text(values, 1, 3) == b"7 65535"
    assert _octal.text(values, 2, 2) == b""
    with pytest.raises(ValueError):
        _octal.text(values, 3, 6)


# -- the fast path of `grundy sequence` ----------------------------------------------------

from grundy.cli import fastseq  # noqa: E402 - after the kernel tests it serves
from grundy.research.periodicity import sequence as library_sequence  # noqa: E402


@pytest.mark.parametrize("args, game", [
    (["sequence", "0.56", "-n", "3000"], "0.56"),
    (["sequence", "-n", "2500", "kayles"], "kayles"),
    (["sequence", "Dawsons-Kayles", "-n777"], "dawsons-kayles"),
    (["sequence", "dawsons-chess", "-n", "1000"], "dawsons-chess"),
    (["sequence", "grundy", "-n", "4000"], "grundys-game"),
    (["sequence", "grundys-game"], "grundys-game"),
    (["sequence", " 4.070 ", "-n", "1500"], "4.07"),
    (["sequence", "0.354", "-n", "0"], "0.354"),
    (["sequence", "0.0", "-n", "5"], "0.0"),
])
def test_the_fast_path_writes_what_the_cli_writes(capsysbinary: pytest.CaptureFixture[bytes],
                                                  args: list[str], game: str) -> None:
    assert fastseq.answer(args)
    n = fastseq.plain_sequence(args)[1]  # type: ignore[index]
    expected = " ".join(map(str, library_sequence(grundy.find(game), n).tolist())) + "\n"
    assert capsysbinary.readouterr().out == expected.encode()


@pytest.mark.parametrize("args", [
    ["sequence", "0.56", "-n", "20", "--json"], ["sequence", "0.fc", "-n", "20"],
    ["sequence", "sub:1,3", "-n", "20"], ["sequence", "nim", "-n", "20"],
    ["sequence", "0.56", "-n", "-3"], ["sequence", "0.56", "-n", "1_000"],
    ["sequence", "0.56", "-n", str(10**8 + 1)], ["sequence", "-n", "20"], ["sequence"],
    ["period", "0.56"], ["sequence", "0.56", "0.77"], ["sequence", "1.5", "-n", "9"],
    ["sequence", "rules.py:Game"], ["sequence", "0.56", "-n", "5", "-n", "6"],
    ["sequence", "0.", "-n", "5"], ["sequence", "0.56", "--help"],
])
def test_the_fast_path_leaves_everything_else_to_the_cli(
        capsysbinary: pytest.CaptureFixture[bytes], args: list[str]) -> None:
    assert not fastseq.answer(args)
    assert capsysbinary.readouterr() == (b"", b"")


def test_the_fast_path_steps_aside_when_pure(capsysbinary: pytest.CaptureFixture[bytes],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRUNDY_PURE", "1")
    assert not fastseq.answer(["sequence", "0.56", "-n", "20"])
    assert capsysbinary.readouterr() == (b"", b"")


def test_the_fast_path_loads_neither_numpy_nor_click() -> None:
    import subprocess
    import sys

    code = ("import sys; from grundy.cli.fastseq import answer; ok = answer(sys.argv[1:]); "
            "sys.stderr.write(repr((ok, 'numpy' in sys.modules, 'click' in sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", code, "sequence", "0.56", "-n", "30"],
                          capture_output=True, timeout=60)
    assert proc.stderr.decode() == "(True, False, False)"
    assert proc.stdout.decode().split() == [str(v) for v in compiled("0.56", 30)]


def test_ctrl_c_interrupts_a_long_fill() -> None:
    import signal
    import subprocess
    import sys

    from support import HANG, children_cpu, cpu_seconds, wait_until_interruptible

    code = ("import numpy as np, sys; from grundy.rules.sparse import fill\n"
            "v = np.zeros(10**8, dtype=np.uint16)\n"
            "try:\n"
            "    print('go', flush=True)\n"
            "    fill([], [], [0], True, v, 0, len(v))\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "go\n"
    # in the kernel: a third of a second of CPU time more than it had used to say "go"
    wait_until_interruptible(proc, cpu=(cpu_seconds(proc.pid) or 0.0) + 0.3)
    before = children_cpu()
    at_signal = cpu_seconds(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=HANG)
    # the kernel stopped soon after the signal, not at the end of its 10^8 values: counted in
    # the child's CPU time, which a busy machine does not stretch (without /proc, all of it)
    after_signal = children_cpu() - before - (at_signal or 0.0)
    assert out == "interrupted\n" and after_signal < 10, after_signal


@given(st.frozensets(st.integers(1, 300), min_size=1, max_size=80), st.integers(0, 900))
@settings(max_examples=200, deadline=None)
def test_subtraction_kernel_matches_the_python_windows(moves, n):
    from grundy.rules.windows import runs, window_values

    out = np.zeros(n, dtype=np.int64)
    spans = runs(s for s in moves if s < n)
    _octal.subtraction(out, [a for a, _ in spans], [b for _, b in spans])
    assert out.tolist() == window_values(moves, n).tolist()


@pytest.mark.parametrize("first, last", [([2, 1], [2, 1]), ([1, 3], [3, 5]), ([0], [1]),
                                         ([1], [0]), ([1, 2], [1, 2]), ([1], [1, 2])])
def test_subtraction_kernel_refuses_bad_runs(first, last):
    with pytest.raises(ValueError):
        _octal.subtraction(np.zeros(5, dtype=np.int64), first, last)


def test_subtraction_kernel_needs_int64():
    with pytest.raises(TypeError):
        _octal.subtraction(np.zeros(5, dtype=np.uint16), [1], [1])
