"""``eor``: the effects of removal as objects (what ``baccarat eor`` prints)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..game.cards import RANKS
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.common import shoe_text
from ..report.model import Document
from ..studies.eor import RemovalTable, removal_table
from .common import html_table, rule_set, shoe_for, to_frame


@dataclass(frozen=True, slots=True)
class Removal:
    """Each rank's exact effect on each wager's expected value, with the balanced count ``eor`` derives."""

    rules: RuleSet
    shoe: Shoe
    table: RemovalTable

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per wager: its exact expected value, then the effect of removing one card of each rank
        (Fractions; ``None`` where the shoe holds no card of that rank), and the count's tags."""
        table = self.table
        return [
            {
                "rule_set": self.rules.name,
                "wager": effects.wager.name,
                "expected_value": effects.expected_value,
                **{f"remove {rank}": effect for rank, effect in zip(RANKS, effects.effects)},
                "tags": count.tags,
                "break_even_true_count": threshold,
            }
            for effects, count, threshold in zip(table.effects, table.counts, table.thresholds)
        ]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def document(self) -> Document:
        """The ``eor`` document of the report model."""
        from ..report.eor import eor_document

        return eor_document(self.table)

    def _repr_html_(self) -> str:
        return html_table(self.to_records(), f"Effects of removal: {self.rules.name}, {shoe_text(self.shoe)}")


def eor(
    rules: str | RuleSet = "punto-banco",
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: Iterable[str] = (),
    wagers: Sequence[str] = (),
    wager_files: Sequence[str] = (),
) -> Removal:
    """The effects of removal of ``wagers`` (default: all) under ``rules``, as ``baccarat eor`` computes them.

    Arguments as :func:`analyzer.api.analyze`.
    """
    chosen = rule_set(rules, pays, wager_files)
    shoe = shoe_for(chosen, decks, remove)
    return Removal(chosen, shoe, removal_table(chosen, shoe, tuple(wagers)))
