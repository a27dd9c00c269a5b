"""Closed forms: a wager's figures as exact rational functions of the number of decks d.

Why a closed form exists
    A round is an ordered dealing of six cards P1 B1 P2 B2 P3 B3 (the
    counting convention of :mod:`analyzer.exact.enumerator`), that is a sequence of
    six ranks. From a shoe of d decks less some removed cards, where m_r cards
    of rank r are gone, a rank sequence using rank r k_r times can be dealt in
    prod_r (4d - m_r)(4d - m_r - 1)...(4d - m_r - k_r + 1) ways: six linear
    factors in d. So the count of any set of final states, such as an outcome
    of a wager, is a polynomial of degree at most 6 in d with integer
    coefficients, valid at every d at which the shoe exists. The number of all
    dealings is (52d - R)(52d - R - 1)...(52d - R - 5) for R removed cards.
    A probability is the quotient of the two, and a house edge, a sum of
    probabilities times pays, is an exact rational function of d.

How it is computed
    Each count polynomial is fixed by enumerating seven deck counts
    (:data:`FIT_POINTS`), interpolated exactly over the rationals
    (``sympy.interpolate``); an eighth deck count, not used in the fit, is
    enumerated too and every count must agree with the polynomial there, and
    every coefficient must be an integer. (Degree at most 6 is a theorem; the
    check guards the code.) sympy then reduces each quotient (numerator and
    denominator coprime, integer coefficients without a common factor),
    factors it for printing, and takes its limit as d grows without bound
    (``sympy.limit``). Each outcome's own limit is the ratio of the d**6
    coefficients of its count and of all dealings; the wager's limit must
    equal the outcomes' limits weighted by their pays, or the fit fails.

The limit
    As d grows, taking a card out changes the shoe less and less: the limit
    is the figure for drawing every card *with replacement*, each rank with
    probability 1/13, the "infinite-deck" figure. The tests check it against
    an independent with-replacement enumeration.

Traps
    The formula is a statement about whole deck counts at which the shoe
    exists (:attr:`DeckFamily.first_decks` and up); its value at d = 2.5 or
    d = 0 is arithmetic, not baccarat. sympy only ever sees integers and
    fractions built here, never user text.

>>> from analyzer.game.rulefile import read_rules
>>> (pair,) = formulas(read_rules("dactylus"), wagers=("player-pair",)).wagers
>>> pair.house_edge.text
'(4*d + 11)/(52*d - 1)'
>>> pair.house_edge.at(8), pair.house_edge.limit
(Fraction(43, 415), Fraction(1, 13))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm

import sympy

from ..errors import InputError
from ..exact.outcomes import wager_counts
from ..game.cards import RANKS, TYPES, rank_of
from ..game.money import refuse_lightning
from ..game.rules import Drawing, RuleSet
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.wager import Outcome, Wager

DEGREE = CARDS_PER_ROUND
"""The most a count can grow with d: one linear factor per card of the round."""
FIT_POINTS = DEGREE + 1
"""Deck counts enumerated to fix a polynomial of degree at most :data:`DEGREE`."""
CHECK_POINTS = 1
"""Further deck counts enumerated only to check the fitted polynomials."""
CARDS_PER_DECK = 52
CARDS_PER_RANK = 4
"""Cards of each rank in one deck."""
VARIABLE = "d"

LIMIT_NOTE = (
    "The limit as d grows without bound is the infinite-deck figure: the same as "
    "drawing every card with replacement, each rank with probability 1/13."
)

_D = sympy.Symbol(VARIABLE, positive=True)


# ------------------------------------------------------------------ shoes in d


@dataclass(frozen=True, slots=True)
class DeckFamily:
    """The shoes "d decks less ``removed``", one for each whole d at which it exists.

    ``removed`` holds ranks (``"K"``) or suited cards (``"KH"``), kept sorted
    in :data:`~analyzer.game.cards.RANKS` order, so two families with the same
    cards out are equal.
    """

    removed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = sorted({c for c in self.removed if rank_of(c) not in RANKS or (len(c) > 1 and c not in TYPES)})
        if unknown:
            raise InputError(
                f"Unknown card(s) {', '.join(unknown)}; use {' '.join(RANKS)}, with a suit S H D C or without."
            )
        ordered = tuple(sorted(self.removed, key=lambda c: (RANKS.index(rank_of(c)), c)))
        if ordered != self.removed:
            object.__setattr__(self, "removed", ordered)

    @property
    def first_decks(self) -> int:
        """The fewest decks from which the removed cards can come, leaving a round's worth."""
        ranks = [rank_of(c) for c in self.removed]
        most_of_one_rank = max((ranks.count(r) for r in set(ranks)), default=0)
        suited = [c for c in self.removed if len(c) > 1]
        most_of_one_type = max((suited.count(c) for c in set(suited)), default=0)
        by_rank = max(-(-most_of_one_rank // CARDS_PER_RANK), most_of_one_type)
        by_size = -(-(len(self.removed) + CARDS_PER_ROUND) // CARDS_PER_DECK)
        return max(1, by_rank, by_size)

    def shoe(self, decks: int) -> Shoe:
        """The shoe of ``decks`` decks with the removed cards taken out."""
        return Shoe.decks(decks).remove(self.removed)

    def exists(self, decks: int) -> bool:
        """Whether the shoe of ``decks`` decks exists (the removed cards fit)."""
        return decks >= self.first_decks

    @property
    def text(self) -> str:
        """How reports name the family: "d decks (52d cards)", "d decks less 5 5 (52d - 2 cards)"."""
        less = f" less {' '.join(self.removed)}" if self.removed else ""
        minus = f" - {len(self.removed)}" if self.removed else ""
        return f"{VARIABLE} decks{less} ({CARDS_PER_DECK}{VARIABLE}{minus} cards)"

    @property
    def denominator_text(self) -> str:
        """All ordered six-card dealings as a product of linear factors in d."""
        first = len(self.removed)
        factors = [f"{CARDS_PER_DECK}{VARIABLE}" + (f" - {first + i}" if first + i else "") for i in range(DEGREE)]
        return "".join(f"({f})" for f in factors)


# ------------------------------------------------------- rational functions


@dataclass(frozen=True, slots=True)
class RationalFunction:
    """A reduced rational function of d with integer coefficients.

    Guarantees: coefficients are listed highest power of d first; the
    numerator and the denominator have no common factor, their coefficients
    together have no common divisor, and the denominator's leading
    coefficient is positive. ``limit`` is the exact value as d grows without
    bound; ``text`` is sympy's factored form, e.g.
    ``d*(...)/(65*(13*d - 1)*...)``, which sympy can read back.
    """

    numerator: tuple[int, ...]
    denominator: tuple[int, ...]
    limit: Fraction
    text: str
    mathml: str = ""
    """The same factored form in presentation MathML (sympy's printer), for pages that typeset it."""
    latex: str = ""
    """And in LaTeX (sympy's printer)."""

    def __post_init__(self) -> None:
        if not self.numerator or not self.denominator or self.denominator[0] <= 0:
            raise ValueError(
                "A rational function needs a numerator and a denominator with a positive leading coefficient."
            )

    def at(self, decks: int) -> Fraction:
        """The exact value at ``decks``."""
        return Fraction(_horner(self.numerator, decks), _horner(self.denominator, decks))


@dataclass(frozen=True, slots=True)
class OutcomeFormula:
    """One outcome's count of ordered six-card dealings, as a polynomial in d.

    ``combinations`` lists integer coefficients, highest power first (degree
    at most 6); ``text`` is the expanded polynomial as sympy prints it;
    ``limit`` is the outcome's probability as d grows without bound.
    """

    outcome: Outcome
    combinations: tuple[int, ...]
    text: str
    limit: Fraction

    def count(self, decks: int) -> int:
        """The exact count at ``decks`` (meaningful where the shoe exists)."""
        return _horner(self.combinations, decks)


@dataclass(frozen=True, slots=True)
class WagerFormula:
    """A wager's closed forms.

    ``house_edge`` is ``None`` when the wager has no pay table (Big Win Bonus
    in document 000); ``qualifying`` is then the probability of the outcomes
    that have no documented pay together (the chance the bet would be paid),
    and is ``None`` otherwise.
    """

    wager: Wager
    outcomes: tuple[OutcomeFormula, ...]
    house_edge: RationalFunction | None
    qualifying: RationalFunction | None

    @property
    def figure(self) -> RationalFunction:
        """The one function a report leads with: the house edge, else the qualifying probability."""
        chosen = self.house_edge if self.house_edge is not None else self.qualifying
        assert chosen is not None
        return chosen

    @property
    def figure_name(self) -> str:
        return "house edge" if self.house_edge is not None else "probability of a qualifying outcome"


@dataclass(frozen=True, slots=True)
class Formulas:
    """Every wager's closed forms under one rule set, for one deck family.

    ``fit_decks`` are the deck counts enumerated to fit the polynomials,
    ``check_decks`` those enumerated only to check them.
    """

    rules: RuleSet
    family: DeckFamily
    fit_decks: tuple[int, ...]
    check_decks: tuple[int, ...]
    wagers: tuple[WagerFormula, ...]

    def values(self, formula: WagerFormula, upto: int) -> tuple[tuple[int, Fraction | None], ...]:
        """``formula``'s lead figure at d = 1..upto; ``None`` where the shoe does not exist."""
        return tuple((d, formula.figure.at(d) if self.family.exists(d) else None) for d in range(1, upto + 1))


# ------------------------------------------------------------------ fitting


def formulas(
    rules: RuleSet,
    removed: Sequence[str] = (),
    wagers: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
) -> Formulas:
    """Fit, check and reduce the closed forms of ``rules`` for d decks less ``removed``.

    Raises :class:`InputError` for an unknown wager or rank. Each wager's
    forms are cached per (drawing, wager, removed cards); the counts behind
    them come from the fast exact paths, :func:`~analyzer.exact.outcomes.wager_counts`
    (the ones the par sheets use, held by the tests to the reference enumerators).
    ``progress(1)`` is called as each wager's forms are done.
    """
    family = DeckFamily(tuple(removed))
    chosen = tuple(rules.wager(name) for name in wagers) if wagers else rules.wagers
    refuse_lightning(chosen, "formula (the closed forms)")
    fit, check = _deck_counts(family)
    return Formulas(
        rules=rules,
        family=family,
        fit_decks=fit,
        check_decks=check,
        wagers=tuple(_tick(_fitted(rules.drawing, wager, family), progress) for wager in chosen),
    )


def _tick(formula: WagerFormula, progress: Callable[[int], None] | None) -> WagerFormula:
    if progress:
        progress(1)
    return formula


def _deck_counts(family: DeckFamily) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck counts enumerated to fit, and those enumerated only to check."""
    first = family.first_decks
    fit = tuple(range(first, first + FIT_POINTS))
    return fit, tuple(range(fit[-1] + 1, fit[-1] + 1 + CHECK_POINTS))


@lru_cache(maxsize=256)
def _fitted(drawing: Drawing, wager: Wager, family: DeckFamily) -> WagerFormula:
    fit, check = _deck_counts(family)
    counts = {d: wager_counts(family.shoe(d), drawing, (wager,))[wager.name] for d in fit + check}
    denominator = _dealings(family)
    outcomes = tuple(_fit_outcome(wager, outcome, counts, fit, check, denominator) for outcome in wager.outcomes)
    formula = _wager_formula(wager, outcomes, denominator)
    # Two routes to the limit must meet: sympy's limit of the reduced function, and the
    # outcomes' limits (ratios of leading coefficients) weighted by their pays.
    if formula.house_edge is not None:
        by_outcomes = -sum((o.limit * o.outcome.pays for o in outcomes if o.outcome.pays is not None), Fraction(0))
        if by_outcomes != formula.house_edge.limit:
            raise AssertionError(f"{wager.name}: limit {formula.house_edge.limit} != {by_outcomes} from the outcomes")
    return formula


def _dealings(family: DeckFamily) -> sympy.Poly:
    """(52d - R)(52d - R - 1)...(52d - R - 5): every ordered six-card dealing."""
    first = len(family.removed)
    return sympy.Poly(sympy.prod([CARDS_PER_DECK * _D - first - i for i in range(DEGREE)]), _D, domain="QQ")


def _fit_outcome(
    wager: Wager,
    outcome: Outcome,
    counts: dict[int, dict[str, int]],
    fit: tuple[int, ...],
    check: tuple[int, ...],
    denominator: sympy.Poly,
) -> OutcomeFormula:
    points = [(d, counts[d][outcome.name]) for d in fit]
    polynomial = sympy.Poly(sympy.interpolate(points, _D), _D, domain="QQ")
    coefficients = tuple(_integer(c, wager, outcome) for c in polynomial.all_coeffs())
    if polynomial.degree() > DEGREE:
        raise AssertionError(
            f"{wager.name}, {outcome.name}: fitted a polynomial of degree {polynomial.degree()} > {DEGREE}"
        )
    for d in check:
        if _horner(coefficients, d) != counts[d][outcome.name]:
            raise AssertionError(
                f"{wager.name}, {outcome.name}: the polynomial fitted at {fit[0]}-{fit[-1]} decks "
                f"gives {_horner(coefficients, d)} at {d} decks; enumeration counts {counts[d][outcome.name]}"
            )
    # Both have degree at most 6 and the denominator exactly 6: the limit is the ratio of the d**6 coefficients.
    limit = Fraction(int(polynomial.coeff_monomial(_D**DEGREE)), int(denominator.LC()))
    return OutcomeFormula(
        outcome=outcome, combinations=coefficients, text=sympy.sstr(polynomial.as_expr()), limit=limit
    )


def _wager_formula(wager: Wager, outcomes: tuple[OutcomeFormula, ...], denominator: sympy.Poly) -> WagerFormula:
    if wager.has_pay_table:
        # Expected value per unit: sum of pays times counts, over all dealings.
        ev = sum(
            (
                _poly(o.combinations) * sympy.Rational(o.outcome.pays.numerator, o.outcome.pays.denominator)
                for o in outcomes
                if o.outcome.pays is not None
            ),
            _poly((0,)),
        )
        return WagerFormula(wager=wager, outcomes=outcomes, house_edge=_reduce(-ev, denominator), qualifying=None)
    unpaid = sum((_poly(o.combinations) for o in outcomes if o.outcome.pays is None), _poly((0,)))
    return WagerFormula(wager=wager, outcomes=outcomes, house_edge=None, qualifying=_reduce(unpaid, denominator))


def _reduce(numerator: sympy.Poly, denominator: sympy.Poly) -> RationalFunction:
    """numerator / denominator in lowest terms, with integer coefficients."""
    p, q = numerator.cancel(denominator, include=True)
    top = [Fraction(int(c.p), int(c.q)) for c in p.all_coeffs()]
    bottom = [Fraction(int(c.p), int(c.q)) for c in q.all_coeffs()]
    scale = lcm(*(c.denominator for c in top + bottom))
    content = gcd(*(int(c * scale) for c in top + bottom))
    sign = 1 if bottom[0] > 0 else -1
    num = tuple(int(c * scale) // content * sign for c in top)
    den = tuple(int(c * scale) // content * sign for c in bottom)
    expression = _poly(num).as_expr() / _poly(den).as_expr()
    factored = sympy.factor(expression)
    from sympy.printing.mathml import mathml

    markup = (
        mathml(factored, printer="presentation")
        .replace("&InvisibleTimes;", "\u2062")
        .replace("<mo>-</mo>", "<mo>\u2212</mo>")
    )
    return RationalFunction(
        numerator=num,
        denominator=den,
        limit=_limit(expression),
        text=sympy.sstr(factored),
        mathml=markup,
        latex=sympy.latex(factored),
    )


def _limit(expression: sympy.Expr) -> Fraction:
    value = sympy.limit(expression, _D, sympy.oo)
    if not value.is_Rational:
        raise AssertionError(f"the limit of {expression} is {value}, not a finite rational")
    return Fraction(int(value.p), int(value.q))


def _poly(coefficients: Sequence[int]) -> sympy.Poly:
    return sympy.Poly.from_list([sympy.Integer(c) for c in coefficients], _D, domain="QQ")


def _integer(coefficient: sympy.Rational, wager: Wager, outcome: Outcome) -> int:
    if coefficient.q != 1:
        raise AssertionError(
            f"{wager.name}, {outcome.name}: coefficient {coefficient} of the count polynomial is not whole"
        )
    return int(coefficient.p)


def _horner(coefficients: Sequence[int], x: int) -> int:
    value = 0
    for c in coefficients:
        value = value * x + c
    return value
