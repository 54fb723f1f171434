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
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Game
from ..errors import GrundyError, shorten
from .boards import BoardGame, LabelledMove
from .edges import read_edges
from .pictures import MAX_PICTURE_ITEMS, Picture, ground_picture

__all__ = ["CYCLE_WORK", "Drawing", "DrawingLayout", "GreenHackenbush", "LIST_WORK", "MAX_EDGES", "MOVE_LIMIT",
           "principles_value", "winning_cuts"]

#: the most edges of a drawing (the principles take about a second at this size, reading the
#: drawing half a second more, measured on a busy 2-core machine; a search of
#: every cut is quadratic in the edges)
MAX_EDGES = 10**5
#: the most edges of a drawing whose cuts are all listed and valued one by one (``grundy
#: play``, misère play: 1000 edges took 3.2 s on a busy 2-core machine, 3000 took 42 s);
#: the winning cuts alone are found at any size (:func:`winning_cuts`)
MOVE_LIMIT = 1000
#: the most work of finding the winning cuts on cycles: the sum over the blocks of the
#: square of their edges (each edge of a block is cut and the block fused again: 1000
#: edges on one cycle took 3.2 s on a quiet 2-core machine)
CYCLE_WORK = 10**6
#: the most edges in the drawings the winning cuts leave, all told (each is a new drawing:
#: 30 cuts of a 100,000-edge drawing, or every cut of a 1700-edge one; 29 stalks of 3440
#: edges, each cut at the ground, took 1.6 s, and 1.9 s and 340 MB for their 68 MB of JSON)
LIST_WORK = 3 * 10**6


