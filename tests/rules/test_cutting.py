"""The cutting games: rulesets, fast tables and winning cuts, each against a slower truth."""

from __future__ import annotations

import io
import random
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy.engine import Sum
from grundy.rules.cutting import (
    Cutting,
    Split,
    compute_split_grid,
    cutting_grid,
    split_grid,
    strip_values,
    winning_cuts,
)
from support import ROOT

SMALL = 8


# -- the truths: rules played literally, no Grundy theory ------------------------------


def _cut(pieces: tuple, k: int, piece: tuple[int, int]) -> list[tuple[tuple, tuple]]:
    """Every (new pieces, the two halves) from cutting ``piece`` (index ``k``) once."""
    n, m = piece
    rest = pieces[:k] + pieces[k + 1:]
    halves = [((i, m), (n - i, m)) for i in range(1, n)] + [((n, j), (n, m - j)) for j in range(1, m)]
    return [(tuple(sorted(rest + h)), h) for h in halves]


@lru_cache(maxsize=None)
def split_wins(pieces: tuple) -> bool:
    """Split Game literally: the player who cuts out 1x1 loses; no cut at all loses too."""
    for k, piece in enumerate(pieces):
        for after, halves in _cut(pieces, k, piece):
            if (1, 1) in halves:
                continue  # this cut loses at once
            if not split_wins(after):
                return True
    return False


@lru_cache(maxsize=None)
def cutting_wins(pieces: tuple) -> bool:
    """Cutting Game literally: the player who cuts out 1x1 wins at once."""
    for k, piece in enumerate(pieces):
        for after, halves in _cut(pieces, k, piece):
            if (1, 1) in halves or not cutting_wins(after):
                return True
    return False


def scalar_table(game, size: int) -> np.ndarray:
    """Values straight from the definition: mex over the legal cuts, smallest area first."""
    t = np.zeros((size + 1, size + 1), dtype=np.int64)
    cells = sorted(((n, m) for n in range(1, size + 1) for m in range(1, size + 1)),
                   key=lambda c: c[0] * c[1])
    for n, m in cells:
        if min(n, m) < game.first_index:
            continue
        t[n, m] = grundy.mex({t[a] ^ t[b] for a, b in game.cuts(n, m)})
    return t


# -- Split Game --------------------------------------------------------------------------


def test_split_table_matches_engine_up_to_8x8():
    game = Split()
    expected = [[grundy.value(game, (n, m)) for m in range(1, SMALL + 1)] for n in range(1, SMALL + 1)]
    assert Split().table(SMALL, SMALL).tolist() == expected


def test_split_engine_matches_literal_play_on_small_papers():
    game = Split()
    checked = 0
    for n in range(1, 7):
        for m in range(1, 7):
            if 1 < n * m <= 30:
                assert (grundy.value(game, (n, m)) != 0) == split_wins(((n, m),)), (n, m)
                checked += 1
    assert checked > 20


def test_split_sums_match_literal_play():
    """Several pieces at once: the literal winner is the one the XOR of table values says."""
    grid = split_grid(8)
    rng = random.Random(2)
    for _ in range(40):
        pieces = tuple(sorted((rng.randint(1, 4), rng.randint(1, 4)) for _ in range(rng.randint(2, 3))))
        if (1, 1) in pieces:
            continue
        xor = 0
        for n, m in pieces:
            xor ^= int(grid[n, m])
        assert (xor != 0) == split_wins(pieces), pieces


def test_split_kernel_matches_definition_up_to_60():
    assert np.array_equal(compute_split_grid(60)[1:, 1:], scalar_table(Split(), 60)[1:, 1:])


def test_split_kernel_extends_a_smaller_grid():
    whole = compute_split_grid(120)
    assert np.array_equal(compute_split_grid(120, start=compute_split_grid(45)), whole)
    assert np.array_equal(whole, whole.T)


def test_shipped_split_table_is_the_kernel_output_byte_for_byte():
    shipped = Path(grundy.__file__).parent / "rules" / "data" / "split.npy"
    buffer = io.BytesIO()
    np.save(buffer, compute_split_grid(150)[1:, 1:])
    assert buffer.getvalue() == shipped.read_bytes()


