"""The ``grundy`` command: a judge's plain run is answered straight away; everything
else goes to the CLI (:mod:`grundy.cli`).

A contest run (``grundy nim [FILE]``, ``grundy solve NAME [FILE]``, no options) needs
no command-line framework, and starting one costs about 20 ms, more than the whole
nim-product run on the compiled kernel.  So such a run reads its input and asks the
solver directly: the nim product through :mod:`grundy.judge` (the compiled kernel,
nothing else imported), every other problem through :mod:`grundy.formats`.  When that
fails in any way (no kernel, an input only the careful readers take, a bad line, a
file that cannot be opened), nothing has been printed yet, and the CLI runs as
always on the same input: it answers, or reports the fault in its one-line form.

>>> judge_input(["nim"]), judge_input(["solve", "squares", "in.txt"])
(('nim', '-'), ('squares', 'in.txt'))
>>> judge_input(["nim", "inv", "3"]), judge_input(["solve", "nim", "--json"])
(None, None)
"""

from __future__ import annotations

import io
import os
import sys

__all__ = ["NIM_OPERATIONS", "judge_input", "main"]

#: the words ``grundy nim`` takes as operations rather than as a file (those of grundy.nimber)
NIM_OPERATIONS = ("mul", "add", "div", "pow", "inv", "sqrt")


def main() -> None:
    """Console-script entry point."""
    run = judge_input(sys.argv[1:])
    try:
        if run is not None and _answer(*run):
            return
    except KeyboardInterrupt:  # as the CLI says it
        sys.stderr.write("\ngrundy: error: aborted\n")
        sys.exit(2)
    from .cli import entry

    entry()


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
    from .compiled import read_all

    try:
        if path == "-":
            data = read_all(sys.stdin.buffer)
        else:
            with open(path, "rb") as handle:
                data = read_all(handle)
    except OSError:
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
    try:
        for chunk in chunks:
            out.write(chunk)
        out.flush()
    except BrokenPipeError:  # the reader went away, as after `| head`: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return True


def _solve(problem: str, data: bytes) -> list[bytes] | None:
    from . import judge

    if problem.strip().lower() in judge.PROBLEM_NAMES:
        chunks = judge.products(data)
        if chunks is not None:
            return chunks
    from .formats import problem_name, solve_chunks

    return solve_chunks(problem_name(problem), data)
