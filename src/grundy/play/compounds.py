"""Compounds other than the disjunctive sum: who wins when the parts are played together.

The disjunctive sum (move in exactly one part) is the engine's business.  Here the other
three compounds of Winning Ways (Berlekamp, Conway and Guy, ch. 9, "If you can't beat 'em,
join 'em!") and of C. A. B. Smith ("Graphs and composite games", J. Combin. Theory 1, 1966):

* **conjunctive** (``"conjunctive"``): the player moves in *every* part at once; play
  ends as soon as some part has no move.  Decided by Steinhaus's *remoteness*: 0 for a
  position with no move; else, if some option has an even remoteness, 1 + the least even
  one (the winner hurries); else 1 + the largest (odd) one (the loser drags it out).
  The compound's remoteness is the **least** of the parts'; the player to move wins iff
  it is odd.
* **continued conjunctive** (``"continued"``): the player moves in every part that still
  has a move; play ends when no part has one.  Decided by the *suspense number*: 0 for a
  position with no move; else, if some option has an even suspense, 1 + the largest even
  one (the winner spins it out); else 1 + the least (odd) one.  The compound's suspense
  is the **largest** of the parts'; the player to move wins iff it is odd.
* **selective** (``"selective"``): the player moves in any non-empty set of parts.  In
  normal play the player to move loses iff every part has Grundy value 0.

Misère play (the last player to move loses).  For the two conjunctive compounds, misère
play of the parts is normal play of the parts in which every end position gains one
move (to a new end): the compound ends, and its winner is decided, exactly as before.
So the misère remoteness and suspense are the same recursions with an end position
counted 1 instead of 0.  In the misère selective compound the player to move loses iff
either exactly one part still has a move and that part is a misère P-position on its
own, or at least two parts have a move and every part has Grundy value 0 (while only one
part is left it is played alone; before, a player keeps the normal-play strategy and
leaves the last part in the state misère play needs).  Each rule is checked in
``tests/test_compounds.py`` against a plain search of the compound itself.

>>> from grundy.rules.heap import Nim
>>> nim = Nim()
>>> remoteness(nim, [3, 5]), compound_outcome(nim, [3, 5], "conjunctive")
(1, 'N')
>>> suspense(nim, [2, 2]), compound_outcome(nim, [2, 2], "continued")
(1, 'N')
>>> compound_outcome(nim, [1, 1], "selective"), compound_outcome(nim, [0, 0], "selective")
('N', 'P')
>>> compound_outcome(nim, [1, 0], "selective", misere=True)
'P'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Sum, _options, value
from ..errors import GrundyError

__all__ = ["COMPOUNDS", "CompoundAnalysis", "analyze_compound", "compound_outcome",
           "compound_winning_moves", "remoteness", "suspense"]

#: the compounds played here, by the name ``--compound`` takes
COMPOUNDS = ("conjunctive", "continued", "selective")

#: at most this many moves of a compound are looked at to list the winning ones (a
#: compound's moves multiply: every part moves at once)
MOVE_LIMIT = 100_000

#: a part's positions searched for its remoteness or suspense, at most
POSITION_LIMIT = 2_000_000


def _moves(game: Game, position: Any) -> list[Any]:
    """The options of a part; a part that is a :class:`Sum` (a heap split in two) is played
    as a disjunctive sum: one of its pieces moves."""
    if isinstance(position, Sum):
        pieces = position.parts
        return [Sum(*pieces[:i], option, *pieces[i + 1:])
                for i, piece in enumerate(pieces) for option in _moves(game, piece)]
    return _options(game, position)


def _remoteness_rule(found: list[int]) -> int:
    even = [r for r in found if r % 2 == 0]
    return 1 + (min(even) if even else max(found))


def _suspense_rule(found: list[int]) -> int:
    even = [s for s in found if s % 2 == 0]
    return 1 + (max(even) if even else min(found))


def _numbers(game: Game, position: Any, rule: Callable[[list[int]], int], end: int,
             memo: dict[Any, int]) -> int:
    """The number ``rule`` gives ``position`` (``end`` for a position with no move),
    searched depth first without recursion, memoised in ``memo``."""
    if position in memo:
        return memo[position]
    stack: list[tuple[Any, list[Any]]] = [(position, _moves(game, position))]
    while stack:
        pos, options = stack[-1]
        missing = [o for o in options if o not in memo]
        if missing:
            if len(memo) + len(stack) > POSITION_LIMIT:
                raise GrundyError(f"more than {POSITION_LIMIT} positions to search: "
                                  "give a smaller position")
            nxt = missing[0]
            if any(nxt == p for p, _ in stack):
                raise GrundyError(f"{game.label}: position {nxt!r} can be reached from "
                                  "itself: a compound needs a game that ends")
            stack.append((nxt, _moves(game, nxt)))
            continue
        stack.pop()
        memo[pos] = rule([memo[o] for o in options]) if options else end
    return memo[position]


class _Table:
    """The remotenesses or suspenses of one game's positions, computed on demand."""

    def __init__(self, game: Game, kind: str, misere: bool) -> None:
        self.game = game
        self.rule = _remoteness_rule if kind == "remoteness" else _suspense_rule
        self.end = 1 if misere else 0
        self.memo: dict[Any, int] = {}

    def __call__(self, position: Any) -> int:
        return _numbers(self.game, position, self.rule, self.end, self.memo)


