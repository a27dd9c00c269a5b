"""The round engine: real cards in dealing order, played as a dealer plays them.

It shares nothing with the enumerator but the rule set: the dealer's
procedure is its own code, card by card, and the drawing tables and pay
tables are read from the :class:`~analyzer.rules.RuleSet`. Settlement applies
the rule set's pay tables through :func:`analyzer.wagers.settle`: a pay table
is data, so a second reading of it would test nothing; the settlement code is
checked against hand-written settlements in the tests.

Two procedures, named by the rule set's ``[dealing]`` table:

``standard`` (003; also 001 and 004, each with its own order of the first
four cards)
    The four cards face up in the rule set's order; a natural 8 or 9 ends the
    round; else the Player hand draws or stands, then the Banker hand is
    completed by the table. The dealer speaks 000's words ("Natural 8",
    "Player hits.", "Player stands", "Banker hits", "Banker stands"), the
    only document that words the announcements.

``louisiana`` (000, Mini Louisiana Baccarat dealer instructions)
    CASE 1, when nobody plays an own hand: steps 1-6, the cards face down,
    the announcements of steps 3 and 5 (on a Banker 0-4, step 5 announces
    nothing), the third cards dealt face up in step 6.
    CASE 2, when a bettor whose only wager is Player asks for own cards:
    the Community Player and Banker third cards are dealt face down before any
    own cards (the Community Player's is discarded if that hand stands), two
    own cards face up per own hand in seat order, own third cards face down
    to those who asked (a natural is not asked), then the settlement order of
    steps 8-10: a Banker natural settles everything; then every Player natural;
    then the Banker's total decides: against each hand the Banker draws or
    stands by the table's "stood" column for a two-card hand and its
    third-card columns for a three-card hand, so on a 5 it stands against
    hands that drew, which are settled before the Banker's third card is
    turned, and draws against hands that stood, settled after it (10c).

Every bet is settled on the Community Player hand, except the own-cards
wager of a seat that plays an own hand, which is settled on that hand against
the Banker as the Banker ends against it (000: "Side bets pay based on
Community Player hand").

Table rules are checked before a card is dealt (:func:`check_bets`): a wager
the rule set does not offer, a side bet without one of its ``requires`` beside
it at the same seat, an own hand where the rule set offers none or for a seat
whose bets break ``own_cards``: each is an :class:`InputError` naming what is
wrong and what is allowed.

>>> from analyzer.rules import load
>>> from analyzer.cards import parse_cards
>>> game = deal_round(load("live-pittsburgh"), parse_cards("9 K 3 5 4 2"), (Seat(1, (Bet("banker", Fraction(10)),)),))
>>> game.state.describe()
'Player 6 (3 cards) v Banker 7 (3 cards)'
>>> [(s.wager, s.outcome.name, s.payout) for s in game.settlements]
[('banker', 'Banker wins', Fraction(19, 2))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from .cards import RANK_INDEX, VALUES, hand_total
from .enumerator import NATURALS, FinalState
from .errors import InputError
from .rules import Drawing, Outcome, RuleSet
from .shoe import Shoe
from .wagers import settle

__all__ = ["Bet", "Decision", "Hand", "OwnHand", "Round", "Seat", "Settlement", "Step", "check_bets", "check_cards",
           "deal_round"]

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
            raise InputError(f"The stake on {self.wager} is {self.stake}; a stake must be more than 0.")


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
            raise InputError(f"Seat {self.number} bets on {', '.join(twice)} twice; give one stake per wager and seat.")
        if self.own_hand is not None and self.own_hand not in DECISIONS:
            raise InputError(f"Own-hand decision {self.own_hand!r} is unknown; use DRAW or STAND.")

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
        return self.cards[0] == self.cards[1]

    def text(self) -> str:
        """ "9 3 4 = 6"."""
        return f"{' '.join(self.cards)} = {self.total}"


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
        return self.cards_given[self.cards_used:]


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
            f"[dealing] procedure is {rules.dealing.procedure!r}; use procedure = \"louisiana\"."
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
            f"Seat {seat.number} asks for its own cards but also bets on {', '.join(others)}; "
            f"Play Your Own Cards is only for a bettor{only} {own.wager} ({own.source})."
        )


def check_cards(cards: Sequence[str], shoe: Shoe) -> None:
    """Refuse a card sequence that could not come out of ``shoe`` (too many of a rank)."""
    for rank, n in Counter(cards).items():
        if n > shoe.count(rank):
            raise InputError(
                f"The cards hold {n} of rank {rank}, but the shoe ({shoe.size} cards) holds only {shoe.count(rank)}."
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
    return VALUES[RANK_INDEX[card]]


def _banker_draws(drawing: Drawing, banker: int, player: Hand) -> bool:
    """Whether the Banker two-card total draws against ``player`` as that hand ended."""
    third = _value(player.cards[2]) if len(player.cards) == 3 else None
    return drawing.banker_draws(banker, player_third=third)


def _louisiana_banker(drawing: Drawing, banker: int, player_drew: bool) -> bool:
    """The Banker's decision before the Player's third card is seen (000 step 5).

    Valid because a rule set dealt by the louisiana procedure has Banker rows
    that do not depend on the third card's value (checked by RuleSet).
    """
    return drawing.banker_draws(banker, player_third=0 if player_drew else None)


def _state(player: Hand, banker: Hand) -> FinalState:
    return FinalState(player.total, banker.total, len(player.cards), len(banker.cards), player.pair, banker.pair)


def _verdict(player: Hand, banker: Hand) -> str:
    if player.total == banker.total:
        return f"Player {player.total} v Banker {banker.total}: a tie"
    winner = "Player" if player.total > banker.total else "Banker"
    return f"Player {player.total} v Banker {banker.total}: {winner} wins"


class _Table:
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
            said.append(f"{side.capitalize()} {card}")
        return Hand(tuple(hands["player"])), Hand(tuple(hands["banker"])), ", ".join(said)

    def settle_community(self, player: Hand, banker: Hand, step: str, own_seats: frozenset[int] = frozenset()) -> None:
        """Settle every bet that follows the community hands; an own-hand seat's own wager is not one."""
        state = _state(player, banker)
        own_wager = self.rules.own_cards.wager if self.rules.own_cards else None
        for seat in self.seats:
            for bet in seat.bets:
                if seat.number in own_seats and bet.wager == own_wager:
                    continue
                self._settle(seat.number, bet, self.community, state, step)

    def settle_own(self, own: OwnHand, step: str) -> None:
        seat = next(s for s in self.seats if s.number == own.seat)
        own_wager = self.rules.own_cards.wager if self.rules.own_cards else None
        for bet in seat.bets:
            if bet.wager == own_wager:
                self._settle(seat.number, bet, f"seat {seat.number}'s own hand", _state(own.hand, own.banker), step)

    def _settle(self, seat: int, bet: Bet, hand: str, state: FinalState, step: str) -> None:
        outcome = settle(self.rules.wager(bet.wager), state)
        assert outcome is not None, "rule sets are checked on loading to settle every final state"
        self.settlements.append(Settlement(seat=seat, bet=bet, hand=hand, state=state, outcome=outcome, step=step))


