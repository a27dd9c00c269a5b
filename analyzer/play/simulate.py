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
    The work is cut into chunks of a fixed size (:data:`~analyzer.play.chunks.CHUNK_ROUNDS`,
    :data:`~analyzer.play.chunks.CHUNK_SHOES`) whatever the number of workers; chunk ``i`` draws
    from ``numpy.random.SeedSequence(seed, spawn_key=(i,))``. A chunk's result
    is a :class:`ChunkTally` of exact integers, and tallies add exactly, so the
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

from ..errors import InputError, shown
from ..exact.fastcount import count_deals
from ..exact.lightning import lightning_counts
from ..exact.outcomes import path_of
from ..game.needs import Needs, needs_of
from ..game.rules import RuleSet
from ..game.settle import settle
from ..game.shoe import Shoe
from ..game.wager import Wager
from .chunks import CHUNK_ROUNDS, CHUNK_SHOES, MODES, Chunks, ChunkTally, Mode, Task, run_chunk
from .dealer import (
    STATES,
    code_state,
    dealer_for,
    state_code,
)
from .executor import Executor
from .lightning import LightningDraw, draw_for, exact_moments, key_pays
from .records import CardIndices

CONFIDENCE = Fraction(999, 1000)
Z_CRITICAL = NormalDist().inv_cdf(1 - (1 - float(CONFIDENCE)) / 2)
"""3.2905...: a 99.9% two-sided interval is the observed mean plus or minus this many standard errors."""


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
    lightning: int | None = None
    """For a wager with lightning multipliers, the index of its draw in :attr:`Task.lightning`; ``values`` is then
    empty (:func:`analyzer.play.lightning.key_pays` nets each key)."""


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
    """The statistic of ``wager`` for each record code of ``needs`` (settled all at once, by
    :mod:`analyzer.exact.settlement`)."""
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


def _lightning_check(statistic: Statistic, tally: ChunkTally, exact: tuple[Fraction, Fraction]) -> WagerCheck:
    """A lightning wager's check (top mode): the observed net over the keys tallied against its exact moments."""
    assert statistic.lightning is not None
    observed = (
        sum((n * key_pays(statistic.wager, key) for key, n in tally.lightning[statistic.lightning]), Fraction(0))
        / tally.rounds
    )
    mean, square = exact
    exact_sd = math.sqrt(square - mean * mean)
    standard_error = exact_sd / math.sqrt(tally.rounds)
    z = None if standard_error == 0 else float(observed - mean) / standard_error
    half = Z_CRITICAL * standard_error
    return WagerCheck(
        statistic, observed, mean, exact_sd, standard_error, z, float(observed) - half, float(observed) + half
    )


def _check(
    statistic: Statistic, tally: ChunkTally, index: int, exact_counts: Mapping[int, int], denominator: int, mode: Mode
) -> WagerCheck:
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
    return WagerCheck(
        statistic, observed, exact, exact_sd, standard_error, z, float(observed) - half, float(observed) + half
    )


def _shoe_standard_error(tally: ChunkTally, index: int, observed: Fraction, scale: int) -> float:
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


def plan_total(mode: Mode, rounds: int, cards_per_round: Fraction, shoe_size: int, cut_card: int) -> tuple[int, int]:
    """What a run deals in all, and per chunk: rounds (top) or shoes (shoe).

    In shoe mode, ``rounds`` asks for about that many rounds: the number of
    shoes is the rounds times the expected cards per round over the cards
    dealt before the cut card, rounded up.
    """
    if mode == "top":
        return rounds, CHUNK_ROUNDS
    return max(1, math.ceil(rounds * cards_per_round / (shoe_size - cut_card))), CHUNK_SHOES


