"""Risk and money for a counting study: risk of ruin, trip risks, SCORE, DI, N0 and the Kelly bankroll, computed
exactly from the law of a round's result and of a shoe's (:mod:`.laws`), beside the Brownian approximations.

Exact figures (per round, and shoe by shoe)
    From the exact law of a round's net result (the rounds independent) and from the law of a shoe's (shoes are
    independent), by the dynamic programs of :mod:`.ruin` (lifetime ruin, ruin before a goal, and from the
    lifetime curve the bankroll of a given lifetime risk and SCORE) and :mod:`.trip` (ruin within a trip, the goal
    reached within it, behind at its end), each with a bound on its error that the report prints beside it. Shoe
    by shoe, ruin is looked for between shoes only (a bankroll may dip lower within a shoe and come back).

* DI ``= 1000 mu / sigma`` and N0 ``= (sigma / mu)^2`` (Schlesinger, *Blackjack Attack*, 3rd ed., p. 186: "one
  thousand times ... the ratio of that game's per-hand win rate to the per-hand standard deviation"; N0 the rounds
  for the expectation to equal one standard deviation), ``mu`` and ``sigma^2`` the exact mean and variance of a
  round's law (so N0 is exact, a fraction);
* the Kelly bankroll: the bankroll whose Kelly bet is the study's unit, ``1 / f*``, ``f*`` maximizing the exact
  ``E[log(1 + f X)]`` (bisected in exact arithmetic on the sign of ``E[X / (1 + f X)]``);
* SCORE (:data:`SCORE_BANKROLL`, :data:`SCORE_RUIN`): the win rate per 100 rounds of a player with a $10,000
  bankroll and a lifetime risk of ruin of 13.5%, "a standard set of conditions" (N. Wattenberger, *Modern
  Blackjack*, ch. "Performance Comparisons": "SCORE is the win rate per 100 hands, given a $10,000 bankroll, a
  risk of ruin of 13.5%"; Schlesinger's, after *Blackjack Attack*). Here the conditions are the study's own (its
  shoe procedure, its play); the ruin is ``e^-2 = 13.53%``, the risk of a Brownian bankroll betting its Kelly
  bet, so that the Brownian SCORE is ``DI^2`` exactly, as Schlesinger states it ("a 50 SCORE is a 7.07 DI (the
  square root)"). Exactly: with ``b*`` the least bankroll on the grid whose lifetime ruin is at most ``e^-2``,
  the unit is ``$10,000 / b*`` and SCORE ``100 mu 10,000 / b*``; per shoe, ``mu`` per round is the shoe's mean
  over the rounds a shoe deals on average.

Brownian figures (Schlesinger, ch. 10): the bankroll as a Brownian motion with the law's mean and variance a
step: lifetime ruin ``e^(-2 mu B / s^2)``; before a goal ``G``, ``(e^(-2 mu B/s^2) - e^(-2 mu (B+G)/s^2)) /
(1 - e^(-2 mu (B+G)/s^2))``; within ``N`` steps, ``Phi((-B - mu N)/(s sqrt N)) + e^(-2 mu B/s^2) Phi((-B + mu N)/
(s sqrt N))``; behind after ``N``, ``Phi(-mu sqrt(N) / s)`` (with a bankroll, plus the ruined paths that end
above the start, ``e^(-2 mu B/s^2) Phi((mu N - 2 B)/(s sqrt N))``); the bankroll of a lifetime risk ``a``,
``s^2 ln(1/a) / (2 mu)``; the Kelly bankroll ``s^2 / mu``; SCORE ``DI^2``. Good for a bankroll of many units, poor
for a bet whose rare large pays dominate its variance.

A column without a law (a wager that reads cards or suits or has lightning multipliers, or a study dealt with
``laws=False``) has the Brownian figures alone, from the exact units expected per round and the SD of the results
dealt. A bankroll beyond any grid has Lundberg's bound for its lifetime ruin, from 0 to ``e^(-r B)``, when that is
below :data:`LUNDBERG_ONLY`; a figure whose grid or trip is too large is refused with the reason
(:attr:`Figures.refused`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named
from .netlaw import NetLaw
from .ruin import (
    CERTAIN,
    NEVER,
    Bounded,
    RuinCurve,
    before_goal,
    exit_time_bound,
    grid_refusal,
    lifetime,
    lifetime_top,
    lundberg,
)
from .trip import MOST_WORK, Trip, trip, trip_work

if TYPE_CHECKING:
    from .tally import Tally

SCORE_BANKROLL = 10_000
"""SCORE's bankroll, in dollars."""
SCORE_RUIN = math.exp(-2)
"""SCORE's lifetime risk of ruin: e^-2, 13.53% (quoted as 13.5%)."""
SCORE_ROUNDS = 100
"""SCORE is a win rate per this many rounds."""
RISK_LEVELS: tuple[float, ...] = (SCORE_RUIN, 0.05, 0.01)
"""The lifetime risks whose bankroll the figures give."""
TRIM = 1e-11
"""A shoe's law drops far tails holding at most this over the expected steps of its walk before the programs run (the
dropped mass counts in the bound: at most ``TRIM`` in all)."""
LUNDBERG_ONLY = 1e-6
"""A lifetime ruin whose grid is too large is given as Lundberg's bound alone (from 0 to ``e^(-r B)``) when that
bound is below this."""
MOST_TRIP = 1_000_000
"""The longest trip asked, in rounds or shoes."""


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
class Asked:
    """The questions of a study's risk figures: a bankroll (and goal), trips of so many rounds or shoes."""

    bankroll: Bankroll | None = None
    trip_rounds: int | None = None
    trip_shoes: int | None = None
    rounds_per_hour: int = 80

    def __post_init__(self) -> None:
        for parameter, steps in (("trip", self.trip_rounds), ("trip_shoes", self.trip_shoes)):
            if steps is not None and not 1 <= steps <= MOST_TRIP:
                raise InputError(f"{named(parameter)} must be from 1 to {MOST_TRIP:,}, got {steps:,}.")


