"""Surveys: every take-and-break code of a family at once, on Dask, resumable in SQLite.

A survey takes a *pattern* such as ``0.???`` (``?``: any octal digit 0-7), expands it to
canonical codes (``0.10`` is ``0.1``; codes without a move, ``0.0``, are left out), finds
each game's period with :func:`grundy.research.periodicity.find_period` under a budget of heaps
(and seconds), and keeps every result in an SQLite file as it arrives, so that a stopped
survey resumes and a larger budget recomputes only the games left open below it.  The
games run on a Dask cluster (:mod:`distributed`: a local one, or one given by the address
of its scheduler), or one after the other in this process.  Only the process that runs the
survey writes the file; workers return plain data.

A code with an *idle* zero move (taking a whole heap of ``k`` when heap ``k`` can already
move to value 0, :meth:`~grundy.rules.heap.TakeAndBreak.without_idle_moves`) has the
sequence of the code without it: such codes are computed once, and each row records the
code that was computed as ``same_as`` (a proof of equality, not an observation).

Games whose sequences are identical form one *class*, named by its first code; a class
that is another one shifted, ``g(n) = g_other(n + k)`` for every heap ``n`` (certified
games: exactly, from their periods; open games: over the heaps both computed, when both
computed the same number), records the nearest such class and ``k`` as ``shift_of``.

>>> expand("0.?")
['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
>>> len(expand("0.??")), expand("0.1?")[:3]
(63, ['0.1', '0.11', '0.12'])
>>> row = compute("0.07", 1000)            # Dawson's Kayles
>>> row["preperiod"], row["period"], row["certified"], row["largest"]
(53, 34, True, 9)
>>> rows = {r["code"]: r for r in (compute(c, 1000) for c in ["0.07", "0.137", "0.4"])}
>>> for code, (cls, shift) in sorted(classes(rows.values()).items()):
...     print(code, cls, shift)
0.07 0.07 ('0.4', 1)
0.137 0.137 ('0.07', 1)
0.4 0.4 None
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import json
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import GrundyError
from . import cluster

__all__ = [
    "MISERE_HEAPS",
    "MISERE_SECONDS",
    "MAX_CODES",
    "SHIFTS",
    "Progress",
    "SurveyDB",
    "classes",
    "compute",
    "compute_misere",
    "expand",
    "read_codes",
    "run_survey",
    "sort_key",
]

#: The most codes one survey takes (a pattern matching more is refused).
MAX_CODES = 10_000
#: the most characters of a file of codes read (10^4 codes with their comments fit well)
MAX_CODES_FILE = 4 << 20
#: Shifts 1..SHIFTS are looked for between classes.
SHIFTS = 8
#: Heaps and seconds a misère survey gives each game when not told.
MISERE_HEAPS = 300
MISERE_SECONDS = 10.0
#: How many times a game whose worker died is sent again (besides Dask's own retries).
RESUBMIT = 2

_OCTAL = "01234567"
_HEX = "0123456789abcdef"


# -- which codes -------------------------------------------------------------------------


def sort_key(code: str) -> tuple[int, str]:
    """Codes in the order of the tables: by the digit before the point, then as a fraction.

    >>> sorted(["0.1", "0.07", "4.1", "0.11", "0.7"], key=sort_key)
    ['0.07', '0.1', '0.11', '0.7', '4.1']
    """
    head, _, tail = code.partition(".")
    return int(head, 16), tail.ljust(64, "0")


def _canonical(code: str) -> str | None:
    """The canonical code, or None when it has no move (every digit after the point 0)."""
    from ..catalog import take_and_break

    game = take_and_break(code)
    return game.code if any(game.digits) else None


def expand(pattern: str) -> list[str]:
    """The canonical codes a pattern matches, each once, in table order.

    ``?`` stands for one octal digit 0-7, ``[03]`` for one of the digits in the brackets;
    other characters are the code's own digits.  A ``?`` before the point takes only 0
    and 4 (the digits a code may start with there, up to octal).  Subtraction games are
    the codes of digits 0 and 3 (3: take k, leaving nothing or one heap): ``0.[03][03]``
    are those with moves in {1, 2}.

    >>> expand("?.1")
    ['0.1', '4.1']
    >>> expand("0.0?")
    ['0.01', '0.02', '0.03', '0.04', '0.05', '0.06', '0.07']
    >>> expand("0.[03][03]")
    ['0.03', '0.3', '0.33']
    """
    text = pattern.strip().lower()
    head, dot, tail = text.partition(".")

    def bad(why: str) -> GrundyError:
        return GrundyError(f"bad survey pattern {pattern!r}: {why}")

    if not dot or len(head) != 1 or not tail:
        raise bad("expected one digit or ? before the point and digits, ? or [...] after "
                  "it, like 0.??? or 4.1? or 0.[03][03]")
    if head != "?" and head not in _HEX:
        raise bad(f"{head!r} is neither a digit nor ?")
    if head != "?" and int(head, 16) & 3:
        raise bad("the digit before the point may only be 0, 4, 8 or c")
    places = _places(tail, bad)
    count = 2 if head == "?" else 1
    for digits in places:
        count *= len(digits)
    if count > MAX_CODES:
        raise bad(f"it matches {count} codes, more than the {MAX_CODES} a survey takes")
    heads = "04" if head == "?" else head
    codes: set[str] = set()
    for h in heads:
        for chosen in itertools.product(*places):
            c = _canonical(f"{h}.{''.join(chosen)}")
            if c is not None:
                codes.add(c)
    if not codes:
        raise bad("it matches no game (every code has no move)")
    return sorted(codes, key=sort_key)


def _places(tail: str, bad: Callable[[str], GrundyError]) -> list[str]:
    """The digits each place after the point may take: ``?`` any octal digit, ``[...]``
    those listed, a digit itself (the whole text read before any code is built)."""
    places: list[str] = []
    i = 0
    while i < len(tail):
        ch = tail[i]
        if ch == "?":
            places.append(_OCTAL)
        elif ch == "[":
            end = tail.find("]", i)
            listed = tail[i + 1:end] if end >= 0 else ""
            if end < 0 or not listed:
                raise bad("a '[' needs digits and a ']' after them, like [03]")
            for d in listed:
                if d not in _HEX:
                    raise bad(f"{d!r} in [{listed}] is not a digit")
            places.append("".join(sorted(set(listed), key=listed.index)))
            i = end
        elif ch in _HEX:
            places.append(ch)
        else:
            raise bad(f"{ch!r} is neither a digit nor ? nor [...]")
        i += 1
    return places


def read_codes(path: str) -> list[str]:
    """The codes of a file: one code or pattern a line; ``#`` starts a comment.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("0.77  # Kayles\\n\\n0.07\\n0.1?\\n")
    >>> read_codes(f.name)[:4], len(read_codes(f.name)); os.unlink(f.name)
    (['0.07', '0.1', '0.11', '0.12'], 10)
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_CODES_FILE + 1)
        if len(text) > MAX_CODES_FILE:
            raise GrundyError(f"cannot read the codes file {path}: longer than "
                              f"{MAX_CODES_FILE >> 20} MB (a survey takes {MAX_CODES} codes)")
        lines = text.splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not a text file"
        raise GrundyError(f"cannot read the codes file {path}: {why}") from None
    codes: set[str] = set()
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            codes.update(expand(text))
        except GrundyError as exc:
            raise GrundyError(f"{path}, line {number}: {exc}") from None
        if len(codes) > MAX_CODES:
            raise GrundyError(f"{path} holds more than the {MAX_CODES} codes a survey takes")
    if not codes:
        raise GrundyError(f"{path} holds no code")
    return sorted(codes, key=sort_key)


