"""``information``: what seeing cards before betting is worth, as objects (what ``baccarat information`` prints).

>>> import analyzer
>>> seen = analyzer.information("live-pittsburgh", see="1-4=group:6789", bets=["player", "banker", "tie"])
>>> f"{float(seen.gain):.3%}", f"{float(seen.share):.3%}"
('20.928%', '77.176%')
>>> row = seen.to_records()[-1]
>>> row["card 1"], row["bet"], row["probability"]
('A2345TJQK', None, Fraction(25707, 112631))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.sight import Sight, parse_sight
from ..report.common import shoe_text
from ..report.model import Document
from ..studies.exposure import ExposureWorth, exposure_worth, parse_amount
from ..studies.information import Information
from ..studies.information import information as study
from ..studies.sorts import SortSearch, search_sorts
from .common import rule_set, shoe_for, to_frame
from .table import html_table


def _records(found: Information) -> list[dict[str, Any]]:
    names = [w.name for w in found.wagers]
    cards = [f"card {i + 1}" for i in found.sight.observed]
    return [
        {
            "rule_set": found.rules.name,
            "see": found.sight.text,
            **dict(zip(cards, o.labels)),
            "dealings": o.dealings,
            "probability": o.probability,
            "bet": None if o.best is None else names[o.best],
            "edge": o.edge,
            "gain": o.gain,
            **{f"ev {name}": value for name, value in zip(names, o.values)},
        }
        for o in found.observations
    ]


@dataclass(frozen=True, slots=True)
class InformationResult:
    """What seeing ``see`` is worth: the figures on their bases and one record per pattern (exact Fractions)."""

    study: Information

    @property
    def gain(self) -> Fraction:
        """The player's expected gain per round dealt (a round not bet counts 0)."""
        return self.study.gain

    @property
    def share(self) -> Fraction:
        """The share of rounds bet."""
        return self.study.share

    @property
    def per_bet(self) -> Fraction | None:
        """The player's edge per bet made (``None`` when nothing is ever bet)."""
        return self.study.per_bet

    def summary(self) -> dict[str, Any]:
        """The headline figures, exact: per round dealt, share bet, per bet made, betting every round, and each
        candidate's expected value seeing nothing."""
        found = self.study
        return {
            "rule_set": found.rules.name,
            "see": found.sight.text,
            "gain_per_round": found.gain,
            "share_bet": found.share,
            "edge_per_bet": found.per_bet,
            "every_round": found.every_round,
            "variance_per_round": found.variance,
            **{f"blind {w.name}": v for w, v in zip(found.wagers, found.blind)},
        }

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per pattern seen: what each observed card shows, dealings (int), probability, the bet (or
        ``None``), its edge, the pattern's part of the gain, and each candidate's expected value given it."""
        return _records(self.study)

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def exposure(self, rounds: int, average_bet: str | int | Fraction) -> ExposureResult:
        """What this sight was worth over ``rounds`` rounds at ``average_bet`` (:mod:`analyzer.studies.exposure`)."""
        bet = average_bet if isinstance(average_bet, Fraction | int) else parse_amount(average_bet)
        return ExposureResult(exposure_worth(self.study, rounds, Fraction(bet)))

    def document(self) -> Document:
        """The ``information`` document of the report model."""
        from ..report.information import information_document

        return information_document(self.study)

    def _repr_html_(self) -> str:
        found = self.study
        return html_table(
            self.to_records(), f"What seeing {found.sight.text} is worth: {found.rules.name}, {shoe_text(found.shoe)}"
        )


@dataclass(frozen=True, slots=True)
class ExposureResult:
    """What an exposure was worth: exact expectations and variance, the spread's floats."""

    worth: ExposureWorth

    def to_records(self) -> list[dict[str, Any]]:
        """One dict: the incident, the expected gain, ordinary play's expectation, the swing (Fractions), the variance,
        the standard deviation and the ranges (floats), the chance the player ends ahead."""
        w = self.worth
        return [
            {
                "see": w.incident.sight.text,
                "rounds": w.incident.rounds,
                "average_bet": w.incident.average_bet,
                "expected_gain": w.expected,
                "ordinary": w.ordinary,
                "swing": w.swing,
                "variance": w.variance,
                "standard_deviation": w.standard_deviation,
                **{f"range {float(level):.0%}": (low, high) for level, low, high in w.ranges},
                "chance_ahead": w.ahead,
            }
        ]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def document(self) -> Document:
        """The study's document with the exposure's section (what ``information --rounds`` prints)."""
        from ..report.exposure import exposure_section, with_sections
        from ..report.information import information_document

        return with_sections(information_document(self.worth.information), exposure_section(self.worth))

    def _repr_html_(self) -> str:
        return html_table(self.to_records(), f"Exposure: {self.worth.incident.text}")


