"""The dealings of a shoe by what is seen before the bet, and each wager's net summed over them, exactly.

For a :class:`~analyzer.game.sight.Sight` (what is seen of each of the six positions) and candidate wagers,
:func:`pattern_sums` gives, for every pattern a player can see (the labels of the observed positions), the
number of ordered six-card dealings that show it and, for each wager, the sums over those dealings of its
net result per unit staked and of its square, as integers (times the wager's scale, the common
denominator of its pays). Every figure of :mod:`analyzer.studies.information` follows from them.

How it counts (exact)
    The universe is the thirteen ranks, or the 52 card types when a wager reads suits. Each position gets
    the coarsest partition of the universe that keeps constant everything read there: the value (the
    drawing), what the wagers read of the card (:mod:`analyzer.exact.cardclasses`: the rank for a pair,
    the card type for a suited pair, membership of every card spec, ...) and what is seen of it. A
    sequence of six classes, one per position, is dealt in a product of falling factorials of the class
    counts ways, provided the positions are counted in an order where each one's partition refines every
    later one's: so the positions are counted finest first, each partition replaced by its meet with those
    of the positions counted after it, and the ways are, position by position, the cards of its class
    left once the earlier positions (whose classes lie inside or outside it, never across) took theirs.
    Every sequence of classes is enumerated (numpy, in chunks), its ways counted, one card of each class
    dealt by the vectorized dealer (:mod:`analyzer.play.dealer`) and read into the record its wagers need
    (:mod:`analyzer.play.records`), and settled row by row (:mod:`analyzer.exact.settlement`): every card
    of a class reads the same, so the representative settles them all. Summed by pattern, the ways add up
    to the shoe's ordered six-card dealings, (N)_6, which is checked.

Number types, checked
    Counts, nets and sums are integers: int64 while the largest possible sum fits
    (``(N)_6 * max|scaled pay|**2 < 2**63``, and ``(N)_6 < 2**63`` for the ways), Python integers (numpy
    object arrays) beyond, slower and still exact. No float takes part.

Limits
    The enumeration has at most :data:`MAX_SEQUENCES` class sequences; a wager that reads the suits of the
    first four cards (52 classes each) passes it and is refused with a line naming it (leave it out with
    ``--bets``). A wager with lightning multipliers is refused (its multipliers are cards too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named, setting, shown
from ..exact.cardclasses import Partition, Universe, hand_properties, third_properties, universe_of
from ..exact.settlement import decoded_records, first_rows
from ..game.needs import Needs, needs_of
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.sight import POSITIONS, Seen, Sight
from ..game.wager import Wager
from ..play.dealer import deal_codes, dealer_for
from ..play.records import CardIndices, record_codes

Array = npt.NDArray[Any]
INT64_LIMIT = 2**63
MAX_SEQUENCES = 2**25
"""The most sequences of card classes one count enumerates (about 33.5 million: some tens of seconds). Seeing the
rank of the first four cards with pair bets takes 2.9 million; a suited wager read on the first four cards
takes 52^4 x 100 = 731 million, and is refused."""
MAX_PATTERNS = 2**20
"""The most patterns one sight may show (the value of all six cards shows 10^6)."""
CHUNK = 1 << 20
"""Sequences dealt at once: memory stays flat whatever the count."""


@dataclass(frozen=True, slots=True)
class PatternSums:
    """Every pattern's dealings and each wager's summed net, as exact integers.

    Patterns are indexed in the mixed radix of the observed positions' labels (the first observed position
    most significant): ``dealings[p]`` ordered six-card dealings show pattern ``p``; ``first[p, j]`` is the sum
    over them of wager ``j``'s net result per unit staked times ``scales[j]``, ``second[p, j]`` of its square
    (times ``scales[j]**2``). A pattern no dealing shows has 0 everywhere. ``total`` is (N)_6.
    """

    sight: Sight
    wagers: tuple[str, ...]
    scales: tuple[int, ...]
    radices: tuple[int, ...]
    dealings: Array
    first: Array
    second: Array
    total: int

    def labels(self, pattern: int) -> tuple[int, ...]:
        """The label of each observed position in pattern ``pattern``."""
        out = []
        for radix in reversed(self.radices):
            pattern, label = divmod(pattern, radix)
            out.append(label)
        return tuple(reversed(out))


def candidate_wagers(rules: RuleSet, names: Sequence[str] = ()) -> tuple[Wager, ...]:
    """The wagers named (default: every wager the rule set offers that has a pay table and no lightning)."""
    if not names:
        chosen = [w for w in rules.wagers if w.offered and w.has_pay_table and w.lightning is None]
        if not chosen:
            raise InputError(
                f"{rules.name} offers no wager with a pay table to bet; name the bets, e.g. "
                f"{setting('bets', 'player,banker')}."
            )
        return tuple(chosen)
    if len(set(names)) != len(names):
        raise InputError("A bet is named twice; name each once.")
    wagers = tuple(rules.wager(name) for name in names)
    for wager in wagers:
        if not wager.has_pay_table:
            raise InputError(f"Wager {wager.name} has no pay table, so it cannot be bet; name another.")
        if wager.lightning is not None:
            raise InputError(
                f"Wager {wager.name} has lightning multipliers, which are cards too; what is seen of a round "
                "is worked out for wagers with fixed pays."
            )
    return wagers


def scale_of(wager: Wager) -> int:
    """The least common denominator of a wager's pays."""
    return math.lcm(*(o.pays.denominator for o in wager.outcomes if o.pays is not None))


