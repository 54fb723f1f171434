"""The misère commands (``quotient``, ``genus``, ``analyze --misere``, ``play --misere``):
closed output, a ruleset that raises named as normal play names it, the accent, the genus JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from grundy import find
from support import assert_one_line_error


@pytest.mark.parametrize("args", [["quotient", "0.77", "--no-save"], ["quotient", "kayles"],
                                  ["quotient", "0.75", "--json"]])
def test_closed_standard_output(args: list[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    done = subprocess.run([sys.executable, "-m", "grundy", *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=60,
                          env={**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)},
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr == "grundy: error: standard output is closed: nowhere to write the answer\n"


BOOM = '''from grundy.rules.base import HeapGame


class Boom(HeapGame):
    def options(self, n):
        if n >= 3:
            raise ValueError("x")
        return [n - 1] if n else []
'''


@pytest.mark.parametrize("args", [["quotient", "{}:Boom", "--no-save"],
                                  ["analyze", "{}:Boom", "3", "--misere"],
                                  ["genus", "{}:Boom", "3"], ["genus", "{}:Boom"],
                                  ["play", "{}:Boom", "3", "--misere"]])
def test_a_ruleset_that_raises_is_named(cli, tmp_path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad_rules.py"
    path.write_text(BOOM)
    result = cli(*(a.format(path) for a in args), input="q\n")
    assert_one_line_error(result, "Boom.options(3) raised ValueError: x (bad_rules.py, line 7)")
    normal = cli("analyze", f"{path}:Boom", "3")
    assert result.err == normal.err  # as normal play says it


def test_misere_is_spelt_with_its_accent(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("analyze", "nim", "3", "--misere").out.startswith("misère play:")
    assert cli("play", "nim", "1", "--misere", input="1\n").out.startswith("misère play:")
    assert "Misère play" in cli("analyze", "--help").out


def test_the_two_meanings_of_tame_have_two_keys(cli) -> None:  # type: ignore[no-untyped-def]
    from grundy.misere.genus import genus, heap_genera

    kayles = find("kayles")
    rows = json.loads(cli("genus", "kayles", "-n", "7", "--json").out)
    for row, (g, hereditary) in zip(rows, heap_genera(kayles, 7)):
        assert row["tame_genus"] == g.tame and row["tame"] == hereditary
    assert rows[6]["tame_genus"] and not rows[6]["tame"]  # heap 6 reaches the wild heap 5
    one = json.loads(cli("genus", "kayles", "6", "--json").out)
    assert one["tame_genus"] == genus(kayles, 6).tame is True and "tame" not in one