def codes_of(argument: str) -> list[str]:
    """``@FILE`` (or an existing file's path) gives the file's codes, anything else a pattern.

    >>> codes_of("0.7?")[:2]
    ['0.7', '0.71']
    """
    if argument.startswith("@"):
        return read_codes(argument[1:])
    if "." not in argument.strip() and os.path.isfile(argument):
        return read_codes(argument)
    try:
        return expand(argument)
    except GrundyError:
        if os.path.isfile(argument):
            return read_codes(argument)
        raise


def same_games(codes: Sequence[str]) -> dict[str, list[str]]:
    """The codes to compute, each with the codes it stands for (in the order given).

    Each code is computed as itself without its idle zero moves (same sequence, proved):

    >>> same_games(["0.76", "0.761", "0.07", "0.771"])
    {'0.76': ['0.76', '0.761'], '0.07': ['0.07'], '0.77': ['0.771']}
    """
    from ..catalog import take_and_break

    out: dict[str, list[str]] = {}
    for code in codes:
        plain = take_and_break(code).without_idle_moves()[0]
        out.setdefault(plain.code, []).append(code)
    return out


# -- one game (runs on a worker) -----------------------------------------------------------


def _digest(kind: str, values: np.ndarray) -> str:
    h = hashlib.blake2b(digest_size=12)
    h.update(f"{kind}:{len(values)}:".encode())
    h.update(np.ascontiguousarray(values, dtype=np.int64).tobytes())
    return h.hexdigest()


