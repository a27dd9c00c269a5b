"""The exact simplex (analyzer/studies/simplex.py) against a brute force over the vertices of small programs.

A bounded feasible program's optimum is at a vertex: a point where n of the constraints (the inequalities, the
bounds, x >= 0) hold with equality. The brute force solves every choice of n of them exactly (Fractions, Gaussian
elimination), keeps the feasible points and takes the best value; the simplex must give the same value, a point
that is feasible and reaches it, and the same verdict when there is no feasible point.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from analyzer.studies.simplex import maximize


def _solve(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The one solution of a square system, or None when it has none or many."""
    n = len(rows)
    a = [row[:] + [b] for row, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def _brute_force(c: list[int], a_ub: list[list[int]], b_ub: list[int], bound: int) -> Fraction | None:
    """The best value over the vertices of {x >= 0, a_ub x <= b_ub, x <= bound}; None when none is feasible."""
    n = len(c)
    planes = [([Fraction(v) for v in row], Fraction(b)) for row, b in zip(a_ub, b_ub)]
    planes += [([Fraction(int(i == j)) for j in range(n)], Fraction(bound)) for i in range(n)]
    planes += [([Fraction(-int(i == j)) for j in range(n)], Fraction(0)) for i in range(n)]
    best = None
    for chosen in itertools.combinations(planes, n):
        point = _solve([row for row, _ in chosen], [b for _, b in chosen])
        if point is None or any(sum(r * x for r, x in zip(row, point)) > b for row, b in planes):
            continue
        value = sum(Fraction(ci) * x for ci, x in zip(c, point))
        best = value if best is None or value > best else best
    return best


@pytest.mark.parametrize("seed", range(60))
def test_the_simplex_reaches_the_best_vertex_of_a_small_program(seed: int) -> None:
    rng = random.Random(seed)
    n, m, bound = rng.randint(1, 3), rng.randint(1, 4), 7
    c = [rng.randint(-5, 9) for _ in range(n)]
    a_ub = [[rng.randint(-6, 6) for _ in range(n)] for _ in range(m)]
    b_ub = [rng.randint(-8, 12) for _ in range(m)]
    expected = _brute_force(c, a_ub, b_ub, bound)
    found = maximize(c, a_ub=a_ub, b_ub=b_ub, upper=[bound] * n)
    if expected is None:
        assert found.status == "infeasible"
        return
    assert found.status == "optimal" and found.value == expected
    x = found.x
    assert all(0 <= v <= bound for v in x)
    assert all(sum(a * v for a, v in zip(row, x)) <= b for row, b in zip(a_ub, b_ub))
    assert sum(ci * v for ci, v in zip(c, x)) == expected


def test_equalities_are_held_exactly() -> None:
    """x + y = 1 with x - y <= 1/3: the optimum of 2x + y is at x = 2/3, y = 1/3."""
    found = maximize([2, 1], a_ub=[[1, -1]], b_ub=[Fraction(1, 3)], a_eq=[[1, 1]], b_eq=[1])
    assert found.status == "optimal" and found.x == (Fraction(2, 3), Fraction(1, 3)) and found.value == Fraction(5, 3)
