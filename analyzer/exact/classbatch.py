"""Every requested pair class of many shoes in one pass: the fast path's class counts as whole-array numpy operations.

:func:`analyzer.exact.fastcount.class_counts` on numpy arrays (one entry per shoe of a batch: the batch paths
and the counting study's round laws) hands its work to :func:`endings_by_class` here. The algebra is that of
:mod:`analyzer.exact.fastcount` (per (Player total, Banker total) group of the four initial cards, a table X of
four-card weights, its row and column sums, and the third-card weights as polynomials of degree at most 2 in the
values dealt); what changes is the shape of the work:

* one group at a time, every row, column and third card of the group at once (arrays of 10 x 10 cells by shoe),
  instead of a Python loop over the vectors of each cell;
* the pair classes stacked beside class 0 on a lane axis, so one pass over the 100 groups serves every requested
  class. A group's lanes are the classes with a dealing in it: class 0 always, 1 (a Player pair) when the Player's
  total is even (a pair x-x makes an even total), 2 (a Banker pair) when the Banker's is, 3 (both) when both are:
  a class absent from a group costs nothing there.

The class tables are those of :func:`analyzer.exact.fastcount._pair_entries`: a pair class keeps the rows (Player
pair) or columns (Banker pair) of doubled values, which for values 1-9 are class 0's, and for two tens are
counted by sums over the four ten ranks (:class:`analyzer.exact.fastcount._TenPairs`, passed in).

Number type
    int64 (or object arrays of Python ints, beyond the bound). Every term is one the one-class pass computes, and
    every sum adds counts of dealings (at least 0) of one class: stacking the classes on a lane axis puts no two
    classes' counts in one number, so the magnitudes, and the 64 N^6 bound that
    :func:`analyzer.exact.fastcount.counts_fit_int64` checks, are those of the one-class pass. One order differs:
    the dealings with third cards v and w are taken as 4 (X[v][w] + X[w][v]) (at most 8 N^4), plus n_w alpha_v (at
    most N^6: alpha_v counts five-card dealings), less n_v s1[w] (at most 4 N^5), so every partial sum is below
    N^6 + 8 N^4 in size, within the same bound.

The result is the one-class pass's, key for key and count for count (``tests/test_classbatch.py`` holds them
equal on brute-force, odd, suited, random depleted and 8-deck shoes, for every subset of the classes).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["Plan", "TenPairSums", "endings_by_class"]

_Array = npt.NDArray[Any]
Hands = tuple[int, int, int, int]
Plan = Sequence[Sequence[tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] | None]]
"""Who draws in each group, [P][B]: ``None`` when both hands stand, else (the Player's third cards v with the
final Player total for which the Banker draws, those for which the Banker stands); both empty: the Player stands
and the Banker draws (:func:`analyzer.exact.fastcount._plan`)."""
TenPairSums = tuple[_Array, _Array, _Array]
"""(q2, two_then_pair, pair_then_pair) of :class:`analyzer.exact.fastcount._TenPairs`, one entry per shoe."""

_V = np.arange(10)
_PARTNER = (_V[:, None] - _V[None, :]) % 10
"""[total, b]: the value that makes ``total`` with b."""
_DOUBLED_AT = (2 * _V) % 10
"""[b]: the total of b-b."""
_DOUBLES = [[a for a in range(10) if (2 * a) % 10 == total] for total in range(10)]
"""[total]: the values a whose two cards a-a make ``total``."""


def _in_group(cls: int, p: int, banker: int) -> bool:
    """Whether pair class ``cls`` has a dealing in group (p, banker)."""
    return (cls in (0, 2) or p % 2 == 0) and (cls in (0, 1) or banker % 2 == 0)


def endings_by_class(
    n_values: Sequence[_Array], tens: TenPairSums, plan: Plan, classes: Sequence[int]
) -> list[dict[Hands, _Array]]:
    """Dealings by ending (Player total, Banker total, Player cards, Banker cards) for each class of ``classes``, from
    the ten value counts ``n_values`` (each an array, one entry per shoe); keys as the one-class pass makes them."""
    n = np.stack(list(n_values))  # [value, shoe]
    lanes = sorted(set(classes), key=_LANE_ORDER.index)
    # by ending: [P, B] both stand; [final P, B] the Player drew, the Banker stood; [final P, final B] both drew;
    # [P, final B] the Player stood, the Banker drew; each [..., lane, shoe]
    found = tuple(np.zeros((10, 10, len(lanes), n.shape[1]), dtype=n.dtype) for _ in range(4))
    for first in range(0, n.shape[1], SHOES_PER_BLOCK):
        block = slice(first, first + SHOES_PER_BLOCK)
        q2, two_then_pair, pair_then_pair = (t[block] for t in tens)
        _add_block(n[:, block], (q2, two_then_pair, pair_then_pair), plan, lanes, [f[..., block] for f in found])
    places = dict(zip(((2, 2), (3, 2), (3, 3), (2, 3)), found))
    return [{key: places[key[2:]][key[0], key[1], lanes.index(cls)] for key in _keys(plan, cls)} for cls in classes]


SHOES_PER_BLOCK = 2048
"""Shoes counted at once (a bound on memory: a group's stacked table is 10 x 10 cells of four lanes)."""
_LANE_ORDER = (1, 0, 2, 3)
"""The classes' order on the lane axis: the classes with a dealing in any one group are then side by side (class 0
alone, 1 and 0, 0 and 2, all four), so a group's lanes are a slice."""


def _add_block(n: _Array, tens: TenPairSums, plan: Plan, lanes: Sequence[int], found: Sequence[_Array]) -> None:
    """Every group's endings of a block of shoes for the classes ``lanes`` (in lane order), added into ``found`` (the
    four arrays by ending, [..., lane, shoe])."""
    stood, player_drew, both_drew, banker_drew = found
    size = n.sum(axis=0)
    unused_two = (size - 4) * (size - 5)  # ways to deal P3 and B3 when neither is drawn
    unused_one = size - 5  # ways to deal the sixth card when one third card is drawn
    by_value = n[:, None, :]  # [value, lane, shoe]
    for p in range(10):
        table = _table_of(n, p)  # [B, a, b, shoe]
        for banker in range(10):
            present = [k for k, cls in enumerate(lanes) if _in_group(cls, p, banker)]
            if not present:
                continue
            at = slice(present[0], present[-1] + 1)
            x = _stacked(n, tens, p, banker, table[banker], lanes[at])  # [a, b, lane, shoe]
            rp = x.sum(axis=1)  # row sums: rows a and P - a count the same dealings, the Player's cards swapped
            s0 = rp.sum(axis=0)
            third_cards = plan[p][banker]
            if third_cards is None:  # both hands stand
                stood[p, banker, at] = s0 * unused_two
                continue
            rb = x.sum(axis=0)  # column sums, likewise
            s1 = (rp + rb) * 2
            banker_draws, banker_stands = third_cards
            if not banker_draws and not banker_stands:  # the Player stands, the Banker draws w
                by_w = (by_value * s0 - s1) * unused_one
                head = 10 - banker
                banker_drew[p, banker:, at] += by_w[:head]
                banker_drew[p, :banker, at] += by_w[head:]
                continue
            if banker_stands:  # the Player draws v, the Banker stands
                v, total = (np.array(t) for t in zip(*banker_stands))
                player_drew[total, banker, at] += (n[v][:, None, :] * s0 - s1[v]) * unused_one
            if banker_draws:  # both draw: the Player v, the Banker w
                v, total = (np.array(t) for t in zip(*banker_draws))
                nv = n[v][:, None, None, :]  # [v, 1, 1, shoe]
                alpha = nv[:, 0] * s0 - s1[v]  # [v, lane, shoe]: dealings with P3 = v
                by_w = (x[v] + x[:, v].swapaxes(0, 1)) * 4  # [v, w, lane, shoe]
                by_w += by_value[None] * alpha[:, None]
                by_w -= nv * s1[None]
                each = np.arange(len(v))
                by_w[each, v] += s1[v] - alpha
                by_w[each, (p - v) % 10] += rp[v] * 2
                by_w[each, (banker - v) % 10] += rb[v] * 2
                head = 10 - banker  # w < head: the final Banker total banker + w; the rest wraps round
                both_drew[total, banker:, at] += by_w[:, :head]
                both_drew[total, :banker, at] += by_w[:, head:]


def _table_of(n: _Array, p: int) -> _Array:
    """Class 0's X of the groups with Player total ``p``, [B, a, b, shoe]: four-card dealings P1 = a, P2 = p - a,
    B1 = b, B2 = B - b, each weighed as :func:`analyzer.exact.fastcount._four_card_table` weighs it."""
    table = np.empty((10, 10, 10, n.shape[1]), dtype=n.dtype)
    for a in range(10):
        c = (p - a) % 10
        if c < a:
            table[:, a] = table[:, c]  # the Player's c-a: the same dealings as a-c
            continue
        player = n[a] * (n[c] - 1) if a == c else n[a] * n[c]
        m = n.copy()  # the shoe by value after the Player's two cards
        m[a] = m[a] - 1
        m[c] = m[c] - 1
        weighted = player * m  # [b, shoe]
        rows = table[:, a]  # [B, b, shoe]
        np.multiply(weighted[None], m[_PARTNER], out=rows)
        rows[_DOUBLED_AT, _V] -= weighted  # the Banker's second card has the first card's value
    return table


def _stacked(n: _Array, tens: TenPairSums, p: int, banker: int, every: _Array, classes: Sequence[int]) -> _Array:
    """Group (p, banker)'s X of each class of ``classes``, [a, b, lane, shoe], from class 0's ``every`` [a, b, shoe]
    (the pair classes' entries as :func:`analyzer.exact.fastcount._pair_entries` makes them)."""
    if list(classes) == [0]:
        return every[:, :, None]
    q2, two_then_pair, pair_then_pair = tens
    x = np.zeros((10, 10, len(classes), n.shape[1]), dtype=n.dtype)
    for lane, cls in enumerate(classes):
        if cls == 0:
            x[:, :, lane] = every
        elif cls == 1:  # the Player's a-a
            for a in _DOUBLES[p]:
                if a:
                    x[a, :, lane] = every[a]
                else:  # two tens of one rank, then the Banker's two cards from n less two tens
                    m = n.copy()
                    m[0] = m[0] - 2
                    for b, d in enumerate(_PARTNER[banker].tolist()):
                        x[0, b, lane] = q2 * m[b] * (m[d] - 1 if b == d else m[d])
        elif cls == 2:  # the Banker's b-b
            for b in _DOUBLES[banker]:
                if b:
                    x[:, b, lane] = every[:, b]
                    continue
                for a in range(10):
                    c = (p - a) % 10
                    if a and c:  # no Player ten: any same-rank pair of tens
                        x[a, 0, lane] = (n[a] * (n[c] - 1) if a == c else n[a] * n[c]) * q2
                    elif a or c:  # one Player ten of any rank, then a same-rank pair of the other tens
                        x[a, 0, lane] = n[a or c] * (n[0] - 2) * q2
                    else:  # two Player tens, then a same-rank pair of the tens left
                        x[a, 0, lane] = two_then_pair
        else:  # both
            for a in _DOUBLES[p]:
                for b in _DOUBLES[banker]:
                    if a and b:
                        x[a, b, lane] = every[a, b]
                    elif b:  # a same-rank pair of tens, then the Banker's pair b-b
                        x[a, b, lane] = q2 * n[b] * (n[b] - 1)
                    elif a:
                        x[a, b, lane] = n[a] * (n[a] - 1) * q2
                    else:  # two same-rank pairs of tens, of two ranks or of one
                        x[a, b, lane] = pair_then_pair
    return x


@cache
def _keys_cached(plan: tuple[tuple[Any, ...], ...], cls: int) -> tuple[Hands, ...]:
    found: dict[Hands, None] = {}
    both_three, banker_three = [False] * 10, [False] * 10
    for p in range(10):
        for banker in range(10):
            third_cards = plan[p][banker]
            if not _in_group(cls, p, banker):
                continue
            if third_cards is None:
                found[(p, banker, 2, 2)] = None
                continue
            banker_draws, banker_stands = third_cards
            if not banker_draws and not banker_stands:
                banker_three[p] = True
                continue
            for _, total in banker_stands:
                found[(total, banker, 3, 2)] = None
            for _, total in banker_draws:
                both_three[total] = True
    for cards, drew in ((3, both_three), (2, banker_three)):
        for pt in range(10):
            if drew[pt]:
                found.update(((pt, bt, cards, 3), None) for bt in range(10))
    return tuple(found)


def _keys(plan: Plan, cls: int) -> tuple[Hands, ...]:
    """The endings of class ``cls``, in the order the one-class pass finds them (its groups in (P, B) order)."""
    return _keys_cached(tuple(tuple(row) for row in plan), cls)
