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
own, or at least two parts have a move and every part has Grundy value 0.  (From parts
all of value 0, two or more of which can move, every move leaves those parts able to
move and some of them of a value other than 0: a part of value 0 has no option without
a move, as such a position has value 0.  The other half, that the player to move wins
otherwise, was found and is checked by search.)  Each rule is checked in
``tests/play/test_compounds.py`` against a plain search of the compound itself.

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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Sum, options_of, value
from ..errors import GrundyError

__all__ = ["COMPOUNDS", "CompoundAnalysis", "analyze_compound", "compound_outcome",
           "compound_winning_moves", "remoteness", "suspense"]

#: the compounds played here, by the name ``--compound`` takes
COMPOUNDS = ("conjunctive", "continued", "selective")

#: at most this many winning moves of a compound are listed (a compound's moves
#: multiply: every part moves at once); they are all counted
MOVE_LIMIT = 1000

#: positions of a part searched for its remoteness or suspense, at most (a Kayles row of
#: 40 reaches 44583 sums of rows, searched in 7 s under load)
POSITION_LIMIT = 50_000

#: options of the parts' pieces listed, at most (a nim heap of n has n(n+1)/2 below it:
#: 2000 is at the limit; a Kayles row of 40 has 820)
OPTION_LIMIT = 2_000_000


class _Parts:
    """One game's positions played in a compound, with their options listed once: a
    part that is a :class:`Sum` (a heap split in two) is played as a disjunctive sum,
    with its pieces that have no move left out."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.listed: dict[Any, list[Any]] = {}
        self.seen = 0

    def _pieces(self, position: Any) -> list[Any]:
        if isinstance(position, tuple) and len(position) == 2 and position[0] is _MARK:
            given = position[1]
        else:
            given = position.parts if isinstance(position, Sum) else (position,)
        return [p for p in given if self._options(p)]

    def _options(self, piece: Any) -> list[Any]:
        found = self.listed.get(piece)
        if found is None:
            found = options_of(self.game, piece)
            self.seen += len(found)
            if self.seen > OPTION_LIMIT:
                raise GrundyError(f"more than {OPTION_LIMIT} options to look at: give a "
                                  "smaller position")
            self.listed[piece] = found
        return found

    def key(self, position: Any) -> Any:
        """The position with its dead pieces left out, as a key: a piece, or
        ``(_MARK, pieces)`` for two or more (a :class:`Sum`'s hash is made to be cheap,
        not to tell sums of heaps apart); a position with no move stays as it is."""
        pieces = self._pieces(position)
        if not pieces and not isinstance(position, Sum):
            return position
        return pieces[0] if len(pieces) == 1 else (_MARK, tuple(sorted(pieces, key=hash)))

    def moves(self, position: Any) -> list[Any]:
        """The options of a part, each as :meth:`key` writes it."""
        pieces = self._pieces(position)
        if len(pieces) == 1:
            return [self.key(option) for option in self._options(pieces[0])]
        return [self.key((_MARK, (*pieces[:i], *(option.parts if isinstance(option, Sum)
                                                 else (option,)), *pieces[i + 1:])))
                for i, piece in enumerate(pieces) for option in self._options(piece)]


#: the mark of a key of two or more pieces (:meth:`_Parts.key`)
_MARK = object()


def _outward(key: Any) -> Any:
    """A position as the game writes it: a key of several pieces is their :class:`Sum`."""
    if isinstance(key, tuple) and len(key) == 2 and key[0] is _MARK:
        return Sum(*key[1])
    return key


def _remoteness_rule(found: list[int]) -> int:
    even = [r for r in found if r % 2 == 0]
    return 1 + (min(even) if even else max(found))


def _suspense_rule(found: list[int]) -> int:
    even = [s for s in found if s % 2 == 0]
    return 1 + (max(even) if even else min(found))


class _Table:
    """The remotenesses or suspenses of one game's positions, computed on demand."""

    def __init__(self, game: Game, kind: str, misere: bool) -> None:
        self.parts = _Parts(game)
        self.rule = _remoteness_rule if kind == "remoteness" else _suspense_rule
        self.end = 1 if misere else 0
        self.memo: dict[Any, int] = {}

    def __call__(self, position: Any) -> int:
        """The number of ``position``, searched depth first without recursion."""
        memo, parts = self.memo, self.parts
        root = parts.key(position)
        if root in memo:
            return memo[root]
        stack: list[tuple[Any, list[Any]]] = [(root, parts.moves(root))]
        on_stack = {root}
        while stack:
            pos, options = stack[-1]
            nxt = next((o for o in options if o not in memo), None)
            if nxt is not None:
                if nxt in on_stack:
                    raise GrundyError(f"{parts.game.label}: position {nxt!r} can be reached "
                                      "from itself: a compound needs a game that ends")
                if len(memo) + len(stack) > POSITION_LIMIT:
                    raise GrundyError(f"more than {POSITION_LIMIT} positions to search: give "
                                      "a smaller position")
                on_stack.add(nxt)
                stack.append((nxt, parts.moves(nxt)))
                continue
            stack.pop()
            on_stack.discard(pos)
            memo[pos] = self.rule([memo[o] for o in options]) if options else self.end
        return memo[root]


