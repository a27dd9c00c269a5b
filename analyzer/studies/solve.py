"""Pay tables solved for a target house edge, exactly.

A wager's expected value per unit is sum(pays_i * P_i) over its outcomes, so
it is linear in every pay: fixing all pays but one, or scaling a set of pays
by one common multiplier, leaves a single linear equation whose solution is
one exact division. No solver (and no sympy) is needed, and none is used.

Two questions are answered:

* :func:`solve_pay`: the pay of one outcome that gives the wager exactly the
  target edge, and the nearest pays a table would print, on the grids of
  :data:`GRIDS` ("N to 1", "N to 2", and below 2 to 1 "N to 20", the 5%
  commission steps), each with its exact edge.
* :func:`solve_shape`: for a wager whose pays are to be designed (Big Win
  Bonus has none in document 000), pays in a stated shape (relative
  weights): the common multiplier that reaches the target and the exact
  table; then a printable table: every shaped pay but one rounded to the
  nearest "N to 1", and the remaining one (the top award unless named)
  solved again as above, with its nearest pays.

Traps: a target can be out of reach (the pay would have to lose more than
the stake, or the outcome never happens); that raises :class:`InputError`
saying why. Edges are per unit staked, as everywhere in the package.

>>> from analyzer.exact.parsheet import par_sheets
>>> from analyzer.game.rulefile import read_rules
>>> from analyzer.game.shoe import Shoe
>>> (tie,) = par_sheets(read_rules("punto-banco"), Shoe.decks(8), ("tie",))
>>> solution = solve_pay(tie, "tie", Fraction(2, 100))
>>> decimal_text(solution.pays, 4)
'9.2989'
>>> [(format_pays(c.pays), percent_text(c.house_edge)) for c in solution.candidates]
[('9:1', '4.8440%'), ('19:2', '0.0862%'), ('10:1', '-4.6716%')]
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError, named, shown
from ..exact.parsheet import ParSheet
from ..game.odds import LOSE, format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import decimal_text, percent_text

if TYPE_CHECKING:
    from .design import Yield

GRIDS: tuple[tuple[str, Fraction, Fraction | None], ...] = (
    ("N to 1", Fraction(1), None),
    ("N to 2", Fraction(1, 2), None),
    ("N to 20", Fraction(1, 20), Fraction(2)),
)
"""(name, step, used only below this pay): the grids on which nearest pays are sought."""

__all__ = ["Candidate", "PaySolution", "ShapeSolution", "format_pays", "parse_shape", "solve_pay", "solve_shape"]

_WEIGHT = re.compile(r"\d{1,9}(?:\.\d{1,12})?")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A pay a table could print, on one of :data:`GRIDS`, and the exact edge it gives."""

    pays: Fraction
    house_edge: Fraction
    grids: tuple[str, ...]
    counter_yield: Yield | None = None
    """With ``solve --counter-yield``: what perfect play takes from the wager with this pay (the same shoes for every
    candidate)."""

    def __post_init__(self) -> None:
        if self.pays < LOSE:
            raise ValueError(f"A pay of {self.pays} would lose more than the stake.")


@dataclass(frozen=True, slots=True)
class PaySolution:
    """The exact pay of ``outcome`` that gives the wager the ``target`` house edge.

    ``candidates`` are the nearest pays on :data:`GRIDS`, ordered by pay,
    each with the exact edge it gives, the other pays staying as they were.
    """

    outcome: str
    probability: Fraction
    target: Fraction
    pays: Fraction
    candidates: tuple[Candidate, ...]
    multiplied: bool = False
    """For a wager with lightning multipliers: ``probability`` is then what each unit of the pay adds to the expected
    value (the outcome's probability weighted by its multipliers, net of the fee), not a probability."""


@dataclass(frozen=True, slots=True)
class ShapeSolution:
    """Pays ``multiplier * weight`` that reach ``target`` exactly, and a table a casino could print.

    ``exact`` pays each shaped outcome ``multiplier * weight`` (edge exactly
    the target). ``rounded`` pays every shaped outcome but ``balance.outcome``
    its exact pay rounded to the nearest "N to 1" (below 2 to 1, the nearest
    "N to 2"; half-way rounds down); ``balance`` then solves the remaining
    outcome for the target with those rounded pays, with its nearest pays.
    """

    weights: tuple[tuple[str, Fraction], ...]
    target: Fraction
    multiplier: Fraction
    exact: tuple[tuple[str, Fraction], ...]
    rounded: tuple[tuple[str, Fraction], ...]
    balance: PaySolution


