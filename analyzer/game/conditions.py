"""What a pay-table row tests: conditions over the whole round, as frozen data.

A row holds when every condition it states holds. The conditions read the
round through a *view* (:class:`RoundView`): the cards actually dealt
(:mod:`analyzer.game.round`, for the round engine and the reference
enumerator) or a record of only the features a wager reads
(:mod:`analyzer.game.needs`, for the fast exact path and the simulator). One
function, :func:`condition_holds`, gives both their meaning.

The pieces, as a rule file writes them (:mod:`analyzer.game.conditionfile`):

* :class:`CardSpec`, a set of card types: a rank ``"K"``, a suited card
  ``"KH"``, a value ``{ value = 0 }``, a suit, a colour, or a list of them
  (any of them); for a card in a position, ``"none"`` (no card there).
* :class:`GroupTest`, about a group of cards (a hand, its first two, the
  first four, every card dealt): ``holds`` (these cards among them),
  ``suited`` (all one suit), ``colour`` (red, black, same, mixed),
  ``highest`` (the highest baccarat value among them), and the group
  patterns of :mod:`analyzer.game.patterns` (of a kind, pairs, suits,
  straights, poker ranks, sums).
* :class:`HandTest`, about one hand: final ``total``, ``two_card_total``,
  ``natural``, ``cards``, ``pair``, ``suited_pair``, ``third_card``,
  ``result``/``margin``/``min_margin`` against the other hand, the group
  keys over all its cards, and ``first_two`` (a group test of its first two).
* :class:`Condition`, about the round: hand tests on ``player``, ``banker``,
  ``either``, ``both``, ``winning_hand``, ``losing_hand`` (and ``own``,
  ``other`` for a wager that follows one side), ``winner``, ``cards_dealt``,
  ``fifth_card``, ``sixth_card``, ``all_cards``, ``first_four``.

>>> nine = HandTest(total=frozenset({9}), natural=True)
>>> Condition(player=nine).player == nine
True

Their words (what a par sheet prints beside a row) are :mod:`analyzer.game.describe`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Protocol

from ..errors import InputError, shown
from .cards import RANK_INDEX, SUITS, TYPE_RANK, TYPES, suit_of, type_index
from .patterns import Keying, Pattern, pattern_holds
from .state import NATURALS

WINNERS: tuple[str, ...] = ("player", "banker", "tie")
COLOURS: tuple[str, ...] = ("red", "black", "same", "mixed")
"""Colour tests of a group: all red, all black, all one colour, both colours."""


# ------------------------------------------------------------------ cards


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A set of card types, named as a rule file names it (``text``).

    ``none`` is true when the spec also matches *no card* (a hand without a
    third card; no fifth card dealt): only for a card in a position.
    """

    text: str
    types: frozenset[int]
    none: bool = False
    reads_suit: bool = field(init=False, repr=False, compare=False)
    """True when some rank has suits on both sides of the spec: the spec cannot be read from ranks."""

    def __post_init__(self) -> None:
        if not self.types <= set(range(len(TYPES))):
            raise InputError(f"Card condition {shown(self.text)} names a card type outside the 52.")
        split = any(0 < sum(TYPE_RANK[t] == r for t in self.types) < len(SUITS) for r in range(len(RANK_INDEX)))
        object.__setattr__(self, "reads_suit", split)

    def has(self, card: str) -> bool:
        """Whether ``card`` ("K" or "KH") is one of the spec's types.

        A card named by its rank only can be tested against a spec that does
        not read suits; otherwise :class:`InputError` asks for its suit.
        """
        if suit_of(card) is not None:
            return type_index(card) in self.types
        if self.reads_suit:
            raise InputError(
                f"The condition {shown(self.text)} reads the suit, and the card {card} has none; name its suit, e.g. "
                f"{card}H."
            )
        return RANK_INDEX[card[0]] * len(SUITS) in self.types

    def matches(self, card: str | None) -> bool:
        """Whether a card in a position (``None``: no card there) satisfies the spec."""
        return self.none if card is None else self.has(card)


# ------------------------------------------------------------------ views


class GroupView(Protocol):
    """A group of cards, as far as a :class:`GroupTest` reads it."""

    def count(self, spec: CardSpec) -> int:
        """How many cards of the group are in ``spec`` (a record may stop counting past what the wager needs)."""

    @property
    def suit(self) -> int | None:
        """The suit index every card shares, or ``None`` when they are not all one suit."""

    @property
    def colour(self) -> str | None:
        """ "red" or "black" when every card has that colour, else ``None``."""

    @property
    def highest(self) -> int:
        """The highest baccarat value among the cards."""

    def keys(self, keying: Keying) -> tuple[int, ...]:
        """The keys of the group's cards under ``keying`` (:mod:`analyzer.game.patterns`), in any order."""

    @property
    def best_five(self) -> str:
        """The poker rank of the best five of the group (every card dealt): :mod:`analyzer.game.poker`."""


