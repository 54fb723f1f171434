"""Board tables (grundy.research.boards): a table saved to a path that fails, refused before
any search or printed all the same, and its values against a plain search."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from grundy.errors import GrundyError
from brute import cram_value


def _kernel() -> Any:
    from grundy.rules.cram import kernel

    found = kernel()
    if found is None:
        pytest.skip("the compiled board search is not built")
    return found


def test_a_table_saved_where_no_folder_is_refused_before_any_search(tmp_path: Path,
                                                                   monkeypatch: Any) -> None:
    from grundy.research.boards import board_values

    search = _kernel()
    calls = []
    real = search.value
    monkeypatch.setattr(search, "value", lambda *a: calls.append(a) or real(*a))
    target = tmp_path / "nodir" / "t.tab"
    with pytest.raises(GrundyError) as info:
        board_values(2, 3, table=target)
    assert str(target) in str(info.value) and calls == []
    assert not target.parent.exists()


def test_a_table_whose_file_fails_at_the_end_is_printed_all_the_same(tmp_path: Path,
                                                                    monkeypatch: Any,
                                                                    capsys: Any) -> None:
    from grundy.cli.main import run
    from grundy.research import boards

    _kernel()

    def full(path: Any, search: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(boards, "save_table", full)
    target = tmp_path / "t.tab"
    assert run(["table", "cram", "--rows", "2", "--cols", "4", "--save", str(target)]) == 2
    out, err = capsys.readouterr()
    rows = [line.split()[1:] for line in out.splitlines()[1:]]
    assert rows == [[str(cram_value(r, c)) for c in range(1, 5)] for r in range(1, 3)]
    assert err.startswith("grundy: error: ") and err.count("\n") == 1 and str(target) in err


def test_a_board_solved_loads_no_numpy() -> None:
    """``solve`` is what a long search and the board benchmark start with: NumPy (25 MB and a
    tenth of a second) loads only where a table is built."""
    code = ("import sys; from grundy.research.boards import solve; "
            "from grundy.rules.cells import Board; "
            "print(solve(Board.full(2, 3)), 'numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == [str(cram_value(2, 3)), "False"]
