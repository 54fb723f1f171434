"""The playground's JSON API through Starlette's test client: every board kind, checked
against plain game-tree search and published values, and every bad request answered
with a 4xx JSON error while the app keeps serving."""

from __future__ import annotations

import functools
import itertools
import json
import operator
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")

from starlette.testclient import TestClient  # noqa: E402

from grundy.catalog import entries, find  # noqa: E402
from grundy.web import api  # noqa: E402
from grundy.web.app import MAX_BODY, create_app  # noqa: E402
from brute import (cram_value, cram_wins, kayles_misere_wins, kayles_options,  # noqa: E402
                   kayles_wins, mex)

BOARDS = {"heaps", "coins", "bottles", "coin-board", "grid", "rectangle", "queen", "steps",
          "heaps-row", "heap-limit", "pair", "rows", "strip", "heaps-pool",
          "cram", "chomp", "graph", "hackenbush", "digraph"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def post(client: TestClient, path: str, body: object) -> dict:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def still_serves(client: TestClient) -> None:
    assert post(client, "/api/analyze", {"game": "nim", "position": [1, 2]})["value"] == 3


# -- plain search, no Grundy theory -------------------------------------------------------


def corners_options(heads: frozenset) -> list[frozenset]:
    """Turning Corners on whole boards: pick a head (i, j), a < i, b < j (0: no coin)."""
    out = []
    for i, j in heads:
        for a in range(i):
            for b in range(j):
                turned = {(i, j), (a, j), (i, b), (a, b)}
                turned = {c for c in turned if c[0] and c[1]}
                out.append(frozenset(heads ^ turned))
    return out


@functools.lru_cache(maxsize=None)
def corners_wins(heads: frozenset) -> bool:
    return any(not corners_wins(o) for o in corners_options(heads))


def key(parts: list) -> tuple:
    return tuple(sorted(tuple(p) if isinstance(p, list) else p for p in parts))


# -- the catalog --------------------------------------------------------------------------


def test_games_lists_every_catalog_entry_with_its_board(client: TestClient) -> None:
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    assert names == [e.name for e in entries()]
    for g in data["games"]:
        assert g["board"] == find(g["name"]).board and g["board"] in BOARDS
        assert g["rules"] and g["source"] and isinstance(g["aliases"], list)
    assert {g["board"] for g in data["games"]} == BOARDS
    assert data["limits"]["heap"] == api.MAX_HEAP
    info = client.get("/api/game", params={"game": "ruler*mock-turtles"}).json()
    assert info["board"] == "coin-board" and info["dims"] == 2 and not info["misere"]


# -- analysis, every board kind --------------------------------------------------------------


@given(st.lists(st.integers(0, 9), max_size=4))
def test_kayles_analysis_matches_plain_search(heaps: list[int]) -> None:
    client = TestClient(create_app())
    data = post(client, "/api/analyze", {"game": "kayles", "position": heaps})
    rows = key([h for h in heaps if h])
    assert data["position"] == [h for h in heaps if h]  # empty heaps dropped
    assert (data["outcome"] == "N") == kayles_wins(rows)
    assert (data["value"] != 0) == kayles_wins(rows)
    winning = {(m["part"], key(m["to"])) for m in data["winning_moves"]}
    parts = data["position"]
    for m in data["moves"]:  # every legal move: listed as winning exactly when it wins
        after = key(parts[:m["part"]] + m["to"] + parts[m["part"] + 1:])
        assert ((m["part"], key(m["to"])) in winning) == (not kayles_wins(after))
    assert "XOR" in data["explanation"] or not parts


def test_explanation_names_values_xor_and_the_move(client: TestClient) -> None:
    data = post(client, "/api/analyze", {"game": "kayles", "position": [3, 5, 7]})
    # Kayles values of 3, 5, 7 (Guy & Smith 1956, OEIS A002186): 3, 4, 2; XOR 5
    assert data["part_values"] == [3, 4, 2] and data["value"] == 5
    text = data["explanation"]
    assert "3 ⊕ 4 ⊕ 2 = 5" in text and "5 -> 4" in text and "XOR 0" in text
    lost = post(client, "/api/analyze", {"game": "nim", "position": [2, 2]})
    assert lost["outcome"] == "P" and lost["winning_moves"] == [] and "P-position" in lost["explanation"]


def test_coin_board_analysis_matches_plain_search(client: TestClient) -> None:
    cells = [(i, j) for i in range(1, 4) for j in range(1, 4)]
    for heads in itertools.combinations(cells, 2):
        data = post(client, "/api/analyze", {"game": "coins", "position": [list(c) for c in heads]})
        assert (data["outcome"] == "N") == corners_wins(frozenset(heads)), heads
        for m in data["winning_moves"]:
            board = frozenset(heads) ^ {heads[m["part"]]} ^ {tuple(c) for c in m["to"]}
            assert not corners_wins(board)


def test_coins_equal_heads_cancel(client: TestClient) -> None:
    data = post(client, "/api/analyze", {"game": "coins", "position": ["2x2", [2, 2], "1x3"]})
    assert data["position"] == [[1, 3]]  # a coin turned twice shows tails
    row = post(client, "/api/analyze", {"game": "mock-turtles", "position": [5, 5, 0, 3]})
    assert row["position"] == [3]


@pytest.mark.parametrize("game, position, board", [
    ("mock-turtles", [1, 4, 6], "coins"),
    ("beans", [3, 2, 2, 0], "bottles"),
    ("squares", ["2x2", "3x4"], "grid"),
    ("split", ["4x3", [2, 5]], "rectangle"),
    ("cutting", ["4x4"], "rectangle"),
    ("ruler*mock-turtles", ["3x3"], "coin-board"),
    ("0.137", [9], "heaps"),
    ("sub:1,3,4", [10, 7], "heaps"),
])
def test_every_board_kind_analyses_and_plays(client: TestClient, game: str, position: list,
                                            board: str) -> None:
    assert client.get("/api/game", params={"game": game}).json()["board"] == board
    data = post(client, "/api/analyze", {"game": game, "position": position})
    ruleset = find(game)
    total = 0
    for part in data["position"]:
        total ^= ruleset.value(tuple(part) if isinstance(part, list) else part)
    assert data["value"] == total and data["outcome"] == ("N" if total else "P")
    assert len(data["part_values"]) == len(data["position"])
    assert data["moves"], "every position here has a move"
    # a legal move goes through; grundy answers with a move to value 0 when it can
    first = data["moves"][0]
    moved = post(client, "/api/move", {"game": game, "position": data["position"],
                                       "move": {"part": first["part"], "to": first["to"]}})
    after = post(client, "/api/analyze", {"game": game, "position": moved["position"]})
    if moved["reply"] is not None:
        final = post(client, "/api/analyze", {"game": game, "position": moved["final"]})
        if after["outcome"] == "N":
            assert final["value"] == 0
    assert moved["threw_away_win"] == (data["outcome"] == "N" and after["outcome"] == "N")


def test_threw_away_a_win_notice(client: TestClient) -> None:
    bad = post(client, "/api/move", {"game": "nim", "position": [3, 5], "move": {"part": 0, "to": [1]}})
    assert bad["threw_away_win"] and "threw away a win" in bad["notice"]
    good = post(client, "/api/move", {"game": "nim", "position": [3, 5], "move": {"part": 1, "to": [3]}})
    assert not good["threw_away_win"] and good["notice"] is None
    lost = post(client, "/api/move", {"game": "nim", "position": [2, 2], "move": {"part": 0, "to": [1]}})
    assert not lost["threw_away_win"]  # nothing to throw away from a P-position
    assert lost["reply"]["text"] == "2 -> 1" and lost["final"] == [1, 1]


def play_out(client: TestClient, game: str, position: list, grundy_first: bool) -> str:
    """Play to the end, the player always taking the first legal move."""
    body = {"game": game, "position": position}
    if grundy_first:
        data = post(client, "/api/reply", body)
        if data["winner"]:
            return data["winner"]
        position = data["final"]
    for _ in range(200):
        moves = post(client, "/api/analyze", {"game": game, "position": position})["moves"]
        m = moves[0]
        data = post(client, "/api/move", {"game": game, "position": position,
                                          "move": {"part": m["part"], "to": m["to"]}})
        if data["winner"]:
            return data["winner"]
        position = data["final"]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, position", [("nim", [3, 4, 5]), ("kayles", [4, 6]),
                                            ("coins", [[2, 3], [3, 3]]), ("beans", [4, 2]),
                                            ("split", [[3, 4]]), ("squares", [[2, 3], [2, 2]])])
