"""A game with choices as two exact bilinear payoffs, and the strategy sets that answer a strategy of the other side.

The Player draws at decision ``i`` with probability ``p_i`` (k decisions); the Banker draws in free cell ``c`` with
probability ``q_c``. By Foster's additivity (:mod:`analyzer.exact.cellgame`) each side's expected payoff is

    U(p, q) = F(p) + sum over cells c of [ S_c(p) + q_c D_c(p) ]

with ``F``, ``S_c`` and ``D_c`` integer affine functions of ``p``: ``S_c`` what the side gets in cell ``c`` when
the Banker stands, ``D_c`` what drawing there adds. The Player wins 1 on a Player win and loses 1 on a Banker
win; the Banker wins ``1 - commission`` and loses 1; a tie is 0 to both. Payoffs are kept as integers: the
Player's in dealings, the Banker's in dealings times :attr:`BilinearGame.scale` (the commission's denominator),
so that nothing is divided until a figure is reported (:meth:`BilinearGame.per_round`).

Given one side's strategy, the strategies of the other that make the pair an equilibrium form a polytope
(:func:`banker_answers`, :func:`player_answers`); its ranges are computed with the exact simplex of
:mod:`analyzer.studies.simplex`. In a zero-sum game (no commission) these are the optimal strategy sets
themselves (every optimal strategy of one side is an equilibrium with every optimal strategy of the other).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm
from typing import Literal

from ..exact.cellgame import Affine, ChoiceGame, Outcomes
from .simplex import maximize

Sense = Literal["=", "<=", ">="]
Point = tuple[Fraction, ...]


def _player(outcomes: Outcomes) -> Affine:
    return tuple(w - b for w, b in zip(outcomes[0], outcomes[2]))


def _banker(outcomes: Outcomes, commission: Fraction) -> Affine:
    scale, taken = commission.denominator, commission.numerator
    return tuple((scale - taken) * b - scale * w for w, b in zip(outcomes[0], outcomes[2]))


def _minus(a: Affine, b: Affine) -> Affine:
    return tuple(x - y for x, y in zip(a, b))


def evaluate(affine: Affine, p: Sequence[Fraction]) -> Fraction:
    """``affine`` at ``p``: its constant plus its coefficients times ``p``."""
    return affine[0] + sum((c * x for c, x in zip(affine[1:], p)), Fraction(0))


@dataclass(frozen=True)
class BilinearGame:
    """The payoffs of a :class:`~analyzer.exact.cellgame.ChoiceGame` under a commission (see the module).

    ``player_fixed`` / ``banker_fixed`` are ``F`` for each side, ``player_stand`` / ``banker_stand`` the ``S_c``,
    ``player_draw`` / ``banker_draw`` the ``D_c``, one per cell of ``game.cells`` in order.
    """

    game: ChoiceGame
    commission: Fraction
    scale: int
    player_fixed: Affine
    banker_fixed: Affine
    player_stand: tuple[Affine, ...]
    banker_stand: tuple[Affine, ...]
    player_draw: tuple[Affine, ...]
    banker_draw: tuple[Affine, ...]

    @property
    def k(self) -> int:
        """The number of the Player's decisions."""
        return len(self.game.decisions)

    @property
    def zero_sum(self) -> bool:
        """True without a commission: the Banker's payoff is minus the Player's."""
        return self.commission == 0

    def player_payoff(self, p: Sequence[Fraction], q: Sequence[Fraction]) -> Fraction:
        """The Player's expected payoff in dealings (divide by the dealings for a round)."""
        return _payoff(self.player_fixed, self.player_stand, self.player_draw, p, q)

    def banker_payoff(self, p: Sequence[Fraction], q: Sequence[Fraction]) -> Fraction:
        """The Banker's expected payoff in dealings times :attr:`scale`."""
        return _payoff(self.banker_fixed, self.banker_stand, self.banker_draw, p, q)

    def per_round(self, player: Fraction, banker: Fraction) -> tuple[Fraction, Fraction]:
        """Payoffs in the units above as expectations per coup, to the Player and to the Banker."""
        return player / self.game.dealings, banker / (self.game.dealings * self.scale)

    def gradient(self, q: Sequence[Fraction]) -> Point:
        """How the Player's payoff changes with each ``p_i`` when the Banker plays ``q`` (it is affine in p)."""
        numerators, denominator = common(q)
        k = self.k
        sums = [(self.player_fixed[i] + sum(s[i] for s in self.player_stand)) * denominator for i in range(1, k + 1)]
        for d, x in zip(self.player_draw, numerators):
            if x:
                for i in range(k):
                    sums[i] += x * d[i + 1]
        return tuple(Fraction(v, denominator) for v in sums)

    def banker_gains(self, p: Sequence[Fraction]) -> Point:
        """What drawing rather than standing gains the Banker in each cell when the Player plays ``p``."""
        numerators, denominator = common(p)
        return tuple(Fraction(at(d, numerators, denominator), denominator) for d in self.banker_draw)


