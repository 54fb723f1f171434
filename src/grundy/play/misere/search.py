"""Misère play: the player who makes the last move loses.

Under misère play Grundy values no longer add up over a sum.  grundy decides a misère
sum, in this order, by:

1. the game's own misère theory (``misere_outcome_of``, and for the winning moves
   ``misere_winning_moves_of``: Bouton's rule in nim, which answers heaps of any size);
2. the game's **misère quotient** (:mod:`grundy.misere.quotient`), for a heap game:
   the one computed in this session, or cached on disk by ``grundy quotient``
   (:mod:`grundy.misere.cache`), or computed here: first for
   :data:`QUOTIENT_TRY_SECONDS`, long enough to certify the quotients that are certified
   quickly, then (when that is partial and short of the largest heap asked about) up to
   that heap, within :data:`QUOTIENT_SECONDS`; a sum of any number of heaps is then one
   product in the monoid and a membership test, and its winning moves follow;
3. **tameness**: when every heap is tame together with all its positions (its genus is
   a nim heap's, :mod:`grundy.misere.genus`), the sum is misère nim on the heaps'
   normal values;
4. a **search** of the moves of the whole sum, memoised on the multiset of its parts
   (parts with no move left are dropped).

One question (an outcome, the winning moves, or both with their explanation:
:func:`misere_answer`) has one budget for all of it, the quotient loaded or computed and
the tameness looked at included: :data:`MAX_SECONDS` seconds, :data:`MAX_POSITIONS` sums
searched and :data:`MAX_CELLS` parts held at once (a sum of many parts has many moves,
each a sum as large); past any of them it stops with a :class:`~grundy.GrundyError`.

>>> from grundy import Game, Sum
>>> class Nim(Game):
...     def options(self, n):
...         return range(n)
>>> misere_outcome(Nim(), Sum(1, 1, 1)), misere_outcome(Nim(), Sum(2, 2))
('P', 'P')
>>> misere_winning_moves(Nim(), Sum(1, 2, 4))
[Sum(1, 2, 3)]
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...engine import Game, LoopyGameError, Sum, options_of, value
from ...errors import GrundyError
from ...misere.moves import has_move

if TYPE_CHECKING:
    from ...misere.quotient import Quotient
    from ...rules.base import HeapGame

__all__ = ["MAX_CELLS", "MAX_POSITIONS", "MAX_SECONDS", "QUOTIENT_SECONDS", "TAME_HEAPS",
           "QUOTIENT_TRY_SECONDS", "answered_at_once", "forget_misere", "known_quotient", "misere_answer",
           "misere_explanation", "misere_outcome", "misere_part_winning_moves",
           "misere_winning_moves"]

#: sums searched for one question at most (about 6 * 10^4 a second: a few seconds)
MAX_POSITIONS = 2 * 10**5
#: and for about this long at most (sums with many parts have many moves each)
MAX_SECONDS = 5
#: parts held at once in the sums the search keeps (its memo, the options it listed and
#: its moves): about 100 MB of tuples; a memo past it is dropped, a question past twice
#: it stops with an error
MAX_CELLS = 4 * 10**6
#: seconds spent computing a heap game's quotient when a question needs one
QUOTIENT_SECONDS = 1.0
#: of which at most this long looking for a complete (certified) quotient: of the 448
#: octal codes 0.d1d2d3, the 143 certified within 1.5 s all were within 0.11 s (with
#: nothing else running, and under load alike); the others stay partial however long
#: they run, so past this a question computes the partial quotient only as far as its
#: largest heap
QUOTIENT_TRY_SECONDS = 0.3
#: the largest heap whose tameness is looked at (its genus needs a search of its own)
TAME_HEAPS = 20


class _Budget:
    """The limits of one question: its deadline and the sums searched so far."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seconds = MAX_SECONDS
        self.deadline = time.monotonic() + MAX_SECONDS
        self.explored = 0

    def left(self) -> float:
        """Seconds left (0 or less: spent)."""
        return self.deadline - time.monotonic()

    def check(self) -> None:
        """Raise when the time is spent."""
        if time.monotonic() > self.deadline:
            searched = f" ({self.explored} sums searched)" if self.explored else ""
            raise GrundyError(f"misère analysis needs more than {self.seconds:g} s "
                              f"here{searched}: {self.advice()}")

    def count(self) -> None:
        """One more sum searched; raise past :data:`MAX_POSITIONS`."""
        self.explored += 1
        if self.explored > MAX_POSITIONS:
            raise GrundyError(f"misère analysis needs more than {MAX_POSITIONS} sums here: "
                              f"{self.advice()}")

    def too_large(self) -> GrundyError:
        return GrundyError(f"misère analysis needs more than {MAX_CELLS} parts held at once "
                           f"here: {self.advice()}")

    def advice(self) -> str:
        """Try a smaller position; for a heap game, or compute its quotient (``grundy
        quotient`` takes heap games only)."""
        from ...rules.base import is_heap_game

        if is_heap_game(self.game):
            return (f"try a smaller position (or compute the game's misère quotient: "
                    f"grundy quotient {self.game.label})")
        return "try a smaller position"


