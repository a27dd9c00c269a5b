"""Every number of decks at once: the equilibrium of a game with choices as exact rational functions of d.

Why a closed form exists
    Every count of the game (:mod:`analyzer.exact.cellgame`: each free cell's dealings by result, as affine
    functions of the Player's probabilities) is a count of ordered six-card dealings from "d decks less some
    cards", so, as in :mod:`analyzer.studies.formula`, a polynomial of degree at most 6 in d. An equilibrium has
    a *structure*: which of the Player's decisions mix and which Banker cells mix, and the pure choice everywhere
    else. Given the structure, the equilibrium solves linear equations whose coefficients are those polynomials:
    the Banker is indifferent in each mixed cell (this fixes the Player's mixed probabilities), the Player in each
    mixed decision (this fixes the Banker's). By Cramer's rule the probabilities, and with them both sides'
    payoffs, are rational functions of d.

Where a structure holds
    The structure is an equilibrium at d exactly when every mixed probability lies strictly between 0 and 1,
    every pure Banker cell's gain from drawing has the sign of its choice, and every pure Player decision's slope
    the sign of his: each condition is a rational function of d with a sign, and the integers d at which all hold
    are found exactly (Descartes' rule of signs on the polynomial shifted to the first deck count, else sympy's
    exact isolation of its real roots and an exact evaluation on each side of every root). In a zero-sum game
    these strict conditions also make the optimal strategies unique, so the formulas are *the* solution there.

How it is computed
    The game is counted at seven deck counts and every count interpolated exactly (integer coefficients,
    checked at an eighth count, as :mod:`analyzer.studies.formula` does); each structure found by solving the
    game exactly at d = 1, 2, ... (:mod:`analyzer.studies.equilibrium`) is turned into formulas and its range of
    d; where no structure found so far holds, the game is solved at the first such d and its structure added,
    until every d from the first to infinity is covered. Finally the formulas are held equal to the per-d
    solutions at every d solved, exactly. The limit as d grows is the with-replacement (infinite-deck) game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InputError, named, shown
from ..exact.cellgame import choice_game
from ..exact.cells import RANKS_PER_VALUE, CellCounts, cell_counts, table_for_values
from ..game.cards import RANK_INDEX, VALUES, rank_of
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND, MAX_DECKS
from .bilinear import BilinearGame, bilinear
from .equilibrium import Solved, solve, solve_table
from .formula import CARDS_PER_RANK, DeckFamily, RationalFunction
from .polynomials import (
    Poly,
    Ranges,
    add,
    at,
    cramer,
    interpolator,
    intersect,
    is_zero,
    merge,
    mul,
    neg,
    positive,
    rational,
)

FIT_POINTS = CARDS_PER_ROUND + 1
MOST_STRUCTURES = 24
"""The most structures looked for before the search stops and says which d it did not cover."""


# ------------------------------------------------------------------ the game in d


@dataclass(frozen=True)
class PolyGame:
    """:class:`~analyzer.studies.bilinear.BilinearGame`'s payoffs with every integer a polynomial in d."""

    player_fixed: tuple[Poly, ...]
    banker_fixed: tuple[Poly, ...]
    player_stand: tuple[tuple[Poly, ...], ...]
    player_draw: tuple[tuple[Poly, ...], ...]
    banker_draw: tuple[tuple[Poly, ...], ...]
    banker_stand: tuple[tuple[Poly, ...], ...]
    dealings: Poly
    scale: int


def _poly_game(games: dict[int, BilinearGame], fit: Sequence[int], check: int) -> PolyGame:
    interpolate = interpolator(fit)

    def each(pick: Callable[[BilinearGame], Sequence[int]]) -> tuple[Poly, ...]:
        columns = list(zip(*(pick(games[d]) for d in fit)))
        checked = pick(games[check])
        out = []
        for values, expected in zip(columns, checked):
            poly = interpolate(values)
            if at(poly, check) != expected:
                raise AssertionError(f"a count fitted at d = {fit[0]}-{fit[-1]} misses d = {check}")
            out.append(poly)
        return tuple(out)

    first = games[fit[0]]
    cells = len(first.player_draw)

    def cellwise(name: str) -> tuple[tuple[Poly, ...], ...]:
        return tuple(each(lambda g, c=c: getattr(g, name)[c]) for c in range(cells))  # type: ignore[misc]

    return PolyGame(
        player_fixed=each(lambda g: g.player_fixed),
        banker_fixed=each(lambda g: g.banker_fixed),
        player_stand=cellwise("player_stand"),
        player_draw=cellwise("player_draw"),
        banker_draw=cellwise("banker_draw"),
        banker_stand=cellwise("banker_stand"),
        dealings=each(lambda g: (g.game.dealings,))[0],
        scale=first.scale,
    )


