"""Statistics of a Grundy sequence, as the research tables report them.

The tables of octal games (Winning Ways ch. 4; Flammenkamp's; Czajka's) give, besides the
period, the largest value and where it first occurs, and the *rare/common split* (the
"sparse space" phenomenon): a value ``v`` is **common** when ``popcount(v & mask)`` is odd
and **rare** otherwise, for one mask chosen per game.  In many games the rare values die
out, which is how their periods were found.

The mask is the one that makes the rare values fewest over **every heap 0..n-1 of the
values given, heap 0 included** (its value 0 is always rare); ties go to the smallest mask.
The counts for every mask at once come from one Walsh-Hadamard transform of the histogram
of values, so the work is one pass over the values plus ``O(B 2^B)`` for values below
``2^B``.  Only masks on the value alone are tried (Czajka also tries masks that include the
parity of the heap; those are not reported here).

>>> import numpy as np
>>> s = sequence_stats(np.array([0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]))
>>> s
SequenceStats(largest=3, largest_at=5, rare_mask=1, rare_count=6, last_rare=12)
>>> s.as_dict()["rare_mask"]
1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..errors import GrundyError

__all__ = ["SequenceStats", "sequence_stats", "MAX_VALUE_BITS"]

#: Values must be below ``2**MAX_VALUE_BITS``: the histogram and its transform have that size.
#: Measured here (best of 3, a shared machine): values up to 2^22, about 2 s and 100 MB over
#: 10^6 heaps; the values of octal games (below 2^12), 0.02 s for 10^7 heaps and 0.4 s for
#: 10^8, with 4 MB besides the values.
MAX_VALUE_BITS = 22

_CHUNK = 1 << 16  # heaps looked at per step (counting values, looking for the last rare one)


@dataclass(frozen=True)
class SequenceStats:
    """Largest value, and the rare/common split of a sequence of Grundy values.

    ``largest_at`` is the first heap holding ``largest``; ``rare_mask`` the mask
    (a value ``v`` is rare when ``popcount(v & rare_mask)`` is even); ``rare_count``
    how many heaps hold a rare value; ``last_rare`` the last such heap (``None`` when no
    heap does, which a Grundy sequence, with its value 0 at heap 0, never has).
    """

    largest: int
    largest_at: int
    rare_mask: int
    rare_count: int
    last_rare: int | None

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (for JSON and the survey database).

        >>> SequenceStats(3, 5, 1, 6, 12).as_dict()
        {'largest': 3, 'largest_at': 5, 'rare_mask': 1, 'rare_count': 6, 'last_rare': 12}
        """
        return asdict(self)


def hadamard(counts: np.ndarray) -> np.ndarray:
    """The Walsh-Hadamard transform: ``out[m] = sum over v of counts[v] * (-1)**popcount(v & m)``.

    ``len(counts)`` must be a power of two.

    >>> hadamard(np.array([3, 1, 0, 2])).tolist()
    [6, 0, 2, 4]
    """
    out = np.array(counts, dtype=np.int64)
    size = len(out)
    if size & (size - 1):
        raise GrundyError(f"the Hadamard transform needs a power-of-two length, got {size}")
    h = 1
    while h < size:
        pairs = out.reshape(-1, 2, h)
        low, high = pairs[:, 0, :].copy(), pairs[:, 1, :]
        pairs[:, 0, :] += high
        np.subtract(low, high, out=pairs[:, 1, :])
        h *= 2
    return out


def _check(values: Any) -> np.ndarray:
    g = np.asarray(values)
    if g.ndim != 1 or not np.issubdtype(g.dtype, np.integer):
        raise GrundyError(f"statistics need a one-dimensional array of integers, got "
                          f"shape {g.shape} of {g.dtype}")
    if len(g) == 0:
        raise GrundyError("statistics need at least one value (heap 0), got none")
    low = 0 if g.dtype.kind == "u" else int(g.min())
    if low < 0:
        raise GrundyError(f"Grundy values are non-negative, got {low} at heap "
                          f"{int(np.argmin(g))}")
    return g


def sequence_stats(values: np.ndarray) -> SequenceStats:
    """The largest value, where it first occurs, and the rare/common split of ``values``.

    ``values[n]`` is the value of heap ``n``; every heap counts, heap 0 included.

    >>> sequence_stats(np.array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]))   # Kayles, heaps 0..11
    SequenceStats(largest=6, largest_at=11, rare_mask=5, rare_count=4, last_rare=10)
    >>> sequence_stats(np.zeros(4, dtype=np.int64)).rare_count            # mask 0: all rare
    4
    """
    g = _check(values)
    largest, largest_at = _largest(g)
    bits = largest.bit_length()
    if bits > MAX_VALUE_BITS:
        raise GrundyError(f"rare/common statistics need values below 2^{MAX_VALUE_BITS}; "
                          f"heap {largest_at} has value {largest}")
    size = 1 << bits
    counts = np.zeros(size, dtype=np.int64)
    for start in range(0, len(g), _CHUNK):  # in chunks: no int64 copy of all the values
        counts += np.bincount(g[start : start + _CHUNK], minlength=size)
    # rare(m) = number of heaps with popcount(v & m) even = (n + W[m]) / 2
    rare = (len(g) + hadamard(counts)) // 2
    mask = int(np.argmin(rare))  # the first minimum: the smallest mask among ties
    is_rare = (np.bitwise_count(np.arange(size, dtype=np.int64) & mask) & 1) == 0
    return SequenceStats(largest, largest_at, mask, int(rare[mask]), _last(g, is_rare))


def _largest(g: np.ndarray) -> tuple[int, int]:
    """The largest value and its first heap, in chunks (NumPy copies a read-only array
    whole to find its arg-maximum).

    >>> _largest(np.array([1, 3, 2, 3]))
    (3, 1)
    """
    best, at = -1, 0
    for start in range(0, len(g), _CHUNK):
        chunk = g[start : start + _CHUNK]
        top = int(chunk.max())
        if top > best:
            best, at = top, start + int(np.flatnonzero(chunk == top)[0])
    return best, at


def _last(g: np.ndarray, is_rare: np.ndarray) -> int | None:
    """The last heap whose value is rare, scanning back in chunks (bounded memory)."""
    end = len(g)
    while end > 0:
        start = max(0, end - _CHUNK)
        hit = np.flatnonzero(is_rare[g[start:end]])
        if len(hit):
            return start + int(hit[-1])
        end = start
    return None
