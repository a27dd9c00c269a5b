"""The volatility table: the normal approximation from the exact mean and variance, and one bet's distribution."""

from __future__ import annotations

import math
from fractions import Fraction

from analyzer import load_rules, par_sheets
from analyzer.game.shoe import Shoe
from analyzer.studies.volatility import LEVELS, ROUNDS, net_distribution, net_ranges, z_score


def _banker():  # type: ignore[no-untyped-def]
    (sheet,) = par_sheets(load_rules("punto-banco"), Shoe.decks(8), ("banker",))
    return sheet


def test_the_quantiles_are_the_standard_normals() -> None:
    assert [round(z_score(level), 4) for level in LEVELS] == [1.6449, 1.96]


def test_ranges_are_the_exact_mean_plus_or_minus_z_root_n_sd() -> None:
    sheet = _banker()
    for spread, n in zip(net_ranges(sheet), ROUNDS):
        assert spread.rounds == n and spread.mean == n * sheet.expected_value
        assert math.isclose(spread.standard_deviation, math.sqrt(n) * sheet.standard_deviation, rel_tol=1e-12)
        for (_level, low, high), z in zip(spread.ranges, (1.6448536269514722, 1.959963984540054)):
            assert math.isclose(low, float(spread.mean) - z * spread.standard_deviation, rel_tol=1e-12)
            assert math.isclose(high, float(spread.mean) + z * spread.standard_deviation, rel_tol=1e-12)
    # After 100 Banker bets: -1.06 units expected, 90% of the time between -16.31 and +14.20 (the report's figures).
    first = net_ranges(sheet)[0]
    assert (f"{first.ranges[0][1]:+.2f}", f"{first.ranges[0][2]:+.2f}") == ("-16.31", "+14.20")


def test_the_distribution_of_one_bet_adds_up_and_has_the_exact_mean() -> None:
    (dragon,) = par_sheets(load_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player",))
    points = net_distribution(dragon)
    assert [x for x, _ in points] == [-1, 0, 1, 2, 4, 6, 10, 30]  # natural win and win by 4 both pay 1:1
    assert sum(p for _, p in points) == 1
    assert sum(x * p for x, p in points) == dragon.expected_value
    assert sum(x * x * p for x, p in points) - dragon.expected_value**2 == dragon.variance
    assert isinstance(points[0][1], Fraction)
