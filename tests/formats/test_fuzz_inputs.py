"""Mangled contest inputs: always an answer or one clean error line, never a crash."""

from __future__ import annotations

import sys
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.cli import console
from grundy.cli.main import run
from grundy.formats import PROBLEMS

EXAMPLES = {name: (resources.files("grundy.formats") / "examples" / f"{name}.in").read_bytes()
            for name in PROBLEMS}
NOISE = st.sampled_from([b"0", b"1", b"9", b" ", b"\n", b"\r\n", b"-", b"+", b"x", b"\t",
                         b"99999999999999999999999", b"\xff", b"\x00", b"0.5", b"",
                         b"9" * 5000, b"0" * 5000])  # past Python's int-to-str limit


@st.composite
def mangled(draw, data):
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(out)))
        cut = draw(st.integers(0, 3))
        out[at : at + cut] = draw(NOISE)
    return bytes(out)


@pytest.mark.parametrize("problem", PROBLEMS)
def test_mangled_inputs_never_crash(problem, tmp_path, capfd):
    path = tmp_path / "input.txt"

    @settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(mangled(EXAMPLES[problem]), st.sampled_from([[], ["--json"], ["--explain"]]))
    def check(data, flags):
        path.write_bytes(data)
        code = run(["solve", problem, str(path), *flags])
        out, err = capfd.readouterr()
        assert code in (0, 2), err
        if code == 2:
            assert out == "" and err.startswith("grundy: error: ") and err.count("\n") == 1
            assert "internal error" not in err, err
        else:
            assert err == "" and out.endswith("\n")

    check()


@pytest.mark.parametrize("problem", PROBLEMS)
def test_mangled_inputs_through_the_console_fast_path(problem, tmp_path, capfd, monkeypatch):
    """The same, through the console script's judge-run path and its handover to the CLI:
    the same answer or error line as the CLI alone gives."""
    path = tmp_path / "input.txt"

    @settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(mangled(EXAMPLES[problem]))
    def check(data):
        path.write_bytes(data)
        code = run(["solve", problem, str(path)])
        expected = capfd.readouterr()
        monkeypatch.setattr(sys, "argv", ["grundy", "solve", problem, str(path)])
        try:
            console.main()
            fast_code = 0
        except SystemExit as exit:
            fast_code = exit.code
        got = capfd.readouterr()
        assert (fast_code, got.out, got.err) == (code, expected.out, expected.err)

    check()
