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
from grundy.rules.heap import TakeAndBreak
from support import DATA

from grundy.rules.boards import Search

#: the compiled search's rule numbers (0 Cram, 1 Node Kayles) as the games name them
SEARCH = {0: Search.CRAM, 1: Search.NODE_KAYLES}
from rules.test_boards import (domino_moves, induced, masks, needs_kernel, node_moves, plain_cells,
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
            for taken in taken_cells(b, SEARCH[rule]):
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
def test_a_full_table_takes_each_new_board_so_that_small_ones_are_not_searched_over_and_over():
    """In a table at its limit a new board takes the place of the smallest of its 8 places'
    boards, however small it is.  Kept only when larger than one of them, the small boards'
    values were lost as soon as the table was full, and searched again at each use: 3 x 12
    in 2^10 slots searched 42 times the components it does in a large table, 5 x 6 26 times
    (now about 4 times)."""
    k = kernel()
    most = k.stats()[2]
    try:
        for rows, cols, want in ((3, 12, 1), (5, 6, 2)):  # Lemoine and Viennot; Beling
            searched = []
            for slots in (1 << 21, 1 << 10):
                k.clear()
                k.set_slots(slots, 16)
                assert k.value(rows, cols, (1 << rows * cols) - 1, 0) == want
                searched.append(k.stats()[0])
            assert searched[1] < 8 * searched[0], (rows, cols, searched)
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


# -- boards and graphs in two words ---------------------------------------------------------

@pytest.fixture
def wide():
    """The compiled search with every board and graph in two words; one word afterwards."""
    k = kernel()
    k.set_wide(True)
    k.clear()
    yield k
    k.set_wide(False)
    k.clear()


def both_widths(k, ask):
    """``ask()`` in one word and in two (each from a cleared table)."""
    found = []
    for on in (False, True):
        k.set_wide(on)
        k.clear()
        found.append(ask())
    k.set_wide(False)
    return found


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_two_words_equal_one_word_and_the_plain_search_on_random_small_boards(rule):
    rng, k = random.Random(35), kernel()
    plain = domino_moves if rule == 0 else node_moves
    try:
        for _ in range(250):
            b = random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 7))
            one, two = both_widths(k, lambda: k.value(b.rows, b.cols, b.mask, rule))
            assert one == two, b.text()
            if b.count() <= 14:
                assert one == plain_cells(b.cells(), plain), b.text()
            t = rng.choice([0, 1, one])
            asked = both_widths(k, lambda: k.has_value(b.rows, b.cols, b.mask, rule, t))
            assert asked == [one == t] * 2, (b.text(), t)
    finally:
        k.set_wide(False)
        k.clear()


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_wide_boards_in_one_word_equal_the_plain_search(rule):
    """Boards 9 to 64 wide in one word, a few clumps of free cells: the pieces are found by
    whole runs of a row (up to six doubling steps to the left), across blocked cells and
    the 2 x 2 cut, and the values equal the plain search's and the two-word search's."""
    rng, k = random.Random(38), kernel()
    plain = domino_moves if rule == 0 else node_moves
    try:
        for _ in range(150):
            rows = rng.randint(1, 7)
            cols = rng.randint(9, 64 // rows)
            b = sparse_board(rng, rows, cols, rng.randint(4, 9))  # up to 16 cells
            one, two = both_widths(k, lambda: k.value(rows, cols, b.mask, rule))
            assert one == two == plain_cells(b.cells(), plain), b.text()
    finally:
        k.set_wide(False)
        k.clear()


def sparse_board(rng, rows, cols, free):
    """A board of rows x cols with about ``free`` free cells, in a few clumps."""
    cells = set()
    while len(cells) < free:
        r, c = rng.randrange(rows), rng.randrange(cols)
        for _ in range(rng.randint(1, 8)):
            cells.add((r, c))
            r = min(rows - 1, max(0, r + rng.choice((-1, 0, 1))))
            c = min(cols - 1, max(0, c + rng.choice((-1, 0, 1))))
    return Board(rows, cols, sum(1 << (r * cols + c) for r, c in cells))


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_boards_past_64_cells_equal_the_python_path(rule):
    """Boards of 65 to 128 cells with 12 to 24 free cells: the compiled search (two words,
    its small pieces in one; and all in two) equals the Python search by pieces."""
    from grundy.rules.cram import board_value

    rng, k = random.Random(36), kernel()
    memo: dict = {}
    shapes = [(9, 9), (5, 20), (2, 64), (11, 11), (1, 128), (3, 30), (8, 16), (13, 9)]
    try:
        for i in range(120):
            rows, cols = shapes[i % len(shapes)]
            b = sparse_board(rng, rows, cols, rng.randint(12, 24))
            want = board_value(b, SEARCH[rule], memo)
            assert both_widths(k, lambda: k.value(rows, cols, b.mask, rule)) == [want] * 2
    finally:
        k.set_wide(False)
        k.clear()


@needs_kernel
def test_long_rows_and_paths_past_64_are_dawsons_games():
    kayles = TakeAndBreak("0.07").sequence(129).tolist()
    chess = TakeAndBreak("0.137").sequence(129).tolist()
    for n in (63, 64, 65, 70, 99, 127, 128):
        assert Cram().value(Board.full(1, n)) == kayles[n]
        assert NodeKayles().value(Board.full(1, n)) == chess[n]
        assert NodeKayles().value(Graph.parse(f"path:{n}")) == chess[n]
        assert ArcKayles().value(Graph.parse(f"path:{n}")) == kayles[n]
    for n in (33, 40, 64):  # 66 to 128 cells: even by even loses, even by odd wins
        assert (Cram().value(Board.full(2, n)) == 0) == (n % 2 == 0), n


@needs_kernel
@pytest.mark.parametrize("rule, name", [(0, "arc"), (1, "node")])
def test_graphs_past_64_vertices_equal_the_plain_search(rule, name):
    """Random graphs of 65 to 128 vertices, with up to 12 vertices left: the two-word graph
    search equals the plain search of what is left."""
    rng, k = random.Random(37), kernel()
    for _ in range(120):
        n = rng.randint(65, 128)
        edges = random_graph(rng, n, rng.uniform(0.02, 0.1))
        left = sum(1 << v for v in rng.sample(range(n), rng.randint(0, 12)))
        want = plain_graph(*induced(n, edges, left), name)
        assert k.graph_value(masks(n, edges), left, rule) == want
        t = rng.choice([0, want])
        assert k.graph_has_value(masks(n, edges), left, rule, t) == (want == t)


@needs_kernel
@pytest.mark.parametrize("rule, name", [(0, "arc"), (1, "node")])
def test_graphs_in_two_words_equal_one_word(rule, name, wide):
    rng = random.Random(38)
    for _ in range(200):
        n = rng.randint(0, 10)
        edges = random_graph(rng, n, rng.random())
        left = rng.choice([(1 << n) - 1, rng.getrandbits(n) if n else 0])
        assert wide.graph_value(masks(n, edges), left, rule) == plain_graph(
            *induced(n, edges, left), name)


@needs_kernel
def test_the_two_word_table_is_saved_and_given_back():
    k = kernel()
    k.clear()
    b = Board.full(1, 100)  # in two words, its pieces of at most 64 cells in one
    first = Cram().value(b)
    wide_records, records = k.dump(2), k.dump()
    assert len(wide_records) % 20 == 0 and wide_records and records
    assert len(records) // 12 + len(wide_records) // 20 == k.stats()[1]
    k.clear()
    k.load(wide_records, 2)
    k.load(records)
    assert sorted(chunks20(k.dump(2))) == sorted(chunks20(wide_records))
    searched = k.stats()[0]
    assert Cram().value(b) == first and k.stats()[0] == searched  # all known: none searched
    assert first == TakeAndBreak("0.07").sequence(101).tolist()[100]
    with pytest.raises(ValueError):
        k.load(wide_records[:-1], 2)
    with pytest.raises(ValueError):
        k.load(b"\xff" * 20, 2)
    k.clear()


def chunks20(records):
    return [records[i:i + 20] for i in range(0, len(records), 20)]


@needs_kernel
def test_a_board_past_64_cells_resumes_from_its_file_with_both_widths(tmp_path):
    from grundy.errors import GrundyError
    from grundy.research import boards

    table, k = tmp_path / "row.table", kernel()
    k.clear()
    board = Board.full(1, 100)
    first = boards.solve(board, table=table)
    assert b"two words\n" in table.read_bytes()
    k.clear()
    assert boards.load_table(table, k) == k.stats()[1] > 0 and k.dump(2)
    searched = k.stats()[0]
    assert boards.solve(board, table=table) == first and k.stats()[0] == searched
    data = bytearray(table.read_bytes())
    data[-1] ^= 0xFF  # in the two-word part
    table.write_bytes(bytes(data))
    k.clear()
    with pytest.raises(GrundyError, match="damaged"):
        boards.load_table(table, k)
    assert k.stats()[1] == 0


# -- published values ------------------------------------------------------------------------

def published_three_rows():
    from pathlib import Path

    found = {}
    for line in (DATA / "board_values.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            game, first, values = line.split(" ", 2)
            found[game] = {int(first) + i: int(v) for i, v in enumerate(values.split(", "))}
    return found


def test_the_board_data_names_its_source():
    from pathlib import Path

    text = (DATA / "board_values.txt").read_text()
    assert text.count("# source:") == 2 == len(published_three_rows())


@needs_kernel
def test_three_row_boards_equal_the_published_values():
    """Cram 3 x 3 .. 3 x 13 (3 x 14 and 3 x 15 take about a second each; 3 x 16, of value
    4, does not finish in minutes) and Node Kayles on the 3 x 1 .. 3 x 16 grids, in one word
    and (Node Kayles) in two."""
    k, published = kernel(), published_three_rows()
    for n, v in published["cram"].items():
        if n <= 13:
            assert Cram().value(Board.full(3, n)) == v, n
    for n, v in published["node-kayles"].items():
        assert both_widths(k, lambda: k.value(3, n, (1 << 3 * n) - 1, 1)) == [v, v], n
    assert len(published["cram"]) == 18 and len(published["node-kayles"]) == 16


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_a_table_of_1024_slots_forgetting_values_and_notes_gives_the_same_values(rule):
    """A table at its smallest limit, never cleared, pushes out values and notes all along:
    the values found through it, in one word and in two, are those of a large table and
    of the plain search."""
    k, rng = kernel(), random.Random(36)
    plain = domino_moves if rule == 0 else node_moves
    boards = [random_blocked_board(rng, rng.randint(2, 4), rng.randint(3, 6)) for _ in range(60)]
    most = k.stats()[2]
    k.clear()
    want = [k.value(b.rows, b.cols, b.mask, rule) for b in boards]
    searched = k.stats()[0]
    for b, v in zip(boards, want):
        if b.count() <= 14:
            assert v == plain_cells(b.cells(), plain), b.text()
    try:
        for on in (False, True):
            k.set_slots(1 << 10, 16)
            k.set_wide(on)
            assert [k.value(b.rows, b.cols, b.mask, rule) for b in boards] == want
            assert k.table_slots(2 if on else 1) == (1 << (9 if on else 10),) * 2
            assert k.stats()[0] > searched  # values were forgotten and found again
    finally:
        k.set_wide(False)
        k.set_slots(most)


# -- the root's pieces and options (for a search split over processes) -----------------------

def check_root_options(k, b, rule, value_of):
    """``root_options`` of board b: the XOR of its pieces' values is the board's, a piece
    listed as small has value 1, and the mex of the listed options of the first (the
    largest) is its value, each option's pieces adding up to the option's value; values by
    ``value_of(board)``.  The pieces and options, for comparing the two widths."""
    found = k.root_options(b.rows, b.cols, b.mask, rule)
    pieces, options = found
    want = value_of(b)
    x = 0
    for h, w, mask in pieces:
        v = value_of(Board(h, w, mask)) if h else 1
        if not h:  # a piece of value 1: Cram's of 2 or 3 cells, Node Kayles's of 1 or 2
            assert 2 - rule <= mask.bit_count() <= 3 - rule, (b.text(), mask)
        x ^= v
    assert x == want, b.text()
    assert pieces == [] or max(m.bit_count() for _, _, m in pieces) == pieces[0][2].bit_count()
    if not pieces or not pieces[0][0]:
        assert options == [], b.text()
        return found
    h, w, mask = pieces[0]
    piece = Board(h, w, mask)
    values = []
    for left, parts in options:
        assert left & ~mask == 0 and (mask & ~left).bit_count() in (2, 3, 4, 5), b.text()
        option = value_of(Board(h, w, left))
        assert option == value_of_parts(parts, value_of), (b.text(), left)
        values.append(option)
    assert len(options) == len(taken_cells(piece, SEARCH[rule])), b.text()
    assert mex(values) == value_of(piece), b.text()
    return found


def value_of_parts(parts, value_of):
    x = 0
    for h, w, mask in parts:
        x ^= value_of(Board(h, w, mask)) if h else 1
    return x


def mex(values):
    return min(set(range(len(values) + 1)) - set(values))


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_the_roots_pieces_and_options_add_up_to_the_plain_search(rule):
    """On random boards with blocked cells, in one word and in two, the pieces root_options
    lists add up to the board's value by the plain search, and the listed options of the
    largest to that piece's; both widths list the same."""
    rng, k = random.Random(37), kernel()
    plain = domino_moves if rule == 0 else node_moves

    def value_of(board):
        return plain_cells(board.cells(), plain)

    checked = 0
    try:
        for _ in range(250):
            b = random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 6))
            if b.count() > 14:
                continue
            one, two = both_widths(k, lambda: check_root_options(k, b, rule, value_of))
            assert one == two, b.text()
            checked += bool(one[1])
    finally:
        k.set_wide(False)
        k.clear()
    assert checked > 60


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_the_roots_options_past_64_cells_equal_the_python_path(rule):
    from grundy.rules.cram import board_value

    rng, k = random.Random(38), kernel()
    memo: dict = {}

    def value_of(board):
        return board_value(board, SEARCH[rule], memo)

    shapes = [(9, 9), (5, 20), (3, 30), (8, 16)]
    checked = 0
    try:
        for i in range(24):
            rows, cols = shapes[i % len(shapes)]
            b = sparse_board(rng, rows, cols, rng.randint(10, 16))
            checked += bool(check_root_options(k, b, rule, value_of)[1])
    finally:
        k.clear()
    assert checked > 12