def _keys(values: np.ndarray, certified: bool, preperiod: int | None,
          period: int | None) -> dict[str, list[str]]:
    """Fingerprints that find identical and shifted sequences without the sequences.

    ``self[k] == tail[k]`` of another game means ``g(n) = g_other(n + k)``.  A certified
    sequence is named by its preperiod, period and the values up to one period past the
    preperiod (of the sequence shifted by ``k``): the whole infinite sequence.  An open
    one by its values: ``self[k]`` the heaps ``0..N-1-k``, ``tail[k]`` the heaps ``k..N-1``.
    """
    if certified:
        assert preperiod is not None and period is not None
        tail = []
        for k in range(SHIFTS + 1):
            e = max(preperiod - k, 0)
            tail.append(_digest(f"c{e}/{period}", values[k:k + e + period]))
        return {"self": [tail[0]] * (SHIFTS + 1), "tail": tail}
    n = len(values)
    return {"self": [_digest("o", values[:n - k]) for k in range(SHIFTS + 1)],
            "tail": [_digest("o", values[k:]) for k in range(SHIFTS + 1)]}


def compute(code: str, max_n: int, seconds: float | None = None) -> dict[str, Any]:
    """Period, statistics and fingerprints of one code: a plain dict (what a worker returns).

    >>> r = compute("0.77", 500)
    >>> r["code"], r["preperiod"], r["period"], r["certified"], r["checked_to"]
    ('0.77', 71, 12, True, 256)
    >>> sorted(set(r) - {"code", "preperiod", "period", "saltus", "certified", "checked_to"})[:5]
    ['keys', 'largest', 'largest_at', 'last_rare', 'rare_count']
    >>> sorted(set(r) - {"code", "preperiod", "period", "saltus", "certified", "checked_to"})[5:]
    ['rare_mask', 'reason', 'same_as', 'seconds']
    """
    from ..catalog import take_and_break
    from .periodicity import find_period
    from .stats import sequence_stats

    start = time.monotonic()
    game = take_and_break(code)
    if seconds is not None:
        result = find_period(game, max_n, seconds=seconds)
    else:
        result = find_period(game, max_n)
    n = result.checked_to
    if result.certified and result.preperiod is not None and result.period is not None:
        n = max(n, result.preperiod + result.period + SHIFTS + 1)
    values = np.asarray(game.sequence(n), dtype=np.int64)
    stats = getattr(result, "stats", None)
    if stats is None or n != result.checked_to:
        stats = sequence_stats(values[:result.checked_to])
    return {
        "code": game.code,
        "preperiod": result.preperiod,
        "period": result.period,
        "saltus": result.saltus,
        "certified": bool(result.certified),
        "checked_to": result.checked_to,
        "reason": result.reason,
        **stats.as_dict(),
        "keys": _keys(values if result.certified else values[:result.checked_to],
                      result.certified, result.preperiod, result.period),
        "seconds": round(time.monotonic() - start, 3),
        "same_as": None,
    }


def time_budget_supported() -> bool:
    """Whether :func:`find_period` takes a time budget (``seconds=``)."""
    from .periodicity import find_period

    return "seconds" in inspect.signature(find_period).parameters


# -- classes -------------------------------------------------------------------------------


