"""Long board searches: the compiled search's table kept in a file, so a stopped run resumes.

:func:`solve` values one board of a board game whose boards the compiled search plays
(the game's ``search``: Cram, or Node Kayles on a grid); :func:`board_values` the table of
every ``r x c`` board up to a size.  Given a file, both load the values it
holds before they start and save every value found when they stop, finished or not: a
run stopped by Ctrl-C saves what it found and a second run with the same file goes on
from there.  The file holds nothing but exact values, with a checksum: a file that is
damaged, or is not such a table, is refused whole with one clear error and never read in
part.  With :func:`board_values`'s ``each`` the file also keeps the CPU time of each board
the run searched, so that a table filled over several runs still tells what each board cost.
The table in memory starts at 768 KB and doubles as the search fills it, up to
``memory`` bytes (12 a value, 32 MB by default): past it the smallest boards are forgotten
first (they are found again fast).  :func:`set_memory` sets that cap for every search (the
boards past 64 cells have a second table, of at most 5/6 of it more).

On a terminal a status line shows the components searched, the values kept, where the board's
own search is (``value 2? 6/31``: it asks whether some option has value 2, at the 6th of the 31
options still open) and the time, and says "table full" when the table is at its limit
and three quarters full (a larger ``memory`` may then make the search many times faster);
:func:`searching` shows it around any search (``grundy analyze``), and it is gone when the
search ends.

>>> import os, tempfile
>>> from grundy.rules.cells import Board
>>> path = os.path.join(tempfile.mkdtemp(), "cram.table")
>>> solve(Board.full(4, 5), table=path) if kernel() else 2
2
"""

from __future__ import annotations

import math
import os
import stat
import struct
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, BinaryIO, TextIO

from ..engine import value
from ..errors import GrundyError
from ..rules.boards import BoardGame, Search
from ..rules.cells import MAX_CELLS, Board
from ..rules.cram import kernel, native_rule

if TYPE_CHECKING:  # NumPy loads only where a table is built: a solve never pays for it
    import numpy as np

__all__ = ["MAX_CELLS", "MEMORY", "MEMORY_RANGE", "StatusLine", "TableNotSaved", "Times",
           "board_values", "check_tables", "check_writable", "load_table", "machine_memory",
           "save_table", "searching", "set_memory", "solve", "table_bytes"]

#: bytes of the table in memory by default (12 a value: 24 MB, the largest power of two of
#: slots within it).  Measured: 4 x 11 took as much CPU time with 2^21 slots as with 2^22
#: (38 MB at its peak, 62 with 2^22), 5 x 9 5% more; with 2^20, 4 x 11 14% more, 5 x 9 53%
#: more (under load)
MEMORY = 32 << 20
#: the least and the most bytes the table may be given: 1 MB, and 2^32 values (48 GB)
MEMORY_RANGE = (1 << 20, 12 << 32)
#: components searched between two calls of the progress (each a chance to stop: Ctrl-C,
#: --time)
_EVERY = 1 << 16
#: seconds between two status lines, and before the first (a quick board shows none)
_PAUSE = 1.0
_MAGIC = b"grundy board table 1\n"
_HEAD = struct.Struct("<QI")  # records, crc32 of the records
_WIDE = b"two words\n"  # the second part: records of pieces of more than 64 cells
_TIMES = b"board times\n"  # the last part: the CPU seconds of the boards a table searched
#: the parts between: the notes of the boards of one word and of two (the values each was
#: found not to have, its own value not known; files saved before they were kept have none)
_NOTES, _WIDE_NOTES = b"notes\n", b"two words notes\n"
_TIME = struct.Struct("<BHHd")  # a board's time: the search's rule, rows, columns, seconds
#: the parts of a table file, in their order: the name each begins with (none for the
#: first), and the words of its boards and whether it holds notes (0 words: the times)
_PARTS = ((b"", 1, False), (_WIDE, 2, False), (_NOTES, 1, True), (_WIDE_NOTES, 2, True),
          (_TIMES, 0, False))