def misere_outcome(game: Game, position: Any) -> str:
    """``"P"`` if the player to move loses ``position`` (or a :class:`Sum`) under misère
    play, else ``"N"``."""
    return _outcome(game, _parts(position), _Budget(game))


def _outcome(game: Game, parts: tuple[Any, ...], budget: _Budget) -> str:
    known = game.misere_outcome_of(parts)  # the game's own theory (Bouton's rule in nim)
    if known is not None:
        return known
    q = _quotient_for(game, parts, budget)
    if q is not None:
        return q.outcome(parts)
    if _tame(game, parts, budget):
        return _bouton(game, parts)
    search = _Search(game, budget)
    return "N" if search.wins(search.state(parts)) else "P"


def misere_winning_moves(game: Game, position: Any) -> list[Any]:
    """The moves from ``position`` (or a :class:`Sum`) to misère P-positions, in the order
    of the parts and of ``options()``.  Empty when the outcome is P, and when there is
    no move at all (the player to move has then won: the opponent moved last)."""
    parts = _parts(position)
    pairs = _part_winning_moves(game, parts, _Budget(game))
    if not isinstance(position, Sum):
        return [option for _, option in pairs]
    return [Sum(*parts[:i], option, *parts[i + 1:]) for i, option in pairs]


def misere_part_winning_moves(game: Game, parts: Iterable[Any]) -> list[tuple[int, Any]]:
    """Misère winning moves in a sum given as its parts: pairs (index of the part moved,
    its option), as :func:`grundy.part_winning_moves` gives them under normal play.

    >>> class Nim(Game):
    ...     def options(self, n):
    ...         return range(n)
    >>> misere_part_winning_moves(Nim(), [1, 1, 2])
    [(2, 1)]
    """
    return _part_winning_moves(game, tuple(parts), _Budget(game))


def _part_winning_moves(game: Game, parts: tuple[Any, ...], budget: _Budget
                        ) -> list[tuple[int, Any]]:
    by_rule = game.misere_winning_moves_of(parts)  # the game's own theory, at any size
    if by_rule is not None:
        return by_rule
    if game.misere_outcome_of(parts) is None:
        q = _quotient_for(game, parts, budget)
        if q is not None:
            return q.part_winning_moves(game, parts, budget.check)
    good: dict[Any, list[Any]] = {}  # equal parts have the same winning moves
    out: list[tuple[int, Any]] = []
    for i, part in enumerate(parts):
        wins = good.get(part)
        if wins is None:
            wins = good[part] = []
            for option in options_of(game, part):
                budget.check()
                after = tuple(Sum(*parts[:i], option, *parts[i + 1:]).parts)
                if _outcome(game, after, budget) == "P":
                    wins.append(option)
        out.extend((i, option) for option in wins)
    return out