def test_grundy_wins_from_n_positions_moving_first(client: TestClient, game: str,
                                                   position: list) -> None:
    assert post(client, "/api/analyze", {"game": game, "position": position})["outcome"] == "N"
    assert play_out(client, game, position, grundy_first=True) == "grundy"


def test_misere_nim_by_boutons_rule(client: TestClient) -> None:
    for heaps in itertools.product(range(4), repeat=3):
        data = post(client, "/api/analyze", {"game": "nim", "position": list(heaps), "misere": True})
        ones = all(h <= 1 for h in heaps)
        xor = heaps[0] ^ heaps[1] ^ heaps[2]
        lost = (xor == 1) if ones else (xor == 0)
        assert data["outcome"] == ("P" if lost else "N"), heaps
        assert data["value"] is None and data["misere"] is True
    end = post(client, "/api/move", {"game": "nim", "position": [1], "misere": True,
                                     "move": {"part": 0, "to": []}})
    assert end["winner"] == "grundy"  # you took the last token: in misère play you lose


def test_misere_nim_past_the_token_cap_by_boutons_rule(client: TestClient) -> None:
    """Bouton's rule answers heaps of any size, so misère nim is not held to the cap of
    the move-by-move search (30 tokens): each winning move leads to a lost position."""
    def lost(heaps: list[int]) -> bool:
        xor = functools.reduce(operator.xor, heaps, 0)
        return xor == 1 if all(h <= 1 for h in heaps) else xor == 0

    rng = random.Random(7)
    for _ in range(20):
        heaps = [rng.choice([1, 2, rng.randrange(300)]) for _ in range(rng.randrange(2, 6))]
        heaps[0] = 40 + rng.randrange(260)  # past the cap
        data = post(client, "/api/analyze", {"game": "nim", "position": heaps, "misere": True})
        assert data["outcome"] == ("P" if lost(heaps) else "N"), heaps
        assert bool(data["winning_moves"]) == (data["outcome"] == "N")
        for move in data["winning_moves"]:
            left = heaps[:]
            left[move["part"]:move["part"] + 1] = move["to"]
            assert lost(left), (heaps, move)


