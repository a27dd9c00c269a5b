"""Ranks, suits, their baccarat values, and parsing of card lists.

Every document agrees on the values (001 "The Rules": "Each numbered card less
than ten is worth its face value, aces are worth 1, and tens and face cards are
worth 0"; 003 and 004 say the same). No wager of the four documents reads a
suit, so there a card is its rank; published side bets do read suits (a
suited pair, a hand of one suit, the colours of the cards), so a card may
also be named with its suit: ``KH`` is the king of hearts.

A card is written as a string: its rank (``"K"``), or its rank and suit
(``"KH"``). A *card type* is one of the 52 (rank, suit) pairs, numbered
rank-major: ``type_index("KH") == 12 * 4 + 1``.

>>> parse_cards("A,5,K")
('A', '5', 'K')
>>> parse_cards("9 k 3 10")
('9', 'K', '3', 'T')
>>> parse_cards("KH 9d 10s ♣7")
('KH', '9D', 'TS', '7C')
>>> [VALUES[RANK_INDEX[rank_of(c)]] for c in parse_cards("9 K 3 5")]
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

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Spades, hearts, diamonds, clubs: the order every per-suit tuple of the package uses."""
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_INDEX: dict[str, int] = {suit: i for i, suit in enumerate(SUITS)}
RED_SUITS: frozenset[str] = frozenset({"H", "D"})
"""Hearts and diamonds are red; spades and clubs are black."""
COLOURS: tuple[str, ...] = ("red", "black")

TYPES: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""The 52 card types, rank-major: A♠ A♥ A♦ A♣ 2♠ ... K♣."""
TYPE_RANK: tuple[int, ...] = tuple(i // len(SUITS) for i in range(len(TYPES)))
"""The rank index of each card type."""
TYPE_SUIT: tuple[int, ...] = tuple(i % len(SUITS) for i in range(len(TYPES)))
"""The suit index of each card type."""

_ALIASES: dict[str, str] = {"10": "T", "1": "A"}
_SYMBOL_SUITS: dict[str, str] = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SEPARATORS = re.compile(r"[\s,]+")
_CARD = re.compile(r"(?P<before>[♠♥♦♣]?)(?P<rank>10|[A2-9TJQK1])(?P<after>[SHDC♠♥♦♣]?)", re.IGNORECASE)
ALLOWED = "A (or 1) 2 3 4 5 6 7 8 9 T (or 10) J Q K, optionally with a suit S H D C (e.g. KH, 9d)"
_REPEATED = re.compile(r"(?P<card>[^x×]+)[x×](?P<count>\d{1,9})", re.IGNORECASE)
MAX_OF_A_RANK = 4_000
"""The most cards of one rank any shoe holds (1,000 decks, :data:`analyzer.game.shoe.MAX_DECKS`)."""


def parse_rank(text: str) -> str:
    """Return the rank a token names: A 2-9 T J Q K, any case, "10" for T and "1" for A.

    Raises :class:`InputError` naming the token and what is allowed.
    """
    token = text.strip().upper()
    token = _ALIASES.get(token, token)
    if token not in RANK_INDEX:
        raise InputError(f"{shown(text)} is not a card; use A (or 1) 2 3 4 5 6 7 8 9 T (or 10) J Q K.")
    return token


def parse_card(text: str) -> str:
    """Return the card a token names: a rank (``"K"``) or a rank and a suit (``"KH"``).

    The suit is a letter S H D C (any case) or a symbol, before or after
    the rank. Raises :class:`InputError` naming the token and what is allowed.
    """
    match = _CARD.fullmatch(text.strip())
    if not match or (match["before"] and match["after"]):
        raise InputError(f"{shown(text)} is not a card; use {ALLOWED}.")
    rank = parse_rank(match["rank"])
    suit = (match["before"] or match["after"]).upper()
    return rank + _SYMBOL_SUITS.get(suit, suit)


def parse_cards(text: str) -> tuple[str, ...]:
    """Parse a list of cards separated by commas and/or spaces.

    An empty list is allowed (it parses to ``()``); any token that is not a
    card raises :class:`InputError`.
    """
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    return tuple(parse_card(t) for t in tokens)


def rank_of(card: str) -> str:
    """The rank of a card: ``"K"`` for ``"K"`` and ``"KH"``."""
    return card[0]


def suit_of(card: str) -> str | None:
    """The suit of a card, or ``None`` when it is named by its rank only."""
    return card[1] if len(card) > 1 else None


def type_index(card: str) -> int:
    """The card type (0-51) of a suited card such as ``"KH"``."""
    suit = suit_of(card)
    if suit is None:
        raise InputError(f"Card {card} has no suit; name it with one, e.g. {card}H.")
    return RANK_INDEX[card[0]] * len(SUITS) + SUIT_INDEX[suit]


def card_value(card: str) -> int:
    """The baccarat value of a card (its rank's)."""
    return VALUES[RANK_INDEX[card[0]]]


def card_text(card: str) -> str:
    """A card as a report prints it: ``K``, or ``K♥`` for a suited card."""
    suit = suit_of(card)
    return card[0] if suit is None else card[0] + SUIT_SYMBOLS[suit]


def hand_total(cards: tuple[str, ...] | list[str]) -> int:
    """The score of a hand: the last digit of the sum of its values (001)."""
    return sum(card_value(c) for c in cards) % 10


def parse_removal(text: str) -> tuple[str, ...]:
    """Cards taken out of a shoe: like :func:`parse_cards`, and ``CARDxN`` for N cards alike.

    ``5x4`` is four fives; ``5x4,K,Tx2`` is four fives, a king and two tens;
    ``KHx2`` is two kings of hearts. Raises :class:`InputError` for a token
    that is neither a card nor a count of one, or a count above
    :data:`MAX_OF_A_RANK`.
    """
    cards: list[str] = []
    for token in (t for t in _SEPARATORS.split(text.strip()) if t):
        repeated = _REPEATED.fullmatch(token)
        if repeated is None:
            if "x" in token[1:].lower() or "×" in token[1:]:
                raise InputError(
                    f"{shown(token)} is not CARDxN (N cards alike, N from 1 to {MAX_OF_A_RANK:,}, e.g. 5x4 or KHx2)."
                )
            cards.append(parse_card(token))
            continue
        count = int(repeated["count"])
        if not 1 <= count <= MAX_OF_A_RANK:
            raise InputError(
                f"{shown(token)} names {count:,} cards alike; N in CARDxN is from 1 to {MAX_OF_A_RANK:,} "
                "(a shoe of 1,000 decks holds that many of a rank)."
            )
        cards.extend([parse_card(repeated["card"])] * count)
    return tuple(cards)
