"""Every CSV this program writes keeps a hostile name in one quoted, guarded cell (issue 30 item 6).

A name holding a bare carriage return, a line feed or a tab followed by ``=cmd|' /C calc'!A0`` used to pass the
formula guard (it did not start the cell) and the carriage return was written unquoted, so a reader started a new
row with a live ``=`` cell. Each writer is run here with such names in every place a rule file lets a user put
text (the rule set's name and title, a wager's key, title and source, its rows' names, the file's own name): the
CLI's ``--format csv`` to stdout and ``--out``, ``count --per-shoe`` and ``--bankroll-plot`` tables, and the
workbench's ``/api/export`` csv; the workbook's cells are checked to be text, never formulas.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from analyzer.report.to_csv import csv_cell, neutralised

from .clirun import run

CALC = "=cmd|' /C calc'!A0"
BREAKS = ("\r", "\n", "\t", "\r\n")
WAGER = "\"@s\\r=cmd|' /C calc'!A0\""
_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?(/\d+)?|[-+]?inf")


def hostile_text() -> str:
    return f"""[rule_set]
name = "r\\r{CALC}"
title = "x\\r{CALC}"
extends = "punto-banco"

[wagers.{WAGER}]
title = "@SUM(1+1)\\n{CALC}"
source = "-2+3\\t{CALC}"
outcomes = [
  {{ name = "x\\r{CALC}", player = {{ natural = true }}, pays = "1:1" }},
  {{ name = "+1\\r\\n{CALC}", banker = {{ natural = true }}, pays = "2:1" }},
  {{ name = "other", pays = "lose" }},
]
"""


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "h\r=cmd|' calc'!A0.toml"  # the file's own name is written in every provenance column
    path.write_text(hostile_text(), encoding="utf-8")
    return path


def assert_guarded(text: str) -> None:
    """No row or cell of ``text`` starts with a formula, read as a CSV reader reads it or split at every line break
    and tab as a careless one does; and every cell holding a break is quoted."""
    assert text, "nothing was written"
    for row in csv.reader(io.StringIO(text, newline="")):
        for cell in row:
            if _NUMBER.fullmatch(cell):
                continue
            for piece in re.split(r"[\r\n\t]", cell):
                assert not piece.startswith(("=", "+", "-", "@")), repr(cell)
    for piece in re.split(r"\r\n|[\r\n\t]", text):
        first = piece.split(",", 1)[0]
        assert not first.startswith(("=", "+", "@")) and not re.match(r"-[^\d.]", first), repr(piece[:60])
    assert CALC not in re.sub(r"'" + re.escape(CALC), "", text), "a formula is written unguarded"


@pytest.mark.parametrize("cut", BREAKS)
def test_a_formula_after_a_line_break_or_tab_inside_a_name_is_guarded_and_the_cell_quoted(cut: str) -> None:
    cell = f"x{cut}{CALC}"
    assert neutralised(cell) == f"x{cut}'{CALC}"
    assert csv_cell(cell) == f'"x{cut}\'{CALC}"'
    (read,) = csv.reader(io.StringIO(csv_cell(cell) + "\n", newline=""))
    assert read == [f"x{cut}'{CALC}"]


def test_a_cell_is_quoted_only_when_it_must_be_and_numbers_stay_numbers() -> None:
    assert [csv_cell(c) for c in ("banker", "-0.0105", "-3/7", "1,000", 'a "b"', "-x")] == [
        "banker",
        "-0.0105",
        "-3/7",
        '"1,000"',
        '"a ""b"""',
        "'-x",
    ]


@pytest.mark.parametrize("command", ["analyze", "compare", "eor"])
def test_the_csv_to_stdout_of_every_command_guards_every_hostile_name(hostile: Path, command: str) -> None:
    args = [command, "--rules", str(hostile), "--format", "csv"]
    if command == "eor":
        args += ["--wager", "player", "--decks", "1"]
    code, out, err = run(*args)
    assert code == 0, err
    assert_guarded(out)
    if command == "analyze":
        assert f"x\r'{CALC}" in [c for row in csv.reader(io.StringIO(out, newline="")) for c in row]


def test_the_csv_written_with_out_guards_every_hostile_name(hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "par.csv"
    code, _, err = run("analyze", "--rules", str(hostile), "--out", str(out))
    assert code == 0, err
    assert_guarded(out.read_bytes().decode("utf-8"))


@pytest.mark.slow
def test_the_per_shoe_and_bankroll_tables_of_count_guard_every_hostile_name(hostile: Path, tmp_path: Path) -> None:
    shoes, paths = tmp_path / "shoes.csv", tmp_path / "paths.csv"
    wager = f"@s\r{CALC}"
    code, _, err = run(
        "count", "--rules", str(hostile), "--wager", wager, "--shoes", "2", "--per-shoe", str(shoes),
        "--bankroll", "100", "--bankroll-plot", str(paths),
    )  # fmt: skip
    assert code == 0, err
    for table in (shoes, paths):
        assert_guarded(table.read_bytes().decode("utf-8"))


@pytest.mark.slow
def test_the_workbench_csv_export_guards_every_hostile_name() -> None:
    pytest.importorskip("httpx2", reason="the API tests need httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from analyzer.web.app import create_app
    from analyzer.web.guard import Guard

    client = TestClient(create_app(Guard.for_address("testserver", 80, None)))
    state = {"text": hostile_text().replace('name = "r\\r', 'name = "r'), "name": "hostile"}
    answer = client.post("/api/export", json={"state": state, "format": "csv"})
    assert answer.status_code == 200, answer.text
    assert_guarded(answer.content.decode("utf-8"))


def test_a_workbook_writes_hostile_names_as_text_cells(hostile: Path, tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "book.xlsx"
    code, _, err = run("analyze", "--rules", str(hostile), "--wager", f"@s\r{CALC}", "--out", str(out))
    assert code == 0, err
    cells = [c for sheet in openpyxl.load_workbook(out) for row in sheet.iter_rows() for c in row]
    named = [c for c in cells if isinstance(c.value, str) and CALC in c.value]
    assert named and all(c.data_type == "s" for c in named)
    formulas = [c.value for c in cells if c.data_type == "f"]
    assert formulas and not any("cmd" in str(f) for f in formulas)
