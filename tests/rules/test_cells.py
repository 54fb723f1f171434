"""Boards of cells (grundy.rules.cells) and bars: a malformed one is a one-line error."""

from __future__ import annotations

from typing import Any

import pytest

from grundy.errors import GrundyError
from grundy.rules.cells import Board
from support import assert_one_line_error


def test_malformed_bars_and_boards_are_one_line_errors(cli: Any) -> None:
    for game, word in (("chomp", "5,,3"), ("chomp", ",3"), ("cram", "4,5"), ("cram", "|")):
        assert_one_line_error(cli("analyze", game, word), "part 1: ")
    with pytest.raises(GrundyError, match="empty"):
        Board.parse("|")
