"""`baccarat report`: the math evaluation document, looked at as a person and a program would.

The HTML is parsed (everything inline, every part present, the exact figures
shown), rendered in headless Chromium, and the PDF's pages rendered to PNG
with pdftoppm; those two tests skip, saying why, where the programs are absent.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from analyzer import load_rules
from analyzer.game.shoe import Shoe
from analyzer.report.evaluation import evaluation_document
from analyzer.report.output import produce
from analyzer.studies.evaluation import evaluate

from .clirun import assert_refused, run
from .needs import CHROMIUM

PDFTOPPM = shutil.which("pdftoppm")
PDFTOTEXT = shutil.which("pdftotext")


@functools.cache
def _document(rules: str = "live-pittsburgh"):  # type: ignore[no-untyped-def]
    return evaluation_document(evaluate(load_rules(rules), Shoe.decks(8)))


@functools.cache
def _html(rules: str = "live-pittsburgh") -> str:
    content = produce(_document(rules), "html", command=f"baccarat report --rules {rules} --out r.html")
    assert isinstance(content, str)
    return content


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.headings: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("h1", "h2", "h3"):
            self._in = tag
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in:
            self.headings[-1] += data


def _parsed(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


@pytest.mark.slow
def test_the_html_loads_nothing_from_anywhere() -> None:
    page = _parsed(_html())
    for tag, attrs in page.tags:
        assert tag not in ("script", "link", "img", "iframe", "object", "embed"), tag
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not value or value.startswith("#"), (tag, name, value)  # only links inside the page
    assert "@import" not in _html() and "url(http" not in _html()


@pytest.mark.slow
def test_the_report_holds_every_part_the_issue_lists() -> None:
    page = _parsed(_html())
    text = " ".join(page.text)
    for heading in (
        "The game and its source documents",
        "Rules of play",
        "Assumptions and defaults",
        "Counting convention",
        "Banker (banker)",
        "Dragon Bonus Player (dragon-bonus-player)",
        "Simulation cross-check",
        "Published figures reproduced",
        "A worked example round",
    ):
        assert heading in [h.strip() for h in page.headings], heading
    # The drawing chart is a table: Banker total 3 draws against every third card but an 8.
    assert "P3 = 9" in text and "Banker total" in text
    # A par sheet with its Totals, the house edge and RTP beside it, to the published figure.
    assert "Totals" in text and "4,998,398,275,503,360" in text
    assert "1.0579%" in text and "98.9421%" in text and "9.3731%" in text
    # Volatility after 100, 1,000 and 10,000 rounds, said to be a normal approximation.
    assert "normal approximation from the exact mean and variance" in text and "10,000" in text
    # Three plots per paid wager (5 wagers offered by 003), as inline SVG.
    assert sum(tag == "svg" for tag, _ in page.tags) == 15
    # The simulation's verdicts, the published figures' verdicts, a worked round, the provenance.
    assert text.count("PASS") >= 5 and "FAIL" not in text
    assert "20 of 20 confirmed" in text
    assert "Player 6 v Banker 7: Banker wins." in text
    assert "live-pittsburgh.toml (rule file)" in text and "Command: baccarat report --rules live-pittsburgh" in text


@pytest.mark.slow
def test_every_svg_id_is_unique_in_the_page() -> None:
    ids = [attrs["id"] for _, attrs in _parsed(_html()).tags if attrs.get("id")]
    assert len(ids) == len(set(ids))


def test_the_json_of_a_report_carries_the_data_of_its_plots() -> None:
    data = json.loads(produce(_document(), "json"))  # type: ignore[arg-type]
    assert data["wagers_evaluated"] == ["player", "banker", "tie", "dragon-bonus-player", "dragon-bonus-banker"]
    banker = next(w for w in data["wagers"] if w["wager"] == "banker")
    assert banker["house_edge"] == "114753351728/10847218479825" and banker["rtp"] == "10732465128097/10847218479825"
    assert banker["decks_plot"]["references"][0] == {"label": "limit", "value": "256786/24134045"}  # 1.0640%
    assert [p["decks"] for p in banker["decks_plot"]["points"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert {p["net"] for p in banker["distribution_plot"]["points"]} == {"-1", "0", "19/20"}
    assert len(banker["removal_plot"]["points"]) == 13
    assert [row["rounds"] for row in banker["volatility"]] == [100, 1000, 10000]


@pytest.mark.slow
def test_the_report_command_writes_html_and_pdf_with_a_date(tmp_path: Path) -> None:
    for suffix in ("html", "pdf"):
        out = tmp_path / f"r.{suffix}"
        code, _, err = run("report", "--rules", "dactylus", "--wager", "banker", "--decks", "6", "--out", str(out))
        assert code == 0, err
        assert f"wrote {out}" in err
    html = (tmp_path / "r.html").read_text()
    assert "generated: 20" in html and "6 decks (312 cards)" in html
    assert "Shoe: 6 decks, set by the user" in html and "Change it with --decks" not in html.split("Rules of play")[1]
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")


def test_report_refuses_bad_input() -> None:
    assert_refused(["report", "--rules", "punto-banco", "--out", "r.docx"], "cannot tell the format from the suffix")
    assert_refused(
        ["report", "--rules", "punto-banco", "--wager", "lucky-6", "--out", "r.html"], "Unknown wager 'lucky-6'"
    )
    assert_refused(
        ["report", "--rules", "punto-banco", "--out", "/nonexistent/r.html"],
        "cannot be written: give a file in an existing folder",
    )


@pytest.mark.slow
def test_a_rule_file_of_ones_own_gets_a_report_without_published_figures(tmp_path: Path) -> None:
    examples = Path(__file__).parent.parent / "examples"
    out = tmp_path / "ez.html"
    code, _, err = run("report", "--rules", str(examples / "ez-baccarat.toml"), "--out", str(out))
    assert code == 0, err
    text = out.read_text()
    assert "Dragon 7" in text and "No published figure is on file for this game" in text


@pytest.mark.slow
def test_a_side_bet_file_reports_the_figures_its_wagers_state_with_their_verdicts() -> None:
    """The catalogue's Golden Frog: the figures Wizard of Odds and Jacobson published, each checked exactly."""
    (section,) = [b for b in _document("golden-frog").blocks if getattr(b, "key", None) == "published"]
    (table,) = [b for b in section.blocks if getattr(b, "key", None) == "figures"]
    rows = {(row[1].data, row[2].data): (row[4].data, row[5].text) for row in table.rows}  # type: ignore[union-attr]
    assert len(rows) == 11 and all(verdict == "CONFIRMED" for verdict, _ in rows.values())
    assert rows[("any-8-beats-any-6: house edge, 8 decks", "21.79%")] == ("CONFIRMED", "Wizard of Odds, Golden Frog")
    assert rows[("any-8-beats-any-6: combinations '8 beats 6', 8 decks", "150,358,085,283,840")][0] == "CONFIRMED"


