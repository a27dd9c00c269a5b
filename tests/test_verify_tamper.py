"""verify without blind spots (issue 30): every figure the tool writes, tampered one cell at a time, is REFUTED or
"not verified"; never CONFIRMED with exit 0.

The par sheets are the tool's own output (``baccarat analyze``, as .xlsx and .csv), written once per module, so the
tests follow the layouts as they change; the exact figures are computed once per module too (one par sheet cache for
every tampered copy). Which cells carry a figure is decided by ``tests/tamper.py``'s own rule (a number, a text with
a digit, a pay word), not by the reader under test.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from analyzer.errors import InputError
from analyzer.exact.parsheet import ParSheet
from analyzer.exact.reach import load_rules
from analyzer.game.rules import RuleSet
from analyzer.game.shoe import Shoe
from analyzer.studies.submitted import read_par_sheet, rows_listed
from analyzer.studies.verify import read_claims, verify

from .clirun import run
from .tamper import carries_figure, tampered, with_cell

LIGHTNING = str(Path(__file__).parent.parent / "examples" / "lightning-style.toml")
PROVENANCE = ("analyzer_version", "source_sha256")
"""The CSV's provenance columns: which program wrote it and which rule files it read, not figures of the game."""


@dataclass
class Game:
    rules: RuleSet
    shoe: Shoe
    sheets: dict[tuple[int, Shoe, str], ParSheet]

    def outcome(self, path: Path) -> tuple[bool, str]:
        """Whether verify confirms the file whole, and why not (the refuted figures or those not read, or the one line
        refusing a malformed file: an outcome's name with a digit changed may name no outcome)."""
        try:
            claims = read_par_sheet(str(path), self.rules, self.shoe)
            verdicts = verify(claims, self.sheets)
        except InputError as e:
            return False, str(e)
        refuted = [f"{v.claim.label} {v.claim.figure}" for v in verdicts if not v.confirmed]
        rows = rows_listed(claims, self.rules, self.shoe, self.sheets)  # an outcome renamed to another's: twice
        why = refuted + list(claims.not_read) + list(rows.missing) + list(rows.repeated)
        return not why, "; ".join(why)


@pytest.fixture(scope="module")
def game() -> Game:
    rules = load_rules("punto-banco").with_pays("tie", "tie", Fraction(9))  # the pays changed are stated and read
    return Game(rules, Shoe.decks(rules.decks), {})


def _own_files(folder: Path, *extra: str) -> dict[str, Path]:
    """The tool's own workbook and CSV of banker and tie (tie at 9:1), with ``extra`` options, written in ``folder``."""
    files = {"xlsx": folder / "own.xlsx", "csv": folder / "own.csv"}
    for path in files.values():
        code, _, err = run(
            "analyze", "--rules", "punto-banco", "--wager", "banker", "--wager", "tie", "--pay", "tie:tie=9:1",
            *extra, "--out", str(path),
        )  # fmt: skip
        assert code == 0, err
    return files


@pytest.fixture(scope="module")
def own_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _own_files(tmp_path_factory.mktemp("own"))


def _workbook_figures(data: bytes) -> Iterator[tuple[int, str, str, object]]:
    """Every cell of the workbook's par sheets that carries a figure: (sheet number, sheet name, address, value)."""
    book = load_workbook(io.BytesIO(data), data_only=True)
    for number, sheet in enumerate(book.worksheets, start=1):
        if sheet.title == "About":  # the provenance and the document's words: no par-sheet table
            continue
        for row in sheet.iter_rows():
            for cell in row:
                if carries_figure(cell.value):
                    yield number, sheet.title, cell.coordinate, cell.value


def test_the_tools_own_files_are_confirmed_whole(game: Game, own_files: dict[str, Path]) -> None:
    for path in own_files.values():
        assert game.outcome(path) == (True, ""), path


def test_every_figure_of_the_workbook_is_found_by_the_tamper_rule(own_files: dict[str, Path]) -> None:
    found = {(name, address) for _, name, address, _ in _workbook_figures(own_files["xlsx"].read_bytes())}
    # the layout's figures: the shoe, 3 + 2 rows of 6 figure cells, 2 Totals rows of 4, 8 + 8 figures below (the
    # standard deviation has no exact fraction beside it): if the layout grows, this count grows with it
    assert ("banker", "B3") in found and ("tie", "C12") in found
    assert len(found) == 2 * 1 + 5 * 6 + 2 * 4 + 2 * 15