def compute_misere(code: str, max_n: int, seconds: float | None = None) -> dict[str, Any]:
    """The misère quotient of one code (:func:`grundy.misere.quotient.quotient`) as a
    row: its order, |P|, the pretending function's preperiod and period when certified,
    and the heaps computed (``checked_to``: Q is partial at that heap when not certified).

    >>> row = compute_misere("0.75", 300)
    >>> row["order"], row["p_size"], row["certified"], row["period"], row["preperiod"]
    (8, 2, True, 2, 8)
    """
    from ..catalog import find
    from ..misere.quotient import quotient

    start = time.monotonic()
    try:
        q = quotient(find(code), heaps=max_n, seconds=seconds or MISERE_SECONDS)
    except GrundyError as exc:
        return {"code": code, "certified": False, "order": None, "p_size": None,
                "period": None, "preperiod": None, "checked_to": 0, "reason": str(exc),
                "seconds": time.monotonic() - start}
    reason = q.theorem if q.certified else f"partial at heap {q.heaps} ({q.stopped})"
    return {"code": code, "certified": q.certified, "order": q.order,
            "p_size": len(q.p_portion), "period": q.period, "preperiod": q.preperiod,
            "checked_to": q.heaps, "reason": reason, "seconds": time.monotonic() - start}


def classes(rows: Iterable[dict[str, Any]]) -> dict[str, tuple[str, tuple[str, int] | None]]:
    """code -> (its class: the first code with the same sequence, its nearest shift or None).

    The shift ``(other, k)`` says ``g(n) = g_other(n + k)`` for every heap, ``other`` a
    class other than this one and ``k`` the least such in 1..SHIFTS (ties: the first class).
    """
    rows = sorted(rows, key=lambda r: sort_key(r["code"]))
    first: dict[str, str] = {}  # self[0] fingerprint -> class
    of: dict[str, str] = {}
    for r in rows:
        of[r["code"]] = first.setdefault(r["keys"]["self"][0], r["code"])
    tails: list[dict[str, str]] = [{} for _ in range(SHIFTS + 1)]
    for r in rows:
        if of[r["code"]] == r["code"]:
            for k in range(1, SHIFTS + 1):
                tails[k].setdefault(r["keys"]["tail"][k], r["code"])
    shift: dict[str, tuple[str, int] | None] = {}
    for r in rows:
        cls = of[r["code"]]
        if cls not in shift:
            shift[cls] = None
            keys = r["keys"]["self"]
            for k in range(1, SHIFTS + 1):
                other = tails[k].get(keys[k])
                if other is not None and other != cls:
                    shift[cls] = (other, k)
                    break
    return {code: (cls, shift[cls]) for code, cls in of.items()}


# -- the database (written by the client only) ---------------------------------------------

