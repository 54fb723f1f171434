"""Coin-turning games: closed forms vs the engine, the coin-turning principle and the
Tartan theorem vs rules-literal searches, published values, and bad arguments."""

from __future__ import annotations

from functools import reduce
from itertools import combinations
from operator import xor

import pytest

import grundy
from grundy.engine import Game, value
from grundy.errors import GrundyError
from grundy.rules.coins import (
    CoinTurning,
    MockTurtles,
    Product,
    Ruler,
    TurningCorners,
    TurningTurtles,
    Twins,
    product,
)
from support import DATA as SUPPORT_DATA

DATA = SUPPORT_DATA / "coin_games.txt"
NAMED = [TurningTurtles, Twins, MockTurtles, Ruler]


def engine_sequence(game: Game, n: int) -> list[int]:
    """Values through the generic engine, from the rules (options) alone."""
    return [value(game, k) for k in range(n)]


# -- closed forms vs brute force ------------------------------------------------------


@pytest.mark.parametrize("cls", NAMED)
def test_closed_form_matches_engine(cls):
    n = 36 if cls is MockTurtles else 70
    assert cls().sequence(n).tolist() == engine_sequence(cls(), n)


@pytest.mark.parametrize("cls", NAMED)
def test_sequence_prefixes_and_empty(cls):
    full = cls().sequence(20).tolist()
    for n in (0, 1, 2, 7):
        assert cls().sequence(n).tolist() == full[:n]


def test_counts_description_gives_the_named_games():
    for ks, cls in (((0, 1), TurningTurtles), ((1,), Twins), ((0, 1, 2), MockTurtles)):
        assert engine_sequence(CoinTurning.counts(*ks), 25) == cls().sequence(25).tolist()


def test_gaps_and_function_descriptions_follow_their_rules():
    # turn the head alone, or with the coin 1 or 2 places left: a head at n moves to
    # "no heads" or to a lone head at n-1 or n-2; the values by the mex definition directly.
    g = CoinTurning.gaps((), (1,), (2,))
    expect = [0]
    for n in range(1, 30):
        opts = {0} | {expect[n - d] for d in (1, 2) if n - d >= 1}
        expect.append(min(set(range(len(opts) + 1)) - opts))
    assert engine_sequence(g, 30) == expect
    ruler_again = CoinTurning(lambda n: [range(n - k + 1, n) for k in range(1, n + 1)], "runs")
    assert engine_sequence(ruler_again, 40) == Ruler().sequence(40).tolist()


# -- the coin-turning principle, rules-literal ------------------------------------------


class LiteralRow(Game):
    """A row of coins as the set of heads; a move flips a head and one of its turn sets."""

    def __init__(self, rules) -> None:
        self.rules = rules

    def options(self, heads):
        return [heads ^ {n, *s} for n in heads for s in self.rules.turns(n)]


@pytest.mark.parametrize("cls", NAMED + [lambda: CoinTurning.gaps((), (1, 3), (2,))])
def test_row_of_heads_is_worth_xor_of_single_heads(cls):
    rules, length = cls(), 7
    literal = LiteralRow(rules)
    single = rules.sequence(length + 1).tolist()
    coins = range(1, length + 1)
    for k in range(length + 1):
        for heads in combinations(coins, k):
            got = value(literal, frozenset(heads))
            assert got == reduce(xor, (single[h] for h in heads), 0), heads


# -- published values -------------------------------------------------------------------


def published() -> dict[str, list[int]]:
    out = {}
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        body, sep, source = line.partition(" | source: ")
        assert sep and source.strip(), f"entry without a source: {line!r}"
        name, _, values = body.partition(":")
        out[name.strip()] = [int(v) for v in values.split()]
    return out


def test_every_published_entry_has_a_source_and_values():
    data = published()
    assert set(data) >= {"ruler", "mock-turtles", "turning-turtles", "coins-row-5"}
    assert all(len(v) >= 8 for v in data.values())


@pytest.mark.parametrize("name,cls", [("ruler", Ruler), ("mock-turtles", MockTurtles),
                                      ("turning-turtles", TurningTurtles)])
def test_published_sequences(name, cls):
    values = published()[name]
    assert cls().sequence(len(values) + 1).tolist()[1:] == values
    assert engine_sequence(cls(), 12)[1:] == values[:11]


