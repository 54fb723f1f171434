"""``grundy solve digraph``: the sample through the CLI, a brute force over small random
inputs (who wins, the first winning move in the judge's order, how many there are), the
fast reader against the careful one, and every bad input with its line."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import resources

import pytest

from grundy import formats
from grundy.errors import InputError
from grundy.formats import Options
from grundy.formats.digraph import _parse_careful, _parse_plain
from support import assert_one_line_error

# The sample: edges 1>2, 2>3, 1>3, 3>4, 5>4.  Vertex 4 is a sink (0), 3 -> 4 (1), 2 -> 3
# (0), 1 -> 2, 3 (values 0, 1: 2), 5 -> 4 (1).  Queries: {1}: 2, First, 1 -> 2;
# {1, 3}: 2 ^ 1 = 3, First, 1 -> 3 (3 has value 1 = 2 ^ 3); {2, 5, 5}: 0 ^ 1 ^ 1 = 0,
# Second; {4, 5}: 1, First, 5 -> 4.
SAMPLE_IN = "5 5\n1 2\n2 3\n1 3\n3 4\n5 4\n4\n1 1\n2 1 3\n3 2 5 5\n2 4 5\n"
SAMPLE_OUT = "First\nFirst\nSecond\nFirst\n"
SAMPLE_MOVES = ("First\nmove a token from 1 to 2\nFirst\nmove a token from 1 to 3\nSecond\n"
                "First\nmove a token from 5 to 4\n")


def solve(data: str, options: Options | None = None) -> str:
    return formats.solve("digraph", data.encode(), options)


def test_the_sample_through_the_cli(cli) -> None:  # type: ignore[no-untyped-def]
    data = (resources.files("grundy.formats") / "examples" / "digraph.in").read_text()
    assert data == SAMPLE_IN
    r = cli("solve", "digraph", input=data)
    assert (r.code, r.out, r.err) == (0, SAMPLE_OUT, "")
    r = cli("solve", "digraph", "--move", input=data)
    assert (r.code, r.out, r.err) == (0, SAMPLE_MOVES, "")
    rows = [json.loads(line) for line in cli("solve", "digraph", "--json", input=data).out.splitlines()]
    assert [row["move"] for row in rows] == [[1, 2], [1, 3], None, [5, 4]]
    assert [row["value"] for row in rows] == [2, 3, 0, 1]


# -- a brute force --------------------------------------------------------------------------


def random_input(rng: random.Random) -> tuple[str, int, list[tuple[int, int]], list[list[int]]]:
    n = rng.randint(1, 7)
    order = list(range(1, n + 1))
    rng.shuffle(order)
    edges = []
    for _ in range(rng.randint(0, 2 * n) if n > 1 else 0):
        a, b = sorted(rng.sample(range(n), 2))
        edges.append((order[a], order[b]))
    queries = [[rng.randint(1, n) for _ in range(rng.randint(1, 3))]
               for _ in range(rng.randint(1, 5))]
    text = (f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
            + f"{len(queries)}\n" + "".join(f"{len(q)} {' '.join(map(str, q))}\n" for q in queries))
    return text, n, edges, queries


def test_a_brute_force_over_small_random_inputs() -> None:
    """Who wins a sum of tokens, by a win/lose search of the tokens together (no Grundy
    values), and every winning move listed in the judge's order."""
    rng = random.Random(34)
    for _ in range(150):
        text, n, edges, queries = random_input(rng)

        @lru_cache(maxsize=None)
        def wins(tokens: tuple[int, ...]) -> bool:
            return any(not wins(tuple(sorted(tokens[:i] + (b,) + tokens[i + 1:])))
                       for i, v in enumerate(tokens) for a, b in edges if a == v)

        rows = [json.loads(line) for line in solve(text, Options(as_json=True)).splitlines()]
        plain = solve(text).splitlines()
        moved = solve(text, Options(move=True)).splitlines()
        at = 0
        for q, row, answer in zip(queries, rows, plain, strict=True):
            tokens = tuple(q)
            winning = [(v, b) for i, v in enumerate(tokens) for a, b in edges
                       if a == v and not wins(tuple(sorted(tokens[:i] + (b,) + tokens[i + 1:])))]
            assert answer == ("First" if wins(tuple(sorted(tokens))) else "Second"), text
            assert row["winning_moves"] == len(winning), text
            assert row["move"] == (list(winning[0]) if winning else None), text
            assert moved[at] == answer
            at += 1
            if winning:
                assert moved[at] == f"move a token from {winning[0][0]} to {winning[0][1]}"
                at += 1
        assert at == len(moved)


