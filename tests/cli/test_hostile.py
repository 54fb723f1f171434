"""Hostile input: every command and the Python API fed what a careless or hostile user gives.

Each command-line case runs ``python -m grundy`` (the console script: its fast paths
included) in a process of its own under an address-space limit (:data:`MEMORY`) and a
budget of CPU time (:data:`CPU`: the kernel stops a case past it, however busy the
machine), several at a time; :data:`TIMEOUT` only ends a case that hangs.  The process is
a warm child (tests/warm.py: forked from an interpreter that has imported grundy) where
both standard streams are open, a fresh one where a case closes one.  A case expects
either the right answer or the one-line error (``grundy: error: ...`` on stderr, status 2,
nothing on stdout) holding given words; no error may be an internal error or show a Python repr instead of what the
user typed.  Python API cases run in a subprocess too (a hang is a timeout, not a stuck
suite; each expression has :data:`CPU` / 2 s of CPU time) and expect the right value or a
GrundyError/ValueError/TypeError naming the input.

The sample answers are those of the problems' statements (the bundled examples).
"""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import click
import pytest

from grundy.play import analysis
from grundy.catalog import find

import warm
from support import HANG, assert_one_line_error, wait_until_interruptible

MEMORY = 2 << 30  # bytes of address space for each case (NumPy and its threads need ~0.5 GiB)
CPU = 20  # seconds of CPU time for each case (RLIMIT_CPU: a busy machine does not stretch it)
TIMEOUT = HANG  # seconds on the clock: only a case that hangs (waits, uses no CPU) reaches it
WORKERS = 3  # cases at a time (the machine has 2 cores; a case mostly waits on start-up)
EXAMPLES = resources.files("grundy.formats") / "examples"

# -- published answers of the bundled examples (the problems' sample tests) -----------

SAMPLES = {  # problem -> its sample's expected output
    "nim": "0\n5\n10\n15\n2\n7\n8\n13\n3\n14994\n11290409524105353207\n",  # Library Checker
    "squares": "FIRST\n",  # Codeforces 1906G, Grid Game 2
    "split": "Bob\nAlice\nAlice\nBob\n",  # ICPC Jiangxi 2020 J
    "cutting": "LOSE\nLOSE\nWIN\n",  # POJ 2311
    "beans": "0 2 3\n1\n-1 -1 -1\n0\n",  # HNOI 2007
    "coins": "Ann\n2 2\n1 1\nAnn\n1 3\n0 2\nBetty\n",  # ASC 34
}
PROBLEMS = tuple(SAMPLES)

# Kayles from heap 72 on repeats with period 12 (Guy and Smith 1956): g(n) by n mod 12
KAYLES_PERIOD = (4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7)


# the largest parts whose moves `analyze` and `play` list (documented by the games)
HEAP_LIMIT = int(getattr(find("kayles"), "move_limit", getattr(analysis, "HEAP_LIMIT", 0)))
GRID_LIMIT = int(getattr(find("split"), "move_limit", getattr(analysis, "GRID_LIMIT", 0)))


def past(command: str, param: str) -> str:
    """One more than the largest value the option ``param`` of ``command`` takes (its help)."""
    from grundy.cli.main import main

    ctx = click.Context(main, info_name="grundy")
    found = main.get_command(ctx, command)
    assert found is not None, command
    (option,) = [p for p in found.params if p.name == param]
    high = option.type.high if hasattr(option.type, "high") else option.type.max  # a Count
    assert isinstance(high, int), option
    return str(high + 1)


def sample(problem: str) -> bytes:
    return (EXAMPLES / f"{problem}.in").read_bytes()


# -- running a case ---------------------------------------------------------------------


@dataclass
class Result:
    code: int
    out: str
    err: str
    seconds: float


def _limits(close: tuple[int, ...] = (), cpu: int | None = CPU) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if cpu is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))  # SIGXCPU, then SIGKILL
        for fd in close:
            os.close(fd)
    return apply


def run(args: tuple[str, ...], stdin: bytes | None = b"", stdout: str = "pipe",
        env: dict[str, str] | None = None) -> Result:
    """``python -m grundy ARGS`` under the limits; stdout "pipe", "full" (/dev/full) or
    "closed"; stdin None closes it.  A case with both streams open runs in a warm child
    (tests/warm.py), the others in a fresh process: only Python's own start sees a closed
    stream."""
    start = time.monotonic()
    try:
        if stdin is not None and stdout != "closed":
            limits = [("RLIMIT_AS", MEMORY, MEMORY), ("RLIMIT_CPU", CPU, CPU + 5)]
            ran = warm.run(list(args), stdin, env={**os.environ, **(env or {})},
                           limits=limits, timeout=TIMEOUT, full=stdout == "full")
            code, out, err = ran.code, ran.out, ran.err
        else:
            code, out, err = _closed(args, stdin, stdout, env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"grundy {' '.join(a[:40] for a in args)}: no answer in {TIMEOUT} s")
    if code in (-signal.SIGXCPU, -signal.SIGKILL):
        pytest.fail(f"grundy {' '.join(a[:40] for a in args)}: no answer in {CPU} s of CPU")
    return Result(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                  time.monotonic() - start)


