"""Graph positions (Node Kayles, Arc Kayles): every text reads back, and each move names the
vertex or edge it takes, checked by playing the move by the rules."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from grundy.engine import Game, Sum
from grundy.rules.graphs import ArcKayles, Graph, NodeKayles


@st.composite
def graphs(draw: Any) -> Graph:
    n = draw(st.integers(0, 9))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return Graph.make(n, edges)


def _pieces(option: Any) -> tuple[Any, ...]:
    return option.parts if isinstance(option, Sum) else (option,)


@given(graphs())
def test_every_graph_text_reads_back(g: Graph) -> None:
    for game in (NodeKayles(), ArcKayles()):
        assert game.parse_position(game.format_position(g)) == g
        for option in game.options(g):
            for piece in _pieces(option):
                assert game.parse_position(game.format_position(piece)) == piece


def test_graph_texts_read_back_for_the_families_and_the_empty_graph() -> None:
    for game in (NodeKayles(), ArcKayles()):
        for text in ("path:5", "bipartite:0,3", "star:0", "path:0", "empty", "petersen",
                     "complete:1", "0-1,5"):
            g = game.parse_position(text)
            assert game.parse_position(game.format_position(g)) == g
        for text in ("path:5", "petersen", "bipartite:0,3"):  # every winning move too
            g = game.parse_position(text)
            for option in game.winning_moves(g):
                for piece in _pieces(option):
                    assert game.parse_position(game.format_position(piece)) == piece


def _taken(g: Graph, move: str, rule: int) -> list[Graph]:
    """The pieces left by the move a description names, played by the rules on ``g``."""
    numbers = [int(x) for x in re.findall(r"\d+", move)]
    if rule == 1:
        (v,) = numbers
        return [p for p in g.without({v} | g.neighbours()[v]) if p.n]
    u, v = numbers
    assert (min(u, v), max(u, v)) in g.edges
    return [p for p in g.without({u, v}) if p.edges]


@given(graphs())
def test_each_move_of_a_graph_names_what_it_takes(g: Graph) -> None:
    for game, rule in ((NodeKayles(), 1), (ArcKayles(), 0)):
        options = game.options(g)
        named = [game.describe_move(g, o) for o in options]
        assert all(isinstance(m, str) for m in named)
        assert len(set(named)) == len(options)  # one vertex or edge a move, each once
        for option, move in zip(options, named):
            assert [p for p in _pieces(option) if p.n] == _taken(g, str(move), rule)


def test_the_winning_moves_of_petersen_name_ten_vertices() -> None:
    game = NodeKayles()
    g = game.parse_position("petersen")
    moves = game.winning_moves(g)
    named = {game.describe_move(g, o) for o in moves}
    assert len(moves) == len(named) == 10


def test_a_move_that_leaves_nothing_reads_back_as_the_hackenbush_word() -> None:
    from grundy.rules.hackenbush import Drawing, GreenHackenbush

    hack = GreenHackenbush()
    word = hack.format_position(Drawing.make([]))
    for game, text in ((ArcKayles(), "path:2"), (NodeKayles(), "path:3"), (NodeKayles(), "0")):
        g = game.parse_position(text)
        (option,) = game.winning_moves(g)
        assert game.format_position(option) == word
        assert game.parse_position(word) == option


def test_board_moves_need_no_words() -> None:
    game = NodeKayles()
    board = game.parse_position("2x2")
    assert all(game.describe_move(board, o) is None for o in game.options(board))
    assert Game().describe_move(3, 2) is None
