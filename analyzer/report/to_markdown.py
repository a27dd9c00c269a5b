"""The Markdown renderer: a document as a page (GitHub-flavoured Markdown).

The title is a level-1 heading; a section a level-2 heading with its name as
code, its status opening its first paragraph; every block is a paragraph or
a pipe table, separated by blank lines. Lines of a key/value block or of a
several-line note end with a hard line break; "  - " lines become a list.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from .model import Block, Document, Fields, Figure, Prose, Section, Table
from .provenance import provenance_lines
from .to_text import field_lines, field_text, figure_lines, joined, shown_fields, table_lines

HARD_BREAK = "  "


def render_markdown(document: Document, exact: bool = False) -> str:
    """``document`` as Markdown, ending with a newline; its provenance follows the title (or its front page)."""
    head = [*hard_breaks(provenance_lines(document.provenance)), ""] if document.provenance else []
    before, after = document.parts
    front = joined(before, exact, _block)
    return (
        "\n".join([f"# {document.title}", "", *front, *([""] if front else []), *head, *joined(after, exact, _block)])
        + "\n"
    )


def _block(block: Block, exact: bool) -> list[str]:
    if isinstance(block, Fields):
        return _fields(block, exact)
    if isinstance(block, Table):
        if not block.human:
            return []
        lines = table_lines(block, exact, "pipe") if not block.records else _records_as_grid(block, exact)
        return [lines[0], "", *lines[1:]] if block.caption else lines
    if isinstance(block, Prose):
        if not block.human:
            return []
        if block.code:
            return [f"`{line}`" for line in block.lines]
        return hard_breaks(block.lines) if len(block.lines) > 1 else list(block.lines)
    if isinstance(block, Figure):
        title, *notes_and_grid = figure_lines(block, exact, "pipe")
        notes = notes_and_grid[: len(notes_and_grid) - len(table_lines(block.data, exact, "pipe"))]
        return [
            f"**{title}**",
            *([""] + hard_breaks(notes) if notes else []),
            "",
            *table_lines(block.data, exact, "pipe"),
        ]
    return _section(block, exact)


def hard_breaks(lines: Sequence[str]) -> list[str]:
    """Lines kept apart when rendered: a hard break after each, and "  - " items as a list.

    >>> hard_breaks(["Rule set: x", "Defaults:", "  - 8 decks"])
    ['Rule set: x  ', 'Defaults:  ', '- 8 decks']
    """
    return [f"- {line[4:]}" if line.startswith("  - ") else f"{line}{HARD_BREAK}" for line in lines]


def _section(section: Section, exact: bool) -> list[str]:
    if not section.human:
        return []
    heading = f"## {section.title}" + (f" (`{section.name}`)" if section.name else "")
    paragraphs = list(section.lead)
    if section.status:
        status = section.status[:1].upper() + section.status[1:]
        paragraphs[:1] = [f"{status}. {paragraphs[0]}" if paragraphs else f"{status}."]
    out = [heading]
    for paragraph in paragraphs:
        out += ["", paragraph]
    body = joined(section.blocks, exact, _block)
    return out + ([""] + body if body else [])


def _fields(block: Fields, exact: bool) -> list[str]:
    if block.layout == "aligned":
        rows = [[f.label or "", field_text(f, exact)] for f in shown_fields(block)]
        return tabulate(rows, headers=["figure", "value"], tablefmt="pipe", disable_numparse=True).split("\n")
    return hard_breaks(field_lines(block, exact))


def _records_as_grid(table: Table, exact: bool) -> list[str]:
    """A table shown as records in text is a plain grid on a page, wide enough to read."""
    grid = Table(columns=table.columns, rows=table.rows, caption=table.caption)
    return table_lines(grid, exact, "pipe")
