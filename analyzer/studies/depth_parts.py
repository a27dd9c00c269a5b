"""The depth study shared over a cluster (``baccarat depth --scheduler``): every depth cut into parts, each a chunk of
its compositions, counted on any executor's workers and summed exactly.

On one machine (:func:`analyzer.studies.depth.study`) each depth is one task, and a depth above
:data:`~analyzer.studies.depth.MAX_SPLIT_COMPOSITIONS` compositions (34 unseen cards of 8 decks over the values, 22
over the ranks) is refused. Here a depth is cut along the kernel's own seam (:mod:`analyzer.studies.depth_kernel`):
its compositions are the pairs of a *node* (the counts of the first classes, ``A``) and a *leaf* (the counts of the
rest, ``B``) with ``r`` cards in ``B``. A :class:`Piece` is some nodes of one remainder ``r`` with every leaf of ``r``
(or, when ``r`` has more than :data:`LEAF_BLOCK` leaves, every leaf with ``lead`` cards in the first ``B`` class); a
:class:`Part`, one task, is consecutive pieces holding about :data:`PART_WORK` units of work (compositions, plus
:data:`NODE_WORK` a node for its vector ``G`` in the split sums). Every composition of the depth is in exactly one
piece, in one part.

Guarantees
    * Exact, and the same figures as the one-machine path: a part returns the integer sums ``S1`` and ``S2`` of its
      compositions (:func:`~analyzer.studies.depth_kernel.pair_sums` under the same checked float64 bounds, or, for a
      wager the split sums cannot take, :func:`~analyzer.studies.depth.edge_sums` composition by composition, in
      Python integers); the depth's figures are Fractions of their sums. Integer addition does not depend on the
      order of the parts or on the workers that ran them, so the figures do not either (``tests/test_depth_parts.py``
      holds them equal to the one-machine path's).
    * Every composition counted once: the parts' compositions add up to the depth's count
      (:func:`~analyzer.studies.depth.count_compositions`), checked for every depth before its figures are given.
    * Every depth of the shoe is taken (6 to the shoe's cards): nothing is refused for its size, so the time is the
      caller's to weigh (the depth page gives the compositions of each depth and the cost of one).
    * Memory is bounded in the client and in each worker, whatever the depth: parts are made as the executor takes
      them (:meth:`~analyzer.play.executor.Executor.map` keeps a few per worker in flight), a part holds at most
      :data:`NODES_PER_PART` nodes, and a worker takes a piece's leaves :data:`LEAF_CELLS` falling factorials at a
      time.

Not guaranteed: the seconds of a depth here are the sum of its parts' seconds on their workers (the work it cost),
not the time it took to come back.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..play.executor import Executor
from .depth import (
    CHUNK,
    Depth,
    DepthStudy,
    binomials,
    compositions,
    count_compositions,
    depth_figures_check,
    edge_sums,
    figures,
    rounds_by_depth,
    split_form,
)
from .depth_kernel import SPLIT, Form, pair_sums
from .plan import Procedure

Array = npt.NDArray[Any]
PART_WORK = 1 << 24
"""Work a part of the split sums holds, about: 16.8 million compositions (half a second to a few seconds of a core)."""
EACH_PART_WORK = 1 << 19
"""Work a part counted composition by composition holds, about: 524,288 compositions (10 to 20 seconds on a core)."""
NODE_WORK = 2_000
"""A node's vector ``G`` costs about as much as this many compositions' products."""
LEAF_BLOCK = 1 << 16
"""A remainder with more leaves than this is cut by the count of its first ``B`` class (each block a piece)."""
NODES_PER_PART = 1 << 16
"""The most nodes a part carries (a few hundred kilobytes on the wire)."""
LEAF_CELLS = 1 << 24
"""The most falling factorials of leaves a worker builds at once (128 MB of float64)."""


@dataclass(frozen=True, slots=True, eq=False)
class Piece:
    """Some ``nodes`` (rows: counts of the first classes) of one ``remainder`` (cards in the other classes), with every
    leaf of that remainder, or only those with ``lead`` cards in the first of the other classes."""

    remainder: int
    lead: int | None
    nodes: Array


@dataclass(frozen=True, slots=True, eq=False)
class Part:
    """One task: consecutive pieces of depth ``unseen``, holding ``compositions`` compositions (plain data: it crosses
    to a worker). ``form`` is the wager's form when the split sums count it, else ``None`` (one by one)."""

    rules: RuleSet
    wager: str
    unseen: int
    caps: tuple[int, ...]
    by_value: bool
    form: Form | None
    pieces: tuple[Piece, ...]
    compositions: int


