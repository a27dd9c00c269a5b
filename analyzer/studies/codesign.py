"""Co-count design (``baccarat tags --wager A --wager B``): one set of tags to play several side bets, each bet with
its own trigger, as Stephen How plays Dragon 7 and Panda 8 of EZ Baccarat from one count.

How the one tag set is derived: each bet's exact effects of removal are divided by its house edge (the effects in
units of the bet's own edge: how far the removal of each rank moves that bet toward its break-even), and these are
added; the sum is a linear combination of balanced effects, so it is balanced too, and the tags of each level are
rounded from it as a single wager's are (:func:`analyzer.studies.eor.best_tags`, the rounding of highest betting
correlation with the sum). A bet whose edge one card moves further weighs more; a bet with no linear count (every
effect 0, the Pair bets) weighs nothing. Everything up to the tags is exact.

Then, per level, one counting study deals the shoes with every bet keeping its rounds and exact expected values by
that one true count (perfect play, the standard procedure unless told; the same seed, so the same shoes, for every
level): each bet's best trigger is searched on its own (:func:`analyzer.studies.design.best_trigger`), each bet's
betting correlation with the count is stated, and the combined yield is the sum of the bets' units per 100 rounds
(one unit on each bet when its own trigger is reached). Perfect play of every bet, from the same shoes, is the upper
bound no count passes. As for ``baccarat tags`` of one wager, the figures are exact expectations over the shoes
dealt, with the sampling error of the shoes only.

With ``--unbalanced``, each level's co-count is followed by its unbalanced one, made as one wager's is
(:func:`analyzer.studies.design.unbalanced_tags`), by the true-count trigger of the bet whose trigger takes the most:
one running count kept from 0, each bet's running-count trigger searched on its own on the same shoes. With
``--sheet``, the best balanced co-count's tracking sheet has a column per bet (:func:`co_tracking_sheet`, the rounds
of :func:`analyzer.studies.design.sheet_rounds`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..errors import InputError, named
from ..game.cards import RANKS
from ..game.money import refuse_lightning
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..play.executor import Executor
from .design import LEVELS, Trigger, best_trigger, running_count_at, sheet_rounds, unbalanced_tags
from .eor import Effects, best_tags, break_even_true_count, correlation, effects_of_removal
from .plan import Counter, Procedure, Study, WagerPlan

if TYPE_CHECKING:
    from .tally import Tally


@dataclass(frozen=True, slots=True)
class Follow:
    """How one bet follows a co-count: its betting correlation with the tags, its break-even true count by the linear
    model, and its own best trigger (``None`` when none wins on the shoes dealt)."""

    wager: str
    correlation: float | None
    break_even: Fraction | None
    best: Trigger | None


@dataclass(frozen=True, slots=True)
class CoDesign:
    """One balanced co-count: its level, tags, and how each bet follows it (in the order the bets were given)."""

    level: int
    tags: tuple[int, ...]
    follows: tuple[Follow, ...]
    weights: tuple[Fraction, ...] = ()
    """The share of each bet's effects (divided by its house edge) in the sum the tags are rounded from (the first
    weights tried that round to these tags)."""
    tried: int = 1
    """The distinct tag sets of this level studied (more than 1 when the weights are searched)."""
    balanced: bool = True
    """An unbalanced co-count (tags not adding up to 0 over a deck) bets on the running count, with no true count."""

    @property
    def name(self) -> str:
        return f"level {self.level}" + ("" if self.balanced else ", unbalanced")

    @property
    def index(self) -> str:
        return "true count" if self.balanced else "running count"

    @property
    def per_100_rounds(self) -> Fraction | None:
        """The units every bet's best trigger takes per 100 rounds, added up (``None`` when no bet's trigger wins)."""
        won = [f.best.per_100_rounds for f in self.follows if f.best is not None]
        return sum(won, Fraction(0)) if won else None


@dataclass(frozen=True, slots=True)
class Perfect:
    """One bet of a co-count: its exact house edge on a full shoe (the divisor of its effects), and perfect play of it
    on the shoes dealt (units per 100 rounds exactly, with its 95% half-width, and its bet frequency)."""

    wager: str
    house_edge: Fraction
    per_100_rounds: Fraction
    bet_frequency: Fraction
    ci95: float


@dataclass(frozen=True, slots=True)
class CoDesigns:
    """The co-counts of every level for several bets, with perfect play of each on the same shoes."""

    rules: RuleSet
    wagers: tuple[str, ...]
    decks: int
    shoes: int
    seed: int
    procedure: Procedure
    perfect: tuple[Perfect, ...]
    designs: tuple[CoDesign, ...]
    searched: bool = False
    """Whether the weights were searched (:data:`SEARCHED`), the tags of each level those whose triggers take the most
    together on the shoes dealt, rather than the bets weighed alike."""

    @property
    def perfect_per_100_rounds(self) -> Fraction:
        """Perfect play of every bet, added up: the upper bound of any co-count's combined yield."""
        return sum((p.per_100_rounds for p in self.perfect), Fraction(0))

    def share_of_perfect(self, units: Fraction | None, wager: str | None = None) -> Fraction | None:
        """``units`` per 100 rounds as a share of perfect play of every bet (of ``wager`` alone, when named); None
        when there is nothing to share."""
        perfect = (
            self.perfect_per_100_rounds
            if wager is None
            else next(p.per_100_rounds for p in self.perfect if p.wager == wager)
        )
        return None if units is None or perfect <= 0 else units / perfect

    @property
    def best(self) -> CoDesign | None:
        """The design whose triggers take the most together (the lowest level among equals), if any wins."""
        winning = [d for d in self.designs if d.per_100_rounds is not None]
        return max(winning, key=lambda d: (d.per_100_rounds or 0, -d.level), default=None)


