"""A naive reference: every ordered sequence of actual cards, played by hand-written rules.

Nothing here reads a rule file or calls the enumerator: the drawing rules and
the settlements are written out from the documents as plain ``if`` statements,
so an agreement with the analyzer checks the rule files, the settlement code
and the enumerator at once. It is slow (no memo, one permutation at a time)
and meant for small shoes.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

from analyzer.game.cards import RANK_INDEX, VALUES
from analyzer.game.state import FinalState

STANDARD = "standard"
LOUISIANA = "louisiana"
DRAWING_OF = {
    "punto-banco": STANDARD,
    "live-pittsburgh": STANDARD,
    "dactylus": STANDARD,
    "mini-louisiana": LOUISIANA,
}


def value(rank: str) -> int:
    return VALUES[RANK_INDEX[rank]]


def banker_draws(kind: str, banker: int, player_third: int | None) -> bool:
    """The Banker rule, as 001's chart and text (standard) or 000 (Louisiana) state it."""
    if kind == LOUISIANA:  # 000 step 5 and 10b/10c
        return banker <= 4 or (banker == 5 and player_third is None)
    if player_third is None:  # 001: "the banker hand would receive another card if it's has a total of 5 or less"
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return 2 <= player_third <= 7
    if banker == 5:
        return 4 <= player_third <= 7
    if banker == 6:
        return player_third in (6, 7)
    return False


def play(cards: tuple[str, ...], kind: str) -> FinalState:
    """Play six cards dealt P1 B1 P2 B2 P3 B3 (unused third cards are ignored)."""
    p1, b1, p2, b2, c5, c6 = cards
    player = (value(p1) + value(p2)) % 10
    banker = (value(b1) + value(b2)) % 10
    player_cards = banker_cards = 2
    spare = [c5, c6]
    if player < 8 and banker < 8:
        player_third = None
        if player <= 5:
            card = spare.pop(0)
            player_third = value(card)
            player = (player + player_third) % 10
            player_cards = 3
        if banker_draws(kind, banker, player_third):
            banker = (banker + value(spare.pop(0))) % 10
            banker_cards = 3
    return FinalState(player, banker, player_cards, banker_cards, p1 == p2, b1 == b2)


def _natural(total: int, cards: int) -> bool:
    return cards == 2 and total >= 8


