"""The one generic Sprague-Grundy engine.

A ruleset is a :class:`Game` subclass that lists the options of a position.
Everything else -- Grundy values, outcomes, winning moves, values of sums --
is computed here, iteratively (no Python recursion) and memoised per game.

>>> class Subtraction134(Game):
...     def options(self, n):
...         return [n - k for k in (1, 3, 4) if k <= n]
>>> g = Subtraction134()
>>> [value(g, n) for n in range(10)]
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
>>> outcome(g, 7), winning_moves(g, 8)
('P', [7])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

__all__ = [
    "Game",
    "LoopyGameError",
    "Sum",
    "grid_values",
    "heap_values",
    "mex",
    "outcome",
    "part_winning_moves",
    "value",
    "winning_moves",
]

Position = Hashable


class LoopyGameError(ValueError):
    """The move graph of a ruleset has a cycle, so Grundy values are undefined.

    ``position`` is a position on the cycle.  :func:`grundy.loopy_value` gives such
    games their generalized values (:mod:`grundy.loopy`).
    """

    def __init__(self, position: Any) -> None:
        super().__init__(f"the game is loopy: position {position!r} can be reached from itself "
                         "(grundy.loopy_value gives such games their values, draws included)")
        self.position = position


class Sum:
    """A disjunctive sum of positions of one game: the player moves in exactly one part.

    Its value is the XOR (nim sum) of the parts' values.  Nested sums are
    flattened, parts keep the order given, and two sums are equal when they
    hold the same parts in any order.

    >>> Sum(3, Sum(1, 2))
    Sum(3, 1, 2)
    >>> Sum(1, 2) == Sum(2, 1)
    True
    """

    __slots__ = ("parts",)
    parts: tuple[Position, ...]

    def __init__(self, *parts: Position) -> None:
        flat: list[Position] = []
        for part in parts:
            if isinstance(part, Sum):
                flat.extend(part.parts)
            else:
                flat.append(part)
        object.__setattr__(self, "parts", tuple(flat))

    def __setattr__(self, name: str, val: object) -> None:
        raise AttributeError("Sum is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and Counter(self.parts) == Counter(other.parts)

    def __hash__(self) -> int:
        return hash(("grundy.Sum", frozenset(Counter(self.parts).items())))

    def __iter__(self) -> Iterator[Position]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.parts))})"


class Game:
    """Base class of an impartial ruleset under normal play (no move: you lose).

    Subclasses implement :meth:`options`.  Positions must be hashable.  An option
    may be a :class:`Sum` of positions (a heap split into two heaps).

    The memo of computed values lives on the instance.  Set the class or
    instance attribute ``cache_limit`` to bound it (when it is exceeded the
    oldest half of the entries is dropped), or call :meth:`clear_cache`.  A memo
    of 10^6 integer positions costs about 75 MB (dict slots and boxed keys,
    measured with tracemalloc), of 10^6 pair positions ``(r, c)`` about 160 MB;
    tables of that size belong in the vectorised kernels instead.
    """

    cache_limit: int | None = None

    def options(self, position: Any) -> Iterable[Any]:  # pragma: no cover - abstract
        """The positions reachable from ``position`` in one move."""
        raise NotImplementedError(f"{type(self).__name__} must define options(position)")

    # -- memo -----------------------------------------------------------------
    @property
    def cache(self) -> dict[Any, int]:
        """The memo of Grundy values computed so far (position -> value)."""
        memo = self.__dict__.get("_grundy_cache")
        if memo is None:
            memo = self.__dict__["_grundy_cache"] = {}
        return memo

    def clear_cache(self) -> None:
        """Forget every memoised value."""
        self.cache.clear()

    # -- conveniences ---------------------------------------------------------
    def value(self, position: Any) -> int:
        """Shorthand for :func:`grundy.value` (``value(self, position)``)."""
        return value(self, position)

    def outcome(self, position: Any) -> str:
        """Shorthand for :func:`grundy.outcome`."""
        return outcome(self, position)

    def winning_moves(self, position: Any) -> list[Any]:
        """Shorthand for :func:`grundy.winning_moves`."""
        return winning_moves(self, position)


def mex(values: Iterable[int]) -> int:
    """Minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([0, 1, 3]), mex([]), mex([2])
    (2, 0, 0)
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


class _Frame:
    """One position whose options are being evaluated, kept on an explicit stack."""

    __slots__ = ("position", "options", "seen", "parts", "index", "acc")

    def __init__(self, position: Any, options: Iterator[Any]) -> None:
        self.position = position
        self.options = options
        self.seen: set[int] = set()
        self.parts: tuple[Any, ...] = ()  # parts of the option being summed
        self.index = 0
        self.acc = 0


