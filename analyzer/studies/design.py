"""Count design (``baccarat tags``): integer tags of a chosen level from the effects of removal, how well they follow
the wager, and the trigger that takes the most from it at the standard shoe procedure, beside perfect play.

For each design (balanced counts of level 1, 2 and 3):

* the tags: each rank's exact effect of removal scaled so that the largest becomes the level, rounded (ranks with
  equal effects alike), the rounding of highest betting correlation whose tags sum to zero over a deck kept
  (:func:`analyzer.studies.eor.best_tags`);
* the betting correlation: the Pearson correlation of tags and effects over the cards of the shoe;
* the best trigger: one counting study deals the shoes (perfect play, the standard procedure unless told), and
  keeps, per whole value of the true count (the running count per 52 unseen cards, floored), the rounds dealt at it and
  the exact sum of the wager's expected values
  over them. Betting from a trigger T is betting at every count of at least T, so the units a trigger is expected
  to win per 100 rounds is exact for the shoes dealt, for every T at once; the best T is reported, with its bet
  frequency. Perfect play (betting exactly when the exact expected value is positive), from the same shoes, is the
  upper bound no count can pass.

The figures are expectations over the shoes dealt (the exact EV of each round bet, summed), so they carry the
sampling error of the shoes only, not of the rounds' outcomes; the shoes and seed are stated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError
from ..game.cards import RANKS, VALUES
from ..game.money import refuse_lightning
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..play.executor import Executor
from .eor import Effects, best_tags, break_even_true_count, correlation, effects_of_removal
from .plan import Counter, Procedure, Study, WagerPlan

if TYPE_CHECKING:
    from .tally import Tally

LEVELS: tuple[int, ...] = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Trigger:
    """Betting at every count of at least ``threshold``: expected units per 100 rounds and how often one bets."""

    threshold: int
    per_100_rounds: Fraction
    bet_frequency: Fraction


@dataclass(frozen=True, slots=True)
class Design:
    """One balanced count: its level, tags, betting correlation, break-even true count and best trigger."""

    level: int
    tags: tuple[int, ...]
    correlation: float | None
    break_even: Fraction | None
    best: Trigger | None
    balanced: bool = True
    """An unbalanced count (tags not adding up to 0 over a deck) bets on the running count, with no true count."""

    @property
    def name(self) -> str:
        return f"level {self.level}" + ("" if self.balanced else ", unbalanced")

    @property
    def index(self) -> str:
        return "true count" if self.balanced else "running count"


@dataclass(frozen=True, slots=True)
class Designs:
    """Every design for one wager, with perfect play on the same shoes."""

    rules: RuleSet
    wager: str
    decks: int
    shoes: int
    seed: int
    procedure: Procedure
    perfect_per_100_rounds: Fraction
    perfect_bet_frequency: Fraction
    designs: tuple[Design, ...]
    perfect_ci95: float = float("nan")
    """The 95% half-width of perfect play's units per 100 rounds, over the shoes dealt."""

    def share_of_perfect(self, units: Fraction | None) -> Fraction | None:
        """``units`` per 100 rounds as a share of perfect play's (None when there is nothing to share: no units, or
        perfect play takes nothing)."""
        perfect = self.perfect_per_100_rounds
        return None if units is None or perfect <= 0 else units / perfect

    @property
    def best(self) -> Design | None:
        """The design whose best trigger takes the most per 100 rounds (the lowest level among equals), if any wins."""
        winning = [d for d in self.designs if d.best is not None]
        return max(winning, key=lambda d: (d.best.per_100_rounds if d.best else 0, -d.level), default=None)


def triggers(rows: list[tuple[int, int, Fraction]], total_rounds: int) -> list[Trigger]:
    """Every whole-number trigger from per-count rows (count, rounds, sum of exact EVs): betting at counts >= T."""
    found = []
    rounds_above, ev_above = 0, Fraction(0)
    for count, rounds, ev in sorted(rows, reverse=True):
        rounds_above += rounds
        ev_above += ev
        found.append(Trigger(count, 100 * ev_above / total_rounds, Fraction(rounds_above, total_rounds)))
    return found


