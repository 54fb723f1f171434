"""The optional compiled kernel :mod:`grundy.native._speedups`, when it was built and is wanted.

grundy needs no compiler: without the kernel, the NumPy kernels compute the same
results (the tests check that the two agree with each other and with
:mod:`grundy.nimber`).  The kernel is built when ``pip install`` finds a C compiler;
it makes ``grundy nim`` on a million lines about three times faster, because that
command then never starts NumPy.  Set the environment variable ``GRUNDY_PURE=1`` to
use the NumPy kernels anyway.

:func:`compiled` is the one switch between the backends: the array kernels
(:mod:`grundy.nimber.arrays`) and the judge's run (:mod:`grundy.formats._nim_compiled`) ask it and use
NumPy when it says None; the scalar truth (:mod:`grundy.nimber.scalar`) is always plain
Python.  It lives outside the :mod:`grundy.nimber` package so that a judge's run loads
this module and nothing else of grundy (importing the package would load ``typing``).

>>> kernel = compiled()
>>> kernel is None or kernel.products(b"5 3\\n", 0, 4) == (1, b"15\\n")
True
"""

from __future__ import annotations

import importlib
import io
import os
import stat

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing (a judge's run needs this module)
if TYPE_CHECKING:
    from typing import Any, BinaryIO, Protocol

    import numpy as np
    from typing_extensions import Buffer

    class Kernel(Protocol):
        """What :mod:`grundy.native._speedups` provides (see its C source for the contracts)."""

        def products(self, data: Buffer, start: int, stop: int, /) -> tuple[int, bytes] | None:
            """The nim products of the lines ``A B`` of ``data[start:stop]``, one per line,
            with their count; None if a line is not exactly ``A B`` (values below 2**64)."""

        def read_file(self, fd: int, size: int, /) -> bytes:
            """The next ``size`` bytes of a file (fewer if it ends sooner), read into memory
            backed by large pages where the system offers them (far fewer page faults)."""

        def mul(self, a: Buffer | np.ndarray, b: Buffer | np.ndarray, out: Buffer | np.ndarray,
                /) -> None:
            """``out[i] = a[i] (x) b[i]`` on contiguous buffers of native uint64."""

__all__ = ["compiled", "extension", "read_all"]  # and, for type checkers, Kernel

_BIG_FILE = 1 << 20  # bytes: from this size on, read_all lets the kernel read


def extension(name: str) -> Any:
    """The compiled module ``grundy.native.<name>`` (``_octal``, ``_misere``, ``_cram``...)
    when it was built and ``GRUNDY_PURE`` is unset or 0, else None: the one switch between
    every compiled kernel and its Python or NumPy path.

    >>> extension("_no_such_kernel") is None
    True
    """
    if os.environ.get("GRUNDY_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(f"grundy.native.{name}")
    except ImportError:
        return None


def compiled() -> Kernel | None:
    """The compiled nimber kernel, or None if it was not built or ``GRUNDY_PURE`` is set."""
    kernel: Kernel | None = extension("_speedups")
    return kernel


def read_all(handle: BinaryIO) -> bytes:
    """All that is left to read of ``handle``: a big regular file is read by the kernel
    (about three times faster for tens of megabytes), anything else by ``handle.read()``.

    >>> read_all(io.BytesIO(b"2\\n1 2\\n3 4\\n"))
    b'2\\n1 2\\n3 4\\n'
    """
    kernel = compiled()
    try:
        fd = handle.fileno()
        info = os.fstat(fd)
    except (OSError, ValueError, io.UnsupportedOperation):
        return handle.read()
    if kernel is None or not stat.S_ISREG(info.st_mode) or info.st_size < _BIG_FILE:
        return handle.read()
    offset = os.lseek(fd, 0, os.SEEK_CUR)  # a file may be handed over partly read
    if handle.tell() != offset:  # ... and with bytes in its buffer, which only it can give
        return handle.read()
    data = kernel.read_file(fd, max(info.st_size - offset, 0))
    rest = handle.read()  # whatever the file grew by meanwhile
    return data + rest if rest else data
