"""The ``solve`` report: pays solved for a target house edge, as a document.

Machines read every pay twice: as a pay table prints it ("19:2") and as its
exact value per unit ("19/2").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..exact.parsheet import ParSheet
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import count_text, decimal_text, fraction_text, percent_text
from ..studies.solve import GRIDS, PaySolution, ShapeSolution
from .common import offered_text, rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import (
    Block,
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Table,
    Value,
    data,
    decimal,
    fraction,
    odds,
    pays,
    percent,
    real,
    text,
)
from .provenance import provenance


@dataclass(frozen=True, slots=True)
class Solved:
    """One solution with what it was solved under, as the report needs it."""

    rules: RuleSet
    shoe: Shoe
    sheet: ParSheet
    solution: PaySolution | ShapeSolution
    rank_by: str = "pays"
    """How the candidates are ordered: by pay, or by counter yield (``solve --rank-by counter-yield``)."""


_STEPS = ", ".join(f"{name}{'' if below is None else f' (below {format_pays(below)})'}" for name, _, below in GRIDS)
_ROUNDING = 'the nearest "N to 1" (below 2:1 the nearest "N to 2"; half-way rounds down)'


def _vs(edge: Fraction, target: Fraction) -> str:
    return "target" if edge == target else "above target" if edge > target else "below target"


def _head(item: Solved) -> Fields:
    rules, wager = item.rules, item.sheet.wager
    notes = ([wager.default] if wager.default else []) + [f"{o.name}: {o.default}" for o in wager.outcomes if o.default]
    return Fields(
        (
            *rule_set_fields(rules),
            Field("shoe", "Shoe", shoe_fields(item.shoe), text=f"{shoe_text(item.shoe)}."),
            Field("wager", "Wager", text(wager.name), text=f"{wager.title} ({wager.name}): {offered_text(wager)}."),
            Field(None, "", tuple(text(note) for note in notes)),
            Field("target_house_edge", None, fraction(item.solution.target)),
        )
    )


def _candidates(solution: PaySolution, key: str, caption: str, rank_by: str) -> Table:
    yields = [c.counter_yield for c in solution.candidates if c.counter_yield is not None]
    columns: tuple[Column, ...] = (
        Column("pays", "pays"),
        Column("value", None),
        Column("steps", "step"),
        Column("house_edge", "house edge"),
        Column(None, "exact house edge"),
        Column(None, "vs target"),
    )
    if yields:
        columns += (
            Column("counter_yield_per_100_rounds", "counter yield /100 rounds", "right"),
            Column("counter_yield_ci95", "± 95%", "right"),
        )
        caption += (
            f" Counter yield: perfect play's units per 100 rounds over {count_text(yields[0].shoes)} shoes of "
            "the standard procedure, the same shoes for every pay"
            + ("; ranked by it, the safest to count first." if rank_by == "counter-yield" else ".")
        )
    rows = []
    for c in solution.candidates:
        row: tuple[Value | None, ...] = (
            pays(c.pays),
            fraction(c.pays),
            data(list(c.grids), ", ".join(c.grids)),
            percent(c.house_edge),
            fraction(c.house_edge),
            text(_vs(c.house_edge, solution.target)),
        )
        if yields:
            found = c.counter_yield
            row += (
                decimal(None if found is None else found.exact, 4, signed=True),
                real(None if found is None or math.isnan(found.ci95) else found.ci95, 4),
            )
        rows.append(row)
    return Table(columns=columns, rows=tuple(rows), key=key, caption=caption)


def _pay_blocks(item: Solved, solution: PaySolution) -> list[Block]:
    sheet = item.sheet
    now = item.rules.wager(sheet.wager.name).outcome(solution.outcome)  # the pay as written (before multipliers, fee)
    edge_now = "none (the wager has no full pay table)" if sheet.house_edge is None else percent_text(sheet.house_edge)
    weight = (
        f"each unit of its pay adds {decimal_text(solution.probability, 8)} to the expected value (its "
        "probability weighted by its lightning multipliers, net of the fee)"
        if solution.multiplied
        else f"probability {decimal_text(solution.probability, 8)}"
    )
    return [
        Fields(
            (
                Field("current_pays", None, pays(now.pays)),
                Field("current_house_edge", None, fraction(sheet.house_edge)),
                Field("outcome", None, text(solution.outcome)),
                Field("probability", None, fraction(solution.probability)),
                Field("pays", None, fraction(solution.pays)),
            )
        ),
        Prose(
            (
                f"Outcome solved: {solution.outcome!r}, {weight}; "
                f"it pays {now.pays_text if now.pays is not None else 'nothing documented'} now, "
                f"house edge {edge_now}.",
                f"Target house edge: {percent_text(solution.target)} (exactly {fraction_text(solution.target)}).",
            )
        ),
        Prose(
            (
                f"Exact pay for the target: {decimal_text(solution.pays, 4)} to 1, exactly "
                f"{fraction_text(solution.pays)} to 1.",
            )
        ),
        _candidates(
            solution,
            "candidates",
            f"Nearest pays on the usual steps ({_STEPS}), every other pay as it is:",
            item.rank_by,
        ),
    ]


def _shape_blocks(item: Solved, solution: ShapeSolution) -> list[Block]:
    probability = {r.outcome.name: r.probability for r in item.sheet.rows}
    weight = dict(solution.weights)
    kept = [f"{r.outcome.name} {r.outcome.pays_text}" for r in item.sheet.rows if r.outcome.name not in weight]
    balance = solution.balance
    exact_table = Table(
        columns=(
            Column("outcome", "outcome"),
            Column("weight", "weight"),
            Column("probability", "probability"),
            Column("pays", "pays"),
            Column(None, "exact pays"),
        ),
        rows=tuple(
            (
                text(name),
                decimal(weight[name], shown=decimal_text(weight[name], 4).rstrip("0").rstrip(".")),
                decimal(probability[name]),
                odds(p),
                fraction(p),
            )
            for name, p in solution.exact
        ),
        key="exact",
        caption=f"Exact table: m = {decimal_text(solution.multiplier, 8)}, exactly "
        f"{fraction_text(solution.multiplier)}.",
    )
    printed: list[tuple[Value | None, ...]] = [(text(name), pays(p)) for name, p in solution.rounded]
    printed.append(
        (
            text(balance.outcome),
            text(f"{decimal_text(balance.pays, 4)} to 1 (solved again, exactly {fraction_text(balance.pays)})"),
        )
    )
    return [
        Fields((Field("multiplier", None, fraction(solution.multiplier)),)),
        Prose(
            (
                f"Pays in the shape given: each shaped outcome pays m x its weight; the others keep their pays "
                f"({'; '.join(kept) or 'none'}).",
                f"Target house edge: {percent_text(solution.target)} (exactly {fraction_text(solution.target)}).",
            )
        ),
        exact_table,
        Table(
            columns=(Column("outcome", None), Column("pays", None), Column("value", None)),
            rows=tuple((text(name), pays(p), fraction(p)) for name, p in solution.rounded),
            key="rounded",
            human=False,
        ),
        Table(
            columns=(Column(None, "outcome"), Column(None, "pays")),
            rows=tuple(printed),
            caption=f"A table to print: every shaped pay but {balance.outcome!r} rounded to {_ROUNDING}, then "
            f"{balance.outcome!r} solved again for the target:",
        ),
        Fields(
            (
                Field("outcome", None, text(balance.outcome)),
                Field("probability", None, fraction(balance.probability)),
                Field("pays", None, fraction(balance.pays)),
            ),
            key="balance",
        ),
        _candidates(
            balance,
            "balance.candidates",
            f"Nearest pays for {balance.outcome!r} ({_STEPS}), with the rounded pays above:",
            item.rank_by,
        ),
    ]


def _csv_rows(solution: PaySolution | ShapeSolution) -> Table:
    """One row per exact pay, rounded pay and candidate."""
    rows: list[tuple[Value | None, ...]] = []
    target = fraction(solution.target)
    if isinstance(solution, ShapeSolution):
        rows += [(text("exact"), text(name), None, fraction(p), target) for name, p in solution.exact]
        rows += [(text("rounded"), text(name), pays(p), fraction(p), None) for name, p in solution.rounded]
        solution = solution.balance
    rows.append((text("exact"), text(solution.outcome), None, fraction(solution.pays), target))
    rows += [
        (text("candidate"), text(solution.outcome), pays(c.pays), fraction(c.pays), fraction(c.house_edge))
        for c in solution.candidates
    ]
    keys = ("row", "outcome", "pays", "pays_exact", "house_edge")
    return Table(columns=tuple(Column(k, None) for k in keys), rows=tuple(rows), human=False, csv=True)


def solved_document(item: Solved) -> Document:
    """``solve``: one solution under one rule set and shoe."""
    solution = item.solution
    blocks = _pay_blocks(item, solution) if isinstance(solution, PaySolution) else _shape_blocks(item, solution)
    return Document(
        title=f"{item.rules.name}: {item.sheet.wager.name} solved for a house edge",
        blocks=(_head(item), *blocks, _csv_rows(solution)),
        context=(*shoe_context(item.rules, item.shoe), Field("wager", None, text(item.sheet.wager.name))),
        provenance=provenance((item.rules,), shoe_text(item.shoe)),
    )


def solved_documents(items: Sequence[Solved]) -> list[Document]:
    """One document per rule set solved."""
    return [solved_document(item) for item in items]
