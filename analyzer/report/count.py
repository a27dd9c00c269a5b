"""The ``count`` report: a counting study's figures as text, Markdown, CSV or JSON, and its per-shoe results.

No arithmetic beyond formatting: every figure comes from
:class:`analyzer.studies.tally.Tally` (exact until printed; the means,
intervals, standard deviations and desirability figures as floats).
"""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..game.cards import RANKS
from ..numbers import count_text, decimal_text, fraction_text
from ..studies.counting import CARDS_PER_DECK
from ..studies.tally import Figure, Line, Tally, common_dealings

CONFIDENCE = "95% confidence interval, normal approximation over shoes"
NOTES = (
    "Units won: the results of the cards dealt. Units expected: the exact expected values of the bets placed, "
    f"added up (same mean, far less noise). ±: {CONFIDENCE}. Expected values are those of the cards the counter "
    "has not seen (burned cards included). SD per round: of one round's net result over every round dealt (no bet: "
    "0). DI = 1000 × units expected per round / SD per round; N0 = (SD / units expected per round)², the rounds for "
    "the expectation to reach one standard deviation. Total: every wager's bets together."
)


def _signed(figure: Figure) -> str:
    return f"{figure.mean:+.4f}" if math.isnan(figure.ci95) else f"{figure.mean:+.4f} ± {figure.ci95:.4f}"


def _percent(value: Fraction | None) -> str:
    return "-" if value is None else f"{100 * float(value):+.3f}%"


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "-"


def _play(tally: Tally, j: int) -> str:
    study, plan = tally.study, tally.study.wagers[j]
    if study.play == "perfect":
        return "perfect: 1 unit whenever its exact expected value is above 0"
    counter = plan.counter
    assert counter is not None, "count play has a counter for every wager"
    return f"count: 1 unit when the {counter.index} count is at least {decimal_text(counter.threshold, 4)}"


def _setup(tally: Tally, executor: str) -> list[tuple[str, str]]:
    study = tally.study
    rows = [
        ("rule set", f"{study.rules.name} (document {study.rules.document})"),
        ("wagers", ", ".join(study.names)),
        ("shoe", f"{study.decks} decks ({CARDS_PER_DECK * study.decks} cards)"),
        ("procedure", study.procedure.describe()),
        ("shoes dealt", f"{count_text(len(tally.shoes))} (seed {study.seed}; {executor})"),
    ]
    for j, plan in enumerate(study.wagers):
        rows.append((f"play {plan.wager}", _play(tally, j)))
        if plan.counter is not None:
            rows.append((f"tags {plan.wager}", plan.counter.text))
    return rows


FIGURES = (
    "rounds dealt", "rounds with expected value > 0", "bets placed", "bet frequency", "average edge when betting",
    "units won per shoe", "units won per 100 rounds", "units expected per shoe", "units expected per 100 rounds",
    "SD per round", "desirability index (DI)", "N0 (rounds)",
)


def _column(tally: Tally, j: int) -> list[str]:
    line = tally.line(j)
    desirability = tally.desirability(j)
    return [
        f"{count_text(line.rounds)} ({line.rounds / len(tally.shoes):.2f} per shoe)",
        f"{count_text(line.positive)} ({_share(line.positive, line.rounds)})",
        count_text(line.bets),
        _share(line.bets, line.rounds),
        _percent(tally.average_edge(j)),
        _signed(tally.per_shoe(j)),
        _signed(tally.per_100_rounds(j)),
        _signed(tally.per_shoe(j, expected=True)),
        _signed(tally.per_100_rounds(j, expected=True)),
        f"{tally.sd_per_round(j):.4f}",
        "-" if desirability is None else f"{desirability[0]:.2f}",
        "-" if desirability is None else count_text(round(desirability[1])),
    ]


