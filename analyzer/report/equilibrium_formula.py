"""The ``equilibrium --formula`` report: the equilibrium of a game with choices as functions of the number of decks.

No arithmetic here: the structures, their ranges of d, their formulas, the values at each d and the checks all
come from :mod:`analyzer.studies.equilibrium_formula`.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.choices import INFORMATION_TEXT
from ..numbers import fraction_text
from ..studies.equilibrium_formula import EquilibriumFormulas, Formulas
from ..studies.formula import LIMIT_NOTE, VARIABLE, RationalFunction
from ..studies.polynomials import Ranges
from .common import rule_set_fields, typeset
from .model import (
    Block,
    Column,
    Document,
    Field,
    Fields,
    Formula,
    Prose,
    Section,
    Table,
    Value,
    decimal,
    flag,
    fraction,
    integer,
    percent,
    text,
)
from .provenance import provenance


def ranges_text(ranges: Ranges) -> str:
    """ "d = 1", "d = 4 to 7", "d >= 10", joined by commas; "no d" when empty."""
    parts = []
    for lo, hi in ranges:
        if hi is None:
            parts.append(f"{VARIABLE} >= {lo}")
        elif hi == lo:
            parts.append(f"{VARIABLE} = {lo}")
        else:
            parts.append(f"{VARIABLE} = {lo} to {hi}")
    return ", ".join(parts) or f"no {VARIABLE}"


def _at_infinity(formula: Formulas) -> bool:
    return any(hi is None for _, hi in formula.holds)


def _function_blocks(
    name: str, key: str, function: RationalFunction, infinite: bool, listed: bool = True
) -> list[Block]:
    """A function for people (typeset, and as sympy reads it) and for machines (an entry of the list ``key``, or the
    object ``key`` when not ``listed``)."""
    lead = f"{name}({VARIABLE}) = "
    data = Fields(
        (
            Field("name", None, text(name)),
            Field("formula", None, text(function.text)),
            Field("numerator", None, tuple(text(str(c)) for c in function.numerator)),
            Field("denominator", None, tuple(text(str(c)) for c in function.denominator)),
            Field("limit", None, fraction(function.limit) if infinite else None),
        ),
        key=None if listed else key,
    )
    blocks: list[Block] = [
        Prose(
            (f"{lead}{typeset(function.text)}",),
            math=(Formula(lead, function.mathml, function.latex),) if function.mathml else (),
        ),
        Prose((f"{lead}{function.text}",), code=True),
        Section(title=name, blocks=(data,), key=key, human=False) if listed else data,
    ]
    if infinite:
        blocks.append(Prose((f"As {VARIABLE} grows without bound: {fraction_text(function.limit)}.",)))
    return blocks


def _structure_section(study: EquilibriumFormulas, index: int, formula: Formulas) -> Section:
    decisions, cells = study.labels
    infinite = _at_infinity(formula)
    departures = [
        cells[c]
        for c, x in enumerate(formula.shape.banker)
        if x is not None and (x == 1) != study.limit.game.game.cells[c].tableau
    ]
    pure_player = [
        f"{decisions[i]}: {'draw' if x == 1 else 'stand'}" for i, x in enumerate(formula.shape.player) if x is not None
    ]
    blocks: list[Block] = [
        Fields(
            (
                Field("holds", "Holds for", text(ranges_text(formula.holds))),
                Field(
                    "ranges",
                    None,
                    tuple(text(f"{lo}-{'' if hi is None else hi}") for lo, hi in formula.holds),
                ),
                Field("at_infinity", None, flag(infinite)),
                Field("player_pure", "The Player's pure choices", tuple(text(x) for x in pure_player)),
                Field(
                    "departures",
                    "The Banker's pure choices that differ from the [drawing] tableau",
                    tuple(text(c) for c in departures),
                ),
            )
        ),
    ]
    for i, function in formula.player:
        blocks += _function_blocks(f"p[{decisions[i]}]", "player", function, infinite)
    for c, function in formula.banker:
        blocks += _function_blocks(f"q[{cells[c]}]", "banker", function, infinite)
    blocks += _function_blocks("value to the Player", "player_value", formula.player_value, infinite, listed=False)
    if study.commission != 0:
        blocks += _function_blocks("value to the Banker", "banker_value", formula.banker_value, infinite, listed=False)
    return Section(
        title=f"Structure {index + 1}: {ranges_text(formula.holds)}",
        blocks=tuple(blocks),
        key="structures",
    )


def _decks_table(study: EquilibriumFormulas) -> Table:
    rows: list[tuple[Value | None, ...]] = []
    for d, found in study.solved:
        number = next((n + 1 for n, s in enumerate(study.structures) if s.covers(d)), None)
        equilibrium = found.equilibria[0]
        mixed = " ".join(fraction_text(x) for x in equilibrium.player.point if 0 < x < 1)
        rows.append(
            (
                integer(d),
                integer(number, shown="degenerate" if number is None else None),
                text(mixed),
                decimal(equilibrium.player_payoff, 8, signed=True),
                fraction(equilibrium.player_payoff),
                decimal(equilibrium.banker_payoff, 8, signed=True),
                flag(d in study.checked),
            )
        )
    limit = study.limit.equilibria[0]
    rows.append(
        (
            integer(None, shown="infinite"),
            integer(None, shown="limit"),
            text(" ".join(fraction_text(x) for x in limit.player.point if 0 < x < 1)),
            decimal(limit.player_payoff, 8, signed=True),
            fraction(limit.player_payoff),
            decimal(limit.banker_payoff, 8, signed=True),
            flag(None, shown=""),
        )
    )
    return Table(
        columns=(
            Column("decks", "decks", "right"),
            Column("structure", "structure", "right"),
            Column("player_mix", "the Player's mixed probabilities"),
            Column("player_value", "value to the Player", "right"),
            Column("player_value_exact", "exact"),
            Column("banker_value", "value to the Banker", "right"),
            Column("checked", "formulas = solution"),
        ),
        rows=tuple(rows),
        key="decks",
        csv=True,
        caption="The exact solution at each deck count solved, and the structure whose formulas it equals:",
    )


def equilibrium_formula_document(study: EquilibriumFormulas) -> Document:
    """``equilibrium --formula``: every structure of the equilibrium over d, its formulas and where it holds."""
    rules, family = study.rules, study.family
    fit = study.fit_decks
    checked = ", ".join(str(d) for d in study.checked)
    head = Fields(
        (
            *rule_set_fields(rules),
            Field("variable", None, text(VARIABLE)),
            Field("shoe", "Shoe", text(family.text), text=f"{family.text}."),
            Field(
                "information",
                "Information",
                text(study.information),
                text=f"{study.information}: {INFORMATION_TEXT[study.information]}.",
            ),
            Field("commission", "Commission on Banker wins", percent(study.commission, 2)),
            Field("fit_decks", None, tuple(integer(d) for d in fit)),
            Field("check_decks", None, tuple(integer(d) for d in study.check_decks)),
            Field(
                None,
                "",
                text(
                    f"Every count of the game is a polynomial of degree at most 6 in {VARIABLE}, fitted exactly from "
                    f"{VARIABLE} = {fit[0]}-{fit[-1]} and checked at {VARIABLE} = {study.check_decks[0]}. Each "
                    "structure's probabilities and values solve its indifference equations by Cramer's rule; its "
                    f"range of {VARIABLE} is where every mixed probability lies strictly between 0 and 1 and every "
                    "pure choice is strictly best (exact signs of polynomials)."
                ),
            ),
            Field("checked", "Held equal to the exact solution at", text(f"{VARIABLE} = {checked}.")),
            Field("checked_decks", None, tuple(integer(d) for d in study.checked)),
            Field("degenerate", None, tuple(integer(d) for d in study.degenerate)),
            Field(
                "uncovered",
                "Not covered",
                text(ranges_text(study.uncovered) if study.uncovered else "none: every d has its structure"),
            ),
            Field("limit", "", text(LIMIT_NOTE)),
        )
    )
    blocks: list[Block] = [head]
    if study.commission:
        blocks.append(
            Prose(
                (
                    "With a commission each structure is a Nash equilibrium at every d of its range; that it is the "
                    "only one is checked by the full enumeration at each d solved.",
                )
            )
        )
    blocks.extend(_structure_section(study, i, s) for i, s in enumerate(study.structures))
    blocks.append(_decks_table(study))
    return Document(
        title=f"{rules.name}: the equilibrium as a function of the number of decks {VARIABLE} ({study.information})",
        blocks=tuple(blocks),
        context=(
            Field("rule_set", None, text(rules.name)),
            Field("information", None, text(study.information)),
            Field("commission", None, fraction(Fraction(study.commission))),
        ),
        provenance=provenance((rules,), family.text),
    )
