"""What a wager reads of a round, and the record of a round that holds exactly that.

The shipped wagers read a :class:`~analyzer.game.state.FinalState` (totals,
cards, pair flags). Published side bets read more: a hand's two-card total,
a suited pair, its third card, the cards it holds, their suits and colours,
the highest card. :func:`needs_of` collects, from a wager's pay table, what
it reads (:class:`Needs`), and a *record* is the tuple of just those
features of a round. Counting records instead of whole rounds is what lets
the exact paths count over the coarsest classes of cards a wager
distinguishes; the simulator tallies the same records.

Record contract
    The fields, in order, per hand (Player then Banker): ``total`` and
    ``cards`` (when the round must be played out, ``Needs.drawing``);
    ``two`` (two-card total), ``pair``, ``suited_pair``; ``third``: 0 when
    the hand has no third card, else 1 + a bit mask of the card specs of
    ``HandNeeds.third`` it belongs to; then the accumulators of all its
    cards and of its first two: per card spec the number of its cards in
    the spec, capped at the most any condition asks for; the common suit
    (0-3, or 4 when mixed), the common colour (0 red, 1 black, 2 mixed), the
    highest value, and per keying of a group pattern the code of the cards'
    keys (:func:`keys_code`: key + 1, largest first, 0 for no card); last, when
    a row reads the best five of every card dealt, ``poker``: its index in
    :data:`~analyzer.game.poker.BEST_FIVE`. Round-level groups (every card dealt, the first four) are
    combined from the hands' accumulators, and the fifth and sixth cards
    from the hands' third cards. :class:`~analyzer.game.recordview.RecordView` reads a record as the
    conditions of :mod:`analyzer.game.conditions` read a round; a feature
    the wager does not need is absent, and reading it is a defect
    (``KeyError``).

>>> from analyzer.game.rulefile import read_rules
>>> needs_of(read_rules("punto-banco").wager("banker")).final_state_level
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import SUITS
from .conditions import CardSpec, Condition, GroupTest, HandTest
from .patterns import Keying
from .poker import BEST_FIVE
from .wager import Wager

MIXED_SUIT = len(SUITS)
RED, BLACK, MIXED_COLOUR = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Accs:
    """The accumulators kept over a group of cards: spec counts (with caps), common suit, common colour, highest
    value."""

    counts: tuple[tuple[CardSpec, int], ...] = ()
    suit: bool = False
    colour: bool = False
    high: bool = False
    keyings: tuple[Keying, ...] = ()
    """The multisets of keys kept (group patterns): each a field, the code of its keys (:func:`keys_code`)."""

    @property
    def empty(self) -> bool:
        return not self.counts and not (self.suit or self.colour or self.high) and not self.keyings

    def merge(self, other: Accs) -> Accs:
        caps: dict[CardSpec, int] = dict(self.counts)
        for spec, cap in other.counts:
            caps[spec] = max(cap, caps.get(spec, 0))
        return Accs(
            counts=tuple(sorted(caps.items(), key=lambda item: (item[0].text, sorted(item[0].types)))),
            suit=self.suit or other.suit,
            colour=self.colour or other.colour,
            high=self.high or other.high,
            keyings=tuple(sorted(set(self.keyings) | set(other.keyings), key=keying_label)),
        )


def keying_label(keying: Keying) -> str:
    """The name of a keying's field: "rank", "suit", or "suit of" the cards it counts."""
    if keying.kind == "rank" or keying.among is None:
        return keying.kind
    return f"suit of {keying.text} {'.'.join(str(t) for t in sorted(keying.among))}"


def keys_code(keys: tuple[int, ...] | list[int], keying: Keying, width: int) -> int:
    """The keys of at most ``width`` cards as one integer: key + 1 in base ``keying.size + 1``, largest first, 0 for
    none."""
    base = keying.size + 1
    digits = sorted((k + 1 for k in keys), reverse=True) + [0] * (width - len(keys))
    code = 0
    for d in digits:
        code = code * base + d
    return code


def code_keys(code: int, keying: Keying, width: int) -> tuple[int, ...]:
    """The keys :func:`keys_code` made ``code`` of."""
    base = keying.size + 1
    keys = []
    for _ in range(width):
        code, d = divmod(code, base)
        if d:
            keys.append(d - 1)
    return tuple(keys)


