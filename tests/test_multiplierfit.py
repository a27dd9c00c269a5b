"""A multiplier law fitted to several target returns at once (issue 28, item 5): the returns as exact polynomials in
the law's probabilities, held to the par sheets and to a brute force; the published Prosperity Tree returns met by one
parameter under the operator's Banker rule and missed under 0.95 x M; the two-parameter exact solve; bad input."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.multiplierfit import Target, fit_law, fit_targets, parse_target
from analyzer.studies.multiplierlaw import return_polynomial, shared_law

from .clirun import assert_refused, run
from .test_lightning import SHOES, brute

EXAMPLES = Path(__file__).parent.parent / "examples"
PROSPERITY = str(EXAMPLES / "prosperity-tree-style.toml")
GOLDEN = str(EXAMPLES / "golden-wealth-style.toml")

# Source: win2day.at, "Ergänzungsspielbedingungen, Elektronische Lotterien: Prosperity Tree Baccarat",
# "Durchschnittliche Ausschüttung": Player ca. 98,9 %, Banker ca. 98,7 %, P Pair and B Pair ca. 92,5 %, Tie ca. 92,8 %.
PUBLISHED = (
    "prosperity-player=98.9%",
    "prosperity-banker=98.7%",
    "prosperity-tie=92.8%",
    "prosperity-player-pair=92.5%",
    "prosperity-banker-pair=92.5%",
)
# Source: gamblingbaba.com/game/prosperity-tree-baccarat/, "RTP: 92.53% - 98.89%" (a third party; the extremes are
# the Pairs and the Player).
THIRD_PARTY = ("prosperity-player=98.89%", "prosperity-player-pair=92.53%")

LAW_RULES = """[rule_set]
name = "law-test"
title = "t"
extends = "punto-banco"

[wagers.lit]
title = "lit"
source = "t"
side = "player"
fee = "20%"
lightning = { cards = 1, multipliers = { "2" = "P2", "3" = "P3" }, applies_to = "APPLIES", stake_returned = "95%" }
outcomes = [
  { name = "win", result = "win", pays = "1:1" },
  { name = "tie", result = "tie", pays = "push" },
  { name = "loss", pays = "lose" },
]
"""


def _law_file(rule_file, p2: Fraction, applies: str = "winning hand") -> str:  # type: ignore[no-untyped-def]
    return str(rule_file(LAW_RULES.replace("P2", str(p2)).replace("P3", str(1 - p2)).replace("APPLIES", applies)))


@pytest.mark.parametrize("applies", ["winning hand", "both hands", "player first two"])
def test_the_return_polynomial_is_the_par_sheets_return_at_every_law(rule_file, applies: str) -> None:  # type: ignore[no-untyped-def]
    """The polynomial, built once from the law with P(2x) free, equals the exact par sheet of the file written with
    the law at P(2x) = 1/3 and 5/7 (fee, 95% of the stake returned and the hands multiplied included)."""
    shoe = Shoe.from_cards(SHOES["nines-twice"] + ["3C", "6H"])
    rules = load_rules(_law_file(rule_file, Fraction(1, 2), applies))
    polynomial = return_polynomial(rules, shoe, "lit", shared_law(rules, ["lit"]))
    for p2 in (Fraction(1, 3), Fraction(5, 7)):
        (sheet,) = par_sheets(load_rules(_law_file(rule_file, p2, applies)), shoe, ("lit",))
        assert sheet.house_edge is not None
        assert polynomial.at((p2,)) == 1 - sheet.house_edge


def test_the_return_polynomial_equals_a_brute_force_over_every_deal_and_draw(rule_file) -> None:  # type: ignore[no-untyped-def]
    """At P(2x) = 1/2 (the brute force draws each value equally likely), the polynomial's return without the fee is
    the brute force's mean net over every ordered deal of a small suited shoe and every lightning draw, plus 1."""
    cards = SHOES["mixed"]
    text = LAW_RULES.replace('fee = "20%"\n', "").replace("APPLIES", "winning hand")
    rules = load_rules(rule_file(text.replace("P2", "1/2").replace("P3", "1/2")))
    polynomial = return_polynomial(rules, Shoe.from_cards(cards), "lit", shared_law(rules, ["lit"]))
    nets: Counter[Fraction] = brute(cards, 1, "winning hand", (Fraction(2), Fraction(3)), returned=Fraction(95, 100))
    mean = sum((net * n for net, n in nets.items()), Fraction(0)) / sum(nets.values())
    assert polynomial.at((Fraction(1, 2),)) == 1 + mean
    assert polynomial.degree == 1  # one lightning card: one card type multiplies, by one value


