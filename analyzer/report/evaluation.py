"""The math evaluation report (``baccarat report``): one composite document per rule set.

What a supplier submits and a test lab certifies, in one document: the game
and its source documents, the rules of play with their clauses (the drawing
chart as a table), every assumption and default, the counting convention,
then per wager its par sheet with a Totals row, house edge, RTP, element of
risk, hit frequency, standard deviation and volatility, and three plots (the
distribution of the net result, the effects of removal by rank, the house
edge against the number of decks with its limit); a seeded simulation
cross-check with its verdicts; the published figures the game reproduces,
with sources; a worked example round; and the provenance.

:func:`evaluate` computes everything (the exact path, the closed forms, the
simulator, the published claims, the round engine); :func:`evaluation_document`
only arranges it. Any renderer writes the document: HTML and PDF for people,
JSON and text carry the same content, the workbook its par sheets.

The wagers evaluated are, by default, those the rule set's document offers
(what a regulator certifies); ``wagers`` names others, analysed with the
standard pay tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .. import __version__
from ..errors import InputError
from ..exact.parsheet import ParSheet, par_sheets
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import count_text, decimal_text
from ..play.engine import Bet, Round, Seat, check_cards, deal_round
from ..play.executor import LocalExecutor, open_executor
from ..play.simulate import CONFIDENCE, Simulation, plan, run
from ..studies.checks import Checks, apply, load_checks
from ..studies.design import Designs, design, follows
from ..studies.eor import RemovalTable, effects_of_removal, removal_table
from ..studies.formula import Formulas, formulas
from ..studies.verify import Claims, Verdict, published_claims, verify
from ..studies.volatility import LEVELS
from .about import About
from .common import COUNTING, defaults_field, shoe_text
from .evaluation_parts import published_section, rules_sections, wager_section
from .front import front_page
from .model import Document, Field, Fields, Prose, Section, SourceFile, integer, text
from .play import round_document, simulation_document
from .protection import protection_section
from .provenance import provenance

SIMULATION_ROUNDS = 1_000_000
"""Rounds of the simulation cross-check: a few seconds at most, standard errors near 0.001 for the main bets."""
SIMULATION_SEED = 20261122
"""Its seed, fixed, so that the report is the same every time it is made."""
EXAMPLE_HANDS = {"player": ["9", "3"], "banker": ["K", "5"]}
EXAMPLE_THIRD_CARDS = ("4", "2")
"""The worked example: Player 9 3 = 2 draws a 4; Banker K 5 = 5 draws (against a 4) a 2, under the standard
tableau: Banker 7 beats Player 6. The first four cards come out in the rule set's dealing order."""

ASSUMPTIONS = (
    "Each figure is for one round dealt off the top of the shoe described, freshly shuffled: every ordered "
    "sequence of its cards is equally likely. Cards named as removed are out of the shoe.",
    "No cards are burned (no document mentions any); the cut card does not change a round dealt off the top.",
    "Figures are per unit staked; a pay 'N:M' returns the stake plus N/M units; a push returns the stake.",
    "A wager the document does not offer is evaluated only when asked for, with the standard pay table of "
    "wagers.toml, and is marked so.",
    "Volatility: the net result after n rounds is approximated by a normal distribution with the exact mean "
    "n·E[X] and variance n·Var[X] (rounds are independent); its "
    + " and ".join(f"{decimal_text(level * 100, 0)}%" for level in LEVELS)
    + " ranges are n·E[X] ± z·√n·SD.",
    "The simulation is a check, not a source: every figure above is exact.",
)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Everything the report states about one rule set and shoe, computed."""

    rules: RuleSet
    shoe: Shoe
    sheets: tuple[ParSheet, ...]
    removal: RemovalTable | None
    formulas: Formulas
    simulation: Simulation
    published: tuple[Verdict, ...]
    example: Round | None
    example_note: str
    protection: tuple[Designs, ...] | None = None
    """Each paid wager's counter yield (perfect play and the best simple count), when asked for."""


def evaluate(
    rules: RuleSet,
    shoe: Shoe,
    wagers: Sequence[str] = (),
    rounds: int = SIMULATION_ROUNDS,
    seed: int = SIMULATION_SEED,
    yield_shoes: int | None = None,
    workers: int = 1,
) -> Evaluation:
    """Compute every part of the report for ``rules`` and ``shoe`` (``wagers``: default, those offered).

    ``yield_shoes`` adds the game-protection section: each paid wager's counter yield over that many shoes of a full
    shoe of the same decks, at the standard procedure (perfect play and the best simple count), on ``workers``."""
    if shoe.decks_built is None:
        raise InputError("A report needs a shoe built from decks (--decks, --remove).")
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
    return Evaluation(
        rules=rules,
        shoe=shoe,
        sheets=sheets,
        removal=removal,
        formulas=closed,
        simulation=simulation,
        published=_published(rules, chosen),
        example=example,
        example_note=note,
        protection=protection,
    )


