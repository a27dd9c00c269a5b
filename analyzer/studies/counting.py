"""The counting study: how much a player who sees the cards can win on one or several wagers.

The shoe procedure (:class:`Procedure`, the standard one by default)
    Shoes of ``decks`` decks are shuffled. ``burn="standard"``: the first
    card is shown and as many cards as its value are burned face down (a
    ten-valued card burns ten); ``"none"``: nothing is burned; a whole
    number: that many cards are burned face down, none shown. Rounds are
    then dealt while more than ``cut_card`` cards remain; with
    ``last_round="one-more"`` one more round follows the round in which the
    cut card comes out (when it comes out before a round's first card, that
    round is the one more), with ``"cut"`` that round is the last.

What the counter knows
    The counter sees the shown card and every card dealt in a round; the
    burned cards are not seen. Given what is seen, every order of the
    unseen cards (those left in the shoe *and* the burned ones) is equally
    likely, so the next round is dealt as if from the unseen cards: its exact
    expected value is that of the composition ``shoe - seen``
    (:func:`analyzer.exact.batch.expected_values`), burned cards included.
    The running count adds the tags of the seen cards; the true count is the
    running count per 52 unseen cards.

How a wager is bet (independently of the others)
    ``perfect``: one unit whenever its exact expected value is above 0 (the
    most any flat bettor can win: an upper bound for every count); ``count``:
    whenever its count (true or running, :class:`Counter`) reaches its threshold.

Which wagers: the study asks of a wager only its exact expected value on a
composition of unseen cards (:func:`analyzer.exact.batch.expected_values`,
one call per chunk of rounds for every wager at once) and what a dealt
round pays it; any wager the batch path can evaluate can be counted.

Lightning wagers (random multipliers): the shoe is dealt by card type, a
round's exact expected value is taken over the lightning draw too (a fresh
virtual 52-card deck each round, independent of the shoe:
:func:`analyzer.exact.lightning.expected_numerator`), and each round is
settled with lightning cards drawn as the simulator draws them
(:func:`analyzer.play.lightning.lightning_keys`), from the shoe's own
generator after its shuffle, one draw per lightning wager.

Every figure is exact: units won and expected are integers over a
wager's pay denominator (expected values over the common multiple
:func:`analyzer.studies.tally.common_dealings` of the dealings of every
possible depth), summed per shoe, per count and per depth in
:mod:`analyzer.studies.tally`.

Reproducibility: shoe ``i`` is shuffled by a generator seeded from
``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the ``i``-th of
``SeedSequence(seed).spawn(shoes)``, made without making the others); every
figure is an integer sum over shoes, so the result is identical for any
number of workers, any chunking and a Dask cluster.

Memory is flat in the number of shoes: chunks are made as the executor
takes them and added into the exact running sums of a
:class:`~analyzer.studies.tally.Tally` as they come back, in shoe order, a
batch of at most :data:`CHUNKS_PER_MERGE` at a time (each table by count and
by depth merged once per batch; every shoe's lines are kept only for a
per-shoe export or plot); the cards
left before each round go to the exact batch in slices small enough for
Python integers when a shoe is too large for 64-bit ones.

Dealing: :func:`analyzer.play.dealer.deal_shoes`, the simulator's vectorized
dealer, which the tests hold card for card to the round engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named
from ..exact.batch import expected_values
from ..exact.fastcount import counts_fit_int64
from ..exact.multiset import scale_of
from ..exact.outcomes import path_of
from ..exact.settlement import decoded_records, first_rows
from ..game.cards import RANKS
from ..game.needs import Needs, needs_of
from ..game.rules import RuleSet
from ..game.settle import pays_by_view, settle, state_view
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.wager import Wager
from ..play.dealer import STATES, Dealer, code_state, deal_shoes_with_records, dealer_for
from ..play.executor import Executor, Progress
from ..play.lightning import draw_for, key_pays, lightning_keys
from ..play.records import CardIndices
from .chunk import Chunk, wager_scales
from .plan import (
    SHOES_PER_TASK,
    Counter,
    Rounds,
    Spread,
    Study,
    WagerPlan,
    check_lightning,
)
from .tally import Tally

if TYPE_CHECKING:
    from .eor import Effects


def wager_plans(
    rules: RuleSet,
    wagers: Sequence[str],
    decks: int,
    play: str,
    tags: Mapping[str | None, tuple[int, ...]],
    thresholds: Mapping[str | None, Fraction],
    index: str | None,
    spreads: Mapping[str | None, Spread] | None = None,
) -> tuple[WagerPlan, ...]:
    """How each wager is bet, from what the command line gave (per wager, or for all under ``None``).

    Every wager gets a counter when one can be made (its tables by count), defaults filled by
    :func:`counter_for`; perfect play needs none. A wager with a bet spread bets by it, from its first step
    (which is then its threshold; a threshold given as well is refused). Raises :class:`InputError` for an
    unknown wager, and for ``count`` play on a wager that no linear count follows and no tags were given for.
    """
    spreads = spreads or {}
    for name in wagers:
        if rules.wager(name).lightning is not None:  # before any count is designed
            check_lightning(rules.wager(name))
    shared = _shared_effects(rules, wagers, decks, play, tags, thresholds, index, spreads)
    plans = []
    for name in wagers:
        wager = rules.wager(name)  # an unknown wager is refused before any counting
        chosen_tags = tags.get(name, tags.get(None))
        chosen_threshold = thresholds.get(name, thresholds.get(None))
        spread = spreads.get(name, spreads.get(None))
        if spread is not None:
            if chosen_threshold is not None:
                raise InputError(
                    f"{named('thresholds')} and {named('spreads')} both say when to bet {name}: a spread's first "
                    "step is its threshold; give one of them."
                )
            chosen_threshold = spread.first
        counter = None
        if wager.has_pay_table or play == "count" or chosen_tags is not None or index is not None:
            counter = counter_for(rules, name, decks, chosen_tags, chosen_threshold, index, shared.get(name))
        if spread is not None:
            if counter is None:
                raise InputError(
                    f"Every effect of removal on {name} is 0, so no linear count follows it; give --tags "
                    "for its spread."
                )
            counter = replace(counter, spread=spread)
        if play == "count" and counter is None:
            raise InputError(
                f"Every effect of removal on {name} is 0, so no linear count follows it; give --tags and --threshold."
            )
        plans.append(WagerPlan(name, counter))
    return tuple(plans)


def _shared_effects(
    rules: RuleSet,
    wagers: Sequence[str],
    decks: int,
    play: str,
    tags: Mapping[str | None, tuple[int, ...]],
    thresholds: Mapping[str | None, Fraction],
    index: str | None,
    spreads: Mapping[str | None, Spread],
) -> dict[str, Effects]:
    """The effects of removal of every wager with a pay table whose counter needs them (:func:`counter_for`), made in
    one call (their par sheets share each shoe less a card), not once per wager."""
    from .eor import effects_of_removal

    needing = []
    for name in wagers:
        wager = rules.wager(name)
        chosen_tags = tags.get(name, tags.get(None))
        spread = spreads.get(name, spreads.get(None))
        threshold = thresholds.get(name, thresholds.get(None)) if spread is None else spread.first
        made = wager.has_pay_table or play == "count" or chosen_tags is not None or index is not None
        if wager.has_pay_table and made and _needs_effects(chosen_tags, threshold, index):
            needing.append(name)
    if len(needing) < 2:
        return {}
    return dict(zip(needing, effects_of_removal(rules, Shoe.decks(decks), needing)))


def _needs_effects(tags: tuple[int, ...] | None, threshold: Fraction | None, index: str | None) -> bool:
    """Whether :func:`counter_for` designs the counter from the wager's effects of removal (a default to fill)."""
    chosen_index = index or ("true" if tags is None or sum(tags) == 0 else "running")
    given = tags is not None and (threshold is not None or (chosen_index == "true" and sum(tags) != 0))
    return not given and not (chosen_index == "running" and threshold is None)