SEARCHED: tuple[Fraction, ...] = tuple(Fraction(k, 8) for k in range(9))
"""With ``search``, the second bet's share w of the mix tried (the first bet's 1 - w): 0, 1/8, ..., 1."""


def combined_effects(effects: tuple[Effects, ...], weights: tuple[Fraction, ...] | None = None) -> Effects:
    """The effects the co-count's tags are rounded from: each bet's effects divided by its house edge, times its
    weight (default: all alike), added up (exact; balanced, as each bet's are). Refuses a bet with no house edge on the
    full shoe (nothing to divide by)."""
    for e in effects:
        if e.expected_value >= 0:
            raise InputError(
                f"Wager {e.wager.name} has no house edge on a full shoe (its expected value is "
                f"{float(e.expected_value):+.4%}), so a co-count cannot weigh it by its edge; co-count "
                "wagers with a house edge."
            )
    weights = weights if weights is not None else (Fraction(1, len(effects)),) * len(effects)
    ranks = len(effects[0].effects)
    summed = tuple(
        sum((w * (e.effects[r] or Fraction(0)) / -e.expected_value for w, e in zip(weights, effects)), Fraction(0))
        for r in range(ranks)
    )
    first = effects[0]
    return replace(
        first,
        effects=tuple(None if first.effects[r] is None else summed[r] for r in range(ranks)),
        expected_value=-sum(weights, Fraction(0)),
        by_type=None,
    )


def co_design(
    rules: RuleSet,
    wagers: tuple[str, ...],
    decks: int,
    shoes: int,
    seed: int,
    executor: Executor,
    procedure: Procedure | None = None,
    search: bool = False,
    unbalanced: bool = False,
) -> CoDesigns:
    """Design one balanced count of each level for all of ``wagers`` together, each bet with its own best trigger,
    beside perfect play of each on the same shoes. With ``search`` (two wagers), each level's tags are rounded from
    every mix of :data:`SEARCHED`, each distinct tag set is studied on the same shoes, and the one whose triggers take
    the most together is kept (chosen on the shoes it is measured on: deal more shoes, or check it on another seed).
    With ``unbalanced``, after each level's balanced co-count its unbalanced one (:func:`unbalanced_co_count`)."""
    if len(wagers) < 2:
        raise InputError("A co-count needs at least two wagers (--wager A --wager B).")
    if search and len(wagers) != 2:
        raise InputError(f"{named('search')} mixes two wagers' effects; {len(wagers)} are given.")
    twice = sorted({w for w in wagers if wagers.count(w) > 1})
    if twice:
        raise InputError(f"Wager {twice[0]} is given twice; a co-count needs different wagers.")
    for wager in wagers:
        if not rules.wager(wager).has_pay_table:
            raise InputError(f"Wager {wager} has no pay table, so a count has nothing to win.")
    refuse_lightning(tuple(rules.wager(w) for w in wagers), "count design")
    effects = effects_of_removal(rules, Shoe.decks(decks), wagers)
    mixes = [(1 - w, w) for w in SEARCHED] if search else [(Fraction(1, len(wagers)),) * len(wagers)]
    if not any(combined_effects(effects).effects):
        raise InputError(f"No linear count follows {' or '.join(wagers)}: every effect of removal is 0.")
    procedure = procedure or Procedure()
    designs = []
    perfect: tuple[Perfect, ...] = ()
    for level in LEVELS:
        candidates: dict[tuple[int, ...], tuple[Fraction, ...]] = {}
        for mix in mixes:
            tags, _ = best_tags(combined_effects(effects, mix), (level,), balanced=True)
            if any(tags):
                candidates.setdefault(tags, mix)
        if not candidates:
            designs.append(
                CoDesign(
                    level,
                    (0,) * len(effects[0].effects),
                    tuple(Follow(w, None, None, None) for w in wagers),
                    mixes[0],
                    0,
                )
            )
            continue
        studied = []
        for tags, mix in candidates.items():
            tally, follows = _follows(rules, wagers, effects, tags, "true", shoes, decks, seed, procedure, executor)
            if not perfect:
                perfect = tuple(
                    Perfect(
                        w,
                        -e.expected_value,
                        100 * tally.expected(j) / tally.line(j).rounds,
                        tally.bet_frequency(j),
                        tally.per_100_rounds(j, expected=True).ci95,
                    )
                    for j, (w, e) in enumerate(zip(wagers, effects))
                )
            studied.append(CoDesign(level, tags, follows, mix, len(candidates)))
        kept = max(studied, key=lambda d: d.per_100_rounds if d.per_100_rounds is not None else Fraction(-1))
        designs.append(kept)
        if unbalanced:
            skewed = unbalanced_co_count(kept, combined_effects(effects, kept.weights))
            if skewed is not None:
                _, follows = _follows(
                    rules, wagers, effects, skewed, "running", shoes, decks, seed, procedure, executor
                )
                designs.append(
                    CoDesign(
                        level,
                        skewed,
                        tuple(replace(f, break_even=None) for f in follows),
                        kept.weights,
                        1,
                        balanced=False,
                    )
                )
    if not perfect:
        raise InputError(
            f"No balanced count follows {' and '.join(wagers)} together (their weighed effects of "
            "removal cannot be balanced in whole tags)."
        )
    return CoDesigns(rules, tuple(wagers), decks, shoes, seed, procedure, perfect, tuple(designs), search)


