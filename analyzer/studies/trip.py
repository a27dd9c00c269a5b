"""A trip of a given number of steps (rounds, or shoes), exactly: the chance of ruin within it, of reaching a goal
within it, and of being behind at its end, by a forward dynamic program over the bankroll in cells (:mod:`.netlaw`).

The program carries the probability of every bankroll not yet ruined (nor at the goal) from step to step: each
step convolves it with the step's law, adds what reaches 0 or below to the ruined and what reaches the goal to
the goal's, and keeps the rest. Without a bankroll the walk is free (nothing is ruined) and only the chance of
being behind at the end is asked. *Behind* at the end: below the starting bankroll (a ruined bankroll is behind;
one at the goal is not).

Exact shortcuts, which lose nothing: with no goal, a bankroll at least ``down * k`` cells above the start with
``k`` steps to go can be neither ruined nor behind (a step loses at most ``down``), so it leaves the program as
*ahead*; in a free walk a place at least ``up * k`` below the start is behind for certain.

What is dropped: cells at the edges of the carried range whose probabilities add up to at most
:data:`STEP_BUDGET` in a step (a far tail), counted, and the law's own missing mass, at most ``missing`` a step.
Both go to the bound, with the rounding: every sum the program makes has non-negative terms, so each float is
within a factor ``(1 + error)(1 + gamma(2 K))`` a step of its exact value (``K`` the cells a step reaches; the law's
``error``), compounded over the steps (:func:`.netlaw.compounded`), and the sums of what is ruined, reached and
behind add their own ``gamma``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .netlaw import NetLaw, compounded, gamma
from .ruin import Bounded

STEP_BUDGET = 1e-20
"""The most probability dropped from the edges of the carried range in one step."""
MOST_WORK = 2_000_000_000
"""The most multiplications a trip may take (steps times cells carried times the law's cells): some seconds."""
EDGE = 4096
"""The cells at each end of the carried range looked at for dropping."""
SPARSE = 24
"""A law with at most this many cells above 0 is convolved by shifted sums, a denser one by numpy's convolve."""


@dataclass(frozen=True, slots=True)
class Trip:
    """What a trip of ``steps`` steps ends in: ruined within it, at the goal within it, behind at its end (each
    ``None`` when not asked: no bankroll, no goal)."""

    steps: int
    ruined: Bounded | None
    reached: Bounded | None
    behind: Bounded


def trip_work(law: NetLaw, steps: int) -> float:
    """An estimate of the multiplications a trip takes: the carried range grows like 12 standard deviations."""
    spread = 12 * math.sqrt(max(law.variance(), 0.0) * steps) * law.scale + law.up + law.down
    return float(steps * spread * min(law.terms, len(law.probabilities)))


def trip(law: NetLaw, steps: int, bankroll: int | None = None, goal: int | None = None) -> Trip:
    """A trip of ``steps`` steps from a bankroll of ``bankroll`` cells (``None``: a free walk from 0), stopping at
    ``goal`` cells above the start if given (module notes)."""
    if steps < 1:
        raise ValueError("A trip has at least one step.")
    if goal is not None and bankroll is None:
        raise ValueError("A goal needs a bankroll.")
    start = 0 if bankroll is None else bankroll
    top = None if goal is None else start + goal
    p = law.probabilities
    nonzero = np.flatnonzero(p)
    sparse = len(nonzero) <= SPARSE
    pairs = [(int(i), float(p[i])) for i in nonzero]
    span = len(p) - 1
    low, carried = start, np.ones(1, dtype=np.float64)  # carried[i]: the chance of being at low + i
    ruined = reached = ahead = behind_surely = dropped = 0.0
    widest = 1
    for done in range(1, steps + 1):
        to_go = steps - done
        if sparse:
            spread = np.zeros(len(carried) + span, dtype=np.float64)
            term = np.empty_like(carried)
            for at, weight in pairs:
                np.multiply(carried, weight, out=term)
                spread[at : at + len(carried)] += term
        else:
            spread = np.convolve(carried, p)
        low += law.low
        first, last = 0, len(spread)  # the places low + first .. low + last - 1 stay in play
        if bankroll is not None:  # ruined: at 0 or below
            cut = min(max(1 - low, 0), last)
            ruined += float(spread[:cut].sum())
            first = cut
        else:  # behind for certain: too far below the start to come back
            cut = min(max(start - law.up * to_go - low, 0), last)
            behind_surely += float(spread[:cut].sum())
            first = cut
        if top is not None:  # at the goal
            cut = max(min(top - low, last), first)
            reached += float(spread[cut:].sum())
            last = cut
        else:  # ahead for certain: too far above the start to fall behind (or be ruined)
            cut = max(min(start + law.down * to_go - low, last), first)
            ahead += float(spread[cut:].sum())
            last = cut
        kept_first, kept_last = _kept(spread[first:last])
        dropped += float(spread[first : first + kept_first].sum()) + float(spread[first + kept_last : last].sum())
        carried, low = spread[first + kept_first : first + kept_last], low + first + kept_first
        if len(carried) == 0:
            carried, low = np.zeros(1, dtype=np.float64), start
        widest = max(widest, len(carried))
    places = np.arange(low, low + len(carried))
    behind = ruined + behind_surely + float(carried[places < start].sum())
    terms = len(nonzero) if sparse else len(p)
    rate = compounded((1 + law.error) * (1 + gamma(2 * terms)) - 1, steps)
    relative = compounded(rate + gamma(widest + steps + 2), 1) + rate

    def bounded(value: float) -> Bounded:
        slack = relative * value + (dropped + law.missing * steps) * (1 + relative)
        return Bounded.around(value, slack)

    return Trip(
        steps=steps,
        ruined=None if bankroll is None else bounded(ruined),
        reached=None if top is None else bounded(reached),
        behind=bounded(behind),
    )


def _kept(spread: npt.NDArray[np.float64]) -> tuple[int, int]:
    """The range of cells to carry on: the edges dropped hold at most :data:`STEP_BUDGET` between them (looked for
    among the :data:`EDGE` cells at each end)."""
    if len(spread) == 0:
        return 0, 0
    half = STEP_BUDGET / 2
    first = int(np.searchsorted(np.cumsum(spread[:EDGE]), half, side="right"))
    last = len(spread) - int(np.searchsorted(np.cumsum(spread[::-1][:EDGE]), half, side="right"))
    if first >= last:
        return 0, len(spread)
    return first, last
