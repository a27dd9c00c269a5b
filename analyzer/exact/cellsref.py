"""The table of :mod:`analyzer.exact.cells`, counted with plain loops: the readable reference and the baseline.

Every ordered dealing of four values (P1 B1 P2 B2) is weighed by the falling factorials of the shoe's counts,
then every third card of the Player and of the Banker is dealt from what is left, exactly as the module
docstring of :mod:`analyzer.exact.cells` describes, one Python integer at a time. The tests hold
:func:`~analyzer.exact.cells.cell_counts` equal to it entry by entry, and it to a brute force over the cards of
small shoes; ``benchmarks/equilibrium.py`` measures the numpy table against it.
"""

from __future__ import annotations

from ..game.shoe import Shoe
from ..game.state import NATURALS
from .cells import COMPOSITIONS, DRAW, STAND, STATES, VALUE_COUNT, by_value

Table = dict[tuple[int, int, int, int, int], int]
"""(i, j, s, a, r) -> dealings, as :attr:`analyzer.exact.cells.CellCounts.counts` indexes them."""


def _result(player: int, banker: int) -> int:
    return 0 if player > banker else 2 if banker > player else 1


def reference_counts(shoe: Shoe) -> tuple[Table, tuple[int, int, int]]:
    """Every entry of the table of ``shoe`` (zeros left out), and the dealings with a natural by result."""
    counts = list(by_value(shoe))
    index = {c: i for i, c in enumerate(COMPOSITIONS)}
    table: Table = {}
    naturals = [0, 0, 0]
    left = sum(counts) - 4
    for p1 in range(VALUE_COUNT):
        w1 = counts[p1]
        if not w1:
            continue
        counts[p1] -= 1
        for b1 in range(VALUE_COUNT):
            w2 = w1 * counts[b1]
            if not w2:
                continue
            counts[b1] -= 1
            for p2 in range(VALUE_COUNT):
                w3 = w2 * counts[p2]
                if not w3:
                    continue
                counts[p2] -= 1
                for b2 in range(VALUE_COUNT):
                    weight = w3 * counts[b2]
                    if not weight:
                        continue
                    counts[b2] -= 1
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if player in NATURALS or banker in NATURALS:
                        naturals[_result(player, banker)] += weight * left * (left - 1)
                    else:
                        i = index[(min(p1, p2), max(p1, p2))]
                        j = index[(min(b1, b2), max(b1, b2))]
                        _third_cards(table, counts, weight, left, i, j, player, banker)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    return table, (naturals[0], naturals[1], naturals[2])


def _add(table: Table, key: tuple[int, int, int, int, int], n: int) -> None:
    if n:
        table[key] = table.get(key, 0) + n


def _third_cards(table: Table, counts: list[int], weight: int, left: int, i: int, j: int, p: int, b: int) -> None:
    """The Player's and the Banker's third cards after composition ``i`` against ``j`` (totals ``p``, ``b``)."""
    _add(table, (i, j, 0, STAND, _result(p, b)), weight * left * (left - 1))
    for w in range(VALUE_COUNT):
        _add(table, (i, j, 0, DRAW, _result(p, (b + w) % 10)), weight * counts[w] * (left - 1))
    for v in range(VALUE_COUNT):
        if not counts[v]:
            continue
        drawn = (p + v) % 10
        _add(table, (i, j, 1 + v, STAND, _result(drawn, b)), weight * counts[v] * (left - 1))
        counts[v] -= 1
        for w in range(VALUE_COUNT):
            _add(table, (i, j, 1 + v, DRAW, _result(drawn, (b + w) % 10)), weight * (counts[v] + 1) * counts[w])
        counts[v] += 1
    assert STATES == 1 + VALUE_COUNT
