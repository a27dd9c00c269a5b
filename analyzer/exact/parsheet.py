"""Par sheets: a wager's outcome rows and its exact figures.

All figures are :class:`Fraction` (exact) except ``standard_deviation``, which
is the square root of an exact variance and so is a float, computed last.
A wager with no documented pay table (:attr:`Wager.has_pay_table` False) gets
its rows (combinations, probability, fair odds) and ``None`` for every figure
that needs pays.

Definitions, per unit staked, for a net result X (pays, -1 on a loss, 0 on a
push):

* expected value E[X]; house edge -E[X]; return to player (RTP) 1 + E[X];
* element of risk: the house edge per *resolved* bet, -E[X] / (1 - P(push));
* hit frequency P(X > 0); push frequency P(X = 0);
* variance E[X^2] - E[X]^2; standard deviation its square root.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Outcome, Wager
from .distribution import Distribution, outcome_counts
from .outcomes import side_view_rows, wager_counts


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """One outcome of a wager with its exact count and probability."""

    outcome: Outcome
    combinations: int
    probability: Fraction

    @property
    def pays(self) -> Fraction | None:
        return self.outcome.pays

    @property
    def contribution(self) -> Fraction | None:
        """Probability times pays: this row's part of the expected value."""
        return None if self.outcome.pays is None else self.probability * self.outcome.pays

    @property
    def fair_odds(self) -> Fraction | None:
        """The N in "N to 1" that would make this outcome alone a fair bet."""
        if self.probability == 0:
            return None
        return (1 - self.probability) / self.probability


@dataclass(frozen=True, slots=True)
class JackpotLine:
    """A progressive jackpot's expected value per unit staked as an exact affine function of its meter:
    ``at_meter_zero + per_unit_of_meter * meter`` (fee included), and the meter at which it is zero.

    ``break_even_meter`` is ``None`` when no meter of 0 or more makes the bet fair: either it favours the player at
    every meter (:attr:`favours_player_at_every_meter`: the line is at or above zero from a meter of 0 up), or the
    jackpot's rows never happen (no slope) and the bet favours the house at every meter.
    """

    at_meter_zero: Fraction
    per_unit_of_meter: Fraction
    break_even_meter: Fraction | None
    favours_player_at_every_meter: bool

    @property
    def per_1000_of_meter(self) -> Fraction:
        """The slope per 1,000 of meter, the unit a par sheet states it in."""
        return self.per_unit_of_meter * 1000


