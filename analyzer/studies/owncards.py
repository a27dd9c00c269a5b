"""Play Your Own Cards (document 000, CASE 2): when an own hand should draw, exactly.

The game
    A bettor whose only wager is the rule set's ``own_cards.wager`` (the
    Player bet in 000) may ask for an own hand: two cards face up, then a
    third card face down if, and only if, the bettor asks (steps 4-5; a
    natural is not asked). The own hand plays against the one Banker hand
    (steps 7-10): a Banker natural settles first, so an own natural is
    compared with it and any other own hand loses (step 8); then an own
    natural wins (step 9); otherwise the Banker draws by the rule set's
    drawing table, read in the "stood" column against a two-card own hand and
    in the own third card's column against a three-card one (step 10: in 000
    a Banker 5 draws against hands that stood and stands against hands that
    drew). The own hand is then settled by that wager's pay table (in 000,
    even money, ties push). Nothing here is fixed in code: the drawing table,
    the naturals rule of :mod:`analyzer.exact.enumerator` and the pay table are the
    rule set's.

Why the unseen cards change nothing
    When the bettor decides, every card other than the own two is unseen:
    the Community Player's and Banker's first two cards and both third cards,
    dealt face down before the own cards (step 4), and the own third card
    still to come. Their order is a uniformly random arrangement of the shoe
    less the own two cards, and which places in it the Banker's cards and the
    own third card take is fixed by the procedure, never by what the cards
    are. So the Banker's three cards and the own third card are distributed
    as cards drawn without replacement from the shoe less the own two cards,
    as if dealt right after them, and summing over the Community Player's
    cards changes no figure. (Cards the bettor does see, such as other
    bettors' own cards, are information: take them out with ``--remove``.)
    ``tests/test_owncards.py`` shows it by brute force with the community
    cards dealt in their real places.

Counting convention
    Figures are counts of ordered six-card dealings O1 O2 B1 B2 B3 O3 (own
    two cards, Banker's two cards, Banker's third card, own third card),
    whether or not the third cards are used, so they add up to
    N(N-1)(N-2)(N-3)(N-4)(N-5) for a shoe of N cards, the denominator of the
    par sheets. Playing as the Community Player does (``mimic``) is then the
    Player bet of the core analyzer with the cards relabelled, and its counts
    equal the core's exactly (a test checks it).

How it walks, and the memo-key contract
    1. The own two cards by composition. Ranks of one value are one class
       (A to 9, and T/J/Q/K), because after the own two cards nothing reads a
       rank, only values; when the own-hand wager pays on a pair, every rank
       is its own class instead, so that K-K and K-Q stay apart.
    2. The Banker's two cards by value, then the two third cards by
       :func:`analyzer.exact.enumerator.third_cards` under a drawing in which the own
       hand always draws, or always stands. Its results are memoized per
       analysis by all four of its arguments (cards left by value, own total,
       Banker total, drawing). Whole analyses are cached by (rule set, shoe).

At 8 decks under 000 the own hand should stand on 5, which the Community
Player never does, except with a 5 and a ten-value card:

>>> from analyzer.game.rulefile import read_rules
>>> analysis = analyze_own_cards(read_rules("mini-louisiana"), Shoe.decks(8))
>>> [analysis.card_play(total) for total in range(8)]
['draw', 'draw', 'draw', 'draw', 'draw', 'stand', 'stand', 'stand']
>>> [(row.ranks, row.best) for row in analysis.exceptions]
[(('5', 'T/J/Q/K'), 'draw')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from ..errors import InputError, shown
from ..exact.enumerator import third_cards
from ..exact.parsheet import ParSheet, sheet_from_counts
from ..game.cards import RANKS, VALUES
from ..game.rules import NON_NATURAL_TOTALS, Drawing, RuleSet
from ..game.settle import settle
from ..game.shoe import Shoe, falling
from ..game.state import NATURALS, FinalState
from ..game.wager import Wager

Action = Literal["draw", "stand"]
Best = Literal["draw", "stand", "either"]
DRAW: Action = "draw"
STAND: Action = "stand"
EITHER: Best = "either"
ACTIONS: tuple[Action, ...] = (DRAW, STAND)

MIMIC, BEST_BY_TOTAL, BEST_BY_COMPOSITION = "mimic", "best-by-total", "best-by-composition"
STRATEGIES: tuple[str, ...] = (MIMIC, BEST_BY_TOTAL, BEST_BY_COMPOSITION)
"""The strategies analysed, in report order: play as the Community Player
does; the best play for each own total; the best for each composition."""

TEN_VALUE = "T/J/Q/K"
"""How a composition names the class of ten-value ranks when they are grouped."""

_Final = tuple[int, int, int, int]
"""Own total, Banker total, own cards, Banker cards: what :func:`third_cards` returns."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The choice at one own two-card total (``ranks`` None) or one composition.

    ``ranks`` names the two cards, each a rank or a class of equal-value ranks
    such as ``T/J/Q/K`` (see the module docstring). ``ways`` counts the
    ordered own two-card dealings O1 O2 that give this hand, ``probability``
    is ``ways`` over N(N-1). ``ev_draw`` and ``ev_stand`` are the exact
    expected values per unit staked of the own-hand wager, given this hand,
    when the bettor draws and when they stand.
    """

    total: int
    ranks: tuple[str, str] | None
    ways: int
    probability: Fraction
    ev_draw: Fraction
    ev_stand: Fraction

    def __post_init__(self) -> None:
        if self.total not in NON_NATURAL_TOTALS:
            raise ValueError(f"A decision is for an own total 0-7, not {self.total}: 8 and 9 are naturals.")
        if self.ways < 1 or not 0 < self.probability <= 1:
            raise ValueError(f"A decision needs a hand that can be dealt; total {self.total} has {self.ways} ways.")

    def ev(self, action: Action) -> Fraction:
        """The expected value of ``action``."""
        return self.ev_draw if action == DRAW else self.ev_stand

    @property
    def best(self) -> Best:
        """ "draw" or "stand", whichever has the higher EV; "either" on an exact tie."""
        if self.ev_draw == self.ev_stand:
            return EITHER
        return DRAW if self.ev_draw > self.ev_stand else STAND

    @property
    def margin(self) -> Fraction:
        """How much the better action gains per unit staked (0 on a tie)."""
        return abs(self.ev_draw - self.ev_stand)


@dataclass(frozen=True, slots=True)
class NaturalHand:
    """An own natural (two-card 8 or 9): never asked to draw; its EV given the hand."""

    total: int
    ways: int
    probability: Fraction
    expected_value: Fraction

    def __post_init__(self) -> None:
        if self.total not in NATURALS:
            raise ValueError(f"A natural totals 8 or 9, not {self.total}.")
        if self.ways < 1:
            raise ValueError(f"A natural needs a hand that can be dealt; total {self.total} has {self.ways} ways.")


@dataclass(frozen=True, slots=True)
class Strategy:
    """A way of playing the own hand, and the own-hand wager's par sheet under it."""

    name: str
    sheet: ParSheet

    def __post_init__(self) -> None:
        if self.name not in STRATEGIES:
            raise ValueError(f"Unknown strategy {shown(self.name)}; the strategies are {', '.join(STRATEGIES)}.")

    @property
    def expected_value(self) -> Fraction:
        """Exact EV per unit staked, over every own two-card hand (naturals included)."""
        ev = self.sheet.expected_value
        assert ev is not None, "own-hand wagers have a pay table (checked by analyze_own_cards)"
        return ev

    @property
    def house_edge(self) -> Fraction:
        """Minus the expected value."""
        return -self.expected_value


