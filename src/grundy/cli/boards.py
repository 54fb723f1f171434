"""The command on one long board search: ``grundy board``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .common import fail, memory_option, position_words, time_limit, time_option

if TYPE_CHECKING:
    from ..rules.cells import Board

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
# 3: grundy.research.split.MOST_DEPTH
@click.option("--depth", type=click.IntRange(1, 3), default=1, show_default=True,
              help="Ask the questions this many levels below the root: 2 asks an option's "
                   "options in its place, so that a question longer than a run is answered "
                   "in pieces, each kept in the --answers file.")
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Search the board here, in one piece, keeping the search's values in this "
                   "file: a run stopped (--time, Ctrl-C) goes on from it.")
@click.option("--second-order", is_flag=True,
              help="Cram: try the moves in a second order, to check a new value by (the same "
                   "value must come back; give such a run a --save or --answers file of its "
                   "own).")
@click.option("--guide", type=click.Path(dir_okay=False), default=None,
              help="The --answers file of another run of the board (the other move order): "
                   "ask first the options it found to have the value asked, so that a check "
                   "asks little more than the questions that decide the value.")
@click.option("--tables", type=click.Path(file_okay=False), default=None,
              help="Keep each local worker's table in this folder from one run to the next "
                   "(loaded at the start, saved at the end or at --time), so that a question "
                   "a stop cut off goes on from what it had found.")
@click.option("--show", is_flag=True,
              help="Say where the search of the --answers file stands (the value or its "
                   "bound, the options answered, the next questions), asking nothing.")
@memory_option("Each worker's search (and the search here)")
@time_option("the search", then="with one error line (what was found is kept in the --save "
                                "or --answers file)")
def board(game: str, position: str, workers: int | None, scheduler: str | None,
          answers: str | None, least: int, depth: int, save: str | None,
          second_order: bool, guide: str | None, tables: str | None, show: bool,
          memory: int | None, seconds: float | None) -> None:
    """The value of one board of a board game the compiled search plays (cram,
    node-kayles: POSITION is 3x22, rows such as '....|.#..', or @FILE), its root split
    over Dask workers: for r = 0, 1, ... each option is asked "is your value r?", one
    option a task, and the first r no option has is the value.  A board of fewer than
    --least free cells is searched here, in one piece, and so is any board with --save,
    or with --second-order and none of --workers, --scheduler and --answers: 'grundy board
    cram 3x22 --memory 12G --save cram3x22.table' resumes from its file when stopped.
    With --show, the --answers file says where its search stands, while a run goes on.
    The same search without Python, with --moves for the winning moves, is the program
    grundy-cram (grundy-cram --help), built when grundy is installed."""
    import os

    from ..research.boards import MEMORY, TableNotSaved, solve
    from ..research.split import split_solve
    from ..rules.cells import Board

    if scheduler is not None and workers is not None:
        fail("--scheduler sends the questions to that cluster; --workers is for this machine")
    split = [flag for flag, given in (("--workers", workers), ("--scheduler", scheduler),
                                      ("--answers", answers)) if given]
    if save is not None and split:
        fail(f"--save searches the board here, in one piece, and {split[0]} splits its "
             "root: give one or the other")
    text, = position_words([position])
    found = Board.parse(text)
    size = MEMORY if memory is None else memory
    if show:
        others = [flag for flag, given in (("--workers", workers), ("--scheduler", scheduler),
                                           ("--save", save), ("--time", seconds),
                                           ("--tables", tables)) if given]
        if answers is None:
            fail("--show says where the search of an --answers file stands: give --answers")
        if others:
            fail(f"--show reads the --answers file and asks nothing: {others[0]} is for a run")
        _show(found, game, answers, least, depth, second_order, size, guide)
        return
    here = save is not None or second_order and not split
    for flag, given, does in (("--depth", depth > 1, "splits the root's questions"),
                              ("--guide", guide, "orders the root's questions"),
                              ("--tables", tables, "keeps the tables of the workers that ask "
                                                   "the root's questions")):
        if here and given:
            fail(f"{flag} {does}; this board is searched here, in one piece: give --workers, "
                 "--scheduler or --answers with it")
    kept = save if here else answers
    where = f"what was found is kept in {kept}" if kept else None
    local = 0 if here or scheduler else workers if workers is not None else os.cpu_count() or 1
    try:
        with time_limit(seconds, lambda: where, show=False):
            if here:
                value = solve(found, game, table=save, memory=size, second_order=second_order)
            else:
                value = split_solve(found, game, workers=local, scheduler=scheduler,
                                    answers=answers, least=least, memory=size,
                                    second_order=second_order, depth=depth, guide=guide,
                                    tables=tables)
    except KeyboardInterrupt:
        fail("interrupted" + (f": {where}; the same command resumes" if where else ""))
    except TableNotSaved as unsaved:
        fail(f"{unsaved} (the value is {unsaved.values[0]})")
    click.echo(f"value: {value}")


#: the next questions --show lists, and the open options
SHOWN, OPEN_SHOWN = 5, 10


def _show(found: Board, game: str, answers: str, least: int, depth: int,
          second_order: bool, memory: int, guide: str | None) -> None:
    """``--show``: where the search of the file ``answers`` stands, in a few lines."""
    from ..research.split import progress

    at = progress(found, game, answers, depth=depth, least=least, memory=memory,
                  second_order=second_order, guide=guide)
    stopped = f", {at.stopped} question{'s' * (at.stopped != 1)} stopped unanswered" \
        f" ({at.split} of them asked now through their options)" if at.stopped else ""
    click.echo(f"{game} {found.text()} by {answers}: {at.answers} answers{stopped}")
    if at.timed:
        click.echo(f"{len(at.timed)} of them timed: {sum(at.timed):.1f} s of questions in all, "
                   f"the longest {max(at.timed):.1f} s")
    if at.value is not None:
        click.echo(f"value: {at.value}")
        return
    piece = "" if not at.rest else f" (its largest piece's value; the board's is it XOR {at.rest})"
    click.echo(f"value: at least {at.asked}{piece}, not yet decided")
    click.echo(f"is it {at.asked}? {at.options - len(at.open)} of {at.options} options "
               f"answered, {len(at.open)} open{':' * bool(at.open)}")
    for key in at.open[:OPEN_SHOWN]:
        done, of = at.inside.get(key, (None, None))
        click.echo(f"  {key}" + (f": {done} of its {of} options answered" if of else ""))
    if len(at.open) > OPEN_SHOWN:
        click.echo(f"  (and {len(at.open) - OPEN_SHOWN} more)")
    more = f" (and {len(at.next) - SHOWN} more)" if len(at.next) > SHOWN else ""
    click.echo(f"the next questions{more}:")
    for key, _, value in at.next[:SHOWN]:
        click.echo(f"  {key}: value {value}?")
