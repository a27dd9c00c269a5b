"""A lightning wager's return as an exact polynomial in the probabilities of its multiplier values.

An operator of a multiplier game publishes the number of lightning cards, the multiplier values and each bet's
return, but not how often each value is drawn (the *law*). The return is a polynomial in those probabilities: the
rounds are counted by the row they settle on and the partition by card type of the cards the multipliers apply to
(:func:`analyzer.exact.lightning.dealings_by_partition`); for each partition the chance that a given subset of its
card types is lit is a constant of the lightning draw, and the total multiplier of a lit subset is a product of
independent draws from the law, so the chance of each total multiplier is a polynomial in the law's probabilities
(of degree at most the number of cards multiplied: six on a tie paid on both hands); the row then nets what
:func:`~analyzer.exact.lightning.lightning_pays` says at that multiplier (fee, limit and the share of the stake
returned included). Summed over the rounds, the return is a polynomial with exact rational coefficients.

What is free (:class:`FreeLaw`): the probabilities of the multiplier values named free (at least two); the other
values keep the probabilities the rule file states, and the free ones share what is left. With ``r`` free values
there are ``r - 1`` parameters: ``x_i`` is the probability of the ``i``-th free value, the last free value taking
the rest of the share.

Guarantee: :func:`return_polynomial` evaluated at a rational point is exactly the RTP the par sheet gives with the
law at that point (``tests/test_multiplierfit.py`` holds it to :func:`~analyzer.exact.parsheet.par_sheets`).
sympy only ever sees integers and fractions counted here, never user text.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

import sympy
from sympy import QQ, Poly

from ..errors import InputError, named, setting, shown
from ..exact.lightning import TYPE_COUNT, Partition, dealings_by_partition, lightning_pays
from ..game.money import Lightning, multiplier_text
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager

Point = tuple[Fraction, ...]
"""Values of a law's parameters, in the order of :attr:`FreeLaw.parameters`."""


def rational(value: Fraction) -> sympy.Rational:
    """A Fraction as sympy's exact rational."""
    return sympy.Rational(value.numerator, value.denominator)


def fraction(value: object) -> Fraction:
    """sympy's exact rational (or an integer, or a coefficient of a polynomial over QQ) as a Fraction."""
    exact = sympy.Rational(value)  # only counted numbers reach here, never text
    return Fraction(int(exact.p), int(exact.q))


@dataclass(frozen=True, slots=True)
class FreeLaw:
    """A lightning law (:class:`~analyzer.game.money.Lightning`) whose multiplier values ``free`` have free
    probabilities; the others keep the probabilities ``lightning`` states.

    >>> law = FreeLaw(Lightning(count=((8, Fraction(1)),), multipliers=((Fraction(2), Fraction(1, 2)),
    ...     (Fraction(3), Fraction(1, 2)))), (Fraction(2), Fraction(3)))
    >>> law.parameters, law.share
    (('P(2x)',), Fraction(1, 1))
    >>> law.probabilities((Fraction(15, 16),))
    ((Fraction(2, 1), Fraction(15, 16)), (Fraction(3, 1), Fraction(1, 16)))
    """

    lightning: Lightning
    free: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        values = [v for v, _ in self.lightning.multipliers]
        for value in self.free:
            if value not in values:
                raise InputError(
                    f"{named('free')} {multiplier_text(value)} is not a multiplier of the law; its values are "
                    f"{', '.join(multiplier_text(v) for v in values)}."
                )
        if len(set(self.free)) != len(self.free):
            raise InputError(f"{named('free')} names a multiplier value twice; name each once.")
        if len(self.free) < 2:
            raise InputError(
                f"Free the probabilities of at least two multiplier values ({named('free')}), or of every value (the "
                "default): with one free value its probability is what the others leave, so nothing is fitted."
            )

    @property
    def parameters(self) -> tuple[str, ...]:
        """The parameters' names: the probabilities of every free value but the last, ``P(2x)``."""
        return tuple(f"P({multiplier_text(v)}x)" for v in self.free[:-1])

    @property
    def share(self) -> Fraction:
        """What the free values' probabilities add up to: 1 less the fixed values' probabilities."""
        return 1 - sum((p for v, p in self.lightning.multipliers if v not in self.free), Fraction(0))

    def probabilities(self, point: Point) -> tuple[tuple[Fraction, Fraction], ...]:
        """The law at ``point``: (value, probability) for every value, the last free value taking the rest."""
        given = dict(zip(self.free, point))
        given[self.free[-1]] = self.share - sum(point, Fraction(0))
        return tuple((v, given.get(v, p)) for v, p in self.lightning.multipliers)

    def inside(self, point: Point) -> bool:
        """Whether ``point`` is a law: every probability at least 0 (they add up to 1 by construction)."""
        return all(p >= 0 for _, p in self.probabilities(point))

    def at(self, point: Point) -> Lightning:
        """The lightning of the rule file with its law at ``point`` (a value of probability 0 is left out)."""
        return replace(self.lightning, multipliers=tuple((v, p) for v, p in self.probabilities(point) if p))


