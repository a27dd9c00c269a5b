"""The ``own-cards`` report: strategy card, strategies and every decision, as a document.

No arithmetic happens here: every figure comes from an
:class:`~analyzer.studies.owncards.OwnCardsAnalysis`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.shoe import CARDS_PER_ROUND
from ..numbers import count_text
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
from .common import figure_fields, outcome_table, rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    count,
    data,
    decimal,
    flag,
    fraction,
    integer,
    percent,
    real,
    text,
)
from .provenance import provenance
from .values import human

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

_KEYS = (
    "rule_set",
    "title",
    "document",
    "own_cards",
    "shoe",
    "counting",
    "denominator",
    "defaults",
    "strategies",
    "option_value",
    "card",
    "naturals",
    "decisions",
)
"""The order in which machines read the report (people read the own hand's terms after the shoe)."""


def _cards(decision: Decision) -> str:
    """A composition as the report writes it, e.g. "5,T/J/Q/K"."""
    return "" if decision.ranks is None else ",".join(decision.ranks)


def _plays(plays: Sequence[tuple[int, Action]]) -> str:
    """ "draw on 0 1 2, stand on 3 4" from (total, action) pairs."""
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
            if exceptions
            else "the card (no composition plays otherwise)"
        ),
    }


def _defaults(analysis: OwnCardsAnalysis) -> list[str]:
    """The defaults that bear on the own hand: the shoe's and the own-hand wager's."""
    rules, wager = analysis.rules, analysis.wager
    lines = [line for line in rules.defaults(analysis.shoe.decks_built) if line.startswith("Shoe: ")]
    if wager.default:
        lines.append(f"{wager.title}: {wager.default}")
    lines.extend(f"{wager.title}, {o.name}: {o.default}" for o in wager.outcomes if o.default)
    return lines


def _head(analysis: OwnCardsAnalysis) -> Fields:
    rules, shoe, wager = analysis.rules, analysis.shoe, analysis.wager
    own = rules.own_cards
    assert own is not None, "analyze_own_cards refuses a rule set without own cards"
    pays = ", ".join(f"{o.name} {o.pays_text}" for o in wager.outcomes)
    return Fields(
        (
            *rule_set_fields(rules),
            Field(
                "shoe",
                "Shoe",
                shoe_fields(shoe),
                text=f"{shoe_text(shoe)}; denominator {count_text(shoe.denominator)} ordered {CARDS_PER_ROUND}-card "
                "dealings.",
            ),
            Field("counting", "", text(OWN_COUNTING)),
            Field(
                "own_cards",
                "Own hand",
                Fields(
                    (
                        Field("wager", None, text(own.wager)),
                        Field("alone", None, flag(own.alone)),
                        Field("source", None, text(own.source)),
                    )
                ),
                text=f"offered for a {wager.name} bet{' alone' if own.alone else ''} ({own.source.rstrip('.')}).",
            ),
            Field(None, "", text(f"It is settled as a {wager.name} bet ({pays}; {wager.source.rstrip('.')}).")),
            Field("denominator", None, count(shoe.denominator)),
            Field(
                "defaults",
                "Defaults where the document is silent, and changes made by the user",
                tuple(text(d) for d in _defaults(analysis)),
            ),
        )
    )


