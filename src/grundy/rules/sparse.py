"""The sparse-space kernel: Grundy sequences of games whose moves leave at most two heaps.

The values of the options of heap ``n`` are XORs ``g(a) ^ g(b)`` over ``a + b = n - k``.
With a *mask* ``m``, call a value *common* when ``popcount(v & m)`` is odd and
*rare* otherwise (Berlekamp's sparse space; Winning Ways ch. 4).  Since the
parity of a XOR is the XOR of the parities, a common value only arises from a
pair with exactly one rare part.  So all common option values come from the few
rare positions in O(#rare) work; a rare value below the least missing common
value is usually found among the first few pairs, and only when it is really
missing (then ``g(n)`` is rare, which is rare) does the search scan all pairs.
The answer is exact for any mask; the mask only decides the speed.  It is
chosen from the values computed so far, and the kernel falls back to scanning
every pair (vectorised XOR of reversed slices) when no mask makes rare values
rare.  For games whose only move splits a heap (Grundy's game), heaps are
computed a block at a time, on the assumption that they are common: the pairs
with a rare part are XORed for the whole block at once, and the search for the
rare values below each heap's least common value runs for all the block's heaps
together, over first parts taken by residue (far-apart pairs find values
sooner than neighbours, whose values are alike); a heap whose search fails is
rare, and the heaps after it are computed again.

The compiled kernel :mod:`grundy.native._octal` (``src/grundy/native/_octal.c``) does the same with a
mask per parity of the removals, chosen by a Walsh-Hadamard transform, and computes
heaps a block at a time; :func:`fill` and :meth:`SplitKernel.values` use it when it is
built and ``GRUNDY_PURE`` is unset or 0, and this module's NumPy code otherwise.

>>> import numpy as np
>>> values = np.zeros(12, dtype=np.uint16)
>>> fill([1, 2], [1, 2], [1, 2], False, values, 0, 12)   # Kayles, 0.77
>>> values.tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> SplitKernel([], [], [0], unequal=True).values(10).tolist()   # Grundy's game
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from operator import xor
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from ..errors import GrundyError, is_integer

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SplitKernel", "compiled_kernel", "fill"]

LIMIT = 0xFFFF  # the largest value a uint16 array holds
_REPORT_SECONDS = 0.2  # the NumPy path reports about this often


def compiled_kernel() -> ModuleType | None:
    """:mod:`grundy.native._octal` when it was built and ``GRUNDY_PURE`` is unset or 0, else None
    (:func:`grundy.native.compiled.extension`)."""
    from ..native.compiled import extension

    found: ModuleType | None = extension("_octal")
    return found


def fill(zero: Sequence[int], one: Sequence[int], two: Sequence[int], unequal: bool,
         values: np.ndarray, done: int, n: int,
         report: Callable[[int], None] | None = None) -> None:
    """Fill ``values[done:n]`` with the Grundy values of the game whose moves remove ``k``
    tokens and leave no heap (``k`` in ``zero``), one heap (``one``) or two non-empty heaps
    (``two``; of different sizes if ``unequal``), given that ``values[:done]`` already hold
    them.  ``values`` is a 1-D uint16 array (a ``np.memmap`` will do).

    ``report(i)``, if given, is called every 0.2 s or so with the number ``i`` of entries
    now final, and once at the end; if it raises, the exception propagates and every entry
    before the last count reported is correct.  A value above 65535 raises
    :class:`~grundy.errors.GrundyError`.

    >>> import numpy as np
    >>> v = np.zeros(10, dtype=np.uint16)
    >>> fill([], [], [0], True, v, 0, 6); v[6:] = 99; fill([], [], [0], True, v, 6, 10)
    >>> v.tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    """
    _check_fill(values, done, n)
    kernel = compiled_kernel()
    if kernel is not None:
        _fill_compiled(kernel, list(zero), list(one), list(two), bool(unequal), values, done, n,
                       report)
        return
    _fill_numpy(list(zero), list(one), list(two), bool(unequal), values, done, n, report)


def _check_fill(values: np.ndarray, done: int, n: int) -> None:
    import numpy as np
    if not isinstance(values, np.ndarray) or values.dtype != np.uint16 or values.ndim != 1:
        raise GrundyError("fill needs a 1-D uint16 array of values")
    if not values.flags.c_contiguous or not values.flags.writeable:
        raise GrundyError("fill needs a contiguous, writable array of values")
    for name, x in (("done", done), ("n", n)):
        if not is_integer(x):
            raise GrundyError(f"fill: {name} must be an integer, got {x!r}")
    if not 0 <= done <= n <= len(values):
        raise GrundyError(f"fill needs 0 <= done <= n <= len(values), got done={done}, "
                          f"n={n} for {len(values)} values")


def _fill_compiled(kernel: Any, zero: list[int], one: list[int], two: list[int], unequal: bool,
                   values: np.ndarray, done: int, n: int,
                   report: Callable[[int], None] | None) -> None:
    try:
        kernel.fill(values, int(done), int(n), zero, one, two, unequal, report, LIMIT)
    except OverflowError as e:
        raise GrundyError(f"a Grundy value does not fit in 16 bits: {e}") from None


def _fill_numpy(zero: list[int], one: list[int], two: list[int], unequal: bool,
                values: np.ndarray, done: int, n: int,
                report: Callable[[int], None] | None) -> None:
    """:func:`fill` on this module's NumPy kernel, resumed from ``values[:done]``."""
    import numpy as np
    kernel = SplitKernel(zero, one, two, unequal, compiled=False)
    kernel.seed(values[:done])
    step, last = 256, time.monotonic()
    while kernel.size < n:
        start, t = kernel.size, time.monotonic()
        kernel.extend(min(n, start + step))
        got = kernel.g[start : kernel.size]
        if len(got) and int(got.max()) > LIMIT:
            raise GrundyError(f"a Grundy value does not fit in 16 bits: the value of heap "
                              f"{start + int(np.argmax(got > LIMIT))} exceeds {LIMIT}")
        values[start : kernel.size] = got
        spent = time.monotonic() - t
        step = max(16, min(4 * step, int(step * 0.05 / spent))) if spent > 0 else 4 * step
        if report is not None and (kernel.size == n or time.monotonic() - last >= _REPORT_SECONDS):
            report(kernel.size)
            last = time.monotonic()


