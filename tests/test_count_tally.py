"""The counting study's tallies added a batch of chunks at a time (issue 31, item 4) hold what they held added one
chunk at a time: the tables by count and by depth merged once for a batch, a chunk's depths grouped once for every
wager, a side-view wager's results by state code read through each code's view."""

from __future__ import annotations

import math
from dataclasses import fields, is_dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from analyzer.game.rulefile import read_rules
from analyzer.play.dealer import STATES, code_state
from analyzer.play.executor import open_executor
from analyzer.studies import counting
from analyzer.studies.chunk import KeyGroups, RoundsByKey
from analyzer.studies.counting import _results_by_code, play_chunk, run
from analyzer.studies.plan import Counter, Study, WagerPlan
from analyzer.studies.tally import Tally


def _same(a: Any, b: Any) -> bool:
    """Equal field by field, arrays value for value and dtype for dtype (a RoundsByKey, a column's laws, tuples)."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape and bool(np.all(a == b))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if is_dataclass(a) and not isinstance(a, type):  # a RoundsByKey, a column's laws
        return type(a) is type(b) and all(_same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a))
    return bool(a == b)


def _study(laws: bool = False) -> Study:
    return Study(
        rules=read_rules("live-pittsburgh"),
        wagers=(
            WagerPlan(
                "dragon-bonus-player",
                Counter(tags=(1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -1), threshold=Fraction(1)),
            ),
            WagerPlan("banker"),
            WagerPlan("player-pair"),
        ),
        shoes=70,
        decks=1,
        play="perfect",
        seed=31,
        laws=laws,
    )


def _tables_equal(one: Tally, other: Tally) -> bool:
    return _same(one.by_count, other.by_count) and _same(one.by_depth, other.by_depth)


def test_chunks_added_at_once_tally_what_they_tally_added_one_by_one() -> None:
    study = _study(laws=True)
    chunks = [play_chunk((study, first, min(20, study.shoes - first))) for first in range(0, study.shoes, 20)]
    one_by_one = Tally.empty(study, keep_shoes=True, keep_rounds=True)
    for chunk in chunks:
        one_by_one = one_by_one.add(chunk)
    at_once = Tally.empty(study, keep_shoes=True, keep_rounds=True).add(*chunks)
    assert at_once.moments == one_by_one.moments and at_once.squares == one_by_one.squares
    assert at_once.shoes == one_by_one.shoes and _same(at_once.nets, one_by_one.nets)
    assert _tables_equal(at_once, one_by_one)
    assert _same(at_once.laws, one_by_one.laws) and at_once.laws
    assert at_once.shoe_count == 70 and at_once.add() is at_once
    for j in range(at_once.columns):
        assert at_once.count_rows(min(j, 2)) == one_by_one.count_rows(min(j, 2))
        assert _same(at_once.round_law(j), one_by_one.round_law(j))


def test_a_study_tallies_the_same_whatever_number_of_chunks_is_merged_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    study = _study()
    tallies = []
    for batch in (1, 2, 16):
        monkeypatch.setattr(counting, "CHUNKS_PER_MERGE", batch)
        with open_executor(1) as executor:
            tallies.append(run(study, executor, keep_shoes=True))
    first = tallies[0]
    for other in tallies[1:]:
        assert other.moments == first.moments and other.shoes == first.shoes and _tables_equal(other, first)
        assert [other.depth_rows(j) for j in range(3)] == [first.depth_rows(j) for j in range(3)]


def _table(rng: np.random.Generator, cards: int, wide: bool) -> RoundsByKey:
    rounds = int(rng.integers(1, 40))
    keys = rng.integers(-3, 12, rounds)
    unseen = rng.integers(6, cards + 1, rounds)
    numerators = rng.integers(-(2**40), 2**40, rounds)
    if wide:
        numerators = numerators.astype(object) * 2**40  # beyond 64 bits: Python ints throughout
    return RoundsByKey.of(
        0, 10, cards, keys, unseen, numerators > 0, rng.integers(0, 3, rounds), rng.integers(-9, 9, rounds), numerators
    )


@pytest.mark.parametrize("wide", [False, True])
def test_tables_merged_all_at_once_are_the_tables_merged_two_by_two(wide: bool) -> None:
    rng = np.random.default_rng(2026 + wide)
    cards = 60
    tables = [_table(rng, cards, wide=wide and i == 2) for i in range(6)]
    folded = tables[0]
    for table in tables[1:]:
        folded = RoundsByKey.merge([folded, table], cards)
    merged = RoundsByKey.merge(tables, cards)
    assert _same(merged.index, folded.index) and _same(merged.counts, folded.counts)
    assert [int(x) for x in merged.high] == [int(x) for x in folded.high]
    assert [int(x) for x in merged.low_bits] == [int(x) for x in folded.low_bits]
    assert merged.rows(cards, 7) == folded.rows(cards, 7)
    # every entry summed exactly: the average exact EV of each key, from the rounds themselves
    assert sum(line.rounds for _, line, _ in merged.rows(cards, 7)) == sum(int(t.counts[:, 0].sum()) for t in tables)
    assert _same(RoundsByKey.merge(tables[:1], cards), tables[0])


def test_a_chunks_depths_grouped_once_give_each_wagers_own_table() -> None:
    rng = np.random.default_rng(5)
    cards, rounds = 104, 300
    number, unseen = rng.integers(1, 20, rounds), rng.integers(6, cards + 1, rounds)
    grouped = KeyGroups.of(1, cards // 4 + 2, cards, number, unseen)
    for _ in range(3):  # three wagers: their own bets and numerators, the same depths
        stake, net = rng.integers(0, 2, rounds), rng.integers(-5, 30, rounds)
        numerators = rng.integers(-(2**50), 2**50, rounds)
        arguments = (1, cards // 4 + 2, cards, number, unseen, numerators > 0, stake, net, numerators)
        assert _same(RoundsByKey.of(*arguments, grouped), RoundsByKey.of(*arguments))


@pytest.mark.parametrize("wager", ["player", "banker", "tie", "player-pair", "dragon-bonus-banker"])
def test_a_side_view_wagers_results_by_state_code_are_its_settled_pays(wager: str) -> None:
    """Read through each state code's view from its side: what settling every code's final state pays (before)."""
    from analyzer.exact.multiset import scale_of
    from analyzer.game.settle import settle

    rules = read_rules("live-pittsburgh")
    chosen = rules.wager(wager)
    assert chosen.side_view_only
    scale = scale_of(chosen)
    settled = []
    for code in range(STATES):
        row = settle(chosen, code_state(code))
        settled.append(0 if row is None or row.pays is None else int(row.pays * scale))
    table = _results_by_code(rules, wager)
    assert table.tolist() == [*settled, 0] and math.gcd(*settled) >= 1
    assert Fraction(int(table.max()), scale) == max(o.pays for o in chosen.outcomes if o.pays is not None)
