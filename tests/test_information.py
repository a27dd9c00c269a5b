"""What information is worth: a brute force over actual cards, invariants, and Jacobson's published figures.

The brute force deals every ordered six-card sequence of the physical cards of small, odd shoes (suited ones
too), in the dealing order each rule document states (written here, not read from the rule files), settles
every wager by hand (:mod:`tests.brute_force_suited` for the side bets), reads what is seen of each card
by hand, and sums by pattern: the analyzer's counts must equal it exactly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import permutations

import pytest

from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.cards import parse_removal
from analyzer.game.shoe import Shoe
from analyzer.game.sight import parse_sight
from analyzer.numbers import decimal_text
from analyzer.studies.information import information
from analyzer.studies.observed import candidate_wagers, pattern_sums

from .brute_force_suited import Hand, either_pair, perfect_pairs, play, total, value

# ---------------------------------------------------------------- the brute force

ORDER = {"live-pittsburgh": "PBPB", "dactylus": "PBPB", "punto-banco": "PPBB", "pairs": "PPBB", "ez-baccarat": "PPBB"}
"""The order of the first four cards: 003 and 004 deal alternately (P B P B), 001 both Player cards first; the
catalogue's files play by 001."""


def player(p: Hand, b: Hand) -> Fraction:
    return Fraction(1) if total(p) > total(b) else Fraction(-1) if total(p) < total(b) else Fraction(0)


def banker(p: Hand, b: Hand) -> Fraction:  # 001 and 003: 5% commission
    return Fraction(19, 20) if total(b) > total(p) else Fraction(-1) if total(b) < total(p) else Fraction(0)


def banker_six_half(p: Hand, b: Hand) -> Fraction:  # 004: a winning Banker 6 pays 1:2
    if total(b) > total(p):
        return Fraction(1, 2) if total(b) == 6 else Fraction(1)
    return Fraction(-1) if total(b) < total(p) else Fraction(0)


def tie(p: Hand, b: Hand) -> Fraction:
    return Fraction(8) if total(p) == total(b) else Fraction(-1)


def player_pair(p: Hand, b: Hand) -> Fraction:  # 004: first two cards of identical rank, 11:1
    return Fraction(11) if p[0][0] == p[1][0] else Fraction(-1)


def dragon_7(p: Hand, b: Hand) -> Fraction:  # EZ Baccarat: a Banker winning three-card 7, 40:1
    return Fraction(40) if len(b) == 3 and total(b) == 7 and total(b) > total(p) else Fraction(-1)


SETTLE: dict[str, dict[str, Callable[[Hand, Hand], Fraction]]] = {
    "live-pittsburgh": {"player": player, "banker": banker, "tie": tie},
    "dactylus": {"player": player, "banker": banker_six_half, "tie": tie, "player-pair": player_pair},
    "pairs": {"player": player, "either-pair": either_pair, "perfect-pairs": perfect_pairs},
    "ez-baccarat": {"tie": tie, "dragon-7": dragon_7},
}

SHOES = {
    "six-cards": ["7S", "7H", "KS", "2H", "8D", "9C"],
    "nine-mixed": ["KH", "QS", "TD", "9H", "9S", "8D", "5H", "3C", "AH"],
    "seven-sevens": ["7S", "7H", "6S", "KS", "2H", "8D", "9C"],
    "eight-low": ["AH", "AS", "2D", "3H", "6C", "KD", "8H", "9S"],
}


def seen_by_hand(what: str, card: str) -> str:
    """What a card shows, read by hand: 'value', 'rank', or 'group:RANKS' (the group's ranks, else 'rest')."""
    if what == "value":
        return str(value(card))
    if what == "rank":
        return card[0]
    group = what.removeprefix("group:")
    return group if card[0] in group else "rest"


