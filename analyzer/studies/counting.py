"""The counting study: how much a player who sees the cards can win on one wager.

Shoes of ``decks`` decks are shuffled and dealt round after round until the
cut card: a round is dealt while more than ``cut_card`` cards remain (the
round during which the cut card comes out is finished, and is the last; no
card is burned). Before each round the exact expected value of the wager on
the cards remaining is computed (:func:`analyzer.exact.batch.expected_values`),
and one unit is bet

* ``perfect``: when that expected value is above zero (the most any player
  can win with flat bets: an upper bound for every count);
* ``count``: when the true count (running count of the tags of every card
  dealt from the shoe, per 52 cards remaining) is at least ``threshold``.

Per shoe the study records the rounds dealt, the rounds with a positive
expected value, the bets, the units won (exact, from the cards dealt) and
the units expected (the exact expected values of the bets placed, summed: the
same mean as the units won with far less noise).

Reproducibility: shoe ``i`` is shuffled by a generator seeded from
``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the ``i``-th of
``SeedSequence(seed).spawn(shoes)``, made without making the others), and
shoes go to the executor in chunks of a fixed size, so the result is
identical for any number of workers and for a Dask cluster.

Memory is flat in the number of shoes: chunks are made as the executor
takes them, and each shoe's result is added into exact running sums
(:class:`ShoeTotals`) as it comes back, in shoe order.

Dealing: the shoes are dealt by :func:`analyzer.play.dealer.deal_shoes`, the
simulator's vectorized dealer (the rule set's dealing order and drawing
tables), which the tests hold card for card to the round engine of
:mod:`analyzer.play.engine` dealing the same shoes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..errors import InputError, shown
from ..exact.batch import expected_values
from ..game.cards import RANKS, parse_rank
from ..game.rules import RuleSet
from ..game.settle import pays_by_view, view_index
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..play.dealer import STATES, code_state, deal_shoes, dealer_for
from ..play.executor import Executor, Progress

Play = Literal["perfect", "count"]
PLAYS: tuple[str, ...] = ("perfect", "count")
SHOES_PER_TASK = 20
"""Shoes per executor task: fixed, so that results do not depend on the number of workers."""
CARDS_PER_DECK = 52
Z_95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


@dataclass(frozen=True, slots=True)
class Study:
    """What to deal and how to bet. ``tags`` and ``threshold`` matter only for ``play == "count"``."""

    rules: RuleSet
    wager: str
    shoes: int
    decks: int
    cut_card: int
    play: Play
    seed: int
    tags: tuple[int, ...] = (0,) * len(RANKS)
    threshold: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        wager = self.rules.wager(self.wager)
        if not wager.has_pay_table:
            raise InputError(f"Wager {wager.name} has no pay table, so a counting study has nothing to win.")
        if self.shoes < 1:
            raise InputError(f"--shoes must be at least 1, got {self.shoes}.")
        if self.decks < 1:
            raise InputError(f"--decks must be at least 1, got {self.decks}.")
        cards = CARDS_PER_DECK * self.decks
        if not CARDS_PER_ROUND - 1 <= self.cut_card <= cards - CARDS_PER_ROUND:
            raise InputError(
                f"--cut-card {self.cut_card} is outside {CARDS_PER_ROUND - 1}..{cards - CARDS_PER_ROUND}: "
                f"a round needs up to {CARDS_PER_ROUND} cards, and a {self.decks}-deck shoe has {cards}."
            )
        if self.play not in PLAYS:
            raise InputError(f"--play {shown(self.play)} is not one of {', '.join(PLAYS)}.")
        if len(self.tags) != len(RANKS):
            raise InputError(f"--tags needs one tag per rank ({len(RANKS)}), got {len(self.tags)}.")
        if self.seed < 0:
            raise InputError(f"--seed must be at least 0, got {self.seed}.")


@dataclass(frozen=True, slots=True)
class ShoeResult:
    """One shoe dealt to the cut card."""

    rounds: int
    positive: int
    bets: int
    won: Fraction
    expected: Fraction


@dataclass(frozen=True, slots=True)
class ShoeTotals:
    """Exact running sums over shoes: what the summary's means and intervals need, in memory that does not grow.

    ``len()`` is the number of shoes. Per shoe i with r_i rounds and v_i
    units (won, or expected): the sums of r, r^2, v, v^2 and r v, for both
    kinds of v. Added shoe by shoe in shoe order, so equal studies give
    equal totals.
    """

    count: int = 0
    rounds: int = 0
    positive: int = 0
    bets: int = 0
    rounds_squared: int = 0
    won: Fraction = Fraction(0)
    won_squared: Fraction = Fraction(0)
    won_rounds: Fraction = Fraction(0)
    expected: Fraction = Fraction(0)
    expected_squared: Fraction = Fraction(0)
    expected_rounds: Fraction = Fraction(0)

    def __len__(self) -> int:
        return self.count

    def add(self, shoe: ShoeResult) -> ShoeTotals:
        r, w, e = shoe.rounds, shoe.won, shoe.expected
        return ShoeTotals(
            self.count + 1, self.rounds + r, self.positive + shoe.positive, self.bets + shoe.bets,
            self.rounds_squared + r * r, self.won + w, self.won_squared + w * w, self.won_rounds + w * r,
            self.expected + e, self.expected_squared + e * e, self.expected_rounds + e * r,
        )

    def moments(self, expected: bool) -> tuple[Fraction, Fraction, Fraction]:
        """Sums of v, v^2 and r v, for the units expected or won."""
        if expected:
            return self.expected, self.expected_squared, self.expected_rounds
        return self.won, self.won_squared, self.won_rounds


@dataclass(frozen=True, slots=True)
class Summary:
    """The study's exact totals over every shoe, and the figures derived from them."""

    study: Study
    shoes: ShoeTotals

    @property
    def rounds(self) -> int:
        return self.shoes.rounds

    @property
    def positive(self) -> int:
        return self.shoes.positive

    @property
    def bets(self) -> int:
        return self.shoes.bets

    @property
    def won(self) -> Fraction:
        return self.shoes.won

    @property
    def expected(self) -> Fraction:
        return self.shoes.expected

    def per_shoe(self, expected: bool = False) -> tuple[float, float]:
        """Units won per shoe (or expected, from the exact EVs): mean and 95% half-width (normal)."""
        n = len(self.shoes)
        total, squares, _ = self.shoes.moments(expected)
        mean = total / n
        if n < 2:
            return float(mean), math.nan
        variance = (squares - total * mean) / (n - 1)  # sum (v - mean)^2, exactly
        return float(mean), Z_95 * math.sqrt(variance / n)

    def per_100_rounds(self, expected: bool = False) -> tuple[float, float]:
        """Units per 100 rounds dealt: ratio of totals, 95% half-width by the delta method over shoes."""
        n = len(self.shoes)
        total, squares, cross = self.shoes.moments(expected)
        ratio = total / self.shoes.rounds
        if n < 2:
            return float(100 * ratio), math.nan
        # sum (v - ratio r)^2, exactly, from the running sums
        residual = (squares - 2 * ratio * cross + ratio * ratio * self.shoes.rounds_squared) / (n - 1)
        mean_rounds = Fraction(self.shoes.rounds, n)
        return float(100 * ratio), 100 * Z_95 * math.sqrt(residual / n) / float(mean_rounds)


