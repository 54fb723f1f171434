"""The generic engine: mex, sums, outcomes, winning moves, loops, memo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import Game, LoopyGameError, Sum, mex, outcome, value, winning_moves


class Sub134(Game):
    def options(self, n):
        return [n - k for k in (1, 3, 4) if k <= n]


class Grundys(Game):
    def options(self, n):
        return [Sum(a, n - a) for a in range(1, (n + 1) // 2)]


class Graph(Game):
    """A game given by an explicit move graph {position: [options]}."""

    def __init__(self, edges):
        self.edges = edges

    def options(self, p):
        return self.edges[p]


def brute_sub134(limit):
    """Win/lose by plain game-tree search, knowing nothing of Grundy values."""
    win = [False] * (limit + 1)
    for n in range(limit + 1):
        win[n] = any(not win[n - k] for k in (1, 3, 4) if k <= n)
    return win


def test_mex():
    assert mex([]) == 0
    assert mex([1, 2]) == 0
    assert mex([0, 1, 2, 4]) == 3
    assert mex(iter([0, 0, 1])) == 2


def test_subtraction_game_to_1e5_agrees_with_brute_force():
    g = Sub134()
    win = brute_sub134(10**5)
    for n in range(10**5 + 1):
        assert (value(g, n) != 0) == win[n]
    # Known: the values have period 7: 0 1 0 1 2 3 2.
    assert [value(g, n) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2


def test_long_chain_on_empty_memo_no_recursion():
    g = Sub134()
    assert value(g, 10**5) == [0, 1, 0, 1, 2, 3, 2][10**5 % 7]


def test_grundys_game_published_values():
    # OEIS A002188 (Grundy's game), heaps 0..20.
    published = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    g = Grundys()
    assert [value(g, n) for n in range(21)] == published


def test_sum_value_is_xor_and_sum_equality():
    g = Grundys()
    assert value(g, Sum(5, 8)) == value(g, 5) ^ value(g, 8)
    assert Sum(1, Sum(2, 3)) == Sum(3, 2, 1)
    assert hash(Sum(1, 2)) == hash(Sum(2, 1))
    assert Sum(1, 2) != Sum(1, 1)
    assert value(g, Sum()) == 0
    with pytest.raises(AttributeError):
        Sum(1).parts = ()


def test_outcome_and_winning_moves():
    g = Sub134()
    assert outcome(g, 0) == "P" and outcome(g, 2) == "P" and outcome(g, 7) == "P"
    assert outcome(g, 1) == "N"
    assert winning_moves(g, 7) == []
    assert winning_moves(g, 10) == [9, 7]  # the order options() gives
    assert winning_moves(g, Sum(4, 5)) == [Sum(4, 4)] or value(g, Sum(4, 5)) == 0
    nim = Graph({n: list(range(n)) for n in range(8)})
    assert winning_moves(nim, Sum(1, 2, 4)) == [Sum(1, 2, 3)]
    assert winning_moves(nim, Sum(3, 5, 6)) == []


def test_two_position_cycle_is_loopy():
    g = Graph({"a": ["b"], "b": ["a"]})
    with pytest.raises(LoopyGameError) as info:
        value(g, "a")
    assert info.value.position in ("a", "b")
    with pytest.raises(LoopyGameError):
        value(Graph({"x": [Sum("x", "y")], "y": []}), "x")


def test_self_loop_is_loopy():
    with pytest.raises(LoopyGameError):
        value(Graph({0: [0]}), 0)


def test_cache_limit_and_clear():
    class Bounded(Sub134):
        cache_limit = 100

    g = Bounded()
    for n in range(5000):
        assert value(g, n) == [0, 1, 0, 1, 2, 3, 2][n % 7]
        assert len(g.cache) <= 100
    g.clear_cache()
    assert g.cache == {}
    assert value(g, 3000) == [0, 1, 0, 1, 2, 3, 2][3000 % 7]


def test_methods_mirror_functions():
    g = Sub134()
    assert g.value(9) == value(g, 9)
    assert g.outcome(9) == outcome(g, 9)
    assert g.winning_moves(9) == winning_moves(g, 9)
    assert grundy.value is value


# -- properties on random acyclic games --------------------------------------------


#: the most components a play of a sum from dags() may hold at once: sums inside sums
#: multiply, and without a bound one drawing in some hundreds made plain_wins() run for
#: more than ten minutes in gigabytes
MOST_PARTS = 6


def widths(edges):
    """The most components a play from each position holds at once (options come first)."""
    width = {}
    for p in sorted(edges):
        width[p] = max([1] + [sum(width[q] for q in (o.parts if isinstance(o, Sum) else (o,)))
                              for o in edges[p]])
    return width


@st.composite
def dags(draw):
    """A random acyclic game on positions 0..n-1: options of p are < p,
    some of them sums of two or three positions, none wider than MOST_PARTS."""
    n = draw(st.integers(1, 12))
    edges, width = {}, {}
    for p in range(n):
        opts = []
        for _ in range(draw(st.integers(0, 4)) if p else 0):
            parts = draw(st.lists(st.integers(0, p - 1), min_size=1, max_size=3))
            while sum(width[q] for q in parts) > MOST_PARTS:
                parts.pop()
            opts.append(parts[0] if len(parts) == 1 else Sum(*parts))
        edges[p] = opts
        width = widths(edges)
    return edges


def plain_wins(edges, position, memo=None):
    """Does the player to move win?  Plain game-tree search on whole sums
    (a position is a sorted tuple of components; no Grundy values)."""
    memo = {} if memo is None else memo
    key = tuple(sorted(position))
    if key in memo:
        return memo[key]
    result = False
    for i, part in enumerate(key):
        rest = key[:i] + key[i + 1 :]
        for option in edges[part]:
            parts = option.parts if isinstance(option, Sum) else (option,)
            if not plain_wins(edges, rest + tuple(parts), memo):
                result = True
                break
        if result:
            break
    memo[key] = result
    return result


@given(dags(), st.data())
def test_laws_on_random_dags(edges, data):
    g = Graph(edges)
    memo = {}
    for p in edges:
        v = value(g, p)
        option_values = [value(g, o) for o in edges[p]]
        assert v == mex(option_values)
        assert (v == 0) == (0 not in option_values)
        for move in winning_moves(g, p):
            assert value(g, move) == 0
        assert outcome(g, p) == ("N" if plain_wins(edges, (p,), memo) else "P")
    parts = data.draw(st.lists(st.sampled_from(sorted(edges)), min_size=1, max_size=3))
    width = widths(edges)
    while sum(width[q] for q in parts) > MOST_PARTS:
        parts.pop()
    total = 0
    for part in parts:
        total ^= value(g, part)
    s = Sum(*parts)
    assert value(g, s) == total
    assert outcome(g, s) == ("N" if plain_wins(edges, tuple(parts), memo) else "P")
    for move in winning_moves(g, s):
        assert value(g, move) == 0
    assert (winning_moves(g, s) == []) == (total == 0)


def test_winning_moves_in_sum_may_raise_a_part():
    # Part "a" has value 0 but an option of value 2: in a + (value-2 part) the winning
    # move may raise a part's value, so no shortcut may skip it.
    g = Graph({"a": ["c"], "b": ["z", "y"], "c": ["b", "z", "y"], "z": [], "y": ["z"]})
    assert value(g, "c") == 3 and value(g, "a") == 0 and value(g, "b") == 2
    # Sum(a, c) has value 3: c -> z wins, and so does a -> c (raising a from 0 to 3).
    moves = winning_moves(g, Sum("a", "c"))
    assert moves == [Sum("c", "c"), Sum("a", "z")]
    for move in moves:
        assert value(g, move) == 0


# -- the bottom-up path, the memo limit, errors from options(), the hooks -----------------

import math  # noqa: E402

from grundy.engine import RulesetError, grid_values, heap_values  # noqa: E402
from grundy.errors import GrundyError  # noqa: E402


class Wythoff(Game):
    def options(self, p):
        x, y = p
        return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)])


def wythoff_p_positions(limit):
    """Wythoff (1907): the P-positions are (floor(k*phi), floor(k*phi^2)) and their mirrors."""
    phi = (1 + math.sqrt(5)) / 2
    pairs = set()
    for k in range(limit + 1):
        a, b = math.floor(k * phi), math.floor(k * phi * phi)
        pairs |= {(a, b), (b, a)}
    return {p for p in pairs if max(p) < limit}


def test_wythoff_table_has_the_published_p_positions():
    table = grid_values(Wythoff(), 40, 40)
    zeros = {(r, c) for r in range(40) for c in range(40) if table[r][c] == 0}
    assert zeros == wythoff_p_positions(40)
    # The first row is nim: g(0, y) = y.
    assert table[0] == list(range(40))


def test_bottom_up_agrees_with_top_down_and_with_a_fresh_game():
    top = Wythoff()
    assert value(top, (29, 29)) == grid_values(Wythoff(), 30, 30)[29][29]
    assert grid_values(top, 30, 30)[:12] == [[value(Wythoff(), (r, c)) for c in range(30)]
                                             for r in range(12)]
    assert heap_values(Grundys(), 60) == [value(Grundys(), n) for n in range(60)]


@given(dags())
def test_heap_values_on_random_dags_with_sums_agree_with_value(edges):
    n = len(edges)
    fresh = [value(Graph(edges), p) for p in range(n)]
    assert heap_values(Graph(edges), n) == fresh
    # In reverse order, nothing is memoised when a position is reached: the search path.
    g = Graph(edges)
    assert [heap_values(g, p + 1)[p] for p in reversed(range(n))] == fresh[::-1]


class Offset(Game):
    """Positions (r, c) whose options go outside any table: (r-1, c+5) and (r, c-1)."""

    def options(self, p):
        r, c = p
        return [o for o in ((r - 1, c + 5), (r, c - 1)) if min(o) >= 0]


def brute(game, p):
    """The mex rule written as plainly as possible (recursion, no memo): small cases only."""
    seen = set()
    for o in game.options(p):
        parts = o.parts if isinstance(o, Sum) else (o,)
        x = 0
        for q in parts:
            x ^= brute(game, q)
        seen.add(x)
    return mex(seen)


def test_grid_values_whose_options_leave_the_table():
    assert grid_values(Offset(), 4, 3, first=0) == [[brute(Offset(), (r, c)) for c in range(3)]
                                                    for r in range(4)]
    assert grid_values(Wythoff(), 3, 3, first=2) == [[brute(Wythoff(), (r, c)) for c in range(2, 5)]
                                                     for r in range(2, 5)]


def test_small_cache_limit_keeps_time_linear():
    calls = []

    class Counted(Wythoff):
        cache_limit = 8

        def options(self, p):
            calls.append(p)
            return super().options(p)

    g = Counted()
    assert value(g, (25, 25)) == value(Wythoff(), (25, 25))
    assert len(calls) <= 26 * 26  # each position listed once: no recomputation in one call
    assert len(g.cache) <= 8
    calls.clear()
    assert heap_values(type("C", (Sub134,), {"cache_limit": 10})(), 3000) == \
        [[0, 1, 0, 1, 2, 3, 2][n % 7] for n in range(3000)]


def test_cache_limit_bounds_memo_between_calls_of_heap_values():
    class Bounded(Grundys):
        cache_limit = 50

    g = Bounded()
    assert heap_values(g, 120) == heap_values(Grundys(), 120)
    assert len(g.cache) <= 50


class Boom(Game):
    def options(self, n):
        if n == 3:
            raise ZeroDivisionError("boom at three")
        return [n - 1] if n else []


class BoomGenerator(Game):
    def options(self, n):
        for k in range(n):
            yield k
            if k == 2:
                raise KeyError("lost")


def test_an_exception_in_options_names_class_position_and_exception():
    for call in (lambda: value(Boom(), 10), lambda: heap_values(Boom(), 10),
                 lambda: winning_moves(Boom(), 3), lambda: grundy.part_winning_moves(Boom(), [3])):
        with pytest.raises(RulesetError) as info:
            call()
        message = str(info.value)
        assert message.startswith("Boom.options(3) raised ZeroDivisionError: boom at three"), message
        assert "test_engine.py, line" in message
        assert isinstance(info.value, GrundyError) and info.value.position == 3
    # A KeyError inside options() is the user's, not a missing memo entry.
    with pytest.raises(RulesetError, match=r"BoomGenerator.options\(\d+\) raised KeyError: 'lost'"):
        value(BoomGenerator(), 5)


def test_a_game_that_is_not_a_game_is_a_clear_error():
    for call in (lambda: value(None, 3), lambda: heap_values(3, 4), lambda: winning_moves("x", 1),
                 lambda: grundy.part_winning_moves(None, [1]), lambda: grid_values(None, 2, 2)):
        with pytest.raises(GrundyError, match="expected a ruleset"):
            call()


def test_unhashable_positions_and_options_are_clear_errors():
    with pytest.raises(GrundyError, match=r"position \[1, 2\] is not hashable"):
        value(Sub134(), [1, 2])
    with pytest.raises(RulesetError, match=r"Graph.options\(0\) raised TypeError: unhashable"):
        value(Graph({0: [[1]]}), 0)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 8))
    return {p: draw(st.lists(st.integers(0, n - 1), max_size=3)) for p in range(n)}


def reaches(edges, a, b):
    seen, todo = set(), list(edges[a])
    while todo:
        p = todo.pop()
        if p == b:
            return True
        if p not in seen:
            seen.add(p)
            todo.extend(edges[p])
    return False


@given(graphs(), st.data())
def test_loopy_error_names_a_position_on_a_cycle(edges, data):
    start = data.draw(st.sampled_from(sorted(edges)))
    cyclic = any(reaches(edges, p, p) and (p == start or reaches(edges, start, p)) for p in edges)
    if cyclic:
        with pytest.raises(LoopyGameError) as info:
            value(Graph(edges), start)
        assert reaches(edges, info.value.position, info.value.position)
    else:
        assert value(Graph(edges), start) == brute(Graph(edges), start)


def test_fast_value_is_asked_first_only_when_overridden():
    asked = []

    class KnowsNim(Game):
        def options(self, n):
            return range(n)

        def fast_value(self, n):
            asked.append(n)
            return n if n < 100 else None  # beyond 100: "ask the engine"

    g = KnowsNim()
    assert value(g, 7) == 7 and asked == [7] and g.cache == {}
    assert value(g, Sum(3, 5)) == 6 and asked == [7, 3, 5]
    assert value(g, 101) == 101 and asked[-1] == 101  # the search itself does not ask
    assert asked.count(100) == 0
    assert Game().fast_value(3) is None


def test_parse_and_format_positions():
    g = Game()
    assert g.parse_position(" 12 ") == 12 and g.parse_position("-3") == -3
    assert g.parse_position("3X4") == (3, 4) and g.parse_position("3 , 4") == (3, 4)
    assert g.parse_position("()") == () and g.parse_position("(5,)") == (5,)
    for bad in ("", "3x", "x4", "1.5", "(1,,2)", "[1,2]", "3x4x5"):
        with pytest.raises(GrundyError, match="cannot read a position from"):
            g.parse_position(bad)

    class Words(Game):  # a user's game on words, with no parse_position of its own
        def options(self, word):
            return [word[:i] + word[i + 1:] for i in range(len(word))]

    with pytest.raises(GrundyError, match=r"'abc': Words takes .* give Words a "
                                          r"parse_position\(text\) method$"):
        Words().parse_position("abc")


@given(st.one_of(st.integers(-10**6, 10**6),
                 st.lists(st.integers(-1000, 1000), max_size=5).map(tuple)))
def test_parse_position_inverts_format_position(position):
    g = Game()
    assert g.parse_position(g.format_position(position)) == position


@given(st.lists(st.integers(0, 5) | st.text(max_size=2), max_size=5), st.randoms())
def test_equal_sums_hash_equal(parts, rnd):
    shuffled = list(parts)
    rnd.shuffle(shuffled)
    assert Sum(*parts) == Sum(*shuffled) and hash(Sum(*parts)) == hash(Sum(*shuffled))


# -- the single call: memo hit, cold path in order, winning moves ---------------------


class SubSet(Game):
    """A subtraction game whose options depend on its parameters."""

    def __init__(self, moves):
        self.moves = tuple(moves)

    def options(self, n):
        return [n - k for k in self.moves if k <= n]


def brute_values(moves, limit):
    """Plain mex recursion over the rules, written here."""
    g = []
    for n in range(limit):
        seen = {g[n - k] for k in moves if k <= n}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def test_values_one_call_at_a_time_agree_with_brute_force_in_any_order():
    import random

    rnd = random.Random(20)
    for _ in range(30):
        moves = sorted(rnd.sample(range(1, 12), rnd.randint(1, 4)))
        want = brute_values(moves, 400)
        g = SubSet(moves)
        order = list(range(400))
        if rnd.random() < 0.5:
            rnd.shuffle(order)
        assert {n: value(g, n) for n in order} == dict(enumerate(want))
        assert [value(g, n) for n in range(400)] == want  # warm: memo hits
        assert [winning_moves(g, n) for n in range(50)] == \
            [[n - k for k in moves if k <= n and want[n - k] == 0] for n in range(50)]


def test_games_whose_options_change_with_parameters_keep_their_own_memo():
    a, b = SubSet((1, 2)), SubSet((1, 3, 4))
    for n in range(200):  # interleaved: neither reads the other's values
        assert value(a, n) == n % 3
        assert value(b, n) == brute_values((1, 3, 4), 200)[n]
    assert a.cache is not b.cache
    assert SubSet((1, 2)).cache == {}  # a new instance starts empty


def test_a_copy_or_a_pickle_starts_with_an_empty_memo():
    import copy
    import pickle

    a = SubSet((1, 2))
    assert value(a, 100) == 1 and len(a.cache) > 0
    b = copy.copy(a)
    b.moves = (1, 3, 4)  # a copy whose parameters change must not read a's memo
    assert b.cache == {} and value(b, 100) == brute_values((1, 3, 4), 101)[100]
    assert value(a, 100) == 1
    c = pickle.loads(pickle.dumps(a))
    assert c.cache == {} and value(c, 100) == 1 and copy.deepcopy(a).cache == {}


def test_memo_of_single_calls_stays_bounded_by_cache_limit():
    class Bounded(SubSet):
        cache_limit = 64

    g = Bounded((1, 3, 4))
    want = brute_values((1, 3, 4), 5000)
    for n in range(5000):
        assert value(g, n) == want[n]
        assert len(g.cache) <= 64
    g.cache_limit = None  # the instance attribute wins; then the memo grows again
    assert [value(g, n) for n in range(5000)] == want and len(g.cache) == 5000


def test_errors_on_the_cold_path_are_the_engine_errors():
    from grundy.engine import RulesetError

    class Raises(Game):
        def options(self, n):
            if n == 3:
                raise ZeroDivisionError("three")
            return [n - 1] if n else []

    g = Raises()
    assert [value(g, n) for n in range(3)] == [0, 1, 0]
    with pytest.raises(RulesetError, match=r"Raises.options\(3\) raised ZeroDivisionError"):
        value(g, 3)

    class Unhashable(Game):
        def options(self, n):
            return [[n - 1]] if n else []

    u = Unhashable()
    assert value(u, 0) == 0
    with pytest.raises(RulesetError, match="TypeError"):
        value(u, 1)

    class Loops(Game):
        def options(self, n):
            return [n]

    with pytest.raises(LoopyGameError):
        value(Loops(), 0)
    with pytest.raises(grundy.GrundyError, match="expected a ruleset"):
        value(object(), 0)  # type: ignore[arg-type]


def test_kernel_games_answer_single_calls_from_their_values_and_period():
    from grundy.rules.heap import Subtraction, TakeAndBreak

    sub = Subtraction({1, 3, 4})
    want = brute_values((1, 3, 4), 3000)
    assert [value(sub, n) for n in range(3000)] == want
    assert value(sub, 10**20) == want[10**20 % 7 + 7 * 4]  # period 7: any heap, by the period
    kayles = TakeAndBreak("0.77")
    # the engine alone, by the same options, on a game without a kernel
    engine = type("Engine", (Game,), {"options": lambda self, n: kayles.options(n)})()
    assert [value(kayles, n) for n in range(300)] == [value(engine, n) for n in range(300)]
    assert kayles.cache == {}  # kernel values are not copied into the memo


# -- moves that never end: an option that is not a smaller heap, a depth limit -------------

import re
from typing import Any

from grundy.catalog import entries, find
from grundy.engine import EndlessGameError, _solve
from grundy.rules.base import HeapGame
from support import assert_bad_heap_option


#: a guard in each ruleset: before the fix the search ran on for ever; here it stops at
#: a position no search that ends would reach, with an error that is not the one wanted
GUARD = 10**5


class Typo(HeapGame):
    """The README's subtraction game without ``if k <= n``."""

    def options(self, n: int) -> list[int]:
        if n < -GUARD:
            raise RuntimeError("ran away")
        return [n - k for k in (1, 3, 4)]