def misere_answer(game: Game, parts: Iterable[Any]
                  ) -> tuple[str, list[tuple[int, Any]], list[str]]:
    """The outcome of a sum given as its parts, its winning moves (as
    :func:`misere_part_winning_moves` gives them) and why (:func:`misere_explanation`),
    within one budget.

    >>> from grundy import find
    >>> misere_answer(find("kayles"), [1, 1, 2])[:2]
    ('N', [(2, 1)])
    """
    parts = tuple(parts)
    budget = _Budget(game)
    outcome = _outcome(game, parts, budget)
    pairs = _part_winning_moves(game, parts, budget) if outcome == "N" else []
    return outcome, pairs, _explanation(game, parts, budget)


def misere_explanation(game: Game, parts: Iterable[Any]) -> list[str]:
    """Why a sum is won or lost under misère play, in a few lines: by the game's
    quotient (the parts' elements, their product, whether it is in P), by tameness, or
    by the search.

    >>> from grundy import find
    >>> for line in misere_explanation(find("0.75"), [5, 7]):
    ...     print(line)
    misère quotient of 0.75: order 8, |P| = 2 (certified, the periodicity theorem for misère quotients (Plambeck & Siegel 2008))
      Q = <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>
    elements of the parts: 5: c, 7: c
    their product: b^2, in P: the player to move loses
    """
    return _explanation(game, tuple(parts), _Budget(game))


def _explanation(game: Game, parts: tuple[Any, ...], budget: _Budget) -> list[str]:
    if game.misere_outcome_of(parts) is not None:
        return ["decided by the game's own misère rule"]
    q = _quotient_for(game, parts, budget)
    if q is not None:
        return q.explain(parts)
    if _tame(game, parts, budget):
        return ["every heap is tame (its genus, and its positions', are a nim heap's): "
                "the sum plays as misère nim on the normal values"]
    from ...rules.base import is_heap_game

    if is_heap_game(game):
        return ["decided by a search of the sums reachable (no misère quotient covers it)"]
    return ["decided by a search of the sums reachable"]


def answered_at_once(game: Game, parts: Iterable[Any]) -> bool:
    """Whether this sum is answered at once whatever its size, with no search of its
    moves: by the game's own misère theory (its outcome and its winning moves: Bouton's
    rule in nim) or by its misère quotient (found in the session or the cache, or
    computed within :data:`QUOTIENT_SECONDS`).

    >>> from grundy import find
    >>> answered_at_once(find("kayles"), [400] * 1000)
    True
    >>> answered_at_once(find("nim"), [100, 200, 300])
    True
    """
    parts = tuple(parts)
    if (game.misere_outcome_of(parts) is not None
            and game.misere_winning_moves_of(parts) is not None):
        return True
    return _quotient_for(game, parts, _Budget(game)) is not None


def known_quotient(game: Game) -> Quotient | None:
    """The misère quotient this session knows for ``game`` (computed or loaded), if any."""
    q: Quotient | None = game.memo("quotient").get("found")
    return q


def forget_misere(game: Game, larger_than: int | None = None) -> None:
    """Drop the memos of the misère search and of the genera kept on ``game`` (its
    quotient stays): freeing a large memo at once is much quicker than at the
    interpreter's exit, where it can take seconds.  With ``larger_than``, only the
    search's memo, and only when it holds more sums than that (the playground keeps a
    small one)."""
    if larger_than is None:
        game.forget("misere")
        game.forget("genus")
    elif len(game.memo("misere").get("wins", ())) > larger_than:
        game.forget("misere")


def _heaps_only(game: Game, parts: tuple[Any, ...]) -> bool:
    from ...rules.base import is_heap_game

    return is_heap_game(game) and _heaps(parts)


def _heaps(parts: tuple[Any, ...]) -> bool:
    return all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in parts)