#: the slots of the search's table dumped at a time, and the records read at a time, when a
#: table is saved or loaded (at most 20 MB: a part is never held whole beside the table)
_PIECE = 1 << 20
#: the most boards a times part names: every r x c board of at most MAX_CELLS cells, each game
_MOST_TIMES = len(Search) * sum(MAX_CELLS // r for r in range(1, MAX_CELLS + 1))
#: the CPU seconds the search took on the empty ``rows x cols`` boards, by
#: ``(rule, rows, cols)``, ``rule`` the search's number for the game
#: (:func:`~grundy.rules.cram.native_rule`)
Times = dict[tuple[int, int, int], float]


class TableNotSaved(GrundyError):
    """The search finished but its table could not be written to the file: the values found
    are kept here (``values``, in the order asked; ``table``, the array of
    :func:`board_values`), so that nothing computed is thrown away."""

    def __init__(self, message: str, values: list[int]) -> None:
        super().__init__(message)
        self.values = values
        self.table: np.ndarray | None = None


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise unless a board table can be saved at ``path``: checked before a search starts,
    so that a long search is never lost to a folder that does not exist.

    >>> import tempfile
    >>> where = os.path.join(tempfile.mkdtemp(), "no", "such", "t.table")
    >>> check_writable(where)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: cannot save the board table to .../t.table: its folder ... does not exist
    """
    target = Path(path)
    if target.is_dir():
        raise GrundyError(f"cannot save the board table to {path}: it is a folder")
    if target.exists() and not target.is_file():
        raise GrundyError(f"cannot save the board table to {path}: not a file (a device?)")
    if not target.parent.is_dir():
        raise GrundyError(f"cannot save the board table to {path}: its folder {target.parent} "
                          "does not exist")
    tmp = target.with_name(target.name + ".tmp")  # where save_table writes first
    try:
        existed = tmp.exists()
        with open(tmp, "ab"):
            pass
        if not existed:
            tmp.unlink()
    except OSError as error:
        raise GrundyError(f"cannot save the board table to {path}: {error.strerror}") from None


def _searched(game: str | BoardGame) -> tuple[BoardGame, Search]:
    """The board game (a catalog name, or the game) and the game the search plays on its
    boards; an error for a game the search does not play.

    >>> _searched("arc-kayles")[1]
    <Search.CRAM: 'cram'>
    >>> _searched("chomp")
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: the compiled board search plays cram and node-kayles (and the games that are one of them on a board), not 'chomp'
    """
    if isinstance(game, str):
        from ..catalog import find

        found = find(game)
    else:
        found = game
    if not isinstance(found, BoardGame) or found.search is None:
        plays = " and ".join(s.value for s in Search)
        name = game if isinstance(game, str) else found.label
        raise GrundyError(f"the compiled board search plays {plays} (and the games that are "
                          f"one of them on a board), not {name!r}")
    return found, found.search


def set_memory(memory: int) -> ModuleType | None:
    """Let the compiled search's table grow to ``memory`` bytes (rounded down to a power of
    two; 12 a value), forgetting what it holds if that changes its size; the search (None
    when it is not built).  A size out of :data:`MEMORY_RANGE` is refused.

    >>> set_memory(1000)
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: the board search's table takes 1 MB to 48 GB, got 1000 bytes
    """
    least, most = MEMORY_RANGE
    if not least <= memory <= most:
        raise GrundyError(f"the board search's table takes {least >> 20} MB to {most >> 30} GB, "
                          f"got {memory} bytes")
    found = kernel()
    slots = _slots(memory)
    if found is not None and found.stats()[2] != slots:
        found.set_slots(slots)
    return found


def table_bytes(memory: int, board: Board) -> int:
    """The most the search's tables take under a limit of ``memory`` bytes for ``board``:
    the table of 12-byte slots, their number the largest power of two within the limit,
    and for a board past 64 cells the second table's half as many slots of 20 bytes.

    >>> table_bytes(6 << 30, Board.full(5, 8)) >> 30, table_bytes(6 << 30, Board.full(3, 22)) >> 30
    (6, 11)
    >>> round(table_bytes(5 << 30, Board.full(3, 23)) / 2**30, 2)  # 2^28 slots: 3 GB + 2.5 GB
    5.5
    """
    slots = _slots(memory)
    return 12 * slots + 10 * slots if board.rows * board.cols > 64 else 12 * slots


def _slots(memory: int) -> int:
    """The slots of the table of one word under a limit of ``memory`` bytes: the largest
    power of two of 12-byte slots within it (the table of two words has half as many).

    >>> _slots(32 << 20) == 1 << 21, _slots(5 << 30) == 1 << 28
    (True, True)
    """
    return 1 << ((memory // 12).bit_length() - 1)


def machine_memory() -> int | None:
    """The machine's RAM in bytes, where the system says."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not a POSIX system
        return None


