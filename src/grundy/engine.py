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
from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from .errors import GrundyError
from .native.compiled import extension

__all__ = [
    "EndlessGameError",
    "Game",
    "LoopyGameError",
    "RulesetError",
    "Sum",
    "grid_values",
    "heap_values",
    "mex",
    "options_of",
    "outcome",
    "part_winning_moves",
    "value",
    "winning_moves",
]

Position = Hashable


class LoopyGameError(GrundyError):
    """The move graph of a ruleset has a cycle, so Grundy values are undefined.

    ``position`` is a position on the cycle.  A :class:`grundy.errors.GrundyError`
    (so a ``ValueError``): the CLI reports it as one error line.  :func:`grundy.loopy_value` gives such
    games their generalized values (:mod:`grundy.play.loopy`).
    """

    def __init__(self, position: Any) -> None:
        super().__init__(f"the game is loopy: position {position!r} can be reached from itself "
                         "(grundy.loopy_value gives such games their values, draws included)")
        self.position = position


class EndlessGameError(LoopyGameError):
    """Play may never end: a heap game has an option that is not a smaller heap (the heaps
    could grow, or fall below 0, for ever), or a search went more than the game's
    :attr:`Game.depth_limit` positions deep.

    A :class:`LoopyGameError` (a game that loops never ends either): ``position`` is the
    position whose option it is, ``option`` the option (None for a search too deep).

    >>> class Up(Game):
    ...     depth_limit = 100
    ...     def options(self, n):
    ...         return [n + 1]
    >>> value(Up(), 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.engine.EndlessGameError: Up: the search from position 0 went 101 positions deep (reaching position 100), past its limit of 100: the options may never end ...
    """

    def __init__(self, message: str, position: Any = None, option: Any = None) -> None:
        GrundyError.__init__(self, message)
        self.position = position
        self.option = option


class RulesetError(GrundyError):
    """A ruleset's ``options()`` raised an exception (or gave an unhashable option).

    The message names the class, the position and the exception, with the line of
    the ruleset's file where it was raised; ``position`` and ``error`` keep them.

    >>> class Broken(Game):
    ...     def options(self, n):
    ...         return [n // (n - 2)]
    >>> value(Broken(), 2)
    Traceback (most recent call last):
    ...
    grundy.engine.RulesetError: Broken.options(2) raised ZeroDivisionError: integer division or modulo by zero (<doctest grundy.engine.RulesetError[0]>, line 3)
    """

    def __init__(self, game: Any, position: Any, error: BaseException) -> None:
        self.position = position
        self.error = error
        said = " ".join(str(error).splitlines())  # one line, whatever the exception says
        text = f"{type(error).__name__}: {said}" if said else type(error).__name__
        where = _user_line(error)
        super().__init__(f"{type(game).__name__}.options({position!r}) raised {text}"
                         + (f" ({where})" if where else ""))


def _user_line(error: BaseException) -> str:
    """``rules.py, line 3``: the last frame of the traceback outside grundy, if any."""
    package = str(Path(__file__).resolve().parent)
    tb, found = error.__traceback__, ""
    while tb is not None:
        code = tb.tb_frame.f_code
        if not str(Path(code.co_filename).resolve()).startswith(package):
            found = f"{Path(code.co_filename).name}, line {tb.tb_lineno}"
        tb = tb.tb_next
    return found


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
        for part in parts:
            if isinstance(part, Sum):
                flat: list[Position] = []
                for item in parts:
                    if isinstance(item, Sum):
                        flat.extend(item.parts)
                    else:
                        flat.append(item)
                parts = tuple(flat)
                break
        _set_parts(self, parts)

    def __setattr__(self, name: str, val: object) -> None:
        raise AttributeError("Sum is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and Counter(self.parts) == Counter(other.parts)

    def __hash__(self) -> int:
        """Order-free, like equality, and cheap (no Counter).  Each part's hash is scrambled
        before the sum, so that sums of heaps with the same total do not all collide.

        >>> len({hash(Sum(a, 8 - a)) for a in range(5)})
        5
        """
        return hash(("grundy.Sum", len(self.parts), sum(map(_scramble, self.parts)) & _MASK))

    def __iter__(self) -> Iterator[Position]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.parts))})"


