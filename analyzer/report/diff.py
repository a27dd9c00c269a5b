"""``diff``: the variation exhibit as a document (one table, every format)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import decimal_text, percent_text
from ..studies.design import Yield
from ..studies.diff import FIGURES, Variation, WagerChange
from .common import shoe_text
from .model import Column, Document, Field, Fields, Prose, Table, Value, decimal, percent, real, text
from .provenance import provenance

_TITLES = {
    "house_edge": "house edge",
    "rtp": "RTP",
    "hit_frequency": "hit frequency",
    "element_of_risk": "element of risk",
    "variance": "variance",
}
_PERCENT = ("house_edge", "rtp", "hit_frequency", "element_of_risk")


def _value(name: str, x: Fraction | None, signed: bool = False) -> Value:
    """A figure as the exhibit shows it: a share of the bet as a percentage, the variance as a decimal; a change
    with its sign."""
    if name not in _PERCENT:
        return decimal(x, signed=signed)
    return percent(x, shown=None if x is None or not signed or x <= 0 else "+" + percent_text(x))


def _yield_text(found: Yield | None) -> Value | None:
    return None if found is None else text(f"{decimal_text(found.exact, 4)} +/- {found.ci95:.4f}")


def _rows(
    change: WagerChange, yields: Mapping[str, tuple[Yield | None, Yield | None]]
) -> list[tuple[Value | None, ...]]:
    rows: list[tuple[Value | None, ...]] = []
    for name in FIGURES:
        a, b = change.figure(change.a, name), change.figure(change.b, name)
        rows.append(
            (
                text(change.wager),
                text(_TITLES[name]),
                _value(name, a),
                _value(name, b),
                _value(name, change.delta(name), signed=True),
            )
        )
    sd_a, sd_b = (None if s is None else s.standard_deviation for s in (change.a, change.b))
    rows.append(
        (
            text(change.wager),
            text("standard deviation"),
            real(sd_a),
            real(sd_b),
            real(change.sd_delta),
        )
    )  # a square root: the one float
    shown = [
        None if t is None else text(f"{t.outcome} {format_pays(t.pays)}, 1 in {float(t.one_in):,.0f}")
        for t in change.tops
    ]
    ratio = change.top_rarity
    rows.append(
        (
            text(change.wager),
            text("top award, odds"),
            shown[0],
            shown[1],
            None if ratio is None else text("unchanged" if ratio == 1 else f"{float(ratio):.4f}x as rare"),
        )
    )
    if change.wager in yields:
        ya, yb = yields[change.wager]
        rows.append(
            (
                text(change.wager),
                text("counter yield, units per 100 rounds"),
                _yield_text(ya),
                _yield_text(yb),
                None if ya is None or yb is None else decimal(yb.change_from(ya), 4, signed=True),
            )
        )
    return rows


def diff_document(
    a: RuleSet,
    b: RuleSet,
    shoe: Shoe,
    found: Variation,
    yields: Mapping[str, tuple[Yield | None, Yield | None]] | None = None,
) -> Document:
    """``diff``: per wager, each figure under A and B and the exact change (B minus A); with ``yields``, what perfect
    play takes from each wager under A and B (the counter yield, on the same shoes)."""
    yields = yields or {}
    table = Table(
        columns=(
            Column("wager", "wager"),
            Column("figure", "figure"),
            Column("a", found.a_name, "right"),
            Column("b", found.b_name, "right"),
            Column("change", "change (B - A)", "right"),
        ),
        rows=tuple(row for change in found.changes for row in _rows(change, yields)),
        key="changes",
        csv=True,
    )
    changed = [c.wager for c in found.changes if any(c.delta(f) for f in FIGURES) or c.a is None or c.b is None]
    legend = (
        f"A: {found.a_name}; B: {found.b_name}; {shoe_text(shoe)}. Changes are exact (B minus A), rounded "
        "for reading (--exact prints the fractions); the top award is the best-paying outcome a deal can "
        "reach, with its odds. Wagers changed: " + (", ".join(changed) if changed else "none") + "."
    )
    if yields:
        some = next(y for pair in yields.values() for y in pair if y is not None)
        legend += (
            f" Counter yield: what perfect play takes (betting only when the exact edge is positive, the "
            f"standard shoe procedure), expected units per 100 rounds over the same {some.shoes:,} shoes "
            f"(seed {some.seed}) for A and B, +/- its 95% half-width: the bound no count passes."
        )
    return Document(
        title=f"Variation: {found.a_name} -> {found.b_name}",
        blocks=(
            Fields(
                (
                    Field("a", "A", text(found.a_name)),
                    Field("b", "B", text(found.b_name)),
                    Field("shoe", "Shoe", text(shoe_text(shoe))),
                )
            ),
            Prose((legend,)),
            table,
        ),
        provenance=provenance([a, b] if a is not b else [a], shoe_text(shoe)),
    )
