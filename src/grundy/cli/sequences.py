"""The commands ``grundy sequence`` and ``grundy period``: Grundy sequences of heap games,
and their periods (registered in :mod:`grundy.cli.main`, loaded when used)."""

from __future__ import annotations

import sys

import click

from .common import echo_json, fail, resolve_game

__all__ = ["PRINT_LIMIT", "period", "sequence"]

#: the most values ``grundy sequence`` prints as text (10^7: about 3 s and 80 MB;
#: 10^8 took 39 s on a busy machine); --out takes up to 10^8
PRINT_LIMIT = 10**7


@click.command()
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(0, 10**8), default=50, show_default=True,
              help="Number of positions (0..N-1): at most 10^7 printed, 10^8 with --out; "
                   "each game's kernel has its own limit (10^8 for octal codes), past which "
                   "only a certified period extends.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Write the values to this .npy file as they are computed (uint16; a "
                   "memory map, so sizes past memory work) instead of printing them.")
@click.option("--resume", is_flag=True,
              help="With --out: continue the run stopped there (Ctrl-C keeps what was done), "
                   "or extend a finished prefix to a larger N.")
def sequence(game: str, count: int, as_json: bool, out: str | None, resume: bool) -> None:
    """Print the Grundy values of positions 0..N-1 of a heap-like GAME."""
    from ..research.periodicity import sequence as compute

    ruleset = resolve_game(game)
    if out is None:
        if resume:
            fail("--resume continues a run written with --out FILE.npy: give --out")
        if count > PRINT_LIMIT:
            fail(f"-n {count}: at most {PRINT_LIMIT} values are printed (about 10 s of "
                  "text); write more to a file with --out FILE.npy")
        import numpy as np

        values = np.asarray(compute(ruleset, count), dtype=np.int64)
        sep = ", " if as_json else " "
        stream = sys.stdout
        stream.write("[" if as_json else "")
        for start in range(0, len(values), 1 << 16):  # stream: no list of 10^8 Python ints
            if start:
                stream.write(sep)
            stream.write(sep.join(map(str, values[start : start + (1 << 16)].tolist())))
        stream.write("]\n" if as_json else "\n")
        return
    if as_json:
        fail("--json prints the values; with --out they go to the file (give one of the two)")
    from ..research.longrun import Progress, sequence_to_file
    from ..research.periodicity import heap_game

    heap = heap_game(ruleset)
    sequence_to_file(heap, count, out, resume=resume, report=Progress(game))
    click.echo(f"wrote the values of heaps 0..{count - 1} of {game} to {out}")


@click.command()
@click.argument("game")
@click.option("--max", "max_n", type=click.IntRange(1, 10**9), default=None,
              help="Give up after this many positions (default: a budget for the game's "
                   "family, e.g. 2^25 for octal codes with the compiled kernel).")
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Give up after about this many seconds of computing.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def period(game: str, max_n: int | None, seconds: float | None, as_json: bool) -> None:
    """Find the preperiod, period and saltus of GAME's Grundy sequence.

    Computes more and more values (doubling) until a theorem certifies the period
    (octal periodicity theorem, subtraction-game window) or the budget is spent;
    reports, as the research tables do, the largest value and where it first occurs
    and the rare/common split (mask, number of rare values, last rare heap).
    """
    from ..research.longrun import Progress
    from ..research.periodicity import find_period

    result = find_period(resolve_game(game), max_n, seconds=seconds, progress=Progress(game))
    if as_json:
        echo_json(result.as_dict())
    else:
        click.echo(result.describe())
