"""The shoe: an immutable count of cards per rank, and per card type when the suits are known.

A shoe is all the enumerators need to know about the cards: how many of each
rank remain, and, for wagers that read suits, how many of each of the 52
card types. It never goes negative and it is hashable, so it can be part of
a memo key.

Suits are known for full decks and for shoes built or depleted card by
suited card (``KH``); taking out a card named by its rank only (``K``)
leaves the suits unknown (which king was it?), and a wager that reads suits
then refuses the shoe, asking for the suit.

>>> shoe = Shoe.decks(8).remove(parse_cards("5,5,K,A"))
>>> shoe.size, shoe.count("5"), shoe.count("K"), shoe.suited
(412, 30, 31, False)
>>> Shoe.decks(1).by_value()
(16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
>>> suited = Shoe.decks(8).remove(parse_cards("KH 9d"))
>>> suited.suited, suited.type_count("KH"), suited.count("K"), suited.removed_from_decks()
(True, 7, 31, ('9D', 'KH'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InputError, shown
from .cards import RANK_INDEX, RANKS, SUITS, TYPE_RANK, TYPES, VALUES, parse_cards, rank_of, suit_of, type_index

CARDS_PER_ROUND = 6
"""The most cards one round can use: two per hand and one third card each."""

MAX_DECKS = 1_000
"""The most decks a shoe is built from: far beyond any real shoe (8 is usual), and every command stays
quick and small at it. ``baccarat formula`` gives each figure as a function of the number of decks,
and its limit, for any larger shoe."""

__all__ = ["CARDS_PER_ROUND", "MAX_DECKS", "Shoe", "falling", "parse_cards"]


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1): ordered draws of k from n.

    >>> falling(416, 6)
    4998398275503360
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


@dataclass(frozen=True, slots=True)
class Shoe:
    """How many cards of each rank remain, in :data:`analyzer.game.cards.RANKS` order.

    ``types`` is the count of each of the 52 card types
    (:data:`analyzer.game.cards.TYPES` order) when the suits are known, else
    ``None``; it must add up to ``counts`` rank by rank.

    ``decks_built`` is the number of full 52-card decks the shoe was built from, kept
    only so that reports can say so; it is ``None`` for any other composition.
    It takes no part in equality: two shoes with the same counts are the same
    shoe.
    """

    counts: tuple[int, ...]
    decks_built: int | None = None
    types: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.counts) != len(RANKS):
            raise InputError(f"A shoe needs a count for each of the {len(RANKS)} ranks, got {len(self.counts)}.")
        for rank, n in zip(RANKS, self.counts):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(f"The count of {rank} must be a whole number of at least 0, got {shown(n)}.")
        if self.types is not None:
            if len(self.types) != len(TYPES) or any(not isinstance(n, int) or n < 0 for n in self.types):
                raise InputError(f"A suited shoe needs a count of at least 0 for each of the {len(TYPES)} card types.")
            by_rank = [0] * len(RANKS)
            for t, n in enumerate(self.types):
                by_rank[TYPE_RANK[t]] += n
            if tuple(by_rank) != self.counts:
                raise InputError("The counts of the card types do not add up to the counts of the ranks.")
        if self.size < CARDS_PER_ROUND:
            raise InputError(
                f"A shoe of {self.size} cards is too small: a round can use "
                f"{CARDS_PER_ROUND} cards, so the shoe needs at least {CARDS_PER_ROUND}."
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shoe) and self.counts == other.counts and self.types == other.types

    def __hash__(self) -> int:
        return hash((self.counts, self.types))

    @classmethod
    def decks(cls, n: int) -> Shoe:
        """A shoe of ``n`` full 52-card decks (one card of each type per deck)."""
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_DECKS:
            raise InputError(
                f"The number of decks must be a whole number from 1 to {MAX_DECKS:,} (for more, `baccarat formula` "
                f"gives every figure as a function of the number of decks), got {shown(n)}."
            )
        return cls(counts=(len(SUITS) * n,) * len(RANKS), decks_built=n, types=(n,) * len(TYPES))

    @classmethod
    def from_counts(cls, counts: dict[str, int]) -> Shoe:
        """A shoe from a count per rank; ranks not named have none. Its suits are unknown."""
        unknown = sorted(set(counts) - set(RANKS))
        if unknown:
            raise InputError(f"Unknown rank(s) {', '.join(unknown)}; use {' '.join(RANKS)}.")
        return cls(counts=tuple(counts.get(r, 0) for r in RANKS))

    @classmethod
    def from_cards(cls, cards: Iterable[str]) -> Shoe:
        """A shoe holding exactly ``cards``; its suits are known when every card names one."""
        cards = list(cards)
        ranks = Counter(rank_of(c) for c in cards)
        counts = tuple(ranks.get(r, 0) for r in RANKS)
        if all(suit_of(c) is not None for c in cards):
            typed = Counter(type_index(c) for c in cards)
            return cls(counts=counts, types=tuple(typed.get(t, 0) for t in range(len(TYPES))))
        return cls(counts=counts)

    @property
    def size(self) -> int:
        """The number of cards in the shoe."""
        return sum(self.counts)

    @property
    def suited(self) -> bool:
        """Whether the count of every card type is known (full decks, or cards removed with their suits)."""
        return self.types is not None

    @property
    def denominator(self) -> int:
        """Ordered six-card dealings P1 B1 P2 B2 P3 B3 from this shoe."""
        return falling(self.size, CARDS_PER_ROUND)

    def count(self, rank: str) -> int:
        """How many cards of ``rank`` remain."""
        return self.counts[RANK_INDEX[rank]]

    def type_count(self, card: str) -> int:
        """How many cards of one suited type (``"KH"``) remain; the suits must be known."""
        if self.types is None:
            raise InputError(f"The suits of this shoe are unknown, so it cannot say how many {card} it holds.")
        return self.types[type_index(card)]

    def remove(self, cards: Iterable[str]) -> Shoe:
        """The shoe with the given cards taken out: ranks (``K``) or suited cards (``KH``).

        Raises :class:`InputError` when a rank or a card type would go below
        zero, or when what is left could not finish a round. Removing a
        card by its rank only makes the suits unknown. ``decks_built`` is
        kept: the shoe is still "8 decks less these cards".
        """
        cards = list(cards)
        wanted = Counter(rank_of(c) for c in cards)
        counts = list(self.counts)
        for rank, n in wanted.items():
            i = RANK_INDEX[rank]
            if n > counts[i]:
                raise InputError(f"Cannot remove {n} card(s) of rank {rank}: the shoe holds only {counts[i]}.")
            counts[i] -= n
        types: list[int] | None = None
        if self.types is not None and all(suit_of(c) is not None for c in cards):
            types = list(self.types)
            for card, n in Counter(cards).items():
                t = type_index(card)
                if n > types[t]:
                    raise InputError(f"Cannot remove {n} card(s) {card}: the shoe holds only {types[t]}.")
                types[t] -= n
        elif any(suit_of(c) is not None for c in cards) and self.types is None:
            raise InputError(
                "The suits of this shoe are unknown (a card was removed by its rank only), "
                f"so a suited card such as {next(c for c in cards if suit_of(c))} cannot be taken out of it."
            )
        return Shoe(counts=tuple(counts), decks_built=self.decks_built, types=None if types is None else tuple(types))

    def removed_from_decks(self) -> tuple[str, ...]:
        """The cards missing from the full decks the shoe was built from, if any (suited when the suits are known)."""
        if self.decks_built is None:
            return ()
        if self.types is not None:
            return tuple(card for card, n in zip(TYPES, self.types) for _ in range(self.decks_built - n))
        full = len(SUITS) * self.decks_built
        return tuple(r for r, n in zip(RANKS, self.counts) for _ in range(full - n))

    def by_value(self) -> tuple[int, ...]:
        """Cards remaining of each baccarat value 0-9 (T J Q K pool into 0)."""
        values = [0] * 10
        for v, n in zip(VALUES, self.counts):
            values[v] += n
        return tuple(values)
