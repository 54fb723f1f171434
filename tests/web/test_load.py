"""A small load test of ``grundy serve`` on loopback: 8 concurrent clients for a few
seconds, a mix of every endpoint (and some bad requests), no error, p50/p99 printed.

It also runs the real command: ``grundy serve --port 0`` prints its URL, serves, and
stops on Ctrl-C.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from support import HANG  # noqa: E402

CLIENTS = 8
SECONDS = float(os.environ.get("GRUNDY_LOAD_SECONDS", "3"))  # longer: GRUNDY_LOAD_SECONDS=60


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, int]]:
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # "grundy playground on http://127.0.0.1:PORT/ ..."
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert found, (line, proc.stderr.read() if proc.poll() is not None else "")
    yield "127.0.0.1", int(found.group(1))
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=HANG)
    except subprocess.TimeoutExpired:  # pragma: no cover - a hang is a failure
        proc.kill()
        raise
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""


def requests(rng: random.Random) -> tuple[str, str, dict | None, int]:
    """One request of the mix: method, path, JSON body, expected status."""
    kind = rng.randrange(10)
    game = rng.choice(["nim", "kayles", "0.137", "grundys-game", "sub:1,3,4"])
    heaps = [rng.randint(0, 60) for _ in range(rng.randint(1, 5))]
    if kind < 4:
        return "POST", "/api/analyze", {"game": game, "position": heaps}, 200
    if kind < 6:
        coins = [[rng.randint(1, 12), rng.randint(1, 12)] for _ in range(3)]
        body = {"game": "coins", "position": coins}
        return "POST", "/api/analyze", body, 200
    if kind == 6:
        position = [h for h in heaps if h] or [3]
        return "POST", "/api/move", {"game": "nim", "position": position,
                                     "move": {"part": 0, "to": [position[0] - 1]}}, 200
    if kind == 7:
        return "GET", f"/api/sequence?game={game}&n={rng.randint(1, 2000)}", None, 200
    if kind == 8:
        return "GET", f"/api/table?game=split&rows={rng.randint(1, 64)}&cols=32", None, 200
    return "POST", "/api/analyze", {"game": "nim", "position": [10**9]}, 400  # refused


def client(host: str, port: int, seed: int, stop: float, latencies: list[float],
           errors: list[str]) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    while time.perf_counter() < stop:
        method, path, body, status = requests(rng)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        start = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            payload = json.loads(response.read())
        except (OSError, http.client.HTTPException, ValueError) as exc:
            errors.append(f"{method} {path}: {exc!r}")
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=30)
            continue
        latencies.append(time.perf_counter() - start)
        if response.status != status or (status != 200 and "error" not in payload):
            errors.append(f"{method} {path} {body}: {response.status} {payload}")
    conn.close()


def test_eight_clients_no_error_and_latencies(served: tuple[str, int]) -> None:
    host, port = served
    latencies: list[float] = []
    errors: list[str] = []
    stop = time.perf_counter() + SECONDS
    threads = [threading.Thread(target=client, args=(host, port, seed, stop, latencies, errors))
               for seed in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(SECONDS + 60)
    assert errors == [], errors[:5]
    assert len(latencies) >= CLIENTS * 5, len(latencies)
    latencies.sort()
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"\nload: {CLIENTS} clients, {SECONDS:g} s, {len(latencies)} requests "
          f"({len(latencies) / SECONDS:.0f}/s), p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    assert p99 < 10, "a request took more than 10 s"
    # the server still answers after the load
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", "/api/games")
    assert conn.getresponse().status == 200


def test_a_body_of_megabytes_is_refused_without_reading_it(served: tuple[str, int]) -> None:
    import socket

    host, port = served
    for head in (b"Content-Length: 5000000\r\n", b"Transfer-Encoding: chunked\r\n"):
        with socket.create_connection((host, port), timeout=HANG) as sock:
            sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Type: application/json\r\n" + head + b"\r\n")
            start = time.perf_counter()
            if b"chunked" in head:  # 1 MB in chunks of 16 KiB, then the end
                try:
                    for _ in range(64):
                        sock.sendall(b"4000\r\n" + b" " * 0x4000 + b"\r\n")
                    sock.sendall(b"0\r\n\r\n")
                except OSError:  # the server may close once it has refused the body
                    pass
            else:
                sock.sendall(b" " * 65536)  # a little of the 5 MB announced
            reply = b""
            while b"\r\n\r\n" not in reply:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                reply += chunk
            assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
            # the sign it was not read: a reply at all, while 5 MB announced were never sent
            # (a server waiting for them would not answer); the time, a ceiling only a hang
            # exceeds, on a machine however busy
            assert time.perf_counter() - start < HANG
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", "/api/games")
    assert conn.getresponse().status == 200  # still serving
