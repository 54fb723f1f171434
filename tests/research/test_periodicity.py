"""Periods of Grundy sequences: certified by theorems, exactly the published numbers."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import GrundyError
from grundy.catalog import find
from grundy.research.periodicity import Period, find_period, sequence
from grundy.rules.heap import AllBut, GrundysGame, Nim, Subtraction, TakeAndBreak
from support import golden_rows



def published_periods():
    rows = []
    for _, line in golden_rows("octal_periods.txt"):
        code, e, p = line.split()
        rows.append((code, int(e), int(p)))
    return rows


def test_kayles():
    r = find_period(find("kayles"))
    assert (r.period, r.preperiod, r.saltus, r.certified) == (12, 71, 0, True)
    assert "octal periodicity theorem" in r.describe()


def test_dawsons_kayles():
    r = find_period(TakeAndBreak("0.07"))
    assert (r.period, r.preperiod, r.certified) == (34, 53, True)


def test_subtraction_134():
    r = find_period(Subtraction({1, 3, 4}))
    assert (r.period, r.preperiod, r.saltus, r.certified) == (7, 0, 0, True)
    assert "window" in r.reason


def test_nim_saltus():
    r = find_period(Nim())
    assert (r.period, r.preperiod, r.saltus, r.certified) == (1, 0, 1, True)


@pytest.mark.parametrize("code, preperiod, period", published_periods())
def test_published_octal_periods(code, preperiod, period):
    r = find_period(TakeAndBreak(code))
    assert (r.preperiod, r.period, r.saltus, r.certified) == (preperiod, period, 0, True)


def test_certified_needs_enough_values():
    r = find_period(TakeAndBreak("0.177"), max_n=700)  # 2e + 2p + t = 1037 values needed
    assert not r.certified and (r.preperiod, r.period) == (497, 20)
    assert "1037" in r.reason and "observed" in r.describe()


@given(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_certified_periods_hold_far_beyond(d0, ds):
    game = TakeAndBreak(f"{d0}." + "".join(map(str, ds)))
    r = find_period(game, max_n=3000)
    if r.certified:
        g = game.sequence(3 * r.checked_to)
        e, p = r.preperiod, r.period
        assert (g[e + p :] == g[e:-p]).all()
        assert e == 0 or g[e - 1] != g[e - 1 + p]  # e is the least preperiod
        for d in range(1, p):  # and p the least period
            assert not (g[e + d :] == g[e:-d]).all()


@given(st.frozensets(st.integers(1, 8), min_size=1, max_size=4))
def test_subtraction_games_always_certify(moves):
    game = Subtraction(moves)
    r = find_period(game)
    assert r.certified
    g = game.sequence(r.checked_to + 500)
    assert (g[r.preperiod + r.period :] == g[r.preperiod : -r.period]).all()


def test_all_but_is_observed_with_saltus():
    r = find_period(AllBut({1, 2}))
    assert (r.preperiod, r.period, r.saltus, r.certified) == (0, 3, 1, False)
    assert "observed" in r.describe()


def test_grundys_game_has_no_period_found():
    r = find_period(GrundysGame(), max_n=3000)
    assert r.period is None and not r.certified and r.checked_to == 3000
    found = r.as_dict()
    assert {k: found[k] for k in list(found)[:5]} == {
        "preperiod": None, "period": None, "saltus": None, "certified": False, "checked_to": 3000}


def test_period_fields():
    r = Period(3, 4, 0, True, 100, "why")
    assert list(r.as_dict()) == ["preperiod", "period", "saltus", "certified", "checked_to",
                                 "largest", "largest_at", "rare_mask", "rare_count", "last_rare"]
    with pytest.raises(AttributeError):
        r.period = 5  # type: ignore[misc]


@pytest.mark.parametrize("name", ["kayles", "0.137", "sub:2,5,7", "0.177"])
def test_sequence_extends_by_the_period(name):
    n = 5000
    extended = sequence(find(name), n)
    computed = eval(repr(find(name))).sequence(n)  # noqa: S307 - a fresh copy
    assert extended.tolist() == computed.tolist()


def test_sequence_of_other_families():
    assert sequence(Nim(), 5).tolist() == [0, 1, 2, 3, 4]
    assert sequence(AllBut({1}), 6).tolist() == [0, 0, 1, 1, 2, 2]
    assert sequence(GrundysGame(), 8).tolist() == [0, 0, 0, 1, 0, 2, 1, 0]
    assert sequence(TakeAndBreak("0.77"), 0).tolist() == []


def test_not_heap_games_and_bad_counts():
    with pytest.raises(GrundyError, match="grundy table"):
        sequence(find("coins"), 5)
    with pytest.raises(GrundyError, match="grundy table"):
        find_period(find("split"))
    with pytest.raises(GrundyError):
        sequence(Nim(), -1)
    with pytest.raises(GrundyError):
        find_period(Nim(), 0)


def test_cli_period_and_sequence(cli):
    r = cli("period", "kayles", "--json")
    assert r.code == 0
    found = json.loads(r.out)
    assert {k: found[k] for k in list(found)[:5]} == {"preperiod": 71, "period": 12, "saltus": 0,
                                                      "certified": True, "checked_to": 256}
    # the research tables' statistics: Kayles' largest value is 8, first at heap 27
    assert (found["largest"], found["largest_at"]) == (8, 27)
    r = cli("period", "sub:1,3,4")
    assert r.code == 0 and r.out.startswith("period 7, preperiod 0, saltus 0 (certified")
    r = cli("sequence", "dawsons-kayles", "-n", "8", "--json")
    assert json.loads(r.out) == [0, 0, 1, 1, 2, 0, 3, 1]
    r = cli("sequence", "coins", "-n", "3")
    assert r.code == 2 and r.out == "" and "grundy table" in r.err


def test_long_sequences_are_cheap():
    g = sequence(TakeAndBreak("0.07"), 10**6)
    assert len(g) == 10**6 and g.dtype == np.int64
    assert (g[53 + 34 :] == g[53:-34]).all()


def test_sequences_need_heap_games_and_say_how() -> None:
    import grundy

    class Plain(grundy.Game):
        def options(self, n):  # type: ignore[no-untyped-def]
            return [n - k for k in (2, 5, 6) if k <= n]

    class Heap(grundy.HeapGame):
        def options(self, n):  # type: ignore[no-untyped-def]
            return [n - k for k in (2, 5, 6) if k <= n]

    with pytest.raises(grundy.GrundyError, match="subclass grundy.HeapGame"):
        grundy.sequence(Plain(), 5)
    with pytest.raises(grundy.GrundyError, match="two-dimensional game"):
        grundy.sequence(grundy.find("squares"), 5)
    assert grundy.sequence(Heap(), 12).tolist() == [grundy.value(Plain(), n) for n in range(12)]


@given(st.lists(st.integers(0, 3), max_size=50), st.lists(st.integers(0, 3), min_size=1,
       max_size=30), st.integers(0, 20000), st.integers(0, 2))
def test_preperiod_scan_matches_the_definition(head, pattern, length, s):
    """The chunked backward scan finds the least e as a plain scan over every n does, on
    sequences periodic (with saltus s) after a random head, over several chunks."""
    from grundy.rules.periods import preperiod

    p = len(pattern)
    tail = [pattern[i % p] + s * (i // p) for i in range(length)]
    g = np.array(head + tail, dtype=np.int64)
    if p >= len(g):
        return
    e = 0
    for n in range(len(g) - p):
        if g[n + p] != g[n] + s:
            e = n + 1
    assert preperiod(g, p, s) == e
