"""An electronic table game held to its approved live game (issue 28, item 3): wager by wager and row by row, exactly,
every difference named; ``verify --equivalent-to`` and the report's section.

Source: N.J.A.C. 13:69E-1.28P(b): electronic table games shall '2. Be designed to achieve a theoretical payback as
provided in the approved rules for each game offered'; the DICJ's standards for dealer-operated electronic table games
(Macau, 2018) hold them to the approved table game's probabilities and payouts.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from analyzer import load_rules
from analyzer.exact.parsheet import par_sheets
from analyzer.game.shoe import Shoe
from analyzer.studies.equivalence import equivalence

from .clirun import run

EXAMPLES = Path(__file__).parent.parent / "examples"
ELECTRONIC = str(EXAMPLES / "electronic-pittsburgh.toml")
LESS_ON_9 = """[rule_set]
name = "etg-less-on-9"
title = "An electronic table paying 25 to 1 on a Dragon Bonus win by 9"
extends = "live-pittsburgh"
kind = "electronic"

[wagers.dragon-bonus-player]
requires = ["player", "banker", "tie"]
requires_source = "as 003"
source = "the supplier's pay table"
outcomes = [
  { name = "natural win", result = "win", natural = true, pays = "1:1" },
  { name = "natural tie", result = "tie", natural = true, pays = "push" },
  { name = "win by 9, non-natural", result = "win", margin = 9, pays = "26 for 1" },
  { name = "win by 8", result = "win", margin = 8, pays = "10:1" },
  { name = "win by 7", result = "win", margin = 7, pays = "6:1" },
  { name = "win by 6", result = "win", margin = 6, pays = "4:1" },
  { name = "win by 5", result = "win", margin = 5, pays = "2:1" },
  { name = "win by 4", result = "win", margin = 4, pays = "1:1" },
  { name = "any other result", pays = "lose" },
]
"""
BANKER_3_STANDS_ON_8 = """[rule_set]
name = "etg-banker-3"
title = "An electronic table whose Banker 3 draws against a Player third card of 8"
extends = "punto-banco"
kind = "electronic"

[drawing]
source = "the supplier's chart"
player = "H H H H H H S S"

[drawing.banker]
"0" = "H      H H H H H H H H H H"
"1" = "H      H H H H H H H H H H"
"2" = "H      H H H H H H H H H H"
"3" = "H      H H H H H H H H H H"
"4" = "H      S S H H H H H H S S"
"5" = "H      S S S S H H H H S S"
"6" = "S      S S S S S S H H S S"
"7" = "S      S S S S S S S S S S"

