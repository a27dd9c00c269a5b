"""The ``eor`` report: effects of removal and balanced counts as text, Markdown, CSV or JSON.

No arithmetic beyond turning exact numbers into text (the correlation is a
float by nature). JSON keeps exactness: effects are fraction strings "p/q".
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..game.cards import RANKS, TYPES, card_text
from ..numbers import decimal_text, fraction_text, percent_text
from ..studies.eor import RemovalTable
from .analysis import shoe_document, shoe_text

EFFECT_PLACES = 6
"""Decimals of the effects, in percent of the bet (the effects are thousandths of a percent)."""

DEFINITION = (
    "Effect of removal: the exact change in the wager's expected value, in percent of the bet, when one "
    "card of the rank is taken out of the shoe. Weighted by the cards of each rank they add up to exactly "
    "0 (checked). Count: integer tags proportional to the effects, summing to 0 over a 52-card deck, and "
    "their correlation with the effects over the cards of the shoe."
)


def eor_document(table: RemovalTable) -> dict[str, Any]:
    """The ``eor`` report of one rule set as JSON-ready data (exact strings)."""
    rules, shoe, effects, counts, thresholds = table.rules, table.shoe, table.effects, table.counts, table.thresholds
    return {
        "rule_set": rules.name,
        "title": rules.title,
        "document": rules.document,
        "shoe": shoe_document(shoe),
        "definition": DEFINITION,
        "wagers": [
            {
                "wager": e.wager.name,
                "title": e.wager.title,
                "offered": e.wager.offered,
                "expected_value": fraction_text(e.expected_value),
                "effects": {
                    rank: None if value is None else {
                        "effect": fraction_text(value),
                        "effect_percent": decimal_text(value * 100, EFFECT_PLACES),
                    }
                    for rank, value in zip(RANKS, e.effects)
                },
                **({} if e.by_type is None else {"by_type": {  # only for a wager that reads suits
                    card: None if value is None else fraction_text(value) for card, value in zip(TYPES, e.by_type)
                }}),
                "count": {
                    "tags": dict(zip(RANKS, c.tags)),
                    "correlation": c.correlation,
                    "break_even_true_count": None if t is None else fraction_text(t),
                },
            }
            for e, c, t in zip(effects, counts, thresholds)
        ],
    }


def render_eor(table: RemovalTable, fmt: str) -> str:
    """The ``eor`` report of one rule set in one of :data:`analyzer.report.analysis.FORMATS`."""
    if fmt == "json":
        return json.dumps(eor_document(table), indent=2) + "\n"
    rules, effects, counts, thresholds = table.rules, table.effects, table.counts, table.thresholds
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["rule_set", "wager", "rank", "cards", "effect_percent", "effect", "tag"])
        for e, c in zip(effects, counts):
            for rank, n, value, tag in zip(RANKS, e.shoe.counts, e.effects, c.tags):
                writer.writerow([
                    rules.name, e.wager.name, rank, n,
                    "" if value is None else decimal_text(value * 100, EFFECT_PLACES),
                    "" if value is None else fraction_text(value), tag,
                ])
            if e.by_type is not None and e.shoe.types is not None:
                for card, n, value in zip(TYPES, e.shoe.types, e.by_type):
                    writer.writerow([
                        rules.name, e.wager.name, card, n,
                        "" if value is None else decimal_text(value * 100, EFFECT_PLACES),
                        "" if value is None else fraction_text(value), "",
                    ])
        return buffer.getvalue()
    markdown = fmt == "markdown"
    tablefmt = "pipe" if markdown else "simple"
    names = [e.wager.name for e in effects]
    effect_rows = [["expected value", *(percent_text(e.expected_value) for e in effects)]]
    effect_rows += [
        [rank, *("n/a" if e.effects[i] is None else _signed(e.effects[i]) for e in effects)]
        for i, rank in enumerate(RANKS)
    ]
    tag_rows: list[list[str]] = [[rank, *(f"{c.tags[i]:+d}" if c.tags[i] else "0" for c in counts)] for i, rank in enumerate(RANKS)]
    tag_rows.append(["correlation", *("none" if c.correlation is None else f"{c.correlation:.4f}" for c in counts)])
    tag_rows.append(["break-even TC", *("n/a" if t is None else decimal_text(t, 2) for t in thresholds)])
    align = ("left",) + ("right",) * len(names)
    heading = f"Rule set: {rules.name}: {rules.title} (document {rules.document})"
    lines = [f"# {rules.name}: effects of removal\n"] if markdown else []
    lines += [heading, f"Shoe: {shoe_text(table.shoe)}.", DEFINITION, ""]
    lines.append("## Effect of removing one card, % of the bet\n" if markdown else "Effect of removing one card, % of the bet:")
    lines.append(tabulate(effect_rows, headers=["rank", *names], tablefmt=tablefmt, disable_numparse=True, colalign=align))
    lines.append("")
    suited = [e for e in effects if e.by_type is not None]
    if suited:
        lines.append("## Effect of removing one card of each type, % of the bet\n" if markdown else
                     "Effect of removing one card of each type (wagers that read suits; a rank's effect above is its types' average), % of the bet:")
        type_rows = [[card_text(card), *("n/a" if e.by_type is None or e.by_type[i] is None else _signed(e.by_type[i]) for e in suited)]
                     for i, card in enumerate(TYPES)]
        lines.append(tabulate(type_rows, headers=["card", *(e.wager.name for e in suited)], tablefmt=tablefmt,
                              disable_numparse=True, colalign=("left",) + ("right",) * len(suited)))
        lines.append("")
    lines.append("## Balanced count\n" if markdown else "Balanced count (tags per card seen):")
    lines.append(tabulate(tag_rows, headers=["rank", *names], tablefmt=tablefmt, disable_numparse=True, colalign=align))
    lines.append("")
    lines.append(
        "break-even TC: the true count (running count per 52 cards left) at which the count's linear "
        "estimate of the expected value is 0; `baccarat count --play count` uses it by default. "
        "A correlation of 'none': every effect is 0, no linear count follows the wager."
        + (" (Or, where some effect is not 0, no rounding to tags from -3 to +3 balances over a deck.)"
           if any(c.correlation is None and any(e.effects) for e, c in zip(effects, counts)) else "")
    )
    return "\n".join(lines) + "\n"


def _signed(value: Fraction | None) -> str:
    assert value is not None
    if value == 0:
        return "0"  # exactly
    text = decimal_text(value * 100, EFFECT_PLACES)
    return text if text.startswith("-") else f"+{text}"
