"""Pay tables settled on arrays of records: the conditions of :mod:`analyzer.game.conditions`, vectorized.

:func:`row_masks` evaluates each row of a wager on many records at once
(a 2-D integer array, one record per line, the fields of
:meth:`analyzer.game.needs.Needs.fields`), and :func:`first_rows` gives the
row that settles each record (the first that holds; -1 when none does). It
is a second reading of the rows, in numpy, beside the record-by-record one
(:class:`~analyzer.game.recordview.RecordView` with
:func:`~analyzer.game.settle.settle_round`); the tests hold the two equal,
and both to the cards themselves. The exact paths settle their records with
it, the simulator its dealt rounds, and the load-time check every round a
deal can reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.conditions import CardSpec, Condition, GroupTest, HandTest
from ..game.needs import MIXED_COLOUR, MIXED_SUIT, WIDTH, Accs, HandNeeds, Needs, keying_label
from ..game.patterns import Keying, Pattern
from ..game.poker import BEST_INDEX
from ..game.state import NATURALS
from ..game.wager import Wager
from .patternarrays import key_counts, patterns_hold

Array = npt.NDArray[Any]
_COLOUR_CODES = {"red": 0, "black": 1}


class _Hand:
    """One hand's columns of a record array."""

    def __init__(self, columns: Mapping[str, Array], side: str, needs: HandNeeds) -> None:
        self.columns, self.side, self.needs = columns, side, needs
        self.groups: dict[str, _Group] = {}
        """The groups read so far (a hand's "all", "first"; the round's "all_cards", "first_four" on the Player's):
        the rows of a wager share them, and with them the distinct multisets of their keys."""

    def _get(self, name: str) -> Array:
        return self.columns[f"{self.side}.{name}"]

    @property
    def total(self) -> Array:
        return self._get("total")

    @property
    def cards(self) -> Array:
        return self._get("cards") + 2

    @property
    def two(self) -> Array:
        return self._get("two") if f"{self.side}.two" in self.columns else self.total

    def third_matches(self, spec: CardSpec) -> Array:
        signature = self._get("third")
        bit = ((signature - 1) >> self.needs.third.index(spec)) & 1
        return np.where(signature == 0, spec.none, bit == 1)

    def group(self, which: str, accs: Accs) -> _Group:
        if which not in self.groups:
            self.groups[which] = self._group(which, accs)
        return self.groups[which]

    def round_group(self, which: str, other: _Hand) -> _Group:
        """The group of both hands' cards: "all" (every card dealt) or "first" (the first four), kept on this hand."""
        name = f"round {which}"
        if name not in self.groups:
            self.groups[name] = self.group(which, getattr(self.needs, which)).combined(
                other.group(which, getattr(other.needs, which))
            )
        return self.groups[name]

    def _group(self, which: str, accs: Accs) -> _Group:
        prefix = f"{self.side}.{which}"
        return _Group(
            {spec: self.columns[f"{prefix}.count {spec.text}"] for spec, _ in accs.counts},
            self.columns.get(f"{prefix}.suit"),
            self.columns.get(f"{prefix}.colour"),
            self.columns.get(f"{prefix}.high"),
            {k: [(self.columns[f"{prefix}.keys {keying_label(k)}"], WIDTH[which])] for k in accs.keyings},
        )


class _Group:
    def __init__(
        self,
        counts: dict[CardSpec, Array],
        suit: Array | None,
        colour: Array | None,
        high: Array | None,
        keyed: dict[Keying, list[tuple[Array, int]]],
    ) -> None:
        self.counts, self.suit, self.colour, self.high = counts, suit, colour, high
        self.keyed = keyed
        """Per keying, the code columns of the group's parts (a hand's, or both hands'), each with its width."""
        self.poker: Array | None = None
        """The best five of every card dealt (:data:`~analyzer.game.poker.BEST_FIVE` indexes; the round's group)."""
        self.distinct: dict[tuple[tuple[Keying, ...], bool], tuple[dict[Keying, Array], Array | None, Array]] = {}
        """Per (keyings, common suit read): the distinct groups' key counts and common suits, and each record's
        distinct group (:func:`_distinct_groups`)."""

    def combined(self, other: _Group) -> _Group:
        def same(a: Array | None, b: Array | None, mixed: int) -> Array | None:
            return None if a is None or b is None else np.where(a == b, a, mixed)

        return _Group(
            {spec: self.counts[spec] + other.counts[spec] for spec in self.counts if spec in other.counts},
            same(self.suit, other.suit, MIXED_SUIT),
            same(self.colour, other.colour, MIXED_COLOUR),
            None if self.high is None or other.high is None else np.maximum(self.high, other.high),
            {k: self.keyed[k] + other.keyed[k] for k in self.keyed if k in other.keyed},
        )


