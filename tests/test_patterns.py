"""Group patterns (issue 18) against a brute force over actual suited cards, settled by rules written by hand.

Every ordered six-card sequence of small suited shoes is played by
:mod:`tests.brute_force_suited` and settled here with plain Python (ranks
counted by hand, no analyzer code); the fast exact path (records counted over
classes of cards) and the reference enumerator (the round engine's reading of
the dealt cards) must give the same count for every row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from analyzer.exact.outcomes import wager_counts
from analyzer.exact.reference import deal_outcomes
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .brute_force_suited import Hand, played
from .conftest import RULEFILES

ORDER = "A23456789TJQK"
SHOES = {
    "kings-nines": ["KH", "KH", "QH", "9H", "9S", "8D", "5H", "AH"],
    "royal-and-low": ["AH", "KH", "QH", "JH", "2H", "3H", "AS", "QD"],
    "trips-and-pairs": ["7S", "7S", "7H", "6S", "6D", "KS", "KC", "TC"],
    "five-kings": ["KH", "KS", "KD", "KC", "KH", "7S", "7H", "7D"],
    "runs": ["AH", "2H", "3H", "4H", "5S", "6D", "7C", "TH"],
}


def rank(card: str) -> int:
    return ORDER.index(card[0])


def kinds(cards: Hand, among: str = ORDER) -> list[int]:
    return sorted(Counter(c[0] for c in cards if c[0] in among).values(), reverse=True)


def has_kinds(cards: Hand, wanted: list[int], among: str = ORDER) -> bool:
    have = kinds(cards, among)
    return len(have) >= len(wanted) and all(h >= w for h, w in zip(have, wanted))


def straight(cards: Hand, ace: str = "both") -> bool:
    ranks = [rank(c) for c in cards]
    if len(set(ranks)) != len(ranks):
        return False
    low, high = sorted(ranks), sorted(13 if r == 0 else r for r in ranks)
    runs = []
    if ace != "high" or 0 not in ranks:
        runs.append(low)
    if ace != "low" and 0 in ranks:
        runs.append(high)
    return any(r[-1] - r[0] == len(r) - 1 for r in runs)


def one_suit(cards: Hand) -> bool:
    return len({c[1] for c in cards}) == 1


def most_of_a_suit(cards: Hand, among: str = ORDER) -> int:
    return max(Counter(c[1] for c in cards if c[0] in among).values(), default=0)


def poker(cards: Hand) -> str:
    counts = kinds(cards)
    s, f = len(cards) >= 3 and straight(cards), len(cards) >= 3 and one_suit(cards)
    if len(cards) == 2:
        return "pair" if counts[0] == 2 else "high card"
    if len(cards) == 3:
        order = [
            ("straight flush", s and f),
            ("three of a kind", counts[0] == 3),
            ("straight", s),
            ("flush", f),
            ("pair", counts[0] == 2),
        ]
    else:
        order = [
            ("four of a kind", counts[0] == 4),
            ("straight flush", s and f),
            ("three of a kind", counts[0] == 3),
            ("flush", f),
            ("straight", s),
            ("two pair", counts[:2] == [2, 2]),
            ("pair", counts[0] >= 2),
        ]
    return next((name for name, holds in order if holds), "high card")


def match_all(p: Hand, b: Hand) -> str:
    cards = p + b
    for name, holds in (
        ("five of a kind", has_kinds(cards, [5])),
        ("double triplets", has_kinds(cards, [3, 3])),
        ("four of a kind", has_kinds(cards, [4])),
        ("full house", has_kinds(cards, [3, 2])),
        ("three of a kind", has_kinds(cards, [3])),
        ("two pairs", has_kinds(cards, [2, 2])),
        ("straight of all", straight(cards)),
        ("three of one suit", most_of_a_suit(cards) >= 3),
    ):
        if holds:
            return name
    return "loser"


def poker_hands(p: Hand, b: Hand) -> str:
    if poker(p) == "straight flush":
        return "player straight flush"
    if poker(b) in ("three of a kind", "straight"):
        return "banker trips or straight"
    if poker(p) == "flush":
        return "player flush"
    if len(b) == 2 and poker(b) == "pair":
        return "banker pair of two"
    if any(len(h) == 3 and straight(h, "high") for h in (p, b)):
        return "either straight ace high"
    if len(p) == 3 and not straight(p) and straight(p[:2], "low"):
        return "player no straight, ace low"
    return "player high card" if poker(p) == "high card" else "loser"


def first_four(p: Hand, b: Hand) -> str:
    four = p[:2] + b[:2]
    if {"A", "K", "Q", "J"} <= {c[0] for c in four} and one_suit(four):
        return "mini royal"
    for name, holds in (
        ("four-card straight flush", straight(four) and one_suit(four)),
        ("two suited kings or queens", most_of_a_suit(four, "KQ") >= 2),
        ("two pair", poker(four) == "two pair"),
        ("three of one suit", most_of_a_suit(four) >= 3),
        ("ten to king pair", has_kinds(four, [2], "TJQK")),
        ("four-card straight", straight(four, "high")),
    ):
        if holds:
            return name
    return "loser"


def value(card: str) -> int:
    return 0 if card[0] in "TJQK" else rank(card) + 1


def sums(p: Hand, b: Hand) -> str:
    cards = p + b
    if len(cards) == 6 and not any(c[0] in "A2" for c in cards):
        return "no aces or twos dealt"
    if sum(rank(c) + 1 for c in p) >= 20:
        return "player ranks 20 or more"
    if sum(value(c) for c in b) <= 3:
        return "banker values 3 or less"
    if sum(value(c) for c in p[:2] + b[:2]) == 14:
        return "first four values exactly 14"
    if 30 <= sum(rank(c) + 1 for c in cards) <= 40:
        return "all cards ranks 30-40"
    return "loser"


SETTLE: dict[str, Callable[[Hand, Hand], str]] = {
    "match-all": match_all,
    "poker-hands": poker_hands,
    "first-four": first_four,
    "sums": sums,
}


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_group_patterns_count_as_the_cards_say(shoe_name: str) -> None:
    """Both exact readings (records over classes of cards; the dealt cards) give the hand-written counts of every
    row."""
    cards = SHOES[shoe_name]
    rules = read_rules(str(RULEFILES / "patterns.toml"))
    targets = [rules.wager(w) for w in sorted(SETTLE)]
    shoe = Shoe.from_cards(cards)
    fast = wager_counts(shoe, rules.drawing, targets)
    reference = deal_outcomes(shoe, rules.drawing, targets)
    for wager in sorted(SETTLE):
        expected: Counter[str] = Counter()
        for (player, banker), n in played(tuple(cards)).items():
            expected[SETTLE[wager](player, banker)] += n
        assert +Counter(fast[wager]) == +expected, wager
        assert +Counter(reference[wager]) == +expected, wager


def test_every_pattern_row_is_dealt_by_some_test_shoe() -> None:
    """The shoes above reach every row, so that each pattern is held to the cards, not only its absence."""
    reached: set[tuple[str, str]] = set()
    for cards in SHOES.values():
        for player, banker in played(tuple(cards)):
            reached |= {(w, settle(player, banker)) for w, settle in SETTLE.items()}
    rules = read_rules(str(RULEFILES / "patterns.toml"))
    missing = [(w, row.name) for w in SETTLE for row in rules.wager(w).outcomes if (w, row.name) not in reached]
    assert not missing


def test_cards_records_and_arrays_read_a_pattern_alike() -> None:
    """The round engine's reading (cards), a record's (RecordView) and the vectorized settlement's agree on every
    round."""
    import numpy as np

    from analyzer.exact.settlement import first_rows
    from analyzer.game.needs import needs_of
    from analyzer.game.recordview import RecordView, record_of
    from analyzer.game.round import dealt_round
    from analyzer.game.settle import settle_round

    rules = read_rules(str(RULEFILES / "patterns.toml"))
    hands = sorted({hands for cards in SHOES.values() for hands in played(tuple(cards))})
    rounds = [dealt_round(p, b) for p, b in hands[::7]]  # every seventh distinct round of the five shoes
    for name in SETTLE:
        wager = rules.wager(name)
        needs = needs_of(wager)
        records = [record_of(needs, r) for r in rounds]
        by_cards = [settle_round(wager, r) for r in rounds]
        by_record = [settle_round(wager, RecordView(needs, rec)) for rec in records]
        by_array = first_rows(wager, needs, np.array(records, dtype=np.int64))
        assert by_cards == by_record, name
        assert [wager.outcomes[i] for i in by_array.tolist()] == by_cards, name


def test_pattern_keys_are_refused_with_one_line() -> None:
    from analyzer.errors import InputError
    from analyzer.game.rulefile import parse

    base = (
        '[rule_set]\nname = "x"\ntitle = "x"\nextends = "punto-banco"\n'
        '[wagers.w]\ntitle = "w"\nsource = "t"\noutcomes = [ROW, { name = "l", pays = "lose" }]\n'
    )
    for row, message in (
        (
            '{ name = "a", all_cards = { of_a_kind = 7 }, pays = "1:1" }',
            "of_a_kind: is 7; it must be a number of cards from 1 to 6",
        ),
        (
            '{ name = "a", all_cards = { poker = "mini royal" }, pays = "1:1" }',
            "over every card dealt it is the best five",
        ),
        ('{ name = "a", player = { straight = "wrap" }, pays = "1:1" }', "straight: is 'wrap'; it must be true, false"),
        ('{ name = "a", first_four = { same_suit = { cards = 2, rank = "Z" } }, pays = "1:1" }', "same_suit.rank"),
        (
            '{ name = "a", player = { pairs = 1, of_a_kind = 2 }, pays = "1:1" }',
            "pairs: and of_a_kind say the same thing",
        ),
        ('{ name = "a", player = { value_sum = { min = 9, max = 3 } }, pays = "1:1" }', "min not above max"),
    ):
        with pytest.raises(InputError, match=None) as caught:
            parse(base.replace("ROW", row), "x.toml")
        assert message in str(caught.value), str(caught.value)


def test_a_wager_reading_too_much_at_once_is_refused_in_bounded_time() -> None:
    """Ranks and suits of every card of both hands make billions of cells: one line naming the wager, not a crash."""
    import time

    from analyzer.errors import InputError

    rules = read_rules(str(RULEFILES / "patterns.toml"))
    start = time.perf_counter()
    with pytest.raises(InputError, match=r"wagers\.match-all: reads too much of both hands at once .* above the limit"):
        wager_counts(Shoe.decks(8), rules.drawing, [rules.wager("match-all")])
    assert time.perf_counter() - start < 30


def test_the_grid_counts_the_same_whatever_its_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The third cards are played out chunk by chunk (memory stays flat): one summary pair per chunk changes no
    count."""
    from analyzer.exact import classcount
    from analyzer.game.needs import needs_of

    rules = read_rules(str(RULEFILES / "patterns.toml"))
    shoe = Shoe.from_cards(SHOES["royal-and-low"])
    lucky_8 = read_rules("lucky-8").wager("lucky-8-player")
    for name, wager in (
        ("lucky-8", lucky_8),
        ("sums", rules.wager("sums")),
    ):  # few records (one array), very many (merged)
        needs = needs_of(wager)
        assert (needs.size() <= 1 << 22) == (name == "lucky-8")
        whole = classcount.count_records(shoe, rules.drawing, needs)
        monkeypatch.setattr(classcount, "GRID_CHUNK", 50)
        assert classcount.count_records(shoe, rules.drawing, needs) == whole, name
        monkeypatch.undo()
