"""Chemin de fer through a dealt shoe: the exact equilibrium before every coup, and what counting is worth.

The study deals shoes as ``baccarat count`` does (:class:`~analyzer.studies.plan.Procedure`: the first card shown
and as many burned as its value, a cut card 14 cards from the end, one more coup after it comes out). Before
each coup the game is solved exactly on the cards left (:func:`~analyzer.studies.equilibrium.solve_table`: the
table of the shoe counted once, Foster's algorithm, every equilibrium with a commission), and the coup is then
dealt with both sides playing that equilibrium: the Player draws at his decision with its probability, the Banker
in each cell with his, each mixed choice drawn from the shoe's own random stream. So the cards a coup uses are
those equilibrium play uses, and the next coup is solved on what is left.

What is recorded for each coup: the cards still unseen, the value of the coup to the Player and to the Banker
(exact), and the Player's probability of drawing at each of his decisions. From them the study states how the
value and the Player's mix move through the shoe, and what counting is worth: a bettor who knows the exact
value before each coup and stakes one unit on whichever side has the edge, and nothing when neither has, gains
``max(0, value to the Player, value to the Banker)`` a coup. That is an upper bound for any count (it uses every
card seen), and in the casino game only the side a seat may take can be backed: the figure bounds what a
seat could make, not what a table rule lets it.

Every figure is exact for the coups dealt (sums of Fractions); the shoes are a random sample, so the means carry
a standard error (shown as a float). Each shoe is dealt from ``numpy.random.SeedSequence(seed, spawn_key=(i,))``,
so a run is reproduced by its seed and its number of shoes, on any number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ..errors import InputError, named, shown
from ..exact.cells import table_for_values
from ..game.cards import VALUES
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.state import NATURALS
from .equilibrium import Solved, solve_table
from .plan import Procedure

if TYPE_CHECKING:
    from ..play.executor import Executor

VALUE_COUNT = 10
DEPTH_BUCKET = 26
"""Coups are grouped by unseen cards in buckets of half a deck."""


@dataclass(frozen=True, slots=True)
class Coup:
    """One coup of the study: ``unseen`` cards before it, its exact values, the Player's mix (one per decision)."""

    shoe: int
    unseen: int
    player_value: Fraction
    banker_value: Fraction
    mix: tuple[Fraction, ...]


@dataclass(frozen=True)
class ShoesTask:
    """One shoe to deal (plain data, so that it crosses to a worker)."""

    rules: RuleSet
    decks: int
    information: str | None
    commission: Fraction | None
    procedure: Procedure
    seed: int
    index: int


@dataclass(frozen=True)
class Bucket:
    """The coups that start with ``low`` to ``high`` unseen cards: their number and exact sums."""

    low: int
    high: int
    coups: int
    player_sum: Fraction
    player_best: Fraction
    player_worst: Fraction
    favourable: int
    """Coups in which one side has an edge (the Player's value or the Banker's above 0)."""
    gain_sum: Fraction
    """The sum over coups of max(0, Player's value, Banker's value)."""
    mix_low: Fraction
    mix_high: Fraction
    mix_sum: Fraction
    decisions: int

    @property
    def player_mean(self) -> Fraction:
        return self.player_sum / self.coups

    @property
    def favourable_share(self) -> Fraction:
        return Fraction(self.favourable, self.coups)

    @property
    def gain_mean(self) -> Fraction:
        return self.gain_sum / self.coups

    @property
    def mix_mean(self) -> Fraction:
        """The Player's probability of drawing, averaged over the coups and his decisions."""
        return self.mix_sum / (self.coups * self.decisions)


