"""Genus (Winning Ways ch. 13) against its definition, computed here by a plain recursion,
and misère nim's genus by Bouton's misère rule."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from grundy import Game, GrundyError, Sum, find
from grundy.misere.genus import Genus, genus, heap_genera
from brute import mex
from support import assert_one_line_error

GAMES = ["0.77", "0.07", "0.75", "0.137", "0.6", "0.51", "0.15", "0.53", "4.07", "sub:1,2",
         "sub:1,3,4", "grundys-game", "allbut:1"]


class PlainNim(Game):  # no misère shortcut: everything by the search
    def options(self, n: int) -> range:
        return range(n)


def plain(game: Game):  # type: ignore[no-untyped-def]
    """Normal and misère values by the definitions: a state is a sorted tuple of
    ("g", heap) parts of the game and ("n", k) nim heaps."""
    def heaps_of(option: object) -> tuple[int, ...]:
        parts = option.parts if isinstance(option, Sum) else (option,)
        return tuple(p for p in parts)

    def moves(state: tuple[tuple[str, int], ...]) -> list[tuple[tuple[str, int], ...]]:
        out = []
        for i, (kind, n) in enumerate(state):
            rest = state[:i] + state[i + 1:]
            if kind == "g":
                options = [tuple(("g", h) for h in heaps_of(o)) for o in game.options(n)]
            else:
                options = [(("n", k),) for k in range(n)]
            out += [tuple(sorted(rest + o)) for o in options]
        return out

    @lru_cache(maxsize=None)
    def normal(state: tuple[tuple[str, int], ...]) -> int:
        return mex({normal(s) for s in moves(state)})

    @lru_cache(maxsize=None)
    def misere(state: tuple[tuple[str, int], ...]) -> int:
        options = moves(state)
        return 1 if not options else mex({misere(s) for s in options})

    return normal, misere


@pytest.mark.parametrize("name", GAMES)
def test_genus_of_heaps_follows_the_definition(name: str) -> None:
    game = find(name)
    normal, misere = plain(game)
    rows = heap_genera(game, 10)
    for n, (g, _) in enumerate(rows):
        state = (("g", n),)
        assert g.normal == normal(state), (name, n)
        for k in range(1, len(g.exponent) + 5):  # past the symbol: the tail repeats
            assert g.entry(k) == misere(state + (("n", 2),) * (k - 1)), (name, n, k, str(g))


@pytest.mark.parametrize("name", GAMES)
def test_tame_heaps_play_as_misere_nim(name: str) -> None:
    """A sum of heaps marked tame: its outcome by the plain search is Bouton's misère rule
    on the normal values; and "tame" is a nim heap's genus all the way down."""
    game = find(name)
    normal, misere = plain(game)
    rows = heap_genera(game, 10)
    tame = [n for n, (_, t) in enumerate(rows) if t]
    for n, (g, t) in enumerate(rows):
        nim = genus(PlainNim(), g.normal)
        reach = {p for o in game.options(n) for p in (o.parts if isinstance(o, Sum) else (o,))}
        assert t == (g.exponent == nim.exponent and all(rows[p][1] for p in reach))
    rng = random.Random(name)
    for _ in range(30):
        parts = tuple(sorted(rng.choice(tame) for _ in range(rng.randint(1, 4))))
        values = [normal((("g", p),)) for p in parts]
        total = 0
        for v in values:
            total ^= v
        bouton = ("P" if total == 0 else "N") if max(values) > 1 else \
            ("P" if sum(values) % 2 else "N")
        assert (misere(tuple(("g", p) for p in parts)) == 0) == (bouton == "P"), parts


def test_misere_nim_genus_by_boutons_rule() -> None:
    """*n + 2 + ... + 2 (k - 1 twos) in misère nim: with a heap of 2 or more its misère
    value is the nim sum, else the nim sum plus one (Bouton's misère rule)."""
    for n in range(9):
        g = genus(PlainNim(), n)
        for k in range(1, 9):
            heaps = [n] + [2] * (k - 1)
            total = 0
            for h in heaps:
                total ^= h
            expected = total if max(heaps) >= 2 else total ^ 1
            assert g.entry(k) == expected, (n, k)
        assert g.tame and g == genus(find("nim"), n)
    assert [str(genus(PlainNim(), n)) for n in range(4)] == ["0^120", "1^031", "2^20", "3^31"]
    assert str(genus(PlainNim(), Sum(2, 2))) == "0^02"  # 2 + 2: misère value 0, not tame


def test_winning_ways_kayles_genera() -> None:
    """Winning Ways, ch. 13 (Kayles): heap 5 is 4^146, the first wild heap."""
    rows = heap_genera(find("kayles"), 10)
    assert [str(g) for g, _ in rows[:6]] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    assert [t for _, t in rows[:6]] == [True] * 5 + [False]


def test_the_symbol_parses_back() -> None:
    for name in ("0.77", "0.07"):
        for g, _ in heap_genera(find(name), 12):
            assert Genus.parse(str(g)) == g
    assert Genus.parse("12^(3,14)") == Genus(12, (3, 14))
    with pytest.raises(GrundyError, match="not a genus"):
        Genus.parse("4-146")


def test_genus_command(cli) -> None:  # type: ignore[no-untyped-def]
    out = cli("genus", "kayles", "-n", "7").out.splitlines()
    assert out[5].split() == ["5", "4^146", "wild"] and out[0].split() == ["0", "0^120", "tame"]
    rows = json.loads(cli("genus", "0.07", "-n", "5", "--json").out)
    assert [r["genus"] for r in rows] == [str(genus(find("0.07"), n)) for n in range(5)]
    assert cli("genus", "kayles", "3", "4").out.strip() == \
        f"{genus(find('kayles'), Sum(3, 4))}  (tame genus)"
    assert_one_line_error(cli("genus", "split", "-n", "3"), "give a POSITION")
    assert_one_line_error(cli("genus", "kayles", "-n", "1000"), "1000")
    assert_one_line_error(cli("genus", "kayles", "x"), "heap size")


# -- the genus list has one budget ---------------------------------------------------------


def test_the_genus_list_has_one_budget(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A genus past its time drops the game's memo (freed at once, not at the exit)."""
    from grundy.misere import genus as genus_module

    game = find("cram")
    with pytest.raises(GrundyError, match="needs more than 0.3 s"):
        genus_module.genus(game, game.parse_position("8x8"), 0.3)
    assert "genus" not in (game._grundy_memos or {})