def _figures(tally: Tally) -> tuple[list[str], list[list[str]]]:
    """The figures table: one row per figure, one column per wager (and the total when there are several)."""
    columns = list(range(tally.columns - 1)) + ([tally.columns - 1] if tally.columns > 2 else [])
    headers = ["figure", *tally.study.names] + (["total"] if tally.columns > 2 else [])
    values = [_column(tally, j) for j in columns]
    return headers, [[name, *(v[i] for v in values)] for i, name in enumerate(FIGURES)]


def _table_rows(tally: Tally, j: int, rows: list[tuple[int, Line, Fraction]], label: Any) -> list[list[str]]:
    total = tally.line(j).rounds
    return [
        [label(key), count_text(line.rounds), _share(line.rounds, total), _share(line.positive, line.rounds),
         _percent(average), count_text(line.bets), decimal_text(Fraction(line.won, tally.scale(j)), 4)]
        for key, line, average in rows
    ]


TABLE_HEADERS = ["rounds", "% of rounds", "EV > 0", "average exact EV", "bets", "units won"]


def _tables(tally: Tally) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, headers, rows) for each wager's table by count (when it has a counter) and by depth."""
    tables = []
    for j, plan in enumerate(tally.study.wagers):
        counter = plan.counter
        if counter is not None:
            word = "true count (per 52 unseen cards)" if counter.index == "true" else "running count"

            def by_count(key: int) -> str:
                return f"≤ {key}" if key == -20 else f"≥ +{key}" if key == 20 else f"{key:+d}"

            tables.append((f"{plan.wager} by {word}, {counter.text}", ["count", *TABLE_HEADERS],
                           _table_rows(tally, j, tally.count_rows(j), by_count)))
        tables.append((f"{plan.wager} by depth (rounds dealt in the shoe)", ["round of the shoe", *TABLE_HEADERS],
                       _table_rows(tally, j, tally.depth_rows(j), lambda key: f"{key}-{key + 9}")))
    return tables


def count_document(tally: Tally, executor: str) -> dict[str, Any]:
    """The study as JSON-ready data: today's keys for the totals, the procedure, and a breakdown per wager."""
    study = tally.study
    total = tally.columns - 1 if tally.columns > 2 else 0

    def figures(j: int) -> dict[str, Any]:
        line = tally.line(j)
        desirability = tally.desirability(j)
        edge = tally.average_edge(j)
        return {
            "rounds": line.rounds,
            "positive_rounds": line.positive,
            "bets": line.bets,
            "bet_frequency": fraction_text(tally.bet_frequency(j)),
            "average_edge": None if edge is None else fraction_text(edge),
            "units_won": fraction_text(tally.won(j)),
            "units_expected": fraction_text(tally.expected(j)),
            "units_won_per_shoe": _figure(tally.per_shoe(j)),
            "units_won_per_100_rounds": _figure(tally.per_100_rounds(j)),
            "units_expected_per_shoe": _figure(tally.per_shoe(j, expected=True)),
            "units_expected_per_100_rounds": _figure(tally.per_100_rounds(j, expected=True)),
            "sd_per_round": tally.sd_per_round(j),
            "desirability_index": None if desirability is None else desirability[0],
            "n0": None if desirability is None else desirability[1],
        }

    def rows(j: int, table: list[tuple[int, Line, Fraction]]) -> list[dict[str, Any]]:
        return [{"key": key, "rounds": line.rounds, "positive_rounds": line.positive, "bets": line.bets,
                 "average_expected_value": fraction_text(average),
                 "units_won": fraction_text(Fraction(line.won, tally.scale(j)))} for key, line, average in table]

    single = study.wagers[0].counter if len(study.wagers) == 1 else None
    document: dict[str, Any] = {
        "rule_set": study.rules.name,
        "wager": ",".join(study.names),
        "decks": study.decks,
        "cut_card": study.procedure.cut_card,
        "procedure": {"burn": study.procedure.burn, "cut_card": study.procedure.cut_card,
                      "last_round": study.procedure.last_round, "text": study.procedure.describe()},
        "play": study.play,
        "tags": dict(zip(RANKS, single.tags)) if single is not None and study.play == "count" else None,
        "threshold": fraction_text(single.threshold) if single is not None and study.play == "count" else None,
        "seed": study.seed,
        "executor": executor,
        "shoes": len(tally.shoes),
        **figures(total),
        "wagers": [
            {
                "wager": plan.wager,
                "counter": None if plan.counter is None else {
                    "tags": dict(zip(RANKS, plan.counter.tags)), "threshold": fraction_text(plan.counter.threshold),
                    "threshold_on": plan.counter.index},
                **figures(j),
                "by_count": rows(j, tally.count_rows(j)) if plan.counter is not None else None,
                "by_depth": rows(j, tally.depth_rows(j)),
            }
            for j, plan in enumerate(study.wagers)
        ],
        "notes": NOTES,
    }
    return document


