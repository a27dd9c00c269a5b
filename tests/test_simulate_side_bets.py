"""The simulator on side bets that read more than a final state: records of dealt cards, checked against the exact
counts."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.exact.classcount import count_records
from analyzer.exact.reach import load_rules
from analyzer.game.cards import TYPES
from analyzer.game.needs import needs_of
from analyzer.game.recordview import record_of
from analyzer.game.round import dealt_round
from analyzer.game.rulefile import read_rules as parse_only
from analyzer.game.shoe import Shoe
from analyzer.play.dealer import deal_codes, dealer_for
from analyzer.play.executor import open_executor
from analyzer.play.records import CardIndices, record_codes
from analyzer.play.simulate import plan, run

from .brute_force_suited import play
from .conftest import RULEFILES

KINDS = load_rules(str(RULEFILES / "condition-kinds.toml"))
PATTERNS = parse_only(str(RULEFILES / "patterns.toml"))  # group patterns (not counted at 8 decks: too much at once)
WAGERS = [(KINDS, w.name) for w in KINDS.wagers if w.source.startswith("tests:")] + [
    (PATTERNS, w.name) for w in PATTERNS.wagers if w.source == "tests"
]


@pytest.mark.parametrize(("rules", "wager"), WAGERS, ids=[w for _, w in WAGERS])
def test_records_of_dealt_cards_are_the_records_of_the_cards(rules, wager: str) -> None:  # type: ignore[no-untyped-def]
    """record_codes (vectorized, from card types) against record_of (one round, from the hands), on random 8-deck
    rounds."""
    needs = needs_of(rules.wager(wager))
    shoe = Shoe.decks(8)
    universe = CardIndices(True, shoe.types or ())
    rng = np.random.default_rng(10)
    cards = np.array([rng.permutation(np.repeat(np.arange(52), 8))[:6] for _ in range(3000)]).T.astype(np.int8)
    dealer = dealer_for(KINDS, shoe)
    ranks = universe.rank[cards]
    codes, _ = deal_codes(dealer, universe.value[cards], ranks)
    found = record_codes(needs, universe, cards, dealer.player_columns, dealer.banker_columns, codes // 4)
    for column, code in zip(cards.T.tolist(), found.tolist()):
        sequence = tuple(TYPES[c] for c in column)  # dealt P B P B (the rule set deals P P B B: reorder)
        p1, p2, b1, b2 = (sequence[i] for i in (*dealer.player_columns, *dealer.banker_columns))
        player, banker = play((p1, b1, p2, b2, sequence[4], sequence[5]))
        assert needs.decode(code) == record_of(needs, dealt_round(player, banker)), sequence


@pytest.mark.slow
def test_every_record_the_dealer_meets_has_an_exact_count() -> None:
    rules = load_rules("lucky-8")
    needs = needs_of(rules.wager("lucky-8-player"))
    exact = {needs.encode(r) for r in count_records(Shoe.decks(8), rules.drawing, needs)}
    planned = plan(rules, Shoe.decks(8), rounds=50_000, seed=7, wagers=("lucky-8-player",))
    with open_executor(1, None) as executor:
        finished = run(planned, executor)
    assert {c for c, _ in finished.tally.records[0]} <= exact
    assert finished.passed


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["top", "shoe"])
def test_simulated_side_bets_meet_their_exact_values(mode: str) -> None:
    rules = load_rules("suits")
    planned = plan(rules, Shoe.decks(8), rounds=200_000, seed=11, mode=mode)  # type: ignore[arg-type]
    with open_executor(1, None) as executor:
        finished = run(planned, executor)
    assert finished.passed, [c.verdict for c in finished.checks]
    assert {c.statistic.wager.name for c in finished.checks} >= {"colour-match", "super-tie", "perfect-9"}
