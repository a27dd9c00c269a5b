"""Exact equilibria of a game with choices (chemin de fer): Foster's additivity, Fractions throughout.

The game
    A rule set's ``[choices]`` (:mod:`analyzer.game.choices`) leaves the Player's draw at some totals and the
    Banker's draw in some cells of his chart to the sides; :mod:`analyzer.exact.cellgame` counts, for one shoe
    and one information model, every free cell's dealings as integer affine functions of the Player's
    probabilities ``p`` of drawing at his decisions; :mod:`analyzer.studies.bilinear` turns them into each side's
    payoff, ``U(p, q) = F(p) + sum_c [S_c(p) + q_c D_c(p)]``, ``q_c`` the Banker's probability of drawing in cell c.

Without a commission (zero-sum): Foster's algorithm
    Against any ``p`` the Banker's best response is cell by cell (draw where drawing lowers the Player's payoff),
    so the Player's guaranteed payoff is ``f(p) = F(p) + sum_c [S_c(p) + min(0, D_c(p))]``, a concave piecewise
    affine function. With one decision (``totals``, ``banker-composition``) it is maximised by walking its
    breakpoints in order until the slope turns (:func:`_maximise_one`), all in Fractions; with several
    (``both-compositions``) by an exact linear program over ``p`` and one variable per cell whose sign can change
    (:func:`_maximise_many`, the simplex of :mod:`analyzer.studies.simplex`). The value is ``f(p*)``. The
    optimal sets follow from the interchangeability of saddle points: the Banker's optimal strategies are
    exactly those ``q`` with (``p*``, ``q``) an equilibrium (:func:`~analyzer.studies.bilinear.banker_answers`),
    the Player's exactly those ``p`` with (``p``, ``q*``) one for any optimal ``q*``
    (:func:`~analyzer.studies.bilinear.player_answers`): polytopes whose ranges are computed exactly, so every
    cell where both choices are optimal is reported, not one choice of them.

With a commission: every Nash equilibrium
    The Banker nets ``1 - commission`` on a win; the game is a bimatrix game, additive on both sides. Every
    equilibrium is found by :mod:`analyzer.studies.nash` and reported with both payoffs.

Proof
    Every equilibrium reported is checked by :mod:`analyzer.studies.proof`: from the cells' counts, no pure
    deviation of either side gains, cell by cell and decision by decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from ..errors import InputError
from ..exact.cellgame import ChoiceGame, choice_game
from ..exact.cells import COMPOSITIONS, CellCounts, cell_counts, counts_with_replacement, total
from ..game.choices import TOTALS, Composition
from ..game.rules import NON_NATURAL_TOTALS, RuleSet
from ..game.shoe import Shoe
from .bilinear import BilinearGame, Point, StrategySet, banker_answers, bilinear, common, player_answers
from .proof import Proof, prove
from .simplex import maximize

ZERO_SUM_METHOD = (
    "Foster's algorithm: the Banker's best response cell by cell, the Player's guaranteed payoff maximised exactly "
    "({how}); the optimal sets from the interchangeability of saddle points."
)


DRAWS, STANDS, MIXES, EITHER, RANGE = "draw", "stand", "mixed", "either", "range"
PLAYS: tuple[str, ...] = (DRAWS, STANDS, MIXES, EITHER, RANGE)
"""How an equilibrium plays a decision or a cell: always draws, always stands, draws with one exact probability
strictly between, either choice (every probability from 0 to 1, nothing else depending on it), or a range of
probabilities linked to other cells' by :attr:`~analyzer.studies.bilinear.StrategySet.constraints`."""


@dataclass(frozen=True, slots=True)
class Play:
    """One decision of the Player or one free cell of the Banker, as an equilibrium (set) plays it.

    ``low`` and ``high`` bound the probability of drawing over the set (equal when it is one number);
    ``point`` is the probability at the set's point; ``reach`` the probability that a coup reaches the
    decision or cell (at the Player's point); ``tableau`` what ``[drawing]`` says there (True: draw).
    """

    label: str
    total: int
    composition: Composition | None
    column: int | None
    low: Fraction
    high: Fraction
    point: Fraction
    play: str
    reach: Fraction
    tableau: bool

    @property
    def departs(self) -> bool:
        """Whether a pure play differs from the tableau's."""
        return self.play in (DRAWS, STANDS) and (self.play == DRAWS) != self.tableau


