"""Wythoff's game: a queen moving towards the corner; two heaps, take from one or equally
from both.

A position is ``(a, b)``, from ``(0, 0)``.  Wythoff's theorem (1907): the P-positions are
``(a_k, b_k)`` and ``(b_k, a_k)`` with ``a_k = floor(k*phi)`` and ``b_k = a_k + k``, the
Beatty pairs of the golden ratio (OEIS A000201, A001950).  Here ``floor(k*phi)`` is
``(k + isqrt(5*k*k)) // 2``, exact for coordinates of thousands of digits, and from any
position at most three moves reach a P-position (the row, the column, the diagonal).
The Grundy values have no known closed form: the table is computed (a NumPy kernel,
anti-diagonal by anti-diagonal) up to :data:`TABLE_LIMIT`.

>>> w = Wythoff()
>>> [w.pair(k) for k in range(5)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> w.zero_options((4, 4)), w.is_p((10**30, 10**30))
([(0, 0)], False)
>>> w.table(3, 4).tolist()
[[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import TYPE_CHECKING, Any

from ..engine import Sum
from ..errors import GrundyError
from .base import GridGame
from .closed import MovesByTheorem, pairs_of_words, read_integer
from .pictures import MAX_PICTURE_ITEMS, Picture, queen_picture

if TYPE_CHECKING:
    import numpy as np

__all__ = ["TABLE_LIMIT", "Wythoff", "lower", "upper"]

#: the most rows and columns of the Grundy table (1024 x 1024: 0.6 s here, under load;
#: 2048 x 2048 took 9 s)
TABLE_LIMIT = 1024


def lower(k: int) -> int:
    """``floor(k * phi)``, exactly (OEIS A000201 from k = 1).

    >>> [lower(k) for k in range(1, 8)]
    [1, 3, 4, 6, 8, 9, 11]
    """
    return (k + isqrt(5 * k * k)) // 2


def upper(k: int) -> int:
    """``floor(k * phi^2) = lower(k) + k`` (OEIS A001950 from k = 1).

    >>> [upper(k) for k in range(1, 8)]
    [2, 5, 7, 10, 13, 15, 18]
    """
    return lower(k) + k


def partner(c: int) -> int:
    """The other coordinate of the one P-position ``(c, d)``: each number is in exactly one
    Beatty pair (Beatty's theorem).

    >>> [partner(c) for c in range(6)]
    [0, 2, 1, 5, 7, 3]
    """
    if c == 0:
        return 0
    k = (isqrt(5 * c * c) - c) // 2  # about c / phi
    for j in range(max(k - 2, 0), k + 3):
        if lower(j) == c:
            return c + j
    k = (3 * c - isqrt(5 * c * c)) // 2  # about c / phi^2
    for j in range(max(k - 2, 1), k + 3):
        if upper(j) == c:
            return c - j
    raise AssertionError(f"no Beatty pair holds {c}")  # pragma: no cover - Beatty's theorem


class Wythoff(MovesByTheorem, GridGame):
    """Wythoff's game: from ``(a, b)`` lower one coordinate, or both by the same amount."""

    first_index = 0
    board = "queen"
    parts_cancel = False
    has_kernel = True
    table_limit = TABLE_LIMIT
    move_limit = TABLE_LIMIT
    theorem = ("Wythoff's theorem (1907): the P-positions are (a_k, a_k + k) and "
               "(a_k + k, a_k) with a_k = floor(k*phi), phi the golden ratio")

    @property
    def notation(self) -> str:
        return "wythoff"

    def options(self, position: Any) -> list[tuple[int, int]]:
        a, b = self._cell(position)
        return ([(x, b) for x in range(a - 1, -1, -1)] + [(a, y) for y in range(b - 1, -1, -1)]
                + [(a - t, b - t) for t in range(1, min(a, b) + 1)])

    # -- the theorem ------------------------------------------------------------
    def pair(self, k: int) -> tuple[int, int]:
        """The k-th P-position ``(a_k, b_k)``."""
        return lower(k), upper(k)

    def is_p(self, position: Any) -> bool:
        """Whether ``(a, b)`` is a P-position, by Wythoff's theorem (any size)."""
        a, b = sorted(self._cell(position))
        return a == lower(b - a)

    def value_known(self, part: Any) -> bool:
        return max(self._cell(part)) < TABLE_LIMIT

    def zero_options(self, part: Any) -> list[tuple[int, int]]:
        """The moves to P-positions, in options() order: the row, the column, the diagonal."""
        a, b = self._cell(part)
        if self.is_p((a, b)):
            return []
        found = []
        if partner(b) < a:
            found.append((partner(b), b))
        if partner(a) < b:
            found.append((a, partner(a)))
        d = abs(a - b)
        x = lower(d)  # the P-position of difference d: (x, x + d), in the order of (a, b)
        if x < min(a, b):
            found.append((x, x + d) if a <= b else (x + d, x))
        return found

    # -- values -----------------------------------------------------------------
    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Sum):
            return None
        a, b = self._cell(position)
        if max(a, b) >= TABLE_LIMIT:
            raise GrundyError(f"the Grundy value of wythoff {a},{b} is not computed: no closed "
                              f"form is known, and the table stops at {TABLE_LIMIT - 1} (its "
                              "outcome and winning moves are: analyze it alone)")
        return self.cell_value(a, b)

    def kernel_table(self, rows: int, cols: int) -> np.ndarray:
        n = max(rows, cols)
        return table_numpy(n)[:rows, :cols].copy()

    # -- notation ---------------------------------------------------------------
    def parse_position(self, text: str) -> tuple[int, int]:
        """``A,B`` or ``AxB``, coordinates from 0 of any length (``10**22`` too)."""
        word = text.strip()
        if word.startswith("-") or ",-" in word.replace(" ", "") or "x-" in word:
            raise GrundyError(f"a coordinate of wythoff is a non-negative integer, got {text!r}")
        pieces = word.lower().replace("x", ",").split(",")
        if len(pieces) != 2:
            raise GrundyError(f"expected a wythoff position A,B such as 3,5 (or two words "
                              f"3 5), got {text!r}")
        a, b = (read_integer(p, "a coordinate of wythoff") for p in pieces)
        return a, b

    def parse_words(self, words: Sequence[str]) -> list[Any]:
        """Parts from words: ``3,5`` is one position, and so are two words ``3 5``."""
        return pairs_of_words(self, words, "a coordinate")

    def format_position(self, position: Any) -> str:
        a, b = position
        return f"{a},{b}"

    def check_listable(self, part: Any) -> None:
        a, b = self._cell(part)  # any size: the theorem lists the winning moves

    def picture(self, part: Any) -> Picture | None:
        """The queen on the board from the corner ``0,0`` (top left) to her square (bottom
        right); None for what is not a square, or a board past
        :data:`~grundy.rules.pictures.MAX_PICTURE_ITEMS` squares.

        >>> Wythoff().picture((2, 3)).svg.count("<rect")
        12
        """
        if not (isinstance(part, tuple) and len(part) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in part)):
            return None
        a, b = part
        if (a + 1) * (b + 1) > MAX_PICTURE_ITEMS:
            return None
        return queen_picture(a, b, f"wythoff {a},{b}: a queen at {a},{b}")

    def __eq__(self, other: object) -> bool:
        return type(other) is Wythoff

    def __hash__(self) -> int:
        return hash("grundy.Wythoff")


