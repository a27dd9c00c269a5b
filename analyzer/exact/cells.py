"""The counts behind a game with choices: every pair of two-card compositions, Player state and Banker action.

A game with choices (:mod:`analyzer.game.choices`) is solved from one table per shoe, counted here once and
read by every information model, every set of free cells and every commission
(:mod:`analyzer.exact.cellgame` groups it into the sides' decisions).

Counting convention
    Ordered six-card dealings P1 B1 P2 B2 P3 B3, a third card not drawn still counting its ways (the
    convention of :mod:`analyzer.exact.enumerator`), so that the dealings of any one way of playing add up to
    N(N-1)(N-2)(N-3)(N-4)(N-5) for a shoe of N cards. With replacement (:func:`counts_with_replacement`) the
    six cards are drawn independently, each rank with probability 1/13: a dealing of values is counted by the
    product of its values' weights (4 for the ten-valued, 1 for each other value) over 13**6.

What is counted
    A *composition* is the unordered pair of a hand's two values (:data:`COMPOSITIONS`: the 44 that are not a
    natural, by total, then by the smaller value). ``counts[i, j, s, a, r]`` counts the dealings in which the
    Player holds composition ``i`` and the Banker ``j``, the Player is in state ``s`` (0: he stands; 1 + v: he
    draws and his third card is worth v), the Banker takes action ``a`` (0: stands, 1: draws), and the coup
    ends in result ``r`` (:data:`RESULTS`: 0 the Player wins, 1 a tie, 2 the Banker wins). Each entry is
    counted as if the sides did so, whatever the rules say: the table is the same for every rule set, and a
    strategy picks its entries. A dealing in which either side holds a natural is over at once; those are
    counted apart (``naturals``, by result).

How
    The weight of an ordered dealing depends only on the values it deals, so each composition pair is
    weighed once: W = (orderings of each hand) x the product over values of falling factorials of the shoe's
    counts, and the third cards come from what is left (``m_v`` cards of value v of ``L = N - 4``): Player
    draws v and the Banker w in ``m_v (m_w - [v = w])`` ways, a card not drawn in ``L - 1`` (or ``L``) ways.
    Everything is numpy arithmetic over the 44 x 44 pairs. Every entry and every sum of entries counts a set
    of dealings, so it is at most N(N-1)...(N-5): int64 is exact when that is below 2**63 (to 27 decks,
    checked for each shoe); beyond, the same arithmetic runs on Python integers (dtype object).
    :mod:`analyzer.exact.cellsref` counts the same table with plain loops; the tests hold them equal, and
    both to a brute force over the cards of small shoes.

>>> table = cell_counts(Shoe.decks(6))
>>> table.dealings == Shoe.decks(6).denominator, table.exact_path
(True, 'int64')
>>> sum(table.naturals) + int(table.counts[:, :, 0, 0, :].sum()) == table.dealings
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.cards import VALUES
from ..game.shoe import CARDS_PER_ROUND, Shoe, falling
from ..game.state import NATURALS

RESULTS: tuple[str, ...] = ("Player wins", "tie", "Banker wins")
"""The results of a coup, in the order of the last axis of :attr:`CellCounts.counts`."""
PLAYER_WINS, TIE, BANKER_WINS = 0, 1, 2
STAND, DRAW = 0, 1
"""The Banker's actions, in the order of the fourth axis."""
STATES = 11
"""Player states: 0, he stands; 1 + v, he draws a card worth v (the columns of the Banker's chart)."""
VALUE_COUNT = 10
INT64_LIMIT = 2**63
RANKS_PER_VALUE: tuple[int, ...] = tuple(VALUES.count(v) for v in range(VALUE_COUNT))
"""How many ranks have each value: 4 for 0 (T J Q K), 1 for each of 1-9 (the weights of a draw with replacement)."""
WITH_REPLACEMENT_BASE = 13


def _compositions(natural: bool) -> tuple[tuple[int, int], ...]:
    pairs = [(a, b) for a in range(VALUE_COUNT) for b in range(a, VALUE_COUNT)]
    chosen = [p for p in pairs if ((p[0] + p[1]) % 10 in NATURALS) == natural]
    return tuple(sorted(chosen, key=lambda p: ((p[0] + p[1]) % 10, p[0])))


