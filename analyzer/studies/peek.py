"""Reveal and raise (Peek-Baccarat-style games): par sheets under optimal play and never raising, exact.

The game
    A bettor on a raisable wager (the rule set's ``[reveal] wagers``) pays the initial bet and a fee on it. After
    the first four cards are dealt, some of them are revealed (how many and which, by the ``[reveal]`` laws); the
    bettor then keeps the bet or raises it to one of the ``multiples`` of the initial bet, with no fee on the
    raise; the round is played out and the whole bet settled by the wager's pay table. Per unit of initial bet, a
    round that ends on a row paying ``pays`` with the bet at ``m`` initial bets nets ``m * pays - fee``.

Optimal play, exactly
    Given what is seen (a *pattern*: the revealed cards of each hand), the bet's expected value per unit is a ratio
    of two exact counts (:mod:`analyzer.exact.reveal`): the sum of count times pays over the dealings showing the
    pattern, over their number. Raising to ``m`` adds ``(m - 1)`` times it, so the play that returns the most money
    raises to the largest multiple where it is above 0 and keeps the bet where it is below 0 (both are optimal where
    it is exactly 0; the card keeps). No play between is ever better: the return is linear in the raise. This is
    "optimal" here: the most expected money per initial bet, the play the strategy card states.

Two returns, both stated
    * RTP per amount wagered: E[returned] / E[wagered], the wagered amount being the initial bet, the fee and the
      raise; the payout percentage of all amounts wagered that a regulator's floor reads (e.g. 86 Ill. Adm. Code
      3000.660(a)).
    * RTP per initial bet: 1 + E[net] / initial bet, the convention of blackjack's house edge (doubles and splits
      add money that the denominator leaves out).

    A third figure answers the other reading of "the method of play that will provide the greatest return":
    the highest *percentage* of amounts wagered. Because the fee is a fixed cost, raising where the bet loses a
    little can raise that percentage while losing more money; the play that maximizes it raises wherever the
    pattern's value per unit is above RTP - 1 (found exactly by Dinkelbach's iteration, which ends in finitely many
    steps), and :attr:`WagerPeek.greatest_percentage` gives it with the patterns where it raises and optimal play
    keeps.

Counting convention
    Counts are pairs (ordered six-card dealing P1 B1 P2 B2 P3 B3, revealed set), each set weighted by ``L`` times
    its probability, ``L`` the least common multiple of the probabilities' denominators, so that every count is a
    whole number and the counts of a sheet add up to ``N(N-1)(N-2)(N-3)(N-4)(N-5) * L``. With the default
    positions (every set of ``k`` cards equally likely) and ``k`` cards revealed, ``L`` is the number of such sets
    and a count is simply a number of (dealing, set) pairs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from ..errors import InputError, shown
from ..exact.reveal import CardClasses, RevealCounts, reveal_counts
from ..game.reveal import Reveal
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Outcome, Wager
from .peekcard import CardGrid, strategy_card
from .peekpatterns import SHAPES, Pattern, Policy, Shape, patterns_of, shape_of

OPTIMAL, NEVER, GREATEST_PERCENTAGE = "optimal", "never raise", "greatest percentage"
PLAYS: tuple[str, ...] = (OPTIMAL, NEVER, GREATEST_PERCENTAGE)
"""The plays analysed: the most money (the strategy card), never raising, the highest percentage of amounts
wagered."""


@dataclass(frozen=True, slots=True)
class RaiseRow:
    """A row of a raised wager's par sheet: the bet standing at ``multiple`` initial bets, and the pay-table row the
    round settles on; ``net`` is per unit of initial bet, the fee included."""

    multiple: int
    outcome: Outcome
    combinations: int
    probability: Fraction
    net: Fraction

    @property
    def contribution(self) -> Fraction:
        """Probability times net: this row's part of the expected value per initial bet."""
        return self.probability * self.net


