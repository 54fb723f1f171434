"""Misère play: the player who makes the last move loses.

Under misère play Grundy values no longer add up over a sum, so grundy decides a
misère position by searching the moves of the whole sum, memoised on the multiset
of its parts (parts with no move left are dropped: they change nothing).  That is
exact for any finite game; its cost grows with the number of distinct sums
reachable, so it suits small positions, and it stops with an error beyond 10**6 of
them.  Misère nim has Bouton's rule instead and needs no search: the player to move
loses when every heap is 0 or 1 and an odd number of them are 1, or when some heap
is larger and the nim sum is 0.

>>> from grundy import Game, Sum
>>> class Nim(Game):
...     def options(self, n):
...         return range(n)
>>> misere_outcome(Nim(), Sum(1, 1, 1)), misere_outcome(Nim(), Sum(2, 2))
('P', 'P')
>>> misere_winning_moves(Nim(), Sum(1, 2, 4))
[Sum(1, 2, 3)]
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from ...engine import Game, LoopyGameError, Sum
from ...errors import GrundyError

__all__ = ["misere_outcome", "misere_part_winning_moves", "misere_winning_moves"]

#: sums searched for one question at most (about 6 * 10^4 a second: a few seconds)
MAX_POSITIONS = 2 * 10**5
#: and for about this long at most (sums with many parts have many moves each)
MAX_SECONDS = 5


def misere_outcome(game: Game, position: Any) -> str:
    """``"P"`` if the player to move loses ``position`` (or a :class:`Sum`) under misère
    play, else ``"N"``."""
    parts = _parts(position)
    known = game.misere_outcome_of(parts)  # the game's own theory (Bouton's rule in nim)
    if known is not None:
        return known
    search = _Search(game)
    return "N" if search.wins(search.state(parts)) else "P"


def misere_winning_moves(game: Game, position: Any) -> list[Any]:
    """The moves from ``position`` (or a :class:`Sum`) to misère P-positions, in the order
    of the parts and of ``options()``.  Empty when the outcome is P, and when there is
    no move at all (the player to move has then won: the opponent moved last)."""
    if not isinstance(position, Sum):
        return [option for option in game.options(position)
                if misere_outcome(game, option) == "P"]
    parts = position.parts
    return [Sum(*parts[:i], option, *parts[i + 1:])
            for i, option in misere_part_winning_moves(game, parts)]


def misere_part_winning_moves(game: Game, parts: Iterable[Any]) -> list[tuple[int, Any]]:
    """Misère winning moves in a sum given as its parts: pairs (index of the part moved,
    its option), as :func:`grundy.part_winning_moves` gives them under normal play.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> misere_part_winning_moves(Nim(), [1, 1, 2])
    [(2, 1)]
    """
    parts = tuple(parts)
    return [(i, option) for i, part in enumerate(parts) for option in game.options(part)
            if misere_outcome(game, Sum(*parts[:i], option, *parts[i + 1:])) == "P"]


def _parts(position: Any) -> tuple[Any, ...]:
    return position.parts if isinstance(position, Sum) else (position,)


_NONE = object()
State = tuple[Any, ...]  # a sum's parts, ordered by hash (equal sums: the same tuple, as a rule)


class _Search:
    """Misère wins and losses of sums, memoised on the game (iterative, no recursion).

    A sum is searched as a tuple of its parts ordered by their hashes: building and
    hashing tuples is far cheaper than :class:`Sum`'s multiset comparison.  Two equal
    sums whose parts share a hash may come out as different tuples; that only costs a
    second look at the same sum, never a wrong answer.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        memo = game.__dict__.get("_grundy_misere")
        if memo is None:
            memo = game.__dict__["_grundy_misere"] = ({}, {}, {})
        self.wins_memo: dict[State, bool] = memo[0]  # state -> the player to move wins
        self.options_memo: dict[Any, tuple[State, ...]] = memo[1]  # part -> options' live parts
        self.live_memo: dict[Any, bool] = memo[2]  # part -> it has a move

    def options(self, part: Any) -> tuple[State, ...]:
        """The options of a part, each as the parts it leaves that still have a move."""
        known = self.options_memo.get(part)
        if known is None:
            known = self.options_memo[part] = tuple(
                tuple(p for p in (o.parts if isinstance(o, Sum) else (o,)) if self.live(p))
                for o in self.game.options(part))
        return known

    def live(self, part: Any) -> bool:
        """Whether a part has a move (parts without one are dropped from sums)."""
        known = self.live_memo.get(part)
        if known is None:
            known = self.live_memo[part] = next(iter(self.game.options(part)), _NONE) is not _NONE
        return known

    def state(self, parts: tuple[Any, ...]) -> State:
        """The sum as a search state: flattened, without the parts that have no move."""
        return tuple(sorted((p for p in Sum(*parts).parts if self.live(p)), key=hash))

    def moves(self, state: State) -> list[State]:
        out = set()
        for i, part in enumerate(state):
            rest = state[:i] + state[i + 1:]
            for option in self.options(part):
                out.add(tuple(sorted(rest + option, key=hash)) if option else rest)
        return list(out)

    def wins(self, root: State) -> bool:
        memo = self.wins_memo
        if root in memo:
            return memo[root]
        # each frame: [state, its moves, index of the next move, move waiting for its answer]
        stack: list[list[Any]] = [[root, self.moves(root), 0, None]]
        on_stack = {root}
        explored = 0
        deadline = time.monotonic() + MAX_SECONDS
        while stack:
            frame = stack[-1]
            state, moves, index, waiting = frame
            if waiting is not None and not memo[waiting]:
                memo[state] = True  # a move to a losing sum
            else:
                while index < len(moves) and memo.get(moves[index]) is True:
                    index += 1
                if index < len(moves) and moves[index] in memo:
                    memo[state] = True
                elif index < len(moves):
                    nxt = moves[index]
                    if nxt in on_stack:
                        raise LoopyGameError(Sum(*nxt))
                    explored += 1
                    if explored > MAX_POSITIONS or (
                            explored % 64 == 0 and time.monotonic() > deadline):
                        raise GrundyError(f"misère analysis needs more than {explored} sums "
                                          f"or {MAX_SECONDS} s here: try a smaller position")
                    frame[2], frame[3] = index + 1, nxt
                    on_stack.add(nxt)
                    stack.append([nxt, self.moves(nxt), 0, None])
                    continue
                else:
                    memo[state] = not moves  # no move: the opponent moved last and lost
            stack.pop()
            on_stack.discard(state)
        return memo[root]
