"""The strict pay parser: only the documented forms, never evaluated."""

from fractions import Fraction

import pytest

from analyzer.errors import InputError
from analyzer.game.odds import format_pays, parse_pays, parse_percent


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("11:1", Fraction(11)),
        ("19:20", Fraction(19, 20)),
        ("0.95", Fraction(19, 20)),
        ("1:2", Fraction(1, 2)),
        ("0.5", Fraction(1, 2)),
        ("8 to 1", Fraction(8)),
        ("30 TO 1", Fraction(30)),
        ("push", Fraction(0)),
        ("lose", Fraction(-1)),
        ("2", Fraction(2)),
    ],
)
def test_accepted_forms(text: str, value: Fraction) -> None:
    assert parse_pays(text) == value


@pytest.mark.parametrize(
    "text", ["", "1/2", "-1:1", "1:0", "1e3", "__import__('os')", "0.95.1", "11:1:1", "eleven to one", "1:-2"]
)
def test_refused_forms_name_the_allowed_ones(text: str) -> None:
    with pytest.raises(InputError, match=r"N:M|divides by zero"):
        parse_pays(text)


def test_format_round_trips() -> None:
    for text in ("11:1", "19:20", "1:2", "push", "lose", "30:1"):
        assert format_pays(parse_pays(text)) == text


def test_percent_needs_the_percent_sign() -> None:
    assert parse_percent("2%") == Fraction(1, 50)
    assert parse_percent("1.0579%") == Fraction(10579, 1000000)
    with pytest.raises(InputError, match="not a percentage"):
        parse_percent("2")
