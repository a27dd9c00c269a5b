"""Reports: par sheets, comparisons and rule sets as text, Markdown, CSV or JSON.

No arithmetic happens here beyond turning exact numbers into text. Decimals
are rounded exactly from the fractions (half to even), never through a float,
except the standard deviation, which is a float by nature.

JSON keeps exactness: fractions are strings "p/q", big integers are strings.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..exact.parsheet import ParSheet
from ..game.cards import RANKS
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, Outcome, RuleSet, Wager
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..numbers import count_text, decimal_text, fraction_text, percent_text

FORMATS: tuple[str, ...] = ("table", "markdown", "csv", "json")

COUNTING = (
    "Counts are ordered six-card dealings P1 B1 P2 B2 P3 B3, whether or not the "
    "third cards are used; they add up to the denominator N(N-1)(N-2)(N-3)(N-4)(N-5) "
    "for a shoe of N cards."
)


def _figure(value: Fraction | None, exact: bool, percent: bool = False) -> str:
    if value is None:
        return "n/a"
    if exact:
        return fraction_text(value)
    return percent_text(value) if percent else decimal_text(value, 8)


def _optional(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


# ------------------------------------------------------------------- shoes


def shoe_text(shoe: Shoe) -> str:
    """How a report names a shoe: "8 decks (416 cards)", "8 decks less 5 5 K A (412 cards)"."""
    if shoe.decks_built is None:
        composition = " ".join(f"{n}x{r}" for r, n in zip(RANKS, shoe.counts) if n)
        return f"custom shoe {composition} ({shoe.size} cards)"
    removed = shoe.removed_from_decks()
    less = f" less {' '.join(removed)}" if removed else ""
    return f"{shoe.decks_built} decks{less} ({shoe.size} cards)"


def shoe_document(shoe: Shoe) -> dict[str, Any]:
    """The ``shoe`` object of the JSON reports."""
    document: dict[str, Any] = {}
    if shoe.decks_built is not None:
        document["decks"] = shoe.decks_built
        document["removed"] = list(shoe.removed_from_decks())
    document["cards"] = shoe.size
    document["counts"] = dict(zip(RANKS, shoe.counts))
    return document


# -------------------------------------------------------------- par sheets

_FIGURES = (
    ("expected_value", "expected value", False),
    ("house_edge", "house edge", True),
    ("element_of_risk", "element of risk", True),
    ("hit_frequency", "hit frequency", False),
    ("push_frequency", "push frequency", False),
    ("variance", "variance", False),
)


def sheet_document(sheet: ParSheet) -> dict[str, Any]:
    """One wager's par sheet as JSON-ready data (exact strings)."""
    sd = sheet.standard_deviation
    document: dict[str, Any] = {
        "wager": sheet.wager.name,
        "title": sheet.wager.title,
        "offered": sheet.wager.offered,
        "source": sheet.wager.source,
        "requires": list(sheet.wager.requires),
    }
    for key, _, _ in _FIGURES:
        document[key] = _optional(getattr(sheet, key))
    document["standard_deviation"] = sd
    document["outcomes"] = [
        {
            "outcome": row.outcome.name,
            "combinations": str(row.combinations),
            "probability": fraction_text(row.probability),
            "pays": None if row.pays is None else row.outcome.pays_text,
            "return": _optional(row.contribution),
            "fair_odds": _optional(row.fair_odds),
        }
        for row in sheet.rows
    ]
    return document


def analysis_document(rules: RuleSet, shoe: Shoe, sheets: Sequence[ParSheet]) -> dict[str, Any]:
    """The whole ``analyze`` report as JSON-ready data."""
    return {
        "rule_set": rules.name,
        "title": rules.title,
        "document": rules.document,
        "shoe": shoe_document(shoe),
        "counting": COUNTING,
        "denominator": str(shoe.denominator),
        "defaults": list(rules.defaults()),
        "wagers": [sheet_document(s) for s in sheets],
    }


def markdown_header(lines: Iterable[str]) -> list[str]:
    """Header lines of a text report as Markdown: hard line breaks, and "  - " items as a list.

    >>> markdown_header(["Rule set: x", "Defaults:", "  - 8 decks"])
    ['Rule set: x  ', 'Defaults:  ', '- 8 decks']
    """
    return [f"- {line[4:]}" if line.startswith("  - ") else f"{line}  " for line in lines]


