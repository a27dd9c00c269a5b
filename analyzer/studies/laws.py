"""What a counting study tallies for its exact risk figures: the law of each round's net result, exactly, and of
each shoe's.

A round's law
    Before each round the counter's bets are fixed and the cards unseen are known (:mod:`.counting`); the
    round's final state then has an exact law, its ordered dealings of the unseen cards by final state
    (:func:`analyzer.exact.batchall.final_state_counts`), and so has every wager's net result, and the total's
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
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..game.cards import RANKS
from ..game.needs import needs_of
from ..game.settle import settle
from ..game.shoe import CARDS_PER_ROUND
from ..game.state import FinalState
from .dealings import dealing_factor
from .netlaw import SMALLEST_NORMAL, UNIT_ROUNDOFF, NetLaw, compounded, gamma

if TYPE_CHECKING:
    from ..game.rules import RuleSet
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
    shoe_sum: npt.NDArray[np.float64]
    shoes: int
    most_rounds: int
    """The most bet rounds in one shoe."""
    most_cells: int
    """The most cells with a chance above 0 in one round's law."""

    def __add__(self, other: ColumnLaws) -> ColumnLaws:
        weights = dict(self.weights)
        for value, weight in other.weights.items():
            weights[value] = weights.get(value, 0) + weight
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

    def shoe_law(self, scale: int, mean: Fraction) -> NetLaw:
        """The law of a shoe's net result (module notes), with its rounding bound; ``mean``: the exact units expected
        per shoe (what the law's mean is, exactly)."""
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


@lru_cache(maxsize=32)
def _nets_by_state(rules: RuleSet, name: str, pairs: bool) -> dict[FinalState, int]:
    """What one unit on the wager nets in each final state, times its result scale (a push: 0)."""
    from ..exact.multiset import scale_of

    wager = rules.wager(name)
    scale = scale_of(wager)
    out = {}
    for pt in range(10):
        for bt in range(10):
            for pc in (2, 3):
                for bc in (2, 3):
                    for pp in (False, True) if pairs else (False,):
                        for bp in (False, True) if pairs else (False,):
                            state = FinalState(pt, bt, pc, bc, pp, bp)
                            row = settle(wager, state)
                            out[state] = 0 if row is None or row.pays is None else int(row.pays * scale)
    return out


