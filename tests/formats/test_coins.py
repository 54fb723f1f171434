"""The Coins Game solver: samples through the CLI, brute-force move scans in the seed's order,
a win/lose search that knows no Grundy theory, counts of winning moves, and every bad input."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from functools import lru_cache
from importlib import resources
from itertools import product as cartesian

import numpy as np
import pytest

from grundy.cli.main import run
from grundy.errors import InputError
from grundy import formats
from grundy.formats import Options
from grundy.nimber import nim_mul
from grundy.rules.corners import _top_bit, analyse
from support import ROOT

SEED = ROOT.parent / "shared" / "reference" / "coins.cpp"


def solve(data: bytes, options: Options | None = None) -> str:
    return formats.solve("coins", data, options)


def parse(data: bytes) -> list:  # type: ignore[type-arg]
    return formats.get_format("coins").parse(data)

# -- samples (answers worked out by hand in the comments) -------------------------------

# 2x2 "10/01": value 1(x)1 ^ 2(x)2 = 1 ^ 3 = 2; from (1,1) only 1; from (2,2) the corner
# (1,1) changes the value by 3(x)3 = 2.  1x3 "011": value 2 ^ 3 = 1; the first move of
# change 1 is (1,3) -> corner (0,2).  2x2 "01/10": 2 ^ 2 = 0, Betty.
SAMPLE_IN = "2 2\n10\n01\n1 3\n011\n2 2\n01\n10\n"
SAMPLE_OUT = "Ann\n2 2\n1 1\nAnn\n1 3\n0 2\nBetty\n"


def test_sample_through_cli(cli):
    r = cli("solve", "coins", input=SAMPLE_IN)
    assert (r.code, r.out, r.err) == (0, SAMPLE_OUT, "")


def test_bundled_example_is_the_sample(cli):
    data = (resources.files("grundy.formats") / "examples" / "coins.in").read_text()
    assert data == SAMPLE_IN
    assert cli("solve", "turning-corners", "-", input=data).out == SAMPLE_OUT


@pytest.mark.parametrize("board,expect", [
    ("1 1\n1\n", "Ann\n1 1\n0 0\n"),
    ("1 1\n0\n", "Betty\n"),
    ("1 2\n11\n", "Ann\n1 2\n0 1\n"),      # 1 ^ 2 = 3 = 1 (x) (2^1)
    ("2 2\n11\n11\n", "Ann\n1 2\n0 0\n"),  # 1 ^ 2 ^ 2 ^ 3 = 2 = 1 (x) 2
])
def test_hand_worked_boards(board, expect):
    assert solve(board.encode()) == expect


def test_explain_and_json(cli):
    r = cli("solve", "coins", "--json", input=SAMPLE_IN)
    objs = [json.loads(line) for line in r.out.splitlines()]
    assert [o["judge"] for o in objs] == ["Ann", "Ann", "Betty"]
    assert [o["winner"] for o in objs] == ["first", "first", "second"]
    assert objs[0] == {"winner": "first", "judge": "Ann", "value": 2,
                       "move": {"coin": [2, 2], "corner": [1, 1]}, "winning_moves": 1}
    assert objs[2]["move"] is None and objs[2]["value"] == 0 and objs[2]["winning_moves"] == 0
    r = cli("solve", "coins", "--explain", input=SAMPLE_IN)
    assert r.code == 0 and "value 2" in r.out and "(1, 1), (1, 2), (2, 1), (2, 2)" in r.out
    judge = [line for line in r.out.splitlines() if not line.startswith("  ")]
    assert judge == SAMPLE_OUT.splitlines()  # explanations are the indented lines
    assert "(1 winning move)" in r.out and "so Betty wins" in r.out


# -- brute force: the seed's logic, re-derived ------------------------------------------


@lru_cache(maxsize=None)
def sg_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Grundy values of single heads by the mex over all corners (row/column 0 worth 0)."""
    sg = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            seen = {sg[a][b] ^ sg[r][b] ^ sg[a][c] for a in range(r) for b in range(c)}
            sg[r][c] = min(set(range(len(seen) + 1)) - seen)
    return tuple(map(tuple, sg))


def brute(heads: list[list[int]]) -> tuple[int, tuple[int, int, int, int] | None, int]:
    """Value, first winning move in scan order, number of winning moves, by trying them all."""
    rows, cols = len(heads), len(heads[0])
    sg = sg_table(rows, cols)
    total = 0
    for i, j in cartesian(range(1, rows + 1), range(1, cols + 1)):
        if heads[i - 1][j - 1]:
            total ^= sg[i][j]
    first, count = None, 0
    if total:
        for i, j in cartesian(range(1, rows + 1), range(1, cols + 1)):
            if not heads[i - 1][j - 1]:
                continue
            for a, b in cartesian(range(i), range(j)):
                if sg[i][j] ^ sg[a][j] ^ sg[i][b] ^ sg[a][b] == total:
                    first = first or (i, j, a, b)
                    count += 1
    return total, first, count


