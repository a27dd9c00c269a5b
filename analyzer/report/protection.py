"""The report's game-protection section (``report --counter-yield SHOES``): what a card counter can take from each
wager.

Per wager with a pay table: perfect play's units per 100 rounds (betting exactly when the exact expected value on the
unseen cards is positive: the upper bound of any count), with its 95% interval over the shoes and its bet frequency;
and the best simple count :mod:`analyzer.studies.design` finds (balanced integer tags of level 1 to 3 from the effects
of removal, each with the trigger that takes the most on the same shoes), with its yield and share of perfect play.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..game.cards import RANKS
from ..numbers import count_text
from ..studies.design import Designs
from .model import Column, Field, Fields, Prose, Section, Table, decimal, integer, percent, real, text


def protection_section(found: Sequence[Designs]) -> Section:
    """The section, one row per wager; the procedure, shoes and seed are stated in its lead."""
    rows, tags = [], []
    for designs in found:
        best = designs.best
        trigger = None if best is None else best.best
        perfect = designs.perfect_per_100_rounds
        rows.append(
            (
                text(designs.wager),
                decimal(perfect, 4, signed=True),
                real(None if math.isnan(designs.perfect_ci95) else designs.perfect_ci95, 4),
                percent(designs.perfect_bet_frequency, 2),
                text(None if best is None else f"level {best.level}", shown="none wins" if best is None else None),
                text(None if best is None else " ".join(f"{r}={t}" for r, t in zip(RANKS, best.tags)), shown=""),
                text(None if trigger is None else f"TC >= {trigger.threshold}", shown="" if trigger is None else None),
                decimal(None if trigger is None else trigger.per_100_rounds, 4, signed=True),
                percent(designs.share_of_perfect(None if trigger is None else trigger.per_100_rounds), 1),
            )
        )
        if best is not None:
            tags.append(
                f"  {designs.wager}, level {best.level}: "
                f"{' '.join(f'{r}={t:+d}' if t else f'{r}=0' for r, t in zip(RANKS, best.tags))}"
            )
    table = Table(
        columns=(
            Column("wager", "wager"),
            Column("perfect_play_per_100_rounds", "perfect play /100 rounds", "right"),
            Column("perfect_play_ci95", "± 95%", "right"),
            Column("perfect_play_bet_frequency", "bets", "right"),
            Column("best_count", "best count"),
            Column("tags", None),
            Column("trigger", "trigger"),
            Column("best_count_per_100_rounds", "its units /100 rounds", "right"),
            Column("share_of_perfect_play", "of perfect play", "right"),
        ),
        rows=tuple(rows),
        key="wagers",
        csv=True,
    )
    legend = (
        Prose(
            (
                "Tags of the best counts (A..K; TC: the true count, the running count per 52 unseen cards, floored):",
                *tags,
            )
        )
        if tags
        else None
    )
    first = found[0] if found else None
    lead = (
        ()
        if first is None
        else (
            f"What a player who knows the unseen cards can take from each wager, at {first.procedure.describe()}: "
            f"{count_text(first.shoes)} shoes of {first.decks} decks (seed {first.seed}), the same shoes for every "
            "wager "
            "and count. Perfect play bets exactly when the wager's exact expected value on the unseen cards is "
            "positive: "
            "no count can take more. The best simple count is the balanced count of integer tags (level 1 to 3, from "
            "the "
            "exact effects of removal) with the trigger that takes the most on these shoes (baccarat tags). Units are "
            "exact expected values of the rounds bet, summed over the shoes dealt: they carry the sampling error of "
            "the "
            "shoes only.",
        )
    )
    if first is None:
        return Section(
            title="Game protection: counter yield",
            blocks=(Prose(("No wager with a pay table was studied.",)),),
            key="counter_yield",
        )
    study = Fields(
        (
            Field("procedure", None, text(first.procedure.describe())),
            Field("decks", None, integer(first.decks)),
            Field("shoes", None, integer(first.shoes)),
            Field("seed", None, integer(first.seed)),
        )
    )
    return Section(
        title="Game protection: counter yield",
        lead=lead,
        blocks=(study, table, *((legend,) if legend is not None else ())),
        key="counter_yield",
    )
