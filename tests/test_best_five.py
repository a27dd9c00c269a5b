"""The best five of every card dealt (``all_cards = { poker = ... }``, issue 18) against a brute force over real cards.

Every ordered six-card sequence of small suited shoes (uneven ones: a suit
or a card repeated, suits missing) is played by :mod:`tests.brute_force_suited`
and ranked here by hand: every five of the cards dealt ranked as a five-card
poker hand, the best kept (no analyzer code). The dedicated counter
(:mod:`analyzer.exact.pokercount`), the reference enumerator and the round
engine's reading must give the same count for every record and every row.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.exact.outcomes import wager_counts
from analyzer.exact.pokercount import poker_table
from analyzer.exact.reference import deal_outcomes
from analyzer.game.needs import HandNeeds, Needs, needs_of
from analyzer.game.rulefile import parse, read_rules
from analyzer.game.shoe import Shoe

from .brute_force_suited import Hand, played
from .conftest import RULEFILES

ORDER = "A23456789TJQK"
RANKED = [
    "royal flush",
    "five of a kind",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
]
SHOES = {
    "hearts-run": ["AH", "KH", "QH", "JH", "TH", "9H", "2S", "2H"],
    "five-sevens": ["7H", "7H", "7H", "7S", "7D", "KH", "5H", "3H", "3C"],
    "steel-wheel": ["AS", "2S", "3S", "4S", "5S", "6H", "5D", "4C"],
    "diamonds-and-pairs": ["9D", "9C", "8D", "8H", "6D", "TD", "QS", "KD", "KS"],
}
FULL = Needs(drawing=True, player=HandNeeds(two=True, pair=True), banker=HandNeeds(two=True, pair=True), best_five=True)


def rank(card: str) -> int:
    return ORDER.index(card[0])


def value(card: str) -> int:
    return 0 if card[0] in "TJQK" else rank(card) + 1


def five_cards(cards: tuple[str, ...]) -> str:
    ranks = [rank(c) for c in cards]
    counts = sorted(Counter(ranks).values(), reverse=True) + [0]
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[-1] - distinct[0] == 4 or distinct == [0, 9, 10, 11, 12])
    if straight and flush:
        return "royal flush" if distinct == [0, 9, 10, 11, 12] else "straight flush"
    for name, holds in (
        ("five of a kind", counts[0] == 5),
        ("four of a kind", counts[0] == 4),
        ("full house", counts[:2] == [3, 2]),
        ("flush", flush),
        ("straight", straight),
        ("three of a kind", counts[0] == 3),
        ("two pair", counts[:2] == [2, 2]),
        ("pair", counts[0] == 2),
    ):
        if holds:
            return name
    return "high card"


def best(cards: Hand) -> str:
    """Four cards by their ranks (no straight, no flush in four); five or six: the best of every five."""
    if len(cards) == 4:
        counts = sorted(Counter(c[0] for c in cards).values(), reverse=True) + [0]
        return {4: "four of a kind", 3: "three of a kind"}.get(
            counts[0], "two pair" if counts[1] == 2 else "pair" if counts[0] == 2 else "high card"
        )
    return min((five_cards(five) for five in combinations(cards, 5)), key=RANKED.index)


def total(cards: Hand) -> int:
    return sum(value(c) for c in cards) % 10


def record(player: Hand, banker: Hand) -> tuple[int, ...]:
    hands = [(total(h), len(h) - 2, total(h[:2]), int(h[0][0] == h[1][0])) for h in (player, banker)]
    return hands[0] + hands[1] + (RANKED.index(best(player + banker)),)


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_best_five_records_count_as_the_cards_say(shoe_name: str) -> None:
    """Totals, cards, two-card totals, pairs and the best five: every record's count is the brute force's."""
    cards = SHOES[shoe_name]
    expected: Counter[tuple[int, ...]] = Counter()
    for (player, banker), n in played(tuple(cards)).items():
        expected[record(player, banker)] += n
    counted = poker_table(Shoe.from_cards(cards), read_rules("punto-banco").drawing, FULL).as_dict()
    assert counted == dict(expected)


@pytest.mark.slow
def test_the_test_shoes_reach_every_rank_of_the_best_five() -> None:
    reached = {best(p + b) for cards in SHOES.values() for p, b in played(tuple(cards))}
    assert reached == set(RANKED)


@pytest.mark.slow
@pytest.mark.parametrize("shoe_name", ["five-sevens", "steel-wheel"])
def test_pay_tables_on_the_best_five_settle_as_the_cards_say(shoe_name: str) -> None:
    """Both wagers of the test rule file: the counter settled by rows, and the reference enumerator (the engine's
    reading of dealt cards), give the hand-settled counts."""
    rules = read_rules(str(RULEFILES / "best-five.toml"))
    wagers = [rules.wager("best-five"), rules.wager("banker-poker")]
    shoe = Shoe.from_cards(SHOES[shoe_name])
    fast, reference = wager_counts(shoe, rules.drawing, wagers), deal_outcomes(shoe, rules.drawing, wagers)
    flush_or_better, two_pair_or_better = RANKED[:6], RANKED[:9]
    plain: Counter[str] = Counter()
    mixed: Counter[str] = Counter()
    for (p, b), n in played(tuple(SHOES[shoe_name])).items():
        rank_of_all = best(p + b)
        plain[rank_of_all] += n
        banker_wins = total(b) > total(p)
        if banker_wins and len(b) == 3 and rank_of_all in flush_or_better:
            mixed["banker draws and wins, flush or better"] += n
        elif p[0][0] == p[1][0] and rank_of_all == "straight":
            mixed["player pair, straight"] += n
        elif total(b[:2]) == 5 and rank_of_all == "three of a kind":
            mixed["banker two-card 5, trips"] += n
        elif banker_wins and rank_of_all in two_pair_or_better:
            mixed["banker wins with two pair or better"] += n
        else:
            mixed["other"] += n
    for name, expected in (("best-five", plain), ("banker-poker", mixed)):
        assert +Counter(fast[name]) == +expected, name
        assert +Counter(reference[name]) == +expected, name


@pytest.mark.slow
def test_eight_decks_best_five_exact_counts() -> None:
    """The best five of every card dealt from eight decks, pinned; the ranks read from ranks alone are Lucky Match's
    published counts (five or six of a kind 356,942,987,520; four of a kind 12,273,961,559,040; full house and
    double triplets 40,022,630,768,640 + 616,417,689,600)."""
    rules = read_rules(str(RULEFILES / "best-five.toml"))
    counts = wager_counts(Shoe.decks(8), rules.drawing, [rules.wager("best-five")])["best-five"]
    assert counts == {
        "royal flush": 27_068_989_440,
        "five of a kind": 356_942_987_520,
        "straight flush": 91_108_147_200,
        "four of a kind": 12_273_961_559_040,
        "full house": 40_639_048_458_240,
        "flush": 32_300_350_980_096,
        "straight": 24_034_609_201_152,
        "three of a kind": 205_934_770_102_272,
        "two pair": 380_606_984_429_568,
        "pair": 2_094_008_680_120_320,
        "high card": 2_208_124_750_528_512,
    }
    assert sum(counts.values()) == Shoe.decks(8).denominator


@pytest.mark.slow
def test_cards_records_and_arrays_read_the_best_five_alike() -> None:
    """The round engine's reading (cards), a record's (RecordView) and the vectorized settlement agree on every
    round."""
    from analyzer.exact.settlement import first_rows
    from analyzer.game.recordview import RecordView, record_of
    from analyzer.game.round import dealt_round
    from analyzer.game.settle import settle_round

    rules = read_rules(str(RULEFILES / "best-five.toml"))
    hands = sorted({hands for cards in SHOES.values() for hands in played(tuple(cards))})
    rounds = [dealt_round(p, b) for p, b in hands[::5]]
    for name in ("best-five", "banker-poker"):
        wager = rules.wager(name)
        needs = needs_of(wager)
        records = [record_of(needs, r) for r in rounds]
        by_cards = [settle_round(wager, r) for r in rounds]
        assert by_cards == [settle_round(wager, RecordView(needs, rec)) for rec in records], name
        by_array = first_rows(wager, needs, np.array(records, dtype=np.int64))
        assert [wager.outcomes[i] for i in by_array.tolist()] == by_cards, name
    assert {best(r.player.dealt + r.banker.dealt) for r in rounds} == {r.all_cards.best_five for r in rounds}


BASE = (
    '[rule_set]\nname = "x"\ntitle = "x"\nextends = "punto-banco"\n'
    '[wagers.w]\ntitle = "w"\nsource = "t"\noutcomes = [ROW, { name = "l", pays = "lose" }]\n'
)


def test_a_best_five_name_outside_the_order_is_refused_with_one_line() -> None:
    with pytest.raises(InputError) as caught:
        parse(BASE.replace("ROW", '{ name = "a", all_cards = { poker = "mini royal" }, pays = "1:1" }'), "x.toml")
    assert (
        "poker: is 'mini royal'; over every card dealt it is the best five; it must be one of royal flush, five of a "
        "kind" in str(caught.value)
    )
    with pytest.raises(
        InputError, match=r"first_four\.poker: is 'full house'; it must be one of pair, high card, straight flush"
    ):
        parse(BASE.replace("ROW", '{ name = "a", first_four = { poker = "full house" }, pays = "1:1" }'), "x.toml")


def test_the_best_five_with_suits_read_besides_is_refused_with_one_line(tmp_path: object) -> None:
    """A row that reads the best five and a hand's suits (or any card feature) is refused when loaded, naming them."""
    from pathlib import Path

    from analyzer.exact.reach import load_rules as checked_load

    path = Path(str(tmp_path)) / "both.toml"
    path.write_text(
        BASE.replace("ROW", '{ name = "a", all_cards = { poker = "flush" }, player = { suited = true }, pays = "1:1" }')
    )
    with pytest.raises(InputError) as caught:
        checked_load(str(path))
    text = str(caught.value)
    assert "wagers.w: reads the best five of every card dealt (all_cards poker) together with player.all.suit" in text
    assert "\n" not in text


