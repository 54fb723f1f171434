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

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import EndlessGameError, Game, LoopyGameError, Sum, value
from ..errors import GrundyError, shorten
from ..rules.base import HeapGame, is_grid_game, is_heap_game
from ..rules.closed import check_move_by_move
from .loopy import LoopyValue, loopy_outcome_of, loopy_part_winning_moves, loopy_value

__all__ = ["Analysis", "LoopyAnalysis", "MisereAnalysis", "Move", "OutcomeAnalysis", "analyze",
           "analyze_loopy", "analyze_misere", "format_part", "option_parts", "parse_position",
           "part_json", "theorem_of", "tidy", "writes_own_positions"]


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


def writes_own_positions(game: Game) -> bool:
    """Whether the game writes its positions its own way (``3 5 pool=2``, ``11,7``, a
    board's rows), so that a part is shown, and sent back, as that text.

    >>> from grundy.catalog import find
    >>> [writes_own_positions(find(n)) for n in ("kayles", "wythoff", "poker-nim", "cram")]
    [False, False, True, True]
    """
    return (not is_heap_game(game) and not is_grid_game(game)
            and type(game).parse_position is not Game.parse_position)


def part_json(part: Any, game: Game | None = None) -> Any:
    """A part as JSON, the one way the command line and the playground write it: a heap
    as an int, a cell or rectangle as ``[r, c]``, a part of a game that writes its own
    positions as that text (what ``grundy analyze`` reads back: a board's rows, a graph's
    edges, ``3 5 pool=2``), a part of a sum of different games as ``{"game", "position"}``.

    >>> from grundy.catalog import find
    >>> part_json(7), part_json((3, 4)), part_json(((1, 2), (3, 4)))
    (7, [3, 4], [[1, 2], [3, 4]])
    >>> poker = find("poker-nim")
    >>> part_json(poker.parse_position("3 5 pool=2"), poker)
    '3 5 pool=2'
    """
    from ..rules.mixed import Component

    if isinstance(part, Component):  # a part of a sum of different games
        return {"game": part.game.label, "position": part_json(part.position, part.game)}
    if isinstance(part, bool):
        return part
    if isinstance(part, int) or hasattr(part, "__index__"):
        return int(part)
    if game is not None and writes_own_positions(game):
        return game.position_text(part)
    if isinstance(part, (tuple, list)):
        return [part_json(p, game) for p in part]
    return format_part(part, game)


def option_parts(option: Any) -> list[Any]:
    """The parts a move leaves in place of the part moved (a Sum: none or several)."""
    return list(option.parts) if isinstance(option, Sum) else [option]


def tidy(game: Game, parts: Sequence[Any]) -> list[Any]:
    """Parts as a player sees them: empty heaps, absent coins (0), graphs with no vertex
    and drawings with no edge dropped (the game's ``is_empty``), and where equal parts
    cancel (``parts_cancel``: coin boards) a coin present an even number of times turned
    back to tails (it is one coin: two equal heads cancel, as their values do).  Neither
    changes who wins or how.

    >>> from grundy.catalog import find
    >>> tidy(find("kayles"), [3, 0, 5]), tidy(find("mock-turtles"), [5, 3, 5, 5, 0])
    ([3, 5], [5, 3])
    """
    parts = [p for p in parts if not game.is_empty(p)]
    if game.parts_cancel:
        counts = Counter(parts)
        seen: set[Any] = set()
        kept = []
        for p in parts:
            if counts[p] % 2 and p not in seen:
                kept.append(p)
            seen.add(p)
        parts = kept
    return parts


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

    def as_dict(self) -> dict[str, Any]:
        """The move as JSON, the one schema of the command line and the playground:
        ``{"part": i, "from": PART, "to": [PART, ...]}``, "to" listing the parts the move
        leaves as a player sees them (:func:`tidy`: none when it empties the part, several
        when it splits it), each written by :func:`part_json`; ``"says"``, the game's words
        for the move, where the parts left do not show it (``cut edge 0-1``, ``take vertex
        2``).

        >>> from grundy.catalog import find
        >>> Move(1, 5, Sum(1, 2), find("kayles")).as_dict()
        {'part': 1, 'from': 5, 'to': [1, 2]}
        """
        leaves = (tidy(self.game, option_parts(self.option)) if self.game is not None
                  else option_parts(self.option))
        out: dict[str, Any] = {"part": self.index, "from": part_json(self.part, self.game),
                               "to": [part_json(p, self.game) for p in leaves]}
        words = self.game.describe_move(self.part, self.option) if self.game else None
        if words:
            out["says"] = words
        return out


