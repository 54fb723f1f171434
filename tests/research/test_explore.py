"""grundy explore: each detector where it holds and where it does not, and no claims on noise."""

from __future__ import annotations

import json
import math
import re
import textwrap
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from brute import domino_moves, node_moves, plain_value, plain_wins
from support import assert_one_line_error

import grundy
from grundy.errors import GrundyError
from grundy.research.explore import (closed_forms, explore, known_sequences, octal_prefix, sequence_findings,
                            table_findings)
from grundy.rules.heap import TakeAndBreak


# -- user-written games, as a user writes them ------------------------------------------


class TwoHeapNim(grundy.GridGame):
    first_index = 0

    def options(self, p):
        x, y = p
        return [(i, y) for i in range(x)] + [(x, j) for j in range(y)]


class Wythoff(grundy.GridGame):
    first_index = 0

    def options(self, p):
        x, y = p
        return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)])


class MyKayles(grundy.HeapGame):
    def options(self, n):
        return [grundy.Sum(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


class Lopsided(grundy.GridGame):
    """Take 1 from x or 2 from y: g(x, y) = (x mod 2) XOR (floor(y/2) mod 2)... not symmetric."""

    first_index = 0

    def options(self, p):
        x, y = p
        return [o for o in ((x - 1, y), (x, y - 2)) if min(o) >= 0]


class Table(grundy.GridGame):
    """A 'game' given by its table of values (to test the detectors on exact tables)."""

    first_index = 0

    def __init__(self, values=None):
        self.values = np.asarray(values if values is not None else [[0]])

    def options(self, p):  # pragma: no cover - only the table is used
        return []

    def kernel_table(self, rows, cols):
        return self.values[:rows, :cols]


class Values(grundy.HeapGame):
    """A 'heap game' given by its sequence of values."""

    def __init__(self, values=None):
        self.values = np.asarray(values if values is not None else [0], dtype=np.int64)

    def options(self, n):  # pragma: no cover - only the sequence is used
        return []

    def kernel_sequence(self, n):
        return self.values[:n]


def kinds(result):
    return [f.kind for f in result.findings]


def texts(result, kind):
    return [f.text for f in result.findings if f.kind == kind]


def plain_zeros(moves, limit):
    """P-positions among heaps 0..limit-1 by the plain win/lose search over ``moves(n)``
    (no Grundy values)."""
    wins = plain_wins(moves)
    return [n for n in range(limit) if not wins(n)]  # in order: each recursion one level deep


def p_positions_by_search(moves, limit):
    """P-positions of a subtraction game by plain win/lose search (no Grundy values)."""
    return plain_zeros(lambda n: [n - k for k in moves if k <= n], limit)


# -- what must be found with nothing told ------------------------------------------------


def test_the_period_of_sub134_and_its_p_positions():
    result = explore(grundy.find("sub:1,3,4"), n=500)
    period = result.findings[0]
    assert (period.kind, period.text, period.certified, period.checked_to) == \
        ("period", "period 7, preperiod 0, saltus 0", True, 500)
    (pp,) = texts(result, "p-positions")
    assert pp == "P-positions: n = 0, 2 (mod 7)"
    assert {n % 7 for n in p_positions_by_search((1, 3, 4), 500)} == {0, 2}


def test_two_heap_nim_is_x_xor_y():
    result = explore(TwoHeapNim(), rows=12, cols=12)
    assert "g(x, y) = x XOR y" in texts(result, "function-of")
    assert texts(result, "xor-sum") == ["a sum of two games: g(x, y) = a(x) XOR b(y), a(x) = x, b(y) = y"]
    assert texts(result, "p-positions") == ["P-positions: the diagonal x = y"]
    assert "symmetry" in kinds(result) and "tartan" not in kinds(result)
    # From (1, 1) on (the default first index of a GridGame) it is still x XOR y.
    shifted = type("Shifted", (TwoHeapNim,), {"first_index": 1})()
    assert "g(x, y) = x XOR y" in texts(explore(shifted, rows=12, cols=12), "function-of")


def test_ruler_times_mock_turtles_is_a_tartan_product_of_ruler_and_mock_turtles():
    result = explore(grundy.find("ruler*mock-turtles"), rows=16, cols=16)
    (tartan,) = texts(result, "tartan")
    assert "a(x) = ruler" in tartan and "b(y) = mock-turtles" in tartan
    # Checked independently: the table is the nim product of the two sequences.
    ruler, mock = grundy.find("ruler").sequence(17), grundy.find("mock-turtles").sequence(17)
    table = grundy.find("ruler*mock-turtles").table(16, 16)
    assert all(table[i - 1, j - 1] == grundy.nim_mul(int(ruler[i]), int(mock[j]))
               for i in range(1, 17) for j in range(1, 17))
    assert "xor-sum" not in kinds(result) and "function-of" not in kinds(result)


def test_a_user_written_kayles_has_the_values_of_0_77():
    result = explore(MyKayles(), n=300)
    (same,) = texts(result, "same-values")
    assert "kayles (0.77)" in same
    period = result.findings[0]
    assert (period.text, period.certified) == ("period 12, preperiod 71, saltus 0", False)
    # The built-in Kayles is not said to match itself, but its period is certified.
    builtin = explore(grundy.find("kayles"), n=300)
    assert builtin.findings[0].certified and all("kayles" not in t for t in texts(builtin, "same-values"))


def test_wythoffs_p_positions_are_his_pairs():
    result = explore(Wythoff(), rows=30, cols=30)
    (pp,) = texts(result, "p-positions")
    assert pp.startswith("P-positions: Wythoff's pairs")
    phi = (1 + math.sqrt(5)) / 2
    pairs = {(math.floor(k * phi), math.floor(k * phi * phi)) for k in range(30)}
    pairs |= {(b, a) for a, b in pairs}
    table = Wythoff().table(30, 30)
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(table == 0))} == \
        {p for p in pairs if max(p) < 30}
    assert "symmetry" in kinds(result) and "xor-sum" not in kinds(result)