def _check(game: Game, parts: Sequence[Any]) -> list[Any]:
    if not isinstance(game, Game):
        raise GrundyError(f"expected a ruleset (a grundy.Game), got {game!r}")
    parts = list(parts)
    if not parts:
        raise GrundyError("a compound needs at least one part")
    return parts


def remoteness(game: Game, parts: Sequence[Any], misere: bool = False) -> int:
    """The remoteness of the conjunctive compound of ``parts``: the least remoteness of a
    part (Steinhaus; Winning Ways ch. 9).  Odd: the player to move wins, in that many
    moves; even: the player to move loses, in that many.

    >>> from grundy.rules.heap import Subtraction
    >>> sub = Subtraction((1, 2))
    >>> [remoteness(sub, [n]) for n in range(7)]
    [0, 1, 1, 2, 3, 3, 4]
    >>> remoteness(sub, [4, 6]), remoteness(sub, [4, 6], misere=True)
    (3, 4)
    """
    table = _Table(game, "remoteness", misere)
    return min(table(p) for p in _check(game, parts))


def suspense(game: Game, parts: Sequence[Any], misere: bool = False) -> int:
    """The suspense number of the continued conjunctive compound of ``parts``: the largest
    suspense of a part (Winning Ways ch. 9).  Odd: the player to move wins.

    >>> from grundy.rules.heap import Nim
    >>> [suspense(Nim(), [n]) for n in range(5)]
    [0, 1, 1, 1, 1]
    >>> suspense(Nim(), [0, 3], misere=True)
    3
    """
    table = _Table(game, "suspense", misere)
    return max(table(p) for p in _check(game, parts))


def _selective_outcome(game: Game, parts: list[Any], misere: bool) -> str:
    live = [p for p in parts if _moves(game, p)]
    if misere and len(live) <= 1:
        if not live:
            return "N"  # no move: the player to move has won
        from .misere import misere_outcome

        return misere_outcome(game, live[0])
    return "P" if all(value(game, p) == 0 for p in live) else "N"


def compound_outcome(game: Game, parts: Sequence[Any], compound: str,
                     misere: bool = False) -> str:
    """``"N"`` if the player to move wins the compound of ``parts``, else ``"P"``.

    >>> from grundy.rules.heap import Nim
    >>> compound_outcome(Nim(), [1, 3], "conjunctive", misere=True)
    'P'
    """
    parts = _check(game, parts)
    if compound == "selective":
        return _selective_outcome(game, parts, misere)
    number = _number_of(game, parts, compound, misere)
    return "N" if number % 2 else "P"


def _number_of(game: Game, parts: list[Any], compound: str, misere: bool) -> int:
    if compound == "conjunctive":
        return remoteness(game, parts, misere)
    if compound == "continued":
        return suspense(game, parts, misere)
    raise GrundyError(f"unknown compound {compound!r}: say one of {', '.join(COMPOUNDS)}")


