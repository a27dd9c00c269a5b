"""Solved pay tables as text, Markdown, CSV or JSON; no arithmetic beyond turning numbers into text.

JSON keeps exactness: fractions are strings "p/q"; a pay is printed both as
a pay table prints it ("19:2") and as its exact value per unit ("19/2").
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..exact.parsheet import ParSheet
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import decimal_text, fraction_text, percent_text
from ..studies.solve import GRIDS, PaySolution, ShapeSolution
from .analysis import shoe_document, shoe_text


@dataclass(frozen=True, slots=True)
class Solved:
    """One solution with what it was solved under, as the report needs it."""

    rules: RuleSet
    shoe: Shoe
    sheet: ParSheet
    solution: PaySolution | ShapeSolution


_STEPS = ", ".join(f"{name}{'' if below is None else f' (below {format_pays(below)})'}" for name, _, below in GRIDS)
_ROUNDING = 'the nearest "N to 1" (below 2:1 the nearest "N to 2"; half-way rounds down)'


def _vs(edge: Fraction, target: Fraction) -> str:
    return "target" if edge == target else "above target" if edge > target else "below target"


def _pay_text(pays: Fraction) -> str:
    """A pay as "N.NNNN to 1", exact when it is a whole or simple pay."""
    return f"{decimal_text(pays, 4)} to 1"


def _header(item: Solved) -> list[str]:
    rules, wager = item.rules, item.sheet.wager
    lines = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        f"Shoe: {shoe_text(item.shoe)}.",
        f"Wager: {wager.title} ({wager.name}): {'offered' if wager.offered else 'not offered by this document; standard pay table'}.",
    ]
    notes = ([wager.default] if wager.default else []) + [f"{o.name}: {o.default}" for o in wager.outcomes if o.default]
    lines.extend(f"  - {note}" for note in notes)
    return lines


def _candidate_rows(solution: PaySolution) -> list[list[str]]:
    return [
        [format_pays(c.pays), ", ".join(c.grids), percent_text(c.house_edge), fraction_text(c.house_edge), _vs(c.house_edge, solution.target)]
        for c in solution.candidates
    ]


_CANDIDATE_HEADERS = ["pays", "step", "house edge", "exact house edge", "vs target"]


def _pay_lines(item: Solved, solution: PaySolution, tablefmt: str) -> list[str]:
    sheet = item.sheet
    now = sheet.wager.outcome(solution.outcome)
    edge_now = "none (the wager has no full pay table)" if sheet.house_edge is None else percent_text(sheet.house_edge)
    return [
        f"Outcome solved: {solution.outcome!r}, probability {decimal_text(solution.probability, 8)}; "
        f"it pays {now.pays_text if now.pays is not None else 'nothing documented'} now, house edge {edge_now}.",
        f"Target house edge: {percent_text(solution.target)} (exactly {fraction_text(solution.target)}).",
        "",
        f"Exact pay for the target: {_pay_text(solution.pays)}, exactly {fraction_text(solution.pays)} to 1.",
        "",
        f"Nearest pays on the usual steps ({_STEPS}), every other pay as it is:",
        tabulate(_candidate_rows(solution), headers=_CANDIDATE_HEADERS, tablefmt=tablefmt, disable_numparse=True),
    ]


def _shape_lines(item: Solved, solution: ShapeSolution, tablefmt: str) -> list[str]:
    probability = {r.outcome.name: r.probability for r in item.sheet.rows}
    weight = dict(solution.weights)
    shaped = set(weight)
    kept = [f"{r.outcome.name} {r.outcome.pays_text}" for r in item.sheet.rows if r.outcome.name not in shaped]
    exact_rows = [
        [name, decimal_text(weight[name], 4).rstrip("0").rstrip("."), decimal_text(probability[name], 8), _pay_text(p), fraction_text(p)]
        for name, p in solution.exact
    ]
    balance = solution.balance
    rounded_rows = [[name, format_pays(p)] for name, p in solution.rounded]
    rounded_rows.append([balance.outcome, f"{_pay_text(balance.pays)} (solved again, exactly {fraction_text(balance.pays)})"])
    return [
        f"Pays in the shape given: each shaped outcome pays m x its weight; the others keep their pays ({'; '.join(kept) or 'none'}).",
        f"Target house edge: {percent_text(solution.target)} (exactly {fraction_text(solution.target)}).",
        "",
        f"Exact table: m = {decimal_text(solution.multiplier, 8)}, exactly {fraction_text(solution.multiplier)}.",
        tabulate(exact_rows, headers=["outcome", "weight", "probability", "pays", "exact pays"], tablefmt=tablefmt, disable_numparse=True),
        "",
        f"A table to print: every shaped pay but {balance.outcome!r} rounded to {_ROUNDING}, then {balance.outcome!r} solved again for the target:",
        tabulate(rounded_rows, headers=["outcome", "pays"], tablefmt=tablefmt, disable_numparse=True),
        "",
        f"Nearest pays for {balance.outcome!r} ({_STEPS}), with the rounded pays above:",
        tabulate(_candidate_rows(balance), headers=_CANDIDATE_HEADERS, tablefmt=tablefmt, disable_numparse=True),
    ]


def render_solved(items: Sequence[Solved], fmt: str) -> str:
    """The ``solve`` report for one or more rule sets, in one of the report formats."""
    if fmt == "json":
        documents = [solved_document(item) for item in items]
        return json.dumps(documents[0] if len(documents) == 1 else documents, indent=2) + "\n"
    if fmt == "csv":
        return _csv(items)
    markdown = fmt == "markdown"
    tablefmt = "pipe" if markdown else "simple"
    out: list[str] = []
    for item in items:
        if out:
            out.append("")
        if markdown:
            out.append(f"# {item.rules.name}: {item.sheet.wager.name} solved for a house edge\n")
        out.extend(_header(item))
        out.append("")
        solution = item.solution
        if isinstance(solution, PaySolution):
            out.extend(_pay_lines(item, solution, tablefmt))
        else:
            out.extend(_shape_lines(item, solution, tablefmt))
    return "\n".join(out) + "\n"


def _pay_document(solution: PaySolution) -> dict[str, Any]:
    return {
        "outcome": solution.outcome,
        "probability": fraction_text(solution.probability),
        "pays": fraction_text(solution.pays),
        "candidates": [
            {"pays": format_pays(c.pays), "value": fraction_text(c.pays), "steps": list(c.grids), "house_edge": fraction_text(c.house_edge)}
            for c in solution.candidates
        ],
    }


def solved_document(item: Solved) -> dict[str, Any]:
    """One solution as JSON-ready data (exact strings)."""
    solution = item.solution
    document: dict[str, Any] = {
        "rule_set": item.rules.name,
        "shoe": shoe_document(item.shoe),
        "wager": item.sheet.wager.name,
        "target_house_edge": fraction_text(solution.target),
    }
    if isinstance(solution, PaySolution):
        now = item.sheet.wager.outcome(solution.outcome).pays
        document["current_pays"] = None if now is None else format_pays(now)
        document["current_house_edge"] = None if item.sheet.house_edge is None else fraction_text(item.sheet.house_edge)
        document.update(_pay_document(solution))
        return document
    probability = {r.outcome.name: r.probability for r in item.sheet.rows}
    weight = dict(solution.weights)
    document["multiplier"] = fraction_text(solution.multiplier)
    document["exact"] = [
        {"outcome": name, "weight": fraction_text(weight[name]), "probability": fraction_text(probability[name]), "pays": fraction_text(p)}
        for name, p in solution.exact
    ]
    document["rounded"] = [{"outcome": name, "pays": format_pays(p), "value": fraction_text(p)} for name, p in solution.rounded]
    document["balance"] = _pay_document(solution.balance)
    return document


def _csv(items: Sequence[Solved]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rule_set", "wager", "row", "outcome", "pays", "pays_exact", "house_edge"])
    for item in items:
        solution = item.solution
        head = [item.rules.name, item.sheet.wager.name]
        target = fraction_text(solution.target)
        if isinstance(solution, ShapeSolution):
            for name, p in solution.exact:
                writer.writerow([*head, "exact", name, "", fraction_text(p), target])
            for name, p in solution.rounded:
                writer.writerow([*head, "rounded", name, format_pays(p), fraction_text(p), ""])
            solution = solution.balance
        writer.writerow([*head, "exact", solution.outcome, "", fraction_text(solution.pays), target])
        for c in solution.candidates:
            writer.writerow([*head, "candidate", solution.outcome, format_pays(c.pays), fraction_text(c.pays), fraction_text(c.house_edge)])
    return buffer.getvalue()