def table_numpy(n: int) -> np.ndarray:
    """The ``n x n`` Grundy table, anti-diagonal by anti-diagonal (every cell of one
    anti-diagonal depends only on earlier ones).  Each value is the mex of the values met
    to its left, above it and on its diagonal, kept as bit sets of 64-bit words.

    >>> table_numpy(4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    """
    import numpy as np
    if n <= 0:
        return np.zeros((0, 0), dtype=np.int64)
    words = (3 * n) // 64 + 1  # a value is at most the number of options, a + b + min(a, b)
    row = np.zeros((n, words), dtype=np.uint64)
    col = np.zeros((n, words), dtype=np.uint64)
    diag = np.zeros((2 * n, words), dtype=np.uint64)
    out = np.zeros((n, n), dtype=np.int64)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    one = np.uint64(1)
    for s in range(2 * n - 1):
        a = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
        b = s - a
        d = a - b + n
        used = row[a] | col[b] | diag[d]
        w = np.argmax(used != full, axis=1)
        word = used[np.arange(len(a)), w]
        free = ~word & (word + one)  # the lowest zero bit
        bit = np.log2(free.astype(np.float64)).round().astype(np.int64)
        v = w * 64 + bit
        out[a, b] = v
        mask = np.left_shift(one, (v % 64).astype(np.uint64))
        wi = v // 64
        row[a, wi] |= mask
        col[b, wi] |= mask
        diag[d, wi] |= mask
    return out
