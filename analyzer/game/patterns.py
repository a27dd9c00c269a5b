"""Group patterns: what a pay table says of a group of cards as a whole (of a kind, pairs, suits, straights, poker).

A :class:`Pattern` is part of a :class:`~analyzer.game.conditions.GroupTest`
and reads the group's cards through *keyings*: the multiset of their ranks
(:data:`RANKS_KEYING`), or of their suits counted among some cards only
(``Keying("suit", among)``, every other card keyed "not counted"). A flush
reads the group's common suit, as ``suited`` does. :func:`pattern_holds` is
the one reading of a pattern from those multisets; the round engine gives it
the cards dealt, a record the multisets it kept, and the vectorized
settlement calls it once per distinct multiset.

Definitions (exact; the reference documents them):

* ``of_a_kind = [a, b, ...]`` (sizes, largest first): distinct ranks with at
  least a, b, ... cards each (``[3, 2]`` a full house, ``[3, 3]`` double
  triplets); a single N is ``[N]``; ``among`` limits the ranks counted.
* ``pairs = N``: ``of_a_kind`` of N twos (a three or four of a kind counts
  as a pair).
* ``same_suit = N``: at least N of the cards counted (all, or those of
  ``among``) in one suit.
* ``straight``: the group's ranks are distinct and consecutive; an ace is
  low (A-2-3) or high (Q-K-A) as ``ace`` says; no wrap (K-A-2 is none).
* ``poker``: the group's poker rank, for a group of two to four cards:
  two cards pair, high card; three cards (three-card poker order) straight
  flush, three of a kind, straight, flush, pair, high card; four cards
  four of a kind, straight flush, three of a kind, flush, straight, two
  pair, pair, high card. Straights take the ace low or high.
* ``best_five``: the poker rank of the best five of every card dealt
  (:mod:`analyzer.game.poker`), read by :class:`GroupTest` from the group
  itself (not from keys): ``poker`` written in ``all_cards``.
* ``rank_sum`` (A=1 ... K=13) and ``value_sum`` (baccarat values, not
  reduced mod 10) between ``low`` and ``high`` inclusive.

>>> p = Pattern(of_a_kind=(3, 2))
>>> pattern_holds(p, {RANKS_KEYING: (0, 0, 0, 12, 12)}, None)
True
>>> pattern_holds(Pattern(straight="both"), {RANKS_KEYING: (0, 11, 12)}, None)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..errors import InputError
from .cards import RANKS, SUITS, TYPE_RANK, TYPE_SUIT, VALUES
from .poker import BEST_FIVE

KINDS: tuple[str, ...] = ("rank", "suit")
ACES: tuple[str, ...] = ("both", "low", "high")
POKER: dict[int, tuple[str, ...]] = {
    2: ("pair", "high card"),
    3: ("straight flush", "three of a kind", "straight", "flush", "pair", "high card"),
    4: ("four of a kind", "straight flush", "three of a kind", "flush", "straight", "two pair", "pair", "high card"),
}
"""The poker ranks of a group by its number of cards, best first."""
POKER_NAMES: tuple[str, ...] = tuple(dict.fromkeys(name for names in POKER.values() for name in names))
NOT_COUNTED = len(SUITS)
"""The suit key of a card outside a suit keying's ``among``."""


@dataclass(frozen=True, slots=True)
class Keying:
    """How a group's cards are keyed: by rank (0-12), or by suit (0-3) among the card types ``among`` (others 4)."""

    kind: str
    among: frozenset[int] | None = None
    text: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InputError(f"keying {self.kind!r} is not one of {', '.join(KINDS)}.")

    @property
    def size(self) -> int:
        """How many keys there are (a record stores key + 1, 0 for no card)."""
        return len(RANKS) if self.kind == "rank" else len(SUITS) + 1

    @property
    def reads_suit(self) -> bool:
        return self.kind == "suit"

    def key(self, card_type: int) -> int:
        """The key of a card type (0-51)."""
        if self.kind == "rank":
            return TYPE_RANK[card_type]
        return TYPE_SUIT[card_type] if self.among is None or card_type in self.among else NOT_COUNTED

    def rank_key(self, rank: int) -> int:
        """The key of a card known by its rank only (a rank keying)."""
        assert self.kind == "rank"
        return rank


