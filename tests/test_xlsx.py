"""The workbook: read back as a spreadsheet program would, its formulas present and evaluating exactly."""

from __future__ import annotations

import io
import math
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from analyzer import load_rules, par_sheets
from analyzer.game.shoe import Shoe

from .clirun import assert_refused, run
from .xlsx_formulas import Sheet

FIGURES = {
    "expected value": "expected_value",
    "house edge": "house_edge",
    "RTP": "rtp",
    "element of risk": "element_of_risk",
    "hit frequency": "hit_frequency",
    "push frequency": "push_frequency",
    "variance": "variance",
}


def _workbook(tmp_path: Path, *args: str) -> openpyxl.Workbook:
    out = tmp_path / "book.xlsx"
    code, _, err = run(*args, "--out", str(out))
    assert code == 0, err
    return openpyxl.load_workbook(out)


def _figures(sheet: Sheet, worksheet) -> dict[str, object]:  # type: ignore[no-untyped-def]
    found = {}
    for row in worksheet.iter_rows(min_col=1, max_col=1):
        label = row[0].value
        if label in FIGURES or label == "standard deviation":
            found[label] = sheet.value(f"B{row[0].row}")
    return found


@pytest.mark.parametrize("rules", ["punto-banco", "live-pittsburgh", "dactylus", "mini-louisiana"])
def test_every_par_sheet_formula_evaluates_to_the_exact_figure(tmp_path: Path, rules: str) -> None:
    book = _workbook(tmp_path, "analyze", "--rules", rules, "--format", "xlsx")
    sheets = par_sheets(load_rules(rules), Shoe.decks(8))
    assert book.sheetnames == ["About", *(s.wager.name for s in sheets)]
    for par in sheets:
        worksheet = book[par.wager.name]
        sheet = Sheet(worksheet)
        rows = {worksheet.cell(r, 1).value: r for r in range(1, worksheet.max_row + 1)}
        for outcome in par.rows:
            r = rows[outcome.outcome.name]
            assert worksheet.cell(r, 3).value == f"=B{r}/B${rows['Totals']}"  # a live formula, not a number
            assert sheet.value(f"C{r}") == outcome.probability
            assert worksheet.cell(r, 6).value == str(outcome.combinations)  # the count as text, digit for digit
            if outcome.pays is not None:
                assert sheet.value(f"E{r}") == outcome.contribution
        assert sheet.value(f"B{rows['Totals']}") == par.denominator and sheet.value(f"C{rows['Totals']}") == 1
        figures = _figures(sheet, worksheet)
        if not par.wager.has_pay_table:
            assert figures == {}
            continue
        for label, attribute in FIGURES.items():
            assert figures[label] == getattr(par, attribute), (par.wager.name, label)
        assert math.isclose(figures["standard deviation"], par.standard_deviation, rel_tol=1e-15)  # type: ignore[arg-type]


def test_changing_a_pay_moves_the_house_edge_to_the_exact_figure_for_that_pay(tmp_path: Path) -> None:
    book = _workbook(tmp_path, "analyze", "--rules", "punto-banco", "--wager", "tie")
    worksheet = book["tie"]
    sheet = Sheet(worksheet)
    tie_row = next(r for r in range(1, worksheet.max_row + 1) if worksheet.cell(r, 1).value == "tie")
    edge_row = next(r for r in range(1, worksheet.max_row + 1) if worksheet.cell(r, 1).value == "house edge")
    assert sheet.value(f"B{edge_row}") == Fraction(103841353768, 723147898655)  # 14.3596%, 8:1
    sheet.set(f"D{tie_row}", 9)  # the evaluator types 9 in the pays cell of the tie
    (nine,) = par_sheets(load_rules("punto-banco").with_pays("tie", "tie", Fraction(9)), Shoe.decks(8), ("tie",))
    assert sheet.value(f"B{edge_row}") == nine.house_edge  # 4.8440%, Wizard of Odds' Tie at 9 to 1


def test_cached_values_let_a_reader_that_does_not_calculate_see_the_figures(tmp_path: Path) -> None:
    out = tmp_path / "b.xlsx"
    run("analyze", "--rules", "punto-banco", "--wager", "banker", "--out", str(out))
    worksheet = openpyxl.load_workbook(out, data_only=True)["banker"]
    values = {row[0]: row[1] for row in worksheet.iter_rows(values_only=True) if row[0]}
    assert f"{values['house edge'] * 100:.4f}" == "1.0579" and f"{values['RTP'] * 100:.4f}" == "98.9421"


