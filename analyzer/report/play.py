"""Reports of play: a dealt round (``deal``) and a simulation (``simulate``), as documents.

No arithmetic happens here: the engine and the simulator compute every
figure. Money is printed exactly: a decimal when the amount has one (9.5),
else a fraction (10/3).
"""

from __future__ import annotations

from fractions import Fraction

from ..game.cards import card_text
from ..game.rules import RuleSet
from ..numbers import amount_text, count_text, decimal_text, fraction_text
from ..play.engine import Hand, Round
from ..play.simulate import CONFIDENCE, Z_CRITICAL, Simulation
from .common import dealing_lines, rule_set_fields, shoe_context, shoe_text
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Table,
    Value,
    data,
    decimal,
    flag,
    integer,
    pays,
    real,
    text,
    verdict,
)
from .provenance import provenance

_ROUND_KEYS = (
    "rule_set",
    "title",
    "document",
    "procedure",
    "order",
    "cards",
    "cards_dealt",
    "not_dealt",
    "discarded",
    "steps",
    "player",
    "banker",
    "own_hands",
    "lightning",
    "bets",
)
"""The order in which machines read a round (people read the steps before the hands, the cards in one line)."""


def _hand_text(hand: Hand) -> str:
    return f"{hand.text()} ({len(hand.cards)} cards)"


def _hand(hand: Hand) -> Value:
    """A hand: its cards, total, and whether it is a natural and a pair."""
    return data(
        {"cards": list(hand.cards), "total": hand.total, "natural": hand.natural, "pair": hand.pair}, _hand_text(hand)
    )


def _money(amount: Fraction | None, missing: str) -> Value:
    return decimal(amount, shown=missing if amount is None else amount_text(amount))


def round_document(rules: RuleSet, played: Round) -> Document:
    """``deal``: the round step by step, the final hands, and every bet in the order it was settled."""
    given = f"{' '.join(card_text(c) for c in played.cards_given)} ({played.cards_used} dealt" + (
        f"; not dealt: {' '.join(card_text(c) for c in played.left_over)})" if played.left_over else ")"
    )
    head = Fields(
        (
            *rule_set_fields(rules),
            *(Field(None, "", text(line)) for line in dealing_lines(rules)),
            Field("procedure", "Procedure followed", text(played.procedure), text=f"{played.procedure}."),
            Field("order", None, text(rules.dealing.order_text)),
            Field("cards", "Cards given", tuple(text(c) for c in played.cards_given), text=given),
            Field("cards_dealt", None, integer(played.cards_used)),
            Field("not_dealt", None, tuple(text(c) for c in played.left_over)),
        )
    )
    width = max(len(step.label) for step in played.steps)
    steps = Prose(
        tuple(
            f"  {step.label.ljust(width)}  {step.text}"
            + (f'  Dealer: "{step.announcement}"' if step.announcement else "")
            for step in played.steps
        )
    )
    step_data = Table(
        columns=(Column("step", None), Column("text", None), Column("announcement", None)),
        rows=tuple((text(s.label), text(s.text), text(s.announcement)) for s in played.steps),
        key="steps",
        human=False,
    )
    against = ", against the Community Player hand" if played.own_hands else ""
    hands = Fields(
        (
            Field("player", "Player hand", _hand(played.player)),
            Field("banker", f"Banker hand{against}", _hand(played.banker)),
            *(
                Field(
                    None,
                    f"Seat {own.seat}'s own hand ({own.decision})",
                    text(f"{_hand_text(own.hand)} v Banker {_hand_text(own.banker)}"),
                )
                for own in played.own_hands
            ),
            Field(
                "discarded",
                "Dealt face down and not used",
                tuple(text(c) for c in played.discarded),
                text=" ".join(card_text(c) for c in played.discarded),
            ),
            Field(None, "Result", text(f"{played.result}.")),
            *(
                (
                    Field(
                        "lightning",
                        "Lightning cards",
                        data(
                            [{"card": c, "multiplier": fraction_text(m)} for c, m in played.lightning],
                            ", ".join(f"{card_text(c)} x{fraction_text(m)}" for c, m in played.lightning)
                            or "none drawn",
                        ),
                    ),
                )
                if played.lightning is not None
                else ()
            ),
        )
    )
    own_hands = Table(
        columns=(Column("seat", None), Column("decision", None), Column("hand", None), Column("banker", None)),
        rows=tuple((integer(o.seat), text(o.decision), _hand(o.hand), _hand(o.banker)) for o in played.own_hands),
        key="own_hands",
        human=False,
    )
    bets = Table(
        columns=(
            Column("seat", "seat", "right"),
            Column("wager", "wager"),
            Column("stake", "stake", "right"),
            Column("settled_on", "settled on"),
            Column("player_total", None),
            Column("banker_total", None),
            Column("step", "step"),
            Column("outcome", "outcome"),
            Column("pays", "pays", "right"),
            Column("payout", "payout", "right"),
            Column("returned", "returned", "right"),
        ),
        rows=tuple(
            (
                integer(s.seat),
                text(s.wager),
                _money(s.bet.stake, ""),
                text(s.hand, shown=f"{s.hand} {s.state.player_total} v Banker {s.state.banker_total}"),
                integer(s.state.player_total),
                integer(s.state.banker_total),
                text(s.step),
                text(s.outcome.name),
                pays(s.outcome.pays, shown="?" if s.outcome.pays is None else None),
                _money(s.payout, "no pay given"),
                _money(s.returned, "?"),
            )
            for s in played.settlements
        ),
        key="bets",
        caption="Bets, in the order settled (payout: the net win; returned: stake plus payout):",
        human=bool(played.settlements),
    )
    return Document(
        title=f"{rules.name}: a round dealt",
        blocks=(head, steps, step_data, hands, own_hands, bets),
        key_order=_ROUND_KEYS,
        provenance=provenance((rules,)),
    )


