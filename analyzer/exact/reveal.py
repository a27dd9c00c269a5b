"""Reveal and raise, counted: for every set of revealed positions and every way the revealed cards can read, the
ordered six-card dealings that end in each row of a raisable wager's pay table.

Counting convention
    As the enumerator's (:mod:`analyzer.exact.enumerator`): ordered six-card dealings P1 B1 P2 B2 P3 B3, whether or
    not the third cards are used. Whatever set of positions is revealed, the counts of its readings add up to
    N(N-1)(N-2)(N-3)(N-4)(N-5) for a shoe of N cards: a reading partitions the dealings.

How it counts
    1. The first four cards by class, in every order: a class is a value (ten-value ranks pooled) unless a raisable
       wager reads a pair, and then a rank, so that a reading names exactly what can change a figure. The ways to
       deal a tuple of classes are the falling factorials of the class counts.
    2. The third cards by value, through :func:`analyzer.exact.enumerator.third_cards`, memoized on all four of its
       arguments (cards left by value, the two totals, the drawing); each final state is settled by the wager's pay
       table (:func:`analyzer.game.settle.settle`), memoized on the state.
    3. The result is one array per wager, ``by_cards[c_P1, c_P2, c_B1, c_B2, row]`` (positions in
       :data:`~analyzer.game.reveal.POSITIONS` order; Python ints in an object array, so that no count can
       overflow): a revealed set's counts are the sums over the axes of the positions left face down.

Why a reading is all a bettor needs
    Which positions are revealed never depends on the cards (the law is over positions), so given a set and its
    reading, the face-down cards are a uniformly random draw from the shoe less the revealed ones; the conditional
    expected value of a bet is the ratio of two of these counts, exact. Within a hand the order of its two cards
    changes nothing a raisable wager reads (totals, pairs), so readings that differ only by it have equal
    conditional values (``tests/test_peek.py`` holds this against a brute force over actual cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from types import MappingProxyType
from typing import Any

import numpy as np

from ..errors import InputError
from ..game.cards import RANKS, VALUES
from ..game.reveal import POSITIONS, Positions
from ..game.rules import Drawing
from ..game.settle import settle
from ..game.shoe import Shoe
from ..game.state import FinalState
from ..game.wager import Wager
from .enumerator import third_cards

TEN_VALUE = "T/J/Q/K"
"""How a reading names a ten-value card when ranks of one value are one class."""

VALUE_LABELS: tuple[str, ...] = (TEN_VALUE, "A", "2", "3", "4", "5", "6", "7", "8", "9")
"""The label of each value class, by value 0-9."""


@dataclass(frozen=True, slots=True)
class CardClasses:
    """The classes a reading names the revealed cards by: values (``by_rank`` False) or ranks, with the value, label
    and count in the shoe of each."""

    by_rank: bool
    labels: tuple[str, ...]
    values: tuple[int, ...]
    counts: tuple[int, ...]


def card_classes(shoe: Shoe, by_rank: bool) -> CardClasses:
    """The shoe's cards as reading classes: the 13 ranks, or the 10 values (value 0 first)."""
    if by_rank:
        return CardClasses(True, RANKS, VALUES, shoe.counts)
    return CardClasses(False, VALUE_LABELS, tuple(range(10)), shoe.by_value())


def reads_pairs(wager: Wager) -> bool:
    """Whether a row of ``wager`` reads a pair (so that a reading must name ranks, not values)."""
    return any(row.pair is not None for row in wager.outcomes)


