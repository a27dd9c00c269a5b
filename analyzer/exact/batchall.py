"""Exact expected values of many shoes for wagers the side-view batch does not serve.

:func:`analyzer.exact.batch.expected_values` counts the shipped wagers (each
reading its own side's view) for many shoes at once; it hands every other
wager to :func:`expected_values` here, with the same arguments, and makes
its :class:`~analyzer.exact.batch.BatchValues` of the result's fields:

* a wager that reads a final state (both totals, both card counts, both
  pair flags: Either Pair, Golden Frog, Egalite, ...) is counted for all the
  shoes at once by the fast path's class counts
  (:func:`analyzer.exact.fastcount.class_counts`, every pair class, numpy),
  the pair flags recovered by inclusion-exclusion and every final state
  settled once;
* a wager that reads more (cards held, suits, third cards) is counted shoe
  by shoe by the class-count path (:func:`analyzer.exact.classcount.count_records`):
  exact, and as slow as one analysis per shoe;
* a wager with lightning multipliers likewise, shoe by shoe, its expected
  value taken over the deal and the lightning draw (a fresh virtual deck,
  independent of the shoe) by :func:`analyzer.exact.lightning.expected_numerator`,
  over its value scale (:func:`analyzer.exact.lightning.study_scales`); it
  needs the 52 counts by card type.

Shoes: one row per shoe, either 13 counts by rank (:data:`~analyzer.game.cards.RANKS`
order) or 52 counts by card type (:data:`~analyzer.game.cards.TYPES` order:
A♠ A♥ A♦ A♣ 2♠ ... K♣). A wager that reads suits needs the 52; the others
read the 52 summed by rank.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.cards import RANKS, SUITS, TYPES
from ..game.needs import needs_of
from ..game.rules import Drawing, RuleSet
from ..game.settle import settle
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.state import FinalState
from ..game.wager import Wager
from .classcount import record_table
from .fastcount import class_counts, counts_fit_int64
from .lightning import expected_numerator, study_scales
from .multiset import scale_of
from .settlement import table_outcome_counts


class Values(NamedTuple):
    """The fields of a :class:`~analyzer.exact.batch.BatchValues`: wager ``j`` on shoe ``i`` is numerators[i, j] /
    (scale[j] * dealings[i])."""

    wagers: tuple[str, ...]
    numerators: npt.NDArray[Any]
    scale: tuple[int, ...]
    dealings: tuple[int, ...]


def expected_values(rules: RuleSet, wagers: Sequence[Wager], shoes: npt.ArrayLike) -> Values:
    """Exact expected values of ``wagers`` (objects of ``rules``) on each shoe; see the module notes for the shoes."""
    counts = np.asarray(shoes, dtype=object)
    if counts.ndim != 2 or counts.shape[1] not in (len(RANKS), len(TYPES)):
        raise InputError(
            f"Each shoe needs a count for each of the {len(RANKS)} ranks or of the {len(TYPES)} card types."
        )
    typed = counts.shape[1] == len(TYPES)
    suited = [w.name for w in wagers if needs_of(w).reads_suits]
    if suited and not typed:
        raise InputError(
            f"{', '.join(suited)} reads suits: give each shoe's counts of the {len(TYPES)} card types (A♠ A♥ ... K♣)."
        )
    lit = [w.name for w in wagers if w.lightning is not None]
    if lit and not typed:
        raise InputError(
            f"{lit[0]} has lightning multipliers, which match card types: give each shoe's counts of the "
            f"{len(TYPES)} card types (A♠ A♥ ... K♣)."
        )
    by_rank = counts.reshape(len(counts), len(RANKS), len(SUITS)).sum(axis=2) if typed else counts
    if counts.shape[0] and (counts.min() < 0 or by_rank.sum(axis=1).min() < CARDS_PER_ROUND):
        raise InputError(f"Every shoe needs counts of at least 0 and at least {CARDS_PER_ROUND} cards.")
    sizes = [int(s) for s in by_rank.sum(axis=1)]
    numerators = np.zeros((len(sizes), len(wagers)), dtype=object)
    states = [j for j, w in enumerate(wagers) if needs_of(w).final_state_level and w.lightning is None]
    if states:
        by_state = _final_states(rules, by_rank)
        for j in states:
            scale = scale_of(wagers[j])
            for state, column in by_state.items():
                row = settle(wagers[j], state)
                assert row is not None and row.pays is not None
                numerators[:, j] += column * int(row.pays * scale)
    for j, wager in enumerate(wagers):
        if j in states:
            continue
        if wager.lightning is not None:  # the deal and the lightning draw, shoe by shoe
            for i, row in enumerate(counts):
                numerators[i, j] = expected_numerator(rules, _shoe(row, typed), wager)
            continue
        needs, scale = needs_of(wager), scale_of(wager)
        for i, row in enumerate(counts):
            shoe = _shoe(row, typed)
            settled = table_outcome_counts(wager, needs, record_table(shoe, rules.drawing, needs))
            pays = {o.name: int((o.pays or 0) * scale) for o in wager.outcomes}
            numerators[i, j] = sum(n * pays[name] for name, n in settled.items())
    return Values(
        wagers=tuple(w.name for w in wagers),
        numerators=numerators,
        scale=tuple(study_scales(w)[1] if w.lightning is not None else scale_of(w) for w in wagers),
        dealings=tuple(math.perm(size, CARDS_PER_ROUND) for size in sizes),
    )


def _shoe(row: npt.NDArray[Any], typed: bool) -> Shoe:
    values = [int(v) for v in row]
    if not typed:
        return Shoe(counts=tuple(values))
    return Shoe(
        counts=tuple(sum(values[r * len(SUITS) : (r + 1) * len(SUITS)]) for r in range(len(RANKS))), types=tuple(values)
    )


def _final_states(rules: RuleSet, by_rank: npt.NDArray[Any]) -> dict[FinalState, npt.NDArray[Any]]:
    """Every shoe's ordered six-card dealings by final state (pair flags by inclusion-exclusion of the pair classes)."""
    return final_state_counts(rules, by_rank)