def _closed(args: tuple[str, ...], stdin: bytes | None, stdout: str,
            env: dict[str, str] | None) -> tuple[int, bytes, bytes]:
    """A fresh ``python -m grundy ARGS`` with its standard input or output closed (its
    output, if open, to a pipe or to /dev/full)."""
    close = (1,) * (stdout == "closed") + (0,) * (stdin is None)
    with open(warm.FULL if stdout == "full" else os.devnull, "wb") as sink:
        proc = subprocess.run([sys.executable, "-m", "grundy", *args], input=stdin or b"",
                              stdout=subprocess.PIPE if stdout == "pipe" else sink,
                              stderr=subprocess.PIPE, timeout=TIMEOUT,
                              preexec_fn=_limits(close), env={**os.environ, **(env or {})})
    return proc.returncode, proc.stdout or b"", proc.stderr


def error(words: str) -> Callable[[Result], None]:
    """The one-line error holding ``words``."""
    def check(r: Result) -> None:
        assert_one_line_error(r, words)
        assert "internal error" not in r.err, r.err
        # what the user typed, not a Python repr such as TakeAndBreak('0.77')
        assert not re.search(r"\b[A-Z][A-Za-z]+\((?!\d)", r.err), r.err
    return check


def answer(expected: str) -> Callable[[Result], None]:
    def check(r: Result) -> None:
        assert (r.code, r.err) == (0, ""), r
        assert r.out == expected, r.out[:500]
    return check


def answer_or_error(expected: str, words: str) -> Callable[[Result], None]:
    """The right answer, or the one-line error holding ``words``."""
    def check(r: Result) -> None:
        if r.code == 0:
            answer(expected)(r)
        else:
            error(words)(r)
    return check


def passes(predicate: Callable[[str], bool]) -> Callable[[Result], None]:
    """Status 0, nothing on stderr, and ``predicate(stdout)``."""
    def check(r: Result) -> None:
        assert (r.code, r.err) == (0, ""), r
        assert predicate(r.out), r.out[:500]
    return check


@dataclass(frozen=True)
class Case:
    id: str
    args: tuple[str, ...]
    check: Callable[[Result], None] = field(compare=False)
    stdin: bytes | None = b""
    stdout: str = "pipe"


# -- files that the cases name as {name} ---------------------------------------------

BINARY = bytes(range(256)) * 64
FILES = {
    "empty": b"",
    "binary": BINARY,
    "nul": b"1\n\x003 4\n",
    "latin1": b"1\n3 4 \xe9\n",
    "crlf": None,  # per problem: its sample with CRLF line ends
}


def _sample_variants(problem: str) -> dict[str, bytes]:
    data = sample(problem)
    return {
        f"{problem}-crlf": data.replace(b"\n", b"\r\n"),
        f"{problem}-nofinal": data.rstrip(b"\n"),
        f"{problem}-bom": b"\xef\xbb\xbf" + data,
    }


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("hostile")
    paths = {"dir": str(folder)}
    contents = {k: v for k, v in FILES.items() if v is not None}
    for problem in PROBLEMS:
        contents.update(_sample_variants(problem))
        contents[f"{problem}-sample"] = sample(problem)
    for name, data in contents.items():
        path = folder / name
        path.write_bytes(data)
        paths[name] = str(path)
    locked = folder / "locked"
    locked.write_bytes(sample("nim"))
    locked.chmod(0)
    paths["locked"] = str(locked)
    paths["out-dir"] = str(folder)
    paths["png"] = str(folder / "picture.png")
    return paths


# -- the command-line cases ------------------------------------------------------------

BIG = "9" * 100_000  # a 10^5-digit number
OVER_STR = "7" * 5000  # past Python's 4300-digit int <-> str limit
E30 = str(10**30)


