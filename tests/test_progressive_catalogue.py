"""The catalogue's progressive side bet (issue 18, item 5): Dragon Dragon, a flat-bet progressive whose jackpot rows
pay the meter (six of a kind) and 10% of it (five of a kind), for one. Its fixed part of the return and its
break-even meter are held to the published return table, exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.api import analyze
from analyzer.exact.outcomes import wager_counts
from analyzer.exact.reference import deal_outcomes
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .brute_force_suited import brute_force, dragon_dragon
from .clirun import run

DENOMINATOR = 4_998_398_275_503_360
SIX, FIVE, DOUBLE_TRIPS, FOUR, TRIPS_IN_FOUR = (
    5_872_124_160,
    351_070_863_360,
    616_417_689_600,
    12_273_961_559_040,
    32_896_683_048_960,
)


@pytest.mark.slow  # counts the table (over a second)
def test_dragon_dragon_returns_the_published_fixed_part_plus_its_jackpot_rows_times_the_meter() -> None:
    (sheet,) = analyze("dragon-dragon", wagers=["dragon-dragon"]).sheets
    assert [r.combinations for r in sheet.rows][:5] == [SIX, FIVE, DOUBLE_TRIPS, FOUR, TRIPS_IN_FOUR]
    line = sheet.jackpot
    assert line is not None
    a, b = line.at_meter_zero, line.per_unit_of_meter
    # Source: Wizard of Odds, Dragon Dragon Baccarat Progressive
    # (wizardofodds.com/games/baccarat/side-bets/dragon-dragon/,
    # read at a mirror as updated January 20, 2019), 'Dragon Dragon Return Table for $1 and $2 bets': pays 250, 50 and
    # 25 'for one' (the stake never returned), loser 0; 'Total ... 0.318146+x+y', x the six of a kind's return (the
    # jackpot), y the five of a kind's (10% of the jackpot).
    fixed = Fraction(250 * DOUBLE_TRIPS + 50 * FOUR + 25 * TRIPS_IN_FOUR, DENOMINATOR)
    assert round(fixed, 6) == Fraction("0.318146")
    assert a == fixed - 1  # the expected value with a meter of 0: every stake is lost, the fixed wins come back
    assert b == Fraction(SIX + Fraction(FIVE, 10), DENOMINATOR)  # x + y per unit of meter on a $1 stake
    assert line.break_even_meter == -a / b == Fraction(4437732680895, 53358347)  # break-even meter, 83,168.48
    assert sheet.expected_value == a + b * 10000  # the file's illustrative meter


@pytest.mark.slow  # counts the table (over a second)
def test_dragon_dragon_states_its_return_as_a_function_of_the_meter() -> None:
    code, out, _ = run("analyze", "--rules", "dragon-dragon", "--wager", "dragon-dragon")
    flat = " ".join(out.split())
    assert code == 0
    assert (
        "expected value = -0.68185417 + 0.00819847 per 1,000 of meter; break-even meter 83168.48; five of a kind "
        "pays 10% of the meter; paid for one (the stake is not returned)"
    ) in flat


def test_the_catalogue_summary_names_the_jackpot_rows_and_gives_the_edge_at_the_meter() -> None:
    summary = (Path(__file__).parent.parent / "results" / "side-bets.md").read_text(encoding="utf-8")
    (row,) = [line for line in summary.splitlines() if line.startswith("| dragon-dragon ")]
    cells = [c.strip() for c in row.split("|")]
    assert cells[4:6] == [
        "jackpot / 10% of jackpot / 249:1 / 49:1 / 24:1",
        "59.9869% at meter 10000, break-even meter 83168.48",
    ]


@pytest.mark.slow  # deals every ordered six of ten cards by hand
def test_dragon_dragon_settles_as_its_source_words_it_in_a_brute_force() -> None:
    # Six kings (both hands draw from 0-0: six of a kind), three fives (K5 v K5, both draw: double three of a kind), a
    # nine (KK v K9, a natural: three of a kind out of four cards): every row of the table is reached, and each row's
    # net is the page's amount for one less the stake.
    cards = ["KS", "KH", "KD", "KC", "KS", "KH", "5S", "5H", "5D", "9S"]
    rules = read_rules("dragon-dragon")
    wager = rules.wager("dragon-dragon")
    expected = brute_force(cards, dragon_dragon)
    assert set(expected) == {Fraction(9999), Fraction(999), Fraction(249), Fraction(49), Fraction(24), Fraction(-1)}
    shoe = Shoe.from_cards(cards)
    for counts in (
        wager_counts(shoe, rules.drawing, [wager])["dragon-dragon"],
        deal_outcomes(shoe, rules.drawing, [wager])["dragon-dragon"],
    ):
        got: Counter[Fraction] = Counter()
        for row in wager.outcomes:
            assert row.pays is not None
            got[row.pays] += counts[row.name]
        assert +got == +expected
