"""The ``eor`` report: effects of removal and balanced counts, as a document.

People read two matrices (ranks by wagers): the effects, then the count's
tags. Machines read one object per wager (its effects by rank, its count);
CSV one row per wager and rank. No arithmetic beyond scaling an effect to
percent of the bet (the correlation is a float by nature).
"""

from __future__ import annotations

from fractions import Fraction

from ..game.cards import RANKS, TYPES, card_text
from ..numbers import decimal_text
from ..studies.eor import RemovalTable
from .common import rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    decimal,
    flag,
    fraction,
    integer,
    percent,
    real,
    text,
)
from .provenance import provenance

EFFECT_PLACES = 6
"""Decimals of the effects, in percent of the bet (the effects are thousandths of a percent)."""

DEFINITION = (
    "Effect of removal: the exact change in the wager's expected value, in percent of the bet, when one "
    "card of the rank is taken out of the shoe. Weighted by the cards of each rank they add up to exactly "
    "0 (checked). Count: integer tags proportional to the effects, summing to 0 over a 52-card deck, and "
    "their correlation with the effects over the cards of the shoe."
)

BREAK_EVEN = (
    "break-even TC: the true count (running count per 52 cards left) at which the count's linear "
    "estimate of the expected value is 0; `baccarat count --play count` uses it by default. "
    "A correlation of 'none': every effect is 0, no linear count follows the wager."
)


def _effect(value: Fraction | None) -> Value:
    """An effect in percent of the bet, signed; exactly 0 reads "0"."""
    if value is None:
        return decimal(None)
    return decimal(value * 100, EFFECT_PLACES, shown="0" if value == 0 else None, signed=True)


def _tag(tag: int) -> Value:
    return integer(tag, shown=f"{tag:+d}" if tag else "0")


def eor_document(table: RemovalTable) -> Document:
    """``eor``: for each wager, the effect of removing one card of each rank, and a balanced count."""
    rules, effects, counts, thresholds = table.rules, table.effects, table.counts, table.thresholds
    head = Fields(
        (
            *rule_set_fields(rules),
            Field("shoe", "Shoe", shoe_fields(table.shoe), text=f"{shoe_text(table.shoe)}."),
            Field("definition", "", text(DEFINITION)),
        )
    )
    names = tuple(Column(None, e.wager.name, "right") for e in effects)
    effect_rows = [(text("expected value"), *(percent(e.expected_value) for e in effects))]
    effect_rows += [(text(rank), *(_effect(e.effects[i]) for e in effects)) for i, rank in enumerate(RANKS)]
    tag_rows = [(text(rank), *(_tag(c.tags[i]) for c in counts)) for i, rank in enumerate(RANKS)]
    tag_rows.append(
        (text("correlation"), *(real(c.correlation, shown="none" if c.correlation is None else None) for c in counts))
    )
    tag_rows.append((text("break-even TC"), *(decimal(t, 2) for t in thresholds)))
    suited = [e for e in effects if e.by_type is not None]
    by_type = (
        ()
        if not suited
        else (
            Section(
                title="Effect of removing one card of each type, % of the bet",
                lead=("Wagers that read suits; a rank's effect above is the average of its four types'.",),
                blocks=(
                    Table(
                        columns=(Column(None, "card"), *(Column(None, e.wager.name, "right") for e in suited)),
                        rows=tuple(
                            (
                                text(card_text(card)),
                                *(_effect(None if e.by_type is None else e.by_type[i]) for e in suited),
                            )
                            for i, card in enumerate(TYPES)
                        ),
                    ),
                ),
            ),
        )
    )
    unbalanced = any(c.correlation is None and any(e.effects) for e, c in zip(effects, counts))
    break_even = BREAK_EVEN + (
        " (Or, where some effect is not 0, no rounding to tags from -3 to +3 balances over a deck.)"
        if unbalanced
        else ""
    )
    wagers = tuple(
        Section(
            title=e.wager.name,
            human=False,
            key="wagers",
            blocks=(
                Fields(
                    (
                        Field("wager", None, text(e.wager.name)),
                        Field("title", None, text(e.wager.title)),
                        Field("offered", None, flag(e.wager.offered)),
                        Field("expected_value", None, fraction(e.expected_value)),
                        Field(
                            "effects",
                            None,
                            Fields(
                                tuple(
                                    Field(
                                        rank,
                                        None,
                                        None
                                        if value is None
                                        else Fields(
                                            (
                                                Field("effect", None, fraction(value)),
                                                Field(
                                                    "effect_percent",
                                                    None,
                                                    text(decimal_text(value * 100, EFFECT_PLACES)),
                                                ),
                                            )
                                        ),
                                    )
                                    for rank, value in zip(RANKS, e.effects)
                                )
                            ),
                        ),
                        *(
                            ()
                            if e.by_type is None
                            else (
                                Field(
                                    "by_type",
                                    None,
                                    Fields(
                                        tuple(  # a wager that reads suits
                                            Field(card, None, fraction(value)) for card, value in zip(TYPES, e.by_type)
                                        )
                                    ),
                                ),
                            )
                        ),
                        Field(
                            "count",
                            None,
                            Fields(
                                (
                                    Field(
                                        "tags",
                                        None,
                                        Fields(
                                            tuple(Field(rank, None, integer(tag)) for rank, tag in zip(RANKS, c.tags))
                                        ),
                                    ),
                                    Field("correlation", None, real(c.correlation)),
                                    Field("break_even_true_count", None, fraction(t)),
                                )
                            ),
                        ),
                    )
                ),
                Table(
                    columns=(
                        Column("rank", None),
                        Column("cards", None),
                        Column("effect_percent", None),
                        Column("effect", None),
                        Column("tag", None),
                    ),
                    rows=tuple(
                        (
                            text(rank),
                            integer(n),
                            decimal(None if v is None else v * 100, EFFECT_PLACES),
                            fraction(v),
                            integer(tag),
                        )
                        for rank, n, v, tag in zip(RANKS, e.shoe.counts, e.effects, c.tags)
                    )
                    + (
                        ()
                        if e.by_type is None or e.shoe.types is None
                        else tuple(
                            (
                                text(card),
                                integer(n),
                                decimal(None if v is None else v * 100, EFFECT_PLACES),
                                fraction(v),
                                None,
                            )
                            for card, n, v in zip(TYPES, e.shoe.types, e.by_type)
                        )
                    ),
                    human=False,
                    csv=True,
                ),
            ),
            context=(Field("wager", None, text(e.wager.name)),),
        )
        for e, c, t in zip(effects, counts, thresholds)
    )
    return Document(
        title=f"{rules.name}: effects of removal",
        blocks=(
            head,
            Section(
                title="Effect of removing one card, % of the bet",
                blocks=(Table(columns=(Column(None, "rank"), *names), rows=tuple(effect_rows)),),
            ),
            *by_type,
            Section(
                title="Balanced count (tags per card seen)",
                blocks=(Table(columns=(Column(None, "rank"), *names), rows=tuple(tag_rows)), Prose((break_even,))),
            ),
            *wagers,
        ),
        context=shoe_context(rules, table.shoe),
        provenance=provenance((rules,), shoe_text(table.shoe)),
    )