@pytest.mark.slow
def test_one_law_meets_the_four_published_prosperity_tree_returns() -> None:
    """Under the operator's Banker (1:1 times the multipliers, 95% of the stake returned) one probability of 2x
    meets Player 98.9%, Banker 98.7%, Tie 92.8% and the Pairs 92.5% within their rounding (0.05 point): the range
    0.93745 to 0.93854; the law the example writes, 93.8%, meets them and the third party's 98.89% and 92.53%."""
    rules = load_rules(PROSPERITY)
    fit = fit_targets(rules, Shoe.decks(8), PUBLISHED)
    assert fit.fits and fit.point is not None and not fit.conflicts
    assert all(t.within and abs(t.residual) <= Fraction(5, 10000) for t in fit.targets)
    ((low, high),) = [(b.low, b.high) for b in fit.band]
    assert Fraction(93745, 100000) < low < Fraction(93746, 100000) and Fraction(93854, 100000) < high < Fraction(
        93855, 100000
    )
    assert fit.printable == (Fraction(938, 1000),)
    assert fit.repeats == (("prosperity-banker-pair", "prosperity-player-pair"),)
    (sheet,) = par_sheets(rules, Shoe.decks(8), ("prosperity-banker",))  # the file's law is the law printed
    assert sheet.house_edge is not None and 1 - sheet.house_edge == fit.printable_rtps[1]
    narrow = fit_targets(rules, Shoe.decks(8), (*THIRD_PARTY, *PUBLISHED[1:3]))
    assert narrow.fits and narrow.band[0].low <= Fraction(938, 1000) <= narrow.band[0].high


@pytest.mark.slow
def test_a_banker_paid_095_times_the_multiplier_misses_its_published_return_and_no_law_fits(rule_file) -> None:  # type: ignore[no-untyped-def]
    """The old reading (19:20 times the multipliers) cannot meet Banker's 98.7% with the others: Banker holds only
    for P(2x) near 0.888 to 0.894, the others near 0.937; at the least-squares compromise Banker misses by 0.7 to
    0.8 point."""
    text = Path(PROSPERITY).read_text(encoding="utf-8")
    old = text.replace(
        ', stake_returned = "95%" }\noutcomes = [\n  { name = "Banker wins", result = "win", pays = "1:1" },',
        ' }\noutcomes = [\n  { name = "Banker wins", result = "win", pays = "19:20" },',
    )
    assert old != text
    fit = fit_targets(load_rules(rule_file(old)), Shoe.decks(8), PUBLISHED)
    assert not fit.fits and not fit.band and fit.printable is None
    assert ("prosperity-player", "prosperity-banker") in fit.conflicts
    banker = next(t for t in fit.targets if t.target.wager == "prosperity-banker")
    assert Fraction(-8, 1000) < banker.residual < Fraction(-7, 1000)
    ((low, high),) = [(b.low, b.high) for b in banker.holds]
    assert Fraction(887, 1000) < low < high < Fraction(895, 1000)


