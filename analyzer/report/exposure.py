"""What a documented exposure was worth, as a section: for the evaluation report (``report --exposure``), for
``verify`` (a claims file's ``[[exposure]]`` incidents) and for ``information --rounds``.

Every figure comes from :mod:`analyzer.studies.exposure`; this module only lays them out. The section is
appended to a document whole (:func:`with_sections`), so the documents it joins need not know of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ..numbers import decimal_text, percent_text
from ..studies.exposure import ExposureWorth
from ..studies.incidents import IncidentVerdict
from .information import BASIS, sight_lines
from .model import Document, Field, Fields, Prose, Section, decimal, fraction, integer, percent, real, text, verdict

ASSUMPTIONS = (
    "Each exposed round is taken as dealt from a shoe of the stated composition: the figures are exact for it "
    "(rounds deep in one shoe differ a little, either way). The player bets the average bet on each round where "
    "what is seen gives a wager an edge, on the best one, and nothing otherwise. Ordinary play: a player who "
    "saw nothing, betting the average bet on every round on the wager with the lowest house edge. The spread "
    "treats the rounds as independent; its ranges are the normal approximation from the exact mean and "
    "variance, rough when the rounds are few against the largest pay."
)


def money_text(value: Fraction) -> str:
    """An amount of money to the cent, with thousands separated: "67,647.47", "-2,115.89".

    >>> money_text(Fraction(-211589, 100)), money_text(Fraction(1, 3))
    ('-2,115.89', '0.33')
    """
    shown = decimal_text(value, 2)
    sign, digits = ("-", shown[1:]) if shown.startswith("-") else ("", shown)
    whole, _, cents = digits.partition(".")
    return f"{sign}{int(whole):,}.{cents}"


def worth_fields(worth: ExposureWorth) -> Fields:
    """The incident and its worth: expected gain, ordinary expectation, swing, spread, ranges, chance ahead."""
    found = worth.information
    incident = worth.incident
    names = [w.name for w in found.wagers]
    ranges = tuple(
        Field(
            f"range_{decimal_text(level * 100, 0)}",
            f"{decimal_text(level * 100, 0)}% range of the player's net",
            Fields((Field("low", None, real(low, 2)), Field("high", None, real(high, 2)))),
            text=f"{low:,.2f} to {high:,.2f}",
        )
        for level, low, high in worth.ranges
    )
    return Fields(
        (
            Field("see", "Seen", text(incident.sight.text)),
            Field("rounds", "Rounds exposed", integer(incident.rounds), text=f"{incident.rounds:,}"),
            Field(
                "average_bet", "Average bet", decimal(incident.average_bet, 2), text=money_text(incident.average_bet)
            ),
            Field("gain_per_round", "Player's gain per round dealt", percent(found.gain, 4)),
            Field(
                "edge_per_bet",
                "Player's edge per bet made",
                percent(found.per_bet, 4, shown="no bet" if found.per_bet is None else None),
            ),
            Field("share_bet", "Share of rounds bet", percent(found.share, 4)),
            Field(
                "expected_gain",
                "Expected gain to the player",
                fraction(worth.expected),
                text=money_text(worth.expected),
            ),
            Field(
                "ordinary",
                "Ordinary play's expectation",
                fraction(worth.ordinary),
                text=f"{money_text(worth.ordinary)} (seeing nothing, {names[found.best_blind]} on every round at "
                f"{percent_text(found.blind[found.best_blind], 4)})",
            ),
            Field(
                "swing",
                "Swing against ordinary play",
                fraction(worth.swing),
                text=f"{money_text(worth.swing)} (what the exposure cost the house)",
            ),
            Field("variance", None, fraction(worth.variance)),
            Field(
                "standard_deviation",
                "Standard deviation of the player's net",
                real(worth.standard_deviation, 2),
                text=f"{worth.standard_deviation:,.2f}",
            ),
            *ranges,
            Field(
                "chance_ahead",
                "Chance the player ends ahead",
                real(worth.ahead, 4),
                text="n/a" if worth.ahead is None else f"{worth.ahead:.2%} (normal approximation)",
            ),
        ),
        layout="aligned",
    )


def exposure_section(worth: ExposureWorth) -> Section:
    """One incident's worth, as a section of a larger document (the report, ``information --rounds``)."""
    found = worth.information
    return Section(
        title=f"Exposure: {worth.incident.text}",
        key="exposure",
        blocks=(
            Prose(sight_lines(found.rules, found.sight)),
            worth_fields(worth),
            Prose((BASIS, ASSUMPTIONS)),
        ),
    )


def incidents_blocks(verdicts: Sequence[IncidentVerdict]) -> tuple[Section, ...]:
    """A claims file's documented exposures: a heading with the bases, then each one's worth and its claimed
    expected gain checked (machines read them as a list, ``exposures``)."""
    parts = [Section(title="Documented exposures", blocks=(Prose((BASIS, ASSUMPTIONS)),))]
    for v in verdicts:
        claim = v.claim
        label = claim.label or f"exposure {claim.number}"
        checked: tuple[Field, ...] = ()
        if claim.claimed is not None:
            checked = (
                Field("claimed", "Claimed expected gain", text(claim.claimed.text)),
                Field(
                    "verdict",
                    "Verdict",
                    verdict(bool(v.confirmed), "CONFIRMED" if v.confirmed else "REFUTED"),
                ),
            )
        parts.append(
            Section(
                title=f"{label}: {v.worth.incident.text}",
                key="exposures",
                blocks=(
                    Fields(
                        (
                            Field("id", None, text(claim.label)),
                            Field("source", "Source", text(claim.source), text=claim.source or "not given"),
                            Field("rule_set", "Rule set", text(claim.rules.name)),
                            *checked,
                        )
                    ),
                    worth_fields(v.worth),
                ),
            )
        )
    return tuple(parts)


def with_sections(document: Document, *sections: Section) -> Document:
    """``document`` with ``sections`` added at its end (the document's own builder is untouched)."""
    return replace(document, blocks=(*document.blocks, *sections))
