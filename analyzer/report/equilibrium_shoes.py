"""The ``equilibrium --shoes`` report: the exact equilibrium before every coup of dealt shoes, and what counting
is worth. No arithmetic here: every figure comes from :class:`~analyzer.studies.equilibrium_shoes.ShoesStudy`."""

from __future__ import annotations

from ..game.choices import INFORMATION_TEXT
from ..studies.equilibrium_shoes import DEPTH_BUCKET, ShoesStudy
from .common import rule_set_fields
from .model import (
    Block,
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Table,
    Value,
    count,
    decimal,
    fraction,
    integer,
    percent,
    real,
    text,
)
from .provenance import provenance

WORTH = (
    "What counting is worth: before each coup a bettor who knows its exact value backs, with one unit, whichever "
    "side has the edge, and bets nothing when neither has one; he gains max(0, value to the Player, value to the "
    "Banker) a coup. No count can do better (it uses every card seen); at a real table only the side a seat may "
    "take can be backed."
)


def _head(study: ShoesStudy) -> Fields:
    return Fields(
        (
            *rule_set_fields(study.rules),
            Field(
                "decks",
                "Shoe",
                integer(study.decks),
                text=f"{study.decks} decks, dealt as `baccarat count` does: {study.procedure.describe()}.",
            ),
            Field(
                "information",
                "Information",
                text(study.information),
                text=f"{study.information}: {INFORMATION_TEXT[study.information]}.",
            ),
            Field("commission", "Commission on Banker wins", percent(study.commission, 2)),
            Field("shoes", "Shoes", count(study.shoes)),
            Field("seed", "Seed", text(str(study.seed))),
            Field("coups_solved", "Coups solved", count(study.count)),
            Field(
                None,
                "",
                text(
                    "Before every coup the game is solved exactly on the cards left; the coup is then dealt with both "
                    "sides playing that equilibrium (each mixed choice drawn from the shoe's random stream)."
                ),
            ),
        )
    )


def _summary(study: ShoesStudy) -> Fields:
    player = [c.player_value for c in study.coups]
    banker = [c.banker_value for c in study.coups]
    gains = study.gains()
    return Fields(
        (
            Field(
                "player_mean", "Value to the Player, mean over the coups", decimal(study.player_mean, 6, signed=True)
            ),
            Field(
                "player_standard_error", "  standard error (shoes are the units)", real(study.standard_error(player), 6)
            ),
            Field("banker_mean", "Value to the Banker, mean", decimal(study.banker_mean, 6, signed=True)),
            Field("banker_standard_error", "  standard error", real(study.standard_error(banker), 6)),
            Field("favourable_share", "Coups in which one side has the edge", percent(study.favourable_share, 2)),
            Field("player_favourable_share", "  of them, the Player's side", percent(study.player_favourable_share, 2)),
            Field("gain_mean", "Backing the side with the edge gains, a coup", decimal(study.gain_mean, 6)),
            Field("gain_standard_error", "  standard error", real(study.standard_error(gains), 6)),
        ),
        layout="aligned",
        key="summary",
    )


def _depth_table(study: ShoesStudy) -> Table:
    rows: list[tuple[Value | None, ...]] = []
    for b in study.buckets:
        rows.append(
            (
                text(f"{b.low}-{b.high}"),
                integer(b.coups),
                decimal(b.player_mean, 6, signed=True),
                decimal(b.player_best, 6, signed=True),
                decimal(b.player_worst, 6, signed=True),
                percent(b.favourable_share, 1),
                decimal(b.gain_mean, 6),
                decimal(b.mix_mean, 4),
                decimal(b.mix_low, 4),
                decimal(b.mix_high, 4),
            )
        )
    return Table(
        columns=(
            Column("unseen", "unseen cards"),
            Column("coups", "coups", "right"),
            Column("player_mean", "Player's value: mean", "right"),
            Column("player_best", "best", "right"),
            Column("player_worst", "worst", "right"),
            Column("favourable", "an edge", "right"),
            Column("gain", "backing it gains", "right"),
            Column("mix_mean", "Player's mix: mean", "right"),
            Column("mix_low", "least", "right"),
            Column("mix_high", "most", "right"),
        ),
        rows=tuple(rows),
        key="depths",
        csv=True,
        caption=f"By cards still unseen before the coup (groups of {DEPTH_BUCKET}); the Player's mix is his "
        f"probability of drawing at {', '.join(study.decisions)}:",
    )


def _coups_table(study: ShoesStudy) -> Table:
    return Table(
        columns=(
            Column("shoe", None),
            Column("unseen", None),
            Column("player_value", None),
            Column("banker_value", None),
            Column("mix", None),
        ),
        rows=tuple(
            (
                integer(c.shoe),
                integer(c.unseen),
                fraction(c.player_value),
                fraction(c.banker_value),
                text(" ".join(f"{x.numerator}/{x.denominator}" for x in c.mix)),
            )
            for c in study.coups
        ),
        key="coups",
        human=False,
    )


def equilibrium_shoes_document(study: ShoesStudy) -> Document:
    """``equilibrium --shoes``: the value and the Player's mix through dealt shoes, and what counting is worth."""
    blocks: list[Block] = [_head(study), _summary(study), Prose((WORTH,)), _depth_table(study), _coups_table(study)]
    return Document(
        title=f"{study.rules.name}: the equilibrium through {study.shoes} dealt shoes ({study.information})",
        blocks=tuple(blocks),
        context=(Field("rule_set", None, text(study.rules.name)), Field("information", None, text(study.information))),
        provenance=provenance((study.rules,), f"{study.decks} decks, {study.shoes} shoes, seed {study.seed}"),
    )
