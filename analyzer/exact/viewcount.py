"""One shoe's side views in a few numpy operations: the single exact solve at the batch path's speed.

:func:`side_view_counts` returns, for one shoe, exactly the counts that
:func:`analyzer.exact.distribution.side_views` makes of
:func:`analyzer.exact.fastcount.count_deals` (ordered six-card dealings per
side view: own total, other total, own cards, own pair flag), and
:func:`row_counts` settles every wager that reads one side's view from them
in one gather. It is the fast path's algebra (the aggregated sums of
:mod:`analyzer.exact.fastcount`: per (Player total, Banker total) group of
the four initial cards, the third-card weights are polynomials of degree at
most 2 in the values dealt, so the group's table X and its row and column
sums carry everything) written as whole-array numpy operations over every
group, third card and pair class at once, instead of Python loops over them.
What depends on the drawing rules alone (which cells of which group end
where) is tabled once per rule set (:func:`_layout`, a few milliseconds);
nothing that depends on the shoe is cached.

Pair classes
    A side's view reads its own pair flag only, so three classes of four-card
    dealings suffice: all of them (one table of 10,000 four-card weights, in
    two layouts), those with a Player pair and those with a Banker pair
    (masks and gathers of that table); a view with the flag set counts its
    side's pair class, one without it the rest. A pair of values 1-9 is two
    equal values; two ten-valued cards pair only when their ranks are equal,
    counted by sums over the four ten ranks
    (:class:`analyzer.exact.fastcount._TenPairs`).

Number type, checked
    Everything is int64, and only where a bound proves it exact: every
    four-card weight is at most N^4, every aggregated sum at most 4 N^4 and
    every product of one with a count at most N^6 + 4 N^5 in size; the terms
    added into one ending (at most 100 groups times 10 third cards) have
    absolute values adding up to less than 3 N^6 + 20 N^5 + 100 N^4 (N >= 6),
    so every term and partial sum is below 64 N^6, which :func:`fits_int64` checks is
    below 2^63 (shoes of up to 724 cards, about 13 decks).
    :func:`side_view_counts` refuses a larger shoe; the callers take the
    pure-Python path (:func:`analyzer.exact.fastcount.count_deals`, Python
    ints) there. ``tests/test_viewcount.py`` holds the two paths equal, count
    for count, on brute-force shoes (odd sizes, suited), random depleted
    shoes and 8 decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..game.cards import RANKS, VALUES
from ..game.rules import Drawing
from ..game.settle import VIEWS, settlement, view_index
from ..game.shoe import CARDS_PER_ROUND
from ..game.state import NATURALS
from ..game.wager import Wager
from .fastcount import _TenPairs, counts_fit_int64

__all__ = ["fits_int64", "row_counts", "side_view_counts"]

_Ints = npt.NDArray[np.int64]

_TEN_RANKS = [r for r, value in enumerate(VALUES) if value == 0]
_VALUE_OF = np.array(VALUES, dtype=np.intp)


def fits_int64(size: int) -> bool:
    """Whether a shoe of ``size`` cards is counted exactly in int64 here: every term and partial sum is below
    64 N^6 (module docstring), and 64 N^6 < 2^63 holds up to 724 cards."""
    return counts_fit_int64(size)


_V = np.arange(10, dtype=np.int64)
_PAIR_TOTAL = np.array([0, 2, 2, 4, 4, 6, 6, 8, 8], dtype=np.intp)
"""The even totals of the pairs x-x of values 1-9, with ``_PAIR_B`` their values (5, 1, 6, 2, 7, ...)."""
_PAIR_B = np.array([5, 1, 6, 2, 7, 3, 8, 4, 9], dtype=np.intp)
_PAIR_ROWS = _PAIR_TOTAL * 10 + _PAIR_B  # flat [P, a] of those pairs
_PAIR_STARTS = np.array([0, 1, 3, 5, 7], dtype=np.intp)  # where each even total's pairs start
_PARTNER = (_V[:, None] - _V[None, :]) % 10
"""[total, x]: the value that makes ``total`` with x (total - x)."""
_DOUBLE = (_V[None, :] == _PARTNER).astype(np.int64)
"""[total, x]: whether x and the card that makes ``total`` with it have one value."""
_DOUBLE_1_9 = _DOUBLE * (_V[None, :] != 0)
"""[total, x]: the same for a value 1-9, where two cards of one value are a pair."""
_NO_TEN = ((_V[None, :] != 0) & (_PARTNER != 0)).astype(np.int64)  # [P, a]: neither a nor P - a a ten
_ONE_TEN = ((_V[None, :] == 0) ^ (_PARTNER == 0)).astype(np.int64)  # [P, a]: exactly one of them a ten
_NOT_TEN = np.where(_V[None, :] == 0, _PARTNER, _V[None, :])  # [P, a]: the one that is not a ten
_TWO_TENS = np.array([2] + [0] * 9, dtype=np.int64)  # a pair of tens out of the shoe, by value
_TURN = _PARTNER.T.copy()  # [B, s] -> (s - B) % 10: the card that takes the total B to s
_TWICE = (2 * _V[:, None] - _V[None, :]) % 10  # [B, s] -> (2B - s) % 10
_ROWS = _V[:, None]
_AFTER_TEN_PAIR_TURNED = _ROWS * 10 + _TURN  # [B, s]: flat [B, b = s - B]


def _clashes() -> tuple[_Ints, _Ints, npt.NDArray[np.intp]]:
    """Cards of the Banker's first and second values already dealt, over layout A's cells, and where each cell of
    layout B is in layout A.

    Layout A is [P, a, B, s] with b = s - B; layout B is [b, P, B, s] with a = s - B (c = P - a, d = B - b): in both,
    the last axis is the Banker's total after a third card equal to the card turned (``_TURN``).
    """
    p, a, banker, s = np.indices((10, 10, 10, 10), dtype=np.int64)
    c, b = (p - a) % 10, (s - banker) % 10
    d = (banker - b) % 10
    first = (b == a).astype(np.int64) + (b == c)
    second = (d == a).astype(np.int64) + (d == c) + (d == b)
    b, p, banker, s = np.indices((10, 10, 10, 10), dtype=np.intp)
    where = ((p * 10 + (s - banker) % 10) * 10 + banker) * 10 + (banker + b) % 10
    return first, second, where.ravel()


_FIRST, _SECOND, _LAYOUT_B = _clashes()
_PLAYER_PAIR_B = _DOUBLE_1_9[:, _TURN]  # [P, B, s]: a = s - B and P - a are a pair of values 1-9
_BANKER_PAIR_A = _DOUBLE_1_9[_ROWS, _TURN]  # [B, s]: b = s - B and B - b are a pair of values 1-9


@dataclass(frozen=True)
class _Layout:
    """Where each term of the count goes, for one drawing table (built once per rule set).

    Ending index ``e = ((pt * 10 + bt) * 2 + pc - 2) * 2 + bc - 2``; arrays by third card are turned: entry
    [P, B, s] is the card s - B, which takes the Banker's total B to s. ``stand``: groups whose round ends on four
    cards (flat [P, B]), ``stand_at`` their endings. ``one``: (group, third card) cells where exactly one third card
    is dealt (flat [P, B, s]), summed by ending in the order of ``one`` from ``one_starts``, into ``one_at``.
    ``both``: the triples t = (P, B, v) where both hands draw, sorted by the final Player total P + v
    (``both_starts`` where each total's run starts, ``both_at_endings`` where each run's sums go); each has ten
    Banker third cards w, one per final Banker total s = B + w. ``masks_a``/``masks_b`` give the pair classes'
    rows of X from every dealing's, and ``tens_at``/``tens_from`` add the pairs of tens counted by rank.
    """

    stand: _Ints  # [class, k]: flat [class, P, B]
    stand_at: _Ints  # [class, k]: flat [class, ending]
    one: _Ints  # [class, k]: flat [class, P, B, s]
    one_starts: _Ints
    one_at: _Ints  # [class, k]: flat [class, ending]
    both_alpha: _Ints  # [class, t]: flat [class, P, B, B + v]
    both_v: _Ints  # [t]: v
    both_turned: _Ints  # [s, t]: s - B
    both_s1: _Ints  # [class, s, t]: flat [class, P, B, s]
    rows_a: _Ints  # [s, t]: flat [P, v, B, s] (layout A: X[v][w] at s = B + w)
    rows_b: _Ints  # [s, t]: flat [v, P, B, s] (layout B: X[w][v] at s = B + w)
    masks_a: _Ints  # [class, s, t]: 1; v and P - v a pair of values 1-9; s - B and B - (s - B) such a pair
    masks_b: _Ints  # [class, s, t]: 1; s - B and P - (s - B) a pair of values 1-9; v and B - v such a pair
    tens_at: _Ints  # flat [class, s, t] of the pair classes' cells with two tens of one rank
    tens_from: _Ints  # what each adds: flat [after_ten_pair (B, b), then tens_for_banker (P, a)]
    same: _Ints  # [s, t]: whether w = s - B is v (the Banker's third card of the Player's value)
    player_partner: _Ints  # [class, t]: flat [class, s = B + P - v, t]
    banker_partner: _Ints  # [class, t]: flat [class, s = 2B - v, t]
    both_starts: _Ints
    both_at_endings: _Ints  # [class, s, k]: flat [class, ending (P + v of the k-th run, s, 3, 3)]


def _ending(pt: int, bt: int, pc: int, bc: int) -> int:
    return ((pt * 10 + bt) * 2 + pc - 2) * 2 + bc - 2


def _ints(values: list[int]) -> _Ints:
    return np.array(values, dtype=np.int64)


@lru_cache(maxsize=32)
def _layout(drawing: Drawing) -> _Layout:
    """Which cells of which group end where under ``drawing`` (depends on the rules only)."""
    stand, stand_at, ones = [], [], []
    both: list[tuple[int, int, int]] = []
    for p in range(10):
        for banker in range(10):
            group = p * 10 + banker
            if p in NATURALS or banker in NATURALS:
                stand.append(group)
                stand_at.append(_ending(p, banker, 2, 2))
            elif drawing.player_draws(p):
                for v in range(10):
                    if drawing.banker_draws(banker, player_third=v):
                        both.append((p, banker, v))
                    else:
                        ones.append((_ending((p + v) % 10, banker, 3, 2), group * 10 + (banker + v) % 10))
            elif drawing.banker_draws(banker, player_third=None):
                for w in range(10):
                    ones.append((_ending(p, (banker + w) % 10, 2, 3), group * 10 + (banker + w) % 10))
            else:
                stand.append(group)
                stand_at.append(_ending(p, banker, 2, 2))
    ones.sort()
    one_at = [e for e, _ in ones]
    one_starts = [i for i, e in enumerate(one_at) if i == 0 or e != one_at[i - 1]]
    both.sort(key=lambda t: (t[0] + t[2]) % 10)
    ps, bankers, vs = (_ints([t[i] for t in both]) for i in range(3))
    t = np.arange(len(both), dtype=np.int64)
    size = len(both)
    totals = (ps + vs) % 10
    starts = [i for i in range(size) if i == 0 or totals[i] != totals[i - 1]]
    groups = ps * 10 + bankers
    classes = np.arange(3, dtype=np.int64)[:, None]
    column = _V[:, None]  # s, down the cells' rows
    at = groups * 10 + (bankers + vs) % 10

    ones_t = np.ones((10, size), dtype=np.int64)
    masks_a = 4 * np.stack((ones_t, ones_t * _DOUBLE_1_9[ps, vs], _BANKER_PAIR_A[bankers].T))  # 4 X[v][w]
    masks_b = 4 * np.stack((ones_t, _PLAYER_PAIR_B[ps, bankers].T, ones_t * _DOUBLE_1_9[bankers, vs]))
    tens_at, tens_from = [], []
    for k, (p, banker, v) in enumerate(both):
        cell = 10 * size + k  # class 1 (the Player pair), s = 0
        if p == 0 and v == 0:  # X[0][w]: two Player tens, then the Banker's w = s - B
            tens_at += [cell + s * size for s in range(10)]
            tens_from += [banker * 10 + (s - banker) % 10 for s in range(10)]
        if p == 0:  # X[w][v] at w = 0 (s = B): two Player tens, then the Banker's v
            tens_at.append(cell + banker * size)
            tens_from.append(banker * 10 + v)
        cell += 10 * size  # class 2 (the Banker pair)
        if banker == 0:  # X[v][0] (s = 0): the Player's v, then two Banker tens
            tens_at.append(cell)
            tens_from.append(100 + p * 10 + v)
        if banker == 0 and v == 0:  # X[w][0]: the Player's w = s, then two Banker tens
            tens_at += [cell + s * size for s in range(10)]
            tens_from += [100 + p * 10 + s for s in range(10)]
    by_class = np.arange(3, dtype=np.int64)[:, None]
    return _Layout(
        stand=by_class * 100 + _ints(stand),
        stand_at=by_class * 400 + _ints(stand_at),
        one=by_class * 1000 + _ints([cell for _, cell in ones]),
        one_starts=_ints(one_starts),
        one_at=by_class * 400 + _ints([one_at[i] for i in one_starts]),
        both_alpha=classes * 1000 + at,
        both_v=vs,
        both_turned=(column - bankers) % 10,
        both_s1=(classes * 1000)[:, :, None] + groups * 10 + column,
        rows_a=((ps * 10 + vs) * 10 + bankers) * 10 + column,
        rows_b=((vs * 10 + ps) * 10 + bankers) * 10 + column,
        masks_a=masks_a,
        masks_b=masks_b,
        tens_at=_ints(tens_at),
        tens_from=_ints(tens_from),
        same=((column - bankers) % 10 == vs).astype(np.int64),
        player_partner=classes * 10 * size + ((bankers + ps - vs) % 10) * size + t,
        banker_partner=classes * 10 * size + ((2 * bankers - vs) % 10) * size + t,
        both_starts=_ints(starts),
        both_at_endings=(by_class * 400)[:, :, None] + ((totals[starts][None, :] * 10 + column) * 2 + 1) * 2 + 1,
    )


def _view_table(counts: Sequence[int], drawing: Drawing) -> _Ints:
    """Every side view's count, flat [block, pt, bt, own cards - 2] with blocks: the Player's views with his pair flag
    0, with it 1, the Banker's with his 0, with his 1 (:func:`side_view_counts` reorders them), and a final 0."""
    if len(counts) != len(RANKS):
        raise ValueError(f"need a count for each of the {len(RANKS)} ranks, got {len(counts)}")
    size = sum(counts)
    if not fits_int64(size):
        raise ValueError(f"a shoe of {size} cards is beyond the int64 bound of the one-shoe kernel")
    if size < CARDS_PER_ROUND:
        raise ValueError(f"a shoe needs at least {CARDS_PER_ROUND} cards, got {size}")
    layout = _layout(drawing)
    by_value = [0] * 10
    for value, count in zip(VALUES, counts):
        by_value[value] += count
    n = np.array(by_value, dtype=np.int64)
    pairs = _TenPairs(by_value[0], [counts[r] for r in _TEN_RANKS])

    # the four-card weights of every dealing, in layouts A and B (_clashes)
    player = n * (n[_PARTNER] - _DOUBLE)  # [P, a]: the Player's a then P - a
    turned = n[_TURN]  # [B, s]: n[s - B]
    wa = player[:, :, None, None] * (turned - _FIRST)
    wa *= n[_TWICE] - _SECOND
    wb = wa.ravel()[_LAYOUT_B].reshape(10, 10, 10, 10)  # [b, P, B, s]
    # the pair classes' entries that differ from every dealing's: pairs of tens, counted by rank
    rest = n - _TWO_TENS  # the shoe less a pair of tens
    after_ten_pair = (pairs.q2 * rest) * (rest[_PARTNER] - _DOUBLE)  # [B, b]: two Player tens of one rank, then b
    tens_for_banker = _NO_TEN * player * pairs.q2 + _ONE_TEN * n[_NOT_TEN] * ((by_value[0] - 2) * pairs.q2)
    tens_for_banker[0, 0] = pairs.two_then_pair  # [P, a]: the Player's a, then two Banker tens of one rank

    # row sums RP (the Player's first card s - B) and column sums RB (the Banker's), [class, P, B, s]
    rows = np.empty((3, 10, 10, 10), dtype=np.int64)
    columns = np.empty((3, 10, 10, 10), dtype=np.int64)
    np.sum(wb, axis=0, out=rows[0])
    np.sum(wa, axis=1, out=columns[0])
    np.multiply(rows[0], _PLAYER_PAIR_B, out=rows[1])
    rows[1, 0, _V, _V] = after_ten_pair.sum(axis=1)
    columns[1, 1::2] = 0  # a Player pair has an even total; its rows are those of the pairs a-a of values 1-9
    columns[1, ::2] = np.add.reduceat(wa.reshape(100, 100)[_PAIR_ROWS], _PAIR_STARTS).reshape(5, 10, 10)
    columns[1, 0] += after_ten_pair.ravel()[_AFTER_TEN_PAIR_TURNED]  # and two Player tens of one rank
    banker_pairs = rows[2]
    banker_pairs[:, 1::2] = 0  # likewise for the Banker's pair b-b
    banker_pairs[:, ::2] = np.add.reduceat(wb.reshape(10, 10, 10, 10)[_PAIR_B, :, _PAIR_TOTAL], _PAIR_STARTS).transpose(
        1, 0, 2
    )
    banker_pairs[:, 0] += tens_for_banker
    np.multiply(columns[0], _BANKER_PAIR_A, out=columns[2])
    columns[2, :, 0, 0] = tens_for_banker.sum(axis=1)

    s0 = columns.sum(axis=3)  # [class, P, B]
    s1 = rows + columns
    s1 *= 2  # [class, P, B, s]
    alpha = turned * s0[..., None] - s1  # [class, P, B, s]: dealings with a third card s - B (no other)

    endings = np.zeros(1200, dtype=np.int64)  # [class, ending]
    endings[layout.stand_at] = s0.ravel()[layout.stand] * ((size - 4) * (size - 5))
    endings[layout.one_at] += np.add.reduceat(alpha.ravel()[layout.one], layout.one_starts, axis=1) * (size - 5)

    if len(layout.both_starts):
        # X[v][w] and X[w][v] of every triple t, at s = B + w: [class, s, t]
        xa = wa.ravel()[layout.rows_a]
        xb = wb.ravel()[layout.rows_b]
        x = xa * layout.masks_a  # [class, s, t]: every dealing; the Player pair's rows; the Banker pair's
        x += xb * layout.masks_b
        # pairs of tens, where the masks left 0: two Player tens of one rank, then the Banker's cards; a Player hand,
        # then two Banker tens of one rank
        tens = np.concatenate((after_ten_pair.ravel(), tens_for_banker.ravel()))[layout.tens_from]
        np.add.at(x.ravel(), layout.tens_at, 4 * tens)

        a = alpha.ravel()[layout.both_alpha]  # [class, t]: dealings with the Player's third card v
        # n_w alpha_v - n_v S1[w], with one card fewer of each where w = v (S1[v] - alpha_v, the square's correction)
        x += a[:, None, :] * (n[layout.both_turned] - layout.same)
        x -= (n[layout.both_v] - layout.same) * s1.ravel()[layout.both_s1]
        flat = x.ravel()
        flat[layout.player_partner] += 2 * rows.ravel()[layout.both_alpha]
        flat[layout.banker_partner] += 2 * columns.ravel()[layout.both_alpha]
        both = np.add.reduceat(x, layout.both_starts, axis=2)  # [class, final Banker total, final Player total]
        endings[layout.both_at_endings] += both

    # the views: [Player view, flag 0 | 1; Banker view, flag 0 | 1], each [pt, bt, own cards - 2]
    by_ending = endings.reshape(3, 10, 10, 2, 2)  # [class, pt, bt, pc, bc]
    table = np.empty(4 * 200 + 1, dtype=np.int64)
    table[-1] = 0  # what a row that settles no view reads (:func:`_gather`)
    views = table[:-1].reshape(4, 10, 10, 2)
    np.add(by_ending[:2, ..., 0], by_ending[:2, ..., 1], out=views[:2])  # the Banker's 2 or 3 cards
    np.add(by_ending[::2, :, :, 0], by_ending[::2, :, :, 1], out=views[2:])  # the Player's 2 or 3 cards
    views[0] -= views[1]
    views[2] -= views[3]
    return table