def test_the_workbook_carries_the_provenance(tmp_path: Path) -> None:
    first = tmp_path / "p.xlsx"
    assert run("analyze", "--rules", "dactylus", "--out", str(first))[0] == 0
    about = [row[0] for row in openpyxl.load_workbook(first)["About"].iter_rows(values_only=True) if row[0]]
    assert any(line.startswith("Provenance: baccarat-analyzer") for line in about)
    assert any(line.strip().endswith("dactylus.toml (rule file)") for line in about)


def test_the_same_command_writes_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run("compare", "--out", "c.xlsx")
    once = Path("c.xlsx").read_bytes()
    run("compare", "--out", "c.xlsx")
    assert Path("c.xlsx").read_bytes() == once
    matrix = openpyxl.load_workbook(io.BytesIO(once))["Table"]
    assert [c.value for c in matrix[1]][:3] == ["wager", "mini-louisiana", "punto-banco"]


def test_eor_writes_its_matrices(tmp_path: Path) -> None:
    book = _workbook(tmp_path, "eor", "--rules", "punto-banco", "--wager", "banker", "--format", "xlsx")
    assert book.sheetnames[0] == "About" and len(book.sheetnames) >= 3


def test_a_binary_format_needs_a_file() -> None:
    assert_refused(
        ["analyze", "--rules", "punto-banco", "--format", "xlsx"], "--format xlsx writes a file: give --out FILE.xlsx."
    )
    assert_refused(
        ["analyze", "--rules", "punto-banco", "--out", "x.docx"], "cannot tell the format from the suffix '.docx'"
    )


SOFFICE = __import__("shutil").which("soffice")


@pytest.mark.needs("soffice")  # without it the formulas are still evaluated exactly above
@pytest.mark.slow
def test_a_spreadsheet_program_recalculates_the_formulas_to_the_exact_figures(tmp_path: Path) -> None:
    """LibreOffice, given the workbook without its stored values, computes every figure itself."""
    import csv
    import subprocess

    book = _workbook(tmp_path, "analyze", "--rules", "punto-banco")
    tie = book["tie"]
    tie_row = next(r for r in range(1, tie.max_row + 1) if tie.cell(r, 1).value == "tie")
    tie.cell(tie_row, 4).value = 9  # an evaluator changes the Tie's pay to 9 to 1
    bare = tmp_path / "bare.xlsx"
    book.save(bare)  # openpyxl keeps the formulas and drops the stored values: the program must calculate
    subprocess.run(
        [
            SOFFICE,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,false,false,false,-1",
            "--outdir",
            str(tmp_path),
            str(bare),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    shoe = Shoe.decks(8)
    rules = load_rules("punto-banco")
    for name, sheet_rules in (("banker", rules), ("tie", rules.with_pays("tie", "tie", Fraction(9)))):
        (par,) = par_sheets(sheet_rules, shoe, (name,))
        rows = {row[0]: row[1] for row in csv.reader((tmp_path / f"bare-{name}.csv").open()) if row}
        assert math.isclose(float(rows["house edge"].rstrip("%")) / 100, par.house_edge, rel_tol=1e-12)
        assert math.isclose(float(rows["RTP"].rstrip("%")) / 100, par.rtp, rel_tol=1e-12)
        assert math.isclose(float(rows["variance"]), par.variance, rel_tol=1e-12)
        assert math.isclose(float(rows["standard deviation"]), par.standard_deviation, rel_tol=1e-12)
    assert rows["house edge"].startswith("4.844031976")  # Wizard of Odds: the Tie at 9 to 1, 4.8440%


def test_the_workbook_page_shows_the_banker_sheet_as_written(tmp_path: Path) -> None:
    """docs/regulator/workbook.md shows the banker sheet, cell by cell, as openpyxl reads it back: the real sheet."""
    page = (Path(__file__).parent.parent / "docs" / "regulator" / "workbook.md").read_text(encoding="utf-8")
    shown = page.split("```\nA5: outcome", 1)[1].split("\n```", 1)[0]
    book = _workbook(tmp_path, "analyze", "--rules", "punto-banco", "--wager", "banker", "--format", "xlsx")
    lines = [
        "  ".join(f"{c.coordinate}: {c.value}" for c in row if c.value is not None)
        for row in book["banker"].iter_rows(min_row=5, max_row=19)
    ]
    assert "A5: outcome" + shown == "\n".join(line for line in lines if line)