@dataclass(frozen=True, slots=True)
class Brownian:
    """The Brownian approximations, for one step's mean and variance (floats)."""

    lifetime: float | None
    before_goal: float | None
    bankrolls: tuple[float | None, ...]
    """Per :data:`RISK_LEVELS`, the bankroll (units) of that lifetime risk."""
    score: float | None
    kelly_bankroll: float | None
    kelly_bet: float | None
    trip_ruin: float | None
    behind: float | None


@dataclass(frozen=True, slots=True)
class Figures:
    """The exact figures of one law (a round's or a shoe's) of a column, with their bounds."""

    step: str
    """"round" or "shoe"."""
    mean: Fraction
    variance: float
    exact_variance: Fraction | None
    lifetime: Bounded | None
    before_goal: Bounded | None
    bankrolls: tuple[tuple[Fraction, Fraction] | None, ...]
    """Per :data:`RISK_LEVELS`, the least bankroll (units, on the grid) of at most that lifetime risk: (at least,
    at most), from the bounds; ``None`` where not computed."""
    score: tuple[float, float] | None
    """SCORE's (least, most) from the bounds on its bankroll."""
    kelly_bankroll: tuple[Fraction, Fraction] | None
    kelly_bet: tuple[Fraction, Fraction] | None
    """With a bankroll: its Kelly bet (units), the bankroll over the Kelly bankroll."""
    trip: Trip | None
    brownian: Brownian
    refused: tuple[str, ...] = ()
    """Why a figure asked for is not given (a grid or a trip too large)."""

    @property
    def sd(self) -> float:
        return math.sqrt(max(self.variance, 0.0))


@dataclass(frozen=True, slots=True)
class ColumnRisk:
    """A column's risk figures: per round and shoe by shoe, or why it has none (``reason``)."""

    column: str
    per_round: Figures | None
    per_shoe: Figures | None
    reason: str | None = None
    dealt: Brownian | None = None
    """Without a law: the Brownian figures of the study's exact units expected per round and the SD of the results
    dealt (what the study could give before it tallied laws)."""

    @property
    def desirability(self) -> float | None:
        """DI from the exact law of a round (``None`` when nothing is expected to be won)."""
        law = self.per_round
        if law is None or law.mean <= 0 or law.variance <= 0:
            return None
        return 1000 * float(law.mean) / law.sd

    def hours_to_n0(self, rounds_per_hour: int) -> float | None:
        """N0 in hours at ``rounds_per_hour`` rounds dealt an hour."""
        n0 = self.n0
        return None if n0 is None else float(n0 / rounds_per_hour)

    @property
    def n0(self) -> Fraction | None:
        """N0, exactly: the law's variance over its mean squared (``None`` when nothing is expected to be won)."""
        law = self.per_round
        if law is None or law.mean <= 0 or law.exact_variance is None or not law.exact_variance:
            return None
        return law.exact_variance / law.mean**2