def _quotient_for(game: Game, parts: tuple[Any, ...], budget: _Budget) -> Quotient | None:
    """The quotient that decides this sum of heaps: loaded, or certified within
    :data:`QUOTIENT_TRY_SECONDS`, once per game; a partial one is computed again as far
    as a larger heap asked about (once for each such heap), within the question's
    budget and :data:`QUOTIENT_SECONDS`.

    >>> from grundy.rules.heap import TakeAndBreak
    >>> game = TakeAndBreak("4.07")  # no theorem certifies its quotient: computed to heap 9
    >>> _quotient_for(game, (9, 2), _Budget(game)).heaps
    9
    """
    from ...rules.base import is_heap_game

    if not parts or not is_heap_game(game) or not _heaps(parts):
        return None
    memo = game.memo("quotient")
    q: Quotient | None = memo.get("found")
    top = max(parts)
    if q is None and not memo.get("tried") and budget.left() > 0:
        memo["tried"] = True
        from ...misere.cache import load

        q = memo["found"] = load(game, budget.left())
        if q is None and game.misere_certifier() is not None:
            q = memo["found"] = _computed(game, None, QUOTIENT_TRY_SECONDS, budget)
    if (q is None or not (q.certified or q.covers(top))) and memo.get("reached", -1) < top:
        memo["reached"] = top  # asked once for each larger heap
        longer = _computed(game, top, QUOTIENT_SECONDS, budget)
        if longer is not None and (q is None or longer.heaps > q.heaps):
            q = memo["found"] = longer
    if q is None or not all(q.covers(p) for p in parts):
        return None
    return q


def _computed(game: HeapGame, heaps: int | None, seconds: float, budget: _Budget
              ) -> Quotient | None:
    """The quotient of ``game`` computed up to heap ``heaps`` (None: until certified)
    for at most ``seconds`` of what is left of the budget, or None."""
    seconds = min(seconds, budget.left())
    if seconds <= 0:
        return None
    from ...misere.quotient import MAX_HEAPS, quotient

    try:
        return quotient(game, None if heaps is None else min(heaps, MAX_HEAPS), seconds)
    except GrundyError:
        return None


def use_quotient(game: Game, q: Quotient) -> None:
    """Play ``game``'s misère sums by ``q`` from now on (``grundy quotient`` does this)."""
    memo = game.memo("quotient")
    memo["found"], memo["tried"] = q, True


def _tame(game: Game, parts: tuple[Any, ...], budget: _Budget) -> bool:
    if not parts or not _heaps_only(game, parts) or max(parts) > TAME_HEAPS:
        return False
    memo = game.memo("tame")
    known: list[bool] | None = memo.get("heaps")
    top = max(parts)
    if known is None or len(known) <= top:
        left = budget.left()
        if left <= 0:
            return False  # no time to look (not kept: another question may)
        from ...misere.genus import heap_genera

        try:
            known = [t for _, t in heap_genera(game, TAME_HEAPS + 1,
                                               min(QUOTIENT_SECONDS, left))]
        except GrundyError:
            known = [False] * (TAME_HEAPS + 1)
        memo["heaps"] = known
    return all(known[p] for p in parts)


def _bouton(game: Game, parts: tuple[Any, ...]) -> str:
    """Misère nim on the normal values (a sum of tame heaps): Bouton's misère rule."""
    from ...rules.heap import misere_nim_outcome

    return misere_nim_outcome(value(game, p) for p in parts)


def _parts(position: Any) -> tuple[Any, ...]:
    return position.parts if isinstance(position, Sum) else (position,)


State = tuple[Any, ...]  # a sum's parts, ordered by hash (equal sums: the same tuple, as a rule)


