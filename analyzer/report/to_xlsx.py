"""The workbook renderer: documents as an .xlsx workbook whose par sheets compute themselves.

One sheet "About" holds each document's provenance and what it says in
words; then one sheet per table. A par sheet (a table whose columns carry
the roles "combinations", "probability", "pays" and "return") is written in
the usual layout with **live formulas**: each probability is its count over
the Totals count, each return its probability times its pay, and the
Totals, expected value, house edge, RTP, element of risk, hit and push
frequencies, variance and standard deviation are formulas over the cells
above them, so an evaluator can change a pay and watch the edge move. Each
formula is stored with its computed value (a viewer that does not
recalculate still shows the figures). Excel holds numbers as doubles, 15
significant digits: so every count is also kept as text, digit for digit,
and each figure's exact fraction as analysed stands beside its formula.

Other tables (a comparison, effects of removal) are written as values. The
file is byte-stable: xlsxwriter dates every part of the zip 1980-01-01 and
the workbook's creation date is pinned, so ``results/`` can hold it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from datetime import datetime
from fractions import Fraction
from typing import Any

from ..numbers import fraction_text
from .common import FIGURES
from .model import Block, Document, Fields, Figure, Prose, Section, Table, Value
from .provenance import provenance_lines
from .to_text import field_lines, figure_lines
from .values import human

ABOUT_WIDTH = 110
"""Characters across the About sheet's one column; longer lines wrap."""
CREATED = datetime(2000, 1, 1)
"""The workbook's creation date, pinned: the provenance says which version made it and how."""
EXACT_DOUBLE = 2**53
FIGURE_KEYS = frozenset(key for key, _, _ in FIGURES)
"""The keys of a par sheet's exact figures in its document (:data:`analyzer.report.common.FIGURES`)."""
ROLES = ("combinations", "probability", "pays", "return")
_BAD_NAME = re.compile(r"[\[\]:*?/\\]")


def render_xlsx(documents: Sequence[Document]) -> bytes:
    """The documents as one workbook: an About sheet, then a sheet per table (par sheets with live formulas)."""
    import xlsxwriter  # type: ignore[import-untyped]  # imported only when a workbook is written; it ships no types

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False, "strings_to_formulas": False})
    book.set_properties(
        {
            "title": "; ".join(d.title for d in documents),
            "created": CREATED,
            "comments": "Written by baccarat-analyzer; see the About sheet for its provenance.",
        }
    )
    writer = _Writer(book)
    writer.about(documents)
    for document in documents:
        for title, table, figures in _tables(document.blocks, "", {}):
            if all(any(c.role == role for c in table.columns) for role in ROLES):
                writer.par_sheet(document, title, table, figures)
            else:
                writer.values(title, table)
    book.close()
    return buffer.getvalue()


def _tables(
    blocks: Sequence[Block], title: str, figures: dict[str, Fraction | None]
) -> Iterator[tuple[str, Table, dict[str, Fraction | None]]]:
    """Every table people read, with the name of what holds it (its section's name or title) and the exact
    figures beside it (the analysed expected value, house edge, ... of a par sheet, by key)."""
    here = dict(figures)
    for block in blocks:
        if isinstance(block, Fields):
            here.update(
                {
                    f.key: _exact(f.value)
                    for f in block.fields
                    if f.key in FIGURE_KEYS and (f.value is None or isinstance(f.value, Value))
                }
            )
    for block in blocks:
        if isinstance(block, Table) and block.human and block.rows:
            yield title or block.caption or "Table", block, here
        elif isinstance(block, Section) and block.human:
            yield from _tables(block.blocks, block.name or block.title, {})


def _exact(value: Value | None) -> Fraction | None:
    """A value's exact number, or None."""
    if value is None or isinstance(value.data, bool) or not isinstance(value.data, Fraction | int):
        return None
    return Fraction(value.data)


def _number(value: Value | None) -> Any:
    """A cell's content: a number where the value is one (a count past 2**53 as its digits), else its text."""
    if value is None:
        return None
    if value.kind in ("count", "integer") and isinstance(value.data, int) and value.text is None:
        return value.data if abs(value.data) < EXACT_DOUBLE else str(value.data)
    if (
        value.kind in ("decimal", "percent", "fraction", "odds")
        and isinstance(value.data, Fraction | int)
        and value.text is None
    ):
        return float(value.data)
    if value.kind == "real" and isinstance(value.data, float) and value.text is None:
        return value.data
    return human(value)