@dataclass(frozen=True, slots=True)
class ParSheet:
    """Everything the analyzer states about one wager under one rule set and shoe.

    Held as integers: ``counts``, the ordered six-card dealings of each outcome row (pay-table order), over
    ``denominator``. A figure is made exact (:class:`Fraction`) only when it is read: :attr:`rows` and the two
    moments the figures come from are built on first access and kept (integer sums of counts times the pays
    scaled to integers, divided once), so a caller that reads one figure pays for one division.
    """

    wager: Wager
    denominator: int
    counts: tuple[int, ...]
    _rows: tuple[OutcomeRow, ...] | None = field(init=False, repr=False, compare=False, default=None)
    _moments: tuple[Fraction | None, Fraction | None] | None = field(
        init=False, repr=False, compare=False, default=None
    )

    def __post_init__(self) -> None:
        if len(self.counts) != len(self.wager.outcomes):
            raise AssertionError(f"{self.wager.name}: one count per outcome row is needed")
        if sum(self.counts) != self.denominator:
            raise AssertionError(f"{self.wager.name}: outcome counts do not add up to the denominator")

    @property
    def rows(self) -> tuple[OutcomeRow, ...]:
        """The outcome rows, each with its count and exact probability (built on first access)."""
        rows = self._rows
        if rows is None:
            rows = tuple(
                OutcomeRow(outcome=o, combinations=n, probability=Fraction(n, self.denominator))
                for o, n in zip(self.wager.outcomes, self.counts)
            )
            object.__setattr__(self, "_rows", rows)
        return rows

    def _figures(self, power: int) -> Fraction | None:
        """E[X**power] for power 1 or 2 (``None`` without pays): integer counts times the pays scaled to integers,
        divided once, and kept."""
        moments = self._moments
        if moments is not None and moments[power - 1] is not None:
            return moments[power - 1]
        scaled = _scaled_pays(self.wager)
        if scaled is None:
            return None
        scale, pays = scaled
        if power == 1:
            kept = Fraction(sum([n * pay for n, pay in zip(self.counts, pays) if pay]), self.denominator * scale)
            object.__setattr__(self, "_moments", (kept, None if moments is None else moments[1]))
        else:
            total = sum([n * pay * pay for n, pay in zip(self.counts, pays) if pay])
            kept = Fraction(total, self.denominator * scale * scale)
            object.__setattr__(self, "_moments", (None if moments is None else moments[0], kept))
        return kept

    @property
    def expected_value(self) -> Fraction | None:
        return self._figures(1)

    @property
    def house_edge(self) -> Fraction | None:
        ev = self.expected_value
        return None if ev is None else -ev

    @property
    def rtp(self) -> Fraction | None:
        """Return to player: what a unit staked returns on average, 1 + E[X] = 1 - house edge."""
        ev = self.expected_value
        return None if ev is None else 1 + ev

    @property
    def push_frequency(self) -> Fraction | None:
        if not self.wager.has_pay_table:
            return None
        return Fraction(sum(n for n, o in zip(self.counts, self.wager.outcomes) if o.pays == 0), self.denominator)

    @property
    def hit_frequency(self) -> Fraction | None:
        if not self.wager.has_pay_table:
            return None
        paid = (n for n, o in zip(self.counts, self.wager.outcomes) if o.pays is not None and o.pays > 0)
        return Fraction(sum(paid), self.denominator)

    @property
    def unpaid_probability(self) -> Fraction:
        """Probability of the outcomes with no documented pay (the qualifying ones)."""
        return Fraction(sum(n for n, o in zip(self.counts, self.wager.outcomes) if o.pays is None), self.denominator)

    @property
    def element_of_risk(self) -> Fraction | None:
        edge, push = self.house_edge, self.push_frequency
        if edge is None or push is None or push == 1:
            return None
        return edge / (1 - push)

    @property
    def variance(self) -> Fraction | None:
        ev, second = self._figures(1), self._figures(2)
        if ev is None or second is None:
            return None
        return second - ev * ev

    @property
    def standard_deviation(self) -> float | None:
        """The square root of :attr:`variance`; the one inexact figure."""
        variance = self.variance
        return None if variance is None else math.sqrt(variance)

    @property
    def fair_single_pay(self) -> Fraction | None:
        """For a wager with no pay table: the one pay that would make all its unpaid (qualifying) outcomes together
        a fair bet, (1 - p) / p; ``None`` when they never happen."""
        qualifying = self.unpaid_probability
        return None if qualifying == 0 else (1 - qualifying) / qualifying

    @property
    def cap_pays(self) -> Fraction | None:
        """The wager's cap as a pay (the most a round pays per unit staked), or ``None`` without a cap."""
        money = self.wager.money
        if money is None or money.cap is None:
            return None
        amount, stake = money.cap
        return amount / stake

    @property
    def jackpot(self) -> JackpotLine | None:
        """The expected value as an affine function of the jackpot's meter, exactly; ``None`` without a jackpot.

        Each jackpot row adds its probability times its share of the meter over the jackpot's stake, per unit
        staked with the fee (the slope); the expected value at the file's meter less slope times that meter is the
        value at a meter of 0.
        """
        money = self.wager.money
        ev = self.expected_value
        if money is None or money.jackpot is None or ev is None:
            return None
        jackpot = money.jackpot
        hit = sum((r.probability * jackpot.share(r.outcome.name) for r in self.rows), Fraction(0))
        slope = hit / (jackpot.stake * (1 + (money.fee or 0)))
        at_zero = ev - slope * jackpot.meter
        even = None if slope <= 0 else -at_zero / slope
        always = slope > 0 and even is not None and even <= 0
        return JackpotLine(
            at_meter_zero=at_zero,
            per_unit_of_meter=slope,
            break_even_meter=None if always else even,
            favours_player_at_every_meter=always,
        )


