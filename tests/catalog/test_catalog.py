"""The registry: every entry complete, every name and alias resolving, one lookup error."""

from __future__ import annotations

import pytest

from grundy.catalog import entries, find, lookup
from grundy.engine import Game
from grundy.errors import UnknownGameError

NAMES = [e.name for e in entries()] + [a for e in entries() for a in e.aliases]


def test_names_and_aliases_are_unique():
    assert len(NAMES) == len(set(NAMES))


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.name)
def test_every_entry_is_complete_and_resolves(entry):
    assert entry.rules and entry.source and entry.family
    game = entry.make()
    assert isinstance(game, Game)
    for alias in entry.aliases:
        assert lookup(alias) is entry
    # the CLI needs a sequence or a table, or a game that reads its own positions
    assert (getattr(game, "dims", None) in (1, 2)
            or type(game).parse_position is not Game.parse_position), entry.name


def test_notations():
    assert find("sub:1,3,4").sequence(8).tolist() == [0, 1, 0, 1, 2, 3, 2, 0]
    assert find("KAYLES") == find("kayles") == find("0.77")
    assert find("tt*tt").table(3, 3).shape == (3, 3)


@pytest.mark.parametrize("bad", ["nosuchgame", "sub:", "0.8x", "tt*nosuch", ""])
def test_unknown_names_raise_clear_errors(bad):
    with pytest.raises((UnknownGameError, ValueError)) as info:
        find(bad)
    assert str(info.value)


def test_games_command_lists_every_entry(cli):
    r = cli("games")
    assert r.code == 0
    for name in NAMES:
        assert name in r.out


def test_unknown_game_on_the_cli(cli):
    r = cli("sequence", "nosuchgame")
    assert r.code == 2 and r.out == ""
    assert r.err == "grundy: error: unknown game 'nosuchgame' (see 'grundy games' for the list)\n"


#: a position of each game whose positions are neither heaps nor cells
OWN_POSITIONS = {"staircase-nim": ["3", "1", "4"], "moores-nim": ["1", "2", "3"],
                 "fibonacci-nim": ["10"], "euclid": ["11", "7"], "northcott": ["2,9", "1,4"],
                 "welter": ["1", "4", "6"], "poker-nim": ["3", "5", "pool=2"],
                 "cram": ["3x4"], "chomp": ["3x4"], "node-kayles": ["petersen"],
                 "arc-kayles": ["cycle:6"], "green-hackenbush": ["0-1,1-2,1-3"],
                 "digraph": ["0>1,1>2,0>2", "0", "2"],
                 "vertex-geography": ["0>1,1>2,2>0,1>3", "0"],
                 "edge-geography": ["0>1,1>2,2>0,1>3,3>1", "0"]}


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.name)
def test_every_entry_has_a_sequence_or_table_on_the_cli(entry, capsys):
    from grundy.cli.main import run

    game = entry.make()
    if getattr(game, "dims", None) is None:  # positions of their own: analyze one
        assert run(["analyze", entry.name, *OWN_POSITIONS[entry.name], "--json"]) == 0
        import json

        assert json.loads(capsys.readouterr().out)["outcome"] in ("P", "N")
        return
    if game.dims == 1:
        assert run(["sequence", entry.name, "-n", "12"]) == 0
        values = [int(v) for v in capsys.readouterr().out.split()]
        assert len(values) == 12
        # the CLI's values are the engine's values of the rules
        from grundy.engine import value

        assert values == [value(game, n) for n in range(12)]
    else:
        assert run(["table", entry.name, "--rows", "4", "--cols", "5", "--json"]) == 0
        import json

        table = json.loads(capsys.readouterr().out)
        first = game.first_index
        from grundy.engine import value

        assert table == [[value(game, (first + r, first + c)) for c in range(5)] for r in range(4)]


# -- what is wrong with a name, said -------------------------------------------------------

from grundy.errors import GrundyError


def test_a_subtraction_game_without_numbers_says_so() -> None:
    for key in ("allbut:", "sub:", "allbut: "):
        with pytest.raises(GrundyError, match="no numbers"):
            find(key)
