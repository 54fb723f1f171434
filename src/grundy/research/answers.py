"""The file of answers of a split board search: each question asked, kept as it is answered.

:func:`grundy.research.split.split_solve` asks questions "is this option's value v?"; the
answers go into a file of JSON lines, one line each, after a first line naming the game,
the board, and the move order of a second-order run; an answer to a question asked (not
decided by other answers) says the seconds it ran.  A question stopped unanswered after
running :data:`STOPPED_AFTER` seconds or more is a line of its own, with the seconds it
ran (``"stopped"`` in place of ``"answer"``).  A file of another board or game, or with a
line that is not an answer, is refused whole; a last line cut short by a stop is left out.

>>> from grundy.rules.cells import Board
>>> book = Answers(None, "cram", Board.full(3, 22))
>>> book.add("3x22:3fff", 2, False); book.add("3x21:1fff", 1, True)
>>> book.known, book.value_of
({('3x22:3fff', 2): False, ('3x21:1fff', 1): True}, {'3x21:1fff': 1})
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..errors import GrundyError
from ..rules.cells import Board

__all__ = ["STOPPED_AFTER", "Answers"]

#: a question stopped unanswered after running this many seconds is noted, and asked
#: through its options from then on (one stopped sooner is asked again whole)
STOPPED_AFTER = 60.0


class Answers:
    """The questions answered, ``(option key, value) -> answer``, kept in a file of JSON
    lines when given one (see the module docstring); only read from it when not ``write``
    (then the file must be there, and ``second_order`` None reads a file of either
    order)."""

    def __init__(self, path: str | os.PathLike[str] | None, game: str, board: Board,
                 second_order: bool | None = False, write: bool = True) -> None:
        if second_order is None and write:
            raise ValueError("a file of answers is written in one move order")
        self.path = path if write else None
        self.known: dict[tuple[str, int], bool] = {}
        #: the options whose value is known (a "yes"), by key
        self.value_of: dict[str, int] = {}
        #: the questions stopped unanswered, (option key, value) -> the seconds they ran
        self.stopped: dict[tuple[str, int], float] = {}
        #: the seconds each question answered on a worker ran, when the file says
        self.seconds: dict[tuple[str, int], float] = {}
        head = {"game": game, "board": board.text()}
        if second_order:
            head["order"] = "second"
        if path is None:
            return
        target = Path(path)
        if not target.parent.is_dir():
            raise GrundyError(f"cannot keep the answers in {path}: its folder "
                              f"{target.parent} does not exist")
        if target.exists() and not target.is_file():
            raise GrundyError(f"cannot keep the answers in {path}: not a file (a device?)")
        if target.exists():
            self._read(target, head, either=second_order is None)
        elif write:
            self._write(head)
        else:
            raise GrundyError(f"{path}: no such file of answers")

    def _read(self, target: Path, head: dict[str, str], either: bool = False) -> None:
        try:
            text = target.read_text()
        except (OSError, UnicodeDecodeError) as error:
            raise GrundyError(f"{target}: cannot read the answers ({error})") from None
        lines = text.split("\n")
        if lines and lines[-1]:  # a last line cut short by a stop
            lines[-1] = ""
        try:
            first = json.loads(lines[0]) if lines[0] else None
        except ValueError:
            first = None
        if first != head and not (either and first == {**head, "order": "second"}):
            order = " in the second move order" if "order" in head else ""
            raise GrundyError(f"{target}: not the answers of {head['game']} {head['board']}"
                              f"{order} (its first line names another board or order, or "
                              "none)")
        for number, line in enumerate(lines[1:-1], 2):
            try:
                row = json.loads(line)
                key, value = row["option"], row["value"]
                stopped = "stopped" in row
                answer = row["stopped"] if stopped else row["answer"]
                if not (isinstance(key, str) and isinstance(value, int) and value >= 0):
                    raise ValueError
                if stopped and ("answer" in row or isinstance(answer, bool)
                                or not answer >= 0):  # seconds: a number, not NaN
                    raise ValueError
                if not stopped and not isinstance(answer, bool):
                    raise ValueError
                seconds = row.get("seconds")
                if seconds is not None and (stopped or isinstance(seconds, bool)
                                            or not seconds >= 0):
                    raise ValueError
            except (ValueError, TypeError, KeyError):
                raise GrundyError(f"{target}: line {number} is not an answer; nothing was "
                                  "read from the file") from None
            if isinstance(answer, bool):
                self._note(key, value, answer)
                if seconds is not None:
                    self.seconds[key, value] = float(seconds)
            else:
                self._stop(key, value, answer)

    def _stop(self, key: str, value: int, seconds: float) -> None:
        self.stopped[key, value] = self.stopped.get((key, value), 0.0) + seconds

    def _note(self, key: str, value: int, answer: bool) -> None:
        self.known[key, value] = answer
        if answer:
            self.value_of[key] = value

    def _write(self, row: dict[str, Any]) -> None:
        if self.path is None:
            return
        try:
            with open(self.path, "a") as out:
                out.write(json.dumps(row) + "\n")
        except OSError as error:
            raise GrundyError(f"cannot keep the answers in {self.path}: "
                              f"{error.strerror}") from None

    def says(self, key: str, value: int) -> bool | None:
        """The file's answer to "is the value of ``key`` ``value``?", if it has one.

        >>> book = Answers(None, "cram", Board.full(3, 22))
        >>> book.add("3x21:1fff", 1, True); book.add("3x21:3fff", 2, False)
        >>> [book.says(key, v) for key, v in (("3x21:1fff", 1), ("3x21:1fff", 0),
        ...                                   ("3x21:3fff", 2), ("3x21:3fff", 1))]
        [True, False, False, None]
        """
        if key in self.value_of:
            return self.value_of[key] == value
        return self.known.get((key, value))

    def add(self, key: str, value: int, answer: bool, seconds: float | None = None) -> None:
        """Note an answer (and add it to the file), with the seconds its question ran
        when it was asked (not decided by other answers)."""
        if (key, value) not in self.known:
            self._note(key, value, answer)
            row: dict[str, Any] = {"option": key, "value": value, "answer": answer}
            if seconds is not None:
                self.seconds[key, value] = row["seconds"] = round(seconds, 1)
            self._write(row)

    def stop(self, key: str, value: int, seconds: float) -> None:
        """Note a question stopped unanswered after running ``seconds`` (and add it to the
        file), when that is at least :data:`STOPPED_AFTER`.

        >>> book = Answers(None, "cram", Board.full(3, 22))
        >>> book.stop("3x22:3fff", 2, 5.0); book.stop("3x22:3fff", 2, 4000.0); book.stopped
        {('3x22:3fff', 2): 4000.0}
        """
        if seconds >= STOPPED_AFTER and (key, value) not in self.known:
            self._stop(key, value, seconds)
            self._write({"option": key, "value": value, "stopped": round(seconds, 1)})
