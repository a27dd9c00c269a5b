"""Outputs that cannot be turned against their readers (issue 19): CSV cells a spreadsheet would run,
the PDF's page-count alias in a name, and --out naming something that is not a regular file."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import openpyxl
import pytest

from analyzer.game.shipped import shipped_text

from .clirun import assert_refused, run

HOSTILE = '=HYPERLINK("http://evil.example","x") {nb}'


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A rule file whose names a spreadsheet or fpdf2 would interpret."""
    path = tmp_path / "hostile.toml"
    path.write_text(f"""[rule_set]
name = "=cmd|' /C calc'!A0"
title = 'Test {{nb}}'
extends = "punto-banco"

[wagers.natural-nine]
title = '{HOSTILE}'
source = "mine"
outcomes = [
  {{ name = "=1+1", player = {{ total = 9, natural = true }}, pays = "10:1" }},
  {{ name = "@SUM(A1)", pays = "lose" }},
]
""")
    return path


def test_owasp_a_csv_text_cell_that_a_spreadsheet_would_run_starts_with_a_quote(hostile: Path) -> None:
    for command in (("analyze", "--rules", str(hostile)), ("compare", "--rules", str(hostile))):
        _, out, _ = run(*command, "--format", "csv")
        cells = [c for line in out.splitlines() for c in line.split(",")]
        assert "'=cmd|' /C calc'!A0" in cells, command
        assert not any(c.startswith(("=", "+", "@")) for c in cells), command
        if command[0] == "analyze":
            assert any(c.startswith("-0.") for c in cells), "the numbers this program writes stay numbers"


def test_a_workbook_writes_every_name_as_a_text_cell_never_a_formula(hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "book.xlsx"
    run("analyze", "--rules", str(hostile), "--wager", "natural-nine", "--format", "xlsx", "--out", str(out))
    cells = [c for sheet in openpyxl.load_workbook(out) for row in sheet.iter_rows() for c in row]
    named = [c for c in cells if c.value in ("=1+1", "@SUM(A1)")]
    assert len(named) == 2 and all(c.data_type == "s" for c in named)


@pytest.mark.slow
@pytest.mark.needs("pdftotext")
def test_the_pdf_never_replaces_a_names_nb_by_the_page_count(hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    run("report", "--rules", str(hostile), "--wager", "natural-nine", "--out", str(out))
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Test {\u200bnb}" in text and "page 1 of " in text
    assert "Test 1" not in text and not any(f"Test {n}\n" in text for n in range(2, 40))


@pytest.mark.parametrize("target", ["/dev/null", "fifo"])
def test_out_refuses_anything_but_a_regular_file_or_a_new_path(target: str, tmp_path: Path) -> None:
    if target == "fifo":
        target = str(tmp_path / "fifo")
        os.mkfifo(target)
    assert_refused(["analyze", "--rules", "punto-banco", "--format", "csv", "--out", target], "is not a regular file")


def test_the_shipped_files_need_no_neutralising() -> None:
    from analyzer.report.to_csv import neutralised

    for name in ("punto-banco", "live-pittsburgh", "mini-louisiana", "dactylus"):
        for line in shipped_text(name).splitlines():
            if line.startswith("name = "):
                assert neutralised(line.split('"')[1]) == line.split('"')[1]