@dataclass(frozen=True)
class OwnCardsAnalysis:
    """Everything ``baccarat own-cards`` states for one rule set and shoe.

    Guarantees: ``by_total`` has a row for each own total 0-7 that this shoe
    can deal, ``by_composition`` one for each composition of those totals
    (ordered by total, then rank), ``naturals`` one for each natural;
    ``strategies`` are in :data:`STRATEGIES` order and their sheets count
    the same dealings as the core par sheets. On an exact tie, the card plays
    as the Community Player does, and a composition plays as its total's
    card says, so that the card and its exceptions describe
    ``best-by-composition`` exactly.
    """

    rules: RuleSet
    shoe: Shoe
    wager: Wager
    by_total: tuple[Decision, ...]
    by_composition: tuple[Decision, ...]
    naturals: tuple[NaturalHand, ...]
    strategies: tuple[Strategy, ...]

    def strategy(self, name: str) -> Strategy:
        """The strategy called ``name`` (one of :data:`STRATEGIES`)."""
        for s in self.strategies:
            if s.name == name:
                return s
        raise InputError(f"Unknown strategy {shown(name)}; use one of {', '.join(STRATEGIES)}.")

    def mimic_play(self, total: int) -> Action:
        """What the Community Player does at ``total`` (the rule set's Player rule)."""
        return _community_play(self.rules.drawing, total)

    def card_play(self, total: int) -> Action:
        """The strategy card's play at an own ``total`` 0-7."""
        return _card_play(self.rules.drawing, self.total_row(total))

    def total_row(self, total: int) -> Decision:
        """The by-total decision row of ``total``."""
        for row in self.by_total:
            if row.total == total:
                return row
        raise InputError(f"An own total of {total} cannot be dealt from this shoe, or is a natural.")

    @property
    def exceptions(self) -> tuple[Decision, ...]:
        """Compositions whose best play differs from their total's on the card."""
        return tuple(row for row in self.by_composition if row.best not in (EITHER, self.card_play(row.total)))

    def option_value(self, name: str) -> Fraction:
        """How much strategy ``name`` gains over mimicking, per unit staked."""
        return self.strategy(name).expected_value - self.strategy(MIMIC).expected_value


