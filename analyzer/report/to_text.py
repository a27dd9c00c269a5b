"""The text renderer: a document as a person reads it in a terminal.

Blocks are separated by one blank line. A section is headed
"== title (name): status", its lead lines indented under the heading, its
first block right below; tables are tabulate's "simple" grid; aligned fields
right-align their labels. The document's title is left out: the command
line is right above the output.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from .model import Block, Document, Field, Fields, Figure, Prose, Section, Table, Value
from .provenance import provenance_lines
from .values import human

INDENT = "   "
"""Lead lines of a section, under its heading."""
RECORD_INDENT = "    "
"""The lines of a record, under its head."""


def render_text(document: Document, exact: bool = False) -> str:
    """``document`` as text, ending with a newline; its provenance heads it."""
    head = provenance_lines(document.provenance) + [""] if document.provenance else []
    return "\n".join(head + _blocks(document.blocks, exact)) + "\n"


def _blocks(blocks: Sequence[Block], exact: bool) -> list[str]:
    out: list[str] = []
    for block in blocks:
        lines = _block(block, exact)
        if lines:
            if out:
                out.append("")
            out.extend(lines)
    return out


def _block(block: Block, exact: bool) -> list[str]:
    if isinstance(block, Fields):
        return _fields(block, exact)
    if isinstance(block, Table):
        return table_lines(block, exact, "simple") if block.human else []
    if isinstance(block, Prose):
        return list(block.lines) if block.human else []
    if isinstance(block, Figure):
        return figure_lines(block, exact, "simple")
    return _section(block, exact)


def figure_lines(figure: Figure, exact: bool, tablefmt: str) -> list[str]:
    """A plot for people who read text: its title, how to read it, and the data it shows as a table."""
    lines = [f"Figure: {figure.title}"] + ([figure.caption] if figure.caption else [])
    lines += [f"{r.label}: {human(r.value, exact)}" for r in figure.references]
    return lines + table_lines(figure.data, exact, tablefmt)


def _section(section: Section, exact: bool) -> list[str]:
    if not section.human:
        return []
    heading = f"== {section.title}"
    if section.name:
        heading += f" ({section.name})"
    if section.status:
        heading += f": {section.status}"
    return [heading, *(INDENT + line for line in section.lead), *_blocks(section.blocks, exact)]


def field_text(item: Field, exact: bool) -> str:
    """What people read for one field."""
    if item.text is not None:
        return item.text
    assert isinstance(item.value, Value) or item.value is None, f"field {item.key!r} needs a text"
    return "n/a" if item.value is None else human(item.value, exact)


def _fields(block: Fields, exact: bool) -> list[str]:
    shown = [f for f in block.fields if f.label is not None and not (isinstance(f.value, tuple) and not f.value)]
    if block.layout == "aligned":
        width = max((len(f.label or "") for f in shown), default=0)
        return [f"{(f.label or '').rjust(width)}: {field_text(f, exact)}" for f in shown]
    lines = []
    for f in shown:
        if isinstance(f.value, tuple) and f.text is None:
            if f.label:
                lines.append(f"{f.label}:")
            lines.extend(f"  - {human(item, exact)}" for item in f.value)
        else:
            lines.append(f"{f.label}: {field_text(f, exact)}" if f.label else field_text(f, exact))
    return lines


def table_lines(table: Table, exact: bool, tablefmt: str) -> list[str]:
    """A table as a grid in tabulate's ``tablefmt`` (or as records), with its caption above it."""
    if table.records:
        return _records(table, exact)
    shown = [i for i, c in enumerate(table.columns) if c.title is not None]
    headers = [table.columns[i].title or "" for i in shown]
    rows = [*table.rows, *((table.footer,) if table.footer is not None else ())]
    body = [["" if (cell := row[i]) is None else human(cell, exact) for i in shown] for row in rows]
    grid = tabulate(body, headers=headers, tablefmt=tablefmt, disable_numparse=True,
                    colalign=tuple(table.columns[i].align for i in shown)).split("\n")
    if table.footer is not None and tablefmt == "simple":
        grid.insert(len(grid) - 1, grid[1])  # the rule under the headers, again above the totals
    return ([table.caption] if table.caption else []) + grid


def _records(table: Table, exact: bool) -> list[str]:
    out: list[str] = []
    body = [c for c in table.columns if c.title is not None and not c.head]
    width = max((len(c.title or "") + 1 for c in body), default=0)
    for row in table.rows:
        if out:
            out.append("")
        cells = list(zip(table.columns, row))
        head = [human(cell, exact) for column, cell in cells if column.head and column.title is not None and cell is not None]
        out.append(" ".join(part for part in head if part))
        for column, cell in cells:
            if column.title is not None and not column.head and cell is not None and (cell.data is not None or cell.text is not None):
                out.append(f"{RECORD_INDENT}{((column.title or '') + ':').ljust(width)} {human(cell, exact)}")
    return ([table.caption, ""] if table.caption else []) + out
