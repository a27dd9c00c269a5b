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
``numpy.random.SeedSequence(seed).spawn(shoes)[i]``, and shoes go to the
executor in chunks of a fixed size, so the result is identical for any
number of workers and for a Dask cluster.

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

from ..errors import InputError
from ..exact.batch import expected_values
from ..exact.outcomes import path_of
from ..game.cards import RANKS, parse_rank
from ..game.needs import Needs, RecordView, needs_of
from ..game.rules import RuleSet, Wager
from ..game.settle import pays_by_view, settle, settle_round, state_view
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..play.dealer import STATES, code_state, deal_shoes_with_records, dealer_for
from ..play.executor import Executor, Progress
from ..play.records import Universe

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
            raise InputError(f"--play {self.play!r} is not one of {', '.join(PLAYS)}.")
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
class Summary:
    """The study's exact totals over every shoe, in shoe order, and the figures derived from them."""

    study: Study
    shoes: tuple[ShoeResult, ...]

    @property
    def rounds(self) -> int:
        return sum(s.rounds for s in self.shoes)

    @property
    def positive(self) -> int:
        return sum(s.positive for s in self.shoes)

    @property
    def bets(self) -> int:
        return sum(s.bets for s in self.shoes)

    @property
    def won(self) -> Fraction:
        return sum((s.won for s in self.shoes), Fraction(0))

    @property
    def expected(self) -> Fraction:
        return sum((s.expected for s in self.shoes), Fraction(0))

    def per_shoe(self, expected: bool = False) -> tuple[float, float]:
        """Units won per shoe (or expected, from the exact EVs): mean and 95% half-width (normal)."""
        values = [s.expected if expected else s.won for s in self.shoes]
        mean = sum(values, Fraction(0)) / len(values)
        if len(values) < 2:
            return float(mean), math.nan
        variance = sum(((v - mean) ** 2 for v in values), Fraction(0)) / (len(values) - 1)
        return float(mean), Z_95 * math.sqrt(variance / len(values))

    def per_100_rounds(self, expected: bool = False) -> tuple[float, float]:
        """Units per 100 rounds dealt: ratio of totals, 95% half-width by the delta method over shoes."""
        values = [s.expected if expected else s.won for s in self.shoes]
        rounds = [s.rounds for s in self.shoes]
        ratio = sum(values, Fraction(0)) / sum(rounds)
        n = len(values)
        if n < 2:
            return float(100 * ratio), math.nan
        residual = sum(((v - ratio * r) ** 2 for v, r in zip(values, rounds)), Fraction(0)) / (n - 1)
        mean_rounds = Fraction(sum(rounds), n)
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
    seeds = np.random.SeedSequence(study.seed).spawn(study.shoes)
    tasks = [(study, seeds[i : i + SHOES_PER_TASK]) for i in range(0, study.shoes, SHOES_PER_TASK)]
    results = executor.run(play_shoes, tasks, progress)
    return Summary(study=study, shoes=tuple(shoe for chunk in results for shoe in chunk))


def play_shoes(task: tuple[Study, Sequence[np.random.SeedSequence]]) -> list[ShoeResult]:
    """Deal and bet a chunk of shoes (an executor task: a module-level function of plain data).

    A wager that reads suits is dealt card by card type, and its expected
    values are computed from counts of the 52 types (:mod:`analyzer.exact.batchall`).
    """
    study, seeds = task
    wager = study.rules.wager(study.wager)
    records = (needs_of(wager),) if path_of(wager) == "records" else ()
    shoe = Shoe.decks(study.decks)
    universe = Universe.of(shoe, records) if records else Universe(False, shoe.counts)
    deck = np.repeat(np.arange(len(universe.counts)), universe.counts)
    shuffled = np.array([np.random.default_rng(seed).permutation(deck) for seed in seeds])
    codes, used, recorded = deal_shoes_with_records(dealer_for(study.rules, shoe), shuffled, study.cut_card, universe, records)
    net = _Net(wager, records[0] if records else None)
    dealt_shoes = [
        _deal_shoe(shuffled[j], codes[:, j], used[:, j], recorded[0][:, j] if records else None, study, universe, net)
        for j in range(len(seeds))
    ]
    compositions = [c for dealt in dealt_shoes for c in dealt.compositions]
    values = expected_values(study.rules, [study.wager], compositions) if compositions else None
    results = []
    at = 0
    for dealt in dealt_shoes:
        rounds = len(dealt.results)
        positive = bets = 0
        won = expected = Fraction(0)
        for k in range(rounds):
            assert values is not None
            ev = values.expected_value(at + k, 0)
            positive += ev > 0
            bet = ev > 0 if study.play == "perfect" else dealt.true_counts[k] >= study.threshold
            if bet:
                bets += 1
                won += dealt.results[k]
                expected += ev
        at += rounds
        results.append(ShoeResult(rounds=rounds, positive=positive, bets=bets, won=won, expected=expected))
    return results