def _at(own_is_player: bool) -> npt.NDArray[np.intp]:
    """Where each view (:func:`analyzer.game.settle.view_index`) of a side is in :func:`_view_table`'s result."""
    at = np.empty(VIEWS, dtype=np.intp)
    for own in range(10):
        for other in range(10):
            for cards in (2, 3):
                for pair in (0, 1):
                    pt, bt = (own, other) if own_is_player else (other, own)
                    block = pair if own_is_player else 2 + pair
                    at[view_index(own, other, cards, bool(pair))] = block * 200 + (pt * 10 + bt) * 2 + cards - 2
    return at


_PLAYER_AT, _BANKER_AT = _at(True), _at(False)


def side_view_counts(counts: Sequence[int], drawing: Drawing) -> tuple[_Ints, _Ints]:
    """Ordered six-card dealings per Player view and per Banker view (each 400, indexed by
    :func:`analyzer.game.settle.view_index`), from a shoe's count of each rank (RANKS order).

    Exactly ``side_views(count_deals(shoe, drawing))``. Raises ``ValueError`` for a shoe beyond
    :func:`fits_int64` (the caller counts it with Python ints instead).
    """
    table = _view_table(counts, drawing)
    return table[_PLAYER_AT], table[_BANKER_AT]


_GATHERS: dict[tuple[int, ...], tuple[tuple[Wager, ...], tuple[_Ints, _Ints, tuple[int, ...]]]] = {}
"""By the wager objects' identities (hashing a wager hashes every pay); the objects are kept with the entry."""


