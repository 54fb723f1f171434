"""Heap games: rules literal through the engine, fast kernels against them, published values."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import GrundyError, Sum, value
from grundy.catalog import find
from grundy.rules.heap import (
    AllBut,
    GrundysGame,
    Nim,
    Subtraction,
    TakeAndBreak,
    parse_subtraction,
)
from grundy.rules.sparse import SplitKernel
from grundy.rules.three_heaps import ThreeHeapKernel
from support import DATA, golden_rows



def engine_values(game, n):
    """The values by the generic engine on a fresh copy (no kernel involved)."""
    fresh = eval(repr(game))  # noqa: S307 - our own reprs
    return [value(fresh, k) for k in range(n)]


def published_sequences():
    rows = []
    for _, line in golden_rows("heap_sequences.txt"):
        name, first, values = line.split(" ", 2)
        rows.append((name, int(first), [int(v) for v in values.split(",")]))
    return rows


# -- rules and notation ----------------------------------------------------------------


def test_options_are_the_rules():
    assert TakeAndBreak("0.77").options(4) == [3, Sum(1, 2), 2, Sum(1, 1)]
    assert TakeAndBreak("0.07").options(2) == [0]
    assert TakeAndBreak("0.4").options(4) == [Sum(1, 2)]  # remove 1, leave two heaps
    assert TakeAndBreak("8.0").options(6) == [Sum(1, 1, 4), Sum(1, 2, 3), Sum(2, 2, 2)]
    assert TakeAndBreak("0.1").options(1) == [0] and TakeAndBreak("0.1").options(2) == []
    assert GrundysGame().options(4) == [Sum(1, 3)]
    assert Subtraction({2, 5}).options(6) == [4, 1]
    assert AllBut({2}).options(3) == [2, 0]
    assert Nim().options(2) == [1, 0]


@pytest.mark.parametrize("game", [Nim(), GrundysGame(), TakeAndBreak("0.77"), TakeAndBreak("4.07"),
                                  TakeAndBreak("0.fc"), Subtraction({1, 3, 4}), AllBut({1, 2})])
def test_repr_round_trips_and_equality(game):
    again = eval(repr(game))  # noqa: S307
    assert again == game and hash(again) == hash(game)
    assert game != TakeAndBreak("0.6")


def test_code_canonical_form():
    assert TakeAndBreak(" 0.770 ") == TakeAndBreak("0.77")
    assert TakeAndBreak("0.FC").code == "0.fc"
    assert repr(TakeAndBreak("4.07")) == "TakeAndBreak('4.07')"
    assert TakeAndBreak("0.137").max_removed == 3 and TakeAndBreak("4.0").max_removed == 0
    assert TakeAndBreak("0.77").max_heaps == 2 and TakeAndBreak("0.3").max_heaps == 1


@pytest.mark.parametrize("code, why", [
    ("0.8x", "'x' is not an octal or hexadecimal digit"),
    ("2.7", "may only hold 4"),
    ("1.0", "may only hold 4"),
    ("0.", "expected digits after the point"),
    ("077", "expected a digit, a point and digits"),
    ("10.7", "exactly one digit before the point"),
    ("0.7.7", "'.' is not"),
])
def test_bad_codes(code, why):
    with pytest.raises(GrundyError, match="bad octal code") as err:
        TakeAndBreak(code)
    assert why in str(err.value)


@pytest.mark.parametrize("key", ["sub:", "sub:1,,2", "sub:0", "sub:-1", "allbut:x", "sub:1.5",
                                 "take:1"])
def test_bad_subtraction_keys(key):
    with pytest.raises(GrundyError, match="bad subtraction game"):
        parse_subtraction(key)


def test_parse_subtraction():
    assert parse_subtraction("sub:4, 1,3") == Subtraction({1, 3, 4})
    assert parse_subtraction("ALLBUT:1,2") == AllBut({1, 2})
    with pytest.raises(GrundyError):
        Subtraction({0, 2})


@pytest.mark.parametrize("args, message", [
    (("sequence", "0.8x"), "bad octal code '0.8x'"),
    (("period", "2.7"), "bad octal code '2.7'"),
    (("sequence", "sub:1,,3"), "bad subtraction game"),
])
def test_cli_bad_games(cli, args, message):
    result = cli(*args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("grundy: error: ") and message in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_catalog_names():
    assert find("kayles") == TakeAndBreak("0.77")
    assert find("dawsons-kayles") == TakeAndBreak("0.07")
    assert find("grundy") == GrundysGame() and find("nim") == Nim()
    assert find("sub:1,3,4") == Subtraction({1, 3, 4})


# -- kernels against the engine -------------------------------------------------------------

digits = st.integers(0, 7)
codes = st.builds(lambda d0, ds: f"{d0}." + "".join(map(str, ds)),
                  st.sampled_from([0, 4]), st.lists(digits, min_size=1, max_size=4))


@given(codes)
def test_octal_kernel_matches_engine(code):
    game = TakeAndBreak(code)
    assert game.sequence(60).tolist() == engine_values(game, 60)


@given(st.sampled_from([0, 4, 8]), st.lists(st.sampled_from([0, 1, 2, 3, 8, 9, 10]), min_size=1,
                                             max_size=2))
def test_hexadecimal_codes_through_engine(d0, ds):
    game = TakeAndBreak(f"{d0:x}." + "".join(f"{d:x}" for d in ds))
    assert game.sequence(30).tolist() == engine_values(game, 30)


@given(st.frozensets(st.integers(1, 9), min_size=1, max_size=4))
def test_subtraction_kernels_match_engine(moves):
    assert Subtraction(moves).sequence(60).tolist() == engine_values(Subtraction(moves), 60)
    assert AllBut(moves).sequence(60).tolist() == engine_values(AllBut(moves), 60)


def test_grundys_game_kernel_matches_engine():
    assert GrundysGame().sequence(600).tolist() == engine_values(GrundysGame(), 600)


def test_nim_is_n():
    assert Nim().sequence(100).tolist() == engine_values(Nim(), 100) == list(range(100))


def plain_values(zero, one, two, n, unequal=False):
    """The scalar definition: mex over every option, every pair of heaps listed."""
    g = []
    for i in range(n):
        seen = {0 for k in zero if k == i}
        seen |= {g[i - k] for k in one if i - k >= 1}
        for k in two:
            m = i - k
            seen |= {g[a] ^ g[m - a] for a in range(1, m // 2 + 1) if not (unequal and 2 * a == m)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


class EarlyKernel(SplitKernel):
    """The NumPy path (not the compiled kernel), with its thresholds lowered."""

    WARMUP = 8  # choose a mask almost at once, so the sparse path does the work
    RARE_SHARE = 1.01  # whatever the share of rare values
    FEW = 3  # and use its vectorised branch soon

    def __init__(self, zero, one, two, unequal=False):  # type: ignore[no-untyped-def]
        super().__init__(zero, one, two, unequal, compiled=False)


@given(codes)
def test_sparse_kernel_matches_the_definition(code):
    d = TakeAndBreak(code).digits
    zero, one, two = ([k for k, x in enumerate(d) if x & b] for b in (1, 2, 4))
    assert EarlyKernel(zero, one, two).values(250).tolist() == plain_values(zero, one, two, 250)


@pytest.mark.parametrize("few", [3, 40])
def test_sparse_kernel_on_grundys_game(few):
    kernel = EarlyKernel([], [], [0], unequal=True)
    kernel.FEW = few
    assert kernel.values(1500).tolist() == plain_values([], [], [0], 1500, unequal=True)
    assert kernel.mask  # the sparse path was really used


class BlockKernel(EarlyKernel):
    """The block path (games that only split) with tiny blocks, so that 1500 heaps go
    through many blocks, failed searches (rare heaps) and several residues."""
    FEW = 3
    BLOCK = 4
    ROWS = 8
    SHALLOW = 8
    DEEP = 4
    CELLS = 64
    WINDOW = 16


@pytest.mark.parametrize("unequal", [True, False])
@pytest.mark.parametrize("narrow", [256, 0])  # 8-bit copy of the values, or 16-bit
def test_block_path_matches_the_definition(unequal, narrow):
    kernel = BlockKernel([], [], [0], unequal=unequal)
    kernel.NARROW = narrow
    blocks = []
    kernel._block = lambda stop, run=kernel._block: blocks.append(stop) or run(stop)
    assert kernel.values(1500).tolist() == plain_values([], [], [0], 1500, unequal=unequal)
    assert len(blocks) > 100 and len(kernel.rare_pos) > 10


def test_block_path_continues_where_it_stopped():
    kernel = BlockKernel([], [], [0], unequal=True)
    parts = [kernel.values(n).tolist() for n in (700, 701, 1200)]
    assert parts[2] == plain_values([], [], [0], 1200, unequal=True)
    assert parts[0] == parts[2][:700] and parts[1] == parts[2][:701]


def test_grundys_game_to_ten_thousand():
    """No published table of 10^4 values was at hand: an independent vectorised scan of every
    pair (one NumPy XOR per heap, no masks) is the reference; the engine covers 0..599 above."""
    n = 10_000
    g = np.zeros(n, dtype=np.int64)
    for i in range(3, n):
        h = (i - 1) // 2
        seen = np.zeros(512, dtype=bool)
        seen[g[1 : h + 1] ^ g[i - h : i][::-1]] = True
        g[i] = int(np.argmin(seen))
    assert GrundysGame().sequence(n).tolist() == g.tolist()


# -- published values -----------------------------------------------------------------------


@pytest.mark.parametrize("name, first, values", published_sequences(), ids=lambda x: str(x)[:12])
def test_published_sequences(name, first, values):
    game = find(name)
    ours = game.sequence(first + len(values)).tolist()[first:]
    assert ours == values


def test_grundys_game_rare_values_published():
    text = (DATA / "grundys_game_rare.txt").read_text()
    assert "# source:" in text
    rare = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            rare.update((int(a), int(b)) for a, b in (item.split(":") for item in line.split()))
    g = GrundysGame().sequence(232)
    ours = {n: int(v) for n, v in enumerate(g) if bin(int(v) >> 1).count("1") % 2 == 0}
    assert ours == rare


def test_every_data_file_names_its_source():
    for path in DATA.glob("*.txt"):
        if path.name in ("heap_sequences.txt", "octal_periods.txt", "grundys_game_rare.txt"):
            assert "# source:" in path.read_text(), path.name


# -- three heaps (hexadecimal codes with bit 8) ----------------------------------------------

hex_digits = st.integers(0, 15)
three_heap_codes = st.builds(
    lambda d0, ds, at: f"{d0:x}." + "".join(f"{d | (8 if i == at else 0):x}"
                                            for i, d in enumerate(ds)),
    st.sampled_from([0, 4, 8, 12]), st.lists(hex_digits, min_size=1, max_size=3),
    st.integers(0, 2),
).filter(lambda code: TakeAndBreak(code).max_heaps == 3)


@settings(max_examples=60, deadline=None)
@given(three_heap_codes)
def test_three_heap_kernel_matches_engine(code):
    game = TakeAndBreak(code)
    assert game.max_heaps == 3
    assert game.sequence(70).tolist() == engine_values(game, 70)


@pytest.mark.parametrize("code", ["0.8", "4.8", "8.0", "c.0", "0.f", "0.08", "0.f8", "8.7",
                                  "0.18", "0.0f", "4.c1"])
def test_three_heap_kernel_fixed_codes(code):
    game = TakeAndBreak(code)
    assert game.sequence(80).tolist() == engine_values(game, 80)


def test_three_heap_kernel_continues_and_widens():
    """Asking again continues where it stopped; values past 63 widen the rows."""
    game = TakeAndBreak("8.7")
    parts = [game.sequence(n).tolist() for n in (40, 41, 200)]
    assert max(parts[2]) >= 64
    assert parts[0] == parts[2][:40] and parts[1] == parts[2][:41]
    assert parts[2] == ThreeHeapKernel([1], [1], [1], [0]).values(200).tolist()
    assert parts[2][:90] == engine_values(game, 90)