def _nim_cases() -> list[Case]:
    nim_in = sample("nim")
    out = SAMPLES["nim"]
    cases = [
        Case("nim-sample-stdin", ("nim",), answer(out), nim_in),
        Case("nim-crlf", ("nim", "{nim-crlf}"), answer(out)),
        Case("nim-no-final-newline", ("nim", "{nim-nofinal}"), answer(out)),
        Case("nim-empty", ("nim", "{empty}"), error("")),
        Case("nim-dir", ("nim", "{dir}"), error("cannot read")),
        Case("nim-binary", ("nim", "{binary}"), error("line 1")),
        Case("nim-nul", ("nim", "{nul}"), error("line 2")),
        Case("nim-latin1", ("nim", "{latin1}"), error("line 2")),
        Case("nim-1e30", ("nim",), error("line 2"), f"1\n{E30} 3\n".encode()),
        Case("nim-2^64", ("nim",), error("line 2"), b"1\n18446744073709551616 1\n"),
        Case("nim-negative", ("nim",), error("line 2"), b"1\n-3 4\n"),
        Case("nim-over-4300-digits", ("nim",), error("line 2"), f"1\n{OVER_STR} 3\n".encode()),
        Case("nim-10^5-digits", ("nim",), error("line 2"), f"1\n{BIG} 3\n".encode()),
        Case("nim-arabic-digit", ("nim",), answer_or_error("12\n", "line 2"), "1\n٣ 4\n".encode()),
        Case("nim-fullwidth-digits", ("nim",), answer_or_error("12\n", "line 2"),
             "1\n３ ４\n".encode()),
        Case("nim-long-line", ("nim",), error("line 2"), b"1\n" + b"1 " * 500_000 + b"\n"),
        Case("nim-T-0", ("nim",), error("line 1"), b"0\n"),
        Case("nim-T-past-limit", ("nim",), error("line 1"), b"10000001\n1 2\n"),
        Case("nim-T-mismatch", ("nim",), error(""), b"3\n1 2\n"),
        Case("nim-closed-stdin", ("nim",), error("standard input"), None),
        Case("nim-dev-full", ("nim", "{nim-sample}"), error("cannot write"), stdout="full"),
        Case("nim-closed-stdout", ("nim", "{nim-sample}"), error("standard output"),
             stdout="closed"),
        Case("nim-unreadable", ("nim", "/proc/self/mem"), error("cannot read")),
    ]
    if os.geteuid() != 0:  # root reads any file
        cases.append(Case("nim-no-permission", ("nim", "{locked}"), error("cannot read")))
    ops = [
        ("mul-small", ("mul", "3", "5"), answer("15\n")),  # 3 (x) 5 = (3 (x) 4) ^ 3 = 12 ^ 3
        ("add-small", ("add", "3", "5"), answer("6\n")),
        ("mul-1e30", ("mul", E30, "1"), answer(E30 + "\n")),
        ("mul-5000-digits", ("mul", OVER_STR, "1"), answer_or_error(OVER_STR + "\n", "digits")),
        ("mul-10^5-digits", ("mul", BIG, BIG), error("digits")),
        ("add-10^5-digits", ("add", BIG, "0"), answer_or_error(BIG + "\n", "digits")),
        ("div-10^5-digits", ("div", BIG, "3"), error("digits")),
        # 3 lies in the field of order 4, so 3^e = 3^(e mod 3), and 99...9 = 0 mod 3
        ("pow-10^5-digits", ("pow", "3", BIG), answer_or_error("1\n", "digits")),
        ("pow-big-base", ("pow", BIG, "3"), error("digits")),
        ("inv-10^5-digits", ("inv", BIG), error("digits")),
        ("sqrt-10^5-digits", ("sqrt", BIG), error("digits")),
        ("mul-negative", ("mul", "-3", "5"), error("-3")),
        ("mul-arabic", ("mul", "٣", "5"), answer_or_error("15\n", "٣")),
        ("mul-fullwidth", ("mul", "３", "5"), answer_or_error("15\n", "３")),
        ("mul-superscript", ("mul", "²", "5"), error("²")),
        ("mul-one-number", ("mul", "3"), error("2 number")),
        ("div-by-zero", ("div", "3", "0"), error("0")),
        ("inv-zero", ("inv", "0"), error("0")),
        ("mul-word", ("mul", "three", "5"), error("three")),
        ("unknown-op", ("frobnicate", "3", "5"), error("frobnicate")),
    ]
    for name, args, check in ops:
        cases.append(Case(f"nim-{name}", ("nim", *args), check))
    return cases


def _solve_cases() -> list[Case]:
    cases = []
    for problem in PROBLEMS:
        want = SAMPLES[problem]
        cases += [
            Case(f"solve-{problem}-sample", ("solve", problem, "{%s-sample}" % problem), answer(want)),
            Case(f"solve-{problem}-crlf", ("solve", problem, "{%s-crlf}" % problem), answer(want)),
            Case(f"solve-{problem}-no-final-newline",
                 ("solve", problem, "{%s-nofinal}" % problem), answer(want)),
            Case(f"solve-{problem}-bom", ("solve", problem, "{%s-bom}" % problem),
                 answer_or_error(want, "line 1")),
            Case(f"solve-{problem}-empty", ("solve", problem), error(""), b""),
            Case(f"solve-{problem}-dir", ("solve", problem, "{dir}"), error("cannot read")),
            Case(f"solve-{problem}-binary", ("solve", problem, "{binary}"), error("line ")),
            Case(f"solve-{problem}-nul", ("solve", problem, "{nul}"), error("line ")),
            Case(f"solve-{problem}-1e30", ("solve", problem), error("line 1"), f"{E30} 3\n".encode()),
            Case(f"solve-{problem}-over-4300-digits", ("solve", problem), error("line 1"),
                 f"{OVER_STR} 3\n".encode()),
            Case(f"solve-{problem}-negative", ("solve", problem), error("line 1"), b"-2 -3\n"),
            Case(f"solve-{problem}-dev-full", ("solve", problem, "{%s-sample}" % problem),
                 error("cannot write"), stdout="full"),
        ]
        if problem in ("nim", "split"):  # the judge's fast path, the formats' one
            cases.append(Case(f"solve-{problem}-closed-stdout",
                              ("solve", problem, "{%s-sample}" % problem),
                              error("standard output"), stdout="closed"))
        if problem not in ("split", "cutting"):
            cases.append(Case(f"solve-{problem}-move", ("solve", problem, "--move",
                                                        "{%s-sample}" % problem), error("--move")))
    past = {  # just past each size `grundy solve --help` states
        "coins": b"1 4097\n" + b"0" * 4097 + b"\n",
        "squares": b"10000001\n",
        "split": b"2001 2\n",
        "cutting": b"2001 2\n",
        "beans": b"1001\n" + b"1\n0\n" * 1001,
        "beans-n": b"1\n2001\n" + b"0 " * 2001 + b"\n",
        "beans-p": b"1\n1\n1000000000000000001\n",
    }
    for name, data in past.items():
        problem = name.partition("-")[0]
        cases.append(Case(f"solve-{name}-past-limit", ("solve", problem), error("line "), data))
    cases += [
        Case("solve-json-and-explain", ("solve", "split", "--json", "--explain", "{split-sample}"),
             error("--explain")),
        Case("solve-json-and-move", ("solve", "cutting", "--json", "--move", "{cutting-sample}"),
             error("--move")),
        Case("solve-unknown-problem", ("solve", "checkers", "{nim-sample}"), error("checkers")),
        Case("solve-unknown-option", ("solve", "split", "--fast"), error("--fast")),
        Case("solve-no-name", ("solve",), error("NAME")),
        Case("solve-split-closed-stdin", ("solve", "split"), error("standard input"), None),
        Case("solve-squares-arabic-digits", ("solve", "squares"),
             answer_or_error("FIRST\n", "line "), "٢\n٢ ٣\n٢ ٤\n".encode()),
    ]
    return cases


