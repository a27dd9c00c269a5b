"""Records of a wager that reads the best five of every card dealt: exact, on any suited shoe, even or not.

:func:`poker_table` is :func:`analyzer.exact.classcount.record_table` for
needs with ``best_five`` (:mod:`analyzer.game.poker`). Beside the poker rank
such a wager may read what ranks decide: the totals and card counts of both
hands (who wins, by how much, naturals), their two-card totals and their
pairs. Anything more (suits, card specs, patterns of a hand) is refused with
one line, as a record that read both would multiply.

How it counts
    The round (totals, cards, pairs) depends on the ranks in the order
    dealt; the best five on the multiset of ranks and on which of those
    cards share a suit when five or six do. So every ordered sequence of
    ranks a round can deal (P1 B1 P2 B2, then the third cards the drawing
    rules call for: 28,561 four-card starts, 1,659,001 rank sequences in
    all) is enumerated with numpy, and grouped by (record, multiset of
    ranks) with the number of sequences in each. For one multiset M (k_r
    cards of rank r) and one sequence of it, the ordered dealings of real
    cards are W = prod_r falling(n_r, k_r); those in which exactly the
    sub-multiset A of M is of suit s and every other card is not are
    prod_r C(k_r, a_r) falling(n_rs, a_r) falling(n_r - n_rs, k_r - a_r)
    (which a_r of the k_r places take suit s, then cards of suit s for
    them and cards of the other suits for the rest), n_rs the shoe's cards
    of rank r and suit s. Five or six cards hold at most one suit five
    times, so these events (|A| >= 5, one suit each) are disjoint: each
    gives its rank :func:`~analyzer.game.poker.with_flush`, and the rest of
    W has the rank of the ranks alone (:func:`~analyzer.game.poker.rank_only`).
    A round of n cards is one of falling(N - n, 6 - n) six-card dealings
    (the cards not dealt), as everywhere else.

Number type
    Every count is a share of the shoe's denominator falling(N, 6) and every
    term is non-negative, so when the denominator is below 2^63 numpy int64
    holds every product and sum exactly (8 decks: 5.0e18); beyond, Python
    integers (dtype object), slower and exact. No float takes part. The
    tests hold it to a brute force over every ordered deal of small suited
    shoes, uneven ones included (``tests/test_best_five.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.cards import RANKS, SUITS, VALUES
from ..game.needs import Needs
from ..game.poker import BEST_FIVE, BEST_INDEX, STRAIGHTS
from ..game.rules import Drawing
from ..game.shoe import Shoe, falling
from .settlement import RecordTable, decoded_records

Array = npt.NDArray[Any]
_R = len(RANKS)
_BASE = 7
"""A multiset of at most six ranks as one integer: the number of cards of rank r is its digit r in base 7."""
_INT64 = 2**63
ALLOWED = ("total", "cards", "two", "pair")
"""What a hand's records may hold beside the best five: what the ranks in the order dealt decide."""


def _refused(needs: Needs) -> list[str]:
    names = [name for name, _ in needs.fields() if name != "poker"]
    return [name for name in names if name.split(".", 1)[1] not in ALLOWED]


def poker_table(shoe: Shoe, drawing: Drawing, needs: Needs) -> RecordTable:
    """Ordered six-card dealings from ``shoe`` by record of ``needs`` (which read the best five of every card dealt).

    Raises :class:`InputError` when the shoe's suits are unknown, or when the
    needs read more than the ranks in order decide beside the best five.
    """
    assert needs.best_five and needs.drawing
    extra = _refused(needs)
    if extra:
        raise InputError(
            f"reads the best five of every card dealt (all_cards poker) together with {', '.join(extra)}; beside it a "
            "wager may read totals, cards, naturals, results, margins, two-card totals and pairs: put the other rows "
            "in a wager of their own."
        )
    if shoe.types is None:
        raise InputError(
            "A wager reads suits, and the suits of this shoe are unknown (a card was removed by its rank "
            "only); name the suit of every removed card, e.g. --remove KH,9D."
        )
    big = shoe.denominator >= _INT64
    fields = needs.fields()[:-1]
    keys, multiplicity = _sequences(drawing, fields)
    record, multiset = np.divmod(keys, _BASE**_R)
    distinct, inverse = np.unique(multiset, return_inverse=True)
    ways = _ways_by_multiset(shoe, distinct.tolist(), big)
    dtype: Any = object if big else np.int64
    weighted = ways[inverse.reshape(-1)] * multiplicity.astype(dtype)[:, None]
    starts = np.flatnonzero(np.r_[True, record[1:] != record[:-1]])
    if big:
        sums = np.array(
            [weighted[a:b].sum(axis=0) for a, b in zip(starts, np.r_[starts[1:], len(record)])], dtype=object
        )
    else:
        sums = np.add.reduceat(weighted, starts, axis=0)
    records = decoded_records(record[starts], [radix for _, radix in fields])
    row, cat = np.nonzero(sums != 0)
    table = np.concatenate([records[row], cat.reshape(-1, 1).astype(np.int64)], axis=1)
    counts = sums[row, cat]
    if big:
        counts = np.array([int(c) for c in counts], dtype=object)
    return RecordTable(np.ascontiguousarray(table, dtype=np.int64), counts)