@dataclass(frozen=True, slots=True)
class SortSearchResult:
    """Every two-group sort ranked (exact Fractions), and the best sort's patterns."""

    search: SortSearch
    top: int = 20

    @property
    def best(self) -> InformationResult:
        """The best sort's study: its patterns and figures."""
        return InformationResult(self.search.best)

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per sort, best first: its groups, gain per round dealt, share bet, edge per bet, --see spec."""
        search = self.search
        return [
            {
                "rank": rank,
                "first group": r.groups[0],
                "second group": r.groups[1],
                "gain_per_round": r.gain,
                "share_bet": r.share,
                "edge_per_bet": r.per_bet,
                "see": search.spec(r),
            }
            for rank, r in enumerate(search.results, start=1)
        ]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def document(self) -> Document:
        """The ``information --search-sorts`` document of the report model."""
        from ..report.information import sort_search_document

        return sort_search_document(self.search, self.top)

    def _repr_html_(self) -> str:
        search = self.search
        where = f"{search.rules.name}, {shoe_text(search.shoe)}"
        return html_table(
            self.to_records()[: self.top], f"Sorts of the {search.over} for the first {search.first} cards: {where}"
        )


def _setup(
    rules: str | RuleSet,
    decks: int | None,
    remove: str | Iterable[str],
    pays: Iterable[str],
    wager_files: Sequence[str],
) -> tuple[RuleSet, Shoe]:
    chosen = rule_set(rules, pays, wager_files)
    return chosen, shoe_for(chosen, decks, remove)


def information(
    rules: str | RuleSet = "live-pittsburgh",
    *,
    see: str | Sight,
    bets: Sequence[str] = (),
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: Iterable[str] = (),
    wager_files: Sequence[str] = (),
) -> InformationResult:
    """What seeing ``see`` (a spec such as ``"1=value"`` or ``"1-4=group:6789"``, or a :class:`Sight`) is worth
    under ``rules``, betting the best of ``bets`` (default: every offered wager with a pay table), as
    ``baccarat information --see`` computes it. Other arguments as :func:`analyzer.api.analyze`."""
    chosen, shoe = _setup(rules, decks, remove, pays, wager_files)
    sight = see if isinstance(see, Sight) else parse_sight(see)
    return InformationResult(study(chosen, shoe, sight, tuple(bets)))


def sort_search(
    rules: str | RuleSet = "live-pittsburgh",
    *,
    first: int,
    over: str = "values",
    bets: Sequence[str] = (),
    top: int = 20,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: Iterable[str] = (),
    wager_files: Sequence[str] = (),
) -> SortSearchResult:
    """Every two-group sort of ``over`` ("values" or "ranks") for a player who sees the groups of the ``first`` cards,
    ranked, as ``baccarat information --search-sorts`` computes it."""
    chosen, shoe = _setup(rules, decks, remove, pays, wager_files)
    return SortSearchResult(search_sorts(chosen, shoe, first, tuple(bets), over), top)
