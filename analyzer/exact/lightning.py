"""Random multipliers ("lightning cards"), exactly: a winning pay times the product of the multipliers found.

After bets close, K card types are drawn from a virtual 52-card deck (without replacement; K fixed or from a
stated table), each with a multiplier drawn independently from a stated table. A winning row of the wager pays
its pays times the product, over the dealt cards it applies to (the winning hand, both hands on a tie, or a named
hand), of each card's multiplier when its card type is a lightning card (a card whose type appears twice
multiplies twice). Pushes and losses are unchanged.

How it is counted, exactly. The multiplier of a round depends only on which of the cards it applies to share a
card type (the lightning draw is the same for every type): on the *partition* of those cards by type. Given the
ranks of the round, the suits of the cards of one rank are a uniform sample without replacement from the shoe's
cards of that rank (exchangeability), independently of the other ranks. So the rounds are counted by records of
the wager's row and the ranks of the cards the multipliers apply to (:mod:`analyzer.exact.classcount`, over
ranks, with no suits); each group's partition distribution follows from the shoe's card types; and each
partition's multiplier distribution from the lightning draw. Every probability is a Fraction; the par sheet's
rows are (row, total multiplier) with whole-number counts over the denominator times the least common multiple
of the lightning probabilities' denominators.

Guarantees: the counts add up (the par sheet checks it); ``tests/test_lightning.py`` holds them to a brute force
over every deal of a small suited shoe and every lightning draw.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ..game.cards import RANKS, SUITS
from ..game.money import Lightning, multiplier_text
from ..game.needs import Accs, HandNeeds, Needs, code_keys, needs_of
from ..game.patterns import RANKS_KEYING
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager

TYPE_COUNT = len(RANKS) * len(SUITS)
Partition = tuple[int, ...]
"""Multiplicities of the distinct card types among some cards, largest first: (2, 1) is a pair of one type and one
other."""


def _suit_counts(shoe: Shoe, rank: int) -> tuple[int, ...]:
    """The cards of each suit of ``rank`` in the shoe (a shoe built from decks has them equal)."""
    if shoe.types is not None:
        return tuple(shoe.types[rank * len(SUITS) + s] for s in range(len(SUITS)))
    n = shoe.counts[rank]
    return tuple(n // len(SUITS) + (1 if s < n % len(SUITS) else 0) for s in range(len(SUITS)))


@lru_cache(maxsize=4096)
def _rank_partitions(counts: tuple[int, ...], k: int) -> tuple[tuple[Partition, Fraction], ...]:
    """How ``k`` cards of one rank fall into card types: each partition with its probability, the suits drawn without
    replacement from ``counts`` (cards per suit)."""
    found: dict[Partition, Fraction] = defaultdict(Fraction)

    def draw(left: tuple[int, ...], taken: tuple[int, ...], p: Fraction) -> None:
        if len(taken) == k:
            found[tuple(sorted((taken.count(s) for s in set(taken)), reverse=True))] += p
            return
        total = sum(left)
        for s, n in enumerate(left):
            if n:
                draw(left[:s] + (n - 1,) + left[s + 1 :], (*taken, s), p * Fraction(n, total))

    draw(counts, (), Fraction(1))
    return tuple(found.items())


def partitions(shoe: Shoe, ranks: tuple[int, ...]) -> dict[Partition, Fraction]:
    """The distribution of the partition by card type of cards of the given ``ranks`` dealt from ``shoe``."""
    out: dict[Partition, Fraction] = {(): Fraction(1)}
    for rank in sorted(set(ranks)):
        step: dict[Partition, Fraction] = defaultdict(Fraction)
        for part, p in out.items():
            for more, q in _rank_partitions(_suit_counts(shoe, rank), ranks.count(rank)):
                step[tuple(sorted(part + more, reverse=True))] += p * q
        out = dict(step)
    return out


@lru_cache(maxsize=1024)
def multipliers(lightning: Lightning, partition: Partition) -> tuple[tuple[Fraction, Fraction], ...]:
    """The distribution of the total multiplier of cards whose types make ``partition``: (value, probability)."""
    j = len(partition)
    found: dict[Fraction, Fraction] = defaultdict(Fraction)
    for cards, p_count in lightning.count:
        if cards > TYPE_COUNT:
            continue
        ways = math.comb(TYPE_COUNT, cards)
        for size in range(min(j, cards) + 1):
            p_set = Fraction(math.comb(TYPE_COUNT - j, cards - size), ways)  # exactly this subset is lightning
            if not p_set:
                continue
            for subset in combinations(partition, size):
                for value, p_value in _product(lightning, subset):
                    found[value] += p_count * p_set * p_value
    return tuple(sorted(found.items()))


def _product(lightning: Lightning, powers: tuple[int, ...]) -> Iterator[tuple[Fraction, Fraction]]:
    """The distribution of the product of m_i ** c_i over independent multipliers m_i (``powers`` the c_i)."""
    out: dict[Fraction, Fraction] = {Fraction(1): Fraction(1)}
    for c in powers:
        step: dict[Fraction, Fraction] = defaultdict(Fraction)
        for value, p in out.items():
            for m, q in lightning.multipliers:
                step[value * m**c] += p * q
        out = dict(step)
    yield from out.items()


def _needs(wager: Wager) -> Needs:
    keys = Accs(keyings=(RANKS_KEYING,))
    keyed = HandNeeds(first=keys) if wager.lightning is not None and wager.lightning.first_two else HandNeeds(all=keys)
    return needs_of(wager).merge(Needs(drawing=True, player=keyed, banker=keyed))


def _applied(lightning: Lightning, player_total: Any, banker_total: Any) -> tuple[Any, Any]:
    """Per round of these final totals (arrays), whether the multipliers apply to the Player's and the Banker's cards
    (as :meth:`~analyzer.game.money.Lightning.hands` says)."""
    if lightning.applies_to in ("player", "player first two", "banker", "banker first two"):
        one = np.ones(len(player_total), dtype=bool)
        return (one, ~one) if lightning.applies_to.startswith("player") else (~one, one)
    both = np.full(len(player_total), lightning.applies_to == "both hands") | (player_total == banker_total)
    return both | (player_total > banker_total), both | (banker_total > player_total)


def dealings_by_partition(rules: RuleSet, shoe: Shoe, wager: Wager) -> tuple[dict[tuple[int, Partition], int], int]:
    """The dealings of ``shoe`` by the wager's row and the partition by card type of the cards its multipliers apply
    to (the empty partition for a row that pays nothing), times a common scale: (weights, scale), each weight a whole
    number (a count of dealings of distinguishable cards times the scale)."""
    from .classcount import record_table
    from .settlement import first_rows

    lightning = wager.lightning
    assert lightning is not None
    needs = _needs(wager)
    table = record_table(shoe, rules.drawing, needs)
    names = [name for name, _ in needs.fields()]
    column = {name: table.fields[:, i] for i, name in enumerate(names)}
    settled = np.asarray(first_rows(wager, needs, table.fields))
    group, width = ("first", 2) if lightning.first_two else ("all", 3)
    paying = np.array([o.pays is not None and o.pays > 0 for o in wager.outcomes])[settled]
    player, banker = _applied(lightning, column["player.total"], column["banker.total"])
    player_codes = np.where(player & paying, column[f"player.{group}.keys rank"] + 1, 0)  # 0: not multiplied
    banker_codes = np.where(banker & paying, column[f"banker.{group}.keys rank"] + 1, 0)
    radix = int(max(player_codes.max(initial=0), banker_codes.max(initial=0))) + 1
    found, inverse = np.unique(
        (settled.astype(np.int64) * radix + player_codes) * radix + banker_codes, return_inverse=True
    )
    counts = table.counts
    if counts.dtype == np.int64 and len(counts) and int(counts.max()) < 2**63 // len(counts):
        summed = np.zeros(len(found), dtype=np.int64)
        np.add.at(summed, inverse.reshape(-1), counts)
        sums = summed.tolist()
    else:
        sums = [0] * len(found)
        for i, count in zip(inverse.reshape(-1).tolist(), counts.tolist()):
            sums[i] += int(count)
    groups: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
    for key, count in zip(found.tolist(), sums):
        rest, banker_code = divmod(key, radix)
        row, player_code = divmod(rest, radix)
        player_code, banker_code = player_code - 1, banker_code - 1
        ranks = tuple(
            sorted(
                (
                    *(code_keys(player_code, RANKS_KEYING, width) if player_code >= 0 else ()),
                    *(code_keys(banker_code, RANKS_KEYING, width) if banker_code >= 0 else ()),
                )
            )
        )
        groups[(row, ranks)] += count
    shapes = {ranks: partitions(shoe, ranks) for _, ranks in groups if ranks}  # the partition law of each ranks
    part_scale = math.lcm(1, *(p.denominator for law in shapes.values() for p in law.values()))
    by_partition: dict[tuple[int, Partition], int] = defaultdict(int)  # (row, partition): dealings times part_scale
    for (row, ranks), count in groups.items():
        for part, p in shapes[ranks].items() if ranks else (((), Fraction(1)),):
            by_partition[(row, part)] += count * int(p * part_scale)
    return by_partition, part_scale


def lightning_counts(rules: RuleSet, shoe: Shoe, wager: Wager) -> tuple[Wager, dict[str, int], int]:
    """A wager with lightning multipliers as a pay table of (outcome, total multiplier) rows: that wager, each row's
    count, and the denominator they add up to (the shoe's dealings times the lightning draw's common denominator)."""
    lightning = wager.lightning
    assert lightning is not None
    by_partition, part_scale = dealings_by_partition(rules, shoe, wager)
    laws = {part: multipliers(lightning, part) for _, part in by_partition if part}
    value_scale = math.lcm(1, *(p.denominator for law in laws.values() for _, p in law))
    scale = part_scale * value_scale
    spread: dict[tuple[int, Fraction], int] = defaultdict(int)  # (row, multiplier): dealings times scale, whole
    for (row, part), weight in by_partition.items():
        for value, p in laws[part] if part else ((Fraction(1), Fraction(1)),):
            spread[(row, value)] += weight * int(p * value_scale)
    outcomes, counts = [], {}
    for (row, value), weight in sorted(spread.items(), key=lambda item: (item[0][0], item[0][1])):
        base = wager.outcomes[row]
        pays = lightning_pays(wager, row, value)
        name = base.name if value == 1 else f"{base.name} x{multiplier_text(value)}"
        outcomes.append(replace(base, name=name, pays=pays) if name != base.name or pays != base.pays else base)
        counts[name] = weight
    return replace(wager, outcomes=tuple(outcomes), unreachable="allow"), counts, shoe.denominator * scale


def lightning_pays(wager: Wager, row: int, value: Fraction) -> Fraction | None:
    """What row ``row`` of a lightning wager pays per unit staked, its fee taken, when the multipliers found in the
    cards it applies to make ``value``: a winning row's pays times ``value`` (at most the lightning ``limit``), less
    the share of the stake it does not return (:meth:`~analyzer.game.money.Lightning.win`), then the fee (the fee is
    taken after the multipliers); a push or a loss as it is, then the fee."""
    assert wager.lightning is not None
    pays = wager.outcomes[row].pays
    if pays is None:
        return None
    if pays > 0:
        pays = wager.lightning.win(pays, value)
    return pays if wager.money is None else wager.money.net(pays)


# ------------------------------------------------------------- the counting study's units

CARDS_MULTIPLIED = 6
"""The most cards a round's multipliers apply to (both hands of three cards)."""


