"""Group patterns in TOML (:mod:`analyzer.game.patterns`), read strictly beside the other group keys.

Forms (the reference, generated from :mod:`analyzer.game.schema`, gives an example of each)::

    of_a_kind = 3                        # three or more cards of one rank
    of_a_kind = [3, 2]                   # a full house: a three of a kind and a pair of another rank
    of_a_kind = { cards = 2, rank = ["10", "J", "Q", "K"] }
    pairs = 2                            # two ranks with two or more cards each
    same_suit = 3                        # three or more cards of one suit
    same_suit = { cards = 3, rank = "9" }
    flush = true
    straight = true                      # or "ace-low", "ace-high" (true: the ace either way)
    poker = ["three of a kind", "straight flush"]
    poker = "flush"                      # in all_cards: the best five of every card dealt
    none_of = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    rank_sum = { min = 30 }              # a number, a list of numbers, or { min, max }
    value_sum = 0
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError, shown
from .cards import RANK_INDEX, parse_rank
from .patterns import POKER_NAMES, Keying, Pattern
from .poker import BEST_FIVE
from .schema import keys
from .strict import StrictTable

STRAIGHTS = {True: "both", "ace-low": "low", "ace-high": "high"}
SUMS = {"rank_sum": 78, "value_sum": 54}
"""The largest sum of six cards: six kings (rank 13), six nines (value 9)."""


def _ranks(value: Any, table: StrictTable, key: str) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(r, str) for r in items):
        raise table.error(key, f'is {shown(value)}; it must be a rank or a list of ranks, e.g. "9" or ["J", "Q", "K"].')
    try:
        return frozenset(RANK_INDEX[parse_rank(r)] for r in items)
    except InputError as e:
        raise table.error(key, str(e)) from None


def _count(value: Any, table: StrictTable, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise table.error(key, f"is {shown(value)}; it must be a number of cards from 1 to 6.")
    return value


def _counted(table: StrictTable, key: str) -> tuple[Any, frozenset[int] | None, str]:
    """A count, or a table { cards = N, rank = R }: (the count, the ranks, their text)."""
    value = table.typed(
        key, (int, list, dict), "a number of cards, a list of them, or { cards = N, rank = ... }", False
    )
    if not isinstance(value, dict):
        return value, None, ""
    inner = StrictTable(value, f"{table.where}.{key}", table.origin)
    cards = inner.typed("cards", (int, list), "a number of cards 1-6", True)
    rank = inner.typed("rank", (str, list), "a rank or a list of ranks", True)
    ranks = _ranks(rank, inner, "rank")
    inner.finish(keys("counted"))
    return cards, ranks, "/".join(rank if isinstance(rank, list) else [rank])


def _sum(table: StrictTable, key: str) -> tuple[int, int] | None:
    top = SUMS[key]
    allowed = f"a whole number 0-{top}, or {{ min = ..., max = ... }} (either or both)"
    value = table.typed(key, (int, dict), allowed, False)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        low = high = value
    elif isinstance(value, dict):
        inner = StrictTable(value, f"{table.where}.{key}", table.origin)
        low, high = inner.integer("min", required=False), inner.integer("max", required=False)
        inner.finish(keys("range"))
        if low is None and high is None:
            raise table.error(key, f"says nothing; it must be {allowed}.")
        low, high = 0 if low is None else low, top if high is None else high
    else:
        raise table.error(key, f"is {shown(value)}; it must be {allowed}.")
    if not 0 <= low <= high <= top:
        raise table.error(key, f"is {shown(value)}; it must be {allowed}, min not above max.")
    return low, high


def _poker(table: StrictTable, best_five: bool) -> frozenset[str] | None:
    allowed = BEST_FIVE if best_five else POKER_NAMES
    poker_value = table.typed("poker", (str, list), f"a poker rank or a list of them ({', '.join(allowed)})", False)
    if poker_value is None:
        return None
    names = poker_value if isinstance(poker_value, list) else [poker_value]
    if not names or not all(isinstance(n, str) and n in allowed for n in names):
        what = "; over every card dealt it is the best five" if best_five else ""
        raise table.error(
            "poker", f"is {shown(poker_value)}{what}; it must be one of {', '.join(allowed)}, or a list of them."
        )
    return frozenset(names)


def read_pattern(table: StrictTable, best_five: bool = False) -> Pattern | None:
    """The group patterns of ``table`` (a group table, or a hand's keys), or ``None`` when it states none.

    ``best_five``: the table is ``all_cards``, whose ``poker`` is the rank of the best five of every card dealt."""
    kind, kind_among, _ = _counted(table, "of_a_kind")
    pairs = table.integer("pairs", required=False)
    if kind is not None and pairs is not None:
        raise table.error(
            "pairs", "and of_a_kind say the same thing; give one of them (pairs = 2 is of_a_kind = [2, 2])."
        )
    of_a_kind = None
    if kind is not None:
        items = kind if isinstance(kind, list) else [kind]
        if not items:
            raise table.error("of_a_kind", "is an empty list; it must be a number of cards 1-6 or a list of them.")
        of_a_kind = tuple(sorted((_count(n, table, "of_a_kind") for n in items), reverse=True))
        if sum(of_a_kind) > 6:
            raise table.error("of_a_kind", f"is {shown(kind)}; a round deals at most six cards.")
    if pairs is not None:
        if not 1 <= pairs <= 3:
            raise table.error("pairs", f"is {pairs}; six cards hold one to three pairs.")
        of_a_kind = (2,) * pairs
    suited, suit_ranks, suit_text = _counted(table, "same_suit")
    if isinstance(suited, list):
        raise table.error("same_suit", "must be a number of cards 1-6 or { cards = N, rank = ... }, not a list.")
    same_suit = None if suited is None else _count(suited, table, "same_suit")
    among = None
    if suit_ranks is not None:
        among = Keying("suit", frozenset(t for t in range(52) if t // 4 in suit_ranks), suit_text)
    flush = table.boolean("flush", required=False)
    straight_value = table.typed("straight", (bool, str), 'true, false, "ace-low" or "ace-high"', False)
    straight, straight_holds = None, True
    if straight_value is not None:
        if straight_value is False:
            straight, straight_holds = "both", False
        elif straight_value in STRAIGHTS:
            straight = STRAIGHTS[straight_value]
        else:
            raise table.error(
                "straight", f'is {shown(straight_value)}; it must be true, false, "ace-low" or "ace-high".'
            )
    poker = _poker(table, best_five)
    none_value = table.typed("none_of", (str, list), "a rank or a list of ranks", False)
    none_of = None if none_value is None else _ranks(none_value, table, "none_of")
    pattern = Pattern(
        of_a_kind=of_a_kind,
        kind_among=kind_among,
        same_suit=same_suit,
        suit_among=among,
        flush=flush,
        straight=straight,
        straight_holds=straight_holds,
        poker=None if best_five else poker,
        none_of=none_of,
        best_five=poker if best_five else None,
        rank_sum=_sum(table, "rank_sum"),
        value_sum=_sum(table, "value_sum"),
    )
    return None if pattern.empty else pattern
