"""The counting kernel's fast paths (issue 31, item 4) held to the plain ones they replace.

:func:`analyzer.exact.multiset.numerators` takes one matrix product per size of values 3-8 for every form at once
(:class:`~analyzer.exact.multiset.BlockForms`) on falling factorials kept one row per multiset: it must equal the
forms summed term by term in Python integers, ``sum_s FA_(6-s) . (FB_s @ C_s)`` with ``FB_s`` built whole (nines
included), plus ``q2`` times the pair forms, plus the derived wagers, which is what the block-by-block products
computed before.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pytest

from analyzer.exact import multiset
from analyzer.exact.multiset import A_VALUES, B_VALUES, SIZE, falling_layers, layers
from analyzer.game.cards import VALUES
from analyzer.game.rulefile import read_rules


def _falling(counts: list[int], multiset_: tuple[int, ...]) -> int:
    return math.prod(math.perm(n, k) if n >= k else 0 for n, k in zip(counts, multiset_))


def test_falling_layers_hold_each_multisets_falling_factorial_one_row_per_multiset_in_layers_order() -> None:
    rng = np.random.default_rng(31)
    counts = rng.integers(0, 9, size=(4, 17))  # counts below the multiplicities too: (n)_k = 0 when k > n
    counts[:, 0] = [0, 1, 2, 7]
    built = falling_layers(list(counts), top=SIZE)
    for t, layer in enumerate(layers(len(counts))):
        assert built[t].shape == (len(layer), counts.shape[1])
        for i, multiset_ in enumerate(layer):
            assert built[t][i].tolist() == [_falling(list(shoe), multiset_) for shoe in counts.T]


def test_falling_layers_in_float64_are_the_integer_ones_where_they_stay_below_2_to_the_53() -> None:
    counts = np.array([[32, 31, 5, 0], [30, 32, 6, 1], [32, 32, 32, 2], [29, 1, 32, 32], [0, 32, 7, 3], [32, 2, 9, 4]])
    whole = falling_layers(list(counts))
    floated = falling_layers(list(counts.astype(np.float64)))
    assert all(np.array_equal(a, b.astype(np.int64)) for a, b in zip(whole, floated))


def _by_value(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    out = np.zeros((ranks.shape[0], 10), dtype=np.int64)
    for rank, value in enumerate(VALUES):
        out[:, value] += ranks[:, rank]
    return out


def _forms_in_python_ints(coefficients: multiset.Coefficients, n: list[int], q2: int) -> list[int]:
    """One shoe's numerators from the tables alone: every multiset's falling factorial, whole, in Python ints."""
    a_layers, b_layers = layers(len(A_VALUES)), layers(len(B_VALUES))
    a_counts, b_counts = [n[v] for v in A_VALUES], [n[v] for v in B_VALUES]
    pair_counts = [n[0] - 2] + a_counts[1:]
    count, paired = len(coefficients.computed), len(coefficients.pair_wagers)
    total = [0] * count
    for s in range(SIZE + 1):
        fb = [_falling(b_counts, b) for b in b_layers[s]]
        table = coefficients.plain[s].reshape(len(b_layers[s]), len(a_layers[SIZE - s]), count)
        for a_index, a in enumerate(a_layers[SIZE - s]):
            fa = _falling(a_counts, a)
            for w in range(count):
                total[w] += fa * sum(f * int(c) for f, c in zip(fb, table[:, a_index, w]))
    for s in range(SIZE - 1):
        fb = [_falling(b_counts, b) for b in b_layers[s]]
        table = coefficients.pair[s].reshape(len(b_layers[s]), len(a_layers[SIZE - 2 - s]), paired)
        for a_index, a in enumerate(a_layers[SIZE - 2 - s]):
            fa = _falling(pair_counts, a) if pair_counts[0] >= 0 else 0
            for k, w in enumerate(coefficients.pair_wagers):
                total[coefficients.computed.index(w)] += (
                    q2 * fa * sum(f * int(c) for f, c in zip(fb, table[:, a_index, k]))
                )
    out = [0] * len(coefficients.wagers)
    for i, w in enumerate(coefficients.computed):
        out[w] = total[i]
    dealings = math.perm(sum(n), SIZE)
    for d in coefficients.derived:
        combined = d.constant * dealings + sum(k * total[i] for i, k in enumerate(d.weights))
        assert combined % d.divisor == 0
        out[d.wager] = combined // d.divisor
    return out


SHOES = [
    [32] * 9 + [32] * 4,  # 8 decks, whole
    [3, 0, 1, 0, 2, 0, 0, 1, 0, 1, 0, 0, 0],  # 8 cards, odd ranks missing
    [0] * 9 + [2, 1, 0, 4],  # tens only, pairs of one rank
    [1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 7],  # 50 cards, odd counts
    [29, 31, 12, 30, 7, 32, 25, 18, 32, 9, 30, 31, 2],
]


@pytest.mark.parametrize(
    ("rules_name", "wagers"),
    [
        ("live-pittsburgh", ("player", "banker", "tie", "player-pair", "banker-pair", "dragon-bonus-player")),
        ("live-pittsburgh", ("dragon-bonus-banker",)),
        ("punto-banco", ("banker-pair", "tie")),
    ],
)
def test_the_kernel_equals_its_forms_summed_in_python_integers(rules_name: str, wagers: tuple[str, ...]) -> None:
    coefficients = multiset.coefficients(read_rules(rules_name), wagers)
    ranks = np.array(SHOES, dtype=np.int64)
    n = _by_value(ranks)
    tens = ranks[:, 9:]
    q2 = (tens * (tens - 1)).sum(axis=1)
    expected = [_forms_in_python_ints(coefficients, row.tolist(), int(q)) for row, q in zip(n, q2)]
    largest_b = int(n[:, list(B_VALUES)].sum(axis=1).max())
    assert multiset.fits_float64(coefficients, largest_b)
    for floating in (True, False):
        assert multiset.numerators(coefficients, n, q2, floating=floating).tolist() == expected


def test_the_block_forms_hold_every_row_of_every_form_once() -> None:
    coefficients = multiset.coefficients(
        read_rules("live-pittsburgh"), ("player", "player-pair", "dragon-bonus-banker")
    )
    sizes = [len(layer) for layer in layers(len(B_VALUES) - 1)]
    seen: dict[tuple[bool, int], list[int]] = {}
    for t, block in enumerate(coefficients.blocks):
        assert block.matrix.shape[1] == sizes[t] and np.array_equal(block.floats, block.matrix)
        for paired, s, j, first, end in block.parts:
            assert s - j == t
            form = (coefficients.pair if paired else coefficients.plain)[s]
            row = sum(sizes[s - i] for i in range(j))
            assert np.array_equal(block.matrix[first:end], form[row : row + sizes[t]].T)
            seen.setdefault((paired, s), []).append(j)
    assert {key: sorted(nines) for key, nines in seen.items()} == {
        **{(False, s): list(range(s + 1)) for s in range(SIZE + 1)},
        **{(True, s): list(range(s + 1)) for s in range(SIZE - 1)},
    }


def test_the_float_kernel_is_refused_where_a_falling_factorial_of_values_3_to_8_passes_2_to_the_53() -> None:
    coefficients = multiset.coefficients(read_rules("live-pittsburgh"), ("dragon-bonus-banker",))
    assert multiset.fits_float64(coefficients, 224)
    largest = next(b for b in range(224, 10_000) if math.perm(b, SIZE) >= multiset.FLOAT64_EXACT)
    assert not multiset.fits_float64(coefficients, largest)


@pytest.mark.parametrize(
    "cards",
    [
        ["K", "K", "Q", "5", "5", "A", "9"],  # 7 cards: a same-rank pair of tens beside another ten, a pair of fives
        ["T", "J", "J", "3", "3", "7", "8", "9"],  # 8 cards
        ["A", "2", "3", "4", "6", "7", "9", "Q", "K"],  # 9 cards, no pair at all
    ],
)
def test_the_kernel_gives_a_small_shoe_the_pays_of_every_ordered_dealing_of_its_cards(cards: list[str]) -> None:
    """Brute force (tests/brute_force.py: the documents' drawing and pays as plain ``if`` statements, every ordered
    six-card sequence of the physical cards) against the batch kernel's exact expected values."""
    from fractions import Fraction

    from analyzer.exact import batch
    from analyzer.game.cards import RANKS

    from .brute_force import STANDARD, brute_force, net

    rules = read_rules("live-pittsburgh")
    wagers = ["player", "banker", "tie", "player-pair", "banker-pair", "dragon-bonus-player", "dragon-bonus-banker"]
    counts = np.array([[cards.count(rank) for rank in RANKS]], dtype=np.int64)
    assert batch._multiset_path(rules, tuple(wagers), counts, len(cards)) is not None  # the kernel, not the sums
    values = batch.expected_values(rules, wagers, counts)
    states = brute_force(cards, STANDARD)
    dealings = math.perm(len(cards), SIZE)
    for j, wager in enumerate(wagers):
        total = sum(n * net("live-pittsburgh", wager, state) for state, n in states.items())  # type: ignore[misc]
        assert values.expected_value(0, j) == Fraction(total, dealings), wager
