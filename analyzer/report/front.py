"""The report's front page: a certificate, on one page.

What a lab signs, first: the report's number (stable: the same inputs give the same number), the game and its
document by title, operator, jurisdiction and approval date (as the rule file states them; "not stated in the
document" otherwise; never an internal file id), the kind of game, the shoe, the supplier and the laboratory of
``--about``, the overall verdict in one sentence, a short results table, and a signature block (prepared by, reviewed
by, with empty lines to sign where ``--about`` names nobody). The provenance follows on the next page. Everything is
computed in :mod:`analyzer.studies.evaluation`; this module words it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.kinds import a_kind
from ..game.odds import both_ways
from ..numbers import count_text, decimal_text
from ..studies.evaluation import Evaluation, Overall, WagerFigures
from .about import About, Party
from .common import shoe_text
from .model import Block, Column, Field, Fields, Prose, Section, Table, flag, percent, text, verdict

DOCUMENT_LABELS: tuple[tuple[str, str], ...] = (
    ("operator", "Operator"),
    ("jurisdiction", "Jurisdiction"),
    ("approved", "Approved"),
)
NOT_STATED = "not stated in the document"
BLANK = "_" * 28
"""A line to sign on, or to write a name or a date on."""
SIGNATURES: tuple[tuple[str, str], ...] = (("evaluator", "Prepared by"), ("sign_off", "Reviewed by"))
"""The signature block's rows: the role of ``--about`` that fills each, and its label."""
METHOD = (
    "Every figure is exact: each ordered six-card dealing of the shoe, drawn without replacement, is counted in whole "
    "numbers, and each probability is one such count divided by the number of dealings; decimals are rounded from "
    "those fractions. The standard deviation, a square root, is the one figure computed in floating point.",
    "Cross-checked three ways: a seeded Monte Carlo simulation by code that shares nothing with the count (its "
    "verdict per wager is in the results table); the figures published about this game, where any are (verified in "
    "this report); and, in the test suite of the version named in the provenance, a brute-force enumeration of every "
    "deal from small shoes, suited ones included, and invariants (counts that add up, effects of removal that sum to "
    "zero).",
)


def pays_in_brief(figures: WagerFigures) -> str:
    """The highest distinct pays of a wager, largest first, each both ways ("30 to 1 (31 for 1), 10 to 1 (11 for 1),
    ..."), or "no pay table"."""
    if not figures.sheet.wager.has_pay_table:
        return "no pay table"
    return ", ".join(both_ways(p) for p in figures.top_pays) + (", ..." if figures.more_pays else "")


def top_award_text(figures: WagerFigures) -> str:
    """The top award and its odds: "win by 9, non-natural 30:1, 1 in 272"."""
    top = figures.top
    if top is None:
        return "n/a"
    odds = count_text(top.one_in_whole) if top.one_in >= 100 else decimal_text(top.one_in, 2)
    return f"{top.outcome} {both_ways(top.pays)}, 1 in {odds}"


def verdict_sentence(overall: Overall, kind: str) -> str:
    """The overall verdict in one sentence: every figure exact and proved (or where the simulation disagrees), and
    every applicable regulatory check passed, or which did not (``kind``: the game's kind with its article, "a live
    table game")."""
    wagers = f"{overall.wagers} wager{'s' if overall.wagers != 1 else ''}"
    proof = [f"the simulation agrees on {overall.simulation_passed} of {overall.simulated}"]
    if overall.published:
        proof.append(f"{overall.published_confirmed} of {overall.published} published figures are confirmed")
    if overall.simulation_failed:
        figures = f"Every figure of the {wagers} evaluated is exact, but the simulation disagrees on " + ", ".join(
            overall.simulation_failed
        )
        if overall.published:
            figures += f" ({proof[1]})"
    else:
        figures = f"Every figure of the {wagers} evaluated is exact and proved ({'; '.join(proof)})"
    checks = overall.checks
    applicable = checks.applicable
    not_applicable = (
        f"; {checks.not_applicable} not applicable to {kind} or its wagers" if checks.not_applicable else ""
    )
    if checks.failed:
        failed = "; ".join(
            f"{r.check.id} on {r.wager or 'the game'} ({r.found}, against {r.check.limit_text})"
            for r in checks.failures
        )
        held = f"{checks.failed} of {applicable} applicable regulatory checks failed: {failed}"
    elif applicable:
        held = f"every applicable regulatory check passed ({checks.passed} of {applicable}{not_applicable})"
    else:
        held = f"no regulatory check applies ({checks.not_applicable} not applicable to {kind})"
    equal = ""
    if overall.equivalent is not None:
        equal = (
            "; it is equivalent to its approved live game, wager by wager"
            if overall.equivalent
            else "; it is not equivalent to its approved live game (see the equivalence section)"
        )
    return f"{figures}, and {held}{equal}."


