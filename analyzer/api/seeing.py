"""``information``: what seeing cards before betting is worth, as objects (what ``baccarat information`` prints).

>>> import analyzer
>>> seen = analyzer.information("live-pittsburgh", see="1-4=group:6789", bets="player,banker,tie")
>>> f"{float(seen.gain):.3%}", f"{float(seen.share):.3%}"
('20.928%', '77.176%')
>>> row = seen.to_records()[-1]
>>> row["card 1"], row["bet"], row["probability"]
('A2345TJQK', None, Fraction(25707, 112631))
>>> seen
<InformationResult: what seeing 1-4=group:6789 is worth under live-pittsburgh, 8 decks (416 cards); 16 pattern rows>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InputError, named, shown
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.sight import Sight, parse_sight
from ..report.common import shoe_text
from ..report.information import PLACES
from ..report.model import Document, Value, count, fraction, integer, percent, text
from ..studies.exposure import ExposureWorth, exposure_worth, parse_amount
from ..studies.information import Information
from ..studies.information import information as study
from ..studies.sorts import SortSearch, search_sorts
from .common import plural, rendered, rule_set, shoe_for, texts, to_frame
from .table import exact_rows, figure_rows, html_table


def _pattern_rows(found: Information) -> list[dict[str, Value]]:
    """One row per pattern seen, each value typed as ``baccarat information`` prints it."""
    names = [w.name for w in found.wagers]
    cards = [f"card {i + 1}" for i in found.sight.observed]
    return [
        {
            "rule_set": text(found.rules.name),
            "see": text(found.sight.text),
            **{card: text(label) for card, label in zip(cards, o.labels)},
            "dealings": count(o.dealings),
            "probability": percent(o.probability, PLACES),
            "bet": text(None if o.best is None else names[o.best], shown="none" if o.best is None else None),
            "edge": percent(o.edge, PLACES, shown="" if o.edge is None else None),
            "gain": percent(o.gain, PLACES),
            **{f"ev {name}": percent(value, PLACES) for name, value in zip(names, o.values)},
        }
        for o in found.observations
    ]


def _figure_row(found: Information) -> dict[str, Value]:
    """The headline figures, each on its basis, as the text output prints them."""
    return {
        "rule_set": text(found.rules.name),
        "see": text(found.sight.text),
        "gain_per_round": percent(found.gain, PLACES),
        "share_bet": percent(found.share, PLACES),
        "edge_per_bet": percent(found.per_bet, PLACES, shown="no bet" if found.per_bet is None else None),
        "every_round": percent(found.every_round, PLACES),
        "variance_per_round": fraction(found.variance),
        **{f"blind {w.name}": percent(v, PLACES) for w, v in zip(found.wagers, found.blind)},
    }


def _without_context(rows: Iterable[dict[str, Value]]) -> list[dict[str, Value]]:
    """Rows as a table shows them under a caption naming the rule set and the sight."""
    return [{k: v for k, v in row.items() if k not in ("rule_set", "see")} for row in rows]


@dataclass(frozen=True, slots=True, repr=False)
class InformationResult:
    """What seeing ``see`` is worth: the figures on their bases and one record per pattern (exact Fractions).

    In Jupyter it shows itself as two tables, the headline figures and the patterns, each value as ``baccarat
    information`` prints it (percentages as "20.9281%"), every rounded figure's exact fraction in its tooltip;
    :meth:`to_html` with ``exact=True`` shows the fractions themselves.
    """

    study: Information

    def __repr__(self) -> str:
        found = self.study
        return (
            f"<InformationResult: what seeing {found.sight.text} is worth under {found.rules.name}, "
            f"{shoe_text(found.shoe)}; {plural(len(found.observations), 'pattern row')}>"
        )

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
        """The headline figures, exact: per round dealt, share bet, per bet made, betting every round, the variance
        per round, and each candidate's expected value seeing nothing (``blind NAME``)."""
        (row,) = exact_rows([_figure_row(self.study)])
        return row

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per pattern seen: what each observed card shows, dealings (int), probability, the bet (or
        ``None``), its edge, the pattern's part of the gain, and each candidate's expected value given it."""
        return exact_rows(_pattern_rows(self.study))

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra): exact Fractions in ``object`` columns;
        ``floats=True`` adds a ``float64`` twin of each (``probability_float``, ...) for plotting."""
        return to_frame(self.to_records(), floats)

    def exposure(self, rounds: int, average_bet: str | int | Fraction) -> ExposureResult:
        """What this sight was worth over ``rounds`` rounds at ``average_bet`` (a number, or a text such as
        ``"5000"`` or ``"2,500.50"``), as ``baccarat information --rounds N --average-bet B`` gives it
        (:mod:`analyzer.studies.exposure`)."""
        if isinstance(average_bet, bool) or not isinstance(average_bet, str | int | Fraction):
            raise InputError(
                f"{named('average_bet')} must be an amount such as 5000 or '2,500.50', got {shown(average_bet)}."
            )
        bet = parse_amount(average_bet) if isinstance(average_bet, str) else Fraction(average_bet)
        return ExposureResult(exposure_worth(self.study, rounds, bet))

    def document(self) -> Document:
        """The ``information`` document of the report model (provenance included)."""
        from ..report.information import information_document

        return information_document(self.study)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat information --format FMT`` writes it (:data:`~.common.RENDER_FORMATS`: text,
        md, csv, json, html; xlsx and pdf as bytes); ``exact`` writes fractions instead of rounded decimals."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The two tables Jupyter shows: the headline figures, then every pattern (``exact``: fractions)."""
        found = self.study
        caption = f"What seeing {found.sight.text} is worth: {found.rules.name}, {shoe_text(found.shoe)}"
        figures = [
            {k: v for k, v in row.items() if k != "variance_per_round"}
            for row in _without_context([_figure_row(found)])
        ]
        return html_table(figures, caption, exact) + html_table(
            _without_context(_pattern_rows(found)), "Patterns seen", exact
        )

    def _repr_html_(self) -> str:
        return self.to_html()


