"""``equilibrium`` as a library call: the exact solution of a game with choices, as records and frames.

:func:`equilibrium` solves the game of a rule set with a ``[choices]`` table (``chemin-de-fer``) on a shoe and
returns :class:`Equilibria`: the report's document (every format of the command line), and the same figures as
records, exact (Fractions), one per free Banker cell or per Player decision of every equilibrium.

>>> from analyzer.api.equilibrium import equilibrium
>>> solved = equilibrium("chemin-de-fer", decks=6, information="totals")
>>> [(r["decision"], r["draw"]) for r in solved.player_records()]
[('5', Fraction(7631761, 9407656))]
>>> solved
<Equilibria: the equilibrium of chemin-de-fer (totals), 6 decks (312 cards); 1 equilibrium, 88 Banker cell rows>
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..errors import InputError, named, shown
from ..game.choices import composition_text, parse_commission
from ..game.rules import RuleSet
from ..report.model import Document, Value, data, decimal, integer, percent, text
from ..studies.equilibrium import DRAWS, STANDS, Play, Solved, solve
from .common import plural, rendered, rule_set, shoe_for, texts, to_frame
from .result import Result
from .table import exact_rows, html_table

REACH_PLACES = 6
"""Decimals of a decision's or a cell's probability, as the ``equilibrium`` report prints it."""
DRAW_PLACES = 4
"""Decimals of a probability of drawing, shown as a percentage as the report shows it."""


def _composition(play: Play) -> Value:
    """A composition as data (the pair of values, smaller first) that people read "T-6"."""
    if play.composition is None:
        return data(None, "")
    return data(play.composition, composition_text(play.composition))


def _draws(play: Play) -> dict[str, Value]:
    return {
        "draw_low": percent(play.low, DRAW_PLACES),
        "draw_high": percent(play.high, DRAW_PLACES),
        "draw": percent(play.point, DRAW_PLACES),
    }


@dataclass(frozen=True, slots=True, repr=False)
class Equilibria:
    """The solution of one game: :attr:`solved` (the study's objects) and its document.

    In Jupyter it shows three tables, each value as ``baccarat equilibrium`` prints it (probabilities of drawing as
    percentages, reaches to six places), every exact fraction in its tooltip: the value of each equilibrium, the
    Player's decisions, the Banker's free cells; :meth:`to_html` with ``exact=True`` shows the fractions.
    """

    solved: Solved
    report: Document

    def __repr__(self) -> str:
        solved = self.solved
        found = len(solved.equilibria)
        kind = "equilibrium" if found == 1 else "equilibria"
        return (
            f"<Equilibria: the equilibrium of {solved.rules.name} ({solved.game.game.information}), {solved.shoe}; "
            f"{found:,} {kind}, {plural(len(self._cell_rows()), 'Banker cell row')}>"
        )

    def _cell_rows(self) -> list[dict[str, Value]]:
        return [
            {
                "equilibrium": integer(index + 1),
                "cell": text(play.label),
                "total": integer(play.total),
                "composition": _composition(play),
                "column": integer(play.column),
                "reach": decimal(play.reach, REACH_PLACES),
                "tableau": text(DRAWS if play.tableau else STANDS),
                "play": text(play.play),
                **_draws(play),
                "player_value": decimal(found.player_payoff, signed=True),
                "banker_value": decimal(found.banker_payoff, signed=True),
            }
            for index, found in enumerate(self.solved.equilibria)
            for play in found.banker_plays
        ]

    def _player_rows(self) -> list[dict[str, Value]]:
        return [
            {
                "equilibrium": integer(index + 1),
                "decision": text(play.label),
                "total": integer(play.total),
                "composition": _composition(play),
                "reach": decimal(play.reach, REACH_PLACES),
                "play": text(play.play),
                **_draws(play),
            }
            for index, found in enumerate(self.solved.equilibria)
            for play in found.player_plays
        ]

    def _value_rows(self) -> list[dict[str, Value]]:
        return [
            {
                "equilibrium": integer(index + 1),
                "player_value": decimal(found.player_payoff, signed=True),
                "banker_value": decimal(found.banker_payoff, signed=True),
                "player_value_low": decimal(found.player_range[0], signed=True),
                "player_value_high": decimal(found.player_range[1], signed=True),
            }
            for index, found in enumerate(self.solved.equilibria)
        ]

    def document(self) -> Document:
        """The command's document (provenance included)."""
        return self.report

    def to_records(self) -> list[dict[str, Any]]:
        """One record per free Banker cell of each equilibrium: its play, probability range and reach, exact; the
        composition as a pair of values (smaller first) or None, the column 0 when the Player stood, 1 + v when he
        drew v."""
        return exact_rows(self._cell_rows())

    def player_records(self) -> list[dict[str, Any]]:
        """One record per Player decision of each equilibrium."""
        return exact_rows(self._player_rows())

    def values(self) -> list[dict[str, Any]]:
        """One record per equilibrium: the value per coup to each side, and the Player's over the Banker's set."""
        return exact_rows(self._value_rows())

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra): exact Fractions in ``object`` columns;
        ``floats=True`` adds a ``float64`` twin of each (``draw_float``, ...) for plotting."""
        return to_frame(self.to_records(), floats)

    def player_frame(self, floats: bool = False) -> Any:
        """:meth:`player_records` as a pandas DataFrame (``floats`` as in :meth:`to_frame`)."""
        return to_frame(self.player_records(), floats)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat equilibrium --format FMT`` writes it (:data:`~.common.RENDER_FORMATS`: text, md,
        csv, json, html; xlsx and pdf as bytes); ``exact`` writes fractions instead of rounded decimals."""
        return rendered(self.report, fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The tables Jupyter shows: each equilibrium's value, the Player's decisions, the Banker's free cells
        (``exact``: fractions)."""
        shown_cells = ("equilibrium", "cell", "reach", "tableau", "play", "draw_low", "draw_high", "draw")
        cells = [{k: v for k, v in row.items() if k in shown_cells} for row in self._cell_rows()]
        players = [{k: v for k, v in row.items() if k not in ("total", "composition")} for row in self._player_rows()]
        return (
            html_table(self._value_rows(), f"{self.report.title}, {self.solved.shoe}", exact)
            + html_table(players, "The Player's decisions", exact)
            + html_table(cells, "The Banker's free cells", exact)
        )

    def _repr_html_(self) -> str:
        return self.to_html()


def _commission(commission: str | Fraction | None) -> Fraction | None:
    """The commission as given: a text read as ``--commission`` reads it ("5%", "1/20"), an exact number, or None
    (the rule file's)."""
    if commission is None or isinstance(commission, Fraction):
        return commission
    if isinstance(commission, str):
        return parse_commission(commission)
    if isinstance(commission, int) and not isinstance(commission, bool):
        return Fraction(commission)
    raise InputError(
        f"{named('commission')} must be a text such as '5%' or '1/20', or a Fraction, got {shown(commission)} "
        "(a float would not be exact)."
    )


def equilibrium(
    rules: str | RuleSet,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    information: str | None = None,
    commission: str | Fraction | None = None,
    with_replacement: bool = False,
) -> Equilibria:
    """The exact equilibrium of ``rules`` (a name, a path or a :class:`RuleSet` with ``[choices]``).

    The shoe is the rule set's (6 decks for ``chemin-de-fer``) or ``decks``, less ``remove`` (``"5x4,K"``, or a list
    of such texts); with ``with_replacement`` the cards are drawn with replacement instead (the infinite deck).
    ``information`` is one of ``totals``, ``banker-composition``, ``both-compositions`` (default: the rule file's);
    ``commission`` a text such as ``"5%"`` or ``"1/20"``, or a Fraction (default: the rule file's). Bad input raises
    :class:`~analyzer.errors.InputError`, one line naming the parameter.
    """
    from ..report.common import shoe_text
    from ..report.equilibrium import equilibrium_document

    loaded = rule_set(rules)
    if with_replacement and (decks is not None or any(t.strip() for t in texts(remove, "remove"))):
        raise InputError(
            f"{named('with_replacement')} draws every card from a fresh deck: give it without {named('decks')} or "
            f"{named('remove')}."
        )
    taken = _commission(commission)
    shoe = None if with_replacement else shoe_for(loaded, decks, remove)
    solved = solve(loaded, shoe, information, taken)
    if shoe is not None:
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
    removed = parse_removal(",".join(texts(remove, "remove")))
    return Result(
        report=equilibrium_formula_document(study(loaded, information, _commission(commission), removed, upto)),
        records="decks",
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
    taken = _commission(commission)
    with open_executor(workers) as executor:
        study = shoes_study(loaded, shoes, seed, decks, information, taken, executor=executor)
    return Result(report=equilibrium_shoes_document(study), records="depths")