_MASK = (1 << 64) - 1


def _scramble(part: Position) -> int:
    """A part's hash with its bits spread (SplitMix64's finalizer), so that sums of such
    numbers rarely meet."""
    z = (hash(part) + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_set_parts = getattr(Sum, "parts").__set__  # the slot's setter, past Sum.__setattr__


class Game:
    """Base class of an impartial ruleset under normal play (no move: you lose).

    Subclasses implement :meth:`options`.  Positions must be hashable.  An option
    may be a :class:`Sum` of positions (a heap split into two heaps).

    The memo of computed values lives on the instance (:attr:`cache`, a dict
    position -> value).  Set the class or instance attribute ``cache_limit`` to
    bound it, or call :meth:`clear_cache`.  The limit is enforced when a public
    call returns (:func:`value`) and after each position of :func:`heap_values`
    and :func:`grid_values`: the oldest entries are dropped down to half the
    limit.  Within one call the memo holds every position that call reaches, so
    no value is ever computed twice in a call and time stays linear in the
    positions reached, whatever the limit.

    Memory, measured with tracemalloc: 74 bytes per integer position (10^6 heaps:
    74 MB; the dict slot and the boxed key), 145 bytes per pair ``(r, c)``
    (a 1000 x 1000 table: 145 MB); a search adds, while it runs, one list of
    options per position on its current path.  Tables of that size belong in
    the vectorised kernels instead.

    A search follows one path of positions at a time: past :attr:`depth_limit` positions
    deep (10^6 unless set) it stops with :class:`EndlessGameError`, since a ruleset whose
    moves never end (``options(n) = [n + 1]``) would otherwise take it on until memory
    runs out.

    Hooks with defaults: :meth:`fast_value` (a value known without a search),
    :meth:`parse_position`, :meth:`parse_words` and :meth:`format_position` (positions as
    text), :meth:`describe_move` (a move in words, when its option's text does not say it),
    :meth:`options_of_value`, :meth:`check_listable`, :meth:`check_winning_moves`,
    :meth:`misere_outcome_of` and :meth:`misere_winning_moves_of` (what analysis and misere
    play ask), :meth:`is_empty` and :attr:`parts_cancel` (what a sum drops),
    :attr:`notation` and :attr:`label` (its names).
    A theorem that gives the outcome past any search (Wythoff's game) says so through
    :attr:`theorem`, :meth:`value_known`, :meth:`zero_options` and
    :meth:`every_zero_option`.  Traits read by the surfaces: :attr:`board` (how the
    playground draws a position), :attr:`example` (a position to try), :attr:`first_index`
    (the first row and column of a value table), :meth:`position_text` (a part as a text
    that reads back alone), :meth:`picture` (a part drawn in a notebook), :meth:`graph_of`
    and :meth:`at` (a game that is a graph given whole).  Callers read each of them directly.
    """

    cache_limit: int | None = None
    #: the deepest a search goes (positions on its path, each with its list of options:
    #: about 300 bytes a position) before it stops with :class:`EndlessGameError`, as the
    #: moves of a ruleset that never ends would take it on for ever (a game this deep is
    #: valued bottom-up instead: :func:`heap_values`, or smaller positions asked first)
    depth_limit: int = 10**6
    #: whether every option of heap ``n`` is made of heaps ``0 <= m < n``, so that a search
    #: refuses any other at once (:class:`grundy.HeapGame` sets it)
    _grundy_heaps: bool = False
    #: whether the class overrides :meth:`fast_value` (set for each subclass)
    _grundy_asks: bool = False
    #: how the playground draws a position ("heaps", "coins", "cram", "graph", ...); None:
    #: the game does not say (the page then draws heaps, and a sum drops a part 0 only when
    #: it has no move: :meth:`is_empty`)
    board: str | None = None
    #: a position to try, as its command-line words (``grundy analyze chomp 3x7``); None:
    #: none is given
    example: tuple[str, ...] | None = None
    #: the theorem the game answers by, in one line (``analyze --explain`` prints it);
    #: None: its values are searched
    theorem: str | None = None
    #: the first row and column of the game's value table (a two-dimensional game)
    first_index: int = 0
    #: whether two equal parts of a sum cancel (a coin turned twice is tails again: a
    #: position keeps a part only when it is there an odd number of times)
    parts_cancel: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._grundy_asks = cls.fast_value is not Game.fast_value

    def options(self, position: Any) -> Iterable[Any]:  # pragma: no cover - abstract
        """The positions reachable from ``position`` in one move."""
        raise NotImplementedError(f"{type(self).__name__} must define options(position)")

    # -- hooks with defaults ----------------------------------------------------
    def fast_value(self, position: Any) -> int | None:
        """The value of ``position`` if the game knows it without a search, else None.

        The default says None: "ask the engine".  A class that overrides it (nim:
        ``return n``) is asked first by :func:`value` for the position it is given
        (not for the positions the search goes through).
        """
        return None

    def parse_position(self, text: str) -> Any:
        """The position a command-line word names; the inverse of :meth:`format_position`.

        Defaults: an integer (``7``); ``RxC`` or ``R,C`` -> a pair (``3x4``);
        ``(1,2,3)`` -> a tuple of integers.  Override it for other positions.

        >>> g = Game()
        >>> g.parse_position("7"), g.parse_position("3x4"), g.parse_position("2,5"), g.parse_position("(1, 2, 3)")
        (7, (3, 4), (2, 5), (1, 2, 3))
        >>> g.parse_position("seven")
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: cannot read a position from 'seven': Game takes an integer (7), a pair (3x4 or 3,4) or a tuple ((1,2,3)); for other positions, give Game a parse_position(text) method
        """
        import re

        word = text.strip()
        number = r"[+-]?\d+"
        if re.fullmatch(number, word):
            return int(word)
        pair = re.fullmatch(rf"({number})\s*[xX,]\s*({number})", word)
        if pair:
            return int(pair.group(1)), int(pair.group(2))
        if re.fullmatch(rf"\(\s*(?:{number}\s*(?:,\s*{number}\s*)*,?\s*)?\)", word):
            return tuple(int(item) for item in re.findall(number, word))
        name = type(self).__name__
        raise GrundyError(f"cannot read a position from {text!r}: {name} takes an integer (7), a "
                          f"pair (3x4 or 3,4) or a tuple ((1,2,3)); for other positions, give "
                          f"{name} a parse_position(text) method")

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        """The parts that command-line words name: by default one part a word, each read
        by :meth:`parse_position` (a game whose part takes several words, ``wythoff 3 5``,
        overrides this).

        >>> Game().parse_words(["7", "3x4"])
        [7, (3, 4)]
        >>> Game().parse_words(["7", "seven"])
        Traceback (most recent call last):
        ...
        grundy.errors.GrundyError: part 2: cannot read a position from 'seven': Game takes an integer (7), a pair (3x4 or 3,4) or a tuple ((1,2,3)); for other positions, give Game a parse_position(text) method
        """
        parts: list[Any] = []
        for i, word in enumerate(words, start=1):
            try:
                parts.append(self.parse_position(word))
            except GrundyError as exc:
                raise GrundyError(f"part {i}: {exc}") from None
        return parts

    def is_empty(self, part: Any) -> bool:
        """Whether ``part`` is nothing at all, so that a sum drops it (an empty heap, a graph
        with no vertex); by default a part 0 that has no move.

        >>> class Nim(Game):
        ...     def options(self, n):
        ...         return range(n)
        >>> Nim().is_empty(0), Nim().is_empty(3)
        (True, False)
        """
        return bool(part == 0) and not options_of(self, part)

    def value_known(self, part: Any) -> bool:
        """Whether the Grundy value of ``part`` is computed (True by default); a game with
        a :attr:`theorem` of its outcome says False past the search, and then
        :meth:`zero_options` gives its winning moves."""
        return True

    def zero_options(self, part: Any) -> list[Any]:
        """The options of ``part`` of value 0 (by a theorem, in a game that has one), in
        ``options()`` order; by default :meth:`options_of_value` of 0."""
        return self.options_of_value(part, 0)

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """Whether :meth:`zero_options` lists every winning move of ``part`` (True by
        default; a theorem may give only some past a size: a construction), and for a part
        of a sum, whether :meth:`options_of_value` of ``target`` lists every option of that
        value (a part too large to list its moves gives those its game constructs)."""
        return True

    def describe_move(self, part: Any, option: Any) -> str | None:
        """What the move from ``part`` to ``option`` does, in words, when the text of the
        option alone does not say it (a graph's pieces are numbered afresh: ``take vertex
        3``); None (the default) when it does, as for a heap or a board.

        >>> Game().describe_move(5, 3) is None
        True
        """
        return None

    def picture(self, part: Any) -> Any:
        """``part`` drawn, as a :class:`grundy.rules.pictures.Picture` (SVG text that a
        notebook shows: a board, a chocolate bar, a graph, a drawing, a queen), or None
        (the default) when the game draws no picture of it; :func:`grundy.picture` asks it.

        >>> Game().picture(5) is None
        True
        """
        return None

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The options of ``part`` whose value is ``target``, in ``options()`` order (a game
        with a theory of its moves finds them faster)."""
        return [o for o in self.options(part) if value(self, o) == target]

    def check_listable(self, part: Any) -> None:
        """Raise unless the moves of ``part`` can be listed one by one in seconds (no limit
        by default: a game that knows its sizes says so)."""

    def check_winning_moves(self, part: Any) -> None:
        """Raise unless the winning moves of ``part`` can be found in seconds: by default
        when all its moves can be listed (:meth:`check_listable`); a game whose
        :meth:`options_of_value` finds them without listing the rest says more."""
        self.check_listable(part)

    def misere_outcome_of(self, parts: Sequence[Any]) -> str | None:
        """The misere outcome of a sum of ``parts`` by a theory of the game, or None (the
        default: search it)."""
        return None

    def misere_winning_moves_of(self, parts: Sequence[Any]) -> list[tuple[int, Any]] | None:
        """Every winning move of a sum of ``parts`` under misère play by a theory of the
        game, as pairs (the index of the part moved, its option) in the order of the parts
        and of ``options()``, found without listing the moves (so at any size), or None
        (the default: misère play lists the moves, as far as they can be listed).  A game
        that answers it answers :meth:`misere_outcome_of` for the same parts."""
        return None

    @property
    def notation(self) -> str:
        """The game's canonical notation (a code such as ``0.77``, a catalog name, a
        product ``A*B``; the class name by default)."""
        return type(self).__name__

    @property
    def label(self) -> str:
        """The game as the user named it: its catalog name, else its notation."""
        return str(self.__dict__.get("catalog_name") or self.notation)

    def format_position(self, position: Any) -> str:
        """How :meth:`parse_position` writes ``position`` back (``repr`` for other kinds).

        >>> g = Game()
        >>> g.format_position(7), g.format_position((3, 4)), g.format_position((1, 2, 3)), g.format_position((5,))
        ('7', '3x4', '(1,2,3)', '(5,)')
        """
        if isinstance(position, int) and not isinstance(position, bool):
            return str(position)
        if isinstance(position, tuple) and all(isinstance(x, int) and not isinstance(x, bool)
                                               for x in position):
            if len(position) == 2:
                return f"{position[0]}x{position[1]}"
            if len(position) == 1:
                return f"({position[0]},)"
            return "(" + ",".join(map(str, position)) + ")"
        return repr(position)

    def position_text(self, position: Any) -> str:
        """The position as one text that reads back alone, whatever it needs included (a
        token on a game graph: the graph and the vertex, where :meth:`format_position`
        writes the vertex); the JSON of a move and the playground write parts so.  By
        default :meth:`format_position`.

        >>> Game().position_text((3, 4))
        '3x4'
        """
        return self.format_position(position)

    def graph_of(self, position: Any) -> tuple[Any, int] | None:
        """The game graph a position lies in and its vertex, for a game that is a graph
        given whole (:mod:`grundy.rules.digraph`): loopy play then labels that graph at
        once instead of exploring it from the position, and names its vertices by
        :meth:`at`.  None (the default): the game's positions are explored.

        >>> Game().graph_of(7) is None
        True
        """
        return None

    def at(self, graph: Any, vertex: int) -> Any:
        """The position of ``vertex`` of ``graph`` (the inverse of :meth:`graph_of`; asked
        only of a game whose :meth:`graph_of` gives graphs)."""
        raise NotImplementedError(f"{type(self).__name__} gives no graph (graph_of)")

    # -- memo -----------------------------------------------------------------
    #: the memo itself, created on first use in the instance's ``__dict__`` (None until
    #: then: a class attribute, so that reading it never reaches a ``__getattr__``)
    _grundy_memo: dict[Any, int] | None = None

    @property
    def cache(self) -> dict[Any, int]:
        """The memo of Grundy values computed so far (position -> value)."""
        memo = self._grundy_memo
        if memo is None:
            memo = self.__dict__["_grundy_memo"] = {}
        return memo

    def clear_cache(self) -> None:
        """Forget every memoised value."""
        self.cache.clear()

    #: the memos of other kinds, by kind (see :meth:`memo`; None until the first is made)
    _grundy_memos: dict[str, dict[Any, Any]] | None = None

    def memo(self, kind: str) -> dict[Any, Any]:
        """The memo of one ``kind`` kept on this game, made empty on first use: the one
        place where a tool keeps what it computed for this instance (``"misere"``,
        ``"genus"``, ``"quotient"``, ``"loopy"``, ... beside the Grundy values of
        :attr:`cache`).  A copy or a pickle of the game starts without any; :meth:`forget`
        drops them.

        >>> import copy
        >>> g = Game()
        >>> g.memo("misere")[7] = "P"
        >>> g.memo("loopy")[7] = 0
        >>> g.forget("misere")
        >>> g.memo("misere"), g.memo("loopy"), copy.copy(g).memo("loopy")
        ({}, {7: 0}, {})
        """
        memos = self._grundy_memos
        if memos is None:
            memos = self.__dict__["_grundy_memos"] = {}
        found = memos.get(kind)
        if found is None:
            found = memos[kind] = {}
        return found

    def forget(self, kind: str | None = None) -> None:
        """Drop the memo of ``kind`` (every kind's when None; the Grundy values of
        :attr:`cache` stay: :meth:`clear_cache` forgets those).  Freeing a large memo at
        once is much quicker than at the interpreter's exit."""
        memos = self._grundy_memos
        if memos is not None:
            if kind is None:
                memos.clear()
            else:
                memos.pop(kind, None)

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle of a game starts with empty memos (a memo belongs to one
        instance: a copy whose parameters are then changed must not read it)."""
        state = dict(self.__dict__)
        state.pop("_grundy_memo", None)
        state.pop("_grundy_memos", None)
        return state

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


def _trim(game: Game, memo: dict[Any, int]) -> None:
    """Drop the oldest half of the memo when it holds more than ``game.cache_limit`` values."""
    limit = game.cache_limit
    if limit is not None and len(memo) > limit:
        drop = len(memo) - max(limit // 2, 1)
        for key in list(islice(memo, drop)):
            del memo[key]


def _mex_of(options: list[Any], memo: dict[Any, int]) -> int:
    """The mex of the options' values, sums included; KeyError when one is not memoised."""
    seen: set[int] = set()
    add = seen.add
    for option in options:
        if isinstance(option, Sum):
            parts = option.parts
            if len(parts) == 2:  # a heap split in two: the common case
                add(memo[parts[0]] ^ memo[parts[1]])
            else:
                acc = 0
                for part in parts:
                    acc ^= memo[part]
                add(acc)
        else:
            add(memo[option])
    m = 0
    while m in seen:
        m += 1
    return m