def _offered_text(wager: Wager) -> str:
    return "offered" if wager.offered else "not offered by this document; standard pay table"


def _outcome_table(sheet: ParSheet, exact: bool, fmt: str) -> str:
    pay_table = sheet.wager.has_pay_table
    headers = ["outcome", "combinations", "probability", "pays", "return" if pay_table else "fair odds"]
    body = []
    for row in sheet.rows:
        last = row.contribution if pay_table else row.fair_odds
        if not pay_table and row.pays is not None:
            last_text = f"({row.outcome.pays_text})"
        elif last is None:
            last_text = "never"
        elif not pay_table:
            last_text = f"{fraction_text(last) if exact else decimal_text(last, 4)} to 1"
        else:
            last_text = _figure(last, exact)
        body.append(
            [row.outcome.name, count_text(row.combinations), _figure(row.probability, exact), row.outcome.pays_text, last_text]
        )
    tablefmt = "pipe" if fmt == "markdown" else "simple"
    return tabulate(body, headers=headers, tablefmt=tablefmt, disable_numparse=True, colalign=("left", "right", "right", "right", "right"))


def _figures_lines(sheet: ParSheet, exact: bool) -> list[tuple[str, str]]:
    if not sheet.wager.has_pay_table:
        qualifying = sheet.unpaid_probability
        fair = "never happens" if qualifying == 0 else (
            f"{fraction_text((1 - qualifying) / qualifying) if exact else decimal_text((1 - qualifying) / qualifying, 4)} to 1"
        )
        return [
            ("house edge", "n/a: no pay table for this wager (see default above)"),
            ("unpaid outcomes together", _figure(qualifying, exact)),
            ("fair single pay for all of them", fair),
        ]
    lines = [(label, _figure(getattr(sheet, key), exact, percent)) for key, label, percent in _FIGURES]
    sd = sheet.standard_deviation
    lines.append(("standard deviation", "n/a" if sd is None else f"{sd:.4f}"))
    return lines


def _header_lines(rules: RuleSet, shoe: Shoe) -> list[str]:
    lines = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        f"Shoe: {shoe_text(shoe)}; denominator {count_text(shoe.denominator)} ordered {CARDS_PER_ROUND}-card dealings.",
        COUNTING,
    ]
    defaults = list(rules.defaults())
    if defaults:
        lines.append("Defaults where the document is silent:")
        lines.extend(f"  - {d}" for d in defaults)
    lines.extend(f"Note: {n}" for n in rules.notes)
    if rules.own_cards is not None:
        lines.append(f"Note: {_own_cards_text(rules)}")
    return lines


def _own_cards_text(rules: RuleSet) -> str:
    own = rules.own_cards
    assert own is not None
    alone = " alone" if own.alone else ""
    return (
        f"Play Your Own Cards is offered for a {own.wager} bet{alone} ({own.source}); "
        "its strategy and edge: `baccarat own-cards`."
    )


def _requires_text(wager: Wager) -> str:
    return f"Needs one of {', '.join(wager.requires)} beside it ({wager.requires_source})"


def render_analysis(rules: RuleSet, shoe: Shoe, sheets: Sequence[ParSheet], fmt: str, exact: bool = False) -> str:
    """The ``analyze`` report in one of :data:`FORMATS`."""
    if fmt == "json":
        return json.dumps(analysis_document(rules, shoe, sheets), indent=2) + "\n"
    if fmt == "csv":
        return _analysis_csv(rules, sheets, exact)
    markdown = fmt == "markdown"
    out: list[str] = []
    if markdown:
        out.append(f"# {rules.name}: par sheets\n")
        out.extend(markdown_header(_header_lines(rules, shoe)))
    else:
        out.extend(_header_lines(rules, shoe))
    for sheet in sheets:
        wager = sheet.wager
        out.append("")
        if markdown:
            out.append(f"## {wager.title} (`{wager.name}`)\n")
            out.append(f"{_offered_text(wager).capitalize()}. Source: {wager.source}\n")
            if wager.requires:
                out.append(f"{_requires_text(wager)}.\n")
        else:
            out.append(f"== {wager.title} ({wager.name}): {_offered_text(wager)}")
            out.append(f"   Source: {wager.source}")
            if wager.requires:
                out.append(f"   {_requires_text(wager)}.")
        out.append(_outcome_table(sheet, exact, fmt))
        out.append("")
        figures = _figures_lines(sheet, exact)
        if markdown:
            out.append(tabulate(figures, headers=["figure", "value"], tablefmt="pipe", disable_numparse=True))
        else:
            width = max(len(label) for label, _ in figures)
            out.extend(f"{label.rjust(width)}: {value}" for label, value in figures)
    return "\n".join(out) + "\n"


