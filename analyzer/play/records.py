"""Records of dealt rounds, vectorized: what the simulator tallies for a wager that reads more than a final state.

A record (:mod:`analyzer.game.needs`) holds the features a wager reads: two-card
totals, pair flags, the third cards' specs, counts of named cards, common
suits and colours, the highest value, the keys of group patterns. :func:`record_codes` computes them
for many dealt rounds at once from the cards themselves (card type or rank
indices in dealing order), encoded as integers in the record's mixed radix
(the field order and sizes of :meth:`~analyzer.game.needs.Needs.fields`), so
that a batch is tallied with ``np.unique``. It shares nothing with the exact
paths but the needs: the tests hold it to :func:`analyzer.game.recordview.record_of`
reading the same cards, and the simulator's tallies to the exact counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.cards import RANKS, RED_SUITS, SUITS, TYPE_RANK, TYPE_SUIT, TYPES, VALUES
from ..game.conditions import CardSpec
from ..game.needs import MIXED_COLOUR, MIXED_SUIT, Accs, Needs
from ..game.shoe import Shoe

Array = npt.NDArray[Any]


@dataclass(frozen=True)
class CardIndices:
    """The cards dealt, as indices: the 52 card types when a wager reads suits, else the 13 ranks."""

    typed: bool
    counts: tuple[int, ...]

    @classmethod
    def of(cls, shoe: Shoe, needs: tuple[Needs, ...], typed: bool = False) -> CardIndices:
        """The universe the wagers of ``needs`` are dealt in: card types when one reads suits or ``typed`` (lightning
        cards are card types), else ranks."""
        if typed or any(n.reads_suits for n in needs):
            if shoe.types is None:
                from ..errors import InputError

                raise InputError(
                    f"A wager reads {'card types' if typed else 'suits'}, and the suits of this shoe are "
                    "unknown; remove cards with their suits (KH)."
                )
            return cls(True, shoe.types)
        return cls(False, shoe.counts)

    @property
    def rank(self) -> Array:
        return np.array(TYPE_RANK if self.typed else range(len(RANKS)), dtype=np.int8)

    @property
    def value(self) -> Array:
        return np.array(VALUES, dtype=np.int8)[self.rank]

    @property
    def suit(self) -> Array:
        return np.array(TYPE_SUIT if self.typed else [-1] * len(RANKS), dtype=np.int8)

    @property
    def colour(self) -> Array:
        return np.array(
            [SUITS[s] not in RED_SUITS for s in TYPE_SUIT] if self.typed else [0] * len(RANKS), dtype=np.int8
        )

    def member(self, spec: CardSpec) -> Array:
        return np.array(
            [t in spec.types for t in range(len(TYPES))]
            if self.typed
            else [r * len(SUITS) in spec.types for r in range(len(RANKS))],
            dtype=np.int8,
        )


def _accs(universe: CardIndices, accs: Accs, hand: list[Array], present: list[Array]) -> list[Array]:
    """Accumulator columns over the hand's cards (``present[i]`` says whether its card ``i`` was dealt)."""
    columns: list[Array] = []
    for spec, cap in accs.counts:
        member = universe.member(spec)
        count = sum(
            (member[c].astype(np.int64) * p for c, p in zip(hand, present)), np.zeros(hand[0].shape, dtype=np.int64)
        )
        columns.append(np.minimum(count, cap))
    if accs.suit:
        suit = universe.suit[hand[0]].astype(np.int64)
        for c, p in zip(hand[1:], present[1:]):
            suit = np.where(p & (universe.suit[c] != suit), MIXED_SUIT, suit)
        columns.append(suit)
    if accs.colour:
        colour = universe.colour[hand[0]].astype(np.int64)
        for c, p in zip(hand[1:], present[1:]):
            colour = np.where(p & (universe.colour[c] != colour), MIXED_COLOUR, colour)
        columns.append(colour)
    if accs.high:
        high = universe.value[hand[0]].astype(np.int64)
        for c, p in zip(hand[1:], present[1:]):
            high = np.where(p, np.maximum(high, universe.value[c]), high)
        columns.append(high)
    for keying in accs.keyings:  # the keys of the cards present, largest first, as needs.keys_code writes them
        if universe.typed:
            key = np.array([keying.key(t) for t in range(len(TYPES))], dtype=np.int64)
        else:
            key = np.arange(len(RANKS), dtype=np.int64)  # a universe of ranks has only rank keyings
        digits = np.stack([np.where(p, key[c] + 1, 0) for c, p in zip(hand, present)], axis=0)
        digits = -np.sort(-digits, axis=0)
        code = np.zeros(hand[0].shape, dtype=np.int64)
        for row in digits:
            code = code * (keying.size + 1) + row
        columns.append(code)
    return columns