def check_tables(memory: int, board: Board, tables: int) -> None:
    """Refuse ``tables`` searches of ``board`` at once (one a worker of this machine), each
    with tables of at most ``memory`` bytes (:func:`table_bytes`), when together they may
    take more than the machine's memory.

    >>> check_tables(1 << 40, Board.full(3, 22), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: memory 1024.0G for each of 2 workers (1408.0G with the table ...
    """
    ram = machine_memory()
    each = table_bytes(memory, board)
    if ram is not None and tables * each > ram:
        wide = f" ({each / 2**30:.1f}G with the table of boards past 64 cells)" * (
            board.rows * board.cols > 64)
        raise GrundyError(f"memory {memory / 2**30:.1f}G for each of {tables} workers{wide} is "
                          f"more than this machine's memory ({ram / 2**30:.1f}G): give less, "
                          "or fewer workers")


def _kernel(memory: int) -> ModuleType:
    found = set_memory(memory)
    if found is None:
        raise GrundyError("a saved board table needs the compiled board search "
                          "(grundy.native._cram), which is not built here")
    return found


def save_table(path: str | os.PathLike[str], search: ModuleType,
               times: Mapping[tuple[int, int, int], float] | None = None) -> int:
    """Write the values the search holds to ``path`` (whole or not at all); their number.
    The pieces of more than 64 cells (two words each) follow those of one word, in a part
    of their own (none when there are none); then the notes of each width, the values a
    board was found not to have while its own is not known (a ``has_value`` search leaves
    mostly notes); then the boards' ``times`` (:data:`Times`; none when there are none).
    Each part is taken from the search a piece at a time (:data:`_PIECE` slots of its
    table), so that no more than a piece is held here besides the table."""
    def pieces(words: int, notes: bool) -> Iterator[bytes]:
        end = int(search.table_slots(words)[0]) + 8  # the 8 slots past the last hold some
        for start in range(0, end, _PIECE):
            yield search.dump(words, notes, start, start + _PIECE)

    clocked = b"".join(_TIME.pack(*board, seconds)
                       for board, seconds in sorted((times or {}).items()))
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(_MAGIC)
            count = 0
            for tag, words, notes in _PARTS:
                written = _write_part(out, tag, pieces(words, notes) if words else [clocked],
                                      _record_size(words))
                if words and not notes:  # the values, of one word and of two
                    count += written
        os.replace(tmp, target)
    except OSError:
        tmp.unlink(missing_ok=True)  # the table before, if any, stays whole
        raise
    return count


def _record_size(words: int) -> int:
    """The bytes of a record of a part of boards of ``words`` words (the mask, the shape,
    the value and cells or the notes; 0 words: a time).

    >>> _record_size(1), _record_size(2), _record_size(0) == _TIME.size
    (12, 20, True)
    """
    return 4 + 8 * words if words else _TIME.size


