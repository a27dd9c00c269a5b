"""Reports of play: a dealt round (``deal``) and a simulation (``simulate``), as text or JSON.

No arithmetic happens here: the engine and the simulator compute every
figure, this module only turns them into text. Money is printed exactly: a
decimal when the amount has one (9.5), else a fraction (10/3).
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..game.cards import card_text
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..numbers import count_text, decimal_text, fraction_text
from ..play.engine import Hand, Round, Settlement
from ..play.simulate import CONFIDENCE, Z_CRITICAL, Simulation, WagerCheck
from .analysis import dealing_lines, shoe_text


def amount_text(value: Fraction) -> str:
    """An exact amount: "9.5", "-10", "0", or "10/3" when no finite decimal is exact.

    >>> amount_text(Fraction(19, 2)), amount_text(Fraction(-10)), amount_text(Fraction(10, 3))
    ('9.5', '-10', '10/3')
    """
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    return decimal_text(value, max(twos, fives)) if rest == 1 else fraction_text(value)


def _hand(hand: Hand) -> str:
    return f"{hand.text()} ({len(hand.cards)} cards)"


# ------------------------------------------------------------------- deal


def _bet_rows(settlements: tuple[Settlement, ...]) -> list[list[str]]:
    rows = []
    for s in settlements:
        payout, returned = s.payout, s.returned
        hands = f"{s.hand} {s.state.player_total} v Banker {s.state.banker_total}"
        rows.append([
            str(s.seat), s.wager, amount_text(s.bet.stake), hands, s.step, s.outcome.name,
            s.outcome.pays_text, "no pay given" if payout is None else amount_text(payout),
            "?" if returned is None else amount_text(returned),
        ])
    return rows


def render_round(rules: RuleSet, played: Round) -> str:
    """The round step by step, the final hands, and every bet in the order it was settled."""
    out = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        *dealing_lines(rules),
        f"Procedure followed: {played.procedure}.",
        f"Cards given: {' '.join(card_text(c) for c in played.cards_given)} ({played.cards_used} dealt"
        + (f"; not dealt: {' '.join(card_text(c) for c in played.left_over)})" if played.left_over else ")"),
        "",
    ]
    width = max(len(step.label) for step in played.steps)
    for step in played.steps:
        said = f'  Dealer: "{step.announcement}"' if step.announcement else ""
        out.append(f"  {step.label.ljust(width)}  {step.text}{said}")
    out.append("")
    out.append(f"Player hand: {_hand(played.player)}")
    against = ", against the Community Player hand" if played.own_hands else ""
    out.append(f"Banker hand{against}: {_hand(played.banker)}")
    for own in played.own_hands:
        out.append(f"Seat {own.seat}'s own hand ({own.decision}): {_hand(own.hand)} v Banker {_hand(own.banker)}")
    if played.discarded:
        out.append(f"Dealt face down and not used: {' '.join(card_text(c) for c in played.discarded)}")
    out.append(f"Result: {played.result}.")
    if played.settlements:
        out.append("")
        out.append("Bets, in the order settled (payout: the net win; returned: stake plus payout):")
        headers = ["seat", "wager", "stake", "settled on", "step", "outcome", "pays", "payout", "returned"]
        out.append(tabulate(_bet_rows(played.settlements), headers=headers, tablefmt="simple", disable_numparse=True,
                            colalign=("right", "left", "right", "left", "left", "left", "right", "right", "right")))
    return "\n".join(out) + "\n"


def _hand_document(hand: Hand) -> dict[str, Any]:
    return {"cards": list(hand.cards), "total": hand.total, "natural": hand.natural, "pair": hand.pair}


def round_document(rules: RuleSet, played: Round) -> dict[str, Any]:
    """The round as JSON-ready data; amounts are exact strings ("19/2")."""
    return {
        "rule_set": rules.name,
        "document": rules.document,
        "procedure": played.procedure,
        "order": rules.dealing.order_text,
        "cards": list(played.cards_given),
        "cards_dealt": played.cards_used,
        "not_dealt": list(played.left_over),
        "discarded": list(played.discarded),
        "steps": [{"step": s.label, "text": s.text, "announcement": s.announcement} for s in played.steps],
        "player": _hand_document(played.player),
        "banker": _hand_document(played.banker),
        "own_hands": [
            {"seat": o.seat, "decision": o.decision, "hand": _hand_document(o.hand), "banker": _hand_document(o.banker)}
            for o in played.own_hands
        ],
        "bets": [
            {
                "seat": s.seat, "wager": s.wager, "stake": fraction_text(s.bet.stake), "settled_on": s.hand,
                "player_total": s.state.player_total, "banker_total": s.state.banker_total,
                "step": s.step, "outcome": s.outcome.name,
                "pays": None if s.outcome.pays is None else format_pays(s.outcome.pays),
                "payout": None if s.payout is None else fraction_text(s.payout),
                "returned": None if s.returned is None else fraction_text(s.returned),
            }
            for s in played.settlements
        ],
    }


def render_round_json(rules: RuleSet, played: Round) -> str:
    return json.dumps(round_document(rules, played), indent=2) + "\n"


# --------------------------------------------------------------- simulate

_SIM_HEADERS = ["wager", "observed mean", "exact", "observed - exact", "std. error", "z", "99.9% interval", "verdict"]


def _check_row(check: WagerCheck) -> list[str]:
    star = "" if check.statistic.kind == "return" else " *"
    return [
        check.statistic.wager.name + star,
        decimal_text(check.observed, 8),
        decimal_text(check.exact, 8),
        decimal_text(check.difference, 8),
        f"{check.standard_error:.8f}",
        "n/a" if check.z is None else f"{check.z:+.2f}",
        f"[{check.low:.6f}, {check.high:.6f}]",
        check.verdict,
    ]


def _simulation_lines(sim: Simulation) -> list[str]:
    plan, tally = sim.plan, sim.tally
    rules = plan.rules
    lines = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        f"Shoe: {shoe_text(plan.shoe)}; a round uses {decimal_text(plan.cards_per_round, 4)} cards on average "
        f"(exactly {fraction_text(plan.cards_per_round)}).",
    ]
    unit = "rounds" if plan.mode == "top" else "shoes"
    chunks = len(plan.tasks)
    seeding = (
        f"Seed {plan.seed}: {chunks} chunk{'s' if chunks != 1 else ''} of up to {count_text(plan.chunk_size)} {unit}, "
        f"chunk i dealt from numpy SeedSequence({plan.seed}, spawn_key=(i,)); the same seed gives the same figures "
        "with any number of workers, locally or on a Dask cluster."
    )
    if plan.mode == "top":
        lines += [
            f"Mode top: {count_text(tally.rounds)} rounds, each dealt off the top of a full, freshly shuffled shoe "
            "(what the exact figures describe).",
            seeding,
            "Standard error: the exact standard deviation over the square root of the rounds.",
        ]
    else:
        lines += [
            f"Mode shoe: {count_text(tally.shoes)} shoes dealt to a cut card {plan.cut_card} cards from the end, "
            f"{count_text(tally.rounds)} rounds (no burn cards; the round in which the cut card comes out is "
            "finished, then the shoe ends).",
            seeding,
            "Standard error: estimated over shoes (rounds of a shoe are not independent).",
            "The exact figures describe a round off the top of a full shoe: observed - exact estimates the "
            "cut-card effect, and a FAIL in this mode can be that effect rather than a defect.",
        ]
    lines.append(
        f"Exact: the analyzer's expected value (ordered six-card dealings). PASS when it lies inside the "
        f"{decimal_text(CONFIDENCE * 100, 1)}% interval, the observed mean +/- {Z_CRITICAL:.4f} standard errors."
    )
    return lines


def _footnotes(sim: Simulation) -> list[str]:
    notes = []
    if any(c.statistic.kind == "frequency" for c in sim.checks):
        notes.append("* no pay table: the figures are the frequency of the outcomes that have no documented pay "
                     "(the wins the wager would pay), not a return.")
    failed = [c.statistic.wager.name for c in sim.checks if not c.passed]
    notes.append(f"FAIL: {', '.join(failed)}." if failed else f"All {len(sim.checks)} wagers PASS.")
    return notes


def render_simulation(sim: Simulation, fmt: str) -> str:
    """The simulation report in one of :data:`analyzer.report.analysis.FORMATS`; nothing in it depends on the executor."""
    if fmt == "json":
        return json.dumps(simulation_document(sim), indent=2) + "\n"
    rows = [_check_row(c) for c in sim.checks]
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([h.replace(" ", "_").replace(".", "").replace("-", "minus") for h in _SIM_HEADERS])
        writer.writerows(rows)
        return buffer.getvalue()
    markdown = fmt == "markdown"
    table = tabulate(rows, headers=_SIM_HEADERS, tablefmt="pipe" if markdown else "simple", disable_numparse=True,
                     colalign=("left",) + ("right",) * 6 + ("left",))
    head = _simulation_lines(sim)
    if markdown:
        head = ["# Simulation: " + sim.plan.rules.name, ""] + [f"{line}  " for line in head]
    return "\n".join(head + ["", table, ""] + _footnotes(sim)) + "\n"


def simulation_document(sim: Simulation) -> dict[str, Any]:
    """The simulation as JSON-ready data: exact figures as "p/q" strings, the rest as numbers."""
    plan, tally = sim.plan, sim.tally
    return {
        "rule_set": plan.rules.name,
        "document": plan.rules.document,
        "shoe": {"cards": plan.shoe.size, "decks": plan.shoe.decks_built, "removed": list(plan.shoe.removed_from_decks())},
        "mode": plan.mode,
        "seed": plan.seed,
        "chunks": len(plan.tasks),
        "chunk_size": plan.chunk_size,
        "cut_card": plan.cut_card if plan.mode == "shoe" else None,
        "rounds": tally.rounds,
        "shoes": tally.shoes if plan.mode == "shoe" else None,
        "cards_per_round": fraction_text(plan.cards_per_round),
        "confidence": fraction_text(CONFIDENCE),
        "passed": sim.passed,
        "wagers": [
            {
                "wager": c.statistic.wager.name,
                "statistic": c.statistic.kind,
                "observed": fraction_text(c.observed),
                "exact": fraction_text(c.exact),
                "difference": fraction_text(c.difference),
                "exact_standard_deviation": c.exact_standard_deviation,
                "standard_error": c.standard_error,
                "z": c.z,
                "interval": [c.low, c.high],
                "verdict": c.verdict,
            }
            for c in sim.checks
        ],
    }


def timing_text(sim: Simulation) -> str:
    """How long the run took and where: for stderr, as it differs from run to run."""
    return (f"{count_text(sim.tally.rounds)} rounds in {sim.seconds:.2f} s "
            f"({sim.rounds_per_second / 1e6:.2f} million rounds/s) on {sim.where}.")
