"""A supplier's own names (issue 19, item 1): a wager's title matches it, names that differ only in case and
punctuation match, a map file says the rest; every match is named in the report, and formula cells without a
stored value are named, never skipped silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from .clirun import assert_refused, run

SHEET = """Wager,Event,Pays,Combinations
Dragon Bonus Player,Natural Win,1:1,812685054124032
Dragon Bonus Player,Win by 9 (non-natural),30:1,18409431764992
Dragon Bonus Player,Win by 8,10:1,34097645543424
Dragon Bonus Player,natural tie,push,
Dragon Bonus Player,win by 7,6:1,
Dragon Bonus Player,win by 6,4:1,
Dragon Bonus Player,win by 5,2:1,
Dragon Bonus Player,win by 4,1:1,
Dragon Bonus Player,any other result,lose,
"""
"""Every row of the pay table is listed (a sheet leaving one out is not verified); the first three state counts too."""
MAP = """[events.dragon-bonus-player]
"Big nine" = "win by 9, non-natural"
"""


def test_titles_and_loose_names_match_and_are_named(tmp_path: Path) -> None:
    sheet = tmp_path / "supplier.csv"
    sheet.write_text(SHEET.replace("Win by 9 (non-natural)", "win by 9 non natural"), encoding="utf-8")
    code, out, err = run("verify", str(sheet), "--rules", "live-pittsburgh")
    assert code == 0, err
    assert "9 rows: 9 CONFIRMED, 0 REFUTED." in out
    flat = " ".join(out.split())
    assert "Names matched: Dragon Bonus Player -> dragon-bonus-player (by its title)" in flat
    assert "dragon-bonus-player / win by 9 non natural -> win by 9, non-natural (by its name)" in flat


def test_a_map_says_what_no_name_matches(tmp_path: Path) -> None:
    sheet, names = tmp_path / "supplier.csv", tmp_path / "names.toml"
    sheet.write_text(SHEET.replace("Win by 9 (non-natural)", "Big nine"), encoding="utf-8")
    names.write_text(MAP, encoding="utf-8")
    assert_refused(["verify", str(sheet), "--rules", "live-pittsburgh"], "(a map of your names: --map FILE)")
    code, out, _ = run("verify", str(sheet), "--rules", "live-pittsburgh", "--map", str(names))
    assert code == 0 and "-> win by 9, non-natural (by the map)" in " ".join(out.split())


@pytest.mark.parametrize(
    "text, message",
    [
        ('[wagers]\n"DB" = "dragon-bonus"\n', "wagers.DB: 'dragon-bonus' is not a wager of live-pittsburgh"),
        ('[events.dragon-bonus-player]\n"x" = "y"\n', "events.dragon-bonus-player.x: 'y' is not an outcome"),
        ("[aliases]\n", "aliases: is not a known key"),
    ],
)
def test_a_bad_map_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    sheet, names = tmp_path / "supplier.csv", tmp_path / "names.toml"
    sheet.write_text(SHEET, encoding="utf-8")
    names.write_text(text, encoding="utf-8")
    assert_refused(["verify", str(sheet), "--rules", "live-pittsburgh", "--map", str(names)], message)


def test_formula_cells_without_a_stored_value_are_named(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()  # openpyxl writes formulas without their values, as a program that does not calculate
    sheet = book.active
    sheet.title = "tie"
    sheet.append(["wager", "event", "pays", "combinations", "probability", "return"])
    sheet.append(["tie", "tie", "8:1", "475627426473216", 0.095156, "=E2*8"])
    sheet.append(["tie", "no tie", "lose", "4522770849030144", 0.904844, "=-E3"])
    path = tmp_path / "formulas.xlsx"
    book.save(path)
    code, out, _ = run("verify", str(path), "--rules", "punto-banco", "--format", "json")
    import json

    document = json.loads(out)
    document = document[0] if isinstance(document, list) else document
    assert code == 0 and document["formulas_without_values"] == ["tie!F2", "tie!F3"]
