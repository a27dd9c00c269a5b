"""A distribution of final states, and what a wager makes of it.

:class:`Distribution` is what both exact paths return (the reference
enumerator and the fast path): ordered six-card dealings P1 B1 P2 B2 P3 B3 by
final state. :func:`outcome_counts` settles it by a wager's pay table, adding
the counts per side view (:func:`analyzer.game.settle.view_index`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from ..game.settle import VIEWS, settlement
from ..game.shoe import Shoe
from ..game.state import FinalState
from ..game.wager import Wager


@dataclass(frozen=True)
class Distribution:
    """Exact counts of ordered six-card dealings by final state.

    Guarantees: every count is a positive ``int`` and the counts add up to
    ``denominator`` (checked on construction).
    """

    shoe: Shoe
    counts: Mapping[FinalState, int]

    def __post_init__(self) -> None:
        total = sum(self.counts.values())
        if total != self.denominator:
            raise AssertionError(f"counts add up to {total}, not to {self.denominator}")

    @property
    def denominator(self) -> int:
        """N(N-1)(N-2)(N-3)(N-4)(N-5) for a shoe of N cards."""
        return self.shoe.denominator

    def probability(self, state: FinalState) -> Fraction:
        """The exact probability of one final state."""
        return Fraction(self.counts.get(state, 0), self.denominator)


def side_views(distribution: Distribution) -> Mapping[str, tuple[int, ...]]:
    """The distribution's counts added up per view, for each side ("player", "banker")."""
    player = [0] * VIEWS
    banker = [0] * VIEWS
    for s, n in distribution.counts.items():
        player[((s.player_total * 10 + s.banker_total) * 2 + s.player_cards - 2) * 2 + s.player_pair] += n
        banker[((s.banker_total * 10 + s.player_total) * 2 + s.banker_cards - 2) * 2 + s.banker_pair] += n
    return {"player": tuple(player), "banker": tuple(banker)}


def outcome_counts(
    wager: Wager, distribution: Distribution, views: Mapping[str, tuple[int, ...]] | None = None
) -> dict[str, int]:
    """Ordered six-card dealings per outcome of ``wager``, in pay-table order.

    Every outcome appears, with 0 when it cannot happen from this shoe. The
    counts add up to ``distribution.denominator``. ``views`` is
    :func:`side_views` of the distribution, when the caller has it already.
    """
    assert wager.side is not None, "side views settle only a wager that follows one side"
    by_view = (views or side_views(distribution))[wager.side]
    counts = {}
    for row, indices in zip(wager.outcomes, settlement(wager)):
        picked = itemgetter(*indices)(by_view) if indices else ()
        counts[row.name] = sum(picked) if isinstance(picked, tuple) else picked
    assert sum(counts.values()) == distribution.denominator, f"{wager.name} leaves some final state unsettled"
    return counts
