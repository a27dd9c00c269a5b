"""Reports of play: a dealt round (``deal``) and a simulation (``simulate``), as text or JSON.

No arithmetic happens here: the engine and the simulator compute every
figure, this module only turns them into text. Money is printed exactly: a
decimal when the amount has one (9.5), else a fraction (10/3).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from .engine import Hand, Round, Settlement
from .odds import format_pays
from .report import dealing_lines, decimal_text, fraction_text, shoe_text
from .rules import RuleSet


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
        rows.append([
            str(s.seat), s.wager, amount_text(s.bet.stake), s.hand, s.step, s.outcome.name,
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
        f"Cards given: {' '.join(played.cards_given)} ({played.cards_used} dealt"
        + (f"; not dealt: {' '.join(played.left_over)})" if played.left_over else ")"),
        "",
    ]
    width = max(len(step.label) for step in played.steps)
    for step in played.steps:
        said = f'  Dealer: "{step.announcement}"' if step.announcement else ""
        out.append(f"  {step.label.ljust(width)}  {step.text}{said}")
    out.append("")
    out.append(f"Player hand: {_hand(played.player)}")
    out.append(f"Banker hand: {_hand(played.banker)}"
               + (" (against the Community Player hand)" if played.own_hands else ""))
    for own in played.own_hands:
        out.append(f"Seat {own.seat}'s own hand ({own.decision}): {_hand(own.hand)} v Banker {_hand(own.banker)}")
    if played.discarded:
        out.append(f"Dealt face down and not used: {' '.join(played.discarded)}")
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
