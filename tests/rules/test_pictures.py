"""Pictures and notebook views: every SVG parses as XML, draws as many cells, squares,
vertices and edges as the position has (counted from the position, not from the
drawing code), escapes any text, and the HTML views hold the values grundy computes."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import pytest

import grundy
from grundy.catalog import find
from grundy.rules.cells import Board
from grundy.rules.cram import dominoes
from grundy.rules.graphs import Graph
from grundy.rules.hackenbush import Drawing
from grundy.rules.pictures import CELL, PAD, Picture, element, svg_document

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture: Picture) -> ET.Element:
    """The picture's SVG as XML (a parse error fails the test)."""
    root = ET.fromstring(picture.svg)
    assert root.tag == f"{SVG}svg"
    assert int(root.get("width", "0")) == picture.width > 0
    assert int(root.get("height", "0")) == picture.height > 0
    assert picture._repr_svg_() == picture.svg
    return root


def tags(root: ET.Element, tag: str, cls: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if cls is None or e.get("class") == cls]


def random_board(rng: random.Random) -> Board:
    rows, cols = rng.randint(1, 7), rng.randint(1, 9)
    return Board(rows, cols, rng.getrandbits(rows * cols))


def random_graph(rng: random.Random) -> Graph:
    n = rng.randint(0, 12)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3]
    return Graph.make(n, pairs)


def random_drawing(rng: random.Random) -> Drawing:
    k = rng.randint(0, 12)
    return Drawing.make([(rng.randint(0, i), rng.randint(0, i + 1)) for i in range(k)])


# -- the pictures of positions ---------------------------------------------------------------


def test_a_board_draws_each_cell_once_the_blocked_ones_dark() -> None:
    rng = random.Random(1)
    cram = find("cram")
    for _ in range(200):
        board = random_board(rng)
        root = parsed(board.picture())
        cells = tags(root, "rect")
        assert len(cells) == board.rows * board.cols
        assert len(tags(root, "rect", "free")) == board.count()
        assert len(tags(root, "rect", "blocked")) == board.rows * board.cols - board.count()
        for rect in tags(root, "rect", "free"):  # each free cell where the board has it
            r = (float(rect.get("y", "0")) - PAD) / CELL
            c = (float(rect.get("x", "0")) - PAD) / CELL
            assert board.mask >> int(r * board.cols + c) & 1
        assert board._repr_svg_() == board.picture().svg == cram.picture(board).svg


def test_a_chocolate_bar_draws_its_squares_and_marks_the_poisoned_one() -> None:
    chomp = find("chomp")
    rng = random.Random(2)
    for _ in range(100):
        heights = tuple(sorted((rng.randint(1, 8) for _ in range(rng.randint(1, 8))),
                               reverse=True))
        root = parsed(grundy.picture(chomp, heights))
        assert len(tags(root, "rect")) == sum(heights)
        poison = tags(root, "rect", "poison")
        assert len(poison) == 1
        # bottom left: the lowest row, the first column
        assert float(poison[0].get("x", "-1")) == PAD
        assert float(poison[0].get("y", "-1")) == PAD + (heights[0] - 1) * CELL
    assert chomp.picture("3x4") is None and chomp.picture(7) is None


def test_a_graph_draws_its_vertices_and_edges_as_the_playground_lays_them() -> None:
    rng = random.Random(3)
    node, arc = find("node-kayles"), find("arc-kayles")
    for _ in range(100):
        g = random_graph(rng)
        root = parsed(g.picture())  # type: ignore[arg-type]
        assert len(tags(root, "circle")) == g.n
        assert len(tags(root, "line")) == len(g.edges)
        labels = sorted(int(t.text or "") for t in tags(root, "text"))
        assert labels == list(range(g.n))
        assert node.picture(g).svg == arc.picture(g).svg == g._repr_svg_()
    # a path on a line, a cycle on a circle (the layout the playground draws)
    path = Graph.parse("path:5")
    assert {y for _, y in path.layout().values()} == {0.0}
    radii = [x * x + y * y for x, y in Graph.parse("cycle:7").layout().values()]
    assert max(radii) - min(radii) < 0.01  # rounded to 3 places


def test_the_playground_and_the_pictures_share_one_layout() -> None:
    from grundy.web.boards import drawing, framed

    node = framed(find("node-kayles"))
    part = node.parse_position("petersen")
    drawn = drawing(node, part)
    where = part.base.layout()
    assert {v["key"]: (v["x"], v["y"]) for v in drawn["vertices"]} == \
        {str(v): xy for v, xy in where.items()}
    hack = find("green-hackenbush")
    d = hack.parse_position("0-1,1-2,1-2,2-2,0-3")
    lay = d.layout()
    shown = drawing(hack, d)
    assert [(tuple(e["a"]), tuple(e["b"]), e["bend"]) for e in shown["edges"]] == list(lay.edges)


