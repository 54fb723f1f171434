"""A long board search split at its root, the questions sent to Dask workers.

A board's value is the mex of its options' values, and the compiled search finds it as
the serial search does at its own root: for ``r = 0, 1, ...`` it asks whether some option
has value ``r`` (``has_value``, far faster than the option's value when the answer is
no), and the first ``r`` no option has is the value.  :func:`split_solve` asks those
questions on workers, one option a task, as many at once as there are workers: a round
ends at its first "yes" (the questions of it still running finish and are kept) or when
every option has said "no".  The options are those the serial search tries (:func:`root`):
the compiled search's ``root_options`` reduces the board as the search does (the cells
that change no value taken away, its components apart, each in canonical form) and lists
the moves of its largest piece; the other pieces are valued here, and the board's value is
the XOR of theirs and the largest piece's.  Options made of the same pieces are asked
once; an option known to have value ``v`` answers every round from then on.  Each worker
process keeps its own table of values from one question to the next.

The workers are a Dask ``LocalCluster`` of ``workers`` processes, or the cluster whose
scheduler is at ``scheduler`` (``tcp://host:port``); ``workers=0`` asks the questions in
this process, one after the other.  A board of fewer than ``least`` free cells is not
split: :func:`grundy.research.boards.solve` values it here.

With ``second_order`` every question is searched trying Cram's moves in its second order
(:func:`grundy.research.boards.solve`'s), a check of a value found in the first.  With
``depth`` 2 an option's question is answered by its own options' questions, asked in its
place (:class:`_Below`), so a question longer than a run is kept in pieces.  A question
stopped unanswered (by ``--time``, Ctrl-C or a kill) after running
:data:`~grundy.research.answers.STOPPED_AFTER` seconds or more is noted in the file, and
later runs ask it through its options, as one level deeper: a question too long for any
run is split until its pieces fit.  With ``tables``, a folder, each local worker loads its
table from a file there when the run starts and saves it at the end, its questions
stopped where they are (:mod:`~grundy.research.kept`): a question stopped by the end of a
run is asked again on the worker whose table holds what it had found.

With ``guide``, the file of answers of another run of the same board (in the other move
order: the check of a value found), the options that file says have the value asked are
asked first, at every level: the check asks little more than the questions that decide
the value (an option of each value below it, and every option's "no"), not the "no"s
the first run asked before each "yes".  The guide orders the questions and answers none.

Given a file (``answers``, kept by :class:`~grundy.research.answers.Answers`), every
answer is added to it as it arrives, so a run stopped in any way goes on from there: a
second run with the same file asks nothing the first answered, and :func:`progress` says
where the file stands without asking anything.  On a terminal a status line shows the
round, the options answered in it, the questions running, the answers kept and the time,
again every second while questions run on workers.

>>> from grundy.rules.cells import Board
>>> split_solve(Board.full(3, 4), "cram", workers=0, least=0)
1
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..errors import GrundyError, OutOfTime
from ..rules.boards import BoardGame, Search
from ..rules.cells import Board
from ..rules.cram import kernel, native_rule, taken_cells
from . import cluster, kept
from .answers import Answers
from .boards import (MEMORY, StatusLine, _check_order, _kernel, _searched, check_tables,
                     solve)

__all__ = ["LEAST", "MOST_DEPTH", "Progress", "Root", "option_key", "options", "progress",
           "root", "split_solve"]

#: boards of fewer free cells than this are valued here, not split
LEAST = 50
#: the most levels a question splits below the root (each level keeps its options' roots
#: in this process: about a hundred a question on 3 x 22)
MOST_DEPTH = 3
#: seconds between status lines while the questions on workers run (a line only at each
#: answer would stand still for the minutes of a long question)
TICK = 1.0
#: components a worker's question searches between two looks at whether its run is stopped
_LOOK = 1 << 16


def option_key(option: Board) -> str:
    """A name shared by options of the same value for sure: the canonical forms of their
    pieces, equal pieces cancelling in pairs (a game plus itself is 0), in order.

    >>> option_key(Board.parse("#...|....")) == option_key(Board.parse("....|...#"))
    True
    >>> [option_key(Board.parse(text)) for text in ("..#..", "##.##", ".#.#.")]
    ['empty', '1x1', '1x1']
    """
    count = Counter(part.canonical().text() for part in option.components())
    odd = sorted(text for text, n in count.items() if n % 2)
    return " + ".join(odd) if odd else "empty"


def options(board: Board, search: Search) -> list[tuple[str, Board]]:
    """The options of ``board`` that need asking, one of each :func:`option_key`, the moves
    nearest the board's centre first (as the serial search tries them: they split it).

    >>> [key for key, _ in options(Board.full(1, 4), Search.CRAM)]
    ['empty', '1x2']
    """
    def distance(taken: int) -> int:
        cells = Board(board.rows, board.cols, taken).cells()
        return sum((2 * r - board.rows + 1) ** 2 + (2 * c - board.cols + 1) ** 2
                   for r, c in cells) // len(cells)

    found: dict[str, Board] = {}
    for taken in sorted(taken_cells(board, search), key=distance):
        option = board.without(taken)
        found.setdefault(option_key(option), option)
    return list(found.items())


@dataclass
class Root:
    """What the serial search does at a board's root: the value of the pieces valued whole
    (``rest``), the piece whose options are asked (None: no piece left to split), those
    options to ask, one of each key, in the order the search tries them, and the values
    of the options known at once (``known``, by key)."""

    rest: int
    piece: Board | None
    options: list[tuple[str, Board]]
    known: dict[str, int]


def _parts_key(parts: list[tuple[int, int, int]]) -> str:
    """The key of an option made of the compiled search's pieces: its searched pieces (in
    canonical form, equal ones cancelled) and ``*`` for an odd number of pieces of value 1.

    >>> _parts_key([(3, 4, 2559), (0, 2, 3), (0, 3, 7), (0, 2, 3)])
    '3x4:9ff + *'
    """
    names = sorted(f"{h}x{w}:{mask:x}" for h, w, mask in parts if h)
    if sum(1 for h, _, _ in parts if not h) % 2:
        names.append("*")
    return " + ".join(names) if names else "0"


def root(board: Board, search: Search, memory: int = MEMORY) -> Root:
    """The pieces and options of ``board``'s root as the compiled search sees them (see the
    module docstring), the pieces but the largest valued here; without the compiled search,
    the board's own options (:func:`options`).

    >>> found = root(Board.parse("....#|...##|#####|##..."), Search.CRAM)
    >>> found.rest, found.piece and found.piece.text(), [key for key, _ in found.options]
    (1, '....|...#', ['2x3:f'])
    >>> found.known  # an option with no piece left to search
    {'0': 0}
    """
    if kernel() is None:
        return Root(0, board, options(board, search), {})
    found, rule = _kernel(memory), native_rule(search)
    pieces, listed = found.root_options(board.rows, board.cols, board.mask, rule)
    rest = 0
    for h, w, mask in pieces[1:]:
        rest ^= found.value(h, w, mask, rule) if h else 1
    if not pieces or not pieces[0][0]:
        return Root(rest ^ (1 if pieces else 0), None, [], {})
    h, w, mask = pieces[0]
    piece, todo, known = Board(h, w, mask), {}, {}

    def largest(option: tuple[int, list[tuple[int, int, int]]]) -> int:
        return max((part[2].bit_count() for part in option[1]), default=0)

    for left, parts in sorted(listed, key=largest):  # as the search: smallest first
        key = _parts_key(parts)
        if all(not h for h, _, _ in parts):
            known[key] = len(parts) % 2
        elif key not in todo:
            todo[key] = Board(h, w, left)
    return Root(rest, piece, list(todo.items()), known)


def ask(option: Board, game: str | BoardGame, target: int, memory: int = MEMORY,
        second_order: bool = False, run: str | None = None) -> bool:
    """Whether ``option``'s value is ``target``: the compiled search's question (its table
    of ``memory`` bytes kept for the next question in this process; Cram's moves tried in
    the second order with ``second_order``), else the engine.  With ``run``, the question
    raises :class:`~grundy.research.kept.Stopped` once the run is stopped in this process
    (:func:`~grundy.research.kept.stop_asking`), its table kept.

    >>> ask(Board.full(2, 3), "cram", 1), ask(Board.full(2, 3), "cram", 2, second_order=True)
    (True, False)
    """
    _, search = _searched(game)
    if kernel() is None:
        return solve(option, game) == target
    found = _kernel(memory)

    def look(searched: int, stored: int) -> None:
        if run is not None and kept.stopped(run):
            raise kept.Stopped(f"the run {run} is stopped")

    found.set_order(second_order)
    if run is not None:
        found.set_progress(look, _LOOK)
    try:
        return bool(found.has_value(option.rows, option.cols, option.mask,
                                    native_rule(search), target))
    finally:
        found.set_order(False)
        if run is not None:
            found.set_progress(None)


@dataclass
class _Round:
    """Where the split search is, for the status line."""

    value: int = 0
    answered: int = 0
    options: int = 0
    running: int = 0
    answers: int = 0


class _Status(StatusLine):
    """The split search's status line: the round, the options answered in it, those being
    asked, and the time; left on the terminal at the end."""

    def line(self, at: _Round) -> str:
        """The status line.

        >>> _Status("cram 3x22 on 2 workers", None).line(_Round(2, 5, 31, 2, 40))[:75]
        'cram 3x22 on 2 workers: value 2? 5/31 options answered, 2 asked, 40 answers'
        """
        return (f"{self.what}: value {at.value}? {at.answered}/{at.options} options answered, "
                f"{at.running} asked, {at.answers} answers, "
                f"{time.monotonic() - self.start:.0f} s")

    def __call__(self, at: _Round) -> None:
        self.show(self.line(at))

    def done(self) -> None:
        if self.on:
            self.stream.write("\n")
            self.stream.flush()


def _checked(game: str | BoardGame, depth: int, second_order: bool) -> tuple[Search, str]:
    """The search of ``game`` and the name its file of answers gives it, once ``depth``
    and ``second_order`` are checked (one clear error each)."""
    ruleset, search = _searched(game)
    if not 1 <= depth <= MOST_DEPTH:
        raise GrundyError(f"depth: 1 to {MOST_DEPTH}, got {depth}")
    _check_order(ruleset, search, second_order)
    return search, game if isinstance(game, str) else ruleset.label


def split_solve(board: Board, game: str | BoardGame = "cram", *, workers: int = 2,
                scheduler: str | None = None, answers: str | os.PathLike[str] | None = None,
                memory: int = MEMORY, least: int = LEAST, stream: TextIO | None = None,
                second_order: bool = False, depth: int = 1,
                guide: str | os.PathLike[str] | None = None,
                tables: str | os.PathLike[str] | None = None) -> int:
    """The value of ``board`` in ``game``, its root's questions asked on Dask workers (see
    the module docstring): ``workers`` local processes, or the cluster at ``scheduler``,
    or (``workers=0``) here; resumable through the file ``answers``; each worker's table
    at most ``memory`` bytes (local workers whose tables may not fit in the machine's
    memory together are refused); boards of fewer than ``least`` free cells valued here;
    Cram's moves tried in the second order with ``second_order``; with ``depth`` 2 or
    more, the questions split that many levels below the root (:class:`_Below`); with
    ``guide``, the file of answers of another run of the board (in the other move order),
    the options it found to have the value asked are asked first (see the module
    docstring); with ``tables``, a folder, each local worker's table is kept there from one
    run to the next (:mod:`~grundy.research.kept`).

    >>> split_solve(Board.full(3, 5), "cram", workers=0, least=0, second_order=True)
    1
    >>> split_solve(Board.full(3, 5), "cram", workers=0, least=0, depth=3)
    1
    """
    search, name = _checked(game, depth, second_order)
    hints = None if guide is None else Answers(guide, name, board, None, write=False)
    if workers < 0:
        raise GrundyError(f"workers: at least 0, got {workers}")
    if tables is not None and (scheduler is not None or workers == 0):
        raise GrundyError("the workers' tables are kept for local workers: give tables with "
                          "workers=1 or more, and no scheduler")
    kept_tables = None if tables is None else kept.Kept(tables, second_order)
    if board.count() < least:
        return solve(board, game, memory=memory, stream=stream, second_order=second_order)
    if scheduler is None:  # every local worker has its own tables (a file of them is read
        check_tables(memory, board, max(workers, 1))  # a piece at a time: no more)
    book = Answers(answers, name, board, second_order)
    found = root(board, search, memory)
    if found.piece is None:
        return found.rest
    if found.piece.count() < least:
        return found.rest ^ solve(found.piece, game, memory=memory, stream=stream,
                                  second_order=second_order)
    where = f"on the cluster at {scheduler}" if scheduler else (
        f"on {workers} workers" if workers else "here")
    status = _Status(f"{name} {board.text()} {where}", stream)
    below = _Below(book, search, memory, depth, least, hints)

    def here(key: str, option: Board, target: int,
             done: _Done) -> None:
        start = time.monotonic()
        try:
            answer = ask(option, game, target, memory, second_order)
        except (KeyboardInterrupt, OutOfTime):
            book.stop(key, target, time.monotonic() - start)
            raise
        done(key, target, answer, time.monotonic() - start)

    try:
        if scheduler is None and workers == 0:
            return found.rest ^ _rounds(found, below, status, here)
        with cluster.client(workers, scheduler, _WORK, _INSTEAD) as client:
            return found.rest ^ _on_cluster(client, found, below, status, game, memory,
                                            second_order, kept_tables)
    finally:
        status.done()


#: done(key, value, answer, seconds): an answer, and the seconds its question ran
_Done = Callable[[str, int, bool, float], None]
#: ask(key, option, value, done): ask whether the option's value is value; done is
#: called with the answer (at once, or when it arrives)
_Ask = Callable[[str, Board, int, _Done], None]
#: a question (the option's key, the option, the value asked)
_Question = tuple[str, Board, int]


class _Below:
    """The questions to ask for "is this option's value v?" ``depth`` levels below the
    root: at depth 1 the question itself; below, the answers of the option's own options
    decide it (:meth:`__call__`), and their questions are asked instead, each answer kept.

    An option's value is ``rest`` (its pieces valued here) XOR its largest piece's, which
    is ``u = v ^ rest`` when none of that piece's options has value ``u`` and some option
    has each value below ``u``.  So its options are asked "is your value u?" first (a yes
    is a no for the option), then, for each value below ``u`` none is known to have, "is
    your value w?"; an option whose value is known answers every such question.
    """

    def __init__(self, book: Answers, search: Search, memory: int, depth: int,
                 least: int, guide: Answers | None = None) -> None:
        self.book, self.search, self.memory = book, search, memory
        self.depth, self.least, self.guide = depth, least, guide
        self.roots: dict[str, Root] = {}
        #: the questions stopped before that the walks so far asked through their options
        self.split: set[tuple[str, int]] = set()
        #: for each option asked in place of a stopped question, that question
        self.origin: dict[str, tuple[str, int]] = {}

    def __call__(self, key: str, option: Board, value: int,
                 depth: int | None = None) -> bool | list[_Question]:
        """Whether ``option``'s value is ``value`` when the answers below decide it, else
        the questions to ask for it, in order (at least one).  A question stopped before
        in a run (:meth:`Answers.stop`) is asked as one level deeper."""
        depth = self.depth if depth is None else depth
        if depth <= 1 and (key, value) in self.book.stopped:
            self.split.add((key, value))
            got = self(key, option, value, 2)
            for child, _, _ in got if isinstance(got, list) else []:
                self.origin.setdefault(child, (key, value))
            return got
        if depth <= 1 or option.count() < self.least:
            return [(key, option, value)]
        found = self.roots.get(key)
        if found is None:
            found = self.roots[key] = root(option, self.search, self.memory)
        if found.piece is None:
            return value == found.rest
        if found.piece.count() < self.least:
            return [(key, option, value)]
        return self.piece(found, value ^ found.rest, depth - 1)

    def piece(self, found: Root, target: int, depth: int) -> bool | list[_Question]:
        """Whether the piece of ``found`` has value ``target``, else the questions to ask
        for it (its options' at ``depth``).  An option's answer its own options' answers
        decide on the way is noted, and the piece looked at again."""
        while True:
            got = self._look(found, target, depth)
            if not isinstance(got, tuple):
                return got
            self.book.add(*got)

    def _look(self, found: Root, target: int,
              depth: int) -> bool | list[_Question] | tuple[str, int, bool]:
        """One look at :meth:`piece`'s question: its answer, the questions to ask, or an
        option's answer decided here (to note, then look again)."""
        def known(key: str) -> int | None:
            return found.known.get(key, self.book.value_of.get(key))

        seen = set(found.known.values()) | {self.book.value_of[key] for key, _ in found.options
                                            if key in self.book.value_of}
        if target in seen:
            return False
        wanted: list[_Question] = []
        for value in [target] + [w for w in range(target) if w not in seen]:
            open_ = [(key, option) for key, option in found.options
                     if known(key) is None and (key, value) not in self.book.known]
            if not open_ and value != target:  # no option has this value below the target
                return False
            if (guide := self.guide) is not None:  # those the guide says have it first
                open_.sort(key=lambda pair: guide.says(pair[0], value) is not True)
            for key, option in open_:
                got = self(key, option, value, depth)
                if isinstance(got, bool):
                    return key, value, got
                wanted += got
        return wanted or True


def _open(found: Root, book: Answers, value: int) -> list[str]:
    """The keys of the root's options whose answer to "is your value ``value``?" is not
    known (an option of known value answers every round)."""
    return [key for key, _ in found.options if book.says(key, value) is None]


def _rounds(found: Root, below: _Below, status: _Status, asking: _Ask,
            wait: Callable[[Callable[[], None]], None] = lambda tick: None,
            slots: Callable[[], int] = lambda: 1, running: Callable[[], int] = lambda: 0,
            first: Callable[[list[_Question]], list[_Question]] = lambda got: got) -> int:
    """The value of the root's piece (``found``), by rounds: round r asks whether it is r
    (:meth:`_Below.piece`, r's round over at the first option of value r, the value r
    when every option has said no); ``asking`` starts one of the questions that asks (at
    most ``slots()`` running, ``running()`` of them now), ``wait(tick)`` waits for one
    answer, calling ``tick`` (the status line again) every :data:`TICK` seconds;
    ``first(questions)`` puts the questions in the order to start them."""
    book = below.book
    at = _Round(options=len(found.options))
    asked: set[tuple[str, int]] = set()

    def done(key: str, value: int, answer: bool, seconds: float) -> None:
        book.add(key, value, answer, seconds)

    while True:
        got = below.piece(found, at.value, below.depth)
        if got is False:
            at.value += 1
            continue
        at.answered = len(found.options) - len(_open(found, book, at.value))
        at.answers = len(book.known)
        status(at)
        if got is True:
            return at.value
        for key, option, value in first(got):
            if running() >= slots():
                break
            if (key, value) in asked or (key, value) in book.known:
                continue
            asked.add((key, value))
            asking(key, option, value, done)
            if (key, value) in book.known:  # answered at once: look again
                break
        at.running = running()
        if at.running:
            wait(lambda: status(at))


@dataclass
class Progress:
    """Where a split search stands by its file of answers alone (:func:`progress`)."""

    #: the board's value, when the answers decide it
    value: int | None
    #: the value of the pieces valued whole: the board's is it XOR the split piece's
    rest: int
    #: the round: "is the piece's value ``asked``?" (each value below it is some option's)
    asked: int
    #: the root's options to ask, and the keys of those not answered in the round
    options: int
    open: list[str]
    #: the questions the next run asks first, (option key, option, value), in order
    next: list[tuple[str, Board, int]]
    #: the answers kept, and the questions stopped unanswered (noted, not answered since)
    answers: int
    stopped: int
    #: those of the stopped questions the next run asks through their options (the others
    #: no longer matter: an answer found since decides the option they were asked for)
    split: int = 0
    #: for each open option asked through its own options (``depth`` 2 or more), how many
    #: of them have answered its first question ("is your value ``u``?", ``u`` the round's
    #: value XOR the option's ``rest``), and how many it has
    inside: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: the seconds of each question the file says it ran, in the file's order
    timed: list[float] = field(default_factory=list)


def progress(board: Board, game: str | BoardGame, answers: str | os.PathLike[str], *,
             depth: int = 1, least: int = LEAST, memory: int = MEMORY,
             second_order: bool = False,
             guide: str | os.PathLike[str] | None = None) -> Progress:
    """Where :func:`split_solve` with these arguments stands by the file ``answers``
    alone: no question is asked and the file is only read (it may be growing in a run).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.jsonl"
    >>> split_solve(Board.full(3, 5), "cram", workers=0, least=0, answers=path)
    1
    >>> found = progress(Board.full(3, 5), "cram", path, least=0)
    >>> found.value, found.asked, found.open, found.next
    (1, 1, [], [])
    """
    search, name = _checked(game, depth, second_order)
    book = Answers(answers, name, board, second_order, write=False)
    hints = None if guide is None else Answers(guide, name, board, None, write=False)
    kept = len(book.known)  # those in the file (more are decided from them below)
    found = root(board, search, memory)
    if board.count() < least or found.piece is not None and found.piece.count() < least:
        raise GrundyError(f"{board.text()}: fewer than {least} free cells to split, so it is "
                          "searched here, in one piece, and no answers are kept for it")
    stopped = sum(1 for key in book.stopped if key not in book.known)
    timed = list(book.seconds.values())
    if found.piece is None:
        return Progress(found.rest, found.rest, 0, 0, [], [], kept, stopped, timed=timed)
    below = _Below(book, search, memory, depth, least, hints)
    asked = 0
    while (got := below.piece(found, asked, depth)) is False:
        asked += 1
    if got is True:
        return Progress(found.rest ^ asked, found.rest, asked, len(found.options), [], [],
                        kept, stopped, timed=timed)
    open_ = _open(found, book, asked)
    inside = {}
    for key in open_:
        split = below.roots.get(key)  # walked through its options
        if split is not None and split.piece is not None:
            target = asked ^ split.rest
            inside[key] = (sum(1 for k, _ in split.options if book.says(k, target) is not None),
                           len(split.options))
    return Progress(None, found.rest, asked, len(found.options), open_, got, kept, stopped,
                    len(below.split - book.known.keys()), inside, timed)


#: what the board search on workers says it needs, and what to do without it
_WORK, _INSTEAD = "a board search on workers", "search here with workers=0"


def _on_cluster(client: Any, found: Root, below: _Below, status: _Status,
                game: str | BoardGame, memory: int, second_order: bool,
                tables: kept.Kept | None = None) -> int:
    """:func:`_rounds` with each question a task of the client's cluster; at the end the
    questions still running are stopped (:func:`kept.stop_asking`).  With ``tables``, the
    workers load their tables first, one after the other, and save them at the end (the
    value found, or out of time); each question goes to a free worker, the one that was
    asking it (or the stopped question it splits) when the last run stopped if it is free
    (:func:`_warm_first`, :func:`_choose`)."""
    dask = cluster.distributed(_WORK, _INSTEAD)
    killed = dask.scheduler.KilledWorker
    run = f"{os.getpid()}-{time.monotonic_ns()}"
    workers = {info.get("name", address): address
               for address, info in client.scheduler_info().get("workers", {}).items()}
    #: the questions under way: their key, value, callback, start and worker's name
    futures: dict[Any, tuple[str, int, _Done, float, Any]] = {}
    arriving = dask.as_completed()
    if tables is not None:
        _each_worker(client, workers, status, "loading",
                     lambda name: (kept.load_worker_table, tables.path(name), memory))

    def hint(key: str, target: int) -> Any:
        """The worker whose table holds the question (or the stopped one it splits)."""
        return None if tables is None else tables.hint(*below.origin.get(key, (key, target)))

    def asking(key: str, option: Board, target: int,
               done: _Done) -> None:
        name = None  # without tables, any worker Dask chooses
        if tables is not None:
            name = _choose(workers, {name for *_, name in futures.values()}, hint(key, target))
        pinned = {} if name is None else {"workers": [workers[name]],
                                          "allow_other_workers": True}
        future = client.submit(ask, option, game, target, memory, second_order, run,
                               pure=False, **pinned,
                               key=f"ask-{target}-{key}-{os.getpid()}-{time.monotonic_ns()}")
        futures[future] = (key, target, done, time.monotonic(), name)
        arriving.add(future)

    def wait(tick: Callable[[], None]) -> None:
        while True:  # the status line again each TICK seconds: the run is alive
            try:
                dask.wait(list(futures), timeout=TICK, return_when="FIRST_COMPLETED")
                break
            except TimeoutError:
                tick()
        future = next(arriving)
        key, target, done, start, _ = futures.pop(future)
        try:
            answer = bool(future.result())
        except killed:
            raise GrundyError(f"the worker asking whether {key} has value {target} died (out "
                              "of memory?); the answers found are kept in the file of "
                              "answers, if one was given: run again to resume") from None
        done(key, target, answer, time.monotonic() - start)

    def slots() -> int:
        return max(1, len(client.scheduler_info().get("workers", {})))

    def stop() -> None:
        """Stop the questions still running, and save the workers' tables (each save waits
        for its worker's question to stop: a worker runs one task at a time)."""
        client.run(kept.stop_asking, run)
        if tables is None:
            return
        _each_worker(client, workers, status, "saving",
                     lambda name: (kept.save_worker_table, tables.path(name)))

    def first(got: list[_Question]) -> list[_Question]:
        if tables is None:
            return got
        return _warm_first(got, hint, {name for *_, name in futures.values()})

    try:
        value = _rounds(found, below, status, asking, wait, slots, lambda: len(futures), first)
    except (KeyboardInterrupt, OutOfTime):
        now = time.monotonic()
        for key, target, _, start, _ in futures.values():
            below.book.stop(key, target, now - start)
        if tables is not None:  # Ctrl-C too: local workers ignore it (cluster.client)
            for key, target, *_, name in futures.values():
                if name is not None:
                    tables.stop(key, target, name)
            tables.save_stops(below.book.says)
        stop()
        raise
    finally:
        for future in futures:
            future.cancel()
    stop()
    return value


def _warm_first(questions: list[_Question], hint: Callable[[str, int], Any],
                busy: set[Any]) -> list[_Question]:
    """``questions`` in the order to start them on workers: first, for each worker that is
    free, the first question it holds the table of (``hint(key, value)``: the worker that
    was asking the question, or the stopped question it splits, when the last run
    stopped), then the questions of no worker, and last the others of a worker, to be left
    to it while another worker takes the rest; in their order otherwise.

    >>> q = [("a", None, 0), ("b", None, 0), ("c", None, 0), ("d", None, 0), ("e", None, 0)]
    >>> hints = {"a": 1, "c": 0, "e": 0}
    >>> [k for k, *_ in _warm_first(q, lambda key, value: hints.get(key), busy={1})]
    ['c', 'b', 'd', 'a', 'e']
    """
    claimed = set(busy)

    def rank(question: _Question) -> int:
        worker = hint(question[0], question[2])
        if worker is None:
            return 1
        if worker in claimed:
            return 2
        claimed.add(worker)
        return 0

    return sorted(questions, key=rank)  # rank is called once a question, in their order


def _choose(workers: Iterable[Any], busy: set[Any], hint: Any) -> Any:
    """The worker to ask on, of those named ``workers``: ``hint`` if it is one of them and
    not ``busy``, else the first free one (None: none is).

    >>> _choose([0, 1, 2], {0}, 2), _choose([0, 1, 2], {0, 2}, 2), _choose([0, 1], {0, 1}, 1)
    (2, 1, None)
    """
    free = sorted((name for name in workers if name not in busy), key=str)
    return hint if hint in free else free[0] if free else None


def _each_worker(client: Any, workers: dict[Any, str], status: _Status, doing: str,
                 task: Callable[[Any], tuple[Any, ...]]) -> None:
    """Run ``task(name)`` (a function and its arguments) on each worker, one after the
    other, the status line saying so ("loading worker 0's table").  A worker that is gone
    (killed; its nanny may start another in its place, at another address) is one clear
    error, where its task would wait for it for ever."""
    for name in sorted(workers, key=str):
        status.show(f"{status.what}: {doing} worker {name}'s table")
        function, *arguments = task(name)
        future = client.submit(function, *arguments, workers=[workers[name]], pure=False,
                               allow_other_workers=False)
        try:
            while True:
                try:
                    future.result(timeout=TICK)
                    break
                except TimeoutError:
                    if workers[name] not in client.scheduler_info().get("workers", {}):
                        future.cancel()
                        raise GrundyError(f"worker {name} is gone, its table with it: not "
                                          f"{doing} it (the answers found are kept in the "
                                          "file of answers, if one was given)") from None
        except OSError as error:
            raise GrundyError(f"worker {name}'s table: {error.strerror or error} (the answers "
                              "found are kept in the file of answers, if one was given)") \
                from None