@dataclass(frozen=True)
class RevealCounts:
    """One raisable wager's counts on one shoe: ordered six-card dealings by the four first cards' classes and by
    the wager's row (in pay-table order).

    ``by_cards`` is read through :meth:`readings`; it is never changed after it is built.
    """

    wager: Wager
    shoe: Shoe
    classes: CardClasses
    by_cards: Any = field(repr=False)
    """An object array of Python ints, shape (classes, classes, classes, classes, rows)."""
    _readings: dict[Positions, Mapping[tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def denominator(self) -> int:
        """N(N-1)(N-2)(N-3)(N-4)(N-5): what the counts of every revealed set add up to."""
        return self.shoe.denominator

    def readings(self, subset: Positions) -> Mapping[tuple[int, ...], tuple[int, ...]]:
        """For the revealed set ``subset``: each reading (the class of each revealed card, in the set's order) that
        can be dealt, with its counts per row. Computed once per set."""
        if subset not in self._readings:
            hidden = tuple(i for i, p in enumerate(POSITIONS) if p not in subset)
            summed = self.by_cards.sum(axis=hidden) if hidden else self.by_cards
            order = [POSITIONS.index(p) for p in subset]
            kept = sorted(order)
            # summed's axes are the revealed positions in POSITIONS order; put them in the set's order
            arranged = np.transpose(summed, [kept.index(i) for i in order] + [len(order)])
            table: dict[tuple[int, ...], tuple[int, ...]] = {}
            for reading in product(range(len(self.classes.labels)), repeat=len(order)):
                counts = tuple(int(n) for n in arranged[reading])
                if any(counts):
                    table[reading] = counts
            self._readings[subset] = MappingProxyType(table)
        return self._readings[subset]


def reveal_counts(shoe: Shoe, drawing: Drawing, wagers: tuple[Wager, ...]) -> dict[str, RevealCounts]:
    """The counts of each of ``wagers`` (each settled by how the round ends), by name; cached by the arguments.

    Raises :class:`InputError` for a shoe of fewer than six cards (a round may need six).
    """
    if shoe.size < 6:
        raise InputError(f"A round may need six cards; this shoe has {shoe.size}.")
    return _counted(shoe, drawing, wagers)


@lru_cache(maxsize=8)
def _counted(shoe: Shoe, drawing: Drawing, wagers: tuple[Wager, ...]) -> dict[str, RevealCounts]:
    classes = card_classes(shoe, any(reads_pairs(w) for w in wagers))
    size = len(classes.labels)
    arrays = {w.name: np.zeros((size, size, size, size, len(w.outcomes)), dtype=object) for w in wagers}
    finals_memo: dict[tuple[tuple[int, ...], int, int], dict[tuple[int, int, int, int], int]] = {}
    rows_memo: dict[tuple[tuple[int, ...], int, int, bool, bool], dict[str, tuple[int, ...]]] = {}
    row_of: dict[tuple[str, FinalState], int] = {}
    left = list(classes.counts)
    for cards in product(range(size), repeat=4):  # P1 P2 B1 B2
        ways = 1
        for c in cards:
            ways *= left[c]
            left[c] -= 1
        if ways:
            by_value = [0] * 10
            for c, n in enumerate(left):
                by_value[classes.values[c]] += n
            p1, p2, b1, b2 = cards
            player = (classes.values[p1] + classes.values[p2]) % 10
            banker = (classes.values[b1] + classes.values[b2]) % 10
            pairs = (classes.by_rank and p1 == p2, classes.by_rank and b1 == b2)
            key = (tuple(by_value), player, banker, *pairs)
            if key not in rows_memo:
                finals_key = (tuple(by_value), player, banker)
                if finals_key not in finals_memo:
                    finals_memo[finals_key] = third_cards(tuple(by_value), player, banker, drawing)
                rows_memo[key] = {w.name: _rows(w, finals_memo[finals_key], pairs, row_of) for w in wagers}
            for name, counts in rows_memo[key].items():
                arrays[name][cards] = np.array([ways * n for n in counts], dtype=object)
        for c in cards:
            left[c] += 1
    return {w.name: RevealCounts(w, shoe, classes, arrays[w.name]) for w in wagers}


def _rows(
    wager: Wager,
    finals: Mapping[tuple[int, int, int, int], int],
    pairs: tuple[bool, bool],
    row_of: dict[tuple[str, FinalState], int],
) -> tuple[int, ...]:
    """The dealings of the two third cards by the row of ``wager`` they settle on."""
    counts = [0] * len(wager.outcomes)
    for final, n in finals.items():
        state = FinalState(*final, *pairs)
        key = (wager.name, state)
        if key not in row_of:
            row = settle(wager, state)
            assert row is not None, "rule files are checked to settle every final state"
            row_of[key] = wager.outcomes.index(row)
        counts[row_of[key]] += n
    return tuple(counts)