def _published(rules: RuleSet, wagers: Sequence[str]) -> tuple[Verdict, ...]:
    """The published figures about this very rule file (same name, same SHA-256), and those its wagers state
    themselves (``published`` in a wager's table, as the side-bet catalogue's do), each verified."""
    from ..studies.catalogue import check

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
    offered = [
        s.wager.name for s in sheets if s.wager.offered and s.wager.lightning is None
    ]  # no lightning cards drawn
    for bets in (offered, [w for w in offered if not rules.wager(w).requires]):
        try:
            seat = Seat(1, tuple(Bet(w, Fraction(1)) for w in bets), None)
            return deal_round(rules, cards, (seat,)), f"One unit on each of: {', '.join(bets) or 'nothing'}."
        except InputError:
            continue
    return None, "No example round: the table rules refuse these bets together."


def evaluation_document(evaluation: Evaluation, about: About | None = None, checks: Checks | None = None) -> Document:
    """The report, arranged: head, the summary (front page), rules, assumptions, counting, one section per wager,
    checks, example; ``about`` names the supplier, laboratory, evaluator and sign-off (``--about``); ``checks`` are
    the regulatory checks applied (default: the shipped ones)."""
    rules, shoe = evaluation.rules, evaluation.shoe
    checks = checks if checks is not None else load_checks()
    offered = [s.wager.name for s in evaluation.sheets]
    head = Fields(
        (
            Field("rule_set", "Rule set", text(rules.name), text=f"{rules.name}: {rules.title}"),
            Field("document", "Source document", text(rules.document)),
            Field(
                "shoe",
                "Shoe",
                text(shoe_text(shoe)),
                text=f"{shoe_text(shoe)}; {count_text(shoe.denominator)} ordered six-card dealings",
            ),
            Field("wagers_evaluated", "Wagers evaluated", tuple(text(w) for w in offered), text=", ".join(offered)),
            Field(
                "version",
                "Computed by",
                text(__version__),
                text=f"baccarat-analyzer {__version__}; every figure is exact "
                "(fractions of whole counts) unless marked as a simulation or an approximation",
            ),
        )
    )
    assumptions = Section(
        title="Assumptions and defaults",
        blocks=(
            Fields((defaults_field(rules, shoe),)),
            Prose(tuple(f"  - {a}" for a in ASSUMPTIONS), key="assumptions"),
        ),
        key="assumptions_and_defaults",
    )
    counting = Section(
        title="Counting convention",
        blocks=(
            Prose(
                (
                    COUNTING,
                    f"For this shoe the denominator is {count_text(shoe.denominator)}. Probabilities "
                    "are exact fractions of these counts; decimals are rounded exactly from them; a standard "
                    "deviation, a square root, is the one figure computed in floating point.",
                ),
                key="counting",
            ),
            Fields((Field("denominator", None, integer(shoe.denominator)),)),
        ),
    )
    formulas_by_wager = {f.wager.name: f for f in evaluation.formulas.wagers}
    effects = {e.wager.name: e for e in evaluation.removal.effects} if evaluation.removal else {}
    wager_sections = tuple(
        wager_section(
            sheet, effects.get(sheet.wager.name), evaluation.formulas, formulas_by_wager.get(sheet.wager.name)
        )
        for sheet in evaluation.sheets
    )
    simulated = simulation_document(evaluation.simulation)
    simulation = Section(
        title="Simulation cross-check",
        lead=(
            "A Monte Carlo check by code that shares nothing with the exact count: a vectorized dealer reads the "
            "drawing tables itself. PASS: the exact value lies inside the "
            f"{decimal_text(CONFIDENCE * 100, 1)}% interval of the observed mean.",
        ),
        blocks=simulated.blocks,
        key="simulation",
    )
    if evaluation.example is not None:
        dealt = round_document(rules, evaluation.example)
        example = Section(
            title="A worked example round", lead=(evaluation.example_note,), blocks=dealt.blocks, key="example"
        )
    else:
        example = Section(title="A worked example round", blocks=(Prose((evaluation.example_note,)),), key="example")
    return Document(
        title=f"Mathematical evaluation: {rules.title}",
        blocks=(
            head,
            front_page(
                rules,
                evaluation.sheets,
                evaluation.simulation,
                evaluation.published,
                about,
                apply(checks, evaluation.sheets),
            ),
            *rules_sections(rules, shoe),
            assumptions,
            counting,
            *wager_sections,
            simulation,
            *(() if evaluation.protection is None else (protection_section(evaluation.protection),)),
            published_section(rules, evaluation.published),
            example,
        ),
        provenance=provenance(
            (rules,),
            shoe_text(shoe),
            (
                *(() if about is None else (SourceFile(about.path, "about file", about.sha256),)),
                *(SourceFile(name, "checks file", sha256) for name, sha256 in checks.files),
            ),
        ),
    )