def _write_part(out: BinaryIO, tag: bytes, pieces: Iterable[bytes], size: int) -> int:
    """Write to ``out`` the part named ``tag``: its header (the number of records, of
    ``size`` bytes each, and their checksum), then the records, the bytes of ``pieces``;
    their number.  A named part with no records is not written (the first, unnamed, always
    is).

    >>> import io
    >>> out = io.BytesIO()
    >>> _write_part(out, b"x\\n", [b"ab", b"", b"cd"], 2), _write_part(out, b"y\\n", [b""], 2)
    (2, 0)
    >>> out.getvalue() == b"x\\n" + _HEAD.pack(2, zlib.crc32(b"abcd")) + b"abcd"
    True
    """
    head = out.tell()
    out.write(tag + _HEAD.pack(0, 0))
    count = crc = 0
    for records in pieces:
        out.write(records)
        count += len(records) // size
        crc = zlib.crc32(records, crc)
    if count or not tag:
        end = out.tell()
        out.seek(head + len(tag))
        out.write(_HEAD.pack(count, crc))
        out.seek(end)
    else:
        out.seek(head)
        out.truncate()
    return count


def load_table(path: str | os.PathLike[str], search: ModuleType,
               times: Times | None = None) -> int:
    """Give the search the values saved in ``path`` (none if there is no such file), and
    ``times`` the boards' times it holds (:data:`Times`; none in a file saved without them);
    the number of values (its notes are given too).  A file that is not a whole table saved
    by :func:`save_table` is refused, and nothing is read from it.  The file is read twice,
    a piece at a time (:data:`_PIECE` records): once for its checksums, then into the
    search's table, so that no more than a piece of it is held here besides the table."""
    # a table saved from tables of these sizes (each also holds the 8 slots past its last,
    # each slot a value or a note)
    most = (len(_MAGIC) + _HEAD.size + 12 * (int(search.table_slots(1)[1]) + 8)
            + 20 * (int(search.table_slots(2)[1]) + 8) + _TIME.size * _MOST_TIMES
            + sum(len(tag) + _HEAD.size for tag, *_ in _PARTS if tag))
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise GrundyError(f"{path}: not a board table saved by grundy (not a file)")
            if info.st_size > most:
                raise GrundyError(f"{path}: {info.st_size} bytes, more values than the search's "
                                  f"table keeps ({most} bytes); nothing was read from it")
            parts, clocked = _scan(handle, path)
            found = _times(clocked)
            if found is None:
                raise GrundyError(f"{path}: the board table is damaged (a board's time names "
                                  "no board the search plays, or is not a time); nothing was "
                                  "read from it")
            for words, notes, begin, count in parts:
                handle.seek(begin)
                size = _record_size(words)
                for first in range(0, count, _PIECE):
                    records = handle.read(size * min(_PIECE, count - first))
                    try:
                        search.load(records, words, notes)
                    except ValueError as error:
                        raise GrundyError(f"{path}: {error}") from None
    except FileNotFoundError:
        return 0
    except OSError as error:
        raise GrundyError(f"{path}: cannot read the board table ({error.strerror})") from None
    if times is not None:
        times.update(found)
    return sum(count for _, notes, _, count in parts if not notes)


def _scan(handle: BinaryIO,
          path: str | os.PathLike[str]) -> tuple[list[tuple[int, bool, int, int]], bytes]:
    """The parts of boards of the table file read from ``handle``, each (its words,
    whether it holds notes, where its records begin, their number), and the records of its
    times part (b"" when it has none); read a piece at a time, each part checked against its
    header.  A file that is not a whole table is refused (:class:`GrundyError`)."""
    if handle.read(len(_MAGIC)) != _MAGIC:
        raise GrundyError(f"{path}: not a board table saved by grundy")
    parts: list[tuple[int, bool, int, int]] = []
    clocked = b""
    for tag, words, notes in _PARTS:
        at = handle.tell()
        head = handle.read(len(tag) + _HEAD.size)
        if not tag and len(head) < _HEAD.size:
            raise GrundyError(f"{path}: not a board table saved by grundy")
        if head[:len(tag)] != tag or len(head) < len(tag) + _HEAD.size:
            handle.seek(at)  # no such part here
            continue
        count, crc = _HEAD.unpack_from(head, len(tag))
        size = _record_size(words)
        left, check = size * count, 0
        while left > 0:
            records = handle.read(min(left, size * _PIECE))
            if not records:
                break
            left -= len(records)
            check = zlib.crc32(records, check)
            if not words:
                clocked += records  # at most _MOST_TIMES (the file's size is checked)
        if left or check != crc:
            break
        if words and count:
            parts.append((words, notes, at + len(head), count))
    else:
        if not handle.read(1):
            return parts, clocked
    raise GrundyError(f"{path}: the board table is damaged (its checksum or length is "
                      "wrong); nothing was read from it")


