"""Every ordered dealing of six card values, played once through a rule set's drawing table and counted by multiset
and view: what the counting kernel's coefficient tables (:func:`analyzer.exact.multiset.coefficients`) are made of.

A dealing is a sequence of six values (the first four cards in the rule set's dealing order, then the two third-card
positions, counted whether or not they are used): 10^6 sequences. Each has a key, its (multiset of values 3-9,
multiset of values 0-2), numbered B-size by B-size (:func:`_key_layout`), and from each side a view (own total, other
total, own cards, a pair of values 1-9 in its own two cards; :func:`analyzer.game.settle.pays_by_view`). A wager's
coefficient of a key is the sum, over the views, of its pay of the view times the sequences of that key seen so
(:meth:`ViewCounts.form`): the counts are made once per side for every wager of the side (:func:`count_sequences`),
not once per wager over the 10^6 sequences.

The pair forms count only the sequences whose side's own two cards are tens, by the key of the multiset less those
two tens and by the view less its pair flag: where a same-rank pair of tens changes the side's pay.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.rules import RuleSet
from ..game.state import NATURALS

SIZE = 6
"""Cards of a dealing: P1 B1 P2 B2 and the two third-card positions."""
A_VALUES = (0, 1, 2)
"""Values whose falling factorials are kept as int64 per shoe (tens first: the pair shift acts on them)."""
B_VALUES = (3, 4, 5, 6, 7, 8, 9)
"""Values whose falling factorials enter the matrix products (int64, bounds checked)."""
Multiset = tuple[int, ...]


@lru_cache(maxsize=4)
def layers(count: int) -> tuple[tuple[Multiset, ...], ...]:
    """Multisets over ``count`` values by size 0-6, each as its multiplicities, in the order
    :func:`~analyzer.exact.multiset.falling_layers` builds them.

    >>> [len(layer) for layer in layers(3)]
    [1, 3, 6, 10, 15, 21, 28]
    """
    empty: Multiset = ()
    built: list[list[Multiset]] = [[empty]] + [[] for _ in range(SIZE)]
    for _ in range(count):
        built = [[old + (j,) for j in range(t + 1) for old in built[t - j]] for t in range(SIZE + 1)]
    return tuple(tuple(layer) for layer in built)


VIEWS = 400
"""A side's views of a round (:func:`analyzer.game.settle.pays_by_view`): own total, other total, own cards, pair."""


