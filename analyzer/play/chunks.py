"""One chunk of a simulation: dealt in a worker from its own seed, tallied in exact integers.

A :class:`Task` is plain data, so it can cross to a process or a Dask
worker; :func:`run_chunk` deals it (top of a fresh shoe, or whole shoes to
the cut card) with the vectorized dealer of :mod:`analyzer.play.dealer` and
returns a :class:`ChunkTally`, which adds exactly to the others. :class:`Chunks`
makes a run's tasks one at a time as an executor asks for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, overload

import numpy as np
import numpy.typing as npt

from ..game.needs import Needs
from .dealer import STATES, VALUE_OF_RANK, Dealer, deal_codes, deal_shoes_with_records, random_positions
from .lightning import LightningDraw, lightning_keys
from .records import CardIndices, record_codes

Mode = Literal["top", "shoe"]
MODES: tuple[str, ...] = ("top", "shoe")

CHUNK_ROUNDS = 1_000_000
"""Rounds per chunk in top mode. Part of the reproducibility contract: changing it changes the figures of a seed."""
CHUNK_SHOES = 10_000
"""Shoes per chunk in shoe mode (also part of the contract)."""
_BATCH_ROUNDS = 1 << 16
_BATCH_SHOES = 1 << 12
_BATCH_CARDS = 1 << 25
"""Shoe mode deals at most this many cards at once (32 MB): 4,096 shoes up to 157 decks, fewer in larger shoes."""


@dataclass(frozen=True, slots=True)
class ChunkTally:
    """One chunk's result, in exact integers; tallies add up exactly.

    ``states[c]`` counts the rounds that ended in state code ``c``. In shoe
    mode, ``shoes`` counts the shoes, ``shoe_rounds_squared`` is the sum over
    shoes of (rounds in the shoe)^2, and ``shoe_moments[w]`` is, for the
    ``w``-th statistic (in :class:`Task` order, in its integer units), the sum
    over shoes of (statistic summed over the shoe)^2 and of rounds times that
    sum: what a standard error over shoes needs.
    """

    rounds: int
    states: tuple[int, ...]
    shoes: int = 0
    shoe_rounds_squared: int = 0
    shoe_moments: tuple[tuple[int, int], ...] = ()
    records: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per needs of :attr:`Task.records`, the rounds that ended in each record code, as sorted (code, rounds)."""
    lightning: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per draw of :attr:`Task.lightning`, the rounds under each key of :mod:`analyzer.play.lightning`, sorted."""

    def __add__(self, other: ChunkTally) -> ChunkTally:
        return ChunkTally(
            rounds=self.rounds + other.rounds,
            states=tuple(a + b for a, b in zip(self.states, other.states)),
            shoes=self.shoes + other.shoes,
            shoe_rounds_squared=self.shoe_rounds_squared + other.shoe_rounds_squared,
            shoe_moments=tuple((a + c, b + d) for (a, b), (c, d) in zip(self.shoe_moments, other.shoe_moments)),
            records=tuple(_merged(a, b) for a, b in zip(self.records, other.records)),
            lightning=tuple(_merged(a, b) for a, b in zip(self.lightning, other.lightning)),
        )


def _merged(a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    counts = dict(a)
    for code, n in b:
        counts[code] = counts.get(code, 0) + n
    return tuple(sorted(counts.items()))


def _tallied(codes: npt.NDArray[np.int64]) -> tuple[tuple[int, int], ...]:
    found, counts = np.unique(codes[codes >= 0], return_counts=True)
    return tuple(zip(found.tolist(), counts.tolist()))


@dataclass(frozen=True, slots=True)
class Task:
    """One chunk of work: picklable, so it can cross to a process or a Dask worker."""

    dealer: Dealer
    mode: Mode
    seed: int
    chunk: int
    size: int
    cut_card: int = 0
    statistics: tuple[tuple[int, ...], ...] = ()
    """Shoe mode: per wager, its integer statistic for each state code."""
    universe: CardIndices | None = None
    """The cards dealt: card types when a wager reads suits (else ranks, as the dealer's counts)."""
    records: tuple[Needs, ...] = ()
    """What the wagers beyond a final state read: each round's record of each is tallied."""
    record_statistics: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    """Shoe mode: per such wager, the index of its needs in ``records`` and its statistic by record code (sorted by
    code)."""
    lightning: tuple[LightningDraw, ...] = ()
    """Top mode: the lightning draws of the wagers with random multipliers (their records are among ``records``)."""


def run_chunk(task: Task) -> ChunkTally:
    """Deal one chunk (``size`` rounds in top mode, ``size`` shoes in shoe mode)."""
    rng = np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(task.chunk,)))
    if task.mode == "top":
        return _top_chunk(task, rng)
    return _shoe_chunk(task, rng)