def _times(records: bytes | memoryview) -> Times | None:
    """The boards' times in a times part's records; None if one names no board of at most
    ``MAX_CELLS`` cells of a game the search plays, is not a time, or names a board twice.

    >>> _times(_TIME.pack(0, 3, 14, 1.15) + _TIME.pack(1, 2, 5, 0.5))
    {(0, 3, 14): 1.15, (1, 2, 5): 0.5}
    >>> _times(_TIME.pack(0, 3, 14, 1.15) + _TIME.pack(0, 3, 14, 2.0)) is None
    True
    """
    rules = {native_rule(s) for s in Search}
    found: Times = {}
    for rule, rows, cols, seconds in _TIME.iter_unpack(records):
        if (rule not in rules or not 1 <= rows * cols <= MAX_CELLS
                or not math.isfinite(seconds) or seconds < 0 or (rule, rows, cols) in found):
            return None
        found[rule, rows, cols] = seconds
    return found


class StatusLine:
    """A status line on a terminal only (``stream``, stderr unless told): written over
    itself by :meth:`show`, taken away by :meth:`done`; ``start`` is when it began."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what, self.stream = what, stream if stream is not None else sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start, self.shown = time.monotonic(), False

    def show(self, line: str) -> None:
        """Write ``line`` over the one before (on a terminal)."""
        if self.on:
            self.stream.write(f"\r{line}  ")
            self.stream.flush()
            self.shown = True

    def done(self) -> None:
        """Take the line away, if it was shown."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


class _Status(StatusLine):
    """The status line of a long search: what is searched and kept, the time, and where
    the board's own search is (``where()``: the search's ``root``)."""

    def __init__(self, what: str, stream: TextIO | None = None,
                 where: Callable[[], tuple[int, int, int] | None] = lambda: None,
                 full: Callable[[], bool] = lambda: False) -> None:
        super().__init__(what, stream)
        self.where, self.full, self.next = where, full, self.start + _PAUSE

    def line(self, searched: int, stored: int) -> str:
        """The status line for these counts; it says so when the table is full.

        >>> _Status("cram 4x13", where=lambda: (2, 5, 31)).line(3_000_000, 250_000)[:71]
        'cram 4x13: 3.0 M components searched, 0.25 M values kept; value 2? 6/31'
        >>> _Status("cram 3x16", full=lambda: True).line(10**6, 10**5).partition("s; ")[2]
        'table full: a larger --memory may help'
        """
        root = self.where()
        at = f"; value {root[0]}? {root[1] + 1}/{root[2]}" if root else ""
        full = "; table full: a larger --memory may help" if self.full() else ""
        return (f"{self.what}: {searched / 1e6:.1f} M components searched, "
                f"{stored / 1e6:.2f} M values kept{at}, "
                f"{time.monotonic() - self.start:.0f} s{full}")

    def __call__(self, searched: int, stored: int) -> None:
        if self.on and time.monotonic() >= self.next:
            self.next = time.monotonic() + _PAUSE
            self.show(self.line(searched, stored))


@contextmanager
def searching(what: str, stream: TextIO | None = None) -> Iterator[None]:
    """Show the status line of the compiled search (named ``what``, such as ``cram 6x7``)
    on ``stream`` (stderr) while the block runs, if the stream is a terminal; it is gone
    afterwards.  Nothing without the compiled search."""
    found = kernel()
    if found is None:
        yield
        return
    status = _Status(what, stream, found.root, lambda: _full(found))
    found.set_progress(status, _EVERY)
    try:
        yield
    finally:
        found.set_progress(None)
        status.done()