def parse_shape(texts: Sequence[str]) -> dict[str, Fraction]:
    """Read ``OUTCOME=WEIGHT`` items (weights are plain decimals such as 30 or 2.5), strictly.

    >>> parse_shape(["natural win=1", "win by 9, non-natural=30"])
    {'natural win': Fraction(1, 1), 'win by 9, non-natural': Fraction(30, 1)}
    """
    weights: dict[str, Fraction] = {}
    for text in texts:
        name, equals, weight = text.rpartition("=")
        name, weight = name.strip(), weight.strip()
        if not equals or not name or not _WEIGHT.fullmatch(weight):
            raise InputError(
                f"{named('shape')} {shown(text)} is not OUTCOME=WEIGHT with a weight such as 30 or 2.5, e.g. 'win by "
                "8=10'."
            )
        if name in weights:
            raise InputError(f"{named('shape')} names {shown(name)} twice; give each outcome one weight.")
        weights[name] = Fraction(weight)
    return weights


def solve_pay(sheet: ParSheet, outcome: str, target: Fraction) -> PaySolution:
    """The pay of ``outcome`` that makes the house edge of ``sheet``'s wager exactly ``target``.

    Every other outcome must have a pay. Raises :class:`InputError` when the
    outcome is unknown or never happens, or when no pay of at least "lose"
    (-1) reaches the target.
    """
    sheet.wager.outcome(outcome)
    return _solve_one(sheet, _pays(sheet), outcome, target)


def solve_shape(
    sheet: ParSheet, weights: Mapping[str, Fraction], target: Fraction, balance: str | None = None
) -> ShapeSolution:
    """Scale the pays of the outcomes in ``weights`` by one multiplier to reach ``target``.

    The outcomes named get pays ``m * weight``; every other outcome keeps its
    pay, and must have one. The exact multiplier ``m`` solves
    ``-target = fixed + m * sum(weight_i * P_i)``. ``balance`` names the
    shaped outcome re-solved after rounding (default: the one with the
    largest weight, the top award; the first such in pay-table order).

    Raises :class:`InputError` for an unknown outcome, a weight that is not
    positive, unpaid outcomes left out of the shape, a shape that never
    pays, or a target that only negative pays could reach.
    """
    if not weights:
        raise InputError(f"{named('shape')} needs at least one OUTCOME=WEIGHT.")
    for name, weight in weights.items():
        sheet.wager.outcome(name)
        if weight <= 0:
            raise InputError(f"The weight of {shown(name)} is {weight}; a weight must be greater than 0.")
    pays = _pays(sheet)
    missing = [name for name, p in pays.items() if p is None and name not in weights]
    if missing:
        raise InputError(
            f"Wager {sheet.wager.name} has no pay for {', '.join(repr(m) for m in missing)}; "
            "give each a weight with --shape OUTCOME=WEIGHT, or a pay with --pay."
        )
    shaped = tuple((name, weights[name]) for name in pays if name in weights)
    if balance is None:
        balance = max(shaped, key=lambda item: item[1])[0]
    elif balance not in weights:
        raise InputError(
            f"The outcome to balance, {shown(balance)}, must be one of the shaped outcomes: {', '.join(weights)}."
        )
    probability = _probabilities(sheet)
    fixed = _expected(probability, {n: p for n, p in pays.items() if n not in weights})
    slope = sum((w * probability[name] for name, w in shaped), Fraction(0))
    if slope == 0:
        raise InputError(f"None of the outcomes in the shape of {sheet.wager.name} ever happens from this shoe.")
    multiplier = (-target - fixed) / slope
    if multiplier < 0:
        raise InputError(
            f"A house edge of {percent_text(target)} is out of reach: even if the shaped outcomes pushed "
            f"(paid nothing), the edge would be {percent_text(-fixed)}."
        )
    exact = tuple((name, multiplier * w) for name, w in shaped)
    rounded = tuple((name, _nearest(p)) for name, p in exact if name != balance)
    with_rounded = {**pays, **dict(rounded), balance: None}
    return ShapeSolution(
        weights=shaped,
        target=target,
        multiplier=multiplier,
        exact=exact,
        rounded=rounded,
        balance=_solve_one(sheet, with_rounded, balance, target),
    )


def _solve_one(sheet: ParSheet, pays: Mapping[str, Fraction | None], outcome: str, target: Fraction) -> PaySolution:
    """Solve ``outcome``'s pay for ``target`` with the other pays as given."""
    missing = [name for name, p in pays.items() if p is None and name != outcome]
    if missing:
        raise InputError(
            f"Wager {sheet.wager.name} has no pay for {', '.join(repr(m) for m in missing)}; give them with "
            f"{named('pays')} '{sheet.wager.name}:OUTCOME=PAYS', or solve a common multiplier with {named('shape')}."
        )
    probability = _probabilities(sheet)
    if probability[outcome] == 0:
        raise InputError(
            f"Outcome {shown(outcome)} of {sheet.wager.name} never happens from this shoe, so its pay cannot move the "
            "edge."
        )
    rest = _expected(probability, {n: p for n, p in pays.items() if n != outcome})
    return _solve_linear(outcome, rest, probability[outcome], target)