def _play(low: Fraction, high: Fraction, linked: bool) -> str:
    if low == high:
        return DRAWS if low == 1 else STANDS if low == 0 else MIXES
    return EITHER if low == 0 and high == 1 and not linked else RANGE


@dataclass(frozen=True)
class Equilibrium:
    """One equilibrium, or a set of them: the Player's strategies ``player`` and the Banker's ``banker``.

    In a zero-sum game it is the set of optimal strategies of each side (every pair is a saddle point) and the
    payoffs are the value; with a commission each equilibrium is listed apart. ``player_payoff`` and
    ``banker_payoff`` are per coup at the sets' points; ``player_range`` is the Player's payoff over the
    Banker's set (one value when the Banker's choice among his equilibrium strategies does not matter to him).
    """

    player: StrategySet
    banker: StrategySet
    player_payoff: Fraction
    banker_payoff: Fraction
    player_range: tuple[Fraction, Fraction]
    proof: Proof | None
    """The best-response check (None only where a caller asked for none: the shoe study's thousands of solves)."""
    game: ChoiceGame = field(repr=False, compare=False)
    """The counted game the strategies are of (what :attr:`player_plays` and :attr:`banker_plays` read)."""

    @cached_property
    def player_plays(self) -> tuple[Play, ...]:
        """The Player's decisions as this equilibrium plays them, in the game's order (what his strategy card says);
        computed when first read (the dealt-shoe study's thousands of solves never read them)."""
        return _player_plays(self.game, self.player)

    @cached_property
    def banker_plays(self) -> tuple[Play, ...]:
        """The Banker's free cells as this equilibrium plays them, each cell's reach at the Player's point (his card);
        computed when first read."""
        return _banker_plays(self.game, self.banker, self.player.point)


@dataclass(frozen=True)
class Solved:
    """Everything ``baccarat equilibrium`` states for one rule set, shoe, information model and commission."""

    game: BilinearGame
    shoe: str
    equilibria: tuple[Equilibrium, ...]
    method: str
    complete: bool
    """Whether :attr:`equilibria` is every equilibrium (always, zero-sum; see :mod:`analyzer.studies.nash`)."""

    @property
    def rules(self) -> RuleSet:
        return self.game.game.rules

    @property
    def zero_sum(self) -> bool:
        return self.game.zero_sum

    @property
    def pure_strategies(self) -> tuple[int, int]:
        """The exponents of the game's size: 2^k pure strategies of the Player, 2^n of the Banker (n free cells)."""
        return len(self.game.game.decisions), len(self.game.game.cells)

    @property
    def banker_hands(self) -> tuple[tuple[int, Composition | None], ...]:
        """The rows of the Banker's chart, in order: each two-card hand he may hold short of a natural, as (total,
        composition), the composition None when he sees only his total (the ``totals`` model)."""
        if self.game.game.information == TOTALS:
            return tuple((t, None) for t in NON_NATURAL_TOTALS)
        return tuple((total(c), c) for c in COMPOSITIONS)


def solve(
    rules: RuleSet,
    shoe: Shoe | None = None,
    information: str | None = None,
    commission: Fraction | None = None,
) -> Solved:
    """Solve the game of ``rules`` on ``shoe`` (``None``: cards drawn with replacement, the infinite deck).

    ``information`` and ``commission`` default to the rule set's ``[choices]``. Raises :class:`InputError` for a
    rule set without choices.
    """
    table = counts_with_replacement() if shoe is None else cell_counts(shoe)
    return solve_table(table, rules, "with replacement" if shoe is None else "", information, commission)


def solve_table(
    table: CellCounts,
    rules: RuleSet,
    shoe_text: str,
    information: str | None = None,
    commission: Fraction | None = None,
    check: bool = True,
) -> Solved:
    """:func:`solve` from a shoe's table (:func:`analyzer.exact.cells.cell_counts`), counted once for many solves;
    ``check`` proves every equilibrium (:mod:`analyzer.studies.proof`)."""
    game = choice_game(table, rules, information)
    assert rules.choices is not None
    taken = rules.choices.commission if commission is None else commission
    if not 0 <= taken < 1:
        raise InputError(f"The commission {taken} is outside 0 to 1.")
    payoffs = bilinear(game, taken)
    if payoffs.zero_sum:
        return _zero_sum(payoffs, shoe_text, check)
    from .nash import every_equilibrium

    found, complete, method = every_equilibrium(payoffs)
    return Solved(
        game=payoffs,
        shoe=shoe_text,
        equilibria=tuple(_equilibrium(payoffs, p, q, check) for p, q in found),
        method=method,
        complete=complete,
    )