# ------------------------------------------------------------------ structures


@dataclass(frozen=True, slots=True)
class Shape:
    """An equilibrium's structure: per decision and per cell, 0 or 1 when pure, None when mixed."""

    player: tuple[int | None, ...]
    banker: tuple[int | None, ...]


@dataclass(frozen=True)
class Formulas:
    """One structure's equilibrium as functions of d, and the d at which it holds.

    ``player`` and ``banker`` give, for each mixed decision and mixed cell (by index), the probability of
    drawing; ``player_value`` and ``banker_value`` the payoffs per coup; ``holds`` the ranges of d.
    """

    shape: Shape
    player: tuple[tuple[int, RationalFunction], ...]
    banker: tuple[tuple[int, RationalFunction], ...]
    player_value: RationalFunction
    banker_value: RationalFunction
    holds: Ranges
    _exact: tuple[tuple[tuple[Poly, Poly], ...], tuple[tuple[Poly, Poly], ...], tuple[Poly, Poly], tuple[Poly, Poly]]

    def at(self, d: int) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], Fraction, Fraction]:
        """The mixed probabilities (Player's, Banker's) and both values at ``d``, exactly."""
        players, bankers, pv, bv = self._exact

        def value(pair: tuple[Poly, Poly]) -> Fraction:
            return Fraction(at(pair[0], d), at(pair[1], d))

        return tuple(value(x) for x in players), tuple(value(x) for x in bankers), value(pv), value(bv)

    def covers(self, d: int) -> bool:
        """Whether the structure is the equilibrium at ``d``."""
        return any(lo <= d and (hi is None or d <= hi) for lo, hi in self.holds)


@dataclass(frozen=True)
class EquilibriumFormulas:
    """Every structure of the game's equilibrium over d, with its formulas, and the checks against the per-d
    solutions.

    ``solved`` holds the exact per-d solutions computed (d -> :class:`Solved`); ``checked`` the d at which the
    formulas were held equal to them; ``degenerate`` the d whose equilibrium is not one point (no formula);
    ``uncovered`` the ranges of d no structure was found for (empty when the search completed);
    ``limit`` the with-replacement solution, the limit as d grows.
    """

    rules: RuleSet
    information: str
    commission: Fraction
    family: DeckFamily
    fit_decks: tuple[int, ...]
    check_decks: tuple[int, ...]
    structures: tuple[Formulas, ...]
    solved: tuple[tuple[int, Solved], ...]
    checked: tuple[int, ...]
    degenerate: tuple[int, ...]
    uncovered: Ranges
    limit: Solved
    labels: tuple[tuple[str, ...], tuple[str, ...]]
    """The labels of the Player's decisions and of the Banker's cells, by index."""


def _shape(solved: Solved) -> Shape | None:
    """The structure of the one equilibrium of ``solved``, or None when it is not one point (or not one)."""
    if len(solved.equilibria) != 1:
        return None
    found = solved.equilibria[0]
    if not (found.player.unique and found.banker.unique):
        return None

    def kind(x: Fraction) -> int | None:
        return 1 if x == 1 else 0 if x == 0 else None

    return Shape(tuple(kind(x) for x in found.player.point), tuple(kind(x) for x in found.banker.point))


