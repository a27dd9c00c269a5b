"""The PDF renderer: documents as a printable report, from the same content as the HTML.

fpdf2 lays it out (pure Python, installed by pip alone: no system library,
no browser): A4 pages, DejaVu Sans (the TrueType fonts matplotlib ships, so
every character of the text prints, "±", "√", "≤" included), tables that
break across pages and repeat their headings, and each plot drawn as vectors
from the SVG that :mod:`.plots` makes for the HTML. Sections are PDF
bookmarks; every page carries the document's title and its page number.

People read what the other renderers show them (:func:`~.values.human`).
A figure's data table, folded away in the HTML, is left out here (the
JSON, text and HTML forms carry it). The file is byte-stable: its creation
date is the report's date when it has one, else pinned.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from .model import Block, Document, Fields, Figure, Formula, Prose, Section, Table, Tone, Value
from .provenance import provenance_lines
from .to_text import field_lines, field_text, record_cells, shown_fields
from .values import human

PINNED = datetime(2000, 1, 1, tzinfo=UTC)
"""The creation date of a PDF whose document carries no date (results/)."""
INK, MUTED, ACCENT, BAND, RULE = (29, 36, 48), (91, 100, 114), (47, 93, 138), (243, 245, 248), (201, 206, 214)
BODY, SMALL, TABLE = 9.5, 8, 8
WORD_WRAP = 32.0
"""mm: a table column narrows to its longest word, or to this, past which a long word (a URL) may break."""
PAGE_COUNT, SAFE_PAGE_COUNT = "{nb}", "{\u200bnb}"
"""fpdf2's alias for the number of pages, and how user text holding it is written instead."""
_TONES = {"good": (46, 107, 46), "bad": (160, 32, 32)}


def render_pdf(documents: Sequence[Document]) -> bytes:
    """The documents as one PDF, each starting on a new page."""
    from fpdf import FPDF

    class _Pages(FPDF):
        running = ""
        counting = False
        """True only while the footer writes the page-count alias, which fpdf2 replaces in the whole page."""

        def normalize_text(self, text: str) -> str:
            """Every text but the footer's count: the alias ``{nb}`` in a name is kept as written (a zero-width
            space inside it), never replaced by the number of pages."""
            return super().normalize_text(text if self.counting else text.replace(PAGE_COUNT, SAFE_PAGE_COUNT))

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("body", size=7)
            self.set_text_color(*MUTED)
            self.cell(0, 5, self.running, align="L")
            self.set_x(self.l_margin)
            self.counting = True
            self.cell(0, 5, f"page {self.page_no()} of {PAGE_COUNT}", align="R")
            self.counting = False

    pdf = _Pages(format="A4", unit="mm")
    pdf.set_margins(16, 14, 16)
    pdf.set_auto_page_break(True, margin=16)
    _fonts(pdf)
    generated = next((d.provenance.generated for d in documents if d.provenance and d.provenance.generated), None)
    pdf.set_creation_date(datetime.strptime(generated, "%Y-%m-%d").replace(tzinfo=UTC) if generated else PINNED)
    pdf.set_title("; ".join(d.title for d in documents))
    pdf.set_creator("baccarat-analyzer")
    for n, document in enumerate(documents, start=1):
        pdf.running = document.title
        pdf.add_page()
        _Writer(pdf, f"d{n}").document(document)
    return bytes(pdf.output())


def _fonts(pdf: Any) -> None:
    import matplotlib

    folder = f"{matplotlib.get_data_path()}/fonts/ttf"
    pdf.add_font("body", "", f"{folder}/DejaVuSans.ttf")
    pdf.add_font("body", "B", f"{folder}/DejaVuSans-Bold.ttf")
    pdf.add_font("body", "I", f"{folder}/DejaVuSans-Oblique.ttf")
    pdf.add_font("mono", "", f"{folder}/DejaVuSansMono.ttf")
    pdf.add_font("DejaVu Sans", "", f"{folder}/DejaVuSans.ttf")  # the family the plots' SVG text names
    pdf.add_font("DejaVu Sans", "B", f"{folder}/DejaVuSans-Bold.ttf")
    pdf.set_font("body", size=BODY)


_LATEX = re.compile(r"(?:\\frac|\\left\(|\\right\)|[0-9d(){}^+\- ])*")
"""The only LaTeX a formula may bring to mathtext: fractions, powers and brackets of numbers and d (sympy's printer)."""


