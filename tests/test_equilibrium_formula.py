"""Every d at once: the equilibrium's structures as rational functions of d, held to the per-d solutions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.equilibrium import solve
from analyzer.studies.equilibrium_formula import equilibrium_formulas
from analyzer.studies.polynomials import intersect, positive

CHEMIN = read_rules("chemin-de-fer")


def test_the_sign_of_a_polynomial_is_found_at_every_whole_d() -> None:
    # (d - 3)(d - 7.5) > 0 for d < 3 and d > 7.5; d = 3 is a root
    poly = (45, -21, 2)  # 2d^2 - 21d + 45 = (2d - 15)(d - 3), lowest power first
    assert positive(poly, 1) == ((1, 2), (8, None))
    assert positive((1, 1), 1) == ((1, None),) and positive((-1,), 1) == ()
    assert intersect(((1, 2), (8, None)), ((2, 9),)) == ((2, 2), (8, 9))


@pytest.mark.slow
def test_the_totals_model_for_every_d_holds_to_the_solutions_at_1_to_8_and_tends_to_9_11() -> None:
    study = equilibrium_formulas(CHEMIN, "totals")
    assert study.checked == tuple(range(1, 9)) and not study.uncovered and not study.degenerate
    assert [s.holds for s in study.structures] == [((1, 3),), ((4, None),)]
    last = study.structures[-1]
    (p,) = [f for _, f in last.player]
    # Kemeny and Snell's 9/11 and value are the limit (their model draws with replacement)
    assert p.limit == Fraction(9, 11) and last.player_value.limit == Fraction(-679568, 53094899)
    assert p.text == "(36864*d**3 - 9312*d**2 + 732*d - 23)/(8*(5632*d**3 - 1138*d**2 + 69*d - 1))"
    # beyond the deck counts solved, the formula is the solution: d = 12, solved afresh
    players, _, value, _ = last.at(12)
    (equilibrium,) = solve(CHEMIN, Shoe.decks(12), "totals").equilibria
    assert players == equilibrium.player.point and value == equilibrium.player_payoff


@pytest.mark.slow
def test_the_banker_composition_model_changes_structure_up_to_10_decks_then_holds() -> None:
    study = equilibrium_formulas(CHEMIN, "banker-composition")
    assert not study.uncovered and set(range(1, 9)) <= set(study.checked)
    assert [s.holds for s in study.structures] == [
        ((1, 1),),
        ((2, 2),),
        ((3, 3),),
        ((4, 7),),
        ((8, 9),),
        ((10, None),),
    ]
    (p,) = [f for _, f in study.structures[3].player]
    assert p.text == "(8*d - 1)*(12*d - 1)*(24*d - 1)/(2*d*(1408*d**2 - 220*d + 9))"
    assert p.limit == Fraction(9, 11)


@pytest.mark.slow
def test_a_commission_has_its_formulas_too() -> None:
    study = equilibrium_formulas(CHEMIN, "banker-composition", Fraction(1, 20), upto=8)
    assert not study.uncovered and set(range(1, 9)) <= set(study.checked)
    (p,) = [f for _, f in study.structures[-1].player]
    assert p.limit == study.limit.equilibria[0].player.point[0]