@pytest.mark.slow
def test_every_figure_of_the_tools_workbook_tampered_is_refuted(
    game: Game, own_files: dict[str, Path], tmp_path: Path
) -> None:
    data = own_files["xlsx"].read_bytes()
    passed = []
    for number, name, address, value in _workbook_figures(data):
        path = tmp_path / "tampered.xlsx"
        path.write_bytes(with_cell(data, number, address, tampered(value)))
        confirmed, _ = game.outcome(path)
        if confirmed:
            passed.append(f"{name}!{address} {value!r} -> {tampered(value)!r}")
    assert not passed, f"tampered and still confirmed: {passed}"


def _csv_figures(rows: list[list[str]]) -> Iterator[tuple[int, int]]:
    """Every cell of the CSV's data rows that carries a figure, as (row, column), the provenance left out."""
    for r, row in enumerate(rows[1:], start=1):
        for c, cell in enumerate(row):
            if rows[0][c] not in PROVENANCE and carries_figure(cell):
                yield r, c


def _tamper_csv(
    game: Game, text: str, folder: Path, cells: int | None = None, only: tuple[int, ...] | None = None
) -> list[str]:
    """Tamper each figure cell of the CSV ``text`` in turn (the first ``cells`` of them; the rows ``only`` when given):
    the cells that were still confirmed."""
    rows = list(csv.reader(io.StringIO(text)))
    passed = []
    for r, c in [(r, c) for r, c in _csv_figures(rows) if only is None or r in only][:cells]:
        changed = [list(row) for row in rows]
        changed[r][c] = str(tampered(rows[r][c]))
        path = folder / "tampered.csv"
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(changed)
        path.write_text(buffer.getvalue())
        confirmed, _ = game.outcome(path)
        if confirmed:
            passed.append(f"line {r + 1} {rows[0][c]} {rows[r][c]!r} -> {changed[r][c]!r}")
    return passed


@pytest.mark.slow
def test_every_figure_of_the_tools_csv_tampered_is_refuted(
    game: Game, own_files: dict[str, Path], tmp_path: Path
) -> None:
    passed = _tamper_csv(game, own_files["csv"].read_text(), tmp_path)
    assert not passed, f"tampered and still confirmed: {passed}"


def test_the_first_row_of_the_tools_csv_tampered_is_refuted(
    game: Game, own_files: dict[str, Path], tmp_path: Path
) -> None:
    """The quick subset's share of the test above: the first row's figures, every column of the layout."""
    passed = _tamper_csv(game, own_files["csv"].read_text(), tmp_path, cells=20)
    assert not passed, f"tampered and still confirmed: {passed}"


@pytest.fixture(scope="module")
def lightning(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, str]:
    path = tmp_path_factory.mktemp("lightning") / "lightning.csv"
    code, _, err = run("analyze", "--rules", LIGHTNING, "--wager", "lightning-player", "--out", str(path))
    assert code == 0, err
    rules = load_rules(LIGHTNING)
    return Game(rules, Shoe.decks(rules.decks), {}), path.read_text()


@pytest.mark.slow
def test_the_tools_own_lightning_csv_verifies_and_every_figure_tampered_is_refuted(
    lightning: tuple[Game, str], tmp_path: Path
) -> None:
    game, text = lightning
    path = tmp_path / "own.csv"
    path.write_text(text)
    assert game.outcome(path) == (True, "")
    rows = list(csv.reader(io.StringIO(text)))
    outcome, pays = rows[0].index("outcome"), rows[0].index("pays")
    multiplied = next(r for r, row in enumerate(rows) if row[outcome].startswith("Player wins x"))
    guarded = next(r for r, row in enumerate(rows) if row[pays].startswith("'-"))  # a pay less than nothing: "'-1:6"
    # every cell of the plain, a multiplied, the guarded and the last row (each of the 45 rows takes 0.6 s more)
    passed = _tamper_csv(game, text, tmp_path, only=(1, multiplied, guarded, len(rows) - 1))
    assert not passed, f"tampered and still confirmed: {passed}"


