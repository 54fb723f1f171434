"""Loopy impartial games: the generalized Sprague-Grundy function (Smith 1966).

When positions can repeat, a game may go on forever (a draw), and Grundy values
are no longer defined.  Smith's generalized function still gives every position
of a finite game a value that decides all sums: either a natural number, or
*infinity* with a set K, written ``Infinity(*K)``: K is the set of finite values
among the position's options.

- A position of finite value ``g`` behaves as the nim heap ``g``: 0 is a loss for
  the player to move (P), anything else a win (N).
- ``Infinity(*K)`` is a win (N) when 0 is in K, else a draw (D).
- Sums: finite values add by XOR; ``Infinity(*K)`` plus ``a`` is ``Infinity(*(K ^ a))``;
  two infinities add up to ``Infinity()``, a draw.

The values come from the labelling algorithm of Fraenkel and Yesha (1986) on the
graph of all positions reachable from the one asked about
(:func:`grundy.rules.digraph.smith_labels`): for m = 0, 1, 2, ... a position gets the
label m when none of its options has label m and every unlabelled option can move to
one with label m; then every position still unlabelled with no option of label m is
infinite.  A game played on a graph given whole (:mod:`grundy.rules.digraph`) says so
(``graph_of``), and the graph is labelled as it is, without exploring it.

>>> from grundy import Game
>>> class Circle(Game):   # a token on 0..5 steps down (from 0 to 5) or jumps to 6, the end
...     def options(self, n):
...         return [] if n == 6 else [(n - 1) % 6, 6]
>>> loopy_value(Circle(), 0), loopy_outcome(Circle(), 0)
(Infinity(0), 'N')

Jumping to 6 wins, but the position is no nim heap: beside a heap of one (``0 ^ 1``
is ``Infinity(1)``), neither player can force a win.

>>> class Seesaw(Game):   # 0 and 1 lead to each other, 2 to 0 or to 3, the end
...     def options(self, n):
...         return {0: [1], 1: [0], 2: [0, 3], 3: []}[n]
>>> [loopy_value(Seesaw(), n) for n in range(4)]
[Infinity(), Infinity(), Infinity(0), 0]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..engine import Game, Sum
from ..errors import GrundyError
from ..rules.digraph import smith_labels

__all__ = ["Infinity", "LoopyValue", "loopy_outcome", "loopy_outcome_of",
           "loopy_part_winning_moves", "loopy_value", "loopy_winning_moves"]

MAX_POSITIONS = 10**6  # positions explored from one position at most


class Infinity:
    """The value of a position that need not end: infinity with the set K of the
    finite values of its options (``Infinity(0, 2)`` is K = {0, 2}).

    >>> Infinity(2, 0), Infinity(2, 0) == Infinity(0, 2), Infinity(0, 2) ^ 3
    (Infinity(0, 2), True, Infinity(1, 3))
    """

    __slots__ = ("finite",)
    finite: frozenset[int]

    def __init__(self, *finite: int) -> None:
        object.__setattr__(self, "finite", frozenset(finite))

    def __setattr__(self, name: str, val: object) -> None:
        raise AttributeError("Infinity is immutable")

    def __xor__(self, other: LoopyValue) -> Infinity:
        """The value of a sum: ``Infinity(*K) ^ a = Infinity(*(K ^ a))``, and two
        infinities give ``Infinity()``."""
        if isinstance(other, Infinity):
            return Infinity()
        return Infinity(*(k ^ other for k in self.finite))

    __rxor__ = __xor__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Infinity) and self.finite == other.finite

    def __hash__(self) -> int:
        return hash(("grundy.Infinity", self.finite))

    def __repr__(self) -> str:
        return f"Infinity({', '.join(map(str, sorted(self.finite)))})"


LoopyValue = int | Infinity


def loopy_value(game: Game, position: Any) -> LoopyValue:
    """The generalized Sprague-Grundy value of ``position`` (or of a :class:`Sum`).

    Options must be single positions (a :class:`Sum` of several parts as an option
    is refused with an error), and at most 10**6 positions may be reachable.
    Values are memoised on ``game``.
    """
    if isinstance(position, Sum):
        total: LoopyValue = 0
        for part in position.parts:
            total = total ^ loopy_value(game, part)
        return total
    memo = _memo(game)
    if position not in memo:
        memo.update(_label(game, position))
    return memo[position]


def loopy_outcome(game: Game, position: Any) -> str:
    """``"P"`` (the player to move loses), ``"N"`` (wins) or ``"D"`` (neither can force
    a win: a draw) for ``position`` or a :class:`Sum`.

    >>> class Seesaw(Game):
    ...     def options(self, n):
    ...         return {0: [1], 1: [0], 2: [0, 3], 3: []}[n]
    >>> [loopy_outcome(Seesaw(), n) for n in range(4)], loopy_outcome(Seesaw(), Sum(2, 2))
    (['D', 'D', 'N', 'P'], 'D')
    """
    return _outcome(loopy_value(game, position))


def loopy_winning_moves(game: Game, position: Any) -> list[Any]:
    """The moves from ``position`` (or a :class:`Sum`) to positions of value 0, in the
    order ``options()`` gives them: empty unless the outcome is N.

    >>> class Seesaw(Game):
    ...     def options(self, n):
    ...         return {0: [1], 1: [0], 2: [0, 3], 3: []}[n]
    >>> loopy_winning_moves(Seesaw(), 2), loopy_winning_moves(Seesaw(), Sum(2, 3))
    ([3], [Sum(3, 3)])
    """
    if not isinstance(position, Sum):
        return [option for option in game.options(position)
                if loopy_value(game, _single(option, position)) == 0]
    parts = position.parts
    return [Sum(*parts[:i], option, *parts[i + 1:])
            for i, option in loopy_part_winning_moves(game, parts)]


def loopy_part_winning_moves(game: Game, parts: Sequence[Any]) -> list[tuple[int, Any]]:
    """The winning moves of the sum of ``parts`` as ``(i, option)``: part ``i`` moved to
    ``option`` leaves value 0.  A move wins only where every other part is finite, to the
    option whose value is their XOR."""
    values = [loopy_value(game, part) for part in parts]
    moves = []
    for i, part in enumerate(parts):
        rest: LoopyValue = 0
        for j, v in enumerate(values):
            if j != i:
                rest = rest ^ v
        if isinstance(rest, Infinity):
            continue  # another part is infinite: the sum stays infinite
        for option in game.options(part):
            if loopy_value(game, _single(option, part)) == rest:
                moves.append((i, option))
    return moves


def loopy_outcome_of(value: LoopyValue) -> str:
    """The outcome of a generalized value: ``"P"`` for 0, ``"N"`` for any other number and
    for ``Infinity(*K)`` with 0 in K, ``"D"`` (a draw) for the other infinities.

    >>> loopy_outcome_of(0), loopy_outcome_of(Infinity(0, 2)), loopy_outcome_of(Infinity(1))
    ('P', 'N', 'D')
    """
    return _outcome(value)


def _outcome(value: LoopyValue) -> str:
    if isinstance(value, Infinity):
        return "N" if 0 in value.finite else "D"
    return "P" if value == 0 else "N"


def _memo(game: Game) -> dict[Any, LoopyValue]:
    memo: dict[Any, LoopyValue] = game.memo("loopy")
    return memo


_END = object()  # the position an empty Sum option stands for: no parts, no moves


def _single(option: Any, position: Any) -> Hashable:
    """An option as one position; a Sum of several parts is not supported here."""
    if isinstance(option, Sum):
        if len(option.parts) == 1:
            return option.parts[0]
        if not option.parts:
            return _END
        raise GrundyError(f"loopy values need options that are single positions; position "
                          f"{position!r} has the option {option!r}")
    return option  # type: ignore[no-any-return]


def _label(game: Game, root: Any) -> dict[Any, LoopyValue]:
    """Generalized Sprague-Grundy values of every position reachable from ``root`` (of
    every position of its graph, for a game that says which graph a position lies in:
    ``graph_of(position)``, as the games of :mod:`grundy.rules.digraph` do)."""
    found = game.graph_of(root)
    if found is not None:
        graph, _ = found
        labels = graph.labels()
        st, sc = graph.start.tolist(), graph.succ.tolist()
        return {game.at(graph, u): (lab if lab >= 0 else Infinity(
                    *(x for v in sc[st[u]:st[u + 1]] if (x := labels[v]) >= 0)))
                for u, lab in enumerate(labels)}
    index: dict[Any, int] = {root: 0}
    positions = [root]
    followers: list[list[int]] = []  # followers[u]: the options of positions[u], as indices
    while len(followers) < len(positions):  # explore: positions grows as options turn up
        here = positions[len(followers)]
        row: list[int] = []
        for option in () if here is _END else game.options(here):
            node = _single(option, here)
            if node not in index:
                if len(positions) >= MAX_POSITIONS:
                    raise GrundyError(f"more than {MAX_POSITIONS} positions are reachable from "
                                      f"{root!r}: loopy values need a finite game")
                index[node] = len(positions)
                positions.append(node)
            row.append(index[node])
        followers.append(row)
    label = smith_labels(followers)
    values: dict[Any, LoopyValue] = {}
    for u, position in enumerate(positions):
        if position is _END:
            continue
        lab = label[u]
        values[position] = (lab if lab >= 0 else
                            Infinity(*(x for v in followers[u] if (x := label[v]) >= 0)))
    return values
