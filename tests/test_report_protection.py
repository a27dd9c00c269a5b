"""The report's game-protection section (issue 20, item 6; issue 19, item 3): each wager's counter yield, perfect play
and the best simple count, the same figures ``baccarat tags`` and ``diff --counter-yield`` give on the same shoes."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.exact.reach import load_rules
from analyzer.play.executor import LocalExecutor
from analyzer.report.evaluation import SIMULATION_SEED
from analyzer.studies.design import counter_yield

from .clirun import run

SHOES = "60"


def _report(tmp_path: Path, *more: str) -> dict:  # type: ignore[type-arg]
    out = tmp_path / "report.json"
    code, _, err = run(
        "report",
        "--rules",
        "punto-banco",
        "--wager",
        "player",
        "--wager",
        "tie",
        "--workers",
        "1",
        "--out",
        str(out),
        *more,
    )
    assert code == 0, err
    return json.loads(out.read_text())  # type: ignore[no-any-return]


@pytest.mark.slow
def test_the_report_states_each_wagers_counter_yield_as_tags_finds_it(tmp_path: Path) -> None:
    (section,) = _report(tmp_path, "--counter-yield", SHOES)["counter_yield"]
    assert (section["shoes"], section["decks"], section["seed"]) == (int(SHOES), 8, SIMULATION_SEED)
    rows = {row["wager"]: row for row in section["wagers"]}
    assert list(rows) == ["player", "tie"]
    for wager, row in rows.items():
        code, out, err = run(
            "tags",
            "--rules",
            "punto-banco",
            "--wager",
            wager,
            "--shoes",
            SHOES,
            "--seed",
            str(SIMULATION_SEED),
            "--workers",
            "1",
            "--format",
            "json",
        )
        assert code == 0, err
        tags = json.loads(out)
        assert row["perfect_play_per_100_rounds"] == tags["perfect_play_per_100_rounds"]
        winning = [d for d in tags["designs"] if d["units_per_100_rounds"] is not None]
        if not winning:
            assert row["best_count"] is None and row["best_count_per_100_rounds"] is None
            continue
        best = max(winning, key=lambda d: Fraction(d["units_per_100_rounds"]))
        assert row["best_count"] == best["design"] and row["best_count_per_100_rounds"] == best["units_per_100_rounds"]
        assert row["tags"].replace(" ", ",") == best["tags"]


@pytest.mark.slow
def test_perfect_play_in_the_report_is_diffs_counter_yield_on_the_same_shoes(tmp_path: Path) -> None:
    (section,) = _report(tmp_path, "--counter-yield", SHOES)["counter_yield"]
    rules = load_rules("punto-banco")
    for row in section["wagers"]:
        found = counter_yield(rules, row["wager"], 8, int(SHOES), SIMULATION_SEED, LocalExecutor(1))
        assert found is not None
        assert Fraction(row["perfect_play_per_100_rounds"]) == found.exact
        assert abs(row["perfect_play_ci95"] - found.ci95) < 1e-12


def test_without_the_option_the_report_has_no_protection_section(tmp_path: Path) -> None:
    assert "counter_yield" not in _report(tmp_path)


def test_a_bad_shoe_count_is_one_line(tmp_path: Path) -> None:
    code, out, err = run("report", "--rules", "punto-banco", "--out", str(tmp_path / "r.json"), "--counter-yield", "0")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--counter-yield" in err
    assert not (tmp_path / "r.json").exists()
