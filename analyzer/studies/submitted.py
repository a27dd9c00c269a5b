"""A par sheet as a supplier submits it (CSV or .xlsx), read into claims that ``verify`` checks.

The usual layout: one row per outcome of a wager, with the wager, the event
(the outcome's name in the rule set's pay table), and any of pays,
combinations, probability and return; a "Totals" row (combinations: the
denominator; return: the expected value); and the stated house edge.

CSV
    A header line names the columns (case and spaces do not matter):
    ``wager``, ``event`` (or ``outcome``), ``pays``, ``combinations``,
    ``probability`` (``probability_percent`` in percent), ``return``,
    ``house_edge`` (a fraction of the bet, or with a % sign;
    ``house_edge_percent`` in percent). Other columns are ignored, so the
    CSV that ``baccarat analyze --format csv`` writes is itself a par sheet.
.xlsx
    Each worksheet that holds a header row with an ``outcome`` or ``event``
    cell is read: its wager is the ``wager`` column, or else the cell right of
    a cell "wager" above the header, or else the sheet's name; below the
    table, a cell "house edge" with the value right of it states the edge.
    Text cells are read as text; a number cell is a binary double that
    carries 15 significant digits, so it is claimed to 15 significant digits
    (a whole number up to 2**53 exactly). A column ``combinations (exact)``
    of text wins over ``combinations``, as in the workbooks this program
    writes.

Every stated figure becomes one claim (:class:`~.verify.Claim`) labelled with
its row; an event that is not an outcome of the wager, a wager the rule set
does not have, or a value that does not read is a malformed file.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from ..errors import InputError, shown
from ..extras import require
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager
from .reading import read_submitted
from .verify import Claim, Claimed, Claims, claimed_figure

ALIASES: dict[str, str] = {
    "wager": "wager",
    "bet": "wager",
    "event": "event",
    "outcome": "event",
    "pays": "pays",
    "pay": "pays",
    "payout": "pays",
    "odds": "pays",
    "combinations": "combinations",
    "combos": "combinations",
    "ways": "combinations",
    "combinations_exact": "combinations_exact",
    "probability": "probability",
    "probability_percent": "probability_percent",
    "return": "return",
    "contribution": "return",
    "house_edge": "house_edge",
    "house_edge_percent": "house_edge_percent",
    "expected_value": "expected_value",
    "ev": "expected_value",
    "rtp": "rtp",
    "rtp_percent": "rtp_percent",
    "return_to_player": "rtp",
    "return_to_player_percent": "rtp_percent",
    "payback": "rtp",
    "payback_percent": "rtp_percent",
    "element_of_risk": "element_of_risk",
    "element_of_risk_percent": "element_of_risk_percent",
    "hit_frequency": "hit_frequency",
    "hit_frequency_percent": "hit_frequency_percent",
    "push_frequency": "push_frequency",
    "push_frequency_percent": "push_frequency_percent",
    "variance": "variance",
    "standard_deviation": "standard_deviation",
    "sd": "standard_deviation",
    "std_dev": "standard_deviation",
    "denominator": "denominator",
}
"""Column names (normalized) and the field each one states."""
WAGER_FIGURES: tuple[str, ...] = (
    "house_edge",
    "expected_value",
    "rtp",
    "element_of_risk",
    "hit_frequency",
    "push_frequency",
    "variance",
    "standard_deviation",
    "denominator",
)
"""Figures of a whole wager: a row may state them beside its outcome; each distinct value is checked once."""
FIGURE_COLUMNS: tuple[str, ...] = (
    "pays",
    "combinations_exact",
    "combinations",
    "probability",
    "probability_percent",
    "return",
    "house_edge",
    "house_edge_percent",
    "expected_value",
    "rtp",
    "rtp_percent",
    "element_of_risk",
    "element_of_risk_percent",
    "hit_frequency",
    "hit_frequency_percent",
    "push_frequency",
    "push_frequency_percent",
    "variance",
    "standard_deviation",
    "denominator",
)
IDENTIFYING = ("wager", "event")
"""Fields that say what a row is about rather than state a figure."""
TOTALS = ("total", "totals")
SIGNIFICANT = 15
"""Significant digits a spreadsheet's number (a double) carries."""
EXACT_DOUBLE = 2**53


