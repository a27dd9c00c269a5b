"""Chemin de fer through dealt shoes: solved before every coup, played at its equilibrium, reproducible by seed."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from analyzer.exact.cells import cell_counts
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.equilibrium import solve_table
from analyzer.studies.equilibrium_shoes import ShoesTask, _play_coup, deal_shoe, shoes_study
from analyzer.studies.plan import Procedure

CHEMIN = read_rules("chemin-de-fer")


@pytest.mark.slow
def test_a_dealt_shoe_is_solved_before_every_coup_and_reproduced_by_its_seed() -> None:
    task = ShoesTask(CHEMIN, 1, "totals", None, Procedure(), seed=3, index=0)
    coups = deal_shoe(task)
    assert coups == deal_shoe(task)  # the seed decides every card and every mixed choice
    assert len(coups) >= 4 and all(a.unseen > b.unseen for a, b in pairwise(coups))
    # the first coup comes after the shown card and its burn (at least two cards); without a commission the
    # Banker's value is minus the Player's
    first = coups[0]
    assert first.unseen <= 52 - 2 and first.player_value == -first.banker_value


@pytest.mark.slow
def test_the_study_summarises_exactly_what_it_dealt() -> None:
    study = shoes_study(CHEMIN, 1, seed=5, decks=1, information="totals")
    assert study.count == sum(b.coups for b in study.buckets)
    assert study.player_mean == sum(c.player_value for c in study.coups) / study.count
    assert study.gain_mean >= 0 and study.favourable_share <= 1


def test_a_coup_uses_the_cards_equilibrium_play_takes() -> None:
    solved = solve_table(cell_counts(Shoe.decks(1)), CHEMIN, "", "totals")
    rng = np.random.default_rng(0)
    # P B P B, then third cards: a natural ends the coup at four cards
    assert _play_coup(solved, [9, 1, 0, 2, 5, 5], 0, rng) == 4
    # the Player 3 draws (a 4), the Banker 0 draws whatever: six cards
    assert _play_coup(solved, [1, 0, 2, 0, 4, 5], 0, rng) == 6
    # the Player 7 stands, the Banker 7 stands: four cards
    assert _play_coup(solved, [3, 3, 4, 4, 1, 1], 0, rng) == 4
    # the Player 6 stands, the Banker 2 draws: five cards
    assert _play_coup(solved, [3, 1, 3, 1, 1, 1], 0, rng) == 5
