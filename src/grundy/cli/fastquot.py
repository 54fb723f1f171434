"""A plain ``grundy quotient CODE [--heaps N] [--time S] [--json] [--no-save]`` run for a
take-and-break code, light enough to answer before NumPy, click and the rules load.

CODE is a take-and-break code ``d0.d1d2...`` in the form the rules print: octal or
hexadecimal digits in lower case, ``d0`` one of 0, 4 and 8 (the catalog reads a code
only when it starts with a digit), no trailing zero after the point (``0.77``, ``4.07``,
``0.fc``), or one of the names :mod:`grundy.cli.fastseq` knows (``kayles``,
``dawsons-kayles``, ``dawsons-chess``).  Such a code is read by
:class:`grundy.rules.codes.Code` (NumPy-free), the reading the rules' ``TakeAndBreak``
holds: the misère solver asks it what it asks a heap game (its heaps' options, their
count, what the periodicity theorem needs).  :func:`answer` runs the same computation as
``grundy quotient`` (:func:`grundy.misere.quotient.compute_quotient` on the compiled
kernel, the same cache folder) and prints what it prints
(:meth:`~grundy.misere.quotient.Quotient.report`, or the same JSON).  For any other command line, without the compiled kernel (or with
``GRUNDY_PURE`` set), or for limits out of range, it writes nothing and returns False: the
CLI then runs as always, and answers or reports.

>>> plain_quotient(["quotient", "0.77", "--heaps", "40", "--json"])
('0.77', 40, None, True, False)
>>> plain_quotient(["quotient", "4.07"]), plain_quotient(["quotient", "0.fc", "--no-save"])
(('4.07', None, None, False, False), ('0.fc', None, None, False, True))
>>> plain_quotient(["quotient", "Kayles"]), plain_quotient(["quotient", "0.770"])
(None, None)
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import NoReturn

from ..rules.codes import Code
from .fastseq import _NAMES

__all__ = ["answer", "end_progress", "plain_quotient", "progress"]

Run = tuple[str, int | None, float | None, bool, bool]


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
        elif code is None and (arg in _NAMES or Code.canonical(arg) is not None):
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
    if sys.stdout is None:  # closed: the CLI says so, in its one line, before any work
        return False
    code, heaps, seconds, as_json, no_save = run
    try:
        from ..native.compiled import extension
        from ..misere import quotient as misere

        if extension("_misere") is None:
            return False
        if heaps is not None and not 0 <= heaps <= misere.MAX_HEAPS:
            return False
        if seconds is not None and not 0 < seconds <= misere.MAX_SECONDS:
            return False
        from ..misere.cache import load, save
    except ImportError:
        return False
    game = Code.parse(_NAMES[code], code) if code in _NAMES else Code.parse(code)
    q = load(game, misere.DEFAULT_SECONDS) if heaps is None and seconds is None else None
    if q is None or not q.certified:
        try:
            q = misere.compute_quotient(game, heaps, seconds, progress)
        except MemoryError:  # as the CLI says it (nothing is written yet)
            _fail("out of memory")
        finally:
            end_progress()
        if q.certified and not no_save:
            save(game, q)
    text = json.dumps(q.as_dict()) + "\n" if as_json else "".join(f"{line}\n"
                                                                  for line in q.report())
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def _fail(message: str) -> NoReturn:
    """End with the CLI's one error line and status 2."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"grundy: error: {message}\n")
            sys.stderr.flush()
    except (OSError, ValueError):  # no stderr to say it on: the status says it
        pass
    sys.exit(2)


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