class Up(HeapGame):
    def options(self, n: int) -> list[int]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [n + 1]


class SplitsUp(HeapGame):
    """Splits heap n into n and 1: a part that is not smaller."""

    def options(self, n: int) -> list[Any]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [Sum(n, 1)] if n else []


class UpGame(Game):
    depth_limit = 5000

    def options(self, n: int) -> list[int]:
        if n > GUARD:
            raise RuntimeError("ran away")
        return [n + 1, n + 2]


@pytest.mark.parametrize("cls", [Typo, Up, SplitsUp])
def test_a_heap_game_option_that_is_not_a_smaller_heap_is_refused(cls: type[HeapGame]) -> None:
    for ask in (lambda g: value(g, 10), lambda g: g.sequence(10), lambda g: value(g, 1)):
        game = cls()
        with pytest.raises(EndlessGameError) as info:
            ask(game)
        assert isinstance(info.value, LoopyGameError) and isinstance(info.value, GrundyError)
        assert_bad_heap_option(game, info.value.position, info.value.option)
        text = str(info.value)
        assert cls.__name__ in text and "\n" not in text
        named = re.search(r"heap (-?\d+) has an option (-?\d+)", text)
        assert named and (int(named[1]), int(named[2])) == (info.value.position,
                                                            info.value.option)


