"""CONTRIBUTING.md tells the truth: a heap family added the documented way (its module and
one registry line) is found by ``grundy games``, by every command that takes a GAME, and by
``analyze``, with its kernel checked against the engine."""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.cli.main import run

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text()

# The family of the guide's example, as its module would be written under grundy/rules/.
FAMILY = '''
import numpy as np

from grundy.rules.base import HeapGame


class TakeHalf(HeapGame):
    """Take one token, or half of the heap (rounded down) when it is even."""

    has_kernel = True
    notation = "take-half"

    def options(self, n):
        return sorted({n - 1, n // 2} if n and n % 2 == 0 else {n - 1} if n else set())

    def kernel_sequence(self, n):
        g = np.zeros(n, dtype=np.int64)
        for k in range(1, n):
            seen = {g[k - 1]} | ({g[k // 2]} if k % 2 == 0 else set())
            g[k] = min(set(range(3)) - seen)
        return g
'''


@pytest.fixture
def family(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    (tmp_path / "take_half.py").write_text(textwrap.dedent(FAMILY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalog, "_ENTRIES", catalog._ENTRIES)  # undone after the test
    catalog.register(catalog.Entry("take-half", "heap", "take one token, or half an even heap",
                                   "the CONTRIBUTING.md example", "take_half:TakeHalf",
                                   aliases=("halves",)))
    yield
    catalog._find.cache_clear()
    sys.modules.pop("take_half", None)


def test_the_guide_names_the_two_files_of_a_family() -> None:
    section = GUIDE.split("## Add a rule family", 1)[1].split("\n## ", 1)[0]
    assert "src/grundy/rules/" in section and "src/grundy/catalog/__init__.py" in section
    assert re.search(r"Entry\(", section)


def test_a_family_added_the_documented_way_is_everywhere(family, capsys) -> None:  # type: ignore[no-untyped-def]
    game = grundy.find("halves")
    # its kernel agrees with the engine on its own options (a copy without the kernel)
    plain = type("Plain", (type(game),), {"has_kernel": False})()
    engine = [grundy.value(plain, k) for k in range(60)]
    assert game.kernel_sequence(60).tolist() == engine
    assert run(["games"]) == 0
    assert "take-half (also: halves)" in capsys.readouterr().out
    assert run(["sequence", "take-half", "-n", "8"]) == 0
    assert capsys.readouterr().out.split() == [str(v) for v in engine[:8]]
    assert run(["analyze", "take-half", "6", "3"]) == 0
    out = capsys.readouterr().out
    total = engine[6] ^ engine[3]
    assert f"value (XOR of the parts): {total}" in out
    assert run(["analyze", "take-half", "x"]) == 2
    assert "grundy: error:" in capsys.readouterr().err