def _game_cases() -> list[Case]:
    kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]  # Guy and Smith 1956
    cases = [
        Case("demo", ("demo",), passes(lambda out: "subtraction game {1, 3, 4}" in out)),
        Case("demo-extra-argument", ("demo", "now"), error("now")),
        Case("demo-dev-full", ("demo",), error("cannot write"), stdout="full"),
        Case("games", ("games",), passes(lambda out: "kayles" in out)),
        Case("games-dev-full", ("games",), error("cannot write"), stdout="full"),
        Case("games-closed-stdout", ("games",), error("standard output"), stdout="closed"),
        Case("alone", (), lambda r: _readable_help(r)),
        Case("unknown-command", ("frobnicate",), error("frobnicate")),
        Case("unknown-option", ("--frobnicate",), error("--frobnicate")),
        Case("help-dev-full", ("--help",), error("cannot write"), stdout="full"),
        # analyze
        Case("analyze-kayles", ("analyze", "kayles", "3", "5", "7"),
             passes(lambda out: "value (XOR of the parts): 5" in out)),
        Case("analyze-json-parts", ("analyze", "kayles", "5", "--json"),
             passes(lambda out: _moves_are_values(json.loads(out), [5]))),
        Case("analyze-json-2d-parts", ("analyze", "split", "4x3", "--json"),
             passes(lambda out: json.loads(out)["parts"] == [[4, 3]])),
        Case("analyze-heap-limit", ("analyze", "kayles", str(HEAP_LIMIT)),
             passes(lambda out: out.startswith(f"values: {HEAP_LIMIT}: "
                                               f"{KAYLES_PERIOD[HEAP_LIMIT % 12]}\n"))),
        # past the listing limit, a row of Kayles is answered by its period (some winning
        # moves built, said so); Grundy's game, with no period proved, is refused
        Case("analyze-past-heap-limit", ("analyze", "kayles", str(HEAP_LIMIT + 1)),
             passes(lambda out: out.startswith(f"values: {HEAP_LIMIT + 1}: "
                                               f"{KAYLES_PERIOD[(HEAP_LIMIT + 1) % 12]}\n")
                    and "shown, by the construction" in out)),
        Case("analyze-past-heap-limit-grundys-game",
             ("analyze", "grundys-game", str(HEAP_LIMIT + 1)), error(str(HEAP_LIMIT))),
        Case("analyze-past-grid-limit", ("analyze", "split", f"{GRID_LIMIT + 1}x2"),
             error(str(GRID_LIMIT))),
        Case("analyze-1e30", ("analyze", "kayles", E30),
             passes(lambda out: out.startswith(f"values: {10**30}: "
                                               f"{KAYLES_PERIOD[10**30 % 12]}\n"))),
        Case("analyze-10^5-digits", ("analyze", "kayles", BIG), error("")),
        # a nim heap of any size (up to 10,000 digits) is answered by Bouton's rule, printed
        # whole past Python's 4300 digits
        Case("analyze-over-4300-digits", ("analyze", "nim", OVER_STR),
             passes(lambda out: out.startswith(f"values: {OVER_STR}: {OVER_STR}\n")
                    and out.endswith(f"winning moves: 1\n  {OVER_STR} -> 0\n"))),
        Case("analyze-negative", ("analyze", "kayles", "-3"), error("-3")),
        Case("analyze-arabic", ("analyze", "kayles", "٣"), _answer_starting("values: 3: 3\n", "٣")),
        Case("analyze-superscript", ("analyze", "kayles", "²"), error("²")),
        Case("analyze-empty-word", ("analyze", "kayles", ""), error("part 1")),
        Case("analyze-unknown-game", ("analyze", "nosuchgame", "3"), error("nosuchgame")),
        Case("analyze-product-of-a-heap-game", ("analyze", "kayles*ruler", "3x3"), error("kayles")),
        Case("analyze-row-0", ("analyze", "ruler*ruler", "0x3"), error("0x3")),
        Case("analyze-unknown-option", ("analyze", "kayles", "3", "--fast"), error("--fast")),
        Case("analyze-dev-full", ("analyze", "kayles", "3"), error("cannot write"), stdout="full"),
        Case("analyze-misere-big-sum", ("analyze", "--misere", "kayles", *map(str, range(1, 30))),
             _answered_or_refused("")),
        Case("analyze-0.fc-10000", ("analyze", "0.fc", "10000"), _answered_or_refused("0.fc")),
        Case("analyze-ruler*ruler-128x128", ("analyze", "ruler*ruler", "128x128", "--json"),
             _answered_or_refused("128x128", lambda out: json.loads(out)["value"] == _nim_square(128))),
        Case("analyze-mock-turtles*mock-turtles-256x256",
             ("analyze", "mock-turtles*mock-turtles", "256x256"),
             _answered_or_refused("256x256")),
        # play
        Case("play-input-ends", ("play", "nim", "3", "4"), _play_error("input ended"), b""),
        Case("play-closed-stdin", ("play", "nim", "3", "4"), _play_error("input ended"), None),
        Case("play-latin1", ("play", "nim", "3", "4"), _play_error(""), b"\xe9\xff\n"),
        Case("play-long-line", ("play", "nim", "3", "4"), _play_error("input ended"),
             b"7" * 1_000_000 + b"\n"),
        Case("play-nul", ("play", "nim", "3", "4"), _play_error("input ended"), b"\x00\n"),
        # refused up front naming the limit, or played (moves typed, not listed) until the
        # input ends
        Case("play-past-heap-limit", ("play", "kayles", str(HEAP_LIMIT + 1)),
             lambda r: (error(str(HEAP_LIMIT)) if r.out == "" else _play_error("input ended"))(r)),
        Case("play-unknown-game", ("play", "nosuchgame", "3"), error("nosuchgame")),
        # sequence and period
        Case("sequence-kayles", ("sequence", "kayles", "-n", "12"),
             answer(" ".join(map(str, kayles)) + "\n")),
        Case("sequence-0", ("sequence", "kayles", "-n", "0"), answer_or_error("\n", "-n")),
        Case("sequence-negative", ("sequence", "kayles", "-n", "-1"), error("-1")),
        Case("sequence-1e30", ("sequence", "kayles", "-n", E30), error("-n")),
        Case("sequence-past-limit", ("sequence", "kayles", "-n", past("sequence", "count")),
             error("-n")),
        Case("sequence-10^5-digits", ("sequence", "kayles", "-n", BIG), error("-n")),
        Case("sequence-arabic", ("sequence", "kayles", "-n", "٣"), answer_or_error("0 1 2\n", "-n")),
        Case("sequence-unknown-game", ("sequence", "nosuchgame"), error("nosuchgame")),
        Case("sequence-2d-game", ("sequence", "split"), error("split")),
        # remove any run of tokens: every smaller heap is an option, a split is worth less
        Case("sequence-huge-code", ("sequence", "0." + "7" * 10_000, "-n", "5"),
             _answer_starting("0 1 2 3 4\n", "0.777")),
        Case("sequence-sub-10^15", ("sequence", "sub:1000000000000000", "-n", "5"),
             answer("0 0 0 0 0\n")),
        Case("sequence-0.fc-6000", ("sequence", "0.fc", "-n", "6000"),
             _answered_or_refused("6000", lambda out: _is_0fc(out, 6000))),
        Case("sequence-dev-full", ("sequence", "kayles", "-n", "10"), error("cannot write"),
             stdout="full"),
        Case("sequence-closed-stdout", ("sequence", "kayles"), error("standard output"),
             stdout="closed"),
        Case("period-kayles", ("period", "kayles"),
             passes(lambda out: out.startswith("period 12, preperiod 71"))),
        Case("period-sub-10^15", ("period", "sub:1000000000000000"), _no_false_period),
        Case("period-max-0", ("period", "kayles", "--max", "0"), error("--max")),
        Case("period-max-1e30", ("period", "kayles", "--max", E30), error("--max")),
        Case("period-max-past-limit", ("period", "kayles", "--max", past("period", "max_n")),
             error("--max")),
        Case("period-2d-game", ("period", "split"), error("split")),
        Case("period-dev-full", ("period", "kayles"), error("cannot write"), stdout="full"),
        # table and plot
        Case("table-coins", ("table", "coins", "--rows", "2", "--cols", "3"),
             answer("  1 2 3\n 1 1 2 3\n 2 2 3 1\n")),  # i (x) j: 2 (x) 2 = 3, 2 (x) 3 = 1
        Case("table-heap-game", ("table", "0.77"), error("0.77")),
        Case("table-past-limit", ("table", "coins", "--rows", past("table", "rows")),
             error("--rows")),
        Case("table-rows-0", ("table", "coins", "--rows", "0"), error("--rows")),
        Case("table-dev-full", ("table", "coins"), error("cannot write"), stdout="full"),
        Case("plot-n-on-2d-game", ("plot", "coins", "-o", "{png}", "-n", "10"), error("-n")),
        Case("plot-rows-on-heap-game", ("plot", "kayles", "-o", "{png}", "--rows", "4"),
             error("--rows")),
        Case("plot-bad-suffix", ("plot", "kayles", "-o", "{out-dir}/x.txt"), error("x.txt")),
        Case("plot-into-a-directory", ("plot", "kayles", "-o", "{out-dir}"), error("")),
        Case("plot-missing-folder", ("plot", "kayles", "-o", "/nonexistent/k.png"), error("")),
        Case("plot-past-limit", ("plot", "kayles", "-o", "{png}", "-n", past("plot", "count")),
             error("-n")),
        Case("plot-rows-past-limit", ("plot", "coins", "-o", "{png}", "--rows", past("plot", "rows")),
             error("--rows")),
        Case("plot-unknown-game", ("plot", "nosuchgame", "-o", "{png}"), error("nosuchgame")),
    ]
    return cases