@cache
def dealt(shoe: str, order: str) -> tuple[tuple[tuple[str, ...], Hand, Hand], ...]:
    """Every ordered six-card sequence of the physical cards, with the hands it deals."""
    out = []
    for cards in permutations(SHOES[shoe], 6):
        first = [cards[order.index("P")], cards[order.index("B")], cards[order.rindex("P")], cards[order.rindex("B")]]
        p, b = play((*first, cards[4], cards[5]))
        out.append((cards, p, b))
    return tuple(out)


def brute(
    rule_set: str, shoe: str, seen: dict[int, str]
) -> dict[tuple[str, ...], tuple[int, list[Fraction], list[Fraction]]]:
    """Per pattern (what each seen position shows, by position): dealings, each wager's summed net and squared net."""
    settle = SETTLE[rule_set]
    sums: dict[tuple[str, ...], tuple[int, list[Fraction], list[Fraction]]] = defaultdict(
        lambda: (0, [Fraction(0)] * len(settle), [Fraction(0)] * len(settle))
    )
    for cards, p, b in dealt(shoe, ORDER[rule_set]):
        key = tuple(seen_by_hand(seen[i], cards[i - 1]) for i in sorted(seen))
        n, first, second = sums[key]
        nets = [f(p, b) for f in settle.values()]
        sums[key] = (n + 1, [x + y for x, y in zip(first, nets)], [x + y * y for x, y in zip(second, nets)])
    return dict(sums)


def counted(rule_set: str, shoe: str, spec: str) -> dict[tuple[str, ...], tuple[int, list[Fraction], list[Fraction]]]:
    rules = load_rules(rule_set)
    sight = parse_sight(spec)
    sums = pattern_sums(rules, Shoe.from_cards(SHOES[shoe]), sight, candidate_wagers(rules, list(SETTLE[rule_set])))
    out = {}
    for p, n in enumerate(sums.dealings.tolist()):
        if n:
            names = []
            for position, label in zip(sight.observed, sums.labels(p)):
                name = sight.seen[position].names[label]
                names.append("rest" if sight.seen[position].kind == "group" and label == 1 else name)
            out[tuple(names)] = (
                int(n),
                [Fraction(int(x), s) for x, s in zip(sums.first[p].tolist(), sums.scales)],
                [Fraction(int(x), s * s) for x, s in zip(sums.second[p].tolist(), sums.scales)],
            )
    return out


CASES = [
    ("live-pittsburgh", "six-cards", "5=rank; 2=group:789", {5: "rank", 2: "group:789"}),
    ("live-pittsburgh", "seven-sevens", "5=rank", {5: "rank"}),
    ("live-pittsburgh", "nine-mixed", "2=value", {2: "value"}),
    ("live-pittsburgh", "eight-low", "1-4=group:6789", dict.fromkeys(range(1, 5), "group:6789")),
    ("dactylus", "nine-mixed", "1=rank; 3=value", {1: "rank", 3: "value"}),
    ("dactylus", "eight-low", "6=value; 2=group:A23", {6: "value", 2: "group:A23"}),
    ("pairs", "nine-mixed", "3=rank", {3: "rank"}),
    ("pairs", "seven-sevens", "1,2=group:KQJT", {1: "group:TJQK", 2: "group:TJQK"}),
    ("ez-baccarat", "seven-sevens", "4=value; 6=rank", {4: "value", 6: "rank"}),
]


@pytest.mark.parametrize(("rule_set", "shoe", "spec", "seen"), CASES[:1])
def test_each_pattern_counts_as_every_ordered_dealing_of_the_cards_shows_it(
    rule_set: str, shoe: str, spec: str, seen: dict[int, str]
) -> None:
    assert counted(rule_set, shoe, spec) == brute(rule_set, shoe, seen)


@pytest.mark.slow
@pytest.mark.parametrize(("rule_set", "shoe", "spec", "seen"), CASES[1:])
def test_each_pattern_counts_as_every_ordered_dealing_shows_it_with_side_bets_suits_and_ranks(
    rule_set: str, shoe: str, spec: str, seen: dict[int, str]
) -> None:
    assert counted(rule_set, shoe, spec) == brute(rule_set, shoe, seen)


