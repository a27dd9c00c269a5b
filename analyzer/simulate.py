"""Monte Carlo simulation: many rounds at once with numpy, in seeded chunks over an executor.

The simulator is a third, independent reading of the rule set: it shares no
dealing code with the enumerator or with the round engine
(:mod:`analyzer.engine`); the tests feed it and the engine the same card
sequences and require the same final state, card for card.

How a round is dealt, vectorized
    Cards are rank indices 0-12 in dealing order. The first four go to the
    hands in the rule set's order (``[dealing] order``); the fifth card is the
    Player's third card if the Player draws, else the Banker's if the Banker
    draws; the sixth is the Banker's when both draw (the physical order of
    003 and of 000 CASE 1). One lookup table, built once from the rule set's
    drawing tables, maps (Player two-card sum, Banker two-card sum, fifth card
    value, sixth card value) to the final totals and card counts; pair flags
    compare ranks. Each round's :class:`~analyzer.enumerator.FinalState` is
    encoded as an integer below :data:`STATES` and a batch is counted with
    ``np.bincount``.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from statistics import NormalDist
from typing import Literal

import numpy as np
import numpy.typing as npt

from .cards import RANKS, VALUES
from .enumerator import NATURALS, FinalState
from .fastcount import count_deals
from .errors import InputError
from .executor import Executor
from .rules import RuleSet, Wager
from .shoe import CARDS_PER_ROUND, Shoe
from .wagers import settle

Mode = Literal["top", "shoe"]
MODES: tuple[str, ...] = ("top", "shoe")

STATES = 10 * 10 * 2 * 2 * 2 * 2
"""Final states are encoded as integers 0 .. STATES-1 (see :func:`state_code`)."""

CHUNK_ROUNDS = 1_000_000
"""Rounds per chunk in top mode. Part of the reproducibility contract: changing it changes the figures of a seed."""
CHUNK_SHOES = 10_000
"""Shoes per chunk in shoe mode (also part of the contract)."""
_BATCH_ROUNDS = 1 << 16
_BATCH_SHOES = 1 << 12

CONFIDENCE = Fraction(999, 1000)
Z_CRITICAL = NormalDist().inv_cdf(1 - (1 - float(CONFIDENCE)) / 2)
"""3.2905...: a 99.9% two-sided interval is the observed mean plus or minus this many standard errors."""

_SUMS = 19  # a two-card sum of values 0-9 is 0-18


def state_code(state: FinalState) -> int:
    """The integer a final state is counted under; :func:`code_state` inverts it.

    >>> state_code(FinalState(6, 7, 3, 3, False, False)), code_state(1079)
    (1084, FinalState(player_total=6, banker_total=7, player_cards=2, banker_cards=3, player_pair=True, banker_pair=True))
    """
    partial = ((state.player_total * 10 + state.banker_total) * 2 + state.player_cards - 2) * 2 + state.banker_cards - 2
    return partial * 4 + state.player_pair * 2 + state.banker_pair


def code_state(code: int) -> FinalState:
    """The final state counted under ``code``."""
    partial, pairs = divmod(code, 4)
    totals, cards = divmod(partial, 4)
    return FinalState(totals // 10, totals % 10, 2 + cards // 2, 2 + cards % 2, pairs >= 2, pairs % 2 == 1)


# ------------------------------------------------------------------ dealing


@dataclass(frozen=True, slots=True)
class Dealer:
    """Everything a worker needs to deal rounds: plain, picklable data.

    ``outcome`` is indexed by ``((player_sum * 19 + banker_sum) * 10 + fifth) * 10 + sixth``
    (sums of the two first card values, 0-18; values of the fifth and sixth
    cards) and holds the final state code without pair flags (``state_code // 4``),
    as little-endian 16-bit integers: bytes pickle small and hash once.
    """

    counts: tuple[int, ...]
    player_columns: tuple[int, int]
    banker_columns: tuple[int, int]
    outcome: bytes

    @property
    def size(self) -> int:
        return sum(self.counts)


def dealer_for(rules: RuleSet, shoe: Shoe) -> Dealer:
    """The lookup table of ``rules``' drawing tables, and the hands of the first four cards."""
    drawing = rules.drawing
    outcome = []
    for player_sum, banker_sum, fifth, sixth in product(range(_SUMS), range(_SUMS), range(10), range(10)):
        player, banker = player_sum % 10, banker_sum % 10
        player_cards = banker_cards = 2
        if player not in NATURALS and banker not in NATURALS:
            player_third = None
            if drawing.player_draws(player):
                player_third, player_cards = fifth, 3
                player = (player + fifth) % 10
            if drawing.banker_draws(banker, player_third):
                banker_cards = 3
                banker = (banker + (sixth if player_third is not None else fifth)) % 10
        outcome.append(state_code(FinalState(player, banker, player_cards, banker_cards, False, False)) // 4)
    first_four = rules.dealing.first_four
    player_columns = tuple(i for i, side in enumerate(first_four) if side == "player")
    banker_columns = tuple(i for i, side in enumerate(first_four) if side == "banker")
    assert len(player_columns) == 2 and len(banker_columns) == 2
    return Dealer(
        counts=shoe.counts,
        player_columns=(player_columns[0], player_columns[1]),
        banker_columns=(banker_columns[0], banker_columns[1]),
        outcome=np.array(outcome, dtype="<i2").tobytes(),
    )


_VALUES = np.array(VALUES, dtype=np.int8)


@lru_cache(maxsize=8)
def _outcome_array(dealer: Dealer) -> npt.NDArray[np.int16]:
    return np.frombuffer(dealer.outcome, dtype="<i2").astype(np.int16)


def _codes(
    dealer: Dealer, values: npt.NDArray[np.int8], ranks: npt.NDArray[np.int8]
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """State codes and cards used, from values (6, R) and ranks (at least 4, R) in dealing order."""
    p1, p2 = dealer.player_columns
    b1, b2 = dealer.banker_columns
    index = values[p1].astype(np.int32)
    index += values[p2]
    index *= _SUMS
    index += values[b1]
    index += values[b2]
    index *= 10
    index += values[4]
    index *= 10
    index += values[5]
    partial = _outcome_array(dealer)[index]
    used = (partial & 1) + ((partial >> 1) & 1) + 4
    codes = partial * 4
    codes += (ranks[p1] == ranks[p2]) * np.int16(2)
    codes += ranks[b1] == ranks[b2]
    return codes, used


def final_codes(dealer: Dealer, cards: npt.ArrayLike) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Deal card sequences: ``cards`` is (R, 6) rank indices in dealing order.

    Returns each round's state code and the number of cards it used (4-6).
    This is the function the tests compare with the round engine.
    """
    ranks = np.ascontiguousarray(np.asarray(cards, dtype=np.int8).T)
    if ranks.ndim != 2 or ranks.shape[0] != CARDS_PER_ROUND:
        raise InputError("Card sequences must be given six cards per round.")
    return _codes(dealer, _VALUES[ranks], ranks)


def _positions(rng: np.random.Generator, size: int, rounds: int) -> npt.NDArray[np.integer]:
    """(6, rounds) distinct positions in a shoe of ``size`` cards, uniformly over ordered dealings."""
    dtype = np.int16 if size <= np.iinfo(np.int16).max else np.int32
    positions = rng.integers(0, size, size=(CARDS_PER_ROUND, rounds), dtype=dtype)
    todo = np.flatnonzero(_repeats(positions))
    while todo.size:
        fresh = rng.integers(0, size, size=(CARDS_PER_ROUND, todo.size), dtype=dtype)
        bad = _repeats(fresh)
        good = ~bad
        positions[:, todo[good]] = fresh[:, good]
        todo = todo[bad]
    return positions


def _repeats(positions: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """True for each round (column) in which some position is drawn twice."""
    repeated = np.zeros(positions.shape[1], dtype=bool)
    same = np.empty_like(repeated)
    for i in range(1, CARDS_PER_ROUND):
        for j in range(i):
            np.equal(positions[i], positions[j], out=same)
            repeated |= same
    return repeated


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

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            rounds=self.rounds + other.rounds,
            states=tuple(a + b for a, b in zip(self.states, other.states)),
            shoes=self.shoes + other.shoes,
            shoe_rounds_squared=self.shoe_rounds_squared + other.shoe_rounds_squared,
            shoe_moments=tuple((a + c, b + d) for (a, b), (c, d) in zip(self.shoe_moments, other.shoe_moments)),
        )


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


def run_chunk(task: Task) -> Tally:
    """Deal one chunk (``size`` rounds in top mode, ``size`` shoes in shoe mode)."""
    rng = np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(task.chunk,)))
    if task.mode == "top":
        return _top_chunk(task.dealer, rng, task.size)
    return _shoe_chunk(task, rng)


def _top_chunk(dealer: Dealer, rng: np.random.Generator, rounds: int) -> Tally:
    rank_of = np.repeat(np.arange(len(RANKS), dtype=np.int8), dealer.counts)
    value_of = _VALUES[rank_of]
    states = np.zeros(STATES, dtype=np.int64)
    done = 0
    while done < rounds:
        batch = min(_BATCH_ROUNDS, rounds - done)
        positions = _positions(rng, dealer.size, batch)
        codes, _ = _codes(dealer, value_of[positions], rank_of[positions[:4]])
        states += np.bincount(codes, minlength=STATES)
        done += batch
    return Tally(rounds=rounds, states=tuple(int(n) for n in states))


def deal_shoes(
    dealer: Dealer, shoes: npt.ArrayLike, cut_card: int
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Deal shuffled shoes to the cut card: ``shoes`` is (M, N) rank indices in dealing order.

    Returns two (rounds of the longest shoe, M) arrays, round after round:
    the state codes (a shoe that has ended reads :data:`STATES`) and the
    cards each round used (0 once a shoe has ended). A round begins only while
    fewer than N - ``cut_card`` cards are dealt; it is always finished.
    This is the function the tests compare with the round engine dealing
    the same shoes.
    """
    ranks = np.ascontiguousarray(np.asarray(shoes, dtype=np.int8))
    count, size = ranks.shape
    flat_ranks = ranks.ravel()
    flat_values = _VALUES[flat_ranks]
    starts = np.arange(count, dtype=np.int64) * size
    dealt = np.zeros(count, dtype=np.int64)
    offsets = np.arange(CARDS_PER_ROUND)[:, None]
    history, uses = [], []
    active = dealt < size - cut_card
    while active.any():
        index = (starts + np.minimum(dealt, size - CARDS_PER_ROUND))[None, :] + offsets
        codes, used = _codes(dealer, flat_values[index], flat_ranks[index[:4]])
        history.append(np.where(active, codes, np.int16(STATES)))
        uses.append(np.where(active, used, np.int16(0)))
        dealt += uses[-1]
        active = dealt < size - cut_card
    shape = (len(history), count)
    return np.array(history, dtype=np.int16).reshape(shape), np.array(uses, dtype=np.int16).reshape(shape)


def _shoe_chunk(task: Task, rng: np.random.Generator) -> Tally:
    base = np.repeat(np.arange(len(RANKS), dtype=np.int8), task.dealer.counts)
    statistics = [np.array(s + (0,), dtype=np.int64) for s in task.statistics]
    states = np.zeros(STATES + 1, dtype=np.int64)
    rounds = rounds_squared = 0
    moments = [[0, 0] for _ in statistics]
    done = 0
    while done < task.size:
        shoes = np.tile(base, (min(_BATCH_SHOES, task.size - done), 1))
        rng.permuted(shoes, axis=1, out=shoes)
        played, _ = deal_shoes(task.dealer, shoes, task.cut_card)
        states += np.bincount(played.ravel(), minlength=STATES + 1)
        per_shoe = np.count_nonzero(played != STATES, axis=0).astype(np.int64)
        rounds += int(per_shoe.sum())
        rounds_squared += int((per_shoe * per_shoe).sum())
        for moment, statistic in zip(moments, statistics):
            sums = statistic[played].sum(axis=0)
            moment[0] += int((sums * sums).sum())
            moment[1] += int((per_shoe * sums).sum())
        done += len(shoes)
    return Tally(
        rounds=rounds,
        states=tuple(int(n) for n in states[:STATES]),
        shoes=task.size,
        shoe_rounds_squared=rounds_squared,
        shoe_moments=tuple((a, b) for a, b in moments),
    )


# --------------------------------------------------------------- verdicts


@dataclass(frozen=True, slots=True)
class Statistic:
    """What is measured for one wager: its net return per unit, or, with no pay table, how often it qualifies.

    ``values[c]`` is the statistic for state code ``c``, an integer in units
    of ``1/scale``: exact, and summable by numpy.
    """

    wager: Wager
    kind: Literal["return", "frequency"]
    values: tuple[int, ...]
    scale: int


def statistic_for(wager: Wager) -> Statistic:
    """The per-state statistic of ``wager``: net return per unit, or 1 for an outcome with no pay."""
    outcomes = [settle(wager, code_state(c)) for c in range(STATES)]
    assert all(o is not None for o in outcomes)
    if wager.has_pay_table:
        pays = [Fraction(0) if o is None or o.pays is None else o.pays for o in outcomes]
        scale = math.lcm(*(p.denominator for p in pays))
        return Statistic(wager, "return", tuple(int(p * scale) for p in pays), scale)
    return Statistic(wager, "frequency", tuple(int(o is not None and o.pays is None) for o in outcomes), 1)


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


def _check(statistic: Statistic, tally: Tally, index: int, exact_counts: dict[int, int], denominator: int,
           mode: Mode) -> WagerCheck:
    scale = statistic.scale
    total = sum(n * statistic.values[c] for c, n in enumerate(tally.states) if n)
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
    statistics = tuple(statistic_for(w) for w in chosen)
    distribution = count_deals(shoe, rules.drawing)  # the counts the par sheets report
    third_cards = sum(n * ((s.player_cards == 3) + (s.banker_cards == 3)) for s, n in distribution.counts.items())
    cards_per_round = 4 + Fraction(third_cards, distribution.denominator)
    dealer = dealer_for(rules, shoe)
    shoe_statistics = tuple(s.values for s in statistics) if mode == "shoe" else ()
    tasks = tuple(
        Task(dealer=dealer, mode=mode, seed=seed, chunk=i, size=n, cut_card=cut_card if mode == "shoe" else 0,
             statistics=shoe_statistics)
        for i, n in enumerate(plan_chunks(mode, rounds, cards_per_round, shoe.size, cut_card))
    )
    return Plan(
        rules=rules, shoe=shoe, mode=mode, seed=seed, cut_card=cut_card, tasks=tasks, statistics=statistics,
        exact_counts=tuple(sorted((state_code(s), n) for s, n in distribution.counts.items())),
        cards_per_round=cards_per_round,
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
        _check(s, tally, i, exact_counts, planned.denominator, planned.mode) for i, s in enumerate(planned.statistics)
    )
    return Simulation(plan=planned, tally=tally, checks=checks, seconds=seconds, where=executor.description)
