"""Games on boards and graphs: Cram, Node and Arc Kayles, Green Hackenbush, Chomp.

Each is checked against a plain mex search written here (no components, no symmetry,
no principles), on every small position or many random ones, and against theorems and
published values.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

import pytest

from grundy.engine import Sum, value
from grundy.errors import GrundyError
from grundy.rules.cells import Board
from grundy.rules.chomp import Chomp
from grundy.rules.cram import Cram, kernel
from grundy.rules.graphs import ArcKayles, Graph, NodeKayles
from grundy.rules.hackenbush import Drawing, GreenHackenbush, principles_value
from grundy.rules.heap import TakeAndBreak
from brute import (domino_moves, node_moves, plain_cells, plain_chomp, plain_graph,
                   plain_hackenbush, plain_value)

#: Cram's value of a set of free cells by the plain search, with one memo for this file's
#: random boards, which share their small positions (the half-turn boards: 2.5 s to 1.2 s)
cram_cells = plain_value(domino_moves)


# -- plain searches ----------------------------------------------------------------------

def random_board(rng, rows, cols):
    return Board(rows, cols, rng.getrandbits(rows * cols))


def pure(game):
    """The game with its compiled search switched off (the engine's path)."""
    game.fast_value = lambda position: None
    return game


needs_kernel = pytest.mark.skipif(kernel() is None, reason="the compiled board search "
                                  "(grundy.native._cram) is not built")


# -- boards ----------------------------------------------------------------------------

def test_boards_read_and_draw():
    b = Board.parse("..#|...")
    assert (b.rows, b.cols, b.count()) == (2, 3, 5)
    assert Board.parse(b.text()) == b
    assert Board.parse("3x4").text() == "3x4"
    assert b.draw().splitlines() == [". . #", ". . ."]


@pytest.mark.parametrize("text", ["", "3x", "..|.", "ab", "12x11", "0x4", ".|x"])
def test_bad_boards_are_refused_clearly(text):
    with pytest.raises(GrundyError) as info:
        Board.parse(text)
    assert "\n" not in str(info.value)


def test_the_canonical_form_is_one_for_all_eight_images():
    rng = random.Random(5)
    for _ in range(200):
        b = random_board(rng, rng.randint(1, 4), rng.randint(1, 5))
        cells = b.cells()
        if not cells:
            continue
        images = set()
        for swap in (False, True):
            for fr in (False, True):
                for fc in (False, True):
                    h, w = (b.cols, b.rows) if swap else (b.rows, b.cols)
                    moved = []
                    for r, c in cells:
                        if swap:
                            r, c = c, r
                        moved.append((h - 1 - r if fr else r, w - 1 - c if fc else c))
                    mask = sum(1 << (r * w + c) for r, c in moved)
                    images.add(Board(h, w, mask).canonical())
        assert len(images) == 1


def test_components_partition_the_free_cells():
    rng = random.Random(6)
    for _ in range(100):
        b = random_board(rng, rng.randint(1, 5), rng.randint(1, 6))
        assert sum(part.count() for part in b.components()) == b.count()


# -- Cram --------------------------------------------------------------------------------

def test_cram_by_the_engine_equals_the_plain_search_on_random_boards():
    rng = random.Random(1)
    for _ in range(150):
        b = random_board(rng, rng.randint(1, 4), rng.randint(1, 4))
        assert value(pure(Cram()), b) == cram_cells(frozenset(b.cells())), b.text()


@needs_kernel
def test_the_compiled_cram_equals_the_engine_on_random_boards():
    rng = random.Random(2)
    engine = pure(Cram())
    for _ in range(300):
        b = random_board(rng, rng.randint(1, 5), rng.randint(1, 5))
        assert Cram().fast_value(b) == value(engine, b), b.text()


@needs_kernel
@pytest.mark.parametrize("reduce", [True, False])
def test_the_compiled_cram_with_and_without_its_reductions_equals_the_plain_search(reduce):
    """Boards with many tufts (cells of one free neighbour): the search takes away a second
    tuft of one star, and cells whose neighbours are all stars; either way, or neither,
    every value is the plain search's."""
    rng = random.Random(11)
    k = kernel()
    k.set_reduce(reduce)
    try:
        for _ in range(300):
            rows, cols = rng.randint(1, 4), rng.randint(1, 5)
            mask = rng.getrandbits(rows * cols) | rng.getrandbits(rows * cols)  # dense-ish
            if rng.random() < 0.5:
                mask &= rng.getrandbits(rows * cols)  # sparse: paths, stars, tufts
            b = Board(rows, cols, mask)
            k.clear()
            assert k.value(rows, cols, b.mask, 0) == cram_cells(frozenset(b.cells())), b.text()
    finally:
        k.set_reduce(True)
        k.clear()


def components(cells, cut=()):
    """How many parts the free cells fall into, no part crossing an edge of ``cut``."""
    cells, parts = set(cells), 0
    while cells:
        parts += 1
        todo = [cells.pop()]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in cells and frozenset({(r, c), near}) not in cut:
                    cells.remove(near)
                    todo.append(near)
    return parts


@needs_kernel
def test_the_compiled_cram_on_boards_with_a_block_that_splits_equals_the_plain_search():
    """A free 2 x 2 block whose top left cell has its left and upper neighbours taken and
    whose bottom right has its right and lower ones taken (or the mirror image) needs no
    horizontal domino, and the search splits the board there: on boards built with such a
    block, the ones that split without its horizontal edges, every value is the plain
    search's."""
    rng = random.Random(13)
    k = kernel()
    split = 0
    try:
        for _ in range(400):
            rows, cols = rng.randint(2, 4), rng.randint(2, 5)
            r, c = rng.randrange(rows - 1), rng.randrange(cols - 1)
            free = {(i, j) for i in range(rows) for j in range(cols) if rng.random() < 0.75}
            block = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
            if rng.random() < 0.5:  # A's left and top, D's right and bottom taken
                taken = {(r, c - 1), (r - 1, c), (r + 1, c + 2), (r + 2, c + 1)}
            else:  # B's right and top, C's left and bottom taken
                taken = {(r, c + 2), (r - 1, c + 1), (r + 1, c - 1), (r + 2, c)}
            free = (free | block) - taken
            cut = {frozenset({(r, c), (r, c + 1)}), frozenset({(r + 1, c), (r + 1, c + 1)})}
            if components(free, cut) == components(free):
                continue
            split += 1
            b = Board(rows, cols, sum(1 << (i * cols + j) for i, j in free))
            k.clear()
            assert k.value(rows, cols, b.mask, 0) == cram_cells(frozenset(b.cells())), b.text()
    finally:
        k.clear()
    assert split > 100


@needs_kernel
@pytest.mark.parametrize("mirror", [True, False])
def test_the_compiled_cram_on_boards_symmetric_under_the_half_turn_equals_the_plain_search(mirror):
    """Boards that are their own image under the half turn, with the centre cell or centre
    domino free or not: with the symmetry shortcut (a symmetric part with no domino across
    the centre is left out as a loss) or without, every value is the plain search's, and
    the symmetric ones with the centre taken are losses."""
    rng = random.Random(12)
    k = kernel()
    k.set_reduce(True, mirror)
    losses = 0
    try:
        for _ in range(400):
            rows, cols = rng.randint(1, 4), rng.randint(2, 5)
            n = rows * cols
            half = rng.getrandbits(n) | rng.getrandbits(n)
            mask = 0
            for i in range(n):  # cell i and its image n - 1 - i alike
                if (half >> min(i, n - 1 - i)) & 1:
                    mask |= 1 << i
            b = Board(rows, cols, mask)
            want = cram_cells(frozenset(b.cells()))
            k.clear()
            assert k.value(rows, cols, b.mask, 0) == want, b.text()
            mid = (rows // 2) * cols + cols // 2  # the centre cell, or the one right of it
            centre = {(1, 1): [mid], (1, 0): [mid - 1, mid], (0, 1): [mid - cols, mid],
                      (0, 0): []}[(rows % 2, cols % 2)]
            taken = [c for c in centre if not (mask >> c) & 1]
            if not centre or taken:
                # no domino is its own image: the second player mirrors each move and wins
                assert want == 0, b.text()
                losses += 1
    finally:
        k.set_reduce(True)
        k.clear()
    assert losses > 50


def test_cram_on_one_row_is_dawsons_kayles():
    dawson = TakeAndBreak("0.07").sequence(20).tolist()
    assert [value(pure(Cram()), Board.full(1, n)) for n in range(1, 20)] == dawson[1:]


@needs_kernel
def test_even_by_even_boards_lose_and_even_by_odd_boards_win():
    g = Cram()
    for rows, cols in [(2, 2), (2, 4), (2, 10), (2, 16), (4, 4), (4, 6), (2, 3), (2, 7),
                       (2, 13), (4, 5), (4, 7), (3, 4), (3, 6), (3, 8)]:
        v = g.value(Board.full(rows, cols))
        assert (v == 0) == (rows % 2 == 0 and cols % 2 == 0), (rows, cols, v)


@needs_kernel
@pytest.mark.parametrize("rows, cols, published", [
    (4, 4, 0), (4, 5, 2), (4, 6, 0), (4, 7, 3), (5, 5, 0), (5, 6, 2),
])
def test_cram_values_equal_the_published_table(rows, cols, published):
    # Beling's table (github beling/impartial-games, README; after Lemoine and Viennot's Glop)
    assert Cram().value(Board.full(rows, cols)) == published


@pytest.mark.parametrize("cols", [3, 4, 5])
def test_three_row_cram_equals_the_plain_search(cols):
    cells = [(r, c) for r in range(3) for c in range(cols)]
    assert Cram().value(Board.full(3, cols)) == plain_cells(cells, domino_moves)


@needs_kernel
def test_the_compiled_table_is_saved_and_given_back():
    k = kernel()
    k.clear()
    Cram().value(Board.full(4, 5))
    records = k.dump()
    assert len(records) % 12 == 0 and len(records) // 12 == k.stats()[1]
    k.clear()
    k.load(records)
    assert k.dump() and Cram().value(Board.full(4, 5)) == 2
    with pytest.raises(ValueError):
        k.load(records[:-1])
    with pytest.raises(ValueError):
        k.load(b"\xff" * 12)


# -- Node and Arc Kayles ------------------------------------------------------------------

def random_graph(rng, n, p):
    return [(u, v) for u, v in combinations(range(n), 2) if rng.random() < p]


@pytest.mark.parametrize("rule, game", [("node", NodeKayles), ("arc", ArcKayles)])
def test_graph_kayles_equal_the_plain_search_on_random_graphs(rule, game):
    rng = random.Random(3)
    for _ in range(120):
        n = rng.randint(1, 8)
        edges = random_graph(rng, n, rng.random())
        assert value(game(), Graph.make(n, edges)) == plain_graph(n, edges, rule)


def test_kayles_on_paths_are_dawsons_chess_and_dawsons_kayles():
    chess = TakeAndBreak("0.137").sequence(16).tolist()
    kayles = TakeAndBreak("0.07").sequence(16).tolist()
    assert [NodeKayles().value(Graph.parse(f"path:{n}")) for n in range(1, 16)] == chess[1:]
    assert [ArcKayles().value(Graph.parse(f"path:{n}")) for n in range(1, 16)] == kayles[1:]


def test_node_kayles_on_a_board_equals_the_plain_search():
    rng = random.Random(4)
    for _ in range(150):
        b = random_board(rng, rng.randint(1, 4), rng.randint(1, 4))
        want = plain_cells(b.cells(), node_moves)
        assert value(pure(NodeKayles()), b) == want, b.text()
        assert NodeKayles().value(b) == want


def test_named_graphs():
    assert Graph.parse("complete:4").edges == frozenset(combinations(range(4), 2))
    assert len(Graph.parse("petersen").edges) == 15
    assert len(Graph.parse("bipartite:2,3").edges) == 6
    assert NodeKayles().value(Graph.parse("complete:5")) == 1  # one move takes everything
    assert ArcKayles().value(Graph.parse("star:6")) == 1


@pytest.mark.parametrize("text", ["0-0", "0-1,1-0", "cycle:2", "grid:3", "path:x", "a-b", ""])
def test_bad_graphs_are_refused_clearly(text):
    with pytest.raises(GrundyError) as info:
        Graph.parse(text)
    assert "\n" not in str(info.value)


def test_a_networkx_like_graph_converts():
    class Fake:
        nodes = ["a", "b", "c"]
        edges = [("a", "b"), ("b", "c")]
    assert Graph.of(Fake()) == Graph.parse("path:3")
    with pytest.raises(GrundyError):
        Graph.of(object())


# -- Green Hackenbush ------------------------------------------------------------------------

def test_the_principles_equal_the_plain_search_on_random_drawings():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 6)
        edges = [tuple(sorted((rng.randrange(n), rng.randrange(n))))
                 for _ in range(rng.randint(0, 8))]
        d = Drawing.make(edges)
        assert principles_value(d) == plain_hackenbush(list(d.edges)), edges
        if len(d.edges) <= 6:
            assert value(pure(GreenHackenbush()), d) == principles_value(d)


def test_a_cut_names_the_edge_whose_removal_leaves_the_option():
    rng = random.Random(11)
    game = GreenHackenbush()
    for _ in range(300):
        n = rng.randint(1, 7)
        d = Drawing.make([(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 9))])
        for i, option in enumerate(game.options(d)):
            words = game.describe_move(d, option)
            assert words is not None and words.startswith("cut edge "), (d, option)
            u, v = (int(x) for x in words.removeprefix("cut edge ").split("-"))
            assert (u, v) in d.edges
            rest = list(d.edges)
            rest.remove((u, v))  # the edge named, or a twin of it: the same cut
            assert Drawing.make(rest) == option, (d, i, words)
            # a drawing that does not carry its cut (built from its edges) is read the same
            assert game.describe_move(d, Drawing(option.edges)) == words, (d, i)
    assert game.describe_move(Drawing.parse("0-1"), 3) is None


