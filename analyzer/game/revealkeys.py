"""The keys of a rule file's ``[reveal]`` table (reveal and raise), declared once beside :mod:`.filekeys`;
``docs/reference/rule-files.md`` is generated from them."""

from __future__ import annotations

from .schemakey import Key, default_key, source_key

REVEAL_KEYS: tuple[Key, ...] = (
    Key(
        "cards",
        ("reveal",),
        "integer or table",
        'a number of cards 1-4, or a table of numbers to probabilities such as { "1" = "1/2", "2" = "1/2" }',
        "How many of the four cards are revealed: always that many, or at random by the law given (probabilities "
        "adding up to 1). `baccarat solve --reveal-rtp` finds the laws that give a target RTP.",
        'cards = { "1" = "40%", "2" = "30%", "3" = "20%", "4" = "10%" }',
        required=True,
    ),
    Key(
        "positions",
        ("reveal",),
        "table",
        'sets of positions P1 P2 B1 B2 (written "P1 B2") to probabilities, adding up to 1 for each number of cards',
        "Which cards are revealed, given how many: each set's probability. Left out, every set of that many of "
        "the four cards is equally likely (a stated default). Which cards are revealed never depends on what "
        "they are.",
        'positions = { "P1" = "1/2", "B1" = "1/2", "P1 B1" = "1", "P1 B1 P2" = "1", "P1 P2 B1 B2" = "1" }',
    ),
    Key(
        "multiples",
        ("reveal",),
        "array",
        "whole numbers from 2 to 100, increasing",
        "The multiples of the initial bet a bettor may raise it to once the cards are seen (keeping it is always "
        "allowed).",
        "multiples = [2, 3]",
        required=True,
    ),
    Key(
        "fee",
        ("reveal",),
        "string",
        'a percentage of the initial bet, e.g. "20%"',
        "A fee paid with the initial bet of a raisable wager and never returned (a push included); none on the raise.",
        'fee = "20%"',
        required=True,
    ),
    Key(
        "wagers",
        ("reveal",),
        "array",
        "names of wagers settled by how the round ends, each with a pay on every row",
        "The wagers that may be raised and carry the fee; every other wager is played as written.",
        'wagers = ["player", "banker"]',
        required=True,
    ),
    source_key("reveal"),
    default_key("reveal"),
)
