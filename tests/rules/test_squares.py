"""Grid Game 2 (squares): the Euclid kernel vs the coin-turning ruleset through the engine,
the coin-turning principle vs the rules-literal game, a published table, the CLI format."""

from __future__ import annotations

import json
import random
from functools import lru_cache, reduce
from operator import xor

import numpy as np
import pytest

from grundy.native import parallel
from grundy.engine import value
from grundy.errors import GrundyError
from grundy.formats import solve
from grundy.formats import squares as fmt
from grundy.rules.squares import (
    Squares,
    SquaresBoard,
    board_value,
    cell_value,
    cell_values,
    prefix_parities,
    prefix_parity,
    square,
)
from support import assert_one_line_error

# The values of cells (1..20, 1..20), row r on line r, as printed under the editorial of
# Codeforces 1906G (Grid Game 2) reproduced in the project's seed 002 ("表").
PUBLISHED_TABLE = (
    "11111111111111111111",
    "10101010101010101010",
    "11000111000111000111",
    "10000011010110000011",
    "11000111101001001011",
    "10101011010000100111",
    "11111100111101011101",
    "10111100001111110011",
    "11001010010001101000",
    "10010110101000111100",
    "11001011010011010010",
    "10110011000001001100",
    "11110001001001101101",
    "10101011101110100100",
    "11000101110011000000",
    "10000011011000000000",
    "11001010110110000110",
    "10100110010111001011",
    "11111101001000001100",
    "10111111000010000100",
)


def engine_value(r: int, c: int) -> int:
    return value(Squares(), (r, c))


def test_kernels_match_the_engine_on_all_cells_up_to_8x8():
    g = Squares()
    expected = np.array([[value(g, (r, c)) for c in range(1, 9)] for r in range(1, 9)])
    assert set(np.unique(expected)) == {0, 1}
    assert (g.table(8, 8) == expected).all()
    assert all(cell_value(r, c) == expected[r - 1, c - 1] for r in range(1, 9) for c in range(1, 9))


def test_table_matches_the_published_table():
    published = np.array([[int(ch) for ch in row] for row in PUBLISHED_TABLE])
    assert (Squares().table(20, 20) == published).all()


def test_vectorised_matches_scalar_on_random_cells_of_every_size():
    rng = random.Random(7)
    cells = []
    for top in (30, 10**9, 2**32 + 5, 10**18, 2**63 - 1):
        cells += [(rng.randint(1, top), rng.randint(1, top)) for _ in range(300)]
    cells += [(2**32 - 1, 2**32), (2**32, 2**32 - 1), (10**18, 10**18 - 1), (1, 10**18),
              (2**63 - 1, 2**63 - 2), (55, 89), (89, 144)]  # Fibonacci: the longest Euclid runs
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    assert cell_values(rows, cols).tolist() == [cell_value(r, c) for r, c in cells]
    xs = [r - 1 for r in rows]
    assert prefix_parities(xs, cols).tolist() == [prefix_parity(x, c) for x, c in zip(xs, cols)]


def test_prefix_parity_is_the_prefix_xor_of_the_cells():
    t = Squares().table(12, 12)
    for x in range(13):
        for y in range(13):
            assert prefix_parity(x, y) == int(t[:x, :y].sum()) & 1


def test_kernels_reject_bad_coordinates():
    for rows, cols in (([0], [1]), ([1], [-3]), ([2**63], [1]), ([1, 2], [1])):
        with pytest.raises(GrundyError):
            cell_values(rows, cols)
    with pytest.raises(GrundyError):
        cell_value(0, 5)


def all_boards(rows: int, cols: int):
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    for mask in range(1 << len(cells)):
        yield frozenset(cell for i, cell in enumerate(cells) if mask >> i & 1)


@pytest.mark.parametrize("rows, cols", [(3, 3), (2, 5), (4, 3)])
def test_coin_turning_principle_and_every_move_wins(rows, cols):
    """The literal game on all sets of black cells: its value is the XOR of the cells' values,
    and from a winning position every move wins (every option has value 0)."""
    game = SquaresBoard()
    single = Squares()
    for board in all_boards(rows, cols):
        v = value(game, board)
        assert v == reduce(xor, (value(single, cell) for cell in board), 0)
        assert v == board_value([r for r, _ in board], [c for _, c in board])
        if v:
            assert all(value(game, option) == 0 for option in game.options(board))


@lru_cache(maxsize=None)
def first_player_wins(board: frozenset) -> bool:
    """Plain game-tree search, no Grundy theory: win iff some move leaves a lost position."""
    return any(not first_player_wins(board.symmetric_difference(square(r, c))) for r, c in board)


def test_solver_matches_plain_search_on_all_boards_of_3x3(cli):
    boards = list(all_boards(3, 3))
    for board in boards:
        cells = sorted(board)
        if not cells:
            continue
        data = f"{len(cells)}\n" + "".join(f"{r} {c}\n" for r, c in cells)
        expected = "FIRST\n" if first_player_wins(board) else "SECOND\n"
        assert solve("squares", data.encode()) == expected
    assert cli("solve", "squares", input="2\n2 2\n3 3\n").out == (
        "FIRST\n" if first_player_wins(frozenset({(2, 2), (3, 3)})) else "SECOND\n")