# -- no claims on noise --------------------------------------------------------------------


def test_nothing_is_claimed_of_a_random_table():
    rng = np.random.default_rng(2026)
    for trial in range(20):
        values = rng.integers(0, 8, size=(16, 16))
        assert explore(Table(values), rows=16, cols=16).findings == (), trial


class RandomMoves(grundy.GridGame):
    """A real game with pseudo-random moves: each position moves to a seeded random set
    of smaller positions."""

    first_index = 0

    def options(self, p):
        x, y = p
        rng = np.random.default_rng(x * 1000 + y)
        smaller = [(i, j) for i in range(x + 1) for j in range(y + 1) if (i, j) != (x, y)]
        picked = rng.random(len(smaller)) < 0.3
        return [q for q, keep in zip(smaller, picked) if keep]


def test_nothing_is_claimed_of_a_game_with_random_moves():
    assert explore(RandomMoves(), rows=14, cols=14).findings == ()


def test_a_random_sequence_gets_no_pattern():
    """Its largest value, that it has no period, and its P-positions listed with no rule."""
    rng = np.random.default_rng(7)
    for trial in range(10):
        values = rng.integers(0, 8, size=1000)
        values[0] = 0
        result = explore(Values(values), n=1000)
        assert kinds(result) == ["period", "p-positions", "largest"], (trial, result.describe())
        assert texts(result, "period") == ["no period found in heaps 0..999"]
        (text,) = texts(result, "p-positions")
        assert text.startswith("P-positions (no rule found): 0, ")
        assert_listed(text, np.flatnonzero(values == 0).tolist())


# -- each detector: holds, and fails when one value is changed ------------------------------


def grid(f, rows=12, cols=12, first=0):
    x, y = np.meshgrid(np.arange(first, first + rows), np.arange(first, first + cols), indexing="ij")
    return np.asarray(f(x, y), dtype=np.int64)


def found(table, kind, first=0):
    return [f.text for f in table_findings(table, first) if f.kind == kind]


@pytest.mark.parametrize("name, key", [("min(x, y)", np.minimum), ("max(x, y)", np.maximum),
                                       ("x - y", np.subtract), ("x + y", np.add),
                                       ("x XOR y", np.bitwise_xor)])
def test_function_of_one_key(name, key):
    rng = np.random.default_rng(1)
    lookup = rng.integers(0, 50, size=64)
    t = grid(lambda x, y: lookup[key(x, y) + 12])
    assert f"g(x, y) depends only on {name}" in found(t, "function-of")
    t[5, 7] += 100  # one value off: the claim goes
    assert f"g(x, y) depends only on {name}" not in found(t, "function-of")


def test_xor_sum_and_tartan_product_hold_and_fail():
    rng = np.random.default_rng(3)
    a, b = rng.integers(2, 64, size=12), rng.integers(2, 64, size=12)
    xor = a[:, None] ^ b[None, :]
    assert found(xor, "xor-sum") and not found(xor, "tartan")
    tart = np.array([[grundy.nim_mul(int(u), int(v)) for v in b] for u in a], dtype=np.int64)
    assert found(tart, "tartan")
    for t in (xor, tart):
        t[11, 3] ^= 1
    assert not found(xor, "xor-sum") and not found(tart, "tartan")


def test_symmetry_holds_and_fails():
    assert "symmetry" in kinds(explore(TwoHeapNim(), rows=10, cols=10))
    assert "symmetry" not in kinds(explore(Lopsided(), rows=10, cols=10))


def test_periodic_rows_and_columns():
    t = grid(lambda x, y: (x + 2 * y) % 5, rows=10, cols=20)
    (rows,) = found(t, "rows-periodic")
    assert rows.startswith("every row is periodic in y (period 5;")
    assert not found(grid(lambda x, y: x ^ y, rows=40, cols=40), "rows-periodic")
    t[4, 17] += 1
    assert not found(t, "rows-periodic")


def test_p_positions_of_a_table_neither_diagonal_nor_wythoff():
    lop = explore(Lopsided(), rows=10, cols=10)
    assert texts(lop, "p-positions") == []


@pytest.mark.parametrize("index", range(len(list(closed_forms(5)))))
def test_each_closed_form_is_found_and_one_changed_value_loses_it(index):
    name, form = list(closed_forms(5))[index]
    values = np.asarray(form(np.arange(300)), dtype=np.int64)
    result = list(sequence_findings(values))
    closed = [f.text for f in result if f.kind == "closed-form"]
    assert closed and closed[0] == f"g(n) = {name}" or _an_earlier_form_also_fits(values, index)
    values[299] += 1
    assert f"g(n) = {name}" not in [f.text for f in sequence_findings(values)]


def _an_earlier_form_also_fits(values, index):
    x = np.arange(len(values))
    return any(np.array_equal(f(x), values) for _, f in list(closed_forms(5))[:index])


