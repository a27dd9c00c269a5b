"""``analyze``: par sheets as objects (what ``baccarat analyze`` prints)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet, par_sheets
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.analysis import analysis_document
from ..report.common import FIGURES as SHOWN
from ..report.common import shoe_text
from ..report.model import Document, Value, count, decimal, percent, real, text
from ..report.model import pays as pays_value
from .common import plural, rendered, rule_set, shoe_for, texts, to_frame
from .table import exact_rows, html_table

FIGURES: tuple[str, ...] = tuple(key for key, _, _ in SHOWN)
"""The exact figures of a par sheet, in the order the summary gives them (all Fractions, or None without pays)."""


@dataclass(frozen=True, slots=True, repr=False)
class Analysis:
    """The par sheets of some wagers under one rule set and shoe: exact, as ``baccarat analyze`` gives them.

    In Jupyter it shows itself as two tables (each wager's figures, then every outcome), each value as the text
    output prints it (pays as the rule file writes them, "19:20"; house edges as "1.0579%"), every rounded figure's
    exact fraction in its tooltip; :meth:`to_html` with ``exact=True`` shows the fractions themselves.
    """

    rules: RuleSet
    shoe: Shoe
    sheets: tuple[ParSheet, ...]

    def __repr__(self) -> str:
        rows = sum(len(s.rows) for s in self.sheets)
        return (
            f"<Analysis: par sheets of {plural(len(self.sheets), 'wager')} under {self.rules.name}, "
            f"{shoe_text(self.shoe)}; {plural(rows, 'outcome row')}>"
        )

    def sheet(self, wager: str) -> ParSheet:
        """The par sheet of ``wager`` (its name in the rule file)."""
        for sheet in self.sheets:
            if sheet.wager.name == wager:
                return sheet
        names = ", ".join(s.wager.name for s in self.sheets)
        raise InputError(f"No wager {shown(wager)} in this analysis; it has: {names}.")

    def _outcome_rows(self) -> list[dict[str, Value]]:
        return [
            {
                "rule_set": text(self.rules.name),
                "wager": text(s.wager.name),
                "outcome": text(row.outcome.name),
                "combinations": count(row.combinations),
                "probability": decimal(row.probability),
                "pays": pays_value(row.pays, shown=row.outcome.pays_text if row.pays is None else None),
                "return": decimal(row.contribution),
            }
            for s in self.sheets
            for row in s.rows
        ]

    def _summary_rows(self) -> list[dict[str, Value]]:
        return [
            {
                "rule_set": text(self.rules.name),
                "wager": text(s.wager.name),
                "denominator": count(s.denominator),
                **{key: (percent if as_percent else decimal)(getattr(s, key)) for key, _, as_percent in SHOWN},
                "standard_deviation": real(s.standard_deviation),
                "break_even_meter": decimal(None if s.jackpot is None else s.jackpot.break_even_meter, 2),
            }
            for s in self.sheets
        ]

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per outcome row: rule set, wager, outcome, combinations (int), probability, pays and
        return (Fractions; ``None`` where a wager has no pay table)."""
        return exact_rows(self._outcome_rows())

    def summary(self) -> list[dict[str, Any]]:
        """One dict per wager: its exact figures (:data:`FIGURES`), the standard deviation (a float), and a
        progressive jackpot's break-even meter (an exact Fraction; ``None`` without a jackpot, or when no meter
        makes the bet fair, as when it favours the player at every meter: ``sheet(w).jackpot`` says which)."""
        return exact_rows(self._summary_rows())

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra): exact Fractions in ``object`` columns;
        ``floats=True`` adds a ``float64`` twin of each (``probability_float``, ...) for plotting."""
        return to_frame(self.to_records(), floats)

    def summary_frame(self, floats: bool = False) -> Any:
        """:meth:`summary` as a pandas DataFrame (``floats`` as in :meth:`to_frame`)."""
        return to_frame(self.summary(), floats)

    def document(self) -> Document:
        """The ``analyze`` document of the report model (provenance included)."""
        return analysis_document(self.rules, self.shoe, self.sheets)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat analyze --format FMT`` writes it (:data:`~.common.RENDER_FORMATS`: text, md,
        csv, json, html; xlsx and pdf as bytes); ``exact`` writes fractions instead of rounded decimals."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The two tables Jupyter shows: each wager's figures, then every outcome (``exact``: fractions)."""
        labels = {"wager": "wager", **{key: label for key, label, _ in SHOWN}, "standard_deviation": "SD"}
        summary = [{labels[k]: v for k, v in row.items() if k in labels} for row in self._summary_rows()]
        outcomes = [{k: v for k, v in row.items() if k != "rule_set"} for row in self._outcome_rows()]
        caption = f"{self.rules.name}: {self.rules.title}; {shoe_text(self.shoe)}"
        return html_table(summary, caption, exact) + html_table(outcomes, "Outcomes", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def analyze(
    rules: str | RuleSet = "punto-banco",
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wagers: str | Sequence[str] = (),
    wager_files: str | Sequence[str] = (),
) -> Analysis:
    """The par sheets of ``wagers`` (default: all) under ``rules``, exactly as ``baccarat analyze`` computes them.

    ``rules`` is a shipped name (``"punto-banco"``, a catalogue file such as ``"golden-frog"``), a rule
    file's path, or a :class:`RuleSet`; ``decks`` defaults to the rule set's own; ``remove`` takes cards
    out (``"5x4,K"``); ``pays`` changes pays (``["tie:tie=9:1"]``); ``wager_files`` adds side bets, as
    ``--wagers`` does; a text is one of each (``wagers="banker"``). Bad input raises
    :class:`~analyzer.errors.InputError`, one line naming the parameter.

    >>> from analyzer.numbers import percent_text
    >>> percent_text(analyze("dactylus", wagers=["banker"]).sheet("banker").house_edge)
    '1.4581%'
    """
    chosen = rule_set(rules, pays, wager_files)
    shoe = shoe_for(chosen, decks, remove)
    return Analysis(chosen, shoe, par_sheets(chosen, shoe, texts(wagers, "wagers")))
