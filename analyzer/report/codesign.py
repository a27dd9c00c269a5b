"""``baccarat tags --wager A --wager B``: the co-count designs of several bets, as a document."""

from __future__ import annotations

from ..game.cards import RANKS
from ..numbers import count_text, decimal_text
from ..studies.codesign import CoDesign, CoDesigns, CoSheetRow
from .common import shoe_text
from .model import Block, Column, Document, Field, Fields, Prose, Table, decimal, integer, percent, real, text
from .provenance import provenance


def co_design_document(
    found: CoDesigns, sheet: bool = False, tracking: tuple[CoDesign, tuple[CoSheetRow, ...]] | None = None
) -> Document:
    """Per level: the one set of tags and the units all the bets' triggers take together, beside perfect play of them
    all; per level and bet: its betting correlation with the count, break-even true count, best trigger, units per 100
    rounds and bet frequency; per bet: its house edge (the divisor of its effects) and perfect play of it. Unbalanced
    co-counts (if designed) follow their balanced ones; with ``sheet``, a printable tracking sheet for the best
    balanced co-count, a column per bet (:func:`analyzer.studies.codesign.co_tracking_sheet`)."""
    from ..game.shoe import Shoe

    perfect = found.perfect_per_100_rounds
    wagers = Table(
        columns=(
            Column("wager", "wager"),
            Column("house_edge", "house edge (full shoe)", "right"),
            Column("perfect_play_per_100_rounds", "perfect play, units per 100 rounds", "right"),
            Column("perfect_play_bet_frequency", "perfect play, bet frequency", "right"),
        ),
        rows=tuple(
            (
                text(p.wager),
                percent(p.house_edge, 4),
                decimal(p.per_100_rounds, 4, signed=True),
                percent(p.bet_frequency, 2),
            )
            for p in found.perfect
        ),
        key="wagers",
    )
    designs, follows = [], []
    mixed = any(not d.balanced for d in found.designs)
    for d in found.designs:
        tags = ",".join(f"{r}={t}" for r, t in zip(RANKS, d.tags)) if any(d.tags) else "none"
        together = d.per_100_rounds
        designs.append(
            (
                text(d.name),
                text(tags),
                text(":".join(str(w) for w in d.weights)),
                text(
                    (f"{d.index}: " if mixed else "")
                    + "; ".join(
                        f"{f.wager} " + ("none wins" if f.best is None else f">= {f.best.threshold}") for f in d.follows
                    )
                    if any(d.tags)
                    else "none wins"
                ),
                decimal(together, 4, signed=True),
                percent(found.share_of_perfect(together), 1),
            )
        )
        for f in d.follows:
            best = f.best
            follows.append(
                (
                    text(d.name),
                    text(f.wager),
                    real(f.correlation, 4),
                    decimal(f.break_even, 2),
                    text("none wins" if best is None else f"{d.index} >= {best.threshold}"),
                    decimal(None if best is None else best.per_100_rounds, 4, signed=True),
                    percent(None if best is None else best.bet_frequency, 2),
                    percent(found.share_of_perfect(None if best is None else best.per_100_rounds, f.wager), 1),
                )
            )
    head = Fields(
        (
            Field("rule_set", "Rule set", text(found.rules.name)),
            Field(
                "wagers_counted",
                "Wagers",
                text(", ".join(found.wagers)),
                text=f"{', '.join(found.wagers)}, one count, each bet with its own trigger",
            ),
            Field("shoe", "Shoe", text(shoe_text(Shoe.decks(found.decks)))),
            Field("procedure", "Procedure", text(found.procedure.describe())),
            Field(
                "shoes",
                "Shoes dealt",
                text(count_text(found.shoes)),
                text=f"{count_text(found.shoes)} (seed {found.seed}), the same shoes for every design",
            ),
            Field(
                "tags_from",
                "Tags from",
                text(
                    "searched: per level, of the tags of every mix (1 - w):w, w = 0, 1/8, ..., 1, those whose "
                    "triggers take "
                    f"the most together on these shoes ({_listed([str(d.tried) for d in found.designs])} tag sets "
                    "studied at "
                    f"levels {_listed([str(d.level) for d in found.designs])})"
                    if found.searched
                    else "the bets' effects of removal, each divided by its house edge, weighed alike and added"
                ),
            ),
            Field(
                "perfect_play_per_100_rounds",
                "Perfect play",
                decimal(perfect, 4),
                text=f"{decimal_text(perfect, 4)} units per 100 rounds, every bet played perfectly (the upper bound of "
                "any co-count)",
            ),
        )
    )
    blocks: tuple[Block, ...] = (
        head,
        wagers,
        Table(
            columns=(
                Column("design", "design"),
                Column("tags", "tags (A..K)"),
                Column("weights", "weights"),
                Column("trigger", "best triggers" if mixed else "best triggers (true count)"),
                Column("units_per_100_rounds", "units per 100 rounds, together", "right"),
                Column("share_of_perfect_play", "of perfect play", "right"),
            ),
            rows=tuple(designs),
            key="designs",
        ),
        Table(
            columns=(
                Column("design", "design"),
                Column("wager", "wager"),
                Column("correlation", "betting correlation", "right"),
                Column("break_even", "break-even TC", "right"),
                Column("trigger", "best trigger"),
                Column("units_per_100_rounds", "units per 100 rounds", "right"),
                Column("bet_frequency", "bet frequency", "right"),
                Column("share_of_perfect_play", "of its perfect play", "right"),
            ),
            rows=tuple(follows),
            key="by_wager",
            csv=True,
        ),
        Prose(
            (
                "Tags: each bet's exact effects of removal divided by its house edge, times its weight, and added up, "
                "scaled so that the largest is the level and rounded, balanced over a deck, the rounding of highest "
                "betting correlation with that sum kept"
                + (
                    " (weights: the first mix tried that rounds to the tags kept; a tag set chosen on the shoes it is "
                    "measured on takes a little less on others)"
                    if found.searched
                    else ""
                )
                + ". Each bet is bet (one unit) when the one true count reaches its own trigger, the trigger "
                "that takes the most from it on these shoes. Units per 100 rounds: the exact expected value of every "
                "round bet, summed over the shoes dealt (sampling error of the shoes only); together, the bets' units "
                "added up. The true count is the running count per 52 unseen cards, floored."
                + (
                    " An unbalanced co-count (the balanced one with ranks raised, as for one wager, by the trigger of "
                    "the "
                    "bet whose trigger takes the most) needs no true count: its one running count, kept from 0 at the "
                    "start of the shoe, rises as the cards are seen, and each bet is bet when it reaches the bet's own "
                    "running-count trigger."
                    if mixed
                    else ""
                ),
            )
        ),
    )
    if sheet:
        blocks += _sheet(tracking)
    return Document(
        title=f"Co-count designs: {' + '.join(found.wagers)}",
        blocks=blocks,
        provenance=provenance((found.rules,), shoe_text(Shoe.decks(found.decks))),
    )