def _universe(task: Task) -> CardIndices:
    return task.universe or CardIndices(False, task.dealer.counts)


def _top_chunk(task: Task, rng: np.random.Generator) -> ChunkTally:
    dealer, rounds, universe = task.dealer, task.size, _universe(task)
    card_of = np.repeat(np.arange(len(universe.counts), dtype=np.int8), universe.counts)
    rank_of = universe.rank[card_of]
    value_of = VALUE_OF_RANK[rank_of]
    states = np.zeros(STATES, dtype=np.int64)
    records: list[tuple[tuple[int, int], ...]] = [() for _ in task.records]
    lightning: list[tuple[tuple[int, int], ...]] = [() for _ in task.lightning]
    done = 0
    while done < rounds:
        batch = min(_BATCH_ROUNDS, rounds - done)
        positions = random_positions(rng, dealer.size, batch)
        codes, _ = deal_codes(dealer, value_of[positions], rank_of[positions[:4]])
        states += np.bincount(codes, minlength=STATES)
        found = [
            record_codes(needs, universe, card_of[positions], dealer.player_columns, dealer.banker_columns, codes // 4)
            for needs in task.records
        ]
        for i, tallied in enumerate(found):
            records[i] = _merged(records[i], _tallied(tallied))
        for i, draw in enumerate(task.lightning):
            keys = lightning_keys(
                draw, rng, found[draw.records], card_of[positions], codes, dealer.player_columns, dealer.banker_columns
            )
            lightning[i] = _merged(lightning[i], _tallied(keys))
        done += batch
    return ChunkTally(
        rounds=rounds, states=tuple(int(n) for n in states), records=tuple(records), lightning=tuple(lightning)
    )


def _shoe_chunk(task: Task, rng: np.random.Generator) -> ChunkTally:
    universe = _universe(task)
    base = np.repeat(np.arange(len(universe.counts), dtype=np.int8), universe.counts)
    statistics = [np.array(s + (0,), dtype=np.int64) for s in task.statistics]
    states = np.zeros(STATES + 1, dtype=np.int64)
    rounds = rounds_squared = 0
    moments = [[0, 0] for _ in range(len(statistics) + len(task.record_statistics))]
    lookups = [
        (np.array([c for c, _ in values], dtype=np.int64), np.array([n for _, n in values], dtype=np.int64))
        for _, values in task.record_statistics
    ]  # record codes (sorted) and what each nets
    records: list[tuple[tuple[int, int], ...]] = [() for _ in task.records]
    done = 0
    batch = max(1, min(_BATCH_SHOES, _BATCH_CARDS // len(base)))
    while done < task.size:
        shoes = np.tile(base, (min(batch, task.size - done), 1))
        rng.permuted(shoes, axis=1, out=shoes)
        played, _, recorded = deal_shoes_with_records(task.dealer, shoes, task.cut_card, universe, task.records)
        states += np.bincount(played.ravel(), minlength=STATES + 1)
        per_shoe = np.count_nonzero(played != STATES, axis=0).astype(np.int64)
        rounds += int(per_shoe.sum())
        rounds_squared += int((per_shoe * per_shoe).sum())
        sums = [statistic[played].sum(axis=0) for statistic in statistics]
        for (index, _), (keys, nets) in zip(task.record_statistics, lookups):
            codes = recorded[index]
            at = np.minimum(np.searchsorted(keys, codes), max(len(keys) - 1, 0))
            sums.append(
                np.where(keys[at] == codes, nets[at], 0).sum(axis=0)
                if len(keys)
                else np.zeros(codes.shape[1], np.int64)
            )
        for moment, total in zip(moments, sums):
            moment[0] += int((total * total).sum())
            moment[1] += int((per_shoe * total).sum())
        for i, codes in enumerate(recorded):
            records[i] = _merged(records[i], _tallied(codes))
        done += len(shoes)
    return ChunkTally(
        rounds=rounds,
        states=tuple(int(n) for n in states[:STATES]),
        shoes=task.size,
        shoe_rounds_squared=rounds_squared,
        shoe_moments=tuple((a, b) for a, b in moments),
        records=tuple(records),
    )


@dataclass(frozen=True, slots=True)
class Chunks(Sequence[Task]):
    """The chunks of a run, made one at a time as they are asked for: a trillion rounds take no memory.

    Chunk ``i`` deals ``per_chunk`` rounds (top) or shoes (shoe mode), the last one what is left of ``total``.
    """

    template: Task
    total: int
    per_chunk: int

    def __len__(self) -> int:
        return -(-self.total // self.per_chunk)

    @overload
    def __getitem__(self, index: int) -> Task: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Task]: ...

    def __getitem__(self, index: int | slice) -> Task | Sequence[Task]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return replace(self.template, chunk=index, size=min(self.per_chunk, self.total - index * self.per_chunk))