@dataclass(frozen=True, slots=True)
class Plan:
    """A run decided before any card is dealt: the chunks, and the exact figures they are checked against."""

    rules: RuleSet
    shoe: Shoe
    mode: Mode
    seed: int
    cut_card: int
    tasks: Chunks
    statistics: tuple[Statistic, ...]
    exact_counts: tuple[tuple[int, int], ...]
    """(state code, ordered six-card dealings) from the enumerator."""
    cards_per_round: Fraction
    """The exact expected number of cards a round uses: 4 plus the chances of each third card."""
    records: tuple[Needs, ...] = ()
    """What the wagers beyond a final state read (see :attr:`Statistic.records`)."""
    record_counts: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per needs, (record code, ordered six-card dealings) from the exact class counts."""
    lightning_moments: tuple[tuple[Fraction, Fraction], ...] = ()
    """Per lightning wager (in :attr:`Task.lightning` order), its exact mean and mean square net per unit."""

    def moment_index(self, statistic: Statistic) -> int:
        """Where the statistic's shoe moments are in :attr:`ChunkTally.shoe_moments`.

        Final-state ones come first, then record ones.
        """
        state = [s for s in self.statistics if s.records is None]
        if statistic.records is None:
            return state.index(statistic)
        return len(state) + [s for s in self.statistics if s.records is not None].index(statistic)

    @property
    def chunk_size(self) -> int:
        return self.tasks[0].size

    @property
    def chunks(self) -> int:
        return len(self.tasks)

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
        raise InputError(f"Mode {shown(mode)} is unknown; use top or shoe.")
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
    lit = tuple(w for w in chosen if w.lightning is not None)
    if lit and mode == "shoe":
        raise InputError(
            f"Wager {shown(lit[0].name)} has lightning multipliers; the simulation draws lightning cards "
            "in top mode only (use --mode top, or leave the wager out)."
        )
    records = tuple(dict.fromkeys(needs_of(w) for w in chosen if path_of(w) == "records" or w.lightning is not None))
    record_counts = []
    for needs in records:
        from ..exact.classcount import count_records  # the counts the par sheets report for these wagers

        record_counts.append(
            tuple(sorted((needs.encode(r), n) for r, n in count_records(shoe, rules.drawing, needs).items()))
        )
    draws = tuple(
        _draw(w, needs_of(w), records.index(needs_of(w)), record_counts[records.index(needs_of(w))]) for w in lit
    )
    statistics = tuple(
        Statistic(w, "return", {}, 1, records.index(needs_of(w)), lit.index(w))
        if w.lightning is not None
        else statistic_for(w)
        if path_of(w) != "records"
        else record_statistic(
            w, needs_of(w), [c for c, _ in record_counts[records.index(needs_of(w))]], records.index(needs_of(w))
        )
        for w in chosen
    )
    distribution = count_deals(shoe, rules.drawing)  # the counts the par sheets report
    third_cards = sum(n * ((s.player_cards == 3) + (s.banker_cards == 3)) for s, n in distribution.counts.items())
    cards_per_round = 4 + Fraction(third_cards, distribution.denominator)
    dealer = dealer_for(rules, shoe)
    shoe_statistics = tuple(s.values for s in statistics if isinstance(s.values, tuple)) if mode == "shoe" else ()
    record_statistics = (
        tuple(
            (s.records, tuple(sorted(s.values.items())))
            for s in statistics
            if s.records is not None and isinstance(s.values, dict)
        )
        if mode == "shoe"
        else ()
    )
    universe = CardIndices.of(shoe, records, typed=bool(lit)) if records else None
    total, per_chunk = plan_total(mode, rounds, cards_per_round, shoe.size, cut_card)
    template = Task(
        dealer=dealer,
        mode=mode,
        seed=seed,
        chunk=0,
        size=0,
        cut_card=cut_card if mode == "shoe" else 0,
        statistics=shoe_statistics,
        universe=universe,
        records=records,
        record_statistics=record_statistics,
        lightning=draws,
    )
    tasks = Chunks(template, total, per_chunk)
    return Plan(
        rules=rules,
        shoe=shoe,
        mode=mode,
        seed=seed,
        cut_card=cut_card,
        tasks=tasks,
        statistics=statistics,
        exact_counts=tuple(sorted((state_code(s), n) for s, n in distribution.counts.items())),
        cards_per_round=cards_per_round,
        records=records,
        record_counts=tuple(record_counts),
        lightning_moments=tuple(exact_moments(w, lightning_counts(rules, shoe, w)) for w in lit),
    )


def _draw(wager: Wager, needs: Needs, index: int, counts: tuple[tuple[int, int], ...]) -> LightningDraw:
    """The lightning draw of ``wager``, with its row for each record code a deal can reach."""
    from ..exact.settlement import first_rows

    codes = [c for c, _ in counts]
    records = np.array([needs.decode(c) for c in codes], dtype=np.int64).reshape(len(codes), len(needs.fields()))
    return draw_for(wager, index, tuple(codes), tuple(first_rows(wager, needs, records).tolist()))


@dataclass(frozen=True, slots=True)
class Simulation:
    """A finished run: its plan, the combined tally, a check per wager, and how long it took."""

    plan: Plan
    tally: ChunkTally
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
    tally: ChunkTally | None = None
    for more in executor.map(run_chunk, planned.tasks, progress):  # in chunk order, added as they come
        tally = more if tally is None else tally + more
    seconds = time.perf_counter() - started
    assert tally is not None, "a plan has at least one chunk"
    exact_counts = dict(planned.exact_counts)
    checks = tuple(
        _lightning_check(s, tally, planned.lightning_moments[s.lightning])
        if s.lightning is not None
        else _check(
            s,
            tally,
            planned.moment_index(s),
            exact_counts if s.records is None else dict(planned.record_counts[s.records]),
            planned.denominator,
            planned.mode,
        )
        for s in planned.statistics
    )
    return Simulation(plan=planned, tally=tally, checks=checks, seconds=seconds, where=executor.description)