def test_the_best_five_of_an_unsuited_shoe_is_refused() -> None:
    rules = read_rules(str(RULEFILES / "best-five.toml"))
    with pytest.raises(InputError, match="the suits of this shoe are unknown"):
        wager_counts(Shoe.decks(8).remove(["K"]), rules.drawing, [rules.wager("best-five")])


@pytest.mark.parametrize("shoe_name", sorted(SHOES))
def test_the_simulator_reads_the_best_five_of_dealt_cards_as_the_cards_say(shoe_name: str) -> None:
    """record_codes (vectorized, the simulator's) against the hand-ranked records of random deals of the test shoes."""
    from analyzer.game.cards import TYPES
    from analyzer.play.dealer import deal_codes, dealer_for
    from analyzer.play.records import CardIndices, record_codes

    from .brute_force_suited import play

    rules = read_rules(str(RULEFILES / "best-five.toml"))
    universe = CardIndices(True, Shoe.decks(8).types or ())
    physical = np.array([TYPES.index(c) for c in SHOES[shoe_name]])
    rng = np.random.default_rng(18)
    cards = np.array([rng.permutation(physical)[:6] for _ in range(2000)]).T.astype(np.int8)
    dealer = dealer_for(rules, Shoe.decks(8))
    codes, _ = deal_codes(dealer, universe.value[cards], universe.rank[cards])
    found = record_codes(FULL, universe, cards, dealer.player_columns, dealer.banker_columns, codes // 4)
    for column, code in zip(cards.T.tolist(), found.tolist()):
        sequence = tuple(TYPES[c] for c in column)
        p1, p2, b1, b2 = (sequence[i] for i in (*dealer.player_columns, *dealer.banker_columns))
        player, banker = play((p1, b1, p2, b2, sequence[4], sequence[5]))
        assert FULL.decode(code) == record(player, banker), sequence


@pytest.mark.slow
def test_past_int64_the_counts_are_python_integers_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python-integer path (a denominator past 2^63: 27 decks or more) gives the int64 path's counts, and at 30
    decks its counts add up to the denominator exactly."""
    from analyzer.exact import pokercount

    drawing = read_rules("punto-banco").drawing
    uneven = Shoe.decks(2).remove(["KH", "KH", "QH", "7S", "7D", "7C"])
    fast = poker_table(uneven, drawing, FULL)
    monkeypatch.setattr(pokercount, "_INT64", 1)
    slow = poker_table(uneven, drawing, FULL)
    assert fast.counts.dtype == np.int64 and slow.counts.dtype == object
    assert slow.as_dict() == fast.as_dict()
    monkeypatch.undo()
    thirty = poker_table(Shoe.decks(30), drawing, FULL)
    assert thirty.counts.dtype == object and sum(thirty.counts.tolist()) == Shoe.decks(30).denominator > 2**63
