"""Who wins a position, with which moves: the answer to "what should I play?".

A position is given as its parts (heaps, rectangles, coins...), played as a
disjunctive sum.  :func:`parse_position` reads the parts from command-line
words for heap-like and two-dimensional games.

>>> from grundy.engine import Game
>>> class Nim(Game):
...     def options(self, n):
...         return range(n)
>>> a = analyze(Nim(), [3, 5, 7])
>>> a.value, a.outcome, [m.describe() for m in a.moves]
(1, 'N', ['3 -> 2', '5 -> 4', '7 -> 6'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, Sum, value
from ..errors import GrundyError, shorten
from ..rules.base import HeapGame
from ..rules.closed import OutcomeTheory, WordReader, check_move_by_move

__all__ = ["Analysis", "MisereAnalysis", "Move", "OutcomeAnalysis", "analyze",
           "analyze_misere", "format_part", "parse_position", "theorem_of"]


def format_part(part: Any, game: Game | None = None) -> str:
    """A part as the user writes it: ``7``, ``3x4``, or a sum ``2 + 4`` (``game``: a game
    that writes its own positions, such as ``3,5`` in Wythoff's game)."""
    if isinstance(part, Sum):
        return (" + ".join(format_part(p, game) for p in part.parts) if part.parts
                else "nothing")
    if game is not None and type(game).format_position is not Game.format_position:
        return game.format_position(part)
    if isinstance(part, tuple) and len(part) == 2 and all(isinstance(x, int) for x in part):
        return f"{part[0]}x{part[1]}"
    return str(part)


#: a part's text longer than this is cut short in a description (a drawing of thousands
#: of edges, by :func:`grundy.errors.shorten`); the move's words (``cut edge 57-58``) still
#: say what it does
LONG_TEXT = 10_000


@dataclass(frozen=True)
class Move:
    """A move in one part of a sum: ``parts[index]`` becomes ``option``."""

    index: int
    part: Any
    option: Any
    game: Game | None = field(default=None, compare=False, repr=False)

    def describe(self) -> str:
        """``part -> option``, and the game's words for the move when the option's text
        does not show it (``(take vertex 2)`` on a graph, whose pieces are numbered afresh).

        >>> from grundy.rules.graphs import NodeKayles
        >>> g = NodeKayles()
        >>> path = g.parse_position("path:3")
        >>> Move(0, path, g.options(path)[1], g).describe()
        '0-1,1-2 -> empty (take vertex 1)'
        """
        text = (f"{shorten(format_part(self.part, self.game), LONG_TEXT)} -> "
                f"{shorten(format_part(self.option, self.game), LONG_TEXT)}")
        words = self.game.describe_move(self.part, self.option) if self.game else None
        return f"{text} ({words})" if words else text


@dataclass(frozen=True)
class Analysis:
    """The value of a sum of parts, its outcome and every winning move."""

    parts: tuple[Any, ...]
    part_values: tuple[int, ...]
    value: int
    moves: tuple[Move, ...]
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def outcome(self) -> str:
        return "P" if self.value == 0 else "N"

    def describe(self) -> str:
        """A few lines of plain English."""
        values = ", ".join(f"{shorten(format_part(p, self.game), LONG_TEXT)}: {v}"
                           for p, v in zip(self.parts, self.part_values))
        lines = [f"values: {values}", f"value (XOR of the parts): {self.value}"]
        return "\n".join(lines + _verdict(self.outcome, self.moves)) + "\n"


def analyze(game: Game, parts: Sequence[Any]) -> Analysis | OutcomeAnalysis:
    """Value, outcome and all winning moves of the sum of ``parts``.

    Values come from the game's kernel where it has one (:meth:`grundy.Game.fast_value`);
    a part whose winning moves cannot be found in seconds is refused up front (the game's
    ``check_winning_moves``), and the game finds the options of the value wanted
    (``options_of_value``: products value a move without summing its coins).
    """
    parts = tuple(parts)
    for part in parts:
        game.check_winning_moves(part)
    if (len(parts) == 1 and isinstance(game, OutcomeTheory)
            and not game.value_known(parts[0])):
        return _by_theorem(game, parts[0])
    values = tuple(value(game, p) for p in parts)
    total = 0
    for v in values:
        total ^= v
    moves: list[Move] = []
    if total:
        for i, part in enumerate(parts):
            for option in game.options_of_value(part, total ^ values[i]):
                moves.append(Move(i, part, option, game))
    return Analysis(parts, values, total, tuple(moves), game)


@dataclass(frozen=True)
class OutcomeAnalysis:
    """A position past the search whose outcome and winning moves a theorem gives, though
    its Grundy value is not computed (Wythoff's game, Fibonacci nim, Euclid's game...)."""

    parts: tuple[Any, ...]
    outcome: str
    moves: tuple[Move, ...]
    theorem: str
    game: Game | None = field(default=None, compare=False, repr=False)
    #: whether :attr:`moves` holds every winning move (else some: a construction's)
    every_move: bool = True

    #: the value is not computed (None), unlike :attr:`Analysis.value`
    value = None

    def describe(self) -> str:
        """A few lines of plain English."""
        shown = ", ".join(format_part(p, self.game) for p in self.parts)
        lines = [f"position: {shown}",
                 "value: not computed (past the search, and no closed form of the values is "
                 "known); outcome and moves by the theorem"]
        return "\n".join(lines + _verdict(self.outcome, self.moves, self.every_move)) + "\n"


def _by_theorem(game: Any, part: Any) -> OutcomeAnalysis:
    moves = tuple(Move(0, part, o, game) for o in game.zero_options(part))
    return OutcomeAnalysis((part,), "N" if moves else "P", moves, game.theorem, game,
                           bool(game.every_zero_option(part)))


def theorem_of(game: Game) -> str | None:
    """The theorem a game answers by, in one line (None: the values are searched).

    >>> from grundy.rules.heap import Nim
    >>> theorem_of(Nim())
    "Bouton's theorem: in nim, g(n) = n for every heap n"
    """
    said = getattr(game, "theorem", None)
    if isinstance(said, str):
        return said
    rule = game.certifier() if isinstance(game, HeapGame) else None
    if rule is None:
        return None
    found = game.period() if isinstance(game, HeapGame) else None
    if found is not None:
        return (f"{rule.theorem}; period {found.period} from heap {found.preperiod}"
                + (f", saltus {found.saltus}" if found.saltus else ""))
    return rule.theorem


@dataclass(frozen=True)
class MisereAnalysis:
    """The misère outcome of a sum of parts (the last player to move loses) and every
    winning move."""

    parts: tuple[Any, ...]
    outcome: str
    moves: tuple[Move, ...]
    #: why, when a theory decides it (the quotient's elements and product, tameness)
    why: tuple[str, ...] = ()
    game: Game | None = field(default=None, compare=False, repr=False)

    def describe(self) -> str:
        """A few lines of plain English."""
        lines = ["misère play: the player who makes the last move loses", *self.why]
        return "\n".join(lines + _verdict(self.outcome, self.moves)) + "\n"


def _verdict(outcome: str, moves: tuple[Move, ...], every: bool = True) -> list[str]:
    """The outcome in words, then the winning moves, one per line."""
    if outcome == "P":
        return ["outcome: P -- the player to move loses against best play"]
    if not moves:  # only in misère play: the opponent made the last move
        return ["outcome: N -- no move is left: the player to move has won"]
    count = (f"{len(moves)}" if every else
             f"{len(moves)} shown, by the construction (others, if any, are listed only for "
             "smaller positions)")
    return [f"outcome: N -- the player to move wins; winning moves: {count}",
            *(f"  {m.describe()}" for m in moves)]


def analyze_misere(game: Game, parts: Sequence[Any]) -> MisereAnalysis:
    """Misère outcome and all winning moves of the sum of ``parts`` (:mod:`grundy.play.misere`),
    within the misère search's limits (:mod:`grundy.play.misere.search`: one budget of
    time, sums and memory for the whole question).  A part whose moves cannot be listed
    in seconds is refused up front, as under normal play (the game's ``move_limit``); the
    moves are written in the game's own notation, as under normal play.

    >>> from grundy.engine import Game
    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> a = analyze_misere(Nim(), [1, 1, 2])
    >>> a.outcome, [m.describe() for m in a.moves]
    ('N', ['2 -> 1'])
    >>> from grundy import find
    >>> chomp = find("chomp")
    >>> [m.describe() for m in analyze_misere(chomp, [chomp.parse_position("4,2")]).moves]
    ['4,2 -> 1x2']
    """
    from .misere.search import misere_answer

    parts = tuple(parts)
    for part in parts:
        check_move_by_move(game, part, "search in misère play")
    outcome, pairs, why = misere_answer(game, parts)
    return MisereAnalysis(parts, outcome, tuple(Move(i, parts[i], o, game) for i, o in pairs),
                          tuple(why), game)


def parse_position(game: Game, words: Sequence[str]) -> list[Any]:
    """Parts from words, each read by the game's ``parse_position``: heap sizes
    (``3 5 7``), cells or rectangles (``3x4 2,5``), or what a user's game reads."""
    if not words:
        raise GrundyError("give a position: heap sizes such as '3 5 7', or cells such as '3x4'")
    if isinstance(game, WordReader):
        return game.parse_words(words)
    parts: list[Any] = []
    for i, word in enumerate(words, start=1):
        try:
            parts.append(game.parse_position(word))
        except GrundyError as exc:
            raise GrundyError(f"part {i}: {exc}") from None
    return parts