def test_official_samples(cli):
    assert cli("solve", "squares", input="2\n2 3\n2 4\n").out == "FIRST\n"
    assert cli("solve", "grid-game-2", input="1\n2 2\n").out == "SECOND\n"


def test_json_and_explain(cli):
    r = cli("solve", "squares", "--json", input="3\n5 7\n2 3\n9 9\n")
    got = json.loads(r.out)
    v = cell_value(5, 7) ^ cell_value(2, 3) ^ cell_value(9, 9)
    assert got["value"] == v and got["judge"] == ("FIRST" if v else "SECOND")
    assert got["winner"] == ("first" if v else "second")
    assert got["move"] == ([5, 7] if v else None) and got["winning_moves"] == (3 if v else 0)
    r = cli("solve", "squares", "--json", input="1\n2 2\n")
    assert json.loads(r.out) == {"winner": "second", "judge": "SECOND", "value": 0, "move": None,
                                 "winning_moves": 0}
    r = cli("solve", "squares", "--explain", input="2\n2 3\n2 4\n")
    assert r.code == 0 and r.out.startswith("FIRST\n") and "(2, 3)" in r.out and "line 2" in r.out


def test_huge_coordinates_and_layout_freedom(cli):
    cells = [(10**18, 10**18 - 1), (1, 10**18), (999999999989, 10**18), (2**32, 7)]
    v = reduce(xor, (cell_value(r, c) for r, c in cells))
    data = "\r\n\n 4 \r\n" + "".join(f"  {r}\t{c}  \n\n" for r, c in cells)
    assert cli("solve", "squares", input=data).out == ("FIRST\n" if v else "SECOND\n")
    padded = "4\n" + "".join(f"000{r} +{c}\n" for r, c in cells)  # the careful reader
    assert solve("squares", padded.encode()) == ("FIRST\n" if v else "SECOND\n")


def test_fast_and_careful_readers_agree():
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randint(1, 30)
        cells = rng.sample([(r, c) for r in range(1, 12) for c in range(1, 12)], n)
        cells = [(r * rng.choice([1, 10**9, 10**16]), c) for r, c in cells]
        cells = list(dict.fromkeys(cells))
        text = f"{len(cells)}\n" + "".join(
            f"{r}{rng.choice([' ', '  ', chr(9)])}{c}{rng.choice(['', ' ', chr(13)])}\n"
            + rng.choice(["", "", "\n"]) for r, c in cells)
        fast = fmt._fast_parse(text.encode())
        careful = fmt._careful_parse(text.encode())
        assert fast is not None
        for name in ("rows", "cols", "lines"):
            assert getattr(fast, name).tolist() == getattr(careful, name).tolist()


BAD = [
    ("", None, "empty input"),
    ("  \n\n", None, "empty input"),
    ("3\n1 1\n2 2\n", 3, "only 2 cell lines"),
    ("1\n1 1\n2 2\n", 3, "one too many"),
    ("2\n1 1\n1 1\n", 3, "line 2"),
    ("3\n4 5\n1 2\n4 5\n", 4, "repeats the cell of line 2"),
    ("1\n0 5\n", 2, "R = 0 is out of range"),
    ("1\n5 1000000000000000001\n", 2, "C = 1000000000000000001 is out of range"),
    ("1\n5 99999999999999999999999999\n", 2, "out of range"),
    ("1\n18446744073709551621 5\n", 2, "R = 18446744073709551621 is out of range"),  # 2^64+5
    ("1\n-5 3\n", 2, "R = -5 is out of range"),
    ("1\n5 x\n", 2, "C must be an integer, got 'x'"),
    ("1\n5 1.5\n", 2, "C must be an integer"),
    ("1\n5 6 7\n", 2, "found 3 numbers"),
    ("1\n5\n6\n", 2, "found 1 number"),
    ("1 5 6\n", 1, "N alone"),
    ("0\n", 1, "N = 0 is out of range"),
    ("10000001\n", 1, "N = 10000001 is out of range"),
    ("1\n5 6\nzz\n", 3, "one too many"),
    ("1\n5 \xc3\xa9\n", 2, "non-ASCII"),
]


@pytest.mark.parametrize("data, line, words", BAD)
def test_bad_input_is_one_line_error(cli, data, line, words):
    assert_one_line_error(cli("solve", "squares", input=data.encode("latin-1")), words, line)


def test_limits_are_stated():
    assert "10^7" in fmt.LIMITS and "10^18" in fmt.LIMITS


def test_threaded_cell_values_agree_with_the_scalar_values(monkeypatch):
    from grundy.rules import squares

    rng = np.random.default_rng(11)
    n = parallel.PARALLEL_MIN + 1000  # large enough for the two-thread path
    rows = rng.integers(1, 10**9, n)
    cols = rng.integers(1, 10**9, n)
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 2)
    values = squares.cell_values(rows, cols)
    sample = rng.integers(0, n, 300)
    for i in sample.tolist():
        assert values[i] == squares.cell_value(int(rows[i]), int(cols[i]))
    # and the two-thread result equals the one-thread one everywhere
    monkeypatch.setattr(parallel, "parallel_parts", lambda: 1)
    assert (squares.cell_values(rows, cols) == values).all()
