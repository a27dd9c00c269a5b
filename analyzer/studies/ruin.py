"""Ruin, computed exactly: the chance that a bankroll is lost, for life or before a goal, by dynamic programming on the
bankroll in cells (:mod:`.netlaw`), each figure with a bound on its error.

The walk
    A bankroll of ``b`` cells nets one step of a :class:`~.netlaw.NetLaw` after another, the steps independent; it
    is *ruined* when it reaches 0 or below (a bankroll of ``B`` units is ``ceil(B * scale)`` cells: a result of
    whole cells takes it to 0 or below exactly when it takes ``B`` units there).

Before a goal (the double barrier)
    The chance ``psi(b)`` of ruin before reaching ``top`` cells or more, for every ``b`` from 1 to ``top - 1``, is
    the solution of the linear system ``psi(b) = sum_v p_v psi(b + v)``, with ``psi = 1`` at 0 and below and 0 at
    ``top`` and above: banded (lower bandwidth the most a step loses, upper the most it wins). ``I - Q`` (``Q`` the
    steps that stay in the strip) is a nonsingular M-matrix, weakly diagonally dominant, so Gaussian elimination
    needs no pivoting: no pivot vanishes. In exact arithmetic (``exact=True``: :class:`~fractions.Fraction`
    throughout, for small grids) the elimination gives ``psi`` exactly. In floats the same system is solved by
    block cyclic reduction over blocks as tall as the band is wide (:func:`_solve_floats`), and the bound is a
    posteriori, so it holds whatever way ``x`` was found: the residual ``rho = Q x + r - x`` of the computed ``x``
    is evaluated and bounded with its own rounding and the law's (:mod:`.netlaw`); since
    ``x - psi = (I - Q)^-1 rho`` and ``(I - Q)^-1 1`` is the expected number of steps before the walk leaves the
    strip, ``|x - psi| <= max |rho| * E[T]``, with ``E[T]`` bounded by Wald's identities (:func:`exit_time_bound`).
    Probability the law's floats miss changes the walk with at most that chance a step, so by at most
    ``missing * E[T]`` in all.

For life
    With no goal the strip is cut at a ceiling ``top``: ruin before the ceiling is at most lifetime ruin, which is
    at most that plus the chance of ruin from ``top`` or above, ``e^(-r top)`` or less for any ``r > 0`` with
    ``E[e^(-r X)] <= 1`` (Lundberg's inequality: ``e^(-r B_n)`` is a supermartingale, and at least 1 once ruined).
    :func:`lundberg` finds such an ``r``, checked with the rounding of its own evaluation, and the ceiling is set
    where ``e^(-r top)`` is below ``1.4 * 10^-11`` (:data:`CEILING_EXPONENT`). A walk that does not gain on
    average (``E[X] <= 0``) is ruined for certain (it is recurrent or drifts down): 1, exactly.

A grid too large to solve in seconds (:data:`MOST_CELLS`, :data:`MOST_WORK`) is refused with the reason, for the
caller to print instead of a figure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from . import cyclic
from .netlaw import NetLaw, gamma

MOST_CELLS = 600_000
"""The largest bankroll grid solved (cells)."""
MOST_WORK = 1_500_000_000
"""The most multiplications the plain elimination may take (cells times bandwidths): some seconds for it; the float
path's block cyclic reduction takes a fraction of a second at this limit (Banker's shoe grid, near it: 0.02 s)."""
MOST_STORED = 30_000_000
"""The most numbers the plain elimination keeps (cells times the upper bandwidth): 240 MB of floats; the float path
keeps about twice the cells."""
CEILING_EXPONENT = 25
"""A lifetime's ceiling is set ``25 / r`` cells above the bankrolls asked about: ``e^-25 < 1.4 * 10^-11``, far below
the figures' last printed place."""


@dataclass(frozen=True, slots=True)
class Bounded:
    """A probability computed in floats, and an interval sure to hold the exact one (``low <= exact <= high``)."""

    low: float
    high: float

    @staticmethod
    def around(value: float, below: float, above: float | None = None) -> Bounded:
        """``value`` with the exact figure at most ``below`` under it and ``above`` (default ``below``) over it,
        clipped to the probabilities."""
        over = below if above is None else above
        pad = 4 * 2.0**-53 * abs(value)  # the subtractions' own rounding, outwards
        return Bounded(max(0.0, value - below - pad), min(1.0, value + over + pad))

    @property
    def value(self) -> float:
        return (self.low + self.high) / 2

    @property
    def error(self) -> float:
        """Half the interval: the figure :attr:`value` is this close to the exact one, or closer."""
        return (self.high - self.low) / 2


