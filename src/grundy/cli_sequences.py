"""The commands ``grundy sequence`` and ``grundy period``: Grundy sequences of heap games,
and their periods (registered in :mod:`grundy.cli`, loaded when used)."""

from __future__ import annotations

import sys

import click

from .cli import _echo_json, _game

__all__ = ["period", "sequence"]


@click.command()
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(0, 10**8), default=50, show_default=True,
              help="Number of positions (0..N-1).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def sequence(game: str, count: int, as_json: bool) -> None:
    """Print the Grundy values of positions 0..N-1 of a heap-like GAME."""
    import numpy as np

    from .periodicity import sequence as compute

    values = np.asarray(compute(_game(game), count), dtype=np.int64)
    sep = ", " if as_json else " "
    out = sys.stdout
    out.write("[" if as_json else "")
    for start in range(0, len(values), 1 << 16):  # stream: no list of 10^8 Python ints
        if start:
            out.write(sep)
        out.write(sep.join(map(str, values[start : start + (1 << 16)].tolist())))
    out.write("]\n" if as_json else "\n")


@click.command()
@click.argument("game")
@click.option("--max", "max_n", type=click.IntRange(1, 10**8), default=None,
              help="Give up after this many positions (default: a bound for the game's "
                   "family, e.g. 100000 for octal codes).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def period(game: str, max_n: int | None, as_json: bool) -> None:
    """Find the preperiod, period and saltus of GAME's Grundy sequence.

    Says whether the period is certified by a theorem (octal periodicity
    theorem, subtraction-game window) or only observed.
    """
    from .periodicity import find_period

    result = find_period(_game(game), max_n)
    if as_json:
        _echo_json(result.as_dict())
    else:
        click.echo(result.describe())