def _lazy_cases() -> list[Case]:
    """The commands loaded on first use, where they are there yet."""
    cases = []
    for name in ("explore", "survey", "serve"):
        cases += [Case(f"{name}-help", (name, "--help"), passes(lambda out: "Usage:" in out)),
                  Case(f"{name}-unknown-option", (name, "--frobnicate"), error("--frobnicate"))]
        if name != "serve":
            cases.append(Case(f"{name}-unknown-game", (name, "nosuchgame"), error("nosuchgame")))
    return cases


def _answer_starting(start: str, words: str) -> Callable[[Result], None]:
    """An answer starting with ``start``, or the one-line error holding ``words``."""
    def check(r: Result) -> None:
        if r.code == 0:
            assert r.err == "" and r.out.startswith(start), r
        else:
            error(words)(r)
    return check


def _readable_help(r: Result) -> None:
    text = r.out + r.err
    assert r.code in (0, 2), r
    assert "Usage:" in text and "\n  demo " in text and "\n  solve " in text, text
    assert (r.out == "") if r.code == 2 else (r.err == ""), r


def _moves_are_values(result: dict[str, Any], parts: list[Any]) -> bool:
    assert result["parts"] == parts
    for move in result["moves"]:
        assert isinstance(move["from"], int) and all(isinstance(p, int) for p in move["to"])
    return True


