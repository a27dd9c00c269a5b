"""The library a notebook calls (analyzer.api): the command line's figures, as records, frames and tables."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

import analyzer
from analyzer.api.common import html_table
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
    assert "<script>" not in table and "&lt;script&gt;" in table and "0.33333333" in table
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
        ({"goal": 100}, "--goal goes with --bankroll"),
        ({"spreads": "1@4", "play": "perfect"}, "--spread bets by the count"),
        ({"thresholds": "4"}, "--threshold applies to --play count only"),
        ({"tags": {"banker": "1,1,1,1,-1,-1,-1,-1,0,0,0,0,0"}}, "tags names 'banker', which is not one of the study's"),
        ({"burn": "some"}, "--burn 'some' is not standard, none or a whole number of cards"),
    ],
)
def test_a_counting_studys_bad_arguments_are_the_command_lines_one_line(
    arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        analyzer.count("live-pittsburgh", "dragon-bonus-player", shoes=5, **arguments)  # type: ignore[arg-type]


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
