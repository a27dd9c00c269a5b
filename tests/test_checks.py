"""Regulatory checks as data (issue 19, item 4): shipped with their sources, a user's own added, each applied exactly
to each wager as a PASS/FAIL line in the report and in verify."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer import load_rules
from analyzer.api import analyze
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