def test_hackenbush_stalks_are_nim_heaps():
    for heights in [(5,), (3, 1), (4, 4, 2), (1, 2, 3)]:
        x = 0
        for h in heights:
            x ^= h
        assert principles_value(Drawing.parse("stalks:" + ",".join(map(str, heights)))) == x


def test_a_thousand_edges_answer_at_once():
    rng = random.Random(8)
    edges = [(rng.randrange(i), i) for i in range(1, 700)]
    edges += [(rng.randrange(700), rng.randrange(700)) for _ in range(301)]
    d = Drawing.make(edges)
    assert len(d.edges) == 1000
    v = principles_value(d)
    assert v >= 0 and GreenHackenbush().value(d) == v


def test_a_drawing_too_large_to_list_every_cut_is_analysed_but_not_played():
    from grundy.rules.hackenbush import MOVE_LIMIT

    edges = ",".join(f"{i}-{i + 1}" for i in range(MOVE_LIMIT + 1))
    assert GreenHackenbush().value(Drawing.parse(edges)) == MOVE_LIMIT + 1  # a stalk
    found = run_cli("analyze", "hackenbush", edges)
    assert found.exit_code == 0, found.output
    assert "winning moves: 1\n" in found.output and "-> empty (cut edge 0-1)" in found.output
    for args in (("analyze", "hackenbush", edges, "--misere"), ("play", "hackenbush", edges)):
        refused = run_cli(*args)
        assert refused.exit_code == 2 and refused.output.startswith("grundy: error:"), args
        assert "too large to list every cut" in refused.output and "\n" not in refused.output[:-1]


