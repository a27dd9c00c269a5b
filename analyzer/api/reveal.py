"""``peek`` and ``solve --reveal-rtp`` as objects: a reveal-and-raise game's exact figures, its strategy card, and the
reveal laws that give target returns (``docs/designer/peek.md`` shows them in use)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InputError, shown
from ..game.odds import parse_percent
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.common import shoe_text
from ..report.model import Document
from ..report.peek import peek_document
from ..report.revealsolve import reveal_law_document
from ..studies.peek import PeekAnalysis, RaiseSheet, analyze_peek, peek_reveal
from ..studies.peekpatterns import SHAPES
from ..studies.revealsolve import RevealLaws, parse_targets, solve_reveal_law
from .common import rule_set, shoe_for, to_frame
from .table import html_table


def _figures(sheet: RaiseSheet) -> dict[str, Any]:
    return {
        "expected_value": sheet.expected_value,
        "house_edge": sheet.house_edge,
        "rtp": sheet.rtp,
        "rtp_initial": sheet.rtp_initial,
        "expected_bet": sheet.expected_bet,
        "expected_wagered": sheet.expected_wagered,
        "raise_frequency": sheet.raise_frequency,
        "variance": sheet.variance,
        "standard_deviation": sheet.standard_deviation,
    }


@dataclass(frozen=True, slots=True)
class Peek:
    """A reveal-and-raise game's exact figures, as ``baccarat peek`` gives them."""

    analysis: PeekAnalysis

    def summary(self) -> list[dict[str, Any]]:
        """One dict per raised wager, play and number of cards revealed (``cards`` None: the rule file's law): the
        exact figures per initial bet (Fractions; the standard deviation a float)."""
        records = []
        for w in self.analysis.wagers:
            for b in w.by_count:
                for play, sheet in (("optimal", b.optimal), ("never raise", b.never)):
                    records.append(
                        {"wager": w.wager.name, "cards": b.cards, "probability": b.probability, "play": play}
                        | _figures(sheet)
                    )
            for play, sheet in (
                ("optimal", w.optimal),
                ("never raise", w.never),
                ("greatest percentage", w.greatest_percentage),
            ):
                records.append(
                    {"wager": w.wager.name, "cards": None, "probability": Fraction(1), "play": play} | _figures(sheet)
                )
        return records

    def to_records(self) -> list[dict[str, Any]]:
        """:meth:`summary`'s rows (the figures a par sheet gives, per number of cards revealed and under the law)."""
        return self.summary()

    def rows(self, wager: str, cards: int | None = None, play: str = "optimal") -> list[dict[str, Any]]:
        """The par sheet of ``wager`` under ``play`` ("optimal" or "never raise"), when ``cards`` cards are revealed
        (None: under the rule file's law): one dict per bet finally standing and outcome, exact."""
        w = self.analysis.wager(wager)
        if play not in ("optimal", "never raise"):
            raise InputError(f"play {shown(play)} is unknown; use optimal or never raise.")
        if cards is None:
            sheet = w.optimal if play == "optimal" else w.never
        else:
            chosen = [b for b in w.by_count if b.cards == cards]
            if not chosen:
                known = ", ".join(str(b.cards) for b in w.by_count)
                raise InputError(f"{cards} cards are never revealed here; the rule file reveals {known}.")
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

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (the ``notebook`` extra)."""
        return to_frame(self.to_records())

    def document(self) -> Document:
        """The ``peek`` document of the report model (provenance included)."""
        return peek_document(self.analysis)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        """The document in one of the command line's formats."""
        from ..report.output import produce

        return produce(self.document(), fmt, exact)

    def _repr_html_(self) -> str:
        caption = f"{self.analysis.rules.name}: reveal and raise, {shoe_text(self.analysis.shoe)}"
        return html_table(self.summary(), caption)


def peek(
    rules: str | RuleSet,
    *,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: Iterable[str] = (),
    wagers: Sequence[str] = (),
) -> Peek:
    """The reveal-and-raise analysis of ``rules`` (a rule file with a ``[reveal]`` table), exactly as ``baccarat
    peek`` computes it; ``wagers`` limits it to some raised wagers."""
    chosen = rule_set(rules, pays)
    return Peek(analyze_peek(chosen, shoe_for(chosen, decks, remove), tuple(wagers)))


@dataclass(frozen=True, slots=True)
class RevealLawSolution:
    """The reveal laws consistent with target returns, or the nearest, as ``baccarat solve --reveal-rtp`` gives
    them."""

    laws: RevealLaws

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per law listed (the consistent laws' vertices, else the nearest): P(k) for each number of cards
        revealed, each target wager's RTP per amount wagered and per initial bet, and its residual (Fractions)."""
        laws = self.laws
        rows = []
        for kind, listed in (("consistent", laws.vertices), ("nearest", laws.nearest)):
            for law in listed:
                row: dict[str, Any] = {"kind": kind}
                row |= {f"P({k})": p for k, p in zip(laws.counts, law.probabilities)}
                for t, rtp, initial, residual in zip(laws.targets, law.rtps, law.rtps_initial, law.residuals):
                    row |= {f"{t.wager} rtp": rtp, f"{t.wager} rtp_initial": initial, f"{t.wager} residual": residual}
                rows.append(row)
        return rows

    def to_frame(self) -> Any:
        return to_frame(self.to_records())

    def document(self) -> Document:
        return reveal_law_document(self.laws)

    def render(self, fmt: str = "text", exact: bool = False) -> str | bytes:
        from ..report.output import produce

        return produce(self.document(), fmt, exact)

    def _repr_html_(self) -> str:
        return html_table(self.to_records(), f"{self.laws.rules.name}: reveal laws")


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
    ``"player=98.8%"``) within ``within``, RTP ``per`` amount wagered or initial bet, under optimal play; as
    ``baccarat solve --reveal-rtp`` computes them."""
    chosen = rule_set(rules)
    shoe: Shoe = shoe_for(chosen, decks, remove)
    texts = [targets] if isinstance(targets, str) else list(targets)
    parsed = parse_targets(texts, peek_reveal(chosen))
    return RevealLawSolution(solve_reveal_law(chosen, shoe, parsed, per, parse_percent(within)))
