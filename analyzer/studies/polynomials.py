"""Integer polynomials in the number of decks d: arithmetic, Cramer's rule, exact interpolation, reduction to a
reported rational function, and the whole numbers d at which a polynomial is positive.

A polynomial is a tuple of integer coefficients, lowest power of d first (:data:`Poly`); nothing here divides
except where a result is exact (interpolation refuses a count that would not be whole). The sign of a polynomial
over whole d from a first deck count is decided exactly: with no change of sign among the coefficients of the
polynomial shifted to that count there is no root beyond it (Descartes' rule of signs); otherwise sympy isolates
every real root in an interval of width at most 1/4 (exact rationals) and the polynomial is evaluated, exactly, at
every whole d next to a root and once in each stretch between them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import permutations
from math import gcd, lcm

import sympy

from .formula import VARIABLE, RationalFunction

Poly = tuple[int, ...]
"""Integer coefficients, lowest power of d first."""
Ranges = tuple[tuple[int, int | None], ...]
"""Whole numbers d as ranges, each (first, last) with last None for "and every d above"."""
_D = sympy.Symbol(VARIABLE, positive=True)


def trim(p: Sequence[int]) -> Poly:
    out = list(p)
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return tuple(out) or (0,)


def add(a: Poly, b: Poly) -> Poly:
    n = max(len(a), len(b))
    return trim([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)])


def neg(a: Poly) -> Poly:
    return tuple(-x for x in a)


def mul(a: Poly, b: Poly) -> Poly:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return trim(out)


def at(a: Poly, d: int) -> int:
    value = 0
    for c in reversed(a):
        value = value * d + c
    return value


def is_zero(a: Poly) -> bool:
    return not any(a)


def determinant(matrix: Sequence[Sequence[Poly]]) -> Poly:
    """The determinant of a small square matrix of polynomials (Leibniz's formula: sizes up to 5)."""
    n = len(matrix)
    total: Poly = (0,)
    for perm in permutations(range(n)):
        sign = 1
        for i in range(n):
            for j in range(i + 1, n):
                if perm[i] > perm[j]:
                    sign = -sign
        term: Poly = (sign,)
        for i in range(n):
            term = mul(term, matrix[i][perm[i]])
            if is_zero(term):
                break
        total = add(total, term)
    return total


def cramer(matrix: Sequence[Sequence[Poly]], right: Sequence[Poly]) -> tuple[tuple[Poly, ...], Poly]:
    """The solution of ``matrix x = right`` as numerators over one common denominator (the determinant)."""
    n = len(matrix)
    denominator = determinant(matrix)
    numerators = []
    for column in range(n):
        replaced = [[right[i] if j == column else matrix[i][j] for j in range(n)] for i in range(n)]
        numerators.append(determinant(replaced))
    return tuple(numerators), denominator


def interpolator(points: Sequence[int]) -> Callable[[Sequence[int]], Poly]:
    """A function from values at ``points`` to the integer polynomial through them (exact; refuses a fraction)."""
    n = len(points)
    matrix = sympy.Matrix([[sympy.Integer(x) ** j for j in range(n)] for x in points])
    inverse = matrix.inv()
    scale = lcm(*(int(sympy.fraction(v)[1]) for v in inverse))
    rows = [[int(inverse[i, j] * scale) for j in range(n)] for i in range(n)]

    def fit(values: Sequence[int]) -> Poly:
        coefficients = []
        for row in rows:
            total = sum(r * v for r, v in zip(row, values))
            if total % scale:
                raise AssertionError(f"a count interpolates to a fraction: {total}/{scale}")
            coefficients.append(total // scale)
        return trim(coefficients)

    return fit


def rational(numerator: Poly, denominator: Poly) -> RationalFunction:
    """numerator / denominator reduced, factored and with its limit (the form :mod:`.formula` reports)."""
    top = sympy.Poly(list(reversed(numerator)), _D, domain="ZZ")
    bottom = sympy.Poly(list(reversed(denominator)), _D, domain="ZZ")
    common = top.gcd(bottom)
    top, bottom = top.quo(common), bottom.quo(common)
    if bottom.LC() < 0:
        top, bottom = -top, -bottom
    content = gcd(*(int(c) for c in top.all_coeffs()), *(int(c) for c in bottom.all_coeffs()))
    num = tuple(int(c) // content for c in top.all_coeffs())
    den = tuple(int(c) // content for c in bottom.all_coeffs())
    expression = sympy.Poly(list(num), _D).as_expr() / sympy.Poly(list(den), _D).as_expr()
    factored = sympy.factor(expression)
    if len(num) > len(den):
        raise AssertionError(f"{factored} grows without bound in d")
    limit = Fraction(num[0], den[0]) if len(num) == len(den) else Fraction(0)
    from sympy.printing.mathml import mathml

    markup = (
        mathml(factored, printer="presentation")
        .replace("&InvisibleTimes;", "\u2062")
        .replace("<mo>-</mo>", "<mo>\u2212</mo>")
    )
    return RationalFunction(
        numerator=num,
        denominator=den,
        limit=limit,
        text=sympy.sstr(factored),
        mathml=markup,
        latex=sympy.latex(factored),
    )


# ------------------------------------------------------------------ the sign of a polynomial over whole d


def shifted(poly: Poly, first: int) -> Poly:
    """poly(x + first), by Horner in polynomials."""
    out: Poly = (0,)
    for c in reversed(poly):
        out = add(mul(out, (first, 1)), (c,))
    return out


def positive(poly: Poly, first: int) -> Ranges:
    """The whole d >= ``first`` at which ``poly(d) > 0``, as ranges (exact)."""
    if is_zero(poly):
        return ()
    moved = [c for c in shifted(poly, first) if c]
    if all(c > 0 for c in moved) or all(c < 0 for c in moved):
        # no change of sign: no root beyond ``first`` (Descartes); only d = first itself may be a root
        if moved[-1] < 0:
            return ()
        return ((first, None),) if at(poly, first) > 0 else ((first + 1, None),)
    exact = sympy.Poly(list(reversed(poly)), _D, domain="ZZ")
    marks = {first}
    for (low, high), _ in exact.intervals(eps=sympy.Rational(1, 4)):
        for x in (sympy.floor(low), sympy.ceiling(high)):
            if x >= first:
                marks.add(int(x))
    ordered = sorted(marks)
    points = sorted({*ordered, *(m + 1 for m in ordered)})
    ranges: list[tuple[int, int | None]] = []
    for n, d in enumerate(points):
        last = points[n + 1] - 1 if n + 1 < len(points) else None
        if at(poly, d) > 0:  # between marks no root lies, so the sign holds up to the next mark
            ranges.append((d, last))
    return merge(ranges)


def merge(ranges: Sequence[tuple[int, int | None]]) -> Ranges:
    out: list[tuple[int, int | None]] = []
    for lo, hi in sorted(ranges, key=lambda r: r[0]):
        if out and (out[-1][1] is None or out[-1][1] >= lo - 1):
            previous = out[-1]
            top = None if previous[1] is None or hi is None else max(previous[1], hi)
            out[-1] = (previous[0], top)
        else:
            out.append((lo, hi))
    return tuple(out)


def intersect(a: Ranges, b: Ranges) -> Ranges:
    out = []
    for lo1, hi1 in a:
        for lo2, hi2 in b:
            lo = max(lo1, lo2)
            hi = hi2 if hi1 is None else hi1 if hi2 is None else min(hi1, hi2)
            if hi is None or lo <= hi:
                out.append((lo, hi))
    return merge(out)
