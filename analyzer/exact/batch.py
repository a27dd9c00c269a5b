"""Exact expected values of many shoes at once: the counting study's engine.

:func:`expected_values` takes one of two exact paths:

* the bilinear forms of :mod:`analyzer.exact.multiset` (falling factorials of
  the value counts against coefficients tabled once per rule set and
  wagers), in int64 whenever no product or sum can overflow (checked per
  batch);
* otherwise the fast path's counting (:func:`analyzer.exact.fastcount.class_counts`)
  on numpy integer arrays that hold one entry per shoe, then every ending
  settled with each wager's pay table; 64-bit integers only when no
  intermediate can overflow them (64 N^6 < 2^63 for the counting, |pay| N^6 <
  2^63 for the settling, N the largest shoe), Python ints (dtype object)
  beyond: slower, still exact.

A wager reads only its own side's pair flag, so the dealings with both
pairs are never needed here. A wager settled by that flag alone (the Pair
bets) needs no counting at all: it is priced in closed form
(:func:`pair_flag_pays`), beside the others. The tests hold both paths to the par sheets.
The results are exact: integer numerators over integer denominators, read
as :class:`Fraction` by :meth:`BatchValues.expected_value`.

numpy is imported here and only here; the single-shoe path
(:mod:`analyzer.exact.fastcount`) does without it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.cards import RANKS, TYPES, VALUES
from ..game.rules import RuleSet
from ..game.settle import pays_by_view, view_index
from ..game.shoe import CARDS_PER_ROUND
from ..game.wager import Wager
from . import multiset
from .fastcount import Hands, class_counts, counts_fit_int64

_INT64_LIMIT = 2**63


@dataclass(frozen=True)
class BatchValues:
    """Exact expected values: wager ``j`` on shoe ``i`` is numerators[i, j] / (scale[j] * dealings[i]).

    ``dealings[i]`` is the denominator N(N-1)...(N-5) of shoe ``i`` and
    ``scale[j]`` the common denominator of wager ``j``'s pays; numerators
    are integers (int64 or Python ints).
    """

    wagers: tuple[str, ...]
    numerators: npt.NDArray[Any]
    scale: tuple[int, ...]
    dealings: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.numerators.shape != (len(self.dealings), len(self.wagers)):
            raise ValueError("numerators must have one row per shoe and one column per wager")

    def expected_value(self, shoe: int, wager: int) -> Fraction:
        """The exact expected value per unit staked of wager ``wager`` on shoe ``shoe``."""
        return Fraction(int(self.numerators[shoe, wager]), self.scale[wager] * self.dealings[shoe])

    def positive(self, wager: int) -> npt.NDArray[np.bool_]:
        """Per shoe, whether the wager's expected value is above zero (exact: the sign of an integer)."""
        return np.asarray(self.numerators[:, wager] > 0, dtype=bool)


def expected_values(rules: RuleSet, wagers: Sequence[str], shoes: npt.ArrayLike) -> BatchValues:
    """Exact expected values of the named wagers on each shoe (one row of 13 rank counts per shoe).

    Wagers that read more than their own side's view or have lightning multipliers, and shoes given as 52
    counts by card type, are served by :mod:`analyzer.exact.batchall`.

    Raises :class:`InputError` for a wager without a pay table, or a shoe
    that cannot finish a round.
    """
    chosen = [rules.wager(name) for name in wagers]
    for wager in chosen:
        if not wager.has_pay_table:
            raise InputError(f"Wager {wager.name} has no pay table, so it has no expected value.")
    typed = np.shape(shoes)[-1:] == (len(TYPES),)
    others = [w for w in chosen if not w.side_view_only or w.lightning is not None]
    if others or typed:
        from .batchall import expected_values as any_wager  # wagers beyond one side's view, shoes by card type

        rest = BatchValues(*any_wager(rules, others or chosen, shoes))  # checks the shoes
        plain = [w.name for w in chosen if w not in others]
        if not others or not plain:
            return rest
        by_rank = np.asarray(shoes, dtype=object).reshape(len(rest.dealings), len(RANKS), -1).sum(axis=2)
        return _joined([w.name for w in chosen], expected_values(rules, plain, by_rank), rest)
    counts = np.asarray(shoes)
    if counts.dtype.kind not in "iu" or (counts.size and int(np.abs(counts).max()) > 2**31):
        counts = np.asarray(shoes, dtype=object)  # Python ints: nothing can overflow while checking
    if counts.ndim != 2 or counts.shape[1] != len(RANKS):
        raise InputError(f"Each shoe needs a count for each of the {len(RANKS)} ranks.")
    if counts.shape[0] and (counts.min() < 0 or counts.sum(axis=1).min() < CARDS_PER_ROUND):
        raise InputError(f"Every shoe needs counts of at least 0 and at least {CARDS_PER_ROUND} cards.")
    sizes = [int(s) for s in counts.sum(axis=1)]
    largest = max(sizes, default=CARDS_PER_ROUND)
    dealings = tuple(math.perm(size, CARDS_PER_ROUND) for size in sizes)
    names = tuple(w.name for w in chosen)
    flagged = [(w, pays) for w in chosen if (pays := pair_flag_pays(w)) is not None]
    if flagged:  # in closed form, beside the others
        paired = BatchValues(tuple(w.name for w, _ in flagged), *_by_pair_flag(flagged, counts, largest), dealings)
        counted = [w for w in chosen if pair_flag_pays(w) is None]
        return _joined(names, paired, _by_counting(rules, counted, counts, largest, dealings)) if counted else paired
    return _by_counting(rules, chosen, counts, largest, dealings)