def normalized(name: object) -> str:
    """A header as a key: "House edge (%)" -> "house_edge_percent", "Combinations (exact)" -> "combinations_exact"."""
    text = str(name or "").strip().lower().replace("%", " percent")
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")


@dataclass(frozen=True, slots=True)
class Names:
    """A supplier's names for wagers and events (``--map FILE``), and the matches made, for the report."""

    wagers: dict[str, str] = field(default_factory=dict)
    events: dict[str, dict[str, str]] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)

    def wager(self, name: str, rules: RuleSet) -> Wager:
        """The wager a sheet names: by its name, the map, or its title or name with case and punctuation ignored."""
        known = {w.name for w in rules.wagers}
        if name in known:
            return rules.wager(name)
        if name in self.wagers:
            self.used[name] = f"{self.wagers[name]} (by the map)"
            return rules.wager(self.wagers[name])
        for w in rules.wagers:
            if normalized(name) in (normalized(w.title), normalized(w.name)):
                self.used[name] = f"{w.name} (by its {'title' if normalized(name) == normalized(w.title) else 'name'})"
                return w
        return rules.wager(name)  # refused, with the names allowed

    def event(self, event: str, wager: Wager) -> str | None:
        """The outcome an event names: by its name (any case), the map, or its name with punctuation ignored."""
        names = {o.name.lower(): o.name for o in wager.outcomes}
        if event.lower() in names:
            return names[event.lower()]
        mapped = self.events.get(wager.name, {}).get(event)
        if mapped is not None:
            self.used[f"{wager.name} / {event}"] = f"{mapped} (by the map)"
            return mapped
        loose = {normalized(o.name): o.name for o in wager.outcomes}
        if normalized(event) in loose:
            self.used[f"{wager.name} / {event}"] = f"{loose[normalized(event)]} (by its name)"
            return loose[normalized(event)]
        return None


def load_names(path: str, rules: RuleSet) -> Names:
    """A map of a supplier's names: ``[wagers]`` "their name" = "wager", ``[events.WAGER]`` "their event" = "outcome";
    every target must be a wager or outcome of ``rules`` (refused in one line otherwise)."""
    from ..game.strict import StrictTable, decoded, parse_toml, read_bytes

    top = StrictTable(parse_toml(decoded(read_bytes(path, "names map"), path, "names map"), path), "", path)
    wagers_table, events_table = top.table("wagers", required=False), top.table("events", required=False)
    top.finish(("wagers", "events"))
    wagers: dict[str, str] = {}
    for theirs, ours in (wagers_table.data if wagers_table else {}).items():
        if not isinstance(ours, str) or ours not in {w.name for w in rules.wagers}:
            raise InputError(
                f"{path}: wagers.{theirs}: {shown(str(ours))} is not a wager of {rules.name}; it has: "
                f"{', '.join(w.name for w in rules.wagers)}."
            )
        wagers[str(theirs)] = ours
    events: dict[str, dict[str, str]] = {}
    for wager_name, table in (events_table.data if events_table else {}).items():
        wager = rules.wager(wager_name) if wager_name in {w.name for w in rules.wagers} else None
        if wager is None or not isinstance(table, dict):
            raise InputError(f"{path}: events.{wager_name}: name a wager of {rules.name} with a table of events.")
        for theirs, ours in table.items():
            if ours not in {o.name for o in wager.outcomes}:
                raise InputError(
                    f"{path}: events.{wager_name}.{theirs}: {shown(str(ours))} is not an outcome of "
                    f"{wager_name}; its outcomes are: {', '.join(o.name for o in wager.outcomes)}."
                )
        events[wager_name] = {str(k): str(v) for k, v in table.items()}
    return Names(wagers, events)


