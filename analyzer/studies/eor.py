"""Effects of removal and the balanced integer count built from them.

The effect of removal of a rank is the exact change in a wager's expected
value (per unit staked) when one card of that rank is taken out of the shoe:
EV(shoe less one card of rank r) - EV(shoe). Each is an exact
:class:`Fraction`, from two exact analyses.

Invariant (tested): sum over ranks of n_r * effect_r == 0 exactly, n_r the
cards of rank r in the shoe.

Suits: for a wager that reads them, the effect of each of the 52 card types
is computed too (``by_type``), and the effect of a rank is then the effect
of removing a card of that rank whose suit is not seen: the average of its
types' effects weighted by their cards (each remaining card of the rank is
equally likely to be the one removed), exact, and again balanced. The first card of a shuffled shoe is rank r with
probability n_r / N, and the expectation with one unknown card gone is the
expectation of the full shoe (exchangeability), so the effects, weighted by
the cards, cancel. A shoe less a card is counted from the shoe less a card
of the same rank and another suit when swapping the two suits keeps the
shoe and every record field read (:mod:`analyzer.exact.suits`): in a full
shoe, once per rank for a wager that reads common suits only.

A *balanced count* tags each rank with a small integer proportional to its
effect, the tags summing to zero over a 52-card deck (four of each rank), so
that the running count of a full shoe is zero on average. Its quality is its
correlation with the exact effects over the cards of the shoe (the weighted
Pearson correlation, the card counter's "betting correlation").

>>> from analyzer.game.rulefile import read_rules
>>> from analyzer.game.shoe import Shoe
>>> (tie,) = effects_of_removal(read_rules("punto-banco"), Shoe.decks(8), ("tie",))
>>> sum(n * e for n, e in zip(Shoe.decks(8).counts, tie.effects))
Fraction(0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..exact.parsheet import par_sheets
from ..game.cards import RANKS, SUITS, TYPES
from ..game.needs import Needs, needs_of
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.wager import Wager

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..exact.settlement import RecordTable

CARDS_OF_A_RANK_PER_DECK = 4
"""A 52-card deck holds four cards of each rank: the balance of a count is taken over one."""
CARDS_PER_DECK = CARDS_OF_A_RANK_PER_DECK * len(RANKS)
MAX_TAG = 3
"""Tags are whole numbers from -MAX_TAG to MAX_TAG ("small integers")."""


@dataclass(frozen=True, slots=True)
class Effects:
    """A wager's expected value on ``shoe`` and, per rank, the exact effect of removing one card.

    ``effects[i]`` belongs to ``RANKS[i]``; it is ``None`` when the shoe holds
    no card of that rank.
    """

    wager: Wager
    shoe: Shoe
    expected_value: Fraction
    effects: tuple[Fraction | None, ...]
    by_type: tuple[Fraction | None, ...] | None = None
    """Per card type (:data:`~analyzer.game.cards.TYPES` order), for a wager that reads suits; else ``None``."""

    def __post_init__(self) -> None:
        if len(self.effects) != len(RANKS):
            raise ValueError(f"Effects need one entry per rank, got {len(self.effects)}.")
        balance = sum((n * e for n, e in zip(self.shoe.counts, self.effects) if e is not None), Fraction(0))
        if balance != 0:
            raise AssertionError(f"{self.wager.name}: effects weighted by the cards add up to {balance}, not 0")
        if self.by_type is not None:
            assert self.shoe.types is not None and len(self.by_type) == len(TYPES)
            balance = sum((n * e for n, e in zip(self.shoe.types, self.by_type) if e is not None), Fraction(0))
            if balance != 0:
                raise AssertionError(f"{self.wager.name}: effects by card type add up to {balance}, not 0")

    def effect(self, rank: str) -> Fraction | None:
        """The effect of removing one card of ``rank``."""
        return self.effects[RANKS.index(rank)]


@dataclass(frozen=True, slots=True)
class BalancedCount:
    """Integer tags per rank (RANKS order), summing to zero over a deck, and how well they track the effects.

    ``tags`` are all zero and ``correlation`` is ``None`` when every effect is
    zero: no linear count can follow such a wager (the Pair side bets, whose
    edge moves only with the square of the composition); and when no
    rounding of the effects to tags within the range balances over a deck
    (Majestic Match: K and Q against eleven other ranks).
    """

    tags: tuple[int, ...]
    correlation: float | None

    def __post_init__(self) -> None:
        if len(self.tags) != len(RANKS):
            raise ValueError(f"A count needs one tag per rank, got {len(self.tags)}.")
        if sum(self.tags) * CARDS_OF_A_RANK_PER_DECK != 0:
            raise ValueError(f"Tags {self.tags} do not sum to zero over a deck.")

    @property
    def countable(self) -> bool:
        return self.correlation is not None


class _Carrier:
    """The count of a shoe less one card carried from the shoe less a card of the same rank and another suit, where
    swapping the two suits keeps the shoe and the records (:mod:`analyzer.exact.suits`): a rank is then counted once
    per orbit of its suits, not once per suit. Only with every suited wager read through records (no lightning
    multipliers) and as many record needs as the class count keeps tables."""

    def __init__(self, rules: RuleSet, shoe: Shoe, wagers: Sequence[Wager]) -> None:
        from ..exact.classcount import KEPT_TABLES  # numpy: these wagers are counted by records anyway

        self.rules, self.shoe = rules, shoe
        self.needs = list(dict.fromkeys(needs_of(w) for w in wagers))
        self.on = all(w.lightning is None for w in wagers) and len(self.needs) <= KEPT_TABLES
        self.counted: dict[str, list[tuple[int, dict[Needs, RecordTable]]]] = {}  # rank -> (suit, tables) counted

    def before(self, card: str, less: Shoe) -> bool:
        """Carry the tables of ``less`` from a card counted before, if one serves (then kept for the count)."""
        from ..exact.classcount import remember
        from ..exact.suits import keeps_shoe, permuted, transposition

        if not self.on:
            return False
        rank, suit = card[:-1], SUITS.index(card[-1])
        for counted_suit, tables in self.counted.get(rank, []):
            perm = transposition(counted_suit, suit)
            if not keeps_shoe(self.shoe, perm):
                continue
            images = [permuted(tables[needs], needs, perm) for needs in self.needs]
            if any(image is None for image in images):
                continue
            for needs, image in zip(self.needs, images):
                assert image is not None
                remember(less, self.rules.drawing, needs, image)
            return True
        return False

    def after(self, card: str, less: Shoe) -> None:
        """Note the tables just counted for ``less`` (the class count keeps them)."""
        from ..exact.classcount import record_table

        if self.on:
            tables = {needs: record_table(less, self.rules.drawing, needs) for needs in self.needs}
            self.counted.setdefault(card[:-1], []).append((SUITS.index(card[-1]), tables))


def effects_of_removal(rules: RuleSet, shoe: Shoe, wagers: Sequence[str] = ()) -> tuple[Effects, ...]:
    """Exact effects of removal of every rank on the named wagers (every wager with pays when none are named).

    Raises :class:`InputError` for a wager without a pay table, or a shoe
    with no card to spare (a round needs six).
    """
    chosen = [rules.wager(name) for name in wagers] if wagers else [w for w in rules.wagers if w.has_pay_table]
    for wager in chosen:
        if not wager.has_pay_table:
            raise InputError(
                f"Wager {wager.name} has no pay table, so removing a card changes no expected value; "
                "give it pays in a rule file, or leave it out."
            )
    if shoe.size <= CARDS_PER_ROUND:
        raise InputError(f"A shoe of {shoe.size} cards has none to remove; it needs at least {CARDS_PER_ROUND + 1}.")
    names = tuple(w.name for w in chosen)
    base = [_ev(s.expected_value) for s in par_sheets(rules, shoe, names)]
    # by card type: wagers that read suits, and those with lightning multipliers (which match card types)
    suited = [j for j, w in enumerate(chosen) if needs_of(w).reads_suits or w.lightning is not None]
    plain = tuple(names[j] for j in range(len(chosen)) if j not in suited)
    less: list[dict[str, Fraction] | None] = []
    for rank, n in zip(RANKS, shoe.counts):
        sheets = par_sheets(rules, shoe.remove([rank]), plain) if n and plain else ()
        less.append({s.wager.name: _ev(s.expected_value) for s in sheets} if n else None)
    by_type: list[list[Fraction | None]] = [[] for _ in chosen]
    if suited:
        if shoe.types is None:
            raise InputError(
                "A wager reads suits, and the suits of this shoe are unknown; remove cards with their suits (KH)."
            )
        carry = _Carrier(rules, shoe, [chosen[j] for j in suited])
        for card, n in zip(TYPES, shoe.types):
            short = shoe.remove([card]) if n else shoe
            carried = bool(n) and carry.before(card, short)
            sheets = par_sheets(rules, short, tuple(names[j] for j in suited)) if n else ()
            if n and not carried:
                carry.after(card, short)
            for j, sheet in zip(suited, sheets):
                by_type[j].append(_ev(sheet.expected_value) - base[j])
            if not n:
                for j in suited:
                    by_type[j].append(None)
    return tuple(
        Effects(
            wager=wager,
            shoe=shoe,
            expected_value=base[j],
            effects=_rank_effects(shoe, by_type[j])
            if j in suited
            else tuple(None if evs is None else evs[wager.name] - base[j] for evs in less),
            by_type=tuple(by_type[j]) if j in suited else None,
        )
        for j, wager in enumerate(chosen)
    )


def _rank_effects(shoe: Shoe, by_type: Sequence[Fraction | None]) -> tuple[Fraction | None, ...]:
    """A rank's effect from its types': the suit of the card removed unseen, each of its cards equally likely."""
    assert shoe.types is not None
    effects: list[Fraction | None] = []
    for rank, n in enumerate(shoe.counts):
        types = range(rank * len(SUITS), (rank + 1) * len(SUITS))
        effects.append(
            None if not n else sum((shoe.types[t] * e for t in types if (e := by_type[t]) is not None), Fraction(0)) / n
        )
    return tuple(effects)


def balanced_count(effects: Effects) -> BalancedCount:
    """The small-integer count that best tracks the effects, balanced over a deck.

    For each largest tag L = 1 .. MAX_TAG, every rank's effect is scaled so
    that the largest magnitude becomes L, and rounded down or up (ranks with
    equal effects together, so that equal cards get equal tags); among the
    roundings whose tags sum to zero over a deck, the one with the highest
    correlation wins (compared exactly; ties go to the smaller tags).
    """
    tags, correlated = best_tags(effects, tuple(range(1, MAX_TAG + 1)), balanced=True, within_level=False)
    return BalancedCount(tags=tags, correlation=correlated)


def best_tags(
    effects: Effects, levels: Sequence[int], balanced: bool, within_level: bool = True
) -> tuple[tuple[int, ...], float | None]:
    """The integer tags of the given ``levels`` that best track the effects (as :func:`balanced_count` searches
    them); ``balanced`` False drops the condition that they sum to zero over a deck (an unbalanced count);
    ``within_level`` keeps every tag within the level (else within :data:`MAX_TAG`). All-zero tags when none is
    found, with the betting correlation of the tags found.

    Each rounding is scored by the correlation's sign times its square, up to a factor common to all roundings:
    ``c |c| / v`` with ``c = sum n t e`` (the effects ``e`` scaled to integers: their weighted mean is 0, so this is
    the covariance) and ``v = N sum n t^2 - (sum n t)^2`` (0 scores 0), over the ranks' ``n`` cards of ``N``; scores
    are compared exactly, the smaller tags winning a tie, then the first rounding found. Every rounding of a level
    is scored at once, as arrays."""
    import numpy as np  # here, not on import: the commands that never search for a count start without it

    values = [e if e is not None else Fraction(0) for e in effects.effects]
    largest = max(abs(v) for v in values)
    if largest == 0:
        return (0,) * len(RANKS), None
    groups = sorted(set(values))
    group_of = [groups.index(v) for v in values]
    scale = math.lcm(*(v.denominator for v in values))
    # per group of equal effects: its ranks, its cards, and its cards' effects times the scale (integers with the
    # effects' proportions): a rounding's score needs only these sums
    ranks = np.bincount(group_of, minlength=len(groups))
    cards = np.bincount(group_of, weights=effects.shoe.counts, minlength=len(groups)).astype(np.int64)
    pulls = [0] * len(groups)
    for g, n, v in zip(group_of, effects.shoe.counts, values):
        pulls[g] += n * int(v * scale)
    total = int(cards.sum())
    pulls_bound = max(abs(pull) for pull in pulls) * MAX_TAG * len(groups)  # bounds every covariance
    small = pulls_bound < 2**63
    best: tuple[int, int, int, tuple[int, ...]] | None = None  # covariance, variance, sum of |tags|, tags by group
    for level in levels:
        limit = level if within_level else MAX_TAG
        for spread in (0, 1):  # round down or up; only if no such rounding balances, one step further
            choices = [
                range(
                    max(math.floor(v * level / largest) - spread, -limit),
                    min(math.ceil(v * level / largest) + spread, limit) + 1,
                )
                for v in groups
            ]
            picks = _product(choices)  # every rounding within the limit, in itertools.product's order
            kept = picks.any(axis=1)  # some tag not 0
            if balanced:
                kept &= picks @ ranks == 0  # the tags sum to 0 over the ranks
            if not kept.any():
                continue
            found = picks[kept]
            covariance = found @ (np.array(pulls, dtype=np.int64) if small else np.array(pulls, dtype=object))
            sums = found @ cards
            variance = total * ((found * found) @ cards) - sums * sums  # below 2**63: small counts and tags
            sizes = np.abs(found) @ ranks
            for k in _near_the_top(covariance, variance, pulls_bound).tolist():
                if best is None or _better(int(covariance[k]), int(variance[k]), int(sizes[k]), best):
                    best = (int(covariance[k]), int(variance[k]), int(sizes[k]), tuple(found[k].tolist()))
            break
    if best is None:  # e.g. two ranks against eleven (Majestic Match's K and Q): no balance within the tag range
        return (0,) * len(RANKS), None
    tags = tuple(best[3][g] for g in group_of)
    return tags, correlation(tags, effects)


def _product(choices: Sequence[range]) -> npt.NDArray[np.int64]:
    """Every pick of one value from each range, a row each, in the order of :func:`itertools.product`."""
    import numpy as np

    grids = np.meshgrid(*(np.arange(c.start, c.stop, dtype=np.int64) for c in choices), indexing="ij")
    return np.stack([grid.reshape(-1) for grid in grids], axis=1).reshape(-1, len(choices))


def _near_the_top(covariance: npt.NDArray[Any], variance: npt.NDArray[np.int64], bound: int) -> npt.NDArray[np.int64]:
    """The roundings (indices, ascending) whose score (:func:`best_tags`) may be the highest: those whose score in
    floats is within a relative 1e-9 of the highest float score. Each float score is within 4 units in the last place
    of the exact one (a covariance and a variance converted, a product and a quotient, each correctly rounded), so every
    rounding of the highest exact score is among them; all of them when a covariance could reach 2**500 (its square
    would overflow a float)."""
    import numpy as np

    if bound >= 2**500:
        return np.arange(len(variance))
    floats = covariance.astype(np.float64)
    scores = np.divide(floats * np.abs(floats), variance, out=np.zeros(len(variance)), where=variance != 0)
    top = float(scores.max())
    return np.flatnonzero(scores >= top - 1e-9 * abs(top))


def _better(covariance: int, variance: int, size: int, best: tuple[int, int, int, tuple[int, ...]]) -> bool:
    """Whether a rounding scores above ``best`` (:func:`best_tags`, compared exactly by cross-multiplying), or the same
    with smaller tags: the first rounding found is kept among equals."""
    numerator, denominator = (covariance * abs(covariance), variance) if variance else (0, 1)
    best_numerator, best_denominator = (best[0] * abs(best[0]), best[1]) if best[1] else (0, 1)
    left, right = numerator * best_denominator, best_numerator * denominator
    return left > right or (left == right and size < best[2])


def correlation(tags: Sequence[int], effects: Effects) -> float | None:
    """Weighted Pearson correlation of tags and effects over the cards of the shoe (a float: a square root)."""
    values = [e if e is not None else Fraction(0) for e in effects.effects]
    numerator, tag_square, effect_square = _moments(tags, values, effects.shoe.counts)
    if tag_square == 0 or effect_square == 0:
        return None
    return float(numerator) / math.sqrt(tag_square * effect_square)


def break_even_true_count(effects: Effects, tags: Sequence[int]) -> Fraction | None:
    """The true count at which the linear model of the count puts the expected value at zero.

    Over random depletions of a full shoe of N0 cards, the best linear
    estimate of the expected value from the true count TC (running count per
    52 cards left) is EV0 + TC * (N0 - 1) / 52 * rho, rho = sum n e t / sum n t^2
    (effects e and tags t weighted by the cards n, both balanced). ``None``
    when the count does not move the estimate. A starting point for
    ``--threshold``; the counting study measures what it is worth.
    """
    values = [e if e is not None else Fraction(0) for e in effects.effects]
    numerator, tag_square, _ = _moments(tags, values, effects.shoe.counts)
    if numerator == 0 or tag_square == 0:
        return None
    slope = Fraction(effects.shoe.size - 1, CARDS_PER_DECK) * numerator / tag_square
    return -effects.expected_value / slope


@dataclass(frozen=True, slots=True)
class RemovalTable:
    """Everything ``baccarat eor`` states for one rule set: per wager, effects, count, break-even true count."""

    rules: RuleSet
    shoe: Shoe
    effects: tuple[Effects, ...]
    counts: tuple[BalancedCount, ...]
    thresholds: tuple[Fraction | None, ...]


def removal_table(rules: RuleSet, shoe: Shoe, wagers: Sequence[str] = ()) -> RemovalTable:
    """Effects of removal, balanced counts and break-even true counts of the named wagers (default: all with pays)."""
    effects = effects_of_removal(rules, shoe, wagers)
    counts = tuple(balanced_count(e) for e in effects)
    return RemovalTable(
        rules=rules,
        shoe=shoe,
        effects=effects,
        counts=counts,
        thresholds=tuple(break_even_true_count(e, c.tags) for e, c in zip(effects, counts)),
    )


def _ev(value: Fraction | None) -> Fraction:
    assert value is not None, "a wager with a pay table has an expected value"
    return value


def _moments(
    tags: Sequence[int], values: Sequence[Fraction], weights: Sequence[int]
) -> tuple[Fraction, Fraction, Fraction]:
    """Weighted covariance of tags and effects, and their weighted variances (times the card count)."""
    cards = sum(weights)
    tag_mean = Fraction(sum(n * t for n, t in zip(weights, tags)), cards)
    value_mean = sum((n * v for n, v in zip(weights, values)), Fraction(0)) / cards
    covariance = sum((n * (t - tag_mean) * (v - value_mean) for n, t, v in zip(weights, tags, values)), Fraction(0))
    tag_square = sum((n * (t - tag_mean) ** 2 for n, t in zip(weights, tags)), Fraction(0))
    value_square = sum((n * (v - value_mean) ** 2 for n, v in zip(weights, values)), Fraction(0))
    return covariance, tag_square, value_square