RANKS_KEYING = Keying("rank")


@dataclass(frozen=True, slots=True)
class Pattern:
    """Group patterns; a field left ``None`` tests nothing (see the module notes)."""

    of_a_kind: tuple[int, ...] | None = None
    kind_among: frozenset[int] | None = None
    """The ranks (0-12) ``of_a_kind`` counts; ``None``: all."""
    same_suit: int | None = None
    suit_among: Keying | None = None
    flush: bool | None = None
    straight: str | None = None
    """"both", "low" or "high": where the ace may stand; ``None``: not tested."""
    straight_holds: bool = True
    poker: frozenset[str] | None = None
    none_of: frozenset[int] | None = None
    """Ranks (0-12) of which the group holds no card."""
    rank_sum: tuple[int, int] | None = None
    value_sum: tuple[int, int] | None = None
    best_five: frozenset[str] | None = None
    """The poker ranks of the best five of every card dealt (:mod:`analyzer.game.poker`): ``poker`` in ``all_cards``."""

    def __post_init__(self) -> None:
        if self.of_a_kind is not None and (not self.of_a_kind or any(not 1 <= n <= 6 for n in self.of_a_kind)):
            raise InputError("of_a_kind must be a number of cards 1-6, or a list of them.")
        if self.same_suit is not None and not 1 <= self.same_suit <= 6:
            raise InputError("same_suit must be a number of cards 1-6.")
        if self.straight is not None and self.straight not in ACES:
            raise InputError(f"the ace of a straight is {', '.join(ACES)}.")
        if self.poker is not None and not self.poker <= set(POKER_NAMES):
            raise InputError(f"poker must name ranks among {', '.join(POKER_NAMES)}.")
        if self.best_five is not None and not (self.best_five and self.best_five <= set(BEST_FIVE)):
            raise InputError(f"poker over every card dealt must name ranks among {', '.join(BEST_FIVE)}.")

    @property
    def empty(self) -> bool:
        return all(
            getattr(self, name) is None
            for name in (
                "of_a_kind",
                "same_suit",
                "flush",
                "straight",
                "poker",
                "none_of",
                "rank_sum",
                "value_sum",
                "best_five",
            )
        )

    def keyings(self) -> tuple[Keying, ...]:
        """The keyings the pattern reads (a flush reads the common suit instead)."""
        out: list[Keying] = []
        if (
            self.of_a_kind is not None
            or self.straight is not None
            or self.poker is not None
            or self.none_of is not None
            or (self.rank_sum is not None or self.value_sum is not None)
        ):
            out.append(RANKS_KEYING)
        if self.same_suit is not None:
            out.append(self.suit_among or Keying("suit"))
        return tuple(out)

    @property
    def reads_common_suit(self) -> bool:
        return self.flush is not None or self.poker is not None


def _straight(ranks: list[int], ace: str) -> bool:
    if len(set(ranks)) != len(ranks) or len(ranks) < 2:
        return False
    options = []
    if ace in ("both", "low") or 0 not in ranks:
        options.append(sorted(ranks))
    if ace in ("both", "high") and 0 in ranks:
        options.append(sorted(13 if r == 0 else r for r in ranks))
    return any(o[-1] - o[0] == len(o) - 1 for o in options)


def poker_rank(ranks: list[int], suited: bool) -> str:
    """The poker rank of two to four cards (ranks 0-12; ``suited``: all one suit), as :data:`POKER` orders them."""
    n = len(ranks)
    counts = sorted(Counter(ranks).values(), reverse=True)
    straight = n >= 3 and _straight(ranks, "both")
    flush = n >= 3 and suited
    found = {
        "four of a kind": counts[0] >= 4,
        "straight flush": straight and flush,
        "three of a kind": counts[0] >= 3,
        "flush": flush,
        "straight": straight,
        "two pair": counts[:2] == [2, 2],
        "pair": counts[0] >= 2,
        "high card": True,
    }
    return next(name for name in POKER[n] if found[name])


@lru_cache(maxsize=1 << 16)
def _kinds(ranks: tuple[int, ...], among: frozenset[int] | None) -> tuple[int, ...]:
    """How many cards of each rank (of ``among``) the group holds, largest first (remembered: rows share groups)."""
    return tuple(sorted(Counter(r for r in ranks if among is None or r in among).values(), reverse=True))


