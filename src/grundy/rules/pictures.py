"""Pictures of positions, as SVG text: what a notebook shows for a board, a bar, a graph,
a drawing or a queen.

A :class:`Picture` is a small frozen value holding its SVG text; Jupyter shows any object
with a ``_repr_svg_`` method as a picture, so a :class:`~grundy.rules.cells.Board`, a
:class:`~grundy.rules.graphs.Graph` and a :class:`~grundy.rules.hackenbush.Drawing` draw
themselves, and a game draws its positions through its ``picture(part)`` hook
(:meth:`grundy.Game.picture`; Chomp's and Wythoff's positions are plain tuples).  The
pictures here take plain data (cells, coordinates); the positions lay themselves out as
the playground draws them (``Graph.layout``: a path on a line, a cycle or another graph
on a circle; ``Drawing.layout``: a drawing grown from its ground line).  Everything
written into the SVG goes through :func:`element`, which escapes text and attribute
values: no text reaches it raw.

Only the standard library, and no rule module: a picture costs a string join.
``grundy.picture`` (:func:`grundy.play.notebook.picture`) asks a game for the picture of
a position.

>>> p = cells_picture(2, 2, [(0, 0), (0, 1), (1, 0)])
>>> p.svg.count("<rect"), p.width, p.height
(4, 70, 70)
>>> element("text", {"x": 1}, "a < b & 'c'")
'<text x="1">a &lt; b &amp; &#x27;c&#x27;</text>'
"""

from __future__ import annotations

import html
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

__all__ = ["MAX_PICTURE_ITEMS", "Picture", "bar_picture", "cells_picture", "element",
           "ground_picture", "net_picture", "queen_picture", "svg_document"]

#: the most things (cells, squares, vertices and edges) a picture draws: past it a game
#: draws no picture (``picture`` says None) and a notebook shows the text instead
MAX_PICTURE_ITEMS = 4096

#: the side of a cell or square, in pixels
CELL = 28
#: the margin around a picture
PAD = 8


@dataclass(frozen=True, repr=False)
class Picture:
    """A picture: its SVG text, its size in pixels and what it shows (its title).

    >>> p = Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', 10, 20, "a test")
    >>> p, p._repr_svg_() == p.svg
    (<Picture 10x20: a test>, True)
    """

    svg: str
    width: int
    height: int
    title: str = ""

    def _repr_svg_(self) -> str:
        """The SVG text, which Jupyter shows as the picture."""
        return self.svg

    def __repr__(self) -> str:
        return f"<Picture {self.width}x{self.height}: {self.title}>"