def test_misere_kayles_past_the_search_is_played_by_its_quotient(client: TestClient) -> None:
    small = post(client, "/api/analyze", {"game": "kayles", "position": [4, 5, 6],
                                          "misere": True})
    assert small["outcome"] == ("N" if kayles_misere_wins((4, 5, 6)) else "P")
    big = post(client, "/api/analyze", {"game": "kayles", "position": [40, 50, 60],
                                        "misere": True})  # 150 tokens: past the search
    assert big["outcome"] in ("N", "P") and "quotient" in big["explanation"]
    assert big["winning_moves"] or big["outcome"] == "P"
    for move in big["winning_moves"]:
        left = [40, 50, 60]
        left[move["part"]:move["part"] + 1] = move["to"]
        after = post(client, "/api/analyze", {"game": "kayles", "position": left,
                                              "misere": True})
        assert after["outcome"] == "P"


# -- sequences and tables -------------------------------------------------------------------


def test_sequence_against_published_values_and_mex(client: TestClient) -> None:
    data = client.get("/api/sequence", params={"game": "0.77", "n": 60}).json()
    # Kayles, Winning Ways ch. 4 / OEIS A002186
    assert data["values"][:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    g: list[int] = []
    for n in range(60):
        seen = {g[a] ^ g[n - t - a] for t in (1, 2) for a in range(n - t + 1)}
        g.append(mex(seen))
    assert data["values"] == g
    assert data["p_positions"] == [n for n in range(60) if g[n] == 0]


def test_the_patterns_in_the_values_shown(client: TestClient) -> None:
    """The sequence and the table come with explore's findings on the same values: each
    claim checked here on the values returned."""
    data = client.get("/api/sequence", params={"game": "sub:1,3,4", "n": 70}).json()
    values = data["values"]
    period, zeros = data["patterns"][:2]
    assert period == {"kind": "period", "text": "period 7, preperiod 0, saltus 0", "certified": True}
    assert all(values[k + 7] == values[k] for k in range(63))
    assert zeros["text"] == "P-positions: n = 0, 2 (mod 7)" and zeros["certified"]
    assert data["p_positions"] == [k for k in range(70) if k % 7 in (0, 2)]
    data = client.get("/api/table", params={"game": "wythoff", "rows": 20, "cols": 20}).json()
    texts = [f["text"] for f in data["patterns"] if f["kind"] == "p-positions"]
    assert texts == ["P-positions: Wythoff's pairs (floor(k phi), floor(k phi^2)) and their "
                     "mirrors, phi = (1 + sqrt 5)/2"]
    phi = (1 + 5 ** 0.5) / 2
    pairs = {(int(k * phi), int(k * phi * phi)) for k in range(20)}
    pairs |= {(b, a) for a, b in pairs}
    assert {tuple(p) for p in data["p_positions"]} == {(a, b) for a, b in pairs if a < 20 and b < 20}
    board = client.get("/api/table", params={"game": "cram", "rows": 3, "cols": 3}).json()
    assert board["patterns"] == []  # empty boards: no pattern looked for
    assert client.get("/api/sequence", params={"game": "nim", "n": 1}).json()["patterns"] == []


def test_the_game_and_its_table_agree_on_the_first_index(client: TestClient) -> None:
    """What /api/game says of a game with a table (a two-dimensional game, or a board game's
    empty boards) is what /api/table gives."""
    for name in ("coins", "split", "cram", "node-kayles", "arc-kayles", "chomp", "wythoff"):
        info = client.get("/api/game", params={"game": name}).json()
        assert info["map"] == "table" and info["dims"] == 2, info
        table = client.get("/api/table", params={"game": name, "rows": 2, "cols": 2}).json()
        assert info["first_index"] == table["first_index"], (name, info, table)


def test_table_against_the_rules(client: TestClient) -> None:
    data = client.get("/api/table", params={"game": "coins", "rows": 8, "cols": 8}).json()
    v = [[0] * 9 for _ in range(9)]  # value of a lone head, row/col 0: no coin
    for i in range(1, 9):
        for j in range(1, 9):
            v[i][j] = mex({v[a][b] ^ v[a][j] ^ v[i][b] for a in range(i) for b in range(j)})
    assert data["first_index"] == 1
    assert data["values"] == [row[1:] for row in v[1:]]
    assert data["p_positions"] == []  # every lone head is worth something
    split = client.get("/api/table", params={"game": "split", "rows": 3, "cols": 4}).json()
    assert [1, 1] in split["p_positions"] and split["values"][0][0] == 0


# -- bad requests ---------------------------------------------------------------------------


BAD_POSTS = [
    ({"game": "chess", "position": [1]}, "game: unknown game 'chess'"),
    ({"game": "grundy_rules.py:Mine", "position": [1]}, "game:"),
    ({"game": "__import__('os')", "position": [1]}, "game:"),
    ({"game": 7, "position": [1]}, "game: expected a game name"),
    ({"game": "x" * 500, "position": [1]}, "game: at most"),
    ({"position": [1]}, "game: missing"),
    ({"game": "nim"}, "position: missing"),
    ({"game": "nim", "position": 35}, "position: expected a list"),
    ({"game": "nim", "position": "3 x"}, "position: part 2: expected a heap size"),
    ({"game": "nim", "position": "3 " + "1 " * 40}, "position: 41 parts is too many"),
    ({"game": "nim", "position": "3 " * 2000}, "position: at most 2000 characters"),
    ({"game": "wythoff", "position": "3,5 + nim"}, "summand 2 of the sum needs a game"),
    ({"game": "wythoff", "position": "3,5 + nim 301"}, "position[1].position: 301 is too large"),
    ({"game": "wythoff", "position": "3,5 + no-such-game 3"}, "unknown game"),
    ({"game": "wythoff", "position": "3,5 + nim 4", "misere": True}, "misère play is offered"),
    ({"game": "nim", "position": [3, -1]}, "position[1]: expected a heap size"),
    ({"game": "nim", "position": [3, True]}, "position[1]: expected a heap size"),
    ({"game": "nim", "position": [2.5]}, "position[0]: expected a heap size"),
    ({"game": "nim", "position": [[1, 2]]}, "position[0]: expected a heap size"),
    ({"game": "nim", "position": [api.MAX_HEAP + 1]}, "too large"),
    ({"game": "nim", "position": [1] * (api.MAX_PARTS + 1)}, "too many"),
    ({"game": "coins", "position": ["3x"]}, "position[0]: expected [row, col]"),
    ({"game": "coins", "position": [[0, 3]]}, "start at 1"),
    ({"game": "coins", "position": [[3, 65]]}, "too large"),
    ({"game": "cutting", "position": ["1x5"]}, "start at 2"),
    ({"game": "0.fc", "position": [300] * 32}, "too many moves"),
    ({"game": "ruler", "position": [api.MAX_COIN + 1]}, "too large"),
    ({"game": "beans", "position": [api.MAX_COIN + 1]}, "too large"),
    ({"game": "nim", "position": [3], "misere": "yes"}, "misere: expected true or false"),
    ({"game": "coins", "position": ["2x2"], "misere": True}, "misere: misère play is offered"),
    ({"game": "0.07", "position": [60, 1], "misere": True}, "at most 30 tokens"),
]


@pytest.mark.parametrize("body, words", BAD_POSTS)
def test_bad_analyze_requests(client: TestClient, body: dict, words: str) -> None:
    response = client.post("/api/analyze", json=body)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    still_serves(client)


BAD_MOVES = [
    ({"game": "nim", "position": [3]}, "move: missing"),
    ({"game": "nim", "position": [3], "move": [0, 1]}, "move: expected"),
    ({"game": "nim", "position": [3], "move": {"to": [1]}}, "move.part: missing"),
    ({"game": "nim", "position": [3], "move": {"part": 0}}, "move.to: missing"),
    ({"game": "nim", "position": [3], "move": {"part": 1, "to": [1]}}, "move.part: expected"),
    ({"game": "nim", "position": [3], "move": {"part": "0", "to": [1]}}, "move.part: expected"),
    ({"game": "nim", "position": [3], "move": {"part": 0, "to": [4]}}, "3 -> 4 is not a legal move"),
    ({"game": "nim", "position": [3], "move": {"part": 0, "to": "x"}}, "move.to: expected a list"),
    ({"game": "kayles", "position": [5], "move": {"part": 0, "to": [1]}}, "not a legal move"),
    ({"game": "nim", "position": [], "move": {"part": 0, "to": []}}, "no part is left"),
]


@pytest.mark.parametrize("body, words", BAD_MOVES)
def test_bad_move_requests(client: TestClient, body: dict, words: str) -> None:
    response = client.post("/api/move", json=body)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    still_serves(client)


@pytest.mark.parametrize("path, params, words", [
    ("/api/sequence", {"game": "kayles", "n": api.MAX_SEQUENCE + 1}, "n: expected a whole number"),
    ("/api/sequence", {"game": "kayles", "n": "ten"}, "n: expected a whole number"),
    ("/api/sequence", {"game": "kayles", "n": "0"}, "n: expected a whole number"),
    ("/api/sequence", {"game": "coins"}, "two-dimensional"),
    ("/api/sequence", {}, "game: missing"),
    ("/api/table", {"game": "coins", "rows": api.MAX_TABLE_SIDE + 1}, "rows: expected"),
    ("/api/table", {"game": "coins", "cols": "-3"}, "cols: expected"),
    ("/api/table", {"game": "kayles"}, "one-dimensional"),
    ("/api/game", {"game": "nope"}, "unknown game"),
])
def test_bad_queries(client: TestClient, path: str, params: dict, words: str) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    still_serves(client)


def test_bad_bodies(client: TestClient) -> None:
    for raw in (b"{bad", b"", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000):
        response = client.post("/api/analyze", content=raw[:MAX_BODY],
                               headers={"content-type": "application/json"})
        assert response.status_code == 400 and "body: not valid JSON" in response.json()["error"]
    listed = client.post("/api/analyze", json=[1, 2])
    assert listed.status_code == 400 and "JSON object" in listed.json()["error"]
    big = client.post("/api/analyze", content=b" " * (MAX_BODY + 1))
    assert big.status_code == 413 and "body:" in big.json()["error"]

    def chunks():  # no content-length: refused while it streams in
        for _ in range(100):
            yield b" " * 4096

    streamed = client.post("/api/analyze", content=chunks())
    assert streamed.status_code == 413
    assert client.get("/api/analyze").status_code == 405
    assert client.get("/api/nothing").status_code == 404
    assert "error" in client.get("/api/nothing").json()
    still_serves(client)


def test_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "grundy playground" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert "http" not in client.get("/static/app.js").text.replace("http-equiv", "")


def test_serve_without_the_web_extra_is_one_error_line(tmp_path) -> None:
    from support import assert_one_line_error

    for name in ("starlette", "uvicorn"):  # modules that refuse to import, first on the path
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("raise ImportError('not installed')\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": ""}
    helped = subprocess.run([sys.executable, "-m", "grundy", "--help"], capture_output=True,
                            text=True, timeout=60, env=env)
    assert helped.returncode == 0 and "serve" in helped.stdout  # the CLI works without it
    proc = subprocess.run([sys.executable, "-m", "grundy", "serve", "--port", "0"],
                          capture_output=True, text=True, timeout=60, env=env)

    class Result:
        code, out, err = proc.returncode, proc.stdout, proc.stderr

    assert_one_line_error(Result, "grundy serve needs the web extra: pip install 'grundy[web]'")


def test_serve_help_and_bad_host(cli) -> None:
    from support import assert_one_line_error

    result = cli("serve", "--help")
    assert result.code == 0 and "--host" in result.out and "--open" in result.out
    assert_one_line_error(cli("serve", "--host", "no-such-host.invalid", "--port", "0"),
                          "cannot listen on no-such-host.invalid")
    import socket

    with socket.socket() as taken:  # a port in use
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        assert_one_line_error(cli("serve", "--port", port), f"cannot listen on 127.0.0.1:{port}")
    assert_one_line_error(cli("serve", "--port", "70000"), "--port")
    json.dumps(api.limits())  # the limits are plain JSON


def test_an_app_may_resolve_names_its_own_way() -> None:
    from grundy.errors import GrundyError
    from grundy.rules.base import HeapGame

    class TakeOneOrTwo(HeapGame):
        def options(self, n):
            return [n - k for k in (1, 2) if k <= n]

    def resolve(name: str):
        if name != "mine":
            raise GrundyError(f"not mine: {name!r}")
        return TakeOneOrTwo()

    mine = TestClient(create_app(resolve=resolve))
    data = post(mine, "/api/analyze", {"game": "mine", "position": [4]})
    assert data["value"] == 1 and [m["text"] for m in data["winning_moves"]] == ["4 -> 3"]
    refused = mine.post("/api/analyze", json={"game": "nim", "position": [4]})
    assert refused.status_code == 400 and "game: not mine" in refused.json()["error"]


# -- the board games: drawings, moves named by the key clicked ---------------------------------


def cells_of(board: str) -> frozenset:
    rows = board.split("|")
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")


def test_cram_moves_are_the_dominoes_and_the_winning_ones_leave_p(client: TestClient) -> None:
    data = post(client, "/api/analyze", {"game": "cram", "position": ["...|.#."]})
    free = cells_of("...|.#.")
    dominoes = {f"{r},{c}+{r2},{c2}" for r, c in free for r2, c2 in ((r, c + 1), (r + 1, c))
                if (r2, c2) in free}
    assert {m["take"] for m in data["moves"]} == dominoes == {"0,0+0,1", "0,1+0,2", "0,0+1,0",
                                                            "0,2+1,2"}
    assert data["drawings"] == [{"kind": "cells", "rows": 2, "cols": 3,
                                 "free": ["0,0", "0,1", "0,2", "1,0", "1,2"]}]
    assert (data["value"] != 0) == cram_wins(free)
    for m in data["moves"]:
        left = cells_of(m["to"][0])
        assert sorted(m["gone"]) == sorted(f"{r},{c}" for r, c in free - left)
        assert (m in data["winning_moves"]) == (not cram_wins(left))
    played = post(client, "/api/move", {"game": "cram", "position": ["...|.#."],
                                        "move": {"part": 0, "take": "0,0+1,0"}})
    assert played["your_move"]["text"] == "domino on 0,0 and 1,0"
    assert played["position"] == ["#..|##."]


@pytest.mark.parametrize("body, message", [
    ({"game": "cram", "position": ["2x2"], "move": {"part": 0, "take": "0,0+1,1"}},
     "move.take: '0,0+1,1' is not a move"),  # not neighbours
    ({"game": "cram", "position": ["##.|..."], "move": {"part": 0, "take": "0,0+0,1"}},
     "is not a move"),  # the cells are taken
    ({"game": "cram", "position": ["2x2"], "move": {"part": 0, "take": ["0,0", "0,1"]}},
     "move.take: expected the key"),
    ({"game": "cram", "position": ["2x2"], "move": {"part": 1, "take": "0,0+0,1"}},
     "move.part"),
    ({"game": "node-kayles", "position": ["path:5 without 2"], "move": {"part": 0, "take": "2"}},
     "move.take: '2' is not a move"),  # a vertex taken already
    ({"game": "node-kayles", "position": ["path:5"], "move": {"part": 0, "take": "__import__"}},
     "is not a move"),
    ({"game": "arc-kayles", "position": ["cycle:5 without 1"], "move": {"part": 0, "take": "0-1"}},
     "is not a move"),  # an edge gone with its end
    ({"game": "chomp", "position": ["3x4"], "move": {"part": 0, "take": "0,0"}},
     "is not a move"),  # the poisoned square
    ({"game": "chomp", "position": ["3,1"], "move": {"part": 0, "take": "1,1"}},
     "is not a move"),  # eaten already
    ({"game": "green-hackenbush", "position": ["0-1"], "move": {"part": 0, "take": "1-2"}},
     "is not a move"),
    ({"game": "node-kayles", "position": ["path:5 without 7"]}, "vertices taken, numbers"),
    ({"game": "node-kayles", "position": ["3x3 without 1"]}, "only a graph takes 'without'"),
    ({"game": "cram", "position": ["6x6"]}, "too large for the playground (at most 25 cells)"),
    ({"game": "node-kayles", "position": ["complete:10"]}, "too large for the playground"),
    ({"game": "chomp", "position": ["8x8"]}, "too large for the playground (at most 7 x 7"),
    ({"game": "green-hackenbush", "position": ["stalk:201"]}, "too large for the playground"),
])
def test_bad_board_requests_are_4xx_json(client: TestClient, body: dict, message: str) -> None:
    path = "/api/move" if "move" in body else "/api/analyze"
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]
    still_serves(client)