COMPOSITIONS: tuple[tuple[int, int], ...] = _compositions(natural=False)
"""The 44 two-card compositions that are not a natural, as (smaller value, larger value), by total then by the smaller
value: (0, 0), (1, 9), (2, 8), ... (3, 4)."""
NATURAL_COMPOSITIONS: tuple[tuple[int, int], ...] = _compositions(natural=True)
"""The 11 compositions of a natural: totals 8 and 9."""


def total(composition: tuple[int, int]) -> int:
    """A composition's two-card total."""
    return (composition[0] + composition[1]) % 10


@dataclass(frozen=True, slots=True)
class CellCounts:
    """The table of a shoe: ``counts[i, j, s, a, r]`` as the module says, ``naturals`` by result.

    ``dealings`` is the number of all dealings (the denominator of every probability); ``exact_path`` says how
    the table was counted ("int64", or "python" for Python integers beyond the int64 bound);
    ``with_replacement`` is True for the infinite-deck table. The array is read-only; its entries are exact.
    """

    counts: npt.NDArray[Any]
    naturals: tuple[int, int, int]
    dealings: int
    exact_path: str
    with_replacement: bool = False

    def entry(self, i: int, j: int, s: int, a: int, r: int) -> int:
        """One entry as a Python integer."""
        return int(self.counts[i, j, s, a, r])


def _result(player: int, banker: int) -> int:
    return PLAYER_WINS if player > banker else BANKER_WINS if banker > player else TIE


@lru_cache(maxsize=1)
def _layout() -> dict[str, npt.NDArray[Any]]:
    """What depends on no shoe: the value counts of each composition pair and the one-hot result masks."""
    n = len(COMPOSITIONS)
    held = np.zeros((n, n, VALUE_COUNT), dtype=np.int64)
    for i, (a, b) in enumerate(COMPOSITIONS):
        held[i, :, a] += 1
        held[i, :, b] += 1
        held[:, i, a] += 1
        held[:, i, b] += 1
    player = np.array([total(c) for c in COMPOSITIONS])
    orderings = np.array([1 if a == b else 2 for a, b in COMPOSITIONS], dtype=np.int64)
    values = np.arange(VALUE_COUNT)
    p3 = (player[:, None] + values[None, :]) % 10  # (i, v)
    b3 = (player[:, None] + values[None, :]) % 10  # (j, w): the same totals, the Banker's compositions
    stand_stand = np.zeros((n, n, 3), dtype=bool)
    stand_draw = np.zeros((n, n, VALUE_COUNT, 3), dtype=bool)
    draw_stand = np.zeros((n, n, VALUE_COUNT, 3), dtype=bool)
    draw_draw = np.zeros((n, n, VALUE_COUNT, VALUE_COUNT, 3), dtype=bool)
    for i in range(n):
        for j in range(n):
            stand_stand[i, j, _result(player[i], player[j])] = True
            for v in range(VALUE_COUNT):
                stand_draw[i, j, v, _result(player[i], b3[j, v])] = True
                draw_stand[i, j, v, _result(p3[i, v], player[j])] = True
                for w in range(VALUE_COUNT):
                    draw_draw[i, j, v, w, _result(p3[i, v], b3[j, w])] = True
    natural_held = []
    natural_result = []
    natural_orderings = []
    every = COMPOSITIONS + NATURAL_COMPOSITIONS
    for pc in every:
        for bc in every:
            if pc in COMPOSITIONS and bc in COMPOSITIONS:
                continue
            counted = np.zeros(VALUE_COUNT, dtype=np.int64)
            for v in (*pc, *bc):
                counted[v] += 1
            natural_held.append(counted)
            natural_result.append(_result(total(pc), total(bc)))
            natural_orderings.append((1 if pc[0] == pc[1] else 2) * (1 if bc[0] == bc[1] else 2))
    return {
        "held": held,
        "orderings": orderings[:, None] * orderings[None, :],
        "stand_stand": stand_stand,
        "stand_draw": stand_draw,
        "draw_stand": draw_stand,
        "draw_draw": draw_draw,
        "natural_held": np.array(natural_held, dtype=np.int64),
        "natural_result": np.array(natural_result, dtype=np.int64),
        "natural_orderings": np.array(natural_orderings, dtype=np.int64),
    }


