"""A plain ``grundy sequence GAME -n N`` run on the compiled octal kernel alone, light
enough to answer before NumPy, click and the rest of grundy load.

GAME is a take-and-break code whose moves leave at most two heaps (``0.56``, ``4.07``:
digits 0-7 after the point, 0 or 4 before it) or one of the names ``kayles``,
``dawsons-kayles``, ``dawsons-chess``, ``grundys-game`` (``grundy``).  :func:`answer`
computes heaps 0..N-1 with :mod:`grundy.native._octal` and writes them as ``grundy sequence``
does (single spaces, one final newline).  For any other command line, without the
kernel (or with ``GRUNDY_PURE`` set), or on any failure before the output starts, it
writes nothing and returns False: the CLI then runs as always, and answers or reports.
``grundy sequence`` copies values past a certified period instead of computing them;
the octal periodicity theorem makes those the same values.

>>> game_moves("kayles"), game_moves("4.07"), game_moves("0.fc")
(([1, 2], [1, 2], [1, 2], False), ([2], [2], [0, 2], False), None)
>>> plain_sequence(["sequence", "0.56", "-n", "20"]), plain_sequence(["sequence", "0.56", "--json"])
(('0.56', 20), None)
"""

from __future__ import annotations

import importlib
import os
import sys

from ..errors import GrundyError
from ..rules.codes import Code

__all__ = ["MAX_N", "answer", "game_moves", "main", "plain_sequence"]

MAX_N = 10**8  # as ``grundy sequence -n`` takes
_DEFAULT_N = 50  # ``grundy sequence``'s default
_CHUNK = 1 << 20  # values formatted at a time
#: the catalog's names of the codes these paths take (tests/test_codes.py checks
#: them against the catalog: importing it here would cost more than the whole answer)
_NAMES = {"kayles": "0.77", "dawsons-kayles": "0.07", "dawsons-chess": "0.137"}
_GRUNDYS_GAME = ("grundys-game", "grundy")

Moves = tuple[list[int], list[int], list[int], bool]


def plain_sequence(args: list[str]) -> tuple[str, int] | None:
    """``(GAME, N)`` for ``sequence GAME [-n N]`` (in either order, ``-nN`` too), else None."""
    if args[:1] != ["sequence"]:
        return None
    game, count, rest = None, None, args[1:]
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg == "-n" and count is None and i + 1 < len(rest):
            count, i = rest[i + 1], i + 2
        elif arg.startswith("-n") and len(arg) > 2 and count is None:
            count, i = arg[2:], i + 1
        elif not arg.startswith("-") and game is None:
            game, i = arg, i + 1
        else:
            return None
    if game is None:
        return None
    if count is None:
        return game, _DEFAULT_N
    if not count.isascii() or not count.isdigit() or len(count) > 9 or int(count) > MAX_N:
        return None
    return game, int(count)


def game_moves(game: str) -> Moves | None:
    """``(zero, one, two, unequal)`` removals of GAME for the kernel, or None if this path
    does not take it."""
    text = game.strip().lower()
    if text in _GRUNDYS_GAME:
        return [], [], [0], True
    try:
        code = Code.parse(_NAMES.get(text, text))
    except GrundyError:
        return None
    if code.digits[0] not in (0, 4) or any(d > 7 for d in code.digits):
        return None  # the kernel's codes: at most two heaps left, a split of the whole
    zero, one, two, _ = code.removals()
    return zero, one, two, False


def answer(args: list[str]) -> bool:
    """Write the output of the ``grundy sequence`` command line ``args`` (without the
    program name) and return True, if it is a plain one this path takes; else write
    nothing and return False."""
    run = plain_sequence(args)
    moves = game_moves(run[0]) if run is not None else None
    if run is None or moves is None or os.environ.get("GRUNDY_PURE", "") not in ("", "0"):
        return False
    try:
        kernel = importlib.import_module("grundy.native._octal")
        n = run[1]
        data = bytearray(2 * n)
        values = memoryview(data).cast("H")
        kernel.fill(values, 0, n, *moves)
        text = kernel.text
    except (ImportError, AttributeError, OverflowError, MemoryError, ValueError, TypeError):
        return False
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        return False
    try:
        for start in range(0, n, _CHUNK):
            if start:
                out.write(b" ")
            out.write(text(values, start, min(n, start + _CHUNK)))
        out.write(b"\n")
        out.flush()
    except BrokenPipeError:  # the reader went away, as after `| head`: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return True


def main() -> None:
    """``python -m grundy.cli.fastseq ARGS``: :func:`answer`, or else the CLI (as the console
    script will)."""
    if not answer(sys.argv[1:]):
        from .main import entry

        entry()


if __name__ == "__main__":
    main()
