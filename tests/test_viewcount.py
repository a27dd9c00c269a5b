"""The one-shoe numpy kernel (analyzer/exact/viewcount.py) held to the pure-Python count and to a brute force.

Every count of every side view must be the very integer that
``side_views(count_deals(...))`` gives (Python ints), on the brute-force
shoes (odd sizes, suited ones too), random depleted shoes, 8 decks and the
largest shoe inside the kernel's int64 bound; past that bound the kernel
refuses and the par sheets take the Python-int path. The par sheets of
every shipped rule set are the same on both paths, and the 8-deck figures
are the published ones.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.exact import outcomes
from analyzer.exact.distribution import side_views
from analyzer.exact.fastcount import count_deals
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.viewcount import fits_int64, row_counts, side_view_counts
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.settle import VIEWS, view_index
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe

from .brute_force import brute_force
from .test_enumerator import ODD_SHOES

DRAWINGS = {"standard": read_rules("punto-banco").drawing, "louisiana": read_rules("mini-louisiana").drawing}


def _pure(shoe: Shoe, drawing: str) -> tuple[list[int], list[int]]:
    views = side_views(count_deals(shoe, DRAWINGS[drawing]))
    return list(views["player"]), list(views["banker"])


def _kernel(shoe: Shoe, drawing: str) -> tuple[list[int], list[int]]:
    player, banker = side_view_counts(shoe.counts, DRAWINGS[drawing])
    return player.tolist(), banker.tolist()


@pytest.mark.parametrize("shoe_name", sorted(ODD_SHOES))
@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_side_views_of_odd_shoes_equal_a_brute_force_over_every_ordered_dealing(shoe_name: str, drawing: str) -> None:
    """Six-card permutations of the physical cards, played out and counted per side view."""
    cards = ODD_SHOES[shoe_name]
    player, banker = [0] * VIEWS, [0] * VIEWS
    for s, n in brute_force(cards, drawing).items():
        player[view_index(s.player_total, s.banker_total, s.player_cards, s.player_pair)] += n
        banker[view_index(s.banker_total, s.player_total, s.banker_cards, s.banker_pair)] += n
    assert _kernel(Shoe.from_counts(Counter(cards)), drawing) == (player, banker)


@pytest.mark.parametrize(
    "cards",
    [
        ["KS", "KH", "QD", "JC", "TS", "TS", "5H", "5D", "9C"],  # pairs of tens of one rank, two ranks, a 5-5
        ["AS", "AH", "2D", "3C", "3S", "4H", "6D"],
        ["KS", "KS", "KH", "QC", "QD", "TS", "9H", "8D", "7C", "6S"],
    ],
    ids=["tens-of-several-ranks", "seven-low-cards", "tens-and-high-cards"],
)
def test_a_suited_shoe_is_counted_by_its_ranks(cards: list[str]) -> None:
    """Side views read no suit: a suited shoe's views are those of its rank counts, and the brute force's."""
    shoe = Shoe.from_cards(cards)
    assert shoe.suited
    ranks = [c[0] for c in cards]
    player, banker = [0] * VIEWS, [0] * VIEWS
    for s, n in brute_force(ranks, "standard").items():
        player[view_index(s.player_total, s.banker_total, s.player_cards, s.player_pair)] += n
        banker[view_index(s.banker_total, s.player_total, s.banker_cards, s.banker_pair)] += n
    assert _kernel(shoe, "standard") == (player, banker) == _pure(shoe, "standard")


def _feasible(seen: list[str], decks: int) -> list[str]:
    kept: Counter[str] = Counter()
    out = []
    for rank in seen:
        if kept[rank] < 4 * decks:
            kept[rank] += 1
            out.append(rank)
    return out[: 52 * decks - 6]


depleted_shoes = st.integers(1, 8).flatmap(
    lambda decks: st.lists(st.sampled_from(RANKS), max_size=60).map(
        lambda seen: Shoe.decks(decks).remove(_feasible(seen, decks))
    )
)


@settings(max_examples=25, deadline=None)
@given(shoe=depleted_shoes, drawing=st.sampled_from(sorted(DRAWINGS)))
def test_random_depleted_shoes_equal_the_python_int_count(shoe: Shoe, drawing: str) -> None:
    assert _kernel(shoe, drawing) == _pure(shoe, drawing)


small_shoes = st.dictionaries(st.sampled_from(RANKS), st.integers(0, 5), min_size=1, max_size=13).filter(
    lambda counts: sum(counts.values()) >= 6
)


@settings(max_examples=25, deadline=None)
@given(counts=small_shoes, drawing=st.sampled_from(sorted(DRAWINGS)))
def test_random_small_shoes_equal_the_python_int_count(counts: dict[str, int], drawing: str) -> None:
    shoe = Shoe.from_counts(counts)
    assert _kernel(shoe, drawing) == _pure(shoe, drawing)


def test_eight_decks_and_the_largest_shoe_in_the_int64_bound_equal_the_python_int_count() -> None:
    """724 cards is the largest shoe with 64 N^6 < 2^63; its counts are near 2^56."""
    assert fits_int64(724) and not fits_int64(725)
    assert _kernel(Shoe.decks(8), "standard") == _pure(Shoe.decks(8), "standard")
    largest = Shoe(counts=(56,) * 12 + (52,))
    assert largest.size == 724
    assert _kernel(largest, "standard") == _pure(largest, "standard")


def test_a_shoe_beyond_the_int64_bound_is_refused_and_priced_with_python_ints() -> None:
    shoe = Shoe(counts=(56,) * 12 + (53,))
    with pytest.raises(ValueError, match="beyond the int64 bound"):
        side_view_counts(shoe.counts, DRAWINGS["standard"])
    rules = read_rules("punto-banco")
    assert outcomes.side_view_rows(shoe, rules.drawing, rules.wagers) is None
    (banker,) = par_sheets(rules, shoe, ("banker",))
    assert sum(banker.counts) == banker.denominator == shoe.denominator


@pytest.mark.parametrize("name", shipped())
def test_par_sheets_are_the_same_on_the_kernel_and_the_python_int_path(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = read_rules(name)
    shoe = Shoe.decks(6).remove(["T", "J", "J", "9", "A", "5"])
    assert outcomes.side_view_rows(shoe, rules.drawing, tuple(w for w in rules.wagers if w.side_view_only))
    kernel = par_sheets(rules, shoe)
    monkeypatch.setattr(outcomes, "_numpy_loaded", lambda: False)
    assert par_sheets(rules, shoe) == kernel


def test_row_counts_settle_each_wager_by_its_pay_table() -> None:
    rules = read_rules("punto-banco")
    wagers = tuple(rules.wager(name) for name in ("banker", "tie", "player-pair"))
    banker, tie, pair = row_counts(Shoe.decks(8).counts, rules.drawing, wagers)
    assert [o.name for o in wagers[0].outcomes] == ["Banker wins", "tie", "Player wins"]
    # Source: Wizard of Odds, baccarat basics (wizardofodds.com/games/baccarat/), 8 decks:
    # Banker wins 2,292,252,566,437,888; Player wins 2,230,518,282,592,256; tie 475,627,426,473,216
    assert banker == [2292252566437888, 475627426473216, 2230518282592256]
    assert tie == [475627426473216, Shoe.decks(8).denominator - 475627426473216]
    assert sum(pair) == Shoe.decks(8).denominator


def test_the_published_eight_deck_house_edges_come_out_of_the_kernel() -> None:
    # Source: Wizard of Odds, baccarat basics (wizardofodds.com/games/baccarat/), 8 decks: house edge
    # Banker 1.0579%, Player 1.2351%, Tie (8 to 1) 14.3596%, Player Pair (11 to 1) 10.3614%
    sheets = {s.wager.name: s for s in par_sheets(read_rules("punto-banco"), Shoe.decks(8))}
    edges = {name: sheets[name].house_edge for name in ("banker", "player", "tie", "player-pair")}
    assert {name: round(float(edge), 6) for name, edge in edges.items() if edge is not None} == {
        "banker": 0.010579,
        "player": 0.012351,
        "tie": 0.143596,
        "player-pair": 0.103614,
    }
    denominator = Shoe.decks(8).denominator
    assert edges["banker"] == Fraction(2230518282592256 - 2292252566437888 * Fraction(95, 100), denominator)