def _all_moves(game: Game, parts: list[Any], compound: str) -> Iterator[tuple[Any, ...]]:
    """Every move of the compound, as the tuple of the parts it leaves."""
    options = [_moves(game, p) for p in parts]
    if compound == "conjunctive":
        if all(options):
            yield from itertools.product(*options)
    elif compound == "continued":
        if any(options):
            yield from itertools.product(*(o if o else [p] for p, o in zip(parts, options)))
    else:
        for choice in itertools.product(*([p, *o] for p, o in zip(parts, options))):
            if any(c is not p for c, p in zip(choice, parts)):
                yield choice


def compound_winning_moves(game: Game, parts: Sequence[Any], compound: str,
                           misere: bool = False,
                           limit: int = MOVE_LIMIT) -> tuple[list[tuple[Any, ...]], bool]:
    """The winning moves of the compound (each the tuple of parts it leaves), and whether
    the list is complete: at most ``limit`` moves are looked at.

    >>> from grundy.rules.heap import Nim
    >>> compound_winning_moves(Nim(), [1, 3], "selective")
    ([(0, 0)], True)
    """
    parts = _check(game, parts)
    if compound not in COMPOUNDS:
        raise GrundyError(f"unknown compound {compound!r}: say one of {', '.join(COMPOUNDS)}")
    found: list[tuple[Any, ...]] = []
    for seen, move in enumerate(_all_moves(game, parts, compound)):
        if seen >= limit:
            return found, False
        if compound_outcome(game, list(move), compound, misere) == "P":
            found.append(move)
    return found, True


@dataclass(frozen=True)
class CompoundAnalysis:
    """Who wins a compound, by which number and rule, with which moves."""

    compound: str
    misere: bool
    outcome: str
    number: int | None
    rule: str
    moves: list[tuple[Any, ...]]
    every_move: bool
    game: Game

    def describe(self) -> str:
        play = "misère" if self.misere else "normal"
        name = {"continued": "continued conjunctive"}.get(self.compound, self.compound)
        who = "first player (to move)" if self.outcome == "N" else "second player"
        lines = [f"{name} compound, {play} play: {who} wins",
                 f"rule: {self.rule}"]
        if self.outcome == "N":
            more = "" if self.every_move else f" (among the first {MOVE_LIMIT} moves)"
            lines.append(f"winning moves: {len(self.moves)}{more}")
            from .analysis import format_part

            for move in self.moves[:20]:
                lines.append("  " + " | ".join(format_part(p, self.game) for p in move))
            if len(self.moves) > 20:
                lines.append(f"  ... and {len(self.moves) - 20} more")
        return "\n".join(lines) + "\n"


def analyze_compound(game: Game, parts: Sequence[Any], compound: str,
                     misere: bool = False) -> CompoundAnalysis:
    """The outcome of the compound, the number that decides it and the rule, the moves.

    >>> from grundy.rules.heap import Nim
    >>> a = analyze_compound(Nim(), [2, 3], "conjunctive")
    >>> a.outcome, a.number, a.moves
    ('N', 1, [(1, 0), (0, 2), (0, 1), (0, 0)])
    """
    parts = _check(game, parts)
    if compound not in COMPOUNDS:
        raise GrundyError(f"unknown compound {compound!r}: say one of {', '.join(COMPOUNDS)}")
    number: int | None
    if compound == "selective":
        number = None
        outcome = _selective_outcome(game, parts, misere)
        rule = ("the player to move loses iff one part has a move and it is a misère "
                "P-position, or two or more have and every Grundy value is 0"
                if misere else "the player to move loses iff every part has Grundy value 0")
    else:
        number = _number_of(game, parts, compound, misere)
        outcome = "N" if number % 2 else "P"
        what = "remoteness" if compound == "conjunctive" else "suspense"
        which = "least" if compound == "conjunctive" else "largest"
        rule = (f"{'misère ' if misere else ''}{what} {number}, the {which} of the parts' "
                f"({'odd' if number % 2 else 'even'}: the player to move "
                f"{'wins' if number % 2 else 'loses'})")
    moves: list[tuple[Any, ...]] = []
    every = True
    if outcome == "N":
        moves, every = compound_winning_moves(game, parts, compound, misere)
    return CompoundAnalysis(compound, misere, outcome, number, rule, moves, every, game)
