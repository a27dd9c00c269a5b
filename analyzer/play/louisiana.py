"""Document 000's dealer instructions: CASE 1, and CASE 2 with own hands (Play Your Own Cards).

CASE 1, when nobody plays an own hand: steps 1-6, the cards face down, the
announcements of steps 3 and 5 (on a Banker 0-4, step 5 announces nothing),
the third cards dealt face up in step 6.

CASE 2, when a bettor whose only wager is Player asks for own cards: the
Community Player and Banker third cards are dealt face down before any own
cards (the Community Player's is discarded if that hand stands), two own
cards face up per own hand in seat order, own third cards face down to those
who asked (a natural is not asked), then the settlement order of steps 8-10.
Step labels are 000's step numbers. :func:`analyzer.play.engine.deal_round`
chooses the case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..game.cards import card_text
from ..game.rules import Drawing
from .table import COMMUNITY, Decision, Hand, OwnHand, Round, RoundInPlay, banker_draws_against, finish, verdict


def _louisiana_banker(drawing: Drawing, banker: int, player_drew: bool) -> bool:
    """The Banker's decision before the Player's third card is seen (000 step 5).

    Valid because a rule set dealt by the louisiana procedure has Banker rows
    that do not depend on the third card's value (checked by RuleSet).
    """
    return drawing.banker_draws(banker, player_third=0 if player_drew else None)


# ------------------------------------------------------ 000, CASE 1


def louisiana_case_1(table: RoundInPlay) -> Round:
    drawing = table.rules.drawing
    player, banker, said = table.first_four()
    table.step("1", f"Deals 2 Player cards and 2 Banker cards face down: {said}.")
    table.step("2", f"Turns over the Player cards: Player {player.text()}.")
    if player.natural:
        table.step("3a", "Player has a natural.", f"Natural {player.total}")
        table.step(
            "3a", f"Turns over the Banker cards: Banker {banker.text()}. {verdict(player, banker)}. Settles all bets."
        )
        table.settle_community(player, banker, "3a")
        return finish(table, "000 CASE 1", player, banker)
    player_hits = drawing.player_draws(player.total)
    if player_hits:
        table.step("3c", f"Player has {player.total}.", "Player hits.")
    else:
        table.step("3b", f"Player has {player.total}.", "Player stands")
    table.step("4", f"Turns over the Banker cards: Banker {banker.text()}.")
    if banker.natural:
        table.step(
            "5a", f"Banker has a natural. {verdict(player, banker)}. Settles all bets.", f"Natural {banker.total}"
        )
        table.settle_community(player, banker, "5a")
        return finish(table, "000 CASE 1", player, banker)
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
        dealt.append(f"Player's third card {card_text(card)} (Player {player.text()})")
    if banker_hits:
        card = table.shoe.deal("the Banker's third card")
        banker = Hand(banker.cards + (card,))
        dealt.append(f"Banker's third card {card_text(card)} (Banker {banker.text()})")
    cards_text = f"Deals face up: {'; '.join(dealt)}" if dealt else "No third card is needed"
    table.step("6", f"{cards_text}. {verdict(player, banker)}. Settles all bets.")
    table.settle_community(player, banker, "6")
    return finish(table, "000 CASE 1", player, banker)


def _banker_row_kind(
    drawing: Drawing, banker: int
) -> Literal["stands", "draws", "draws only against hands that stood"]:
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


def louisiana_case_2(table: RoundInPlay) -> Round:
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
    table.step(
        "4",
        f"Deals the Community Player and Banker 3rd cards face down and sideways ({community_third}, "
        f"{banker_third}), then 2 cards face up to each own hand: "
        + "; ".join(f"seat {h.seat}: {h.two.text()}" for h in own)
        + ".",
    )

    answers = []
    for hand in own:
        if hand.two.natural:
            answers.append(f"seat {hand.seat} has a natural {hand.two.total} and is not asked")
        elif hand.decision == "draw":
            hand.third = table.shoe.deal(f"seat {hand.seat}'s own third card, face down")
            answers.append(f"seat {hand.seat} says yes and gets a 3rd card face down ({hand.third})")
        else:
            answers.append(f"seat {hand.seat} says no")
    table.step("5", 'Asks each own hand "will you want a 3rd card?": ' + "; ".join(answers) + ".")

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
    table.step(
        "6", f"Turns over the Community Player hand's first 2 cards: {community.two.text()}.{note}", announcement
    )
    table.step("7", f"Turns over the Banker hand's first 2 cards: Banker {banker.text()}.")

    hands = [community, *own]
    settled: list[tuple[_PlayerHand, Hand, str]] = []
    if banker.natural:
        table.step(
            "8",
            f"Banker hand is a natural {banker.total}: settles all bets with two-card hands "
            "(the face-down 3rd cards are not used).",
        )
        discarded.extend(h.third for h in hands if h.third)
        for hand in hands:
            hand.third = None
            settled.append((hand, banker, "8"))
        discarded.append(banker_third)
    else:
        naturals = [h for h in hands if h.two.natural]
        table.step(
            "9",
            "Settles all bets with a Player Natural 8 or 9: "
            + ("; ".join(f"{h.name} {h.two.text()} v Banker {banker.total}" for h in naturals) or "none")
            + ".",
        )
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
    return finish(
        table,
        "000 CASE 2",
        community.final,
        against_community,
        own_hands=tuple(sorted(own_hands, key=lambda o: o.seat)),
        discarded=tuple(discarded),
    )


def _step_10(
    table: RoundInPlay,
    drawing: Drawing,
    banker: Hand,
    banker_third: str,
    remaining: list[_PlayerHand],
    discarded: list[str],
) -> list[tuple[_PlayerHand, Hand, str]]:
    """000 step 10: turn the Player 3rd cards, then settle against the Banker as it stands or draws."""
    kind = _banker_row_kind(drawing, banker.total)
    label = {"stands": "10a", "draws": "10b"}.get(kind, "10c")
    thirds = [h for h in remaining if h.third]
    turned = "; ".join(f"{h.name} {h.final.text()}" for h in thirds) or "none"
    stands_against = [h for h in remaining if not banker_draws_against(drawing, banker.total, h.final)]
    draws_against = [h for h in remaining if h not in stands_against]
    out = [(h, banker, label) for h in stands_against]
    with_third = Hand(banker.cards + (banker_third,))
    if kind == "stands":
        text = f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}); settles all remaining bets."
    elif kind == "draws":
        text = (
            f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}) and the Banker 3rd card "
            f"(Banker {with_third.text()}); settles all remaining bets."
        )
    else:
        three = ", ".join(h.name for h in stands_against) or "none"
        two = ", ".join(h.name for h in draws_against) or "none"
        text = (
            f"Banker has {banker.total}: turns over all Player 3rd cards ({turned}); settles the hands that drew "
            f"({three}) against Banker {banker.total}; then turns over the Banker 3rd card (Banker "
            f"{with_third.text()}); then settles the hands that stood ({two})."
        )
    table.step(label, text)
    out.extend((h, with_third, label) for h in draws_against)
    if kind == "stands":
        discarded.append(banker_third)
    return out
