"""A counting study's plan: how the shoes are dealt (:class:`Procedure`), how each wager is bet (:class:`Counter`,
:class:`WagerPlan`), the study itself (:class:`Study`), and the rounds a chunk of shoes deals (:class:`Rounds`);
the text forms of tags, spreads and thresholds (:func:`parse_tags`, :func:`parse_spread`, :func:`parse_threshold`).

Plain data: :mod:`.counting` deals and bets by it, :mod:`.tally` adds up what it dealt; both read this module and
neither reads the other's internals (the plan, the per-round records, the tallies and the derived figures, one way).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named, setting, shown
from ..game.cards import RANKS, VALUES, parse_rank
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND
from ..game.wager import Wager
from ..numbers import amount_text

Play = Literal["perfect", "count"]
PLAYS: tuple[str, ...] = ("perfect", "count")
LAST_ROUNDS: tuple[str, ...] = ("one-more", "cut")
INDEXES: tuple[str, ...] = ("true", "running")
SHOES_PER_TASK = 20
"""Shoes per executor task (the figures do not depend on it)."""
CARDS_PER_DECK = 52
STANDARD_CUT_CARD = 14


MOST_LIGHTNING_NET = 2**24
"""The most a round of a lightning wager may net or lose, in units of its result scale
(:func:`analyzer.exact.lightning.study_scales`), so that its results and their sums stay in int64."""


def check_lightning(wager: Wager) -> None:
    """Refuse, in one line, a lightning wager whose multiplied pays could net beyond what the study tallies."""
    from ..exact.lightning import largest_net, study_scales

    scale = study_scales(wager)[0]
    if largest_net(wager) * scale > MOST_LIGHTNING_NET:
        raise InputError(
            f"Wager {shown(wager.name)} can net up to {float(largest_net(wager)):,.0f} units a round with its "
            f"multipliers; a counting study tallies lightning wagers netting at most "
            f"{MOST_LIGHTNING_NET // scale:,} (give the wager a lightning limit)."
        )


@dataclass(frozen=True, slots=True)
class Procedure:
    """How a shoe is dealt: burn, cut card, last round. The defaults are the standard procedure (README, `baccarat
    count`)."""

    burn: str | int = "standard"
    cut_card: int = STANDARD_CUT_CARD
    last_round: str = "one-more"

    def __post_init__(self) -> None:
        if not (self.burn in ("standard", "none") or (isinstance(self.burn, int) and self.burn >= 0)):
            raise InputError(f"{named('burn')} {shown(self.burn)} is not standard, none or a whole number of cards.")
        if self.last_round not in LAST_ROUNDS:
            raise InputError(f"{named('last_round')} {shown(self.last_round)} is not one of {', '.join(LAST_ROUNDS)}.")

    @property
    def extra_rounds(self) -> int:
        return 1 if self.last_round == "one-more" else 0

    @property
    def most_burned(self) -> int:
        """The most cards that can go before the first round (shown and burned)."""
        return 11 if self.burn == "standard" else 0 if self.burn == "none" else int(self.burn)

    def check(self, cards: int) -> None:
        """Raise :class:`InputError` unless a shoe of ``cards`` cards can be dealt so."""
        low = CARDS_PER_ROUND - 1 + CARDS_PER_ROUND * self.extra_rounds
        high = cards - 1 - self.most_burned
        if not low <= self.cut_card <= high:
            raise InputError(
                f"{named('cut_card')} {self.cut_card} is outside {low}..{high}: with "
                f"{setting('last_round', self.last_round)} the last round needs up to {low + 1} cards behind the "
                f"cut card, and with {setting('burn', str(self.burn))} a "
                f"{cards}-card shoe must still deal a round before it."
            )

    def first_round(self, shoes: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """Per shoe: the position of the first round's first card, and whether card 0 was shown."""
        count = shoes.shape[0]
        if self.burn == "standard":
            shown = np.asarray(VALUES, dtype=np.int64)[shoes[:, 0]]
            return 1 + np.where(shown == 0, 10, shown), np.ones(count, dtype=bool)
        burned = 0 if self.burn == "none" else int(self.burn)
        return np.full(count, burned, dtype=np.int64), np.zeros(count, dtype=bool)

    def describe(self) -> str:
        burn = {
            "standard": "first card shown, then as many burned face down as its value (ten-valued: 10)",
            "none": "no card burned",
        }.get(str(self.burn), f"{self.burn} cards burned face down, none shown")
        last = (
            "the round in which it comes out is finished and one more round is dealt"
            if self.last_round == "one-more"
            else "the round in which it comes out is the last"
        )
        return f"{burn}; cut card {self.cut_card} cards from the end: {last}"