def _figure(figure: Figure) -> dict[str, float | None]:
    return {"mean": figure.mean, "ci95": None if math.isnan(figure.ci95) else figure.ci95}


def render_count(tally: Tally, executor: str, fmt: str) -> str:
    """The ``count`` report in one of :data:`analyzer.report.analysis.FORMATS`."""
    if fmt == "json":
        return json.dumps(count_document(tally, executor), indent=2, ensure_ascii=False) + "\n"
    setup = _setup(tally, executor)
    headers, figures = _figures(tally)
    tables = _tables(tally)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["setting", "value"])
        writer.writerows(setup)
        writer.writerow([])
        writer.writerow(headers)
        writer.writerows(figures)
        for title, table_headers, rows in tables:
            writer.writerow([])
            writer.writerow([title])
            writer.writerow(table_headers)
            writer.writerows(rows)
        return buffer.getvalue()
    if fmt == "markdown":
        parts = [f"# Counting study: {', '.join(tally.study.names)}",
                 tabulate(setup, headers=["setting", "value"], tablefmt="pipe", disable_numparse=True),
                 tabulate(figures, headers=headers, tablefmt="pipe", disable_numparse=True)]
        parts += [f"## {title}\n\n" + tabulate(rows, headers=h, tablefmt="pipe", disable_numparse=True)
                  for title, h, rows in tables]
        return "\n\n".join(parts) + f"\n\n{NOTES}\n"
    width = max(len(label) for label, _ in setup)
    text = "\n".join(f"{label.rjust(width)}: {value}" for label, value in setup)
    text += "\n\n" + tabulate(figures, headers=headers, disable_numparse=True, colalign=("left",) + ("right",) * (len(headers) - 1))
    for title, table_headers, rows in tables:
        text += f"\n\n{title}:\n" + tabulate(rows, headers=table_headers, disable_numparse=True,
                                              colalign=("left",) + ("right",) * (len(table_headers) - 1))
    return text + f"\n\n{NOTES}\n"


def per_shoe_text(tally: Tally, fmt: str) -> str:
    """Each shoe's results, for ``--per-shoe FILE``: CSV or JSON (exact units won, expected as 10-place decimals)."""
    names = list(tally.study.names) + (["total"] if tally.columns > 2 else [])
    columns = list(range(len(tally.study.wagers))) + ([tally.columns - 1] if tally.columns > 2 else [])
    common = common_dealings(tally.study.cards)
    records = []
    for number, row in enumerate(tally.shoes, start=1):
        record: dict[str, Any] = {"shoe": number, "rounds": row[0].rounds}
        for name, j in zip(names, columns):
            line = row[j]
            record[f"{name}_positive"] = line.positive
            record[f"{name}_bets"] = line.bets
            record[f"{name}_won"] = fraction_text(Fraction(line.won, tally.scale(j)))
            record[f"{name}_expected"] = decimal_text(Fraction(line.expected, tally.scale(j) * common), 10)
        records.append(record)
    if fmt == "json":
        return json.dumps(records, indent=1) + "\n"
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(records[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return buffer.getvalue()
