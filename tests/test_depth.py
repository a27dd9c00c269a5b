"""The exact depth study (issue 20, item 4): by unseen cards, over every composition, held to a brute force over every
subset of a small shoe's cards, to random subsets of a full shoe, and to the shoe procedure's rounds."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from analyzer.exact.batch import expected_values
from analyzer.exact.reach import load_rules
from analyzer.game.cards import RANKS, rank_of
from analyzer.game.needs import needs_of
from analyzer.game.shoe import Shoe
from analyzer.studies.depth import (
    compositions,
    count_compositions,
    depth_figures,
    depth_figures_by_composition,
    rounds_by_depth,
    value_level,
)
from analyzer.studies.depth_kernel import Form, rank_form, split_sums, value_form
from analyzer.studies.plan import Procedure

from .clirun import run

RULES = load_rules("live-pittsburgh")
SMALL = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "9", "8", "K", "2"]  # tens of every rank


def _brute(shoe_cards: list[str], wager: str, k: int) -> tuple[Fraction, Fraction]:
    """P(edge) and perfect play's gain over every k-subset of the cards (as distinct cards), by direct enumeration."""
    subsets = list(combinations(range(len(shoe_cards)), k))
    rows = np.zeros((len(subsets), len(RANKS)), dtype=np.int64)
    for i, subset in enumerate(subsets):
        for j in subset:
            rows[i, RANKS.index(rank_of(shoe_cards[j]))] += 1
    values = expected_values(RULES, (wager,), rows)
    positive = sum(1 for n in values.numerators[:, 0] if n > 0)
    gain = sum(
        (Fraction(int(n), values.scale[0] * d) for n, d in zip(values.numerators[:, 0], values.dealings) if n > 0),
        Fraction(0),
    )
    return Fraction(positive, len(subsets)), gain / len(subsets)


@pytest.mark.parametrize("wager, k", [("dragon-bonus-player", 8), ("player-pair", 9), ("tie", 7)])
def test_every_subset_of_a_small_shoe_gives_the_depth_figures(wager: str, k: int) -> None:
    found = depth_figures(RULES, wager, Shoe.from_cards(SMALL), k)
    assert found.compositions == count_compositions(
        Shoe.from_cards(SMALL).by_value() if wager != "player-pair" else Shoe.from_cards(SMALL).counts, k
    )
    assert (found.edge_probability, found.gain_per_round) == _brute(SMALL, wager, k)
    assert found.gain_per_round > 0  # the check has something to compare


@pytest.mark.slow
def test_random_subsets_of_a_full_shoe_agree_with_the_exact_gain() -> None:
    k, samples = 12, 3000
    exact = depth_figures(RULES, "dragon-bonus-player", Shoe.decks(8), k)
    rng = np.random.default_rng(5)
    cards = np.repeat(np.arange(len(RANKS)), 32)
    rows = np.stack(
        [np.bincount(cards[rng.choice(len(cards), k, replace=False)], minlength=len(RANKS)) for _ in range(samples)]
    )
    values = expected_values(RULES, ("dragon-bonus-player",), rows)
    ev = np.array([int(n) / (values.scale[0] * d) for n, d in zip(values.numerators[:, 0], values.dealings)])
    gains = np.maximum(ev, 0)
    error = gains.std(ddof=1) / math.sqrt(samples)
    assert abs(gains.mean() - float(exact.gain_per_round)) < 4 * error
    assert abs((ev > 0).mean() - float(exact.edge_probability)) < 4 * math.sqrt(0.25 / samples)


def test_a_wrong_weighting_would_be_caught() -> None:
    """Compositions counted equally (not by their hypergeometric weight) give another gain: the brute force can fail."""
    shoe = Shoe.from_cards(SMALL)
    rows = np.concatenate(list(compositions(shoe.counts, 9)))
    values = expected_values(RULES, ("player-pair",), rows)
    flat = sum(
        (Fraction(int(n), values.scale[0] * d) for n, d in zip(values.numerators[:, 0], values.dealings) if n > 0),
        Fraction(0),
    ) / len(rows)
    assert flat != depth_figures(RULES, "player-pair", shoe, 9).gain_per_round


