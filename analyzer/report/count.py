"""The ``count`` report: a counting study's figures as text, Markdown, CSV or JSON.

No arithmetic beyond formatting: the means and confidence intervals come
from :class:`analyzer.studies.counting.Summary` (floats, as simulation figures are);
the totals are exact and JSON prints them as fraction strings.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from tabulate import tabulate

from ..game.cards import RANKS
from ..numbers import count_text, decimal_text, fraction_text
from ..studies.counting import CARDS_PER_DECK, Summary

CONFIDENCE = "95% confidence interval, normal approximation over shoes"


def _plus_minus(figure: tuple[float, float]) -> str:
    mean, half = figure
    return f"{mean:+.4f}" if half != half else f"{mean:+.4f} ± {half:.4f}"  # half is NaN for one shoe


def _setup(summary: Summary, executor: str) -> list[tuple[str, str]]:
    study = summary.study
    rows = [
        ("rule set", f"{study.rules.name} (document {study.rules.document})"),
        ("wager", study.wager),
        ("shoe", f"{study.decks} decks ({CARDS_PER_DECK * study.decks} cards), cut card {study.cut_card} cards from the end"),
        ("shoes dealt", f"{count_text(len(summary.shoes))} (seed {study.seed}; {executor})"),
    ]
    if study.play == "perfect":
        rows.append(("play", "perfect: bet 1 unit whenever the exact expected value is above 0"))
    else:
        tags = ",".join(f"{rank}={tag}" for rank, tag in zip(RANKS, study.tags))  # valid --tags input
        rows.append(("play", f"count: bet 1 unit when the true count is at least {decimal_text(study.threshold, 4)}"))
        rows.append(("tags", tags))
    return rows


def _figures(summary: Summary) -> list[tuple[str, str]]:
    rounds, shoes = summary.rounds, len(summary.shoes)

    def share(part: int) -> str:
        return f"{100 * part / rounds:.2f}%"

    return [
        ("rounds dealt", f"{count_text(rounds)} ({rounds / shoes:.2f} per shoe)"),
        ("rounds with expected value > 0", f"{count_text(summary.positive)} ({share(summary.positive)} of rounds)"),
        ("bets placed", f"{count_text(summary.bets)} ({share(summary.bets)} of rounds)"),
        ("units won per shoe", _plus_minus(summary.per_shoe())),
        ("units won per 100 rounds", _plus_minus(summary.per_100_rounds())),
        ("units expected per shoe", _plus_minus(summary.per_shoe(expected=True))),
        ("units expected per 100 rounds", _plus_minus(summary.per_100_rounds(expected=True))),
    ]


NOTES = (
    "Units won: the results of the cards dealt. Units expected: the exact expected values of the bets "
    f"placed, added up (same mean, far less noise). ±: {CONFIDENCE}. A round is dealt while more cards "
    "than the cut card remain; no card is burned."
)


def count_document(summary: Summary, executor: str) -> dict[str, Any]:
    """The study as JSON-ready data: setup, exact totals, and the float figures."""
    study = summary.study
    won, won_100 = summary.per_shoe(), summary.per_100_rounds()
    expected, expected_100 = summary.per_shoe(expected=True), summary.per_100_rounds(expected=True)
    return {
        "rule_set": study.rules.name,
        "wager": study.wager,
        "decks": study.decks,
        "cut_card": study.cut_card,
        "play": study.play,
        "tags": dict(zip(RANKS, study.tags)) if study.play == "count" else None,
        "threshold": fraction_text(study.threshold) if study.play == "count" else None,
        "seed": study.seed,
        "executor": executor,
        "shoes": len(summary.shoes),
        "rounds": summary.rounds,
        "positive_rounds": summary.positive,
        "bets": summary.bets,
        "units_won": fraction_text(summary.won),
        "units_expected": fraction_text(summary.expected),
        "units_won_per_shoe": {"mean": won[0], "ci95": won[1]},
        "units_won_per_100_rounds": {"mean": won_100[0], "ci95": won_100[1]},
        "units_expected_per_shoe": {"mean": expected[0], "ci95": expected[1]},
        "units_expected_per_100_rounds": {"mean": expected_100[0], "ci95": expected_100[1]},
        "notes": NOTES,
    }


def render_count(summary: Summary, executor: str, fmt: str) -> str:
    """The ``count`` report in one of :data:`analyzer.report.analysis.FORMATS`."""
    if fmt == "json":
        return json.dumps(count_document(summary, executor), indent=2) + "\n"
    rows = _setup(summary, executor) + _figures(summary)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["figure", "value"])
        writer.writerows(rows)
        return buffer.getvalue()
    if fmt == "markdown":
        table = tabulate(rows, headers=["figure", "value"], tablefmt="pipe", disable_numparse=True)
        return f"# Counting study: {summary.study.wager}\n\n{table}\n\n{NOTES}\n"
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label.rjust(width)}: {value}" for label, value in rows) + f"\n{NOTES}\n"