def deal_round(rules: RuleSet, cards: Sequence[str], seats: Sequence[Seat] = ()) -> Round:
    """Deal ``cards`` (ranks, in the order they leave the shoe) as the rule set's dealer would.

    Checks the bets first (:func:`check_bets`). Raises :class:`InputError`
    when the cards run out before the round ends; cards beyond those used are
    reported in :attr:`Round.left_over`.
    """
    check_bets(rules, seats)
    for card in cards:
        if card not in RANK_INDEX:
            raise InputError(f"{card!r} is not a card; use A 2 3 4 5 6 7 8 9 T J Q K.")
    table = _Table(rules, cards, seats)
    if rules.dealing.procedure == "standard":
        return _standard(table)
    if any(s.own_hand is not None for s in table.seats):
        return _louisiana_case_2(table)
    return _louisiana_case_1(table)


def _finish(table: _Table, procedure: str, player: Hand, banker: Hand, own_hands: tuple[OwnHand, ...] = (),
            discarded: tuple[str, ...] = ()) -> Round:
    return Round(
        procedure=procedure,
        steps=tuple(table.steps),
        player=player,
        banker=banker,
        state=_state(player, banker),
        settlements=tuple(table.settlements),
        cards_used=table.shoe.dealt,
        cards_given=table.shoe.cards,
        own_hands=own_hands,
        discarded=discarded,
    )


