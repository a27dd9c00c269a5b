"""``diff``: the variation exhibit as a document (one table, every format)."""

from __future__ import annotations

from fractions import Fraction

from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import percent_text
from ..studies.diff import FIGURES, Variation, WagerChange, top_award
from .common import shoe_text
from .model import Column, Document, Field, Fields, Prose, Table, Value, decimal, percent, real, text
from .provenance import provenance

_TITLES = {"house_edge": "house edge", "rtp": "RTP", "hit_frequency": "hit frequency",
           "element_of_risk": "element of risk", "variance": "variance"}
_PERCENT = ("house_edge", "rtp", "hit_frequency", "element_of_risk")


def _value(name: str, x: Fraction | None, signed: bool = False) -> Value:
    """A figure as the exhibit shows it: a share of the bet as a percentage, the variance as a decimal; a change
    with its sign."""
    if name not in _PERCENT:
        return decimal(x, signed=signed)
    return percent(x, shown=None if x is None or not signed or x <= 0 else "+" + percent_text(x))


def _rows(change: WagerChange) -> list[tuple[Value | None, ...]]:
    rows: list[tuple[Value | None, ...]] = []
    for name in FIGURES:
        a, b = change.figure(change.a, name), change.figure(change.b, name)
        rows.append((text(change.wager), text(_TITLES[name]), _value(name, a), _value(name, b),
                     _value(name, change.delta(name), signed=True)))
    sd_a, sd_b = (None if s is None else s.standard_deviation for s in (change.a, change.b))
    rows.append((text(change.wager), text("standard deviation"), real(sd_a), real(sd_b),
                 real(None if sd_a is None or sd_b is None else sd_b - sd_a)))  # a square root: the one float
    top_a, top_b = (None if s is None else top_award(s) for s in (change.a, change.b))
    shown = [None if t is None else text(f"{t.outcome} {format_pays(t.pays)}, 1 in {float(t.one_in):,.0f}")
             for t in (top_a, top_b)]
    ratio = None if top_a is None or top_b is None else top_b.one_in / top_a.one_in
    rows.append((text(change.wager), text("top award, odds"), shown[0], shown[1],
                 None if ratio is None else text("unchanged" if ratio == 1 else f"{float(ratio):.4f}x as rare")))
    return rows


def diff_document(a: RuleSet, b: RuleSet, shoe: Shoe, found: Variation) -> Document:
    """``diff``: per wager, each figure under A and B and the exact change (B minus A)."""
    table = Table(
        columns=(Column("wager", "wager"), Column("figure", "figure"), Column("a", found.a_name, "right"),
                 Column("b", found.b_name, "right"), Column("change", "change (B - A)", "right")),
        rows=tuple(row for change in found.changes for row in _rows(change)),
        key="changes", csv=True,
    )
    changed = [c.wager for c in found.changes if any(c.delta(f) for f in FIGURES) or c.a is None or c.b is None]
    legend = (f"A: {found.a_name}; B: {found.b_name}; {shoe_text(shoe)}. Changes are exact (B minus A), rounded "
              "for reading (--exact prints the fractions); the top award is the best-paying outcome a deal can "
              "reach, with its odds. Wagers changed: " + (", ".join(changed) if changed else "none") + ".")
    return Document(
        title=f"Variation: {found.a_name} -> {found.b_name}",
        blocks=(
            Fields((Field("a", "A", text(found.a_name)), Field("b", "B", text(found.b_name)),
                    Field("shoe", "Shoe", text(shoe_text(shoe))))),
            Prose((legend,)),
            table,
        ),
        provenance=provenance([a, b] if a is not b else [a], shoe_text(shoe)),
    )
