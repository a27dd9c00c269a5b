"""The counting study: reproducible for any worker count, dealing as the documents say."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import load
from analyzer.game.settle import settle
from analyzer.game.shoe import Shoe
from analyzer.play.dealer import deal_shoes, dealer_for
from analyzer.play.engine import deal_round
from analyzer.play.executor import open_executor
from analyzer.play.records import Universe
from analyzer.studies.counting import Study, _deal_shoe, _Net, parse_tags, parse_threshold, play_shoes, run


def _study(**changes: object) -> Study:
    settings: dict[str, object] = dict(
        rules=load("live-pittsburgh"), wager="dragon-bonus-player", shoes=25, decks=2, cut_card=14, play="perfect", seed=7
    )
    settings.update(changes)
    return Study(**settings)  # type: ignore[arg-type]


def test_same_result_for_one_and_two_workers() -> None:
    """Seeds per shoe and fixed chunks: the shoes, and so every figure, are identical."""
    study = _study()
    with open_executor(workers=1) as one:
        first = run(study, one)
    with open_executor(workers=2) as two:
        second = run(study, two)
    assert first.shoes == second.shoes
    assert first.rounds > 0 and len(first.shoes) == 25


def test_another_seed_deals_other_shoes() -> None:
    with open_executor(workers=1) as executor:
        assert run(_study(seed=7), executor).shoes != run(_study(seed=8), executor).shoes


@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_a_shoe_is_dealt_as_the_round_engine_deals_it(rule_set: str) -> None:
    """The study's rounds, compositions and results against the round engine dealing the same shoe."""
    rules = load(rule_set)
    study = Study(rules=rules, wager="player", shoes=1, decks=1, cut_card=10, play="perfect", seed=3)
    cards = np.random.default_rng(11).permutation(np.repeat(np.arange(len(RANKS)), 4))
    codes, used = deal_shoes(dealer_for(rules, Shoe.decks(1)), cards[None, :], study.cut_card)
    dealt = _deal_shoe(cards, codes[:, 0], used[:, 0], None, study, Universe(False, Shoe.decks(1).counts),
                       _Net(rules.wager("player"), None))
    sequence = tuple(RANKS[r] for r in cards.tolist())
    at, rounds = 0, 0
    while len(sequence) - at > study.cut_card:
        game = deal_round(rules, sequence[at:])
        left = Counter(sequence[at:])
        assert dealt.compositions[rounds].tolist() == [left[r] for r in RANKS]
        assert dealt.results[rounds] == settle(rules.wager("player"), game.state).pays  # type: ignore[union-attr]
        at += game.cards_used
        rounds += 1
    assert rounds == len(dealt.results) > 0


def test_perfect_play_bets_exactly_when_the_expectation_is_positive() -> None:
    from numpy.random import SeedSequence

    (shoe,) = play_shoes((_study(decks=1, cut_card=5), [SeedSequence(3)]))
    assert shoe.bets == shoe.positive and shoe.expected >= 0
    assert 52 // 6 <= shoe.rounds <= (52 - 5) // 4 + 1


def test_count_play_with_a_threshold_every_round_passes_bets_every_round() -> None:
    with open_executor(workers=1) as executor:
        always = run(_study(play="count", tags=(0,) * 13, threshold=Fraction(0)), executor)
        never = run(_study(play="count", tags=(0,) * 13, threshold=Fraction(1)), executor)
    assert always.bets == always.rounds and never.bets == 0 and never.won == 0


def test_parsers_are_strict() -> None:
    assert parse_tags("A=1, 2=1, 3=1, 4=1, 5=0, 6=0, 7=0, 8=0, 9=0, T=-1, J=-1, Q=-1, K=-1")[9:] == (-1,) * 4
    assert parse_threshold("-1.5") == Fraction(-3, 2)
    for bad in ("1 2 3", "A=1", "A=x," * 13, "A=1,A=1"):
        with pytest.raises(InputError):
            parse_tags(bad)
    with pytest.raises(InputError, match="not a number"):
        parse_threshold("1/0")


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_count_command_json_reports_exact_totals() -> None:
    code, out, _ = run_cli("count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "30",
                           "--decks", "2", "--play", "count", "--seed", "3", "--format", "json", "--workers", "2")
    assert code == 0
    report = json.loads(out)
    assert report["shoes"] == 30 and report["play"] == "count" and report["threshold"] is not None
    assert sum(report["tags"].values()) == 0
    assert report["units_won_per_shoe"]["mean"] == float(Fraction(report["units_won"]) / 30)
    assert report["units_expected_per_shoe"]["mean"] == float(Fraction(report["units_expected"]) / 30)
    assert report["bets"] <= report["rounds"]


def test_count_command_table() -> None:
    code, out, _ = run_cli("count", "--rules", "punto-banco", "--wager", "banker", "--shoes", "5", "--decks", "1")
    assert code == 0
    assert "units expected per shoe" in out and "perfect" in out and "seed 0" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wager", "player-pair", "--play", "count"], "no linear count follows it"),
        (["--wager", "banker", "--tags", "0 0 0 0 0 0 0 0 0 0 0 0 0"], "apply to --play count only"),
        (["--wager", "banker", "--play", "count", "--tags", "A=1"], "gives no tag for"),
        (["--wager", "banker", "--cut-card", "2"], "--cut-card 2 is outside"),
        (["--wager", "big-win-bonus-player"], "has no pay table"),
        (["--wager", "banker", "--play", "count", "--threshold", "high"], "not a number"),
    ],
)
def test_count_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run_cli("count", "--rules", "dactylus" if "player-pair" in args else "mini-louisiana"
                             if "big-win-bonus-player" in args else "punto-banco", *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