# ---------------------------------------------------------------- published figures

JACOBSON_RULES = "live-pittsburgh"
"""Document 003: 8 decks, Player 1:1, Banker 19:20, Tie 8:1, cards 1 and 3 to the Player and 2 and 4 to the Banker:
Jacobson's game."""
MAIN_BETS = ["player", "banker", "tie"]


def per_round(spec: str) -> Fraction:
    return information(load_rules(JACOBSON_RULES), Shoe.decks(8), parse_sight(spec), MAIN_BETS).gain


# Source: Eliot Jacobson, "Baccarat: The Known Card", AP Heat, 13 August 2012
# (https://apheat.net/2012/08/13/baccarat-the-known-card/; also 888casino, "Baccarat: the known card"):
# "Knowledge of card 1 or 3 (Player first card): 6.765%; card 2 or 4 (Banker first card): 6.406%; card 5: 8.973%;
# card 6: 9.098%", the player's expected gain per round dealt, betting the side the card favours.
KNOWN_CARD = [("1=value", "6.765"), ("3=value", "6.765"), ("2=value", "6.406"), ("4=value", "6.406")]
KNOWN_THIRD = [("5=value", "8.973"), ("6=value", "9.098")]


def percent_to_3(x: Fraction) -> str:
    """A share as a percentage to three places, rounded exactly (half to even)."""
    return decimal_text(x * 100, 3)


@pytest.mark.parametrize(("spec", "published"), KNOWN_CARD[:1])
def test_knowing_the_first_card_is_worth_jacobsons_6_765_percent_a_round(spec: str, published: str) -> None:
    assert percent_to_3(per_round(spec)) == published


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "published"), KNOWN_CARD[1:] + KNOWN_THIRD)
def test_each_known_card_is_worth_jacobsons_figure_per_round_dealt(spec: str, published: str) -> None:
    assert percent_to_3(per_round(spec)) == published


# Source: Eliot Jacobson, "Edge Sorting in Baccarat", AP Heat, 18 August 2012
# (https://apheat.net/2012/08/18/edge-sorting-in-baccarat/): high cards {6, 7, 8, 9} against low {T, A, 2, 3, 4,
# 5}, the groups of the first four cards seen: "the average edge is 20.928%"; the Player bet when the Player has
# HL and the Banker LL, "20.502% of the time", "a 36.332% advantage"; no profitable wager when both have LL
# ("22.824% of hands"); the tie the only profitable bet in two situations, "about 19.075% of hands".
# And "Edge Sorting in Baccarat, Update #1", 888casino blog
# (https://www.888casino.com/blog/baccarat-tips/edge-sorting-in-baccarat-update-1): one sorted card seen (the first),
# High = {6, 7, 8, 9}: "an edge over the house of 6.765%".
@pytest.mark.slow
def test_the_first_cards_group_under_the_sort_6789_is_worth_6_765_percent_a_round() -> None:
    assert percent_to_3(per_round("1=group:6789")) == "6.765"


def test_the_four_card_edge_sort_of_6789_reproduces_jacobsons_table() -> None:
    found = information(load_rules(JACOBSON_RULES), Shoe.decks(8), parse_sight("1-4=group:6789"), MAIN_BETS)
    assert percent_to_3(found.gain) == "20.928"
    high, low = "6789", "A2345TJQK"
    by = {o.labels: o for o in found.observations}
    hl_ll = [by[(high, low, low, low)], by[(low, low, high, low)]]  # the Player's cards 1 and 3, one high
    assert {MAIN_BETS[o.best] for o in hl_ll if o.best is not None} == {"player"}
    assert percent_to_3(sum((o.probability for o in hl_ll), Fraction(0))) == "20.502"
    assert {percent_to_3(o.values[0]) for o in hl_ll} == {"36.332"}
    nothing = by[(low, low, low, low)]
    assert nothing.best is None and percent_to_3(nothing.probability) == "22.824"
    assert percent_to_3(found.bets(MAIN_BETS.index("tie"))) == "19.075"


