"""Shapes shared by rule families: heap-like games and two-dimensional games.

A :class:`HeapGame` has non-negative integer positions and a Grundy *sequence*;
a :class:`GridGame` has positions ``(row, col)`` and a Grundy *table*.  Both
compute through the generic engine by default; a family overrides
:meth:`HeapGame.sequence` or :meth:`GridGame.table` with a fast kernel, and the
tests check the kernel against the engine.

>>> class Sub12(HeapGame):
...     def options(self, n):
...         return [n - k for k in (1, 2) if k <= n]
>>> Sub12().sequence(7).tolist()
[0, 1, 2, 0, 1, 2, 0]
"""

from __future__ import annotations

from typing import Any, TypeGuard

import numpy as np

from ..engine import Game, grid_values, heap_values

__all__ = ["GridGame", "HeapGame"]


class HeapGame(Game):
    """A game whose positions are heap sizes 0, 1, 2, ..."""

    dims = 1
    #: how a position is drawn (the playground reads it): "heaps" (rows of tokens),
    #: "coins" (a row of coins, a position is the coin of a head), "bottles" (beans)
    board = "heaps"

    def sequence(self, n: int) -> np.ndarray:
        """Values of positions 0..n-1 as an int64 array (engine by default)."""
        return np.asarray(heap_values(self, n), dtype=np.int64).reshape(n)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class GridGame(Game):
    """A game whose positions are ``(row, col)`` pairs, rows and columns from ``first_index``."""

    dims = 2
    first_index = 1
    #: how a position is drawn: "coin-board" (a head at (row, col) of a coin board),
    #: "grid" (a black cell of a grid), "rectangle" (a rectangle to cut)
    board = "coin-board"

    def table(self, rows: int, cols: int) -> np.ndarray:
        """Values of positions (first+r, first+c) for r < rows, c < cols (engine by default)."""
        return np.asarray(grid_values(self, rows, cols, self.first_index),
                          dtype=np.int64).reshape(rows, cols)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def is_heap_game(game: Any) -> TypeGuard[HeapGame]:
    """True for games with a Grundy sequence (heap-like games)."""
    return isinstance(game, HeapGame)


def is_grid_game(game: Any) -> TypeGuard[GridGame]:
    """True for games with a Grundy table (two-dimensional games)."""
    return isinstance(game, GridGame)
