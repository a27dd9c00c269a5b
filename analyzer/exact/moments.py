"""The moments of the first four cards by pair of hand summaries, for the class counts
(:mod:`analyzer.exact.classcount`).

With W the ways to deal a first-hand group g (its summary, the classes of
its two cards) and then a second-hand pair h, and k_c the number of those
four cards in third-card class c, the class count needs, per pair of hand
summaries (f, s) and classes c, d::

    S0[f, s] = sum W    S1[f, s, c] = sum W k_c    S2[f, s, c, d] = sum W k_c k_d

:func:`paired_moments` is the plain form: it weighs every (group, pair) and
adds each of the four cards' indicators, and each pair of them, into the
grid by index (``np.add.at``). :func:`reduced_moments` gives the same
integers with far fewer operations: k = k' + k'' (the first hand's two cards,
the second hand's two) and each sum factors through sums of W over the
groups or over the pairs sharing a key (a numpy sum per run of a sorted
summary, or ``np.add.at`` into the few keys left)::

    S2 = sum W k'k'^T + sum W k''k''^T + sum W (k'k''^T + k''k'^T)

the first by group from W summed over each second summary's pairs, the
second by pair from W summed over each first summary's groups, the third
from W summed by (second summary, class of a second-hand card), then by
(first summary, class of a first-hand card). S2 is needed, and made, only
on a rectangle of summary pairs (where both hands may draw; the class
count deals one third card or none elsewhere). Every term is a non-negative
integer and every partial sum is at most its moment, below 16 N^4:
:func:`reduced_moments` takes them in int64 and is used only when that bound
is below 2^63 (:func:`moments` decides); beyond it :func:`paired_moments`
adds Python integers. The tests hold the two equal on suited wagers and
small odd shoes. Where no third card is read (a wager on the first four cards:
Jackpot Baccarat, Perfect Pairs), S0 alone is needed, and :func:`first_four_sums`
takes it from the hands' sums by summary and class, without weighing each
(group, pair).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]
_INT64 = 2**63
CHUNK_CELLS = 1 << 22
"""(group, pair) weights, or (group, second summary, class) sums, held at once by :func:`reduced_moments` (32 MB
each): more groups are taken chunk by chunk."""


def second_weights(weight: Array, e1: Array, e2: Array, n2: Array, b1: Array, b2: Array) -> Array:
    """Weights of (first-hand group, second-hand pair): the group's ways times the second pair's, cards taken out."""
    left1 = n2[b1][None, :] - (e1[:, None] == b1[None, :]) - (e2[:, None] == b1[None, :])
    left2 = n2[b2][None, :] - (e1[:, None] == b2[None, :]) - (e2[:, None] == b2[None, :]) - (b1 == b2)[None, :]
    dtype = np.int64 if int(weight.max(initial=0)) * int(n2.max(initial=0)) ** 2 < _INT64 else object
    weights: Array = weight.astype(dtype)[:, None] * (left1 * np.maximum(left2, 0)).astype(dtype)
    return weights


def sum_by(index: Array, weights: Array, size: int) -> Array:
    """Exact sums of non-negative integer ``weights`` by ``index``: int64 while the total fits, else Python ints."""
    if weights.dtype == object or not weights.size:
        total = sum(int(w) for w in weights.ravel())
    else:  # bounded first: an int64 sum could itself wrap around
        total = int(weights.max()) * weights.size
        if total >= _INT64:
            total = sum(weights.ravel().tolist())
    out = np.zeros(size, dtype=np.int64 if total < _INT64 else object)
    np.add.at(out, index.ravel(), weights.ravel().astype(out.dtype, copy=False))
    return out


def chunks(groups: int, pairs: int, cells: int = 1 << 19) -> list[slice]:
    step = max(1, cells // max(pairs, 1))
    return [slice(i, min(i + step, groups)) for i in range(0, groups, step)]


class Grid:
    """The inputs of the moments: the first hand's groups and the second hand's pairs, with their classes.

    ``weight``, ``f``, ``e1``, ``e2``: per group, its ways, its first-hand summary and the second-partition
    classes of its two cards; ``n2``: cards per second-partition class; ``b1``, ``b2``, ``s``: per second-hand
    pair, its classes and its summary; ``to_third``: the third-card class of each second-partition class;
    ``shape``: (first summaries, second summaries, third-card classes).
    """

    def __init__(
        self,
        weight: Array,
        f: Array,
        e1: Array,
        e2: Array,
        n2: Array,
        b1: Array,
        b2: Array,
        s: Array,
        to_third: Array,
        shape: tuple[int, int, int],
    ) -> None:
        self.weight, self.f, self.e1, self.e2, self.n2 = weight, f, e1, e2, n2
        self.b1, self.b2, self.s, self.to_third, self.shape = b1, b2, s, to_third, shape


def moments(grid: Grid, size: int, rect: tuple[Array, Array]) -> list[Array]:
    """[S0, S1, S2] for a shoe of ``size`` cards, shaped (F*S,), (F*S, t) and (len(fs)*len(ss), t, t): S2 only on
    the pairs of summaries of ``rect`` = (fs, ss), first and second summaries where both hands may draw (the only
    cells that deal two third cards). int64 when 16 N^4 < 2^63, else Python integers."""
    if 16 * size**4 < _INT64:
        return reduced_moments(grid, rect)
    s0, s1, s2 = paired_moments(grid, object)
    nf, ns, t = grid.shape
    fs, ss = rect
    return [s0, s1, s2.reshape(nf, ns, t, t)[fs][:, ss].reshape(-1, t, t)]


def paired_moments(grid: Grid, moment_type: type) -> list[Array]:
    """The moments by adding every (group, pair)'s weight into the grid by index: the plain form."""
    nf, ns, t = grid.shape
    n_summaries = nf * ns
    to_third = grid.to_third
    s0: Array = np.zeros(n_summaries, dtype=moment_type)
    s1: Array = np.zeros(n_summaries * t, dtype=moment_type)
    cross: Array = np.zeros(n_summaries * t * t, dtype=moment_type)  # sum W [card k in c][card l in d], k < l
    for chunk in chunks(len(grid.weight), len(grid.b1)):
        w = second_weights(grid.weight[chunk], grid.e1[chunk], grid.e2[chunk], grid.n2, grid.b1, grid.b2).ravel()
        joint = (grid.f[chunk, None] * ns + grid.s[None, :]).ravel()
        shape = (len(range(*chunk.indices(len(grid.weight)))), len(grid.b1))
        cards = [
            np.broadcast_to(c, shape).ravel()
            for c in (
                to_third[grid.e1[chunk]][:, None],
                to_third[grid.e2[chunk]][:, None],
                to_third[grid.b1][None, :],
                to_third[grid.b2][None, :],
            )
        ]
        s0 += sum_by(joint, w, n_summaries).astype(moment_type, copy=False)
        s1 += sum_by(np.concatenate([joint * t + c for c in cards]), np.tile(w, 4), n_summaries * t).astype(
            moment_type, copy=False
        )
        pairs = [(k, m) for k in range(4) for m in range(k + 1, 4)]
        cross += sum_by(
            np.concatenate([(joint * t + cards[k]) * t + cards[m] for k, m in pairs]),
            np.tile(w, len(pairs)),
            n_summaries * t * t,
        ).astype(moment_type, copy=False)
    # S2[c][d] = sum W k_c k_d = [c = d] S1[c] + (cross + cross transposed)[c][d]
    cross = cross.reshape(-1, t, t)
    s2 = cross + cross.transpose(0, 2, 1)
    del cross
    s1 = s1.reshape(-1, t)
    s2[:, np.arange(t), np.arange(t)] += s1
    return [s0, s1, s2]


