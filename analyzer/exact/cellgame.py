"""A game with choices in Foster's form: the Player's decisions, the Banker's free cells, each cell's counts.

From the table of a shoe (:mod:`analyzer.exact.cells`), a rule set's ``[drawing]`` and ``[choices]``, and an
information model, :func:`choice_game` groups the dealings by what each side sees when it decides:

* the Player's decisions (:class:`PlayerChoice`): one per free total (``totals``, ``banker-composition``), or one
  per composition of a free total (``both-compositions``); the Player draws at decision ``t`` with probability
  ``p_t``;
* the Banker's free cells (:class:`BankerCell`): one per (total, Player state) or (composition, Player state)
  that ``[choices]`` frees; his action in one cell changes only the dealings that reach it (Foster's additivity);
* everything else (naturals, and the cells the rules fix, played as ``[drawing]`` says), counted once.

Every count is an exact integer affine function of the Player's probabilities: an :data:`Affine` holds its
coefficients of 1, p_1, ..., p_k. The counts of a cell under each Banker action are by result (the Player
wins, a tie, the Banker wins), so that any payoffs (a commission) are applied by the solver. For any p and
any Banker choices, the counts of :attr:`ChoiceGame.fixed` and of the chosen action of every cell add up to
all dealings (:meth:`ChoiceGame.check`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named, setting, shown
from ..game.choices import BOTH_COMPOSITIONS, INFORMATION, TOTALS, Choices, column_text, hand_text
from ..game.rules import RuleSet
from .cells import COMPOSITIONS, DRAW, STAND, STATES, CellCounts, total

Affine = tuple[int, ...]
"""Coefficients of 1, p_1, ..., p_k: an exact count that depends linearly on the Player's probabilities."""
Outcomes = tuple[Affine, Affine, Affine]
"""Counts by result: the Player wins, a tie, the Banker wins."""


@dataclass(frozen=True, slots=True)
class PlayerChoice:
    """A Player decision: his two-card ``total``, and his ``composition`` when he sees it; ``reach`` is the number of
    dealings in which he faces it (no natural on either side)."""

    total: int
    composition: tuple[int, int] | None
    reach: int

    @property
    def label(self) -> str:
        """ "5", or "5 (T-5)" when the Player sees his composition."""
        return hand_text(self.total, self.composition)


@dataclass(frozen=True, slots=True)
class BankerCell:
    """A free Banker cell: his ``total`` (and ``composition`` when he sees it) against the Player's state ``column``
    (0 stood, 1 + v drew v); ``tableau`` is what ``[drawing]`` says there (True: draw). ``outcomes[a]`` are the
    counts by result when the Banker takes action ``a`` (0 stand, 1 draw)."""

    total: int
    composition: tuple[int, int] | None
    column: int
    tableau: bool
    outcomes: tuple[Outcomes, Outcomes]

    @property
    def label(self) -> str:
        """ "6 v stood", "3 (T-3) v drew 8"."""
        return f"{hand_text(self.total, self.composition)} v {column_text(self.column)}"

    def reach(self) -> Affine:
        """The dealings that reach the cell (the same whatever the Banker does there)."""
        return _sum(self.outcomes[STAND])


@dataclass(frozen=True)
class ChoiceGame:
    """The game of one shoe, rule set and information model, in Foster's form (see the module).

    ``decisions`` are the Player's (k of them: each :data:`Affine` has k + 1 coefficients), ``cells`` the Banker's
    free cells, ``fixed`` the counts of every dealing outside them, ``dealings`` the denominator.
    """

    rules: RuleSet
    information: str
    decisions: tuple[PlayerChoice, ...]
    cells: tuple[BankerCell, ...]
    fixed: Outcomes
    dealings: int
    with_replacement: bool

    def check(self) -> None:
        """Raise AssertionError unless the counts add up to all dealings for every p and Banker choice."""
        k = len(self.decisions)
        stood = _sum(self.fixed)
        for cell in self.cells:
            reach = cell.reach()
            if reach != _sum(cell.outcomes[DRAW]):
                raise AssertionError(f"cell {cell.label}: its dealings differ between the Banker's actions")
            stood = tuple(a + b for a, b in zip(stood, reach))
        if stood != (self.dealings,) + (0,) * k:
            raise AssertionError(f"the counts add up to {stood}, not {self.dealings} dealings")


def _sum(outcomes: Outcomes) -> Affine:
    return tuple(sum(values) for values in zip(*outcomes))


