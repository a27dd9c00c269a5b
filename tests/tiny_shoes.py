"""Tiny shoes, every ordered six-card sequence of their cards, and those sequences played by the round engine.

A sequence is a tuple of ranks in dealing order; its weight is the number of
ways to deal it from the physical cards (a shoe with two 3s deals "3 ..." in
two ways), so weighted counts compare with the enumerator's ordered dealings.
The engine's rounds are cached: several test modules compare against them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.play.engine import Bet, Round, Seat, deal_round

# Both shoes reach naturals, 7-7 ties, pairs, wins by 7 or more, and the Banker 5
# against a Player who stood and one who drew (000's rule); 2,790 and 5,400
# distinct sequences.
TINY_SHOES = {
    "low-cards": ["A", "A", "2", "3", "3", "4", "5", "5"],
    "sevens-and-tens": ["7", "7", "K", "K", "Q", "5", "2", "9"],
}


def tiny_shoe(name: str) -> Shoe:
    return Shoe.from_counts(Counter(TINY_SHOES[name]))


def sequences(cards: list[str], length: int = 6) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every distinct ordered sequence of ``length`` ranks from ``cards``, with its number of ways."""
    left = Counter(cards)

    def deal(prefix: tuple[str, ...], ways: int) -> Iterator[tuple[tuple[str, ...], int]]:
        if len(prefix) == length:
            yield prefix, ways
            return
        for rank in sorted(left):
            n = left[rank]
            if n:
                left[rank] = n - 1
                yield from deal(prefix + (rank,), ways * n)
                left[rank] = n

    yield from deal((), 1)


def every_offered_bet(rule_set: str) -> Seat:
    """One seat betting one unit on every wager the rule set offers (side bets then have a main bet beside them)."""
    rules = read_rules(rule_set)
    return Seat(1, tuple(Bet(w.name, Fraction(1)) for w in rules.wagers if w.offered))


@cache
def played(rule_set: str, shoe_name: str) -> tuple[tuple[tuple[str, ...], int, Round], ...]:
    """Every sequence of the tiny shoe dealt by the engine under ``rule_set``, every offered wager bet."""
    rules = read_rules(rule_set)
    seat = every_offered_bet(rule_set)
    return tuple(
        (sequence, ways, deal_round(rules, sequence, (seat,))) for sequence, ways in sequences(TINY_SHOES[shoe_name])
    )
