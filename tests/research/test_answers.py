"""The file of answers of a split board search (grundy.research.answers): what is kept is
read back the same, and a file that is not one of answers is refused whole."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from grundy.errors import GrundyError
from grundy.research import answers
from grundy.research.answers import Answers
from grundy.rules.cells import Board


def test_what_is_kept_is_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random answers (timed or not) and stops, kept in a file, are what a second reader
    finds; stops under STOPPED_AFTER seconds and answers given twice are not lines of the
    file."""
    rng, board = random.Random(5), Board.full(3, 7)
    path = tmp_path / "a.jsonl"
    book = Answers(path, "cram", board)
    known: dict[tuple[str, int], bool] = {}
    stopped: dict[tuple[str, int], float] = {}
    seconds: dict[tuple[str, int], float] = {}
    lines = 1
    for _ in range(200):
        key, value = f"3x7:{rng.randrange(16):x}", rng.randrange(4)
        if rng.random() < 0.3:
            ran = rng.choice([5.0, 60.0, 1234.5])
            book.stop(key, value, ran)
            if ran >= answers.STOPPED_AFTER and (key, value) not in known:
                stopped[key, value] = stopped.get((key, value), 0.0) + ran
                lines += 1
        else:
            answer, took = rng.random() < 0.5, rng.choice([None, 0.04, 12.345])
            book.add(key, value, answer, took)
            if (key, value) not in known:
                known[key, value] = answer
                if took is not None:
                    seconds[key, value] = round(took, 1)
                lines += 1
    assert (book.known, book.stopped, book.seconds) == (known, stopped, seconds)
    again = Answers(path, "cram", board, write=False)
    assert (again.known, again.stopped, again.seconds) == (known, stopped, seconds)
    assert again.value_of == {key: value for (key, value), yes in known.items() if yes}
    assert len(path.read_text().splitlines()) == lines
    assert json.loads(path.read_text().splitlines()[0]) == {"game": "cram", "board": "3x7"}
    monkeypatch.setattr(answers, "STOPPED_AFTER", 0.0)
    again.stop("3x7:ff", 9, 1.0)  # noted, but a reader writes nothing
    assert again.stopped[("3x7:ff", 9)] == 1.0
    assert len(path.read_text().splitlines()) == lines


def test_the_stops_in_the_file_are_read_and_bad_ones_refused(tmp_path: Path) -> None:
    board = Board.full(3, 5)
    path = tmp_path / "answers.jsonl"
    head = json.dumps({"game": "cram", "board": board.text()})
    good = ['{"option": "3x5:7fe7", "value": 1, "stopped": 61.5}',
            '{"option": "3x5:7fe7", "value": 1, "stopped": 100}',
            '{"option": "3x5:7fe7", "value": 2, "answer": true}']
    path.write_text("\n".join([head, *good]) + "\n")
    book = Answers(path, "cram", board)
    assert book.stopped == {("3x5:7fe7", 1): 161.5} and book.known == {("3x5:7fe7", 2): True}
    for bad in ('{"option": "3x5:7fe7", "value": 1, "stopped": -1}',
                '{"option": "3x5:7fe7", "value": 1, "stopped": "long"}',
                '{"option": "3x5:7fe7", "value": 1, "stopped": true}',
                '{"option": "3x5:7fe7", "value": 1, "stopped": NaN}',
                '{"option": "3x5:7fe7", "value": 1, "stopped": 5, "answer": true}',
                '{"option": "3x5:7fe7", "value": 1}',
                '{"option": "3x5:7fe7", "value": 1, "answer": true, "seconds": -2}',
                '{"option": "3x5:7fe7", "value": 1, "answer": true, "seconds": false}',
                '{"option": "3x5:7fe7", "value": 1, "answer": true, "seconds": "1"}',
                '{"option": "3x5:7fe7", "value": 1, "stopped": 70, "seconds": 70}'):
        path.write_text("\n".join([head, good[0], bad]) + "\n")
        with pytest.raises(GrundyError, match="line 3 is not an answer"):
            Answers(path, "cram", board)


def test_a_device_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    board = Board.full(3, 5)
    for write in (True, False):
        with pytest.raises(GrundyError, match="not a file"):  # never read: it has no end
            Answers(os.devnull, "cram", board, write=write)
    with pytest.raises(GrundyError, match="no such file of answers"):
        Answers(tmp_path / "none.jsonl", "cram", board, write=False)
    assert not (tmp_path / "none.jsonl").exists()
    with pytest.raises(GrundyError, match="its folder .* does not exist"):
        Answers(tmp_path / "no" / "a.jsonl", "cram", board)
    second = Answers(tmp_path / "b.jsonl", "cram", board, second_order=True)
    assert second.known == {}
    with pytest.raises(GrundyError, match=r"not the answers of cram 3x5 \(its first line"):
        Answers(tmp_path / "b.jsonl", "cram", board)
    second.add("3x5:7fe7", 1, True)
    Answers(tmp_path / "c.jsonl", "cram", board).add("3x5:7fe7", 2, False)
    for name, found in (("b", True), ("c", False)):  # a guide: a file of either order
        guide = Answers(tmp_path / f"{name}.jsonl", "cram", board, None, write=False)
        assert (guide.says("3x5:7fe7", 1 if found else 2), guide.says("3x5:7fe7", 3)) == (
            found, False if found else None)
    with pytest.raises(ValueError, match="one move order"):
        Answers(tmp_path / "d.jsonl", "cram", board, None)
    with pytest.raises(GrundyError, match="not the answers of node-kayles"):
        Answers(tmp_path / "b.jsonl", "node-kayles", board, None, write=False)
