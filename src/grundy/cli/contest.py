"""The contest commands: ``grundy solve NAME [FILE]`` (a judge's input in, its output
out) and ``grundy nim`` (nim products in the Library Checker format, nimber arithmetic).

A plain judge run of either is answered before Click loads (:mod:`grundy.cli.console`);
these commands answer every other form, with the same bytes.
"""

from __future__ import annotations

import click

from .common import fail, long_numbers, read_input, refuse_options, write_chunks

__all__ = ["NIM_DIGITS", "NIM_POW_DIGITS", "nim", "solve"]


class _SolveCommand(click.Command):
    """Adds each problem's accepted sizes to the help, read from its format module."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..formats import all_formats

        rows = [(f.name, f.limits) for f in all_formats()]
        with formatter.section("Sizes accepted (past them: a clear error)"):
            formatter.write_dl(rows)


@click.command(cls=_SolveCommand)
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
    from ..formats import Options, get_format

    problem = get_format(name)
    if as_json:
        refuse_options(("explain", "--explain"), ("move", "--move"),
                        why="--json gives each test's answer in full")
    options = Options(explain=explain, as_json=as_json, move=move)
    problem.check(options)  # --move where the problem prints no move: refused before reading
    write_chunks(problem.run(read_input(file), options))



@click.command(context_settings={"ignore_unknown_options": True})
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
    from ..nimber import OPERATIONS, operate

    if args and args[0] in OPERATIONS:
        op, operands = args[0], args[1:]
        if len(operands) != OPERATIONS[op]:
            fail(f"nim {op} takes {OPERATIONS[op]} number(s), got {len(operands)}")
        numbers = [_nim_number(op, i, text) for i, text in enumerate(operands, start=1)]
        with long_numbers():
            click.echo(str(operate(op, *numbers)))
        return
    if len(args) > 1:
        fail(f"unknown nim operation {args[0]!r} (choose from {', '.join(OPERATIONS)})")
    from ..formats import get_format

    write_chunks(get_format("nim").run(read_input(args[0] if args else "-")))


#: the most digits of a number of ``grundy nim OP`` (of the base, for pow): the slowest
#: operation at that size (div; pow's worst exponent) takes about a second here
NIM_DIGITS = 10_000
NIM_POW_DIGITS = 300


def _nim_number(op: str, i: int, text: str) -> int:
    """Argument ``i`` of ``grundy nim OP`` as an int, or a one-line error naming it."""
    if not (text.isascii() and text.isdigit()):
        fail(f"argument {i} of nim {op} must be a non-negative integer, got {text!r}")
    digits = text.lstrip("0") or "0"
    limit = NIM_POW_DIGITS if (op, i) == ("pow", 1) else NIM_DIGITS
    if len(digits) > limit:
        fail(f"argument {i} of nim {op} has {len(digits)} digits; grundy takes at most {limit}")
    with long_numbers():
        return int(digits)

