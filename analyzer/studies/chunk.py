"""What one task of a counting study tallies: per shoe and per round, by count and by depth, in exact integers.

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

from .dealings import common_dealings, dealing_factor

if TYPE_CHECKING:
    from ..game.wager import Wager
    from .laws import ColumnLaws
    from .plan import Rounds, Study

CLIP = 20
"""True counts beyond +-CLIP are tallied with +-CLIP (the tables' open ends)."""
RUNNING_CLIP = 60
"""The same for running counts."""
CARDS_PER_DECK = 52


@lru_cache(maxsize=256)
def wager_scales(wager: Wager) -> tuple[int, int]:
    """A wager's (result scale, value scale): its results are integers over the first, its expected values (times the
    dealings) over the second. Both are its pays' common denominator, but for a wager with lightning multipliers."""
    from ..exact.lightning import study_scales
    from ..exact.multiset import scale_of

    if wager.lightning is not None:
        return study_scales(wager)
    scale = scale_of(wager)
    return scale, scale


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
class KeyGroups:
    """Rounds grouped by key (a count or a depth) for a :class:`RoundsByKey`: each round's key offset (clipped to the
    table's ends), the sorted (key offset, unseen cards U) entries reached, each round's entry, and the rounds per key.
    A chunk's depths are the same for every wager: they are grouped once (:meth:`Chunk.of`)."""

    offsets: npt.NDArray[np.int64]
    index: npt.NDArray[np.int64]  # key offset * (cards + 1) + U, sorted and unique
    inverse: npt.NDArray[np.int64]  # per round, its entry in index
    rounds: npt.NDArray[np.int64]  # per key offset, the rounds

    @staticmethod
    def of(low: int, width: int, cards: int, keys: npt.NDArray[np.int64], unseen: npt.NDArray[np.int64]) -> KeyGroups:
        offsets = np.clip(keys, low, low + width - 1) - low
        index, inverse = np.unique(offsets * (cards + 1) + unseen, return_inverse=True)
        return KeyGroups(offsets, index, inverse.reshape(-1), np.bincount(offsets, minlength=width))


@dataclass(frozen=True, slots=True)
class RoundsByKey:
    """Rounds by key (a count or a depth), as int64 arrays: per key the rounds, positive rounds, bets and units won;
    the exact expected values summed per (key, unseen cards U), split into high and low 32-bit halves (so that no
    sum can overflow: a shoe meets each U at most once), sparse: an entry only for each (key, U) a round reached, so
    that memory follows the rounds dealt, not the shoe's size times its keys."""

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
        grouped: KeyGroups | None = None,
    ) -> RoundsByKey:
        """The rounds' table; ``grouped``: the same rounds already grouped by these keys (:class:`KeyGroups`, made
        once for every wager whose table has the same keys)."""
        if grouped is None:
            grouped = KeyGroups.of(low, width, cards, keys, unseen)
        offsets, index, inverse = grouped.offsets, grouped.index, grouped.inverse
        counts = np.zeros((width, 5), dtype=np.int64)
        counts[:, 0] = grouped.rounds
        counts[:, 1] = np.bincount(offsets[positive], minlength=width)
        counts[:, 2] = np.bincount(offsets[stake > 0], minlength=width)
        np.add.at(counts[:, 3], offsets, net)
        np.add.at(counts[:, 4], offsets, stake)
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
        """The tables added, sparse: one entry per (key, U) some round reached, however large the shoe (a dense
        table of every key by every U would take ``width * (cards + 1)`` entries: 676 million for 1,000 decks)."""
        first = tables[0]
        counts = sum((t.counts for t in tables), np.zeros_like(first.counts))
        if len(tables) == 1:
            return RoundsByKey(first.low, first.width, counts, first.index, first.high, first.low_bits)
        if any(t.high.dtype == object for t in tables):  # Python ints once any table is wide
            index = np.unique(np.concatenate([t.index for t in tables]))
            high = np.zeros(len(index), dtype=object)
            low_bits = np.zeros_like(high)
            for table in tables:
                at = np.searchsorted(index, table.index)  # each table's index is sorted and unique
                high[at] += table.high.astype(object)
                low_bits[at] += table.low_bits.astype(object)
            return RoundsByKey(first.low, first.width, counts, index, high, low_bits)
        # every table at once: one sort of every entry, then one sum per half (int64: a shoe meets each U once)
        index, inverse = np.unique(np.concatenate([t.index for t in tables]), return_inverse=True)
        high = np.zeros(len(index), dtype=np.int64)
        low_bits = np.zeros(len(index), dtype=np.int64)
        np.add.at(high, inverse, np.concatenate([t.high for t in tables]))
        np.add.at(low_bits, inverse, np.concatenate([t.low_bits for t in tables]))
        return RoundsByKey(first.low, first.width, counts, index.astype(np.int64), high, low_bits)

    def rows(self, cards: int, unit: int) -> list[tuple[int, Line, Fraction]]:
        """(key, counts, average exact expected value) for each key reached; ``unit`` is the wager's value scale."""
        reached = np.flatnonzero((self.high != 0) | (self.low_bits != 0))
        offsets, unseen = np.divmod(self.index[reached], cards + 1)
        sizes, size_of = np.unique(unseen, return_inverse=True)  # each factor made once (:func:`dealing_factor`)
        factors = np.array([dealing_factor(cards, u) for u in sizes.tolist()], dtype=object)
        sums = self.high[reached].astype(object) * 2**32 + self.low_bits[reached].astype(object)  # Python ints
        totals = np.zeros(self.width, dtype=object)
        np.add.at(totals, offsets, sums * factors[size_of.reshape(-1)])
        out = []
        for offset in range(self.width):
            rounds, positive, bets, won, staked = (int(x) for x in self.counts[offset])
            if not rounds:
                continue
            total = int(totals[offset])
            line = Line(rounds, positive, bets, won, total, staked)
            out.append((self.low + offset, line, Fraction(total, rounds * unit * common_dealings(cards))))
        return out


