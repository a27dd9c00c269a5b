"""Closed forms typeset for the page (issue 19, item 2): MathML in HTML, the Unicode line elsewhere, and no markup but
the layout of numbers and d ever reaches a page."""

from __future__ import annotations

from analyzer.report.model import Document, Prose
from analyzer.report.to_html import render_html

from .clirun import run


def test_the_formula_page_sets_the_closed_form_as_a_fraction() -> None:
    code, out, err = run("formula", "--rules", "punto-banco", "--wager", "tie", "--format", "html")
    assert code == 0, err
    assert '<p class="formula">house edge(d) = <math display="inline">' in out
    assert "<mfrac>" in out and "<msup><mi>d</mi><mn>5</mn></msup>" in out
    assert "<mo>\u2212</mo>" in out and "<mo>-</mo>" not in out  # a true minus sign


def test_the_text_formats_keep_the_unicode_line() -> None:
    code, out, _ = run("formula", "--rules", "punto-banco", "--wager", "tie")
    assert code == 0 and "house edge(d) = 4(21804800d⁵ − 3226944d⁴" in out and "<math" not in out


def test_markup_beyond_the_layout_of_numbers_falls_back_to_the_escaped_line() -> None:
    for markup in ('<mi onclick="alert(1)">d</mi>', "<mtext>x</mtext>", "<script>alert(1)</script>", "<mi>x</mi>"):
        page = render_html([Document(title="t", blocks=(Prose(("f(d) = <d>",), math=(("f(d) = ", markup),)),))])
        assert "<math" not in page and "f(d) = &lt;d&gt;" in page, markup
