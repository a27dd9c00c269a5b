"""The table of a game with choices: the numpy kernel held to plain loops, to the Python-integer path, to the cards.

:mod:`analyzer.exact.cells` counts, for every pair of two-card compositions, Player state and Banker action, the
dealings by result; :mod:`analyzer.exact.cellsref` counts the same with plain loops; the brute force of
:mod:`tests.brute_force_choices` deals actual cards. The counts of any strategy add up to every dealing.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from analyzer.exact.cellgame import choice_game
from analyzer.exact.cells import (
    COMPOSITIONS,
    NATURAL_COMPOSITIONS,
    _counts,
    by_value,
    cell_counts,
    counts_with_replacement,
    fits_int64,
)
from analyzer.exact.cellsref import reference_counts
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .brute_force_choices import payoff_table

SHOES = {
    "one deck": Shoe.decks(1),
    "one deck less 5 5 K A 9 (an odd shoe)": Shoe.decks(1).remove(("5", "5", "K", "A", "9")),
    "six decks less four tens": Shoe.decks(6).remove(("T", "J", "Q", "K")),
}
QUICK = "one deck less 5 5 K A 9 (an odd shoe)"


def _shoes() -> list[object]:
    return [name if name == QUICK else pytest.param(name, marks=pytest.mark.slow) for name in SHOES]


def test_there_are_44_compositions_that_are_not_naturals_and_11_that_are() -> None:
    assert len(COMPOSITIONS) == 44 and len(NATURAL_COMPOSITIONS) == 11
    assert len(set(COMPOSITIONS) | set(NATURAL_COMPOSITIONS)) == 55


@pytest.mark.parametrize("name", _shoes())
def test_the_kernel_counts_what_plain_loops_count(name: str) -> None:
    shoe = SHOES[name]
    table = cell_counts(shoe)
    entries, naturals = reference_counts(shoe)
    full = np.zeros(table.counts.shape, dtype=object)
    for key, n in entries.items():
        full[key] = n
    assert np.array_equal(full, table.counts.astype(object)) and naturals == table.naturals


def test_the_python_integer_path_counts_what_int64_counts() -> None:
    shoe = Shoe.decks(2).remove(("3", "3"))
    fast = cell_counts(shoe)
    slow = _counts(by_value(shoe), replacement=False, force_python=True)
    assert fast.exact_path == "int64" and slow.exact_path == "python"
    assert np.array_equal(slow.counts, fast.counts.astype(object)) and slow.naturals == fast.naturals


def test_int64_is_used_only_where_every_count_fits() -> None:
    assert fits_int64(Shoe.decks(27).size) and not fits_int64(Shoe.decks(28).size)
    assert cell_counts(Shoe.decks(28)).exact_path == "python"


@pytest.mark.parametrize("name", SHOES)
def test_every_strategys_dealings_add_up_to_all_dealings(name: str) -> None:
    table = cell_counts(SHOES[name])
    assert sum(table.naturals) + int(table.counts[:, :, 0, 0, :].sum()) == table.dealings
    for a in (0, 1):  # the Player drawing everywhere, the Banker always doing a
        assert sum(table.naturals) + int(table.counts[:, :, 1:, a, :].sum()) == table.dealings


def test_with_replacement_the_dealings_are_13_to_the_6() -> None:
    table = counts_with_replacement()
    assert table.dealings == 13**6
    assert sum(table.naturals) + int(table.counts[:, :, 0, 0, :].sum()) == 13**6


@pytest.mark.parametrize("model", ["totals", "banker-composition", "both-compositions"])
def test_the_game_counts_add_up_for_every_information_model(model: str) -> None:
    choice_game(cell_counts(Shoe.decks(6)), read_rules("chemin-de-fer"), model).check()


@pytest.mark.slow
def test_the_small_games_counts_are_what_dealing_the_cards_gives() -> None:
    # Every pure strategy pair of the small game (chemin-small.toml), played on every ordered dealing of a
    # nine-card shoe by hand, against the game's counts.
    from pathlib import Path

    ranks = ("A", "2", "3", "4", "5", "5", "6", "K", "9")
    free = ((3, 8), (5, 4), (6, None))
    shoe = Shoe.from_counts(Counter(ranks))
    game = choice_game(cell_counts(shoe), read_rules(str(Path(__file__).parent / "rulefiles" / "chemin-small.toml")))
    labels = [c.label for c in game.cells]
    assert labels == ["3 v drew 8", "5 v drew 4", "6 v stood"]
    order = [labels.index(f"{t} v {'stood' if s is None else f'drew {s}'}") for t, s in free]
    for (five, banker), results in payoff_table(ranks, free).items():
        total = [0, 0, 0]
        for r in range(3):
            value = game.fixed[r][0] + game.fixed[r][1] * int(five)
            for n, cell in enumerate(game.cells):
                action = int(banker[order.index(n)])
                value += cell.outcomes[action][r][0] + cell.outcomes[action][r][1] * int(five)
            total[r] = value
        assert total == [results["player"], results["tie"], results["banker"]]
