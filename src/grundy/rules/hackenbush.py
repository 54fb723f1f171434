"""Green Hackenbush: cut an edge of a drawing; whatever no longer reaches the ground falls.

A position is a :class:`Drawing`: edges between vertices, vertex 0 the ground, loops and
repeated edges allowed (a loop is a stalk of one edge).  Its value comes in linear time
from two principles (Winning Ways ch. 7; Berlekamp, Conway, Guy):

- **fusion**: the vertices of a cycle may be fused into one without changing the value,
  its edges becoming loops; so each 2-edge-connected block fuses to one vertex carrying
  as many loops as it has edges, and the drawing becomes a tree of bridges;
- **colon**: a branch (an edge with a subtree of value x above it) is worth x + 1, and
  branches at one vertex add by XOR, each loop being worth 1.

The search of the engine (options: cut one edge) gives the same values; the tests check
the two against each other and against a plain search on small drawings.

>>> g = GreenHackenbush()
>>> g.value(Drawing.parse("stalk:5")), g.value(Drawing.parse("0-1,1-2,1-3"))
(5, 1)
>>> g.value(Drawing.parse("0-1,1-2,2-0")), g.value(Drawing.parse("0-1,1-2,2-3,3-1"))
(1, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..errors import GrundyError
from .edges import read_edges

__all__ = ["Drawing", "GreenHackenbush", "MAX_EDGES", "MOVE_LIMIT", "principles_value"]

#: the most edges of a drawing (the principles take about a second at this size, reading the
#: drawing half a second more, measured on a busy 2-core machine; a search of
#: every cut is quadratic in the edges)
MAX_EDGES = 10**5
#: the most edges of a drawing whose winning cuts are listed (each cut valued by the
#: principles: 1000 edges took 3.2 s on a busy 2-core machine, 3000 took 42 s)
MOVE_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Drawing:
    """Edges ``(u, v)`` with ``u <= v``, sorted, every one reaching the ground (vertex 0)."""

    edges: tuple[tuple[int, int], ...]

    @classmethod
    def make(cls, edges: Any) -> Drawing:
        """The drawing of these edges once those cut off from the ground have fallen."""
        pairs = []
        for edge in edges:
            try:
                u, v = (int(x) for x in edge)
            except (TypeError, ValueError):
                raise GrundyError(f"an edge is a pair of vertex numbers, got {edge!r}") from None
            if u < 0 or v < 0:
                raise GrundyError(f"vertices are numbered from 0 (the ground), got {u}-{v}")
            pairs.append((min(u, v), max(u, v)))
        if len(pairs) > MAX_EDGES:
            raise GrundyError(f"a drawing of {len(pairs)} edges is past the limit "
                              f"({MAX_EDGES} edges)")
        return cls(tuple(sorted(_grounded(pairs))))

    @classmethod
    def parse(cls, text: str) -> Drawing:
        """Edges ``0-1,1-2`` (0 is the ground; over several lines, ``U V`` a line, as in an
        edge-list file), or ``stalk:N``, ``stalks:3,1,2`` (stalks on
        the ground), ``cycle:N`` (a cycle through the ground), ``star:K`` (K edges from
        one vertex on a stalk), ``broom:N,K``, ``tree:D,K`` (a tree on the ground, D levels
        of K branches each).

        >>> Drawing.parse("stalks:2,1").edges
        ((0, 1), (0, 3), (1, 2))
        >>> Drawing.parse(Drawing.make([]).text())  # "empty": no edge left
        Drawing(edges=())
        """
        word = text.strip().lower()
        if word == "empty":  # as text() writes a drawing with no edge left
            return cls(())
        name, _, arg = word.partition(":")
        if name in _SHAPES:
            numbers = arg.split(",")
            wanted = _ARGUMENTS.get(name, len(numbers))
            if (not arg or len(numbers) != wanted
                    or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in numbers)):
                raise GrundyError(f"cannot read the drawing {text.strip()!r}: write {name}:N"
                                  + (",K" if wanted == 2 else ""))
            sizes = [int(p) for p in numbers]
            size = _SIZES[name](*sizes)
            if size > MAX_EDGES:
                raise GrundyError(f"the drawing {text.strip()!r} has at least {size} edges, past "
                                  f"the limit ({MAX_EDGES} edges)")
            return cls.make(_SHAPES[name](*sizes))
        try:
            edges, _ = read_edges(text, lone=False)
        except GrundyError as exc:
            raise GrundyError(f"cannot read a drawing: {exc} (vertex 0 is the ground; or a "
                              "shape such as stalk:5)") from None
        return cls.make(edges)

    def text(self) -> str:
        """The drawing as :meth:`parse` reads it."""
        return ",".join(f"{u}-{v}" for u, v in self.edges) or "empty"


def _stalks(*heights: int) -> list[tuple[int, int]]:
    edges, top = [], 0
    for h in heights:
        below = 0
        for _ in range(h):
            top += 1
            edges.append((below, top))
            below = top
    return edges


def _tree(depth: int, children: int) -> list[tuple[int, int]]:
    """A tree rooted at the ground: every vertex above it ``depth`` levels deep has
    ``children`` branches."""
    edges, level, top = [], [0], 0
    for _ in range(depth):
        grown = []
        for v in level:
            for _ in range(children):
                top += 1
                edges.append((v, top))
                grown.append(top)
        level = grown
    return edges


_SHAPES: dict[str, Callable[..., list[tuple[int, int]]]] = {
    "stalk": lambda n: _stalks(n),
    "stalks": _stalks,
    "cycle": lambda n: [(i, (i + 1) % n) for i in range(n)] if n > 1 else [(0, 0)] * n,
    "star": lambda k: [(0, 1)] + [(1, 1 + i) for i in range(1, k + 1)],
    "broom": lambda n, k: _stalks(n) + [(n, n + i) for i in range(1, k + 1)],
    "tree": _tree,
}
def _tree_size(depth: int, children: int) -> int:
    """The edges of ``tree:depth,children``, counted only up to just past MAX_EDGES."""
    total, level = 0, 1
    for _ in range(depth if children > 1 else 0):
        level *= children
        total += level
        if total > MAX_EDGES:
            break
    return total if children > 1 else depth * children


#: how many edges each shape has, known before it is drawn (no shape past MAX_EDGES is drawn)
_SIZES: dict[str, Callable[..., int]] = {
    "stalk": lambda n: n, "stalks": lambda *hs: sum(hs), "cycle": lambda n: n,
    "star": lambda k: k + 1, "broom": lambda n, k: n + k,
    "tree": lambda d, k: _tree_size(d, k),
}
#: what each shape takes
_ARGUMENTS = {"stalk": 1, "cycle": 1, "star": 1, "broom": 2, "tree": 2}


def _grounded(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The edges still connected to the ground."""
    near: dict[int, list[int]] = {}
    for u, v in pairs:
        near.setdefault(u, []).append(v)
        near.setdefault(v, []).append(u)
    reached, todo = {0}, [0]
    while todo:
        for u in near.get(todo.pop(), ()):
            if u not in reached:
                reached.add(u)
                todo.append(u)
    return [(u, v) for u, v in pairs if u in reached]


