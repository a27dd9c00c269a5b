"""A naive reference for games with choices: every ordered dealing of actual cards, played out by hand.

Nothing here uses :mod:`analyzer.exact`: each ordered sequence of six cards of a small shoe is dealt in the
physical order (P B P B, the Player's third card, then the Banker's, the next card in the shoe), the Player
drawing at 0-4, standing at 6-7 and at 5 as told, the Banker in every cell as told, and the coup settled by
comparing totals. A pure strategy pair is a Player action at 5 and a Banker action per free cell (the totals
model: his total against the Player's state); :func:`payoff_table` counts, for each, the dealings won by each
side, so a matrix game over every pure strategy can be built and solved by brute force.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations, product

from tests.brute_force import banker_draws, value

Cell = tuple[int, int | None]
"""(the Banker's total, the Player's third card or None when he stood)."""


def payoff_table(ranks: Sequence[str], free: Sequence[Cell]) -> dict[tuple[bool, tuple[bool, ...]], Counter[str]]:
    """For each pure strategy pair (the Player draws at 5?, the Banker draws in each free cell?), the dealings by
    result: "player", "tie", "banker". Cells not free follow 001's chart (the punto-banco tableau)."""
    outcomes: dict[tuple[bool, tuple[bool, ...]], Counter[str]] = {}
    plays = list(product((False, True), repeat=len(free)))
    for player_five in (False, True):
        for banker in plays:
            outcomes[(player_five, banker)] = Counter()
    index = {cell: n for n, cell in enumerate(free)}
    for dealt in permutations(range(len(ranks)), 6):
        cards = [value(ranks[i]) for i in dealt]
        p, b = (cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10
        for player_five in (False, True):
            for banker in plays:
                outcomes[(player_five, banker)][_play(cards, p, b, player_five, banker, index)] += 1
    return outcomes


def _play(cards: list[int], p: int, b: int, player_five: bool, banker: tuple[bool, ...], index: dict[Cell, int]) -> str:
    if p >= 8 or b >= 8:
        return _result(p, b)
    draws = p <= 4 or (p == 5 and player_five)
    third = cards[4] if draws else None
    if draws:
        p = (p + cards[4]) % 10
    cell = (b, third)
    banker_draw = banker[index[cell]] if cell in index else banker_draws("standard", b, third)
    if banker_draw:
        b = (b + cards[5 if draws else 4]) % 10
    return _result(p, b)


def _result(p: int, b: int) -> str:
    return "player" if p > b else "banker" if b > p else "tie"