# --------------------------------------------------------------- simulate


def _simulation_head(sim: Simulation) -> Fields:
    plan, tally = sim.plan, sim.tally
    rules = plan.rules
    unit = "rounds" if plan.mode == "top" else "shoes"
    chunks = len(plan.tasks)
    seeding = (
        f"Seed {plan.seed}: {chunks} chunk{'s' if chunks != 1 else ''} of up to {count_text(plan.chunk_size)} {unit}, "
        f"chunk i dealt from numpy SeedSequence({plan.seed}, spawn_key=(i,)); the same seed gives the same figures "
        "with any number of workers, locally or on a Dask cluster."
    )
    if plan.mode == "top":
        mode = [
            f"Mode top: {count_text(tally.rounds)} rounds, each dealt off the top of a full, freshly shuffled shoe "
            "(what the exact figures describe).",
            seeding,
            "Standard error: the exact standard deviation over the square root of the rounds.",
        ]
    else:
        mode = [
            f"Mode shoe: {count_text(tally.shoes)} shoes dealt to a cut card {plan.cut_card} cards from the end, "
            f"{count_text(tally.rounds)} rounds (no burn cards; the round in which the cut card comes out is "
            "finished, then the shoe ends).",
            seeding,
            "Standard error: estimated over shoes (rounds of a shoe are not independent).",
            "The exact figures describe a round off the top of a full shoe: observed - exact estimates the "
            "cut-card effect, and a FAIL in this mode can be that effect rather than a defect.",
        ]
    shoe = plan.shoe
    return Fields(
        (
            *rule_set_fields(rules),
            Field(
                "shoe",
                "Shoe",
                Fields(
                    (
                        Field("cards", None, integer(shoe.size)),
                        Field("decks", None, integer(shoe.decks_built)),
                        Field("removed", None, tuple(text(r) for r in shoe.removed_from_decks())),
                    )
                ),
                text=f"{shoe_text(shoe)}; a round uses {decimal_text(plan.cards_per_round, 4)} cards on average "
                f"(exactly {fraction_text(plan.cards_per_round)}).",
            ),
            Field("mode", None, text(plan.mode)),
            Field("seed", None, integer(plan.seed)),
            Field("chunks", None, integer(chunks)),
            Field("chunk_size", None, integer(plan.chunk_size)),
            Field("cut_card", None, integer(plan.cut_card if plan.mode == "shoe" else None)),
            Field("rounds", None, integer(tally.rounds)),
            Field("shoes", None, integer(tally.shoes if plan.mode == "shoe" else None)),
            Field("cards_per_round", None, decimal(plan.cards_per_round)),
            Field("confidence", None, decimal(CONFIDENCE)),
            Field("passed", None, flag(sim.passed)),
            *(Field(None, "", text(line)) for line in mode),
            Field(
                None,
                "Exact",
                text(
                    f"the analyzer's expected value (ordered six-card dealings). PASS when it lies inside the "
                    f"{decimal_text(CONFIDENCE * 100, 1)}% interval, the observed mean +/- {Z_CRITICAL:.4f} standard "
                    "errors."
                ),
            ),
        )
    )


def simulation_document(sim: Simulation) -> Document:
    """``simulate``: every wager's simulated figure against its exact value, PASS or FAIL."""
    checks = Table(
        columns=(
            Column("wager", "wager"),
            Column("statistic", None),
            Column("observed", "observed mean", "right"),
            Column("exact", "exact", "right"),
            Column("difference", "observed - exact", "right"),
            Column("exact_standard_deviation", None),
            Column("standard_error", "std. error", "right"),
            Column("z", "z", "right"),
            Column("interval", f"{decimal_text(CONFIDENCE * 100, 1)}% interval", "right"),
            Column("verdict", "verdict"),
        ),
        rows=tuple(
            (
                text(
                    c.statistic.wager.name,
                    shown=c.statistic.wager.name + ("" if c.statistic.kind == "return" else " *"),
                ),
                text(c.statistic.kind),
                decimal(c.observed),
                decimal(c.exact),
                decimal(c.difference),
                real(c.exact_standard_deviation),
                real(c.standard_error, 8),
                real(c.z, shown="n/a" if c.z is None else f"{c.z:+.2f}"),
                data([c.low, c.high], f"[{c.low:.6f}, {c.high:.6f}]"),
                verdict(c.passed, c.verdict),
            )
            for c in sim.checks
        ),
        key="wagers",
        csv=True,
    )
    notes = []
    if any(c.statistic.kind == "frequency" for c in sim.checks):
        notes.append(
            "* no pay table: the figures are the frequency of the outcomes that have no documented pay "
            "(the wins the wager would pay), not a return."
        )
    failed = [c.statistic.wager.name for c in sim.checks if not c.passed]
    notes.append(f"FAIL: {', '.join(failed)}." if failed else f"All {len(sim.checks)} wagers PASS.")
    return Document(
        title=f"Simulation: {sim.plan.rules.name}",
        blocks=(_simulation_head(sim), checks, Prose(tuple(notes))),
        context=shoe_context(sim.plan.rules, sim.plan.shoe),
        provenance=provenance((sim.plan.rules,), shoe_text(sim.plan.shoe)),
    )


def timing_text(sim: Simulation) -> str:
    """How long the run took and where: for stderr, as it differs from run to run."""
    return (
        f"{count_text(sim.tally.rounds)} rounds in {sim.seconds:.2f} s "
        f"({sim.rounds_per_second / 1e6:.2f} million rounds/s) on {sim.where}."
    )