def pattern_sums(rules: RuleSet, shoe: Shoe, sight: Sight, wagers: Sequence[Wager]) -> PatternSums:
    """Each pattern of ``sight``'s dealings from ``shoe`` and the wagers' summed nets (see the module notes)."""
    if not wagers:
        raise InputError("Name at least one wager to bet.")
    if sight.patterns > MAX_PATTERNS:
        raise InputError(
            f"The sight {shown(sight.text)} can show {sight.patterns:,} patterns, more than the "
            f"{MAX_PATTERNS:,} a table can hold; see less (a value or a group instead of a rank)."
        )
    needs = Needs()
    for wager in wagers:
        needs = needs.merge(needs_of(wager))
    universe = universe_of(shoe, needs)
    plan = _Plan.of(rules, universe, needs, sight)
    if plan.sequences > MAX_SEQUENCES:
        costly = [w.name for w in wagers if needs_of(w).reads_suits]
        raise InputError(
            f"Counting what {shown(sight.text)} shows would deal {plan.sequences:,} sequences of card classes "
            f"(at most {MAX_SEQUENCES:,}){'; ' + ', '.join(costly) + ' read suits' if costly else ''}: leave out of "
            f"{named('bets')} the wagers that read the most, or see less."
        )
    scales = tuple(scale_of(w) for w in wagers)
    pays = [_scaled_pays(w, s) for w, s in zip(wagers, scales)]
    biggest = max(abs(p) for table in pays for p in table)
    total = shoe.denominator
    exact_kind: type = np.int64 if total * biggest * biggest < INT64_LIMIT else object
    radices = tuple(len(sight.seen[i].names) for i in sight.observed)
    size = math.prod(radices)
    dealings: Array = np.zeros(size, dtype=exact_kind)
    first: Array = np.zeros((size, len(wagers)), dtype=exact_kind)
    second: Array = np.zeros((size, len(wagers)), dtype=exact_kind)
    dealer = dealer_for(rules, shoe)
    cards = CardIndices(universe.typed, universe.counts)
    values = np.array(universe.value, dtype=np.int8)
    ranks = np.array(universe.rank, dtype=np.int8)
    radices_of_fields = [radix for _, radix in needs.fields()]
    for start in range(0, plan.sequences, CHUNK):
        classes = plan.classes(start, min(start + CHUNK, plan.sequences))
        ways = plan.ways(classes, exact_kind)
        kept = ways != 0
        if not kept.any():
            continue
        classes, ways = classes[:, kept], ways[kept]
        dealt = np.stack([np.asarray(plan.members[i])[classes[i]] for i in range(POSITIONS)])  # universe indices
        codes, _ = deal_codes(dealer, values[dealt], ranks[dealt])
        record = record_codes(needs, cards, dealt, dealer.player_columns, dealer.banker_columns, codes >> 2)
        unique, inverse = np.unique(record, return_inverse=True)
        fields = decoded_records(unique, radices_of_fields)
        pattern = plan.pattern(classes)
        order = np.argsort(pattern, kind="stable")
        pattern, ways, inverse = pattern[order], ways[order], inverse.reshape(-1)[order]
        starts = np.flatnonzero(np.r_[True, pattern[1:] != pattern[:-1]])
        at = pattern[starts]
        dealings[at] += np.add.reduceat(ways, starts)
        for j, (wager, table) in enumerate(zip(wagers, pays)):
            rows = first_rows(wager, needs, fields)
            if (rows < 0).any():
                raise AssertionError(f"{wager.name} settles no row for a record")
            net: Array = np.asarray(table, dtype=exact_kind)[rows][inverse]
            weighted = ways * net
            first[at, j] += np.add.reduceat(weighted, starts)
            second[at, j] += np.add.reduceat(weighted * net, starts)
    if int(sum(dealings.tolist())) != total:
        raise AssertionError("the dealings by pattern do not add up to the shoe's ordered six-card dealings")
    return PatternSums(
        sight=sight,
        wagers=tuple(w.name for w in wagers),
        scales=scales,
        radices=radices,
        dealings=dealings,
        first=first,
        second=second,
        total=total,
    )


