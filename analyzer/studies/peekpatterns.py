"""What the bettor of a reveal-and-raise game sees: the shapes of a revealed set, and the patterns of each shape.

A *shape* is how many of the Player's and of the Banker's first two cards are revealed; a *pattern* is what the bettor
sees on a set of that shape (the classes of each hand's revealed cards), with the dealings that show it by the
wager's row and what they net. :mod:`analyzer.studies.peek` prices plays over the patterns,
:mod:`analyzer.studies.peekcard` pools them into the strategy card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..exact.reveal import RevealCounts
from ..game.reveal import POSITIONS, Positions

Shape = tuple[int, int]
"""How many of the Player's and of the Banker's cards are revealed."""

SHAPES: tuple[Shape, ...] = ((1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (2, 1), (1, 2), (2, 2))
"""Every shape, by number of cards revealed, then Player cards first."""

PatternKey = tuple[tuple[int, ...], tuple[int, ...]]
"""The classes of the Player's and of the Banker's revealed cards, each sorted: what the bettor sees."""


def shape_of(subset: Positions) -> Shape:
    """The shape of a revealed set: its Player cards and its Banker cards."""
    return (sum(p.startswith("P") for p in subset), sum(p.startswith("B") for p in subset))


def representative(shape: Shape) -> Positions:
    """The set of a shape the counts are read on (every set of a shape has the same counts, by exchangeability)."""
    return (*POSITIONS[: shape[0]], *POSITIONS[2 : 2 + shape[1]])


@dataclass(frozen=True, slots=True)
class Pattern:
    """One pattern of one shape: what is seen, its dealings by row (for one set of the shape), and its value.

    ``rows`` counts the ordered six-card dealings showing the pattern on the shape's set, by the wager's row;
    ``net`` is the sum of count times pays (so ``net / ways`` is the expected value of a unit bet given it).
    """

    shape: Shape
    key: PatternKey
    rows: tuple[int, ...]
    net: Fraction

    @property
    def ways(self) -> int:
        return sum(self.rows)

    @property
    def cards(self) -> int:
        """How many cards are revealed."""
        return self.shape[0] + self.shape[1]

    @property
    def expected_value(self) -> Fraction:
        """The exact expected value of a unit bet, given the pattern."""
        return self.net / self.ways


def patterns_of(counts: RevealCounts, shape: Shape) -> tuple[Pattern, ...]:
    """The patterns of ``shape``: the readings of its set pooled by what is seen (each hand's cards as a multiset),
    in class order."""
    wager = counts.wager
    pooled: dict[PatternKey, list[int]] = {}
    for reading, rows in counts.readings(representative(shape)).items():
        key = (tuple(sorted(reading[: shape[0]])), tuple(sorted(reading[shape[0] :])))
        total = pooled.setdefault(key, [0] * len(rows))
        for i, n in enumerate(rows):
            total[i] += n
    pays = [o.pays for o in wager.outcomes]
    patterns = []
    for key in sorted(pooled):
        rows = tuple(pooled[key])
        net = sum((n * p for n, p in zip(rows, pays) if p is not None), Fraction(0))
        patterns.append(Pattern(shape, key, rows, net))
    return tuple(patterns)


Policy = Callable[[Pattern], int]
"""A play: the bet a pattern's bettor stands at, in initial bets."""