def own_wager(rules: RuleSet) -> Wager:
    """The wager an own hand is settled by; refuses a rule set that does not offer own cards."""
    if rules.own_cards is None:
        raise InputError(
            f"Rule set {rules.name} does not offer Play Your Own Cards (it has no [own_cards] table); "
            "use mini-louisiana or a rule file with one."
        )
    wager = rules.wager(rules.own_cards.wager)
    if not wager.has_pay_table:
        raise InputError(
            f"Rule set {rules.name}: the own-hand wager {wager.name} has an outcome without pays, "
            "so no expected value can be given; give every outcome a pay."
        )
    return wager


def analyze_own_cards(rules: RuleSet, shoe: Shoe) -> OwnCardsAnalysis:
    """Exact own-hand EVs by total and composition, and the three strategies.

    Raises :class:`InputError` when ``rules`` does not offer own cards.
    Cached by (rules, shoe); the result is immutable.
    """
    own_wager(rules)
    return _analyse_cached(rules, shoe)


# ------------------------------------------------------------------ walking


@dataclass(frozen=True, slots=True)
class _Hand:
    """One own two-card composition: its ways and outcome counts for each action.

    ``counts[action][outcome]`` counts ordered dealings B1 B2 B3 O3 from the
    shoe less the own two cards; for a natural both actions hold the same.
    """

    total: int
    ranks: tuple[str, str]
    ways: int
    counts: Mapping[Action, Mapping[str, int]]


@lru_cache(maxsize=16)
def _analyse_cached(rules: RuleSet, shoe: Shoe) -> OwnCardsAnalysis:
    wager = own_wager(rules)
    hands = _hands(rules, wager, shoe)
    by_total, by_composition, naturals = _rows(wager, shoe, hands)
    policies = _policies(rules.drawing, by_total, by_composition)
    return OwnCardsAnalysis(
        rules=rules,
        shoe=shoe,
        wager=wager,
        by_total=by_total,
        by_composition=by_composition,
        naturals=naturals,
        strategies=tuple(Strategy(name, _strategy_sheet(wager, shoe, hands, policies[name])) for name in STRATEGIES),
    )


