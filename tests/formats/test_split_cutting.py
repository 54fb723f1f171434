"""Split Game and Cutting Game through the command line: samples, options, bad input."""

from __future__ import annotations

import json

import pytest

from grundy.errors import InputError
from grundy.formats import Options, limits, solve
from grundy.rules.cutting import Cutting, Split, describe_cut, winning_cuts
from support import assert_one_line_error

SPLIT_SAMPLE = "1 2\n1 6\n4 3\n3 5\n"
CUTTING_SAMPLE = "2 2\n3 2\n4 2\n"


def test_split_official_sample(cli):
    r = cli("solve", "split", input=SPLIT_SAMPLE)
    assert (r.code, r.out, r.err) == (0, "Bob\nAlice\nAlice\nBob\n", "")


def test_cutting_official_sample(cli):
    r = cli("solve", "cutting-game", input=CUTTING_SAMPLE)
    assert (r.code, r.out, r.err) == (0, "LOSE\nLOSE\nWIN\n", "")


def test_bundled_examples_are_the_samples():
    from pathlib import Path

    import grundy

    examples = Path(grundy.__file__).parent / "formats" / "examples"
    assert (examples / "split.in").read_text() == SPLIT_SAMPLE
    assert (examples / "cutting.in").read_text() == CUTTING_SAMPLE


def test_blank_lines_and_spaces_are_ignored():
    assert solve("split", b"\n  1 2 \n\n4\t3\r\n") == "Bob\nAlice\n"


def test_json_lines_carry_a_real_winning_cut(cli):
    r = cli("solve", "split", "--json", input=SPLIT_SAMPLE)
    assert r.code == 0
    rows = [json.loads(line) for line in r.out.splitlines()]
    assert [row["judge"] for row in rows] == ["Bob", "Alice", "Alice", "Bob"]
    assert [row["winner"] for row in rows] == ["second", "first", "first", "second"]
    sizes = [tuple(map(int, line.split())) for line in SPLIT_SAMPLE.splitlines()]
    for (n, m), row in zip(sizes, rows, strict=True):
        cuts = winning_cuts(Split(), n, m)
        assert row["winning_moves"] == len(cuts)
        assert (row["value"] != 0) == (row["move"] is not None)
        if row["move"] is not None:
            assert tuple(map(tuple, row["move"])) == cuts[0]


def test_move_lines_follow_each_win(cli):
    r = cli("solve", "cutting", "--move", input="4 2\n2 2\n5 5\n")
    lines = r.out.splitlines()
    first = winning_cuts(Cutting(), 4, 2)[0]
    assert lines[:3] == ["WIN", describe_cut(4, 2, first), "LOSE"]
    assert lines[3] == "WIN" and lines[4].startswith("cut 5x5 into ")
    assert len(lines) == 5


def test_explain_names_value_and_cut():
    out = solve("split", b"4 3\n1 2\n", Options(explain=True)).splitlines()
    assert out[0] == "Alice" and "value 1" in out[1] and "cut 4x3 into" in out[1]
    assert out[2] == "Bob" and "1x1" in out[3]


def test_options_keep_the_answers_in_order():
    data = "".join(f"{n} {m}\n" for n in range(2, 30) for m in range(2, 9)).encode()
    plain = solve("cutting", data).splitlines()
    rows = [json.loads(line) for line in solve("cutting", data, Options(as_json=True)).splitlines()]
    assert [("WIN" if row["winner"] == "first" else "LOSE") for row in rows] == plain


def test_sizes_beyond_the_contest_are_accepted():
    out = solve("split", b"2000 1\n151 150\n").splitlines()
    assert len(out) == 2 and set(out) <= {"Alice", "Bob"}


def test_limits_are_in_the_help(cli):
    assert "2000" in limits("split") and "2000" in limits("cutting")
    r = cli("solve", "--help")
    assert "N*M > 1" in r.out and "2 <= W, H" in r.out


BAD = [
    ("split", "1 2\n3\n", 2, "two integers"),
    ("split", "1 2 3\n", 1, "found 3"),
    ("split", "4 x\n", 1, "M must be an integer"),
    ("split", "4 3.5\n", 1, "must be an integer"),
    ("split", "1 1\n", 1, "1x1"),
    ("split", "0 5\n", 1, "N = 0 is out of range"),
    ("split", "2 2\n2001 3\n", 2, "N = 2001"),
    ("split", "", 1, "empty input"),
    ("split", "\n  \n", 1, "empty input"),
    ("split", "2 2\n3 \xe9\n", 2, "non-ASCII"),
    ("cutting", "2 2\n1 5\n", 2, "W = 1 is out of range"),
    ("cutting", "3 -2\n", 1, "H = -2"),
    ("cutting", "3 2 1 9\n", 1, "found 4"),
]


@pytest.mark.parametrize("problem, data, line, words", BAD[::2])
def test_bad_input_is_one_line_and_no_output(cli, problem, data, line, words):
    assert_one_line_error(cli("solve", problem, input=data.encode("latin-1")), words, line)


@pytest.mark.parametrize("problem, data, line, words", BAD)
def test_bad_input_raises_input_error_with_its_line(problem, data, line, words):
    with pytest.raises(InputError) as info:
        solve(problem, data.encode("latin-1"), Options(as_json=True))
    assert info.value.line == line and words in info.value.message