def _shapes(cards: int, largest: int | None = None) -> Iterator[Partition]:
    """Every partition of ``cards`` cards by card type (parts of at most ``largest``, largest first)."""
    if cards == 0:
        yield ()
        return
    for part in range(min(cards, largest or cards), 0, -1):
        for rest in _shapes(cards - part, part):
            yield (part, *rest)


@lru_cache(maxsize=4096)
def expected_net(wager: Wager, row: int, partition: Partition) -> Fraction:
    """What row ``row`` nets per unit staked on average over the lightning draw, when the cards the multipliers apply
    to make ``partition`` by card type (a row that pays nothing is not multiplied: give it the empty partition)."""
    assert wager.lightning is not None
    law = multipliers(wager.lightning, partition) if partition else ((Fraction(1), Fraction(1)),)
    return sum((p * (lightning_pays(wager, row, value) or Fraction(0)) for value, p in law), Fraction(0))


@lru_cache(maxsize=64)
def study_scales(wager: Wager) -> tuple[int, int]:
    """A lightning wager's units in a counting study: (net scale, value scale). The net scale is the common
    denominator of what a round can net (every row times every total multiplier its cards can make); the value
    scale is a multiple of it and of the denominator of every :func:`expected_net` (any partition of up to six
    cards), so that an exact expected value times the shoe's dealings and the value scale is a whole number."""
    assert wager.lightning is not None
    nets: list[Fraction] = []
    expected: list[Fraction] = []
    for row, outcome in enumerate(wager.outcomes):
        if outcome.pays is None:
            continue
        if outcome.pays <= 0:
            nets.append(lightning_pays(wager, row, Fraction(1)) or Fraction(0))
            continue
        for cards in range(1, CARDS_MULTIPLIED + 1):
            for part in _shapes(cards):
                nets.extend(
                    lightning_pays(wager, row, value) or Fraction(0) for value, _ in multipliers(wager.lightning, part)
                )
                expected.append(expected_net(wager, row, part))
    net_scale = math.lcm(1, *(n.denominator for n in nets))
    return net_scale, math.lcm(net_scale, *(e.denominator for e in expected))