@dataclass(frozen=True, slots=True)
class Chunk:
    """A task's tallies: one row per shoe (per wager, then the total), the per-round moments, and the tables; each
    round's net result (for the bankroll paths); and the laws of the rounds' and shoes' results (:mod:`.laws`)."""

    shoes: tuple[tuple[Line, ...], ...]
    squares: tuple[int, ...]  # per wager then total: sum over rounds of the net result squared (1/scale^2)
    by_count: tuple[RoundsByKey | None, ...]
    by_depth: tuple[RoundsByKey, ...]
    nets: npt.NDArray[np.int64]  # (rounds in shoe order, wagers + total): each round's net result (1/scale)
    laws: tuple[ColumnLaws | None, ...] = ()  # per wager then total: None where the wager has no law

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
        shoe = rounds.shoe
        depths = KeyGroups.of(1, cards // 4 + 2, cards, rounds.number, unseen)  # every wager's depths: grouped once
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
        stakes: list[npt.NDArray[np.int64]] = []
        for j, plan in enumerate(study.wagers):
            positive = numerators[:, j] > 0
            positive_any |= positive
            counter = plan.counter
            reached, bins = positive.astype(np.int64), unseen  # no counter: perfect play, no table by count
            if counter is not None:
                running = rounds.seen @ np.asarray(counter.tags, dtype=np.int64)
                most = cards * max(abs(t) for t in counter.tags) + 1  # no running count of the shoe goes beyond
                # in perfect play the count only sorts the rounds into the table by count; with play by the count
                # its steps place the bets
                steps = (
                    ()
                    if study.play == "perfect"
                    else (counter.spread.steps if counter.spread is not None else ((counter.threshold, 1),))
                )
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
            stakes.append(stake)
            net = results[:, j] * stake
            expected = _expected_by_shoe(shoe, count, stake, numerators[:, j], unseen, cards)
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
                RoundsByKey.of(
                    1, cards // 4 + 2, cards, rounds.number, unseen, positive, stake, net, numerators[:, j], depths
                )
            )
        totals = _lines(shoe, count, positive_any, bets, staked, total_net, total_expected)
        squares.append(_sum_of_squares(total_net))
        rows = tuple(tuple(lines[i] for lines in per_wager) + (totals[i],) for i in range(count))
        from .laws import chunk_laws

        return Chunk(
            shoes=rows,
            squares=tuple(squares),
            by_count=tuple(by_count),
            by_depth=tuple(by_depth),
            nets=np.stack([*nets, total_net], axis=1),
            laws=chunk_laws(study, rounds, stakes, common_dealings(cards), count),
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
    unseen: npt.NDArray[np.int64],
    cards: int,
) -> list[int]:
    """Per shoe, the exact expected values of the bets placed (``stake`` units each), in units of 1/(scale L) (Python
    ints); the rounds taken in order of their unseen cards ``U``, so that each factor ``L // (U)_6`` is made once."""
    sums = [0] * count
    rows = np.flatnonzero(stake)
    rows = rows[np.argsort(unseen[rows], kind="stable")]
    for i, units, numerator, u in zip(
        shoe[rows].tolist(), stake[rows].tolist(), numerators[rows].tolist(), unseen[rows].tolist()
    ):
        sums[i] += units * numerator * dealing_factor(cards, u)
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
