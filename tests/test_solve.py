"""Pay tables solved for a target edge: every answer re-checked by a fresh par sheet."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.rulefile import read_rules
from analyzer.game.rules import RuleSet
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe
from analyzer.numbers import percent_text
from analyzer.studies.solve import _nearest, parse_shape, solve_pay, solve_shape

EIGHT = Shoe.decks(8)
TWO_PERCENT = Fraction(2, 100)
# Big Win Bonus (000: 'only pays if that side's hand won by a Natural or by at least 3 points'), shaped like
# 003's Dragon Bonus table for the margins they share.
BIG_WIN_SHAPE = {
    "natural win": Fraction(1),
    "win by 9, non-natural": Fraction(30),
    "win by 8": Fraction(10),
    "win by 7": Fraction(6),
    "win by 6": Fraction(4),
    "win by 5": Fraction(2),
    "win by 4": Fraction(1),
    "win by 3": Fraction(1),
}


def _edge(rules: RuleSet, wager: str, pays: dict[str, Fraction], shoe: Shoe = EIGHT) -> Fraction:
    """The house edge from a fresh par sheet with these pays: the independent check."""
    for outcome, p in pays.items():
        rules = rules.with_pays(wager, outcome, p)
    (sheet,) = par_sheets(rules, shoe, (wager,))
    assert sheet.house_edge is not None
    return sheet.house_edge


def test_tie_pay_for_two_percent_is_exact_and_bracketed_by_printable_pays() -> None:
    rules = read_rules("punto-banco")
    (sheet,) = par_sheets(rules, EIGHT, ("tie",))
    solution = solve_pay(sheet, "tie", TWO_PERCENT)
    assert _edge(rules, "tie", {"tie": solution.pays}) == TWO_PERCENT
    assert [(c.pays, c.grids) for c in solution.candidates] == [
        (Fraction(9), ("N to 1", "N to 2")),
        (Fraction(19, 2), ("N to 2",)),
        (Fraction(10), ("N to 1",)),
    ]
    for candidate in solution.candidates:
        assert candidate.house_edge == _edge(rules, "tie", {"tie": candidate.pays})
    # Source: Wizard of Odds, baccarat basics: Tie at 9 to 1, 8 decks, 4.8440%.
    assert percent_text(solution.candidates[0].house_edge) == "4.8440%"


@pytest.mark.parametrize("rule_set", ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"])
def test_solving_for_the_current_edge_gives_back_every_documented_pay(rule_set: str) -> None:
    """A round trip: the pay that gives today's edge is today's pay, for every paid outcome that happens."""
    for sheet in par_sheets(read_rules(rule_set), EIGHT):
        if sheet.house_edge is None:
            continue
        for row in sheet.rows:
            if row.probability > 0:
                assert solve_pay(sheet, row.outcome.name, sheet.house_edge).pays == row.pays, (
                    sheet.wager.name,
                    row.outcome.name,
                )


def test_banker_commission_below_two_to_one_gets_twentieths() -> None:
    """Below 2 to 1 the 5% commission grid is offered too: 19:20 is the pay for the published 8-deck edge."""
    rules = read_rules("punto-banco")
    (sheet,) = par_sheets(rules, EIGHT, ("banker",))
    solution = solve_pay(sheet, "Banker wins", Fraction(1, 100))
    assert Fraction(19, 20) < solution.pays < 1
    assert [c.pays for c in solution.candidates] == [Fraction(0), Fraction(1, 2), Fraction(19, 20), Fraction(1)]
    nineteen = solution.candidates[2]
    assert nineteen.grids == ("N to 20",) and percent_text(nineteen.house_edge) == "1.0579%"


def test_shape_reaches_the_target_exactly_then_rounds_and_balances_the_top_award() -> None:
    rules = read_rules("mini-louisiana")
    (sheet,) = par_sheets(rules, EIGHT, ("big-win-bonus-player",))
    solution = solve_shape(sheet, BIG_WIN_SHAPE, TWO_PERCENT)
    exact = dict(solution.exact)
    assert all(exact[name] == solution.multiplier * w for name, w in BIG_WIN_SHAPE.items())
    assert _edge(rules, "big-win-bonus-player", exact) == TWO_PERCENT
    balance = solution.balance
    assert balance.outcome == "win by 9, non-natural"  # the largest weight
    rounded = dict(solution.rounded)
    assert set(rounded) == set(BIG_WIN_SHAPE) - {balance.outcome}
    assert all(p.denominator in (1, 2) for p in rounded.values())
    assert _edge(rules, "big-win-bonus-player", {**rounded, balance.outcome: balance.pays}) == TWO_PERCENT
    for candidate in balance.candidates:
        assert candidate.house_edge == _edge(
            rules, "big-win-bonus-player", {**rounded, balance.outcome: candidate.pays}
        )


def test_shape_balances_the_outcome_named() -> None:
    (sheet,) = par_sheets(read_rules("mini-louisiana"), EIGHT, ("big-win-bonus-banker",))
    solution = solve_shape(sheet, BIG_WIN_SHAPE, TWO_PERCENT, balance="natural win")
    assert solution.balance.outcome == "natural win"
    with pytest.raises(InputError, match="must be one of the shaped outcomes"):
        solve_shape(
            sheet,
            {"win by 3": Fraction(1), **{k: v for k, v in BIG_WIN_SHAPE.items() if k != "win by 3"}},
            TWO_PERCENT,
            balance="any other result",
        )


@pytest.mark.parametrize(
    ("pays", "nearest"),
    [
        (Fraction(2818, 100), 28),
        (Fraction(5, 2), 2),
        (Fraction(7, 2), 3),
        (Fraction(94, 100), 1),
        (Fraction(3, 4), Fraction(1, 2)),
        (Fraction(188, 100), 2),
        (Fraction(0), 0),
    ],
)
def test_rounding_to_the_nearest_printable_pay_goes_down_at_half_way(pays: Fraction, nearest: Fraction) -> None:
    assert _nearest(pays) == nearest


def test_out_of_reach_targets_are_refused_with_the_reason() -> None:
    (tie,) = par_sheets(read_rules("punto-banco"), EIGHT, ("tie",))
    with pytest.raises(InputError, match="losing more than the stake"):
        solve_pay(tie, "tie", Fraction(2))
    (big_win,) = par_sheets(read_rules("mini-louisiana"), EIGHT, ("big-win-bonus-player",))
    with pytest.raises(InputError, match="no pay for 'win by 9, non-natural'"):
        solve_pay(big_win, "natural win", TWO_PERCENT)
    with pytest.raises(InputError, match="out of reach"):
        solve_shape(big_win, BIG_WIN_SHAPE, Fraction(90, 100))
    with pytest.raises(InputError, match="no pay for 'win by 3'"):
        solve_shape(big_win, {k: v for k, v in BIG_WIN_SHAPE.items() if k != "win by 3"}, TWO_PERCENT)


def test_an_outcome_that_never_happens_cannot_be_solved() -> None:
    no_naturals = Shoe.from_counts({"A": 8, "2": 8})  # two cards total 2 to 4: never 8 or 9
    (dragon,) = par_sheets(read_rules("live-pittsburgh"), no_naturals, ("dragon-bonus-player",))
    with pytest.raises(InputError, match="never happens"):
        solve_pay(dragon, "natural win", TWO_PERCENT)


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["natural win"], "is not OUTCOME=WEIGHT"),
        (["natural win=x"], "is not OUTCOME=WEIGHT"),
        (["=3"], "is not OUTCOME=WEIGHT"),
        (["win by 3=1", "win by 3=2"], "twice"),
        (["win by 3=-1"], "is not OUTCOME=WEIGHT"),
    ],
)
def test_shape_is_parsed_strictly(texts: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_shape(texts)


# ------------------------------------------------------------- command line


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_solve_command_prints_the_exact_pay_and_nearest_pays() -> None:
    code, out, _ = run("solve", "--rules", "punto-banco", "--wager", "tie", "--outcome", "tie", "--edge", "2%")
    assert code == 0
    assert "Exact pay for the target: 9.2989 to 1, exactly 57588579212501/6193065448870 to 1." in out
    assert "9:1     N to 1, N to 2  4.8440%" in out


def test_solve_command_shape_as_json() -> None:
    args = ["solve", "--rules", "mini-louisiana", "--wager", "big-win-bonus-player", "--edge", "2%", "--format", "json"]
    for name, weight in BIG_WIN_SHAPE.items():
        args += ["--shape", f"{name}={weight}"]
    code, out, _ = run(*args)
    assert code == 0
    (document,) = json.loads(out)  # one element per rule set
    assert document["target_house_edge"] == "1/50"
    assert [row["outcome"] for row in document["exact"]] == list(BIG_WIN_SHAPE)
    assert document["balance"]["outcome"] == "win by 9, non-natural"
    assert {c["pays"] for c in document["balance"]["candidates"]} == {"20:1", "41:2", "21:1"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wager", "tie", "--edge", "2%"], "needs --outcome"),
        (["--wager", "tie", "--outcome", "tie", "--edge", "2"], "is not a percentage"),
        (["--wager", "tie", "--outcome", "jackpot", "--edge", "2%"], "has no outcome 'jackpot'"),
        (["--wager", "tie", "--outcome", "tie", "--edge", "200%"], "losing more than the stake"),
        (["--wager", "tie", "--shape", "tie", "--edge", "2%"], "is not OUTCOME=WEIGHT"),
    ],
)
def test_solve_command_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("solve", "--rules", "punto-banco", *args)
    assert code == 2 and out == ""
    assert err.startswith("baccarat: error: ") and err.count("\n") == 1
    assert message in err


def test_every_shipped_rule_set_is_solved_when_none_is_named() -> None:
    code, out, _ = run("solve", "--wager", "tie", "--outcome", "tie", "--edge", "2%", "--format", "json")
    assert code == 0
    assert [d["rule_set"] for d in json.loads(out)] == list(shipped())
