"""A bet spread (issue 20, item 5): ``count --spread U@T,...`` bets U units from count T on, in every figure."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction

import pytest
from numpy.random import SeedSequence

from analyzer.errors import InputError
from analyzer.game.rulefile import read_rules
from analyzer.studies.chunk import Line
from analyzer.studies.counting import play_shoes
from analyzer.studies.plan import Counter, Spread, Study, WagerPlan, parse_spread
from analyzer.studies.tally import Tally

from .clirun import assert_refused, run

LEVEL_2 = (2, 2, 2, 1, 0, 0, -1, -1, -1, -1, -1, -1, -1)
"""The level-2 balanced count `baccarat tags` designs for the Dragon Bonus on the Player."""


def _tally(counter: Counter) -> Tally:
    """Ten 2-deck shoes (seed 7) bet on the Dragon Bonus (Player) by ``counter``, one chunk."""
    study = Study(
        rules=read_rules("live-pittsburgh"),
        wagers=(WagerPlan("dragon-bonus-player", counter),),
        shoes=10,
        decks=2,
        play="count",
        seed=7,
    )
    return Tally.merge(study, [play_shoes((study, SeedSequence(7).spawn(10)))])


def test_a_spread_bets_the_sum_of_its_steps_exactly() -> None:
    """1@1,2@2,4@3 bets 1 + [TC >= 2] + 2 [TC >= 3] units: its units staked, won and expected, overall and by count,
    are those of one-unit bets from 1, 2 and 3 so added, exactly (the same shoes)."""
    flat = {t: _tally(Counter(LEVEL_2, Fraction(t))) for t in (1, 2, 3)}
    spread = _tally(Counter(LEVEL_2, Fraction(1), spread=parse_spread("1@1,2@2,4@3")))
    line = spread.line(0)
    assert line.bets == flat[1].line(0).bets > flat[3].line(0).bets > 0  # bets placed: from the first step on
    assert line.staked == flat[1].line(0).bets + flat[2].line(0).bets + 2 * flat[3].line(0).bets
    assert spread.won(0) == flat[1].won(0) + flat[2].won(0) + 2 * flat[3].won(0)
    assert spread.expected(0) == flat[1].expected(0) + flat[2].expected(0) + 2 * flat[3].expected(0)
    assert spread.average_edge(0) == spread.expected(0) / line.staked
    for (_key, row, average), *others in zip(spread.count_rows(0), *(flat[t].count_rows(0) for t in (1, 2, 3))):
        (_, one, _), (_, two, _), (_, three, _) = others
        assert row.won == one.won + two.won + 2 * three.won and row.staked == one.bets + two.bets + 2 * three.bets
        assert average == others[0][2]  # the average EV of the rounds dealt does not depend on the bet
    assert spread.line(1) == Line(line.rounds, line.positive, line.bets, line.won, line.expected * 1, line.staked)


def test_a_spread_of_one_step_of_one_unit_bets_as_its_threshold() -> None:
    flat, spread = (
        _tally(Counter(LEVEL_2, Fraction(2))),
        _tally(Counter(LEVEL_2, Fraction(2), spread=Spread(((Fraction(2), 1),)))),
    )
    assert spread.moments == flat.moments and spread.squares == flat.squares


def test_count_with_a_spread_reports_its_pinned_figures() -> None:
    """40 shoes, seed 3, the default level-2 count of the Dragon Bonus, 1 unit from a true count of 4, 2 from 6, 4
    from 8: its exact totals, and the spread's risk figures, exact (from the exact law of a round's result) and
    Brownian."""
    code, out, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "40",
        "--spread",
        "1@4,2@6,4@8",
        "--bankroll",
        "500",
        "--goal",
        "250",
        "--seed",
        "3",
        "--workers",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err
    found = json.loads(out)
    assert (found["play"], found["rounds"], found["bets"], found["units_staked"], found["units_won"]) == (
        "count",
        3249,
        430,
        932,
        "-2",
    )
    assert found["wagers"][0]["counter"]["spread"] == [
        {"count": "4", "units": 1},
        {"count": "6", "units": 2},
        {"count": "8", "units": 4},
    ]
    assert found["sd_per_round"] == pytest.approx(2.2124746891626295, rel=1e-12)
    assert found["n0"] == pytest.approx(182269.70290354695, rel=1e-12)
    (risk,) = found["risk"]
    per_round = risk["per_round"]
    assert Fraction(per_round["units_expected"]) * found["rounds"] == Fraction(found["units_expected"])
    assert per_round["lifetime_ruin"]["value"] == pytest.approx(0.38008423205065595, rel=1e-9)
    assert per_round["ruin_before_goal"]["value"] == pytest.approx(0.2003916936805397, rel=1e-9)
    assert per_round["bankroll_for_risk"][0] == {"risk": pytest.approx(math.exp(-2)), "low": "1035", "high": "1035"}
    brownian = per_round["brownian"]
    assert (brownian.pop("trip_ruin"), brownian.pop("behind")) == (None, None)  # no trip asked
    assert brownian.pop("bankroll_for_risk") == pytest.approx(
        [1079.2926899022257, 1616.6359718754984, 2485.16325874631]
    )
    assert brownian == pytest.approx(
        {
            "score": 4.801554167698748,
            "kelly_bankroll": 1079.2926899022257,
            "kelly_bet": 0.46326636386770637,
            "lifetime_ruin": 0.3959241099097085,
            "ruin_before_goal": 0.19550368243499647,
        },
        rel=1e-12,
    )


def test_count_prints_the_spread_it_bets() -> None:
    code, out, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "20",
        "--spread",
        "1@4,2@6,4@8",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert (
        "count: spread 1@4,2@6,4@8 by the true count: units 1 at 4 or more, 2 at 6 or more, 4 at 8 or more; "
        "no bet below 4"
    ) in " ".join(out.split())
    assert "units bet" in out


@pytest.mark.parametrize(
    "spread, message",
    [
        ("1@2,1@4", "--spread '1@2,1@4': the units must rise from step to step (1 at 4 after 1 at 2)."),
        ("2@4,1@6", "the units must rise from step to step (1 at 6 after 2 at 4)"),
        ("1@4,2@2", "--spread '1@4,2@2': the counts must rise from step to step (2 comes after 4)."),
        ("0@2", "--spread '0@2': a step bets from 1 to 1000 units, got 0."),
        ("1001@2", "a step bets from 1 to 1000 units, got 1001"),
        ("1@2,x", "--spread: 'x' is not UNITS@COUNT, e.g. '2@4' (2 units at a count of 4 or more)"),
        ("2", "--spread: '2' is not UNITS@COUNT"),
        ("1.5@2", "--spread: '1.5@2' is not UNITS@COUNT"),
        (",".join(f"{u}@{u}" for u in range(1, 22)), "--spread needs 1 to 20 steps UNITS@COUNT, got 21."),
    ],
)
def test_a_bad_spread_is_refused_in_one_line(spread: str, message: str) -> None:
    assert_refused(
        ["count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "5", "--spread", spread],
        message,
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["--spread", "1@2", "--threshold", "3"], "--threshold and --spread both say when to bet dragon-bonus-player"),
        (
            ["--spread", "1@2", "--play", "perfect"],
            "--spread bets by the count: it goes with --play count, not --play perfect.",
        ),
        (["--spread", "banker:1@2"], "--spread 'banker:1@2' names 'banker', which is not one of the study's wagers"),
    ],
)
def test_a_spread_that_contradicts_the_other_options_is_refused(args: list[str], message: str) -> None:
    assert_refused(
        ["count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "5", *args], message
    )


def test_a_spread_needs_a_count_that_follows_the_wager() -> None:
    assert_refused(
        ["count", "--rules", "dactylus", "--wager", "player-pair", "--shoes", "5", "--spread", "1@2"],
        "Every effect of removal on player-pair is 0, so no linear count follows it; give --tags for its spread.",
    )


def test_a_spread_must_start_at_the_threshold_and_bets_by_the_count_only() -> None:
    with pytest.raises(InputError, match="starts at 2, not at the threshold 3"):
        Counter(LEVEL_2, Fraction(3), spread=parse_spread("1@2"))
    counter = Counter(LEVEL_2, Fraction(2), spread=parse_spread("1@2"))
    study = Study(
        rules=read_rules("live-pittsburgh"),
        wagers=(WagerPlan("dragon-bonus-player", counter),),
        shoes=1,
        decks=2,
        play="count",
        seed=0,
    )
    with pytest.raises(InputError, match="it goes with play='count', not play='perfect'"):
        replace(study, play="perfect")


def test_the_squares_of_large_spread_results_are_summed_exactly_beyond_int64() -> None:
    """A spread multiplies a round's result by up to 1,000 units: squares past 2**63 are summed in Python integers."""
    import numpy as np

    from analyzer.studies.chunk import _sum_of_squares

    nets = np.array([3_000_000_000, -3_000_000_000, 5], dtype=np.int64)  # int64 squares would wrap
    assert _sum_of_squares(nets) == 18 * 10**18 + 25 and _sum_of_squares(nets[2:]) == 25
