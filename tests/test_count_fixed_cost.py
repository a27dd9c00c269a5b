"""count's fixed cost shared across wagers (issue 31, item 4): the counters of several wagers are designed from
effects of removal made in one call, and are the counters each wager gets alone."""

from __future__ import annotations

import pytest

from analyzer.game.rulefile import read_rules
from analyzer.studies import counting
from analyzer.studies.counting import wager_plans

WAGERS = ("player", "banker", "tie", "dragon-bonus-player", "dragon-bonus-banker")


@pytest.mark.slow
def test_counters_designed_together_are_the_counters_designed_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = read_rules("live-pittsburgh")
    together = wager_plans(rules, WAGERS, 8, "count", {}, {}, None)
    alone = tuple(plan for name in WAGERS for plan in wager_plans(rules, (name,), 8, "count", {}, {}, None))
    assert together == alone and all(plan.counter is not None for plan in together)
    calls: list[tuple[str, ...]] = []
    from analyzer.studies import eor

    real = eor.effects_of_removal

    def counted(rules_: object, shoe: object, wagers: tuple[str, ...] = ()) -> object:
        calls.append(tuple(wagers))
        return real(rules_, shoe, wagers)  # type: ignore[arg-type]

    monkeypatch.setattr(eor, "effects_of_removal", counted)
    assert wager_plans(rules, WAGERS, 8, "count", {}, {}, None) == together
    assert calls == [WAGERS]  # one call for every wager, none per wager


def test_a_wager_given_its_tags_and_threshold_needs_no_effects_of_removal() -> None:
    assert not counting._needs_effects((1,) * 13, None, "true")  # unbalanced tags on the true count: threshold 0
    assert not counting._needs_effects((0,) * 13, None, "running")  # a running threshold has no default: refused
    assert counting._needs_effects(None, None, None) and counting._needs_effects((0,) * 13, None, None)


def test_a_sides_view_counts_give_each_wagers_pays_summed_per_key_as_a_pass_over_every_sequence() -> None:
    """The (key, view) counts are made once per side; a wager's form from them is np.add.at of its pay of each
    sequence's view, per key, over the sequences (what each wager computed before, one pass over 10^6 sequences)."""
    import numpy as np

    from analyzer.exact.sequences import VIEWS, _view_counts

    rng = np.random.default_rng(7)
    keys, views = rng.integers(0, 9 * 4, 5_000), rng.integers(0, VIEWS, 5_000)
    rows = rng.random(5_000) < 0.6
    pays = rng.integers(-40, 40, VIEWS)
    expected = np.zeros(9 * 4, dtype=np.int64)
    np.add.at(expected, keys[rows], pays[views[rows]])
    counts = _view_counts(keys[rows], views[rows], 9 * 4, VIEWS)
    assert np.array_equal(counts.form(pays), expected)
    assert counts.largest(pays) == int(np.abs(pays[views[rows]]).max())
    none = _view_counts(keys[:0], views[:0], 9 * 4, VIEWS)
    assert not none.form(pays).any() and none.largest(pays) == 0


@pytest.mark.slow
def test_the_coefficients_of_wagers_tabled_together_are_each_wagers_own() -> None:
    import numpy as np

    from analyzer.exact.multiset import coefficients

    rules = read_rules("live-pittsburgh")
    together = coefficients(rules, ("player", "dragon-bonus-player", "player-pair"))
    for j, name in enumerate(together.wagers):
        alone = coefficients(rules, (name,))
        column = together.computed.index(j)
        width = len(together.computed)
        for s, table in enumerate(alone.plain):
            assert np.array_equal(together.plain[s].reshape(table.shape[0], -1, width)[:, :, column], table)
