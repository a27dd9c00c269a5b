"""Batch expected values (numpy, many shoes at once) equal the par sheets' exact figures."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.exact import batch, multiset
from analyzer.exact.batch import expected_values
from analyzer.exact.parsheet import par_sheets
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe

from .conftest import EXAMPLES

RULE_SETS = [*shipped(), str(EXAMPLES / "ez-baccarat.toml")]


def _paid(name: str) -> list[str]:
    return [w.name for w in read_rules(name).wagers if w.has_pay_table]


def _assert_equal_to_par_sheets(name: str, shoes: list[Shoe]) -> None:
    rules = read_rules(name)
    wagers = _paid(name)
    batch = expected_values(rules, wagers, [shoe.counts for shoe in shoes])
    for i, shoe in enumerate(shoes):
        sheets = par_sheets(rules, shoe, tuple(wagers))
        assert [batch.expected_value(i, j) for j in range(len(wagers))] == [s.expected_value for s in sheets]
        assert [bool(batch.positive(j)[i]) for j in range(len(wagers))] == [s.expected_value > 0 for s in sheets]  # type: ignore[operator]


shoe_counts = st.lists(st.integers(0, 32), min_size=len(RANKS), max_size=len(RANKS)).filter(lambda c: sum(c) >= 6)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(RULE_SETS), counts=st.lists(shoe_counts, min_size=1, max_size=4))
def test_random_shoes_equal_the_par_sheets(name: str, counts: list[list[int]]) -> None:
    """Every paid wager of every rule set (and EZ Baccarat's Dragon 7 and Panda 8), exactly."""
    _assert_equal_to_par_sheets(name, [Shoe(counts=tuple(c)) for c in counts])


@pytest.mark.slow
def test_huge_shoes_use_python_ints_and_stay_exact() -> None:
    """14 decks (728 cards): 64 N^6 passes 2**63, so the arrays hold Python ints."""
    shoes = [Shoe.decks(14), Shoe.decks(14).remove(["9"] * 30 + ["8"] * 20)]
    batch = expected_values(read_rules("live-pittsburgh"), _paid("live-pittsburgh"), [s.counts for s in shoes])
    assert batch.numerators.dtype == object
    _assert_equal_to_par_sheets("live-pittsburgh", shoes)


def test_eight_decks_use_64_bit_integers() -> None:
    batch = expected_values(read_rules("punto-banco"), ["banker"], [Shoe.decks(8).counts])
    assert batch.numerators.dtype == np.int64


def test_a_wager_without_pays_has_no_expected_value() -> None:
    with pytest.raises(InputError, match="big-win-bonus-player has no pay table"):
        expected_values(read_rules("mini-louisiana"), ["big-win-bonus-player"], [Shoe.decks(8).counts])


def test_a_shoe_too_small_is_refused() -> None:
    with pytest.raises(InputError, match="at least 6 cards"):
        expected_values(read_rules("punto-banco"), ["banker"], [[1, 1, 1, 1, 1] + [0] * 8])


def _both_paths(name: str, counts: list[list[int]]) -> tuple[object, object]:
    rules = read_rules(name)
    chosen = [rules.wager(w) for w in _paid(name)]
    array = np.array(counts, dtype=np.int64)
    largest = int(array.sum(axis=1).max())
    fast = batch._multiset_path(rules, tuple(w.name for w in chosen), array, largest)
    slow = batch._aggregated_path(rules, chosen, array, largest)
    return fast, slow


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(RULE_SETS), counts=st.lists(shoe_counts, min_size=1, max_size=6))
def test_the_bilinear_forms_equal_the_aggregated_sums(name: str, counts: list[list[int]]) -> None:
    """The multiset kernel (int64 throughout, bounds checked) against the aggregated-sum path, numerator for
    numerator."""
    fast, slow = _both_paths(name, counts)
    assert fast is not None, "shoes of at most 416 cards take the multiset kernel"
    assert fast[1] == slow[1]
    assert fast[0].tolist() == slow[0].tolist()


def test_ten_pairs_need_ranks_of_one_kind() -> None:
    """Tens of four different ranks never pair; of one rank they always do (Player and Banker Pair 11:1)."""
    rules = read_rules("dactylus")
    mixed = [0] * 9 + [2, 2, 2, 2]  # eight tens, two of each rank
    one_rank = [0] * 9 + [8, 0, 0, 0]
    values = expected_values(rules, ["player-pair", "banker-pair"], [mixed, one_rank])
    p_pair = Fraction(1, 7)  # the second ten matches the first's rank: 1 of the 7 tens left
    assert values.expected_value(0, 0) == values.expected_value(0, 1) == 12 * p_pair - 1
    assert values.expected_value(1, 0) == values.expected_value(1, 1) == 11