def _accs(test: GroupTest) -> Accs:
    pattern = test.pattern
    return Accs(
        counts=tuple(test.holds),
        suit=test.suited is not None or (pattern is not None and pattern.reads_common_suit),
        colour=test.colour is not None,
        high=test.highest is not None,
        keyings=() if pattern is None else pattern.keyings(),
    ).merge(Accs())


@dataclass(frozen=True, slots=True)
class HandNeeds:
    """What is read of one hand beyond its total and cards."""

    two: bool = False
    pair: bool = False
    suited_pair: bool = False
    third: tuple[CardSpec, ...] = ()
    all: Accs = field(default_factory=Accs)
    first: Accs = field(default_factory=Accs)

    def merge(self, other: HandNeeds) -> HandNeeds:
        third = tuple(sorted(set(self.third) | set(other.third), key=lambda s: (s.text, sorted(s.types), s.none)))
        return HandNeeds(
            two=self.two or other.two,
            pair=self.pair or other.pair,
            suited_pair=self.suited_pair or other.suited_pair,
            third=third,
            all=self.all.merge(other.all),
            first=self.first.merge(other.first),
        )

    @property
    def beyond_final_state(self) -> bool:
        """True when the hand is read for more than its total, cards and pair flag."""
        return self.two or self.suited_pair or bool(self.third) or not self.all.empty or not self.first.empty


@dataclass(frozen=True, slots=True)
class Needs:
    """What a wager reads of a round: whether it is played out (``drawing``), and what of each hand."""

    drawing: bool = False
    player: HandNeeds = field(default_factory=HandNeeds)
    banker: HandNeeds = field(default_factory=HandNeeds)
    best_five: bool = False
    """The poker rank of the best five of every card dealt (the record's last field, ``poker``)."""

    def merge(self, other: Needs) -> Needs:
        return Needs(
            self.drawing or other.drawing,
            self.player.merge(other.player),
            self.banker.merge(other.banker),
            self.best_five or other.best_five,
        )

    def hand(self, side: str) -> HandNeeds:
        return self.player if side == "player" else self.banker

    @property
    def final_state_level(self) -> bool:
        """True when a :class:`~analyzer.game.state.FinalState` holds everything read (the fast path's distribution)."""
        return not self.player.beyond_final_state and not self.banker.beyond_final_state and not self.best_five

    @property
    def reads_suits(self) -> bool:
        """True when some feature read depends on the suits of the cards."""
        for hand in (self.player, self.banker):
            for accs in (hand.all, hand.first):
                if accs.suit or accs.colour or any(spec.reads_suit for spec, _ in accs.counts):
                    return True
                if any(k.reads_suit for k in accs.keyings):
                    return True
            if hand.suited_pair or any(spec.reads_suit for spec in hand.third):
                return True
        return self.best_five

    def fields(self) -> tuple[tuple[str, int], ...]:
        """The record's fields, in order: (name, number of values)."""
        return _fields_of(self)

    def size(self) -> int:
        """How many distinct records there can be: the product of the fields' sizes."""
        size = 1
        for _, n in self.fields():
            size *= n
        return size

    def encode(self, record: tuple[int, ...]) -> int:
        """A record as one integer, in the mixed radix of the fields (what the simulator tallies)."""
        code = 0
        for (_, radix), value in zip(self.fields(), record):
            code = code * radix + value
        return code

    def decode(self, code: int) -> tuple[int, ...]:
        """The record :meth:`encode` made ``code`` of."""
        values = []
        for _, radix in reversed(self.fields()):
            code, value = divmod(code, radix)
            values.append(value)
        return tuple(reversed(values))


@lru_cache(maxsize=1024)
def _fields_of(needs: Needs) -> tuple[tuple[str, int], ...]:
    return tuple(_fields(needs))


WIDTH = {"all": 3, "first": 2}
"""The most cards in a hand's group: all its cards, its first two."""


