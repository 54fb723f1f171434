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
