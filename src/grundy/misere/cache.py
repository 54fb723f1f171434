"""Misère quotients kept on disk, so that a game's quotient is computed once.

The folder is ``$GRUNDY_CACHE_DIR/quotients`` when that variable is set, else
``$XDG_CACHE_HOME/grundy/quotients``, else ``~/.cache/grundy/quotients``: one JSON file
per game, named after its notation (``0.77.json``).  A file is trusted only after the
quotient in it passes the same exact verification the solver applies (and, if it says
it is certified, the periodicity theorem's check); a file that cannot be read or does
not pass is reported in one line on stderr and left alone, never used.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path

from ..errors import GrundyError
from .quotient import Quotient, Unverified, verify
from .solver import HeapRules

__all__ = ["MAX_FILE", "cache_dir", "load", "save"]

#: the largest file taken for a quotient, read only after its size is checked: a quotient of
#: the solver's largest order (``solver.MAX_ORDER``, 6000) writes its table of 6000^2
#: numbers in at most 6 bytes each, and its words well within the rest
MAX_FILE = 8 * 6000**2 + (16 << 20)
#: the longest number read from a cached file (a quotient's numbers are its elements and
#: heap counts: a file with a longer one is damaged)
MAX_DIGITS = 30


def cache_dir() -> Path:
    """The folder of the cached quotients (not created here)."""
    root = os.environ.get("GRUNDY_CACHE_DIR")
    if root:
        return Path(root) / "quotients"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "grundy" / "quotients"


def _path(game: HeapRules) -> Path | None:
    notation = game.notation
    if not notation:
        return None  # a game without a notation has no stable name to file it under
    name = re.sub(r"[^A-Za-z0-9.,:+_-]", "_", notation).replace(":", "_")
    return cache_dir() / f"{name}.json"


def _warn(message: str) -> None:
    try:
        sys.stderr.write(f"grundy: warning: {message}\n")
    except (OSError, ValueError, AttributeError):  # no stderr: nothing to say it on
        pass


def load(game: HeapRules, seconds: float | None = None) -> Quotient | None:
    """The cached quotient of ``game`` (None if there is none, or it is not trusted, or
    its verification takes more than ``seconds``)."""
    path = _path(game)
    if path is None or not path.is_file():
        return None
    try:
        q = Quotient.from_dict(_read(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, GrundyError) as exc:
        _warn(f"the cached misère quotient {path} is unreadable ({_short(exc)}); not used")
        return None
    if q.game != game.notation:
        _warn(f"the cached misère quotient {path} is for {q.game}, not {game.notation}; "
              "not used")
        return None
    try:
        good = verify(game, q, seconds)
    except Unverified:
        _warn(f"the cached misère quotient {path} is not verified within {seconds:g} s "
              "here; not used")
        return None
    except GrundyError:
        good = False
    if not good:
        _warn(f"the cached misère quotient {path} fails its verification; not used")
        return None
    return q


def save(game: HeapRules, q: Quotient) -> Path | None:
    """Write ``q`` for ``game`` (atomically; keeps a larger or certified one already there).
    Returns the file, or None when the game has no notation or the folder is not writable."""
    path = _path(game)
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file():
            try:
                old = Quotient.from_dict(_read(path))
                if old.certified or (old.heaps >= q.heaps and not q.certified):
                    return path
            except (OSError, ValueError, GrundyError):
                pass  # an unreadable file is replaced by a good one
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(q.as_dict(), handle)
            os.replace(tmp, path)
        except OSError:
            os.unlink(tmp)  # a full disk: no half-written file left in the folder
            raise
        return path
    except OSError as exc:
        _warn(f"cannot write the misère quotient cache {path}: {exc.strerror or exc}")
        return None


def _read(path: Path) -> object:
    """The JSON data of ``path``, once its size is seen to be a quotient's (GrundyError if
    it is larger than any: such a file is not read at all)."""
    size = path.stat().st_size
    if size > MAX_FILE:
        raise GrundyError(f"{size} bytes, larger than any quotient's file ({MAX_FILE} bytes)")
    try:  # a damaged file: its numbers as long as a quotient's, its nesting as shallow
        return json.loads(path.read_text(encoding="utf-8"), parse_int=_number)
    except RecursionError:
        raise GrundyError("its JSON is nested deeper than any quotient's") from None


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise GrundyError(f"a number of {len(text)} digits, longer than any quotient's")
    return int(text)


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 120 else text[:117] + "..."