def test_closed_forms_against_their_definitions():
    forms = dict(closed_forms(3))
    n = np.arange(40)
    odious = [k for k in range(100) if bin(k).count("1") % 2][:40]
    evil = [k for k in range(100) if bin(k).count("1") % 2 == 0][:40]
    assert forms["the n-th odious number (from n = 0: 1, 2, 4, 7, ...)"](n).tolist() == odious
    assert forms["the n-th evil number (from n = 0: 0, 3, 5, 6, ...)"](n).tolist() == evil
    assert forms["the largest power of 2 dividing n (0 at n = 0)"](n).tolist() == \
        [0] + [max(2**j for j in range(7) if k % 2**j == 0) for k in range(1, 40)]
    def factors(k):  # the prime factors of k with multiplicity, by trial division
        out, d = [], 2
        while k > 1 and d * d <= k:
            while k % d == 0:
                out.append(d)
                k //= d
            d += 1
        return out + ([k] if k > 1 else [])

    many = np.arange(400)
    assert forms["the number of prime factors of n, counted with multiplicity (0 at n = 0 and 1)"](
        many).tolist() == [len(factors(k)) if k else 0 for k in range(400)]
    assert forms["the number of distinct prime factors of n (0 at n = 0 and 1)"](
        many).tolist() == [len(set(factors(k))) if k else 0 for k in range(400)]
    assert forms["popcount(n), the number of 1 bits of n"](n).tolist() == \
        [bin(k).count("1") for k in range(40)]
    # Mock Turtles and Ruler (Winning Ways ch. 14) are what the library says they are.
    mock = "the (n-1)-th odious number (0 at n = 0; then 1, 2, 4, 7, ...)"
    assert forms[mock](n).tolist() == grundy.find("mock-turtles").sequence(40).tolist()


def test_p_positions_of_sequences():
    # an arithmetic progression with no period: g = 0 on multiples of 3, else n
    values = np.array([0 if k % 3 == 0 else k for k in range(200)])
    assert [f.text for f in sequence_findings(values) if f.kind == "p-positions"] == \
        ["P-positions: n = 0 + 3k (k = 0, 1, 2, ...)"]
    values[198] = 5  # one multiple of 3 is no longer a P-position: they are only listed
    assert [f.text for f in sequence_findings(values) if f.kind == "p-positions"] == \
        ["P-positions (no rule found): 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, ... (66 in all)"]
    # a finite list: mock turtles has one P-position, heap 0
    assert texts(explore(grundy.find("mock-turtles"), n=200), "p-positions") == \
        ["P-positions: 0 only (none in heaps 1..199)"]
    # with a saltus the P-positions are finitely many
    assert texts(explore(grundy.find("allbut:1,2"), n=300), "p-positions") == \
        ["P-positions: 0, 1, 2 only (values grow by 1 every 3 heaps from heap 0)"]


def test_dawsons_kayles_p_positions_are_the_published_ones():
    # Winning Ways ch. 4 (Dawson's Kayles, 0.07): the P-positions are 0, 1, 15, 35 and
    # every n = 5, 9, 21, 25, 29 (mod 34).
    published = {0, 1, 15, 35} | {n for n in range(600) if n % 34 in (5, 9, 21, 25, 29)}
    result = explore(grundy.find("dawsons-kayles"), n=600)
    (text,) = texts(result, "p-positions")
    assert text.startswith("P-positions: n = 5, 9, 21, 25, 29 (mod 34) from heap 53 on; before heap 53: ")
    before = {int(v) for v in text.split("before heap 53: ")[1].split(", ")}
    claimed = before | {n for n in range(53, 600) if n % 34 in (5, 9, 21, 25, 29)}
    assert claimed == published


def test_twins_is_n_minus_1():
    # Winning Ways ch. 14: in Twins a coin n is worth n - 1 (coin 0: no coin, 0).
    assert texts(explore(grundy.find("twins"), n=100), "closed-form") == ["g(n) = n - 1 (0 at n = 0)"]


def test_rare_common_split_is_true_of_every_value():
    result = explore(grundy.find("kayles"), n=600)
    (text,) = texts(result, "rare-common")
    mask = int(text.split("mask ")[1].split(":")[0], 16)  # written in hexadecimal
    g = grundy.find("kayles").sequence(600)
    rare = [n for n in range(600) if bin(int(g[n]) & mask).count("1") % 2 == 0]
    assert f"{len(rare)} rare values, the last at heap {rare[-1]}" in text
    assert 8 * len(rare) <= 600


def test_largest_value_and_where():
    result = explore(grundy.find("sub:1,3,4"), n=100)
    (text,) = texts(result, "largest")
    assert text.startswith("largest value 3, first at heap 5 (also at 12, 19,")


def test_octal_prefix_is_the_definition_for_every_short_code():
    codes = [(d0, digits) for d0 in (0, 4) for length in (1, 2)
             for digits in product(range(8), repeat=length) if digits[-1]]
    for d0, digits in codes:
        code = f"{d0}." + "".join(map(str, digits))
        assert octal_prefix(d0, digits, 40) == TakeAndBreak(code).sequence(40).tolist(), code


@given(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=3, max_size=3).filter(lambda d: d[-1]))
def test_octal_prefix_is_the_definition_for_three_digit_codes(d0, digits):
    code = f"{d0}." + "".join(map(str, digits))
    assert octal_prefix(d0, tuple(digits), 30) == TakeAndBreak(code).sequence(30).tolist()


def test_known_sequences_find_octal_codes_and_built_in_games():
    assert known_sequences(TakeAndBreak("0.07").sequence(200))[0] == "dawsons-kayles (0.07)"
    assert "4.07" in known_sequences(TakeAndBreak("4.07").sequence(200), most=50)
    assert "grundys-game" in known_sequences(grundy.find("grundys-game").sequence(300))
    changed = TakeAndBreak("0.77").sequence(200).copy()
    changed[150] += 1
    assert known_sequences(changed) == []


