"""The fast exact path: the enumerator's :class:`Distribution`, from aggregated sums.

:func:`count_deals` returns exactly what :func:`analyzer.exact.enumerator.enumerate_deals`
returns (the same dict of :class:`FinalState` to ``int``, pair flags
included) in a few milliseconds instead of about half a second, and keeps
no cache of counts (what depends on the drawing rules alone, who draws in
each group, and the final-state keys are made once per process).
:mod:`analyzer.exact.parsheet` gets every distribution from here; the enumerator
stays as the readable reference the tests hold this module to.

Counting convention: ordered six-card dealings P1 B1 P2 B2 P3 B3, a third
card not drawn still counting its ways, as in the enumerator.

How it counts
    The weight of a dealing depends only on the multiset of values dealt
    (a falling factorial per value), so positions may be dealt in any order.
    Group the four initial cards by the two-card totals (P, B). Once they
    are dealt, with k_u cards of value u among them, the third cards come
    from n_u - k_u cards of value u, so every third-card weight is a
    polynomial of degree at most 2 in k:

        P3 = v:            n_v - k_v
        P3 = v, B3 = w:    (n_v - k_v)(n_w - k_w - [v = w])

    So three aggregated sums over a group's four-card dealings W carry
    everything: S0 = sum W, S1[u] = sum W k_u, S2[u][u'] = sum W k_u k_u'.
    By the symmetry of W within each hand they all come from one 10 x 10
    table per group, X[a][b] = W(a, P-a, b, B-b) (a hand's first card fixes
    its second), with row sums RP and column sums RB (totals mod 10):

        S1[u]     = 2 RP[u] + 2 RB[u]
        S2[v][w]  = [v = w] S1[v] + 2 [v + w = P] RP[v] + 2 [v + w = B] RB[v]
                    + 4 X[v][w] + 4 X[w][v]

Pairs
    A pair flag depends on the four initial cards only. For values 1-9 a
    value is a rank, so a pair is two equal values; ten-valued cards (T J Q
    K) pair only when their ranks are equal, which takes sums over the four
    ten ranks. Tables are made for four classes of four-card dealings (all;
    with a Player pair; with a Banker pair; with both) and the pair flags
    are recovered by inclusion-exclusion.

    Everything after the tables is linear in them, with coefficients that
    depend only on the shoe. For one shoe (Python ints) the four classes
    therefore share one pass: each entry carries the four class values in
    disjoint bit fields of one integer, unpacked at the end, when every
    field holds a count between 0 and the denominator. The fields are filled
    while the table is built (:class:`_PairLanes`): a dealing weighs
    (1 + [Player pair] L1)(1 + [Banker pair] L2), L1 and L2 the units of
    fields 1 and 2: a pair of values 1-9 multiplies its hand's factor by
    1 + L, and pairs of tens add their same-rank ways from the rank sums.
    :func:`class_counts` takes the pair classes' entries from
    :func:`_pair_entries` instead (on Python ints, one pass per class), or
    from :mod:`analyzer.exact.classbatch` (numpy arrays, every class in one
    pass); the tests hold the three equal.

Number type
    :func:`class_counts` only adds, subtracts and multiplies counts, so it
    runs as well on numpy integer arrays holding many shoes at once
    (:mod:`analyzer.exact.batch`): there :mod:`analyzer.exact.classbatch`
    counts every requested pair class in one pass, the classes side by side
    as blocks of columns, a pair class's for every shoe or only for the
    shoes ``paired`` (each count still one class's of one shoe, so no
    larger). Every
    intermediate stays below 64 N^6 for a shoe of N cards, which
    :mod:`analyzer.exact.batch` checks before it uses 64-bit integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import mul
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeVar

from ..game.cards import RANKS, VALUES
from ..game.rules import Drawing
from ..game.shoe import CARDS_PER_ROUND, Shoe, falling
from ..game.state import NATURALS, FinalState
from .distribution import Distribution

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Count", "Hands", "class_counts", "count_deals"]


class Count(Protocol):
    """What the counting needs of a number: exact +, - and * (an int, or a numpy int array)."""

    def __add__(self, other: Self | int, /) -> Self: ...

    def __sub__(self, other: Self | int, /) -> Self: ...

    def __mul__(self, other: Self | int, /) -> Self: ...


C = TypeVar("C", bound=Count)

Hands = tuple[int, int, int, int]
"""An ending without its pair flags: totals and cards per hand."""

Table = list[list[C]]
"""X[a][b] of one (Player total, Banker total) group; rows a, columns b."""

Entry = tuple[int, int, int, int, int, C]
"""One four-card weight of a pair class: (class 1-3, P, B, a, b, weight)."""

PLAYER_PAIR, BANKER_PAIR, BOTH_PAIRS = 1, 2, 3
"""Pair classes of four-card dealings; class 0 is every dealing."""

_PARTNER = [[(total - b) % 10 for b in range(10)] for total in range(10)]
"""_PARTNER[total][b]: the second card's value that makes a two-card ``total`` with b."""
_SPLITS = [[(a, (total - a) % 10) for a in range(10) if a <= (total - a) % 10] for total in range(10)]
"""_SPLITS[total]: the two-card ``total`` as values a-c with a <= c."""
_DOUBLES = [[a for a in range(10) if (2 * a) % 10 == total] for total in range(10)]
"""_DOUBLES[total]: values a whose two cards a-a make ``total`` (two of them for an even total)."""