def test_a_board_of_node_kayles_is_drawn_as_its_grid_graph() -> None:
    rng = random.Random(4)
    node = find("node-kayles")
    for _ in range(100):
        board = random_board(rng)
        root = parsed(node.picture(board))
        assert len(tags(root, "circle")) == board.count()
        assert len(tags(root, "line")) == len(dominoes(board))  # two free cells side by side


def test_a_drawing_stands_on_its_ground_with_each_edge_drawn() -> None:
    rng = random.Random(5)
    hack = find("green-hackenbush")
    for _ in range(200):
        d = random_drawing(rng)
        root = parsed(hack.picture(d))
        assert len(tags(root, "path", "edge")) == len(d.edges)
        above = {v for edge in d.edges for v in edge} - {0}
        assert len(tags(root, "circle", "vertex")) == len(above)
        ground = tags(root, "rect", "ground")
        assert len(ground) == 1
        top = float(ground[0].get("y", "0"))
        for dot in tags(root, "circle", "vertex"):  # every vertex above the ground
            assert float(dot.get("cy", "0")) < top
    tall = Drawing.parse("stalk:3000")  # no recursion limit: the layout is iterative
    assert len(tags(parsed(tall.picture()), "path")) == 3000  # type: ignore[arg-type]


def test_a_queen_stands_on_her_square_of_the_board_from_the_corner() -> None:
    wythoff = find("wythoff")
    for a in range(6):
        for b in range(6):
            root = parsed(grundy.picture(wythoff, (a, b)))
            assert len(tags(root, "rect")) == (a + 1) * (b + 1)
            queen = tags(root, "rect", "queen")
            assert len(queen) == 1
            assert float(queen[0].get("x", "0")) == PAD + b * CELL
            assert float(queen[0].get("y", "0")) == PAD + a * CELL
    assert wythoff.picture((10**30, 5)) is None  # too large to draw: the text instead
    assert wythoff.picture((True, 2)) is None


def test_grundy_picture_reads_text_and_says_when_a_game_draws_nothing() -> None:
    assert grundy.picture(find("cram"), "..|.#").svg == Board.parse("..|.#").picture().svg
    assert grundy.picture("cram", "..|.#").svg == Board.parse("..|.#").picture().svg
    assert grundy.picture("green-hackenbush", "stalk:3").svg == \
        Drawing.parse("stalk:3").picture().svg  # type: ignore[union-attr]
    mixed = grundy.read_position("cram 2x2 + nim 3")
    game, parts = mixed
    assert grundy.picture(game, parts[0]).svg == Board.full(2, 2).picture().svg
    with pytest.raises(grundy.GrundyError, match="draws no picture of nim 3"):
        grundy.picture(game, parts[1])
    with pytest.raises(grundy.GrundyError, match="draws no picture"):
        grundy.picture(find("kayles"), 5)
    assert grundy.Game().picture(5) is None


def test_every_game_of_a_board_kind_draws_its_positions() -> None:
    """The games the playground draws, and Wythoff's queen, each override the hook."""
    from grundy.catalog import entries

    drawn = {e.name for e in entries() if type(find(e.name)).picture is not grundy.Game.picture}
    assert {"cram", "chomp", "node-kayles", "arc-kayles", "green-hackenbush", "wythoff"} <= drawn


# -- escaping ---------------------------------------------------------------------------------

ODD = "<script>alert('x')</script> & \"quotes\""


def test_text_and_attributes_are_escaped() -> None:
    made = element("text", {"data-x": ODD}, ODD)
    root = ET.fromstring(made)
    assert root.text == ODD and root.get("data-x") == ODD
    assert "<script>" not in made
    picture = svg_document(10, 10, [made], ODD)
    assert "<script>" not in picture.svg
    assert parsed(picture).find(f"{SVG}title").text == ODD  # type: ignore[union-attr]


class Odd(grundy.HeapGame):
    """A user's game whose positions and name are odd text."""

    def options(self, n: int) -> list[int]:
        return list(range(n))

    def format_position(self, position: object) -> str:
        return f"{ODD}{position}"

    @property
    def notation(self) -> str:
        return ODD


def test_an_analysis_of_odd_text_is_escaped() -> None:
    page = grundy.analyze(Odd(), [2, 3])._repr_html_()
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    seq = grundy.show_sequence(Odd(), 5)._repr_html_()
    assert "<script>" not in seq and "&lt;script&gt;" in seq


def test_a_quotient_with_an_odd_name_is_escaped() -> None:
    data = grundy.quotient(find("0.75")).as_dict()
    data["game"] = ODD
    page = grundy.Quotient.from_dict(data)._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page


# -- analyses, sequences, tables, quotients as HTML --------------------------------------------