@pytest.mark.slow
def test_the_golden_wealth_example_returns_every_published_figure_within_its_rounding() -> None:
    # Source: win2day.at, "First Person Golden Wealth Baccarat, Spielbedingungen", "Durchschnittliche Ausschüttung":
    # Player ca. 98,9 %, Banker ca. 98,7%, P Pair and B Pair ca. 86%, Tie ca. 93,4%.
    published = {
        "golden-player": (Fraction(989, 1000), Fraction(5, 10000)),
        "golden-banker": (Fraction(987, 1000), Fraction(5, 10000)),
        "golden-tie": (Fraction(934, 1000), Fraction(5, 10000)),
        "golden-player-pair": (Fraction(86, 100), Fraction(5, 1000)),
        "golden-banker-pair": (Fraction(86, 100), Fraction(5, 1000)),
    }
    for sheet in par_sheets(load_rules(GOLDEN), Shoe.decks(8), tuple(published)):
        rtp, tolerance = published[sheet.wager.name]
        assert sheet.house_edge is not None and abs(1 - sheet.house_edge - rtp) <= tolerance, sheet.wager.name


def test_two_free_probabilities_are_solved_exactly_from_two_returns(rule_file) -> None:  # type: ignore[no-untyped-def]
    """A law of three values (two parameters): the returns it gives two wagers are targets (tolerance 0), and the
    exact solve finds that law again, within 10^-30."""
    text = LAW_RULES.replace("P2", "1/2").replace("P3", '1/3", "5" = "1/6').replace("APPLIES", "winning hand")
    text += (
        text[text.index("[wagers.lit]") :]
        .replace("[wagers.lit]", "[wagers.lit-tie]")
        .replace('applies_to = "winning hand"', 'applies_to = "both hands"')
        .replace('result = "win", pays = "1:1"', 'result = "tie", pays = "5:1"')
        .replace('{ name = "tie", result = "tie", pays = "push" },\n', "")
    )
    rules = load_rules(rule_file(text))
    shoe = Shoe.from_cards(SHOES["nines-twice"] + ["3C", "6H"])
    law = shared_law(rules, ["lit", "lit-tie"])
    known = (Fraction(1, 2), Fraction(1, 3))
    targets = [
        Target(wager=w, rtp=return_polynomial(rules, shoe, w, law).at(known), tolerance=Fraction(0))
        for w in ("lit", "lit-tie")
    ]
    fit = fit_law(rules, shoe, targets)
    assert fit.fits and fit.method == "exact solution"
    assert any(all(abs(a - b) < Fraction(1, 10**29) for a, b in zip(s, known)) for s in fit.solutions)
    assert all(abs(t.residual) < Fraction(1, 10**20) for t in fit.targets)
    unreachable = [Target(wager=t.wager, rtp=t.rtp + Fraction(1, 2), tolerance=Fraction(0)) for t in targets]
    assert not fit_law(rules, shoe, unreachable).fits


def test_a_target_no_law_reaches_names_the_targets_that_clash(rule_file) -> None:  # type: ignore[no-untyped-def]
    rules = load_rules(_law_file(rule_file, Fraction(1, 2)))
    shoe = Shoe.from_cards(SHOES["mixed"])
    law = shared_law(rules, ["lit"])
    at_half = return_polynomial(rules, shoe, "lit", law).at((Fraction(1, 2),))
    fit = fit_law(rules, shoe, [Target("lit", at_half, Fraction(1, 10**6))])
    assert fit.fits and fit.band[0].low < Fraction(1, 2) < fit.band[0].high
    assert fit_law(rules, shoe, [Target("lit", at_half + 1, Fraction(1, 10**6))]).fits is False


