"""The math evaluation computed in studies/ (issue 25, item 4): every figure the report prints is a number of the
:class:`~analyzer.studies.evaluation.Evaluation` a program reads, and the report's JSON carries the same numbers.

Also: the report holds an electronic table game to its live game in a section of its own (issue 28, item 3), its
verdict names a failed check (issue 28, items 1-2), and a new section joins the report as one more maker.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from analyzer import load_rules
from analyzer.game.shoe import Shoe
from analyzer.report.evaluation import SECTIONS, evaluation_document
from analyzer.report.model import Prose, Section
from analyzer.report.render import render
from analyzer.studies.checks import load_checks
from analyzer.studies.evaluation import Evaluation, evaluate
from analyzer.studies.volatility import net_distribution, net_ranges

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def evaluated() -> tuple[Evaluation, dict[str, Any]]:
    evaluation = evaluate(load_rules("dactylus"), Shoe.decks(8), ["banker", "tie", "player-pair"], rounds=20_000)
    return evaluation, json.loads(render(evaluation_document(evaluation), "json"))


@pytest.mark.slow
def test_the_report_prints_the_evaluations_numbers(evaluated: tuple[Evaluation, dict[str, Any]]) -> None:
    evaluation, document = evaluated
    for figures, section in zip(evaluation.wagers, document["wagers"], strict=True):
        sheet = figures.sheet
        assert section["wager"] == figures.name
        assert Fraction(section["house_edge"]) == sheet.house_edge and Fraction(section["rtp"]) == sheet.rtp
        assert figures.volatility == net_ranges(sheet) and figures.distribution == net_distribution(sheet)
        assert [Fraction(row["mean"]) for row in section["volatility"]] == [r.mean for r in figures.volatility]
        assert [Fraction(p["probability"]) for p in section["distribution_plot"]["points"]] == [
            p for _, p in figures.distribution
        ]
        assert [Fraction(p["value"]) for p in section["decks_plot"]["points"]] == [v for _, v in figures.decks_values]
    banker = evaluation.wagers[0]
    assert banker.top_pays == (Fraction(1), Fraction(1, 2)) and not banker.more_pays  # 004: a winning 6 pays 1:2
    results = {row["wager"]: row for row in document["certificate_page"][0]["results"]}
    assert results["banker"]["pays"] == "1 to 1 (2 for 1), 1 to 2 (3 for 2)"
    assert document["report_number"] == evaluation.number


@pytest.mark.slow
def test_the_overall_verdict_is_counted_in_studies(evaluated: tuple[Evaluation, dict[str, Any]]) -> None:
    evaluation, document = evaluated
    overall = evaluation.overall
    assert (overall.wagers, overall.simulated) == (3, 3)
    assert overall.checks.passed + overall.checks.failed + overall.checks.not_applicable == len(
        evaluation.check_results
    )
    assert overall.sound == (document["certificate_page"][0]["certificate"]["sound"])


@pytest.mark.slow
def test_a_failed_check_is_named_in_the_one_sentence_verdict() -> None:
    """A Tie at 10 to 1 returns 104.6716%: above Illinois' ceiling of 100% for an electronic gaming device."""
    rules = replace(load_rules("punto-banco"), kind="electronic", kind_stated=True).with_pays(
        "tie", "tie", Fraction(10)
    )
    evaluation = evaluate(rules, Shoe.decks(8), ["tie"], rounds=20_000, checks=load_checks(jurisdiction="Illinois"))
    certificate = json.loads(render(evaluation_document(evaluation), "json"))["certificate_page"][0]["certificate"]
    assert certificate["sound"] is False and certificate["checks_jurisdiction"] == "Illinois"
    assert certificate["verdict"].endswith(
        "and 1 of 2 applicable regulatory checks failed: illinois-maximum-payout on tie (104.6716%, against RTP at "
        "most 100.00%)."
    )


@pytest.mark.slow
def test_the_report_holds_an_electronic_table_to_its_live_game() -> None:
    rules = load_rules(str(EXAMPLES / "electronic-pittsburgh.toml"))
    evaluation = evaluate(rules, Shoe.decks(8), ["tie"], rounds=20_000, equivalent_to=load_rules("live-pittsburgh"))
    assert evaluation.equivalence is not None and evaluation.equivalence.equivalent
    document = json.loads(render(evaluation_document(evaluation), "json"))
    (section,) = document["equivalence"]
    assert section["equivalence"]["verdict"] == "EQUIVALENT"
    assert "equivalent to its approved live game" in document["certificate_page"][0]["certificate"]["verdict"]
    assert {f["name"] for f in document["provenance"]["files"]} >= {"live-pittsburgh.toml"}
    text = render(evaluation_document(evaluation), "table")
    assert text.index("== Equivalence to the approved live game") < text.index("== Regulatory checks")


@pytest.mark.slow
def test_a_new_section_joins_the_report_as_one_more_maker(evaluated: tuple[Evaluation, dict[str, Any]]) -> None:
    """The information branch adds an exposure section this way: one maker in the list, its blocks where it stands."""
    evaluation, _ = evaluated

    def exposure(found: Evaluation, about: object) -> tuple[Section, ...]:
        return (Section(title="Exposure", blocks=(Prose(("nothing exposed",)),), key="exposure"),)

    makers = (*SECTIONS[:-1], exposure, SECTIONS[-1])
    document = evaluation_document(evaluation, sections=makers)
    keys = [getattr(b, "key", None) for b in document.blocks]
    assert keys[-2:] == ["exposure", "example"]