# -- a second move order ------------------------------------------------------------------

@needs_kernel
def test_the_second_move_order_tries_the_same_options_in_another_order():
    """set_order(True) changes the order of the root's options (the dominoes the long axis
    cuts in half no longer first among equally near ones), never which they are."""
    k = kernel()
    try:
        for rows, cols in [(3, 4), (4, 5), (3, 7), (4, 9)]:
            mask = (1 << rows * cols) - 1
            k.set_order(False)
            first = k.root_options(rows, cols, mask)[1]
            k.set_order(True)
            second = k.root_options(rows, cols, mask)[1]
            assert sorted(first) == sorted(second)
            assert first != second, (rows, cols)
    finally:
        k.set_order(False)


@needs_kernel
def test_both_move_orders_equal_the_plain_search_on_random_boards():
    """Cram's values and answers to "is the value t?" on random blocked boards, in either
    order from a cleared table: equal to each other and to the plain search."""
    rng, k = random.Random(39), kernel()
    try:
        for _ in range(250):
            b = random_blocked_board(rng, rng.randint(1, 5), rng.randint(1, 6))
            found = []
            for other in (False, True):
                k.set_order(other)
                k.clear()
                found.append(k.value(b.rows, b.cols, b.mask, 0))
            assert found[0] == found[1], b.text()
            if b.count() <= 14:
                assert found[0] == plain_cells(b.cells(), domino_moves), b.text()
            t = rng.choice([0, 1, 2, found[0]])
            k.clear()
            assert k.has_value(b.rows, b.cols, b.mask, 0, t) == (found[0] == t), (b.text(), t)
    finally:
        k.set_order(False)
        k.clear()