REMOVED = ("5", "5", "K")
"""The cards a sheet made with ``--remove`` names: its CSV's ``removed`` column and its workbook's shoe cell."""


@pytest.fixture(scope="module")
def removed_game(game: Game) -> Game:
    return Game(game.rules, Shoe.decks(game.rules.decks).remove(REMOVED), {})


@pytest.fixture(scope="module")
def removed_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _own_files(tmp_path_factory.mktemp("removed"), "--remove", ",".join(REMOVED))


# the same number of cards, other cards (a rank changed, one card for another of the same value: Q for K); the same
# cards in another order or notation are the same shoe, and suits named where the shoe given names none state nothing
# more to check (suits against suits: analyzer.studies.claimfigures.same_cards)
WRONG_CARDS = ("5 5 Q", "5 6 K", "5 K K", "4 5 K", "5H 5S QD")
SAME_CARDS = ("K 5 5", "5x2 K", "5,5,K", "5H 5S KD")


def test_a_sheet_made_with_remove_is_confirmed_whole(removed_game: Game, removed_files: dict[str, Path]) -> None:
    for path in removed_files.values():
        assert removed_game.outcome(path) == (True, ""), path


@pytest.mark.parametrize("cards", WRONG_CARDS + SAME_CARDS)
def test_the_csvs_removed_cards_are_compared_card_by_card(
    cards: str, removed_game: Game, removed_files: dict[str, Path], tmp_path: Path
) -> None:
    rows = list(csv.reader(io.StringIO(removed_files["csv"].read_text())))
    column = rows[0].index("removed")
    assert {row[column] for row in rows[1:]} == {"5 5 K"}  # as the tool writes them
    for row in rows[1:]:
        row[column] = cards
    path = tmp_path / "cards.csv"
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    path.write_text(buffer.getvalue())
    confirmed, why = removed_game.outcome(path)
    assert confirmed == (cards in SAME_CARDS), why
    if cards in WRONG_CARDS:
        assert why == "line 2 removed; line 5 removed", why  # once per wager: banker's first row, tie's


@pytest.mark.parametrize("cards", WRONG_CARDS + SAME_CARDS)
def test_the_workbooks_shoe_cell_is_compared_card_by_card(
    cards: str, removed_game: Game, removed_files: dict[str, Path], tmp_path: Path
) -> None:
    data = removed_files["xlsx"].read_bytes()
    shoe = {(name, address): value for _, name, address, value in _workbook_figures(data) if address == "B3"}
    assert shoe == {("banker", "B3"): "8 decks less 5 5 K (413 cards)", ("tie", "B3"): "8 decks less 5 5 K (413 cards)"}
    path = tmp_path / "cards.xlsx"
    path.write_bytes(with_cell(data, 2, "B3", f"8 decks less {cards} (413 cards)"))
    confirmed, why = removed_game.outcome(path)
    assert confirmed == (cards in SAME_CARDS), why
    if cards in WRONG_CARDS:
        assert why == "banker!3 removed", why


@pytest.mark.slow
def test_every_figure_of_a_sheet_made_with_remove_tampered_is_refuted(
    removed_game: Game, removed_files: dict[str, Path], tmp_path: Path
) -> None:
    data = removed_files["xlsx"].read_bytes()
    passed = []
    for number, name, address, value in _workbook_figures(data):
        path = tmp_path / "tampered.xlsx"
        path.write_bytes(with_cell(data, number, address, tampered(value)))
        if removed_game.outcome(path)[0]:
            passed.append(f"{name}!{address} {value!r} -> {tampered(value)!r}")
    passed += _tamper_csv(removed_game, removed_files["csv"].read_text(), tmp_path)
    assert not passed, f"tampered and still confirmed: {passed}"


@pytest.mark.parametrize("value, confirmed", [("5 5 Q", False), ("5 6 K", False), ("K,5x2", True), ("5 K 5", True)])
def test_a_claims_files_removed_cards_are_compared_card_by_card(value: str, confirmed: bool) -> None:
    text = (
        f'[[claim]]\nrules = "punto-banco"\nremove = "5,5,K"\nwager = "banker"\nfigure = "removed"\nvalue = "{value}"\n'
    )
    (verdict,) = verify(read_claims(text, "claims.toml", Path(".")))
    assert verdict.confirmed == confirmed
