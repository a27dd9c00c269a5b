"""What a counting study tallies for its exact risk figures: the law of each round's net result, exactly, and of
each shoe's.

A round's law
    Before each round the counter's bets are fixed and the cards unseen are known (:mod:`.counting`); the
    round's final state then has an exact law, its ordered dealings of the unseen cards by final state
    (:func:`analyzer.exact.batchall.final_state_matrix`), and so has every wager's net result, and the total's
    (every wager's bets of the round together, their joint law). The study adds these laws up over the rounds
    dealt, exactly: the chance of netting ``v`` (in cells of ``1 / scale``, the column's result scale) is an integer
    over ``(U)_6`` on ``U`` unseen cards, tallied as an integer over :func:`.chunk.common_dealings`; a round with no
    bet nets 0. Divided by the rounds dealt, the sum is the law of the net result of a round drawn from the
    study's rounds, each round settled at the exact odds of the cards it starts with: what the study's *units
    expected* add up (its mean is exactly the units expected per round dealt), without the noise of the cards
    dealt. It is the per-round law of the exact risk figures (:mod:`.risk`), which take the rounds as independent.

A shoe's law
    The same rounds, shoe by shoe: the law of a shoe's net result when each of its rounds is settled at the
    exact odds of the cards it starts with, independently (the convolution of its rounds' laws), added up over
    the shoes dealt. Shoes are dealt independently, so its risk figures need no more than that model of the
    rounds within a shoe; their laws are floats (an exact convolution of a shoe's rounds would take far longer
    than dealing it), each within a factor ``1 + error`` of the exact law, ``error`` bounded by the rounding
    model of :mod:`.netlaw` from the most bet rounds of any shoe and the most cells of any round's law. Added in
    shoe order, so identical for any number of workers.

Only a wager settled by its round's final state has such a law here (one that reads cards, suits or lightning
multipliers does not: its column, and the total, have none).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..exact.multiset import FLOAT64_EXACT
from ..game.cards import RANKS
from ..game.needs import needs_of
from ..game.shoe import CARDS_PER_ROUND
from .dealings import dealing_factor
from .netlaw import SMALLEST_NORMAL, UNIT_ROUNDOFF, NetLaw, compounded, gamma
from .netstates import Grouping, net_table

if TYPE_CHECKING:
    from ..game.wager import Wager
    from .plan import Rounds, Study


def has_law(wager: Wager) -> bool:
    """Whether a wager's round law is tallied: it is settled by the round's final state, with no multipliers."""
    return needs_of(wager).final_state_level and wager.lightning is None


@dataclass(frozen=True, eq=False)
class ColumnLaws:
    """One column's tallies: the rounds' laws (integer weights over the common dealings, by net in cells) and the
    shoes' laws (float sums from cell ``shoe_low``), and what bounds the floats' rounding."""

    weights: dict[int, int]
    rounds: int
    shoe_low: int
    shoe_sum: npt.NDArray[np.float64] | None
    """``None`` when the shoes' laws were left out (``left_out`` says why)."""
    shoes: int
    most_rounds: int
    """The most bet rounds in one shoe."""
    most_cells: int
    """The most cells with a chance above 0 in one round's law."""
    left_out: str | None = None
    """Why the shoes' laws were left out (:data:`MOST_SHOE_CELLS`), or ``None``."""

    def __add__(self, other: ColumnLaws) -> ColumnLaws:
        weights = dict(self.weights)
        for value, weight in other.weights.items():
            weights[value] = weights.get(value, 0) + weight
        if self.shoe_sum is None or other.shoe_sum is None:
            return ColumnLaws(
                weights,
                self.rounds + other.rounds,
                0,
                None,
                self.shoes + other.shoes,
                max(self.most_rounds, other.most_rounds),
                max(self.most_cells, other.most_cells),
                self.left_out or other.left_out,
            )
        low = min(self.shoe_low, other.shoe_low)
        high = max(self.shoe_low + len(self.shoe_sum), other.shoe_low + len(other.shoe_sum))
        total = np.zeros(high - low, dtype=np.float64)
        total[self.shoe_low - low : self.shoe_low - low + len(self.shoe_sum)] += self.shoe_sum
        total[other.shoe_low - low : other.shoe_low - low + len(other.shoe_sum)] += other.shoe_sum
        return ColumnLaws(
            weights,
            self.rounds + other.rounds,
            low,
            total,
            self.shoes + other.shoes,
            max(self.most_rounds, other.most_rounds),
            max(self.most_cells, other.most_cells),
        )

    def round_law(self, scale: int) -> NetLaw:
        """The law of a round's net result (module notes), exact."""
        return NetLaw.of_weights(self.weights, scale)

    def shoe_law(self, scale: int, mean: Fraction) -> NetLaw | None:
        """The law of a shoe's net result (module notes), with its rounding bound; ``mean``: the exact units expected
        per shoe (what the law's mean is, exactly); ``None`` when it was left out (:attr:`left_out`)."""
        if self.shoe_sum is None:
            return None
        probabilities = self.shoe_sum / self.shoes
        convolving = compounded(UNIT_ROUNDOFF + gamma(2 * self.most_cells), self.most_rounds)
        error = compounded(convolving + gamma(self.shoes + 2), 1) + convolving
        underflow = float(probabilities[probabilities < SMALLEST_NORMAL].sum()) + len(probabilities) * 2.0**-1000
        kept = np.flatnonzero(probabilities)
        first, last = int(kept[0]), int(kept[-1])
        return NetLaw(
            scale,
            self.shoe_low + first,
            probabilities[first : last + 1].copy(),
            mean,
            error,
            underflow,
            (self.shoe_low, self.shoe_low + len(self.shoe_sum) - 1),
        )


