"""Rows no deal can reach are refused when the rule set is loaded, naming the row and why."""

from __future__ import annotations

import re

import pytest

from analyzer.errors import InputError
from analyzer.exact.reach import load_rules
from analyzer.game.shipped import catalogue, shipped, shipped_text

from .slow import side_bets

FILE = """
[rule_set]
name = "x"
title = "x"
extends = "punto-banco"

[wagers.mine]
title = "Mine"
source = "tests"
outcomes = [
ROWS
]
"""


def _file(rule_file, rows: str, extra: str = "") -> str:  # type: ignore[no-untyped-def]
    return rule_file(
        FILE.replace("ROWS", rows).replace("outcomes = [", f"{extra}\noutcomes = [" if extra else "outcomes = [")
    )


@pytest.mark.parametrize("name", side_bets(shipped() + catalogue()))
def test_every_shipped_row_can_be_reached(name: str) -> None:
    """Loading a shipped name skips the check (package data), so the tests make it here."""
    from analyzer.exact.reach import check
    from analyzer.game.rulefile import read_rules as parse_only

    assert check(parse_only(name)).name


def test_a_catch_all_above_real_rows_is_refused(rule_file) -> None:  # type: ignore[no-untyped-def]
    """The issue's example: a misplaced catch-all gave 'house edge: -500.0000%' with no warning."""
    text = shipped_text("live-pittsburgh").replace(
        '  { name = "natural win", result = "win", natural = true, pays = "1:1" },',
        '  { name = "lose anything", pays = "lose" },\n  { name = "natural win", result = "win", natural = true, pays '
        '= "1:1" },',
        1,
    )
    path = rule_file(text)
    with pytest.raises(
        InputError,
        match=r"wagers\.dragon-bonus-player: 9 rows are dead: outcomes\[1\] \('natural win', line \d+\) is never "
        r"reached: every round it describes is settled by a row above it \('lose anything'\); outcomes\[2\] .*"
        r"outcomes\[9\] \('any other result', line \d+\) is never reached",
    ):
        load_rules(path)


def test_every_dead_row_is_listed_with_its_reason_at_once(rule_file) -> None:  # type: ignore[no-untyped-def]
    """Issue 18, generated tables: not only the first dead row is named, each with why it is dead."""
    path = _file(
        rule_file,
        """
  { name = "any pair", either = { pair = true }, pays = "5:1" },
  { name = "both pairs", both = { pair = true }, pays = "25:1" },
  { name = "natural with three cards", player = { natural = true, cards = 3 }, pays = "9:1" },
  { name = "other", pays = "lose" },""",
    )
    with pytest.raises(
        InputError,
        match=r"line 7: wagers\.mine: 2 rows are dead: outcomes\[1\] \('both pairs', line 13\) is never reached: every "
        r"round it describes is settled by a row above it \('any pair'\); outcomes\[2\] \('natural with three "
        r"cards', line 14\) is never reached: its conditions never hold together",
    ):
        load_rules(path)


def test_a_generated_table_may_keep_its_dead_rows_and_they_are_noted(rule_file) -> None:  # type: ignore[no-untyped-def]
    """Issue 18: unreachable = "allow" keeps rows no deal reaches; the rule set's notes name them; they count zero."""
    path = _file(
        rule_file,
        """
  { name = "any pair", either = { pair = true }, pays = "5:1" },
  { name = "both pairs", both = { pair = true }, pays = "25:1" },
  { name = "other", pays = "lose" },""",
        extra='unreachable = "allow"',
    )
    rules = load_rules(path)
    assert any("1 row no deal can reach, kept (unreachable = \"allow\"): 'both pairs'" in note for note in rules.notes)
    from analyzer.exact.parsheet import par_sheets
    from analyzer.game.shoe import Shoe

    (sheet,) = par_sheets(rules, Shoe.decks(8), ("mine",))
    assert {r.outcome.name: r.combinations for r in sheet.rows}["both pairs"] == 0


def test_a_narrower_row_under_a_broader_one_is_refused(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = _file(
        rule_file,
        """
  { name = "any pair", either = { pair = true }, pays = "5:1" },
  { name = "both pairs", both = { pair = true }, pays = "25:1" },
  { name = "other", pays = "lose" },""",
    )
    with pytest.raises(
        InputError,
        match=r"line 13: wagers\.mine\.outcomes\[1\]: row 'both pairs' is never reached: .* above it \('any pair'\); "
        r"move it above them \(it then takes those rounds\) or drop it",
    ):
        load_rules(path)


@pytest.mark.parametrize(
    "row",
    [
        '{ name = "a", player = { natural = true, cards = 3 }, pays = "1:1" }',
        '{ name = "a", player = { total = 9, two_card_total = 9, third_card = "5" }, pays = "1:1" }',
        # 001's chart: a Banker two-card 3 stands when the Player's third card is an 8
        '{ name = "a", banker = { two_card_total = 3, cards = 3 }, player = { third_card = "8" }, pays = "1:1" }',
        '{ name = "a", first_four = { holds = ["9", "9", "9", "9", "9"] }, pays = "1:1" }',
        '{ name = "a", player = { suited_pair = true, pair = false }, pays = "1:1" }',
        '{ name = "a", cards_dealt = 4, fifth_card = "5", pays = "1:1" }',
    ],
)
def test_contradictory_conditions_are_refused(rule_file, row: str) -> None:  # type: ignore[no-untyped-def]
    path = _file(rule_file, f'  {row},\n  {{ name = "other", pays = "lose" }},')
    with pytest.raises(
        InputError,
        match=r"custom\.toml, line 11: wagers\.mine\.outcomes\[0\]: row 'a' is never reached: its conditions never "
        r"hold together in a round these drawing rules deal \(no order of the rows helps\); ",
    ) as refused:
        load_rules(path)
    assert "move" not in str(refused.value)  # moving a row whose conditions never hold together cannot help


@pytest.mark.parametrize(
    ("row", "blamed"),
    [
        (
            "player = { natural = true, cards = 3 }",
            "without player.natural, or without player.cards, it would hold: change one",
        ),
        ("natural = true, cards = 3", "without natural, or without cards, it would hold"),
        # the cards themselves: no test is counted alone (their records are many), the advice stays general
        ('banker = { two_card_total = 3, cards = 3 }, player = { third_card = "8" }', "change its conditions so that"),
    ],
)
def test_a_row_that_never_holds_is_told_which_test_to_change(rule_file, row: str, blamed: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 29, item 7: the advice says what would make the row reachable (each test whose loss lets it hold)."""
    side = 'side = "player"' if row.startswith("natural") else ""
    path = _file(rule_file, f'  {{ name = "a", {row}, pays = "1:1" }},\n  {{ name = "other", pays = "lose" }},', side)
    with pytest.raises(InputError, match=re.escape(blamed)):
        load_rules(path)


def test_a_pay_table_that_leaves_rounds_unsettled_is_refused(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = _file(rule_file, '  { name = "pair", either = { pair = true }, pays = "5:1" },')
    with pytest.raises(InputError, match=r"wagers\.mine: some round is settled by no row"):
        load_rules(path)


def test_the_parser_alone_does_not_count(rule_file) -> None:  # type: ignore[no-untyped-def]
    from analyzer.game.rulefile import read_rules as parse_only

    path = _file(
        rule_file, '  { name = "other", pays = "lose" },\n  { name = "pair", either = { pair = true }, pays = "5:1" },'
    )
    assert parse_only(path).wager("mine")
    with pytest.raises(InputError, match="never reached"):
        load_rules(path)
