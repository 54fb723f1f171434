"""The optional compiled kernel :mod:`grundy._speedups`, when it was built and is wanted.

grundy needs no compiler: without the kernel, the NumPy kernels compute the same
results (the tests check that the two agree with each other and with
:mod:`grundy.nimber`).  The kernel is built when ``pip install`` finds a C compiler;
it makes ``grundy nim`` on a million lines about three times faster, because that
command then never starts NumPy.  Set the environment variable ``GRUNDY_PURE=1`` to
use the NumPy kernels anyway.

>>> kernel = compiled()
>>> kernel is None or kernel.products(b"5 3\\n", 0, 4) == (1, b"15\\n")
True
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np
    from typing_extensions import Buffer

__all__ = ["Kernel", "compiled"]


class Kernel(Protocol):
    """What :mod:`grundy._speedups` provides (see its C source for the contracts)."""

    def products(self, data: Buffer, start: int, stop: int, /) -> tuple[int, bytes] | None:
        """The nim products of the lines ``A B`` of ``data[start:stop]``, one per line,
        with their count; None if a line is not exactly ``A B`` (values below 2**64)."""

    def mul(self, a: Buffer | np.ndarray, b: Buffer | np.ndarray, out: Buffer | np.ndarray, /) -> None:
        """``out[i] = a[i] (x) b[i]`` on contiguous buffers of native uint64."""


def compiled() -> Kernel | None:
    """The compiled kernel, or None if it was not built or ``GRUNDY_PURE`` is set."""
    if os.environ.get("GRUNDY_PURE", "") not in ("", "0"):
        return None
    try:
        module = importlib.import_module("grundy._speedups")
    except ImportError:
        return None
    kernel: Kernel = module
    return kernel