@dataclass(frozen=True, slots=True, repr=False)
class ExposureResult:
    """What an exposure was worth: exact expectations and variance, the spread's floats.

    In Jupyter it shows its figures as ``baccarat information --rounds`` prints them (money to the cent, "67,647.47"),
    each exact figure's fraction in its tooltip (:meth:`to_html` with ``exact=True`` shows the fractions).
    """

    worth: ExposureWorth

    def __repr__(self) -> str:
        incident = self.worth.incident
        return f"<ExposureResult: {incident.text}, under {self.worth.information.rules.name}; 1 row>"

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

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra; ``floats``: a float twin of each exact
        column)."""
        return to_frame(self.to_records(), floats)

    def document(self) -> Document:
        """The study's document with the exposure's section (what ``information --rounds`` prints)."""
        from ..report.exposure import exposure_section, with_sections
        from ..report.information import information_document

        return with_sections(information_document(self.worth.information), exposure_section(self.worth))

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat information --rounds N --average-bet B --format FMT`` writes it (text, md, csv,
        json, html; xlsx and pdf as bytes)."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The table Jupyter shows: each figure of the exposure as the text output prints it (``exact``: fractions)."""
        from ..report.exposure import worth_fields

        return html_table(figure_rows(worth_fields(self.worth)), f"Exposure: {self.worth.incident.text}", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


@dataclass(frozen=True, slots=True, repr=False)
class SortSearchResult:
    """Every two-group sort ranked (exact Fractions), and the best sort's patterns.

    In Jupyter it shows the best ``top`` sorts as ``baccarat information --search-sorts`` prints them, every rounded
    figure's exact fraction in its tooltip.
    """

    search: SortSearch
    top: int = 20

    def __repr__(self) -> str:
        search = self.search
        cards = "card" if search.first == 1 else f"{search.first} cards"
        return (
            f"<SortSearchResult: the sorts of the {search.over} for the first {cards} under {search.rules.name}, "
            f"{shoe_text(search.shoe)}; {plural(len(search.results), 'row')}, best first>"
        )

    @property
    def best(self) -> InformationResult:
        """The best sort's study: its patterns and figures."""
        return InformationResult(self.search.best)

    def _rows(self) -> list[dict[str, Value]]:
        search = self.search
        return [
            {
                "rank": integer(rank),
                "first group": text(r.groups[0]),
                "second group": text(r.groups[1]),
                "gain_per_round": percent(r.gain, PLACES),
                "share_bet": percent(r.share, PLACES),
                "edge_per_bet": percent(r.per_bet, PLACES, shown="no bet" if r.per_bet is None else None),
                "see": text(search.spec(r)),
            }
            for rank, r in enumerate(search.results, start=1)
        ]

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per sort, best first: its groups, gain per round dealt, share bet, edge per bet, ``see`` spec."""
        return exact_rows(self._rows())

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra; ``floats``: a float twin of each exact
        column)."""
        return to_frame(self.to_records(), floats)

    def document(self) -> Document:
        """The ``information --search-sorts`` document of the report model (the best ``top`` for people)."""
        from ..report.information import sort_search_document

        return sort_search_document(self.search, self.top)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat information --search-sorts K --format FMT`` writes it (text, md, csv, json,
        html; xlsx and pdf as bytes)."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The table Jupyter shows: the best ``top`` sorts (``exact``: fractions)."""
        search = self.search
        where = f"{search.rules.name}, {shoe_text(search.shoe)}"
        caption = f"The best {min(self.top, len(search.results))} sorts of the {search.over} for the first "
        return html_table(self._rows()[: self.top], f"{caption}{search.first} cards: {where}", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def _setup(
    rules: str | RuleSet,
    decks: int | None,
    remove: str | Iterable[str],
    pays: str | Iterable[str],
    wager_files: str | Sequence[str],
) -> tuple[RuleSet, Shoe]:
    chosen = rule_set(rules, pays, wager_files)
    return chosen, shoe_for(chosen, decks, remove)


def _sight(see: str | Sight) -> Sight:
    if isinstance(see, Sight):
        return see
    if not isinstance(see, str):
        raise InputError(f"{named('see')} must be a sight spec such as '1=value', or a Sight, got {shown(see)}.")
    try:
        return parse_sight(see)
    except InputError as refused:
        raise InputError(f"{named('see')} {shown(see)}: {refused}") from None


def information(
    rules: str | RuleSet = "live-pittsburgh",
    *,
    see: str | Sight,
    bets: str | Sequence[str] = (),
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wager_files: str | Sequence[str] = (),
) -> InformationResult:
    """What seeing ``see`` (a spec such as ``"1=value"`` or ``"1-4=group:6789"``, or a :class:`Sight`) is worth
    under ``rules``, betting the best of ``bets`` (default: every offered wager with a pay table), as ``baccarat
    information --see`` computes it. ``bets`` is a list of wager names, or a text: one name (``bets="banker"``), or
    several separated by commas as ``--bets`` takes them (``bets="player,banker,tie"``; a wager whose name holds a
    comma is named in a list). Other arguments as :func:`analyzer.api.analyze`; bad input raises
    :class:`~analyzer.errors.InputError`, one line naming the parameter.
    """
    chosen, shoe = _setup(rules, decks, remove, pays, wager_files)
    return InformationResult(study(chosen, shoe, _sight(see), texts(bets, "bets", commas=True)))


def sort_search(
    rules: str | RuleSet = "live-pittsburgh",
    *,
    first: int,
    over: str = "values",
    bets: str | Sequence[str] = (),
    top: int = 20,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wager_files: str | Sequence[str] = (),
) -> SortSearchResult:
    """Every two-group sort of ``over`` ("values" or "ranks") for a player who sees the groups of the ``first`` cards,
    ranked, as ``baccarat information --search-sorts`` computes it; ``top`` is how many the table and the document
    show people (the records hold every sort). ``bets`` and the other arguments as :func:`information`."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InputError(f"{named('top')} must be a whole number of at least 1, got {shown(top)}.")
    chosen, shoe = _setup(rules, decks, remove, pays, wager_files)
    return SortSearchResult(search_sorts(chosen, shoe, first, texts(bets, "bets", commas=True), over), top)
