"""Checks shared by the test files (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def assert_one_line_error(result: Any, words: str, line: int | None = None) -> None:
    """Exit 2, nothing on stdout, and one line ``grundy: error: [line N: ]...`` holding ``words``."""
    assert result.code == 2, result
    assert result.out == "", result.out
    prefix = "grundy: error: " + (f"line {line}: " if line is not None else "")
    assert result.err.startswith(prefix), result.err
    assert result.err.count("\n") == 1 and result.err.endswith("\n"), result.err
    assert words in result.err, result.err


def golden_rows(name: str) -> list[tuple[str, str]]:
    """The data lines of ``tests/data/<name>``, each with the ``# source:`` line above it.

    A source line covers the data lines right below it; every data line must have
    one, so a file where one lacks it fails here.
    """
    rows, source = [], None
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("# source:"):
            source = line
        elif line.startswith("#") or not line:
            source = None  # another comment or a blank line ends a source's rows
        else:
            assert source, f"{name}: {line[:40]!r} has no source line"
            rows.append((source, line))
    return rows
