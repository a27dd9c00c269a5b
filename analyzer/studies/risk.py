"""Risk and money from a counting study: risk of ruin, the Kelly bet and the time to N0, for a bankroll in units.

The study gives, per wager (or all of them together), the expected units won per round dealt (exact, summed over
the shoes dealt) and the standard deviation per round. From these two, as is usual in advantage-play work, the
bankroll is treated as a Brownian motion with that drift and variance per round (Schlesinger, *Blackjack
Attack*, ch. 10): an **approximation**, stated as such wherever it is printed, good when the bankroll is many
units and poor for a bet whose rare large pays dominate its variance.

* lifetime risk of ruin with a bankroll of B units: ``exp(-2 mu B / sigma^2)`` (1 when mu <= 0);
* risk of ruin before winning G units: ``(e^(-2 mu B/s^2) - e^(-2 mu (B+G)/s^2)) / (1 - e^(-2 mu (B+G)/s^2))``;
* the Kelly bet, the flat bet that maximizes the bankroll's growth: ``B mu / sigma^2`` units;
* hours to N0 at a number of rounds an hour: ``N0 / rounds per hour``, N0 = ``(sigma / mu)^2``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InputError, named


@dataclass(frozen=True, slots=True)
class Bankroll:
    """What the risk figures are for: a bankroll and, for a trip, a goal (units of the bet), and rounds an hour."""

    units: Fraction
    goal: Fraction | None = None
    rounds_per_hour: int = 80

    def __post_init__(self) -> None:
        if self.units <= 0:
            raise InputError(f"{named('bankroll')} must be above 0 units, got {float(self.units):g}.")
        if self.goal is not None and self.goal <= 0:
            raise InputError(f"{named('goal')} must be above 0 units, got {float(self.goal):g}.")
        if not 1 <= self.rounds_per_hour <= 10_000:
            raise InputError(f"{named('rounds_per_hour')} must be from 1 to 10,000, got {self.rounds_per_hour}.")


@dataclass(frozen=True, slots=True)
class Risk:
    """The risk figures of one column of a study (floats: exponentials of an approximation)."""

    ruin: float
    trip_ruin: float | None
    kelly_bet: float | None
    hours_to_n0: float | None


def risk(per_round: Fraction, sd: float, bankroll: Bankroll) -> Risk:
    """The figures for a drift of ``per_round`` units and an SD of ``sd`` units per round (see the module notes)."""
    mu, b = float(per_round), float(bankroll.units)
    if mu <= 0 or sd <= 0:
        return Risk(ruin=1.0, trip_ruin=None if bankroll.goal is None else 1.0, kelly_bet=None, hours_to_n0=None)
    rate = 2 * mu / (sd * sd)
    ruin = math.exp(-rate * b)
    trip = None
    if bankroll.goal is not None:
        top = math.exp(-rate * (b + float(bankroll.goal)))
        trip = (ruin - top) / (1 - top)
    n0 = (sd / mu) ** 2
    return Risk(ruin=ruin, trip_ruin=trip, kelly_bet=b * mu / (sd * sd), hours_to_n0=n0 / bankroll.rounds_per_hour)