class HandView(Protocol):
    """One hand as a :class:`HandTest` reads it."""

    @property
    def total(self) -> int: ...

    @property
    def two(self) -> int:
        """The two-card total."""

    @property
    def cards(self) -> int: ...

    @property
    def pair(self) -> bool:
        """The first two cards are of one rank."""

    @property
    def suited_pair(self) -> bool:
        """The first two cards are of one rank and one suit."""

    @property
    def third(self) -> str | None:
        """The third card, or ``None``; a record view answers :meth:`third_matches` instead."""

    def third_matches(self, spec: CardSpec) -> bool: ...

    @property
    def all_cards(self) -> GroupView: ...

    @property
    def first_two(self) -> GroupView: ...


class RoundView(Protocol):
    """A round as a :class:`Condition` reads it."""

    @property
    def player(self) -> HandView: ...

    @property
    def banker(self) -> HandView: ...

    def position_matches(self, position: int, spec: CardSpec) -> bool:
        """Whether the card dealt in ``position`` (5 or 6; ``None`` when none is) satisfies ``spec``."""

    @property
    def all_cards(self) -> GroupView: ...

    @property
    def first_four(self) -> GroupView: ...


# ------------------------------------------------------------------ tests


@dataclass(frozen=True, slots=True)
class GroupTest:
    """Conditions on a group of cards; ``None`` (or empty ``holds``) tests nothing.

    ``holds`` lists card specs with how many cards of each the group must
    hold at least (specs are pairwise disjoint, checked when read).
    """

    holds: tuple[tuple[CardSpec, int], ...] = ()
    suited: bool | None = None
    colour: str | None = None
    highest: frozenset[int] | None = None
    pattern: Pattern | None = None

    def __post_init__(self) -> None:
        if self.pattern is not None and self.pattern.empty:
            object.__setattr__(self, "pattern", None)
        if self.colour is not None and self.colour not in COLOURS:
            raise InputError(f"colour {shown(self.colour)} is not one of {', '.join(COLOURS)}.")
        if self.highest is not None and not self.highest <= set(range(10)):
            raise InputError("highest must be a baccarat value 0-9 (tens and faces are 0).")

    @property
    def empty(self) -> bool:
        return (
            not self.holds
            and self.suited is None
            and self.colour is None
            and self.highest is None
            and self.pattern is None
        )

    def holds_for(self, group: GroupView) -> bool:
        if any(group.count(spec) < n for spec, n in self.holds):
            return False
        if self.suited is not None and (group.suit is not None) != self.suited:
            return False
        if self.colour is not None:
            colour = group.colour
            wanted = {"same": colour is not None, "mixed": colour is None}.get(self.colour, colour == self.colour)
            if not wanted:
                return False
        if self.highest is not None and group.highest not in self.highest:
            return False
        pattern = self.pattern
        if pattern is None:
            return True
        if pattern.best_five is not None and group.best_five not in pattern.best_five:
            return False
        keys = {keying: group.keys(keying) for keying in pattern.keyings()}
        return pattern_holds(pattern, keys, group.suit if pattern.reads_common_suit else None)


NO_GROUP = GroupTest()


@dataclass(frozen=True, slots=True)
class HandTest:
    """Conditions on one hand; a field left ``None`` tests nothing.

    ``result``, ``margin`` and ``min_margin`` compare the hand with the other
    one (margin: this hand's total minus the other's). ``group`` tests all
    the hand's cards, ``first_two`` its first two.
    """

    total: frozenset[int] | None = None
    two_card_total: frozenset[int] | None = None
    natural: bool | None = None
    cards: int | None = None
    pair: bool | None = None
    suited_pair: bool | None = None
    third_card: CardSpec | None = None
    result: str | None = None
    margin: int | None = None
    min_margin: int | None = None
    group: GroupTest = NO_GROUP
    first_two: GroupTest = NO_GROUP

    def __post_init__(self) -> None:
        for name in ("total", "two_card_total"):
            value = getattr(self, name)
            if value is not None and not value <= set(range(10)):
                raise InputError(f"{name} must be between 0 and 9.")
        if self.cards is not None and self.cards not in (2, 3):
            raise InputError(f"cards = {self.cards}; a hand has 2 or 3 cards.")
        if self.result is not None and self.result not in ("win", "tie", "loss"):
            raise InputError(f"result {shown(self.result)} is not win, tie or loss.")
        for name in ("margin", "min_margin"):
            value = getattr(self, name)
            if value is not None and not -9 <= value <= 9:
                raise InputError(f"{name} {value}: a margin is between -9 and 9.")

    @property
    def empty(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self) if f.name not in ("group", "first_two")) and (
            self.group.empty and self.first_two.empty
        )