def board_text(heads: list[list[int]]) -> str:
    return f"{len(heads)} {len(heads[0])}\n" + "".join(
        "".join(map(str, row)) + "\n" for row in heads)


def all_boards(rows: int, cols: int):
    for mask in range(1 << (rows * cols)):
        yield [[mask >> (r * cols + c) & 1 for c in range(cols)] for r in range(rows)]


def check_against_brute(boards: list[list[list[int]]]) -> None:
    data = "".join(board_text(b) for b in boards).encode()
    got = [json.loads(line) for line in solve(data, Options(as_json=True)).splitlines()]
    assert len(got) == len(boards)
    for heads, obj in zip(boards, got):
        value, first, count = brute(heads)
        move = None if first is None else {"coin": list(first[:2]), "corner": list(first[2:])}
        assert (obj["value"], obj["move"], obj["winning_moves"]) == (value, move, count), heads


def test_sg_table_is_the_nim_product():
    sg = sg_table(7, 7)
    assert all(sg[i][j] == nim_mul(i, j) for i in range(8) for j in range(8))


@pytest.mark.parametrize("rows,cols", [(r, c) for r in range(1, 4) for c in range(1, 5)])
def test_every_board_up_to_3x4(rows, cols):
    check_against_brute(list(all_boards(rows, cols)))


def test_random_boards_up_to_8x8():
    rng = random.Random(20240611)
    boards = []
    for _ in range(400):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        density = rng.choice((0.05, 0.2, 0.5, 0.9))
        boards.append([[int(rng.random() < density) for _ in range(cols)] for _ in range(rows)])
    check_against_brute(boards)


def test_text_output_matches_brute_scan():
    rng = random.Random(7)
    boards = [[[rng.randint(0, 1) for _ in range(5)] for _ in range(4)] for _ in range(50)]
    out = solve("".join(board_text(b) for b in boards).encode())
    expect = []
    for heads in boards:
        _, first, _ = brute(heads)
        expect += ["Betty"] if first is None else ["Ann", f"{first[0]} {first[1]}",
                                                   f"{first[2]} {first[3]}"]
    assert out == "\n".join(expect) + "\n"


# -- beyond 255: the F_65536 path, against scalar nim products ------------------------


@pytest.mark.parametrize("rows,cols", [(300, 9), (7, 270), (260, 260)])
def test_large_sparse_boards_against_scalar_scan(rows, cols):
    rng = np.random.default_rng(rows * 1000 + cols)
    for _ in range(3):
        heads = np.zeros((rows, cols), dtype=np.uint8)
        for _ in range(4):
            heads[rng.integers(rows), rng.integers(cols)] = 1
        cells = [(int(i) + 1, int(j) + 1) for i, j in zip(*np.nonzero(heads))]
        value = 0
        for i, j in cells:
            value ^= nim_mul(i, j)
        first, count = None, 0
        for i, j in cells:  # row-major order = scan order
            for a in range(i):
                for b in range(j):
                    if nim_mul(i ^ a, j ^ b) == value:
                        first = first or (i, j, a, b)
                        count += 1
        result = analyse(heads)
        assert (result.value, result.move, result.winning_moves) == (value, first, count)


def test_dense_large_board_move_is_winning():
    rng = np.random.default_rng(5)
    heads = (rng.random((400, 300)) < 0.5).astype(np.uint8)
    result = analyse(heads)
    rows_x = [0] * 401
    for i, j in zip(*np.nonzero(heads)):
        rows_x[i + 1] ^= int(j) + 1
    value = 0
    for i in range(1, 401):
        value ^= nim_mul(i, rows_x[i])
    assert result.value == value and value != 0
    i, j, a, b = result.move
    assert heads[i - 1, j - 1] and a < i and b < j
    assert nim_mul(i ^ a, j ^ b) == value


# -- rules-literal: a win/lose search that knows no Grundy theory ----------------------


def literal_moves(position: frozenset):
    """Every move (i, j, a, b) in scan order, with the set of heads it leaves."""
    for i, j in sorted(position):
        for a, b in cartesian(range(i), range(j)):
            flips = {(r, c) for r in (a, i) for c in (b, j) if r and c}
            yield (i, j, a, b), position ^ flips


@lru_cache(maxsize=None)
def literal_wins(position: frozenset) -> bool:
    """The player to move wins iff some move leaves a position where the mover loses."""
    return any(not literal_wins(after) for _, after in literal_moves(position))