def read_par_sheet(path: str, rules: RuleSet, shoe: Shoe, names: Names | None = None) -> Claims:
    """Read a submitted par sheet (``.csv`` or ``.xlsx``) into claims under ``rules`` and ``shoe``; ``names`` maps a
    supplier's wager and event names (titles and names that differ only in case and punctuation match anyway)."""
    names = names if names is not None else Names()
    submitted = read_submitted(path, "par sheet")
    skipped: list[str] = []  # the columns no figure is read from, by name
    unvalued: list[str] = []  # cells holding a formula without a stored value, where
    suffix = path.lower().rsplit(".", 1)[-1]
    if suffix == "xlsx":
        tables = list(_xlsx_tables(path, submitted.data, skipped, unvalued))
    elif suffix == "csv":
        tables = [("", _csv_rows(submitted.text(), skipped), None)]
    else:
        raise InputError(f"{path}: a par sheet is a .csv or .xlsx file (or give a .toml claims file).")
    claims: list[Claim] = []
    for sheet, rows, wager in tables:
        claims.extend(_claims(path, sheet, rows, wager, rules, shoe, len(claims), names))
    unread = tuple(dict.fromkeys(skipped))
    if not claims:
        raise InputError(
            f"{path}: no figure found; a par sheet needs a header row with event (or outcome) and "
            "at least one of pays, combinations, probability, return, house_edge."
        )
    return Claims(
        path=path,
        title=f"par sheet under {rules.name}",
        claims=tuple(claims),
        sha256=submitted.sha256,
        kind="par sheet",
        unread=unread,
        unvalued=tuple(unvalued),
        matched=tuple(f"{theirs} -> {ours}" for theirs, ours in names.used.items()),
    )


Row = tuple[str, dict[str, object]]
"""A row's label (where it is in the file) and its cells by field."""


def _csv_rows(text: str, unread: list[str]) -> list[Row]:
    """The rows of a CSV par sheet; the header's columns that state no figure are added to ``unread``."""
    try:
        lines = list(csv.reader(io.StringIO(text)))
    except csv.Error as e:
        raise InputError(f"the CSV cannot be read ({e}); a par sheet's fields are short numbers and names.") from None
    first = next((i for i, line in enumerate(lines) if any(cell.strip() for cell in line)), None)
    if first is None:
        return []
    header = [ALIASES.get(normalized(cell), "") for cell in lines[first]]
    if "event" not in header:
        return []
    unread.extend(cell.strip() for cell, field in zip(lines[first], header) if not field and cell.strip())
    return [
        (f"line {n}", {field: cell for field, cell in zip(header, line) if field})
        for n, line in enumerate(lines[first + 1 :], start=first + 2)
        if any(cell.strip() for cell in line)
    ]


def _xlsx_tables(
    path: str, data: bytes, unread: list[str], unvalued: list[str]
) -> Iterator[tuple[str, list[Row], str | None]]:
    """Each worksheet's par-sheet table; a cell whose formula has no stored value (a workbook saved by a program that
    does not calculate) is read as empty and named in ``unvalued`` (sheet!cell), never skipped silently."""
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
            unvalued.extend(
                f"{sheet.title}!{get_column_letter(c)}{r}"
                for c, (value, cell) in enumerate(zip(values, cells), start=1)
                if value is None and isinstance(cell, str) and cell.startswith("=")
            )
        found = _xlsx_table(sheet.title, grid, unread)
        if found is not None:
            yield found


def _xlsx_table(title: str, grid: list[list[object]], unread: list[str]) -> tuple[str, list[Row], str | None] | None:
    keys = [[normalized(cell) for cell in row] for row in grid]
    head = next((i for i, row in enumerate(keys) if "event" in [ALIASES.get(k) for k in row]), None)
    if head is None:
        return None
    wager: str | None = title
    for row in grid[:head]:
        for j, cell in enumerate(row[:-1]):
            if normalized(cell) == "wager" and row[j + 1] is not None:
                wager = str(row[j + 1]).strip()
    header = [ALIASES.get(k, "") for k in keys[head]]
    unread.extend(
        f"{title}!{cell}"
        for cell, field in zip(grid[head], header)
        if not field and cell is not None and str(cell).strip()
    )
    rows: list[Row] = []
    n = head + 1
    while n < len(grid) and any(cell is not None and str(cell).strip() for cell in grid[n]):
        cells = {f: cell for f, cell in zip(header, grid[n]) if f and cell is not None}
        rows.append((f"{title}!{n + 1}", cells))
        n += 1
        if str(cells.get("event", "")).strip().lower() in TOTALS:
            break
    for k in range(n, len(grid)):
        for j, cell in enumerate(grid[k][:-1]):
            field = normalized(cell)
            if field in ("house_edge", "house_edge_percent") and grid[k][j + 1] is not None:
                rows.append((f"{title}!{k + 1}", {"event": "", field: grid[k][j + 1]}))
    return title, rows, wager