def _missing(options: list[Any], memo: dict[Any, int]) -> list[Any]:
    """The positions (parts of sums included) among ``options`` with no memoised value."""
    return [part for option in options
            for part in (option.parts if isinstance(option, Sum) else (option,))
            if part not in memo]


def _solve(game: Game, root: Any, memo: dict[Any, int], root_options: list[Any] | None = None) -> int:
    """The value of ``root`` (not memoised yet), by an iterative depth-first search
    (``root_options``: the options of ``root`` when the caller listed them already).

    The stack holds positions only.  A position is expanded once: when every option
    is memoised its value is computed at once (the common case, in one comprehension);
    otherwise it waits in ``pending`` with its list of options, under the missing
    options pushed above it, and is finished when the search comes back to it.
    ``pending`` is exactly the path being searched, so an option found in it closes
    a cycle.
    """
    options = game.options
    pending: dict[Any, list[Any]] = {} if root_options is None else {root: root_options}
    stack = [root]
    pos = root
    sums = False  # seen an option that is a Sum: every frame takes the general path
    heaps = game._grundy_heaps
    deepest = game.depth_limit
    try:
        while stack:
            pos = stack.pop()
            if pos in memo:
                continue
            opts = pending.pop(pos, None)
            if opts is None:
                given = options(pos)
                opts = given if isinstance(given, list) else list(given)
            try:
                if sums:
                    memo[pos] = _mex_of(opts, memo)
                else:
                    seen = {memo[o] for o in opts}
                    m = 0
                    while m in seen:
                        m += 1
                    memo[pos] = m
                continue
            except KeyError as missed:  # the key missed: a position, or a Sum (never a key)
                if not sums and missed.args and isinstance(missed.args[0], Sum):
                    sums = True
                    try:
                        memo[pos] = _mex_of(opts, memo)
                        continue
                    except KeyError:
                        pass
            missing = _missing(opts, memo)
            if heaps:  # a heap game's options met first: smaller heaps only
                try:
                    for part in missing:
                        if not 0 <= part < pos:
                            _check_heaps(game, pos, missing)
                except TypeError:  # a part that is no number
                    _check_heaps(game, pos, missing)
            pending[pos] = opts
            if len(pending) > deepest:
                raise _too_deep(game, root, pos, len(pending))
            stack.append(pos)
            for part in missing:
                if part in pending:
                    raise LoopyGameError(part)
            stack.extend(missing)
    except GrundyError:
        raise
    except Exception as exc:
        raise RulesetError(game, pos, exc) from exc
    return memo[root]