def test_graphs_are_played_in_their_frame(client: TestClient) -> None:
    """Node Kayles on a path: a move takes a vertex and its neighbours, the vertices keep
    their numbers and their places, and the values agree with Dawson's Chess (0.137)."""
    start = post(client, "/api/analyze", {"game": "node-kayles", "position": ["path:5"]})
    places = {v["key"]: (v["x"], v["y"]) for v in start["drawings"][0]["vertices"]}
    assert sorted(places) == ["0", "1", "2", "3", "4"]
    assert len({y for _, y in places.values()}) == 1  # a path is drawn on a line
    assert {m["take"]: sorted(k for k in m["gone"] if "-" not in k) for m in start["moves"]} == {
        "0": ["0", "1"], "1": ["0", "1", "2"], "2": ["1", "2", "3"], "3": ["2", "3", "4"],
        "4": ["3", "4"]}
    played = post(client, "/api/move", {"game": "node-kayles", "position": ["path:5"],
                                        "move": {"part": 0, "take": "0"}})
    assert played["position"] == ["path:5 without 0,1"]  # a path of 3 left, worth 2
    later = post(client, "/api/analyze", {"game": "node-kayles", "position": ["path:5 without 0,1"]})
    assert later["value"] == find("0.137").value(3) == 2
    assert {v["key"]: (v["x"], v["y"]) for v in later["drawings"][0]["vertices"]} == {
        k: places[k] for k in ("2", "3", "4")}
    # Arc Kayles on a 5-cycle is a P-position: whatever edge you take, grundy wins
    for take in ("0-1", "1-2"):
        game = post(client, "/api/move", {"game": "arc-kayles", "position": ["cycle:5"],
                                          "move": {"part": 0, "take": take}})
        assert game["reply"]["take"] and game["winner"] == "grundy"
        assert game["final"][0].startswith("cycle:5 without ")


