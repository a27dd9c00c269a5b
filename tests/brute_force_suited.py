"""A naive reference for the side bets: every ordered sequence of actual suited cards, settled by hand-written rules.

Like :mod:`tests.brute_force`, nothing here reads a rule file or calls the
analyzer: the round is played by plain ``if`` statements (001's chart) and
each side bet is settled as its source words it, card by card. It covers at
least one wager of every kind of condition the rule files can state (see
:data:`SETTLE`), so that an agreement checks the condition language, the
rule files of the catalogue and the exact paths at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import permutations

from .brute_force import STANDARD, banker_draws

Hand = tuple[str, ...]
TENS = "TJQK"
RED = "HD"


def value(card: str) -> int:
    return 0 if card[0] in TENS else 1 if card[0] == "A" else int(card[0])


def total(cards: Hand) -> int:
    return sum(value(c) for c in cards) % 10


def play(cards: tuple[str, ...], kind: str = STANDARD) -> tuple[Hand, Hand]:
    """Deal P1 B1 P2 B2, then the third cards the drawing rules call for, from the fifth card on."""
    p1, b1, p2, b2, fifth, sixth = cards
    player, banker = [p1, p2], [b1, b2]
    if total((p1, p2)) < 8 and total((b1, b2)) < 8:
        spare = [fifth, sixth]
        third = None
        if total((p1, p2)) <= 5:
            player.append(spare.pop(0))
            third = value(player[2])
        if banker_draws(kind, total((b1, b2)), third):
            banker.append(spare.pop(0))
    return tuple(player), tuple(banker)


def _natural(hand: Hand, points: int) -> bool:
    return len(hand) == 2 and total(hand) == points


def _suited(cards: Hand) -> bool:
    return len({c[1] for c in cards}) == 1


def _one_colour(cards: Hand) -> bool:
    return len({c[1] in RED for c in cards}) == 1


def either_pair(p: Hand, b: Hand) -> Fraction:
    return Fraction(5) if p[0][0] == p[1][0] or b[0][0] == b[1][0] else Fraction(-1)


def perfect_pairs(p: Hand, b: Hand) -> Fraction:
    pp, bp = p[0] == p[1], b[0] == b[1]
    return Fraction(250) if pp and bp else Fraction(25) if pp or bp else Fraction(-1)


def lucky_8_player(p: Hand, b: Hand) -> Fraction:
    player_suited = len(p) == 3 and total(p) == 8 and _suited(p)
    banker_suited = len(b) == 3 and total(b) == 8 and _suited(b)
    if player_suited and banker_suited:
        return Fraction(200)
    if player_suited:
        return Fraction(25)
    if total(p) == 8 and total(b) == 8:
        return Fraction(15)
    if total(p) == 8:
        return Fraction(8) if total(b) > 8 else Fraction(4)
    return Fraction(-1)


def three_giving_eight(p: Hand, b: Hand) -> Fraction:
    return Fraction(200) if total(b[:2]) == 3 and len(p) == 3 and p[2][0] == "8" else Fraction(-1)


def low_tie_max(p: Hand, b: Hand) -> Fraction:
    return Fraction(55) if total(p) == total(b) and max(value(c) for c in p + b) <= 5 else Fraction(-1)


def colour_match(p: Hand, b: Hand) -> Fraction:
    return Fraction(6) if _one_colour(p[:2] + b[:2]) else Fraction(-1)


def super_tie(p: Hand, b: Hand) -> Fraction:
    if total(p) != total(b):
        return Fraction(-1)
    if len(p) == len(b) == 3 and total(p) >= 6:
        return Fraction(100) if _one_colour(p + b) else Fraction(25)
    return Fraction(7)


def majestic_match_player(p: Hand, b: Hand) -> Fraction:
    if p[0][1] != p[1][1]:
        return Fraction(-1)
    return Fraction(25) if {p[0][0], p[1][0]} == {"K", "Q"} else Fraction(5, 2)


def perfect_9(p: Hand, b: Hand) -> Fraction:
    if total(p[:2]) != 9:
        return Fraction(-1)
    if {value(p[0]), value(p[1])} == {9, 0}:
        return Fraction(5)
    return Fraction(20) if p[0][1] == p[1][1] else Fraction(10)


def big(p: Hand, b: Hand) -> Fraction:
    return Fraction(54, 100) if len(p) + len(b) > 4 else Fraction(-1)


def any_8_beats_any_6(p: Hand, b: Hand) -> Fraction:
    return Fraction(25) if {total(p), total(b)} == {8, 6} else Fraction(-1)


def player_even(p: Hand, b: Hand) -> Fraction:
    return Fraction(86, 100) if total(p) % 2 == 0 else Fraction(-1)


def lucky_99(p: Hand, b: Hand) -> Fraction:
    player, banker = _natural(p, 9), _natural(b, 9)
    return Fraction(24) if player and banker else Fraction(4) if banker else Fraction(1) if player else Fraction(-1)


def kill_the_ox_tiger(p: Hand, b: Hand) -> Fraction:
    ox = len(p) == 3 and total(p) == 6 and total(b) >= total(p)
    tiger = len(b) == 3 and total(b) == 7 and total(p) >= total(b)
    return Fraction(30) if ox or tiger else Fraction(-1)


def any_bad_beat(p: Hand, b: Hand) -> Fraction:
    won, lost = (p, b) if total(p) > total(b) else (b, p)
    if total(won) - total(lost) != 1:
        return Fraction(-1)
    if total(won) == 9 and len(won) == len(lost) == 3:
        return Fraction(40)
    if _natural(won, 9) and _natural(lost, 8):
        return Fraction(10)
    return Fraction({8: 6, 7: 4}.get(total(won), 1))


def positions(p: Hand, b: Hand) -> Fraction:
    thirds = [h[2] for h in (p, b) if len(h) == 3]
    fifth = thirds[0] if thirds else None
    sixth = thirds[1] if len(thirds) == 2 else None
    if fifth == "9H":
        return Fraction(50)
    if sixth is not None and sixth[1] in RED:
        return Fraction(2)
    if len(thirds) == 1 and fifth is not None and fifth[1] == "S":
        return Fraction(3)
    return Fraction(1, 2) if not thirds else Fraction(-1)


def colours(p: Hand, b: Hand) -> Fraction:
    if len(p) == len(b) == 3 and _suited(p) and _suited(b):
        return Fraction(100)
    if len(p) == 3 and _suited(p):
        return Fraction(20)
    if all(c[1] in RED for c in p + b):
        return Fraction(10)
    if _one_colour(p + b):
        return Fraction(5)
    if _one_colour(p[:2] + b[:2]):
        return Fraction(1)
    return Fraction(0) if not _one_colour(b) else Fraction(-1)


def cards_held(p: Hand, b: Hand) -> Fraction:
    if {p[0][0], p[1][0]} == {"K", "Q"} and p[0][1] == p[1][1]:
        return Fraction(25)
    if sum(c[0] == "9" for c in b) >= 2:
        return Fraction(20)
    if total(p[:2]) == 9 and any(c[0] == "9" for c in p):
        return Fraction(5)
    if total(p) == total(b) and max(value(c) for c in p + b) <= 5:
        return Fraction(30)
    return Fraction(1, 2) if max(value(c) for c in b) == 9 else Fraction(-1)


def dragon_dragon(p: Hand, b: Hand, meter: int = 10000) -> Fraction:
    """Dragon Dragon, $1, 'for one' (the stake never returned): six of a kind the meter, five of a kind 10% of it,
    double three of a kind 250, four of a kind 50, three of a kind out of four cards 25; ranks of all the cards."""
    ranks = sorted(Counter(c[0] for c in p + b).values(), reverse=True)
    if ranks[0] == 6:
        return Fraction(meter) - 1
    if ranks[0] == 5:
        return Fraction(meter, 10) - 1
    if ranks[:2] == [3, 3]:
        return Fraction(249)
    if ranks[0] == 4:
        return Fraction(49)
    if ranks[0] == 3 and len(p + b) == 4:
        return Fraction(24)
    return Fraction(-1)


SETTLE: dict[tuple[str, str], Callable[[Hand, Hand], Fraction]] = {
    ("pairs", "either-pair"): either_pair,  # pair, either
    ("pairs", "perfect-pairs"): perfect_pairs,  # suited pair, both
    ("lucky-8", "lucky-8-player"): lucky_8_player,  # suited hand, both, result
    ("three-giving-eight", "three-giving-eight"): three_giving_eight,  # two-card total, third card
    ("egalite", "low-tie-max"): low_tie_max,  # winner, highest card of all cards
    ("suits", "colour-match"): colour_match,  # colours of the first four
    ("suits", "super-tie"): super_tie,  # colours of every card, cards, totals
    ("suits", "majestic-match-player"): majestic_match_player,  # first two: holds, suited
    ("suits", "perfect-9"): perfect_9,  # two-card total, holds a value
    ("cards-dealt", "big"): big,  # cards dealt
    ("golden-frog", "any-8-beats-any-6"): any_8_beats_any_6,  # winning and losing hand
    ("even-odd", "player-even"): player_even,  # even total
    ("naturals", "lucky-99"): lucky_99,  # naturals of both hands
    ("dai-bacc", "kill-the-ox-tiger"): kill_the_ox_tiger,  # winner lists
    ("bad-beat", "any-bad-beat"): any_bad_beat,  # margin
    ("condition-kinds", "positions"): positions,  # fifth and sixth cards
    ("condition-kinds", "colours"): colours,  # all red, mixed colours
    ("condition-kinds", "cards-held"): cards_held,  # holds two of a rank, highest card of a hand
}


@cache
def played(cards: tuple[str, ...]) -> Counter[tuple[Hand, Hand]]:
    """The hands of every ordered six-card sequence of the physical ``cards``, each with how many sequences deal it."""
    return Counter(play(sequence) for sequence in permutations(cards, 6))


def brute_force(cards: list[str], settle: Callable[[Hand, Hand], Fraction]) -> Counter[Fraction]:
    """What one unit nets over every ordered six-card sequence of the physical ``cards``."""
    nets: Counter[Fraction] = Counter()
    for (player, banker), n in played(tuple(cards)).items():
        nets[settle(player, banker)] += n
    return nets
