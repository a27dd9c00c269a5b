"""Ranks, their baccarat values, and parsing of card lists.

Every document agrees on the values (001 "The Rules": "Each numbered card less
than ten is worth its face value, aces are worth 1, and tens and face cards are
worth 0"; 003 and 004 say the same). Suits never matter to any wager the
documents define, so a card is its rank.

>>> parse_cards("A,5,K")
('A', '5', 'K')
>>> parse_cards("9 k 3 10")
('9', 'K', '3', 'T')
>>> [VALUES[RANK_INDEX[r]] for r in parse_cards("9 K 3 5")]
[9, 0, 3, 5]
"""

from __future__ import annotations

import re

from ..errors import InputError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""The thirteen ranks, in the order every per-rank tuple of the package uses."""

VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
"""Baccarat value of each rank in :data:`RANKS` order (001 "The Rules")."""

RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}

_ALIASES: dict[str, str] = {"10": "T", "1": "A"}
_SEPARATORS = re.compile(r"[\s,]+")


def parse_rank(text: str) -> str:
    """Return the rank a token names: A 2-9 T J Q K, any case, "10" for T.

    Raises :class:`InputError` naming the token and what is allowed.
    """
    token = text.strip().upper()
    token = _ALIASES.get(token, token)
    if token not in RANK_INDEX:
        raise InputError(
            f"{text!r} is not a card; use A 2 3 4 5 6 7 8 9 T (or 10) J Q K."
        )
    return token


def parse_cards(text: str) -> tuple[str, ...]:
    """Parse a list of cards separated by commas and/or spaces.

    An empty list is allowed (it parses to ``()``); any token that is not a
    rank raises :class:`InputError`.
    """
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    return tuple(parse_rank(t) for t in tokens)


def hand_total(ranks: tuple[str, ...] | list[str]) -> int:
    """The score of a hand: the last digit of the sum of its values (001)."""
    return sum(VALUES[RANK_INDEX[r]] for r in ranks) % 10
