"""The command ``grundy explore``: the patterns in a game's values (registered lazily by
:mod:`grundy.cli.main`)."""

from __future__ import annotations

import click

from .common import echo_json, resolve_game

__all__ = ["explore"]


@click.command()
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(2, 10**5), default=None,
              help="Heap games: number of heaps (0..N-1)  [default: 1000]")
@click.option("--rows", type=click.IntRange(1, 512), default=None,
              help="Two-dimensional games: rows of the table  [default: 32]")
@click.option("--cols", type=click.IntRange(1, 512), default=None,
              help="Two-dimensional games: columns of the table  [default: 32]")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"findings": [...]}: kind, text, checked_to, certified.')
def explore(game: str, count: int | None, rows: int | None, cols: int | None,
            as_json: bool) -> None:
    """Find the patterns in GAME's values: periods, P-positions, closed forms, known games.

    A heap game's sequence (-n values) is searched for its period, the form of its
    P-positions (with no period: a rule such as "each is 2n + 1 for n the one before",
    or their list), its largest value and rare/common split, with no period a rule by
    residue (g(2m) = m, g(2m + 1) = g(m)), closed forms (n mod k, odious numbers, ...)
    and the built-in games and octal codes with the same values.
    A two-dimensional game's table (--rows x --cols) is searched for symmetry, the
    form of its P-positions (diagonal, Wythoff's pairs, residues), periodic rows and
    columns, and decompositions: a XOR of two sequences (a sum of games), a nim product (a
    Tartan product), a function of min, max, x - y, x + y or x XOR y.  A finding
    holds on every value computed; 'certified' only when a theorem proves it.
    With --json: {"findings": [...]}, each with its kind, text, checked_to and
    certified.

    GAME is a built-in name or notation, or your own class: rules.py:MyGame.
    """
    from ..research.explore import explore as compute

    result = compute(resolve_game(game), n=count, rows=rows, cols=cols)
    if as_json:
        echo_json(result.as_dict())
    else:
        click.echo(result.describe(), nl=False)
