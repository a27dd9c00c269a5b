"""The table a round is dealt at: bets, seats, hands, steps, settlements, and the table rules.

Shared by both dealing procedures (:mod:`analyzer.play.engine` for the
standard one, :mod:`analyzer.play.louisiana` for 000's): the records a round
produces, the checks made before a card is dealt (:func:`check_bets`,
:func:`check_cards`), and :class:`RoundInPlay`, the round being dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ..errors import InputError, shown
from ..game.cards import card_text, card_value, hand_total, rank_of, suit_of
from ..game.needs import needs_of
from ..game.round import dealt_round
from ..game.rules import Drawing, RuleSet
from ..game.settle import settle, settle_round
from ..game.shoe import Shoe
from ..game.state import NATURALS, FinalState
from ..game.wager import Outcome

Decision = Literal["draw", "stand"]
DECISIONS: tuple[str, ...] = ("draw", "stand")
COMMUNITY = "Community Player"


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one wager. The stake is exact and positive."""

    wager: str
    stake: Fraction

    def __post_init__(self) -> None:
        if self.stake <= 0:
            raise InputError(f"The stake on {shown(self.wager)} is {self.stake}; a stake must be more than 0.")


@dataclass(frozen=True, slots=True)
class Seat:
    """One bettor: their bets, and whether they play an own hand (000 CASE 2).

    ``own_hand`` is the bettor's answer to "will you want a 3rd card?", or
    ``None`` when they do not ask for own cards.
    """

    number: int
    bets: tuple[Bet, ...]
    own_hand: Decision | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise InputError(f"Seat {self.number} does not exist; seats are numbered from 1.")
        names = [b.wager for b in self.bets]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise InputError(
                f"Seat {self.number} bets on {', '.join(map(shown, twice))} twice; give one stake per wager and seat."
            )
        if self.own_hand is not None and self.own_hand not in DECISIONS:
            raise InputError(f"Own-hand decision {shown(self.own_hand)} is unknown; use DRAW or STAND.")

    @property
    def wagers(self) -> tuple[str, ...]:
        return tuple(b.wager for b in self.bets)


@dataclass(frozen=True, slots=True)
class Hand:
    """Cards of one hand in the order dealt; its total is the last digit of their sum (001)."""

    cards: tuple[str, ...]
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", hand_total(self.cards))

    @property
    def natural(self) -> bool:
        """A two-card 8 or 9."""
        return len(self.cards) == 2 and self.total in NATURALS

    @property
    def pair(self) -> bool:
        """The first two cards are of identical rank (K-K is a pair, K-Q is not)."""
        return rank_of(self.cards[0]) == rank_of(self.cards[1])

    def text(self) -> str:
        """ "9 3 4 = 6", or with suits "9♥ 3♠ 4♠ = 6"."""
        return f"{' '.join(card_text(c) for c in self.cards)} = {self.total}"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the dealer's procedure: what is done, and what is announced.

    ``label`` is 000's step number ("3c", "10c") under the louisiana procedure
    and a running number under the standard one.
    """

    label: str
    text: str
    announcement: str | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one bet ended: the hands it was settled on, the pay-table row, the money.

    ``payout`` is the net amount won (stake times pays: -stake on a loss, 0 on
    a push), or ``None`` when the rule set gives no pay for that row (000's
    Big Win Bonus).
    """

    seat: int
    bet: Bet
    hand: str
    state: FinalState
    outcome: Outcome
    step: str
    cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """The Player's (or own) hand and the Banker's, as dealt, that the bet was settled on."""

    @property
    def wager(self) -> str:
        return self.bet.wager

    @property
    def payout(self) -> Fraction | None:
        return None if self.outcome.pays is None else self.bet.stake * self.outcome.pays

    @property
    def returned(self) -> Fraction | None:
        """What goes back to the bettor: the stake plus the payout."""
        payout = self.payout
        return None if payout is None else self.bet.stake + payout


@dataclass(frozen=True, slots=True)
class OwnHand:
    """A seat's own hand (000 CASE 2) and the Banker hand as it ended against it."""

    seat: int
    hand: Hand
    decision: Decision
    banker: Hand