def _scaled_pays(wager: Wager, scale: int) -> list[int]:
    """Each row's net per unit staked, times ``scale`` (an integer)."""
    out = []
    for row in wager.outcomes:
        assert row.pays is not None, "candidate wagers have pay tables"
        scaled = row.pays * scale
        assert scaled.denominator == 1
        out.append(int(scaled))
    return out


def _partition(universe: Universe, props: Sequence[Callable[[int], object]]) -> Partition:
    """The classes of the cards the shoe holds, by ``props`` (an element the shoe has none of is in no class: -1)."""
    labels: dict[tuple[object, ...], int] = {}
    of = []
    for u, n in enumerate(universe.counts):
        of.append(labels.setdefault(tuple(p(u) for p in props), len(labels)) if n else -1)
    count = [0] * len(labels)
    member = [0] * len(labels)
    for u, c in enumerate(of):
        if c >= 0:
            count[c] += universe.counts[u]
            member[c] = u
    return Partition(tuple(of), tuple(count), tuple(member))


def _label_of(universe: Universe, seen: Seen) -> Callable[[int], object]:
    """The label an element of the universe shows under ``seen`` (a property of the card, like the rest)."""
    return lambda u: seen.label(universe.rank[u])


@dataclass(frozen=True)
class _Plan:
    """The order positions are counted in, their nested partitions, and how a class sequence reads."""

    order: tuple[int, ...]
    """Positions (0-based), finest partition first."""
    partitions: tuple[Partition, ...]
    """Per position (0-based), its partition (the meet with those of the positions counted after it)."""
    inside: tuple[tuple[tuple[int, ...], ...], ...]
    """inside[a][b]: for the a-th position counted and a later b-th, the b-th's class holding each a-th class."""
    labels: tuple[tuple[int, ...], ...]
    """Per observed position, the label each of its classes shows."""
    radices: tuple[int, ...]
    observed: tuple[int, ...]

    @classmethod
    def of(cls, rules: RuleSet, universe: Universe, needs: Needs, sight: Sight) -> _Plan:
        sides = rules.dealing.first_four
        own: list[list[Callable[[int], object]]] = []
        for position in range(POSITIONS):
            if position < len(sides):
                props = hand_properties(universe, needs.hand(sides[position]), True)
            else:
                props = third_properties(universe, needs)
            seen = sight.seen[position]
            if seen.kind != "nothing":
                props = [*props, _label_of(universe, seen)]
            own.append(props)
        sizes = [len(_partition(universe, props).count) for props in own]
        order = tuple(sorted(range(POSITIONS), key=lambda p: (-sizes[p], p)))
        parts: dict[int, Partition] = {}
        for k, position in enumerate(order):
            parts[position] = _partition(universe, [p for later in order[k:] for p in own[later]])
        partitions = tuple(parts[p] for p in range(POSITIONS))
        inside = tuple(
            tuple(
                tuple(partitions[order[b]].of[member] for member in partitions[order[a]].member)
                for b in range(POSITIONS)
            )
            for a in range(POSITIONS)
        )
        labels = tuple(
            tuple(sight.seen[i].label(universe.rank[member]) for member in partitions[i].member) for i in sight.observed
        )
        return cls(
            order=order,
            partitions=partitions,
            inside=inside,
            labels=labels,
            radices=tuple(len(sight.seen[i].names) for i in sight.observed),
            observed=sight.observed,
        )

    @property
    def sequences(self) -> int:
        return math.prod(len(p.count) for p in self.partitions)

    @property
    def members(self) -> tuple[tuple[int, ...], ...]:
        return tuple(p.member for p in self.partitions)

    def classes(self, start: int, stop: int) -> npt.NDArray[np.int64]:
        """The class of each position (rows, 0-based positions) for sequences ``start`` to ``stop``."""
        index = np.arange(start, stop, dtype=np.int64)
        out = np.empty((POSITIONS, stop - start), dtype=np.int64)
        for position in reversed(range(POSITIONS)):
            index, out[position] = np.divmod(index, len(self.partitions[position].count))
        return out

    def ways(self, classes: npt.NDArray[np.int64], kind: type) -> Array:
        """The ordered dealings of each class sequence: per position counted, the cards of its class still there."""
        ways: Array = np.ones(classes.shape[1], dtype=kind)
        for b, position in enumerate(self.order):
            mine = classes[position]
            left = np.asarray(self.partitions[position].count, dtype=np.int64)[mine]
            for a in range(b):
                earlier = self.order[a]
                left = left - (np.asarray(self.inside[a][b], dtype=np.int64)[classes[earlier]] == mine)
            ways = ways * np.maximum(left, 0).astype(kind)
        return ways

    def pattern(self, classes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The pattern each class sequence shows (mixed radix of the observed positions' labels)."""
        code = np.zeros(classes.shape[1], dtype=np.int64)
        for position, labels, radix in zip(self.observed, self.labels, self.radices):
            code = code * radix + np.asarray(labels, dtype=np.int64)[classes[position]]
        return code
