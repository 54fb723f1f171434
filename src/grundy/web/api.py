"""The playground's JSON API, free of any web framework: each handler takes the decoded
request (a dict) and returns a dict, or raises :class:`RequestError` (a 4xx answer).

:mod:`grundy.web.app` serves these handlers over HTTP; scripts and tests may call them
directly.

>>> answer = analyze({"game": "kayles", "position": [3, 5, 7]})
>>> answer["value"], answer["outcome"], [m["text"] for m in answer["winning_moves"]]
(5, 'N', ['5 -> 4'])
>>> move({"game": "nim", "position": [1, 2], "move": {"part": 1, "to": [1]}})["reply"]["text"]
'1 -> 0'
>>> [m["text"] for m in analyze({"game": "wythoff", "position": "3,5 + nim 4"})["winning_moves"]][-1]
'nim 4 -> nothing'
>>> analyze({"game": "nim", "position": 3})
Traceback (most recent call last):
...
grundy.web.api.RequestError: position: expected a list of parts, got 3
>>> analyze({"game": "nim", "position": "3 x"})
Traceback (most recent call last):
...
grundy.web.api.RequestError: position: part 2: expected a heap size (a non-negative integer) (digits, or B**E such as 10**22), got 'x'
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..play.analysis import (Analysis, LoopyAnalysis, MisereAnalysis, Move, OutcomeAnalysis,
                             analyze_misere)
from ..play.misere.search import answered_at_once, forget_misere
from ..play.analysis import analyze as analyze_parts
from ..catalog import entries, find
from ..catalog.positions import read_parts as read_words
from ..catalog.positions import read_position as read_text
from ..catalog.positions import sum_of_games
from ..engine import Game, Sum
from ..errors import GrundyError
from ..rules.base import is_grid_game, is_heap_game
from .boards import (MAX_BAR_DIAGRAMS, MAX_BOARD_CELLS, MAX_DRAWING_EDGES, MAX_GRAPH_EDGES,
                     MAX_GRAPH_VERTICES, Click, clicks, drawing, framed, is_board_game)
from .explain import describe_move, explain
from .positions import (MAX_COIN, MAX_HEAP, MAX_NUMBERS, MAX_OPTIONS, MAX_PARTS, MAX_SIDE, board_of,
                        has_own_positions,
                        option_parts, read_parts, read_position, tidy, to_json)

if TYPE_CHECKING:
    from ..research.explore import Finding

__all__ = ["MAX_MISERE_TOKENS", "MAX_MOVES_LISTED", "MAX_SEQUENCE", "MAX_TABLE_CELLS",
           "MAX_TABLE_SIDE",
           "RequestError", "analyze", "game_info", "games", "limits", "move", "reply",
           "sequence", "table"]

#: the most values ``/api/sequence`` computes
MAX_SEQUENCE = 10_000
#: the largest rows and cols of ``/api/table``
MAX_TABLE_SIDE = 128
#: a board game's table (Cram, Node Kayles: its empty boards): the most cells of a board
#: valued (every board up to 20 cells: 0.7 s by the Python search, at once by the compiled
#: one); a larger board is -1, not computed
MAX_TABLE_CELLS = 20
#: misère play searched move by move (no quotient known): the most tokens of all heaps together
MAX_MISERE_TOKENS = 30
#: the most legal moves one analysis lists (the page's menus); the winning moves are all listed
MAX_MOVES_LISTED = 2000
#: the longest game name or notation
MAX_NAME = 60
#: the longest position written as text (``"3,5 + nim 4"``)
MAX_POSITION_TEXT = 2000

# One computation at a time: the games' memos are shared by every request, and the
# work is CPU-bound (threads would not run it faster).
_LOCK = threading.Lock()


class RequestError(GrundyError):
    """A request the API refuses; ``status`` is the HTTP status (400 unless said)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


#: how a game name becomes a ruleset: the catalog by default (names and notations only,
#: never a file); ``create_app(resolve=...)`` may pass another, e.g. for a user's rules
Resolve = Callable[[str], Game]
Handler = Callable[[Mapping[str, Any], Resolve], dict[str, Any]]


