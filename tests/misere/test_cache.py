"""Misère quotients kept on disk (grundy.misere.cache): verified within the question's
time, and a file that is not a quotient warned of once."""

from __future__ import annotations

import json

import pytest

from grundy import GrundyError, find
from grundy.misere.quotient import Quotient, quotient


def test_the_verification_within_a_question(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A cached quotient not verified within the question's time is not used (and said so)."""
    from grundy.misere import cache

    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    cache.save(find("0.75"), quotient(find("0.75")))
    assert cache.load(find("0.75"), 1e-9) is None
    assert "not verified within" in capsys.readouterr().err
    assert cache.load(find("0.75"), 60) is not None


@pytest.mark.parametrize("data,words", [
    ({"table": [[0, 1], [1]]}, "(not a misère quotient: the table is not square)"),
    ({"table": [[0]], "P": [], "phi": [0, 0], "heaps": 3},
     "the pretending function has 2 entries, not one for each heap 0..3"),
    ({"table": [[0]], "P": []}, "no field 'phi'"),
])
def test_cache_warnings_say_it_once(cli, tmp_path, monkeypatch, data, words) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    (tmp_path / "quotients").mkdir()
    (tmp_path / "quotients" / "0.77.json").write_text(json.dumps(data))
    result = cli("analyze", "kayles", "3", "--misere")
    assert result.code == 0 and "outcome:" in result.out
    assert result.err.count("\n") == 1 and words in result.err, result.err
    assert result.err.count("not a misère quotient") == 1
    with pytest.raises(GrundyError) as info:
        Quotient.from_dict(data)
    assert str(info.value).count("not a misère quotient") == 1