def counter_for(
    rules: RuleSet,
    wager: str,
    decks: int,
    tags: tuple[int, ...] | None,
    threshold: Fraction | None,
    index: str | None,
    effects: Effects | None = None,
) -> Counter | None:
    """The wager's counter from what was given: tags default to the balanced count of its effects of removal,
    a true-count threshold to the tags' break-even true count (both as `baccarat eor` prints them).

    ``effects``: the wager's effects of removal when already made (:func:`_shared_effects`); made here otherwise.
    Returns ``None`` when no tags were given and no linear count follows the wager. Raises
    :class:`InputError` when a running-count threshold is missing (it has no default).
    """
    from .eor import balanced_count, break_even_true_count, effects_of_removal

    chosen_index = index or ("true" if tags is None or sum(tags) == 0 else "running")
    if tags is not None and (threshold is not None or (chosen_index == "true" and sum(tags) != 0)):
        return Counter(tags=tags, threshold=threshold or Fraction(0), index=chosen_index)  # refuses what cannot be
    if chosen_index == "running" and threshold is None:
        raise InputError(f"A running-count threshold for {wager} has no default; give --threshold.")
    if effects is None:
        (effects,) = effects_of_removal(rules, Shoe.decks(decks), (wager,))
    if tags is None:
        count = balanced_count(effects)
        if not count.countable:
            return None
        tags = count.tags
    if threshold is None:
        threshold = break_even_true_count(effects, tags)
        if threshold is None:
            raise InputError(f"The tags {','.join(map(str, tags))} do not follow {wager} at all; give --threshold.")
    return Counter(tags=tags, threshold=threshold, index=chosen_index)