def test_chomp_and_hackenbush_moves_by_click(client: TestClient) -> None:
    data = post(client, "/api/analyze", {"game": "chomp", "position": ["2x3"]})
    assert data["drawings"] == [{"kind": "bar", "heights": [2, 2, 2]}]
    bites = {m["take"]: m["to"][0] for m in data["moves"]}
    assert bites == {"0,1": "1x3", "1,0": "2x1", "1,1": "2,1,1", "2,0": "2x2", "2,1": "2,2,1"}
    assert [m["take"] for m in data["winning_moves"]] == ["2,1"]  # 2,2,1 is a P-position
    cut = post(client, "/api/move", {"game": "green-hackenbush", "position": ["0-1,1-2", "0-1"],
                                     "move": {"part": 0, "take": "0-1"}})
    assert cut["your_move"]["gone"] == ["0-1#0", "1-2#0"]  # the edge above falls with it
    assert cut["position"] == ["0-1"] and cut["winner"] == "grundy"  # a bare drawing goes
    left = post(client, "/api/analyze", {"game": "green-hackenbush", "position": ["empty", "0-1"]})
    assert left["value"] == 1 and [m["take"] for m in left["moves"]] == ["0-1"]
    limits = client.get("/api/games").json()["limits"]
    from grundy.web import boards

    assert (limits["board_cells"], limits["graph_vertices"]) == (boards.MAX_BOARD_CELLS,
                                                                boards.MAX_GRAPH_VERTICES)


