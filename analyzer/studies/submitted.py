"""A par sheet as a supplier submits it (CSV or .xlsx), read into claims that ``verify`` checks.

The usual layout: one row per outcome of a wager, with the wager, the event
(the outcome's name in the rule set's pay table, or a lightning wager's
"outcome xN" row), and any of pays, combinations, probability, return and
fair odds; a "Totals" row (combinations and probability: the rows added up;
return: the expected value); and the wager's figures (house edge, RTP, ...).
Headers are read by the names suppliers use (:data:`.sheetcells.ALIASES`:
"Hold" is the house edge, "Theoretical Return" the RTP, ...).

CSV
    A header line names the columns (case and spaces do not matter);
    ``..._percent`` (or a "%" in the header) states a figure in percent. The
    CSV that ``baccarat analyze --format csv`` writes is itself a par sheet:
    every figure column of it is read, its formula guard (a leading ``'``)
    dropped.
.xlsx
    Read by :mod:`.submitted_xlsx`: the table, the cells above it (wager,
    shoe) and every labelled figure beside or below it.

Every stated figure becomes one claim (:class:`~.verify.Claim`) labelled with
its row and where it was read; a figure that cannot be read (a column whose
header names no known figure but holds numbers, a volatility index, a number
with no label) is named in :attr:`~.verify.Claims.not_read`, and the
verification is then not verified. An event that is not an outcome of the
wager, a wager the rule set does not have, or a value that does not read is a
malformed file.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet, par_sheets
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager
from .claimfigures import OUTCOME_FIGURES
from .reading import read_submitted
from .sheetcells import (
    ALIASES,
    EXACT_DOUBLE,
    IDENTIFYING,
    ROW_NUMBERS,
    SIGNIFICANT,
    TOTALS,
    WAGER_FIGURES,
    Row,
    Unread,
    figure_like,
    normalized,
    unguarded,
)
from .submitted_xlsx import xlsx_tables
from .verify import Claim, Claimed, Claims, claimed_figure


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
        multiplied = _MULTIPLIED.fullmatch(event.strip())
        if wager.lightning is not None and multiplied:  # a row of (outcome, total multiplier): "Player wins x2"
            base = self.event(multiplied["base"], wager)
            return None if base is None else f"{base} x{multiplied['value']}"
        return None


_MULTIPLIED = re.compile(r"(?P<base>.+?) x(?P<value>[1-9]\d{0,17}(?:/[1-9]\d{0,17})?)")
"""A lightning wager's row name: its outcome and the total multiplier (:func:`analyzer.game.money.multiplier_text`)."""


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
    supplier's wager and event names (titles and names that differ only in case and punctuation match anyway).

    Every cell that holds a figure is either read into a claim or named in :attr:`~.verify.Claims.not_read` (a
    column whose meaning is not known, such as a volatility index; a number with no label; a row's figure with no
    outcome), so a verification never confirms a sheet with a figure nobody checked."""
    names = names if names is not None else Names()
    submitted = read_submitted(path, "par sheet")
    unread = Unread()
    suffix = path.lower().rsplit(".", 1)[-1]
    if suffix == "xlsx":
        tables = list(xlsx_tables(path, submitted.data, unread))
    elif suffix == "csv":
        tables = [("", _csv_rows(submitted.text(), unread), None)]
    else:
        raise InputError(f"{path}: a par sheet is a .csv or .xlsx file (or give a .toml claims file).")
    claims: list[Claim] = []
    listed: list[tuple[str, str, str]] = []
    for _, rows, wager in tables:
        claims.extend(_claims(path, rows, wager, rules, shoe, len(claims), names, unread.figures, listed))
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
        unread=tuple(dict.fromkeys(unread.columns)),
        not_read=tuple(dict.fromkeys(unread.figures)),
        unvalued=tuple(unread.unvalued),
        matched=tuple(f"{theirs} -> {ours}" for theirs, ours in names.used.items()),
        listed=tuple(listed),
    )


def _csv_rows(text: str, unread: Unread) -> list[Row]:
    """The rows of a CSV par sheet; a column whose header names no figure is added to ``unread``: to its figures
    when any of its cells holds one, else to its columns."""
    try:
        lines = list(csv.reader(io.StringIO(text)))
    except csv.Error as e:
        raise InputError(f"the CSV cannot be read ({e}); a par sheet's fields are short numbers and names.") from None
    first = next((i for i, line in enumerate(lines) if any(cell.strip() for cell in line)), None)
    if first is None:
        return []
    heads = [cell.strip() for cell in lines[first]]
    header = [ALIASES.get(normalized(cell), "") for cell in heads]
    if "event" not in header:
        return []
    body = [(n, line) for n, line in enumerate(lines[first + 1 :], start=first + 2) if any(c.strip() for c in line)]
    for j in range(max(len(heads), *(len(line) for _, line in body)) if body else len(heads)):
        if j < len(header) and header[j]:
            continue
        head = heads[j] if j < len(heads) else ""
        numbering = head == "#" or normalized(head) in ROW_NUMBERS
        if not numbering and any(j < len(line) and figure_like(line[j]) for _, line in body):
            unread.figures.append(head or f"column {j + 1} (no header)")
        elif head:
            unread.columns.append(head)
    return [
        (f"line {n}", [(f, heads[j], unguarded(cell)) for j, (f, cell) in enumerate(zip(header, line)) if f])
        for n, line in body
    ]


def _claimed(figure: str, value: object, unit: str | None) -> Claimed | None:
    """A cell's value as a claim of ``figure``; None for an empty cell (or a "?" pay: none given)."""
    if isinstance(value, bool) or value is None:
        return None
    if figure == "removed":  # cards, as a report or --remove writes them: "5 5 K"
        text = unguarded(str(value)).strip()
        return claimed_figure(figure, text) if text else None
    if figure == "pays" and isinstance(value, int | float):
        if value in (-1, 0):
            return claimed_figure(figure, "lose" if value == -1 else "push")
        claimed = _claimed("return", value, None)  # a pay as a number: read as any number is
        assert claimed is not None
        return replace(claimed, percent=False)
    if isinstance(value, int):
        if abs(value) < EXACT_DOUBLE:
            return claimed_figure(figure, value, None, unit)
        value = float(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"the number {value} is not a figure")
        digits = f"{Decimal(repr(value)):f}"
        significant = SIGNIFICANT - 1 - math.floor(math.log10(abs(value))) if value else SIGNIFICANT  # < 0 past 1e15
        claimed = claimed_figure(figure, digits, None, unit)
        shown = significant if claimed.places is None else min(claimed.places, significant)
        return replace(claimed, places=shown)  # the places of the number written, a percentage's when in percent
    text = unguarded(str(value)).strip()
    if not text or (figure == "pays" and text == "?"):
        return None
    if re.fullmatch(r"-?\d+\.\d+", text) and len(text.lstrip("-0.").replace(".", "")) > SIGNIFICANT:
        return _claimed(figure, float(text), unit)  # a double printed in full (a standard deviation): 15 digits hold
    return claimed_figure(figure, text, None, unit)