def _acc_fields(prefix: str, accs: Accs) -> Iterator[tuple[str, int]]:
    width = WIDTH[prefix.rsplit(".", 1)[1]]
    for spec, cap in accs.counts:
        yield f"{prefix}.count {spec.text}", cap + 1
    if accs.suit:
        yield f"{prefix}.suit", len(SUITS) + 1
    if accs.colour:
        yield f"{prefix}.colour", 3
    if accs.high:
        yield f"{prefix}.high", 10
    for keying in accs.keyings:
        yield f"{prefix}.keys {keying_label(keying)}", (keying.size + 1) ** width


def _fields(needs: Needs) -> Iterator[tuple[str, int]]:
    for side in ("player", "banker"):
        hand = needs.hand(side)
        if needs.drawing:
            yield f"{side}.total", 10
            yield f"{side}.cards", 2
        if hand.two:
            yield f"{side}.two", 10
        if hand.pair:
            yield f"{side}.pair", 2
        if hand.suited_pair:
            yield f"{side}.suited_pair", 2
        if hand.third:
            yield f"{side}.third", (1 << len(hand.third)) + 1
        yield from _acc_fields(f"{side}.all", hand.all)
        yield from _acc_fields(f"{side}.first", hand.first)
    if needs.best_five:
        yield "poker", len(BEST_FIVE)


# ---------------------------------------------------------------- collecting


def _hand_needs(test: HandTest) -> tuple[bool, HandNeeds]:
    """(whether the round must be played out, what of the hand) a hand test reads."""
    drawing = (
        any(
            getattr(test, key) is not None
            for key in ("total", "natural", "cards", "result", "margin", "min_margin", "third_card")
        )
        or not test.group.empty
    )
    needs = HandNeeds(
        two=test.two_card_total is not None,
        pair=test.pair is not None,
        suited_pair=test.suited_pair is not None,
        third=() if test.third_card is None else (test.third_card,),
        all=_accs(test.group) if not test.group.empty else Accs(),
        first=_accs(test.first_two) if not test.first_two.empty else Accs(),
    )
    return drawing, needs


def condition_needs(condition: Condition, side: str | None) -> Needs:
    """What one row's condition reads; ``side`` resolves ``own`` and ``other``."""
    needs = Needs()
    other_side = "banker" if side == "player" else "player"
    named: list[tuple[HandTest | None, tuple[str, ...]]] = [
        (condition.own, (side,) if side else ()),
        (condition.other, (other_side,) if side else ()),
        (condition.player, ("player",)),
        (condition.banker, ("banker",)),
        (condition.either, ("player", "banker")),
        (condition.both, ("player", "banker")),
        (condition.winning_hand, ("player", "banker")),
        (condition.losing_hand, ("player", "banker")),
    ]
    for test, hands in named:
        if test is None:
            continue
        drawing, hand_needs = _hand_needs(test)
        needs = needs.merge(Needs(drawing=drawing))
        for hand in hands:
            needs = needs.merge(Needs(player=hand_needs) if hand == "player" else Needs(banker=hand_needs))
    round_drawing = (
        condition.winner is not None
        or condition.winning_hand is not None
        or condition.losing_hand is not None
        or condition.cards_dealt is not None
        or condition.fifth_card is not None
        or condition.sixth_card is not None
        or condition.all_cards is not None
    )
    both = HandNeeds(
        third=tuple(s for s in (condition.fifth_card, condition.sixth_card) if s is not None),
        all=_accs(condition.all_cards) if condition.all_cards is not None else Accs(),
        first=_accs(condition.first_four) if condition.first_four is not None else Accs(),
    )
    best = condition.all_cards is not None and getattr(condition.all_cards.pattern, "best_five", None) is not None
    return needs.merge(Needs(drawing=round_drawing, player=both, banker=both, best_five=best))


_NEEDS: dict[int, tuple[Wager, Needs]] = {}
"""Needs by wager identity (a frozen wager's hash walks its whole pay table; its identity does not)."""


def needs_of(wager: Wager) -> Needs:
    """Everything the rows of ``wager`` read of a round (remembered per wager object)."""
    known = _NEEDS.get(id(wager))
    if known is not None and known[0] is wager:
        return known[1]
    needs = Needs()
    for row in wager.outcomes:
        needs = needs.merge(condition_needs(row.condition, wager.side))
    if len(_NEEDS) > 4096:
        _NEEDS.clear()
    _NEEDS[id(wager)] = (wager, needs)
    return needs
