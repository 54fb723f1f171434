"""The commands on a position: ``grundy analyze`` (who wins, with which moves) and
``grundy play`` (a match against grundy at the terminal)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

import click

from .common import (budget, echo_json, fail, memory_option, position_words, refuse_options,
                     resolve_game, time_limit, time_option)

__all__ = ["analyze", "play", "read_game_position"]


#: a word that is an option, not a part of a position (``-3`` is a heap, refused as one)
_OPTION = re.compile(r"--?[A-Za-z]")


class _PositionCommand(click.Command):
    """A command whose POSITION words may start with '-' (``-3`` is read, and refused, as
    a heap): a word that looks like an option it does not have is Click's own error, found
    before Click reads the words (which would take ``-path:3`` for ``-p -a -t -h``, the
    help).  Any other word that starts with '-' (``-3``, ``-1path:0``) is a position's,
    kept from Click, which would read ``-1path:0`` as ``-1 -p -a -t -h`` too."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        import difflib

        params = self.get_params(ctx)
        known = {o for p in params for o in (*p.opts, *p.secondary_opts)}
        valued = {o for p in params if isinstance(p, click.Option) and not p.is_flag
                  for o in p.opts}
        args, kept = list(args), {}
        for i, word in enumerate(args):
            if word == "--":
                break
            if _OPTION.match(word):  # an option, --name=value too: Click reads it
                if word.partition("=")[0] not in known:
                    long = sorted(o for o in known if o.startswith("--"))
                    raise click.NoSuchOption(word.partition("=")[0], ctx=ctx,
                                             possibilities=difflib.get_close_matches(word, long))
            elif word[:1] == "-" and (i == 0 or args[i - 1] not in valued):
                kept[f"\0{i}"] = word  # a word no option takes: Click sees a stand-in
                args[i] = f"\0{i}"
        rest = super().parse_args(ctx, args)
        for name, value in ctx.params.items():
            if isinstance(value, str):
                ctx.params[name] = kept.get(value, value)
            elif isinstance(value, tuple):
                ctx.params[name] = tuple(kept.get(v, v) if isinstance(v, str) else v
                                         for v in value)
        return [kept.get(word, word) for word in rest]


