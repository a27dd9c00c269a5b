"""``baccarat information``, exposures in ``report`` and ``verify``, and the library's ``analyzer.information``:
what users read, what they are refused, and the JSON their schemas describe."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import analyzer
from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.game.sight import parse_sight
from analyzer.studies.exposure import exposure_worth, parse_amount
from analyzer.studies.information import information

from .clirun import assert_refused, run


def _check(kind: str, document: object) -> None:
    """``document`` against the published schema ``kind`` (the schema tests' own check; jsonschema is a test extra)."""
    pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
    from .test_json_schemas import _check as checked

    checked(kind, document)


JACOBSON = ["--rules", "live-pittsburgh", "--bets", "player,banker,tie"]


def test_the_four_card_sort_prints_its_figures_on_their_bases_and_every_pattern() -> None:
    code, out, err = run("information", *JACOBSON, "--see", "1-4=group:6789")
    assert code == 0, err
    assert "player's gain per round dealt: 20.9281%" in out
    assert "share of rounds bet: 77.1759%" in out and "player's edge per bet made: 27.1174%" in out
    assert "== Patterns seen (16)" in out
    assert "A2345TJQK     A2345TJQK     A2345TJQK     A2345TJQK          22.8241%  none" in out


@pytest.mark.slow
def test_see_may_be_repeated_and_its_clauses_join() -> None:
    _, one, _ = run("information", *JACOBSON, "--see", "1=value; 5=group:789", "--format", "json")
    _, two, _ = run("information", *JACOBSON, "--see", "1=value", "--see", "5=group:789", "--format", "json")
    first, second = json.loads(one), json.loads(two)
    assert (
        first["sight"] == second["sight"] == {"spec": "1=value; 5=group:789", "positions": ["1=value", "5=group:789"]}
    )
    assert first["patterns"] == second["patterns"] and len(first["patterns"]) == 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["information", "--rules", "punto-banco"], "Say what is seen with --see SPEC"),
        (["information", "--rules", "punto-banco", "--see", "1=value", "--search-sorts", "2"], "drop --see"),
        (["information", "--rules", "punto-banco", "--see", "9=value"], "must run from 1 to 6"),
        (["information", "--rules", "punto-banco", "--see", "1=value", "--rounds", "5"], "needs both the rounds"),
        (
            ["information", "--rules", "punto-banco", "--see", "1=value", "--rounds", "5", "--average-bet", "-3"],
            "'-3' is not an amount",
        ),
        (["information", "--rules", "punto-banco", "--see", "1=value", "--bets", "player,dragon"], "Unknown wager"),
        (["information", "--rules", "punto-banco", "--search-sorts", "6", "--sorts-of", "ranks"], "products"),
        (["information", "--rules", "pairs", "--see", "1-2=rank"], "read suits: leave out"),
        (["information", "--rules", "punto-banco", "--see", "1-5=rank"], "371,293 patterns, more than the 131,072"),
        pytest.param(
            ["report", "--rules", "punto-banco", "--out", "x.html", "--exposure", "1=value"],
            "--exposure, --exposure-rounds and --exposure-bet go together",
            marks=pytest.mark.slow,  # the report's renderers load first
        ),
        (
            [
                "report",
                "--rules",
                "punto-banco",
                "--out",
                "x.html",
                "--exposure",
                "1=colour",
                "--exposure-rounds",
                "3",
                "--exposure-bet",
                "10",
            ],
            "'colour' is not something seen",
        ),
    ],
)
def test_bad_input_is_refused_in_one_line(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert_refused(args, message)
    assert not (tmp_path / "x.html").exists()


@pytest.mark.slow
def test_the_search_shows_the_best_sorts_to_people_and_every_sort_to_machines() -> None:
    code, out, _ = run("information", *JACOBSON, "--search-sorts", "1", "--top", "3")
    assert code == 0
    assert "Sorts tried: 511" in out and "1,023 non-empty" in out
    assert "     1  6789           A2345TJQK                6.7647%    100.0000%         6.7647%  1=group:6789" in out
    assert "     4  " not in out
    _, machine, _ = run("information", *JACOBSON, "--search-sorts", "1", "--top", "3", "--format", "json")
    document = json.loads(machine)
    assert len(document["ranking"]) == 511 and document["ranking"][1]["see"] == "1=group:789"
    _check("information-sorts", document)


@pytest.mark.parametrize(
    "args",
    [
        ("--rules", "live-pittsburgh", "--see", "1=value"),  # the Dragon Bonus side bets are candidates too
        pytest.param(
            ("--rules", "ez-baccarat", "--see", "6=rank", "--rounds", "300", "--average-bet", "250.50"),
            marks=pytest.mark.slow,
        ),
        pytest.param(
            ("--rules", "dactylus", "--decks", "6", "--remove", "5x4,K", "--see", "1-2=group:0/A23"),
            marks=pytest.mark.slow,
        ),
    ],
)
def test_information_prints_what_its_schema_says(args: tuple[str, ...]) -> None:
    code, out, err = run("information", *args, "--format", "json")
    assert code == 0, err
    _check("information", json.loads(out))


@pytest.mark.slow
def test_a_schema_refuses_a_float_where_an_exact_figure_belongs() -> None:
    import jsonschema

    _, out, _ = run("information", *JACOBSON, "--see", "1=value", "--format", "json")
    document = json.loads(out)
    document["gain_per_round"] = 0.06765
    with pytest.raises(jsonschema.ValidationError):
        _check("information", document)


# ---------------------------------------------------------------- exposures


def test_an_exposures_expectation_and_spread_follow_from_the_exact_per_round_figures() -> None:
    found = information(
        load_rules("live-pittsburgh"), Shoe.decks(8), parse_sight("1=value"), ["player", "banker", "tie"]
    )
    worth = exposure_worth(found, 200, parse_amount("5,000"))
    assert worth.expected == 200 * 5000 * found.gain
    assert worth.ordinary == 200 * 5000 * found.blind[1]  # the banker, the lowest house edge
    assert worth.swing == worth.expected - worth.ordinary
    assert worth.variance == 200 * 5000**2 * (found.second_moment - found.gain**2)
    assert f"{float(worth.expected):,.2f}" == "67,647.47"
    (low90, high90), (low95, high95) = [(low, high) for _, low, high in worth.ranges]
    assert low95 < low90 < float(worth.expected) < high90 < high95
    assert worth.ahead is not None and 0.5 < worth.ahead < 1


def test_the_per_round_variance_is_the_brute_forces() -> None:
    """E[X^2] of the player's net, one unit on the bet of each pattern, against every dealing of the cards."""
    from .test_information import SETTLE, SHOES, brute

    rules = load_rules("live-pittsburgh")
    found = information(
        rules, Shoe.from_cards(SHOES["seven-sevens"]), parse_sight("2=value"), list(SETTLE["live-pittsburgh"])
    )
    sums = brute("live-pittsburgh", "seven-sevens", {2: "value"})
    total = sum(n for n, _, _ in sums.values())
    second = sum((sums[o.labels][2][o.best] for o in found.observations if o.best is not None), Fraction(0)) / total
    assert found.second_moment == second and found.variance == second - found.gain**2


@pytest.mark.slow
def test_information_with_rounds_and_an_average_bet_states_the_exposures_worth() -> None:
    code, out, _ = run("information", *JACOBSON, "--see", "1=value", "--rounds", "200", "--average-bet", "5000")
    assert code == 0
    assert "== Exposure: 1=value seen on every round for 200 rounds at an average bet of 5,000" in out
    assert "Expected gain to the player: 67,647.47" in out
    assert "Swing against ordinary play: 78,226.53 (what the exposure cost the house)" in out


INCIDENT = """title = "Table 12, 2 March: the first card exposed"

[[exposure]]
id = "T12-0302"
source = "Surveillance report 24-031"
rules = "live-pittsburgh"
see = "1=value"
bets = ["player", "banker", "tie"]
rounds = 200
average_bet = "5000"
"""


@pytest.mark.parametrize(
    ("claimed", "verdict", "status"),
    [
        pytest.param("67,647.47", "CONFIRMED", 0, marks=pytest.mark.slow),
        pytest.param("67,600", "REFUTED", 1, marks=pytest.mark.slow),
    ],
)
def test_verify_states_each_documented_exposure_and_checks_its_claimed_gain(
    claimed: str, verdict: str, status: int, tmp_path: Path
) -> None:
    path = tmp_path / "incident.toml"
    path.write_text(INCIDENT + f'expected_gain = "{claimed}"\n')
    code, out, err = run("verify", str(path))
    assert code == status, err
    assert f"Verdict: {verdict}" in out and "Expected gain to the player: 67,647.47" in out
    _, machine, _ = run("verify", str(path), "--format", "json")
    document = json.loads(machine)
    _check("claims", document)
    assert document["exposures"][0]["verdict"] == verdict and document["claims"] == []


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('colour = "red"\n', "exposure 1.colour: is not a known key"),
        ("precision = 2\n", "exposure 1.precision: is for a claimed expected_gain"),
        ("expected_gain = 67647.47\n", "exposure 1.expected_gain: is the TOML float"),
        ('expected_gain = "6%"\n', "an amount of money, not a percentage"),
    ],
)
def test_a_malformed_exposure_is_refused_before_anything_is_computed(extra: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "incident.toml"
    path.write_text(INCIDENT + extra)
    assert_refused(["verify", str(path)], message)
    path.write_text(INCIDENT.replace('see = "1=value"', 'see = "1=colour"'))
    assert_refused(["verify", str(path)], "exposure 1.see: 'colour' is not something seen")


@pytest.mark.slow
def test_the_report_adds_an_exposure_section_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code, _, err = run(
        "report", "--rules", "punto-banco", "--out", str(out), "--wager", "banker",
        "--exposure", "1=value", "--exposure-rounds", "200", "--exposure-bet", "5000",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out.read_text())
    (exposure,) = document["exposure"]
    assert exposure["see"] == "1=value" and Fraction(exposure["expected_gain"]) == 200 * 5000 * Fraction(
        6604082064256, 97624966318425
    )


# ---------------------------------------------------------------- the library


def test_the_library_gives_records_summaries_and_the_same_document() -> None:
    seen = analyzer.information("live-pittsburgh", see="1=group:789", bets=["player", "banker", "tie"])
    assert seen.summary()["gain_per_round"] == seen.gain
    records = seen.to_records()
    assert [r["card 1"] for r in records] == ["789", "A23456TJQK"]
    assert [r["bet"] for r in records] == ["player", "banker"]
    assert sum(r["gain"] for r in records) == seen.gain
    exposure = seen.exposure(100, "1000")
    assert exposure.to_records()[0]["expected_gain"] == 100 * 1000 * seen.gain
    assert "<table>" in seen._repr_html_() and seen.document().title.endswith("what seeing 1=group:789 is worth")


@pytest.mark.slow
def test_the_library_searches_the_sorts() -> None:
    search = analyzer.sort_search("live-pittsburgh", first=1, bets=["player", "banker", "tie"], top=2)
    first, second = search.to_records()[:2]
    assert (first["first group"], second["first group"]) == ("6789", "789")
    assert search.best.gain == first["gain_per_round"]


# ---------------------------------------------------------------- the workbench


@pytest.mark.slow
def test_the_workbenchs_exposure_answers_what_the_command_line_prints() -> None:
    pytest.importorskip("httpx2", reason="the API tests need httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from analyzer.web.app import create_app
    from analyzer.web.guard import Guard

    from .test_web_api import cli_json, post, without_command

    client = TestClient(create_app(Guard.for_address("testserver", 80, None)))
    state = {"rules": "live-pittsburgh", "decks": 6, "remove": "9x3"}
    payload = {"state": state, "see": "1=group:789", "rounds": 150, "average_bet": "2500", "bets": ["player", "banker"]}
    api = without_command(post(client, "/api/exposure", payload))
    cli = cli_json(
        "information", "--rules", "live-pittsburgh", "--decks", "6", "--remove", "9x3", "--see", "1=group:789",
        "--bets", "player,banker", "--rounds", "150", "--average-bet", "2500",
    )  # fmt: skip
    assert api == cli
    refused = client.post("/api/exposure", json={"state": state, "see": "1=colour", "rounds": 3, "average_bet": "5"})
    assert refused.status_code == 400 and "'colour' is not something seen" in refused.json()["error"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "mode",
    [
        ("--see", "1=group:789"),
        ("--search-sorts", "1", "--top", "3"),
        ("--see", "1=value", "--rounds", "10", "--average-bet", "100"),
    ],
)
@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "json"])
def test_every_format_writes_every_mode(mode: tuple[str, ...], fmt: str) -> None:
    code, out, err = run("information", *JACOBSON, *mode, "--format", fmt)
    assert code == 0 and out, err
    if fmt == "csv":
        header, first = out.splitlines()[:2]
        assert ("see" in header.split(",")) == (mode[0] == "--search-sorts")  # the ranking, or the patterns
        assert first.startswith("live-pittsburgh,8,")
