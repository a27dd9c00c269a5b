"""The ``count`` report: a counting study as a document, and its per-shoe results as another.

No arithmetic beyond formatting: every figure comes from
:class:`analyzer.studies.tally.Tally`, exact until printed (the means,
intervals, standard deviations and desirability figures are floats, as
simulation figures are). Machines read the totals under the keys the report
always had (``rounds``, ``units_expected_per_shoe`` with ``mean`` and
``ci95``, ...), the procedure, and one object per wager with its tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ..game.cards import RANKS
from ..numbers import amount_text, count_text, decimal_text
from ..studies.chunk import Line
from ..studies.risk import Asked, ColumnRisk
from ..studies.tally import Estimate, Tally
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    data,
    decimal,
    fraction,
    integer,
    percent,
    real,
    text,
)
from .provenance import provenance
from .risk import NOTE, risk_sections

CONFIDENCE = "95% confidence interval, normal approximation over shoes"
NOTES = (
    "Units won: the results of the cards dealt. Units expected: the exact expected values of the bets placed, "
    f"added up (same mean, far less noise). ±: {CONFIDENCE}. Expected values are those of the cards the counter "
    "has not seen (burned cards included). SD per round: of one round's net result over every round dealt (no bet: "
    "0). DI = 1000 × units expected per round / SD per round; N0 = (SD / units expected per round)², the rounds for "
    "the expectation to reach one standard deviation. Total: every wager's bets together."
)

_KEYS = (
    "rule_set",
    "wager",
    "decks",
    "cut_card",
    "procedure",
    "play",
    "tags",
    "threshold",
    "seed",
    "executor",
    "shoes",
)
"""The order in which machines read the study's set-up."""


def _signed(figure: Estimate) -> str:
    return f"{figure.mean:+.4f}" if math.isnan(figure.ci95) else f"{figure.mean:+.4f} ± {figure.ci95:.4f}"


def _figure(figure: Estimate) -> Value:
    return data({"mean": figure.mean, "ci95": None if math.isnan(figure.ci95) else figure.ci95}, _signed(figure))


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "-"


def _play(tally: Tally, j: int) -> str:
    plan = tally.study.wagers[j]
    if tally.study.play == "perfect":
        return "perfect: 1 unit whenever its exact expected value is above 0"
    assert plan.counter is not None, "count play has a counter for every wager"
    spread = plan.counter.spread
    if spread is not None:
        steps = ", ".join(f"{units} at {amount_text(t)} or more" for t, units in spread.steps)
        return (
            f"count: spread {spread.text} by the {plan.counter.index} count: units {steps}; "
            f"no bet below {amount_text(spread.first)}"
        )
    return f"count: 1 unit when the {plan.counter.index} count is at least {decimal_text(plan.counter.threshold, 4)}"


def _spread(tally: Tally) -> bool:
    """Whether any wager of the study bets by a spread (its figures then say units staked)."""
    return any(p.counter is not None and p.counter.spread is not None for p in tally.study.wagers)


def _setup(tally: Tally, executor: str) -> Fields:
    study = tally.study
    procedure = study.procedure
    single = study.wagers[0].counter if len(study.wagers) == 1 and study.play == "count" else None
    fields = [
        Field(
            "rule_set", "rule set", text(study.rules.name), text=f"{study.rules.name} (document {study.rules.document})"
        ),
        Field("wager", "wagers", text(",".join(study.names)), text=", ".join(study.names)),
        Field("decks", None, integer(study.decks)),
        Field("cut_card", None, integer(procedure.cut_card)),
        Field(None, "shoe", text(f"{study.decks} decks ({study.cards} cards)")),
        Field(
            "procedure",
            "procedure",
            Fields(
                (
                    Field(
                        "burn",
                        None,
                        text(str(procedure.burn)) if isinstance(procedure.burn, str) else integer(procedure.burn),
                    ),
                    Field("cut_card", None, integer(procedure.cut_card)),
                    Field("last_round", None, text(procedure.last_round)),
                    Field("text", None, text(procedure.describe())),
                )
            ),
            text=procedure.describe(),
        ),
        Field(
            "shoes",
            "shoes dealt",
            integer(tally.shoe_count),
            text=f"{count_text(tally.shoe_count)} (seed {study.seed}; {executor})",
        ),
        Field("play", None, text(study.play)),
        Field("tags", None, data(dict(zip(RANKS, single.tags)) if single else None, "")),
        Field("threshold", None, fraction(single.threshold if single else None)),
        Field("seed", None, integer(study.seed)),
        Field("executor", None, text(executor)),
    ]
    for j, plan in enumerate(study.wagers):
        fields.append(Field(None, f"play {plan.wager}", text(_play(tally, j))))
        if plan.counter is not None:
            fields.append(Field(None, f"tags {plan.wager}", text(plan.counter.text)))
    return Fields(tuple(fields), layout="aligned")


