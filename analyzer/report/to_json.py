"""The JSON renderer: a document as data, exact.

An object holds the machine-keyed fields, tables and sections of its blocks
in order (a container's ``key_order`` first; a dotted key such as
``card.totals`` nests one object in another); a table is a list of row
objects (or a matrix keyed by column, then row); sections with one key form
a list. Fractions are "p/q" strings and large counts digit strings, so
nothing is rounded and nothing loses digits; floats (a standard deviation)
are numbers. :func:`document_data` with ``exact=True`` gives the same structure
with the values themselves (Fractions, ints), which the notebook API reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .model import Block, Document, Field, Fields, Figure, Prose, Section, Table, Value
from .provenance import provenance_data
from .values import exact_data, machine

Convert = Callable[[Value | None], Any]


def document_data(document: Document, exact: bool = False) -> dict[str, Any]:
    """The document as a JSON-ready object; ``provenance`` first when the document has one.

    With ``exact``, each value is itself (:func:`.values.exact_data`: a Fraction, an int) instead of its JSON text.
    """
    data = _ordered(_blocks(document.blocks, exact_data if exact else machine), document.key_order)
    return data if document.provenance is None else {"provenance": provenance_data(document.provenance), **data}


def document_values(document: Document) -> dict[str, Any]:
    """The structure of :func:`document_data` with each value the typed :class:`~.model.Value` itself, for a reader
    that shows each as people read it (the notebook's tables) and keeps the exact data beside it."""
    return _ordered(_blocks(document.blocks, lambda value: value), document.key_order)


def render_json(document: Document) -> str:
    """One document as a JSON object."""
    return json.dumps(document_data(document), indent=2) + "\n"


def render_json_list(documents: Sequence[Document]) -> str:
    """Several documents (one per rule set) as a JSON array, whatever their number."""
    return json.dumps([document_data(d) for d in documents], indent=2) + "\n"


def _ordered(data: dict[str, Any], first: tuple[str, ...]) -> dict[str, Any]:
    if not first:
        return data
    return {**{k: data[k] for k in first if k in data}, **{k: v for k, v in data.items() if k not in first}}


def _place(data: dict[str, Any], key: str) -> tuple[dict[str, Any], str]:
    """The object a dotted key ("card.totals") lands in, and its last part."""
    *path, last = key.split(".")
    for part in path:
        data = data.setdefault(part, {})
    return data, last


def _blocks(blocks: Sequence[Block], convert: Convert) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for block in blocks:
        if isinstance(block, Fields):
            if block.key is None:
                data.update(_fields(block.fields, convert))
            else:
                parent, last = _place(data, block.key)
                parent.setdefault(last, {}).update(_fields(block.fields, convert))
        elif isinstance(block, Table) and block.key is not None:
            parent, last = _place(data, block.key)
            parent[last] = _table(block, convert)
        elif isinstance(block, Prose) and block.key is not None:
            parent, last = _place(data, block.key)
            parent[last] = " ".join(block.lines)
        elif isinstance(block, Figure) and block.key is not None:
            parent, last = _place(data, block.key)
            parent[last] = _figure(block, convert)
        elif isinstance(block, Section) and block.key is not None:
            parent, last = _place(data, block.key)
            parent.setdefault(last, []).append(_ordered(_blocks(block.blocks, convert), block.key_order))
    return data


def _fields(fields: Sequence[Field], convert: Convert) -> dict[str, Any]:
    return {f.key: _value(f.value, convert) for f in fields if f.key is not None}


def _value(value: Value | Fields | tuple[Value, ...] | None, convert: Convert) -> Any:
    if isinstance(value, Fields):
        return _fields(value.fields, convert)
    if isinstance(value, tuple):
        return [convert(v) for v in value]
    return convert(value)


def _table(table: Table, convert: Convert) -> Any:
    keyed = [(i, c.key) for i, c in enumerate(table.columns) if c.key is not None]
    if not table.by_column:
        return [{key: convert(row[i]) for i, key in keyed} for row in table.rows]
    (first, _), rest = keyed[0], keyed[1:]
    return {
        key: {str(machine(row[first])): convert(row[i]) for row in table.rows if row[i] is not None} for i, key in rest
    }


def _figure(figure: Figure, convert: Convert) -> dict[str, Any]:
    """A plot as data: its title, axes, reference lines and the points it shows (its table's rows)."""
    return {
        "title": figure.title,
        "x": figure.x_label,
        "y": figure.y_label,
        "references": [{"label": r.label, "value": convert(r.value)} for r in figure.references],
        "points": _table(figure.data, convert),
    }
