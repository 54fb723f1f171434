"""Misère quotients: predictions against a plain misère search written here, published
orders, the presentation, certification, and the command."""

from __future__ import annotations

import itertools
import json
import random
from functools import partial

import pytest

from grundy import Game, GrundyError, Sum, find
from grundy.misere.quotient import Quotient, quotient, verify
from grundy.rules.base import HeapGame
from brute import sum_wins
from support import assert_one_line_error

#: (game, heaps computed): tame and wild, octal, subtraction, splitting and all-but games
GAMES = [("0.75", None), ("0.77", None), ("0.07", 14), ("0.15", 16), ("0.53", None),
         ("0.137", 14), ("0.6", 14), ("0.51", 14), ("0.1377", 14), ("4.07", 10),
         ("sub:1,2", None), ("sub:2,3", 14), ("grundys-game", 14), ("allbut:1", 10),
         ("nim", 6), ("0.4", 12), ("0.8", 12), ("0.f", 10)]


@pytest.mark.parametrize("name,heaps", GAMES)
def test_predictions_agree_with_a_plain_search(name: str, heaps: int | None) -> None:
    game = find(name)
    q = quotient(game, heaps=heaps, seconds=120)
    wins = partial(sum_wins, game, misere=True)  # misère wins, by the definition
    rng = random.Random(name)
    top = min(q.heaps, 14)
    every = [list(c) for k in (1, 2, 3)
             for c in itertools.combinations_with_replacement(range(1, top + 1), k)]
    for parts in every + [[rng.randint(0, top) for _ in range(rng.randint(4, 6))]
                          for _ in range(60)]:
        while sum(parts) > 30:
            parts.pop()
        expected = "N" if wins(tuple(sorted(p for p in parts if p))) else "P"
        assert q.outcome(parts) == expected, (name, parts)
        moves = q.part_winning_moves(game, parts)
        for i, o in moves:
            after = parts[:i] + [p for p in (o.parts if isinstance(o, Sum) else (o,))] \
                + parts[i + 1:]
            assert not wins(tuple(sorted(p for p in after if p))), (name, parts, i, o)
        if expected == "N" and any(game.options(p) for p in parts):
            assert moves, (name, parts)


