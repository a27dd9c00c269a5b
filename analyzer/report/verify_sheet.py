"""The ``verify`` report of a submitted par sheet: the verdict, each row CONFIRMED or REFUTED with each figure it
states, what was not read, the rows missing or listed twice, the regulatory checks and any equivalence.

The figures' words (the claim, the exact figure as claimed, the verdict) are :mod:`.verify`'s, shared with the report
of a claims file.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..studies.checks import FAIL, CheckResult, ChecksSummary
from ..studies.equivalence import Equivalence
from ..studies.submitted import RowsListed
from ..studies.verdicts import VerifySummary
from ..studies.verify import Claims, Verdict
from .checks import checks_blocks
from .common import COUNTING, shoe_text
from .equivalence import equivalence_section
from .model import Block, Column, Document, Field, Fields, Prose, SourceFile, Table, flag, integer, text, verdict
from .provenance import provenance
from .verify import (
    CONFIRMED,
    FIGURE_TITLES,
    REFUTED,
    as_claimed_text,
    computed_text,
    exact_machine,
    summary_line,
    verdict_text,
    worst_data,
)

NOT_VERIFIED = "NOT VERIFIED"
"""The verdict on a par sheet holding a figure that is not read: never confirmed, whatever the rest says."""
NOT_READ_SHOWN = 5
"""Figures not read that the verdict line names; the notes at the end name them all."""


def not_read_text(not_read: Sequence[str]) -> str:
    """The figures not read, in the verdict: "2 figures not read (banker!B21, Volatility Index)"."""
    return _named(not_read, "figure", "not read")


def _named(found: Sequence[str], noun: str, what: str, count: int | None = None) -> str:
    """ "N nouns what (the first few found)": ``count`` when the entries name more than one each."""
    named = ("; " if count is not None else ", ").join(found[:NOT_READ_SHOWN])
    more = ", ..." if len(found) > NOT_READ_SHOWN else ""
    n = len(found) if count is None else count
    return f"{n} {noun}{'s' if n != 1 else ''} {what} ({named}{more})"


def not_verified_text(not_read: Sequence[str], listed: RowsListed | None) -> str:
    """Why a par sheet is not verified, in the verdict: the figures not read, the rows missing by wager ("2 rows
    missing (banker: tie, Player wins)"), the rows listed more than once; "" when none."""
    reasons = [not_read_text(not_read)] if not_read else []
    if listed is not None and listed.missing:
        reasons.append(_named(listed.missing, "row", "missing", listed.rows_missing))
    if listed is not None and listed.repeated:
        reasons.append(_named(listed.repeated, "row", "listed more than once"))
    return ", ".join(reasons)


def _check_text(v: Verdict) -> str:
    return f"claimed {v.claim.claimed.text}; computed {computed_text(v)}"


def _checks_text(found: Sequence[Verdict]) -> str:
    """A row's claims of one figure: one, or each named by where it was read ("pays as printed: claimed 19:20; ...")."""
    if len(found) == 1:
        return _check_text(found[0])
    return "; ".join(f"{v.claim.cell}: {_check_text(v)}" for v in found)


def par_sheet_verdicts_document(
    claims: Claims,
    verdicts: Sequence[Verdict],
    rules: RuleSet,
    shoe: Shoe,
    counted: VerifySummary,
    regulatory: Sequence[CheckResult] = (),
    jurisdiction: str | None = None,
    only_refuted: bool = False,
    equivalence: Equivalence | None = None,
    held: ChecksSummary | None = None,
    listed: RowsListed | None = None,
) -> Document:
    """``verify`` of a submitted par sheet: the verdict first (``counted``: rows confirmed and refuted, the worst
    difference), then each row CONFIRMED or REFUTED with each figure it states, then the ``regulatory`` checks of its
    wagers (PASS, FAIL or not applicable, for ``jurisdiction`` when one was chosen), then the game held to its live
    game (``equivalence``); ``only_refuted`` lists only what fails. The verdict names the checks that failed
    (``held``: the checks summed up) and whether the game is equivalent; it is NOT VERIFIED when a figure was not read
    or (``listed``) an outcome row is missing or listed more than once."""
    rows: dict[str, list[Verdict]] = {}
    for v in verdicts:
        rows.setdefault(v.claim.label or "", []).append(v)
    figures = [f for f in FIGURE_TITLES if any(v.claim.figure == f for v in verdicts)]
    columns = (
        Column("row", "row", head=True),
        Column("subject", "subject", head=True),
        Column("verdict", "verdict", head=True),
        *(Column(None, FIGURE_TITLES[f]) for f in figures),
    )
    table_rows = []
    refuted: list[str] = []
    for label, found in rows.items():
        ok = label not in counted.refuted_rows
        if not ok:
            wrong = ", ".join(dict.fromkeys(FIGURE_TITLES[v.claim.figure] for v in found if not v.confirmed))
            refuted.append(f"{label} ({found[0].claim.source}: {wrong})")
        if only_refuted and ok:
            continue
        by_figure: dict[str, list[Verdict]] = {}
        for v in found:
            by_figure.setdefault(v.claim.figure, []).append(v)
        table_rows.append(
            (
                text(label),
                text(found[0].claim.source),
                verdict(ok, CONFIRMED if ok else REFUTED),
                *(None if f not in by_figure else text(_checks_text(by_figure[f])) for f in figures),
            )
        )
    checks = Table(
        columns=tuple(
            Column(k, None)
            for k in ("row", "subject", "wager", "figure", "outcome", "cell", "claimed", "computed", "exact", "verdict")
        ),
        rows=tuple(
            (
                text(v.claim.label),
                text(v.claim.source),
                text(v.claim.wager),
                text(v.claim.figure),
                text(v.claim.outcome),
                text(v.claim.cell),
                text(v.claim.claimed.text),
                text(as_claimed_text(v)),
                text(exact_machine(v)),
                verdict(v.confirmed, verdict_text(v)),
            )
            for v in verdicts
            if not (only_refuted and v.confirmed)
        ),
        key="checks",
        human=False,
        csv=True,
    )
    checked = ", ".join(FIGURE_TITLES[f] for f in figures)
    summary = [
        f"Figures checked: {checked}.",
        *(
            [
                f"Figures not read, so the sheet is not verified ({len(claims.not_read)}): "
                f"{', '.join(claims.not_read)}; a figure verify cannot read is never confirmed (name a known figure "
                "in its header or label, or remove it)."
            ]
            if claims.not_read
            else []
        ),
        f"Columns holding no figure, not read: {', '.join(claims.unread)}."
        if claims.unread
        else "Every column was read.",
        *(
            [
                f"Cells holding a formula without a stored value, not checked ({len(claims.unvalued)}): "
                f"{', '.join(claims.unvalued[:20])}{', ...' if len(claims.unvalued) > 20 else ''}; save the workbook "
                "in a program that calculates (or give the values) to have them checked."
            ]
            if claims.unvalued
            else []
        ),
        *(
            [
                f"Rows missing, so the sheet is not verified: {'; '.join(listed.missing)}; a par sheet lists every "
                "outcome of the pay table (a Totals row that adds up does not show that none is left out)."
            ]
            if listed is not None and listed.missing
            else []
        ),
        *(
            [f"Rows listed more than once, so the sheet is not verified: {'; '.join(listed.repeated)}."]
            if listed is not None and listed.repeated
            else []
        ),
        *([f"Names matched: {'; '.join(claims.matched)}."] if claims.matched else []),
        f"Refuted rows: {'; '.join(refuted)}." if refuted else "No row is refuted.",
    ]
    worst = counted.worst
    line = summary_line(counted, "row", None if worst is None else f"{worst.claim.label} {worst.claim.source}")
    why = not_verified_text(claims.not_read, listed)
    if why:
        line = f"{NOT_VERIFIED}: {why}; of the figures read, {line[0].lower()}{line[1:]}"
    if held is not None and held.failed:
        failed = ", ".join(f"{r.check.id} on {r.wager or 'the game'}" for r in held.failures)
        line = line[:-1] + f"; {held.failed} regulatory check{'s' if held.failed != 1 else ''} failed: {failed}."
    if equivalence is not None:
        line = line[:-1] + f"; {'' if equivalence.equivalent else 'not '}equivalent to {equivalence.live.name}."
    listed_checks = [r for r in regulatory if not (only_refuted and r.verdict != FAIL)]
    blocks: list[Block] = [
        Fields(
            (
                Field("verdict", "Verdict", verdict(counted.refuted == 0 and not why, line), text=line),
                Field("verified", None, flag(counted.refuted == 0 and not why)),
                Field(
                    "worst_difference",
                    None,
                    worst_data(worst, None if worst is None else f"{worst.claim.label} {worst.claim.source}"),
                ),
                Field("par_sheet", "Par sheet", text(claims.path)),
                Field(
                    "rule_set",
                    "Checked under",
                    text(rules.name),
                    text=f"{rules.name}: {rules.title} (document {rules.document}), {shoe_text(shoe)}",
                ),
                Field("counting", "", text(COUNTING)),
                Field("rows", None, integer(counted.checked)),
                Field("confirmed", None, integer(counted.confirmed)),
                Field("refuted", None, integer(counted.refuted)),
                Field("refuted_rows", None, tuple(text(r) for r in refuted)),
                Field("listed", None, text("refuted" if only_refuted else "all")),
                Field("columns_not_read", None, tuple(text(c) for c in claims.unread)),
                Field("figures_not_read", None, tuple(text(c) for c in claims.not_read)),
                Field("formulas_without_values", None, tuple(text(c) for c in claims.unvalued)),
                Field("rows_missing", None, tuple(text(c) for c in (listed.missing if listed else ()))),
                Field("rows_listed_twice", None, tuple(text(c) for c in (listed.repeated if listed else ()))),
                Field("names_matched", None, tuple(text(c) for c in claims.matched)),
            )
        ),
        Table(columns=columns, rows=tuple(table_rows), records=True),
        checks,
    ]
    if listed_checks:
        blocks += checks_blocks(listed_checks, rules.kind_text, jurisdiction, "regulatory_checks")
    if equivalence is not None:
        blocks.append(equivalence_section(equivalence))
    blocks.append(Prose(tuple(summary)))
    live = () if equivalence is None else (equivalence.live,)
    return Document(
        title=f"Par sheet {claims.path} under {rules.name}",
        blocks=tuple(blocks),
        provenance=provenance((rules, *live), shoe_text(shoe), (SourceFile(claims.path, claims.kind, claims.sha256),)),
    )