def figures(
    law: NetLaw, step: str, asked: Asked, steps: int | None, rounds_per_step: Fraction, with_kelly: bool = False
) -> Figures:
    """The exact figures of ``law`` (one ``step``: "round" or "shoe") and the Brownian ones beside them; ``steps``
    the trip asked, in steps; ``rounds_per_step`` turns SCORE's rate per step into one per 100 rounds."""
    refused: list[str] = []
    scale = law.scale
    bankroll = asked.bankroll
    cells = None if bankroll is None else math.ceil(bankroll.units * scale)
    goal = None if bankroll is None or bankroll.goal is None else math.ceil(bankroll.goal * scale)
    solved = law if law.exact is not None else law.trimmed(TRIM / _steps(law, cells, goal, steps))
    never = law.low == 0 and law.high == 0  # no bet ever: never ruined
    curve: RuinCurve | None = None
    beyond = None  # why the bankroll's own lifetime ruin has no grid, when the other figures have one
    if law.mean > 0:
        found = lifetime(solved, cells or 0)
        if isinstance(found, str) and cells:  # the bankroll asked may be what makes the grid too large
            without = lifetime(solved)
            if not isinstance(without, str):
                beyond = f"the lifetime ruin of the bankroll: {found}"
            found = without
        if isinstance(found, str):
            refused.append(f"lifetime figures: {found}")
        else:
            curve = found
    life = None
    if cells is not None:
        if never or law.mean <= 0:
            life = NEVER if never else CERTAIN
        elif curve is not None and cells < len(curve.values):
            life = curve.at(cells)
        else:  # beyond the grid: Lundberg's inequality still bounds it, from 0 to e^(-r B)
            r = lundberg(solved)
            if r is not None and math.exp(-r * cells) < LUNDBERG_ONLY:
                life = Bounded(0.0, max(math.exp(-r * cells) * (1 + 1e-12), 5e-324))
            elif beyond is not None:
                refused.append(beyond)
    bankrolls: list[tuple[Fraction, Fraction] | None] = []
    for risk in RISK_LEVELS:
        span = None if curve is None else curve.smallest(risk)
        bankrolls.append(None if span is None else (Fraction(span[0], scale), Fraction(span[1], scale)))
    score = None
    if bankrolls[0] is not None:
        rate = float(law.mean / rounds_per_step) * SCORE_ROUNDS * SCORE_BANKROLL
        score = (rate / float(bankrolls[0][1]), rate / float(bankrolls[0][0]))
    goal_ruin = None
    if cells is not None and goal is not None:
        refusal = grid_refusal(solved, cells + goal)
        if never:
            goal_ruin = NEVER
        elif refusal is None:
            goal_ruin = before_goal(solved, cells + goal).at(cells)
        else:
            refused.append(f"ruin before the goal: {refusal}")
    went = None
    if steps is not None:
        if trip_work(solved, steps) > MOST_WORK:
            refused.append(
                f"a trip of {steps:,} {step}s: more work than is done here (at most {MOST_WORK:,} multiplications); "
                "ask for a shorter one"
            )
        else:
            went = trip(solved, steps, cells, goal)
    variance = law.variance()
    kelly = kelly_bankroll(law) if with_kelly else None
    return Figures(
        step=step,
        mean=law.mean,
        variance=variance,
        exact_variance=law.exact_variance(),
        lifetime=life,
        before_goal=goal_ruin,
        bankrolls=tuple(bankrolls),
        score=score,
        kelly_bankroll=kelly,
        kelly_bet=None if kelly is None or bankroll is None else (bankroll.units / kelly[1], bankroll.units / kelly[0]),
        trip=went,
        brownian=brownian(float(law.mean), variance, asked, steps, float(rounds_per_step)),
        refused=tuple(refused),
    )