def _sheet(made: tuple[CoDesign, tuple[CoSheetRow, ...]] | None) -> tuple[Block, ...]:
    """The tracking sheet of the best balanced co-count, a column per bet with a winning trigger (None: no balanced
    co-count wins)."""
    if made is None:
        return (Prose(("No tracking sheet: no balanced co-count wins on these shoes.",)),)
    chosen, lines = made
    bets = [(j, f) for j, f in enumerate(chosen.follows) if f.best is not None]
    triggers = "; ".join(f"{f.wager} >= {f.best.threshold}" for _, f in bets if f.best is not None)
    idle = [f.wager for f in chosen.follows if f.best is None]
    return (
        Fields(
            (
                Field("tracking_sheet_design", None, text(chosen.name)),
                Field("tracking_sheet_triggers", None, text(triggers)),
            )
        ),
        Table(
            columns=(
                Column("round", "round of the shoe", "right"),
                Column("unseen", "unseen cards (expected)", "right"),
                *(Column(f"running_count_{f.wager}", f"bet {f.wager} at a running count of", "right") for _, f in bets),
            ),
            rows=tuple(
                (integer(r.round), decimal(r.unseen, 1), *(integer(r.running_counts[j]) for j, _ in bets))
                for r in lines
            ),
            key="tracking_sheet",
            csv=True,
            caption=f"Tracking sheet for {chosen.name} ({','.join(f'{r}={t}' for r, t in zip(RANKS, chosen.tags))}), "
            f"true count {triggers}: start the one running count at 0 when the shoe's first card is shown (count "
            "it), and bet each wager when it reaches the round's figure in the wager's column"
            + (f" ({', '.join(idle)}: no trigger wins, not bet)" if idle else "")
            + ". The unseen cards are "
            "those a round starts with on average (an approximation: the true count divides by the cards actually "
            "unseen).",
        ),
    )


def _listed(items: list[str]) -> str:
    """``1, 2 and 3``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
