"""The variation exhibit: the exact change of every figure of each wager between two pay tables.

Nevada treats a new side bet or a pay-table change as a game variation; a lab or a supplier shows
the exact deltas between the table on the floor (A) and the one proposed (B). Everything here is
exact (Fractions) but the standard deviation, a square root shown last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..exact.parsheet import ParSheet

FIGURES: tuple[str, ...] = ("house_edge", "rtp", "hit_frequency", "element_of_risk", "variance")
"""The exact figures compared, in the order the exhibit shows them."""


@dataclass(frozen=True, slots=True)
class TopAward:
    """The highest-paying outcome a deal can reach: its pay and the odds of it, 1 in ``one_in``."""

    outcome: str
    pays: Fraction
    probability: Fraction

    @property
    def one_in(self) -> Fraction:
        return 1 / self.probability

    @property
    def one_in_whole(self) -> int:
        """:attr:`one_in` rounded to a whole number of rounds (half to even), as "1 in N" is printed."""
        return round(self.one_in)


def top_award(sheet: ParSheet) -> TopAward | None:
    """The best-paying reachable outcome of ``sheet`` (the rarest of equal pays), or None without pays."""
    rows = [r for r in sheet.rows if r.pays is not None and r.probability > 0 and r.pays > 0]
    if not rows:
        return None
    best = max(rows, key=lambda r: (r.pays, -r.probability))
    assert best.pays is not None
    return TopAward(best.outcome.name, best.pays, best.probability)


@dataclass(frozen=True, slots=True)
class WagerChange:
    """One wager under A and under B (``None`` where a side does not offer it)."""

    wager: str
    a: ParSheet | None
    b: ParSheet | None

    def figure(self, side: ParSheet | None, name: str) -> Fraction | None:
        value = None if side is None else getattr(side, name)
        return value if isinstance(value, Fraction) else None

    def delta(self, name: str) -> Fraction | None:
        """B minus A, exactly; None when either side lacks the figure."""
        a, b = self.figure(self.a, name), self.figure(self.b, name)
        return None if a is None or b is None else b - a

    @property
    def sd_delta(self) -> float | None:
        """B's standard deviation minus A's (a float: square roots); None when either side has none."""
        a, b = (None if s is None else s.standard_deviation for s in (self.a, self.b))
        return None if a is None or b is None else b - a

    @property
    def tops(self) -> tuple[TopAward | None, TopAward | None]:
        """The top award under A and under B."""
        return (None if self.a is None else top_award(self.a)), (None if self.b is None else top_award(self.b))

    @property
    def top_rarity(self) -> Fraction | None:
        """How many times rarer B's top award is than A's (1: unchanged); None when either side has none."""
        top_a, top_b = self.tops
        return None if top_a is None or top_b is None else top_b.one_in / top_a.one_in


@dataclass(frozen=True, slots=True)
class Variation:
    """Every wager of two rule sets, matched by name: A's first, then B's new ones."""

    a_name: str
    b_name: str
    changes: tuple[WagerChange, ...]


def variation(a_name: str, a: Sequence[ParSheet], b_name: str, b: Sequence[ParSheet]) -> Variation:
    """Match the par sheets of A and B by wager name (A's order, then wagers only B offers)."""
    by_a = {s.wager.name: s for s in a}
    by_b = {s.wager.name: s for s in b}
    names = list(by_a) + [n for n in by_b if n not in by_a]
    return Variation(a_name, b_name, tuple(WagerChange(n, by_a.get(n), by_b.get(n)) for n in names))
