"""The registries: every contest format through one API, one JSON shape and winner vocabulary
across the game problems, --move refused where it means nothing, numbers of any length in
every input; and a rule family registered in the catalog at run time."""

from __future__ import annotations

import json
import pkgutil
from importlib import resources

import pytest

import grundy.formats
from grundy import catalog
from grundy.cli.main import run
from grundy.engine import Game
from grundy.errors import GrundyError, InputError, UnknownGameError
from grundy.formats import (PROBLEMS, Format, GameFormat, Options, all_formats,
                            get_format, limits, problem_name, solve, solve_chunks)
from grundy.rules.cutting import Cutting, describe_cut, winning_cuts
from support import assert_one_line_error

EXAMPLES = {name: (resources.files("grundy.formats") / "examples" / f"{name}.in").read_bytes()
            for name in PROBLEMS}
GAMES = [f.name for f in all_formats() if isinstance(f, GameFormat)]
KEYS = ["winner", "judge", "value", "move", "winning_moves"]


# -- the registry ---------------------------------------------------------------------


def test_every_format_module_is_registered_once() -> None:
    modules = [m.name for m in pkgutil.iter_modules(grundy.formats.__path__)
               if not m.name.startswith("_") and m.name not in ("base", "registry")]
    assert sorted(modules) == sorted(PROBLEMS) and len(set(PROBLEMS)) == len(PROBLEMS)
    assert [f.name for f in all_formats()] == list(PROBLEMS)


@pytest.mark.parametrize("name", PROBLEMS)
def test_every_format_is_reachable_by_name_and_alias(name: str) -> None:
    fmt = get_format(name)
    assert isinstance(fmt, Format) and fmt.name == name
    assert get_format(f"  {name.upper()} ") is fmt
    for alias in fmt.aliases:
        assert get_format(alias) is fmt and get_format(alias.upper()) is fmt
        assert problem_name(alias) == name
    assert isinstance(fmt.limits, str) and fmt.limits and "\n" not in fmt.limits
    assert limits(name) == fmt.limits


def test_names_and_aliases_come_from_the_catalog_and_do_not_clash() -> None:
    seen: dict[str, str] = {}
    for fmt in all_formats():
        if isinstance(fmt, GameFormat):  # a contest game: the catalog's name and aliases
            entry = catalog.lookup(fmt.name)
            assert entry.name == fmt.name and fmt.aliases == entry.aliases
        for key in (fmt.name, *fmt.aliases):
            assert seen.setdefault(key, fmt.name) == fmt.name, key
    assert get_format("nim").name == "nim" and "nim-product" in get_format("nim").aliases
    assert {"turning-corners", "grid-game-2", "split-game", "cutting-game", "hnoi2007"} <= set(seen)


def test_an_unknown_problem_names_what_was_typed_and_the_choices() -> None:
    with pytest.raises(UnknownGameError) as info:
        get_format("Chess ")
    assert isinstance(info.value, GrundyError)
    assert "'Chess '" in str(info.value)
    assert all(name in str(info.value) for name in PROBLEMS)


# -- one API for every format -----------------------------------------------------------


@pytest.mark.parametrize("name", PROBLEMS)
def test_every_format_through_the_common_api(name: str) -> None:
    fmt = get_format(name)
    data = EXAMPLES[name]
    plain = b"".join(fmt.run(data))
    assert plain.endswith(b"\n") and plain
    for options in (Options(), Options(explain=True), Options(as_json=True)):
        parsed = fmt.parse(data)
        rendered = b"".join(fmt.render(parsed, fmt.solve(parsed), options))
        assert rendered == b"".join(fmt.run(data, options))  # run = parse, solve, render
        assert rendered.decode() == solve(name, data, options)
        assert b"".join(solve_chunks(name, data, options)) == rendered
    explained = solve(name, data, Options(explain=True)).splitlines()
    judge_lines = [line for line in explained if not line.startswith("  ")]
    assert judge_lines == plain.decode().splitlines()  # explanations are the indented lines
    assert any(line.startswith("  ") for line in explained)
    with pytest.raises(InputError):
        fmt.run(b"")


def test_options_plain() -> None:
    assert Options().plain and not Options(move=True).plain and not Options(as_json=True).plain


# -- one JSON shape, one winner vocabulary ----------------------------------------------


def _json(name: str, data: bytes) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in solve(name, data, Options(as_json=True)).splitlines()]


@pytest.mark.parametrize("name", GAMES)
def test_json_shape_and_winner_vocabulary_are_the_same_for_every_game(name: str) -> None:
    rows = _json(name, EXAMPLES[name])
    assert rows
    for row in rows:
        assert list(row) == KEYS  # the same keys, in the same order
        assert row["winner"] in ("first", "second")
        first = row["winner"] == "first"
        assert first == (row["value"] != 0) == (row["move"] is not None)
        assert first == (row["winning_moves"] > 0)
        assert row["judge"] is None or isinstance(row["judge"], str)
    # the sample of every game problem has a win for each player
    assert {row["winner"] for row in rows} == {"first", "second"} or name == "squares"