def _formulas(game: PolyGame, shape: Shape, first: int) -> Formulas | None:
    """The structure's formulas and range of d (module docstring), or None when its equations are singular."""
    mixed = [i for i, x in enumerate(shape.player) if x is None]
    cells = [c for c, x in enumerate(shape.banker) if x is None]
    if len(mixed) != len(cells):
        return None
    k = len(shape.player)
    # The Player's mixed probabilities: the Banker indifferent in each mixed cell.
    a = [[game.banker_draw[c][1 + i] for i in mixed] for c in cells]
    b = []
    for c in cells:
        constant = game.banker_draw[c][0]
        for i in range(k):
            if shape.player[i] == 1:
                constant = add(constant, game.banker_draw[c][1 + i])
        b.append(neg(constant))
    p_num, p_den = cramer(a, b) if mixed else ((), (1,))
    if is_zero(p_den):
        return None
    # The Banker's mixed probabilities: the Player indifferent at each mixed decision.
    base = []
    for i in range(k):
        slope = game.player_fixed[1 + i]
        for c in range(len(shape.banker)):
            slope = add(slope, game.player_stand[c][1 + i])
            if shape.banker[c] == 1:
                slope = add(slope, game.player_draw[c][1 + i])
        base.append(slope)
    m = [[game.player_draw[c][1 + i] for c in cells] for i in mixed]
    q_num, q_den = cramer(m, [neg(base[i]) for i in mixed]) if mixed else ((), (1,))
    if is_zero(q_den):
        return None

    def affine(coefficients: Sequence[Poly]) -> Poly:
        """An affine function of p at the structure's p, times p_den."""
        total = mul(coefficients[0], p_den)
        for i in range(k):
            if shape.player[i] is None:
                total = add(total, mul(coefficients[1 + i], p_num[mixed.index(i)]))
            elif shape.player[i] == 1:
                total = add(total, mul(coefficients[1 + i], p_den))
        return total

    conditions: list[Poly] = []
    for n in range(len(mixed)):  # 0 < p < 1
        conditions += [mul(p_num[n], p_den), mul(add(p_den, neg(p_num[n])), p_den)]
    for n in range(len(cells)):  # 0 < q < 1
        conditions += [mul(q_num[n], q_den), mul(add(q_den, neg(q_num[n])), q_den)]
    for c, x in enumerate(shape.banker):  # each pure cell's gain has the sign of its choice
        if x is not None:
            gain = mul(affine(game.banker_draw[c]), p_den)
            conditions.append(gain if x == 1 else neg(gain))
    for i, x in enumerate(shape.player):  # each pure decision's slope has the sign of its choice
        if x is not None:
            slope = mul(base[i], q_den)
            for n, c in enumerate(cells):
                slope = add(slope, mul(game.player_draw[c][1 + i], q_num[n]))
            slope = mul(slope, q_den)
            conditions.append(slope if x == 1 else neg(slope))
    holds: Ranges = ((first, None),)
    for condition in conditions:
        holds = intersect(holds, positive(condition, first))
        if not holds:
            break

    def value(
        fixed: Sequence[Poly], stand: Sequence[Sequence[Poly]], draw: Sequence[Sequence[Poly]]
    ) -> tuple[Poly, Poly]:
        total = mul(affine(fixed), q_den)
        for c in range(len(shape.banker)):
            total = add(total, mul(affine(stand[c]), q_den))
            if shape.banker[c] == 1:
                total = add(total, mul(affine(draw[c]), q_den))
            elif shape.banker[c] is None:
                total = add(total, mul(affine(draw[c]), q_num[cells.index(c)]))
        return total, mul(mul(p_den, q_den), game.dealings)

    player_value = value(game.player_fixed, game.player_stand, game.player_draw)
    banker_value = value(game.banker_fixed, game.banker_stand, game.banker_draw)
    banker_value = banker_value[0], mul(banker_value[1], (game.scale,))
    players = tuple((p_num[n], p_den) for n in range(len(mixed)))
    bankers = tuple((q_num[n], q_den) for n in range(len(cells)))
    return Formulas(
        shape=shape,
        player=tuple((i, rational(*players[n])) for n, i in enumerate(mixed)),
        banker=tuple((c, rational(*bankers[n])) for n, c in enumerate(cells)),
        player_value=rational(*player_value),
        banker_value=rational(*banker_value),
        holds=holds,
        _exact=(players, bankers, player_value, banker_value),
    )


def _first_gap(covered: Ranges, first: int, skip: set[int]) -> int | None:
    """The first d >= ``first`` outside ``covered`` and not in ``skip`` (None when every d is covered)."""
    d = first
    while True:
        if d in skip:
            d += 1
            continue
        inside = next(((lo, hi) for lo, hi in covered if lo <= d and (hi is None or d <= hi)), None)
        if inside is None:
            return d
        if inside[1] is None:
            return None
        d = inside[1] + 1


# ------------------------------------------------------------------ the study