@needs_kernel
def test_the_progress_counts_the_values_of_both_widths():
    """The progress is told the values both tables hold, as stats() says, also while the
    search is in a piece past 64 cells (its status line once read 1.9 M values kept, those
    of the two-word table alone, where the tables held 117 M)."""
    k = kernel()
    told: list[tuple[int, int]] = []
    # a U over a 3 x 30 board: its pieces that keep both arms span 90 cells (two words)
    cells = [(0, c) for c in range(30)] + [(r, c) for r in (1, 2) for c in (0, 29)]
    mask = sum(1 << (r * 30 + c) for r, c in cells)
    k.clear()
    k.value(1, 30, (1 << 30) - 1)  # values of one-word pieces first
    k.set_progress(lambda searched, stored: told.append((stored, k.stats()[1])), 1)
    try:
        k.value(3, 30, mask)
    finally:
        k.set_progress(None)
        k.clear()
    assert told
    assert all(stored == kept for stored, kept in told), told[:5]


@needs_kernel
def test_a_search_lets_other_threads_run_and_its_tables_are_one_threads_at_a_time():
    """A search runs without Python's lock, so the process's other threads run meanwhile (a
    Dask worker's heartbeat: a worker silent for 5 minutes was dropped); the module's
    functions called from another thread wait for it to end (its tables are the module's),
    and its progress callback, in its own thread, still reads stats() and root()."""
    import threading
    import time

    k = kernel()
    k.clear()
    started, ended = threading.Event(), threading.Event()
    found: list[int] = []
    inside: list[tuple[int, ...]] = []

    def search() -> None:
        k.set_progress(lambda searched, stored: inside.append((k.stats()[0], *k.root())),
                       1 << 16)
        started.set()
        try:
            found.append(k.value(4, 9, (1 << 36) - 1))
        finally:
            k.set_progress(None)
            ended.set()

    thread = threading.Thread(target=search)
    thread.start()
    started.wait()
    ticks = 0
    while not ended.wait(0.002):
        ticks += 1
    searched = k.stats()[0]  # after the search, whichever thread asks
    thread.join()
    assert found == [1]  # 4 x 9, as published
    assert ticks >= 5, ticks  # the old search held the lock: none, or one at its start
    assert inside and all(n <= searched for n, *_ in inside)
    k.clear()
    other = threading.Thread(target=lambda: found.append(k.value(4, 9, (1 << 36) - 1)))
    other.start()
    while k.stats()[0] == 0 and other.is_alive():  # no stats() is read mid-search
        time.sleep(0.001)
    other.join()
    assert k.stats()[0] == searched and found[-1] == 1
    k.clear()


