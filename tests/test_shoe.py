"""The shoe: composition, removal, and refusal of impossible shoes."""

import pytest

from analyzer.errors import InputError
from analyzer.game.shoe import Shoe, falling


def test_eight_decks_as_003_states() -> None:
    """003: 'Mini Baccarat is played with eight decks of cards.'"""
    shoe = Shoe.decks(8)
    assert shoe.size == 416 and all(n == 32 for n in shoe.counts)
    assert shoe.denominator == falling(416, 6) == 4_998_398_275_503_360


def test_remove_takes_out_exactly_the_cards_named() -> None:
    shoe = Shoe.decks(8).remove(["5", "5", "K", "A"])
    assert (shoe.count("5"), shoe.count("K"), shoe.count("A"), shoe.size) == (30, 31, 31, 412)
    assert shoe.removed_from_decks() == ("A", "5", "5", "K")
    assert shoe.decks_built == 8


def test_by_value_pools_tens_and_faces() -> None:
    assert Shoe.decks(2).by_value() == (32, 8, 8, 8, 8, 8, 8, 8, 8, 8)


def test_removing_more_of_a_rank_than_the_shoe_holds_is_refused() -> None:
    with pytest.raises(InputError, match="Cannot remove 5 card\\(s\\) of rank K: the shoe holds only 4"):
        Shoe.decks(1).remove(["K"] * 5)


def test_a_shoe_too_small_to_finish_a_round_is_refused() -> None:
    with pytest.raises(InputError, match="too small"):
        Shoe.from_counts({"A": 3, "K": 2})
    with pytest.raises(InputError, match="too small"):
        Shoe.decks(1).remove(
            ["A"] * 4
            + ["2"] * 4
            + ["3"] * 4
            + ["4"] * 4
            + ["5"] * 4
            + ["6"] * 4
            + ["7"] * 4
            + ["8"] * 4
            + ["9"] * 4
            + ["T"] * 4
            + ["J"] * 4
            + ["Q"] * 4
            + ["K"]
        )


@pytest.mark.parametrize("decks", [0, -1, True, 1001, 10**1000])
def test_deck_count_must_be_a_whole_number_from_one_to_the_limit(decks: int) -> None:
    with pytest.raises(InputError, match="from 1 to 1,000") as caught:
        Shoe.decks(decks)
    assert len(str(caught.value)) < 250


def test_shoes_with_the_same_counts_are_equal_and_hash_alike() -> None:
    a = Shoe.decks(1).remove(["A"])
    b = Shoe.from_counts({r: (3 if r == "A" else 4) for r in "A23456789TJQK"})
    assert a == b and hash(a) == hash(b)


def test_full_decks_know_their_suits_and_lose_them_when_a_rank_alone_is_removed() -> None:
    """A card taken out by its rank only could be any of its suits: the shoe's suits are then unknown."""
    assert Shoe.decks(2).suited and Shoe.decks(2).type_count("QS") == 2
    assert not Shoe.decks(2).remove(["Q"]).suited
    suited = Shoe.decks(2).remove(["QS", "QS", "9H"])
    assert suited.suited and suited.type_count("QS") == 0 and suited.count("Q") == 6
    assert suited.removed_from_decks() == ("9H", "QS", "QS")


def test_removing_a_suited_card_the_shoe_lacks_is_refused() -> None:
    with pytest.raises(InputError, match="Cannot remove 2 card\\(s\\) KH: the shoe holds only 1"):
        Shoe.decks(1).remove(["KH", "KH"])
    with pytest.raises(InputError, match="suits of this shoe are unknown"):
        Shoe.decks(1).remove(["K"]).remove(["QH"])


def test_a_shoe_of_given_cards() -> None:
    shoe = Shoe.from_cards(["KH", "KH", "5S", "9D", "9C", "AS"])
    assert shoe.suited and shoe.count("K") == 2 and shoe.type_count("KH") == 2 and shoe.size == 6
    assert not Shoe.from_cards(["K", "KH", "5S", "9D", "9C", "AS"]).suited