def _number(x: float) -> str:
    """A coordinate as short text: ``3``, ``2.5``, ``1.33``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def element(tag: str, attrs: dict[str, object] | None = None, text: str | None = None,
            children: Iterable[str] = ()) -> str:
    """One SVG (or HTML) element: attribute values and text escaped, ``children`` (elements
    made here) inside; numbers written short.  ``tag`` and the attribute names are the
    code's own, never a user's text."""
    parts = [tag]
    for name, val in (attrs or {}).items():
        if val is None:
            continue
        shown = _number(val) if isinstance(val, float) else str(val)
        parts.append(f'{name}="{html.escape(shown, quote=True)}"')
    inner = (html.escape(text, quote=True) if text is not None else "") + "".join(children)
    head = " ".join(parts)
    if not inner:
        return f"<{head}/>"
    return f"<{head}>{inner}</{tag}>"


def svg_document(width: float, height: float, body: Sequence[str], title: str) -> Picture:
    """A whole SVG picture of ``body`` (elements made by :func:`element`), titled."""
    w, h = math.ceil(width), math.ceil(height)
    svg = element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": w, "height": h,
                          "viewBox": f"0 0 {w} {h}", "role": "img",
                          "font-family": "sans-serif"},
                  children=[element("title", text=title), *body])
    return Picture(svg, w, h, title)


# -- cells and squares ----------------------------------------------------------------------


def cells_picture(rows: int, cols: int, free: Collection[tuple[int, int]],
                  title: str = "") -> Picture:
    """A board of ``rows x cols`` cells: the ``free`` cells ``(row, col)`` light, the others
    (blocked) dark, a square each.

    >>> p = cells_picture(2, 3, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)])
    >>> p.svg.count('class="free"'), p.svg.count('class="blocked"')
    (5, 1)
    """
    body = []
    open_cells = set(free)
    for r in range(rows):
        for c in range(cols):
            here = (r, c) in open_cells
            body.append(element("rect", {
                "x": PAD + c * CELL, "y": PAD + r * CELL, "width": CELL - 2, "height": CELL - 2,
                "rx": 3, "class": "free" if here else "blocked",
                "fill": "#ffffff" if here else "#20242c", "stroke": "#9aa1ad"},
                children=[element("title", text=f"cell {r},{c}: {'free' if here else 'blocked'}")]))
    return svg_document(2 * PAD + cols * CELL - 2, 2 * PAD + rows * CELL - 2, body,
                        title or f"a board of {rows}x{cols} cells")


def bar_picture(heights: Sequence[int], title: str | None = None) -> Picture:
    """A chocolate bar (Chomp): column ``i`` from the left, ``heights[i]`` squares from the
    bottom, a Young diagram; the poisoned square (bottom left) marked.

    >>> p = bar_picture((3, 1))
    >>> p.svg.count("<rect"), p.svg.count('class="poison"')
    (4, 1)
    """
    top = max(heights, default=0)
    body = []
    for i, h in enumerate(heights):
        for j in range(h):
            poison = i == j == 0
            x, y = PAD + i * CELL, PAD + (top - 1 - j) * CELL
            body.append(element("rect", {
                "x": x, "y": y, "width": CELL - 2, "height": CELL - 2, "rx": 3,
                "class": "poison" if poison else "square",
                "fill": "#2f7d3b" if poison else "#7a4a2a", "stroke": "#5a341c"},
                children=[element("title", text="the poisoned square" if poison
                                  else f"column {i}, row {j}")]))
            if poison:
                body.append(element("text", {"x": x + CELL / 2 - 1, "y": y + CELL / 2 + 4,
                                             "text-anchor": "middle", "font-size": 13,
                                             "fill": "#ffffff"}, "P"))
    shown = ",".join(map(str, heights))
    return svg_document(2 * PAD + len(heights) * CELL - 2, 2 * PAD + top * CELL - 2, body,
                        title or f"chocolate bar {shown}")


def queen_picture(row: int, col: int, title: str | None = None) -> Picture:
    """Wythoff's game: the queen at ``(row, col)`` on the board from the corner ``(0, 0)``
    (top left) to the queen (bottom right), a square a cell.

    >>> p = queen_picture(2, 3)
    >>> p.svg.count("<rect"), p.svg.count('class="queen"')
    (12, 1)
    """
    body = []
    for r in range(row + 1):
        for c in range(col + 1):
            here = (r, c) == (row, col)
            x, y = PAD + c * CELL, PAD + r * CELL
            body.append(element("rect", {
                "x": x, "y": y, "width": CELL - 2, "height": CELL - 2, "rx": 3,
                "class": "queen" if here else "square",
                "fill": "#20242c" if here else ("#f1f2f5" if (r + c) % 2 else "#e2e5ea"),
                "stroke": "#d5d8de"}))
            if here:
                body.append(element("text", {"x": x + CELL / 2 - 1, "y": y + CELL / 2 + 6,
                                             "text-anchor": "middle", "font-size": 18,
                                             "fill": "#ffe27a"}, "\u265b"))
    return svg_document(2 * PAD + (col + 1) * CELL - 2, 2 * PAD + (row + 1) * CELL - 2, body,
                        title or f"a queen at {row},{col}")


# -- graphs -----------------------------------------------------------------------------------


def net_picture(where: dict[str, tuple[float, float]], edges: Sequence[tuple[str, str]],
                labels: bool, title: str) -> Picture:
    """A graph: each vertex (a circle, labelled with its key when ``labels``) at its place
    ``where[key]`` (in units of one edge), each edge a line between the keys of its ends.

    >>> p = net_picture({"0": (0.0, 0.0), "1": (1.0, 0.0)}, [("0", "1")], True, "a path")
    >>> p.svg.count("<circle"), p.svg.count("<line"), p.width, p.height
    (2, 1, 80, 36)
    """
    unit = 44.0
    xs = [x for x, _ in where.values()] or [0.0]
    ys = [y for _, y in where.values()] or [0.0]
    x0, y0 = min(xs), min(ys)
    pad = 18.0

    def at(key: str) -> tuple[float, float]:
        x, y = where[key]
        return pad + (x - x0) * unit, pad + (y - y0) * unit
    body = []
    for a, b in edges:
        (ax, ay), (bx, by) = at(a), at(b)
        body.append(element("line", {"x1": ax, "y1": ay, "x2": bx, "y2": by, "class": "edge",
                                     "stroke": "#5b6270", "stroke-width": 2},
                            children=[element("title", text=f"edge {a}-{b}")]))
    for key in where:
        x, y = at(key)
        body.append(element("circle", {"cx": x, "cy": y, "r": 11, "class": "vertex",
                                       "fill": "#dfe8fb", "stroke": "#3b6fd8",
                                       "stroke-width": 2},
                            children=[element("title", text=f"vertex {key}")]))
        if labels:
            body.append(element("text", {"x": x, "y": y + 4, "text-anchor": "middle",
                                         "font-size": 11}, key))
    width = 2 * pad + (max(xs) - x0) * unit
    height = 2 * pad + (max(ys) - y0) * unit
    return svg_document(width, height, body, title)


def ground_picture(heights: dict[int, tuple[float, float]],
                   edges: Sequence[tuple[str, tuple[float, float], tuple[float, float], float, bool]],
                   width: float, title: str) -> Picture:
    """A Green Hackenbush drawing standing on its ground line: ``heights``, each vertex above
    the ground at ``(x, height)`` (in units of one edge); ``edges``, each as (its name, its
    ends, its bend, whether it is a loop): an edge a curve (copies of an edge bow apart, a
    loop is a petal), a vertex a dot.

    >>> p = ground_picture({1: (0.0, 1.0)}, [("0-1", (0.0, 0.0), (0.0, 1.0), 0.0, False),
    ...                                      ("1-1", (0.0, 1.0), (0.0, 1.0), 0.0, True)], 1.0, "t")
    >>> p.svg.count('class="edge"'), p.svg.count('class="vertex"'), p.svg.count('class="ground"')
    (2, 1, 1)
    """
    unit, pad = 48.0, 22.0
    top = max([y for _, y in heights.values()] + [1.0])
    full = 2 * pad + max(width - 1, 1.0) * unit
    ground = pad + top * unit

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return pad + p[0] * unit, ground - p[1] * unit
    body = [element("rect", {"x": 0, "y": ground, "width": math.ceil(full), "height": 16,
                             "class": "ground", "fill": "#8a6a48"})]
    for name, a, b, bend, loop in edges:
        (ax, ay), (bx, by) = at(a), at(b)
        if loop:
            r = unit * 0.28
            path = (f"M {_number(ax)} {_number(ay)} C {_number(ax - 1.6 * r)} "
                    f"{_number(ay - 2.4 * r)} {_number(ax + 1.6 * r)} {_number(ay - 2.4 * r)} "
                    f"{_number(ax)} {_number(ay)}")
        else:
            length = math.hypot(bx - ax, by - ay) or 1.0
            nx, ny = -(by - ay) / length, (bx - ax) / length
            cx = (ax + bx) / 2 + nx * bend * unit * 2
            cy = (ay + by) / 2 + ny * bend * unit * 2
            path = (f"M {_number(ax)} {_number(ay)} Q {_number(cx)} {_number(cy)} "
                    f"{_number(bx)} {_number(by)}")
        body.append(element("path", {"d": path, "class": "edge", "fill": "none",
                                     "stroke": "#2f7d3b", "stroke-width": 3},
                            children=[element("title", text=f"edge {name}")]))
    for v, p in heights.items():
        cx, cy = at(p)
        body.append(element("circle", {"cx": cx, "cy": cy, "r": 4, "class": "vertex",
                                       "fill": "#20242c"},
                            children=[element("title", text=f"vertex {v}")]))
    return svg_document(full, ground + 16, body, title)

