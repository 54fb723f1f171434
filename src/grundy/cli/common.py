"""What the commands share: reading the input, writing an answer, a GAME argument, JSON,
and refusing options that do not apply.  Every failure here is a ``click.ClickException``,
which :func:`grundy.cli.main.run` prints as one line ``grundy: error: ...``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

import click

from ..errors import OutOfTime

__all__ = ["MAX_POSITION_FILE", "began", "begin", "budget", "echo_json", "fail", "long_numbers",
           "memory_option", "parse_size", "position_words", "read_input",
           "refuse_options", "resolve_game", "time_limit", "time_option", "write_chunks"]


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error."""
    raise click.ClickException(message)


def read_input(path: str) -> bytes:
    """The bytes of FILE (``-``: standard input), or a one-line error naming it."""
    from ..native.compiled import read_all

    try:
        if path == "-":
            if sys.stdin is None:
                fail("standard input is closed: give the input as a FILE")
            return read_all(sys.stdin.buffer)
        with open(path, "rb") as handle:
            return read_all(handle)
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")


#: the largest file a position word ``@FILE`` names (a drawing of 10^5 edges is about 1.2 MB)
MAX_POSITION_FILE = 4 << 20


def position_words(words: Sequence[str]) -> list[str]:
    """The words of a position with each ``@FILE`` replaced by the text of that file (an
    edge list, a board's rows): files are read here, by the command line, never by the
    library or the server, which take text only."""
    out = []
    for word in words:
        if not word.startswith("@") or len(word) == 1:
            out.append(word)
            continue
        path = word[1:]
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_POSITION_FILE + 1)
        except OSError as exc:
            fail(f"cannot read {path}: {exc.strerror}")
        if len(data) > MAX_POSITION_FILE:
            fail(f"{path}: a position file is at most {MAX_POSITION_FILE >> 20} MB")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            fail(f"{path}: not a text file (UTF-8)")
        if not text.strip():
            fail(f"{path}: the file is empty (it should hold a position: an edge list, U V "
                 "a line, or a board's rows)")
        out.append(text if text.endswith("\n") else text + "\n")
    return out


def write_chunks(chunks: list[bytes]) -> None:
    """A whole answer, as pieces of bytes (contest answers are ASCII: no copy through str)."""
    if sys.stdout is None:
        fail("standard output is closed: nowhere to write the answer")
    sys.stdout.flush()
    for chunk in chunks:
        sys.stdout.buffer.write(chunk)
    sys.stdout.buffer.flush()


def resolve_game(name: str) -> Any:
    """The game a GAME argument names: a catalog name or notation, or ``file.py:Class``."""
    from ..catalog.loading import resolve

    return resolve(name)


def echo_json(obj: Any) -> None:
    """Print ``obj`` as one line of JSON."""
    click.echo(json.dumps(obj))


def refuse_options(*params: tuple[str, str], why: str) -> None:
    """A one-line error if the user gave any of these options (parameter, option) explicitly."""
    ctx = click.get_current_context()
    given = [opt for param, opt in params
             if ctx.get_parameter_source(param) not in (None, click.core.ParameterSource.DEFAULT,
                                                        click.core.ParameterSource.DEFAULT_MAP)]
    if given:
        fail(f"{' and '.join(given)} do{'es' if len(given) == 1 else ''} not apply: {why}")


@contextmanager
def long_numbers() -> Iterator[None]:
    """Lifts Python's limit on int <-> decimal conversions (4300 digits) for numbers
    whose size grundy has already bounded."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(saved)


#: the suffixes of a size: K, M, G, T (powers of 1024)
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str) -> int:
    """Bytes from a size as written: ``512M``, ``2G``, ``1.5G``, ``65536`` (K, M, G and T are
    powers of 1024; a trailing B, as in ``512MB``, is allowed); ValueError for other text.

    >>> parse_size("512M"), parse_size("2g"), parse_size("1.5G"), parse_size("4096")
    (536870912, 2147483648, 1610612736, 4096)
    """
    import re

    found = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([KMGT]?)(?:I?B)?\s*", text, re.IGNORECASE)
    if found is None or len(text) > 40:
        raise ValueError(f"{text!r} is not a size (bytes, or with K, M or G: 512M, 2G)")
    return int(float(found[1]) * _UNITS[found[2].upper()])


class _Memory(click.ParamType[int]):
    """A ``--memory`` size: at least 1 MB, at most the machine's RAM."""

    name = "size"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            size = parse_size(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)
        from ..research.boards import machine_memory

        ram = machine_memory()
        if size < 1 << 20:
            self.fail(f"{value} is less than 1M, the least the search's table takes", param, ctx)
        if ram is not None and size > ram:
            self.fail(f"{value} is more than this machine's memory ({ram / 2**30:.1f}G)",
                      param, ctx)
        return size


