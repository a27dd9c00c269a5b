"""A par sheet lists every outcome row of the pay table, once (issue 30, item 3): a row left out, or listed twice, ends
NOT VERIFIED with exit status 1, naming the wager and the rows, though every figure left is right and its Totals row
adds up.

The sheets are the tool's own (``baccarat analyze`` as .csv and .xlsx, written once per module), with each outcome
row deleted in turn, so the tests follow the layouts as they change.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from analyzer.exact.parsheet import ParSheet
from analyzer.exact.reach import load_rules
from analyzer.game.rules import RuleSet
from analyzer.game.shoe import Shoe
from analyzer.studies.submitted import RowsListed, read_par_sheet, rows_listed
from analyzer.studies.verify import verify

from .clirun import run, verdict_of

LIGHTNING = str(Path(__file__).parent.parent / "examples" / "lightning-style.toml")
RULES = load_rules("punto-banco")
SHOE = Shoe.decks(RULES.decks)


def _checked(path: Path, rules: RuleSet, shoe: Shoe, sheets: dict[tuple[int, Shoe, str], ParSheet]) -> RowsListed:
    """The rows a sheet leaves out or lists twice, its every figure confirmed and read (a row deleted leaves the rest
    right)."""
    claims = read_par_sheet(str(path), rules, shoe)
    assert all(v.confirmed for v in verify(claims, sheets)) and not claims.not_read
    return rows_listed(claims, rules, shoe, sheets)


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("own")
    files = {"csv": folder / "own.csv", "xlsx": folder / "own.xlsx"}
    for path in files.values():
        code, _, err = run(
            "analyze", "--rules", "punto-banco", "--wager", "banker", "--wager", "tie", "--out", str(path)
        )
        assert code == 0, err
    return files


def test_the_tools_own_sheets_list_every_row_once(own: dict[str, Path]) -> None:
    for path in own.values():
        assert _checked(path, RULES, SHOE, {}) == RowsListed(), path


def test_each_row_deleted_from_the_tools_csv_is_named_missing(own: dict[str, Path], tmp_path: Path) -> None:
    rows = list(csv.reader(io.StringIO(own["csv"].read_text())))
    wager, outcome = rows[0].index("wager"), rows[0].index("outcome")
    sheets: dict[tuple[int, Shoe, str], ParSheet] = {}
    assert len(rows) == 6  # the header, banker's 3 rows and tie's 2
    for r in range(1, len(rows)):
        path = tmp_path / "deleted.csv"
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows[:r] + rows[r + 1 :])
        path.write_text(buffer.getvalue())
        found = _checked(path, RULES, SHOE, sheets)
        assert found == RowsListed((f"{rows[r][wager]}: {rows[r][outcome]}",), (), 1), rows[r]


def test_each_row_deleted_from_the_tools_workbook_its_totals_kept_is_named_missing(
    own: dict[str, Path], tmp_path: Path
) -> None:
    data = own["xlsx"].read_bytes()
    sheets: dict[tuple[int, Shoe, str], ParSheet] = {}
    deleted = []
    for sheet_name in ("banker", "tie"):
        table = load_workbook(io.BytesIO(data), data_only=True)[sheet_name]
        head = next(r for r in range(1, 20) if table.cell(r, 1).value == "outcome")
        totals = next(r for r in range(head, 40) if table.cell(r, 1).value == "Totals")
        for r in range(head + 1, totals):
            book = load_workbook(io.BytesIO(data), data_only=True)  # stored values: the Totals row stays as written
            outcome = book[sheet_name].cell(r, 1).value
            book[sheet_name].delete_rows(r)
            path = tmp_path / "deleted.xlsx"
            book.save(path)
            assert _checked(path, RULES, SHOE, sheets) == RowsListed((f"{sheet_name}: {outcome}",), (), 1)
            deleted.append(outcome)
    assert deleted == ["Banker wins", "tie", "Player wins", "tie", "no tie"]


def test_a_row_left_out_ends_not_verified_naming_the_wager_and_rows(tmp_path: Path) -> None:
    path = tmp_path / "supplier.csv"
    path.write_text(
        "Wager,Event,Pays,Combinations\nbanker,Banker wins,19:20,2292252566437888\n"
        "banker,Totals,,4998398275503360\ntie,tie,8:1,475627426473216\n"
    )
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 1, out
    assert verdict_of(out) == (
        "NOT VERIFIED: 3 rows missing (banker: tie, Player wins; tie: no tie); of the figures read, 3 rows: 3 "
        "CONFIRMED, 0 REFUTED."
    )
    assert "Rows missing, so the sheet is not verified: banker: tie, Player wins; tie: no tie;" in " ".join(out.split())
    code, out, _ = run("verify", str(path), "--rules", "punto-banco", "--format", "json")
    assert '"rows_missing": [\n    "banker: tie, Player wins",\n    "tie: no tie"\n  ]' in out
    assert '"verified": false' in out


def test_a_row_listed_twice_ends_not_verified(own: dict[str, Path], tmp_path: Path) -> None:
    lines = own["csv"].read_text().splitlines(keepends=True)
    path = tmp_path / "twice.csv"
    path.write_text("".join([*lines, lines[2]]))
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 1, out
    assert verdict_of(out).startswith("NOT VERIFIED: 1 row listed more than once (banker: tie (line 3, line 7)); ")


def test_rows_named_in_other_words_count_as_the_outcome_they_name(tmp_path: Path) -> None:
    path = tmp_path / "supplier.csv"
    path.write_text("Bet,Hand,Payout\nBanker,BANKER WINS,19:20\nbanker,Tie,push\nbanker,player-wins,lose\n")
    code, out, _ = run("verify", str(path), "--rules", "punto-banco")
    assert code == 0 and verdict_of(out) == "3 rows: 3 CONFIRMED, 0 REFUTED.", out


@pytest.mark.slow  # a lightning wager's par sheet counts every multiplier class: a second or more
def test_a_multiplied_row_deleted_from_the_tools_lightning_csv_is_named_missing(tmp_path: Path) -> None:
    """A lightning wager's rows are each outcome with each total multiplier the cards can make, as ``analyze`` writes
    them: "Player wins x512" left out is missing, though "Player wins" is listed."""
    path = tmp_path / "lightning.csv"
    code, _, err = run("analyze", "--rules", LIGHTNING, "--wager", "lightning-player", "--out", str(path))
    assert code == 0, err
    rules = load_rules(LIGHTNING)
    shoe, sheets = Shoe.decks(rules.decks), {}
    assert _checked(path, rules, shoe, sheets) == RowsListed()
    lines = path.read_text().splitlines(keepends=True)
    last = next(i for i, line in enumerate(lines) if ",Player wins x512," in line)
    path.write_text("".join(lines[:last] + lines[last + 1 :]))
    assert _checked(path, rules, shoe, sheets) == RowsListed(("lightning-player: Player wins x512",), (), 1)


def test_a_tie_pay_changed_is_still_one_row(tmp_path: Path) -> None:
    rules = RULES.with_pays("tie", "tie", Fraction(9))
    path = tmp_path / "tie.csv"
    code, _, err = run(
        "analyze", "--rules", "punto-banco", "--wager", "tie", "--pay", "tie:tie=9:1", "--out", str(path)
    )
    assert code == 0, err
    assert _checked(path, rules, SHOE, {}) == RowsListed()
