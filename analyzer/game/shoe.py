"""The shoe: an immutable count of cards per rank.

A shoe is all the enumerator needs to know about the cards: how many of each
rank remain. It never goes negative and it is hashable, so it can be part of a
memo key.

>>> shoe = Shoe.decks(8).remove(parse_cards("5,5,K,A"))
>>> shoe.size, shoe.count("5"), shoe.count("K")
(412, 30, 31)
>>> Shoe.decks(1).by_value()
(16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InputError, shown
from .cards import RANK_INDEX, RANKS, VALUES, parse_cards

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

    ``decks`` is the number of full 52-card decks the shoe was built from, kept
    only so that reports can say so; it is ``None`` for any other composition.
    It takes no part in equality: two shoes with the same counts are the same
    shoe.
    """

    counts: tuple[int, ...]
    decks_built: int | None = None

    def __post_init__(self) -> None:
        if len(self.counts) != len(RANKS):
            raise InputError(
                f"A shoe needs a count for each of the {len(RANKS)} ranks, got {len(self.counts)}."
            )
        for rank, n in zip(RANKS, self.counts):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(
                    f"The count of {rank} must be a whole number of at least 0, got {shown(n)}."
                )
        if self.size < CARDS_PER_ROUND:
            raise InputError(
                f"A shoe of {self.size} cards is too small: a round can use "
                f"{CARDS_PER_ROUND} cards, so the shoe needs at least {CARDS_PER_ROUND}."
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shoe) and self.counts == other.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    @classmethod
    def decks(cls, n: int) -> Shoe:
        """A shoe of ``n`` full 52-card decks (four of each rank per deck)."""
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_DECKS:
            raise InputError(
                f"The number of decks must be a whole number from 1 to {MAX_DECKS:,} (for more, `baccarat formula` "
                f"gives every figure as a function of the number of decks), got {shown(n)}."
            )
        return cls(counts=(4 * n,) * len(RANKS), decks_built=n)

    @classmethod
    def from_counts(cls, counts: dict[str, int]) -> Shoe:
        """A shoe from a count per rank; ranks not named have none."""
        unknown = sorted(set(counts) - set(RANKS))
        if unknown:
            raise InputError(f"Unknown rank(s) {', '.join(unknown)}; use {' '.join(RANKS)}.")
        return cls(counts=tuple(counts.get(r, 0) for r in RANKS))

    @property
    def size(self) -> int:
        """The number of cards in the shoe."""
        return sum(self.counts)

    @property
    def denominator(self) -> int:
        """Ordered six-card dealings P1 B1 P2 B2 P3 B3 from this shoe."""
        return falling(self.size, CARDS_PER_ROUND)

    def count(self, rank: str) -> int:
        """How many cards of ``rank`` remain."""
        return self.counts[RANK_INDEX[rank]]

    def remove(self, ranks: Iterable[str]) -> Shoe:
        """The shoe with the given cards taken out.

        Raises :class:`InputError` when a rank would go below zero, or when
        what is left could not finish a round. ``decks_built`` is kept: the
        shoe is still "8 decks less these cards".
        """
        wanted = Counter(ranks)
        counts = list(self.counts)
        for rank, n in wanted.items():
            i = RANK_INDEX[rank]
            if n > counts[i]:
                raise InputError(
                    f"Cannot remove {n} card(s) of rank {rank}: the shoe holds only {counts[i]}."
                )
            counts[i] -= n
        return Shoe(counts=tuple(counts), decks_built=self.decks_built)

    def removed_from_decks(self) -> tuple[str, ...]:
        """The cards missing from the full decks the shoe was built from, if any."""
        if self.decks_built is None:
            return ()
        full = 4 * self.decks_built
        return tuple(r for r, n in zip(RANKS, self.counts) for _ in range(full - n))

    def by_value(self) -> tuple[int, ...]:
        """Cards remaining of each baccarat value 0-9 (T J Q K pool into 0)."""
        values = [0] * 10
        for v, n in zip(VALUES, self.counts):
            values[v] += n
        return tuple(values)
