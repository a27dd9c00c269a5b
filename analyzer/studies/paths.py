"""Bankroll paths from a counting study: the quantiles of the cumulative result against the rounds played.

The study's shoes, in shoe order, are split into ``paths`` runs of the same number of consecutive shoes
(``shoes // paths`` each; the shoes left over are not used): each run is one player's bankroll path, the
shoes played one after another. Every round's net result is exact (an integer over the column's scale),
and so is each path's cumulative result after each round; the paths are compared over the rounds the
shortest of them dealt (shoes deal different numbers of rounds). At each of up to ``points`` round counts,
evenly spread from 0 to that length, the 5%, 25%, 50%, 75% and 95% quantiles across the paths are floats
(``numpy.quantile``'s linear interpolation between order statistics): statistics of a sample, printed and
drawn. Beside them, exactly: the units expected after n rounds (the study's exact expected units per round,
times n), and, for a bankroll, how many paths lost it (their cumulative result reached minus the bankroll)
within those rounds, and the chance of that within as many rounds by the exact law of a round's result
(:mod:`.trip`, with its bound), where the column has one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..errors import InputError
from .ruin import Bounded
from .tally import Tally
from .trip import MOST_WORK, trip, trip_work

LEVELS: tuple[int, ...] = (5, 25, 50, 75, 95)
"""The quantiles drawn, in percent."""
POINTS = 200
"""Round counts at which the quantiles are taken (the plot's resolution)."""
DEFAULT_PATHS = 100


@dataclass(frozen=True, slots=True)
class Paths:
    """The quantiles of the cumulative result of one column (a wager, or the total) over ``paths`` bankroll paths."""

    column: str
    paths: int
    shoes_per_path: int
    length: int
    """Rounds compared: those of the shortest path."""
    rounds: tuple[int, ...]
    """The round counts the quantiles are taken at, 0 first, ``length`` last."""
    quantiles: tuple[tuple[float, ...], ...]
    """Per level of :data:`LEVELS`, the quantile at each of ``rounds`` (units)."""
    expected_per_round: Fraction
    """The study's exact units expected per round dealt (the line the paths drift along)."""
    bankroll: Fraction | None = None
    ruined: int | None = None
    """With a bankroll: the paths whose cumulative result reached ``-bankroll`` within ``length`` rounds."""
    ruin: Bounded | None = None
    """With a bankroll: the chance of reaching it within ``length`` rounds, by the exact law of a round's result."""

    def __post_init__(self) -> None:
        if len(self.quantiles) != len(LEVELS) or any(len(q) != len(self.rounds) for q in self.quantiles):
            raise ValueError("Paths needs one quantile per level at each round count.")


def check_paths(paths: int, shoes: int) -> None:
    """Refuse a number of paths the study cannot fill (every path needs a shoe at least)."""
    if not 2 <= paths <= shoes:
        raise InputError(
            f"--paths must be from 2 to the shoes dealt ({shoes:,}), got {paths:,}: each path is "
            "a run of the study's shoes."
        )


def bankroll_paths(
    tally: Tally, j: int, paths: int = DEFAULT_PATHS, bankroll: Fraction | None = None, points: int = POINTS
) -> Paths:
    """The quantiles of column ``j``'s cumulative result over ``paths`` runs of consecutive shoes (module notes).

    Needs a tally run with ``keep_shoes`` and ``keep_rounds`` (:func:`analyzer.studies.counting.run`).
    """
    assert tally.shoes is not None and tally.nets is not None, "the study was run without keep_shoes and keep_rounds"
    check_paths(paths, tally.shoe_count)
    scale = tally.scale(j)
    nets = np.concatenate([chunk[:, j] for chunk in tally.nets])
    ends = np.cumsum([0] + [row[0].rounds for row in tally.shoes])  # where each shoe's rounds start and end
    per = tally.shoe_count // paths
    bounds = [(int(ends[p * per]), int(ends[(p + 1) * per])) for p in range(paths)]
    length = min(b - a for a, b in bounds)
    cumulative = np.stack([np.cumsum(nets[a : a + length]) for a, _ in bounds])  # exact: integers over the scale
    rounds = np.unique(np.linspace(0, length, min(points, length + 1)).round().astype(np.int64))
    at = np.concatenate([np.zeros((paths, 1), dtype=np.int64), cumulative], axis=1)[:, rounds] / scale
    found = np.quantile(at, [level / 100 for level in LEVELS], axis=0)
    ruined = ruin = None
    if bankroll is not None:  # exactly: the lowest point of a path, an integer over the scale, against -bankroll
        ruined = sum(1 for low in cumulative.min(axis=1).tolist() if Fraction(low, scale) <= -bankroll)
        law = tally.round_law(j)
        if law is not None and trip_work(law, length) <= MOST_WORK:
            ruin = trip(law, length, math.ceil(bankroll * law.scale)).ruined
    name = tally.study.names[j] if j < len(tally.study.names) else "total"
    return Paths(
        column=name,
        paths=paths,
        shoes_per_path=per,
        length=length,
        rounds=tuple(rounds.tolist()),
        quantiles=tuple(tuple(float(v) for v in row) for row in found),
        expected_per_round=tally.expected(j) / tally.line(j).rounds,
        bankroll=bankroll,
        ruined=ruined,
        ruin=ruin,
    )