@dataclass(frozen=True, slots=True)
class Drawing:
    """Edges ``(u, v)`` with ``u <= v``, sorted, every one reaching the ground (vertex 0);
    a drawing left by a cut knows the edge cut (``move``, not part of its identity)."""

    edges: tuple[tuple[int, int], ...]
    move: tuple[int, int] | None = field(default=None, compare=False, repr=False)
    _text: list[str] = field(default_factory=list, compare=False, repr=False)

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
        """The drawing as :meth:`parse` reads it (written once: a large drawing's text is
        asked for by each of its moves)."""
        if not self._text:
            self._text.append(",".join([f"{u}-{v}" for u, v in self.edges]) or "empty")
        return self._text[0]

    # -- pictures ----------------------------------------------------------------------
    def layout(self) -> DrawingLayout:
        """Where the drawing is drawn: a tree grown from the ground (vertex 0, the line
        y = 0), each vertex at its depth, the leaves of its search tree side by side, loops
        and cycles as they come (the playground and :meth:`picture` draw it so).

        >>> lay = Drawing.parse("0-1,1-2,1-3").layout()
        >>> lay.vertices, lay.width
        ({1: (0.5, 1.0), 2: (0.0, 2.0), 3: (1.0, 2.0)}, 2.0)
        """
        return _layout(self.edges)

    def picture(self) -> Picture | None:
        """The drawing standing on its ground line (None past
        :data:`~grundy.rules.pictures.MAX_PICTURE_ITEMS` edges).

        >>> p = Drawing.parse("0-1,1-2,1-1,0-1").picture()
        >>> p.svg.count('class="edge"'), p.svg.count('class="vertex"')
        (4, 2)
        """
        if len(self.edges) > MAX_PICTURE_ITEMS:
            return None
        lay = self.layout()
        edges = [(f"{u}-{v}", a, b, bend, u == v)
                 for (u, v), (a, b, bend) in zip(self.edges, lay.edges)]
        return ground_picture(lay.vertices, edges, lay.width,
                              f"drawing {shorten(self.text(), 200)}")

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (:meth:`picture`; None: the text instead)."""
        found = self.picture()
        return found.svg if found is not None else None


@dataclass(frozen=True)
class DrawingLayout:
    """Where a drawing is drawn (:meth:`Drawing.layout`): each vertex above the ground at
    ``(x, height)``, in units of one edge; each edge, in the drawing's order, its two ends
    and its bend (copies of one edge bow apart; a loop's two ends are one point); and the
    width taken."""

    vertices: dict[int, tuple[float, float]]
    edges: tuple[tuple[tuple[float, float], tuple[float, float], float], ...]
    width: float


def _layout(drawn: tuple[tuple[int, int], ...]) -> DrawingLayout:
    near: dict[int, list[int]] = {}
    for u, v in drawn:
        if u != v:
            near.setdefault(u, []).append(v)
            near.setdefault(v, []).append(u)
    children: dict[int, list[int]] = {}
    depth, order = {0: 0}, [0]
    for v in order:
        for u in sorted(set(near.get(v, []))):
            if u not in depth:
                depth[u] = depth[v] + 1
                children.setdefault(v, []).append(u)
                order.append(u)
    x: dict[int, float] = {}
    slot = 0.0
    # the leaves side by side in depth-first order, each vertex above them centred over its
    # first and last child (iteratively: a stalk may be thousands of edges tall)
    todo: list[tuple[int, bool]] = [(top, False) for top in reversed(children.get(0, []))]
    while todo:
        v, done = todo.pop()
        kids = children.get(v, [])
        if done:
            x[v] = (x[kids[0]] + x[kids[-1]]) / 2
        elif kids:
            todo.append((v, True))
            todo.extend((k, False) for k in reversed(kids))
        else:
            x[v] = slot
            slot += 1.0
    copies = Counter(drawn)
    seen: dict[tuple[int, int], int] = {}
    edges = []
    for u, v in drawn:
        k, m = seen.get((u, v), 0), copies[(u, v)]
        seen[(u, v)] = k + 1
        if u == 0 == v:  # a loop on the ground: a place of its own
            a = b = (slot, 0.0)
            slot += 1.0
        else:
            a = (x[v], 0.0) if u == 0 else (x[u], float(depth[u]))
            b = (x[v], float(depth[v]))
        edges.append((a, b, round((k - (m - 1) / 2) * 0.5, 3)))
    return DrawingLayout({v: (x[v], float(depth[v])) for v in order[1:]}, tuple(edges),
                         max(slot, 1.0))


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


@dataclass
class _Fused:
    """A drawing fused (the fusion principle): its blocks (2-edge-connected pieces, each a
    vertex with loops) joined by bridges into a tree rooted at the root's block, and each
    block's worth, the value of what stands on it (the colon principle)."""

    block: dict[int, int]  # vertex -> its block (a vertex of the block names it)
    bridges: set[int]  # edge ids
    walk: list[int]  # blocks, each after its parent
    parent_of: dict[int, int]  # block -> the block below it (the root's: itself)
    parent_edge: dict[int, int]  # block -> the id of the bridge below it
    worth: dict[int, int]


def _fuse(edges: Sequence[tuple[int, int]], root: int = 0,
          weight: dict[int, int] | None = None) -> _Fused:
    """Fuse the drawing of ``edges`` (all reaching ``root``), in time linear in the edges;
    ``weight`` adds a value at some vertices (branches standing there), XORed into the worth
    of the block that holds them."""
    near: dict[int, list[tuple[int, int]]] = {root: []}
    for i, (u, v) in enumerate(edges):
        near.setdefault(u, []).append((v, i))
        if u != v:
            near.setdefault(v, []).append((u, i))
    # bridges, by an iterative depth-first search over edge ids (repeated edges are not bridges)
    order: dict[int, int] = {root: 0}
    low: dict[int, int] = {root: 0}
    bridges: set[int] = set()
    stack: list[tuple[int, int, int]] = [(root, -1, 0)]  # vertex, edge id it came by, next index
    while stack:
        v, came, k = stack[-1]
        links = near[v]
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
            for u, i in near[v]:
                if i not in bridges and u not in block:
                    block[u] = start
                    todo.append(u)
    worth = {b: 0 for b in set(block.values())}
    for v, w in (weight or {}).items():
        worth[block[v]] ^= w
    tree: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v) in enumerate(edges):
        if i in bridges:
            tree.setdefault(block[u], []).append((block[v], i))
            tree.setdefault(block[v], []).append((block[u], i))
        else:
            worth[block[u]] ^= 1  # a loop is worth 1
    # colon principle from the leaves up (an iterative post-order over the bridge tree)
    top = block[root]
    parent_of, parent_edge = {top: top}, {top: -1}
    walk = [top]
    for b in walk:
        for c, i in tree.get(b, []):
            if c not in parent_of:
                parent_of[c], parent_edge[c] = b, i
                walk.append(c)
    for b in reversed(walk[1:]):
        worth[parent_of[b]] ^= worth[b] + 1
    return _Fused(block, bridges, walk, parent_of, parent_edge, worth)


def principles_value(drawing: Drawing) -> int:
    """The value by the fusion and colon principles, in time linear in the edges."""
    if not drawing.edges:
        return 0
    fused = _fuse(drawing.edges)
    return fused.worth[fused.block[0]]


