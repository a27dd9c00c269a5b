"""A designer adds a bet to any game without copying it: ``extends`` and ``--wagers FILE``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe

WAGERS_ONLY = """
[wagers.either-pair]
title = "Either Pair"
source = "tests"
outcomes = [
  { name = "pair", either = { pair = true }, pays = "5:1" },
  { name = "no pair", pays = "lose" },
]
"""

EXTENDING = (
    """
[rule_set]
name = "pb-with-either-pair"
title = "Punto banco with Either Pair"
extends = "punto-banco"
"""
    + WAGERS_ONLY
)


def test_a_file_that_extends_a_rule_set_takes_its_drawing_dealing_and_main_pays(rule_file) -> None:  # type: ignore[no-untyped-def]
    mine, base = load_rules(rule_file(EXTENDING)), load_rules("punto-banco")
    assert (mine.drawing, mine.dealing, mine.decks, mine.document) == (
        base.drawing,
        base.dealing,
        base.decks,
        base.document,
    )
    assert mine.extends == "punto-banco"
    assert [w for w in mine.wagers if w.name != "either-pair"] == list(base.wagers)
    assert mine.wager("either-pair").offered


def test_extends_names_an_unknown_rule_set(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(EXTENDING.replace('extends = "punto-banco"', 'extends = "vegas"'))
    with pytest.raises(InputError, match=r"rule_set\.extends: Unknown rule set"):
        load_rules(path)


def test_a_file_may_not_extend_itself_even_through_another(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A loop of extends is one clear error, not a recursion that never ends; the provenance names every file read."""
    (tmp_path / "a.toml").write_text(EXTENDING.replace('extends = "punto-banco"', 'extends = "b.toml"'))
    (tmp_path / "b.toml").write_text(EXTENDING.replace('extends = "punto-banco"', 'extends = "a.toml"'))
    (tmp_path / "c.toml").write_text(EXTENDING.replace('extends = "punto-banco"', 'extends = "c.toml"'))
    for name in ("a.toml", "c.toml"):
        with pytest.raises(InputError, match="which extends this file again; a rule file cannot extend itself"):
            load_rules(str(tmp_path / name))
    (tmp_path / "b.toml").write_text(EXTENDING)
    assert [(name, role) for name, role, _ in load_rules(str(tmp_path / "a.toml")).other_files] == [
        ("punto-banco.toml", "extended rule file"),
        (str(tmp_path / "b.toml"), "extended rule file"),
    ]


@pytest.mark.parametrize("host", ["mini-louisiana", "dactylus"])
@pytest.mark.parametrize("text", [WAGERS_ONLY, EXTENDING])
def test_wagers_of_a_file_are_added_to_any_rule_set(rule_file, host: str, text: str) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(text, "wagers.toml")
    rules = load_rules(host, [path])
    assert [w.name for w in rules.wagers][-1] == "either-pair" and rules.name == host
    assert rules.notes[-1] == f"Wagers added from {path} (--wagers): either-pair."
    (sheet,) = par_sheets(rules, Shoe.decks(8), ("either-pair",))
    assert sheet.rows[0].combinations == 718_854_004_327_680


def test_a_wager_the_rule_set_has_already_is_refused(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(WAGERS_ONLY, "wagers.toml")
    with pytest.raises(InputError, match="wager 'either-pair' is already in rule set"):
        load_rules("punto-banco", [path, path])


def test_a_file_without_side_bets_is_refused() -> None:
    with pytest.raises(InputError, match="defines no side bet to add"):
        load_rules("punto-banco", ["dactylus"])


def test_the_command_line_takes_wagers_wherever_it_takes_rules(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(WAGERS_ONLY, "wagers.toml")
    result = CliRunner().invoke(
        cli, ["analyze", "--rules", "mini-louisiana", "--wagers", path, "--wager", "either-pair"]
    )
    assert result.exit_code == 0, result.output
    assert "== Either Pair (either-pair): offered" in result.output
    assert "718,854,004,327,680" in result.output
