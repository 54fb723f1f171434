"""CONTRIBUTING.md tells the truth: a heap family added the documented way (its module and
one registry line) is found by ``grundy games``, by every command that takes a GAME, and by
``analyze``, with its kernel checked against the engine."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.cli.main import run

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text()

# The family of the guide's example, as its module would be written under grundy/rules/.
FAMILY = '''
import numpy as np

from grundy.rules.base import HeapGame


class TakeHalf(HeapGame):
    """Take one token, or half of the heap (rounded down) when it is even."""

    has_kernel = True
    notation = "take-half"

    def options(self, n):
        return sorted({n - 1, n // 2} if n and n % 2 == 0 else {n - 1} if n else set())

    def kernel_sequence(self, n):
        g = np.zeros(n, dtype=np.int64)
        for k in range(1, n):
            seen = {g[k - 1]} | ({g[k // 2]} if k % 2 == 0 else set())
            g[k] = min(set(range(3)) - seen)
        return g
'''


@pytest.fixture
def family(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    (tmp_path / "take_half.py").write_text(textwrap.dedent(FAMILY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)  # undone after the test
    catalog.register(catalog.Entry("take-half", "heap", "take one token, or half an even heap",
                                   "the CONTRIBUTING.md example", "take_half:TakeHalf",
                                   aliases=("halves",)))
    yield
    catalog._find.cache_clear()
    sys.modules.pop("take_half", None)


def test_the_guide_names_the_two_files_of_a_family() -> None:
    section = GUIDE.split("## Add a rule family", 1)[1].split("\n## ", 1)[0]
    assert "src/grundy/rules/" in section and "src/grundy/catalog/__init__.py" in section
    assert re.search(r"Entry\(", section)


def test_a_family_added_the_documented_way_is_everywhere(family, capsys) -> None:  # type: ignore[no-untyped-def]
    game = grundy.find("halves")
    # its kernel agrees with the engine on its own options (a copy without the kernel)
    plain = type("Plain", (type(game),), {"has_kernel": False})()
    engine = [grundy.value(plain, k) for k in range(60)]
    assert game.kernel_sequence(60).tolist() == engine
    assert run(["games"]) == 0
    assert "take-half (also: halves)" in capsys.readouterr().out
    assert run(["sequence", "take-half", "-n", "8"]) == 0
    assert capsys.readouterr().out.split() == [str(v) for v in engine[:8]]
    assert run(["analyze", "take-half", "6", "3"]) == 0
    out = capsys.readouterr().out
    total = engine[6] ^ engine[3]
    assert f"value (XOR of the parts): {total}" in out
    assert run(["analyze", "take-half", "x"]) == 2
    assert "grundy: error:" in capsys.readouterr().err


# A board game, as its module would be written under grundy/rules/: a rules module and one
# registry line, nothing in web/, research/ or play/.
BOARD_FAMILY = '''
from grundy.rules.boards import BoardGame, LabelledMove
from grundy.rules.cells import Board


class RowCuts(BoardGame):
    """Pick a free cell: it goes, with every free cell right of it up to a blocked one."""

    board = "cells"
    notation = "row-cuts"
    example = ("2x3",)

    def labelled_moves(self, part):
        moves = []
        for r, c in part.cells():
            gone, k = 0, c
            while k < part.cols and part.mask & part.bit(r, k):
                gone |= part.bit(r, k)
                k += 1
            moves.append(LabelledMove(f"{r},{c}", part.without(gone), f"cut row {r} at {c}"))
        return moves

    def options(self, part):
        return [m.option for m in self.labelled_moves(part)]

    def parse_position(self, text):
        return Board.parse(text)

    def format_position(self, position):
        return position.text()

    def empty_board(self, rows, cols):
        return Board.full(rows, cols)
'''


@pytest.fixture
def board_family(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    (tmp_path / "row_cuts.py").write_text(textwrap.dedent(BOARD_FAMILY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)  # undone after the test
    catalog.register(catalog.Entry("row-cuts", "board", "pick a cell: it and the cells right "
                                   "of it in its row go", "the CONTRIBUTING.md example",
                                   "row_cuts:RowCuts"))
    yield
    catalog._find.cache_clear()
    sys.modules.pop("row_cuts", None)


def row_cuts_value(rows: int, cols: int) -> int:
    """An empty board of row cuts is a nim heap of ``cols`` per row (a cut leaves a shorter
    row): the XOR of ``rows`` heaps of ``cols``."""
    return cols if rows % 2 else 0


def test_the_guide_names_the_two_files_of_a_board_game() -> None:
    section = GUIDE.split("## Add a rule family", 1)[1].split("\n## ", 1)[0]
    assert "BoardGame" in section and "labelled_moves" in section


def test_a_board_game_added_the_documented_way_is_analysed_tabled_and_played(  # type: ignore[no-untyped-def]
        board_family, capsys):
    game = grundy.find("row-cuts")
    assert run(["analyze", "row-cuts", "2x3", "1x2"]) == 0
    out = capsys.readouterr().out
    assert f"value (XOR of the parts): {row_cuts_value(2, 3) ^ row_cuts_value(1, 2)}" in out
    assert run(["table", "row-cuts", "--rows", "3", "--cols", "4", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table == [[row_cuts_value(r, c) for c in range(1, 5)] for r in range(1, 4)]
    # a blocked cell splits a row into heaps: 2 and 1 above 4, and 2
    assert [grundy.value(game, game.parse_position(t)) for t in ("..#.|....", "#..")] == [2 ^ 1 ^ 4, 2]

    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")
    from starlette.testclient import TestClient

    from grundy.web.app import create_app

    client = TestClient(create_app())
    info = client.get("/api/game", params={"game": "row-cuts"}).json()
    assert info["board"] == "cells" and info["dims"] == 2 and info["example"] == ["2x3"]
    data = client.post("/api/analyze", json={"game": "row-cuts", "position": ["2x3", "1x2"]}).json()
    assert data["value"] == 2 and data["drawings"][1]["kind"] == "cells"
    assert [m["take"] for m in data["moves"] if m["part"] == 1] == ["0,0", "0,1"]
    # to value 0: a row of 3 cut to 1 (1 ^ 3 ^ 2 = 0), or the row of 2 cut away
    wins = sorted((m["part"], m["take"], m["gone"]) for m in data["winning_moves"])
    assert wins == [(0, "0,1", ["0,1", "0,2"]), (0, "1,1", ["1,1", "1,2"]), (1, "0,0", ["0,0", "0,1"])]
    played = client.post("/api/move", json={"game": "row-cuts", "position": ["2x3", "1x2"],
                                            "move": {"part": 0, "take": "1,1"}}).json()
    assert played["your_move"]["gone"] == ["1,1", "1,2"] and played["your_move"]["text"] == "cut row 1 at 1"
    assert played["position"] == ["...|.##", "1x2"]
    rows = client.get("/api/table", params={"game": "row-cuts", "rows": 2, "cols": 3}).json()
    assert rows["values"] == [[1, 2, 3], [0, 0, 0]] and rows["first_index"] == 1
