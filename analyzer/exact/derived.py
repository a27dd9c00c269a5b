"""Wagers that follow from others: a wager whose coefficients (:mod:`analyzer.exact.multiset`) are an exact integer
combination of other wagers' and of the orderings (whose form is ``(N)_6`` itself) is not multiplied again, its
numerator taken from theirs: Tie is 8 + 351 Player + 18 Banker at a 5% commission (pays scaled to integers), the
Banker Pair equals the Player Pair. A float least-squares guess proposes the weights; integer arithmetic keeps a
relation only if it holds on every coefficient.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Derived:
    """A wager whose coefficients are ``(sum of weights[i] * computed[i]'s + constant * orderings) / divisor``:
    its numerator follows from theirs and ``(N)_6`` (checked exactly on every coefficient when tabled)."""

    wager: int
    divisor: int
    weights: tuple[int, ...]  # one per computed wager, in ``Coefficients.computed`` order
    constant: int
    bound: int  # the combination's terms add up to at most bound * (N)_6 in size, for the int64 check


def relations(
    flat: list[npt.NDArray[Any]], constant: npt.NDArray[Any], biggest: list[int]
) -> tuple[tuple[int, ...], list[Derived]]:
    """Which wagers to multiply out, and which follow from them (e.g. Tie from Player and Banker, or the two Pairs,
    whose coefficients are equal): a float least-squares guess of small rational weights, kept only if it holds
    exactly on every coefficient (integers)."""
    computed: list[int] = []
    derived: list[Derived] = []
    for w, vector in enumerate(flat):
        columns = [constant] + [flat[b] for b in computed]
        guess = np.linalg.lstsq(np.stack(columns, axis=1), vector, rcond=None)[0]
        fractions = [Fraction(float(x)).limit_denominator(1000) for x in guess]
        divisor = math.lcm(*(f.denominator for f in fractions))
        weights = [int(f * divisor) for f in fractions]
        exact = divisor * vector.astype(np.int64)
        combined = sum((k * c.astype(np.int64) for k, c in zip(weights, columns)), np.zeros_like(exact))
        if divisor <= 1000 and max(map(abs, weights)) < 2**20 and np.array_equal(combined, exact):
            bound = abs(weights[0]) + sum(abs(k) * biggest[b] for k, b in zip(weights[1:], computed))
            derived.append(Derived(w, divisor, tuple(weights[1:]), weights[0], bound))
        else:
            computed.append(w)
    return tuple(computed), derived