def _weights(weight: Array, e1: Array, e2: Array, n2: Array, b1: Array, b2: Array) -> Array:
    """:func:`second_weights` in int64, by the first hand's card counts per class: W = w (n_b1 - k_b1)(n_b2 - k_b2 -
    [b1 = b2]). (``second_weights`` clips the second factor at 0: it is negative only when the first is 0.)"""
    rows = np.arange(len(weight))
    k = np.zeros((len(weight), len(n2)), dtype=np.int64)
    k[rows, e1] += 1
    k[rows, e2] += 1
    w: Array = n2[b1][None, :] - k[:, b1]
    w *= (n2[b2] - (b1 == b2))[None, :] - k[:, b2]
    w *= weight.astype(np.int64)[:, None]
    return w


def _column_sums(w: Array, keys: Array, size: int) -> Array:
    """Per row of ``w``, its columns summed by ``keys`` (int64, non-negative terms under the caller's bound)."""
    out = np.zeros((len(w), size), dtype=np.int64)
    if w.size:
        index = (np.arange(len(w), dtype=np.int64)[:, None] * size + keys[None, :]).ravel()
        np.add.at(out.ravel(), index, w.ravel())
    return out


def _row_sums(w: Array, keys: Array, size: int) -> Array:
    """Per column of ``w``, its rows summed by ``keys``."""
    out = np.zeros((size, w.shape[1]), dtype=np.int64)
    if w.size:
        index = (keys[:, None] * w.shape[1] + np.arange(w.shape[1], dtype=np.int64)[None, :]).ravel()
        np.add.at(out.ravel(), index, w.ravel())
    return out