def common(values: Sequence[Fraction]) -> tuple[list[int], int]:
    """``values`` over one common denominator: (numerators, denominator), all integers."""
    denominator = 1
    for x in values:
        denominator = lcm(denominator, Fraction(x).denominator)
    return [int(x * denominator) for x in values], denominator


def at(affine: Affine, numerators: Sequence[int], denominator: int) -> int:
    """``affine`` at the point ``numerators / denominator``, times ``denominator``: an integer."""
    return affine[0] * denominator + sum(c * x for c, x in zip(affine[1:], numerators))


def _payoff(
    fixed: Affine, stand: Sequence[Affine], draw: Sequence[Affine], p: Sequence[Fraction], q: Sequence[Fraction]
) -> Fraction:
    pn, pd = common(p)
    qn, qd = common(q)
    total = at(fixed, pn, pd) * qd
    for s, d, x in zip(stand, draw, qn):
        total += at(s, pn, pd) * qd
        if x:
            total += x * at(d, pn, pd)
    return Fraction(total, pd * qd)


def bilinear(game: ChoiceGame, commission: Fraction) -> BilinearGame:
    """The payoffs of ``game`` when the house takes ``commission`` of every Banker win."""
    cells = game.cells
    return BilinearGame(
        game=game,
        commission=commission,
        scale=commission.denominator,
        player_fixed=_player(game.fixed),
        banker_fixed=_banker(game.fixed, commission),
        player_stand=tuple(_player(c.outcomes[0]) for c in cells),
        banker_stand=tuple(_banker(c.outcomes[0], commission) for c in cells),
        player_draw=tuple(_minus(_player(c.outcomes[1]), _player(c.outcomes[0])) for c in cells),
        banker_draw=tuple(
            _minus(_banker(c.outcomes[1], commission), _banker(c.outcomes[0], commission)) for c in cells
        ),
    )


# --------------------------------------------------------------------- strategy sets


@dataclass(frozen=True, slots=True)
class Constraint:
    """A linear condition ``sum coefficients[v] x_v (sense) bound`` on some free variables of a strategy set."""

    coefficients: tuple[tuple[int, Fraction], ...]
    sense: Sense
    bound: Fraction


@dataclass(frozen=True, slots=True)
class StrategySet:
    """A polytope of strategies: ``low[v] <= x_v <= high[v]`` and the ``constraints`` linking the free variables.

    ``point`` is one member (a vertex). A variable with ``low == high`` is fixed there; the constraints involve
    only variables that are not fixed. ``empty`` sets have no member (then the other fields are empty).
    """

    point: Point
    low: Point
    high: Point
    constraints: tuple[Constraint, ...]
    empty: bool = False

    @property
    def unique(self) -> bool:
        """Whether the set is one strategy."""
        return not self.empty and self.low == self.high


EMPTY = StrategySet((), (), (), (), empty=True)


def solve_set(
    fixed: Sequence[Fraction | None], constraints: Sequence[tuple[dict[int, Fraction], Sense, Fraction]]
) -> StrategySet:
    """The polytope ``{x in [0, 1]^n : x_v = fixed[v] where given, and every constraint}``, with the range of each
    free variable and one member.

    A constraint is (coefficients of the free variables, sense, bound): the fixed variables are already moved
    to the bound by the caller. A constraint on one variable narrows its bounds; one that every point of the
    bounds satisfies is dropped; the others are kept (:attr:`StrategySet.constraints`) and each linked
    variable's range is found by two exact linear programs.
    """
    low: list[Fraction] = [Fraction(f) if f is not None else Fraction(0) for f in fixed]
    high: list[Fraction] = [Fraction(f) if f is not None else Fraction(1) for f in fixed]
    many: list[tuple[dict[int, Fraction], Sense, Fraction]] = []
    for coefficients, sense, bound in constraints:
        terms = {v: c for v, c in coefficients.items() if c}
        if not terms:
            if not _holds(Fraction(0), sense, bound):
                return EMPTY
        elif len(terms) == 1:
            ((v, c),) = terms.items()
            limit = bound / c
            flipped: Sense = sense if c > 0 or sense == "=" else ">=" if sense == "<=" else "<="
            if flipped in ("=", "<="):
                high[v] = min(high[v], limit)
            if flipped in ("=", ">="):
                low[v] = max(low[v], limit)
        else:
            many.append((terms, sense, bound))
    if any(lo > hi for lo, hi in zip(low, high)):
        return EMPTY
    kept = [c for c in many if not _implied(c, low, high)]
    linked = sorted({v for terms, _, _ in kept for v in terms})
    point = list(low)
    if kept:
        position = {v: i for i, v in enumerate(linked)}
        a_ub: list[list[Fraction]] = []
        b_ub: list[Fraction] = []
        a_eq: list[list[Fraction]] = []
        b_eq: list[Fraction] = []
        for terms, sense, bound in kept:  # in y = x - low, 0 <= y <= high - low
            row = [Fraction(0)] * len(linked)
            shifted = bound
            for v, c in terms.items():
                row[position[v]] = c
                shifted -= c * low[v]
            if sense == "=":
                a_eq.append(row)
                b_eq.append(shifted)
            else:
                sign = 1 if sense == "<=" else -1
                a_ub.append([sign * x for x in row])
                b_ub.append(sign * shifted)
        upper: list[Fraction | None] = [high[v] - low[v] for v in linked]
        ranges = []
        member = None
        for v in linked:
            objective = [Fraction(int(u == v)) for u in linked]
            top = maximize(objective, a_ub, b_ub, a_eq, b_eq, upper)
            if top.status != "optimal":
                return EMPTY
            bottom = maximize([-x for x in objective], a_ub, b_ub, a_eq, b_eq, upper)
            assert top.value is not None and bottom.value is not None
            ranges.append((low[v] - bottom.value, low[v] + top.value))
            member = member or bottom.x
        assert member is not None
        for v, (lo, hi) in zip(linked, ranges):
            point[v] = low[v] + member[position[v]]
            low[v], high[v] = lo, hi
    return StrategySet(tuple(point), tuple(low), tuple(high), tuple(_normal(c) for c in kept))


