"""Board tables (grundy.research.boards): a table saved to a path that fails, refused before
any search or printed all the same, and its values against a plain search."""

from __future__ import annotations

import errno
import io
import random
import struct
import subprocess
import sys
import zlib
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

    def full(*args: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(boards, "save_table", full)
    target = tmp_path / "t.tab"
    assert run(["table", "cram", "--rows", "2", "--cols", "4", "--save", str(target)]) == 2
    out, err = capsys.readouterr()
    rows = [line.split()[1:] for line in out.splitlines()[1:]]
    assert rows == [[str(cram_value(r, c)) for c in range(1, 5)] for r in range(1, 3)]
    assert err.startswith("grundy: error: ") and err.count("\n") == 1 and str(target) in err


# -- each board as it is found (grundy table --each), resumed from the file ------------------


def _published() -> dict[str, dict[int, int]]:
    """tests/data/board_values.txt: game -> {columns: value} of its 3-row boards."""
    from support import golden_rows

    found = {}
    for _, line in golden_rows("board_values.txt"):
        game, first, values = line.split(" ", 2)
        found[game] = {int(first) + i: int(v) for i, v in enumerate(values.split(", "))}
    return found


def _told(game: str, rows: int, cols: int,
          **given: Any) -> list[tuple[int, int, int, Any, bool]]:
    from grundy.research.boards import board_values

    told: list[tuple[int, int, int, Any, bool]] = []
    table = board_values(rows, cols, game, each=lambda *a: told.append(a), **given)
    assert [(r, c, v) for r, c, v, *_ in told] == [
        (r, c, int(table[r - 1, c - 1])) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return told


@pytest.mark.parametrize("game,most", [("cram", 8), ("node-kayles", 10)])
def test_each_board_is_told_row_by_row_with_the_published_and_the_plain_values(game: str,
                                                                               most: int) -> None:
    """Cram 3 x 3 .. 3 x 7 (Lemoine and Viennot), Node Kayles 3 x 1 .. 3 x 9 (OEIS A316632),
    and every smaller board against the plain search; boards past ``cells`` told as -1."""
    from brute import node_moves, plain_cells

    _kernel().clear()
    told = _told(game, 3, most, cells=3 * most - 1)
    published = _published()[game]
    assert all(v == published[c] for r, c, v, *_ in told if r == 3 and c in published
               and v >= 0)
    assert told[-1] == (3, most, -1, None, False)
    for r, c, v, seconds, from_file in told[:-1]:
        cells = [(i, j) for i in range(r) for j in range(c)]
        plain = cram_value(r, c) if game == "cram" else plain_cells(cells, node_moves)
        assert v == plain and seconds is not None and seconds >= 0 and not from_file, (r, c)


def test_a_table_resumed_from_its_file_tells_its_boards_from_the_file_and_searches_none(
        tmp_path: Path, monkeypatch: Any) -> None:
    """The boards the file gives are told with the time the run that searched them took
    (kept in the file), the others (a rule gives them) with this run's."""
    from grundy.research import boards

    k, table = _kernel(), tmp_path / "cram3.table"
    k.clear()
    first = _told("cram", 3, 9, table=table)
    assert k.stats()[0] > 100 and not any(f for *_, f in first)
    k.clear()  # a fresh process's table: only the file's values
    again = _told("cram", 3, 9, table=table)
    assert k.stats()[0] <= len(again)  # one component a board at most: asked if it is known
    assert [a[:3] for a in again] == [a[:3] for a in first]
    from_file = {(r, c) for r, c, *_, f in again if f}
    assert (3, 9) in from_file and (3, 8) in from_file and len(from_file) > 10
    for before, after in zip(first, again):  # the first run's times, to the last bit
        assert after[3] == before[3] if after[4] else after[3] is not None, (before, after)
    assert sum(after[3] for after in again if after[4]) > 0

    # stopped in the middle (as by Ctrl-C): what was told stays, the next run goes on
    k.clear()
    table.unlink()
    calls: list[int] = []

    def stop(self: Any, searched: int, stored: int) -> None:
        calls.append(searched)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(boards, "_EVERY", 256)
    monkeypatch.setattr(boards._Status, "__call__", stop)
    told: list[Any] = []
    with pytest.raises(KeyboardInterrupt):
        boards.board_values(3, 12, "cram", table=table, each=lambda *a: told.append(a))
    assert 0 < len(told) < 36 and not any(f for *_, f in told)  # none from a file
    monkeypatch.setattr(boards._Status, "__call__", lambda self, a, b: None)
    k.clear()
    rest = _told("cram", 3, 12, table=table)
    assert [a[:3] for a in rest[:len(told)]] == [a[:3] for a in told]
    # the last one told before the stop: in the file, with the time the stopped run took
    assert rest[len(told) - 1][3:] == (told[-1][3], True)
    published = _published()["cram"]
    assert [v for r, c, v, *_ in rest if r == 3 and c >= 3] == [published[c] for c in
                                                                  range(3, 13)]


# -- the status line and the table's size ----------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_the_status_line_shows_on_a_terminal_only_and_is_gone_at_the_end(
        monkeypatch: Any, terminal: bool) -> None:
    from grundy.research import boards

    k = _kernel()
    k.clear()
    monkeypatch.setattr(boards, "_EVERY", 256)
    monkeypatch.setattr(boards, "_PAUSE", 0.0)
    stream = _Terminal() if terminal else io.StringIO()
    with boards.searching("cram 5x6", stream):
        assert k.value(5, 6, (1 << 30) - 1, 0) == 2  # Beling's table
    with boards.searching("cram 2x2", stream):  # no component searched: no line
        k.value(2, 2, 15, 0)
    text = stream.getvalue()
    if not terminal:
        assert text == ""
        return
    lines = text.split("\r")[1:]
    assert len(lines) > 2 and lines[-1] == "\033[K" and text.count("\033[K") == 1
    assert all(line.startswith("cram 5x6: ") and " components searched" in line
               for line in lines[:-1])


def test_the_status_line_says_when_the_table_is_full(monkeypatch: Any) -> None:
    """With the least table (2^16 slots), 3 x 13 fills it, and the line says so; with the
    default it does not."""
    from grundy.research import boards

    k = _kernel()
    monkeypatch.setattr(boards, "_EVERY", 256)
    monkeypatch.setattr(boards, "_PAUSE", 0.0)
    try:
        lines = {}
        for memory in (1 << 20, boards.MEMORY):
            boards.set_memory(memory)
            k.clear()
            stream = _Terminal()
            with boards.searching("cram 3x13", stream):
                assert k.value(3, 13, (1 << 39) - 1, 0) == 2  # Lemoine and Viennot
            lines[memory] = stream.getvalue().split("\r")[1:-1]
        assert any(line.rstrip().endswith("table full: a larger --memory may help")
                   for line in lines[1 << 20])
        assert lines[boards.MEMORY] and not any("table full" in line
                                                for line in lines[boards.MEMORY])
    finally:
        boards.set_memory(boards.MEMORY)
        k.clear()


def test_the_table_is_sized_to_the_memory_given(tmp_path: Path) -> None:
    """12 bytes a slot, a power of two of slots within the memory given."""
    from grundy.research import boards

    k = _kernel()
    try:
        for memory, slots in [(1 << 20, 1 << 16), (100 << 20, 1 << 23), (512 << 20, 1 << 25)]:
            assert boards.set_memory(memory) is k and k.table_slots()[1] == slots
        assert boards.solve(boards.Board.full(4, 5), memory=3 << 20) == 2
        assert k.table_slots()[1] == 1 << 18
        for bad in [0, (1 << 20) - 1, (12 << 32) + 1]:
            with pytest.raises(GrundyError, match="takes 1 MB to 48 GB"):
                boards.set_memory(bad)
    finally:
        boards.set_memory(boards.MEMORY)


def test_a_board_solved_loads_no_numpy() -> None:
    """``solve`` is what a long search and the board benchmark start with: NumPy (25 MB and a
    tenth of a second) loads only where a table is built."""
    code = ("import sys; from grundy.research.boards import solve; "
            "from grundy.rules.cells import Board; "
            "print(solve(Board.full(2, 3)), 'numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == [str(cram_value(2, 3)), "False"]


# -- the boards' times kept in the file: a third part, read whole or refused ----------------


def _old_format(path: Path, search: Any) -> int:
    """Write the search's one-word values as a table was written before it kept times: the
    magic line, the count and CRC32 of the 12-byte records, the records; their number."""
    records = search.dump()
    path.write_bytes(b"grundy board table 1\n"
                     + struct.pack("<QI", len(records) // 12, zlib.crc32(records)) + records)
    return len(records) // 12


def test_a_table_saved_before_times_were_kept_loads_as_before_and_tells_no_time(
        tmp_path: Path) -> None:
    from grundy.research import boards

    k, table = _kernel(), tmp_path / "old.table"
    k.clear()
    boards.board_values(3, 8, "cram")
    count = _old_format(table, k)
    k.clear()
    times = {(0, 1, 1): 9.0}
    assert boards.load_table(table, k, times) == count == k.stats()[1] > 0
    assert times == {(0, 1, 1): 9.0}  # none added
    k.clear()
    told = _told("cram", 3, 8, table=table)
    from_file = [(r, c, s) for r, c, _, s, f in told if f]
    assert len(from_file) > 10 and all(s is None for *_, s in from_file)
    assert b"board times" in table.read_bytes()  # this run's times, now kept
    # a table saved without times is written in that format, byte for byte, its notes after
    k.clear()
    boards.board_values(3, 8, "cram")
    boards.save_table(tmp_path / "plain.table", k)
    _old_format(table, k)
    plain, old = (tmp_path / "plain.table").read_bytes(), table.read_bytes()
    assert plain.startswith(old) and plain[len(old):].startswith(b"notes\n")
    assert len(plain) == len(old) + 6 + 12 + 12 * k.stats()[3]


def test_the_times_are_kept_by_a_save_that_searched_without_each(tmp_path: Path) -> None:
    """``table --save`` without --each (and every other save of a table file) keeps the times
    the file holds."""
    from grundy.research import boards

    k, table = _kernel(), tmp_path / "cram.table"
    k.clear()
    first = _told("cram", 3, 8, table=table)
    k.clear()
    boards.board_values(3, 9, "cram", table=table)  # r x 9 searched, their times not kept
    k.clear()
    again = _told("cram", 3, 9, table=table)
    assert again[-1][:2] == (3, 9) and again[-1][3:] == (None, True)
    earlier = {(r, c): s for r, c, _, s, _ in first}
    from_file = [(r, c, s) for r, c, _, s, f in again if f]
    assert len(from_file) > 10 and all(s == earlier.get((r, c)) for r, c, s in from_file)


def _times_part(data: bytes) -> int:
    """Where the times part of a saved table begins."""
    at = data.find(b"board times\n")
    assert at > 0 and data.count(b"board times\n") == 1
    return at


def _rebuilt(data: bytes, records: bytes) -> bytes:
    """The table ``data`` with its times part's records replaced (a right count and CRC)."""
    at = _times_part(data)
    return (data[:at] + b"board times\n" + struct.pack("<QI", len(records) // 13,
                                                       zlib.crc32(records)) + records)


def _damages(data: bytes) -> dict[str, bytes]:
    """A saved table with times, damaged in its times part in every way a file is."""
    at = _times_part(data)
    head = at + len(b"board times\n")
    flipped = bytearray(data)
    flipped[-2] ^= 0x40  # a bit of a time
    counted = bytearray(data)
    counted[head] += 1  # one record more than there are
    one = struct.Struct("<BHHd")
    return {
        "cut in the last time": data[:-1],
        "cut in a record": data[:-7],
        "cut in the part's name": data[:at + 4],
        "cut in the part's header": data[:head + 5],
        "a bit of a time flipped": bytes(flipped),
        "its count changed": bytes(counted),
        "a byte after it": data + b"\0",
        "an unknown game": _rebuilt(data, one.pack(7, 3, 4, 0.5)),
        "a board past the search's cells": _rebuilt(data, one.pack(0, 12, 12, 0.5)),
        "a board of no cells": _rebuilt(data, one.pack(0, 0, 4, 0.5)),
        "a time that is no time": _rebuilt(data, one.pack(0, 3, 4, float("nan"))),
        "a time before zero": _rebuilt(data, one.pack(0, 3, 4, -1.0)),
        "a board twice": _rebuilt(data, one.pack(0, 3, 4, 0.5) + one.pack(0, 3, 4, 0.5)),
    }


def test_a_damaged_times_part_is_refused_and_nothing_is_read(tmp_path: Path) -> None:
    from grundy.research import boards

    k, table = _kernel(), tmp_path / "cram.table"
    k.clear()
    _told("cram", 3, 8, table=table)
    data = table.read_bytes()
    k.clear()
    times: dict[tuple[int, int, int], float] = {}
    assert boards.load_table(table, k, times) > 0 and len(times) > 10  # whole, it loads
    assert _damages(data).keys() and len(set(_damages(data).values())) == len(_damages(data))
    for how, damaged in _damages(data).items():
        table.write_bytes(damaged)
        k.clear()
        times = {}
        with pytest.raises(GrundyError, match="damaged.*nothing was read") as info:
            boards.load_table(table, k, times)
        assert str(table) in str(info.value), how
        assert k.stats()[1] == 0 and times == {}, how
    # cut just before the part, it is a whole table without times: it loads, telling none
    table.write_bytes(data[:_times_part(data)])
    k.clear()
    assert boards.load_table(table, k, times) > 0 and times == {}


def test_a_save_that_fails_in_the_times_part_leaves_the_table_before(tmp_path: Path,
                                                                     monkeypatch: Any) -> None:
    from grundy.research import boards

    k, table = _kernel(), tmp_path / "cram.table"
    k.clear()
    _told("cram", 3, 6, table=table)
    before = table.read_bytes()
    real_open = open

    def failing_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(file, mode, *args, **kwargs)
        if "w" in mode:
            write = handle.write

            def full(data: bytes) -> int:
                if data.startswith(b"board times\n"):
                    raise OSError(errno.ENOSPC, "No space left on device")
                return int(write(data))

            handle.write = full
        return handle

    monkeypatch.setattr("builtins.open", failing_open)
    with pytest.raises(OSError):
        boards.save_table(table, k, {(0, 3, 7): 1.0})
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ["cram.table"]
    assert table.read_bytes() == before


class _FullTables:
    """A search whose tables hold at most ``one`` and ``two`` slots (and the 8 past each
    table's last), and that keeps what it is given."""

    def __init__(self, one: int, two: int) -> None:
        self.most, self.given = {1: one, 2: two}, {1: 0, 2: 0}

    def table_slots(self, words: int = 1) -> tuple[int, int]:
        return 0, self.most[words]

    def load(self, records: bytes, words: int = 1, notes: bool = False) -> None:
        self.given[words] += len(records) // (12 if words == 1 else 20)


@pytest.mark.parametrize("extra", [0, 1])
def test_a_table_full_in_both_widths_loads_and_one_value_more_is_refused(tmp_path: Path,
                                                                         extra: int) -> None:
    """A file saved from full tables, one word and two (each with its 8 slots past the
    last), is given back whole; one value more than they hold is refused, nothing read."""
    from grundy.research.boards import _HEAD, _MAGIC, _WIDE, load_table

    search = _FullTables(1 << 12, 1 << 11)
    one, two = bytes(12 * ((1 << 12) + 8)), bytes(20 * ((1 << 11) + 8 + extra))
    path = tmp_path / "full.table"
    path.write_bytes(_MAGIC + _HEAD.pack(len(one) // 12, zlib.crc32(one)) + one
                     + _WIDE + _HEAD.pack(len(two) // 20, zlib.crc32(two)) + two
                     + bytes(100_000 * extra))  # past every times part a file can hold
    if extra:
        with pytest.raises(GrundyError, match="more values than the search's table keeps"):
            load_table(path, search)  # type: ignore[arg-type]
        assert search.given == {1: 0, 2: 0}
    else:
        assert load_table(path, search) == len(one) // 12 + len(two) // 20  # type: ignore[arg-type]
        assert search.given == {1: len(one) // 12, 2: len(two) // 20}


def test_a_table_saved_and_loaded_in_small_pieces_is_the_table_saved_whole(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A table is written and read a piece at a time: with pieces of 7 slots (and records)
    the file is byte for byte the one written in one piece, it loads the same values and
    notes, and a byte damaged in any piece of any part is refused with nothing given to the
    search (the checksums are all read before the first record is given)."""
    from grundy.research import boards
    from grundy.rules.cells import Board

    k = _kernel()
    most = k.stats()[2]
    k.set_slots(1 << 10, 16)  # full: the 8 slots past the last hold records too
    try:
        _saved_in_pieces(k, tmp_path, monkeypatch)
    finally:
        k.set_slots(most)


def _saved_in_pieces(k: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from grundy.research import boards
    from grundy.rules.cells import Board

    for rows, cols, r in [(3, 9, 1), (3, 10, 1), (2, 33, 0)]:  # 2 x 33: two-word notes
        k.has_value(rows, cols, Board.full(rows, cols).mask, 0, r)
    assert k.table_slots() == (1 << 10, 1 << 10) and k.stats()[1] + k.stats()[3] > 1024
    def records() -> list[list[bytes]]:  # each part's records, in any order
        return [sorted(part[i:i + 8 * w + 4] for i in range(0, len(part), 8 * w + 4))
                for w in (1, 2) for n in (False, True) for part in [k.dump(w, n)]]

    dumps = records()
    assert dumps[0] and dumps[1] and dumps[3]
    whole, pieces = tmp_path / "whole.table", tmp_path / "pieces.table"
    kept = boards.save_table(whole, k, {(0, 2, 35): 1.5})
    monkeypatch.setattr(boards, "_PIECE", 7)
    assert boards.save_table(pieces, k, {(0, 2, 35): 1.5}) == kept == k.stats()[1]
    data = pieces.read_bytes()
    assert data == whole.read_bytes()
    k.set_slots(1 << 12)  # cleared, with room for every record loaded
    times: dict[tuple[int, int, int], float] = {}
    assert boards.load_table(pieces, k, times) == kept and times == {(0, 2, 35): 1.5}
    assert records() == dumps
    rng = random.Random(3)
    for where in rng.sample(range(len(boards._MAGIC), len(data)), 40):
        damaged = bytearray(data)
        damaged[where] ^= 1 << rng.randrange(8)
        pieces.write_bytes(bytes(damaged))
        k.clear()
        with pytest.raises(GrundyError, match="damaged|not a board table"):
            boards.load_table(pieces, k)
        assert k.stats()[1] == k.stats()[3] == 0 and not k.dump(2) and not k.dump(2, True)
    k.clear()


def test_the_notes_are_kept_in_the_file_and_a_damaged_note_part_is_refused(
        tmp_path: Path) -> None:
    """The values a board was found not to have (the notes of has_value) are saved in their
    own part and given back whole: asked again from the file, the question searches no board
    more.  A notes part damaged anywhere is refused, nothing read."""
    from grundy.research import boards
    from grundy.rules.cells import Board

    k, table = _kernel(), tmp_path / "notes.table"
    k.clear()
    board = Board.full(3, 13)
    answer = k.has_value(3, 13, board.mask, 0, 0)
    noted, kept = k.stats()[3], k.stats()[1]
    assert noted > 1000
    assert boards.save_table(table, k) == kept
    data = table.read_bytes()
    assert b"notes\n" in data
    k.clear()
    assert boards.load_table(table, k) == kept and k.stats()[3] == noted
    searched = k.stats()[0]
    assert k.has_value(3, 13, board.mask, 0, 0) == answer and k.stats()[0] == searched
    at = data.index(b"notes\n") + len(b"notes\n") + 12
    for where in [at - 12, at, at + 12 * noted // 2, at + 12 * noted - 1]:
        damaged = bytearray(data)
        damaged[where] ^= 0x10
        table.write_bytes(bytes(damaged))
        k.clear()
        with pytest.raises(GrundyError, match="damaged.*nothing was read"):
            boards.load_table(table, k)
        assert k.stats()[1] == k.stats()[3] == 0
    k.clear()