def _runs(w: Array, keys: Array, size: int) -> Array:
    """The rows of ``w`` summed by sorted ``keys`` (few runs: one numpy sum each)."""
    out = np.zeros((size,) + w.shape[1:], dtype=np.int64)
    starts = np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]])) if len(keys) else keys
    for start, end in zip(starts, list(starts[1:]) + [len(keys)]):
        out[keys[start]] = w[start:end].sum(axis=0)
    return out


def reduced_moments(grid: Grid, rect: tuple[Array, Array]) -> list[Array]:
    """The moments by sums over rows and columns of W (int64; the caller has checked 16 N^4 < 2^63)."""
    nf, ns, t = grid.shape
    fs, ss = rect
    where_f = np.full(nf, -1, dtype=np.int64)
    where_f[fs] = np.arange(len(fs))
    where_s = np.full(ns, -1, dtype=np.int64)
    where_s[ss] = np.arange(len(ss))
    s0 = np.zeros((nf, ns), dtype=np.int64)
    s1 = np.zeros((nf, ns, t), dtype=np.int64)
    s2 = np.zeros(len(fs) * len(ss) * t * t, dtype=np.int64)  # [f', s', c, d]
    # the second hand's pairs by summary (so that W's columns run by summary)
    order = np.argsort(grid.s, kind="stable")
    s, b1, b2 = grid.s[order], grid.b1[order], grid.b2[order]
    d1, d2 = grid.to_third[b1], grid.to_third[b2]
    inner = where_s[s] >= 0  # pairs whose summary is in the rectangle
    s_in, d1_in, d2_in = where_s[s[inner]], d1[inner], d2[inner]
    for chunk in chunks(len(grid.weight), max(len(grid.b1), ns * t), CHUNK_CELLS):
        f, e1, e2 = grid.f[chunk], grid.to_third[grid.e1[chunk]], grid.to_third[grid.e2[chunk]]
        w = _weights(grid.weight[chunk], grid.e1[chunk], grid.e2[chunk], grid.n2, b1, b2)
        c0 = _runs(w.T, s, ns).T  # [g, s]: W summed over the second summary's pairs
        r0 = _runs(w, f, nf)  # [f, h]: W summed over the first summary's groups
        s0 += _runs(c0, f, nf)
        for e in (e1, e2):  # S1 of the first hand's cards, then of the second hand's
            s1 += _row_sums(c0, f * t + e, nf * t).reshape(nf, t, ns).transpose(0, 2, 1)
        for d in (d1, d2):
            s1 += _column_sums(r0, s * t + d, ns * t).reshape(nf, ns, t)
        rows = where_f[f] >= 0
        if not rows.any() or not len(ss):
            continue
        f_in, e1_in, e2_in = where_f[f[rows]], e1[rows], e2[rows]
        # k'k'^T: the first hand's cards, from W summed by second summary
        block = c0[rows][:, ss]  # [g', s']
        for x in (e1_in, e2_in):
            for y in (e1_in, e2_in):
                base = (f_in * len(ss) * t + x) * t + y
                index = (base[:, None] + np.arange(len(ss))[None, :] * t * t).ravel()
                np.add.at(s2, index, block.ravel())
        # k''k''^T: the second hand's cards, from W summed by first summary
        r0_in = r0[fs][:, inner]  # [f', h']
        for x in (d1_in, d2_in):
            for y in (d1_in, d2_in):
                base = (s_in * t + x) * t + y
                index = (np.arange(len(fs))[:, None] * len(ss) * t * t + base[None, :]).ravel()
                np.add.at(s2, index, r0_in.ravel())
        # k'k''^T + k''k'^T: W summed by (second summary, class of a second-hand card), then by first-hand card
        w_in = w[rows][:, inner]
        cross = _column_sums(w_in, s_in * t + d1_in, len(ss) * t) + _column_sums(w_in, s_in * t + d2_in, len(ss) * t)
        del w_in
        column = np.arange(len(ss) * t)
        s_part, d_part = np.divmod(column, t)
        for e in (e1_in, e2_in):
            for row_part, col_part in ((e * t, s_part * t * t + d_part), (e, s_part * t * t + d_part * t)):
                index = ((f_in * len(ss) * t * t + row_part)[:, None] + col_part[None, :]).ravel()
                np.add.at(s2, index, cross.ravel())
    return [s0.ravel(), s1.reshape(-1, t), s2.reshape(-1, t, t)]