def memory_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--memory SIZE`` option of a command that runs the compiled board search (the
    most its table takes: ``512M``, ``2G``); ``what`` says which part of the command."""
    return click.option("--memory", type=_Memory(), default=None, metavar="SIZE",
                        help=f"{what}: the most memory the search's table grows to, such as "
                             "512M or 2G (32M unless told; its slots, of 12 bytes, rounded down "
                             "to a power of two; boards past 64 cells take up to 5/6 more).")


#: when the command began (``time.monotonic()``): set by :func:`begin`, which
#: :func:`grundy.cli.main.run` calls with the console script's first reading of the clock
_began: float | None = None


def begin(at: float | None = None) -> None:
    """Start the command's clock at ``at`` (None: now); a budget of the whole answer, as
    ``genus`` promises one, counts from here, start-up included."""
    import time

    global _began
    _began = time.monotonic() if at is None else at


def began() -> float:
    """When the command began (:func:`begin`; now if it was never called)."""
    import time

    return time.monotonic() if _began is None else _began


def time_option(what: str, whole: bool = False, default_text: str | None = None,
                then: str = "with one error line (saying how far it got where it can tell)"
                ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--time SECONDS`` option of a command with a search (``what`` it bounds);
    ``whole``: the budget is the whole command's, start-up included; ``default_text``: the
    budget the command keeps when none is given; ``then``: what happens at its end."""
    since = " from the command's start" if whole else ""
    told = "" if default_text is None else f" (default {default_text})"
    return click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True),
                        default=None, metavar="SECONDS",
                        help=f"Stop {what} after about this many seconds{since}{told}, "
                             f"{then}.")


@contextmanager
def time_limit(seconds: float | None, reached: Callable[[], str | None] | None = None,
               since: float | None = None, show: bool = True) -> Iterator[None]:
    """Stop the command with one line once ``seconds`` are spent since ``since`` (a
    ``time.monotonic()``; None: now; ``seconds`` None: no limit).  The search is stopped
    where it is (:func:`budget`); what it has memoised is final, so ``reached()`` may say
    how far it got (``"4120 positions valued"``, or None).  ``show``: as :func:`budget`'s."""
    try:
        with budget(seconds, reached, since, show):
            yield
    except OutOfTime:
        far = f" ({got})" if reached is not None and (got := reached()) else ""
        fail(f"no answer within --time {seconds:g} s{far}: give it more time, or a smaller "
             "position")


@contextmanager
def budget(seconds: float | None, reached: Callable[[], str | None] | None = None,
           since: float | None = None, show: bool = True) -> Iterator[None]:
    """Raise :class:`~grundy.errors.OutOfTime` wherever the search is once ``seconds`` are
    spent since ``since`` (None: now; ``seconds`` None: no limit), by an interval timer's
    signal, which comes at the budget's end, not at the next whole second.  On a
    terminal, stderr shows the time spent meanwhile (and ``reached()``), unless ``show`` is
    false (the search shows its own status line)."""
    import signal
    import time

    if seconds is None and not (show and _terminal()):
        yield
        return
    if not hasattr(signal, "setitimer"):  # pragma: no cover - no interval timers (Windows)
        yield
        return
    start = time.monotonic() if since is None else since
    shown, active = False, True

    def arm() -> None:
        """The next signal: at the next whole second shown, or at the end if sooner."""
        spent = time.monotonic() - start
        wait = 1.0 - spent % 1.0 if _terminal() else float("inf")
        if seconds is not None:
            wait = min(wait, seconds - spent)
        signal.setitimer(signal.ITIMER_REAL, max(wait, 0.001))

    def tick(signum: int, frame: Any) -> None:
        nonlocal shown
        if not active:
            return
        spent = time.monotonic() - start
        if seconds is not None and spent >= seconds:
            # again soon, in case this one is swallowed: raised in a finaliser or a garbage
            # collector's callback, it is printed as ignored and the search goes on.  Not
            # raised while one, or a Ctrl-C, is handled (an except or finally clause on its
            # way out, such as the one that saves a long search's table), even from a
            # handler of another error inside that clause (a wait's TimeoutError)
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            if _stopping(sys.exc_info()[1]):
                return
            raise OutOfTime
        if show and _terminal():
            far = f", {got}" if reached is not None and (got := reached()) else ""
            sys.stderr.write(f"\rsearching: {spent:.0f} s{far}  ")
            sys.stderr.flush()
            shown = True
        arm()

    old = signal.signal(signal.SIGALRM, tick)
    try:
        if seconds is not None and time.monotonic() - start >= seconds:
            raise OutOfTime  # spent before the search began (start-up, on a busy machine)
        arm()
        try:
            yield
        finally:
            active = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            _clear(shown)
    finally:
        signal.signal(signal.SIGALRM, old)


def _stopping(handled: BaseException | None) -> bool:
    """Whether the error being handled is, or was raised while handling, an OutOfTime or a
    Ctrl-C: the command is on its way out.

    >>> try:
    ...     try:
    ...         raise OutOfTime
    ...     except OutOfTime:
    ...         raise TimeoutError
    ... except TimeoutError as error:
    ...     print(_stopping(error), _stopping(TimeoutError()), _stopping(None))
    True False False
    """
    seen = 0
    while handled is not None and seen < 100:  # a chain of contexts may loop
        if isinstance(handled, (OutOfTime, KeyboardInterrupt)):
            return True
        handled, seen = handled.__context__, seen + 1
    return False


def _terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _clear(shown: bool) -> None:
    if shown:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()
