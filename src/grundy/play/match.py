"""Play a game against grundy: it moves to value 0 (a P-position) whenever it can.

The position is a sum of parts.  :class:`Match` holds the rules of a match (legal
moves, moves typed as text, the computer's choice); :func:`play` runs it on any text
input and output, so the terminal, a notebook or a test can drive it.

A small position gets a numbered menu (equal parts give one line per distinct move); a
large one is shown compactly and the move is typed: ``2 5`` (in part 2 leave 5),
``7 -> 3`` or ``7 -> 2+4`` (a part, then what it leaves).

>>> from grundy.engine import Game
>>> class Nim(Game):
...     def options(self, n):
...         return range(n)
>>> m = Match(Nim(), [1, 2, 0, 2])
>>> m.show()                       # the empty heap is gone
'1 + 2 + 2'
>>> [mv.describe() for mv in m.menu()]   # the two heaps of 2 give one line per move
['1 -> 0', '2 -> 0', '2 -> 1']
>>> m.computer_move().describe()   # the one move to value 0
'1 -> 0'
>>> m.read_move("3 1").describe(), m.read_move("2 -> 0").describe()
('2 -> 1', '2 -> 0')
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from .analysis import (Analysis, LoopyAnalysis, MisereAnalysis, Move, OutcomeAnalysis, analyze,
                       analyze_misere, format_part, option_parts, tidy)
from ..engine import EndlessGameError, Game, LoopyGameError, Sum, options_of, value
from ..errors import GrundyError, OutOfTime
from ..rules.closed import check_move_by_move

__all__ = ["MENU_LIMIT", "Match", "option_parts", "play", "tidy"]

#: positions with more distinct moves than this are shown compactly, moves typed as text
MENU_LIMIT = 40
#: the most parts a hint says the mex of
HINT_PARTS = 6
#: the most winning moves a hint lists
HINT_MOVES = 8

_T = TypeVar("_T")


def _leaves(game: Game, option: Any) -> list[Any]:
    return sorted(tidy(game, option_parts(option)), key=repr)


class Match:
    """A position (a list of parts), under normal play or misère play (``misere``: the
    player who moves last loses)."""

    def __init__(self, game: Game, parts: Sequence[Any], seed: int | None = None,
                 misere: bool = False) -> None:
        self.game = game
        self.parts = tidy(game, parts)
        for part in self.parts:  # a match lists every move: only positions the search reaches
            check_move_by_move(game, part, "play move by move")
        self.rng = random.Random(seed)
        self.misere = misere
        self._analysis: tuple[tuple[Any, ...], Analysis | MisereAnalysis | OutcomeAnalysis
                              | LoopyAnalysis] | None = None
        self._counts: dict[Any, int] = {}

    def moves(self) -> list[Move]:
        """Every legal move, part by part, in ``options()`` order."""
        return [Move(i, part, option, self.game)
                for i, part in enumerate(self.parts)
                for option in options_of(self.game, part)]

    def count(self) -> int:
        """How many legal moves there are (each part's options counted once per part value)."""
        total = 0
        for part in self.parts:
            if part not in self._counts:
                self._counts[part] = len(options_of(self.game, part))
            total += self._counts[part]
        return total

    def menu(self) -> list[Move]:
        """The legal moves with equal ones merged (the same move in two equal parts)."""
        seen: set[tuple[str, str]] = set()
        out = []
        for move in self.moves():
            key = (repr(move.part), repr(_leaves(self.game, move.option)))
            if key not in seen:
                seen.add(key)
                out.append(move)
        return out

    def apply(self, move: Move) -> None:
        """Replace the part moved by its option (a Sum option becomes several parts)."""
        new = self.parts[:move.index] + option_parts(move.option) + self.parts[move.index + 1:]
        self.parts = tidy(self.game, new)

    def computer_move(self) -> Move | None:
        """A winning move if there is one; in a draw, a move that keeps it a draw; else a
        random legal move (None: no move)."""
        winning = self.analysis().moves
        if winning:
            return winning[0]
        if self.draws():
            for move in self.moves():
                after = Match(self.game, self.parts[:move.index] + option_parts(move.option)
                              + self.parts[move.index + 1:])
                if after.draws():
                    return move
        return self.random_move()

    def random_move(self) -> Move | None:
        """A random legal move, picked without listing them all (None: no move)."""
        total = self.count()
        if not total:
            return None
        pick = self.rng.randrange(total)
        for index, part in enumerate(self.parts):
            if pick < self._counts[part]:
                return Move(index, part, options_of(self.game, part)[pick], self.game)
            pick -= self._counts[part]
        raise AssertionError("unreachable: pick < count")  # pragma: no cover

    def analysis(self) -> Analysis | MisereAnalysis | OutcomeAnalysis | LoopyAnalysis:
        """grundy's analysis of the position (kept until the position changes)."""
        key = tuple(self.parts)
        if self._analysis is None or self._analysis[0] != key:
            found = (analyze_misere(self.game, self.parts) if self.misere
                     else analyze(self.game, self.parts))
            self._analysis = (key, found)
        return self._analysis[1]

    def wins(self) -> bool:
        """Does the player to move win?"""
        if self.misere:
            return self.analysis().outcome == "N"
        total = 0
        try:
            for part in self.parts:
                total ^= value(self.game, part)
        except LoopyGameError as exc:  # positions can repeat: Smith's values decide
            if isinstance(exc, EndlessGameError):
                raise
            return self.analysis().outcome == "N"
        return total != 0

    def draws(self) -> bool:
        """Is the position a draw (play can go on for ever, neither side can force a win)?"""
        return not self.misere and self.analysis().outcome == "D"

    def show(self) -> str:
        """The position in a line; many parts are grouped (``4 x3`` for three heaps of 4)."""
        if not self.parts:
            return "(empty)"
        if len(self.parts) <= 12:
            return " + ".join(format_part(p, self.game) for p in self.parts)
        counts = Counter(self.parts)
        return " + ".join(format_part(p, self.game) + (f" x{n}" if n > 1 else "") for p, n in counts.items())

    def read_move(self, text: str) -> Move:
        """A move typed as text: ``2 5`` (in part 2 leave 5; ``2 2+4``, ``2 0``), or
        ``7 -> 3`` / ``7 -> 2+4`` (a part, then what it leaves).  Raises
        :class:`GrundyError` saying what is wrong.  A move copied as the menu writes it,
        with the game's words after it (``(take vertex 2)``), reads the same."""
        text = re.sub(r"\s*\([A-Za-z][^()]*\)\s*$", "", text)
        if "->" in text:
            left, _, right = text.partition("->")
            part = self._part(left.strip())
            index = self.parts.index(part)
        else:
            words = text.split(None, 1)
            if len(words) != 2 or not words[0].isdigit():
                raise GrundyError(f"type a move as 'PART LEAVES' (in part 2 leave 5: '2 5') or "
                                  f"'7 -> 3', got {text!r}")
            index = int(words[0]) - 1
            if not 0 <= index < len(self.parts):
                raise GrundyError(f"there is no part {words[0]} (parts 1 to {len(self.parts)})")
            right = words[1]
        leaves = self._leaves(right)
        for option in options_of(self.game, self.parts[index]):
            if _leaves(self.game, option) == leaves:
                return Move(index, self.parts[index], option, self.game)
        shown = " + ".join(format_part(p, self.game) for p in leaves) or "nothing"
        raise GrundyError(f"{format_part(self.parts[index], self.game)} -> {shown} is not a legal move")

    def _part(self, word: str) -> Any:
        part = self._read(word)
        if part not in self.parts:
            raise GrundyError(f"{word!r} is not a part of the position ({self.show()})")
        return part

    def _leaves(self, text: str) -> list[Any]:
        words = text.replace("+", " ").split()
        if not words:
            raise GrundyError("say what the move leaves: '7 -> 3', '7 -> 2+4' or '7 -> 0'")
        if words in (["nothing"], ["-"]):
            return []
        return sorted(tidy(self.game, [self._read(w) for w in words]), key=repr)

    def _read(self, word: str) -> Any:
        return self.game.parse_position(word)


class _Colours:
    """ANSI colours for a terminal; plain text anywhere else."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def __call__(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text


def play(game: Game, parts: Sequence[Any], *, human_first: bool = True, seed: int | None = None,
         ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
         misere: bool = False, color: bool | None = None,
         think: Callable[[], AbstractContextManager[object]] | None = None) -> str:
    """Play a match on text I/O; returns ``"you"`` or ``"grundy"``, the winner (``"draw"``
    when you stop a game that neither side can win: positions can repeat).

    At your turn type a move (its number in the menu, or as text: ``2 5``, ``7 -> 3``),
    ``h`` for a hint or ``q`` to give up.  ``misere``: the player who makes the last
    move loses.  ``color``: ANSI colours (default: when standard output is a terminal).
    ``think``: the budget of each of grundy's searches, a context each one runs in, where
    :class:`~grundy.errors.OutOfTime` ends it (the command line's ``--time``): grundy
    then plays a random legal move and says so, and leaves out a hint or a warning it had
    no time for.  Ctrl-C is not caught: it ends the match as the caller decides.
    """
    paint = _Colours(sys.stdout.isatty() if color is None else color)
    match = Match(game, parts, seed, misere)
    human = human_first
    thought = _Thinking(think)
    # valued before a word: a position past the search's limits, or a ruleset that fails on
    # the way, is refused with nothing shown (one past grundy's time is played all the same)
    thought(match.wins, None)
    if misere:
        say("misère play: whoever makes the last move loses")
    elif thought(match.draws, False):
        say("this position is a draw: neither side can force a win, and play can go on for "
            "ever (q stops)")
    while True:
        say(f"\nposition: {paint(match.show(), '1')}")
        count = match.count()
        legal = match.menu() if count <= 4 * MENU_LIMIT else None  # None: too many to list
        if not count:
            if misere:  # the player to move has no move: the other one moved last
                say(paint("You have no move: grundy moved last and loses. You win!", "1;32")
                    if human else paint("grundy has no move: you moved last and lose.", "1;31"))
                return "you" if human else "grundy"
            say(paint("You have no move: grundy wins.", "1;31") if human
                else paint("grundy has no move: you win!", "1;32"))
            return "grundy" if human else "you"
        if not human:
            move = thought(match.computer_move, None)
            if move is None:  # no time to find one
                move = match.random_move()
                say(paint("grundy's time to think ran out before it found a winning move: "
                          "it plays a random move", "33"))
            assert move is not None
            say(f"grundy plays {paint(move.describe(), '36')}")
            match.apply(move)
            human = True
            continue
        move = _human_move(match, legal, ask, say, paint, thought)
        if move is None:
            if thought(match.draws, False):
                say("You stopped in a draw: neither side could force a win.")
                return "draw"
            say("You gave up: grundy wins.")
            return "grundy"
        before = Match(game, match.parts, misere=misere)
        match.apply(move)
        warning = thought(lambda: _thrown_away(before, match), None)
        if warning:
            say(paint(warning, "33"))
        human = False


def _thrown_away(before: Match, after: Match) -> str | None:
    """The warning when the move from ``before`` to ``after`` threw away a win."""
    if not before.wins() or not (after.wins() or after.draws()):
        return None
    better = before.analysis().moves[0]
    now = "grundy can win now" if after.wins() else "it is a draw now"
    return f"warning: that move threw away a win ({better.describe()} would have won); {now}"


class _Thinking:
    """grundy's searches, each run within the budget ``think`` (None: no budget);
    ``thought(search, otherwise)`` is ``search()``, or ``otherwise`` once the time is out."""

    def __init__(self, think: Callable[[], AbstractContextManager[object]] | None) -> None:
        self.think = think

    def __call__(self, search: Callable[[], _T], otherwise: _T) -> _T:
        if self.think is None:
            return search()
        try:
            with self.think():
                return search()
        except OutOfTime:
            return otherwise


def _human_move(match: Match, legal: list[Move] | None, ask: Callable[[str], str],
                say: Callable[[str], None], paint: _Colours, thought: _Thinking) -> Move | None:
    """The move typed at the prompt (None: the player gave up); ``legal``: the menu, or
    None when there are too many moves to list."""
    menu = legal if legal is not None and len(legal) <= MENU_LIMIT else []
    if menu:
        for number, move in enumerate(menu, start=1):
            say(f"  {number:>3}. {move.describe()}")
        choices = "1 = the only move" if len(menu) == 1 else f"a number 1-{len(menu)}"
        prompt = f"your move ({choices}, or as text: '{menu[-1].describe()}'; h = hint, q = quit): "
    else:
        if len(match.parts) > 1:
            say("parts: " + ", ".join(f"#{i} = {format_part(p, match.game)}"
                                      for i, p in enumerate(match.parts[:20], start=1))
                + (", ..." if len(match.parts) > 20 else ""))
        say(f"({match.count()} moves: type one, e.g. '1 5' = in part 1 leave 5, or '7 -> 2+4')")
        prompt = "your move (PART LEAVES or 'A -> B'; h = hint, q = quit): "
    while True:
        answer = ask(prompt).strip()
        word = answer.lower()
        if word in ("q", "quit"):
            return None
        if word in ("h", "hint", "?"):
            say(thought(lambda: _hint(match, menu, paint),
                        "no hint: grundy's time to think ran out before it found one"))
            continue
        if menu and answer.isdigit():
            if 1 <= int(answer) <= len(menu):
                return menu[int(answer) - 1]
            say(f"please type a number from 1 to {len(menu)}, a move such as "
                f"'{menu[0].describe()}', h or q")
            continue
        try:
            return match.read_move(answer)
        except GrundyError as exc:
            typed_a_move = "->" in answer or len(answer.split()) >= 2
            if menu and not typed_a_move:
                say(f"please type a number from 1 to {len(menu)} (or a move such as "
                    f"'{menu[0].describe()}'), h or q")
            else:
                say(f"{exc}; try again (h = hint, q = quit)")


def _hint(match: Match, menu: list[Move], paint: _Colours) -> str:
    """The analysis, then the winning moves named with their menu numbers."""
    found = match.analysis()
    lines = [line for line in found.describe().rstrip().splitlines()
             if not line.startswith("  ")][:3]
    numbers = {}
    if menu:
        keys = {(repr(m.part), repr(_leaves(match.game, m.option))): n
                for n, m in enumerate(menu, start=1)}
        for m in found.moves:
            numbers[id(m)] = keys.get((repr(m.part), repr(_leaves(match.game, m.option))))
    shown: set[str] = set()
    for m in found.moves:
        text = m.describe()
        if text in shown:
            continue
        shown.add(text)
        if len(shown) > HINT_MOVES:
            lines.append(f"  ... and more ({len(found.moves)} winning moves in all)")
            break
        number = numbers.get(id(m))
        lines.append(f"  hint: {paint(text, '1;32')}" + (f" (move {number})" if number else ""))
    return "\n".join(lines + _why(match, found))


def _why(match: Match, found: Any) -> list[str]:
    """Why each part is worth its value, a line a part (at most :data:`HINT_PARTS`): the
    values of its options and their mex; none in misère or loopy play or for a large
    position (:func:`grundy.play.options.hint_values`)."""
    from .options import hint_values

    if not isinstance(found, Analysis) or not found.every_move:
        return []
    listed = hint_values(match.game, found.parts[:HINT_PARTS])
    if listed is None:
        return []
    return [f"  why: {format_part(q.part, match.game)} is worth {q.value}, the mex of its "
            f"options' values {{{', '.join(map(str, q.present))}}}"
            for q in listed]