def winning_cuts(drawing: Drawing, target: int) -> list[int]:
    """The edges (ids into ``drawing.edges``) whose cut leaves a drawing of value ``target``.

    Top-down from the ground, each block is given the worth it must take for the whole to
    be worth ``target``: a bridge whose branch must be worth 0 is a cut that does it, and
    above it nothing can; a loop flips its block's worth; an edge on a cycle is cut and its
    block fused again (the only step not linear: its block's edges, squared, are at most
    :data:`CYCLE_WORK`).  Checked against the worth of every cut in the tests.

    >>> d = Drawing.parse("0-1,1-2,0-3")  # stalks of 2 and 1: worth 2 XOR 1 = 3
    >>> principles_value(d), winning_cuts(d, 0), d.edges[2]  # the top of the tall one
    (3, [2], (1, 2))
    """
    fused, found, every = _winning(drawing, target)
    if not every:
        raise GrundyError(f"the cycles of this drawing are too large to find its winning cuts "
                          f"in seconds (more than {CYCLE_WORK} steps); grundy.value gives "
                          "its value")
    return found


def _winning(drawing: Drawing, target: int) -> tuple[_Fused | None, list[int], bool]:
    """:func:`winning_cuts`, with the drawing fused (None: no edge), and whether they are
    all found: past :data:`CYCLE_WORK` the edges on cycles are tried only while it lasts
    (the bridges and loops always are)."""
    edges = drawing.edges
    if not edges:
        return None, [], True
    fused = _fuse(edges)
    block, worth = fused.block, fused.worth
    inner: dict[int, list[int]] = {}  # block -> its edges on cycles (not loops)
    for i, (u, v) in enumerate(edges):
        if i not in fused.bridges and u != v:
            inner.setdefault(block[u], []).append(i)
    need: dict[int, int | None] = {fused.walk[0]: target}
    found: list[int] = []
    for c in fused.walk[1:]:
        p, i = fused.parent_of[c], fused.parent_edge[c]
        wanted = need[p]
        if wanted is None:
            need[c] = None
            continue
        branch = wanted ^ worth[p] ^ (worth[c] + 1)  # what the branch on bridge i must be worth
        if branch == 0:
            found.append(i)
        need[c] = branch - 1 if branch else None
    for i, (u, v) in enumerate(edges):
        b = block[u]
        if u == v and need[b] == worth[b] ^ 1:  # a loop, never a bridge
            found.append(i)
    every = True
    if inner:
        more, every = _cuts_on_cycles(edges, fused, inner, need)
        found.extend(more)
    return fused, sorted(found), every


def _cut(drawing: Drawing, fused: _Fused, cuts: list[int]) -> list[Drawing]:
    """The drawings ``cuts`` leave: a cut on a cycle drops its edge alone, a bridge the
    edges of the blocks above it too (found by a pre-order of the bridge tree, each
    edge kept with the higher of its blocks), the rest copied in slices."""
    edges, block = drawing.edges, fused.block
    above: dict[int, int] = {}  # a bridge's id -> the block above it
    children: dict[int, list[int]] = {}
    for c in fused.walk[1:]:
        above[fused.parent_edge[c]] = c
        children.setdefault(fused.parent_of[c], []).append(c)
    order: list[int] = []
    end: dict[int, int] = {}
    todo = [(fused.walk[0], False)]
    while todo:
        b, done = todo.pop()
        if done:
            end[b] = len(order)
            continue
        order.append(b)
        todo.append((b, True))
        todo.extend((c, False) for c in children.get(b, []))
    where = {b: k for k, b in enumerate(order)}
    held: dict[int, list[int]] = {}  # block -> the edges kept with it
    for i, (u, _) in enumerate(edges):
        held.setdefault(above.get(i, block[u]), []).append(i)
    left = []
    for i in cuts:
        top = above.get(i)
        gone = [i] if top is None else sorted(j for b in order[where[top]:end[top]]
                                              for j in held.get(b, ()))
        kept: list[tuple[int, int]] = []
        last = 0
        for j in gone:
            kept.extend(edges[last:j])
            last = j + 1
        kept.extend(edges[last:])
        left.append(Drawing(tuple(kept), edges[i]))
    return left


def _cuts_on_cycles(edges: Sequence[tuple[int, int]], fused: _Fused, inner: dict[int, list[int]],
                    need: dict[int, int | None]) -> tuple[list[int], bool]:
    """The edges on cycles whose cut gives their block the worth it needs: the block's own
    edges fused again without the one cut, what stands on each vertex a weight there; and
    whether every one was tried (each try costs its block's edges, :data:`CYCLE_WORK` in
    all)."""
    block = fused.block
    own: dict[int, list[int]] = {}  # block -> its edges, loops too
    for i, (u, _) in enumerate(edges):
        if i not in fused.bridges:
            own.setdefault(block[u], []).append(i)
    weight: dict[int, dict[int, int]] = {}  # block -> vertex -> the branches standing there
    for c in fused.walk[1:]:
        b = fused.parent_of[c]
        if b in inner:
            u, v = edges[fused.parent_edge[c]]
            at = weight.setdefault(b, {})
            x = u if block[u] == b else v
            at[x] = at.get(x, 0) ^ (fused.worth[c] + 1)
    found: list[int] = []
    work = 0
    for b, ids in inner.items():
        if need[b] is None:
            continue
        i = fused.parent_edge[b]
        root = 0 if i < 0 else next(x for x in edges[i] if block[x] == b)
        for cut in ids:
            work += len(own[b])
            if work > CYCLE_WORK:
                return found, False
            rest = _fuse([edges[j] for j in own[b] if j != cut], root, weight.get(b))
            if rest.worth[rest.block[root]] == need[b]:
                found.append(cut)
    return found, True


