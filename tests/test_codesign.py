"""Co-count design (issue 20, item 3): one set of tags for several side bets, each bet with its own trigger, their
units together beside perfect play of every bet on the same shoes."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from analyzer.errors import InputError
from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.play.executor import LocalExecutor
from analyzer.studies.codesign import (
    CoDesign,
    CoDesigns,
    Follow,
    co_design,
    co_tracking_sheet,
    combined_effects,
    unbalanced_co_count,
)
from analyzer.studies.counting import run
from analyzer.studies.design import Trigger, sheet_rounds, unbalanced_tags
from analyzer.studies.eor import best_tags, correlation, effects_of_removal
from analyzer.studies.plan import Counter, Study, WagerPlan

from .clirun import assert_refused
from .clirun import run as run_cli

EZ = ("dragon-7", "panda-8")


@pytest.fixture(scope="module")
def ez() -> CoDesigns:
    return co_design(load_rules("ez-baccarat"), EZ, 8, shoes=30, seed=1, executor=LocalExecutor(1))


def test_the_co_count_rounds_each_bets_effects_divided_by_its_house_edge_and_added() -> None:
    effects = effects_of_removal(load_rules("ez-baccarat"), Shoe.decks(8), EZ)
    summed = combined_effects(effects)
    for r in range(13):  # weighed alike by default: half each
        assert summed.effects[r] == sum((e.effects[r] or 0) / -e.expected_value / 2 for e in effects)
    assert sum(n * (e or 0) for n, e in zip(Shoe.decks(8).counts, summed.effects)) == 0  # balanced, exactly
    assert [best_tags(summed, (level,), balanced=True)[0] for level in (1, 2, 3)] == [
        (0, 0, -1, -1, -1, -1, -1, 0, 1, 1, 1, 1, 1),
        (1, 0, -1, -2, -2, -1, -2, 1, 2, 1, 1, 1, 1),
        (1, 0, -2, -2, -2, -2, -2, 2, 3, 1, 1, 1, 1),
    ]


def test_the_player_and_banker_dragon_co_count_follows_both_bets() -> None:
    effects = effects_of_removal(
        load_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player", "dragon-bonus-banker")
    )
    tags, _ = best_tags(combined_effects(effects), (2,), balanced=True)
    assert tags == (1, 2, 2, 1, 1, 0, -1, -1, -1, -1, -1, -1, -1)
    assert [round(correlation(tags, e) or 0, 4) for e in effects] == [0.9798, 0.9308]


@pytest.mark.slow
def test_each_bet_has_its_own_trigger_on_the_one_count_and_the_seeded_figures_repeat(ez: CoDesigns) -> None:
    assert [[f.best.threshold if f.best else None for f in d.follows] for d in ez.designs] == [[3, 7], [6, 11], [8, 14]]
    assert [[f.best.bet_frequency if f.best else None for f in d.follows] for d in ez.designs] == [
        [Fraction(369, 2426), Fraction(57, 1213)],
        [Fraction(291, 2426), Fraction(115, 2426)],
        [Fraction(303, 2426), Fraction(131, 2426)],
    ]
    assert [p.bet_frequency for p in ez.perfect] == [Fraction(209, 1213), Fraction(84, 1213)]
    assert [p.house_edge for p in ez.perfect] == [
        Fraction(64613588827, 848912750595),
        Fraction(153010345753, 1501922558745),
    ]
    assert f"{float(ez.designs[1].per_100_rounds or 0):.6f}" == "1.398568"


@pytest.mark.slow
def test_no_co_count_takes_more_than_perfect_play_of_every_bet(ez: CoDesigns) -> None:
    bounds = {p.wager: p.per_100_rounds for p in ez.perfect}
    for d in ez.designs:
        assert d.per_100_rounds is not None and d.per_100_rounds <= ez.perfect_per_100_rounds
        for f in d.follows:
            assert f.best is not None and f.best.per_100_rounds <= bounds[f.wager]
        assert d.per_100_rounds == sum(f.best.per_100_rounds for f in d.follows if f.best)


@pytest.mark.slow
def test_each_best_trigger_wins_what_a_two_wager_count_study_betting_by_it_expects(ez: CoDesigns) -> None:
    level = ez.designs[1]
    plans = tuple(
        WagerPlan(f.wager, Counter(tags=level.tags, threshold=Fraction(f.best.threshold), index="true"))
        for f in level.follows
        if f.best is not None
    )
    tally = run(
        Study(rules=load_rules("ez-baccarat"), wagers=plans, shoes=30, decks=8, play="count", seed=1), LocalExecutor(1)
    )
    for j, f in enumerate(level.follows):
        assert f.best is not None
        assert 100 * tally.expected(j) / tally.line(j).rounds == f.best.per_100_rounds
        assert tally.bet_frequency(j) == f.best.bet_frequency


@pytest.mark.slow
def test_tags_with_two_wagers_prints_one_count_and_each_wagers_figures_by_level() -> None:
    code, out, err = run_cli(
        "tags",
        "--rules",
        "ez-baccarat",
        "--wager",
        "dragon-7",
        "--wager",
        "panda-8",
        "--shoes",
        "10",
        "--workers",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["wagers_counted"] == "dragon-7, panda-8"
    assert [d["design"] for d in document["designs"]] == ["level 1", "level 2", "level 3"]
    assert [(r["design"], r["wager"]) for r in document["by_wager"]][:2] == [
        ("level 1", "dragon-7"),
        ("level 1", "panda-8"),
    ]


@pytest.mark.slow
def test_the_searched_co_count_takes_at_least_what_the_bets_weighed_alike_take_on_the_same_shoes() -> None:
    rules = load_rules("live-pittsburgh")
    pair = ("dragon-bonus-player", "dragon-bonus-banker")
    alike = co_design(rules, pair, 8, shoes=20, seed=2, executor=LocalExecutor(1))
    searched = co_design(rules, pair, 8, shoes=20, seed=2, executor=LocalExecutor(1), search=True)
    assert searched.searched and [d.tried for d in searched.designs] == [3, 4, 4]  # distinct tag sets of the 9 mixes
    assert alike.perfect == searched.perfect  # the same shoes
    for plain, found in zip(alike.designs, searched.designs):
        assert plain.weights == (Fraction(1, 2), Fraction(1, 2))  # one of the mixes searched
        assert (found.per_100_rounds or 0) >= (plain.per_100_rounds or 0)
        expected = best_tags(
            combined_effects(effects_of_removal(rules, Shoe.decks(8), pair), found.weights),
            (found.level,),
            balanced=True,
        )[0]
        assert found.tags == expected  # the tags are those of the mix stated


def test_a_co_count_weighs_no_bet_without_a_house_edge() -> None:
    rules = load_rules("ez-baccarat").with_pays("panda-8", "Player wins with a three-card 8", Fraction(100))
    with pytest.raises(InputError, match="Wager panda-8 has no house edge on a full shoe"):
        co_design(rules, EZ, 8, shoes=1, seed=0, executor=LocalExecutor(1))


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--rules", "dactylus", "--wager", "player-pair", "--wager", "banker-pair"],
            "No linear count follows player-pair or banker-pair: every effect of removal is 0.",
        ),
        (["--rules", "ez-baccarat", "--wager", "dragon-7", "--wager", "dragon-7"], "Wager dragon-7 is given twice"),
        (
            [
                "--rules",
                "ez-baccarat",
                "--wager",
                "dragon-7",
                "--wager",
                "panda-8",
                "--wager",
                "tie",
                "--search",
                "--unbalanced",
                "--sheet",
            ],
            "(3 given)",
        ),
        (
            ["--rules", "ez-baccarat", "--wager", "dragon-7", "--wager", "nope", "--unbalanced", "--sheet"],
            "Unknown wager 'nope'",
        ),
        (["--rules", "ez-baccarat", "--wager", "dragon-7", "--wager", "nope"], "Unknown wager 'nope'"),
        (["--rules", "mini-louisiana", "--wager", "tie", "--wager", "big-win-bonus-player"], "has no pay table"),
        (
            ["--rules", "ez-baccarat", "--wager", "dragon-7", "--search"],
            "--search mixes two wagers' effects; give --wager twice (1 given)",
        ),
        (
            ["--rules", "ez-baccarat", "--wager", "dragon-7", "--wager", "panda-8", "--wager", "tie", "--search"],
            "(3 given)",
        ),
    ],
)
def test_bad_co_count_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["tags", *args], message)


@pytest.fixture(scope="module")
def ez_unbalanced() -> CoDesigns:
    return co_design(load_rules("ez-baccarat"), EZ, 8, shoes=10, seed=1, executor=LocalExecutor(1), unbalanced=True)


@pytest.mark.slow
def test_an_unbalanced_co_count_raises_the_tags_by_the_trigger_of_the_bet_that_takes_the_most(
    ez_unbalanced: CoDesigns,
) -> None:
    designs = ez_unbalanced.designs
    assert [(d.name, d.tags) for d in designs[1::2]] == [
        ("level 1, unbalanced", (0, 0, 0, -1, -1, -1, -1, 0, 1, 1, 1, 1, 1)),
        ("level 2, unbalanced", (1, 0, -1, -1, -2, -1, -1, 1, 2, 1, 1, 1, 1)),
        ("level 3, unbalanced", (1, 0, -1, -2, -2, -1, -2, 2, 3, 1, 1, 1, 1)),
    ]
    summed = combined_effects(effects_of_removal(load_rules("ez-baccarat"), Shoe.decks(8), EZ))
    for balanced, skewed in zip(designs[0::2], designs[1::2]):
        assert balanced.balanced and not skewed.balanced and skewed.level == balanced.level
        main = max((f.best for f in balanced.follows if f.best), key=lambda t: t.per_100_rounds)
        assert balanced.follows[0].best is not None and main == balanced.follows[0].best  # dragon-7's here
        assert (
            skewed.tags
            == unbalanced_tags(summed, balanced.tags, main.threshold)
            == unbalanced_co_count(balanced, summed)
        )
        assert sum(skewed.tags) - sum(balanced.tags) == max(1, round(main.threshold / 4))  # ranks raised: 4 a deck each
        assert all(f.break_even is None for f in skewed.follows)


@pytest.mark.slow
def test_each_bet_has_its_own_running_count_trigger_and_the_seeded_figures_repeat(ez_unbalanced: CoDesigns) -> None:
    skewed = ez_unbalanced.designs[1::2]
    assert [[f.best.threshold if f.best else None for f in d.follows] for d in skewed] == [
        [32, 37],
        [60, None],
        [59, None],
    ]
    assert [[f.best.bet_frequency if f.best else None for f in d.follows] for d in skewed] == [
        [Fraction(77, 806), Fraction(1, 26)],
        [Fraction(44, 403), None],
        [Fraction(99, 806), None],
    ]
    assert [[round(f.correlation or 0, 4) for f in d.follows] for d in skewed] == [
        [0.7018, 0.7162],
        [0.8499, 0.7921],
        [0.9352, 0.7248],
    ]
    assert skewed[0].per_100_rounds == Fraction(
        9296451430156933869315238209202534371454302006614410883566103272430676479,
        10695114843029000096802575339608217751741713945688627216838961647725633840,
    )  # 0.869224 units per 100 rounds
    bounds = {p.wager: p.per_100_rounds for p in ez_unbalanced.perfect}
    for d in skewed:
        assert all(f.best is None or f.best.per_100_rounds <= bounds[f.wager] for f in d.follows)


@pytest.mark.slow
def test_unbalanced_co_counts_leave_the_balanced_ones_as_they_are_on_the_same_shoes(ez_unbalanced: CoDesigns) -> None:
    plain = co_design(load_rules("ez-baccarat"), EZ, 8, shoes=10, seed=1, executor=LocalExecutor(1))
    assert ez_unbalanced.designs[0::2] == plain.designs and ez_unbalanced.perfect == plain.perfect


@pytest.mark.slow
def test_each_running_count_trigger_wins_what_a_two_wager_running_count_study_betting_by_it_expects(
    ez_unbalanced: CoDesigns,
) -> None:
    level = ez_unbalanced.designs[1]
    plans = tuple(
        WagerPlan(f.wager, Counter(tags=level.tags, threshold=Fraction(f.best.threshold), index="running"))
        for f in level.follows
        if f.best is not None
    )
    assert len(plans) == 2
    tally = run(
        Study(rules=load_rules("ez-baccarat"), wagers=plans, shoes=10, decks=8, play="count", seed=1), LocalExecutor(1)
    )
    for j, f in enumerate(level.follows):
        assert f.best is not None
        assert 100 * tally.expected(j) / tally.line(j).rounds == f.best.per_100_rounds
        assert tally.bet_frequency(j) == f.best.bet_frequency


@pytest.mark.slow
def test_the_co_count_tracking_sheet_has_a_running_count_column_per_bet_of_the_best_balanced_co_count(
    ez_unbalanced: CoDesigns,
) -> None:
    made = co_tracking_sheet(ez_unbalanced)
    assert made is not None
    chosen, rows = made
    assert chosen.balanced and chosen.level == 3  # the best balanced co-count here
    assert [f.best.threshold for f in chosen.follows if f.best] == [6, 17]
    rounds = sheet_rounds(load_rules("ez-baccarat"), 8, ez_unbalanced.procedure)  # the single wager's sheet's rounds
    assert [(r.round, r.unseen) for r in rows] == list(rounds) and rows[0].unseen == 415
    for r in rows:
        assert r.running_counts == (math.ceil(6 * r.unseen / 52), math.ceil(17 * r.unseen / 52))
    assert rows[0].running_counts == (48, 136) and rows[-1].running_counts == (3, 7)


@pytest.mark.slow
def test_tags_with_two_wagers_unbalanced_and_sheet_prints_running_count_triggers_and_a_column_per_bet() -> None:
    code, out, err = run_cli(
        "tags",
        "--rules",
        "ez-baccarat",
        "--wager",
        "dragon-7",
        "--wager",
        "panda-8",
        "--shoes",
        "10",
        "--seed",
        "1",
        "--workers",
        "1",
        "--unbalanced",
        "--sheet",
        "--format",
        "json",
    )
    assert code == 0, err
    document = json.loads(out)
    assert [d["design"] for d in document["designs"]][:2] == ["level 1", "level 1, unbalanced"]
    assert document["designs"][1]["trigger"] == "running count: dragon-7 >= 32; panda-8 >= 37"
    assert document["by_wager"][2]["trigger"] == "running count >= 32"
    assert document["tracking_sheet_design"] == "level 3"
    assert document["tracking_sheet_triggers"] == "dragon-7 >= 6; panda-8 >= 17"
    assert document["tracking_sheet"][0] == {
        "round": 1,
        "unseen": "415",
        "running_count_dragon-7": 48,
        "running_count_panda-8": 136,
    }


def test_no_unbalanced_co_count_without_a_winning_trigger_of_one_to_13() -> None:
    summed = combined_effects(effects_of_removal(load_rules("ez-baccarat"), Shoe.decks(8), EZ))
    tags = (1, 0, -1, -2, -2, -1, -2, 1, 2, 1, 1, 1, 1)

    def follows(*best: Trigger | None) -> CoDesign:
        return CoDesign(2, tags, tuple(Follow(w, None, None, b) for w, b in zip(EZ, best)))

    assert unbalanced_co_count(follows(None, None), summed) is None  # no bet wins
    assert unbalanced_co_count(follows(Trigger(14, Fraction(1), Fraction(1, 9)), None), summed) is None  # beyond 13
    assert unbalanced_co_count(follows(Trigger(0, Fraction(1), Fraction(1, 2)), None), summed) is None  # not above 0
    # the bet whose trigger takes the most sets it, here the second: 9 raises round(9 / 4) = 2 ranks
    both = follows(Trigger(5, Fraction(1, 3), Fraction(1, 9)), Trigger(9, Fraction(1, 2), Fraction(1, 20)))
    assert unbalanced_co_count(both, summed) == unbalanced_tags(summed, tags, 9)
    assert sum(unbalanced_tags(summed, tags, 9)) - sum(tags) == 2


@pytest.mark.slow
def test_the_api_designs_unbalanced_co_counts_as_the_command_does() -> None:
    from analyzer.api import co_count_designs

    found = co_count_designs("ez-baccarat", EZ, shoes=3, seed=1, unbalanced=True)
    assert found == co_design(
        load_rules("ez-baccarat"), EZ, 8, shoes=3, seed=1, executor=LocalExecutor(1), unbalanced=True
    )
    assert [d.name for d in found.designs][:2] == ["level 1", "level 1, unbalanced"]
