"""The ``grundy`` command: a judge's plain run is answered straight away; everything
else goes to the CLI (:mod:`grundy.cli.main`).

A contest run (``grundy nim [FILE]``, ``grundy solve NAME [FILE]``, no options) needs
no command-line framework, and starting one costs about 20 ms, more than the whole
nim-product run on the compiled kernel.  So such a run reads its input and asks the
solver directly: the nim product through :mod:`grundy.formats._nim_compiled` (the compiled kernel,
nothing else imported), every other problem through :mod:`grundy.formats`.  When that
fails in any way (no kernel, an input only the careful readers take, a bad line, a
file that cannot be opened), nothing has been printed yet, and the CLI runs as
always on the same input: it answers, or reports the fault in its one-line form.
A plain ``grundy sequence GAME -n N`` goes to :mod:`grundy.cli.fastseq` the same way, and
a plain ``grundy quotient CODE`` to :mod:`grundy.cli.fastquot` (no NumPy, no click).
Output that cannot be written is reported as the CLI does (:mod:`grundy.errors`).

>>> judge_input(["nim"]), judge_input(["solve", "squares", "in.txt"])
(('nim', '-'), ('squares', 'in.txt'))
>>> judge_input(["nim", "inv", "3"]), judge_input(["solve", "nim", "--json"])
(None, None)
"""

from __future__ import annotations

import io
import os
import sys
import time

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing (a judge's run)
if TYPE_CHECKING:
    from typing_extensions import Buffer

__all__ = ["NIM_OPERATIONS", "judge_input", "main"]

#: the words ``grundy nim`` takes as operations rather than as a file (those of grundy.nimber)
NIM_OPERATIONS = ("mul", "add", "div", "pow", "inv", "sqrt")


def main() -> None:
    """Console-script entry point."""
    began = time.monotonic()  # a budget of the whole answer counts the start-up too
    # NumPy's import starts OpenBLAS's thread pool, one thread a core, which costs a command
    # about 60 ms of CPU on two cores (half of a plain run's).  grundy multiplies no matrix
    # large enough to gain from it; a user's own setting is kept.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    args = sys.argv[1:]
    try:
        if _fast(args):
            return
        from .main import run
    except KeyboardInterrupt:  # as the CLI says it
        _exit(None)
    except OSError as exc:  # writing a fast path's answer failed (a full disk, a closed pipe)
        from ..errors import discard_output, output_failure

        message = output_failure(exc)
        discard_output()
        if message is None:  # the reader went away, as after `| head`: not an error
            return
        _exit(message)
    sys.exit(run(began=began))


def _fast(args: list[str]) -> bool:
    """Answer a plain run without the CLI: True when it is answered (written out)."""
    if args[:1] == ["sequence"]:
        import importlib

        try:
            fastseq = importlib.import_module("grundy.cli.fastseq")
        except ImportError:  # not there: the CLI answers
            return False
        return bool(fastseq.answer(args))
    if args[:1] == ["quotient"]:
        import importlib

        try:
            fastquot = importlib.import_module("grundy.cli.fastquot")
        except ImportError:  # not there: the CLI answers
            return False
        return bool(fastquot.answer(args))
    run = judge_input(args)
    return run is not None and _answer(*run)


def _exit(message: str | None) -> None:
    """End with one error line (None: Ctrl-C's ``aborted``) and status 2."""
    from ..errors import abort_line

    try:
        sys.stderr.write(abort_line() if message is None else f"grundy: error: {message}\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stderr: the status says it
        pass
    sys.exit(2)


def judge_input(args: list[str]) -> tuple[str, str] | None:
    """The problem and input file of a plain judge run (``nim [FILE]`` or
    ``solve NAME [FILE]``, no options; ``-`` is standard input), or None for any other
    command line."""
    if args[:1] == ["nim"] and not (len(args) > 1 and args[1] in NIM_OPERATIONS):
        problem, rest = "nim", args[1:]
    elif args[:1] == ["solve"] and len(args) > 1 and not args[1].startswith("-"):
        problem, rest = args[1], args[2:]
    else:
        return None
    if not rest:
        return problem, "-"
    if len(rest) == 1 and (rest[0] == "-" or not rest[0].startswith("-")):
        return problem, rest[0]
    return None


def _answer(problem: str, path: str) -> bool:
    """Write the judge's answer if it comes without trouble; False (nothing written) if not."""
    from ..native.compiled import read_all

    try:
        if path == "-":
            if sys.stdin is None:  # closed: the CLI says so
                return False
            data = read_all(sys.stdin.buffer)
        else:
            with open(path, "rb") as handle:
                data = read_all(handle)
    except OSError as exc:
        if path == "-":  # what was read is gone: the CLI is handed the same fault
            # (without its traceback, whose frames would keep what was read alive)
            sys.stdin = io.TextIOWrapper(io.BufferedReader(_Fault(exc.with_traceback(None))))
        return False  # the CLI tries again and reports it
    try:
        chunks = _solve(problem, data)
    except Exception:  # noqa: BLE001 - any fault: the CLI runs again and reports it its way
        chunks = None
    if chunks is None:
        if path == "-":  # the CLI reads standard input again: the same bytes
            sys.stdin = io.TextIOWrapper(io.BytesIO(data))
        return False
    out = getattr(sys.stdout, "buffer", None)
    if out is None:  # no standard output (closed, or replaced): the CLI says what it can
        return False
    for chunk in chunks:  # a failed write is raised to main(), which reports it
        out.write(chunk)
    out.flush()
    return True


class _Fault(io.RawIOBase):
    """A stream whose reading fails as a first reading of standard input did."""

    def __init__(self, exc: OSError) -> None:
        super().__init__()
        self.exc = exc

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Buffer, /) -> int:
        raise self.exc


def _solve(problem: str, data: bytes) -> list[bytes] | None:
    from ..formats import _nim_compiled as judge

    if problem.strip().lower() in judge.PROBLEM_NAMES:
        chunks = judge.products(data)
        if chunks is not None:
            return chunks
    from ..formats import get_format

    return get_format(problem).run(data)
