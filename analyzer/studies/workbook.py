"""A submitted workbook is untrusted input: its size is checked part by part before anything parses it.

An .xlsx file is a zip archive of XML parts. A file of a few hundred kilobytes may hold gigabytes of XML
(a zip bomb), or a sheet may declare a range of seventeen billion cells that a reader would pad every row to;
both once took this machine's memory or minutes. So, before openpyxl reads a byte of XML:

* the archive must have at most :data:`MAX_PARTS` parts, none larger than :data:`MAX_PART_BYTES` once
  uncompressed, all together at most :data:`MAX_TOTAL_BYTES`, and none compressed more than
  :data:`MAX_RATIO` to 1 (a par sheet's XML compresses some 10 to 1; a bomb, thousands to 1);
* each worksheet's declared range (``<dimension ref="A1:D40"/>``, read from the part's first few kilobytes)
  must hold at most :data:`MAX_CELLS` cells;

and then the rows are read lazily, at most :data:`MAX_ROWS` of them and :data:`MAX_COLUMNS` cells each (a
declared range that lies cannot make the reader pad beyond them). What exceeds a limit is refused in one line
naming the part and the limit. The sizes the zip directory states are the sizes read: Python's zipfile never
yields more bytes than a member's stated size (and checks its CRC), so a directory that understates them ends
in a refused file, not in more data.

A par sheet needs a few thousand cells; the limits leave a hundred times that.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator

from ..errors import InputError

MAX_PARTS = 1_000
MAX_PART_BYTES = 32 * 1024 * 1024
MAX_TOTAL_BYTES = 96 * 1024 * 1024
MAX_RATIO = 200
"""Uncompressed over compressed size, for a part of more than :data:`RATIO_FROM` bytes."""
RATIO_FROM = 1024 * 1024
MAX_CELLS = 1_000_000
MAX_ROWS = 20_000
MAX_COLUMNS = 256
_HEAD_BYTES = 8192
_DIMENSION = re.compile(rb'<(?:\w+:)?dimension\s+ref="([A-Z]{1,3})(\d{1,7})(?::([A-Z]{1,3})(\d{1,7}))?"')


def _column(letters: bytes) -> int:
    n = 0
    for c in letters:
        n = n * 26 + (c - 64)
    return n


def declared_cells(head: bytes) -> int | None:
    """The number of cells a worksheet's ``<dimension>`` declares, from the start of its XML (None: not declared)."""
    found = _DIMENSION.search(head)
    if not found:
        return None
    first_col, first_row, last_col, last_row = found.groups()
    if last_col is None:
        return 1
    rows = abs(int(last_row) - int(first_row)) + 1
    columns = abs(_column(last_col) - _column(first_col)) + 1
    return rows * columns


def _head(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The first few kilobytes of a part, decompressed (and no more)."""
    with archive.open(info) as part:
        return part.read(_HEAD_BYTES)


def check_workbook(path: str, data: bytes) -> None:
    """Refuse, in one line, a workbook whose parts or declared sheets exceed the limits above."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise InputError(f"{path}: is not a readable .xlsx workbook (not a zip archive).") from None
    if len(infos) > MAX_PARTS:
        raise InputError(
            f"{path}: the workbook has {len(infos):,} parts; a par sheet's has a few dozen "
            f"(at most {MAX_PARTS:,} are read)."
        )
    total = 0
    for info in infos:
        size = info.file_size
        total += size
        if size > MAX_PART_BYTES:
            raise InputError(
                f"{path}: part {info.filename[:80]!r} holds {size:,} bytes uncompressed; at most "
                f"{MAX_PART_BYTES:,} are read (a par sheet's parts are far smaller)."
            )
        if size > RATIO_FROM and size > MAX_RATIO * max(1, info.compress_size):
            raise InputError(
                f"{path}: part {info.filename[:80]!r} is compressed {size // max(1, info.compress_size):,} "
                f"to 1 (a zip bomb?); at most {MAX_RATIO} to 1 is read."
            )
    if total > MAX_TOTAL_BYTES:
        raise InputError(
            f"{path}: the workbook holds {total:,} bytes uncompressed; at most {MAX_TOTAL_BYTES:,} are read."
        )
    for info in infos:
        if not re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename):
            continue
        try:
            cells = declared_cells(_head(archive, info))
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, RuntimeError, NotImplementedError):
            raise InputError(f"{path}: part {info.filename[:80]!r} cannot be read (damaged or encrypted).") from None
        if cells is not None and cells > MAX_CELLS:
            raise InputError(
                f"{path}: sheet {info.filename[:80]!r} declares {cells:,} cells; a par sheet needs a few "
                f"thousand (at most {MAX_CELLS:,} are read)."
            )


def bounded_rows(sheet: object) -> Iterator[list[object]]:
    """A read-only worksheet's rows as lists, at most :data:`MAX_ROWS` rows of :data:`MAX_COLUMNS` cells; a sheet with
    more rows is refused (its figures would be read only in part)."""
    rows = sheet.iter_rows(min_row=1, max_row=MAX_ROWS + 1, max_col=MAX_COLUMNS, values_only=True)  # type: ignore[attr-defined]
    for n, row in enumerate(rows, start=1):
        if n > MAX_ROWS:
            title = getattr(sheet, "title", "?")
            raise InputError(f"sheet {title!r} has more than {MAX_ROWS:,} rows; a par sheet has a few hundred.")
        yield list(row)
