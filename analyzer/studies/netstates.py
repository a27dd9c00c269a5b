"""What each wager nets in each final state of a round, and the states grouped by a stake pattern's net: what the
exact laws of a counting study's rounds (:mod:`.laws`) settle the dealings of a round's unseen cards with.

Nets are integers in cells of ``1 / scale`` (the wager's pays' common denominator); a push nets 0. The states are
those of :func:`analyzer.exact.batchall.final_state_order`, with the pair flags (four states an ending) or without.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..game.settle import pays_by_view, settle, view_index

if TYPE_CHECKING:
    from ..game.rules import RuleSet


@lru_cache(maxsize=32)
def net_row(rules: RuleSet, name: str, pairs: bool) -> npt.NDArray[np.int64]:
    """What one unit on the wager nets in each final state of :func:`analyzer.exact.batchall.final_state_order`,
    times its result scale (a push: 0): a wager settled by its own side's view read from its pay of each view, any
    other settled state by state."""
    from ..exact.batchall import final_state_order
    from ..exact.multiset import scale_of

    wager = rules.wager(name)
    scale = scale_of(wager)
    states = final_state_order(rules.drawing, pairs)
    if not wager.side_view_only:
        rows = [settle(wager, state) for state in states]
        nets = np.array([0 if r is None or r.pays is None else int(r.pays * scale) for r in rows], dtype=np.int64)
        nets.flags.writeable = False  # kept per rule set and wager
        return nets
    by_view = np.array([0 if pay is None else int(pay * scale) for pay in pays_by_view(wager)], dtype=np.int64)
    player = wager.side == "player"
    views = [
        view_index(s.player_total, s.banker_total, s.player_cards, s.player_pair)
        if player
        else view_index(s.banker_total, s.player_total, s.banker_cards, s.banker_pair)
        for s in states
    ]
    nets = by_view[views]
    nets.flags.writeable = False  # kept per rule set and wager
    return nets


class NetTable:
    """What one unit on each wager nets in each final state (``nets``, [wager, state], in the order of
    :func:`analyzer.exact.batchall.final_state_order`; all 0 for a column without a law), and the states grouped by
    a stake pattern's net (:meth:`grouping`), kept per pattern: a study meets the same few patterns chunk after
    chunk."""

    def __init__(self, nets: npt.NDArray[np.int64]) -> None:
        self.nets = nets
        self._groupings: dict[tuple[bool, int | None, tuple[int, ...]], Grouping] = {}

    def grouping(self, by_state: bool, column: int | None, pattern: tuple[int, ...]) -> Grouping:
        """The distinct nets in cells of ``column`` (a wager, or ``None`` for the total) with the stakes ``pattern``
        (one per wager of the column), ascending, and each state's among them: by final state, or by pair flags
        alone (``by_state`` False: the flags of the first ending, for wagers that read nothing else)."""
        key = (by_state, column, pattern)
        found = self._groupings.get(key)
        if found is None:
            per_state = self.nets if by_state else self.nets.reshape(len(self.nets), -1, 4)[:, 0]
            if column is not None:
                per_state = per_state[column][None, :]
            values, where = np.unique(np.array(pattern, dtype=np.int64) @ per_state, return_inverse=True)
            found = (values, np.asarray(where).reshape(-1))
            if len(self._groupings) < MOST_GROUPINGS:  # a bet spread over many wagers meets many patterns
                self._groupings[key] = found
        return found


MOST_GROUPINGS = 4096
"""The most stake patterns whose grouping a :class:`NetTable` keeps (each about 8 bytes a state: 26 MB at most)."""
Grouping = tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]
"""A stake pattern's distinct nets, ascending, and each state's among them (:meth:`NetTable.grouping`)."""


@lru_cache(maxsize=32)
def net_table(rules: RuleSet, names: tuple[str | None, ...], pairs: bool) -> NetTable:
    """The nets of the wagers ``names`` (:func:`net_row`; ``None`` for a column without a law) in each final state
    of :func:`analyzer.exact.batchall.final_state_order`, made once per process and rule set."""
    from ..exact.batchall import final_state_order

    states = final_state_order(rules.drawing, pairs)
    rows = [np.zeros(len(states), dtype=np.int64) if name is None else net_row(rules, name, pairs) for name in names]
    nets = np.stack(rows).reshape(len(names), len(states))
    nets.flags.writeable = False  # shared by every chunk
    return NetTable(nets)
