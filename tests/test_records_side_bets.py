"""Lucky Match, Dragon Dragon and Jackpot Baccarat against a brute force over actual suited cards, settled by hand.

Their rows read the ranks of every card dealt, or the ranks and suits of the first four, as group patterns;
the exact path settles them on the distinct multisets of ranks at once (analyzer/exact/patternarrays.py). Every
ordered six-card sequence of small, odd, suited shoes is played by :mod:`tests.brute_force_suited` and settled
here as each source words the bet, with plain Python; the exact path must count every row alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from analyzer.exact.outcomes import wager_counts
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .brute_force_suited import Hand, played

ORDER = "A23456789TJQK"
SHOES = {
    "kings-and-sevens": ["KH", "KS", "KD", "KC", "KH", "KS", "7S", "7H", "AD"],
    "two-triplets": ["7S", "7H", "7D", "2S", "2H", "2D", "AH", "9C"],
    "threes-stand": ["3S", "3H", "3D", "4C", "9H", "9S", "KD", "QH", "JC"],
    "royal-hearts": ["AH", "KH", "QH", "JH", "TH", "KD", "2S", "2D", "AS"],
    "aces-and-kings": ["AS", "AD", "AH", "KC", "KS", "5H", "4D", "3C", "2H"],
}


def kinds(cards: Hand) -> list[int]:
    return sorted(Counter(c[0] for c in cards).values(), reverse=True) + [0]


def one_suit(cards: Hand) -> bool:
    return len({c[1] for c in cards}) == 1


def straight(cards: Hand) -> bool:
    ranks = sorted(ORDER.index(c[0]) for c in cards)
    high = sorted(13 if r == 0 else r for r in ranks)
    return len(set(ranks)) == len(ranks) and any(r[-1] - r[0] == len(r) - 1 for r in (ranks, high))


def lucky_match(p: Hand, b: Hand) -> str:
    """Wizard of Odds: the poker value of the combined cards of both hands, the highest line only."""
    k = kinds(p + b)
    for name, holds in (
        ("five or six of a kind", k[0] >= 5),
        ("double triplets", k[1] >= 3),
        ("four of a kind", k[0] >= 4),
        ("full house", k[0] >= 3 and k[1] >= 2),
        ("three of a kind", k[0] >= 3),
        ("two or three pairs", k[1] >= 2),
    ):
        if holds:
            return name
    return "loser"


def dragon_dragon(p: Hand, b: Hand) -> str:
    """Wizard of Odds: all the cards of both hands; three of a kind only out of four cards (neither hand draws)."""
    k = kinds(p + b)
    for name, holds in (
        ("six of a kind", k[0] == 6),
        ("five of a kind", k[0] >= 5),
        ("double three of a kind", k[1] >= 3),
        ("four of a kind", k[0] >= 4),
        ("three of a kind out of four cards", len(p + b) == 4 and k[0] >= 3),
    ):
        if holds:
            return name
    return "loser"


def jackpot_baccarat(p: Hand, b: Hand) -> str:
    """Wizard of Odds: the poker value of the first four cards; a mini royal is A K Q J of one suit."""
    four = p[:2] + b[:2]
    k, ranks = kinds(four), {c[0] for c in four}
    for name, holds in (
        ("mini royal", ranks == set("AKQJ") and one_suit(four)),
        ("four of a kind", k[0] == 4),
        ("straight flush", straight(four) and one_suit(four)),
        ("three of a kind", k[0] == 3),
        ("flush", one_suit(four)),
        ("straight", straight(four)),
        ("two pair", k[:2] == [2, 2]),
        ("pair of aces", sum(c[0] == "A" for c in four) >= 2),
        ("pair of 10s to Ks", any(sum(c[0] == r for c in four) >= 2 for r in "TJQK")),
    ):
        if holds:
            return name
    return "loser"


SETTLE: dict[str, Callable[[Hand, Hand], str]] = {
    "lucky-match": lucky_match,
    "dragon-dragon": dragon_dragon,
    "jackpot-baccarat": jackpot_baccarat,
}


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_the_records_side_bets_count_every_row_as_their_sources_say(shoe_name: str) -> None:
    cards = SHOES[shoe_name]
    shoe = Shoe.from_cards(cards)
    dealt = played(tuple(cards))
    for name, settle in SETTLE.items():
        rules = read_rules(name)
        expected: Counter[str] = Counter()
        for (player, banker), n in dealt.items():
            expected[settle(player, banker)] += n
        assert +Counter(wager_counts(shoe, rules.drawing, [rules.wager(name)])[name]) == +expected, name


@pytest.mark.slow
def test_the_shoes_reach_every_row_of_the_three_bets() -> None:
    """Each row is dealt by some shoe above, so that each line of the pay tables is held to the cards."""
    reached = {
        (name, settle(p, b))
        for cards in SHOES.values()
        for p, b in played(tuple(cards))
        for name, settle in SETTLE.items()
    }
    missing = [
        (name, row.name)
        for name in SETTLE
        for row in read_rules(name).wager(name).outcomes
        if (name, row.name) not in reached
    ]
    assert not missing


FIRST_FOUR = (
    ("jackpot-baccarat", "jackpot-baccarat"),
    ("pairs", "perfect-pairs"),
    ("suits", "majestic-match-player"),
    ("suits", "colour-match"),
    ("lucky-nines", "lucky-nines-binions"),
)
"""Wagers that read the first four cards only, both hands (the factored sums of analyzer/exact/moments.py)."""


@pytest.mark.slow
def test_the_first_four_cards_sums_equal_every_pair_weighed_one_by_one() -> None:
    """S0 from the hands' sums by summary and class (moments.first_four_sums) gives every record the count of the
    plain path, which weighs each (first-hand group, second-hand pair): on odd suited shoes and a full deck (eight
    decks: the shipped figures, tests/test_results.py)."""
    import random

    from analyzer.exact.classcount import _record_table
    from analyzer.game.cards import TYPES
    from analyzer.game.needs import needs_of

    rng = random.Random(31)
    shoes = [Shoe.from_cards([rng.choice(TYPES) for _ in range(rng.randint(6, 25))]) for _ in range(6)]
    shoes += [Shoe.from_cards(cards) for cards in SHOES.values()] + [Shoe.decks(1)]
    for name, wager in FIRST_FOUR:
        rules = read_rules(name)
        needs = needs_of(rules.wager(wager))
        assert not needs.drawing
        for shoe in shoes:
            fast = _record_table(shoe, rules.drawing, needs).as_dict()
            assert fast == _record_table(shoe, rules.drawing, needs, plain=True).as_dict(), (wager, shoe)
