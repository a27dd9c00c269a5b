"""The counting study of lightning wagers (issue 18, item 5): each round's exact edge is the expectation over the
deal and the lightning draw (a fresh virtual deck, independent of the shoe), and each round is settled with lightning
cards drawn as the simulator draws them."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.exact.batch import expected_values
from analyzer.exact.lightning import lightning_pays
from analyzer.exact.parsheet import par_sheets
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.game.wager import Wager
from analyzer.studies.chunk import wager_scales
from analyzer.studies.counting import deal_chunk
from analyzer.studies.plan import Counter, Study, WagerPlan

from .clirun import assert_refused, run
from .test_lightning import TIE_RULES

EXAMPLES = Path(__file__).parent.parent / "examples"
LIGHTNING = str(EXAMPLES / "lightning-style.toml")
NEVER_COUNTED = "0 0 0 0 0 0 0 0 0 0 0 0 0"
"""Tags that keep the count at 0: with --threshold 0 every round is bet."""


@pytest.mark.slow
def test_the_exact_edge_of_a_lightning_wager_on_a_full_shoe_is_the_analyze_edge() -> None:
    """The counting study's exact path (52 counts by card type) gives, on a full shoe, the edge `analyze` prints."""
    rules = read_rules(LIGHTNING)
    names = ("lightning-player", "lightning-banker", "lightning-tie")
    for decks in (1, 8):
        shoe = Shoe.decks(decks)
        batch = expected_values(rules, names, [shoe.types])
        sheets = par_sheets(rules, shoe, names)
        assert [batch.expected_value(0, j) for j in range(len(names))] == [s.expected_value for s in sheets]
    assert batch.expected_value(0, 0) == Fraction(-282833535920780113, 8090669083639471875)  # 8 decks: -3.4958%


@pytest.mark.slow
def test_a_composition_short_of_one_card_type_is_priced_by_its_card_types() -> None:
    """Lightning cards are card types: a shoe short of the king of hearts is not one short of any king (its suits
    unknown); the exact path reads the 52 counts, and refuses 13 counts by rank in one line."""
    rules = read_rules(str(EXAMPLES / "golden-wealth-style.toml"))
    full = Shoe.decks(1)
    hearts, clubs = full.remove(["KH"]), full.remove(["KC"])
    batch = expected_values(rules, ("golden-player-pair",), [hearts.types, clubs.types])
    assert (
        batch.expected_value(0, 0)
        == batch.expected_value(1, 0)
        == par_sheets(rules, hearts, ("golden-player-pair",))[0].expected_value
    )
    with pytest.raises(InputError, match="golden-player-pair has lightning multipliers, which match card types"):
        expected_values(rules, ("golden-player-pair",), [hearts.counts])


