"""The ``formula`` report: closed forms in the number of decks d, as a document.

Machines read the formulas as sympy text (which sympy reads back), their
numerators and denominators as integer coefficients (strings, highest power
of d first), their values as exact fractions.
"""

from __future__ import annotations

from fractions import Fraction

from ..studies.formula import LIMIT_NOTE, VARIABLE, Formulas, RationalFunction, WagerFormula
from .common import COUNTING, offered_text, pays_changed, rule_set_fields, typeset
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Formula,
    Prose,
    Section,
    Table,
    Value,
    data,
    decimal,
    flag,
    fraction,
    integer,
    pays,
    percent,
    text,
)
from .provenance import provenance

INFINITY = "infinite"
"""How the limit row is labelled in tables."""

NO_PAYS = (
    "No pay table, so no house edge: the figure is the probability that the bet qualifies for a pay "
    "(the outcomes without a pay together)."
)


def _fit_text(formulas: Formulas) -> str:
    fit, check = formulas.fit_decks, formulas.check_decks
    return (
        f"Each count is a polynomial of degree at most 6 in {VARIABLE}, fitted exactly from enumerations at "
        f"{VARIABLE} = {fit[0]}-{fit[-1]} and checked against a direct enumeration at "
        f"{VARIABLE} = {', '.join(str(d) for d in check)}."
    )


def _head(formulas: Formulas) -> Fields:
    rules, family = formulas.rules, formulas.family
    # The deck-count default (the first one, when there is one) does not apply: d is the variable.
    defaults = list(rules.defaults())[1 if rules.decks_default else 0 :]
    fields = [
        *rule_set_fields(rules),
        Field("variable", None, text(VARIABLE)),
        Field("shoe", "Shoe", text(family.text), text=f"{family.text}."),
        Field("removed", None, tuple(text(r) for r in family.removed)),
        Field(
            "dealings",
            "All ordered six-card dealings",
            text(family.denominator_text),
            text=f"{family.denominator_text}.",
        ),
        Field("counting", "", text(COUNTING)),
        Field("coefficients", None, text(f"integers as strings, highest power of {VARIABLE} first")),
        Field("fit_decks", None, tuple(integer(d) for d in formulas.fit_decks)),
        Field("check_decks", None, tuple(integer(d) for d in formulas.check_decks)),
        Field(None, "", text(_fit_text(formulas))),
        Field("limit", "", text(LIMIT_NOTE)),
        Field("defaults", "Defaults where the document is silent", tuple(text(d) for d in defaults)),
    ]
    if family.first_decks > 1:
        fields.append(
            Field(
                None,
                "",
                text(f"The removed cards need at least {family.first_decks} decks; smaller shoes are marked n/a."),
            )
        )
    return Fields(tuple(fields))


def _figure(value: Fraction | None, as_percent: bool) -> Value:
    return percent(value) if as_percent else decimal(value)


def _function(
    key: str, function: RationalFunction | None, values: tuple[tuple[int, Fraction | None], ...]
) -> list[Fields | Table]:
    """A rational function for machines: formula, coefficients, its values, its limit (or null)."""
    if function is None:
        return [Fields((Field(key, None, None),))]
    return [
        Fields(
            (
                Field("formula", None, text(function.text)),
                Field("numerator", None, tuple(text(str(c)) for c in function.numerator)),
                Field("denominator", None, tuple(text(str(c)) for c in function.denominator)),
            ),
            key=key,
        ),
        Table(
            columns=(Column("decks", None), Column("value", None)),
            rows=tuple((integer(d), fraction(v)) for d, v in values),
            key=f"{key}.values",
            human=False,
        ),
        Fields((Field("limit", None, fraction(function.limit)),), key=key),
    ]


def _wager_section(formulas: Formulas, formula: WagerFormula, upto: int, outcomes: bool) -> Section:
    wager, figure = formula.wager, formula.figure
    as_percent = formula.house_edge is not None
    values = formulas.values(formula, upto)
    rows: list[tuple[Value | None, ...]] = [
        (text(str(d)), _figure(v, as_percent), text("the removed cards do not fit") if v is None else fraction(v))
        for d, v in values
    ]
    rows.append((text(INFINITY), _figure(figure.limit, as_percent), fraction(figure.limit)))
    shown = Table(
        columns=(Column(None, "decks", "right"), Column(None, formula.figure_name, "right"), Column(None, "exact")),
        rows=tuple(rows),
    )
    by_outcome = Table(
        columns=(
            Column("outcome", "outcome"),
            Column("pays", "pays"),
            Column("combinations", f"combinations({VARIABLE})"),
            Column("limit_probability", "probability as d grows"),
            Column(None, "exact"),
        ),
        rows=tuple(
            (
                text(o.outcome.name),
                pays(o.outcome.pays, shown="?" if o.outcome.pays is None else None),
                data([str(c) for c in o.combinations], o.text),
                decimal(o.limit),
                fraction(o.limit),
            )
            for o in formula.outcomes
        ),
        key="outcomes",
        human=outcomes,
    )
    csv_rows = tuple(
        (
            text("house_edge" if as_percent else "qualifying_probability"),
            data(d, str(d)),
            fraction(v),
            decimal(v, 10),
            text(figure.text),
        )
        for d, v in [*values, (INFINITY, figure.limit)]
    )
    blocks = [
        Fields(
            (
                Field("wager", None, text(wager.name)),
                Field("title", None, text(wager.title)),
                Field("offered", None, flag(wager.offered)),
            )
        ),
        Prose(
            (f"{formula.figure_name}({VARIABLE}) = {typeset(figure.text)}",),
            math=(Formula(f"{formula.figure_name}({VARIABLE}) = ", figure.mathml, figure.latex),)
            if figure.mathml
            else (),
        ),
        Prose((f"{formula.figure_name}({VARIABLE}) = {figure.text}",), code=True),
        *((Prose((NO_PAYS,)),) if formula.house_edge is None else ()),
        *_function("house_edge", formula.house_edge, values),
        *_function("qualifying_probability", formula.qualifying, values),
        shown,
        by_outcome,
        Table(
            columns=tuple(Column(k, None) for k in ("figure", "decks", "value", "decimal", "formula")),
            rows=csv_rows,
            human=False,
            csv=True,
        ),
    ]
    return Section(
        title=wager.title,
        name=wager.name,
        status=offered_text(wager),
        blocks=tuple(blocks),
        key="wagers",
        context=(Field("wager", None, text(wager.name)),),
    )


def formula_document(formulas: Formulas, upto: int, outcomes: bool = False) -> Document:
    """``formula``: every wager's figure as a function of d, its values at d = 1..``upto`` and its limit."""
    return Document(
        title=f"{formulas.rules.name}: house edge as a function of the number of decks {VARIABLE}",
        blocks=(_head(formulas), *(_wager_section(formulas, f, upto, outcomes) for f in formulas.wagers)),
        context=(
            Field("rule_set", None, text(formulas.rules.name)),
            Field("removed", None, text(" ".join(formulas.family.removed))),
            Field("pays_changed", None, text(pays_changed(formulas.rules))),
        ),
        provenance=provenance((formulas.rules,), formulas.family.text),
    )