def _zero_sum(payoffs: BilinearGame, shoe_text: str, check: bool) -> Solved:
    if payoffs.k == 1:
        best, how = _maximise_one(payoffs), "one decision: the breakpoints of a concave function, walked in order"
    else:
        best, how = _maximise_many(payoffs), "several decisions: an exact linear program, the simplex with Bland's rule"
    banker = banker_answers(payoffs, best)
    assert not banker.empty, "the Banker has a best response that keeps the Player's optimum"
    player = player_answers(payoffs, banker.point)
    assert not player.empty
    return Solved(
        game=payoffs,
        shoe=shoe_text,
        equilibria=(_equilibrium(payoffs, player, banker, check),),
        method=ZERO_SUM_METHOD.format(how=how),
        complete=True,
    )


def _equilibrium(payoffs: BilinearGame, player: StrategySet, banker: StrategySet, check: bool) -> Equilibrium:
    p, q = player.point, banker.point
    raw_player, raw_banker = payoffs.player_payoff(p, q), payoffs.banker_payoff(p, q)
    low, high = _player_range(payoffs, p, banker)
    to_player, to_banker = payoffs.per_round(raw_player, raw_banker)
    return Equilibrium(
        player=player,
        banker=banker,
        player_payoff=to_player,
        banker_payoff=to_banker,
        player_range=(low / payoffs.game.dealings, high / payoffs.game.dealings),
        proof=prove(payoffs.game, payoffs.commission, p, q, banker) if check else None,
        game=payoffs.game,
    )


def _player_range(payoffs: BilinearGame, p: Point, banker: StrategySet) -> tuple[Fraction, Fraction]:
    """The Player's payoff (in dealings) over the Banker's set, ``p`` fixed: exact, by the set's own constraints."""
    q = banker.point
    base = payoffs.player_payoff(p, q)
    moving = [c for c in range(len(q)) if banker.low[c] != banker.high[c]]
    if not moving:
        return base, base
    from .bilinear import evaluate

    weights = {c: evaluate(payoffs.player_draw[c], p) for c in moving}
    if not any(weights.values()):
        return base, base
    unlinked = set(moving) - {v for constraint in banker.constraints for v, _ in constraint.coefficients}
    low = high = base - sum((weights[c] * q[c] for c in moving), Fraction(0))
    for c in unlinked:
        low += min(weights[c] * banker.low[c], weights[c] * banker.high[c])
        high += max(weights[c] * banker.low[c], weights[c] * banker.high[c])
    linked = [c for c in moving if c not in unlinked]
    if linked:
        position = {c: i for i, c in enumerate(linked)}
        a_ub, b_ub, a_eq, b_eq = [], [], [], []
        for constraint in banker.constraints:
            row = [Fraction(0)] * len(linked)
            for v, coefficient in constraint.coefficients:
                row[position[v]] = coefficient
            if constraint.sense == "=":
                a_eq.append(row)
                b_eq.append(constraint.bound)
            else:
                sign = 1 if constraint.sense == "<=" else -1
                a_ub.append([sign * x for x in row])
                b_ub.append(sign * constraint.bound)
        # the variables of the program are the probabilities themselves, within [low, high] by upper bounds
        for c in linked:
            row = [Fraction(0)] * len(linked)
            row[position[c]] = Fraction(-1)
            a_ub.append(row)
            b_ub.append(-banker.low[c])
        upper: list[Fraction | None] = [banker.high[c] for c in linked]
        objective = [weights[c] for c in linked]
        top = maximize(objective, a_ub, b_ub, a_eq, b_eq, upper)
        bottom = maximize([-x for x in objective], a_ub, b_ub, a_eq, b_eq, upper)
        assert top.value is not None and bottom.value is not None
        high += top.value
        low -= bottom.value
    return low, high


