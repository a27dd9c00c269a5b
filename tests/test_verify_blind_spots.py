"""verify's blind spots found in issue 30, each held: a wrong figure in the tool's own workbook layout, a Totals row
that does not add up, a supplier's header for a figure, a figure verify cannot read, the tool's own lightning CSV."""

from __future__ import annotations

from pathlib import Path

import pytest

from .clirun import run, verdict_of
from .tamper import with_cell

SUBMITTED = """Wager,Event,Pays,Combinations,Probability,Return
banker,Banker wins,19:20,2292252566437888,0.458597,0.435668
banker,tie,push,475627426473216,0.095156,0
banker,Player wins,lose,2230518282592256,0.446247,-0.446247
banker,Totals,,4998398275503360,{total},-0.010579
"""


@pytest.fixture(scope="module")
def workbook(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("own") / "banker.xlsx"
    code, _, err = run("analyze", "--rules", "punto-banco", "--wager", "banker", "--out", str(path))
    assert code == 0, err
    return path.read_bytes()


# The figures below the workbook's table (column A names them, B holds the figure): the RTP of 98.94% written as
# 99.94% is the "99.35% for 97.35%"
BELOW_THE_TABLE = {
    "expected value": ("B12", -0.0205790578),
    "house edge": ("B13", 0.0205790578),
    "RTP": ("B14", 0.9994209421),
    "element of risk": ("B15", 0.0216915816),
    "hit frequency": ("B16", 0.4685974226),
    "push frequency": ("B17", 0.0851559680),
    "variance": ("B18", 0.8700188668),
    "standard deviation": ("B19", 0.9373720217),
}


@pytest.mark.parametrize("figure", sorted(BELOW_THE_TABLE))
def test_a_wrong_figure_below_the_workbooks_table_is_refuted(figure: str, workbook: bytes, tmp_path: Path) -> None:
    address, wrong = BELOW_THE_TABLE[figure]
    path = tmp_path / "wrong.xlsx"
    path.write_bytes(with_cell(workbook, 2, address, wrong))
    code, out, err = run("verify", str(path), "--rules", "punto-banco")
    assert code == 1, out + err
    assert "1 REFUTED" in verdict_of(out), verdict_of(out)
    assert figure in verdict_of(out), verdict_of(out)


@pytest.mark.parametrize("total", ["0.98", "2", "1.01", "99%"])
def test_a_totals_probability_that_is_not_1_is_refuted(total: str, tmp_path: Path) -> None:
    path = tmp_path / "totals.csv"
    path.write_text(SUBMITTED.format(total=total))
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 1, out
    assert "line 5 banker / Totals, total probability" in verdict_of(out), verdict_of(out)


@pytest.mark.parametrize("total", ["1", "1.000000", "100%", "1.0000000000000000001"])
def test_a_totals_probability_of_1_to_its_printed_places_is_confirmed(total: str, tmp_path: Path) -> None:
    path = tmp_path / "totals.csv"
    path.write_text(SUBMITTED.format(total=total))
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 0 and "4 rows: 4 CONFIRMED, 0 REFUTED." in verdict_of(out), verdict_of(out)


REST = "banker,tie,push\nbanker,Player wins,lose\n"
"""The banker's other rows, pays only: a supplier's sheet lists every outcome of the pay table."""

# Supplier headers and the banker's figure each states, right and wrong (8 decks: edge 1.0579%, RTP 98.9421%,
# hit frequency 45.8597%, SD 0.9274)
SUPPLIER = {
    "Hold": ("1.06%", "2.06%"),
    "Theoretical Hold": ("1.0579%", "1.0679%"),
    "Edge": ("1.06%", "1.16%"),
    "House Advantage": ("1.058%", "1.068%"),
    "Casino Advantage (%)": ("1.0579", "1.1579"),
    "Theoretical Return": ("98.94%", "99.94%"),
    "RTP": ("98.9421%", "97.9421%"),
    "Return to Player": ("0.9894", "0.9994"),
    "Payback %": ("98.94", "97.94"),
    "Standard Deviation": ("0.9274", "0.9374"),
    "SD": ("0.93", "0.94"),
    "Hit Frequency": ("45.86%", "45.96%"),
    "Hit Rate": ("0.4586", "0.4686"),
    "Variance": ("0.8600", "0.8700"),
}


@pytest.mark.parametrize("header", sorted(SUPPLIER))
def test_a_suppliers_header_is_read_as_the_figure_it_names(header: str, tmp_path: Path) -> None:
    right, wrong = SUPPLIER[header]
    for value, code_wanted in ((right, 0), (wrong, 1)):
        path = tmp_path / "supplier.csv"
        path.write_text(f'Wager,Event,Pays,"{header}"\nbanker,Banker wins,19:20,{value}\n{REST}')
        code, out, err = run("verify", str(path), "--rules", "punto-banco")
        assert code == code_wanted, f"{header} = {value}: {out}{err}"
        assert "not read" not in verdict_of(out)


@pytest.mark.parametrize("header", ["Volatility Index", "VI (90%)", "Notes"])
def test_a_figure_column_that_is_not_read_ends_not_verified(header: str, tmp_path: Path) -> None:
    path = tmp_path / "supplier.csv"
    path.write_text(f'Wager,Event,Pays,House Edge,"{header}"\nbanker,Banker wins,19:20,1.06%,4.2\n{REST}')
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 1, out
    assert verdict_of(out).startswith(f"NOT VERIFIED: 1 figure not read ({header}); of the figures read, 3 rows: 3 ")
    assert f"Figures not read, so the sheet is not verified (1): {header}" in " ".join(out.split())


def test_a_text_column_is_named_but_does_not_stop_the_verdict(tmp_path: Path) -> None:
    path = tmp_path / "supplier.csv"
    path.write_text(f"Wager,Event,Pays,House Edge,Notes\nbanker,Banker wins,19:20,1.06%,as approved\n{REST}")
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 0 and "Columns holding no figure, not read: Notes." in out


def test_a_figure_below_the_workbooks_table_with_no_known_label_ends_not_verified(
    workbook: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "labelled.xlsx"
    relabelled = with_cell(workbook, 2, "A19", "volatility index (90%)")
    path.write_bytes(relabelled)
    code, out, _ = run("verify", str(path), "--rules", "punto-banco", "--format", "json")
    assert code == 1
    assert '"figures_not_read": [\n    "banker!B19"\n  ]' in out
    assert '"verified": false' in out


@pytest.mark.slow  # a lightning wager's par sheet counts every multiplier class: a second or more
def test_the_tools_own_lightning_csv_verifies(tmp_path: Path) -> None:
    rules = str(Path(__file__).parent.parent / "examples" / "lightning-style.toml")
    path = tmp_path / "lightning.csv"
    code, _, err = run("analyze", "--rules", rules, "--wager", "lightning-tie", "--out", str(path))
    assert code == 0, err
    code, out, err = run("verify", str(path), "--rules", rules)
    assert code == 0, out + err
    assert "0 REFUTED" in verdict_of(out) and "Every column" not in out


def test_the_json_schema_names_every_figure_verify_checks() -> None:
    import json

    from analyzer.studies.claimfigures import FIGURES

    schema = json.loads((Path(__file__).parent.parent / "docs/_extra/schemas/verify.schema.json").read_text())
    assert tuple(schema["properties"]["checks"]["items"]["properties"]["figure"]["enum"]) == FIGURES


@pytest.mark.parametrize("header", ["#", "No.", "Row"])
def test_a_column_numbering_the_rows_is_no_figure(header: str, tmp_path: Path) -> None:
    path = tmp_path / "numbered.csv"
    rows = "1,banker,Banker wins,19:20,1.06%\n2,banker,tie,push\n3,banker,Player wins,lose\n"
    path.write_text(f'"{header}",Wager,Event,Pays,House Edge\n{rows}')
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 0 and f"Columns holding no figure, not read: {header}." in out, out


@pytest.mark.slow  # a 100-deck workbook written and read twice: about a second
def test_a_count_past_2_to_the_53_in_a_number_cell_is_read_to_15_significant_digits(tmp_path: Path) -> None:
    """At 100 decks a count is a double in the workbook's combinations column (its digits beside it as text): it
    states 15 significant digits, so it is confirmed to the nearest 10**7, and refuted when it misses by more."""
    path = tmp_path / "d100.xlsx"
    assert run("analyze", "--rules", "punto-banco", "--wager", "banker", "--decks", "100", "--out", str(path))[0] == 0
    code, out, _ = run("verify", str(path), "--rules", "punto-banco", "--decks", "100")
    assert code == 0 and "13 rows: 13 CONFIRMED, 0 REFUTED." in verdict_of(out), verdict_of(out)
    wrong = tmp_path / "wrong.xlsx"
    wrong.write_bytes(with_cell(path.read_bytes(), 2, "B6", 9.0375547021e21))  # 9,037,554,702,113,067,520,000
    code, out, _ = run("verify", str(wrong), "--rules", "punto-banco", "--decks", "100")
    assert code == 1 and "banker!6 banker / Banker wins, combinations" in verdict_of(out), verdict_of(out)
