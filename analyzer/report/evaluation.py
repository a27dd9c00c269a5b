"""The math evaluation report (``baccarat report``): one composite document per rule set, arranged.

What a supplier submits and a test lab certifies, in one document: first a certificate (the report's number, the
game and its document, the kind of game, the parties, the overall verdict, the results, a signature block), then the
provenance on a page of its own, then how the figures were obtained, the game and its rules of play with their
clauses (the drawing chart as a table), every assumption and default, the counting convention, per wager its par
sheet with a Totals row, house edge, RTP, element of risk, hit frequency, standard deviation and volatility, and three
plots (the distribution of the net result, the effects of removal by rank, the house edge against the number of decks
with its limit); a seeded simulation cross-check with its verdicts; the equivalence to an approved live game and the
counter yield when asked for; the regulatory checks; the published figures the game reproduces, with sources; and a
worked example round.

Everything is computed by :func:`analyzer.studies.evaluation.evaluate`; :func:`evaluation_document` only arranges it,
one maker per section (:data:`SECTIONS`), so that a new section is one more maker and one more field of the
evaluation. Any renderer writes the document: HTML and PDF for people, JSON and text carry the same content, the
workbook its par sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import __version__
from ..numbers import count_text, percent_text
from ..play.simulate import CONFIDENCE
from ..studies.evaluation import (
    SIMULATION_ROUNDS,
    SIMULATION_SEED,
    Evaluation,
)
from ..studies.volatility import LEVELS
from .about import About
from .checks import checks_blocks
from .common import COUNTING, defaults_field, shoe_text
from .equivalence import equivalence_section
from .evaluation_parts import published_section, rules_sections, wager_section
from .front import front_page, method_section
from .model import Block, Document, Field, Fields, Prose, Section, SourceFile, integer, text
from .play import round_document, simulation_document
from .protection import protection_section
from .provenance import provenance

__all__ = ["SECTIONS", "SIMULATION_ROUNDS", "SIMULATION_SEED", "evaluation_document"]

ASSUMPTIONS = (
    "Each figure is for one round dealt off the top of the shoe described, freshly shuffled: every ordered "
    "sequence of its cards is equally likely. Cards named as removed are out of the shoe.",
    "No cards are burned (no document mentions any); the cut card does not change a round dealt off the top.",
    "Figures are per unit staked; a pay 'N:M' (N to M, or N+M for M) returns the stake plus N/M units; a push returns "
    "the stake.",
    "A wager the document does not offer is evaluated only when asked for, with the standard pay table of "
    "wagers.toml, and is marked so.",
    "Volatility: the net result after n rounds is approximated by a normal distribution with the exact mean "
    "n·E[X] and variance n·Var[X] (rounds are independent); its "
    + " and ".join(percent_text(level, 0) for level in LEVELS)
    + " ranges are n·E[X] ± z·√n·SD.",
    "The simulation is a check, not a source: every figure above is exact.",
)

SectionMaker = Callable[[Evaluation, "About | None"], Sequence[Block]]
"""One part of the report: the blocks it adds, from the evaluation and the parties (none when it does not apply)."""


def _certificate(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return (front_page(evaluation, about),)


def _head(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    """What machines read at the top: the rule set, its document, the shoe, the wagers, the version."""
    rules, shoe = evaluation.rules, evaluation.shoe
    offered = [s.wager.name for s in evaluation.sheets]
    return (
        Fields(
            (
                Field("rule_set", None, text(rules.name)),
                Field("document", None, text(rules.document)),
                Field("shoe", None, text(shoe_text(shoe))),
                Field("wagers_evaluated", None, tuple(text(w) for w in offered)),
                Field("version", None, text(__version__)),
                Field("report_number", None, text(evaluation.number)),
            )
        ),
    )


def _method(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return (method_section(),)


def _rules(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return rules_sections(evaluation.rules, evaluation.shoe)


def _assumptions(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    rules, shoe = evaluation.rules, evaluation.shoe
    assumptions = Section(
        title="Assumptions and defaults",
        blocks=(
            Fields((defaults_field(rules, shoe),)),
            Prose(
                (
                    f"  - Kind of game: {rules.kind_text}; a rule file states it with [rule_set] kind (live, "
                    "electronic or rng), and which regulatory checks apply depends on it.",
                    *(f"  - {a}" for a in ASSUMPTIONS),
                ),
                key="assumptions",
            ),
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
    return assumptions, counting


def _wagers(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return tuple(wager_section(figures, evaluation) for figures in evaluation.wagers)


def _simulation(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    simulated = simulation_document(evaluation.simulation)
    return (
        Section(
            title="Simulation cross-check",
            lead=(
                "A Monte Carlo check by code that shares nothing with the exact count: a vectorized dealer reads the "
                "drawing tables itself. PASS: the exact value lies inside the "
                f"{percent_text(CONFIDENCE, 1)} interval of the observed mean.",
            ),
            blocks=simulated.blocks,
            key="simulation",
        ),
    )


def _protection(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return () if evaluation.protection is None else (protection_section(evaluation.protection),)


def _equivalence(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return () if evaluation.equivalence is None else (equivalence_section(evaluation.equivalence),)


def _checks(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    rules = evaluation.rules
    lead = [
        "Each check is held exactly to each wager it covers; a check that does not cover this kind of game, or a "
        "wager, is listed as not applicable, with the reason, never as a PASS."
    ]
    if rules.kind == "electronic" and evaluation.equivalence is None:
        lead.append(
            "An electronic table game is held to the payback of its approved live game (N.J.A.C. 13:69E-1.28P(b)2; "
            "the DICJ's standards for dealer-operated electronic table games): add --equivalent-to LIVE_RULES."
        )
    return (
        Section(
            title="Regulatory checks",
            lead=tuple(lead),
            blocks=checks_blocks(evaluation.check_results, rules.kind_text, evaluation.checks.jurisdiction),
            key="regulatory_checks",
        ),
    )


def _published(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    return (published_section(evaluation),)


def _example(evaluation: Evaluation, about: About | None) -> Sequence[Block]:
    if evaluation.example is not None:
        dealt = round_document(evaluation.rules, evaluation.example)
        return (
            Section(
                title="A worked example round", lead=(evaluation.example_note,), blocks=dealt.blocks, key="example"
            ),
        )
    return (Section(title="A worked example round", blocks=(Prose((evaluation.example_note,)),), key="example"),)


SECTIONS: tuple[SectionMaker, ...] = (
    _certificate,
    _head,
    _method,
    _rules,
    _assumptions,
    _wagers,
    _simulation,
    _protection,
    _equivalence,
    _checks,
    _published,
    _example,
)
"""The report's parts, in order; the provenance follows the first (the certificate). A new section is a maker here."""


def evaluation_document(
    evaluation: Evaluation, about: About | None = None, sections: Sequence[SectionMaker] = SECTIONS
) -> Document:
    """The report, arranged from ``evaluation``: each of ``sections`` in order; ``about`` names the supplier,
    laboratory, evaluator and sign-off (``--about``)."""
    rules = evaluation.rules
    blocks = tuple(block for make in sections for block in make(evaluation, about))
    others = []
    if about is not None:
        others.append(SourceFile(about.path, "about file", about.sha256))
    others += [SourceFile(name, "checks file", sha256) for name, sha256 in evaluation.checks.files]
    live = () if evaluation.equivalence is None else (evaluation.equivalence.live,)
    return Document(
        title=f"Mathematical evaluation: {rules.title}",
        blocks=blocks,
        provenance=provenance((rules, *live), shoe_text(evaluation.shoe), others),
        provenance_after="certificate_page",
    )
