"""The round engine: the enumerator's counts on every card sequence, the documents' procedures, the table rules.

The engine deals real cards and shares no code with the enumerator; on every
ordered six-card sequence of a tiny shoe it must end in the final states the
enumerator counts, and settle every offered wager as the hand-written
settlements of tests/brute_force.py do. Traces are hand-picked sequences from
each document, named after the clause they check.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from analyzer.errors import InputError
from analyzer.exact.distribution import outcome_counts
from analyzer.exact.enumerator import enumerate_deals
from analyzer.game.cards import parse_cards
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe
from analyzer.play.engine import Bet, Round, Seat, check_cards, deal_round
from analyzer.studies.owncards import analyze_own_cards

from .brute_force import net
from .tiny_shoes import TINY_SHOES, played, tiny_shoe

RULE_SETS = ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"]


def test_every_shipped_rule_set_is_played_by_the_engine() -> None:
    assert set(RULE_SETS) == set(shipped())


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", sorted(TINY_SHOES))
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_engine_ends_every_sequence_in_the_enumerators_final_states(rule_set: str, shoe_name: str) -> None:
    counts: Counter[object] = Counter()
    for _, ways, game in played(rule_set, shoe_name):
        counts[game.state] += ways
        assert game.cards_used == 4 + (game.state.player_cards == 3) + (game.state.banker_cards == 3)
    assert dict(counts) == dict(enumerate_deals(tiny_shoe(shoe_name), read_rules(rule_set).drawing).counts)


@pytest.mark.parametrize("shoe_name", sorted(TINY_SHOES))
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_engine_settles_every_offered_wager_as_the_enumerator_and_the_documents(rule_set: str, shoe_name: str) -> None:
    """Outcome counts equal the par sheet's; each payout equals the hand-written settlement's."""
    rules = read_rules(rule_set)
    distribution = enumerate_deals(tiny_shoe(shoe_name), rules.drawing)
    by_wager: dict[str, Counter[str]] = {w.name: Counter() for w in rules.wagers if w.offered}
    for _, ways, game in played(rule_set, shoe_name):
        assert [s.wager for s in game.settlements] == list(by_wager)
        for s in game.settlements:
            by_wager[s.wager][s.outcome.name] += ways
            expected = net(rule_set, s.wager, game.state)
            assert s.payout == (None if expected == "qualifies" else expected), (s.wager, game.state)
    for name, counts in by_wager.items():
        enumerated = {k: n for k, n in outcome_counts(rules.wager(name), distribution).items() if n}
        assert dict(counts) == enumerated, name


def _deal(rule_set: str, cards: str, *seats: Seat) -> Round:
    return deal_round(read_rules(rule_set), parse_cards(cards), seats)


def _bets(*pairs: tuple[str, int]) -> tuple[Bet, ...]:
    return tuple(Bet(w, Fraction(n)) for w, n in pairs)


def _announcements(game: Round) -> list[str]:
    return [s.announcement for s in game.steps if s.announcement]


def _payouts(game: Round) -> list[tuple[int, str, Fraction | None]]:
    return [(s.seat, s.wager, s.payout) for s in game.settlements]


# ------------------------------------------------------------ document 003


def test_003_natural_ends_the_round_and_pays_the_dragon_natural_win() -> None:
    """003: 'If the point count of either hand is 8 or 9, it is called a natural and no additional cards are drawn.'"""
    game = _deal("live-pittsburgh", "4 3 5 Q 9 9", Seat(1, _bets(("player", 10), ("dragon-bonus-player", 5))))
    assert game.player.cards == ("4", "5") and game.banker.cards == ("3", "Q")
    assert _announcements(game) == ["Natural 9"]
    assert game.cards_used == 4 and game.left_over == ("9", "9")
    assert _payouts(game) == [(1, "player", 10), (1, "dragon-bonus-player", 5)]


def test_003_player_stands_on_7_and_banker_stands_on_6_when_the_player_stood() -> None:
    """003: 'When the player stands on 6 or 7, the banker will always draw on totals of 0 ... 5, and stand on 6'."""
    game = _deal("live-pittsburgh", "7 2 K 4", Seat(1, _bets(("banker", 10))))
    assert _announcements(game) == ["Player stands", "Banker stands"]
    assert game.result == "Player wins, 7 to 6"
    assert _payouts(game) == [(1, "banker", -10)]


def test_003_order_and_the_banker_5_draws_on_a_player_third_card_4() -> None:
    """003: first card to the player, second to the banker, ...; 'Bank has 5: Draw when Player's 3rd card is
    4-5-6-7'."""
    game = _deal("live-pittsburgh", "9 K 3 5 4 2", Seat(1, _bets(("banker", 10))))
    assert game.player.cards == ("9", "3", "4") and game.banker.cards == ("K", "5", "2")
    assert _announcements(game) == ["Player hits.", "Banker hits"]
    assert _payouts(game) == [(1, "banker", Fraction(19, 2))]  # a 10-unit Banker win at 19:20 pays 9.5
    assert game.settlements[0].returned == Fraction(39, 2)


