"""Monte Carlo simulation: many rounds at once with numpy, in seeded chunks over an executor.

Rounds are dealt by the vectorized dealer of :mod:`analyzer.play.dealer`, a
reading of the rule set independent of the enumerator and of the round
engine (the tests hold it card for card to the engine).

Modes
    ``top``: every round is dealt off the top of a full, freshly shuffled
    shoe, the situation the exact figures describe: six distinct positions
    of the shoe are drawn uniformly (positions drawn independently, and a
    round with a repeated position drawn again: exactly uniform over ordered
    six-card dealings).
    ``shoe``: shoes are shuffled and dealt round after round until the cut
    card comes out; the round in progress is finished and the shoe ends (no
    burn cards: the documents mention none). Rounds of one shoe are not
    independent, and the number of rounds a shoe gives depends on its cards,
    so the mean per round differs slightly from the top-of-shoe figure (the
    cut-card effect); its standard error is computed over shoes.

Reproducibility
    The work is cut into chunks of a fixed size (:data:`CHUNK_ROUNDS`,
    :data:`CHUNK_SHOES`) whatever the number of workers; chunk ``i`` draws
    from ``numpy.random.SeedSequence(seed, spawn_key=(i,))``. A chunk's result
    is a :class:`Tally` of exact integers, and tallies add exactly, so the
    same seed gives the same figures on one worker, many, or a Dask cluster.
    Trap: only with the same numpy version, which fixes the random streams.

Verdicts
    Per wager: the observed mean return (exact, a fraction of the integer
    counts), the exact expected value from the enumerator, the standard error,
    the z-score, the 99.9% interval, and PASS when the exact value lies inside
    the interval. In ``top`` mode the standard error is the exact standard
    deviation over the square root of the rounds (rounds are independent and
    the deviation under test is known exactly); in ``shoe`` mode it is
    estimated from the shoes (a ratio estimator's standard error), as rounds
    within a shoe are correlated. A wager with no pay table (000's Big Win
    Bonus) is checked on the frequency of its outcomes that have no pay.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..exact.fastcount import count_deals
from ..exact.outcomes import path_of
from ..game.needs import Needs, needs_of
from ..game.rules import RuleSet, Wager
from ..game.settle import settle
from ..game.shoe import Shoe
from .dealer import (
    STATES,
    VALUE_OF_RANK,
    Dealer,
    code_state,
    deal_codes,
    deal_shoes_with_records,
    dealer_for,
    random_positions,
    state_code,
)
from .executor import Executor
from .records import Universe, record_codes

Mode = Literal["top", "shoe"]
MODES: tuple[str, ...] = ("top", "shoe")

CHUNK_ROUNDS = 1_000_000
"""Rounds per chunk in top mode. Part of the reproducibility contract: changing it changes the figures of a seed."""
CHUNK_SHOES = 10_000
"""Shoes per chunk in shoe mode (also part of the contract)."""
_BATCH_ROUNDS = 1 << 16
_BATCH_SHOES = 1 << 12

CONFIDENCE = Fraction(999, 1000)
Z_CRITICAL = NormalDist().inv_cdf(1 - (1 - float(CONFIDENCE)) / 2)
"""3.2905...: a 99.9% two-sided interval is the observed mean plus or minus this many standard errors."""


# ------------------------------------------------------------------ chunks


@dataclass(frozen=True, slots=True)
class Tally:
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

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            rounds=self.rounds + other.rounds,
            states=tuple(a + b for a, b in zip(self.states, other.states)),
            shoes=self.shoes + other.shoes,
            shoe_rounds_squared=self.shoe_rounds_squared + other.shoe_rounds_squared,
            shoe_moments=tuple((a + c, b + d) for (a, b), (c, d) in zip(self.shoe_moments, other.shoe_moments)),
            records=tuple(_merged(a, b) for a, b in zip(self.records, other.records)),
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
    universe: Universe | None = None
    """The cards dealt: card types when a wager reads suits (else ranks, as the dealer's counts)."""
    records: tuple[Needs, ...] = ()
    """What the wagers beyond a final state read: each round's record of each is tallied."""
    record_statistics: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    """Shoe mode: per such wager, the index of its needs in ``records`` and its statistic by record code."""


def run_chunk(task: Task) -> Tally:
    """Deal one chunk (``size`` rounds in top mode, ``size`` shoes in shoe mode)."""
    rng = np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(task.chunk,)))
    if task.mode == "top":
        return _top_chunk(task, rng)
    return _shoe_chunk(task, rng)