@dataclass(frozen=True)
class ShoesStudy:
    """The study's coups and their summaries (see the module)."""

    rules: RuleSet
    decks: int
    information: str
    commission: Fraction
    procedure: Procedure
    shoes: int
    seed: int
    coups: tuple[Coup, ...]
    buckets: tuple[Bucket, ...]
    decisions: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.coups)

    def mean(self, values: Sequence[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values)

    @property
    def player_mean(self) -> Fraction:
        """The Player's value averaged over the coups dealt (exact for this sample)."""
        return self.mean([c.player_value for c in self.coups])

    @property
    def banker_mean(self) -> Fraction:
        return self.mean([c.banker_value for c in self.coups])

    @property
    def gain_mean(self) -> Fraction:
        """What backing the side with the edge, when one has it, gains a coup (module docstring)."""
        return self.mean([max(Fraction(0), c.player_value, c.banker_value) for c in self.coups])

    @property
    def favourable_share(self) -> Fraction:
        return Fraction(sum(1 for c in self.coups if c.player_value > 0 or c.banker_value > 0), self.count)

    @property
    def player_favourable_share(self) -> Fraction:
        return Fraction(sum(1 for c in self.coups if c.player_value > 0), self.count)

    def standard_error(self, values: Sequence[Fraction]) -> float | None:
        """The standard error of the mean of ``values`` over shoes (shoes are the independent units), a float; None
        from fewer than two shoes."""
        by_shoe: dict[int, list[Fraction]] = {}
        for coup, value in zip(self.coups, values):
            by_shoe.setdefault(coup.shoe, []).append(value)
        totals = np.array([float(sum(v, Fraction(0))) for v in by_shoe.values()])
        counts = np.array([len(v) for v in by_shoe.values()], dtype=float)
        if len(totals) < 2:
            return None
        ratio = totals.sum() / counts.sum()
        residual = totals - ratio * counts
        return float(np.sqrt((residual**2).sum() / (len(totals) - 1) / len(totals)) / counts.mean())

    def gains(self) -> list[Fraction]:
        return [max(Fraction(0), c.player_value, c.banker_value) for c in self.coups]


def _values(counts: Sequence[int]) -> tuple[int, ...]:
    """Cards left by value from cards left by rank."""
    out = [0] * VALUE_COUNT
    for rank, n in enumerate(counts):
        out[VALUES[rank]] += n
    return tuple(out)


def deal_shoe(task: ShoesTask) -> list[Coup]:
    """Deal one shoe of ``task`` under equilibrium play, solving before every coup (what a worker runs)."""
    rng = np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(task.index,)))
    shoe = Shoe.decks(task.decks)
    ranks = np.repeat(np.arange(len(shoe.counts)), shoe.counts)
    rng.shuffle(ranks)
    cards = [VALUES[int(r)] for r in ranks]
    left = list(_values(shoe.counts))
    size = len(cards)
    position = 0
    procedure = task.procedure
    if procedure.burn == "standard":
        shown = cards[0]
        position = 1 + (shown or 10)
    elif procedure.burn != "none":
        position = int(procedure.burn)
    for v in cards[:position]:
        left[v] -= 1
    extra = procedure.extra_rounds
    coups: list[Coup] = []
    while position < size - procedure.cut_card or extra > 0:
        if position >= size - procedure.cut_card:
            extra -= 1
        if position > size - 6:
            break
        table = table_for_values(tuple(left))
        solved = solve_table(table, task.rules, "", task.information, task.commission, check=False)
        equilibrium = solved.equilibria[0]
        coups.append(
            Coup(
                shoe=task.index,
                unseen=sum(left),
                player_value=equilibrium.player_payoff,
                banker_value=equilibrium.banker_payoff,
                mix=tuple(equilibrium.player.point),
            )
        )
        used = _play_coup(solved, cards, position, rng)
        for v in cards[position : position + used]:
            left[v] -= 1
        position += used
    return coups