def shared_law(rules: RuleSet, wagers: Sequence[str], free: Sequence[Fraction] = ()) -> FreeLaw:
    """The one law the ``wagers`` share, with ``free`` values free (none given: every value).

    Raises :class:`InputError` for a wager without lightning multipliers, or wagers whose numbers of lightning
    cards or multiplier tables differ (a fit finds one law for them all)."""
    if not wagers:
        raise InputError(f"Give the target returns to fit, e.g. {setting('rtp', 'prosperity-player=98.9%')}.")
    first: Wager | None = None
    for name in wagers:
        wager = rules.wager(name)
        if wager.lightning is None:
            raise InputError(
                f"Wager {shown(name)} has no lightning multipliers; {named('rtp')} fits the multiplier law of wagers "
                "that have them."
            )
        if first is None:
            first = wager
        elif first.lightning is not None and (
            wager.lightning.count != first.lightning.count or wager.lightning.multipliers != first.lightning.multipliers
        ):
            raise InputError(
                f"Wagers {first.name} and {name} draw their multipliers differently (the number of cards or the "
                "multiplier table); the fit finds one law for wagers that share it."
            )
    assert first is not None and first.lightning is not None
    values = tuple(v for v, _ in first.lightning.multipliers)
    return FreeLaw(first.lightning, tuple(free) if free else values)


def _generators(law: FreeLaw) -> tuple[sympy.Symbol, ...]:
    return tuple(sympy.Symbol(f"x{i + 1}") for i in range(len(law.parameters)))


def _value_laws(law: FreeLaw, gens: tuple[sympy.Symbol, ...]) -> dict[Fraction, Poly]:
    """Each multiplier value's probability as a polynomial in the parameters."""
    out: dict[Fraction, Poly] = {}
    rest = Poly(rational(law.share), *gens, domain=QQ)
    for value, p in law.lightning.multipliers:
        if value not in law.free:
            out[value] = Poly(rational(p), *gens, domain=QQ)
    for i, value in enumerate(law.free[:-1]):
        out[value] = Poly(gens[i], *gens, domain=QQ)
        rest -= out[value]
    out[law.free[-1]] = rest
    return out


def partition_law(law: FreeLaw, partition: Partition) -> dict[Fraction, Poly]:
    """The distribution of the total multiplier of cards whose card types make ``partition``: each value with its
    probability, a polynomial in the parameters (as :func:`analyzer.exact.lightning.multipliers`, whose
    probabilities are numbers)."""
    gens = _generators(law)
    each = _value_laws(law, gens)
    j = len(partition)
    found: dict[Fraction, Poly] = defaultdict(lambda: Poly(0, *gens, domain=QQ))
    for cards, p_count in law.lightning.count:
        if cards > TYPE_COUNT:
            continue
        ways = math.comb(TYPE_COUNT, cards)
        for size in range(min(j, cards) + 1):
            p_set = Fraction(math.comb(TYPE_COUNT - j, cards - size), ways)  # exactly this subset is lit
            if not p_set:
                continue
            for subset in combinations(partition, size):
                product: dict[Fraction, Poly] = {Fraction(1): Poly(1, *gens, domain=QQ)}
                for c in subset:  # a card type dealt c times multiplies by its value to the c
                    step: dict[Fraction, Poly] = defaultdict(lambda: Poly(0, *gens, domain=QQ))
                    for value, poly in product.items():
                        for m, q in each.items():
                            step[value * m**c] += poly * q
                    product = dict(step)
                for value, poly in product.items():
                    found[value] += poly * rational(p_count * p_set)
    return dict(found)


@dataclass(frozen=True, slots=True)
class ReturnPolynomial:
    """A wager's RTP (per unit staked, fee included) as a polynomial in its law's parameters: ``terms`` are
    (exponents, coefficient) pairs, exact; :meth:`at` evaluates it exactly."""

    wager: str
    parameters: tuple[str, ...]
    terms: tuple[tuple[tuple[int, ...], Fraction], ...]

    @property
    def degree(self) -> int:
        """The total degree (0 for a return the law does not move)."""
        return max((sum(e) for e, c in self.terms if c), default=0)

    def at(self, point: Point) -> Fraction:
        """The RTP at ``point``, exactly."""
        return sum((c * math.prod(x**e for x, e in zip(point, exps)) for exps, c in self.terms), Fraction(0))

    def poly(self) -> Poly:
        """The polynomial as sympy's, over the rationals, in x1, x2, ..."""
        gens = tuple(sympy.Symbol(f"x{i + 1}") for i in range(len(self.parameters)))
        return Poly.from_dict({e: rational(c) for e, c in self.terms}, *gens, domain=QQ)


def return_polynomial(rules: RuleSet, shoe: Shoe, wager: str, law: FreeLaw) -> ReturnPolynomial:
    """The RTP of ``wager`` from ``shoe`` as a polynomial in the parameters of ``law`` (which the wager draws its
    multipliers by), exactly."""
    chosen = rules.wager(wager)
    weights, part_scale = dealings_by_partition(rules, shoe, chosen)
    gens = _generators(law)
    # Sum the weights by (partition, total multiplier): the law's polynomial is then taken once for each.
    constant = Fraction(0)
    by_partition: dict[Partition, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for (row, part), weight in weights.items():
        if part:
            by_partition[part][row] += weight
        else:
            constant += weight * (lightning_pays(chosen, row, Fraction(1)) or Fraction(0))
    total = Poly(rational(constant), *gens, domain=QQ)
    for part, rows in by_partition.items():
        for value, poly in partition_law(law, part).items():
            net = sum(
                (weight * (lightning_pays(chosen, row, value) or Fraction(0)) for row, weight in rows.items()),
                Fraction(0),
            )
            if net:
                total += poly * rational(net)
    total = total * rational(Fraction(1, shoe.denominator * part_scale)) + 1  # the RTP: 1 plus the expected value
    return ReturnPolynomial(
        wager=wager,
        parameters=law.parameters,
        terms=tuple((tuple(int(e) for e in exps), fraction(c)) for exps, c in total.terms() if c),
    )
