"""Split Game (2020 ICPC Jiangxi J): who wins on an N x M paper when cutting out 1x1 loses.

Input: lines ``N M`` until the end of input (blank lines are ignored).  Output
per line: ``Alice`` (the first player wins) or ``Bob``.

>>> from grundy.formats import solve
>>> print(solve("split", b"1 2\\n1 6\\n4 3\\n3 5\\n"), end="")
Bob
Alice
Alice
Bob

``--move`` adds, after each ``Alice``, the first winning cut in the order
horizontal lines (top to bottom) then vertical ones, as ``cut NxM into AxB +
CxD``; ``--explain`` adds the value and the number of winning cuts (counted by
grid line); ``--json`` prints one object per line instead.

>>> print(solve("split", b"4 3\\n", Options(move=True)), end="")
Alice
cut 4x3 into 1x3 + 3x3

The values come from :func:`grundy.rules.cutting.split_grid` (a shipped table up
to 150 x 150, a vectorised kernel beyond); :class:`PaperFormat` reads and writes
both this problem and the Cutting Game (:mod:`grundy.formats.cutting`), in the
words of each (:class:`Words`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.cutting import Cut, _CuttingGame, describe_cut, winning_cuts
from .base import GameFormat, Options, Result
from ._read import decode, integer, plain_numbers, word_lines

__all__ = ["FORMAT", "LIMITS", "MAX_SIDE", "PaperFormat", "Papers", "Words", "parse"]

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
    first_name: str  # the winner, in --explain
    second_name: str
    stuck: str  # why a position without legal cuts is lost


SPLIT = Words(("N", "M"), 1, "Alice", "Bob", "Alice", "Bob", "every cut cuts out a 1x1 piece")

#: the sizes of every line of an input: two int64 arrays
Papers = tuple[np.ndarray, np.ndarray]


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


class PaperFormat(GameFormat[Papers]):
    """A cutting problem: lines of two sizes in, one word per line out (``--move``: the cut)."""

    accepts_move = True

    def __init__(self, name: str, limits: str, words: Words) -> None:
        self.name, self.limits, self.words = name, limits, words

    @property
    def game(self) -> _CuttingGame:
        """The problem's game, from the catalog (its name is the problem's)."""
        from ..catalog import find

        game = find(self.name)
        assert isinstance(game, _CuttingGame)
        return game

    def parse(self, data: bytes) -> Papers:
        return parse(data, self.words)

    def run(self, data: bytes, options: Options = Options()) -> list[bytes]:
        if not options.plain:
            return super().run(data, options)
        ns, ms = self.parse(data)  # the judge's answer alone: vectorised, no result per line
        answers = np.where(self._values(ns, ms) > 0, self.words.win, self.words.lose)
        return ["\n".join(answers.tolist()).encode("ascii") + b"\n"]

    def _values(self, ns: np.ndarray, ms: np.ndarray) -> np.ndarray:
        values: np.ndarray = self.game.grid(int(max(ns.max(), ms.max())))[ns, ms]
        return values

    def solve(self, parsed: Papers) -> list[Result]:
        ns, ms = parsed
        results = []
        for n, m, value in zip(ns.tolist(), ms.tolist(), self._values(ns, ms).tolist()):
            cuts = winning_cuts(self.game, n, m) if value else []
            results.append(Result(value, [list(p) for p in cuts[0]] if cuts else None, len(cuts),
                                  self.words.win if value else self.words.lose))
        return results

    def lines(self, parsed: Papers, results: list[Result], options: Options) -> list[str]:
        out: list[str] = []
        for n, m, result in zip(parsed[0].tolist(), parsed[1].tolist(), results):
            out.append(result.judge or "")
            cut = _cut(result)
            if options.move and cut is not None:
                out.append(describe_cut(n, m, cut))
            if options.explain:
                out.append("  " + _explain(self.game, n, m, result, self.words))
        return out


def _cut(result: Result) -> Cut | None:
    if result.move is None:
        return None
    (a, b), (c, d) = result.move
    return (a, b), (c, d)


def _explain(game: _CuttingGame, n: int, m: int, result: Result, words: Words) -> str:
    cut = _cut(result)
    if cut is not None:
        count = f"{result.winning_moves} winning cut{'s' if result.winning_moves != 1 else ''}"
        return (f"{n}x{m} has value {result.value}: {words.first_name} wins by the "
                f"{describe_cut(n, m, cut)}, which leaves value 0 ({count})")
    why = "every cut leaves a non-zero value" if game.cuts(n, m) else words.stuck
    return f"{n}x{m} has value 0: {why}, so {words.second_name} wins"


FORMAT = PaperFormat("split", LIMITS, SPLIT)
