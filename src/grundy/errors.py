"""The errors grundy raises for bad input; the CLI turns them into ``grundy: error: ...``."""

from __future__ import annotations

import errno
import os
import sys
from numbers import Integral
from typing import TypeGuard


class GrundyError(ValueError):
    """Base class of grundy's own input errors (bad game name, bad code, bad file)."""


class InputError(GrundyError):
    """A contest input that does not follow its format.

    ``line`` is the 1-based line at fault (``None`` when the fault has no line,
    such as an empty input).

    >>> str(InputError("expected 2 numbers, found 3", line=4))
    'line 4: expected 2 numbers, found 3'
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class UnknownGameError(GrundyError, LookupError):
    """A game name that neither the catalog nor any code notation knows."""


class OutOfTime(BaseException):
    """A search stopped by its time budget (the command line's ``--time``): raised by an
    interval timer's signal wherever the search is, so a BaseException, as Ctrl-C's
    KeyboardInterrupt: no ``except Exception`` of a search takes it for a fault, and what
    the search has memoised is final."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``), taken as Ctrl-C while a command runs (:mod:`grundy.cli.main`):
    a search stops as at the end of its ``--time``, its local workers' tables saved.  It
    reaches grundy alone, where a terminal's Ctrl-C reaches every process of the foreground
    group; the local workers ignore that one (:func:`grundy.research.cluster.client`)."""


# -- failures of the standard streams: one policy for the CLI and the console's fast paths --

#: A reader that goes away (``grundy ... | head``) is not an error: grundy stops writing
#: and ends quietly with status 0.  Any other failed write of the answer (a full disk,
#: an I/O error) is the one line ``grundy: error: cannot write the output: ...``, status 2.
QUIET_ERRNOS = frozenset({errno.EPIPE})


def is_integer(x: object) -> TypeGuard[int]:
    """Whether ``x`` is an integer: an ``int`` or a NumPy integer, not a bool.  (NumPy
    registers its integers as :class:`numbers.Integral`, so the check imports nothing.)

    >>> is_integer(3), is_integer(True), is_integer(3.0), is_integer("3")
    (True, False, False, False)
    """
    return isinstance(x, Integral) and not isinstance(x, bool)


def shorten(text: str, limit: int) -> str:
    """``text``, or its first 40 characters and its length when it is longer than ``limit``
    (a 10^5-digit number typed, a drawing of thousands of edges).

    >>> shorten("0-1,1-2", 80), shorten("9" * 100, 80)
    ('0-1,1-2', '9999999999999999999999999999999999999999... (100 characters)')
    """
    return text if len(text) <= limit else f"{text[:40]}... ({len(text)} characters)"


def output_failure(exc: OSError) -> str | None:
    """The error message for a failed write of the answer, or None when the reader went
    away (a closed pipe), which is no error.

    >>> output_failure(OSError(errno.ENOSPC, "No space left on device"))
    'cannot write the output: No space left on device'
    >>> output_failure(BrokenPipeError(errno.EPIPE, "Broken pipe")) is None
    True
    """
    if exc.errno in QUIET_ERRNOS or isinstance(exc, BrokenPipeError):
        return None
    return f"cannot write the output: {exc.strerror or exc}"


def discard_output() -> None:
    """Point standard output at the null device, so that the interpreter's last flush
    of text a failed write left in the buffer cannot fail again (and print a traceback
    where grundy has already said what went wrong)."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):  # no stdout, or one without a file
        return
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def abort_line() -> str:
    """What Ctrl-C prints: one line, after a line break when a terminal shows the ``^C``.

    >>> abort_line().endswith("grundy: error: aborted\\n")
    True
    """
    stderr = sys.stderr
    newline = stderr is not None and hasattr(stderr, "isatty") and stderr.isatty()
    return ("\n" if newline else "") + "grundy: error: aborted\n"