@dataclass(frozen=True)
class Analysis:
    """The value of a sum of parts, its outcome and every winning move."""

    parts: tuple[Any, ...]
    part_values: tuple[int, ...]
    value: int
    moves: tuple[Move, ...]
    game: Game | None = field(default=None, compare=False, repr=False)
    #: whether :attr:`moves` holds every winning move (else some: a part too large to list
    #: its moves gives those its game constructs, as :class:`OutcomeAnalysis` does)
    every_move: bool = True

    @property
    def outcome(self) -> str:
        return "P" if self.value == 0 else "N"

    def describe(self) -> str:
        """A few lines of plain English."""
        values = ", ".join(f"{shorten(format_part(p, self.game), LONG_TEXT)}: {v}"
                           for p, v in zip(self.parts, self.part_values))
        lines = [f"values: {values}", f"value (XOR of the parts): {self.value}"]
        return "\n".join(lines + _verdict(self.outcome, self.moves, self.every_move)) + "\n"

    def as_dict(self) -> dict[str, Any]:
        """The analysis as JSON (what ``grundy analyze --json`` prints): ``value``,
        ``outcome``, ``parts``, ``part_values``, ``winning_moves`` (how many),
        ``every_winning_move`` (whether ``moves`` lists them all: false for a part too
        large to list its moves, whose game constructs some) and ``moves``, each as
        :meth:`Move.as_dict` writes it.

        >>> from grundy.catalog import find
        >>> analyze(find("nim"), [1, 2]).as_dict()["moves"]
        [{'part': 1, 'from': 2, 'to': [1]}]
        >>> big = analyze(find("laskers-nim"), [10**30 + 3, 5]).as_dict()
        >>> big["value"] == 10**30 + 4 ^ 5, big["winning_moves"], big["every_winning_move"]
        (True, 1, False)
        """
        return _answer_dict(self.parts, self.part_values, self.value, self.outcome, self.moves,
                            self.game, self.every_move)

    def _repr_html_(self) -> str:
        """What a notebook shows: the value and outcome, each part's value and picture, the winning
        moves, the theorem and the explanation in words (:func:`_notebook_html`)."""
        return _notebook_html(self)


def analyze(game: Game | str,
            parts: Sequence[Any] | None = None) -> Analysis | OutcomeAnalysis | LoopyAnalysis:
    """Value, outcome and all winning moves of the sum of ``parts``; or of a position
    written as text with its games named in it, as on the command line (``game`` a string
    and no ``parts``: :func:`grundy.catalog.positions.read_position`).

    >>> a = analyze("wythoff 3,5 + nim 4")
    >>> a.value, a.outcome, [m.describe() for m in a.moves][-1]
    (4, 'N', 'nim 4 -> nim 0')

    Values come from the game's kernel where it has one (:meth:`grundy.Game.fast_value`);
    a game whose positions can repeat is valued by Smith's generalized values instead
    (:func:`analyze_loopy`: draws named);
    a part whose winning moves cannot be found in seconds is refused up front (the game's
    ``check_winning_moves``), and the game finds the options of the value wanted
    (``options_of_value``: products value a move without summing its coins).  A part too
    large to list its moves, whose value is known, gives the winning moves its game
    constructs (``every_zero_option`` false: :attr:`Analysis.every_move` says so).
    """
    if isinstance(game, str):
        from ..catalog.positions import read_position

        if parts is not None:
            raise GrundyError("give the position as one text ('wythoff 3,5 + nim 4'), or a "
                              "game and its parts (analyze(grundy.find('nim'), [3, 4]))")
        game, parts = read_position(game)
    if parts is None:
        raise GrundyError("give the parts of the position, such as [3, 5, 7]")
    parts = tuple(parts)
    for part in parts:
        game.check_winning_moves(part)
    if len(parts) == 1 and not game.value_known(parts[0]):
        return _by_theorem(game, parts[0])
    try:
        values = tuple(value(game, p) for p in parts)
    except LoopyGameError as exc:
        if isinstance(exc, EndlessGameError):
            raise
        return analyze_loopy(game, parts)
    total = 0
    for v in values:
        total ^= v
    moves: list[Move] = []
    every = True
    if total:
        for i, part in enumerate(parts):
            wanted = total ^ values[i]
            for option in game.options_of_value(part, wanted):
                moves.append(Move(i, part, option, game))
            every = every and game.every_zero_option(part, wanted)
    return Analysis(parts, values, total, tuple(moves), game, every)