def test_003_banker_draws_the_fifth_card_when_the_player_stands() -> None:
    """003: 'the player's hand draws a third card first. Thereafter, the banker's hand is completed'."""
    game = _deal("live-pittsburgh", "7 2 K 3 4 8")
    assert game.player.cards == ("7", "K") and game.banker.cards == ("2", "3", "4")
    assert game.cards_used == 5 and game.left_over == ("8",)


def test_003_seven_seven_tie_pushes_player_and_banker_and_pays_the_tie_8_to_1() -> None:
    """003: 'If both hands end in equal totals, it is a tie and neither hand wins or loses.'; tie 'pays 8 to 1'."""
    game = _deal("live-pittsburgh", "7 7 K K", Seat(1, _bets(("player", 10), ("banker", 10), ("tie", 5))))
    assert game.result == "Tie, 7 to 7"
    assert _payouts(game) == [(1, "player", 0), (1, "banker", 0), (1, "tie", 40)]


def test_003_dragon_bonus_non_natural_win_by_9_pays_30_to_1() -> None:
    """003 PAYOUTS: 'Win by 9 points 30 to 1'."""
    game = _deal("live-pittsburgh", "K K 5 K 4 Q", Seat(1, _bets(("player", 10), ("dragon-bonus-player", 2))))
    assert game.player.text() == "K 5 4 = 9" and game.banker.text() == "K K Q = 0"
    assert _payouts(game) == [(1, "player", 10), (1, "dragon-bonus-player", 60)]


# ------------------------------------------------------------ documents 001 and 004


def test_001_deals_two_cards_to_the_player_then_two_to_the_banker() -> None:
    """001: 'The dealer will put two cards, face up, to the left hand or player hand. The dealer will then put two
    cards, face up, to the right hand or banker hand.'"""
    game = _deal("punto-banco", "9 3 K 5 4 2", Seat(1, _bets(("banker", 10))))
    assert game.player.cards == ("9", "3", "4") and game.banker.cards == ("K", "5", "2")
    assert _payouts(game) == [(1, "banker", Fraction(19, 2))]


def test_004_banker_win_with_6_pays_half_and_the_banker_pair_11_to_1() -> None:
    """004: 'winning Banker's bets with a total of 6, which are paid 0.5 to 1'; Pair 'paid at odds of 11 to 1'."""
    game = _deal("dactylus", "K 3 2 3 K", Seat(1, _bets(("banker", 10), ("banker-pair", 1), ("player-pair", 1))))
    assert game.player.text() == "K 2 K = 2" and game.banker.text() == "3 3 = 6"
    assert _payouts(game) == [(1, "banker", 5), (1, "banker-pair", 11), (1, "player-pair", -1)]


# ------------------------------------------------------------ document 000, CASE 1


def test_000_case_1_player_natural_is_announced_and_settles_all_bets() -> None:
    """000 step 3a: 'Dealer announces "Natural 8(9)", turns over Banker cards, settles all bets.'"""
    game = _deal("mini-louisiana", "3 K 5 2", Seat(1, _bets(("player", 10), ("big-win-bonus-player", 5))))
    assert game.procedure == "000 CASE 1"
    assert [(s.label, s.announcement) for s in game.steps if s.announcement] == [("3a", "Natural 8")]
    big_win = game.settlements[1]
    assert big_win.outcome.name == "natural win" and big_win.payout is None  # 000 gives no pay table


def test_000_case_1_banker_5_hits_when_the_player_stood() -> None:
    """000 step 5c: 'If Banker has 5: If Player hit, Dealer announces "Banker stands", otherwise announces "Banker
    hits".'"""
    game = _deal("mini-louisiana", "7 2 K 3 4")
    assert [(s.label, s.announcement) for s in game.steps if s.announcement] == [
        ("3b", "Player stands"),
        ("5c", "Banker hits"),
    ]
    assert game.banker.text() == "2 3 4 = 9"


def test_000_case_1_banker_5_stands_when_the_player_hit() -> None:
    """000 steps 3c and 5c: "Player hits." then "Banker stands"; step 6 deals the Player's third card face up."""
    game = _deal("mini-louisiana", "9 K 3 5 4 2")
    assert _announcements(game) == ["Player hits.", "Banker stands"]
    assert game.player.text() == "9 3 4 = 6" and game.banker.text() == "K 5 = 5"
    assert game.left_over == ("2",)


