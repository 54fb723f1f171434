"""The command ``grundy misere-form``: misère canonical forms (registered in
:mod:`grundy.cli.main`, loaded when used)."""

from __future__ import annotations

import click

from .common import echo_json, fail, refuse_options

__all__ = ["misere_form"]


@click.command("misere-form")
@click.argument("game", required=False)
@click.argument("position", nargs=-1)
@click.option("--born-by", "day", type=click.IntRange(0, None), default=None,
              help="List the forms of the games born by DAY (at most 4) instead.")
@click.option("--count", is_flag=True, help="With --born-by: only count them (up to day 5).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def misere_form(game: str | None, position: tuple[str, ...], day: int | None, count: bool,
                as_json: bool) -> None:
    """Print the misère canonical form of POSITION of GAME, or the forms born by a day.

    Two positions are equal in misère play (the same outcome beside any game) iff
    their forms are the same (Conway, On Numbers and Games, ch. 12).  A form is
    written with nim heaps where it is one (0, *, *2), else as the set of its options
    ({*2}, {0,*2}).  The parts of POSITION are added up (grundy misere-form nim 2 2;
    different games join with +: grundy misere-form nim 2 + kayles 3).
    --born-by 4 lists the 22 forms of the games born by day 4; --born-by 5 --count
    counts day 5's (4171780, a second or two), --born-by 6 --count day 6's, as a
    sum of powers of 2.
    """
    from ..misere.canonical import count_born_by, misere_canonical, misere_forms_born_by

    if day is not None:
        if game is not None:
            fail("--born-by lists forms by their birthday: give no GAME POSITION")
        if count:
            total = count_born_by(day)
            if day == 6:  # 1255831 decimal digits: written as powers of 2
                from ..misere.canonical import day_6_expression

                text = day_6_expression()
                digits = _digits(total)
                if as_json:
                    echo_json({"day": day, "count": text, "digits": digits})
                else:
                    click.echo(f"{text} forms born by day {day} ({digits} decimal digits)")
                return
            if as_json:
                echo_json({"day": day, "count": total})
            else:
                click.echo(f"{total} forms born by day {day}")
            return
        forms = misere_forms_born_by(day)
        if as_json:
            echo_json({"day": day, "count": len(forms), "forms": [str(f) for f in forms]})
        else:
            for form in forms:
                click.echo(str(form))
            click.echo(f"{len(forms)} forms born by day {day}")
        return
    refuse_options(("count", "--count"), why="it counts the forms of --born-by")
    if game is None or not position:
        fail("give GAME POSITION (grundy misere-form kayles 5), or --born-by DAY")
    from .positions import read_game_position  # one game, or different games joined by +

    ruleset, parts = read_game_position(game, position)
    form = misere_canonical(ruleset, parts)
    if as_json:
        echo_json({"form": str(form), "birthday": form.birthday, "outcome": form.outcome})
    else:
        click.echo(str(form))


def _digits(number: int) -> int:
    """How many decimal digits ``number`` (> 0) has, without writing it out.

    >>> _digits(999), _digits(1000), _digits(2 ** 4000)
    (3, 4, 1205)
    """
    import math

    digits = int(number.bit_length() * math.log10(2)) + 1
    while 10 ** (digits - 1) > number:
        digits -= 1
    while 10 ** digits <= number:
        digits += 1
    return digits