def _rows(
    wager: Wager, shoe: Shoe, hands: list[_Hand]
) -> tuple[tuple[Decision, ...], tuple[Decision, ...], tuple[NaturalHand, ...]]:
    """The decision rows by total and by composition, and the naturals, from the hands' counts."""
    after_own = falling(shoe.size - 2, 4)
    two_cards = falling(shoe.size, 2)

    def pooled_ev(group: list[_Hand], action: Action) -> Fraction:
        net = sum(h.ways * _net(wager, h.counts[action]) for h in group)
        return Fraction(net) / (sum(h.ways for h in group) * after_own)

    by_total = []
    naturals = []
    for total in range(10):
        group = [h for h in hands if h.total == total]
        if not group:
            continue
        ways = sum(h.ways for h in group)
        if total in NATURALS:
            naturals.append(NaturalHand(total, ways, Fraction(ways, two_cards), pooled_ev(group, STAND)))
        else:
            by_total.append(
                Decision(total, None, ways, Fraction(ways, two_cards), pooled_ev(group, DRAW), pooled_ev(group, STAND))
            )
    by_composition = tuple(
        Decision(h.total, h.ranks, h.ways, Fraction(h.ways, two_cards), pooled_ev([h], DRAW), pooled_ev([h], STAND))
        for h in hands
        if h.total not in NATURALS
    )
    return tuple(by_total), by_composition, tuple(naturals)


def _policies(
    drawing: Drawing, by_total: tuple[Decision, ...], by_composition: tuple[Decision, ...]
) -> dict[str, Callable[[_Hand], Action]]:
    """Each strategy as a rule: own two-card hand -> action (a natural is never asked)."""
    totals = {row.total: row for row in by_total}
    compositions = {(row.total, row.ranks): row for row in by_composition}

    def mimic(hand: _Hand) -> Action:
        return STAND if hand.total in NATURALS else _community_play(drawing, hand.total)

    def best_by_total(hand: _Hand) -> Action:
        return mimic(hand) if hand.total in NATURALS else _card_play(drawing, totals[hand.total])

    def best_by_composition(hand: _Hand) -> Action:
        if hand.total in NATURALS:
            return mimic(hand)
        return _decided(compositions[(hand.total, hand.ranks)].best, best_by_total(hand))

    return {MIMIC: mimic, BEST_BY_TOTAL: best_by_total, BEST_BY_COMPOSITION: best_by_composition}


def _community_play(drawing: Drawing, total: int) -> Action:
    """What the Community Player does at a two-card ``total`` 0-7."""
    return DRAW if drawing.player_draws(total) else STAND


def _card_play(drawing: Drawing, row: Decision) -> Action:
    """The card's play for a by-total row: the best, or the Community Player's on a tie."""
    return _decided(row.best, _community_play(drawing, row.total))


def _decided(best: Best, on_a_tie: Action) -> Action:
    """``best``, or ``on_a_tie`` when the two actions are worth exactly the same."""
    if best == DRAW:
        return DRAW
    if best == STAND:
        return STAND
    return on_a_tie


def _net(wager: Wager, counts: Mapping[str, int]) -> Fraction:
    """Sum of count times pays over the outcomes (the EV's numerator)."""
    total = Fraction(0)
    for row in wager.outcomes:
        assert row.pays is not None, "checked by own_wager"
        total += row.pays * counts[row.name]
    return total


def _strategy_sheet(wager: Wager, shoe: Shoe, hands: list[_Hand], policy: Callable[[_Hand], Action]) -> ParSheet:
    """The own-hand wager's par sheet when every hand plays as ``policy`` says."""
    counts = {row.name: 0 for row in wager.outcomes}
    for hand in hands:
        for name, n in hand.counts[policy(hand)].items():
            counts[name] += hand.ways * n
    return sheet_from_counts(wager, counts, shoe.denominator)


def _classes(wager: Wager) -> tuple[tuple[int, ...], ...]:
    """Rank indices grouped as compositions name them (see the module docstring)."""
    if any(row.pair is not None for row in wager.outcomes):
        return tuple((i,) for i in range(len(RANKS)))
    by_value: dict[int, list[int]] = {}
    for i, v in enumerate(VALUES):
        by_value.setdefault(v, []).append(i)
    return tuple(tuple(ranks) for _, ranks in sorted(by_value.items(), key=lambda item: item[1][0]))