def _universe(task: Task) -> Universe:
    return task.universe or Universe(False, task.dealer.counts)


def _top_chunk(task: Task, rng: np.random.Generator) -> Tally:
    dealer, rounds, universe = task.dealer, task.size, _universe(task)
    card_of = np.repeat(np.arange(len(universe.counts), dtype=np.int8), universe.counts)
    rank_of = universe.rank[card_of]
    value_of = VALUE_OF_RANK[rank_of]
    states = np.zeros(STATES, dtype=np.int64)
    records: list[tuple[tuple[int, int], ...]] = [() for _ in task.records]
    done = 0
    while done < rounds:
        batch = min(_BATCH_ROUNDS, rounds - done)
        positions = random_positions(rng, dealer.size, batch)
        codes, _ = deal_codes(dealer, value_of[positions], rank_of[positions[:4]])
        states += np.bincount(codes, minlength=STATES)
        for i, needs in enumerate(task.records):
            found = record_codes(needs, universe, card_of[positions], dealer.player_columns, dealer.banker_columns, codes // 4)
            records[i] = _merged(records[i], _tallied(found))
        done += batch
    return Tally(rounds=rounds, states=tuple(int(n) for n in states), records=tuple(records))


def _shoe_chunk(task: Task, rng: np.random.Generator) -> Tally:
    universe = _universe(task)
    base = np.repeat(np.arange(len(universe.counts), dtype=np.int8), universe.counts)
    statistics = [np.array(s + (0,), dtype=np.int64) for s in task.statistics]
    states = np.zeros(STATES + 1, dtype=np.int64)
    rounds = rounds_squared = 0
    moments = [[0, 0] for _ in range(len(statistics) + len(task.record_statistics))]
    records: list[tuple[tuple[int, int], ...]] = [() for _ in task.records]
    done = 0
    while done < task.size:
        shoes = np.tile(base, (min(_BATCH_SHOES, task.size - done), 1))
        rng.permuted(shoes, axis=1, out=shoes)
        played, _, recorded = deal_shoes_with_records(task.dealer, shoes, task.cut_card, universe, task.records)
        states += np.bincount(played.ravel(), minlength=STATES + 1)
        per_shoe = np.count_nonzero(played != STATES, axis=0).astype(np.int64)
        rounds += int(per_shoe.sum())
        rounds_squared += int((per_shoe * per_shoe).sum())
        sums = [statistic[played].sum(axis=0) for statistic in statistics]
        for index, values in task.record_statistics:
            codes = recorded[index]
            lookup = dict(values)
            flat = np.array([lookup.get(c, 0) for c in codes.ravel().tolist()], dtype=np.int64).reshape(codes.shape)
            sums.append(flat.sum(axis=0))
        for moment, total in zip(moments, sums):
            moment[0] += int((total * total).sum())
            moment[1] += int((per_shoe * total).sum())
        for i, codes in enumerate(recorded):
            records[i] = _merged(records[i], _tallied(codes))
        done += len(shoes)
    return Tally(
        rounds=rounds,
        states=tuple(int(n) for n in states[:STATES]),
        shoes=task.size,
        shoe_rounds_squared=rounds_squared,
        shoe_moments=tuple((a, b) for a, b in moments),
        records=tuple(records),
    )


# --------------------------------------------------------------- verdicts


@dataclass(frozen=True, slots=True)
class Statistic:
    """What is measured for one wager: its net return per unit, or, with no pay table, how often it qualifies.

    ``values[c]`` is the statistic for state code ``c``, an integer in units
    of ``1/scale``: exact, and summable by numpy. For a wager that reads more
    than a final state, ``records`` is the index of its needs in
    :attr:`Plan.records` and ``values`` maps record codes (every record a
    deal can reach) to the statistic.
    """

    wager: Wager
    kind: Literal["return", "frequency"]
    values: tuple[int, ...] | Mapping[int, int]
    scale: int
    records: int | None = None


def statistic_for(wager: Wager) -> Statistic:
    """The per-state statistic of ``wager``: net return per unit, or 1 for an outcome with no pay."""
    outcomes = [settle(wager, code_state(c)) for c in range(STATES)]
    assert all(o is not None for o in outcomes)
    if wager.has_pay_table:
        pays = [Fraction(0) if o is None or o.pays is None else o.pays for o in outcomes]
        scale = math.lcm(*(p.denominator for p in pays))
        return Statistic(wager, "return", tuple(int(p * scale) for p in pays), scale)
    return Statistic(wager, "frequency", tuple(int(o is not None and o.pays is None) for o in outcomes), 1)


def record_statistic(wager: Wager, needs: Needs, codes: Sequence[int], index: int) -> Statistic:
    """The statistic of ``wager`` for each record code of ``needs`` (settled all at once, by :mod:`analyzer.exact.settlement`)."""
    from ..exact.settlement import first_rows

    records = np.array([needs.decode(c) for c in codes], dtype=np.int64).reshape(len(codes), len(needs.fields()))
    rows = first_rows(wager, needs, records).tolist()
    outcomes = [wager.outcomes[r] for r in rows]
    if wager.has_pay_table:
        pays = [o.pays if o.pays is not None else Fraction(0) for o in outcomes]
        scale = math.lcm(*(p.denominator for p in pays)) if pays else 1
        return Statistic(wager, "return", dict(zip(codes, (int(p * scale) for p in pays))), scale, index)
    return Statistic(wager, "frequency", dict(zip(codes, (int(o.pays is None) for o in outcomes))), 1, index)


@dataclass(frozen=True, slots=True)
class WagerCheck:
    """The simulated figure of one wager against its exact value.

    ``observed``, ``exact`` and ``difference`` are exact fractions;
    ``standard_error``, ``z`` and the interval are floats (square roots).
    ``z`` is ``None`` when the standard error is 0 (nothing varies), and
    the verdict is then PASS only if the observed value is the exact one.
    """

    statistic: Statistic
    observed: Fraction
    exact: Fraction
    exact_standard_deviation: float
    standard_error: float
    z: float | None
    low: float
    high: float

    @property
    def difference(self) -> Fraction:
        return self.observed - self.exact

    @property
    def passed(self) -> bool:
        if self.z is None:
            return self.observed == self.exact
        return abs(self.z) <= Z_CRITICAL

    @property
    def verdict(self) -> str:
        return "PASS" if self.passed else "FAIL"


def _check(statistic: Statistic, tally: Tally, index: int, exact_counts: Mapping[int, int], denominator: int,
           mode: Mode) -> WagerCheck:
    scale = statistic.scale
    observed_counts = enumerate(tally.states) if statistic.records is None else tally.records[statistic.records]
    total = sum(n * statistic.values[c] for c, n in observed_counts if n)
    observed = Fraction(total, tally.rounds * scale)
    exact = Fraction(sum(n * statistic.values[c] for c, n in exact_counts.items()), denominator * scale)
    second = Fraction(sum(n * statistic.values[c] ** 2 for c, n in exact_counts.items()), denominator * scale**2)
    exact_sd = math.sqrt(second - exact * exact)
    if mode == "top":
        standard_error = exact_sd / math.sqrt(tally.rounds)
    else:
        standard_error = _shoe_standard_error(tally, index, observed, scale)
    z = None if standard_error == 0 else float(observed - exact) / standard_error
    half = Z_CRITICAL * standard_error
    return WagerCheck(statistic, observed, exact, exact_sd, standard_error, z, float(observed) - half, float(observed) + half)


def _shoe_standard_error(tally: Tally, index: int, observed: Fraction, scale: int) -> float:
    """Standard error of a mean per round over shoes (ratio estimator, exact up to the square root).

    Var = n / (n - 1) * sum over shoes of (Y_i - mean * X_i)^2 / (sum X_i)^2, where X_i is the
    rounds in shoe i and Y_i the statistic summed over them.
    """
    shoes = tally.shoes
    if shoes < 2:
        return math.inf
    y_squared, xy = tally.shoe_moments[index]
    mean = observed * scale  # in the statistic's integer units
    residual = Fraction(y_squared) - 2 * mean * xy + mean * mean * tally.shoe_rounds_squared
    variance = Fraction(shoes, shoes - 1) * residual / (tally.rounds**2 * scale**2)
    return math.sqrt(variance)


# ---------------------------------------------------------------- the run


Progress = Callable[[int], None]


def random_seed() -> int:
    """A fresh seed for a run the user did not seed; reports print it, so the run can be repeated."""
    return secrets.randbelow(2**32)


def plan_chunks(mode: Mode, rounds: int, cards_per_round: Fraction, shoe_size: int, cut_card: int) -> list[int]:
    """Chunk sizes for a run: rounds per chunk (top) or shoes per chunk (shoe).

    In shoe mode, ``rounds`` asks for about that many rounds: the number of
    shoes is the rounds times the expected cards per round over the cards
    dealt before the cut card, rounded up.
    """
    if mode == "top":
        total, per_chunk = rounds, CHUNK_ROUNDS
    else:
        total, per_chunk = max(1, math.ceil(rounds * cards_per_round / (shoe_size - cut_card))), CHUNK_SHOES
    full, rest = divmod(total, per_chunk)
    return [per_chunk] * full + ([rest] if rest else [])


@dataclass(frozen=True, slots=True)
class Plan:
    """A run decided before any card is dealt: the chunks, and the exact figures they are checked against."""

    rules: RuleSet
    shoe: Shoe
    mode: Mode
    seed: int
    cut_card: int
    tasks: tuple[Task, ...]
    statistics: tuple[Statistic, ...]
    exact_counts: tuple[tuple[int, int], ...]
    """(state code, ordered six-card dealings) from the enumerator."""
    cards_per_round: Fraction
    """The exact expected number of cards a round uses: 4 plus the chances of each third card."""
    records: tuple[Needs, ...] = ()
    """What the wagers beyond a final state read (see :attr:`Statistic.records`)."""
    record_counts: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per needs, (record code, ordered six-card dealings) from the exact class counts."""

    def moment_index(self, statistic: Statistic) -> int:
        """Where the statistic's shoe moments are in :attr:`Tally.shoe_moments`: final-state ones first, then record ones."""
        state = [s for s in self.statistics if s.records is None]
        if statistic.records is None:
            return state.index(statistic)
        return len(state) + [s for s in self.statistics if s.records is not None].index(statistic)

    @property
    def chunk_size(self) -> int:
        return self.tasks[0].size

    @property
    def denominator(self) -> int:
        return self.shoe.denominator


def plan(
    rules: RuleSet,
    shoe: Shoe,
    *,
    rounds: int,
    seed: int,
    mode: Mode = "top",
    cut_card: int = 14,
    wagers: Sequence[str] = (),
) -> Plan:
    """Plan a run of ``rounds`` rounds of ``rules`` from ``shoe``, checking ``wagers`` (default: those offered).

    Raises :class:`InputError` for a bad mode, count, seed or cut card.
    """
    if mode not in MODES:
        raise InputError(f"Mode {mode!r} is unknown; use top or shoe.")
    if rounds < 1:
        raise InputError(f"The number of rounds must be at least 1, got {rounds}.")
    if seed < 0:
        raise InputError(f"The seed must be a whole number of at least 0, got {seed}.")
    if mode == "shoe" and not 5 <= cut_card <= shoe.size - 1:
        raise InputError(
            f"The cut card must be between 5 and {shoe.size - 1} cards from the end of a {shoe.size}-card shoe "
            f"(at least 5, so that the round in progress when it comes out can be finished), got {cut_card}."
        )
    chosen = tuple(rules.wager(w) for w in wagers) if wagers else tuple(w for w in rules.wagers if w.offered)
    records = tuple(dict.fromkeys(needs_of(w) for w in chosen if path_of(w) == "records"))
    record_counts = []
    for needs in records:
        from ..exact.classcount import count_records  # the counts the par sheets report for these wagers

        record_counts.append(tuple(sorted((needs.encode(r), n) for r, n in count_records(shoe, rules.drawing, needs).items())))
    statistics = tuple(
        statistic_for(w) if path_of(w) != "records" else record_statistic(
            w, needs_of(w), [c for c, _ in record_counts[records.index(needs_of(w))]], records.index(needs_of(w)))
        for w in chosen
    )
    distribution = count_deals(shoe, rules.drawing)  # the counts the par sheets report
    third_cards = sum(n * ((s.player_cards == 3) + (s.banker_cards == 3)) for s, n in distribution.counts.items())
    cards_per_round = 4 + Fraction(third_cards, distribution.denominator)
    dealer = dealer_for(rules, shoe)
    shoe_statistics = tuple(s.values for s in statistics if isinstance(s.values, tuple)) if mode == "shoe" else ()
    record_statistics = tuple(
        (s.records, tuple(sorted(s.values.items()))) for s in statistics if s.records is not None and isinstance(s.values, dict)
    ) if mode == "shoe" else ()
    universe = Universe.of(shoe, records) if records else None
    tasks = tuple(
        Task(dealer=dealer, mode=mode, seed=seed, chunk=i, size=n, cut_card=cut_card if mode == "shoe" else 0,
             statistics=shoe_statistics, universe=universe, records=records, record_statistics=record_statistics)
        for i, n in enumerate(plan_chunks(mode, rounds, cards_per_round, shoe.size, cut_card))
    )
    return Plan(
        rules=rules, shoe=shoe, mode=mode, seed=seed, cut_card=cut_card, tasks=tasks, statistics=statistics,
        exact_counts=tuple(sorted((state_code(s), n) for s, n in distribution.counts.items())),
        cards_per_round=cards_per_round, records=records, record_counts=tuple(record_counts),
    )


@dataclass(frozen=True, slots=True)
class Simulation:
    """A finished run: its plan, the combined tally, a check per wager, and how long it took."""

    plan: Plan
    tally: Tally
    checks: tuple[WagerCheck, ...]
    seconds: float
    where: str
    """The executor that ran it, e.g. "local, 2 workers"."""

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def rounds_per_second(self) -> float:
        return self.tally.rounds / self.seconds if self.seconds > 0 else math.inf


def run(planned: Plan, executor: Executor, progress: Progress | None = None) -> Simulation:
    """Deal every chunk of ``planned`` on ``executor``, add the tallies in chunk order, check every wager."""
    started = time.perf_counter()
    tallies = executor.run(run_chunk, planned.tasks, progress)
    seconds = time.perf_counter() - started
    tally = tallies[0]
    for more in tallies[1:]:
        tally = tally + more
    exact_counts = dict(planned.exact_counts)
    checks = tuple(
        _check(s, tally, planned.moment_index(s), exact_counts if s.records is None else dict(planned.record_counts[s.records]),
               planned.denominator, planned.mode)
        for s in planned.statistics
    )
    return Simulation(plan=planned, tally=tally, checks=checks, seconds=seconds, where=executor.description)