def _analysis_csv(rules: RuleSet, sheets: Sequence[ParSheet], exact: bool) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    figure_keys = [key for key, _, _ in _FIGURES]
    writer.writerow(["rule_set", "wager", "offered", "outcome", "combinations", "denominator", "probability", "pays", "return", *figure_keys, "standard_deviation"])
    for sheet in sheets:
        figures = [_figure(getattr(sheet, key), exact) if getattr(sheet, key) is not None else "" for key in figure_keys]
        sd = sheet.standard_deviation
        for row in sheet.rows:
            writer.writerow([
                rules.name, sheet.wager.name, str(sheet.wager.offered).lower(), row.outcome.name,
                row.combinations, sheet.denominator, _figure(row.probability, exact),
                row.outcome.pays_text, "" if row.contribution is None else _figure(row.contribution, exact),
                *figures, "" if sd is None else repr(sd),
            ])
    return buffer.getvalue()


# ------------------------------------------------------------- comparison


def compare_document(shoe: Shoe, analyses: Sequence[tuple[RuleSet, Sequence[ParSheet]]]) -> dict[str, Any]:
    """House edge of every wager under every rule set, as JSON-ready data."""
    return {
        "shoe": shoe_document(shoe),
        "denominator": str(shoe.denominator),
        "rule_sets": [rules.name for rules, _ in analyses],
        "house_edge": {
            rules.name: {
                s.wager.name: {"offered": s.wager.offered, "house_edge": _optional(s.house_edge)} for s in sheets
            }
            for rules, sheets in analyses
        },
    }


def render_compare(shoe: Shoe, analyses: Sequence[tuple[RuleSet, Sequence[ParSheet]]], fmt: str, exact: bool = False) -> str:
    """One matrix: wagers by rule sets, the house edge in each cell."""
    if fmt == "json":
        return json.dumps(compare_document(shoe, analyses), indent=2) + "\n"
    names: list[str] = []
    for _, sheets in analyses:
        for s in sheets:
            if s.wager.name not in names:
                names.append(s.wager.name)
    cells: dict[tuple[str, str], str] = {}
    for rules, sheets in analyses:
        for s in sheets:
            text = "no pays" if s.house_edge is None else _figure(s.house_edge, exact, percent=True)
            cells[(rules.name, s.wager.name)] = text if s.wager.offered else f"({text})"
    headers = ["wager", *(rules.name for rules, _ in analyses)]
    body = [[name, *(cells.get((rules.name, name), "") for rules, _ in analyses)] for name in names]
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(body)
        return buffer.getvalue()
    legend = (
        f"House edge per unit bet, {shoe_text(shoe)}. In parentheses: a wager the rule set's "
        "document does not offer, analysed with the standard pay table under that rule set's "
        "drawing. 'no pays': the document gives no pay table."
    )
    tablefmt = "pipe" if fmt == "markdown" else "simple"
    table = tabulate(body, headers=headers, tablefmt=tablefmt, disable_numparse=True, colalign=("left",) + ("right",) * len(analyses))
    title = "# House edge by rule set\n\n" if fmt == "markdown" else ""
    return f"{title}{legend}\n\n{table}\n"


# --------------------------------------------------------------- rule sets


def render_rule_list(rule_sets: Iterable[RuleSet], catalogue: Iterable[RuleSet] = ()) -> str:
    """One line per rule set: name, document, title, wagers offered; then the side-bet catalogue's files."""
    body = [
        [r.name, r.document, r.title, ", ".join(w.name for w in r.wagers if w.offered)]
        for r in rule_sets
    ]
    out = tabulate(body, headers=["name", "document", "title", "wagers offered"], tablefmt="simple") + "\n"
    side_bets = [[r.name, r.extends or "", r.title, ", ".join(w.name for w in r.wagers if w.published)] for r in catalogue]
    if side_bets:
        out += "\nSide-bet catalogue (each file a complete rule set; add its side bets to any rule set with --wagers NAME):\n"
        out += tabulate(side_bets, headers=["name", "extends", "title", "side bets"], tablefmt="simple") + "\n"
    return out