@dataclass(frozen=True, slots=True)
class Round:
    """A round as dealt: the steps, the final hands, and every bet settled, in settlement order.

    ``banker`` is the Banker hand as it ended against the Community Player
    hand; under 000 CASE 2 it can end otherwise against an own hand (see
    :attr:`OwnHand.banker`). ``state`` is the community final state, on which
    every bet but an own-hand bet is settled.
    """

    procedure: str
    steps: tuple[Step, ...]
    player: Hand
    banker: Hand
    state: FinalState
    settlements: tuple[Settlement, ...]
    cards_used: int
    cards_given: tuple[str, ...]
    own_hands: tuple[OwnHand, ...] = ()
    discarded: tuple[str, ...] = field(default=())
    lightning: tuple[tuple[str, Fraction], ...] | None = None
    """The lightning cards drawn after bets closed, with their multipliers, when bets on lightning wagers were settled
    with them (:func:`analyzer.play.lightning.multiplied`); ``None`` when no lightning was drawn."""

    @property
    def result(self) -> str:
        """ "Banker wins, 7 to 6", "Tie, 7 to 7": the community hands' result."""
        player, banker = self.state.player_total, self.state.banker_total
        if player == banker:
            return f"Tie, {player} to {banker}"
        return f"Player wins, {player} to {banker}" if player > banker else f"Banker wins, {banker} to {player}"

    @property
    def left_over(self) -> tuple[str, ...]:
        """Cards given beyond those the round dealt."""
        return self.cards_given[self.cards_used :]


# ------------------------------------------------------------- table rules


def check_bets(rules: RuleSet, seats: Sequence[Seat]) -> None:
    """Refuse bets the rule set's table rules do not allow, with the clause that forbids them."""
    numbers = [s.number for s in seats]
    if len(set(numbers)) != len(numbers):
        raise InputError("A seat is given twice; give each seat once with all its bets.")
    offered = [w.name for w in rules.wagers if w.offered]
    for seat in seats:
        for bet in seat.bets:
            wager = rules.wager(bet.wager)
            if not wager.offered:
                raise InputError(
                    f"Rule set {rules.name} does not offer the {wager.name} wager ({rules.document}); "
                    f"it offers {', '.join(offered)}."
                )
            if wager.requires and not set(wager.requires) & set(seat.wagers):
                raise InputError(
                    f"Seat {seat.number}'s {wager.name} bet needs one of {', '.join(wager.requires)} "
                    f"beside it at the same seat ({wager.requires_source})."
                )
        if seat.own_hand is not None:
            _check_own_hand(rules, seat)


def _check_own_hand(rules: RuleSet, seat: Seat) -> None:
    own = rules.own_cards
    if own is None:
        raise InputError(
            f"Rule set {rules.name} does not offer Play Your Own Cards (it has no [own_cards] table), "
            f"so seat {seat.number} cannot play an own hand."
        )
    if rules.dealing.procedure != "louisiana":
        raise InputError(
            f"Rule set {rules.name} offers own cards, but own hands are dealt by 000's CASE 2 only and its "
            f'[dealing] procedure is {shown(rules.dealing.procedure)}; use procedure = "louisiana".'
        )
    only = " whose only wager is" if own.alone else " with a bet on"
    if own.wager not in seat.wagers:
        raise InputError(
            f"Seat {seat.number} asks for its own cards but has no {own.wager} bet; "
            f"Play Your Own Cards is for a bettor{only} {own.wager} ({own.source})."
        )
    others = [w for w in seat.wagers if w != own.wager]
    if own.alone and others:
        raise InputError(
            f"Seat {seat.number} asks for its own cards but also bets on {', '.join(map(shown, others))}; "
            f"Play Your Own Cards is only for a bettor{only} {own.wager} ({own.source})."
        )


def check_cards(cards: Sequence[str], shoe: Shoe) -> None:
    """Refuse a card sequence that could not come out of ``shoe`` (too many of a rank, or of a suited card)."""
    for rank, n in Counter(rank_of(c) for c in cards).items():
        if n > shoe.count(rank):
            raise InputError(
                f"The cards hold {n} of rank {rank}, but the shoe ({shoe.size} cards) holds only {shoe.count(rank)}."
            )
    if shoe.types is not None:
        for card, n in Counter(c for c in cards if suit_of(c) is not None).items():
            if n > shoe.type_count(card):
                raise InputError(
                    f"The cards hold {n} {card}, but the shoe ({shoe.size} cards) holds only {shoe.type_count(card)}."
                )


def check_suits(rules: RuleSet, seats: Sequence[Seat], cards: Sequence[str]) -> None:
    """Refuse cards named without their suit when a bet is on a wager that reads suits."""
    bare = [c for c in cards if suit_of(c) is None]
    if not bare:
        return
    reading = sorted({b.wager for s in seats for b in s.bets if needs_of(rules.wager(b.wager)).reads_suits})
    if reading:
        raise InputError(
            f"{', '.join(reading)} reads suits: give every card with its suit (e.g. {bare[0]}H for {bare[0]}); "
            f"{' '.join(bare)} have none."
        )


# ----------------------------------------------------------------- dealing


_ORDINALS = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else _ORDINALS.get(n % 10, "th")
    return f"{n}{suffix}"