def chunk_laws(
    study: Study,
    rounds: Rounds,
    stakes: Sequence[npt.NDArray[np.int64]],
    common: int,
    count: int,
) -> tuple[ColumnLaws | None, ...]:
    """Each column's law tallies (a wager's, then the total's; ``None`` without a law) for a chunk of ``count``
    shoes: ``stakes[j]`` the units bet on wager ``j`` in each round, ``common`` the common dealings
    (:func:`.chunk.common_dealings`) of the study's shoe.

    A round's dealings are counted by what its bets read: by final state, with the pair flags told apart only in
    a round with a bet that reads them (:func:`~analyzer.exact.batchall.final_state_matrix`'s ``told_apart``), and
    by the pair flags alone in a round whose every bet reads nothing else (a pair bet's net is the same in every
    ending: :func:`~analyzer.exact.batchall.pair_flag_matrix`). Either way each column's net has the same law. The
    counts are float64 where every ``(U)_6`` is below 2**53, so that each round's sum by net runs through BLAS
    exactly (:func:`_round_laws`); else int64 or Python ints."""
    from ..exact.batchall import final_state_matrix, pair_flag_matrix
    from ..exact.fastcount import counts_fit_int64
    from ..exact.multiset import scale_of

    wagers = [study.rules.wager(name) for name in study.names]
    lawful = [has_law(w) and study.laws for w in wagers]
    width = len(wagers)
    if not any(lawful):
        return (None,) * (width + 1)
    reads = [ok and (needs_of(w).player.pair or needs_of(w).banker.pair) for w, ok in zip(wagers, lawful)]
    pairs = any(reads)
    scales = [scale_of(w) if ok else 1 for w, ok in zip(wagers, lawful)]
    common_scale = math.lcm(*scales)
    bet = np.zeros(len(rounds.shoe), dtype=bool)
    for j, ok in enumerate(lawful):
        if ok:
            bet |= stakes[j] > 0
    rows = np.flatnonzero(bet)
    names = tuple(w.name if ok else None for w, ok in zip(wagers, lawful))
    table = net_table(study.rules, names, pairs)
    by_ending = table.nets.reshape(width, -1, 4) if pairs else None  # [wager, ending, pair flags]
    # a wager whose net is the same in every ending reads the pair flags alone (a pair bet)
    flags_only = [
        by_ending is not None and ok and bool((by_ending[j] == by_ending[j, :1]).all()) for j, ok in enumerate(lawful)
    ]
    wanted = [j for j in range(width + 1) if (lawful[j] if j < width else all(lawful))]
    weights: dict[int, dict[int, int]] = {j: {} for j in wanted}
    blocks: dict[int, list[LawBlock]] = {j: [] for j in wanted}
    most_cells = dict.fromkeys(wanted, 1)
    # Python-int counts (shoes beyond int64) take tens of bytes each: their rounds are counted a slice at a time
    step = len(rows) if counts_fit_int64(study.cards) else LAW_ROUNDS_PER_SLICE
    for first in range(0, len(rows), max(step, 1)):
        part = rows[first : first + step]
        reads_more = np.zeros(len(part), dtype=bool)  # a bet that reads more than the pair flags
        reads_flags = np.zeros(len(part), dtype=bool)  # a bet that reads the pair flags
        for j, ok in enumerate(lawful):
            if ok:
                reads_more |= (stakes[j][part] > 0) & (not flags_only[j])
                reads_flags |= (stakes[j][part] > 0) & reads[j]
        for by_state, chosen in ((True, np.flatnonzero(reads_more)), (False, np.flatnonzero(~reads_more))):
            if not len(chosen):
                continue
            these = part[chosen]
            unseen = rounds.unseen[these]
            by_rank = (
                unseen if unseen.shape[1] == len(RANKS) else unseen.reshape(len(these), len(RANKS), -1).sum(axis=2)
            )
            sizes = by_rank.sum(axis=1).tolist()
            if by_state:
                told_apart = reads_flags[chosen] if pairs else None
                counts = final_state_matrix(study.rules, by_rank, pairs, told_apart)[1]
            else:
                assert pairs, "a round whose bets read the pair flags alone has a pair bet"
                counts = pair_flag_matrix(by_rank)
            if counts.dtype == np.int64 and math.perm(max(sizes), CARDS_PER_ROUND) < FLOAT64_EXACT:
                counts = counts.astype(np.float64)  # every count, and every sum of a round's counts, an exact float
            for j in wanted:
                if j < width:
                    round_stakes = stakes[j][these][:, None]
                else:
                    round_stakes = np.stack(
                        [stakes[i][these] * (common_scale // scales[i]) for i in range(width)], axis=1
                    )
                group = partial(table.grouping, by_state, j if j < width else None)
                cells = _round_laws(
                    round_stakes, group, counts, sizes, study.cards, weights[j], blocks[j], first + chosen
                )
                most_cells[j] = max(most_cells[j], cells)
    return tuple(
        _column(rounds, rows, blocks[j], weights[j], most_cells[j], common, count) if j in weights else None
        for j in range(width + 1)
    )


LAW_ROUNDS_PER_SLICE = 128
"""Bet rounds whose final states are counted at once when a shoe is too large for 64-bit counts (each count then a
Python int): memory stays flat however many rounds a chunk bets."""
MOST_SHOE_CELLS = 2**23
"""The most cells a shoe's law may span (8,388,608: 64 MB of floats): beyond, the shoe-by-shoe figures are left
out, and said so (a bet spread of many units over the ten thousand rounds of a 1,000-deck shoe would span
hundreds of millions)."""


@dataclass(frozen=True, eq=False)
class LawBlock:
    """The laws of some bet rounds of one column that net the same cells (the rounds of one stake pattern): ``at`` their
    positions among the chunk's bet rounds (ascending), ``low`` their least net in cells, ``offsets`` the cells above it
    they can net (ascending, from 0), ``chances[k]`` round ``at[k]``'s chance of each (each ratio correctly rounded)."""

    at: npt.NDArray[np.int64]
    low: int
    offsets: npt.NDArray[np.int64]
    chances: npt.NDArray[np.float64]


def _round_laws(
    stakes: npt.NDArray[np.int64],
    group: Callable[[tuple[int, ...]], Grouping],
    counts: npt.NDArray[Any],
    sizes: list[int],
    cards: int,
    weights: dict[int, int],
    blocks: list[LawBlock],
    positions: npt.NDArray[np.int64],
) -> int:
    """One column's round laws for some bet rounds (at ``positions``, ascending, among the chunk's), added to
    ``weights`` (integers over the common dealings, by net in cells) and appended to ``blocks`` (one per stake
    pattern the column bets in; a round where it bets nothing is in none); the most cells of one round's law.

    ``stakes`` per round and wager (in the column's cells per unit of the wager's net), ``group`` a stake pattern's
    nets (:meth:`.netstates.NetTable.grouping`),
    ``counts`` per round and state, ``sizes`` each round's unseen cards. ``counts`` in float64 (where the caller has
    checked that every ``(U)_6`` is below 2**53) sums a round's counts by net through BLAS, exactly: every partial
    sum is a count of the round's dealings, an integer below ``(U)_6``; else in int64 or Python ints."""
    most_cells = 1
    patterns, which = _patterns(stakes)
    unseen = np.asarray(sizes, dtype=np.int64)
    for p, pattern in enumerate(patterns):
        if not pattern.any():
            continue  # this column bets nothing in these rounds (another column does)
        chosen = np.flatnonzero(which == p)
        values, where = group(tuple(pattern.tolist()))  # the column's net in each state
        one_hot = np.zeros((len(where), len(values)), dtype=counts.dtype)
        one_hot[np.arange(len(where)), where] = 1
        by_value = counts[chosen] @ one_hot  # each round's dealings of the unseen cards by the column's net
        whole = by_value.astype(np.int64) if by_value.dtype == np.float64 else by_value  # exact (docstring)
        most_cells = max(most_cells, len(values))
        sizes_chosen = _distinct(unseen[chosen])
        size_of = np.searchsorted(sizes_chosen, unseen[chosen])
        grouped = np.zeros((len(sizes_chosen), len(values)), dtype=whole.dtype)  # a shoe meets each U once:
        np.add.at(grouped, size_of, whole)  # <= 20 (U)_6 in int64
        factors = np.array([dealing_factor(cards, int(u)) for u in sizes_chosen.tolist()], dtype=object)
        for value, weight in zip(values.tolist(), (factors @ grouped.astype(object)).tolist()):
            if weight:  # a sum of counts (at least 0) times factors: 0 only where every count is
                weights[value] = weights.get(value, 0) + int(weight)
        dealings = [math.perm(int(u), CARDS_PER_ROUND) for u in sizes_chosen.tolist()]
        if by_value.dtype == np.float64:  # every count and dealing an exact float: each ratio correctly rounded
            chances = by_value / np.asarray(dealings, dtype=np.float64)[size_of][:, None]
        else:
            chances = np.array(
                [[int(n) / dealings[u] for n in row] for row, u in zip(by_value.tolist(), size_of.tolist())],
                dtype=np.float64,
            )
        low = int(values[0])
        blocks.append(LawBlock(positions[chosen].astype(np.int64), low, (values - low).astype(np.int64), chances))
    return most_cells


def _patterns(stakes: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """The distinct rows of ``stakes`` (stakes of at least 0), in the order of ``np.unique(stakes, axis=0)``, and each
    row's among them: each row read as one number in base ``1 +`` the largest stake (sorted as the rows are), when
    that fits in 63 bits, which sorts far faster than rows.

    >>> patterns, which = _patterns(np.array([[0, 2], [1, 0], [0, 2], [0, 1]]))
    >>> patterns.tolist(), which.tolist()
    ([[0, 1], [0, 2], [1, 0]], [1, 2, 1, 0])
    """
    base = int(stakes.max(initial=0)) + 1
    if base ** stakes.shape[1] >= 2**63:
        patterns, inverse = np.unique(stakes, axis=0, return_inverse=True)
        return patterns, np.asarray(inverse).reshape(-1)
    powers = base ** np.arange(stakes.shape[1] - 1, -1, -1, dtype=np.int64)
    keys, which = np.unique(stakes @ powers, return_inverse=True)
    patterns = (keys[:, None] // powers[None, :]) % base
    return patterns, np.asarray(which).reshape(-1)


def _distinct(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct values, ascending: ``np.unique`` by a sort (for the few values of one chunk's rounds, faster than
    its hash table).

    >>> _distinct(np.array([416, 9, 416, 7, 9])).tolist(), _distinct(np.array([], dtype=np.int64)).tolist()
    ([7, 9, 416], [])
    """
    ordered = np.sort(values)
    first = np.ones(len(ordered), dtype=bool)  # the first of each run of equal values
    first[1:] = ordered[1:] != ordered[:-1]
    return ordered[first]


def _column(
    rounds: Rounds,
    rows: npt.NDArray[np.int64],
    blocks: Sequence[LawBlock],
    weights: dict[int, int],
    most_cells: int,
    common: int,
    count: int,
) -> ColumnLaws:
    """One column's tallies from its round laws (``blocks``, of the bet rounds ``rows``): the rounds' weights, a round
    with no bet netting 0, and each shoe's law, the convolution of its rounds' (module notes), added into the sum in
    shoe order as soon as it is done, so one is kept at a time. Beyond :data:`MOST_SHOE_CELLS` the shoes' laws are
    left out, with the reason.

    A shoe's law is convolved on the lattice its rounds can reach: every net a shoe's rounds can make above their
    least is a multiple of ``g``, the greatest common divisor of their laws' cells (20 for a total at a 5% commission's
    scale in a shoe without a commission bet), so its law is convolved with every cell divided by ``g`` and spread
    out again afterwards. The cells left out are 0, so each cell kept is the same sum of the same products in the
    same order (``tests/test_risk_laws.py`` holds it to the plain convolution, bit for bit)."""
    bets = RoundBets.of(rounds.shoe[rows], blocks)
    idle = len(rounds.shoe) - len(bets.block)
    if idle:
        weights[0] = weights.get(0, 0) + idle * common
    per_shoe = np.bincount(bets.shoe, minlength=count)
    widest = int(np.bincount(bets.shoe, weights=bets.span, minlength=count).max(initial=0)) + 1
    if widest > MOST_SHOE_CELLS:
        reason = (
            f"a shoe's law would span {widest:,} cells of its result, beyond the {MOST_SHOE_CELLS:,} kept (a shoe of "
            "many bet rounds, each of many cells)"
        )
        return ColumnLaws(weights, len(rounds.shoe), 0, None, count, int(per_shoe.max()), most_cells, reason)
    lattices = [int(np.gcd.reduce(b.offsets)) for b in blocks]  # 0 for a law of one cell: it divides nothing
    shrunk: dict[tuple[int, int], npt.NDArray[np.int64]] = {}
    total = _Sum()
    blocks_of, rows_of = bets.block.tolist(), bets.row.tolist()
    end = 0
    for bet_rounds in per_shoe.tolist():
        if not bet_rounds:  # a shoe without a bet nets 0 for certain
            total.add(0, _CERTAIN)
            continue
        mine = range(end, end + bet_rounds)
        end += bet_rounds
        step = math.gcd(*(lattices[blocks_of[k]] for k in mine)) or 1
        shoe_low, found = 0, _CERTAIN
        for k in mine:
            block = blocks[blocks_of[k]]
            if (blocks_of[k], step) not in shrunk:
                shrunk[blocks_of[k], step] = block.offsets // step
            shoe_low += block.low
            found = _convolved(found, shrunk[blocks_of[k], step], block.chances[rows_of[k]])
        if step > 1:
            spread = np.zeros((len(found) - 1) * step + 1, dtype=np.float64)
            spread[::step] = found
            found = spread
        total.add(shoe_low, found)
    return ColumnLaws(weights, len(rounds.shoe), total.low, total.cells, count, int(per_shoe.max()), most_cells)


_CERTAIN = np.ones(1, dtype=np.float64)
"""The law of a net of 0 for certain (never written to)."""
_CERTAIN.flags.writeable = False


class _Sum:
    """Float sums by cell from cell ``low``, each law added in place (its range grown first where it does not reach):
    each cell the sum of the laws' cells in the order they were added."""

    def __init__(self) -> None:
        self.low = 0
        self.cells = np.zeros(0, dtype=np.float64)

    def add(self, low: int, law: npt.NDArray[np.float64]) -> None:
        if not len(self.cells):
            self.low, self.cells = low, law.copy()
            return
        start, end = min(self.low, low), max(self.low + len(self.cells), low + len(law))
        if start < self.low or end > self.low + len(self.cells):
            grown = np.zeros(end - start, dtype=np.float64)
            grown[self.low - start : self.low - start + len(self.cells)] = self.cells
            self.low, self.cells = start, grown
        self.cells[low - self.low : low - self.low + len(law)] += law


@dataclass(frozen=True, eq=False)
class RoundBets:
    """A column's bet rounds in round order (shoe by shoe), each with its shoe, its law's block and row there, and its
    law's span (its cells above its least)."""

    shoe: npt.NDArray[np.int64]
    block: npt.NDArray[np.int64]
    row: npt.NDArray[np.int64]
    span: npt.NDArray[np.int64]

    @staticmethod
    def of(shoe_of: npt.NDArray[np.int64], blocks: Sequence[LawBlock]) -> RoundBets:
        """From the shoe of each of the chunk's bet rounds (``shoe_of``, ascending) and the column's blocks."""
        if not blocks:
            none = np.zeros(0, dtype=np.int64)
            return RoundBets(none, none, none, none)
        at = np.concatenate([b.at for b in blocks])
        sizes = [len(b.at) for b in blocks]
        block = np.repeat(np.arange(len(blocks), dtype=np.int64), sizes)
        row = np.concatenate([np.arange(size, dtype=np.int64) for size in sizes])
        span = np.repeat(np.array([int(b.offsets[-1]) for b in blocks], dtype=np.int64), sizes)
        order = np.argsort(at, kind="stable")
        return RoundBets(shoe_of[at[order]].astype(np.int64), block[order], row[order], span[order])


def _convolved(
    found: npt.NDArray[np.float64], offsets: npt.NDArray[np.int64], chances: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """``found`` convolved with a round's law (its chances at ``offsets`` cells above its least), by a shifted sum for
    each of the law's cells above 0 (a bet of many units spreads a few outcomes over many cells): each cell a sum of
    non-negative products, as numpy's convolve."""
    out = np.zeros(len(found) + int(offsets[-1]), dtype=np.float64)
    for at, chance in zip(offsets.tolist(), chances.tolist()):
        if chance:
            out[at : at + len(found)] += chance * found
    return out