def drawing_chart(rules: RuleSet) -> str:
    """The drawing rules in 001's layout: Banker totals 7 down to 0 by Player's third card."""
    drawing = rules.drawing
    draws = [str(t) for t in NON_NATURAL_TOTALS if drawing.player_draws(t)]
    stands = [str(t) for t in NON_NATURAL_TOTALS if not drawing.player_draws(t)]
    lines = [
        f"Player: draws on {' '.join(draws) or 'nothing'}; stands on {' '.join(stands) or 'nothing'}; 8 and 9 are naturals and end the round.",
        "Banker: H draws, S stands, by Banker two-card total (rows) and what the Player did (columns).",
        "",
        "          Player's third card",
        "    stood  " + " ".join(BANKER_COLUMNS[1:]),
    ]
    for total in reversed(NON_NATURAL_TOTALS):
        row = ["H" if drawing.banker[total][c] else "S" for c in range(len(BANKER_COLUMNS))]
        lines.append(f"{total}   {row[0]}      {' '.join(row[1:])}")
    lines.append(f"Source: {drawing.source}")
    return "\n".join(lines)


_PROCEDURE_TEXT = {
    "standard": "cards face up; the Player hand is completed first, then the Banker hand by the table",
    "louisiana": "000's dealer instructions: cards face down, the dealer's announcements, own hands (CASE 2)",
}


def dealing_lines(rules: RuleSet) -> list[str]:
    """How the rule set deals a round (``rules show``, ``deal``): order, procedure, source."""
    dealing = rules.dealing
    lines = [
        f"Dealing: first four cards {dealing.order_text}, then the Player's third card, then the Banker's; "
        f"procedure {dealing.procedure} ({_PROCEDURE_TEXT[dealing.procedure]}).",
        f"Source: {dealing.source}",
    ]
    if dealing.default:
        lines.append(f"Default: {dealing.default}")
    return lines


def render_rule_set(rules: RuleSet) -> str:
    """``rules show``: the drawing chart and every pay table, with sources."""
    out = [
        f"{rules.name}: {rules.title}",
        f"Document: {rules.document}   File: {rules.source_path}",
        f"Shoe: {rules.decks} decks. {rules.decks_default or rules.decks_source}",
        "",
        drawing_chart(rules),
        "",
        *dealing_lines(rules),
    ]
    for wager in rules.wagers:
        out.append("")
        side = f", {wager.side} side" if wager.side else ""
        out.append(f"== {wager.title} ({wager.name}){side}: {_offered_text(wager)}")
        out.append(f"   Source: {wager.source}")
        if wager.default:
            out.append(f"   Default: {wager.default}")
        if wager.requires:
            out.append(f"   {_requires_text(wager)}.")
        body = [[o.name, _conditions(o), o.pays_text] for o in wager.outcomes]
        out.append(tabulate(body, headers=["outcome", "when", "pays"], tablefmt="simple"))
    if rules.notes or rules.own_cards:
        out.append("")
        out.extend(f"Note: {n}" for n in rules.notes)
        if rules.own_cards is not None:
            out.append(f"Note: {_own_cards_text(rules)}")
    return "\n".join(out) + "\n"


def _conditions(o: Outcome) -> str:
    """The row's conditions as ``rules show`` prints them: the shipped keys tersely, anything else as the pay table reads."""
    if not o.side_view_only:
        from ..game.conditions import describe

        return describe(o.condition) or "otherwise"
    parts: list[str] = []
    if o.result is not None:
        parts.append(o.result)
    if o.natural is not None:
        parts.append("natural" if o.natural else "not natural")
    if o.margin is not None:
        parts.append(f"by {o.margin}")
    if o.min_margin is not None:
        parts.append(f"by {o.min_margin} or more")
    if o.total is not None:
        parts.append("total " + "/".join(str(t) for t in sorted(o.total)))
    if o.cards is not None:
        parts.append(f"{o.cards} cards")
    if o.pair is not None:
        parts.append("pair" if o.pair else "no pair")
    return ", ".join(parts) or "otherwise"
