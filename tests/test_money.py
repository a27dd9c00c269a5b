"""Money mechanics as data (issue 18, item 4): a fee on the stake, a cap on a round's pay, a progressive jackpot whose
return is an exact affine function of its meter; applied to the pays when a file is loaded, so that every output
agrees."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.api import analyze

from .clirun import assert_refused, run

EXAMPLES = Path(__file__).parent.parent / "examples"
PLAYER_WITH_FEE = """[rule_set]
name = "fee"
title = "t"
extends = "punto-banco"

[wagers.player-fee]
title = "Player with a fee"
source = "t"
side = "player"
fee = "20%"
outcomes = [
  { name = "win", result = "win", pays = "1:1" },
  { name = "tie", result = "tie", pays = "push" },
  { name = "loss", pays = "lose" },
]
"""


def test_a_fee_is_paid_on_every_bet_and_returns_are_per_unit_staked_fee_included(rule_file) -> None:  # type: ignore[no-untyped-def]
    (sheet,) = analyze(rule_file(PLAYER_WITH_FEE), wagers=["player-fee"]).sheets
    assert [r.pays for r in sheet.rows] == [Fraction(2, 3), Fraction(-1, 6), Fraction(-1)]  # (p - f) / (1 + f)
    (plain,) = analyze("punto-banco", wagers=["player"]).sheets
    assert plain.expected_value is not None
    assert sheet.expected_value == (plain.expected_value - Fraction(1, 5)) / Fraction(6, 5)


def test_a_cap_cuts_a_pay_to_the_amount_over_the_stake(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = PLAYER_WITH_FEE.replace('fee = "20%"', "cap = { amount = 100, stake = 200 }")
    (sheet,) = analyze(rule_file(text), wagers=["player-fee"]).sheets
    assert sheet.rows[0].pays == Fraction(1, 2) and "capped at 1:2" in (sheet.rows[0].outcome.default or "")


def test_the_jackpots_return_is_affine_in_the_meter_and_zero_at_its_break_even(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = (EXAMPLES / "progressive.toml").read_text(encoding="utf-8")
    (sheet,) = analyze(rule_file(text), wagers=["suited-pairs-progressive"]).sheets
    line = sheet.jackpot
    assert line is not None
    a, b = line.at_meter_zero, line.per_unit_of_meter
    for meter in (20000, 123457):
        (other,) = analyze(
            rule_file(text.replace("meter = 10000", f"meter = {meter}"), f"m{meter}.toml"),
            wagers=["suited-pairs-progressive"],
        ).sheets
        assert other.expected_value == a + b * meter
    even = -a / b
    assert line.break_even_meter == even and not line.favours_player_at_every_meter
    (at_even,) = analyze(
        rule_file(text.replace("meter = 10000", f'meter = "{float(even):.6f}"'), "even.toml"),
        wagers=["suited-pairs-progressive"],
    ).sheets
    assert at_even.expected_value is not None and abs(at_even.expected_value) < Fraction(1, 10**6)


def test_the_par_sheet_states_the_fee_cap_and_jackpot() -> None:
    code, out, _ = run("analyze", "--rules", str(EXAMPLES / "progressive.toml"), "--wager", "suited-pairs-progressive")
    flat = " ".join(out.split())
    assert code == 0 and "fee: 10.00% of the stake" in flat and "break-even meter 35518.22" in flat


def test_simulate_deals_a_wager_with_money_rules_and_lands_on_its_exact_return() -> None:
    """The simulator settles the fee and the jackpot as the exact path does: its exact return is analyze's expected
    value at the meter, and 200,000 dealt rounds land within its 99.9% interval (a simulator that ignored the
    money rules would miss it by tens of standard errors)."""
    import json

    code, out, err = run(
        "simulate",
        "--rules",
        str(EXAMPLES / "progressive.toml"),
        "--wager",
        "suited-pairs-progressive",
        "--rounds",
        "200000",
        "--seed",
        "7",
        "--workers",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err + out
    report = json.loads(out)
    (wager,) = report["wagers"]
    sheet = analyze(str(EXAMPLES / "progressive.toml"), wagers=["suited-pairs-progressive"]).sheet(
        "suited-pairs-progressive"
    )
    assert Fraction(wager["exact"]) == sheet.expected_value == Fraction(-981941, 3716823)
    assert report["rounds"] == 200_000 and wager["verdict"] == "PASS"
    low, high = wager["interval"]
    assert low <= float(Fraction(wager["observed"])) <= high
    assert abs(Fraction(wager["observed"]) - sheet.expected_value) < Fraction(1, 10)


@pytest.mark.parametrize(
    "change, message",
    [
        (('fee = "20%"', 'fee = "120%"'), "a fee is above 0% and below 100%"),
        (('fee = "20%"', "cap = { amount = -5, stake = 1 }"), "an amount must be above 0"),
        (('fee = "20%"', "cap = { amount = 2.5, stake = 1 }"), "cap.amount"),
        (('fee = "20%"', "cap = { amount = 5 }"), "cap.stake"),
        (('pays = "1:1"', 'pays = "jackpot"'), 'pays "jackpot", but the wager states no jackpot'),
        (('fee = "20%"', "jackpot = { meter = 100, stake = 1 }"), 'no row pays "jackpot"'),
        (
            (
                ('fee = "20%"', 'jackpot = { meter = 100, stake = 1, basis = "by one" }'),
                ('pays = "1:1"', 'pays = "jackpot"'),
            ),
            "jackpot.basis: is 'by one'; use \"to one\"",
        ),
        (
            (('fee = "20%"', "jackpot = { meter = 100, stake = 1 }"), ('pays = "1:1"', 'pays = "150% of jackpot"')),
            "jackpot: row 'win' pays 150% of the meter; a row's share of the meter must be above 0% and at most 100%",
        ),
    ],
)
def test_bad_money_keys_are_one_line(
    rule_file, change: tuple[str, str] | tuple[tuple[str, str], ...], message: str
) -> None:  # type: ignore[no-untyped-def]
    text = PLAYER_WITH_FEE
    for old, new in change if isinstance(change[0], tuple) else (change,):  # type: ignore[assignment]
        text = text.replace(old, new)
    assert_refused(["analyze", "--rules", rule_file(text)], message)


SHARED = PLAYER_WITH_FEE.replace('fee = "20%"', "jackpot = { meter = 1000, stake = 5 }").replace(
    '{ name = "win", result = "win", pays = "1:1" }',
    '{ name = "natural win", result = "win", natural = true, pays = "jackpot" }, '
    '{ name = "win", result = "win", pays = "10% of jackpot" }',
)


def test_a_row_paying_a_share_of_the_jackpot_pays_that_share_of_the_meter_and_the_slope_weighs_it(rule_file) -> None:  # type: ignore[no-untyped-def]
    (sheet,) = analyze(rule_file(SHARED), wagers=["player-fee"]).sheets
    natural, win = sheet.rows[0], sheet.rows[1]
    assert (natural.pays, win.pays) == (Fraction(200), Fraction(20))  # 1000 / 5, and 10% of it: to one, stake back
    line = sheet.jackpot
    assert line is not None and line.per_unit_of_meter == (natural.probability + win.probability / 10) / 5
    (other,) = analyze(
        rule_file(SHARED.replace("meter = 1000", "meter = 3000"), "m3000.toml"), wagers=["player-fee"]
    ).sheets
    assert other.expected_value == line.at_meter_zero + line.per_unit_of_meter * 3000


def test_a_jackpot_paid_for_one_keeps_the_stake_so_its_rows_pay_one_less(rule_file) -> None:  # type: ignore[no-untyped-def]
    (to_one,) = analyze(rule_file(SHARED), wagers=["player-fee"]).sheets
    text = SHARED.replace("stake = 5 }", 'stake = 5, basis = "for one" }')
    (for_one,) = analyze(rule_file(text, "for-one.toml"), wagers=["player-fee"]).sheets
    assert [r.pays for r in for_one.rows][:2] == [Fraction(199), Fraction(19)]
    hit = for_one.rows[0].probability + for_one.rows[1].probability
    assert to_one.expected_value is not None and for_one.expected_value == to_one.expected_value - hit
    to_line, for_line = to_one.jackpot, for_one.jackpot
    assert to_line is not None and for_line is not None
    assert (for_line.at_meter_zero, for_line.per_unit_of_meter) == (
        to_line.at_meter_zero - hit,
        to_line.per_unit_of_meter,
    )
    code, out, _ = run("analyze", "--rules", rule_file(text, "for-one-cli.toml"), "--wager", "player-fee")
    flat = " ".join(out.split())
    assert code == 0 and "win pays 10% of the meter; paid for one (the stake is not returned)" in flat
