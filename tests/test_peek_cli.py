"""``baccarat peek`` and ``solve --reveal-rtp``: what they print, their JSON against its schema, their one-line
refusals, and the API that returns the same figures."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from .clirun import assert_refused, run
from .test_json_schemas import _check

ROOT = Path(__file__).parent.parent
EXAMPLE = "examples/peek-style.toml"


@pytest.fixture(autouse=True)
def _in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_peek_prints_the_par_sheets_and_the_strategy_card() -> None:
    code, out, err = run("peek", "--rules", EXAMPLE, "--wager", "player")
    assert code == 0, err
    for line in (
        "== Player (player): raised after the reveal",
        "RTP per amount wagered: 98.8055%",
        "Strategy card (optimal play, by what is seen)",
        "4 cards revealed: 2 Player cards and 2 Banker cards:",
        "The highest percentage of amounts wagered is",
        "Reveal and raise: How many cards are revealed is not published",
    ):
        assert line in out, line
    assert "== Banker (banker)" not in out


ONE_CARD = """[rule_set]
name = "peek-one-card"
title = "One card revealed, the first of either hand"
extends = "{example}"

[reveal]
source = "an illustration"
cards = 1
positions = {{ "P1" = "1/2", "B1" = "1/2" }}
multiples = [2, 3]
fee = "20%"
wagers = ["player", "banker"]

[wagers.tie]
source = "as the example"
outcomes = [{{ name = "tie", result = "tie", pays = "8:1" }}, {{ name = "no tie", pays = "lose" }}]
"""


def test_peek_json_is_what_its_schema_says(tmp_path: Path) -> None:
    rule_file = tmp_path / "one-card.toml"
    rule_file.write_text(ONE_CARD.format(example=ROOT / EXAMPLE))
    code, out, err = run("peek", "--rules", str(rule_file), "--decks", "6", "--remove", "5", "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    _check("peek", document)
    assert [w["wager"] for w in document["wagers"]] == ["player", "banker"]
    player = document["wagers"][0]
    assert Fraction(player["optimal"]["rtp"]) > Fraction(player["never"]["rtp"])
    assert document["reveal"]["positions"] == [
        {"set": ["P1"], "probability": "1/2"},
        {"set": ["B1"], "probability": "1/2"},
    ]
    assert len(player["patterns"]) == 20 and [b["cards"] for b in player["by_count"]] == [1]


@pytest.mark.slow
def test_the_whole_strategy_of_the_example_is_what_its_schema_says() -> None:
    code, out, err = run("peek", "--rules", EXAMPLE, "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    _check("peek", document)
    assert sum(len(w["patterns"]) for w in document["wagers"]) == 2 * 4355


@pytest.mark.parametrize(
    "args, consistent",
    [
        (("--reveal-rtp", "98.8%", "--reveal-within", "0.05%"), True),
        (("--reveal-rtp", "98.8%"), False),
        (("--reveal-rtp", "player=98.8%", "--reveal-per", "initial"), True),
    ],
)
def test_the_reveal_law_solve_prints_what_its_schema_says(args: tuple[str, ...], consistent: bool) -> None:
    code, out, err = run("solve", "--rules", EXAMPLE, *args, "--format", "json")
    assert code == 0, err
    (document,) = json.loads(out)
    _check("reveal-law", [document])
    assert document["consistent"] is consistent and bool(document["laws"]) is consistent
    assert bool(document.get("nearest")) is not consistent


def test_a_schema_refuses_a_float_where_a_figure_is_exact() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    _, out, _ = run("solve", "--rules", EXAMPLE, "--reveal-rtp", "98.8%", "--format", "json")
    (document,) = json.loads(out)
    document["nearest"][0]["wagers"][0]["rtp"] = 0.988
    with pytest.raises(jsonschema.ValidationError):
        _check("reveal-law", [document])


def test_the_reveal_law_solve_says_when_none_is_consistent() -> None:
    code, out, _ = run("solve", "--rules", EXAMPLE, "--reveal-rtp", "98.8%")
    assert code == 0
    assert "No law of how many cards are revealed gives player 98.8%, banker 98.8% exactly" in out
    assert "The rule file's law (1 card 30%, 2 cards 50%, 3 cards 15%, 4 cards 5%):" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["peek", "--rules", "punto-banco"], "has no [reveal] table"),
        (["peek", "--rules", EXAMPLE, "--wager", "tie"], "'tie' is not raised in rule set peek-style"),
        (["solve", "--rules", "punto-banco", "--reveal-rtp", "98%"], "has no [reveal] table"),
        (["solve", "--rules", EXAMPLE, "--reveal-rtp", "tie=98%"], "'tie' is not raised"),
        (["solve", "--rules", EXAMPLE, "--reveal-rtp", "98"], "is not a percentage"),
        (["solve", "--rules", EXAMPLE, "--reveal-rtp", "98%", "--reveal-rtp", "player=97%"], "two targets"),
        (["solve", "--rules", EXAMPLE, "--reveal-rtp", "98%", "--reveal-within", "-1%"], "cannot be negative"),
        (["solve", "--rules", "punto-banco", "--wager", "tie"], "solve needs --wager W and --edge PERCENT"),
    ],
)
def test_bad_input_is_refused_in_one_line(args: list[str], message: str) -> None:
    assert_refused(args, message)


def test_analyze_says_a_raised_wagers_par_sheet_is_per_unit_finally_bet() -> None:
    code, out, _ = run("analyze", "--rules", EXAMPLE, "--wager", "player")
    assert code == 0
    assert "Par sheets of those wagers here are per unit finally bet, without the fee and the raise" in " ".join(
        out.split()
    )


def law_never(game: object) -> Fraction:
    """Never raising's expected value per initial bet (the same whatever is revealed)."""
    return next(r for r in game.summary() if r["cards"] is None and r["play"] == "never raise")["expected_value"]  # type: ignore[attr-defined, no-any-return]


