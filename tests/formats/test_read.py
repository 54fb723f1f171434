"""The shared contest-input reading functions of grundy.formats._read."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.errors import InputError
from grundy.formats._read import (decode, in_range, integer, last_line, plain_numbers,
                                  word_lines)


def reference_numbers(data: bytes) -> tuple[list[int], list[int]]:
    """Every number of a text and its 1-based line, the slow and obvious way."""
    values, lines = [], []
    for number, line in enumerate(data.decode("ascii").split("\n"), start=1):
        for word in line.split():
            values.append(int(word))
            lines.append(number)
    return values, lines


def test_plain_numbers_agree_with_the_obvious_reader() -> None:
    rng = random.Random(11)
    for _ in range(300):
        pieces = []
        for _ in range(rng.randint(1, 12)):
            pieces.append(rng.choice([" ", "  ", "\t", "\n", "\r\n", "\n\n", " \n "]))
            pieces.append(str(rng.choice([0, 7, 42, 10**9, 10**18, 10**19 - 1, rng.randrange(10**6)])))
            if rng.random() < 0.2:
                pieces.append(" " + "0" * rng.randint(1, 3) + "5")  # leading zeros
        data = "".join(pieces + [rng.choice(["", "\n", " ", "\r\n"])]).encode()
        got = plain_numbers(data, max_digits=19)
        assert got is not None, data
        values, lines = got
        assert values.dtype == np.uint64
        assert (values.tolist(), lines.tolist()) == reference_numbers(data), data


@pytest.mark.parametrize("data", [
    b"", b" \n\r\n\t", b"1 -2\n", b"+1\n", b"1.5\n", b"1 x\n", b"1\x0b2\n", b"\xff1\n",
    b"12345678901234567890\n",  # 20 digits: might not fit a uint64
])
def test_plain_numbers_refuses_what_is_not_plain(data: bytes) -> None:
    assert plain_numbers(data, max_digits=19) is None


def test_plain_numbers_length_limit() -> None:
    assert plain_numbers(b"1234 5\n", max_digits=4) is not None
    assert plain_numbers(b"12345 5\n", max_digits=4) is None
    assert plain_numbers(b"9999999999999999999\n", 19)[0].tolist() == [10**19 - 1]  # type: ignore[index]
    with pytest.raises(ValueError):
        plain_numbers(b"1\n", max_digits=20)


def test_integer_messages() -> None:
    assert integer("-3", "k", -5, 5, 1) == -3
    assert integer("0007", "k", 0, None, 1) == 7
    cases = [
        (("x", "C", 1, 10, 4), "line 4: C must be an integer, got 'x'"),
        (("+", "C", 1, 10, 4), "line 4: C must be an integer, got '+'"),
        (("1e3", "C", 1, 10, 4), "line 4: C must be an integer, got '1e3'"),
        (("\u00b2", "C", 1, 10, 4), "line 4: C must be an integer, got '\u00b2'"),  # not ASCII
        (("11", "C", 1, 10, 4), "line 4: C = 11 is out of range (1 <= C <= 10)"),
        (("-1", "p[0]", 0, 10**18, 2, "10^18"),
         "line 2: p[0] = -1 is out of range (0 <= p[0] <= 10^18)"),
        (("-1", "k", 0, None, None), "k = -1 is out of range (k >= 0)"),
    ]
    for args, message in cases:
        with pytest.raises(InputError) as info:
            integer(*args)  # type: ignore[arg-type]
        assert str(info.value) == message
        assert info.value.line == args[4]


def test_in_range_bounds_are_inclusive() -> None:
    assert in_range(1, "N", 1, 3, 1) == 1 and in_range(3, "N", 1, 3, 1) == 3
    for value in (0, 4):
        with pytest.raises(InputError, match=rf"N = {value} is out of range \(1 <= N <= 3\)"):
            in_range(value, "N", 1, 3, 1)


def test_decode_and_lines() -> None:
    with pytest.raises(InputError) as info:
        decode(b"1\n\n2 \xc3\xa9\n")
    assert info.value.line == 3 and info.value.message == "non-ASCII byte in input"
    assert list(word_lines("a b\r\n\n \t \n c")) == [(1, ["a", "b"]), (4, ["c"])]
    assert list(word_lines("")) == []
    for text in ("", "1", "1\n", "1\n2", "1\n2\n", "\n\n"):
        assert last_line(text) == last_line(text.encode()) == len(text.splitlines())


@given(st.sampled_from(["", "+", "-"]), st.integers(0, 40), st.integers(0, 10**30),
       st.sampled_from([(0, 10**18), (1, 2000), (-5, 7), (2, 2)]))
def test_long_words_are_read_as_int_reads_them(sign, zeros, number, bounds) -> None:  # type: ignore[no-untyped-def]
    """Words of 20 digits and more skip int() when they cannot be in range: the same answer."""
    lo, hi = bounds
    word = sign + "0" * zeros + str(number)
    expected = int(word)
    if lo <= expected <= hi:
        assert integer(word, "x", lo, hi, 3) == expected
    else:
        with pytest.raises(InputError, match="out of range") as info:
            integer(word, "x", lo, hi, 3)
        assert info.value.line == 3


def test_words_past_the_int_to_str_limit() -> None:
    assert integer("0" * 10**5 + "17", "x", 0, 100, 1) == 17
    for word in ("9" * 5000, "-" + "9" * 5000, "+" + "1" * 10**6):
        with pytest.raises(InputError, match=r"characters\) is out of range"):
            integer(word, "x", 0, 10**18, 2, "10^18")
