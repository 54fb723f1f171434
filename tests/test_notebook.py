"""The notebook of the documentation runs, shows what grundy computes, and its page on the
site is what it shows (docs/notebook_page.py writes the page; this test fails when the page
is stale).  Needs the ``notebook`` extra (nbclient, nbformat, ipykernel): without it the
test skips, which GRUNDY_REQUIRE_ALL turns into a failure."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def _page_module() -> Any:
    spec = importlib.util.spec_from_file_location("notebook_page", ROOT / "docs" / "notebook_page.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def run() -> tuple[Any, Any]:
    """The notebook executed (once for the module), and the page's module."""
    for name in ("nbclient", "nbformat", "ipykernel"):
        if importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed (pip install -e '.[notebook]')")
    page = _page_module()
    return page.execute(), page


def outputs(nb: Any, source: str) -> dict[str, str]:
    """The rich outputs (by MIME type) of the one code cell whose source starts so."""
    cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(source)]
    assert len(cells) == 1, source
    found: dict[str, str] = {}
    for output in cells[0].outputs:
        assert output.output_type != "error", output
        found.update(output.get("data", {}))
    return found


def svgs(markup: str) -> list[ET.Element]:
    """Every SVG picture in ``markup``, parsed (a malformed one fails the test)."""
    return [ET.fromstring(s) for s in re.findall(r"<svg.*?</svg>", markup, re.S)]


def test_every_cell_runs_and_every_picture_is_well_formed(run: tuple[Any, Any]) -> None:
    nb, _ = run
    pictures = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            assert output.output_type != "error", output
            data = output.get("data", {})
            for kind in ("image/svg+xml", "text/html"):
                if kind in data:
                    pictures += len(svgs(data[kind]))
    assert pictures == 7  # the bar, four parts of the sum (not the nim heap), the board, the plot


def test_the_board_is_drawn_cell_by_cell(run: tuple[Any, Any]) -> None:
    nb, _ = run
    board = grundy.Board.parse("....|.#..|...#")
    shown = outputs(nb, "board = ")
    (root,) = svgs(shown["image/svg+xml"])
    rects = list(root.iter(f"{SVG}rect"))
    assert len(rects) == board.rows * board.cols
    assert sum(r.get("class") == "blocked" for r in rects) == board.rows * board.cols - board.count()
    said = outputs(nb, "grundy.value(grundy.Cram(), board)")["text/plain"]
    assert int(said) == grundy.value(grundy.Cram(), board)


def test_the_analyses_show_the_values_grundy_computes(run: tuple[Any, Any]) -> None:
    nb, _ = run
    for text in ("chomp 3x4", "cram ...|.#.|... + wythoff 3,7 + node-kayles cycle:5 + "
                 "green-hackenbush 0-1,1-2,1-3,0-0 + nim 6"):
        page = outputs(nb, f'grundy.analyze("{text}")')["text/html"]
        game, parts = grundy.read_position(text)
        assert f"value <b>{grundy.value(game, grundy.Sum(*parts))}</b>" in page
        shown = [int(v) for v in re.findall(r'<td class="value">(\d+)</td>', page)]
        assert shown == [grundy.value(game, p) for p in parts]
        for move in grundy.analyze(text).moves:
            assert move.describe().replace("->", "-&gt;") in page


def test_the_sequence_and_the_table_hold_the_games_values(run: tuple[Any, Any]) -> None:
    nb, _ = run
    page = outputs(nb, 'grundy.show_sequence("kayles", 100)')["text/html"]
    kayles = grundy.find("kayles")
    (plot,) = svgs(page)
    titles = [t.text for c in plot.iter(f"{SVG}circle") for t in c.iter(f"{SVG}title")]
    assert titles == [f"heap {n}: {grundy.value(kayles, n)}" for n in range(100)]
    table = outputs(nb, 'grundy.show_table("wythoff", 12, 16)')["text/html"]
    cells = re.findall(r'title="(\d+),(\d+): (\d+)"', table)
    wythoff = grundy.find("wythoff")
    assert len(cells) == 12 * 16
    assert all(int(v) == grundy.value(wythoff, (int(r), int(c))) for r, c, v in cells)


def test_the_quotient_shows_its_presentation(run: tuple[Any, Any]) -> None:
    nb, _ = run
    page = outputs(nb, 'grundy.quotient(grundy.find("0.75"))')["text/html"]
    q = grundy.quotient(grundy.find("0.75"))
    assert q.presentation.replace("<", "&lt;").replace(">", "&gt;") in page


def test_the_patterns_are_the_ones_the_values_follow(run: tuple[Any, Any]) -> None:
    """Taking at most half: the P-positions listed are 2^k - 1 and the rule by residue is
    stated, both checked on the values by the mex rule written out here."""
    nb, _ = run
    page = outputs(nb, "from grundy.research.explore import explore")["text/html"]
    g: list[int] = []
    for n in range(500):
        seen = {g[n - k] for k in range(1, n // 2 + 1)}
        g.append(min(set(range(len(seen) + 1)) - seen))
    assert [n for n in range(500) if g[n] == 0] == [2**k - 1 for k in range(9)]
    assert "0, 1, 3, 7, 15, 31, 63, 127, ... (9 in all); from heap 0 on, each is 2n + 1" in page
    assert all(g[2 * m] == m and g[2 * m + 1] == g[m] for m in range(250))
    assert "g(2m) = m, g(2m + 1) = g(m)" in page


def test_the_page_on_the_site_is_the_notebook_as_run(run: tuple[Any, Any]) -> None:
    nb, page = run
    written = (ROOT / "docs" / "notebook.md").read_text()
    assert page.render(nb) == written, \
        "docs/notebook.md is stale: run '.venv/bin/python docs/notebook_page.py'"