def default_count(rules: RuleSet, wager: str, decks: int) -> tuple[tuple[int, ...], Fraction]:
    """The balanced count of the wager's effects of removal (full shoe of ``decks`` decks) and its break-even true count.

    Raises :class:`InputError` when no linear count follows the wager (every
    effect is zero, as for the Pair bets): the user must give ``--tags`` and
    ``--threshold``.
    """
    from ..game.shoe import Shoe
    from .eor import balanced_count, break_even_true_count, effects_of_removal

    (effects,) = effects_of_removal(rules, Shoe.decks(decks), (wager,))
    count = balanced_count(effects)
    threshold = break_even_true_count(effects, count.tags)
    if not count.countable or threshold is None:
        raise InputError(
            f"Every effect of removal on {wager} is 0, so no linear count follows it; give --tags and --threshold."
        )
    return count.tags, threshold


def run(study: Study, executor: Executor, progress: Progress | None = None) -> Summary:
    """Deal every shoe of the study on ``executor``; identical for any executor and worker count."""
    tasks = ((study, first, min(SHOES_PER_TASK, study.shoes - first)) for first in range(0, study.shoes, SHOES_PER_TASK))
    totals = ShoeTotals()
    for chunk in executor.map(play_chunk, tasks, progress):  # in shoe order
        for shoe in chunk:
            totals = totals.add(shoe)
    return Summary(study=study, shoes=totals)


def play_chunk(task: tuple[Study, int, int]) -> list[ShoeResult]:
    """Deal and bet shoes ``first`` to ``first + count - 1`` of the study (an executor task of plain data)."""
    study, first, count = task
    return play_shoes((study, [np.random.SeedSequence(study.seed, spawn_key=(i,)) for i in range(first, first + count)]))


COMPOSITIONS_PER_BATCH = 4096
"""Cards-left compositions sent to the exact batch at once, on 64-bit integers (up to 13 decks)."""
COMPOSITIONS_PER_BIG_BATCH = 128
"""The same for larger shoes, whose counts need Python integers (far more memory each): memory stays flat."""
_INT64_CARDS = 719
"""The largest shoe the batch counts on 64-bit integers (64 N^6 < 2^63, see :mod:`analyzer.exact.batch`)."""