def principles_value(drawing: Drawing) -> int:
    """The value by the fusion and colon principles, in time linear in the edges."""
    edges = drawing.edges
    near: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v) in enumerate(edges):
        near.setdefault(u, []).append((v, i))
        if u != v:
            near.setdefault(v, []).append((u, i))
    if not edges:
        return 0
    # bridges, by an iterative depth-first search over edge ids (repeated edges are not bridges)
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    bridges: set[int] = set()
    order[0] = low[0] = 0
    stack: list[tuple[int, int, int]] = [(0, -1, 0)]  # vertex, edge id it came by, next index
    while stack:
        v, came, k = stack[-1]
        links = near.get(v, [])
        if k < len(links):
            stack[-1] = (v, came, k + 1)
            u, i = links[k]
            if i == came:
                continue
            if u in order:
                low[v] = min(low[v], order[u])
            else:
                order[u] = low[u] = len(order)
                stack.append((u, i, 0))
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[v])
                if low[v] > order[parent]:
                    bridges.add(came)
    # blocks: the vertices joined by non-bridge edges; each block's loops are its edges
    block: dict[int, int] = {}
    for start in order:
        if start in block:
            continue
        block[start] = start
        todo = [start]
        while todo:
            v = todo.pop()
            for u, i in near.get(v, []):
                if i not in bridges and u not in block:
                    block[u] = start
                    todo.append(u)
    loops: dict[int, int] = {}
    tree: dict[int, list[int]] = {}
    for i, (u, v) in enumerate(edges):
        if i in bridges:
            tree.setdefault(block[u], []).append(block[v])
            tree.setdefault(block[v], []).append(block[u])
        else:
            loops[block[u]] = loops.get(block[u], 0) + 1
    # colon principle from the leaves up (an iterative post-order over the bridge tree)
    root = block[0]
    parent_of = {root: root}
    walk = [root]
    for b in walk:
        for c in tree.get(b, []):
            if c not in parent_of:
                parent_of[c] = b
                walk.append(c)
    worth = {b: loops.get(b, 0) & 1 for b in walk}
    for b in reversed(walk[1:]):
        worth[parent_of[b]] ^= worth[b] + 1
    return worth[root]