# Source: Eliot Jacobson, "Edge Sorting in Baccarat, Update #1", 888casino blog
# (https://www.888casino.com/blog/baccarat-tips/edge-sorting-in-baccarat-update-1): Fred Roach's program "analyzed
# every possible sorting group in the four-card case. That's 1023 different sorts", the best "giving the edge sorter
# an astronomical advantage of 30.291% over the house".
@pytest.mark.slow
def test_the_best_of_every_two_group_sort_of_the_values_is_fred_roachs_30_291_percent() -> None:
    from analyzer.studies.sorts import search_sorts

    search = search_sorts(load_rules(JACOBSON_RULES), Shoe.decks(8), 4, MAIN_BETS)
    assert len(search.results) == 511 and search.subsets == 1023
    best = search.results[0]
    assert percent_to_3(best.gain) == "30.291"
    assert best.groups == ("456789", "A23TJQK")
    assert search.best.gain == best.gain == per_round(search.spec(best))
    assert percent_to_3(next(r.gain for r in search.results if r.groups[0] == "6789")) == "20.928"


# Source: Ivey v Genting Casinos (UK) Ltd t/a Crockfords [2014] EWHC 3394 (QB), [2016] EWCA Civ 1093, [2017] UKSC 67:
# the 7s, 8s and 9s turned, the first card's group seen; reported as turning the house's edge into "a 6.5% advantage
# in favour of the player" (Irish Daily Mirror, 26 October 2017, on the Supreme Court's judgment).
def test_the_ivey_sort_of_sevens_eights_and_nines_on_the_first_card_is_about_6_5_percent() -> None:
    gain = per_round("1=group:789")
    assert percent_to_3(gain) == "6.478" and round(gain * 100, 1) == Fraction(65, 10)


# ---------------------------------------------------------------- invariants


@pytest.mark.parametrize(
    ("rule_set", "spec", "remove"),
    [
        pytest.param("live-pittsburgh", "2=rank; 5=group:0", "", marks=pytest.mark.slow),
        pytest.param("dactylus", "1,3=value", "5x3,K", marks=pytest.mark.slow),
        ("ez-baccarat", "6=group:4567", "9x5"),
    ],
)
def test_the_patterns_add_up_to_the_par_sheets(rule_set: str, spec: str, remove: str) -> None:
    """Seeing something changes no expectation before it is seen: the probabilities add up to 1, and each wager's
    expected values, weighted by them, to its par sheet's."""
    rules = load_rules(rule_set)
    shoe = Shoe.decks(8).remove(parse_removal(remove))
    found = information(rules, shoe, parse_sight(spec))
    assert sum(o.probability for o in found.observations) == 1
    sheets = {s.wager.name: s for s in par_sheets(rules, shoe, tuple(w.name for w in found.wagers))}
    for j, wager in enumerate(found.wagers):
        weighted = sum((o.probability * o.values[j] for o in found.observations), Fraction(0))
        assert weighted == found.blind[j] == sheets[wager.name].expected_value
    assert found.gain >= max(Fraction(0), *found.blind) and found.gain >= found.every_round
    assert found.per_bet == found.gain / found.share


@pytest.mark.slow
def test_seeing_more_is_never_worth_less() -> None:
    rules, shoe = load_rules(JACOBSON_RULES), Shoe.decks(6)
    worth = {
        spec: information(rules, shoe, parse_sight(spec), MAIN_BETS).gain
        for spec in ("1=group:6789", "1=value", "1=rank", "1-2=value", "1-4=group:6789", "1-4=value")
    }
    assert worth["1=group:6789"] <= worth["1=value"] == worth["1=rank"] <= worth["1-2=value"] <= worth["1-4=value"]
    assert worth["1=group:6789"] <= worth["1-4=group:6789"] <= worth["1-4=value"]


