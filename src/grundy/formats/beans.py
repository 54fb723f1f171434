"""The splitting game (HNOI 2007, Luogu P3185): per test the least winning move and the count.

Input: ``t``, then per test a line ``n`` and a line of the ``n`` bean counts
``p[0..n-1]`` (blank lines are ignored; each number must be on its line as
shown).  Output per test: the lexicographically least winning move ``i j k``
(``-1 -1 -1`` if the first player loses) and the number of winning moves.

>>> from grundy.formats import Options, solve
>>> print(solve("beans", b"2\\n4\\n1 0 1 5000\\n3\\n0 0 1\\n"), end="")
0 2 3
1
-1 -1 -1
0

How: bottle ``i`` of ``n`` is worth ``sg(n-1-i)`` (:mod:`grundy.rules.beans`);
a move ``(i, j, k)`` wins iff ``sg_j ^ sg_k == value ^ sg_i``, so counting the
winning moves is counting, per bottle ``i`` with beans, the pairs ``j <= k``
after it with a given XOR: two binary searches in the pairs sorted by XOR.  The
judge names no winner, so in JSON ``"judge"`` is null:

>>> print(solve("beans", b"1\\n3\\n1 1 0\\n", Options(as_json=True)), end="")
{"winner": "first", "judge": null, "value": 3, "move": [0, 1, 2], "winning_moves": 1}
"""

from __future__ import annotations

from itertools import chain

import numpy as np

from ..errors import InputError
from ..rules.beans import PairCounter, analyse, bottle_values
from .base import GameFormat, Options, Result
from ._read import decode, integer, last_line, word_lines

__all__ = ["FORMAT", "LIMITS", "MAX_BEANS", "MAX_BOTTLES", "MAX_TESTS", "BeansFormat", "parse"]

#: every test as (p, the line of its n)
Tests = list[tuple[list[int], int]]

MAX_TESTS = 1000
MAX_BOTTLES = 2000
MAX_BEANS = 10**18
LIMITS = ("1 <= t <= 1000 tests, 1 <= n <= 2000 bottles, 0 <= p[i] <= 10^18 "
          "(the contest: t <= 10, n <= 21, p[i] <= 10^4)")


def parse(data: bytes) -> list[tuple[list[int], int]]:
    """Every test as ``(p, line of its n)``; :class:`InputError` naming the line at fault.

    >>> parse(b"1\\n\\n3\\n0 0 7\\n")
    [([0, 0, 7], 3)]
    """
    text = decode(data)
    lines = word_lines(text)
    first = next(lines, None)
    if first is None:
        raise InputError("empty input: expected t, then per test n and the n bean counts")
    last = last_line(text)
    lines = chain([first], lines)

    def take(what: str) -> tuple[int, list[str]]:
        got = next(lines, None)
        if got is None:
            raise InputError(f"unexpected end of input, expected {what}", last)
        return got

    number, words = take("t")
    t = _alone(words, "t", 1, MAX_TESTS, number)
    tests = []
    for test in range(1, t + 1):
        number, words = take(f"n of test {test}")
        n = _alone(words, "n", 1, MAX_BOTTLES, number)
        p_line, words = take(f"the {n} bean counts of test {test}")
        if len(words) != n:
            raise InputError(f"test {test} has n = {n} bottles (line {number}) but this line "
                             f"holds {len(words)} numbers", p_line)
        tests.append(([integer(w, f"p[{i}]", 0, MAX_BEANS, p_line, "10^18")
                       for i, w in enumerate(words)], number))
    extra = next(lines, None)
    if extra is not None:
        number, words = extra
        raise InputError(f"unexpected {' '.join(words)[:40]!r} after the last of the {t} tests "
                         f"(t = {t})", number)
    return tests


def _alone(words: list[str], what: str, lo: int, hi: int, line: int) -> int:
    if len(words) != 1:
        raise InputError(f"expected {what} alone on its line, found {len(words)} numbers", line)
    return integer(words[0], what, lo, hi, line)


class BeansFormat(GameFormat[Tests]):
    """The splitting game: per test the least winning move and the number of winning moves."""

    name = "beans"
    limits = LIMITS

    def parse(self, data: bytes) -> Tests:
        return parse(data)

    def solve(self, parsed: Tests) -> list[Result]:
        pairs = PairCounter(max(len(p) for p, _ in parsed))
        results = []
        for p, _ in parsed:
            found = analyse(p, pairs)
            results.append(Result(found.value, list(found.move) if found.move else None,
                                  found.winning_moves, None))
        return results

    def lines(self, parsed: Tests, results: list[Result], options: Options) -> list[str]:
        out: list[str] = []
        for (p, line), result in zip(parsed, results):
            out.append(" ".join(map(str, result.move)) if result.move else "-1 -1 -1")
            out.append(str(result.winning_moves))
            if options.explain:
                out.extend(_explain(p, line, bottle_values(len(p)), result))
        return out


def _explain(p: list[int], line: int, sg: np.ndarray, result: Result) -> list[str]:
    odd = [i for i, x in enumerate(p) if x & 1]
    values = " ".join(map(str, sg[:12].tolist())) + (" ..." if len(p) > 12 else "")
    shown = ", ".join(f"{i} ({int(sg[i])})" for i in odd[:8]) + (", ..." if len(odd) > 8 else "")
    lines = [f"  test of line {line}: {len(p)} bottles; a bean in bottle i is worth sg(i), "
             f"the value of position n-1-i: {values}",
             f"  bottles with an odd count: {shown or 'none'}; the XOR of their worth is the "
             f"value {result.value}"]
    if result.move is None:
        lines.append("  value 0: every move leaves a non-zero value, the first player loses")
    else:
        i, j, k = result.move
        lines.append(f"  move a bean from {i} into {j} and {k}: the value changes by "
                     f"sg({i})^sg({j})^sg({k}) = {result.value}, leaving 0 "
                     f"({result.winning_moves} winning move{'s' if result.winning_moves != 1 else ''})")
    return lines


FORMAT = BeansFormat()
