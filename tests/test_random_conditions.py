"""Random pay tables: every combination of conditions counts alike on the fast paths and by reading the cards.

Hypothesis draws rows of random conditions (hand tests on any hand, group
tests, the round's keys) and random small suited shoes; the fast paths
(final states, or records over card classes, settled as arrays) must give
exactly the reference enumerator's counts, which settles every dealing by
reading its cards.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.exact.outcomes import wager_counts
from analyzer.exact.reference import deal_outcomes
from analyzer.game.cards import TYPE_RANK, TYPES
from analyzer.game.conditions import CardSpec, Condition, GroupTest, HandTest
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.game.wager import Outcome, Wager

DRAWING = read_rules("punto-banco").drawing
SPECS = [
    CardSpec("9", frozenset(t for t in range(52) if TYPE_RANK[t] == 8)),
    CardSpec("KH", frozenset({TYPES.index("KH")})),
    CardSpec("value 0", frozenset(t for t in range(52) if TYPE_RANK[t] >= 9)),
    CardSpec("red", frozenset(t for t in range(52) if t % 4 in (1, 2))),
]
values = st.frozensets(st.integers(0, 9), min_size=1, max_size=4)

groups = st.builds(
    GroupTest,
    holds=st.one_of(st.just(()), st.sampled_from(SPECS[:3]).map(lambda s: ((s, 1),)), st.just(((SPECS[0], 2),))),
    suited=st.one_of(st.none(), st.booleans()),
    colour=st.one_of(st.none(), st.sampled_from(["red", "black", "same", "mixed"])),
    highest=st.one_of(st.none(), values),
)
thirds = st.one_of(st.none(), st.sampled_from(SPECS), st.just(CardSpec("none", frozenset(), none=True)))
hands = st.builds(
    HandTest,
    total=st.one_of(st.none(), values),
    two_card_total=st.one_of(st.none(), values),
    natural=st.one_of(st.none(), st.booleans()),
    cards=st.one_of(st.none(), st.sampled_from([2, 3])),
    pair=st.one_of(st.none(), st.booleans()),
    suited_pair=st.one_of(st.none(), st.booleans()),
    third_card=thirds,
    result=st.one_of(st.none(), st.sampled_from(["win", "tie", "loss"])),
    margin=st.one_of(st.none(), st.integers(-3, 3)),
    group=st.one_of(st.just(GroupTest()), groups),
    first_two=st.one_of(st.just(GroupTest()), groups),
)
maybe_hand = st.one_of(st.none(), st.none(), hands)
conditions = st.builds(
    Condition,
    player=maybe_hand,
    banker=maybe_hand,
    either=maybe_hand,
    both=maybe_hand,
    winning_hand=maybe_hand,
    losing_hand=maybe_hand,
    winner=st.one_of(st.none(), st.frozensets(st.sampled_from(["player", "banker", "tie"]), min_size=1)),
    cards_dealt=st.one_of(st.none(), st.frozensets(st.sampled_from([4, 5, 6]), min_size=1)),
    fifth_card=thirds,
    sixth_card=thirds,
    all_cards=st.one_of(st.none(), groups),
    first_four=st.one_of(st.none(), groups),
)

HAND_KEYS = {
    "total": values,
    "two_card_total": values,
    "natural": st.booleans(),
    "cards": st.sampled_from([2, 3]),
    "pair": st.booleans(),
    "suited_pair": st.booleans(),
    "third_card": thirds,
    "result": st.sampled_from(["win", "tie", "loss"]),
    "margin": st.integers(-3, 3),
    "group": groups,
    "first_two": groups,
}


def _few(keys: dict[str, st.SearchStrategy], build: type) -> st.SearchStrategy:
    """Tests of one or two keys: most win on some dealing of a small shoe."""
    return (
        st.lists(st.sampled_from(sorted(keys)), min_size=1, max_size=2, unique=True)
        .flatmap(lambda chosen: st.fixed_dictionaries({key: keys[key] for key in chosen}))
        .map(lambda kw: build(**kw))
    )


few_hand = _few(HAND_KEYS, HandTest)
KEYS = {
    "player": few_hand,
    "banker": few_hand,
    "either": few_hand,
    "both": few_hand,
    "winning_hand": few_hand,
    "losing_hand": few_hand,
    "winner": st.frozensets(st.sampled_from(["player", "banker", "tie"]), min_size=1),
    "cards_dealt": st.frozensets(st.sampled_from([4, 5, 6]), min_size=1),
    "fifth_card": thirds,
    "sixth_card": thirds,
    "all_cards": groups,
    "first_four": groups,
}
sparse = _few(KEYS, Condition)


def _wager(rows: list[Condition]) -> Wager:
    outcomes = tuple(Outcome(name=f"row {i}", pays=Fraction(i + 1), extended=c) for i, c in enumerate(rows))
    return Wager(
        name="random",
        title="Random",
        side=None,
        offered=True,
        source="tests",
        outcomes=outcomes + (Outcome(name="other", pays=Fraction(-1)),),
    )


shoes = st.lists(st.sampled_from(["9H", "9S", "KH", "KH", "QD", "5C", "8D", "3H", "AS", "7C"]), min_size=6, max_size=8)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.one_of(conditions, sparse), min_size=1, max_size=3), cards=shoes)
def test_random_pay_tables_count_alike_on_every_path(rows: list[Condition], cards: list[str]) -> None:
    wager = _wager(rows)
    shoe = Shoe.from_cards(cards)
    assert wager_counts(shoe, DRAWING, [wager]) == deal_outcomes(shoe, DRAWING, [wager])