def _parity(values: np.ndarray) -> np.ndarray:
    """popcount(v) & 1 for each non-negative int value below 2^32."""
    import numpy as np
    x = values.astype(np.int64)
    for shift in (16, 8, 4, 2, 1):
        x = x ^ (x >> shift)
    return x & 1


class SplitKernel:
    """Grundy values of a take-and-break game whose moves leave at most two heaps.

    ``zero``: removals k that may leave no heap; ``one``: may leave one heap;
    ``two``: may leave two non-empty heaps (``unequal``: of different sizes).
    Values are computed left to right and kept, so asking for more continues.
    """

    WARMUP = 512  # values computed by scanning every pair before a mask is tried
    RARE_SHARE = 0.1  # a mask is used when at most this share of recent values is rare
    FEW = 40  # up to this many rare positions, plain Python beats NumPy calls
    PROBE = 24  # pairs tried one by one before vectorised chunks
    BLOCK = 32  # heaps whose pairs with small parts are XORed together (games that only split)
    ROWS = 256  # heaps computed together, on the assumption that they are common
    SHALLOW = 256  # first parts 1..SHALLOW tried with the rare parts (at least ROWS)
    DEEP = 256  # pairs per heap and residue in the block path's deep search
    CELLS = 1 << 15  # pairs per step of the deep search, at least (more residues if few heaps)
    NARROW = 256  # values below this: the block path reads their 8-bit copy
    WINDOW = 8192  # the longest run of values read at once on the block path

    def __init__(self, zero: list[int], one: list[int], two: list[int],
                 unequal: bool = False, compiled: bool = True) -> None:
        import numpy as np
        self.zero, self.one, self.two, self.unequal = zero, one, two, unequal
        #: the compiled kernel when it is there and ``compiled`` (else the NumPy path)
        self.kernel = compiled_kernel() if compiled else None
        self.g16c = np.zeros(0, dtype=np.uint16)  # the compiled kernel's values
        self.g = np.zeros(1024, dtype=np.intp)
        self.size = 0
        self._narrow()
        self.rows = self.ROWS  # heaps assumed common at a time: fewer just after a rare one
        self.gl: list[int] = []  # the same values as a list, for scalar access
        self.top = 1  # a power of two above every value so far
        self.mask = 0  # 0: scan every pair
        self.next_review = self.WARMUP
        self.rare_pos: list[int] = []
        self.rare_val: list[int] = []
        self.rare_pos_arr = np.zeros(0, dtype=np.int64)
        self.rare_val_arr = np.zeros(0, dtype=np.intp)
        self.common: list[int] = []  # the common values below self.top, ascending
        self.rare: list[int] = []

    def values(self, n: int, compact: bool = False) -> np.ndarray:
        """Values of heaps 0..n-1 as int64 (kept: asking for more continues); ``compact``:
        on the compiled kernel, a read-only uint16 view of its own values (no copy)."""
        import numpy as np
        if self.kernel is not None:
            if n > len(self.g16c):
                grown = np.zeros(max(n, 2 * len(self.g16c)), dtype=np.uint16)
                grown[: self.size] = self.g16c[: self.size]
                self.g16c = grown
            if n > self.size:
                _fill_compiled(self.kernel, self.zero, self.one, self.two, self.unequal,
                               self.g16c, self.size, n, None)
                self.size = n
            if compact:
                view = self.g16c[:n].view()
                view.flags.writeable = False
                return view
            return self.g16c[:n].astype(np.int64)
        if n > self.size:
            self._extend(n)
        return self.g[:n].astype(np.int64)

    def extend(self, n: int) -> None:
        """Compute (on the NumPy path) up to heap n-1 at least."""
        if n > self.size:
            self._extend(n)

    def seed(self, prefix: np.ndarray) -> None:
        """Start the NumPy path from ``prefix``, the values of heaps 0..len(prefix)-1 (none
        computed yet); the mask is chosen at the next heap."""
        import numpy as np
        count = len(prefix)
        if self.size or not count:
            return
        if count > len(self.g):
            self.g = np.zeros(max(count, 2 * len(self.g)), dtype=np.intp)
        self.g[:count] = prefix
        self.size = count
        self._narrow()
        self.gl = self.g[:count].tolist()
        self.top = 1
        while int(self.g[:count].max()) >= self.top:
            self.top *= 2
        self._classes()
        self.next_review = count

    # -- driving ----------------------------------------------------------------
    def _extend(self, n: int) -> None:
        import numpy as np
        if n > len(self.g):
            grown = np.zeros(max(n, 2 * len(self.g)), dtype=np.intp)
            grown[: self.size] = self.g[: self.size]
            self.g = grown
            self._narrow()
        g = self.g
        while self.size < n:
            i = self.size
            if i >= self.next_review:
                self._review()
            if self._blocks_apply():
                self._block(min(n, self.next_review, i + self.rows))
                continue
            v = self._step_sparse(i) if self.mask else self._step_all(i)
            g[i] = v
            self.g16[i] = v
            self.g8[i] = v & 0xFF
            self.gl.append(v)
            self.size = i + 1
            if v >= self.top:
                while v >= self.top:
                    self.top *= 2
                self._classes()
            if self.mask and i > 0 and not _odd(v & self.mask):
                self.rare_pos.append(i)
                self.rare_val.append(v)
                self.rare_pos_arr = np.array(self.rare_pos, dtype=np.int64)
                self.rare_val_arr = np.array(self.rare_val, dtype=np.intp)

    def _narrow(self) -> None:
        """``g16``, ``g8``: the values as uint16 and their last 8 bits, for the block path,
        padded so that ``w16[t]``, ``w8[t]`` (views: the ``WINDOW`` values from ``t``) exist
        for every ``t <= len(g)``."""
        import numpy as np
        g16 = np.zeros(len(self.g) + self.WINDOW, dtype=np.uint16)
        g16[: self.size] = self.g[: self.size]
        self.g16, self.g8 = g16, g16.astype(np.uint8)
        window = np.lib.stride_tricks.sliding_window_view
        self.w16 = window(self.g16, self.WINDOW)
        self.w8 = window(self.g8, self.WINDOW)

    def _review(self) -> None:
        """Choose the mask that makes the recent values rarest (or none)."""
        import numpy as np
        n = self.size
        self.next_review = 2 * n
        recent = self.g[n // 2 : n]
        best, best_count = 0, len(recent) * self.RARE_SHARE
        for mask in range(1, self.top):
            count = int(len(recent) - _parity(recent & mask).sum())
            if count < best_count:
                best, best_count = mask, count
        if best != self.mask:
            self.mask = best
            self._classes()
            if best:
                pos = np.arange(1, n)
                rare = pos[_parity(self.g[1:n] & best) == 0]
                self.rare_pos = rare.tolist()
                self.rare_val = self.g[rare].tolist()
                self.rare_pos_arr = rare.astype(np.int64)
                self.rare_val_arr = self.g[rare].astype(np.intp)

    def _classes(self) -> None:
        import numpy as np
        limit = 2 * self.top  # a mex never exceeds the largest value + 1 < 2 * top
        self.common = [v for v in range(limit) if _odd(v & self.mask)]
        self.rare = [v for v in range(limit) if not _odd(v & self.mask)]
        self.common_arr = np.array(self.common, dtype=np.int64)
        self.rare_arr = np.array(self.rare, dtype=np.int64)
        self.common_bits = sum(1 << v for v in self.common)
        self.rare_bits = sum(1 << v for v in self.rare)

    # -- blocks of heaps (games whose only move splits a heap in two) ---------------
    def _blocks_apply(self) -> bool:
        """Whether the next heaps go by blocks: a game whose only move splits a heap, a
        mask chosen, enough heaps computed (``BLOCK <= ROWS <= SHALLOW <= WINDOW``)."""
        return (bool(self.mask) and not self.zero and not self.one and self.two == [0]
                and self.size >= 4 * (self.SHALLOW + self.BLOCK) and self.top <= 1 << 14)

    def _block(self, stop: int) -> None:
        """Values of heaps ``size..`` up to ``stop`` (at least one), computed together.

        The heaps are taken ``BLOCK`` at a time (rows ``i``, heaps ``n = t + i``).  Pairs
        with both parts below ``t`` and a rare part (or a first part up to ``SHALLOW``) are
        XORed for all rows at once; pairs with a part in the block are added row by row in
        plain Python, giving the least common value ``c`` no option reaches.  ``g(n) = c``
        is assumed while the rare values below ``c`` still unseen are searched for among
        the other pairs, for all the heaps together.  If a heap's search fails, its value
        is the least rare value not found, and the heaps after it are dropped (they
        assumed otherwise).  Every rare position is below ``size``, so the heaps computed
        here on the assumption are common until a search fails.
        """
        import numpy as np
        s, g16, g8, gl = self.size, self.g16, self.g8, self.gl
        common_bits, rare_bits = self.common_bits, self.rare_bits
        pending: list[tuple[int, int]] = []
        rare = self._rare_hits(s, stop)
        t = s
        while t < stop:
            end = min(stop, t + self.BLOCK)
            data, nbytes = self._shallow_hits(rare[t - s : end - s], t)
            small = gl[1 : end - t]  # first parts of the pairs with the other part in the block
            for i in range(end - t):
                n = t + i
                bits = int.from_bytes(data[i * nbytes : (i + 1) * nbytes], "little")
                for v in map(xor, small[:i], gl[n - 1 : n - i - 1 : -1]):
                    bits |= 1 << v
                free = ~bits & common_bits
                c = (free & -free).bit_length() - 1
                gl.append(c)
                missing = ~bits & rare_bits & ((1 << c) - 1)
                if missing:
                    pending.append((n - s, missing))
                if c >= self.top:  # the classes change: stop here
                    end = stop = n + 1
                    break
            g16[t:end] = gl[t:end]
            g8[t:end] = g16[t:end]
            t = end
        rows = stop - s
        rare_row, rare_value = self._deep(s, pending, (2 * self.top + 7) // 8)
        self.rows = min(self.ROWS, 2 * self.rows)
        if rare_row is not None:
            self.rows = max(8, self.rows // 8)  # rare positions come in clusters
            rows = rare_row + 1
            del gl[s + rows :]
            gl[s + rare_row] = rare_value
        self.g[s : s + rows] = gl[s : s + rows]
        g16[s : s + rows] = self.g[s : s + rows]
        g8[s : s + rows] = g16[s : s + rows]
        self.size = s + rows
        if rare_row is not None:
            self.rare_pos.append(s + rare_row)
            self.rare_val.append(rare_value)
            self.rare_pos_arr = np.array(self.rare_pos, dtype=np.int64)
            self.rare_val_arr = np.array(self.rare_val, dtype=np.intp)
        last = gl[-1]
        if last >= self.top:
            while last >= self.top:
                self.top *= 2
            self._classes()

    def _narrow_values(self) -> tuple[np.ndarray, np.ndarray]:
        """The copy of the values the block path reads (8-bit when they fit) and its
        windows."""
        return (self.g8, self.w8) if 2 * self.top <= self.NARROW else (self.g16, self.w16)

    def _rare_hits(self, s: int, stop: int) -> np.ndarray:
        """The values reached from heaps ``s..stop-1`` (rows) by the pairs with a rare part
        ``r > SHALLOW`` below ``s`` (the other part is below ``s`` too: ``stop - s <=
        SHALLOW``), as a table of rows and values."""
        import numpy as np
        gx, wx = self._narrow_values()
        rows = stop - s
        values = 2 * self.top
        hits = np.zeros((rows, values), dtype=bool)
        pos = self.rare_pos_arr[self.rare_pos_arr > self.SHALLOW]
        if len(pos):
            x = wx[s - pos, :rows] ^ gx[pos][:, None]
            if self.unequal:  # (r, r) is no move: n = 2r takes the value of (SHALLOW, n - SHALLOW)
                twin = np.flatnonzero((2 * pos >= s) & (2 * pos < stop))
                x[twin, 2 * pos[twin] - s] = gx[self.SHALLOW] ^ gx[2 * pos[twin] - self.SHALLOW]
            hits.reshape(-1)[np.arange(rows) * values + x] = True
        return hits

    def _shallow_hits(self, hits: np.ndarray, t: int) -> tuple[bytes, int]:
        """Add to ``hits`` (rows: heaps ``t..``) the values of the pairs with first part up
        to ``SHALLOW`` and both parts below ``t``; return its rows as bitsets of ``nbytes``
        bytes each, little-endian, in one string."""
        import numpy as np
        gx, wx = self._narrow_values()
        rows, values = hits.shape
        shallow = self.SHALLOW
        # column j is a = shallow - j, part n - a = n - shallow + j; column 0 is always below t
        x = wx[t - shallow : t + rows - shallow, :shallow] ^ gx[shallow:0:-1]
        x = np.where(np.arange(shallow) >= shallow - np.arange(rows)[:, None], x[:, :1], x)
        hits.reshape(-1)[(np.arange(rows) * values)[:, None] + x] = True
        packed = np.packbits(hits, axis=1, bitorder="little")
        return packed.tobytes(), packed.shape[1]

    def _deep(self, s: int, pending: list[tuple[int, int]],
              nbytes: int) -> tuple[int | None, int]:
        """Search the pairs with first part above ``SHALLOW`` for the heaps' missing values.

        ``pending`` holds (heap - s, bitset of its missing values, all rare).  The first
        parts ``a`` are taken by residue modulo a step (about ``DEEP`` of them per heap at a
        time, spread over the whole range: nearby pairs have alike values), for all the
        heaps still searching at once, and their values marked in a table.  Returns the
        first heap (less ``s``) where some value stays missing and the least such value, or
        ``(None, 0)``.
        """
        import numpy as np
        if not pending:
            return None, 0
        values = 2 * self.top
        gx = self._narrow_values()[0]
        nothing = self.common[0]  # common values never miss: this one marks no pair
        index = np.array([i for i, _ in pending])
        data = b"".join(m.to_bytes(nbytes, "little") for _, m in pending)
        missing = np.unpackbits(np.frombuffer(data, dtype=np.uint8).reshape(len(pending), nbytes),
                                axis=1, bitorder="little")[:, :values].astype(bool)
        lo = self.SHALLOW + 1
        span = int(self._half(s + index).max()) - lo + 1  # first parts lo .. lo + span - 1
        step = max(1, span // self.DEEP)
        res = 0
        while res < min(step, span):
            # residues res .. res + group - 1, more at a time when few heaps are left
            group = min(step - res, max(1, self.CELLS // (len(index) * self.DEEP)))
            x = self._pairs(gx, s + index, lo + res, group, step, (span - res + step - 1) // step,
                            nothing)
            hits = np.zeros((len(x), values), dtype=bool)
            hits.reshape(-1)[(np.arange(len(x)) * values)[:, None] + x] = True
            missing &= ~hits
            keep = missing.any(axis=1)
            if not keep.all():
                index, missing = index[keep], missing[keep]
                if not len(index):
                    return None, 0
            res += group
        return int(index[0]), int(np.argmax(missing[0]))  # every pair tried

    def _half(self, heap: np.ndarray) -> np.ndarray:
        """The largest first part of a pair, for each heap."""
        return (heap - 1) // 2 if self.unequal else heap // 2

    def _pairs(self, gx: np.ndarray, heap: np.ndarray, first: int, group: int, step: int,
               count: int, nothing: int) -> np.ndarray:
        """``g(a) ^ g(n - a)`` for each heap ``n`` (rows) and first parts ``a = first + r +
        step * j`` (``r < group``, ``j < count``; columns), ``nothing`` where ``a`` is beyond
        the half."""
        import numpy as np
        last = first + group - 1 + step * (count - 1)
        # column (q, j) is a = last - q - step * j, part n - a = n - last + q + step * j
        size = gx.strides[0]
        rows = len(gx) - group + 1 - step * (count - 1)
        parts = np.lib.stride_tricks.as_strided(gx, shape=(rows, group, count),
                                                strides=(size, size, step * size),
                                                writeable=False)
        a = last - np.arange(group)[:, None] - step * np.arange(count)
        start = int(heap[0]) - last
        if int(heap[-1]) - int(heap[0]) + 1 == len(heap):  # consecutive heaps: a view
            x: np.ndarray = parts[start : start + len(heap)] ^ gx[a]
        else:
            x = parts[heap - last] ^ gx[a]
        half = self._half(heap)
        if last > half.min():
            cols = min(count, (last - int(half.min())) // step + 1)  # columns with some a > half
            x[:, :, :cols][a[:, :cols] > half[:, None, None]] = nothing
        return x.reshape(len(heap), -1)

    # -- one heap ------------------------------------------------------------------
    def _small(self, n: int) -> set[int]:
        g = self.g
        seen = {0 for k in self.zero if k == n}
        seen.update(int(g[n - k]) for k in self.one if n - k >= 1)
        return seen

    def _halves(self, m: int) -> int:
        """How many first parts a = 1..h to pair with b = m - a >= a."""
        h = m // 2
        if self.unequal and m % 2 == 0:
            h -= 1
        return h

    def _step_all(self, n: int) -> int:
        """mex over every option, scanning all pairs."""
        import numpy as np
        g = self.g
        seen = np.zeros(2 * self.top, dtype=bool)
        for v in self._small(n):
            seen[v] = True
        for k in self.two:
            m = n - k
            h = self._halves(m)
            if h >= 1:
                seen[g[1 : h + 1] ^ g[m - h : m][::-1]] = True
        return int(np.argmin(seen)) if not seen.all() else len(seen)

    def _step_sparse(self, n: int) -> int:
        if len(self.rare_pos) <= self.FEW:
            c, missing = self._reach_few(n)
        else:
            c, missing = self._reach_many(n)
        if missing:
            missing = self._search(n, missing)
            if missing:
                return missing[0]
        return c

    def _reach_few(self, n: int) -> tuple[int, list[int]]:
        """Least common value no option reaches, and the rare ones below it not seen yet."""
        gl, pos, val = self.gl, self.rare_pos, self.rare_val
        reached = self._small(n)
        for k in self.two:
            m = n - k
            for i in range(bisect_right(pos, m - 1)):
                a = pos[i]
                if not (self.unequal and 2 * a == m):
                    reached.add(val[i] ^ gl[m - a])
        c = next(v for v in self.common if v not in reached)
        return c, [r for r in self.rare[: bisect_right(self.rare, c)] if r not in reached]

    def _reach_many(self, n: int) -> tuple[int, list[int]]:
        """As :meth:`_reach_few`, vectorised over the rare positions."""
        import numpy as np
        g = self.g
        hit = np.zeros(2 * self.top, dtype=bool)
        for v in self._small(n):
            hit[v] = True
        pos, val = self.rare_pos_arr, self.rare_val_arr
        for k in self.two:
            m = n - k
            count = bisect_right(self.rare_pos, m - 1)
            a = pos[:count]
            x = val[:count] ^ g[m - a]
            hit[x[a != m - a] if self.unequal else x] = True
        common = self.common_arr
        c = int(common[np.argmin(hit[common])])  # every common value reached is marked
        rare = self.rare_arr[: bisect_right(self.rare, c)]
        return c, rare[~hit[rare]].tolist()

    def _search(self, n: int, wanted: list[int]) -> list[int]:
        """The values of ``wanted`` (ascending) that no pair of heaps reaches from ``n``."""
        import numpy as np
        g, gl = self.g, self.gl
        left = set(wanted)
        for k in self.two:  # the first few pairs, one by one
            m = n - k
            for a in range(1, min(self._halves(m), self.PROBE) + 1):
                left.discard(gl[a] ^ gl[m - a])
            if not left:
                return []
        rest = np.array(sorted(left), dtype=np.intp)
        hit = np.zeros(2 * self.top, dtype=bool)
        for k in self.two:  # then all pairs, in growing vectorised chunks
            m = n - k
            h = self._halves(m)
            start, size = self.PROBE + 1, 256
            while start <= h:
                stop = min(h, start + size - 1)
                hit[g[start : stop + 1] ^ g[m - stop : m - start + 1][::-1]] = True
                rest = rest[~hit[rest]]
                if not len(rest):
                    return []
                start, size = stop + 1, size * 4
        return cast(list[int], rest.tolist())  # ndarray.tolist is typed Any


def _odd(v: int) -> bool:
    return bin(v).count("1") & 1 == 1