class GreenHackenbush(Game):
    """Green Hackenbush on any drawing (vertex 0 the ground)."""

    board = "hackenbush"
    #: a position to try (``grundy analyze green-hackenbush 0-1,1-2,1-3``)
    example = ("0-1,1-2,1-3",)

    def options(self, position: Drawing) -> list[Drawing]:
        edges = position.edges
        return [Drawing(tuple(sorted(_grounded(list(edges[:i] + edges[i + 1:])))))
                for i in range(len(edges))]

    def fast_value(self, position: Any) -> int | None:
        """The value by the principles (any size)."""
        return principles_value(position) if isinstance(position, Drawing) else None

    def parse_position(self, text: str) -> Drawing:
        """Edges ``0-1,1-2`` (0 is the ground) or a shape (``stalk:5``)."""
        return Drawing.parse(text)

    def format_position(self, position: Any) -> str:
        if isinstance(position, Drawing):
            return position.text()
        return super().format_position(position)

    def describe_move(self, part: Any, option: Any) -> str | None:
        """The edge a cut takes (``cut edge 1-2``), since the drawing left does not show it
        when what fell with it is gone too; None for anything but a cut of a drawing.

        >>> g = GreenHackenbush()
        >>> d = Drawing.parse("0-1,1-2,1-3")
        >>> [g.describe_move(d, o) for o in g.options(d)]
        ['cut edge 0-1', 'cut edge 1-2', 'cut edge 1-3']
        """
        if not isinstance(part, Drawing) or not isinstance(option, Drawing):
            return None
        gone = Counter(part.edges) - Counter(option.edges)
        # what fell is cut off from the ground: only the cut edge touches what stands
        standing = {0} | {v for edge in option.edges for v in edge}
        cut = [edge for edge in gone if edge[0] in standing or edge[1] in standing]
        return f"cut edge {cut[0][0]}-{cut[0][1]}" if len(cut) == 1 else None

    def check_listable(self, part: Any) -> None:
        """Raise unless the cuts of ``part`` can be listed and valued in seconds."""
        if isinstance(part, Drawing) and len(part.edges) > MOVE_LIMIT:
            raise GrundyError(f"a drawing of {len(part.edges)} edges is too large to list its "
                              f"winning cuts (at most {MOVE_LIMIT}); grundy.value gives its "
                              "value at any size")

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The cuts to value ``target``, each option valued by the principles."""
        return [o for o in self.options(part) if principles_value(o) == target]

    @property
    def notation(self) -> str:
        return "green-hackenbush"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