def run(
    study: Study,
    executor: Executor,
    progress: Progress | None = None,
    keep_shoes: bool = False,
    keep_rounds: bool = False,
) -> Tally:
    """Deal every shoe of the study on ``executor``; identical for any executor and worker count.

    ``keep_shoes`` keeps every shoe's lines (memory grows with the shoes) for a per-shoe export or plot,
    ``keep_rounds`` every round's net result for the bankroll paths (:mod:`.paths`).
    """
    tasks = (
        (study, first, min(SHOES_PER_TASK, study.shoes - first)) for first in range(0, study.shoes, SHOES_PER_TASK)
    )
    tally = Tally.empty(study, keep_shoes, keep_rounds)
    pending: list[Chunk] = []
    for chunk in executor.map(play_chunk, tasks, progress):  # in shoe order
        pending.append(chunk)
        if len(pending) == CHUNKS_PER_MERGE:
            tally, pending = tally.add(*pending), []
    return tally.add(*pending)


CHUNKS_PER_MERGE = 16
"""Chunks held back and added to the tally together (:meth:`Tally.add`: one merge of each table for all of them, not
one per chunk); memory stays flat, at most this many chunks' tallies held. The figures do not depend on it."""


def play_chunk(task: tuple[Study, int, int]) -> Chunk:
    """Deal and bet shoes ``first`` to ``first + count - 1`` of the study (an executor task of plain data)."""
    study, first, count = task
    return play_shoes(
        (study, [np.random.SeedSequence(study.seed, spawn_key=(i,)) for i in range(first, first + count)])
    )


@lru_cache(maxsize=8)
def _dealer(rules: RuleSet, decks: int) -> Dealer:
    """The dealer's tables, made once per process and rule set (not once per task)."""
    return dealer_for(rules, Shoe.decks(decks))


@lru_cache(maxsize=32)
def _results_by_code(rules: RuleSet, wager: str) -> npt.NDArray[np.int64]:
    """What one unit on the wager nets in each dealt state code, times the wager's scale (int64; STATES reads 0).

    For a wager that reads no more than a final state; :func:`_results_by_record` serves the others.
    """
    chosen = rules.wager(wager)
    scale = scale_of(chosen)
    table = np.zeros(STATES + 1, dtype=np.int64)
    if chosen.side_view_only:  # its pay of each view, read through each state's view from its side
        assert chosen.side is not None
        pays = np.array([0 if pay is None else int(pay * scale) for pay in pays_by_view(chosen)], dtype=np.int64)
        table[:STATES] = pays[_views_by_code(chosen.side)]
        return table
    for code in range(STATES):
        row = settle(chosen, code_state(code))
        table[code] = 0 if row is None or row.pays is None else int(row.pays * scale)
    return table


@lru_cache(maxsize=2)
def _views_by_code(side: str) -> npt.NDArray[np.int64]:
    """The view (:func:`~analyzer.game.settle.state_view`) from ``side`` of each dealt state code (once per process)."""
    return np.array([state_view(side, code_state(code)) for code in range(STATES)], dtype=np.int64)


