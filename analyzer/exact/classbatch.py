"""Every requested pair class of many shoes in one pass: the fast path's class counts as whole-array numpy operations.

:func:`analyzer.exact.fastcount.class_counts` on numpy arrays (one entry per shoe of a batch: the batch paths
and the counting study's round laws) hands its work to :func:`endings_by_class` here. The algebra is that of
:mod:`analyzer.exact.fastcount` (per (Player total, Banker total) group of the four initial cards, a table X of
four-card weights, its row and column sums, and the third-card weights as polynomials of degree at most 2 in the
values dealt); what changes is the shape of the work:

* one group at a time, every row, column and third card of the group at once (arrays of 10 x 10 cells by shoe),
  instead of a Python loop over the vectors of each cell;
* the X of the ten groups of one Player total made once for every column (class 0's for the ten Banker totals at
  once, the pair classes' entries taken from them or from the ten-rank sums, :func:`_fill_pairs`), so that a
  group's X is a slice of them, not a copy;
* the pair classes laid beside class 0 as blocks of columns, so one pass over the 100 groups serves every
  requested class. A column is one shoe in one class; the blocks come in the order 1, 0, 2, 3 (:data:`_LANE_ORDER`),
  class 0's with a column for every shoe, each pair class's with a column for each shoe of ``paired`` only (every
  shoe when it is None: a study whose pair wagers are on a few rounds counts their pair classes on those rounds
  alone). Every operation of a group is element-wise along the columns, so the work grows with the columns a group
  has: its classes are those with a dealing in it, class 0 always, 1 (a Player pair) when the Player's total is
  even (a pair x-x makes an even total), 2 (a Banker pair) when the Banker's is, 3 (both) when both are, and in
  that order their blocks are side by side, so a group's columns are one slice and an absent class costs nothing
  there.

The class tables are those of :func:`analyzer.exact.fastcount._pair_entries`: a pair class keeps the rows (Player
pair) or columns (Banker pair) of doubled values, which for values 1-9 are class 0's, and for two tens are
counted by sums over the four ten ranks (:class:`analyzer.exact.fastcount._TenPairs`, passed in).

Number type
    int64 (or object arrays of Python ints, beyond the bound). Every term is one the one-class pass computes, and
    every sum adds counts of dealings (at least 0) of one class and one shoe: laying the classes out as blocks of
    columns (a column one shoe in one class, whichever shoes a block holds) puts no two classes' or shoes' counts
    in one number, so the magnitudes, and the 64 N^6 bound that
    :func:`analyzer.exact.fastcount.counts_fit_int64` checks, are those of the one-class pass. One order differs:
    the dealings with third cards v and w are taken as 4 (X[v][w] + X[w][v]) (at most 8 N^4), plus n_w alpha_v (at
    most N^6: alpha_v counts five-card dealings), less n_v s1[w] (at most 4 N^5), so every partial sum is below
    N^6 + 8 N^4 in size, within the same bound.

The result is the one-class pass's, key for key and count for count (``tests/test_classbatch.py`` holds them
equal on brute-force, odd, suited, random depleted and 8-deck shoes, for every subset of the classes); a pair
class counted for the shoes of ``paired`` is, entry for entry, the every-shoe count of those shoes (the same tests,
with random subsets of the shoes, none and all among them).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

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
    n_values: Sequence[_Array], tens: TenPairSums, plan: Plan, classes: Sequence[int], paired: _Array | None = None
) -> list[dict[Hands, _Array]]:
    """Dealings by ending (Player total, Banker total, Player cards, Banker cards) for each class of ``classes``, from
    the ten value counts ``n_values`` (each an array, one entry per shoe); keys as the one-class pass makes them.

    ``paired``: the shoes (ascending indices) whose pair classes (1-3) are counted, None for every shoe. Class 0's
    arrays have an entry per shoe; a pair class's, an entry per shoe of ``paired``, in that order.
    """
    n = np.stack(list(n_values))  # [value, shoe]
    shoes = n.shape[1]
    lanes = sorted(set(classes), key=_LANE_ORDER.index)
    chosen = None if paired is None else _checked(paired, shoes)
    # by ending: [P, B] both stand; [final P, B] the Player drew, the Banker stood; [final P, final B] both drew;
    # [P, final B] the Player stood, the Banker drew; each [..., entry] for each class
    found: dict[int, tuple[_Array, ...]] = {}
    pair_lanes = len([cls for cls in lanes if cls])
    width = (shoes if 0 in lanes else 0) + (shoes if chosen is None else len(chosen)) * pair_lanes
    blocks = max(1, -(-width // COLUMNS_PER_BLOCK))
    step = max(1, -(-shoes // blocks))  # shoes a block
    if shoes == 0 or blocks > 1:  # else the one block's columns are the result, no copy
        widths = {cls: shoes if cls == 0 or chosen is None else len(chosen) for cls in lanes}
        found = {cls: tuple(np.zeros((10, 10, widths[cls]), dtype=n.dtype) for _ in range(4)) for cls in lanes}
    most = min(step, shoes) * len(lanes)  # columns a block has at most
    # scratch for every block (allocated once: a fresh array per block costs its first touch again): the tables of
    # one Player total [B, a, b, column] and the endings [..., column]
    scratch = np.empty((10, 10, 10, most), dtype=n.dtype), np.empty((4, 10, 10, most), dtype=n.dtype)
    for first in range(0, shoes, step):
        block = slice(first, first + step)
        if chosen is None:
            picked: slice | _Array = slice(None)
            gone = block
        else:
            lo, hi = (int(i) for i in np.searchsorted(chosen, (first, first + step)))
            picked, gone = chosen[lo:hi] - first, slice(lo, hi)
        columns = _columns_of(n[:, block], (tens[0][block], tens[1][block], tens[2][block]), picked, lanes)
        ends = scratch[1][..., : columns.n.shape[1]]
        ends[...] = 0
        _add_block(columns, plan, ends, scratch[0][..., : columns.n.shape[1]])
        for cls in lanes:
            mine = tuple(e[..., columns.spans[cls]] for e in ends)
            if cls not in found:
                found[cls] = mine
                continue
            for whole, part in zip(found[cls], mine):
                whole[..., block if cls == 0 else gone] = part
    places = {cls: dict(zip(((2, 2), (3, 2), (3, 3), (2, 3)), found[cls])) for cls in lanes}
    return [{key: places[cls][key[2:]][key[0], key[1]] for key in _keys(plan, cls)} for cls in classes]


COLUMNS_PER_BLOCK = 2048
"""Columns counted at once, about (a shoe has a column for class 0 and one for each pair class it is counted in):
a block's tables of one Player total, 1,000 cells by column, then stay within a cache (16 MB of int64)."""
_LANE_ORDER = (1, 0, 2, 3)
"""The classes' order in a block's columns: the classes with a dealing in any one group are then side by side (class
0 alone, 1 and 0, 0 and 2, all four), so a group's columns are a slice."""