class _Writer:
    def __init__(self, book: Any) -> None:
        self.book = book
        self.names: set[str] = set()
        self.bold = book.add_format({"bold": True})
        self.title = book.add_format({"bold": True, "font_size": 13})
        self.head = book.add_format(
            {"bold": True, "bottom": 2, "bg_color": "#F3F5F8", "text_wrap": True, "valign": "top"}
        )
        self.head_right = book.add_format(
            {"bold": True, "bottom": 2, "bg_color": "#F3F5F8", "align": "right", "text_wrap": True, "valign": "top"}
        )
        self.count = book.add_format({"num_format": "#,##0"})
        self.total_count = book.add_format({"num_format": "#,##0", "bold": True, "top": 2})
        self.decimal = book.add_format({"num_format": "0.00000000"})
        self.total_decimal = book.add_format({"num_format": "0.00000000", "bold": True, "top": 2})
        self.total_label = book.add_format({"bold": True, "top": 2})
        self.pays = book.add_format({"num_format": "0.00##", "bg_color": "#FFF7D6"})
        self.percent = book.add_format({"num_format": "0.0000%"})
        self.sd = book.add_format({"num_format": "0.0000"})
        self.text = book.add_format({"num_format": "@", "font_color": "#5B6472"})
        self.wrap = book.add_format({"text_wrap": True, "valign": "top"})

    def sheet(self, wanted: str) -> Any:
        base = _BAD_NAME.sub("-", wanted).strip("'")[:31] or "Sheet"
        name, n = base, 1
        while name.lower() in self.names:
            n += 1
            name = f"{base[: 31 - len(str(n)) - 1]}-{n}"
        self.names.add(name.lower())
        sheet = self.book.add_worksheet(name)
        sheet.set_landscape()
        sheet.fit_to_pages(1, 0)  # printed one page wide, as many long as it takes
        return sheet

    def about(self, documents: Sequence[Document]) -> None:
        sheet = self.sheet("About")
        sheet.set_column(0, 0, ABOUT_WIDTH, self.wrap)
        row = 0
        for document in documents:
            sheet.write(row, 0, document.title, self.title)
            row += 1
            lines = provenance_lines(document.provenance) if document.provenance else []
            lines += ["", *_words(document.blocks)]
            for line in lines:
                sheet.write_string(row, 0, line, self.wrap)
                sheet.set_row(row, 15 * max(1, -(-len(line) // ABOUT_WIDTH)))  # room for the wrapped lines
                row += 1
            row += 1
        note = (
            "Par sheets: probability = combinations / Totals; return = probability x pays; the figures below each "
            "table are formulas over it. Change a pay (shaded) and the house edge, RTP and the rest follow. Counts "
            "are also kept as text, digit for digit (a spreadsheet number holds 15 significant digits)."
        )
        sheet.write_string(row, 0, note, self.wrap)
        sheet.set_row(row, 15 * -(-len(note) // ABOUT_WIDTH))

    def values(self, title: str, table: Table) -> None:
        sheet = self.sheet(title)
        shown = [i for i, c in enumerate(table.columns) if c.title is not None]
        if table.caption:
            sheet.write_string(0, 0, table.caption, self.bold)
        top = 1 if table.caption else 0
        for j, i in enumerate(shown):
            column = table.columns[i]
            sheet.write(top, j, column.title, self.head_right if column.align == "right" else self.head)
            sheet.set_column(j, j, 12 if j else 22)
        for r, cells in enumerate(table.rows, start=top + 1):
            for j, i in enumerate(shown):
                content = _number(cells[i])
                if content is not None:
                    sheet.write(r, j, content)
        sheet.freeze_panes(top + 1, 1)

    def par_sheet(self, document: Document, title: str, table: Table, figures: dict[str, Fraction | None]) -> None:
        sheet = self.sheet(title)
        role = {c.role: i for i, c in enumerate(table.columns) if c.role}
        name_column = next(i for i, c in enumerate(table.columns) if c.role is None)
        sheet.write_string(0, 0, f"{title}: {document.title}", self.title)
        sheet.write_string(1, 0, "wager")
        sheet.write_string(1, 1, title)
        if document.provenance is not None and document.provenance.shoe:
            sheet.write_string(2, 0, "shoe")
            sheet.write_string(2, 1, document.provenance.shoe)
        head = 4
        sheet.set_row(head, 30)
        for j, (label, right) in enumerate(
            (
                ("outcome", False),
                ("combinations", True),
                ("probability", True),
                ("pays", True),
                ("return", True),
                ("combinations (exact)", True),
                ("pays as printed", True),
            )
        ):
            sheet.write(head, j, label, self.head_right if right else self.head)
        for j, width in enumerate((26, 24, 13, 9, 13, 24, 14)):
            sheet.set_column(j, j, width)
        first, last = head + 2, head + 1 + len(table.rows)
        total = last + 1
        cell_b, cell_c, cell_d = f"B{first}:B{last}", f"C{first}:C{last}", f"D{first}:D{last}"
        counts = [_exact(cells[role["combinations"]]) for cells in table.rows]
        denominator = int(sum(c for c in counts if c is not None))
        paid = True
        for k, cells in enumerate(table.rows):
            r = head + 1 + k
            p = cells[role["pays"]]
            count = int(counts[k] or 0)
            probability = _exact(cells[role["probability"]]) or Fraction(0)
            name = cells[name_column]
            sheet.write_string(r, 0, "" if name is None else human(name))
            sheet.write_number(r, 1, count, self.count)
            sheet.write_formula(r, 2, f"=B{r + 1}/B${total}", self.decimal, float(probability))
            sheet.write_string(r, 5, str(count), self.text)
            pay = _exact(p)
            if p is None or pay is None:
                paid = False
                sheet.write_string(r, 6, human(p) if p is not None else "", self.text)
                continue
            if pay.denominator in (1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100):
                sheet.write_number(r, 3, float(pay), self.pays)
            else:
                sheet.write_formula(r, 3, f"={pay.numerator}/{pay.denominator}", self.pays, float(pay))
            sheet.write_formula(r, 4, f"=C{r + 1}*D{r + 1}", self.decimal, float(probability * pay))
            sheet.write_string(r, 6, human(p), self.text)
        t = total - 1
        sheet.write_string(t, 0, "Totals", self.total_label)
        sheet.write_formula(t, 1, f"=SUM({cell_b})", self.total_count, denominator)
        sheet.write_formula(t, 2, f"=SUM({cell_c})", self.total_decimal, 1.0)
        sheet.write_blank(t, 3, None, self.total_label)
        sheet.write_string(t, 5, str(denominator), self.text)
        if paid and figures.get("expected_value") is not None:
            sheet.write_formula(
                t, 4, f"=SUM(E{first}:E{last})", self.total_decimal, float(figures["expected_value"] or 0)
            )
            self._figures(sheet, figures, total + 3, total, cell_c, cell_d)
        else:
            sheet.write_string(
                total + 1,
                0,
                "No pay table for this wager: no house edge (each outcome's probability "
                "and fair odds are in the report).",
            )
        sheet.freeze_panes(head + 1, 1)

    def _figures(
        self, sheet: Any, analysed: dict[str, Fraction | None], top: int, total: int, cell_c: str, cell_d: str
    ) -> None:
        """The figures under a par sheet: formulas over it, each stored with the exact figure as analysed (the
        document's, not recomputed here), which also stands beside it as a fraction."""
        ev_cell, edge_cell, var_cell = f"B{top}", f"B{top + 1}", f"B{top + 6}"
        variance = analysed.get("variance")
        formulas = [
            ("expected value", f"=E{total}", "expected_value", self.decimal),
            ("house edge", f"=-{ev_cell}", "house_edge", self.percent),
            ("RTP", f"=1+{ev_cell}", "rtp", self.percent),
            (
                "element of risk",
                f"=IF(1-B{top + 5}=0,NA(),{edge_cell}/(1-B{top + 5}))",
                "element_of_risk",
                self.percent,
            ),
            ("hit frequency", f'=SUMIF({cell_d},">0",{cell_c})', "hit_frequency", self.decimal),
            ("push frequency", f"=SUMIF({cell_d},0,{cell_c})", "push_frequency", self.decimal),
            ("variance", f"=SUMPRODUCT({cell_c},{cell_d},{cell_d})-{ev_cell}^2", "variance", self.decimal),
        ]
        figures: list[tuple[str, str, Fraction | None, Any, float]] = [
            (label, formula, analysed.get(key), style, float(analysed.get(key) or 0))
            for label, formula, key, style in formulas
        ]
        figures.append(("standard deviation", f"=SQRT({var_cell})", None, self.sd, float(variance or 0) ** 0.5))
        sheet.set_row(top - 2, 30)
        sheet.write_string(top - 2, 0, "figure", self.head)
        sheet.write_string(top - 2, 1, "formula (live)", self.head_right)
        sheet.write_string(top - 2, 2, "exact, as analysed", self.head_right)
        for k, (label, formula, exact, style, cached) in enumerate(figures):
            sheet.write_string(top - 1 + k, 0, label)
            sheet.write_formula(top - 1 + k, 1, formula, style, cached)
            if exact is not None:
                sheet.write_string(top - 1 + k, 2, fraction_text(exact), self.text)


def _words(blocks: Sequence[Block]) -> list[str]:
    """What a document says in words (its key/value lines and notes), for the About sheet."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Fields) and block.layout in ("lines", "labelled"):
            lines.extend(field_lines(block, False))
        elif isinstance(block, Prose) and block.human:
            lines.extend(block.lines)
        elif isinstance(block, Figure):
            lines.append(figure_lines(block, False, "simple")[0])
        elif isinstance(block, Section) and block.human:
            inner = _words(block.blocks)
            if inner:
                lines += ["", f"{block.title}" + (f" ({block.name})" if block.name else ""), *inner]
    return lines
