"""The ``verify`` report: each claim with the exact figure and its verdict, as a document.

Each claim shows what was claimed, the exact figure (a fraction, a whole
count, or the square root of an exact variance for a standard deviation),
the figure rounded the way the claim is stated, and the verdict. People read
one block per claim; machines one object (one CSV row) per claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..numbers import count_text, decimal_text, fraction_text
from ..studies.claimfigures import COUNT_FIGURES
from ..studies.verdicts import VerifySummary
from ..studies.verify import Claims, Verdict
from .common import COUNTING, shoe_text
from .model import (
    Column,
    Document,
    Field,
    Fields,
    SourceFile,
    Table,
    Value,
    data,
    integer,
    text,
    verdict,
)
from .provenance import provenance

CONFIRMED, REFUTED = "CONFIRMED", "REFUTED"
EXTRA_PLACES = 4
"""Further decimals shown beyond a claim's precision, so a near miss is visible."""


def exact_machine(v: Verdict) -> str | None:
    """The exact figure for machines: digits for a count, "p/q", "sqrt(p/q)" for a standard deviation."""
    if v.exact is None:
        return None
    if v.claim.figure == "removed":
        return _removed(v)
    if v.claim.figure in COUNT_FIGURES:
        return str(int(v.exact))
    return _exact(v)


def _removed(v: Verdict) -> str:
    """The cards the shoe checked against lacks from its decks, as a report writes them: "5 5 K", or "none"."""
    return " ".join(v.claim.shoe.removed_from_decks()) or "none"


def verdict_text(v: Verdict) -> str:
    """CONFIRMED or REFUTED."""
    return CONFIRMED if v.confirmed else REFUTED


def claimed_wager_text(v: Verdict) -> str:
    """The wager a claim is about, with the pays it changed first: "tie (tie pays 9:1)"."""
    c = v.claim
    changed = f" ({', '.join(f'{name} pays {format_pays(p)}' for name, p in c.pays)})" if c.pays else ""
    return f"{c.wager}{changed}"


def _subject(v: Verdict) -> str:
    c = v.claim
    outcome = f" {c.outcome!r}" if c.outcome is not None else ""
    return f"{c.rules.name}, {shoe_text(c.shoe)}, {claimed_wager_text(v)}: {c.figure}{outcome}"


def _precision(v: Verdict) -> str:
    claimed = v.claim.claimed
    if claimed.places is None:
        return "exact"
    unit = " of the percentage" if claimed.percent else ""
    if claimed.places < 0:  # a spreadsheet's number past 10**15: to 15 significant digits
        return f"to the nearest {10**-claimed.places:,}{unit}"
    return f"to {claimed.places} decimal place{'s' if claimed.places != 1 else ''}{unit}"


def as_claimed_text(v: Verdict) -> str:
    """The exact figure written as the claim is written: rounded to its places, with % when it has one."""
    return _as_claimed(v)


def _as_claimed(v: Verdict, extra: int = 0) -> str:
    """The exact figure written the way the claim is: rounded to its places (plus ``extra``), with % when it has one.

    An exact claim gets the exact figure; for a standard deviation, 10 decimals (plus ``extra``).
    """
    claimed = v.claim.claimed
    if v.exact is None:
        return _NONE.get(v.claim.figure, "none")
    if v.claim.figure == "pays" and claimed.places is None:
        return format_pays(v.exact)
    if v.claim.figure == "removed":
        return _removed(v)
    if v.claim.figure in COUNT_FIGURES:
        return count_text(int(v.exact))
    if claimed.places is None and not v.root:
        return fraction_text(v.exact)
    places = max(0, (10 if claimed.places is None else claimed.places) + extra)
    rounded = v.rounded(places, claimed.percent)
    return decimal_text(rounded * 100, places) + "%" if claimed.percent else decimal_text(rounded, places)


def _exact(v: Verdict) -> str:
    if v.exact is None:
        return "none"
    if v.claim.figure == "pays":
        return format_pays(v.exact)
    if v.claim.figure == "removed":
        return _removed(v)
    if v.claim.figure in COUNT_FIGURES:
        return count_text(int(v.exact))
    return f"sqrt({fraction_text(v.exact)})" if v.root else fraction_text(v.exact)


def computed_text(v: Verdict) -> str:
    """The exact figure as the claim states it, and whether that is what was claimed.

    To a claim's precision, a confirmed figure reads "1.0579% to the claimed
    precision, as claimed", a refuted one "14.3596% to the claimed precision,
    not 4.8440%"; each is followed by the figure to 4 more places.
    """
    claimed = v.claim.claimed
    verdict = "as claimed" if v.confirmed else f"not {claimed.text}"
    if claimed.places is None or v.exact is None:
        return _as_claimed(v) if v.confirmed else f"{_as_claimed(v)}, {verdict}"
    return (
        f"{_as_claimed(v)} to the claimed precision, {verdict}; "
        f"{_as_claimed(v, EXTRA_PLACES)} with {EXTRA_PLACES} more places"
    )


def worst_text(v: Verdict, subject: str) -> str:
    """The worst difference in words: "line 6 tie / tie, house edge: claimed 4.84%, computed 14.36%"."""
    figure = FIGURE_TITLES.get(v.claim.figure, v.claim.figure)
    return f"{subject}, {figure}: claimed {v.claim.claimed.text}, computed {_as_claimed(v)}"


