"""Wagers: settling a round against a pay table.

A pay table is an ordered list of :class:`~analyzer.game.wager.Outcome` rows (data,
from the rule file). :func:`settle_round` finds the first row whose
condition holds for a round, read through any view of
:mod:`analyzer.game.conditions` (the cards dealt, a record of the features a
wager reads, or a final state); :func:`settle` does it for a
:class:`~analyzer.game.state.FinalState`, and
:func:`~analyzer.exact.distribution.outcome_counts` for a whole distribution.

A wager reads only its own side's *view* of a final state: its total, the
other hand's total, its number of cards and its pair flag, 400 views in all.
:func:`settlement` settles each view once per wager (cached: a wager is
frozen data), so a distribution is settled by adding its counts per view.

>>> from analyzer.game.rulefile import read_rules
>>> dragon = read_rules("live-pittsburgh").wager("dragon-bonus-player")
>>> settle(dragon, FinalState(9, 0, 3, 3, False, False)).name
'win by 9, non-natural'
>>> settle(dragon, FinalState(8, 8, 2, 2, False, False)).pays_text
'push'
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from .state import NATURALS, FinalState
from .wager import Outcome, Wager

if TYPE_CHECKING:
    from .conditions import CardSpec, RoundView


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


def settle_round(wager: Wager, view: RoundView) -> Outcome | None:
    """The first outcome row of ``wager`` whose condition holds for the round ``view``, if any.

    Rule files are checked on loading to settle every round a deal can
    reach, so for a loaded rule set this never returns ``None``.
    """
    from .conditions import condition_holds  # the condition language: not needed by the shipped keys' side views

    for row in wager.outcomes:
        if condition_holds(row.condition, view, wager.side):
            return row
    return None


def settle(wager: Wager, state: FinalState) -> Outcome | None:
    """The first outcome row of ``wager`` that holds for ``state``, if any.

    Conditions are read from the wager's side: for a Banker wager "win" means
    the Banker total is higher. A wager that reads more than a final state
    (a two-card total, suits, ...) cannot be settled from one (``KeyError``).
    Rule files are checked on loading to settle every state, so for a loaded
    rule set this never returns ``None``.
    """
    if not wager.side_view_only:
        return settle_round(wager, FinalStateView(state))
    if wager.side == "player":
        own, other, cards, pair = state.player_total, state.banker_total, state.player_cards, state.player_pair
    else:
        own, other, cards, pair = state.banker_total, state.player_total, state.banker_cards, state.banker_pair
    for row in wager.outcomes:
        if _matches(row, own, other, cards, pair):
            return row
    return None


VIEWS = 400
"""Side views of a final state: own total, other total, own cards (2, 3), own pair flag."""


def view_index(own: int, other: int, cards: int, pair: bool) -> int:
    """The index 0-399 of one side's view of a final state."""
    return ((own * 10 + other) * 2 + cards - 2) * 2 + pair


_SETTLED: dict[Wager, tuple[tuple[int, ...], ...]] = {}
_KEPT_SETTLEMENTS = 256


def settlement(wager: Wager) -> tuple[tuple[int, ...], ...]:
    """For each outcome row of ``wager``, the views (:func:`view_index`) it settles.

    A view that no row settles is in none of them; loading a rule file
    refuses such a pay table (:func:`unsettled`). Made once per wager (the
    last few kept), or given by :func:`remember_settlement`.
    """
    found = _SETTLED.get(wager)
    if found is None:
        found = _settled(wager)
        remember_settlement(wager, found)
    return found


def remember_settlement(wager: Wager, rows: tuple[tuple[int, ...], ...]) -> None:
    """Keep ``rows`` as :func:`settlement` of ``wager`` (a kept rule set's, :mod:`analyzer.game.rulecache`)."""
    _SETTLED[wager] = rows
    while len(_SETTLED) > _KEPT_SETTLEMENTS:
        del _SETTLED[next(iter(_SETTLED))]


