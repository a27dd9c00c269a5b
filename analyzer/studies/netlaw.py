"""The law of one step's net result (a round, or a whole shoe): what the exact risk figures are computed from.

A step nets a whole number of *cells* of ``1 / scale`` unit each, ``scale`` being the common denominator of what
it can net (20 for a Banker bet paid 19:20, 1 for a bet whose pays are whole). Its law is one probability per
cell, from the least it can net to the most, kept as floats for the dynamic programs of :mod:`.ruin` and
:mod:`.trip`, with what bounds their distance from the exact law:

* ``error``: every float is within a factor ``1 ± error`` of the exact probability of its cell (one correctly
  rounded division, ``2**-53``, for a law known exactly: :meth:`NetLaw.of_weights`);
* ``missing``: probability the floats leave out altogether (a far tail trimmed off by :meth:`NetLaw.trimmed`, or
  cells that underflowed), at most this much in all; ``support`` keeps the exact law's least and most.

Every figure computed from a law states a bound that takes both in. The exact mean (a :class:`Fraction`, units
per step) is always kept, and the exact probabilities too when they are known.

Rounding model (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., ch. 3): a float operation
is exact to a factor ``1 + t``, ``|t| <= u = 2**-53``; a sum of ``n`` non-negative terms, in any order, is exact
to a factor within ``gamma(n - 1)``, where ``gamma(n) = n u / (1 - n u)`` (:func:`gamma`); the probabilities a
dynamic program adds are never negative, so its errors are relative, cell by cell.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np
import numpy.typing as npt

UNIT_ROUNDOFF = 2.0**-53
"""u: the largest relative error of one rounded float64 operation (round to nearest)."""
SMALLEST_NORMAL = 2.0**-1022
"""Below it a float64 loses relative precision (subnormal): the programs count such cells as missing mass."""


def gamma(n: int) -> float:
    """Higham's ``gamma(n) = n u / (1 - n u)``, rounded up: the relative error of ``n`` rounded operations in a row.

    >>> gamma(0), gamma(1) > 2**-53
    (0.0, True)
    """
    if n <= 0:
        return 0.0
    nu = n * UNIT_ROUNDOFF
    if nu >= 0.5:
        raise ValueError(f"{n:,} rounded operations in a row: too many for a bound of the form n u / (1 - n u).")
    return nu / (1 - nu) * (1 + 4 * UNIT_ROUNDOFF)


def compounded(rate: float, times: int) -> float:
    """``(1 + rate)**times - 1``, rounded up: a relative error ``rate`` made ``times`` times over.

    >>> compounded(0.0, 10)
    0.0
    """
    if rate == 0 or times == 0:
        return 0.0
    return math.expm1(times * math.log1p(rate)) * (1 + 1e-12)


@dataclass(frozen=True, eq=False)
class NetLaw:
    """The law of one step's net result, ``scale`` cells to the unit (see the module notes).

    ``probabilities[i]`` is the float probability of netting ``low + i`` cells; cells outside hold nothing but
    ``missing`` mass, which lies within ``support`` (the exact law's least and most, in cells).
    """

    scale: int
    low: int
    probabilities: npt.NDArray[np.float64]
    mean: Fraction
    """The exact expected net result of a step, in units."""
    error: float
    missing: float = 0.0
    support: tuple[int, int] | None = None
    exact: tuple[Fraction, ...] | None = None
    """The exact probabilities of the cells ``low`` onwards, when known."""

    def __post_init__(self) -> None:
        if self.scale < 1 or len(self.probabilities) == 0:
            raise ValueError("A law needs a positive scale and at least one cell.")
        if self.support is None:
            object.__setattr__(self, "support", (self.low, self.high))
        if self.exact is not None and len(self.exact) != len(self.probabilities):
            raise ValueError("The exact probabilities must cover the same cells as the floats.")

    @staticmethod
    def of_weights(weights: Mapping[int, int], scale: int) -> NetLaw:
        """The law whose probability of netting ``v`` cells is ``weights[v] / sum(weights)``, exactly.

        >>> law = NetLaw.of_weights({-1: 2, 1: 1}, 1)
        >>> law.mean, law.exact
        (Fraction(-1, 3), (Fraction(2, 3), Fraction(0, 1), Fraction(1, 3)))
        """
        total = sum(weights.values())
        kept = {v: w for v, w in weights.items() if w}
        if total <= 0 or any(w < 0 for w in kept.values()):
            raise ValueError("A law's weights must be whole numbers of at least 0, some above 0.")
        low, high = min(kept), max(kept)
        exact = tuple(Fraction(kept.get(v, 0), total) for v in range(low, high + 1))
        floats = np.array([float(p) for p in exact], dtype=np.float64)  # int / int: correctly rounded
        mean = Fraction(sum(v * w for v, w in kept.items()), total * scale)
        missing = float(sum(p for p, f in zip(exact, floats) if p and f < SMALLEST_NORMAL))
        return NetLaw(scale, low, floats, mean, UNIT_ROUNDOFF, missing, (low, high), exact)

    @property
    def high(self) -> int:
        """The most the floats hold, in cells."""
        return self.low + len(self.probabilities) - 1

    @property
    def down(self) -> int:
        """The most one step can lose, in cells (0 when it cannot lose)."""
        assert self.support is not None
        return max(0, -self.support[0])

    @property
    def up(self) -> int:
        """The most one step can win, in cells (0 when it cannot win)."""
        assert self.support is not None
        return max(0, self.support[1])

    @property
    def terms(self) -> int:
        """The cells the floats give a probability above 0: the terms of each sum a dynamic program makes."""
        return int(np.count_nonzero(self.probabilities))

    @property
    def mean_cells(self) -> Fraction:
        return self.mean * self.scale

    def variance(self) -> float:
        """The variance of a step's net result, in units squared: exact when the law is (then rounded once)."""
        exact = self.exact_variance()
        if exact is not None:
            return float(exact)
        cells = np.arange(self.low, self.high + 1, dtype=np.float64) / self.scale
        return float(self.probabilities @ (cells * cells)) - float(self.mean) ** 2

    def exact_variance(self) -> Fraction | None:
        """The exact variance, in units squared, when the exact probabilities are known (worked out once a law)."""
        return None if self.exact is None else self._exact_variance

    @cached_property
    def _exact_variance(self) -> Fraction:
        assert self.exact is not None
        second = sum((Fraction(self.low + i, self.scale) ** 2 * p for i, p in enumerate(self.exact)), Fraction(0))
        return second - self.mean**2

    def trimmed(self, tail: float) -> NetLaw:
        """The law with its far cells dropped, at each end as many as hold at most ``tail / 2`` there (counted as
        missing): what the programs need not carry, for a bound that grows by the mass dropped."""
        n = len(self.probabilities)
        inflate = (1 + self.error) * (1 + gamma(n))
        below = int(np.searchsorted(np.cumsum(self.probabilities) * inflate, tail / 2, side="right"))
        above = int(np.searchsorted(np.cumsum(self.probabilities[::-1]) * inflate, tail / 2, side="right"))
        if below + above >= n:
            below, above = 0, 0
        if below == 0 and above == 0:
            return self
        dropped = float(self.probabilities[:below].sum() + self.probabilities[n - above :].sum()) * inflate
        return NetLaw(
            self.scale,
            self.low + below,
            self.probabilities[below : n - above].copy(),
            self.mean,
            self.error,
            self.missing + dropped,
            self.support,
            None if self.exact is None else self.exact[below : n - above],
        )
