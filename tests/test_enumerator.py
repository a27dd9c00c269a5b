"""The enumerator against a naive brute force, and its invariants.

The brute force (tests/brute_force.py) plays every ordered six-card sequence
of the actual cards with drawing rules and settlements written by hand from
the documents. Agreement is exact, state by state and wager by wager.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from analyzer.exact.enumerator import divide, enumerate_deals
from analyzer.exact.parsheet import par_sheets
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState

from .brute_force import DRAWING_OF, brute_force, net

# Small, odd shoes: duplicated ranks (so pairs happen), ten-value cards of
# different ranks (K-K is a pair, K-Q is not), and totals that reach naturals,
# the Banker 3-7 columns and the Louisiana Banker 5 rule.
ODD_SHOES = {
    "nine-mixed": ["A", "2", "3", "5", "8", "9", "K", "K", "Q"],
    "tens-and-sixes": ["T", "J", "Q", "K", "K", "6", "6", "7", "4"],
    "low-cards": ["A", "A", "2", "3", "3", "4", "5", "5"],
    "eight-cards-for-banker-five": ["5", "K", "Q", "J", "3", "2", "4", "9"],
}


def _shoe(cards: list[str]) -> Shoe:
    return Shoe.from_counts(Counter(cards))


@pytest.mark.parametrize("shoe_name", sorted(ODD_SHOES))
@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_final_states_agree_with_brute_force(shoe_name: str, rule_set: str) -> None:
    cards = ODD_SHOES[shoe_name]
    expected = brute_force(cards, DRAWING_OF[rule_set])
    got = enumerate_deals(_shoe(cards), read_rules(rule_set).drawing).counts
    assert dict(got) == dict(expected)


@pytest.mark.parametrize("shoe_name", sorted(ODD_SHOES))
@pytest.mark.parametrize("rule_set", ["punto-banco", "live-pittsburgh", "dactylus", "mini-louisiana"])
def test_every_wager_settles_as_the_documents_say(shoe_name: str, rule_set: str) -> None:
    """Each wager's distribution of net results equals the hand-written settlement's."""
    cards = ODD_SHOES[shoe_name]
    states = brute_force(cards, DRAWING_OF[rule_set])
    rules = read_rules(rule_set)
    for sheet in par_sheets(rules, _shoe(cards)):
        if sheet.wager.name not in (
            "player",
            "banker",
            "tie",
            "player-pair",
            "banker-pair",
        ) and not sheet.wager.name.startswith(("dragon", "big-win")):
            continue
        expected: Counter[Fraction | str] = Counter()
        for state, n in states.items():
            expected[net(rule_set, sheet.wager.name, state)] += n
        got: Counter[Fraction | str] = Counter()
        for row in sheet.rows:
            got["qualifies" if row.pays is None else row.pays] += row.combinations
        assert +got == +expected, sheet.wager.name


def test_every_shipped_rule_set_is_checked_by_brute_force() -> None:
    assert set(DRAWING_OF) == set(shipped())


@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
@pytest.mark.parametrize("decks", [1, 2])
def test_counts_sum_to_the_denominator(rule_set: str, decks: int) -> None:
    shoe = Shoe.decks(decks)
    distribution = enumerate_deals(shoe, read_rules(rule_set).drawing)
    n = 52 * decks
    assert sum(distribution.counts.values()) == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    assert all(isinstance(c, int) and c > 0 for c in distribution.counts.values())


@pytest.mark.parametrize("rule_set", ["punto-banco", "live-pittsburgh", "dactylus", "mini-louisiana"])
def test_each_wager_probabilities_sum_to_one(rule_set: str) -> None:
    shoe = Shoe.decks(8).remove(["5", "5", "K", "A"])
    for sheet in par_sheets(read_rules(rule_set), shoe):
        assert sum(row.probability for row in sheet.rows) == 1, sheet.wager.name
        assert sum(row.combinations for row in sheet.rows) == shoe.denominator


@pytest.mark.slow
def test_divide_by_first_card_adds_up_to_the_whole() -> None:
    shoe = Shoe.decks(1).remove(["9", "9"])
    drawing = read_rules("punto-banco").drawing
    parts = divide(shoe, drawing)
    total: Counter[FinalState] = Counter()
    for part in parts.values():
        total.update(part)
    assert dict(total) == dict(enumerate_deals(shoe, drawing).counts)
    assert set(parts) == set(RANKS)


def test_natural_ends_the_round_for_both_hands() -> None:
    """001: 'If either the player hand or the banker hand has a total of an 8 or a 9 they both stand.'"""
    for rule_set in ("punto-banco", "mini-louisiana"):
        states = enumerate_deals(Shoe.decks(2), read_rules(rule_set).drawing).counts
        with_natural = [
            s
            for s in states
            if (s.player_cards == 2 and s.player_total >= 8) or (s.banker_cards == 2 and s.banker_total >= 8)
        ]
        assert with_natural
        assert all(s.player_cards == 2 and s.banker_cards == 2 for s in with_natural)
