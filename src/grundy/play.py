"""Play a game against grundy: it moves to value 0 (a P-position) whenever it can.

The position is a sum of parts.  :class:`Match` holds the rules of a match
(legal moves, the computer's choice); :func:`play` runs it on any text input
and output, so the terminal, a notebook or a test can drive it.

>>> from grundy.engine import Game
>>> class Nim(Game):
...     def options(self, n):
...         return range(n)
>>> m = Match(Nim(), [1, 2])
>>> [mv.describe() for mv in m.moves()]
['1 -> 0', '2 -> 0', '2 -> 1']
>>> m.computer_move().describe()  # the one move to value 0
'2 -> 1'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .analysis import Analysis, MisereAnalysis, Move, analyze, analyze_misere, format_part
from .engine import Game, Sum

__all__ = ["Match", "play"]


class Match:
    """A position (a list of parts), under normal play or misère play (``misere``: the
    player who moves last loses)."""

    def __init__(self, game: Game, parts: Sequence[Any], seed: int | None = None,
                 misere: bool = False) -> None:
        self.game = game
        self.parts = list(parts)
        self.rng = random.Random(seed)
        self.misere = misere

    def moves(self) -> list[Move]:
        """Every legal move, part by part, in ``options()`` order."""
        return [Move(i, part, option)
                for i, part in enumerate(self.parts)
                for option in self.game.options(part)]

    def apply(self, move: Move) -> None:
        """Replace the part moved by its option (a Sum option becomes several parts)."""
        new = list(move.option.parts) if isinstance(move.option, Sum) else [move.option]
        self.parts[move.index : move.index + 1] = new

    def computer_move(self) -> Move | None:
        """A winning move if there is one, else a random legal move (None: no move)."""
        winning = self.analysis().moves
        if winning:
            return winning[0]
        legal = self.moves()
        return self.rng.choice(legal) if legal else None

    def analysis(self) -> Analysis | MisereAnalysis:
        """grundy's analysis of the position."""
        if self.misere:
            return analyze_misere(self.game, self.parts)
        return analyze(self.game, self.parts)

    def show(self) -> str:
        return " + ".join(format_part(p) for p in self.parts) if self.parts else "(empty)"


def play(game: Game, parts: Sequence[Any], *, human_first: bool = True, seed: int | None = None,
         ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
         misere: bool = False) -> str:
    """Play a match on text I/O; returns ``"you"`` or ``"grundy"``, the winner.

    At your turn type a move's number, ``h`` for a hint (grundy's analysis) or
    ``q`` to give up.  ``misere``: the player who makes the last move loses.
    """
    match = Match(game, parts, seed, misere)
    human = human_first
    if misere:
        say("misere play: whoever makes the last move loses")
    while True:
        say(f"\nposition: {match.show()}")
        legal = match.moves()
        if not legal:
            if misere:  # the player to move has no move: the other one moved last
                say("You have no move: grundy moved last and loses. You win!" if human
                    else "grundy has no move: you moved last and lose.")
                return "you" if human else "grundy"
            say("You have no move: grundy wins." if human else "grundy has no move: you win!")
            return "grundy" if human else "you"
        if not human:
            move = match.computer_move()
            assert move is not None
            say(f"grundy plays {move.describe()}")
            match.apply(move)
            human = True
            continue
        for number, move in enumerate(legal, start=1):
            say(f"  {number:>3}. {move.describe()}")
        while True:
            answer = ask(f"your move (1-{len(legal)}, h = hint, q = quit): ").strip().lower()
            if answer == "q":
                say("You gave up: grundy wins.")
                return "grundy"
            if answer == "h":
                say(match.analysis().describe().rstrip())
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                break
            say(f"please type a number from 1 to {len(legal)}, h or q")
        match.apply(legal[int(answer) - 1])
        human = False
