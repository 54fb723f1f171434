"""Counters on strips: Welter's game and Northcott's game.

**Welter's game**: coins on the squares 0, 1, 2, ... of a strip, at most one a square; a
move takes one coin to any empty square on its left (jumping over others).  Its value is
Welter's function of the squares; grundy computes it by Sato's hook formula: a position is
the beta-set of a Young diagram, a move removes a hook, and the value is the nim sum, over
every hook length h (every coin x and empty square y < x: h = x - y), of ``h XOR (h - 1)``.
Summed in closed form over the empty squares, it costs a few operations per pair of coins,
for squares of any size (:func:`welter_value`); grouped by a trie of the coins' bits, a few
per coin (:func:`welter_value_fast`), and the same trie gives every move to a value
(:func:`welter_moves`), so a position of any size is analysed without listing its moves.

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

__all__ = ["Northcott", "Welter", "welter_moves", "welter_value", "welter_value_fast"]

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


def welter_moves(squares: tuple[int, ...], target: int) -> list[tuple[int, ...]]:
    """Every move of Welter's game from coins on ``squares`` to a position worth ``target``
    (not the position's own value), in ``Welter.options()`` order, at any size: at most one
    a coin, found without listing the others.

    Sato's formula reads, as ``1 XOR ... XOR h`` over ``h XOR (h - 1)`` is ``h``'s own number
    and ``h XOR (h - 1)`` depends on the lowest bit of ``h`` alone: the value is the nim sum of
    the squares and, for each pair of coins ``x, z``, of ``F(x XOR z)`` with
    ``F(w) = w XOR (w - 1)`` (bits 0..j set, j the lowest bit of ``w``).  A coin moved from
    ``x`` to ``y`` among the others ``Z`` leaves ``W(Z) XOR y XOR (the F(y XOR z))``, whose bit
    ``j`` is bit ``j`` of ``y`` flipped by the parity of the coins of ``Z`` equal to ``y``
    below bit ``j``: so the bits of ``y`` are read off from the lowest, one a step (or a run
    at once where the coins below share their bits, :func:`_strip_trie`).  The one ``y`` a
    coin can reach the value from is a move when it is an empty square below ``x``.

    >>> welter_moves((2, 5, 9), 0), welter_value((2, 4, 5))
    ([(2, 4, 5)], 0)
    """
    coins = tuple(sorted(squares))
    if not coins:
        return []
    root = _strip_trie(list(coins))
    total = _trie_value(root, coins)
    if total == target:
        return []
    taken = set(coins)
    found = []
    for x in coins:
        y = _welter_square(root, x, target ^ total ^ x ^ _pairs_with(root, x))
        if y < x and y not in taken:
            found.append(tuple(sorted((taken - {x}) | {y})))
    return found


#: a node of :func:`_strip_trie`: the bit ``start`` it begins at, the bit ``end`` where
#: its coins part (None: one coin), the bits they share from ``start`` (below ``end``; of
#: one coin, all its bits from ``start``), the count of its coins, and its children by the
#: bit ``end`` (None: one coin)
_Node = tuple[int, "int | None", int, int, "tuple[Any, Any] | None"]


def _strip_trie(coins: list[int]) -> _Node:
    """The coins as a trie on their bits from the lowest, a run of shared bits a node
    (built without recursion: coins 1, 2, 4, 8, ... make it as deep as they are many)."""
    built: dict[int, _Node] = {}  # node id -> the node, once its children are built
    todo = [(0, coins, 0, False)]  # (node id, its coins, its start, children built)
    ids = 1
    pending: dict[int, tuple[int, int, int, int]] = {}  # id -> end, shared, children's ids
    while todo:
        at, group, start, done = todo.pop()
        if done:
            end, shared, low, high = pending.pop(at)
            built[at] = (start, end, shared, len(group), (built.pop(low), built.pop(high)))
            continue
        first = group[0]
        if len(group) == 1:
            built[at] = (start, None, first >> start, 1, None)
            continue
        apart = 0
        for z in group:
            apart |= z ^ first
        apart >>= start
        end = start + (apart & -apart).bit_length() - 1  # the lowest bit where they part
        shared = (first >> start) & ((1 << (end - start)) - 1)
        pending[at] = (end, shared, ids, ids + 1)
        todo.append((at, group, start, True))
        todo.append((ids, [z for z in group if not (z >> end) & 1], end + 1, False))
        todo.append((ids + 1, [z for z in group if (z >> end) & 1], end + 1, False))
        ids += 2
    return built[0]


def welter_value_fast(squares: tuple[int, ...]) -> int:
    """:func:`welter_value` from the pairs of coins by the trie of their bits: a count of
    operations per coin and node where the formula takes one per pair (2000 coins of
    30,000 bits: a fraction of a second where the formula takes minutes).

    >>> welter_value_fast((2, 5, 9)) == welter_value((2, 5, 9))
    True
    """
    return _trie_value(_strip_trie(list(squares)), squares) if squares else 0


def _trie_value(root: _Node, coins: Sequence[int]) -> int:
    """The nim sum of the squares and of ``F(x XOR z)`` over the pairs of coins: bit ``j`` of
    the latter set when an odd number of pairs agree below bit ``j`` (the pairs of a
    node's coins, for the bits from its ``start`` to its ``end``)."""
    total = 0
    for x in coins:
        total ^= x
    todo = [root]
    while todo:
        start, end, _, count, kids = todo.pop()
        if end is None or kids is None:
            continue
        if (count * (count - 1) // 2) & 1:
            total ^= ((2 << (end - start)) - 1) << start
        todo.extend(kids)
    return total


def _pairs_with(root: _Node, x: int) -> int:
    """The nim sum of ``F(x XOR z)`` over the other coins ``z``: bit ``j`` set when an odd
    number of them agree with the coin ``x`` below bit ``j``."""
    total, node = 0, root
    while True:
        start, end, _, count, kids = node
        if end is None or kids is None:
            return total
        if (count - 1) & 1:  # bits start..end: the node's coins but x agree with x below
            total |= ((2 << (end - start)) - 1) << start
        node = kids[(x >> end) & 1]


def _welter_square(root: _Node, x: int, c: int) -> int:
    """The square ``y`` with ``y XOR (the F(y XOR z) over the coins z but x) = c``."""
    y, node, inside = 0, root, True  # inside: x is among the node's coins
    while True:
        start, end, shared, count, kids = node
        m = count - inside
        if m == 0:  # no coin agrees with y below this bit: the rest of y is c's
            return y | (c >> start) << start
        want = (c >> start) ^ (-1 if m & 1 else 0)  # y's bits while the m coins agree
        diff = want ^ shared
        if end is not None:
            diff &= (1 << (end - start)) - 1
        if diff:  # y parts from them at bit start + e, and its bits above are c's
            e = (diff & -diff).bit_length() - 1
            y |= (want & ((2 << e) - 1)) << start
            return y | (c >> (start + e + 1)) << (start + e + 1)
        assert end is not None and kids is not None  # a leaf's bits always part from y's
        bit = ((c >> end) ^ m) & 1
        y |= shared << start | bit << end
        inside = inside and (x >> end) & 1 == bit
        node = kids[bit]


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
        return welter_value_fast(self._coins(position))

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """Every move to value ``target``, at any size (:func:`welter_moves`)."""
        return list(welter_moves(self._coins(part), target))

    def check_winning_moves(self, part: Any) -> None:
        """Any size: :meth:`options_of_value` finds every move of a value without the rest."""
        self._coins(part)

    def check_listable(self, part: Any) -> None:
        if sum(self._coins(part)) > WELTER_MOVES:
            raise GrundyError(f"welter: squares adding up to more than {WELTER_MOVES} are too "
                              "many moves to list one by one ('grundy analyze' gives its value and "
                              "winning moves at any size)")

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
