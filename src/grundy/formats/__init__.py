"""Contest input/output formats: bytes in, bytes out, nothing printed.

Every problem is one :class:`Format` (``parse``, ``solve``, ``render``) found by
:func:`get_format`; :func:`all_formats` lists them.  The game problems answer each
test with one :class:`Result` (winner ``"first"`` or ``"second"``, the judge's word,
the value, a winning move, the number of winning moves) and share one JSON form.
The algorithms live in :mod:`grundy.rules`; a format only reads and writes.

>>> from grundy.formats import Options, get_format, solve
>>> fmt = get_format("grid-game-2")
>>> fmt.name, b"".join(fmt.run(b"2\\n2 3\\n2 4\\n"))
('squares', b'FIRST\\n')
>>> solve("cutting", b"3 2\\n", Options(as_json=True))
'{"winner": "second", "judge": "LOSE", "value": 0, "move": null, "winning_moves": 0}\\n'

The functions below take a problem's name or alias: :func:`solve` and
:func:`solve_chunks` run it, :func:`problem_name` and :func:`limits` read it.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing (a judge's run imports this face)
if TYPE_CHECKING:  # what type checkers see; at run time, __getattr__ below loads these
    from typing import Any

    from ..errors import InputError
    from .base import Format, GameFormat, Options, Result, json_lines
    from .registry import PROBLEMS, all_formats, get_format

#: name -> module (relative to this package) that defines it, loaded on first use, so that
#: a judge's nim-product run (:mod:`grundy.formats._nim_compiled`) loads nothing else here
_LAZY = {"InputError": "..errors", "Format": ".base", "GameFormat": ".base", "Options": ".base",
         "Result": ".base", "json_lines": ".base", "PROBLEMS": ".registry",
         "all_formats": ".registry", "get_format": ".registry"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'grundy.formats' has no attribute {name!r}")
    attr = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = attr
    return attr


__all__ = ["PROBLEMS", "Format", "GameFormat", "InputError", "Options", "Result", "all_formats",
           "get_format", "json_lines", "limits", "problem_name", "solve", "solve_chunks"]


def problem_name(name: str) -> str:
    """The canonical problem name for a name or alias: ``get_format(name).name``.

    >>> problem_name("hnoi2007"), problem_name("nim-product")
    ('beans', 'nim')
    """
    from .registry import get_format

    return get_format(name).name


def solve(name: str, data: bytes, options: Options | None = None) -> str:
    """Solve every test of a contest input; returns the whole output as text."""
    return b"".join(solve_chunks(name, data, options)).decode("utf-8")


def solve_chunks(name: str, data: bytes, options: Options | None = None) -> list[bytes]:
    """:func:`solve` as pieces of bytes to be written one after the other:
    ``get_format(name).run(data, options)``."""
    from .base import Options
    from .registry import get_format

    return get_format(name).run(data, options or Options())


def limits(name: str) -> str:
    """The sizes grundy accepts for a problem, in one line: ``get_format(name).limits``."""
    from .registry import get_format

    return get_format(name).limits
