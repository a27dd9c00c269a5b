"""The CSV renderer: a document's data table, one header and one row per line.

A document's CSV is its tables marked ``csv`` (their machine columns, after
the ``context`` fields of the document and the sections around them), or
else its key/value block marked ``csv`` as (figure, value) rows. Several
documents (one per rule set) share one header. A document's provenance ends
every row (the version, and each file with its SHA-256). Counts are plain digits,
decimals rounded exactly (fractions with ``--exact``); a percentage that
rows repeat (a house edge) gets two columns that say their unit: ``KEY``, a
fraction of 1, and ``KEY_percent``, the same in percent.

No cell is ever read as a formula by the spreadsheet a regulator opens the file in, and no text
starts a row or a cell of its own: every cell goes through :func:`csv_cell`. A text cell (a name
from a rule file, say) that begins with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or a
line feed is written with a leading ``'`` (the OWASP rule against CSV injection), and so is every
such character that follows a carriage return, a line feed or a tab inside it (where a reader that
splits lines or tabs would start a new row or cell); a cell holding a comma, a quote, a carriage
return, a line feed or a tab is quoted (``"``, its quotes doubled), so a conforming reader keeps it
one cell. The numbers this program writes (``-0.0105``, ``-3/7``) are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import InputError, setting
from .model import Block, Document, Fields, Section, Value
from .provenance import CSV_COLUMNS, provenance_csv
from .values import csv_text, percent_number

FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r", "\n")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP, CSV injection), and the line breaks before one."""
BREAKS = "\r\n\t"
"""Where a reader that splits lines or tabs starts a new row or cell: what follows one is guarded as a cell's start."""
_INSIDE = re.compile(r"(?<=[\r\n\t])(?=[=+\-@])")
_QUOTED = re.compile(r'[",\r\n\t]')

_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?(/\d+)?|[-+]?inf")


def neutralised(cell: str) -> str:
    """``cell`` as it is safe to write in a CSV: a text that a spreadsheet would run gets a leading ``'``.

    >>> [neutralised(c) for c in ("=SUM(A1:A9)", "@cmd", "-0.0105", "-3/7", "- x", "banker")]
    ["'=SUM(A1:A9)", "'@cmd", '-0.0105', '-3/7', "'- x", 'banker']
    """
    if _NUMBER.fullmatch(cell):
        return cell
    guarded = "'" + cell if cell.startswith(FORMULA_LEADS) else cell
    return _INSIDE.sub("'", guarded) if any(c in guarded for c in BREAKS) else guarded


def csv_cell(cell: str) -> str:
    r"""``cell`` as one CSV field: :func:`neutralised`, then quoted if it holds a comma, a quote, a carriage return,
    a line feed or a tab (Python's CSV writer leaves a lone carriage return or a tab bare).

    >>> print(csv_cell("banker"), csv_cell("a,b"), csv_cell("-3/7"), csv_cell("@cmd"))
    banker "a,b" -3/7 '@cmd
    >>> csv_cell("x\r=cmd|' /C calc'!A0")
    '"x\r\'=cmd|\' /C calc\'!A0"'
    """
    safe = neutralised(cell)
    return '"' + safe.replace('"', '""') + '"' if _QUOTED.search(safe) else safe


def csv_line(cells: Sequence[str]) -> str:
    """One CSV row of :func:`csv_cell` fields, ended by a line feed (a lone empty field is written ``""``)."""
    if len(cells) == 1 and cells[0] == "":
        return '""\n'
    return ",".join(csv_cell(c) for c in cells) + "\n"


def render_csv(documents: Sequence[Document], exact: bool = False) -> str:
    """One CSV for one or more documents of the same kind."""
    header: list[str] | None = None
    rows: list[list[str]] = []
    stamped = any(d.provenance is not None for d in documents)
    for document in documents:
        found = _rows(document, exact)
        if found is None:
            raise InputError(
                f"The report '{document.title}' has no table to write as CSV; use "
                f"{setting('fmt', 'table', '--format')} or json."
            )
        head, body = found
        if stamped:
            head = head + list(CSV_COLUMNS)
            body = [row + provenance_csv(document.provenance) for row in body]
        if header is None:
            header = head
        elif head != header:
            raise AssertionError(f"CSV documents disagree on columns: {head} != {header}")
        rows.extend(body)
    return csv_line(header or []) + "".join(csv_line(row) for row in rows)


def _rows(document: Document, exact: bool) -> tuple[list[str], list[list[str]]] | None:
    header: list[str] | None = None
    rows: list[list[str]] = []
    for context, table in document.tables():
        if not table.csv:
            continue
        keyed = [(i, c.key) for i, c in enumerate(table.columns) if c.key is not None]
        shown = [f for f in context if f.key is not None]
        head = [name for f in shown for name in _names(f.key, f.value)] + [key for _, key in keyed if key is not None]
        if header is None:
            header = head
        elif head != header:
            raise AssertionError(f"CSV tables of one document disagree on columns: {head} != {header}")
        prefix = [cell for f in shown for cell in _cells(f.value, exact)]
        rows.extend(prefix + [csv_text(row[i], exact) for i, _ in keyed] for row in table.rows)
    if header is not None:
        return header, rows
    block = _csv_fields(document.blocks)
    if block is None:
        return None
    return ["figure", "value"], [[f.key, _context_text(f.value, exact)] for f in block.fields if f.key is not None]


def _names(key: str | None, value: object) -> list[str]:
    """A context field's columns: a percentage gets two, ``key`` as a fraction of 1 and ``key_percent``."""
    assert key is not None
    return [key, f"{key}_percent"] if isinstance(value, Value) and value.kind == "percent" else [key]


def _cells(value: object, exact: bool) -> list[str]:
    if isinstance(value, Value) and value.kind == "percent":
        return [csv_text(value, exact), percent_number(value, exact)]
    return [_context_text(value, exact)]


def _context_text(value: object, exact: bool) -> str:
    return csv_text(value, exact) if isinstance(value, Value) or value is None else ""


def _csv_fields(blocks: Sequence[Block]) -> Fields | None:
    for block in blocks:
        if isinstance(block, Fields) and block.csv:
            return block
        if isinstance(block, Section):
            found = _csv_fields(block.blocks)
            if found is not None:
                return found
    return None
