"""The verdicts of a verification, summed up: how many confirmed and refuted, and the worst difference.

``verify`` leads with this summary (one line: the counts and the worst difference) before its rows. A claim's
difference is its relative miss, ``|claimed - exact| / max(|claimed|, |exact|)`` (for a standard deviation, of its
square against the exact variance, as the verdict itself compares them); the worst is the refuted claim that misses
by the most, a claimed pay the rule set does not give at all first. Counts are of claims, or of a par sheet's rows
(its claims grouped by row, a row refuted when any figure it states is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .verify import Verdict


def relative_miss(v: Verdict) -> Fraction | None:
    """How far the claim is from the exact figure, relative to the larger of the two (0 when equal); ``None`` when
    the rule set gives no figure to compare (a pay it does not have)."""
    if v.exact is None:
        return None
    claimed = v.claim.claimed.value
    if v.root:
        claimed = claimed * claimed
    scale = max(abs(claimed), abs(v.exact))
    return Fraction(0) if scale == 0 else abs(claimed - v.exact) / scale


def worst(verdicts: Sequence[Verdict]) -> Verdict | None:
    """The refuted verdict with the largest :func:`relative_miss` (one with no figure at all first); ``None`` when
    none is refuted."""
    refuted = [v for v in verdicts if not v.confirmed]
    if not refuted:
        return None

    def how_bad(v: Verdict) -> tuple[bool, Fraction]:
        miss = relative_miss(v)
        return miss is None, Fraction(0) if miss is None else miss

    return max(refuted, key=how_bad)


@dataclass(frozen=True, slots=True)
class VerifySummary:
    """Counts of what was checked (claims, or a par sheet's rows), confirmed and refuted, the refuted rows' labels
    (a par sheet's), and the worst difference."""

    checked: int
    confirmed: int
    refuted: int
    worst: Verdict | None
    refuted_rows: tuple[str, ...] = ()


def summary(verdicts: Sequence[Verdict], by_row: bool = False) -> VerifySummary:
    """Sum up ``verdicts``: per claim, or (``by_row``) per row of a par sheet, its claims grouped by their label."""
    if not by_row:
        refuted = sum(not v.confirmed for v in verdicts)
        return VerifySummary(len(verdicts), len(verdicts) - refuted, refuted, worst(verdicts))
    rows: dict[str, bool] = {}
    for v in verdicts:
        label = v.claim.label or ""
        rows[label] = rows.get(label, True) and v.confirmed
    bad = tuple(label for label, ok in rows.items() if not ok)
    return VerifySummary(len(rows), len(rows) - len(bad), len(bad), worst(verdicts), bad)