def test_board_positions_grow_past_80_characters_as_played(client: TestClient) -> None:
    """A stalk of 60 edges after a cut is an edge list of 59 edges (some 400 characters),
    and a graph in its frame grows a list of the vertices taken: both read back."""
    cut = post(client, "/api/move", {"game": "green-hackenbush", "position": ["stalk:60"],
                                     "move": {"part": 0, "take": "59-60"}})
    after = cut["position"][0]  # your cut: a stalk of 59 (grundy then cuts it at the ground)
    assert len(after) > 80 and len(after.split(",")) == 59
    assert post(client, "/api/analyze", {"game": "green-hackenbush",
                                         "position": [after]})["value"] == 59
    edges = "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15"
    framed = f"{edges} without 0,1,2,3,4,5,6,7,8"
    assert len(framed) > 80
    data = post(client, "/api/analyze", {"game": "node-kayles", "position": [framed]})
    assert data["value"] == find("0.137").value(7)  # the path 9..15 is left: Dawson's Chess


# -- a board's error names its part; every game's fields lead to what works ----------------


def test_a_board_error_of_the_api_names_its_part_like_the_others() -> None:
    from grundy.web import api

    for game, parts, bad in (("cram", ["2x2", "|"], 1), ("cram", ["xx"], 0),
                             ("chomp", ["3x3", "5,,3"], 1), ("kayles", [3, "a"], 1)):
        with pytest.raises(api.RequestError) as info:
            api.analyze({"game": game, "position": parts})
        assert str(info.value).startswith(f"position[{bad}]: "), str(info.value)
    with pytest.raises(api.RequestError, match=r"^position\[0\]: .*empty"):
        api.analyze({"game": "cram", "position": ["|"]})


