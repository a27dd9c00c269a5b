"""The ``count`` report: a counting study's figures, as a document.

No arithmetic beyond formatting: the means and confidence intervals come
from :class:`analyzer.studies.counting.Summary` (floats, as simulation
figures are); the totals are exact and machines read them as fractions.
"""

from __future__ import annotations

from ..game.cards import RANKS
from ..numbers import count_text, decimal_text
from ..studies.counting import CARDS_PER_DECK, Summary
from .model import Document, Field, Fields, Prose, data, fraction, integer, text

CONFIDENCE = "95% confidence interval, normal approximation over shoes"

NOTES = (
    "Units won: the results of the cards dealt. Units expected: the exact expected values of the bets "
    f"placed, added up (same mean, far less noise). ±: {CONFIDENCE}. A round is dealt while more cards "
    "than the cut card remain; no card is burned."
)


_KEYS = ("rule_set", "wager", "decks", "cut_card", "play", "tags", "threshold", "seed", "executor", "shoes")
"""The order in which machines read the study's set-up (people read the shoes dealt before the play)."""


def _plus_minus(key: str, label: str, figure: tuple[float, float]) -> Field:
    mean, half = figure
    shown = f"{mean:+.4f}" if half != half else f"{mean:+.4f} ± {half:.4f}"  # half is NaN for one shoe
    return Field(key, label, data({"mean": mean, "ci95": half}, shown))


def count_document(summary: Summary, executor: str) -> Document:
    """``count``: how the study was dealt and bet, and what it won."""
    study = summary.study
    rounds, shoes = summary.rounds, len(summary.shoes)

    def share(part: int) -> str:
        return f"{100 * part / rounds:.2f}%"

    tags = ",".join(f"{rank}={tag}" for rank, tag in zip(RANKS, study.tags))  # valid --tags input
    counting = study.play == "count"
    play_text = (
        f"count: bet 1 unit when the true count is at least {decimal_text(study.threshold, 4)}"
        if counting else "perfect: bet 1 unit whenever the exact expected value is above 0"
    )
    fields = (
        Field("rule_set", "rule set", text(study.rules.name), text=f"{study.rules.name} (document {study.rules.document})"),
        Field("wager", "wager", text(study.wager)),
        Field("decks", None, integer(study.decks)),
        Field("cut_card", None, integer(study.cut_card)),
        Field(None, "shoe", text(
            f"{study.decks} decks ({CARDS_PER_DECK * study.decks} cards), cut card {study.cut_card} cards from the end")),
        Field("shoes", "shoes dealt", integer(shoes), text=f"{count_text(shoes)} (seed {study.seed}; {executor})"),
        Field("play", "play", text(study.play), text=play_text),
        Field("tags", "tags" if counting else None,
              data(dict(zip(RANKS, study.tags)) if counting else None, tags)),
        Field("threshold", None, fraction(study.threshold if counting else None)),
        Field("seed", None, integer(study.seed)),
        Field("executor", None, text(executor)),
        Field("rounds", "rounds dealt", integer(rounds), text=f"{count_text(rounds)} ({rounds / shoes:.2f} per shoe)"),
        Field("positive_rounds", "rounds with expected value > 0", integer(summary.positive),
              text=f"{count_text(summary.positive)} ({share(summary.positive)} of rounds)"),
        Field("bets", "bets placed", integer(summary.bets), text=f"{count_text(summary.bets)} ({share(summary.bets)} of rounds)"),
        Field("units_won", None, fraction(summary.won)),
        Field("units_expected", None, fraction(summary.expected)),
        _plus_minus("units_won_per_shoe", "units won per shoe", summary.per_shoe()),
        _plus_minus("units_won_per_100_rounds", "units won per 100 rounds", summary.per_100_rounds()),
        _plus_minus("units_expected_per_shoe", "units expected per shoe", summary.per_shoe(expected=True)),
        _plus_minus("units_expected_per_100_rounds", "units expected per 100 rounds", summary.per_100_rounds(expected=True)),
    )
    return Document(
        title=f"Counting study: {study.wager}",
        blocks=(Fields(fields, layout="aligned", csv=True), Prose((NOTES,), key="notes")),
        key_order=_KEYS,
    )