@pytest.mark.parametrize("name", GAMES)
def test_the_judge_word_in_json_is_the_judge_output(name: str) -> None:
    data = EXAMPLES[name]
    rows = _json(name, data)
    plain = solve(name, data).splitlines()
    if name == "beans":  # the judge prints the move and the count: no word for the winner
        assert all(row["judge"] is None for row in rows)
        expect = [" ".join(map(str, row["move"])) if row["move"] else "-1 -1 -1" for row in rows]
        assert plain[0::2] == expect
        assert plain[1::2] == [str(row["winning_moves"]) for row in rows]
        return
    words = {row["judge"] for row in rows}
    assert [line for line in plain if line in words] == [row["judge"] for row in rows]


def test_the_winner_words_of_each_judge() -> None:
    pairs = {}
    for name in GAMES:
        rows = _json(name, EXAMPLES[name] if name != "squares" else b"1\n2 3\n")
        rows += _json(name, EXAMPLES[name] if name != "squares" else b"1\n2 2\n")
        pairs[name] = sorted({(row["winner"], row["judge"]) for row in rows})
    assert pairs == {
        "coins": [("first", "Ann"), ("second", "Betty")],
        "squares": [("first", "FIRST"), ("second", "SECOND")],
        "split": [("first", "Alice"), ("second", "Bob")],
        "cutting": [("first", "WIN"), ("second", "LOSE")],
        "beans": [("first", None), ("second", None)],
        "digraph": [("first", "First"), ("second", "Second")],
    }


def test_cutting_json_agrees_with_its_judge_output_and_moves() -> None:
    sizes = [(w, h) for w in range(2, 41) for h in range(2, 41)]
    data = "".join(f"{w} {h}\n" for w, h in sizes).encode()
    plain = solve("cutting", data).splitlines()
    rows = _json("cutting", data)
    moved = solve("cutting", data, Options(move=True)).splitlines()
    assert len(plain) == len(rows) == len(sizes)
    assert [row["judge"] for row in rows] == plain
    assert [("WIN" if row["winner"] == "first" else "LOSE") for row in rows] == plain
    at = 0
    for (w, h), row, answer in zip(sizes, rows, plain, strict=True):
        assert moved[at] == answer
        at += 1
        if row["move"] is not None:
            cut = tuple(map(tuple, row["move"]))
            cuts = winning_cuts(Cutting(), w, h)
            assert cut == cuts[0] and row["winning_moves"] == len(cuts)
            assert moved[at] == describe_cut(w, h, cut)
            at += 1
    assert at == len(moved)


# -- --move where it means nothing ----------------------------------------------------


@pytest.mark.parametrize("name", [n for n in PROBLEMS if not get_format(n).accepts_move])
def test_move_is_refused_by_the_library(name: str) -> None:
    with pytest.raises(GrundyError) as info:
        get_format(name).run(EXAMPLES[name], Options(move=True))
    assert str(info.value) == f"{name} does not take --move (only split, cutting and digraph do)"
    with pytest.raises(GrundyError, match="does not take --move"):
        solve(name, EXAMPLES[name], Options(move=True, as_json=True))


def test_move_is_refused_through_the_cli(cli) -> None:  # type: ignore[no-untyped-def]
    r = cli("solve", "coins", "--move", input=EXAMPLES["coins"])
    assert_one_line_error(r, "--move")  # the CLI's words or the library's
    assert "coins" in r.err and "split, cutting and digraph" in r.err


@pytest.mark.parametrize("name", ["split", "cutting"])
def test_move_is_taken_where_it_means_a_cut(name: str) -> None:
    assert get_format(name).accepts_move
    out = solve(name, EXAMPLES[name], Options(move=True))
    assert "cut " in out


# -- numbers of any length ---------------------------------------------------------------

HUGE = "9" * 5000  # past Python's int-to-str limit (4300 digits)

BIG = [  # (problem, input, line of the fault)
    ("coins", f"{HUGE} 2\n11\n", 1),
    ("coins", f"1 {'0' * 5000}1\n1\n", None),  # leading zeros: the number 1, read
    ("squares", f"1\n{HUGE} 3\n", 2),
    ("squares", f"{HUGE}\n2 3\n", 1),
    ("split", f"4 3\n2 {HUGE}\n", 2),
    ("cutting", f"{HUGE} 2\n", 1),
    ("beans", f"1\n2\n{HUGE} 0\n", 3),
    ("beans", f"1\n{'0' * 5000}2\n1 0\n", None),
    ("digraph", f"2 1\n1 {HUGE}\n1\n1 1\n", 2),
    ("digraph", f"2 1\n1 2\n1\n1 {'0' * 5000}2\n", None),
    ("nim", f"1\n{HUGE} 3\n", 2),
    ("nim", f"{HUGE}\n1 1\n", 1),
]