def by_value(shoe: Shoe) -> tuple[int, ...]:
    """The shoe's cards by value 0-9 (T J Q K pooled into 0)."""
    counts = [0] * VALUE_COUNT
    for rank, n in enumerate(shoe.counts):
        counts[VALUES[rank]] += n
    return tuple(counts)


def cell_counts(shoe: Shoe) -> CellCounts:
    """The table of ``shoe`` (cached by its counts by value: the table reads nothing else)."""
    return _cell_counts(by_value(shoe))


def table_for_values(values: tuple[int, ...]) -> CellCounts:
    """The table of a shoe given by its cards by value 0-9 (any size: beyond the largest :class:`Shoe` too)."""
    return _cell_counts(values)


def counts_with_replacement() -> CellCounts:
    """The table when every card is drawn with replacement, each rank with probability 1/13 (the infinite deck)."""
    return _counts(RANKS_PER_VALUE, replacement=True)


@lru_cache(maxsize=256)
def _cell_counts(values: tuple[int, ...]) -> CellCounts:
    return _counts(values, replacement=False)


def fits_int64(size: int) -> bool:
    """Whether every count of a shoe of ``size`` cards fits int64: all dealings, N(N-1)...(N-5), below 2**63."""
    return falling(size, CARDS_PER_ROUND) < INT64_LIMIT


def _counts(values: tuple[int, ...], replacement: bool, force_python: bool = False) -> CellCounts:
    """The table from the cards by value; ``force_python`` takes the Python-integer path (the tests hold the two
    equal)."""
    layout = _layout()
    size = WITH_REPLACEMENT_BASE if replacement else sum(values)
    dealings = size**CARDS_PER_ROUND if replacement else falling(size, CARDS_PER_ROUND)
    python = force_python or not fits_int64(size)
    dtype: Any = object if python else np.int64

    def array(x: Any) -> npt.NDArray[Any]:
        return np.asarray(x, dtype=dtype)

    held = array(layout["held"])
    shoe = array(values)
    powers = [[n**k if replacement else falling(n, k) for k in range(5)] for n in values]
    weights = array(layout["orderings"])
    for v in range(VALUE_COUNT):
        weights = weights * array(powers[v])[layout["held"][:, :, v]]
    left = size if replacement else size - 4
    after = left if replacement else left - 1  # ways for the second third card when the first was drawn
    remaining = np.broadcast_to(shoe, held.shape) if replacement else shoe - held  # m_v per pair
    n = len(COMPOSITIONS)
    table = np.zeros((n, n, STATES, 2, 3), dtype=dtype)
    masks = {k: layout[k].astype(dtype) for k in ("stand_stand", "stand_draw", "draw_stand", "draw_draw")}
    table[:, :, 0, STAND, :] = (weights * (left * after))[:, :, None] * masks["stand_stand"]
    table[:, :, 0, DRAW, :] = (weights * after)[:, :, None] * (remaining[:, :, :, None] * masks["stand_draw"]).sum(
        axis=2
    )
    table[:, :, 1:, STAND, :] = (weights * after)[:, :, None, None] * remaining[:, :, :, None] * masks["draw_stand"]
    second = remaining[:, :, None, :] - (0 if replacement else array(np.eye(VALUE_COUNT, dtype=np.int64)))
    drawn = (second[:, :, :, :, None] * masks["draw_draw"]).sum(axis=3)  # (i, j, v, r)
    table[:, :, 1:, DRAW, :] = weights[:, :, None, None] * remaining[:, :, :, None] * drawn
    table.setflags(write=False)
    naturals = [0, 0, 0]
    natural_weights = array(layout["natural_orderings"])
    for v in range(VALUE_COUNT):
        natural_weights = natural_weights * array(powers[v])[layout["natural_held"][:, v]]
    for result in range(3):
        chosen = natural_weights[layout["natural_result"] == result]
        naturals[result] = int(chosen.sum()) * left * after
    return CellCounts(
        counts=table,
        naturals=(naturals[0], naturals[1], naturals[2]),
        dealings=dealings,
        exact_path="python" if python else "int64",
        with_replacement=replacement,
    )