def _play_coup(solved: Solved, cards: Sequence[int], at: int, rng: np.random.Generator) -> int:
    """Deal one coup from ``cards[at:]`` (P B P B, then third cards) with both sides playing the equilibrium; the
    number of cards used."""
    game = solved.game.game
    rules = game.rules
    choices = rules.choices
    assert choices is not None
    p1, b1, p2, b2 = cards[at : at + 4]
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player in NATURALS or banker in NATURALS:
        return 4
    player_hand = (min(p1, p2), max(p1, p2))
    banker_hand = (min(b1, b2), max(b1, b2))
    equilibrium = solved.equilibria[0]
    used = 4
    if choices.player[player]:
        index = next(
            i
            for i, d in enumerate(game.decisions)
            if d.total == player and (d.composition is None or d.composition == player_hand)
        )
        draws = rng.random() < float(equilibrium.player.point[index])
    else:
        draws = rules.drawing.player_draws(player)
    column = 0
    if draws:
        column = 1 + cards[at + 4]
        used += 1
    if choices.banker[banker][column]:
        index = next(
            c
            for c, cell in enumerate(game.cells)
            if cell.total == banker
            and cell.column == column
            and (cell.composition is None or cell.composition == banker_hand)
        )
        banker_draws = rng.random() < float(equilibrium.banker.point[index])
    else:
        banker_draws = rules.drawing.banker[banker][column]
    return used + (1 if banker_draws else 0)


def _buckets(coups: Sequence[Coup], size: int) -> tuple[Bucket, ...]:
    found: dict[int, list[Coup]] = {}
    for coup in coups:
        found.setdefault((size - coup.unseen) // DEPTH_BUCKET, []).append(coup)
    buckets = []
    for key in sorted(found):
        group = found[key]
        mixes = [x for c in group for x in c.mix]
        buckets.append(
            Bucket(
                low=size - (key + 1) * DEPTH_BUCKET + 1,
                high=size - key * DEPTH_BUCKET,
                coups=len(group),
                player_sum=sum((c.player_value for c in group), Fraction(0)),
                player_best=max(c.player_value for c in group),
                player_worst=min(c.player_value for c in group),
                favourable=sum(1 for c in group if c.player_value > 0 or c.banker_value > 0),
                gain_sum=sum((max(Fraction(0), c.player_value, c.banker_value) for c in group), Fraction(0)),
                mix_low=min(mixes),
                mix_high=max(mixes),
                mix_sum=sum(mixes, Fraction(0)),
                decisions=len(group[0].mix),
            )
        )
    return tuple(buckets)


def shoes_study(
    rules: RuleSet,
    shoes: int,
    seed: int = 0,
    decks: int | None = None,
    information: str | None = None,
    commission: Fraction | None = None,
    procedure: Procedure | None = None,
    executor: Executor | None = None,
) -> ShoesStudy:
    """Deal ``shoes`` shoes of ``decks`` decks (default: the rule set's) under equilibrium play (module docstring)."""
    if rules.choices is None:
        raise InputError(f"Rule set {rules.name} leaves no drawing cell to a side's choice (no [choices] table).")
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise InputError(f"{named('shoes')} must be a whole number of at least 1, got {shown(shoes)}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"{named('seed')} must be a whole number of at least 0, got {shown(seed)}.")
    chosen = procedure or Procedure()
    size = Shoe.decks(decks or rules.decks).size
    chosen.check(size)
    tasks = [ShoesTask(rules, decks or rules.decks, information, commission, chosen, seed, i) for i in range(shoes)]
    if executor is None:
        results = [deal_shoe(t) for t in tasks]
    else:
        results = list(executor.map(deal_shoe, tasks))
    coups = tuple(c for shoe in results for c in shoe)
    first = table_for_values(_values(Shoe.decks(decks or rules.decks).counts))
    solved = solve_table(first, rules, "", information, commission, check=False)
    return ShoesStudy(
        rules=rules,
        decks=decks or rules.decks,
        information=solved.game.game.information,
        commission=solved.game.commission,
        procedure=chosen,
        shoes=shoes,
        seed=seed,
        coups=coups,
        buckets=_buckets(coups, size),
        decisions=tuple(d.label for d in solved.game.game.decisions),
    )