def _answered_or_refused(words: str, right: Callable[[str], bool] | None = None,
                         ) -> Callable[[Result], None]:
    """An answer (right by ``right``), or a one-line refusal naming ``words``; in seconds."""
    def check(r: Result) -> None:
        if r.code == 0:
            assert r.err == "" and (right is None or right(r.out)), r
        else:
            error(words)(r)
            assert "MemoryError" not in r.err and "memory" not in r.err, r.err
    return check


def _play_error(words: str) -> Callable[[Result], None]:
    """play has printed the position and asked: the error line alone on stderr."""
    def check(r: Result) -> None:
        assert r.code == 2, r
        assert r.err.startswith("grundy: error: ") and r.err.count("\n") == 1, r.err
        assert words in r.err and "internal error" not in r.err, r.err
    return check


def _no_false_period(r: Result) -> None:
    """sub:10^15 has period 2*10^15 (g(n) = floor(n / 10^15) mod 2): no period shows early."""
    if r.code != 0:
        return error("")(r)
    assert r.err == "", r
    first = r.out.splitlines()[0]
    assert not re.match(r"period \d{1,15},", first), first


def _nim_square(x: int) -> int:
    return _mul(x, x)


def _mul(a: int, b: int) -> int:
    """The nim product from the field's tower: with F = 2^(2^k) the smallest Fermat 2-power
    whose square exceeds a and b, a = a1 F + a0, b = b1 F + b0, and F (x) F = F + F/2."""
    if a < 2 or b < 2:
        return a * b
    half = 1
    while (1 << (2 * half)) <= max(a, b):
        half *= 2
    f = 1 << half
    a1, a0, b1, b0 = a >> half, a & (f - 1), b >> half, b & (f - 1)
    hi = _mul(a1, b1)
    return ((hi ^ _mul(a0, b1) ^ _mul(a1, b0)) << half) ^ _mul(a0, b0) ^ _mul(hi, f >> 1)


def _is_0fc(out: str, count: int) -> bool:
    values = [int(v) for v in out.split()]
    assert len(values) == count
    assert values[:40] == _take_and_break_0fc(40)
    return True


def _take_and_break_0fc(count: int) -> list[int]:
    """0.fc by brute force: take 1 leaving 0, 1, 2 or 3 heaps; take 2 leaving 2 or 3 heaps."""
    g: list[int] = []
    for n in range(count):
        seen = set()
        for take, heaps in ((1, (0, 1, 2, 3)), (2, (2, 3))):
            rest = n - take
            if rest < 0:
                continue
            for k in heaps:
                if k == 0 and rest == 0:
                    seen.add(0)
                elif k == 1 and rest >= 1:
                    seen.add(g[rest])
                elif k == 2:
                    seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
                elif k == 3:
                    seen.update(g[a] ^ g[b] ^ g[rest - a - b] for a in range(1, rest)
                                for b in range(a, rest - a) if rest - a - b >= b)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def _existing(cases: list[Case]) -> list[Any]:
    """Cases of commands that are not there yet are skipped, saying so."""
    from grundy.cli.main import main

    ctx = click.Context(main, info_name="grundy")
    there = {name for name in main.list_commands(ctx) if main.get_command(ctx, name)}
    params = []
    for case in cases:
        command = case.args[0] if case.args and not case.args[0].startswith("-") else None
        marks = []
        if command in ("explore", "survey", "serve") and command not in there:
            marks.append(pytest.mark.skip(reason=f"'grundy {command}' is not written yet"))
        params.append(pytest.param(case, id=case.id, marks=marks))
    return params