@dataclass(frozen=True)
class LoopyAnalysis:
    """A sum of parts of a game whose positions can repeat: Smith's generalized values
    (:mod:`grundy.play.loopy`), the outcome ``P``, ``N`` or ``D`` (a draw: play goes on for
    ever), and every winning move."""

    parts: tuple[Any, ...]
    part_values: tuple[LoopyValue, ...]
    value: LoopyValue
    moves: tuple[Move, ...]
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def outcome(self) -> str:
        return loopy_outcome_of(self.value)

    def describe(self) -> str:
        """A few lines of plain English."""
        values = ", ".join(f"{shorten(format_part(p, self.game), LONG_TEXT)}: {v}"
                           for p, v in zip(self.parts, self.part_values))
        lines = [f"values: {values}",
                 f"value (generalized, of the sum): {self.value}"]
        if self.outcome == "D":
            lines.append("outcome: D -- a draw: neither player can force a win, play goes on "
                         "for ever")
            return "\n".join(lines) + "\n"
        return "\n".join(lines + _verdict(self.outcome, self.moves)) + "\n"

    def as_dict(self) -> dict[str, Any]:
        """As :meth:`Analysis.as_dict`; an infinite value is written as its text
        (``"Infinity(0, 2)"``: a win when 0 is among the numbers, else a draw), and the
        outcome may be ``D`` (a draw)."""
        return _answer_dict(self.parts, self.part_values, self.value, self.outcome, self.moves,
                            self.game)


def _answer_dict(parts: Sequence[Any], part_values: Sequence[Any], total: Any, outcome: str,
                 moves: Sequence[Move], game: Game | None, every: bool = True) -> dict[str, Any]:
    """The JSON of an answer on a sum (:meth:`Analysis.as_dict`), the one shape of the
    normal, loopy and theorem's answers: a value is a number, None (not computed) or a
    loopy game's infinite value as its text."""
    def shown(v: Any) -> Any:
        return v if v is None or isinstance(v, int) else repr(v)

    return {"value": shown(total), "outcome": outcome,
            "parts": [part_json(p, game) for p in parts],
            "part_values": [shown(v) for v in part_values], "winning_moves": len(moves),
            "every_winning_move": every, "moves": [m.as_dict() for m in moves]}


def analyze_loopy(game: Game, parts: Sequence[Any]) -> LoopyAnalysis:
    """Generalized values, outcome (``D``: a draw) and every winning move of the sum of
    ``parts`` in a game whose positions can repeat (Smith 1966; :mod:`grundy.play.loopy`).

    >>> from grundy.rules.digraph import Digraph
    >>> g = Digraph()
    >>> a = analyze_loopy(g, g.parse_words(["0>1,1>0,1>2", "0", "1"]))
    >>> a.part_values, a.value, a.outcome, [m.describe() for m in a.moves]
    ((0, 1), 1, 'N', ['0 -> 1', '1 -> 0', '1 -> 2'])
    >>> analyze_loopy(g, g.parse_words(["0>1,1>0,2>0,2>3", "2"])).value
    Infinity(0)
    """
    parts = tuple(parts)
    values = tuple(loopy_value(game, p) for p in parts)
    total: LoopyValue = 0
    for v in values:
        total = total ^ v
    moves = tuple(Move(i, parts[i], option, game)
                  for i, option in loopy_part_winning_moves(game, parts))
    return LoopyAnalysis(parts, values, total, moves, game)


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

    def as_dict(self) -> dict[str, Any]:
        """As :meth:`Analysis.as_dict`, with ``value`` and ``part_values`` None (not
        computed) and ``every_winning_move`` false where the theorem's construction gives
        some of the moves only."""
        return _answer_dict(self.parts, [None] * len(self.parts), None, self.outcome,
                            self.moves, self.game, self.every_move)

    def _repr_html_(self) -> str:
        """What a notebook shows: the outcome, each part's picture, the winning moves, the theorem
        and the explanation in words (:func:`_notebook_html`)."""
        return _notebook_html(self)


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
    said = game.theorem
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

    def as_dict(self) -> dict[str, Any]:
        """The misère answer as JSON: ``misere`` (true), ``outcome``, ``winning_moves``
        (how many) and ``moves`` (:meth:`Move.as_dict`)."""
        return {"misere": True, "outcome": self.outcome, "winning_moves": len(self.moves),
                "moves": [m.as_dict() for m in self.moves]}

    def _repr_html_(self) -> str:
        """What a notebook shows: the misère outcome, each part's picture, the winning moves and the
        explanation in words (:func:`_notebook_html`)."""
        return _notebook_html(self)