def count_deals(shoe: Shoe, drawing: Drawing) -> Distribution:
    """Count every ordered six-card dealing from ``shoe`` by how the round ends.

    Identical to :func:`analyzer.exact.enumerator.enumerate_deals` (the tests check
    it on random depleted shoes), and not cached: it is fast enough to redo.
    """
    n, tens = _values(shoe.counts)
    width = falling(shoe.size, CARDS_PER_ROUND).bit_length() + 1
    table = _four_card_table(n, _PairLanes(n, tens, player=1 << width, banker=1 << 2 * width))
    mask = (1 << width) - 1
    counts: dict[FinalState, int] = {}
    for hands, packed in _endings(table, n, shoe.size, drawing).items():
        every, player, banker, both = (
            packed & mask,
            (packed >> width) & mask,
            (packed >> 2 * width) & mask,
            packed >> 3 * width,
        )
        # pair flags by inclusion-exclusion: neither, the Player's only, the Banker's only, both
        for state, count in zip(
            _with_pair_flags(hands), (every - player - banker + both, player - both, banker - both, both)
        ):
            if count:
                counts[state] = count
    return Distribution(shoe=shoe, counts=MappingProxyType(counts))


@cache
def _with_pair_flags(hands: Hands) -> tuple[FinalState, ...]:
    """The four final states of an ending: pair flags (no, no), (yes, no), (no, yes), (yes, yes).

    Cached as immutable keys (at most 400 endings), not as counts.
    """
    return tuple(
        FinalState(*hands, player_pair, banker_pair) for banker_pair in (False, True) for player_pair in (False, True)
    )


def class_counts(
    counts: Sequence[C],
    drawing: Drawing,
    classes: Sequence[int] = (0, 1, 2, 3),
    paired: npt.NDArray[np.integer[Any]] | None = None,
) -> list[dict[Hands, C]]:
    """Dealings by ending without pair flags, for each requested pair class.

    Class 0 is every dealing, 1 those with a Player pair, 2 with a Banker
    pair, 3 with both. ``counts`` is the count of each rank (RANKS order),
    as ints or as numpy integer arrays with one entry per shoe of a batch
    (int64, or object arrays of Python ints). On arrays every requested
    class is counted in one pass (:mod:`analyzer.exact.classbatch`); on
    ints, one pass per class. Both give the same endings in the same order
    and the same counts. Every ending the drawing rules can reach is a key
    of class 0, possibly with a zero count; a pair class has the endings
    of the groups it has dealings in.

    ``paired`` (arrays only): the shoes whose pair classes (1-3) are
    counted, as an index array of ascending shoe indices, or None for
    every shoe. A pair class's arrays then have one entry per shoe of
    ``paired``, in that order (class 0's still one per shoe), in the same
    one pass: the work grows with the shoes plus the paired shoes times the
    pair classes, not with every shoe times every class.
    """
    if len(counts) != len(RANKS):
        raise ValueError(f"need a count for each of the {len(RANKS)} ranks, got {len(counts)}")
    n, tens = _values(counts)
    if getattr(n[0], "ndim", 0):  # numpy arrays, one entry per shoe: every class in one pass
        from .classbatch import endings_by_class

        ten_pairs = _TenPairs(n[0], tens)
        arrays: list[Any] = [*n, ten_pairs.q2, ten_pairs.two_then_pair, ten_pairs.pair_then_pair]
        found: list[dict[Hands, Any]] = endings_by_class(
            arrays[:10], (arrays[10], arrays[11], arrays[12]), _plan(drawing), classes, paired
        )
        return found
    if paired is not None:
        raise ValueError("paired picks shoes of a batch: give it only with numpy arrays of counts, not with ints.")
    return class_counts_by_pass(counts, drawing, classes)