def _check_heaps(game: Game, heap: Any, parts: list[Any]) -> None:
    """Raise :class:`EndlessGameError` unless every part is a heap smaller than ``heap``
    (the options of a heap game met for the first time), naming the first that is not."""
    for part in parts:
        try:
            smaller = 0 <= part < heap
        except TypeError:
            smaller = False
        if not smaller:
            raise EndlessGameError(
                f"{_name(game)}: heap {heap!r} has an option {part!r}, not a heap smaller than "
                f"{heap!r}: the options of a HeapGame are heaps 0 <= m < n, else the game is "
                "loopy or never ends (a ruleset with cycles is a grundy.Game, valued by "
                "grundy.loopy_value)", heap, part)


def _too_deep(game: Game, root: Any, pos: Any, depth: int) -> EndlessGameError:
    return EndlessGameError(
        f"{_name(game)}: the search from position {root!r} went {depth} positions deep "
        f"(reaching position {pos!r}), past its limit of {game.depth_limit}: the options "
        "may never end (each move must bring the game nearer its end); a game that ends "
        "this deep is valued bottom-up, smaller positions first "
        "(grundy.engine.heap_values), or with a larger depth_limit", root)


def _name(game: Game) -> str:
    """The game as errors name it: its label, else its class."""
    try:
        return game.label
    except Exception:
        return type(game).__name__