def _normal(constraint: tuple[dict[int, Fraction], Sense, Fraction]) -> Constraint:
    """A constraint in its plainest form: whole coefficients without a common factor, the first one positive."""
    terms, sense, bound = constraint
    values = [*terms.values(), bound]
    scale = Fraction(lcm(*(x.denominator for x in values)), gcd(*(x.numerator for x in values)))
    if next(c for _, c in sorted(terms.items()) if c) < 0:
        scale = -scale
        sense = ">=" if sense == "<=" else "<=" if sense == ">=" else sense
    return Constraint(tuple((v, c * scale) for v, c in sorted(terms.items()) if c), sense, bound * scale)


def _implied(
    constraint: tuple[dict[int, Fraction], Sense, Fraction], low: Sequence[Fraction], high: Sequence[Fraction]
) -> bool:
    """Whether every point of the box [low, high] satisfies the constraint."""
    terms, sense, bound = constraint
    least = sum((c * (low[v] if c > 0 else high[v]) for v, c in terms.items()), Fraction(0))
    most = sum((c * (high[v] if c > 0 else low[v]) for v, c in terms.items()), Fraction(0))
    if sense == "<=":
        return most <= bound
    if sense == ">=":
        return least >= bound
    return least == most == bound


def _holds(value: Fraction, sense: Sense, bound: Fraction) -> bool:
    return value == bound if sense == "=" else value <= bound if sense == "<=" else value >= bound


def banker_answers(game: BilinearGame, p: Sequence[Fraction]) -> StrategySet:
    """Every Banker strategy ``q`` such that (``p``, ``q``) is an equilibrium: ``q`` is a best response to ``p`` (it
    draws where drawing gains, stands where it loses, either where it is even), and ``p`` is a best response to
    ``q`` (the Player's payoff is flat in every ``p_i`` strictly between 0 and 1, falls toward a ``p_i`` at 0 and
    rises toward a ``p_i`` at 1)."""
    gains = game.banker_gains(p)
    fixed: list[Fraction | None] = [Fraction(1) if g > 0 else Fraction(0) if g < 0 else None for g in gains]
    rows = []
    base = game.gradient([f if f is not None else Fraction(0) for f in fixed])
    for i in range(game.k):
        coefficients = {
            c: Fraction(d[i + 1]) for c, d in enumerate(game.player_draw) if fixed[c] is None and d[i + 1] != 0
        }
        sense: Sense = "=" if 0 < p[i] < 1 else "<=" if p[i] == 0 else ">="
        rows.append((coefficients, sense, -base[i]))
    return solve_set(fixed, rows)


def player_answers(game: BilinearGame, q: Sequence[Fraction]) -> StrategySet:
    """Every Player strategy ``p`` such that (``p``, ``q``) is an equilibrium: ``p`` is a best response to ``q`` and
    ``q`` to ``p`` (drawing gains the Banker nothing where ``q`` mixes, not less than standing where it draws,
    not more where it stands)."""
    gradient = game.gradient(q)
    fixed: list[Fraction | None] = [Fraction(1) if g > 0 else Fraction(0) if g < 0 else None for g in gradient]
    rows = []
    for c, d in enumerate(game.banker_draw):
        constant = d[0] + sum((d[i + 1] * f for i, f in enumerate(fixed) if f is not None), Fraction(0))
        coefficients = {i: Fraction(d[i + 1]) for i, f in enumerate(fixed) if f is None and d[i + 1] != 0}
        sense: Sense = "=" if 0 < q[c] < 1 else ">=" if q[c] == 1 else "<="
        rows.append((coefficients, sense, -constant))
    return solve_set(fixed, rows)
