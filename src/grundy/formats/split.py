"""Split Game (2020 ICPC Jiangxi J): who wins on an N x M paper when cutting out 1x1 loses.

Input: lines ``N M`` until the end of input (blank lines are ignored).  Output
per line: ``Alice`` (the first player wins) or ``Bob``.

>>> print(solve(b"1 2\\n1 6\\n4 3\\n3 5\\n"), end="")
Bob
Alice
Alice
Bob

``--move`` adds, after each ``Alice``, the first winning cut in the order
horizontal lines (top to bottom) then vertical ones, as ``cut NxM into AxB +
CxD``; ``--explain`` adds the value and the number of winning cuts (counted by
grid line); ``--json`` prints one object per line instead.

>>> print(solve(b"4 3\\n", Options(move=True)), end="")
Alice
cut 4x3 into 1x3 + 3x3

The values come from :func:`grundy.rules.cutting.split_grid` (a shipped table up
to 150 x 150, a vectorised kernel beyond), and :mod:`grundy.formats.cutting`
uses the same reader and writer for the Cutting Game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.cutting import Cut, Split, _CuttingGame, describe_cut, winning_cuts
from . import Options
from ._read import decode, integer, plain_numbers, word_lines

__all__ = ["LIMITS", "MAX_SIDE", "Words", "parse", "solve", "solve_papers"]

MAX_SIDE = 2000
LIMITS = (f"1 <= N, M <= {MAX_SIDE}, N*M > 1, any number of lines (the contest has "
          "N, M <= 150); --move prints 'cut NxM into AxB + CxD' after each Alice")


@dataclass(frozen=True)
class Words:
    """How one cutting problem names things in its input and output."""

    sides: tuple[str, str]  # the names of the two numbers of a line, as in the statement
    low: int  # the least side accepted
    win: str  # the answer when the first player wins
    lose: str
    first: str  # the winner, in JSON
    second: str
    first_name: str  # the winner, in --explain
    second_name: str
    stuck: str  # why a position without legal cuts is lost


SPLIT = Words(("N", "M"), 1, "Alice", "Bob", "Alice", "Bob", "Alice", "Bob",
              "every cut cuts out a 1x1 piece")


def parse(data: bytes, words: Words = SPLIT) -> tuple[np.ndarray, np.ndarray]:
    """The sizes of every line, as two int64 arrays; :class:`InputError` at the first fault.

    >>> [a.tolist() for a in parse(b"1 2\\n\\n 3 4 \\n")]
    [[1, 3], [2, 4]]
    """
    fast = _parse_plain(data, words)
    if fast is not None:
        return fast
    first: list[int] = []
    second: list[int] = []
    a_name, b_name = words.sides
    for number, parts in word_lines(decode(data)):
        if len(parts) != 2:
            raise InputError(f"expected two integers '{a_name} {b_name}', found "
                             f"{len(parts)} item{'s' if len(parts) != 1 else ''}", number)
        a = integer(parts[0], a_name, words.low, MAX_SIDE, number)
        b = integer(parts[1], b_name, words.low, MAX_SIDE, number)
        if a * b == 1:
            raise InputError(f"a 1x1 paper cannot be cut ({a_name}*{b_name} must be > 1)", number)
        first.append(a)
        second.append(b)
    if not first:
        raise InputError(f"empty input: expected lines '{a_name} {b_name}'", 1)
    return np.array(first, dtype=np.int64), np.array(second, dtype=np.int64)


def _parse_plain(data: bytes, words: Words) -> tuple[np.ndarray, np.ndarray] | None:
    """The sizes of a valid input of digits and blanks, vectorised; ``None`` to look closer."""
    plain = plain_numbers(data, max_digits=7)  # 8 digits or more is out of range anyway
    if plain is None:
        return None
    values, line = plain
    per_line = np.bincount(line)
    if ((per_line != 0) & (per_line != 2)).any():
        return None
    sizes = values.astype(np.int64).reshape(-1, 2)
    a, b = sizes[:, 0], sizes[:, 1]
    if (sizes < words.low).any() or (sizes > MAX_SIDE).any() or ((a == 1) & (b == 1)).any():
        return None
    return a.copy(), b.copy()


def solve_papers(data: bytes, options: Options, game: _CuttingGame, words: Words) -> str:
    """The whole output for a file of papers, in the words of one cutting problem."""
    ns, ms = parse(data, words)
    grid = game.grid(int(max(ns.max(), ms.max())))
    values = grid[ns, ms]
    if not (options.move or options.explain or options.as_json):
        answers = np.where(values > 0, words.win, words.lose)
        return "\n".join(answers.tolist()) + "\n"
    out: list[str] = []
    for n, m, value in zip(ns.tolist(), ms.tolist(), values.tolist()):
        cuts = winning_cuts(game, n, m) if value else []
        if options.as_json:
            import json

            out.append(json.dumps({
                "n": n, "m": m, "winner": words.first if value else words.second,
                "value": value, "move": [list(p) for p in cuts[0]] if cuts else None,
                "winning_moves": len(cuts)}))
            continue
        out.append(words.win if value else words.lose)
        if options.move and cuts:
            out.append(describe_cut(n, m, cuts[0]))
        if options.explain:
            out.append("  " + _explain(game, n, m, value, cuts, words))
    return "\n".join(out) + "\n"


def _explain(game: _CuttingGame, n: int, m: int, value: int, cuts: list[Cut], words: Words) -> str:
    if value:
        count = f"{len(cuts)} winning cut{'s' if len(cuts) != 1 else ''}"
        return (f"{n}x{m} has value {value}: {words.first_name} wins by the {describe_cut(n, m, cuts[0])}"
                f", which leaves value 0 ({count})")
    why = "every cut leaves a non-zero value" if game.cuts(n, m) else words.stuck
    return f"{n}x{m} has value 0: {why}, so {words.second_name} wins"


def solve(data: bytes, options: Options = Options()) -> str:
    """The judge's output for a Split Game input (see the module docstring)."""
    return solve_papers(data, options, Split(), SPLIT)