def test_the_fast_reader_and_the_careful_one_agree() -> None:
    rng = random.Random(35)
    for _ in range(100):
        text = random_input(rng)[0]
        data = text.replace("\n", "\n\n", rng.randint(0, 3)).encode()  # blank lines too
        fast, careful = _parse_plain(data), _parse_careful(data)
        assert fast is not None
        for field in ("tails", "heads", "edge_lines", "tokens", "offsets", "query_lines"):
            assert getattr(fast, field).tolist() == getattr(careful, field).tolist(), field
        assert fast.n == careful.n


def test_a_graph_without_edges_and_repeated_edges() -> None:
    assert solve("3 0\n2\n1 1\n3 1 2 3\n") == "Second\nSecond\n"
    assert solve("2 2\n1 2\n1 2\n1\n1 1\n", Options(as_json=True)).count('"winning_moves": 2')


# -- bad input ----------------------------------------------------------------------------------

BAD = [  # (input, line, words)
    ("", 1, "unexpected end of input, expected 'n m'"),
    ("3\n", 1, "expected 'n m'"),
    ("0 0\n1\n1 1\n", 1, "n = 0 is out of range"),
    ("3 2\n1 2\n", 2, "unexpected end of input, expected edge 2 of m = 2"),
    ("3 1\n1 4\n1\n1 1\n", 2, "v = 4 is out of range (1 <= v <= n = 3)"),
    ("3 1\n0 2\n1\n1 1\n", 2, "u = 0 is out of range"),
    ("3 1\n1 2 3\n1\n1 1\n", 2, "edge 1 of m = 1: expected 'u v', found 3 items"),
    ("3 1\n1 2\n1 2\n1 1\n", 3, "expected q (the number of queries) alone on its line"),
    ("3 1\n1 2\n2\n1 1\n", 4, "unexpected end of input, expected query 2 of q = 2"),
    ("3 1\n1 2\n1\n2 1\n", 4, "query 1: k = 2 tokens, but the line holds 1 vertices"),
    ("3 1\n1 2\n1\n0\n", 4, "k = 0 is out of range"),
    ("3 1\n1 2\n1\n1 9\n", 4, "a vertex = 9 is out of range (1 <= a vertex <= n = 3)"),
    ("3 1\n1 2\n1\n1 1\n7\n", 5, "unexpected '7' after the last of the 1 queries"),
    ("3 1\n1 x\n1\n1 1\n", 2, "v must be an integer, got 'x'"),
    ("3 3\n1 2\n2 3\n3 1\n1\n1 1\n", 2,
     "the graph has a cycle 1 -> 2 -> 3 -> 1 (its edges on lines 2, 3, 4)"),
    ("2 2\n1 2\n2 2\n1\n1 1\n", 3, "the graph has a cycle 2 -> 2 (its edges on lines 3)"),
]


@pytest.mark.parametrize("text, line, words", BAD)
def test_every_bad_input_names_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(InputError) as info:
        solve(text)
    assert info.value.line == line, str(info.value)
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize("text, line, words", BAD[::4] + BAD[-2:])
def test_bad_input_through_the_cli(cli, text: str, line: int, words: str) -> None:  # type: ignore[no-untyped-def]
    assert_one_line_error(cli("solve", "digraph", input=text), words, line)
