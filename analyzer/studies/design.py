"""Count design (``baccarat tags``): integer tags of a chosen level from the effects of removal, how well they follow
the wager, and the trigger that takes the most from it at the standard shoe procedure, beside perfect play.

For each design (balanced counts of level 1, 2 and 3):

* the tags: each rank's exact effect of removal scaled so that the largest becomes the level, rounded (ranks with
  equal effects alike), the rounding of highest betting correlation whose tags sum to zero over a deck kept
  (:func:`analyzer.studies.eor.best_tags`);
* the betting correlation: the Pearson correlation of tags and effects over the cards of the shoe;
* the best trigger: one counting study deals the shoes (perfect play, the standard procedure unless told), and
  keeps, per whole value of the true count (the running count per 52 unseen cards, floored), the rounds dealt at it and the exact sum of the wager's expected values
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

from ..errors import InputError
from ..game.money import refuse_lightning
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..play.executor import Executor
from .eor import best_tags, break_even_true_count, effects_of_removal
from .plan import Counter, Procedure, Study, WagerPlan

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


def counter_yield(rules: RuleSet, wager: str, decks: int, shoes: int, seed: int, executor: Executor) -> Yield | None:
    """Perfect play's expected units per 100 rounds on ``wager`` (the upper bound of any count's yield); ``None`` for
    a wager with no pay table."""
    from .counting import run

    if not rules.wager(wager).has_pay_table:
        return None
    study = Study(rules=rules, wagers=(WagerPlan(wager),), shoes=shoes, decks=decks, play="perfect", seed=seed)
    tally = run(study, executor)
    return Yield(100 * tally.expected(0) / tally.line(0).rounds, tally.per_100_rounds(0, expected=True).ci95, shoes, seed)


def follows(rules: RuleSet, wager: str, decks: int) -> bool:
    """Whether a balanced count of whole tags can follow ``wager`` (some level rounds its effects to tags not all 0)."""
    (effects,) = effects_of_removal(rules, Shoe.decks(decks), (wager,))
    return any(any(best_tags(effects, (level,), balanced=True)[0]) for level in LEVELS)


def design(rules: RuleSet, wager: str, decks: int, shoes: int, seed: int, executor: Executor,
           procedure: Procedure | None = None) -> Designs:
    """Design a balanced count of each level for ``wager``, each with its best trigger, beside perfect play."""
    from .counting import run

    if not rules.wager(wager).has_pay_table:
        raise InputError(f"Wager {wager} has no pay table, so a count has nothing to win.")
    refuse_lightning((rules.wager(wager),), "count design")
    (effects,) = effects_of_removal(rules, Shoe.decks(decks), (wager,))
    procedure = procedure or Procedure()
    designs = []
    perfect: tuple[Fraction, Fraction, float] | None = None
    for level in LEVELS:
        tags, correlated = best_tags(effects, (level,), balanced=True)
        if not any(tags):
            designs.append(Design(level, tags, None, None, None))
            continue
        counter = Counter(tags=tags, threshold=Fraction(0), index="true")
        study = Study(rules=rules, wagers=(WagerPlan(wager, counter),), shoes=shoes, decks=decks, play="perfect",
                      seed=seed, procedure=procedure)
        tally = run(study, executor)  # the same seed: the same shoes for every design
        rounds = tally.line(0).rounds
        if perfect is None:
            perfect = (100 * tally.expected(0) / rounds, tally.bet_frequency(0), tally.per_100_rounds(0, expected=True).ci95)
        rows = [(key, line.rounds, average * line.rounds) for key, line, average in tally.count_rows(0)]
        best = max(triggers(rows, rounds), key=lambda t: (t.per_100_rounds, -t.bet_frequency), default=None)
        best = best if best is not None and best.per_100_rounds > 0 else None  # no trigger wins on these shoes
        designs.append(Design(level, tags, correlated, break_even_true_count(effects, tags), best))
    if perfect is None:
        raise InputError(f"No balanced count follows {wager} (its effects of removal cannot be balanced in whole tags).")
    return Designs(rules, wager, decks, shoes, seed, procedure, perfect[0], perfect[1], tuple(designs), perfect[2])
