"""The ``grundy`` command: a judge's plain nim-product run is answered straight away by
:mod:`grundy.judge`; everything else goes to the CLI (:mod:`grundy.cli`).

Starting the CLI framework takes longer than multiplying a million nimbers in C, so
``grundy nim [FILE]`` and ``grundy solve nim [FILE]`` without options first try the
compiled kernel, importing nothing else.  When it cannot answer (no kernel, an input it
leaves to the careful readers, a file that cannot be opened), nothing has been printed
yet, and the CLI runs as always, on the same input: it answers, or names the fault.

>>> judge_input(["nim"]), judge_input(["solve", "nim", "in.txt"]), judge_input(["nim", "inv", "3"])
('-', 'in.txt', None)
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
    path = judge_input(sys.argv[1:])
    if path is not None and _answer(path):
        return
    from .cli import entry

    entry()


def judge_input(args: list[str]) -> str | None:
    """The input file of a plain judge run (``nim [FILE]``, ``solve nim [FILE]``, no
    options; ``-`` is standard input), or None for any other command line."""
    from .judge import PROBLEM_NAMES

    if args[:1] == ["nim"] and not (len(args) > 1 and args[1] in NIM_OPERATIONS):
        rest = args[1:]
    elif args[:1] == ["solve"] and len(args) > 1 and args[1].strip().lower() in PROBLEM_NAMES:
        rest = args[2:]
    else:
        return None
    if not rest:
        return "-"
    if len(rest) == 1 and (rest[0] == "-" or not rest[0].startswith("-")):
        return rest[0]
    return None


def _answer(path: str) -> bool:
    """Write the judge's answer if the compiled kernel can give it; False if it cannot."""
    from . import judge
    from .compiled import compiled, read_all

    if compiled() is None:
        return False
    try:
        if path == "-":
            data = read_all(sys.stdin.buffer)
        else:
            with open(path, "rb") as handle:
                data = read_all(handle)
    except OSError:
        return False  # the CLI tries again and reports it
    try:
        chunks = judge.products(data)
    except MemoryError:  # the CLI tries again and reports it
        chunks = None
    if chunks is None:
        if path == "-":  # the CLI reads standard input again: the same bytes
            sys.stdin = io.TextIOWrapper(io.BytesIO(data))
        return False
    try:
        for chunk in chunks:
            sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()
    except BrokenPipeError:  # the reader went away, as after `| head`: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return True