CASES = _nim_cases() + _solve_cases() + _game_cases() + _lazy_cases()


@pytest.fixture(scope="module")
def results(request: pytest.FixtureRequest, files: dict[str, str]) -> dict[str, Result]:
    """Every selected case, run a few at a time; case id -> result."""
    wanted = [item.callspec.params["case"] for item in request.session.items
              if getattr(item, "originalname", "") == "test_command_line"
              and getattr(item, "module", None) is sys.modules[__name__]
              and "case" in getattr(getattr(item, "callspec", None), "params", {})
              and not item.get_closest_marker("skip")]

    def one(case: Case) -> Result | BaseException:
        args = tuple(a.format(**files) if "{" in a and len(a) < 100 else a for a in case.args)
        try:
            return run(args, case.stdin, case.stdout)
        except BaseException as exc:  # noqa: BLE001 - reported by the case's test
            return exc

    with ThreadPoolExecutor(WORKERS) as pool:
        return dict(zip((c.id for c in wanted), pool.map(one, wanted)))


def test_case_ids_are_unique() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


@pytest.mark.parametrize("case", _existing(CASES))
def test_command_line(case: Case, results: dict[str, Any]) -> None:
    result = results[case.id]
    if isinstance(result, BaseException):
        raise result
    case.check(result)


# -- a reader that goes away, Ctrl-C -------------------------------------------------------


def _popen(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "grundy", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_limits())


def _read_until(proc: subprocess.Popen[bytes], words: bytes) -> bytes:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + TIMEOUT
    while words not in seen:
        assert time.monotonic() < deadline, seen
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, (seen, proc.wait(), proc.stderr.read() if proc.stderr else b"")
        seen += chunk
    return seen


def _interrupt(proc: subprocess.Popen[bytes]) -> tuple[int, bytes, bytes]:
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("Ctrl-C did not stop grundy")
    return proc.returncode, out, err


def test_ctrl_c_during_play_is_aborted_not_input_ended() -> None:
    proc = _popen("play", "nim", "3", "4")
    _read_until(proc, b"your move")
    wait_until_interruptible(proc)
    code, _, err = _interrupt(proc)
    assert (code, err) == (2, b"grundy: error: aborted\n")


def test_ctrl_c_during_a_long_sequence() -> None:
    proc = _popen("sequence", "grundys-game", "-n", "3000000")  # minutes of work
    wait_until_interruptible(proc, cpu=0.5)  # started (a tenth of that) and computing
    code, out, err = _interrupt(proc)
    assert (code, out, err) == (2, b"", b"grundy: error: aborted\n")


@pytest.mark.parametrize("args", [("sequence", "kayles", "-n", "2000000"),
                                  ("table", "coins", "--rows", "2000", "--cols", "2000")])
def test_a_reader_that_goes_away_ends_quietly(args: tuple[str, ...]) -> None:
    proc = _popen(*args)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(1)
    proc.stdout.close()  # as `| head -c 1` does
    assert proc.wait(timeout=TIMEOUT) == 0
    assert proc.stderr.read() == b""


# -- the Python API ------------------------------------------------------------------------

ANY = "any value"  # (in API) any answer will do: the point is an answer or a clear error in time

