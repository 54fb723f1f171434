"""Each part's options with their values, and their mex (``analyze --options``), checked
against plain searches written from the rules."""

from __future__ import annotations

import json
import re
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import (bite_moves, domino_moves, kayles_moves, kayles_options, mex, plain_cells,
                   plain_value)
from support import assert_one_line_error

import grundy
from grundy.errors import GrundyError
from grundy.play.options import option_values

#: rows of Kayles' pins by the plain rule: knock down one pin or two adjacent ones
kayles = plain_value(kayles_moves)


@given(st.integers(0, 14))
def test_kayles_options_are_the_rows_left_with_their_plain_values(n: int) -> None:
    found = option_values(grundy.find("kayles"), n)
    left = [tuple(sorted(move.as_dict()["to"])) for move, _ in found.options]
    assert sorted(left) == sorted(set(kayles_options(n)))  # each row left once
    assert [v for _, v in found.options] == [kayles(rows) for rows in left]
    assert found.mex == found.value == kayles((n,) if n else ())


@settings(max_examples=30)
@given(st.integers(1, 3), st.integers(1, 4))
def test_a_cram_board_and_a_chomp_bar(rows: int, cols: int) -> None:
    """Cram: each option a board with one domino more, its value the plain one; Chomp:
    each bite's bar, its value the plain one; the mex is the part's value either way."""
    board = grundy.find("cram").parse_position(f"{rows}x{cols}")
    found = option_values(grundy.find("cram"), board)
    full = frozenset(product(range(rows), range(cols)))
    assert len(found.options) == len(domino_moves(full))
    for move, v in found.options:
        free = frozenset(move.option.cells())
        assert len(full - free) == 2 and v == plain_cells(free, domino_moves)
    assert found.mex == found.value == plain_cells(full, domino_moves)
    bar = (rows,) * cols
    chomp = option_values(grundy.find("chomp"), bar)
    assert sorted(m.option for m, _ in chomp.options) == sorted(bite_moves(bar))
    plain = plain_value(bite_moves)
    assert all(v == plain(m.option) for m, v in chomp.options)
    assert chomp.mex == chomp.value == plain(bar)


def test_the_mex_is_the_least_value_missing() -> None:
    found = option_values(grundy.find("sub:1,3,4"), 9)  # options 8, 6, 5: values 1, 2, 3
    assert [v for _, v in found.options] == [1, 2, 3] and found.mex == 0 == mex([1, 2, 3])
    assert option_values(grundy.find("nim"), 0).options == ()


def test_the_command_prints_each_parts_options_and_their_mex(cli: Any) -> None:
    shown = cli("analyze", "kayles", "3", "5", "--options")
    assert shown.code == 0, shown
    lines = shown.out.splitlines()
    heads = [i for i, line in enumerate(lines) if " is worth " in line]
    assert [lines[i].split(" is worth ")[0] for i in heads] == ["3", "5"]
    for i, n in zip(heads, (3, 5)):
        worth = int(re.search(r"is worth (\d+)", lines[i])[1])
        assert worth == kayles((n,))
        body = lines[i + 1:]
        end = next(k for k, line in enumerate(body) if line.startswith("  mex "))
        values = [int(line.split()[-1]) for line in body[:end]]
        assert len(values) == len(set(kayles_options(n)))
        assert body[end] == f"  mex {{{', '.join(map(str, sorted(set(values))))}}} = {worth}"
    data = json.loads(cli("analyze", "--json", "--options", "wythoff", "2,3").out)
    (part,) = data["options"]
    assert part["value"] == part["mex"] == data["value"] == mex(o["value"] for o in part["options"])
    assert len(part["options"]) == 7  # 2 + 3 down one heap, 2 down both


@pytest.mark.parametrize("args, words", [
    (["kayles", "5", "--options", "--misere"], "--options does not apply"),
    (["kayles", "5", "--options", "--compound", "conjunctive"], "--options does not apply"),
    (["nim", "10**30", "--options"], "too large to list its moves"),
    (["digraph", "0>1,1>0", "0", "--options"], "its options have no mex to show"),
])
def test_what_has_no_options_to_list_is_one_error_line(cli: Any, args: list[str],
                                                       words: str) -> None:
    assert_one_line_error(cli("analyze", *args), words)


def test_a_game_that_never_ends_is_its_own_error() -> None:
    class Up(grundy.Game):
        def options(self, n: int) -> list[int]:
            return [n + 1]

    with pytest.raises(GrundyError, match="never end|deep"):
        option_values(Up(), 0)


def test_a_notebook_shows_the_options_as_a_table_escaped() -> None:
    class Tags(grundy.Game):  # positions written with '<': escaped on the page
        def options(self, n: int) -> list[int]:
            return list(range(n))

        def format_position(self, position: Any) -> str:
            return f"<{position}>"

    found = option_values(Tags(), 4)
    page = found._repr_html_()
    assert page.count("<tr>") == 1 + 4 and "<3>" not in page and "&lt;3&gt;" in page
    assert "mex {0, 1, 2, 3} = 4" in page
    assert option_values(Tags(), 4)._repr_html_(most=2).count("<tr>") == 1 + 2 + 1  # and "..."


def test_a_hint_leaves_out_the_mex_past_its_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The options of a board can each cost what the board does: a hint values them for
    HINT_SECONDS of CPU at most, and says nothing of them past it."""
    import grundy.play.options as options

    kayles = grundy.find("kayles")
    assert [q.mex for q in options.hint_values(kayles, [3, 5])] == [3, 4]
    monkeypatch.setattr(options, "HINT_SECONDS", -1.0)  # spent before the first option
    assert options.hint_values(kayles, [3, 5]) is None
    assert option_values(kayles, 5).mex == 4  # asked for (--options): no time limit