def class_counts_by_pass(
    counts: Sequence[C], drawing: Drawing, classes: Sequence[int] = (0, 1, 2, 3)
) -> list[dict[Hands, C]]:
    """:func:`class_counts` one pass per class, on ints or arrays alike: what it runs on ints, and the reference
    ``tests/test_classbatch.py`` and ``benchmarks/class_counts.py`` hold its one-pass path to."""
    n, tens = _values(counts)
    zero = n[0] * 0
    size = sum(n, zero)
    table = _four_card_table(n)
    tables: list[dict[tuple[int, int], Table[C]]] = [table, {}, {}, {}]
    for cls, p, banker, a, b, weight in _pair_entries(n, tens, table):
        if cls in classes:
            rows = tables[cls].setdefault((p, banker), [[zero] * 10 for _ in range(10)])
            rows[a][b] = weight
    return [_endings(tables[cls], n, size, drawing) for cls in classes]


class _TenPairs(Generic[C]):
    """Sums over the four ten ranks (``tens``, ``n0`` cards in all) that count pairs of tens."""

    def __init__(self, n0: C, tens: list[C]) -> None:
        zero = n0 * 0
        self.q2 = sum([t * (t - 1) for t in tens], zero)
        """Ordered pairs of two tens of one rank."""
        q22 = sum([t * (t - 1) * t * (t - 1) for t in tens], zero)
        q4 = sum([t * (t - 1) * (t - 2) * (t - 3) for t in tens], zero)
        self.pair_then_pair = self.q2 * self.q2 - q22 + q4
        """Two tens of one rank, then two tens of one rank (two ranks or one)."""
        self.two_then_pair = sum(
            [
                (n0 - t) * (n0 - t - 1) * t * (t - 1)  # no ten of this rank among the first two
                + t * (n0 - t) * (t - 1) * (t - 2) * 2  # one
                + t * (t - 1) * (t - 2) * (t - 3)  # two
                for t in tens
            ],
            zero,
        )
        """Two tens of any ranks, then two tens of one rank."""


class _PairLanes(Generic[C]):
    """The pair classes' bit fields, for :func:`_four_card_table` to fill in one pass.

    A four-card dealing adds its weight to field 0, and also to field 1 with
    a Player pair, field 2 with a Banker pair, field 3 with both: it weighs
    (1 + [Player pair] L1)(1 + [Banker pair] L2), with L1 = ``player`` and
    L2 = ``banker`` the unit values of fields 1 and 2 (L1 L2 that of field 3).
    A field can be read back when its value is a count from 0 to L1 - 1.
    """

    def __init__(self, n: list[C], tens: list[C], player: int, banker: int) -> None:
        self.n, self.tens, self.player, self.banker = n, _TenPairs(n[0], tens), player, banker

    def player_hand(self, a: int, ways: C) -> C:
        """The Player's two cards a-a (``ways`` of them), weighed with their pair field."""
        if a:  # two cards of one value 1-9 are a pair
            return ways * (1 + self.player)
        return ways + self.tens.q2 * self.player  # two tens pair only when of one rank

    def banker_double(self, a: int, c: int, b: int, player: C, weight: C) -> C:
        """Entry X[a][b] of a Banker b-b (Player a-c weighing ``player``), weighed with its pair fields."""
        if b:
            return weight * (1 + self.banker)
        if a and c:  # no Player ten: any same-rank pair of the tens
            return weight + player * self.tens.q2 * self.banker
        if a or c:  # one Player ten of any rank, then a same-rank pair of the other tens
            return weight + self.n[a or c] * (self.n[0] - 2) * self.tens.q2 * self.banker
        return weight + self.tens.two_then_pair * self.banker + self.tens.pair_then_pair * (self.player * self.banker)


def _values(counts: Sequence[C]) -> tuple[list[C], list[C]]:
    """Cards by value 0-9 (T J Q K pool into 0), and the four ten ranks' counts."""
    zero = counts[0] * 0
    n = [zero] * 10
    for value, count in zip(VALUES, counts):
        n[value] = n[value] + count
    return n, [count for value, count in zip(VALUES, counts) if value == 0]


