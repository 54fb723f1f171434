"""The conjunctive, continued conjunctive and selective compounds against a plain search
of each compound, written here: positions are tuples of the parts' own positions, moved
by the compound's rule, normal and misère play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any

import pytest

import grundy
from grundy import Game, GrundyError, Nim, Subtraction, find
from grundy.play.compounds import analyze_compound, compound_outcome, compound_winning_moves
from support import assert_one_line_error


# -- the parts' games, written out again: a position is a hashable state of one part ---

def kayles_moves(rows: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Kayles on rows of pins: knock down one pin or two adjacent ones."""
    out = []
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                out.append(tuple(sorted(rest + tuple(x for x in (left, right) if x))))
    return out


def nim_moves(n: int) -> list[int]:
    return list(range(n))


def sub123_moves(n: int) -> list[int]:
    return [n - k for k in (1, 2, 3) if k <= n]


GRAPH = {0: [], 1: [0], 2: [1], 3: [0, 2], 4: [1, 3], 5: [2, 4, 0], 6: [5], 7: [6, 3]}


class SmallGraph(Game):
    """A game graph: a token moves along an edge."""

    def options(self, v: int) -> list[int]:
        return GRAPH[v]


# each family: the library's game, its positions (as the library takes them), and the
# plain game: (its start from a library position, its moves)
FAMILIES: dict[str, tuple[Game, list[Any], Callable[[Any], Any], Callable[[Any], list[Any]]]] = {
    "kayles": (find("kayles"), list(range(7)), lambda n: (n,) if n else (), kayles_moves),
    "nim": (Nim(), list(range(5)), lambda n: n, nim_moves),
    "sub123": (Subtraction((1, 2, 3)), list(range(9)), lambda n: n, sub123_moves),
    "graph": (SmallGraph(), list(GRAPH), lambda v: v, GRAPH.__getitem__),
}


def plain_moves(compound: str, state: tuple[Any, ...],
                moves: Callable[[Any], list[Any]]) -> list[tuple[Any, ...]]:
    """The compound's move rule, from its definition."""
    options = [moves(s) for s in state]
    if compound == "conjunctive":  # every part moves; none can when one cannot
        return list(product(*options)) if all(options) else []
    if compound == "continued":  # every part that can move moves
        return [] if not any(options) else list(product(*(o or [s] for s, o in
                                                            zip(state, options))))
    choices = [[(False, s)] + [(True, o) for o in opts] for s, opts in zip(state, options)]
    return [tuple(x for _, x in c) for c in product(*choices) if any(moved for moved, _ in c)]


def make_search(compound: str, misere: bool, moves: Callable[[Any], list[Any]]) -> Any:
    @lru_cache(maxsize=None)
    def wins(state: tuple[Any, ...]) -> bool:
        nexts = plain_moves(compound, state, moves)
        if not nexts:
            return misere  # no move: normal play lost, misère play won
        return any(not wins(n) for n in nexts)
    return wins


def make_number(compound: str, misere: bool, moves: Callable[[Any], list[Any]]) -> Any:
    """The compound's own remoteness (conjunctive) or suspense (continued), by the
    recursion applied to the compound as one game."""
    @lru_cache(maxsize=None)
    def number(state: tuple[Any, ...]) -> int:
        found = [number(n) for n in plain_moves(compound, state, moves)]
        if not found:
            return 1 if misere else 0
        even = [x for x in found if x % 2 == 0]
        if compound == "conjunctive":
            return 1 + (min(even) if even else max(found))
        return 1 + (max(even) if even else min(found))
    return number


CASES = [(family, compound, misere) for family in FAMILIES
         for compound in ("conjunctive", "continued", "selective") for misere in (False, True)]


