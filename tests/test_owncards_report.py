"""`baccarat own-cards`: the strategy card in every format, and bad input as elsewhere."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped_text
from analyzer.game.shoe import Shoe
from analyzer.studies.owncards import analyze_own_cards


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["own-cards", *args], prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_default_is_the_eight_deck_card_of_000() -> None:
    code, out, _ = run()
    assert code == 0
    assert "Rule set: mini-louisiana" in out and "Shoe: 8 decks (416 cards)" in out
    assert "ordered six-card dealings O1 O2 B1 B2 B3 O3" in out
    assert "000 CASE 2" in out and "000 is silent on the number of decks" in out
    lines = out.splitlines()
    card = {line.split()[0]: line.split()[1] for line in lines if line[:1].isdigit() and len(line.split()) == 5}
    assert card == {
        "0": "DRAW",
        "1": "DRAW",
        "2": "DRAW",
        "3": "DRAW",
        "4": "DRAW",
        "5": "STAND",
        "6": "STAND",
        "7": "STAND",
        "8": "natural",
        "9": "natural",
    }
    assert any(line.startswith("5,T/J/Q/K ") and " DRAW " in line for line in lines)
    for strategy, edge in (("mimic", "0.7743%"), ("best-by-total", "0.7638%"), ("best-by-composition", "0.7626%")):
        assert any(line.startswith(strategy + " ") and f" {edge} " in line for line in lines), strategy
    assert "best-by-total 0.0106%, best-by-composition 0.0118%" in out


def test_json_keeps_every_figure_exact() -> None:
    code, out, _ = run("--format", "json", "--decks", "2", "--remove", "5,5,K")
    assert code == 0
    report = json.loads(out)
    analysis = analyze_own_cards(read_rules("mini-louisiana"), Shoe.decks(2).remove(["5", "5", "K"]))
    assert report["rule_set"] == "mini-louisiana"
    assert report["shoe"]["decks"] == 2 and report["shoe"]["removed"] == ["5", "5", "K"]
    assert report["own_cards"] == {
        "wager": "player",
        "alone": True,
        "source": read_rules("mini-louisiana").own_cards.source,
    }  # type: ignore[union-attr]
    assert [s["name"] for s in report["strategies"]] == ["mimic", "best-by-total", "best-by-composition"]
    for s in report["strategies"]:
        strategy = analysis.strategy(s["name"])
        assert Fraction(s["expected_value"]) == strategy.expected_value
        assert Fraction(s["house_edge"]) == strategy.house_edge
        assert sum(int(o["combinations"]) for o in s["outcomes"]) == Shoe.decks(2).remove(["5", "5", "K"]).denominator
    assert Fraction(report["option_value"]["best-by-composition"]) == analysis.option_value("best-by-composition")
    decisions = report["decisions"]
    assert len(decisions) == len(analysis.by_total) + len(analysis.by_composition)
    assert all(set(d) >= {"total", "ranks", "ev_draw", "ev_stand", "best"} for d in decisions)
    by_total = [d for d in decisions if d["ranks"] is None]
    assert [d["total"] for d in by_total] == list(range(8))
    rows = {(d["total"], tuple(d["ranks"])): d for d in decisions if d["ranks"] is not None}
    for row in analysis.by_composition:
        d = rows[(row.total, row.ranks)]
        assert (Fraction(d["ev_draw"]), Fraction(d["ev_stand"]), d["best"]) == (row.ev_draw, row.ev_stand, row.best)
    assert {d["best"] for d in decisions} <= {"draw", "stand", "either"}
    assert [c["play"] for c in report["card"]["totals"]] == [analysis.card_play(t) for t in range(8)]


def test_csv_has_a_row_per_decision_natural_and_strategy() -> None:
    code, out, _ = run("--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    kinds = [r["kind"] for r in rows]
    assert kinds.count("total") == 8 and kinds.count("natural") == 2 and kinds.count("strategy") == 3
    assert kinds.count("composition") == 44  # 55 pairs of values, less 11 naturals
    assert {r["ranks"] for r in rows if r["kind"] == "composition"} >= {"5,T/J/Q/K", "A,A", "T/J/Q/K,T/J/Q/K"}


def test_markdown_and_exact() -> None:
    code, out, _ = run("--format", "markdown", "--exact")
    assert code == 0
    assert out.startswith("# mini-louisiana: Play Your Own Cards\n")
    assert "## Strategy card" in out and "| 5,T/J/Q/K " in out
    assert "30237132448/3904998652737" in out  # the mimic edge, exact: the core Player bet's


def test_a_users_rule_file_with_own_cards(rule_file) -> None:  # type: ignore[no-untyped-def]

    text = shipped_text("punto-banco")
    path = rule_file(text + '\n[own_cards]\nsource = "house rules"\nwager = "player"\nalone = false\n')
    code, out, _ = run("--rules", path, "--decks", "1")
    assert code == 0 and "Own hand: offered for a player bet (house rules)." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "punto-banco"], "Rule set punto-banco does not offer Play Your Own Cards"),
        (["--rules", "vegas"], "Unknown rule set 'vegas'"),
        (["--remove", "5,X"], "'X' is not a card"),
        (["--decks", "0"], "--decks"),
        (["--format", "xml"], "'xml' is not one of"),
        (
            [
                "--decks",
                "1",
                "--remove",
                "A A A A 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9 T T T T J J J J Q Q Q",
            ],
            "too small",
        ),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert message in err and "Traceback" not in err


def test_results_hold_the_eight_deck_card() -> None:
    """results/ as committed (tests/test_results.py holds it equal to what `baccarat tables` writes now)."""
    results = Path(__file__).parent.parent / "results"
    card = (results / "mini-louisiana-own-cards.md").read_text(encoding="utf-8")
    assert "Shoe: 8 decks (416 cards)" in card and "| 5,T/J/Q/K " in card and "0.7626%" in card
    report = json.loads((results / "mini-louisiana-own-cards.json").read_text(encoding="utf-8"))
    assert [s["name"] for s in report["strategies"]] == ["mimic", "best-by-total", "best-by-composition"]
    assert "mini-louisiana-own-cards.md" in (results / "README.md").read_text(encoding="utf-8")


def test_an_exact_tie_prints_either_on_the_card() -> None:
    """Six ten-value cards: every hand is 0 against 0 and always ties, draw or stand."""
    code, out, _ = run(
        "--decks",
        "1",
        "--remove",
        "A A A A 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9 T T T T J J J J Q Q",
    )
    assert code == 0
    assert any(line.split()[:2] == ["0", "EITHER"] for line in out.splitlines() if line.strip())
    assert "best-by-composition 0.0000%" in out