def summary_line(counted: VerifySummary, unit: str, subject: str | None = None) -> str:
    """The verdict in one line: "6 rows: 5 CONFIRMED, 1 REFUTED; the worst difference: ..." (``subject``: what the
    worst verdict is about, as the rows name it)."""
    said = f"{counted.checked} {unit}{'s' if counted.checked != 1 else ''}"
    line = f"{said}: {counted.confirmed} {CONFIRMED}, {counted.refuted} {REFUTED}"
    if counted.worst is None:
        return line + "."
    return f"{line}; the worst difference: {worst_text(counted.worst, subject or _claim_head(counted.worst))}."


def worst_data(v: Verdict | None, subject: str | None = None) -> Value:
    """The worst difference for machines: what it is about, the figure, the claim, and the exact figure."""
    if v is None:
        return data(None, "none")
    return data(
        {
            "subject": subject or _claim_head(v),
            "figure": v.claim.figure,
            "outcome": v.claim.outcome,
            "claimed": v.claim.claimed.text,
            "computed": _as_claimed(v),
            "exact": exact_machine(v),
        },
        worst_text(v, subject or _claim_head(v)),
    )


def _claim_head(v: Verdict) -> str:
    label = f" ({v.claim.label})" if v.claim.label else ""
    return f"[{v.claim.number}]{label} {v.claim.wager}"


def verdicts_document(
    claims: Claims, verdicts: Sequence[Verdict], counted: VerifySummary, only_refuted: bool = False
) -> Document:
    """``verify``: the verdict first (``counted``: the counts and the worst difference), then every claim of a claims
    file, CONFIRMED or REFUTED (``only_refuted``: the refuted ones only)."""
    summary = summary_line(counted, "claim")
    listed = [v for v in verdicts if not (only_refuted and v.confirmed)]
    columns = (
        Column("claim", "#", head=True),
        Column("id", "id", head=True),
        Column("source", None),
        Column("rule_set", None),
        Column("shoe", None),
        Column("wager", None),
        Column("figure", None),
        Column("outcome", None),
        Column("claimed", "claimed"),
        Column("precision", None),
        Column("computed", "computed"),
        Column("exact", "exact"),
        Column("verdict", "verdict", head=True),
        Column(None, "claim", head=True),
        Column(None, "source"),
    )
    rows = tuple(
        (
            integer(v.claim.number, shown=f"[{v.claim.number}]"),
            text(v.claim.label, shown=f"({v.claim.label})" if v.claim.label else ""),
            text(v.claim.source),
            text(v.claim.rules.name),
            text(shoe_text(v.claim.shoe)),
            text(v.claim.wager),
            text(v.claim.figure),
            text(v.claim.outcome),
            text(v.claim.claimed.text, shown=f"{v.claim.claimed.text} ({_precision(v)})"),
            data("exact" if v.claim.claimed.places is None else v.claim.claimed.places, _precision(v)),
            text(_as_claimed(v), shown=computed_text(v)),
            text(exact_machine(v), shown=_exact(v)),
            verdict(v.confirmed, verdict_text(v)),
            text(_subject(v)),
            text(v.claim.source),
        )
        for v in listed
    )
    title = f": {claims.title}" if claims.title else ""
    return Document(
        title=f"Claims {claims.path}{title}",
        blocks=(
            Fields(
                (
                    Field("verdict", "Verdict", verdict(counted.refuted == 0, summary), text=summary),
                    Field("worst_difference", None, worst_data(counted.worst)),
                    Field("claims_file", "Claims", text(claims.path), text=f"{claims.path}{title}"),
                    Field("title", None, text(claims.title)),
                    Field("counting", "", text(COUNTING)),
                    Field("confirmed", None, integer(counted.confirmed)),
                    Field("refuted", None, integer(counted.refuted)),
                    Field("listed", None, text("refuted" if only_refuted else "all")),
                )
            ),
            Table(columns=columns, rows=rows, key="claims", records=True, csv=True),
        ),
        provenance=provenance(
            _rule_sets(verdicts), None, (SourceFile(claims.path, claims.kind, claims.sha256),) if claims.sha256 else ()
        ),
    )


def _rule_sets(verdicts: Sequence[Verdict]) -> list[RuleSet]:
    found: list[RuleSet] = []
    for v in verdicts:
        if all(
            r.source_sha256 != v.claim.rules.source_sha256 or r.source_path != v.claim.rules.source_path for r in found
        ):
            found.append(v.claim.rules)
    return found


_NONE = {
    "pays": "no pay (the rule set gives none)",
    "fair_odds": "none (it never happens)",
    "decks": "none (a shoe not built from whole decks)",
}
"""What the exact figure is when there is none, by figure."""

FIGURE_TITLES = {
    "decks": "decks",
    "cards": "cards",
    "removed": "cards removed",
    "pays": "pays",
    "combinations": "combinations",
    "probability": "probability",
    "return": "return",
    "fair_odds": "fair odds",
    "house_edge": "house edge",
    "denominator": "denominator",
    "total_combinations": "total combinations",
    "total_probability": "total probability",
    "expected_value": "expected value",
    "rtp": "RTP",
    "element_of_risk": "element of risk",
    "hit_frequency": "hit frequency",
    "push_frequency": "push frequency",
    "variance": "variance",
    "standard_deviation": "standard deviation",
}
