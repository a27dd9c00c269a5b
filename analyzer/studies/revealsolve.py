"""Reveal laws solved for target returns: every law of how many cards are revealed that gives each raised wager its
target RTP under optimal play, exactly, or the proof that none does and the nearest.

Why it is exact
    Optimal play decides pattern by pattern (:mod:`analyzer.studies.peek`), never looking at the law, so when ``k``
    cards are revealed with probability ``q_k`` (the positions law given ``k`` fixed, as the rule file states it),
    a raised wager's expected net per initial bet is ``sum q_k EV_k`` and its expected amount wagered
    ``sum q_k W_k``, both linear in ``q``. RTP per initial bet ``1 + sum q_k EV_k`` is linear; RTP per amount wagered
    ``1 + sum q_k EV_k / sum q_k W_k`` is linear-fractional, and ``RTP <= T`` is the linear
    ``sum q_k (EV_k - (T - 1) W_k) <= 0`` since every ``W_k`` is positive. So the laws meeting every target (within a
    tolerance, or exactly) form a polytope in the simplex of laws, and :func:`solve_reveal_law` lists its vertices
    by exact vertex enumeration: every choice of tight constraints, solved by Gaussian elimination over Fractions,
    kept when it satisfies every constraint. Every law consistent with the targets is a mixture of the vertices.

When none is
    The polytope is empty. The nearest laws are then those that make the largest residual smallest, each residual
    measured as money per initial bet (``sum q_k (EV_k - (T - 1) D_k)``, ``D_k`` the amount wagered, or 1 per
    initial bet): a linear program over (q, t), solved by the same exact vertex enumeration. On the initial-bet
    basis that residual is the RTP residual itself; per amount wagered it is the RTP residual times the expected
    amount wagered. Each law reported carries its exact RTPs and residuals.

>>> _solve([[Fraction(1), Fraction(1)], [Fraction(1), Fraction(-1)]], [Fraction(1), Fraction(0)])
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..errors import InputError, named, shown
from ..game.odds import parse_percent
from ..game.reveal import Reveal
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from .peek import PeekAnalysis, analyze_peek, peek_reveal

BASES: tuple[str, ...] = ("wagered", "initial")
"""What an RTP is per: the amount wagered (initial bet, fee and raise), or the initial bet."""

_TARGET = re.compile(r"(?:(?P<wager>[A-Za-z0-9_.-]{1,64})\s*=\s*)?(?P<rtp>.+)")


@dataclass(frozen=True, slots=True)
class Target:
    """A raised wager's target RTP."""

    wager: str
    rtp: Fraction


TARGETS = ("targets", "--reveal-rtp")
"""The targets' parameter, and its option at the command line (:func:`analyzer.errors.named`)."""


def parse_targets(texts: Sequence[str], reveal: Reveal) -> tuple[Target, ...]:
    """``98.8%`` (every raised wager) or ``player=98.8%``, each a percentage; a wager named once at most."""
    targets: dict[str, Fraction] = {}
    for text in texts:
        match = _TARGET.fullmatch(text.strip())
        try:
            rtp = None if match is None else parse_percent(match.group("rtp"))
        except InputError:
            rtp = None
        if match is None or rtp is None:
            raise InputError(
                f"{named(*TARGETS)} {shown(text)} is not a percentage or WAGER=PERCENT; write 98.8% (every raised "
                "wager) or player=98.8%."
            )
        if not 0 < rtp < 2:
            raise InputError(f"{named(*TARGETS)} {shown(text)}: an RTP is above 0% and below 200%.")
        names = (match.group("wager"),) if match.group("wager") else reveal.wagers
        for name in names:
            if name not in reveal.wagers:
                raise InputError(
                    f"{named(*TARGETS)} {shown(text)}: {shown(name)} is not raised; the [reveal] table raises "
                    f"{', '.join(reveal.wagers)}."
                )
            if name in targets:
                raise InputError(f"{named(*TARGETS)}: {shown(name)} is given two targets; give each wager one.")
            targets[name] = rtp
    if not targets:
        raise InputError(f"{named(*TARGETS)} needs a target, e.g. 98.8% for every raised wager, or player=98.8%.")
    return tuple(Target(name, targets[name]) for name in reveal.wagers if name in targets)


def parse_within(text: str) -> Fraction:
    """How far from its target a law's RTP may land: a percentage of return, at least 0% ("0.05%").

    >>> parse_within("0.05%")
    Fraction(1, 2000)
    """
    try:
        tolerance = parse_percent(text) if isinstance(text, str) else None
    except InputError:
        tolerance = None
    if tolerance is None:
        raise InputError(
            f"{named('within', '--reveal-within')} {shown(text)} is not a percentage; write a tolerance such as 0.05%."
        )
    if tolerance < 0:
        raise InputError(
            f"{named('within', '--reveal-within')} {shown(text)}: a tolerance cannot be negative; write one of at "
            "least 0%, such as 0.05%."
        )
    return tolerance