def _claimed(figure: str, value: object, unit: str | None) -> Claimed | None:
    """A cell's value as a claim of ``figure``; None for an empty cell (or a "?" pay: none given)."""
    if isinstance(value, bool) or value is None:
        return None
    if figure == "pays" and isinstance(value, int | float):
        named = "lose" if value == -1 else "push" if value == 0 else None
        return claimed_figure(figure, named or f"{Decimal(repr(float(value))):f}")
    if isinstance(value, int):
        if abs(value) < EXACT_DOUBLE:
            return claimed_figure(figure, value, None, unit)
        value = float(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"the number {value} is not a figure")
        digits = f"{Decimal(repr(value)):f}"
        significant = max(0, SIGNIFICANT - 1 - math.floor(math.log10(abs(value)))) if value else SIGNIFICANT
        claimed = claimed_figure(figure, digits, None, unit)
        shown = significant if claimed.places is None else min(claimed.places, significant)
        return replace(claimed, places=shown)  # the places of the number written, a percentage's when in percent
    text = str(value).strip()
    if not text or (figure == "pays" and text == "?"):
        return None
    if re.fullmatch(r"-?\d+\.\d+", text) and len(text.lstrip("-0.").replace(".", "")) > SIGNIFICANT:
        return _claimed(figure, float(text), unit)  # a double printed in full (a standard deviation): 15 digits hold
    return claimed_figure(figure, text, None, unit)


_FIGURE_OF = {
    "pays": ("pays", None),
    "combinations_exact": ("combinations", None),
    "combinations": ("combinations", None),
    "probability": ("probability", None),
    "probability_percent": ("probability", "percent"),
    "return": ("return", None),
    **{f: (f, None) for f in WAGER_FIGURES},
    **{f"{f}_percent": (f, "percent") for f in WAGER_FIGURES},
}


def _claims(
    path: str,
    sheet: str,
    rows: Sequence[Row],
    sheet_wager: str | None,
    rules: RuleSet,
    shoe: Shoe,
    start: int,
    names: Names,
) -> list[Claim]:
    claims: list[Claim] = []
    stated: set[tuple[str, str, Fraction]] = set()
    for label, cells in rows:
        where = f"{path}: {label}"
        wager_name = str(cells.get("wager") or sheet_wager or "").strip()
        if not wager_name:
            raise InputError(f"{where}: names no wager; give a wager column.")
        try:
            wager = names.wager(wager_name, rules)
        except InputError as e:
            raise InputError(f"{where}: {e} (a map of your names: --map FILE)") from None
        event = str(cells.get("event") or "").strip()
        totals = event.lower() in TOTALS
        outcome = None
        if event and not totals:
            outcome = names.event(event, wager)
            if outcome is None:
                raise InputError(
                    f"{where}: event {shown(event)} is not an outcome of {wager.name} under {rules.name}; "
                    f"its outcomes are: {', '.join(o.name for o in wager.outcomes)} (a map of your names: "
                    "--map FILE)."
                )
        columns = [
            c for c in FIGURE_COLUMNS if c in cells and not (c == "combinations" and "combinations_exact" in cells)
        ]
        for column in columns:
            figure, unit = _FIGURE_OF[column]
            if figure not in WAGER_FIGURES and outcome is None:
                if not totals or figure not in ("combinations", "return"):
                    continue
                figure = "denominator" if figure == "combinations" else "expected_value"
            try:
                claimed = _claimed(figure, cells[column], unit)
            except InputError as e:
                raise InputError(f"{where}: {column}: {e}") from None
            if claimed is None:
                continue
            if figure in WAGER_FIGURES:  # repeated on every row of a wager, or in two units: checked once
                key = (wager.name, figure, claimed.value)
                if key in stated:
                    continue
                stated.add(key)
            subject = f"{wager.name} / {event or 'house edge'}"
            claims.append(
                Claim(
                    number=start + len(claims) + 1,
                    label=label,
                    source=subject,
                    rules=rules,
                    shoe=shoe,
                    wager=wager.name,
                    figure=figure,
                    outcome=outcome if figure in _OUTCOME else None,
                    claimed=claimed,
                    pays=tuple((o, p) for w, o, p in rules.pay_changes if w == wager.name),
                )
            )
    return claims


_OUTCOME = ("combinations", "probability", "return", "pays")