@dataclass(frozen=True, slots=True)
class RaiseSheet:
    """A raised wager's par sheet under one play and one reveal law: rows by (multiple, outcome), per initial bet.

    ``weight`` is ``L`` of the counting convention (see the module), so ``denominator`` is N(N-1)...(N-5) * L.
    """

    wager: Wager
    play: str
    fee: Fraction
    weight: int
    denominator: int
    rows: tuple[RaiseRow, ...]

    def __post_init__(self) -> None:
        if sum(r.combinations for r in self.rows) != self.denominator:
            raise AssertionError(f"{self.wager.name}: the rows do not add up to the denominator")

    @property
    def expected_value(self) -> Fraction:
        """E[net] per unit of initial bet, the fee and the raise included."""
        return sum((r.combinations * r.net for r in self.rows), Fraction(0)) / self.denominator

    @property
    def house_edge(self) -> Fraction:
        """Minus :attr:`expected_value`: the house edge per initial bet."""
        return -self.expected_value

    @property
    def expected_bet(self) -> Fraction:
        """The bet finally standing, in initial bets, on average (1 when never raised)."""
        return Fraction(sum(r.combinations * r.multiple for r in self.rows), self.denominator)

    @property
    def expected_wagered(self) -> Fraction:
        """What a bettor pays in on average per initial bet: the bet finally standing and the fee."""
        return self.expected_bet + self.fee

    @property
    def rtp(self) -> Fraction:
        """RTP per amount wagered: E[returned] / E[wagered] = 1 + E[net] / E[wagered]."""
        return 1 + self.expected_value / self.expected_wagered

    @property
    def rtp_initial(self) -> Fraction:
        """RTP per initial bet: 1 + E[net] per unit of initial bet."""
        return 1 + self.expected_value

    @property
    def raise_frequency(self) -> Fraction:
        """The probability that the bet is raised."""
        return Fraction(sum(r.combinations for r in self.rows if r.multiple > 1), self.denominator)

    @property
    def variance(self) -> Fraction:
        """The variance of the net result per initial bet."""
        second = sum((r.combinations * r.net * r.net for r in self.rows), Fraction(0)) / self.denominator
        return second - self.expected_value**2

    @property
    def standard_deviation(self) -> float:
        """The square root of :attr:`variance` (the one inexact figure)."""
        return math.sqrt(self.variance)


@dataclass(frozen=True, slots=True)
class ByCount:
    """A raised wager's plays when exactly ``cards`` cards are revealed (which ones by the positions law)."""

    cards: int
    probability: Fraction
    """How often the file's law reveals this many (0 when it never does)."""
    optimal: RaiseSheet
    never: RaiseSheet

    @property
    def peek_value(self) -> Fraction:
        """What optimal play gains over never raising, per initial bet."""
        return self.optimal.expected_value - self.never.expected_value


@dataclass(frozen=True)
class WagerPeek:
    """One raised wager: its patterns by shape, its plays per number of cards revealed and under the file's law."""

    wager: Wager
    patterns: Mapping[Shape, tuple[Pattern, ...]]
    by_count: tuple[ByCount, ...]
    optimal: RaiseSheet
    never: RaiseSheet
    greatest_percentage: RaiseSheet
    threshold: Fraction
    """The greatest-percentage play raises where a pattern's value per unit is above this (RTP - 1 of that play)."""
    revealed: frozenset[Shape]
    """The shapes the file's law reveals."""
    classes: CardClasses
    """What a pattern names the revealed cards by (values, or ranks when the wager reads a pair)."""
    choices: tuple[int, ...]
    """What the bet may stand at once the cards are seen, in initial bets (1 kept, then the multiples)."""
    card: tuple[CardGrid, ...]
    """The strategy card: a grid per shape revealed under some count, each with its exceptions
    (:func:`analyzer.studies.peekcard.strategy_card`)."""

    @property
    def peek_value(self) -> Fraction:
        """What optimal play gains over never raising, per initial bet, under the file's law."""
        return self.optimal.expected_value - self.never.expected_value

    def best(self, pattern: Pattern) -> str:
        """ "raise", "keep", or "either" (a value of exactly 0) for ``pattern`` under optimal play."""
        return "raise" if pattern.net > 0 else "keep" if pattern.net < 0 else "either"

    def play(self, pattern: Pattern) -> int:
        """The bet optimal play stands at, in initial bets: the largest multiple where the pattern's value is above
        0, else 1 (kept)."""
        return self.choices[-1] if pattern.net > 0 else 1

    def percentage_only(self) -> tuple[Pattern, ...]:
        """Patterns the file's law reveals where the greatest-percentage play raises and optimal play keeps (a value
        per unit at most 0 but above the threshold)."""
        return tuple(
            p
            for shape in SHAPES
            if shape in self.revealed
            for p in self.patterns[shape]
            if self.threshold * p.ways < p.net <= 0
        )