def _sequences(drawing: Drawing, fields: tuple[tuple[str, int], ...]) -> tuple[Array, Array]:
    """Every ordered rank sequence a round deals, as sorted distinct keys (record code, multiset) with their numbers."""
    value = np.array(VALUES, dtype=np.int64)
    player_draws = np.array(list(drawing.player) + [False, False])
    banker_draws = np.array([list(row) for row in drawing.banker] + [[False] * len(drawing.banker[0])] * 2)
    start = np.arange(_R**4, dtype=np.int64)
    r1, r2, r3, r4 = (start // _R ** (3 - i) % _R for i in range(4))
    pt, bt = (value[r1] + value[r3]) % 10, (value[r2] + value[r4]) % 10
    natural = (pt >= 8) | (bt >= 8)
    p_draws = ~natural & player_draws[pt]
    b_alone = ~natural & ~p_draws & banker_draws[bt, 0]
    rounds: list[dict[str, Array]] = []

    def add(where: Array, third: tuple[Array | None, Array | None], totals: tuple[Array, Array]) -> None:
        cards = [r1[where], r2[where], r3[where], r4[where]] + [t for t in third if t is not None]
        multiset = sum((_BASE**c for c in cards), np.zeros(len(cards[0]), dtype=np.int64))
        rounds.append(
            {
                "player.total": totals[0],
                "player.cards": np.full(len(cards[0]), int(third[0] is not None)),
                "banker.total": totals[1],
                "banker.cards": np.full(len(cards[0]), int(third[1] is not None)),
                "player.two": pt[where],
                "banker.two": bt[where],
                "player.pair": (r1[where] == r3[where]).astype(np.int64),
                "banker.pair": (r2[where] == r4[where]).astype(np.int64),
                "multiset": multiset,
            }
        )

    stands = natural | (~p_draws & ~b_alone)
    add(stands, (None, None), (pt[stands], bt[stands]))
    alone = np.repeat(np.flatnonzero(b_alone), _R)
    fifth = np.tile(np.arange(_R), int(b_alone.sum()))
    add(alone, (None, fifth), (pt[alone], (bt[alone] + value[fifth]) % 10))
    drew = np.repeat(np.flatnonzero(p_draws), _R)
    p3 = np.tile(np.arange(_R), int(p_draws.sum()))
    answers = banker_draws[bt[drew], 1 + value[p3]]
    once = drew[~answers]
    add(once, (p3[~answers], None), ((pt[once] + value[p3[~answers]]) % 10, bt[once]))
    both, third = np.repeat(drew[answers], _R), np.repeat(p3[answers], _R)
    sixth = np.tile(np.arange(_R), int(answers.sum()))
    add(both, (third, sixth), ((pt[both] + value[third]) % 10, (bt[both] + value[sixth]) % 10))
    keys = []
    for columns in rounds:
        code = np.zeros(len(columns["multiset"]), dtype=np.int64)
        for name, radix in fields:
            code = code * radix + columns[name]
        keys.append(code * _BASE**_R + columns["multiset"])
    distinct, number = np.unique(np.concatenate(keys), return_counts=True)
    return distinct, number


def _falling_table(counts: list[int], dtype: Any) -> Array:
    """``table[r, k]`` = falling(counts[r], k) for k = 0..6."""
    return np.array([[falling(n, k) for k in range(7)] for n in counts], dtype=dtype)


def _straights(mask: Array) -> Array:
    """Whether the ranks of each bit mask (bit r: rank r held) hold a straight."""
    found = np.zeros(mask.shape, dtype=bool)
    for straight in STRAIGHTS:
        bits = sum(1 << r for r in straight)
        found |= (mask & bits) == bits
    return found


_INDEX = {name: np.int64(i) for name, i in BEST_INDEX.items()}
_ROYAL = sum(1 << r for r in STRAIGHTS[-1])


def plain_ranks(k: Array) -> Array:
    """The best five (:data:`~analyzer.game.poker.BEST_INDEX`) of multisets ``k`` (one row of 13 rank counts each,
    four to six cards) of which no five cards share a suit."""
    ordered = np.sort(k, axis=1)
    top, second, n = ordered[:, -1], ordered[:, -2], k.sum(axis=1)
    held = ((k > 0).astype(np.int64) << np.arange(_R)).sum(axis=1)
    index = _INDEX
    ranked: Array = np.select(
        [top >= 5, top == 4, (top == 3) & (second >= 2), (n >= 5) & _straights(held), top == 3, second == 2, top == 2],
        [
            index["five of a kind"],
            index["four of a kind"],
            index["full house"],
            index["straight"],
            index["three of a kind"],
            index["two pair"],
            index["pair"],
        ],
        index["high card"],
    )
    return ranked


def suited_ranks(plain: Array, suited: Array) -> Array:
    """The best five of the same cards when five or six of them share a suit: ``plain`` their :func:`plain_ranks`,
    ``suited`` the ranks of the cards of that suit as bit masks (bit r: rank r)."""
    other = np.where(plain < _INDEX["flush"], plain, _INDEX["flush"])
    ranked: Array = np.where(
        (suited & _ROYAL) == _ROYAL,
        _INDEX["royal flush"],
        np.where(_straights(suited), _INDEX["straight flush"], other),
    )
    return ranked


def _categories(k: Array) -> tuple[Array, Array, Array]:
    """For multisets ``k`` (one row of 13 rank counts each), the best five of their ranks alone, of all their
    cards in one suit, and of all but one card of each rank in one suit (the last: one column per rank)."""
    held = ((k > 0).astype(np.int64) << np.arange(_R)).sum(axis=1)
    plain = plain_ranks(k)
    all_suited = suited_ranks(plain, held)
    but_one = np.stack([suited_ranks(plain, np.where(k[:, r] == 1, held & ~(1 << r), held)) for r in range(_R)], axis=1)
    return plain, all_suited, but_one


def _ways_by_multiset(shoe: Shoe, multisets: list[int], big: bool) -> Array:
    """For each multiset of ranks, the six-card dealings of one of its orders, by best five (int64, or Python ints)."""
    assert shoe.types is not None
    dtype: Any = object if big else np.int64
    k = np.asarray(multisets, dtype=np.int64)[:, None] // _BASE ** np.arange(_R, dtype=np.int64) % _BASE
    m, n = len(k), k.sum(axis=1)
    ranks = np.arange(_R)
    by_rank = _falling_table(list(shoe.counts), dtype)
    total = np.prod(by_rank[ranks, k], axis=1)
    plain, all_suited, but_one = _categories(k)
    out = np.zeros((m, len(BEST_FIVE)), dtype=dtype)
    rows = np.arange(m)
    flushes = np.zeros(m, dtype=dtype)
    five = n >= 5
    for s in range(len(SUITS)):
        of_suit = [shoe.types[r * len(SUITS) + s] for r in range(_R)]
        suit_table = _falling_table(of_suit, dtype)
        in_suit = suit_table[ranks, k]  # every card of rank r in suit s
        every = np.where(five, np.prod(in_suit, axis=1), 0)
        np.add.at(out, (rows, all_suited), every)
        flushes = flushes + every
        others = _falling_table([a - b for a, b in zip(shoe.counts, of_suit)], dtype)
        six = n == 6
        for r in range(_R):  # all but one card of rank r in suit s, that one of another suit
            rest = in_suit.copy()
            left = k[:, r] >= 1
            rest[:, r] = np.where(left, k[:, r] * suit_table[r, np.maximum(k[:, r] - 1, 0)] * others[r, 1], 0)
            ways = np.where(six & left, np.prod(rest, axis=1), 0)
            np.add.at(out, (rows, but_one[:, r]), ways)
            flushes = flushes + ways
    np.add.at(out, (rows, plain), total - flushes)
    tail = np.array([falling(shoe.size - c, 6 - c) for c in range(7)], dtype=dtype)[n]
    result: Array = out * tail[:, None]
    return result