def choice_game(table: CellCounts, rules: RuleSet, information: str | None = None) -> ChoiceGame:
    """The game of ``rules`` (its ``[choices]`` and ``[drawing]``) on the shoe of ``table``, each side seeing what
    ``information`` says (default: the rule set's)."""
    choices = rules.choices
    if choices is None:
        raise InputError(
            f"Rule set {rules.name} leaves no drawing cell to a side's choice (it has no [choices] table); "
            f"try {setting('rules', 'chemin-de-fer')}."
        )
    model = information or choices.information
    if model not in INFORMATION:
        raise InputError(f"{named('information')} {shown(model)} is not one of {', '.join(INFORMATION)}.")
    decisions, player_of = _player(table, rules, choices, model)
    k = len(decisions)
    dtype: Any = table.counts.dtype
    weights = np.zeros((len(COMPOSITIONS), STATES, k + 1), dtype=dtype)
    for i, kind in enumerate(player_of):
        if kind == "draw":
            weights[i, 1:, 0] = 1
        elif kind == "stand":
            weights[i, 0, 0] = 1
        else:  # the Player's decision t: draws with p_t, stands with 1 - p_t
            t = int(kind)
            weights[i, 1:, 1 + t] = 1
            weights[i, 0, 0] = 1
            weights[i, 0, 1 + t] = -1
    # by_banker[j, s, a, r, coefficient]: the counts summed over the Player's compositions, weighted by his play
    by_banker = np.stack(
        [np.tensordot(table.counts[:, :, s], weights[:, s, :], axes=([0], [0])) for s in range(STATES)], axis=1
    )
    cells, fixed = _banker(by_banker, rules, choices, model, k)
    natural = (table.naturals[0],) + (0,) * k, (table.naturals[1],) + (0,) * k, (table.naturals[2],) + (0,) * k
    fixed_total: Outcomes = tuple(  # type: ignore[assignment]
        tuple(a + b for a, b in zip(fixed[r], natural[r])) for r in range(3)
    )
    game = ChoiceGame(
        rules=rules,
        information=model,
        decisions=decisions,
        cells=cells,
        fixed=fixed_total,
        dealings=table.dealings,
        with_replacement=table.with_replacement,
    )
    return game


def _player(
    table: CellCounts, rules: RuleSet, choices: Choices, model: str
) -> tuple[tuple[PlayerChoice, ...], list[str]]:
    """The Player's decisions, and for each composition "draw", "stand" or the index of its decision."""
    reach = table.counts[:, :, 0, STAND, :].sum(axis=(1, 2))
    keys: dict[tuple[int, tuple[int, int] | None], int] = {}
    counted: dict[int, int] = {}
    player_of: list[str] = []
    for i, composition in enumerate(COMPOSITIONS):
        t = total(composition)
        rule = choices.player_rule(rules.drawing, t)
        if rule != "choice":
            player_of.append(rule)
            continue
        key = (t, composition if model == BOTH_COMPOSITIONS else None)
        index = keys.setdefault(key, len(keys))
        counted[index] = counted.get(index, 0) + int(reach[i])
        player_of.append(str(index))
    decisions = tuple(PlayerChoice(total=t, composition=c, reach=counted[n]) for (t, c), n in keys.items())
    return decisions, player_of


def _banker(
    by_banker: npt.NDArray[Any], rules: RuleSet, choices: Choices, model: str, k: int
) -> tuple[tuple[BankerCell, ...], list[list[int]]]:
    """The free cells with their counts, and the counts of the fixed cells as played by ``[drawing]``."""
    fixed = [[0] * (k + 1) for _ in range(3)]
    grouped: dict[tuple[int, tuple[int, int] | None, int], list[list[list[int]]]] = {}
    for j, composition in enumerate(COMPOSITIONS):
        t = total(composition)
        for s in range(STATES):
            values = by_banker[j, s].tolist()  # [a][r][coefficient]
            if not choices.banker_free(t, s):
                action = DRAW if rules.drawing.banker[t][s] else STAND
                for r in range(3):
                    fixed[r] = [x + int(y) for x, y in zip(fixed[r], values[action][r])]
                continue
            key = (t, None if model == TOTALS else composition, s)
            if key not in grouped:
                grouped[key] = [[[0] * (k + 1) for _ in range(3)] for _ in range(2)]
            target = grouped[key]
            for a in range(2):
                for r in range(3):
                    target[a][r] = [x + int(y) for x, y in zip(target[a][r], values[a][r])]
    cells = tuple(
        BankerCell(
            total=t,
            composition=c,
            column=s,
            tableau=rules.drawing.banker[t][s],
            outcomes=(_outcomes(counts[STAND]), _outcomes(counts[DRAW])),
        )
        for (t, c, s), counts in sorted(grouped.items(), key=lambda item: (item[0][0], _order(item[0][1]), item[0][2]))
    )
    return cells, fixed


def _order(composition: tuple[int, int] | None) -> int:
    return -1 if composition is None else COMPOSITIONS.index(composition)


def _outcomes(counts: list[list[int]]) -> Outcomes:
    return (tuple(counts[0]), tuple(counts[1]), tuple(counts[2]))