def test_000_case_1_banker_0_to_4_draws_without_an_announcement() -> None:
    """000 step 5 announces on 5-9 only; step 6: 'Whichever third cards are necessary are dealt face up.'"""
    game = _deal("mini-louisiana", "7 2 K 2 9")
    assert _announcements(game) == ["Player stands"]
    assert [s.label for s in game.steps] == ["1", "2", "3b", "4", "5", "6"]
    assert game.banker.text() == "2 2 9 = 3"


def test_000_seven_seven_tie_banker_loses_player_pushes_tie_wins() -> None:
    """000: 'If there is a Tie, Tie bet wins, and Player and Banker bets push (except that Banker loses on a 7-7
    tie)'."""
    game = _deal("mini-louisiana", "7 7 K K", Seat(1, _bets(("player", 10), ("banker", 10), ("tie", 5))))
    assert _announcements(game) == ["Player stands", "Banker stands"]
    assert _payouts(game) == [(1, "player", 0), (1, "banker", -10), (1, "tie", 40)]


# ------------------------------------------------------------ document 000, CASE 2


def test_000_case_2_banker_5_settles_three_card_hands_before_its_third_card_two_card_hands_after() -> None:
    """000 step 10c: 'turns over all Player 3rd cards settles all bets with Player 3 card hands, THEN turns over
    Banker 3rd card, THEN settles all bets with Player 2 card hands.'"""
    game = _deal(
        "mini-louisiana",
        "9 K 3 5 4 2 7 8 A 4 J",
        Seat(1, _bets(("player", 10)), own_hand="draw"),
        Seat(2, _bets(("player", 20)), own_hand="stand"),
        Seat(3, _bets(("banker", 5))),
    )
    assert game.procedure == "000 CASE 2"
    assert _announcements(game) == ["Player hand draws"]
    own = {o.seat: o for o in game.own_hands}
    assert own[1].hand.text() == "7 8 J = 5" and own[1].banker.text() == "K 5 = 5"
    assert own[2].hand.text() == "A 4 = 5" and own[2].banker.text() == "K 5 2 = 7"
    assert game.player.text() == "9 3 4 = 6" and game.banker.text() == "K 5 = 5"
    # settled in this order: the hands that drew (Community Player, seat 1), then seat 2's two-card hand
    assert [(s.seat, s.hand, s.step, s.payout) for s in game.settlements] == [
        (3, "Community Player", "10c", -5),
        (1, "seat 1's own hand", "10c", 0),
        (2, "seat 2's own hand", "10c", -20),
    ]
    assert game.cards_used == 11


def test_000_case_2_banker_natural_settles_all_bets_on_two_card_hands() -> None:
    """000 step 8: 'IF Banker hand is a Natural 8 or 9: Dealer settles all bets.' Face-down 3rd cards are not used."""
    game = _deal(
        "mini-louisiana",
        "9 K 3 8 4 2 9 K A 4 5",
        Seat(1, _bets(("player", 10)), own_hand="stand"),
        Seat(2, _bets(("player", 10)), own_hand="draw"),
    )
    assert [s.label for s in game.steps][-1] == "8"
    assert [(s.seat, s.step, s.payout) for s in game.settlements] == [(1, "8", 10), (2, "8", -10)]
    assert {o.seat: o.hand.text() for o in game.own_hands} == {1: "9 K = 9", 2: "A 4 = 5"}
    assert sorted(game.discarded) == ["2", "4", "5"]


def test_000_case_2_player_naturals_settle_in_step_9_and_the_community_third_card_is_discarded_when_it_stands() -> None:
    """000 step 9: 'Dealer settles all bets with Player Natural 8 or 9, either from Community Player hand or own
    cards'; step 6: 'If "Player hand stands", Community Player face down 3rd card is discarded'."""
    game = _deal(
        "mini-louisiana",
        "7 2 K 4 3 5 4 5 6 Q",
        Seat(1, _bets(("player", 10)), own_hand="stand"),
        Seat(2, _bets(("player", 10)), own_hand="stand"),
        Seat(3, _bets(("tie", 1))),
    )
    assert _announcements(game) == ["Player hand stands"]
    assert [(s.seat, s.step, s.payout) for s in game.settlements] == [(1, "9", 10), (3, "10a", -1), (2, "10a", 0)]
    assert "3" in game.discarded