# --------------------------------------------------- standard procedure (003)


def _standard(table: _Table) -> Round:
    rules, drawing = table.rules, table.rules.drawing
    procedure = f"standard procedure, first four cards {rules.dealing.order_text}"
    player, banker, said = table.first_four()
    table.step("1", f"Deals four cards face up: {said}. Player {player.text()}; Banker {banker.text()}.")
    if player.natural or banker.natural:
        for name, hand in (("Player", player), ("Banker", banker)):
            if hand.natural:
                table.step(str(len(table.steps) + 1), f"{name} has a natural {hand.total}: both hands stand.",
                           f"Natural {hand.total}")
    else:
        if drawing.player_draws(player.total):
            table.step("2", f"Player has {player.total}: the Player hand draws.", "Player hits.")
            card = table.shoe.deal("the Player's third card")
            player = Hand(player.cards + (card,))
            table.step("3", f"Deals the Player's third card face up: {card}. Player {player.text()}.")
        else:
            table.step("2", f"Player has {player.total}: the Player hand stands.", "Player stands")
        label = str(len(table.steps) + 1)
        against = "the Player stood" if len(player.cards) == 2 else f"the Player's third card is {player.cards[2]}"
        if _banker_draws(drawing, banker.total, player):
            table.step(label, f"Banker has {banker.total} and {against}: the Banker hand draws.", "Banker hits")
            card = table.shoe.deal("the Banker's third card")
            banker = Hand(banker.cards + (card,))
            table.step(str(len(table.steps) + 1), f"Deals the Banker's third card face up: {card}. Banker {banker.text()}.")
        else:
            table.step(label, f"Banker has {banker.total} and {against}: the Banker hand stands.", "Banker stands")
    label = str(len(table.steps) + 1)
    table.step(label, f"{_verdict(player, banker)}. Settles all bets.")
    table.settle_community(player, banker, label)
    return _finish(table, procedure, player, banker)


# ------------------------------------------------------ 000, CASE 1


def _louisiana_case_1(table: _Table) -> Round:
    drawing = table.rules.drawing
    player, banker, said = table.first_four()
    table.step("1", f"Deals 2 Player cards and 2 Banker cards face down: {said}.")
    table.step("2", f"Turns over the Player cards: Player {player.text()}.")
    if player.natural:
        table.step("3a", "Player has a natural.", f"Natural {player.total}")
        table.step("3a", f"Turns over the Banker cards: Banker {banker.text()}. {_verdict(player, banker)}. Settles all bets.")
        table.settle_community(player, banker, "3a")
        return _finish(table, "000 CASE 1", player, banker)
    player_hits = drawing.player_draws(player.total)
    if player_hits:
        table.step("3c", f"Player has {player.total}.", "Player hits.")
    else:
        table.step("3b", f"Player has {player.total}.", "Player stands")
    table.step("4", f"Turns over the Banker cards: Banker {banker.text()}.")
    if banker.natural:
        table.step("5a", f"Banker has a natural. {_verdict(player, banker)}. Settles all bets.", f"Natural {banker.total}")
        table.settle_community(player, banker, "5a")
        return _finish(table, "000 CASE 1", player, banker)
    banker_hits = _louisiana_banker(drawing, banker.total, player_hits)
    kind = _banker_row_kind(drawing, banker.total)
    if kind == "stands":
        table.step("5b", f"Banker has {banker.total}.", "Banker stands")
    elif kind == "draws":
        table.step("5", f"Banker has {banker.total}: the Banker hand draws (000 announces nothing on this total).")
    else:
        why = "Player hit" if player_hits else "Player stood"
        table.step("5c", f"Banker has {banker.total} and {why}.", "Banker hits" if banker_hits else "Banker stands")
    dealt = []
    if player_hits:
        card = table.shoe.deal("the Player's third card")
        player = Hand(player.cards + (card,))
        dealt.append(f"Player's third card {card} (Player {player.text()})")
    if banker_hits:
        card = table.shoe.deal("the Banker's third card")
        banker = Hand(banker.cards + (card,))
        dealt.append(f"Banker's third card {card} (Banker {banker.text()})")
    cards_text = f"Deals face up: {'; '.join(dealt)}" if dealt else "No third card is needed"
    table.step("6", f"{cards_text}. {_verdict(player, banker)}. Settles all bets.")
    table.settle_community(player, banker, "6")
    return _finish(table, "000 CASE 1", player, banker)


