"""The rounding search of the counts (:func:`analyzer.studies.eor.best_tags`, whole-array since issue 31) against the
search it replaced, kept here: one rounding at a time, each score a Fraction. The same tags and correlation for the
shipped rule sets' wagers and for random effects with many ties, at every level and balance, with covariances past
int64 and past where a float prefilter could hold their squares."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.eor import MAX_TAG, Effects, best_tags, correlation, effects_of_removal

SEARCHES = (
    ((1, 2, 3), True, False),  # the balanced count of count and eor
    ((1,), True, True),
    ((2,), True, True),
    ((3,), False, True),  # unbalanced
    ((2, 3), False, False),
)


def _score(tags: Sequence[int], scaled: Sequence[int], weights: Sequence[int]) -> Fraction:
    covariance = sum(n * t * e for n, t, e in zip(weights, tags, scaled))
    cards = sum(weights)
    spread = cards * sum(n * t * t for n, t in zip(weights, tags)) - sum(n * t for n, t in zip(weights, tags)) ** 2
    return Fraction(covariance * abs(covariance), spread) if spread else Fraction(0)


def one_at_a_time(
    effects: Effects, levels: Sequence[int], balanced: bool, within_level: bool = True
) -> tuple[tuple[int, ...], float | None]:
    """best_tags before issue 31, as it was."""
    values = [e if e is not None else Fraction(0) for e in effects.effects]
    largest = max(abs(v) for v in values)
    if largest == 0:
        return (0,) * len(RANKS), None
    groups = sorted(set(values))
    group_of = [groups.index(v) for v in values]
    weights = effects.shoe.counts
    scale = math.lcm(*(v.denominator for v in values))
    scaled = [int(v * scale) for v in values]
    best: tuple[Fraction, int, tuple[int, ...]] | None = None
    for level in levels:
        for spread in (0, 1):
            choices = [
                range(math.floor(v * level / largest) - spread, math.ceil(v * level / largest) + spread + 1)
                for v in groups
            ]
            found = False
            for picked in product(*choices):
                if any(abs(t) > (level if within_level else MAX_TAG) for t in picked):
                    continue
                tags = tuple(picked[g] for g in group_of)
                if (balanced and sum(tags) != 0) or not any(tags):
                    continue
                found = True
                candidate = (_score(tags, scaled, weights), sum(abs(t) for t in tags), tags)
                if best is None or candidate[0] > best[0] or (candidate[0] == best[0] and candidate[1] < best[1]):
                    best = candidate
            if found:
                break
    if best is None:
        return (0,) * len(RANKS), None
    return best[2], correlation(best[2], effects)


@pytest.mark.parametrize("name", ["live-pittsburgh", "ez-baccarat", "dactylus"])
def test_the_counts_of_the_shipped_wagers_are_the_ones_found_one_rounding_at_a_time(name: str) -> None:
    for effects in effects_of_removal(read_rules(name), Shoe.decks(8)):
        for levels, balanced, within in SEARCHES:
            assert best_tags(effects, levels, balanced, within) == one_at_a_time(effects, levels, balanced, within)


def _effects(values: list[Fraction], counts: list[int]) -> Effects:
    """Effects with the proportions of ``values``, less their mean over the cards (effects balance over a shoe)."""
    mean = sum((n * v for n, v in zip(counts, values)), Fraction(0)) / sum(counts)
    wager = read_rules("live-pittsburgh").wager("player")
    return Effects(wager, Shoe(counts=tuple(counts)), Fraction(0), tuple(v - mean for v in values))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(st.integers(-4, 4), min_size=13, max_size=13),  # few values: many equal effects and ties
    counts=st.lists(st.integers(1, 40), min_size=13, max_size=13),
    size=st.sampled_from([1, 3, 2**70, 2**600]),  # scaled effects past int64, and past a float's square
    search=st.sampled_from(SEARCHES),
)
def test_random_effects_get_the_counts_found_one_rounding_at_a_time(
    values: list[int], counts: list[int], size: int, search: tuple[tuple[int, ...], bool, bool]
) -> None:
    effects = _effects([v + Fraction(v % 2, size) for v in values], counts)
    levels, balanced, within = search
    assert best_tags(effects, levels, balanced, within) == one_at_a_time(effects, levels, balanced, within)


def test_of_two_roundings_with_one_score_the_smaller_tags_are_kept() -> None:
    """Tags and their double track the effects equally (the same correlation): level 2 finds the double of level 1's
    tags, and level 1's are kept."""
    effects = _effects([Fraction(v) for v in (4, -4, 0, 4, -4, 0, 4, -4, 0, 0, 0, 0, 0)], [4] * 13)
    tags, _ = best_tags(effects, (1, 2), balanced=True)
    assert tags == (1, -1, 0, 1, -1, 0, 1, -1, 0, 0, 0, 0, 0)
    assert best_tags(effects, (2,), balanced=True)[0] == tuple(2 * t for t in tags)
    assert (tags, correlation(tags, effects)) == one_at_a_time(effects, (1, 2), True)


def test_of_two_roundings_with_one_score_and_one_size_the_first_found_is_kept() -> None:
    """Ties broken as the search one rounding at a time broke them: the first in itertools.product's order."""
    values = [Fraction(v) for v in (0, -1, 2, 2, -2, 0, -3, 2, 2, 1, -1, -1, 1)]
    effects = _effects(values, [1, 1, 2, 1, 2, 1, 2, 4, 4, 4, 2, 1, 1])
    assert best_tags(effects, (1,), True) == one_at_a_time(effects, (1,), True)
