"""The model of the schema: a key's declaration (:class:`Key`), the places a key may appear, and what the
declarations of :mod:`analyzer.game.filekeys` and :mod:`analyzer.game.conditionkeys` share."""

from __future__ import annotations

from dataclasses import dataclass

PLACES: tuple[str, ...] = (
    "file",
    "rule_set",
    "shoe",
    "drawing",
    "dealing",
    "own_cards",
    "choices",
    "wager",
    "published",
    "cap",
    "jackpot",
    "lightning",
    "reveal",
    "row",
    "hand",
    "group",
    "card",
    "counted",
    "range",
)
CONDITION_PLACES: tuple[str, ...] = ("row", "hand", "group", "card", "counted", "range")
"""The places of the condition language (documented in conditions.md; the others in rule-files.md)."""


@dataclass(frozen=True, slots=True)
class Key:
    """One key: ``name``, the ``places`` it may appear, its TOML ``kind``, its ``allowed`` values in words,
    a one-line ``text``, an ``example`` (a TOML line in its table, or a whole pay-table row for the condition
    language), and whether it is ``required``."""

    name: str
    places: tuple[str, ...]
    kind: str
    allowed: str
    text: str
    example: str
    required: bool = False

    def __post_init__(self) -> None:
        unknown = [p for p in self.places if p not in PLACES]
        if unknown or not self.places:
            raise ValueError(f"Key {self.name!r}: places {unknown or '()'} are not among {', '.join(PLACES)}.")
        if not (self.name and self.kind and self.allowed and self.text and self.example):
            raise ValueError(f"Key {self.name!r} must have a kind, allowed values, a description and an example.")


def source_key(place: str) -> Key:
    return Key(
        "source",
        (place,),
        "string",
        "any text",
        "Where the rule document says it (a quotation).",
        'source = "Rule 2: eight decks are used."',
        required=True,
    )


def default_key(place: str) -> Key:
    return Key(
        "default",
        (place,),
        "string",
        "any text",
        "Why a value the document does not state was chosen.",
        'default = "The document does not say; eight is the usual shoe."',
    )


CARD = 'a card: a rank ("K", "10"), a suited card ("KH"), or a card table { rank, value, suit, colour }'
VALUES = 'a whole number 0-9, a list of them, "even" or "odd"'
HAND = ("hand", "row")
GROUP = ("group", "hand", "row")