def record_codes(
    needs: Needs,
    universe: CardIndices,
    cards: Array,
    player_columns: tuple[int, int],
    banker_columns: tuple[int, int],
    partial: Array,
) -> Array:
    """The record code of each round: ``cards`` (6, R) universe indices in dealing order; ``partial`` the
    dealer's state codes without pair flags (totals and card counts), as :func:`analyzer.play.dealer.deal_codes` finds
    them."""
    totals, drew = np.divmod(partial.astype(np.int64), 4)
    player_total, banker_total = np.divmod(totals, 10)
    player_drew, banker_drew = (drew >> 1) == 1, (drew & 1) == 1
    banker_third = np.where(player_drew, cards[5], cards[4])
    hands = {
        "player": ([cards[player_columns[0]], cards[player_columns[1]], cards[4]], player_total, player_drew),
        "banker": ([cards[banker_columns[0]], cards[banker_columns[1]], banker_third], banker_total, banker_drew),
    }
    value, rank = universe.value, universe.rank
    # one int64 code while every record fits in one; Python ints beyond (a wager that reads very many features)
    code = np.zeros(cards.shape[1], dtype=np.int64 if needs.size() < 2**63 else object)
    columns: list[Array] = []
    for side in ("player", "banker"):
        hand, total, drawn = hands[side]
        wanted = needs.hand(side)
        if needs.drawing:
            columns += [total, drawn.astype(np.int64)]
        if wanted.two:
            columns.append((value[hand[0]].astype(np.int64) + value[hand[1]]) % 10)
        if wanted.pair:
            columns.append((rank[hand[0]] == rank[hand[1]]).astype(np.int64))
        if wanted.suited_pair:
            columns.append((hand[0] == hand[1]).astype(np.int64))
        if wanted.third:
            signature = np.zeros(len(universe.counts), dtype=np.int64)
            for k, spec in enumerate(wanted.third):
                signature += universe.member(spec).astype(np.int64) << k
            columns.append(np.where(drawn, 1 + signature[hand[2]], 0))
        yes = np.ones(cards.shape[1], dtype=bool)
        columns += _accs(universe, wanted.all, hand, [yes, yes, drawn])
        columns += _accs(universe, wanted.first, hand[:2], [yes, yes])
    if needs.best_five:
        columns.append(
            _best_five(
                universe, hands["player"][0] + hands["banker"][0], [yes, yes, player_drew, yes, yes, banker_drew]
            )
        )
    for (_, radix), column in zip(needs.fields(), columns):
        code = code * radix + column
    return code


def _best_five(universe: CardIndices, dealt: list[Array], present: list[Array]) -> Array:
    """The best five of every card dealt (:data:`~analyzer.game.poker.BEST_INDEX`): ``dealt`` the six possible cards
    (card types), ``present`` whether each was dealt."""
    from ..exact.pokercount import plain_ranks, suited_ranks

    rounds = np.arange(dealt[0].shape[0])
    ranks = np.zeros((len(rounds), len(RANKS)), dtype=np.int64)
    suits = np.zeros((len(rounds), len(SUITS)), dtype=np.int64)
    for card, here in zip(dealt, present):
        np.add.at(ranks, (rounds, universe.rank[card]), here.astype(np.int64))
        np.add.at(suits, (rounds, universe.suit[card]), here.astype(np.int64))
    common = suits.argmax(axis=1)
    suited = np.zeros(len(rounds), dtype=np.int64)
    for card, here in zip(dealt, present):
        suited |= np.where(
            here & (universe.suit[card] == common), np.int64(1) << universe.rank[card].astype(np.int64), 0
        )
    plain = plain_ranks(ranks)
    result: Array = np.where(suits.max(axis=1) >= 5, suited_ranks(plain, suited), plain)
    return result
