"""The playground in a real browser, what the browser test files share: the system's
Chromium (Playwright never downloads one here: Debian's package, which CI installs), the
mark that skips without it, and the page's controls (start a game, wait for an answer,
read the winner).  The fixtures ``server``, ``browser`` and ``page`` are in conftest.py.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"),
                             shutil.which("chromium-browser")) if p and os.path.exists(p)), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium browser on this machine")


def settle(page: Any) -> None:
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=15000)


def start(page: Any, game: str, position: str, grundy_first: bool = False) -> None:
    page.select_option("#game-select", game)
    settle(page)
    page.fill("#position", position)
    page.check(f"input[name=first][value={'grundy' if grundy_first else 'you'}]")
    page.click("#new-game")
    settle(page)


def over(page: Any) -> str | None:
    return page.evaluate("document.body.dataset.winner || null")