def _checked(paired: _Array, shoes: int) -> _Array:
    """``paired`` as an int64 index array, refused unless ascending shoe indices of a batch of ``shoes``."""
    chosen = np.asarray(paired)
    if chosen.ndim != 1 or (len(chosen) and chosen.dtype.kind not in "iu"):
        raise ValueError("paired must be a one-dimensional array of shoe indices (integers).")
    chosen = chosen.astype(np.int64)
    if len(chosen) and (chosen[0] < 0 or chosen[-1] >= shoes or (np.diff(chosen) <= 0).any()):
        raise ValueError(f"paired must hold shoe indices in ascending order, each once, from 0 to {shoes - 1}.")
    return chosen


class _Columns(NamedTuple):
    """A block of shoes laid out as columns: one block of columns per class, in lane order."""

    n: _Array
    """[value, column]: each column's shoe by value."""
    spans: dict[int, slice]
    """Each class's columns."""
    every: _Array
    """[value, shoe]: the shoes class 0's table is made of (the block's, or the pair classes' when class 0 is not
    requested)."""
    picked: slice | _Array
    """The pair classes' shoes among those of ``every`` (their columns' order)."""
    paired: _Array
    """[value, shoe of ``picked``]: the pair classes' shoes by value."""
    tens: TenPairSums
    """The ten-pair sums of the shoes of ``picked``."""


