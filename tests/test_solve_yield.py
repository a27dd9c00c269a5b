"""``solve --counter-yield`` and ``--rank-by counter-yield`` (issue 20, item 6): each candidate pay's counter yield, the
same figure ``diff --counter-yield`` and the report give, and the candidates ranked by it."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from analyzer.exact.reach import load_rules
from analyzer.game.odds import parse_pays
from analyzer.play.executor import LocalExecutor
from analyzer.studies.design import counter_yield

from .clirun import run

SHOES = "40"


def _solve(*more: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(
        "solve",
        "--rules",
        "punto-banco",
        "--wager",
        "tie",
        "--outcome",
        "tie",
        "--edge",
        "5%",
        "--workers",
        "1",
        "--format",
        "json",
        *more,
    )
    assert code == 0, err
    (document,) = json.loads(out)
    return document  # type: ignore[no-any-return]


@pytest.mark.slow
def test_each_candidate_pays_counter_yield_is_perfect_play_with_that_pay() -> None:
    candidates = _solve("--counter-yield", SHOES)["candidates"]
    rules = load_rules("punto-banco")
    assert [c["pays"] for c in candidates] == ["8:1", "17:2", "9:1"]
    for c in candidates:
        found = counter_yield(
            rules.with_pays("tie", "tie", parse_pays(c["pays"])), "tie", 8, int(SHOES), 0, LocalExecutor(1)
        )
        assert found is not None and Fraction(c["counter_yield_per_100_rounds"]) == found.exact


@pytest.mark.slow
def test_rank_by_counter_yield_lists_the_safest_table_to_count_first() -> None:
    ranked = _solve("--counter-yield", SHOES, "--rank-by", "counter-yield")["candidates"]
    yields = [Fraction(c["counter_yield_per_100_rounds"]) for c in ranked]
    assert yields == sorted(yields)
    by_pay = _solve("--counter-yield", SHOES)["candidates"]
    assert sorted(c["pays"] for c in ranked) == sorted(c["pays"] for c in by_pay)  # the same candidates, reordered


def test_without_the_option_no_candidate_has_a_yield() -> None:
    assert all("counter_yield_per_100_rounds" not in c for c in _solve()["candidates"])


def test_ranking_by_yield_without_measuring_it_is_one_line() -> None:
    code, out, err = run(
        "solve",
        "--rules",
        "punto-banco",
        "--wager",
        "tie",
        "--outcome",
        "tie",
        "--edge",
        "5%",
        "--rank-by",
        "counter-yield",
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "needs --counter-yield" in err
