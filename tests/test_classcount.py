"""The class-count path against the fast path of final states, at full size.

:func:`analyzer.exact.classcount.count_records` must give, for every wager a
final state settles, exactly the counts the fast path's distribution gives
(which the tests hold to the reference enumerator): at 8 and 20 decks and on
random depleted shoes with their suits known. A suited pair has a closed form
on any shoe, which the suited path must meet. Wagers that read suits are held
to the brute force over actual suited cards (``test_brute_force_suited.py``)
and to the reference enumerator on random pay tables (``test_random_conditions.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.exact.classcount import count_records
from analyzer.exact.outcomes import record_counts, wager_counts
from analyzer.game.cards import TYPES
from analyzer.game.needs import needs_of
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe, falling

from .conftest import RULEFILES

KINDS = read_rules(str(RULEFILES / "condition-kinds.toml"))


def _by_records(rules_name: str, shoe: Shoe) -> dict[str, dict[str, int]]:
    rules = read_rules(rules_name) if rules_name in shipped() else KINDS
    out = {}
    for wager in rules.wagers:
        needs = needs_of(wager)
        out[wager.name] = record_counts(wager, needs, count_records(shoe, rules.drawing, needs))
    return out


@pytest.mark.parametrize("name", shipped())
@pytest.mark.parametrize("decks", [8, 20])
def test_records_give_the_par_sheets_counts_of_every_shipped_wager(name: str, decks: int) -> None:
    rules = read_rules(name)
    shoe = Shoe.decks(decks)
    assert _by_records(name, shoe) == wager_counts(shoe, rules.drawing, rules.wagers)


depleted = st.builds(
    lambda decks, seen: Shoe.decks(decks).remove(seen),
    st.integers(1, 8),
    st.lists(st.sampled_from(TYPES), max_size=30, unique=True),
)


@settings(max_examples=10, deadline=None)
@given(shoe=depleted, name=st.sampled_from(shipped()))
def test_records_give_the_par_sheets_counts_on_depleted_suited_shoes(shoe: Shoe, name: str) -> None:
    rules = read_rules(name)
    assert _by_records(name, shoe) == wager_counts(shoe, rules.drawing, rules.wagers)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(shoe=depleted)
def test_suited_pairs_meet_their_closed_form(shoe: Shoe) -> None:
    """P(Player suited pair and Banker suited pair): sum over types t, u of n_t(n_t-1) (n_u - 2[u=t])(n_u - 2[u=t] -
    1)."""
    assert shoe.types is not None
    n = shoe.types
    both = sum(
        a * (a - 1) * (b - 2 * (t == u)) * (b - 2 * (t == u) - 1) for t, a in enumerate(n) for u, b in enumerate(n)
    ) * falling(shoe.size - 4, 2)
    player = sum(a * (a - 1) for a in n) * falling(shoe.size - 2, 4)
    counts = wager_counts(shoe, KINDS.drawing, [KINDS.wager("pairs")])["pairs"]
    assert counts["both suited pairs"] == both
    assert counts["both suited pairs"] + counts["a suited pair"] <= 2 * player - both


def test_sums_that_would_wrap_an_int64_are_taken_in_python_integers() -> None:
    """The int64 check bounds the sum before taking it: two weights of 2**62 add up to 2**63, not to -2**63."""
    import numpy as np

    from analyzer.exact.moments import sum_by

    out = sum_by(np.array([0, 0]), np.array([2**62, 2**62], dtype=np.int64), 1)
    assert out.dtype == object and out[0] == 2**63


def test_counts_added_past_an_int64_are_taken_in_python_integers() -> None:
    """Two chunks' counts of one record, each below 2^63, whose sum is not: added as Python integers."""
    import numpy as np

    from analyzer.exact.classcount import _added

    out = _added(np.array([2**62, 1], dtype=np.int64), np.array([2**62, 2], dtype=np.int64))
    assert out.dtype == object and out.tolist() == [2**63, 3]
    assert _added(np.array([5]), np.array([7])).dtype == np.int64
