"""Pictures, analyze and play through the command line."""

from __future__ import annotations

import json

import pytest


def test_plot_sequence_and_table(cli, tmp_path):
    pytest.importorskip("matplotlib")
    for game, name, size in (("kayles", "seq.png", ("-n", "100")),
                             ("coins", "table.svg", ("--rows", "8", "--cols", "8"))):
        out = tmp_path / name
        r = cli("plot", game, "-o", str(out), *size)
        assert r.code == 0, r.err
        data = out.read_bytes()
        assert data.startswith(b"\x89PNG") if name.endswith(".png") else b"<svg" in data


def test_plot_bad_suffix(cli, tmp_path):
    r = cli("plot", "kayles", "-o", str(tmp_path / "x.txt"))
    assert r.code == 2 and r.err.startswith("grundy: error: cannot draw") and r.out == ""


def test_analyze_cli_agrees_with_nim_rule(cli):
    r = cli("analyze", "nim", "3", "5", "7", "--json")
    assert r.code == 0
    result = json.loads(r.out)
    assert result["value"] == 3 ^ 5 ^ 7
    assert result["outcome"] == "N"
    # Nim: from 3, 5, 7 (XOR 1) the winning moves make a heap h into h ^ 1 when smaller
    expected = sorted((h, [h ^ 1]) for h in (3, 5, 7) if h ^ 1 < h)
    assert sorted((m["from"], m["to"]) for m in result["moves"]) == expected
    assert result["parts"] == [3, 5, 7]
    assert result["winning_moves"] == len(expected)


def test_analyze_bad_position(cli):
    r = cli("analyze", "split", "4x")
    assert r.code == 2 and "part 1" in r.err and r.out == ""
    r = cli("analyze", "kayles", "-3")
    assert r.code == 2 and r.err.startswith("grundy: error:")


def test_play_on_the_cli_grundy_wins_from_n_position(cli):
    # grundy moves first from heaps 1 + 2 (value 3): it must win whatever we answer
    r = cli("play", "nim", "1", "2", "--second", input="1\n1\n1\n1\n")
    assert r.code == 0, r.err
    assert "grundy wins" in r.out


def test_play_input_ends(cli):
    r = cli("play", "nim", "3", "4", input="")
    assert r.code == 2 and r.err.startswith("grundy: error: input ended")


def test_plot_without_matplotlib_is_a_clear_error(monkeypatch, tmp_path, capsys):
    import sys

    from grundy.cli.main import run

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    assert run(["plot", "kayles", "-o", str(tmp_path / "k.png")]) == 2
    err = capsys.readouterr().err
    assert err == "grundy: error: pictures need matplotlib: pip install 'grundy[plot]'\n"