def _settled(wager: Wager) -> tuple[tuple[int, ...], ...]:
    rows: list[list[int]] = [[] for _ in wager.outcomes]
    index = {row.name: i for i, row in enumerate(wager.outcomes)}
    side = wager.side
    for own, other, cards, pair in product(range(10), range(10), (2, 3), (False, True)):
        if wager.side_view_only:  # what settle() does with the view, without building the state (a load settles 3,600)
            row = next((r for r in wager.outcomes if _matches(r, own, other, cards, pair)), None)
        else:
            state = (
                FinalState(own, other, cards, 2, pair, False)
                if side == "player"
                else FinalState(other, own, 2, cards, False, pair)
            )
            row = settle(wager, state)
        if row is not None:
            rows[index[row.name]].append(view_index(own, other, cards, pair))
    return tuple(tuple(r) for r in rows)


@lru_cache(maxsize=256)
def rows_by_view(wager: Wager) -> tuple[tuple[bool, ...], ...]:
    """For each view (:func:`view_index`), whether each row of ``wager`` holds on it (earlier rows aside)."""
    table: list[tuple[bool, ...]] = [()] * VIEWS
    for own, other, cards, pair in product(range(10), range(10), (2, 3), (False, True)):
        table[view_index(own, other, cards, pair)] = tuple(
            _matches(row, own, other, cards, pair) for row in wager.outcomes
        )
    return tuple(table)


def state_view(side: str, state: FinalState) -> int:
    """The view (:func:`view_index`) a wager following ``side`` has of ``state``."""
    if side == "player":
        return view_index(state.player_total, state.banker_total, state.player_cards, state.player_pair)
    return view_index(state.banker_total, state.player_total, state.banker_cards, state.banker_pair)


def pays_by_view(wager: Wager) -> tuple[Fraction | None, ...]:
    """What one unit on ``wager`` nets in each view (:func:`view_index`); ``None`` where no pay is documented."""
    pays: list[Fraction | None] = [None] * VIEWS
    for outcome, views in zip(wager.outcomes, settlement(wager)):
        for view in views:
            pays[view] = outcome.pays
    return tuple(pays)


def unsettled(wager: Wager) -> FinalState | None:
    """A final state that no outcome row of ``wager`` settles, or ``None``."""
    settled = {i for row in settlement(wager) for i in row}
    if len(settled) == VIEWS:
        return None
    assert wager.side is not None, "a wager settled by side views follows a side"
    return next((state for state in every_final_state() if state_view(wager.side, state) not in settled), None)


def every_final_state() -> Iterator[FinalState]:
    """Every combination of totals, card counts and pair flags, possible or not."""
    for pt, bt, pn, bn, pp, bp in product(range(10), range(10), (2, 3), (2, 3), (False, True), (False, True)):
        yield FinalState(pt, bt, pn, bn, pp, bp)


class _StateHand:
    """One hand of a final state, as a hand view: total, cards and pair flag only."""

    __slots__ = ("cards", "pair", "total")

    def __init__(self, total: int, cards: int, pair: bool) -> None:
        self.total, self.cards, self.pair = total, cards, pair

    @property
    def two(self) -> int:
        if self.cards == 2:
            return self.total
        raise KeyError("a final state has no two-card total for a hand that drew")

    @property
    def suited_pair(self) -> bool:
        raise KeyError("a final state has no suits")

    @property
    def third(self) -> str | None:
        raise KeyError("a final state has no third card")

    def third_matches(self, spec: CardSpec) -> bool:
        raise KeyError("a final state has no third card")

    @property
    def all_cards(self) -> Any:
        raise KeyError("a final state has no cards")

    @property
    def first_two(self) -> Any:
        raise KeyError("a final state has no cards")


class FinalStateView:
    """A final state read as a round (what the shipped wagers and most side bets read)."""

    __slots__ = ("banker", "player")

    def __init__(self, state: FinalState) -> None:
        self.player = _StateHand(state.player_total, state.player_cards, state.player_pair)
        self.banker = _StateHand(state.banker_total, state.banker_cards, state.banker_pair)

    def position_matches(self, position: int, spec: CardSpec) -> bool:
        raise KeyError("a final state has no cards")

    @property
    def all_cards(self) -> Any:
        raise KeyError("a final state has no cards")

    @property
    def first_four(self) -> Any:
        raise KeyError("a final state has no cards")