def test_a_game_whose_moves_never_end_stops_at_its_depth_limit() -> None:
    game = UpGame()
    with pytest.raises(EndlessGameError) as info:
        value(game, 0)
    assert info.value.position == 0 and "never end" in str(info.value)
    assert len(game.cache) <= game.depth_limit  # the memo did not grow past the search


def test_a_deep_game_that_ends_is_still_valued() -> None:
    """A chain of 2 * 10^5 positions, asked from the top: the period of sub:1,3,4."""

    class Sub134(Game):
        def options(self, n: int) -> list[int]:
            return [n - k for k in (1, 3, 4) if k <= n]

    period = [0, 1, 0, 1, 2, 3, 2]
    for n in (200_000, 123_457):
        assert value(Sub134(), n) == period[n % 7]


def test_every_built_in_heap_game_has_smaller_options() -> None:
    """Searched from the top (every option met first in the search), as the sequence says."""
    for entry in entries():
        game = find(entry.name)
        if isinstance(game, HeapGame):
            memo: dict[Any, int] = {}
            got = [memo[n] if n in memo else _solve(game, n, memo) for n in range(24)]
            assert got == game.sequence(24).tolist(), entry.name


def test_sum_hash_spreads_sums_of_the_same_total() -> None:
    """Equal sums hash equal in any order; sums of three heaps with the same total (which a
    plain sum of the parts' hashes sends to one bucket) almost never share a hash."""
    from itertools import combinations_with_replacement, permutations

    sums = [Sum(*heaps) for heaps in combinations_with_replacement(range(40), 3)]
    for s in sums[::97]:
        assert {hash(Sum(*order)) for order in permutations(s.parts)} == {hash(s)}
    assert len({hash(s) for s in sums}) >= 0.99 * len(sums)
