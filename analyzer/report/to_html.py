"""The HTML renderer: documents as one self-contained page.

Everything is inline: the style sheet in a ``<style>`` element, each plot
as an ``<svg>`` element drawn by :mod:`.plots`; the page loads nothing, from
the network or from disk, so it can be attached to a certification, mailed,
or opened offline. People read what the text renderer shows them (the same
labels and values, :func:`~.values.human`), laid out as a page: a section is
an ``<h2>`` (an ``<h3>`` inside another), a table an HTML table (numbers
right-aligned, a totals row in ``<tfoot>``), a figure a plot with its data
table folded under it. The provenance heads each document. A document with
several sections gets a table of contents.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from .model import Block, Document, Field, Fields, Figure, Prose, Section, Table, Value
from .provenance import provenance_lines
from .to_text import field_lines, field_text, record_cells, shown_fields
from .values import human

CONTENTS_FROM = 4
"""A document with at least this many titled sections gets a table of contents."""

STYLE = """
:root { --ink: #1d2430; --muted: #5b6472; --rule: #c9ced6; --band: #f3f5f8; --accent: #2f5d8a; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
       font-size: 14px; line-height: 1.45; margin: 0 auto; padding: 1.5rem 2rem 3rem; max-width: 64rem; }
h1 { font-size: 1.6rem; margin: 0 0 .6rem; color: var(--accent); }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; padding-top: .6rem; border-top: 2px solid var(--accent); }
h3 { font-size: 1.08rem; margin: 1.4rem 0 .4rem; }
h2 code, h3 code { font-size: .85em; color: var(--muted); font-weight: normal; }
p { margin: .35rem 0; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: .88em; }
.formula { margin: .6rem 0; padding: .2rem 0; overflow-x: auto; overflow-y: hidden; }
.formula math { math-style: normal; font-size: 1.2em; }
.status { color: var(--muted); }
.status b { color: var(--ink); }
.provenance { background: var(--band); border-left: 4px solid var(--accent); padding: .5rem .8rem; margin: .6rem 0 1rem;
              font-size: .82rem; overflow-wrap: anywhere; }