class _Search:
    """Misère wins and losses of sums, memoised on the game (iterative, no recursion).

    A sum is searched as a tuple of its parts ordered by their hashes: building and
    hashing tuples is far cheaper than :class:`Sum`'s multiset comparison.  Two equal
    sums whose parts share a hash may come out as different tuples; that only costs a
    second look at the same sum, never a wrong answer.
    """

    def __init__(self, game: Game, budget: _Budget) -> None:
        self.game = game
        self.budget = budget
        memo = game.memo("misere")
        if memo.get("cells", [0])[0] > MAX_CELLS:  # a memo too large is dropped
            game.forget("misere")
            memo = game.memo("misere")
        if not memo:
            memo.update(wins={}, options={}, live={}, cells=[0])
        self.wins_memo: dict[State, bool] = memo["wins"]  # state -> the player to move wins
        # part -> its options, each as the parts it leaves that have a move
        self.options_memo: dict[Any, tuple[State, ...]] = memo["options"]
        self.live_memo: dict[Any, bool] = memo["live"]  # part -> it has a move
        self.memo_cells: list[int] = memo["cells"]  # parts held in the memos

    def options(self, part: Any) -> tuple[State, ...]:
        """The options of a part, each as the parts it leaves that still have a move."""
        known = self.options_memo.get(part)
        if known is None:
            budget = self.budget
            budget.check()
            out = []
            for k, o in enumerate(options_of(self.game, part)):
                if (k & 1023) == 1023:
                    budget.check()
                out.append(tuple(p for p in (o.parts if isinstance(o, Sum) else (o,))
                                 if self.live(p)))
            known = self.options_memo[part] = tuple(out)
            self.memo_cells[0] += len(known) + sum(map(len, known))
            if self.memo_cells[0] > 2 * MAX_CELLS:
                raise budget.too_large()
        return known

    def live(self, part: Any) -> bool:
        """Whether a part has a move (parts without one are dropped from sums)."""
        known = self.live_memo.get(part)
        if known is None:
            self.budget.check()  # a game may list every option to give the first
            known = self.live_memo[part] = has_move(self.game, part)
            self.memo_cells[0] += 1
        return known

    def state(self, parts: tuple[Any, ...]) -> State:
        """The sum as a search state: flattened, without the parts that have no move."""
        return tuple(sorted((p for p in Sum(*parts).parts if self.live(p)), key=hash))

    def moves(self, state: State) -> list[State]:
        self.budget.check()
        width = sum(len(self.options(part)) for part in state)
        if width * len(state) > MAX_CELLS:
            raise GrundyError(f"misère analysis: a sum of {len(state)} parts has {width} "
                              f"moves, too many to search here: {self.budget.advice()}")
        out = set()
        for i, part in enumerate(state):
            rest = state[:i] + state[i + 1:]
            for option in self.options(part):
                out.add(tuple(sorted(rest + option, key=hash)) if option else rest)
        return list(out)

    def wins(self, root: State) -> bool:
        memo = self.wins_memo
        if root in memo:
            return memo[root]
        # each frame: [state, its moves, index of the next move, move waiting for its answer]
        stack: list[list[Any]] = [[root, self.moves(root), 0, None]]
        on_stack = {root}
        held = len(root) * len(stack[0][1])  # parts in the moves of the frames
        cells = self.memo_cells
        budget = self.budget
        while stack:
            frame = stack[-1]
            state, moves, index, waiting = frame
            if waiting is not None and not memo[waiting]:
                memo[state] = True  # a move to a losing sum
            else:
                while index < len(moves) and memo.get(moves[index]) is True:
                    index += 1
                if index < len(moves) and moves[index] in memo:
                    memo[state] = True
                elif index < len(moves):
                    nxt = moves[index]
                    if nxt in on_stack:
                        raise LoopyGameError(Sum(*nxt))
                    budget.count()
                    frame[2], frame[3] = index + 1, nxt
                    on_stack.add(nxt)
                    moves_next = self.moves(nxt)
                    held += len(nxt) * len(moves_next)
                    if held + cells[0] > 2 * MAX_CELLS:
                        raise budget.too_large()
                    stack.append([nxt, moves_next, 0, None])
                    continue
                else:
                    memo[state] = not moves  # no move: the opponent moved last and lost
            cells[0] += len(state)
            held -= len(state) * len(moves)
            stack.pop()
            on_stack.discard(state)
        return memo[root]