@dataclass(frozen=True)
class ViewCounts:
    """How many value sequences of each key (a (B multiset, A multiset) pair) a side sees in each view: sparse, one
    entry per (key, view) that some sequence reaches, in key order; what every wager of the side shares."""

    keys: int  # the keys' count: a form has one entry per key
    key: npt.NDArray[np.int64]
    view: npt.NDArray[np.int64]
    count: npt.NDArray[np.int64]
    reached: npt.NDArray[np.int64]  # the views some sequence reaches

    def form(self, pays: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Per key, ``pays`` (one per view) summed over the key's sequences: exact int64 (at most 10^6 pays)."""
        out = np.zeros(self.keys, dtype=np.int64)
        np.add.at(out, self.key, self.count * pays[self.view])
        return out

    def largest(self, pays: npt.NDArray[np.int64]) -> int:
        """The largest ``|pay|`` of a view some sequence reaches (0 when none does)."""
        return int(np.abs(pays[self.reached]).max(initial=0))


def _view_counts(
    keys: npt.NDArray[np.int64], views: npt.NDArray[np.int64], key_count: int, view_count: int
) -> ViewCounts:
    """The sequences with these ``keys`` and ``views`` counted per (key, view) (:class:`ViewCounts`)."""
    found = np.bincount(keys * view_count + views, minlength=key_count * view_count)
    entries = np.flatnonzero(found)
    key, view = np.divmod(entries, view_count)
    return ViewCounts(key_count, key, view, found[entries], np.flatnonzero(found.reshape(key_count, -1).any(axis=0)))


def _endings(rules: RuleSet) -> npt.NDArray[np.int16]:
    """[P, B, fifth, sixth] -> (final Player total * 10 + final Banker total) * 4 + 2 (Player cards - 2) + (Banker cards
    - 2).

    The fifth card goes to the Player if the Player draws, else to the Banker
    if the Banker draws; the sixth to the Banker when both draw.
    """
    drawing = rules.drawing
    table = np.empty((10, 10, 10, 10), dtype=np.int16)
    for p, b, fifth, sixth in np.ndindex(10, 10, 10, 10):
        player, banker, player_cards, banker_cards = p, b, 2, 2
        if p not in NATURALS and b not in NATURALS:
            third = None
            if drawing.player_draws(p):
                third, player_cards, player = fifth, 3, (p + fifth) % 10
            if drawing.banker_draws(b, player_third=third):
                banker_cards, banker = 3, (b + (sixth if third is not None else fifth)) % 10
        table[p, b, fifth, sixth] = (player * 10 + banker) * 4 + (player_cards - 2) * 2 + banker_cards - 2
    return table


@lru_cache(maxsize=2)
def _key_layout(size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Where each B-size's keys start among the keys of every multiset of ``size`` values, and how many A multisets
    each B multiset is paired with (B multiset major): one more start at the end, and widths of 0 past ``size``."""
    a_layers, b_layers = layers(len(A_VALUES)), layers(len(B_VALUES))
    widths = [len(a_layers[size - s]) for s in range(size + 1)] + [0] * (SIZE - size)
    blocks = [len(b_layers[s]) * widths[s] for s in range(size + 1)] + [0] * (SIZE - size)
    return np.cumsum([0, *blocks]), np.array(widths, dtype=np.int64)


@dataclass(frozen=True)
class Sequences:
    """The sequences counted for each side asked: ``plain`` every sequence by (key, view), ``pair`` those whose own two
    cards are tens by (key less the two tens, view less its pair flag); ``orderings`` the sequences of each key (the
    form of a wager paying 1 on every sequence, whose numerator is ``(N)_6`` itself)."""

    plain: dict[str, ViewCounts]
    pair: dict[str, ViewCounts]
    orderings: npt.NDArray[np.int64]

    @staticmethod
    def plain_form(table: npt.NDArray[Any]) -> list[npt.NDArray[Any]]:
        """A table over every key as one (B multisets, A multisets of size 6 - s) matrix per B-size s."""
        return _split(table, SIZE)

    @staticmethod
    def pair_form(table: npt.NDArray[Any]) -> list[npt.NDArray[Any]]:
        """A pair form's table as one (B multisets, A multisets of size 4 - s) matrix per B-size s."""
        return _split(table, SIZE - 2)


def _split(table: npt.NDArray[Any], size: int) -> list[npt.NDArray[Any]]:
    starts, widths = _key_layout(size)
    return [table[starts[s] : starts[s + 1]].reshape(-1, int(widths[s])) for s in range(size + 1)]


def count_sequences(rules: RuleSet, sides: tuple[str, ...]) -> Sequences:
    """Every sequence of six values dealt by ``rules``' drawing table, counted for each of ``sides`` ("player" or
    "banker") by key and view (:class:`Sequences`)."""
    grid = np.indices((10,) * SIZE, dtype=np.int8).reshape(SIZE, -1)  # every value sequence, dealing order
    first_four = rules.dealing.first_four
    p1, p2 = (i for i, side in enumerate(first_four) if side == "player")
    b1, b2 = (i for i, side in enumerate(first_four) if side == "banker")
    partial = _endings(rules)[(grid[p1] + grid[p2]) % 10, (grid[b1] + grid[b2]) % 10, grid[4], grid[5]]
    totals, cards = np.divmod(partial, 4)
    player_total, banker_total = np.divmod(totals, 10)
    player_cards, banker_cards = 2 + cards // 2, 2 + cards % 2
    player_values_pair = (grid[p1] == grid[p2]) & (grid[p1] != 0)
    banker_values_pair = (grid[b1] == grid[b2]) & (grid[b1] != 0)
    player_tens = (grid[p1] == 0) & (grid[p2] == 0)
    banker_tens = (grid[b1] == 0) & (grid[b2] == 0)

    counts = np.stack([(grid == v).sum(axis=0, dtype=np.int8) for v in range(10)])  # multiplicity of each value
    a_layers, b_layers = layers(len(A_VALUES)), layers(len(B_VALUES))
    a_index = _indexer(a_layers, counts[list(A_VALUES)])
    b_index = _indexer(b_layers, counts[list(B_VALUES)])
    b_size = counts[list(B_VALUES)].sum(axis=0, dtype=np.int64)
    shifted = counts[list(A_VALUES)].copy()
    shifted[0] -= 2  # the multiset less the two tens of a pair (only read where they are there)
    pair_a_index = _indexer(a_layers, np.maximum(shifted, 0))

    # Every sequence's key: its (B multiset, A multiset) pair, numbered B-size by B-size (size s: B multiset major,
    # A multiset of size 6 - s minor); the pair forms' keys the same over A multisets of size 4 - s
    plain_starts, plain_widths = _key_layout(SIZE)
    plain_key = plain_starts[b_size] + b_index * plain_widths[b_size] + a_index
    pair_starts, pair_widths = _key_layout(SIZE - 2)

    # Each side's (key, view) counts, once for every wager of that side
    plain_counts: dict[str, ViewCounts] = {}
    pair_counts: dict[str, ViewCounts] = {}
    for side in sides:
        if side == "player":
            own, other, own_cards, values_pair, tens = (
                player_total,
                banker_total,
                player_cards,
                player_values_pair,
                player_tens,
            )
        else:
            own, other, own_cards, values_pair, tens = (
                banker_total,
                player_total,
                banker_cards,
                banker_values_pair,
                banker_tens,
            )
        view = ((own.astype(np.int64) * 10 + other) * 2 + own_cards - 2) * 2  # the view's index, its pair flag 0
        plain_counts[side] = _view_counts(plain_key, view + values_pair, int(plain_starts[-1]), VIEWS)
        paired = np.flatnonzero(tens)  # the sequences whose own two cards are tens: a pair's change is paid there only
        sizes = b_size[paired]  # at most 4: two of the six cards are tens
        pair_key = pair_starts[sizes] + b_index[paired] * pair_widths[sizes] + pair_a_index[paired]
        pair_counts[side] = _view_counts(pair_key, view[paired] // 2, int(pair_starts[-1]), VIEWS // 2)

    return Sequences(plain_counts, pair_counts, np.bincount(plain_key, minlength=int(plain_starts[-1])))


def _indexer(built: tuple[tuple[Multiset, ...], ...], counts: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """Each column of ``counts`` (multiplicities) as its index within its size's layer."""
    return np.asarray(_index_table(built)[_code(np.minimum(counts, SIZE))], dtype=np.int64)


@lru_cache(maxsize=4)
def _index_table(built: tuple[tuple[Multiset, ...], ...]) -> npt.NDArray[np.int64]:
    """Each multiset's index within its size's layer, by its code (:func:`_code`); -1 for no multiset of ``built``."""
    table = np.full((SIZE + 1) ** len(built[1]), -1, dtype=np.int64)
    for layer in built:
        for i, multiset in enumerate(layer):
            table[_code(np.array(multiset))] = i
    return table


def _code(counts: npt.NDArray[Any]) -> Any:
    code = np.zeros(np.shape(counts)[1:], dtype=np.int64)  # (SIZE + 1) ** 7 passes small counts' own dtype
    for row in counts:
        code = code * (SIZE + 1) + row
    return code
