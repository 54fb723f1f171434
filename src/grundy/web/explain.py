"""Why a position is won or lost, in words: the parts' Grundy values, their XOR, and
what the winning move does to it (the playground's hints).

>>> from grundy.play.analysis import analyze
>>> from grundy.catalog import find
>>> kayles = find("kayles")
>>> print(explain(kayles, analyze(kayles, [3, 5, 7])))  # doctest: +ELLIPSIS
Each part has a Grundy value: heap 3 is worth 3, heap 5 is worth 4, heap 7 is worth 2. ...
"""

from __future__ import annotations

from typing import Any

from ..play.analysis import Analysis, LoopyAnalysis, MisereAnalysis, OutcomeAnalysis, format_part
from ..engine import Game, value
from .boards import click_of, is_board_game
from .positions import board_of, describe, option_parts, tidy

__all__ = ["describe_move", "explain"]


def describe_move(game: Game, part: Any, leaves: list[Any]) -> str:
    """A move in words, as the API writes it: ``5 -> 4``, ``3 -> 0``, ``2x2 -> nothing``."""
    return describe(part, leaves, "0" if board_of(game) == "heaps" else "nothing", game)


def explain(game: Game,
            found: Analysis | MisereAnalysis | OutcomeAnalysis | LoopyAnalysis) -> str:
    """Why the position is won or lost, in words (the parts' values, their XOR, the move)."""
    if isinstance(found, LoopyAnalysis):
        head = (f"Play can go on for ever here: by Smith's generalized values the position "
                f"is worth {found.value}. ")
        if found.outcome == "D":
            return head + "Neither player can force a win: a draw."
        if found.outcome == "P":
            return head + "The player to move loses against best play."
        return head + f"The player to move wins with {_text(game, found.moves[0])}."
    if isinstance(found, MisereAnalysis):
        how = (" ".join(line.strip() for line in found.why) + ". " if found.why else
               "so grundy searched the moves of the whole position. ")
        head = ("Misère play: whoever makes the last move loses. Values do not add up here, "
                + ("but the game's theory decides: " if found.why else "") + how)
        if found.outcome == "P":
            return head + ("Every move leads to a position the opponent wins: the player to "
                           "move loses.")
        if not found.moves:
            return head + ("No move is left: the opponent made the last move, so the player "
                           "to move has won.")
        return head + (f"The player to move wins, for example with {_text(game, found.moves[0])}"
                       ": every reply of the opponent leads to a position grundy wins again.")
    if isinstance(found, OutcomeAnalysis):
        head = f"By {found.theorem}. The Grundy value itself is not computed here. "
        if found.outcome == "P":
            return head + "This is a P-position: the player to move loses against best play."
        return head + (f"The player to move wins with {_text(game, found.moves[0])}, which "
                       "leaves a P-position.")
    parts, values = found.parts, found.part_values
    if not parts:
        return "No move is left: the player to move loses (the opponent made the last move)."
    shown = ", ".join(f"{_label(game, p)} is worth {v}" for p, v in zip(parts[:12], values[:12]))
    if len(parts) > 12:
        shown += f", and {len(parts) - 12} more"
    xor = " ⊕ ".join(str(v) for v in values[:12]) + (" ⊕ ..." if len(parts) > 12 else "")
    text = (f"Each part has a Grundy value: {shown}. The whole position is worth their XOR "
            f"(nim sum): {xor} = {found.value}. ")
    if found.value == 0:
        return text + ("The XOR is 0, so this is a P-position: the player to move loses against "
                       "best play. Any move changes one part's value and makes the XOR non-zero, "
                       "and the opponent can always bring it back to 0.")
    if not found.moves:  # a part too large to find its winning moves in seconds
        return text + ("The XOR is not 0, so the player to move wins, but the position is too "
                       "large for grundy to find a winning move in seconds.")
    m = found.moves[0]
    old, new, count = values[m.index], value(game, m.option), len(found.moves)
    others = ("It is the only winning move." if count == 1 else
              f"There are {count} winning moves.")
    if not found.every_move:
        others = (f"grundy shows {count} winning move{'s' if count > 1 else ''}, built "
                  "without listing every move of a part too large for that; there may be "
                  "others.")
    return text + (f"The XOR is not 0, so the player to move wins. A winning move makes the XOR "
                   f"0: {_text(game, m)} turns a part worth {old} into one worth {new} "
                   f"({old} ⊕ {found.value} = {new}), so the new XOR is 0 and the opponent "
                   f"faces a P-position. {others}")


def _text(game: Game, move: Any) -> str:
    if is_board_game(game):  # a board's move as it is clicked: "take vertex 3"
        found = click_of(game, move.part, move.option)
        if found is not None:
            return found.text
    return describe_move(game, move.part, tidy(game, option_parts(move.option)))


def _label(game: Game, part: Any) -> str:
    """A part in words: ``heap 3``, ``the head at 2x4``, ``a bean with 5 bottles after it``."""
    text = format_part(part, game)
    return {"heaps": f"heap {text}", "coins": f"the head at coin {text}",
            "bottles": f"a bean with {text} bottles after it",
            "coin-board": f"the head at {text}", "grid": f"the black cell {text}",
            "rectangle": f"the piece {text}",
            "queen": f"the queen at {text}", "cram": f"the board {text}",
            "chomp": f"the bar {text}", "graph": f"the graph {text}",
            "hackenbush": f"the drawing {text}"}.get(board_of(game), f"part {text}")