def _trim(game: Game, memo: dict[Any, int]) -> None:
    limit = game.cache_limit
    if limit is not None and len(memo) > limit:
        drop = len(memo) - max(limit // 2, 1)
        for key in list(memo)[:drop]:
            del memo[key]


def value(game: Game, position: Any) -> int:
    """The Grundy value of ``position`` (a position of ``game`` or a :class:`Sum`).

    Iterative depth-first search with a memo on ``game``; raises
    :class:`LoopyGameError` if a position can be reached from itself.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> value(Nim(), Sum(3, 5, 6))
    0
    """
    memo = game.cache
    if isinstance(position, Sum):
        acc = 0
        for part in position.parts:
            acc ^= value(game, part)
        return acc
    if position in memo:
        return memo[position]
    result = 0
    on_stack: set[Any] = {position}
    stack = [_Frame(position, iter(game.options(position)))]
    while stack:
        frame = stack[-1]
        pushed = False
        while True:
            # Finish the option being summed, part by part.
            while frame.index < len(frame.parts):
                part = frame.parts[frame.index]
                v = memo.get(part)
                if v is None:
                    if part in on_stack:
                        raise LoopyGameError(part)
                    on_stack.add(part)
                    stack.append(_Frame(part, iter(game.options(part))))
                    pushed = True
                    break
                frame.acc ^= v
                frame.index += 1
            if pushed:
                break
            if frame.parts:
                frame.seen.add(frame.acc)
                frame.parts = ()
            option = next(frame.options, _DONE)
            if option is _DONE:
                break
            frame.parts = option.parts if isinstance(option, Sum) else (option,)
            frame.index = 0
            frame.acc = 0
            if not frame.parts:  # the empty sum: a move to a terminal position
                frame.seen.add(0)
        if pushed:
            continue
        stack.pop()
        on_stack.discard(frame.position)
        result = memo[frame.position] = mex(frame.seen)
        _trim(game, memo)
    return result  # the last frame popped is the root


_DONE = object()


def outcome(game: Game, position: Any) -> str:
    """``"P"`` if the player to move loses with best play, else ``"N"``.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> outcome(Nim(), 0), outcome(Nim(), 4)
    ('P', 'N')
    """
    return "P" if value(game, position) == 0 else "N"


def winning_moves(game: Game, position: Any) -> list[Any]:
    """The options of ``position`` of value 0, in the order ``options()`` gives them.

    Empty exactly when ``position`` is a P-position.  For a :class:`Sum`, the
    winning moves are sums in which one part was replaced by one of its options.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> winning_moves(Nim(), Sum(1, 2))
    [Sum(1, 1)]
    """
    if isinstance(position, Sum):
        parts = position.parts
        return [Sum(*parts[:i], option, *parts[i + 1 :])
                for i, option in part_winning_moves(game, parts)]
    return [option for option in game.options(position) if value(game, option) == 0]


def part_winning_moves(game: Game, parts: Iterable[Any]) -> list[tuple[int, Any]]:
    """Winning moves in a sum given as its parts: pairs (index of the part moved, its option).

    A move replaces one part by one of its options; it wins when the new XOR is 0,
    that is when the option's value is the total XOR of the other parts.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> part_winning_moves(Nim(), [3, 5, 7])
    [(0, 2), (1, 4), (2, 6)]
    """
    parts = list(parts)
    values = [value(game, part) for part in parts]
    total = 0
    for v in values:
        total ^= v
    if total == 0:
        return []
    moves: list[tuple[int, Any]] = []
    for i, part in enumerate(parts):
        target = total ^ values[i]
        for option in game.options(part):
            if value(game, option) == target:
                moves.append((i, option))
    return moves


def heap_values(game: Game, n: int) -> list[int]:
    """Values of positions 0..n-1 of a game whose positions are heap sizes.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> heap_values(Nim(), 4)
    [0, 1, 2, 3]
    """
    return [value(game, k) for k in range(n)]


def grid_values(game: Game, rows: int, cols: int, first: int = 0) -> list[list[int]]:
    """Values of positions ``(first + r, first + c)``, ``r < rows``, ``c < cols``.

    >>> class TwoHeapNim(Game):
    ...     def options(self, p):
    ...         x, y = p
    ...         return [(i, y) for i in range(x)] + [(x, j) for j in range(y)]
    >>> grid_values(TwoHeapNim(), 2, 3)
    [[0, 1, 2], [1, 0, 3]]
    """
    return [[value(game, (first + r, first + c)) for c in range(cols)] for r in range(rows)]
