"""The console script: a plain judge run answered before the CLI loads, everything else by the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources

import pytest

from grundy import nimber
from grundy.cli import console
from grundy.native.compiled import compiled
from grundy.nimber import nim_mul
from formats.test_nim import SAMPLE_IN, SAMPLE_OUT

needs_kernel = pytest.mark.skipif(compiled() is None, reason="the compiled kernel is not built here")


@pytest.mark.parametrize("args, run", [
    (["nim"], ("nim", "-")), (["nim", "-"], ("nim", "-")), (["nim", "in.txt"], ("nim", "in.txt")),
    (["solve", "nim"], ("nim", "-")), (["solve", "Nim-Product", "x.in"], ("Nim-Product", "x.in")),
    (["solve", "squares"], ("squares", "-")), (["solve", "grid-game-2", "-"], ("grid-game-2", "-")),
    (["nim", "mul", "3", "5"], None), (["nim", "sqrt"], None), (["nim", "a", "b"], None),
    (["nim", "--help"], None), (["solve", "nim", "--json"], None), (["solve", "nim", "-", "x"], None),
    (["solve", "--help"], None), (["solve"], None), ([], None), (["--version"], None),
    (["analyze", "nim", "3"], None), (["solve", "split", "--explain", "f"], None),
])
def test_which_command_lines_are_judge_runs(args: list[str], run: tuple[str, str] | None) -> None:
    assert console.judge_input(args) == run


def test_nim_operations_are_those_of_the_nimber_module() -> None:
    assert console.NIM_OPERATIONS == tuple(nimber.OPERATIONS)


def run_main(args: list[str], input: bytes = b"", env: dict[str, str] | None = None,
             ) -> subprocess.CompletedProcess[bytes]:
    """console.main() in a fresh interpreter; it then reports on stderr whether click
    and NumPy were loaded."""
    code = ("import sys\nfrom grundy.cli import console\n"
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
    tabs = SAMPLE_IN.replace(" ", "\t").encode()  # the kernel reads blanks as split() does
    proc = run_main(["nim"], tabs)
    assert (proc.returncode, proc.stdout.decode(), proc.stderr.decode()) == (0, SAMPLE_OUT, "loaded: False False\n")


def test_other_judge_runs_skip_the_cli(tmp_path) -> None:  # type: ignore[no-untyped-def]
    example = (resources.files("grundy.formats") / "examples" / "squares.in").read_bytes()
    # --explain goes through the CLI: the judge's answer, the explanation indented under it
    expected = subprocess.run([sys.executable, "-m", "grundy", "solve", "squares", "--explain"],
                              input=example, capture_output=True).stdout
    assert expected.startswith(b"FIRST\n ")
    proc = run_main(["solve", "grid-game-2"], example)
    assert proc.returncode == 0 and proc.stderr.decode() == "loaded: False True\n"
    answers = [line for line in expected.decode().splitlines() if not line.startswith(" ")]
    assert proc.stdout.decode().split() == answers
    # without the kernel, the nim product too: NumPy, and still no click
    proc = run_main(["nim"], SAMPLE_IN.encode(), env={"GRUNDY_PURE": "1"})
    assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)
    assert proc.stderr.decode() == "loaded: False True\n"
    zeros = SAMPLE_IN.replace("\n5 ", "\n" + "0" * 30 + "5 ").encode()  # the careful reader's
    proc = run_main(["nim"], zeros)
    assert (proc.returncode, proc.stdout.decode()) == (0, SAMPLE_OUT)


@pytest.mark.parametrize("args, out", [
    (["analyze", "nim", "3", "4", "5"], "values: 3: 3, 4: 4, 5: 5\n"),
    (["analyze", "cram", "2x3"], "values: 2x3: 1\n"),
    (["analyze", "green-hackenbush", "stalk:3", "stalk:5"], "values: 0-1,1-2,2-3: 3, "),
])
def test_a_command_that_needs_no_array_starts_without_numpy(args: list[str], out: str) -> None:
    """NumPy is a third of a command's start-up: the games import it where they fill an
    array (a Grundy sequence, a table), so a rule or a closed form answers without it."""
    proc = run_main(args)
    assert proc.returncode == 0 and proc.stdout.decode().startswith(out), proc
    assert proc.stderr.decode() == "loaded: True False\n"


@pytest.mark.parametrize("given, kept", [(None, "1"), ("3", "3")])
def test_the_command_starts_no_blas_thread_pool_unless_told_to(given: str | None,
                                                               kept: str) -> None:
    """NumPy's import starts one OpenBLAS thread a core unless OPENBLAS_NUM_THREADS says
    otherwise: the command sets it to 1 before anything imports NumPy, and keeps a user's."""
    code = ("import sys\nfrom grundy.cli import console\n"
            "sys.argv = ['grundy', 'analyze', 'kayles', '10']\n"
            "try:\n    console.main()\nexcept SystemExit:\n    pass\n"
            "import os\nassert 'numpy' in sys.modules\n"
            "threads = [line.split()[1] for line in open('/proc/self/status')\n"
            "           if line.startswith('Threads:')]\n"
            "print(os.environ.get('OPENBLAS_NUM_THREADS'), *threads, file=sys.stderr)\n")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.decode().startswith("values: 10: 2\n")
    setting, *threads = proc.stderr.decode().split()
    assert setting == kept
    if given is None and threads:  # /proc is there: NumPy's import added no thread
        assert threads == ["1"]