def options_of(game: Game, position: Any) -> list[Any]:
    """``game.options(position)`` as a list; an exception raised by the ruleset becomes a
    :class:`RulesetError` (the one way every search asks a ruleset for its moves).

    >>> class Bad(Game):
    ...     def options(self, n):
    ...         return [n - 1] if n else [1 // n]
    >>> options_of(Bad(), 3)
    [2]
    >>> options_of(Bad(), 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.engine.RulesetError: ...
    """
    try:
        given = game.options(position)
        return given if isinstance(given, list) else list(given)
    except GrundyError:
        raise
    except Exception as exc:
        raise RulesetError(game, position, exc) from exc


def _check_game(game: Any) -> None:
    if not isinstance(game, Game):
        raise GrundyError(f"expected a ruleset (a grundy.Game), got {game!r}")


def _check_hashable(game: Game, position: Any) -> None:
    try:
        hash(position)
    except TypeError:
        raise GrundyError(f"{type(game).__name__}: position {position!r} is not hashable "
                          "(use a tuple, not a list)") from None


def value(game: Game, position: Any) -> int:
    """The Grundy value of ``position`` (a position of ``game`` or a :class:`Sum`).

    A value memoised on ``game`` costs one dictionary look-up.  Else the game's
    class, when it overrides :meth:`Game.fast_value`, is asked; else the value is
    computed from its options' values when they are all memoised (a table filled in
    order), and by an iterative depth-first search otherwise, memoised on ``game``.
    Raises :class:`LoopyGameError` if a position can be reached from itself, and
    :class:`RulesetError` if ``options()`` raises.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> value(Nim(), Sum(3, 5, 6))
    0
    """
    try:  # the warm path: a memo hit (a fresh game's memo is None: AttributeError)
        memo = game._grundy_memo
        found = memo.get(position)  # type: ignore[union-attr]
    except (AttributeError, TypeError):
        return _value(game, position)
    if found is not None:
        return found
    if type(position) is Sum:
        return _value(game, position)
    if game._grundy_asks:
        known = game.fast_value(position)
        return known if known is not None else _value(game, position, asked=True)
    try:  # the cold path of a table asked in order: every option memoised, no search
        given = game.options(position)
        opts = given if type(given) is list else list(given)
    except Exception:
        return _value(game, position)  # asks again, to raise the RulesetError
    try:
        seen = set(map(memo.__getitem__, opts))  # type: ignore[index]
    except Exception:
        return _value(game, position, opts)
    result = 0
    while result in seen:
        result += 1
    memo[position] = result  # type: ignore[index]
    if game.cache_limit is not None:
        _trim(game, memo)  # type: ignore[arg-type]
    return result