def _banker_row_kind(drawing: Drawing, banker: int) -> Literal["stands", "draws", "draws only against hands that stood"]:
    """What the Banker total does against the hands of 000 steps 5 and 10: 10a, 10b or 10c."""
    against_stood = drawing.banker_draws(banker, player_third=None)
    against_drew = drawing.banker_draws(banker, player_third=0)
    if against_stood and against_drew:
        return "draws"
    if not against_stood:
        return "stands"
    return "draws only against hands that stood"


# ------------------------------------------------------ 000, CASE 2


@dataclass
class _PlayerHand:
    """A Player hand being dealt under CASE 2: the Community Player or a seat's own hand."""

    name: str
    seat: int | None
    cards: tuple[str, ...]
    third: str | None = None  # dealt face down; not yet part of the hand
    decision: Decision = "stand"

    @property
    def two(self) -> Hand:
        return Hand(self.cards)

    @property
    def final(self) -> Hand:
        return Hand(self.cards + ((self.third,) if self.third else ()))


def _louisiana_case_2(table: _Table) -> Round:
    drawing = table.rules.drawing
    own_seats = [s for s in table.seats if s.own_hand is not None]
    table.community = COMMUNITY
    player, banker, said = table.first_four()
    table.step("1", f"Deals 2 Player cards and 2 Banker cards face down: {said}.")
    names = ", ".join(f"seat {s.number}" for s in own_seats)
    table.step("2", f"Asks the bettors on Player only whether they want their own cards: {names} say yes.")

    community_third = table.shoe.deal("the Community Player third card, face down")
    banker_third = table.shoe.deal("the Banker third card, face down")
    own: list[_PlayerHand] = []
    for seat in own_seats:
        first = table.shoe.deal(f"seat {seat.number}'s first own card")
        second = table.shoe.deal(f"seat {seat.number}'s second own card")
        assert seat.own_hand is not None
        own.append(_PlayerHand(f"seat {seat.number}'s own hand", seat.number, (first, second), decision=seat.own_hand))
    table.step("4", f"Deals the Community Player and Banker 3rd cards face down and sideways ({community_third}, "
               f"{banker_third}), then 2 cards face up to each own hand: "
               + "; ".join(f"seat {h.seat}: {h.two.text()}" for h in own) + ".")

    answers = []
    for hand in own:
        if hand.two.natural:
            answers.append(f"seat {hand.seat} has a natural {hand.two.total} and is not asked")
        elif hand.decision == "draw":
            hand.third = table.shoe.deal(f"seat {hand.seat}'s own third card, face down")
            answers.append(f"seat {hand.seat} says yes and gets a 3rd card face down ({hand.third})")
        else:
            answers.append(f"seat {hand.seat} says no")
    table.step("5", "Asks each own hand \"will you want a 3rd card?\": " + "; ".join(answers) + ".")

    community = _PlayerHand(COMMUNITY, None, player.cards)
    discarded: list[str] = []
    if community.two.natural:
        announcement = f"Natural {community.two.total}"
        discarded.append(community_third)
        note = f" Its face-down 3rd card ({community_third}) is not used."
    elif drawing.player_draws(community.two.total):
        announcement, note = "Player hand draws", ""
        community.third, community.decision = community_third, "draw"
    else:
        announcement = "Player hand stands"
        discarded.append(community_third)
        note = f" Its face-down 3rd card ({community_third}) is discarded."
    table.step("6", f"Turns over the Community Player hand's first 2 cards: {community.two.text()}.{note}", announcement)
    table.step("7", f"Turns over the Banker hand's first 2 cards: Banker {banker.text()}.")

    hands = [community, *own]
    settled: list[tuple[_PlayerHand, Hand, str]] = []
    if banker.natural:
        table.step("8", f"Banker hand is a natural {banker.total}: settles all bets with two-card hands "
                   "(the face-down 3rd cards are not used).")
        discarded.extend(h.third for h in hands if h.third)
        for hand in hands:
            hand.third = None
            settled.append((hand, banker, "8"))
        discarded.append(banker_third)
    else:
        naturals = [h for h in hands if h.two.natural]
        table.step("9", "Settles all bets with a Player Natural 8 or 9: "
                   + ("; ".join(f"{h.name} {h.two.text()} v Banker {banker.total}" for h in naturals) or "none") + ".")
        settled.extend((h, banker, "9") for h in naturals)
        remaining = [h for h in hands if not h.two.natural]
        if remaining:
            settled.extend(_step_10(table, drawing, banker, banker_third, remaining, discarded))
        else:
            discarded.append(banker_third)

    own_hands = []
    for hand, banker_hand, label in settled:
        if hand.seat is None:
            table.settle_community(hand.final, banker_hand, label, frozenset(s.number for s in own_seats))
        else:
            own_hands.append(OwnHand(hand.seat, hand.final, hand.decision, banker_hand))
            table.settle_own(own_hands[-1], label)
    against_community = next(b for h, b, _ in settled if h is community)
    return _finish(table, "000 CASE 2", community.final, against_community,
                   own_hands=tuple(sorted(own_hands, key=lambda o: o.seat)), discarded=tuple(discarded))