def _solve_linear(
    outcome: str, rest: Fraction, slope: Fraction, target: Fraction, multiplied: bool = False
) -> PaySolution:
    """The pay ``p`` of ``outcome`` with ``-(rest + slope * p) = target``, and the nearest printable pays."""
    # The edge is -(rest + pays * slope); set it to the target.
    exact = (-target - rest) / slope
    if exact < LOSE:
        raise InputError(
            f"No pay for {shown(outcome)} gives a house edge of {percent_text(target)}: it would have to be "
            f"{decimal_text(exact, 4)} to 1, losing more than the stake."
        )
    grids: dict[Fraction, list[str]] = {}
    for name, step, below in GRIDS:
        if below is not None and exact >= below:
            continue
        for p in sorted({math.floor(exact / step) * step, math.ceil(exact / step) * step}):
            if p >= LOSE:
                grids.setdefault(Fraction(p), []).append(name)
    candidates = tuple(
        Candidate(pays=p, house_edge=-(rest + p * slope), grids=tuple(g)) for p, g in sorted(grids.items())
    )
    return PaySolution(
        outcome=outcome, probability=slope, target=target, pays=exact, candidates=candidates, multiplied=multiplied
    )


def solve_multiplied_pay(
    rules: RuleSet, shoe: Shoe, wager: str, outcome: str, target: Fraction
) -> tuple[ParSheet, PaySolution]:
    """The base pay of ``outcome`` of a wager with lightning multipliers that gives the ``target`` edge, and its par
    sheet.

    Every multiplied row pays the base pay times its multiplier, the fee taken after: the expected value is affine in
    the base pay while the pay is above 0 and no cap or limit binds. It is found from three exact par sheets (pays
    p, p + 1, p + 2), checked affine, and solved as :func:`solve_pay` does; the candidates' edges are exact. Raises
    :class:`InputError` when a cap or limit makes it not affine, or the pay solved is not above 0.
    """
    from ..exact.parsheet import par_sheets

    base = rules.wager(wager).outcome(outcome)
    start = base.pays if base.pays is not None and base.pays > 0 else Fraction(1)
    sheets = [par_sheets(rules.with_pays(wager, outcome, start + i), shoe, (wager,))[0] for i in range(3)]
    values = [s.expected_value for s in sheets]
    if any(v is None for v in values):
        raise InputError(f"Wager {wager} has no pay table to solve.")
    ev = [v for v in values if v is not None]
    slope = ev[1] - ev[0]
    if slope == 0:
        raise InputError(
            f"Outcome {shown(outcome)} of {wager} never happens from this shoe, so its pay cannot move the edge."
        )
    if ev[2] - ev[1] != slope:
        raise InputError(
            f"A cap or limit on {wager}'s multiplied pays makes its return not linear in the pay of "
            f"{shown(outcome)}, so it cannot be solved exactly; solve it without the cap."
        )
    solution = _solve_linear(outcome, ev[0] - slope * start, slope, target, multiplied=True)
    if solution.pays <= 0:
        raise InputError(
            f"The pay of {shown(outcome)} would have to be {decimal_text(solution.pays, 4)} to 1 for a house "
            f"edge of {percent_text(target)}; a multiplied pay must be above 0."
        )
    (at_solution,) = par_sheets(rules.with_pays(wager, outcome, solution.pays), shoe, (wager,))
    if at_solution.house_edge != target:  # a cap or limit binds beyond the three pays: not affine after all
        raise InputError(
            f"A cap or limit on {wager}'s multiplied pays makes its return not linear in the pay of "
            f"{shown(outcome)}, so it cannot be solved exactly; solve it without the cap."
        )
    solution = PaySolution(
        solution.outcome,
        solution.probability,
        solution.target,
        solution.pays,
        tuple(c for c in solution.candidates if c.pays > 0),
        True,
    )
    (current,) = par_sheets(rules, shoe, (wager,))
    return current, solution


def _nearest(pays: Fraction) -> Fraction:
    """The nearest "N to 1" pay (below 2 to 1, the nearest "N to 2"); half-way rounds down."""
    step = Fraction(1) if pays >= 2 else Fraction(1, 2)
    return math.ceil(pays / step - Fraction(1, 2)) * step


def _pays(sheet: ParSheet) -> dict[str, Fraction | None]:
    return {row.outcome.name: row.pays for row in sheet.rows}


def _probabilities(sheet: ParSheet) -> dict[str, Fraction]:
    return {row.outcome.name: row.probability for row in sheet.rows}


def _expected(probability: Mapping[str, Fraction], pays: Mapping[str, Fraction | None]) -> Fraction:
    """Sum of pays times probability over the outcomes in ``pays`` (all must have a pay)."""
    total = Fraction(0)
    for name, p in pays.items():
        assert p is not None, name
        total += p * probability[name]
    return total
