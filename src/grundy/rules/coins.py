"""Coin-turning games and their products (Winning Ways ch. 14).

A row of coins sits at positions 1, 2, 3, ... (position 0 means "no coin" and
is worth 0).  A move turns over a set of coins whose rightmost coin goes from
heads to tails.  By the *coin-turning principle* a row with several heads is
the disjunctive sum of the single heads, so a ruleset only says which OTHER
coins a move from a lone head at ``n`` turns (:meth:`CoinGame.turns`); each
such set is one option, the :class:`~grundy.engine.Sum` of those coins.

Coins are numbered from 1 throughout; with this numbering

==================  ==============================================  ===============
game                a move from a head at n also turns               value of coin n
==================  ==============================================  ===============
Turning Turtles     nothing, or one coin m < n                       n
Twins               exactly one coin m < n                           n - 1
Mock Turtles        nothing, one coin, or two coins left of n        n-th odious number
Ruler               the run n-k+1, ..., n-1 for any 1 <= k <= n      largest 2^k dividing n
==================  ==============================================  ===============

>>> TurningTurtles().sequence(6).tolist()
[0, 1, 2, 3, 4, 5]
>>> MockTurtles().sequence(9).tolist()
[0, 1, 2, 4, 7, 8, 11, 13, 14]
>>> Ruler().sequence(9).tolist()
[0, 1, 2, 1, 4, 1, 2, 1, 8]

The product of two such games (:func:`product`) is played on a grid: a move
is a move of the first game from row ``i`` times a move of the second from
column ``j`` (the cartesian product of the turned sets), and by the Tartan
theorem a head at ``(i, j)`` is worth the nim product of the two values.
Turning Corners (the contest's Coins Game) is Turning Turtles x Turning Turtles:

>>> TurningCorners().table(3, 4).tolist()
[[1, 2, 3, 4], [2, 3, 1, 8], [3, 1, 2, 12]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import Sum, value
from ..errors import GrundyError, is_integer
from ..nimber import nim_mul
from .base import GridGame, HeapGame, is_heap_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CoinGame",
    "CoinTurning",
    "MockTurtles",
    "Product",
    "Ruler",
    "TurningCorners",
    "TurningTurtles",
    "Twins",
    "product",
]

Turns = Iterable[Iterable[int]]


def _coin(n: Any) -> int:
    if not is_integer(n) or n < 0:
        raise GrundyError(f"a coin position is a non-negative integer, got {n!r}")
    return int(n)


class CoinGame(HeapGame):
    """A one-dimensional coin-turning game: position ``n`` is a lone head at coin ``n``.

    Subclasses define :meth:`turns`; :meth:`options` turns each set into a
    :class:`~grundy.engine.Sum` of single heads (turning a coin twice cancels,
    which the XOR of values accounts for).
    """

    board = "coins"
    #: a head is one coin: two equal heads cancel, as a coin turned twice
    parts_cancel = True

    def turns(self, n: int) -> Turns:  # pragma: no cover - abstract
        """The sets of other coins (each ``1 <= m < n``) a move from a head at ``n`` turns."""
        raise NotImplementedError(f"{type(self).__name__} must define turns(n)")

    def options(self, n: int) -> list[Sum]:
        """One :class:`~grundy.engine.Sum` of heads per move (the empty sum: nothing else turns).

        >>> TurningTurtles().options(3)
        [Sum(), Sum(1), Sum(2)]
        """
        n = _coin(n)
        if n == 0:
            return []
        return [Sum(*coins) for coins in self.turns(n)]


class TurningTurtles(CoinGame):
    """Turn a head to tails and optionally one coin to its left; coin ``n`` is worth ``n``.

    >>> from grundy import value, Sum
    >>> value(TurningTurtles(), Sum(3, 5))
    6
    """

    has_kernel = True
    notation = "turning-turtles"

    def turns(self, n: int) -> Turns:
        """Nothing else, or one coin ``m < n``."""
        return [(), *((m,) for m in range(1, n))]

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of coins 0..n-1: ``g(n) = n``."""
        import numpy as np
        return np.arange(n, dtype=np.int64)

    def fast_value(self, position: Any) -> int | None:
        """``g(n) = n``, for a coin of any size.

        >>> TurningTurtles().fast_value(10**30) == 10**30
        True
        """
        return None if isinstance(position, Sum) else _coin(position)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The one move to value ``target``, at any size: turn the head alone (0), or with
        the coin ``target``.

        >>> TurningTurtles().options_of_value(10**30, 7), TurningTurtles().options_of_value(5, 0)
        ([Sum(7)], [Sum()])
        """
        return [Sum(*((target,) if target else ()))] if target < _coin(part) else []

    def check_winning_moves(self, part: Any) -> None:
        """Any coin: :meth:`options_of_value` finds the one move of a value."""
        _coin(part)


class Twins(CoinGame):
    """Turn exactly two coins, the right one from heads; coin ``n`` is worth ``n - 1``.

    Coin 1 cannot move (nothing lies to its left), so it is worth 0 like "no coin".

    >>> Twins().sequence(6).tolist()
    [0, 0, 1, 2, 3, 4]
    """

    has_kernel = True
    notation = "twins"

    def turns(self, n: int) -> Turns:
        """Exactly one coin ``m < n``."""
        return [(m,) for m in range(1, n)]

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of coins 0..n-1: ``g(n) = max(n - 1, 0)``."""
        import numpy as np
        return np.maximum(np.arange(n, dtype=np.int64) - 1, 0)

    def fast_value(self, position: Any) -> int | None:
        """``g(n) = max(n - 1, 0)``, for a coin of any size.

        >>> Twins().fast_value(10**30) == 10**30 - 1
        True
        """
        return None if isinstance(position, Sum) else max(_coin(position) - 1, 0)

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The one move to value ``target``, at any size: turn the coin ``target + 1``.

        >>> Twins().options_of_value(10**30, 7), Twins().options_of_value(1, 0)
        ([Sum(8)], [])
        """
        return [Sum(target + 1)] if target + 1 < _coin(part) else []

    def check_winning_moves(self, part: Any) -> None:
        """Any coin: :meth:`options_of_value` finds the one move of a value."""
        _coin(part)


class MockTurtles(CoinGame):
    """Turn one, two or three coins, the rightmost from heads.

    Coin ``n`` (from 1) is worth the ``n``-th odious number (OEIS A000069: odd
    number of 1 bits): ``2(n-1)`` or ``2(n-1) + 1``, whichever is odious.

    >>> MockTurtles().sequence(6).tolist()
    [0, 1, 2, 4, 7, 8]
    """

    has_kernel = True
    notation = "mock-turtles"

    def turns(self, n: int) -> Turns:
        """Nothing else, one coin, or two coins left of ``n``."""
        left = range(1, n)
        return [(), *((m,) for m in left), *combinations(left, 2)]

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of coins 0..n-1 by the odious-number formula (0 for "no coin")."""
        import numpy as np
        m = np.arange(n, dtype=np.int64) - 1
        evil = _popcount(np.maximum(m, 0)) % 2 == 0
        out: npt.NDArray[np.int64] = 2 * m + evil
        if n:
            out[0] = 0
        return out


