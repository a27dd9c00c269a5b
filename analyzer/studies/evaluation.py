"""The math evaluation (``baccarat report``), computed: every figure the report states, as numbers.

What a supplier submits and a test lab certifies: per wager its par sheet, the pays in brief and the top award with
its odds, the volatility of the net result (the normal approximation, :mod:`.volatility`), the exact distribution of
one bet's net result, the effects of removal, the closed form against the number of decks; then a seeded simulation
cross-check, the published figures the game reproduces, the regulatory checks held to the game's kind, an optional
equivalence to an approved live game (:mod:`.equivalence`) and game-protection study (:mod:`.design`), a worked
example round, the overall verdict, and the report's number. :func:`evaluate` computes all of it into a frozen
:class:`Evaluation`; :mod:`analyzer.report.evaluation` only arranges and words it, so that a program reads the same
numbers the report prints.

The wagers evaluated are, by default, those the rule set's document offers (what a regulator certifies); ``wagers``
names others, analysed with the standard pay tables.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .. import __version__
from ..errors import InputError
from ..exact.parsheet import ParSheet, par_sheets
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..game.standard import standard_wagers_sha256
from ..play.engine import Bet, Round, Seat, check_cards, deal_round
from ..play.executor import LocalExecutor, open_executor
from ..play.simulate import Simulation, WagerCheck, plan, run
from .checks import CheckResult, Checks, ChecksSummary, apply, load_checks, summary
from .design import Designs, design, follows
from .diff import TopAward, top_award
from .eor import Effects, RemovalTable, effects_of_removal, removal_table
from .equivalence import Equivalence, equivalence
from .formula import Formulas, WagerFormula, formulas
from .verify import Claims, Verdict, published_claims, verify
from .volatility import LEVELS, NetRange, net_distribution, net_ranges, z_score

SIMULATION_ROUNDS = 1_000_000
"""Rounds of the simulation cross-check: a few seconds at most, standard errors near 0.001 for the main bets."""
SIMULATION_SEED = 20261122
"""Its seed, fixed, so that the report is the same every time it is made."""
EXAMPLE_HANDS = {"player": ["9", "3"], "banker": ["K", "5"]}
EXAMPLE_THIRD_CARDS = ("4", "2")
"""The worked example: Player 9 3 = 2 draws a 4; Banker K 5 = 5 draws (against a 4) a 2, under the standard
tableau: Banker 7 beats Player 6. The first four cards come out in the rule set's dealing order."""
PAYS_IN_BRIEF = 3
"""How many of a wager's highest distinct pays the summary names."""
DECKS_PLOTTED = 8
"""The closed form's values are stated for 1 to this many decks."""


@dataclass(frozen=True, slots=True)
class WagerFigures:
    """Everything the report states of one wager, beyond its par sheet's own figures (exact unless said)."""

    sheet: ParSheet
    top_pays: tuple[Fraction, ...]
    """Its highest distinct winning pays, largest first (at most :data:`PAYS_IN_BRIEF`)."""
    more_pays: bool
    """Whether it has more distinct winning pays than :attr:`top_pays`."""
    top: TopAward | None
    """The best-paying outcome a deal reaches, with its odds."""
    volatility: tuple[NetRange, ...]
    """The net result after 100, 1,000 and 10,000 rounds: exact means, normal-approximation ranges (floats)."""
    distribution: tuple[tuple[Fraction, Fraction], ...]
    """(net result, exact probability) of one unit bet, from the lowest; empty without a pay table."""
    distribution_spread: Fraction | None
    """The likeliest amount's probability over the rarest's (a plot on a log axis when large)."""
    effects: Effects | None
    removal_percent: tuple[Fraction | None, ...]
    """The effect of removing one card of each rank, in % of the bet (A..K; None where no card of it is left)."""
    formula: WagerFormula | None
    decks_values: tuple[tuple[int, Fraction | None], ...]
    """The closed form's lead figure at 1..:data:`DECKS_PLOTTED` decks (None where that shoe does not exist)."""
    simulation: WagerCheck | None
    published: tuple[Verdict, ...]
    published_confirmed: int

    @property
    def name(self) -> str:
        return self.sheet.wager.name