def _value(game: Game, position: Any, opts: list[Any] | None = None,
           asked: bool = False) -> int:
    """:func:`value` past the memo: a sum, a fast value, one level or a search
    (``opts``: the options of ``position``, when :func:`value` listed them; ``asked``:
    ``fast_value`` said None already)."""
    if isinstance(position, Sum):
        acc = 0
        for part in position.parts:
            acc ^= value(game, part)
        return acc
    if not isinstance(game, Game):
        _check_game(game)
    memo = game.cache
    try:
        found = memo.get(position)
    except TypeError:
        _check_hashable(game, position)
        raise
    if found is not None:
        return found
    if not asked and type(game).fast_value is not Game.fast_value:
        known = game.fast_value(position)
        if known is not None:
            return known
    if opts is None:
        opts = options_of(game, position)
    result: int | None = None
    try:  # every option memoised (values asked in order): no search
        seen = {memo[o] for o in opts}
    except KeyError as missed:  # a position not memoised yet, or a Sum (never a key)
        if missed.args and isinstance(missed.args[0], Sum):
            try:
                result = _mex_of(opts, memo)
            except KeyError:
                pass
            except Exception as exc:
                raise RulesetError(game, position, exc) from exc
    except Exception as exc:  # an unhashable option
        raise RulesetError(game, position, exc) from exc
    else:
        result = 0
        while result in seen:
            result += 1
    if result is None:
        result = _solve(game, position, memo, opts)
    else:
        memo[position] = result
    if game.cache_limit is not None:
        _trim(game, memo)
    return result


