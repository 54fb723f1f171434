"""A position written as text, games named in it: ``kayles 3 5 7`` or a sum of different
games joined by ``+``, ``wythoff 3,5 + nim 4 + kayles 7``.

This is the grammar of ``grundy analyze`` and ``grundy play`` (``GAME POSITION...``), read
by the library so that the Python API and the playground take the same text:

>>> game, parts = read_position("kayles 3 5 7")
>>> game.label, parts
('kayles', [3, 5, 7])
>>> game, parts = read_position("wythoff 3,5 + nim 4")
>>> game.notation, [str(p) for p in parts]
('mixed', ['wythoff 3,5', 'nim 4'])
>>> read_position("wythoff 3,5 + nim")
Traceback (most recent call last):
...
grundy.errors.GrundyError: summand 2 of the sum needs a game and a position (write GAME POS + GAME POS, e.g. wythoff 3,5 + nim 4)

Each game reads its own words (:meth:`grundy.Game.parse_position`, or ``parse_words`` for a
game whose one position takes several words); names are resolved by ``resolve`` (the
catalog's :func:`grundy.catalog.find` unless told otherwise: names and notations only, never
a file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Game
from ..errors import GrundyError
from ..rules.mixed import Component, Mixed

__all__ = ["read_parts", "read_position", "sum_of_games"]

#: the most words a position's text may have (each a part or a piece of one): a sum of
#: this many parts is valued in well under a second; past it the text is refused unread
MAX_WORDS = 100_000


def read_parts(game: Game, words: Sequence[str]) -> list[Any]:
    """The parts of ``game`` that ``words`` name, each word read by the game (a game whose
    positions take several words reads them all at once: ``poker-nim 3 5 pool=2``).

    >>> from grundy.catalog import find
    >>> read_parts(find("nim"), ["3", "5"])
    [3, 5]
    >>> read_parts(find("nim"), ["3", "x"])
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: part 2: expected a heap size (a non-negative integer) (digits, or B**E such as 10**22), got 'x'
    """
    if not words:
        raise GrundyError("give a position: heap sizes such as '3 5 7', or cells such as '3x4'")
    return list(game.parse_words(words))


def read_position(text: str | Sequence[str],
                  resolve: Callable[[str], Game] | None = None) -> tuple[Game, list[Any]]:
    """The game and the parts that ``text`` names: ``GAME POS...``, or several such
    summands joined by ``+`` (then the game is :class:`grundy.Mixed` and each part a
    :class:`~grundy.rules.mixed.Component` that knows its game).  ``text`` may be given as
    its words already split (as a shell splits a command line)."""
    if resolve is None:
        from . import find

        resolve = find
    words = text.split() if isinstance(text, str) else list(text)
    if len(words) > MAX_WORDS:
        raise GrundyError(f"a position of at most {MAX_WORDS} words, got {len(words)}")
    if not words:
        raise GrundyError("give a game and a position, such as 'kayles 3 5 7' or "
                          "'wythoff 3,5 + nim 4'")
    if "+" not in words:
        game = resolve(words[0])
        return game, read_parts(game, words[1:])
    segments: list[list[str]] = [[]]
    for word in words:
        if word == "+":
            segments.append([])
        else:
            segments[-1].append(word)
    parts: list[Any] = []
    for i, segment in enumerate(segments, start=1):
        if len(segment) < 2:
            raise GrundyError(f"summand {i} of the sum needs a game and a position (write GAME "
                              "POS + GAME POS, e.g. wythoff 3,5 + nim 4)")
    for segment in segments:
        game = resolve(segment[0])
        parts.extend(Component(game, p) for p in read_parts(game, segment[1:]))
    return sum_of_games(resolve), parts


def sum_of_games(resolve: Callable[[str], Game] | None = None) -> Mixed:
    """The game of a sum of different games whose parts name their games (``nim 4``),
    names resolved by ``resolve`` (the catalog's unless told otherwise).

    >>> mixed = sum_of_games()
    >>> part = mixed.parse_position("nim 4")
    >>> mixed.format_position(part), mixed.value(part)
    ('nim 4', 4)
    """
    if resolve is None:
        from . import find

        resolve = find
    reader = resolve
    return Mixed(lambda more: read_position(more, reader), reader)