@pytest.mark.slow
@pytest.mark.needs("chromium")
def test_the_html_renders_in_headless_chromium(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(_html(), encoding="utf-8")
    shot = tmp_path / "report.png"
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=1100,1600",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert shot.exists() and shot.stat().st_size > 20_000  # a page with text and tables, not a blank one


@pytest.mark.slow
@pytest.mark.needs("pdftoppm")
def test_the_pdf_pages_render_to_png(tmp_path: Path) -> None:
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(produce(_document(), "pdf"))  # type: ignore[arg-type]
    subprocess.run([PDFTOPPM, "-r", "40", "-png", str(pdf), str(tmp_path / "page")], check=True, timeout=120)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) >= 8 and all(p.stat().st_size > 3_000 for p in pages)
    if PDFTOTEXT is not None:
        text = subprocess.run([PDFTOTEXT, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert "Mathematical evaluation" in text and "9.3731%" in text and "CONFIRMED" in text
        assert "net result of a unit bet" in text  # the plots' text is text, in the PDF too


@pytest.mark.slow
@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext is not installed (Debian: apt-get install poppler-utils)")
def test_page_1_of_the_pdf_is_a_certificate_and_page_2_opens_with_the_provenance(tmp_path: Path) -> None:
    """Issue 28, item 1: number, verdict, game by title, results, signatures on page 1; no internal id, no digest."""
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(produce(_document(), "pdf"))  # type: ignore[arg-type]

    def page(n: int) -> str:
        args = [str(PDFTOTEXT), "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"]
        return subprocess.run(args, capture_output=True, text=True, check=True).stdout

    first, second = page(1), page(2)
    for words in (
        "Certificate",
        "Report number",
        "BA-",
        "Verdict",
        "Every figure of the 5 wagers",
        "mini baccarat",
        "Live! Casino Pittsburgh",
        "2020-10-06",
        "Results",
        "98.9421%",
        "Signatures",
        "Prepared by",
        "Reviewed by",
    ):
        assert words in first, words
    assert "003_" not in first and "SHA-256" not in first and "Command:" not in first
    assert second.lstrip().startswith("Provenance") and "live-pittsburgh.toml (rule file)" in second


CLOCK = """
import datetime as _dt
import sys
import time as _time

SHIFT = 3650 * 86400  # ten years on, in this process only


class _Later(_dt.datetime):
    @classmethod
    def now(cls, tz=None):
        return _dt.datetime.fromtimestamp(_real_time() + SHIFT, tz)

    @classmethod
    def utcnow(cls):
        return _dt.datetime.fromtimestamp(_real_time() + SHIFT, _dt.timezone.utc).replace(tzinfo=None)

    @classmethod
    def today(cls):
        return cls.now()


class _LaterDate(_dt.date):
    @classmethod
    def today(cls):
        return _Later.now().date()


_real_time, _real_localtime, _real_gmtime = _time.time, _time.localtime, _time.gmtime
_time.time = lambda: _real_time() + SHIFT
_time.localtime = lambda seconds=None: _real_localtime(_time.time() if seconds is None else seconds)
_time.gmtime = lambda seconds=None: _real_gmtime(_time.time() if seconds is None else seconds)
_dt.datetime, _dt.date = _Later, _LaterDate
"""
"""Prepended to the second process: its clock reads ten years later (datetime, date, time: whatever asks)."""

RENDER = """
import sys
from pathlib import Path

from analyzer import load_rules
from analyzer.game.shoe import Shoe
from analyzer.report.evaluation import evaluation_document
from analyzer.report.output import produce
from analyzer.studies.evaluation import evaluate

document = evaluation_document(evaluate(load_rules("dactylus"), Shoe.decks(8), ["banker", "tie"], rounds=20_000))
Path(sys.argv[1]).write_bytes(produce(document, "pdf", command="baccarat tables"))
"""
"""A report as results/ holds it (no date), rendered to a PDF in a process of its own."""

CANARY = """
import sys
from pathlib import Path

from fpdf import FPDF

pdf = FPDF()
pdf.add_page()  # no creation date set: fpdf2 stamps the clock's
Path(sys.argv[1]).write_bytes(bytes(pdf.output()))
"""
"""What a leaked date looks like: a PDF whose creation date nobody pinned."""


def _two_processes(tmp_path: Path, script: str) -> tuple[bytes, bytes]:
    """``script`` run in two processes, the second with another SOURCE_DATE_EPOCH and a clock ten years on; the bytes
    each wrote."""
    outs = []
    for n, (epoch, prelude) in enumerate((("1700000000", ""), ("2000000000", CLOCK))):
        out = tmp_path / f"run{n}.pdf"
        env = {**os.environ, "SOURCE_DATE_EPOCH": epoch, "TZ": "UTC" if n == 0 else "Pacific/Auckland"}
        done = subprocess.run(
            [sys.executable, "-c", prelude + script, str(out)], env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    return outs[0], outs[1]


@pytest.mark.slow
def test_the_pdf_is_the_same_byte_for_byte_in_another_process_on_another_day(tmp_path: Path) -> None:
    """Issue 25, item 6: two processes, two dates, one PDF (a date leaking in, from any library, fails this)."""
    first, second = _two_processes(tmp_path, RENDER)
    assert first.startswith(b"%PDF-") and first == second


@pytest.mark.slow
def test_the_two_processes_would_catch_a_leaked_date(tmp_path: Path) -> None:
    """The test above can fail: a PDF whose creation date is not pinned differs between the two processes."""
    first, second = _two_processes(tmp_path, CANARY)
    assert first != second and b"/CreationDate" in first


def test_every_command_writes_a_self_contained_page(tmp_path: Path) -> None:
    for args in (
        ["analyze", "--rules", "dactylus", "--wager", "banker"],
        ["compare"],
        ["eor", "--rules", "dactylus"],
        ["verify", str(Path(__file__).parent.parent / "examples" / "claims.toml")],
        ["own-cards"],
    ):
        out = tmp_path / "page.html"
        code, _, err = run(*args, "--out", str(out))
        assert code == 0, (args, err)
        page = _parsed(out.read_text())
        assert not [a for tag, a in page.tags if tag in ("script", "link", "img") or (a.get("src") or "")], args
        assert "Provenance: baccarat-analyzer" in " ".join(page.text), args


def test_text_and_markdown_carry_what_a_plot_shows() -> None:
    for fmt in ("table", "markdown"):
        text = produce(_document(), fmt)
        assert isinstance(text, str)
        assert "Figure: Banker: house edge against the number of decks" in text and "limit: 1.0640%" in text
        assert "Figure: Dragon Bonus Player: effect of removing one card of each rank" in text
