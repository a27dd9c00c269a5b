"""Risk and money from a counting study (issue 20, item 5): the Brownian-motion approximations, and `count --bankroll`."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from analyzer.studies.risk import Bankroll, risk

from .clirun import assert_refused, run


def test_ruin_kelly_and_n0_follow_their_closed_forms() -> None:
    found = risk(Fraction(1, 100), 1.0, Bankroll(Fraction(100), Fraction(50), rounds_per_hour=100))
    assert found.ruin == pytest.approx(math.exp(-2))  # exp(-2 mu B / s^2)
    top = math.exp(-3)
    assert found.trip_ruin == pytest.approx((math.exp(-2) - top) / (1 - top))
    assert found.kelly_bet == pytest.approx(1.0)  # B mu / s^2
    assert found.hours_to_n0 == pytest.approx(100.0)  # (s / mu)^2 = 10,000 rounds at 100 an hour


def test_a_losing_game_ruins_for_certain_and_has_no_kelly_bet() -> None:
    found = risk(Fraction(-1, 100), 1.0, Bankroll(Fraction(100)))
    assert found.ruin == 1.0 and found.kelly_bet is None and found.hours_to_n0 is None


def test_count_prints_the_risk_for_a_bankroll() -> None:
    code, out, err = run("count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "40",
                         "--bankroll", "1000", "--goal", "500")
    assert code == 0, err
    assert "risk of ruin, lifetime (1000 units)" in out and "risk of ruin before +500 units" in out
    assert "Kelly bet (units)" in out and "hours to N0 at 80 rounds an hour" in out


@pytest.mark.parametrize("args, message", [
    (["--goal", "10"], "--goal goes with --bankroll"),
    (["--bankroll", "lots"], "--bankroll 'lots' is not a number of units"),
    (["--bankroll", "0"], "--bankroll must be above 0 units"),
    (["--bankroll", "100", "--rounds-per-hour", "0"], "--rounds-per-hour"),
])
def test_bad_risk_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "5", *args], message)