def unbalanced_co_count(balanced: CoDesign, summed: Effects) -> tuple[int, ...] | None:
    """The unbalanced co-count of a balanced one: its tags unbalanced as a single wager's are
    (:func:`analyzer.studies.design.unbalanced_tags`, from ``summed``, the effects they were rounded from), by the
    true-count trigger of the bet whose trigger takes the most (the first among equals), so that the one running count,
    kept from 0, reaches that bet's trigger near where its true count does; ``None`` when no bet's trigger wins, or
    the trigger is not one to 13 (as for one wager)."""
    won = [f.best for f in balanced.follows if f.best is not None]
    if not won:
        return None
    main = max(won, key=lambda t: t.per_100_rounds)  # max keeps the first among equals
    if not 0 < main.threshold <= len(RANKS):
        return None
    return unbalanced_tags(summed, balanced.tags, main.threshold)


def _follows(
    rules: RuleSet,
    wagers: tuple[str, ...],
    effects: tuple[Effects, ...],
    tags: tuple[int, ...],
    index: Literal["true", "running"],
    shoes: int,
    decks: int,
    seed: int,
    procedure: Procedure,
    executor: Executor,
) -> tuple[Tally, tuple[Follow, ...]]:
    """One counting study of every bet on the one count ``tags`` (on its true or running count; perfect play, the
    shoes of ``seed``), and how each bet follows it, with its own best trigger."""
    from .counting import run

    counter = Counter(tags=tags, threshold=Fraction(0), index=index)
    study = Study(
        rules=rules,
        wagers=tuple(WagerPlan(w, counter) for w in wagers),
        shoes=shoes,
        decks=decks,
        play="perfect",
        seed=seed,
        procedure=procedure,
        laws=False,  # a design needs no risk figures
    )
    tally = run(study, executor)  # the same seed: the same shoes for every level and tag set
    return tally, tuple(
        Follow(w, correlation(tags, e), break_even_true_count(e, tags), best_trigger(tally, j))
        for j, (w, e) in enumerate(zip(wagers, effects))
    )


@dataclass(frozen=True, slots=True)
class CoSheetRow:
    """One line of a co-count's tracking sheet: the round of the shoe, the cards then unseen (expected), and per bet
    the running count at which to bet it (``None`` for a bet with no winning trigger)."""

    round: int
    unseen: Fraction
    running_counts: tuple[int | None, ...]


def co_tracking_sheet(found: CoDesigns) -> tuple[CoDesign, tuple[CoSheetRow, ...]] | None:
    """A printable sheet for the best balanced co-count, a column per bet: per round of the shoe, the running count
    that reaches each bet's true-count trigger, for the unseen cards a round starts with on average, as for one wager
    (:func:`analyzer.studies.design.tracking_sheet`, the same approximation). None when no balanced co-count wins."""
    winning = [d for d in found.designs if d.balanced and d.per_100_rounds is not None]
    if not winning:
        return None
    chosen = max(winning, key=lambda d: (d.per_100_rounds or 0, -d.level))
    thresholds = [None if f.best is None else f.best.threshold for f in chosen.follows]
    return chosen, tuple(
        CoSheetRow(n, unseen, tuple(None if t is None else running_count_at(t, unseen) for t in thresholds))
        for n, unseen in sheet_rounds(found.rules, found.decks, found.procedure)
    )
