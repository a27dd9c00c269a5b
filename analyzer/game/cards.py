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
>>> parse_removal("5x4, K")
('5', '5', '5', '5', 'K')
"""

from __future__ import annotations

import re

from ..errors import InputError, shown

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""The thirteen ranks, in the order every per-rank tuple of the package uses."""

VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
"""Baccarat value of each rank in :data:`RANKS` order (001 "The Rules")."""

RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}

_ALIASES: dict[str, str] = {"10": "T", "1": "A"}
_SEPARATORS = re.compile(r"[\s,]+")
_REPEATED = re.compile(r"(?P<rank>[^x×]+)[x×](?P<count>\d{1,9})", re.IGNORECASE)
MAX_OF_A_RANK = 4_000
"""The most cards of one rank any shoe holds (1,000 decks, :data:`analyzer.game.shoe.MAX_DECKS`)."""


def parse_rank(text: str) -> str:
    """Return the rank a token names: A 2-9 T J Q K, any case, "10" for T.

    Raises :class:`InputError` naming the token and what is allowed.
    """
    token = text.strip().upper()
    token = _ALIASES.get(token, token)
    if token not in RANK_INDEX:
        raise InputError(
            f"{shown(text)} is not a card; use A 2 3 4 5 6 7 8 9 T (or 10) J Q K."
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


def parse_removal(text: str) -> tuple[str, ...]:
    """Cards taken out of a shoe: like :func:`parse_cards`, and ``RANKxN`` for N cards of a rank.

    ``5x4`` is four fives; ``5x4,K,Tx2`` is four fives, a king and two tens.
    Raises :class:`InputError` for a token that is neither a card nor a count
    of one, or a count above :data:`MAX_OF_A_RANK`.
    """
    ranks: list[str] = []
    for token in (t for t in _SEPARATORS.split(text.strip()) if t):
        repeated = _REPEATED.fullmatch(token)
        if repeated is None:
            if "x" in token[1:].lower() or "×" in token[1:]:
                raise InputError(
                    f"{shown(token)} is not RANKxN (N cards of a rank, N from 1 to {MAX_OF_A_RANK:,}, e.g. 5x4)."
                )
            ranks.append(parse_rank(token))
            continue
        count = int(repeated["count"])
        if not 1 <= count <= MAX_OF_A_RANK:
            raise InputError(
                f"{shown(token)} names {count:,} cards of a rank; N in RANKxN is from 1 to {MAX_OF_A_RANK:,} "
                "(a shoe of 1,000 decks holds that many)."
            )
        ranks.extend([parse_rank(repeated["rank"])] * count)
    return tuple(ranks)
