"""The period finder that reads the kernel's values in place: against plain searches written
here, on random eventually periodic arrays whose preperiod, period and saltus are known, and
on the octal games (the theorem's bound respected, the doubling stopping at the certificate)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from grundy import GrundyError
from grundy.research.periodicity import find_period
from grundy.rules.base import HeapGame
from grundy.rules.heap import GrundysGame, TakeAndBreak
from grundy.rules.periods import Certifier, Found, candidates, next_size, preperiod, search

TAIL = 16


def plain_candidates(g, saltus, longest=None, window=TAIL):
    """Every p (ascending) whose last m values repeat p earlier, by a Python loop."""
    n = len(g)
    if n < 2:
        return []
    m = min(window, n - n // 2)
    longest = n // 2 if longest is None else min(longest, n - m)
    out = []
    for p in range(1, longest + 1):
        s = int(g[n - 1]) - int(g[n - 1 - p]) if saltus else 0
        if all(int(g[i]) - int(g[i - p]) == s for i in range(n - m, n)):
            out.append((p, s))
    return out


def plain_preperiod(g, p, s):
    e = len(g) - p
    while e > 0 and int(g[e - 1 + p]) - int(g[e - 1]) == s:
        e -= 1
    return max(e, 0)


def primitive_block(rnd, p, k):
    """Random values of one period p whose rotations differ (p is the least period)."""
    while True:
        block = rnd.integers(0, max(k, 2), p)
        if all(not np.array_equal(block, np.roll(block, d)) for d in range(1, p) if p % d == 0):
            return block


def eventually_periodic(rnd, e, p, s, n, k=4):
    """n values, exactly preperiod e, least period p, saltus s (g[e-1] breaks the period)."""
    block = primitive_block(rnd, p, k)
    periodic = np.array([block[i % p] + s * (i // p) for i in range(n + p)], dtype=np.int64)
    g = np.empty(n, dtype=np.int64)
    g[e:] = periodic[: n - e]
    g[:e] = rnd.integers(0, k, e)
    if e:  # heap e - 1 must not follow the period
        g[e - 1] = g[e - 1 + p] - s + 1 + rnd.integers(0, 3)
        g[e - 1] = abs(g[e - 1])
        if g[e - 1] + s == g[e - 1 + p]:
            g[e - 1] += 1
    return g


def test_candidates_are_the_plain_ones_on_random_arrays():
    rnd = np.random.default_rng(20)
    for trial in range(400):
        n = int(rnd.integers(1, 260))
        k = int(rnd.integers(1, 5))
        if trial % 2:
            g = rnd.integers(0, k, n)
        else:
            e, p = int(rnd.integers(0, 40)), int(rnd.integers(1, 25))
            g = eventually_periodic(rnd, e, p, int(rnd.integers(0, 3)) if trial % 4 == 0 else 0,
                                    n + e + p, k)[:n]
        for saltus in (False, True):
            want = plain_candidates(g, saltus)
            for dtype in (np.int64, np.uint16):  # the kernel's own values: uint16, in place
                assert list(candidates(g.astype(dtype), saltus)) == want
            assert list(candidates(g, saltus, longest=n, window=40)) == \
                plain_candidates(g, saltus, longest=n, window=40)


def test_candidates_across_blocks_and_preperiod_streaming():
    import grundy.rules.periods as periods

    rnd = np.random.default_rng(7)
    g = eventually_periodic(rnd, 3000, 777, 0, 40000, k=3)
    old = periods._BLOCK
    try:
        periods._BLOCK = 1000  # many blocks: the joins between blocks are checked
        assert list(candidates(g, False, longest=39000)) == plain_candidates(g, False, 39000)
        assert preperiod(g.astype(np.uint16), 777, 0) == plain_preperiod(g, 777, 0) == 3000
    finally:
        periods._BLOCK = old


def test_search_finds_the_known_preperiod_period_and_saltus():
    rnd = np.random.default_rng(2020)
    rule = Certifier(lambda e, p: 2 * e + 2 * p + 1, "a test rule")
    for _ in range(150):
        e, p = int(rnd.integers(0, 60)), int(rnd.integers(1, 30))
        n = 2 * e + 2 * p + 1 + int(rnd.integers(0, 50))
        g = eventually_periodic(rnd, e, p, 0, n)
        assert search(g.astype(np.uint16), rule, saltus=False) == (Found(e, p, 0), None)
        assert search(g[: 2 * e + 2 * p], rule, saltus=False)[0] is None  # one value short
        # with a saltus: observed (no theorem), over three periods
        s = int(rnd.integers(1, 4))
        h = eventually_periodic(rnd, e, p, s, e + 3 * p + TAIL + 5)
        found, observed = search(h, None, saltus=True)
        assert found is None and observed == Found(e, p, s)


class Synthetic(HeapGame):
    """A heap game whose 'kernel' is a given array, certified by a given rule."""

    has_kernel = True

    def __init__(self, values, needed):
        self.values, self.needed = values, needed
        self.asked = []

    def options(self, n):  # pragma: no cover - never asked
        return []

    def kernel_values(self, n):
        self.asked.append(n)
        return self.values[:n]

    def kernel_sequence(self, n):  # pragma: no cover - never asked
        return self.values[:n].astype(np.int64)

    def certifier(self):
        return Certifier(self.needed, "a test rule")

    @property
    def bounded(self):  # type: ignore[override]
        return True


def test_growth_stops_at_the_certificate_length():
    rnd = np.random.default_rng(5)
    for _ in range(25):
        e, p = int(rnd.integers(0, 30000)), int(rnd.integers(50, 20000))
        need = 2 * e + 2 * p + 2
        g = eventually_periodic(rnd, e, p, 0, 3 * need, k=8).astype(np.uint16)
        game = Synthetic(g, lambda e, p: 2 * e + 2 * p + 2)
        r = find_period(game, max_n=len(g))
        assert (r.preperiod, r.period, r.certified) == (e, p, True)
        assert need <= r.checked_to <= max(1.1 * need, 256)


def test_next_size_is_a_lower_bound_of_the_certificate():
    rnd = np.random.default_rng(11)
    rule = Certifier(lambda e, p: 2 * e + 2 * p, "a test rule")
    for _ in range(40):
        e, p = int(rnd.integers(0, 2000)), int(rnd.integers(20, 1500))
        n = e + p + int(rnd.integers(TAIL + 1100, 3000))
        g = eventually_periodic(rnd, e, p, 0, n, k=6)
        fewest = next_size(g, rule, False)
        assert fewest is not None and fewest <= 2 * e + 2 * p


@pytest.mark.parametrize("code", ["0.16", "0.56", "0.07", "0.77", "0.137", "4.07", "0.15"])
def test_octal_certificates_respect_the_theorem_and_stop_at_its_length(code):
    game = TakeAndBreak(code)
    r = find_period(game, max_n=1 << 21)
    assert r.certified
    t = game.max_removed
    need = max(2 * r.preperiod + r.period + t, t + 1, r.preperiod + t) + r.period
    assert need <= r.checked_to <= max(1.1 * need, 256)  # the bound, and no overshoot
    g = TakeAndBreak(code).kernel_sequence(r.checked_to)
    e, p = r.preperiod, r.period
    assert (g[e + p :] == g[e:-p]).all() and (e == 0 or g[e - 1] != g[e - 1 + p])


def test_0_16_computes_the_values_its_certificate_needs():
    r = find_period(TakeAndBreak("0.16"))
    assert (r.preperiod, r.period) == (105351, 149459)  # Flammenkamp's table
    assert r.checked_to == 2 * 105351 + 2 * 149459 + 2  # 509,622: the certificate, exactly


class KernelCopy(TakeAndBreak):
    """The same code, searched through kernel_values (the search of old)."""

    @property
    def fills_in_place(self) -> bool:  # type: ignore[override]
        return False


@pytest.mark.parametrize("code", ["0.26", "0.35", "0.52", "0.71", "0.106"])
def test_in_place_search_agrees_with_the_kernel_copy(code):
    a = find_period(TakeAndBreak(code), max_n=1 << 18)
    b = find_period(KernelCopy(code), max_n=1 << 18)
    assert (a.preperiod, a.period, a.saltus, a.certified, a.stats) == \
        (b.preperiod, b.period, b.saltus, b.certified, b.stats)


def test_period_out_and_resume_keep_the_values(tmp_path):
    path = tmp_path / "gg.npy"
    first = find_period(GrundysGame(), max_n=3000, out=path)
    assert first.period is None and first.checked_to == 3000
    assert (path.parent / "gg.npy.part").exists()
    with pytest.raises(GrundyError, match="resume"):
        find_period(GrundysGame(), max_n=3000, out=path)  # a run is recorded there
    longer = find_period(GrundysGame(), max_n=9000, out=path, resume=True)
    plain = find_period(GrundysGame(), max_n=9000)
    assert longer.checked_to == plain.checked_to == 9000 and longer.stats == plain.stats
    values = np.load(path)
    assert (values[:9000] == GrundysGame().kernel_sequence(9000)).all()
    with pytest.raises(GrundyError, match="in place"):
        find_period(TakeAndBreak("0.fc"), out=tmp_path / "x.npy")


def test_cli_counts_and_limits(cli, tmp_path):
    r = cli("period", "0.16", "--max", "2^20", "--json")
    assert r.code == 0 and json.loads(r.out)["checked_to"] == 509622
    r = cli("period", "grundys-game", "--max", "10**4")
    assert r.code == 0 and "largest value" in r.out and "mask " in r.out
    for bad in ("2**40", "abc", "0"):
        r = cli("period", "0.16", "--max", bad)
        assert r.code == 2 and r.out == "" and r.err.startswith("grundy: error:")
    r = cli("period", "0.16", "--resume")
    assert r.code == 2 and "--out" in r.err
    out = tmp_path / "k.npy"
    r = cli("sequence", "kayles", "-n", "1e4", "--out", str(out))
    assert r.code == 0 and len(np.load(out)) == 10**4


def test_a_short_repetition_at_the_end_does_not_hide_the_period():
    # mostly zeros: the last values repeat with period 1 (and 2, 3, ...) over a run of
    # zeros, but only the true period holds from the preperiod
    rnd = np.random.default_rng(3)
    for _ in range(10):
        e, p = int(rnd.integers(100, 2000)), int(rnd.integers(500, 4000))
        n = 2 * e + 2 * p + int(rnd.integers(0, 100))
        block = (rnd.random(p) < 0.05) * rnd.integers(1, 40, p)
        block[-30:] = 0  # every copy of the period ends in a run of zeros
        block[0] = 7
        if any(np.array_equal(block, np.roll(block, d)) for d in range(1, p) if p % d == 0):
            continue
        g = np.zeros(n, dtype=np.int64)
        g[:e] = rnd.integers(0, 3, e)
        for start in range(e, n, p):
            g[start : start + p] = block[: n - start]
        g[e - 1] = g[e - 1 + p] + 1
        rule = Certifier(lambda e, p: 2 * e + 2 * p, "a test rule")
        assert search(g.astype(np.uint16), rule, saltus=False)[0] == Found(e, p, 0)
