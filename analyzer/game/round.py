"""A round as dealt, card by card: the view of :mod:`analyzer.game.conditions` over real cards.

The round engine settles a dealt round through it, and the reference
enumerator (:mod:`analyzer.exact.reference`) settles every dealing of a shoe
through it, so both read a pay table exactly as its conditions say. Cards are
strings, ``"K"`` or ``"KH"``; a condition that reads a suit refuses a card
named without one.

>>> from analyzer.game.cards import parse_cards
>>> played = dealt_round(parse_cards("9H KS 3H"), parse_cards("5S 4S 2S"))
>>> played.player.total, played.banker.all_cards.suit, played.position_matches(5, CardSpec("2", frozenset(range(4, 8))))
(2, 0, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from .cards import RANK_INDEX, RED_SUITS, SUIT_INDEX, card_value, hand_total, rank_of, suit_of, type_index
from .conditions import CardSpec
from .patterns import Keying
from .poker import best_five


def _suits(cards: tuple[str, ...], what: str) -> list[str]:
    suits = [suit_of(c) for c in cards]
    if any(s is None for s in suits):
        raise InputError(f"A condition on {what} reads suits, and the cards {' '.join(cards)} do not all name one.")
    return [s for s in suits if s is not None]


@dataclass(frozen=True, slots=True)
class CardGroup:
    """A group of dealt cards (a hand, its first two, the first four, every card)."""

    dealt: tuple[str, ...]

    def count(self, spec: CardSpec) -> int:
        return sum(spec.has(c) for c in self.dealt)

    @property
    def suit(self) -> int | None:
        suits = _suits(self.dealt, "the suits of a group")
        return SUIT_INDEX[suits[0]] if len(set(suits)) == 1 else None

    @property
    def colour(self) -> str | None:
        colours = {s in RED_SUITS for s in _suits(self.dealt, "the colours of a group")}
        return None if len(colours) != 1 else "red" if colours == {True} else "black"

    @property
    def highest(self) -> int:
        return max(card_value(c) for c in self.dealt)

    @property
    def best_five(self) -> str:
        suits = _suits(self.dealt, "the best five of the cards dealt")
        return best_five([RANK_INDEX[rank_of(c)] for c in self.dealt], [SUIT_INDEX[s] for s in suits])

    def keys(self, keying: Keying) -> tuple[int, ...]:
        if keying.kind == "rank":
            return tuple(RANK_INDEX[rank_of(c)] for c in self.dealt)
        _suits(self.dealt, "the suits of a group")
        return tuple(keying.key(type_index(c)) for c in self.dealt)


@dataclass(frozen=True, slots=True)
class DealtHand:
    """One hand's cards in the order dealt (two or three)."""

    dealt: tuple[str, ...]

    @property
    def total(self) -> int:
        return hand_total(self.dealt)

    @property
    def two(self) -> int:
        return hand_total(self.dealt[:2])

    @property
    def cards(self) -> int:
        return len(self.dealt)

    @property
    def pair(self) -> bool:
        return rank_of(self.dealt[0]) == rank_of(self.dealt[1])

    @property
    def suited_pair(self) -> bool:
        _suits(self.dealt[:2], "a suited pair")
        return self.dealt[0] == self.dealt[1]

    @property
    def third(self) -> str | None:
        return self.dealt[2] if len(self.dealt) == 3 else None

    def third_matches(self, spec: CardSpec) -> bool:
        return spec.matches(self.third)

    @property
    def all_cards(self) -> CardGroup:
        return CardGroup(self.dealt)

    @property
    def first_two(self) -> CardGroup:
        return CardGroup(self.dealt[:2])


@dataclass(frozen=True, slots=True)
class DealtRound:
    """The two hands of a round as dealt."""

    player: DealtHand
    banker: DealtHand

    def position_matches(self, position: int, spec: CardSpec) -> bool:
        """The fifth card is the first third card dealt (the Player's when it drew), the sixth the second."""
        thirds = [h.third for h in (self.player, self.banker) if h.third is not None]
        index = position - 5
        return spec.matches(thirds[index] if index < len(thirds) else None)

    @property
    def all_cards(self) -> CardGroup:
        return CardGroup(self.player.dealt + self.banker.dealt)

    @property
    def first_four(self) -> CardGroup:
        return CardGroup(self.player.dealt[:2] + self.banker.dealt[:2])


def dealt_round(player: tuple[str, ...], banker: tuple[str, ...]) -> DealtRound:
    """The view of a round from each hand's cards in the order dealt."""
    return DealtRound(DealtHand(tuple(player)), DealtHand(tuple(banker)))