@dataclass(frozen=True, slots=True)
class Yield:
    """What perfect play takes from a wager at the standard procedure: units per 100 rounds, exact over the shoes dealt
    (``exact``), with the 95% half-width over shoes (a float), and the shoes and seed."""

    exact: Fraction
    ci95: float
    shoes: int
    seed: int

    def change_from(self, other: Yield) -> Fraction:
        """This yield less ``other``'s, in units per 100 rounds, exactly."""
        return self.exact - other.exact


def counter_yield(rules: RuleSet, wager: str, decks: int, shoes: int, seed: int, executor: Executor) -> Yield | None:
    """Perfect play's expected units per 100 rounds on ``wager`` (the upper bound of any count's yield); ``None`` for
    a wager with no pay table."""
    from .counting import run

    if not rules.wager(wager).has_pay_table:
        return None
    study = Study(
        rules=rules, wagers=(WagerPlan(wager),), shoes=shoes, decks=decks, play="perfect", seed=seed, laws=False
    )  # no risk figures: the laws of its results would only cost time
    tally = run(study, executor)
    return Yield(
        100 * tally.expected(0) / tally.line(0).rounds, tally.per_100_rounds(0, expected=True).ci95, shoes, seed
    )


def follows(effects: Effects) -> bool:
    """Whether a balanced count of whole tags can follow a wager with these effects of removal (some level rounds them
    to tags not all 0)."""
    return any(any(best_tags(effects, (level,), balanced=True)[0]) for level in LEVELS)


def design(
    rules: RuleSet,
    wager: str,
    decks: int,
    shoes: int,
    seed: int,
    executor: Executor,
    procedure: Procedure | None = None,
    unbalanced: bool = False,
    effects: Effects | None = None,
) -> Designs:
    """Design a balanced count of each level for ``wager``, each with its best trigger, beside perfect play; with
    ``unbalanced``, also the unbalanced count of each level (when it differs), with its best running-count trigger.
    ``effects``: the wager's effects of removal on a full shoe of ``decks`` decks, when the caller has them."""
    if not rules.wager(wager).has_pay_table:
        raise InputError(f"Wager {wager} has no pay table, so a count has nothing to win.")
    refuse_lightning((rules.wager(wager),), "tags (the count design)")
    if effects is None:
        (effects,) = effects_of_removal(rules, Shoe.decks(decks), (wager,))
    procedure = procedure or Procedure()
    designs = []
    perfect: tuple[Fraction, Fraction, float] | None = None
    for level in LEVELS:
        tags, correlated = best_tags(effects, (level,), balanced=True)
        if not any(tags):
            designs.append(Design(level, tags, None, None, None))
            continue
        tally, best = _best_trigger(
            rules,
            wager,
            Counter(tags=tags, threshold=Fraction(0), index="true"),
            shoes,
            decks,
            seed,
            procedure,
            executor,
        )
        if perfect is None:
            rounds = tally.line(0).rounds
            perfect = (
                100 * tally.expected(0) / rounds,
                tally.bet_frequency(0),
                tally.per_100_rounds(0, expected=True).ci95,
            )
        designs.append(Design(level, tags, correlated, break_even_true_count(effects, tags), best))
        if unbalanced and best is not None and 0 < best.threshold <= len(RANKS):
            skewed = unbalanced_tags(effects, tags, best.threshold)
            _, found = _best_trigger(
                rules,
                wager,
                Counter(tags=skewed, threshold=Fraction(0), index="running"),
                shoes,
                decks,
                seed,
                procedure,
                executor,
            )
            designs.append(Design(level, skewed, correlation(skewed, effects), None, found, balanced=False))
    if perfect is None:
        raise InputError(
            f"No balanced count follows {wager} (its effects of removal cannot be balanced in whole tags)."
        )
    return Designs(rules, wager, decks, shoes, seed, procedure, perfect[0], perfect[1], tuple(designs), perfect[2])


def unbalanced_tags(effects: Effects, tags: tuple[int, ...], trigger: int) -> tuple[int, ...]:
    """The balanced ``tags`` unbalanced by about ``trigger`` per deck, as a running count is (the KO principle): the
    running count of tags adding up to u a deck rises by u for every 52 cards seen, so betting at a running count of u
    times the decks follows betting at a true count of u, with no division. A rank has four cards a deck, so u is a
    multiple of 4: the round(trigger / 4) ranks (at least one) most rounded down get 1 more."""
    values = [e if e is not None else Fraction(0) for e in effects.effects]
    largest = max(abs(v) for v in values) or Fraction(1)
    level = max(abs(t) for t in tags)
    shortfall = sorted(range(len(RANKS)), key=lambda r: (tags[r] - values[r] * level / largest, r))
    raised = set(shortfall[: max(1, round(trigger / 4))])
    return tuple(t + (1 if r in raised else 0) for r, t in enumerate(tags))


