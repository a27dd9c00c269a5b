"""Group patterns read on arrays: :func:`~analyzer.game.patterns.pattern_holds` for many groups of cards at once.

The vectorized settlement (:mod:`analyzer.exact.settlement`) reduces the
records of a wager to the distinct multisets of keys of each group it tests
(every card dealt, the first four), then reads a pattern on each of those.
:func:`patterns_hold` does it for all of them in a few numpy operations, from
each group's number of cards of every key (:func:`key_counts`), where a call of
:func:`~analyzer.game.patterns.pattern_holds` per multiset and per row took
most of the time of the records side bets (Lucky Match, Dragon Dragon: some
24,000 multisets of the ranks of every card dealt, six rows each).

What is and is not guaranteed
    The same verdict as :func:`~analyzer.game.patterns.pattern_holds` for
    every pattern and every multiset (the definitions are the module notes of
    :mod:`analyzer.game.patterns`): ``tests/test_pattern_arrays.py`` holds the
    two equal on random patterns and random groups of up to six cards, and
    the side bets that read patterns are held to hand-written brute forces on
    small suited shoes. A pattern that reads a poker rank of two to four cards
    (``poker``) is read by :func:`~analyzer.game.patterns.pattern_holds` once
    per multiset (its groups are a hand's, few). Integers only: counts of
    cards and sums of ranks and values.

>>> import numpy as np
>>> from analyzer.game.patterns import RANKS_KEYING, Pattern
>>> codes = np.array([[13, 13, 13, 1, 1, 0], [5, 4, 3, 2, 1, 0]])  # K K K A A (none); 5 4 3 2 A (none): key + 1
>>> counts = {RANKS_KEYING: key_counts(codes, RANKS_KEYING)}
>>> patterns_hold(Pattern(of_a_kind=(3, 2)), counts, None).tolist()
[True, False]
>>> patterns_hold(Pattern(straight="both"), counts, None).tolist()
[False, True]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.cards import RANKS, VALUES
from ..game.needs import MIXED_SUIT
from ..game.patterns import NOT_COUNTED, RANKS_KEYING, Keying, Pattern, pattern_holds

Array = npt.NDArray[Any]
_R = len(RANKS)


def key_counts(digits: Array, keying: Keying) -> Array:
    """Each group's number of cards of every key: ``digits`` one group per line, a digit per card (key + 1, 0 for
    no card), as :func:`~analyzer.game.needs.keys_code` writes them; a (groups, ``keying.size``) int64 array."""
    digits = np.asarray(digits, dtype=np.int64).reshape(len(digits), -1)
    counts = np.zeros((len(digits), keying.size + 1), dtype=np.int64)
    rows = np.arange(len(digits))
    for position in range(digits.shape[1]):  # one card per group and position: no index repeats within a step
        counts[rows, digits[:, position]] += 1
    out: Array = counts[:, 1:]
    return out


def _of_a_kind(wanted: tuple[int, ...], ranks: Array, among: frozenset[int] | None) -> Array:
    """Distinct ranks (of ``among``) with at least ``wanted[0]``, ``wanted[1]``, ... cards each."""
    held = ranks if among is None else ranks[:, sorted(among)]
    if len(wanted) > held.shape[1]:
        return np.zeros(len(ranks), dtype=bool)
    largest = -np.sort(-held, axis=1)[:, : len(wanted)]
    found: Array = np.asarray(np.all(largest >= np.array(wanted, dtype=np.int64), axis=1))
    return found


def _straight(ranks: Array, ace: str) -> Array:
    """Distinct, consecutive ranks, two cards at least, the ace low or high as ``ace`` says (no wrap)."""
    n = ranks.sum(axis=1)
    held = ranks > 0
    distinct = (ranks <= 1).all(axis=1) & (n >= 2)
    has_ace = held[:, 0]
    low_first = np.argmax(held, axis=1)
    low_last = _R - 1 - np.argmax(held[:, ::-1], axis=1)
    low_run = low_last - low_first == n - 1
    # the ace high: ranks 1..12 then the ace as 13; its last card is the ace
    high_held = np.concatenate([held[:, 1:], held[:, :1]], axis=1)
    high_run = _R - (1 + np.argmax(high_held, axis=1)) == n - 1
    low_allowed = (ace in ("both", "low")) | ~has_ace
    high_allowed = has_ace & (ace in ("both", "high"))
    found: Array = distinct & ((low_allowed & low_run) | (high_allowed & high_run))
    return found


def patterns_hold(pattern: Pattern, counts: Mapping[Keying, Array], suit: Array | None) -> Array:
    """Whether each group satisfies ``pattern`` (a bool array): ``counts`` the groups' :func:`key_counts` under every
    keying the pattern reads, ``suit`` the suit every card of a group shares (0-3, or 4 when mixed; read for a
    flush or a poker rank only)."""
    some = next(iter(counts.values()), suit)
    assert some is not None, "a pattern reads keys or the common suit"
    groups = len(some)
    mask: Array = np.ones(groups, dtype=bool)
    ranks: Array = counts[RANKS_KEYING] if RANKS_KEYING in counts else np.zeros((groups, _R), dtype=np.int64)
    if pattern.of_a_kind is not None:
        mask &= _of_a_kind(pattern.of_a_kind, ranks, pattern.kind_among)
    if pattern.same_suit is not None:
        suits = counts[pattern.suit_among or Keying("suit")][:, :NOT_COUNTED]
        mask &= suits.max(axis=1) >= pattern.same_suit
    if pattern.flush is not None:
        assert suit is not None
        mask &= (suit != MIXED_SUIT) == pattern.flush
    if pattern.straight is not None:
        mask &= _straight(ranks, pattern.straight) == pattern.straight_holds
    if pattern.none_of is not None:
        mask &= ranks[:, sorted(pattern.none_of)].sum(axis=1) == 0
    if pattern.rank_sum is not None:
        total = ranks @ np.arange(1, _R + 1, dtype=np.int64)
        mask &= (pattern.rank_sum[0] <= total) & (total <= pattern.rank_sum[1])
    if pattern.value_sum is not None:
        total = ranks @ np.array(VALUES, dtype=np.int64)
        mask &= (pattern.value_sum[0] <= total) & (total <= pattern.value_sum[1])
    if pattern.poker is not None:  # a hand's two to four cards: few multisets, read one by one
        poker = Pattern(poker=pattern.poker)
        held = ranks.tolist()
        common = [None] * groups if suit is None else [None if s == MIXED_SUIT else s for s in suit.tolist()]
        mask &= np.array(
            [
                pattern_holds(poker, {RANKS_KEYING: tuple(r for r in range(_R) for _ in range(row[r]))}, s)
                for row, s in zip(held, common)
            ],
            dtype=bool,
        ).reshape(groups)
    return mask