class TakeOneOrHalve(HeapGame):
    """A user's ruleset: take one token, or split an even heap into two equal halves."""

    def options(self, n: int) -> list[object]:
        out: list[object] = [n - 1] if n else []
        if n >= 2 and n % 2 == 0:
            out.append(Sum(n // 2, n // 2))
        return out


def test_a_users_ruleset() -> None:
    game = TakeOneOrHalve()
    q = quotient(game, heaps=16)
    assert not q.certified and q.heaps == 16  # no theorem covers it: partial
    wins = partial(sum_wins, game, misere=True)  # misère wins, by the definition
    for parts in itertools.combinations_with_replacement(range(1, 17), 3):
        assert q.outcome(parts) == ("N" if wins(tuple(sorted(parts))) else "P"), parts


def test_published_orders() -> None:
    """Plambeck (2005): the quotient of 0.75 has 8 elements; Plambeck & Siegel (2008):
    Dawson's Kayles restricted to heaps up to 30 has 360."""
    q = quotient(find("0.75"))
    assert (q.order, len(q.p_portion), q.certified) == (8, 2, True)
    assert q.presentation == "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>"
    assert "periodicity theorem" in (q.theorem or "")
    q30 = quotient(find("0.07"), heaps=30, seconds=300)
    assert (q30.heaps, q30.order, q30.certified, q30.stopped) == (30, 360, False, "heaps")


def test_kayles_is_certified() -> None:
    q = quotient(find("kayles"))
    assert q.certified and q.order == 40 and len(q.p_portion) == 9
    assert (q.preperiod, q.period) == (71, 12)
    assert q.heaps + 1 >= 2 * q.preperiod + 2 * q.period + 2 + 2  # the theorem's range
    for h in range(q.heaps + 1, q.heaps + 50):  # past the heaps computed: by the period
        assert q.heap_element(h) == q.heap_element(h - 12)
    assert verify(find("kayles"), q)


def test_a_wrong_quotient_fails_its_verification() -> None:
    game = find("0.75")
    q = quotient(game)
    data = q.as_dict()
    data["P"] = data["P"][1:]  # one P-position forgotten
    assert not verify(game, Quotient.from_dict(data))
    data = q.as_dict()
    data["phi"][3] = data["phi"][2]  # heap 3 pretends to be heap 2
    assert not verify(game, Quotient.from_dict(data))
    assert verify(game, Quotient.from_dict(q.as_dict()))


def test_partial_quotients_stop_at_their_budget() -> None:
    q = quotient(find("0.07"), heaps=12)
    assert not q.certified and q.heaps == 12 and q.stopped == "heaps"
    with pytest.raises(GrundyError, match="past the partial"):
        q.outcome([13])
    t = quotient(find("0.07"), seconds=0.5)
    assert not t.certified and t.stopped == "time"


def test_bad_input() -> None:
    with pytest.raises(GrundyError, match="heap games"):
        quotient(find("split"))

    class Loop(HeapGame):
        def options(self, n: int) -> list[int]:
            return [n] if n else []

    with pytest.raises(GrundyError, match="not a sum of smaller heaps"):
        quotient(Loop(), heaps=3).heaps  # noqa: B018
    with pytest.raises(GrundyError, match="--heaps"):
        quotient(find("0.75"), heaps=10**9)
    with pytest.raises(GrundyError, match="--time"):
        quotient(find("0.75"), seconds=0)


def test_quotient_command(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    text = cli("quotient", "0.75").out
    assert "certified by the periodicity theorem for misère quotients" in text
    assert "order |Q| = 8, |P| = 2" in text and "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>" in text
    assert (tmp_path / "quotients" / "0.75.json").is_file()
    data = json.loads(cli("quotient", "kayles", "--json").out)
    assert data["certified"] and data["order"] == 40 and data["period"] == 12
    partial = cli("quotient", "0.07", "--heaps", "20").out
    assert "partial, Q_20" in partial and "not certified" in partial
    assert_one_line_error(cli("quotient", "split"), "heap games")
    assert_one_line_error(cli("quotient", "0.75", "--heaps", "-1"), "--heaps")
    assert_one_line_error(cli("quotient", "0.75", "--time", "0"), "--time")


def test_the_json_without_its_table(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    whole = json.loads(cli("quotient", "0.07", "--heaps", "25", "--json").out)
    short = json.loads(cli("quotient", "0.07", "--heaps", "25", "--json", "--no-table").out)
    assert len(whole["table"]) == whole["order"] == 144 and "table" not in short
    assert short == {key: item for key, item in whole.items() if key != "table"}
    assert_one_line_error(cli("quotient", "0.75", "--no-table"), "--no-table goes with --json")


def test_least_words_are_the_least_by_brute_force() -> None:
    """The one search of least words (the solver's least sums, a quotient's normal forms)
    against every word of small exponents, ordered with the last generator's count first."""
    from grundy.misere.monoid import Table, cyclic, least_words

    rng = random.Random(11)
    for _ in range(30):
        a, b = cyclic(rng.randint(1, 3), rng.randint(1, 3)), cyclic(rng.randint(1, 3),
                                                                  rng.randint(1, 3))
        n = a.n * b.n  # the product, written out: (i, j) -> i * b.n + j
        rows = [[(a[x // b.n, y // b.n]) * b.n + b[x % b.n, y % b.n] for y in range(n)]
                for x in range(n)]
        table = Table.from_rows(rows)
        gens = [rng.randrange(n) for _ in range(rng.randint(1, 3))]
        best: dict[int, tuple[int, ...]] = {}
        for word in itertools.product(range(n + 1), repeat=len(gens)):
            x = 0
            for g, e in zip(gens, word):
                for _ in range(e):
                    x = rows[x][g]
            if x not in best or word[::-1] < best[x][::-1]:
                best[x] = word
        assert least_words(table, gens) == best, (gens, rows)


# -- a cached quotient's verification is bounded; misère nim's quotient --------------------

from grundy.misere.quotient import Unverified


def test_the_verification_of_a_cached_quotient_is_bounded() -> None:
    game = find("0.07")
    q = quotient(game, heaps=30)
    assert verify(game, q, 60)
    with pytest.raises(Unverified, match="not verified within"):
        verify(game, q, 1e-9)


def test_nims_partial_quotient_says_it_is_infinite(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    out = cli("quotient", "nim", "--heaps", "70").out.splitlines()
    assert "partial" in out[0]
    assert "every power of two" in out[1] and "infinite" in out[1]
    assert any("this is nim" in line and "Bouton" in line for line in out[1:4])
    # the note follows the growth, checked here against misère nim's own quotients: at heap
    # 2^j it has 2^(j+1) + 2 elements (two heaps of 2 or more are apart, and more)
    q = quotient(find("nim"), heaps=70)
    assert [h for h, _, _ in q.changes] == [1, 2, 4, 8, 16, 32, 64]
    assert q.nim_like_growth() == 6
    assert quotient(find("kayles")).nim_like_growth() is None
    plain = cli("quotient", "0.07", "--heaps", "20").out
    assert "power of two" not in plain
