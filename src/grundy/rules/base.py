"""Shapes shared by rule families: heap-like games and two-dimensional games.

A :class:`HeapGame` has non-negative integer positions and a Grundy *sequence*;
a :class:`GridGame` has positions ``(row, col)`` and a Grundy *table*.  Both
compute through the generic engine by default.  A family says what more it can do
by overriding hooks, and every caller (values, periods, analysis, misere play)
asks the game rather than testing its class:

- :meth:`HeapGame.kernel_sequence` / :meth:`GridGame.kernel_table`: a fast kernel
  (set ``has_kernel = True``; the tests check it against the engine), after which
  :func:`grundy.value` of a position asks the kernel, not the engine;
- :meth:`HeapGame.certifier`: the theorem that proves a period from finitely many
  values (or a period known in closed form), so sequences extend by it;
- ``bounded`` (no saltus to look for), ``period_budget`` (values searched by default),
  ``sequence_limit`` / ``table_limit`` (the most values a kernel computes in seconds),
  ``move_limit`` (the largest part whose moves are listed one by one);
- :meth:`HeapGame.misere_outcome_of`, :meth:`HeapGame.misere_winning_moves_of`: a misere
  shortcut, the outcome and the winning moves at any size (Bouton's rule in nim);
- :meth:`HeapGame.heap_options`, :meth:`HeapGame.heap_option_count`,
  :meth:`HeapGame.misere_certifier`: what the misère solver asks of a heap game.

>>> class Sub12(HeapGame):
...     def options(self, n):
...         return [n - k for k in (1, 2) if k <= n]
>>> Sub12().sequence(7).tolist()
[0, 1, 2, 0, 1, 2, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

from ..engine import Game, Sum, grid_values, heap_values
from ..errors import GrundyError, is_integer
from .codes import MisereCertifier
from .closed import read_integer
from .periods import Certifier, Found, Known, extend, search, value_at

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_IN_PLACE", "GridGame", "HeapGame", "is_grid_game", "is_heap_game"]

#: values a kernel computes before the first look for a certified period
_FIRST = 1024
#: values kept for :meth:`HeapGame.fast_value` (beyond: computed again, or the period)
_KEEP = 1 << 22
#: the most values of one sequence (8 bytes each: 800 MB)
MAX_VALUES = 10**8
#: the most values of a kernel that fills them in place (2 bytes a heap: 4 GB); a period
#: search or a long run past what memory holds writes them to a file (``--out``)
MAX_IN_PLACE = 1 << 31


def _heap(n: Any, what: str = "a heap size") -> int:
    if not is_integer(n) or n < 0:
        raise GrundyError(f"{what} is a non-negative integer, got {n!r}")
    return int(n)


class _Named(Game):
    """What heap games and two-dimensional games share: a repr that pastes back."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class HeapGame(_Named):
    """A game whose positions are heap sizes 0, 1, 2, ..."""

    dims = 1
    #: the engine refuses an option that is not made of smaller heaps (it would never end)
    _grundy_heaps = True
    #: how a position is drawn (the playground reads it): "heaps" (rows of tokens),
    #: "coins" (a row of coins, a position is the coin of a head), "bottles" (beans)
    board = "heaps"
    #: whether :meth:`kernel_sequence` is a fast kernel rather than the engine
    has_kernel: ClassVar[bool] = False
    #: whether the values are known to stay bounded (then no saltus is looked for)
    bounded: bool = False
    #: how many values a period search computes when not told (``grundy period``)
    period_budget: int = 1000
    #: the most values :meth:`sequence` computes (None: no limit); past it only a
    #: certified period extends the values
    sequence_limit: int | None = None
    #: the largest heap whose moves are listed one by one (``grundy analyze``, ``play``)
    move_limit: int = 10**5
    #: whether :meth:`fill` computes in place and resumes (2 bytes a heap, uint16): a
    #: period search then searches the kernel's own array, up to ``MAX_IN_PLACE`` heaps
    fills_in_place: bool = False

    def is_empty(self, part: Any) -> bool:
        """A heap of 0 (an absent coin of a coin row) is nothing: a sum drops it."""
        return bool(part == 0)

    # -- what the game can do -------------------------------------------------
    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 as an int64 array, computed (the engine by default)."""
        import numpy as np
        return np.asarray(heap_values(self, n), dtype=np.int64).reshape(n)

    def kernel_values(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 in the kernel's own integer type, perhaps a read-only view
        (a period search reads them: two bytes a heap instead of eight); by default
        :meth:`kernel_sequence`."""
        return self.kernel_sequence(n)

    def certifier(self) -> Certifier | Known | None:
        """The theorem that proves this game's period from finitely many values, or the
        period in closed form, or None (periods are then only observed)."""
        return None

    # -- what the misère solver asks (grundy.misere) ----------------------------
    def heap_options(self, n: int) -> list[tuple[int, ...]] | None:
        """The options of heap ``n``, each the tuple of the heaps it leaves (empty heaps
        dropped), in the order of :meth:`options`, when the game lists them so itself
        (faster than building each option); None (the default): the solver walks
        :meth:`options`."""
        return None

    def heap_option_count(self, n: int) -> int | None:
        """How many options heap ``n`` has, counted without listing them (the solver stops
        before a heap with too many); None (the default): not known beforehand."""
        return None

    def misere_certifier(self) -> MisereCertifier | None:
        """What the periodicity theorem of misère quotients needs to certify this game's
        quotient complete (an octal code: the most tokens a move removes), or None (the
        default: its quotients stay partial)."""
        return None

    # -- derived -----------------------------------------------------------------
    def sequence(self, n: int) -> np.ndarray:
        """Values of heaps 0..n-1 as an int64 array; past a certified period they are
        copied, not computed (so any n is cheap once a theorem proves the period).

        >>> Sub = type("Sub", (HeapGame,), {"options": lambda self, n: [n - 1] if n else []})
        >>> Sub().sequence(5).tolist()
        [0, 1, 0, 1, 0]
        """
        import numpy as np
        n = _heap(n, "the number of values")
        if n > MAX_VALUES:
            raise GrundyError(f"{self.label}: {n} values are more than a sequence holds in "
                              f"memory here (at most {MAX_VALUES}; one value is 8 bytes)")
        known, period = self._values(n)
        if period is not None and n > len(known):
            return extend(known, period, n)
        return np.array(known[:n], dtype=np.int64)

    def fill(self, values: np.ndarray, done: int, n: int,
             report: Callable[[int], None] | None = None) -> None:
        """Write the values of heaps ``done..n-1`` into ``values`` (a 1-D unsigned array,
        perhaps a memory map), given that ``values[:done]`` hold theirs; ``report(i)``
        says that the first ``i`` are final.  By default the sequence is computed whole;
        a kernel that computes in place overrides this (and resumes from ``done``)."""
        import numpy as np
        g = self.sequence(n)
        top = int(g[done:n].max()) if n > done else 0
        if top > np.iinfo(values.dtype).max:
            raise GrundyError(f"{self.label}: a value ({top}) does not fit in "
                              f"{values.dtype.itemsize * 8} bits")
        values[done:n] = g[done:n]
        if report is not None:
            report(n)

    def period(self) -> Found | None:
        """The period proved so far by :meth:`sequence` (None if none yet)."""
        found: Found | None = self.memo("kernel").get("period")
        return found

    def _values(self, n: int) -> tuple[np.ndarray, Found | None]:
        """Values computed (at least ``n``, or one certified period) and the period."""
        import numpy as np
        known: np.ndarray | None = self.memo("kernel").get("known")
        period = self.period()
        if known is not None and (len(known) >= n or period is not None):
            return known, period
        rule = self.certifier()
        limit = self.sequence_limit
        if (limit is not None and n > limit and isinstance(rule, Certifier)
                and rule.needed(0, 1) > limit):  # no period can be proved within the limit
            self._check_size(n, n)
        if isinstance(rule, Known):
            period = Found(rule.preperiod, rule.period, rule.saltus)
            g = self.kernel_sequence(rule.preperiod + rule.period)
        elif rule is not None:
            size = min(n, max(_FIRST, len(known) if known is not None else 0))
            while True:
                g = self.kernel_sequence(size)
                found, _ = search(g, rule, saltus=False)
                if found is not None:
                    period = found
                    g = g[: found.preperiod + found.period]
                    break
                if size >= n:
                    break
                self._check_size(min(2 * size, n), n)
                size = min(2 * size, n)
        else:
            self._check_size(n, n)
            g = self.kernel_sequence(n)
        if period is not None or len(g) <= _KEEP:
            self.memo("kernel").update(known=g, period=period,
                                       view=np.ascontiguousarray(g, dtype=np.int64).data)
        return g, period

    def _check_size(self, size: int, wanted: int) -> None:
        limit = self.sequence_limit
        if limit is not None and size > limit:
            raise GrundyError(f"{self.label}: {wanted} values (heaps 0..{wanted - 1}) is past "
                              f"what its kernel computes in seconds (at most {limit}, and no "
                              "period is proved below that)")

    def fast_value(self, position: Any) -> int | None:
        """The value of a heap from the kernel (None: ask the engine, for games without one)."""
        if not self.has_kernel:
            return None
        view: memoryview | None = self.memo("kernel").get("view")  # the values kept, as ints
        if view is not None and type(position) is int and position >= 0:
            if position < len(view):
                at: int = view[position]
                return at
            found: Found | None = self.memo("kernel").get("period")
            if found is not None:
                laps, r = divmod(position - found.preperiod, found.period)
                at = view[found.preperiod + r]
                return at + found.saltus * laps
        if isinstance(position, Sum):
            return None
        n = _heap(position)
        if n >= MAX_VALUES and self.period() is None:
            self._values(min(n + 1, MAX_VALUES))  # a period proved below the limit serves
            if self.period() is None:
                raise GrundyError(f"{self.label}: heap {n} is past what its kernel computes "
                                  f"(at most {MAX_VALUES - 1}, and no period is proved)")
        known, period = self._values(n + 1)
        if n < len(known):
            return int(known[n])
        if period is not None:
            return value_at(known, period, n)
        return int(self.kernel_sequence(n + 1)[n])  # pragma: no cover - past _KEEP values

    def parse_position(self, text: str) -> int:
        """A heap size from the command line: digits, or ``B**E`` as every number grundy
        reads (:func:`~grundy.rules.closed.read_integer`)."""
        return read_integer(text, "a heap size")

    def check_listable(self, part: Any) -> None:
        """Raise unless the moves of ``part`` can be listed one by one in seconds."""
        part = _heap(part)
        if part > self.move_limit:
            raise GrundyError(f"heap {part} is too large to list its moves in {self.label} "
                              f"(at most {self.move_limit})")


