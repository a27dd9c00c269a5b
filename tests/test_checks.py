"""Regulatory checks as data (issue 19, item 4): shipped with their sources, a user's own added, each applied exactly
to each wager as a PASS/FAIL line in the report and in verify."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from analyzer import load_rules
from analyzer.api import analyze
from analyzer.game.odds import parse_pays
from analyzer.game.rules import RuleSet
from analyzer.studies.checks import apply, load_checks

from .clirun import assert_refused, run

EXAMPLES = Path(__file__).parent.parent / "examples"


def with_kind(rules: RuleSet, kind: str) -> RuleSet:
    """The rule set as a game of another kind (as a file stating ``kind`` would make it)."""
    return replace(rules, kind=kind, kind_stated=True)


MINE = """[[check]]
id = "house-rtp-90"
jurisdiction = "our house rule"
kind = "rtp_floor"
limit = "90%"
applies_to = "every table game"
source = "house policy"

[[check]]
id = "house-cap"
jurisdiction = "our house rule"
kind = "top_award_cap"
limit = "25:1"
applies_to = "side bets"
source = "house policy"

[[check]]
id = "house-odds"
jurisdiction = "our house rule"
kind = "top_award_odds"
limit = "200"
applies_to = "side bets"
source = "house policy"
"""


def test_the_shipped_checks_each_carry_a_source() -> None:
    checks = load_checks()
    assert [c.id for c in checks.checks] == [
        "gli-11-advertised-award-odds",
        "nevada-minimum-payout",
        "new-jersey-minimum-payout",
        "new-jersey-pay-statement",
        "maryland-pay-statement",
        "macau-machine-minimum-payout",
        "illinois-minimum-payout",
        "illinois-maximum-payout",
        "montana-video-line-maximum-payout",
    ]
    by_id = {c.id: c for c in checks.checks}
    assert by_id["gli-11-advertised-award-odds"].limit == 100_000_000
    assert "4.8.2" in by_id["gli-11-advertised-award-odds"].source
    assert by_id["new-jersey-minimum-payout"].limit == Fraction(83, 100)
    assert by_id["macau-machine-minimum-payout"].limit == Fraction(85, 100)
    assert by_id["illinois-minimum-payout"].limit == Fraction(80, 100)
    assert by_id["illinois-maximum-payout"].limit == 1
    assert by_id["montana-video-line-maximum-payout"].limit == Fraction(92, 100)
    assert all(c.source and c.applies_to for c in checks.checks)


def test_the_ties_rtp_meets_new_jerseys_floor_of_83_percent_on_an_rng_game() -> None:
    rules = with_kind(load_rules("punto-banco"), "rng")
    (tie,) = analyze(rules, wagers=["tie"]).sheets
    results = {r.check.id: r for r in apply(load_checks(), rules, [tie])}
    assert results["new-jersey-minimum-payout"].found == "85.6404%" and results["new-jersey-minimum-payout"].passed
    assert results["gli-11-advertised-award-odds"].found == "tie: 1 in 11"


def test_a_users_checks_fail_what_exceeds_them(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    rules = load_rules("live-pittsburgh")
    sheets = analyze(rules, wagers=["tie", "dragon-bonus-player"]).sheets
    results = {(r.check.id, r.wager): r for r in apply(load_checks([str(path)], shipped=False), rules, sheets)}
    assert not results[("house-rtp-90", "tie")].passed and results[("house-rtp-90", "dragon-bonus-player")].passed
    assert not results[("house-cap", "dragon-bonus-player")].passed  # it pays 30:1
    assert results[("house-cap", "dragon-bonus-player")].found == "win by 9, non-natural: 30:1"
    assert not results[("house-odds", "dragon-bonus-player")].passed  # 1 in 272 is rarer than 1 in 200
    assert results[("house-odds", "tie")].passed


def test_verify_prints_a_pass_or_fail_line_per_check(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    code, out, _ = run(
        "verify", str(EXAMPLES / "submitted-punto-banco.csv"), "--rules", "punto-banco", "--checks", str(path)
    )
    assert code == 0
    assert any(
        line.startswith("house-rtp-90") and line.rstrip().endswith("FAIL") and " tie " in line
        for line in out.splitlines()
    )


@pytest.mark.parametrize(
    "text, message",
    [
        (MINE.replace('kind = "rtp_floor"', 'kind = "rtp_maximum"'), "check[0].kind: is 'rtp_maximum'; use one of"),
        (MINE.replace('applies_to = "every table game"', 'games = ["slot"]\napplies_to = "x"', 1), "names 'slot'"),
        (
            MINE.replace('kind = "rtp_floor"\nlimit = "90%"', 'kind = "pay_statement"\nlimit = "for"', 1),
            "check[0].limit: is 'for'; for pay_statement write the words allowed: 'to' or 'to or win'.",
        ),
        (MINE.replace('limit = "90%"', 'limit = "90"'), "check[0].limit: is '90'; for rtp_floor write a percentage"),
        (MINE.replace('"house-cap"', '"house-rtp-90"'), "Check id 'house-rtp-90' is given twice"),
        (MINE.replace('source = "house policy"', 'source = "x"\nlaw = "y"', 1), "check[0].law: is not a known key"),
    ],
)
def test_a_bad_checks_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert_refused(
        ["verify", str(EXAMPLES / "submitted-punto-banco.csv"), "--rules", "punto-banco", "--checks", str(path)],
        message,
    )


def test_checks_are_for_a_par_sheet_not_a_claims_file() -> None:
    assert_refused(
        ["verify", str(EXAMPLES / "claims.toml"), "--checks", "x.toml"], "--checks, --jurisdiction, --map and"
    )


# --------------------------------------------------------- issue 28, item 2: checks that know the kind of game

FOR_ONE = """[rule_set]
name = "written-for"
title = "Dragon Bonus with its top award written 'for one'"
extends = "live-pittsburgh"

