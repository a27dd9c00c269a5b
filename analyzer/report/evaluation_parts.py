"""Parts of the math evaluation report (:mod:`.evaluation`): the rules of play, a wager's section, the published
figures.

Each returns :class:`~.model.Section` blocks; every figure comes computed by
:func:`analyzer.studies.evaluation.evaluate` (the par sheet, the volatility,
the distribution of the net result, the effects of removal, the closed forms):
no arithmetic here.
"""

from __future__ import annotations

from ..game.cards import RANKS
from ..game.odds import both_ways
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, RuleSet
from ..game.shoe import Shoe
from ..numbers import percent_text
from ..studies.evaluation import Evaluation, WagerFigures
from ..studies.verify import Verdict
from ..studies.volatility import LEVELS
from .analysis import conditions_text
from .catalogue import source_label
from .common import (
    dealing_lines,
    figure_fields,
    offered_text,
    outcome_table,
    own_cards_text,
    requires_text,
    typeset,
    wager_fields,
)
from .model import (
    Block,
    Column,
    Field,
    Fields,
    Figure,
    Formula,
    Prose,
    Reference,
    Section,
    Table,
    Value,
    decimal,
    integer,
    percent,
    real,
    text,
    verdict,
)
from .verify import as_claimed_text, claimed_wager_text, verdict_text

LOG_FROM = 50
"""A distribution whose likeliest amount is this many times its rarest is plotted on a logarithmic axis."""
NATURALS = "A two-card total of 8 or 9 is a natural: neither hand draws and the round is settled (all four documents)."


def rules_sections(rules: RuleSet, shoe: Shoe) -> tuple[Section, Section]:
    """ "The game and its source documents", and "Rules of play": the drawing chart as tables, the pay tables, each with
    its clause."""
    game = Section(
        title="The game and its source documents",
        blocks=(
            Fields(
                (
                    Field("title", "Game", text(rules.title)),
                    Field(
                        "document",
                        "Source document",
                        text(rules.document),
                        text=f"{rules.document}: every rule below names the clause of it that it applies, or says that "
                        "the document is silent and which default applies.",
                    ),
                    Field(
                        "rule_file",
                        "Rule file",
                        text(rules.source_path),
                        text=f"{rules.source_path} (SHA-256 {rules.source_sha256})",
                    ),
                    Field(
                        "decks",
                        "Number of decks",
                        integer(shoe.decks_built),
                        text=next(
                            (
                                line.removeprefix("Shoe: ")
                                for line in rules.defaults(shoe.decks_built)
                                if line.startswith("Shoe: ")
                            ),
                            f"{rules.decks}: {rules.decks_source}",
                        ),
                    ),
                    Field("notes", "Notes", tuple(text(n) for n in rules.notes)),
                    *((Field(None, "Play Your Own Cards", text(own_cards_text(rules))),) if rules.own_cards else ()),
                )
            ),
        ),
        key="game",
    )
    drawing = rules.drawing
    player = Table(
        columns=(Column(None, "Player two-card total"), *(Column(None, str(t), "right") for t in NON_NATURAL_TOTALS)),
        rows=((text("Player"), *(text("draws" if drawing.player_draws(t) else "stands") for t in NON_NATURAL_TOTALS)),),
        caption="The Player hand, by its two-card total (8 and 9 are naturals):",
    )
    banker = Table(
        columns=(
            Column(None, "Banker total"),
            Column(None, "Player stood", "right"),
            *(Column(None, f"P3 = {c}", "right") for c in BANKER_COLUMNS[1:]),
        ),
        rows=tuple(
            (text(str(total)), *(text("H" if drawing.banker[total][c] else "S") for c in range(len(BANKER_COLUMNS))))
            for total in reversed(NON_NATURAL_TOTALS)
        ),
        caption="The Banker hand: H draws, S stands, by its two-card total (rows) and the Player's third card "
        "(P3, columns), or if the Player stood:",
    )
    pay_tables: list[Table | Prose] = []
    for wager in rules.wagers:
        if not wager.offered:
            continue
        lines = [f"Source: {wager.source}"] + ([f"Default: {wager.default}"] if wager.default else [])
        lines += [f"{requires_text(wager)}."] if wager.requires else []
        pay_tables.append(
            Table(
                columns=(
                    Column(None, "outcome"),
                    Column(None, "when"),
                    Column(None, "pays", "right"),
                    Column(None, "as written"),
                ),
                rows=tuple(
                    (
                        text(o.name),
                        text(conditions_text(o)),
                        text(o.pays_text if o.pays is None else both_ways(o.pays)),
                        text(o.written or o.pays_text),
                    )
                    for o in wager.outcomes
                ),
                caption=f"{wager.title} ({wager.name}); outcomes are tried in order, the first that holds settles the "
                "bet; each pay both ways, 'to' (the win) and 'for' (the win and the stake), and as the rule file "
                "writes it:",
            )
        )
        pay_tables.append(Prose(tuple(lines)))
    play = Section(
        title="Rules of play",
        blocks=(
            Prose((NATURALS,)),
            player,
            banker,
            Prose((f"Source of the drawing rules: {drawing.source}",)),
            Prose(tuple(dealing_lines(rules))),
            *pay_tables,
        ),
    )
    return game, play


