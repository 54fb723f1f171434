"""Sums mixing different games: the XOR of the parts' values and winning moves in any part."""

from __future__ import annotations

import json

from grundy import value
from grundy.catalog import find


def test_a_sum_of_wythoff_nim_and_kayles(cli) -> None:
    r = cli("analyze", "wythoff", "3,5", "+", "nim", "4", "+", "kayles", "7", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    wythoff, kayles = find("wythoff"), find("kayles")
    parts = [value(wythoff, (3, 5)), 4, value(kayles, 7)]
    assert data["part_values"] == parts and data["value"] == parts[0] ^ parts[1] ^ parts[2]
    # a winning move in each part whose option reaches the value that makes the XOR 0
    for move in data["moves"]:
        i = move["part"]
        others = data["value"] ^ parts[i]
        game = [wythoff, find("nim"), kayles][i]
        assert move["from"]["game"] == ["wythoff", "nim", "kayles"][i]
        got = 0
        for leaf in move["to"]:
            p = leaf["position"]
            got ^= value(game, tuple(p) if isinstance(p, list) else p)
        assert got == others
    assert {m["part"] for m in data["moves"]} == {0, 1, 2}


def test_the_plain_form_is_kept_and_a_sum_reads_in_words(cli) -> None:
    r = cli("analyze", "nim", "3", "5", "+", "sub:1,2", "4")
    assert r.code == 0 and "value (XOR of the parts): 7" in r.out
    # 3 xor 5 xor g(4) = 3 ^ 5 ^ 1: the one winning move leaves nim 2 (3 ^ 2 ^ 1 = 0)
    assert "winning moves: 1\n  nim 5 -> nim 2\n" in r.out


def test_a_summand_without_a_position_is_one_line(cli) -> None:
    r = cli("analyze", "nim", "3", "+", "kayles")
    assert r.code == 2 and r.out == "" and "summand 2" in r.err
    r = cli("analyze", "nim", "3", "+", "nosuchgame", "4")
    assert r.code == 2 and "nosuchgame" in r.err


def test_a_part_of_a_sum_says_its_games_words_for_a_move(cli) -> None:
    """Two moves of a graph leave the same text; the words of its game tell them apart."""
    r = cli("analyze", "node-kayles", "path:5", "+", "nim", "2", "+", "green-hackenbush",
            "0-1,1-2,0-3")
    assert r.code == 0, r.err
    graph = find("node-kayles")
    path = graph.parse_position("path:5")
    # a move leaving 0-1 takes vertex 1 or 3 of the path: each is written once with its words
    for v in (1, 3):
        assert f"-> node-kayles 0-1 (take vertex {v})\n" in r.out
    assert "green-hackenbush 0-1,0-3,1-2 -> green-hackenbush 0-3 (cut edge 0-1)\n" in r.out
    assert value(graph, path) ^ 2 ^ 3 == int(r.out.split("XOR of the parts): ")[1].split()[0])
