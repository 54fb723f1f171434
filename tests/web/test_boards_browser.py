"""The board games of the playground in a real headless Chromium, driven by Playwright:
Cram, Chomp, Node Kayles, Arc Kayles and Green Hackenbush, each played to the end by
clicks from an N-position with grundy moving first, and grundy wins; hint and undo on a
board; the drawings' marks (dominoes, eaten squares, vertices that disappear).

Each start is checked to be an N-position by a plain search written here (no Grundy
theory), so that grundy's win does not hang on the moves clicked.  The tests skip, saying
why, when Playwright or a Chromium is missing (fixtures in conftest.py, the rest in
browser.py).
"""

from __future__ import annotations

from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from browser import needs_chromium, over, settle, start  # noqa: E402
# plain searches, who wins each start (no Grundy values): tests/brute.py
from brute import chomp_wins, cram_wins, graph_wins, hackenbush_wins  # noqa: E402


pytestmark = needs_chromium


def your_moves(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li[data-who=you]", "els => els.map(e => e.textContent)")


def play_out(page: Any, click: Any) -> str:
    """Click a legal move each turn (``click(page)``) until the game is over."""
    for _ in range(40):
        if over(page):
            return str(over(page))
        click(page)
        settle(page)
    raise AssertionError("the game did not end")


# -- one game of each family -------------------------------------------------------------------


def test_cram_played_by_clicks_and_grundy_wins(page: Any) -> None:
    """3 x 3 with the centre blocked, plus a 1 x 3 strip: an N-position (the search says)."""
    free = frozenset((r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1))
    strip = frozenset({(5, 0), (5, 1), (5, 2)})  # a separate board, apart from the first
    assert cram_wins(free | strip)
    start(page, "cram", "...|.#.|...; 1x3", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "cram"
    assert page.locator(".cell.blocked").count() == 1
    assert page.locator(".cell.domino.grundy").count() == 2  # grundy placed a domino
    assert page.locator(".cell.domino.grundy.last").count() == 2  # shown as the last move

    def click(p: Any) -> None:
        p.locator(".cell.clickable").first.click()  # a cell with a free neighbour, then one
        assert p.locator(".cell.selected").count() == 1
        p.locator(".cell.target").first.click()

    assert play_out(page, click) == "grundy"
    mine = page.locator(".cell.domino.you").count()
    assert mine > 0 and mine % 2 == 0
    assert all(m.startswith("You: domino on ") for m in your_moves(page))


def test_chomp_played_by_clicks_and_grundy_wins(page: Any) -> None:
    """A 3 x 4 bar (every rectangle is a first-player win): each turn you bite the square
    furthest from the poison; the poisoned square is left to you."""
    assert chomp_wins((3, 3, 3, 3))
    start(page, "chomp", "3x4", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "chomp"
    assert page.locator(".square-c.poison").count() == 1
    assert page.locator(".square-c.last.grundy").count() >= 1  # grundy's bite is marked

    def click(p: Any) -> None:
        p.locator(".square-c.clickable").first.click()  # the top row's first: the row goes

    assert play_out(page, click) == "grundy"
    assert page.locator(".square-c.alive").count() == 1  # the poisoned square is left
    assert page.locator(".square-c.poison.alive").count() == 1


def test_node_kayles_played_by_clicks_and_grundy_wins(page: Any) -> None:
    """The path of 5 vertices (Dawson's Chess: worth 3): the vertices taken disappear."""
    assert graph_wins(5, [(i, i + 1) for i in range(4)], node=True)
    start(page, "node-kayles", "path:5", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "graph"
    # grundy takes the centre (with its neighbours): two lone vertices are left
    assert page.locator(".vertex:not(.gone)").count() == 2
    assert page.locator(".vertex.gone.grundy").count() == 3

    def click(p: Any) -> None:
        p.locator(".vertex.clickable").first.click()

    assert play_out(page, click) == "grundy"
    assert page.locator(".vertex:not(.gone)").count() == 0


def test_arc_kayles_played_by_clicks_and_grundy_wins(page: Any) -> None:
    """A 6-cycle with a pendant edge: an N-position (the search says)."""
    edges = [(i, (i + 1) % 6) for i in range(6)] + [(0, 6)]
    assert graph_wins(7, edges, node=False)
    start(page, "arc-kayles", "0-1,1-2,2-3,3-4,4-5,5-0,0-6", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "graph"
    before = page.locator(".edge:not(.gone)").count()
    assert before < 7  # grundy took an edge, and every edge at its ends went with it

    def click(p: Any) -> None:
        p.locator(".edge.clickable").first.click()

    assert play_out(page, click) == "grundy"
    assert page.locator(".edge:not(.gone)").count() == 0


def test_green_hackenbush_played_by_clicks_and_grundy_wins(page: Any) -> None:
    """A tree, a triangle on the ground and a loop: worth 2 xor 1 xor ... (the search
    says it is an N-position); cutting an edge makes what hangs on it fall."""
    edges = ((0, 1), (1, 2), (1, 3), (0, 4), (4, 5), (5, 0), (5, 5), (0, 6), (6, 7))
    assert hackenbush_wins(edges)
    start(page, "green-hackenbush", ",".join(f"{u}-{v}" for u, v in edges), grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "hackenbush"
    assert page.locator("svg.hackenbush .ground").count() == 1

    def click(p: Any) -> None:
        p.locator(".edge.clickable").first.click()  # the lowest edge first: all above falls

    assert play_out(page, click) == "grundy"
    assert page.locator(".edge:not(.gone)").count() == 0


# -- hint, undo and mistakes on a board ----------------------------------------------------------


def test_board_hint_undo_and_a_square_that_is_no_move(page: Any) -> None:
    start(page, "chomp", "2x3")  # you first: the winning bite is the top right square
    page.click("#hint")
    assert "bite column 2, row 1" in page.inner_text("#hint-box")
    assert page.locator(".square-c.hinted").count() == 1
    page.click(".square-c[data-key='0,1']")  # the whole top row: it throws the win away
    settle(page)
    assert "threw away a win" in page.inner_text("#notice")
    assert your_moves(page) == ["You: bite column 0, row 1"]
    page.click("#undo")
    settle(page)
    assert page.locator(".square-c.alive").count() == 6 and your_moves(page) == []
    page.click(".square-c.poison")  # never a move
    assert "poisoned" in page.inner_text("#notice")
    page.check("#show-values")
    start(page, "node-kayles", "path:3; path:4")  # 2 xor 0 (Dawson's Chess)
    assert page.inner_text("#values").startswith("values: 2 ⊕ 0 = 2")
    start(page, "cram", "2x2")
    page.click(".cell[data-key='0,0']")
    page.click(".cell[data-key='1,1']")  # not a neighbour: a new first cell
    assert page.get_attribute(".cell.selected", "data-key") == "1,1"
    page.click(".cell[data-key='1,0']")
    settle(page)
    assert your_moves(page) == ["You: domino on 1,0 and 1,1"]
    assert over(page) == "grundy"  # grundy places the last domino


BOARD_KINDS = [("cram", "3x4; ..|.#", "cram"), ("chomp", "4,3,3,1", "chomp"),
               ("node-kayles", "petersen", "graph"), ("arc-kayles", "grid:2x3", "graph"),
               ("green-hackenbush", "0-1,1-2,1-3,0-4,4-5,5-0,5-5,0-6,6-7,6-7", "hackenbush")]


def test_screenshot_of_every_board_game_with_a_hint(page: Any, tmp_path: Any) -> None:
    for game, position, kind in BOARD_KINDS:
        start(page, game, position)
        assert page.get_attribute("#board", "data-kind") == kind
        page.click("#hint")
        assert page.is_visible("#hint-box") and "worth" in page.inner_text("#hint-box")
        path = tmp_path / f"board-{game}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
    page.click("#random")  # a random start of the last game, then a move from the keyboard
    settle(page)
    assert page.locator(".edge.clickable").count() > 0
    page.focus(".edge.clickable >> nth=0")
    page.keyboard.press("Enter")
    settle(page)
    assert your_moves(page)[0].startswith("You: cut edge ")


#: the board game of tests/test_contributing.py, added the documented way (its rules module and
#: one registry line) before the page loads the catalog
from test_contributing import board_family  # noqa: E402,F401  (a fixture)


def test_a_board_game_added_the_documented_way_is_played_by_clicks(board_family: Any, page: Any) -> None:
    """Two rows of 3 and a row of 2 (value 3 ^ 3 ^ 2, an N-position): grundy moves first and
    wins; each of your clicks on a free cell plays the move that cell names, at once."""
    start(page, "row-cuts", "2x3; 1x2", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "cells"

    def click(p: Any) -> None:
        p.locator(".cell.clickable").last.click()  # the last free cell: one cell goes
        assert p.locator(".cell.selected").count() == 0  # played, not picked

    assert play_out(page, click) == "grundy"
    assert your_moves(page) and all(m.startswith("You: cut row ") for m in your_moves(page))
