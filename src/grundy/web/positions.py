"""Positions and moves in the playground's JSON, read, checked and tidied.

A position is a list of parts.  A part of a one-dimensional game (heaps, a coin of a
coin row, a bean) is an integer; a part of a two-dimensional game is ``[r, c]`` or
``"RxC"``.  Every size is checked against the limits below before anything is computed,
so a request can never make the server work for long or run out of memory.

>>> from grundy.catalog import find
>>> kayles, coins = find("kayles"), find("coins")
>>> read_position(kayles, [3, 0, 5])
[3, 5]
>>> read_position(coins, ["2x3", [1, 1], [2, 3]])   # a coin turned twice is tails again
[(1, 1)]
>>> to_json(coins, [(1, 1)]), to_json(kayles, [3, 5])
([[1, 1]], [3, 5])
"""

from __future__ import annotations

from typing import Any

from ..play.analysis import format_part, part_json, writes_own_positions
from ..engine import Game, Sum
from ..errors import GrundyError
from ..play.match import option_parts, tidy
from ..rules.base import is_grid_game, is_heap_game
from ..rules.closed import WordReader
from ..rules.mixed import Component
from .boards import MAX_BOARD_TEXT, check_part, is_board_game, read_board_part

__all__ = ["MAX_COIN", "MAX_NUMBERS", "has_own_positions", "MAX_HEAP", "MAX_OPTIONS", "MAX_PARTS", "MAX_SIDE", "board_of", "describe",
           "option_parts", "read_part", "read_parts", "read_position", "tidy", "to_json"]

#: the most parts a position may have
MAX_PARTS = 32
#: the largest heap the playground takes
MAX_HEAP = 300
#: the largest coin of a coin row, and the most bottles after a bean (their moves turn or
#: fill up to n coins or bottles each, so n^2 work per part)
MAX_COIN = 64
#: the largest row or column of a two-dimensional part
MAX_SIDE = 32
#: the most moves one position may have (all parts together)
MAX_OPTIONS = 200_000


def board_of(game: Game) -> str:
    """The kind of board the game is drawn on (the game says it; "heaps" by default)."""
    return game.board or "heaps"


def _number(digits: str, where: str) -> int:
    """The number a string of digits writes, refused unread past 30 digits (far past any
    size the playground takes; Python reads no more than 4300).

    >>> _number(" 12", "position[0]")
    12
    >>> _number("9" * 5000, "position[0]")
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: position[0]: a number of 5000 digits is too large for the playground
    """
    digits = digits.strip().lstrip("0") or "0"
    if len(digits) > 30:
        raise GrundyError(f"{where}: a number of {len(digits)} digits is too large for the "
                          "playground")
    return int(digits)


def read_part(game: Game, raw: Any, where: str) -> Any:
    """One part from JSON; ``where`` names it in errors (``position[2]``)."""
    if is_heap_game(game):
        if isinstance(raw, str) and raw.strip().isdigit():
            raw = _number(raw, where)
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise GrundyError(f"{where}: expected a heap size (a non-negative integer), got "
                              f"{_show(raw)}")
        top = MAX_HEAP if board_of(game) == "heaps" else MAX_COIN
        if raw > top:
            raise GrundyError(f"{where}: {raw} is too large for the playground "
                              f"(at most {top})")
        return raw
    if is_grid_game(game):
        pair: Any = raw
        if isinstance(raw, str):
            pieces = raw.lower().replace(",", "x").split("x")
            pair = [_number(p, where) if p.strip().isdigit() else p for p in pieces]
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)):
            raise GrundyError(f"{where}: expected [row, col] or \"RxC\" such as \"3x4\", "
                              f"got {_show(raw)}")
        first = game.first_index
        r, c = pair
        if r < first or c < first:
            raise GrundyError(f"{where}: rows and columns start at {first}, got {_show(raw)}")
        if max(r, c) > MAX_SIDE:
            raise GrundyError(f"{where}: {r}x{c} is too large for the playground "
                              f"(rows and columns at most {MAX_SIDE})")
        return (r, c)
    if board_of(game) == "mixed" and isinstance(raw, dict):  # {"game": NAME, "position": PART}
        return _component(game, raw, where)
    if has_own_positions(game) and isinstance(raw, str):
        return _own_part(game, raw, where)
    raise GrundyError(f"{where}: {game!r} has no positions the playground can read "
                      f"(got {_show(raw)})")