def _figures(tally: Tally, j: int) -> tuple[Field, ...]:
    """Column ``j``'s figures, for machines (keys) and people (labels: the grid shows them)."""
    line = tally.line(j)
    desirability = tally.desirability(j)
    edge = tally.average_edge(j)
    return (
        Field(
            "rounds",
            "rounds dealt",
            integer(line.rounds),
            text=f"{count_text(line.rounds)} ({line.rounds / tally.shoe_count:.2f} per shoe)",
        ),
        Field(
            "positive_rounds",
            "rounds with expected value > 0",
            integer(line.positive),
            text=f"{count_text(line.positive)} ({_share(line.positive, line.rounds)})",
        ),
        Field("bets", "bets placed", integer(line.bets), text=count_text(line.bets)),
        *(
            (Field("units_staked", "units bet", integer(line.staked), text=count_text(line.staked)),)
            if _spread(tally)
            else ()
        ),
        Field("bet_frequency", "bet frequency", percent(tally.bet_frequency(j), 2)),
        Field(
            "average_edge",
            "average edge when betting",
            percent(edge, 3),
            text="-" if edge is None else ("+" if edge > 0 else "") + decimal_text(edge * 100, 3) + "%",
        ),
        Field("units_won", None, fraction(tally.won(j))),
        Field("units_expected", None, fraction(tally.expected(j))),
        Field("units_won_per_shoe", "units won per shoe", _figure(tally.per_shoe(j))),
        Field("units_won_per_100_rounds", "units won per 100 rounds", _figure(tally.per_100_rounds(j))),
        Field("units_expected_per_shoe", "units expected per shoe", _figure(tally.per_shoe(j, expected=True))),
        Field(
            "units_expected_per_100_rounds",
            "units expected per 100 rounds",
            _figure(tally.per_100_rounds(j, expected=True)),
        ),
        Field("sd_per_round", "SD per round", real(tally.sd_per_round(j))),
        Field(
            "desirability_index",
            "desirability index (DI)",
            real(None if desirability is None else desirability[0], 2, shown="-" if desirability is None else None),
        ),
        Field(
            "n0",
            "N0 (rounds)",
            real(
                None if desirability is None else desirability[1],
                0,
                shown="-" if desirability is None else count_text(round(desirability[1])),
            ),
        ),
    )


def _columns(tally: Tally) -> list[tuple[str, int]]:
    """(name, column) of each wager, and of the total when there are several."""
    named = [(name, j) for j, name in enumerate(tally.study.names)]
    return named + ([("total", tally.columns - 1)] if tally.columns > 2 else [])


def _grid(tally: Tally) -> Table:
    """People's view of the figures: one row per figure, one column per wager (and the total)."""
    columns = _columns(tally)
    figures = [_figures(tally, j) for _, j in columns]
    labelled = [i for i, f in enumerate(figures[0]) if f.label is not None]
    rows = tuple((text(figures[0][i].label), *(_cell(per[i]) for per in figures)) for i in labelled)
    return Table(
        columns=(Column(None, "figure"), *(Column(None, name, align="right") for name, _ in columns)),
        rows=rows,
    )


def _cell(item: Field) -> Value:
    """A figure as a cell of the grid: its value, reading as the field's text where it has one."""
    assert isinstance(item.value, Value)
    return item.value if item.text is None else replace(item.value, text=item.text)


def _machine_figures(tally: Tally) -> Table:
    """Machines' view: one row per wager and the total (the study's CSV)."""
    first = {f.key: f.value for f in _figures(tally, 0) if f.key is not None}
    keys = list(first)
    rows = []
    for name, j in _columns(tally) if tally.columns > 2 else [(tally.study.names[0], 0)]:
        values = {f.key: f.value for f in _figures(tally, j)}
        row: list[Value | None] = [text(name)]
        for key in keys:
            value = values[key]
            if isinstance(value, Value) and value.kind == "data":
                assert isinstance(value.data, dict)
                row += [real(value.data["mean"]), real(value.data["ci95"])]
            else:
                row.append(value if isinstance(value, Value) else None)
        rows.append(tuple(row))
    columns = [Column("wager", None)]
    for key in keys:
        value = first[key]
        if isinstance(value, Value) and value.kind == "data":
            columns += [Column(f"{key}_mean", None), Column(f"{key}_ci95", None)]
        else:
            columns.append(Column(key, None))
    return Table(columns=tuple(columns), rows=tuple(rows), human=False, csv=True)