SMALL = Shoe.from_counts({"A": 3, "4": 2, "6": 3, "8": 2, "9": 3, "K": 4, "Q": 2})
"""A shoe of few classes: quick to count, and uneven enough that no two positions agree by chance."""


def test_the_two_cards_of_a_hand_are_worth_the_same_and_the_dealing_order_decides_which_they_are() -> None:
    shoe = SMALL
    alternate = load_rules("live-pittsburgh")  # 003: P B P B
    player_first = load_rules("punto-banco")  # 001: P P B B
    one = information(alternate, shoe, parse_sight("1=value"), MAIN_BETS).gain
    assert information(alternate, shoe, parse_sight("3=value"), MAIN_BETS).gain == one
    assert information(player_first, shoe, parse_sight("2=value"), MAIN_BETS).gain == one
    assert information(alternate, shoe, parse_sight("2=value"), MAIN_BETS).gain != one


def test_python_integers_count_what_int64_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.studies import observed

    rules, shoe, sight = load_rules("dactylus"), SMALL, parse_sight("2=rank; 6=group:A9")
    wagers = candidate_wagers(rules)
    fast = pattern_sums(rules, shoe, sight, wagers)
    monkeypatch.setattr(observed, "INT64_LIMIT", 1)
    slow = pattern_sums(rules, shoe, sight, wagers)
    assert slow.first.dtype == object and fast.first.dtype == "int64"
    for a, b in ((fast.dealings, slow.dealings), (fast.first, slow.first), (fast.second, slow.second)):
        assert a.tolist() == b.tolist()


def test_the_sort_search_aggregates_exactly_as_each_sort_counted_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.studies import sorts

    rules, shoe = load_rules("dactylus"), SMALL
    search = sorts.search_sorts(rules, shoe, 2, MAIN_BETS)
    for result in (search.results[0], search.results[17], search.results[-1]):
        alone = information(rules, shoe, parse_sight(search.spec(result)), MAIN_BETS)
        assert (alone.gain, alone.share) == (result.gain, result.share)
    alone = information(rules, shoe, parse_sight(search.spec(search.results[0])), MAIN_BETS)
    assert search.best.observations == alone.observations and search.best.second_moment == alone.second_moment
    monkeypatch.setattr(sorts, "_INT64_LIMIT", 1)
    assert sorts.search_sorts(rules, shoe, 2, MAIN_BETS).results == search.results


# ---------------------------------------------------------------- what is refused


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "The sight spec is empty"),
        ("7=value", "must run from 1 to 6"),
        ("1=colour", "'colour' is not something seen"),
        ("1=value; 1=rank", "Position 1 is named twice"),
        ("1=group:6789TJQKA2345", "puts every rank in one group"),
        ("1=group:66", "Rank 6 is named twice"),
        ("1=group:6X", "'X' in group '6X' is not a rank"),
        ("1-4 group", "is not a clause"),
        ("1=nothing", "sees nothing"),
    ],
)
def test_a_bad_sight_spec_is_refused_in_one_sentence(spec: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        parse_sight(spec)


def test_wagers_that_cannot_be_bet_or_counted_are_refused() -> None:
    with pytest.raises(InputError, match=r"perfect-pairs.* read suits"):
        information(load_rules("pairs"), Shoe.decks(8), parse_sight("1-4=rank"))
    with pytest.raises(InputError, match="lightning multipliers"):
        candidate_wagers(load_rules("examples/lightning-style.toml"), ["lightning-player"])
    with pytest.raises(InputError, match=r"Unknown wager .dragon."):
        candidate_wagers(load_rules("punto-banco"), ["dragon"])
