"""Closed forms in d: pinned at published deck counts, checked off the fit, and in the limit.

Three independent checks, as for every figure of the package:

* the published house edges at 8 and 6 decks, read off the formulas;
* direct enumeration at deck counts the fit never saw (9 and 10; the fit
  uses 1-7 and the module itself checks 8);
* the limit as d grows, against drawing with replacement played by the
  hand-written rules of tests/brute_force.py (tests/infinite_deck.py).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import gcd

import pytest
import sympy
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.rulefile import read_rules
from analyzer.game.settle import settle
from analyzer.game.shoe import Shoe
from analyzer.numbers import percent_text
from analyzer.studies.formula import DeckFamily, formulas

from .brute_force import DRAWING_OF, net
from .infinite_deck import infinite_deck


# Source: Wizard of Odds, baccarat basics / Baccarat odds for 1 to 12 decks (wizardofodds.com/games/baccarat/).
@pytest.mark.parametrize(
    ("decks", "wager", "edge"),
    [
        (8, "banker", "1.0579%"),
        (8, "player", "1.2351%"),
        (8, "tie", "14.3596%"),
        (6, "banker", "1.0558%"),
        (6, "player", "1.2374%"),
        (6, "tie", "14.4382%"),
    ],
)
def test_published_house_edges_read_off_the_formula(decks: int, wager: str, edge: str) -> None:
    (formula,) = formulas(read_rules("punto-banco"), wagers=(wager,)).wagers
    assert formula.house_edge is not None
    assert percent_text(formula.house_edge.at(decks)) == edge


# Sources: wizardofodds.com/games/baccarat/appendix/6/ (Banker win on 6 pays 1:2, 8 and 6 decks);
# wizardofodds.com/games/baccarat/appendix/5/ (Dragon Bonus, 8 decks).
@pytest.mark.parametrize(
    ("rule_set", "wager", "decks", "edge"),
    [
        ("dactylus", "banker", 8, "1.4581%"),
        ("dactylus", "banker", 6, "1.4548%"),
        ("live-pittsburgh", "dragon-bonus-player", 8, "2.6517%"),
        ("live-pittsburgh", "dragon-bonus-banker", 8, "9.3731%"),
    ],
)
def test_published_side_rule_edges_read_off_the_formula(rule_set: str, wager: str, decks: int, edge: str) -> None:
    (formula,) = formulas(read_rules(rule_set), wagers=(wager,)).wagers
    assert formula.house_edge is not None
    assert percent_text(formula.house_edge.at(decks)) == edge


def test_pair_at_11_to_1_is_4d_plus_11_over_52d_minus_1() -> None:
    """004: 'If the first two cards dealt are identical in rank, the Pair wager shall be paid at odds of 11 to 1'.

    By hand: the second card matches the first in (4d - 1) of (52d - 1) ways, so
    the edge is 1 - 12 (4d - 1)/(52d - 1) = (4d + 11)/(52d - 1); 43/415 at 8 decks
    (Eliot Jacobson, "Beating the Lucky Pairs baccarat side bet"), 1/13 in the limit.
    """
    for wager in ("player-pair", "banker-pair"):
        (formula,) = formulas(read_rules("dactylus"), wagers=(wager,)).wagers
        assert formula.house_edge is not None
        assert formula.house_edge.numerator == (4, 11) and formula.house_edge.denominator == (52, -1)
        assert formula.house_edge.text == "(4*d + 11)/(52*d - 1)"
        assert formula.house_edge.at(8) == Fraction(43, 415)
        assert formula.house_edge.limit == Fraction(1, 13)


@pytest.mark.slow
@pytest.mark.parametrize("rule_set", ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"])
def test_formula_agrees_with_enumeration_at_a_deck_count_not_used_to_fit(rule_set: str) -> None:
    rules = read_rules(rule_set)
    result = formulas(rules)
    assert result.fit_decks == (1, 2, 3, 4, 5, 6, 7) and result.check_decks == (8,)
    for decks in (9, 10) if rule_set == "punto-banco" else (9,):
        sheets = par_sheets(rules, Shoe.decks(decks))
        for formula, sheet in zip(result.wagers, sheets, strict=True):
            for outcome, row in zip(formula.outcomes, sheet.rows, strict=True):
                assert outcome.count(decks) == row.combinations, (formula.wager.name, outcome.outcome.name)
            if formula.house_edge is not None:
                assert formula.house_edge.at(decks) == sheet.house_edge
            else:
                assert formula.qualifying is not None
                assert formula.qualifying.at(decks) == sheet.unpaid_probability


@pytest.mark.slow
@pytest.mark.parametrize("rule_set", ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"])
def test_limit_is_drawing_with_replacement(rule_set: str) -> None:
    """Every wager's limit, and every outcome's, equal the with-replacement figures exactly."""
    states = infinite_deck(DRAWING_OF[rule_set])
    assert sum(states.values()) == 1
    for formula in formulas(read_rules(rule_set)).wagers:
        name = formula.wager.name
        results = [(net(rule_set, name, state), p) for state, p in states.items()]
        if formula.house_edge is not None:
            assert formula.house_edge.limit == -sum(n * p for n, p in results if n != "qualifies"), name
        else:
            assert formula.qualifying is not None
            assert formula.qualifying.limit == sum(p for n, p in results if n == "qualifies"), name
        for outcome in formula.outcomes:
            expected = sum(p for state, p in states.items() if settle(formula.wager, state) is outcome.outcome)
            assert outcome.limit == expected, (name, outcome.outcome.name)


@pytest.mark.slow
def test_count_polynomials_have_integer_coefficients_degree_six_and_vanish_at_zero_decks() -> None:
    for formula in formulas(read_rules("mini-louisiana")).wagers:
        for outcome in formula.outcomes:
            assert len(outcome.combinations) <= 7
            assert all(isinstance(c, int) for c in outcome.combinations)
            assert outcome.count(0) == 0  # no cards, no dealings
        assert sum(o.count(8) for o in formula.outcomes) == Shoe.decks(8).denominator


@pytest.mark.slow
def test_house_edge_is_reduced_with_coprime_integer_coefficients() -> None:
    d = sympy.Symbol("d")
    for formula in formulas(read_rules("live-pittsburgh")).wagers:
        function = formula.figure
        top = sympy.Poly(list(function.numerator), d)
        bottom = sympy.Poly(list(function.denominator), d)
        assert sympy.gcd(top, bottom).degree() == 0, formula.wager.name
        assert gcd(*function.numerator, *function.denominator) == 1
        assert function.denominator[0] > 0
        # The printed factored form is the same function.
        assert sympy.simplify(sympy.sympify(function.text, locals={"d": d}) - top.as_expr() / bottom.as_expr()) == 0


def test_removed_cards_fit_from_the_first_deck_count_that_holds_them() -> None:
    """Five 5s out: the shoe needs 2 decks, so the fit starts at 2; checked at 10 by enumeration."""
    removed = ("5",) * 5
    assert DeckFamily(removed).first_decks == 2
    rules = read_rules("punto-banco")
    result = formulas(rules, removed, ("banker",))
    assert result.fit_decks == (2, 3, 4, 5, 6, 7, 8) and result.check_decks == (9,)
    (formula,) = result.wagers
    assert result.values(formula, 3)[0] == (1, None)
    (sheet,) = par_sheets(rules, Shoe.decks(10).remove(removed), ("banker",))
    assert formula.house_edge is not None and formula.house_edge.at(10) == sheet.house_edge
    # The limit does not depend on a fixed number of cards out.
    (full,) = formulas(rules, (), ("banker",)).wagers
    assert full.house_edge is not None and formula.house_edge.limit == full.house_edge.limit


@pytest.mark.parametrize(
    ("removed", "first"),
    [((), 1), (("K",) * 4, 1), (("K",) * 5, 2), (("A",) * 9, 3), (tuple("A23456789TJQK" * 4), 2)],
)
def test_deck_family_first_decks(removed: tuple[str, ...], first: int) -> None:
    family = DeckFamily(removed)
    assert family.first_decks == first
    family.shoe(first)  # exists
    if first > 1:
        with pytest.raises(InputError):
            family.shoe(first - 1)


# ------------------------------------------------------------- command line


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_formula_command_prints_the_function_its_values_and_its_limit() -> None:
    code, out, _ = run("formula", "--rules", "dactylus", "--wager", "player-pair", "--outcomes")
    assert code == 0
    assert "house edge(d) = (4*d + 11)/(52*d - 1)" in out
    assert "       8      10.3614%  43/415" in out
    assert "infinite       7.6923%  1/13" in out
    words = " ".join(out.split())  # sentences wrap at 100 columns
    assert "drawing every card with replacement" in words
    assert "fitted exactly from enumerations at d = 1-7 and checked against a direct enumeration at d = 8" in words
    assert "1520816128*d**6 - 789654528*d**5" in out  # the pair's count polynomial


def test_formula_command_json_is_exact_and_complete() -> None:
    code, out, _ = run(
        "formula",
        "--rules",
        "mini-louisiana",
        "--wager",
        "tie",
        "--wager",
        "big-win-bonus-player",
        "--format",
        "json",
        "--upto",
        "2",
    )
    assert code == 0
    (document,) = json.loads(out)  # one element per rule set
    tie, big_win = document["wagers"]
    assert document["fit_decks"] == [1, 2, 3, 4, 5, 6, 7] and document["check_decks"] == [8]
    assert tie["house_edge"]["values"][0]["decks"] == 1 and len(tie["house_edge"]["values"]) == 2
    assert all(isinstance(c, str) for c in tie["house_edge"]["numerator"] + tie["house_edge"]["denominator"])
    assert big_win["house_edge"] is None and big_win["qualifying_probability"]["limit"] == "1598177/4826809"
    assert next(o["outcome"] for o in big_win["outcomes"]) == "natural win"
    assert "000 does not state Tie odds" in " ".join(document["defaults"])


def test_formula_command_pay_override_and_removed_cards() -> None:
    # Source: Wizard of Odds, baccarat basics: Tie at 9 to 1, 8 decks, 4.8440%; 6 decks 4.9313%.
    code, out, _ = run("formula", "--rules", "punto-banco", "--wager", "tie", "--pay", "tie:tie=9:1", "--format", "csv")
    assert code == 0
    import csv
    import io

    read = list(csv.DictReader(io.StringIO(out)))
    rows = {row["decks"]: row["decimal"] for row in read}
    assert rows["8"].startswith("0.0484403") and rows["6"].startswith("0.0493128")
    assert {row["pays_changed"] for row in read} == {"tie:tie=9:1"}  # every row says which pays it describes
    code, out, _ = run("formula", "--rules", "punto-banco", "--wager", "banker", "--remove", "5,5,5,5,5", "--upto", "2")
    assert code == 0
    assert "d decks less 5 5 5 5 5 (52d - 5 cards)" in out and "n/a" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "punto-banco", "--wager", "lucky-6"], "Unknown wager 'lucky-6'"),
        (["--rules", "punto-banco", "--remove", "5,X"], "'X' is not a card"),
        (["--rules", "punto-banco", "--upto", "0"], "--upto"),
        (["--rules", "vegas"], "Unknown rule set 'vegas'"),
    ],
)
def test_formula_command_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("formula", *args)
    assert code == 2 and out == ""
    assert err.startswith("baccarat: error: ") and err.count("\n") == 1
    assert message in err