def _steps(law: NetLaw, bankroll: int | None, goal: int | None, steps: int | None) -> float:
    """The most steps the programs may expect the walk to take: a trip's length, or the exit time of the largest grid
    (:func:`.ruin.exit_time_bound`)."""
    tops = [1 + (bankroll or 0) + (goal or 0)]
    if law.mean > 0:
        tops.append(lifetime_top(law, bankroll or 0))
    return max([float(steps or 1)] + [exit_time_bound(law, top) for top in tops])


def kelly_bankroll(law: NetLaw, iterations: int = 48) -> tuple[Fraction, Fraction] | None:
    """The bankroll whose Kelly bet is one unit, ``1 / f*``, bracketed exactly (module notes); ``None`` for a law
    without exact probabilities, one that does not gain on average, or one that cannot lose (no Kelly bet)."""
    if law.exact is None or law.mean <= 0 or law.low >= 0:
        return None
    outcomes = [(Fraction(law.low + i, law.scale), p) for i, p in enumerate(law.exact) if p]
    worst = -outcomes[0][0]
    low, high = Fraction(0), 1 / worst  # E[X / (1 + f X)] falls from mu > 0 at 0 to -infinity at 1 / worst
    cells = np.array([float(x) for x, _ in outcomes])
    chances = np.array([float(p) for _, p in outcomes])

    def rising(f: Fraction) -> bool:
        """Whether E[X / (1 + f X)] > 0: in floats where their error bound decides it (:func:`_slope_sign`),
        exactly otherwise, so every step of the bisection is the exact one's."""
        sign = _slope_sign(float(f), cells, chances)
        if sign is None:
            return sum((p * x / (1 + f * x) for x, p in outcomes), Fraction(0)) > 0
        return sign > 0

    for _ in range(iterations):
        middle = (low + high) / 2
        low, high = (middle, high) if rising(middle) else (low, middle)
    return 1 / high, 1 / low if low else 1 / high


def _slope_sign(f: float, cells: npt.NDArray[np.float64], chances: npt.NDArray[np.float64]) -> int | None:
    """The sign of ``sum p x / (1 + f x)`` from the floats of ``f``, the outcomes ``x`` and their chances ``p`` (each
    the nearest float to the exact one), or ``None`` when the floats' error could reach it.

    Each float is within a relative ``u = 2^-53`` of its exact value, so ``f x`` is within ``3.02 u |f x|`` and
    ``1 + f x`` within ``e = 4 u (1 + |f x|)`` of the exact denominator; with ``e`` at most half the denominator,
    each term is within ``5 u + 4 e / |1 + f x|`` of its exact value, relatively, and the sum adds at most
    ``(n + 1) u`` times the sum of the terms' sizes. The sign is given only where the sum is over twice all that."""
    u = 2.0**-53
    product = f * cells
    denominators = 1.0 + product
    spread = 4 * u * (1 + np.abs(product))
    size = np.abs(denominators)
    if np.any(2 * spread > size):
        return None
    terms = chances * cells / denominators
    magnitudes = np.abs(terms)
    bound = 1.01 * float(np.sum(magnitudes * (5 * u + 4 * spread / size)) + (len(terms) + 1) * u * np.sum(magnitudes))
    total = float(np.sum(terms))
    if abs(total) <= 2 * bound:
        return None
    return 1 if total > 0 else -1


