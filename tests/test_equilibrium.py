"""Exact equilibria of chemin de fer: the published anchor, every information model, every d, a commission, proved.

Every equilibrium a test solves is proved by the exact best-response check (:mod:`analyzer.studies.proof`): no pure
deviation of either side gains. A small game is also solved by brute force over every pure strategy (the payoffs
counted over actual cards by :mod:`tests.brute_force_choices`), and a change to one cell's counts is caught.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from analyzer.exact.cellgame import ChoiceGame
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.equilibrium import EITHER, MIXES, game_for, solve
from analyzer.studies.proof import prove

from .brute_force_choices import payoff_table

CHEMIN = read_rules("chemin-de-fer")
SMALL = str(Path(__file__).parent / "rulefiles" / "chemin-small.toml")
MODELS = ("totals", "banker-composition", "both-compositions")


def _proved(solved: object) -> None:
    for equilibrium in solved.equilibria:  # type: ignore[attr-defined]
        assert equilibrium.proof is not None and equilibrium.proof.holds
        assert equilibrium.proof.player_gain == 0 and equilibrium.proof.banker_gain == 0


# ------------------------------------------------------------------ the published anchor


def test_kemeny_and_snell_the_player_draws_at_5_with_probability_9_11_with_replacement() -> None:
    # Source: J. G. Kemeny and J. L. Snell, "Game-theoretic solution of baccarat", American Mathematical Monthly 64
    # (1957) 465-469: one deck with replacement, each side seeing its total; the Player draws at 5 with probability
    # 9/11; the value is about -0.0128 to the Player.
    solved = solve(CHEMIN, None, "totals")
    (equilibrium,) = solved.equilibria
    assert equilibrium.player.point == (Fraction(9, 11),) and equilibrium.player.unique
    assert round(float(equilibrium.player_payoff), 4) == -0.0128
    assert equilibrium.player_payoff == Fraction(-679568, 53094899)  # ours, exact
    mixed = [p for p in equilibrium.banker_plays if p.play != "draw" and p.play != "stand"]
    assert [(p.label, p.play, p.low) for p in mixed] == [("6 v stood", MIXES, Fraction(859, 2288))]
    _proved(solved)


def test_the_games_have_the_papers_sizes() -> None:
    # Source: S. N. Ethier and C. Gamez, "A game-theoretic analysis of baccara chemin de fer", Games 4 (2013)
    # 711-737, abstract: "a 2 x 2^88 matrix game" (totals), "a 2 x 2^484 matrix game" (the Banker's composition),
    # "a 2^5 x 2^484 matrix game" (both compositions).
    games = {model: game_for(CHEMIN, Shoe.decks(6), model) for model in MODELS}
    sizes = {model: (len(g.decisions), len(g.cells)) for model, g in games.items()}
    assert sizes == {"totals": (1, 88), "banker-composition": (1, 484), "both-compositions": (5, 484)}


def test_with_replacement_the_banker_composition_model_is_the_totals_model_with_linked_cells() -> None:
    # With replacement a composition tells the Banker nothing his total does not: the value and the Player's 9/11
    # are Kemeny and Snell's, and the Banker's optimal strategies at 6 against a Player who stood form one linked
    # set (every mix of the six compositions with the same weighted total), not one strategy.
    solved = solve(CHEMIN, None, "banker-composition")
    (equilibrium,) = solved.equilibria
    assert equilibrium.player.point == (Fraction(9, 11),)
    assert equilibrium.player_payoff == Fraction(-679568, 53094899)
    (constraint,) = equilibrium.banker.constraints
    assert constraint.sense == "=" and len(constraint.coefficients) == 6
    _proved(solved)


# ------------------------------------------------------------------ every model, every d, a commission


@pytest.mark.parametrize(
    "model", ["totals", "banker-composition", pytest.param("both-compositions", marks=pytest.mark.slow)]
)
def test_every_information_model_at_6_decks_is_solved_and_proved(model: str) -> None:
    solved = solve(CHEMIN, Shoe.decks(6), model)
    assert solved.zero_sum and solved.complete and len(solved.equilibria) == 1
    (equilibrium,) = solved.equilibria
    assert equilibrium.player.unique and equilibrium.banker.unique
    assert equilibrium.banker_payoff == -equilibrium.player_payoff
    _proved(solved)


def test_the_banker_composition_model_at_6_decks() -> None:
    # Ours, exact (Model B2 at six decks): the Player draws at 5 with probability 477191/592524; the Banker mixes at
    # 6 with 10-6 against a Player who stood, stands at 5 with 4-1 and 3-2 against a drawn 4 and draws at 6 with 8-8
    # against a Player who stood, where the tableau does otherwise.
    solved = solve(CHEMIN, Shoe.decks(6), "banker-composition")
    (equilibrium,) = solved.equilibria
    assert equilibrium.player.point == (Fraction(477191, 592524),)
    assert equilibrium.player_payoff == Fraction(-974653793197999, 75340147272374985)
    plays = equilibrium.banker_plays
    assert [p.label for p in plays if p.departs] == ["5 (4-1) v drew 4", "5 (3-2) v drew 4", "6 (8-8) v stood"]
    assert [(p.label, p.low) for p in plays if p.play == MIXES] == [("6 (T-6) v stood", Fraction(77143741, 121269912))]


@pytest.mark.slow
def test_seeing_his_composition_is_worth_something_to_the_player() -> None:
    values = {model: solve(CHEMIN, Shoe.decks(6), model).equilibria[0].player_payoff for model in MODELS}
    assert values["both-compositions"] > values["totals"] > values["banker-composition"]
    (equilibrium,) = solve(CHEMIN, Shoe.decks(6), "both-compositions").equilibria
    # the Player draws at 5 with 10-5, 9-6 and 8-7, stands with 3-2, mixes with 4-1
    assert equilibrium.player.point == (1, Fraction(35003, 74880), 0, 1, 1)


@pytest.mark.slow
@pytest.mark.parametrize("decks", range(1, 9))
def test_every_deck_count_from_1_to_8_is_solved_and_proved(decks: int) -> None:
    for model in MODELS:
        _proved(solve(CHEMIN, Shoe.decks(decks), model))


@pytest.mark.parametrize("model", ["totals", "banker-composition"])
def test_a_5_percent_commission_has_one_nash_equilibrium_proved(model: str) -> None:
    # Source: S. N. Ethier and J. Lee, "A game-theoretic analysis of baccara chemin de fer, II", Games 14 (2023) 63,
    # abstract: with a commission the game "is no longer zero sum"; "with rare exceptions, the Nash equilibrium is
    # unique".
    solved = solve(CHEMIN, Shoe.decks(6), model, Fraction(1, 20))
    assert not solved.zero_sum and solved.complete and len(solved.equilibria) == 1
    (equilibrium,) = solved.equilibria
    assert equilibrium.player_payoff + equilibrium.banker_payoff < 0  # the house takes its share
    _proved(solved)


@pytest.mark.slow
def test_a_5_percent_commission_with_both_compositions_has_one_nash_equilibrium_proved() -> None:
    # Ethier and Lee (2023) "obtain a Nash equilibrium under Model B3 ... but here we are unable to prove
    # uniqueness"; the complete search finds exactly one at six decks.
    solved = solve(CHEMIN, Shoe.decks(6), "both-compositions", Fraction(1, 20))
    assert solved.complete and len(solved.equilibria) == 1
    _proved(solved)


def test_depleted_shoes_are_solved_and_proved() -> None:
    for removed in (("5", "5", "5", "5", "K"), ("9", "8", "A", "2", "2", "3")):
        _proved(solve(CHEMIN, Shoe.decks(6).remove(removed), "banker-composition"))


def test_the_campione_regle_fixes_the_banker_at_0_to_2_and_7() -> None:
    rules = read_rules("chemin-de-fer-campione")
    solved = solve(rules, Shoe.decks(6))
    assert solved.pure_strategies == (1, 22 * 11)  # 22 of the 44 compositions total 3 to 6
    _proved(solved)
    # the cells the regle fixes are played as the model game plays them at six decks: the same solution
    assert solved.equilibria[0].player_payoff == solve(CHEMIN, Shoe.decks(6)).equilibria[0].player_payoff


# ------------------------------------------------------------------ brute force over every pure strategy

TINY = ("A", "2", "3", "4", "5", "5", "6", "K", "9")
"""A nine-card shoe: 60,480 ordered dealings, every pure strategy of the small game played on each."""
FREE = ((3, 8), (5, 4), (6, None))
"""The small game's free Banker cells, as chemin-small.toml frees them: (his total, the Player's third or stood)."""


@cache
def _table() -> dict[tuple[bool, tuple[bool, ...]], Counter[str]]:
    """Every pure strategy pair of the small game played on every dealing of the tiny shoe (once per run)."""
    return payoff_table(TINY, FREE)


def _matrix(commission: Fraction) -> dict[tuple[bool, tuple[bool, ...]], tuple[Fraction, Fraction]]:
    table = _table()
    out = {}
    for key, results in table.items():
        player = Fraction(results["player"] - results["banker"])
        banker = (1 - commission) * results["banker"] - results["player"]
        out[key] = (player, banker)
    return out


@pytest.mark.slow
def test_the_small_game_solves_as_a_brute_force_over_every_pure_strategy() -> None:
    shoe = Shoe.from_counts(Counter(TINY))
    matrix = _matrix(Fraction(0))
    columns = sorted({banker for _, banker in matrix})
    lines = [(matrix[(False, c)][0], matrix[(True, c)][0] - matrix[(False, c)][0]) for c in columns]
    candidates = {Fraction(0), Fraction(1)}
    for (a1, b1), (a2, b2) in combinations(lines, 2):
        if b1 != b2:
            x = Fraction(a2 - a1, b1 - b2)
            if 0 <= x <= 1:
                candidates.add(x)
    value = max(min(a + b * x for a, b in lines) for x in candidates)
    best = sorted(x for x in candidates if min(a + b * x for a, b in lines) == value)
    solved = solve(read_rules(SMALL), shoe)
    (equilibrium,) = solved.equilibria
    assert equilibrium.player_payoff == value / shoe.denominator
    assert (equilibrium.player.low[0], equilibrium.player.high[0]) == (best[0], best[-1])
    _proved(solved)


@pytest.mark.slow
def test_the_small_game_with_a_commission_has_the_brute_force_nash_equilibria() -> None:
    # Every Nash equilibrium of the 2 x 8 bimatrix game, by brute force over the Banker's pure strategies: at each p
    # his best responses are the columns on the upper envelope; (p, mix of them) is an equilibrium when the Player's
    # payoff slope can be made 0 (p inside), or kept <= 0 at p = 0, >= 0 at p = 1.
    commission = Fraction(1, 20)
    shoe = Shoe.from_counts(Counter(TINY))
    matrix = _matrix(commission)
    columns = sorted({banker for _, banker in matrix})
    banker_lines = [(matrix[(False, c)][1], matrix[(True, c)][1] - matrix[(False, c)][1]) for c in columns]
    player_slopes = [matrix[(True, c)][0] - matrix[(False, c)][0] for c in columns]
    candidates = {Fraction(0), Fraction(1)}
    for (a1, b1), (a2, b2) in combinations(banker_lines, 2):
        if b1 != b2:
            x = Fraction(a2 - a1, b1 - b2)
            if 0 < x < 1:
                candidates.add(x)
    found = []
    for x in sorted(candidates):
        top = max(a + b * x for a, b in banker_lines)
        best = [n for n, (a, b) in enumerate(banker_lines) if a + b * x == top]
        slopes = [player_slopes[n] for n in best]
        if (
            (x == 0 and min(slopes) <= 0)
            or (x == 1 and max(slopes) >= 0)
            or (0 < x < 1 and min(slopes) <= 0 <= max(slopes))
        ):
            found.append(x)
    solved = solve(read_rules(SMALL), shoe, commission=commission)
    assert sorted(e.player.point[0] for e in solved.equilibria) == found
    _proved(solved)


# ------------------------------------------------------------------ the proof catches a change


def _changed(game: ChoiceGame, index: int, action: int, moved: int) -> ChoiceGame:
    """``game`` with ``moved`` dealings of one cell's action moved from the Player's wins to the Banker's."""
    cell = game.cells[index]
    outcomes = list(cell.outcomes)
    win, tie, loss = outcomes[action]
    outcomes[action] = ((win[0] - moved, *win[1:]), tie, (loss[0] + moved, *loss[1:]))
    cells = list(game.cells)
    cells[index] = replace(cell, outcomes=(outcomes[0], outcomes[1]))
    return replace(game, cells=tuple(cells))