CERTAIN = Bounded(1.0, 1.0)
NEVER = Bounded(0.0, 0.0)


@dataclass(frozen=True, eq=False)
class RuinCurve:
    """The chance of ruin from every bankroll ``b = 0 .. len(values) - 1`` cells (``values[0] = 1``), within
    ``[values - error, values + error + ceiling]`` (``ceiling``: the lifetime's cut, 0 before a goal)."""

    scale: int
    values: npt.NDArray[np.float64]
    error: float
    ceiling: float
    exact: tuple[Fraction, ...] | None = None
    """With ``exact=True``: the chances of ruin exactly (a goal), or of ruin before the ceiling (life)."""

    def at(self, cells: int) -> Bounded:
        """The chance of ruin from a bankroll of ``cells`` cells (one past the grid: the bound beyond it)."""
        if cells <= 0:
            return CERTAIN
        if cells >= len(self.values):
            return Bounded(0.0, self.ceiling)
        return Bounded.around(float(self.values[cells]), self.error, self.error + self.ceiling)

    def smallest(self, risk: float) -> tuple[int, int] | None:
        """The least bankroll, in cells, whose chance of ruin is at most ``risk``: (at least, at most), from the
        bounds (ruin never grows with the bankroll); ``None`` when the grid does not reach it."""
        values = self.values
        surely = np.flatnonzero(values + self.error + self.ceiling <= risk)
        maybe = np.flatnonzero(values - self.error <= risk)
        if len(surely) == 0 or len(maybe) == 0:
            return None
        return max(1, int(maybe[0])), max(1, int(surely[0]))


def lundberg(law: NetLaw) -> float | None:
    """An ``r > 0`` (per cell) with ``E[e^(-r X)] <= 1`` for the exact law, near the largest; ``None`` when the law
    does not gain on average. The expectation is bounded above from the floats, their error, the missing mass
    (counted at the worst cell of the support) and the evaluation's rounding, and bisected on ``r``."""
    if law.mean <= 0:
        return None
    cells = np.arange(law.low, law.high + 1, dtype=np.float64)
    rounding = (1 + law.error) * (1 + gamma(2 * law.terms + 4))

    def bound(r: float) -> float:
        return float(law.probabilities @ np.exp(-r * cells)) * rounding + law.missing * math.exp(r * law.down)

    variance = max(law.variance() * law.scale**2, 1e-300)
    good = float(law.mean_cells) / variance
    for _ in range(200):
        if bound(good) <= 1:
            break
        good /= 2
    else:
        return None
    bad = good * 2
    while bound(bad) <= 1:
        good, bad = bad, bad * 2
        if bad > 1e6:
            return good
    for _ in range(60):
        middle = (good + bad) / 2
        good, bad = (middle, bad) if bound(middle) <= 1 else (good, middle)
    return good


def exit_time_bound(law: NetLaw, top: int) -> float:
    """A bound on the expected steps before the walk leaves ``(0, top)``, from any start (Wald's identities).

    ``E[B_T] = b + mu E[T]`` gives ``(top + up) / mu`` for a gain ``mu > 0`` a step (in cells), ``(top + down) / |mu|``
    for a loss; ``E[(B_T - b)^2] = sigma^2 E[T]`` gives ``(top + up + down)^2 / sigma^2`` for ``mu = 0``.
    """
    mu = law.mean_cells
    if mu > 0:
        return float(Fraction(top + law.up) / mu) * (1 + 1e-12)
    if mu < 0:
        return float(Fraction(top + law.down) / -mu) * (1 + 1e-12)
    variance = law.variance() * law.scale**2 * (1 - 1e-9)
    if variance <= 0:
        return math.inf  # a walk that never moves never leaves
    return (top + law.up + law.down) ** 2 / variance * (1 + 1e-12)


def grid_refusal(law: NetLaw, top: int) -> str | None:
    """Why a grid of ``top`` cells is not solved (too many cells or too much work), or ``None``."""
    down, up = max(0, -law.low), max(0, law.high)
    if top > MOST_CELLS:
        return f"the bankroll grid would be {top:,} cells of 1/{law.scale} unit (the most solved is {MOST_CELLS:,})"
    if top * max(1, down) * (up + 1) > MOST_WORK or top * (up + 1) > MOST_STORED:
        return (
            f"a grid of {top:,} cells with steps from {-down:,} to +{up:,} cells is more work than is done here "
            f"(at most {MOST_WORK:,} multiplications)"
        )
    return None