def _guarded(handler: Handler) -> Callable[..., dict[str, Any]]:
    """Serialise the handler and turn grundy's input errors into :class:`RequestError`."""

    def run(body: Mapping[str, Any], resolve: Resolve = find) -> dict[str, Any]:
        if not isinstance(body, Mapping):
            raise RequestError(f"the request must be a JSON object, got {type(body).__name__}")
        with _LOCK:
            try:
                return handler(body, resolve)
            except RequestError:
                raise
            except (GrundyError, RecursionError) as exc:
                raise RequestError(str(exc)) from None

    run.__doc__ = handler.__doc__
    run.__name__ = handler.__name__
    return run


# -- reading the request -----------------------------------------------------------------


def _field(body: Mapping[str, Any], name: str) -> Any:
    if name not in body:
        raise RequestError(f"{name}: missing (required)")
    return body[name]


def _game(body: Mapping[str, Any], resolve: Resolve, name: str = "game") -> Game:
    raw = _field(body, name)
    if not isinstance(raw, str) or not raw.strip():
        raise RequestError(f"{name}: expected a game name or notation such as 'kayles' or "
                           f"'0.137', got {raw!r:.40}")
    if len(raw) > MAX_NAME:
        raise RequestError(f"{name}: at most {MAX_NAME} characters, got {len(raw)}")
    try:
        return framed(resolve(raw.strip().lower()))
    except GrundyError as exc:
        raise RequestError(f"{name}: {exc}") from None


def _flag(body: Mapping[str, Any], name: str) -> bool:
    raw = body.get(name, False)
    if not isinstance(raw, bool):
        raise RequestError(f"{name}: expected true or false, got {raw!r:.40}")
    return raw


def _count(body: Mapping[str, Any], name: str, default: int, top: int) -> int:
    raw = body.get(name, default)
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= top:
        raise RequestError(f"{name}: expected a whole number from 1 to {top}, got {raw!r:.40}")
    return raw


def _request(body: Mapping[str, Any], resolve: Resolve, misere: bool) -> tuple[Game, list[Any]]:
    """The game and the position of a request: ``position`` a list of parts of ``game``,
    or a text as the command line reads it (``"3 5 7"``; ``"3,5 + nim 4"`` adds parts of
    other games, :func:`grundy.catalog.positions.read_position`), checked part by part
    against the same limits."""
    def named(name: str) -> Game:  # a game a sum names, framed as the playground draws it
        return framed(resolve(name))

    if body.get("game") == "mixed":  # a sum of different games, each part naming its game
        game: Game = sum_of_games(named)
    else:
        game = _game(body, resolve)
    raw = _field(body, "position")
    if not isinstance(raw, str):
        return game, _position(game, raw, misere)
    if len(raw) > MAX_POSITION_TEXT:
        raise RequestError(f"position: at most {MAX_POSITION_TEXT} characters, got {len(raw)}")
    words = raw.split()
    if len(words) > MAX_PARTS * MAX_NUMBERS:
        raise RequestError(f"position: {len(words)} words is too many")
    try:
        if "+" in words:
            game, parts = read_text([str(body["game"]).strip().lower(), *words], named)
        else:
            parts = read_words(game, words)
    except GrundyError as exc:
        raise RequestError(f"position: {exc}") from None
    return game, _position(game, to_json(game, parts), misere)


def _position(game: Game, raw: Any, misere: bool) -> list[Any]:
    parts = read_position(game, raw)
    if misere:
        if board_of(game) != "heaps":
            raise RequestError("misere: misère play is offered for heap games only "
                               f"({board_of(game)} boards are searched too slowly)")
        if sum(parts) > MAX_MISERE_TOKENS and not answered_at_once(game, parts):
            raise RequestError(f"position: misère play is searched move by move, so the heaps "
                               f"may hold at most {MAX_MISERE_TOKENS} tokens together, "
                               f"got {sum(parts)}")
    return parts


# -- the answers -------------------------------------------------------------------------


def _move_json(game: Game, index: int, part: Any, option: Any,
               click: Click | None = None) -> dict[str, Any]:
    """A move as JSON; on a board also the click that plays it (``take``) and the keys of
    what it removes (``gone``)."""
    leaves = tidy(game, option_parts(option))
    out = {**Move(index, part, option, game).as_dict(), "text": describe_move(game, part, leaves)}
    if click is None and is_board_game(game):
        click = next((c for c in clicks(game, part) if c.option == option), None)
    if click is not None:
        out.update(take=click.take, gone=list(click.gone), text=click.text)
    return out