def _results_by_record(rules: RuleSet, wager: str, needs: Needs, records: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """What one unit on the wager nets in each round, from each round's record code, times the wager's scale."""
    chosen = rules.wager(wager)
    scale = scale_of(chosen)
    found, inverse = np.unique(records, return_inverse=True)
    rows = first_rows(chosen, needs, decoded_records(found, [radix for _, radix in needs.fields()]))
    assert (rows >= 0).all(), "a loaded rule set settles every round a deal reaches"
    nets = np.array([0 if o.pays is None else int(o.pays * scale) for o in chosen.outcomes], dtype=np.int64)
    return nets[rows][inverse.reshape(-1)]


def _read_records(wager: Wager) -> bool:
    """Whether a wager is paid from each round's record of what it reads: it reads beyond a final state, or has
    lightning multipliers (its row then goes with the lightning cards drawn)."""
    return path_of(wager) == "records" or wager.lightning is not None


@lru_cache(maxsize=32)
def _records_read(rules: RuleSet, names: tuple[str, ...]) -> tuple[Needs, ...]:
    """What the wagers paid from records read (one :class:`~analyzer.game.needs.Needs` each, in wager order)."""
    return tuple(needs_of(rules.wager(w)) for w in names if _read_records(rules.wager(w)))


def _lightning_results(
    study: Study,
    wager: str,
    records: npt.NDArray[np.int64],
    rounds: Rounds,
    shuffled: npt.NDArray[np.int8],
    rngs: Sequence[np.random.Generator],
) -> npt.NDArray[np.int64]:
    """What one unit on a lightning wager nets in each round, times its result scale: the lightning cards of each round
    drawn as the simulator draws them (:func:`analyzer.play.lightning.lightning_keys`: a fresh virtual 52-card deck
    per round, independent of the shoe), each shoe's draws from its own generator, after its shuffle, in round order."""
    chosen = study.rules.wager(wager)
    scale = wager_scales(chosen)[0]
    needs = needs_of(chosen)
    codes = np.unique(records)
    rows = first_rows(chosen, needs, decoded_records(codes, [radix for _, radix in needs.fields()]))
    draw = draw_for(chosen, 0, tuple(codes.tolist()), tuple(rows.tolist()))
    dealer = _dealer(study.rules, study.decks)
    types = shuffled[rounds.shoe[None, :], rounds.first[None, :] + np.arange(CARDS_PER_ROUND)[:, None]]  # (6, rounds)
    keys = np.zeros(len(rounds.shoe), dtype=np.int64)
    for k, rng in enumerate(rngs):
        at = np.flatnonzero(rounds.shoe == k)
        keys[at] = lightning_keys(
            draw, rng, records[at], types[:, at], rounds.codes[at], dealer.player_columns, dealer.banker_columns
        )
    found, inverse = np.unique(keys, return_inverse=True)
    nets = np.array([int(key_pays(chosen, int(key)) * scale) for key in found.tolist()], dtype=np.int64)
    return nets[inverse.reshape(-1)]


def play_shoes(task: tuple[Study, Sequence[np.random.SeedSequence]]) -> Chunk:
    """Deal and bet a chunk of shoes (an executor task: a module-level function of plain data)."""
    study, seeds = task
    rounds, results = deal_chunk(study, seeds)
    return Chunk.of(study, len(seeds), rounds, _numerators(study, rounds.unseen), results)


def deal_chunk(study: Study, seeds: Sequence[np.random.SeedSequence]) -> tuple[Rounds, npt.NDArray[np.int64]]:
    """Deal a chunk of shoes: every round, and what one unit on each wager nets in it (times its result scale).

    The shoe is dealt as card types when a wager reads suits or has
    lightning multipliers (its expected values then come from the counts of
    the 52 types left), else as ranks; a wager that reads more than a final
    state is paid from each round's record of what it reads, and a
    lightning wager from its record and the lightning cards drawn
    (:func:`_lightning_results`).
    """
    shoe = Shoe.decks(study.decks)
    records = _records_read(study.rules, study.names)
    lit = any(study.rules.wager(w).lightning is not None for w in study.names)
    universe = CardIndices.of(shoe, records, typed=lit) if records else CardIndices(False, shoe.counts)
    deck = np.repeat(np.arange(len(universe.counts), dtype=np.int8), universe.counts)
    rngs = [np.random.default_rng(seed) for seed in seeds]
    shuffled = np.array([rng.permutation(deck) for rng in rngs], dtype=np.int8)
    ranks = universe.rank[shuffled]
    start, shown = study.procedure.first_round(ranks)
    codes, used, recorded = deal_shoes_with_records(
        _dealer(study.rules, study.decks),
        shuffled,
        study.procedure.cut_card,
        universe,
        records,
        start,
        study.procedure.extra_rounds,
    )
    rounds = _rounds(shuffled, ranks, codes, used, start, shown, np.array(universe.counts, dtype=np.int64))
    played = codes.T != STATES
    by_record = iter(recorded)
    results = np.stack(
        [
            _results_by_code(study.rules, w)[rounds.codes]
            if not _read_records(study.rules.wager(w))
            else _lightning_results(study, w, next(by_record).T[played], rounds, shuffled, rngs)
            if study.rules.wager(w).lightning is not None
            else _results_by_record(study.rules, w, needs_of(study.rules.wager(w)), next(by_record).T[played])
            for w in study.names
        ],
        axis=1,
    )
    return rounds, results


COMPOSITIONS_PER_BIG_BATCH = 128
"""Cards-left compositions sent to the exact batch at once when a shoe is too large for 64-bit counts: their
Python integers take far more memory each, so memory stays flat."""


def _numerators(study: Study, unseen: npt.NDArray[np.int64]) -> npt.NDArray[Any]:
    """Every round's exact expected values (numerators, :class:`~analyzer.exact.batch.BatchValues`), in slices if
    huge."""
    if counts_fit_int64(study.cards) or len(unseen) <= COMPOSITIONS_PER_BIG_BATCH:
        return expected_values(study.rules, study.names, unseen).numerators
    parts = [
        expected_values(study.rules, study.names, unseen[i : i + COMPOSITIONS_PER_BIG_BATCH]).numerators
        for i in range(0, len(unseen), COMPOSITIONS_PER_BIG_BATCH)
    ]
    return np.concatenate(parts).astype(object)


def _rounds(
    shoes: npt.NDArray[np.int8],
    ranks: npt.NDArray[np.int8],
    codes: npt.NDArray[np.int16],
    used: npt.NDArray[np.int16],
    start: npt.NDArray[np.int64],
    shown: npt.NDArray[np.bool_],
    full: npt.NDArray[np.int64],
) -> Rounds:
    """What the counter has seen before each round: the shown card and the cards of every earlier round.

    ``shoes`` are the cards as dealt (ranks, or card types when ``full`` has 52 counts), ``ranks`` their ranks.
    """
    count, size = shoes.shape
    kinds = len(full)
    played = codes.T != STATES  # (shoes, rounds)
    begins = start[:, None] + np.cumsum(used.T, axis=1, dtype=np.int64) - used.T  # first card of each round
    shoe_index, round_index = np.nonzero(played)
    at = begins[shoe_index, round_index]
    first = start[shoe_index]
    seen = np.empty((len(shoe_index), kinds), dtype=np.int64)
    cumulative = np.zeros((count, size + 1), dtype=np.int32)  # one kind at a time: memory of the cards, not x kinds
    for kind in range(kinds):
        np.cumsum(shoes == kind, axis=1, dtype=np.int32, out=cumulative[:, 1:])
        seen[:, kind] = cumulative[shoe_index, at] - cumulative[shoe_index, first]
    with_shown = np.flatnonzero(shown[shoe_index])
    seen[with_shown, shoes[shoe_index[with_shown], 0]] += 1
    by_rank = seen if kinds == len(RANKS) else seen.reshape(len(seen), len(RANKS), kinds // len(RANKS)).sum(axis=2)
    return Rounds(
        shoe=shoe_index.astype(np.int64),
        first=at.astype(np.int64),
        number=round_index.astype(np.int64) + 1,
        codes=codes.T[shoe_index, round_index].astype(np.int64),
        unseen=full[None, :] - seen,
        seen=by_rank,
    )