def _cuts_by_search(d):
    """Each value a cut leaves -> the cuts (edge ids) that leave it."""
    found = {}
    for i, o in enumerate(GreenHackenbush().options(d)):
        found.setdefault(principles_value(o), []).append(i)
    return found


def test_the_winning_cuts_are_the_cuts_to_the_value_wanted():
    """Loops, repeated edges, cycles, bridges: against the value of every cut."""
    from grundy.rules.hackenbush import winning_cuts

    rng = random.Random(12)
    for _ in range(400):
        n = rng.randint(1, 9)
        d = Drawing.make([(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 14))])
        search = _cuts_by_search(d)
        for target in range(6):
            assert winning_cuts(d, target) == search.get(target, []), (d, target)
    # a larger tree with small cycles on it, and the drawings the cuts leave
    edges = [(rng.randrange(max(0, i - 8), i), i) for i in range(1, 250)]
    edges += [(rng.randrange(max(0, i - 3), i), i) for i in range(1, 250, 7)]
    d = Drawing.make(edges)
    game = GreenHackenbush()
    options, search = game.options(d), _cuts_by_search(d)
    assert len(search) > 3
    for target in range(max(search) + 2):
        cuts = winning_cuts(d, target)
        assert cuts == search.get(target, [])
        assert game.options_of_value(d, target) == [options[i] for i in cuts]