def test_published_nim_products_row():
    row = published()["coins-row-5"]
    assert TurningCorners().table(5, len(row))[4].tolist() == row
    assert [grundy.nim_mul(5, j) for j in range(1, len(row) + 1)] == row


# -- Tartan theorem: products vs brute force ---------------------------------------------


@pytest.mark.parametrize("a,b,size", [
    (TurningTurtles, TurningTurtles, 6),
    (Ruler, Ruler, 6),
    (MockTurtles, TurningTurtles, 6),
    (Twins, MockTurtles, 5),
    (Ruler, Twins, 6),
])
def test_product_table_matches_engine(a, b, size):
    game = product(a(), b())
    table = game.table(size, size + 1)
    brute = [[value(game, (i, j)) for j in range(1, size + 2)] for i in range(1, size + 1)]
    assert table.tolist() == brute


def test_turning_corners_is_nim_product_of_coordinates():
    table = TurningCorners().table(12, 9)
    assert table.tolist() == [[grundy.nim_mul(i, j) for j in range(1, 10)] for i in range(1, 13)]
    assert TurningCorners().first_index == 1


class LiteralBoard(Game):
    """A board as the set of heads; a move flips a head and the product of factor moves."""

    def __init__(self, game: Product) -> None:
        self.game = game

    def options(self, heads):
        out = []
        for i, j in heads:
            for s in self.game.a.turns(i):
                for t in self.game.b.turns(j):
                    out.append(heads ^ {(r, c) for r in (*s, i) for c in (*t, j)})
        return out


@pytest.mark.parametrize("game,rows,cols", [
    (TurningCorners(), 3, 3),
    (Product(Ruler(), MockTurtles()), 2, 4),
])
def test_board_of_heads_is_worth_xor_of_products(game, rows, cols):
    literal = LiteralBoard(game)
    table = game.table(rows, cols)
    cells = [(i, j) for i in range(1, rows + 1) for j in range(1, cols + 1)]
    for mask in range(1 << len(cells)):
        heads = frozenset(c for k, c in enumerate(cells) if mask >> k & 1)
        expect = reduce(xor, (int(table[i - 1, j - 1]) for i, j in heads), 0)
        assert value(literal, heads) == expect, sorted(heads)


# -- names, errors ------------------------------------------------------------------------


def test_catalog_names_and_star_products():
    from grundy.catalog import find

    assert isinstance(find("coins"), TurningCorners)
    g = find("ruler*mock-turtles")
    assert isinstance(g, Product)
    assert g.table(3, 3).tolist() == Product(Ruler(), MockTurtles()).table(3, 3).tolist()


def test_table_command(cli):
    r = cli("table", "turning-corners", "--rows", "3", "--cols", "4", "--json")
    assert r.code == 0, r.err
    assert r.out.strip() == "[[1, 2, 3, 4], [2, 3, 1, 8], [3, 1, 2, 12]]"


def test_product_error_through_cli(cli):
    r = cli("table", "ruler*coins", "--rows", "2", "--cols", "2")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1
    assert "second factor coins is not a one-dimensional coin-turning game" in r.err


def test_product_of_non_coin_games_is_a_clear_error():
    from grundy.rules.base import HeapGame

    class Nimlike(HeapGame):
        def options(self, n):
            return range(n)

    with pytest.raises(GrundyError, match="second factor .* one-dimensional game but not a coin"):
        product(Ruler(), Nimlike())
    with pytest.raises(GrundyError, match="first factor"):
        product(TurningCorners(), Ruler())


def test_bad_custom_moves_and_positions():
    bad = CoinTurning(lambda n: [(n,)], "self")
    with pytest.raises(GrundyError, match="1..2"):
        bad.options(3)
    with pytest.raises(GrundyError, match="distinct"):
        CoinTurning(lambda n: [(1, 1)]).options(3)
    with pytest.raises(GrundyError):
        CoinTurning(42)  # type: ignore[arg-type]
    with pytest.raises(GrundyError):
        CoinTurning.counts(-1)
    with pytest.raises(GrundyError):
        CoinTurning.gaps((0,))
    with pytest.raises(GrundyError, match="non-negative"):
        Ruler().options(-2)
    with pytest.raises(GrundyError, match="pair"):
        TurningCorners().options(3)