def _sorted_keys(parts: list[tuple[Array, int]], keying: Keying) -> tuple[Array, int]:
    """One code per record for the group's keys under ``keying``, whatever part each came from (largest first)."""
    base = keying.size + 1
    digits = []
    for column, width in parts:
        rest = np.asarray(column, dtype=np.int64)
        for _ in range(width):
            rest, digit = np.divmod(rest, base)
            digits.append(digit)
    stacked = -np.sort(-np.stack(digits, axis=1), axis=1)
    code = np.zeros(len(stacked), dtype=np.int64)
    for i in range(stacked.shape[1]):
        code = code * base + stacked[:, i]
    return code, stacked.shape[1]


def _distinct_groups(
    group: _Group, keyings: tuple[Keying, ...], common_suit: bool
) -> tuple[dict[Keying, Array], Array | None, Array]:
    """The distinct multisets of keys (under ``keyings``, with the common suit when read) of the group's records:
    their key counts (:func:`~analyzer.exact.patternarrays.key_counts`), their common suits, and for each record
    the index of its own. Made once per group and keyings, whatever the number of rows that read them."""
    found = group.distinct.get((keyings, common_suit))
    if found is not None:
        return found
    coded = [_sorted_keys(group.keyed[k], k) for k in keyings]
    columns = [code for code, _ in coded]
    if common_suit:
        assert group.suit is not None
        columns.append(np.asarray(group.suit, dtype=np.int64))
    radices = [(k.size + 1) ** width for k, (_, width) in zip(keyings, coded)] + [MIXED_SUIT + 1] * common_suit
    if np.prod(np.array(radices, dtype=object)) < 2**62:  # one code per record: a 1-D unique, much faster
        joint = np.zeros(len(columns[0]), dtype=np.int64)
        for column, radix in zip(columns, radices):
            joint = joint * radix + column
        codes, inverse = np.unique(joint, return_inverse=True)
        distinct = decoded_records(codes, radices)
    else:
        distinct, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
    counts = {
        k: key_counts(decoded_records(distinct[:, i], [k.size + 1] * width), k)
        for i, (k, (_, width)) in enumerate(zip(keyings, coded))
    }
    suits = distinct[:, -1] if common_suit else None
    found = (counts, suits, inverse.reshape(-1))
    group.distinct[(keyings, common_suit)] = found
    return found


def _pattern_holds(pattern: Pattern, group: _Group) -> Array:
    """The pattern on every record: read on the distinct multisets of the group's keys at once
    (:func:`~analyzer.exact.patternarrays.patterns_hold`), each record taking its multiset's verdict."""
    counts, suits, inverse = _distinct_groups(group, pattern.keyings(), pattern.reads_common_suit)
    result: Array = patterns_hold(pattern, counts, suits)[inverse]
    return result


def _isin(values: Array, allowed: frozenset[int]) -> Array:
    return np.isin(values, sorted(allowed))


