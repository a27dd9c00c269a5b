"""The figures a claim can be about, and each one's exact value from a par sheet.

``verify`` (:mod:`.verify`) reads claims of these figures from a claims file or a submitted par sheet and compares
each with :func:`exact_figure`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError
from ..exact.parsheet import ParSheet
from ..game.cards import parse_removal, rank_of, suit_of
from ..game.shoe import Shoe

if TYPE_CHECKING:
    from .verify import Claim

FIGURES: tuple[str, ...] = (
    "house_edge",
    "expected_value",
    "element_of_risk",
    "hit_frequency",
    "push_frequency",
    "variance",
    "standard_deviation",
    "rtp",
    "denominator",
    "total_combinations",
    "total_probability",
    "decks",
    "cards",
    "removed",
    "combinations",
    "probability",
    "return",
    "pays",
    "fair_odds",
)
"""What a claim can be about; the last five are per outcome.

``denominator`` is the shoe's ordered six-card dealings, N(N-1)(N-2)(N-3)(N-4)(N-5); ``total_combinations`` and
``total_probability`` are what a Totals row states: the wager's rows' combinations added up (the denominator, except
for a wager with lightning multipliers, whose rows are counted on the dealings times the lightning draw's common
denominator) and their probabilities added up (1). ``decks`` and ``cards`` are the shoe's: the decks it was built
from and the cards in it; ``removed`` the cards taken out of those decks, compared card by card
(:func:`same_cards`). ``fair_odds`` is an outcome's N in "N to 1" that would make it alone a fair bet,
(1 - p) / p."""
OUTCOME_FIGURES: tuple[str, ...] = ("combinations", "probability", "return", "pays", "fair_odds")
COUNT_FIGURES: tuple[str, ...] = ("combinations", "denominator", "total_combinations", "decks", "cards")
"""Figures that are whole numbers of things: claimed exactly."""
SHARE_FIGURES: tuple[str, ...] = (
    "house_edge",
    "expected_value",
    "element_of_risk",
    "hit_frequency",
    "push_frequency",
    "rtp",
    "probability",
    "total_probability",
    "return",
)
"""Figures that are a share of the bet or a probability: a % sign may be written, and a bare number is a fraction of
1."""
SHARE_BOUNDS: dict[str, tuple[Fraction, Fraction]] = {
    "house_edge": (Fraction(-1000), Fraction(1)),
    "expected_value": (Fraction(-1), Fraction(1000)),
    "element_of_risk": (Fraction(-1000), Fraction(1)),
    "hit_frequency": (Fraction(0), Fraction(1)),
    "push_frequency": (Fraction(0), Fraction(1)),
    "probability": (Fraction(0), Fraction(1)),
    "rtp": (Fraction(0), Fraction(1001)),
    "return": (Fraction(-1), Fraction(1000)),
}
"""Where each share figure can lie at all, as a fraction of 1 (a bet loses at most the stake)."""


def exact_figure(path: str, claim: Claim, sheet: ParSheet) -> Fraction | None:
    """The exact figure ``claim`` is about, from ``sheet`` (its wager's par sheet under its rule set and shoe): None
    for a pay or fair odds the game does not have; :class:`InputError` naming ``path`` and the claim for a figure the
    wager does not have (a return of an outcome with no pay, a house edge of a wager with no pay table)."""
    if claim.figure in OUTCOME_FIGURES:
        row = next((r for r in sheet.rows if r.outcome.name == claim.outcome), None)
        if row is None:  # a lightning row (outcome, total multiplier) that no dealing and draw makes
            return None if claim.figure in ("pays", "fair_odds") else Fraction(0)
        if claim.figure == "pays":
            return row.pays
        if claim.figure == "fair_odds":
            return row.fair_odds
        if claim.figure == "return" and row.pays is None:
            raise InputError(
                f"{path}: claim {claim.number}: outcome {claim.outcome!r} of {claim.wager} under "
                f"{claim.rules.name} has no pay, so no return; claim its combinations or probability."
            )
        return {"combinations": Fraction(row.combinations), "probability": row.probability}.get(
            claim.figure, row.contribution
        )
    shoe = claim.shoe
    if claim.figure == "denominator":
        return Fraction(shoe.denominator)
    if claim.figure == "total_combinations":
        return Fraction(sheet.denominator)
    if claim.figure == "total_probability":
        return sum((r.probability for r in sheet.rows), Fraction(0))
    if claim.figure == "decks":
        return None if shoe.decks_built is None else Fraction(shoe.decks_built)
    if claim.figure == "cards":
        return Fraction(shoe.size)
    if claim.figure == "removed":
        return Fraction(len(shoe.removed_from_decks()))
    attribute = "variance" if claim.figure == "standard_deviation" else claim.figure
    value: Fraction | None = getattr(sheet, attribute)
    if value is None:
        reason = "it has no pay table" if not sheet.wager.has_pay_table else "its bets always push"
        raise InputError(
            f"{path}: claim {claim.number}: wager {claim.wager} under {claim.rules.name} has no {claim.figure}, "
            f'because {reason}; give its pays with pays = {{ "OUTCOME" = "N:1" }}, or claim an outcome\'s '
            "combinations or probability."
        )
    return value


def same_cards(claimed: str, shoe: Shoe) -> bool:
    """Whether ``claimed`` (cards as ``--remove`` takes them or as a report writes them: "5,5,K", "5 5 K", "5x2 K",
    "5H 5S KD") names, as a multiset, the cards ``shoe`` lacks from the full decks it was built from: card for card
    when both name suits, rank for rank otherwise (a sheet naming ranks only states no suits to check). A shoe not
    built from whole decks lacks nothing that can be named, so only an empty list matches it.

    >>> shoe = Shoe.decks(8).remove(["5", "5", "K"])
    >>> [same_cards(text, shoe) for text in ("5 5 K", "K,5x2", "5 5 Q", "5 K", "5 5 K K")]
    [True, True, False, False, False]
    >>> suited = Shoe.decks(8).remove(["5H", "5S", "KD"])
    >>> [same_cards(text, suited) for text in ("5S KD 5H", "5H 5H KD", "5 5 K")]
    [True, False, True]
    """
    cards = parse_removal(claimed)
    lacking = shoe.removed_from_decks()
    if all(suit_of(c) is not None for c in (*cards, *lacking)):
        return Counter(cards) == Counter(lacking)
    return Counter(rank_of(c) for c in cards) == Counter(rank_of(c) for c in lacking)
