"""The enumerator: every way a round can be dealt from a shoe, counted exactly.

Input: a :class:`~analyzer.game.shoe.Shoe` and the :class:`~analyzer.game.rules.Drawing`
rules. Output: a :class:`Distribution`, the number of ordered six-card
dealings P1 B1 P2 B2 P3 B3 that end in each
:class:`~analyzer.game.state.FinalState`. It knows no
casino and no wager: pay tables are applied later, by :mod:`analyzer.exact.distribution`.

Counting convention
    Every round is counted as a dealing of six cards in the order P1 B1 P2 B2
    P3 B3 (document 003's order for the first four), whether or not the third
    cards are used; a card not used still counts the ways it could have been
    dealt. So the counts of a shoe of N cards add up to N(N-1)(N-2)(N-3)(N-4)
    (N-5), and a count divided by that is a probability. This is the
    convention of the published figures (Wizard of Odds, Thorp).

How it walks the deal
    1. The four initial cards are dealt by rank, in every order (a plain
       recursion over the 13 ranks, four levels deep). Each way leaves two
       hand totals, two pair flags (first two cards of a hand of identical
       rank: K-K is a pair, K-Q is not) and a shoe.
    2. From then on no rule and no wager reads a card's rank, only its value,
       so the shoe is counted by value (T J Q K pool into 0) and the third
       cards are dealt by :func:`_third_cards`, which is memoized.

Memo-key contract
    ``_third_cards`` reads exactly: the cards left by value, the Player and
    Banker two-card totals, and the drawing rules. All of them are in its key
    (the drawing rules through the per-call memo: one call of
    :func:`enumerate_deals` uses one ``Drawing``). Whole distributions are
    cached by (shoe counts, drawing), both hashable and immutable. Anything
    added to what the recursion reads must be added to both keys.

Card-class contract (the side bets' paths)
    This enumerator counts what a :class:`FinalState` holds, over ranks for
    the first four cards (pairs) and values after them. A wager that reads
    more (a two-card total, a suited pair, its third card, cards held,
    suits, colours, the highest card, the fifth or sixth card) is counted
    over the *record* of what it reads (:mod:`analyzer.game.needs`: its
    fields are the contract, and a feature the wager does not read is not
    in it), and over the coarsest classes of cards that keep every property
    read at each position constant on a class: values; ranks where a pair or
    a rank is read; the 52 card types where a suited pair, a suit, a colour
    or a suited card is read (:mod:`analyzer.exact.classcount`, whose
    partitions are computed from the needs and nothing else). Lumping cards
    into classes is exact because an ordered dealing of classes can be dealt
    in prod over classes of falling factorials of their counts ways, provided
    the blocks of positions dealt first refine those dealt after (so the
    cards they took out are known class by class); everything a later block
    reads of an earlier one is in the earlier block's summary (two-card
    total, pair flags, the accumulators of its first two cards), which is the
    key the later counts are summed under. The readable reference for those
    wagers is :mod:`analyzer.exact.reference` (every card type, no classes).
    Which path counts a wager is decided by :func:`analyzer.exact.outcomes.path_of`:
    a rule set whose wagers read what the shipped ones read is counted here
    and by :mod:`analyzer.exact.fastcount`, as before.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from types import MappingProxyType

from ..game.cards import RANKS, VALUES
from ..game.rules import Drawing
from ..game.shoe import Shoe
from ..game.state import NATURALS, FinalState
from .distribution import Distribution


def enumerate_deals(shoe: Shoe, drawing: Drawing) -> Distribution:
    """Count every ordered six-card dealing from ``shoe`` by how the round ends.

    The result is cached by (shoe, drawing); it is immutable, so sharing it
    is safe.
    """
    return _enumerate_cached(shoe, drawing)


def divide(shoe: Shoe, drawing: Drawing) -> dict[str, dict[FinalState, int]]:
    """The counts of :func:`enumerate_deals` split by the rank of the first card, P1.

    Like perft's "divide": when a total disagrees with a reference, the split
    shows which first card carries the error. The parts add up to the whole.
    """
    parts = {}
    for rank, n in enumerate(shoe.counts):
        if n:
            counts = list(shoe.counts)
            counts[rank] -= 1
            parts[RANKS[rank]] = _tally(counts, (rank,), n, drawing)
    return parts


def third_cards(
    values: tuple[int, ...], player: int, banker: int, drawing: Drawing
) -> dict[tuple[int, int, int, int], int]:
    """The step after the four initial cards, for hands dealt some other way.

    ``values`` are the cards left by value (T J Q K pooled into 0), ``player``
    and ``banker`` the two-card totals. Returns the ordered dealings of the
    two third cards by (Player total, Banker total, Player cards, Banker
    cards); a third card not drawn still counts its ways, so the counts add up
    to left * (left - 1). Naturals end the round for both hands.

    Trap: not memoized; a caller keys its memo on all four arguments. The
    count of an ordered pair of cards by value does not depend on which of
    the two is dealt first, so the counts hold whether the Player's or the
    Banker's third card comes off the shoe first (Play Your Own Cards deals
    the Banker's first; :mod:`analyzer.studies.owncards`).
    """
    return _third_cards(values, player, banker, drawing)


@lru_cache(maxsize=64)
def _enumerate_cached(shoe: Shoe, drawing: Drawing) -> Distribution:
    counts = _tally(list(shoe.counts), (), 1, drawing)
    return Distribution(shoe=shoe, counts=MappingProxyType(counts))


def _tally(counts: list[int], dealt: tuple[int, ...], ways: int, drawing: Drawing) -> dict[FinalState, int]:
    """Counts by final state of every dealing that starts with ``dealt``."""
    initial: Counter[tuple[int, int, bool, bool, tuple[int, ...]]] = Counter()
    _initial_cards(counts, dealt, ways, initial)

    memo: dict[tuple[tuple[int, ...], int, int], dict[tuple[int, int, int, int], int]] = {}
    final: Counter[FinalState] = Counter()
    for (player, banker, player_pair, banker_pair, values), n_initial in initial.items():
        key = (values, player, banker)
        if key not in memo:
            memo[key] = _third_cards(values, player, banker, drawing)
        for (pt, bt, pn, bn), n in memo[key].items():
            final[FinalState(pt, bt, pn, bn, player_pair, banker_pair)] += n_initial * n
    return dict(final)


def _initial_cards(
    counts: list[int],
    dealt: tuple[int, ...],
    ways: int,
    out: Counter[tuple[int, int, bool, bool, tuple[int, ...]]],
) -> None:
    """Deal P1 B1 P2 B2 by rank in every order; tally what the rest depends on.

    ``counts`` is the shoe by rank (changed in place and restored), ``dealt``
    the rank indices dealt so far, ``ways`` the ordered ways to deal them.
    """
    if len(dealt) == 4:
        p1, b1, p2, b2 = dealt
        values = [0] * 10
        for rank, n in enumerate(counts):
            values[VALUES[rank]] += n
        player = (VALUES[p1] + VALUES[p2]) % 10
        banker = (VALUES[b1] + VALUES[b2]) % 10
        out[(player, banker, p1 == p2, b1 == b2, tuple(values))] += ways
        return
    for rank, n in enumerate(counts):
        if n:
            counts[rank] = n - 1
            _initial_cards(counts, dealt + (rank,), ways * n, out)
            counts[rank] = n


def _third_cards(
    values: tuple[int, ...], player: int, banker: int, drawing: Drawing
) -> dict[tuple[int, int, int, int], int]:
    """Deal the third cards (P3 then B3) from ``values``, cards left by value.

    Returns ordered (P3, B3) dealings by (Player total, Banker total, Player
    cards, Banker cards). A third card not drawn still counts its ways, per
    the counting convention, so the counts add up to left * (left - 1).
    """
    left = sum(values)
    out: Counter[tuple[int, int, int, int]] = Counter()
    if player in NATURALS or banker in NATURALS:
        out[(player, banker, 2, 2)] = left * (left - 1)
    elif drawing.player_draws(player):
        for v, n in enumerate(values):
            if not n:
                continue
            player3 = (player + v) % 10
            if drawing.banker_draws(banker, player_third=v):
                for w, m in enumerate(values):
                    m -= v == w
                    if m:
                        out[(player3, (banker + w) % 10, 3, 3)] += n * m
            else:
                out[(player3, banker, 3, 2)] += n * (left - 1)
    elif drawing.banker_draws(banker, player_third=None):
        for w, m in enumerate(values):
            if m:
                out[(player, (banker + w) % 10, 2, 3)] += m * (left - 1)
    else:
        out[(player, banker, 2, 2)] = left * (left - 1)
    return dict(out)