def test_an_analysis_shows_its_value_its_parts_and_every_winning_move() -> None:
    game, parts = grundy.read_position("cram 3x3 + chomp 3x4 + wythoff 4,6 + node-kayles cycle:5"
                                       " + green-hackenbush 0-1,1-2,1-3 + nim 5")
    a = grundy.analyze(game, parts)
    page = a._repr_html_()
    assert a.value != 0 and a.moves
    assert f"value <b>{a.value}</b>" in page
    assert [int(v) for v in re.findall(r'<td class="value">(\d+)</td>', page)] == \
        [grundy.value(game, p) for p in parts]
    for move in a.moves:
        assert f"<code>{move.describe().replace('->', '-&gt;')}</code>" in page
    assert page.count("<svg") == 5  # every part but the nim heap drawn
    svgs = re.findall(r"<svg.*?</svg>", page)
    for svg in svgs:
        ET.fromstring(svg)
    ET.fromstring(f"<div>{page.replace('&#x27;', '&apos;')}</div>")  # the whole is XHTML too


def test_an_outcome_by_a_theorem_and_a_misere_answer_show_theirs() -> None:
    wythoff = find("wythoff")
    big = grundy.analyze(wythoff, [(10**20, 10**20 + 7)])
    page = big._repr_html_()
    assert "value not computed" in page
    assert big.theorem.split(":")[0].replace("'", "&#x27;") in page
    assert big.moves
    for move in big.moves:
        assert html.escape(move.describe()) in page
    from grundy.play.analysis import analyze_misere

    m = analyze_misere(find("nim"), [1, 1, 2])
    page = m._repr_html_()
    assert "misère play" in page
    assert [mv.describe().replace("->", "-&gt;") for mv in m.moves] == \
        re.findall(r"<li><code>(.*?)</code></li>", page)


def test_a_sequence_view_holds_the_values_of_the_game() -> None:
    kayles = find("kayles")
    view = grundy.show_sequence("kayles", 40)
    assert view.values.tolist() == [grundy.value(kayles, n) for n in range(40)]
    page = view._repr_html_()
    svg = re.search(r"<svg.*?</svg>", page)
    assert svg is not None
    root = ET.fromstring(svg.group(0))
    dots = tags(root, "circle")
    assert len(dots) == 40
    said = [t.text for dot in dots for t in dot.iter(f"{SVG}title")]
    assert said == [f"heap {n}: {grundy.value(kayles, n)}" for n in range(40)]
    assert len(tags(root, "circle", "p")) == sum(grundy.value(kayles, n) == 0 for n in range(40))


def test_a_table_view_is_a_heat_map_of_the_values_with_p_positions_marked() -> None:
    wythoff = find("wythoff")
    view = grundy.show_table(wythoff, 6, 7)
    page = view._repr_html_()
    cells = re.findall(r'class="(p|n)" title="(\d+),(\d+): (\d+)"', page)
    assert len(cells) == 42
    for kind, r, c, v in cells:
        assert int(v) == grundy.value(wythoff, (int(r), int(c)))
        assert (kind == "p") == (int(v) == 0)
    assert view.p_positions() == [(r, c) for r in range(6) for c in range(7)
                                  if grundy.value(wythoff, (r, c)) == 0]
    cram = grundy.show_table("cram", 3, 4)  # a board game: its empty boards from 1x1
    assert cram.first == 1
    assert cram.values.tolist() == [[grundy.value(find("cram"), Board.full(r, c))
                                     for c in range(1, 5)] for r in range(1, 4)]
    with pytest.raises(grundy.GrundyError):
        grundy.show_table("kayles", 3, 3)
    with pytest.raises(grundy.GrundyError):
        grundy.show_table("wythoff", 100, 100)


def test_a_quotient_shows_its_presentation_p_portion_and_table() -> None:
    q = grundy.quotient(find("0.75"))
    page = q._repr_html_()
    assert q.presentation.replace(">", "&gt;").replace("<", "&lt;") in page
    rows = re.findall(r"<tr>(.*?)</tr>", page)
    assert len(rows) == q.order + 1
    words = [q.word(x) for x in range(q.order)]
    for x, row in enumerate(rows[1:]):
        entries = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
        assert entries == [words[x]] + [words[q.table[x, y]] for y in range(q.order)]
    # the P elements marked: in the header row, the header column and the products
    marked = 2 * len(q.p_portion) + sum(q.in_p[q.table[x, y]] for x in range(q.order)
                                        for y in range(q.order))
    assert page.count('class="p"') == marked


def test_a_long_sequence_plots_its_start_and_writes_its_first_values() -> None:
    from grundy.research.pictures import MAX_PLOTTED, MAX_SHOWN

    view = grundy.show_sequence("kayles", MAX_PLOTTED + 500)
    assert len(view.values) == MAX_PLOTTED + 500
    page = view._repr_html_()
    svg = re.search(r"<svg.*?</svg>", page)
    assert svg is not None
    assert len(tags(ET.fromstring(svg.group(0)), "circle")) == MAX_PLOTTED
    written = re.search(r"<p><code>(.*?)</code></p>", page)
    assert written is not None
    assert len(re.sub(r"</?b>", "", written.group(1)).split(" ... ")[0].split()) == MAX_SHOWN