def _full(search: ModuleType) -> bool:
    """Whether the search's table (of one-word boards) is at its limit and three quarters
    full: past that it forgets values to make room, and a long search can then take many
    times longer (Cram 3 x 16 took 465 s with 6 GB; with 32 MB it had no answer after
    900 s).

    >>> k = kernel()
    >>> k.clear() if k else None
    >>> _full(k) if k else False
    False
    """
    now, most = search.table_slots(1)
    _, stored, _, noted = search.stats()
    return bool(now == most and 4 * (stored + noted) >= 3 * most)


def solve(board: Board, game: str | BoardGame = "cram",
          table: str | os.PathLike[str] | None = None, memory: int = MEMORY,
          stream: TextIO | None = None, second_order: bool = False) -> int:
    """The value of ``board`` in ``game`` (a board game whose boards the compiled search
    plays, or its name: ``cram``, ``node-kayles``), resumable through the file ``table``
    (see the module docstring).  Without the compiled search and without a file, the
    engine computes it (small boards only).  ``second_order`` has the search try Cram's
    moves in a second order (of those equally near the centre of a piece, the dominoes its
    long axis does not cut in half first): the same value comes back by another proof, a
    check of a new value.

    >>> solve(Board.full(3, 7), second_order=True)
    1
    """
    return int(_values([board], game, table, memory, stream, second_order=second_order)[0])


#: what :func:`board_values` tells of each board as it is found: its rows, its columns, its
#: value (-1 past ``cells``), the CPU seconds its search took (None: past ``cells``, or its
#: value was in the file and its time not) and whether its value was in the file (then the
#: seconds are those of the run that searched it, kept in the file)
Each = Callable[[int, int, int, float | None, bool], None]


def board_values(rows: int, cols: int, game: str | BoardGame = "cram",
                 table: str | os.PathLike[str] | None = None, memory: int = MEMORY,
                 stream: TextIO | None = None, cells: int = MAX_CELLS,
                 each: Each | None = None, second_order: bool = False) -> np.ndarray:
    """Values of the empty ``r x c`` boards, ``1 <= r <= rows``, ``1 <= c <= cols``, as an
    int64 array (``-1`` for boards of more than ``cells`` cells, at most the search's 128),
    resumable through ``table``.  ``each`` is told of every board as soon as it is found,
    row by row (a long table is a log as it goes); the file then keeps the time of each board
    searched, told again when a later run finds its value there.  ``second_order``: as
    :func:`solve`'s (a check of a table wants a file of its own, or none: the values a file
    holds are not searched again).

    >>> board_values(2, 4).tolist()
    [[0, 1, 1, 2], [1, 0, 1, 0]]
    >>> _ = board_values(1, 3, cells=2, each=lambda r, c, v, s, f: print(r, c, v))
    1 1 0
    1 2 1
    1 3 -1
    """
    import numpy as np

    every = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    sizes = [(r, c) for r, c in every if r * c <= min(cells, MAX_CELLS)]
    out = np.full((rows, cols), -1, dtype=np.int64)
    told = 0  # the boards of ``every`` told to ``each`` so far

    def tell(upto: int, value: int = -1, seconds: float | None = None,
             from_file: bool = False) -> None:
        nonlocal told
        assert each is not None
        for r, c in every[told:upto]:  # those past ``cells`` before it
            each(r, c, -1, None, False)
        if upto < len(every):
            each(*every[upto], value, seconds, from_file)
        told = upto + 1

    found_one = None if each is None else (
        lambda i, v, s, f: tell(every.index(sizes[i], told), v, s, f))
    try:
        found = _values([Board.full(r, c) for r, c in sizes], game, table, memory, stream,
                        found_one, second_order)
        if each is not None:
            tell(len(every))
    except TableNotSaved as unsaved:
        for (r, c), v in zip(sizes, unsaved.values):
            out[r - 1, c - 1] = v
        unsaved.table = out
        raise
    for (r, c), v in zip(sizes, found):
        out[r - 1, c - 1] = v
    return out


