"""The general fast path: exact counts of records, over the coarsest classes of cards a wager distinguishes.

:func:`record_table` returns, for a :class:`~analyzer.game.needs.Needs`, the
ordered six-card dealings P1 B1 P2 B2 P3 B3 of a shoe by record (the
features the wager reads), as arrays; :func:`count_records` the same as a
mapping of record tuples. The reference it is held to is
:func:`analyzer.exact.reference.deal_outcomes`.

Card classes (the contract)
    The universe is the 52 card types when a feature read depends on suits,
    else the 13 ranks. The round is three blocks of two positions: the
    Player's first two cards, the Banker's first two, and the two third
    cards (the fifth and sixth cards dealt). Each block has its own
    partition of the universe, the coarsest that keeps every property its
    features read constant on a class: the value (drawing, two-card total,
    highest card), the rank (pair), the card type (suited pair), the suit
    and colour (suit and colour tests), and membership of every card spec
    read there (holds, third card, fifth and sixth cards). Lumping cards
    into classes is exact (an ordered dealing of classes from the shoe can
    be dealt in prod over classes of falling factorials of their counts
    ways) provided a block dealt earlier refines the blocks dealt after it,
    so that the cards it took out are known class by class: the blocks are
    dealt finest first (the hand blocks in order of their number of classes,
    the third cards last), each block's partition being the meet of its own
    and of every later block's.

How it counts
    The first hand block's ordered class pairs are grouped by the hand's
    summary (its two-card total, pair flags and accumulators of its first
    two: everything the rest reads of it) and by the classes of the second
    block they fall in. Against each group, every ordered class pair of the
    second block is weighed with the counts left; the third cards are not
    enumerated per dealing but through moments: with k_c the number of the
    first four cards in third-card class c, the ways to deal third cards x
    and y are (n_x - k_x)(n_y - k_y - [x = y]), a polynomial of degree 2 in
    k, so the sums S0 = sum W, S1[c] = sum W k_c and S2[c][d] = sum W k_c
    k_d per pair of hand summaries carry everything (as in
    :mod:`analyzer.exact.fastcount`); :mod:`analyzer.exact.moments` takes
    them as sums over the rows and columns of the weights, and S2 only
    where both hands may draw. A grid of (Player summary, Banker summary,
    x, y) is then played out by the drawing tables and encoded as records:
    every (x, y) where both hands may draw (the Player draws, the Banker
    draws on some third card of his), x alone where one third card at most
    is dealt (its ways summed over y), one cell where none is (a natural,
    or both stand). ``_record_table(..., plain=True)`` is the plain form
    the tests hold it to: every (group, pair) added into the moments by
    index, every (x, y) dealt everywhere.

Number type
    numpy 64-bit integers, used only while no value can overflow (checked):
    every weight and moment is at most 16 N^4, every count at most N^6, and
    sums are taken with ``np.add.at`` in int64 while the total they add up
    to is below 2^63; beyond those bounds the arithmetic falls back to
    Python integers (dtype object), slower and still exact. No float takes
    part. The last few tables are kept (by shoe, drawing rules and needs;
    their arrays read-only), so that the load-time check and the analysis
    that follows count once.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.needs import Needs
from ..game.rules import Drawing
from ..game.shoe import Shoe, falling
from .cardclasses import (
    HandBlock,
    Partition,
    Universe,
    hand_block,
    hand_properties,
    partition,
    third_properties,
    universe_of,
)
from .classcolumns import draw_tables, grid_columns, records_of_cells
from .moments import Grid, chunks, first_four_sums, paired_moments, second_weights, sum_by
from .moments import moments as hand_moments
from .settlement import RecordTable, decoded_records

Array = npt.NDArray[Any]
_INT64 = 2**63
MAX_GRID = 2**24
"""The most cells (pairs of hand summaries times pairs of third-card classes) one count plays out: about 16.8
million (some seconds, and its moments 134 MB); the shipped files and examples need at most 9.3 million."""
GRID_CHUNK = 1 << 20
"""Cells played out at once: the grid is played out chunk by chunk, so memory stays flat whatever its size."""
_SIDES = ("player", "banker")


def count_records(shoe: Shoe, drawing: Drawing, needs: Needs) -> dict[tuple[int, ...], int]:
    """Ordered six-card dealings from ``shoe`` by record of ``needs`` (only records with a positive count).

    The counts add up to the shoe's denominator. Raises :class:`InputError`
    when the wager reads suits and the shoe's suits are unknown.
    """
    return record_table(shoe, drawing, needs).as_dict()


_KEPT: dict[tuple[Shoe, Drawing, Needs], RecordTable] = {}
KEPT_TABLES = 2


def record_table(shoe: Shoe, drawing: Drawing, needs: Needs) -> RecordTable:
    """:func:`count_records` as arrays: what the exact paths settle, with no tuple per record (read-only arrays)."""
    key = (shoe, drawing, needs)
    table = _KEPT.pop(key, None)
    if table is None:
        table = _record_table(shoe, drawing, needs)
        table.fields.setflags(write=False)
        table.counts.setflags(write=False)
    _KEPT[key] = table  # the most recent last
    while len(_KEPT) > KEPT_TABLES:
        del _KEPT[next(iter(_KEPT))]
    return table


def remember(shoe: Shoe, drawing: Drawing, needs: Needs, table: RecordTable) -> None:
    """Keep a table known otherwise (carried across the suits, :mod:`analyzer.exact.suits`) as the count of ``shoe``."""
    table.fields.setflags(write=False)
    table.counts.setflags(write=False)
    _KEPT.pop((shoe, drawing, needs), None)
    _KEPT[(shoe, drawing, needs)] = table
    while len(_KEPT) > KEPT_TABLES:
        del _KEPT[next(iter(_KEPT))]


def forget() -> None:
    """Drop the tables kept (what a benchmark does between repeats, to time the counting itself)."""
    _KEPT.clear()


def _record_table(shoe: Shoe, drawing: Drawing, needs: Needs, plain: bool = False) -> RecordTable:
    """The count; ``plain``: by the plain moments over every (group, pair), every pair of summaries dealing every
    (x, y) (what the tests hold the count to)."""
    if needs.best_five:  # the best five of every card dealt reads the suits of all six: a counter of its own
        from .pokercount import poker_table

        return poker_table(shoe, drawing, needs)
    universe = universe_of(shoe, needs)
    size = sum(universe.counts)
    third = partition(universe, third_properties(universe, needs)) if needs.drawing else None
    used = [
        side
        for side in _SIDES
        if needs.drawing
        or needs.hand(side).two
        or needs.hand(side).pair
        or needs.hand(side).suited_pair
        or not needs.hand(side).first.empty
    ]
    later = third_properties(universe, needs) if needs.drawing else []
    own = {side: hand_properties(universe, needs.hand(side), needs.drawing) for side in used}
    # the hand whose classes are finest is dealt first, so that it refines the other
    order = sorted(used, key=lambda side: -len(partition(universe, own[side] + later).count))
    hands: list[HandBlock] = []
    for i, side in enumerate(order):
        props = own[side] + [p for s in order[i + 1 :] for p in own[s]] + later
        hands.append(hand_block(universe, partition(universe, props), needs.hand(side), side, needs.drawing))
    if not hands:
        return RecordTable(np.zeros((1, 0), dtype=np.int64), np.array([shoe.denominator], dtype=object))
    if len(hands) == 1:
        (only,) = hands
        sums = sum_by(only.summary, only.weight, len(only.summaries))
        spare = falling(size - 2, 4)
        cells = np.arange(len(sums)).reshape(-1, 1)
        return records_of_cells(needs, {only.side: only}, cells, sums.astype(object) * spare)
    return _two_hands(universe, needs, drawing, hands, third, size, plain)


def _two_hands(
    universe: Universe,
    needs: Needs,
    drawing: Drawing,
    hands: list[HandBlock],
    third: Partition | None,
    size: int,
    plain: bool,
) -> RecordTable:
    first, second = hands
    to_second = np.array([second.part.of[m] for m in first.part.member])
    # first-hand pairs grouped by (summary, classes of the second partition they fall in)
    key = (first.summary * len(second.part.count) + to_second[first.first]) * len(second.part.count) + to_second[
        first.second
    ]
    groups, inverse = np.unique(key, return_inverse=True)
    group_weight = sum_by(inverse.reshape(-1), first.weight, len(groups))
    g_summary, rest = np.divmod(groups, len(second.part.count) ** 2)
    e1, e2 = np.divmod(rest, len(second.part.count))
    n2 = np.array(second.part.count, dtype=np.int64)
    b1, b2 = second.first, second.second
    n_summaries = len(first.summaries) * len(second.summaries)
    if third is None:
        shape = (len(first.summaries), len(second.summaries), 0)
        grid_in = Grid(group_weight, g_summary, e1, e2, n2, b1, b2, second.summary, np.zeros(0), shape)
        cells = np.stack(np.divmod(np.arange(n_summaries), len(second.summaries)), axis=1)
        counts = first_four_counts(grid_in, size, plain)
        return records_of_cells(needs, {first.side: first, second.side: second}, cells, counts)
    to_third = np.array([third.of[second.part.member[c]] for c in range(len(second.part.count))])
    t = len(third.count)
    grid = n_summaries * t * t
    if grid > MAX_GRID:
        raise InputError(
            f"reads too much of both hands at once for the exact count: {grid:,} cells (pairs of hand "
            f"summaries times third cards), above the limit of {MAX_GRID:,}; its record has the fields "
            f"{', '.join(name for name, _ in needs.fields())}. Read less in one wager (e.g. a poker rank or the suits "
            "of one hand only), or split it into several wagers."
        )
    grid_in = Grid(
        group_weight,
        g_summary,
        e1,
        e2,
        n2,
        b1,
        b2,
        second.summary,
        to_third,
        (len(first.summaries), len(second.summaries), t),
    )
    if plain:
        rect = (np.arange(len(first.summaries)), np.arange(len(second.summaries)))
        moments = paired_moments(grid_in, np.int64 if 16 * size**4 < _INT64 else object)
    else:
        rect = _rectangle(drawing, first, second)
        moments = hand_moments(
            grid_in, size, rect
        )  # _play_out holds the only references: it frees them before the records
    return _play_out(universe, needs, drawing, first, second, third, moments, rect, size)


def first_four_counts(grid: Grid, size: int, plain: bool = False) -> Array:
    """The six-card dealings of each pair of hand summaries (first-hand summary major) when no third card is read:
    S0 (the four cards' dealings) times the two cards left, falling(N - 4, 2).

    S0 comes from the hands' sums by summary and class (:func:`~analyzer.exact.moments.first_four_sums`); where
    its bounds do not hold, or with ``plain`` (what the tests hold it to), every (group, pair) is weighed and
    added by index. Every S0 is at most falling(N, 4), and so is their sum: the chunks' sums are added in int64
    while that fits, and the counts stay int64 while the shoe's denominator falling(N, 6) does (Python integers
    beyond)."""
    nf, ns, _ = grid.shape
    found = None if plain else first_four_sums(grid)
    if found is not None and falling(size, 6) < _INT64:
        return found * falling(size - 4, 2)
    s0 = np.zeros(nf * ns, dtype=np.int64 if falling(size, 4) < _INT64 else object)
    if found is not None:
        s0 = found.astype(s0.dtype)
    for chunk in [] if found is not None else chunks(len(grid.weight), len(grid.b1)):
        w = second_weights(grid.weight[chunk], grid.e1[chunk], grid.e2[chunk], grid.n2, grid.b1, grid.b2)
        joint = grid.f[chunk, None] * ns + grid.s[None, :]
        s0 = _added(s0, sum_by(joint, w, nf * ns))
    spare = falling(size - 4, 2)
    counts: Array = s0 * spare if s0.dtype != object and falling(size, 6) < _INT64 else s0.astype(object) * spare
    return counts


# ------------------------------------------------------------- third cards


def _rectangle(drawing: Drawing, first: HandBlock, second: HandBlock) -> tuple[Array, Array]:
    """The first and second summaries where both hands may draw: the Player draws and the Banker draws on some
    third card of the Player's (a product of a condition on each hand's two-card total)."""
    player_draws, banker_draws = draw_tables(drawing)
    may: dict[str, Array] = {"player": player_draws, "banker": np.asarray(banker_draws[:, 1:].any(axis=1))}
    fs, ss = (np.flatnonzero(may[h.side][h.summaries[:, h.names.index("two")]]) for h in (first, second))
    return fs, ss


def _play_out(
    universe: Universe,
    needs: Needs,
    drawing: Drawing,
    first: HandBlock,
    second: HandBlock,
    third: Partition,
    moments: list[Array],
    rect: tuple[Array, Array],
    size: int,
) -> RecordTable:
    """Deal the third-card classes against every pair of hand summaries, by the moments S0, S1, S2 (``moments``,
    emptied here so that their memory is freed as soon as they are used; S2 on the pairs of ``rect`` only).

    A pair of ``rect`` (both hands may draw) deals every (x, y); a pair where one third card at most is dealt
    deals x only, its ways summed over y: sum_y (n_y - k_y - [x = y]) = N - 5, so (n_x S0 - S1[x]) (N - 5); a
    pair where no third card is dealt (a natural, or both stand), S0 (N - 4)(N - 5), one cell."""
    s0, s1, s2 = moments
    moments.clear()
    t = len(third.count)
    hands = {first.side: first, second.side: second}
    player, banker = hands["player"], hands["banker"]
    ns = len(second.summaries)
    fs, ss = rect
    inside = np.zeros((len(first.summaries), ns), dtype=bool)
    inside[np.ix_(fs, ss)] = True
    i, j = np.divmod(np.arange(len(s0)), ns)
    p_index, b_index = (i, j) if first.side == "player" else (j, i)
    player_draws, banker_draws = draw_tables(drawing)
    p_two = player.summaries[p_index, player.names.index("two")]
    b_two = banker.summaries[b_index, banker.names.index("two")]
    natural = (p_two >= 8) | (b_two >= 8)
    one = ~natural & (player_draws[p_two] | banker_draws[b_two, 0]) & ~inside.ravel()
    live = np.asarray(s0 != 0).astype(bool)
    # ways(x, y) = nx ny S0 - nx S1[y] - ny S1[x] + S2[x][y] - [x = y](nx S0 - S1[x]): at most N^6 each term
    big = 4 * max(size, 1) ** 6 >= _INT64
    kind: type = object if big else np.int64
    n: Array = np.array(third.count, dtype=kind)
    nx, ny = n[None, :, None], n[None, None, :]
    diagonal = np.arange(t)
    blocks: list[tuple[str, Array, int, int]] = [  # (kind, summary pairs, x classes, y classes)
        ("both", np.flatnonzero(live & inside.ravel()), t, t),
        ("one", np.flatnonzero(live & one), t, 1),
        ("none", np.flatnonzero(live & ~one & ~inside.ravel()), 1, 1),
    ]
    where = np.full(len(s0), -1, dtype=np.int64)  # a pair of rect -> its row of S2
    both = blocks[0][1]
    where[both] = np.searchsorted(fs, i[both]) * len(ss) + np.searchsorted(ss, j[both])
    value = np.array([universe.value[m] for m in third.member])
    fields = needs.fields()
    radices = [radix for _, radix in fields]
    parts: list[tuple[Array, Array]] = []
    totals: Array | None = None
    for dealt, pairs, tx, ty in blocks:
        step = max(1, GRID_CHUNK // (tx * ty))  # summary pairs per chunk: memory stays flat, whatever the grid
        for start in range(0, len(pairs), step):
            rows = pairs[start : start + step]
            s0c: Array = s0[rows].astype(kind)[:, None, None]
            if dealt == "both":
                s1r: Array = s1[rows].astype(kind)
                first_x = nx * s0c - s1r[:, :, None]  # nx S0 - S1[x]
                ways = first_x * ny
                ways -= nx * s1r[:, None, :]
                ways += s2[where[rows]].astype(kind, copy=False)
                ways[:, diagonal, diagonal] -= first_x[:, :, 0]
            elif dealt == "one":
                ways = (nx * s0c - s1[rows].astype(kind)[:, :, None]) * (size - 5)
            else:
                ways = s0c * falling(size - 4, 2)
            columns = grid_columns(
                universe, needs, drawing, third, player, banker, p_index[rows], b_index[rows], value, (tx, ty)
            )
            flat = ways.ravel()
            if needs.size() >= _INT64 or needs.size() > 1 << 22:
                keep = np.asarray(flat != 0).astype(bool)
            if needs.size() >= _INT64:  # too many records for one int64 code: group the fields' rows themselves
                stacked = np.stack([np.broadcast_to(c, ways.shape).ravel()[keep] for c in columns], axis=1)
                parts = [_grouped(*_joined(parts + [(stacked, flat[keep])], big), big)]
                continue
            code: Array = np.zeros((1, 1, 1), dtype=np.int64)
            for radix, column in zip(radices, columns):  # a field that reads neither x nor y stays narrow
                code = code * radix + column
            code = np.broadcast_to(code, ways.shape)
            if needs.size() <= 1 << 22:
                chunk = sum_by(code.ravel(), flat, needs.size())
                totals = chunk if totals is None else _added(totals, chunk)
            else:
                parts = [_grouped(*_joined(parts + [(code.ravel()[keep], flat[keep])], big), big)]  # merged as it goes
    del s0, s1, s2
    if totals is not None:
        found = np.flatnonzero(totals)
        return RecordTable(decoded_records(found, radices), totals[found])
    if not parts:
        return RecordTable(np.zeros((0, len(fields)), dtype=np.int64), np.zeros(0, dtype=object))
    ((keys, sums),) = parts
    kept = np.asarray(sums != 0).astype(bool)
    if keys.ndim == 2:
        return RecordTable(keys[kept].astype(np.int64), sums[kept])
    return RecordTable(decoded_records(keys[kept], radices), sums[kept])


def _grouped(keys: Array, ways: Array, big: bool) -> tuple[Array, Array]:
    """Distinct keys (codes, or rows of fields) with the sums of their ways."""
    distinct, inverse = np.unique(keys, axis=0 if keys.ndim == 2 else None, return_inverse=True)
    sums = np.zeros(len(distinct), dtype=object if big else np.int64)
    np.add.at(sums, inverse.reshape(-1), ways)
    return distinct, sums


def _joined(parts: list[tuple[Array, Array]], big: bool) -> tuple[Array, Array]:
    """The keys and ways of several parts, one after the other."""
    return np.concatenate([k for k, _ in parts]), np.concatenate([v.astype(object) if big else v for _, v in parts])


def _added(a: Array, b: Array) -> Array:
    """Two arrays of counts added exactly (Python integers when either holds them)."""
    # both int64, each below 2^63: their sum may not be (chunks of a shoe whose dealings pass 2^63)
    if a.dtype == object or b.dtype == object or int(a.max(initial=0)) + int(b.max(initial=0)) >= _INT64:
        out: Array = a.astype(object) + b.astype(object)
        return out
    return a + b
