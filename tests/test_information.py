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
from analyzer.game.shoe import Shoe
from analyzer.game.sight import parse_sight
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


def brute(rule_set: str, shoe: str, seen: dict[int, str]) -> dict[tuple[str, ...], tuple[int, list[Fraction], list[Fraction]]]:
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
