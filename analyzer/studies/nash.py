"""Every Nash equilibrium of a game with choices under a commission (a bimatrix game, additive on both sides).

With a commission the Banker's payoff is no longer minus the Player's, and optimal play is a Nash equilibrium:
``p`` a best response to ``q`` and ``q`` to ``p``. Both payoffs are bilinear (:mod:`analyzer.studies.bilinear`):
the Banker's best response is cell by cell, driven by the sign of ``D_c(p)``, his gain from drawing in cell c,
an affine function of ``p``; the Player's decision by decision, driven by the sign of his payoff's slope in
``p_i``, an affine function of ``q``.

Why the search is complete
    Take any equilibrium (p, q). Fix which of the Player's probabilities are 0, 1 or strictly between (a
    *pattern*); within that slice of the box, the hyperplanes ``D_c = 0`` of the Banker's cells cut it into
    faces, and on a face the Banker's best responses are the same. Move ``p`` within its face, away from its
    inside, to a vertex: ``q`` stays a best response (a cell indifferent on the face stays indifferent, a cell
    whose sign held may only become indifferent), and ``p`` stays a best response to ``q`` (the Player was
    indifferent at every probability strictly inside, and a probability moved to 0 or 1 is still a best
    choice). So every equilibrium shares its ``q`` with an equilibrium whose ``p`` is a vertex: an intersection,
    inside the slice, of as many hyperplanes ``D_c = 0`` as the slice has dimensions (none for a pure ``p``).
    The search visits every pattern and every such intersection, and at each vertex takes every ``q`` that makes
    it an equilibrium (:func:`~analyzer.studies.bilinear.banker_answers`, exact); for each ``q`` found,
    :func:`~analyzer.studies.bilinear.player_answers` gives every ``p`` that goes with it. With one decision the
    vertices are 0, 1 and the roots of the ``D_c`` in between, in Fractions; with several, candidate vertices are
    located in floating point (a screen only, with generous tolerances) and every one kept is solved, placed and
    proved in Fractions, so a vertex is never missed for rounding while nothing inexact is reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from math import gcd

import numpy as np

from .bilinear import BilinearGame, Point, StrategySet, banker_answers, player_answers

METHOD = (
    "Every Nash equilibrium: at every vertex of the Player's strategy box cut by the Banker's indifference "
    "hyperplanes, every Banker strategy that answers it (exact), then every Player strategy that answers that "
    "(see analyzer.studies.nash for why this is complete)."
)
SCREEN = 1e-7
"""How far outside the box (or from an indifference) a floating-point candidate may fall and still be solved exactly."""
CONDITION = 1e6
"""The largest condition number of a system solved in floats to locate a vertex; the others are solved exactly."""


def every_equilibrium(game: BilinearGame) -> tuple[list[tuple[StrategySet, StrategySet]], bool, str]:
    """Every equilibrium as (the Player's set, the Banker's set) pairs, whether the list is complete, and how."""
    vertices = _vertices_one(game) if game.k == 1 else _vertices_many(game)
    found: list[tuple[StrategySet, StrategySet]] = []
    seen: set[tuple[Point, Point]] = set()
    screen = _Screen(game)
    for p in vertices:
        pattern: list[int | None] = [int(x) if x in (0, 1) else None for x in p]
        if not screen.may_be_equilibrium(np.array([float(x) for x in p]), pattern):
            continue
        banker = banker_answers(game, p)
        if banker.empty:
            continue
        player = player_answers(game, banker.point)
        if player.empty:
            raise AssertionError(f"p = {p} answers q = {banker.point}, so the Player's answers cannot be empty")
        key = (player.low + player.high, banker.low + banker.high)
        if key not in seen:
            seen.add(key)
            found.append((player, banker))
    return found, True, METHOD


def _vertices_one(game: BilinearGame) -> list[Point]:
    """0, 1 and every root of a Banker's gain strictly between them, exactly."""
    points = {Fraction(0), Fraction(1)}
    for d in game.banker_draw:
        if d[1] != 0:
            root = Fraction(-d[0], d[1])
            if 0 < root < 1:
                points.add(root)
    return [(x,) for x in sorted(points)]


def _vertices_many(game: BilinearGame) -> list[Point]:
    """Every vertex of every pattern's slice (see the module) at which an equilibrium may sit: located and screened
    in floats, then solved exactly."""
    k = game.k
    gains = [d for d in game.banker_draw if any(d[1:])]
    screen = _Screen(game)
    found: dict[Point, None] = {}
    for pattern in product((0, 1, None), repeat=k):
        mixed = [i for i, x in enumerate(pattern) if x is None]
        base = [Fraction(x) if x is not None else Fraction(0) for x in pattern]
        if not mixed:
            found[tuple(base)] = None
            continue
        planes = []
        for d in gains:
            constant = d[0] + sum(d[1 + i] for i in range(k) if pattern[i] == 1)
            terms = [d[1 + i] for i in mixed]
            if not any(terms):
                continue
            least = constant + sum(min(0, t) for t in terms)
            most = constant + sum(max(0, t) for t in terms)
            if least <= 0 <= most:  # the hyperplane meets the closed slice
                planes.append((terms, constant))
        planes = _distinct(planes)
        for subset in _candidates(planes, len(mixed), pattern, mixed, screen):
            point = _solve_exact([planes[j] for j in subset], len(mixed))
            if point is None or not all(0 < x < 1 for x in point):
                continue
            full = list(base)
            for i, x in zip(mixed, point):
                full[i] = x
            found[tuple(full)] = None
    return list(found)