def _assert_cuts_win(d, found):
    """Each move shown is a cut of ``d`` (one of its options) leaving value 0."""
    game = GreenHackenbush()
    options = game.options(d)
    for m in found.moves:
        assert m.option in options and principles_value(m.option) == 0


def test_winning_cuts_past_their_limits_are_some_of_them_said_so():
    """Past the listing work the first cuts are shown, past the cycle work those found
    within it; the value and outcome are answered, ``every_winning_move`` false (these
    were refused: 'too many to list', 'cycles too large')."""
    import json

    from grundy.play.analysis import analyze
    from grundy.rules.hackenbush import CYCLE_WORK, LIST_WORK

    side = int(CYCLE_WORK ** 0.5) + 1  # one cycle through the ground, odd: worth 1
    d = Drawing.parse(f"cycle:{side + (side % 2 == 0)}")
    found = analyze(GreenHackenbush(), [d])
    assert (found.value, found.outcome, found.every_move) == (1, "N", False)
    assert len(found.moves) == 1  # the cut opposite the ground: two equal stalks
    _assert_cuts_win(d, found)
    loops = int(LIST_WORK ** 0.5) + 2  # worth 1 when odd, and every cut wins
    loops += loops % 2 == 0
    many = run_cli("analyze", "--json", "hackenbush", f"stalks:{','.join(['1'] * loops)}")
    assert many.exit_code == 0, many.output
    data = json.loads(many.output)
    assert (data["value"], data["outcome"], data["every_winning_move"]) == (1, "N", False)
    assert data["winning_moves"] == len(data["moves"]) == LIST_WORK // loops
    text = run_cli("analyze", "hackenbush", f"stalks:{','.join(['1'] * loops)}").output
    assert f"winning moves: {LIST_WORK // loops} shown, by the construction" in text


def test_cycles_past_the_work_show_the_cuts_found_or_say_none(monkeypatch):
    """Random drawings with the cycle work cut down: the cuts shown are winning cuts (a
    subset of those the search finds), every one when the work sufficed; a P-position
    shows none and says every move is listed."""
    import grundy.rules.hackenbush as hackenbush
    from grundy.play.analysis import analyze

    monkeypatch.setattr(hackenbush, "CYCLE_WORK", 30)
    rng = random.Random(35)
    partial = shown_none = 0
    for _ in range(300):
        n = rng.randint(2, 9)
        d = Drawing.make([(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(3, 14))])
        game = GreenHackenbush()
        found = analyze(game, [d])
        search = _cuts_by_search(d)
        assert found.value == principles_value(d) == plain_hackenbush(d.edges)
        options = game.options(d)
        assert all(m.option in [options[i] for i in search.get(0, [])] for m in found.moves)
        if found.value == 0:
            assert found.moves == () and found.every_move
        elif found.every_move:
            assert len(found.moves) == len(search[0])
        else:
            partial += 1
            shown_none += not found.moves
    assert partial > 10 and shown_none > 0
    text = run_cli("analyze", "hackenbush", "cycle:21").output  # 21 tries of 21 > 30
    assert "winning moves: none shown" in text and "value (XOR of the parts): 1" in text
    with pytest.raises(GrundyError, match="cycles of this drawing are too large"):
        hackenbush.winning_cuts(Drawing.parse("cycle:21"), 0)  # it promises every cut: refuses


@pytest.mark.parametrize("text", ["0-", "stalk:", "a-b", "0-1-2", "-1-2"])
def test_bad_drawings_are_refused_clearly(text):
    with pytest.raises(GrundyError):
        Drawing.parse(text)


# -- Chomp ----------------------------------------------------------------------------------

def test_chomp_equals_the_plain_search_on_every_small_diagram():
    def diagrams(rows, cols):
        if cols == 0:
            yield ()
            return
        for top in range(1, rows + 1):
            for rest in diagrams(top, cols - 1):
                yield (top, *rest)
            yield (top,)
    for d in set(diagrams(4, 4)):
        assert Chomp().value(d) == plain_chomp(d), d


def test_chomp_rectangles_are_never_p_positions():
    for rows in range(1, 6):
        for cols in range(1, 7):
            if (rows, cols) != (1, 1):
                assert Chomp().outcome((rows,) * cols) == "N"