def test_bounds_send_big_shoes_and_big_pays_to_the_aggregated_sums(rule_file) -> None:  # type: ignore[no-untyped-def]
    rules = read_rules("live-pittsburgh")
    wagers = tuple(_paid("live-pittsburgh"))
    eight = np.array([Shoe.decks(8).counts], dtype=np.int64)
    assert batch._multiset_path(rules, wagers, eight, 416) is not None
    fourteen = np.array([Shoe.decks(14).counts], dtype=np.int64)
    assert batch._multiset_path(rules, wagers, fourteen, 728) is None
    coefficients = multiset.coefficients(rules, wagers)
    assert multiset.fits_int64(coefficients, 224) and not multiset.fits_int64(coefficients, 1000)


@pytest.mark.slow
def test_wagers_that_follow_from_others_are_not_multiplied_again() -> None:
    """Tie = 8 + 351 Player + 18 Banker (scaled pays, 5% commission), and the two Pairs are equal: checked exactly."""
    rules = read_rules("punto-banco")
    wagers = tuple(_paid("punto-banco"))
    coefficients = multiset.coefficients(rules, wagers)
    derived = {wagers[d.wager]: d for d in coefficients.derived}
    assert set(derived) == {"tie", "banker-pair"}
    assert (derived["tie"].weights, derived["tie"].constant, derived["tie"].divisor) == ((351, 18), 8, 1)
    values = expected_values(rules, ["player", "banker", "tie"], [Shoe.decks(8).counts])
    player, banker, tie = (values.expected_value(0, j) for j in range(3))
    assert tie == 8 + 351 * player + 18 * 20 * banker  # Banker's numerators are in twentieths of a unit


def test_the_float_kernel_is_exact_where_its_bound_holds_and_off_beyond_it() -> None:
    """Principle 1: float64 BLAS products only below the 2**53 bound, checked in the code; the paths agree exactly."""
    rules = read_rules("live-pittsburgh")
    wagers = tuple(_paid("live-pittsburgh"))
    coefficients = multiset.coefficients(rules, wagers)
    rng = np.random.default_rng(20261124)
    full = np.array(Shoe.decks(8).counts, dtype=np.int64)
    shoes = np.array([full - rng.integers(0, 12, size=13).clip(max=full) for _ in range(40)] + [full], dtype=np.int64)
    by_value = np.zeros((shoes.shape[0], 10), dtype=np.int64)
    for rank, column in enumerate(shoes.T):
        by_value[:, min(rank + 1, 10) % 10] += column
    tens = shoes[:, 9:]
    q2 = (tens * (tens - 1)).sum(axis=1)
    largest_b = int(by_value[:, list(multiset.B_VALUES)].sum(axis=1).max())
    assert multiset.fits_float64(coefficients, largest_b), "8 decks are inside the float bound (about 2**51.7)"
    floated = multiset.numerators(coefficients, by_value, q2, floating=True)
    integral = multiset.numerators(coefficients, by_value, q2, floating=False)
    assert (floated == integral).all()
    assert not multiset.fits_float64(coefficients, 10 * 4 * 7 * 4)  # 10 decks: int64 products, as before
    with pytest.raises(AssertionError, match="beyond the bound"):
        multiset.numerators(coefficients, np.array([[16 * 4 * 4] + [16 * 4] * 9]), np.array([0]), floating=True)


@pytest.mark.parametrize("name", ["live-pittsburgh", "dactylus", "mini-louisiana"])
def test_the_pair_bets_in_closed_form_equal_the_bilinear_forms(name: str) -> None:
    """A wager settled by its own hand's pair flag alone (the Player and Banker Pairs) is priced from Q (U - 2)_4
    pair dealings of (U)_6: numerator for numerator the multiset kernel's, on random depleted shoes."""
    rules = read_rules(name)
    pairs = [w.name for w in rules.wagers if w.has_pay_table and batch.pair_flag_pays(w) is not None]
    assert sorted(pairs) == ["banker-pair", "player-pair"]
    assert [batch.pair_flag_pays(rules.wager(w)) for w in pairs] == [(Fraction(-1), Fraction(11))] * 2
    assert all(batch.pair_flag_pays(rules.wager(w)) is None for w in _paid(name) if w not in pairs)
    rng = np.random.default_rng(4)
    counts = np.minimum(32, rng.integers(0, 40, size=(40, len(RANKS))))
    counts[counts.sum(axis=1) < 6, 0] += 6
    closed = expected_values(rules, _paid(name), counts)
    kernel = batch._multiset_path(rules, tuple(pairs), counts, int(counts.sum(axis=1).max()))
    assert kernel is not None and closed.numerators.dtype == np.int64
    assert [closed.numerators[:, closed.wagers.index(w)].tolist() for w in pairs] == kernel[0].T.tolist()


def test_the_pair_bets_in_closed_form_take_python_ints_past_the_bound() -> None:
    rules = read_rules("dactylus")
    shoes = [Shoe.decks(120).counts, Shoe.decks(8).counts]
    closed = expected_values(rules, ["player-pair", "banker-pair"], shoes)
    aggregated = batch._aggregated_path(
        rules, [rules.wager("player-pair"), rules.wager("banker-pair")], np.array(shoes), 120 * 52
    )
    assert closed.numerators.dtype == object and closed.numerators.tolist() == aggregated[0].tolist()