def chunk_laws(
    study: Study,
    rounds: Rounds,
    stakes: Sequence[npt.NDArray[np.int64]],
    common: int,
    count: int,
) -> tuple[ColumnLaws | None, ...]:
    """Each column's law tallies (a wager's, then the total's; ``None`` without a law) for a chunk of ``count``
    shoes: ``stakes[j]`` the units bet on wager ``j`` in each round, ``common`` the common dealings
    (:func:`.chunk.common_dealings`) of the study's shoe."""
    from ..exact.batchall import final_state_counts
    from ..exact.fastcount import counts_fit_int64
    from ..exact.multiset import scale_of

    wagers = [study.rules.wager(name) for name in study.names]
    lawful = [has_law(w) and study.laws for w in wagers]
    width = len(wagers)
    if not any(lawful):
        return (None,) * (width + 1)
    pairs = any(needs_of(w).player.pair or needs_of(w).banker.pair for w, ok in zip(wagers, lawful) if ok)
    scales = [scale_of(w) if ok else 1 for w, ok in zip(wagers, lawful)]
    common_scale = math.lcm(*scales)
    bet = np.zeros(len(rounds.shoe), dtype=bool)
    for j, ok in enumerate(lawful):
        if ok:
            bet |= stakes[j] > 0
    rows = np.flatnonzero(bet)
    unseen = rounds.unseen[rows]
    by_rank = unseen if unseen.shape[1] == len(RANKS) else unseen.reshape(len(rows), len(RANKS), -1).sum(axis=2)
    sizes = by_rank.sum(axis=1).tolist()
    found = final_state_counts(study.rules, by_rank, pairs) if len(rows) else {}
    states = list(found)
    counts = (
        np.stack([np.broadcast_to(np.asarray(found[s]), (len(rows),)) for s in states], axis=1)
        if states
        else np.zeros((0, 0), dtype=np.int64)
    )
    if counts.dtype == object and counts_fit_int64(max(sizes, default=0)):
        counts = counts.astype(np.int64)  # each count at most (U)_6, which fits
    tables = [_nets_by_state(study.rules, w.name, pairs) if ok else None for w, ok in zip(wagers, lawful)]
    nets = np.array(
        [[0] * len(states) if table is None else [table[s] for s in states] for table in tables], dtype=np.int64
    ).reshape(width, len(states))
    columns: list[ColumnLaws | None] = []
    for j in range(width + 1):
        if (j < width and not lawful[j]) or (j == width and not all(lawful)):
            columns.append(None)
            continue
        if j < width:
            round_stakes = stakes[j][rows][:, None]
            per_state = nets[j][None, :]
        else:
            round_stakes = np.stack([stakes[i][rows] * (common_scale // scales[i]) for i in range(width)], axis=1)
            per_state = nets
        columns.append(_column(rounds, rows, round_stakes, per_state, counts, sizes, study.cards, common, count))
    return tuple(columns)


def _column(
    rounds: Rounds,
    rows: npt.NDArray[np.int64],
    stakes: npt.NDArray[np.int64],
    nets: npt.NDArray[np.int64],
    counts: npt.NDArray[Any],
    sizes: list[int],
    cards: int,
    common: int,
    count: int,
) -> ColumnLaws:
    """One column's tallies: ``stakes`` per bet round and wager (in the column's cells per unit of the wager's net),
    ``nets`` per wager and state, ``counts`` per bet round and state."""
    weights: dict[int, int] = {}
    idle = len(rounds.shoe)
    laws: list[tuple[int, npt.NDArray[np.float64]] | None] = [None] * len(rows)
    most_cells = 1
    patterns, inverse = np.unique(stakes, axis=0, return_inverse=True)
    which = np.asarray(inverse).reshape(-1)
    unseen = np.asarray(sizes, dtype=np.int64)
    for p, pattern in enumerate(patterns):
        if not pattern.any():
            continue  # this column bets nothing in these rounds (another column does)
        chosen = np.flatnonzero(which == p)
        values, where = np.unique(pattern @ nets, return_inverse=True)  # the column's net in each state
        one_hot = np.zeros((nets.shape[1], len(values)), dtype=counts.dtype)
        one_hot[np.arange(nets.shape[1]), np.asarray(where).reshape(-1)] = 1
        by_value = counts[chosen] @ one_hot  # each round's dealings of the unseen cards by the column's net
        idle -= len(chosen)
        most_cells = max(most_cells, len(values))
        sizes_chosen = np.unique(unseen[chosen])
        grouped = np.zeros((len(sizes_chosen), len(values)), dtype=by_value.dtype)  # a shoe meets each U once:
        np.add.at(grouped, np.searchsorted(sizes_chosen, unseen[chosen]), by_value)  # <= 20 (U)_6 in int64
        for u, row in enumerate(grouped.tolist()):
            factor = dealing_factor(cards, int(sizes_chosen[u]))
            for value, n in zip(values.tolist(), row):
                if n:
                    weights[value] = weights.get(value, 0) + int(n) * factor
        dealings = [math.perm(int(u), CARDS_PER_ROUND) for u in unseen[chosen].tolist()]
        if by_value.dtype == np.int64 and max(dealings) < 2**53:  # every count and dealing exact in a float
            chances = by_value.astype(np.float64) / np.asarray(dealings, dtype=np.float64)[:, None]
        else:
            chances = np.array([[int(n) / d for n in row] for row, d in zip(by_value.tolist(), dealings)])
        dense = np.zeros((len(chosen), int(values[-1] - values[0]) + 1), dtype=np.float64)
        dense[:, values - values[0]] = chances  # each ratio correctly rounded
        for k, chance in zip(chosen.tolist(), dense):
            laws[k] = (int(values[0]), chance)
    if idle:
        weights[0] = weights.get(0, 0) + idle * common
    shoe_laws: list[tuple[int, npt.NDArray[np.float64]]] = [(0, np.ones(1, dtype=np.float64)) for _ in range(count)]
    bets = [0] * count
    for row, round_law in zip(rows.tolist(), laws):  # in round order within each shoe
        if round_law is None:
            continue
        shoe = int(rounds.shoe[row])
        low, found = shoe_laws[shoe]
        shoe_laws[shoe] = (low + round_law[0], _convolved(found, round_law[1]))
        bets[shoe] += 1
    low = min(s_low for s_low, _ in shoe_laws)
    high = max(s_low + len(s) for s_low, s in shoe_laws)
    total = np.zeros(high - low, dtype=np.float64)
    for s_low, s in shoe_laws:
        total[s_low - low : s_low - low + len(s)] += s
    return ColumnLaws(weights, len(rounds.shoe), low, total, count, max(bets), most_cells)


def _convolved(found: npt.NDArray[np.float64], law: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``found`` convolved with a round's ``law``, by a shifted sum for each of the law's cells above 0 (a bet of many
    units spreads a few outcomes over many cells): each cell a sum of non-negative products, as numpy's convolve."""
    out = np.zeros(len(found) + len(law) - 1, dtype=np.float64)
    for at in np.flatnonzero(law).tolist():
        out[at : at + len(found)] += law[at] * found
    return out