[wagers.dragon-bonus-player]
requires = ["player", "banker", "tie"]
requires_source = "as 003"
source = "a layout that prints 'for'"
outcomes = [
  { name = "natural win", result = "win", natural = true, pays = "2 for 1" },
  { name = "natural tie", result = "tie", natural = true, pays = "push" },
  { name = "win by 9, non-natural", result = "win", margin = 9, pays = "31 for 1" },
  { name = "win by 8", result = "win", margin = 8, pays = "10:1" },
  { name = "win by 7", result = "win", margin = 7, pays = "6:1" },
  { name = "win by 6", result = "win", margin = 6, pays = "4:1" },
  { name = "win by 5", result = "win", margin = 5, pays = "2:1" },
  { name = "win by 4", result = "win", margin = 4, pays = "1:1" },
  { name = "any other result", pays = "lose" },
]
"""


def _results(rules: RuleSet, wagers: list[str], jurisdiction: str | None = None) -> dict[tuple[str, str | None], Any]:
    sheets = analyze(rules, wagers=wagers).sheets
    return {(r.check.id, r.wager): r for r in apply(load_checks(jurisdiction=jurisdiction), rules, sheets)}


def test_a_device_floor_does_not_apply_to_a_live_table_and_never_passes_it() -> None:
    """Nevada's 75% is for gaming devices, New Jersey's 83% for slot machines, GLI-11 for devices: a live table
    (the default kind, as 003's Pittsburgh table is) is held to none of them."""
    results = _results(load_rules("live-pittsburgh"), ["tie", "dragon-bonus-player"])
    for check in ("nevada-minimum-payout", "new-jersey-minimum-payout", "gli-11-advertised-award-odds"):
        (line,) = [r for (c, _), r in results.items() if c == check]  # one line for the whole game
        assert line.wager is None and line.verdict == "not applicable" and not line.passed
        assert line.verdict_text.startswith("not applicable: it covers ") and "this is a live table game" in line.why
    assert results[("nevada-minimum-payout", None)].why == (
        "it covers electronic table games and RNG games; this is a live table game"
    )
    assert results[("new-jersey-pay-statement", "tie")].verdict == "PASS"  # covers every kind
    assert "video line games" in results[("montana-video-line-maximum-payout", None)].why


def test_an_electronic_table_is_held_to_the_device_floors_but_not_to_new_jerseys_slot_floor() -> None:
    rules = with_kind(load_rules("live-pittsburgh"), "electronic")
    results = _results(rules, ["tie", "dragon-bonus-player"])
    assert results[("nevada-minimum-payout", "tie")].verdict == "PASS"
    assert results[("illinois-minimum-payout", "dragon-bonus-player")].found == "97.3483%"
    assert results[("new-jersey-minimum-payout", None)].why == "it covers RNG games; this is an electronic table game"
    assert results[("macau-machine-minimum-payout", None)].verdict == "not applicable"


def test_an_rtp_ceiling_fails_a_wager_that_returns_more_than_the_stake() -> None:
    """Illinois: 'not less than 80% nor more than 100%' (86 Ill. Adm. Code 3000.660(a)). A Tie at 10 to 1 returns
    11 x 0.0951559680 = 104.6716%, above the ceiling, on an electronic gaming device."""
    rules = with_kind(load_rules("punto-banco"), "rng").with_pays("tie", "tie", Fraction(10))
    results = _results(rules, ["tie"], "Illinois")
    assert set(results) == {("illinois-minimum-payout", "tie"), ("illinois-maximum-payout", "tie")}
    assert results[("illinois-maximum-payout", "tie")].verdict == "FAIL"
    assert results[("illinois-maximum-payout", "tie")].found == "104.6716%"
    assert results[("illinois-minimum-payout", "tie")].verdict == "PASS"


def test_a_pay_written_for_one_is_read_as_one_less_to_one_and_flagged_where_for_is_forbidden(rule_file) -> None:  # type: ignore[no-untyped-def]
    """New Jersey (N.J.A.C. 13:69F, e.g. 13:69F-13.6(a)) and Maryland (COMAR 36.05.03.14E) forbid odds written
    'for': '31 for 1' is 30 to 1, the same figures as 003's table, and fails the pay statement."""
    rules = load_rules(rule_file(FOR_ONE))
    (mine,) = analyze(rules, wagers=["dragon-bonus-player"]).sheets
    (theirs,) = analyze("live-pittsburgh", wagers=["dragon-bonus-player"]).sheets
    assert [r.pays for r in mine.rows] == [r.pays for r in theirs.rows] and mine.rtp == theirs.rtp
    results = _results(rules, ["dragon-bonus-player", "tie"], "new jersey")
    line = results[("new-jersey-pay-statement", "dragon-bonus-player")]
    assert line.verdict == "FAIL"
    assert line.found == "written 'for': natural win '2 for 1'; win by 9, non-natural '31 for 1'"
    assert results[("new-jersey-pay-statement", "tie")].verdict == "PASS"
    assert {c for c, _ in results} == {"new-jersey-minimum-payout", "new-jersey-pay-statement"}


def test_a_trade_reports_190_to_1_at_87_96_percent_is_190_for_1_arithmetic() -> None:
    """Source: Inside Asian Gaming, May 2011, p. 22: a sic bo triple 'at 190-1 [odds]. That gives a pay back to the
    players of 87.96%' (one chance in 216). 190 for 1 returns 190/216 = 87.96%; 190 to 1 would return 191/216 =
    88.43%: the printed figure reads the pay 'for one'."""
    triple = Fraction(1, 216)
    assert round((1 + parse_pays("190 for 1")) * triple * 100, 2) == Fraction("87.96")
    assert round((1 + parse_pays("190 to 1")) * triple * 100, 2) == Fraction("88.43")


def test_an_unknown_jurisdiction_is_one_line_naming_the_known_ones() -> None:
    assert_refused(
        [
            "verify",
            str(EXAMPLES / "submitted-punto-banco.csv"),
            "--rules",
            "punto-banco",
            "--jurisdiction",
            "Ruritania",
        ],
        "--jurisdiction 'Ruritania' names no jurisdiction of the checks; use one of GLI-11, Nevada, New Jersey,",
    )


def test_a_rule_files_kind_is_one_of_three(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = 'name = "k"\ntitle = "t"\nextends = "punto-banco"\nkind = "slot"\n'
    assert_refused(
        ["analyze", "--rules", rule_file(f"[rule_set]\n{text}\n[wagers]\n")],
        "rule_set.kind: is 'slot'; use one of live, electronic, rng",
    )
    assert load_rules(str(EXAMPLES / "electronic-pittsburgh.toml")).kind_text == (
        "electronic table game (the rule file: kind = 'electronic')"
    )
