"""A griffe extension for the API page (see mkdocs.yml): our docstrings are plain text.

Markdown would read a docstring's ``>>>`` examples as nested quotes, ``2**k`` as bold and
``<x>`` as HTML.  This extension fences each run of examples (prompts and output, up to a
blank line) as a ``pycon`` block, writes Sphinx roles such as ``:func:`value``` as code
(``value``), and escapes ``*`` and ``<`` in the prose outside code.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`~?([^`]+)`")
_CODE = re.compile(r"(`+)(.+?)\1")


def _escape(text: str) -> str:
    return text.replace("*", r"\*").replace("<", "&lt;")


def _prose(line: str) -> str:
    """``line`` with ``*`` and ``<`` escaped outside its code spans."""
    out, last = [], 0
    for span in _CODE.finditer(line):
        out += [_escape(line[last:span.start()]), span.group(0)]
        last = span.end()
    out.append(_escape(line[last:]))
    return "".join(out)


def to_markdown(text: str) -> str:
    """A plain-text docstring as Markdown."""
    out: list[str] = []
    inside = False
    indent = ""
    for line in _ROLE.sub(r"`\1`", text).splitlines():
        stripped = line.lstrip()
        if not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not stripped:
            out.append(f"{indent}```")
            inside = False
        out.append(line if inside else _prose(line))
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class PlainDocstrings(Extension):
    """Turn every docstring griffe loads from plain text into Markdown."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value)
