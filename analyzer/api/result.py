"""A command's result as a program reads it: the command's document, and from it records and tables.

:class:`Result` serves the studies whose figures live in their report (a counting study, a
verification): :meth:`Result.data` is the structure of the command's ``--format json`` output with
every value itself (exact Fractions and ints instead of "p/q" and digit strings), and
:meth:`Result.to_records` the rows of one of its lists, so that a notebook reads exactly the figures
every format prints, and nothing is computed twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, shown
from ..report.model import Document
from .common import html_table, to_frame


@dataclass(frozen=True, slots=True)
class Result:
    """The document of one command's run; ``records`` names the list :meth:`to_records` reads by default."""

    report: Document
    records: str

    def document(self) -> Document:
        """The command's document of the report model (provenance included)."""
        return self.report

    def data(self) -> dict[str, Any]:
        """The ``--format json`` structure, each value exact: Fractions (pays too), ints, floats where the figure is
        one (a standard deviation, a simulated mean)."""
        from ..report.to_json import document_data

        return document_data(self.report, exact=True)

    def lists(self) -> tuple[str, ...]:
        """The keys of the document's lists of rows (each one :meth:`to_records` can read)."""
        return tuple(
            k for k, v in self.data().items() if isinstance(v, list) and all(isinstance(r, Mapping) for r in v)
        )

    def to_records(self, key: str | None = None) -> list[dict[str, Any]]:
        """The rows of the list ``key`` (default: :attr:`records`), one dict each; a nested object's figures become
        columns named ``outer.inner``, and nested lists (a table by count) are left as they are."""
        name = self.records if key is None else key
        rows = self.data().get(name)
        if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
            raise InputError(f"This result has no list {shown(name)}; it has: {', '.join(self.lists()) or 'none'}.")
        return [_flat(row) for row in rows]

    def to_frame(self, key: str | None = None) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records(key))

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document in one of the command line's formats (text, md, csv, json, html; pdf and xlsx as bytes)."""
        from ..report.output import produce

        return produce(self.report, fmt, exact)

    def _repr_html_(self) -> str:
        records = [{k: v for k, v in r.items() if not isinstance(v, list)} for r in self.to_records()]
        return html_table(records, self.report.title)


def _flat(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, Mapping):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat
