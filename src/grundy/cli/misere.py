"""The commands ``grundy genus`` and ``grundy quotient``: misère play as the research
tools do it (registered in :mod:`grundy.cli.main`, loaded when used)."""

from __future__ import annotations

import click

from .common import (began, echo_json, fail, refuse_options, resolve_game, time_limit,
                     time_option)
from .fastquot import end_progress, progress

__all__ = ["GENUS_HEAPS", "genus", "quotient"]

#: the most heaps ``grundy genus`` lists (Kayles, heaps 0..29: 2.3 s under load; the
#: genus of heap n searches the sums of heaps below n, whose number grows fast)
GENUS_HEAPS = 32


@click.command()
@click.argument("game")
@click.argument("position", nargs=-1)
@click.option("-n", "count", type=click.IntRange(1, GENUS_HEAPS), default=12, show_default=True,
              help=f"Heaps 0..N-1 of a heap game (at most {GENUS_HEAPS}).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@time_option("the genus", whole=True, default_text="10")
def genus(game: str, position: tuple[str, ...], count: int, as_json: bool,
          seconds: float | None) -> None:
    """Print the genus g^(γ1 γ2 ...) of heaps 0..N-1 of GAME, or of a POSITION of any game.

    The genus (Winning Ways, ch. 13) holds the normal value g, the misère value γ1 and
    the misère values of the position plus nim heaps of 2; it is written as Winning Ways
    writes it (4^146: the tail repeats its last two).  A heap is marked tame when it and
    every position it can reach have a nim heap's genus: sums of such heaps are misère
    nim on their normal values; wild heaps are not.  In the JSON, "tame_genus" says
    whether the genus itself is a nim heap's, and "tame" (heaps only) whether the heap
    is tame.  The whole answer takes about 10 s at most (or --time), start-up included.
    """
    from ..engine import Sum
    from ..play.analysis import parse_position
    from ..misere.genus import MAX_GENUS_SECONDS, heap_genera
    from ..misere.genus import genus as genus_of
    from ..play.misere.search import forget_misere
    from ..rules.base import is_heap_game
    from ..rules.closed import check_move_by_move

    # the timer stops the search at the budget's end wherever it is (the genus's own clock,
    # given the whole budget from later on, is the Python API's)
    limit = MAX_GENUS_SECONDS if seconds is None else seconds
    ruleset = resolve_game(game)
    if position:
        refuse_options(("count", "-n"), why="-n lists heaps 0..N-1; a POSITION is one position")
        parts = parse_position(ruleset, list(position))
        for part in parts:
            check_move_by_move(ruleset, part, "take its genus")
        try:
            with time_limit(limit, since=began()):
                g = genus_of(ruleset, Sum(*parts) if len(parts) > 1 else parts[0], limit)
        finally:
            forget_misere(ruleset)  # freed at once, not slowly at the exit
        if as_json:
            echo_json({"genus": str(g), "normal": g.normal, "misere": g.misere,
                       "exponent": list(g.exponent), "tame_genus": g.tame})
        else:
            click.echo(f"{g}  ({'tame' if g.tame else 'wild'} genus)")
        return
    if not is_heap_game(ruleset):
        fail(f"{game}: give a POSITION (-n lists heaps 0..N-1 of a heap game)")
    try:
        with time_limit(limit, since=began()):
            rows = heap_genera(ruleset, count, limit)
    finally:
        forget_misere(ruleset)
    if as_json:
        echo_json([{"heap": h, "genus": str(g), "normal": g.normal, "misere": g.misere,
                    "exponent": list(g.exponent), "tame_genus": g.tame, "tame": t}
                   for h, (g, t) in enumerate(rows)])
        return
    width = max(len(str(g)) for g, _ in rows)
    for h, (g, t) in enumerate(rows):
        click.echo(f"{h:>4}  {str(g):<{width}}  {'tame' if t else 'wild'}")


@click.command()
@click.argument("game")
@click.option("--heaps", "heaps", type=int, default=None,
              help="Compute Q_N for heaps up to N at most (default 1000; at most 20000).")
@click.option("--time", "seconds", type=float, default=None,
              help="Stop after about this many seconds (default 60) with the partial Q_N.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object (with the table).")
@click.option("--no-table", is_flag=True,
              help="With --json, leave out the multiplication table (|Q|^2 numbers).")
@click.option("--no-save", is_flag=True,
              help="Do not keep a certified quotient in the cache folder.")
def quotient(game: str, heaps: int | None, seconds: float | None, as_json: bool,
             no_table: bool, no_save: bool) -> None:
    """Compute the misère quotient of a heap GAME: its presentation, order, P-portion and
    pretending function.

    Heaps are added one by one (Q_0, Q_1, ...) until the pretending function is periodic
    far enough for the periodicity theorem of misère quotients to certify the whole
    quotient (octal codes and subtraction games: the theorem is named in the output),
    or until --heaps or --time: then the partial quotient Q_N of heaps 0..N is printed,
    marked partial.  A certified quotient is kept in the cache folder (see the misère
    page of the documentation), and `grundy analyze GAME ... --misere` plays by it.
    """
    from ..misere.cache import load, save
    from ..misere.quotient import DEFAULT_SECONDS
    from ..misere.quotient import quotient as compute
    from ..play.misere.search import use_quotient

    if no_table and not as_json:
        fail("--no-table goes with --json (the text output has no table)")
    ruleset = resolve_game(game)
    q = load(ruleset, DEFAULT_SECONDS) if heaps is None and seconds is None else None
    if q is None or not q.certified:
        try:
            q = compute(ruleset, heaps, seconds, progress)
        finally:
            end_progress()
        if q.certified and not no_save:
            save(ruleset, q)
    use_quotient(ruleset, q)
    if as_json:
        echo_json(q.as_dict(table=not no_table))
        return
    for line in q.report():
        click.echo(line)
