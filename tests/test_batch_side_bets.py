"""The counting study's batch for side bets beyond one side's view: the par sheets' exact values, shoe by shoe."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.exact.batch import expected_values
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.cards import TYPES
from analyzer.game.shoe import Shoe


def _shoes(seed: int, count: int) -> np.ndarray:  # type: ignore[type-arg]
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(len(TYPES)), 2)
    return np.array(
        [np.bincount(rng.permutation(deck)[: rng.integers(20, 104)], minlength=len(TYPES)) for _ in range(count)]
    )


@pytest.mark.parametrize(
    ("rule_set", "wagers"),
    [
        ("pairs", ("either-pair", "perfect-pairs", "banker")),
        ("golden-frog", ("any-8-beats-any-6", "player")),
        ("three-giving-eight", ("three-giving-eight",)),
    ],
)
def test_batch_values_are_the_par_sheets_values(rule_set: str, wagers: tuple[str, ...]) -> None:
    rules = load_rules(rule_set)
    shoes = _shoes(3, 4)
    values = expected_values(rules, list(wagers), shoes)
    for i, row in enumerate(shoes):
        shoe = Shoe.from_cards([TYPES[t] for t, n in enumerate(row.tolist()) for _ in range(n)])
        for j, sheet in enumerate(par_sheets(rules, shoe, wagers)):
            assert values.expected_value(i, j) == sheet.expected_value


def test_rank_counts_serve_a_wager_that_reads_no_suit_and_not_one_that_does() -> None:
    typed = _shoes(5, 2)
    shoes = typed.reshape(2, 13, 4).sum(axis=2)
    by_rank, by_type = (expected_values(load_rules("pairs"), ["either-pair"], s) for s in (shoes, typed))
    assert [by_rank.expected_value(i, 0) for i in range(2)] == [by_type.expected_value(i, 0) for i in range(2)]
    with pytest.raises(InputError, match="perfect-pairs reads suits: give each shoe's counts of the 52 card types"):
        expected_values(load_rules("pairs"), ["perfect-pairs"], shoes)


def test_side_views_and_other_wagers_together_keep_their_columns_and_values() -> None:
    """Player and Banker take the multiset kernel, Egalite the batch of final states; the columns come back in order."""
    rules = load_rules("egalite")
    shoes = _shoes(7, 3).reshape(3, 13, 4).sum(axis=2)
    wagers = ("player", "egalite-9", "banker")
    values = expected_values(rules, list(wagers), shoes)
    assert values.wagers == wagers
    for i, row in enumerate(shoes):
        sheets = par_sheets(rules, Shoe(counts=tuple(int(n) for n in row)), wagers)
        assert [values.expected_value(i, j) for j in range(3)] == [s.expected_value for s in sheets]
