"""``eor``: the effects of removal as objects (what ``baccarat eor`` prints)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..game.cards import RANKS
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.common import shoe_text
from ..report.eor import EFFECT_PLACES
from ..report.model import Document, Value, data, decimal, percent, text
from ..studies.eor import RemovalTable, removal_table
from .common import rendered, rule_set, shoe_for, texts, to_frame
from .table import exact_rows, html_table


@dataclass(frozen=True, slots=True, repr=False)
class Removal:
    """Each rank's exact effect on each wager's expected value, with the balanced count ``eor`` derives."""

    rules: RuleSet
    shoe: Shoe
    table: RemovalTable

    def __repr__(self) -> str:
        n = len(self.table.effects)
        return (
            f"<Removal: effects of removal on {n:,} wager{'' if n == 1 else 's'} under {self.rules.name}, "
            f"{shoe_text(self.shoe)}; {n:,} row{'' if n == 1 else 's'}>"
        )

    def _rows(self) -> list[dict[str, Value]]:
        table = self.table
        return [
            {
                "rule_set": text(self.rules.name),
                "wager": text(effects.wager.name),
                "expected_value": percent(effects.expected_value),
                **{f"remove {rank}": percent(effect, EFFECT_PLACES) for rank, effect in zip(RANKS, effects.effects)},
                "tags": data(count.tags, " ".join(f"{t:+d}" if t else "0" for t in count.tags)),
                "break_even_true_count": decimal(threshold, 2),
            }
            for effects, count, threshold in zip(table.effects, table.counts, table.thresholds)
        ]

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per wager: its exact expected value, then the effect of removing one card of each rank
        (Fractions; ``None`` where the shoe holds no card of that rank), and the count's tags."""
        return exact_rows(self._rows())

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra; ``floats``: a float twin of each exact
        column)."""
        return to_frame(self.to_records(), floats)

    def document(self) -> Document:
        """The ``eor`` document of the report model."""
        from ..report.eor import eor_document

        return eor_document(self.table)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat eor --format FMT`` writes it (text, md, csv, json, html; xlsx and pdf as
        bytes)."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The table Jupyter shows: each wager's expected value and effects in percent of the bet, its tags."""
        rows = [{k: v for k, v in row.items() if k != "rule_set"} for row in self._rows()]
        return html_table(rows, f"Effects of removal: {self.rules.name}, {shoe_text(self.shoe)}", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def eor(
    rules: str | RuleSet = "punto-banco",
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wagers: str | Sequence[str] = (),
    wager_files: str | Sequence[str] = (),
) -> Removal:
    """The effects of removal of ``wagers`` (default: all) under ``rules``, as ``baccarat eor`` computes them.

    Arguments as :func:`analyzer.api.analyze`.
    """
    chosen = rule_set(rules, pays, wager_files)
    shoe = shoe_for(chosen, decks, remove)
    return Removal(chosen, shoe, removal_table(chosen, shoe, texts(wagers, "wagers")))