# -- the result object and the command ---------------------------------------------------


def test_as_dict_and_errors():
    result = explore(grundy.find("sub:1,3,4"), n=100)
    d = result.as_dict()
    assert list(d) == ["findings"]
    assert d["findings"][0] == {"kind": "period", "text": "period 7, preperiod 0, saltus 0",
                                "checked_to": 100, "certified": True}
    assert explore(TwoHeapNim(), rows=5, cols=6).as_dict()["findings"][0]["checked_to"] == [5, 6]
    with pytest.raises(GrundyError, match="heap game: its size is -n"):
        explore(grundy.find("kayles"), rows=3)
    with pytest.raises(GrundyError, match="two-dimensional game: its size is --rows"):
        explore(TwoHeapNim(), n=3)
    with pytest.raises(GrundyError, match="neither a sequence nor a table"):
        explore(grundy.Game())


RULES = textwrap.dedent('''
    import grundy


    class TwoHeapNim(grundy.GridGame):
        first_index = 0

        def options(self, p):
            x, y = p
            return [(i, y) for i in range(x)] + [(x, j) for j in range(y)]


    class Plain(grundy.Game):
        def options(self, n):
            return []
''')


def test_cli_explore(cli, tmp_path: Path):
    rules = tmp_path / "rules.py"
    rules.write_text(RULES)
    result = cli("explore", f"{rules}:TwoHeapNim", "--rows", "8", "--cols", "8", "--json")
    assert result.code == 0, result
    findings = json.loads(result.out)["findings"]
    assert {"kind": "function-of", "text": "g(x, y) = x XOR y", "checked_to": [8, 8],
            "certified": False} in findings
    result = cli("explore", "sub:1,3,4", "-n", "100")
    assert result.code == 0 and result.out.splitlines()[:3] == [
        "sub:1,3,4: heaps 0..99",
        "  period: period 7, preperiod 0, saltus 0 (certified)",
        "  p-positions: P-positions: n = 0, 2 (mod 7) (certified)"]
    assert_one_line_error(cli("explore", "kayles", "--rows", "4"), "its size is -n")
    assert_one_line_error(cli("explore", f"{rules}:Plain"), "neither a sequence nor a table")


# -- whatever is claimed of a table holds, checked by other means -------------------------


@st.composite
def tables(draw):
    """Tables with structure (a function of a key, a XOR, a nim product, symmetric),
    often with a few values changed, or plain noise."""
    rows, cols = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    x, y = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    a, b = rng.integers(0, 16, size=rows), rng.integers(0, 16, size=cols)
    kind = draw(st.sampled_from(["noise", "key", "xor", "tartan", "symmetric"]))
    if kind == "noise":
        t = rng.integers(0, 4, size=(rows, cols))
    elif kind == "key":
        lookup = rng.integers(0, 4, size=64)
        t = lookup[draw(st.sampled_from([np.minimum, np.maximum, np.add, np.bitwise_xor]))(x, y)]
    elif kind == "xor":
        t = a[:, None] ^ b[None, :]
    elif kind == "tartan":
        t = np.array([[grundy.nim_mul(int(u), int(v)) for v in b] for u in a])
    else:
        k = max(rows, cols)
        m = rng.integers(0, 4, size=(k, k))
        t = np.triu(m) + np.triu(m, 1).T
        t = t[:rows, :cols]
    for _ in range(draw(st.integers(0, 2))):
        t[rng.integers(rows), rng.integers(cols)] = rng.integers(0, 16)
    return np.asarray(t, dtype=np.int64)


@given(tables())
def test_every_claim_about_a_table_holds(t):
    rows, cols = t.shape
    for f in table_findings(t, 0):
        if f.kind == "symmetry":
            k = min(rows, cols)
            assert (t[:k, :k] == t[:k, :k].T).all()
        elif f.kind == "xor-sum":
            assert all(t[r, c] == t[r, 0] ^ t[0, c] ^ t[0, 0] for r in range(rows) for c in range(cols))
        elif f.kind == "tartan":
            # rank one over the nimbers: every 2 x 2 minor vanishes (nim sum = XOR)
            mul = grundy.nim_mul
            assert all(mul(int(t[r, c]), int(t[s, d])) == mul(int(t[r, d]), int(t[s, c]))
                       for r in range(rows) for s in range(rows) for c in range(cols) for d in range(cols))
        elif f.kind == "function-of":
            name = f.text.replace("g(x, y) depends only on ", "").replace("g(x, y) = ", "")
            key = {"min(x, y)": min, "max(x, y)": max, "x - y": lambda u, v: u - v,
                   "x + y": lambda u, v: u + v, "x XOR y": lambda u, v: u ^ v}[name]
            seen = {}
            for r in range(rows):
                for c in range(cols):
                    assert seen.setdefault(key(r, c), t[r, c]) == t[r, c]
            if f.text.startswith("g(x, y) = "):
                assert all(t[r, c] == key(r, c) for r in range(rows) for c in range(cols))
        elif f.kind == "p-positions":
            zeros = {(int(r), int(c)) for r, c in zip(*np.nonzero(t == 0))}
            if "diagonal" in f.text:
                assert zeros == {(i, i) for i in range(min(rows, cols))}
            elif f.text == "no P-positions in the table":
                assert not zeros
            elif f.text == "every position is a P-position":
                assert len(zeros) == rows * cols
            elif "mod" in f.text:
                assert zeros == residue_zeros(f.text, rows, cols, 0)
        elif f.kind in ("rows-periodic", "columns-periodic"):
            lines = t if f.kind == "rows-periodic" else t.T
            for line in lines:
                n = len(line)
                assert any((line[p:] - line[:-p] == line[-1] - line[-1 - p])[e:].all()
                           for p in range(1, n // 3 + 1) for e in range(n - 3 * p))


@st.composite
def sequences(draw):
    """Sequences with structure (a preperiod then a period, maybe a saltus; a closed form),
    with a value or two changed, or noise; heap 0 is worth 0."""
    n = draw(st.integers(20, 200))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["noise", "periodic", "form"]))
    if kind == "noise":
        g = rng.integers(0, 4, size=n)
    elif kind == "periodic":
        e, p, s = draw(st.integers(0, 10)), draw(st.integers(1, 6)), draw(st.sampled_from([0, 0, 1]))
        g = list(rng.integers(0, 4, size=e + p))
        while len(g) < n:
            g.append(g[-p] + s)
        g = np.array(g[:n])
    else:
        forms = list(closed_forms(8))
        g = forms[draw(st.integers(0, len(forms) - 1))][1](np.arange(n))
    g = np.asarray(g, dtype=np.int64)
    for _ in range(draw(st.integers(0, 2))):
        g[rng.integers(1, n)] = rng.integers(0, 8)
    g[0] = 0
    return g