def test_a_change_to_one_cells_counts_is_caught_by_the_proof() -> None:
    shoe = Shoe.decks(6)
    solved = solve(CHEMIN, shoe, "banker-composition")
    (equilibrium,) = solved.equilibria
    game = game_for(CHEMIN, shoe, "banker-composition")
    p, q = equilibrium.player.point, equilibrium.banker.point
    assert prove(game, Fraction(0), p, q).holds
    # One dealing of the mixed cell, when the Banker draws, turned from a Player win into a Banker win (every count
    # still adds up): drawing there now gains the Banker, so his mix is no longer a best response.
    critical = next(n for n, x in enumerate(q) if 0 < x < 1)
    proof = prove(_changed(game, critical, 1, 1), Fraction(0), p, q)
    assert not proof.holds and proof.banker_gain > 0 and proof.player_gain == 0
    # A pure cell whose choice is far from even, turned the other way by a large change: caught too.
    cell = next(n for n, x in enumerate(q) if x == 1 and game.cells[n].label == "6 (8-8) v stood")
    player_wins_if_standing = game.cells[cell].outcomes[0][0][0]
    assert not prove(_changed(game, cell, 0, player_wins_if_standing), Fraction(0), p, q).holds


def test_every_cell_where_both_choices_are_optimal_is_reported() -> None:
    # At a depleted shoe where some compositions cannot be dealt, the Banker's cells holding them are reached by no
    # coup: both choices are optimal there, and the solution says so instead of picking one.
    shoe = Shoe.decks(1).remove(("5",) * 4)
    solved = solve(CHEMIN, shoe, "banker-composition")
    (equilibrium,) = solved.equilibria
    either = [p for p in equilibrium.banker_plays if p.play == EITHER]
    assert either and all(p.reach == 0 for p in either)
    with_a_five = {p.label for p in equilibrium.banker_plays if p.composition and 5 in p.composition}
    assert with_a_five and with_a_five <= {p.label for p in either}
    _proved(solved)
    assert [p.reach for p in equilibrium.player_plays] != [0]