@dataclass(frozen=True)
class PeekAnalysis:
    """Everything ``baccarat peek`` states for one rule set and shoe: each raised wager's plays and patterns."""

    rules: RuleSet
    shoe: Shoe
    reveal: Reveal
    wagers: tuple[WagerPeek, ...]

    def wager(self, name: str) -> WagerPeek:
        """The analysis of the raised wager ``name``."""
        for w in self.wagers:
            if w.wager.name == name:
                return w
        raise InputError(
            f"{shown(name)} is not a raised wager here; the [reveal] table raises {', '.join(self.reveal.wagers)}."
        )


def peek_reveal(rules: RuleSet) -> Reveal:
    """The rule set's ``[reveal]`` table; refuses a rule set without one in one line."""
    if rules.reveal is None:
        raise InputError(
            f"Rule set {rules.name} has no [reveal] table (reveal and raise); use examples/peek-style.toml or a "
            "rule file with one."
        )
    return rules.reveal


def analyze_peek(rules: RuleSet, shoe: Shoe, wagers: Sequence[str] = ()) -> PeekAnalysis:
    """Every raised wager's (or those named) plays, exact; cached by (rules, shoe, wagers).

    Raises :class:`InputError` for a rule set without a ``[reveal]`` table, or a wager it does not raise.
    """
    reveal = peek_reveal(rules)
    names = tuple(wagers) or reveal.wagers
    for name in names:
        if name not in reveal.wagers:
            raise InputError(
                f"{shown(name)} is not raised in rule set {rules.name}; its [reveal] table raises "
                f"{', '.join(reveal.wagers)}."
            )
    every = _analysed(rules, shoe)
    return replace(every, wagers=tuple(every.wager(n) for n in names))


@lru_cache(maxsize=8)
def _analysed(rules: RuleSet, shoe: Shoe) -> PeekAnalysis:
    """Every raised wager at once (one pass over the first four cards counts them all)."""
    reveal = peek_reveal(rules)
    counted = reveal_counts(shoe, rules.drawing, tuple(rules.wager(n) for n in reveal.wagers))
    return PeekAnalysis(
        rules=rules, shoe=shoe, reveal=reveal, wagers=tuple(_wager_peek(counted[n], reveal) for n in reveal.wagers)
    )


def shape_weights(reveal: Reveal, count: int | None = None) -> dict[Shape, Fraction]:
    """The probability of revealing each shape: under the whole law, or given that ``count`` cards are revealed."""
    weights: dict[Shape, Fraction] = {}
    sets = reveal.sets() if count is None else reveal.sets_given(count)
    for subset, p in sets:
        weights[shape_of(subset)] = weights.get(shape_of(subset), Fraction(0)) + p
    return weights


