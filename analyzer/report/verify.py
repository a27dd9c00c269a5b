"""Verdicts on claims as text, Markdown, CSV or JSON; no arithmetic beyond turning numbers into text.

Each claim is shown with what was claimed, the exact figure (a fraction, a
whole count, or the square root of an exact variance for a standard
deviation), the figure rounded the way the claim is stated, and the verdict.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from ..game.odds import format_pays
from ..numbers import count_text, decimal_text, fraction_text
from ..studies.verify import Claims, Verdict
from .analysis import COUNTING, shoe_text

CONFIRMED, REFUTED = "CONFIRMED", "REFUTED"
EXTRA_PLACES = 4
"""Further decimals shown beyond a claim's precision, so a near miss is visible."""


def _verdict(v: Verdict) -> str:
    return CONFIRMED if v.confirmed else REFUTED


def _subject(v: Verdict) -> str:
    c = v.claim
    outcome = f" {c.outcome!r}" if c.outcome is not None else ""
    pays = f" ({', '.join(f'{name} pays {format_pays(p)}' for name, p in c.pays)})" if c.pays else ""
    return f"{c.rules.name}, {shoe_text(c.shoe)}, {c.wager}{pays}: {c.figure}{outcome}"


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


def render_verdicts(claims: Claims, verdicts: Sequence[Verdict], fmt: str) -> str:
    """The ``verify`` report in one of the report formats."""
    if fmt == "json":
        return json.dumps(verdicts_document(claims, verdicts), indent=2) + "\n"
    if fmt == "csv":
        return _csv(verdicts)
    refuted = sum(not v.confirmed for v in verdicts)
    summary = f"{len(verdicts)} claim{'s' if len(verdicts) != 1 else ''}: {len(verdicts) - refuted} {CONFIRMED}, {refuted} {REFUTED}."
    title = f": {claims.title}" if claims.title else ""
    if fmt == "markdown":
        body = [
            [str(v.claim.number), v.claim.label or "", _subject(v), v.claim.claimed.text, _precision(v),
             _as_claimed(v, EXTRA_PLACES), _exact(v), f"**{_verdict(v)}**"]
            for v in verdicts
        ]
        headers = ["#", "id", "claim", "claimed", "precision", "computed", "exact", "verdict"]
        table = tabulate(body, headers=headers, tablefmt="pipe", disable_numparse=True)
        return f"# Claims {claims.path}{title}\n\n{COUNTING}\n\n{table}\n\n{summary}\n"
    out = [f"Claims: {claims.path}{title}", COUNTING]
    for v in verdicts:
        label = f" ({v.claim.label})" if v.claim.label else ""
        out.append("")
        out.append(f"[{v.claim.number}]{label} {_verdict(v)}  {_subject(v)}")
        out.append(f"    claimed:  {v.claim.claimed.text} ({_precision(v)})")
        if v.claim.claimed.places is None:
            out.append(f"    computed: {_as_claimed(v)}")
        else:
            out.append(f"    computed: {_as_claimed(v)} as claimed; {_as_claimed(v, EXTRA_PLACES)} with {EXTRA_PLACES} more places")
        out.append(f"    exact:    {_exact(v)}")
        if v.claim.source:
            out.append(f"    source:   {v.claim.source}")
    out.append("")
    out.append(summary)
    return "\n".join(out) + "\n"


def verdicts_document(claims: Claims, verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """The ``verify`` report as JSON-ready data (exact strings)."""
    return {
        "claims_file": claims.path,
        "title": claims.title,
        "counting": COUNTING,
        "confirmed": sum(v.confirmed for v in verdicts),
        "refuted": sum(not v.confirmed for v in verdicts),
        "claims": [
            {
                "claim": v.claim.number,
                "id": v.claim.label,
                "source": v.claim.source,
                "rule_set": v.claim.rules.name,
                "shoe": shoe_text(v.claim.shoe),
                "wager": v.claim.wager,
                "figure": v.claim.figure,
                "outcome": v.claim.outcome,
                "claimed": v.claim.claimed.text,
                "precision": "exact" if v.claim.claimed.places is None else v.claim.claimed.places,
                "computed": _as_claimed(v),
                "exact": str(int(v.exact)) if v.claim.figure == "combinations" else _exact(v),
                "verdict": _verdict(v),
            }
            for v in verdicts
        ],
    }


def _csv(verdicts: Sequence[Verdict]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["claim", "id", "rule_set", "shoe", "wager", "figure", "outcome", "claimed", "precision", "computed", "exact", "verdict"])
    for v in verdicts:
        c = v.claim
        writer.writerow([
            c.number, c.label or "", c.rules.name, shoe_text(c.shoe), c.wager, c.figure, c.outcome or "",
            c.claimed.text, "exact" if c.claimed.places is None else c.claimed.places, _as_claimed(v),
            str(int(v.exact)) if c.figure == "combinations" else _exact(v), _verdict(v),
        ])
    return buffer.getvalue()
