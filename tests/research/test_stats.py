"""Sequence statistics (largest value, rare/common split) against a brute force and the
published tables."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import GrundyError
from grundy.rules.heap import TakeAndBreak
from grundy.research.stats import SequenceStats, hadamard, sequence_stats


def brute_stats(values: list[int]) -> tuple[int, int, int, int, int | None]:
    """The definition, mask by mask: the fewest heaps with popcount(v & mask) even."""
    largest = max(values)
    best_mask, best_rare = 0, None
    for mask in range(1 << largest.bit_length()):
        rare = [n for n, v in enumerate(values) if bin(v & mask).count("1") % 2 == 0]
        if best_rare is None or len(rare) < len(best_rare):
            best_mask, best_rare = mask, rare
    assert best_rare is not None
    last = best_rare[-1] if best_rare else None
    return largest, values.index(largest), best_mask, len(best_rare), last


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_matches_brute_force(values):
    s = sequence_stats(np.array(values, dtype=np.int64))
    assert (s.largest, s.largest_at, s.rare_mask, s.rare_count, s.last_rare) == brute_stats(values)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=40), st.sampled_from([np.int16, np.int32, np.uint8]))
def test_small_values_and_other_dtypes(values, dtype):
    s = sequence_stats(np.array(values, dtype=dtype))
    assert (s.largest, s.largest_at, s.rare_mask, s.rare_count, s.last_rare) == brute_stats(values)


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=16).map(lambda xs: xs[: 1 << (len(xs).bit_length() - 1)]))
def test_hadamard_is_the_definition(counts):
    size = len(counts)
    want = [sum(c * (-1) ** bin(v & m).count("1") for v, c in enumerate(counts)) for m in range(size)]
    assert hadamard(np.array(counts)).tolist() == want


def test_last_rare_found_across_chunks(monkeypatch):
    import grundy.research.stats as stats

    monkeypatch.setattr(stats, "_CHUNK", 3)
    values = [0] + [1] * 10 + [0] + [1] * 5  # rare (mask 1): heaps 0 and 11
    assert stats.sequence_stats(np.array(values)).last_rare == 11 == brute_stats(values)[4]
    assert stats.sequence_stats(np.array([1, 1, 1, 1, 3])).last_rare is None


# Czajka, octal-games, SolvedGames.md (github tczajka/octal-games): largest idx, largest,
# rare mask, num rare, last rare; each game computed to a power of two past its last rare
# value and its largest value (heap 0 counted).
PUBLISHED = [
    ("0.45", 37, 8, 0xF, 11, 198),
    ("0.156", 1032, 23, 0x1B, 15, 357),
    ("0.356", 86, 19, 0x1B, 7, 43),
    ("0.644", 333, 64, 0x7E, 31, 511),
    ("0.56", 22778, 64, 0x5B, 46, 1795),
]


@pytest.mark.parametrize("code, largest_at, largest, mask, rare_count, last_rare", PUBLISHED)
def test_published_rare_values(code, largest_at, largest, mask, rare_count, last_rare):
    n = 1 << (max(largest_at, last_rare).bit_length() + 1)
    s = sequence_stats(TakeAndBreak(code).sequence(n))
    assert s == SequenceStats(largest, largest_at, mask, rare_count, last_rare)


def test_as_dict_fields():
    assert list(sequence_stats(np.array([0, 1])).as_dict()) == [
        "largest", "largest_at", "rare_mask", "rare_count", "last_rare"]


@pytest.mark.parametrize("values, words", [
    (np.array([], dtype=np.int64), "at least one value"),
    (np.array([0, 2, -1]), "-1 at heap 2"),
    (np.array([[0, 1]]), "one-dimensional"),
    (np.array([0.5, 1.0]), "integers"),
    (np.array([0, 1 << 30]), "heap 1 has value 1073741824"),
])
def test_bad_values(values, words):
    with pytest.raises(GrundyError, match=words):
        sequence_stats(values)