def test_chomp_two_rows_lose_exactly_when_one_column_is_shorter():
    # the two-row bars of P: the top row one square shorter than the bottom
    for a in range(1, 8):
        for b in range(0, a + 1):
            heights = (2,) * b + (1,) * (a - b)
            assert (Chomp().outcome(heights) == "P") == (b == a - 1)


@pytest.mark.parametrize("text", ["3x", "1,2", "0,1", "20x20", "x"])
def test_bad_bars_are_refused_clearly(text):
    with pytest.raises(GrundyError):
        Chomp().parse_position(text)


# -- long searches: the table saved and given back ----------------------------------------

@needs_kernel
def test_a_stopped_search_saves_its_values_and_the_next_run_goes_on(tmp_path, monkeypatch):
    from grundy.research import boards

    table = tmp_path / "cram.table"
    k = kernel()
    k.clear()
    calls = []

    def stop(searched, stored):
        calls.append(stored)
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(boards, "_EVERY", 1024)
    monkeypatch.setattr(boards._Status, "__call__", lambda self, a, b: stop(a, b))
    with pytest.raises(KeyboardInterrupt):
        boards.solve(Board.full(5, 6), table=table)
    saved = boards.load_table(table, k)
    assert saved >= calls[-1] > 0
    k.clear()
    monkeypatch.setattr(boards._Status, "__call__", lambda self, a, b: None)
    assert boards.solve(Board.full(5, 6), table=table) == 2  # Beling's table
    assert boards.load_table(table, k) > saved


@needs_kernel
def test_a_damaged_table_is_refused_whole(tmp_path):
    from grundy.research import boards

    table = tmp_path / "cram.table"
    k = kernel()
    k.clear()
    assert boards.solve(Board.full(4, 5), table=table) == 2
    data = bytearray(table.read_bytes())
    data[-3] ^= 0xFF
    table.write_bytes(bytes(data))
    k.clear()
    with pytest.raises(GrundyError, match="damaged"):
        boards.load_table(table, k)
    assert k.stats()[1] == 0
    table.write_bytes(b"something else")
    with pytest.raises(GrundyError, match="not a board table"):
        boards.solve(Board.full(4, 5), table=table)


def test_a_table_of_board_values_equals_the_plain_search():
    from grundy.research.boards import board_values

    got = board_values(3, 4)
    for r in range(1, 4):
        for c in range(1, 5):
            cells = [(i, j) for i in range(r) for j in range(c)]
            assert got[r - 1, c - 1] == plain_cells(cells, domino_moves)
    node = board_values(2, 5, game="node-kayles")
    for c in range(1, 6):
        cells = [(i, j) for i in range(2) for j in range(c)]
        assert node[1, c - 1] == plain_cells(cells, node_moves)
    with pytest.raises(GrundyError):
        board_values(2, 2, game="chess")


def test_node_kayles_on_three_row_grids_equals_the_graph_search():
    node = NodeKayles()
    board = [node.value(node.parse_position(f"grid:3x{n}")) for n in range(1, 13)]
    assert isinstance(node.parse_position("grid:3x4"), Board)
    graph = [value(NodeKayles(), Graph.parse(f"grid:3x{n}")) for n in range(1, 5)]
    assert board[:4] == graph
    cells = [plain_cells([(r, c) for r in range(3) for c in range(n)], node_moves)
             for n in range(1, 6)]
    assert board[:5] == cells


# -- the command line ---------------------------------------------------------------------

class Ran:
    def __init__(self, code, out, err):
        self.exit_code, self.output, self.err = code, out, err


def run_cli(*args):
    import contextlib
    import io

    from grundy.cli.main import run

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(list(args))
    return Ran(code, out.getvalue() or err.getvalue(), err.getvalue())


def test_the_table_of_board_sizes_equals_the_plain_search(tmp_path):
    result = run_cli("table", "cram", "--rows", "3", "--cols", "5", "--json")
    assert result.exit_code == 0, result.output
    import json

    got = json.loads(result.output)
    for r in range(1, 4):
        for c in range(1, 6):
            cells = [(i, j) for i in range(r) for j in range(c)]
            assert got[r - 1][c - 1] == plain_cells(cells, domino_moves)
    capped = run_cli("table", "cram", "--rows", "3", "--cols", "5", "--cells", "6", "--json")
    assert json.loads(capped.output)[2][2:] == [-1, -1, -1]


def test_the_tables_cells_reach_the_searchs_limit():
    """``table --cells`` takes every size the search takes (MAX_CELLS), and one more is
    refused; a row of 1 x 66 (two words) is tabled as Dawson's Kayles gives it."""
    import json

    from grundy.rules.cells import MAX_CELLS
    from grundy.rules.heap import TakeAndBreak

    refused = run_cli("table", "cram", "--rows", "1", "--cols", "2", "--cells",
                      str(MAX_CELLS + 1))
    assert refused.exit_code == 2 and f"1<=x<={MAX_CELLS}" in refused.output
    if kernel() is None:
        return
    row = run_cli("table", "cram", "--rows", "1", "--cols", "66", "--cells", "66", "--json")
    assert row.exit_code == 0, row.output
    dawson = TakeAndBreak("0.07").sequence(67).tolist()  # a row of n free cells: heap n
    assert json.loads(row.output)[0] == dawson[1:67]