.provenance p { margin: .1rem 0; }
nav.contents { columns: 2; font-size: .9rem; margin: .5rem 0 1rem; }
nav.contents a { color: var(--accent); text-decoration: none; }
nav.contents ol { margin: 0; padding-left: 1.4rem; }
.scroll { overflow-x: auto; margin: .5rem 0 .8rem; }
table { border-collapse: collapse; font-size: .86rem; }
th, td { padding: .22rem .55rem; border-bottom: 1px solid var(--rule); vertical-align: top; text-align: left; }
thead th { border-bottom: 2px solid var(--ink); background: var(--band); }
td.r, th.r { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tfoot td { border-top: 2px solid var(--ink); font-weight: bold; }
table.figures th { font-weight: normal; color: var(--muted); text-align: right; }
.record { margin: .6rem 0 .9rem; break-inside: avoid; }
.record p { margin: 0 0 .2rem; }
table.record th { font-weight: normal; color: var(--muted); text-align: left; white-space: nowrap; border: none;
padding: .05rem .8rem .05rem 1.2rem; }
table.record td { border: none; padding: .05rem .4rem; }
table.figures td { text-align: right; font-variant-numeric: tabular-nums; }
table.labelled { margin: .4rem 0 .9rem; font-size: .92rem; }
table.labelled th { font-weight: normal; color: var(--muted); text-align: left; white-space: nowrap; border: none;
padding: .12rem 1rem .12rem 0; }
table.labelled td { border: none; padding: .12rem 0; }
.caption { font-weight: bold; margin-top: .8rem; }
ul { margin: .2rem 0 .5rem; padding-left: 1.4rem; }
.lines div { white-space: pre-wrap; }
figure { margin: 1rem 0; break-inside: avoid; }
figure svg { width: 100%; max-width: 46rem; height: auto; display: block; }
figcaption { font-size: .86rem; color: var(--muted); }
figcaption b { color: var(--ink); }
details { font-size: .86rem; margin: .3rem 0; }
summary { cursor: pointer; color: var(--accent); }
.verdict-pass { color: #2e6b2e; font-weight: bold; }
.verdict-fail { color: #a02020; font-weight: bold; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  h2 { break-after: avoid; }
  table, tr { break-inside: avoid; }
  details { display: none; }
  .scroll { overflow: visible; }
}
"""

_TONES = {"good": "verdict-pass", "bad": "verdict-fail"}


def render_html(documents: Sequence[Document], exact: bool = False) -> str:
    """One page holding ``documents`` in order; ``exact`` shows fractions instead of rounded decimals."""
    title = documents[0].title if len(documents) == 1 else "; ".join(d.title for d in documents)
    articles = "\n".join(_Page(exact, n).document(d) for n, d in enumerate(documents, start=1))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{articles}\n</body>\n</html>\n"
    )


def _field_cell(f: Field, exact: bool) -> str:
    """A field's text, toned as its value is (a verdict)."""
    shown = escape(field_text(f, exact))
    tone = f.value.tone if isinstance(f.value, Value) else None
    return f'<span class="{_TONES[tone]}">{shown}</span>' if tone else shown


def _cell(value: Value | None, exact: bool) -> str:
    shown = "" if value is None else human(value, exact)
    css = None if value is None or value.tone is None else _TONES[value.tone]
    return f'<span class="{css}">{escape(shown)}</span>' if css else escape(shown)


def _lines(lines: Sequence[str]) -> str:
    """Lines of text; a run of "  - " lines is a bulleted list."""
    out: list[str] = []
    items: list[str] = []
    for line in [*lines, None]:
        if line is not None and line.startswith("  - "):
            items.append(f"<li>{escape(line[4:])}</li>")
            continue
        if items:
            out.append("<ul>" + "".join(items) + "</ul>")
            items = []
        if line is not None:
            out.append(f"<div>{escape(line)}</div>" if line else "<div>&nbsp;</div>")
    return '<div class="lines">' + "".join(out) + "</div>"


class _Page:
    """Renders one document; numbers its sections and figures so that anchors and SVG ids are unique."""

    def __init__(self, exact: bool, number: int) -> None:
        self.exact = exact
        self.prefix = f"d{number}"
        self.figures = 0
        self.sections = 0

    def document(self, document: Document) -> str:
        parts = [f"<article>\n<h1>{escape(document.title)}</h1>"]
        before, after = document.parts
        parts.extend(self.blocks(before, 2))
        if document.provenance is not None:
            lines = provenance_lines(document.provenance)
            if before:
                parts.append("<h2>Provenance</h2>")
            parts.append(
                '<div class="provenance">'
                + "".join(f"<p>{_code_sha(escape(line.strip()))}</p>" for line in lines)
                + "</div>"
            )
        titled = [b for b in after if isinstance(b, Section) and b.human]
        if len(titled) >= CONTENTS_FROM:
            first = self.sections + 1
            entries = "".join(
                f'<li><a href="#{self.prefix}-s{i}">{escape(s.title)}</a></li>'
                for i, s in enumerate(titled, start=first)
            )
            parts.append(f'<nav class="contents"><ol>{entries}</ol></nav>')
        parts.extend(self.blocks(after, 2))
        parts.append("</article>")
        return "\n".join(p for p in parts if p)

    def blocks(self, blocks: Sequence[Block], level: int) -> list[str]:
        return [self.block(b, level) for b in blocks]

    def block(self, block: Block, level: int) -> str:
        if isinstance(block, Fields):
            return self.fields(block)
        if isinstance(block, Table):
            return self.table(block) if block.human else ""
        if isinstance(block, Prose):
            if not block.human:
                return ""
            if (
                block.math
                and len(block.math) == len(block.lines)
                and all(_MATHML.fullmatch(f.mathml) for f in block.math)
            ):
                return "".join(
                    f'<p class="formula">{escape(f.lead)}<math display="inline">{f.mathml}</math></p>'
                    for f in block.math
                )
            return (
                "<pre><code>" + escape("\n".join(block.lines)) + "</code></pre>" if block.code else _lines(block.lines)
            )
        if isinstance(block, Figure):
            return self.figure(block)
        return self.section(block, level)

    def section(self, section: Section, level: int) -> str:
        if not section.human:
            return ""
        anchor = ""
        if level == 2:
            self.sections += 1
            anchor = f' id="{self.prefix}-s{self.sections}"'
        tag = f"h{min(level, 4)}"
        name = f" <code>({escape(section.name)})</code>" if section.name else ""
        out = [f"<section{anchor}>", f"<{tag}>{escape(section.title)}{name}</{tag}>"]
        if section.status:
            out.append(f'<p class="status"><b>{escape(section.status[:1].upper() + section.status[1:])}.</b></p>')
        out.extend(f"<p>{escape(line)}</p>" for line in section.lead)
        out.extend(self.blocks(section.blocks, level + 1))
        out.append("</section>")
        return "\n".join(p for p in out if p)

    def fields(self, block: Fields) -> str:
        shown = shown_fields(block)
        if not shown:
            return ""
        if block.layout == "aligned":
            rows = "".join(
                f"<tr><th>{escape(f.label or '')}</th><td>{escape(field_text(f, self.exact))}</td></tr>" for f in shown
            )
            return f'<div class="scroll"><table class="figures">{rows}</table></div>'
        if block.layout == "labelled":
            rows = "".join(
                f"<tr><th>{escape(f.label or '')}</th><td>{_field_cell(f, self.exact)}</td></tr>" for f in shown
            )
            return f'<table class="labelled">{rows}</table>'
        return _lines(field_lines(block, self.exact))

    def table(self, table: Table) -> str:
        if table.records:
            return self.records(table)
        shown = [i for i, c in enumerate(table.columns) if c.title is not None]
        align = ["r" if table.columns[i].align == "right" else "" for i in shown]

        def row(cells: Sequence[Value | None], tag: str) -> str:
            return (
                "<tr>"
                + "".join(
                    f"<{tag}{' class=' + chr(34) + a + chr(34) if a else ''}>{_cell(cells[i], self.exact)}</{tag}>"
                    for i, a in zip(shown, align)
                )
                + "</tr>"
            )

        head = (
            "<tr>"
            + "".join(
                f"<th{' class=' + chr(34) + a + chr(34) if a else ''}>{escape(table.columns[i].title or '')}</th>"
                for i, a in zip(shown, align)
            )
            + "</tr>"
        )
        body = "".join(row(r, "td") for r in table.rows)
        foot = f"<tfoot>{row(table.footer, 'td')}</tfoot>" if table.footer is not None else ""
        caption = f'<p class="caption">{escape(table.caption)}</p>' if table.caption else ""
        return f'{caption}<div class="scroll"><table><thead>{head}</thead><tbody>{body}</tbody>{foot}</table></div>'

    def records(self, table: Table) -> str:
        """Rows too wide to read across, as the terminal shows them: a head line, then "title: value" lines."""
        out = [f'<p class="caption">{escape(table.caption)}</p>'] if table.caption else []
        for row in table.rows:
            cells, body = record_cells(table, row, self.exact)
            head = " ".join(_cell(cell, self.exact) for cell in cells)
            lines = "".join(
                f"<tr><th>{escape(title)}</th><td>{_cell(cell, self.exact)}</td></tr>" for title, cell in body
            )
            out.append(f'<div class="record"><p><b>{head}</b></p><table class="record">{lines}</table></div>')
        return "\n".join(out)

    def figure(self, figure: Figure) -> str:
        from .plots import svg

        self.figures += 1
        drawing = svg(figure, f"{self.prefix}f{self.figures}")
        drawing = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"', r'<svg role="img" \1', drawing, count=1)
        drawing = drawing.replace("<svg ", f'<svg aria-label="{escape(figure.title)}" ', 1)
        caption = f"<b>{escape(figure.title)}.</b>" + (f" {escape(figure.caption)}" if figure.caption else "")
        data = Table(columns=figure.data.columns, rows=figure.data.rows)
        return (
            f"<figure>{drawing}<figcaption>{caption}</figcaption>"
            f"<details><summary>The data plotted</summary>{self.table(data)}</details></figure>"
        )


_MATHML = re.compile(r"(?:</?(?:mrow|mfrac|msup|mn|mi|mo)>|[0-9d()+\-\u2062\u2212])*")
"""The only markup a formula may bring into a page: MathML layout of numbers and d (sympy's presentation printer)."""


def _code_sha(line: str) -> str:
    return re.sub(r"([0-9a-f]{64})", r"<code>\1</code>", line)
