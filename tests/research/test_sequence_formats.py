"""``grundy sequence --format bfile|csv``: the OEIS b-file and CSV forms of a sequence, read
back line by line against the engine's values and the published start of Dawson's Chess."""

from __future__ import annotations

import csv
import io

import numpy as np
import pytest

from grundy import catalog
from grundy.engine import value
from grundy.research.tables import sequence_text
from grundy.rules.base import HeapGame
from support import assert_one_line_error

#: OEIS A002187 (Dawson's Chess, offset 0), the first 20 terms
A002187 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]


def read_bfile(text: str) -> list[tuple[int, int]]:
    """The pairs of a b-file, as the OEIS reads one: ``n a(n)`` a line, ``#`` comments."""
    pairs = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        n, a = line.split()
        pairs.append((int(n), int(a)))
    return pairs


@pytest.mark.parametrize("name", ["kayles", "sub:1,3,4", "grundys-game", "nim"])
def test_a_bfile_and_a_csv_hold_the_engines_values(cli, name: str) -> None:  # type: ignore[no-untyped-def]
    game = catalog.find(name)
    expect = [(n, value(game, n)) for n in range(40)]
    r = cli("sequence", name, "-n", "40", "--format", "bfile")
    assert r.code == 0 and read_bfile(r.out) == expect
    r = cli("sequence", name, "-n", "40", "--format", "csv")
    rows = list(csv.reader(io.StringIO(r.out)))
    assert r.code == 0 and rows[0] == ["n", "value"]
    assert [(int(a), int(b)) for a, b in rows[1:]] == expect
    assert cli("sequence", name, "-n", "40", "--format", "json").out == \
        cli("sequence", name, "-n", "40", "--json").out


def test_the_bfile_of_dawsons_chess_is_the_oeis_start(cli) -> None:  # type: ignore[no-untyped-def]
    r = cli("sequence", "dawsons-chess", "-n", "20", "--format", "bfile")
    assert read_bfile(r.out) == list(enumerate(A002187))


class FromOne(HeapGame):
    """Positions from 1 (the game's first index): take 1 or 2 tokens, values 0 1 2 0 1 2..."""

    first_index = 1

    def options(self, n: int) -> list[int]:
        return [n - k for k in (1, 2) if k <= n]


@pytest.fixture
def from_one(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)
    catalog.register(catalog.Entry("from-one", "x", "x", "a test", f"{__name__}:FromOne"))
    yield
    catalog._find.cache_clear()


def test_a_bfile_starts_at_the_games_first_index(from_one, capsys) -> None:  # type: ignore[no-untyped-def]
    from grundy.cli.main import run

    assert run(["sequence", "from-one", "-n", "4", "--format", "bfile"]) == 0
    assert read_bfile(capsys.readouterr().out) == [(1, 1), (2, 2), (3, 0), (4, 1)]
    assert run(["sequence", "from-one", "-n", "2", "--format", "csv"]) == 0
    assert capsys.readouterr().out == "n,value\n1,1\n2,2\n"


def test_long_sequences_are_written_in_pieces() -> None:
    values = np.arange(10, dtype=np.int64) % 3
    pieces = list(sequence_text(values, "bfile", chunk=4))
    assert len(pieces) == 3 and read_bfile("".join(pieces)) == [(n, n % 3) for n in range(10)]
    assert "".join(sequence_text(values, "text", chunk=4)) == " ".join(
        str(n % 3) for n in range(10)) + "\n"


@pytest.mark.parametrize("args, words", [
    (["--format", "xml"], "'xml' is not one of"),
    (["--format", "csv", "--json"], "--json and --format csv ask for two forms"),
    (["--format", "bfile", "--out", "values.npy"], "--format prints the values"),
])
def test_bad_format_options_are_one_line_errors(cli, args, words) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli("sequence", "kayles", "-n", "5", *args), words)


def test_a_game_without_a_sequence_says_so(cli) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli("sequence", "coins", "--format", "bfile"), "not a sequence")
