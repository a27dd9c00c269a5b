"""A multiplier law fitted to target returns of several wagers at once (``solve --rtp``), exactly.

An operator publishes each bet's return, the number of lightning cards and the multiplier values, not how often
each value is drawn. Every targeted wager's RTP is a polynomial in the law's free probabilities with exact rational
coefficients (:mod:`.multiplierlaw`); the fit finds the parameters that meet the targets:

One parameter (two free values, such as a law of 2x or 3x)
    * **Least squares**: the ``x`` in its range minimising the sum over the distinct targets of
      ``(R_w(x) - t_w) ** 2``: a real root of the derivative, isolated exactly and refined to an interval
      narrower than 10^-30 (sympy's root isolation over the rationals), or an end of the range.
    * **Where each target holds**: the ``x`` whose return is within the target's tolerance of it (the roots of
      ``R_w - t_w - tol`` and ``R_w - t_w + tol``, isolated and refined the same way), and where every target holds
      at once, their intersection. Empty: no law fits, and the pairs of targets that cannot hold together are
      named.
    * **A law to write**: the decimal of the fewest places inside that intersection (the nearest the fit among
      those), with its exact returns, ready to write in a rule file.

Two parameters (three free values)
    Two distinct targets: the system ``R_w(x, y) = t_w`` is solved exactly: the resultant eliminates ``y``, the
    real roots of that polynomial in ``x`` are isolated in the law's range, and for each the real roots in ``y``
    of an equation; every solution that is a law (each probability at least 0) is listed, each within 10^-30,
    with the returns there. Other numbers of targets, and three or more parameters, are refused in one line:
    free fewer values (``--free``), the others keeping the rule file's probabilities. (Published returns are
    rounded: a fit within their tolerance with several parameters is a semi-algebraic question this module does
    not answer; fix all but two free values and fit one parameter.)

The tolerance of a target is the rounding of the published figure: half a unit of its last digit written (98.9%:
0.05 point), unless given. Targets on wagers with the same return polynomial and the same figure (a Player Pair and
a Banker Pair) are one equation. The fitted parameters are algebraic numbers; each is given within 10^-30 as a
fraction, and the returns printed are exactly those at that fraction.

sympy only ever sees integers and fractions counted here (the targets are Fractions read by
:func:`analyzer.game.odds.parse_percent`), never user text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

import sympy
from sympy import Poly

from ..errors import InputError, named, setting, shown
from ..game.odds import parse_percent
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import percent_text
from .multiplierlaw import FreeLaw, Point, ReturnPolynomial, fraction, rational, return_polynomial, shared_law

PRECISION_PLACES = 30
PRECISION = Fraction(1, 10**PRECISION_PLACES)
"""How close a fitted parameter, and the end of a range where a target holds, is to the algebraic number it
stands for."""

CHECK = Fraction(1, 10**20)
"""How close to its target a return must be at a solution of two parameters (each within :data:`PRECISION` of the
algebraic number it stands for), for the pair to be kept: a pair of roots of the two equations that do not meet is
far further off."""

_TARGET = re.compile(r"(?P<wager>[^=]+)=\s*(?P<rtp>-?\d{1,3}(?:\.(?P<digits>\d{1,8}))?)\s*%")


@dataclass(frozen=True, slots=True)
class Target:
    """A target RTP for a wager, and how far from it a fit may land (the published figure's rounding)."""

    wager: str
    rtp: Fraction
    tolerance: Fraction

    def __post_init__(self) -> None:
        if not 0 < self.rtp <= 10:
            raise InputError(
                f"The target RTP of {shown(self.wager)} is {percent_text(self.rtp)}; give one above 0% and at most "
                "1000%."
            )
        if self.tolerance < 0:
            raise InputError("A tolerance is at least 0.")


def parse_target(text: str, within: Fraction | None = None) -> Target:
    """``WAGER=PERCENT`` read strictly; the tolerance ``within``, or half a unit of the last digit written.

    >>> parse_target("prosperity-player=98.9%")
    Target(wager='prosperity-player', rtp=Fraction(989, 1000), tolerance=Fraction(1, 2000))
    """
    match = _TARGET.fullmatch(text.strip())
    if match is None:
        raise InputError(
            f"{named('rtp')} {shown(text)} is not WAGER=PERCENT with a percentage such as 98.9%, e.g. "
            f"{setting('rtp', 'prosperity-player=98.9%')}."
        )
    rtp = parse_percent(match.group("rtp") + "%")
    digits = len(match.group("digits") or "")
    tolerance = within if within is not None else Fraction(1, 2 * 10**digits) / 100
    return Target(wager=match.group("wager").strip(), rtp=rtp, tolerance=tolerance)


_VALUE = re.compile(r"\d{1,7}(?:\.\d{1,6})?")


def parse_free(texts: Sequence[str]) -> tuple[Fraction, ...]:
    """Multiplier values named free (``--free 2``, ``--free 8x``), read strictly.

    >>> parse_free(["2", "3x"])
    (Fraction(2, 1), Fraction(3, 1))
    """
    values = []
    for item in texts:
        token = item.strip().removesuffix("x").removesuffix("X")
        if not _VALUE.fullmatch(token):
            raise InputError(
                f"{named('free')} {shown(item)} is not a multiplier value; write one such as 2 or 8, e.g. "
                f"{setting('free', '2')}."
            )
        values.append(Fraction(token))
    return tuple(values)


def fit_targets(
    rules: RuleSet, shoe: Shoe, rtp: Sequence[str], free: Sequence[str] = (), within: str | None = None
) -> LawFit:
    """:func:`fit_law` from the command line's words: ``--rtp WAGER=PERCENT`` items, ``--free`` values and a
    ``--within`` tolerance (a percentage: points of return)."""
    try:
        tolerance = None if within is None else parse_percent(within) if isinstance(within, str) else Fraction(-1)
    except InputError:
        raise InputError(
            f"{named('within')} {shown(within)} is not a percentage; write a tolerance in points of return, such as "
            "0.1%."
        ) from None
    if tolerance is not None and not 0 <= tolerance < 1:
        raise InputError(f"{named('within')} {shown(within)} is not a tolerance from 0% to below 100%.")
    return fit_law(rules, shoe, [parse_target(t, tolerance) for t in rtp], parse_free(free))


@dataclass(frozen=True, slots=True)
class Band:
    """A closed range of the parameter, each end within :data:`PRECISION` of the algebraic number it stands for."""

    low: Fraction
    high: Fraction


@dataclass(frozen=True, slots=True)
class TargetFit:
    """One target at the fit: the wager's exact return polynomial, its RTP at the fitted point, the residual (RTP
    less target), whether it is within the tolerance, and (one parameter) where the target alone holds."""

    target: Target
    polynomial: ReturnPolynomial
    rtp: Fraction
    residual: Fraction
    within: bool
    holds: tuple[Band, ...] = ()


@dataclass(frozen=True, slots=True)
class LawFit:
    """A law fitted to targets. ``point`` is the fit (least squares with one parameter; the first solution in the
    law's range with several), ``targets`` each target there; ``fits`` says whether every target is within its
    tolerance at some law: with one parameter, ``band`` is where they all hold (empty: none), ``printable`` the
    decimal of the fewest places there (nearest the fit) and ``printable_rtps`` the targets' exact returns under it,
    and
    ``conflicts`` the pairs of targets that hold nowhere together; with several, ``solutions`` are every exact
    solution that is a law."""

    law: FreeLaw
    method: str
    point: Point | None
    targets: tuple[TargetFit, ...]
    fits: bool
    band: tuple[Band, ...] = ()
    printable: Point | None = None
    printable_rtps: tuple[Fraction, ...] = ()
    conflicts: tuple[tuple[str, str], ...] = ()
    solutions: tuple[Point, ...] = ()
    repeats: tuple[tuple[str, str], ...] = ()
    """(wager, wager it repeats): targets with the same return polynomial and figure as an earlier one, one
    equation with it."""

    @property
    def worst(self) -> Fraction | None:
        """The largest residual in absolute value at the fit (None when no law was found)."""
        return max((abs(t.residual) for t in self.targets), default=None) if self.point is not None else None


def fit_law(rules: RuleSet, shoe: Shoe, targets: Sequence[Target], free: Sequence[Fraction] = ()) -> LawFit:
    """The law of the targeted wagers' multipliers that meets ``targets``, with ``free`` values' probabilities free
    (none given: every value's). See the module for what is computed and guaranteed."""
    names = [t.wager for t in targets]
    if len(set(names)) != len(names):
        raise InputError(f"{named('rtp')} names a wager twice; give each wager one target.")
    for name in names:
        rules.wager(name)  # an unknown wager: one line naming the known ones
    law = shared_law(rules, names, free)
    if len(law.parameters) > 2:
        raise InputError(
            f"The law has {len(law.parameters)} free probabilities ({', '.join(law.parameters)}); the fit is exact "
            f"for one (any number of targets) or two (two targets): free two or three multiplier values with "
            f"{named('free')}, the others keeping the rule file's probabilities."
        )
    polynomials = [return_polynomial(rules, shoe, t.wager, law) for t in targets]
    if all(p.degree == 0 for p in polynomials):
        raise InputError(
            "The targeted returns do not depend on the free probabilities (no winning row is multiplied); there is "
            "nothing to fit."
        )
    equations, repeats = _distinct(targets, polynomials)
    if len(law.parameters) == 1:
        return replace(_fit_one(law, targets, polynomials, equations), repeats=repeats)
    return replace(_solve_two(law, targets, polynomials, equations), repeats=repeats)


def _distinct(
    targets: Sequence[Target], polynomials: Sequence[ReturnPolynomial]
) -> tuple[list[int], tuple[tuple[str, str], ...]]:
    """The indices of the targets that are distinct equations (the first of each same polynomial and figure), and
    the (wager, wager it repeats) pairs of the others."""
    seen: dict[tuple[tuple[tuple[tuple[int, ...], Fraction], ...], Fraction, Fraction], str] = {}
    kept, repeats = [], []
    for i, (t, p) in enumerate(zip(targets, polynomials)):
        key = (p.terms, t.rtp, t.tolerance)
        if key in seen:
            repeats.append((t.wager, seen[key]))
        else:
            seen[key] = t.wager
            kept.append(i)
    return kept, tuple(repeats)


def _target_fit(target: Target, polynomial: ReturnPolynomial, point: Point, holds: tuple[Band, ...] = ()) -> TargetFit:
    rtp = polynomial.at(point)
    residual = rtp - target.rtp
    return TargetFit(target, polynomial, rtp, residual, abs(residual) <= target.tolerance, holds)


# ------------------------------------------------------------------------------------------- one parameter


def _roots(poly: Poly, low: Fraction, high: Fraction) -> list[tuple[Fraction, Fraction]]:
    """The real roots of ``poly`` (one variable, rational coefficients) in [low, high], each as an isolating
    interval narrower than :data:`PRECISION`, in order."""
    if poly.is_zero or poly.degree() <= 0:
        return []
    found = []
    for (a, b), _ in poly.intervals(eps=rational(PRECISION), inf=rational(low), sup=rational(high)):
        found.append((fraction(a), fraction(b)))
    return sorted(found)


def _middle(interval: tuple[Fraction, Fraction]) -> Fraction:
    return (interval[0] + interval[1]) / 2


def _holds(target: Target, residual: Poly, low: Fraction, high: Fraction) -> tuple[Band, ...]:
    """Where ``|residual(x)| <= tolerance`` on [low, high], as bands; the ends within :data:`PRECISION`."""
    tolerance = rational(target.tolerance)
    ends = sorted(
        {low, high} | {_middle(r) for side in (-1, 1) for r in _roots(residual + side * tolerance, low, high)}
    )
    bands: list[Band] = []
    for a, b in pairwise(ends):
        inside = abs(fraction(residual.eval(rational((a + b) / 2)))) <= target.tolerance
        if inside:
            if bands and bands[-1].high == a:
                bands[-1] = Band(bands[-1].low, b)
            else:
                bands.append(Band(a, b))
    if len(ends) == 1 and abs(fraction(residual.eval(rational(low)))) <= target.tolerance:
        bands.append(Band(low, low))
    return tuple(bands)


def _meet(first: tuple[Band, ...], second: tuple[Band, ...]) -> tuple[Band, ...]:
    """The intersection of two unions of bands."""
    out = []
    for a in first:
        for b in second:
            low, high = max(a.low, b.low), min(a.high, b.high)
            if low <= high:
                out.append(Band(low, high))
    return tuple(sorted(out, key=lambda band: band.low))


def shortest_decimal(low: Fraction, high: Fraction, near: Fraction) -> Fraction:
    """The decimal of the fewest places in [low, high] (0 <= low <= high), the one nearest ``near`` among those:
    the probability a rule file would write.

    >>> shortest_decimal(Fraction(93745, 100000), Fraction(93854, 100000), Fraction(938, 1000))
    Fraction(469, 500)
    """
    places = 0
    while True:
        step = Fraction(1, 10**places)
        first, last = math.ceil(low / step), math.floor(high / step)
        if first <= last:
            nearest = min(max(round(near / step), first), last)
            return nearest * step
        places += 1


def _fit_one(
    law: FreeLaw, targets: Sequence[Target], polynomials: Sequence[ReturnPolynomial], equations: Sequence[int]
) -> LawFit:
    low, high = Fraction(0), law.share
    residuals = {i: polynomials[i].poly() - rational(targets[i].rtp) for i in range(len(targets))}
    squares = sum((residuals[i] ** 2 for i in equations), Poly(0, *residuals[0].gens, domain=sympy.QQ))
    candidates = [low, high, *(_middle(r) for r in _roots(squares.diff(), low, high))]
    point = (min(candidates, key=lambda x: (fraction(squares.eval(rational(x))), x)),)
    holds = {i: _holds(targets[i], residuals[i], low, high) for i in range(len(targets))}
    band: tuple[Band, ...] = (Band(low, high),)
    for i in equations:
        band = _meet(band, holds[i])
    printable: Point | None = None
    printable_rtps: tuple[Fraction, ...] = ()
    if band:
        chosen = min(band, key=lambda b: (0 if b.low <= point[0] <= b.high else 1, abs(b.low - point[0])))
        # inside the band by more than the precision of its ends, so that the decimal is certainly in it
        inner_low, inner_high = chosen.low + PRECISION, chosen.high - PRECISION
        x = shortest_decimal(inner_low, inner_high, point[0]) if inner_low <= inner_high else chosen.low
        if all(abs(polynomials[i].at((x,)) - targets[i].rtp) <= targets[i].tolerance for i in equations):
            printable = (x,)
            printable_rtps = tuple(p.at((x,)) for p in polynomials)
    conflicts = tuple(
        (targets[i].wager, targets[j].wager)
        for n, i in enumerate(equations)
        for j in equations[n + 1 :]
        if not _meet(holds[i], holds[j])
    )
    return LawFit(
        law=law,
        method="least squares",
        point=point,
        targets=tuple(_target_fit(t, p, point, holds[i]) for i, (t, p) in enumerate(zip(targets, polynomials))),
        fits=bool(band),
        band=band,
        printable=printable,
        printable_rtps=printable_rtps,
        conflicts=conflicts,
    )


# ------------------------------------------------------------------------------------------- several parameters


def _rounded(
    law: FreeLaw, targets: Sequence[Target], polynomials: Sequence[ReturnPolynomial], point: Point
) -> Point | None:
    """``point`` rounded to the fewest decimal places (up to 12) at which it is a law and every target is within its
    tolerance, checked exactly; None if none is."""
    for places in range(1, 13):
        step = Fraction(1, 10**places)
        rounded = tuple(round(x / step) * step for x in point)
        if law.inside(rounded) and all(abs(p.at(rounded) - t.rtp) <= t.tolerance for t, p in zip(targets, polynomials)):
            return rounded
    return None


def _solve_two(
    law: FreeLaw, targets: Sequence[Target], polynomials: Sequence[ReturnPolynomial], equations: Sequence[int]
) -> LawFit:
    """Two parameters and two distinct targets: the system solved by eliminating the second parameter (the
    resultant, a polynomial in the first), the real roots of the eliminant in the law's range, then for each the real
    roots in the second parameter of an equation that has it; a pair is kept when both returns are within
    :data:`CHECK` of their targets there and it is a law."""
    if len(equations) != 2:
        raise InputError(
            f"The law has 2 free probabilities ({', '.join(law.parameters)}) and {len(equations)} distinct targets; "
            "with two free probabilities give exactly two targets (they are solved exactly), or free two values "
            f"with {named('free')} (one parameter: any number of targets, fitted)."
        )
    f, g = (polynomials[i].poly() - rational(targets[i].rtp) for i in equations)
    x, y = f.gens
    eliminant = Poly(sympy.resultant(f.as_expr(), g.as_expr(), y), x, domain=sympy.QQ)
    if eliminant.is_zero:
        raise InputError(
            "The two targets do not fix the law: a whole family of laws meets them (their returns share a factor); "
            f"free fewer multiplier values with {named('free')}."
        )
    solutions: list[Point] = []
    for root in _roots(eliminant, Fraction(0), law.share):
        first = _middle(root)
        for h in sorted((f, g), key=lambda h: -h.degree(y)):
            along = Poly(h.as_expr().subs(x, rational(first)), y, domain=sympy.QQ)
            if along.degree() > 0:
                break
        else:
            continue
        for other in _roots(along, Fraction(0), law.share - first):
            pair = (first, _middle(other))
            rtps = [polynomials[i].at(pair) for i in equations]
            if law.inside(pair) and all(abs(r - targets[i].rtp) <= CHECK for r, i in zip(rtps, equations)):
                solutions.append(pair)
    solutions.sort()
    point = solutions[0] if solutions else None
    printable = None if point is None else _rounded(law, targets, polynomials, point)
    return LawFit(
        law=law,
        method="exact solution",
        point=point,
        printable=printable,
        printable_rtps=() if printable is None else tuple(p.at(printable) for p in polynomials),
        targets=tuple(
            _target_fit(t, p, point) if point is not None else TargetFit(t, p, Fraction(0), Fraction(0), False)
            for t, p in zip(targets, polynomials)
        ),
        fits=bool(solutions),
        solutions=tuple(solutions),
    )
