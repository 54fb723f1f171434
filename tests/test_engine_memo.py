"""The one owner of a game's memos (:meth:`grundy.Game.memo` / :meth:`~grundy.Game.forget`):
each kind apart, none carried by a copy or a pickle, and no module but the engine writing
into a game's ``__dict__`` for a memo."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import pytest

from grundy import Game, misere_outcome, value
from grundy.catalog import take_and_break
from grundy.play.misere.search import forget_misere

SRC = Path(__file__).resolve().parents[1] / "src" / "grundy"


class Nim(Game):
    def options(self, n: int) -> list[int]:
        return list(range(n))


class Sub12(Game):
    """Take 1 or 2: in misère play the player to move loses exactly at n = 1 (mod 3) (no
    move at 0: the opponent moved last and lost).  Not a heap game: searched."""

    def options(self, n: int) -> list[int]:
        return [n - k for k in (1, 2) if k <= n]


def test_forgetting_one_kind_leaves_the_others() -> None:
    game = Nim()
    game.memo("a")["x"] = 1
    game.memo("b")["y"] = 2
    value(game, 5)
    game.forget("a")
    assert game.memo("a") == {} and game.memo("b") == {"y": 2}
    assert game.cache[5] == 5  # the Grundy values are not a kind: they stay
    game.forget("no such kind")  # nothing to drop: no error
    game.forget()
    assert game.memo("b") == {} and game.cache[5] == 5


def test_a_memo_is_the_same_dict_until_forgotten() -> None:
    game = Nim()
    memo = game.memo("k")
    assert game.memo("k") is memo
    game.forget("k")
    assert game.memo("k") is not memo


def test_copies_and_pickles_start_empty() -> None:
    game = take_and_break("0.77")  # a game of its own (find's may carry a kernel: no pickle)
    game.memo("mine")["x"] = 1
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other == game
        assert other._grundy_memos is None and other.memo("mine") == {}
    assert game.memo("mine") == {"x": 1}  # the original keeps its own
    searched = Sub12()
    assert misere_outcome(searched, 7) == "P"
    assert searched.memo("misere")
    assert copy.copy(searched).memo("misere") == {}


def test_forget_misere_drops_the_search_and_the_genera_only() -> None:
    game = Sub12()
    assert misere_outcome(game, 9) == "N"
    game.memo("genus")["x"] = 1
    game.memo("loopy")["y"] = 2
    forget_misere(game, larger_than=10**9)  # a small memo stays
    assert game.memo("misere")
    forget_misere(game, larger_than=0)  # a memo past the size goes, alone
    assert game.memo("misere") == {} and game.memo("genus") == {"x": 1}
    assert [misere_outcome(game, n) for n in range(12)] == \
        ["P" if n % 3 == 1 else "N" for n in range(12)]
    forget_misere(game)
    assert game.memo("misere") == {} and game.memo("genus") == {}
    assert game.memo("loopy") == {"y": 2}


def test_no_module_writes_a_memo_into_a_games_dict() -> None:
    """Only the engine does (``memo``); a rule family keeps what it computed there too, not
    in its own ``self.__dict__`` (where a copy or a pickle would carry it: a kernel module
    cannot be pickled at all)."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "engine.py" and path.parent == SRC:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            owner = r"(game|self)" if path.parent.name == "rules" else "game"
            if re.search(rf"\b{owner}\.__dict__\b", line) and "catalog_name" not in line:
                offenders.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not offenders, offenders


@pytest.mark.parametrize("name", ["kayles", "0.137", "sub:1,3,4", "grundys-game", "split",
                                  "0.3F"])
def test_a_game_with_its_kernel_built_pickles_and_starts_afresh(name: str) -> None:
    """A rule family's kernel and values live in a memo: a pickle carries the rules, not
    them, and the copy computes the same values."""
    from grundy.catalog import find

    game = find(name)
    at = (7, 9) if name == "split" else 60
    before = value(game, at)
    assert game.memo("kernel")
    thawed = pickle.loads(pickle.dumps(game))
    assert thawed.memo("kernel") == {}
    assert value(thawed, at) == before
