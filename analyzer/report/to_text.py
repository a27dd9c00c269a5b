"""The text renderer: a document as a person reads it in a terminal.

Blocks are separated by one blank line. A section is headed
"== title (name): status", its lead lines indented under the heading, its
first block right below; tables are the "simple" grid of :mod:`.grid`; aligned fields
right-align their labels. The document's title is left out: the command
line is right above the output.

Everything fits :data:`WIDTH` columns where it can: sentences and key/value
lines wrap with a hanging indent, and a table wider than that wraps the
text of its widest columns inside their cells (a table whose columns cannot
narrow enough, such as a wide matrix of numbers, stays as it is).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from .grid import simple_grid
from .model import Block, Document, Field, Fields, Figure, Prose, Section, Table, Value
from .provenance import provenance_lines
from .values import human

INDENT = "   "
"""Lead lines of a section, under its heading."""
RECORD_INDENT = "    "
"""The lines of a record, under its head."""
WIDTH = 100
"""The columns text output fits in, where it can."""
NARROWEST = 16
"""A table's text column is not wrapped narrower than this."""


def wrapped(line: str, hang: int | None = None) -> list[str]:
    """``line`` broken to fit :data:`WIDTH` columns; continuation lines indented by ``hang``.

    By default the hang is the line's own indentation plus two spaces (a
    "  - " item's text hangs under its text).

    >>> wrapped("Rule set: " + "word " * 30)[1]
    '  word word word word word word word word word word word word'
    """
    if len(line) <= WIDTH:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    if hang is None:
        hang = lead + (4 if line.lstrip(" ").startswith("- ") else 2)
    return textwrap.wrap(
        line, width=WIDTH, subsequent_indent=" " * hang, break_long_words=False, break_on_hyphens=False
    ) or [line]


def _fitted(lines: Sequence[str], hang: int | None = None) -> list[str]:
    return [part for line in lines for part in wrapped(line, hang)]


def render_text(document: Document, exact: bool = False) -> str:
    """``document`` as text, ending with a newline; its provenance heads it (or follows its front page)."""
    head = provenance_lines(document.provenance) + [""] if document.provenance else []  # identifiers: never broken
    before, after = document.parts
    front = joined(before, exact, _block)
    return "\n".join([*front, *([""] if front else []), *head, *joined(after, exact, _block)]) + "\n"


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
        return table_lines(block, exact, "simple", WIDTH) if block.human else []
    if isinstance(block, Prose):
        if not block.human:
            return []
        return list(block.lines) if block.code else _fitted(block.lines)  # a formula is never broken
    if isinstance(block, Figure):
        return figure_lines(block, exact, "simple", WIDTH)
    return _section(block, exact)


def figure_lines(figure: Figure, exact: bool, tablefmt: str, width: int | None = None) -> list[str]:
    """A plot for people who read text: its title, how to read it, and the data it shows as a table."""
    lines = [f"Figure: {figure.title}"] + ([figure.caption] if figure.caption else [])
    lines += [f"{r.label}: {human(r.value, exact)}" for r in figure.references]
    return (_fitted(lines) if width is not None else lines) + table_lines(figure.data, exact, tablefmt, width)


def _section(section: Section, exact: bool) -> list[str]:
    if not section.human:
        return []
    heading = f"== {section.title}"
    if section.name:
        heading += f" ({section.name})"
    if section.status:
        heading += f": {section.status}"
    lead = _fitted([INDENT + line for line in section.lead], len(INDENT) + 2)
    return [*wrapped(heading), *lead, *joined(section.blocks, exact, _block)]


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
        return _fitted([f"{(f.label or '').rjust(width)}: {field_text(f, exact)}" for f in shown], width + 2)
    return _fitted(field_lines(block, exact))


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