@pytest.mark.parametrize("rows,cols", [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_against_win_lose_search(rows, cols):
    cells = [(i, j) for i in range(1, rows + 1) for j in range(1, cols + 1)]
    for mask in range(1 << len(cells)):
        heads = frozenset(c for k, c in enumerate(cells) if mask >> k & 1)
        winning = [m for m, after in literal_moves(heads) if not literal_wins(after)]
        array = np.zeros((rows, cols), dtype=np.uint8)
        for i, j in heads:
            array[i - 1, j - 1] = 1
        result = analyse(array)
        assert result.move == (winning[0] if winning else None)
        assert result.winning_moves == len(winning)


# -- parsing and bad input ------------------------------------------------------------------


def test_parse_tolerates_blank_lines_and_crlf():
    boards = parse(b"\n2 3\r\n101\r\n\r\n010\r\n\n\n1 1\n1")
    assert [b.heads.tolist() for b in boards] == [[[1, 0, 1], [0, 1, 0]], [[1]]]
    assert [b.line for b in boards] == [2, 8]


def test_analyse_rejects_bad_shapes():
    from grundy.errors import GrundyError

    for shape in ((0, 3), (3, 4097), (5,), (2, 2, 2)):
        with pytest.raises(GrundyError, match="R x C"):
            analyse(np.zeros(shape, dtype=np.uint8))


def test_biggest_board_accepted():
    heads = np.zeros((4096, 4096), dtype=np.uint8)
    heads[4095, 4095] = 1
    result = analyse(heads)
    assert result.value == nim_mul(4096, 4096) and result.move is not None


@pytest.mark.parametrize("data,line,words", [
    ("2 3\n101\n01\n", 3, "row 2 of the board of line 1 has 2 characters, expected 3"),
    ("2 3\n101\n0101\n", 3, "4 characters"),
    ("2 2\n10\n0x\n", 3, "'x' at column 2"),
    ("2 2\n10\n\n0 1 1\n", 4, "3 characters"),
    ("3 2\n10\n01\n", 3, "has 3 rows, found only 2"),
    ("2 2\n10\n01\n2 2\n11\n", 5, "found only 1"),
    ("0 3\n", 1, "R = 0 is out of range"),
    ("3 4097\n", 1, "C = 4097 is out of range"),
    ("3 x\n", 1, "C must be an integer"),
    ("-1 2\n", 1, "R must be an integer"),
    ("2.5 1\n", 1, "R must be an integer"),
    ("1 1 1\n1\n", 1, "two integers"),
    ("1 1\n1\nthe end\n", 3, "R must be an integer in the header 'R C', got 'the'"),
    ("1 1\n1\n7\n", 3, "two integers"),
    ("", 1, "empty input"),
    ("\n \n", 1, "empty input"),
    ("1 2\n1\xe9\n", 2, "column 2"),
])
def test_bad_input(data, line, words, tmp_path, capsys):
    with pytest.raises(InputError) as info:
        solve(data.encode("latin-1"))
    assert info.value.line == line and words in info.value.message
    # the CLI's own error path, in-process (a subprocess per case would cost seconds)
    path = tmp_path / "bad.in"
    path.write_bytes(data.encode("latin-1"))
    assert run(["solve", "coins", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"grundy: error: line {line}: ") and err.count("\n") == 1
    assert words in err


@pytest.mark.parametrize("data", ["2 3\n101\n01\n", "1 1\n1\n7\n", ""])
def test_bad_input_through_cli_subprocess(cli, data):
    r = cli("solve", "coins", input=data)
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1
    assert r.err.startswith("grundy: error: line ")


def test_top_bit_is_bit_length_minus_one():
    a = np.concatenate([np.arange(1, 70000), (1 << np.arange(40)) - 1, 1 << np.arange(40)])
    a = a[a > 0]
    assert _top_bit(a).tolist() == [int(v).bit_length() - 1 for v in a]


@pytest.mark.skipif(not SEED.is_file(), reason="needs ../shared/reference/coins.cpp, the seed program")
@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ to compile the seed program")
def test_blanks_between_cells_are_allowed_as_the_seed_allows_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    binary = tmp_path / "coins"
    subprocess.run(["g++", "-O2", "-o", str(binary), str(SEED)], check=True)
    rng = np.random.default_rng(21)
    compact, spaced = [], []
    for _ in range(60):
        rows, cols = (int(x) for x in rng.integers(1, 8, 2))
        heads = rng.integers(0, 2, (rows, cols))
        compact.append(f"{rows} {cols}\n" + "".join("".join(map(str, r)) + "\n" for r in heads))
        spaced.append(f"{rows} {cols}\n" + "".join(" ".join(map(str, r)) + " \t\r\n" for r in heads))
    data = "".join(spaced).encode()
    theirs = subprocess.run([str(binary)], input=data, capture_output=True, check=True).stdout
    assert solve(data).encode() == theirs == solve("".join(compact).encode()).encode()
