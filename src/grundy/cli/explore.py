"""The command ``grundy explore``: the patterns in a game's values (registered lazily by
:mod:`grundy.cli.main`)."""

from __future__ import annotations

import click

from .common import echo_json, resolve_game, time_limit, time_option

__all__ = ["explore"]


@click.command()
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(2, 10**5), default=None,
              help="Heap games: number of heaps (0..N-1)  [default: 1000]; board games: "
                   "the boards R x 1 .. R x N  [default: to 128 cells with one or two rows, "
                   "else 30]")
@click.option("--rows", type=click.IntRange(1, 512), default=None,
              help="Two-dimensional games: rows of the table  [default: 32]; board games: "
                   "R, the rows of the boards")
@click.option("--cols", type=click.IntRange(1, 512), default=None,
              help="Two-dimensional games: columns of the table  [default: 32]")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"findings": [...]}: kind, text, checked_to, certified.')
@time_option("computing the values (a board game's strips can take long)")
def explore(game: str, count: int | None, rows: int | None, cols: int | None,
            as_json: bool, seconds: float | None) -> None:
    """Find the patterns in GAME's values: periods, P-positions, closed forms, known games.

    A heap game's sequence (-n values) is searched for its period, the form of its
    P-positions (with no period: a rule such as "each is 2n + 1 for n the one before",
    or their list), its largest value and rare/common split, with no period a rule by
    residue (g(2m) = m, g(2m + 1) = g(m)), closed forms (n mod k, odious numbers, ...)
    and the built-in games and octal codes with the same values.
    A board game's strips (Cram, Node Kayles, Arc Kayles, Chomp's bars), the empty
    boards of --rows R rows and 0 .. N columns, are explored as a sequence, heap n the
    R x n board ('grundy explore cram --rows 1': the values of Dawson's Kayles, 0.07).
    A two-dimensional game's table (--rows x --cols) is searched for symmetry, the
    form of its P-positions (diagonal, Wythoff's pairs, residues), periodic rows and
    columns, and decompositions: a XOR of two sequences (a sum of games), a nim product (a
    Tartan product), a function of min, max, x - y, x + y or x XOR y.  A finding
    holds on every value computed; 'certified' only when a theorem proves it.
    With --json: {"findings": [...]}, each with its kind, text, checked_to and
    certified (and for a board game's strips "strip": {"rows", "columns"}).

    GAME is a built-in name or notation, or your own class: rules.py:MyGame.
    """
    from ..research.explore import explore as compute

    ruleset = resolve_game(game)
    with time_limit(seconds, show=False):  # a board search shows its own status line
        result = compute(ruleset, n=count, rows=rows, cols=cols)
    if as_json:
        echo_json(result.as_dict())
    else:
        click.echo(result.describe(), nl=False)