def test_faults_go_to_the_cli_with_the_same_input(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for args, data, words in ((["nim"], b"2\n1 2\n3 x\n", "line 3: "),
                              (["solve", "squares"], b"2\n1 1\n", "line "),
                              (["solve", "checkers"], b"1\n", "unknown problem"),
                              (["nim", str(tmp_path / "missing.in")], b"", "cannot read ")):
        proc = run_main(args, data)
        assert (proc.returncode, proc.stdout) == (2, b""), args
        err = proc.stderr.decode()
        assert err.startswith("grundy: error: ") and words in err, err
        assert err.endswith("loaded: True True\n") or err.endswith("loaded: True False\n"), err


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


def test_closed_standard_output_is_one_error_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "nim.in"
    path.write_text(SAMPLE_IN)
    for args in (["nim", str(path)], ["solve", "split", str(path)]):
        proc = subprocess.run([sys.executable, "-m", "grundy", *args], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, close_fds=True,
                              preexec_fn=lambda: os.close(1))
        assert proc.returncode == 2
        err = proc.stderr.decode()
        assert err.count("\n") == 1 and err.startswith("grundy: error: "), err


def _fake_fastseq(answer):  # type: ignore[no-untyped-def]
    import types

    module = types.ModuleType("grundy.cli.fastseq")
    module.answer = answer  # type: ignore[attr-defined]
    return module


def test_a_sequence_run_goes_to_fastseq_first(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    calls: list[list[str]] = []

    def answered(args: list[str]) -> bool:
        calls.append(args)
        sys.stdout.write("answered\n")
        return True

    monkeypatch.setitem(sys.modules, "grundy.cli.fastseq", _fake_fastseq(answered))
    monkeypatch.setattr(sys, "argv", ["grundy", "sequence", "kayles", "-n", "5"])
    console.main()
    assert calls == [["sequence", "kayles", "-n", "5"]]
    assert capsys.readouterr().out == "answered\n"
    # not answered (False, nothing written): the CLI answers
    monkeypatch.setitem(sys.modules, "grundy.cli.fastseq", _fake_fastseq(lambda args: False))
    with pytest.raises(SystemExit) as exit:
        console.main()
    assert exit.value.code == 0 and capsys.readouterr().out == "0 1 2 3 1\n"
    # no such module yet: the CLI answers
    monkeypatch.setitem(sys.modules, "grundy.cli.fastseq", None)  # import -> ImportError
    with pytest.raises(SystemExit) as exit:
        console.main()
    assert exit.value.code == 0 and capsys.readouterr().out == "0 1 2 3 1\n"


@pytest.mark.parametrize("fault, err", [
    (KeyboardInterrupt(), "grundy: error: aborted\n"),
    (OSError(28, "No space left on device"), "grundy: error: cannot write the output: No space left on device\n"),
])
def test_a_fault_in_fastseq_is_one_error_line(monkeypatch, capsys, fault, err) -> None:  # type: ignore[no-untyped-def]
    def fails(args: list[str]) -> bool:
        raise fault

    monkeypatch.setitem(sys.modules, "grundy.cli.fastseq", _fake_fastseq(fails))
    monkeypatch.setattr(sys, "argv", ["grundy", "sequence", "kayles"])
    monkeypatch.setattr("grundy.errors.discard_output", lambda: None)  # keep pytest's stdout
    with pytest.raises(SystemExit) as exit:
        console.main()
    assert exit.value.code == 2
    assert capsys.readouterr() == ("", err)


def test_a_full_disk_on_the_fast_paths_is_one_error_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    example = tmp_path / "nim.in"
    example.write_text(SAMPLE_IN)
    split = resources.files("grundy.formats") / "examples" / "split.in"
    for args in (["nim", str(example)], ["solve", "nim", str(example)], ["solve", "split", str(split)]):
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([sys.executable, "-m", "grundy", *args], stdout=full,
                                  stderr=subprocess.PIPE, timeout=120)
        assert proc.returncode == 2, args
        assert proc.stderr == b"grundy: error: cannot write the output: No space left on device\n"


def _modules(code: str, args: list[str], data: bytes) -> set[str]:
    """The modules loaded by the end of ``code`` run with ``args``, in a fresh interpreter."""
    script = (f"import sys\nsys.argv = ['grundy', *{args!r}]\n{code}\n"
              "sys.stderr.write(' '.join(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return set(proc.stderr.decode().split())


@needs_kernel
def test_a_nim_judge_run_loads_only_its_own_modules() -> None:
    """The judge's nim-product run: beyond what the interpreter loads for the few standard
    modules it names, only the modules of its own way through grundy, the layers' faces
    included (each holds a docstring, or a table of names loaded on first use)."""
    stdlib = _modules("import __future__, contextvars, functools, importlib, io, os, stat, threading",
                      [], b"")
    run = _modules("from grundy.cli import console\ntry:\n    console.main()\n"
                   "except SystemExit:\n    pass", ["nim"], SAMPLE_IN.encode())
    assert {m for m in run - stdlib if not m.startswith("grundy")} == set()
    assert {m for m in run if m.startswith("grundy")} == {
        "grundy", "grundy.cli", "grundy.cli.console", "grundy.formats",
        "grundy.formats._nim_compiled", "grundy.native", "grundy.native._speedups",
        "grundy.native.compiled", "grundy.native.parallel"}