def before_goal(law: NetLaw, top: int, exact: bool = False) -> RuinCurve:
    """The chance of ruin before reaching ``top`` cells, from every bankroll of 0 to ``top - 1`` cells (the module
    notes); ``exact=True`` solves in Fractions (the law must be exact; the grid small)."""
    if top < 1:
        raise ValueError("A goal must lie above a bankroll of 0 cells.")
    if exact:
        if law.exact is None:
            raise ValueError("An exact solve needs the law's exact probabilities.")
        x = _solve(np.array(law.exact, dtype=object), law.low, top - 1, Fraction(0), Fraction(1))
        values = np.array([1.0] + [float(v) for v in x], dtype=np.float64)
        return RuinCurve(law.scale, values, 0.0, 0.0, (Fraction(1), *x))
    x = _solve_floats(law.probabilities, law.low, top - 1)
    return RuinCurve(law.scale, np.concatenate([[1.0], x]), _error(law, x, top), 0.0)


def lifetime_top(law: NetLaw, bankroll: int = 0) -> int:
    """The ceiling of a lifetime's grid: :data:`CEILING_EXPONENT` ``/ r`` cells above ``bankroll`` and above the
    bankroll of a 1% lifetime risk (module notes)."""
    r = lundberg(law)
    if r is None:
        raise ValueError("A walk that does not gain on average is ruined for certain: there is no curve to solve.")
    return max(bankroll, math.ceil(math.log(100) / r)) + math.ceil(CEILING_EXPONENT / r) + 1


def lifetime(law: NetLaw, bankroll: int = 0) -> RuinCurve | str:
    """The lifetime chance of ruin from every bankroll up to a ceiling above ``bankroll`` cells and above the
    bankroll of a 1% lifetime risk (module notes); or, when the grid is too large, why it is not solved."""
    r = lundberg(law)
    if r is None:
        raise ValueError("A walk that does not gain on average is ruined for certain: there is no curve to solve.")
    top = lifetime_top(law, bankroll)
    refusal = grid_refusal(law, top)
    if refusal is not None:
        return refusal
    curve = before_goal(law, top)
    return RuinCurve(law.scale, curve.values, curve.error, math.exp(-r * top) * (1 + 1e-12))


def _error(law: NetLaw, x: npt.NDArray[np.float64], top: int) -> float:
    """The a posteriori bound on ``|x - psi|`` (module notes): the residual, its rounding, the law's, times E[T]."""
    n = len(x)
    if n == 0:
        return 0.0
    places = np.arange(1 + law.low, n + law.high + 1)  # every bankroll a step from 1 .. n cells can reach
    extended = np.where(places <= 0, 1.0, 0.0)
    inside = (places >= 1) & (places <= n)
    extended[inside] = x[places[inside] - 1]
    reach = np.convolve(extended, law.probabilities[::-1], mode="valid")  # sum_v p_v psi(b + v), b = 1 .. n
    residual = float(np.max(np.abs(reach - x)))
    largest = max(1.0, float(np.max(np.abs(x))))
    rho = residual + (gamma(law.terms + 2) * 2.1 + law.error * (1 + law.error)) * largest
    return (rho + law.missing) * exit_time_bound(law, top) * (1 + 1e-9)


def _solve(p: npt.NDArray[Any], low: int, n: int, zero: Any, one: Any) -> npt.NDArray[Any]:
    """``psi(1) .. psi(n)`` of the strip ``(0, n + 1)`` for the step law ``p`` over cells ``low ..``: banded Gaussian
    elimination without pivoting, the right-hand side eliminated alongside; floats or Fractions alike (what floats
    run is :func:`_solve_floats`, by blocks, held to this within rounding by the tests).

    The buffer holds the pivot row and the ``down`` rows below it, column ``c`` standing for column ``k + c`` of
    ``I - Q`` at step ``k``; a row enters it with nothing left of column ``k`` (it reaches ``down`` cells back).
    """
    if n <= 0:
        return np.array([], dtype=p.dtype)
    high = low + len(p) - 1
    down, up = max(0, -low), max(0, high)
    width = down + up + 1

    def zeros(*shape: int) -> npt.NDArray[Any]:
        return np.full(shape, zero, dtype=p.dtype)

    template = zeros(width)  # template[t] = entry of I - Q at column (row + t - down)
    for t in range(width):
        v = t - down
        if low <= v <= high:
            template[t] = -p[v - low]
    template[down] = template[down] + one
    y = zeros(n)
    for i in range(min(n, down)):  # one step from i + 1 cells to 0 or below
        y[i] = sum((p[v - low] for v in range(low, -i) if v <= high), zero)
    buffer = zeros(down + 1, width)
    for s in range(min(down + 1, n)):  # row s at step 0: columns 0 .. s + up, none past the top
        last = min(width - 1, s + up, n - 1)
        buffer[s, : last + 1] = template[down - s : down - s + last + 1]
    upper = zeros(n, up + 1)
    for k in range(n):
        upper[k] = buffer[0, : up + 1]
        if down:
            factors = buffer[1:, 0] / buffer[0, 0]
            buffer[1:, : up + 1] -= factors[:, None] * buffer[0, : up + 1][None, :]
            below = y[k + 1 : k + 1 + down]
            y[k + 1 : k + 1 + down] = below - factors[: len(below)] * y[k]
        buffer[:-1, :-1] = buffer[1:, 1:].copy()
        buffer[:-1, -1] = zero
        last = min(width - 1, n - 2 - k)  # the row entering, k + 1 + down, at step k + 1: cut at the top
        buffer[-1] = zero
        if k + 1 + down < n and last >= 0:
            buffer[-1, : last + 1] = template[: last + 1]
    x = zeros(n)
    for k in range(n - 1, -1, -1):
        reach = min(up, n - 1 - k)
        x[k] = (y[k] - (upper[k, 1 : reach + 1] @ x[k + 1 : k + 1 + reach] if reach else zero)) / upper[k, 0]
    return x


