"""Tokens on a directed acyclic graph: per query, who wins the sum of the tokens.

Input: a line ``n m`` (vertices ``1..n``, ``m`` edges), then ``m`` lines ``u v`` (an edge
from ``u`` to ``v``; repeated edges are allowed), then a line ``q``, then ``q`` lines
``k v1 ... vk`` (a query: ``k >= 1`` tokens, on the vertices ``v1..vk``, several may
share a vertex).  Blank lines are ignored.  A move takes one token along an edge; the
player who cannot move loses.  The graph must be acyclic: a cycle is refused, naming
its vertices and the line of one of its edges.

Output per query: ``First`` (the player to move first wins) or ``Second``.

>>> from grundy.formats import Options, solve
>>> print(solve("digraph", b"4 3\\n1 2\\n2 3\\n1 3\\n3\\n1 1\\n2 1 2\\n2 4 4\\n"), end="")
First
First
Second

``--move`` adds, after each ``First``, the first winning move (the tokens in the order
of the query, then each vertex's edges in the order of the input): ``move a token from
A to B``; ``--explain`` adds the tokens' values, their XOR and the number of winning
moves; ``--json`` prints one object per query instead.

>>> print(solve("digraph", b"3 2\\n1 2\\n2 3\\n1\\n2 1 2\\n", Options(move=True)), end="")
First
move a token from 1 to 2

How: a vertex is worth the mex of its successors' values (one pass in reverse
topological order, :func:`grundy.rules.digraph.dag_values`); a query is worth the XOR
of its tokens' values (:func:`~grundy.rules.digraph.token_sums`), and its winning
moves are counted by (tail, value) groups of the edges
(:func:`~grundy.rules.digraph.token_moves`).  Reading is vectorised; an input the fast
reader refuses is read again line by line, so that the error names the line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..rules.digraph import CycleError, GameGraph, token_moves, token_sums
from .base import GameFormat, Options, Result
from ._read import decode, integer, last_line, plain_numbers, word_lines

__all__ = ["FORMAT", "LIMITS", "MAX_EDGES", "MAX_QUERIES", "MAX_TOKENS", "MAX_VERTICES",
           "DigraphFormat", "Queries", "parse"]

#: the sizes accepted: n = m = 10^6 and 3.3 * 10^5 queries (10^6 tokens) took 1.1 s of CPU
#: for the plain answer, 3 s with --json (one result a query), measured under load
MAX_VERTICES = 10**6
MAX_EDGES = 10**6
MAX_QUERIES = 5 * 10**5
MAX_TOKENS = 10**6  # in all the queries
LIMITS = ("1 <= n <= 10^6 vertices, 0 <= m <= 10^6 edges (acyclic), 1 <= q <= 5*10^5 "
          "queries, 1 <= k, at most 10^6 tokens in all; "
          "--move prints 'move a token from A to B' after each First")


@dataclass(frozen=True)
class Queries:
    """A parsed input: the graph (vertices from 0 here), the line of each edge, and the
    queries' tokens (from 0), query ``j`` holding ``tokens[offsets[j]:offsets[j+1]]``."""

    n: int
    tails: np.ndarray
    heads: np.ndarray
    edge_lines: np.ndarray
    tokens: np.ndarray
    offsets: np.ndarray
    query_lines: np.ndarray


def parse(data: bytes) -> Queries:
    """The graph and the queries; :class:`InputError` naming the line at fault.

    >>> found = parse(b"3 1\\n1 3\\n\\n2\\n1 2\\n2 3 1\\n")
    >>> found.n, found.tails.tolist(), found.heads.tolist(), found.tokens.tolist()
    (3, [0], [2], [1, 2, 0])
    >>> found.offsets.tolist(), found.query_lines.tolist()
    ([0, 1, 3], [5, 6])
    """
    fast = _parse_plain(data)
    return fast if fast is not None else _parse_careful(data)


