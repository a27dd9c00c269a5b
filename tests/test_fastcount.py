"""The fast exact path against the reference enumerator: identical distributions.

``count_deals`` must return the very dict ``enumerate_deals`` returns (final
states, pair flags, counts), on the odd shoes the brute force checks the
enumerator on and on random shoes: small ones with a few ranks (pairs of
tens of different ranks included) and depleted multi-deck shoes.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.exact.enumerator import enumerate_deals
from analyzer.exact.fastcount import class_counts, count_deals
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState

from .test_enumerator import ODD_SHOES

DRAWINGS = {"standard": read_rules("punto-banco").drawing, "louisiana": read_rules("mini-louisiana").drawing}


@pytest.mark.parametrize("shoe_name", sorted(ODD_SHOES))
@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_odd_shoes_equal_the_reference(shoe_name: str, drawing: str) -> None:
    shoe = Shoe.from_counts(Counter(ODD_SHOES[shoe_name]))
    assert dict(count_deals(shoe, DRAWINGS[drawing]).counts) == dict(enumerate_deals(shoe, DRAWINGS[drawing]).counts)


small_shoes = st.dictionaries(st.sampled_from(RANKS), st.integers(1, 9), min_size=2, max_size=8).filter(
    lambda counts: sum(counts.values()) >= 6
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(counts=small_shoes, drawing=st.sampled_from(sorted(DRAWINGS)))
def test_random_small_shoes_equal_the_reference(counts: dict[str, int], drawing: str) -> None:
    shoe = Shoe.from_counts(counts)
    assert dict(count_deals(shoe, DRAWINGS[drawing]).counts) == dict(enumerate_deals(shoe, DRAWINGS[drawing]).counts)


depleted_shoes = st.builds(
    lambda decks, seen: Shoe.decks(decks).remove(seen[: 52 * decks - 6]),
    st.integers(1, 8),
    st.lists(st.sampled_from(RANKS), max_size=40).map(lambda seen: _feasible(seen)),
)


def _feasible(seen: list[str]) -> list[str]:
    """At most four of a rank per deck: keep the first four of each (one deck always has them)."""
    kept: Counter[str] = Counter()
    out = []
    for rank in seen:
        if kept[rank] < 4:
            kept[rank] += 1
            out.append(rank)
    return out


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(shoe=depleted_shoes, drawing=st.sampled_from(sorted(DRAWINGS)))
def test_random_depleted_shoes_equal_the_reference(shoe: Shoe, drawing: str) -> None:
    assert dict(count_deals(shoe, DRAWINGS[drawing]).counts) == dict(enumerate_deals(shoe, DRAWINGS[drawing]).counts)


def test_a_large_shoe_equals_the_reference() -> None:
    """20 decks: counts near 2**60, where the packed bit fields are widest."""
    shoe = Shoe.decks(20).remove(["K", "K", "Q", "5"])
    drawing = DRAWINGS["standard"]
    assert dict(count_deals(shoe, drawing).counts) == dict(enumerate_deals(shoe, drawing).counts)


@pytest.mark.parametrize("name", shipped())
def test_one_pass_per_class_agrees_with_the_packed_pass(name: str) -> None:
    """class_counts (one pass per pair class, as the batch runs it) against count_deals (one packed pass)."""
    shoe = Shoe.decks(6).remove(["T", "T", "J", "9", "A"])
    packed = count_deals(shoe, read_rules(name).drawing).counts
    every, player, banker, both = class_counts(shoe.counts, read_rules(name).drawing)
    expected: list[Counter[tuple[int, int, int, int]]] = [Counter(), Counter(), Counter(), Counter()]
    for state, n in packed.items():
        hands = (state.player_total, state.banker_total, state.player_cards, state.banker_cards)
        expected[0][hands] += n
        expected[1][hands] += n * state.player_pair
        expected[2][hands] += n * state.banker_pair
        expected[3][hands] += n * (state.player_pair and state.banker_pair)
    for got, want in zip((every, player, banker, both), expected):
        assert {k: v for k, v in got.items() if v} == +want


def test_distribution_holds_positive_counts_only() -> None:
    """An ending that cannot happen from this shoe is absent, as in the enumerator (no zero counts)."""
    shoe = Shoe.from_counts({"K": 3, "Q": 3})  # every hand is 0-0: Player draws, Banker draws
    counts = count_deals(shoe, DRAWINGS["standard"]).counts
    assert set(counts) == {FinalState(0, 0, 3, 3, pp, bp) for pp in (False, True) for bp in (False, True)}
    assert all(n > 0 for n in counts.values())