@pytest.mark.parametrize("family,compound,misere", CASES)
def test_outcome_number_and_moves_agree_with_a_plain_search(family: str, compound: str,
                                                            misere: bool) -> None:
    game, positions, start, moves = FAMILIES[family]
    wins = make_search(compound, misere, moves)
    number = make_number(compound, misere, moves)
    sums = [list(c) for k in (1, 2, 3) for c in combinations_with_replacement(positions, k)]
    random.Random(34).shuffle(sums)
    checked = 0
    for parts in sums[:160]:
        state = tuple(start(p) for p in parts)
        expected = "N" if wins(state) else "P"
        found = analyze_compound(game, parts, compound, misere)
        assert found.outcome == expected, (parts, compound, misere)
        assert compound_outcome(game, parts, compound, misere) == expected
        if compound == "conjunctive":
            assert grundy.remoteness(game, parts, misere) == number(state) == found.number
        elif compound == "continued":
            assert grundy.suspense(game, parts, misere) == number(state) == found.number
        if expected == "N" and len(parts) <= 2:
            winning = {m for m in plain_moves(compound, state, moves) if not wins(m)}
            listed = {tuple(start_of(family, p) for p in m) for m in found.moves}
            assert found.count == len(found.moves) == len(winning) and listed == winning, parts
        elif expected == "N":
            assert found.count == len({m for m in plain_moves(compound, state, moves)
                                       if not wins(m)})  # Kayles lists a move once
        checked += 1
    assert checked >= 100 or len(sums) == checked


def start_of(family: str, part: Any) -> Any:
    """A part of a library move as the plain game's state (a Kayles part may be a Sum)."""
    if family != "kayles":
        return part
    rows = part.parts if isinstance(part, grundy.Sum) else (part,)
    return tuple(sorted(r for r in rows if r))


def test_the_winning_move_list_stops_at_its_limit_and_counts_them_all() -> None:
    moves, count = compound_winning_moves(Nim(), [6, 6, 6], "conjunctive", limit=50)
    assert len(moves) == 50 and count == 6 ** 3 - 5 ** 3  # those emptying some heap
    assert compound_winning_moves(Nim(), [6, 6, 6], "selective") == ([(0, 0, 0)], 1)
    assert compound_winning_moves(Nim(), [300, 300], "selective") == ([(0, 0)], 1)


def test_bad_input() -> None:
    with pytest.raises(GrundyError, match="at least one part"):
        grundy.remoteness(Nim(), [])
    with pytest.raises(GrundyError, match="unknown compound"):
        compound_outcome(Nim(), [1], "disjoint")
    with pytest.raises(GrundyError, match="expected a ruleset"):
        grundy.suspense("nim", [1])  # type: ignore[arg-type]


def test_cli_prints_outcome_rule_and_moves(cli: Any) -> None:
    data = json.loads(cli("analyze", "nim", "2", "3", "--compound", "conjunctive", "--json").out)
    assert data["compound"] == "conjunctive" and data["outcome"] == "N"
    assert data["remoteness"] == 1 and data["winning_moves"] == 4
    assert [0, 0] in [m["to"] for m in data["moves"]]
    out = cli("analyze", "kayles", "3", "4", "--compound", "continued", "--misere").out
    assert "continued conjunctive compound, misère play" in out and "suspense" in out
    data = json.loads(cli("analyze", "nim", "1", "2", "--compound", "selective", "--json").out)
    assert data["outcome"] == "N" and "rule" in data and "remoteness" not in data


def test_cli_plays_a_compound_of_different_games_and_refuses_explain(cli: Any) -> None:
    out = cli("analyze", "nim", "2", "+", "kayles", "3", "--compound", "selective").out
    assert "first player (to move) wins" in out and "nim 0 | kayles 1 + kayles 1" in out
    assert_one_line_error(cli("analyze", "nim", "2", "--compound", "selective", "--explain"),
                          "--explain")


def test_too_large_a_part_is_refused(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.play import compounds

    monkeypatch.setattr(compounds, "POSITION_LIMIT", 500)
    with pytest.raises(GrundyError, match="more than 500 positions to search"):
        grundy.remoteness(find("kayles"), [25])
    plain = make_number("conjunctive", False, kayles_moves)
    assert grundy.remoteness(find("kayles"), [10]) == plain(((10,),))  # within the limit
    assert_one_line_error(cli("analyze", "nim", "5000", "--compound", "continued"),
                          "options to look at")
