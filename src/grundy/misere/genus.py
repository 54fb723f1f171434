"""The genus of a position (Winning Ways, ch. 13; CGSuite's ``Genus``).

The genus of G is the symbol ``g^(γ1 γ2 γ3 ...)`` where ``g = γ0`` is G's normal-play
value, ``γ1`` its misère value (the mex rule, with value 1 for a position without a
move), and ``γk`` the misère value of ``G + 2 + ... + 2`` (``k - 1`` nim heaps of 2).
The exponents end alternating; the symbol is written, as Winning Ways does, up to where
the tail repeats its last two entries (``0^120`` is 0^(1,2,0,2,0,...)).

A position is **tame** when its genus is that of a nim heap: ``0^120``, ``1^031``, or
``g^(g, g^2)`` for g >= 2 (where ``g^2`` is g XOR 2); a sum of heaps that are tame
together with all their positions plays in misère as misère nim on their normal values.

>>> from grundy import find
>>> [str(genus(find("nim"), n)) for n in range(4)]
['0^120', '1^031', '2^20', '3^31']
>>> g = genus(find("kayles"), 5)           # Winning Ways' wild Kayles heap
>>> str(g), g.normal, g.misere, g.tame
('4^146', 4, 1, False)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Sum, mex, options_of, value
from ..errors import GrundyError
from .moves import has_move

__all__ = ["MAX_GENUS_SECONDS", "MAX_GENUS_STATES", "Genus", "genus", "heap_genera",
           "nim_genus"]

#: the most sums (with their nim heaps of 2 and 1) one game's genus memo holds (about
#: 200 MB), and the most seconds one genus takes (a genus past either limit drops the memo)
MAX_GENUS_STATES = 10**6
MAX_GENUS_SECONDS = 10.0
#: entries of the exponent computed at most (they alternate much sooner)
_MAX_ENTRIES = 40


def _symbol(tail: Sequence[int]) -> tuple[int, ...]:
    """The shortest prefix of the exponents that the rule "repeat the last two" (one
    entry: repeat it) extends to all of ``tail``."""
    for k in range(1, len(tail) + 1):
        s = tuple(tail[:k])
        if k == 1 and all(v == s[0] for v in tail):
            return s
        if k >= 2 and all(tail[j] == tail[j - 2] for j in range(k, len(tail))):
            return s
    return tuple(tail)


def nim_genus(g: int) -> tuple[int, ...]:
    """The exponent of the nim heap of ``g``: (1,2,0), (0,3,1) or (g, g XOR 2)."""
    return (1, 2, 0) if g == 0 else (0, 3, 1) if g == 1 else (g, g ^ 2)


@dataclass(frozen=True)
class Genus:
    """A genus: the normal value ``normal`` and the exponent (γ1, γ2, ...) as written."""

    normal: int
    exponent: tuple[int, ...]

    def entry(self, k: int) -> int:
        """γk (γ0 is the normal value)."""
        if k == 0:
            return self.normal
        e = self.exponent
        if k <= len(e):
            return e[k - 1]
        if len(e) == 1:
            return e[0]
        return e[len(e) - 2 + (k - len(e) - 1) % 2]

    @property
    def misere(self) -> int:
        return self.entry(1)

    @property
    def tame(self) -> bool:
        """Whether the genus is that of a nim heap."""
        return self.exponent == nim_genus(self.normal)

    def __str__(self) -> str:
        e = self.exponent
        text = "".join(map(str, e)) if all(v < 10 for v in e) else "(" + ",".join(map(str, e)) + ")"
        return f"{self.normal}^{text}"

    @classmethod
    def parse(cls, text: str) -> Genus:
        """``Genus.parse("4^146")``, ``Genus.parse("12^(3,14)")``."""
        head, caret, tail = text.strip().partition("^")
        try:
            if not caret or not tail:
                raise ValueError
            if tail.startswith("("):
                if not tail.endswith(")"):
                    raise ValueError
                exponent = tuple(int(v) for v in tail[1:-1].split(","))
            else:
                exponent = tuple(int(ch) for ch in tail)
            return cls(int(head), exponent)
        except ValueError:
            raise GrundyError(f"not a genus: {text!r} (expected e.g. 4^146)") from None


class _Parts:
    """The options of each part as the parts they leave that still have a move."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[Any, tuple[tuple[Any, ...], ...]] = {}
        self.alive: dict[Any, bool] = {}

    def live(self, part: Any) -> bool:
        found = self.alive.get(part)
        if found is None:
            found = self.alive[part] = has_move(self.game, part)
        return found

    def options(self, part: Any, tick: Callable[[], None]) -> tuple[tuple[Any, ...], ...]:
        """``tick()`` is called at each option (a clock to watch: a heap of 10^5 has 10^5
        options, each looked at for a move)."""
        found = self.known.get(part)
        if found is None:
            out = []
            for o in options_of(self.game, part):
                tick()
                out.append(tuple(p for p in (o.parts if isinstance(o, Sum) else (o,))
                                 if self.live(p)))
            found = self.known[part] = tuple(out)
        return found

    def state(self, parts: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(sorted((p for p in Sum(*parts).parts if self.live(p)), key=hash))


class _Values:
    """Misère values of sums with extra nim heaps of 2 and of 1, memoised on the game."""

    def __init__(self, game: Game, seconds: float = MAX_GENUS_SECONDS) -> None:
        memo = game.memo("genus")
        if not memo:
            memo.update(values={}, parts=_Parts(game))
        self.game = game
        self.memo: dict[tuple[Any, ...], int] = memo["values"]
        self.search: _Parts = memo["parts"]
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    def value(self, parts: tuple[Any, ...], twos: int, ones: int) -> int:
        memo = self.memo
        key = (parts, twos, ones)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) > MAX_GENUS_STATES:
            self.drop()
            raise GrundyError(f"the genus needs more than {MAX_GENUS_STATES} sums here: "
                              "try a smaller position")
        self.tick()
        search = self.search
        seen = set()
        for i, part in enumerate(parts):
            if i and part == parts[i - 1]:
                continue  # an equal part has the same options
            rest = parts[:i] + parts[i + 1:]
            for option in search.options(part, self.tick):
                self.tick()  # (a part of 10^5 options whose sums are all known is work too)
                state = tuple(sorted(rest + option, key=hash)) if option else rest
                seen.add(self.value(state, twos, ones))
        if twos:
            seen.add(self.value(parts, twos - 1, ones + 1))
            seen.add(self.value(parts, twos - 1, ones))
        if ones:
            seen.add(self.value(parts, twos, ones - 1))
        result = mex(seen) if seen else 1
        memo[key] = result
        return result

    def tick(self) -> None:
        """A step; GrundyError once the time is spent (the clock is read at every step: a
        step may list the options of a heap of 10^5, and reading it costs 0.1 µs)."""
        if time.monotonic() > self.deadline:
            self.drop()
            raise GrundyError(f"the genus needs more than {self.seconds:g} s here: "
                              "try a smaller position")

    def drop(self) -> None:
        """Forget the game's memo (a genus past its limits: a memo that large is not kept,
        and freeing it at once is quicker than at the interpreter's exit)."""
        self.game.forget("genus")


