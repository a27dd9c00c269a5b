"""The banded elimination of :mod:`analyzer.studies.ruin` in floats, in band storage a block at a time
(``_solve_floats``, what ``count`` and ``risk`` run), held bit for bit to the plain elimination that moves its
buffer at every step (``_solve``, which the exact Fraction path still runs): the same operations on the same
numbers, so the same ruin figures and the same error bounds to the last bit."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from analyzer.studies import ruin


def _law(rng: np.random.Generator, low: int, length: int) -> npt.NDArray[np.float64]:
    """A step law over ``low .. low + length - 1`` cells with some exact zeros and a little mass missing."""
    p = rng.random(length)
    p[rng.random(length) < 0.3] = 0.0
    return p / max(float(p.sum()), 1e-9) * 0.999


@pytest.mark.parametrize("block", [1, 2, 3, 7, 4096])
def test_the_band_elimination_is_the_plain_elimination_bit_for_bit(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """Laws that lose and win (and ones that only win or only lose), grids shorter and longer than a block, the top
    cutting the band: every figure the same bits."""
    monkeypatch.setattr(ruin, "BLOCK_ROWS", block)
    rng = np.random.default_rng(31 + block)
    for _ in range(60):
        low, length, n = int(rng.integers(-7, 4)), int(rng.integers(1, 12)), int(rng.integers(1, 40))
        p = _law(rng, low, length)
        plain = ruin._solve(p, low, n, 0.0, 1.0).astype(np.float64)
        band = ruin._solve_floats(p, low, n)
        assert band.tobytes() == plain.tobytes(), (low, length, n)


def test_a_sparse_wide_law_over_several_blocks_is_the_plain_elimination_bit_for_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Steps of -20, 0 and +19 cells (a round of a tie in twentieths, as ``count`` solves it) over 300 cells in
    blocks of 64 rows: the fill-in and the blocks' seams as the plain elimination has them."""
    monkeypatch.setattr(ruin, "BLOCK_ROWS", 64)
    p = np.zeros(40)
    p[0], p[20], p[39] = 0.1, 0.8, 0.0995
    plain = ruin._solve(p, -20, 300, 0.0, 1.0).astype(np.float64)
    assert ruin._solve_floats(p, -20, 300).tobytes() == plain.tobytes()
    assert ruin._solve_floats(p, -20, 0).shape == (0,)