def test_the_api_returns_the_figures_the_command_prints() -> None:
    from analyzer.api import peek, reveal_laws

    game = peek(EXAMPLE, wagers=["banker"])
    law = next(r for r in game.summary() if r["cards"] is None and r["play"] == "optimal")
    _, out, _ = run("peek", "--rules", EXAMPLE, "--wager", "banker", "--format", "json")
    assert law["rtp"] == Fraction(json.loads(out)["wagers"][0]["optimal"]["rtp"])
    assert {r["play"] for r in game.to_records()} == {"optimal", "never raise", "greatest percentage"}
    assert len(game.patterns("banker")) == 10 + 10 + 55 + 100 + 55 + 550 + 550 + 3025
    assert next(r for r in game.card("banker") if r["exception"])["player"] == ("A", "5")
    assert "<table>" in game._repr_html_()
    four = game.rows("banker", cards=4)
    assert sum(r["probability"] for r in four) == 1 and {r["bet"] for r in four} == {1, 3}
    assert sum(r["return"] for r in game.rows("banker", cards=4, play="never raise")) == law_never(game)
    solved = reveal_laws(EXAMPLE, "98.8%", within="0.05%")
    assert solved.laws.consistent and {r["kind"] for r in solved.to_records()} == {"consistent"}
    assert solved.document().title == "peek-style: reveal laws for the target returns"


@pytest.mark.parametrize(
    "extra", [("--wager", "player"), ("--edge", "2%"), ("--rtp", "player=98%"), ("--rank-by", "counter-yield")]
)
def test_solve_reveal_rtp_refuses_the_options_of_the_other_solves_in_one_line(extra: tuple[str, str]) -> None:
    code, out, err = run("solve", "--rules", EXAMPLE, "--reveal-rtp", "98.8%", *extra)
    assert code == 2 and out == ""
    assert err.startswith(f"baccarat: error: --reveal-rtp solves a reveal law and reads none of {extra[0]};")