def par_sheet(wager: Wager, distribution: Distribution, views: Mapping[str, tuple[int, ...]] | None = None) -> ParSheet:
    """The par sheet of ``wager`` over an enumerated ``distribution``.

    ``views`` is :func:`analyzer.exact.distribution.side_views` of the distribution, when
    the caller settles several wagers over it.
    """
    return sheet_from_counts(wager, outcome_counts(wager, distribution, views), distribution.denominator)


def sheet_from_counts(wager: Wager, counts: Mapping[str, int], denominator: int) -> ParSheet:
    """The par sheet of ``wager`` from a count per outcome name out of ``denominator``.

    Every outcome of the pay table must be in ``counts`` (0 when it cannot
    happen); the counts must add up to ``denominator`` (checked).
    """
    return ParSheet(wager=wager, denominator=denominator, counts=tuple(counts[o.name] for o in wager.outcomes))


_SCALED: dict[int, tuple[Wager, tuple[int, tuple[int, ...]] | None]] = {}
"""Scaled pays by the wager object's identity: hashing a wager hashes every pay (a Fraction) each time."""


def _scaled_pays(wager: Wager) -> tuple[int, tuple[int, ...]] | None:
    """The least common denominator of the wager's pays, and each row's pay times it; ``None`` without a pay table.

    Kept per wager object (the object itself is kept with it, so an identity is never reused while cached).
    """
    kept = _SCALED.get(id(wager))
    if kept is not None and kept[0] is wager:
        return kept[1]
    pays = [o.pays for o in wager.outcomes]
    scale = math.lcm(*(p.denominator for p in pays if p is not None))
    scaled = (scale, tuple(int(p * scale) for p in pays if p is not None)) if wager.has_pay_table else None
    if len(_SCALED) >= 1024:
        _SCALED.clear()
    _SCALED[id(wager)] = (wager, scaled)
    return scaled


def par_sheets(rules: RuleSet, shoe: Shoe, wagers: tuple[str, ...] = ()) -> tuple[ParSheet, ...]:
    """Par sheets of the named wagers (all of the rule set's when none are named).

    The counts come from the fast exact paths (:func:`analyzer.exact.outcomes.wager_counts`:
    the distribution of :func:`analyzer.exact.fastcount.count_deals` for
    what a final state holds, the class counts of
    :mod:`analyzer.exact.classcount` beyond it), which the tests hold
    identical to the reference enumerators.
    """
    chosen = tuple(rules.wager(name) for name in wagers) if wagers else rules.wagers
    if all(w.lightning is None for w in chosen):
        rows = side_view_rows(shoe, rules.drawing, chosen)
        if rows is not None:  # the one-shoe kernel: counts per row, no dict of names on the way
            denominator = shoe.denominator
            return tuple(ParSheet(wager=w, denominator=denominator, counts=tuple(r)) for w, r in zip(chosen, rows))
    counts = wager_counts(shoe, rules.drawing, tuple(w for w in chosen if w.lightning is None))
    if any(w.lightning is not None for w in chosen):
        from .lightning import lightning_counts

        return tuple(
            sheet_from_counts(w, counts[w.name], shoe.denominator)
            if w.lightning is None
            else sheet_from_counts(*lightning_counts(rules, shoe, w))
            for w in chosen
        )
    return tuple(sheet_from_counts(w, counts[w.name], shoe.denominator) for w in chosen)