def final_state_counts(
    rules: RuleSet, by_rank: npt.NDArray[Any], pairs: bool = True
) -> dict[FinalState, npt.NDArray[Any]]:
    """Every shoe's ordered six-card dealings by final state, one entry per shoe (a row of 13 rank counts each),
    as Python ints (object arrays; without ``pairs``, as :func:`final_state_matrix` counts them), the states in
    the order of :func:`final_state_order`.

    With ``pairs`` the pair flags are recovered by inclusion-exclusion of the pair classes; without, every state
    is counted with both flags false (one class instead of four: for wagers that read no pair flag).
    """
    states, counts = final_state_matrix(rules, by_rank, pairs)
    return {state: np.asarray(counts[:, k], dtype=object if pairs else None) for k, state in enumerate(states)}


def final_state_matrix(
    rules: RuleSet, by_rank: npt.NDArray[Any], pairs: bool = True, told_apart: npt.NDArray[np.bool_] | None = None
) -> tuple[tuple[FinalState, ...], npt.NDArray[Any]]:
    """What :func:`final_state_counts` counts, as one matrix: a row per shoe, a column per state of
    :func:`final_state_order`; int64 when every count fits (:func:`~analyzer.exact.fastcount.counts_fit_int64`
    of the largest shoe: each count at most (U)_6, and the inclusion-exclusion's terms no larger), else Python ints.

    ``told_apart`` (with ``pairs`` only): a boolean per row, the rows whose pair flags are told apart; None for
    every row. A row told apart holds its dealings by final state, pair flags included, as without the mask. A
    row not told apart holds each ending's dealings in its (no, no) column and 0 in its three other flag columns,
    as ``pairs=False`` counts it: right for a wager that reads no pair flag (every pair flag taken as "no"), wrong
    for one that does. Its pair classes are not counted at all (:func:`~analyzer.exact.fastcount.class_counts`'s
    ``paired``), and with no row told apart, class 0 alone is.
    """
    largest = max((int(s) for s in by_rank.sum(axis=1)), default=CARDS_PER_ROUND)
    dtype: type = np.int64 if counts_fit_int64(largest) else object
    columns: list[npt.NDArray[Any]] = [by_rank[:, r].astype(dtype) for r in range(len(RANKS))]
    states = final_state_order(rules.drawing, pairs)
    paired = None if told_apart is None else _told_apart(told_apart, len(by_rank), pairs)
    if not pairs:
        (every,) = class_counts(columns, rules.drawing, (0,))
        return states, _by_shoe(list(every.values()), len(by_rank), dtype)
    if paired is not None and len(paired) < len(by_rank):  # some rows with no pair flags told apart
        return states, _some_told_apart(columns, rules.drawing, paired, dtype)
    every, player, banker, both = class_counts(columns, rules.drawing)
    zero: npt.NDArray[Any] = np.zeros(len(by_rank), dtype=dtype)
    parts = []
    for hands, n in every.items():
        p, b, pb = player.get(hands, zero), banker.get(hands, zero), both.get(hands, zero)
        parts += [n - p - b + pb, p - pb, b - pb, pb]  # neither pair, the Player's only, the Banker's only, both
    return states, _by_shoe(parts, len(by_rank), dtype)


