"""The risk figures of a counting study as report sections: exact, with their bounds, beside the Brownian ones.

No arithmetic: every figure comes from :mod:`analyzer.studies.risk`. People read one table a column (a round at a
time, then shoe by shoe); machines read, per column, ``per_round`` and ``per_shoe`` objects, each with its
``brownian`` figures (the JSON reference and ``count.schema.json`` say every key). A probability computed in
floats is an object ``{value, low, high}``: the exact probability lies between ``low`` and ``high``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..numbers import amount_text, count_text
from ..studies.risk import RISK_LEVELS, SCORE_BANKROLL, SCORE_ROUNDS, Asked, Brownian, ColumnRisk, Figures
from ..studies.ruin import Bounded
from .model import Column, Field, Fields, Section, Table, Value, data, flag, fraction, real, text

LEAD = ("Exact, each within its bound (±); the Brownian approximation beside it.",)
NOTE = (
    "Risk: the exact figures come from the law of a round's result, each round dealt settled at the exact odds of the "
    "cards it starts with, the rounds taken as independent, and from the law of a shoe's result (shoes are "
    "independent; ruin is looked for between shoes), by dynamic programming on the bankroll; the Brownian figures "
    "treat the bankroll as a Brownian motion with the same mean and variance. SCORE: $ won per 100 rounds with a "
    "$10,000 bankroll and the largest unit whose lifetime risk of ruin is at most e^-2 (13.53%, SCORE's 13.5%); DI, "
    "N0 and SD here are those of the exact law of a round (above: of the results dealt)."
)
SCORE_LABEL = f"SCORE ($ per {SCORE_ROUNDS} rounds, ${SCORE_BANKROLL:,}, {100 * RISK_LEVELS[0]:.2f}% ruin)"


def _level(risk: float) -> str:
    return f"{100 * risk:.2f}%" if risk == RISK_LEVELS[0] else f"{100 * risk:g}%"


def _bounded(found: Bounded | None) -> Value:
    if found is None:
        return data(None, "-")
    return data({"value": found.value, "low": found.low, "high": found.high}, f"{100 * found.value:.4f}%")


def _bound(found: Bounded | None) -> Value:
    if found is None:
        return text(None, "")
    if found.low == found.high:
        return text("exact")  # certain ruin, or none: no float in it
    return text(f"{100 * found.error:.1e}%" if 100 * found.error >= 1e-300 else "< 1e-300%")


def _percent(value: float | None) -> Value:
    return real(None if value is None else 100 * value, 4, shown="-" if value is None else f"{100 * value:.4f}%")


def _span(found: tuple[Fraction, Fraction] | None, places: int = 0) -> Value:
    """An exact figure known to lie in a span (a bankroll on the grid): one number when the span is one."""
    if found is None:
        return data(None, "-")
    low, high = found
    shown = f"{float(low):,.{places}f}" if low == high or places else f"{float(low):,.0f} to {float(high):,.0f}"
    if places and low != high and f"{float(low):,.{places}f}" != f"{float(high):,.{places}f}":
        shown = f"{float(low):,.{places}f} to {float(high):,.{places}f}"
    return data({"low": str(low), "high": str(high)}, shown)


def _real(value: float | None, places: int) -> Value:
    return real(value, places, shown="-" if value is None else f"{value:,.{places}f}")


def _score(found: tuple[float, float] | None) -> Value:
    if found is None:
        return data(None, "-")
    low, high = found
    shown = f"{low:.2f}" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f} to {high:.2f}"
    return data({"value": (low + high) / 2, "low": low, "high": high}, shown)


def _rows(figures: Figures, asked: Asked, column: ColumnRisk) -> list[tuple[Value, Value, Value, Value]]:
    """People's rows for one law: (figure, exact, bound, Brownian)."""
    step, brownian = figures.step, figures.brownian
    per = "per round" if step == "round" else "per shoe"
    empty = text("")
    rows: list[tuple[Value, Value, Value, Value]] = [(text(f"SD {per}"), _real(figures.sd, 4), empty, empty)]
    if step == "round":
        rows += [
            (text("desirability index (DI)"), _real(column.desirability, 2), empty, empty),
            (
                text("N0 (rounds)"),
                _real(None if column.n0 is None else float(column.n0), 0),
                empty,
                empty,
            ),
            (
                text(f"hours to N0 at {asked.rounds_per_hour} rounds an hour"),
                _real(column.hours_to_n0(asked.rounds_per_hour), 1),
                empty,
                empty,
            ),
        ]
    rows.append((text(SCORE_LABEL), _score(figures.score), empty, _real(brownian.score, 2)))
    for level, found, approximate in zip(RISK_LEVELS, figures.bankrolls, brownian.bankrolls):
        rows.append(
            (text(f"bankroll of a {_level(level)} lifetime ruin (units)"), _span(found), empty, _real(approximate, 1))
        )
    if step == "round":
        rows.append(
            (
                text("Kelly bankroll (Kelly bet of 1 unit)"),
                _span(figures.kelly_bankroll, 2),
                empty,
                _real(brownian.kelly_bankroll, 2),
            )
        )
    bankroll = asked.bankroll
    if bankroll is not None:
        units = amount_text(bankroll.units)
        if step == "round":
            rows.append(
                (
                    text(f"Kelly bet for {units} units (units)"),
                    _span(figures.kelly_bet, 2),
                    empty,
                    _real(brownian.kelly_bet, 2),
                )
            )
        rows.append(
            (
                text(f"risk of ruin, lifetime ({units} units)"),
                _bounded(figures.lifetime),
                _bound(figures.lifetime),
                _percent(brownian.lifetime),
            )
        )
        if bankroll.goal is not None:
            rows.append(
                (
                    text(f"risk of ruin before +{amount_text(bankroll.goal)} units"),
                    _bounded(figures.before_goal),
                    _bound(figures.before_goal),
                    _percent(brownian.before_goal),
                )
            )
    went = figures.trip
    if went is not None:
        steps = f"{count_text(went.steps)} {step}s"
        if went.ruined is not None:
            rows.append(
                (
                    text(f"risk of ruin within {steps}"),
                    _bounded(went.ruined),
                    _bound(went.ruined),
                    _percent(brownian.trip_ruin),
                )
            )
        if went.reached is not None and bankroll is not None and bankroll.goal is not None:
            rows.append(
                (
                    text(f"+{amount_text(bankroll.goal)} units reached within {steps}"),
                    _bounded(went.reached),
                    _bound(went.reached),
                    _percent(None),
                )
            )
        rows.append(
            (text(f"behind after {steps}"), _bounded(went.behind), _bound(went.behind), _percent(brownian.behind))
        )
    return rows