@pytest.mark.parametrize(
    "wager, shoe, k",
    [
        ("dragon-bonus-player", Shoe.from_cards(SMALL), 6),
        ("dragon-bonus-player", Shoe.from_cards(SMALL), 10),
        ("tie", Shoe.from_cards(SMALL), 12),
        ("banker", Shoe.from_cards(SMALL), 9),
        ("dragon-bonus-banker", Shoe.decks(1), 7),
        ("player-pair", Shoe.from_cards(SMALL), 9),
        pytest.param("banker-pair", Shoe.from_cards([*SMALL, "Q", "Q", "T"]), 10, marks=pytest.mark.slow),
        pytest.param("dragon-bonus-player", Shoe.decks(8), 8, marks=pytest.mark.slow),
        pytest.param("player-pair", Shoe.decks(8), 7, marks=pytest.mark.slow),
    ],
)
def test_the_split_sums_equal_the_sums_composition_by_composition(wager: str, shoe: Shoe, k: int) -> None:
    """The kernel's matrix products (P whole or in two limbs; over values, or over ranks for the Pairs) give every
    figure of the per-composition path."""
    old = depth_figures_by_composition(RULES, wager, shoe, k)
    new = depth_figures(RULES, wager, shoe, k)
    assert (new.compositions, new.edge_probability, new.average_edge, new.gain_per_round) == (
        old.compositions,
        old.edge_probability,
        old.average_edge,
        old.gain_per_round,
    )
    by_value = value_level(needs_of(RULES.wager(wager)))
    form = (value_form if by_value else rank_form)(RULES, wager)
    assert form is not None and form.classes == (10 if by_value else 13)
    caps = shoe.by_value() if by_value else shoe.counts
    both = {split_sums(form, caps, k, halved=halved) for halved in (False, True)}
    assert len(both) == 1 and old.gain_per_round > 0


def test_the_split_sums_refuse_a_form_beyond_their_float_bound() -> None:
    form = value_form(RULES, "dragon-bonus-player")
    assert form is not None and split_sums(form, Shoe.decks(8).by_value(), 10) is not None
    huge = Form(form.classes, form.scale, form.coefficients, biggest=2**40)  # b 720 C(10, 5) above 2**53
    assert split_sums(huge, Shoe.decks(8).by_value(), 10) is None
    assert value_form(RULES, "player-pair") is None  # a pair of tens changes its pay: it is read by ranks
    assert (
        rank_form(load_rules("egalite"), "egalite-9") is None
    )  # settled beyond its side's view: composition by composition


def test_the_dragon_bonus_with_ten_unseen_cards_is_pinned() -> None:
    found = depth_figures(RULES, "dragon-bonus-player", Shoe.decks(8), 10)
    assert found.compositions == 92_378
    assert found.edge_probability == Fraction(
        49647883830519844, 141013488994459939
    )  # 35.21% (docs/researcher/depth.md)
    assert found.gain_per_round == Fraction(527363431026638304172, 11326908503479994600175)  # 4.6558 /100 rounds


@pytest.mark.slow
def test_the_player_pair_with_ten_unseen_cards_is_pinned() -> None:
    """Over the thirteen ranks; the per-composition path gives the same fractions (15 s here, checked once)."""
    found = depth_figures(RULES, "player-pair", Shoe.decks(8), 10)
    assert found.compositions == 646_646
    assert found.edge_probability == Fraction(6803169018215165, 16763841348991741)  # 40.58% (docs/researcher/depth.md)
    assert found.gain_per_round == Fraction(11476234916830811, 83819206744958705)  # 13.6917 /100 rounds


@pytest.mark.slow
def test_the_dragon_bonus_with_twenty_six_unseen_cards_is_pinned() -> None:
    found = depth_figures(RULES, "dragon-bonus-player", Shoe.decks(8), 26)
    assert found.compositions == 70_607_460
    assert found.edge_probability == Fraction(
        13004320701509857421960886730580501584, 40158925990197386609273869281804349113
    )
    assert found.gain_per_round == Fraction(
        276124561226542860922734816774839995993624, 18911842221933704288972296891533713106039525
    )