def table_lines(table: Table, exact: bool, tablefmt: str, width: int | None = None) -> list[str]:
    """A table as a grid (or as records), with its caption above it.

    ``tablefmt`` is "simple" (the terminal's grid, :func:`.grid.simple_grid`)
    or a format of tabulate's ("pipe" for Markdown), imported only then.

    With ``width``, the widest text columns wrap inside their cells until
    the grid fits, where narrowing them to :data:`NARROWEST` can make it fit.
    """
    if table.records:
        return _records(table, exact)
    shown = [i for i, c in enumerate(table.columns) if c.title is not None]
    headers = [table.columns[i].title or "" for i in shown]
    rows = [*table.rows, *((table.footer,) if table.footer is not None else ())]
    body = [["" if (cell := row[i]) is None else human(cell, exact) for i in shown] for row in rows]
    align = tuple(table.columns[i].align for i in shown)

    def render(cells: list[list[str]]) -> str:
        if tablefmt == "simple":
            return simple_grid(headers, cells, align)
        from tabulate import tabulate

        return tabulate(cells, headers=headers, tablefmt=tablefmt, disable_numparse=True, colalign=align)

    grid = (render(body) if width is None else _narrowed(headers, body, width, render)).split("\n")
    if table.footer is not None and tablefmt == "simple":
        grid.insert(len(grid) - 1, grid[1])  # the rule under the headers, again above the totals (a one-line row)
    caption = (
        _fitted([table.caption]) if table.caption and width is not None else [table.caption] if table.caption else []
    )
    return caption + grid


def _narrowed(headers: list[str], body: list[list[str]], width: int, render: Callable[[list[list[str]]], str]) -> str:
    """The grid rendered to fit ``width``, the text of its columns of words wrapped inside their cells.

    Only columns of words (text with spaces) narrow, and all of them share
    the cut: each is capped at one width, lowered until the grid fits but
    never below :data:`NARROWEST`. A grid that cannot fit so is left as it is.
    """
    grid = render(body)
    words = [k for k in range(len(headers)) if any(" " in row[k] for row in body)]
    if not words:
        return grid
    cap = max(max(len(row[k]) for row in body) for k in words)
    while (excess := max(map(len, grid.split("\n"))) - width) > 0 and cap > NARROWEST:
        cap = max(NARROWEST, cap - max(1, -(-excess // len(words))))
        grid = render([[_wrap_cell(cell, cap) if k in words else cell for k, cell in enumerate(row)] for row in body])
    return grid if max(map(len, grid.split("\n"))) <= width else render(body)


def _wrap_cell(text: str, cap: int) -> str:
    lines = textwrap.wrap(text, width=cap, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines) if lines else text


def record_cells(table: Table, row: Sequence[Value | None], exact: bool) -> tuple[list[Value], list[tuple[str, Value]]]:
    """One row of a table shown as records: the cells of its head line (``head`` columns that read as something),
    then (title, cell) of every other column people read that holds something."""
    cells = list(zip(table.columns, row))
    head = [
        cell
        for column, cell in cells
        if column.head and column.title is not None and cell is not None and human(cell, exact)
    ]
    body = [
        (column.title or "", cell)
        for column, cell in cells
        if column.title is not None
        and not column.head
        and cell is not None
        and (cell.data is not None or cell.text is not None)
    ]
    return head, body


def _records(table: Table, exact: bool) -> list[str]:
    out: list[str] = []
    width = max((len(c.title or "") + 1 for c in table.columns if c.title is not None and not c.head), default=0)
    for row in table.rows:
        if out:
            out.append("")
        head, body = record_cells(table, row, exact)
        out.extend(wrapped(" ".join(human(cell, exact) for cell in head), len(RECORD_INDENT)))
        for title, cell in body:
            out.extend(
                wrapped(
                    f"{RECORD_INDENT}{(title + ':').ljust(width)} {human(cell, exact)}", len(RECORD_INDENT) + width + 1
                )
            )
    return (_fitted([table.caption]) + [""] if table.caption else []) + out
