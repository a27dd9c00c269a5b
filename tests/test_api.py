"""The library a notebook calls (analyzer.api): the command line's figures, as records, frames and tables."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

import analyzer
from analyzer.api.table import html_table
from analyzer.cli import cli
from analyzer.errors import InputError


def test_tie_paid_9_to_1_has_the_exact_edge_of_the_workbook_check() -> None:
    """The Tie at 9:1, 8 decks: 4.8440% (README; LibreOffice recalculates the workbook to the same)."""
    tie = analyzer.analyze("punto-banco", wagers=["tie"], pays=["tie:tie=9:1"]).sheet("tie")
    assert tie.house_edge == Fraction(63053127805, 1301666217579)


def test_records_are_exact_and_add_up_to_one_per_wager() -> None:
    result = analyzer.analyze("live-pittsburgh", decks=6, remove="5x4,K")
    records = result.to_records()
    assert all(isinstance(r["probability"], Fraction) for r in records)
    for wager in {r["wager"] for r in records}:
        rows = [r for r in records if r["wager"] == wager]
        assert sum(r["probability"] for r in rows) == 1
        assert sum(r["combinations"] for r in rows) == result.sheet(wager).denominator
    summary = {r["wager"]: r for r in result.summary()}
    assert summary["banker"]["house_edge"] == result.sheet("banker").house_edge
    assert summary["banker"]["rtp"] == 1 - summary["banker"]["house_edge"]


def test_the_api_and_the_command_line_give_the_same_json() -> None:
    """One path for both front ends: analyze --format json is the api's document, but for the command line."""
    args = [
        "analyze",
        "--rules",
        "dactylus",
        "--decks",
        "6",
        "--remove",
        "9",
        "--pay",
        "tie:tie=9:1",
        "--format",
        "json",
    ]
    printed = json.loads(CliRunner().invoke(cli, args).stdout)
    api = analyzer.analyze("dactylus", decks=6, remove="9", pays=["tie:tie=9:1"]).render("json")
    assert isinstance(api, str)
    from_api = json.loads(api)  # one document: an object; the command line's JSON is always an array
    (from_cli,) = printed
    for document in (from_api, from_cli):
        document["provenance"].pop("command", None)
    assert from_api == from_cli


def test_bad_input_is_the_command_lines_one_line() -> None:
    with pytest.raises(InputError, match="is not WAGER:OUTCOME=PAYS"):
        analyzer.analyze("punto-banco", pays=["tie=9"])
    with pytest.raises(InputError, match="No wager 'dragon'"):
        analyzer.analyze("punto-banco", wagers=["tie"]).sheet("dragon")


def test_a_frame_has_a_row_per_outcome_with_exact_fractions() -> None:
    pandas = pytest.importorskip("pandas", reason="pandas is the notebook extra (pip install -e '.[notebook]')")
    frame = analyzer.analyze("punto-banco").to_frame()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns)[:3] == ["rule_set", "wager", "outcome"]
    assert frame.groupby("wager")["probability"].sum().map(lambda p: p == 1).all()


def test_effects_of_removal_weighted_by_the_shoe_add_up_to_zero() -> None:
    removal = analyzer.eor("punto-banco", wagers=["banker"])
    (record,) = removal.to_records()
    shoe = removal.shoe
    assert sum(n * record[f"remove {rank}"] for rank, n in zip(analyzer.RANKS, shoe.counts)) == 0
    assert "Effects of removal" in removal._repr_html_()


def test_notebook_tables_escape_the_names_a_rule_file_gives() -> None:
    table = html_table([{"wager": "<script>alert(1)</script>", "p": Fraction(1, 3)}], "<b>caption</b>")
    assert "<script>" not in table and "&lt;script&gt;" in table and "1/3" in table
    assert "<table>" in analyzer.analyze("dactylus", wagers=["tie"])._repr_html_()