def _four_card_table(n: list[C], pairs: _PairLanes[C] | None = None) -> dict[tuple[int, int], Table[C]]:
    """X[a][b] of every (P, B) group: ordered four-card dealings P1 = a, P2 = P - a, B1 = b, B2 = B - b.

    With ``pairs``, each entry packs the four pair classes' values (:class:`_PairLanes`).
    """
    table: dict[tuple[int, int], Table[C]] = {(p, banker): [[]] * 10 for p in range(10) for banker in range(10)}
    for a in range(10):
        for c in range(a, 10):
            player = n[a] * (n[c] - 1) if a == c else n[a] * n[c]
            if pairs is not None and a == c:
                player = pairs.player_hand(a, player)
            m = list(n)  # the shoe by value after the Player's two cards
            m[a] = m[a] - 1
            m[c] = m[c] - 1
            weighted = [player * x for x in m]
            p = (a + c) % 10
            backwards = m[::-1] * 2  # m[9], ..., m[0], m[9], ..., m[0]
            for banker in range(10):
                # m[B - b] for b = 0, 1, ..., 9: m[B], m[B - 1], ..., m[0], m[9], ..., m[B + 1]
                row = list(map(mul, weighted, backwards[9 - banker : 19 - banker]))
                for b in _DOUBLES[banker]:  # the Banker's second card has the first card's value
                    row[b] = row[b] - weighted[b]
                    if pairs is not None:
                        row[b] = pairs.banker_double(a, c, b, player, row[b])
                group = table[(p, banker)]
                group[a] = group[c] = row  # the Player's a-c and c-a: one row, read only from here on
    return table


def _pair_entries(n: list[C], tens: list[C], table: dict[tuple[int, int], Table[C]]) -> list[Entry[C]]:
    """The nonzero entries of the pair classes' tables.

    A pair class keeps the rows (Player pair) or columns (Banker pair) of
    doubled values. A double of values 1-9 is always a pair, so its entries
    are those of ``table``; a double of tens counts only the ways with two
    cards of one rank, by sums over the four ten ranks.
    """
    n0 = n[0]
    ten_pairs = _TenPairs(n0, tens)
    q2 = ten_pairs.q2  # ordered pairs of two tens of one rank
    entries: list[Entry[C]] = []
    for p in range(0, 10, 2):
        for banker in range(10):
            for a in _DOUBLES[p]:
                if a:
                    entries.extend((PLAYER_PAIR, p, banker, a, b, x) for b, x in enumerate(table[(p, banker)][a]))
                else:  # two tens of one rank, then the Banker's two cards from n less two tens
                    m = list(n)
                    m[0] = m[0] - 2
                    entries.extend(
                        (PLAYER_PAIR, p, banker, 0, b, q2 * m[b] * (m[d] - 1 if b == d else m[d]))
                        for b, d in enumerate(_PARTNER[banker])
                    )
    for p in range(10):
        for banker in range(0, 10, 2):
            for a in range(10):
                c = (p - a) % 10
                for b in _DOUBLES[banker]:
                    if b:
                        weight = table[(p, banker)][a][b]
                    elif a and c:  # no Player ten: any same-rank pair of tens
                        weight = (n[a] * (n[c] - 1) if a == c else n[a] * n[c]) * q2
                    elif a or c:  # one Player ten of any rank, then a same-rank pair of the other tens
                        weight = n[a or c] * (n0 - 2) * q2
                    else:  # two Player tens, then a same-rank pair of the tens left
                        weight = ten_pairs.two_then_pair
                    entries.append((BANKER_PAIR, p, banker, a, b, weight))
    for p in range(0, 10, 2):
        for banker in range(0, 10, 2):
            for a in _DOUBLES[p]:
                for b in _DOUBLES[banker]:
                    if a and b:
                        weight = table[(p, banker)][a][b]
                    elif b:  # a same-rank pair of tens, then the Banker's pair b-b
                        weight = q2 * n[b] * (n[b] - 1)
                    elif a:
                        weight = n[a] * (n[a] - 1) * q2
                    else:  # two same-rank pairs of tens, of two ranks or of one
                        weight = ten_pairs.pair_then_pair
                    entries.append((BOTH_PAIRS, p, banker, a, b, weight))
    return entries


