"""The exact depth study (``baccarat depth``): how much a wager gives a player who knows the unseen cards, by depth.

With ``k`` cards unseen (those left in the shoe and those burned), every ``k``-card subset of the full shoe is equally
likely to be the unseen cards, whatever was dealt before: their composition over the classes the wager reads is
multivariate hypergeometric, ``P(n) = prod_i C(N_i, n_i) / C(N, k)``, ``N_i`` the full shoe's cards of class ``i``.
For every such composition the wager's exact expected value on the next round
(:func:`analyzer.exact.batch.expected_values`,
the counting study's engine) is computed, and, exactly over all compositions:

* the probability that the wager has an edge (its expected value is above 0);
* the average edge when it has one;
* the expected gain per round of perfect play, ``E[max(0, EV)]``: what a player who bets one unit exactly when the
  edge is his takes from a round dealt with ``k`` unseen cards.

The classes: the ten baccarat values when the wager reads nothing that tells ranks of one value apart (its needs: no
pair flag, no rank keys, no card spec splitting the ten-valued ranks), else the thirteen ranks. A wager that reads
suits is refused. The cost is the number of compositions, ``C(k + m - 1, m - 1)`` at most for ``m`` classes (817,190
at k = 14 over ten values, 70.6 million at k = 26). They are summed by the split of
:mod:`analyzer.studies.depth_kernel` (matrix products in float64 under checked bounds, exact; millions of
compositions a second on one core), up to :data:`MAX_SPLIT_COMPOSITIONS` a depth; a wager settled beyond its side's
view, or a depth beyond the kernel's bounds, composition by composition (:func:`depth_figures_by_composition`, some
25,000 to 80,000 a second), up to :data:`MAX_COMPOSITIONS`. Each depth's count is printed, and a depth above its
limit is refused in one line.

Units per shoe: the expected number of rounds dealt at each depth comes from the shoe procedure
(:mod:`analyzer.studies.plan`), estimated by dealing shoes in which each round uses 4, 5 or 6 cards with the full
shoe's exact probabilities, independently of the cards seen (an approximation, stated so wherever it is printed;
the counting study deals the real cards). Units per shoe from the depths studied are the sum of rounds times gain.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, named
from ..game.cards import RANKS, VALUES
from ..game.needs import HandNeeds, Needs, needs_of
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..play.executor import Executor
from .depth_kernel import Form, fits, rank_form, split_sums, value_form
from .plan import Procedure

Array = npt.NDArray[Any]
MAX_COMPOSITIONS = 20_000_000
"""The most compositions one depth counted composition by composition may have (about 5 to 10 minutes on one core)."""
MAX_SPLIT_COMPOSITIONS = 500_000_000
"""The most compositions one depth counted by the split sums may have (a minute or so on one core)."""
CHUNK = 1 << 17
TENS = tuple(r for r, v in enumerate(VALUES) if v == 0)


@dataclass(frozen=True, slots=True)
class Depth:
    """One depth: ``unseen`` cards, the ``compositions`` evaluated, and the exact figures over them."""

    unseen: int
    compositions: int
    edge_probability: Fraction
    average_edge: Fraction | None
    gain_per_round: Fraction
    seconds: float


@dataclass(frozen=True, slots=True)
class DepthStudy:
    """A wager's depths, with the rounds a shoe deals at each (estimated) and what they give per shoe."""

    rules: RuleSet
    wager: str
    decks: int
    classes: str
    depths: tuple[Depth, ...]
    procedure: Procedure
    rounds_at: tuple[tuple[int, float], ...]
    """(unseen cards, expected rounds a shoe deals with that many unseen at its start), from ``shoes`` dealt."""
    shoes: int
    seed: int

    @property
    def units_per_shoe(self) -> float:
        """Perfect play's expected units a shoe from the rounds dealt at the depths studied (an estimate)."""
        rounds = dict(self.rounds_at)
        return sum(rounds.get(d.unseen, 0.0) * float(d.gain_per_round) for d in self.depths)