#: expression -> the value's repr, or (exception types, words in the message), or
#: (the value's repr, exception types, words): that value or that error
API: list[tuple[str, Any]] = [
    ("grundy.value(grundy.find('kayles'), 10**30)", repr(KAYLES_PERIOD[10**30 % 12])),
    ("grundy.value(grundy.find('nim'), 10**30)", repr(10**30)),
    ("grundy.value(grundy.find('kayles'), -1)", ("ValueError", "-1")),
    ("grundy.value(grundy.find('kayles'), '7')", ("ValueError TypeError", "7")),
    ("grundy.value(grundy.find('kayles'), 3.0)", ("ValueError TypeError", "3.0")),
    ("grundy.value(grundy.find('kayles'), None)", ("ValueError TypeError", "None")),
    ("grundy.value(grundy.find('split'), (-1, 2))", ("ValueError", "-1")),
    ("grundy.value(grundy.find('split'), 7)", ("ValueError TypeError", "7")),
    ("grundy.find('')", ("ValueError", "''")),
    ("grundy.find('nosuchgame')", ("ValueError", "nosuchgame")),
    ("grundy.find('sub:')", ("ValueError", "sub:")),
    ("grundy.find('sub:-1')", ("ValueError", "-1")),
    ("grundy.find('0.\\x00')", ("ValueError", "0.")),
    ("grundy.find('٣')", ("ValueError", "٣")),
    ("grundy.find('0.' + '7' * 100000).sequence(5).tolist()", ("ValueError", "")),
    ("grundy.find(None)", ("TypeError ValueError", "None")),
    ("grundy.find(7)", ("TypeError ValueError", "7")),
    ("grundy.sequence(grundy.find('kayles'), 12).tolist()", repr([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6])),
    ("grundy.sequence(grundy.find('kayles'), -1)", ("ValueError", "-1")),
    ("grundy.sequence(grundy.find('kayles'), 10**30)", ("ValueError MemoryError", str(10**30))),
    ("grundy.sequence(grundy.find('kayles'), 2.5)", ("ValueError TypeError", "2.5")),
    ("grundy.sequence(grundy.find('split'), 10)", ("ValueError", "split")),
    ("grundy.find_period(grundy.find('kayles'), -5)", ("ValueError", "-5")),
    ("grundy.find_period(grundy.find('kayles')).period", "12"),
    ("grundy.find_period(grundy.find('sub:1000000000000000')).period in (None, 2 * 10**15)", "True"),
    ("grundy.find_period(grundy.find('split'))", ("ValueError", "split")),
    ("grundy.Nimber(-1)", ("ValueError", "-1")),
    ("grundy.Nimber('3')", ("TypeError", "str")),
    ("grundy.Nimber(3.5)", ("TypeError", "float")),
    ("grundy.Nimber(2**64) * grundy.Nimber(2**64) == grundy.Nimber(3 * 2**63)", "True"),
    ("grundy.Nimber(0) ** -1", ("ZeroDivisionError", "0")),
    ("grundy.Nimber(5) / 0", ("ZeroDivisionError", "0")),
    ("grundy.nim_mul(-1, 3)", ("ValueError", "-1")),
    ("grundy.nim_mul('3', 3)", ("TypeError", "str")),
    ("grundy.nim_mul(3.0, 3)", ("TypeError", "float")),
    ("grundy.nim_mul(3, 5)", "15"),
    ("grundy.analyze(grundy.find('kayles'), [-1])", ("ValueError", "-1")),
    ("grundy.analyze(grundy.find('kayles'), [10**30]).value", repr(KAYLES_PERIOD[10**30 % 12])),
    ("grundy.analyze(grundy.find('grundys-game'), [10**30])", ("ValueError", str(HEAP_LIMIT))),
    ("grundy.analyze(grundy.find('kayles'), ['3'])", ("ValueError TypeError", "3")),
    (f"grundy.analyze(grundy.find('split'), [({GRID_LIMIT + 1}, 2)])",
     ("ValueError", str(GRID_LIMIT))),
    ("grundy.analyze(grundy.find('kayles'), [3, 5, 7]).value", "5"),
    # g(n) = floor(n / 10^15) mod 2, and 10^30 / 10^15 = 10^15 is even: 0, or refused
    ("grundy.value(grundy.find('sub:1000000000000000'), 10**30)", ("0", "ValueError", "10")),
    # misere sums are searched move by move: an answer, or refused past the search's budget
    ("grundy.misere_outcome(grundy.find('kayles'), grundy.Sum(*range(1, 30)))",
     (ANY, "ValueError", "")),
]


_EVALUATE = """\
import json, signal, sys, grundy

def _late(signum, frame):
    raise TimeoutError(f"no answer in {sys.argv[1]} s of CPU")

signal.signal(signal.SIGPROF, _late)
for i, expr in enumerate(json.loads(sys.argv[2])):
    signal.setitimer(signal.ITIMER_PROF, int(sys.argv[1]))  # CPU time, not the clock's
    try:
        got = "OK " + repr(eval(expr))
    except Exception as e:
        got = f"{type(e).__name__} {e}"
    signal.setitimer(signal.ITIMER_PROF, 0)
    print(json.dumps([i, got[:2000]]), flush=True)
"""


@pytest.fixture(scope="module")
def api_results() -> dict[str, str]:
    """Every API expression, evaluated in a few interpreters (each under the memory limit,
    each expression under a timer of :data:`CPU` / 2 s of CPU time):
    expression -> 'OK <repr>' or '<exception type> <message>'."""
    exprs = [e for e, _ in API]
    chunks = [exprs[k::WORKERS] for k in range(WORKERS)]
    each = CPU // 2

    def evaluate(chunk: list[str]) -> dict[str, str]:
        got = {expr: f"TIMEOUT: no answer in {each} s of CPU, or the interpreter died"
               for expr in chunk}
        try:
            proc = subprocess.run([sys.executable, "-c", _EVALUATE, str(each), json.dumps(chunk)],
                                  capture_output=True, timeout=each * len(chunk) + TIMEOUT,
                                  preexec_fn=_limits(cpu=None))  # a timer for each instead
            out = proc.stdout
        except subprocess.TimeoutExpired as late:
            out = late.stdout or b""
        for line in out.decode().splitlines():
            i, text = json.loads(line)
            got[chunk[i]] = text
        return got

    with ThreadPoolExecutor(WORKERS) as pool:
        return {k: v for part in pool.map(evaluate, chunks) for k, v in part.items()}


@pytest.mark.parametrize("expr, want", API, ids=[e[:70] for e, _ in API])
def test_python_api(expr: str, want: Any, api_results: dict[str, str]) -> None:
    got = api_results[expr]
    if isinstance(want, str):
        assert got == f"OK {want}", got
        return
    if len(want) == 3:
        value, *want = want
        if got.startswith("OK "):
            assert value is ANY or got == f"OK {value}", got
            return
    kinds, words = want
    name, _, message = got.partition(" ")
    allowed = {"ValueError": ("ValueError", "GrundyError", "InputError", "UnknownGameError"),
               "TypeError": ("TypeError",), "MemoryError": (), "ZeroDivisionError":
               ("ZeroDivisionError",)}
    assert any(name in allowed[k] for k in kinds.split()), got
    assert message.strip() and words in message, got