@needs_kernel
def test_a_board_table_saved_to_a_file_resumes(tmp_path):
    saved = tmp_path / "cram.table"
    first = run_cli("table", "cram", "--rows", "4", "--cols", "6", "--save", str(saved))
    assert first.exit_code == 0 and saved.stat().st_size > 0
    again = run_cli("table", "cram", "--rows", "4", "--cols", "6", "--save", str(saved))
    assert again.output == first.output
    saved.write_bytes(b"broken")
    bad = run_cli("table", "cram", "--rows", "2", "--cols", "2", "--save", str(saved))
    assert bad.exit_code == 2 and "not a board table" in bad.output


def test_analyze_reads_boards_graphs_and_drawings():
    for args, said in [(("cram", "2x3"), "value (XOR of the parts): 1"),
                       (("node-kayles", "petersen"), "value (XOR of the parts): 1"),
                       (("hackenbush", "0-1,1-2,1-3"), "value (XOR of the parts): 1"),
                       (("chomp", "2x2"), "winning moves: 1")]:
        result = run_cli("analyze", *args)
        assert result.exit_code == 0 and said in result.output, (args, result.output)
    moves = run_cli("analyze", "cram", "1x4").output
    assert "1x4 -> .##." in moves  # the one winning move, read as played (1x4 is worth 2)
    for args in [("cram", "12x11"), ("cram", "..|."), ("chomp", "1,2"), ("node-kayles", "0-0")]:
        result = run_cli("analyze", *args)
        assert result.exit_code == 2 and result.output.startswith("grundy: error:"), args


def test_a_sequence_of_a_board_game_points_to_the_command_that_answers():
    """No Grundy sequence for a game on boards, graphs or drawings: one error line naming
    the command that answers it instead, and that command runs."""
    import re
    import shlex

    for game in ("cram", "node-kayles", "arc-kayles", "chomp", "green-hackenbush"):
        result = run_cli("sequence", game, "-n", "5")
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"grundy: error: {game} ") and result.output.count("\n") == 1
        suggested = re.search(r"'grundy ([^']+)'", result.output)
        assert suggested, result.output
        words = shlex.split(suggested[1])
        if words[0] == "table":
            words += ["--rows", "2", "--cols", "3"]
        assert run_cli(*words).exit_code == 0, words


# -- positions from files ------------------------------------------------------------------

def test_an_edge_list_file_is_the_graph_its_lines_name(tmp_path):
    rng = random.Random(8)
    for _ in range(40):
        n = rng.randint(2, 9)
        edges = random_graph(rng, n, 0.4) or [(0, 1)]
        # one edge a line, as networkx.write_edgelist(G, path, data=False) writes it
        lines = "".join(f"{u} {v}\n" if rng.random() < 0.5 else f"{u}-{v}  # an edge\n"
                        for u, v in edges)
        text = "# a random graph\n" + lines
        for game, rule in ((NodeKayles(), "node"), (ArcKayles(), "arc")):
            graph = game.parse_position(text)
            assert graph == Graph.make(max(max(e) for e in edges) + 1, edges)
            want = plain_graph(graph.n, edges, rule)
            (tmp_path / "g.txt").write_text(text)
            result = run_cli("analyze", game.notation, f"@{tmp_path / 'g.txt'}", "--json")
            import json

            assert result.exit_code == 0 and json.loads(result.output)["value"] == want


def test_drawing_and_board_files(tmp_path):
    (tmp_path / "tree.txt").write_text("0 1\n1 2\n1 3\n")  # a stalk of one with two twigs: 1
    (tmp_path / "board.txt").write_text("....\n.#..\n")
    (tmp_path / "one.txt").write_text("0 1")  # no newline at the end: still one edge a line
    tree = run_cli("analyze", "hackenbush", f"@{tmp_path / 'tree.txt'}")
    assert tree.exit_code == 0 and "value (XOR of the parts): 1" in tree.output
    board = run_cli("analyze", "cram", f"@{tmp_path / 'board.txt'}", "--json")
    import json

    cells = [(r, c) for r in range(2) for c in range(4) if (r, c) != (1, 1)]
    assert json.loads(board.output)["value"] == plain_cells(cells, domino_moves)
    one = run_cli("analyze", "arc-kayles", f"@{tmp_path / 'one.txt'}", "--json")
    assert json.loads(one.output)["value"] == 1


def test_bad_position_files_are_one_error_line(tmp_path, monkeypatch):
    (tmp_path / "three.txt").write_text("0 1 2\n")
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe0 1\n")
    (tmp_path / "big.txt").write_text("0 1\n" * 100)
    from grundy.cli import common

    monkeypatch.setattr(common, "MAX_POSITION_FILE", 200)
    for name, said in [("three.txt", "line 1 ('0 1 2')"), ("binary.txt", "not a text file"),
                       ("big.txt", "at most"), ("missing.txt", "cannot read")]:
        for game in ("node-kayles", "hackenbush"):
            result = run_cli("analyze", game, f"@{tmp_path / name}")
            assert result.exit_code == 2 and result.err.startswith("grundy: error:"), result.err
            assert said in result.err and result.err.count("\n") == 1, result.err


def test_graphs_and_drawings_read_back_what_they_write_even_empty():
    for game, text in [(NodeKayles(), "path:2"), (ArcKayles(), "cycle:4"),
                       (GreenHackenbush(), "0-1,1-2,2-0")]:
        todo = [game.parse_position(text)]
        while todo:  # every position reached, down to the empty one
            position = todo.pop()
            assert game.parse_position(game.format_position(position)) == position
            for option in game.options(position):
                todo.extend(getattr(option, "parts", (option,)))
    assert Graph.parse("empty") == Graph.make(0, []) and Drawing.parse("empty").edges == ()