def _by_counting(
    rules: RuleSet, chosen: Sequence[Wager], counts: npt.NDArray[Any], largest: int, dealings: tuple[int, ...]
) -> BatchValues:
    """The wagers' values by the bilinear forms where their bounds hold, else by the aggregated sums."""
    names = tuple(w.name for w in chosen)
    fast = _multiset_path(rules, names, counts, largest)
    numerators, scales = fast if fast is not None else _aggregated_path(rules, chosen, counts, largest)
    return BatchValues(wagers=names, numerators=numerators, scale=scales, dealings=dealings)


@lru_cache(maxsize=256)
def pair_flag_pays(wager: Wager) -> tuple[Fraction, Fraction] | None:
    """What one unit nets without and with a pair in the wager's own hand, for a wager settled by that pair flag alone
    (the Pair bets: the same pay in every view of its side with the same flag); else ``None``. Kept per wager (a
    batch asks for every wager it prices)."""
    if not wager.side_view_only or wager.lightning is not None:
        return None
    pays = pays_by_view(wager)
    unpaired, paired = set(pays[0::2]), set(pays[1::2])
    if len(unpaired) != 1 or len(paired) != 1:
        return None
    without, with_pair = unpaired.pop(), paired.pop()
    return None if without is None or with_pair is None else (without, with_pair)


def _by_pair_flag(
    flagged: Sequence[tuple[Wager, tuple[Fraction, Fraction]]], counts: npt.NDArray[Any], largest: int
) -> tuple[npt.NDArray[Any], tuple[int, ...]]:
    """Numerators and scales of wagers settled by their own hand's pair flag alone (each with its pays without and
    with the pair), in closed form: the shoes' dealings by pair flags
    (:func:`analyzer.exact.batchall.pair_flag_matrix`) times the pays. int64 when ``|pay| (U)_6`` is below 2**62
    for every scaled pay and change (each term, and their sum, below 2**63), else Python ints."""
    from .batchall import pair_flag_matrix

    scales = tuple(multiset.scale_of(wager) for wager, _ in flagged)
    pays = [(int(without * s), int((paid - without) * s)) for (_, (without, paid)), s in zip(flagged, scales)]
    biggest = max(abs(p) for pair in pays for p in pair)
    dtype: type = np.int64 if biggest * largest**CARDS_PER_ROUND < 2**62 else object
    flags: npt.NDArray[Any] = pair_flag_matrix(counts).astype(dtype)  # (no, no), (Player's, no), (no, Banker's), both
    every = flags.sum(axis=1)
    paired = {"player": flags[:, 1] + flags[:, 3], "banker": flags[:, 2] + flags[:, 3]}  # either hand: the same count
    columns = [
        without * every + change * paired["player" if wager.side == "player" else "banker"]
        for (wager, _), (without, change) in zip(flagged, pays)
    ]
    return np.stack(columns, axis=1), scales


def _joined(order: Sequence[str], *parts: BatchValues) -> BatchValues:
    """The columns of ``parts`` (the same shoes) in the order of the wagers ``order``."""
    where = {name: (part, j) for part in parts for j, name in enumerate(part.wagers)}
    numbers = [where[name][0].numerators[:, where[name][1]] for name in order]
    kind = np.int64 if all(part.numerators.dtype == np.int64 for part in parts) else object
    return BatchValues(
        wagers=tuple(order),
        numerators=np.stack([column.astype(kind) for column in numbers], axis=1),
        scale=tuple(where[name][0].scale[where[name][1]] for name in order),
        dealings=parts[0].dealings,
    )