def brownian(mu: float, variance: float, asked: Asked, steps: int | None, rounds_per_step: float) -> Brownian:
    """The Brownian figures (module notes) for a mean ``mu`` and a variance a step; ``None`` where they do not
    exist (no gain on average: certain ruin, no SCORE, no Kelly bet)."""
    bankroll = asked.bankroll
    b = None if bankroll is None else float(bankroll.units)
    g = None if bankroll is None or bankroll.goal is None else float(bankroll.goal)
    gaining = mu > 0 and variance > 0
    rate = 2 * mu / variance if variance > 0 else math.inf
    life = None if b is None else (math.exp(-rate * b) if gaining else 1.0 if variance > 0 else 0.0)
    goal_ruin = None
    if b is not None and g is not None and variance > 0 and mu != 0:
        top = math.exp(-rate * (b + g))
        goal_ruin = (math.exp(-rate * b) - top) / (1 - top)
    elif b is not None and g is not None and variance > 0:
        goal_ruin = g / (b + g)
    bankrolls = tuple((math.log(1 / risk) / rate if gaining else None) for risk in RISK_LEVELS)
    trip_ruin = behind = None
    if steps is not None and variance > 0:
        spread = math.sqrt(variance * steps)
        normal = NormalDist()
        behind = normal.cdf(-mu * steps / spread)
        if b is not None:
            trip_ruin = normal.cdf((-b - mu * steps) / spread) + math.exp(-rate * b) * normal.cdf(
                (-b + mu * steps) / spread
            )
            behind += math.exp(-rate * b) * normal.cdf((mu * steps - 2 * b) / spread)
            if g is not None:
                trip_ruin = None  # no closed form is given for a trip with a goal
                behind = None
    return Brownian(
        lifetime=life,
        before_goal=goal_ruin,
        bankrolls=bankrolls,
        score=1e6 * (mu / rounds_per_step) ** 2 / (variance / rounds_per_step) if gaining else None,
        kelly_bankroll=variance / mu if gaining else None,
        kelly_bet=b * mu / variance if gaining and b is not None else None,
        trip_ruin=trip_ruin,
        behind=behind,
    )


def column_risk(
    column: str,
    round_law: NetLaw | None,
    shoe_law: NetLaw | None,
    asked: Asked,
    rounds_per_shoe: Fraction,
    reason: str | None = None,
    dealt: Brownian | None = None,
    shoes_left_out: str | None = None,
) -> ColumnRisk:
    """A column's figures from its laws (``None``: it has none, for ``reason``; then the Brownian figures ``dealt``
    stand alone). A round's law without a shoe's (left out for ``shoes_left_out``) gives the figures a round at a
    time, which then say in one line why the shoe-by-shoe figures are not given."""
    if round_law is None or (shoe_law is None and shoes_left_out is None):
        return ColumnRisk(column, None, None, reason, dealt)
    per_round = figures(round_law, "round", asked, asked.trip_rounds, Fraction(1), with_kelly=True)
    if shoe_law is None:
        refused = (*per_round.refused, f"the shoe-by-shoe figures were left out: {shoes_left_out}")
        return ColumnRisk(column, replace(per_round, refused=refused), None)
    return ColumnRisk(column, per_round, figures(shoe_law, "shoe", asked, asked.trip_shoes, rounds_per_shoe))


def study_risk(tally: Tally, asked: Asked) -> tuple[ColumnRisk, ...]:
    """Every column's figures (each wager's, then the total's with several wagers) for a counting study."""
    from .laws import has_law

    names = tally.study.names
    columns = [(name, j) for j, name in enumerate(names)] + ([("total", len(names))] if len(names) > 1 else [])
    out = []
    for name, j in columns:
        lawless = [w for w in names if not has_law(tally.study.rules.wager(w))] if j == len(names) else []
        reason = None
        if not tally.study.laws:
            reason = "the study was dealt without its laws (--no-exact-risk)"
        elif j < len(names) and not has_law(tally.study.rules.wager(name)):
            what = (
                "has lightning multipliers"
                if tally.study.rules.wager(name).lightning is not None
                else "reads more of a round than its final state (its cards or their suits)"
            )
            reason = f"{name} {what}: no exact law of its result is tallied"
        elif lawless:
            reason = f"the total needs every wager's law, and {', '.join(lawless)} has none"
        rounds_per_shoe = Fraction(tally.line(j).rounds, tally.shoe_count)
        mean = float(tally.expected(j) / tally.line(j).rounds)
        dealt = brownian(mean, tally.sd_per_round(j) ** 2, asked, asked.trip_rounds, 1.0) if reason else None
        laws = tally.laws[j] if tally.laws else None
        left_out = None if laws is None else laws.left_out
        out.append(
            column_risk(name, tally.round_law(j), tally.shoe_law(j), asked, rounds_per_shoe, reason, dealt, left_out)
        )
    return tuple(out)
