"""Choices as data: the [choices] table, the games folder, and what a bad entry gets (one line)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.errors import InputError
from analyzer.game.choices import parse_commission
from analyzer.game.rulefile import parse, read_rules
from analyzer.game.shipped import games, shipped

from .clirun import assert_refused, run

CHEMIN = read_rules("chemin-de-fer")


def test_chemin_de_fer_frees_the_player_at_5_and_every_banker_cell_at_0_to_7() -> None:
    choices = CHEMIN.choices
    assert choices is not None
    assert choices.player_free == (5,) and choices.free_banker_cells == 88
    assert choices.information == "banker-composition" and choices.commission == 0
    assert CHEMIN.decks == 6 and "six 52-card decks" in CHEMIN.decks_source


def test_the_campione_regle_fixes_the_banker_at_0_1_2_and_7_and_cites_its_page() -> None:
    rules = read_rules("chemin-de-fer-campione")
    assert rules.choices is not None and rules.extends == "chemin-de-fer"
    assert [sum(row) for row in rules.choices.banker] == [0, 0, 0, 11, 11, 11, 11, 0]
    assert "with 0, 1, 2, he will always draw another card" in rules.choices.source
    assert "casinocampione.it" in rules.document


def test_the_games_are_shipped_apart_from_the_four_documented_rule_sets() -> None:
    assert shipped() == ("mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus")
    assert games() == ("chemin-de-fer", "chemin-de-fer-campione")


def test_analyze_without_rules_still_prints_the_four_documented_rule_sets_only() -> None:
    code, out, _ = run("analyze", "--wager", "tie", "--format", "json")
    assert code == 0 and "chemin-de-fer" not in out


def test_the_fixed_rule_commands_play_every_free_cell_as_the_tableau_says() -> None:
    code, out, _ = run("analyze", "--rules", "chemin-de-fer", "--wager", "player")
    assert code == 0 and "Player wins" in out
    assert CHEMIN.drawing == read_rules("punto-banco").drawing


BASE = (Path(__file__).parent.parent / "analyzer/game/rulesets/games/chemin-de-fer.toml").read_text()


def _with(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new, 1)


@pytest.mark.parametrize(
    "text, message",
    [
        (_with('player = "- - - - - C - -"', 'player = "- - - - - X - -"'), "each C (the side chooses) or -"),
        (_with('player = "- - - - - C - -"', 'player = "- - C"'), "it must be 8 entries"),
        (_with('"7" = "C      C C C C C C C C C C"', '"7" = "C C"'), 'banker."7"'),
        (_with('information = "banker-composition"', 'information = "cards"'), "is not one of totals"),
        (_with('commission = "0%"', 'commission = "80%"'), "outside 0% to 50%"),
        (_with('commission = "0%"', 'commission = "five"'), "not a percentage or a fraction"),
        (_with('commission = "0%"', 'commission = "0%"\nsurprise = 1'), "is not a known key"),
    ],
)
def test_a_bad_choices_entry_is_refused_in_one_sentence(text: str, message: str) -> None:
    with pytest.raises(InputError) as refused:
        parse(text, "my.toml")
    assert message in str(refused.value) and re.match(r"my\.toml, line \d+: ", str(refused.value))
    assert "\n" not in str(refused.value)


def test_a_file_extending_a_game_keeps_its_choices_and_may_change_them() -> None:
    kept = parse('[rule_set]\nname = "x"\ntitle = "x"\nextends = "chemin-de-fer"\n[wagers]\n', "x.toml")
    assert kept.choices == CHEMIN.choices
    changed = parse(
        '[rule_set]\nname = "x"\ntitle = "x"\nextends = "chemin-de-fer"\n[wagers]\n'
        + BASE[BASE.index("\n[choices]\n") : BASE.index("\n[wagers.player]")].replace('"0%"', '"5%"'),
        "x.toml",
    )
    assert changed.choices is not None and changed.choices.commission == Fraction(1, 20)


def test_a_commission_is_a_percentage_or_a_fraction() -> None:
    assert parse_commission("5%") == parse_commission("1/20") == Fraction(1, 20)
    with pytest.raises(InputError):
        parse_commission("-1%")


def test_equilibrium_refuses_a_rule_set_without_choices() -> None:
    assert_refused(["equilibrium", "--rules", "punto-banco"], "leaves no drawing cell to a side's choice")


def test_equilibrium_refuses_bad_options_in_one_line() -> None:
    assert_refused(["equilibrium", "--rules", "chemin-de-fer", "--commission", "60%"], "outside 0% to 50%")
    assert_refused(["equilibrium", "--rules", "chemin-de-fer", "--with-replacement", "--decks", "6"], "without --decks")
    assert_refused(["equilibrium", "--rules", "chemin-de-fer", "--upto", "4"], "--upto goes with --formula")
    assert_refused(["equilibrium", "--rules", "chemin-de-fer", "--seed", "4"], "go with --shoes")
    assert_refused(["equilibrium", "--rules", "chemin-de-fer", "--information", "cards"], "--information")
