"""Count design (issue 20, item 3): tags of each level from the effects of removal, the trigger that takes the most,
and perfect play beside it as the bound no count passes."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.play.executor import LocalExecutor
from analyzer.studies.counting import run
from analyzer.studies.design import design, triggers
from analyzer.studies.eor import best_tags, effects_of_removal
from analyzer.studies.plan import Counter, Study, WagerPlan

from .clirun import assert_refused
from .clirun import run as run_cli


@pytest.fixture(scope="module")
def dragon() -> object:
    return design(load_rules("live-pittsburgh"), "dragon-bonus-player", 8, shoes=60, seed=5, executor=LocalExecutor(1))


def test_triggers_add_up_every_count_at_or_above_them() -> None:
    rows = [(-1, 10, Fraction(-3)), (0, 20, Fraction(-1)), (2, 5, Fraction(2))]
    found = {t.threshold: t for t in triggers(rows, 35)}
    assert found[2].per_100_rounds == Fraction(200, 35) and found[2].bet_frequency == Fraction(5, 35)
    assert found[0].per_100_rounds == Fraction(100, 35) and found[-1].per_100_rounds == Fraction(-200, 35)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_tags_stay_within_their_level_and_balance_over_a_deck(level: int) -> None:
    (effects,) = effects_of_removal(load_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player",))
    tags, correlation = best_tags(effects, (level,), balanced=True)
    assert max(abs(t) for t in tags) == level and sum(tags) == 0
    assert correlation is not None and correlation > 0.8


def test_no_trigger_takes_more_than_perfect_play(dragon: object) -> None:
    for d in dragon.designs:  # type: ignore[attr-defined]
        assert d.best is not None and d.best.per_100_rounds <= dragon.perfect_per_100_rounds  # type: ignore[attr-defined]


def test_the_best_trigger_wins_what_a_study_betting_by_it_expects(dragon: object) -> None:
    level2 = dragon.designs[1]  # type: ignore[attr-defined]
    counter = Counter(tags=level2.tags, threshold=Fraction(level2.best.threshold), index="true")
    study = Study(
        rules=load_rules("live-pittsburgh"),
        wagers=(WagerPlan("dragon-bonus-player", counter),),
        shoes=60,
        decks=8,
        play="count",
        seed=5,
    )
    tally = run(study, LocalExecutor(1))
    assert 100 * tally.expected(0) / tally.line(0).rounds == level2.best.per_100_rounds
    assert tally.bet_frequency(0) == level2.best.bet_frequency


def test_tags_prints_each_level_beside_perfect_play() -> None:
    code, out, _ = run_cli(
        "tags", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "20", "--workers", "1"
    )
    assert code == 0 and "Perfect play:" in out
    assert [line.split()[1] for line in out.splitlines() if line.startswith("level ")] == ["1", "2", "3"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--wager", "nope"], "Unknown wager 'nope'"),
        (["--wager", "big-win-bonus-player"], "has no pay table"),
        (["--wager", "tie", "--shoes", "0"], "--shoes"),
    ],
)
def test_bad_tags_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["tags", "--rules", "mini-louisiana", *args], message)


@pytest.fixture(scope="module")
def skewed() -> object:
    return design(
        load_rules("live-pittsburgh"),
        "dragon-bonus-player",
        8,
        shoes=200,
        seed=5,
        executor=LocalExecutor(1),
        unbalanced=True,
    )


@pytest.mark.slow
def test_an_unbalanced_count_adds_a_multiple_of_four_a_deck_and_bets_on_the_running_count(skewed: object) -> None:
    designs = skewed.designs  # type: ignore[attr-defined]
    for balanced, unbalanced in zip(designs[0::2], designs[1::2]):
        assert balanced.balanced and not unbalanced.balanced and unbalanced.level == balanced.level
        extra = sum(unbalanced.tags) - sum(balanced.tags)
        assert extra == max(1, round(balanced.best.threshold / 4))  # ranks raised by one: 4 extra a deck each
        assert unbalanced.break_even is None


@pytest.mark.slow
def test_the_unbalanced_trigger_wins_what_a_running_count_study_expects(skewed: object) -> None:
    found = next(d for d in skewed.designs if not d.balanced and d.best is not None)  # type: ignore[attr-defined]
    counter = Counter(tags=found.tags, threshold=Fraction(found.best.threshold), index="running")
    study = Study(
        rules=load_rules("live-pittsburgh"),
        wagers=(WagerPlan("dragon-bonus-player", counter),),
        shoes=200,
        decks=8,
        play="count",
        seed=5,
    )
    tally = run(study, LocalExecutor(1))
    assert 100 * tally.expected(0) / tally.line(0).rounds == found.best.per_100_rounds
    assert tally.bet_frequency(0) == found.best.bet_frequency


def test_the_tracking_sheet_turns_the_true_count_trigger_into_running_counts_round_by_round() -> None:
    code, out, err = run_cli(
        "tags",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "60",
        "--workers",
        "1",
        "--sheet",
        "--format",
        "json",
    )
    assert code == 0, err
    document = json.loads(out)
    sheet = document["tracking_sheet"]
    chosen = next(d for d in document["designs"] if d["design"] == document["tracking_sheet_design"])
    trigger = document["tracking_sheet_trigger"]
    assert chosen["trigger"] == f"true count >= {trigger}"  # the best balanced design's trigger
    assert sheet[0]["round"] == 1 and Fraction(sheet[0]["unseen"]) == 415  # the shown card seen, burned ones unseen
    for row in sheet:
        assert row["running_count"] == math.ceil(trigger * Fraction(row["unseen"]) / 52)
    assert [r["running_count"] for r in sheet] == sorted((r["running_count"] for r in sheet), reverse=True)
    assert 80 <= len(sheet) <= 83  # the rounds a shoe deals, one more after the cut card (81.28 on average)