class _Writer:
    def __init__(self, pdf: Any, prefix: str) -> None:
        self.pdf = pdf
        self.prefix = prefix
        self.figures = 0

    @property
    def width(self) -> float:
        return float(self.pdf.w - self.pdf.l_margin - self.pdf.r_margin)

    def text(
        self,
        line: str,
        size: float = BODY,
        style: str = "",
        colour: tuple[int, int, int] = INK,
        indent: float = 0,
        height: float | None = None,
    ) -> None:
        pdf = self.pdf
        pdf.set_font("body", style, size)
        pdf.set_text_color(*colour)
        pdf.set_x(pdf.l_margin + indent)
        pdf.multi_cell(self.width - indent, height or size * 0.47, line, align="L", new_x="LMARGIN", new_y="NEXT")

    def gap(self, mm: float = 2.0) -> None:
        self.pdf.ln(mm)

    def document(self, document: Document) -> None:
        pdf = self.pdf
        pdf.start_section(document.title, level=0)
        self.text(document.title, 17, "B", ACCENT)
        self.gap(2)
        before, after = document.parts
        if before:
            self.blocks(before, 1)
            pdf.add_page()  # the front page stands alone; the provenance opens the next
            if document.provenance is not None:
                pdf.start_section("Provenance", level=1)
                self.text("Provenance", 13, "B")
                self.gap(1)
        if document.provenance is not None:
            top = pdf.get_y()
            pdf.set_fill_color(*BAND)
            lines = [line.strip() for line in provenance_lines(document.provenance)]
            pdf.set_font("body", "", SMALL)
            height = (
                sum(len(pdf.multi_cell(self.width - 6, 3.8, line, dry_run=True, output="LINES")) for line in lines)
                * 3.8
            )
            pdf.rect(pdf.l_margin, top, self.width, height + 3, style="F")
            pdf.set_fill_color(*ACCENT)
            pdf.rect(pdf.l_margin, top, 1.2, height + 3, style="F")
            pdf.set_y(top + 1.5)
            for line in lines:
                self.text(line, SMALL, colour=INK, indent=4, height=3.8)
            pdf.set_y(top + height + 3)
            pdf.set_fill_color(255, 255, 255)
            self.gap(3)
        self.blocks(after, 1, first=bool(before))

    def blocks(self, blocks: Sequence[Block], level: int, first: bool = False) -> None:
        """Each block; ``first``: the first section of a page already begun need not start another."""
        for n, block in enumerate(blocks):
            self.block(block, level, first and n == 0)

    def block(self, block: Block, level: int, first: bool = False) -> None:
        if isinstance(block, Fields):
            self.fields(block)
        elif isinstance(block, Table):
            if block.human:
                self.table(block)
        elif isinstance(block, Prose):
            if block.human:
                if (
                    block.math
                    and len(block.math) == len(block.lines)
                    and all(_LATEX.fullmatch(f.latex) for f in block.math)
                ):
                    for formula in block.math:
                        self.formula(formula)
                else:
                    self.lines(block.lines)
        elif isinstance(block, Figure):
            self.figure(block)
        elif block.human:
            self.section(block, level, first)

    def formula(self, formula: Formula) -> None:
        """The lead text, then the formula set as a fraction: LaTeX drawn by matplotlib's mathtext as SVG."""
        import matplotlib
        from matplotlib import mathtext
        from matplotlib.font_manager import FontProperties

        drawing = io.BytesIO()
        with matplotlib.rc_context({"svg.fonttype": "path"}):  # glyphs as outlines: fpdf2 draws them as they are
            mathtext.math_to_image(
                f"${formula.latex}$",
                drawing,
                prop=FontProperties(family="DejaVu Sans", size=BODY * 1.3),
                dpi=72,
                format="svg",
            )
        svg = re.sub(rb"<metadata>.*?</metadata>", b"", drawing.getvalue(), flags=re.S)  # fpdf2 draws no metadata
        size = re.search(rb'width="([0-9.]+)pt" height="([0-9.]+)pt"', svg)
        assert size is not None, "matplotlib's SVG states its size"
        width, height = (float(v) * 25.4 / 72 for v in size.groups())  # points to millimetres
        scale = min(1.0, (self.width - 4) / width)
        self.text(formula.lead)
        pdf = self.pdf
        if pdf.get_y() + height * scale + 4 > pdf.h - pdf.b_margin:
            pdf.add_page()
        pdf.set_fill_color(*INK)  # mathtext's glyphs name no fill: they take the current one
        pdf.image(io.BytesIO(svg), x=pdf.l_margin + 2, w=width * scale, h=height * scale, alt_text=formula.lead.strip())
        self.gap(2)

    def lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            if line.startswith("  - "):
                self.text(f"•  {line[4:]}", indent=3)
            else:
                self.text(line or " ")
        self.gap(1.5)

    def section(self, section: Section, level: int, first: bool = False) -> None:
        pdf = self.pdf
        if level == 1 and pdf.get_y() > pdf.h * 0.62 and not first:
            pdf.add_page()
        else:
            self.gap(4 if level == 1 else 2)
        pdf.start_section(section.title + (f" ({section.name})" if section.name else ""), level=level)
        if level == 1:
            pdf.set_draw_color(*ACCENT)
            pdf.set_line_width(0.5)
            pdf.line(pdf.l_margin, pdf.get_y(), pdf.l_margin + self.width, pdf.get_y())
            self.gap(1.5)
        title = section.title + (f"  ({section.name})" if section.name else "")
        self.text(title, 13 if level == 1 else 11, "B")
        self.gap(1)
        if section.status:
            self.text(section.status[:1].upper() + section.status[1:] + ".", BODY, "B", MUTED)
        for line in section.lead:
            self.text(line)
        self.gap(1)
        self.blocks(section.blocks, level + 1)

    def fields(self, block: Fields) -> None:
        shown = shown_fields(block)
        if not shown:
            return
        if block.layout == "aligned":
            grid = Table(columns=(), rows=())
            self.grid(
                [["", ""]] + [[f.label or "", field_text(f, False)] for f in shown], ["L", "R"], grid, heads=False
            )
            return
        if block.layout == "labelled":
            tones: list[list[Tone | None]] = [[None, None]]
            tones += [[None, f.value.tone if isinstance(f.value, Value) else None] for f in shown]
            self.grid(
                [["", ""]] + [[f.label or "", field_text(f, False)] for f in shown],
                ["L", "L"],
                Table(columns=(), rows=()),
                heads=False,
                tones=tones,
            )
            return
        self.lines(field_lines(block, False))

    def table(self, table: Table) -> None:
        if table.records:
            self.records(table)
            return
        shown = [i for i, c in enumerate(table.columns) if c.title is not None]
        if table.caption:
            if self.pdf.get_y() + 30 > self.pdf.h - self.pdf.b_margin:
                self.pdf.add_page()  # a caption stays with its table
            self.text(table.caption, BODY, "B")
            self.gap(0.5)
        cells: list[list[str]] = [[table.columns[i].title or "" for i in shown]]
        cells += [["" if (v := row[i]) is None else human(v) for i in shown] for row in table.rows]
        tones: list[list[Tone | None]] = [[None] * len(shown)]
        tones += [[None if (v := row[i]) is None else v.tone for i in shown] for row in table.rows]
        if table.footer is not None:
            cells.append(["" if (v := table.footer[i]) is None else human(v) for i in shown])
            tones.append([None] * len(shown))
        aligns = ["R" if table.columns[i].align == "right" else "L" for i in shown]
        self.grid(cells, aligns, table, heads=True, tones=tones)

    def records(self, table: Table) -> None:
        """Rows too wide to read across, as the terminal shows them: a head line, then "title: value" lines."""
        if table.caption:
            self.text(table.caption, BODY, "B")
        for row in table.rows:
            cells, rest = record_cells(table, row, False)
            head = " ".join(human(cell) for cell in cells)
            if self.pdf.get_y() + 25 > self.pdf.h - self.pdf.b_margin:
                self.pdf.add_page()
            tone = next((cell.tone for cell in cells if cell.tone), None)
            self.text(head, BODY, "B", _TONES[tone] if tone else INK)
            body = [[title, human(cell)] for title, cell in rest]
            self.grid([["", ""], *body], ["L", "L"], Table(columns=(), rows=()), heads=False)

    def grid(
        self,
        cells: list[list[str]],
        aligns: list[str],
        table: Table,
        heads: bool,
        tones: list[list[Tone | None]] | None = None,
    ) -> None:
        from fpdf.fonts import FontFace

        pdf = self.pdf
        footer = table.footer is not None
        bold = {0} if heads else set()
        bold |= {len(cells) - 1} if footer else set()

        def width(k: int, j: int, words: str, size: float) -> float:
            pdf.set_font("body", "B" if k in bold or (tones is not None and tones[k][j]) else "", size)
            return float(pdf.get_string_width(words))

        for size in (TABLE, TABLE - 1, TABLE - 1.5):  # a wide table takes a smaller font before words break
            natural = [max(width(k, j, row[j], size) for k, row in enumerate(cells)) + 3.4 for j in range(len(aligns))]
            longest = [
                min(
                    WORD_WRAP,
                    max((width(k, j, w, size) for k, row in enumerate(cells) for w in row[j].split()), default=0) + 3.4,
                )
                for j in range(len(aligns))
            ]
            if sum(longest) <= self.width:
                break
        widths = _fit(natural, longest, self.width)
        if sum(widths) > self.width * 0.999:
            widths = [w * self.width * 0.999 / sum(widths) for w in widths]  # within the page, whatever the rounding
        pdf.set_font("body", "", size)
        cells = [
            [_hyphen_wrap(value, widths[j] - 3.4, pdf.get_string_width) for j, value in enumerate(row)] for row in cells
        ]
        pdf.set_text_color(*INK)
        pdf.set_draw_color(*RULE)
        pdf.set_line_width(0.2)
        with pdf.table(
            col_widths=widths,
            width=sum(widths),
            align="LEFT",
            text_align=tuple(aligns),
            borders_layout="HORIZONTAL_LINES" if heads else "NONE",
            first_row_as_headings=heads,
            headings_style=FontFace(emphasis="BOLD", fill_color=BAND),
            line_height=3.7,
            padding=(0.6, 1.2, 0.6, 1.2),
            cell_fill_mode="NONE",
        ) as grid:
            for k, row in enumerate(cells if heads else cells[1:]):
                line = grid.row()
                last = footer and k == len(cells) - 1
                for j, value in enumerate(row):
                    tone = tones[k if heads else k + 1][j] if tones is not None else None
                    colour = _TONES[tone] if tone else None
                    style = (
                        FontFace(emphasis="BOLD", color=colour)
                        if colour
                        else (FontFace(emphasis="BOLD") if last else None)
                    )
                    line.cell(value, style=style)
        self.gap(2.5)

    def figure(self, figure: Figure) -> None:
        from .plots import HEIGHT, WIDTH, svg

        pdf = self.pdf
        self.figures += 1
        drawing = svg(figure, None)
        width = min(self.width, 135)
        height = width * HEIGHT / WIDTH
        if pdf.get_y() + height + 14 > pdf.h - pdf.b_margin:
            pdf.add_page()
        pdf.set_fill_color(0, 0, 0)  # what the SVG's unstyled shapes (its glyphs) are filled with
        pdf.set_draw_color(0, 0, 0)
        pdf.image(io.BytesIO(drawing.encode("utf-8")), x=pdf.l_margin, w=width, h=height, alt_text=figure.title)
        pdf.set_fill_color(255, 255, 255)
        self.text(figure.title + ".", SMALL, "B")
        if figure.caption:
            self.text(figure.caption, SMALL, colour=MUTED)
        self.gap(3)


