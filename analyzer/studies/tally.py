"""A counting study's exact tallies, summed over its chunks (:mod:`analyzer.studies.chunk`), and the figures a
researcher reports.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .chunk import Chunk, Line, RoundsByKey, wager_scales
from .dealings import common_dealings

if TYPE_CHECKING:
    from .laws import ColumnLaws
    from .netlaw import NetLaw
    from .plan import Study

Z_95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


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
        return self.added((shoe,))

    def added(self, shoes: Iterable[Line]) -> Moments:
        """These sums with more shoes (Python ints, exact: the same sums as adding the shoes one by one)."""
        count, won_squared, expected_squared = self.shoes, self.won_squared, self.expected_squared
        won_rounds, expected_rounds, rounds_squared = self.won_rounds, self.expected_rounds, self.rounds_squared
        rounds = positive = bets = won = expected = staked = 0
        for shoe in shoes:
            count += 1
            rounds += shoe.rounds
            positive += shoe.positive
            bets += shoe.bets
            won += shoe.won
            expected += shoe.expected
            staked += shoe.staked
            won_squared += shoe.won * shoe.won
            expected_squared += shoe.expected * shoe.expected
            won_rounds += shoe.won * shoe.rounds
            expected_rounds += shoe.expected * shoe.rounds
            rounds_squared += shoe.rounds * shoe.rounds
        return Moments(
            count,
            self.line + Line(rounds, positive, bets, won, expected, staked),
            won_squared,
            expected_squared,
            won_rounds,
            expected_rounds,
            rounds_squared,
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
    laws: tuple[ColumnLaws | None, ...] = ()
    """Per column, the laws of the rounds' and shoes' results (:mod:`.laws`); empty before any chunk is added."""

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

    def add(self, *chunks: Chunk) -> Tally:
        """The tally with the chunks' shoes added, in shoe order.

        Several chunks are added at once as cheaply as one: each table by count and by depth is merged with every
        chunk's in one sparse merge (:meth:`RoundsByKey.merge`), not once per chunk. The sums are exact integers, so
        the tally is the same however the chunks are grouped (and the laws are added chunk by chunk, in order).
        """
        if not chunks:
            return self
        rows = [row for chunk in chunks for row in chunk.shoes]
        cards = self.study.cards
        laws = self.laws
        for chunk in chunks:
            laws = chunk.laws if not laws else tuple(_added(a, b) for a, b in zip(laws, chunk.laws))
        return Tally(
            study=self.study,
            moments=tuple(m.added(row[j] for row in rows) for j, m in enumerate(self.moments)),
            squares=tuple(total + sum(chunk.squares[j] for chunk in chunks) for j, total in enumerate(self.squares)),
            by_count=tuple(
                _merged([old, *(chunk.by_count[j] for chunk in chunks)], cards) for j, old in enumerate(self.by_count)
            ),
            by_depth=tuple(
                _merged([old, *(chunk.by_depth[j] for chunk in chunks)], cards) for j, old in enumerate(self.by_depth)
            ),
            shoes=None if self.shoes is None else self.shoes + tuple(rows),
            nets=None if self.nets is None else (*self.nets, *(chunk.nets for chunk in chunks)),
            laws=laws,
        )

    @staticmethod
    def merge(study: Study, chunks: Sequence[Chunk], keep_shoes: bool = True) -> Tally:
        """The chunks' shoes added in order (a study run in this process); ``keep_shoes`` keeps their rounds too."""
        return Tally.empty(study, keep_shoes, keep_rounds=keep_shoes).add(*chunks)

    @property
    def shoe_count(self) -> int:
        """The shoes dealt."""
        return self.moments[0].shoes

    # -- units -----------------------------------------------------------------------------------------------
    @cached_property
    def _scales(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each wager's result scales and value scales (:func:`wager_scales`), made once."""
        pairs = [wager_scales(self.study.rules.wager(name)) for name in self.study.names]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)

    def scale(self, j: int) -> int:
        """The denominator of column ``j``'s results (a wager's, or the total's common one for j = number of wagers)."""
        scales = self._scales[0]
        return scales[j] if j < len(scales) else math.lcm(*scales)

    def value_scale(self, j: int) -> int:
        """The denominator of column ``j``'s expected values, times the common dealings (:func:`wager_scales`)."""
        scales = self._scales[1]
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
        return self.line_expected(self.line(j), j)

    def line_expected(self, line: Line, j: int) -> Fraction:
        """The units ``line`` (of column ``j``: one shoe's, say) expected to win, exactly."""
        return Fraction(line.expected, self.value_scale(j) * common_dealings(self.study.cards))

    def line_won(self, line: Line, j: int) -> Fraction:
        """The units ``line`` (of column ``j``) won, exactly."""
        return Fraction(line.won, self.scale(j))

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

    def round_law(self, j: int) -> NetLaw | None:
        """The exact law of column ``j``'s net result in a round drawn from the rounds dealt, each settled at the exact
        odds of the cards it starts with (:mod:`.laws`); ``None`` when the column has none."""
        laws = self.laws[j] if self.laws else None
        return None if laws is None else laws.round_law(self.scale(j))

    def shoe_law(self, j: int) -> NetLaw | None:
        """The law of column ``j``'s net result in a shoe, its rounds so settled (:mod:`.laws`; floats, bounded)."""
        laws = self.laws[j] if self.laws else None
        return None if laws is None else laws.shoe_law(self.scale(j), self.expected(j) / self.shoe_count)

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


def _added(old: ColumnLaws | None, new: ColumnLaws | None) -> ColumnLaws | None:
    """Two chunks' laws of one column added (a column has a law in every chunk or in none)."""
    return None if old is None or new is None else old + new


def _merged(tables: Sequence[RoundsByKey | None], cards: int) -> RoundsByKey | None:
    """Tables of one kind added (any may be absent), sparse (:meth:`RoundsByKey.merge`)."""
    present = [table for table in tables if table is not None]
    if len(present) < 2:
        return present[0] if present else None
    return RoundsByKey.merge(present, cards)
