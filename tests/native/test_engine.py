"""The engine's compiled single calls (grundy.native._engine) against their Python definitions.

grundy.value, outcome and winning_moves are bound to the compiled functions when the
module is built; grundy.engine keeps the Python ones as python_value, python_outcome and
python_winning_moves.  On random games, asked in random orders from an empty memo, both
must give the same answers, the same memo, and the same errors; and both must agree with
a plain mex recursion written here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy import engine
from grundy.engine import Game, LoopyGameError, RulesetError, Sum
from grundy.errors import GrundyError
from grundy.native.compiled import extension

KERNEL = extension("_engine")
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled engine calls are not built here")

COMPILED = (engine.value, engine.outcome, engine.winning_moves) if KERNEL else None
PYTHON = (engine.python_value, engine.python_outcome, engine.python_winning_moves)


class RandomGame(Game):
    """Positions 0..size-1; each lists random smaller positions, some pairs as a Sum, in a
    list, a tuple or a generator."""

    def __init__(self, seed: int, size: int, sums: bool) -> None:
        rng = random.Random(seed)
        self.moves: list[list[Any]] = []
        for n in range(size):
            opts: list[Any] = rng.sample(range(n), min(n, rng.randint(0, 6)))
            if sums and n > 2 and rng.random() < 0.4:
                opts.append(Sum(rng.randrange(n), rng.randrange(n)))
            self.moves.append(opts)
        self.kind = rng.choice((list, tuple, iter))

    def options(self, n: int) -> Any:
        return self.kind(self.moves[n])


def plain(game: RandomGame, n: Any, memo: dict[Any, int]) -> int:
    if isinstance(n, Sum):
        acc = 0
        for part in n.parts:
            acc ^= plain(game, part, memo)
        return acc
    if n not in memo:
        seen = {plain(game, o, memo) for o in game.moves[n]}
        memo[n] = min(set(range(len(seen) + 1)) - seen)
    return memo[n]


@needs_kernel
@pytest.mark.parametrize("seed", range(60))
def test_random_games_same_answers_and_memo_as_python(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(1, 80)
    sums = seed % 2 == 0
    fast, slow = RandomGame(seed, size, sums), RandomGame(seed, size, sums)
    reference: dict[Any, int] = {}
    order = list(range(size))
    if seed % 3:
        rng.shuffle(order)  # else in order: the one-level path of a table filled bottom-up
    assert COMPILED is not None
    value, outcome, winning_moves = COMPILED
    py_value, py_outcome, py_winning_moves = PYTHON
    for n in order:
        call = rng.randrange(3)
        if call == 0:
            assert value(fast, n) == py_value(slow, n) == plain(fast, n, reference)
        elif call == 1:
            expected = "P" if plain(fast, n, reference) == 0 else "N"
            assert outcome(fast, n) == py_outcome(slow, n) == expected
        else:
            expected_moves = [o for o in fast.moves[n] if plain(fast, o, reference) == 0]
            assert winning_moves(fast, n) == py_winning_moves(slow, n) == expected_moves
    assert fast.cache == slow.cache
    if size > 3:
        s = Sum(size - 1, size - 2, size // 2)
        assert value(fast, s) == py_value(slow, s) == plain(fast, s, reference)
        assert winning_moves(fast, s) == py_winning_moves(slow, s)


class Nim(Game):
    def options(self, n: int) -> range:
        return range(n)


class FastNim(Nim):
    def fast_value(self, n: int) -> int | None:
        return n if n % 2 else None  # odd heaps known, even ones asked of the engine


class TrimmedNim(Nim):
    cache_limit = 10


@needs_kernel
def test_large_values_fast_values_and_cache_limits_as_python() -> None:
    assert COMPILED is not None
    for cls in (Nim, FastNim, TrimmedNim):
        fast, slow = cls(), cls()
        for n in list(range(150)) + [149, 70, 3]:  # values past 64: the mex past the bitset
            assert COMPILED[0](fast, n) == PYTHON[0](slow, n) == n
        assert fast.cache == slow.cache
        assert COMPILED[2](fast, 100) == PYTHON[2](slow, 100) == [0]


class Broken(Game):
    def options(self, n: Any) -> Any:
        if n == 3:
            raise ValueError("no options for 3")
        if n == 4:
            return [[1, 2]]  # an unhashable option
        if n == 5:
            return [6]
        if n == 6:
            return [5]  # a loop
        return range(n)


def failure(call: Any, *args: Any, **kwargs: Any) -> tuple[type, str]:
    with pytest.raises(Exception) as caught:
        call(*args, **kwargs)
    return caught.type, str(caught.value)


@needs_kernel
@pytest.mark.parametrize("position", [3, 4, 5, [1, 2], Sum(3, 1)])
@pytest.mark.parametrize("which", range(3))
def test_same_errors_as_python(position: Any, which: int) -> None:
    assert COMPILED is not None
    fast, slow = failure(COMPILED[which], Broken(), position), failure(PYTHON[which], Broken(), position)
    assert fast == slow
    assert issubclass(fast[0], GrundyError)
    if position == 3:
        assert fast[0] is RulesetError
    if position == 5:
        assert fast[0] is LoopyGameError


@needs_kernel
def test_keywords_wrong_arguments_and_non_games_as_python() -> None:
    assert COMPILED is not None
    value, outcome, winning_moves = COMPILED
    assert value(game=Nim(), position=5) == 5
    assert outcome(Nim(), position=0) == "P"
    assert winning_moves(Nim(), position=Sum(1, 2)) == [Sum(1, 1)]
    for fast, slow in zip(COMPILED, PYTHON):
        assert failure(fast, Nim()) == failure(slow, Nim())
        assert failure(fast, Nim(), 1, 2) == failure(slow, Nim(), 1, 2)
        assert failure(fast, "nim", 3) == failure(slow, "nim", 3)
        assert failure(fast, "nim", 3)[0] is GrundyError


def test_grundy_value_is_the_compiled_one_where_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The switch: the public names are the compiled functions exactly when the module is
    built and wanted (GRUNDY_PURE unset)."""
    import grundy

    if KERNEL is None:
        assert grundy.value is engine.python_value
    else:
        assert (grundy.value, grundy.outcome, grundy.winning_moves) == COMPILED
        assert Nim().value(7) == 7  # the method goes through the compiled call too