def _json_of(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.mark.slow
def test_a_counting_study_reads_as_the_commands_json_with_exact_figures() -> None:
    """analyzer.count gives count's figures: the JSON output's per-wager rows, each value exact (issue 16, item 4)."""
    study = analyzer.count("live-pittsburgh", "dragon-bonus-player", shoes=20, seed=1, bankroll=500)
    cli_data = _json_of(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "20",
        "--seed",
        "1",
        "--bankroll",
        "500",
        "--format",
        "json",
        "--workers",
        "1",
    )
    (row,) = study.to_records()
    (cli_row,) = cli_data["wagers"]  # type: ignore[misc]
    assert row["rounds"] == int(cli_row["rounds"]) and isinstance(row["rounds"], int)
    assert isinstance(row["units_expected"], Fraction) and row["units_expected"] == Fraction(cli_row["units_expected"])
    assert row["units_expected_per_shoe.mean"] == Fraction(cli_row["units_expected_per_shoe"]["mean"])
    assert row["counter.tags.5"] == cli_row["counter"]["tags"]["5"]
    assert study.lists() == ("risk", "wagers") and study.to_records("risk")
    assert study.tally.study.shoes == 20
    assert "<table>" in study._repr_html_() and "by_count" not in study._repr_html_()


@pytest.mark.slow
def test_a_spread_and_a_threshold_are_given_as_the_command_line_gives_them() -> None:
    flat = analyzer.count("live-pittsburgh", "dragon-bonus-player", shoes=10, play="count", thresholds="4")
    spread = analyzer.count(
        "live-pittsburgh", ["dragon-bonus-player"], shoes=10, spreads={"dragon-bonus-player": "1@4,2@6,4@8"}
    )
    (a,), (b,) = flat.to_records(), spread.to_records()
    assert a["bets"] == b["bets"] and b["counter.spread"] and "counter.spread" not in a


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"goal": 100}, "goal goes with bankroll"),
        (
            {"spreads": "1@4", "play": "perfect"},
            "spreads bets by the count: it goes with play='count', not play='perfect'",
        ),
        ({"thresholds": "4"}, "thresholds applies to play='count' only"),
        ({"tags": {"banker": "1,1,1,1,-1,-1,-1,-1,0,0,0,0,0"}}, "tags names 'banker', which is not one of the study's"),
        ({"burn": "some"}, "burn 'some' is not standard, none or a whole number of cards"),
        ({"shoes": 0}, "shoes must be at least 1, got 0"),
        ({"seed": -1}, "seed must be at least 0, got -1"),
        ({"cut_card": 3}, "cut_card 3 is outside 11..404: with last_round='one-more' the last round"),
        ({"last_round": "never"}, "last_round 'never' is not one of"),
        ({"tags": "1,2"}, "tags '1,2' is not 13 whole numbers"),
        ({"workers": 0}, "workers must be at least 1, got 0"),
        ({"bankroll": -5}, "bankroll must be above 0 units, got -5"),
        ({"bankroll": 5, "rounds_per_hour": 0}, "rounds_per_hour must be from 1 to 10,000, got 0"),
        ({"pays": "tie=9"}, "pays 'tie=9' is not WAGER:OUTCOME=PAYS, e.g. pays='tie:tie=9:1'"),
    ],
)
def test_a_counting_studys_bad_arguments_name_the_python_parameter(arguments: dict[str, object], message: str) -> None:
    """The library's own checks, worded for Python: the keyword, never the command line's option (issue 29, item 5)."""
    with pytest.raises(InputError, match=re.escape(message)) as refused:
        analyzer.count("live-pittsburgh", "dragon-bonus-player", **{"shoes": 5, **arguments})  # type: ignore[arg-type]
    assert "--" not in str(refused.value)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--shoes", "1", "--seed", "1", "--cut-card", "3"],
            "--cut-card 3 is outside 11..404: with --last-round one-more",
        ),
        (["--shoes", "5", "--threshold", "4"], "--threshold applies to --play count only"),
        (["--shoes", "5", "--tags", "1,2"], "--tags '1,2' is not 13 whole numbers"),
    ],
)
def test_the_same_checks_at_the_command_line_name_its_options(args: list[str], message: str) -> None:
    """One check, two wordings: the command line's run is worded for it (analyzer.errors.worded_for)."""
    result = CliRunner().invoke(
        cli, ["count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", *args], prog_name="baccarat"
    )
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_a_verification_reads_as_the_commands_json() -> None:
    claims = analyzer.verify("examples/claims.toml")
    assert claims.confirmed and claims.lists() == ("claims",)
    records = claims.to_records()
    assert len(records) == 28 and {r["verdict"] for r in records} == {"CONFIRMED"}
    assert records[0]["exact"] == "114753351728/10847218479825"  # the Banker's edge, as the JSON writes it
    sheet = analyzer.verify("examples/submitted-punto-banco.csv", "punto-banco")
    assert sheet.confirmed and sheet.to_records()[1]["claimed"] == "2,292,252,566,437,888"
    verdicts = [r["verdict"] for r in sheet.to_records("regulatory_checks")]
    assert verdicts.count("PASS") == 4 and verdicts.count("not applicable") == 7  # a live game: pay statements only


