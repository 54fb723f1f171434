"""The compiled commands installed with grundy: ``grundy-cram``, the board search of
``_cram.c`` as a program without Python (``cram_command.c``).

``pip install`` links it beside the extensions in this folder where a C compiler is found
(``setup.py``); the ``grundy-cram`` console script (:mod:`grundy.cli.cram`) runs it in its
own place, and the tests and ``benchmarks/boards.py`` ask :func:`cram_command` for it.

>>> path = cram_command()
>>> path is None or path.endswith("grundy-cram")
True
"""

from __future__ import annotations

import os

__all__ = ["cram_command"]


def cram_command() -> str | None:
    """The path of the ``grundy-cram`` executable, or None where it was not built."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grundy-cram")
    return path if os.access(path, os.X_OK) else None