def _verdict(outcome: str, moves: tuple[Move, ...], every: bool = True) -> list[str]:
    """The outcome in words, then the winning moves, one per line."""
    if outcome == "P":
        return ["outcome: P -- the player to move loses against best play"]
    if not moves and every:  # only in misère play: the opponent made the last move
        return ["outcome: N -- no move is left: the player to move has won"]
    count = (f"{len(moves)}" if every else
             f"{len(moves)} shown, by the construction (others, if any, are listed only for "
             "smaller positions)" if moves else
             "none shown (the position is too large to find them in seconds; the value says "
             "who wins)")
    return [f"outcome: N -- the player to move wins; winning moves: {count}",
            *(f"  {m.describe()}" for m in moves)]


def analyze_misere(game: Game, parts: Sequence[Any]) -> MisereAnalysis:
    """Misère outcome and all winning moves of the sum of ``parts`` (:mod:`grundy.play.misere`),
    within the misère search's limits (:mod:`grundy.play.misere.search`: one budget of
    time, sums and memory for the whole question).  A game whose own misère rule gives
    the winning moves (``misere_winning_moves_of``: Bouton's in nim) answers at any size;
    otherwise a part whose moves cannot be listed in seconds is refused up front
    (:func:`~grundy.rules.closed.check_move_by_move`, the game's ``move_limit``).  The
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
    if game.misere_winning_moves_of(parts) is None:  # no rule of the game's: move by move
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
    return game.parse_words(words)


#: the most parts whose pictures an analysis shows in a notebook (a sum of thousands of
#: heaps shows its values alone)
MAX_PICTURES = 24


def _notebook_html(analysis: Analysis | OutcomeAnalysis | MisereAnalysis) -> str:
    """An analysis as HTML for a notebook (:func:`grundy.play.notebook.analysis_html`):
    each part as its game writes it, with its value and the picture its game draws
    (:meth:`grundy.Game.picture`), the theorem its game answers by (:func:`theorem_of`; in
    a sum of different games, each game's).

    >>> page = analyze("wythoff 2,3 + nim 4")._repr_html_()
    >>> "<b>1</b>" in page, page.count("<svg"), "wythoff 2,3 -&gt; wythoff 1,3" in page
    (True, 1, True)
    """
    from ..rules.mixed import Component
    from .notebook import analysis_html

    game = analysis.game
    values = getattr(analysis, "part_values", None) or (None,) * len(analysis.parts)
    parts = []
    games: list[Game] = []
    for i, (part, v) in enumerate(zip(analysis.parts, values)):
        own = part.game if isinstance(part, Component) else game
        if own is not None and all(own is not g for g in games):
            games.append(own)
        svg = ""
        if own is not None and i < MAX_PICTURES:
            try:
                drawn = (game or own).picture(part)
            except Exception:  # a user's game whose picture fails: the text alone
                drawn = None
            svg = drawn.svg if isinstance(getattr(drawn, "svg", None), str) else ""
        parts.append((shorten(format_part(part, game), LONG_TEXT), v, svg))
    theorems: list[str] = []
    said = getattr(analysis, "theorem", None)
    for words in [said] if isinstance(said, str) else [theorem_of(g) for g in games]:
        if words and words not in theorems:
            theorems.append(words)
    return analysis_html(outcome=analysis.outcome, value=analysis.value if not isinstance(
                             analysis, MisereAnalysis) else None,
                         parts=parts, moves=[m.describe() for m in analysis.moves],
                         theorems=theorems, words=analysis.describe(),
                         misere=isinstance(analysis, MisereAnalysis),
                         every=getattr(analysis, "every_move", True))
