"""Games on a finite directed graph: a token moves along an edge (:class:`GameGraph`).

Every impartial game *is* such a graph: its positions are the vertices, its moves the
edges, and a position's value is the mex of its successors' values.  A
:class:`GameGraph` is that graph written out: read from an edge list (``0>1,1>2,0>2``;
over several lines, an edge a line, ``U V`` or ``U>V``), from a networkx ``DiGraph``
(:meth:`GameGraph.of`), or unrolled from any :class:`grundy.Game` and a start position by
:func:`linearize` (CGSuite's linearization: every reachable position numbered, the
positions kept as the vertices' labels).  A position is a vertex, a sum of positions
is tokens on several vertices.

On an acyclic graph the values come in one pass over the vertices in reverse
topological order (:func:`dag_values`: linear in the size of the graph).  A graph with a
cycle is a loopy game: play may go on for ever, and Smith's generalized values
(:func:`smith_labels`, the labelling of Fraenkel and Yesha) say which positions are
draws; :mod:`grundy.play.loopy` gives them as ``Infinity(...)`` values.

>>> g = GameGraph.parse("0>1,1>2,0>2")
>>> g.values().tolist(), g.value(0), g.options(0)
([2, 1, 0], 2, [1, 2])
>>> GameGraph.parse("0>1,1>0,1>2").cycle()
[0, 1, 0]
>>> GameGraph.parse("0>1,1>0,1>2").labels()  # Smith's labels: finite despite the cycle
[0, 1, 0]
>>> GameGraph.parse("0>1,1>0,2>0,2>3").labels()  # -1: infinite (0 and 1 draw, 2 wins)
[-1, -1, -1, 0]

The catalog game ``digraph`` (:class:`Digraph`) reads the graph and the tokens from the
command line: ``grundy analyze digraph '0>1,1>2,0>2' 0 2``, each token a part of the
sum.  Geography, where the token may not come back, is :mod:`grundy.rules.geography`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import Game, LoopyGameError, Sum
from ..errors import GrundyError, is_integer, shorten
from ..native.compiled import extension

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_EDGES", "MAX_LOOPY", "MAX_VERTICES", "CycleError", "Digraph", "GameGraph",
           "OnGraph", "Token", "TokenMoves", "dag_values", "find_cycle", "linearize", "read_arcs",
           "read_graph", "smith_labels", "token_moves", "token_sums"]

#: the most vertices, and edges, of a graph (10^6 of each: built and valued in about 1 s
#: compiled, measured under load)
MAX_VERTICES = 10**6
MAX_EDGES = 10**6
#: the most vertices, and edges, of a graph with a cycle (Smith's labelling, in Python:
#: 5 * 10^4 random vertices and edges took 0.75 s, 2 * 10^5 took 3.9 s, under load)
MAX_LOOPY = 10**5
#: the most digits of a vertex number in an edge list
_DIGITS = 7


# -- the algorithms, on arrays ---------------------------------------------------------


def _csr(n: int, tails: np.ndarray, heads: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                 np.ndarray]:
    """``(start, succ, edge)``: the successors of ``v`` are ``succ[start[v]:start[v+1]]``,
    in the order the edges were given; ``edge[i]`` is the index of the edge at ``i``."""
    import numpy as np
    edge = np.argsort(tails, kind="stable")
    start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(tails, minlength=n), out=start[1:])
    return start, heads[edge].astype(np.int64, copy=False), edge


def _sinks_first(n: int, start: np.ndarray, succ: np.ndarray) -> tuple[list[int], list[int]]:
    """The vertices in reverse topological order (each after all its successors) as far as
    it goes (Kahn's algorithm from the sinks: a vertex on or above a cycle never comes),
    and the successors each vertex still has left."""
    import numpy as np
    tails = np.repeat(np.arange(n, dtype=np.int64), np.diff(start))
    order = np.argsort(succ, kind="stable")
    pstart = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(succ, minlength=n), out=pstart[1:])
    preds, ps = tails[order].tolist(), pstart.tolist()
    left = np.diff(start).tolist()
    done = np.flatnonzero(np.diff(start) == 0).tolist()
    append = done.append
    for v in done:  # the list grows as vertices come free
        for p in preds[ps[v]:ps[v + 1]]:
            left[p] -= 1
            if not left[p]:
                append(p)
    return done, left


def dag_values(n: int, start: np.ndarray, succ: np.ndarray) -> np.ndarray | list[int]:
    """The Grundy values of the vertices of an acyclic graph given as successor arrays
    (``succ[start[v]:start[v+1]]``), as an int64 array: the mex of each vertex's
    successors, in reverse topological order; linear in the size of the graph (the loop
    is compiled in :mod:`grundy.native._engine` when it is built, else Python's).  On a
    graph with a cycle, the vertices of a cycle as a list (the first again at the end).

    >>> import numpy as np
    >>> start, succ = np.array([0, 2, 3, 3]), np.array([1, 2, 2])
    >>> dag_values(3, start, succ).tolist()
    [2, 1, 0]
    >>> dag_values(2, np.array([0, 1, 2]), np.array([1, 0]))
    [0, 1, 0]
    >>> dag_values(2, np.array([0, 1, 2]), np.array([1, 2]))
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: not the successor arrays of a graph of 2 vertices: start needs n + 1 offsets rising from 0 to len(succ), succ vertices 0..n-1
    """
    import numpy as np
    start = np.ascontiguousarray(start, dtype=np.int64)
    succ = np.ascontiguousarray(succ, dtype=np.int64)
    if (len(start) != n + 1 or start[0] != 0 or start[-1] != len(succ)
            or (np.diff(start) < 0).any() or (len(succ) and (succ.min() < 0 or succ.max() >= n))):
        raise GrundyError(f"not the successor arrays of a graph of {n} vertices: start needs "
                          "n + 1 offsets rising from 0 to len(succ), succ vertices 0..n-1")
    kernel = extension("_engine")
    if kernel is not None:
        values = np.zeros(n, dtype=np.int64)
        if kernel.dag_values(start, succ, values) == n:
            return values
    order, left = _sinks_first(n, start, succ)
    if len(order) < n:
        return find_cycle(start, succ, left)
    found = [0] * n
    st, sc = start.tolist(), succ.tolist()
    for v in order:
        a, b = st[v], st[v + 1]
        if a == b:
            continue
        seen = {found[w] for w in sc[a:b]}
        m = 0
        while m in seen:
            m += 1
        found[v] = m
    return np.array(found, dtype=np.int64)


def find_cycle(start: np.ndarray, succ: np.ndarray, left: list[int]) -> list[int]:
    """A cycle among the vertices with successors ``left`` (each such vertex has a
    successor with successors left too): walk until a vertex comes again."""
    st, sc = start.tolist(), succ.tolist()
    v = next(u for u, k in enumerate(left) if k)
    seen: dict[int, int] = {}
    path: list[int] = []
    while v not in seen:
        seen[v] = len(path)
        path.append(v)
        v = next(w for w in sc[st[v]:st[v + 1]] if left[w])
    return path[seen[v]:] + [v]


def smith_labels(followers: Sequence[Sequence[int]]) -> list[int]:
    """Smith's generalized Sprague-Grundy labels of a finite graph (``followers[u]``: the
    successors of ``u``): a natural number, or -1 for infinite (a position that need not
    end).  The labelling of Fraenkel and Yesha (1986): for m = 0, 1, 2, ... a vertex gets
    m when none of its successors has m and every successor not labelled below m can
    move to one labelled m; then every vertex left with no successor labelled m is
    infinite.

    >>> smith_labels([[1], [0], [0, 3], []])  # 0 <-> 1, 2 -> 0 or 3 (a win, but no nim heap), 3 ends
    [-1, -1, -1, 0]
    """
    n = len(followers)
    before: list[list[int]] = [[] for _ in range(n)]  # predecessors
    for u, here in enumerate(followers):
        for v in here:
            before[v].append(u)
    INF, NONE = -1, -2
    label = [NONE] * n
    unlabelled = set(range(n))
    m = 0
    while unlabelled:
        has_m = [False] * n  # has a successor labelled m
        work = list(unlabelled)
        while work:
            u = work.pop()
            # m when no successor has m and every one not finitely labelled can move to m
            if label[u] != NONE or not all(
                    label[v] != m and (has_m[v] or label[v] >= 0) for v in followers[u]):
                continue
            label[u] = m
            unlabelled.discard(u)
            for p in before[u]:
                if not has_m[p]:
                    has_m[p] = True  # so p's predecessors may now take m: look at them again
                    work.extend(q for q in before[p] if label[q] == NONE)
        for u in [u for u in unlabelled if not has_m[u]]:  # no successor of m: never finite
            label[u] = INF
            unlabelled.discard(u)
        m += 1
    return label


# -- reading edge lists ------------------------------------------------------------------


def _vertex(word: str, where: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise GrundyError(f"{where}: a vertex is a number 0, 1, 2, ..., got {shorten(word, 40)!r}")
    if len(word) > _DIGITS:
        raise GrundyError(f"{where}: vertex {shorten(word, 40)} is past the limit of a graph "
                          f"({MAX_VERTICES} vertices)")
    return int(word)


def read_arcs(text: str) -> tuple[list[tuple[int, int]], list[int]]:
    """The edges ``(u, v)`` of an edge list in the order written, and its lone vertices.

    On one line, edges ``U>V`` (and lone vertices ``U``) between commas or blanks; over
    several lines (a file), one edge a line, ``U V`` or ``U>V``, ``#`` starting a comment.

    >>> read_arcs("0>1, 1>2 5")
    ([(0, 1), (1, 2)], [5])
    >>> read_arcs("# a path\\n0 1\\n1>2\\n")
    ([(0, 1), (1, 2)], [])
    >>> read_arcs("0-1")
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: '0-1' is not an edge: write edges as U>V, such as 0>1,1>2
    """
    pairs: list[tuple[int, int]] = []
    lone: list[int] = []
    if "\n" in text:
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split("#", 1)[0].replace(">", " ").split()
            if not words:
                continue
            where = f"line {number} ({shorten(line.strip(), 40)!r})"
            if len(words) == 2:
                pairs.append((_vertex(words[0], where), _vertex(words[1], where)))
            elif len(words) == 1:
                lone.append(_vertex(words[0], where))
            else:
                raise GrundyError(f"{where}: write one edge a line, as 'U V' or 'U>V'")
        return pairs, lone
    for word in text.replace(" ", ",").split(","):
        if not word:
            continue
        ends = word.split(">")
        if len(ends) > 2 or not all(e.isascii() and e.isdigit() for e in ends):
            raise GrundyError(f"{shorten(word, 40)!r} is not an edge: write edges as U>V, "
                              "such as 0>1,1>2")
        where = f"edge {shorten(word, 40)!r}"
        if len(ends) == 2:
            pairs.append((_vertex(ends[0], where), _vertex(ends[1], where)))
        else:
            lone.append(_vertex(ends[0], where))
    return pairs, lone


# -- the graph as a game ------------------------------------------------------------------


class CycleError(LoopyGameError):
    """A graph with a cycle has no Grundy values (:mod:`grundy.play.loopy` values it);
    ``cycle`` holds the vertices of one, the first again at the end.

    >>> GameGraph.parse("0>1,1>2,2>1").values()
    Traceback (most recent call last):
    ...
    grundy.rules.digraph.CycleError: the graph has a cycle (1 -> 2 -> 1): play may go on for ever, so it has no Grundy values ('grundy analyze' gives Smith's generalized values and names the draws)
    """

    def __init__(self, graph: GameGraph, cycle: list[int]) -> None:
        path = shorten(" -> ".join(graph.format_position(v) for v in cycle), 200)
        GrundyError.__init__(self, f"the graph has a cycle ({path}): play may go on for ever, so "
                             "it has no Grundy values ('grundy analyze' gives Smith's "
                             "generalized values and names the draws)")
        self.position = graph.label_of(cycle[0])
        self.cycle = cycle



class GameGraph(Game):
    """A finite directed graph as a game: a position is a vertex ``0..n-1``, a move follows
    an edge; loops and repeated edges are allowed (a loop is a cycle: a draw, unless a
    move elsewhere wins).  ``labels`` (optional) name the vertices: the nodes of a
    networkx graph, or the positions of the game :func:`linearize` unrolled (``game``).

    >>> g = GameGraph(3, [(0, 1), (1, 2)])
    >>> g.n, g.m, g.successors(0), g.value(0)
    (3, 2, [1], 0)
    """

    def __init__(self, n: int, edges: Iterable[tuple[int, int]] | tuple[np.ndarray, np.ndarray],
                 labels: Sequence[Any] | None = None, game: Game | None = None) -> None:
        import numpy as np
        if not is_integer(n) or n < 0:
            raise GrundyError(f"the number of vertices is a non-negative integer, got {n!r}")
        n = int(n)
        if n > MAX_VERTICES:
            raise GrundyError(f"a graph of {n} vertices is past the limit of a game graph "
                              f"({MAX_VERTICES} vertices)")
        if isinstance(edges, tuple) and len(edges) == 2 and isinstance(edges[0], np.ndarray):
            tails, heads = (np.asarray(e, dtype=np.int64).reshape(-1) for e in edges)
        else:
            pairs = list(edges)
            if len(pairs) > MAX_EDGES:
                raise GrundyError(f"a graph of {len(pairs)} edges is past the limit of a game "
                                  f"graph ({MAX_EDGES} edges)")
            try:
                arr = np.array(pairs, dtype=np.int64).reshape(len(pairs), -1)
            except (TypeError, ValueError, OverflowError):
                arr = np.zeros((0, 0), dtype=np.int64)
            if pairs and arr.shape[1:] != (2,):
                raise GrundyError(f"the edges of a graph are pairs (u, v) of vertex numbers, "
                                  f"got {shorten(repr(pairs[:3]), 60)}")
            arr = arr.reshape(-1, 2)
            tails, heads = arr[:, 0].copy(), arr[:, 1].copy()
        if len(tails) != len(heads):
            raise GrundyError("the edges need as many heads as tails")
        if len(tails) > MAX_EDGES:
            raise GrundyError(f"a graph of {len(tails)} edges is past the limit of a game graph "
                              f"({MAX_EDGES} edges)")
        bad = np.flatnonzero((tails < 0) | (tails >= n) | (heads < 0) | (heads >= n))
        if bad.size:
            i = int(bad[0])
            raise GrundyError(f"the edge {tails[i]}>{heads[i]} has an end outside the vertices "
                              f"0..{n - 1}")
        if labels is not None and len(labels) != n:
            raise GrundyError(f"{len(labels)} labels for {n} vertices")
        self.n = n
        self.tails, self.heads = tails, heads
        #: the successors of ``v``: ``succ[start[v]:start[v+1]]``, in the order the edges
        #: were given; ``edge_of[i]``: the index (in that order) of the edge at ``succ[i]``
        self.start, self.succ, self.edge_of = _csr(n, tails, heads)
        self._labels = tuple(labels) if labels is not None else None
        self._game = game

    # -- building ----------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> GameGraph:
        """A graph from an edge list (see :func:`read_arcs`); its vertices are ``0`` to the
        largest number written.

        >>> GameGraph.parse("0>1,3").n
        4
        """
        pairs, lone = read_arcs(text)
        if not pairs and not lone:
            raise GrundyError(f"cannot read a graph from {shorten(text.strip(), 40)!r}: it "
                              "names no vertex (write edges U>V, such as 0>1,1>2)")
        n = max([v for pair in pairs for v in pair] + lone) + 1
        return cls(n, pairs)

    @classmethod
    def of(cls, graph: Any) -> GameGraph:
        """A graph from a networkx ``DiGraph`` (any object with ``nodes`` and ``edges``),
        its vertices numbered in the order ``nodes`` lists them and labelled by them (an
        undirected graph's edge goes both ways)."""
        try:
            nodes = list(graph.nodes)
            index = {node: i for i, node in enumerate(nodes)}
            pairs = [(index[u], index[v]) for u, v, *_ in graph.edges]
            directed = bool(graph.is_directed()) if hasattr(graph, "is_directed") else True
        except (AttributeError, TypeError, KeyError, ValueError):
            raise GrundyError(f"cannot read a graph from {shorten(repr(graph), 60)}: it needs "
                              "nodes and edges (a networkx DiGraph, say)") from None
        if not directed:
            pairs += [(v, u) for u, v in pairs if u != v]
        return cls(len(nodes), pairs, labels=nodes)

    # -- what the graph is ----------------------------------------------------------------
    @property
    def m(self) -> int:
        """The number of edges."""
        return int(len(self.succ))

    def successors(self, v: int) -> list[int]:
        """The successors of ``v``, in the order its edges were given."""
        v = self._check(v)
        found: list[int] = self.succ[self.start[v]:self.start[v + 1]].tolist()
        return found

    def cycle(self) -> list[int] | None:
        """The vertices of a cycle (the first again at the end), or None if the graph is
        acyclic."""
        got = self._acyclic()
        return got if isinstance(got, list) else None

    def values(self) -> np.ndarray:
        """The Grundy values of every vertex (int64); :class:`LoopyGameError` on a graph with
        a cycle (its values are :meth:`labels`)."""
        got = self._acyclic()
        if isinstance(got, list):
            raise CycleError(self, got)
        return got

    def labels(self) -> list[int]:
        """Smith's generalized labels of every vertex: the Grundy value, or -1 for an
        infinite one (see :mod:`grundy.play.loopy`); at most :data:`MAX_LOOPY` vertices
        when the graph has a cycle."""
        known: list[int] | None = self.memo("graph").get("smith")
        if known is not None:
            return known
        got = self._acyclic()
        if not isinstance(got, list):
            known = got.tolist()
        else:
            if self.n > MAX_LOOPY or self.m > MAX_LOOPY:
                raise GrundyError(f"a graph with a cycle of {self.n} vertices and {self.m} "
                                  f"edges is past the limit of loopy play ({MAX_LOOPY} of "
                                  "each): draws are found move by move")
            st, sc = self.start.tolist(), self.succ.tolist()
            known = smith_labels([sc[st[v]:st[v + 1]] for v in range(self.n)])
        self.memo("graph")["smith"] = known
        return known

    def _acyclic(self) -> np.ndarray | list[int]:
        import numpy as np
        kept = self.memo("graph")
        known: np.ndarray | list[int] | None = kept.get("values")
        if known is None:
            known = kept["values"] = dag_values(self.n, self.start, self.succ)
        return known

    def _check(self, v: Any) -> int:
        if not is_integer(v) or not 0 <= v < self.n:
            raise GrundyError(f"{v!r} is not a vertex of the graph (0..{self.n - 1})")
        return int(v)

    def label_of(self, v: int) -> Any:
        """The label of vertex ``v`` (``v`` itself when the graph has none)."""
        return v if self._labels is None else self._labels[v]

    def text(self) -> str:
        """The graph as an edge list :meth:`parse` reads back (vertices by number).

        >>> GameGraph.parse("0>1, 1>2, 4").text()
        '0>1,1>2,3,4'
        """
        touched = set(self.tails.tolist()) | set(self.heads.tolist())
        words = [f"{u}>{v}" for u, v in zip(self.tails.tolist(), self.heads.tolist())]
        words += [str(v) for v in range(self.n) if v not in touched]
        return ",".join(words)

    # -- the game -----------------------------------------------------------------------
    def options(self, position: int) -> list[int]:
        return self.successors(position)

    def fast_value(self, position: Any) -> int | None:
        """The value from :meth:`values` (a :class:`LoopyGameError` on a cycle)."""
        if isinstance(position, Sum):
            return None
        return int(self.values()[self._check(position)])

    def graph_of(self, position: Any) -> tuple[GameGraph, int] | None:
        """The graph a position lies in and its vertex (loopy play reads it whole)."""
        return None if isinstance(position, Sum) else (self, self._check(position))

    def at(self, graph: GameGraph, vertex: int) -> int:
        """The position of ``vertex`` (loopy play names positions by vertex)."""
        return vertex

    def parse_position(self, text: str) -> int:
        """A vertex: its number, or its label as :meth:`format_position` writes it."""
        word = text.strip()
        if self._labels is not None:
            kept = self.memo("graph")
            found = kept.get("by_text")
            if found is None:
                found = kept["by_text"] = {
                    self.format_position(v): v for v in range(self.n)}
            if word in found:
                return int(found[word])
        if word.isascii() and word.isdigit() and len(word) <= _DIGITS:
            return self._check(int(word))
        raise GrundyError(f"{shorten(word, 40)!r} is not a vertex of the graph (0..{self.n - 1})")

    def format_position(self, position: Any) -> str:
        if is_integer(position) and 0 <= position < self.n and self._labels is not None:
            label = self._labels[int(position)]
            return self._game.format_position(label) if self._game is not None else str(label)
        return str(position)

    @property
    def notation(self) -> str:
        return "digraph"

    def __repr__(self) -> str:
        return f"GameGraph.parse({shorten(self.text(), 60)!r})"


# -- many sums of tokens at once (a contest's queries) ------------------------------------------


def token_sums(values: np.ndarray, tokens: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The value of each sum of tokens: sum ``j`` has its tokens on the vertices
    ``tokens[offsets[j]:offsets[j+1]]`` (each sum at least one), and is worth the XOR of
    their values.

    >>> import numpy as np
    >>> token_sums(np.array([2, 1, 0]), np.array([0, 2, 1, 1]), np.array([0, 2, 4])).tolist()
    [2, 0]
    """
    import numpy as np
    if len(offsets) <= 1:
        return np.zeros(0, dtype=np.int64)
    return np.bitwise_xor.reduceat(values[tokens], offsets[:-1]).astype(np.int64, copy=False)


@dataclass(frozen=True)
class TokenMoves:
    """The winning moves of sums of tokens: per sum, how many (``count``), and the first
    (tokens in order, then each vertex's edges in the order given) as ``(tail, head)``;
    ``-1`` where the sum is lost."""

    count: np.ndarray
    tail: np.ndarray
    head: np.ndarray


def token_moves(graph: GameGraph, values: np.ndarray, tokens: np.ndarray,
                offsets: np.ndarray, totals: np.ndarray) -> TokenMoves:
    """Every sum's winning moves (a move takes one token along an edge to a vertex whose
    value is the token's value XOR the sum's), counted without listing them: the edges are
    grouped once by (tail, value of the head), and each token looks up its group; linear in
    the size of the graph and of the sums.

    >>> g = GameGraph.parse("0>1,1>2,0>2")
    >>> import numpy as np
    >>> found = token_moves(g, g.values(), np.array([0, 2]), np.array([0, 1, 2]),
    ...                     np.array([2, 0]))
    >>> found.count.tolist(), found.tail.tolist(), found.head.tolist()
    ([1, 0], [0, -1], [2, -1])
    """
    import numpy as np
    q, k = len(offsets) - 1, len(tokens)
    lost = np.full(q, -1, dtype=np.int64)
    if graph.m == 0 or q == 0:  # no edge: no move at all
        return TokenMoves(np.zeros(q, dtype=np.int64), lost, lost.copy())
    width = int(values.max()) + 1  # a value is below width: a key per (tail, value)
    groups, first, counts = np.unique(graph.tails * width + values[graph.heads],
                                      return_index=True, return_counts=True)
    total = totals[np.repeat(np.arange(q), np.diff(offsets))]  # each token's sum's value
    target = values[tokens] ^ total  # the value a winning move of the token reaches
    wanted = tokens * width + np.minimum(target, width - 1)
    at = np.minimum(np.searchsorted(groups, wanted), len(groups) - 1)
    hit = (total != 0) & (target < width) & (groups[at] == wanted)
    count = np.add.reduceat(np.where(hit, counts[at], 0), offsets[:-1])
    best = np.minimum.reduceat(np.where(hit, np.arange(k), k), offsets[:-1])  # first token
    won = best < k
    edge = first[at[np.where(won, best, 0)]]  # its first edge in the order given
    return TokenMoves(count.astype(np.int64), np.where(won, graph.tails[edge], -1),
                      np.where(won, graph.heads[edge], -1))


def linearize(game: Game, position: Any, limit: int = 10**5) -> GameGraph:
    """The graph of every position reachable from ``position`` in ``game`` (CGSuite's
    linearization): vertex 0 is ``position``, the others numbered as they are met (breadth
    first), each labelled by its position; an option that is a sum is one vertex, whose
    moves are the moves of its parts.  At most ``limit`` positions.

    >>> from grundy.rules.heap import TakeAndBreak
    >>> g = linearize(TakeAndBreak("0.77"), 4)
    >>> g.value(0), g.label_of(0), g.n
    (1, 4, 10)
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_VERTICES:
        raise GrundyError(f"the limit of a linearization is an integer from 1 to "
                          f"{MAX_VERTICES}, got {limit!r}")
    root = _flat(position)
    index: dict[Hashable, int] = {root: 0}
    found: list[Any] = [root]
    pairs: list[tuple[int, int]] = []
    at = 0
    while at < len(found):
        here = found[at]
        for option in _moves(game, here):
            node = _flat(option)
            if node not in index:
                if len(found) >= limit:
                    raise GrundyError(f"more than {limit} positions are reachable from "
                                      f"{shorten(repr(position), 60)}: raise the limit, or "
                                      "start from a smaller position")
                index[node] = len(found)
                found.append(node)
            pairs.append((at, index[node]))
        at += 1
    return GameGraph(len(found), pairs, labels=found, game=game)


def _flat(position: Any) -> Any:
    """A position as one vertex: a sum of one part is that part."""
    if isinstance(position, Sum) and len(position.parts) == 1:
        return position.parts[0]
    return position


def _moves(game: Game, position: Any) -> list[Any]:
    """The options of a position, or of a sum: a move in one part."""
    if not isinstance(position, Sum):
        return list(game.options(position))
    parts = position.parts
    out = []
    for i, part in enumerate(parts):
        for option in game.options(part):
            left = option.parts if isinstance(option, Sum) else (option,)
            out.append(Sum(*parts[:i], *left, *parts[i + 1:]))
    return out


# -- the catalog game: tokens on a graph given on the command line ------------------------


@dataclass(frozen=True)
class Token:
    """A token on vertex ``vertex`` of ``graph`` (a part of a :class:`Digraph` position)."""

    graph: GameGraph = field(repr=False)
    vertex: int


def read_graph(words: Sequence[str], what: str) -> tuple[GameGraph, list[str]]:
    """The graph (the first word) and the tokens' words; a word of a command line may hold
    several (``'0>1,1>2 0'``), a file's text (with a newline) is one graph.

    >>> graph, rest = read_graph(["0>1,1>2 0", "2"], "digraph")
    >>> graph.n, rest
    (3, ['0', '2'])
    """
    words = [piece for word in words for piece in ([word] if "\n" in word else word.split())]
    if len(words) < 2:
        raise GrundyError(f"give the graph and the tokens' vertices, such as "
                          f"'{what} 0>1,1>2,0>2 0 2' (or @FILE for the graph)")
    return GameGraph.parse(words[0]), list(words[1:])


class OnGraph(Game):
    """What the games played on a graph given as words share (:class:`Digraph`, Geography):
    the words are the graph (an edge list, or a file's text), then one word per token."""

    board = "digraph"
    #: a position to try (``grundy analyze digraph '0>1,1>2,0>2 0'``)
    example: tuple[str, ...] = ("0>1,1>2,0>2 0",)

    def parse_position(self, text: str) -> Any:
        """A whole position as one line: the graph (an edge list without blanks), then the
        tokens' vertices (``0>1,1>2 0 2``)."""
        parts = self.parse_words([text])
        return parts[0] if len(parts) == 1 else Sum(*parts)

    def parse_words(self, words: Sequence[str]) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _tokens(self, words: Sequence[str]) -> tuple[GameGraph, list[int]]:
        graph, rest = read_graph(words, self.label)
        vertices = []
        for i, word in enumerate(rest, start=1):
            try:
                vertices.append(graph.parse_position(word))
            except GrundyError as exc:
                raise GrundyError(f"token {i}: {exc}") from None
        return graph, vertices

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Digraph(OnGraph):
    """Tokens on a directed graph: a move takes one token along an edge (a sum of
    :class:`GameGraph` positions); a graph with a cycle is played loopy (draws)."""

    example = ("0>1,1>2,0>2 0",)

    def parse_words(self, words: Sequence[str]) -> list[Token]:
        """The graph, then one vertex per token.

        >>> [t.vertex for t in Digraph().parse_words(["0>1,1>2", "0", "2"])]
        [0, 2]
        """
        graph, vertices = self._tokens(words)
        return [Token(graph, v) for v in vertices]

    def options(self, position: Token) -> list[Token]:
        return [Token(position.graph, w) for w in position.graph.successors(position.vertex)]

    def fast_value(self, position: Any) -> int | None:
        if isinstance(position, Token):
            return position.graph.fast_value(position.vertex)
        return None

    def position_text(self, position: Token) -> str:
        """The position as one text :meth:`parse_position` reads back, the graph included
        (:meth:`format_position` writes the vertex alone).

        >>> g = Digraph()
        >>> g.position_text(g.parse_position("0>1,1>2 1"))
        '0>1,1>2 1'
        """
        return f"{position.graph.text()} {position.graph.format_position(position.vertex)}"

    def graph_of(self, position: Any) -> tuple[GameGraph, int] | None:
        """The graph a token is on and its vertex (loopy play reads it whole)."""
        return (position.graph, position.vertex) if isinstance(position, Token) else None

    def at(self, graph: GameGraph, vertex: int) -> Token:
        """The position of a token on ``vertex`` (loopy play numbers positions by vertex)."""
        return Token(graph, vertex)

    def format_position(self, position: Any) -> str:
        if isinstance(position, Token):
            return position.graph.format_position(position.vertex)
        return super().format_position(position)

    @property
    def notation(self) -> str:
        return "digraph"
