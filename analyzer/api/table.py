"""How a notebook shows a result: rows of typed values (the report model's), read as the text output reads them.

A result's rows are kept as :class:`~analyzer.report.model.Value` objects, each with its exact data and its kind
(a pay, a percentage, a decimal, a count), so that one row gives both readings: :func:`exact_rows` the exact data a
program reads (Fractions, ints: ``to_records()``), :func:`html_table` the text a person reads (``"19:20"``,
``"1.0579%"``, ``"2,292,252,566,437,888"``, exactly as ``baccarat analyze`` prints them), with the exact fraction
of every rounded figure in its cell's tooltip, or in the cell itself with ``exact=True``.

>>> from fractions import Fraction
>>> from analyzer.report.model import pays, percent
>>> html = html_table([{"pays": pays(Fraction(19, 20)), "house edge": percent(Fraction(1, 3))}], "A")
>>> "<td>19:20</td>" in html, '<td title="1/3">33.3333%</td>' in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..numbers import fraction_text
from ..report.model import Fields, Value, count, flag, fraction, real, text
from ..report.values import exact_data, human

ROUNDED: tuple[str, ...] = ("decimal", "percent", "odds")
"""The kinds of value a person reads rounded, whose cells carry the exact fraction as their tooltip."""
EXACT: tuple[str, ...] = (*ROUNDED, "fraction")
"""The kinds of value whose exact fraction a cell shows with ``exact=True``, and otherwise in its tooltip wherever the
text people read is not that fraction (rounded, or written otherwise: an amount of money "67,647.47")."""

Row = Mapping[str, Value]
"""One row of a notebook table: a typed value per column."""


def typed(value: object) -> Value:
    """A plain value typed as a report would type it when nothing says better: a whole number as a count, a
    Fraction as itself, a float as a real, a bool as a flag, anything else as text."""
    if isinstance(value, Value):
        return value
    if isinstance(value, bool):
        return flag(value)
    if isinstance(value, int):
        return count(value)
    if isinstance(value, Fraction):
        return fraction(value)
    if isinstance(value, float):
        return real(value)
    if isinstance(value, (list, tuple)):
        return text(", ".join(str(v) for v in value))
    return text(None if value is None else str(value))


def exact_rows(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Each row's values as a program reads them: Fractions (pays too), ints, floats, text."""
    return [{key: exact_data(value) for key, value in row.items()} for row in rows]


def _cell(given: object, exact: bool) -> str:
    import html  # only when a notebook shows a table

    value = typed(given)
    data = value.data
    if isinstance(data, Fraction) and value.kind in EXACT:
        fraction = fraction_text(data)
        if exact:
            return f"<td>{html.escape(fraction)}</td>"
        shown = human(value)
        if shown != fraction:
            return f'<td title="{html.escape(fraction)}">{html.escape(shown)}</td>'
    return f"<td>{html.escape(human(value, exact))}</td>"


def figure_rows(fields: Fields) -> list[dict[str, Value]]:
    """A report's key/value block as rows of a two-column table, ``figure`` and ``value``: each value as the text
    output prints it (the field's own text where it has one), its exact fraction kept for the tooltip. Fields for
    machines only (no label) and sentences without a label are left out."""
    rows = []
    for f in fields.fields:
        if not f.label:
            continue
        if isinstance(f.value, Value):
            value = f.value if f.text is None else replace(f.value, text=f.text)
        elif f.text is not None or not isinstance(f.value, tuple):
            value = text(f.text)
        else:
            value = text(", ".join(human(v) for v in f.value))
        rows.append({"figure": text(f.label), "value": value})
    return rows


def html_table(rows: Sequence[Mapping[str, object]], caption: str, exact: bool = False) -> str:
    """A plain HTML table of ``rows`` (typed values, or plain ones typed by :func:`typed`): each value as the text
    output prints it (``exact``: every fraction as ``p/q``); a rounded figure's exact fraction is its cell's tooltip.
    Every text is escaped (names come from rule files)."""
    import html  # only when a notebook shows a table

    columns = list(dict.fromkeys(key for row in rows for key in row))
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(_cell(row[c], exact) if c in row else "<td></td>" for c in columns) + "</tr>" for row in rows
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
