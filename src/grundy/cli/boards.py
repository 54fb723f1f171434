"""The command on one long board search: ``grundy board``."""

from __future__ import annotations

import click

from .common import fail, memory_option, position_words

__all__ = ["board"]


@click.command()
@click.argument("game")
@click.argument("position")
@click.option("--workers", type=click.IntRange(0, 1024), default=None,
              help="Worker processes of the local Dask cluster (0: ask here, without Dask)  "
                   "[default: the number of cores].")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Send the questions to the Dask cluster of this scheduler.")
@click.option("--answers", type=click.Path(dir_okay=False), default=None,
              help="Keep each answer in this file (JSON lines): the same command resumes.")
# 50: grundy.research.split.LEAST (not imported here: options load with the command line)
@click.option("--least", type=click.IntRange(0, 128), default=50, show_default=True,
              help="Search boards of fewer free cells here, without splitting them.")
@memory_option("Each worker's search (and the search here)")
def board(game: str, position: str, workers: int | None, scheduler: str | None,
          answers: str | None, least: int, memory: int | None) -> None:
    """The value of one board of a board game the compiled search plays (cram,
    node-kayles: POSITION is 3x22, rows such as '....|.#..', or @FILE), its root split
    over Dask workers: for r = 0, 1, ... each option is asked "is your value r?", one
    option a task, and the first r no option has is the value.  A board of fewer than
    --least free cells is searched here, in one piece."""
    import os

    from ..research.boards import MEMORY
    from ..research.split import split_solve
    from ..rules.cells import Board

    if scheduler is not None and workers is not None:
        fail("--scheduler sends the questions to that cluster; --workers is for this machine")
    text, = position_words([position])
    found = Board.parse(text)
    try:
        value = split_solve(found, game, workers=workers if workers is not None else
                            os.cpu_count() or 1, scheduler=scheduler, answers=answers,
                            least=least, memory=MEMORY if memory is None else memory)
    except KeyboardInterrupt:
        fail("interrupted" + (f": the answers so far are kept in {answers}; the same command "
                              "resumes" if answers else ""))
    click.echo(f"value: {value}")