def value_level(needs: Needs) -> bool:
    """Whether nothing the wager reads tells apart two ranks of one value (then ten value classes suffice)."""
    return not needs.reads_suits and all(_value_level_hand(needs.hand(side)) for side in ("player", "banker"))


def _value_level_hand(hand: HandNeeds) -> bool:
    if hand.pair or hand.suited_pair or hand.all.keyings or hand.first.keyings:
        return False
    specs = (*hand.third, *(s for s, _ in hand.all.counts), *(s for s, _ in hand.first.counts))
    for spec in specs:
        ranks = {t // 4 for t in spec.types}
        if 0 < len(ranks & set(TENS)) < len(TENS):
            return False
    return True


def compositions(caps: tuple[int, ...], k: int) -> Iterator[Array]:
    """Every composition of ``k`` cards into classes holding at most ``caps[i]``, in chunks of rows."""
    m = len(caps)
    rest = [sum(caps[i:]) for i in range(m)] + [0]

    def expand(prefix: Array, i: int) -> Iterator[Array]:
        if i == m - 1:
            last = k - prefix.sum(axis=1)
            ok = (last >= 0) & (last <= caps[i])
            yield np.concatenate([prefix[ok], last[ok, None]], axis=1)
            return
        used = prefix.sum(axis=1)
        parts = []
        for n in range(min(caps[i], k) + 1):
            ok = (used + n <= k) & (k - used - n <= rest[i + 1])
            if ok.any():
                parts.append(np.concatenate([prefix[ok], np.full((int(ok.sum()), 1), n, dtype=np.int64)], axis=1))
        if not parts:
            return
        grown = np.concatenate(parts)
        for start in range(0, len(grown), CHUNK):
            yield from expand(grown[start : start + CHUNK], i + 1)

    yield from expand(np.zeros((1, 0), dtype=np.int64), 0)


def count_compositions(caps: tuple[int, ...], k: int) -> int:
    """How many compositions :func:`compositions` yields (a polynomial product, exactly)."""
    ways = [1] + [0] * k
    for cap in caps:
        ways = [sum(ways[j - n] for n in range(min(cap, j) + 1)) for j in range(k + 1)]
    return ways[k]


def depth_figures(rules: RuleSet, wager: str, shoe: Shoe, k: int) -> Depth:
    """The exact figures of ``wager`` with ``k`` unseen cards of ``shoe`` (see the module): by the split sums of
    :mod:`analyzer.studies.depth_kernel` where the wager is read by values and their bounds hold, else composition by
    composition (:func:`depth_figures_by_composition`)."""
    form = split_form(rules, wager, shoe, k)
    if form is None:
        return depth_figures_by_composition(rules, wager, shoe, k)
    started = time.perf_counter()
    caps = shoe.by_value() if form.classes == len(shoe.by_value()) else shoe.counts
    sums = split_sums(form, caps, k)
    assert sums is not None, "the bounds were checked"
    return figures(k, math.comb(shoe.size, k), count_compositions(caps, k), *sums, form.scale, started)


def split_form(rules: RuleSet, wager: str, shoe: Shoe, k: int) -> Form | None:
    """The wager's form over the classes it reads when the split sums can count ``k`` unseen cards exactly, else
    ``None``."""
    form = (value_form if value_level(needs_of(rules.wager(wager))) else rank_form)(rules, wager)
    return form if form is not None and fits(form, k) else None


def depth_figures_by_composition(rules: RuleSet, wager: str, shoe: Shoe, k: int) -> Depth:
    """:func:`depth_figures` composition by composition: each one's expected value by the counting study's engine
    (:func:`analyzer.exact.batch.expected_values`), its weight in Python integers."""
    by_value = depth_figures_check(rules, wager, shoe, range(k, k + 1)) == "values"
    caps = shoe.by_value() if by_value else shoe.counts
    total = count_compositions(caps, k)
    started = time.perf_counter()
    comb = binomials(caps, k)
    positive, gain = 0, 0  # integer numerators over C(N, k) (and the pays' scale times k!/(k-6)!)
    scale = 1
    for rows in compositions(caps, k):
        up, more, scale = edge_sums(rules, wager, rows, by_value, comb)
        positive, gain = positive + up, gain + more
    return figures(k, math.comb(shoe.size, k), total, positive, gain, scale, started)


def binomials(caps: tuple[int, ...], k: int) -> list[Array]:
    """``C(caps[i], j)`` for ``j`` up to ``k``, one object array of Python integers per class."""
    return [np.array([math.comb(n, j) for j in range(k + 1)], dtype=object) for n in caps]


def edge_sums(rules: RuleSet, wager: str, rows: Array, by_value: bool, comb: list[Array]) -> tuple[int, int, int]:
    """Over the compositions ``rows`` (by value when ``by_value``, else by rank) where ``wager`` has the edge: the sum
    of their weights ``prod C(N_i, n_i)`` (``comb`` from :func:`binomials`), of their weights times their expected
    values' numerators, and the pays' scale those numerators are over (with ``(k)_6``)."""
    from ..exact.batch import expected_values

    values = expected_values(rules, (wager,), _as_ranks(rows) if by_value else rows)
    numerators = values.numerators[:, 0]
    up = np.flatnonzero(numerators > 0)
    if not up.size:
        return 0, 0, values.scale[0]
    weights = comb[0][rows[up, 0]]
    for c in range(1, len(comb)):
        weights = weights * comb[c][rows[up, c]]
    return int(weights.sum()), int((weights * numerators[up].astype(object)).sum()), values.scale[0]


def figures(k: int, ways: int, total: int, positive: int, gain: int, scale: int, started: float) -> Depth:
    """The depth's figures from the sums over the compositions with an edge: of their weights (``positive``, over
    ``ways`` = ``C(N, k)``) and of their weights times their expected values' numerators (``gain``, over ``C(N, k)``
    times
    the pays' ``scale`` and ``(k)_6``)."""
    unit = scale * math.perm(k, CARDS_PER_ROUND)
    return Depth(
        unseen=k,
        compositions=total,
        edge_probability=Fraction(positive, ways),
        average_edge=Fraction(gain, positive * unit) if positive else None,
        gain_per_round=Fraction(gain, ways * unit),
        seconds=time.perf_counter() - started,
    )


def _as_ranks(rows: Array) -> Array:
    """Value compositions as rank rows: values 1-9 are the ranks A-9, value 0 is all tens (the wager reads no more)."""
    out = np.zeros((len(rows), len(RANKS)), dtype=np.int64)
    for rank, value in enumerate(VALUES):
        if value:
            out[:, rank] = rows[:, value]
    out[:, TENS[0]] = rows[:, 0]
    return out


def rounds_by_depth(shoe: Shoe, rules: RuleSet, procedure: Procedure, shoes: int, seed: int) -> dict[int, float]:
    """Expected rounds a shoe deals with each number of unseen cards at the round's start (estimated, see the
    module)."""
    from ..exact.fastcount import count_deals

    distribution = count_deals(shoe, rules.drawing)
    cards = np.zeros(3, dtype=np.int64)
    for state, n in distribution.counts.items():
        cards[state.player_cards + state.banker_cards - 4] += n
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    cut = np.cumsum(cards)
    first = rng.integers(0, shoe.size, size=shoes)
    value_of_card = np.repeat(np.array([v or 10 for v in VALUES]), shoe.counts)
    burn = (
        value_of_card[first]
        if procedure.burn == "standard"
        else np.zeros(shoes, dtype=np.int64)
        if procedure.burn == "none"
        else np.full(shoes, int(procedure.burn))
    )
    shown = 1 if procedure.burn == "standard" else 0
    unseen = np.full(shoes, shoe.size - shown, dtype=np.int64)
    left = unseen - burn
    extra = np.full(shoes, procedure.extra_rounds, dtype=np.int64)
    tally: dict[int, float] = {}
    live = left > procedure.cut_card
    while live.any():
        at, counts = np.unique(unseen[live], return_counts=True)
        for k, n in zip(at.tolist(), counts.tolist()):
            tally[k] = tally.get(k, 0.0) + n / shoes
        used = 4 + np.searchsorted(cut, rng.integers(0, int(cut[-1]), size=shoes), side="right")
        unseen = np.where(live, unseen - used, unseen)
        left = np.where(live, left - used, left)
        going = left > procedure.cut_card  # more rounds before the cut card; else the rounds after it
        after = live & ~going
        live = live & (going | (extra > 0))
        extra = np.where(after, extra - 1, extra)
    return dict(sorted(tally.items()))


@dataclass(frozen=True, slots=True)
class DepthTask:
    """One depth to count: plain data, so that it crosses to a worker."""

    rules: RuleSet
    wager: str
    shoe: Shoe
    unseen: int


def count_depth(task: DepthTask) -> Depth:
    """:func:`depth_figures` of one task (what a worker runs)."""
    return depth_figures(task.rules, task.wager, task.shoe, task.unseen)


def study(
    rules: RuleSet,
    wager: str,
    decks: int,
    unseen: range,
    executor: Executor,
    procedure: Procedure | None = None,
    shoes: int = 100_000,
    seed: int = 0,
) -> DepthStudy:
    """Every depth of ``unseen`` for ``wager`` on a full shoe of ``decks`` decks, counted on ``executor``, with the
    rounds a
    shoe deals at each depth estimated from ``shoes`` shoes of ``procedure`` (default: the standard one)."""
    if not rules.wager(wager).has_pay_table:
        raise InputError(f"Wager {wager} has no pay table, so it has no expected value to study.")
    if not unseen:
        raise InputError(f"{named('unseen')} is empty: name at least one number of unseen cards.")
    shoe = Shoe.decks(decks)
    procedure = procedure or Procedure()
    procedure.check(shoe.size)
    classes = depth_figures_check(rules, wager, shoe, unseen)
    depths = tuple(executor.map(count_depth, [DepthTask(rules, wager, shoe, k) for k in unseen]))
    rounds = rounds_by_depth(shoe, rules, procedure, shoes, seed)
    return DepthStudy(rules, wager, decks, classes, depths, procedure, tuple(rounds.items()), shoes, seed)


def depth_figures_check(rules: RuleSet, wager: str, shoe: Shoe, unseen: range, limited: bool = True) -> str:
    """Refuse, before any work, a wager or a depth the study cannot count; the classes it counts over. A depth above
    the one-machine limits (:data:`MAX_SPLIT_COMPOSITIONS`, :data:`MAX_COMPOSITIONS`) is refused when ``limited``;
    on a cluster (:mod:`analyzer.studies.depth_parts`) every depth of the shoe is taken."""
    needs = needs_of(rules.wager(wager))
    if needs.reads_suits:
        raise InputError(f"Wager {wager} reads suits; the depth study counts compositions by rank or value only.")
    if rules.wager(wager).lightning is not None:
        raise InputError(
            f"Wager {wager} has lightning multipliers, which match card types; the depth study counts "
            "compositions by rank or value only (count deals them)."
        )
    caps = shoe.by_value() if value_level(needs) else shoe.counts
    for k in unseen:
        if not CARDS_PER_ROUND <= k <= shoe.size:
            raise InputError(
                f"A depth is {CARDS_PER_ROUND} to {shoe.size} unseen cards (a round needs up to "
                f"{CARDS_PER_ROUND}), got {k}."
            )
        if not limited:
            continue
        total = count_compositions(caps, k)
        limit = MAX_COMPOSITIONS if split_form(rules, wager, shoe, k) is None else MAX_SPLIT_COMPOSITIONS
        if total > limit:
            raise InputError(
                f"{k} unseen cards make {total:,} compositions over the {len(caps)} classes {wager} "
                f"reads, above the limit of {limit:,} on one machine; study fewer unseen cards (--to), or "
                "share the depths over a Dask cluster (--scheduler ADDRESS)."
            )
    return "values" if value_level(needs) else "ranks"
