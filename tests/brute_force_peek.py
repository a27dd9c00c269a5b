"""A naive reference for reveal and raise: every ordered six-card sequence of actual cards, played by the hand-written
rules of :mod:`tests.brute_force`, with each of the 15 sets of the first four positions revealed in turn.

Nothing here reads the analyzer's counts, classes or patterns: a revealed set's reading is the actual ranks at its
positions, in the set's order, and a bet's value given a reading is summed over the sequences showing it. It is slow
(one permutation at a time) and meant for shoes of a handful of cards.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

from .brute_force import STANDARD, net, play

POSITIONS: dict[str, int] = {"P1": 0, "B1": 1, "P2": 2, "B2": 3}
"""Where each of the first four positions is in a sequence dealt P1 B1 P2 B2 P3 B3."""

Subset = tuple[str, ...]
Sums = dict[Subset, dict[tuple[str, ...], tuple[int, Fraction]]]


def every_subset() -> list[Subset]:
    """The 15 sets of revealed positions, in the order P1 P2 B1 B2 within each."""
    order = ("P1", "P2", "B1", "B2")
    return [s for k in range(1, 5) for s in combinations(order, k)]


def seen_sums(cards: list[str], wager: str, rule_set: str = "punto-banco") -> tuple[int, Sums]:
    """The number of sequences, and for every revealed set and every reading of it (the ranks seen), the sequences
    showing it and the unit bet's net summed over them."""
    sums: Sums = {s: {} for s in every_subset()}
    total = 0
    for sequence in permutations(cards, 6):
        total += 1
        result = net(rule_set, wager, play(sequence, STANDARD))
        assert isinstance(result, Fraction)
        for subset, table in sums.items():
            reading = tuple(sequence[POSITIONS[p]] for p in subset)
            ways, summed = table.get(reading, (0, Fraction(0)))
            table[reading] = (ways + 1, summed + result)
    return total, sums


def optimal_value(sums: Sums, subset: Subset, total: int, choices: tuple[int, ...], fee: Fraction) -> Fraction:
    """The expected net per initial bet of the best choice on every reading of ``subset``, the fee paid."""
    best = sum((max(m * summed for m in choices) for _, summed in sums[subset].values()), Fraction(0))
    return best / total - fee


def never_value(sums: Sums, subset: Subset, total: int, fee: Fraction) -> Fraction:
    """The expected net per initial bet when the bet is never raised, the fee paid."""
    return sum((summed for _, summed in sums[subset].values()), Fraction(0)) / total - fee