def _machine(figures: Figures, column: ColumnRisk, asked: Asked) -> Fields:
    """Machines' object for one law (every key always there; null where a figure is not given)."""
    brownian = figures.brownian
    went = figures.trip

    def bounded(found: Bounded | None) -> Value:
        return data(None if found is None else {"value": found.value, "low": found.low, "high": found.high}, "")

    def span(found: tuple[Fraction, Fraction] | None) -> Value:
        return data(None if found is None else {"low": str(found[0]), "high": str(found[1])}, "")

    round_only: tuple[Field, ...] = ()
    if figures.step == "round":
        round_only = (
            Field("desirability_index", None, real(column.desirability)),
            Field("n0", None, fraction(column.n0)),
            Field("hours_to_n0", None, real(column.hours_to_n0(asked.rounds_per_hour))),
            Field("kelly_bankroll", None, span(figures.kelly_bankroll)),
            Field("kelly_bet", None, span(figures.kelly_bet)),
        )
    return Fields(
        (
            Field("units_expected", None, fraction(figures.mean)),
            Field("variance", None, fraction(figures.exact_variance)),
            Field("sd", None, real(figures.sd)),
            *round_only,
            Field(
                "score",
                None,
                data(
                    None
                    if figures.score is None
                    else {"value": sum(figures.score) / 2, "low": figures.score[0], "high": figures.score[1]},
                    "",
                ),
            ),
            Field(
                "bankroll_for_risk",
                None,
                tuple(
                    data(
                        {
                            "risk": level,
                            "low": None if found is None else str(found[0]),
                            "high": None if found is None else str(found[1]),
                        },
                        "",
                    )
                    for level, found in zip(RISK_LEVELS, figures.bankrolls)
                ),
            ),
            Field("lifetime_ruin", None, bounded(figures.lifetime)),
            Field("ruin_before_goal", None, bounded(figures.before_goal)),
            Field(
                "trip",
                None,
                data(
                    None
                    if went is None
                    else {
                        "steps": went.steps,
                        "ruin": None
                        if went.ruined is None
                        else {"value": went.ruined.value, "low": went.ruined.low, "high": went.ruined.high},
                        "goal_reached": None
                        if went.reached is None
                        else {"value": went.reached.value, "low": went.reached.low, "high": went.reached.high},
                        "behind": {"value": went.behind.value, "low": went.behind.low, "high": went.behind.high},
                    },
                    "",
                ),
            ),
            Field("refused", None, tuple(text(reason) for reason in figures.refused)),
            Field("brownian", None, _brownian(brownian)),
        )
    )


