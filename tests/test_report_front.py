"""The report's front page, a certificate (issue 19, item 2; issue 28, item 1): its number, the game's document by
title, operator, jurisdiction and approval date (never an internal file id), the parties of ``--about``, the overall
verdict in one sentence, every wager at a glance with its verdicts, a signature block; the provenance after it."""

from __future__ import annotations

import json
import re
import shlex
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.report.about import load_about
from analyzer.report.evaluation import evaluation_document
from analyzer.report.front import BLANK, signature_block
from analyzer.report.render import render
from analyzer.report.to_pdf import _hyphen_wrap
from analyzer.report.values import human
from analyzer.studies.evaluation import evaluate, report_number

from .clirun import assert_refused, run

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
    evaluation = evaluate(rules, Shoe.decks(8), rounds=20_000, inputs=(("about.toml", "0" * 64),))
    document = json.loads(render(evaluation_document(evaluation, load_about(str(about))), "json"))
    page: dict[str, Any] = document["certificate_page"][0]
    page["provenance"] = document["provenance"]
    page["number"] = evaluation.number
    return page


def test_the_results_state_each_wagers_figures_exactly_and_each_pay_both_ways(front: dict[str, Any]) -> None:
    rows = {row["wager"]: row for row in front["results"]}
    assert list(rows) == ["player", "banker", "tie", "dragon-bonus-player", "dragon-bonus-banker"]
    assert Fraction(rows["banker"]["house_edge"]) == Fraction(114753351728, 10847218479825)  # 1.0579%
    assert rows["tie"]["pays"] == "8 to 1 (9 for 1)"
    assert rows["dragon-bonus-player"]["pays"] == "30 to 1 (31 for 1), 10 to 1 (11 for 1), 6 to 1 (7 for 1), ..."
    assert rows["banker"]["pays"] == "19 to 20 (39 for 20)"
    assert rows["tie"]["top_award"] == "tie 8 to 1 (9 for 1), 1 in 10.51"


def test_the_results_carry_the_verdicts_of_the_checks(front: dict[str, Any]) -> None:
    rows = {row["wager"]: row for row in front["results"]}
    assert rows["dragon-bonus-player"]["published"] == "9 of 9 confirmed"
    assert rows["banker"]["published"] == "none published"
    assert all(row["simulation"] in ("PASS", "FAIL") for row in rows.values())


def test_the_certificate_states_its_number_and_the_verdict_in_one_sentence(front: dict[str, Any]) -> None:
    certificate = front["certificate"]
    assert certificate["report_number"] == front["number"] and re.fullmatch(r"BA(-[0-9A-F]{4}){3}", front["number"])
    sentence = certificate["verdict"]
    assert sentence.startswith("Every figure of the 5 wagers evaluated is exact") and sentence.count(".") == 1
    assert "every applicable regulatory check passed (10 of 10; 7 not applicable to a live table game" in sentence
    assert certificate["sound"] is True and certificate["kind_of_game"] == "live"


def test_003_is_named_by_its_title_operator_jurisdiction_and_approval_date_never_its_file_id(
    front: dict[str, Any],
) -> None:
    # Source: document 003 (003_7e3f146be45f8a77.txt), its first line: "PGCB Approved: 10/6/2020".
    source = front["certificate"]
    assert source["document"] == "mini baccarat" and source["operator"] == "Live! Casino Pittsburgh"
    assert source["approved"].startswith("2020-10-06")
    assert "Pennsylvania Gaming Control Board" in source["jurisdiction"]
    assert "003_" not in json.dumps({k: v for k, v in front.items() if k != "provenance"})


def test_a_document_that_states_no_operator_says_so() -> None:
    rules = load_rules("punto-banco")
    assert dict(rules.about) == {"document_title": "Procedure of Play (mini-baccarat)"}


def test_the_parties_of_the_about_file_are_on_the_front_page_and_in_the_provenance(front: dict[str, Any]) -> None:
    assert front["certificate"]["supplier"] == "Acme Table Games Ltd (compliance@acme.example)"
    assert "lab" not in front["certificate"]
    prepared, reviewed = front["signatures"]
    assert prepared == {"role": "Prepared by", "name": None, "title": None, "signature": None, "date": None}
    assert reviewed == {
        "role": "Reviewed by",
        "name": "B. Reviewer",
        "title": "Technical Director",
        "signature": None,
        "date": "2026-11-24",
    }
    assert any(f["role"] == "about file" for f in front["provenance"]["files"])


def test_the_signature_block_has_lines_to_sign_when_about_names_nobody() -> None:
    table = signature_block(None)
    shown = [i for i, c in enumerate(table.columns) if c.title is not None]  # what people read
    assert [[human(row[i]) for i in shown if row[i] is not None] for row in table.rows] == [
        ["Prepared by", BLANK, BLANK, BLANK],
        ["Reviewed by", BLANK, BLANK, BLANK],
    ]


def test_the_report_number_is_the_same_for_the_same_inputs_and_changes_with_any() -> None:
    parts = ["a" * 64, "shoe 32 32", "wagers tie"]
    assert report_number(parts) == report_number(list(parts))
    assert report_number([*parts, "pays tie:tie=9"]) != report_number(parts)
    assert report_number(parts, "0.2.0") != report_number(parts, "0.1.0")


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


@pytest.mark.slow
def test_the_certificate_the_regulator_page_shows_is_the_one_the_report_writes(tmp_path: Path) -> None:
    """docs/regulator/report.md shows the certificate as text, and the about file it was made with: both real."""
    page = (Path(__file__).parent.parent / "docs" / "regulator" / "report.md").read_text(encoding="utf-8")
    about = page.split("$ cat about.toml\n", 1)[1].split("\n$ ", 1)[0]
    (tmp_path / "about.toml").write_text(about + "\n", encoding="utf-8")
    shown = page.split("```text\n== Certificate\n", 1)[1].split("\n```", 1)[0]
    out = tmp_path / "live-pittsburgh.txt"
    code, _, err = run(
        "report", "--rules", "live-pittsburgh", "--about", str(tmp_path / "about.toml"), "--out", str(out)
    )
    assert code == 0, err
    written = out.read_text(encoding="utf-8").split("\nProvenance: ", 1)[0].rstrip("\n")
    assert written == "== Certificate\n" + shown


@pytest.mark.slow
def test_the_checks_the_regulator_page_shows_are_the_ones_the_report_writes(tmp_path: Path) -> None:
    """docs/regulator/report-checks.md opens with a report command and shows the regulatory checks section it
    writes: the real section, for the command the page gives."""
    page = (Path(__file__).parent.parent / "docs" / "regulator" / "report-checks.md").read_text(encoding="utf-8")
    command = page.split("```\n$ baccarat ", 1)[1].split("\n```", 1)[0].replace("\\\n", " ")
    words = shlex.split(command)
    assert words[:1] == ["report"] and words[-2] == "--out", words
    shown = page.split("```text\n== Regulatory checks\n", 1)[1].split("\n```", 1)[0]
    root = Path(__file__).parent.parent
    out = tmp_path / words[-1]
    code, _, err = run(*(str(root / w) if w.startswith("examples/") else w for w in words[:-1]), str(out))
    assert code == 0, err
    written = out.read_text(encoding="utf-8").split("\n== Regulatory checks\n", 1)[1].split("\n== ", 1)[0]
    assert written.rstrip("\n") == shown
