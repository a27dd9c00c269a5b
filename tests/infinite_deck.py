"""Drawing with replacement, by hand: the infinite-deck probabilities, exactly.

Every card is drawn independently of the others, each rank with probability
1/13. The rounds are played and settled by the hand-written rules of
:mod:`tests.brute_force` (``play``, ``net``); nothing here fits, enumerates
or settles with analyzer code, so agreement with a limit of
:mod:`analyzer.studies.formula` is evidence from two sides.

The first two cards of a hand matter only through their total and whether
they are a pair, and a third card only through its value, so each of those
classes is played once with a representative card and weighted by its
probability: 20 x 20 starting classes and 10 x 10 third cards.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from analyzer.game.state import FinalState

from .brute_force import play, value

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
EACH = Fraction(1, 13)


def _two_card_classes() -> dict[tuple[int, bool], tuple[tuple[str, str], Fraction]]:
    """(total, pair) -> (a representative pair of ranks, its probability)."""
    classes: dict[tuple[int, bool], tuple[tuple[str, str], Fraction]] = {}
    for first in RANKS:
        for second in RANKS:
            key = ((value(first) + value(second)) % 10, first == second)
            cards, weight = classes.get(key, ((first, second), Fraction(0)))
            classes[key] = (cards, weight + EACH * EACH)
    return classes


def _third_cards() -> dict[int, tuple[str, Fraction]]:
    """Value -> (a representative rank, its probability): T J Q K pool into 0."""
    thirds: dict[int, tuple[str, Fraction]] = {}
    for rank in RANKS:
        card, weight = thirds.get(value(rank), (rank, Fraction(0)))
        thirds[value(rank)] = (card, weight + EACH)
    return thirds


def infinite_deck(kind: str) -> dict[FinalState, Fraction]:
    """The probability of every final state when cards are drawn with replacement."""
    hands, thirds = _two_card_classes(), _third_cards()
    result: Counter[FinalState] = Counter()
    for (p1, p2), p_weight in hands.values():
        for (b1, b2), b_weight in hands.values():
            for fifth, w5 in thirds.values():
                for sixth, w6 in thirds.values():
                    state = play((p1, b1, p2, b2, fifth, sixth), kind)
                    result[state] += p_weight * b_weight * w5 * w6
    return dict(result)
