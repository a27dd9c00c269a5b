"""A counting study's exact tallies: per shoe, per count, per depth, per wager and in total; and the figures a
researcher reports.

Units, exactly
    A wager's results are integers in units of ``1 / scale`` (its pays'
    common denominator). An expected value ``num / (scale (U)_6)`` on ``U``
    unseen cards is tallied as the integer ``num * L / (U)_6`` in units of
    ``1 / (scale L)``, with ``L`` (:func:`common_dealings`) a common multiple
    of ``(U)_6`` for every ``U`` a shoe can reach; so every sum is an
    integer and every figure an exact :class:`Fraction` until it is printed.
    The totals over several wagers use the common multiple of their scales.
    A wager with lightning multipliers has two scales (:func:`wager_scales`):
    its results are in units of the common denominator of what a round can
    net, its expected values in units of a multiple of it that also holds the
    exact expectation over the lightning draw of every row and partition of
    its multiplied cards (:func:`analyzer.exact.lightning.study_scales`).
    The tables by count and by depth (:class:`RoundsByKey`) keep, per key and per
    ``U``, the sum of the numerators in two int64 halves (a shoe meets each
    ``U`` once, so no half can overflow), multiplied out only when read.

Statistics
    Means and 95% intervals over shoes (normal approximation; per 100
    rounds as a ratio of totals with the delta method), the standard
    deviation of one round's net result over every round dealt (rounds
    without a bet count as 0), the desirability index
    ``DI = 1000 * (units expected per round) / SD`` and ``N0 = (SD / units
    expected per round)^2``, the rounds for the expectation to equal one
    standard deviation (Schlesinger's definitions; Jacobson's published Big
    Tiger figures, 0.256 units per 100 hands at a 3.536% bet frequency on a
    bet of SD 6.519, give DI = 2.09 by them, where he prints 2.08).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..game.shoe import CARDS_PER_ROUND

if TYPE_CHECKING:
    from ..game.rules import Wager
    from .plan import Rounds, Study

Z_95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""
CLIP = 20
"""True counts beyond +-CLIP are tallied with +-CLIP (the tables' open ends)."""
RUNNING_CLIP = 60
"""The same for running counts."""
CARDS_PER_DECK = 52


def wager_scales(wager: Wager) -> tuple[int, int]:
    """A wager's (result scale, value scale): its results are integers over the first, its expected values (times the
    dealings) over the second. Both are its pays' common denominator, but for a wager with lightning multipliers."""
    from ..exact.lightning import study_scales
    from ..exact.multiset import scale_of

    if wager.lightning is not None:
        return study_scales(wager)
    scale = scale_of(wager)
    return scale, scale


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
    return np.array(
        [common // math.perm(u, CARDS_PER_ROUND) if u >= CARDS_PER_ROUND else 0 for u in range(cards + 1)], dtype=object
    )


@dataclass(frozen=True, slots=True)
class Line:
    """Integer sums for one wager (or the total) over some rounds: counts, results (1/result scale) and expected values
    (1/(value scale L)), the two scales differing for a lightning wager only (:func:`wager_scales`); ``bets`` counts the
    bets placed, ``staked`` the units they staked (equal for a flat bet of one unit, more with a bet spread)."""

    rounds: int = 0
    positive: int = 0
    bets: int = 0
    won: int = 0
    expected: int = 0
    staked: int = 0

    def __add__(self, other: Line) -> Line:
        return Line(
            self.rounds + other.rounds,
            self.positive + other.positive,
            self.bets + other.bets,
            self.won + other.won,
            self.expected + other.expected,
            self.staked + other.staked,
        )


@dataclass(frozen=True, slots=True)
class RoundsByKey:
    """Rounds by key (a count or a depth), as int64 arrays: per key the rounds, positive rounds, bets and units won;
    the exact expected values summed per (key, unseen cards U), split into high and low 32-bit halves (so that no
    sum can overflow: a shoe meets each U at most once), sparse in a chunk and dense once merged."""

    low: int  # the first key
    width: int  # keys low .. low + width - 1
    counts: npt.NDArray[np.int64]  # (width, 5): rounds, positive, bets, won (1/scale), units staked
    index: npt.NDArray[np.int64]  # key offset * (cards + 1) + U, for each entry of high and low
    high: npt.NDArray[np.int64]
    low_bits: npt.NDArray[np.int64]

    @staticmethod
    def of(
        low: int,
        width: int,
        cards: int,
        keys: npt.NDArray[np.int64],
        unseen: npt.NDArray[np.int64],
        positive: npt.NDArray[np.bool_],
        stake: npt.NDArray[np.int64],
        net: npt.NDArray[np.int64],
        numerators: npt.NDArray[Any],
    ) -> RoundsByKey:
        offsets = np.clip(keys, low, low + width - 1) - low
        counts = np.zeros((width, 5), dtype=np.int64)
        counts[:, 0] = np.bincount(offsets, minlength=width)
        counts[:, 1] = np.bincount(offsets[positive], minlength=width)
        counts[:, 2] = np.bincount(offsets[stake > 0], minlength=width)
        np.add.at(counts[:, 3], offsets, net)
        np.add.at(counts[:, 4], offsets, stake)
        index, inverse = np.unique(offsets * (cards + 1) + unseen, return_inverse=True)
        if numerators.dtype == object:  # beyond 64 bits (huge shoes): Python ints throughout
            sums = [0] * len(index)
            for i, value in zip(inverse.tolist(), numerators.tolist()):
                sums[i] += value
            return RoundsByKey(
                low,
                width,
                counts,
                index.astype(np.int64),
                np.array([v >> 32 for v in sums], dtype=object),
                np.array([v & 0xFFFFFFFF for v in sums], dtype=object),
            )
        high = np.zeros(len(index), dtype=np.int64)
        low_bits = np.zeros(len(index), dtype=np.int64)
        np.add.at(high, inverse, numerators >> 32)  # each term below 2**31: int64 sums over a billion shoes
        np.add.at(low_bits, inverse, numerators & 0xFFFFFFFF)
        return RoundsByKey(low, width, counts, index.astype(np.int64), high, low_bits)

    @staticmethod
    def merge(tables: Sequence[RoundsByKey], cards: int) -> RoundsByKey:
        first = tables[0]
        counts = sum((t.counts for t in tables), np.zeros_like(first.counts))
        wide = any(t.high.dtype == object for t in tables)
        high = np.zeros(first.width * (cards + 1), dtype=object if wide else np.int64)
        low_bits = np.zeros_like(high)
        for table in tables:
            np.add.at(high, table.index, table.high)
            np.add.at(low_bits, table.index, table.low_bits)
        return RoundsByKey(first.low, first.width, counts, np.arange(len(high), dtype=np.int64), high, low_bits)

    def rows(self, cards: int, unit: int) -> list[tuple[int, Line, Fraction]]:
        """(key, counts, average exact expected value) for each key reached; ``unit`` is the wager's value scale."""
        factors = _factors(cards)
        width = cards + 1
        out = []
        for offset in range(self.width):
            rounds, positive, bets, won, staked = (int(x) for x in self.counts[offset])
            if not rounds:
                continue
            span = slice(offset * width, (offset + 1) * width)
            total = sum(
                ((h << 32) + lo) * f
                for h, lo, f in zip(self.high[span].tolist(), self.low_bits[span].tolist(), factors)
                if h or lo
            )
            line = Line(rounds, positive, bets, won, total, staked)
            out.append((self.low + offset, line, Fraction(total, rounds * unit * common_dealings(cards))))
        return out


@dataclass(frozen=True, slots=True)
class Chunk:
    """A task's tallies: one row per shoe (per wager, then the total), the per-round moments, and the tables; and each
    round's net result (for the bankroll paths)."""

    shoes: tuple[tuple[Line, ...], ...]
    squares: tuple[int, ...]  # per wager then total: sum over rounds of the net result squared (1/scale^2)
    by_count: tuple[RoundsByKey | None, ...]
    by_depth: tuple[RoundsByKey, ...]
    nets: npt.NDArray[np.int64]  # (rounds in shoe order, wagers + total): each round's net result (1/scale)

    @staticmethod
    def of(
        study: Study, count: int, rounds: Rounds, numerators: npt.NDArray[Any], results: npt.NDArray[np.int64]
    ) -> Chunk:
        """Tally a chunk of ``count`` shoes from their rounds, exact expected values (numerators, 1/value scale) and
        results (1/result scale)."""
        wagers = [study.rules.wager(name) for name in study.names]
        scales = [wager_scales(w)[0] for w in wagers]
        values = [wager_scales(w)[1] for w in wagers]
        common = math.lcm(*scales)
        common_value = math.lcm(*values)
        cards = study.cards
        unseen = rounds.unseen.sum(axis=1)
        factors = _factors(cards)
        shoe = rounds.shoe
        per_wager: list[list[Line]] = []
        squares: list[int] = []
        by_count: list[RoundsByKey | None] = []
        by_depth: list[RoundsByKey] = []
        total_net = np.zeros(len(shoe), dtype=np.int64)
        total_expected = [0] * count
        positive_any = np.zeros(len(shoe), dtype=bool)
        staked = np.zeros(len(shoe), dtype=np.int64)
        bets = np.zeros(len(shoe), dtype=np.int64)
        nets: list[npt.NDArray[np.int64]] = []
        for j, plan in enumerate(study.wagers):
            positive = numerators[:, j] > 0
            positive_any |= positive
            counter = plan.counter
            reached, bins = positive.astype(np.int64), unseen  # no counter: perfect play, no table by count
            if counter is not None:
                running = rounds.seen @ np.asarray(counter.tags, dtype=np.int64)
                most = cards * max(abs(t) for t in counter.tags) + 1  # no running count of the shoe goes beyond
                steps = counter.spread.steps if counter.spread is not None else ((counter.threshold, 1),)
                if counter.index == "true":
                    # TC = 52 RC / U >= T exactly when the integer 52 RC reaches ceil(T U)
                    scaled = running * CARDS_PER_DECK
                    reaches = [scaled >= _ceilings(t, cards, CARDS_PER_DECK * most)[unseen] for t, _ in steps]
                    bins = np.floor_divide(scaled, unseen)
                else:
                    reaches = [running >= _ceilings(t, 1, most)[1] for t, _ in steps]
                    bins = running
                reached = np.zeros(len(shoe), dtype=np.int64)
                for reach, (_, units) in zip(reaches, steps):  # the counts rise: the highest step reached wins
                    reached = np.where(reach, units, reached)
            stake = positive.astype(np.int64) if study.play == "perfect" else reached
            net = results[:, j] * stake
            expected = _expected_by_shoe(shoe, count, stake, numerators[:, j], factors[unseen])
            total_net += net * (common // scales[j])
            total_expected = [t + e * (common_value // values[j]) for t, e in zip(total_expected, expected)]
            staked += stake
            bets += stake > 0
            nets.append(net)
            squares.append(_sum_of_squares(net))
            per_wager.append(_lines(shoe, count, positive, stake > 0, stake, net, expected))
            if counter is not None:
                clip = CLIP if counter.index == "true" else RUNNING_CLIP
                by_count.append(
                    RoundsByKey.of(-clip, 2 * clip + 1, cards, bins, unseen, positive, stake, net, numerators[:, j])
                )
            else:
                by_count.append(None)
            by_depth.append(
                RoundsByKey.of(1, cards // 4 + 2, cards, rounds.number, unseen, positive, stake, net, numerators[:, j])
            )
        totals = _lines(shoe, count, positive_any, bets, staked, total_net, total_expected)
        squares.append(_sum_of_squares(total_net))
        rows = tuple(tuple(lines[i] for lines in per_wager) + (totals[i],) for i in range(count))
        return Chunk(
            shoes=rows,
            squares=tuple(squares),
            by_count=tuple(by_count),
            by_depth=tuple(by_depth),
            nets=np.stack([*nets, total_net], axis=1),
        )


def _sum_of_squares(net: npt.NDArray[np.int64]) -> int:
    """The exact sum of the squared net results: in int64 when it cannot overflow, else in Python ints (a bet spread
    of many units on a wager of a large scale, lightning multipliers netting thousands of units)."""
    largest = int(np.abs(net).max()) if len(net) else 0
    if largest * largest * len(net) < 2**62:
        return int((net * net).sum())
    return sum(x * x for x in net.tolist())


def _expected_by_shoe(
    shoe: npt.NDArray[np.int64],
    count: int,
    stake: npt.NDArray[np.int64],
    numerators: npt.NDArray[Any],
    factors: npt.NDArray[Any],
) -> list[int]:
    """Per shoe, the exact expected values of the bets placed (``stake`` units each), in units of 1/(scale L) (Python
    ints)."""
    sums = [0] * count
    rows = np.flatnonzero(stake)
    for i, units, numerator, factor in zip(
        shoe[rows].tolist(), stake[rows].tolist(), numerators[rows].tolist(), factors[rows].tolist()
    ):
        sums[i] += units * numerator * factor
    return sums


@lru_cache(maxsize=64)
def _ceilings(threshold: Fraction, cards: int, reach: int) -> npt.NDArray[np.int64]:
    """ceil(threshold * U) for U = 0..cards, clipped to +-``reach``, beyond any count the shoe can reach (so that
    int64 holds it and no comparison changes)."""
    return np.array([max(-reach, min(reach, math.ceil(threshold * u))) for u in range(cards + 1)], dtype=np.int64)


def _lines(
    shoe: npt.NDArray[np.int64],
    count: int,
    positive: npt.NDArray[np.bool_],
    bet: npt.NDArray[Any],
    stake: npt.NDArray[np.int64],
    net: npt.NDArray[np.int64],
    expected: list[int],
) -> list[Line]:
    """One :class:`Line` per shoe of the chunk; ``bet`` counts the bets of each round (the total's: one per wager
    bet), ``stake`` their units."""
    rounds = np.bincount(shoe, minlength=count)
    positives = np.bincount(shoe[positive], minlength=count)
    bets = np.zeros(count, dtype=np.int64)
    np.add.at(bets, shoe, bet.astype(np.int64))
    staked = np.zeros(count, dtype=np.int64)
    np.add.at(staked, shoe, stake)
    won = np.zeros(count, dtype=np.int64)
    np.add.at(won, shoe, net)
    return [
        Line(int(r), int(p), int(b), int(w), e, int(s))
        for r, p, b, w, e, s in zip(rounds, positives, bets, won, expected, staked)
    ]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with the half-width of its 95% interval (NaN with one shoe), as floats for printing."""

    mean: float
    ci95: float


@dataclass(frozen=True, slots=True)
class Moments:
    """Exact running sums over shoes of one column (a wager, or the total): what its per-shoe figures need.

    ``line`` sums the shoes' lines; the squares and cross products of each
    shoe's units won, units expected and rounds give the means and 95%
    intervals over shoes without keeping the shoes.
    """

    shoes: int = 0
    line: Line = field(default_factory=Line)
    won_squared: int = 0
    expected_squared: int = 0
    won_rounds: int = 0
    expected_rounds: int = 0
    rounds_squared: int = 0

    def add(self, shoe: Line) -> Moments:
        """These sums with one more shoe."""
        return Moments(
            self.shoes + 1,
            self.line + shoe,
            self.won_squared + shoe.won * shoe.won,
            self.expected_squared + shoe.expected * shoe.expected,
            self.won_rounds + shoe.won * shoe.rounds,
            self.expected_rounds + shoe.expected * shoe.rounds,
            self.rounds_squared + shoe.rounds * shoe.rounds,
        )

    def sums(self, expected: bool) -> tuple[int, int, int]:
        """Sums over shoes of v, v^2 and v r, for v the units expected or won (in their integer units)."""
        if expected:
            return self.line.expected, self.expected_squared, self.expected_rounds
        return self.line.won, self.won_squared, self.won_rounds


@dataclass(frozen=True)
class Tally:
    """The whole study, summed exactly shoe by shoe: running sums per column, the moments and the tables.

    Memory does not grow with the number of shoes, except that ``shoes``
    keeps every shoe's lines (for a per-shoe export or plot) when the study
    is run with ``keep_shoes``, and ``nets`` every round's net result (each
    chunk's :attr:`Chunk.nets`, for the bankroll paths) with ``keep_rounds``;
    they are ``None`` otherwise.
    """

    study: Study
    moments: tuple[Moments, ...]
    squares: tuple[int, ...]
    by_count: tuple[RoundsByKey | None, ...]
    by_depth: tuple[RoundsByKey | None, ...]
    shoes: tuple[tuple[Line, ...], ...] | None
    nets: tuple[npt.NDArray[np.int64], ...] | None = None

    @staticmethod
    def empty(study: Study, keep_shoes: bool = False, keep_rounds: bool = False) -> Tally:
        """Nothing dealt yet."""
        width = len(study.wagers)
        return Tally(
            study=study,
            moments=(Moments(),) * (width + 1),
            squares=(0,) * (width + 1),
            by_count=(None,) * width,
            by_depth=(None,) * width,
            shoes=() if keep_shoes else None,
            nets=() if keep_rounds else None,
        )

    def add(self, chunk: Chunk) -> Tally:
        """The tally with a chunk's shoes added, in shoe order."""
        moments = list(self.moments)
        for row in chunk.shoes:
            moments = [m.add(line) for m, line in zip(moments, row)]
        cards = self.study.cards
        return Tally(
            study=self.study,
            moments=tuple(moments),
            squares=tuple(a + b for a, b in zip(self.squares, chunk.squares)),
            by_count=tuple(_merged(old, new, cards) for old, new in zip(self.by_count, chunk.by_count)),
            by_depth=tuple(_merged(old, new, cards) for old, new in zip(self.by_depth, chunk.by_depth)),
            shoes=None if self.shoes is None else self.shoes + chunk.shoes,
            nets=None if self.nets is None else (*self.nets, chunk.nets),
        )

    @staticmethod
    def merge(study: Study, chunks: Sequence[Chunk], keep_shoes: bool = True) -> Tally:
        """The chunks' shoes added in order (a study run in this process); ``keep_shoes`` keeps their rounds too."""
        tally = Tally.empty(study, keep_shoes, keep_rounds=keep_shoes)
        for chunk in chunks:
            tally = tally.add(chunk)
        return tally

    @property
    def shoe_count(self) -> int:
        """The shoes dealt."""
        return self.moments[0].shoes

    # -- units -----------------------------------------------------------------------------------------------
    def scale(self, j: int) -> int:
        """The denominator of column ``j``'s results (a wager's, or the total's common one for j = number of wagers)."""
        scales = [wager_scales(self.study.rules.wager(name))[0] for name in self.study.names]
        return scales[j] if j < len(scales) else math.lcm(*scales)

    def value_scale(self, j: int) -> int:
        """The denominator of column ``j``'s expected values, times the common dealings (:func:`wager_scales`)."""
        scales = [wager_scales(self.study.rules.wager(name))[1] for name in self.study.names]
        return scales[j] if j < len(scales) else math.lcm(*scales)

    @property
    def columns(self) -> int:
        """Wagers and the total: column ``len(study.wagers)`` is the total."""
        return len(self.study.wagers) + 1

    def line(self, j: int) -> Line:
        """Column ``j`` summed over every shoe."""
        return self.moments[j].line

    def won(self, j: int) -> Fraction:
        return Fraction(self.line(j).won, self.scale(j))

    def expected(self, j: int) -> Fraction:
        return Fraction(self.line(j).expected, self.value_scale(j) * common_dealings(self.study.cards))

    def _unit(self, j: int, expected: bool) -> int:
        return self.value_scale(j) * common_dealings(self.study.cards) if expected else self.scale(j)

    # -- figures ---------------------------------------------------------------------------------------------
    def bet_frequency(self, j: int) -> Fraction:
        line = self.line(j)
        return Fraction(line.bets, line.rounds)

    def average_edge(self, j: int) -> Fraction | None:
        """The exact expected value per unit bet, over the units staked."""
        line = self.line(j)
        return self.expected(j) / line.staked if line.staked else None

    def per_shoe(self, j: int, expected: bool = False) -> Estimate:
        """Units won (or expected) per shoe: mean and 95% half-width over shoes."""
        moments = self.moments[j]
        n, unit = moments.shoes, self._unit(j, expected)
        total, squares, _ = moments.sums(expected)
        mean = Fraction(total, n * unit)
        if n < 2:
            return Estimate(float(mean), math.nan)
        variance = Fraction(squares * n - total * total, n * (n - 1) * unit * unit)
        return Estimate(float(mean), Z_95 * math.sqrt(variance / n))

    def per_100_rounds(self, j: int, expected: bool = False) -> Estimate:
        """Units per 100 rounds dealt: ratio of totals; 95% half-width by the delta method over shoes."""
        moments = self.moments[j]
        n, unit = moments.shoes, self._unit(j, expected)
        total, squares, cross = moments.sums(expected)
        dealt = moments.line.rounds
        ratio = Fraction(total, dealt * unit)
        if n < 2:
            return Estimate(float(100 * ratio), math.nan)
        # sum over shoes of (v / unit - ratio r)^2, in integers: sum (v dealt - total r)^2 / (dealt unit)^2, expanded
        spread = squares * dealt * dealt - 2 * total * dealt * cross + total * total * moments.rounds_squared
        residual = Fraction(spread, dealt * dealt * unit * unit * (n - 1))
        mean_rounds = Fraction(dealt, n)
        return Estimate(float(100 * ratio), 100 * Z_95 * math.sqrt(residual / n) / float(mean_rounds))

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
        table = self.by_count[j]
        return [] if table is None else table.rows(self.study.cards, self.value_scale(j))

    def depth_rows(self, j: int, width: int = 10) -> list[tuple[int, Line, Fraction]]:
        """(first round number of a group of ``width``, rounds..., average exact EV) by depth in the shoe."""
        grouped: dict[int, tuple[Line, Fraction]] = {}
        table = self.by_depth[j]
        for number, line, _ in [] if table is None else table.rows(self.study.cards, self.value_scale(j)):
            first = (number - 1) // width * width + 1
            old, _ = grouped.get(first, (Line(), Fraction(0)))
            total = old + line
            grouped[first] = (total, Fraction(total.expected, total.rounds * self._unit(j, expected=True)))
        return [(key, line, average) for key, (line, average) in sorted(grouped.items())]


def _merged(old: RoundsByKey | None, new: RoundsByKey | None, cards: int) -> RoundsByKey | None:
    """Two tables of one kind added (either may be absent), dense (a chunk's own table is sparse, and
    :meth:`RoundsByKey.rows` reads a dense one: a study of one chunk read its sparse table as dense)."""
    if old is None or new is None:
        present = new if old is None else old
        return None if present is None else RoundsByKey.merge([present], cards)
    return RoundsByKey.merge([old, new], cards)