def _parse_plain(data: bytes) -> Queries | None:
    """A valid input of digits and blanks, vectorised; ``None`` to look closer."""
    plain = plain_numbers(data, max_digits=7)
    if plain is None:
        return None
    values, lines = plain
    values = values.astype(np.int64)
    starts = np.flatnonzero(np.diff(lines, prepend=-1))  # the first number of each line
    counts = np.diff(np.append(starts, len(values)))
    if counts[0] != 2:
        return None
    n, m = int(values[0]), int(values[1])
    if not (1 <= n <= MAX_VERTICES and 0 <= m <= MAX_EDGES) or len(counts) < m + 2:
        return None
    if (counts[1:m + 1] != 2).any() or counts[m + 1] != 1:
        return None
    q = int(values[starts[m + 1]])
    if not 1 <= q <= MAX_QUERIES or len(counts) != m + 2 + q:
        return None
    ends = values[2:2 + 2 * m].reshape(m, 2)
    if m and (ends.min() < 1 or ends.max() > n):
        return None
    heads_at = starts[m + 2:]
    ks = values[heads_at]
    if (ks < 1).any() or (counts[m + 2:] != ks + 1).any() or int(ks.sum()) > MAX_TOKENS:
        return None
    mask = np.ones(len(values) - int(starts[m + 2]), dtype=bool)
    mask[heads_at - starts[m + 2]] = False
    tokens = values[starts[m + 2]:][mask]
    if tokens.min() < 1 or tokens.max() > n:
        return None
    offsets = np.zeros(q + 1, dtype=np.int64)
    np.cumsum(ks, out=offsets[1:])
    return Queries(n, ends[:, 0] - 1, ends[:, 1] - 1, lines[starts[1:m + 1]],
                   tokens - 1, offsets, lines[heads_at])


def _parse_careful(data: bytes) -> Queries:
    text = decode(data)
    lines = word_lines(text)
    last = last_line(text)

    def take(what: str) -> tuple[int, list[str]]:
        got = next(lines, None)
        if got is None:
            raise InputError(f"unexpected end of input, expected {what}", max(last, 1))
        return got

    number, words = take("'n m'")
    if len(words) != 2:
        raise InputError(f"expected 'n m' (the numbers of vertices and edges), found "
                         f"{len(words)} item{'s' if len(words) != 1 else ''}", number)
    n = integer(words[0], "n", 1, MAX_VERTICES, number, "10^6")
    m = integer(words[1], "m", 0, MAX_EDGES, number, "10^6")
    edges: list[tuple[int, int]] = []
    edge_lines = []
    for i in range(1, m + 1):
        number, words = take(f"edge {i} of m = {m}")
        if len(words) != 2:
            raise InputError(f"edge {i} of m = {m}: expected 'u v', found {len(words)} "
                             f"item{'s' if len(words) != 1 else ''}", number)
        edges.append((integer(words[0], "u", 1, n, number, f"n = {n}") - 1,
                      integer(words[1], "v", 1, n, number, f"n = {n}") - 1))
        edge_lines.append(number)
    number, words = take("q, the number of queries")
    if len(words) != 1:
        raise InputError(f"expected q (the number of queries) alone on its line, after the m "
                         f"= {m} edges; found {len(words)} items", number)
    q = integer(words[0], "q", 1, MAX_QUERIES, number, "5*10^5")
    tokens: list[int] = []
    offsets = [0]
    query_lines = []
    for j in range(1, q + 1):
        number, words = take(f"query {j} of q = {q}")
        k = integer(words[0], "k", 1, MAX_TOKENS, number, "10^6")
        if len(words) != k + 1:
            raise InputError(f"query {j}: k = {k} tokens, but the line holds {len(words) - 1} "
                             "vertices after k", number)
        if len(tokens) + k > MAX_TOKENS:
            raise InputError(f"more than {MAX_TOKENS} tokens in all the queries", number)
        tokens.extend(integer(w, "a vertex", 1, n, number, f"n = {n}") - 1 for w in words[1:])
        offsets.append(len(tokens))
        query_lines.append(number)
    extra = next(lines, None)
    if extra is not None:
        number, words = extra
        raise InputError(f"unexpected {' '.join(words)[:40]!r} after the last of the {q} "
                         f"queries (q = {q})", number)
    pairs = np.array(edges, dtype=np.int64).reshape(-1, 2)
    return Queries(n, pairs[:, 0].copy(), pairs[:, 1].copy(), np.array(edge_lines, dtype=np.int64),
                   np.array(tokens, dtype=np.int64), np.array(offsets, dtype=np.int64),
                   np.array(query_lines, dtype=np.int64))