def _listed(game: Game, parts: list[Any]) -> list[dict[str, Any]]:
    """The legal moves as JSON, at most :data:`MAX_MOVES_LISTED` (on a board: one a click)."""
    if is_board_game(game):
        return [_move_json(game, i, part, c.option, c) for i, part in enumerate(parts)
                for c in clicks(game, part)][:MAX_MOVES_LISTED]
    return [_move_json(game, i, parts[i], o) for i, o in _legal(game, parts)[:MAX_MOVES_LISTED]]


def _legal(game: Game, parts: list[Any]) -> list[tuple[int, Any]]:
    return [(i, option) for i, part in enumerate(parts) for option in game.options(part)]


def _analysis(game: Game, parts: list[Any], misere: bool) -> (
        Analysis | MisereAnalysis | OutcomeAnalysis | LoopyAnalysis):
    if misere:
        found = analyze_misere(game, parts)
        _forget_misere(game)
        return found
    return analyze_parts(game, parts)


def _forget_misere(game: Game) -> None:
    """Drop the misère search's memo when it grew large (it lives on the shared game)."""
    forget_misere(game, larger_than=100_000)


def _report(game: Game, parts: list[Any], misere: bool) -> dict[str, Any]:
    found = _analysis(game, parts, misere)
    legal = _legal(game, parts)
    return {
        "position": to_json(game, parts),
        "misere": misere,
        "value": None if misere else found.value,  # type: ignore[union-attr]
        "outcome": found.outcome,
        "part_values": (list(found.part_values) if isinstance(found, Analysis)
                        else None),  # None: misère play, or a value past the search
        "winning_moves": [_move_json(game, m.index, m.part, m.option) for m in found.moves],
        "explanation": explain(game, found),
        "moves": _listed(game, parts),
        "moves_truncated": len(legal) > MAX_MOVES_LISTED,
        "drawings": ([drawing(game, p) for p in parts] if is_board_game(game) else None),
        "over": not legal,
        "mex": _mex(game, parts, found),
    }


def _mex(game: Game, parts: list[Any], found: Any) -> list[dict[str, Any]] | None:
    """Why each part is worth its value, for the hint: the values of its options (each
    once, in order) and the part's value, their mex; None in misère or loopy play, past a
    theorem's search, or where :func:`grundy.play.options.hint_values` gives none."""
    from ..play.options import hint_values

    listed = (hint_values(game, parts) if isinstance(found, Analysis) and found.every_move
              else None)
    if listed is None:
        return None
    return [{"part": i, "value": q.value, "option_values": q.present}
            for i, q in enumerate(listed)]