def test_a_target_is_read_with_the_rounding_of_its_last_digit() -> None:
    assert parse_target("p=98.9%").tolerance == Fraction(5, 10000)
    assert parse_target("p=92.53%").tolerance == Fraction(5, 100000)
    assert parse_target("p=86%").tolerance == Fraction(5, 1000)
    assert parse_target("p=98.9%", Fraction(1, 1000)).tolerance == Fraction(1, 1000)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rtp", "prosperity-player=98.9"], "is not WAGER=PERCENT"),
        (["--rtp", "player=98.9%"], "has no lightning multipliers"),
        (["--rtp", "prosperity-player=98.9%", "--rtp", "prosperity-player=98.8%"], "names a wager twice"),
        (["--rtp", "prosperity-player=98.9%", "--free", "5"], "is not a multiplier of the law"),
        (["--rtp", "prosperity-player=98.9%", "--free", "2"], "at least two multiplier values"),
        (["--rtp", "prosperity-player=98.9%", "--free", "two"], "is not a multiplier value"),
        (["--rtp", "prosperity-player=98.9%", "--wager", "prosperity-player"], "--rtp fits a multiplier law"),
        (["--rtp", "prosperity-player=98.9%", "--within", "1"], "is not a percentage"),
        (["--wager", "prosperity-player"], "solve needs --wager W and --edge PERCENT"),
        (["--wager", "tie", "--edge", "2%", "--free", "2"], "--free and --within are for --rtp"),
    ],
)
def test_bad_fits_are_refused_in_one_line(args: list[str], message: str) -> None:
    assert_refused(["solve", "--rules", PROSPERITY, *args], message)


def test_wagers_that_draw_their_multipliers_differently_are_refused(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = (
        Path(PROSPERITY)
        .read_text(encoding="utf-8")
        .replace(
            'multipliers = { "2" = "93.8%", "3" = "6.2%" }, applies_to = "both hands"',
            'multipliers = { "2" = "90%", "3" = "10%" }, applies_to = "both hands"',
        )
    )
    path = rule_file(text)
    assert_refused(
        ["solve", "--rules", path, "--rtp", "prosperity-player=98.9%", "--rtp", "prosperity-tie=92.8%"],
        "draw their multipliers differently",
    )


def test_three_free_probabilities_are_refused_in_one_line() -> None:
    assert_refused(
        ["solve", "--rules", GOLDEN, "--rtp", "golden-player=98.9%", "--rtp", "golden-tie=93.4%"],
        "free two or three multiplier values with --free",
    )


@pytest.mark.slow
def test_the_fit_prints_its_json_with_exact_figures() -> None:
    code, out, err = run("solve", "--rules", PROSPERITY, "--rtp", "prosperity-player=98.9%", "--format", "json")
    assert code == 0, err
    (document,) = json.loads(out)
    assert document["fits"] is True and document["parameters"] == ["P(2x)"]
    (target,) = document["targets"]
    assert Fraction(target["target"]) == Fraction(989, 1000) and target["degree"] == 3
    assert Fraction(document["printable"]["2"]) + Fraction(document["printable"]["3"]) == 1


@pytest.mark.slow
def test_the_prosperity_tree_pay_ranges_are_the_multiplied_hands_tops() -> None:
    """The operator's ranges say which cards are multiplied: Player and Banker 1-27:1 (three 3x cards of the winning
    hand), Pairs 10-90:1 (the pair's two cards), and the Tie's top win of 3,645x (5 x 3^6: both hands).
    # Source: win2day.at, Prosperity Tree Baccarat, Ergänzungsspielbedingungen ('Player 1–27:1', 'P Pair 10–90:1');
    # gamblingbaba.com/game/prosperity-tree-baccarat/ ('Maximum win: 3,645x')."""
    wagers = ("prosperity-player", "prosperity-banker", "prosperity-tie", "prosperity-player-pair")
    tops = {}
    for sheet in par_sheets(load_rules(PROSPERITY), Shoe.decks(8), wagers):
        multiplied = [r.outcome.name.rsplit(" x", 1) for r in sheet.rows if " x" in r.outcome.name]
        tops[sheet.wager.name] = max(int(m) for _, m in multiplied)
    assert tops == {
        "prosperity-player": 27,
        "prosperity-banker": 27,
        "prosperity-tie": 729,
        "prosperity-player-pair": 9,
    }