def _group_holds(test: GroupTest, group: _Group) -> Array | bool:
    mask: Array | bool = True
    for spec, n in test.holds:
        mask = mask & (group.counts[spec] >= n)
    if test.suited is not None:
        assert group.suit is not None
        mask = mask & ((group.suit != MIXED_SUIT) == test.suited)
    if test.colour is not None:
        assert group.colour is not None
        if test.colour == "same":
            mask = mask & (group.colour != MIXED_COLOUR)
        elif test.colour == "mixed":
            mask = mask & (group.colour == MIXED_COLOUR)
        else:
            mask = mask & (group.colour == _COLOUR_CODES[test.colour])
    if test.highest is not None:
        assert group.high is not None
        mask = mask & _isin(group.high, test.highest)
    pattern = test.pattern
    if pattern is not None and pattern.best_five is not None:
        assert group.poker is not None
        mask = mask & _isin(group.poker, frozenset(BEST_INDEX[name] for name in pattern.best_five))
        pattern = replace(pattern, best_five=None)
    if pattern is not None and not pattern.empty:
        mask = mask & _pattern_holds(pattern, group)
    return mask


def _hand_holds(test: HandTest, hand: _Hand, other: _Hand) -> Array | bool:
    mask: Array | bool = True
    if test.cards is not None:
        mask = mask & (hand.cards == test.cards)
    if test.total is not None:
        mask = mask & _isin(hand.total, test.total)
    if test.natural is not None:
        mask = mask & (((hand.cards == 2) & _isin(hand.total, frozenset(NATURALS))) == test.natural)
    if test.two_card_total is not None:
        mask = mask & _isin(hand.two, test.two_card_total)
    if test.pair is not None:
        mask = mask & ((hand._get("pair") == 1) == test.pair)
    if test.suited_pair is not None:
        mask = mask & ((hand._get("suited_pair") == 1) == test.suited_pair)
    if test.third_card is not None:
        mask = mask & hand.third_matches(test.third_card)
    if test.result is not None or test.margin is not None or test.min_margin is not None:
        margin = hand.total - other.total
        if test.result is not None:
            mask = mask & {"win": margin > 0, "tie": margin == 0, "loss": margin < 0}[test.result]
        if test.margin is not None:
            mask = mask & (margin == test.margin)
        if test.min_margin is not None:
            mask = mask & (margin >= test.min_margin)
    if not test.group.empty:
        mask = mask & _group_holds(test.group, hand.group("all", hand.needs.all))
    if not test.first_two.empty:
        mask = mask & _group_holds(test.first_two, hand.group("first", hand.needs.first))
    return mask


def _condition_holds(condition: Condition, player: _Hand, banker: _Hand, side: str | None) -> Array | bool:
    mask: Array | bool = True
    if condition.own is not None or condition.other is not None:
        own, other = (player, banker) if side == "player" else (banker, player)
        if condition.own is not None:
            mask = mask & _hand_holds(condition.own, own, other)
        if condition.other is not None:
            mask = mask & _hand_holds(condition.other, other, own)
    if condition.player is not None:
        mask = mask & _hand_holds(condition.player, player, banker)
    if condition.banker is not None:
        mask = mask & _hand_holds(condition.banker, banker, player)
    if condition.either is not None:
        mask = mask & (_hand_holds(condition.either, player, banker) | _hand_holds(condition.either, banker, player))
    if condition.both is not None:
        mask = mask & _hand_holds(condition.both, player, banker) & _hand_holds(condition.both, banker, player)
    if condition.winner is not None or condition.winning_hand is not None or condition.losing_hand is not None:
        player_wins, banker_wins = player.total > banker.total, banker.total > player.total
        if condition.winner is not None:
            winner = (("player" in condition.winner) & player_wins) | (("banker" in condition.winner) & banker_wins)
            mask = mask & (winner | (("tie" in condition.winner) & ~player_wins & ~banker_wins))
        for test, winning in ((condition.winning_hand, True), (condition.losing_hand, False)):
            if test is not None:
                as_player = (player_wins if winning else banker_wins) & _hand_holds(test, player, banker)
                as_banker = (banker_wins if winning else player_wins) & _hand_holds(test, banker, player)
                mask = mask & (as_player | as_banker)
    if condition.cards_dealt is not None:
        mask = mask & _isin(player.cards + banker.cards, condition.cards_dealt)
    for position, spec in ((5, condition.fifth_card), (6, condition.sixth_card)):
        if spec is not None:
            p_drew, b_drew = player.cards == 3, banker.cards == 3
            if position == 5:
                card = np.where(
                    p_drew, player.third_matches(spec), np.where(b_drew, banker.third_matches(spec), spec.none)
                )
            else:
                card = np.where(p_drew & b_drew, banker.third_matches(spec), spec.none)
            mask = mask & card
    if condition.all_cards is not None:
        groups = player.round_group("all", banker)
        groups.poker = player.columns.get("poker")
        mask = mask & _group_holds(condition.all_cards, groups)
    if condition.first_four is not None:
        mask = mask & _group_holds(condition.first_four, player.round_group("first", banker))
    return mask