def _card_section(analysis: OwnCardsAnalysis) -> Section:
    columns = (
        Column(None, "your total"),
        Column(None, "play"),
        Column(None, "EV if you draw"),
        Column(None, "EV if you stand"),
        Column(None, "you gain"),
    )
    rows: list[tuple[Value | None, ...]] = [
        (
            integer(r.total),
            text((r.best if r.best == EITHER else analysis.card_play(r.total)).upper()),
            decimal(r.ev_draw, 6),
            decimal(r.ev_stand, 6),
            decimal(r.margin, 6),
        )
        for r in analysis.by_total
    ]
    rows += [
        (integer(n.total), text("natural"), text("not asked"), decimal(n.expected_value, 6), text(""))
        for n in analysis.naturals
    ]
    blocks: list[Table | Prose] = [Table(columns=columns, rows=tuple(rows))]
    if analysis.exceptions:
        exceptions = tuple(
            (
                text(_cards(r)),
                integer(r.total),
                text(r.best.upper()),
                decimal(r.ev_draw, 6),
                decimal(r.ev_stand, 6),
                decimal(r.margin, 6),
            )
            for r in analysis.exceptions
        )
        blocks.append(
            Table(
                columns=(Column(None, "your cards"), Column(None, "total"), Column(None, "play"), *columns[2:]),
                rows=exceptions,
                caption="Exceptions, by your two cards (play these otherwise than your total says):",
            )
        )
    else:
        blocks.append(Prose(("Exceptions, by your two cards: none; every composition plays as its total.",)))
    return Section(title="Strategy card (expected value per unit bet, given your two cards)", blocks=tuple(blocks))


def _strategies_section(analysis: OwnCardsAnalysis, exact: bool) -> Section:
    plays = strategy_rules(analysis)
    rows = tuple(
        (
            text(s.name),
            text(plays[s.name]),
            decimal(s.expected_value, 8),
            percent(s.house_edge),
            percent(s.sheet.element_of_risk),
            real(s.sheet.standard_deviation),
        )
        for s in analysis.strategies
    )
    table = Table(
        columns=(
            Column(None, "strategy"),
            Column(None, "how it plays"),
            Column(None, "expected value"),
            Column(None, "house edge"),
            Column(None, "element of risk"),
            Column(None, "SD"),
        ),
        rows=rows,
    )
    gains = ", ".join(
        f"{name} {human(percent(analysis.option_value(name)), exact)}" for name in (BEST_BY_TOTAL, BEST_BY_COMPOSITION)
    )
    line = f"Value of the option (expected value gained over mimicking the Community Player, per unit bet): {gains}."
    return Section(title="Strategies", blocks=(table, Prose((line,))))


def _decisions_section(analysis: OwnCardsAnalysis) -> Section:
    rows: list[tuple[Value | None, ...]] = []
    for total in analysis.by_total:
        for r in (total, *(c for c in analysis.by_composition if c.total == total.total)):
            rows.append(
                (
                    integer(r.total),
                    text(_cards(r) or "any"),
                    decimal(r.probability, 6),
                    decimal(r.ev_draw, 6),
                    decimal(r.ev_stand, 6),
                    text(r.best),
                    decimal(r.margin, 6),
                )
            )
    for n in analysis.naturals:
        rows.append(
            (
                integer(n.total),
                text("natural"),
                decimal(n.probability, 6),
                text(""),
                decimal(n.expected_value, 6),
                text("not asked"),
                text(""),
            )
        )
    columns = (
        Column(None, "total"),
        Column(None, "cards"),
        Column(None, "probability"),
        Column(None, "EV draw"),
        Column(None, "EV stand"),
        Column(None, "best"),
        Column(None, "margin"),
    )
    return Section(
        title="Every decision, by total (cards: any) and by composition",
        blocks=(Table(columns=columns, rows=tuple(rows)),),
    )


def _strategy_data(analysis: OwnCardsAnalysis) -> tuple[Section, ...]:
    """Each strategy with its par sheet, for machines."""
    plays = strategy_rules(analysis)
    sections = []
    for s in analysis.strategies:
        wager = s.sheet.wager
        head = Fields(
            (
                Field("name", None, text(s.name)),
                Field("title", None, text(_TITLES[s.name])),
                Field("plays", None, text(plays[s.name])),
                Field("wager", None, text(wager.name)),
                Field("offered", None, flag(wager.offered)),
                Field("source", None, text(wager.source)),
                Field("requires", None, tuple(text(r) for r in wager.requires)),
            )
        )
        sections.append(
            Section(
                title=s.name,
                human=False,
                key="strategies",
                blocks=(head, figure_fields(s.sheet), outcome_table(s.sheet, csv=False)),
            )
        )
    return tuple(sections)


def _ranks(decision: Decision) -> Value:
    return data(None if decision.ranks is None else list(decision.ranks), _cards(decision))