def _columns_of(n: _Array, tens: TenPairSums, picked: slice | _Array, lanes: Sequence[int]) -> _Columns:
    """The columns of a block: shoes by value ``n`` [value, shoe], their ``tens``, the pair classes' ``picked``."""
    if 0 not in lanes and not isinstance(picked, slice):  # no class 0: the table of the pair classes' shoes alone
        n, tens, picked = n[:, picked], (tens[0][picked], tens[1][picked], tens[2][picked]), slice(None)
    paired = n[:, picked]
    parts = [n if cls == 0 else paired for cls in lanes]
    ends = np.cumsum([0] + [part.shape[1] for part in parts]).tolist()
    return _Columns(
        n=np.concatenate(parts, axis=1) if len(parts) > 1 else parts[0],
        spans={cls: slice(ends[k], ends[k + 1]) for k, cls in enumerate(lanes)},
        every=n,
        picked=picked,
        paired=paired,
        tens=(tens[0][picked], tens[1][picked], tens[2][picked]),
    )


def _add_block(columns: _Columns, plan: Plan, found: _Array, tables: _Array) -> None:
    """Every group's endings of a block's ``columns``, added into ``found`` (the four arrays by ending, [4, ...,
    column]); ``tables`` [B, a, b, column] is scratch for the X tables of one Player total."""
    stood, player_drew, both_drew, banker_drew = found
    n = columns.n
    size = n.sum(axis=0)
    unused_two = (size - 4) * (size - 5)  # ways to deal P3 and B3 when neither is drawn
    unused_one = size - 5  # ways to deal the sixth card when one third card is drawn
    spans = list(columns.spans.items())  # in lane order
    # [B, a, b, column]: the X tables of the groups with one Player total, every column's (each class's own); class
    # 0's are made whole for each total, the pair classes' have 0 wherever _fill_pairs writes nothing
    for cls, span in spans:
        if cls:
            tables[..., span] = 0
    every = tables[..., columns.spans[0]] if 0 in columns.spans else None
    for p in range(10):
        table = _table_of(columns.every, p, every)  # [B, a, b, shoe]: class 0's
        _fill_pairs(columns, p, table, tables)
        for banker in range(10):
            present = [span for cls, span in spans if _in_group(cls, p, banker)]
            if not present or present[0].start == present[-1].stop:
                continue
            at = slice(present[0].start, present[-1].stop)
            x = tables[banker, ..., at]  # [a, b, column]
            rp = x.sum(axis=1)  # row sums: rows a and P - a count the same dealings, the Player's cards swapped
            s0 = rp.sum(axis=0)
            third_cards = plan[p][banker]
            if third_cards is None:  # both hands stand
                stood[p, banker, at] = s0 * unused_two[at]
                continue
            rb = x.sum(axis=0)  # column sums, likewise
            s1 = (rp + rb) * 2
            by_value, one = n[:, at], unused_one[at]
            banker_draws, banker_stands = third_cards
            if not banker_draws and not banker_stands:  # the Player stands, the Banker draws w
                by_w = (by_value * s0 - s1) * one
                head = 10 - banker
                banker_drew[p, banker:, at] += by_w[:head]
                banker_drew[p, :banker, at] += by_w[head:]
                continue
            if banker_stands:  # the Player draws v, the Banker stands
                v, total = (np.array(t) for t in zip(*banker_stands))
                player_drew[total, banker, at] += (by_value[v] * s0 - s1[v]) * one
            if banker_draws:  # both draw: the Player v, the Banker w
                v, total = (np.array(t) for t in zip(*banker_draws))
                nv = by_value[v][:, None, :]  # [v, 1, column]
                alpha = nv[:, 0] * s0 - s1[v]  # [v, column]: dealings with P3 = v
                by_w = (x[v] + x[:, v].swapaxes(0, 1)) * 4  # [v, w, column]
                by_w += by_value[None] * alpha[:, None]
                by_w -= nv * s1[None]
                each = np.arange(len(v))
                by_w[each, v] += s1[v] - alpha
                by_w[each, (p - v) % 10] += rp[v] * 2
                by_w[each, (banker - v) % 10] += rb[v] * 2
                head = 10 - banker  # w < head: the final Banker total banker + w; the rest wraps round
                both_drew[total, banker:, at] += by_w[:, :head]
                both_drew[total, :banker, at] += by_w[:, head:]


