"""How a GAME argument becomes a ruleset: a catalog name or notation, or a user's class.

(The user-ruleset part is being written; today every spec goes to the catalog.)

>>> resolve("kayles")
TakeAndBreak('0.77')
"""

from __future__ import annotations

from .catalog import find
from .engine import Game

__all__ = ["resolve"]


def resolve(spec: str) -> Game:
    """The ruleset a GAME argument names."""
    return find(spec)