def _values(parsed: Queries) -> tuple[GameGraph, np.ndarray]:
    """The graph and its vertices' values; a cycle is an :class:`InputError` naming it."""
    graph = GameGraph(parsed.n, (parsed.tails, parsed.heads))
    try:
        return graph, graph.values()
    except CycleError as exc:
        cycle = exc.cycle
        pairs = set(zip(cycle, cycle[1:]))
        on = [i for i, e in enumerate(zip(parsed.tails.tolist(), parsed.heads.tolist()))
              if e in pairs]
        lines = sorted({int(parsed.edge_lines[i]) for i in on})
        path = " -> ".join(str(v + 1) for v in cycle)
        if len(path) > 120:
            path = path[:100] + f" ... ({len(cycle) - 1} vertices)"
        raise InputError(f"the graph has a cycle {path} (its edges on lines "
                         f"{', '.join(map(str, lines[:5]))}{', ...' if len(lines) > 5 else ''})"
                         ": the game needs an acyclic graph", lines[0]) from None


class DigraphFormat(GameFormat[Queries]):
    """Tokens on a DAG: per query ``First`` or ``Second`` (``--move``: a winning move)."""

    name = "digraph"
    limits = LIMITS
    accepts_move = True

    def parse(self, data: bytes) -> Queries:
        return parse(data)

    def run(self, data: bytes, options: Options = Options()) -> list[bytes]:
        if not options.plain:
            return super().run(data, options)
        parsed = self.parse(data)  # the judge's answer alone: vectorised, no result per query
        _, values = _values(parsed)
        totals = token_sums(values, parsed.tokens, parsed.offsets)
        answers = np.where(totals != 0, "First", "Second")
        return ["\n".join(answers.tolist()).encode("ascii") + b"\n"]

    def solve(self, parsed: Queries) -> list[Result]:
        graph, values = _values(parsed)
        totals = token_sums(values, parsed.tokens, parsed.offsets)
        found = token_moves(graph, values, parsed.tokens, parsed.offsets, totals)
        return [Result(int(x), [int(a) + 1, int(b) + 1] if x else None, int(c),
                       "First" if x else "Second")
                for x, c, a, b in zip(totals.tolist(), found.count.tolist(),
                                      found.tail.tolist(), found.head.tolist())]

    def lines(self, parsed: Queries, results: list[Result], options: Options) -> list[str]:
        values = _values(parsed)[1] if options.explain else None
        out: list[str] = []
        for j, result in enumerate(results):
            out.append(result.judge or "")
            if options.move and result.move is not None:
                out.append(f"move a token from {result.move[0]} to {result.move[1]}")
            if values is not None:
                out.extend(_explain(parsed, values, j, result))
        return out


def _explain(parsed: Queries, values: np.ndarray, j: int, result: Result) -> list[str]:
    here = parsed.tokens[parsed.offsets[j]:parsed.offsets[j + 1]]
    shown = ", ".join(f"{v + 1}: {values[v]}" for v in here[:8].tolist())
    shown += ", ..." if len(here) > 8 else ""
    head = (f"  query of line {parsed.query_lines[j]}: {len(here)} token"
            f"{'s' if len(here) != 1 else ''} (vertex: value) {shown}; XOR {result.value}")
    if result.move is None:
        return [head, "  value 0: every move leaves a non-zero value, the second player wins"]
    a, b = result.move
    count = f"{result.winning_moves} winning move{'s' if result.winning_moves != 1 else ''}"
    return [head, f"  move a token from {a} (value {values[a - 1]}) to {b} (value "
                  f"{values[b - 1]}): the XOR becomes 0 ({count})"]


FORMAT = DigraphFormat()
