"""The condition language: rows read strictly, and one meaning for every way a round is read.

Every wager of ``rulefiles/condition-kinds.toml`` (one or more per kind of
condition) is counted by the reference enumerator, which settles each
dealing by reading its cards, and by the fast paths, which settle records
or final states: they must agree exactly on small suited shoes, fixed and
random (hypothesis).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.exact.outcomes import path_of, wager_counts
from analyzer.exact.reference import deal_outcomes
from analyzer.game.cards import TYPES, parse_cards
from analyzer.game.describe import describe
from analyzer.game.needs import needs_of
from analyzer.game.recordview import RecordView, record_of
from analyzer.game.round import dealt_round
from analyzer.game.rulefile import read_rules
from analyzer.game.settle import settle_round
from analyzer.game.shoe import Shoe

from .conftest import RULEFILES

KINDS = read_rules(str(RULEFILES / "condition-kinds.toml"))
WAGERS = [w for w in KINDS.wagers if w.source.startswith("tests:")]

SUITED_SHOES = {
    "hearts-and-nines": "KH KH QH 9H 9S 9D 5H 3C 8H",
    "pairs-and-colours": "7S 7S 7H KD KD 2C 8S QH 9H",
    "faces": "KS QS KH QH JD 9C 9S 4H",
}


def test_every_kind_of_condition_is_in_the_test_file() -> None:
    assert len(WAGERS) == 8
    assert {path_of(w) for w in WAGERS} == {"final states", "records"}


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", sorted(SUITED_SHOES))
def test_fast_paths_equal_the_reference_on_small_suited_shoes(shoe_name: str) -> None:
    shoe = Shoe.from_cards(parse_cards(SUITED_SHOES[shoe_name]))
    assert wager_counts(shoe, KINDS.drawing, WAGERS) == deal_outcomes(shoe, KINDS.drawing, WAGERS)


suited_cards = st.lists(st.sampled_from(TYPES[:8] + TYPES[32:40] + TYPES[48:]), min_size=6, max_size=9)


@settings(max_examples=25, deadline=None)
@given(cards=suited_cards)
def test_fast_paths_equal_the_reference_on_random_suited_shoes(cards: list[str]) -> None:
    shoe = Shoe.from_cards(cards)
    assert wager_counts(shoe, KINDS.drawing, WAGERS) == deal_outcomes(shoe, KINDS.drawing, WAGERS)


def test_a_record_settles_as_the_cards_it_records() -> None:
    """record_of (cards to record) and RecordView (record back to a round) keep what every row reads."""
    played = dealt_round(parse_cards("9H QH 8H"), parse_cards("7S 2S KS"))
    for wager in WAGERS:
        needs = needs_of(wager)
        by_cards = settle_round(wager, played)
        by_record = settle_round(wager, RecordView(needs, record_of(needs, played)))
        assert by_cards is not None and by_cards == by_record, wager.name


def test_a_suited_wager_needs_a_shoe_whose_suits_are_known() -> None:
    shoe = Shoe.decks(8).remove(["K"])
    with pytest.raises(InputError, match="suits of this shoe are unknown"):
        wager_counts(shoe, KINDS.drawing, [KINDS.wager("colours")])
    assert wager_counts(shoe, KINDS.drawing, [KINDS.wager("bad-beat")])  # reads no suit: fine


def test_rows_read_like_the_pay_table_they_come_from() -> None:
    rows = {o.name: describe(o.condition) for w in WAGERS for o in w.outcomes}
    assert rows["3 giving 8"] == "Player third card 8; Banker two-card total 3"
    assert rows["natural 9 v 7"] == "total 9, natural; other hand total 7"
    assert rows["Player K and Q, suited"] == "Player first two: holds K Q, one suit"
    assert rows["every card 5 or less, tie"] == "tie; all cards dealt: highest card 0-5"
    assert rows["three-card 9 over three-card 8"] == "winning hand total 9, 3 cards; losing hand total 8, 3 cards"


BASE = """
[rule_set]
name = "x"
title = "x"
extends = "punto-banco"