def _table_of(n: _Array, p: int, out: _Array | None) -> _Array:
    """Class 0's X of the groups with Player total ``p``, [B, a, b, shoe]: four-card dealings P1 = a, P2 = p - a,
    B1 = b, B2 = B - b, each weighed as :func:`analyzer.exact.fastcount._four_card_table` weighs it (written into
    ``out`` when given)."""
    table = np.empty((10, 10, 10, n.shape[1]), dtype=n.dtype) if out is None else out
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


def _fill_pairs(columns: _Columns, p: int, table: _Array, tables: _Array) -> None:
    """The pair classes' X of the groups with Player total ``p`` (those with a dealing in them), written into their
    columns of ``tables`` [B, a, b, column], from class 0's ``table`` [B, a, b, shoe] (entries as
    :func:`analyzer.exact.fastcount._pair_entries` makes them).

    A class's entries sit at places that depend on the totals alone: class 2's (columns b-b of every row) on B, so
    they are the same for every ``p`` and overwritten; classes 1 and 3 (rows a-a) on ``p``, so the rows of the
    previous even ``p`` are set back to 0 first. Every other entry stays 0.
    """
    spans, n, picked = columns.spans, columns.paired, columns.picked
    if not any(cls in spans for cls in (1, 2, 3)):
        return
    q2, two_then_pair, pair_then_pair = columns.tens
    if 2 in spans:  # the Banker's b-b
        banker = tables[..., spans[2]]
        banker[_DOUBLED_AT[1:], :, _V[1:]] = table[_DOUBLED_AT[1:], :, _V[1:]][..., picked]  # [b, a, shoe]: b-b, 1-9
        for a in range(10):  # two tens, B = 0
            c = (p - a) % 10
            if a and c:  # no Player ten: any same-rank pair of tens
                banker[0, a, 0] = (n[a] * (n[c] - 1) if a == c else n[a] * n[c]) * q2
            elif a or c:  # one Player ten of any rank, then a same-rank pair of the other tens
                banker[0, a, 0] = n[a or c] * (n[0] - 2) * q2
            else:  # two Player tens, then a same-rank pair of the tens left
                banker[0, a, 0] = two_then_pair
    if p % 2:  # no Player pair makes an odd total
        return
    rows = _DOUBLES[p]
    if 1 in spans:  # the Player's a-a
        player = tables[..., spans[1]]
        player[:, _DOUBLES[(p - 2) % 10]] = 0
        for a in rows:
            if a:
                player[:, a] = table[:, a][..., picked]
            else:  # two tens of one rank, then the Banker's two cards from n less two tens
                m = n.copy()
                m[0] = m[0] - 2
                after = m[None] * m[_PARTNER]  # [B, b, shoe]
                after[_DOUBLED_AT, _V] -= m  # the Banker's second card has the first card's value
                player[:, 0] = after * q2
    if 3 in spans:  # both
        both = tables[..., spans[3]]
        both[:, _DOUBLES[(p - 2) % 10]] = 0
        for a in rows:
            if a:
                both[_DOUBLED_AT[1:], a, _V[1:]] = table[_DOUBLED_AT[1:], a, _V[1:]][..., picked]
                both[0, a, 0] = n[a] * (n[a] - 1) * q2  # then a same-rank pair of tens
            else:  # a same-rank pair of tens, then the Banker's pair b-b
                both[_DOUBLED_AT[1:], 0, _V[1:]] = q2 * n[1:] * (n[1:] - 1)
                both[0, 0, 0] = pair_then_pair  # two same-rank pairs of tens, of two ranks or of one


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
