"""Positions at the command line (``analyze``, ``play``): a position file that is empty, or far
away, named whole in the error."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

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


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", [("analyze", "cram", "5x6"),
                                     ("analyze", "node-kayles", "5x7"),
                                     ("table", "cram", "--rows", "5", "--cols", "6")])
def test_the_board_search_shows_its_status_line_on_a_terminal_and_takes_it_away(
        monkeypatch: Any, capsys: Any, command: tuple[str, ...]) -> None:
    """The status line of the board search (every 256 components here), on stderr when it is
    a terminal; nothing else there, and nothing left of it at the end."""
    from grundy.cli.main import run
    from grundy.research import boards
    from grundy.rules.cram import kernel

    if kernel() is None:
        pytest.skip("the compiled board search is not built")
    monkeypatch.setattr(boards, "_EVERY", 256)
    monkeypatch.setattr(boards, "_PAUSE", 0.0)
    for terminal in (True, False):
        kernel().clear()
        stream = _Terminal() if terminal else io.StringIO()
        monkeypatch.setattr(sys, "stderr", stream)
        assert run(list(command)) == 0
        assert capsys.readouterr().out  # the answer, on stdout as ever
        text = stream.getvalue()
        if not terminal:
            assert text == ""
            continue
        lines = text.split("\r")[1:]
        assert lines and all(line.startswith(f"{command[1]} ") and "components searched"
                             in line for line in lines if line != "\033[K")
        assert text.endswith("\r\033[K") and "\n" not in text


def test_green_hackenbush_names_the_principles_it_answers_by() -> None:
    """``analyze --explain`` named no theorem ("the values were searched move by move")
    though every value comes from the fusion and colon principles."""
    from click.testing import CliRunner

    from grundy.cli.positions import analyze

    out = CliRunner().invoke(analyze, ["hackenbush", "0-1,1-2,1-3", "--explain"]).output
    assert "fusion and colon principles" in out and "searched move by move" not in out


@pytest.mark.parametrize("args, start", [
    (("analyze", "kayles", "3", "--time=5"), "values: 3: 3"),
    (("analyze", "kayles", "3", "4", "--compound=conjunctive"), "conjunctive compound"),
    (("analyze", "--json", "kayles", "3", "--time", "5"), '{"value": 3'),
])
def test_options_written_name_equals_value_are_options(cli: Any, args: tuple[str, ...],
                                                       start: str) -> None:
    """Words that start with '-' and no option takes are kept from Click as the position's
    (-1path:0: test_limits); an option written --name=value is still an option."""
    result = cli(*args)
    assert (result.code, result.err) == (0, "") and result.out.startswith(start), result