@dataclass(frozen=True, slots=True)
class PartSums:
    """What a part counted: its compositions, the sums of the weights (``positive``) and of the weights times the
    expected values' numerators (``gain``) over those with an edge, the ``scale`` of those numerators, its seconds
    on its worker (elapsed) and the CPU seconds of the worker's process meanwhile (its cost on a loaded machine)."""

    unseen: int
    compositions: int
    positive: int
    gain: int
    scale: int
    seconds: float
    cpu_seconds: float


def parts(
    rules: RuleSet, wager: str, shoe: Shoe, k: int, work: int | None = None, remainders: range | None = None
) -> Iterator[Part]:
    """The parts of depth ``k``, made as they are taken, each holding about ``work`` units (default
    :data:`PART_WORK`, or :data:`EACH_PART_WORK` one by one); only those of ``remainders`` when given (a sample)."""
    by_value = depth_figures_check(rules, wager, shoe, range(k, k + 1), limited=False) == "values"
    caps = shoe.by_value() if by_value else shoe.counts
    form = split_form(rules, wager, shoe, k)
    size = work or (PART_WORK if form is not None else EACH_PART_WORK)
    per_node = NODE_WORK if form is not None else 0  # one by one, a node costs nothing of its own
    h = SPLIT[len(caps)]
    a_caps, b_caps = caps[:h], caps[h:]
    small = np.int16 if max(caps) < 2**15 else np.int64  # counts sent small on the wire
    pieces: list[Piece] = []
    held = nodes_held = work_held = 0

    def part() -> Part:
        return Part(rules, wager, k, caps, by_value, form, tuple(pieces), held)

    for r in range(max(0, k - sum(a_caps)), min(k, sum(b_caps)) + 1):
        if remainders is not None and r not in remainders:
            continue
        every = count_compositions(b_caps, r)
        blocks: list[tuple[int | None, int]] = (
            [(None, every)]
            if every <= LEAF_BLOCK
            else [
                (j, count_compositions(b_caps[1:], r - j))
                for j in range(max(0, r - sum(b_caps[1:])), min(r, b_caps[0]) + 1)
            ]
        )
        for lead, leaves in blocks:
            step = max(1, min(NODES_PER_PART, size // (leaves + per_node)))
            for rows in compositions(a_caps, k - r):
                for start in range(0, len(rows), step):
                    nodes = rows[start : start + step]
                    if not len(nodes):
                        continue
                    pieces.append(Piece(r, lead, nodes.astype(small)))
                    held += len(nodes) * leaves
                    nodes_held += len(nodes)
                    work_held += len(nodes) * (leaves + per_node)
                    if work_held >= size or nodes_held + step > NODES_PER_PART:
                        yield part()
                        pieces, held, nodes_held, work_held = [], 0, 0, 0
    if pieces:
        yield part()


def _leaves(b_caps: tuple[int, ...], piece: Piece, most: int) -> Iterator[Array]:
    """The leaves of ``piece``, at most ``most`` rows at a time."""
    if piece.lead is None:
        found = compositions(b_caps, piece.remainder)
    else:
        lead = piece.lead
        found = (
            np.concatenate([np.full((len(rows), 1), lead, dtype=np.int64), rows], axis=1)
            for rows in compositions(b_caps[1:], piece.remainder - lead)
        )
    for rows in found:
        for start in range(0, len(rows), most):
            if len(rows[start : start + most]):
                yield rows[start : start + most]


def count_part(part: Part) -> PartSums:
    """The sums of one part (what a worker runs)."""
    started, cpu = time.perf_counter(), time.process_time()
    h = SPLIT[len(part.caps)]
    b_caps = part.caps[h:]
    positive = gain = 0
    if part.form is not None:
        form = part.form
        most = max(1, LEAF_CELLS // _falling_rows(len(b_caps)))
        for piece in part.pieces:
            nodes = piece.nodes.astype(np.int64)
            for leaves in _leaves(b_caps, piece, most):
                s1, s2 = pair_sums(form, part.caps, part.unseen, h, nodes, leaves)
                positive, gain = positive + s1, gain + s2
        scale = form.scale
    else:
        comb = binomials(part.caps, part.unseen)
        scale = 0
        for rows in _batches(_pairs(part, b_caps), CHUNK):
            up, more, scale = edge_sums(part.rules, part.wager, rows, part.by_value, comb)
            positive, gain = positive + up, gain + more
    return PartSums(
        unseen=part.unseen,
        compositions=part.compositions,
        positive=positive,
        gain=gain,
        scale=scale,
        seconds=time.perf_counter() - started,
        cpu_seconds=time.process_time() - cpu,
    )


def _pairs(part: Part, b_caps: tuple[int, ...]) -> Iterator[Array]:
    """The compositions of ``part`` as rows (each node followed by each leaf), at most :data:`CHUNK` at a time."""
    for piece in part.pieces:
        nodes = piece.nodes.astype(np.int64)
        for leaves in _leaves(b_caps, piece, CHUNK):
            step = max(1, CHUNK // len(leaves))
            for start in range(0, len(nodes), step):
                some = nodes[start : start + step]
                yield np.concatenate([np.repeat(some, len(leaves), axis=0), np.tile(leaves, (len(some), 1))], axis=1)


def _batches(blocks: Iterator[Array], most: int) -> Iterator[Array]:
    """The rows of ``blocks`` regrouped in batches of at most ``most`` rows (fewer calls of the engine)."""
    held: list[Array] = []
    count = 0
    for rows in blocks:
        if count + len(rows) > most and held:
            yield np.concatenate(held)
            held, count = [], 0
        held.append(rows)
        count += len(rows)
    if held:
        yield np.concatenate(held)


def _falling_rows(classes: int) -> int:
    """The multisets of at most six of ``classes`` classes: the rows of a leaf's falling factorials."""
    return math.comb(classes + 6, 6)


def depth_of(k: int, shoe: Shoe, caps: tuple[int, ...], sums: list[PartSums]) -> Depth:
    """One depth's figures from its parts' sums, once every composition is counted (else ``RuntimeError``)."""
    counted = sum(s.compositions for s in sums)
    total = count_compositions(caps, k)
    if counted != total:
        raise RuntimeError(f"The parts of depth {k} hold {counted:,} compositions, the depth has {total:,}.")
    scales = {s.scale for s in sums if s.scale}
    if len(scales) > 1:
        raise RuntimeError(f"The parts of depth {k} are over different scales: {sorted(scales)}.")
    found = figures(
        k,
        math.comb(shoe.size, k),
        total,
        sum(s.positive for s in sums),
        sum(s.gain for s in sums),
        scales.pop() if scales else 1,
        time.perf_counter(),
    )
    return replace(found, seconds=sum(s.seconds for s in sums))


def shared_study(
    rules: RuleSet,
    wager: str,
    decks: int,
    unseen: range,
    executor: Executor,
    procedure: Procedure | None = None,
    shoes: int = 100_000,
    seed: int = 0,
    work: int | None = None,
) -> DepthStudy:
    """:func:`analyzer.studies.depth.study` with every depth cut into parts shared over ``executor``'s workers (a Dask
    cluster's, or local ones), no depth refused for its size; the same figures."""
    if not rules.wager(wager).has_pay_table:
        raise InputError(f"Wager {wager} has no pay table, so it has no expected value to study.")
    if not unseen:
        raise InputError(f"{named('unseen')} is empty: name at least one number of unseen cards.")
    shoe = Shoe.decks(decks)
    procedure = procedure or Procedure()
    procedure.check(shoe.size)
    classes = depth_figures_check(rules, wager, shoe, unseen, limited=False)
    caps = shoe.by_value() if classes == "values" else shoe.counts
    tasks = (part for k in unseen for part in parts(rules, wager, shoe, k, work))
    by_depth: dict[int, list[PartSums]] = {k: [] for k in unseen}
    for sums in executor.map(count_part, tasks):
        by_depth[sums.unseen].append(sums)
    depths = tuple(depth_of(k, shoe, caps, by_depth[k]) for k in unseen)
    rounds = rounds_by_depth(shoe, rules, procedure, shoes, seed)
    return DepthStudy(rules, wager, decks, classes, depths, procedure, tuple(rounds.items()), shoes, seed)