def _gather(wagers: tuple[Wager, ...]) -> tuple[_Ints, _Ints, tuple[int, ...]]:
    """For side-view wagers: indices into [Player views, Banker views, 0], where each row's run starts, and how many
    rows each wager has (kept per tuple of wager objects)."""
    key = tuple(map(id, wagers))
    kept = _GATHERS.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], wagers)):
        return kept[1]
    if len(_GATHERS) >= 256:
        _GATHERS.clear()
    made = _gathered(wagers)
    _GATHERS[key] = (wagers, made)
    return made


def _gathered(wagers: tuple[Wager, ...]) -> tuple[_Ints, _Ints, tuple[int, ...]]:
    indices: list[int] = []
    starts: list[int] = []
    sizes = []
    for wager in wagers:
        assert wager.side_view_only and wager.side is not None, f"{wager.name} reads more than one side's view"
        at = _PLAYER_AT if wager.side == "player" else _BANKER_AT
        for views in settlement(wager):
            starts.append(len(indices))
            indices.extend([int(at[v]) for v in views] or [4 * 200])  # an empty row reads the 0 after the table
        sizes.append(len(wager.outcomes))
    return np.array(indices, dtype=np.intp), np.array(starts, dtype=np.intp), tuple(sizes)


def row_counts(counts: Sequence[int], drawing: Drawing, wagers: tuple[Wager, ...]) -> list[list[int]]:
    """For each wager (each reads one side's view), its count per outcome row (pay-table order), Python ints."""
    table = _view_table(counts, drawing)
    indices, starts, sizes = _gather(wagers)
    flat: list[int] = np.add.reduceat(table[indices], starts).tolist()
    out, at = [], 0
    for size in sizes:
        out.append(flat[at : at + size])
        at += size
    return out
