"""A submitted par sheet's workbook (.xlsx), read cell by cell into the rows :mod:`.submitted` makes claims of.

Each worksheet that holds a header row with an ``outcome`` or ``event`` cell is read:

* above the table, a cell "wager" with the wager's name right of it (else the ``wager`` column, else the sheet's
  name), and a cell "shoe" with the shoe right of it ("8 decks (416 cards)": its decks and cards are checked;
  "8 decks less 5 5 K (413 cards)": the cards removed too, card by card);
* the table: one row per outcome, down to a blank row or a "Totals" row (whose combinations, probability and
  return are checked as the rows' sums and the expected value);
* anywhere else, a cell naming a figure ("house edge", "RTP", "Hold", "standard deviation", ... as
  :data:`.submitted.ALIASES` lists them) states that figure in each number (or number written as text, such as an
  exact fraction "114753351728/10847218479825") right of it, as the figures below the tool's own tables do.

Every other cell that holds a figure (a number, or a text that reads as one) is named as not read, with its address
(``banker!B21``), and so is a table column whose header names no figure but whose cells hold numbers (a "Volatility
Index"): the verification then ends "not verified". A sheet with no table (the tool's "About" sheet of provenance
and words) is read only for such figures. Text cells are read as text; a number cell is a binary double that carries
15 significant digits, so it is claimed to 15 significant digits (a whole number up to 2**53 exactly).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from ..errors import InputError
from ..extras import require
from .sheetcells import ALIASES, IDENTIFYING, ROW_NUMBERS, TOTALS, Cell, Row, Unread, figure_like, normalized

_SHOE = re.compile(
    r"(?:(?P<decks>\d{1,4}) decks?(?: less (?P<less>[^()]*))?|custom shoe [^()]*) \((?P<cards>\d{1,6}) cards?\)",
    re.IGNORECASE,
)
"""How the tool names a shoe (``analyzer.report.common.shoe_text``): "8 decks (416 cards)", "8 decks less 5 5 K
(413 cards)"."""


def xlsx_tables(path: str, data: bytes, unread: Unread) -> Iterator[tuple[str, list[Row], str | None]]:
    """Each worksheet's par-sheet table: (its name, its rows, its wager); a cell whose formula has no stored value (a
    workbook saved by a program that does not calculate) is read as empty and named in ``unread.unvalued``
    (sheet!cell), never skipped silently."""
    require("xlsx", "openpyxl", what="Reading a .xlsx par sheet")
    from openpyxl import load_workbook  # imported only when a workbook is read
    from openpyxl.utils import get_column_letter

    from .workbook import bounded_rows, check_workbook

    check_workbook(path, data)  # untrusted: every part's size and each sheet's declared range, before parsing
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        formulas = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except Exception as e:  # openpyxl raises many kinds on a file that is not a workbook
        raise InputError(f"{path}: is not a readable .xlsx workbook ({type(e).__name__}).") from None
    for sheet, written in zip(book.worksheets, formulas.worksheets):
        try:
            grid: list[list[object]] = list(bounded_rows(sheet))
            typed = list(bounded_rows(written))
        except InputError as e:
            raise InputError(f"{path}: {e}") from None
        for r, (values, cells) in enumerate(zip(grid, typed), start=1):
            unread.unvalued.extend(
                f"{sheet.title}!{get_column_letter(c)}{r}"
                for c, (value, cell) in enumerate(zip(values, cells), start=1)
                if value is None and isinstance(cell, str) and cell.startswith("=")
            )
        found = sheet_table(sheet.title, grid, unread)
        if found is not None:
            yield found


def _address(row: int, column: int) -> str:
    """A cell's address from 0-based indices: (12, 1) -> "B13"."""
    letters, n = "", column + 1
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return f"{letters}{row + 1}"


def _labelled(title: str, grid: list[list[object]], k: int, read: set[tuple[int, int]]) -> list[Cell]:
    """Row ``k``'s figures stated beside a label: each figure cell right of a cell naming a figure, until a cell of
    other text."""
    cells: list[Cell] = []
    current: str | None = None
    for j, cell in enumerate(grid[k]):
        if cell is None or (isinstance(cell, str) and not cell.strip()):
            continue
        if figure_like(cell):
            if current is not None:
                cells.append((current, f"{title}!{_address(k, j)}", cell))
                read.add((k, j))
            continue
        field = ALIASES.get(normalized(cell))
        current = field if field is not None and field not in IDENTIFYING else None
    return cells


def sheet_table(title: str, grid: list[list[object]], unread: Unread) -> tuple[str, list[Row], str | None] | None:
    """One worksheet's par sheet (see the module notes), its unread figures added to ``unread``; None when the sheet
    holds no table (its figures, if any, are then named as not read)."""
    keys = [[normalized(cell) for cell in row] for row in grid]
    head = next((i for i, row in enumerate(keys) if "event" in [ALIASES.get(k) for k in row]), None)
    read: set[tuple[int, int]] = set()  # the cells a figure is read from, (row, column)
    rows: list[Row] = []
    wager: str | None = title
    if head is not None:
        for i in range(head):
            for j in range(len(grid[i]) - 1):
                value = grid[i][j + 1]
                if value is None:
                    continue
                if keys[i][j] == "wager":
                    wager = str(value).strip()
                    read.add((i, j + 1))
                elif keys[i][j] == "shoe":
                    found = _SHOE.fullmatch(str(value).strip())
                    if found:
                        where = f"{title}!{_address(i, j + 1)}"
                        shoe: list[Cell] = [("cards", where, int(found["cards"]))]
                        if found["decks"]:
                            shoe.insert(0, ("decks", where, int(found["decks"])))
                        if found["less"]:  # the cards out of the decks, checked card by card
                            shoe.append(("removed", where, found["less"].strip()))
                        rows.append((f"{title}!{i + 1}", shoe))
                        read.add((i, j + 1))
        header = [ALIASES.get(k, "") for k in keys[head]]
        n = head + 1
        while n < len(grid) and any(cell is not None and str(cell).strip() for cell in grid[n]):
            cells = [
                (f, str(grid[head][j]).strip(), cell)
                for j, (f, cell) in enumerate(zip(header, grid[n]))
                if f and cell is not None
            ]
            read.update((n, j) for j, f in enumerate(header) if f)
            rows.append((f"{title}!{n + 1}", cells))
            n += 1
            if any(f == "event" and str(c).strip().lower() in TOTALS for f, _, c in cells):
                break
        for j, f in enumerate(header):
            name = grid[head][j]
            if f or j >= len(grid[head]):
                continue
            numbering = str(name).strip() == "#" or keys[head][j] in ROW_NUMBERS
            if numbering:
                read.update((r, j) for r in range(head + 1, n))
            if numbering or not any(j < len(grid[r]) and figure_like(grid[r][j]) for r in range(head + 1, n)):
                if name is not None and str(name).strip():
                    unread.columns.append(f"{title}!{name}")
            else:
                named = name is not None and str(name).strip()
                unread.figures.append(f"{title}!{name if named else _address(head, j)}")
                read.update((r, j) for r in range(head + 1, n))
        for k in (*range(head), *range(n, len(grid))):
            cells = _labelled(title, grid, k, read)
            if cells:
                rows.append((f"{title}!{k + 1}", cells))
    unread.figures.extend(
        f"{title}!{_address(k, j)}"
        for k, row in enumerate(grid)
        for j, cell in enumerate(row)
        if (k, j) not in read and figure_like(cell)
    )
    return None if head is None else (title, rows, wager)
