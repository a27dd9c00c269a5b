"""Volatility: how far a player's net result strays from its expectation over many rounds.

The net result of one unit bet per round for n rounds has the exact mean
n·E[X] and the exact variance n·Var[X] (rounds off the top of a fresh shoe
are independent). Its range at a confidence level is computed by the
**normal approximation** from those exact moments: n·E[X] ± z·√(n·Var[X]),
z the standard normal quantile (1.6449 for 90%, 1.9600 for 95%). The bounds
are floats (a square root); the approximation is rough when n is small
against the rarest large pay (a 30:1 award seen a few times in 100 rounds),
which the report says beside the table.

The distribution of the net result of one round, the exact probability of
each amount a unit bet can win or lose, is what the report plots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from ..exact.parsheet import ParSheet

ROUNDS: tuple[int, ...] = (100, 1_000, 10_000)
"""The numbers of rounds a volatility table shows."""
LEVELS: tuple[Fraction, ...] = (Fraction(90, 100), Fraction(95, 100))
"""The confidence levels of its ranges."""


def z_score(level: Fraction) -> float:
    """The two-sided standard normal quantile for ``level``: 1.6449 for 90%, 1.9600 for 95%.

    >>> round(z_score(Fraction(95, 100)), 4)
    1.96
    """
    return NormalDist().inv_cdf(float(1 - (1 - level) / 2))


@dataclass(frozen=True, slots=True)
class NetRange:
    """The net result after ``rounds`` unit bets: its exact mean, its standard deviation, and a range per level."""

    rounds: int
    mean: Fraction
    standard_deviation: float
    ranges: tuple[tuple[Fraction, float, float], ...]
    """(level, low, high) for each of :data:`LEVELS`."""


def net_ranges(
    sheet: ParSheet, rounds: tuple[int, ...] = ROUNDS, levels: tuple[Fraction, ...] = LEVELS
) -> tuple[NetRange, ...]:
    """The normal-approximation ranges of the net result after each number of ``rounds`` (a wager with pays)."""
    ev, variance = sheet.expected_value, sheet.variance
    if ev is None or variance is None:
        raise ValueError(f"{sheet.wager.name} has no pay table, so no net result to spread.")
    out = []
    for n in rounds:
        mean, sd = n * ev, math.sqrt(n * variance)
        out.append(
            NetRange(
                n,
                mean,
                sd,
                tuple(
                    (level, float(mean) - z_score(level) * sd, float(mean) + z_score(level) * sd) for level in levels
                ),
            )
        )
    return tuple(out)


def net_distribution(sheet: ParSheet) -> tuple[tuple[Fraction, Fraction], ...]:
    """(net result, exact probability) of one unit bet, for every amount that can happen, from the lowest.

    Outcomes that pay the same are one amount; a loss is -1, a push 0.
    """
    found: dict[Fraction, Fraction] = {}
    for row in sheet.rows:
        if row.pays is None:
            raise ValueError(f"{sheet.wager.name}: outcome {row.outcome.name!r} has no pay, so no net result.")
        if row.combinations:
            found[row.pays] = found.get(row.pays, Fraction(0)) + row.probability
    return tuple(sorted(found.items()))