def _brownian(brownian: Brownian) -> Fields:
    """Machines' object of the Brownian figures."""
    return Fields(
        (
            Field("score", None, real(brownian.score)),
            Field("bankroll_for_risk", None, tuple(real(b) for b in brownian.bankrolls)),
            Field("kelly_bankroll", None, real(brownian.kelly_bankroll)),
            Field("kelly_bet", None, real(brownian.kelly_bet)),
            Field("lifetime_ruin", None, real(brownian.lifetime)),
            Field("ruin_before_goal", None, real(brownian.before_goal)),
            Field("trip_ruin", None, real(brownian.trip_ruin)),
            Field("behind", None, real(brownian.behind)),
        )
    )


def _dealt_rows(brownian: Brownian, asked: Asked) -> list[tuple[Value, Value, Value, Value]]:
    """People's rows of the Brownian figures alone (a column without a law)."""
    none, empty = data(None, "-"), text("")
    rows = [(text(SCORE_LABEL), none, empty, _real(brownian.score, 2))]
    for level, approximate in zip(RISK_LEVELS, brownian.bankrolls):
        rows.append((text(f"bankroll of a {_level(level)} lifetime ruin (units)"), none, empty, _real(approximate, 1)))
    rows.append((text("Kelly bankroll (Kelly bet of 1 unit)"), none, empty, _real(brownian.kelly_bankroll, 2)))
    bankroll = asked.bankroll
    if bankroll is not None:
        units = amount_text(bankroll.units)
        rows += [
            (text(f"Kelly bet for {units} units (units)"), none, empty, _real(brownian.kelly_bet, 2)),
            (text(f"risk of ruin, lifetime ({units} units)"), none, empty, _percent(brownian.lifetime)),
        ]
        if bankroll.goal is not None:
            label = f"risk of ruin before +{amount_text(bankroll.goal)} units"
            rows.append((text(label), none, empty, _percent(brownian.before_goal)))
    if asked.trip_rounds is not None:
        steps = f"{count_text(asked.trip_rounds)} rounds"
        if bankroll is not None:
            rows.append((text(f"risk of ruin within {steps}"), none, empty, _percent(brownian.trip_ruin)))
        rows.append((text(f"behind after {steps}"), none, empty, _percent(brownian.behind)))
    return rows


def _table(caption: str, rows: list[tuple[Value, Value, Value, Value]]) -> Table:
    """People's table of one law; a figure neither method gives (no gain on average: no SCORE, no Kelly bet) is
    left out."""
    rows = [row for row in rows if not (_missing(row[1]) and _missing(row[3]))]
    return Table(
        columns=(
            Column(None, "figure"),
            Column(None, "exact", "right"),
            Column(None, "± (bound)", "right"),
            Column(None, "Brownian", "right"),
        ),
        rows=tuple(rows),
        caption=caption,
    )


def _missing(value: Value) -> bool:
    return value.data is None and value.text in ("-", "")


def risk_sections(risks: Sequence[ColumnRisk], asked: Asked) -> tuple[Section, ...]:
    """One section a column (key ``risk``): its exact figures per round and shoe by shoe, the Brownian beside."""
    sections = []
    for column in risks:
        blocks: list[Fields | Table] = [
            Fields(
                (
                    Field("wager", None, text(column.column)),
                    Field("exact_law", None, flag(column.reason is None)),
                    Field("reason", None, text(column.reason)),
                )
            )
        ]
        lead = LEAD if column.reason is None else (f"No exact figures: {column.reason}.",)
        if column.dealt is not None:
            blocks.append(Fields(_brownian(column.dealt).fields, key="brownian_dealt"))
            caption = "The Brownian approximation alone (the exact units expected, the SD of the results dealt):"
            blocks.append(_table(caption, _dealt_rows(column.dealt, asked)))
        for figures, key in ((column.per_round, "per_round"), (column.per_shoe, "per_shoe")):
            if figures is None:
                continue
            blocks.append(Fields(_machine(figures, column, asked).fields, key=key))
            caption = (
                "A round at a time:"
                if figures.step == "round"
                else "Shoe by shoe (the law of a shoe's result; ruin looked for between shoes):"
            )
            blocks.append(_table(caption, _rows(figures, asked, column)))
            if figures.refused:
                blocks.append(Fields(tuple(Field(None, "not computed", text(reason)) for reason in figures.refused)))
        sections.append(Section(title=f"risk: {column.column}", blocks=tuple(blocks), key="risk", lead=lead))
    return tuple(sections)
