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
from ..report.model import Document, Value
from .common import rendered, to_frame
from .table import html_table


@dataclass(frozen=True, slots=True, repr=False)
class Result:
    """The document of one command's run; ``records`` names the list :meth:`to_records` reads by default.

    In Jupyter it shows that list as a table, each value as the command's text output prints it (every rounded
    figure's exact fraction in its tooltip; :meth:`to_html` with ``exact=True`` shows the fractions).
    """

    report: Document
    records: str

    def __repr__(self) -> str:
        data = self.data()
        rows = data.get(self.records)
        n = len(rows) if isinstance(rows, list) else 0
        rule_set = data.get("rule_set")
        under = f" under {rule_set}" if isinstance(rule_set, str) and rule_set not in self.report.title else ""
        return (
            f"<{type(self).__name__}: {self.report.title}{under}; {n:,} row{'' if n == 1 else 's'} of {self.records}>"
        )

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

    def to_frame(self, key: str | None = None, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra): exact Fractions in ``object`` columns;
        ``floats=True`` adds a ``float64`` twin of each (``NAME_float``) for plotting."""
        return to_frame(self.to_records(key), floats)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as the command's ``--format FMT`` writes it (text, md, csv, json, html; xlsx and pdf as
        bytes)."""
        return rendered(self.report, fmt, exact)

    def to_html(self, key: str | None = None, exact: bool = False) -> str:
        """The rows of the list ``key`` (default: :attr:`records`) as a table, each value as the text output prints
        it (``exact``: fractions); nested lists (a table by count) are left out."""
        from ..report.to_json import document_values

        name = self.records if key is None else key
        self.to_records(name)  # refuses a name that is not a list of rows
        rows = [_flat(r) for r in document_values(self.report)[name]]
        cells = [{k: v for k, v in row.items() if isinstance(v, Value)} for row in rows]
        return html_table(cells, f"{self.report.title}: {name}", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def _flat(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, Mapping):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat
