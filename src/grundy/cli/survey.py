"""The command ``grundy survey``: every code of a family at once (registered in
:mod:`grundy.cli.main`, loaded when used); the work is done by :mod:`grundy.research.survey`."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

import click

from .common import fail

__all__ = ["survey"]

_FIELDS = ("code", "preperiod", "period", "saltus", "certified", "checked_to", "largest",
           "largest_at", "rare_mask", "rare_count", "last_rare", "same_as")


def _records(rows: Sequence[dict[str, Any]], codes: Sequence[str] | None) -> list[dict[str, Any]]:
    """The rows of ``codes`` (or all), with classes found among every row of the file."""
    from ..research.survey import classes

    of = classes(rows)
    wanted = None if codes is None else set(codes)
    out = []
    for r in rows:
        if wanted is not None and r["code"] not in wanted:
            continue
        cls, shift = of[r["code"]]
        rec = {f: r[f] for f in _FIELDS}
        rec["class"] = cls
        rec["shift_of"] = None if shift is None else {"code": shift[0], "offset": shift[1]}
        rec["reason"] = r["reason"]
        out.append(rec)
    return out


def _cell(value: Any) -> str:
    return "-" if value is None else str(value)


def _table(records: Sequence[dict[str, Any]]) -> str:
    head = ("code", "status", "preperiod", "period", "checked", "largest", "at", "mask",
            "rare", "last rare", "class", "shift of", "same as")
    lines = [head]
    for r in records:
        shift = r["shift_of"]
        lines.append((r["code"], "certified" if r["certified"] else "open",
                      _cell(r["preperiod"]), _cell(r["period"]), str(r["checked_to"]),
                      _cell(r["largest"]), _cell(r["largest_at"]),
                      "-" if r["rare_mask"] is None else f"{r['rare_mask']:x}",
                      _cell(r["rare_count"]), _cell(r["last_rare"]),
                      "" if r["class"] == r["code"] else r["class"],
                      "" if shift is None else f"{shift['code']}+{shift['offset']}",
                      r["same_as"] or ""))
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    left = {0, 1, 10, 11, 12}
    text = []
    for row in lines:
        cells = [c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in
                 enumerate(zip(row, widths))]
        text.append("  ".join(cells).rstrip())
    certified = sum(1 for r in records if r["certified"])
    same = sum(1 for r in records if r["same_as"])
    if same:
        text.append(f"{same} computed as the code in 'same as': the same game without a zero "
                    "move that changes no value (proved equal)")
    games = f"{len(records)} game{'s' * (len(records) != 1)}"
    text.append(f"{games}: {certified} certified, {len(records) - certified} open")
    return "\n".join(text) + "\n"


def _csv(records: Sequence[dict[str, Any]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([*_FIELDS, "class", "shift_of", "shift"])
    for r in records:
        shift = r["shift_of"]
        writer.writerow([*("" if r[f] is None else r[f] for f in _FIELDS), r["class"],
                         "" if shift is None else shift["code"],
                         "" if shift is None else shift["offset"]])
    return buf.getvalue()


def _jsonl(records: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


_MISERE_FIELDS = ("code", "certified", "order", "p_size", "preperiod", "period", "checked_to",
                  "reason", "seconds")


def _misere_records(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{f: r[f] for f in _MISERE_FIELDS} for r in rows]


def _misere_table(records: Sequence[dict[str, Any]]) -> str:
    head = ("code", "status", "|Q|", "|P|", "preperiod", "period", "heaps", "seconds")
    lines = [head]
    for r in records:
        status = "certified" if r["certified"] else \
            (f"partial at heap {r['checked_to']}" if r["order"] is not None else "error")
        lines.append((r["code"], status, _cell(r["order"]), _cell(r["p_size"]),
                      _cell(r["preperiod"]), _cell(r["period"]), str(r["checked_to"]),
                      f"{r['seconds']:.2f}"))
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    text = ["  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                      for i, (c, w) in enumerate(zip(row, widths))).rstrip() for row in lines]
    certified = sum(1 for r in records if r["certified"])
    text.append(f"{len(records)} misère quotients: {certified} certified, "
                f"{len(records) - certified} partial")
    return "\n".join(text) + "\n"


def _misere_csv(records: Sequence[dict[str, Any]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(_MISERE_FIELDS)
    for r in records:
        writer.writerow(["" if r[f] is None else r[f] for f in _MISERE_FIELDS])
    return buf.getvalue()


class _Meter:
    """Progress on standard error when it is a terminal (at most twice a second)."""

    def __init__(self) -> None:
        self.on = sys.stderr is not None and sys.stderr.isatty()
        self.last = 0.0
        self.shown = False

    def __call__(self, p: Any) -> None:
        from ..research.survey import eta_text

        now = time.monotonic()
        if not self.on or (now - self.last < 0.5 and p.done < p.total):
            return
        self.last = now
        self.shown = True
        sys.stderr.write(f"\rsurvey: {p.done}/{p.total} done, {p.open} open, {p.running} "
                         f"running, ETA {eta_text(p.eta()) if p.done < p.total else '0s'}   ")
        sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


@click.command()
@click.argument("pattern", required=False)
@click.option("--max", "max_n", type=click.IntRange(1, 10**8), default=None,
              help="Heaps computed per game at most  [default: 100000].")
@click.option("--time", "seconds", type=click.FloatRange(0, None, min_open=True), default=None,
              help="Seconds of work per game at most (a game stopped by it is computed "
                   "again by the next run).")
@click.option("--db", "db_path", default="survey.sqlite", show_default=True,
              help="The SQLite file that keeps the results (resumes a stopped survey).")
@click.option("--show", is_flag=True, help="Print the stored results without computing.")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines, one object per code.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Send the work to the Dask cluster of this scheduler.")
@click.option("--workers", type=click.IntRange(0, 1024), default=None,
              help="Worker processes of the local Dask cluster (0: compute here, without "
                   "Dask)  [default: the number of cores].")
@click.option("--local-only", is_flag=True, help="Compute here, one game after the other, "
              "without Dask (same as --workers 0).")
@click.option("--misere", is_flag=True,
              help="Misère quotients instead: order, |P|, the pretending function's "
                   "preperiod and period when certified, else partial at heap N (--max: "
                   "heaps, default 300; --time: seconds per game, default 10).")
def survey(pattern: str | None, max_n: int | None, seconds: float | None, db_path: str,
           show: bool, as_csv: bool, as_json: bool, scheduler: str | None,
           workers: int | None, local_only: bool, misere: bool) -> None:
    """Periods and statistics of every take-and-break code PATTERN matches.

    PATTERN is a code with ? for any octal digit and [03] for one of those listed (0.???
    is every code of three octal digits, 4.1? eight codes, and 0. then [03] k times the
    subtraction games of sets in {1..k}), or @FILE, a file of codes or patterns, one a
    line.  Codes are taken once, canonically (0.10 is 0.1); codes without a move are left
    out.  Each result is stored in --db as it arrives: running the command again resumes,
    and a larger --max recomputes only the games left open below it.  A code with an idle zero
    move (taking a whole heap of k when heap k can already move to 0) is computed as the
    code without it, proved the same game ("same as").  Games with identical
    sequences share a class; "shift of X+k" says g(n) = g_X(n + k) (classes are found
    among every game of the file).  With --misere, each code's misère quotient instead,
    kept in the same file.
    """
    from ..research.survey import MISERE_HEAPS, SurveyDB, codes_of, run_survey

    if as_csv and as_json:
        fail("--csv and --json exclude each other: choose one")
    if show:
        given = [name for name, v in (("--max", max_n), ("--time", seconds),
                                      ("--scheduler", scheduler), ("--workers", workers))
                 if v is not None] + (["--local-only"] if local_only else [])
        if given:
            fail(f"--show prints stored results; {', '.join(given)} would not apply")
    elif pattern is None:
        fail("give a PATTERN such as '0.???' (or @FILE), or --show to print stored results")
    if scheduler is not None and (local_only or workers is not None):
        fail("--scheduler sends the work to that cluster; --workers and --local-only "
              "are for this machine")
    if local_only and workers not in (None, 0):
        fail(f"--local-only computes here, without workers; --workers {workers} contradicts it")
    codes = codes_of(pattern) if pattern is not None else None
    if misere and max_n is not None and max_n > 20_000:
        fail(f"--max {max_n}: a misère survey computes at most 20000 heaps per game")
    db = SurveyDB(db_path, create=not show)
    started = time.monotonic()
    try:
        if not show:
            assert codes is not None
            meter = _Meter()
            budget = max_n if max_n is not None else (MISERE_HEAPS if misere else 100_000)
            try:
                run_survey(codes, db, budget, seconds,
                           workers=0 if local_only else
                           (workers if workers is not None else os.cpu_count() or 1),
                           scheduler=scheduler, report=meter, misere=misere)
            except KeyboardInterrupt:
                meter.end()
                db.abandon()
                saved = len(db.misere_rows(codes) if misere else db.rows(codes))
                fail(f"interrupted: {saved} of {len(codes)} game{'s' * (len(codes) != 1)} "
                     f"{'is' if saved == 1 else 'are'} saved in {db_path}; "
                     "the same command resumes")
            meter.end()
        if misere:
            found = _misere_records(db.misere_rows(codes))
    finally:
        if not misere:
            rows = db.rows()
        db.close()
    if misere:
        if not found:
            fail(f"{db_path} holds no misère result" + (" for that pattern" if codes else ""))
        if as_json:
            click.echo(_jsonl(found), nl=False)
        elif as_csv:
            click.echo(_misere_csv(found), nl=False)
        else:
            click.echo(_misere_table(found), nl=False)
            if not show:
                click.echo(f"wall time: {time.monotonic() - started:.1f} s")
        return
    records = _records(rows, codes)
    if not records:
        fail(f"{db_path} holds no result" + (" for that pattern" if codes else ""))
    render = _csv if as_csv else _jsonl if as_json else _table
    click.echo(render(records), nl=False)