@pytest.mark.slow
def test_a_seeded_lightning_count_is_reproducible_and_its_return_agrees_with_the_exact_return() -> None:
    """Betting every round of eight one-deck shoes: figures pinned exactly, the same when the shoes are dealt as two
    chunks (as two workers deal them), and the units won per 100 rounds within their 95% interval of the units
    expected (the exact EVs of the rounds bet, over the deal and the lightning draw)."""
    from analyzer.studies.counting import play_chunk, wager_plans
    from analyzer.studies.tally import Tally

    code, out, err = run(
        "count",
        "--rules",
        LIGHTNING,
        "--wager",
        "lightning-player",
        "--decks",
        "1",
        "--shoes",
        "8",
        "--seed",
        "2026",
        "--play",
        "count",
        "--tags",
        NEVER_COUNTED,
        "--threshold",
        "0",
        "--workers",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err
    found = json.loads(out)
    assert found["rounds"] == found["bets"] == 59
    assert Fraction(found["units_won"]) == Fraction(61, 6)
    assert Fraction(found["units_expected"]) == Fraction(-13432834330730022818113914677, 5503570999058292365205000000)
    won, exact = found["units_won_per_100_rounds"], found["units_expected_per_100_rounds"]
    assert abs(won["mean"] - exact["mean"]) <= won["ci95"]
    rules = read_rules(LIGHTNING)
    plans = wager_plans(rules, ("lightning-player",), 1, "count", {None: (0,) * 13}, {None: Fraction(0)}, None)
    study = Study(rules=rules, wagers=plans, shoes=8, decks=1, play="count", seed=2026)
    halves = Tally.merge(study, [play_chunk((study, 0, 4)), play_chunk((study, 4, 4))])
    assert (halves.line(0).rounds, halves.won(0), halves.expected(0)) == (
        59,
        Fraction(61, 6),
        Fraction(found["units_expected"]),
    )


@pytest.mark.slow
def test_the_lightning_cards_of_a_counting_study_are_drawn_as_the_game_draws_them() -> None:
    """Four hundred one-deck shoes (3,030 rounds) settled with the lightning cards drawn: the mean return of each round
    is within its 95% interval of the exact one-deck edge, and far from the return of the same rows unmultiplied
    (which the interval leaves out: a study that forgot the multipliers would fail here)."""
    rules = read_rules(LIGHTNING)
    names = ("lightning-player", "lightning-tie")
    study = Study(rules=rules, wagers=tuple(WagerPlan(n) for n in names), shoes=400, decks=1, play="perfect", seed=11)
    rounds, results = deal_chunk(study, [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(400)])
    assert len(rounds.shoe) == 3030
    _again, same = deal_chunk(study, [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(400)])
    assert (same == results).all()
    for j, name in enumerate(names):
        wager = rules.wager(name)
        nets = results[:, j] / wager_scales(wager)[0]
        half = 1.959963984540054 * nets.std(ddof=1) / math.sqrt(len(nets))
        sheet = par_sheets(rules, Shoe.decks(1), (name,))[0]
        assert abs(nets.mean() - float(sheet.expected_value)) <= half
        plain = sum(
            (
                r.probability * (lightning_pays(wager, _row(wager, r.outcome.name), Fraction(1)) or 0)
                for r in sheet.rows
            ),
            Fraction(0),
        )  # every row paid as if no lightning card were found
        assert abs(nets.mean() - float(plain)) > half
    assert Fraction(int(results[:, 0].sum()), wager_scales(rules.wager("lightning-player"))[0]) == Fraction(-275, 6)


def _row(wager: Wager, name: str) -> int:
    """The wager's own row that a par-sheet row ("win x8") multiplies."""
    return next(i for i, o in enumerate(wager.outcomes) if name == o.name or name.startswith(o.name + " x"))


def test_a_lightning_wager_that_could_net_beyond_the_study_tallies_is_refused_in_one_line(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = TIE_RULES.replace("CARDS", "5").replace("APPLIES", "both hands").replace("MULTIPLIERS", '{ "1000" = "1" }')
    assert_refused(
        ["count", "--rules", rule_file(text), "--wager", "lit", "--decks", "1", "--shoes", "1"],
        "a counting study tallies lightning wagers netting at most",
    )


@pytest.mark.parametrize(
    "command, refusal",
    [
        (["formula", "--wager", "lightning-player"], "which formula (the closed forms) does not count yet"),
        (["tags", "--wager", "lightning-player", "--shoes", "2"], "which tags (the count design) does not count yet"),
        (
            ["depth", "--wager", "lightning-player", "--from", "10", "--to", "10"],
            "the depth study counts compositions by rank",
        ),
    ],
)
def test_commands_that_do_not_count_lightning_say_which_and_what_does_in_one_line(
    command: list[str], refusal: str
) -> None:
    assert_refused([command[0], "--rules", LIGHTNING, *command[1:]], refusal)
    _code, _out, err = run(command[0], "--rules", LIGHTNING, *command[1:])
    assert "has lightning multipliers" in err and "count" in err


@pytest.mark.slow
def test_the_total_of_lightning_and_plain_wagers_adds_their_own_units() -> None:
    """A lightning wager's results and expected values have scales of their own (the lightning draw's denominators):
    the total column adds every wager's exactly, in their common units."""
    from analyzer.play.executor import LocalExecutor
    from analyzer.studies.counting import run as run_study

    rules = read_rules(LIGHTNING)
    always = Counter(tags=(0,) * 13, threshold=Fraction(0))
    names = ("lightning-player", "banker", "lightning-tie")
    study = Study(
        rules=rules, wagers=tuple(WagerPlan(n, always) for n in names), shoes=1, decks=1, play="count", seed=3
    )
    tally = run_study(study, LocalExecutor(1))
    assert len({wager_scales(rules.wager(n))[1] for n in names}) == 3  # three different value scales
    assert tally.won(3) == sum(tally.won(j) for j in range(3))
    assert tally.expected(3) == sum(tally.expected(j) for j in range(3))
    assert tally.line(3).bets == 3 * tally.line(0).rounds


@pytest.mark.slow
def test_a_lightning_wagers_count_is_made_from_its_effects_of_removal_by_card_type() -> None:
    """With no --tags, `count --play count` bets a lightning wager by the balanced count of its effects of removal
    (by card type, as `eor` gives them) from its break-even true count, as for any wager: one deck, pinned."""
    from analyzer.studies.counting import wager_plans

    (plan,) = wager_plans(read_rules(LIGHTNING), ("lightning-player",), 1, "count", {}, {}, None)
    assert plan.counter == Counter(
        tags=(-1, -1, -2, -3, 1, 3, 3, 2, 2, -1, -1, -1, -1),
        threshold=Fraction(21655664891153672, 213353733085913),
        index="true",
    )
