"""An exact linear program: the simplex method over Fractions, with Bland's rule.

:func:`maximize` solves

    maximize c.x  subject to  A_ub x <= b_ub,  A_eq x = b_eq,  0 <= x (and x_i <= upper_i where given)

exactly: every pivot is done in :class:`~fractions.Fraction`, so the optimum, its value and the point are exact
(never a floating-point LP). Phase 1 finds a feasible basis with artificial variables, phase 2 optimises;
Bland's rule (the entering and the leaving variable of least index) guarantees termination on degenerate
problems. It is written for the small programs of :mod:`analyzer.studies.equilibrium` (a few dozen variables and
constraints), as a dense tableau; it is not a general solver for large ones.

>>> from fractions import Fraction
>>> result = maximize([3, 2], a_ub=[[1, 1], [1, 3]], b_ub=[4, 6])
>>> result.status, result.value, result.x
('optimal', Fraction(12, 1), (Fraction(4, 1), Fraction(0, 1)))
>>> maximize([1], a_ub=[[-1]], b_ub=[-2], upper=[1]).status
'infeasible'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Number = int | Fraction
Status = Literal["optimal", "infeasible", "unbounded"]


@dataclass(frozen=True, slots=True)
class LinearResult:
    """The outcome of :func:`maximize`: its ``status``, and when optimal the exact ``value`` and a point ``x``."""

    status: Status
    value: Fraction | None = None
    x: tuple[Fraction, ...] = ()


def maximize(
    c: Sequence[Number],
    a_ub: Sequence[Sequence[Number]] = (),
    b_ub: Sequence[Number] = (),
    a_eq: Sequence[Sequence[Number]] = (),
    b_eq: Sequence[Number] = (),
    upper: Sequence[Number | None] | None = None,
) -> LinearResult:
    """Maximize ``c.x`` over ``x >= 0`` with ``a_ub x <= b_ub``, ``a_eq x = b_eq`` and ``x_i <= upper[i]``.

    Raises ValueError when the shapes disagree. The problem is put in equality form with one slack per
    inequality; rows with a negative right-hand side are negated, and every row gets an artificial variable
    in phase 1.
    """
    n = len(c)
    rows: list[list[Fraction]] = []
    rhs: list[Fraction] = []
    slack_count = len(a_ub) + sum(1 for u in (upper or ()) if u is not None)
    if len(a_ub) != len(b_ub) or len(a_eq) != len(b_eq) or (upper is not None and len(upper) != n):
        raise ValueError("The constraints' shapes disagree.")
    slack = 0
    for row, b in zip(a_ub, b_ub):
        rows.append(_row(row, n, slack_count, slack, 1))
        rhs.append(Fraction(b))
        slack += 1
    for i, u in enumerate(upper or ()):
        if u is None:
            continue
        unit = [0] * n
        unit[i] = 1
        rows.append(_row(unit, n, slack_count, slack, 1))
        rhs.append(Fraction(u))
        slack += 1
    for row, b in zip(a_eq, b_eq):
        rows.append(_row(row, n, slack_count, None, 0))
        rhs.append(Fraction(b))
    for i, b in enumerate(rhs):
        if b < 0:
            rows[i] = [-x for x in rows[i]]
            rhs[i] = -b
    width = n + slack_count
    m = len(rows)
    # Phase 1: minimise the sum of the artificial variables (columns width .. width + m - 1).
    tableau = [rows[i] + [Fraction(int(i == j)) for j in range(m)] + [rhs[i]] for i in range(m)]
    basis = [width + i for i in range(m)]
    phase1 = [Fraction(0)] * width + [Fraction(-1)] * m
    if not _optimize(tableau, basis, phase1, width + m):
        raise AssertionError("phase 1 of a bounded problem cannot be unbounded")
    if _objective(tableau, basis, phase1) < 0:
        return LinearResult("infeasible")
    _drive_out(tableau, basis, width)
    # Phase 2 on the original columns only.
    for row in tableau:
        del row[width : width + m]
    objective = [Fraction(x) for x in c] + [Fraction(0)] * slack_count
    if not _optimize(tableau, basis, objective, width):
        return LinearResult("unbounded")
    x = [Fraction(0)] * width
    for i, var in enumerate(basis):
        x[var] = tableau[i][-1]
    value = sum((objective[j] * x[j] for j in range(width)), Fraction(0))
    return LinearResult("optimal", value, tuple(x[:n]))


def _row(coefficients: Sequence[Number], n: int, slacks: int, slack: int | None, sign: int) -> list[Fraction]:
    if len(coefficients) != n:
        raise ValueError(f"A constraint has {len(coefficients)} coefficients for {n} variables.")
    row = [Fraction(x) for x in coefficients] + [Fraction(0)] * slacks
    if slack is not None:
        row[n + slack] = Fraction(sign)
    return row


def _objective(tableau: list[list[Fraction]], basis: list[int], objective: list[Fraction]) -> Fraction:
    return sum((objective[var] * tableau[i][-1] for i, var in enumerate(basis)), Fraction(0))


def _optimize(tableau: list[list[Fraction]], basis: list[int], objective: list[Fraction], columns: int) -> bool:
    """Pivot to an optimum of ``objective`` over the first ``columns`` columns (Bland's rule); False if unbounded."""
    while True:
        entering = None
        for j in range(columns):
            if j in basis:
                continue
            reduced = objective[j] - sum((objective[var] * tableau[i][j] for i, var in enumerate(basis)), Fraction(0))
            if reduced > 0:
                entering = j
                break
        if entering is None:
            return True
        leaving = None
        best: tuple[Fraction, int] | None = None
        for i, row in enumerate(tableau):
            if row[entering] > 0:
                ratio = row[-1] / row[entering]
                key = (ratio, basis[i])
                if best is None or key < best:
                    best, leaving = key, i
        if leaving is None:
            return False
        _pivot(tableau, basis, leaving, entering)


def _pivot(tableau: list[list[Fraction]], basis: list[int], row: int, column: int) -> None:
    pivot = tableau[row][column]
    pivoted = [x / pivot if x else x for x in tableau[row]]
    tableau[row] = pivoted
    nonzero = [j for j, y in enumerate(pivoted) if y]  # a sparse pivot row: the other entries keep their value
    for i, other in enumerate(tableau):
        if i != row and other[column] != 0:
            factor = other[column]
            updated = other[:]
            for j in nonzero:
                updated[j] = other[j] - factor * pivoted[j]
            tableau[i] = updated
    basis[row] = column


def _drive_out(tableau: list[list[Fraction]], basis: list[int], width: int) -> None:
    """Pivot every artificial variable left in the basis (at zero) out of it, or drop its redundant row."""
    i = 0
    while i < len(tableau):
        if basis[i] >= width:
            column = next((j for j in range(width) if tableau[i][j] != 0), None)
            if column is None:
                del tableau[i]
                del basis[i]
                continue
            _pivot(tableau, basis, i, column)
        i += 1
