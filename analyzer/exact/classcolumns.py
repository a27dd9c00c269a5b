"""The records of the class counts: each cell of the class grid read as the record fields a wager needs.

:mod:`analyzer.exact.classcount` counts the dealings of each cell of summary
classes (a hand's first two cards, the third cards); this module turns a cell
into its record (:mod:`analyzer.game.needs`): the hands' totals and cards
when the round is played out, their flags, card-spec counts, suits,
colours, highest values and keyed patterns, the third cards' classes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.needs import MIXED_SUIT, Accs, Needs, keying_label
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, Drawing
from .cardclasses import HandBlock, Partition, Universe, colour_of, keyed
from .settlement import RecordTable, decoded_records

Array = npt.NDArray[Any]
SIDES = ("player", "banker")


def draw_tables(drawing: Drawing) -> tuple[Array, Array]:
    """Whether the Player draws on each two-card total, and the Banker on each total and column (0: the Player
    stood)."""
    player_draws = np.array([t_ in NON_NATURAL_TOTALS and drawing.player_draws(t_) for t_ in range(10)])
    banker_draws = np.array(
        [[t_ in NON_NATURAL_TOTALS and drawing.banker[t_][c] for c in range(len(BANKER_COLUMNS))] for t_ in range(10)]
    )
    return player_draws, banker_draws


def grid_columns(
    universe: Universe,
    needs: Needs,
    drawing: Drawing,
    third: Partition,
    player: HandBlock,
    banker: HandBlock,
    p_index: Array,
    b_index: Array,
    value: Array,
    shape: tuple[int, int],
) -> list[Array]:
    """Every record field over the grid (summary pair, x, y), in the order of ``needs.fields()``; ``shape``: the
    x and y classes dealt (1 for a third card no hand takes: class 0 stands in, never read)."""
    x = np.arange(shape[0])[None, :, None]
    y = np.arange(shape[1])[None, None, :]

    def column(hand: HandBlock, index: Array, name: str) -> Array:
        values: Array = hand.summaries[index, hand.names.index(name)][:, None, None]
        return values

    p_two, b_two = column(player, p_index, "two"), column(banker, b_index, "two")
    player_draws, banker_draws = draw_tables(drawing)
    natural = (p_two >= 8) | (b_two >= 8)
    p_drew = ~natural & player_draws[p_two]
    col = np.where(p_drew, 1 + value[x], 0)
    b_drew = ~natural & banker_draws[b_two, col]
    b_third = y if p_drew.all() else np.where(p_drew, y, x)  # the Banker's third card: y after the Player's
    thirds = {"player": (p_drew, x), "banker": (b_drew, b_third)}
    columns: list[Array] = []
    for hand, index in ((player, p_index), (banker, b_index)):
        needs_h = needs.hand(hand.side)
        drew, card = thirds[hand.side]
        columns.append((column(hand, index, "two") + np.where(drew, value[card], 0)) % 10)
        columns.append(drew.astype(np.int64))
        if needs_h.two:
            columns.append(column(hand, index, "two"))
        if needs_h.pair:
            columns.append(column(hand, index, "pair"))
        if needs_h.suited_pair:
            columns.append(column(hand, index, "suited_pair"))
        if needs_h.third:
            signature = np.array(
                [sum(1 << k for k, spec in enumerate(needs_h.third) if universe.member(spec, m)) for m in third.member]
            )
            columns.append(np.where(drew, 1 + signature[card], 0))
        named = functools.partial(column, hand, index)
        columns += acc_columns(universe, third, needs_h.all, named, drew, card)
        columns += acc_columns(universe, third, needs_h.first, named, None, card)
    return columns


def acc_columns(
    universe: Universe, third: Partition, accs: Accs, first: Callable[[str], Array], drew: Array | None, card: Array
) -> list[Array]:
    """An accumulator over all the hand's cards (``drew`` given: add its third card) or its first two."""
    columns: list[Array] = []
    for spec, cap in accs.counts:
        count = first(f"count {spec.text}")
        if drew is not None:
            member = np.array([universe.member(spec, m) for m in third.member], dtype=np.int64)
            count = count + np.where(drew, member[card], 0)
        columns.append(np.minimum(count, cap))
    if accs.suit:
        suit = first("suit")
        if drew is not None:
            third_suit = np.array([universe.suit[m] for m in third.member])[card]
            suit = np.where(drew & (suit != third_suit), MIXED_SUIT, suit)
        columns.append(suit)
    if accs.colour:
        colour = first("colour")
        if drew is not None:
            third_colour = np.array([colour_of(universe, m) for m in third.member])[card]
            colour = np.where(drew & (colour != third_colour), 2, colour)
        columns.append(colour)
    if accs.high:
        high = first("high")
        if drew is not None:
            third_value = np.array([universe.value[m] for m in third.member])[card]
            high = np.where(drew, np.maximum(high, third_value), high)
        columns.append(high)
    for keying in accs.keyings:
        code = first(f"keys {keying_label(keying)}")
        if drew is not None:  # the hand's keys, largest first: insert the third card's
            base = keying.size + 1
            hi, lo = np.divmod(code, base)
            key = keyed(universe, keying)
            x = np.where(drew, np.array([key(m) + 1 for m in third.member], dtype=np.int64)[card], 0)
            top, mid, low = np.maximum(hi, x), np.where(x >= hi, hi, np.maximum(lo, x)), np.minimum(lo, x)
            code = (top * base + mid) * base + low
        columns.append(code)
    return columns