class GridGame(_Named):
    """A game whose positions are ``(row, col)`` pairs, rows and columns from ``first_index``."""

    dims = 2
    first_index = 1
    #: how a position is drawn: "coin-board" (a head at (row, col) of a coin board),
    #: "grid" (a black cell of a grid), "rectangle" (a rectangle to cut)
    board = "coin-board"
    #: a head is one coin: two equal heads cancel, as a coin turned twice
    parts_cancel = True
    #: whether :meth:`kernel_table` is a fast kernel rather than the engine
    has_kernel: ClassVar[bool] = False
    #: the most rows and columns :meth:`table` computes (None: no limit)
    table_limit: int | None = None
    #: the largest row or column whose moves are listed one by one
    move_limit: int = 256

    def kernel_table(self, rows: int, cols: int) -> np.ndarray:
        """Values of positions (first+r, first+c), r < rows, c < cols (the engine by default)."""
        import numpy as np
        return np.asarray(grid_values(self, rows, cols, self.first_index),
                          dtype=np.int64).reshape(rows, cols)

    def table(self, rows: int, cols: int) -> np.ndarray:
        """Values of positions (first+r, first+c) for r < rows, c < cols, as int64."""
        rows, cols = _heap(rows, "a number of rows"), _heap(cols, "a number of columns")
        limit = self.table_limit
        if limit is not None and max(rows, cols) > limit:
            raise GrundyError(f"{self.label}: a table of {rows} x {cols} is past what its "
                              f"kernel computes in seconds (rows and columns at most {limit})")
        return self.kernel_table(rows, cols)

    def cell_value(self, r: int, c: int) -> int:
        """The value of ``(r, c)`` from the kernel (the table, grown as needed)."""
        import numpy as np
        f = self.first_index
        kept = self.memo("kernel")
        known: np.ndarray | None = kept.get("known")
        if known is None or r - f >= known.shape[0] or c - f >= known.shape[1]:
            size = max(r, c) - f + 1
            if known is not None:
                size = max(size, min(2 * known.shape[0], self.table_limit or size))
            known = kept["known"] = self.table(size, size)
        return int(known[r - f, c - f])

    def fast_value(self, position: Any) -> int | None:
        """The value of a cell from the kernel (None: ask the engine)."""
        if not self.has_kernel or isinstance(position, Sum):
            return None
        r, c = self._cell(position)
        if r < self.first_index or c < self.first_index:
            return None  # outside the table: the rules decide (usually no move)
        return self.cell_value(r, c)

    def _cell(self, position: Any) -> tuple[int, int]:
        try:
            r, c = position
        except (TypeError, ValueError):
            raise GrundyError(f"a position of {self.label} is a pair (row, col), "
                              f"got {position!r}") from None
        return _heap(r, "a row"), _heap(c, "a column")

    def parse_position(self, text: str) -> tuple[int, int]:
        """A cell or rectangle from the command line: ``RxC`` or ``R,C``."""
        pieces = text.strip().lower().replace(",", "x").split("x")
        if len(pieces) != 2 or not all(p.isascii() and p.isdigit() for p in pieces):
            raise GrundyError(f"expected ROWxCOL such as 3x4, got {text!r}")
        if max(len(p) for p in pieces) > 100:
            raise GrundyError("a row or column of more than 100 digits is past any limit of "
                              "grundy")
        r, c = (int(p) for p in pieces)
        first = self.first_index
        if r < first or c < first:
            raise GrundyError(f"rows and columns start at {first}, got {text!r}")
        return r, c

    def check_listable(self, part: Any) -> None:
        """Raise unless the moves of ``part`` can be listed one by one in seconds."""
        part = self._cell(part)
        if max(part) > self.move_limit:
            raise GrundyError(f"{part[0]}x{part[1]} is too large to list its moves in "
                              f"{self.label} (rows and columns at most {self.move_limit})")


def is_heap_game(game: Any) -> TypeGuard[HeapGame]:
    """True for games with a Grundy sequence (heap-like games)."""
    return isinstance(game, HeapGame)


def is_grid_game(game: Any) -> TypeGuard[GridGame]:
    """True for games with a Grundy table (two-dimensional games)."""
    return isinstance(game, GridGame)