def _best_trigger(
    rules: RuleSet,
    wager: str,
    counter: Counter,
    shoes: int,
    decks: int,
    seed: int,
    procedure: Procedure,
    executor: Executor,
) -> tuple[Tally, Trigger | None]:
    """One study of ``counter`` (perfect play beside it, on the shoes of ``seed``) and the trigger that takes the
    most."""
    from .counting import run

    study = Study(
        rules=rules,
        wagers=(WagerPlan(wager, counter),),
        shoes=shoes,
        decks=decks,
        play="perfect",
        seed=seed,
        procedure=procedure,
        laws=False,  # a design needs no risk figures
    )
    tally = run(study, executor)  # the same seed: the same shoes for every design
    return tally, best_trigger(tally, 0)


def best_trigger(tally: Tally, j: int) -> Trigger | None:
    """The trigger on the count of the study's wager ``j`` that takes the most per 100 rounds (the fewer bets among
    equals), from the rounds and exact expected values it kept by count; ``None`` when none wins on these shoes."""
    rows = [(key, line.rounds, average * line.rounds) for key, line, average in tally.count_rows(j)]
    best = max(triggers(rows, tally.line(j).rounds), key=lambda t: (t.per_100_rounds, -t.bet_frequency), default=None)
    return best if best is not None and best.per_100_rounds > 0 else None


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of a tracking sheet: the round of the shoe, the cards then unseen (expected), and the running count at
    which to bet (the true count's trigger times the unseen cards over 52, rounded up)."""

    round: int
    unseen: Fraction
    running_count: int


def tracking_sheet(found: Designs) -> tuple[Design, tuple[SheetRow, ...]] | None:
    """A printable sheet for the best balanced design: per round of the shoe, the running count that reaches its
    true-count trigger, for the unseen cards a round starts with on average (the shown card seen; burned cards unseen;
    each round using the full shoe's exact expected cards). An approximation, stated as such: the true count divides
    by the cards actually unseen. None when no balanced design wins."""
    winning = [d for d in found.designs if d.balanced and d.best is not None]
    if not winning:
        return None
    chosen = max(winning, key=lambda d: (d.best.per_100_rounds if d.best else 0, -d.level))
    assert chosen.best is not None
    threshold = chosen.best.threshold
    return chosen, tuple(
        SheetRow(n, unseen, running_count_at(threshold, unseen))
        for n, unseen in sheet_rounds(found.rules, found.decks, found.procedure)
    )


def running_count_at(threshold: int, unseen: Fraction) -> int:
    """The running count whose true count reaches ``threshold`` with ``unseen`` cards left: threshold times the unseen
    cards over 52, rounded up."""
    import math

    return math.ceil(threshold * unseen / 52)


def sheet_rounds(rules: RuleSet, decks: int, procedure: Procedure) -> tuple[tuple[int, Fraction], ...]:
    """The rounds of a tracking sheet: per round of the shoe, the unseen cards it starts with on average (the shown
    card seen; burned cards unseen; each round using the full shoe's exact expected cards), up to the round after the
    cut card (and the procedure's extra rounds)."""
    from ..exact.fastcount import count_deals

    shoe = Shoe.decks(decks)
    deals = count_deals(shoe, rules.drawing)
    per_round = 4 + Fraction(
        sum(n * (s.player_cards + s.banker_cards - 4) for s, n in deals.counts.items()), deals.denominator
    )
    shown = 1 if procedure.burn == "standard" else 0
    burned = (
        Fraction(sum(v or 10 for v in VALUES), len(VALUES))
        if procedure.burn == "standard"
        else Fraction(0)
        if procedure.burn == "none"
        else Fraction(int(procedure.burn))
    )
    rows = []
    round_number, dealt = 1, Fraction(0)
    extra = procedure.extra_rounds
    while True:
        unseen = shoe.size - shown - dealt
        rows.append((round_number, unseen))
        dealt += per_round
        round_number += 1
        if unseen - burned - per_round <= procedure.cut_card:
            if extra <= 0:
                break
            extra -= 1
    return tuple(rows)
