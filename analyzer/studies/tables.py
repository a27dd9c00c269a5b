"""What ``baccarat tables`` computes for ``results/``: per shipped rule set its par sheets, effects of removal, math
evaluation and Play Your Own Cards; every rule set's closed forms; the side-bet catalogue; each shipped game with
choices solved at its own shoe.

:func:`tables_figures` computes it all at 8 decks (:data:`RESULTS_DECKS`); :mod:`analyzer.report.results` only
writes it as the files ``results/`` holds, so that the figures there are the ones a program reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..exact.parsheet import ParSheet, par_sheets
from ..exact.reach import load_rules
from ..game.rules import RuleSet
from ..game.shipped import games, shipped
from ..game.shoe import Shoe
from .catalogue import Entry, entries
from .eor import RemovalTable, removal_table
from .equilibrium import Solved, solve
from .evaluation import Evaluation, evaluate
from .formula import Formulas
from .owncards import OwnCardsAnalysis, analyze_own_cards

RESULTS_DECKS = 8
"""Every table in results/ is for 8 decks (003's count, the default elsewhere)."""


@dataclass(frozen=True, slots=True)
class RuleSetFigures:
    """Everything results/ states about one shipped rule set at :data:`RESULTS_DECKS` decks."""

    rules: RuleSet
    sheets: tuple[ParSheet, ...]
    removal: RemovalTable
    evaluation: Evaluation | None
    """Its math evaluation (the report), when the reports were asked for."""
    own_cards: OwnCardsAnalysis | None


@dataclass(frozen=True, slots=True)
class GameFigures:
    """A shipped game with choices (``rulesets/games/``) solved on its own shoe (chemin de fer's six decks), with the
    information and commission its file states."""

    rules: RuleSet
    shoe: Shoe
    solved: Solved


@dataclass(frozen=True, slots=True)
class TablesFigures:
    """Everything results/ states: each shipped rule set's figures, their closed forms, the side-bet catalogue, the
    shipped games' equilibria."""

    shoe: Shoe
    rule_sets: tuple[RuleSetFigures, ...]
    formulas: tuple[Formulas, ...]
    catalogue: tuple[Entry, ...]
    reports: bool
    games: tuple[GameFigures, ...] = ()


def steps(reports: bool = True) -> int:
    """The progress steps of :func:`tables_figures`: per shipped rule set its tables, its report, and its formulas;
    then the side-bet catalogue; then each game with choices."""
    return (3 if reports else 2) * len(shipped()) + 1 + len(games())


def tables_figures(progress: Callable[[int], None] | None = None, reports: bool = True) -> TablesFigures:
    """Compute everything results/ holds (``reports``: the math evaluations too); ``progress(1)`` after each step
    (:func:`steps`)."""
    from .formula import formulas  # sympy is imported here, not when the command line starts

    shoe = Shoe.decks(RESULTS_DECKS)
    found = []
    for name in shipped():
        rules = load_rules(name)
        sheets = par_sheets(rules, shoe)
        removal = removal_table(rules, shoe)
        own = analyze_own_cards(rules, shoe) if rules.own_cards is not None else None
        if progress:
            progress(1)
        evaluation = evaluate(rules, shoe) if reports else None
        if reports and progress:
            progress(1)
        found.append(RuleSetFigures(rules, sheets, removal, evaluation, own))
    closed = []
    for figures in found:
        closed.append(formulas(figures.rules))
        if progress:
            progress(1)
    catalogue = entries()
    if progress:
        progress(1)
    solved = []
    for name in games():
        rules = load_rules(name)
        its_shoe = Shoe.decks(rules.decks)
        solved.append(GameFigures(rules, its_shoe, solve(rules, its_shoe)))
        if progress:
            progress(1)
    return TablesFigures(shoe, tuple(found), tuple(closed), catalogue, reports, tuple(solved))