def _aggregated_path(
    rules: RuleSet, chosen: Sequence[Wager], counts: npt.NDArray[Any], largest: int
) -> tuple[npt.NDArray[Any], tuple[int, ...]]:
    """Numerators and scales by the aggregated sums of :mod:`analyzer.exact.fastcount`, settled ending by ending."""
    counts = counts.astype(object)
    dtype: type = np.int64 if counts_fit_int64(largest) else object
    # A wager reads only its own side's pair flag: class 1 (Player pair) or 2 (Banker pair).
    classes = [0] + [
        cls for cls, side in ((1, "player"), (2, "banker")) if any(_reads_pair(w) and w.side == side for w in chosen)
    ]
    columns: list[Any] = [counts[:, r].astype(dtype) for r in range(len(RANKS))]  # one array per rank
    by_class: list[dict[Hands, Any]] = class_counts(columns, rules.drawing, classes)

    scales = [multiset.scale_of(w) for w in chosen]
    pays = {flag: [_pays_by_view(w, s, flag) for w, s in zip(chosen, scales)] for flag in (False, True)}
    biggest_pay = max(abs(p) for table in pays[False] + pays[True] for p in table)
    settle_dtype: type = dtype if 2 * biggest_pay * largest**6 < _INT64_LIMIT else object
    numerators: npt.NDArray[Any] = np.zeros((counts.shape[0], len(chosen)), dtype=settle_dtype)
    for cls, endings in zip(classes, by_class):
        keys = list(endings)
        if not keys:
            continue
        matrix: npt.NDArray[Any] = np.array(
            [[_pay_change(w, key, cls, pays[False][j], pays[True][j]) for j, w in enumerate(chosen)] for key in keys],
            dtype=settle_dtype,
        )
        numerators = numerators + np.stack([endings[key] for key in keys]).astype(settle_dtype).T @ matrix
    return numerators, tuple(scales)


def _multiset_path(
    rules: RuleSet, wagers: tuple[str, ...], counts: npt.NDArray[Any], largest: int
) -> tuple[npt.NDArray[np.int64], tuple[int, ...]] | None:
    """Numerators and scales by :mod:`analyzer.exact.multiset`, or ``None`` when its bounds do not hold for this
    batch."""
    coefficients = multiset.coefficients(rules, wagers)
    if 4 * coefficients.biggest_pay * largest**CARDS_PER_ROUND >= _INT64_LIMIT:
        return None
    if coefficients.derived_bound * math.perm(largest, CARDS_PER_ROUND) >= _INT64_LIMIT:
        return None
    ranks = counts.astype(np.int64)
    by_value = np.zeros((ranks.shape[0], 10), dtype=np.int64)
    for rank, value in enumerate(VALUES):
        by_value[:, value] += ranks[:, rank]
    if not multiset.fits_int64(coefficients, int(by_value[:, list(multiset.B_VALUES)].sum(axis=1).max(initial=0))):
        return None
    tens = ranks[:, [r for r, value in enumerate(VALUES) if value == 0]]
    return multiset.numerators(coefficients, by_value, (tens * (tens - 1)).sum(axis=1)), coefficients.scale


def _reads_pair(wager: Wager) -> bool:
    return any(o.pair is not None for o in wager.outcomes)


def _pays_by_view(wager: Wager, scale: int, pair: bool) -> list[int]:
    """What one unit on ``wager`` nets for each (own, other, cards) view with pair flag ``pair``, times ``scale``.

    Indexed like :func:`analyzer.game.settle.view_index` with the flag (its lowest bit) dropped.
    """
    pays = pays_by_view(wager)[pair::2]
    assert None not in pays, "expected_values accepts only wagers with a pay table"
    return [int(p * scale) for p in pays if p is not None]


def _pay_change(wager: Wager, hands: Hands, cls: int, unpaired: list[int], paired: list[int]) -> int:
    """The coefficient of a class's count of ``hands`` in the wager's scaled expected value.

    Class 0 (every dealing) pays as if unpaired; the pair class of the
    wager's side adds the difference a pair makes; another class adds 0.
    """
    pt, bt, pc, bc = hands
    view = view_index(pt, bt, pc, False) if wager.side == "player" else view_index(bt, pt, bc, False)
    if cls == 0:
        return unpaired[view // 2]
    if cls == (1 if wager.side == "player" else 2):
        return paired[view // 2] - unpaired[view // 2]
    return 0
