"""The commands on a two-dimensional game's table, and pictures: ``grundy table`` and
``grundy plot``."""

from __future__ import annotations

from typing import Any

import click

from .common import (echo_json, fail, memory_option, refuse_options, resolve_game, time_limit,
                     time_option)

__all__ = ["plot", "table"]


@click.command()
@click.argument("game")
@click.option("--rows", type=click.IntRange(1, 2048), default=16, show_default=True)
@click.option("--cols", type=click.IntRange(1, 2048), default=16, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as a JSON list of lists.")
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Board games: keep the search's values in this file; a stopped table "
                   "resumes from it.")
# 128: the compiled search's most cells (grundy.rules.cells.MAX_CELLS, not imported here: a
# command's options load with the command line, before any game)
@click.option("--cells", type=click.IntRange(1, 128), default=30, show_default=True,
              help="Board games: search the boards of at most this many cells ('-' past it).")
@click.option("--each", is_flag=True,
              help="Board games: print each board's value and CPU time as soon as it is found, "
                   "a line a board, row by row (JSON lines with --json), instead of the table.")
@click.option("--second-order", is_flag=True,
              help="Cram: try the moves in a second order, to check a new value by (the same "
                   "value must come back; give such a run a --save file of its own).")
@memory_option("Board games")
@time_option("the table")
def table(game: str, rows: int, cols: int, as_json: bool, save: str | None,
          cells: int, each: bool, second_order: bool, memory: int | None,
          seconds: float | None) -> None:
    """Print the value table of a two-dimensional GAME (products, coins, squares, split, ...),
    or of a board game the values of its empty boards, 1 x 1 to ROWS x COLS (cram,
    node-kayles; chomp's whole bars).  With --each a long table is a log as it goes:
    'grundy table cram --rows 3 --cols 24 --each --save cram3.table' prints '3 x 17  value
    1  12.3 s' as each board is found, and a run stopped (--time, Ctrl-C) goes on from the
    file, where each board's time is kept ('3 x 14  value 3  1.15 s (from the file)')."""
    from ..research.boards import TableNotSaved
    from ..research.tables import value_table
    from ..rules.boards import searched

    ruleset = resolve_game(game)
    kept = (lambda: f"the values found are kept in {save}") if save else None
    told = (lambda r, c, v, s, f: _tell(r, c, v, s, f, cells, as_json)) if each else None
    try:
        with time_limit(seconds, kept, show=not searched(ruleset)):
            values, first = value_table(ruleset, rows, cols, name=game, save=save,
                                        cells=cells, memory=memory, each=told,
                                        second_order=second_order)
    except TableNotSaved as unsaved:  # computed, but the file failed: print it all the same
        assert unsaved.table is not None
        if not each:
            _show(unsaved.table, 1, as_json)
        fail(str(unsaved))
    if not each:
        _show(values, first, as_json)


def _tell(rows: int, cols: int, value: int, seconds: float | None, from_file: bool,
          cells: int, as_json: bool) -> None:
    """One board's line of ``table --each``, written at once: its time that of the run that
    searched it, this one or (``from_file``) one before, when the file keeps it."""
    if as_json:
        echo_json({"rows": rows, "cols": cols, "value": value if value >= 0 else None,
                   "seconds": None if seconds is None else round(seconds, 3),
                   "from_file": from_file})
    elif value < 0:
        click.echo(f"{rows} x {cols}  -  (more than {cells} cells)")
    else:
        said = ([] if seconds is None else [f"{seconds:.2f} s"]) + (
            ["(from the file)"] if from_file else [])
        took = " ".join(said)
        click.echo(f"{rows} x {cols}  value {value}  {took}")  # echo flushes: a log as it goes


def _show(values: Any, first: int, as_json: bool) -> None:
    """Print a value table as text or JSON."""
    from ..research.tables import format_table

    if as_json:
        echo_json([[int(v) for v in row] for row in values])
    else:
        click.echo(format_table(values, first), nl=False)


@click.command()
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

    from ..research.plot import plot as draw
    from ..rules.base import is_grid_game, is_heap_game

    ruleset = resolve_game(game)
    if is_heap_game(ruleset):
        refuse_options(("rows", "--rows"), ("cols", "--cols"), why=f"{game} is a heap game "
                        "(its picture is a sequence: -n)")
    elif is_grid_game(ruleset):
        refuse_options(("count", "-n"), why=f"{game} is a two-dimensional game "
                        "(its picture is a table: --rows, --cols)")
    click.echo(f"wrote {draw(ruleset, game, Path(output), count=count, rows=rows, cols=cols)}")

