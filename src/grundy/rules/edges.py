"""Edge lists as text, read by the graph games and by Green Hackenbush.

On one line, edges are words ``U-V`` between commas or blanks (``0-1,1-2 2-3``); over
several lines (an edge-list file, as ``networkx.write_edgelist(G, path, data=False)``
writes it) each line is one edge, ``U V`` or ``U-V``, and ``#`` starts a comment.  A lone
number is a vertex without edges where the caller allows it.

>>> read_edges("0-1,1-2 5", lone=True)
([(0, 1), (1, 2)], [5])
>>> read_edges("# a path\\n0 1\\n1 2\\n\\n2-3  # the end\\n", lone=False)
([(0, 1), (1, 2), (2, 3)], [])
>>> read_edges("0 1 2\\n", lone=False)
Traceback (most recent call last):
...
grundy.errors.GrundyError: line 1 ('0 1 2'): write one edge a line, as 'U V' or 'U-V'
"""

from __future__ import annotations

from ..errors import GrundyError, shorten

__all__ = ["MAX_DIGITS", "read_edges"]

#: the most digits of a vertex number
MAX_DIGITS = 7


def _take(words: list[str], lone: bool, pairs: list[tuple[int, int]], alone: list[int]) -> bool:
    """Add the edge (two numbers) or the lone vertex (one) ``words`` name; False if they
    name neither."""
    if not all(w.isascii() and w.isdigit() for w in words):
        return False
    for w in words:
        if len(w.lstrip("0")) > MAX_DIGITS:  # read as a number, it is past every limit
            raise GrundyError(f"vertex {shorten(w, 40)} is past the limit of the graph games "
                              f"(vertices are numbered with at most {MAX_DIGITS} digits)")
    if len(words) == 2:
        pairs.append((int(words[0]), int(words[1])))
        return True
    if len(words) == 1 and lone:
        alone.append(int(words[0]))
        return True
    return False


def read_edges(text: str, *, lone: bool) -> tuple[list[tuple[int, int]], list[int]]:
    """The edges ``(u, v)`` of ``text`` in the order written, and its lone vertices (a
    lone number is refused unless ``lone``); a word that is neither is an error naming it."""
    pairs: list[tuple[int, int]] = []
    alone: list[int] = []
    if "\n" in text:  # a file (its last line ends with one), never a word of a command line
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split("#", 1)[0].replace("-", " ").split()
            if words and not _take(words, lone, pairs, alone):
                raise GrundyError(f"line {number} ({line.strip()!r}): write one edge a line, "
                                  "as 'U V' or 'U-V'")
        return pairs, alone
    for word in text.replace(" ", ",").split(","):
        if word and not _take(word.split("-"), lone, pairs, alone):
            raise GrundyError(f"{word!r} is not an edge: write edges as U-V, such as 0-1,1-2")
    return pairs, alone