@dataclass(frozen=True, slots=True)
class Condition:
    """Conditions on the round; every field left ``None`` tests nothing.

    ``own`` and ``other`` are the hand a one-sided wager follows and the
    other hand (resolved with the wager's side when settled).
    """

    own: HandTest | None = None
    other: HandTest | None = None
    player: HandTest | None = None
    banker: HandTest | None = None
    either: HandTest | None = None
    both: HandTest | None = None
    winning_hand: HandTest | None = None
    losing_hand: HandTest | None = None
    winner: frozenset[str] | None = None
    cards_dealt: frozenset[int] | None = None
    fifth_card: CardSpec | None = None
    sixth_card: CardSpec | None = None
    all_cards: GroupTest | None = None
    first_four: GroupTest | None = None

    def __post_init__(self) -> None:
        for name in ("all_cards", "first_four"):  # a group that tests nothing is no test
            group = getattr(self, name)
            if group is not None and group.empty:
                object.__setattr__(self, name, None)
        if self.winner is not None and not self.winner <= set(WINNERS):
            raise InputError(f"winner must be one of {', '.join(WINNERS)}.")
        if self.cards_dealt is not None and not self.cards_dealt <= {4, 5, 6}:
            raise InputError("cards_dealt must be 4, 5 or 6: a round deals four to six cards.")

    @property
    def empty(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self))

    @property
    def one_sided(self) -> bool:
        """Whether the condition reads the wager's own side (``own`` or ``other``)."""
        return self.own is not None or self.other is not None


EMPTY = Condition()


# --------------------------------------------------------------- meaning


def winner_of(view: RoundView) -> str:
    """ "player", "banker" or "tie"."""
    player, banker = view.player.total, view.banker.total
    return "tie" if player == banker else "player" if player > banker else "banker"


def hand_holds(test: HandTest, hand: HandView, other: HandView) -> bool:
    """Whether ``hand`` (against ``other``) satisfies every condition of ``test``."""
    if test.cards is not None and hand.cards != test.cards:
        return False
    if test.total is not None and hand.total not in test.total:
        return False
    if test.natural is not None and test.natural != (hand.cards == 2 and hand.total in NATURALS):
        return False
    if test.two_card_total is not None and hand.two not in test.two_card_total:
        return False
    if test.pair is not None and hand.pair != test.pair:
        return False
    if test.suited_pair is not None and hand.suited_pair != test.suited_pair:
        return False
    if test.third_card is not None and not hand.third_matches(test.third_card):
        return False
    if test.result is not None or test.margin is not None or test.min_margin is not None:
        margin = hand.total - other.total
        result = "win" if margin > 0 else "tie" if margin == 0 else "loss"
        if test.result is not None and test.result != result:
            return False
        if test.margin is not None and margin != test.margin:
            return False
        if test.min_margin is not None and margin < test.min_margin:
            return False
    if not test.group.empty and not test.group.holds_for(hand.all_cards):
        return False
    return test.first_two.empty or test.first_two.holds_for(hand.first_two)


def condition_holds(condition: Condition, view: RoundView, side: str | None) -> bool:
    """Whether the round ``view`` satisfies ``condition``; ``side`` resolves ``own`` and ``other``."""
    player, banker = view.player, view.banker
    if condition.own is not None or condition.other is not None:
        own, other = (player, banker) if side == "player" else (banker, player)
        if condition.own is not None and not hand_holds(condition.own, own, other):
            return False
        if condition.other is not None and not hand_holds(condition.other, other, own):
            return False
    if condition.player is not None and not hand_holds(condition.player, player, banker):
        return False
    if condition.banker is not None and not hand_holds(condition.banker, banker, player):
        return False
    if condition.either is not None and not (
        hand_holds(condition.either, player, banker) or hand_holds(condition.either, banker, player)
    ):
        return False
    if condition.both is not None and not (
        hand_holds(condition.both, player, banker) and hand_holds(condition.both, banker, player)
    ):
        return False
    if condition.winner is not None or condition.winning_hand is not None or condition.losing_hand is not None:
        winner = winner_of(view)
        if condition.winner is not None and winner not in condition.winner:
            return False
        if condition.winning_hand is not None or condition.losing_hand is not None:
            if winner == "tie":
                return False
            won, lost = (player, banker) if winner == "player" else (banker, player)
            if condition.winning_hand is not None and not hand_holds(condition.winning_hand, won, lost):
                return False
            if condition.losing_hand is not None and not hand_holds(condition.losing_hand, lost, won):
                return False
    if condition.cards_dealt is not None and player.cards + banker.cards not in condition.cards_dealt:
        return False
    if condition.fifth_card is not None and not view.position_matches(5, condition.fifth_card):
        return False
    if condition.sixth_card is not None and not view.position_matches(6, condition.sixth_card):
        return False
    if condition.all_cards is not None and not condition.all_cards.holds_for(view.all_cards):
        return False
    return condition.first_four is None or condition.first_four.holds_for(view.first_four)
