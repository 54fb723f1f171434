"""Nim with a twist, reduced to nim: Staircase nim, Poker nim and Moore's nim_k.

**Staircase nim**: coins on steps 1, 2, ..., n; a move takes any number of coins from one
step down to the step below (from step 1 off the staircase).  The position is worth the
nim sum of the odd steps (moves from an even step are undone by moving the same coins on).

**Poker nim**: nim heaps and a pool of chips; a move takes chips from one heap, or adds
chips from the pool to one heap (the pool then holds fewer, so the game ends).  It is won
as nim: a position loses exactly when the nim sum of the heaps is 0, since an addition is
undone by taking the same chips away.  The winning moves are the nim moves and the
additions that make the nim sum 0; the values are searched for small positions.

**Moore's nim_k** (Moore, 1910): heaps; a move takes from at least one and at most ``k``
heaps.  Moore's theorem: a P-position is one where, in binary, every column of digits adds
up to a multiple of ``k + 1``.  The winning move is built column by column, from the top.

>>> StaircaseNim().fast_value((3, 1, 4))   # steps 1 and 3: 3 XOR 4
7
>>> m = MooreNim(2)
>>> m.is_p((1, 1, 1)), m.is_p((1, 2, 3)), m.zero_options((1, 2, 3))
(True, False, [(1, 1, 1)])
>>> m.construct((10**30, 5, 7)) in m.zero_options((10**30, 5, 7))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import Any

from ..engine import Sum
from ..errors import GrundyError
from .closed import MovesByTheorem, WordReader, read_integer

__all__ = ["MooreNim", "PokerNim", "StaircaseNim"]

#: the most options of a position listed one by one
OPTION_LIMIT = 20_000
#: the most work (positions reached times moves of the start) of a Moore value searched
MOORE_WORK = 2_000_000


def _heaps(position: Any, name: str) -> tuple[int, ...]:
    if not isinstance(position, tuple) or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in position):
        raise GrundyError(f"a position of {name} is a tuple of non-negative integers, got "
                          f"{position!r}")
    return position


class _Row(WordReader):
    """A game whose one position is a row of numbers, all the words of the command line."""

    board = "steps"
    name = ""

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        return [tuple(read_integer(w, "a number of coins") for w in words)]

    def parse_position(self, text: str) -> tuple[int, ...]:
        return tuple(read_integer(w, "a number of coins")
                     for w in text.replace(",", " ").strip("() ").split())

    def format_position(self, position: Any) -> str:
        return " ".join(map(str, position))

    @property
    def notation(self) -> str:
        return self.name


class StaircaseNim(_Row):
    """Move any number of coins from one step to the step below."""

    name = "staircase-nim"
    #: a position the playground starts from (parts in the game's notation)
    example = ("3 1 4 1",)
    theorem = ("Staircase nim is nim on the odd steps: the position is worth the nim sum of "
               "the coins on steps 1, 3, 5, ...")

    def options(self, position: Any) -> list[tuple[int, ...]]:
        steps = _heaps(position, self.name)
        out = []
        for i, c in enumerate(steps):
            for k in range(1, c + 1):
                new = list(steps)
                new[i] -= k
                if i:
                    new[i - 1] += k
                out.append(tuple(new))
        return out

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        total = 0
        for c in _heaps(position, self.name)[::2]:
            total ^= c
        return total

    def options_of_value(self, part: Any, target: int) -> list[tuple[int, ...]]:
        """Every move to value ``target``, at any size, in ``options()`` order: at most one a
        step.  Coins taken from an odd step change the nim sum as a nim move on that step
        (those landing on the even step below count for nothing); coins from an even step
        land on the odd step below and change it as a nim move upwards.  So each step has
        the one count that gives ``target``, if its coins allow it.

        >>> StaircaseNim().options_of_value((3, 1, 4), 0)
        [(4, 0, 4), (3, 2, 3)]
        """
        steps = _heaps(part, self.name)
        change = target  # the value's change the move must make
        for c in steps[::2]:
            change ^= c
        found: list[tuple[int, ...]] = []
        if not change:
            return found
        for i, c in enumerate(steps):
            odd = i if i % 2 == 0 else i - 1  # the odd step (0-based even) the move changes
            want = steps[odd] ^ change
            k = c - want if odd == i else want - steps[odd]
            if 0 < k <= c:
                new = list(steps)
                new[i] -= k
                if i:
                    new[i - 1] += k
                found.append(tuple(new))
        return found

    def check_winning_moves(self, part: Any) -> None:
        """Any size: :meth:`options_of_value` finds every move of a value without the rest."""
        _heaps(part, self.name)

    def check_listable(self, part: Any) -> None:
        if sum(_heaps(part, self.name)) > OPTION_LIMIT:
            raise GrundyError(f"{self.name}: more than {OPTION_LIMIT} coins is too many to list "
                              "the moves one by one ('grundy analyze' gives its value and "
                              "winning moves at any size)")

    def __eq__(self, other: object) -> bool:
        return type(other) is StaircaseNim

    def __hash__(self) -> int:
        return hash("grundy.StaircaseNim")


class PokerNim(MovesByTheorem):
    """Nim with a pool: a position is ``(heaps, pool)``; take from a heap or add from the pool."""

    board = "heaps-pool"
    example = ("3 5 7 pool=3",)
    theorem = ("Poker nim is won as nim: a position loses iff the nim sum of its heaps is 0 "
               "(an addition is undone by removing the same chips)")

    @property
    def notation(self) -> str:
        return "poker-nim"

    def _split(self, position: Any) -> tuple[tuple[int, ...], int]:
        try:
            heaps, pool = position
        except (TypeError, ValueError):
            raise GrundyError(f"a position of poker-nim is (heaps, pool), got {position!r}") \
                from None
        heaps = _heaps(heaps, "poker-nim")
        if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
            raise GrundyError(f"the pool of poker-nim is a non-negative integer, got {pool!r}")
        return heaps, pool

    def options(self, position: Any) -> list[Any]:
        heaps, pool = self._split(position)
        out: list[Any] = []
        for i, h in enumerate(heaps):
            for v in range(h - 1, -1, -1):
                out.append((heaps[:i] + (v,) + heaps[i + 1:], pool))
            for add in range(1, pool + 1):
                out.append((heaps[:i] + (h + add,) + heaps[i + 1:], pool - add))
        return out

    def is_p(self, position: Any) -> bool:
        heaps, _ = self._split(position)
        total = 0
        for h in heaps:
            total ^= h
        return total == 0

    def value_known(self, part: Any) -> bool:
        heaps, pool = self._split(part)
        size = pool + 1
        for h in heaps:
            size *= h + pool + 1
        return size <= OPTION_LIMIT

    def zero_options(self, part: Any) -> list[Any]:
        """The nim moves and the additions that make the nim sum 0, in options() order."""
        heaps, pool = self._split(part)
        total = 0
        for h in heaps:
            total ^= h
        if total == 0:
            return []
        found: list[Any] = []
        for i, h in enumerate(heaps):
            want = h ^ total
            if want < h or want - h <= pool:
                found.append((heaps[:i] + (want,) + heaps[i + 1:],
                              pool - max(want - h, 0)))
        return found

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        if not self.value_known(position):
            raise GrundyError("the Grundy value of this poker-nim position is not computed (no "
                              "closed form is known; its outcome and winning moves are: "
                              "analyze it alone)")
        return None

    def check_listable(self, part: Any) -> None:
        self._split(part)

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        """The heaps, then ``pool=K`` (the chips that may be added; 0 if not given)."""
        pool, heaps, pools = 0, [], 0
        for word in words:
            if word.strip().lower().startswith("pool="):
                pools += 1
                if pools > 1:
                    raise GrundyError("poker-nim: pool= is given twice (one pool of chips a "
                                      "position)")
                pool = read_integer(word.strip()[5:], "the pool of chips")
            else:
                heaps.append(read_integer(word, "a heap size"))
        return [(tuple(heaps), pool)]

    def parse_position(self, text: str) -> Any:
        return self.parse_words(text.replace(",", " ").split())[0]

    def format_position(self, position: Any) -> str:
        heaps, pool = position
        return " ".join(map(str, heaps)) + f" pool={pool}"

    def __eq__(self, other: object) -> bool:
        return type(other) is PokerNim

    def __hash__(self) -> int:
        return hash("grundy.PokerNim")


class MooreNim(MovesByTheorem, _Row):
    """Take from at least one and at most ``k`` heaps."""

    board = "heaps-row"
    example = ("3 5 6",)

    def __init__(self, k: int = 2) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise GrundyError(f"moore's nim takes k >= 1 heaps a move, got {k!r}")
        self.k = k
        self.name = f"moore:{k}"
        self.theorem = (f"Moore's theorem (1910): in nim_{k} a position is P iff every binary "
                        f"digit column adds up to a multiple of {k + 1}")

    def _count(self, heaps: tuple[int, ...]) -> int:
        total = 0
        for size in range(1, min(self.k, len(heaps)) + 1):
            for chosen in combinations(heaps, size):
                ways = 1
                for h in chosen:
                    ways *= h
                total += ways
                if total > OPTION_LIMIT:
                    return total
        return total

    def options(self, position: Any) -> list[tuple[int, ...]]:
        heaps = _heaps(position, self.name)
        out = []
        for size in range(1, min(self.k, len(heaps)) + 1):
            for chosen in combinations(range(len(heaps)), size):
                for new in product(*(range(heaps[i]) for i in chosen)):
                    after = list(heaps)
                    for i, v in zip(chosen, new):
                        after[i] = v
                    out.append(tuple(after))
        return out

    def is_p(self, position: Any) -> bool:
        heaps = _heaps(position, self.name)
        top = max(heaps, default=0).bit_length()
        return all(sum((h >> j) & 1 for h in heaps) % (self.k + 1) == 0 for j in range(top))

    def value_known(self, part: Any) -> bool:
        """Whether the search reaches the value: positions times moves at most
        :data:`MOORE_WORK` (heaps 10, 10, 10, 10 of nim_2, 9.4 million, took 2.5 s here)."""
        heaps = _heaps(part, self.name)
        positions = 1
        for h in heaps:
            positions *= h + 1
            if positions > MOORE_WORK:
                return False
        return positions * self._count(heaps) <= MOORE_WORK

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """Every winning move is listed up to :data:`OPTION_LIMIT` moves; past it, one."""
        return self._count(_heaps(part, self.name)) <= OPTION_LIMIT

    def zero_options(self, part: Any) -> list[tuple[int, ...]]:
        """Every move to a P-position for a small position; past :data:`OPTION_LIMIT` moves,
        the one move of Moore's construction (column by column from the top)."""
        heaps = _heaps(part, self.name)
        if self.is_p(heaps):
            return []
        if self._count(heaps) <= OPTION_LIMIT:
            return [o for o in self.options(heaps) if self.is_p(o)]
        return [self.construct(heaps)]

    def construct(self, heaps: tuple[int, ...]) -> tuple[int, ...]:
        """Moore's winning move: at each binary column from the top, the heaps already
        lowered take any digit; clear the digit of up to ``k`` more heaps, or set it in
        enough lowered heaps, so that the column adds up to a multiple of ``k + 1``."""
        new = list(heaps)
        chosen: list[int] = []
        for j in range(max(heaps).bit_length() - 1, -1, -1):
            bit = 1 << j
            for i in chosen:
                new[i] &= ~bit
            r = sum(1 for i, h in enumerate(heaps) if i not in chosen and h & bit) % (self.k + 1)
            if r == 0:
                continue
            if r <= self.k - len(chosen):
                fresh = [i for i, h in enumerate(heaps) if i not in chosen and h & bit][:r]
                for i in fresh:
                    new[i] = heaps[i] & ~(bit | (bit - 1))  # lower digits decided later
                chosen.extend(fresh)
            else:
                for i in chosen[: self.k + 1 - r]:
                    new[i] |= bit
        return tuple(new)

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        if not self.value_known(position):
            raise GrundyError(f"the Grundy value of {self.name} "
                              f"{self.format_position(position)} is not computed "
                              "(no closed form is known; its outcome and winning moves are: "
                              "analyze it alone)")
        return None

    def check_listable(self, part: Any) -> None:
        _heaps(part, self.name)

    def __eq__(self, other: object) -> bool:
        return type(other) is MooreNim and other.k == self.k

    def __hash__(self) -> int:
        return hash(("grundy.MooreNim", self.k))

    def __repr__(self) -> str:
        return f"MooreNim({self.k})"