# -- the compiled graph search --------------------------------------------------------------

def masks(n, edges):
    """The neighbour masks of a graph, written here (not the code's)."""
    found = [0] * n
    for u, v in edges:
        found[u] |= 1 << v
        found[v] |= 1 << u
    return found


def induced(n, edges, left):
    """The vertices ``left`` (a mask) of a graph and the edges between them, relabelled."""
    keep = [v for v in range(n) if left >> v & 1]
    label = {v: i for i, v in enumerate(keep)}
    return len(keep), [(label[u], label[v]) for u, v in edges if u in label and v in label]


@needs_kernel
@pytest.mark.parametrize("rule, name", [(0, "arc"), (1, "node")])
def test_the_compiled_graph_search_equals_the_plain_search_on_random_graphs(rule, name):
    rng, found = random.Random(19), kernel()
    for _ in range(400):
        n = rng.randint(0, 10)
        edges = random_graph(rng, n, rng.random())
        left = rng.choice([(1 << n) - 1, rng.getrandbits(n) if n else 0])
        want = plain_graph(*induced(n, edges, left), name)
        assert found.graph_value(masks(n, edges), left, rule) == want, (n, edges, left)


@needs_kernel
@pytest.mark.parametrize("game", [NodeKayles, ArcKayles])
def test_the_compiled_graph_search_equals_the_engine_on_larger_random_graphs(game):
    rng = random.Random(20)
    for _ in range(6):
        n = rng.randint(12, 18)
        graph = Graph.make(n, random_graph(rng, n, rng.uniform(0.1, 0.2)))
        fast = game().fast_value(graph)
        assert fast is not None and fast == value(pure(game()), graph), graph.text()
        parts = Graph.parse("path:7"), Graph.parse("cycle:5")  # a sum goes through it too
        assert game().fast_value(Sum(graph, *parts)) == fast ^ value(pure(game()), Sum(*parts))


@needs_kernel
def test_the_compiled_graph_search_on_paths_is_dawsons_chess_and_dawsons_kayles():
    chess = TakeAndBreak("0.137").sequence(41).tolist()
    kayles = TakeAndBreak("0.07").sequence(41).tolist()
    for n in range(1, 41):
        path = Graph.parse(f"path:{n}")
        assert NodeKayles().fast_value(path) == chess[n]
        assert ArcKayles().fast_value(path) == kayles[n]


def test_graphs_take_the_python_path_with_grundy_pure(monkeypatch):
    monkeypatch.setenv("GRUNDY_PURE", "1")
    graph = Graph.parse("petersen")
    assert NodeKayles().fast_value(graph) is None and ArcKayles().fast_value(graph) is None
    assert NodeKayles().value(graph) == plain_graph(graph.n, graph.edges, "node")


@needs_kernel
@pytest.mark.parametrize("adjacency, mask, said", [
    ([2, 0], 3, "not symmetric"), ([1], 1, "loop"), ([0] * 129, 0, "at most 128"),
    ([4, 1], 3, "past vertex 1"), ([2, 1], 4, "outside the graph"), ([-1], 1, "mask of 64"),
    (["x"], 1, "mask of 64")])
def test_a_bad_adjacency_is_refused_clearly(adjacency, mask, said):
    with pytest.raises(ValueError, match=said):
        kernel().graph_value(adjacency, mask, 0)
    with pytest.raises(ValueError, match="rule"):
        kernel().graph_value([0], 1, 2)


@needs_kernel
def test_graph_values_are_never_read_for_another_graph_nor_dumped():
    found, rng = kernel(), random.Random(21)
    found.clear()
    graphs = [(n, random_graph(rng, n, 0.4)) for n in [9] * 16500]  # past every graph id
    for n, edges in graphs:
        found.graph_value(masks(n, edges), (1 << n) - 1, 0)
    assert found.dump() == b""  # a graph's values hold only in this process
    for n, edges in graphs[-300:] + graphs[:300]:  # known graphs, and forgotten ones
        assert found.graph_value(masks(n, edges), (1 << n) - 1, 0) == plain_graph(n, edges,
                                                                                  "arc")
    assert found.value(4, 4, (1 << 16) - 1, 0) == 0


def test_hackenbush_trees_equal_the_plain_search_and_the_colon_principle():
    for depth in range(4):
        for children in range(4):
            if children ** depth > 27:
                continue
            drawing = Drawing.parse(f"tree:{depth},{children}")
            if len(drawing.edges) <= 13:
                assert GreenHackenbush().value(drawing) == plain_hackenbush(drawing.edges)
            # colon principle by hand: a vertex's branches are worth (their top's value) + 1
            top = 0
            for _ in range(depth):
                top = (top + 1) if children % 2 else 0
            assert GreenHackenbush().value(drawing) == top, (depth, children)


@pytest.mark.parametrize("text, said", [("tree:3", "write tree:N,K"),
                                        ("stalk:3,4", "write stalk:N"),
                                        ("tree:40,10", "past the limit"),
                                        ("stalks:999999,999999", "past the limit")])
def test_shapes_with_the_wrong_arguments_or_too_many_edges_are_refused(text, said):
    with pytest.raises(GrundyError, match=said):
        Drawing.parse(text)


