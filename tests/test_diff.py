"""`baccarat diff`, the variation exhibit (issue 19): exact deltas per wager between two pay tables."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from analyzer import Shoe, load_rules, par_sheets
from analyzer.api import with_pays
from analyzer.studies.diff import top_award, variation

from .clirun import assert_refused, run

# Source: Wizard of Odds, baccarat basics: the Tie at 8 to 1 has a 14.36% house edge, at 9 to 1 4.84%, 8 decks.
TIE_8 = Fraction(103841353768, 723147898655)
TIE_9 = Fraction(63053127805, 1301666217579)


def test_a_tie_paid_9_to_1_is_a_variation_of_the_tie_alone() -> None:
    rules = load_rules("punto-banco")
    shoe = Shoe.decks(8)
    found = variation("A", par_sheets(rules, shoe), "B", par_sheets(with_pays(rules, ["tie:tie=9:1"]), shoe))
    changes = {c.wager: c for c in found.changes}
    assert changes["tie"].figure(changes["tie"].a, "house_edge") == TIE_8
    assert changes["tie"].delta("house_edge") == TIE_9 - TIE_8
    assert changes["tie"].delta("rtp") == TIE_8 - TIE_9
    assert changes["tie"].delta("hit_frequency") == 0
    for name in ("banker", "player"):
        assert all(changes[name].delta(f) == 0 for f in ("house_edge", "rtp", "hit_frequency", "variance"))


def test_the_top_award_is_the_best_paying_reachable_outcome_with_its_exact_odds() -> None:
    (dragon,) = par_sheets(load_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player",))
    award = top_award(dragon)
    assert award is not None and award.pays == 30
    assert award.one_in == 1 / next(r.probability for r in dragon.rows if r.outcome.name == award.outcome)


def test_the_exhibit_in_json_carries_exact_changes() -> None:
    _, out, _ = run(
        "diff", "punto-banco", "punto-banco", "--pay-b", "tie:tie=9:1", "--wager", "tie", "--format", "json", "--exact"
    )
    document = json.loads(out)
    rows = [r for r in document["changes"] if r["figure"] == "house edge"]
    assert Fraction(rows[0]["change"]) == TIE_9 - TIE_8


def test_wagers_only_one_side_offers_are_listed_and_shoes_must_agree(rule_file) -> None:  # type: ignore[no-untyped-def]
    _, out, _ = run("diff", "punto-banco", "live-pittsburgh")
    assert "dragon-bonus-player" in out and "Wagers changed:" in out
    from analyzer.game.shipped import shipped_text

    six = rule_file(shipped_text("punto-banco").replace("decks = 8", "decks = 6"), "six.toml")
    assert_refused(["diff", "punto-banco", six], "give --decks to compare them on one shoe")
    assert_refused(["diff", "punto-banco", "punto-banco", "--pay-b", "tie=9"], "is not WAGER:OUTCOME=PAYS")


@pytest.mark.slow
def test_the_counter_yield_is_what_count_expects_and_the_same_shoes_serve_a_and_b() -> None:
    code, out, err = run(
        "diff",
        "live-pittsburgh",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--counter-yield",
        "40",
        "--format",
        "json",
    )
    assert code == 0, err
    (row,) = [r for r in json.loads(out)["changes"] if r["figure"] == "counter yield, units per 100 rounds"]
    assert row["a"] == row["b"] and row["change"] == "0"  # one table against itself: the same shoes, no change
    _, counted, _ = run(
        "count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "40", "--format", "json"
    )
    mean = json.loads(counted)["units_expected_per_100_rounds"]["mean"]
    assert row["a"].startswith(f"{mean:.4f} +/- ")


def test_a_counter_yield_deals_whole_shoes() -> None:
    assert_refused(
        ["diff", "punto-banco", "dactylus", "--remove", "5", "--counter-yield", "10"],
        "A counter yield deals whole shoes",
    )
