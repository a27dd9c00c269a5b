"""``equilibrium`` as a library call: the exact solution of a game with choices, as records and frames.

:func:`equilibrium` solves the game of a rule set with a ``[choices]`` table (``chemin-de-fer``) on a shoe and
returns :class:`Equilibria`: the report's document (every format of the command line), and the same figures as
records, exact (Fractions), one per free Banker cell or per Player decision of every equilibrium.

>>> from analyzer.api.equilibrium import equilibrium
>>> solved = equilibrium("chemin-de-fer", decks=6, information="totals")
>>> [(r["decision"], r["draw"]) for r in solved.player_records()]
[('5', Fraction(7631761, 9407656))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..game.choices import parse_commission
from ..game.rules import RuleSet
from ..report.model import Document
from ..studies.equilibrium import Solved, solve
from .common import rule_set, shoe_for, to_frame
from .result import Result
from .table import html_table


@dataclass(frozen=True)
class Equilibria:
    """The solution of one game: :attr:`solved` (the study's objects) and its document."""

    solved: Solved
    report: Document

    def document(self) -> Document:
        """The command's document (provenance included)."""
        return self.report

    def to_records(self) -> list[dict[str, Any]]:
        """One record per free Banker cell of each equilibrium: its play, probability range and reach, exact."""
        rows = []
        for index, found in enumerate(self.solved.equilibria):
            for play in found.banker_plays:
                rows.append(
                    {
                        "equilibrium": index + 1,
                        "cell": play.label,
                        "total": play.total,
                        "composition": play.composition,
                        "column": play.column,
                        "reach": play.reach,
                        "tableau": "draw" if play.tableau else "stand",
                        "play": play.play,
                        "draw_low": play.low,
                        "draw_high": play.high,
                        "draw": play.point,
                        "player_value": found.player_payoff,
                        "banker_value": found.banker_payoff,
                    }
                )
        return rows

    def player_records(self) -> list[dict[str, Any]]:
        """One record per Player decision of each equilibrium."""
        return [
            {
                "equilibrium": index + 1,
                "decision": play.label,
                "total": play.total,
                "composition": play.composition,
                "reach": play.reach,
                "play": play.play,
                "draw_low": play.low,
                "draw_high": play.high,
                "draw": play.point,
            }
            for index, found in enumerate(self.solved.equilibria)
            for play in found.player_plays
        ]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document in one of the command line's formats."""
        from ..report.output import produce

        return produce(self.report, fmt, exact)

    def _repr_html_(self) -> str:
        return html_table(self.player_records(), self.report.title)


def equilibrium(
    rules: str | RuleSet,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    information: str | None = None,
    commission: str | Fraction | None = None,
    with_replacement: bool = False,
) -> Equilibria:
    """The exact equilibrium of ``rules`` (a name, a path or a :class:`RuleSet` with ``[choices]``).

    The shoe is the rule set's (6 decks for ``chemin-de-fer``) or ``decks``, less ``remove``; with
    ``with_replacement`` the cards are drawn with replacement instead (the infinite deck). ``information`` is
    one of ``totals``, ``banker-composition``, ``both-compositions`` (default: the rule file's);
    ``commission`` a percentage such as ``"5%"`` or a Fraction (default: the rule file's).
    """
    from ..report.common import shoe_text
    from ..report.equilibrium import equilibrium_document

    loaded = rule_set(rules)
    if with_replacement and (decks is not None or remove):
        raise InputError("--with-replacement draws every card from a fresh deck: give it without --decks or --remove.")
    taken = parse_commission(commission) if isinstance(commission, str) else commission
    shoe = None if with_replacement else shoe_for(loaded, decks, remove)
    solved = solve(loaded, shoe, information, taken)
    if shoe is not None:
        from dataclasses import replace

        solved = replace(solved, shoe=shoe_text(shoe))
    return Equilibria(solved=solved, report=equilibrium_document(solved))


def equilibrium_formulas(
    rules: str | RuleSet,
    remove: str | Iterable[str] = "",
    information: str | None = None,
    commission: str | Fraction | None = None,
    upto: int = 8,
) -> Result:
    """The equilibrium of ``rules`` for every number of decks d at once (``baccarat equilibrium --formula``): each
    structure, its range of d and its formulas, held equal to the exact solutions at d = 1..``upto``.

    Its records (:meth:`~analyzer.api.result.Result.to_records`) are the deck counts solved, with each one's
    structure and values; ``to_records("structures")`` the structures.
    """
    from ..game.cards import parse_removal
    from ..report.equilibrium_formula import equilibrium_formula_document
    from ..studies.equilibrium_formula import equilibrium_formulas as study

    loaded = rule_set(rules)
    taken = parse_commission(commission) if isinstance(commission, str) else commission
    removed = parse_removal(remove if isinstance(remove, str) else ",".join(remove))
    return Result(
        report=equilibrium_formula_document(study(loaded, information, taken, removed, upto)), records="decks"
    )


def equilibrium_shoes(
    rules: str | RuleSet,
    shoes: int,
    seed: int = 0,
    decks: int | None = None,
    information: str | None = None,
    commission: str | Fraction | None = None,
    workers: int = 1,
) -> Result:
    """``baccarat equilibrium --shoes``: ``shoes`` shoes dealt as ``count`` deals them, the game solved exactly
    before every coup and played out at its equilibrium (:mod:`analyzer.studies.equilibrium_shoes`), on
    ``workers`` local processes. Its records are the depth groups; ``to_records("coups")`` every coup, exact."""
    from ..play.executor import open_executor
    from ..report.equilibrium_shoes import equilibrium_shoes_document
    from ..studies.equilibrium_shoes import shoes_study

    loaded = rule_set(rules)
    taken = parse_commission(commission) if isinstance(commission, str) else commission
    with open_executor(workers) as executor:
        study = shoes_study(loaded, shoes, seed, decks, information, taken, executor=executor)
    return Result(report=equilibrium_shoes_document(study), records="depths")