# -- the notes: values a board was found not to have ---------------------------------------

def notes_of(records, size=12):
    """The notes of dump(words, True): (mask, rows, cols, rule, the values noted)."""
    found = []
    for i in range(0, len(records), size):
        r = records[i:i + size]
        words = size - 4
        mask, w, h = int.from_bytes(r[:words], "little"), r[words], r[words + 1]
        info = int.from_bytes(r[words + 2:], "little")
        found.append((mask, h & 127, w, h >> 7, {v for v in range(15) if info >> v & 1}))
    return found


@needs_kernel
@pytest.mark.parametrize("rule", [0, 1])
def test_every_note_dumped_is_true_and_the_notes_come_back_whole(rule):
    """After has_value questions on random boards, each note the table dumps is a true
    statement (the board's plain value is none of the values noted, in either game); given
    back to a cleared table, the same notes are dumped again, and the questions are then
    answered with fewer boards searched."""
    rng, k = random.Random(17 + rule), kernel()
    plain = domino_moves if rule == 0 else node_moves
    checked = 0
    try:
        for _ in range(40):
            k.clear()
            b = random_blocked_board(rng, rng.randint(3, 5), rng.randint(4, 6))
            asked = [(t, k.has_value(b.rows, b.cols, b.mask, rule, t)) for t in range(4)]
            values, notes = k.dump(), k.dump(1, True)
            for mask, h, w, r, noted in notes_of(notes):
                assert r == rule and noted
                if bin(mask).count("1") <= 12:
                    full = plain_cells(Board(h, w, mask).cells(), plain)
                    assert full not in noted, (h, w, mask, noted)
                    checked += 1
            searched = k.stats()[0]
            k.clear()
            k.load(values)
            k.load(notes, 1, True)
            assert sorted(chunks(k.dump(1, True))) == sorted(chunks(notes))
            assert k.stats()[3] == len(notes) // 12
            before = k.stats()[0]
            assert [(t, k.has_value(b.rows, b.cols, b.mask, rule, t)) for t in range(4)] == asked
            assert k.stats()[0] - before <= searched
    finally:
        k.clear()
    assert checked > 50


