"""Closed forms typeset for the page (issue 19, item 2): MathML in HTML, the Unicode line elsewhere, and no markup but
the layout of numbers and d ever reaches a page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from analyzer.report.model import Document, Formula, Prose
from analyzer.report.to_html import render_html
from analyzer.report.to_pdf import render_pdf

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
        page = render_html(
            [Document(title="t", blocks=(Prose(("f(d) = <d>",), math=(Formula("f(d) = ", markup, ""),)),))]
        )
        assert "<math" not in page and "f(d) = &lt;d&gt;" in page, markup


def _pdf_text(page: bytes, tmp_path: Path) -> str:
    (tmp_path / "f.pdf").write_bytes(page)
    return subprocess.run(
        ["pdftotext", str(tmp_path / "f.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout


LATEX = r"\frac{4 \left(3 d^{2} - 1\right)}{13 \left(52 d - 1\right)}"


@pytest.mark.slow
@pytest.mark.needs("pdftotext")
def test_the_pdf_draws_the_formula_and_keeps_its_lead(tmp_path: Path) -> None:
    document = Document(
        title="t", blocks=(Prose(("f(d) = 4(3d² − 1)/(13(52d − 1))",), math=(Formula("f(d) = ", "", LATEX),)),)
    )
    shown = _pdf_text(render_pdf([document]), tmp_path)
    assert "f(d) =" in shown and "4(3d² − 1)" not in shown  # drawn as a fraction, not printed as the line


@pytest.mark.slow
@pytest.mark.needs("pdftotext")
def test_latex_beyond_fractions_of_numbers_and_d_falls_back_to_the_line(tmp_path: Path) -> None:
    for latex in (r"\text{x}", r"\frac{1}{x}", "$1$", r"\input{/etc/passwd}"):
        document = Document(title="t", blocks=(Prose(("f(d) = the line",), math=(Formula("f(d) = ", "", latex),)),))
        assert "f(d) = the line" in _pdf_text(render_pdf([document]), tmp_path), latex
