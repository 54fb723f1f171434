"""Misère canonical forms against the definition: games with the same form have the same
misère outcome beside every test game, games with different forms are told apart by
one; and the counts of forms born by days 0 to 5 against Conway's (On Numbers and Games,
pp. 139-140: 1, 2, 3, 5, 22, 4171780)."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest

import grundy
from grundy import Game, GrundyError, InputError, Nim, Sum, find
from grundy.misere.canonical import (_FORMS, _born_by, _canonical_sets, count_born_by,
                                          count_by_formula, day_6_expression,
                                          misere_canonical, misere_equal, misere_form,
                                          misere_forms_born_by)
from support import assert_one_line_error

Raw = frozenset  # a game written out: the frozenset of its options, down to 0 = frozenset()


class Tree(Game):
    """A game given as a written-out tree: the options of a position are its members."""

    def options(self, g: Raw[Any]) -> list[Raw[Any]]:
        return list(g)


def raw_days(day: int) -> list[Raw[Any]]:
    """Every written-out game born by ``day`` (16 by day 3)."""
    games: list[Raw[Any]] = [Raw()]
    for _ in range(day):
        games = [Raw(c) for k in range(len(games) + 1) for c in combinations(games, k)]
    return games


@lru_cache(maxsize=None)
def misere_wins(parts: tuple[Raw[Any], ...]) -> bool:
    """Whether the player to move wins the sum of ``parts`` in misère play (plain search)."""
    moves = [tuple(sorted(parts[:i] + (o,) + parts[i + 1:], key=hash))
             for i, p in enumerate(parts) for o in p]
    return not moves or any(not misere_wins(m) for m in moves)


def outcomes(g: Raw[Any], tests: list[tuple[Raw[Any], ...]]) -> tuple[bool, ...]:
    return tuple(misere_wins(tuple(sorted((g, *t), key=hash))) for t in tests)


def tree_of(form: Any) -> Raw[Any]:
    """A canonical form written out."""
    return Raw(tree_of(o) for o in form.options)


DAY3 = raw_days(3)
#: the test games: every game born by day 3, and the sums of two of them
TESTS = [(t,) for t in DAY3] + list(combinations_with_replacement(DAY3, 2))
#: stronger test games: the forms born by day 4 written out, and the sums of two of them
#: (the day-3 games leave {*2}, {*3} and {*2,*3} together, for one)
DAY4 = [tree_of(f) for f in misere_forms_born_by(4)]
TESTS4 = [(t,) for t in DAY4] + list(combinations_with_replacement(DAY4, 2))


def test_forms_born_by_day_4_are_told_apart_and_equal_forms_agree() -> None:
    rng = random.Random(12)
    day4 = [Raw(rng.sample(DAY3, rng.randint(0, 16))) for _ in range(400)] + DAY3
    day4 += DAY4
    by_form: dict[Any, set[tuple[bool, ...]]] = {}
    for g in day4:
        by_form.setdefault(misere_canonical(Tree(), g), set()).add(outcomes(g, TESTS))
    assert len(by_form) == 22  # every form born by day 4 met, by Conway's count
    assert all(len(seen) == 1 for seen in by_form.values())  # same form: same outcomes
    assert len({outcomes(g, TESTS) for g in DAY4}) == 12  # day 3's games tell 12 apart
    by_form = {}
    for g in day4[::4] + DAY4:
        by_form.setdefault(misere_canonical(Tree(), g), set()).add(outcomes(g, TESTS4))
    assert len(by_form) == 22  # every form born by day 4 met, by Conway's count
    assert all(len(seen) == 1 for seen in by_form.values())  # same form: same outcomes
    signatures = [next(iter(seen)) for seen in by_form.values()]
    assert len(set(signatures)) == len(signatures)  # different forms: told apart


def written_out(game: Game, position: Any) -> Raw[Any]:
    parts = position.parts if isinstance(position, Sum) else (position,)
    if len(parts) > 1:
        raise AssertionError("written out part by part")
    return Raw(_sum_tree(tuple(written_out(game, p) for p in
                               (o.parts if isinstance(o, Sum) else (o,))))
               for o in game.options(position))


def _sum_tree(parts: tuple[Raw[Any], ...]) -> Raw[Any]:
    if len(parts) == 1:
        return parts[0]
    return Raw(_sum_tree(parts[:i] + (o,) + parts[i + 1:]) for i, p in enumerate(parts)
               for o in p)


@pytest.mark.parametrize("name,sizes", [("kayles", range(6)), ("nim", range(4)),
                                        ("grundy", range(9)), ("0.07", range(8))])
def test_positions_of_games_against_the_written_out_tree(name: str, sizes: range) -> None:
    game = find(name)
    trees = {n: written_out(game, n) for n in sizes}
    forms = {n: misere_canonical(game, n) for n in sizes}
    for a in sizes:
        assert forms[a].outcome == ("N" if misere_wins((trees[a],)) else "P")
        assert forms[a].outcome == grundy.misere_outcome(game, a)
        for b in sizes:
            if a < b and forms[a] != forms[b]:  # told apart by a test game
                assert outcomes(trees[a], TESTS4) != outcomes(trees[b], TESTS4), (a, b)
            elif a < b:
                assert outcomes(trees[a], TESTS) == outcomes(trees[b], TESTS), (a, b)
    # a sum's form is the form of its written-out tree
    for a, b in [(1, 1), (2, 2), (2, 3), (1, 3)]:
        if a in trees and b in trees:
            assert misere_canonical(game, Sum(a, b)) == misere_canonical(
                Tree(), _sum_tree((trees[a], trees[b])))


def test_known_equalities() -> None:
    nim = Nim()
    assert misere_equal(nim, Sum(1, 1), 0)  # * + * = 0: {*} = 0 in misère play
    assert not misere_equal(nim, Sum(2, 2), 0)  # but *2 + *2 is not 0
    assert str(misere_form("{*}")) == "0" and str(misere_form("{0,*,*2}")) == "*3"


def test_counts_born_by_days_0_to_4_by_both_methods() -> None:
    for day, conway in enumerate([1, 2, 3, 5, 22]):
        assert len(misere_forms_born_by(day)) == conway == count_born_by(day)


def test_the_set_count_on_a_cut_of_day_5_against_canonicalising_every_set() -> None:
    day4 = _born_by(4)
    rng = random.Random(5)
    for _ in range(3):
        cut = day4[:5] + rng.sample(day4[5:], 9)  # holds every option of its members
        made = set()
        canonical_sets = 0
        for mask in range(1 << len(cut)):
            members = frozenset(g for i, g in enumerate(cut) if mask >> i & 1)
            form = _FORMS.canonical(members)
            made.add(form)
            canonical_sets += _FORMS.options[form] == members
        assert int(_canonical_sets(cut).sum()) == canonical_sets == len(made)


def test_day_5_has_4171780_forms() -> None:
    assert count_born_by(5) == 4171780  # Conway, On Numbers and Games, p. 140


def test_the_formula_gives_days_1_to_5() -> None:
    """Day 6 is counted by a formula on day 5's forms: it gives days 1 to 5 from the
    forms of the day before, as Conway counts them."""
    for day, conway in enumerate([2, 3, 5, 22, 4171780], start=1):
        forms = misere_forms_born_by(day - 1)
        having = {k.number: sum(k in f.options for f in forms) for k in forms}
        zero_n = sum(1 for f in forms if misere_form("0") in f.options and f.outcome == "N")
        assert count_by_formula(len(forms), having, zero_n) == conway


#: day 6's count as Chris Thompson recomputed it (a post to sci.math,
#: https://groups.google.com/g/sci.math/c/IrjOWJ5PrwI/m/m9hGuvYCmUoJ), correcting the one
#: printed in On Numbers and Games, p. 140; Winning Ways (p. 397) gives its 1255831 digits
THOMPSON = ("2^4171780 - 2^2096640 - 2^2095104 - 2^2094593 - 2^2094080 - 3.2^2091522 "
            "- 2^2088960 - 2^2088705 - 2^2088448 - 2^2088193 - 2^2086912 - 2^2086657 "
            "- 2^2086401 - 2^2086145 - 2^2085888 - 2^2079234 + 2^1960962 + 21")


def evaluate(expression: str) -> int:
    """A sum of terms ``2^n``, ``c.2^n`` and ``c``, each after a sign but the first."""
    total = 0
    for sign, term in zip(["+", *expression.split()[1::2]], expression.split()[::2]):
        count, _, power = term.rpartition("2^") if "^" in term else ("", "", "")
        n = (int(count.rstrip(".") or 1) << int(power)) if power else int(term)
        total += n if sign == "+" else -n
    return total


def test_day_6_is_thompsons_count() -> None:
    total = count_born_by(6)
    assert total == evaluate(THOMPSON)
    assert evaluate(day_6_expression()) == total
    assert 10 ** 1255830 < total < 10 ** 1255831


def test_day_6_count_and_its_expression_agree() -> None:
    total = count_born_by(6)
    assert 1 << 4171779 < total < 1 << 4171780
    terms = day_6_expression().split()
    value = 1 << int(terms[0][2:])
    for sign, term in zip(terms[1::2], terms[2::2]):
        n = 1 << int(term[2:]) if term.startswith("2^") else int(term)
        value += n if sign == "+" else -n
    assert value == total


def test_the_notation_reads_back() -> None:
    for form in misere_forms_born_by(4):
        assert misere_form(str(form)) == form
    assert [str(f) for f in misere_forms_born_by(3)] == ["0", "*", "*2", "{*2}", "*3"]
    for bad in ["", "{", "{0", "0 0", "x", "{0,}}"]:
        with pytest.raises(InputError, match="not a misère form"):
            misere_form(bad)


def test_limits_and_bad_input() -> None:
    with pytest.raises(GrundyError, match="too many to list"):
        misere_forms_born_by(5)
    with pytest.raises(GrundyError, match="too many forms to count"):
        count_born_by(7)
    with pytest.raises(GrundyError, match="expected a ruleset"):
        misere_canonical("nim", 3)  # type: ignore[arg-type]


def test_cli(cli: Any) -> None:
    assert cli("misere-form", "kayles", "4").out == "*\n"
    assert cli("misere-form", "nim", "2", "2").out == "{*2,*3}\n"
    assert cli("misere-form", "nim", "2", "+", "kayles", "2").out == "{*2,*3}\n"
    out = cli("misere-form", "--born-by", "3").out.splitlines()
    assert out[-1] == "5 forms born by day 3" and "{*2}" in out
    assert cli("misere-form", "--born-by", "5", "--count").out == \
        "4171780 forms born by day 5\n"
    assert_one_line_error(cli("misere-form", "--born-by", "5"), "too many to list")
    out = cli("misere-form", "--born-by", "6", "--count").out
    assert out.startswith("2^4171780 - 2^") and out.endswith(
        " forms born by day 6 (1255831 decimal digits)\n")
    assert_one_line_error(cli("misere-form"), "GAME POSITION")


def test_nim_heaps_made_directly_have_no_reversible_option() -> None:
    """*n is made without the reversibility search (nim heaps differ in misère play):
    the search finds nothing to reverse either."""
    for n in range(10):
        heaps = frozenset(_FORMS.heap(k) for k in range(n))
        p_game = not any(_FORMS.p_position[g] for g in heaps)
        assert not any(_FORMS.equal(heaps, p_game, gg, {}) for g in heaps
                       for gg in _FORMS.options[g])
        assert str(misere_form("{" + ",".join(f"*{k}" for k in range(n)) + "}")) == \
            ("0" if n == 0 else "*" if n == 1 else f"*{n}")


def test_too_long_a_text_is_refused(cli: Any) -> None:
    assert_one_line_error(cli("misere-form", "kayles", "20"), "more than 10000000")