def test_a_verification_under_a_changed_pay_is_refuted() -> None:
    sheet = analyzer.verify("examples/submitted-punto-banco.csv", "punto-banco", pays=["banker:Banker wins=1:1"])
    assert not sheet.confirmed and "REFUTED" in {r["verdict"] for r in sheet.to_records()}


def test_a_verifications_bad_arguments_are_one_line() -> None:
    with pytest.raises(InputError, match="is a par sheet: give the rule set"):
        analyzer.verify("examples/submitted-punto-banco.csv")
    with pytest.raises(InputError, match="are for a par sheet"):
        analyzer.verify("examples/claims.toml", "punto-banco")
    with pytest.raises(InputError, match="has no list 'nothing'; it has: claims"):
        analyzer.verify("examples/claims.toml").to_records("nothing")


# --- issue 29, item 5: a notebook that feels native ---------------------------------------------------------------


def _formats_the_docs_name() -> set[str]:
    """Every format a page, the notebook or a docstring of the library shows render() taking: the quoted words of the
    text that follows each ``render(``."""
    from pathlib import Path

    notebook = json.loads(Path("docs/guides/notebook-session.ipynb").read_text(encoding="utf-8"))
    texts = ["".join(cell["source"]) for cell in notebook["cells"]]
    texts += [
        p.read_text(encoding="utf-8") for p in (Path("docs/guides/notebook.md"), *Path("analyzer/api").glob("*.py"))
    ]
    named: set[str] = set()
    for text in texts:
        for call in re.finditer(r"render\((.{0,200})", text, re.DOTALL):
            named |= set(re.findall(r'"(\w+)"', call.group(1)))
    return named


@pytest.mark.parametrize("fmt", ["text", "table", "txt", "md", "markdown", "csv", "json", "html"])
def test_every_text_format_the_docs_name_renders(fmt: str) -> None:
    from analyzer.api.common import RENDER_FORMATS

    named = _formats_the_docs_name()
    assert {"md", "json", "csv", "text", "xlsx", "pdf"} <= named  # the pages were read
    assert named <= set(RENDER_FORMATS), "a page names a format render() does not take"
    result = analyzer.analyze("dactylus", wagers="tie")
    shown = result.render(fmt)
    assert isinstance(shown, str) and "tie" in shown
    assert isinstance(analyzer.eor("dactylus", wagers="tie").render(fmt), str)
    assert isinstance(analyzer.verify("examples/claims.toml").render(fmt), str)


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "magic"), [("xlsx", b"PK"), ("pdf", b"%PDF")])
def test_the_binary_formats_render_as_bytes(fmt: str, magic: bytes) -> None:
    shown = analyzer.analyze("dactylus", wagers="tie").render(fmt)
    assert isinstance(shown, bytes) and shown.startswith(magic)


