"""``baccarat tags``: the count designs of a wager, as a document."""

from __future__ import annotations

from ..game.cards import RANKS
from ..numbers import count_text, decimal_text, percent_text
from ..studies.design import Design, Designs, SheetRow
from .common import shoe_text
from .model import Block, Column, Document, Field, Fields, Prose, Table, decimal, integer, percent, real, text
from .provenance import provenance


def design_document(
    found: Designs, sheet: bool = False, tracking: tuple[Design, tuple[SheetRow, ...]] | None = None
) -> Document:
    """Per level: the tags, their betting correlation and break-even true count, the best trigger with the units it is
    expected to win per 100 rounds and its bet frequency, and the share of perfect play it takes; with ``sheet``, a
    printable tracking sheet for the best balanced design, ``tracking`` (:func:`analyzer.studies.design.tracking_sheet`;
    None: no balanced design wins)."""
    from ..game.shoe import Shoe

    perfect = found.perfect_per_100_rounds
    rows = []
    for d in found.designs:
        best = d.best
        share = found.share_of_perfect(None if best is None else best.per_100_rounds)
        rows.append(
            (
                text(d.name),
                text(",".join(f"{r}={t}" for r, t in zip(RANKS, d.tags)) if any(d.tags) else "none"),
                real(d.correlation, 4),
                decimal(d.break_even, 2),
                text("none wins" if best is None else f"{d.index} >= {best.threshold}"),
                decimal(None if best is None else best.per_100_rounds, 4, signed=True),
                percent(None if best is None else best.bet_frequency, 2),
                percent(share, 1),
            )
        )
    table = Table(
        columns=(
            Column("design", "design"),
            Column("tags", "tags (A..K)"),
            Column("correlation", "betting correlation", "right"),
            Column("break_even", "break-even TC", "right"),
            Column("trigger", "best trigger"),
            Column("units_per_100_rounds", "units per 100 rounds", "right"),
            Column("bet_frequency", "bet frequency", "right"),
            Column("share_of_perfect_play", "of perfect play", "right"),
        ),
        rows=tuple(rows),
        key="designs",
        csv=True,
    )
    head = Fields(
        (
            Field("rule_set", "Rule set", text(found.rules.name)),
            Field("wager", "Wager", text(found.wager)),
            Field("shoe", "Shoe", text(shoe_text(Shoe.decks(found.decks)))),
            Field("procedure", "Procedure", text(found.procedure.describe())),
            Field(
                "shoes",
                "Shoes dealt",
                text(count_text(found.shoes)),
                text=f"{count_text(found.shoes)} (seed {found.seed}), the same shoes for every design",
            ),
            Field(
                "perfect_play_per_100_rounds",
                "Perfect play",
                decimal(perfect, 4),
                text=f"{decimal_text(perfect, 4)} units per 100 rounds, betting "
                f"{percent_text(found.perfect_bet_frequency, 2)} "
                "of rounds (the upper bound of any count)",
            ),
        )
    )
    legend = Prose(
        (
            "Tags: each rank's exact effect of removal scaled so that the largest is the level and rounded, balanced "
            "over a "
            "deck, the rounding of highest betting correlation kept. Units per 100 rounds: the exact expected value of "
            "every "
            "round bet, summed over the shoes dealt (sampling error of the shoes only), for the trigger that takes the "
            "most; "
            "the true count is the running count per 52 unseen cards, floored."
            + (
                " An unbalanced count (the balanced one with ranks raised, adding up to a multiple of 4 over a deck, "
                "near "
                "the balanced trigger) needs no true count: its running count, kept from 0 at the start of the shoe, "
                "rises "
                "as the cards are seen, as a true count would, and is bet on as it is (start it at minus the trigger "
                "to bet "
                "at 0)."
                if any(not d.balanced for d in found.designs)
                else ""
            ),
        )
    )
    blocks: tuple[Block, ...] = (head, table, legend)
    made = tracking if sheet else None
    if sheet:
        if made is None:
            blocks += (Prose(("No tracking sheet: no balanced design wins on these shoes.",)),)
        else:
            chosen, lines = made
            assert chosen.best is not None
            blocks += (
                Fields(
                    (
                        Field("tracking_sheet_design", None, text(chosen.name)),
                        Field("tracking_sheet_trigger", None, integer(chosen.best.threshold)),
                    )
                ),
                Table(
                    columns=(
                        Column("round", "round of the shoe", "right"),
                        Column("unseen", "unseen cards (expected)", "right"),
                        Column("running_count", "bet when the running count is at least", "right"),
                    ),
                    rows=tuple((integer(r.round), decimal(r.unseen, 1), integer(r.running_count)) for r in lines),
                    key="tracking_sheet",
                    csv=True,
                    caption=f"Tracking sheet for {chosen.name} "
                    f"({','.join(f'{r}={t}' for r, t in zip(RANKS, chosen.tags))}), "
                    f"true count >= {chosen.best.threshold}: start the running count at 0 when the shoe's first "
                    "card is shown (count it), and bet when it reaches the round's figure. The unseen cards are "
                    "those a round starts with on average (an approximation: the true count divides by the cards "
                    "actually unseen).",
                ),
            )
    return Document(
        title=f"Count designs: {found.wager}",
        blocks=blocks,
        provenance=provenance((found.rules,), shoe_text(Shoe.decks(found.decks))),
    )