def _label(ranks: tuple[int, ...]) -> str:
    return "/".join(RANKS[i] for i in ranks)


def _hands(rules: RuleSet, wager: Wager, shoe: Shoe) -> list[_Hand]:
    """Every own two-card composition this shoe can deal, ordered by total then rank."""
    drawings: dict[Action, Drawing] = {
        DRAW: replace(rules.drawing, player=(True,) * len(NON_NATURAL_TOTALS)),
        STAND: replace(rules.drawing, player=(False,) * len(NON_NATURAL_TOTALS)),
    }
    memo: dict[tuple[tuple[int, ...], int, int, Drawing], dict[_Final, int]] = {}
    outcome_of: dict[tuple[_Final, bool], str] = {}
    by_value = shoe.by_value()
    classes = _classes(wager)
    hands = []
    for i, first in enumerate(classes):
        for second in classes[i:]:
            n_first = sum(shoe.counts[r] for r in first)
            n_second = sum(shoe.counts[r] for r in second)
            ways = n_first * (n_first - 1) if first == second else 2 * n_first * n_second
            if not ways:
                continue
            a, b = VALUES[first[0]], VALUES[second[0]]
            left = list(by_value)
            left[a] -= 1
            left[b] -= 1
            total = (a + b) % 10
            # A Player-side pay table reads the own pair, never the Banker's.
            # With T J Q K grouped, "same class" is not "same rank", but they
            # are grouped only when the pay table reads no pair (_classes), so
            # the flag is read only where it is exact.
            pair = first == second
            actions = (STAND,) if total in NATURALS else ACTIONS
            counts: dict[Action, Mapping[str, int]] = {}
            for action in actions:
                finals = _against_banker(tuple(left), total, drawings[action], memo)
                counts[action] = _settle_all(wager, finals, pair, outcome_of)
            if total in NATURALS:
                counts[DRAW] = counts[STAND]
            hands.append(_Hand(total, (_label(first), _label(second)), ways, counts))
    hands.sort(key=lambda h: h.total)  # stable: rank order within a total
    return hands


def _against_banker(
    left: tuple[int, ...],
    own: int,
    drawing: Drawing,
    memo: dict[tuple[tuple[int, ...], int, int, Drawing], dict[_Final, int]],
) -> Counter[_Final]:
    """Ordered dealings B1 B2 B3 O3 from ``left`` (by value) by how the own hand ends."""
    banker_hands: Counter[tuple[tuple[int, ...], int]] = Counter()
    rest = list(left)
    for b1, n1 in enumerate(left):
        if not n1:
            continue
        rest[b1] -= 1
        for b2, n2 in enumerate(rest):
            if n2:
                rest[b2] -= 1
                banker_hands[(tuple(rest), (b1 + b2) % 10)] += n1 * n2
                rest[b2] += 1
        rest[b1] += 1
    out: Counter[_Final] = Counter()
    for (values, banker), n_banker in banker_hands.items():
        key = (values, own, banker, drawing)
        if key not in memo:
            memo[key] = third_cards(values, own, banker, drawing)
        for final, n in memo[key].items():
            out[final] += n_banker * n
    return out


def _settle_all(
    wager: Wager, finals: Mapping[_Final, int], pair: bool, outcome_of: dict[tuple[_Final, bool], str]
) -> dict[str, int]:
    """Counts per outcome of ``wager``, the own hand on the Player side."""
    counts = {row.name: 0 for row in wager.outcomes}
    for final, n in finals.items():
        if (final, pair) not in outcome_of:
            row = settle(wager, FinalState(*final, player_pair=pair, banker_pair=False))
            assert row is not None, "rule files are checked to settle every state"
            outcome_of[(final, pair)] = row.name
        counts[outcome_of[(final, pair)]] += n
    return counts
