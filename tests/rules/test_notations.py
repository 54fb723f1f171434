"""Each notation's grammar fed to the parsers (Hypothesis): ``grundy analyze GAME TEXT`` is
either one clean error line or an answer whose value is the mex of the options' values,
computed here by a plain recursion over the parsed position (small positions) or by the
engine (larger ones); and every number grundy reads (digits, ``B**E``, ``B^E``, ``MeE``)
is the integer it writes."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.catalog import find
from grundy.cli.main import run
from grundy.engine import value
from grundy.errors import GrundyError
from grundy.rules.closed import read_integer

SMALL = st.integers(0, 12)
JUNK = st.sampled_from(["", " ", "x", ",", "-", "+", "0", "00", "٣", "²", "\t", "e", "**",
                        "9" * 40, "-1", "1.5", "|", "#", "."])


@st.composite
def noisy(draw: Any, text: str) -> str:
    """``text``, or with a little junk put in somewhere."""
    if draw(st.booleans()):
        return text
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(JUNK) + text[at + draw(st.integers(0, 2)):]


NUMBERS = st.one_of(
    SMALL.map(str), st.integers(0, 10**30).map(str),
    st.tuples(st.integers(0, 12), st.integers(0, 40)).map(lambda t: f"{t[0]}**{t[1]}"),
    st.tuples(st.integers(0, 12), st.integers(0, 40)).map(lambda t: f"{t[0]}^{t[1]}"),
    st.tuples(st.integers(1, 9), st.integers(0, 30)).map(lambda t: f"{t[0]}e{t[1]}"),
    st.integers(0, 10**9).map(lambda n: f"{n:_}"),
)
GRIDS = st.tuples(st.integers(0, 7), st.integers(0, 7)).map(lambda t: f"{t[0]}x{t[1]}")
# Cram's full boards up to 36 cells (5 x 7: 0.6 s; 6 x 6 at once, by its symmetry); 6 x 7 and
# 7 x 7 take minutes, and a test that drew one waited out its --time (test_limits holds it)
BOARDS = st.one_of(st.tuples(st.integers(0, 7), st.integers(0, 7))
                   .filter(lambda t: t[0] * t[1] <= 36).map(lambda t: f"{t[0]}x{t[1]}"),
                   st.lists(st.text(".#", min_size=1, max_size=4), min_size=1,
                            max_size=4).map("|".join))
CHOMP = st.one_of(GRIDS, st.lists(st.integers(0, 6), min_size=1, max_size=4)
                  .map(lambda hs: ",".join(map(str, sorted(hs, reverse=True)))))
EDGES = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=8)
GRAPHS = st.one_of(
    EDGES.map(lambda es: ",".join(f"{u}-{v}" for u, v in es)),
    st.tuples(st.sampled_from(["path", "cycle", "complete", "star"]), st.integers(0, 8))
    .map(lambda t: f"{t[0]}:{t[1]}"),
    st.tuples(st.integers(0, 3), st.integers(0, 3)).map(lambda t: f"grid:{t[0]}x{t[1]}"),
)
NOTATIONS = {  # game -> the texts of its positions
    "nim": NUMBERS, "kayles": NUMBERS, "0.07": NUMBERS, "laskers-nim": NUMBERS,
    "split": GRIDS, "cutting": GRIDS, "coins": GRIDS, "ruler*ruler": GRIDS,
    "cram": BOARDS, "chomp": CHOMP,
    "node-kayles": GRAPHS, "arc-kayles": GRAPHS, "green-hackenbush": GRAPHS,
}


def _mex_value(game: Any, position: Any, memo: dict[Any, int], budget: list[int]) -> int:
    """The value by the definition: the mex of the options' values (parts of a sum XOR)."""
    from grundy.engine import Sum

    if isinstance(position, Sum):
        total = 0
        for part in position.parts:
            total ^= _mex_value(game, part, memo, budget)
        return total
    if position in memo:
        return memo[position]
    budget[0] -= 1
    sizes = position if isinstance(position, tuple) else (position,)
    if budget[0] < 0 or any(isinstance(n, int) and n > 300 for n in sizes):
        raise OverflowError("too large to recurse here")  # a heap, or a cell's row or column
    seen = {_mex_value(game, o, memo, budget) for o in game.options(position)}
    m = 0
    while m in seen:
        m += 1
    memo[position] = m
    return m


def _analyze(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""))
    try:
        code = run(list(args))
    finally:
        sys.stdin = old
    got = capfd.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("game", NOTATIONS)
def test_a_position_is_an_error_line_or_its_value(game: str,
                                                  capfd: pytest.CaptureFixture[str]) -> None:
    ruleset = find(game)

    @settings(max_examples=20, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.data())
    def check(data: Any) -> None:
        text = data.draw(NOTATIONS[game].flatmap(noisy))
        # a position past 5 s is its error line (none is drawn here: see BOARDS)
        code, out, err = _analyze(capfd, "analyze", game, text, "--json", "--time", "5")
        assert code in (0, 2), err
        if code == 2:
            assert out == "" and err.startswith("grundy: error: ") and err.count("\n") == 1, err
            assert "internal error" not in err and "Traceback" not in err, err
            return
        assert err == "" and out.startswith("{"), (text, out[:200], err)
        saved = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)  # the CLI prints numbers past Python's 4300 digits
        try:
            answer = json.loads(out)
        finally:
            sys.set_int_max_str_digits(saved)
        position = ruleset.parse_position(text)
        try:
            expected = _mex_value(ruleset, position, {}, [20_000])
        except (OverflowError, RecursionError):  # too large to recurse here
            expected = value(ruleset, position)
        assert answer["value"] == expected, (text, answer)

    check()


@given(NUMBERS)
def test_every_number_read_is_the_one_written(text: str) -> None:
    if "**" in text or "^" in text:
        base, _, exponent = text.replace("^", "**").partition("**")
        expected = int(base) ** int(exponent)
    elif "e" in text:
        mantissa, _, exponent = text.partition("e")
        expected = int(mantissa) * 10 ** int(exponent)
    else:
        expected = int(text.replace("_", ""))
    assert read_integer(text) == expected


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_a_clear_error(text: str) -> None:
    try:
        assert read_integer(text) >= 0
    except GrundyError:
        pass
