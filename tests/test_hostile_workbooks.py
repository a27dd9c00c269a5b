"""A submitted workbook is untrusted: a zip bomb, a declared range of billions of cells, an endless sheet are each
refused in one line, before they can take the machine (issue 19, item 6)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from analyzer.studies import workbook
from analyzer.studies.workbook import declared_cells

from .clirun import assert_refused

openpyxl = pytest.importorskip("openpyxl")


def base_workbook() -> bytes:
    """A small, valid par sheet workbook: the Tie of punto-banco."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "tie"
    sheet.append(["wager", "event", "pays", "combinations"])
    sheet.append(["tie", "tie", "8:1", "475627426473216"])
    sheet.append(["tie", "no tie", "lose", "4522770849030144"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def with_sheet(tmp_path: Path, name: str, write_sheet: object) -> str:
    """The base workbook with ``xl/worksheets/sheet1.xml`` replaced by what ``write_sheet(stream)`` writes."""
    source = zipfile.ZipFile(io.BytesIO(base_workbook()))
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename == "xl/worksheets/sheet1.xml":
                with target.open(info.filename, "w", force_zip64=True) as stream:
                    write_sheet(stream)  # type: ignore[operator]
            else:
                target.writestr(info, source.read(info.filename))
    return str(path)


HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
    b'2006/main">'
)


@pytest.mark.slow
def test_a_zip_bomb_is_refused_in_one_line(tmp_path: Path) -> None:
    row = b'<row><c t="inlineStr"><is><t>tie</t></is></c></row>' * 1000

    def bomb(stream: io.RawIOBase) -> None:
        stream.write(HEAD + b'<dimension ref="A1:A4"/><sheetData>')
        for _ in range(6000):  # 300 MB of XML, a few hundred kB compressed
            stream.write(row)
        stream.write(b"</sheetData></worksheet>")

    path = with_sheet(tmp_path, "bomb.xlsx", bomb)
    assert Path(path).stat().st_size < 2_000_000
    assert_refused(["verify", path, "--rules", "punto-banco"], "xl/worksheets/sheet1.xml")


def test_a_sheet_declaring_every_cell_of_a_spreadsheet_is_refused(tmp_path: Path) -> None:
    def huge(stream: io.RawIOBase) -> None:
        stream.write(HEAD + b'<dimension ref="A1:XFD1048576"/><sheetData></sheetData></worksheet>')

    path = with_sheet(tmp_path, "huge.xlsx", huge)
    assert_refused(["verify", path, "--rules", "punto-banco"], "declares 17,179,869,184 cells")


@pytest.mark.slow
def test_a_declared_column_range_cannot_make_the_reader_pad_each_row(tmp_path: Path) -> None:
    good = zipfile.ZipFile(io.BytesIO(base_workbook())).read("xl/worksheets/sheet1.xml")
    wide = re.sub(rb'<dimension ref="A1:D3" ?/>', b'<dimension ref="A1:XFD3"/>', good)
    assert wide != good
    path = with_sheet(tmp_path, "wide.xlsx", lambda stream: stream.write(wide))
    result = subprocess.run(
        [sys.executable, "-m", "analyzer", "verify", path, "--rules", "punto-banco"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr  # read, bounded to the first columns, and confirmed
    assert "2 rows: 2 CONFIRMED, 0 REFUTED" in result.stdout


def test_a_sheet_of_more_rows_than_a_par_sheet_has_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workbook, "MAX_ROWS", 2)
    path = tmp_path / "long.xlsx"
    path.write_bytes(base_workbook())
    assert_refused(["verify", str(path), "--rules", "punto-banco"], "sheet 'tie' has more than 2 rows")


def test_a_file_that_is_no_zip_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "not.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a zip")
    assert_refused(["verify", str(path), "--rules", "punto-banco"], "is not a readable .xlsx workbook")


@pytest.mark.parametrize(
    "head, cells",
    [
        (b'<dimension ref="A1:D40"/>', 160),
        (b'<dimension ref="A1"/>', 1),
        (b"<sheetData/>", None),
        (b'<x:dimension ref="B2:C3"/>', 4),
    ],
)
def test_the_declared_range_is_read_from_the_head_of_the_sheet(head: bytes, cells: int | None) -> None:
    assert declared_cells(HEAD + head) == cells