def _check(game: Game, parts: Sequence[Any]) -> list[Any]:
    if not isinstance(game, Game):
        raise GrundyError(f"expected a ruleset (a grundy.Game), got {game!r}")
    parts = list(parts)
    if not parts:
        raise GrundyError("a compound needs at least one part")
    return parts


def _check_compound(compound: str) -> None:
    if compound not in COMPOUNDS:
        raise GrundyError(f"unknown compound {compound!r}: say one of {', '.join(COMPOUNDS)}")


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
    live = [p for p in parts if _Parts(game).moves(p)]
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
    _check_compound(compound)
    if compound == "selective":
        return _selective_outcome(game, parts, misere)
    number = _number_of(game, parts, compound, misere)
    return "N" if number % 2 else "P"


def _number_of(game: Game, parts: list[Any], compound: str, misere: bool) -> int:
    return (remoteness if compound == "conjunctive" else suspense)(game, parts, misere)


def _product_where(choices: list[list[tuple[Any, bool]]], limit: int,
                   live: Callable[[Any], bool] | None = None) -> list[tuple[Any, ...]]:
    """At most ``limit`` tuples taking one choice from each list, at least one of them
    marked True (and, given ``live``, at least two choices for which it holds)."""
    found: list[tuple[Any, ...]] = []

    def extend(i: int, taken: tuple[Any, ...], marked: bool) -> None:
        if len(found) >= limit:
            return
        if i == len(choices):
            if marked and (live is None or sum(map(live, taken)) >= 2):
                found.append(taken)
            return
        for choice, mark in choices[i]:
            extend(i + 1, (*taken, choice), marked or mark)

    extend(0, (), False)
    return found


def _count_where(choices: list[list[tuple[Any, bool]]],
                 live: Callable[[Any], bool] | None = None) -> int:
    """How many tuples :func:`_product_where` would give without its limit: counted part
    by part, by whether a marked choice is taken yet and how many live ones (up to 2)."""
    ways = {(False, 0): 1}
    for options in choices:
        nxt: dict[tuple[bool, int], int] = {}
        for (marked, alive), n in ways.items():
            for choice, mark in options:
                key = (marked or mark, min(2, alive + (live is not None and live(choice))))
                nxt[key] = nxt.get(key, 0) + n
        ways = nxt
    return sum(n for (marked, alive), n in ways.items()
               if marked and (live is None or alive >= 2))


def _number_moves(game: Game, parts: list[Any], compound: str, misere: bool,
                  limit: int) -> tuple[list[tuple[Any, ...]], int]:
    """The winning moves of a conjunctive compound: the least (conjunctive) or largest
    (continued) number of the parts left is even."""
    table = _Table(game, "remoteness" if compound == "conjunctive" else "suspense", misere)
    each = []
    for p in parts:
        options = table.parts.moves(p)
        if not options and compound == "conjunctive":
            return [], 0
        each.append([(_outward(o), table(o)) for o in options] if options
                    else [(p, table(p))])
    numbers = sorted({n for options in each for _, n in options if n % 2 == 0})
    moves: list[tuple[Any, ...]] = []
    count = 0
    for target in numbers:  # every part at least (at most) target, one at target
        least = compound == "conjunctive"
        choices = [[(o, n == target) for o, n in options
                    if (n >= target if least else n <= target)] for options in each]
        count += _count_where(choices)
        moves += _product_where(choices, limit - len(moves))
    return moves, count


