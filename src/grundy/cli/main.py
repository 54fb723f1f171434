"""The ``grundy`` command: a thin layer over the library.

Each command parses its arguments, calls one library function and prints.
Every error becomes one line ``grundy: error: ...`` on stderr and exit status 2.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

import click

from .. import __version__
from ..errors import (GrundyError, Terminated, abort_line, discard_output, output_failure,
                      shorten)

__all__ = ["COMMANDS", "PRINTED_DIGITS", "entry", "main", "run"]

#: the most digits of a number the commands convert to or from text (Python stops at 4300):
#: every number read has at most 10,000 digits (``rules.closed.MAX_DIGITS``), and an answer
#: made from such numbers (a Wythoff value, a nim product) at most a few times that
PRINTED_DIGITS = 40_000

#: Every command, in the order ``grundy --help`` lists them: name -> "module:attribute"
#: (a click command in the module of its command group), loaded when first used.
COMMANDS = {
    "demo": "grundy.cli.demo:demo",
    "solve": "grundy.cli.contest:solve",
    "nim": "grundy.cli.contest:nim",
    "analyze": "grundy.cli.positions:analyze",
    "play": "grundy.cli.positions:play",
    "table": "grundy.cli.tables:table",
    "plot": "grundy.cli.tables:plot",
    "board": "grundy.cli.boards:board",
    "games": "grundy.cli.games:games",
    "sequence": "grundy.cli.sequences:sequence",
    "period": "grundy.cli.sequences:period",
    "explore": "grundy.cli.explore:explore",
    "genus": "grundy.cli.misere:genus",
    "quotient": "grundy.cli.misere:quotient",
    "misere-form": "grundy.cli.forms:misere_form",
    "survey": "grundy.cli.survey:survey",
    "serve": "grundy.cli.serve:serve",
}


class _Group(click.Group):
    """Lists the commands of :data:`COMMANDS` in its order and loads each on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            import importlib

            module, _, attr = COMMANDS[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return self.commands.get(cmd_name)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="grundy")
def main() -> None:
    """grundy: play impartial games perfectly (Sprague-Grundy theory).

    Values, outcomes and winning moves for built-in and user-written rulesets,
    exact nimber arithmetic, and solvers for classic contest problems.
    """


# -- entry point ----------------------------------------------------------------


def run(argv: Sequence[str] | None = None, began: float | None = None) -> int:
    """Run the CLI; returns the exit status (0, or 2 after a one-line error).  ``began``:
    when the command began (``time.monotonic()``; None: now), where a budget of the whole
    answer counts from (:func:`grundy.cli.common.begin`).

    Every failure is one line ``grundy: error: ...`` on stderr and status 2: bad input,
    an unreadable file, a full disk under standard output, Ctrl-C (``aborted``).  A
    reader that goes away (``grundy ... | head``) ends it quietly with status 0.
    ``grundy`` alone prints the help on stderr (status 2, as click does).  SIGTERM (``kill``)
    is taken as Ctrl-C, so what a stopped command keeps is kept (a search's file, a
    cluster's worker processes closed) when no other handler of it is set.
    """
    from .common import begin

    begin(began)
    args = list(argv) if argv is not None else sys.argv[1:]
    saved = sys.get_int_max_str_digits()
    if saved:  # 0: no limit already
        sys.set_int_max_str_digits(max(saved, PRINTED_DIGITS))
    terminate = _on_terminate()
    try:
        code = _invoke(args)
        sys.stdout.flush()  # a write that fails is reported here, not at exit
        return code
    except _NO_ARGS_IS_HELP as exc:  # `grundy` alone: the help, readable, on stderr
        return _report(exc.format_message(), squash=False)
    except (KeyboardInterrupt, click.Abort):
        return _report(None)
    except click.ClickException as exc:
        return _report(exc.format_message())
    except EOFError:
        return _report("input ended too soon")
    except (GrundyError, ZeroDivisionError, OverflowError) as exc:
        return _report(str(exc))
    except MemoryError:
        return _report("out of memory")
    except OSError as exc:  # not a file grundy reads (those say so): the answer's output
        message = output_failure(exc)
        discard_output()
        return 0 if message is None else _report(message)
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's guard against huge numbers
            return _report(f"a number has more than {sys.get_int_max_str_digits()} digits, "
                           "more than grundy reads")
        return _internal(exc)
    except Exception as exc:  # a bug: still one line, never a traceback
        return _internal(exc)
    finally:
        sys.set_int_max_str_digits(saved)
        if terminate is not None:
            signal.signal(signal.SIGTERM, terminate)


def _interrupt(signum: int, frame: object) -> None:
    raise Terminated


def _on_terminate() -> Any:
    """Take SIGTERM as Ctrl-C (:class:`Terminated`, a KeyboardInterrupt) while a command
    runs, where its handler is the default one and this is the main thread (which alone can
    set one); the handler it had, to put back, or None where it is left as it is."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL):
        return None
    return signal.signal(signal.SIGTERM, _interrupt)


def _invoke(args: list[str]) -> int:
    """The command's exit status (0 unless it exits otherwise, as --help and --version do)."""
    if sys.stdout is None:
        raise click.ClickException("standard output is closed: nowhere to write the answer")
    try:
        with main.make_context("grundy", args) as ctx:
            main.invoke(ctx)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return 0


_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = tuple(
    getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",)
    if hasattr(click.exceptions, name))  # click >= 8.2; older ones print the help, exit 0


def _internal(exc: Exception) -> int:
    if os.environ.get("GRUNDY_DEBUG"):
        raise exc
    name = type(exc).__name__
    return _report(f"internal error ({name}: {_one_line(str(exc))}); "
                   "set GRUNDY_DEBUG=1 for the traceback and please report it")


def _report(message: str | None, squash: bool = True) -> int:
    """Write the error (None: Ctrl-C's ``aborted``) on stderr; the exit status, 2."""
    if message is None:
        text = abort_line()
    elif squash:
        text = f"grundy: error: {_one_line(message)}\n"
    else:
        text = message.rstrip("\n") + "\n"
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except (OSError, ValueError):  # no stderr to say it on: the status says it
        pass
    return 2


#: words of an error message longer than this are shortened (a 10^5-digit number typed);
#: a file's path of a deep folder stays whole
_LONG_WORD = 240


def _one_line(message: str) -> str:
    """The message on one line, each very long word cut short.

    >>> _one_line("bad  value\t" + "9" * 1000)
    'bad value 9999999999999999999999999999999999999999... (1000 characters)'
    """
    return " ".join(shorten(w, _LONG_WORD) for w in message.split())


def entry() -> None:
    """Console-script entry point."""
    sys.exit(run())
