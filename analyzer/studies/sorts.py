"""Every two-group sort of the values (or the ranks), ranked by what seeing the first K cards' groups is worth.

An edge sort splits the cards into two groups whose backs can be told apart. :func:`search_sorts` tries every
split of the ten values (or of the thirteen ranks) for a player who sees the group of each of the first K
cards, and ranks them by the player's expected gain per round dealt (:mod:`analyzer.studies.information`).

How many
    The ten values have 2^10 - 1 = 1,023 non-empty subsets (the count Fred Roach's search gave); a subset and
    its complement are the same sort, and the whole set is no sort at all, so 511 distinct sorts are tried
    (each named by the group that does not hold the ten-valued cards). The thirteen ranks have 4,095
    (named by the group without the king).

How it is exact and quick
    One count (:func:`analyzer.studies.observed.pattern_sums`) gives, for every sequence of the first K cards'
    values (or ranks), the dealings that show it and each wager's summed net and squared net, as integers.
    A sort's patterns add these up over the labels in each group: position by position, the sum over the
    first group is a product with the sort's 0/1 membership vector and the second group's is the total less
    it, for all sorts at once (numpy, sorts in batches so memory stays flat). Every sum is a sum of the
    count's integers, so its size is at most the sum of their sizes, which is checked below 2^63 (int64);
    Python integers beyond. The best sort's per-pattern table comes from the same sums.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named, shown
from ..game.cards import RANKS, VALUES
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.sight import POSITIONS, Seen, Sight
from ..game.wager import Wager
from .information import Information, information_of
from .observed import PatternSums, candidate_wagers, pattern_sums

Array = npt.NDArray[Any]
OVER: tuple[str, ...] = ("values", "ranks")
"""What a sort splits: the ten values (T, J, Q, K together) or the thirteen ranks."""
MAX_WORK = 2**32
"""The most products one search takes (sorts x patterns x columns): the values of all six cards take 3.6 x 10^9
(some seconds), the ranks of four 0.8 x 10^9; the ranks of five (1.1 x 10^10) are refused."""
BATCH_BYTES = 2**26
"""About the memory one batch of sorts holds (64 MiB)."""
_INT64_LIMIT = 2**63


@dataclass(frozen=True, slots=True)
class SortResult:
    """One sort: its first group (the other is the rest), and what seeing the first K cards' groups is worth."""

    seen: Seen
    gain: Fraction
    """The player's expected gain per round dealt."""
    share: Fraction
    """The share of rounds bet."""

    @property
    def per_bet(self) -> Fraction | None:
        """The player's edge per bet made."""
        return None if self.share == 0 else self.gain / self.share

    @property
    def groups(self) -> tuple[str, str]:
        """The two groups, as their ranks run together ('456789', 'A23TJQK')."""
        first, rest = self.seen.names
        return first, rest


@dataclass(frozen=True, slots=True)
class SortSearch:
    """Every sort of ``over`` for the first ``first`` cards, best first, and the best sort's per-pattern table."""

    rules: RuleSet
    shoe: Shoe
    first: int
    over: str
    wagers: tuple[Wager, ...]
    results: tuple[SortResult, ...]
    best: Information

    @property
    def subsets(self) -> int:
        """The non-empty subsets of the values or ranks (1,023 or 8,191): each sort is two of them, or the whole."""
        size = 10 if self.over == "values" else len(RANKS)
        return int(2**size - 1)

    def spec(self, result: SortResult) -> str:
        """The ``--see`` spec of a sort for the first ``first`` cards."""
        return sight_of(result.seen, self.first).text


def sight_of(seen: Seen, first: int) -> Sight:
    """The sight that sees ``seen`` of each of the first ``first`` cards."""
    return Sight.of(dict.fromkeys(range(1, first + 1), seen))


def sorts(over: str) -> tuple[Seen, ...]:
    """Every two-group sort of ``over``, each as the group sight it gives (the group without T first; for ranks,
    the group without K first), in the order of their membership bits."""
    if over == "values":
        found = []
        for mask in range(1, 2**9):  # values 1-9 in the first group; value 0 always in the rest
            chosen = {v for v in range(1, 10) if mask >> (v - 1) & 1}
            first = tuple(r for r, v in zip(RANKS, VALUES) if v in chosen)
            found.append(Seen("group", (first, tuple(r for r in RANKS if r not in first))))
        return tuple(found)
    found = []
    for mask in range(1, 2 ** (len(RANKS) - 1)):
        first = tuple(r for i, r in enumerate(RANKS[:-1]) if mask >> i & 1)
        found.append(Seen("group", (first, tuple(r for r in RANKS if r not in first))))
    return tuple(found)


