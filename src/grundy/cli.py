"""The ``grundy`` command: a thin layer over the library.

Each command parses its arguments, calls one library function and prints.
Every error becomes one line ``grundy: error: ...`` on stderr and exit status 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

import click

from . import __version__
from .errors import GrundyError, abort_line, discard_output, output_failure


#: Commands defined beside the library part they drive, loaded only when used:
#: name -> "module:attribute" (a click command).
_LAZY = {
    "sequence": "grundy.cli_sequences:sequence",
    "period": "grundy.cli_sequences:period",
    "explore": "grundy.explore_cli:explore",
    "survey": "grundy.survey_cli:survey",
    "serve": "grundy.web.command:serve",
}


class _Group(click.Group):
    """Lists commands in the order they are defined, not alphabetically; loads the
    commands of :data:`_LAZY` on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.commands, *(name for name in _LAZY if name not in self.commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in _LAZY:
            import importlib

            module, _, attr = _LAZY[cmd_name].partition(":")
            try:
                command = getattr(importlib.import_module(module), attr)
            except ImportError:  # that part is not written yet
                return None
            self.add_command(command, cmd_name)
        return self.commands.get(cmd_name)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="grundy")
def main() -> None:
    """grundy: play impartial games perfectly (Sprague-Grundy theory).

    Values, outcomes and winning moves for built-in and user-written rulesets,
    exact nimber arithmetic, and solvers for classic contest problems.
    """


def _fail(message: str) -> NoReturn:
    raise click.ClickException(message)


def _read(path: str) -> bytes:
    from .compiled import read_all

    try:
        if path == "-":
            if sys.stdin is None:
                _fail("standard input is closed: give the input as a FILE")
            return read_all(sys.stdin.buffer)
        with open(path, "rb") as handle:
            return read_all(handle)
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")


def _write(chunks: list[bytes]) -> None:
    """A whole answer, as pieces of bytes (contest answers are ASCII: no copy through str)."""
    if sys.stdout is None:
        _fail("standard output is closed: nowhere to write the answer")
    sys.stdout.flush()
    for chunk in chunks:
        sys.stdout.buffer.write(chunk)
    sys.stdout.buffer.flush()


def _game(name: str) -> Any:
    from .loading import resolve

    return resolve(name)


def _echo_json(obj: Any) -> None:
    click.echo(json.dumps(obj))


# -- demo -----------------------------------------------------------------------


@main.command()
def demo() -> None:
    """Run grundy's main job on the bundled examples, explaining each answer."""
    from .demo import run

    click.echo(run(), nl=False)


# -- solve ----------------------------------------------------------------------


class _SolveCommand(click.Command):
    """Adds each problem's accepted sizes to the help, read from its format module."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .formats import all_formats

        rows = [(f.name, f.limits) for f in all_formats()]
        with formatter.section("Sizes accepted (past them: a clear error)"):
            formatter.write_dl(rows)


@main.command(cls=_SolveCommand)
@click.argument("name")
@click.argument("file", default="-")
@click.option("--explain", is_flag=True, help="Explain values and the winning move in words.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per test, every field (so not with --explain or --move).")
@click.option("--move", is_flag=True, help="split/cutting: also print a winning cut.")
def solve(name: str, file: str, explain: bool, as_json: bool, move: bool) -> None:
    """Solve a contest problem: read its input format, write the judge's answer.

    NAME is one of the problems listed below (aliases such as grid-game-2
    are accepted).  FILE is a path, or '-' (the default) for standard input.  Every test of the file is solved in one run; nothing is
    printed unless the whole input is valid.
    """
    from .formats import Options, get_format

    problem = get_format(name)
    if as_json:
        _refuse_options(("explain", "--explain"), ("move", "--move"),
                        why="--json gives each test's answer in full")
    options = Options(explain=explain, as_json=as_json, move=move)
    problem.check(options)  # --move where the problem prints no move: refused before reading
    _write(problem.run(_read(file), options))


# -- nim ------------------------------------------------------------------------


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("args", nargs=-1)
def nim(args: tuple[str, ...]) -> None:
    """Nim products in the Library Checker format, or nimber arithmetic.

    \b
    grundy nim [FILE]       T, then T lines 'A B' -> T nim products
    grundy nim mul A B      nim product
    grundy nim add A B      nim sum (XOR)
    grundy nim div A B      A divided by B in the nimber field
    grundy nim pow A E      A to the power E
    grundy nim inv A        nim inverse
    grundy nim sqrt A       nim square root (every nimber has exactly one)

    Numbers are decimal (ASCII digits), up to 10000 digits each; for pow, A up
    to 300 digits (each answer then takes at most about a second).
    """
    from .nimber import OPERATIONS, operate

    if args and args[0] in OPERATIONS:
        op, operands = args[0], args[1:]
        if len(operands) != OPERATIONS[op]:
            _fail(f"nim {op} takes {OPERATIONS[op]} number(s), got {len(operands)}")
        numbers = [_nim_number(op, i, text) for i, text in enumerate(operands, start=1)]
        with _long_numbers():
            click.echo(str(operate(op, *numbers)))
        return
    if len(args) > 1:
        _fail(f"unknown nim operation {args[0]!r} (choose from {', '.join(OPERATIONS)})")
    from .formats import get_format

    _write(get_format("nim").run(_read(args[0] if args else "-")))


#: the most digits of a number of ``grundy nim OP`` (of the base, for pow): the slowest
#: operation at that size (div; pow's worst exponent) takes about a second here
NIM_DIGITS = 10_000
NIM_POW_DIGITS = 300


def _nim_number(op: str, i: int, text: str) -> int:
    """Argument ``i`` of ``grundy nim OP`` as an int, or a one-line error naming it."""
    if not (text.isascii() and text.isdigit()):
        _fail(f"argument {i} of nim {op} must be a non-negative integer, got {text!r}")
    digits = text.lstrip("0") or "0"
    limit = NIM_POW_DIGITS if (op, i) == ("pow", 1) else NIM_DIGITS
    if len(digits) > limit:
        _fail(f"argument {i} of nim {op} has {len(digits)} digits; grundy takes at most {limit}")
    with _long_numbers():
        return int(digits)


@contextmanager
def _long_numbers() -> Iterator[None]:
    """Lifts Python's limit on int <-> decimal conversions (4300 digits) for numbers
    whose size grundy has already bounded."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(saved)