def _hyphen_wrap(value: str, room: float, width: Any) -> str:
    """``value`` with each word too wide for ``room`` mm broken after a hyphen, where it has one (a wager's name
    such as dragon-bonus-banker breaks as "dragon-bonus-" / "banker", never mid-word); fpdf2 breaks lines at
    spaces only."""

    def wrap(word: str) -> str:
        if width(word) <= room or "-" not in word[:-1]:
            return word
        parts = [p + "-" for p in word.split("-")[:-1]] + [word.split("-")[-1]]
        lines, line = [], ""
        for part in parts:
            if line and width(line + part) > room:
                lines.append(line)
                line = part
            else:
                line += part
        return "\n".join([*lines, line])

    return " ".join(wrap(word) for word in value.split(" "))


def _fit(natural: list[float], longest_word: list[float], available: float) -> list[float]:
    """Column widths: as wide as their text when it fits; else the widest columns narrow first (their text wraps),
    none below its longest word; if that is still too wide, every column shrinks in proportion."""
    if sum(natural) <= available:
        return natural
    widths = list(natural)
    while sum(widths) > available + 0.01:
        narrowable = [j for j in range(len(widths)) if widths[j] - longest_word[j] > 0.01]
        if not narrowable:
            scale = available / sum(widths)
            return [w * scale for w in widths]
        widest = max(narrowable, key=lambda j: widths[j])
        others = [widths[j] for j in range(len(widths)) if j != widest]
        target = max(longest_word[widest], max(others, default=0.0), widths[widest] - (sum(widths) - available))
        widths[widest] = (
            target
            if target < widths[widest] - 0.01
            else widths[widest] - min(1.0, widths[widest] - longest_word[widest])
        )
    return widths