MOST_SPREAD_STEPS = 20
MOST_SPREAD_UNITS = 1000


@dataclass(frozen=True, slots=True)
class Spread:
    """A bet spread (a ramp): ``steps`` of (count, units), the count rising and the units rising with it; the bet at a
    round is the units of the highest step whose count the counter's count reaches, none below the first step.

    Written ``UNITS@COUNT,...`` (:meth:`text`), e.g. ``1@2,2@4,4@6``: 1 unit at a count of 2 or more, 2 at 4 or more,
    4 at 6 or more.
    """

    steps: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.steps) <= MOST_SPREAD_STEPS:
            raise InputError(
                f"{named('spreads')} needs 1 to {MOST_SPREAD_STEPS} steps UNITS@COUNT, got {len(self.steps)}."
            )
        for (low, fewer), (high, more) in zip(self.steps, self.steps[1:]):
            if high <= low:
                raise InputError(
                    f"{named('spreads')} {shown(self.text)}: the counts must rise from step to step "
                    f"({amount_text(high)} comes after {amount_text(low)})."
                )
            if more <= fewer:
                raise InputError(
                    f"{named('spreads')} {shown(self.text)}: the units must rise from step to step "
                    f"({more} at {amount_text(high)} after {fewer} at {amount_text(low)})."
                )
        for _, units in self.steps:
            if not 1 <= units <= MOST_SPREAD_UNITS:
                raise InputError(
                    f"{named('spreads')} {shown(self.text)}: a step bets from 1 to {MOST_SPREAD_UNITS} units, got "
                    f"{units}."
                )

    @property
    def text(self) -> str:
        """The spread as ``--spread`` takes it."""
        return ",".join(f"{units}@{amount_text(count)}" for count, units in self.steps)

    @property
    def first(self) -> Fraction:
        """The count of the first step: below it, no bet."""
        return self.steps[0][0]


@dataclass(frozen=True, slots=True)
class Counter:
    """A point count for one wager: integer tags per rank, and when to bet: one unit from ``threshold``, or by a
    ``spread`` (whose first step is then the threshold)."""

    tags: tuple[int, ...]
    threshold: Fraction
    index: str = "true"
    spread: Spread | None = None

    def __post_init__(self) -> None:
        if self.spread is not None and self.spread.first != self.threshold:
            raise InputError(
                f"The spread {self.spread.text} starts at {amount_text(self.spread.first)}, "
                f"not at the threshold {amount_text(self.threshold)}."
            )
        if len(self.tags) != len(RANKS):
            raise InputError(f"{named('tags')} needs one tag per rank ({len(RANKS)}), got {len(self.tags)}.")
        if self.index not in INDEXES:
            raise InputError(f"{named('threshold_on')} {shown(self.index)} is not one of {', '.join(INDEXES)}.")
        if self.index == "true" and not self.balanced:
            raise InputError(
                f"The tags {self.text} add up to {sum(self.tags)} over a deck, not 0: an unbalanced count has "
                f"no true count; use {setting('threshold_on', 'running')}."
            )

    @property
    def balanced(self) -> bool:
        return sum(self.tags) == 0

    @property
    def text(self) -> str:
        """The tags as ``--tags`` accepts them."""
        return ",".join(f"{rank}={tag}" for rank, tag in zip(RANKS, self.tags))


@dataclass(frozen=True, slots=True)
class WagerPlan:
    """One wager of a study: its name and, for ``count`` play or the table by count, its counter."""

    wager: str
    counter: Counter | None = None


