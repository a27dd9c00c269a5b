"""The round engine and the vectorized dealer on side bets: every sequence of a small suited shoe, against the exact
counts."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from analyzer.exact.outcomes import wager_counts
from analyzer.exact.reach import load_rules
from analyzer.game.cards import TYPES, parse_cards
from analyzer.game.needs import needs_of
from analyzer.game.recordview import record_of
from analyzer.game.round import dealt_round
from analyzer.game.shoe import Shoe
from analyzer.play.dealer import deal_codes, dealer_for
from analyzer.play.engine import Bet, Seat, deal_round
from analyzer.play.records import CardIndices, record_codes

from .conftest import RULEFILES
from .tiny_shoes import sequences

SHOE = "KH KH QH 9H 9S 8D 5H 3C"
SIDE_BETS = {
    "suits": ("majestic-match-player", "colour-match", "super-tie", "perfect-9"),
    "lucky-8": ("lucky-8-player",),
    "pairs": ("either-pair", "perfect-pairs"),
    "three-giving-eight": ("three-giving-eight",),
}


@pytest.mark.slow
@pytest.mark.parametrize("rule_set", sorted(SIDE_BETS))
def test_the_engine_settles_every_sequence_as_the_exact_counts_count_it(rule_set: str) -> None:
    """Each ordered six-card sequence dealt by the engine, every side bet placed (with a main bet): the exact counts."""
    rules = load_rules(rule_set)
    wagers = SIDE_BETS[rule_set]
    seat = Seat(1, (Bet("player", Fraction(1)),) + tuple(Bet(w, Fraction(1)) for w in wagers))
    cards = list(parse_cards(SHOE))
    counted: dict[str, Counter[str]] = {w: Counter() for w in wagers}
    for sequence, ways in sequences(cards):
        for s in deal_round(rules, sequence, (seat,)).settlements:
            if s.wager in counted:
                counted[s.wager][s.outcome.name] += ways
    exact = wager_counts(Shoe.from_cards(cards), rules.drawing, [rules.wager(w) for w in wagers])
    for wager in wagers:
        assert +counted[wager] == +Counter(exact[wager]), wager


@cache
def _kinds_dealt() -> tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]:
    """Every sequence of the shoe, with the hands the engine deals it into under condition-kinds.toml (001's order)."""
    rules = load_rules(str(RULEFILES / "condition-kinds.toml"))
    out = []
    for sequence, _ in sequences(list(parse_cards(SHOE))):
        played = deal_round(rules, sequence)
        out.append((sequence, played.player.cards, played.banker.cards))
    return tuple(out)


@pytest.mark.parametrize("wager", ["colours", "cards-held", "positions", "banker-three-player-eight"])
def test_the_dealer_records_every_sequence_as_the_engine_deals_it(wager: str) -> None:
    """The vectorized dealer's record of each sequence of the shoe against the record of the engine's hands."""
    rules = load_rules(str(RULEFILES / "condition-kinds.toml"))
    needs = needs_of(rules.wager(wager))
    shoe = Shoe.from_cards(parse_cards(SHOE))
    universe = CardIndices(True, shoe.types or ())
    dealer = dealer_for(rules, shoe)
    dealt = _kinds_dealt()
    cards = np.array([[TYPES.index(c) for c in sequence] for sequence, _, _ in dealt], dtype=np.int8).T
    codes, _ = deal_codes(dealer, universe.value[cards], universe.rank[cards])
    found = record_codes(needs, universe, cards, dealer.player_columns, dealer.banker_columns, codes // 4)
    for (sequence, player, banker), code in zip(dealt, found.tolist()):
        assert needs.decode(code) == record_of(needs, dealt_round(player, banker)), sequence
