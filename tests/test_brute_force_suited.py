"""The side bets against a brute force over actual suited cards, settled by rules written by hand.

Every ordered six-card sequence of the physical cards of small, odd, suited
shoes is played and settled by :mod:`tests.brute_force_suited`; the analyzer's
counts (the fast paths, and the reference enumerator) must give the same
distribution of net results, exactly.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from analyzer.exact.outcomes import wager_counts
from analyzer.exact.reference import deal_outcomes
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .brute_force_suited import SETTLE, brute_force
from .conftest import RULEFILES

# Odd, suited shoes: pairs and suited pairs, three cards of a suit, both colours,
# nines and tens (naturals, 9-T), K and Q of one suit, totals that reach ties.
SUITED_ODD_SHOES = {
    "hearts-kings-nines": ["KH", "KH", "QH", "9H", "9S", "8D", "5H", "3C", "AH"],
    "spades-sevens": ["7S", "7S", "6S", "KS", "QS", "2H", "8D", "AS", "9C"],
    "red-low": ["AH", "2D", "3H", "4D", "5H", "AH", "KD", "8H"],
}


def _rules(name: str):  # type: ignore[no-untyped-def]
    return read_rules(str(RULEFILES / "condition-kinds.toml")) if name == "condition-kinds" else read_rules(name)


@pytest.mark.parametrize("shoe_name", sorted(SUITED_ODD_SHOES))
@pytest.mark.parametrize(("rule_set", "wager"), sorted(SETTLE), ids=[w for _, w in sorted(SETTLE)])
def test_side_bets_settle_as_their_sources_say(shoe_name: str, rule_set: str, wager: str) -> None:
    cards = SUITED_ODD_SHOES[shoe_name]
    rules = _rules(rule_set)
    target = rules.wager(wager)
    shoe = Shoe.from_cards(cards)
    expected = brute_force(cards, SETTLE[(rule_set, wager)])
    for counts in (
        wager_counts(shoe, rules.drawing, [target])[wager],
        deal_outcomes(shoe, rules.drawing, [target])[wager],
    ):
        got: Counter[Fraction] = Counter()
        for row in target.outcomes:
            assert row.pays is not None
            got[row.pays] += counts[row.name]
        assert +got == +expected


def test_every_kind_of_condition_is_settled_by_hand() -> None:
    """At least one wager of each kind of condition has a hand-written settlement."""
    kinds = {
        "pair": "either-pair",
        "suited pair": "perfect-pairs",
        "suited hand": "lucky-8-player",
        "two-card total": "three-giving-eight",
        "third card": "three-giving-eight",
        "highest card": "low-tie-max",
        "colour of the first four": "colour-match",
        "colour of every card": "super-tie",
        "holds": "majestic-match-player",
        "cards dealt": "big",
        "winning and losing hands": "any-8-beats-any-6",
        "even or odd": "player-even",
        "natural": "lucky-99",
        "winner": "kill-the-ox-tiger",
        "margin": "any-bad-beat",
        "fifth and sixth cards": "positions",
        "holds two of a rank": "cards-held",
    }
    assert set(kinds.values()) <= {w for _, w in SETTLE}
