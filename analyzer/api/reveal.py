"""``peek`` and ``solve --reveal-rtp`` as objects: a reveal-and-raise game's exact figures, its strategy card, and the
reveal laws that give target returns (``docs/designer/peek.md`` and ``peek-laws.md`` show them in use).

``peek("examples/peek-style.toml", wagers="player")`` is ``<Peek: reveal and raise under peek-style, 8 decks (416
cards), raising player; 11 summary rows>``: its :meth:`Peek.summary` gives every play's exact figures, under the rule
file's law and per number of cards revealed (tests/test_api_native.py holds it to the library)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InputError, named, shown
from ..game.reveal import written_percent
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.common import shoe_text
from ..report.model import Document, Value, decimal, integer, percent, real, text
from ..report.peek import peek_document
from ..report.revealsolve import reveal_law_document
from ..studies.peek import PLAYS, PeekAnalysis, RaiseSheet, analyze_peek, peek_reveal
from ..studies.peekpatterns import SHAPES
from ..studies.revealsolve import TARGETS, RevealLaws, parse_targets, parse_within, solve_reveal_law
from .common import plural, rendered, rule_set, shoe_for, texts, to_frame
from .table import exact_rows, html_table


def _figures(sheet: RaiseSheet) -> dict[str, Value]:
    """A play's figures per initial bet, typed as ``baccarat peek`` prints them."""
    return {
        "expected_value": decimal(sheet.expected_value),
        "house_edge": percent(sheet.house_edge),
        "rtp": percent(sheet.rtp),
        "rtp_initial": percent(sheet.rtp_initial),
        "expected_bet": decimal(sheet.expected_bet, 6),
        "expected_wagered": decimal(sheet.expected_wagered, 6),
        "raise_frequency": decimal(sheet.raise_frequency),
        "variance": decimal(sheet.variance),
        "standard_deviation": real(sheet.standard_deviation),
    }