def play_shoes(task: tuple[Study, Sequence[np.random.SeedSequence]]) -> list[ShoeResult]:
    """Deal and bet a chunk of shoes, one per seed."""
    study, seeds = task
    wager = study.rules.wager(study.wager)
    pays = pays_by_view(wager)
    shoe = Shoe.decks(study.decks)
    deck = np.repeat(np.arange(len(RANKS)), shoe.counts)
    shuffled = np.array([np.random.default_rng(seed).permutation(deck) for seed in seeds])
    codes, used = deal_shoes(dealer_for(study.rules, shoe), shuffled, study.cut_card)
    dealt_shoes = [
        _deal_shoe(shuffled[j], codes[:, j], used[:, j], study, wager.side, pays) for j in range(len(seeds))
    ]
    compositions = [c for dealt in dealt_shoes for c in dealt.compositions]
    evs: list[Fraction] = []
    step = COMPOSITIONS_PER_BATCH if shoe.size <= _INT64_CARDS else COMPOSITIONS_PER_BIG_BATCH
    for start in range(0, len(compositions), step):
        batch = expected_values(study.rules, [study.wager], compositions[start : start + step])
        evs.extend(batch.expected_value(i, 0) for i in range(len(batch.dealings)))
    results = []
    at = 0
    for dealt in dealt_shoes:
        rounds = len(dealt.results)
        positive = bets = 0
        won = expected = Fraction(0)
        for k in range(rounds):
            ev = evs[at + k]
            positive += ev > 0
            bet = ev > 0 if study.play == "perfect" else dealt.true_counts[k] >= study.threshold
            if bet:
                bets += 1
                won += dealt.results[k]
                expected += ev
        at += rounds
        results.append(ShoeResult(rounds=rounds, positive=positive, bets=bets, won=won, expected=expected))
    return results


@dataclass(frozen=True, slots=True)
class _DealtShoe:
    compositions: list[npt.NDArray[np.int64]]  # rank counts left before each round
    true_counts: list[Fraction]  # before each round
    results: list[Fraction]  # what one unit on the wager netted in each round


def _deal_shoe(
    cards: npt.NDArray[np.int64],
    codes: npt.NDArray[np.int16],
    used: npt.NDArray[np.int16],
    study: Study,
    side: str,
    pays: Sequence[Fraction | None],
) -> _DealtShoe:
    """One shoe's rounds, as :func:`analyzer.play.dealer.deal_shoes` dealt them: what was left, counted, won."""
    seen = np.zeros((len(cards) + 1, len(RANKS)), dtype=np.int64)
    seen[1:] = np.cumsum(np.eye(len(RANKS), dtype=np.int64)[cards], axis=0)
    full = seen[-1]
    running = np.concatenate(([0], np.cumsum(np.array(study.tags, dtype=np.int64)[cards])))
    shoe = _DealtShoe(compositions=[], true_counts=[], results=[])
    at = 0
    for code, n in zip(codes.tolist(), used.tolist()):
        if code == STATES:
            break
        shoe.compositions.append(full - seen[at])
        shoe.true_counts.append(Fraction(int(running[at]) * CARDS_PER_DECK, len(cards) - at))
        state = code_state(code)
        if side == "player":
            view = view_index(state.player_total, state.banker_total, state.player_cards, state.player_pair)
        else:
            view = view_index(state.banker_total, state.player_total, state.banker_cards, state.banker_pair)
        pay = pays[view]
        assert pay is not None, "a study's wager has a pay table"
        shoe.results.append(pay)
        at += n
    return shoe


_TAG = re.compile(r"\s*([^=\s,]+)\s*=\s*(-?\d{1,3})\s*")
_THRESHOLD = re.compile(r"-?\d{1,6}(?:\.\d{1,6})?")


def parse_tags(text: str) -> tuple[int, ...]:
    """Tags per rank: ``A=1,2=1,...`` (every rank named once; T J Q K may be written as ``T=...`` each)
    or thirteen whole numbers in A 2 ... 9 T J Q K order.

    >>> parse_tags("0 1 1 2 -1 -2 -2 -1 0 0 0 0 0")
    (0, 1, 1, 2, -1, -2, -2, -1, 0, 0, 0, 0, 0)
    """
    if "=" not in text:
        numbers = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        if len(numbers) != len(RANKS) or not all(re.fullmatch(r"-?\d{1,3}", t) for t in numbers):
            raise InputError(
                f"--tags {shown(text)} is not {len(RANKS)} whole numbers (A 2 3 4 5 6 7 8 9 T J Q K) nor RANK=TAG pairs such as 'A=1,2=1,...'."
            )
        return tuple(int(t) for t in numbers)
    tags: dict[str, int] = {}
    for part in text.split(","):
        match = _TAG.fullmatch(part)
        if not match:
            raise InputError(f"--tags: {shown(part.strip())} is not RANK=TAG, e.g. 'A=1' or 'K=-2'.")
        rank = parse_rank(match.group(1))
        if rank in tags:
            raise InputError(f"--tags names rank {rank} twice.")
        tags[rank] = int(match.group(2))
    missing = [r for r in RANKS if r not in tags]
    if missing:
        raise InputError(f"--tags gives no tag for {' '.join(missing)}; name every rank once.")
    return tuple(tags[r] for r in RANKS)


def parse_threshold(text: str) -> Fraction:
    """A true-count threshold: a whole number or a decimal, e.g. ``3`` or ``-1.5``."""
    if not _THRESHOLD.fullmatch(text.strip()):
        raise InputError(f"--threshold {shown(text)} is not a number such as 3 or -1.5.")
    return Fraction(text.strip())
