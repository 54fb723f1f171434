"""What a notebook shows: a position's picture (:func:`picture`, ``grundy.picture``), and
an analysis as HTML with the outcome, the value, each part with its value and its
picture, the winning moves and the explanation in words.

Jupyter shows an object with a ``_repr_html_`` method as HTML: the analyses of
:mod:`grundy.play.analysis` have one, which gathers what to show and calls
:func:`analysis_html`.  Every text (a part, a move, a theorem) is escaped here; the
pictures are the games' own (:meth:`grundy.Game.picture`), built escaped.

>>> page = analysis_html(outcome="N", value=6, parts=[("3 <b>", 3, ""), ("5", 5, "")],
...                      moves=["3 -> 0"], theorems=[], words="values: ...")
>>> "<b>6</b>" in page, "3 -&gt; 0" in page, "3 &lt;b&gt;" in page
(True, True, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..engine import Game
from ..errors import GrundyError, shorten
from ..rules.pictures import Picture

__all__ = ["analysis_html", "picture"]


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def analysis_html(*, outcome: str, value: int | None,
                  parts: Sequence[tuple[str, int | None, str]], moves: Sequence[str],
                  theorems: Sequence[str], words: str, misere: bool = False,
                  every: bool = True) -> str:
    """The HTML of an analysis: ``parts`` as (text, value or None, picture's SVG or
    ""), ``moves`` the winning moves' texts, ``theorems`` the theorems it answers by,
    ``words`` its explanation (``describe()``)."""
    verdict = ("P: the player to move loses against best play" if outcome == "P"
               else "N: the player to move wins")
    head = ["misère play: " if misere else "",
            f"value <b>{_e(value)}</b>, " if value is not None else
            ("" if misere else "value not computed, "),
            f"outcome <b>{_e(verdict)}</b>"]
    out = ['<div class="grundy-analysis">', f"<p>{''.join(head)}</p>"]
    valued = any(v is not None for _, v, _ in parts)
    rows = []
    for i, (text, v, svg) in enumerate(parts):
        cells = [f"<td>{i}</td>", f"<td><code>{_e(text)}</code></td>"]
        if valued:
            cells.append(f'<td class="value">{_e("" if v is None else v)}</td>')
        cells.append(f"<td>{svg}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    heads = "<th>part</th><th>position</th>" + ("<th>value</th>" if valued else "") + "<th></th>"
    out.append(f'<table class="parts" cellpadding="4"><tr>{heads}</tr>{"".join(rows)}</table>')
    if moves:
        out.append(f"<p>winning moves: {len(moves)}"
                   f"{'' if every else ' (some, by the construction)'}</p><ol class=\"moves\">")
        out += [f"<li><code>{_e(m)}</code></li>" for m in moves]
        out.append("</ol>")
    if theorems:
        out.append("<p>by " + "; ".join(f"<i>{_e(t)}</i>" for t in theorems) + "</p>")
    out.append(f"<details><summary>in words</summary><pre>{_e(words)}</pre></details></div>")
    return "".join(out)


def picture(game: Game | str, position: Any) -> Picture:
    """The picture ``game`` draws of ``position`` (its :meth:`~grundy.Game.picture` hook):
    a board, a chocolate bar (a tuple of column heights), a graph, a drawing, a queen (a
    tuple ``(row, col)``); ``game`` a game or its name, a position given as text read by
    the game first.

    >>> from grundy import find
    >>> picture(find("chomp"), (3, 2, 1)).svg.count("<rect")
    6
    >>> picture("wythoff", "2,3")
    <Picture 126x98: wythoff 2,3: a queen at 2,3>
    >>> picture(find("kayles"), 7)
    Traceback (most recent call last):
    ...
    grundy.errors.GrundyError: kayles draws no picture of 7 (boards, chocolate bars, graphs, drawings and queens have pictures)
    """
    if isinstance(game, str):
        from ..catalog import find

        game = find(game)
    if isinstance(position, str):
        position = game.parse_position(position)
    found = game.picture(position)
    if not isinstance(found, Picture):
        try:
            shown = game.format_position(position)
        except Exception:  # a position of the wrong kind: its repr, cut short
            shown = repr(position)
        raise GrundyError(f"{game.label} draws no picture of "
                          f"{shorten(shown, 80)} (boards, chocolate bars, graphs, drawings and "
                          "queens have pictures)")
    return found
