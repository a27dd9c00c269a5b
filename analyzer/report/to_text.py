"""The text renderer: a document as a person reads it in a terminal.

Blocks are separated by one blank line. A section is headed
"== title (name): status", its lead lines indented under the heading, its
first block right below; tables are tabulate's "simple" grid; aligned fields
right-align their labels. The document's title is left out: the command
line is right above the output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabulate import tabulate

from .model import Block, Document, Field, Fields, Prose, Section, Table, Value
from .values import human

INDENT = "   "
"""Lead lines of a section, under its heading."""
RECORD_INDENT = "    "
"""The lines of a record, under its head."""


def render_text(document: Document, exact: bool = False) -> str:
    """``document`` as text, ending with a newline."""
    return "\n".join(joined(document.blocks, exact, _block)) + "\n"


def joined(blocks: Sequence[Block], exact: bool, lines_of: Callable[[Block, bool], list[str]]) -> list[str]:
    """The lines of each block that shows anything, one blank line between blocks."""
    out: list[str] = []
    for block in blocks:
        lines = lines_of(block, exact)
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
    return _section(block, exact)


def _section(section: Section, exact: bool) -> list[str]:
    if not section.human:
        return []
    heading = f"== {section.title}"
    if section.name:
        heading += f" ({section.name})"
    if section.status:
        heading += f": {section.status}"
    return [heading, *(INDENT + line for line in section.lead), *joined(section.blocks, exact, _block)]


def field_text(item: Field, exact: bool) -> str:
    """What people read for one field."""
    if item.text is not None:
        return item.text
    assert isinstance(item.value, Value) or item.value is None, f"field {item.key!r} needs a text"
    return "n/a" if item.value is None else human(item.value, exact)


def shown_fields(block: Fields) -> list[Field]:
    """The fields people read: those with a label, less empty lists."""
    return [f for f in block.fields if f.label is not None and not (isinstance(f.value, tuple) and not f.value)]


def _fields(block: Fields, exact: bool) -> list[str]:
    if block.layout == "aligned":
        shown = shown_fields(block)
        width = max((len(f.label or "") for f in shown), default=0)
        return [f"{(f.label or '').rjust(width)}: {field_text(f, exact)}" for f in shown]
    return field_lines(block, exact)


def field_lines(block: Fields, exact: bool) -> list[str]:
    """A "lines" block: "label: text" per field, a list as "  - item" lines under its label."""
    lines = []
    for f in shown_fields(block):
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
    body = [["" if row[i] is None else human(row[i], exact) for i in shown] for row in table.rows]  # type: ignore[arg-type]
    grid = tabulate(body, headers=headers, tablefmt=tablefmt, disable_numparse=True,
                    colalign=tuple(table.columns[i].align for i in shown))
    return ([table.caption] if table.caption else []) + grid.split("\n")


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
