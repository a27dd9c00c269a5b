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
from ..report.common import shoe_text
from ..report.model import Document
from .common import html_table, rule_set, shoe_for, to_frame

FIGURES: tuple[str, ...] = (
    "expected_value",
    "house_edge",
    "rtp",
    "element_of_risk",
    "hit_frequency",
    "push_frequency",
    "variance",
)
"""The exact figures of a par sheet, in the order the summary gives them (all Fractions, or None without pays)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """The par sheets of some wagers under one rule set and shoe: exact, as ``baccarat analyze`` gives them."""

    rules: RuleSet
    shoe: Shoe
    sheets: tuple[ParSheet, ...]

    def sheet(self, wager: str) -> ParSheet:
        """The par sheet of ``wager`` (its name in the rule file)."""
        for sheet in self.sheets:
            if sheet.wager.name == wager:
                return sheet
        names = ", ".join(s.wager.name for s in self.sheets)
        raise InputError(f"No wager {shown(wager)} in this analysis; it has: {names}.")

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per outcome row: rule set, wager, outcome, combinations (int), probability, pays and
        return (Fractions; ``None`` where a wager has no pay table)."""
        return [
            {
                "rule_set": self.rules.name,
                "wager": s.wager.name,
                "outcome": row.outcome.name,
                "combinations": row.combinations,
                "probability": row.probability,
                "pays": row.pays,
                "return": row.contribution,
            }
            for s in self.sheets
            for row in s.rows
        ]

    def summary(self) -> list[dict[str, Any]]:
        """One dict per wager: its exact figures (:data:`FIGURES`), the standard deviation (a float), and a
        progressive jackpot's break-even meter (an exact Fraction; ``None`` without a jackpot, or when no meter
        makes the bet fair, as when it favours the player at every meter: ``sheet(w).jackpot`` says which)."""
        return [
            {
                "rule_set": self.rules.name,
                "wager": s.wager.name,
                "denominator": s.denominator,
                **{f: getattr(s, f) for f in FIGURES},
                "standard_deviation": s.standard_deviation,
                "break_even_meter": None if s.jackpot is None else s.jackpot.break_even_meter,
            }
            for s in self.sheets
        ]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def summary_frame(self) -> Any:
        """:meth:`summary` as a pandas DataFrame."""
        return to_frame(self.summary())

    def document(self) -> Document:
        """The ``analyze`` document of the report model (provenance included)."""
        return analysis_document(self.rules, self.shoe, self.sheets)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document in one of the command line's formats (text, md, csv, json, html; pdf and xlsx as bytes)."""
        from ..report.output import produce

        return produce(self.document(), fmt, exact)

    def _repr_html_(self) -> str:
        caption = f"{self.rules.name}: {shoe_text(self.shoe)}"
        return html_table(self.summary(), caption) + html_table(self.to_records(), "Outcomes")


def analyze(
    rules: str | RuleSet = "punto-banco",
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: Iterable[str] = (),
    wagers: Sequence[str] = (),
    wager_files: Sequence[str] = (),
) -> Analysis:
    """The par sheets of ``wagers`` (default: all) under ``rules``, exactly as ``baccarat analyze`` computes them.

    ``rules`` is a shipped name (``"punto-banco"``, a catalogue file such as ``"golden-frog"``), a rule
    file's path, or a :class:`RuleSet`; ``decks`` defaults to the rule set's own; ``remove`` takes cards
    out (``"5x4,K"``); ``pays`` changes pays (``["tie:tie=9:1"]``); ``wager_files`` adds side bets, as
    ``--wagers`` does. Bad input raises :class:`~analyzer.errors.InputError` with the command line's line.

    >>> from analyzer.numbers import percent_text
    >>> percent_text(analyze("dactylus", wagers=["banker"]).sheet("banker").house_edge)
    '1.4581%'
    """
    chosen = rule_set(rules, pays, wager_files)
    shoe = shoe_for(chosen, decks, remove)
    return Analysis(chosen, shoe, par_sheets(chosen, shoe, tuple(wagers)))
