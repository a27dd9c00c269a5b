"""Closed forms as text, Markdown, CSV or JSON; no arithmetic beyond turning numbers into text.

JSON keeps exactness: fractions are strings "p/q", polynomial coefficients
are strings (highest power of d first), formulas are sympy's text, which
sympy can read back.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from ..numbers import decimal_text, fraction_text, percent_text
from ..studies.formula import LIMIT_NOTE, VARIABLE, Formulas, RationalFunction, WagerFormula
from .analysis import COUNTING, markdown_header

INFINITY = "infinite"
"""How the limit row is labelled in tables."""


def _fit_text(formulas: Formulas) -> str:
    fit, check = formulas.fit_decks, formulas.check_decks
    return (
        f"Each count is a polynomial of degree at most 6 in {VARIABLE}, fitted exactly from enumerations at "
        f"{VARIABLE} = {fit[0]}-{fit[-1]} and checked against a direct enumeration at "
        f"{VARIABLE} = {', '.join(str(d) for d in check)}."
    )


def _header(formulas: Formulas) -> list[str]:
    rules, family = formulas.rules, formulas.family
    lines = [
        f"Rule set: {rules.name}: {rules.title} (document {rules.document})",
        f"Shoe: {family.text}; all ordered six-card dealings: {family.denominator_text}.",
        COUNTING,
        _fit_text(formulas),
        LIMIT_NOTE,
    ]
    # The deck-count default (the first one, when there is one) does not apply: d is the variable.
    defaults = list(rules.defaults())[1 if rules.decks_default else 0 :]
    if defaults:
        lines.append("Defaults where the document is silent:")
        lines.extend(f"  - {d}" for d in defaults)
    if family.first_decks > 1:
        lines.append(f"The removed cards need at least {family.first_decks} decks; smaller shoes are marked n/a.")
    return lines


def _name(formula: WagerFormula) -> str:
    return f"{formula.figure_name}({VARIABLE})"


def _value_rows(formulas: Formulas, formula: WagerFormula, upto: int) -> list[list[str]]:
    percent = formula.house_edge is not None
    rows = []
    for d, value in formulas.values(formula, upto):
        if value is None:
            rows.append([str(d), "n/a", "the removed cards do not fit"])
        else:
            rows.append([str(d), _decimal(value, percent), fraction_text(value)])
    limit = formula.figure.limit
    rows.append([INFINITY, _decimal(limit, percent), fraction_text(limit)])
    return rows


def _decimal(value: Fraction, percent: bool) -> str:
    return percent_text(value) if percent else decimal_text(value, 8)


def _outcome_rows(formula: WagerFormula) -> list[list[str]]:
    return [
        [o.outcome.name, o.outcome.pays_text, o.text, decimal_text(o.limit, 8), fraction_text(o.limit)]
        for o in formula.outcomes
    ]


_NO_PAYS = (
    "No pay table, so no house edge: the figure is the probability that the bet qualifies for a pay "
    "(the outcomes without a pay together)."
)
_OUTCOME_HEADERS = ["outcome", "pays", f"combinations({VARIABLE})", "probability as d grows", "exact"]


def render_formulas(results: Sequence[Formulas], fmt: str, upto: int, outcomes: bool = False) -> str:
    """The ``formula`` report for one or more rule sets, in one of the report formats."""
    if fmt == "json":
        documents = [formulas_document(f, upto) for f in results]
        return json.dumps(documents[0] if len(documents) == 1 else documents, indent=2) + "\n"
    if fmt == "csv":
        return _csv(results, upto)
    markdown = fmt == "markdown"
    tablefmt = "pipe" if markdown else "simple"
    out: list[str] = []
    for formulas in results:
        if out:
            out.append("")
        if markdown:
            out.append(f"# {formulas.rules.name}: house edge as a function of the number of decks {VARIABLE}\n")
            out.extend(markdown_header(_header(formulas)))
        else:
            out.extend(_header(formulas))
        for formula in formulas.wagers:
            wager = formula.wager
            offered = "offered" if wager.offered else "not offered by this document; standard pay table"
            out.append("")
            if markdown:
                out.append(f"## {wager.title} (`{wager.name}`)\n")
                out.append(f"{offered.capitalize()}.\n")
                out.append(f"`{_name(formula)} = {formula.figure.text}`\n")
            else:
                out.append(f"== {wager.title} ({wager.name}): {offered}")
                out.append(f"{_name(formula)} = {formula.figure.text}")
            if formula.house_edge is None:
                out.append(f"{_NO_PAYS}\n" if markdown else f"({_NO_PAYS})")
            if not markdown:
                out.append("")
            out.append(
                tabulate(
                    _value_rows(formulas, formula, upto),
                    headers=["decks", formula.figure_name, "exact"],
                    tablefmt=tablefmt,
                    disable_numparse=True,
                    colalign=("right", "right", "left"),
                )
            )
            if outcomes:
                out.append("")
                out.append(
                    tabulate(_outcome_rows(formula), headers=_OUTCOME_HEADERS, tablefmt=tablefmt, disable_numparse=True)
                )
    return "\n".join(out) + "\n"


def _function_document(function: RationalFunction, values: Sequence[tuple[int, Fraction | None]]) -> dict[str, Any]:
    return {
        "formula": function.text,
        "numerator": [str(c) for c in function.numerator],
        "denominator": [str(c) for c in function.denominator],
        "values": [{"decks": d, "value": None if v is None else fraction_text(v)} for d, v in values],
        "limit": fraction_text(function.limit),
    }


def formulas_document(formulas: Formulas, upto: int) -> dict[str, Any]:
    """The ``formula`` report of one rule set as JSON-ready data (exact strings)."""
    wagers = []
    for formula in formulas.wagers:
        values = formulas.values(formula, upto)
        wagers.append(
            {
                "wager": formula.wager.name,
                "title": formula.wager.title,
                "offered": formula.wager.offered,
                "house_edge": None if formula.house_edge is None else _function_document(formula.house_edge, values),
                "qualifying_probability": None
                if formula.qualifying is None
                else _function_document(formula.qualifying, values),
                "outcomes": [
                    {
                        "outcome": o.outcome.name,
                        "pays": None if o.outcome.pays is None else o.outcome.pays_text,
                        "combinations": [str(c) for c in o.combinations],
                        "limit_probability": fraction_text(o.limit),
                    }
                    for o in formula.outcomes
                ],
            }
        )
    return {
        "rule_set": formulas.rules.name,
        "title": formulas.rules.title,
        "document": formulas.rules.document,
        "variable": VARIABLE,
        "shoe": formulas.family.text,
        "removed": list(formulas.family.removed),
        "dealings": formulas.family.denominator_text,
        "counting": COUNTING,
        "coefficients": f"integers as strings, highest power of {VARIABLE} first",
        "fit_decks": list(formulas.fit_decks),
        "check_decks": list(formulas.check_decks),
        "limit": LIMIT_NOTE,
        "defaults": list(formulas.rules.defaults())[1 if formulas.rules.decks_default else 0 :],
        "wagers": wagers,
    }


def _csv(results: Sequence[Formulas], upto: int) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rule_set", "wager", "figure", "decks", "value", "decimal", "formula"])
    for formulas in results:
        for formula in formulas.wagers:
            figure = "house_edge" if formula.house_edge is not None else "qualifying_probability"
            values: list[tuple[int | str, Fraction | None]] = [*formulas.values(formula, upto)]
            for d, value in [*values, (INFINITY, formula.figure.limit)]:
                writer.writerow([
                    formulas.rules.name, formula.wager.name, figure, d,
                    "" if value is None else fraction_text(value),
                    "" if value is None else decimal_text(value, 10),
                    formula.figure.text,
                ])
    return buffer.getvalue()
