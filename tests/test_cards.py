"""Card values and parsing (001 'The Rules')."""

import pytest

from analyzer.errors import InputError
from analyzer.game.cards import RANKS, VALUES, hand_total, parse_cards


def test_values_as_001_states_them() -> None:
    """001: 'Each numbered card less than ten is worth its face value, aces are worth 1, and tens and face cards are
    worth 0.'"""
    assert dict(zip(RANKS, VALUES)) == {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "T": 0,
        "J": 0,
        "Q": 0,
        "K": 0,
    }


def test_score_is_the_right_digit_of_the_total() -> None:
    """001: 'if the two cards were an 8 and 7, then the total would be 15, and the score would be a 5'."""
    assert hand_total(["8", "7"]) == 5
    assert hand_total(["6", "4"]) == 0  # 003: 'Any two cards which total 10 (ex: six & four) count as 0.'
    assert hand_total(["7", "Q"]) == 7  # 003: 'a seven and queen draw has point total of 7'


def test_parse_accepts_commas_spaces_case_and_ten() -> None:
    assert parse_cards("A,5,K") == ("A", "5", "K")
    assert parse_cards(" 9 k  3,10 ") == ("9", "K", "3", "T")
    assert parse_cards("") == ()


@pytest.mark.parametrize("text", ["X", "11", "0", "5,,Z", "A;5"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(InputError, match="is not a card"):
        parse_cards(text)


def test_a_card_may_name_its_suit_before_or_after_the_rank() -> None:
    assert parse_cards("KH 9d 10s ♣7 a♦") == ("KH", "9D", "TS", "7C", "AD")


@pytest.mark.parametrize("text", ["KX", "HK9", "♠K♠", "1 0H"])
def test_parse_refuses_a_suit_that_is_not_one(text: str) -> None:
    with pytest.raises(InputError, match="is not a card"):
        parse_cards(text)


def test_card_types_are_rank_major() -> None:
    from analyzer.game.cards import TYPES, card_text, type_index

    assert len(TYPES) == 52 and TYPES[:4] == ("AS", "AH", "AD", "AC") and TYPES[-1] == "KC"
    assert type_index("KH") == 12 * 4 + 1 and TYPES[type_index("9D")] == "9D"
    assert card_text("KH") == "K♥" and card_text("K") == "K"
