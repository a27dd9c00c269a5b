"""The best five: the poker rank of every card dealt in a round (four to six cards, the Player's and the Banker's).

The rank is the best five-card poker hand among the cards, in the standard
order (:data:`BEST_FIVE`, best first): royal flush, five of a kind, straight
flush, four of a kind, full house, flush, straight, three of a kind, two
pair, pair, high card. Straights take the ace low (A-2-3-4-5) or high
(10-J-Q-K-A), nothing wraps; a royal flush is 10-J-Q-K-A of one suit and is
not also a straight flush (a pay table that pays both lists both). Five of a
kind (five cards of one rank, possible from two decks on) ranks above a
straight flush and below a royal flush, as in Deuces Wild; six cards cannot
hold five of a kind together with a straight flush or a royal flush, so that
choice never changes a rank, only the order names are listed in.

Four cards (a round of two naturals or two standing hands) make no straight
and no flush: those need five cards. Their rank is the best of the hands
four cards can hold: four of a kind, three of a kind, two pair, pair, high
card.

:func:`rank_only` ranks a multiset of ranks when no five cards share a suit;
:func:`with_flush` when the cards of one suit (five or six of them) have the
ranks ``suited``; :func:`best_five` ranks actual cards (the round engine,
the reference enumerator and the tests read it).

>>> best_five([0, 9, 10, 11, 12, 4], [1, 1, 1, 1, 1, 0])
'royal flush'
>>> best_five([3, 3, 3, 7, 7, 2], [0, 1, 2, 3, 0, 1])
'full house'
>>> best_five([3, 3, 3, 7], [0, 0, 0, 0])
'three of a kind'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

BEST_FIVE: tuple[str, ...] = (
    "royal flush",
    "five of a kind",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
)
"""The ranks of the best five of all cards dealt, best first."""
BEST_INDEX: dict[str, int] = {name: i for i, name in enumerate(BEST_FIVE)}

STRAIGHTS: tuple[frozenset[int], ...] = tuple(frozenset(range(low, low + 5)) for low in range(9)) + (
    frozenset({9, 10, 11, 12, 0}),
)
"""The ten straights as sets of ranks (0 = ace ... 12 = king): A-2-3-4-5 to 9-10-J-Q-K, then 10-J-Q-K-A."""
ROYAL = STRAIGHTS[-1]


def _straight(ranks: Iterable[int]) -> bool:
    held = set(ranks)
    return any(s <= held for s in STRAIGHTS)


def rank_only(ranks: Sequence[int]) -> str:
    """The best five of four to six cards (ranks 0-12) of which no five share a suit."""
    counts = sorted(Counter(ranks).values(), reverse=True) + [0]
    if counts[0] >= 5:
        return "five of a kind"
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3 and counts[1] >= 2:
        return "full house"
    if len(ranks) >= 5 and _straight(ranks):
        return "straight"
    if counts[0] == 3:
        return "three of a kind"
    if counts[1] == 2:
        return "two pair"
    return "pair" if counts[0] == 2 else "high card"


def with_flush(ranks: Sequence[int], suited: Sequence[int]) -> str:
    """The best five of five or six cards (ranks ``ranks``) of which the cards of ranks ``suited`` (five or more)
    share one suit."""
    held = set(suited)
    if held >= ROYAL:
        return "royal flush"
    if _straight(held):
        return "straight flush"
    plain = rank_only(ranks)
    return plain if BEST_INDEX[plain] < BEST_INDEX["flush"] else "flush"


def best_five(ranks: Sequence[int], suits: Sequence[int]) -> str:
    """The best five of four to six actual cards: ranks 0-12, suits 0-3, card by card."""
    if not 4 <= len(ranks) <= 6 or len(suits) != len(ranks):
        raise ValueError(f"the best five reads four to six cards, not {len(ranks)}")
    common, n = Counter(suits).most_common(1)[0]
    if n >= 5:
        return with_flush(ranks, [r for r, s in zip(ranks, suits) if s == common])
    return rank_only(ranks)
