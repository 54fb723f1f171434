"""The console script: a plain judge run answered before the CLI loads, everything else by the CLI."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from grundy import console, nimber
from grundy.compiled import compiled
from grundy.nimber import nim_mul
from test_nim_cli import SAMPLE_IN, SAMPLE_OUT

needs_kernel = pytest.mark.skipif(compiled() is None, reason="the compiled kernel is not built here")


@pytest.mark.parametrize("args, path", [
    (["nim"], "-"), (["nim", "-"], "-"), (["nim", "in.txt"], "in.txt"),
    (["solve", "nim"], "-"), (["solve", "Nim-Product", "x.in"], "x.in"),
    (["nim", "mul", "3", "5"], None), (["nim", "sqrt"], None), (["nim", "a", "b"], None),
    (["nim", "--help"], None), (["solve", "nim", "--json"], None), (["solve", "nim", "-", "x"], None),
    (["solve", "squares"], None), (["solve"], None), ([], None), (["--version"], None),
    (["analyze", "nim", "3"], None),
])
def test_which_command_lines_are_judge_runs(args: list[str], path: str | None) -> None:
    assert console.judge_input(args) == path


def test_nim_operations_are_those_of_the_nimber_module() -> None:
    assert console.NIM_OPERATIONS == tuple(nimber.OPERATIONS)


def run_main(args: list[str], input: bytes = b"", env: dict[str, str] | None = None,
             ) -> subprocess.CompletedProcess[bytes]:
    """console.main() in a fresh interpreter; it then reports on stderr whether click
    and NumPy were loaded."""
    code = ("import sys\nfrom grundy import console\n"
            f"sys.argv = ['grundy', *{args!r}]\n"
            "try:\n    console.main()\nexcept SystemExit as exit:\n    code = exit.code\n"
            "else:\n    code = 0\n"
            "print('loaded:', 'click' in sys.modules, 'numpy' in sys.modules, file=sys.stderr)\n"
            "sys.exit(code)\n")
    return subprocess.run([sys.executable, "-c", code], input=input, capture_output=True,
                          env={**os.environ, **(env or {})}, timeout=120)


@needs_kernel
def test_a_judge_run_loads_neither_click_nor_numpy(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "nim.in"
    path.write_text(SAMPLE_IN)
    for args, data in ((["nim"], SAMPLE_IN.encode()), (["solve", "nim", str(path)], b"")):
        proc = run_main(args, data)
        assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)
        assert proc.stderr.decode() == "loaded: False False\n"
    # without the kernel the CLI answers, the same
    proc = run_main(["nim"], SAMPLE_IN.encode(), env={"GRUNDY_PURE": "1"})
    assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)
    assert proc.stderr.decode() == "loaded: True True\n"


@needs_kernel
def test_what_the_kernel_leaves_goes_to_the_cli_with_the_same_input(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tabs = SAMPLE_IN.replace(" ", "\t").encode()  # tidied, then read by the kernel
    proc = run_main(["nim"], tabs)
    assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)
    assert proc.stderr.decode() == "loaded: False False\n"
    zeros = SAMPLE_IN.replace("\n5 ", "\n" + "0" * 30 + "5 ").encode()  # only the careful reader
    proc = run_main(["nim"], zeros)
    assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)
    assert proc.stderr.decode() == "loaded: True True\n"
    proc = run_main(["nim"], b"2\n1 2\n3 x\n")
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.decode().startswith("grundy: error: line 3: ")
    proc = run_main(["nim", str(tmp_path / "missing.in")])
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.decode().startswith("grundy: error: cannot read ")


@needs_kernel
def test_a_reader_that_goes_away_is_not_an_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    lines = [f"{k} {k + 3}" for k in range(100_000)]
    path = tmp_path / "big.in"
    path.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "nim", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""
    assert first == b"%d\n" % nim_mul(0, 3)
