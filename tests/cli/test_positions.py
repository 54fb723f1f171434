"""Positions at the command line (``analyze``, ``play``): a position file that is empty, or far
away, named whole in the error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support import assert_one_line_error


def test_an_empty_position_file_is_named(cli: Any, tmp_path: Path) -> None:
    for text in ("", "\n  \n"):
        path = tmp_path / "graph.txt"
        path.write_text(text)
        for game in ("node-kayles", "cram", "green-hackenbush"):
            result = cli("analyze", game, f"@{path}")
            assert_one_line_error(result, str(path))
            assert "empty" in result.err


def test_a_long_path_is_named_whole_in_an_error(cli: Any, tmp_path: Path) -> None:
    deep = tmp_path / ("folder-with-a-long-name-" * 3) / ("and-another-one-" * 3)
    deep.mkdir(parents=True)
    path = deep / "graph.txt"
    path.write_text("")
    assert 150 < len(str(path)) < 240
    assert_one_line_error(cli("analyze", "node-kayles", f"@{path}"), str(path))
    missing = deep / "nothere.py"
    assert_one_line_error(cli("sequence", f"{missing}:G"), f"{missing} does not exist")