_COLUMNS = ("code", "preperiod", "period", "saltus", "certified", "checked_to", "reason",
            "largest", "largest_at", "rare_mask", "rare_count", "last_rare", "keys",
            "seconds", "same_as")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    preperiod INTEGER, period INTEGER, saltus INTEGER,
    certified INTEGER NOT NULL, checked_to INTEGER NOT NULL, reason TEXT NOT NULL,
    largest INTEGER, largest_at INTEGER, rare_mask INTEGER, rare_count INTEGER,
    last_rare INTEGER,
    keys TEXT NOT NULL,
    seconds REAL NOT NULL,
    runs INTEGER NOT NULL DEFAULT 1,
    updated TEXT NOT NULL,
    same_as TEXT
);
"""


_MISERE_COLUMNS = ("code", "certified", "order_q", "p_size", "period", "preperiod",
                   "checked_to", "reason", "seconds")

_MISERE_SCHEMA = """
CREATE TABLE IF NOT EXISTS misere (
    code TEXT PRIMARY KEY,
    certified INTEGER NOT NULL, order_q INTEGER, p_size INTEGER,
    period INTEGER, preperiod INTEGER, checked_to INTEGER NOT NULL, reason TEXT NOT NULL,
    seconds REAL NOT NULL,
    runs INTEGER NOT NULL DEFAULT 1,
    updated TEXT NOT NULL
);
"""


class SurveyDB:
    """The SQLite file of a survey: one row per code, written as each result arrives.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "s.sqlite")
    >>> with SurveyDB(path) as db:
    ...     db.put(compute("0.77", 500))
    ...     db.get("0.77")["period"], db.get("0.77")["runs"], db.get("0.7")
    (12, 1, None)
    """

    def __init__(self, path: str, create: bool = True) -> None:
        self.path = path
        if not create and not os.path.isfile(path):
            raise GrundyError(f"no survey database at {path}: run a survey with --db {path} "
                              "first")
        if os.path.isdir(path):
            raise GrundyError(f"cannot use {path} as the survey database: it is a folder")
        if os.path.exists(path) and not os.path.isfile(path):  # SQLite would write beside it
            raise GrundyError(f"cannot use {path} as the survey database: not a file "
                              "(a device?)")
        try:
            self.conn = sqlite3.connect(path, timeout=30)
            self.conn.execute(_SCHEMA)
            self.conn.execute(_MISERE_SCHEMA)
            columns = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
            if "same_as" not in columns:  # a file written before same_as was recorded
                self.conn.execute("ALTER TABLE games ADD COLUMN same_as TEXT")
            self.conn.commit()
        except sqlite3.Error as exc:
            raise GrundyError(f"cannot use {path} as the survey database: {exc}") from None

    def __enter__(self) -> SurveyDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (everything written is already committed)."""
        self.conn.close()

    def abandon(self) -> None:
        """Drop a result whose writing was interrupted (a stop between its insert and its
        commit), so that what is counted next is what the file holds."""
        self.conn.rollback()

    def put(self, row: dict[str, Any]) -> None:
        """Store one result (committed at once), counting how many times it was computed.

        An open result never replaces one that was certified or computed further (say,
        a run with a smaller ``--time``): that row stays, and only its count grows.
        """
        values = [json.dumps(row[c]) if c == "keys" else row[c] for c in _COLUMNS]
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        updates = ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[1:])
        try:
            self.conn.execute("UPDATE games SET runs = runs + 1 WHERE code = ? AND NOT ? AND "
                              "(certified OR checked_to >= ?)",
                              [row["code"], row["certified"], row["checked_to"]])
            self.conn.execute(
                f"INSERT INTO games ({', '.join(_COLUMNS)}, updated) "
                f"VALUES ({', '.join('?' * (len(_COLUMNS) + 1))}) "
                f"ON CONFLICT(code) DO UPDATE SET {updates}, runs = runs + 1, "
                "updated = excluded.updated WHERE excluded.certified OR "
                "(NOT games.certified AND excluded.checked_to > games.checked_to)",
                [*values, now])
            self.conn.commit()
        except sqlite3.Error as exc:
            raise GrundyError(f"cannot write to the survey database {self.path}: {exc}") from None

    def put_misere(self, row: dict[str, Any]) -> None:
        """Store one misère result, as :meth:`put` does (a partial quotient never replaces
        a certified one or one computed to a larger heap)."""
        values = [row["order"] if c == "order_q" else row[c] for c in _MISERE_COLUMNS]
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        updates = ", ".join(f"{c} = excluded.{c}" for c in _MISERE_COLUMNS[1:])
        try:
            self.conn.execute("UPDATE misere SET runs = runs + 1 WHERE code = ? AND NOT ? AND "
                              "(certified OR checked_to >= ?)",
                              [row["code"], row["certified"], row["checked_to"]])
            self.conn.execute(
                f"INSERT INTO misere ({', '.join(_MISERE_COLUMNS)}, updated) "
                f"VALUES ({', '.join('?' * (len(_MISERE_COLUMNS) + 1))}) "
                f"ON CONFLICT(code) DO UPDATE SET {updates}, runs = runs + 1, "
                "updated = excluded.updated WHERE excluded.certified OR "
                "(NOT misere.certified AND excluded.checked_to > misere.checked_to)",
                [*values, now])
            self.conn.commit()
        except sqlite3.Error as exc:
            raise GrundyError(f"cannot write to the survey database {self.path}: {exc}") from None

    def misere_rows(self, codes: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Stored misère rows (of ``codes``, or all) in table order."""
        try:
            cur = self.conn.execute(f"SELECT {', '.join(_MISERE_COLUMNS)}, runs, updated "
                                    "FROM misere")
            rows = []
            for values in cur.fetchall():
                row = dict(zip((*_MISERE_COLUMNS, "runs", "updated"), values))
                row["order"] = row.pop("order_q")
                row["certified"] = bool(row["certified"])
                rows.append(row)
        except sqlite3.Error as exc:
            raise GrundyError(f"cannot read the survey database {self.path}: {exc}") from None
        if codes is not None:
            wanted = set(codes)
            rows = [r for r in rows if r["code"] in wanted]
        return sorted(rows, key=lambda r: sort_key(r["code"]))

    def _read(self, where: str = "", args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        try:
            cur = self.conn.execute(f"SELECT {', '.join(_COLUMNS)}, runs, updated FROM games "
                                    f"{where}", args)
            out = []
            for values in cur.fetchall():
                row = dict(zip((*_COLUMNS, "runs", "updated"), values))
                row["keys"] = json.loads(row["keys"])
                row["certified"] = bool(row["certified"])
                out.append(row)
            return out
        except (sqlite3.Error, ValueError) as exc:
            raise GrundyError(f"cannot read the survey database {self.path}: {exc}") from None

    def get(self, code: str) -> dict[str, Any] | None:
        """The stored row of a code, or None."""
        rows = self._read("WHERE code = ?", [code])
        return rows[0] if rows else None

    def rows(self, codes: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Stored rows (of ``codes``, or all) in table order."""
        rows = self._read()
        if codes is not None:
            wanted = set(codes)
            rows = [r for r in rows if r["code"] in wanted]
        return sorted(rows, key=lambda r: sort_key(r["code"]))


def needs_work(row: dict[str, Any] | None, max_n: int) -> bool:
    """Whether a stored row must be computed (again) under a budget of ``max_n`` heaps.

    >>> needs_work(None, 10), needs_work({"certified": True, "checked_to": 5}, 10)
    (True, False)
    >>> needs_work({"certified": False, "checked_to": 5}, 10), needs_work({"certified": False, "checked_to": 10}, 10)
    (True, False)
    """
    return row is None or (not row["certified"] and row["checked_to"] < max_n)


# -- running -------------------------------------------------------------------------------


@dataclass
class Progress:
    """What a survey has done so far (given to the progress callback after each result)."""

    total: int
    done: int = 0
    open: int = 0
    running: int = 0
    computed: int = 0
    resubmitted: int = 0
    started: float = 0.0

    def eta(self) -> float | None:
        """Seconds left, from the mean time per result so far (None before the first)."""
        if not self.computed:
            return None
        spent = time.monotonic() - self.started
        return spent / self.computed * (self.total - self.done)


def run_survey(codes: Sequence[str], db: SurveyDB, max_n: int, seconds: float | None = None,
               *, workers: int = 2, scheduler: str | None = None,
               report: Callable[[Progress], None] | None = None,
               misere: bool = False) -> Progress:
    """Compute every code that the database lacks or holds open below ``max_n`` heaps.

    ``workers=0`` (and no ``scheduler``) computes in this process, one game after the
    other; otherwise a Dask LocalCluster of ``workers`` processes (one thread each), or the
    cluster whose scheduler is at ``scheduler``.  Each result is stored as it arrives.

    >>> import tempfile, os
    >>> db = SurveyDB(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
    >>> p = run_survey(expand("0.?"), db, 300, workers=0)
    >>> p.done, p.computed, p.open, run_survey(expand("0.?"), db, 300, workers=0).computed
    (7, 7, 1, 0)

    With ``misere=True`` each code's misère quotient is computed instead
    (:func:`compute_misere`, ``max_n`` heaps and ``seconds`` at most), kept in the same
    file's ``misere`` table.
    """
    if misere:
        return _run_misere(codes, db, max_n, seconds, workers, scheduler, report)
    if seconds is not None and not time_budget_supported():
        raise GrundyError("--time needs a find_period with a time budget, which this grundy "
                          "lacks; use --max")
    todo, progress, arrived = _start(codes, db.rows(codes), db.put, max_n, report)
    if not todo:
        return progress
    twins = same_games(todo)

    def computed(row: dict[str, Any]) -> None:
        for i, code in enumerate(twins[row["code"]]):
            same = None if code == row["code"] else row["code"]
            arrived({**row, "code": code, "same_as": same,
                     "seconds": row["seconds"] if i == 0 else 0.0})

    if scheduler is None and workers == 0:
        progress.running = 1
        for code in twins:
            computed(compute(code, max_n, seconds))
        progress.running = 0
    else:
        _run_dask(list(twins), max_n, seconds, computed, progress, workers, scheduler)
    if report is not None:
        report(progress)
    return progress


def _start(codes: Sequence[str], rows: Sequence[dict[str, Any]],
           put: Callable[[dict[str, Any]], None], max_n: int,
           report: Callable[[Progress], None] | None,
           ) -> tuple[list[str], Progress, Callable[[dict[str, Any]], None]]:
    """What both kinds of survey do first: the codes still to compute (given the rows
    stored), the progress so far (reported once), and ``arrived(row)``, which stores a
    row as it comes and reports."""
    stored = {r["code"]: r for r in rows}
    todo = [c for c in codes if needs_work(stored.get(c), max_n)]
    progress = Progress(total=len(codes), started=time.monotonic())
    progress.done = len(codes) - len(todo)
    progress.open = sum(1 for c in codes if c in stored and c not in todo
                        and not stored[c]["certified"])

    def arrived(row: dict[str, Any]) -> None:
        put(row)
        progress.done += 1
        progress.computed += 1
        progress.open += not row["certified"]
        if report is not None:
            report(progress)

    if report is not None:
        report(progress)
    return todo, progress, arrived


def _run_misere(codes: Sequence[str], db: SurveyDB, max_n: int, seconds: float | None,
                workers: int, scheduler: str | None,
                report: Callable[[Progress], None] | None) -> Progress:
    todo, progress, arrived = _start(codes, db.misere_rows(codes), db.put_misere, max_n, report)
    if not todo:
        return progress
    if scheduler is None and workers == 0:
        progress.running = 1
        for code in todo:
            arrived(compute_misere(code, max_n, seconds))
        progress.running = 0
    else:
        _run_dask(todo, max_n, seconds, arrived, progress, workers, scheduler, compute_misere)
    if report is not None:
        report(progress)
    return progress


#: what a survey on workers says it needs, and what to do without it
_WORK = "running a survey on workers"
_INSTEAD = "compute here, one game after the other, with --local-only"


def _run_dask(todo: Sequence[str], max_n: int, seconds: float | None,
              arrived: Callable[[dict[str, Any]], None], progress: Progress, workers: int,
              scheduler: str | None,
              work: Callable[[str, int, float | None], dict[str, Any]] = compute) -> None:
    dask = cluster.distributed(_WORK, _INSTEAD)
    from distributed.scheduler import KilledWorker

    with cluster.client(workers, scheduler, _WORK, _INSTEAD) as client:
        futures: dict[Any, str] = {}
        attempts: dict[str, int] = {}

        def submit(code: str) -> Any:
            fut = client.submit(work, code, max_n, seconds, pure=False,
                                key=f"survey-{code}-{attempts.get(code, 0)}-{os.getpid()}-"
                                    f"{time.monotonic_ns()}")
            futures[fut] = code
            return fut

        pending = dask.as_completed([submit(c) for c in todo])
        nworkers = max(1, len(client.scheduler_info().get("workers", {})))
        progress.running = min(nworkers, len(todo))
        for fut in pending:
            code = futures.pop(fut)
            try:
                row = fut.result()
            except KilledWorker:
                attempts[code] = attempts.get(code, 0) + 1
                if attempts[code] > RESUBMIT:
                    raise GrundyError(f"{code}: its worker died {attempts[code]} times; the "
                                      "results so far are saved, run again to resume") from None
                progress.resubmitted += 1
                pending.add(submit(code))
                continue
            nworkers = max(1, len(client.scheduler_info().get("workers", {})))
            progress.running = min(nworkers, len(futures))
            arrived(row)


def eta_text(seconds: float | None) -> str:
    """A short duration: ``'?'``, ``'45s'``, ``'3m05s'``, ``'2h10m'``.

    >>> eta_text(None), eta_text(45.2), eta_text(185), eta_text(7800)
    ('?', '45s', '3m05s', '2h10m')
    """
    if seconds is None or not math.isfinite(seconds):
        return "?"
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"