_NO_FAST_VALUE = Game.fast_value


def _fill(game: Game, positions: Iterable[Any]) -> list[int]:
    """Values of ``positions`` computed in the order given, each from its options'
    memoised values when they are all known (the bottom-up path), else by :func:`_solve`.

    The engine itself: ``fast_value`` is not asked (a game's kernel may be built on
    :func:`heap_values`)."""
    _check_game(game)
    memo = game.cache
    options = game.options
    limit = game.cache_limit
    out: list[int] = []
    sums = False
    pos: Any = None
    try:
        for pos in positions:
            v = memo.get(pos)
            if v is None:
                given = options(pos)
                opts = given if isinstance(given, list) else list(given)
                try:
                    if sums:
                        v = _mex_of(opts, memo)
                    else:
                        seen = {memo[o] for o in opts}
                        v = 0
                        while v in seen:
                            v += 1
                except KeyError as missed:
                    if not sums and missed.args and isinstance(missed.args[0], Sum):
                        sums = True
                    v = _solve(game, pos, memo)
                else:
                    memo[pos] = v
                if limit is not None and len(memo) > limit:
                    _trim(game, memo)
            out.append(v)
    except GrundyError:
        raise
    except Exception as exc:
        raise RulesetError(game, pos, exc) from exc
    return out


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
    if not isinstance(game, Game):
        _check_game(game)
    if type(position) is Sum:
        parts = position.parts
        return [Sum(*parts[:i], option, *parts[i + 1 :])
                for i, option in part_winning_moves(game, parts)]
    try:
        given = game.options(position)
        opts = given if type(given) is list else list(given)
    except GrundyError:
        raise
    except Exception as exc:
        raise RulesetError(game, position, exc) from exc
    memo = game._grundy_memo
    get = (memo if memo is not None else game.cache).get
    out: list[Any] = []
    for o in opts:  # an option memoised is read in place, the others asked
        try:
            v = get(o)  # a Sum is never a key: None, and value() adds its parts
        except TypeError:  # an unhashable option: value() names it
            v = None
        if v is None:
            v = value(game, o)
        if v == 0:
            out.append(o)
    return out


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
    _check_game(game)
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
        for option in options_of(game, part):
            if value(game, option) == target:
                moves.append((i, option))
    return moves