@dataclass(frozen=True, slots=True, repr=False)
class Peek:
    """A reveal-and-raise game's exact figures, as ``baccarat peek`` gives them.

    In Jupyter it shows its summary as a table, each value as ``baccarat peek`` prints it (returns as "98.7947%"),
    every rounded figure's exact fraction in its tooltip; :meth:`to_html` with ``exact=True`` shows the fractions.
    """

    analysis: PeekAnalysis

    def __repr__(self) -> str:
        analysis = self.analysis
        raised = ", ".join(w.wager.name for w in analysis.wagers)
        return (
            f"<Peek: reveal and raise under {analysis.rules.name}, {shoe_text(analysis.shoe)}, raising {raised}; "
            f"{plural(len(self._summary_rows()), 'summary row')}>"
        )

    def _summary_rows(self) -> list[dict[str, Value]]:
        rows = []
        for w in self.analysis.wagers:
            for b in w.by_count:
                for play, sheet in (("optimal", b.optimal), ("never raise", b.never)):
                    head = {
                        "wager": text(w.wager.name),
                        "cards": integer(b.cards),
                        "probability": percent(b.probability, 2),
                        "play": text(play),
                    }
                    rows.append(head | _figures(sheet))
            for play, sheet in zip(PLAYS, (w.optimal, w.never, w.greatest_percentage)):
                head = {
                    "wager": text(w.wager.name),
                    "cards": integer(None, shown="the law"),
                    "probability": percent(Fraction(1), 2),
                    "play": text(play),
                }
                rows.append(head | _figures(sheet))
        return rows

    def summary(self) -> list[dict[str, Any]]:
        """One dict per raised wager, play and number of cards revealed (``cards`` None: the rule file's law): the
        exact figures per initial bet (Fractions; the standard deviation a float)."""
        return exact_rows(self._summary_rows())

    def to_records(self) -> list[dict[str, Any]]:
        """:meth:`summary`'s rows (the figures a par sheet gives, per number of cards revealed and under the law)."""
        return self.summary()

    def rows(self, wager: str, cards: int | None = None, play: str = "optimal") -> list[dict[str, Any]]:
        """The par sheet of ``wager`` under ``play`` ("optimal" or "never raise"), when ``cards`` cards are revealed
        (None: under the rule file's law): one dict per bet finally standing and outcome, exact."""
        w = self.analysis.wager(wager)
        if play not in ("optimal", "never raise"):
            raise InputError(f"{named('play')} {shown(play)} is unknown; use optimal or never raise.")
        if cards is None:
            sheet = w.optimal if play == "optimal" else w.never
        else:
            chosen = [b for b in w.by_count if b.cards == cards]
            if not chosen:
                known = ", ".join(str(b.cards) for b in w.by_count)
                raise InputError(
                    f"{named('cards')} {shown(cards)}: that many cards are never revealed here; the rule file "
                    f"reveals {known}."
                )
            sheet = chosen[0].optimal if play == "optimal" else chosen[0].never
        return [
            {
                "bet": r.multiple,
                "outcome": r.outcome.name,
                "combinations": r.combinations,
                "probability": r.probability,
                "net": r.net,
                "return": r.contribution,
            }
            for r in sheet.rows
        ]

    def patterns(self, wager: str) -> list[dict[str, Any]]:
        """Every pattern of ``wager``: what is seen (the cards of each hand), its dealings for one set of its shape,
        its exact value per unit bet, and optimal play (the bet it stands at, in initial bets)."""
        w = self.analysis.wager(wager)
        labels = w.classes.labels
        return [
            {
                "cards": p.cards,
                "player": tuple(labels[c] for c in p.key[0]),
                "banker": tuple(labels[c] for c in p.key[1]),
                "ways": p.ways,
                "expected_value": p.expected_value,
                "best": w.best(p),
                "play": w.play(p),
            }
            for shape in SHAPES
            for p in w.patterns.get(shape, ())
        ]

    def card(self, wager: str) -> list[dict[str, Any]]:
        """The strategy card of ``wager``, one dict per cell: the cards revealed of each hand, what is read of them
        (a value, a total, or None), the pooled value and the play; exceptions follow with ``exception`` True."""
        w = self.analysis.wager(wager)
        labels = w.classes.labels
        rows: list[dict[str, Any]] = []
        for grid in w.card:
            for c in grid.cells:
                rows.append(
                    {
                        "player_cards": c.shape[0],
                        "banker_cards": c.shape[1],
                        "player": c.player,
                        "banker": c.banker,
                        "expected_value": c.expected_value,
                        "play": c.play,
                        "exception": False,
                    }
                )
            for e in grid.exceptions:
                rows.append(
                    {
                        "player_cards": e.pattern.shape[0],
                        "banker_cards": e.pattern.shape[1],
                        "player": tuple(labels[x] for x in e.pattern.key[0]),
                        "banker": tuple(labels[x] for x in e.pattern.key[1]),
                        "expected_value": e.pattern.expected_value,
                        "play": e.play,
                        "exception": True,
                    }
                )
        return rows

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra): exact Fractions in ``object`` columns;
        ``floats=True`` adds a ``float64`` twin of each (``rtp_float``, ...) for plotting."""
        return to_frame(self.to_records(), floats)

    def document(self) -> Document:
        """The ``peek`` document of the report model (provenance included)."""
        return peek_document(self.analysis)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat peek --format FMT`` writes it (:data:`~.common.RENDER_FORMATS`: text, md, csv,
        json, html; xlsx and pdf as bytes); ``exact`` writes fractions instead of rounded decimals."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The table Jupyter shows: the summary, each value as the text output prints it (``exact``: fractions)."""
        caption = f"{self.analysis.rules.name}: reveal and raise, {shoe_text(self.analysis.shoe)}"
        return html_table(self._summary_rows(), caption, exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def peek(
    rules: str | RuleSet,
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wagers: str | Sequence[str] = (),
    wager_files: str | Sequence[str] = (),
) -> Peek:
    """The reveal-and-raise analysis of ``rules`` (a rule file with a ``[reveal]`` table), exactly as ``baccarat
    peek`` computes it; ``wagers`` limits it to some raised wagers (a text is one: ``wagers="player"``). Other
    arguments as :func:`analyzer.api.analyze`; bad input raises :class:`~analyzer.errors.InputError`, one line naming
    the parameter."""
    chosen = rule_set(rules, pays, wager_files)
    return Peek(analyze_peek(chosen, shoe_for(chosen, decks, remove), texts(wagers, "wagers")))


@dataclass(frozen=True, slots=True, repr=False)
class RevealLawSolution:
    """The reveal laws consistent with target returns, or the nearest, as ``baccarat solve --reveal-rtp`` gives
    them.

    In Jupyter it shows one row per law, each probability and return as the text output prints it (percentages),
    every exact fraction in its tooltip; :meth:`to_html` with ``exact=True`` shows the fractions.
    """

    laws: RevealLaws

    def __repr__(self) -> str:
        laws = self.laws
        targets = ", ".join(f"{t.wager} {written_percent(t.rtp)}" for t in laws.targets)
        basis = "per amount wagered" if laws.basis == "wagered" else "per initial bet"
        found = "consistent laws" if laws.consistent else "no consistent law, the nearest"
        return (
            f"<RevealLawSolution: reveal laws for {targets} {basis} under {laws.rules.name}, "
            f"{shoe_text(laws.shoe)}: {found}; {plural(len(self._rows()), 'row')}>"
        )

    def _rows(self) -> list[dict[str, Value]]:
        laws = self.laws
        rows = []
        for kind, listed in (("consistent", laws.vertices), ("nearest", laws.nearest)):
            for law in listed:
                row: dict[str, Value] = {"kind": text(kind)}
                row |= {f"P({k})": percent(p) for k, p in zip(laws.counts, law.probabilities)}
                for t, rtp, initial, residual in zip(laws.targets, law.rtps, law.rtps_initial, law.residuals):
                    row |= {
                        f"{t.wager} rtp": percent(rtp),
                        f"{t.wager} rtp_initial": percent(initial),
                        f"{t.wager} residual": percent(residual),
                    }
                rows.append(row)
        return rows

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per law listed (the consistent laws' vertices, else the nearest): P(k) for each number of cards
        revealed, each target wager's RTP per amount wagered and per initial bet, and its residual (Fractions)."""
        return exact_rows(self._rows())

    def to_frame(self, floats: bool = False) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra; ``floats``: a float twin of each exact
        column)."""
        return to_frame(self.to_records(), floats)

    def document(self) -> Document:
        """The ``solve --reveal-rtp`` document of the report model (provenance included)."""
        return reveal_law_document(self.laws)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document as ``baccarat solve --reveal-rtp ... --format FMT`` writes it (text, md, csv, json, html; xlsx
        and pdf as bytes)."""
        return rendered(self.document(), fmt, exact)

    def to_html(self, exact: bool = False) -> str:
        """The table Jupyter shows: one row per law (``exact``: fractions)."""
        return html_table(self._rows(), f"{self.laws.rules.name}: reveal laws, {shoe_text(self.laws.shoe)}", exact)

    def _repr_html_(self) -> str:
        return self.to_html()


def reveal_laws(
    rules: str | RuleSet,
    targets: str | Sequence[str],
    *,
    per: str = "wagered",
    within: str = "0%",
    decks: int | None = None,
    remove: str | Iterable[str] = "",
) -> RevealLawSolution:
    """The laws of how many cards are revealed that give each target (``"98.8%"`` for every raised wager, or
    ``"player=98.8%"``; a text is one target, a list several) within ``within`` (a percentage of return), RTP
    ``per`` amount ``"wagered"`` or ``"initial"`` bet, under optimal play; as ``baccarat solve --reveal-rtp``
    computes them. Bad input raises :class:`~analyzer.errors.InputError`, one line naming the parameter."""
    chosen = rule_set(rules)
    tolerance = parse_within(within)
    shoe: Shoe = shoe_for(chosen, decks, remove)
    parsed = parse_targets(texts(targets, TARGETS[0]), peek_reveal(chosen))
    return RevealLawSolution(solve_reveal_law(chosen, shoe, parsed, per, tolerance))
