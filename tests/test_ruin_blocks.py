"""The block cyclic reduction of :mod:`analyzer.studies.ruin` in floats (``_solve_floats``, what ``count`` and
``risk`` run), held to the plain banded elimination (``_solve``, which the exact Fraction path runs) within rounding,
and to the exact figures within the a posteriori bound every float figure carries: blocks of every size the band
allows, grids shorter than a block and padded to whole blocks, laws that only win or only lose; and the reduction
itself (:mod:`analyzer.studies.cyclic`) held to a dense solve for every count of rows up to 70, odd and even at
every step."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from analyzer.studies import cyclic, ruin
from analyzer.studies.netlaw import NetLaw


def _law(rng: np.random.Generator, low: int, length: int) -> npt.NDArray[np.float64]:
    """A step law over ``low .. low + length - 1`` cells with some exact zeros and a little mass missing."""
    p = rng.random(length)
    p[rng.random(length) < 0.3] = 0.0
    return p / max(float(p.sum()), 1e-9) * 0.999


@pytest.mark.parametrize("least", [1, 2, 3, 7, 32])
def test_the_block_solve_is_the_plain_elimination_within_rounding(monkeypatch: pytest.MonkeyPatch, least: int) -> None:
    """Laws that lose and win (and ones that only win or only lose), grids shorter and longer than a block, the
    last block padded or whole: every figure the plain elimination's to 1e-13."""
    monkeypatch.setattr(ruin, "LEAST_BLOCK", least)
    rng = np.random.default_rng(31 + least)
    for _ in range(80):
        low, length, n = int(rng.integers(-9, 4)), int(rng.integers(1, 14)), int(rng.integers(1, 60))
        p = _law(rng, low, length)
        plain = ruin._solve(p, low, n, 0.0, 1.0).astype(np.float64)
        blocks = ruin._solve_floats(p, low, n)
        assert blocks.shape == plain.shape
        assert np.max(np.abs(blocks - plain)) < 1e-13, (low, length, n)


def test_a_sparse_wide_law_over_many_blocks_is_the_plain_elimination(monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps of -20, 0 and +19 cells (a round of Banker in twentieths, as ``count`` solves it) over 1,000 cells:
    blocks of 20 rows, the seams between them and a padded last block (1,000 = 50 blocks of 20; 999 pads one)."""
    monkeypatch.setattr(ruin, "LEAST_BLOCK", 1)
    p = np.zeros(40)
    p[0], p[20], p[39] = 0.45, 0.1, 0.45
    for n in (1000, 999, 19, 0):
        plain = ruin._solve(p, -20, n, 0.0, 1.0).astype(np.float64)
        found = ruin._solve_floats(p, -20, n)
        assert found.shape == (n,)
        assert n == 0 or np.max(np.abs(found - plain)) < 1e-13


def test_the_float_curve_holds_the_exact_one_within_its_bound() -> None:
    """A law in thirds of a unit (-6 to +5 cells, exact Fractions) before a goal of 150 cells: the exact curve (the
    plain elimination in Fractions) lies within the float curve's a posteriori bound at every bankroll, and the
    bound is small (the figures are good to 1e-10)."""
    weights = [3, 0, 1, 2, 0, 5, 7, 2, 0, 4, 1, 3]
    law = NetLaw.of_weights({cells: w for cells, w in zip(range(-6, 6), weights) if w}, scale=3)
    floats = ruin.before_goal(law, 150)
    fractions = ruin.before_goal(law, 150, exact=True)
    assert fractions.exact is not None and 0 < floats.error < 1e-10
    for cells, value in enumerate(fractions.exact):
        assert floats.at(cells).low <= value <= floats.at(cells).high, cells


def test_a_walk_that_never_leaves_is_given_to_the_plain_elimination() -> None:
    """A law that never moves makes ``I - Q`` singular: the block solve hands it to the plain elimination, which
    answers as it always did."""
    p = np.array([1.0])
    with np.errstate(divide="ignore", invalid="ignore"):
        plain = ruin._solve(p, 0, 5, 0.0, 1.0).astype(np.float64)
        found = ruin._solve_floats(p, 0, 5)
    assert np.array_equal(found, plain, equal_nan=True)


@pytest.mark.parametrize("size", [1, 3])
def test_cyclic_reduction_is_a_dense_solve_for_every_count_of_rows(size: int) -> None:
    """Random diagonally dominant blocks, a last row of its own: 1 to 70 rows (each count's halvings odd and even in
    every order), the solution the dense matrix's to 1e-12."""
    rng = np.random.default_rng(7 + size)

    def some() -> npt.NDArray[np.float64]:
        return rng.random((size, size)) - 0.5

    for rows in range(1, 71):
        diagonal = some() + np.eye(size) * 3 * size
        blocks = cyclic.BlockRows(
            diagonal=diagonal, above=some(), below=some(), last=some() + np.eye(size) * 3 * size, last_below=some()
        )
        dense = np.zeros((rows * size, rows * size))
        for i in range(rows):
            here = slice(i * size, (i + 1) * size)
            dense[here, here] = blocks.last if i == rows - 1 else blocks.diagonal
            if i + 1 < rows:
                dense[here, (i + 1) * size : (i + 2) * size] = blocks.above
            if i:
                dense[here, (i - 1) * size : i * size] = blocks.last_below if i == rows - 1 else blocks.below
        y = rng.random((rows, size))
        found = cyclic.solve(blocks, y)
        assert found.shape == (rows, size)
        assert np.max(np.abs(found.reshape(-1) - np.linalg.solve(dense, y.reshape(-1)))) < 1e-12, rows
