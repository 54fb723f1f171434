"""A judge's nim-product run on the compiled kernel alone, light enough to answer
before the rest of grundy and the CLI framework load.

The Library Checker format (T, then T lines ``A B``) is read, multiplied and written
by :mod:`grundy.native._speedups`, in two halves on two threads.  This module imports only
the standard library's ``os`` and ``threading`` besides the kernel: the console script
(:mod:`grundy.cli.console`) answers a plain ``grundy nim`` run with it before it loads
the CLI, and :mod:`grundy.formats.nim` tries it first.

:func:`products` returns None for anything the kernel does not take (no kernel, a
line that is not two numbers, a count that is not T, numbers of more than 20 digits);
the NumPy and careful readers of :mod:`grundy.formats.nim` then answer, or name the
line at fault.

>>> products(b"2\\n5 3\\n3141 5926\\n") in (None, [b"15\\n14994\\n"])
True
"""

from __future__ import annotations

from functools import partial

from ..native import parallel
from ..native.compiled import compiled

__all__ = ["MAX_T", "PROBLEM_NAMES", "products"]

PROBLEM_NAMES = ("nim", "nim-product")  # for `grundy solve` ("nim" alone is also a heap game)
MAX_T = 10**7  # lines of a nim-product input
_SPLIT_BYTES = 1 << 20  # inputs from this size on are worked in two halves on two threads


def products(data: bytes) -> list[bytes] | None:
    """The judge's output for a nim-product input, in pieces (one per thread) to be
    written one after the other; None if the compiled kernel cannot take this input."""
    kernel = compiled()
    end = data.find(b"\n")
    head = data[:max(end, 0)].strip()
    if kernel is None or not 0 < len(head) <= 8 or not head.isdigit() or not 1 <= int(head) <= MAX_T:
        return None
    start, stop = end + 1, len(data)
    middle = data.find(b"\n", (start + stop) // 2) + 1 if stop - start >= _SPLIT_BYTES else 0
    bounds = [start, stop]
    if start < middle < stop and parallel.parallel_parts() > 1:
        bounds.insert(1, middle)
    parts = parallel.run_parallel([partial(kernel.products, data, lo, hi)
                                   for lo, hi in zip(bounds, bounds[1:])])
    chunks = [part[1] for part in parts if part is not None]
    if len(chunks) < len(parts) or sum(part[0] for part in parts if part) != int(head):
        return None
    return chunks
