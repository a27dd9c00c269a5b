"""The ``own-cards`` report: strategy card, strategies and every decision, as text, Markdown, CSV or JSON.

No arithmetic happens here: every figure comes from an
:class:`~analyzer.studies.owncards.OwnCardsAnalysis` and is only turned into text
(decimals rounded exactly from the fractions by :mod:`analyzer.report.analysis`).
JSON keeps exactness: fractions are strings "p/q", big integers are strings.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..game.shoe import CARDS_PER_ROUND
from ..numbers import count_text, decimal_text, fraction_text, percent_text
from ..studies.owncards import (
    BEST_BY_COMPOSITION,
    BEST_BY_TOTAL,
    EITHER,
    MIMIC,
    STRATEGIES,
    Action,
    Decision,
    OwnCardsAnalysis,
)
from .analysis import markdown_header, sheet_document, shoe_document, shoe_text

OWN_COUNTING = (
    "Counts are ordered six-card dealings O1 O2 B1 B2 B3 O3 (the own two cards, the Banker's two, "
    "the Banker's third, the own third), whether or not the third cards are used; they add up to the "
    "denominator N(N-1)(N-2)(N-3)(N-4)(N-5) for a shoe of N cards. The Community Player's cards are "
    "unseen when the bettor decides and change no figure. Expected values are per unit bet on the own hand."
)

_TITLES = {
    MIMIC: "mimic the Community Player",
    BEST_BY_TOTAL: "best by total",
    BEST_BY_COMPOSITION: "best by composition",
}


def _number(value: Fraction, exact: bool, places: int = 6) -> str:
    return fraction_text(value) if exact else decimal_text(value, places)


def _percent(value: Fraction, exact: bool) -> str:
    return fraction_text(value) if exact else percent_text(value)


def _cards(decision: Decision) -> str:
    """A composition as the report writes it, e.g. "5,T/J/Q/K"."""
    return "" if decision.ranks is None else ",".join(decision.ranks)


def _play(action: str) -> str:
    return action.upper()


def _plays(plays: Sequence[tuple[int, Action]]) -> str:
    """"draw on 0 1 2, stand on 3 4" from (total, action) pairs."""
    parts = []
    for action in ("draw", "stand"):
        totals = [str(t) for t, a in plays if a == action]
        if totals:
            parts.append(f"{action} on {' '.join(totals)}")
    return ", ".join(parts)


def strategy_rules(analysis: OwnCardsAnalysis) -> dict[str, str]:
    """How each strategy plays, in words."""
    totals = [row.total for row in analysis.by_total]
    exceptions = len(analysis.exceptions)
    return {
        MIMIC: f"{_plays([(t, analysis.mimic_play(t)) for t in totals])} (the Community Player's rule)",
        BEST_BY_TOTAL: f"{_plays([(t, analysis.card_play(t)) for t in totals])} (the card)",
        BEST_BY_COMPOSITION: (
            f"the card with its {exceptions} composition exception{'s' if exceptions != 1 else ''}"
            if exceptions else "the card (no composition plays otherwise)"
        ),
    }


def _defaults(analysis: OwnCardsAnalysis) -> list[str]:
    """The defaults that bear on the own hand: the shoe's and the own-hand wager's."""
    rules, wager = analysis.rules, analysis.wager
    lines = [f"Shoe: {rules.decks} decks. {rules.decks_default}"] if rules.decks_default else []
    if wager.default:
        lines.append(f"{wager.title}: {wager.default}")
    lines.extend(f"{wager.title}, {o.name}: {o.default}" for o in wager.outcomes if o.default)
    return lines


def _header_lines(analysis: OwnCardsAnalysis) -> list[str]:
    rules, shoe, wager = analysis.rules, analysis.shoe, analysis.wager
    own = rules.own_cards
    assert own is not None, "analyse refuses a rule set without own cards"
    pays = ", ".join(f"{o.name} {o.pays_text}" for o in wager.outcomes)
    lines = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        f"Shoe: {shoe_text(shoe)}; denominator {count_text(shoe.denominator)} ordered {CARDS_PER_ROUND}-card dealings.",
        OWN_COUNTING,
        f"Own hand: offered for a {wager.name} bet{' alone' if own.alone else ''} ({own.source.rstrip('.')}).",
        f"It is settled as a {wager.name} bet ({pays}; {wager.source.rstrip('.')}).",
    ]
    defaults = _defaults(analysis)
    if defaults:
        lines.append("Defaults where the document is silent:")
        lines.extend(f"  - {d}" for d in defaults)
    return lines


def _card_rows(analysis: OwnCardsAnalysis, exact: bool) -> list[list[str]]:
    rows = [
        [str(r.total), _play(r.best if r.best == EITHER else analysis.card_play(r.total)),
         _number(r.ev_draw, exact), _number(r.ev_stand, exact), _number(r.margin, exact)]
        for r in analysis.by_total
    ]
    rows.extend([str(n.total), "natural", "not asked", _number(n.expected_value, exact), ""] for n in analysis.naturals)
    return rows


def _exception_rows(analysis: OwnCardsAnalysis, exact: bool) -> list[list[str]]:
    return [
        [_cards(r), str(r.total), _play(r.best), _number(r.ev_draw, exact), _number(r.ev_stand, exact),
         _number(r.margin, exact)]
        for r in analysis.exceptions
    ]


def _strategy_rows(analysis: OwnCardsAnalysis, exact: bool) -> list[list[str]]:
    rules = strategy_rules(analysis)
    rows = []
    for s in analysis.strategies:
        sd = s.sheet.standard_deviation
        risk = s.sheet.element_of_risk
        rows.append([
            s.name, rules[s.name], _number(s.expected_value, exact, 8), _percent(s.house_edge, exact),
            "n/a" if risk is None else _percent(risk, exact), "n/a" if sd is None else f"{sd:.4f}",
        ])
    return rows


def _option_line(analysis: OwnCardsAnalysis, exact: bool) -> str:
    gains = ", ".join(
        f"{name} {_percent(analysis.option_value(name), exact)}" for name in (BEST_BY_TOTAL, BEST_BY_COMPOSITION)
    )
    return f"Value of the option (expected value gained over mimicking the Community Player, per unit bet): {gains}."


def _decision_rows(analysis: OwnCardsAnalysis, exact: bool) -> list[list[str]]:
    rows = []
    for total in analysis.by_total:
        for r in (total, *(c for c in analysis.by_composition if c.total == total.total)):
            rows.append([
                str(r.total), _cards(r) or "any", _number(r.probability, exact), _number(r.ev_draw, exact),
                _number(r.ev_stand, exact), r.best, _number(r.margin, exact),
            ])
    for n in analysis.naturals:
        rows.append([str(n.total), "natural", _number(n.probability, exact), "", _number(n.expected_value, exact),
                     "not asked", ""])
    return rows


_CARD_HEADERS = ["your total", "play", "EV if you draw", "EV if you stand", "you gain"]
_EXCEPTION_HEADERS = ["your cards", "total", "play", "EV if you draw", "EV if you stand", "you gain"]
_STRATEGY_HEADERS = ["strategy", "how it plays", "expected value", "house edge", "element of risk", "SD"]
_DECISION_HEADERS = ["total", "cards", "probability", "EV draw", "EV stand", "best", "margin"]


def render_own_cards(analysis: OwnCardsAnalysis, fmt: str, exact: bool = False) -> str:
    """The ``own-cards`` report in one of :data:`analyzer.report.analysis.FORMATS`."""
    if fmt == "json":
        return json.dumps(own_cards_document(analysis), indent=2) + "\n"
    if fmt == "csv":
        return _own_cards_csv(analysis, exact)
    markdown = fmt == "markdown"
    tablefmt = "pipe" if markdown else "simple"

    def table(rows: list[list[str]], headers: list[str]) -> str:
        return tabulate(rows, headers=headers, tablefmt=tablefmt, disable_numparse=True)

    def heading(text: str) -> str:
        return f"## {text}\n" if markdown else f"== {text}"

    out: list[str] = []
    if markdown:
        out.append(f"# {analysis.rules.name}: Play Your Own Cards\n")
        out.extend(markdown_header(_header_lines(analysis)))
    else:
        out.append("Play Your Own Cards: the own hand's strategy card and house edge")
        out.extend(_header_lines(analysis))
    out += ["", heading("Strategy card (expected value per unit bet, given your two cards)"),
            table(_card_rows(analysis, exact), _CARD_HEADERS), ""]
    if analysis.exceptions:
        out += ["Exceptions, by your two cards (play these otherwise than your total says):",
                "", table(_exception_rows(analysis, exact), _EXCEPTION_HEADERS)]
    else:
        out.append("Exceptions, by your two cards: none; every composition plays as its total.")
    out += ["", heading("Strategies"), table(_strategy_rows(analysis, exact), _STRATEGY_HEADERS), "",
            _option_line(analysis, exact), "",
            heading("Every decision, by total (cards: any) and by composition"),
            table(_decision_rows(analysis, exact), _DECISION_HEADERS)]
    return "\n".join(out) + "\n"


def _decision_document(r: Decision) -> dict[str, Any]:
    return {
        "total": r.total,
        "ranks": None if r.ranks is None else list(r.ranks),
        "ways": str(r.ways),
        "probability": fraction_text(r.probability),
        "ev_draw": fraction_text(r.ev_draw),
        "ev_stand": fraction_text(r.ev_stand),
        "best": r.best,
        "margin": fraction_text(r.margin),
    }


def own_cards_document(analysis: OwnCardsAnalysis) -> dict[str, Any]:
    """The whole ``own-cards`` report as JSON-ready data (exact strings)."""
    rules, own = analysis.rules, analysis.rules.own_cards
    assert own is not None, "analyse refuses a rule set without own cards"
    plays = strategy_rules(analysis)
    return {
        "rule_set": rules.name,
        "title": rules.title,
        "document": rules.document,
        "own_cards": {"wager": own.wager, "alone": own.alone, "source": own.source},
        "shoe": shoe_document(analysis.shoe),
        "counting": OWN_COUNTING,
        "denominator": str(analysis.shoe.denominator),
        "defaults": _defaults(analysis),
        "strategies": [
            {"name": s.name, "title": _TITLES[s.name], "plays": plays[s.name],
             **{key: value for key, value in sheet_document(s.sheet).items() if key != "title"}}
            for s in analysis.strategies
        ],
        "option_value": {name: fraction_text(analysis.option_value(name)) for name in STRATEGIES if name != MIMIC},
        "card": {
            "totals": [
                {"total": r.total, "play": analysis.card_play(r.total), "margin": fraction_text(r.margin)}
                for r in analysis.by_total
            ],
            "exceptions": [
                {"total": r.total, "ranks": list(r.ranks or ()), "play": r.best, "margin": fraction_text(r.margin)}
                for r in analysis.exceptions
            ],
        },
        "naturals": [
            {"total": n.total, "ways": str(n.ways), "probability": fraction_text(n.probability),
             "expected_value": fraction_text(n.expected_value)}
            for n in analysis.naturals
        ],
        "decisions": [_decision_document(r) for r in (*analysis.by_total, *analysis.by_composition)],
    }


def _own_cards_csv(analysis: OwnCardsAnalysis, exact: bool) -> str:
    """One row per decision (by total, then by composition), natural and strategy."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rule_set", "kind", "name", "total", "ranks", "probability", "ev_draw", "ev_stand", "best",
                     "margin", "expected_value", "house_edge"])
    name = analysis.rules.name
    for kind, rows in (("total", analysis.by_total), ("composition", analysis.by_composition)):
        for r in rows:
            writer.writerow([name, kind, "", r.total, _cards(r), _number(r.probability, exact, 8),
                             _number(r.ev_draw, exact, 8), _number(r.ev_stand, exact, 8), r.best,
                             _number(r.margin, exact, 8), "", ""])
    for n in analysis.naturals:
        writer.writerow([name, "natural", "", n.total, "", _number(n.probability, exact, 8), "", "", "", "",
                         _number(n.expected_value, exact, 8), ""])
    for s in analysis.strategies:
        writer.writerow([name, "strategy", s.name, "", "", "", "", "", "", "",
                         _number(s.expected_value, exact, 8), _number(s.house_edge, exact, 8)])
    return buffer.getvalue()