@dataclass(frozen=True, slots=True)
class Study:
    """What to deal and how to bet each wager."""

    rules: RuleSet
    wagers: tuple[WagerPlan, ...]
    shoes: int
    decks: int
    play: Play
    seed: int
    procedure: Procedure = field(default_factory=Procedure)
    laws: bool = True
    """Whether each chunk also tallies the exact laws of its rounds' and shoes' results, what the exact risk figures
    are computed from (:mod:`.laws`); they cost a final-state count of the bet rounds per chunk."""

    def __post_init__(self) -> None:
        if not self.wagers:
            raise InputError(f"A counting study needs at least one wager ({named('wagers')}).")
        names = [plan.wager for plan in self.wagers]
        if len(set(names)) != len(names):
            raise InputError(
                f"{named('wagers')} names {', '.join(n for n in names if names.count(n) > 1)} more than once."
            )
        for plan in self.wagers:
            wager = self.rules.wager(plan.wager)
            if not wager.has_pay_table:
                raise InputError(f"Wager {wager.name} has no pay table, so a counting study has nothing to win.")
            if wager.lightning is not None:
                check_lightning(wager)
            if self.play == "count" and plan.counter is None:
                raise InputError(
                    f"{setting('play', 'count')} needs a count for {wager.name}; give {named('tags')} and "
                    f"{named('thresholds')}."
                )
            if self.play == "perfect" and plan.counter is not None and plan.counter.spread is not None:
                raise InputError(
                    f"A bet spread bets {wager.name} by its count: it goes with {setting('play', 'count')}, not "
                    f"{setting('play', 'perfect')}."
                )
        if self.shoes < 1:
            raise InputError(f"{named('shoes')} must be at least 1, got {self.shoes}.")
        if self.decks < 1:
            raise InputError(f"{named('decks')} must be at least 1, got {self.decks}.")
        if self.play not in PLAYS:
            raise InputError(f"{named('play')} {shown(self.play)} is not one of {', '.join(PLAYS)}.")
        if self.seed < 0:
            raise InputError(f"{named('seed')} must be at least 0, got {self.seed}.")
        self.procedure.check(CARDS_PER_DECK * self.decks)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(plan.wager for plan in self.wagers)

    @property
    def cards(self) -> int:
        return CARDS_PER_DECK * self.decks

    @property
    def tasks(self) -> int:
        """The executor tasks the study is dealt in (:data:`SHOES_PER_TASK` shoes each, the last fewer)."""
        return -(-self.shoes // SHOES_PER_TASK)


@dataclass(frozen=True, slots=True)
class Rounds:
    """Every round of a chunk of shoes, flattened in shoe order then round order."""

    shoe: npt.NDArray[np.int64]  # which shoe of the chunk
    first: npt.NDArray[np.int64]  # the position of the round's first card in its shoe
    number: npt.NDArray[np.int64]  # 1 for a shoe's first round
    codes: npt.NDArray[np.int64]  # the dealt state
    unseen: npt.NDArray[np.int64]  # (rounds, 13 ranks or 52 card types) cards the counter has not seen before the round
    seen: npt.NDArray[np.int64]  # (rounds, 13) cards of each rank the counter has seen before the round


_TAG = re.compile(r"\s*([^=\s,]+)\s*=\s*(-?\d{1,3})\s*")
_STEP = re.compile(r"\s*(\d{1,6})\s*@\s*(-?\d{1,6}(?:\.\d{1,6})?)\s*")
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
                f"{named('tags')} {shown(text)} is not {len(RANKS)} whole numbers (A 2 3 4 5 6 7 8 9 T J Q K) nor "
                "RANK=TAG pairs such as 'A=1,2=1,...'."
            )
        return tuple(int(t) for t in numbers)
    tags: dict[str, int] = {}
    for part in text.split(","):
        match = _TAG.fullmatch(part)
        if not match:
            raise InputError(f"{named('tags')}: {shown(part.strip())} is not RANK=TAG, e.g. 'A=1' or 'K=-2'.")
        rank = parse_rank(match.group(1))
        if rank in tags:
            raise InputError(f"{named('tags')} names rank {rank} twice.")
        tags[rank] = int(match.group(2))
    missing = [r for r in RANKS if r not in tags]
    if missing:
        raise InputError(f"{named('tags')} gives no tag for {' '.join(missing)}; name every rank once.")
    return tuple(tags[r] for r in RANKS)


def parse_spread(text: str) -> Spread:
    """A bet spread, ``UNITS@COUNT,...`` with the counts and units rising, e.g. ``1@2,2@4,4@6``."""
    steps = []
    for part in text.split(","):
        match = _STEP.fullmatch(part)
        if not match:
            raise InputError(
                f"{named('spreads')}: {shown(part.strip())} is not UNITS@COUNT, e.g. '2@4' (2 units at a count of 4 "
                "or more); a spread is such steps, counts rising, e.g. '1@2,2@4,4@6'."
            )
        steps.append((Fraction(match.group(2)), int(match.group(1))))
    return Spread(tuple(steps))


def parse_threshold(text: str) -> Fraction:
    """A count threshold: a whole number or a decimal, e.g. ``3`` or ``-1.5``."""
    if not _THRESHOLD.fullmatch(text.strip()):
        raise InputError(f"{named('thresholds')} {shown(text)} is not a number such as 3 or -1.5.")
    return Fraction(text.strip())