def largest_net(wager: Wager) -> Fraction:
    """The most a round of a lightning wager can net or lose per unit staked, in absolute value (over every partition
    of as many cards as its multipliers can apply to: two for a hand's first two, three for one hand, else six)."""
    lightning = wager.lightning
    assert lightning is not None
    most = 2 if lightning.first_two else 3 if lightning.applies_to in ("player", "banker") else CARDS_MULTIPLIED
    shapes = [part for cards in range(1, most + 1) for part in _shapes(cards)]
    found = [
        abs(lightning_pays(wager, row, value) or Fraction(0))
        for row, o in enumerate(wager.outcomes)
        if o.pays is not None
        for part in ([()] if o.pays <= 0 else shapes)
        for value, _ in (multipliers(lightning, part) if part else ((Fraction(1), Fraction(1)),))
    ]
    return max(found, default=Fraction(0))


def expected_numerator(rules: RuleSet, shoe: Shoe, wager: Wager) -> int:
    """A lightning wager's exact expected net per unit staked on ``shoe``, over the deal and the lightning draw (a
    fresh virtual deck, independent of the shoe), times the shoe's dealings and its value scale
    (:func:`study_scales`): a whole number."""
    by_partition, part_scale = dealings_by_partition(rules, shoe, wager)
    _, scale = study_scales(wager)
    total = sum((weight * expected_net(wager, row, part) for (row, part), weight in by_partition.items()), Fraction(0))
    exact = total * scale / part_scale
    assert exact.denominator == 1, "the value scale covers every expected net"
    return int(exact)