def _endings(tables: dict[tuple[int, int], Table[C]], n: list[C], size: C, drawing: Drawing) -> dict[Hands, C]:
    """Dealings by (Player total, Banker total, Player cards, Banker cards), from X tables."""
    zero = size * 0
    unused_two = (size - 4) * (size - 5)  # ways to deal P3 and B3 when neither is drawn
    unused_one = size - 5  # ways to deal the sixth card when one third card is drawn
    out: dict[Hands, C] = {}  # endings with no Banker third card, counted as found
    # Endings with a Banker third card, as vectors by final Banker total (a group's
    # vector by third card w, turned by its two-card total B), summed at the end:
    both_three: list[list[list[C]]] = [[] for _ in range(10)]  # by final Player total, the Player drew
    banker_three: list[list[list[C]]] = [[] for _ in range(10)]  # by Player total, the Player stood
    plan = _plan(drawing)

    for (p, banker), rows in tables.items():
        rp = [zero] * 10
        for a, c in _SPLITS[p]:  # rows a and c count the same dealings, the Player's cards swapped
            rp[a] = rp[c] = sum(rows[a], zero)
        s0 = sum(rp, zero)
        third_cards = plan[p][banker]
        if third_cards is None:  # both hands stand
            out[(p, banker, 2, 2)] = s0 * unused_two
            continue
        columns = list(zip(*rows))
        rb = [zero] * 10
        for b, d in _SPLITS[banker]:  # so do columns b and d, the Banker's cards swapped
            rb[b] = rb[d] = sum(columns[b], zero)
        s1 = [(x + y) * 2 for x, y in zip(rp, rb)]
        if not third_cards.banker_draws and not third_cards.banker_stands:  # the Player stands, the Banker draws w
            by_w = [(nw * s0 - s) * unused_one for nw, s in zip(n, s1)]
            banker_three[p].append(by_w[-banker:] + by_w[:-banker])
            continue
        for v, total in third_cards.banker_stands:  # the Player draws v, the Banker stands
            key = (total, banker, 3, 2)
            out[key] = out.get(key, zero) + (n[v] * s0 - s1[v]) * unused_one
        for v, total in third_cards.banker_draws:  # both draw: the Player v, the Banker w
            nv = n[v]
            alpha = nv * s0 - s1[v]  # dealings with P3 = v
            by_w = [nw * alpha - nv * s + (x + y) * 4 for nw, s, x, y in zip(n, s1, rows[v], columns[v])]
            by_w[v] = by_w[v] + s1[v] - alpha
            by_w[(p - v) % 10] = by_w[(p - v) % 10] + rp[v] * 2
            by_w[(banker - v) % 10] = by_w[(banker - v) % 10] + rb[v] * 2
            both_three[total].append(by_w[-banker:] + by_w[:-banker])

    for cards, source in ((3, both_three), (2, banker_three)):
        for pt, parts in enumerate(source):
            if parts:
                for bt, count in enumerate([sum(column, zero) for column in zip(*parts)]):
                    out[(pt, bt, cards, 3)] = count
    return out


class _ThirdCards(NamedTuple):
    """Who draws in a (P, B) group: the Player's third cards v, each with the final Player total P + v.

    Both empty: the Player stands and the Banker draws.
    """

    banker_draws: tuple[tuple[int, int], ...]
    banker_stands: tuple[tuple[int, int], ...]


@cache
def _plan(drawing: Drawing) -> list[list[_ThirdCards | None]]:
    """[P][B]: who draws in each group, or None when both hands stand. Depends on the rules only."""
    plan: list[list[_ThirdCards | None]] = [[None] * 10 for _ in range(10)]
    for p in range(10):
        for banker in range(10):
            if p in NATURALS or banker in NATURALS:
                continue
            if drawing.player_draws(p):
                thirds = [(v, (p + v) % 10) for v in range(10)]
                plan[p][banker] = _ThirdCards(
                    banker_draws=tuple(t for t in thirds if drawing.banker_draws(banker, player_third=t[0])),
                    banker_stands=tuple(t for t in thirds if not drawing.banker_draws(banker, player_third=t[0])),
                )
            elif drawing.banker_draws(banker, player_third=None):
                plan[p][banker] = _ThirdCards(banker_draws=(), banker_stands=())
    return plan


def counts_fit_int64(largest: int) -> bool:
    """Whether the aggregated sums of shoes of at most ``largest`` cards can be taken on int64: every count
    is below 64 N^6 < 2^63 (used by the batch paths, which sum the class counts of many shoes at once)."""
    return 64 * largest**6 < 2**63
