"""Shared test helpers."""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import settings

import warm
from support import HANG

# As the grundy command does (grundy.cli.console): no OpenBLAS thread pool, which would cost
# each of the suite's processes (its workers, each grundy it starts) 60 ms of CPU at import.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

settings.register_profile("default", deadline=None, max_examples=60)
# ten times the drawings, to look for the rare one that makes a test slow (a hang to be):
# pytest --hypothesis-profile=stress
settings.register_profile("stress", deadline=None, max_examples=600)
settings.load_profile("default")

# A suite started in the background by a shell without job control (`cmd &`, nohup, some CI
# runners) inherits SIGINT ignored, and a process may be started with it blocked; every
# grundy the suite starts would inherit the same, and the Ctrl-C tests could not stop them
# (Python installs its SIGINT handler only where SIGINT is not ignored, and a blocked signal
# stays pending forever).  A handler here is reset to the default in each child at exec, and
# the signal mask a child inherits is that of the thread that starts it: unblocked here.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

#: Under this variable (set by .ci/run) a test that skips because something outside the
#: repository is missing (../shared, g++, cargo, the compiled extension, a browser) fails:
#: CI has all of them, so every comparison runs there.
REQUIRE_ALL = os.environ.get("GRUNDY_REQUIRE_ALL") == "1"


#: the longest test files, longest first (seconds of their tests, measured on two workers):
#: they start first.  A worker takes a file at a time (--dist loadfile), so a long file
#: handed out last keeps one core busy while the other has nothing left to do.
LONG_FIRST = (
    "tests/cli/test_limits.py",  # 45 s
    "tests/web/test_browser.py",  # 33 s
    "tests/research/test_split.py",  # 28 s
    "tests/rules/test_boards.py",  # 22 s
    "tests/research/test_survey.py",  # 21 s
    "tests/cli/test_hostile.py",  # 19 s
    "tests/misere/test_solver.py",  # 16 s
    "tests/test_types.py",  # 15 s in a clean clone (mypy has no cache yet)
    "tests/test_docs.py",  # 14 s
    "tests/formats/test_nim.py",  # 14 s
    "tests/catalog/test_loading.py",  # 14 s
    "tests/web/test_boards_browser.py",  # 13 s
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if REQUIRE_ALL and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under GRUNDY_REQUIRE_ALL=1, where nothing may be missing: {reason}"


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_cli(*args: str, input: bytes | str | None = None) -> Result:
    """Run ``grundy ARGS`` in a process of its own, as a user would (a warm child:
    tests/warm.py)."""
    data = input.encode() if isinstance(input, str) else input
    ran = warm.run(list(args), data)
    return Result(ran.code, ran.out.decode(), ran.err.decode())


@pytest.fixture
def cli():
    return run_cli


# -- the playground in a browser (tests/browser.py has the rest) ---------------------------

@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app under uvicorn on a free loopback port, in a thread (for the browser tests)."""
    import uvicorn

    from grundy.web.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + HANG  # a wait for a sign, not a measure: only a hang ends it
    while not srv.started:
        assert time.monotonic() < deadline, f"the server did not start in {HANG} s"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from browser import ARGS, CHROMIUM
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1150, "height": 860},
                                  reduced_motion="reduce")  # no pause before grundy's reply
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready='1']", timeout=15000)
    yield tab
    assert errors == [], errors  # the page logged no error
    context.close()
