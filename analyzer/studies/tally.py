"""A counting study's exact tallies: per shoe, per count, per depth, per wager and in total; and the figures a researcher reports.

Units, exactly
    A wager's results are integers in units of ``1 / scale`` (its pays'
    common denominator). An expected value ``num / (scale (U)_6)`` on ``U``
    unseen cards is tallied as the integer ``num * L / (U)_6`` in units of
    ``1 / (scale L)``, with ``L`` (:func:`common_dealings`) a common multiple
    of ``(U)_6`` for every ``U`` a shoe can reach; so every sum is an
    integer and every figure an exact :class:`Fraction` until it is printed.
    The totals over several wagers use the common multiple of their scales.

Statistics
    Means and 95% intervals over shoes (normal approximation; per 100
    rounds as a ratio of totals with the delta method), the standard
    deviation of one round's net result over every round dealt (rounds
    without a bet count as 0), the desirability index
    ``DI = 1000 * (units expected per round) / SD`` and ``N0 = (SD / units
    expected per round)^2``, the rounds for the expectation to equal one
    standard deviation (Schlesinger's definitions, as Jacobson reports them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..game.shoe import CARDS_PER_ROUND

if TYPE_CHECKING:
    from .counting import Rounds, Study

Z_95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""
CLIP = 20
"""Counts beyond +-CLIP are tallied with +-CLIP (the tables' open ends)."""
CARDS_PER_DECK = 52


@lru_cache(maxsize=8)
def common_dealings(cards: int) -> int:
    """A common multiple of ``(U)_6`` for every U from 6 to ``cards``.

    >>> common_dealings(7) == math.lcm(720, 5040)
    True
    """
    return math.lcm(*(math.perm(u, CARDS_PER_ROUND) for u in range(CARDS_PER_ROUND, cards + 1)))


@lru_cache(maxsize=8)
def _factors(cards: int) -> npt.NDArray[Any]:
    """``L // (U)_6`` for U = 0..cards (0 where no round can be dealt), Python ints."""
    common = common_dealings(cards)
    return np.array([common // math.perm(u, CARDS_PER_ROUND) if u >= CARDS_PER_ROUND else 0 for u in range(cards + 1)],
                    dtype=object)


@dataclass(frozen=True, slots=True)
class Line:
    """Integer sums for one wager (or the total) over some rounds: counts, results (1/scale) and expected values (1/(scale L))."""

    rounds: int = 0
    positive: int = 0
    bets: int = 0
    won: int = 0
    expected: int = 0

    def __add__(self, other: Line) -> Line:
        return Line(self.rounds + other.rounds, self.positive + other.positive, self.bets + other.bets,
                    self.won + other.won, self.expected + other.expected)


@dataclass(frozen=True, slots=True)
class Chunk:
    """A task's tallies: one row per shoe (per wager, then the total), the per-round moments, and the tables."""

    shoes: tuple[tuple[Line, ...], ...]
    squares: tuple[int, ...]  # per wager then total: sum over rounds of the net result squared (1/scale^2)
    by_count: tuple[dict[int, Line], ...]
    by_depth: tuple[dict[int, Line], ...]

    @staticmethod
    def of(study: Study, count: int, rounds: Rounds, numerators: npt.NDArray[Any], results: npt.NDArray[np.int64]) -> Chunk:
        """Tally a chunk of ``count`` shoes from their rounds, exact expected values (numerators) and results (1/scale)."""
        from ..exact.multiset import scale_of

        wagers = [study.rules.wager(name) for name in study.names]
        scales = [scale_of(w) for w in wagers]
        common = math.lcm(*scales)
        unseen = rounds.unseen.sum(axis=1)
        factors = _factors(study.cards)[unseen]
        shoe = rounds.shoe
        per_wager: list[list[Line]] = []
        squares: list[int] = []
        by_count: list[dict[int, Line]] = []
        by_depth: list[dict[int, Line]] = []
        total_net = np.zeros(len(shoe), dtype=np.int64)
        total_expected = np.zeros(len(shoe), dtype=object)
        positive_any = np.zeros(len(shoe), dtype=bool)
        staked = np.zeros(len(shoe), dtype=np.int64)
        for j, plan in enumerate(study.wagers):
            positive = numerators[:, j] > 0
            positive_any |= positive
            counter = plan.counter
            reached, bins = positive, unseen  # no counter: perfect play, no table by count
            if counter is not None:
                running = rounds.seen @ np.asarray(counter.tags, dtype=np.int64)
                if counter.index == "true":
                    # TC = 52 RC / U >= T exactly when the integer 52 RC reaches ceil(T U)
                    scaled = running * CARDS_PER_DECK
                    reached = scaled >= _ceilings(counter.threshold, study.cards)[unseen]
                    bins = np.floor_divide(scaled, unseen)
                else:
                    reached = running >= _ceilings(counter.threshold, 1)[1]
                    bins = running
            bet = positive if study.play == "perfect" else reached
            net = np.where(bet, results[:, j], 0)
            expected = np.where(bet, numerators[:, j] * factors, 0)
            every = numerators[:, j] * factors
            total_net += net * (common // scales[j])
            staked += bet
            total_expected += expected * (common // scales[j])
            squares.append(int((net.astype(object) ** 2).sum()))
            per_wager.append(_lines(shoe, count, positive, bet, net, expected))
            by_count.append(_table(np.clip(bins, -CLIP, CLIP), positive, bet, net, every) if counter is not None else {})
            by_depth.append(_table(rounds.number, positive, bet, net, every))
        totals = _lines(shoe, count, positive_any, staked, total_net, total_expected)
        squares.append(int((total_net.astype(object) ** 2).sum()))
        rows = tuple(tuple(lines[i] for lines in per_wager) + (totals[i],) for i in range(count))
        return Chunk(shoes=rows, squares=tuple(squares), by_count=tuple(by_count), by_depth=tuple(by_depth))


@lru_cache(maxsize=64)
def _ceilings(threshold: Fraction, cards: int) -> npt.NDArray[np.int64]:
    """ceil(threshold * U) for U = 0..cards, clipped to what a count of a shoe can reach (so int64 holds it)."""
    reach = CARDS_PER_DECK * 4 * cards + 1
    return np.array([max(-reach, min(reach, math.ceil(threshold * u))) for u in range(cards + 1)], dtype=np.int64)


def _lines(shoe: npt.NDArray[np.int64], count: int, positive: npt.NDArray[np.bool_], bet: npt.NDArray[Any],
           net: npt.NDArray[np.int64], expected: npt.NDArray[Any]) -> list[Line]:
    """One :class:`Line` per shoe of the chunk."""
    rounds = np.bincount(shoe, minlength=count)
    positives = np.bincount(shoe, weights=positive, minlength=count)
    bets = np.bincount(shoe, weights=bet, minlength=count)
    won = np.zeros(count, dtype=np.int64)
    np.add.at(won, shoe, net)
    sums = [0] * count
    for i, value in zip(shoe.tolist(), expected.tolist()):
        if value:
            sums[i] += value
    return [Line(int(r), int(p), int(b), int(w), e) for r, p, b, w, e in zip(rounds, positives, bets, won, sums)]


def _table(keys: npt.NDArray[np.int64], positive: npt.NDArray[np.bool_], bet: npt.NDArray[np.bool_],
           net: npt.NDArray[np.int64], every: npt.NDArray[Any]) -> dict[int, Line]:
    """Rounds by key (a count or a depth): how many, how many positive, bets, results, and every round's expected value."""
    unique, inverse = np.unique(keys, return_inverse=True)
    width = len(unique)
    rounds = np.bincount(inverse, minlength=width)
    positives = np.bincount(inverse, weights=positive, minlength=width)  # small integers: exact in float64
    bets = np.bincount(inverse, weights=bet, minlength=width)
    won = np.zeros(width, dtype=np.int64)
    np.add.at(won, inverse, net)
    order = np.argsort(inverse, kind="stable")
    starts = np.concatenate(([0], np.cumsum(rounds)[:-1]))
    expected = np.add.reduceat(every[order], starts) if len(order) else np.zeros(0, dtype=object)
    return {
        int(key): Line(int(r), int(p), int(b), int(w), int(e))
        for key, r, p, b, w, e in zip(unique, rounds, positives, bets, won, expected)
    }


@dataclass(frozen=True, slots=True)
class Figure:
    """A mean with the half-width of its 95% interval (NaN with one shoe), as floats for printing."""

    mean: float
    ci95: float


@dataclass(frozen=True)
class Tally:
    """The whole study: every shoe's lines in shoe order, the moments and the tables, summed exactly."""

    study: Study
    shoes: tuple[tuple[Line, ...], ...]
    squares: tuple[int, ...]
    by_count: tuple[dict[int, Line], ...]
    by_depth: tuple[dict[int, Line], ...]

    @staticmethod
    def merge(study: Study, chunks: Sequence[Chunk]) -> Tally:
        width = len(study.wagers)
        by_count: list[dict[int, Line]] = [{} for _ in range(width)]
        by_depth: list[dict[int, Line]] = [{} for _ in range(width)]
        squares = [0] * (width + 1)
        for chunk in chunks:
            squares = [a + b for a, b in zip(squares, chunk.squares)]
            for merged, tables in ((by_count, chunk.by_count), (by_depth, chunk.by_depth)):
                for target, table in zip(merged, tables):
                    for key, line in table.items():
                        target[key] = target.get(key, Line()) + line
        return Tally(study=study, shoes=tuple(row for chunk in chunks for row in chunk.shoes), squares=tuple(squares),
                     by_count=tuple(by_count), by_depth=tuple(by_depth))

    # -- units -----------------------------------------------------------------------------------------------
    def scale(self, j: int) -> int:
        """The denominator of column ``j``'s results (a wager's, or the total's common one for j = number of wagers)."""
        from ..exact.multiset import scale_of

        scales = [scale_of(self.study.rules.wager(name)) for name in self.study.names]
        return scales[j] if j < len(scales) else math.lcm(*scales)

    @property
    def columns(self) -> int:
        """Wagers and the total: column ``len(study.wagers)`` is the total."""
        return len(self.study.wagers) + 1

    def line(self, j: int) -> Line:
        total = Line()
        for row in self.shoes:
            total = total + row[j]
        return total

    def won(self, j: int) -> Fraction:
        return Fraction(self.line(j).won, self.scale(j))

    def expected(self, j: int) -> Fraction:
        return Fraction(self.line(j).expected, self.scale(j) * common_dealings(self.study.cards))

    def _unit(self, j: int, expected: bool) -> int:
        return self.scale(j) * (common_dealings(self.study.cards) if expected else 1)

    # -- figures ---------------------------------------------------------------------------------------------
    def bet_frequency(self, j: int) -> Fraction:
        line = self.line(j)
        return Fraction(line.bets, line.rounds)

    def average_edge(self, j: int) -> Fraction | None:
        """The exact expected value per unit bet, over the bets placed."""
        line = self.line(j)
        return self.expected(j) / line.bets if line.bets else None

    def per_shoe(self, j: int, expected: bool = False) -> Figure:
        """Units won (or expected) per shoe: mean and 95% half-width over shoes."""
        values = [row[j].expected if expected else row[j].won for row in self.shoes]
        n, unit = len(values), self._unit(j, expected)
        total = sum(values)
        mean = Fraction(total, n * unit)
        if n < 2:
            return Figure(float(mean), math.nan)
        variance = Fraction(sum(v * v for v in values) * n - total * total, n * (n - 1) * unit * unit)
        return Figure(float(mean), Z_95 * math.sqrt(variance / n))

    def per_100_rounds(self, j: int, expected: bool = False) -> Figure:
        """Units per 100 rounds dealt: ratio of totals; 95% half-width by the delta method over shoes."""
        values = [row[j].expected if expected else row[j].won for row in self.shoes]
        rounds = [row[j].rounds for row in self.shoes]
        n, unit = len(values), self._unit(j, expected)
        ratio = Fraction(sum(values), sum(rounds) * unit)
        if n < 2:
            return Figure(float(100 * ratio), math.nan)
        scaled = [Fraction(v, unit) for v in values] if unit < 2**64 else None
        residual = (
            sum(((v - ratio * r) ** 2 for v, r in zip(scaled, rounds)), Fraction(0)) if scaled is not None
            else sum((Fraction(v, unit) - ratio * r) ** 2 for v, r in zip(values, rounds))
        ) / (n - 1)
        mean_rounds = Fraction(sum(rounds), n)
        return Figure(float(100 * ratio), 100 * Z_95 * math.sqrt(residual / n) / float(mean_rounds))

    def sd_per_round(self, j: int) -> float:
        """Standard deviation of one round's net result (units), over every round dealt."""
        line = self.line(j)
        unit = self.scale(j)
        mean = Fraction(line.won, line.rounds * unit)
        second = Fraction(self.squares[j], line.rounds * unit * unit)
        return math.sqrt(second - mean * mean)

    def desirability(self, j: int) -> tuple[float, float] | None:
        """(DI, N0) from the units expected per round and the SD per round; None when nothing is expected to be won."""
        line = self.line(j)
        per_round = self.expected(j) / line.rounds
        sd = self.sd_per_round(j)
        if per_round <= 0 or sd == 0:
            return None
        return 1000 * float(per_round) / sd, (sd / float(per_round)) ** 2

    def count_rows(self, j: int) -> list[tuple[int, Line, Fraction]]:
        """(count, rounds..., average exact EV) for each count reached, lowest first; the ends stand for beyond."""
        return self._rows(self.by_count[j], j)

    def depth_rows(self, j: int, width: int = 10) -> list[tuple[int, Line, Fraction]]:
        """(first round number of a group of ``width``, rounds..., average exact EV) by depth in the shoe."""
        grouped: dict[int, Line] = {}
        for number, line in self.by_depth[j].items():
            first = (number - 1) // width * width + 1
            grouped[first] = grouped.get(first, Line()) + line
        return self._rows(grouped, j)

    def _rows(self, table: dict[int, Line], j: int) -> list[tuple[int, Line, Fraction]]:
        unit = self._unit(j, expected=True)
        return [(key, line, Fraction(line.expected, line.rounds * unit)) for key, line in sorted(table.items())]