def net(rule_set: str, wager: str, s: FinalState) -> Fraction | str:
    """What a one-unit bet nets, written from the documents; "qualifies" for an unpaid win."""
    side_is_player = wager in ("player", "tie", "player-pair") or wager.endswith("-player")
    own, other = (s.player_total, s.banker_total) if side_is_player else (s.banker_total, s.player_total)
    own_cards = s.player_cards if side_is_player else s.banker_cards
    margin = own - other
    if wager == "player":
        return Fraction(1) if margin > 0 else Fraction(0) if margin == 0 else Fraction(-1)
    if wager == "banker":
        if margin < 0:
            return Fraction(-1)
        if margin == 0:
            # 000: "Player and Banker bets push (except that Banker loses on a 7-7 tie)"
            return Fraction(-1) if rule_set == "mini-louisiana" and own == 7 else Fraction(0)
        if rule_set == "mini-louisiana":
            return Fraction(1)  # 000: "Bets on winning hands pay even money"
        if rule_set == "dactylus":
            return Fraction(1, 2) if own == 6 else Fraction(1)  # 004: "a total of 6 ... paid 0.5 to 1"
        return Fraction(19, 20)  # 001, 003: 5% commission
    if wager == "tie":
        return Fraction(8) if margin == 0 else Fraction(-1)
    if wager.endswith("pair"):
        pair = s.player_pair if wager == "player-pair" else s.banker_pair
        return Fraction(11) if pair else Fraction(-1)
    natural = _natural(own, own_cards)
    if wager.startswith("dragon-bonus"):  # 003 PAYOUTS
        if natural and margin > 0:
            return Fraction(1)
        if natural and margin == 0:
            return Fraction(0)
        return Fraction({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(margin, -1))
    if wager.startswith("big-win-bonus"):  # 000: "won by a Natural or by at least 3 points"
        return "qualifies" if margin > 0 and (natural or margin >= 3) else Fraction(-1)
    raise ValueError(wager)


def brute_force(cards: list[str], kind: str) -> Counter[FinalState]:
    """Final states of every ordered six-card sequence of the physical ``cards``."""
    counts: Counter[FinalState] = Counter()
    for sequence in permutations(cards, 6):
        counts[play(sequence, kind)] += 1
    return counts


# ------------------------------------------------ Play Your Own Cards (000 CASE 2)


def own_hand_net(
    banker: tuple[str, str, str], own: tuple[str, str, str], draws: bool, kind: str, pair_pays: Fraction | None = None
) -> Fraction | int:
    """What a one-unit Player bet played as an own hand nets, written from 000 CASE 2.

    ``banker`` is B1 B2 B3 (the third is dealt face down in step 4 whether or
    not it is used), ``own`` is O1 O2 O3, ``draws`` the bettor's choice (not
    asked on a natural). ``pair_pays``, when given, is what a win pays when
    the own two cards are a pair (a user's variant; 000 pays even money).
    """
    own_total = (value(own[0]) + value(own[1])) % 10
    banker_total = (value(banker[0]) + value(banker[1])) % 10

    def settle(own_final: int, banker_final: int) -> Fraction | int:  # "Bets on winning hands pay even money"
        if own_final > banker_final:
            return pair_pays if pair_pays is not None and own[0] == own[1] else 1
        return 0 if own_final == banker_final else -1  # "If there is a Tie, ... push"

    if banker_total >= 8:  # step 8: a Banker natural settles all bets; a two-card own hand is compared
        return settle(own_total, banker_total)
    if own_total >= 8:  # step 9: bets with a Player natural are settled
        return settle(own_total, banker_total)
    own_third = None
    if draws:  # step 5
        own_third = value(own[2])
        own_total = (own_total + own_third) % 10
    # step 10: 6-7 stand, 0-4 draw, 5 draws against two-card hands only (Louisiana);
    # a standard chart reads the own third card as it reads the Player's.
    if banker_draws(kind, banker_total, own_third):
        banker_total = (banker_total + value(banker[2])) % 10
    return settle(own_total, banker_total)


def own_cards_brute_force(
    cards: list[str], kind: str, community: bool, pair_pays: Fraction | None = None
) -> dict[tuple[str, ...], tuple[int, Fraction, Fraction]]:
    """Per own two cards (ranks, sorted), the sequences dealt and the summed net if drawing / standing.

    Every ordered sequence of the physical ``cards`` is dealt in 000's order:
    with ``community``, P1 B1 P2 B2 (step 1), P3 B3 face down (step 4), O1 O2
    face up, O3; without, O1 O2 B1 B2 B3 O3. The Community Player's cards are
    dealt and never read. (Sequences that deal the same ranks to the Banker
    and the own hand are tallied first and played once.)
    """
    dealt: Counter[tuple[tuple[str, ...], tuple[str, ...]]] = Counter()
    for sequence in permutations(cards, 9 if community else 6):
        if community:
            dealt[((sequence[1], sequence[3], sequence[5]), sequence[6:9])] += 1
        else:
            dealt[(sequence[2:5], (sequence[0], sequence[1], sequence[5]))] += 1
    totals: dict[tuple[str, ...], tuple[int, Fraction | int, Fraction | int]] = {}
    for (banker, own), n in dealt.items():
        key = tuple(sorted(own[:2], key=RANK_INDEX.__getitem__))
        draw = own_hand_net(banker, own, True, kind, pair_pays)  # type: ignore[arg-type]
        stand = own_hand_net(banker, own, False, kind, pair_pays)  # type: ignore[arg-type]
        seen, draws, stands = totals.get(key, (0, 0, 0))
        totals[key] = (seen + n, draws + n * draw, stands + n * stand)
    return {key: (n, Fraction(draws), Fraction(stands)) for key, (n, draws, stands) in totals.items()}