@needs_kernel
def test_notes_of_two_words_come_back_and_bad_notes_are_refused():
    k = kernel()
    k.clear()
    try:
        board = Board.full(2, 35)  # 70 cells: its pieces past 64 cells in two words
        first = k.has_value(2, 35, board.mask, 0, 2)
        notes, values = k.dump(2, True), k.dump(2)
        assert notes and len(notes) % 20 == 0
        assert all(noted for *_, noted in notes_of(notes, 20))
        searched = k.stats()[0]
        k.clear()
        k.load(values, 2)
        k.load(notes, 2, True)
        assert sorted(chunks20(k.dump(2, True))) == sorted(chunks20(notes))
        before = k.stats()[0]
        assert k.has_value(2, 35, board.mask, 0, 2) == first
        assert k.stats()[0] - before < searched
        for bad in [bytes(8) + bytes([4, 3]) + bytes(2),  # no value noted
                    bytes(8) + bytes([4, 3, 0, 0x80]),  # past the 15 values a note holds
                    (1 << 20).to_bytes(8, "little") + bytes([4, 3, 1, 0])]:  # off the board
            with pytest.raises(ValueError, match="not a board's note"):
                k.load(bad, 1, True)
    finally:
        k.clear()


@needs_kernel
@pytest.mark.parametrize("words,notes", [(1, False), (1, True), (2, False), (2, True)])
def test_the_table_dumped_by_ranges_of_slots_is_the_table_dumped_whole(words, notes):
    """dump(words, notes, start, stop) gives the records of the slots start..stop-1: the
    ranges of any length, one after the other over the table and the 8 slots past its last,
    give the whole dump in its order; a range past the end, or empty, gives none."""
    k, rng = kernel(), random.Random(5 + 2 * words + notes)
    k.clear()
    try:
        for cols in range(33, 45) if words == 2 else [11]:  # 2 x 33 on: pieces past 64 cells
            board = Board.full(2 if words == 2 else 3, cols)
            k.value(board.rows, board.cols, board.mask)
            k.has_value(board.rows, board.cols, board.mask, 0, 2)
        whole, size = k.dump(words, notes), 8 * words + 4
        assert len(whole) > 3 * size
        end = k.table_slots(words)[0] + 8
        for _ in range(5):
            step = rng.choice([1, 3, 64, rng.randint(2, end)])
            assert b"".join(k.dump(words, notes, start, start + step)
                            for start in range(0, end, step)) == whole
        assert k.dump(words, notes, end, end + 100) == k.dump(words, notes, 7, 7) == b""
        assert k.dump(words, notes, 0, 1 << 62) == whole
    finally:
        k.clear()