def _distribution_figure(figures: WagerFigures) -> Figure:
    sheet = figures.sheet
    spread = figures.distribution_spread is not None and figures.distribution_spread > LOG_FROM
    return Figure(
        title=f"{sheet.wager.title}: distribution of the net result of one unit bet",
        data=Table(
            columns=(Column("net", "net result (units)", "right"), Column("probability", "probability", "right")),
            rows=tuple((decimal(x, 4), decimal(p)) for x, p in figures.distribution),
        ),
        kind="stems",
        x_label="net result of a unit bet (units)",
        y_label="probability",
        caption="Each amount a unit bet can win (or lose, -1; a push is 0), with its exact probability"
        + ("; the probability axis is logarithmic, so rare large pays show." if spread else "."),
        key="distribution_plot",
        log_y=spread,
    )


def _removal_figure(figures: WagerFigures) -> Figure | Prose:
    sheet, effects = figures.sheet, figures.effects
    assert effects is not None
    if all(e == 0 for e in effects.effects if e is not None):
        return Prose(
            (
                "Effects of removal: every effect is exactly 0; no card removed changes this wager's "
                "expected value, so no count follows it.",
            )
        )
    return Figure(
        title=f"{sheet.wager.title}: effect of removing one card of each rank",
        data=Table(
            columns=(Column("rank", "rank"), Column("effect_percent", "effect, % of the bet", "right")),
            rows=tuple((text(rank), decimal(e, 6, signed=True)) for rank, e in zip(RANKS, figures.removal_percent)),
        ),
        kind="bars",
        x_label="rank removed from the shoe",
        y_label="change in expected value, % of the bet",
        caption="The exact change in the wager's expected value when one card of the rank is taken out of the shoe; "
        "weighted by the cards of each rank they add up to 0. Above 0: removing the card helps the bettor.",
        key="removal_plot",
    )


def _decks_figure(figures: WagerFigures, evaluation: Evaluation) -> Figure:
    sheet, formula, closed = figures.sheet, figures.formula, evaluation.formulas
    assert formula is not None
    edge = formula.house_edge is not None
    values = figures.decks_values
    limit = formula.figure.limit
    name = "house edge" if edge else "probability of a qualifying outcome"
    as_value = percent if edge else decimal
    return Figure(
        title=f"{sheet.wager.title}: {name} against the number of decks",
        data=Table(
            columns=(Column("decks", "decks", "right"), Column("value", name, "right")),
            rows=tuple((integer(d), as_value(v)) for d, v in values),
        ),
        kind="lines",
        x_label="number of decks d" + (f" (a shoe of {closed.family.text})" if closed.family.removed else ""),
        y_label=name + (" (%)" if edge else ""),
        caption=f"Exact values of the closed form {name}(d) above; the dashed line is its limit as the number of decks "
        "grows without bound (cards drawn with replacement).",
        key="decks_plot",
        references=(Reference("limit", as_value(limit)),),
        y_percent=edge,
    )