def test_000_own_hand_natural_is_not_asked_for_a_third_card() -> None:
    """000 step 5: 'do not need to bother asking Players who had 8 or 9 if they want a 3rd card'."""
    game = _deal("mini-louisiana", "7 2 K 4 3 5 4 5", Seat(1, _bets(("player", 10)), own_hand="draw"))
    assert game.own_hands[0].hand.cards == ("4", "5") and game.cards_used == 8


# ------------------------------------------------------------ table rules


@pytest.mark.parametrize(
    ("rule_set", "seats", "message"),
    [
        (
            "live-pittsburgh",
            (Seat(1, _bets(("dragon-bonus-player", 5))),),
            "needs one of player, banker, tie beside it at the same seat (003: 'Pittsburgh live does require you",
        ),
        (
            "live-pittsburgh",
            (Seat(1, _bets(("banker", 5))), Seat(2, _bets(("dragon-bonus-banker", 5)))),
            "Seat 2's dragon-bonus-banker bet needs one of",
        ),
        ("dactylus", (Seat(1, _bets(("player-pair", 5))),), "(004: 'A player may also choose to place a Pair wager"),
        (
            "live-pittsburgh",
            (Seat(1, _bets(("player", 5), ("player-pair", 5))),),
            "does not offer the player-pair wager (003_7e3f146be45f8a77.txt); it offers player, banker, tie",
        ),
        (
            "mini-louisiana",
            (Seat(1, _bets(("player", 5), ("big-win-bonus-player", 5)), own_hand="draw"),),
            "also bets on 'big-win-bonus-player'; Play Your Own Cards is only for a bettor whose only wager is player",
        ),
        ("mini-louisiana", (Seat(1, _bets(("banker", 5)), own_hand="stand"),), "has no player bet"),
        ("live-pittsburgh", (Seat(1, _bets(("player", 5)), own_hand="draw"),), "does not offer Play Your Own Cards"),
        ("punto-banco", (Seat(1, _bets(("lucky-6", 5))),), "Unknown wager 'lucky-6'"),
    ],
)
def test_bets_breaking_the_table_rules_are_refused(rule_set: str, seats: tuple[Seat, ...], message: str) -> None:
    with pytest.raises(InputError, match=r"^.*$") as error:
        deal_round(read_rules(rule_set), parse_cards("9 K 3 5 4 2"), seats)
    assert message in str(error.value)


def test_too_few_cards_names_the_card_needed() -> None:
    with pytest.raises(
        InputError, match=r"needs a 5th card \(the Player's third card\), but only 4 card\(s\) were given"
    ):
        _deal("live-pittsburgh", "9 K 3 5")


def test_bad_stake_seat_and_cards_are_refused() -> None:
    with pytest.raises(InputError, match="a stake must be more than 0"):
        Bet("banker", Fraction(0))
    with pytest.raises(InputError, match="bets on 'banker' twice"):
        Seat(1, _bets(("banker", 1), ("banker", 2)))
    with pytest.raises(InputError, match="holds only 4"):
        check_cards(parse_cards("K K K K K"), Shoe.decks(1))


@pytest.mark.parametrize(
    ("own", "rest"),
    [(("5", "K"), ("A", "2", "3", "4", "7", "9", "Q")), (("3", "A"), ("5", "5", "6", "K", "8", "2", "T"))],
)
@pytest.mark.slow
def test_own_hands_dealt_by_the_engine_average_to_the_own_cards_analysis(
    own: tuple[str, str], rest: tuple[str, ...]
) -> None:
    """000 CASE 2 by two independent codes: the round engine deals every ordered sequence of the
    community cards (P1 B1 P2 B2, then the community third cards face down) and the own third card
    around a fixed own two-card hand; its mean settlement equals owncards' exact EV of that
    composition, for drawing and for standing."""
    rules = read_rules("mini-louisiana")
    analysis = analyze_own_cards(rules, Shoe.from_counts(Counter(rest + own)))
    label = tuple(sorted(("T/J/Q/K" if r in "TJQK" else r for r in own), key=lambda r: "A23456789T/J/Q/K".index(r)))
    (row,) = [d for d in analysis.by_composition if d.ranks == label]
    for decision, expected in (("draw", row.ev_draw), ("stand", row.ev_stand)):
        seat = Seat(1, (Bet("player", Fraction(1)),), decision)
        total, rounds = Fraction(0), 0
        for sequence in permutations(rest, 7):
            played = deal_round(rules, sequence[:6] + own + sequence[6:], (seat,))
            (settled,) = [s for s in played.settlements if s.seat == 1]
            assert settled.payout is not None
            total += settled.payout
            rounds += 1
        assert total / rounds == expected, decision
