"""Long sequences: values written to a ``.npy`` file as they are computed, resumable.

``grundy sequence CODE -n N --out FILE.npy`` computes into a memory map of the file, so
sizes past memory work; beside the file, ``FILE.npy.part`` records the game and how many
values are final.  A run that is stopped (Ctrl-C, a killed process) leaves both, and
``--resume`` continues from the last count recorded; a finished run removes the record,
leaving a plain ``.npy`` file (``numpy.load`` reads it).  The values are written first and
the count after, so the record never claims a value that is not on disk.

>>> import tempfile, os, numpy as np
>>> from grundy.rules.heap import TakeAndBreak
>>> path = os.path.join(tempfile.mkdtemp(), "kayles.npy")
>>> sequence_to_file(TakeAndBreak("0.77"), 12, path)
12
>>> np.load(path).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

import errno
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from ..errors import GrundyError
from ..rules.base import HeapGame

__all__ = ["Progress", "finish", "open_values", "sequence_to_file"]


def _record(path: Path) -> Path:
    return path.with_name(path.name + ".part")


def _write_record(path: Path, game: str, n: int, done: int) -> None:
    record, tmp = _record(path), path.with_name(path.name + ".part.tmp")
    try:
        tmp.write_text(json.dumps({"game": game, "n": n, "done": done}) + "\n")
        os.replace(tmp, record)
    except OSError:
        tmp.unlink(missing_ok=True)  # the record before stays as it was
        raise


def _reserved(path: Path, n: int, game: str, done: int = 0,
              final: np.ndarray | None = None) -> np.memmap[Any, Any]:
    """A new memory map of ``n`` uint16 values at ``path`` (the ``final`` ones copied to its
    start) and the record of ``done`` of them, its disk space reserved first: a map of a
    sparse file faults (a bus error, no message) at the first page a full disk cannot back.
    The file is made beside ``path`` and moved there once it and its record are written,
    so that on failure (OSError) whatever was at ``path`` stays as it was."""
    from numpy.lib.format import open_memmap

    new = path.with_name(path.name + ".new")
    try:
        values = open_memmap(new, mode="w+", dtype=np.uint16, shape=(n,))
        try:
            with open(new, "r+b") as handle:
                size = os.fstat(handle.fileno()).st_size
                if size and hasattr(os, "posix_fallocate"):
                    os.posix_fallocate(handle.fileno(), 0, size)
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                del values
                raise
        if final is not None:
            values[: len(final)] = final
            values.flush()
        _write_record(path, game, n, done)
        os.replace(new, path)
        return values
    except OSError:
        new.unlink(missing_ok=True)
        raise


def _read_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(_record(path).read_text())
        if not (isinstance(data, dict) and isinstance(data.get("game"), str)
                and isinstance(data.get("done"), int) and isinstance(data.get("n"), int)):
            raise ValueError
        return data
    except FileNotFoundError:
        raise GrundyError(f"{path}: nothing to resume (no unfinished run recorded beside it "
                          f"in {_record(path).name})") from None
    except (OSError, ValueError):
        raise GrundyError(f"{_record(path)}: not a record of an unfinished run") from None


def _open(path: Path, n: int, resume: bool, game: str) -> tuple[np.memmap[Any, Any], int]:
    """The memory map of ``n`` uint16 values and how many are final already."""
    from numpy.lib.format import open_memmap

    if not resume:
        if _record(path).exists():
            raise GrundyError(f"{path}: an unfinished run is recorded there; add --resume to "
                              "continue it, or remove the file and its .part record")
        return _reserved(path, n, game), 0
    record = _read_record(path)
    if record["game"] != game:
        raise GrundyError(f"{path}: that run computes {record['game']}, not {game}")
    try:
        values = open_memmap(path, mode="r+")
    except (OSError, ValueError) as exc:
        raise GrundyError(f"{path}: cannot reopen the values ({exc})") from None
    if values.dtype != np.uint16 or values.ndim != 1:
        raise GrundyError(f"{path}: not a file of values written by grundy sequence --out")
    done = min(record["done"], len(values))
    if n > len(values):  # a longer run: a larger file, the final values copied over
        # on a full disk: the run as it was, resumable
        return _reserved(path, n, game, done, values[:done]), done
    _write_record(path, game, n, done)
    return values, done


def sequence_to_file(game: HeapGame, n: int, out: str | os.PathLike[str], *,
                     resume: bool = False,
                     report: Callable[[int, int], None] | None = None) -> int:
    """Write the values of heaps 0..n-1 of ``game`` to the ``.npy`` file ``out``
    (uint16), resumable; returns ``n``.  ``report(done, n)`` is called as values become
    final.  A stop (KeyboardInterrupt) keeps the values written and their count.

    Games whose kernel fills values in place (octal codes with at most two heaps per move,
    Grundy's game) resume where they stopped; any other heap game is computed whole and
    then written.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GrundyError(f"the number of values must be a non-negative integer, got {n!r}")
    values, done, note = open_values(out, n, resume, game.notation, report)
    if done < n:
        try:
            game.fill(values, done, n, note)
        except OSError as exc:
            raise GrundyError(f"{out}: cannot write ({exc.strerror or exc})") from None
        note(n)  # flushes: every value is on disk before the record goes
    finish(out)
    return n


def open_values(out: str | os.PathLike[str], n: int, resume: bool, game: str,
                report: Callable[[int, int], None] | None = None,
                ) -> tuple[np.ndarray, int, Callable[[int], None]]:
    """A resumable file of ``n`` uint16 values for ``game`` (its notation): the memory map,
    how many values are final already, and ``note(i)``, which makes the first ``i`` final
    (flushed to disk, then recorded) and calls ``report(i, n)``.  The record stays beside
    the file until :func:`finish` removes it (:func:`sequence_to_file` and a period search
    with ``--out`` use it)."""
    path = _checked_path(out)
    try:
        values, done = _open(path, n, resume, game)
    except OSError as exc:
        raise GrundyError(f"{path}: cannot write ({exc.strerror or exc})") from None

    def note(i: int) -> None:
        try:
            values.flush()  # the values first, then the count that vouches for them
            _write_record(path, game, n, i)
        except OSError as exc:
            raise GrundyError(f"{path}: cannot write ({exc.strerror or exc})") from None
        if report is not None:
            report(i, n)

    return values, done, note


def finish(out: str | os.PathLike[str]) -> None:
    """Remove the record of a run whose values are all final: a plain ``.npy`` remains."""
    _record(Path(out)).unlink(missing_ok=True)


def _checked_path(out: str | os.PathLike[str]) -> Path:
    path = Path(out)
    if path.suffix != ".npy":
        raise GrundyError(f"--out takes a .npy file name, got {str(out)!r}")
    if path.is_dir():
        raise GrundyError(f"{path}: is a folder, not a file name")
    return path


class Progress:
    """A one-line progress bar on a terminal (count, rate, ETA); silent elsewhere.

    >>> import io
    >>> Progress("0.77", stream=io.StringIO())(5, 10)   # not a terminal: nothing shown
    """

    def __init__(self, what: str, stream: TextIO | None = None, every: float = 0.2) -> None:
        self.what = what
        self.stream = stream if stream is not None else sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.monotonic()
        self.first: int | None = None
        self.every, self.shown = every, 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if self.first is None:
            self.first, self.start = done, now
            return
        if now - self.shown < self.every and done < total:
            return
        self.shown = now
        rate = (done - self.first) / max(now - self.start, 1e-9)
        eta = (total - done) / rate if rate > 0 else float("inf")
        eta_text = time.strftime("%H:%M:%S", time.gmtime(eta)) if eta < 86400 * 99 else "?"
        share = 100 * done / total if total else 100.0
        self.stream.write(f"\r{self.what}: {done}/{total} heaps ({share:5.1f}%), "
                          f"{rate / 1e6:.2f} M/s, ETA {eta_text}  ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