def search_sorts(
    rules: RuleSet, shoe: Shoe, first: int, wagers: Sequence[str] = (), over: str = "values"
) -> SortSearch:
    """Every two-group sort of ``over`` for a player who sees the groups of the first ``first`` cards, ranked."""
    if over not in OVER:
        raise InputError(f"{named('over')} {shown(over)} is not one of {', '.join(OVER)} (what a sort splits).")
    if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= POSITIONS:
        raise InputError(
            f"{named('first', '--search-sorts')} (the first cards, whose groups are seen) must be from 1 to "
            f"{POSITIONS}, got {shown(first)}."
        )
    chosen = candidate_wagers(rules, wagers)
    candidates = sorts(over)
    labels = 10 if over == "values" else len(RANKS)
    columns = 2 * len(chosen) + 1
    work = len(candidates) * labels**first * columns
    if work > MAX_WORK:
        raise InputError(
            f"Searching the {len(candidates):,} sorts of the {over} for the first {first} cards would take "
            f"{work:,} products (at most {MAX_WORK:,}); search fewer cards, or the values instead of the ranks."
        )
    seen = Seen("value" if over == "values" else "rank")
    sums = pattern_sums(rules, shoe, sight_of(seen, first), chosen)
    table = _table(sums, labels, first)
    membership = np.array([[s.label(_rank_of(label, over)) == 0 for label in range(labels)] for s in candidates])
    aggregated = _aggregate(table, membership, first)  # (sorts, 2^first, columns)
    width = len(chosen)
    common = math.lcm(*sums.scales)
    factors = np.array([common // s for s in sums.scales], dtype=object)
    results = []
    order: list[tuple[int, int, int]] = []
    firsts = aggregated[:, :, :width]
    for index in range(len(candidates)):
        scaled = [[int(x) * int(f) for x, f in zip(row, factors)] for row in firsts[index].tolist()]
        gain = bet = 0
        for pattern, row in enumerate(scaled):
            top = max(row)
            if top > 0:
                gain += top
                bet += int(aggregated[index, pattern, -1])
        order.append((-gain, bet, index))
        results.append(SortResult(candidates[index], Fraction(gain, common * sums.total), Fraction(bet, sums.total)))
    order.sort()
    best = order[0][2]
    best_sums = PatternSums(
        sight=sight_of(candidates[best], first),
        wagers=sums.wagers,
        scales=sums.scales,
        radices=(2,) * first,
        dealings=aggregated[best, :, -1],
        first=aggregated[best, :, :width],
        second=aggregated[best, :, width : 2 * width],
        total=sums.total,
    )
    return SortSearch(
        rules=rules,
        shoe=shoe,
        first=first,
        over=over,
        wagers=chosen,
        results=tuple(results[i] for _, _, i in order),
        best=information_of(rules, shoe, best_sums, chosen),
    )


def _rank_of(label: int, over: str) -> int:
    """A rank index whose value (or rank) is the label ``label``."""
    return label if over == "ranks" else VALUES.index(label)


def _table(sums: PatternSums, labels: int, first: int) -> Array:
    """The count as one array: (labels,)*first + (columns,), the columns each wager's sums, squared sums, dealings."""
    parts = [sums.first, sums.second, sums.dealings.reshape(-1, 1)]
    bound = max(sum(abs(int(x)) for x in column.tolist()) for part in parts for column in part.T)
    kind: type = np.int64 if bound < _INT64_LIMIT else object
    table = np.concatenate([np.asarray(part, dtype=kind) for part in parts], axis=1)
    return table.reshape((labels,) * first + (table.shape[1],))


def _aggregate(table: Array, membership: npt.NDArray[np.bool_], first: int) -> Array:
    """Each sort's patterns: for every sort (a row of ``membership``: labels in its first group), the table summed
    over the labels of each group at each position; (sorts, 2^first, columns), the first position's group the most
    significant bit (0 the first group, 1 the rest)."""
    labels, columns = table.shape[0], table.shape[-1]
    kind = table.dtype
    rest = labels ** (first - 1)
    per_sort = 2 * rest * columns * 8
    batch = max(1, BATCH_BYTES // per_sort)
    flat = table.reshape(labels, rest * columns)
    totals = flat.sum(axis=0)
    out = []
    for start in range(0, len(membership), batch):
        chosen = membership[start : start + batch].astype(kind)
        grouped = chosen @ flat  # (batch, rest * columns): the first position's first group
        y = np.stack([grouped, totals[None, :] - grouped], axis=1).reshape(len(chosen), 2, rest, columns)
        for _ in range(first - 1):
            rest //= labels
            y = y.reshape(len(chosen), y.shape[1], labels, rest, columns)
            if kind == np.dtype(object):
                inside = (y * chosen[:, None, :, None, None]).sum(axis=2)
            else:
                inside = np.einsum("bslrc,bl->bsrc", y, chosen)
            y = np.stack([inside, y.sum(axis=2) - inside], axis=2).reshape(len(chosen), -1, rest, columns)
        rest = labels ** (first - 1)
        out.append(y.reshape(len(chosen), 2**first, columns))
    return np.concatenate(out, axis=0)
