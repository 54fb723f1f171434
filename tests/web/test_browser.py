"""The playground in a real headless Chromium, driven by Playwright: whole games played by
clicks, hint and undo, the heat map, a screenshot of every board kind, no console error.

Playwright never downloads a browser here: the system's Chromium is used (Debian's
package; CI installs it), and the tests skip, saying why, when it or Playwright is missing.
With GRUNDY_WRITE_DOCS=1 the screenshot of the page is also written to docs/playground.png.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from browser import needs_chromium, over, settle, start  # noqa: E402
from support import ROOT  # noqa: E402

DOCS = ROOT / "docs"

pytestmark = needs_chromium


def tokens(page: Any) -> list[int]:
    return page.eval_on_selector_all(".heap .heap-label", "els => els.map(e => Number(e.textContent))")


def play_nim_by_clicks(page: Any) -> str:
    """Take the whole first heap each turn, by clicking its first token."""
    for _ in range(40):
        if over(page):
            return str(over(page))
        page.click(".heap .token[data-token='1']")
        settle(page)
    raise AssertionError("the game did not end")


def test_nim_played_to_the_end_and_grundy_wins_from_n_positions(page: Any, tmp_path: Path) -> None:
    start(page, "nim", "1 2 3 4")  # you first, in a P-position: grundy answers every move
    assert tokens(page) == [1, 2, 3, 4]
    assert play_nim_by_clicks(page) == "grundy"
    assert "grundy wins" in page.inner_text("#status")
    # grundy moves first from an N-position (3 ^ 4 ^ 5 = 2): it wins
    start(page, "nim", "3 4 5", grundy_first=True)
    assert sum(tokens(page)) == 10  # grundy took 2
    assert play_nim_by_clicks(page) == "grundy"
    log = page.inner_text("#log")
    assert "grundy:" in log and "You:" in log


def test_hint_threw_away_notice_and_undo(page: Any) -> None:
    start(page, "nim", "3 5")
    page.click("#hint")
    hint = page.inner_text("#hint-box")
    assert "XOR" in hint and "5 -> 3" in hint
    assert page.locator(".heap.hinted").count() == 1
    # why each heap is worth its value: nim's heap n has options worth 0..n-1
    assert page.locator("#hint-box p.mex").all_inner_texts() == [
        f"Heap {n}: its options are worth {', '.join(map(str, range(n)))}; the least value "
        f"not among them is {n}, its value (the mex)." for n in (3, 5)]
    page.click(".heap >> nth=0 >> .token[data-token='2']")  # 3 -> 1: not the winning move
    settle(page)
    assert "threw away a win" in page.inner_text("#notice")
    assert "5 -> 3" in page.inner_text("#notice")
    page.click("#undo")
    settle(page)
    assert tokens(page) == [3, 5]
    assert page.locator("#log li").count() == 0


def test_coins_game_played_to_the_end_by_clicks(page: Any) -> None:
    start(page, "coins", "2x2 3x3 1x3")
    for _ in range(60):
        if over(page):
            break
        head = page.locator(".coin.head").first
        head.click()  # pick the head
        head.click()  # the head again: turn it alone (a = b = 0)
        settle(page)
    assert over(page) in ("you", "grundy")
    # grundy moves first from an N-position: heads worth 1 (2x3) and 2 (3x3), XOR 3
    start(page, "coins", "2x3 3x3", grundy_first=True)
    for _ in range(60):
        if over(page):
            break
        head = page.locator(".coin.head").first
        head.click()
        head.click()
        settle(page)
    assert over(page) == "grundy"


def test_heat_map_is_drawn_with_hover_values(page: Any, tmp_path: Path) -> None:
    page.select_option("#game-select", "kayles")
    settle(page)
    page.click("#tab-map")
    page.wait_for_selector("#heatmap[data-drawn]")
    painted = page.evaluate("""() => { const c = document.getElementById('heatmap');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""")
    assert painted > 1000
    box = page.locator("#heatmap").bounding_box()
    page.mouse.move(box["x"] + 3, box["y"] + 3)  # the first cell: heap 0, a P-position
    assert "heap 0: value 0 (P-position)" in page.inner_text("#tooltip")
    assert "P-positions" in page.inner_text("#map-status")
    patterns = page.inner_text("#patterns")  # explore's findings on the values drawn
    assert "period: period 12, preperiod 71, saltus 0 (certified)" in patterns
    page.select_option("#game-select", "coins")
    settle(page)
    page.click("#map-draw")
    page.wait_for_selector("#heatmap[data-drawn='32x32']")
    assert "period 12" not in page.inner_text("#patterns")  # the new game's, not Kayles'
    page.screenshot(path=str(tmp_path / "heat-map.png"), full_page=True)
    if os.environ.get("GRUNDY_WRITE_DOCS") == "1":
        DOCS.mkdir(exist_ok=True)
        page.screenshot(path=str(DOCS / "heatmap.png"), full_page=True)


BOARDS = [("nim", "3 5 7", "heaps"), ("mock-turtles", "2 5 9 11", "coins"),
          ("beans", "1 0 2 1 0 0", "bottles"), ("coins", "2x4 4x1 5x3", "coin-board"),
          ("squares", "3x3 4x2 2x5", "grid"), ("split", "6x5 3x4", "rectangle"),
          ("wythoff", "5,9 3,4", "queen"), ("euclid", "11,7; 9,4", "pair")]


def test_screenshot_of_every_board_kind(page: Any, tmp_path: Path) -> None:
    for game, position, kind in BOARDS:
        start(page, game, position)
        assert page.get_attribute("#board", "data-kind") == kind
        page.click("#hint")
        assert page.is_visible("#hint-box")
        path = tmp_path / f"board-{kind}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        if kind == "heaps" and os.environ.get("GRUNDY_WRITE_DOCS") == "1":
            DOCS.mkdir(exist_ok=True)
            page.screenshot(path=str(DOCS / "playground.png"), full_page=True)


def test_typed_notation_and_misere_play(page: Any) -> None:
    page.fill("#notation", "ruler*mock-turtles")
    page.click("#notation-use")
    settle(page)
    assert page.get_attribute("#board", "data-kind") == "coin-board"
    assert page.is_disabled("#misere")  # misère play is offered for heap games only
    page.fill("#notation", "sub:1,3,4")
    page.press("#notation", "Enter")
    settle(page)
    assert page.get_attribute("#board", "data-kind") == "heaps"
    assert "Subtraction" in page.inner_text("#rules") or "sub" in page.inner_text("#rules").lower()
    page.select_option("#game-select", "nim")
    settle(page)
    page.check("#misere")
    start(page, "nim", "1")  # you take the last token: in misère play you lose
    page.click(".heap .token[data-token='1']")
    settle(page)
    assert over(page) == "grundy"


def your_moves(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li[data-who=you]", "els => els.map(e => e.textContent)")


def test_show_values(page: Any) -> None:
    page.check("#show-values")
    start(page, "kayles", "3 5 7")  # Kayles: 3, 5, 7 are worth 3, 4, 2 (OEIS A002186)
    assert page.inner_text("#values").startswith("values: 3 ⊕ 4 ⊕ 2 = 5: N-position")
    badges = page.eval_on_selector_all(".heap .badge", "els => els.map(e => e.textContent)")
    assert badges == ["g = 3", "g = 4", "g = 2"]
    start(page, "coins", "2x4 5x3")  # nim products 2 (x) 4 = 8, 5 (x) 3 = 15
    assert page.get_attribute(".coin[data-cell='2x4']", "data-value") == "8"
    assert page.get_attribute(".coin[data-cell='5x3']", "data-value") == "15"
    page.uncheck("#show-values")
    assert page.is_hidden("#values")


def test_one_move_by_clicks_on_every_board(page: Any) -> None:
    start(page, "kayles", "7")
    page.click(".heap .token[data-token='4']")  # the middle pin: 7 -> 3 + 3
    settle(page)
    assert your_moves(page)[-1] == "You: 7 -> 3 + 3"
    start(page, "grundys-game", "7")
    page.click(".heap .token[data-token='3']")  # split before token 3: 7 -> 2 + 5
    settle(page)
    assert your_moves(page)[-1] == "You: 7 -> 2 + 5"
    start(page, "kayles", "9")
    page.drag_and_drop(".heap .token[data-token='5']", ".heap .token[data-token='6']")
    settle(page)
    assert your_moves(page)[-1] == "You: 9 -> 3 + 4"  # pins 5 and 6 knocked down
    start(page, "mock-turtles", "3 9")
    page.click(".coin[data-cell='9']")
    page.click(".coin[data-cell='4']")  # turn 9 and 4: the least move that turns coin 4
    settle(page)
    assert your_moves(page)[-1] == "You: turn the head at 9 and turn 4"
    start(page, "squares", "3x3")
    page.click(".coin[data-cell='3x3']")
    settle(page)
    assert your_moves(page)[-1] == "You: toggle the square of 3x3"
    start(page, "split", "4x3")
    page.click(".cut[data-cut='row1']")
    settle(page)
    assert your_moves(page)[-1] == "You: cut 4x3 into 1x3 and 3x3"
    start(page, "beans", "1 0 0 0")
    for bottle in (0, 2, 3):
        page.click(f".bottle[data-bottle='{bottle}']")
    settle(page)
    assert your_moves(page)[-1] == "You: a bean from bottle 0 into bottles 2 and 3"


def test_wythoff_played_to_the_end_by_clicks_and_grundy_wins(page: Any) -> None:
    """grundy moves first from an N-position (5,9 is not a Beatty pair) and wins: each turn
    you move the queen one square left, grundy answers to a P-position."""
    start(page, "wythoff", "5,9", grundy_first=True)
    assert page.get_attribute("#board", "data-kind") == "queen"
    assert "grundy:" in page.inner_text("#log")  # grundy moved first, to a P-position
    p_positions = {(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4), (6, 10), (10, 6)}
    for _ in range(30):
        if over(page):
            break
        queen = page.get_attribute(".square.queen", "data-cell")
        r, c = map(int, queen.split(","))
        assert (r, c) in p_positions  # grundy always leaves a P-position
        target = f"{r},{c - 1}" if c else f"{r - 1},{c}"
        page.click(f".square.target[data-cell='{target}']")
        settle(page)
    assert over(page) == "grundy" and "grundy wins" in page.inner_text("#status")
    assert page.get_attribute(".square.queen", "data-cell") == "0,0"


OWN = [("staircase-nim", "2 1 3"), ("moores-nim", "3 5 6"), ("poker-nim", "2 3 pool=1"),
       ("fibonacci-nim", "10"), ("euclid", "11,7; 9,4"), ("welter", "1 4 6 9"),
       ("northcott", "2,9; 1,6; 3,5"), ("laskers-nim", "3 5"), ("treblecross", "9")]


def test_every_classic_played_to_the_end_from_the_move_list(page: Any) -> None:
    """From an N-position grundy moves first and wins, whatever move you pick (the first of
    the list each turn)."""
    for game, position in OWN:
        start(page, game, position, grundy_first=True)
        for _ in range(60):
            if over(page):
                break
            chips = page.locator("#menu .chip")
            if not chips.count():  # a heap board with long move lists: click the first token
                page.click(".heap .token[data-token='1']")
            else:
                chips.first.click()
            settle(page)
        assert over(page) == "grundy", game


def test_wythoff_heat_map_shows_the_beatty_pairs(page: Any, tmp_path: Path) -> None:
    page.select_option("#game-select", "wythoff")
    settle(page)
    page.click("#tab-map")
    page.wait_for_selector("#heatmap[data-drawn]")
    assert "P-positions" in page.inner_text("#map-status")
    assert "P-positions: Wythoff's pairs" in page.inner_text("#patterns")
    page.screenshot(path=str(tmp_path / "wythoff-map.png"), full_page=True)