@settings(max_examples=30)  # each example is matched against every built-in game
@given(sequences())
def test_every_claim_about_a_sequence_holds(g):
    assert_sequence_claims(explore(Values(g), n=len(g)).findings, g)


def assert_sequence_claims(findings, g):
    """Every claim of ``findings`` about the sequence ``g`` holds, checked on ``g``."""
    n = len(g)
    forms = dict(closed_forms(64))
    assert [f.kind for f in findings].count("period") == 1  # a period, or that none was found
    for f in findings:
        assert f.checked_to == n
        if f.kind == "period" and f.text == f"no period found in heaps 0..{n - 1}":
            pass
        elif f.kind == "period":
            p, e, s = (int(w.split()[-1]) for w in f.text.split(", "))
            assert all(g[k + p] == g[k] + s for k in range(e, n - p))
        elif f.kind == "closed-form":
            assert (forms[f.text.removeprefix("g(n) = ")](np.arange(n)) == g).all()
        elif f.kind == "largest":
            assert f.text.startswith(f"largest value {g.max()}, first at heap {int(np.argmax(g))}")
        elif (f.kind == "p-positions" and f.text.startswith("P-positions: n = ")
              and f.text.endswith("(k = 0, 1, 2, ...)")):
            a, d = (int(v) for v in f.text.split("n = ")[1].split("k")[0].split(" + "))
            assert set(np.flatnonzero(g == 0).tolist()) == set(range(a, n, d))
        elif f.kind == "p-positions" and "; from heap " in f.text:
            assert_rule_holds(f.text, np.flatnonzero(g == 0).tolist(), n)
        elif f.kind == "p-positions" and f.text.startswith("P-positions (no rule found): "):
            assert_listed(f.text, np.flatnonzero(g == 0).tolist())
        elif f.kind == "same-values":  # each octal code named, by its plain definition
            for code in re.findall(r"\b\d\.\d+\b", f.text):
                whole, digits = code.split(".")
                assert octal_prefix(int(whole), tuple(map(int, digits)), n) == g.tolist(), code


# -- P-positions with a rule of their own (no period) ------------------------------------


def assert_listed(text, zeros):
    """The P-positions a finding lists are the first ones, and it counts them all."""
    shown = text.split(": ", 1)[1].split(", ... (")[0].split(", ")
    assert [int(v) for v in shown] == zeros[:len(shown)]
    if ", ... (" in text:
        assert text.endswith(f"({len(zeros)} in all)")
    else:
        assert len(shown) == len(zeros)