[wagers]
"""


def test_the_example_electronic_table_is_equivalent_to_its_live_game_row_by_row() -> None:
    found = equivalence(load_rules(ELECTRONIC), Shoe.decks(8), load_rules("live-pittsburgh"))
    assert found.equivalent and found.differences == ()
    assert [m.wager for m in found.wagers] == ["player", "banker", "tie", "dragon-bonus-player", "dragon-bonus-banker"]
    assert all(m.equal and all(r.equal for r in m.rows) for m in found.wagers)
    code, out, _ = run("verify", "--rules", ELECTRONIC, "--equivalent-to", "live-pittsburgh")
    assert code == 0 and "Verdict: EQUIVALENT: every wager of live-pittsburgh is offered with the same rows" in out


def test_a_pay_written_26_for_1_is_a_difference_named_with_its_rtp(rule_file) -> None:  # type: ignore[no-untyped-def]
    rules = load_rules(rule_file(LESS_ON_9))
    found = equivalence(rules, Shoe.decks(8), load_rules("live-pittsburgh"))
    assert not found.equivalent
    assert [(d.aspect, d.wager, d.outcome, d.live, d.electronic) for d in found.differences] == [
        ("pays", "dragon-bonus-player", "win by 9, non-natural", Fraction(30), Fraction(25)),
        ("rtp", "dragon-bonus-player", None, found.wagers[3].live.rtp, found.wagers[3].electronic.rtp),  # type: ignore[union-attr]
    ]
    (live,) = par_sheets(load_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player",))
    row = live.rows[2]  # the win by 9: five units less on each, exactly
    electronic_rtp = found.wagers[3].electronic.rtp  # type: ignore[union-attr]
    assert live.rtp is not None and electronic_rtp == live.rtp - 5 * row.probability
    code, out, _ = run("verify", "--rules", rule_file(LESS_ON_9), "--equivalent-to", "live-pittsburgh")
    flat = " ".join(out.split())
    assert code == 1
    assert (
        "Verdict: NOT EQUIVALENT: 2 differences change what a wager of live-pittsburgh pays or how often (first: "
        "dragon-bonus-player / win by 9, non-natural, pays: live 30 to 1 (31 for 1), electronic 25 to 1 (26 for 1))."
    ) in flat
    assert out.index("Verdict:") < out.index("== player")


def test_only_refuted_lists_the_wagers_and_rows_that_differ(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(LESS_ON_9)
    code, out, _ = run("verify", "--rules", path, "--equivalent-to", "live-pittsburgh", "--only", "refuted")
    assert code == 1 and "== dragon-bonus-player: differs" in out and "== player" not in out
    (section,) = [line for line in out.splitlines() if line.startswith("win by")]
    assert section.startswith("win by 9, non-natural") and "differs: pays" in section


def test_a_drawing_rule_that_differs_is_named_by_its_cell_and_moves_every_probability(rule_file) -> None:  # type: ignore[no-untyped-def]
    found = equivalence(load_rules(rule_file(BANKER_3_STANDS_ON_8)), Shoe.decks(8), load_rules("punto-banco"))
    drawing = [d for d in found.differences if d.aspect == "banker drawing"]
    assert [(d.cell, d.live, d.electronic) for d in drawing] == [
        ("Banker 3 against a Player third card of 8", "stands", "draws")
    ]
    assert {d.aspect for d in found.differences} == {"banker drawing", "probability", "rtp"}
    assert not found.equivalent and not found.wagers[1].equal


def test_other_decks_a_missing_wager_and_an_extra_one_are_named() -> None:
    found = equivalence(load_rules("punto-banco"), Shoe.decks(6), load_rules("live-pittsburgh"))
    assert found.differences[0].aspect == "decks"
    assert (found.differences[0].live, found.differences[0].electronic) == (
        "8 decks (416 cards)",
        "6 decks (312 cards)",
    )
    missing = [d for d in found.differences if d.aspect == "wager"]
    assert [(d.wager, d.live, d.electronic, d.changes_figures) for d in missing] == [
        ("dragon-bonus-player", "offered", None, True),
        ("dragon-bonus-banker", "offered", None, True),
    ]
    extra = equivalence(load_rules("live-pittsburgh"), Shoe.decks(8), load_rules("punto-banco"))
    assert extra.equivalent  # the Dragon Bonus is only the electronic side's here: named, changes no live figure
    assert [(d.aspect, d.wager, d.changes_figures) for d in extra.differences if d.aspect == "wager"] == [
        ("wager", "dragon-bonus-player", False),
        ("wager", "dragon-bonus-banker", False),
    ]
    assert ("dealing", "P P B B", "P B P B") in [(d.aspect, d.live, d.electronic) for d in extra.differences]


def test_the_json_carries_every_figure_exactly(rule_file) -> None:  # type: ignore[no-untyped-def]
    _, out, _ = run("verify", "--rules", rule_file(LESS_ON_9), "--equivalent-to", "live-pittsburgh", "--format", "json")
    document = json.loads(out)
    assert (
        document["equivalence"]["equivalent"] is False and document["equivalence"]["differences_changing_figures"] == 2
    )
    (pays,) = [d for d in document["differences"] if d["aspect"] == "pays"]
    assert (pays["live"], pays["electronic"], pays["changes_figures"]) == ("30", "25", True)
    bonus = next(w for w in document["wagers"] if w["wager"] == "dragon-bonus-player")
    assert Fraction(bonus["live_rtp"]) - Fraction(bonus["electronic_rtp"]) > 0


def test_equivalence_needs_a_rule_set_and_is_not_for_a_claims_file() -> None:
    code, _, err = run("verify", "--equivalent-to", "live-pittsburgh")
    assert code == 2 and "--rules ELECTRONIC --equivalent-to LIVE_RULES" in err
    code, _, err = run("verify", str(EXAMPLES / "claims.toml"), "--equivalent-to", "live-pittsburgh")
    assert code == 2 and "a claims file states its own figures" in err