def row_masks(wager: Wager, needs: Needs, records: Array) -> list[Array]:
    """For each row of ``wager``, whether its condition holds on each record (``records``: one per line)."""
    columns = {name: records[:, i] for i, (name, _) in enumerate(needs.fields())}
    player = _Hand(columns, "player", needs.player)
    banker = _Hand(columns, "banker", needs.banker)
    shape = (len(records),)
    return [
        np.broadcast_to(_condition_holds(row.condition, player, banker, wager.side), shape) for row in wager.outcomes
    ]


@dataclass(frozen=True, slots=True)
class RecordTable:
    """Records and their counts as arrays: row ``i`` of ``fields`` (records, fields of ``needs.fields()``) is a
    record, ``counts[i]`` its ordered six-card dealings (int64 while their sum fits, Python ints beyond)."""

    fields: npt.NDArray[np.int64]
    counts: npt.NDArray[Any]

    @classmethod
    def of(cls, records: Mapping[tuple[int, ...], int], width: int) -> RecordTable:
        """The records of a mapping (record tuples of ``width`` fields, each with its count)."""
        counts = np.empty(len(records), dtype=object)
        counts[:] = list(records.values())
        return cls(np.array(list(records), dtype=np.int64).reshape(len(records), width), counts)

    def as_dict(self) -> dict[tuple[int, ...], int]:
        """The records as tuples, each with its count."""
        return dict(zip(map(tuple, self.fields.tolist()), (int(n) for n in self.counts.tolist())))


def decoded_records(codes: Array, radices: Sequence[int]) -> npt.NDArray[np.int64]:
    """The records whose mixed-radix codes (int64; ``radices`` the fields' in order, as
    :meth:`~analyzer.game.needs.Needs.encode` writes them) are ``codes``: an array (records, fields)."""
    rest = np.asarray(codes, dtype=np.int64)
    fields: npt.NDArray[np.int64] = np.empty((len(rest), len(radices)), dtype=np.int64)  # filled in place: no copy
    for i in range(len(radices) - 1, -1, -1):
        rest, fields[:, i] = np.divmod(rest, radices[i])
    return fields


def first_rows(wager: Wager, needs: Needs, records: Array) -> Array:
    """The index of the row that settles each record (the first that holds), or -1 when none does."""
    settled = np.full(len(records), -1, dtype=np.int64)
    for i, mask in enumerate(row_masks(wager, needs, records)):
        settled = np.where((settled == -1) & mask, i, settled)
    return settled


def outcome_counts(wager: Wager, needs: Needs, counts: Mapping[tuple[int, ...], int]) -> dict[str, int]:
    """Outcome counts of ``wager`` from counts of the records of ``needs`` (which must cover the wager's)."""
    return table_outcome_counts(wager, needs, RecordTable.of(counts, len(needs.fields())))


def table_outcome_counts(wager: Wager, needs: Needs, table: RecordTable) -> dict[str, int]:
    """:func:`outcome_counts` from a :class:`RecordTable`: every record settled at once, no tuple per record."""
    out = {o.name: 0 for o in wager.outcomes}
    records, counts = table.fields, table.counts
    if not len(records):
        return out
    settled = first_rows(wager, needs, records)
    if (settled < 0).any():
        raise AssertionError(f"{wager.name} settles no row for record {tuple(records[int(np.argmax(settled < 0))])}")
    for i, row in enumerate(wager.outcomes):
        chosen = counts[settled == i]
        out[row.name] = sum(chosen.tolist()) if counts.dtype == object else int(chosen.sum())
    return out
