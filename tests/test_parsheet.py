"""Par-sheet figures, checked by hand on a shoe small enough to count on paper."""

from __future__ import annotations

import math
from fractions import Fraction

from analyzer.exact.distribution import Distribution
from analyzer.exact.parsheet import par_sheet
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState


def _distribution() -> Distribution:
    # A made-up split of the 6! = 720 dealings of a six-card shoe over three endings.
    shoe = Shoe.from_counts({"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1})
    return Distribution(
        shoe=shoe,
        counts={
            FinalState(9, 2, 2, 2, False, False): 360,  # Banker loses
            FinalState(3, 3, 3, 3, False, False): 144,  # tie
            FinalState(1, 6, 3, 3, False, False): 216,  # Banker wins
        },
    )


def test_commission_banker_figures_by_hand() -> None:
    sheet = par_sheet(read_rules("punto-banco").wager("banker"), _distribution())
    win, tie, loss = Fraction(216, 720), Fraction(144, 720), Fraction(360, 720)
    ev = win * Fraction(19, 20) - loss
    assert sheet.expected_value == ev
    assert sheet.house_edge == -ev
    assert sheet.element_of_risk == -ev / (1 - tie)
    assert sheet.hit_frequency == win
    assert sheet.push_frequency == tie
    assert sheet.variance == win * Fraction(361, 400) + loss - ev * ev
    assert sheet.standard_deviation == math.sqrt(sheet.variance)


def test_unpaid_wager_has_fair_odds_and_no_edge() -> None:
    sheet = par_sheet(read_rules("mini-louisiana").wager("big-win-bonus-player"), _distribution())
    natural = sheet.rows[0]
    assert natural.outcome.name == "natural win" and natural.probability == Fraction(1, 2)
    assert natural.fair_odds == 1
    assert sheet.house_edge is None and sheet.variance is None and sheet.standard_deviation is None