[wagers.mine]
title = "Mine"
source = "tests"
outcomes = [
  {ROW},
  { name = "other", pays = "lose" },
]
"""


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            '{ name = "a", player = { colour = "green" }, pays = "1:1" }',
            r"colour: is 'green'; it must be one of red, black, same, mixed",
        ),
        ('{ name = "a", either = { holds = ["9", "9D"] }, pays = "1:1" }', r"holds: names 9 and 9D, which share cards"),
        ('{ name = "a", player = { holds = "none" }, pays = "1:1" }', r'"none" is for a card in a position'),
        ('{ name = "a", banker = {}, pays = "1:1" }', r"banker: says nothing about the hand"),
        ('{ name = "a", banker = { third_card = "X9" }, pays = "1:1" }', r"third_card: 'X9' is not a card"),
        ('{ name = "a", total = 9, pays = "1:1" }', r"tests its own hand .* but the wager follows no side"),
        (
            '{ name = "a", winner = "dragon", pays = "1:1" }',
            r"winner: is 'dragon'; it must be one of player, banker, tie",
        ),
        ('{ name = "a", cards_dealt = 7, pays = "1:1" }', r"cards_dealt: is 7; it must be a whole number 4-6"),
        (
            '{ name = "a", player = { total = "high" }, pays = "1:1" }',
            r"total: is 'high'; it must be a whole number 0-9, a list of them, or even or odd",
        ),
        (
            '{ name = "a", first_four = { suit = "S" }, pays = "1:1" }',
            r"first_four\.suit: is not a known key; allowed here: holds, suited, colour, highest",
        ),
        ('{ name = "a", fifth_card = { suit = "X" }, pays = "1:1" }', r"suit 'X' is not one of S H D C"),
        (
            '{ name = "a", fifth_card = { rank = ["K", 5] }, pays = "1:1" }',
            r"rank: must be a rank or a non-empty list of ranks",
        ),
        (
            '{ name = "a", fifth_card = { rank = [] }, pays = "1:1" }',
            r"rank: must be a rank or a non-empty list of ranks",
        ),
        ('{ name = "a", fifth_card = { value = [] }, pays = "1:1" }', r"value: must be a baccarat value 0-9"),
        ('{ name = "a", fifth_card = { suit = [] }, pays = "1:1" }', r"fifth_card: names no card"),
        (
            '{ name = "a", fifth_card = { rank = "K", value = 5 }, pays = "1:1" }',
            r"fifth_card: names no card \(K and value 5",
        ),
    ],
)
def test_a_bad_row_is_refused_naming_the_key_and_what_is_allowed(rule_file, row: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(BASE.replace("{ROW}", row))
    with pytest.raises(InputError, match=message) as caught:
        read_rules(path)
    assert str(caught.value).startswith(path)


def test_every_published_example_row_of_the_issue_reads(rule_file) -> None:  # type: ignore[no-untyped-def]
    row = (
        '{ name = "Player natural 9 v Banker 7", player = { total = 9, natural = true }, '
        'banker = { total = 7 }, pays = "50:1" }'
    )
    wager = read_rules(rule_file(BASE.replace("{ROW}", row))).wager("mine")
    assert describe(wager.outcomes[0].condition) == "Player total 9, natural; Banker total 7"
    assert path_of(wager) == "final states"


@pytest.mark.slow
def test_counts_of_a_condition_kind_wager_add_up(rule_file) -> None:  # type: ignore[no-untyped-def]
    counts = wager_counts(Shoe.decks(1), KINDS.drawing, WAGERS)
    assert all(sum(c.values()) == Shoe.decks(1).denominator for c in counts.values())
    assert Counter(path_of(w) for w in WAGERS)["records"] >= 5


def test_the_readme_example_counts_alike_on_every_path() -> None:
    """examples/my-side-bets.toml mixes hand, group and round conditions in one pay table."""
    from .conftest import EXAMPLES

    rules = read_rules(str(EXAMPLES / "my-side-bets.toml"))
    mine = [rules.wager("nine-over-seven")]
    for cards in SUITED_SHOES.values():
        shoe = Shoe.from_cards(parse_cards(cards))
        assert wager_counts(shoe, rules.drawing, mine) == deal_outcomes(shoe, rules.drawing, mine)


@pytest.mark.parametrize("name", ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"])
def test_the_shipped_keys_mean_the_same_in_the_fast_settlement_and_the_condition_language(name: str) -> None:
    """settle() reads the shipped keys on its own (loading stays cheap); the condition language must agree on every
    final state, for every wager of the shipped rule sets and the standard pay tables."""
    from analyzer.game.conditions import condition_holds
    from analyzer.game.settle import FinalStateView, every_final_state, settle

    rules = read_rules(name)
    for wager in rules.wagers:
        for state in every_final_state():
            by_language = next(
                (row for row in wager.outcomes if condition_holds(row.condition, FinalStateView(state), wager.side)),
                None,
            )
            assert settle(wager, state) is by_language, (wager.name, state)
