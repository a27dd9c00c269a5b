"""Risk and money from a counting study (issue 20, item 5): the Brownian-motion approximations, and `count
--bankroll`."""

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


@pytest.mark.parametrize(
    "p, units, goal", [(Fraction(51, 100), 100, 50), (Fraction(501, 1000), 1000, 300), (Fraction(52, 100), 40, 200)]
)
def test_ruin_approximates_the_gamblers_ruin_of_a_constructed_walk(p: Fraction, units: int, goal: int) -> None:
    """A constructed game: one unit won with probability p, else lost. Its exact risk of ruin is the gambler's ruin,
    r^B for life and (r^B - r^(B+G)) / (1 - r^(B+G)) before winning G, with r = q/p. The Brownian approximation, with
    the game's exact mean mu = p - q and variance 1 - mu^2, is the same closed form with r = exp(-2 mu / sigma^2): its
    exponent 2 mu / (1 - mu^2) = 2 (mu + mu^3 + ...) against the exact ln(p/q) = 2 (mu + mu^3/3 + ...), a factor
    1 + 2 mu^2 / 3 + O(mu^4) apart."""
    q = 1 - p
    mu = p - q
    found = risk(mu, math.sqrt(1 - mu * mu), Bankroll(Fraction(units), Fraction(goal)))
    exact = float(q / p) ** units
    assert math.log(found.ruin) / math.log(exact) == pytest.approx(1 + 2 * float(mu) ** 2 / 3, rel=float(mu) ** 4 * 10)
    r = math.exp(-2 * float(mu) / (1 - float(mu) ** 2))
    assert found.trip_ruin == pytest.approx((r**units - r ** (units + goal)) / (1 - r ** (units + goal)), rel=1e-12)
    exact_trip = (exact - float(q / p) ** (units + goal)) / (1 - float(q / p) ** (units + goal))
    assert found.trip_ruin == pytest.approx(exact_trip, rel=4 * float(mu) ** 2 * units)
    assert found.kelly_bet == pytest.approx(units * float(mu / (1 - mu * mu)))  # B mu / sigma^2
    assert found.kelly_bet / units == pytest.approx(
        float(p - q), rel=2 * float(mu) ** 2
    )  # Kelly for an even bet: p - q


def test_a_losing_game_ruins_for_certain_and_has_no_kelly_bet() -> None:
    found = risk(Fraction(-1, 100), 1.0, Bankroll(Fraction(100)))
    assert found.ruin == 1.0 and found.kelly_bet is None and found.hours_to_n0 is None


def test_count_prints_the_risk_for_a_bankroll() -> None:
    code, out, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "40",
        "--bankroll",
        "1000",
        "--goal",
        "500",
    )
    assert code == 0, err
    assert "risk of ruin, lifetime (1000 units)" in out and "risk of ruin before +500 units" in out
    assert "Kelly bet (units)" in out and "hours to N0 at 80 rounds an hour" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--goal", "10"], "--goal goes with --bankroll"),
        (["--bankroll", "lots"], "--bankroll 'lots' is not a number of units"),
        (["--bankroll", "0"], "--bankroll must be above 0 units"),
        (["--bankroll", "100", "--rounds-per-hour", "0"], "--rounds-per-hour"),
    ],
)
def test_bad_risk_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "5", *args], message)