def results_table(wagers: Sequence[WagerFigures]) -> Table:
    """One row per wager: the figures a certificate states, and the verdicts of the simulation and the published
    figures."""
    rows = []
    for figures in wagers:
        sheet, check = figures.sheet, figures.simulation
        mine = len(figures.published)
        rows.append(
            (
                text(sheet.wager.name),
                text(pays_in_brief(figures)),
                percent(sheet.house_edge),
                percent(sheet.rtp),
                text(top_award_text(figures)),
                None if check is None else verdict(check.passed, check.verdict),
                text("none published")
                if not mine
                else verdict(figures.published_confirmed == mine, f"{figures.published_confirmed} of {mine} confirmed"),
            )
        )
    columns = (
        Column("wager", "wager"),
        Column("pays", "pays"),
        Column("house_edge", "house edge", "right"),
        Column("rtp", "RTP", "right"),
        Column("top_award", "top award, odds"),
        Column("simulation", "simulation"),
        Column("published", "published figures"),
    )
    return Table(columns=columns, rows=tuple(rows), key="results", caption="Results")


def _party(about: About | None, role: str) -> Party | None:
    return None if about is None else next((p for p in about.parties if p.role == role), None)


def signature_block(about: About | None) -> Table:
    """Prepared by and reviewed by: name and title from ``--about`` (an empty line to write on where it names
    nobody), a line to sign, and the date it gives (or a line)."""
    rows = []
    for role, label in SIGNATURES:
        party = _party(about, role)
        fields = {} if party is None else dict(party.fields)
        name = fields.get("name")
        title = fields.get("title")
        rows.append(
            (
                text(label),
                text(name, shown=BLANK if name is None else name + (f", {title}" if title else "")),
                text(title),
                text(None, shown=BLANK),
                text(fields.get("date"), shown=fields.get("date", BLANK)),
            )
        )
    return Table(
        columns=(
            Column("role", "signed"),
            Column("name", "name, title"),
            Column("title", None),
            Column("signature", "signature"),
            Column("date", "date"),
        ),
        rows=tuple(rows),
        key="signatures",
        caption="Signatures",
    )


def front_page(evaluation: Evaluation, about: About | None = None) -> Section:
    """The certificate's front page, first in the report."""
    rules = evaluation.rules
    stated = dict(rules.about)
    parties = [
        Field(p.role, p.label, text(p.text))
        for p in (about.parties if about is not None else ())
        if p.role in ("supplier", "lab")
    ]
    overall = evaluation.overall
    head: list[Field] = [
        Field("report_number", "Report number", text(evaluation.number)),
        Field("verdict", "Verdict", verdict(overall.sound, verdict_sentence(overall, a_kind(rules.kind)))),
        Field("sound", None, flag(overall.sound)),
        Field("game", "Game", text(rules.title), text=f"{rules.title} (rule set {rules.name})"),
        Field("kind_of_game", "Kind of game", text(rules.kind), text=rules.kind_text),
        Field(
            "document",
            "Document",
            text(stated.get("document_title", rules.document)),
        ),
        *(Field(key, label, text(stated.get(key)), text=stated.get(key, NOT_STATED)) for key, label in DOCUMENT_LABELS),
        Field("shoe", "Shoe", text(shoe_text(evaluation.shoe))),
        Field(
            "checks_jurisdiction",
            "Regulatory checks",
            text(evaluation.checks.jurisdiction),
            text=f"{evaluation.checks.jurisdiction}'s"
            if evaluation.checks.jurisdiction
            else "every jurisdiction's (each held to this kind of game)",
        ),
        *parties,
    ]
    blocks: list[Block] = [
        Fields(tuple(head), key="certificate", layout="labelled"),
        results_table(evaluation.wagers),
        signature_block(about),
    ]
    return Section(
        title="Certificate",
        blocks=tuple(blocks),
        key="certificate_page",
        lead=("What this report certifies; the provenance follows, then the evaluation in full.",),
    )


def method_section() -> Section:
    """How the figures were obtained and cross-checked."""
    return Section(title="How the figures were obtained", blocks=(Prose(METHOD, key="method"),), key="method")
