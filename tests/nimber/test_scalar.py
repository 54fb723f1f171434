"""Scalar nimber arithmetic: Conway's definition, published values, field laws."""

from __future__ import annotations

import pickle
from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import nimber
from grundy.nimber import scalar, tables
from grundy.errors import GrundyError
from grundy.nimber import (
    Nimber,
    field_order,
    nim_div,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sqrt,
    operate,
)
from brute import mex


def conway_table(n: int) -> list[list[int]]:
    """a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}, straight from the definition."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            t[a][b] = mex({t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)})
    return t


def test_products_below_64_follow_conways_definition() -> None:
    table = conway_table(64)
    for a in range(64):
        for b in range(64):
            assert nim_mul(a, b) == table[a][b], (a, b)


def test_library_checker_sample() -> None:
    # Library Checker "Nim Product (F_{2^64})" sample (see src/grundy/formats/examples/nim.in)
    pairs = [(5, k) for k in range(9)] + [(3141, 5926), (2**64 - 1, 2**64 - 1)]
    expected = [0, 5, 10, 15, 2, 7, 8, 13, 3, 14994, 11290409524105353207]
    assert [nim_mul(a, b) for a, b in pairs] == expected


def test_fermat_powers() -> None:
    # Conway, On Numbers and Games ch. 6: F*F = 3F/2 for a Fermat 2-power F = 2**(2**k),
    # and F*x is the ordinary product for x < F.
    for k in range(11):
        f = 1 << (1 << k)
        assert nim_mul(f, f) == f ^ (f >> 1)
        for x in [x for x in (1, 2, 3, f - 1, f // 3) if x < f]:
            assert nim_mul(f, x) == f * x
    assert nim_mul(2**4, 2**4) == 24  # 16*16 = 24, the classic small example


def test_slow_reference_agrees_on_16_bit_values() -> None:
    # the plain recursion that builds the tables, against the table products
    import random

    rng = random.Random(3)
    for _ in range(3000):
        a, b = rng.randrange(1 << 16), rng.randrange(1 << 16)
        assert tables.slow_mul(a, b) == nim_mul(a, b)


def test_tables_are_a_permutation() -> None:
    log, exp = nimber.build_tables()
    assert sorted(exp[:65535]) == list(range(1, 65536))
    assert all(exp[log[x]] == x for x in range(1, 65536, 7))
    assert exp[log[0]] == 0 and exp[2 * log[0] + 65534] == 0


@pytest.mark.parametrize("a", [0, 1, 2, 3, 4, 15, 16, 255, 256, 2**32, 2**64 - 1, 2**64, 2**100])
def test_field_order(a: int) -> None:
    q = field_order(a)
    k = (q.bit_length() - 1).bit_length() - 1
    assert q == 2 ** (2**k) and a < q
    assert k == 0 or a >= 2 ** (2 ** (k - 1))


def test_sqrt_is_the_inverse_frobenius_in_small_fields() -> None:
    # in the field of order 2**(2**k), sqrt(x) = x**(2**(2**k - 1))
    for x in range(256):
        q = field_order(x)
        e = q // 2  # 2**(2**k - 1)
        squared = reduce(lambda y, _: nim_mul(y, y), range(e.bit_length() - 1), x)
        assert nim_sqrt(x) == nim_pow(x, e) == squared


def test_inverse_by_fermat_in_small_fields() -> None:
    for x in range(1, 256):
        q = field_order(x)
        assert nim_inv(x) == reduce(lambda y, _: nim_mul(y, x), range(q - 3), x)


sizes = st.sampled_from([8, 16, 64, 65, 128, 256, 1024])


@st.composite
def nimbers(draw: st.DrawFn) -> int:
    bits = draw(sizes)
    edges = [0, 1, 2**bits - 1, 2 ** (bits - 1)]
    return draw(st.one_of(st.integers(0, 2**bits - 1), st.sampled_from(edges)))


@given(nimbers(), nimbers(), nimbers())
def test_field_laws(a: int, b: int, c: int) -> None:
    assert nim_mul(a, b) == nim_mul(b, a)
    assert nim_mul(nim_mul(a, b), c) == nim_mul(a, nim_mul(b, c))
    assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
    assert nim_mul(a, 1) == a and nim_mul(a, 0) == 0
    assert nim_mul(a, b) < field_order(max(a, b))


@given(nimbers())
def test_inverse_and_square_root(a: int) -> None:
    if a:
        assert nim_mul(a, nim_inv(a)) == 1
        assert nim_div(a, a) == 1
    s = nim_sqrt(a)
    assert nim_mul(s, s) == a
    assert scalar._square(a) == nim_mul(a, a)


@given(nimbers(), nimbers())
def test_division(a: int, b: int) -> None:
    if b:
        assert nim_mul(nim_div(a, b), b) == a


@given(nimbers(), st.integers(0, 40))
def test_pow_is_repeated_multiplication(a: int, e: int) -> None:
    assert nim_pow(a, e) == reduce(lambda y, _: nim_mul(y, a), range(e), 1)
    if a:
        assert nim_mul(nim_pow(a, -e), nim_pow(a, e)) == 1
        q = field_order(a)
        assert nim_pow(a, e + 3 * (q - 1)) == nim_pow(a, e)  # huge exponents reduce


@given(nimbers(), nimbers())
def test_nimber_type(a: int, b: int) -> None:
    x, y = Nimber(a), Nimber(b)
    assert eval(repr(x)) == x
    assert x + y == x - y == Nimber(a ^ b)
    assert x * y == Nimber(nim_mul(a, b)) == x * b == a * y
    assert int(x) == a and hash(x) == hash(a) and x == a
    assert (x < y) == (a < b) and (x <= y) == (a <= b) and (x > y) == (a > b)
    if b:
        assert x / y == Nimber(nim_div(a, b)) == a / y == x / b
        assert (x / y) * y == x
    assert x.sqrt() ** 2 == x and -x == x
    assert pickle.loads(pickle.dumps(x)) == x


def test_nimber_basics() -> None:
    assert repr(Nimber(5)) == "Nimber(5)" and str(Nimber(5)) == "*5"
    assert Nimber(3) * 5 == Nimber(15) and 5 * Nimber(3) == 15
    assert Nimber(2) ** -1 == Nimber(3) and Nimber(2) ** 0 == 1
    assert sorted([Nimber(9), Nimber(2), Nimber(5)]) == [2, 5, 9]
    assert bool(Nimber(0)) is False and {Nimber(4): "x"}[4] == "x"
    with pytest.raises(AttributeError):
        Nimber(3)._value = 4  # type: ignore[misc]


def test_bad_arguments() -> None:
    with pytest.raises(ZeroDivisionError):
        nim_inv(0)
    with pytest.raises(ZeroDivisionError):
        nim_div(5, 0)
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(ZeroDivisionError):
        Nimber(0) ** -2
    for call in (lambda: nim_mul(-1, 3), lambda: Nimber(-2), lambda: Nimber(3) * -1,
                 lambda: nim_sqrt(-4), lambda: operate("inv", -1)):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(TypeError):
        Nimber(2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Nimber(2) * 1.5  # type: ignore[operator]
    with pytest.raises(GrundyError):
        operate("cube", 3)
    with pytest.raises(GrundyError):
        operate("mul", 3)


def test_operate() -> None:
    assert operate("mul", 3, 5) == 15
    assert operate("add", 3, 5) == 6
    assert operate("div", 15, 5) == 3
    assert operate("pow", 2, 3) == 1
    assert operate("inv", 2) == 3
    assert operate("sqrt", 2) == 3


def test_big_products_are_fast_enough_to_use() -> None:
    # not a timing assertion: just that 1024-bit arithmetic finishes (see benchmarks/)
    import random

    rng = random.Random(11)
    a, b = rng.getrandbits(1024), rng.getrandbits(1024)
    p = nim_mul(a, b)
    assert nim_div(p, b) == a and nim_sqrt(nim_mul(p, p)) == p


def test_str_and_repr_of_a_20000_bit_nimber() -> None:
    """Python refuses int-to-str conversions past 4300 digits; a Nimber prints anyway."""
    import sys

    x = Nimber((1 << 20000) - 12345)
    text, shown = str(x), repr(x)
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # the plain conversion, for the expected value
    try:
        expected = str(int(x))
    finally:
        sys.set_int_max_str_digits(old)
    assert len(expected) == 6021
    assert text == "*" + expected and shown == f"Nimber({expected})"
    for n in (0, 7, 10**1806, 10**1807 - 1, 10**4000, 2**6000, 2**6001 + 1, -(10**3000)):
        assert nimber.decimal(n) == str(n)  # all below the limit: str itself answers
    sys.set_int_max_str_digits(0)
    try:
        cases = [10**k + d for k in (1807, 2500, 4299, 4300, 4301, 9000) for d in (-1, 0, 1)]
        assert all(nimber.decimal(n) == str(n) for n in cases)
    finally:
        sys.set_int_max_str_digits(old)
