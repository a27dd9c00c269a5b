"""``baccarat depth``: the exact depth study of a wager, as a document."""

from __future__ import annotations

from ..game.shoe import Shoe
from ..numbers import count_text
from ..studies.depth import DepthStudy
from .common import shoe_text
from .model import Column, Document, Field, Fields, Prose, Table, count, decimal, integer, percent, real, text
from .provenance import provenance


def depth_document(found: DepthStudy) -> Document:
    """Per number of unseen cards: the compositions counted, the probability of an edge, the average edge when there is
    one, perfect play's gain per round, the rounds a shoe deals there (estimated) and what they give."""
    rounds = dict(found.rounds_at)
    rows = []
    for d in found.depths:
        at = rounds.get(d.unseen, 0.0)
        rows.append(
            (
                integer(d.unseen),
                count(d.compositions),
                percent(d.edge_probability, 2),
                percent(d.average_edge, 3),
                decimal(d.gain_per_round * 100, 4),
                real(at, 4),
                real(at * float(d.gain_per_round), 5),
                real(d.seconds, 1),
            )
        )
    table = Table(
        columns=(
            Column("unseen", "unseen cards", "right"),
            Column("compositions", "compositions", "right"),
            Column("edge_probability", "P(edge)", "right"),
            Column("average_edge", "average edge", "right"),
            Column("gain_per_100_rounds", "gain /100 rounds", "right"),
            Column("rounds_per_shoe", "rounds a shoe", "right"),
            Column("units_per_shoe", "units a shoe", "right"),
            Column("seconds", "seconds", "right"),
        ),
        rows=tuple(rows),
        key="depths",
        csv=True,
    )
    covered = found.units_per_shoe
    head = Fields(
        (
            Field("rule_set", "Rule set", text(found.rules.name)),
            Field("wager", "Wager", text(found.wager)),
            Field("shoe", "Shoe", text(shoe_text(Shoe.decks(found.decks)))),
            Field(
                "classes",
                "Counted over",
                text(found.classes),
                text=f"the {'ten baccarat values' if found.classes == 'values' else 'thirteen ranks'} (what the wager "
                "reads)",
            ),
            Field("procedure", "Procedure", text(found.procedure.describe())),
            Field(
                "units_per_shoe",
                "Units a shoe",
                real(covered, 5),
                text=f"{covered:.4f} from the rounds dealt at these depths (perfect play; rounds a shoe "
                f"estimated from {count_text(found.shoes)} shoes, seed {found.seed})",
            ),
        )
    )
    legend = Prose(
        (
            "Exact over every composition of the unseen cards (burned cards included), each weighted by its "
            "hypergeometric probability from the full shoe: P(edge), the probability that the wager's expected value "
            "on "
            "the next round is above 0; average edge, its mean when it is; gain, perfect play's expected units per 100 "
            "rounds dealt at that depth (betting one unit exactly when the edge is the player's). Rounds a shoe: the "
            "rounds that start with that many unseen cards, estimated by dealing shoes whose rounds use 4, 5 or 6 "
            "cards "
            "with the full shoe's probabilities (an approximation: the counting study deals the real cards).",
        )
    )
    return Document(
        title=f"Depth study: {found.wager}",
        blocks=(head, table, legend),
        provenance=provenance((found.rules,), shoe_text(Shoe.decks(found.decks))),
    )
