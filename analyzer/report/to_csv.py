"""The CSV renderer: a document's data table, one header and one row per line.

A document's CSV is its tables marked ``csv`` (their machine columns, after
the ``context`` fields of the document and the sections around them), or
else its key/value block marked ``csv`` as (figure, value) rows. Several
documents (one per rule set) share one header. Counts are plain digits,
decimals rounded exactly (fractions with ``--exact``), percentages written
as fractions of 1.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from ..errors import InputError
from .model import Block, Document, Fields, Section, Value
from .values import csv_text


def render_csv(documents: Sequence[Document], exact: bool = False) -> str:
    """One CSV for one or more documents of the same kind."""
    header: list[str] | None = None
    rows: list[list[str]] = []
    for document in documents:
        found = _rows(document, exact)
        if found is None:
            raise InputError(f"The report '{document.title}' has no table to write as CSV; use --format table or json.")
        head, body = found
        if header is None:
            header = head
        elif head != header:
            raise AssertionError(f"CSV documents disagree on columns: {head} != {header}")
        rows.extend(body)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header or [])
    writer.writerows(rows)
    return buffer.getvalue()


def _rows(document: Document, exact: bool) -> tuple[list[str], list[list[str]]] | None:
    header: list[str] | None = None
    rows: list[list[str]] = []
    for context, table in document.tables():
        if not table.csv:
            continue
        keyed = [(i, c.key) for i, c in enumerate(table.columns) if c.key is not None]
        head = [f.key for f in context if f.key is not None] + [key for _, key in keyed if key is not None]
        if header is None:
            header = head
        elif head != header:
            raise AssertionError(f"CSV tables of one document disagree on columns: {head} != {header}")
        prefix = [_context_text(f.value, exact) for f in context if f.key is not None]
        rows.extend(prefix + [csv_text(row[i], exact) for i, _ in keyed] for row in table.rows)
    if header is not None:
        return header, rows
    block = _csv_fields(document.blocks)
    if block is None:
        return None
    return ["figure", "value"], [[f.key, _context_text(f.value, exact)] for f in block.fields if f.key is not None]


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
