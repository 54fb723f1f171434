"""Pictures of Grundy sequences and tables (needs the ``plot`` extra: matplotlib).

matplotlib is imported only inside :func:`plot`, so the rest of grundy never pays for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..errors import GrundyError
from ..rules.base import is_heap_game
from .tables import has_table, value_table

__all__ = ["plot"]


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise GrundyError("pictures need matplotlib: pip install 'grundy[plot]'") from None
    return plt


def plot(game: Any, name: str, out: Path, *, count: int = 200, rows: int = 32,
         cols: int = 32) -> Path:
    """Draw a heap game's sequence (values against heap size) or a two-dimensional
    game's value table (a colour map with the values written in small tables) to ``out``.
    The format follows the file name's suffix (.png, .svg, .pdf)."""
    if out.suffix.lower() not in {".png", ".svg", ".pdf"}:
        raise GrundyError(f"cannot draw to {out.name!r}: use a .png, .svg or .pdf file name")
    plt = _pyplot()
    if is_heap_game(game):
        from .periodicity import sequence

        values = np.asarray(sequence(game, count))
        fig, ax = plt.subplots(figsize=(10, 4))
        ax.plot(np.arange(count), values, ".", markersize=4 if count <= 2000 else 1)
        ax.set_xlabel("heap size n")
        ax.set_ylabel("Grundy value")
        ax.set_title(f"{name}: Grundy values of heaps 0..{count - 1}")
        ax.grid(alpha=0.3)
    elif has_table(game):

        values, first = value_table(game, rows, cols, name=name)
        values = np.ma.masked_less(values, 0)  # boards past the table's size: not drawn
        fig, ax = plt.subplots(figsize=(8, 7))
        extent = (first - 0.5, first + cols - 0.5, first + rows - 0.5, first - 0.5)
        image = ax.imshow(values, cmap="viridis", extent=extent, interpolation="nearest")
        fig.colorbar(image, ax=ax, label="Grundy value")
        if rows * cols <= 400:
            for r in range(rows):
                for c in range(cols):
                    if values[r, c] is not np.ma.masked:
                        ax.text(first + c, first + r, str(int(values[r, c])), ha="center",
                                va="center", fontsize=7, color="white")
        ax.set_xlabel("column")
        ax.set_ylabel("row")
        ax.set_title(f"{name}: Grundy values ({rows} x {cols})")
    else:
        raise GrundyError(f"{name} has neither a sequence nor a table to draw")
    fig.tight_layout()
    try:
        fig.savefig(out)
    except OSError as exc:
        raise GrundyError(f"cannot write {out}: {exc.strerror}") from None
    finally:
        plt.close(fig)
    return out
