"""Contest input/output formats: text in, text out, nothing printed.

One module per problem; each defines ``solve(data: bytes, options: Options) -> str``
(and may define ``solve_chunks``, the same as pieces of bytes) returning the whole output (only once the whole input was read and checked, so
that a bad line never leaves a partial answer), and ``LIMITS``, a one-line
statement of the sizes it accepts.

>>> problem_name("grid-game-2")
'squares'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..errors import InputError, UnknownGameError
from ..judge import PROBLEM_NAMES

__all__ = ["Options", "PROBLEMS", "limits", "problem_name", "solve", "solve_chunks"]


@dataclass(frozen=True)
class Options:
    """What to print beyond the judge's answer."""

    explain: bool = False  # values and the winning move in words
    as_json: bool = False  # one JSON object per test
    move: bool = False  # split/cutting: a winning cut


#: the problems, each solved by the module ``grundy.formats.<name>``.  The five
#: contest games share their names and aliases with the catalog's entries.
PROBLEMS: tuple[str, ...] = ("coins", "squares", "split", "cutting", "beans", "nim")


def problem_name(name: str) -> str:
    """The canonical problem name for a name or alias (the catalog's aliases count).

    >>> problem_name("hnoi2007"), problem_name("nim-product")
    ('beans', 'nim')
    """
    key = name.strip().lower()
    if key in PROBLEM_NAMES:  # "nim" here is the product, not the catalog's heap game
        return "nim"
    from ..catalog import lookup  # after the nim product, which needs no catalog

    try:
        entry = lookup(key)
    except UnknownGameError:
        entry = None
    if entry is not None and entry.name in PROBLEMS:
        return entry.name
    choices = ", ".join(PROBLEMS)
    raise UnknownGameError(f"unknown problem {name!r} (choose from {choices})")


def _module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"grundy.formats.{problem_name(name)}")


def solve(name: str, data: bytes, options: Options | None = None) -> str:
    """Solve every test of a contest input; returns the judge's output."""
    text: str = _module(name).solve(data, options or Options())
    return text


def solve_chunks(name: str, data: bytes, options: Options | None = None) -> list[bytes]:
    """:func:`solve` as pieces of bytes to be written one after the other (a format may
    produce them directly, without a detour through str or a join)."""
    module = _module(name)
    if hasattr(module, "solve_chunks"):
        chunks: list[bytes] = module.solve_chunks(data, options or Options())
        return chunks
    return [solve(name, data, options).encode("utf-8")]


def limits(name: str) -> str:
    """The sizes grundy accepts for a problem, in one line."""
    text: str = _module(name).LIMITS
    return text


__all__ += ["InputError"]