class _Net:
    """What one unit on the wager nets in a dealt round, from its state code (or its record code), remembered per code."""

    def __init__(self, wager: Wager, needs: Needs | None) -> None:
        self.wager, self.needs = wager, needs
        self.known: dict[int, Fraction] = {}
        self.views = pays_by_view(wager) if wager.side_view_only else None

    def __call__(self, code: int, record: int | None) -> Fraction:
        key = code if record is None else record
        if key not in self.known:
            self.known[key] = self._pays(code, record)
        return self.known[key]

    def _pays(self, code: int, record: int | None) -> Fraction:
        state = code_state(code)
        if self.views is not None:
            side = self.wager.side
            assert side is not None
            pays = self.views[state_view(side, state)]
        elif record is None:
            row = settle(self.wager, state)
            pays = None if row is None else row.pays
        else:
            assert self.needs is not None
            row = settle_round(self.wager, RecordView(self.needs, self.needs.decode(record)))
            pays = None if row is None else row.pays
        assert pays is not None, "a study's wager has a pay table"
        return pays


@dataclass(frozen=True, slots=True)
class _DealtShoe:
    compositions: list[npt.NDArray[np.int64]]  # counts left before each round (by rank, or by card type)
    true_counts: list[Fraction]  # before each round
    results: list[Fraction]  # what one unit on the wager netted in each round


def _deal_shoe(
    cards: npt.NDArray[np.int64],
    codes: npt.NDArray[np.int16],
    used: npt.NDArray[np.int16],
    records: npt.NDArray[np.int64] | None,
    study: Study,
    universe: Universe,
    net: _Net,
) -> _DealtShoe:
    """One shoe's rounds, as the vectorized dealer dealt them: what was left, counted, won."""
    kinds = len(universe.counts)
    seen = np.zeros((len(cards) + 1, kinds), dtype=np.int64)
    seen[1:] = np.cumsum(np.eye(kinds, dtype=np.int64)[cards], axis=0)
    full = seen[-1]
    tags = np.array(study.tags, dtype=np.int64)[universe.rank[cards]]
    running = np.concatenate(([0], np.cumsum(tags)))
    shoe = _DealtShoe(compositions=[], true_counts=[], results=[])
    at = 0
    for k, (code, n) in enumerate(zip(codes.tolist(), used.tolist())):
        if code == STATES:
            break
        shoe.compositions.append(full - seen[at])
        shoe.true_counts.append(Fraction(int(running[at]) * CARDS_PER_DECK, len(cards) - at))
        shoe.results.append(net(code, None if records is None else int(records[k])))
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
                f"--tags {text!r} is not {len(RANKS)} whole numbers (A 2 3 4 5 6 7 8 9 T J Q K) nor RANK=TAG pairs such as 'A=1,2=1,...'."
            )
        return tuple(int(t) for t in numbers)
    tags: dict[str, int] = {}
    for part in text.split(","):
        match = _TAG.fullmatch(part)
        if not match:
            raise InputError(f"--tags: {part.strip()!r} is not RANK=TAG, e.g. 'A=1' or 'K=-2'.")
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
        raise InputError(f"--threshold {text!r} is not a number such as 3 or -1.5.")
    return Fraction(text.strip())
