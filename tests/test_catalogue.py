"""The side-bet catalogue reproduces what its sources printed (``reference/side-bets.txt``), or says why not.

Counts of ordered six-card dealings must be equal; fractions (counts a source
gives over another basis, such as unordered two-card hands) exact; decimals
and percentages within half a unit of their last printed place. A published
figure the exact count contradicts is kept in the catalogue and listed in
:data:`DISAGREEMENTS` with the reason the count is trusted; the brute force
over suited cards (``test_brute_force_suited.py``) settles the same rules by
hand.
"""

from __future__ import annotations

import pytest

from analyzer.exact.reach import load_rules
from analyzer.game.shipped import catalogue
from analyzer.studies.catalogue import catalogue_wagers, check, entries

from .conftest import reference_records
from .slow import side_bets

RECORDS = [
    (source, rule_set, int(decks), wager, figure, outcome, value, verdict)
    for source, (rule_set, decks, wager, figure, outcome, value, verdict) in reference_records("side-bets.txt")
]

DISAGREEMENTS = {
    (
        "cards-dealt",
        "four-cards",
        "-0.052688",
    ): "Wizard of Odds computes the return from the probability rounded to 6 places",
    ("cards-dealt", "five-cards", "-0.089668"): "the same: 3 x 0.303444 - 1 = -0.089668; exactly -0.0896675",
    ("cards-dealt", "five-cards", "-0.089380"): "the same, at 6 decks",
    ("cards-dealt", "six-cards", "-0.046939"): "the same: 3 x 0.317687 - 1; exactly -0.0469380",
    (
        "ez-baccarat",
        "dragon-7",
        "7.6110%",
    ): "Jacobson's misprint: his 40 to 1 on Wizard of Odds' (and our) count gives 7.6113%",
    (
        "lucky-8",
        "lucky-8-player",
        "8,230,060,380,160",
    ): "the Wizard pays 3,532,917,806,592 suited three-card 8s as lucky 8s",
    (
        "lucky-8",
        "lucky-8-player",
        "53,649,934,949,376",
    ): "the Wizard's table counts an 8-8 tie against a Banker suited three-card 8 as a loss",
    (
        "lucky-8",
        "lucky-8-player",
        "548,824,514,488,320",
    ): "the other side of the first: our lucky 8 is 3,532,917,806,592 smaller",
    ("lucky-8", "lucky-8-player", "13.65%"): "follows from the Wizard's counts above",
    ("lucky-8", "lucky-8-banker", "16.60%"): "the Banker table departs from the rules as the Player table does",
    (
        "lucky-nines",
        "lucky-nines-binions",
        "64512/1229930520",
    ): "4 x C(8,3) x 384 = 86,016 hands hold three nines of one suit; the Wizard's 2023 table prints 86,016",
    (
        "lucky-nines",
        "lucky-nines-binions",
        "1840128/1229930520",
    ): "the 21,504 three-suited-nine hands the 2019 table missed, counted here instead",
    (
        "lucky-nines",
        "lucky-nines-binions",
        "19.46%",
    ): "follows from the wrong count of three suited nines; exact 19.0583%",
    (
        "pairs",
        "either-pair",
        "14.20%",
    ): "a secondary source's slip: its own 13.71% edge at 5 to 1 implies 14.38%; exact 14.3817%",
}


def test_the_catalogue_holds_at_least_forty_published_side_bets() -> None:
    published = {(r[1], r[3]) for r in RECORDS}
    assert len(published) >= 40
    assert len(catalogue()) >= 10
    names = {wager for _, wager in published}
    assert {"either-pair", "perfect-pairs", "big", "small", "four-cards", "five-cards", "six-cards"} <= names


def test_every_record_has_a_source() -> None:
    assert len(RECORDS) >= 200 and all(r[0] for r in RECORDS)


@pytest.mark.parametrize("name", catalogue())
def test_the_reference_file_holds_exactly_what_the_rule_files_publish(name: str) -> None:
    rules = load_rules(name)
    in_files = {
        (name, p.decks, w.name, p.figure, p.outcome or "-", p.value, p.source)
        for w in catalogue_wagers(rules)
        for p in w.published
    }
    in_reference = {(r[1], r[2], r[3], r[4], r[5], r[6], r[0]) for r in RECORDS if r[1] == name}
    assert in_files == in_reference


@pytest.mark.parametrize("name", side_bets(catalogue()))
def test_published_figures_are_reproduced_or_the_disagreement_is_explained(name: str) -> None:
    rules = load_rules(name)
    expected = {(r[3], r[4], r[5], r[2], r[6]): r[7] for r in RECORDS if r[1] == name}
    for wager in catalogue_wagers(rules):
        for published, verdict in check(rules, wager):
            key = (wager.name, published.figure, published.outcome or "-", published.decks, published.value)
            recorded = expected[key]
            agrees = verdict.confirmed
            assert ("agrees" if agrees else "refuted") == recorded, (key, verdict.exact)
            explained = (name, wager.name, published.value) in DISAGREEMENTS
            assert agrees != explained, f"{key}: a refuted figure needs a reason in DISAGREEMENTS, an agreeing one none"
            if not agrees:
                assert published.note, f"{key}: the rule file states the disagreement in the figure's note"


def test_every_disagreement_is_still_one() -> None:
    refuted = {(r[1], r[3], r[6]) for r in RECORDS if r[7] == "refuted"}
    assert refuted == set(DISAGREEMENTS)


def test_every_catalogue_wager_is_a_side_bet_of_its_file() -> None:
    every = entries()
    assert len(every) >= 100
    assert all(e.wager.source and e.wager.title for e in every)
    assert all(e.sheet.denominator == 4_998_398_275_503_360 for e in every)


def test_a_refuted_figure_shows_the_exact_one_as_its_source_wrote_it() -> None:
    """A standard deviation is shown as a root (not the variance), a percentage as a percentage, a count with commas."""
    from dataclasses import replace

    from analyzer.report.catalogue import published_text

    rules = load_rules("banker-six")
    tiger = rules.wager("big-tiger")
    wrong = {"standard_deviation": "6.600", "house_edge": "15.30%"}
    changed = replace(tiger, published=tuple(replace(p, value=wrong.get(p.figure, p.value)) for p in tiger.published))
    shown = {p.figure: published_text(p, v) for p, v in check(rules, changed)}
    assert shown["standard_deviation"] == "SD 6.600 ✗ exact 6.519"
    assert shown["house_edge"] == "house edge 15.30% ✗ exact 15.25%"