@dataclass(frozen=True, slots=True)
class Overall:
    """The overall verdict, as counts: the wagers, the simulation's and the published figures' verdicts, the
    regulatory checks, and the equivalence to an approved live game (``None`` when none was asked for)."""

    wagers: int
    simulated: int
    simulation_passed: int
    simulation_failed: tuple[str, ...]
    published: int
    published_confirmed: int
    checks: ChecksSummary
    equivalent: bool | None

    @property
    def sound(self) -> bool:
        """Every simulated wager agrees, every published figure is confirmed, no applicable check fails, and the
        game is equivalent to its live game where that was asked."""
        return (
            not self.simulation_failed
            and self.published_confirmed == self.published
            and self.checks.failed == 0
            and self.equivalent is not False
        )


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Everything the report states about one rule set and shoe, computed."""

    rules: RuleSet
    shoe: Shoe
    sheets: tuple[ParSheet, ...]
    wagers: tuple[WagerFigures, ...]
    removal: RemovalTable | None
    formulas: Formulas
    simulation: Simulation
    published: tuple[Verdict, ...]
    published_confirmed: int
    example: Round | None
    example_note: str
    checks: Checks
    check_results: tuple[CheckResult, ...]
    overall: Overall
    number: str
    """The report's number: stable, from the version and the digests of its inputs (:func:`report_number`)."""
    z_scores: tuple[tuple[Fraction, float], ...]
    """(confidence level, two-sided normal quantile) of the volatility ranges."""
    simulation_rounds: int
    simulation_seed: int
    protection: tuple[Designs, ...] | None = None
    """Each paid wager's counter yield (perfect play and the best simple count), when asked for."""
    equivalence: Equivalence | None = None
    """The game held to an approved live game, wager by wager and row by row, when asked for."""


def report_number(parts: Sequence[str], version: str = __version__) -> str:
    """A report's number: the first 48 bits of the SHA-256 of the version and ``parts`` (the inputs' digests and the
    settings that change a figure), as "BA-XXXX-XXXX-XXXX": the same inputs give the same number, any change
    another.

    >>> report_number(["a" * 64], "1.0")
    'BA-1E6B-76D9-73E4'
    """
    digest = hashlib.sha256("\n".join((version, *parts)).encode("utf-8")).hexdigest()[:12].upper()
    return f"BA-{digest[:4]}-{digest[4:8]}-{digest[8:]}"


def _inputs(
    rules: RuleSet,
    shoe: Shoe,
    chosen: Sequence[str],
    checks: Checks,
    settings: Sequence[str],
    inputs: Sequence[tuple[str, str]],
    live: RuleSet | None,
) -> list[str]:
    """What the report's number is derived from: every file's digest, the shoe, the wagers, the pays changed."""
    parts = [rules.source_sha256, *(sha for _, _, sha in rules.other_files), standard_wagers_sha256()]
    parts += [sha for _, sha in checks.files] + [f"jurisdiction {checks.jurisdiction}"]
    parts += [sha for _, sha in inputs]
    if live is not None:
        parts += [f"equivalent to {live.source_sha256}", *(sha for _, _, sha in live.other_files)]
    parts += [f"shoe {' '.join(map(str, shoe.counts))}", f"wagers {' '.join(chosen)}"]
    parts += [f"pays {w}:{o}={p}" for w, o, p in rules.pay_changes]
    return [*parts, *settings]


def _published(rules: RuleSet, wagers: Sequence[str]) -> tuple[Verdict, ...]:
    """The published figures about this very rule file (same name, same SHA-256), and those its wagers state
    themselves (``published`` in a wager's table, as the side-bet catalogue's do), each verified."""
    from .catalogue import check

    every = published_claims()
    mine = tuple(c for c in every.claims if c.rules.name == rules.name and c.rules.source_sha256 == rules.source_sha256)
    shipped = verify(Claims(path=every.path, title=every.title, claims=mine, sha256=every.sha256)) if mine else ()
    stated = tuple(v for w in wagers if rules.wager(w).published for _, v in check(rules, rules.wager(w)))
    return (*shipped, *stated)


def _example(rules: RuleSet, shoe: Shoe, sheets: Sequence[ParSheet]) -> tuple[Round | None, str]:
    """A round dealt from :data:`EXAMPLE_HANDS` with one unit on every offered wager evaluated."""
    hands = {side: list(cards) for side, cards in EXAMPLE_HANDS.items()}
    cards = (*(hands[side].pop(0) for side in rules.dealing.first_four), *EXAMPLE_THIRD_CARDS)
    try:
        check_cards(cards, shoe)
    except InputError as e:
        return None, f"No example round: {e}"
    offered = [s.wager.name for s in sheets if s.wager.offered and s.wager.lightning is None]  # no lightning drawn
    for bets in (offered, [w for w in offered if not rules.wager(w).requires]):
        try:
            seat = Seat(1, tuple(Bet(w, Fraction(1)) for w in bets), None)
            return deal_round(rules, cards, (seat,)), f"One unit on each of: {', '.join(bets) or 'nothing'}."
        except InputError:
            continue
    return None, "No example round: the table rules refuse these bets together."


