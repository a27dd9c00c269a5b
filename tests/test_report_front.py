"""The report's front page (issue 19, item 2): every wager at a glance with its verdicts, the game's document by
title, operator, jurisdiction and approval date, the method, and the parties of ``--about``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.report.about import load_about
from analyzer.report.evaluation import evaluation_document
from analyzer.report.render import render
from analyzer.report.to_pdf import _hyphen_wrap
from analyzer.studies.evaluation import evaluate

from .clirun import assert_refused

ABOUT = """[supplier]
name = "Acme Table Games Ltd"
contact = "compliance@acme.example"

[sign_off]
name = "B. Reviewer"
title = "Technical Director"
date = "2026-11-24"
"""


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    about = tmp_path_factory.mktemp("about") / "about.toml"
    about.write_text(ABOUT, encoding="utf-8")
    rules = load_rules("live-pittsburgh")
    evaluation = evaluate(rules, Shoe.decks(8), rounds=20_000)
    document = json.loads(render(evaluation_document(evaluation, load_about(str(about))), "json"))
    page: dict[str, Any] = document["summary_page"][0]
    page["provenance"] = document["provenance"]
    return page


def test_the_summary_states_each_wagers_figures_exactly(front: dict[str, Any]) -> None:
    rows = {row["wager"]: row for row in front["summary"]}
    assert list(rows) == ["player", "banker", "tie", "dragon-bonus-player", "dragon-bonus-banker"]
    assert Fraction(rows["banker"]["house_edge"]) == Fraction(114753351728, 10847218479825)  # 1.0579%
    assert rows["tie"]["pays"] == "8:1" and rows["dragon-bonus-player"]["pays"] == "30:1, 10:1, 6:1, ..."
    assert rows["tie"]["top_award"] == "tie 8:1, 1 in 10.51"


def test_the_summary_carries_the_verdicts_of_the_checks(front: dict[str, Any]) -> None:
    rows = {row["wager"]: row for row in front["summary"]}
    assert rows["dragon-bonus-player"]["published"] == "9 of 9 confirmed"
    assert rows["banker"]["published"] == "none published"
    assert all(row["simulation"] in ("PASS", "FAIL") for row in rows.values())


def test_003_is_named_by_its_operator_jurisdiction_and_approval_date(front: dict[str, Any]) -> None:
    # Source: document 003 (003_7e3f146be45f8a77.txt), its first line: "PGCB Approved: 10/6/2020".
    source = front["source_document"]
    assert source["document"] == "003_7e3f146be45f8a77.txt" and source["operator"] == "Live! Casino Pittsburgh"
    assert source["approved"].startswith("2020-10-06")
    assert "Pennsylvania Gaming Control Board" in source["jurisdiction"]


def test_a_document_that_states_no_operator_says_so() -> None:
    rules = load_rules("punto-banco")
    assert dict(rules.about) == {"document_title": "Procedure of Play (mini-baccarat)"}


def test_the_parties_of_the_about_file_are_on_the_front_page_and_in_the_provenance(front: dict[str, Any]) -> None:
    assert front["parties"] == {
        "supplier": "Acme Table Games Ltd (compliance@acme.example)",
        "sign_off": "B. Reviewer (Technical Director; 2026-11-24)",
    }
    assert any(f["role"] == "about file" for f in front["provenance"]["files"])


@pytest.mark.parametrize(
    "text, message",
    [
        ('[supplier]\ncontact = "x"\n', "supplier.name"),
        ('[auditor]\nname = "x"\n', "auditor: is not a known key; allowed here: supplier, lab, evaluator, sign_off"),
        ('[lab]\nname = "x"\nphone = "1"\n', "lab.phone: is not a known key; allowed here: name, title, contact"),
        ('[sign_off]\nname = "x"\ndate = "24/11/2026"\n', "write a date as YYYY-MM-DD"),
        ("", "names nobody"),
    ],
)
def test_a_bad_about_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    about = tmp_path / "about.toml"
    about.write_text(text, encoding="utf-8")
    assert_refused(
        ["report", "--rules", "punto-banco", "--out", str(tmp_path / "r.html"), "--about", str(about)], message
    )
    assert not (tmp_path / "r.html").exists()


def test_a_wager_name_breaks_after_a_hyphen_never_mid_word() -> None:
    assert _hyphen_wrap("dragon-bonus-banker", 13, len) == "dragon-bonus-\nbanker"
    assert _hyphen_wrap("dragon-bonus-banker", 30, len) == "dragon-bonus-banker"
    assert _hyphen_wrap("win by 9, non-natural", 5, len) == "win by 9, non-\nnatural"
