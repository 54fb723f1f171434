"""What every contest format is: a :class:`Format` (parse, solve, render), the options
beyond the judge's answer, and the one result type of the game problems with its JSON.

A format turns the bytes of a judge's input into the bytes of its output:
``render(parsed, solve(parsed), options)`` with ``parsed = parse(data)``; :meth:`Format.run`
does the three (a format may answer a plain run by a faster path, with the same
bytes).  Nothing is returned before the whole input was read and checked, so a bad
line never leaves a partial answer.

The game problems (all but the nim product) answer every test with a :class:`Result`,
whose JSON is the same for all of them:

>>> print(json_lines([Result(value=3, move=[0, 1, 2], winning_moves=1, judge=None)]).decode())
{"winner": "first", "judge": null, "value": 3, "move": [0, 1, 2], "winning_moves": 1}
<BLANKLINE>
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from ..errors import GrundyError

__all__ = ["Format", "GameFormat", "Options", "Result", "json_lines"]

P = TypeVar("P")  # what a format's parse returns
R = TypeVar("R")  # what its solve returns


@dataclass(frozen=True)
class Options:
    """What to print beyond the judge's answer."""

    explain: bool = False  # values and the winning move in words, indented under each answer
    as_json: bool = False  # one JSON object per test instead
    move: bool = False  # a winning move after each win (formats with accepts_move only)

    @property
    def plain(self) -> bool:
        """Only the judge's answer."""
        return not (self.explain or self.as_json or self.move)


@dataclass(frozen=True)
class Result:
    """One test of a game problem: who wins, the value, a winning move, how many there are.

    ``winner`` is ``"first"`` (the player to move first wins: the value is not 0) or
    ``"second"``; ``judge`` is the word the judge prints for that winner (``"Ann"``,
    ``"FIRST"``, ``"Alice"``, ``"WIN"``...), or None where the judge prints only the move.
    ``move`` is the first winning move in the judge's order, as JSON shows it (lists of
    ints, or an object for the coins' head and corner), None when the first player loses.

    >>> Result(value=0, move=None, winning_moves=0, judge="Betty").as_dict()
    {'winner': 'second', 'judge': 'Betty', 'value': 0, 'move': None, 'winning_moves': 0}
    """

    value: int
    move: Any
    winning_moves: int
    judge: str | None

    @property
    def winner(self) -> str:
        """``"first"`` if the player to move wins (the value is not 0), else ``"second"``."""
        return "first" if self.value else "second"

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of the test (the keys in this order)."""
        return {"winner": self.winner, "judge": self.judge, "value": self.value,
                "move": self.move, "winning_moves": self.winning_moves}


def json_lines(results: Iterable[Result]) -> bytes:
    """One JSON object per result, one per line: the ``--json`` output of every game problem."""
    import json

    return "".join(json.dumps(result.as_dict()) + "\n" for result in results).encode("ascii")


class Format(ABC, Generic[P, R]):
    """One contest problem's input and output (subclasses set the class attributes).

    Registered in :mod:`grundy.formats.registry` (``FORMAT`` in the module
    ``grundy.formats.<name>``).
    """

    #: the problem's name for ``grundy solve NAME``
    name: str
    #: the sizes accepted, in one line (``grundy solve --help`` shows it)
    limits: str
    #: whether ``--move`` adds something to the judge's answer
    accepts_move: bool = False

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names ``grundy solve`` takes for this problem."""
        return ()

    @abstractmethod
    def parse(self, data: bytes) -> P:
        """The tests of an input; :class:`~grundy.errors.InputError` naming the line at fault."""

    @abstractmethod
    def solve(self, parsed: P) -> R:
        """The answers of every test."""

    @abstractmethod
    def render(self, parsed: P, results: R, options: Options) -> list[bytes]:
        """The whole output, as pieces of bytes to be written one after the other."""

    #: asked, when ``--move`` is refused, which problems take it: set by the registry on
    #: the formats it hands out (:meth:`registered`), so that the base class never asks it
    _move_takers: Callable[[], Sequence[str]] | None = None

    def registered(self, move_takers: Callable[[], Sequence[str]]) -> Self:
        """This format as a registry hands it out: a copy whose refusal of ``--move``
        names the problems that take it, as ``move_takers()`` gives them."""
        clone = copy.copy(self)
        clone._move_takers = move_takers
        return clone

    def check(self, options: Options) -> None:
        """:class:`~grundy.errors.GrundyError` for an option this problem does not take."""
        if options.move and not self.accepts_move:
            takers = list(self._move_takers()) if self._move_takers is not None else []
            names = (", ".join(takers[:-1]) + " and " + takers[-1] if len(takers) > 1
                     else "".join(takers))
            only = f" (only {names} do{'es' if len(takers) == 1 else ''})" if takers else ""
            raise GrundyError(f"{self.name} does not take --move{only}")

    def run(self, data: bytes, options: Options = Options()) -> list[bytes]:
        """``render(parsed, solve(parsed), options)`` for ``parsed = parse(data)``."""
        self.check(options)
        parsed = self.parse(data)
        return self.render(parsed, self.solve(parsed), options)

    def __repr__(self) -> str:
        return f"<contest format {self.name!r}>"


class GameFormat(Format[P, list[Result]]):
    """A game problem: a :class:`Result` per test, one JSON renderer; the text is the
    format's own (:meth:`lines`).  Its name and aliases are those of its game in
    :mod:`grundy.catalog`."""

    @property
    def aliases(self) -> tuple[str, ...]:
        from ..catalog import lookup

        return lookup(self.name).aliases

    def render(self, parsed: P, results: list[Result], options: Options) -> list[bytes]:
        if options.as_json:
            return [json_lines(results)]
        return ["\n".join(self.lines(parsed, results, options)).encode("utf-8") + b"\n"]

    @abstractmethod
    def lines(self, parsed: P, results: list[Result], options: Options) -> list[str]:
        """The judge's lines, with ``--move`` and ``--explain`` lines where asked."""