def _wager(
    sheet: ParSheet,
    effects: Effects | None,
    closed: Formulas,
    formula: WagerFormula | None,
    simulated: WagerCheck | None,
    published: Sequence[Verdict],
) -> WagerFigures:
    paid = sorted({r.pays for r in sheet.rows if r.pays is not None and r.pays > 0}, reverse=True)
    paid_table = sheet.wager.has_pay_table
    points = net_distribution(sheet) if paid_table else ()
    probabilities = [p for _, p in points]
    mine = tuple(v for v in published if v.claim.wager == sheet.wager.name)
    return WagerFigures(
        sheet=sheet,
        top_pays=tuple(paid[:PAYS_IN_BRIEF]),
        more_pays=len(paid) > PAYS_IN_BRIEF,
        top=top_award(sheet),
        volatility=net_ranges(sheet) if paid_table else (),
        distribution=points,
        distribution_spread=max(probabilities) / min(probabilities) if probabilities else None,
        effects=effects,
        removal_percent=() if effects is None else tuple(None if e is None else e * 100 for e in effects.effects),
        formula=formula,
        decks_values=() if formula is None else closed.values(formula, DECKS_PLOTTED),
        simulation=simulated,
        published=mine,
        published_confirmed=sum(v.confirmed for v in mine),
    )


def evaluate(
    rules: RuleSet,
    shoe: Shoe,
    wagers: Sequence[str] = (),
    rounds: int = SIMULATION_ROUNDS,
    seed: int = SIMULATION_SEED,
    yield_shoes: int | None = None,
    workers: int = 1,
    *,
    checks: Checks | None = None,
    equivalent_to: RuleSet | None = None,
    inputs: Sequence[tuple[str, str]] = (),
) -> Evaluation:
    """Compute every part of the report for ``rules`` and ``shoe`` (``wagers``: default, those offered).

    ``yield_shoes`` adds the game-protection section: each paid wager's counter yield over that many shoes of a full
    shoe of the same decks, at the standard procedure (perfect play and the best simple count), on ``workers``.
    ``checks`` are the regulatory checks (default: the shipped ones); ``equivalent_to`` an approved live game the
    rule set is held to, wager by wager; ``inputs`` other files (name, SHA-256) the report's number covers, such as
    the ``--about`` file.
    """
    if shoe.decks_built is None:
        raise InputError("A report needs a shoe built from decks (--decks, --remove).")
    checks = checks if checks is not None else load_checks()
    chosen = tuple(wagers) if wagers else tuple(w.name for w in rules.wagers if w.offered)
    sheets = par_sheets(rules, shoe, chosen)
    plain = tuple(w for w in chosen if rules.wager(w).lightning is None)  # multipliers: par sheets only, for now
    paid = tuple(s.wager.name for s in sheets if s.wager.has_pay_table and s.wager.name in plain)
    removal = removal_table(rules, shoe, paid) if paid else None
    closed = formulas(rules, shoe.removed_from_decks(), plain)
    simulation = run(plan(rules, shoe, rounds=rounds, seed=seed, mode="top", wagers=chosen), LocalExecutor(1))
    example, note = _example(rules, shoe, sheets)
    protection = None
    if yield_shoes is not None:
        decks = shoe.decks_built
        effects = effects_of_removal(rules, Shoe.decks(decks), paid)  # once, for every wager's designs
        with open_executor(workers) as executor:
            protection = tuple(
                design(rules, e.wager.name, decks, yield_shoes, seed, executor, effects=e)
                for e in effects
                if follows(e)
            )
    published = _published(rules, chosen)
    by_formula = {f.wager.name: f for f in closed.wagers}
    by_effects = {e.wager.name: e for e in removal.effects} if removal else {}
    by_simulation = {c.statistic.wager.name: c for c in simulation.checks}
    figures = tuple(
        _wager(
            s,
            by_effects.get(s.wager.name),
            closed,
            by_formula.get(s.wager.name),
            by_simulation.get(s.wager.name),
            published,
        )
        for s in sheets
    )
    held = apply(checks, rules, sheets)
    equal = None if equivalent_to is None else equivalence(rules, shoe, equivalent_to)
    confirmed = sum(v.confirmed for v in published)
    overall = Overall(
        wagers=len(sheets),
        simulated=len(simulation.checks),
        simulation_passed=sum(c.passed for c in simulation.checks),
        simulation_failed=tuple(c.statistic.wager.name for c in simulation.checks if not c.passed),
        published=len(published),
        published_confirmed=confirmed,
        checks=summary(held),
        equivalent=None if equal is None else equal.equivalent,
    )
    settings = [f"simulation {rounds} {seed}", f"counter yield {yield_shoes}"]
    return Evaluation(
        rules=rules,
        shoe=shoe,
        sheets=sheets,
        wagers=figures,
        removal=removal,
        formulas=closed,
        simulation=simulation,
        published=published,
        published_confirmed=confirmed,
        example=example,
        example_note=note,
        checks=checks,
        check_results=held,
        overall=overall,
        number=report_number(_inputs(rules, shoe, chosen, checks, settings, inputs, equivalent_to)),
        z_scores=tuple((level, z_score(level)) for level in LEVELS),
        simulation_rounds=rounds,
        simulation_seed=seed,
        protection=protection,
        equivalence=equal,
    )
