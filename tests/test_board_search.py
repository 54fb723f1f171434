"""The compiled board search's questions and table: the zero test ("is the value t?") that
finds winning moves, and the table that grows to the work.  Each is checked against a full
valuation and against the plain searches of test_boards."""

from __future__ import annotations

import random

import pytest

from grundy.engine import value
from grundy.play.analysis import analyze
from grundy.rules.cells import Board
from grundy.rules.cram import Cram, kernel, taken_cells
from grundy.rules.graphs import ArcKayles, Graph, NodeKayles
from test_boards import (domino_moves, induced, masks, needs_kernel, node_moves, plain_cells,
                         plain_graph, pure, random_graph)


def random_blocked_board(rng, rows, cols):
    """A board with about a quarter of its cells blocked, or a random half."""
    n = rows * cols
    mask = rng.getrandbits(n) | rng.getrandbits(n) if rng.random() < 0.7 else rng.getrandbits(n)
    return Board(rows, cols, mask)


# -- the zero test ------------------------------------------------------------------------

@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_the_question_is_the_value_t_equals_the_full_value_of_each_option(rule):
    """On random boards with blocked cells, for every option and t = 0..3 and its own value,
    has_value says yes exactly when the option's full value (asked of a cleared table, or
    read from the plain search on small boards) is t; the table is cleared before some
    questions, so that each is searched from nothing as well as from what is known."""
    rng, k = random.Random(31), kernel()
    plain = domino_moves if rule == 0 else node_moves
    asked = 0
    try:
        for _ in range(150):
            b = random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 6))
            for taken in taken_cells(b, rule):
                option = b.without(taken)
                k.clear()
                full = k.value(b.rows, b.cols, option.mask, rule)
                if option.count() <= 12:
                    assert full == plain_cells(option.cells(), plain), option.text()
                for t in sorted({0, 1, 2, 3, full}):
                    if rng.random() < 0.5:
                        k.clear()
                    said = k.has_value(b.rows, b.cols, option.mask, rule, t)
                    assert said == (full == t), (option.text(), t, full)
                    asked += 1
    finally:
        k.clear()
    assert asked > 2000


@needs_kernel
@pytest.mark.parametrize("rule, name", [(0, "arc"), (1, "node")])
def test_the_question_on_random_graphs_equals_the_plain_search(rule, name):
    rng, k = random.Random(32), kernel()
    for _ in range(300):
        n = rng.randint(0, 10)
        edges = random_graph(rng, n, rng.random())
        left = rng.choice([(1 << n) - 1, rng.getrandbits(n) if n else 0])
        want = plain_graph(*induced(n, edges, left), name)
        for t in sorted({0, 1, 2, want}):
            if rng.random() < 0.5:
                k.clear()
            assert k.graph_has_value(masks(n, edges), left, rule, t) == (want == t)


@needs_kernel
@pytest.mark.parametrize("game", [Cram, NodeKayles, ArcKayles])
def test_the_options_of_a_value_are_the_engines(game):
    """The options of value t the game finds by questions are those the engine values at t,
    in the same order, on boards and (Node and Arc Kayles) graphs."""
    rng = random.Random(33)
    engine = pure(game())
    for _ in range(60):
        if game is Cram or rng.random() < 0.5:
            part = random_blocked_board(rng, rng.randint(1, 4), rng.randint(1, 5))
        else:
            n = rng.randint(1, 9)
            part = Graph.make(n, random_graph(rng, n, rng.uniform(0.2, 0.6)))
        values = [value(engine, o) for o in engine.options(part)]
        for t in sorted(set(values) | {0}):
            found = game().options_of_value(part, t)
            assert found == [o for o, v in zip(engine.options(part), values) if v == t]


@needs_kernel
def test_analyze_lists_the_winning_moves_the_engine_finds():
    b = Board.parse("....|....|..#.|....")
    moves = [m.option for m in analyze(Cram(), [b]).moves]
    engine = pure(Cram())
    assert moves and moves == [o for o in engine.options(b) if value(engine, o) == 0]
    with_sum = analyze(Cram(), [b, Board.full(1, 4)])  # values 1 and 2: targets 2 and 1
    assert with_sum.value == value(engine, b) ^ 2
    for m in with_sum.moves:
        assert value(engine, m.option) ^ value(engine, with_sum.parts[1 - m.index]) == 0


@needs_kernel
def test_a_bad_question_is_refused_clearly():
    k = kernel()
    with pytest.raises(ValueError, match="at least 0"):
        k.has_value(2, 2, 15, 0, -1)
    with pytest.raises(ValueError, match="outside the board"):
        k.has_value(2, 2, 16, 0, 0)
    with pytest.raises(ValueError, match="rule"):
        k.graph_has_value([0], 1, 3, 0)
    assert k.has_value(2, 2, 15, 0, 200) is False  # past the sets: the value itself


# -- the table that grows ----------------------------------------------------------------

@pytest.fixture
def tiny_table():
    """The compiled search with a table of 16 slots at first (it doubles many times), put
    back to its defaults afterwards."""
    k = kernel()
    most = k.stats()[2]
    k.set_slots(1 << 20, 16)
    yield k
    k.set_slots(most)


@needs_kernel
def test_a_table_grown_from_sixteen_slots_gives_the_same_values(tiny_table):
    k, rng = tiny_table, random.Random(34)
    assert k.table_slots() == (0, 1 << 20)  # nothing held yet
    for rule, plain in ((0, domino_moves), (1, node_moves)):
        for _ in range(80):
            b = random_blocked_board(rng, rng.randint(1, 4), rng.randint(1, 5))
            k.clear()
            assert k.value(b.rows, b.cols, b.mask, rule) == plain_cells(b.cells(), plain)
    k.clear()
    assert Cram().value(Board.full(4, 7)) == 3  # Beling's table
    grown, most = k.table_slots()
    assert 2 * k.stats()[1] <= grown and grown >= 1 << 10 and most == 1 << 20
    assert NodeKayles().value(Board.full(3, 9)) == 2  # OEIS A316632


@needs_kernel
def test_a_table_at_its_limit_forgets_small_boards_and_stays_right():
    k = kernel()
    most = k.stats()[2]
    k.set_slots(1 << 10, 16)
    try:
        assert Cram().value(Board.full(5, 5)) == 0 and Cram().value(Board.full(4, 6)) == 0
        assert Cram().value(Board.full(4, 5)) == 2
        assert k.table_slots() == (1 << 10, 1 << 10)
    finally:
        k.set_slots(most)


@needs_kernel
def test_a_grown_table_is_saved_and_given_back_to_a_small_one(tiny_table):
    k = tiny_table
    assert Cram().value(Board.full(4, 7)) == 3
    records = k.dump()
    assert len(records) // 12 == k.stats()[1] > 1000
    k.set_slots(1 << 20, 16)
    k.load(records)  # the table grows as the records come in
    assert k.dump() and sorted(chunks(k.dump())) == sorted(chunks(records))
    assert k.table_slots()[0] >= 2 * k.stats()[1]
    assert Cram().value(Board.full(4, 7)) == 3


def chunks(records):
    return [records[i:i + 12] for i in range(0, len(records), 12)]


@needs_kernel
def test_bad_table_sizes_are_refused():
    k = kernel()
    most = k.stats()[2]
    try:
        for args in [(1000,), (1 << 33,), (1 << 20, 8), (1 << 20, 100)]:
            with pytest.raises(ValueError):
                k.set_slots(*args)
    finally:
        k.set_slots(most)
