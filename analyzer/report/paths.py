"""The bankroll paths of a counting study as a document: the quantiles of the cumulative result by rounds played.

What ``count --bankroll-plot FILE`` writes (a picture drawn from this document by
:func:`analyzer.report.to_plot.render_paths`, or the document itself as CSV or JSON). The round counts, the
units expected and the paths ruined are exact; the quantiles are floats (statistics of the paths).
"""

from __future__ import annotations

from ..numbers import amount_text
from ..studies.paths import LEVELS, Paths
from ..studies.tally import Tally
from .model import Column, Document, Field, Fields, Prose, Table, Value, data, decimal, fraction, integer, real, text
from .provenance import provenance


def paths_document(paths: Paths, tally: Tally) -> Document:
    """The quantiles of one column's cumulative result over the study's bankroll paths
    (:mod:`analyzer.studies.paths`)."""
    study = tally.study
    fields = [
        Field("wager", "wager", text(paths.column)),
        Field(
            "paths",
            "paths",
            integer(paths.paths),
            text=f"{paths.paths:,} of {paths.shoes_per_path:,} consecutive shoes each (seed {study.seed})",
        ),
        Field("shoes_per_path", None, integer(paths.shoes_per_path)),
        Field("rounds", "rounds compared", integer(paths.length), text=f"{paths.length:,} (the shortest path's)"),
        Field(
            "expected_per_round",
            "units expected per round",
            fraction(paths.expected_per_round),
            text=f"{float(paths.expected_per_round):+.6f} (exact, over the whole study)",
        ),
    ]
    if paths.bankroll is not None and paths.ruined is not None:
        fields += [
            Field("bankroll", None, fraction(paths.bankroll)),
            Field(
                "ruined",
                f"paths that lost {amount_text(paths.bankroll)} units",
                integer(paths.ruined),
                text=f"{paths.ruined:,} of {paths.paths:,} within {paths.length:,} rounds",
            ),
        ]
        if paths.ruin is not None:
            fields.append(
                Field(
                    "ruin_exact",
                    "chance of losing it within as many rounds",
                    data(
                        {"value": paths.ruin.value, "low": paths.ruin.low, "high": paths.ruin.high},
                        f"{100 * paths.ruin.value:.4f}% (exact, from the law of a round's result, "
                        f"± {100 * paths.ruin.error:.1e}%)",
                    ),
                )
            )
    rows: list[tuple[Value | None, ...]] = []
    for i, n in enumerate(paths.rounds):
        rows.append(
            (
                integer(n),
                decimal(n * paths.expected_per_round, 4, signed=True),
                *(real(q[i], 2) for q in paths.quantiles),
            )
        )
    table = Table(
        columns=(
            Column("rounds", "rounds played", "right"),
            Column("expected", "units expected", "right"),
            *(Column(f"q{level:02d}", f"{level}%", "right") for level in LEVELS),
        ),
        rows=tuple(rows),
        key="quantiles",
        csv=True,
        caption="Cumulative result (units) after each number of rounds: quantiles across the paths.",
    )
    note = (
        "Each path is a run of the study's shoes in shoe order, played one after another; the quantiles are "
        "taken across the paths (linear interpolation between order statistics), over the rounds the shortest "
        "path dealt. Units expected: the study's exact expected units per round times the rounds."
    )
    return Document(
        title=f"Counting study: bankroll paths ({paths.column})",
        blocks=(Fields(tuple(fields), layout="aligned"), table, Prose((note,), key="notes")),
        provenance=provenance((study.rules,), f"{study.decks} decks ({study.cards} cards)"),
    )
