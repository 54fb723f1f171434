"""Each worker's table kept from one run of a split board search to the next.

A run of :func:`~grundy.research.split.split_solve` that stops (``--time``) loses the
questions under way: the next run asks them again, through their options, from empty
tables.  Given a folder, each local worker instead loads its table from a file of its
own when the run starts, and saves it when the run ends (finished or out of time), with
the notes of its "no" answers (:func:`~grundy.research.boards.save_table`): a question
asked again finds what the stopped search had found.  The question each worker was
asking when the run stopped is noted too (:meth:`Kept.stop`), so that the next run asks
that question's options on the same worker first, where its table is (:meth:`Kept.hint`).

Every value and note a table holds is exact, whatever the move order that found it; but
a check of a value (Cram's second move order) must find it again by itself, so the files
of each order are apart (``first-0.table``, ``second-0.table``...) and a check never
loads the first order's.  The workers load one after the other, so that the disk reads
one file at a time; each reads its file a piece at a time (:func:`load_table`), so that it
holds no more than its table.

>>> import tempfile
>>> kept = Kept(tempfile.mkdtemp(), second_order=True)
>>> os.path.basename(kept.path(0)), kept.hint("3x23:1ff", 2)
('second-0.table', None)
>>> kept.stop("3x23:1ff", 2, 1); kept.hint("3x23:1ff", 2)
1
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from ..errors import GrundyError
from ..rules.cram import kernel
from .boards import _kernel, load_table, save_table

__all__ = ["Kept", "Stopped", "load_worker_table", "save_worker_table", "stop_asking",
           "stopped"]

#: the runs whose questions this process stops at their next look (:func:`stop_asking`)
_STOPPED: set[str] = set()


class Kept:
    """The folder of the workers' tables of one move order: a file a worker, named by the
    worker's name, and the stops of the runs so far (``<order>-stops.json``: the worker of
    each question stopped under way and not answered since; a question stopped again is
    noted with its last worker)."""

    def __init__(self, folder: str | os.PathLike[str], second_order: bool) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise GrundyError(f"cannot keep the workers' tables in {folder}: not a folder")
        self.order = "second" if second_order else "first"
        self.stops: dict[str, int | str] = {}
        self.stops_path = found = self.folder / f"{self.order}-stops.json"
        try:
            text = found.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as error:
            raise GrundyError(f"{found}: cannot read the stops of the runs so far ({error})") \
                from None
        try:
            read = json.loads(text)
        except ValueError:
            read = None
        if not isinstance(read, dict) or not all(
                isinstance(v, (int, str)) and not isinstance(v, bool) and _QUESTION.fullmatch(k)
                for k, v in read.items()):
            raise GrundyError(f"{found}: not the stops of a run (a JSON object of worker "
                              "names by question, \"<option> <value>\")")
        self.stops = read

    def path(self, worker: int | str) -> str:
        """The file of the table of the worker named ``worker``."""
        return str(self.folder / f"{self.order}-{worker}.table")

    def hint(self, key: str, value: int) -> int | str | None:
        """The worker that was asking option ``key`` whether its value is ``value`` when
        the last run stopped, if one was."""
        return self.stops.get(f"{key} {value}")

    def stop(self, key: str, value: int, worker: int | str) -> None:
        """Note that the worker named ``worker`` was asking that question at the stop."""
        self.stops[f"{key} {value}"] = worker

    def save_stops(self, says: Callable[[str, int], bool | None] = lambda key, value: None
                   ) -> None:
        """Write the stops noted, those of the runs before with them (whole or not at
        all), but for the questions answered since (``says(key, value)``, the answer found,
        if any: :meth:`~grundy.research.answers.Answers.says`).

        >>> import tempfile
        >>> kept = Kept(tempfile.mkdtemp(), second_order=False)
        >>> kept.stop("3x23:1ff", 2, 0); kept.stop("3x23:3ff", 3, 1)
        >>> kept.save_stops(lambda key, value: True if key == "3x23:1ff" else None)
        >>> Kept(kept.folder, False).stops
        {'3x23:3ff 3': 1}
        """
        self.stops = {question: worker for question, worker in self.stops.items()
                      if says(*_question(question)) is None}
        target = self.stops_path
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_text(json.dumps(self.stops, indent=0), encoding="utf-8")
            os.replace(tmp, target)
        except OSError as error:
            tmp.unlink(missing_ok=True)
            raise GrundyError(f"cannot save the stops to {target}: {error.strerror}") from None


def _question(noted: str) -> tuple[str, int]:
    """The option's key and the value asked of a stop's question (``"<key> <value>"``)."""
    key, value = noted.rsplit(" ", 1)
    return key, int(value)


#: a stop's question: an option's key, then the value asked
_QUESTION = re.compile(r".+ [0-9]+")


def load_worker_table(path: str, memory: int) -> int:
    """In a worker: load its table from ``path`` (nothing when there is no such file) into
    the search's table of at most ``memory`` bytes; the values loaded."""
    return load_table(path, _kernel(memory))


def save_worker_table(path: str) -> int:
    """In a worker: save its table to ``path``; the values saved."""
    found = kernel()
    return save_table(path, found) if found is not None else 0


def stop_asking(run: str) -> None:
    """In a worker (``Client.run``, beside its task): stop the questions of run ``run``
    at their next look (:func:`stopped`; each run has a name of its own, so none is ever
    started again)."""
    _STOPPED.add(run)


def stopped(run: str) -> bool:
    """Whether the questions of run ``run`` are to stop."""
    return run in _STOPPED


class Stopped(Exception):
    """A question stopped by :func:`stop_asking` (its table kept as it was)."""