def equilibrium_formulas(
    rules: RuleSet,
    information: str | None = None,
    commission: Fraction | None = None,
    removed: Sequence[str] = (),
    upto: int = 8,
) -> EquilibriumFormulas:
    """The equilibrium of ``rules`` as functions of d (see the module), held to the exact solutions at d = 1..``upto``
    (those at which the shoe exists)."""
    if rules.choices is None:
        raise InputError(f"Rule set {rules.name} leaves no drawing cell to a side's choice (no [choices] table).")
    if isinstance(upto, bool) or not isinstance(upto, int) or upto < 1:
        raise InputError(f"{named('upto')} must be a whole number of at least 1, got {shown(upto)}.")
    family = DeckFamily(tuple(removed))
    first = family.first_decks
    fit = tuple(range(first, first + FIT_POINTS))
    check = fit[-1] + 1
    taken = rules.choices.commission if commission is None else commission
    tables = {d: cell_counts(family.shoe(d)) for d in (*fit, check)}
    games = {d: bilinear(choice_game(t, rules, information), taken) for d, t in tables.items()}
    game = _poly_game(games, fit, check)
    model = games[first].game.information
    solved: dict[int, Solved] = {}

    def solve_at(d: int) -> Solved:
        if d not in solved:
            table = tables.get(d) or _table(family, d)
            solved[d] = solve_table(table, rules, f"{d} decks", model, taken)
        return solved[d]

    wanted = [d for d in range(1, upto + 1) if family.exists(d)]
    structures: list[Formulas] = []
    degenerate: set[int] = set()
    for d in wanted:
        _add_structure(structures, degenerate, game, solve_at(d), d, first)
    covered: Ranges = merge([r for s in structures for r in s.holds])
    for _ in range(MOST_STRUCTURES):
        gap = _first_gap(covered, first, degenerate)
        if gap is None or gap > MAX_DECKS * 1000:
            break
        _add_structure(structures, degenerate, game, solve_at(gap), gap, first)
        covered = merge([r for s in structures for r in s.holds])
    uncovered = _uncovered(covered, first, degenerate)
    checked = []
    for d in sorted(solved):
        found = solved[d]
        shape = _shape(found)
        if shape is None:
            continue
        formula = next(s for s in structures if s.shape == shape)
        if not formula.covers(d):
            raise AssertionError(f"the structure solved at d = {d} does not hold there by its conditions")
        _held_equal(formula, found, d)
        checked.append(d)
    return EquilibriumFormulas(
        rules=rules,
        information=model,
        commission=taken,
        family=family,
        fit_decks=fit,
        check_decks=(check,),
        structures=tuple(structures),
        solved=tuple(sorted(solved.items())),
        checked=tuple(checked),
        degenerate=tuple(sorted(degenerate)),
        uncovered=uncovered,
        limit=solve(rules, None, model, taken),
        labels=(
            tuple(x.label for x in games[first].game.decisions),
            tuple(c.label for c in games[first].game.cells),
        ),
    )


def _table(family: DeckFamily, d: int) -> CellCounts:
    """The table at ``d`` decks, also beyond the largest :class:`~analyzer.game.shoe.Shoe` (from the value counts)."""
    if d <= MAX_DECKS:
        return cell_counts(family.shoe(d))
    values = [CARDS_PER_RANK * d * ranks for ranks in RANKS_PER_VALUE]
    for card in family.removed:
        values[VALUES[RANK_INDEX[rank_of(card)]]] -= 1
    return table_for_values(tuple(values))


def _add_structure(
    structures: list[Formulas], degenerate: set[int], game: PolyGame, found: Solved, d: int, first: int
) -> None:
    shape = _shape(found)
    if shape is None:
        degenerate.add(d)
        return
    if any(s.shape == shape for s in structures):
        return
    formula = _formulas(game, shape, first)
    if formula is None:
        degenerate.add(d)
        return
    structures.append(formula)


def _uncovered(covered: Ranges, first: int, degenerate: set[int]) -> Ranges:
    gaps: list[tuple[int, int | None]] = []
    d = first
    for lo, hi in covered:
        if lo > d:
            gaps.append((d, lo - 1))
        if hi is None:
            return tuple(g for g in gaps if not (g[0] == g[1] and g[0] in degenerate))
        d = hi + 1
    gaps.append((d, None))
    return tuple(g for g in gaps if not (g[0] == g[1] and g[0] in degenerate))


def _held_equal(formula: Formulas, found: Solved, d: int) -> None:
    """Raise AssertionError unless the formulas at ``d`` are the exact per-d solution."""
    players, bankers, pv, bv = formula.at(d)
    equilibrium = found.equilibria[0]
    expected_p = tuple(equilibrium.player.point[i] for i, _ in formula.player)
    expected_q = tuple(equilibrium.banker.point[c] for c, _ in formula.banker)
    if (players, bankers, pv, bv) != (expected_p, expected_q, equilibrium.player_payoff, equilibrium.banker_payoff):
        raise AssertionError(f"the formulas at d = {d} differ from the exact solution there")
