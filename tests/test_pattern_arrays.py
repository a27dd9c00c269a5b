"""Group patterns read on arrays (analyzer/exact/patternarrays.py) give pattern_holds's verdict on every group.

The records side bets (Lucky Match, Dragon Dragon, Jackpot Baccarat) settle their rows by
:func:`~analyzer.exact.patternarrays.patterns_hold`, once over the distinct multisets of keys of a group;
:func:`~analyzer.game.patterns.pattern_holds` is the one reading of a pattern (the round engine's and a
record's). Hypothesis draws random patterns and random groups of up to six cards, and the two must agree on
each group.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.exact.patternarrays import key_counts, patterns_hold
from analyzer.game.needs import MIXED_SUIT
from analyzer.game.patterns import ACES, POKER_NAMES, RANKS_KEYING, Keying, Pattern, pattern_holds

SUIT_KEYING = Keying("suit")
SOME_SUITS = Keying("suit", frozenset({0, 5, 9, 51}), "some")
ranks_sets = st.frozensets(st.integers(0, 12), min_size=1, max_size=5)
bounds = st.tuples(st.integers(0, 60), st.integers(0, 60)).map(sorted).map(tuple)

patterns = st.builds(
    Pattern,
    of_a_kind=st.one_of(
        st.none(), st.lists(st.integers(1, 6), min_size=1, max_size=3).map(sorted).map(reversed).map(tuple)
    ),
    kind_among=st.one_of(st.none(), ranks_sets),
    same_suit=st.one_of(st.none(), st.integers(1, 6)),
    suit_among=st.sampled_from([None, SOME_SUITS]),
    flush=st.one_of(st.none(), st.booleans()),
    straight=st.one_of(st.none(), st.sampled_from(ACES)),
    straight_holds=st.booleans(),
    poker=st.one_of(st.none(), st.frozensets(st.sampled_from(POKER_NAMES), min_size=1, max_size=3)),
    none_of=st.one_of(st.none(), ranks_sets),
    rank_sum=st.one_of(st.none(), bounds),
    value_sum=st.one_of(st.none(), bounds),
)
group = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 4)), min_size=0, max_size=6)
"""A group of cards: (rank, suit key under the pattern's suit keying, 4 for a card it does not count)."""


def _digits(keys: list[int], width: int = 6) -> list[int]:
    return sorted((k + 1 for k in keys), reverse=True) + [0] * (width - len(keys))


@settings(max_examples=80, deadline=None)
@given(pattern=patterns, groups=st.lists(st.tuples(group, st.sampled_from([0, 1, 2, 3, MIXED_SUIT])), min_size=1))
def test_a_pattern_on_arrays_holds_where_pattern_holds_says_it_does(
    pattern: Pattern, groups: list[tuple[list[tuple[int, int]], int]]
) -> None:
    """The whole pattern, and each of its tests alone (a pattern of many tests seldom holds)."""
    for one in [pattern, *_each_test(pattern)]:
        _agree(one, groups)


_TOGETHER = {"of_a_kind": ("kind_among",), "same_suit": ("suit_among",), "straight": ("straight_holds",)}


def _each_test(pattern: Pattern) -> list[Pattern]:
    tests = ("of_a_kind", "same_suit", "flush", "straight", "poker", "none_of", "rank_sum", "value_sum")
    return [
        Pattern(**{name: getattr(pattern, name), **{k: getattr(pattern, k) for k in _TOGETHER.get(name, ())}})
        for name in tests
        if getattr(pattern, name) is not None
    ]


def _agree(pattern: Pattern, groups: list[tuple[list[tuple[int, int]], int]]) -> None:
    suit_keying = pattern.suit_among or SUIT_KEYING
    expected = []
    for cards, suit in groups:
        keys = {RANKS_KEYING: tuple(r for r, _ in cards), suit_keying: tuple(s for _, s in cards)}
        expected.append(pattern_holds(pattern, keys, None if suit == MIXED_SUIT else suit))
    counts = {
        RANKS_KEYING: key_counts(np.array([_digits([r for r, _ in cards]) for cards, _ in groups]), RANKS_KEYING),
        suit_keying: key_counts(np.array([_digits([s for _, s in cards]) for cards, _ in groups]), suit_keying),
    }
    suits = np.array([suit for _, suit in groups], dtype=np.int64)
    assert patterns_hold(pattern, counts, suits).tolist() == expected


def test_the_straights_take_the_ace_as_each_pattern_allows() -> None:
    """A-2-3 is a straight with the ace low, Q-K-A with it high, K-A-2 never; a repeated rank is no straight."""
    groups = [[0, 1, 2], [11, 12, 0], [12, 0, 1], [4, 5, 5], [7]]
    counts = {RANKS_KEYING: key_counts(np.array([_digits(g) for g in groups]), RANKS_KEYING)}
    held = {ace: patterns_hold(Pattern(straight=ace), counts, None).tolist() for ace in ACES}
    assert held == {
        "both": [True, True, False, False, False],
        "low": [True, False, False, False, False],
        "high": [False, True, False, False, False],
    }