def test_analyze_json_writes_parts_as_the_game_reads_them():
    import json

    for game, text in [(NodeKayles(), "petersen"), (ArcKayles(), "cycle:6"),
                       (GreenHackenbush(), "tree:2,2"), (Cram(), "2x3"), (Chomp(), "2,2,1")]:
        got = json.loads(run_cli("analyze", game.notation, text, "--json").output)
        position = game.parse_position(text)

        def read(part):  # a text the game reads, or (Chomp's heights) a list of numbers
            return tuple(part) if isinstance(part, list) else game.parse_position(part)

        assert [read(p) for p in got["parts"]] == [position]
        for move in got["moves"]:
            assert read(move["from"]) == position
            for part in move["to"]:  # each piece a move leaves, in the game's own words
                assert read(part) in [p for o in game.options(position)
                                      for p in getattr(o, "parts", (o,))]


@needs_kernel
def test_the_status_line_says_where_the_boards_own_search_is(monkeypatch):
    import io
    import re

    from grundy.research import boards

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    out = Terminal()
    monkeypatch.setattr(boards, "_EVERY", 1 << 12)
    monkeypatch.setattr(boards, "_PAUSE", 0.0)
    kernel().clear()
    assert boards.solve(Board.full(4, 7), stream=out) == 3  # Beling's table
    wheres = [tuple(map(int, m.groups()))
              for m in re.finditer(r"value (\d+)\? (\d+)/(\d+)", out.getvalue())]
    assert wheres, out.getvalue()
    # the questions asked of the board itself: values up to its own, options among those open
    assert all(r <= 3 and 1 <= i <= n for r, i, n in wheres), wheres
    assert kernel().root() is None  # nothing runs now


def test_a_large_drawing_is_written_short_and_its_cut_named():
    import json

    edges = ",".join(f"{i}-{i + 1}" for i in range(3000))  # a stalk: cut at the ground
    found = run_cli("analyze", "hackenbush", edges)
    assert found.exit_code == 0 and "-> empty (cut edge 0-1)" in found.output
    assert max(len(line) for line in found.output.splitlines()) < 200
    assert f"... ({len(edges)} characters)" in found.output
    data = json.loads(run_cli("analyze", "hackenbush", "0-1,1-2,0-3", "--json").output)
    assert data["moves"] == [{"part": 0, "from": "0-1,0-3,1-2", "to": ["0-1,0-3"],
                              "says": "cut edge 1-2"}]


# -- moves as the playground names them ---------------------------------------------------

def test_every_board_games_labelled_moves_are_its_options_with_keys_that_name_them():
    """labelled_moves lists each option once (Hackenbush: once per pair of ends), and its key
    names what the move takes: the cells gone from a board, the bite's square, the vertex or
    edge the game's own describe_move names."""
    from collections import Counter

    rng = random.Random(21)

    def check(game, part, one_per_option=True):
        moves = game.labelled_moves(part)
        options = list(game.options(part))
        assert len({m.key for m in moves}) == len(moves)
        if one_per_option:
            assert Counter(m.option for m in moves) == Counter(options)
        else:
            assert {m.option for m in moves} == set(options)
        return moves

    for _ in range(60):
        board = random_board(rng, rng.randint(1, 4), rng.randint(1, 4))
        cells = set(board.cells())
        for game, joiner in ((Cram(), "+"), (ArcKayles(), "-"), (NodeKayles(), None)):
            for m in check(game, board):
                gone = cells - set(m.option.cells())
                taken = {tuple(map(int, k.split(","))) for k in m.key.split(joiner or " ")}
                if joiner:  # a domino: exactly its two cells, adjacent
                    assert gone == taken and len(taken) == 2
                else:  # a vertex: it and its free neighbours
                    (r, c), = taken
                    near = {(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
                    assert gone == {(r, c)} | (near & cells)
    for _ in range(40):
        n = rng.randint(1, 7)
        graph = Graph.make(n, random_graph(rng, n, 0.4))
        for game in (NodeKayles(), ArcKayles()):
            for m in check(game, graph):
                assert m.text == game.describe_move(graph, m.option)
            framed = game.in_frame()
            whole = framed.parse_position(graph.text())
            for m, plain in zip(check(framed, whole), game.labelled_moves(graph)):
                assert (m.key, m.text) == (plain.key, plain.text)
                assert value(game, Sum(*m.option.left())) == value(game, plain.option)
    for bar in [(1,), (2, 1), (3, 3, 1), (4, 2, 2, 1), (3, 3, 3)]:
        for m in check(Chomp(), bar):
            i, j = map(int, m.key.split(","))
            assert m.option == bar[:i] + tuple(h for h in (min(x, j) for x in bar[i:]) if h)
    for text in ("0-1,1-2,1-3", "0-1,1-2,1-2,2-0", "0-1,1-1,0-2"):
        drawing = Drawing.parse(text)
        for m in check(GreenHackenbush(), drawing, one_per_option=False):
            assert m.text == f"cut edge {m.key}"
            assert m.key in {f"{u}-{v}" for u, v in drawing.edges}


# -- the board games' repr pastes back -----------------------------------------------------

import grundy
from grundy.catalog import find


def test_the_board_games_repr_pastes_back() -> None:
    for name in ("cram", "chomp", "node-kayles", "arc-kayles", "green-hackenbush"):
        game = find(name)
        again = eval(repr(game), vars(grundy) | {n: getattr(grundy, n) for n in grundy.__all__})
        assert type(again) is type(game)