def _machine_tables(analysis: OwnCardsAnalysis) -> tuple[Fields | Table, ...]:
    """The option values, the card, the naturals and every decision, for machines."""
    option = Fields(
        tuple(Field(name, None, fraction(analysis.option_value(name))) for name in STRATEGIES if name != MIMIC),
        key="option_value",
    )
    totals = Table(
        columns=(Column("total", None), Column("play", None), Column("margin", None)),
        rows=tuple(
            (integer(r.total), text(analysis.card_play(r.total)), fraction(r.margin)) for r in analysis.by_total
        ),
        key="card.totals",
        human=False,
    )
    exceptions = Table(
        columns=(Column("total", None), Column("ranks", None), Column("play", None), Column("margin", None)),
        rows=tuple(
            (integer(r.total), data(list(r.ranks or ()), _cards(r)), text(r.best), fraction(r.margin))
            for r in analysis.exceptions
        ),
        key="card.exceptions",
        human=False,
    )
    naturals = Table(
        columns=(
            Column("total", None),
            Column("ways", None),
            Column("probability", None),
            Column("expected_value", None),
        ),
        rows=tuple(
            (integer(n.total), count(n.ways), fraction(n.probability), fraction(n.expected_value))
            for n in analysis.naturals
        ),
        key="naturals",
        human=False,
    )
    decisions = Table(
        columns=tuple(
            Column(key, None)
            for key in ("total", "ranks", "ways", "probability", "ev_draw", "ev_stand", "best", "margin")
        ),
        rows=tuple(
            (
                integer(r.total),
                _ranks(r),
                count(r.ways),
                fraction(r.probability),
                fraction(r.ev_draw),
                fraction(r.ev_stand),
                text(r.best),
                fraction(r.margin),
            )
            for r in (*analysis.by_total, *analysis.by_composition)
        ),
        key="decisions",
        human=False,
    )
    return option, totals, exceptions, naturals, decisions


def _csv_table(analysis: OwnCardsAnalysis) -> Table:
    """One row per decision (by total, then by composition), natural and strategy."""
    keys = (
        "kind",
        "name",
        "total",
        "ranks",
        "probability",
        "ev_draw",
        "ev_stand",
        "best",
        "margin",
        "expected_value",
        "house_edge",
    )
    rows: list[tuple[Value | None, ...]] = []
    for kind, decisions in (("total", analysis.by_total), ("composition", analysis.by_composition)):
        rows += [
            (
                text(kind),
                None,
                integer(r.total),
                text(_cards(r)),
                decimal(r.probability),
                decimal(r.ev_draw),
                decimal(r.ev_stand),
                text(r.best),
                decimal(r.margin),
                None,
                None,
            )
            for r in decisions
        ]
    rows += [
        (
            text("natural"),
            None,
            integer(n.total),
            None,
            decimal(n.probability),
            None,
            None,
            None,
            None,
            decimal(n.expected_value),
            None,
        )
        for n in analysis.naturals
    ]
    rows += [
        (
            text("strategy"),
            text(s.name),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            decimal(s.expected_value),
            decimal(s.house_edge),
        )
        for s in analysis.strategies
    ]
    return Table(columns=tuple(Column(k, None) for k in keys), rows=tuple(rows), human=False, csv=True)


def own_cards_document(analysis: OwnCardsAnalysis, exact: bool = False) -> Document:
    """``own-cards``: the strategy card, the three strategies and every decision.

    ``exact`` writes the figures inside sentences as fractions, as the
    renderers do for the tables.
    """
    return Document(
        title=f"{analysis.rules.name}: Play Your Own Cards",
        blocks=(
            _head(analysis),
            _card_section(analysis),
            _strategies_section(analysis, exact),
            _decisions_section(analysis),
            *_strategy_data(analysis),
            *_machine_tables(analysis),
            _csv_table(analysis),
        ),
        context=shoe_context(analysis.rules, analysis.shoe),
        key_order=_KEYS,
        provenance=provenance((analysis.rules,), shoe_text(analysis.shoe)),
    )