class Ruler(CoinGame):
    """Turn any run of consecutive coins ending at a head; coin ``n`` is worth ``n & -n``.

    (The largest power of 2 dividing ``n``: the marks on a ruler.)

    >>> Ruler().turns(3)
    [(), (2,), (1, 2)]
    """

    has_kernel = True
    notation = "ruler"

    def turns(self, n: int) -> Turns:
        """The runs ``n-k+1, ..., n-1`` for ``k = 1..n``."""
        return [tuple(range(n - k + 1, n)) for k in range(1, n + 1)]

    def kernel_sequence(self, n: int) -> np.ndarray:
        """Values of coins 0..n-1: the largest power of 2 dividing ``n``."""
        import numpy as np
        k = np.arange(n, dtype=np.int64)
        return k & -k


class CoinTurning(CoinGame):
    """A coin-turning game given by its moves.

    ``moves(n)`` returns the sets of OTHER coins a move from a head at ``n``
    turns (each coin ``1 <= m < n``, no coin twice); the empty set is the move
    that turns the head alone.  :meth:`counts` and :meth:`gaps` build the usual
    small descriptions.

    >>> g = CoinTurning(lambda n: [(m,) for m in range(max(1, n - 2), n)], "one of 2 left")
    >>> g.sequence(8).tolist()
    [0, 0, 1, 2, 0, 1, 2, 0]
    >>> g
    CoinTurning('one of 2 left')
    """

    def __init__(self, moves: Callable[[int], Turns], name: str | None = None) -> None:
        if not callable(moves):
            raise GrundyError("CoinTurning(moves): moves must be a function n -> sets of coins")
        self._moves = moves
        self.name = name or getattr(moves, "__name__", "custom")

    def turns(self, n: int) -> Turns:
        """The sets given by ``moves(n)``, checked and sorted."""
        out: list[tuple[int, ...]] = []
        for coins in self._moves(n):
            turned = tuple(sorted(_coin(m) for m in coins))
            if len(set(turned)) != len(turned) or any(not 1 <= m < n for m in turned):
                raise GrundyError(f"{self!r}: a move from a head at {n} turns {turned}; "
                                  f"the other coins must be distinct and in 1..{n - 1}")
            out.append(turned)
        return out

    @classmethod
    def counts(cls, *ks: int) -> CoinTurning:
        """Turn the head and any ``k`` other coins to its left, for ``k`` in ``ks``.

        ``counts(0, 1)`` is Turning Turtles, ``counts(1)`` Twins, ``counts(0, 1, 2)``
        Mock Turtles.

        >>> CoinTurning.counts(0, 1, 2).sequence(6).tolist()
        [0, 1, 2, 4, 7, 8]
        """
        if not ks or any(not isinstance(k, int) or k < 0 for k in ks):
            raise GrundyError(f"counts: give non-negative numbers of coins, got {ks}")
        wanted = sorted(set(ks))

        def moves(n: int) -> Turns:
            return [c for k in wanted for c in combinations(range(1, n), k)]

        return cls(moves, f"counts{tuple(wanted)}")

    @classmethod
    def gaps(cls, *patterns: Iterable[int]) -> CoinTurning:
        """Turn the head at ``n`` and the coins ``n - d`` for ``d`` in one pattern (all >= 1).

        >>> CoinTurning.gaps((), (1,), (2,)).sequence(8).tolist()
        [0, 1, 2, 3, 1, 2, 3, 1]
        """
        shapes = [tuple(sorted(set(p))) for p in patterns]
        if not shapes or any(d < 1 for shape in shapes for d in shape):
            raise GrundyError(f"gaps: give patterns of positive distances, got {patterns}")

        def moves(n: int) -> Turns:
            return [tuple(n - d for d in s) for s in shapes if all(n - d >= 1 for d in s)]

        return cls(moves, f"gaps{tuple(shapes)}")

    @property
    def notation(self) -> str:
        return f"CoinTurning({self.name!r})"

    def __repr__(self) -> str:
        return f"CoinTurning({self.name!r})"


