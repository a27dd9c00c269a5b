"""Wagers: settling a final state against a pay table.

A pay table is an ordered list of :class:`~analyzer.rules.Outcome` rows (data,
from the rule file). :func:`settle` finds the first row whose conditions hold
for the wager's side of the final hands; :func:`outcome_counts` applies that to
a whole :class:`~analyzer.enumerator.Distribution`.

>>> from analyzer.rules import load
>>> dragon = load("live-pittsburgh").wager("dragon-bonus-player")
>>> settle(dragon, FinalState(9, 0, 3, 3, False, False)).name
'win by 9, non-natural'
>>> settle(dragon, FinalState(8, 8, 2, 2, False, False)).pays_text
'push'
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .enumerator import NATURALS, Distribution, FinalState
from .rules import Outcome, Wager


def _matches(row: Outcome, own: int, other: int, cards: int, pair: bool) -> bool:
    margin = own - other
    if row.result is not None:
        result = "win" if margin > 0 else "tie" if margin == 0 else "loss"
        if row.result != result:
            return False
    if row.natural is not None and row.natural != (cards == 2 and own in NATURALS):
        return False
    if row.margin is not None and row.margin != margin:
        return False
    if row.min_margin is not None and margin < row.min_margin:
        return False
    if row.total is not None and own not in row.total:
        return False
    if row.cards is not None and row.cards != cards:
        return False
    return row.pair is None or row.pair == pair


def settle(wager: Wager, state: FinalState) -> Outcome | None:
    """The first outcome row of ``wager`` that holds for ``state``, if any.

    Conditions are read from the wager's side: for a Banker wager "win" means
    the Banker total is higher. Rule files are checked on loading to settle
    every state, so for a loaded rule set this never returns ``None``.
    """
    if wager.side == "player":
        own, other, cards, pair = state.player_total, state.banker_total, state.player_cards, state.player_pair
    else:
        own, other, cards, pair = state.banker_total, state.player_total, state.banker_cards, state.banker_pair
    for row in wager.outcomes:
        if _matches(row, own, other, cards, pair):
            return row
    return None


def outcome_counts(wager: Wager, distribution: Distribution) -> dict[str, int]:
    """Ordered six-card dealings per outcome of ``wager``, in pay-table order.

    Every outcome appears, with 0 when it cannot happen from this shoe. The
    counts add up to ``distribution.denominator``.
    """
    counts = {row.name: 0 for row in wager.outcomes}
    for state, n in distribution.counts.items():
        row = settle(wager, state)
        assert row is not None, f"{wager.name} does not settle {state.describe()}"
        counts[row.name] += n
    return counts


def every_final_state() -> Iterator[FinalState]:
    """Every combination of totals, card counts and pair flags, possible or not."""
    for pt, bt, pn, bn, pp, bp in product(range(10), range(10), (2, 3), (2, 3), (False, True), (False, True)):
        yield FinalState(pt, bt, pn, bn, pp, bp)
