"""Classes of cards for the class counts (:mod:`analyzer.exact.classcount`): the universe, its partitions, and the
ordered class pairs of a hand's first two cards with their summaries.

These depend on the shoe only through the counts of the classes; what a wager reads (its needs) decides
the partitions. See :mod:`analyzer.exact.classcount` for the contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.cards import RANKS, RED_SUITS, SUITS, TYPE_RANK, TYPE_SUIT, TYPES, VALUES
from ..game.conditions import CardSpec
from ..game.needs import MIXED_SUIT, Accs, HandNeeds, Needs, keying_label
from ..game.patterns import Keying
from ..game.shoe import Shoe

Array = npt.NDArray[Any]


@dataclass(frozen=True)
class Universe:
    """What a card is here (a type or a rank), with every property a condition may read."""

    counts: tuple[int, ...]
    value: tuple[int, ...]
    rank: tuple[int, ...]
    suit: tuple[int, ...]  # -1 when the universe is ranks
    typed: bool

    def member(self, spec: CardSpec, u: int) -> bool:
        return u in spec.types if self.typed else u * len(SUITS) in spec.types


def universe_of(shoe: Shoe, needs: Needs) -> Universe:
    if needs.reads_suits:
        if shoe.types is None:
            raise InputError(
                "A wager reads suits, and the suits of this shoe are unknown (a card was removed by its rank "
                "only); name the suit of every removed card, e.g. --remove KH,9D."
            )
        return Universe(shoe.types, tuple(VALUES[TYPE_RANK[t]] for t in range(len(TYPES))), TYPE_RANK, TYPE_SUIT, True)
    return Universe(shoe.counts, VALUES, tuple(range(len(RANKS))), (-1,) * len(RANKS), False)


def colour_of(universe: Universe, u: int) -> int:
    return int(SUITS[universe.suit[u]] not in RED_SUITS)


def member_of(universe: Universe, spec: CardSpec) -> Callable[[int], object]:
    return lambda u: universe.member(spec, u)


def keyed(universe: Universe, keying: Keying) -> Callable[[int], int]:
    """The key of element u under ``keying`` (a universe of ranks has only rank keyings: suits are not read)."""
    return (lambda u: keying.key(u)) if universe.typed else (lambda u: u)


def acc_properties(universe: Universe, accs: Accs) -> list[Callable[[int], object]]:
    props: list[Callable[[int], object]] = [member_of(universe, spec) for spec, _ in accs.counts]
    if accs.suit:
        props.append(lambda u: universe.suit[u])
    if accs.colour:
        props.append(lambda u: colour_of(universe, u))
    if accs.high:
        props.append(lambda u: universe.value[u])
    props += [keyed(universe, keying) for keying in accs.keyings]
    return props


def hand_properties(universe: Universe, hand: HandNeeds, drawing: bool) -> list[Callable[[int], object]]:
    props: list[Callable[[int], object]] = []
    if drawing or hand.two:
        props.append(lambda u: universe.value[u])
    if hand.pair:
        props.append(lambda u: universe.rank[u])
    if hand.suited_pair:
        props.append(lambda u: u)
    return props + acc_properties(universe, hand.first) + acc_properties(universe, hand.all)


def third_properties(universe: Universe, needs: Needs) -> list[Callable[[int], object]]:
    props: list[Callable[[int], object]] = [lambda u: universe.value[u]]
    for hand in (needs.player, needs.banker):
        props += [member_of(universe, spec) for spec in hand.third]
        props += acc_properties(universe, hand.all)
    return props


@dataclass(frozen=True)
class Partition:
    """Classes of the universe: ``of[u]`` the class of element u, ``count[c]`` cards in class c, ``member[c]`` one
    element."""

    of: tuple[int, ...]
    count: tuple[int, ...]
    member: tuple[int, ...]


def partition(universe: Universe, props: Sequence[Callable[[int], object]]) -> Partition:
    labels: dict[tuple[object, ...], int] = {}
    of = []
    for u in range(len(universe.counts)):
        of.append(labels.setdefault(tuple(p(u) for p in props), len(labels)))
    count = [0] * len(labels)
    member = [0] * len(labels)
    for u, c in enumerate(of):
        count[c] += universe.counts[u]
        member[c] = u
    return Partition(tuple(of), tuple(count), tuple(member))


# ------------------------------------------------------------ hand summaries


def summary_columns(
    universe: Universe, part: Partition, hand: HandNeeds, drawing: bool, a: Array, b: Array
) -> tuple[list[str], list[Array]]:
    """The summary of a hand's first two cards (classes ``a``, ``b``): named integer columns."""
    value = np.array([universe.value[m] for m in part.member])
    names, columns = [], []
    if drawing or hand.two:
        names.append("two")
        columns.append((value[a] + value[b]) % 10)
    if hand.pair:
        rank = np.array([universe.rank[m] for m in part.member])
        names.append("pair")
        columns.append((rank[a] == rank[b]).astype(np.int64))
    if hand.suited_pair:
        names.append("suited_pair")
        columns.append((a == b).astype(np.int64))
    accs = hand.first.merge(hand.all)
    for spec, _ in accs.counts:
        member = np.array([universe.member(spec, m) for m in part.member], dtype=np.int64)
        names.append(f"count {spec.text}")
        columns.append(member[a] + member[b])
    if accs.suit:
        suit = np.array([universe.suit[m] for m in part.member])
        names.append("suit")
        columns.append(np.where(suit[a] == suit[b], suit[a], MIXED_SUIT))
    if accs.colour:
        colour = np.array([colour_of(universe, m) for m in part.member])
        names.append("colour")
        columns.append(np.where(colour[a] == colour[b], colour[a], 2))
    if accs.high:
        names.append("high")
        columns.append(np.maximum(value[a], value[b]))
    for keying in accs.keyings:
        key = keyed(universe, keying)
        digit = np.array([key(m) + 1 for m in part.member], dtype=np.int64)
        names.append(f"keys {keying_label(keying)}")
        columns.append(np.maximum(digit[a], digit[b]) * (keying.size + 1) + np.minimum(digit[a], digit[b]))
    return names, columns


@dataclass(frozen=True)
class HandBlock:
    """One hand block: ordered class pairs, their weights, their summary index, and the summaries."""

    side: str
    part: Partition
    first: Array
    second: Array
    weight: Array
    summary: Array  # index into ``summaries`` for each pair
    names: list[str]
    summaries: Array  # (distinct summaries, columns)


def hand_block(universe: Universe, part: Partition, hand: HandNeeds, side: str, drawing: bool) -> HandBlock:
    n = np.array(part.count, dtype=np.int64)
    size = len(part.count)
    a, b = np.divmod(np.arange(size * size), size)
    weight = n[a] * (n[b] - (a == b))
    keep = weight > 0
    a, b, weight = a[keep], b[keep], weight[keep]
    names, columns = summary_columns(universe, part, hand, drawing, a, b)
    table = np.stack(columns, axis=1) if columns else np.zeros((len(a), 0), dtype=np.int64)
    summaries, summary = np.unique(table, axis=0, return_inverse=True)
    return HandBlock(side, part, a, b, weight, summary.reshape(-1), names, summaries)
