"""Sums of different games: a part is a position of one game, tagged with its game.

``wythoff 3,5 + nim 4 + kayles 7`` is the sum of three parts, each moving by its own rules;
the Sprague-Grundy theorem makes it worth the XOR of the parts' values, and a winning move
is a move in one part to the value that makes the XOR 0.

>>> from grundy.rules.heap import Nim, TakeAndBreak
>>> kayles = TakeAndBreak("0.77")
>>> mixed = Mixed()
>>> parts = [Component(Nim(), 4), Component(kayles, 7)]
>>> [str(p) for p in parts], [mixed.value(p) for p in parts]
(['nim 4', '0.77 7'], [4, 2])
>>> [str(o) for o in mixed.options_of_value(parts[0], 2)]
['nim 2']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Sum, value
from ..errors import GrundyError

__all__ = ["Component", "Mixed"]


@dataclass(frozen=True)
class Component:
    """A position of ``game``, as one part of a sum of different games."""

    game: Game
    position: Any

    def __str__(self) -> str:
        return f"{self.game.label} {self.game.format_position(self.position)}"


def _wrap(game: Game, option: Any) -> Any:
    if isinstance(option, Sum):
        return Sum(*(Component(game, p) for p in option.parts))
    return Component(game, option)


class Mixed(Game):
    """The game whose positions are :class:`Component` parts: each part moves by its game.

    ``read``, when given, reads a position's text with its games named in it (``nim 4``),
    and ``resolve`` a game's name: :func:`grundy.catalog.positions.sum_of_games` passes
    them, so that a part written back (:meth:`format_position`) reads again
    (:meth:`parse_position`).
    """

    board = "mixed"

    def __init__(self, read: Callable[[str], tuple[Game, list[Any]]] | None = None,
                 resolve: Callable[[str], Game] | None = None) -> None:
        self.read = read
        self.resolve = resolve

    @property
    def notation(self) -> str:
        return "mixed"

    def options(self, position: Any) -> list[Any]:
        c = _component(position)
        return [_wrap(c.game, o) for o in c.game.options(c.position)]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        c = _component(position)
        return value(c.game, c.position)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        c = _component(part)
        return [_wrap(c.game, o) for o in c.game.options_of_value(c.position, target)]

    def check_listable(self, part: Any) -> None:
        c = _component(part)
        c.game.check_listable(c.position)

    def describe_move(self, part: Any, option: Any) -> str | None:
        """The words of the part's own game for the move (``take vertex 2``)."""
        c = _component(part)
        pieces = option.parts if isinstance(option, Sum) else (option,)
        inner = [p.position for p in pieces if isinstance(p, Component)]
        if len(inner) != len(pieces):
            return None
        return c.game.describe_move(c.position,
                                    Sum(*inner) if isinstance(option, Sum) else inner[0])

    def check_winning_moves(self, part: Any) -> None:
        c = _component(part)
        c.game.check_winning_moves(c.position)

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        c = _component(part)
        return c.game.every_zero_option(c.position, target)

    def picture(self, part: Any) -> Any:
        """The picture the part's own game draws of it (None: it draws none)."""
        return part.game.picture(part.position) if isinstance(part, Component) else None

    def format_position(self, position: Any) -> str:
        return str(position)

    def is_empty(self, part: Any) -> bool:
        """A part its own game drops (an empty heap, a drawing with no edge)."""
        return isinstance(part, Component) and part.game.is_empty(part.position)

    def parse_position(self, text: str) -> Component:
        """One part, ``GAME POS`` (``nim 4``), read by :attr:`read`."""
        if self.read is None:
            raise GrundyError(f"cannot read {text!r:.60}: this sum of games was built without "
                              "a reader of game names")
        game, parts = self.read(text)
        if isinstance(game, Mixed) or len(parts) != 1:
            raise GrundyError(f"expected one part of one game, such as 'nim 4', got "
                              f"{text!r:.60}")
        return Component(game, parts[0])


def _component(position: Any) -> Component:
    if not isinstance(position, Component):
        raise GrundyError(f"a part of a sum of different games names its game, got "
                          f"{position!r}")
    return position