def test_an_unknown_format_names_the_parameter_and_the_formats() -> None:
    with pytest.raises(InputError, match=r"fmt 'docx' is not a format; use one of text, table, txt, md, markdown"):
        analyzer.analyze("dactylus", wagers="tie").render("docx")


def test_a_text_is_one_wager_never_its_letters() -> None:
    one = analyzer.analyze("punto-banco", wagers="banker")
    assert [s.wager.name for s in one.sheets] == ["banker"]
    assert one.to_records() == analyzer.analyze("punto-banco", wagers=["banker"]).to_records()
    assert [r["wager"] for r in analyzer.eor("punto-banco", wagers="banker").to_records()] == ["banker"]
    assert analyzer.analyze("punto-banco", wagers="tie", pays="tie:tie=9:1").sheet("tie").house_edge == Fraction(
        63053127805, 1301666217579
    )
    with pytest.raises(InputError, match=r"^wagers must be a text or a list of texts, got 5\.$"):
        analyzer.analyze("punto-banco", wagers=5)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="Unknown wager 'bank'"):
        analyzer.analyze("punto-banco", wagers="bank")


def test_a_results_repr_is_one_line_naming_what_it_is_its_rule_set_and_rows() -> None:
    shown = {
        "analysis": repr(analyzer.analyze("live-pittsburgh")),
        "removal": repr(analyzer.eor("punto-banco")),
        "verification": repr(analyzer.verify("examples/submitted-punto-banco.csv", "punto-banco")),
    }
    assert shown["analysis"] == (
        "<Analysis: par sheets of 9 wagers under live-pittsburgh, 8 decks (416 cards); 48 outcome rows>"
    )
    assert shown["removal"].startswith("<Removal: effects of removal on ") and "under punto-banco" in shown["removal"]
    assert shown["verification"].startswith("<Verification: ") and "under punto-banco" in shown["verification"]
    for text in shown.values():
        assert "\n" not in text and len(text) < 200 and re.search(r"\d+ (outcome )?rows?\b", text)


def test_the_html_table_shows_pays_and_percentages_as_the_text_output_does() -> None:
    result = analyzer.analyze("punto-banco", wagers=["banker", "tie"])
    html = result._repr_html_()
    text = result.render("text")
    assert isinstance(text, str)
    assert "<td>19:20</td>" in html and "19:20" in text  # as the rule file writes it, not 0.95000000
    assert '<td title="114753351728/10847218479825">1.0579%</td>' in html and "1.0579%" in text
    assert "<td>2,292,252,566,437,888</td>" in html and "0.95000000" not in html
    exact = result.to_html(exact=True)
    assert "<td>114753351728/10847218479825</td>" in exact and "1.0579%" not in exact
    verification = analyzer.verify("examples/submitted-punto-banco.csv", "punto-banco")._repr_html_()
    assert "<td>CONFIRMED</td>" in verification and "<td>19:20</td>" in verification


def test_a_frame_keeps_exact_fractions_and_offers_float_twins_for_plotting() -> None:
    pytest.importorskip("pandas", reason="pandas is the notebook extra")
    result = analyzer.analyze("punto-banco", wagers="tie")
    exact = result.to_frame()
    assert exact["probability"].dtype == object and all(isinstance(p, Fraction) for p in exact["probability"])
    assert "probability_float" not in exact
    both = result.to_frame(floats=True)
    columns = list(both.columns)
    assert columns[columns.index("probability") + 1] == "probability_float"
    assert str(both["probability_float"].dtype) == "float64"
    assert both["probability_float"].tolist() == [float(p) for p in exact["probability"]]
    assert all(isinstance(p, Fraction) for p in both["probability"])  # the exact column stays beside it
    summary = analyzer.analyze("punto-banco", wagers="banker").summary_frame(floats=True)
    assert summary.loc[0, "house_edge_float"] == pytest.approx(0.0105790578)