def _find_move(game: Game, parts: list[Any], raw: Any) -> tuple[int, Any]:
    """The legal move a request names: ``{"part": i, "to": [parts left]}``, or on a board
    ``{"part": i, "take": key}`` (the key of the cells, square, vertex or edge clicked)."""
    if not isinstance(raw, Mapping):
        raise RequestError(f"move: expected {{\"part\": index, \"to\": [parts]}}, got {raw!r:.40}")
    if "part" not in raw:
        raise RequestError("move.part: missing (required: the index of the part moved)")
    index = raw["part"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(parts):
        span = f"0 to {len(parts) - 1}" if parts else "none: no part is left"
        raise RequestError(f"move.part: expected the index of a part ({span}), got {index!r:.40}")
    if "take" in raw and is_board_game(game):
        return index, _taken(game, parts[index], raw["take"])
    if "to" not in raw:
        raise RequestError("move.to: missing (required: the parts the move leaves)")
    try:
        leaves = tidy(game, read_parts(game, raw["to"], "move.to"))
    except GrundyError as exc:
        raise RequestError(str(exc)) from None
    wanted = sorted(map(repr, leaves))
    for option in game.options(parts[index]):
        if sorted(map(repr, tidy(game, option_parts(option)))) == wanted:
            return index, option
    raise RequestError(f"move: {describe_move(game, parts[index], leaves)} is not a legal move")


def _taken(game: Game, part: Any, take: Any) -> Any:
    """The option a click names (a key compared with the moves' keys, never evaluated)."""
    if not isinstance(take, str) or len(take) > MAX_NAME:
        raise RequestError(f"move.take: expected the key of what is clicked, such as '0,1+0,2' "
                           f"or '3', got {take!r:.40}")
    for c in clicks(game, part):
        if c.take == take.strip():
            return c.option
    shown = game.format_position(part)
    raise RequestError(f"move.take: {take!r:.40} is not a move of {shown!r:.60} (a cell, "
                       "square, vertex or edge taken already, or not adjacent)")


def _apply(game: Game, parts: list[Any], index: int, option: Any) -> list[Any]:
    return tidy(game, parts[:index] + option_parts(option) + parts[index + 1:])


def _wins(game: Game, parts: list[Any], misere: bool) -> bool:
    """Does the player to move win?"""
    if misere:
        from ..play.misere import misere_outcome

        won = misere_outcome(game, Sum(*parts)) == "N"
        _forget_misere(game)
        return won
    return _analysis(game, parts, misere).outcome == "N"


def _grundy_plays(game: Game, parts: list[Any], misere: bool,
                  rng: random.Random) -> tuple[dict[str, Any] | None, list[Any]]:
    """grundy's move (a winning one when there is one) and the position it leaves."""
    found = _analysis(game, parts, misere)
    if found.moves:
        m = found.moves[0]
        index, option = m.index, m.option
    else:
        legal = _legal(game, parts)
        if not legal:
            return None, parts
        index, option = rng.choice(legal)
    return _move_json(game, index, parts[index], option), _apply(game, parts, index, option)


def _winner(game: Game, parts: list[Any], misere: bool, mover: str, other: str) -> str | None:
    """Who won, once ``mover`` is to move in ``parts`` (None while the game goes on)."""
    if any(True for _ in _legal(game, parts)):
        return None
    return mover if misere else other


# -- the handlers ------------------------------------------------------------------------


def games(_: Mapping[str, Any] | None = None, resolve: Resolve = find) -> dict[str, Any]:
    """The catalog: every built-in game with its board, and the notations accepted."""
    out = []
    for entry in entries():
        game = find(entry.name)
        out.append({"name": entry.name, "aliases": list(entry.aliases), "family": entry.family,
                    "rules": entry.rules, "source": entry.source, **_traits(game)})
    return {"games": out, "notations": ["sub:1,3,4", "allbut:1,2", "0.137", "4.07",
                                        "ruler*mock-turtles", "moore:3"], "limits": limits()}


def limits() -> dict[str, int]:
    """Every limit the API applies, by name."""
    return {"parts": MAX_PARTS, "heap": MAX_HEAP, "coin": MAX_COIN, "side": MAX_SIDE,
            "options": MAX_OPTIONS,
            "sequence": MAX_SEQUENCE, "table_side": MAX_TABLE_SIDE,
            "table_cells": MAX_TABLE_CELLS,
            "misere_tokens": MAX_MISERE_TOKENS, "moves_listed": MAX_MOVES_LISTED,
            "board_cells": MAX_BOARD_CELLS, "bar_diagrams": MAX_BAR_DIAGRAMS,
            "graph_vertices": MAX_GRAPH_VERTICES, "graph_edges": MAX_GRAPH_EDGES,
            "drawing_edges": MAX_DRAWING_EDGES}


def _traits(game: Game) -> dict[str, Any]:
    """What the page reads of a game: ``dims`` 2 when its values make a table (``/api/table``:
    a two-dimensional game, or a board game's empty boards), else 1; ``map`` names the
    endpoint of its values, ``"table"``, ``"sequence"`` or None (Chomp, Hackenbush: their
    positions are analysed one by one); ``first_index`` is the first row and column of that
    table (:func:`grundy.research.tables.first_index`)."""
    from ..research.tables import first_index, has_table

    table = has_table(game)
    return {"board": board_of(game), "dims": 2 if table else 1,
            "map": "table" if table else "sequence" if is_heap_game(game) else None,
            "own": has_own_positions(game), "example": game.example,
            "first_index": first_index(game),
            "misere": board_of(game) == "heaps"}


@_guarded
def game_info(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """What the page needs to draw a game given by name or notation."""
    game = _game(body, resolve)
    return {"game": str(body["game"]).strip().lower(), "repr": _repr(game),
            "notation": game.notation, **_traits(game)}


def _repr(game: Game) -> str:
    """The game's repr when its class writes one (``Subtraction(frozenset({1, 3, 4}))``),
    else its notation: never Python's ``<... object at 0x...>``."""
    if type(game).__repr__ is object.__repr__:
        return str(game.notation)
    return repr(game)


@_guarded
def analyze(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """``{"game", "position", "misere"?}`` -> value, outcome, winning moves, explanation."""
    misere = _flag(body, "misere")
    game, parts = _request(body, resolve, misere)
    return _report(game, parts, misere)


@_guarded
def move(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """``{"game", "position", "move": {"part", "to"}, "misere"?}`` -> the player's move
    checked and applied, whether it threw a win away, and grundy's reply."""
    misere = _flag(body, "misere")
    game, parts = _request(body, resolve, misere)
    index, option = _find_move(game, parts, _field(body, "move"))
    could_win = _wins(game, parts, misere)
    after = _apply(game, parts, index, option)
    threw = could_win and _wins(game, after, misere)
    answer: dict[str, Any] = {
        "your_move": _move_json(game, index, parts[index], option),
        "position": to_json(game, after),
        "threw_away_win": threw,
        "notice": ("That move threw away a win: the position was won, and now grundy can win."
                   if threw else None),
        "reply": None,
        "final": to_json(game, after),
        "winner": _winner(game, after, misere, "grundy", "you"),
    }
    if answer["winner"] is None:
        reply_move, final = _grundy_plays(game, after, misere, random.Random())
        answer["reply"], answer["final"] = reply_move, to_json(game, final)
        answer["winner"] = _winner(game, final, misere, "you", "grundy")
    return answer


@_guarded
def reply(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """``{"game", "position", "misere"?}`` -> grundy's move from the position (it moves first)."""
    misere = _flag(body, "misere")
    game, parts = _request(body, resolve, misere)
    reply_move, final = _grundy_plays(game, parts, misere, random.Random())
    winner = (_winner(game, final, misere, "you", "grundy") if reply_move is not None
              else _winner(game, parts, misere, "grundy", "you"))
    return {"reply": reply_move, "final": to_json(game, final), "winner": winner}


@_guarded
def sequence(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """``game``, ``n`` -> the Grundy values of heaps 0..n-1, the P-positions and the
    patterns in them (``grundy explore``'s findings)."""
    from ..research.explore import explore
    from ..research.periodicity import sequence as values_of

    from ..research.tables import has_table

    game = _game(body, resolve)
    if not is_heap_game(game):
        if is_grid_game(game):
            raise RequestError(f"game: {body['game']} is two-dimensional: ask /api/table")
        if has_table(game):
            raise RequestError(f"game: {body['game']} has no Grundy sequence (its positions "
                               "are boards): ask /api/table for its empty boards")
        raise RequestError(f"game: {body['game']} has no Grundy sequence (its positions are "
                           "not heaps): analyze its positions instead")
    n = _count(body, "n", 100, MAX_SEQUENCE)
    values = [int(v) for v in values_of(game, n).tolist()]
    return {"game": str(body["game"]), "n": n, "values": values,
            "p_positions": [i for i, v in enumerate(values) if v == 0],
            "patterns": _patterns(explore(game, n=n).findings) if n >= 2 else []}


@_guarded
def table(body: Mapping[str, Any], resolve: Resolve) -> dict[str, Any]:
    """``game``, ``rows``, ``cols`` -> the value table, its P-positions and the patterns
    in it (a grid game's; none for a board game's empty boards)."""
    from ..research.explore import table_findings
    from ..research.tables import has_table, value_table

    game = _game(body, resolve)
    if not has_table(game):
        if is_heap_game(game):
            raise RequestError(f"game: {body['game']} is one-dimensional: ask /api/sequence")
        raise RequestError(f"game: {body['game']} has no value table (its positions are "
                           "neither cells nor empty boards): analyze its positions instead")
    rows = _count(body, "rows", 16, MAX_TABLE_SIDE)
    cols = _count(body, "cols", 16, MAX_TABLE_SIDE)
    boards = not is_grid_game(game)  # a board game: its empty boards, -1 past the cells
    values, first = value_table(game, rows, cols, cells=MAX_TABLE_CELLS)
    grid = [[int(v) for v in row] for row in values.tolist()]
    return {"game": str(body["game"]), "rows": rows, "cols": cols, "first_index": first,
            "values": grid, "cells": MAX_TABLE_CELLS if boards else None,
            "p_positions": [[first + r, first + c] for r in range(rows)
                            for c in range(cols) if grid[r][c] == 0],
            "patterns": [] if boards else _patterns(table_findings(values, first, game))}


def _patterns(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """What ``grundy explore`` finds in the values shown, ``{"kind", "text", "certified"}``
    each (0.02 s for Kayles' 10^4 heaps, 0.1 s for Wythoff's 128 x 128)."""
    return [{"kind": f.kind, "text": f.text, "certified": f.certified} for f in findings]
