"""The round engine: real cards in dealing order, played as a dealer plays them.

It shares nothing with the enumerator but the rule set: the dealer's
procedure is its own code, card by card, and the drawing tables and pay
tables are read from the :class:`~analyzer.game.rules.RuleSet`. Settlement applies
the rule set's pay tables through :func:`analyzer.game.settle.settle`: a pay table
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

>>> from analyzer.game.rulefile import read_rules
>>> from fractions import Fraction
>>> from analyzer.game.cards import parse_cards
>>> seats = (Seat(1, (Bet("banker", Fraction(10)),)),)
>>> game = deal_round(read_rules("live-pittsburgh"), parse_cards("9 K 3 5 4 2"), seats)
>>> game.state.describe()
'Player 6 (3 cards) v Banker 7 (3 cards)'
>>> [(s.wager, s.outcome.name, s.payout) for s in game.settlements]
[('banker', 'Banker wins', Fraction(19, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError, shown
from ..game.cards import RANK_INDEX, SUIT_INDEX, card_text
from ..game.rules import RuleSet
from .louisiana import louisiana_case_1, louisiana_case_2
from .table import (
    Bet,
    Decision,
    Hand,
    OwnHand,
    Round,
    RoundInPlay,
    Seat,
    Settlement,
    Step,
    banker_draws_against,
    check_bets,
    check_cards,
    check_suits,
    finish,
    verdict,
)

__all__ = [
    "Bet",
    "Decision",
    "Hand",
    "OwnHand",
    "Round",
    "Seat",
    "Settlement",
    "Step",
    "check_bets",
    "check_cards",
    "deal_round",
]


def deal_round(rules: RuleSet, cards: Sequence[str], seats: Sequence[Seat] = ()) -> Round:
    """Deal ``cards`` (ranks, in the order they leave the shoe) as the rule set's dealer would.

    Checks the bets first (:func:`check_bets`). Raises :class:`InputError`
    when the cards run out before the round ends; cards beyond those used are
    reported in :attr:`Round.left_over`.
    """
    check_bets(rules, seats)
    for card in cards:
        if card[:1] not in RANK_INDEX or len(card) > 2 or (len(card) == 2 and card[1] not in SUIT_INDEX):
            raise InputError(
                f"{shown(card)} is not a card; use A 2 3 4 5 6 7 8 9 T J Q K, optionally with a suit S H D C."
            )
    check_suits(rules, seats, cards)
    table = RoundInPlay(rules, cards, seats)
    if rules.dealing.procedure == "standard":
        return _standard(table)
    if any(s.own_hand is not None for s in table.seats):
        return louisiana_case_2(table)
    return louisiana_case_1(table)


# --------------------------------------------------- standard procedure (003)


def _standard(table: RoundInPlay) -> Round:
    rules, drawing = table.rules, table.rules.drawing
    procedure = f"standard procedure, first four cards {rules.dealing.order_text}"
    player, banker, said = table.first_four()
    table.step("1", f"Deals four cards face up: {said}. Player {player.text()}; Banker {banker.text()}.")
    if player.natural or banker.natural:
        for name, hand in (("Player", player), ("Banker", banker)):
            if hand.natural:
                table.step(
                    str(len(table.steps) + 1),
                    f"{name} has a natural {hand.total}: both hands stand.",
                    f"Natural {hand.total}",
                )
    else:
        if drawing.player_draws(player.total):
            table.step("2", f"Player has {player.total}: the Player hand draws.", "Player hits.")
            card = table.shoe.deal("the Player's third card")
            player = Hand(player.cards + (card,))
            table.step("3", f"Deals the Player's third card face up: {card_text(card)}. Player {player.text()}.")
        else:
            table.step("2", f"Player has {player.total}: the Player hand stands.", "Player stands")
        label = str(len(table.steps) + 1)
        against = (
            "the Player stood" if len(player.cards) == 2 else f"the Player's third card is {card_text(player.cards[2])}"
        )
        if banker_draws_against(drawing, banker.total, player):
            table.step(label, f"Banker has {banker.total} and {against}: the Banker hand draws.", "Banker hits")
            card = table.shoe.deal("the Banker's third card")
            banker = Hand(banker.cards + (card,))
            table.step(
                str(len(table.steps) + 1),
                f"Deals the Banker's third card face up: {card_text(card)}. Banker {banker.text()}.",
            )
        else:
            table.step(label, f"Banker has {banker.total} and {against}: the Banker hand stands.", "Banker stands")
    label = str(len(table.steps) + 1)
    table.step(label, f"{verdict(player, banker)}. Settles all bets.")
    table.settle_community(player, banker, label)
    return finish(table, procedure, player, banker)
