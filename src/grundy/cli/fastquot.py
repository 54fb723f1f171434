"""A plain ``grundy quotient CODE [--heaps N] [--time S] [--json] [--no-save]`` run for an
octal code, light enough to answer before NumPy, click and the rules load.

CODE is an octal code ``0.d1d2...`` (digits 0-7, no trailing zero: the form the rules
print) or one of the names :mod:`grundy.cli.fastseq` knows (``kayles``,
``dawsons-kayles``, ``dawsons-chess``).  :class:`OctalCode` lists its heaps' options as the solver reads them (a test
compares them with the rules' ``TakeAndBreak``), and :func:`answer` runs the same
computation as ``grundy quotient`` (:func:`grundy.play.misere.quotient.compute_quotient`
on the compiled kernel, the same cache folder) and prints what it prints
(:meth:`~grundy.play.misere.quotient.Quotient.report`, or the same JSON).  For any other
command line, without the compiled kernel (or with ``GRUNDY_PURE`` set), or for limits
out of range, it writes nothing and returns False: the CLI then runs as always, and
answers or reports.

>>> plain_quotient(["quotient", "0.77", "--heaps", "40", "--json"])
('0.77', 40, None, True, False)
>>> plain_quotient(["quotient", "Kayles"]), plain_quotient(["quotient", "0.770"])
(None, None)
>>> OctalCode("0.07").misere_options(5)
[(3,), (1, 2)]
"""

from __future__ import annotations

import json
import math
import os
import re
import sys

from .fastseq import _NAMES

__all__ = ["OctalCode", "answer", "end_progress", "plain_quotient", "progress"]

_CODE = re.compile(r"0\.[0-7]*[1-7]")

Run = tuple[str, int | None, float | None, bool, bool]


class OctalCode:
    """An octal code whose moves leave at most two heaps, as the misère solver reads a
    heap game: its notation, digits and the options of each heap as tuples of heaps."""

    def __init__(self, code: str, label: str | None = None) -> None:
        self.code = code
        self.digits = (0, *map(int, code[2:]))
        self.label = label or code  # the game as the user named it

    @property
    def notation(self) -> str:
        return self.code

    def misere_options(self, n: int) -> list[tuple[int, ...]]:
        """The options of heap ``n`` (empty heaps dropped), in the rules' order."""
        out: list[tuple[int, ...]] = []
        for k, d in enumerate(self.digits):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                out.append(())
            if d & 2 and rest >= 1:
                out.append((rest,))
            if d & 4:
                out.extend((a, rest - a) for a in range(1, rest // 2 + 1))
        return out


def plain_quotient(args: list[str]) -> Run | None:
    """``(CODE, heaps, seconds, json, no_save)`` for a plain ``quotient`` command line
    this path takes, else None."""
    if args[:1] != ["quotient"]:
        return None
    code, heaps, seconds, as_json, no_save = None, None, None, False, False
    rest = args[1:]
    i = 0
    while i < len(rest):
        arg = rest[i]
        name, eq, value = arg.partition("=")
        if name in ("--heaps", "--time") and not eq:
            if i + 1 >= len(rest):
                return None
            value, i = rest[i + 1], i + 2
        else:
            i += 1
        if name == "--heaps" and heaps is None:
            if not value.isascii() or not value.isdigit() or len(value) > 9:
                return None
            heaps = int(value)
        elif name == "--time" and seconds is None:
            try:
                seconds = float(value)
            except ValueError:
                return None
            if not math.isfinite(seconds):
                return None
        elif arg == "--json" and not as_json:
            as_json = True
        elif arg == "--no-save" and not no_save:
            no_save = True
        elif code is None and (_CODE.fullmatch(arg) or arg in _NAMES):
            code = arg
        else:
            return None
    if code is None:
        return None
    return code, heaps, seconds, as_json, no_save


def answer(args: list[str]) -> bool:
    """Write the output of the ``grundy quotient`` command line ``args`` (without the
    program name) and return True, if it is a plain one this path takes; else write
    nothing and return False."""
    run = plain_quotient(args)
    if run is None or os.environ.get("GRUNDY_PURE", "") not in ("", "0"):
        return False
    code, heaps, seconds, as_json, no_save = run
    try:
        from ..native.compiled import extension
        from ..play.misere import quotient as misere

        if extension("_misere") is None:
            return False
        if heaps is not None and not 0 <= heaps <= misere.MAX_HEAPS:
            return False
        if seconds is not None and not 0 < seconds <= misere.MAX_SECONDS:
            return False
        from ..play.misere.cache import load, save
    except ImportError:
        return False
    game = OctalCode(_NAMES[code], code) if code in _NAMES else OctalCode(code)
    q = load(game) if heaps is None and seconds is None else None  # type: ignore[arg-type]
    if q is None or not q.certified:
        try:
            q = misere.compute_quotient(game, heaps, seconds, progress)  # type: ignore[arg-type]
        finally:
            end_progress()
        if q.certified and not no_save:
            save(game, q)  # type: ignore[arg-type]
    text = json.dumps(q.as_dict()) + "\n" if as_json else "".join(f"{line}\n"
                                                                  for line in q.report())
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def progress(line: str) -> None:
    """Show a progress line on a terminal (stderr), in place."""
    stream = sys.stderr
    if stream is not None and stream.isatty():
        stream.write(f"\r\x1b[K{line}")
        stream.flush()


def end_progress() -> None:
    """Clear the progress line."""
    stream = sys.stderr
    if stream is not None and stream.isatty():
        stream.write("\r\x1b[K")
        stream.flush()