def _table(
    tally: Tally, j: int, rows: list[tuple[int, Line, Fraction]], first: Column, label: str, caption: str, key: str
) -> Table:
    total = tally.line(j).rounds
    return Table(
        columns=(
            first,
            Column("rounds", "rounds", "right"),
            Column("share", "% of rounds", "right"),
            Column("positive", "EV > 0", "right"),
            Column("average_expected_value", "average exact EV", "right"),
            Column("bets", "bets", "right"),
            Column("units_won", "units won", "right"),
        ),
        rows=tuple(
            (
                integer(k, shown=_key_text(k, label)),
                integer(line.rounds, shown=count_text(line.rounds)),
                percent(Fraction(line.rounds, total), 2),
                percent(Fraction(line.positive, line.rounds), 2),
                percent(average, 3),
                integer(line.bets, shown=count_text(line.bets)),
                decimal(tally.line_won(line, j), 4, signed=True),
            )
            for k, line, average in rows
        ),
        key=key,
        caption=caption,
    )


def _key_text(key: int, label: str) -> str:
    if label == "depth":
        return f"{key}-{key + 9}"
    if label.startswith("clip"):
        clip = int(label[4:])
        return f"≤ {key}" if key == -clip else f"≥ +{key}" if key == clip else f"{key:+d}"
    return str(key)


def _wager_section(tally: Tally, j: int) -> Section:
    plan = tally.study.wagers[j]
    counter = plan.counter
    blocks: list[Fields | Table] = [
        Fields(
            (
                Field("wager", None, text(plan.wager)),
                Field(
                    "counter",
                    None,
                    data(
                        None
                        if counter is None
                        else {
                            "tags": dict(zip(RANKS, counter.tags)),
                            "threshold": str(counter.threshold),
                            "threshold_on": counter.index,
                            **(
                                {"spread": [{"count": str(t), "units": u} for t, u in counter.spread.steps]}
                                if counter.spread
                                else {}
                            ),
                        },
                        "",
                    ),
                ),
                *(Field(f.key, None, f.value) for f in _figures(tally, j)),
            )
        )
    ]
    if counter is not None:
        from ..studies.chunk import CLIP, RUNNING_CLIP

        word = "true count (per 52 unseen cards)" if counter.index == "true" else "running count"
        clip = CLIP if counter.index == "true" else RUNNING_CLIP
        blocks.append(
            _table(
                tally,
                j,
                tally.count_rows(j),
                Column("count", "count"),
                f"clip{clip}",
                f"By {word}, {counter.text}:",
                "by_count",
            )
        )
    blocks.append(
        _table(
            tally,
            j,
            tally.depth_rows(j),
            Column("round", "round of the shoe"),
            "depth",
            "By depth (rounds dealt in the shoe, in tens):",
            "by_depth",
        )
    )
    return Section(title=plan.wager, blocks=tuple(blocks), key="wagers")


def count_document(
    tally: Tally, executor: str, risks: Sequence[ColumnRisk] = (), asked: Asked | None = None
) -> Document:
    """``count``: how the study was dealt and bet, what each wager and all of them won, by count and by depth; and
    the ``risks`` figures (:func:`analyzer.studies.risk.study_risk`) for what was ``asked``."""
    total = tally.columns - 1 if tally.columns > 2 else 0
    return Document(
        title=f"Counting study: {', '.join(tally.study.names)}",
        blocks=(
            _setup(tally, executor),
            _grid(tally),
            Fields(tuple(Field(f.key, None, f.value) for f in _figures(tally, total))),
            _machine_figures(tally),
            *risk_sections(risks, asked or Asked()),
            *(_wager_section(tally, j) for j in range(len(tally.study.wagers))),
            Prose((NOTES, *((NOTE,) if risks else ())), key="notes"),
        ),
        key_order=_KEYS,
        provenance=provenance((tally.study.rules,), f"{tally.study.decks} decks ({tally.study.cards} cards)"),
    )


def per_shoe_document(tally: Tally) -> Document:
    """Each shoe's results, for ``--per-shoe FILE``: units won exact, units expected exact (decimals in CSV).

    Needs a tally run with ``keep_shoes`` (:func:`analyzer.studies.counting.run`).
    """
    assert tally.shoes is not None, "the study was run without keep_shoes"
    columns = _columns(tally) if tally.columns > 2 else [(tally.study.names[0], 0)]
    head = [Column("shoe", "shoe"), Column("rounds", "rounds")]
    for name, _ in columns:
        head += [
            Column(f"{name}_positive", None),
            Column(f"{name}_bets", None),
            Column(f"{name}_won", None),
            Column(f"{name}_expected", None),
        ]
    rows = []
    for number, row in enumerate(tally.shoes, start=1):
        cells: list[Value | None] = [integer(number), integer(row[0].rounds)]
        for _, j in columns:
            line = row[j]
            cells += [
                integer(line.positive),
                integer(line.bets),
                decimal(tally.line_won(line, j), 4),
                decimal(tally.line_expected(line, j), 10),
            ]
        rows.append(tuple(cells))
    return Document(
        title="Counting study: each shoe",
        blocks=(Table(columns=tuple(head), rows=tuple(rows), key="shoes", csv=True, human=False),),
        provenance=provenance((tally.study.rules,), f"{tally.study.decks} decks ({tally.study.cards} cards)"),
    )