def assert_rule_holds(text, zeros, n):
    """The rule a finding states, read from its words and applied by hand, gives exactly
    the P-positions from its first on (and none more among the heaps computed)."""
    listed, rule = text.split("; from heap ")
    assert_listed(listed, zeros)
    first, form = rule.split(" on, ")
    first = int(first)
    made = [first]
    if form.startswith("each is "):
        step = form.removeprefix("each is ").removesuffix(" for n the one before")
        while True:  # e.g. "floor(3n/2) + 1", "2n + 1", "2n - 1"
            head, _, tail = step.partition(" ")
            c = int(tail.replace(" ", "")) if tail else 0
            if head.startswith("floor("):
                a, b = head.removeprefix("floor(").removesuffix(")").split("n/")
                nxt = int(a) * made[-1] // int(b) + c
            else:
                nxt = int(head.removesuffix("n")) * made[-1] + c
            if nxt >= n:
                break
            made.append(nxt)
    else:  # "n = (k^2 + 3k)/2 (k = 0, 1, 2, ...)"
        poly = form.removeprefix("n = ").removesuffix(" (k = 0, 1, 2, ...)")
        top, _, d = poly.removeprefix("(").partition(")/")
        d = int(d) if d else 1
        coefficients = {"k^2": 0, "k": 0, "": 0}
        for term in top.replace(" - ", " + -").split(" + "):
            power = "k^2" if term.endswith("k^2") else "k" if term.endswith("k") else ""
            number = term.removesuffix(power)
            coefficients[power] = int(number + "1" if number in ("", "-") else number)
        for k in range(1, n + 1):
            value = coefficients["k^2"] * k * k + coefficients["k"] * k + coefficients[""]
            if value / d >= n:
                break
            assert value % d == 0
            made.append(value // d)
    assert zeros[zeros.index(first):] == made


class TakeAtMost(grundy.HeapGame):
    """Take at least one token and at most a fraction of the heap (num/den), as a user
    writes it."""

    def __init__(self, num, den):
        self.num, self.den = num, den

    def options(self, n):
        return [n - k for k in range(1, n * self.num // self.den + 1)]


@pytest.mark.parametrize("num, den, rule", [
    (1, 2, "from heap 0 on, each is 2n + 1 for n the one before"),
    (1, 3, "from heap 0 on, each is floor(3n/2) + 1 for n the one before"),
    (1, 4, "from heap 0 on, each is floor(4n/3) + 1 for n the one before"),
    (2, 3, "from heap 0 on, each is 3n + 1 for n the one before")])
def test_the_p_positions_of_take_at_most_a_fraction(num, den, rule):
    """Take-away games bounded by a fraction of the heap have no period; their
    P-positions follow a rule, found and stated, and it is the plain search's list."""
    n = 400
    result = explore(TakeAtMost(num, den), n=n)
    assert texts(result, "period") == [f"no period found in heaps 0..{n - 1}"]
    (text,) = texts(result, "p-positions")
    assert text.endswith("; " + rule)
    assert_rule_holds(text, plain_zeros(lambda h: [h - k for k in range(1, h * num // den + 1)], n), n)


def test_a_quadratic_rule_and_one_changed_value_loses_it():
    zeros = [k * (k + 3) // 2 for k in range(30)]
    values = np.ones(400, dtype=np.int64)
    values[zeros[:27]] = 0  # heaps 0..399 hold 27 of them (the 28th is 405)
    (text,) = [f.text for f in sequence_findings(values) if f.kind == "p-positions"]
    assert text.endswith("; from heap 0 on, n = (k^2 + 3k)/2 (k = 0, 1, 2, ...)")
    assert_rule_holds(text, zeros[:27], 400)
    values[zeros[20]] = 1  # one of them is no longer a P-position
    (text,) = [f.text for f in sequence_findings(values) if f.kind == "p-positions"]
    assert text.startswith("P-positions (no rule found): ")
    values[zeros[20]] = 0
    values[399] = 0  # a P-position the rule does not give
    (text,) = [f.text for f in sequence_findings(values) if f.kind == "p-positions"]
    assert text.startswith("P-positions (no rule found): ")


def test_a_rule_after_early_exceptions_and_the_list_otherwise():
    values = np.ones(300, dtype=np.int64)
    values[[0, 5] + [2**k + 10 for k in range(3, 9)]] = 0  # 18, 26, 42, 74, 138, 266
    (text,) = [f.text for f in sequence_findings(values) if f.kind == "p-positions"]
    assert text.endswith("; from heap 18 on, each is 2n - 10 for n the one before")
    assert_rule_holds(text, np.flatnonzero(values == 0).tolist(), 300)
    squares = explore(grundy.find("sub:1,4,9,16,25,36,49,64,81,100,121,144,169,196"), n=200)
    # subtract a square (up to 196): P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, ...
    (text,) = texts(squares, "p-positions")
    assert text.startswith("P-positions (no rule found): 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34")
    assert_listed(text, plain_zeros(lambda h: [h - k * k for k in range(1, 15) if k * k <= h], 200))


@settings(max_examples=60)
@given(st.lists(st.integers(0, 60), min_size=0, max_size=12, unique=True), st.integers(61, 300))
def test_any_rule_claimed_of_any_zeros_holds(positions, n):
    values = np.ones(n, dtype=np.int64)
    values[sorted(positions)] = 0
    for f in sequence_findings(values):
        if f.kind == "p-positions" and "; from heap " in f.text:
            assert_rule_holds(f.text, sorted(positions), n)


# -- rules by residue (no period) ----------------------------------------------------------


def assert_residue_rule_holds(text, g):
    """Read a by-residue rule from its words and check it on every value of ``g``."""
    import re

    def signed(sign, digits):
        return 0 if digits is None else int(digits) * (-1 if sign == "-" else 1)

    classes = re.split(r", (?=g\(\d+m)", text)
    k = int(re.match(r"g\((\d+)m", classes[0]).group(1))
    assert len(classes) == k
    for r, rule in enumerate(classes):
        lhs, rhs = rule.split(" = ", 1)
        assert lhs == (f"g({k}m)" if r == 0 else f"g({k}m + {r})")
        low = 0
        when = re.fullmatch(r"(.*) \(m >= (\d+)\)", rhs)
        if when:
            rhs, low = when.group(1), int(when.group(2))
        earlier = re.fullmatch(r"g\((\d*)m(?: ([+-]) (\d+))?\)(?: ([+-]) (\d+))?", rhs)
        line = re.fullmatch(r"(-?\d*)m(?: ([+-]) (\d+))?", rhs)
        for m in range(low, (len(g) - r + k - 1) // k):
            if earlier:
                j = int(earlier.group(1) or 1)
                want = int(g[j * m + signed(*earlier.group(2, 3))]) + signed(*earlier.group(4, 5))
            elif line:
                a = {"": 1, "-": -1}.get(line.group(1)) or int(line.group(1))
                want = a * m + signed(*line.group(2, 3))
            else:
                want = int(rhs)
            assert int(g[k * m + r]) == want, (text, k * m + r)


def plain_values(moves, limit):
    """Grundy values of heaps 0..limit-1 by the plain mex rule over ``moves(n)``."""
    g = plain_value(moves)
    return [g(n) for n in range(limit)]  # in order: each recursion is one level deep


def test_the_divisor_game_is_the_number_of_prime_factors():
    """Move n to a proper divisor of n: g(n) is the number of prime factors of n, counted
    with multiplicity (each move takes some of them away, and any number can be taken)."""
    class Divisors(grundy.HeapGame):
        def options(self, n):
            return [d for d in range(1, n) if n % d == 0]

    result = explore(Divisors(), n=200)
    assert texts(result, "closed-form") == [
        "g(n) = the number of prime factors of n, counted with multiplicity (0 at n = 0 and 1)"]


@pytest.mark.parametrize("num, den, rule", [
    (1, 2, "g(2m) = m, g(2m + 1) = g(m)"),
    (1, 3, "g(3m) = m, g(3m + 1) = g(2m), g(3m + 2) = g(2m + 1)"),
    (1, 4, "g(4m) = m, g(4m + 1) = g(3m), g(4m + 2) = g(3m + 1), g(4m + 3) = g(3m + 2)"),
    (2, 3, "g(3m) = 2m, g(3m + 1) = g(m), g(3m + 2) = 2m + 1"),
    (3, 4, "g(4m) = 3m, g(4m + 1) = g(m), g(4m + 2) = 3m + 1, g(4m + 3) = 3m + 2")])
def test_take_at_most_a_fraction_by_residue(num, den, rule):
    """The rule is found, and read back from its words it gives the plain mex values."""
    n = 500
    result = explore(TakeAtMost(num, den), n=n)
    assert texts(result, "by-residue") == [rule]
    assert_residue_rule_holds(rule, plain_values(lambda h: [h - k for k in range(1, h * num // den + 1)], n))


@pytest.mark.parametrize("num, den", [(1, 5), (2, 5), (3, 5), (4, 5), (3, 7)])
def test_take_at_most_a_fraction_of_a_larger_denominator_by_residue(num, den):
    """Its rule has a class for each residue mod the denominator, each read back from
    the words and checked on the plain mex values."""
    n = 500
    (rule,) = texts(explore(TakeAtMost(num, den), n=n), "by-residue")
    assert rule.startswith(f"g({den}m) = {'' if num == 1 else num}m, g({den}m + 1) = ")
    assert_residue_rule_holds(rule, plain_values(lambda h: [h - k for k in range(1, h * num // den + 1)], n))


def test_a_rule_by_residue_with_a_shift_and_one_changed_value_loses_it():
    g = plain_values(lambda h: [h - k for k in range(1, (h + 1) // 2 + 1)], 300)  # at most half, rounded up
    (text,) = [f.text for f in sequence_findings(np.array(g)) if f.kind == "by-residue"]
    assert text == "g(2m) = g(m - 1) (m >= 1), g(2m + 1) = m + 1"
    assert_residue_rule_holds(text, g)
    popcount = [bin(n).count("1") for n in range(300)]
    (text,) = [f.text for f in sequence_findings(np.array(popcount)) if f.kind == "by-residue"]
    assert text == "g(2m) = g(m), g(2m + 1) = g(m) + 1"
    assert_residue_rule_holds(text, popcount)
    g[201] += 1
    assert [f for f in sequence_findings(np.array(g)) if f.kind == "by-residue"] == []


@settings(max_examples=40)
@given(sequences())
def test_any_rule_by_residue_claimed_holds(g):
    for f in sequence_findings(g):
        if f.kind == "by-residue":
            assert_residue_rule_holds(f.text, g)


# -- P-positions of a table by residues ------------------------------------------------------


def residue_zeros(text, rows, cols, first):
    """The cells a 'P-positions: x = ... (mod p) and y = ... (mod q)' or '(x mod p, y mod q)
    is one of ...' finding names, read from its words."""
    import re

    body = text.removeprefix("P-positions: ")
    listed = re.fullmatch(r"\(x mod (\d+), y mod (\d+)\) is one of (.*)", body)
    cells = {(x, y) for x in range(first, first + rows) for y in range(first, first + cols)}
    if listed:
        p, q = int(listed.group(1)), int(listed.group(2))
        pairs = {tuple(map(int, pair)) for pair in re.findall(r"\((\d+), (\d+)\)", listed.group(3))}
        return {(x, y) for x, y in cells if (x % p, y % q) in pairs}
    keep = cells
    for part in body.split(" and "):
        axis, residues, modulus = re.fullmatch(r"([xy]) = ([\d, ]+) \(mod (\d+)\)", part).groups()
        allowed = {int(v) for v in residues.split(", ")}
        at = 0 if axis == "x" else 1
        keep = {cell for cell in keep if cell[at] % int(modulus) in allowed}
    return keep


class King(grundy.GridGame):
    """A king steps left, down or diagonally down-left towards (0, 0), as a user writes it."""
    first_index = 0

    def options(self, p):
        x, y = p
        return [(a, b) for a, b in ((x - 1, y), (x, y - 1), (x - 1, y - 1)) if a >= 0 and b >= 0]


def test_the_kings_p_positions_are_both_coordinates_even():
    result = explore(King(), rows=15, cols=12)
    (text,) = texts(result, "p-positions")
    assert text == "P-positions: x = 0 (mod 2) and y = 0 (mod 2)"
    wins = plain_wins(King().options)  # no Grundy values
    assert residue_zeros(text, 15, 12, 0) == {(x, y) for x in range(15) for y in range(12)
                                              if not wins((x, y))}


def test_p_positions_by_residues_listed_and_lost_by_one_change():
    x, y = np.meshgrid(np.arange(12), np.arange(9), indexing="ij")
    t = np.where((x - y) % 3 == 0, 0, 1 + (x + y) % 4)  # P-positions: x = y (mod 3)
    (text,) = found(t, "p-positions")
    assert text == "P-positions: (x mod 3, y mod 3) is one of (0, 0), (1, 1), (2, 2)"
    assert residue_zeros(text, 12, 9, 0) == {(a, b) for a in range(12) for b in range(9)
                                             if (a - b) % 3 == 0}
    shifted = found(t, "p-positions", first=1)  # the same cells, read from (1, 1)
    assert shifted == [text] and residue_zeros(text, 12, 9, 1) == \
        {(a + 1, b + 1) for a in range(12) for b in range(9) if (a - b) % 3 == 0}
    t[10, 5] = 0  # one more P-position breaks the pattern
    assert found(t, "p-positions") == []


def test_a_notebook_shows_every_finding_escaped():
    class HalfRoundedUp(grundy.HeapGame):
        def options(self, n):
            return [n - k for k in range(1, (n + 1) // 2 + 1)]

    result = explore(HalfRoundedUp(), n=300)
    page = result._repr_html_()
    assert page.count("<li>") == len(result.findings) >= 3
    assert "g(2m) = g(m - 1) (m &gt;= 1), g(2m + 1) = m + 1" in page  # the rule, escaped
    assert "(m >= 1)" not in page


def test_every_built_in_game_explore_refuses_names_a_command_that_answers(cli):
    """A board game or a game of other positions (Chomp, Hackenbush) is refused in one
    line naming the command for it, and that command answers."""
    import re
    import shlex

    from grundy.catalog import entries

    refused = 0
    from grundy.rules.base import is_grid_game, is_heap_game

    for entry in entries():
        if is_heap_game(entry.make()) or is_grid_game(entry.make()):
            continue  # explored (the tests above)
        with pytest.raises(GrundyError) as refusal:
            explore(entry.make())
        refused += 1
        said = str(refusal.value)
        assert "subclass grundy.HeapGame" not in said, entry.name  # for your own classes
        named = re.search(r"'grundy (.*?)' (?:values|gives|explores)", said)
        assert named, said
        command = shlex.split(named.group(1))
        answer = cli(*[w if w != "8" else "3" for w in command])  # a 3 x 3 table is enough
        assert answer.code == 0, (entry.name, command, answer)
    assert refused >= 4  # Chomp, Green Hackenbush, Cram, Node Kayles, ...


# -- a board game's strips -----------------------------------------------------------------


#: the moves of an empty-board game on a set of free cells, from its rules: Cram and Arc
#: Kayles (on a grid an edge is two adjacent cells) cover two adjacent cells, Node Kayles
#: takes a cell and its free neighbours
STRIP_MOVES = {"cram": domino_moves, "arc-kayles": domino_moves, "node-kayles": node_moves}


@pytest.mark.parametrize("name", ["cram", "node-kayles", "arc-kayles"])
@pytest.mark.parametrize("rows, n, brute_to", [(1, 40, 13), (2, 24, 6), (3, 6, 4)])
def test_a_board_games_strips_are_explored_as_a_sequence(name, rows, n, brute_to):
    """Heap n is the empty rows x n board: the values are the board search's, checked by a
    plain search on the cells as far as it goes, and every claim holds on them."""
    from grundy.research.boards import board_values

    result = explore(grundy.find(name), rows=rows, n=n)
    assert result.strip == rows and result.checked_to == n + 1
    assert result.describe().startswith(f"{name}: the boards {rows} x 0 .. {rows} x {n} ")
    g = np.concatenate(([0], board_values(rows, n, grundy.find(name))[rows - 1]))
    plain = plain_value(STRIP_MOVES[name])
    assert g[:brute_to + 1].tolist() == [
        plain(frozenset(product(range(rows), range(k)))) for k in range(brute_to + 1)]
    assert_sequence_claims(result.findings, g)
    same = texts(result, "same-values")
    if rows == 1:  # a row of Cram is Dawson's Kayles, a row of Node Kayles Dawson's chess
        assert same and ("dawsons-chess (0.137)" if name == "node-kayles"
                         else "dawsons-kayles (0.07)") in same[0]
    if rows == 2:  # observed: 1 for odd n, 0 for even n (a mirror strategy wins)
        assert texts(result, "period") == ["period 2, preperiod 0, saltus 0"]
        assert texts(result, "closed-form") == ["g(n) = n mod 2"]


def test_a_board_games_strips_are_refused_past_the_search_or_without_rows(cli):
    cram = grundy.find("cram")
    with pytest.raises(GrundyError, match="given --rows R"):
        explore(cram)
    with pytest.raises(GrundyError, match="not a table"):
        explore(cram, rows=2, cols=4)
    with pytest.raises(GrundyError, match="the 5 x 26 board has 130 cells, past the 128 of "
                                          "the board search: with --rows 5, -n is at most 25"):
        explore(cram, rows=5, n=26)
    assert explore(cram, rows=3).checked_to == 11  # 30 cells unless told
    assert_one_line_error(cli("explore", "node-kayles", "--rows", "200"), "more than the 128 cells")
    assert_one_line_error(cli("explore", "cram", "--rows", "3", "-n", "16", "--time", "0.5"),
                          "no answer within --time 0.5 s")
    shown = cli("explore", "cram", "--rows", "2", "-n", "20", "--json")
    assert shown.code == 0, shown
    data = json.loads(shown.out)
    assert data["strip"] == {"rows": 2, "columns": 20}
    assert {"kind": "closed-form", "text": "g(n) = n mod 2", "checked_to": 21,
            "certified": False} in data["findings"]

