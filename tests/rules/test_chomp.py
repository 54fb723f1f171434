"""Chomp's bars: a height left out is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.errors import GrundyError


@given(st.lists(st.integers(1, 9), min_size=1, max_size=6), st.data())
def test_a_bar_with_a_height_left_out_is_refused(heights: list[int], data: Any) -> None:
    game = grundy.Chomp()
    heights.sort(reverse=True)
    words = [str(h) for h in heights]
    assert game.parse_position(",".join(words)) == tuple(heights)
    at = data.draw(st.integers(0, len(words)))
    with pytest.raises(GrundyError):
        game.parse_position(",".join(words[:at] + [""] + words[at:]))


# -- its table: the whole bars r x c -----------------------------------------------------------


def test_the_table_is_the_whole_bars_values_by_a_plain_search(cli: Any) -> None:
    """`grundy table chomp` is the value of each whole r x c bar (the plain mex over every
    bite), '-' past the cells; each is an N-position but the poisoned square alone."""
    import json

    from brute import plain_chomp

    shown = cli("table", "chomp", "--rows", "5", "--cols", "7", "--cells", "35", "--json")
    assert shown.code == 0, shown
    values = json.loads(shown.out)
    for r, row in enumerate(values, start=1):
        for c, v in enumerate(row, start=1):
            assert v == plain_chomp((r,) * c), (r, c)
            assert (v == 0) == (r == c == 1)
    past = cli("table", "chomp", "--rows", "5", "--cols", "7", "--cells", "20", "--json")
    assert json.loads(past.out)[4][4:] == [-1, -1, -1]


def test_a_bar_too_large_is_refused_before_any_is_valued(cli: Any) -> None:
    from support import assert_one_line_error

    for args in (["table", "chomp", "--rows", "9", "--cols", "10", "--cells", "128"],
                 ["explore", "chomp", "--rows", "9", "-n", "10"]):
        refused = cli(*args)
        assert_one_line_error(refused, "a bar of 9 rows and 10 columns has 92378 diagrams")


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
def test_strips_explored_unless_told_have_at_most_the_diagrams_said(rows: int) -> None:
    from math import comb

    from grundy.rules.chomp import STRIP_COLUMNS, STRIP_DIAGRAMS

    cols = grundy.Chomp().strip_columns(rows)
    assert comb(rows + cols, rows) <= STRIP_DIAGRAMS and cols <= STRIP_COLUMNS
    assert cols == STRIP_COLUMNS or comb(rows + cols + 1, rows) > STRIP_DIAGRAMS