def test_the_classes_are_what_the_wager_reads() -> None:
    assert value_level(needs_of(RULES.wager("dragon-bonus-player")))
    assert not value_level(needs_of(RULES.wager("player-pair")))  # a pair tells a king from a queen


def test_the_procedure_deals_the_rounds_a_shoe_the_counting_study_deals() -> None:
    rounds = rounds_by_depth(Shoe.decks(8), RULES, Procedure(), 20_000, 3)
    assert 81.1 < sum(rounds.values()) < 81.5  # count: 81.28 rounds a shoe (tests/test_published_counting.py)
    assert min(rounds) >= 10  # the last round starts with at least 9 cards left and 1 burned


@pytest.mark.parametrize(
    "args, message",
    [
        (("--from", "14", "--to", "12"), "--from must be at most --to"),
        (
            ("--from", "36", "--to", "36"),
            "886,161,155 compositions over the 10 classes dragon-bonus-player reads, above the limit of 500,000,000",
        ),
        (
            ("--wager", "player-pair", "--from", "22", "--to", "22"),
            "548,354,040 compositions over the 13 classes player-pair reads, above the limit of 500,000,000",
        ),
        (
            (
                "--rules",
                "egalite",
                "--wager",
                "egalite-9",
                "--from",
                "22",
                "--to",
                "22",
            ),  # settled beyond its side's view:
            "20,160,075 compositions over the 10 classes egalite-9 reads, above the limit of 20,000,000",
        ),  # per composition
        (("--wager", "player-pair", "--from", "5", "--to", "9"), "5 is not from 6"),
    ],
)
def test_a_depth_the_study_cannot_count_is_one_line(args: tuple[str, ...], message: str) -> None:
    wager = () if "--wager" in args else ("--wager", "dragon-bonus-player")
    rules = () if "--rules" in args else ("--rules", "live-pittsburgh")
    code, out, err = run("depth", *rules, *wager, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_a_wager_that_reads_suits_is_refused_in_one_line() -> None:
    code, _out, err = run("depth", "--rules", "lucky-8", "--wager", "lucky-8-player", "--from", "10", "--to", "10")
    assert code == 2 and "reads suits" in err and err.count("\n") == 1


@pytest.mark.slow
def test_the_last_depths_take_from_the_shoes_dealt_what_the_study_says() -> None:
    """Held to the simulation (issue 20, item 4): dealing 100,000 shoes by the standard procedure, the rounds that start
    with 10 to 17 cards unseen are worth, to perfect play, the study's units a shoe from those depths (exact per
    composition, weighed hypergeometrically, times the estimated rounds at each depth) within the 95% interval."""
    from analyzer.api import depth_study
    from analyzer.api.counting import plan
    from analyzer.studies.counting import deal_chunk

    wager, low, high, shoes = "dragon-bonus-player", 10, 17, 100_000
    study = plan(RULES, [wager], shoes=shoes)
    per_shoe = np.zeros(shoes)
    for first in range(0, shoes, 500):  # the seeds of `baccarat count`'s shoes
        rounds, _ = deal_chunk(study, [np.random.SeedSequence(0, spawn_key=(i,)) for i in range(first, first + 500)])
        unseen = rounds.unseen.sum(axis=1)
        late = (unseen >= low) & (unseen <= high)
        values = expected_values(RULES, (wager,), rounds.unseen[late])
        gains = [max(0, int(n)) / (values.scale[0] * int(d)) for n, d in zip(values.numerators[:, 0], values.dealings)]
        np.add.at(per_shoe, first + rounds.shoe[late], gains)
    mean, half = per_shoe.mean(), 1.96 * per_shoe.std(ddof=1) / math.sqrt(shoes)
    exact = float(depth_study(RULES, wager, unseen=range(low, high + 1), shoes=shoes).units_per_shoe)
    assert abs(mean - exact) < half, f"dealt {mean:.5f} +/- {half:.5f}, the study {exact:.5f}"
    assert (round(mean, 5), round(half, 5), round(exact, 5)) == (0.01234, 0.00033, 0.01209)  # as the depth page says