def raise_sheet(
    wager: Wager,
    reveal: Reveal,
    patterns: Mapping[Shape, Sequence[Pattern]],
    weights: Mapping[Shape, Fraction],
    policy: Policy,
    play: str,
    denominator: int,
) -> RaiseSheet:
    """The par sheet of ``wager`` when each shape is revealed with its weight and every pattern plays ``policy``.

    ``denominator`` is N(N-1)...(N-5), what one set's counts add up to.
    """
    weight = math.lcm(*(w.denominator for w in weights.values() if w))
    counts: dict[tuple[int, int], int] = {}
    for shape, w in weights.items():
        if not w:
            continue
        scale = int(w * weight)
        for pattern in patterns[shape]:
            m = policy(pattern)
            for r, n in enumerate(pattern.rows):
                counts[(m, r)] = counts.get((m, r), 0) + scale * n
    total = denominator * weight
    multiples = sorted({1, *(m for m, _ in counts)})
    rows = []
    for m in multiples:
        if m != 1 and not any(counts.get((m, r), 0) for r in range(len(wager.outcomes))):
            continue
        for r, outcome in enumerate(wager.outcomes):
            n = counts.get((m, r), 0)
            assert outcome.pays is not None, "a raised wager has a pay on every row (checked by the rule set)"
            rows.append(RaiseRow(m, outcome, n, Fraction(n, total), m * outcome.pays - reveal.fee))
    return RaiseSheet(wager, play, reveal.fee, weight, total, tuple(rows))


def optimal_policy(reveal: Reveal) -> Policy:
    """The most money: the largest multiple where the pattern's value is above 0, else keep."""
    top = reveal.multiples[-1]
    return lambda p: top if p.net > 0 else 1


def never_policy(p: Pattern) -> int:
    """Never raise."""
    return 1


def threshold_policy(reveal: Reveal, threshold: Fraction) -> Policy:
    """Raise to the largest multiple where the pattern's value per unit is above ``threshold``."""
    top = reveal.multiples[-1]
    return lambda p: top if p.net > threshold * p.ways else 1


def greatest_percentage(
    wager: Wager,
    reveal: Reveal,
    patterns: Mapping[Shape, Sequence[Pattern]],
    weights: Mapping[Shape, Fraction],
    denominator: int,
) -> tuple[RaiseSheet, Fraction]:
    """The play with the highest RTP per amount wagered, and its threshold (RTP - 1): Dinkelbach's iteration from
    optimal play, each step the threshold play at the last ratio; the ratio rises at every step and the plays are
    finitely many, so it ends, exactly."""
    threshold = Fraction(0)
    sheet = raise_sheet(wager, reveal, patterns, weights, optimal_policy(reveal), GREATEST_PERCENTAGE, denominator)
    while True:
        ratio = sheet.expected_value / sheet.expected_wagered
        if ratio == threshold:
            return sheet, threshold
        threshold = ratio
        sheet = raise_sheet(
            wager, reveal, patterns, weights, threshold_policy(reveal, threshold), GREATEST_PERCENTAGE, denominator
        )


def _wager_peek(counts: RevealCounts, reveal: Reveal) -> WagerPeek:
    wager, denominator = counts.wager, counts.denominator
    law = shape_weights(reveal)
    counts_known = [k for k in range(1, 5) if reveal.sets_given(k)]
    shapes = {shape for k in counts_known for shape in shape_weights(reveal, k)}
    patterns = {shape: patterns_of(counts, shape) for shape in SHAPES if shape in shapes}
    optimal = optimal_policy(reveal)

    def sheets(weights: Mapping[Shape, Fraction]) -> tuple[RaiseSheet, RaiseSheet]:
        return (
            raise_sheet(wager, reveal, patterns, weights, optimal, OPTIMAL, denominator),
            raise_sheet(wager, reveal, patterns, weights, never_policy, NEVER, denominator),
        )

    by_count = tuple(ByCount(k, reveal.count_probability(k), *sheets(shape_weights(reveal, k))) for k in counts_known)
    best, never = sheets(law)
    percentage, threshold = greatest_percentage(wager, reveal, patterns, law, denominator)
    return WagerPeek(
        wager=wager,
        patterns=patterns,
        by_count=by_count,
        optimal=best,
        never=never,
        greatest_percentage=percentage,
        threshold=threshold,
        revealed=frozenset(law),
        classes=counts.classes,
        choices=reveal.choices,
        card=strategy_card(patterns, counts.classes, reveal.choices[-1]),
    )