class _Shoe:
    """The given cards, dealt one at a time; running out is an InputError naming the card needed."""

    def __init__(self, cards: Sequence[str]) -> None:
        self.cards = tuple(cards)
        self.dealt = 0

    def deal(self, what: str) -> str:
        if self.dealt == len(self.cards):
            raise InputError(
                f"The round needs a {_ordinal(self.dealt + 1)} card ({what}), but only {len(self.cards)} "
                f"card(s) were given; give the cards in dealing order, as many as the round uses."
            )
        card = self.cards[self.dealt]
        self.dealt += 1
        return card


def _value(card: str) -> int:
    return card_value(card)


def banker_draws_against(drawing: Drawing, banker: int, player: Hand) -> bool:
    """Whether the Banker two-card total draws against ``player`` as that hand ended."""
    third = _value(player.cards[2]) if len(player.cards) == 3 else None
    return drawing.banker_draws(banker, player_third=third)


def final_state(player: Hand, banker: Hand) -> FinalState:
    """The final state of two hands, as the enumerator counts it."""
    return FinalState(player.total, banker.total, len(player.cards), len(banker.cards), player.pair, banker.pair)


def verdict(player: Hand, banker: Hand) -> str:
    """ "Player 6 v Banker 7: Banker wins", as the dealer's steps say it."""
    if player.total == banker.total:
        return f"Player {player.total} v Banker {banker.total}: a tie"
    winner = "Player" if player.total > banker.total else "Banker"
    return f"Player {player.total} v Banker {banker.total}: {winner} wins"


class RoundInPlay:
    """The round being dealt: cards, steps, and the bets settled so far."""

    def __init__(self, rules: RuleSet, cards: Sequence[str], seats: Sequence[Seat]) -> None:
        self.rules = rules
        self.shoe = _Shoe(cards)
        self.seats = sorted(seats, key=lambda s: s.number)
        self.steps: list[Step] = []
        self.settlements: list[Settlement] = []
        self.community = "Player"

    def step(self, label: str, text: str, announcement: str | None = None) -> None:
        self.steps.append(Step(label, text, announcement))

    def first_four(self) -> tuple[Hand, Hand, str]:
        """Deal the first four cards in the rule set's order; also say who got which card."""
        hands: dict[str, list[str]] = {"player": [], "banker": []}
        said = []
        for side in self.rules.dealing.first_four:
            nth = "first" if not hands[side] else "second"
            card = self.shoe.deal(f"the {side.capitalize()}'s {nth} card")
            hands[side].append(card)
            said.append(f"{side.capitalize()} {card_text(card)}")
        return Hand(tuple(hands["player"])), Hand(tuple(hands["banker"])), ", ".join(said)

    def settle_community(self, player: Hand, banker: Hand, step: str, own_seats: frozenset[int] = frozenset()) -> None:
        """Settle every bet that follows the community hands; an own-hand seat's own wager is not one."""
        own_wager = self.rules.own_cards.wager if self.rules.own_cards else None
        for seat in self.seats:
            for bet in seat.bets:
                if seat.number in own_seats and bet.wager == own_wager:
                    continue
                self._settle(seat.number, bet, self.community, player, banker, step)

    def settle_own(self, own: OwnHand, step: str) -> None:
        seat = next(s for s in self.seats if s.number == own.seat)
        own_wager = self.rules.own_cards.wager if self.rules.own_cards else None
        for bet in seat.bets:
            if bet.wager == own_wager:
                self._settle(seat.number, bet, f"seat {seat.number}'s own hand", own.hand, own.banker, step)

    def _settle(self, seat: int, bet: Bet, hand: str, player: Hand, banker: Hand, step: str) -> None:
        """Settle one bet: a wager of the shipped keys on the final state, any other by reading the cards."""
        wager = self.rules.wager(bet.wager)
        state = final_state(player, banker)
        if wager.side_view_only:
            outcome = settle(wager, state)
        else:
            outcome = settle_round(wager, dealt_round(player.cards, banker.cards))
        assert outcome is not None, "rule sets are checked on loading to settle every round a deal can reach"
        self.settlements.append(
            Settlement(
                seat=seat,
                bet=bet,
                hand=hand,
                state=state,
                outcome=outcome,
                step=step,
                cards=(player.cards, banker.cards),
            )
        )


def finish(
    table: RoundInPlay,
    procedure: str,
    player: Hand,
    banker: Hand,
    own_hands: tuple[OwnHand, ...] = (),
    discarded: tuple[str, ...] = (),
) -> Round:
    return Round(
        procedure=procedure,
        steps=tuple(table.steps),
        player=player,
        banker=banker,
        state=final_state(player, banker),
        settlements=tuple(table.settlements),
        cards_used=table.shoe.dealt,
        cards_given=table.shoe.cards,
        own_hands=own_hands,
        discarded=discarded,
    )