def _distinct(planes: list[tuple[list[int], int]]) -> list[tuple[list[int], int]]:
    """The planes with each hyperplane once (cells whose gains are proportional meet the slice in the same one)."""
    seen: dict[tuple[int, ...], tuple[list[int], int]] = {}
    for terms, constant in planes:
        divisor = gcd(*terms, constant)
        sign = -1 if next(t for t in terms if t) < 0 else 1
        key = tuple(sign * x // divisor for x in (*terms, constant))
        seen.setdefault(key, (terms, constant))
    return list(seen.values())


class _Screen:
    """The game in floats, to set aside candidate vertices that cannot be equilibria (generous tolerances)."""

    def __init__(self, game: BilinearGame) -> None:
        self.k = game.k
        self.gains = np.array(game.banker_draw, dtype=float)  # (cells, k + 1)
        self.gain_size = np.abs(self.gains).sum(axis=1)
        fixed = [game.player_fixed[i] + sum(s[i] for s in game.player_stand) for i in range(1, self.k + 1)]
        self.base = np.array(fixed, dtype=float)  # the Player's slope when the Banker stands everywhere
        self.slopes = np.array([d[1:] for d in game.player_draw], dtype=float)  # (cells, k)
        self.slope_size = np.abs(self.base) + np.abs(self.slopes).sum(axis=0)

    def may_be_equilibrium(self, p: np.ndarray, pattern: Sequence[int | None]) -> bool:
        """False only when, at ``p``, no Banker answer can make ``p`` a best response, by a margin floats trust."""
        gains = self.gains[:, 0] + self.gains[:, 1:] @ p
        loose = np.abs(gains) <= SCREEN * self.gain_size
        q = (gains > 0).astype(float)
        slope = self.base + q[~loose] @ self.slopes[~loose]
        tolerance = SCREEN * self.slope_size
        for i, x in enumerate(pattern):
            lowest = slope[i] - np.clip(-self.slopes[loose][:, i], 0, None).sum()
            highest = slope[i] + np.clip(self.slopes[loose][:, i], 0, None).sum()
            if x is None and (lowest > tolerance[i] or highest < -tolerance[i]):
                return False
            if x == 0 and lowest > tolerance[i]:
                return False
            if x == 1 and highest < -tolerance[i]:
                return False
        return True


def _candidates(
    planes: Sequence[tuple[list[int], int]],
    m: int,
    pattern: Sequence[int | None],
    mixed: Sequence[int],
    screen: _Screen,
) -> list[tuple[int, ...]]:
    """The subsets of ``m`` planes whose meeting point may be an equilibrium vertex inside the slice: located in
    floats (singular or ill-conditioned subsets are all kept, to be solved exactly)."""
    if len(planes) < m:
        return []
    scale = [max(abs(t) for t in terms) for terms, _ in planes]
    a = np.array([[t / s for t in terms] for (terms, _), s in zip(planes, scale)], dtype=float)
    b = np.array([-c / s for (_, c), s in zip(planes, scale)], dtype=float)
    subsets = np.array(list(combinations(range(len(planes)), m)), dtype=np.int64)
    matrices = a[subsets]  # (n, m, m)
    rights = b[subsets]
    singular = np.linalg.svd(matrices, compute_uv=False)
    # a well-conditioned system is solved in floats to within CONDITION * 1e-16 relative, far below SCREEN
    usable = singular[:, -1] * CONDITION > singular[:, 0]
    solved = np.full((len(subsets), m), np.nan)
    if usable.any():
        solved[usable] = np.linalg.solve(matrices[usable], rights[usable][..., None])[..., 0]
    inside = usable & np.all((solved > -SCREEN) & (solved < 1 + SCREEN), axis=1)
    kept = [tuple(subsets[i].tolist()) for i in np.flatnonzero(~usable)]
    full = np.array([0.0 if x is None else float(x) for x in pattern])
    for index in np.flatnonzero(inside):
        full[list(mixed)] = solved[index]
        if screen.may_be_equilibrium(full, pattern):
            kept.append(tuple(subsets[index].tolist()))
    return kept


def _solve_exact(planes: Sequence[tuple[list[int], int]], m: int) -> Point | None:
    """The one point where ``planes`` meet (Gauss-Jordan in Fractions), or None when they do not meet in one."""
    rows = [[Fraction(t) for t in terms] + [Fraction(-constant)] for terms, constant in planes]
    for column in range(m):
        pivot = next((r for r in range(column, m) if rows[r][column] != 0), None)
        if pivot is None:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [x / head for x in rows[column]]
        for r in range(m):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return tuple(rows[r][m] for r in range(m))