def _fair_odds(value: object) -> tuple[str, object]:
    """What a fair-odds cell states: "(19:20)" is the row's pays (a paid row's fair odds are its pays, as
    ``analyze`` prints them); "never" a probability of 0; "12.3870 to 1" fair odds of 12.3870."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "fair_odds", value
    text = unguarded(str(value or "")).strip()
    if text.startswith("(") and text.endswith(")"):
        return "pays", text[1:-1]
    if text.lower() in ("never", "never happens"):
        return "probability", "0"
    odds = re.fullmatch(r"(?P<n>[^:]{1,100}?)\s*(?::|to)\s*1", text, flags=re.IGNORECASE)
    return "fair_odds", text if odds is None else odds["n"]


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and unguarded(value).strip() in ("", "?"))


_FIGURE_OF = {
    "pays": ("pays", None),
    "combinations_exact": ("combinations", None),
    "combinations": ("combinations", None),
    "probability": ("probability", None),
    "probability_percent": ("probability", "percent"),
    "return": ("return", None),
    "return_percent": ("return", "percent"),
    "fair_odds": ("fair_odds", None),
    **{f: (f, None) for f in WAGER_FIGURES},  # removed: the cards out of the decks ("5 5 K"), checked card by card
    **{f"{f}_percent": (f, "percent") for f in WAGER_FIGURES},
}
_WHAT = {"decks": "shoe", "cards": "shoe", "removed": "shoe", "rtp": "RTP"}
"""What a row with no outcome is about, by the figure it states, where its name does not say it."""
_TOTALS_OF = {"combinations": "total_combinations", "probability": "total_probability", "return": "expected_value"}
"""What a Totals row's outcome columns state: the rows' combinations and probabilities added up, and the return
added up (the expected value)."""


def _claims(
    path: str,
    rows: Sequence[Row],
    sheet_wager: str | None,
    rules: RuleSet,
    shoe: Shoe,
    start: int,
    names: Names,
    not_read: list[str],
    listed: list[tuple[str, str, str]],
) -> list[Claim]:
    """The claims of ``rows``; each row naming an outcome or Totals is added to ``listed`` as (wager, outcome, row),
    the outcome "" for a Totals row."""
    claims: list[Claim] = []
    stated: set[tuple[str, str, Fraction, Fraction]] = set()
    for label, cells in rows:
        where = f"{path}: {label}"
        given = {f: v for f, _, v in reversed(cells)}  # the first cell of each field
        wager_name = unguarded(str(given.get("wager") or sheet_wager or "")).strip()
        if not wager_name:
            raise InputError(f"{where}: names no wager; give a wager column.")
        try:
            wager = names.wager(wager_name, rules)
        except InputError as e:
            raise InputError(f"{where}: {e} (a map of your names: --map FILE)") from None
        event = unguarded(str(given.get("event") or "")).strip()
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
        if event:
            listed.append((wager.name, outcome or "", label))
        changed = [(name, column, value) for name, column, value in cells if name == "pays_changed"]
        for name, column, value in cells:
            if name in IDENTIFYING or name == "pays_changed" or _blank(value):
                continue
            figure, unit = _FIGURE_OF[name]
            if figure == "fair_odds":
                figure, value = _fair_odds(value)
            if figure in OUTCOME_FIGURES and outcome is None:
                if not totals or figure not in _TOTALS_OF:
                    not_read.append(f"{label}: {column} (a row's figure with no outcome named)")
                    continue
                figure = _TOTALS_OF[figure]
            try:
                claimed = _claimed(figure, value, unit)
            except InputError as e:
                raise InputError(f"{where}: {name}: {e}") from None
            if claimed is None:
                continue
            if figure not in OUTCOME_FIGURES:  # repeated down a column on every row of a wager: checked once
                key = (
                    wager.name,
                    f"{figure} {column} {claimed.text if figure == 'removed' else ''}",
                    claimed.value,
                    claimed.half_unit,
                )  # cards removed: the same number of other cards is another claim
                if key in stated:
                    continue
                stated.add(key)
            claims.append(
                Claim(
                    number=start + len(claims) + 1,
                    label=label,
                    source=f"{wager.name} / {event or _WHAT.get(figure, figure.replace('_', ' '))}",
                    rules=rules,
                    shoe=shoe,
                    wager=wager.name,
                    figure=figure,
                    outcome=outcome if figure in OUTCOME_FIGURES else None,
                    claimed=claimed,
                    pays=tuple((o, p) for w, o, p in rules.pay_changes if w == wager.name),
                    cell=column,
                )
            )
        for _, column, value in changed:
            for other, outcome_name, claimed in _pays_changed(where, column, value, rules, names):
                key = (other.name, f"pays {outcome_name}", claimed.value, claimed.half_unit)
                if key in stated:
                    continue
                stated.add(key)
                claims.append(
                    Claim(
                        number=start + len(claims) + 1,
                        label=label,
                        source=f"{other.name} / {outcome_name} (pays changed)",
                        rules=rules,
                        shoe=shoe,
                        wager=other.name,
                        figure="pays",
                        outcome=outcome_name,
                        claimed=claimed,
                        pays=tuple((o, p) for w, o, p in rules.pay_changes if w == other.name),
                        cell=column,
                    )
                )
    return claims


def _pays_changed(
    where: str, column: str, value: object, rules: RuleSet, names: Names
) -> list[tuple[Wager, str, Claimed]]:
    """The pays a ``pays_changed`` cell states ("tie:tie=9:1; banker:Banker wins=1:1", as ``--pay`` writes them),
    each as (wager, outcome, claimed pays)."""
    found = []
    for entry in (e.strip() for e in unguarded(str(value or "")).split(";")):
        if not entry:
            continue
        parsed = re.fullmatch(r"(?P<wager>[^:=]+):(?P<outcome>[^=]+)=(?P<pays>.+)", entry)
        if parsed is None:
            raise InputError(f"{where}: {column}: {shown(entry)} is not a pay change; write WAGER:OUTCOME=PAYS.")
        try:
            wager = names.wager(parsed["wager"].strip(), rules)
            outcome = names.event(parsed["outcome"].strip(), wager)
            if outcome is None:
                raise InputError(f"{shown(parsed['outcome'])} is not an outcome of {wager.name}")
            found.append((wager, outcome, claimed_figure("pays", parsed["pays"].strip())))
        except InputError as e:
            raise InputError(f"{where}: {column}: {e}") from None
    return found


@dataclass(frozen=True, slots=True)
class RowsListed:
    """Whether a par sheet lists each outcome row of each wager it tabulates once: the rows ``missing`` ("banker:
    Player wins") and those ``repeated`` ("banker: tie (line 3, line 5)"); either makes it "not verified"."""

    missing: tuple[str, ...] = ()
    repeated: tuple[str, ...] = ()
    rows_missing: int = 0
    """How many rows are missing, of every wager."""

    @property
    def whole(self) -> bool:
        """Every row listed, and none twice."""
        return not self.missing and not self.repeated


def rows_listed(
    claims: Claims, rules: RuleSet, shoe: Shoe, sheets: dict[tuple[int, Shoe, str], ParSheet] | None = None
) -> RowsListed:
    """The outcome rows a sheet (read by :func:`read_par_sheet` under ``rules`` and ``shoe``) leaves out or lists
    twice, for each wager it lists an outcome or a Totals row of: the rows expected are those ``baccarat analyze``
    writes, the wager's pay table in order (a lightning wager's: each outcome with each total multiplier the cards can
    make, "Player wins x2"); a row named in the supplier's words, or by the map, counts as the outcome it names. A
    Totals row that adds up is no proof that no row is left out: a missing row is named, never assumed. ``sheets``
    are the par sheets computed so far, by (rule set id, shoe, wager), as :func:`.verify.verify` keeps them."""
    sheets = {} if sheets is None else sheets
    rows: dict[str, dict[str, list[str]]] = {}
    for wager, outcome, label in claims.listed:
        rows.setdefault(wager, {}).setdefault(outcome, []).append(label)
    missing: list[str] = []
    repeated: list[str] = []
    count = 0
    for wager, found in rows.items():
        key = (id(rules), shoe, wager)
        if key not in sheets:
            (sheets[key],) = par_sheets(rules, shoe, (wager,))
        expected = [r.outcome.name for r in sheets[key].rows]
        gone = [name for name in expected if name not in found]
        count += len(gone)
        if gone:
            missing.append(f"{wager}: {', '.join(gone)}")
        repeated.extend(
            f"{wager}: {outcome or 'Totals'} ({', '.join(labels)})"
            for outcome, labels in found.items()
            if len(labels) > 1
        )
    return RowsListed(tuple(missing), tuple(repeated), count)
