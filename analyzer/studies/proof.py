"""The proof of an equilibrium: no pure deviation of either side gains, checked exactly from the cells' counts.

An equilibrium is a claim anyone can check without trusting the solver. :func:`prove` takes the counted game
(:class:`~analyzer.exact.cellgame.ChoiceGame`: every free cell's dealings by result, as affine functions of the
Player's probabilities), the commission and the two strategies, and computes from those counts alone, in
Fractions:

* for each of the Player's decisions, his payoff when he always draws there and when he always stands, the
  rest of his strategy and the Banker's held: neither may beat his payoff; his best pure deviation overall
  (each decision to its better choice: the payoff is affine in each probability and the decisions' dealings
  are disjoint) may not either;
* for each free Banker cell, his payoff when he always draws there and when he always stands: neither may beat
  his payoff; nor may his best pure strategy (each cell to its better choice: Foster's additivity).

It shares nothing with the solver but the counts (:mod:`analyzer.studies.bilinear` is not used), and it also
checks the counts themselves (they add up to all dealings whatever anyone plays). Where the Banker's
equilibrium strategies form a set with free cells (both choices optimal), the proof is repeated with every
such cell turned to its other choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING

from ..exact.cellgame import Affine, ChoiceGame, Outcomes

if TYPE_CHECKING:
    from .bilinear import StrategySet


@dataclass(frozen=True, slots=True)
class Proof:
    """What :func:`prove` checked, and the largest gain found (0 proves an equilibrium).

    ``player_checks`` and ``banker_checks`` count the deviations priced (two per decision and per cell, and the
    best pure strategy of each side); the gains are per coup, exact; ``points`` is how many strategy pairs were
    checked (the equilibrium's point, and its free cells turned over).
    """

    player_checks: int
    banker_checks: int
    player_gain: Fraction
    banker_gain: Fraction
    points: int

    @property
    def holds(self) -> bool:
        """True when no deviation gains either side anything."""
        return self.player_gain <= 0 and self.banker_gain <= 0


def _at(affine: Affine, numerators: Sequence[int], denominator: int) -> int:
    """``affine`` at ``numerators / denominator``, times ``denominator``."""
    return affine[0] * denominator + sum(c * x for c, x in zip(affine[1:], numerators))


def _over_one(values: Sequence[Fraction]) -> tuple[list[int], int]:
    denominator = 1
    for x in values:
        denominator = lcm(denominator, Fraction(x).denominator)
    return [int(x * denominator) for x in values], denominator


class _Sides:
    """The payoffs of dealings by result, in integers: the Player +1/-1; the Banker +(1 - commission)/-1, times the
    commission's denominator."""

    def __init__(self, commission: Fraction) -> None:
        self.scale = commission.denominator
        self.banker_win = self.scale - commission.numerator

    def player(self, outcomes: Outcomes, pn: Sequence[int], pd: int) -> int:
        return _at(outcomes[0], pn, pd) - _at(outcomes[2], pn, pd)

    def banker(self, outcomes: Outcomes, pn: Sequence[int], pd: int) -> int:
        return self.banker_win * _at(outcomes[2], pn, pd) - self.scale * _at(outcomes[0], pn, pd)


def _payoffs(
    game: ChoiceGame, commission: Fraction, p: Sequence[Fraction], q: Sequence[Fraction]
) -> tuple[Fraction, Fraction]:
    """Both sides' payoffs in dealings: the Player +1/-1, the Banker +(1 - commission)/-1."""
    sides = _Sides(commission)
    pn, pd = _over_one(p)
    qn, qd = _over_one(q)
    player = sides.player(game.fixed, pn, pd) * qd
    banker = sides.banker(game.fixed, pn, pd) * qd
    for cell, x in zip(game.cells, qn):
        for action, weight in ((0, qd - x), (1, x)):
            if weight:
                player += weight * sides.player(cell.outcomes[action], pn, pd)
                banker += weight * sides.banker(cell.outcomes[action], pn, pd)
    return Fraction(player, pd * qd), Fraction(banker, pd * qd * sides.scale)


def prove(
    game: ChoiceGame,
    commission: Fraction,
    p: Sequence[Fraction],
    q: Sequence[Fraction],
    banker_set: StrategySet | None = None,
) -> Proof:
    """Check that (``p``, ``q``) is an equilibrium of ``game`` (see the module); with ``banker_set``, also the pairs
    with its free cells turned over. Raises AssertionError when the counts do not add up."""
    game.check()
    points = [tuple(q)]
    if banker_set is not None:
        linked = {v for c in banker_set.constraints for v, _ in c.coefficients}
        free = [c for c in range(len(q)) if banker_set.low[c] == 0 and banker_set.high[c] == 1 and c not in linked]
        if free:
            points.append(tuple(Fraction(1) - q[c] if c in free else q[c] for c in range(len(q))))
    player_gain = banker_gain = None
    player_checks = banker_checks = 0
    for point in points:
        gains, checks = _player_deviations(game, commission, p, point)
        player_checks += checks
        player_gain = gains if player_gain is None else max(player_gain, gains)
        gains, checks = _banker_deviations(game, commission, p, point)
        banker_checks += checks
        banker_gain = gains if banker_gain is None else max(banker_gain, gains)
    assert player_gain is not None and banker_gain is not None
    return Proof(
        player_checks=player_checks,
        banker_checks=banker_checks,
        player_gain=player_gain / game.dealings,
        banker_gain=banker_gain / game.dealings,
        points=len(points),
    )


def _player_deviations(
    game: ChoiceGame, commission: Fraction, p: Sequence[Fraction], q: Sequence[Fraction]
) -> tuple[Fraction, int]:
    """The most any pure deviation of the Player gains (in dealings), and how many were priced."""
    held, _ = _payoffs(game, commission, p, q)
    best = Fraction(0)
    checks = 0
    better = list(p)
    for i in range(len(p)):
        payoffs = []
        for pure in (Fraction(0), Fraction(1)):
            moved = list(p)
            moved[i] = pure
            payoffs.append(_payoffs(game, commission, moved, q)[0])
            best = max(best, payoffs[-1] - held)
            checks += 1
        better[i] = Fraction(1) if payoffs[1] > payoffs[0] else Fraction(0)
    best = max(best, _payoffs(game, commission, better, q)[0] - held)
    return best, checks + 1


def _banker_deviations(
    game: ChoiceGame, commission: Fraction, p: Sequence[Fraction], q: Sequence[Fraction]
) -> tuple[Fraction, int]:
    """The most any pure deviation of the Banker gains (in dealings), and how many were priced."""
    sides = _Sides(commission)
    pn, pd = _over_one(p)
    qn, qd = _over_one(q)
    best = whole = 0
    checks = 0
    for cell, x in zip(game.cells, qn):
        stand = sides.banker(cell.outcomes[0], pn, pd) * qd
        draw = sides.banker(cell.outcomes[1], pn, pd) * qd
        held = ((qd - x) * stand + x * draw) // qd
        best = max(best, stand - held, draw - held)
        whole += max(stand, draw) - held
        checks += 2
    return Fraction(max(best, whole), pd * qd * sides.scale), checks + 1