def genus(game: Game, position: Any, seconds: float = MAX_GENUS_SECONDS) -> Genus:
    """The genus of ``position`` (or of a :class:`~grundy.Sum`) in ``game`` (GrundyError
    past ``seconds`` or :data:`MAX_GENUS_STATES` sums)."""
    values = _Values(game, seconds)
    parts = values.search.state(position.parts if isinstance(position, Sum) else (position,))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        tail: list[int] = []
        for k in range(1, _MAX_ENTRIES + 1):
            tail.append(values.value(parts, k - 1, 0))
            if k >= 5 and tail[-1] == tail[-3] and tail[-2] == tail[-4]:
                break
    except RecursionError:
        raise GrundyError("the genus of this position is too deep to compute here") from None
    finally:
        sys.setrecursionlimit(limit)
    return Genus(value(game, position), _symbol(tail))


def heap_genera(game: Game, n: int, seconds: float | None = None
                ) -> list[tuple[Genus, bool]]:
    """The genus of heaps 0..n-1 of a heap game, each with whether the heap is tame
    together with every position it can reach (so sums of such heaps are misère nim);
    ``seconds`` bounds the whole list (else each genus has :data:`MAX_GENUS_SECONDS`)."""
    out: list[tuple[Genus, bool]] = []
    end = None if seconds is None else time.monotonic() + seconds
    for h in range(n):
        left = MAX_GENUS_SECONDS if end is None else end - time.monotonic()
        if left <= 0:
            raise GrundyError(f"the genera of heaps 0..{n - 1} need more than {seconds:g} s")
        g = genus(game, h, left)
        hereditary = g.tame
        if hereditary:
            for o in options_of(game, h):
                for p in (o.parts if isinstance(o, Sum) else (o,)):
                    if not out[p][1]:  # type: ignore[index]
                        hereditary = False
        out.append((g, hereditary))
    return out