def test_split_row_one_is_the_strip():
    assert np.array_equal(split_grid(150)[1, 2:], strip_values(150)[2:])


def test_strip_is_dawsons_kayles_shifted_by_two():
    from grundy.catalog import find

    dawson = find("dawsons-kayles")
    expected = [grundy.value(dawson, n) for n in range(80)]
    assert strip_values(81)[2:].tolist() == expected


# -- Cutting Game ------------------------------------------------------------------------


def test_cutting_table_matches_engine_up_to_8x8():
    game = Cutting()
    expected = [[grundy.value(game, (n, m)) for m in range(2, SMALL + 2)] for n in range(2, SMALL + 2)]
    assert Cutting().table(SMALL, SMALL).tolist() == expected


def test_cutting_closed_form_matches_definition_up_to_70():
    assert np.array_equal(cutting_grid(70)[2:, 2:], scalar_table(Cutting(), 70)[2:, 2:])


def test_cutting_reduction_proved_on_small_papers():
    """The reduced game (cuts leave both pieces >= 2 wide) has the literal game's winner.

    Every position reachable from the papers up to area 24 whose pieces are all at
    least 2x2 is compared, so sums of pieces are covered, not only single papers.
    """
    grid = cutting_grid(16)
    papers = [((w, h),) for w in range(2, 16) for h in range(2, 16) if w * h <= 24]
    compared = 0
    for pieces in _reachable(papers):
        if all(min(p) >= 2 for p in pieces):
            xor = 0
            for n, m in pieces:
                xor ^= int(grid[n, m])
            assert (xor != 0) == cutting_wins(pieces), pieces
            compared += 1
    assert compared > 150


def _reachable(starts: list[tuple]) -> set[tuple]:
    """Every position reachable from ``starts`` by cuts that leave no 1x1 piece."""
    seen: set[tuple] = set()
    stack = list(starts)
    while stack:
        pieces = stack.pop()
        if pieces in seen:
            continue
        seen.add(pieces)
        for k, piece in enumerate(pieces):
            stack.extend(after for after, halves in _cut(pieces, k, piece) if (1, 1) not in halves)
    return seen


# -- winning cuts ------------------------------------------------------------------------


@pytest.mark.parametrize("game", [Split(), Cutting()], ids=["split", "cutting"])
def test_winning_cuts_are_the_engines_winning_moves(game):
    f = game.first_index
    for n in range(f, SMALL + 1):
        for m in range(f, SMALL + 1):
            if n * m == 1:
                continue
            cuts = winning_cuts(game, n, m)
            assert [Sum(a, b) for a, b in cuts] == grundy.winning_moves(game, (n, m))
            for a, b in cuts:
                assert grundy.value(game, Sum(a, b)) == 0
            assert (len(cuts) > 0) == (grundy.value(game, (n, m)) != 0)


def test_winning_cuts_count_by_brute_force_on_larger_papers():
    game = Split()
    grid = split_grid(40)
    rng = random.Random(5)
    for _ in range(60):
        n, m = rng.randint(1, 40), rng.randint(2, 40)
        count = sum(1 for a, b in game.cuts(n, m) if grid[a] == grid[b])
        assert len(winning_cuts(game, n, m)) == count


# -- the seed program --------------------------------------------------------------------

SEED = ROOT.parent / "shared" / "reference" / "split.cpp"


@pytest.mark.skipif(not SEED.is_file() or shutil.which("g++") is None,
                    reason="needs the seed program and g++")
def test_split_agrees_with_the_seed_program(tmp_path):
    binary = tmp_path / "split"
    subprocess.run(["g++", "-O2", "-o", str(binary), str(SEED)], check=True)
    rng = random.Random(7)
    queries = [(rng.randint(1, 150), rng.randint(1, 150)) for _ in range(400)]
    queries = [(n, m) for n, m in queries if n * m > 1]
    data = "".join(f"{n} {m}\n" for n, m in queries).encode()
    seed = subprocess.run([str(binary)], input=data, capture_output=True, check=True).stdout
    from grundy.formats import Options, solve

    assert solve("split", data, Options()).encode() == seed