@dataclass(frozen=True, slots=True)
class Coefficients:
    """A raised wager under optimal play when exactly ``cards`` cards are revealed: expected net and expected amount
    wagered, per initial bet."""

    wager: str
    cards: int
    expected_value: Fraction
    expected_wagered: Fraction

    @property
    def rtp(self) -> Fraction:
        return 1 + self.expected_value / self.expected_wagered

    @property
    def rtp_initial(self) -> Fraction:
        return 1 + self.expected_value


@dataclass(frozen=True, slots=True)
class Law:
    """A law of how many cards are revealed, ``probabilities`` parallel to :attr:`RevealLaws.counts`, with each
    target wager's RTP per amount wagered and per initial bet, and its residual on the solve's basis."""

    probabilities: tuple[Fraction, ...]
    rtps: tuple[Fraction, ...]
    rtps_initial: tuple[Fraction, ...]
    residuals: tuple[Fraction, ...]


@dataclass(frozen=True)
class RevealLaws:
    """The laws consistent with the targets (:attr:`vertices` of their polytope; empty when none is), or the nearest,
    with the coefficients they are built from and the rule file's own law for comparison."""

    rules: RuleSet
    shoe: Shoe
    basis: str
    tolerance: Fraction
    targets: tuple[Target, ...]
    counts: tuple[int, ...]
    coefficients: tuple[Coefficients, ...]
    vertices: tuple[Law, ...]
    nearest: tuple[Law, ...]
    file_law: Law | None
    """The rule file's law, when it reveals only counts the solve covers."""

    @property
    def consistent(self) -> bool:
        """Whether some law meets every target."""
        return bool(self.vertices)

    def ranges(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """The least and greatest probability of each count over the consistent laws (exact: the extremes of a linear
        function on a polytope are at its vertices)."""
        return tuple(
            (min(v.probabilities[i] for v in self.vertices), max(v.probabilities[i] for v in self.vertices))
            for i in range(len(self.counts))
        )


def solve_reveal_law(
    rules: RuleSet, shoe: Shoe, targets: Sequence[Target], basis: str = "wagered", tolerance: Fraction = Fraction(0)
) -> RevealLaws:
    """Every law of the number of cards revealed that gives each target wager its RTP within ``tolerance`` (on
    ``basis``, one of :data:`BASES`) under optimal play, as the vertices of their polytope; the nearest laws when none
    does. The positions revealed given the number are the rule file's (by default every set equally likely)."""
    if basis not in BASES:
        raise InputError(
            f"{named('per', '--reveal-per')} {shown(basis)} is not an RTP basis; use {' or '.join(BASES)} (per amount "
            "wagered, or per initial bet)."
        )
    if tolerance < 0:
        raise InputError("The tolerance of a target RTP cannot be negative.")
    reveal = peek_reveal(rules)
    analysis = analyze_peek(rules, shoe, tuple(t.wager for t in targets))
    counts = tuple(b.cards for b in analysis.wagers[0].by_count)
    coefficients = _coefficients(analysis)
    by = {(c.wager, c.cards): c for c in coefficients}

    def level(target: Target, shift: Fraction) -> list[Fraction]:
        """g_k = EV_k - (T - 1 + shift) D_k: the law meets RTP <= T + shift exactly when sum q_k g_k <= 0."""
        return [
            by[(target.wager, k)].expected_value
            - (target.rtp - 1 + shift) * (by[(target.wager, k)].expected_wagered if basis == "wagered" else 1)
            for k in counts
        ]

    n = len(counts)
    equalities: list[tuple[list[Fraction], Fraction]] = [([Fraction(1)] * n, Fraction(1))]
    inequalities: list[list[Fraction]] = [[Fraction(-1 if i == j else 0) for j in range(n)] for i in range(n)]
    for target in targets:
        if tolerance == 0:
            equalities.append((level(target, Fraction(0)), Fraction(0)))
        else:
            inequalities.append(level(target, tolerance))
            inequalities.append([-g for g in level(target, -tolerance)])
    vertices = _vertices(n, equalities, inequalities)
    nearest: list[tuple[Fraction, ...]] = []
    if not vertices:
        nearest = _nearest(n, [level(t, Fraction(0)) for t in targets])

    def law(q: tuple[Fraction, ...]) -> Law:
        rtps, initial, residuals = [], [], []
        for t in targets:
            ev = sum((qk * by[(t.wager, k)].expected_value for qk, k in zip(q, counts)), Fraction(0))
            wagered = sum((qk * by[(t.wager, k)].expected_wagered for qk, k in zip(q, counts)), Fraction(0))
            rtps.append(1 + ev / wagered)
            initial.append(1 + ev)
            residuals.append((rtps[-1] if basis == "wagered" else initial[-1]) - t.rtp)
        return Law(tuple(q), tuple(rtps), tuple(initial), tuple(residuals))

    own = reveal.counts
    file_law = law(tuple(reveal.count_probability(k) for k in counts)) if set(own) <= set(counts) else None
    return RevealLaws(
        rules=rules,
        shoe=shoe,
        basis=basis,
        tolerance=tolerance,
        targets=tuple(targets),
        counts=counts,
        coefficients=coefficients,
        vertices=tuple(law(v) for v in vertices),
        nearest=tuple(law(v) for v in nearest),
        file_law=file_law,
    )


def _coefficients(analysis: PeekAnalysis) -> tuple[Coefficients, ...]:
    return tuple(
        Coefficients(w.wager.name, b.cards, b.optimal.expected_value, b.optimal.expected_wagered)
        for w in analysis.wagers
        for b in w.by_count
    )


def _vertices(
    n: int, equalities: list[tuple[list[Fraction], Fraction]], inequalities: list[list[Fraction]]
) -> list[tuple[Fraction, ...]]:
    """The vertices of {x: E x = e, A x <= 0} (``equalities`` as (row, value) pairs, ``inequalities`` as rows), in
    lexicographic order: each choice of inequalities made tight that leaves one solution, kept when it satisfies
    every constraint (the equalities left out as dependent included)."""
    independent: list[tuple[list[Fraction], Fraction]] = []
    for row, value in equalities:
        if _rank([r for r, _ in independent] + [row]) > len(independent):
            independent.append((row, value))
    found: set[tuple[Fraction, ...]] = set()
    for tight in combinations(range(len(inequalities)), n - len(independent)):
        rows = [row for row, _ in independent] + [inequalities[i] for i in tight]
        values = [value for _, value in independent] + [Fraction(0)] * len(tight)
        x = _solve(rows, values)
        if x is None:
            continue
        if all(_dot(row, x) <= 0 for row in inequalities) and all(_dot(row, x) == value for row, value in equalities):
            found.add(x)
    return sorted(found)


def _dot(row: Sequence[Fraction], x: Sequence[Fraction]) -> Fraction:
    return sum((a * b for a, b in zip(row, x)), Fraction(0))


def _nearest(n: int, levels: list[list[Fraction]]) -> list[tuple[Fraction, ...]]:
    """The laws minimizing max |sum q_k g_k| over the targets' rows ``levels``: vertices of the LP over (q, t)."""
    equalities = [([Fraction(1)] * n + [Fraction(0)], Fraction(1))]
    inequalities = [[Fraction(-1 if i == j else 0) for j in range(n + 1)] for i in range(n)]
    for g in levels:
        inequalities.append([*g, Fraction(-1)])
        inequalities.append([*(-x for x in g), Fraction(-1)])
    points = _vertices(n + 1, equalities, inequalities)
    best = min(p[-1] for p in points)
    return [p[:-1] for p in points if p[-1] == best]


def _rank(rows: list[list[Fraction]]) -> int:
    """The rank of a matrix of Fractions."""
    matrix = [list(r) for r in rows]
    rank = 0
    for col in range(len(matrix[0]) if matrix else 0):
        pivot = next((i for i in range(rank, len(matrix)) if matrix[i][col] != 0), None)
        if pivot is None:
            continue
        matrix[rank], matrix[pivot] = matrix[pivot], matrix[rank]
        for i in range(len(matrix)):
            if i != rank and matrix[i][col] != 0:
                factor = matrix[i][col] / matrix[rank][col]
                matrix[i] = [a - factor * b for a, b in zip(matrix[i], matrix[rank])]
        rank += 1
    return rank


def _solve(rows: list[list[Fraction]], values: list[Fraction]) -> tuple[Fraction, ...] | None:
    """The one solution of the square system ``rows x = values`` by Gaussian elimination over Fractions, or None when
    the system is singular."""
    n = len(rows)
    matrix = [[*row, value] for row, value in zip(rows, values)]
    for col in range(n):
        pivot = next((i for i in range(col, n) if matrix[i][col] != 0), None)
        if pivot is None:
            return None
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for i in range(n):
            if i != col and matrix[i][col] != 0:
                factor = matrix[i][col] / matrix[col][col]
                matrix[i] = [a - factor * b for a, b in zip(matrix[i], matrix[col])]
    return tuple(matrix[i][n] / matrix[i][i] for i in range(n))
