"""Sequences and value tables as a notebook shows them: HTML with the values and a small
inline SVG plot, or a heat map with the P-positions marked.

``grundy.sequence`` and the tables return NumPy arrays, which a notebook shows as text;
:func:`show_sequence` and :func:`show_table` return a :class:`SequenceView` or a
:class:`TableView` instead: the same values (``.values``, an array) with a
``_repr_html_`` that Jupyter shows as a picture.  Nothing but the standard library and
NumPy: the plot is SVG text, built escaped (:func:`grundy.rules.pictures.element`).

>>> view = show_sequence("kayles", 12)
>>> view.values.tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> view.picture().svg.count("<circle")
12
>>> t = show_table("wythoff", 3, 3)
>>> t.values.tolist(), t.p_positions()
([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [(0, 0), (1, 2), (2, 1)])
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine import Game
from ..errors import GrundyError
from ..rules.pictures import Picture, element, svg_document
from .periodicity import sequence
from .tables import value_table

__all__ = ["MAX_SHOWN", "SequenceView", "TableView", "colour", "show_sequence", "show_table"]

#: the most values a view writes out as numbers (the plot draws them all up to
#: :data:`MAX_PLOTTED`), and the most cells of a table drawn as a heat map
MAX_SHOWN = 400
#: the most values plotted (each a dot: about 130 bytes of SVG)
MAX_PLOTTED = 2000


def colour(v: int, top: int) -> str:
    """The playground's colour ramp (dark blue, teal, green, yellow): 0 the darkest.

    >>> colour(0, 7), colour(7, 7)
    ('rgb(40,30,90)', 'rgb(250,220,60)')
    """
    t = math.sqrt(v / top) if top > 0 else 0.0
    stops = ((40, 30, 90), (33, 120, 160), (60, 185, 120), (250, 220, 60))
    x = t * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)
    f = x - i
    r, g, b = (round(a + (c - a) * f) for a, c in zip(stops[i], stops[i + 1]))
    return f"rgb({r},{g},{b})"


def _game(game: Game | str) -> tuple[Game, str]:
    """A game and its name: a name is looked up in the catalog."""
    if isinstance(game, str):
        from ..catalog import find

        return find(game), game
    return game, game.label


@dataclass(frozen=True, eq=False)
class SequenceView:
    """The Grundy values of heaps 0..n-1 of a game, as a notebook shows them: a dot plot
    (value against heap) and the values, the P-positions (value 0) marked."""

    name: str
    values: np.ndarray = field(repr=False)

    def __repr__(self) -> str:
        return f"<SequenceView {self.name}: heaps 0..{len(self.values) - 1}>"

    def picture(self) -> Picture:
        """The dot plot: heap size across, value up; a P-position a hollow dot."""
        shown = [int(v) for v in self.values[:MAX_PLOTTED]]
        top = max(shown, default=0)
        width, height, pad = 560.0, 160.0, 24.0
        step = (width - 2 * pad) / max(len(shown) - 1, 1)
        rise = (height - 2 * pad) / max(top, 1)
        r = 3.0 if len(shown) <= 200 else 1.5
        body = [element("line", {"x1": pad, "y1": height - pad, "x2": width - pad,
                                 "y2": height - pad, "stroke": "#9aa1ad"}),
                element("text", {"x": pad, "y": height - 6, "font-size": 10}, "heap 0"),
                element("text", {"x": width - pad, "y": height - 6, "font-size": 10,
                                 "text-anchor": "end"}, f"heap {max(len(shown) - 1, 0)}"),
                element("text", {"x": 4, "y": pad - 8, "font-size": 10}, f"value {top}")]
        for n, v in enumerate(shown):
            body.append(element("circle", {
                "cx": pad + n * step, "cy": height - pad - v * rise, "r": r,
                "class": "p" if v == 0 else "n",
                "fill": "none" if v == 0 else colour(v, top), "stroke": colour(v, top)},
                children=[element("title", text=f"heap {n}: {v}")]))
        return svg_document(width, height, body, f"{self.name}: Grundy values of heaps "
                            f"0..{len(shown) - 1}")

    def _repr_html_(self) -> str:
        values = [int(v) for v in self.values[:MAX_SHOWN]]
        more = f" ... ({len(self.values)} values)" if len(self.values) > MAX_SHOWN else ""
        written = " ".join(f"<b>{v}</b>" if v == 0 else str(v) for v in values)
        zeros = int(np.count_nonzero(self.values == 0))
        plotted = (f"; the first {MAX_PLOTTED} plotted" if len(self.values) > MAX_PLOTTED
                   else "")
        return (f'<div class="grundy-sequence"><p>{html.escape(self.name)}: Grundy values '
                f"of heaps 0..{len(self.values) - 1} (P-positions, value 0, in bold: {zeros}"
                f"{plotted})</p>{self.picture().svg}<p><code>{written}{more}</code></p></div>")


@dataclass(frozen=True, eq=False)
class TableView:
    """A value table of a two-dimensional game (or of a board game's empty boards), as a
    notebook shows it: a heat map in the playground's colours, the values written, the
    P-positions (value 0) marked; ``first`` is the first row's and column's index."""

    name: str
    values: np.ndarray = field(repr=False)
    first: int = 0

    def __repr__(self) -> str:
        rows, cols = self.values.shape
        return f"<TableView {self.name}: {rows}x{cols} from {self.first}>"

    def p_positions(self) -> list[tuple[int, int]]:
        """The cells of value 0, ``(row, col)`` from :attr:`first`."""
        return [(int(r) + self.first, int(c) + self.first)
                for r, c in zip(*np.nonzero(self.values == 0))]

    def _repr_html_(self) -> str:
        rows, cols = self.values.shape
        if rows * cols > MAX_SHOWN * 10:
            raise GrundyError(f"a table of {rows}x{cols} is too large to show (at most "
                              f"{MAX_SHOWN * 10} cells)")
        top = int(self.values.max()) if self.values.size else 0
        cell = ("width:1.9em;height:1.9em;text-align:center;font-size:11px;padding:0;"
                "border:1px solid #fff")
        head = "".join(f'<th style="font-size:11px">{self.first + c}</th>' for c in range(cols))
        body = [f"<tr><th></th>{head}</tr>"]
        for r in range(rows):
            tds = []
            for c in range(cols):
                v = int(self.values[r, c])
                if v < 0:  # not computed (a board past the table's size)
                    tds.append(f'<td style="{cell};background:#eee">-</td>')
                    continue
                ink = "#222" if top and v / top > 0.5 else "#fff"
                mark = ";outline:2px solid #fff;outline-offset:-4px;font-weight:bold" \
                    if v == 0 else ""
                tds.append(f'<td class="{"p" if v == 0 else "n"}" title="{self.first + r},'
                           f'{self.first + c}: {v}" style="{cell};background:{colour(v, top)};'
                           f'color:{ink}{mark}">{v}</td>')
            body.append(f'<tr><th style="font-size:11px">{self.first + r}</th>{"".join(tds)}'
                        "</tr>")
        return (f'<div class="grundy-table"><p>{html.escape(self.name)}: Grundy values, rows '
                f"and columns from {self.first}; P-positions (value 0) ringed: "
                f"{len(self.p_positions())}</p>"
                f'<table class="grundy-heatmap" style="border-collapse:collapse">'
                f'{"".join(body)}</table></div>')


def show_sequence(game: Any, n: int) -> SequenceView:
    """The values of heaps 0..n-1 (:func:`grundy.sequence`) as a notebook shows them;
    ``game`` a heap game or its name."""
    found, name = _game(game)
    return SequenceView(name, sequence(found, n))


def show_table(game: Any, rows: int, cols: int) -> TableView:
    """The ``rows x cols`` value table as a notebook shows it: a two-dimensional game's
    (Wythoff's game from 0,0), or a board game's empty boards (Cram from 1x1); ``game`` a
    game or its name.  At most 4000 cells."""
    found, name = _game(game)
    if rows < 1 or cols < 1 or rows * cols > MAX_SHOWN * 10:
        raise GrundyError(f"a table to show has 1 to {MAX_SHOWN * 10} cells, got "
                          f"{rows}x{cols}")
    values, first = value_table(found, rows, cols, name=name)
    return TableView(name, np.asarray(values), first)