# -- products (Tartan theorem) ----------------------------------------------------


class Product(GridGame):
    """The product of two coin-turning games, played on a grid of coins (rows, cols from 1).

    A move from a head at ``(i, j)`` picks a move of ``a`` from ``i`` (row set
    ``S + {i}``) and a move of ``b`` from ``j`` (column set ``T + {j}``) and turns
    every coin of the cartesian product.  :meth:`options` is exactly that rule,
    for the engine; :meth:`table` uses the Tartan theorem instead.

    >>> from grundy import value
    >>> g = Product(Ruler(), TurningTurtles())
    >>> value(g, (2, 3)), int(g.table(2, 3)[1, 2])
    (1, 1)
    """

    first_index = 1
    has_kernel = True
    #: rows and columns of a table (two sequences and one vectorised nim product:
    #: 4096 x 4096 in about half a second)
    table_limit = 1 << 14

    def __init__(self, a: CoinGame, b: CoinGame) -> None:
        self.a, self.b = a, b
        # a head's moves are the pairs of factor moves: about |moves(i)| * |moves(j)|
        # options, each valued in O(1) (see options_of_value); listed up to 10^6 pairs
        self.move_limit = _product_move_limit(a, b)

    @property
    def notation(self) -> str:
        return f"{self.a.notation}*{self.b.notation}"

    @property
    def label(self) -> str:
        return str(self.__dict__.get("catalog_name") or f"{self.a.label}*{self.b.label}")

    def fast_value(self, position: Any) -> int | None:
        """``value_a(i) (x) value_b(j)`` (Tartan theorem), for heads of any size.

        >>> product(Ruler(), MockTurtles()).fast_value((6, 3))
        8
        """
        if isinstance(position, Sum) or not (self.a.has_kernel and self.b.has_kernel):
            return None
        i, j = self._cell(position)
        return nim_mul(value(self.a, i), value(self.b, j))

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The options of a head whose value is ``target``, without summing their coins:
        turning rows ``R`` and columns ``C`` (the head's row and column among them) leaves
        ``(XOR of R's values) (x) (XOR of C's values)`` less the head's own value.

        >>> g = product(Ruler(), Ruler())
        >>> g.options_of_value((2, 2), 0) == [o for o in g.options((2, 2)) if value(g, o) == 0]
        True
        """
        i, j = self._cell(part)
        if i == 0 or j == 0:
            return []
        head = nim_mul(value(self.a, i), value(self.b, j))
        rows = [(s, _xor_values(self.a, (*s, i))) for s in self.a.turns(i)]
        cols = [(t, _xor_values(self.b, (*t, j))) for t in self.b.turns(j)]
        out = []
        for s, x in rows:
            for t, y in cols:
                if nim_mul(x, y) ^ head == target:
                    out.append(Sum(*((r, c) for r in (*s, i) for c in (*t, j)
                                     if (r, c) != (i, j))))
        return out

    def options(self, position: tuple[int, int]) -> list[Sum]:
        """One :class:`~grundy.engine.Sum` of heads per pair of factor moves."""
        try:
            i, j = position
        except (TypeError, ValueError):
            raise GrundyError(f"a product position is a pair (row, col), got {position!r}") from None
        i, j = _coin(i), _coin(j)
        if i == 0 or j == 0:
            return []
        out = []
        for s in self.a.turns(i):
            rows = (*s, i)
            for t in self.b.turns(j):
                cols = (*t, j)
                out.append(Sum(*((r, c) for r in rows for c in cols if (r, c) != (i, j))))
        return out

    def kernel_table(self, rows: int, cols: int) -> np.ndarray:
        """Values of heads ``(1..rows) x (1..cols)``: ``value_a(i) (x) value_b(j)``."""
        ga = self.a.sequence(rows + 1)[1:]
        gb = self.b.sequence(cols + 1)[1:]
        return _outer_nim_mul(ga, gb)

    def __repr__(self) -> str:
        return f"product({self.a!r}, {self.b!r})"


class TurningCorners(Product):
    """Turning Turtles x Turning Turtles: the Coins Game; a head at ``(i, j)`` is worth ``i (x) j``.

    A move turns the corners ``(a, b), (a, j), (i, b)`` of a rectangle and the
    head ``(i, j)``, ``a < i``, ``b < j`` (row or column 0: those coins do not exist).

    >>> TurningCorners().options((2, 2))
    [Sum(), Sum((2, 1)), Sum((1, 2)), Sum((1, 1), (1, 2), (2, 1))]
    """

    notation = "coins"

    def __init__(self) -> None:
        super().__init__(TurningTurtles(), TurningTurtles())

    def __repr__(self) -> str:
        return "TurningCorners()"


def product(a: Any, b: Any) -> Product:
    """The product of two one-dimensional coin-turning games (Tartan theorem).

    >>> product(Ruler(), Ruler()).table(2, 4).tolist()
    [[1, 2, 1, 4], [2, 3, 2, 8]]
    """
    for side, game in (("first", a), ("second", b)):
        if not isinstance(game, CoinGame):
            kind = ("is a one-dimensional game but not a coin-turning game" if is_heap_game(game)
                    else "is not a one-dimensional coin-turning game")
            name = getattr(game, "label", type(game).__name__)
            raise GrundyError(f"product: the {side} factor {name} {kind} (products take "
                              "turning-turtles, twins, mock-turtles, ruler or CoinTurning games)")
    return Product(a, b)


def _xor_values(game: CoinGame, coins: Iterable[int]) -> int:
    total = 0
    for m in coins:
        total ^= value(game, m)
    return total


def _product_move_limit(a: CoinGame, b: CoinGame) -> int:
    """The largest row or column whose head's moves are listed: the pairs of factor moves
    stay below about 10^6 (their count is probed on a few sizes, since a factor's moves
    from coin n number about n, or about n^2 for Mock Turtles)."""
    size = 8
    while size < 1 << 12:
        nxt = 2 * size
        try:
            count = sum(1 for _ in a.turns(nxt)) * sum(1 for _ in b.turns(nxt))
        except GrundyError:  # pragma: no cover - a user's moves refused the probe
            break
        if count > 10**6:
            break
        size = nxt
    return size


def _outer_nim_mul(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The table ``x[r] (x) y[c]`` as int64 (values below 2**63)."""
    import numpy as np

    from ..nimber.arrays import nim_mul_array
    table = nim_mul_array(np.asarray(x, dtype=np.uint64)[:, None],
                          np.asarray(y, dtype=np.uint64)[None, :])
    return table.astype(np.int64)


def _popcount(a: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Number of 1 bits of each non-negative int64."""
    import numpy as np
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(a).astype(np.int64)
    count = np.zeros_like(a)
    a = a.copy()
    while a.any():
        count += a & 1
        a >>= 1
    return count
