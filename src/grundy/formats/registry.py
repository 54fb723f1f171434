"""The registry of contest formats: the one list of problems, and the lookup by name or alias.

Each problem is the module ``grundy.formats.<name>``, which defines ``FORMAT``, a
:class:`~grundy.formats.base.Format` whose ``name`` is ``<name>``.  A module is
imported when its problem is first asked for (a judge's run loads only its own);
an alias makes every format load, to ask each for its aliases (the game problems
take theirs from :mod:`grundy.catalog`).

>>> get_format("grid-game-2").name, get_format("nim-product").name
('squares', 'nim')
>>> [f.name for f in all_formats() if f.accepts_move]
['split', 'cutting', 'digraph']
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any

from ..errors import UnknownGameError

if TYPE_CHECKING:
    from .base import Format

__all__ = ["PROBLEMS", "all_formats", "get_format", "move_takers"]

#: Every contest problem, in the order ``grundy solve --help`` lists them: to add one,
#: write ``grundy/formats/<name>.py`` (with ``FORMAT``) and add its name here.
PROBLEMS: tuple[str, ...] = ("coins", "squares", "split", "cutting", "beans", "digraph", "nim")


@functools.cache
def _load(name: str) -> Format[Any, Any]:
    """The format of problem ``name`` as the registry hands it out: its module's ``FORMAT``,
    told whom to ask which problems take ``--move`` when it refuses the option."""
    module = importlib.import_module(f"grundy.formats.{name}")
    fmt: Format[Any, Any] = module.FORMAT
    if fmt.name != name:  # pragma: no cover - a format module that names itself wrongly
        raise AssertionError(f"grundy.formats.{name}.FORMAT is named {fmt.name!r}")
    return fmt.registered(move_takers=move_takers)


def move_takers() -> list[str]:
    """The problems whose answer ``--move`` adds to, in :data:`PROBLEMS` order.

    >>> move_takers()
    ['split', 'cutting', 'digraph']
    """
    return [f.name for f in all_formats() if f.accepts_move]


def all_formats() -> tuple[Format[Any, Any], ...]:
    """Every registered format, in :data:`PROBLEMS` order."""
    return tuple(_load(name) for name in PROBLEMS)


def get_format(name: str) -> Format[Any, Any]:
    """The format of a problem, by name or alias (any case, blanks around ignored).

    Raises :class:`~grundy.errors.UnknownGameError` (a ``GrundyError``) naming what was
    typed and the choices:

    >>> get_format("chess")
    Traceback (most recent call last):
    grundy.errors.UnknownGameError: unknown problem 'chess' (choose from coins, squares, split, cutting, beans, digraph, nim)
    """
    key = name.strip().lower()
    if key in PROBLEMS:
        return _load(key)
    for fmt in all_formats():
        if key in fmt.aliases:
            return fmt
    raise UnknownGameError(f"unknown problem {name!r} (choose from {', '.join(PROBLEMS)})")
