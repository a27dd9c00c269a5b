"""The [dealing] table of a rule file: each document's order of the first four cards and its procedure."""

from __future__ import annotations

import pytest

from analyzer.errors import InputError
from analyzer.game.rulefile import read_rules
from analyzer.game.rules import DEFAULT_DEALING
from analyzer.game.shipped import shipped, shipped_text


def test_each_document_deals_in_its_own_order_by_its_own_procedure() -> None:
    """001: two cards to the player hand, then two to the banker hand; 003: 'The first card is dealt to the
    player's hand, second to the banker's hand, third to the player's hand and fourth to the banker's hand';
    004: 'dealt alternately'; 000: the dealer instructions."""
    dealing = {name: (read_rules(name).dealing.order_text, read_rules(name).dealing.procedure) for name in shipped()}
    assert dealing == {
        "punto-banco": ("P P B B", "standard"),
        "live-pittsburgh": ("P B P B", "standard"),
        "dactylus": ("P B P B", "standard"),
        "mini-louisiana": ("P B P B", "louisiana"),
    }
    for name in shipped():
        rules = read_rules(name)
        assert rules.dealing.source.startswith(rules.document[:3]), name
    # 004 and 000 do not say which hand gets the first card: a stated default
    assert read_rules("dactylus").dealing.default and read_rules("mini-louisiana").dealing.default
    assert read_rules("live-pittsburgh").dealing.default is None


def test_a_rule_file_without_dealing_is_dealt_as_003_says_and_says_so(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = shipped_text("live-pittsburgh")
    start = text.index("[dealing]")
    path = rule_file(text[:start] + text[text.index("[drawing]") :])
    rules = read_rules(path)
    assert rules.dealing == DEFAULT_DEALING and "no [dealing] table" in (rules.dealing.default or "")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace('order = "P P B B"', 'order = "P P P B"'),
            r"dealing\.order: is 'P P P B'; it must name .* two P and two B",
        ),
        (
            lambda t: t.replace('procedure = "standard"', 'procedure = "macau"'),
            r"dealing\.procedure: is 'macau'; it must be one of standard, louisiana",
        ),
        (
            lambda t: t.replace('procedure = "standard"', 'procedure = "louisiana"'),
            r"procedure 'louisiana' announces the Banker's decision before .* Banker row 3 must not depend on that "
            r"card's value",
        ),
        (
            lambda t: t.replace("[dealing]", "[dealing]\nburn = 1"),
            r"dealing\.burn: is not a known key; allowed here: order, procedure, source, default",
        ),
    ],
)
def test_bad_dealing_is_refused(rule_file, change, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match=message):
        read_rules(rule_file(change(shipped_text("punto-banco"))))


def test_louisiana_procedure_refuses_a_banker_that_draws_only_against_hands_that_drew(rule_file) -> None:  # type: ignore[no-untyped-def]
    """000 steps 10a-10c: the Banker stands against all, draws against all, or draws only against hands that stood."""
    text = shipped_text("mini-louisiana").replace(
        '"5" = "H      S S S S S S S S S S"', '"5" = "S      H H H H H H H H H H"'
    )
    with pytest.raises(InputError, match="Banker row 5 draws only against hands that drew"):
        read_rules(rule_file(text))