def first_four_sums(grid: Grid) -> Array | None:
    """S0 per pair of hand summaries (first-hand summary major, shape (F*S,)) when no third card is read, without
    weighing every (group, pair): ``None`` when a bound checked here does not hold (the caller then weighs them).

    With A = [c = e1] + [c = e2], B = [d = e1] + [d = e2] and C = [c = d] (c, d the second hand's classes, e1, e2
    the group's), the ways of a (group, pair) are w(g) (n_c - A)(n_d - B - C), and::

        (n_c - A)(n_d - B - C) = n_c (n_d - C) - n_c B - A (n_d - C) + A B

    The first term sums to W1[f] W2[s] (each hand's weights summed by summary); the next two only where a class
    of the pair is one of the group's: through K[f, x] (the groups' weights by summary, counted once per card in
    class x) and M[s, x] (the pairs' n_c by summary and d = x, plus their n_d - C by summary and c = x), a product
    K M^T of F x classes x S; the last, where (c, d) is a pair of the group's own classes (four at most per
    group), added by index. Every term is a non-negative integer; the sums are int64, taken only where the
    largest row sums of each product bound every entry below 2^63 (checked), which holds with room to spare at
    any shoe the rules allow (16 N^4 < 2^63)."""
    nf, ns, _ = grid.shape
    k = len(grid.n2)
    n2 = np.asarray(grid.n2, dtype=np.int64)
    b1, b2, s, f = grid.b1, grid.b2, grid.s, grid.f
    w = np.asarray(grid.weight)
    if w.dtype == object or 16 * int(n2.sum()) ** 4 >= _INT64:
        return None
    second = n2[b1] * (n2[b2] - (b1 == b2))
    w1 = np.zeros(nf, dtype=np.int64)
    np.add.at(w1, f, w)
    w2 = np.zeros(ns, dtype=np.int64)
    np.add.at(w2, s, second)
    classes = np.zeros((nf, k), dtype=np.int64)
    np.add.at(classes, (f, grid.e1), w)
    np.add.at(classes, (f, grid.e2), w)
    by_class = np.zeros((ns, k), dtype=np.int64)
    np.add.at(by_class, (s, b2), n2[b1])
    np.add.at(by_class, (s, b1), n2[b2] - (b1 == b2))
    if int(classes.sum(axis=1).max(initial=0)) * int(by_class.sum(axis=1).max(initial=0)) >= _INT64:
        return None
    if int(w1.max(initial=0)) * int(w2.max(initial=0)) >= _INT64:
        return None
    s0: Array = (w1[:, None] * w2[None, :] - classes @ by_class.T).reshape(-1)
    pair = np.full((k, k), -1, dtype=np.int64)
    pair[b1, b2] = np.arange(len(b1))
    for x, y in ((grid.e1, grid.e1), (grid.e1, grid.e2), (grid.e2, grid.e1), (grid.e2, grid.e2)):
        index = pair[x, y]
        dealt = index >= 0
        np.add.at(s0, f[dealt] * ns + s[index[dealt]], w[dealt])
    return s0
