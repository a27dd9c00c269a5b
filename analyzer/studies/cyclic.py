"""Block cyclic reduction: a block-tridiagonal system whose blocks are the same on every row but the last, solved in
a number of steps that grows with the logarithm of its rows (what :mod:`.ruin` solves its bankroll grids with).

The system
    ``m`` rows of ``s``-vectors: ``C x[i-1] + A x[i] + B x[i+1] = y[i]`` (no ``x[-1]``, no ``x[m]``), except that
    the last row reads ``LS x[m-2] + L x[m-1] = y[m-1]``. A banded Toeplitz matrix cut into blocks as tall as its
    band is wide is such a system: every block on, above and below the diagonal is the same; the last differs only
    where the grid was padded to whole blocks.

Reduction
    Every other row (the first, the third, ...) is eliminated from its neighbours: what is left is again such a
    system, of ``m // 2`` rows, with blocks ``A - C A^-1 B - B A^-1 C`` on the diagonal, ``-B A^-1 B`` above and
    ``-C A^-1 C`` below, its last row worked out from the old last row's blocks. Each step is two ``s x s``
    inverses and a dozen products, whatever ``m``; the right-hand sides of a step are one matrix product over all
    its rows. Down to one row, then back up: the eliminated rows from the rows kept, again one product a step. So
    ``log2 m`` steps of BLAS's work where block elimination takes ``m`` steps of the interpreter's.

What is guaranteed
    Nothing about rounding is claimed here: the reduction is Gaussian elimination of the rows in odd-even order
    (without pivoting), which is stable for the M-matrices :mod:`.ruin` solves (every reduced system is a Schur
    complement of one, and so an M-matrix itself), and :mod:`.ruin` bounds the error of what it returns after the
    fact, from its residual. A singular block raises :class:`numpy.linalg.LinAlgError`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

_Floats = npt.NDArray[np.float64]


def _inverse(block: _Floats) -> _Floats:
    """``block^-1`` (LAPACK's, through numpy); a singular block raises :class:`numpy.linalg.LinAlgError`."""
    return np.asarray(np.linalg.inv(block), dtype=np.float64)


@dataclass(frozen=True, slots=True)
class BlockRows:
    """The system's blocks (module notes): ``diagonal``, ``above`` and ``below`` on every row but the last, whose
    blocks are ``last`` on the diagonal and ``last_below`` below it; all ``s x s``."""

    diagonal: _Floats
    above: _Floats
    below: _Floats
    last: _Floats
    last_below: _Floats

    def reduced(self, rows: int, inverse: _Floats, last_inverse: _Floats) -> BlockRows:
        """The blocks of the system left when the first, third, ... of ``rows`` rows are eliminated, given the
        inverses of :attr:`diagonal` and :attr:`last`."""
        a, b, c = self.diagonal, self.above, self.below
        inverse_above, inverse_below = inverse @ b, inverse @ c
        diagonal = a - c @ inverse_above - b @ inverse_below
        below = -c @ inverse_below
        if rows % 2:  # the old last row is eliminated: the new last row is an ordinary one beside it
            last = a - c @ inverse_above - b @ (last_inverse @ self.last_below)
            last_below = below
        else:  # the old last row is kept, its ordinary neighbour below it eliminated
            last = self.last - self.last_below @ inverse_above
            last_below = -self.last_below @ inverse_below
        return BlockRows(diagonal, -b @ inverse_above, below, last, last_below)


def solve(blocks: BlockRows, y: _Floats) -> _Floats:
    """``x`` (shape ``(m, s)``) of the system (module notes) for right-hand sides ``y`` (shape ``(m, s)``)."""
    steps: list[tuple[BlockRows, _Floats, _Floats, _Floats]] = []
    while len(y) > 1:
        rows = len(y)
        inverse, last_inverse = _inverse(blocks.diagonal), _inverse(blocks.last)
        eliminated, kept = y[0::2], y[1::2]
        solved = eliminated @ inverse.T  # each eliminated row's own block undone
        if rows % 2:
            solved[-1] = last_inverse @ eliminated[-1]
        reduced = kept - solved[: len(kept)] @ blocks.below.T
        if not rows % 2:
            reduced[-1] = kept[-1] - blocks.last_below @ solved[-1]
        right = solved[1 : len(kept) + 1]
        reduced[: len(right)] -= right @ blocks.above.T
        steps.append((blocks, inverse, last_inverse, y))
        blocks, y = blocks.reduced(rows, inverse, last_inverse), reduced
    x: _Floats = (_inverse(blocks.last) @ y[0])[None, :]
    for blocks, inverse, last_inverse, y in reversed(steps):
        rows, done = len(y), len(x)
        right_sides = y[0::2].copy()
        right_sides[1:] -= x[: len(right_sides) - 1] @ blocks.below.T
        if rows % 2:  # the last row eliminated: its block below is its own
            right_sides[-1] = y[rows - 1] - blocks.last_below @ x[done - 1]
        right_sides[:done] -= x @ blocks.above.T
        found = right_sides @ inverse.T
        if rows % 2:
            found[-1] = last_inverse @ right_sides[-1]
        whole = np.empty_like(y)
        whole[0::2], whole[1::2] = found, x
        x = whole
    return x