def _selective_moves(game: Game, parts: list[Any], misere: bool,
                     limit: int) -> tuple[list[tuple[Any, ...]], int]:
    """The winning moves of a selective compound: every part of value 0 after the move
    (two or more with a move left, in misère play); in misère play also the moves that
    leave one part with a move, a misère P-position."""
    from .misere import misere_outcome

    known = _Parts(game)

    def options(q: Any) -> list[Any]:
        return [_outward(o) for o in known.moves(q)]

    def has_move(q: Any) -> bool:
        return bool(known.moves(q))

    live = [has_move(p) for p in parts]
    zero = [[(o, True) for o in options(p) if value(game, o) == 0]
            if value(game, p) else [(p, False)] for p in parts]
    if not misere:
        return _product_where(zero, limit), _count_where(zero)
    moves, count = _product_where(zero, limit, has_move), _count_where(zero, has_move)
    for i, p in enumerate(parts):  # part i is left the one with a move
        mine = [(o, True) for o in options(p) if has_move(o) and misere_outcome(game, o) == "P"]
        if live[i] and misere_outcome(game, p) == "P":
            mine.append((p, False))
        choices = [mine if j == i else
                   [(o, True) for o in options(q) if not has_move(o)] if live[j]
                   else [(q, False)] for j, q in enumerate(parts)]
        count += _count_where(choices)
        moves += _product_where(choices, limit - len(moves))
    return moves, count


def compound_winning_moves(game: Game, parts: Sequence[Any], compound: str,
                           misere: bool = False,
                           limit: int = MOVE_LIMIT) -> tuple[list[tuple[Any, ...]], int]:
    """At most ``limit`` winning moves of the compound (each the tuple of parts it
    leaves), and how many there are in all.

    >>> from grundy.rules.heap import Nim
    >>> compound_winning_moves(Nim(), [1, 3], "selective")
    ([(0, 0)], 1)
    """
    parts = _check(game, parts)
    _check_compound(compound)
    if compound == "selective":
        return _selective_moves(game, parts, misere, limit)
    return _number_moves(game, parts, compound, misere, limit)


@dataclass(frozen=True)
class CompoundAnalysis:
    """Who wins a compound, by which number and rule, with which moves."""

    compound: str
    misere: bool
    outcome: str
    number: int | None
    rule: str
    moves: list[tuple[Any, ...]]  # at most MOVE_LIMIT of them
    count: int  # the winning moves in all
    game: Game

    def describe(self) -> str:
        play = "misère" if self.misere else "normal"
        name = {"continued": "continued conjunctive"}.get(self.compound, self.compound)
        who = "first player (to move)" if self.outcome == "N" else "second player"
        lines = [f"{name} compound, {play} play: {who} wins",
                 f"rule: {self.rule}"]
        if self.outcome == "N":
            lines.append(f"winning moves: {self.count}")
            from .analysis import format_part

            for move in self.moves[:20]:
                lines.append("  " + " | ".join(format_part(p, self.game) for p in move))
            if self.count > 20:
                lines.append(f"  ... and {self.count - 20} more")
        return "\n".join(lines) + "\n"

    def as_dict(self) -> dict[str, Any]:
        """The answer as JSON (``grundy analyze --compound ... --json``): ``compound``,
        ``misere``, ``outcome``, ``remoteness`` (conjunctive) or ``suspense`` (continued),
        ``rule``, ``winning_moves`` (how many), ``every_winning_move`` and ``moves``, each
        ``{"to": [PART, ...]}``: the parts a move leaves, one for each part of the compound
        (a compound move moves several parts at once), written as a move's parts are
        (:func:`grundy.play.analysis.part_json`).

        >>> from grundy.rules.heap import Nim
        >>> analyze_compound(Nim(), [2, 3], "conjunctive").as_dict()["moves"][0]
        {'to': [1, 0]}
        """
        from .analysis import part_json

        number = {"conjunctive": "remoteness", "continued": "suspense"}.get(self.compound)
        return {"compound": self.compound, "misere": self.misere, "outcome": self.outcome,
                **({number: self.number} if number else {}), "rule": self.rule,
                "winning_moves": self.count, "every_winning_move": len(self.moves) == self.count,
                "moves": [{"to": [part_json(p, self.game) for p in move]} for move in self.moves]}


def analyze_compound(game: Game, parts: Sequence[Any], compound: str,
                     misere: bool = False) -> CompoundAnalysis:
    """The outcome of the compound, the number that decides it and the rule, the moves.

    >>> from grundy.rules.heap import Nim
    >>> a = analyze_compound(Nim(), [2, 3], "conjunctive")
    >>> a.outcome, a.number, a.moves
    ('N', 1, [(1, 0), (0, 2), (0, 1), (0, 0)])
    """
    parts = _check(game, parts)
    _check_compound(compound)
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
    count = 0
    if outcome == "N":
        moves, count = compound_winning_moves(game, parts, compound, misere)
    return CompoundAnalysis(compound, misere, outcome, number, rule, moves, count, game)