def test_every_game_info_has_a_readable_repr_and_a_map_that_works() -> None:
    from grundy.web import api

    for entry in entries():
        info = api.game_info({"game": entry.name})
        assert " object at 0x" not in info["repr"], entry.name
        table = {"game": entry.name, "rows": 3, "cols": 3}
        seq = {"game": entry.name, "n": 5}
        works = {}
        for kind, call, body in (("table", api.table, table), ("sequence", api.sequence, seq)):
            try:
                call(body)
                works[kind] = True
            except api.RequestError:
                works[kind] = False
        assert info["map"] in (None, "table", "sequence"), entry.name
        wanted = {"table": info["map"] == "table", "sequence": info["map"] == "sequence"}
        assert works == wanted, entry.name
        assert (info["dims"] == 2) == (info["map"] == "table"), entry.name


def test_a_cram_table_of_the_api_is_the_plain_search() -> None:
    from grundy.web import api

    data = api.table({"game": "cram", "rows": 3, "cols": 4})
    assert data["values"] == [[cram_value(r, c) for c in range(1, 5)] for r in range(1, 4)]


def test_a_chomp_table_of_the_api_is_the_whole_bars_by_the_plain_search() -> None:
    """The playground's map of Chomp: each whole bar's value, '-' (-1) past its cells."""
    from brute import plain_chomp

    from grundy.web import api

    data = api.table({"game": "chomp", "rows": 4, "cols": 6})
    assert data["cells"] == api.MAX_TABLE_CELLS and data["first_index"] == 1
    assert data["values"] == [[plain_chomp((r,) * c) if r * c <= api.MAX_TABLE_CELLS else -1
                               for c in range(1, 7)] for r in range(1, 5)]
    assert data["p_positions"] == [[1, 1]]  # the poisoned square alone


def test_the_mex_of_each_part_is_its_options_values_by_the_plain_rule(client: TestClient) -> None:
    """/api/analyze says why each part is worth its value: its options' values (by the
    plain rule of Kayles) and their mex; none in misère play or past 200 options."""
    from brute import kayles_moves, kayles_options, mex, plain_value

    row = plain_value(kayles_moves)
    data = post(client, "/api/analyze", {"game": "kayles", "position": [3, 5, 7, 1]})
    assert [m["part"] for m in data["mex"]] == [0, 1, 2, 3]
    for m, n in zip(data["mex"], (3, 5, 7, 1)):
        assert m["option_values"] == sorted({row(left) for left in kayles_options(n)})
        assert m["value"] == mex(m["option_values"]) == data["part_values"][m["part"]]
    misere = post(client, "/api/analyze", {"game": "kayles", "position": [3, 5], "misere": True})
    assert misere["mex"] is None
    assert post(client, "/api/analyze", {"game": "nim", "position": [150, 60]})["mex"] is None

