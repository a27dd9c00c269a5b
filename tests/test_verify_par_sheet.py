"""`baccarat verify` reads a par sheet as a supplier submits it (CSV, .xlsx): each row CONFIRMED or REFUTED."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.studies import reading

from .clirun import assert_refused, run, verdict_of

SUBMITTED = """Wager,Event,Pays,Combinations,Probability,Return,House edge
banker,Banker wins,19:20,"2,292,252,566,437,888",0.458597,0.435668,1.06%
banker,tie,push,475627426473216,0.095156,0,
banker,Player wins,lose,2230518282592256,0.446247,-0.446247,
banker,Totals,,4998398275503360,1,-0.010579,
tie,tie,{tie_pays},475627426473216,0.095156,{tie_return},{tie_edge}
tie,no tie,lose,4522770849030144,0.904844,-0.904844,
"""


def _sheet(tmp_path: Path, text: str, name: str = "submitted.csv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_correct_submitted_par_sheet_is_confirmed_row_by_row(tmp_path: Path) -> None:
    # Source: Wizard of Odds, baccarat basics: Banker 1.06% (1.0579%), Tie at 8 to 1 14.36% (14.3596%), 8 decks.
    path = _sheet(tmp_path, SUBMITTED.format(tie_pays="8:1", tie_return="0.761248", tie_edge="14.36%"))
    code, out, _ = run("verify", path, "--rules", "punto-banco")
    assert code == 0, out
    assert out.count(" CONFIRMED\n") == 6 and "REFUTED\n" not in out
    assert "line 5 banker / Totals CONFIRMED" in out
    assert out.rstrip().endswith("No row is refuted.") and verdict_of(out) == "6 rows: 6 CONFIRMED, 0 REFUTED."


def test_a_wrong_row_is_refuted_and_listed_at_the_end_with_exit_1(tmp_path: Path) -> None:
    # The tie at 9 to 1 (4.84%, Wizard of Odds) submitted under punto-banco, whose rule file pays 8 to 1.
    path = _sheet(tmp_path, SUBMITTED.format(tie_pays="9:1", tie_return="0.856404", tie_edge="4.84%"))
    code, out, _ = run("verify", path, "--rules", "punto-banco")
    assert code == 1
    assert "line 6 tie / tie REFUTED" in out
    assert "    pays:               claimed 9:1; computed 8:1, not 9:1" in out
    assert "claimed 4.84%; computed 14.36% to the claimed precision, not 4.84%" in out
    assert out.rstrip().endswith("Refuted rows: line 6 (tie / tie: pays, return, house edge).")
    assert verdict_of(out) == (
        "6 rows: 5 CONFIRMED, 1 REFUTED; the worst difference: line 6 tie / tie, house edge: claimed 4.84%, computed "
        "14.36%."
    )  # the verdict first, then the rows
    assert out.index("Verdict: ") < out.index("line 2 banker")
    only = run("verify", path, "--rules", "punto-banco", "--only", "refuted")[1]
    assert "line 6 tie / tie REFUTED" in only and "line 2 banker" not in only and "PASS" not in only
    # The same sheet is right for a table that pays 9 to 1.
    code, out, _ = run("verify", path, "--rules", "punto-banco", "--pay", "tie:tie=9:1")
    assert code == 0, out


def test_the_csv_that_analyze_writes_is_a_par_sheet_verify_confirms(tmp_path: Path) -> None:
    code, out, _ = run("analyze", "--rules", "live-pittsburgh", "--decks", "6", "--remove", "9,9", "--format", "csv")
    path = _sheet(tmp_path, out)
    code, out, _ = run("verify", path, "--rules", "live-pittsburgh", "--decks", "6", "--remove", "9,9")
    assert code == 0 and "0 REFUTED" in out
    code, out, _ = run("verify", path, "--rules", "live-pittsburgh")  # the wrong shoe: every count differs
    assert code == 1 and "line 2 player / Player wins REFUTED" in out


def test_json_lists_every_check(tmp_path: Path) -> None:
    import json

    path = _sheet(tmp_path, SUBMITTED.format(tie_pays="9:1", tie_return="0.856404", tie_edge="4.84%"))
    _code, out, _ = run("verify", path, "--rules", "punto-banco", "--format", "json")
    data = json.loads(out)
    assert (data["rows"], data["confirmed"], data["refuted"]) == (6, 5, 1)
    assert {c["figure"] for c in data["checks"] if c["verdict"] == "REFUTED"} == {"pays", "return", "house_edge"}
    assert data["provenance"]["files"][0]["role"] == "par sheet"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Wager,Event,Pays\nbanker,Banker win,19:20\n",
            "line 2: event 'Banker win' is not an outcome of banker under punto-banco; its outcomes are: Banker wins, "
            "tie, Player wins (a map of your names: --map FILE).",
        ),
        ("Wager,Event,Pays\nlucky-6,x,1:1\n", "line 2: Unknown wager 'lucky-6'"),
        ("Event,Pays\nBanker wins,19:20\n", "line 2: names no wager; give a wager column."),
        ("Wager,Event,Probability\nbanker,Banker wins,45.86\n", 'write "45.86%"'),
        ("Wager,Event,Pays\nbanker,Banker wins,lots\n", "line 2: pays: Pays 'lots' is not understood"),
        ("Colour,Size\nred,2\n", "no figure found; a par sheet needs a header row with event"),
    ],
)
def test_a_malformed_par_sheet_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    assert_refused(["verify", _sheet(tmp_path, text), "--rules", "punto-banco"], message)


def test_files_that_cannot_be_par_sheets_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _sheet(tmp_path, "Wager,Event,Pays\nbanker,Banker wins,19:20\n")
    assert_refused(["verify", path], "is a par sheet: give the rule set to check it under with --rules")
    assert_refused(["verify", str(tmp_path / "none.csv"), "--rules", "punto-banco"], "Cannot read par sheet")
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    assert_refused(["verify", str(folder), "--rules", "punto-banco"], "it is a folder")
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Wager,Event\nbanker,Banker wins \xe9\n".encode("latin-1"))
    assert_refused(["verify", str(latin), "--rules", "punto-banco"], "is not UTF-8 text")
    monkeypatch.setattr(reading, "MAX_BYTES", 10)
    assert_refused(["verify", path, "--rules", "punto-banco"], "a par sheet is at most 10 bytes")
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a zip")
    monkeypatch.setattr(reading, "MAX_BYTES", 10**6)
    assert_refused(["verify", str(broken), "--rules", "punto-banco"], "is not a readable .xlsx workbook")


def test_a_spreadsheet_in_another_format_is_refused_with_what_to_do(tmp_path: Path) -> None:
    old = tmp_path / "sheet.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0")
    assert_refused(["verify", str(old)], "a par sheet is read as .csv or .xlsx; save it in one of those")


def test_claims_file_options_are_refused(tmp_path: Path) -> None:
    assert_refused(["verify", "examples/claims.toml", "--rules", "punto-banco"], "are for a par sheet (.csv, .xlsx)")


def test_the_workbook_that_analyze_writes_verifies_from_its_cached_values(tmp_path: Path) -> None:
    out = tmp_path / "pb.xlsx"
    assert run("analyze", "--rules", "punto-banco", "--out", str(out))[0] == 0
    code, text, _ = run("verify", str(out), "--rules", "punto-banco")
    assert code == 0 and verdict_of(text) == "122 rows: 122 CONFIRMED, 0 REFUTED."


def test_a_submitted_workbook_with_a_wrong_row_is_refuted(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Dragon P"
    sheet.append(["Wager", "dragon-bonus-player"])
    sheet.append([])
    sheet.append(["Outcome", "Pays", "Combinations", "Probability"])
    # Source: Wizard of Odds, baccarat appendix 5: Dragon Bonus on the Player, 8 decks (the 30:1 row, and a typo).
    sheet.append(["win by 9, non-natural", 30, 18409431764992, 0.003683])
    sheet.append(["win by 8", 10, 34097645543424, 0.006832])
    sheet.append([])
    sheet.append(["House edge", "2.65%"])
    path = tmp_path / "dragon.xlsx"
    book.save(path)
    code, out, _ = run("verify", str(path), "--rules", "live-pittsburgh")
    assert code == 1
    assert "Dragon P!4 dragon-bonus-player / win by 9, non-natural CONFIRMED" in out
    assert "Dragon P!5 dragon-bonus-player / win by 8 REFUTED" in out  # 0.006822 is the probability
    assert "Dragon P!7 dragon-bonus-player / house edge CONFIRMED" in out