# -- a position: who wins, and how --------------------------------------------


@main.command()
@click.argument("game")
@click.argument("position", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@click.option("--misere", is_flag=True, help="Misere play: the player who moves last loses.")
def analyze(game: str, position: tuple[str, ...], as_json: bool, misere: bool) -> None:
    """Who wins POSITION of GAME, with which moves, and how many winning moves.

    POSITION is a list of parts played side by side: heap sizes for heap games
    (grundy analyze kayles 3 5 7), ROWxCOL cells or rectangles for
    two-dimensional games (grundy analyze split 4x3 5x5).  With --misere the
    sum is searched move by move (values do not add up in misere play), so
    keep such positions small.
    """
    from .analysis import analyze as compute
    from .analysis import analyze_misere, parse_position

    ruleset = _game(game)
    parts = parse_position(ruleset, position)
    if misere:
        found = analyze_misere(ruleset, parts)
        if as_json:
            _echo_json({
                "misere": True,
                "outcome": found.outcome,
                "winning_moves": len(found.moves),
                "moves": _moves_json(found.moves),
            })
        else:
            click.echo(found.describe(), nl=False)
        return
    result = compute(ruleset, parts)
    if as_json:
        _echo_json({
            "value": result.value,
            "outcome": result.outcome,
            "parts": [_part_json(p) for p in result.parts],
            "part_values": list(result.part_values),
            "winning_moves": len(result.moves),
            "moves": _moves_json(result.moves),
        })
    else:
        click.echo(result.describe(), nl=False)


def _moves_json(moves: Sequence[Any]) -> list[dict[str, Any]]:
    """Each move as ``{"part": i, "from": PART, "to": [PART, ...]}``: "to" lists the parts
    the move leaves (none, one, or several when it splits the part)."""
    from .engine import Sum

    return [{"part": m.index, "from": _part_json(m.part),
             "to": [_part_json(p) for p in (m.option.parts if isinstance(m.option, Sum)
                                            else (m.option,))]}
            for m in moves]


def _part_json(part: Any) -> Any:
    """A part as a JSON value: a heap as an int, a cell or rectangle as ``[r, c]``.

    >>> _part_json(7), _part_json((3, 4)), _part_json(((1, 2), (3, 4)))
    (7, [3, 4], [[1, 2], [3, 4]])
    """
    if isinstance(part, bool):
        return part
    if isinstance(part, int) or hasattr(part, "__index__"):
        return int(part)
    if isinstance(part, (tuple, list)):
        return [_part_json(p) for p in part]
    from .analysis import format_part

    return format_part(part)


@main.command()
@click.argument("game")
@click.argument("position", nargs=-1, required=True)
@click.option("--second", is_flag=True, help="Let grundy move first.")
@click.option("--seed", type=int, default=None, help="Seed of grundy's random moves when it is losing.")
@click.option("--misere", is_flag=True, help="Misere play: the player who moves last loses.")
def play(game: str, position: tuple[str, ...], second: bool, seed: int | None,
         misere: bool) -> None:
    """Play GAME from POSITION against grundy, which never misses a winning move.

    POSITION as for 'grundy analyze'.  At your turn type the number of a move,
    h for a hint, q to give up.
    """
    from .analysis import parse_position
    from .play import play as run_match

    ruleset = _game(game)
    parts = parse_position(ruleset, position)
    try:
        run_match(ruleset, parts, human_first=not second, seed=seed, misere=misere,
                  ask=_ask, say=click.echo)
    except EOFError:  # Ctrl-C is not caught here: it is "aborted", as everywhere
        _fail("input ended before the game did")


#: the longest answer line ``play`` reads; the rest of a longer line is skipped
_ANSWER_CHARS = 4096


def _ask(prompt: str) -> str:
    """Show ``prompt``, read one line of standard input; EOFError when it has ended."""
    click.echo(prompt, nl=False)
    if sys.stdin is None:
        raise EOFError
    try:
        line = sys.stdin.readline(_ANSWER_CHARS)
        rest = line
        while rest and not rest.endswith("\n") and len(rest) == _ANSWER_CHARS:
            rest = sys.stdin.readline(_ANSWER_CHARS)  # a very long line: skip the rest
    except UnicodeDecodeError:
        _fail("the answer typed is not UTF-8 text")
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


# -- sequences, periods and tables ----------------------------------------------


@main.command()
@click.argument("game")
@click.option("--rows", type=click.IntRange(1, 2048), default=16, show_default=True)
@click.option("--cols", type=click.IntRange(1, 2048), default=16, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as a JSON list of lists.")
def table(game: str, rows: int, cols: int, as_json: bool) -> None:
    """Print the value table of a two-dimensional GAME (products, coins, squares, split, ...)."""
    from .tables import format_table, value_table

    values, first = value_table(_game(game), rows, cols, name=game)
    if as_json:
        _echo_json([[int(v) for v in row] for row in values])
    else:
        click.echo(format_table(values, first), nl=False)


@main.command()
@click.argument("game")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="Picture file (.png, .svg or .pdf).")
@click.option("-n", "count", type=click.IntRange(1, 10**6), default=200, show_default=True,
              help="Heap games: number of positions.")
@click.option("--rows", type=click.IntRange(1, 2048), default=32, show_default=True)
@click.option("--cols", type=click.IntRange(1, 2048), default=32, show_default=True)
def plot(game: str, output: str, count: int, rows: int, cols: int) -> None:
    """Draw GAME's Grundy sequence or value table to a picture (needs grundy[plot]).

    A heap game's sequence takes -n; a two-dimensional game's table takes --rows
    and --cols (giving the other kind's options is an error).
    """
    from pathlib import Path

    from .plot import plot as draw
    from .rules.base import is_grid_game, is_heap_game

    ruleset = _game(game)
    if is_heap_game(ruleset):
        _refuse_options(("rows", "--rows"), ("cols", "--cols"), why=f"{game} is a heap game "
                        "(its picture is a sequence: -n)")
    elif is_grid_game(ruleset):
        _refuse_options(("count", "-n"), why=f"{game} is a two-dimensional game "
                        "(its picture is a table: --rows, --cols)")
    click.echo(f"wrote {draw(ruleset, game, Path(output), count=count, rows=rows, cols=cols)}")


def _refuse_options(*params: tuple[str, str], why: str) -> None:
    """A one-line error if the user gave any of these options (parameter, option) explicitly."""
    ctx = click.get_current_context()
    given = [opt for param, opt in params
             if ctx.get_parameter_source(param) not in (None, click.core.ParameterSource.DEFAULT,
                                                        click.core.ParameterSource.DEFAULT_MAP)]
    if given:
        _fail(f"{' and '.join(given)} do{'es' if len(given) == 1 else ''} not apply: {why}")


@main.command()
def games() -> None:
    """List every built-in game: name, aliases, rules, family and source."""
    from .catalog import entries

    for entry in entries():
        aliases = f" (also: {', '.join(entry.aliases)})" if entry.aliases else ""
        click.echo(f"{entry.name}{aliases}")
        click.echo(f"    {entry.rules}")
        click.echo(f"    family: {entry.family}; source: {entry.source}")
    click.echo("\nNotations: sub:1,3,4  allbut:1,2  0.77 (octal/hex take-and-break)  A*B (coin product)")


# -- entry point ----------------------------------------------------------------


def run(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0, or 2 after a one-line error).

    Every failure is one line ``grundy: error: ...`` on stderr and status 2: bad input,
    an unreadable file, a full disk under standard output, Ctrl-C (``aborted``).  A
    reader that goes away (``grundy ... | head``) ends it quietly with status 0.
    ``grundy`` alone prints the help on stderr (status 2, as click does).
    """
    args = list(argv) if argv is not None else sys.argv[1:]
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


def _invoke(args: list[str]) -> int:
    """The command's exit status (0 unless it exits otherwise, as --help and --version do)."""
    if sys.stdout is None:
        _fail("standard output is closed: nowhere to write the answer")
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


#: words of an error message longer than this are shortened (a 10^5-digit number typed)
_LONG_WORD = 80


def _one_line(message: str) -> str:
    """The message on one line, each very long word cut short.

    >>> _one_line("bad  value\t" + "9" * 100)
    'bad value 9999999999999999999999999999999999999999... (100 characters)'
    """
    return " ".join(w if len(w) <= _LONG_WORD else f"{w[:40]}... ({len(w)} characters)"
                    for w in message.split())


def entry() -> None:
    """Console-script entry point."""
    sys.exit(run())
