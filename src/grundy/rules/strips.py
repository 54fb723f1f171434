"""Counters on strips: Welter's game and Northcott's game.

**Welter's game**: coins on the squares 0, 1, 2, ... of a strip, at most one a square; a
move takes one coin to any empty square on its left (jumping over others).  Its value is
Welter's function of the squares; grundy computes it by Sato's hook formula: a position is
the beta-set of a Young diagram, a move removes a hook, and the value is the nim sum, over
every hook length h (every coin x and empty square y < x: h = x - y), of ``h XOR (h - 1)``.
Summed in closed form over the empty squares, it costs a few operations per pair of coins,
for squares of any size.

**Northcott's game** (impartial form): each row of a board holds two counters; a move
slides either counter of one row any number of squares towards the other, never onto or
past it.  A row with counters at columns ``x < y`` is a nim heap of its gap ``y - x - 1``
(Winning Ways ch. 2, where either player may also move away: such moves are reversed).

>>> w = Welter()
>>> w.fast_value((1, 4, 6)), w.fast_value((0, 1, 2)), w.fast_value((2, 5, 9))
(0, 0, 9)
>>> n = Northcott()
>>> n.fast_value((2, 9)), n.options_of_value((2, 9), 3)
(6, [(5, 9), (2, 6)])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game, Sum
from ..errors import GrundyError, shorten
from .closed import WordReader, read_integer

__all__ = ["Northcott", "Welter", "welter_value"]

#: the most moves of a Welter position listed one by one (the squares added up)
WELTER_MOVES = 20_000
#: the most coins of a Welter position (the formula costs n^2 steps)
WELTER_COINS = 2000
#: the largest gap of a Northcott row whose moves are listed one by one (play, misère
#: play, the genus), as for a nim heap
NORTHCOTT_GAP = 10**5


def _hooks_up_to(x: int) -> int:
    """The nim sum of ``h XOR (h - 1)`` for h = 1..x: by the 2-adic order of h, the terms
    ``2^(j+1) - 1`` that occur an odd number of times."""
    total, j = 0, 0
    while x >> j:
        if ((x >> j) - (x >> (j + 1))) & 1:
            total ^= (2 << j) - 1
        j += 1
    return total


def welter_value(squares: tuple[int, ...]) -> int:
    """Welter's function of coins on distinct ``squares`` (Sato's hook formula)."""
    total = 0
    for x in squares:
        total ^= _hooks_up_to(x)
        for y in squares:
            if y < x:  # y is taken: not a hook
                h = x - y
                total ^= h ^ (h - 1)
    return total



class Welter(WordReader):
    """Coins on a strip, one a square; move a coin to an empty square on its left."""

    board = "strip"
    #: a position the playground starts from (parts in the game's notation)
    example = ("1 4 6 9",)
    theorem = ("Welter's function, by Sato's hook formula: the nim sum over the hook lengths "
               "h of the position's Young diagram of h XOR (h - 1)")

    @property
    def notation(self) -> str:
        return "welter"

    def _coins(self, position: Any) -> tuple[int, ...]:
        if not isinstance(position, tuple) or not all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in position):
            raise GrundyError(f"a position of welter is a tuple of squares (non-negative "
                              f"integers), got {position!r}")
        if len(set(position)) != len(position):
            twice = sorted(x for x in set(position) if position.count(x) > 1)[0]
            raise GrundyError(f"two coins on square {twice}: a welter square holds one coin "
                              "at most")
        if len(position) > WELTER_COINS:
            raise GrundyError(f"welter: {len(position)} coins is more than grundy takes (at "
                              f"most {WELTER_COINS})")
        return tuple(sorted(position))

    def options(self, position: Any) -> list[tuple[int, ...]]:
        coins = self._coins(position)
        taken = set(coins)
        return [tuple(sorted((taken - {x}) | {y})) for x in coins for y in range(x - 1, -1, -1)
                if y not in taken]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        return welter_value(self._coins(position))

    def check_listable(self, part: Any) -> None:
        if sum(self._coins(part)) > WELTER_MOVES:
            raise GrundyError(f"welter: squares adding up to more than {WELTER_MOVES} are too "
                              "many moves to list (grundy.value computes its value for any size)")

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        """All the words are one position: the squares of the coins."""
        return [self._coins(tuple(read_integer(w, "a square") for w in words))]

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self._coins(tuple(read_integer(w, "a square")
                                 for w in text.replace(",", " ").strip("() ").split()))

    def format_position(self, position: Any) -> str:
        return " ".join(map(str, position))

    def __eq__(self, other: object) -> bool:
        return type(other) is Welter

    def __hash__(self) -> int:
        return hash("grundy.Welter")


class Northcott(Game):
    """Rows of two counters; slide one towards the other."""

    board = "rows"
    example = ("2,9", "1,6", "3,5")
    theorem = "Northcott's game is nim on the gaps: a row with counters at x < y is worth y - x - 1"

    @property
    def notation(self) -> str:
        return "northcott"

    def _row(self, position: Any) -> tuple[int, int]:
        try:
            x, y = position
        except (TypeError, ValueError):
            raise GrundyError(f"a row of northcott is a pair of columns X,Y, got {position!r}") \
                from None
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (x, y)):
            raise GrundyError(f"the columns of a northcott row are non-negative integers, got "
                              f"{position!r}")
        if x >= y:
            raise GrundyError(f"a northcott row X,Y has the left counter first (X < Y), got "
                              f"{x},{y}")
        return x, y

    def options(self, position: Any) -> list[tuple[int, int]]:
        x, y = self._row(position)
        return [(a, y) for a in range(x + 1, y)] + [(x, b) for b in range(y - 1, x, -1)]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        x, y = self._row(position)
        return y - x - 1

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        x, y = self._row(part)
        if target >= y - x - 1:
            return []
        return [(y - target - 1, y), (x, x + target + 1)]

    def check_listable(self, part: Any) -> None:
        x, y = self._row(part)
        if y - x - 1 > NORTHCOTT_GAP:
            raise GrundyError(f"northcott: the row {shorten(f'{x},{y}', 80)} is too large to "
                              f"list its moves one by one (a gap of at most {NORTHCOTT_GAP}; "
                              "analyze gives its value and winning moves at any size)")

    def check_winning_moves(self, part: Any) -> None:
        self._row(part)  # any size: options_of_value names the two moves of a value

    def parse_position(self, text: str) -> tuple[int, int]:
        """A row ``X,Y``: the columns of its two counters."""
        pieces = text.strip().split(",")
        if len(pieces) != 2:
            raise GrundyError(f"expected a northcott row X,Y such as 2,9, got {text!r}")
        x, y = (read_integer(p, "a column") for p in pieces)
        return self._row((x, y))

    def format_position(self, position: Any) -> str:
        return f"{position[0]},{position[1]}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Northcott

    def __hash__(self) -> int:
        return hash("grundy.Northcott")