def _volatility(figures: WagerFigures, evaluation: Evaluation) -> Table:
    columns = [
        Column("rounds", "rounds", "right"),
        Column("mean", "expected net (units)", "right"),
        Column("sd", "SD of net (units)", "right"),
    ]
    for level in LEVELS:
        shown = percent_text(level, 0)
        columns += [
            Column(f"low_{shown[:-1]}", f"{shown} range from", "right"),
            Column(f"high_{shown[:-1]}", "to", "right"),
        ]
    rows = []
    for s in figures.volatility:
        cells = [
            integer(s.rounds, shown=f"{s.rounds:,}"),
            decimal(s.mean, 2, signed=True),
            real(s.standard_deviation, 2),
        ]
        for _, low, high in s.ranges:
            cells += [real(low, 2, shown=f"{low:+.2f}"), real(high, 2, shown=f"{high:+.2f}")]
        rows.append(tuple(cells))
    z = ", ".join(f"z = {z:.4f} for {percent_text(level, 0)}" for level, z in evaluation.z_scores)
    return Table(
        columns=tuple(columns),
        rows=tuple(rows),
        key="volatility",
        caption=f"Volatility: the net result of one unit bet per round after n rounds, normal approximation "
        f"from the exact mean and variance (n·E[X] ± z·√n·SD; {z}):",
    )


def wager_section(figures: WagerFigures, evaluation: Evaluation) -> Section:
    """One wager: its par sheet with Totals, its figures, volatility, and plots (no closed form for a wager with
    lightning multipliers, which the closed forms do not count yet)."""
    sheet, formula = figures.sheet, figures.formula
    wager = sheet.wager
    blocks: list[Block] = [wager_fields(wager), outcome_table(sheet, csv=False), figure_fields(sheet)]
    if wager.has_pay_table:
        blocks.append(_volatility(figures, evaluation))
        blocks.append(
            Prose(
                (
                    "The normal approximation is rough when n is small against the rarest large pay "
                    "(a top award seen only a few times in n rounds): then the true range is lopsided.",
                )
            )
        )
        blocks.append(_distribution_figure(figures))
        if figures.effects is not None:
            blocks.append(_removal_figure(figures))
    if formula is not None:
        name = "house edge" if formula.house_edge is not None else "probability of a qualifying outcome"
        line = f"Closed form: {name}(d) = {typeset(formula.figure.text)}"
        blocks.append(
            Prose(
                (line,),
                math=(Formula(f"Closed form: {name}(d) = ", formula.figure.mathml, formula.figure.latex),)
                if formula.figure.mathml
                else (),
            )
        )
        blocks.append(_decks_figure(figures, evaluation))
    lead = [f"Source: {wager.source}"] + ([f"Default: {wager.default}"] if wager.default else [])
    return Section(
        title=wager.title,
        name=wager.name,
        status=offered_text(wager),
        lead=tuple(lead),
        blocks=tuple(blocks),
        key="wagers",
    )


def published_section(evaluation: Evaluation) -> Section:
    """The published figures this rule file reproduces, each with its verdict and source."""
    rules, verdicts = evaluation.rules, evaluation.published
    if not verdicts:
        return Section(
            title="Published figures reproduced",
            key="published",
            blocks=(
                Prose(
                    (
                        f"No published figure is on file for this game (rule file {rules.source_path}, SHA-256 "
                        f"{rules.source_sha256[:12]}...), so there is nothing to compare with; the figures above are "
                        "proved by the "
                        "analyzer's own checks (a brute force on small shoes, invariants, the simulation).",
                    )
                ),
            ),
        )
    rows = tuple(
        (
            text(v.claim.label, shown=""),
            text(_what(v)),
            text(v.claim.claimed.text),
            text(as_claimed_text(v)),
            verdict(v.confirmed, verdict_text(v)),
            _source(v.claim.source),
        )
        for v in verdicts
    )
    table = Table(
        columns=(
            Column("id", None),
            Column("figure", "figure"),
            Column("claimed", "published", "right"),
            Column("computed", "computed, as stated", "right"),
            Column("verdict", "verdict"),
            Column("source", "source"),
        ),
        rows=rows,
        key="figures",
    )
    confirmed = evaluation.published_confirmed
    return Section(
        title="Published figures reproduced",
        key="published",
        blocks=(
            Prose(
                (
                    f"The figures published for this game and its wagers, checked exactly: "
                    f"{confirmed} of {len(verdicts)} confirmed. A figure stated to k places is confirmed when the "
                    "exact "
                    "figure lies within half a unit of its k-th place.",
                )
            ),
            table,
        ),
    )


def _source(source: str | None) -> Value:
    """Where a figure was published: a long source (a quotation after the page) is shown by its publisher and page."""
    return text(source, shown=source_label(source) if source and len(source) > 100 else None)


def _what(v: Verdict) -> str:
    c = v.claim
    outcome = f" '{c.outcome}'" if c.outcome else ""
    return f"{claimed_wager_text(v)}: {c.figure.replace('_', ' ')}{outcome}, {c.shoe.decks_built} decks"