def _of_a_kind(wanted: tuple[int, ...], ranks: list[int], among: frozenset[int] | None) -> bool:
    have = _kinds(tuple(sorted(ranks)), among)
    return len(have) >= len(wanted) and all(h >= w for h, w in zip(have, wanted))


def pattern_holds(pattern: Pattern, keys: Mapping[Keying, tuple[int, ...]], suit: int | None) -> bool:
    """Whether a group satisfies ``pattern``: ``keys`` the group's keys under each keying it reads (one per card),
    ``suit`` the suit every card shares (``None``: mixed; read for a flush or poker only)."""
    ranks = list(keys[RANKS_KEYING]) if RANKS_KEYING in keys else []
    if pattern.of_a_kind is not None and not _of_a_kind(pattern.of_a_kind, ranks, pattern.kind_among):
        return False
    if pattern.same_suit is not None:
        suits = [s for s in keys[pattern.suit_among or Keying("suit")] if s != NOT_COUNTED]
        most = max(Counter(suits).values(), default=0)
        if most < pattern.same_suit:
            return False
    if pattern.flush is not None and (suit is not None) != pattern.flush:
        return False
    if pattern.straight is not None and _straight(ranks, pattern.straight) != pattern.straight_holds:
        return False
    if pattern.poker is not None and (
        len(ranks) not in POKER or poker_rank(ranks, suit is not None) not in pattern.poker
    ):
        return False
    if pattern.none_of is not None and pattern.none_of & set(ranks):
        return False
    if pattern.rank_sum is not None and not pattern.rank_sum[0] <= sum(r + 1 for r in ranks) <= pattern.rank_sum[1]:
        return False
    return pattern.value_sum is None or pattern.value_sum[0] <= sum(VALUES[r] for r in ranks) <= pattern.value_sum[1]


_KINDS = {1: "a card", 2: "a pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind", 6: "six of a kind"}
_NUMBERS = {2: "two", 3: "three"}


def _kinds_text(sizes: tuple[int, ...]) -> str:
    if len(sizes) > 1 and len(set(sizes)) == 1 and sizes[0] in (2, 3):
        return f"{_NUMBERS[len(sizes)]} {'pairs' if sizes[0] == 2 else 'threes of a kind'}"
    if sizes == (3, 2):
        return "a full house"
    return " and ".join(_KINDS[n] for n in sizes)


def _range_text(name: str, low: int, high: int, top: int) -> str:
    if low == high:
        return f"{name} {low}"
    if low == 0:
        return f"{name} at most {high}"
    return f"{name} at least {low}" if high >= top else f"{name} {low}-{high}"


def describe_pattern(pattern: Pattern) -> list[str]:
    """The pattern as short phrases."""
    parts = []
    if pattern.of_a_kind is not None:
        text = _kinds_text(pattern.of_a_kind)
        parts.append(
            text
            if pattern.kind_among is None
            else f"{text} of {'/'.join(RANKS[r] for r in sorted(pattern.kind_among))}"
        )
    if pattern.same_suit is not None:
        among = pattern.suit_among
        parts.append(
            f"{pattern.same_suit} cards of one suit"
            + (f" (counting {among.text} only)" if among and among.text else "")
        )
    if pattern.flush is not None:
        parts.append("flush" if pattern.flush else "no flush")
    if pattern.straight is not None:
        ace = "" if pattern.straight == "both" else f" (ace {pattern.straight})"
        parts.append(("straight" if pattern.straight_holds else "no straight") + ace)
    if pattern.poker is not None:
        parts.append("poker " + " or ".join(n for n in POKER_NAMES if n in pattern.poker))
    if pattern.best_five is not None:
        parts.append("best five " + " or ".join(n for n in BEST_FIVE if n in pattern.best_five))
    if pattern.none_of is not None:
        parts.append("no " + "/".join(RANKS[r] for r in sorted(pattern.none_of)))
    if pattern.rank_sum is not None:
        parts.append(_range_text("rank sum", *pattern.rank_sum, 78))
    if pattern.value_sum is not None:
        parts.append(_range_text("value sum", *pattern.value_sum, 54))
    return parts
