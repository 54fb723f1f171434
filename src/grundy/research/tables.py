"""Value tables of two-dimensional games, and their text layout.

>>> from grundy.rules.base import GridGame
>>> from grundy import Sum
>>> class Chomp1(GridGame):  # toy: reduce either coordinate, never below 1
...     def options(self, p):
...         r, c = p
...         return [(a, c) for a in range(1, r)] + [(r, b) for b in range(1, c)]
>>> values, first = value_table(Chomp1(), 3, 3)
>>> print(format_table(values, first), end="")
  1 2 3
 1 0 1 2
 2 1 0 3
 3 2 3 0
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine import Game, value
from ..errors import GrundyError
from ..rules.base import is_grid_game, is_heap_game
from ..rules.boards import BoardGame, searched

if TYPE_CHECKING:  # the board search loads where a table is built
    from .boards import Each

__all__ = ["BOARD_CELLS", "SEQUENCE_FORMATS", "analyze_command", "first_index", "format_table",
           "has_table", "sequence_text", "value_table"]

#: board games: the largest board (in cells) a table searches unless told (a table of
#: every board up to 30 cells takes seconds; a 40-cell board alone can take a minute)
BOARD_CELLS = 30


def has_table(game: Game) -> bool:
    """Whether ``game`` has a value table: a two-dimensional game, or a board game (the
    values of its empty ``r x c`` boards)."""
    return is_grid_game(game) or _has_boards(game)


def _has_boards(game: Game) -> bool:
    """Whether ``game`` is a board game with a table of its empty boards."""
    return isinstance(game, BoardGame) and game.empty_board(1, 1) is not None


def first_index(game: Game) -> int:
    """The first row and column of ``game``'s value table: a board game's empty boards
    start at 1 x 1, a two-dimensional game says its own.

    >>> from grundy.catalog import find
    >>> first_index(find("cram")), first_index(find("wythoff"))
    (1, 0)
    """
    if _has_boards(game):
        return 1
    return int(game.first_index)


def value_table(game: Game, rows: int, cols: int, name: str | None = None,
                save: str | None = None, cells: int = BOARD_CELLS, memory: int | None = None,
                each: Each | None = None, second_order: bool = False,
                ) -> tuple[np.ndarray, int]:
    """The ``rows x cols`` value table of a two-dimensional game, and its first index.

    For a board game (Cram, Node Kayles) the table holds the values of the empty ``r x c``
    boards from 1 x 1 (the game's ``empty_board``), -1 for those of more than ``cells``
    cells: by the compiled search for a game it plays (the game's ``search``), where
    ``save`` is a file that keeps the search's values, so a stopped table resumes
    (:mod:`grundy.research.boards`), whose table grows to ``memory`` bytes (32 MB unless
    told) and which tells ``each`` of every board as it is found (its rows, columns, value,
    CPU seconds and whether it was in the file: :func:`~grundy.research.boards.board_values`)
    and which tries Cram's moves in a second order when ``second_order`` (to check a table);
    else by the engine.
    ``name`` is the game as the user wrote it, for the error message.
    """
    if searched(game):
        from .boards import MAX_CELLS, MEMORY, board_values

        if not 1 <= cells <= MAX_CELLS:
            raise GrundyError(f"a board table searches boards of 1 to {MAX_CELLS} cells, "
                              f"got {cells}")
        values = board_values(rows, cols, game, save, cells=cells, each=each,
                              memory=MEMORY if memory is None else memory,
                              second_order=second_order)
        return values, first_index(game)
    for given, option in ((save, "keep a search in a file (--save)"),
                          (memory, "size a search's table (--memory)"),
                          (each, "tell each value as it is found (--each)"),
                          (second_order or None, "try the moves in a second order "
                                                 "(--second-order)")):
        if given is not None:
            raise GrundyError(f"{name or type(game).__name__}: only the board games of the "
                              f"compiled search {option}")
    if isinstance(game, BoardGame) and _has_boards(game):
        return _empty_boards(game, rows, cols, cells), first_index(game)
    if not is_grid_game(game):
        raise GrundyError(_no_table(game, str(name or game.label)))
    return np.asarray(game.table(rows, cols)), first_index(game)


def _empty_boards(game: BoardGame, rows: int, cols: int, cells: int) -> np.ndarray:
    """The values of ``game``'s empty boards by the engine, ``-1`` past ``cells`` cells.

    >>> from grundy.catalog import find
    >>> _empty_boards(find("cram"), 2, 3, 4).tolist()
    [[0, 1, 1], [1, 0, -1]]
    """
    out = np.full((rows, cols), -1, dtype=np.int64)
    boards = {(r, c): game.empty_board(r, c) for r in range(1, rows + 1)
              for c in range(1, cols + 1) if r * c <= cells}  # each checked before any search
    for (r, c), board in boards.items():
        out[r - 1, c - 1] = value(game, board)
    return out


def _no_table(game: Game, name: str) -> str:
    """Why ``game`` has no table, and the command that answers it instead.

    >>> from grundy.catalog import find
    >>> _no_table(find("kayles"), "kayles")
    "kayles is a heap game: it has a sequence, not a table ('grundy sequence kayles')"
    """
    if is_heap_game(game):
        return f"{name} is a heap game: it has a sequence, not a table ('grundy sequence {name}')"
    return (f"{name} has no value table (its positions are neither cells nor empty boards): "
            f"'{analyze_command(game, name)}' values a position")


def analyze_command(game: Game, name: str) -> str:
    """The command that values a position of ``game`` (its ``example``, else a placeholder).

    >>> from grundy.catalog import find
    >>> analyze_command(find("chomp"), "chomp")
    'grundy analyze chomp 3x7'
    """
    example = game.example
    words = [shlex.quote(w) if set(w) & _SHELL else w for w in example or ()]
    return f"grundy analyze {name} {' '.join(words) if words else 'POSITION'}"


#: characters a shell reads as its own (an edge ``0>1`` would redirect): such a word of an
#: example is quoted
_SHELL = set("<>|&;()$`*?[]#~!{}")


#: the text forms of a sequence (``grundy sequence --format``)
SEQUENCE_FORMATS = ("text", "json", "bfile", "csv")


def sequence_text(values: np.ndarray, form: str = "text", first: int = 0,
                  chunk: int = 1 << 16) -> Iterator[str]:
    """The values of a sequence as text, in pieces to write one after the other (no list of
    10^7 Python strings): ``text`` (separated by spaces), ``json`` (a list), ``bfile``
    (the OEIS b-file: ``n a(n)`` a line, ``n`` from ``first``, the game's first index) or
    ``csv`` (a header ``n,value``, then ``n,a(n)`` a line).

    >>> v = np.array([0, 1, 2, 0])
    >>> "".join(sequence_text(v, "bfile")), "".join(sequence_text(v[:2], "csv", first=1))
    ('0 0\\n1 1\\n2 2\\n3 0\\n', 'n,value\\n1,0\\n2,1\\n')
    >>> "".join(sequence_text(v, "json")), "".join(sequence_text(v[:0], "text"))
    ('[0, 1, 2, 0]\\n', '\\n')
    """
    if form not in SEQUENCE_FORMATS:
        raise GrundyError(f"unknown format {form!r} of a sequence (choose from "
                          f"{', '.join(SEQUENCE_FORMATS)})")
    if form in ("bfile", "csv"):
        sep = " " if form == "bfile" else ","
        if form == "csv":
            yield "n,value\n"
        for start in range(0, len(values), chunk):
            part = values[start:start + chunk].tolist()
            yield "".join(f"{first + start + i}{sep}{v}\n" for i, v in enumerate(part))
        return
    sep = ", " if form == "json" else " "
    yield "[" if form == "json" else ""
    for start in range(0, len(values), chunk):
        yield (sep if start else "") + sep.join(map(str, values[start:start + chunk].tolist()))
    yield "]\n" if form == "json" else "\n"


def format_table(values: np.ndarray, first: int = 0) -> str:
    """Right-aligned text with row and column labels (``first``, ``first+1``, ...)."""
    rows, cols = values.shape  # a negative value is not computed: shown as "-"
    width = max(len(str(int(values.max()))) if values.size else 1, len(str(first + cols - 1)))
    label = len(str(first + rows - 1))
    head = " " * (label + 1) + " ".join(f"{first + c:>{width}}" for c in range(cols))
    lines = [head]
    for r in range(rows):
        cells = " ".join(f"{int(v) if v >= 0 else '-':>{width}}" for v in values[r])
        lines.append(f"{first + r:>{label + 1}} {cells}" if label else cells)
    return "\n".join(lines) + "\n"