@click.command(cls=_PositionCommand, context_settings={"ignore_unknown_options": True})
@click.argument("game")
@click.argument("position", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@click.option("--misere", is_flag=True, help="Misère play: the player who moves last loses.")
@click.option("--explain", is_flag=True,
              help="Name the theorem the answer comes from (a closed form, a proved period).")
@click.option("--options", "with_options", is_flag=True,
              help="List each part's options with their values, and the mex of those values "
                   "that is the part's value (JSON: \"options\", one object a part).")
@click.option("--compound", type=click.Choice(["conjunctive", "continued", "selective"]),
              default=None, help="Play the parts together instead of as a sum: move in "
              "every part (conjunctive), in every part that can move (continued), or in "
              "any parts you choose (selective).")
@memory_option("Boards and graphs of cram, node-kayles and arc-kayles")
@time_option("the search")
def analyze(game: str, position: tuple[str, ...], as_json: bool, misere: bool,
            explain: bool, with_options: bool, compound: str | None, memory: int | None,
            seconds: float | None) -> None:
    """Who wins POSITION of GAME, with which moves, and how many winning moves.

    POSITION is a list of parts played side by side: heap sizes for heap games
    (grundy analyze kayles 3 5 7), ROWxCOL cells or rectangles for
    two-dimensional games (grundy analyze split 4x3 5x5), A B or A,B for
    Wythoff's and Euclid's games, boards and graphs (cram 4x5, node-kayles
    petersen; @FILE reads a part from a file: an edge list, U V a line, or a
    board's rows), a directed graph and its tokens (digraph '0>1,1>2,0>2' 0 2:
    where play can go on for ever, the outcome D names a draw).  Different games add up with + (grundy analyze wythoff 3,5 +
    nim 4 + kayles 7).  With --misere the sum is searched
    move by move (values do not add up in misère play), so keep such positions
    small.  --compound plays the parts as a conjunctive, continued conjunctive or
    selective compound (grundy analyze kayles 3 5 --compound conjunctive): the
    outcome, the remoteness or suspense that decides it, and the winning moves.
    On a terminal the search of a board or graph shows a status line (--memory
    sizes its table).
    """
    from ..play.analysis import analyze as compute
    from ..play.analysis import analyze_misere

    if compound is not None:
        refuse_options(("explain", "--explain"), why="a compound names its rule anyway")
    if compound is not None or misere:
        refuse_options(("with_options", "--options"), why="the mex of the options' values "
                       "is the value of a part in a sum in normal play")
        refuse_options(("memory", "--memory"), why="the compiled board search plays the "
                       "normal sum only")
    ruleset, parts = read_game_position(game, position)
    searched = _searched(ruleset, parts)
    if memory is not None:
        if not searched:
            refuse_options(("memory", "--memory"), why=f"{game} is not played by the "
                           "compiled board search (cram, node-kayles, arc-kayles)")
        from ..research.boards import set_memory

        set_memory(memory)
    if compound is not None:
        with time_limit(seconds):
            _analyze_compound(ruleset, parts, compound, misere, as_json)
        return
    if misere:
        with _misere_memos(ruleset), time_limit(seconds):
            found = analyze_misere(ruleset, parts)
        if as_json:
            echo_json(found.as_dict())
        else:
            click.echo(found.describe(), nl=False)
        return
    with time_limit(seconds, lambda: f"{len(ruleset.cache)} positions valued"
                    if len(ruleset.cache) else None, show=not searched), \
            _status(game, position) if searched else nullcontext():
        result = compute(ruleset, parts)
        listed = _option_values(ruleset, result.parts) if with_options else []
    theorems = _theorems(ruleset, parts) if explain else []
    if as_json:
        echo_json({**result.as_dict(), **({"theorems": theorems} if explain else {}),
                   **({"options": [o.as_dict() for o in listed]} if with_options else {})})
    else:
        click.echo(result.describe(), nl=False)
        for line in theorems:
            click.echo(f"theorem: {line}")
        if explain and not theorems:
            click.echo("theorem: none: the values were searched move by move")
        for found in listed:
            click.echo(found.describe(), nl=False)


def _option_values(ruleset: Any, parts: Any) -> list[Any]:
    """Each part's options with their values (:func:`grundy.play.options.option_values`:
    one error line where they cannot be listed, or play can go on for ever)."""
    from ..play.options import option_values

    return [option_values(ruleset, part, i) for i, part in enumerate(parts)]


def _searched(ruleset: Any, parts: list[Any]) -> bool:
    """Whether some part is a board or graph the compiled board search values (its game
    declares the search)."""
    from ..rules.boards import searched

    games = [p.game for p in parts] if ruleset.notation == "mixed" else [ruleset]
    return any(searched(g) for g in games)


def _status(game: str, words: tuple[str, ...]) -> Any:
    """The board search's status line (on a terminal), named by the command's words."""
    from ..research.boards import searching

    return searching(" ".join([game, *(w if len(w) < 40 else w[:37] + "..." for w in words)]))


def _analyze_compound(ruleset: Any, parts: list[Any], compound: str, misere: bool,
                      as_json: bool) -> None:
    from ..play.compounds import analyze_compound

    with _misere_memos(ruleset):
        found = analyze_compound(ruleset, parts, compound, misere)
    if not as_json:
        click.echo(found.describe(), nl=False)
        return
    echo_json(found.as_dict())



@contextmanager
def _misere_memos(ruleset: Any) -> Iterator[None]:
    """Drop the misère memos kept on the game afterwards: freed at once they take a
    fraction of a second, at the interpreter's exit they can take seconds."""
    from ..play.misere.search import forget_misere

    try:
        yield
    finally:
        forget_misere(ruleset)


def read_game_position(game: str, words: tuple[str, ...]) -> tuple[Any, list[Any]]:
    """The game and the parts: one game, or a sum of games joined by ``+``
    (:func:`grundy.catalog.positions.read_position`); a word ``@FILE`` is the text of that
    file, and GAME may be a user's ruleset (``rules.py:Class``)."""
    from ..catalog.positions import read_position

    return read_position([game, *position_words(words)], resolve_game)


def _theorems(ruleset: Any, parts: list[Any]) -> list[str]:
    """The theorems an answer rests on, one per game (each game once)."""
    from ..play.analysis import theorem_of

    games = [p.game for p in parts] if ruleset.notation == "mixed" else [ruleset]
    seen: list[str] = []
    for g in games:
        said = theorem_of(g)
        if said is not None and f"{g.label}: {said}" not in seen:
            seen.append(f"{g.label}: {said}")
    return seen


@click.command()
@click.argument("game")
@click.argument("position", nargs=-1, required=True)
@click.option("--second", is_flag=True, help="Let grundy move first.")
@click.option("--seed", type=int, default=None, help="Seed of grundy's random moves when it is losing.")
@click.option("--misere", is_flag=True, help="Misère play: the player who moves last loses.")
@time_option("grundy's search for each move (and for a hint)",
             then="and let it play a random move, saying so (what it valued is kept for "
                  "its next move)")
def play(game: str, position: tuple[str, ...], second: bool, seed: int | None,
         misere: bool, seconds: float | None) -> None:
    """Play GAME from POSITION against grundy, which never misses a winning move (unless
    --time cuts its search short).

    POSITION as for 'grundy analyze'.  At your turn type the number of a move,
    h for a hint, q to give up.
    """
    from ..play.analysis import parse_position
    from ..play.match import play as run_match

    ruleset = resolve_game(game)
    parts = parse_position(ruleset, position_words(position))
    try:
        with _misere_memos(ruleset):
            run_match(ruleset, parts, human_first=not second, seed=seed, misere=misere,
                      ask=_ask, say=click.echo, think=lambda: budget(seconds))
    except EOFError:  # Ctrl-C is not caught here: it is "aborted", as everywhere
        fail("input ended before the game did")


#: the longest answer line ``play`` reads; the rest of a longer line is skipped
_ANSWER_CHARS = 4096


def _ask(prompt: str) -> str:
    """Show ``prompt``, read one line of standard input; EOFError when it has ended."""
    click.echo(prompt, nl=False)
    if sys.stdin is None:
        raise EOFError
    try:
        line = sys.stdin.readline(_ANSWER_CHARS)
        rest = line
        while rest and not rest.endswith("\n") and len(rest) == _ANSWER_CHARS:
            rest = sys.stdin.readline(_ANSWER_CHARS)  # a very long line: skip the rest
    except UnicodeDecodeError:
        fail("the answer typed is not UTF-8 text")
    if not line:
        raise EOFError
    return line.rstrip("\r\n")

