"""The report's front page: what a certificate states first, on one page.

A summary table (per wager: pays in brief, house edge, RTP, hit frequency, SD, the top award and its odds, and the
verdicts of the simulation cross-check and of the published figures), the game's source document by title,
operator, jurisdiction and approval date (what its rule file states, "not stated" otherwise), how the figures
were obtained, and, from ``--about``, the supplier, the laboratory, the evaluator and the sign-off.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..exact.parsheet import ParSheet
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..numbers import count_text, decimal_text
from ..play.simulate import Simulation
from ..studies.checks import CheckResult
from ..studies.diff import top_award
from ..studies.verify import Verdict
from .about import About
from .checks import checks_blocks
from .model import Column, Field, Fields, Prose, Section, Table, percent, real, text, verdict

DOCUMENT_LABELS: tuple[tuple[str, str], ...] = (
    ("document_title", "Title"),
    ("operator", "Operator"),
    ("jurisdiction", "Jurisdiction"),
    ("approved", "Approved"),
)
NOT_STATED = "not stated in the document"
METHOD = (
    "Every figure is exact: each ordered six-card dealing of the shoe, drawn without replacement, is counted in whole "
    "numbers, and each probability is one such count divided by the number of dealings; decimals are rounded from "
    "those fractions. The standard deviation, a square root, is the one figure computed in floating point.",
    "Cross-checked three ways: a seeded Monte Carlo simulation by code that shares nothing with the count (its "
    "verdict per wager is in the table); the figures published about this game, where any are (verified below); and, "
    "in the test suite of the version named in the provenance, a brute-force enumeration of every deal from small "
    "shoes, suited ones included, and invariants (counts that add up, effects of removal that sum to zero).",
)


def pays_in_brief(sheet: ParSheet, shown: int = 3) -> str:
    """The highest distinct pays of a wager, largest first ("30:1, 10:1, 6:1, ..."), or "no pay table"."""
    paid = sorted({r.pays for r in sheet.rows if r.pays is not None and r.pays > 0}, reverse=True)
    if not sheet.wager.has_pay_table:
        return "no pay table"
    listed = ", ".join(format_pays(p) for p in paid[:shown])
    return listed + (", ..." if len(paid) > shown else "")


def _one_in(sheet: ParSheet) -> str:
    top = top_award(sheet)
    if top is None:
        return "n/a"
    return (
        f"{top.outcome} {format_pays(top.pays)}, 1 in {count_text(round(top.one_in))}"
        if top.one_in >= 100
        else f"{top.outcome} {format_pays(top.pays)}, 1 in {decimal_text(top.one_in, 2)}"
    )


def summary_table(sheets: Sequence[ParSheet], simulation: Simulation, published: Sequence[Verdict]) -> Table:
    """One row per wager: the figures a certificate states, and the verdicts of the checks."""
    simulated = {c.statistic.wager.name: c for c in simulation.checks}
    rows = []
    for sheet in sheets:
        name = sheet.wager.name
        check = simulated.get(name)
        mine = [v for v in published if v.claim.wager == name]
        confirmed = sum(v.confirmed for v in mine)
        rows.append(
            (
                text(name),
                text(pays_in_brief(sheet)),
                percent(sheet.house_edge),
                percent(sheet.rtp),
                percent(sheet.hit_frequency),
                real(sheet.standard_deviation),
                text(_one_in(sheet)),
                None if check is None else verdict(check.passed, check.verdict),
                text("none published")
                if not mine
                else verdict(confirmed == len(mine), f"{confirmed} of {len(mine)} confirmed"),
            )
        )
    columns = (
        Column("wager", "wager"),
        Column("pays", "pays"),
        Column("house_edge", "house edge", "right"),
        Column("rtp", "RTP", "right"),
        Column("hit_frequency", "hit frequency", "right"),
        Column("standard_deviation", "SD", "right"),
        Column("top_award", "top award, odds"),
        Column("simulation", "simulation"),
        Column("published", "published figures"),
    )
    return Table(columns=columns, rows=tuple(rows), key="summary", caption="Every wager evaluated, at a glance")


def front_page(
    rules: RuleSet,
    sheets: Sequence[ParSheet],
    simulation: Simulation,
    published: Sequence[Verdict],
    about: About | None = None,
    checks: Sequence[CheckResult] = (),
) -> Section:
    """The certificate's front page, first in the report."""
    stated = dict(rules.about)
    document = Fields(
        (
            Field("document", "Source document", text(rules.document)),
            *(
                Field(key, label, text(stated.get(key)), text=stated.get(key, NOT_STATED))
                for key, label in DOCUMENT_LABELS
            ),
        ),
        key="source_document",
    )
    blocks: list[Table | Fields | Prose] = [summary_table(sheets, simulation, published), document]
    if checks:
        blocks.extend(checks_blocks(checks))
    if about is not None:
        blocks.append(Fields(tuple(Field(p.role, p.label, text(p.text)) for p in about.parties), key="parties"))
    blocks.append(Prose(METHOD, key="method"))
    return Section(
        title="Summary",
        blocks=tuple(blocks),
        key="summary_page",
        lead=("The figures of every wager, the game's document, and how the figures were obtained.",),
    )