@pytest.mark.parametrize("problem, text, line", BIG)
def test_numbers_of_any_length_are_read_or_refused_in_one_line(problem, text, line,  # type: ignore[no-untyped-def]
                                                               tmp_path, capsys) -> None:
    data = text.encode()
    if line is None:
        assert solve(problem, data).endswith("\n")
        return
    with pytest.raises(InputError) as info:
        solve(problem, data)
    assert info.value.line == line
    message = str(info.value)
    assert "out of range" in message and len(message) < 200  # the number is not spelled out
    path = tmp_path / "big.in"
    path.write_bytes(data)
    assert run(["solve", problem, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"grundy: error: line {line}: ") and err.count("\n") == 1


def test_a_million_digits_are_refused_quickly() -> None:
    data = b"1\n" + b"7" * 10**6 + b" 2\n"
    with pytest.raises(InputError, match=r"\(1000000 characters\) is out of range"):
        solve("squares", data)


def test_long_numbers_compare_exactly_at_the_bound() -> None:
    # 20 digits and more take the path that does not call int() on the word
    ok = "0" * 30 + "1000000000000000000"  # 10**18, the largest coordinate
    assert solve("squares", f"1\n{ok} 7\n".encode()) in ("FIRST\n", "SECOND\n")
    with pytest.raises(InputError, match="out of range"):
        solve("squares", f"1\n1{'0' * 18}1 7\n".encode())  # 10**19 + 1


# -- the catalog: a family registered at run time ------------------------------------------


class TakeOneOrThree(Game):
    """Subtraction {1, 3}: values 0, 1 repeating (a family defined right here)."""

    def options(self, n: int) -> list[int]:
        return [n - k for k in (1, 3) if k <= n]


@pytest.fixture
def registered(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)  # restored afterwards
    catalog.register(catalog.Entry(
        "take-one-or-three", "subtraction", "remove 1 or 3 tokens", "a test of the registry",
        f"{__name__}:TakeOneOrThree", aliases=("t13",)))
    yield
    catalog._find.cache_clear()


def test_a_registered_family_is_found_listed_and_analysed(registered, capsys) -> None:  # type: ignore[no-untyped-def]
    assert isinstance(catalog.find("t13"), TakeOneOrThree)
    assert catalog.lookup("TAKE-ONE-OR-THREE").aliases == ("t13",)
    assert run(["games"]) == 0
    assert "take-one-or-three" in capsys.readouterr().out
    assert run(["analyze", "t13", "4", "1"]) == 0  # values 0 and 1: the first player wins
    out = capsys.readouterr().out
    assert "value (XOR of the parts): 1" in out


def test_find_forgets_what_it_cached_when_a_family_is_registered(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)
    catalog.find("kayles")
    assert catalog._find.cache_info().currsize > 0
    catalog.register(catalog.Entry("zz-test", "x", "x", "x", f"{__name__}:TakeOneOrThree"))
    assert catalog._find.cache_info().currsize == 0
    catalog._find.cache_clear()


@pytest.mark.parametrize("name, aliases, words", [
    ("kayles", (), "'kayles' already (kayles)"),
    ("fresh", ("tt",), "'tt' already (turning-turtles)"),
    ("a*b", (), "not a plain lower-case name"),
    ("sub:9", (), "not a plain lower-case name"),
    ("0.5", (), "not a plain lower-case name"),
    ("Upper", (), "not a plain lower-case name"),
])
def test_register_refuses_clashes_and_notations(monkeypatch, name, aliases, words) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)
    before = catalog.entries()
    with pytest.raises(GrundyError, match="cannot register") as info:
        catalog.register(catalog.Entry(name, "x", "x", "x", f"{__name__}:TakeOneOrThree",
                                       aliases=aliases))
    assert words in str(info.value)
    assert catalog.entries() == before


@pytest.mark.parametrize("name, words", [
    ("ruler*foo", "unknown game 'foo' in the product 'ruler*foo'"),
    ("foo*ruler", "unknown game 'foo' in the product 'foo*ruler'"),
    ("ruler*mock-turtles*bar", "unknown game 'bar'"),
    ("ruler*", "has no factor 2"),
])
def test_an_unknown_factor_of_a_product_is_named(name: str, words: str) -> None:
    with pytest.raises(UnknownGameError) as info:
        catalog.find(name)
    assert words in str(info.value)