def _check_order(ruleset: BoardGame, plays: Search, second_order: bool) -> None:
    """Refuse the second move order to a game other than Cram."""
    if second_order and plays is not Search.CRAM:
        raise GrundyError(f"{ruleset.label}: the second move order is Cram's (its dominoes "
                          "equally near a piece's centre); this game has one order")


def _values(boards: list[Board], game: str | BoardGame, table: str | os.PathLike[str] | None,
            memory: int, stream: TextIO | None,
            each: Callable[[int, int, float | None, bool], None] | None = None,
            second_order: bool = False) -> list[int]:
    """The values of ``boards``; ``each(i, value, seconds, from_file)`` as each is found
    (``from_file``: its value was in the file, and ``seconds`` the time the file keeps for
    it, or None).  ``each`` is given for empty boards only (:func:`board_values`'s), and the
    file keeps the time of each one searched.  ``second_order``: the compiled search tries
    Cram's moves in its second order (the engine's order is its own)."""
    ruleset, plays = _searched(game)
    _check_order(ruleset, plays, second_order)
    if kernel() is None and table is None:
        found = []
        for i, board in enumerate(boards):
            start = time.process_time()
            found.append(value(ruleset, board))
            if each is not None:
                each(i, found[-1], time.process_time() - start, False)
        return found
    rule, name = native_rule(plays), ruleset.label
    search = _kernel(memory)
    saved: set[int] = set()
    times: Times = {}  # the file's, and those of the boards searched here (with ``each``)
    if table is not None:
        check_writable(table)
        ruled = ({i for i, b in enumerate(boards) if _known(search, b, rule)}
                 if each is not None else set())  # those the file gives are the others
        if load_table(table, search, times) and each is not None:
            saved = {i for i, b in enumerate(boards)
                     if i not in ruled and _known(search, b, rule)}
    found = []
    search.set_order(second_order)
    try:
        for i, board in enumerate(boards):
            start = time.process_time()
            with searching(f"{name} {board.text()}", stream):
                found.append(int(search.value(board.rows, board.cols, board.mask, rule)))
            if each is None:
                continue
            key = (rule, board.rows, board.cols)
            if i in saved:
                each(i, found[-1], times.get(key), True)
                continue
            times[key] = seconds = time.process_time() - start
            each(i, found[-1], seconds, False)
    except KeyboardInterrupt:  # stopped: what was found is saved for the next run
        failed = _save(table, search, times)
        if failed is not None:
            raise GrundyError(f"interrupted, and {failed}: the values found are lost") from None
        raise
    except BaseException:
        _save(table, search, times)
        raise
    finally:
        search.set_order(False)
    failed = _save(table, search, times)
    if failed is not None:
        raise TableNotSaved(f"{failed}: the values were computed but not kept in the file",
                            found)
    return found


class _Searched(Exception):
    """Raised by :func:`_known`'s progress call: the search began searching."""


def _known(search: ModuleType, board: Board, rule: int) -> bool:
    """Whether the search gives ``board``'s value without searching a single component (it
    is in the table, or a rule gives it): asked with a progress call at every component,
    which stops the search at its first.

    >>> k = kernel()
    >>> k.clear() if k else None
    >>> [_known(k, Board.full(2, 2), 0), _known(k, Board.full(3, 5), 1)] if k else [True, False]
    [True, False]
    """
    def stop(searched: int, stored: int) -> None:
        raise _Searched

    search.set_progress(stop, 1)
    try:
        search.value(board.rows, board.cols, board.mask, rule)
    except _Searched:
        return False
    finally:
        search.set_progress(None)
    return True


def _save(table: str | os.PathLike[str] | None, search: ModuleType,
          times: Times) -> str | None:
    """Save the search's values and the boards' ``times`` to ``table`` (if given); what went
    wrong, or None."""
    if table is None:
        return None
    try:
        save_table(table, search, times)
    except OSError as error:
        return f"cannot save the board table to {table} ({error.strerror})"
    return None
