"""Jupyter notebooks (``.ipynb``) as pages of the site, rendered from the outputs they store.

A notebook is read as JSON (nbformat 4) and turned into MyST Markdown, which myst-parser then parses like any
other page: a markdown cell as it is, a code cell as a ``python`` block, and each output after it as it shows in
Jupyter (a stream or plain text as a ``text`` block, HTML as raw HTML, a PNG as an image inlined in the page). The
notebook is not executed here: ``tests/test_notebook_executed.py`` runs it in a real kernel and fails when an
output differs from the one stored, so the page shows what the library does, and the docs build needs no kernel.

Why not myst-nb or nbsphinx: nbsphinx needs pandoc (not a Python package); myst-nb would replace myst-parser in
``conf.py`` and bring jupyter-cache and SQLAlchemy into the docs build to render what this short module renders.
"""

from __future__ import annotations

import html
import json
from typing import Any

from myst_parser.parsers.sphinx_ import MystParser

FENCE = "````"
"""Four backticks: a code cell or an output may hold three in a row."""


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _raw(markup: str) -> str:
    """HTML as Jupyter shows it, in a box that scrolls sideways when it is wider than the page."""
    return f'{FENCE}{{raw}} html\n<div class="nb-output" style="overflow-x: auto">\n{markup}\n</div>\n{FENCE}\n'


def _output(output: dict[str, Any]) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return f"{FENCE}text\n{_text(output.get('text', '')).rstrip()}\n{FENCE}\n"
    if kind == "error":
        return f"{FENCE}text\n{html.escape(str(output.get('ename')))}: {output.get('evalue')}\n{FENCE}\n"
    data = output.get("data", {})
    if "text/html" in data:
        return _raw(_text(data["text/html"]))
    if "image/png" in data:
        image = _text(data["image/png"]).replace("\n", "")
        alt = html.escape(_text(data.get("text/plain", "a plot")), quote=True)
        return _raw(f'<img src="data:image/png;base64,{image}" alt="{alt}">')
    if "text/plain" in data:
        return f"{FENCE}text\n{_text(data['text/plain']).rstrip()}\n{FENCE}\n"
    return ""


def markdown(notebook_json: str) -> str:
    """The MyST Markdown of a notebook: its cells in order, each code cell followed by what it showed."""
    notebook = json.loads(notebook_json)
    parts = []
    for cell in notebook.get("cells", []):
        source = _text(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            parts.append(source.rstrip() + "\n")
        elif cell.get("cell_type") == "code":
            parts.append(f"{FENCE}python\n{source.rstrip()}\n{FENCE}\n")
            parts.extend(_output(output) for output in cell.get("outputs", []))
    return "\n".join(parts)


class NotebookParser(MystParser):
    """myst-parser's parser, given a notebook's Markdown."""

    supported = ("jupyter_notebook",)

    def parse(self, inputstring: str, document: Any) -> None:
        super().parse(markdown(inputstring), document)


def setup(app: Any) -> dict[str, Any]:
    app.add_source_suffix(".ipynb", "jupyter_notebook")
    app.add_source_parser(NotebookParser)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
