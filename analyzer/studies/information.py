"""What information is worth: the best bet for every pattern seen before betting, and the player's edge, exactly.

A player who sees something of the coming round's cards (:class:`~analyzer.game.sight.Sight`: a known card,
the groups of an edge sort) bets, for each pattern seen, the candidate wager with the highest expected value
given that pattern, or nothing when none has an expected value above 0 (a round not bet counts 0). The
figures, all exact fractions of the shoe's ordered six-card dealings:

* per pattern: its probability, each candidate's expected value per unit staked given the pattern, the wager
  bet (the first in the candidates' order among equals) or none, and that wager's edge;
* **per round dealt**: the player's expected gain per round, rounds not bet counting 0 (the basis of
  Jacobson's published figures);
* **share of rounds bet**, and **per bet made**: the gain per round divided by the share bet (the player's
  edge on the money actually wagered);
* **betting every round**: the expected result per round of a player who must bet each round and bets the
  best wager even where it has no edge;
* each candidate's expected value seeing nothing (its par sheet's), and the variance per round of the
  player's net (one unit on each round bet), which an exposure's spread is computed from
  (:mod:`analyzer.studies.exposure`).

What it is not: a choice of several bets at once (one unit on one wager per round), nor a table rule that ties
a side bet to a main bet (a wager's ``requires`` is noted, not enforced).

>>> from analyzer.exact.reach import load_rules
>>> from analyzer.game.shoe import Shoe
>>> from analyzer.game.sight import parse_sight
>>> rules = load_rules("live-pittsburgh")
>>> seen = information(rules, Shoe.decks(8), parse_sight("1=value"), ["player", "banker", "tie"])
>>> f"{float(seen.gain):.5%}", seen.share
('6.76475%', Fraction(1, 1))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InputError, named, shown
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.sight import Sight
from ..game.wager import Wager
from .observed import PatternSums, candidate_wagers, pattern_sums

MAX_PATTERNS = 2**17
"""The most patterns one study lists (131,072: the values of five cards, the ranks of four, are within it)."""


@dataclass(frozen=True, slots=True)
class Observation:
    """One pattern a player can see: what each observed position shows, and the bet it calls for."""

    labels: tuple[str, ...]
    """What each observed position shows (a group's ranks, a value, a rank), in position order."""
    dealings: int
    probability: Fraction
    values: tuple[Fraction, ...]
    """Each candidate wager's expected value per unit staked, given the pattern."""
    best: int | None
    """The candidate bet (an index), or ``None`` when no candidate's expected value is above 0."""

    @property
    def edge(self) -> Fraction | None:
        """The player's expected value per unit on the wager bet (``None`` when nothing is bet)."""
        return None if self.best is None else self.values[self.best]

    @property
    def gain(self) -> Fraction:
        """The pattern's part of the gain per round dealt: its probability times the edge of the bet (0 if none)."""
        return Fraction(0) if self.best is None else self.probability * self.values[self.best]


@dataclass(frozen=True, slots=True)
class Information:
    """What seeing ``sight`` is worth under ``rules`` from ``shoe``, betting the best of ``wagers`` (module notes)."""

    rules: RuleSet
    shoe: Shoe
    sight: Sight
    wagers: tuple[Wager, ...]
    observations: tuple[Observation, ...]
    """Every pattern some dealing shows, in the order of its labels."""
    blind: tuple[Fraction, ...]
    """Each candidate's expected value per unit seeing nothing."""
    gain: Fraction
    """The player's expected gain per round dealt (a round not bet counts 0)."""
    share: Fraction
    """The probability that a round is bet."""
    every_round: Fraction
    """The expected result per round of betting the best candidate on every round, edge or not."""
    second_moment: Fraction
    """E[X^2] per round of the player's net X (one unit on each round bet, 0 on the others)."""

    @property
    def per_bet(self) -> Fraction | None:
        """The player's edge per bet made: the gain per round over the share of rounds bet (``None``: never bet)."""
        return None if self.share == 0 else self.gain / self.share

    @property
    def variance(self) -> Fraction:
        """The variance per round of the player's net, one unit on each round bet."""
        return self.second_moment - self.gain**2

    @property
    def best_blind(self) -> int:
        """The candidate with the highest expected value seeing nothing (the first among equals)."""
        return max(range(len(self.blind)), key=lambda j: (self.blind[j], -j))

    def bets(self, wager: int) -> Fraction:
        """The probability that a round is bet on candidate ``wager``."""
        return sum((o.probability for o in self.observations if o.best == wager), Fraction(0))


def information(rules: RuleSet, shoe: Shoe, sight: Sight, wagers: Sequence[str] = ()) -> Information:
    """What ``sight`` is worth: the best bet per pattern and the edges (default candidates: every offered wager with a
    pay table and no lightning)."""
    if sight.patterns > MAX_PATTERNS:
        raise InputError(
            f"The sight {shown(sight.text)} can show {sight.patterns:,} patterns, more than the {MAX_PATTERNS:,} "
            "one table lists; see less (a value or a group instead of a rank, fewer cards), or rank sorts with "
            f"{named('sort_search()', '--search-sorts')}."
        )
    chosen = candidate_wagers(rules, wagers)
    return information_of(rules, shoe, pattern_sums(rules, shoe, sight, chosen), chosen)


def information_of(rules: RuleSet, shoe: Shoe, sums: PatternSums, wagers: Sequence[Wager]) -> Information:
    """:class:`Information` from a count of the patterns (:func:`analyzer.studies.observed.pattern_sums`)."""
    common = math.lcm(*sums.scales)
    factors = [common // s for s in sums.scales]
    total = sums.total
    names = [sums.sight.seen[i].names for i in sums.sight.observed]
    observations = []
    gain = every = second = bet = 0  # numerators over common * total, common**2 * total, total
    for p, dealt in enumerate(sums.dealings.tolist()):
        dealt = int(dealt)
        if dealt == 0:
            continue
        firsts = [int(x) for x in sums.first[p].tolist()]
        scaled = [x * f for x, f in zip(firsts, factors)]
        top = max(range(len(scaled)), key=lambda j: (scaled[j], -j))
        best = top if scaled[top] > 0 else None
        every += scaled[top]
        if best is not None:
            gain += scaled[top]
            second += int(sums.second[p, best]) * factors[best] ** 2
            bet += dealt
        observations.append(
            Observation(
                labels=tuple(names[i][label] for i, label in enumerate(sums.labels(p))),
                dealings=dealt,
                probability=Fraction(dealt, total),
                values=tuple(Fraction(x, s * dealt) for x, s in zip(firsts, sums.scales)),
                best=best,
            )
        )
    blind = tuple(
        Fraction(sum(int(x) for x in sums.first[:, j].tolist()), s * total) for j, s in enumerate(sums.scales)
    )
    return Information(
        rules=rules,
        shoe=shoe,
        sight=sums.sight,
        wagers=tuple(wagers),
        observations=tuple(observations),
        blind=blind,
        gain=Fraction(gain, common * total),
        share=Fraction(bet, total),
        every_round=Fraction(every, common * total),
        second_moment=Fraction(second, common**2 * total),
    )
