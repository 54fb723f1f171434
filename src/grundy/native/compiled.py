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

__all__ = ["MAX_INPUT", "MAX_STREAM", "compiled", "extension",
           "read_all"]  # and, for type checkers, Kernel

_BIG_FILE = 1 << 20  # bytes: from this size on, read_all lets the kernel read
_CHUNK = 1 << 20  # bytes: read_all reads anything else this much at a time

#: the most bytes of an input :func:`read_all` reads (a contest input, standard input): the
#: largest the documented limits allow is nim's 10^7 lines of two numbers below 2^64, with
#: the count line and CR LF line ends 430 * 10^6 bytes (410 MB of 2^20 bytes)
MAX_INPUT = 512 << 20
#: the most bytes read of a stream (a pipe, a terminal, a device), whose size is not known
#: beforehand: a stream past it has been read up to it before it is refused, so it is lower
#: (a refusal peaks at 460 MB, measured, where 512 MB took 540-560 MB)
MAX_STREAM = 420 << 20


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


def read_all(handle: BinaryIO, limit: int | None = None) -> bytes:
    """All that is left to read of ``handle``, at most ``limit`` bytes (unless told,
    :data:`MAX_INPUT` of a regular file, :data:`MAX_STREAM` of anything else; OSError,
    EFBIG, past them: a regular file by its size, before any of it is read).  A big regular
    file is read by the kernel (about three times faster for tens of megabytes), anything
    else a chunk at a time, stopping after a chunk that holds a NUL byte: no text input
    holds one (the format's reader then names its line), and ``/dev/zero`` is not read for
    ever.

    >>> read_all(io.BytesIO(b"2\\n1 2\\n3 4\\n"))
    b'2\\n1 2\\n3 4\\n'
    >>> read_all(io.BytesIO(b"1 2\\n"), limit=3)
    Traceback (most recent call last):
    OSError: [Errno 27] larger than 3 bytes, the most grundy reads of a stream (of a file: 512 MB)
    """
    stream = min(MAX_INPUT, MAX_STREAM) if limit is None else limit
    limit = MAX_INPUT if limit is None else limit
    kernel = compiled()
    try:
        fd = handle.fileno()
        info = os.fstat(fd)
    except (OSError, ValueError, io.UnsupportedOperation):
        return _chunks(handle, stream)
    if not stat.S_ISREG(info.st_mode):
        return _chunks(handle, stream)
    offset = os.lseek(fd, 0, os.SEEK_CUR)  # a file may be handed over partly read
    if info.st_size - offset > limit:
        raise _too_large(limit)
    if kernel is None or info.st_size < _BIG_FILE or handle.tell() != offset:
        # (bytes in the handle's buffer only it can give); a regular file is bounded by its
        # size, so it is read whole, NUL bytes and all
        return _chunks(handle, limit, stop_at_nul=False)
    data = kernel.read_file(fd, max(info.st_size - offset, 0))
    rest = _chunks(handle, limit - len(data), stop_at_nul=False)  # what the file grew by
    return data + rest if rest else data


def _chunks(handle: BinaryIO, limit: int, stop_at_nul: bool = True) -> bytes:
    """At most ``limit`` bytes of ``handle``, a chunk at a time; a stream (``stop_at_nul``)
    stops after a chunk that holds a NUL byte.  The chunks go into one growing buffer, whose
    bytes CPython hands over without a copy: a stream is held once, not twice as when its
    chunks are joined (381 MB read from a pipe: 396 MB at the process's peak, not 777)."""
    buffer, total = io.BytesIO(), 0
    while True:
        chunk = handle.read(min(_CHUNK, limit + 1 - total))
        if not chunk:
            break
        total += buffer.write(chunk)
        if total > limit:
            buffer.close()  # freed now, not kept alive by the exception's frame
            raise _too_large(limit, stream=stop_at_nul)
        if stop_at_nul and b"\0" in chunk:
            break
    return buffer.getvalue()


def _too_large(limit: int, stream: bool = False) -> OSError:
    import errno  # here: a judge's run loads no more than it needs

    def size(n: int) -> str:
        return f"{n >> 20} MB" if n >= 1 << 20 else f"{n} bytes"

    if stream and limit < MAX_INPUT:
        return OSError(errno.EFBIG, f"larger than {size(limit)}, the most grundy reads of a "
                                    f"stream (of a file: {size(MAX_INPUT)})")
    return OSError(errno.EFBIG, f"larger than {size(limit)}, the most grundy reads of an input")