def records_of_cells(needs: Needs, hands: dict[str, HandBlock], cells: Array, counts: Array) -> RecordTable:
    """Records of summary cells when no third card is read (no drawing): each hand's fields from its summary.

    ``cells`` holds one row per cell, the summary index of each hand in the order of ``hands``; ``counts``
    the cell's dealings (Python integers). Cells with the same record are added up.
    """
    order = list(hands)
    keep = np.asarray(counts != 0).astype(bool)
    cells, counts = cells[keep], counts[keep]
    columns: list[Array] = []
    for side in SIDES:
        if side not in hands:
            continue
        hand = hands[side]
        row = hand.summaries[cells[:, order.index(side)]]

        def value(name: str, hand: HandBlock = hand, row: Array = row) -> Array:
            column: Array = row[:, hand.names.index(name)]
            return column

        needs_h = needs.hand(side)
        columns += [value(flag) for flag in ("two", "pair", "suited_pair") if getattr(needs_h, flag)]
        columns += [np.minimum(cap, value(f"count {spec.text}")) for spec, cap in needs_h.first.counts]
        columns += [value(flag) for flag in ("suit", "colour", "high") if getattr(needs_h.first, flag)]
        columns += [value(f"keys {keying_label(keying)}") for keying in needs_h.first.keyings]
    table = np.stack(columns, axis=1) if columns else np.zeros((len(counts), 0), dtype=np.int64)
    radices = [int(column.max()) + 1 if len(column) else 1 for column in table.T]
    if table.shape[1] and int(table.min(initial=0)) >= 0 and math.prod(radices) < 2**62:  # a 1-D unique, much faster
        code = np.zeros(len(table), dtype=np.int64)
        for column, radix in zip(table.T, radices):
            code = code * radix + column
        found, inverse = np.unique(code, return_inverse=True)
        rows = decoded_records(found, radices)
    else:
        rows, inverse = np.unique(table, axis=0, return_inverse=True)
    if counts.dtype != object:  # int64 counts of one shoe: their sum, the denominator, fits too
        sums = np.zeros(len(rows), dtype=np.int64)
        np.add.at(sums, inverse.reshape(-1), counts)
        return RecordTable(rows.astype(np.int64), sums)
    sums = np.zeros(len(rows), dtype=object)
    np.add.at(sums, inverse.reshape(-1), counts.astype(object))
    return RecordTable(rows.astype(np.int64), sums)