def _step_10(table: _Table, drawing: Drawing, banker: Hand, banker_third: str, remaining: list[_PlayerHand],
             discarded: list[str]) -> list[tuple[_PlayerHand, Hand, str]]:
    """000 step 10: turn the Player 3rd cards, then settle against the Banker as it stands or draws."""
    kind = _banker_row_kind(drawing, banker.total)
    label = {"stands": "10a", "draws": "10b"}.get(kind, "10c")
    thirds = [h for h in remaining if h.third]
    turned = "; ".join(f"{h.name} {h.final.text()}" for h in thirds) or "none"
    stands_against = [h for h in remaining if not _banker_draws(drawing, banker.total, h.final)]
    draws_against = [h for h in remaining if h not in stands_against]
    out = [(h, banker, label) for h in stands_against]
    with_third = Hand(banker.cards + (banker_third,))
    if kind == "stands":
        text = f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}); settles all remaining bets."
    elif kind == "draws":
        text = (f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}) and the Banker 3rd card "
                f"(Banker {with_third.text()}); settles all remaining bets.")
    else:
        three = ", ".join(h.name for h in stands_against) or "none"
        two = ", ".join(h.name for h in draws_against) or "none"
        text = (f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}); settles the hands that drew "
                f"({three}) against Banker {banker.total}; then turns over the Banker 3rd card (Banker "
                f"{with_third.text()}); then settles the hands that stood ({two}).")
    table.step(label, text)
    out.extend((h, with_third, label) for h in draws_against)
    if kind == "stands":
        discarded.append(banker_third)
    return out
