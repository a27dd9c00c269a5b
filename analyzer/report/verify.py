"""The ``verify`` report: each claim with the exact figure and its verdict, as a document.

Each claim shows what was claimed, the exact figure (a fraction, a whole
count, or the square root of an exact variance for a standard deviation),
the figure rounded the way the claim is stated, and the verdict. People read
one block per claim; machines one object (one CSV row) per claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.odds import format_pays
from ..numbers import count_text, decimal_text, fraction_text
from ..studies.verify import Claims, Verdict
from .common import COUNTING, shoe_text
from .model import Column, Document, Field, Fields, Prose, Table, data, integer, text

CONFIRMED, REFUTED = "CONFIRMED", "REFUTED"
EXTRA_PLACES = 4
"""Further decimals shown beyond a claim's precision, so a near miss is visible."""


def _verdict(v: Verdict) -> str:
    return CONFIRMED if v.confirmed else REFUTED


def _subject(v: Verdict) -> str:
    c = v.claim
    outcome = f" {c.outcome!r}" if c.outcome is not None else ""
    changed = f" ({', '.join(f'{name} pays {format_pays(p)}' for name, p in c.pays)})" if c.pays else ""
    return f"{c.rules.name}, {shoe_text(c.shoe)}, {c.wager}{changed}: {c.figure}{outcome}"


def _precision(v: Verdict) -> str:
    claimed = v.claim.claimed
    if claimed.places is None:
        return "exact"
    unit = " of the percentage" if claimed.percent else ""
    return f"to {claimed.places} decimal place{'s' if claimed.places != 1 else ''}{unit}"


def _as_claimed(v: Verdict, extra: int = 0) -> str:
    """The exact figure written the way the claim is: rounded to its places (plus ``extra``), with % when it has one.

    An exact claim gets the exact figure; for a standard deviation, 10 decimals (plus ``extra``).
    """
    claimed = v.claim.claimed
    if v.claim.figure == "combinations":
        return count_text(int(v.exact))
    if claimed.places is None and not v.root:
        return fraction_text(v.exact)
    places = (10 if claimed.places is None else claimed.places) + extra
    rounded = v.rounded(places, claimed.percent)
    return decimal_text(rounded * 100, places) + "%" if claimed.percent else decimal_text(rounded, places)


def _exact(v: Verdict) -> str:
    if v.claim.figure == "combinations":
        return count_text(int(v.exact))
    return f"sqrt({fraction_text(v.exact)})" if v.root else fraction_text(v.exact)


def _computed(v: Verdict) -> str:
    if v.claim.claimed.places is None:
        return _as_claimed(v)
    return f"{_as_claimed(v)} as claimed; {_as_claimed(v, EXTRA_PLACES)} with {EXTRA_PLACES} more places"


def verdicts_document(claims: Claims, verdicts: Sequence[Verdict]) -> Document:
    """``verify``: every claim of a claims file, CONFIRMED or REFUTED."""
    refuted = sum(not v.confirmed for v in verdicts)
    summary = f"{len(verdicts)} claim{'s' if len(verdicts) != 1 else ''}: {len(verdicts) - refuted} {CONFIRMED}, {refuted} {REFUTED}."
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
            text(_as_claimed(v), shown=_computed(v)),
            text(str(int(v.exact)) if v.claim.figure == "combinations" else _exact(v), shown=_exact(v)),
            text(_verdict(v)),
            text(_subject(v)),
            text(v.claim.source),
        )
        for v in verdicts
    )
    title = f": {claims.title}" if claims.title else ""
    return Document(
        title=f"Claims {claims.path}{title}",
        blocks=(
            Fields((
                Field("claims_file", "Claims", text(claims.path), text=f"{claims.path}{title}"),
                Field("title", None, text(claims.title)),
                Field("counting", "", text(COUNTING)),
                Field("confirmed", None, integer(len(verdicts) - refuted)),
                Field("refuted", None, integer(refuted)),
            )),
            Table(columns=columns, rows=rows, key="claims", records=True, csv=True),
            Prose((summary,)),
        ),
    )