def pair_flag_matrix(by_rank: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Every shoe's ordered six-card dealings by pair flags alone: a row per shoe (13 rank counts each), a column per
    flag pair (no, no), (yes, no), (no, yes), (yes, yes) (Player pair, Banker pair), as :func:`final_state_matrix`'s
    flag columns of one row summed over its endings; int64 when every count fits
    (:func:`~analyzer.exact.fastcount.counts_fit_int64`), else Python ints.

    Whether a hand's first two cards pair depends on their ranks alone, so the counts have a closed form in the
    rank counts ``n`` of ``U`` cards, with ``Q = sum n_r (n_r - 1)``: the Player's pair in ``Q (U - 2)_4`` dealings,
    the Banker's likewise, both in ``sum_r n_r (n_r - 1) (Q - n_r (n_r - 1) + (n_r - 2)(n_r - 3)) (U - 4)(U - 5)``
    (the Banker's pair of the Player's rank from the two left), the rest by inclusion-exclusion. Every term is a
    count of dealings, or a sum of them, at most ``(U)_6``. (For wagers that read nothing but the pair flags: no
    ending is told apart.)

    >>> pair_flag_matrix(np.array([[2, 2] + [0] * 11])).tolist()  # A A 2 2: every dealing of six needs six cards
    [[0, 0, 0, 0]]
    >>> pair_flag_matrix(np.array([[4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]])).tolist()  # (6)_6 = 720 dealings
    [[192, 192, 192, 144]]
    """
    sizes = by_rank.sum(axis=1)
    largest = int(sizes.max(initial=CARDS_PER_ROUND))
    dtype: type = np.int64 if counts_fit_int64(largest) else object
    n: npt.NDArray[Any] = by_rank.astype(dtype)
    u = sizes.astype(dtype)
    pairs = n * (n - 1)  # ordered pairs of one rank
    q = pairs.sum(axis=1)
    one = q * (u - 2) * (u - 3) * (u - 4) * (u - 5)  # the Player's pair (the Banker's likewise)
    both = (pairs * (q[:, None] - pairs + (n - 2) * (n - 3))).sum(axis=1) * (u - 4) * (u - 5)
    dealings = u * (u - 1) * (u - 2) * (u - 3) * (u - 4) * (u - 5)
    return np.stack([dealings - 2 * one + both, one - both, one - both, both], axis=1)


def _told_apart(told_apart: npt.NDArray[np.bool_], rows: int, pairs: bool) -> npt.NDArray[np.intp]:
    """The rows of a ``told_apart`` mask, refused unless one boolean per row of a matrix with pair flags."""
    mask = np.asarray(told_apart)
    if not pairs:
        raise ValueError("told_apart picks the rows whose pair flags are told apart: give it only with pairs=True.")
    if mask.dtype != np.bool_ or mask.shape != (rows,):
        raise ValueError(f"told_apart must be a boolean array with one entry per row ({rows}), got {mask.shape}.")
    return np.flatnonzero(mask)


def _some_told_apart(
    columns: list[npt.NDArray[Any]], drawing: Drawing, paired: npt.NDArray[np.intp], dtype: type
) -> npt.NDArray[Any]:
    """The matrix of :func:`final_state_matrix` when only the rows ``paired`` are told apart: every row's class 0
    in the (no, no) columns, then on the rows ``paired`` the pair classes moved out of them by inclusion-exclusion."""
    rows = len(columns[0])
    if len(paired):
        every, player, banker, both = class_counts(columns, drawing, (0, 1, 2, 3), paired=paired)
    else:
        (every,) = class_counts(columns, drawing, (0,))
        player = banker = both = {}
    matrix: npt.NDArray[Any] = np.zeros((rows, 4 * len(every)), dtype=dtype)
    matrix[:, 0::4] = _by_shoe(list(every.values()), rows, dtype)
    if not len(paired):
        return matrix
    zero: npt.NDArray[Any] = np.zeros(len(paired), dtype=dtype)
    p, b, pb = (
        _by_shoe([found.get(hands, zero) for hands in every], len(paired), dtype) for found in (player, banker, both)
    )
    matrix[paired, 0::4] -= p + b - pb  # neither pair
    matrix[paired, 1::4] = p - pb  # the Player's only
    matrix[paired, 2::4] = b - pb  # the Banker's only
    matrix[paired, 3::4] = pb  # both
    return matrix


def _by_shoe(columns: list[npt.NDArray[Any]], shoes: int, dtype: type) -> npt.NDArray[Any]:
    """Columns of counts (one entry per shoe each) as a matrix, a row per shoe."""
    if not columns:
        return np.zeros((shoes, 0), dtype=dtype)
    return np.ascontiguousarray(np.stack(columns, axis=1), dtype=dtype)


@lru_cache(maxsize=32)
def final_state_order(drawing: Drawing, pairs: bool = True) -> tuple[FinalState, ...]:
    """The final states :func:`final_state_counts` counts, in its order: each ending the drawing rules can reach,
    in the order of :func:`~analyzer.exact.fastcount.class_counts`'s class 0, with the pair flags (no, no), (yes,
    no), (no, yes), (yes, yes) (``pairs``) or (no, no) alone. Depends on the drawing rules only."""
    (every,) = class_counts([np.zeros(0, dtype=np.int64)] * len(RANKS), drawing, (0,))
    flags = ((False, False), (True, False), (False, True), (True, True)) if pairs else ((False, False),)
    return tuple(FinalState(*hands, *flag) for hands in every for flag in flags)
