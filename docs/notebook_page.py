"""The notebook of the documentation, executed, and its page on the site.

``docs/notebook.ipynb`` is kept without outputs; this script runs it in a fresh kernel of
the Python that runs the script (nbclient and ipykernel: ``pip install -e '.[notebook]'``)
and writes ``docs/notebook.md``, the page the site shows: the notebook's text, its code,
and its outputs (pictures and HTML as they are, text in blocks).  ``tests/test_notebook.py``
runs the notebook the same way, checks its outputs, and fails when the page differs from
what this script writes: after changing the notebook or what grundy shows, run

    .venv/bin/python docs/notebook_page.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
NOTEBOOK = DOCS / "notebook.ipynb"
PAGE = DOCS / "notebook.md"
#: the kernel the notebook runs in: this Python, whatever kernels the machine has installed
KERNEL = "grundy-docs"

HEAD = """<!-- Written by docs/notebook_page.py from docs/notebook.ipynb as executed: do not edit
(tests/test_notebook.py runs the notebook and fails when this page differs). -->

"""
#: said after the notebook's first cell (its title)
NOTE = """!!! note "This page is a notebook"
    [notebook.ipynb](notebook.ipynb) run top to bottom, with what it shows. To run it
    yourself: `pip install -e '.[notebook]' jupyterlab`, then open it in Jupyter.

"""


@contextmanager
def _kernel_of_this_python() -> Iterator[None]:
    """A kernel spec named :data:`KERNEL` that starts ipykernel under ``sys.executable``,
    found first on ``JUPYTER_PATH`` while the block runs."""
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "kernels" / KERNEL
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "grundy (this Python)", "language": "python"}))
        old = os.environ.get("JUPYTER_PATH")
        os.environ["JUPYTER_PATH"] = tmp + (os.pathsep + old if old else "")
        try:
            yield
        finally:
            if old is None:
                del os.environ["JUPYTER_PATH"]
            else:
                os.environ["JUPYTER_PATH"] = old


def execute(path: Path = NOTEBOOK, timeout: int = 120) -> Any:
    """The notebook at ``path`` with its outputs, run top to bottom in a fresh kernel of
    this Python (an error in a cell raises)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    with _kernel_of_this_python():
        NotebookClient(nb, kernel_name=KERNEL, timeout=timeout,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def _one_line(markup: str) -> str:
    """HTML or SVG on one line (a blank line would end the page's raw HTML block; inside a
    ``<pre>`` the character reference is still a new line)."""
    return markup.strip().replace("\r", "").replace("\n", "&#10;")


def render(nb: Any) -> str:
    """The page of an executed notebook: markdown cells as they are, code in ``py`` blocks
    (run by the notebook's test, not as doctests), outputs after their code."""
    out = [HEAD]
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            out.append(cell.source.strip() + "\n\n" + (NOTE if i == 0 else ""))
            continue
        if cell.cell_type != "code":
            continue
        out.append(f"```py\n{cell.source.strip()}\n```\n\n")
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                out.append(f"```text\n{output.text.rstrip()}\n```\n\n")
                continue
            data = output.get("data", {})
            if "image/svg+xml" in data:
                out.append(f'<div class="notebook-output">{_one_line(data["image/svg+xml"])}'
                           "</div>\n\n")
            elif "text/html" in data:
                out.append(f'<div class="notebook-output">{_one_line(data["text/html"])}'
                           "</div>\n\n")
            elif "text/plain" in data:
                out.append(f"```text\n{data['text/plain'].rstrip()}\n```\n\n")
    return "".join(out).rstrip() + "\n"


def main() -> None:
    PAGE.write_text(render(execute()))
    print(f"wrote {PAGE.relative_to(DOCS.parent)}")


if __name__ == "__main__":
    main()