class GreenHackenbush(BoardGame):
    """Green Hackenbush on any drawing (vertex 0 the ground)."""

    board = "hackenbush"
    #: a position to try (``grundy analyze green-hackenbush 0-1,1-2,1-3``)
    example = ("0-1,1-2,1-3",)
    theorem = ("the fusion and colon principles of Green Hackenbush (Winning Ways ch. 7): "
               "a cycle fuses to loops, a branch of value x is worth x + 1, and branches at "
               "one vertex add by XOR")

    def options(self, position: Drawing) -> list[Drawing]:
        edges = position.edges
        return [Drawing(tuple(sorted(_grounded(list(edges[:i] + edges[i + 1:])))), edges[i])
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

    def picture(self, part: Any) -> Picture | None:
        """A drawing standing on its ground line (:meth:`Drawing.picture`)."""
        return part.picture() if isinstance(part, Drawing) else None

    def is_empty(self, part: Any) -> bool:
        """A drawing with no edge is nothing: a sum drops it."""
        return bool(part == Drawing.parse("empty"))

    def labelled_moves(self, part: Drawing) -> list[LabelledMove]:
        """Each cut named by its edge (``1-2``), one a pair of ends (the copies of an edge
        are cut alike).

        >>> [(m.key, m.option.text()) for m in GreenHackenbush().labelled_moves(Drawing.parse("0-1,1-2,1-2"))]
        [('0-1', 'empty'), ('1-2', '0-1,1-2')]
        """
        found: dict[str, LabelledMove] = {}
        for (u, v), option in zip(part.edges, self.options(part)):
            key = f"{u}-{v}"
            if key not in found:
                found[key] = LabelledMove(key, option, f"cut edge {key}")
        return list(found.values())

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
        if option.move is not None:
            return f"cut edge {option.move[0]}-{option.move[1]}"
        gone = Counter(part.edges) - Counter(option.edges)
        # what fell is cut off from the ground: only the cut edge touches what stands
        standing = {0} | {v for edge in option.edges for v in edge}
        cut = [edge for edge in gone if edge[0] in standing or edge[1] in standing]
        return f"cut edge {cut[0][0]}-{cut[0][1]}" if len(cut) == 1 else None

    def check_listable(self, part: Any) -> None:
        """Raise unless every cut of ``part`` can be listed and valued in seconds (a game
        played move by move, misère play)."""
        if isinstance(part, Drawing) and len(part.edges) > MOVE_LIMIT:
            raise GrundyError(f"a drawing of {len(part.edges)} edges is too large to list every "
                              f"cut (at most {MOVE_LIMIT}); in normal play 'grundy analyze' "
                              "finds its winning cuts at any size")

    def check_winning_moves(self, part: Any) -> None:
        """Nothing to refuse up front: the winning cuts are found at any size (a drawing
        holds at most :data:`MAX_EDGES`); :meth:`options_of_value` gives some of them where
        there are too many to list or its cycles are too large."""

    def options_of_value(self, part: Any, target: int) -> list[Any]:
        """The cuts to value ``target`` (:func:`winning_cuts`), in ``options()`` order; where
        the drawings they leave would pass :data:`LIST_WORK` edges in all, the first of them,
        and where the cycles are too large, those found within :data:`CYCLE_WORK`
        (:meth:`every_zero_option` then says False)."""
        fused, cuts, every = _winning(part, target)
        if fused is None:
            return []
        edges = len(part.edges)
        if len(cuts) * edges > LIST_WORK:
            cuts, every = cuts[:max(1, LIST_WORK // edges)], False
        self.memo("listed")["last"] = (part, target, every)
        return _cut(part, fused, cuts)

    def every_zero_option(self, part: Any, target: int = 0) -> bool:
        """Whether :meth:`options_of_value` of ``target`` lists every cut to that value (the
        answer of the last call, kept; else found again)."""
        last = self.memo("listed").get("last")
        if last is not None and last[0] is part and last[1] == target:
            return bool(last[2])
        fused, cuts, every = _winning(part, target)
        return every and (fused is None or len(cuts) * len(part.edges) <= LIST_WORK)

    @property
    def notation(self) -> str:
        return "green-hackenbush"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