def _component(game: Any, raw: dict[str, Any], where: str) -> Component:
    """A part of a sum of different games, ``{"game": NAME, "position": PART}``, read and
    checked as a part of that game."""
    name = raw.get("game")
    if not isinstance(name, str) or not 0 < len(name) <= 60 or set(raw) != {"game", "position"}:
        raise GrundyError(f"{where}: expected {{\"game\": NAME, \"position\": PART}}, got "
                          f"{_show(raw)}")
    try:
        inner = game.resolve(name.strip().lower())
    except GrundyError as exc:
        raise GrundyError(f"{where}.game: {exc}") from None
    return Component(inner, read_part(inner, raw["position"], f"{where}.position"))


#: the most numbers in a part written in a game's own notation (a Moore or Welter position)
MAX_NUMBERS = 8


def has_own_positions(game: Game) -> bool:
    """Whether the game writes its positions its own way (``3 5 pool=2``, ``11,7``): the
    playground then sends each part as that text
    (:func:`grundy.play.analysis.writes_own_positions`)."""
    return writes_own_positions(game)


def _own_part(game: Game, raw: str, where: str) -> Any:
    top = MAX_BOARD_TEXT if is_board_game(game) else 80
    if len(raw) > top:
        raise GrundyError(f"{where}: at most {top} characters, got {len(raw)}")
    words = raw.split()
    try:
        parts = (game.parse_words(words) if isinstance(game, WordReader)
                 else [read_board_part(game, raw)])
    except GrundyError as exc:  # named like every other error of a part
        raise GrundyError(f"{where}: {exc}") from None
    if len(parts) != 1:
        raise GrundyError(f"{where}: expected one position, got {_show(raw)}")
    if isinstance(parts[0], Component):  # a part of a sum of different games: its game's checks
        inner = parts[0]
        return Component(inner.game, read_part(inner.game, part_json(inner.position, inner.game),
                                               where))
    check_part(game, parts[0], where)
    numbers = _numbers(parts[0])
    if len(numbers) > MAX_NUMBERS or max(numbers, default=0) > MAX_COIN:
        raise GrundyError(f"{where}: {_show(raw)} is too large for the playground (at most "
                          f"{MAX_NUMBERS} numbers, each at most {MAX_COIN})")
    return parts[0]


def _numbers(part: Any) -> list[int]:
    if isinstance(part, int):
        return [part]
    if isinstance(part, tuple):
        return [n for item in part for n in _numbers(item)]
    return []


def read_parts(game: Game, raw: Any, where: str) -> list[Any]:
    """A list of parts from JSON, untidied (``where``: the field, for errors)."""
    if not isinstance(raw, list):
        raise GrundyError(f"{where}: expected a list of parts, got {_show(raw)}")
    if len(raw) > MAX_PARTS:
        raise GrundyError(f"{where}: {len(raw)} parts is too many (at most {MAX_PARTS})")
    return [read_part(game, item, f"{where}[{i}]") for i, item in enumerate(raw)]


def read_position(game: Game, raw: Any, where: str = "position") -> list[Any]:
    """A checked, tidied position; raises :class:`GrundyError` naming ``where``."""
    parts = tidy(game, read_parts(game, raw, where))
    budget = MAX_OPTIONS
    counts: dict[Any, int] = {}
    for part in parts:  # every move is listed: equal parts count once each
        if part not in counts:
            counts[part] = sum(1 for _ in game.options(part))
        budget -= counts[part]
        if budget < 0:
            raise GrundyError(f"{where}: too many moves to list (more than {MAX_OPTIONS}); "
                              "take smaller parts")
    return parts


def to_json(game: Game, parts: list[Any]) -> list[Any]:
    """Parts as JSON: integers, ``[r, c]`` pairs, or a game's own notation (a string)."""
    return [part_json(p, game) for p in parts]


def _show(raw: Any) -> str:
    text = repr(raw) if not isinstance(raw, str) else f"'{raw}'"
    return text if len(text) <= 40 else text[:37] + "..."


def describe(part: Any, leaves: list[Any], empty: str = "nothing",
             game: Game | None = None) -> str:
    """A move in words: ``7 -> 2 + 4`` (``empty``: what a move that leaves nothing leaves).

    >>> describe(7, [2, 4]), describe(3, [], "0"), describe((2, 2), [])
    ('7 -> 2 + 4', '3 -> 0', '2x2 -> nothing')
    """
    shown = format_part(Sum(*leaves), game) if leaves else empty
    return f"{format_part(part, game)} -> {shown}"