LEAST_BLOCK = 32
"""The least block size of :func:`_solve_floats`, in rows: narrower bands are solved in blocks this tall (fewer,
larger steps of BLAS's)."""


def _solve_floats(p: npt.NDArray[np.float64], low: int, n: int) -> npt.NDArray[np.float64]:
    """:func:`_solve` in floats, by blocks: ``I - Q`` as a block-tridiagonal matrix, solved by block cyclic reduction.

    With blocks of ``s = max(down, up, LEAST_BLOCK)`` rows, a row reaches no further than the blocks beside its own,
    and every block of ``I - Q`` is one of three ``s x s`` Toeplitz blocks (on, above and below the diagonal). The
    grid is padded to whole blocks with rows ``x = 0`` that touch nothing, so only the last row of blocks differs.
    :func:`.cyclic.solve` then takes ``log2(n / s)`` steps of a few ``s x s`` products each, where the plain
    elimination takes ``n`` steps of the interpreter's: Banker's 77,715-cell shoe grid in about 0.02 s.

    The figures are those of the plain elimination up to rounding, not bit for bit: both are checked by the same a
    posteriori bound (the residual of the ``x`` returned, :func:`_error`), and ``tests/test_ruin_blocks.py`` holds
    this to :func:`_solve` in floats and in Fractions. A law that never leaves some cells (``I - Q`` singular) is
    given to the plain elimination, which returns what it returned before (infinities).
    """
    if n <= 0:
        return np.array([], dtype=np.float64)
    high = low + len(p) - 1
    down, up = max(0, -low), max(0, high)
    width = down + up + 1
    size = max(down, up, LEAST_BLOCK)
    count = -(-n // size)
    template = np.zeros(width, dtype=np.float64)  # template[t] = entry of I - Q at column (row + t - down)
    for t in range(width):
        v = t - down
        if low <= v <= high:
            template[t] = -p[v - low]
    template[down] = template[down] + 1.0
    rows, columns = np.arange(size)[:, None], np.arange(size)[None, :]

    def block(k: int) -> npt.NDArray[np.float64]:
        """The block ``k`` places right of the diagonal: entry (a, b) is I - Q's at column (k s + b) - (a)."""
        place = k * size + columns - rows + down
        return np.where((place >= 0) & (place < width), template[np.clip(place, 0, width - 1)], 0.0)

    diagonal, below = block(0), block(-1)
    last, last_below = diagonal.copy(), below.copy()
    pad = count * size - n
    if pad:  # rows n .. of the last block: x = 0, touching nothing
        last[size - pad :, :] = 0.0
        last[:, size - pad :] = 0.0
        last[range(size - pad, size), range(size - pad, size)] = 1.0
        last_below[size - pad :, :] = 0.0
    first = np.zeros(count * size, dtype=np.float64)
    for i in range(min(n, down)):  # one step from i + 1 cells to 0 or below
        first[i] = sum((p[v - low] for v in range(low, -i) if v <= high), 0.0)
    blocks = cyclic.BlockRows(diagonal=diagonal, above=block(1), below=below, last=last, last_below=last_below)
    try:
        x = cyclic.solve(blocks, first.reshape(count, size))
    except np.linalg.LinAlgError:
        return np.asarray(_solve(p, low, n, 0.0, 1.0), dtype=np.float64)
    return x.reshape(-1)[:n]
