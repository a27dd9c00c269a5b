"""Outcome counts of any wagers: each wager counted on the cheapest exact path its rows allow.

Three paths, chosen by what a wager reads (:func:`~analyzer.game.needs.needs_of`):

* rows of the shipped keys only, read from one side (the standard wagers):
  the one-shoe numpy kernel (:func:`analyzer.exact.viewcount.row_counts`) when
  this process has numpy loaded already and the shoe is within its int64
  bound; otherwise the fast path's distribution of final states
  (:func:`analyzer.exact.fastcount.count_deals`, Python ints), added up per
  side view. The two are held equal, count for count, by the tests;
* anything a :class:`~analyzer.game.state.FinalState` holds (both totals,
  both card counts, both pair flags: Either Pair, Golden Frog, Egalite,
  ...): the same distribution, settled state by state;
* more (two-card totals, third cards, suits, colours, cards held):
  :func:`analyzer.exact.classcount.count_records`, once per distinct set of
  needs, settled record by record.

The distribution is counted once per call and shared by the first two
paths. Every path is held by the tests to the reference enumerators.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import InputError
from ..game.rules import Drawing
from ..game.settle import every_final_state, settle
from ..game.shoe import Shoe
from ..game.state import FinalState
from ..game.wager import Wager
from .distribution import Distribution, outcome_counts, side_views
from .fastcount import count_deals, counts_fit_int64

if TYPE_CHECKING:
    from ..game.needs import Needs
    from .settlement import RecordTable


def path_of(wager: Wager) -> str:
    """Which exact path counts ``wager``: "side views", "final states" or "records"."""
    if wager.side_view_only:
        return "side views"
    from ..game.needs import needs_of  # read only for wagers beyond the shipped keys

    return "final states" if needs_of(wager).final_state_level else "records"


@lru_cache(maxsize=256)
def _by_state(wager: Wager) -> Mapping[FinalState, str]:
    """The outcome ``wager`` settles each final state on (every combination, possible or not)."""
    settled = {}
    for state in every_final_state():
        try:
            row = settle(wager, state)
        except KeyError:  # pragma: no cover - a final-state-level wager reads nothing else
            raise AssertionError(f"{wager.name} reads more than a final state") from None
        if row is not None:
            settled[state] = row.name
    return settled


def state_counts(wager: Wager, distribution: Distribution) -> dict[str, int]:
    """Outcome counts of a wager settled final state by final state (its needs are final-state level)."""
    counts = {o.name: 0 for o in wager.outcomes}
    by_state = _by_state(wager)
    for state, n in distribution.counts.items():
        counts[by_state[state]] += n
    return counts


def record_counts(wager: Wager, needs: Needs, records: Mapping[tuple[int, ...], int]) -> dict[str, int]:
    """Outcome counts of a wager from counts of the records of ``needs`` (which must cover the wager's)."""
    from .settlement import outcome_counts as settled  # numpy: records come from the numpy path anyway

    return settled(wager, needs, records)


def _numpy_loaded() -> bool:
    """Whether this process has imported numpy already (the one-shoe kernel is then free to use; importing numpy
    for it would cost more than the pure-Python count it replaces in a one-shot command)."""
    return "numpy" in sys.modules


def load_kernel() -> None:
    """Make the one-shoe kernel available to this process by loading numpy (once; about 0.1 s).

    For long-lived callers that count many shoes (the workbench's kept counts, a notebook): every later count of
    side-view wagers then takes the kernel. A one-shot command does not call it, so it never pays the import.
    """
    import numpy  # noqa: F401


def side_view_rows(shoe: Shoe, drawing: Drawing, wagers: tuple[Wager, ...]) -> list[list[int]] | None:
    """Each wager's count per outcome row by the one-shoe kernel (:func:`analyzer.exact.viewcount.row_counts`), or
    ``None`` where it does not apply: numpy not loaded, a shoe beyond its int64 bound, or a wager that reads more
    than one side's view. The wagers' lightning multipliers, if any, are not read here."""
    if not _numpy_loaded() or not counts_fit_int64(shoe.size) or not all(w.side_view_only for w in wagers):
        return None
    from .viewcount import row_counts  # numpy is loaded already: the kernel costs no import

    return row_counts(shoe.counts, drawing, wagers)


def wager_counts(shoe: Shoe, drawing: Drawing, wagers: Sequence[Wager]) -> dict[str, dict[str, int]]:
    """Per wager, the ordered six-card dealings from ``shoe`` that end in each of its outcomes (pay-table order).

    Raises :class:`~analyzer.errors.InputError` when a wager reads suits and
    the shoe's suits are unknown.
    """
    out: dict[str, dict[str, int]] = {}
    viewed = tuple(w for w in wagers if w.side_view_only)
    kernel = side_view_rows(shoe, drawing, viewed) if viewed else None
    if kernel is not None:
        for wager, rows in zip(viewed, kernel):
            out[wager.name] = dict(zip((o.name for o in wager.outcomes), rows))
        if len(viewed) == len(wagers):
            return out
    distribution: Distribution | None = None
    views: Mapping[str, tuple[int, ...]] | None = None
    records: dict[Needs, RecordTable] = {}
    for wager in wagers:
        if wager.name in out:
            continue
        path = path_of(wager)
        if path == "records":
            from ..game.needs import needs_of

            needs = needs_of(wager)
            if needs not in records:
                from .classcount import record_table  # numpy: only for wagers that read more than a final state

                try:
                    records[needs] = record_table(shoe, drawing, needs)
                except InputError as e:
                    raise InputError(f"wagers.{wager.name}: {e}") from None
            from .settlement import table_outcome_counts

            out[wager.name] = table_outcome_counts(wager, needs, records[needs])
            continue
        if distribution is None:
            distribution = count_deals(shoe, drawing)
        if path == "side views":
            views = views or side_views(distribution)
            out[wager.name] = outcome_counts(wager, distribution, views)
        else:
            out[wager.name] = state_counts(wager, distribution)
    return out
