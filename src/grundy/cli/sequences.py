"""The commands ``grundy sequence`` and ``grundy period``: Grundy sequences of heap games,
and their periods (registered in :mod:`grundy.cli.main`, loaded when used)."""

from __future__ import annotations

import sys

import click

from .common import echo_json, fail, resolve_game

__all__ = ["MOST", "PRINT_LIMIT", "Count", "period", "sequence"]

#: the most values ``grundy sequence`` prints as text (10^7: about 3 s and 80 MB;
#: 10^8 took 39 s on a busy machine); --out takes up to 2^31 (2 bytes a heap)
PRINT_LIMIT = 10**7
#: the most heaps of ``-n`` with ``--out`` and of ``--max`` (kernels that fill in place:
#: 2 bytes a heap, 4 GB of memory or of file at this count)
MOST = 1 << 31


class Count(click.ParamType[int]):
    """A number of heaps: ``1000000``, ``10**6``, ``2^30``, ``1e6`` or ``1_000_000``."""

    name = "N"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        number = value if isinstance(value, int) else _count(str(value))
        if number is None:
            self.fail(f"{value!r} is not a count of heaps (write 1000000, 10**6, 2^30 "
                      "or 1e6)", param, ctx)
        if not self.low <= number <= self.high:
            self.fail(f"{value} is not in the range {self.low}<=x<={self.high}", param, ctx)
        return number


def _count(text: str) -> int | None:
    """A count as :func:`grundy.rules.closed.read_integer` reads it, else None.

    >>> _count("2**30"), _count("2^30"), _count("1e6"), _count("1_000"), _count("x")
    (1073741824, 1073741824, 1000000, 1000, None)
    """
    from ..errors import GrundyError
    from ..rules.closed import read_integer

    try:
        return read_integer(text)
    except GrundyError:
        return None


@click.command()
@click.argument("game")
@click.option("-n", "count", type=Count(0, MOST), default=50, show_default=True,
              help="Number of positions (0..N-1; 10**6, 2^30 and 1e6 are read too): at most "
                   "10^7 printed, 10^8 in memory; with --out, up to 2^31 for octal codes "
                   "with at most two heaps a move and Grundy's game (2 bytes a heap on "
                   "disk: 2^30 heaps make a 2 GB file). Past a kernel's limit only a "
                   "certified period extends.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@click.option("--format", "form", type=click.Choice(["text", "json", "bfile", "csv"]),
              default=None,
              help="How to print the values: text (the default: separated by spaces), json "
                   "(as --json), bfile (an OEIS b-file: 'n a(n)' a line, from the game's "
                   "first index) or csv (a header 'n,value', then a line a value).")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Write the values to this .npy file as they are computed (uint16; a "
                   "memory map, so sizes past memory work) instead of printing them.")
@click.option("--resume", is_flag=True,
              help="With --out: continue the run stopped there (Ctrl-C keeps what was done), "
                   "or extend a finished prefix to a larger N.")
def sequence(game: str, count: int, as_json: bool, form: str | None, out: str | None,
             resume: bool) -> None:
    """Print the Grundy values of positions 0..N-1 of a heap-like GAME (with --format bfile
    or csv: N values from the game's first index, each beside its position)."""
    from ..research.periodicity import sequence as compute
    from ..research.tables import first_index, sequence_text

    if as_json and form not in (None, "json"):
        fail(f"--json and --format {form} ask for two forms: give one")
    ruleset = resolve_game(game)
    if out is None:
        if resume:
            fail("--resume continues a run written with --out FILE.npy: give --out")
        if count > PRINT_LIMIT:
            fail(f"-n {count}: at most {PRINT_LIMIT} values are printed (about 10 s of "
                  "text); write more to a file with --out FILE.npy")
        import numpy as np

        first = first_index(ruleset) if form in ("bfile", "csv") else 0
        values = np.asarray(compute(ruleset, first + count), dtype=np.int64)[first:]
        for piece in sequence_text(values, "json" if as_json else form or "text", first):
            sys.stdout.write(piece)  # streamed: no list of 10^7 Python ints
        return
    if as_json or form is not None:
        fail(f"{'--json' if as_json else '--format'} prints the values; with --out they go to "
             "the file (give one of the two)")
    from ..research.longrun import Progress, sequence_to_file
    from ..research.periodicity import heap_game

    heap = heap_game(ruleset)
    sequence_to_file(heap, count, out, resume=resume, report=Progress(game))
    click.echo(f"wrote the values of heaps 0..{count - 1} of {game} to {out}")


@click.command()
@click.argument("game")
@click.option("--max", "max_n", type=Count(1, MOST), default=None,
              help="Give up after this many positions (10**8 and 2^30 are read too; default: "
                   "a budget for the game's family, e.g. 2^25 for octal codes with the "
                   "compiled kernel). Octal codes with at most two heaps a move and Grundy's "
                   "game take up to 2^31: their values are searched where the kernel keeps "
                   "them, 2 bytes a heap (4.5 * 10^8 heaps: 900 MB).")
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Give up after about this many seconds of computing.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Keep the values in this .npy file (a memory map, uint16) as they are "
                   "computed, so that a long search survives a stop (kernels that fill in "
                   "place: octal codes with at most two heaps a move, Grundy's game).")
@click.option("--resume", is_flag=True,
              help="With --out: continue the search stopped there (Ctrl-C keeps the values "
                   "computed), or go on to a larger --max.")
def period(game: str, max_n: int | None, seconds: float | None, as_json: bool,
           out: str | None, resume: bool) -> None:
    """Find the preperiod, period and saltus of GAME's Grundy sequence.

    Computes more and more values (doubling) until a theorem certifies the period
    (octal periodicity theorem, subtraction-game window) or the budget is spent;
    reports, as the research tables do, the largest value and where it first occurs
    and the rare/common split (mask, number of rare values, last rare heap).
    """
    from ..research.longrun import Progress
    from ..research.periodicity import find_period

    if resume and out is None:
        fail("--resume continues a search written with --out FILE.npy: give --out")
    result = find_period(resolve_game(game), max_n, seconds=seconds, progress=Progress(game),
                         out=out, resume=resume)
    if as_json:
        echo_json(result.as_dict())
    else:
        click.echo(result.describe())
