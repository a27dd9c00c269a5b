"""Choosing a renderer: every command writes its documents through :func:`render`.

A new format is one renderer here that takes a :class:`~.model.Document`.
Each renderer is imported when its format is asked for, so that a command
printing text loads no other (tabulate, for Markdown, is slow to import).
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Document
from .provenance import with_command

FORMATS: tuple[str, ...] = ("table", "markdown", "csv", "json")
"""The formats every command offers (``--format``)."""


def render(documents: Document | Sequence[Document], fmt: str, exact: bool = False, command: str | None = None) -> str:
    """Documents in format ``fmt``.

    One document renders as itself; a sequence (one per rule set) renders
    as a JSON array whatever its length, one CSV with one header, and text
    or Markdown documents one after another with a blank line between.
    ``exact`` shows fractions instead of rounded decimals (text, Markdown, CSV).
    ``command`` is the command line, written into each document's provenance.
    """
    if fmt not in FORMATS:
        raise ValueError(f"Unknown format {fmt!r}; use one of {', '.join(FORMATS)}.")
    single = isinstance(documents, Document)
    many: Sequence[Document] = (documents,) if isinstance(documents, Document) else documents
    many = [with_command(d, command) for d in many]
    if fmt == "json":
        from .to_json import render_json, render_json_list

        return render_json(many[0]) if single else render_json_list(many)
    if fmt == "csv":
        from .to_csv import render_csv

        return render_csv(many, exact)
    if fmt == "markdown":
        from .to_markdown import render_markdown

        return "\n".join(render_markdown(d, exact) for d in many)
    from .to_text import render_text

    return "\n".join(render_text(d, exact) for d in many)