def _maximise_one(payoffs: BilinearGame) -> Point:
    """The Player's optimal probability when he has one decision: walk the breakpoints of ``f`` (module docstring)."""
    drawn = payoffs.player_draw
    slope = Fraction(payoffs.player_fixed[1] + sum(s[1] for s in payoffs.player_stand))  # f's slope from F and the S_c
    breaks: dict[Fraction, Fraction] = {}
    for d in drawn:
        d0, d1 = d[0], d[1]
        below_at_zero = d0 < 0 or (d0 == 0 and d1 < 0)
        if below_at_zero:
            slope += d1  # min(0, D) = D just right of 0
        if d1 != 0:
            root = Fraction(-d0, d1)
            if 0 < root < 1:
                breaks[root] = breaks.get(root, Fraction(0)) + abs(d1)
    if slope <= 0:
        return (Fraction(0),)
    for root in sorted(breaks):
        slope -= breaks[root]
        if slope <= 0:
            return (root,)
    return (Fraction(1),)


def _maximise_many(payoffs: BilinearGame) -> Point:
    """The Player's optimal probabilities when he has several decisions: an exact linear program.

    Variables: ``p_1..p_k`` in [0, 1], and ``u_c >= 0`` for each cell whose ``D_c`` changes sign over the box,
    standing for ``-min(0, D_c(p))`` (``-u_c <= D_c(p)``, and the objective subtracts ``u_c``). A cell whose
    ``D_c`` keeps its sign contributes ``min(0, D_c)``, affine over the box.
    """
    k = payoffs.k
    objective = [Fraction(payoffs.player_fixed[i] + sum(s[i] for s in payoffs.player_stand)) for i in range(1, k + 1)]
    live = []
    for d in payoffs.player_draw:
        least = d[0] + sum(min(0, x) for x in d[1:])
        most = d[0] + sum(max(0, x) for x in d[1:])
        if most <= 0:
            objective = [o + x for o, x in zip(objective, d[1:])]  # min(0, D) = D everywhere
        elif least < 0:
            live.append(d)
    columns = k + len(live)
    a_ub: list[list[Fraction]] = []
    b_ub: list[Fraction] = []
    for n, d in enumerate(live):
        row = [Fraction(-x) for x in d[1:]] + [Fraction(0)] * len(live)
        row[k + n] = Fraction(-1)
        a_ub.append(row)
        b_ub.append(Fraction(d[0]))
    upper: list[Fraction | None] = [Fraction(1)] * k + [None] * len(live)
    result = maximize(objective + [Fraction(-1)] * len(live), a_ub, b_ub, upper=upper)
    assert result.status == "optimal" and len(result.x) == columns
    return result.x[:k]


def game_for(rules: RuleSet, shoe: Shoe | None, information: str | None = None) -> ChoiceGame:
    """The counted game of ``rules`` on ``shoe`` (``None``: with replacement), for callers that read its cells."""
    table = counts_with_replacement() if shoe is None else cell_counts(shoe)
    return choice_game(table, rules, information)


def _player_plays(game: ChoiceGame, strategies: StrategySet) -> tuple[Play, ...]:
    """The Player's decisions as his equilibrium strategies ``strategies`` play them."""
    linked = {v for c in strategies.constraints for v, _ in c.coefficients}
    rules = game.rules
    return tuple(
        Play(
            label=decision.label,
            total=decision.total,
            composition=decision.composition,
            column=None,
            low=strategies.low[i],
            high=strategies.high[i],
            point=strategies.point[i],
            play=_play(strategies.low[i], strategies.high[i], i in linked),
            reach=Fraction(decision.reach, game.dealings),
            tableau=rules.drawing.player_draws(decision.total),
        )
        for i, decision in enumerate(game.decisions)
    )


def _banker_plays(game: ChoiceGame, strategies: StrategySet, player: Point) -> tuple[Play, ...]:
    """The Banker's free cells as his equilibrium strategies ``strategies`` play them, each cell's reach when the
    Player plays ``player``."""
    linked = {v for c in strategies.constraints for v, _ in c.coefficients}
    numerators, denominator = common(player)
    plays = []
    for c, cell in enumerate(game.cells):
        reach = cell.reach()
        reached = reach[0] * denominator + sum(x * n for x, n in zip(reach[1:], numerators))
        plays.append(
            Play(
                label=cell.label,
                total=cell.total,
                composition=cell.composition,
                column=cell.column,
                low=strategies.low[c],
                high=strategies.high[c],
                point=strategies.point[c],
                play=_play(strategies.low[c], strategies.high[c], c in linked),
                reach=Fraction(reached, denominator * game.dealings),
                tableau=cell.tableau,
            )
        )
    return tuple(plays)