def heap_values(game: Game, n: int) -> list[int]:
    """Values of positions 0..n-1 of a game whose positions are heap sizes.

    Computed bottom-up, in order: when the options of heap k are smaller heaps, their
    values are already memoised and heap k costs one pass over its options (no search);
    any other option is searched for as by :func:`value`.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> heap_values(Nim(), 4)
    [0, 1, 2, 3]
    """
    return _fill(game, range(n))


def grid_values(game: Game, rows: int, cols: int, first: int = 0) -> list[list[int]]:
    """Values of positions ``(first + r, first + c)``, ``r < rows``, ``c < cols``.

    Computed bottom-up, row by row, like :func:`heap_values`.

    >>> class TwoHeapNim(Game):
    ...     def options(self, p):
    ...         x, y = p
    ...         return [(i, y) for i in range(x)] + [(x, j) for j in range(y)]
    >>> grid_values(TwoHeapNim(), 2, 3)
    [[0, 1, 2], [1, 0, 3]]
    """
    flat = _fill(game, [(first + r, first + c) for r in range(rows) for c in range(cols)])
    return [flat[r * cols : (r + 1) * cols] for r in range(rows)]


# -- the single calls, compiled ------------------------------------------------------
#: the Python definitions of the three single calls, under names of their own: what
#: grundy.value, outcome and winning_moves are without the compiled module (not built,
#: or GRUNDY_PURE=1), and the reference that module is checked against
python_value, python_outcome, python_winning_moves = value, outcome, winning_moves


def _compile_single_calls() -> None:
    """Bind :func:`value`, :func:`outcome` and :func:`winning_moves` to their compiled
    forms in :mod:`grundy.native._engine`, when it is built: they do a memo hit, and a
    position whose options are all memoised, in C, and hand every other case to the Python
    functions above (so a warm call costs what a ``functools.lru_cache`` hit costs)."""
    kernel = extension("_engine")
    if kernel is None:
        return
    kernel.connect(Game, Sum, _value, python_value, python_outcome, python_winning_moves)
    globals().update(value=kernel.value, outcome=kernel.outcome,
                     winning_moves=kernel.winning_moves)


_compile_single_calls()
