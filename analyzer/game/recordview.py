"""A record read as a round: what the conditions read of a record, and the record of a dealt round.

A record (the contract is in :mod:`analyzer.game.needs`) holds only what a
wager reads. :class:`RecordView` reads one as the conditions of
:mod:`analyzer.game.conditions` read a round, so that one meaning serves
both; :func:`record_of` makes the record of a round actually dealt (what the
round engine and the reference enumerator tally). A feature the wager does
not need is absent, and reading it is a defect (``KeyError``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from .cards import RED_SUITS, SUIT_INDEX, card_value, suit_of
from .conditions import CardSpec, HandView
from .needs import (
    BLACK,
    MIXED_COLOUR,
    MIXED_SUIT,
    RED,
    WIDTH,
    Accs,
    HandNeeds,
    Needs,
    code_keys,
    keying_label,
    keys_code,
)
from .patterns import Keying
from .poker import BEST_FIVE, BEST_INDEX
from .round import CardGroup, DealtRound


@dataclass(frozen=True, slots=True)
class _RecordGroup:
    counts: dict[CardSpec, int]
    suit_index: int | None
    colour_name: str | None
    high: int | None
    keyed: dict[Keying, tuple[int, ...]]
    poker: str | None = None  # the best five of every card dealt (a round's group, when the wager reads it)

    def count(self, spec: CardSpec) -> int:
        return self.counts[spec]

    @property
    def best_five(self) -> str:
        if self.poker is None:
            raise KeyError("best five")
        return self.poker

    def keys(self, keying: Keying) -> tuple[int, ...]:
        return self.keyed[keying]

    @property
    def suit(self) -> int | None:
        if self.suit_index is None:
            raise KeyError("suit")
        return None if self.suit_index == MIXED_SUIT else self.suit_index

    @property
    def colour(self) -> str | None:
        if self.colour_name is None:
            raise KeyError("colour")
        return None if self.colour_name == "mixed" else self.colour_name

    @property
    def highest(self) -> int:
        if self.high is None:
            raise KeyError("highest")
        return self.high


_COLOUR_NAMES = ("red", "black", "mixed")


def _group(values: dict[str, int], prefix: str, accs: Accs) -> _RecordGroup:
    return _RecordGroup(
        counts={spec: values[f"{prefix}.count {spec.text}"] for spec, _ in accs.counts},
        suit_index=values[f"{prefix}.suit"] if accs.suit else None,
        colour_name=_COLOUR_NAMES[values[f"{prefix}.colour"]] if accs.colour else None,
        high=values[f"{prefix}.high"] if accs.high else None,
        keyed={
            k: code_keys(values[f"{prefix}.keys {keying_label(k)}"], k, WIDTH[prefix.rsplit(".", 1)[1]])
            for k in accs.keyings
        },
    )


def _combined(a: _RecordGroup, b: _RecordGroup) -> _RecordGroup:
    return _RecordGroup(
        counts={spec: a.counts[spec] + b.counts[spec] for spec in a.counts if spec in b.counts},
        suit_index=None
        if a.suit_index is None or b.suit_index is None
        else (a.suit_index if a.suit_index == b.suit_index else MIXED_SUIT),
        colour_name=None
        if a.colour_name is None or b.colour_name is None
        else (a.colour_name if a.colour_name == b.colour_name else "mixed"),
        high=None if a.high is None or b.high is None else max(a.high, b.high),
        keyed={k: a.keyed[k] + b.keyed[k] for k in a.keyed if k in b.keyed},
    )


@dataclass(frozen=True, slots=True)
class _RecordHand:
    values: dict[str, int]
    side: str
    needs: HandNeeds

    def _get(self, name: str) -> int:
        return self.values[f"{self.side}.{name}"]

    @property
    def total(self) -> int:
        return self._get("total")

    @property
    def cards(self) -> int:
        return 2 + self._get("cards")

    @property
    def two(self) -> int:
        if f"{self.side}.two" in self.values:
            return self._get("two")
        if self.cards == 2:
            return self.total
        raise KeyError("two")

    @property
    def pair(self) -> bool:
        return bool(self._get("pair"))

    @property
    def suited_pair(self) -> bool:
        return bool(self._get("suited_pair"))

    @property
    def third(self) -> str | None:
        raise KeyError("a record keeps which specs the third card is in, not the card")

    def third_matches(self, spec: CardSpec) -> bool:
        signature = self._get("third")
        if signature == 0:
            return spec.none
        return bool((signature - 1) >> self.needs.third.index(spec) & 1)

    @property
    def all_cards(self) -> _RecordGroup:
        return _group(self.values, f"{self.side}.all", self.needs.all)

    @property
    def first_two(self) -> _RecordGroup:
        return _group(self.values, f"{self.side}.first", self.needs.first)


class RecordView:
    """A record read as a round (:class:`analyzer.game.conditions.RoundView`)."""

    __slots__ = ("banker", "needs", "player", "record")

    def __init__(self, needs: Needs, record: tuple[int, ...]) -> None:
        self.needs, self.record = needs, record
        values = {name: value for (name, _), value in zip(needs.fields(), record)}
        self.player = _RecordHand(values, "player", needs.player)
        self.banker = _RecordHand(values, "banker", needs.banker)

    def position_matches(self, position: int, spec: CardSpec) -> bool:
        drew = [hand for hand in (self.player, self.banker) if hand.cards == 3]
        index = position - 5
        return drew[index].third_matches(spec) if index < len(drew) else spec.none

    @property
    def all_cards(self) -> _RecordGroup:
        group = _combined(self.player.all_cards, self.banker.all_cards)
        return replace(group, poker=BEST_FIVE[self.record[-1]]) if self.needs.best_five else group

    @property
    def first_four(self) -> _RecordGroup:
        return _combined(self.player.first_two, self.banker.first_two)


# ------------------------------------------------- records of dealt rounds


def _acc_values(cards: tuple[str, ...], accs: Accs, width: int) -> Iterator[int]:
    for spec, cap in accs.counts:
        yield min(cap, sum(spec.has(c) for c in cards))
    if accs.suit:
        suits = {suit_of(c) for c in cards}
        yield SUIT_INDEX[suits.pop()] if len(suits) == 1 and None not in suits else MIXED_SUIT  # type: ignore[index]
    if accs.colour:
        colours = {suit_of(c) in RED_SUITS for c in cards}
        yield MIXED_COLOUR if len(colours) > 1 else RED if colours == {True} else BLACK
    if accs.high:
        yield max(card_value(c) for c in cards)
    group = CardGroup(cards)
    for keying in accs.keyings:
        yield keys_code(group.keys(keying), keying, width)


def _hand_values(hand: HandView, dealt: tuple[str, ...], needs: HandNeeds, drawing: bool) -> Iterator[int]:
    if drawing:
        yield hand.total
        yield hand.cards - 2
    if needs.two:
        yield hand.two
    if needs.pair:
        yield int(hand.pair)
    if needs.suited_pair:
        yield int(hand.suited_pair)
    if needs.third:
        third = dealt[2] if len(dealt) == 3 else None
        yield 0 if third is None else 1 + sum(1 << i for i, spec in enumerate(needs.third) if spec.has(third))
    yield from _acc_values(dealt, needs.all, WIDTH["all"])
    yield from _acc_values(dealt[:2], needs.first, WIDTH["first"])


def record_of(needs: Needs, played: DealtRound) -> tuple[int, ...]:
    """The record of a dealt round (a reading independent of the exact paths', for the tests and the engine)."""
    return (
        tuple(_hand_values(played.player, played.player.dealt, needs.player, needs.drawing))
        + tuple(_hand_values(played.banker, played.banker.dealt, needs.banker, needs.drawing))
        + ((BEST_INDEX[played.all_cards.best_five],) if needs.best_five else ())
    )
