"""The side-bet catalogue's summary: every published side bet, its exact house edge, and what its source printed.

No arithmetic: the figures come from :mod:`analyzer.studies.catalogue`. A
published figure reads ✓ when the exact figure reproduces it (equal for a
count or a fraction, within half a unit of the last printed place for a
decimal) and ✗ with the exact value beside it when it does not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from ..game.rules import Published
from ..numbers import fraction_text, percent_text
from ..studies.catalogue import CATALOGUE_DECKS, Entry
from ..studies.verify import Verdict

FIGURE_WORDS = {
    "house_edge": "house edge", "expected_value": "return", "hit_frequency": "hit frequency", "variance": "variance",
    "standard_deviation": "SD", "combinations": "count", "probability": "probability",
}

LEGEND = (
    f"Every figure is for an {CATALOGUE_DECKS}-deck shoe unless it says otherwise. Published: each figure as its source "
    "printed it; ✓ when the exact figure reproduces it (a count or a fraction exactly, a decimal within half a unit of "
    "its last printed place), ✗ with the exact value when it does not (the rule file's note says why). Counts are "
    "ordered six-card dealings; a fraction is a count the source gave over another basis (unordered two-card hands)."
)


def pays_text(entry: Entry) -> str:
    """The pays of the winning rows: "25:1", "200:1 / 25:1 / 15:1"."""
    pays = [o.pays_text for o in entry.wager.outcomes if o.pays is not None and o.pays > 0]
    return " / ".join(dict.fromkeys(pays)) or "no pays"


def source_label(source: str) -> str:
    """The publisher and page of a source: the text before its first quotation, without the addresses in parentheses.

    >>> source_label("AdvancedAdvantagePlay (Eliot Jacobson), Big Tiger (advancedadvantageplay.com/x): 'Pays 50-to-1.'")
    'AdvancedAdvantagePlay (Eliot Jacobson), Big Tiger'
    """
    return re.split(r": |; ", _ADDRESS.sub("", source))[0].strip()


_ADDRESS = re.compile(r"\s*\([^()]*[./][^()]*\)")


def _exact_text(published: Published, verdict: Verdict) -> str:
    if published.figure in ("house_edge", "hit_frequency") or (published.value.endswith("%")):
        return percent_text(verdict.exact) if not verdict.root else published.value
    if published.figure == "combinations":
        return f"{int(verdict.exact):,}"
    return fraction_text(verdict.exact) if published.figure == "probability" and "/" in published.value else f"{float(verdict.exact):.6f}"


def published_text(published: Published, verdict: Verdict) -> str:
    """One published figure with its verdict: "house edge 21.79% ✓", "count (win) 8,230,060,380,160 ✗ exact 11,762,978,186,752"."""
    what = FIGURE_WORDS.get(published.figure, published.figure)
    if published.outcome and published.figure in ("combinations", "probability"):
        what = f"{what} ({published.outcome})"
    decks = "" if published.decks == CATALOGUE_DECKS else f" at {published.decks} decks"
    mark = "✓" if verdict.confirmed else f"✗ exact {_exact_text(published, verdict)}"
    return f"{what}{decks} {published.value} {mark}"


def summary_rows(entries: Sequence[Entry]) -> list[list[str]]:
    """One row per catalogue wager: file, wager, source, pays, exact house edge, published figures."""
    rows = []
    for e in entries:
        edge = "no pays" if e.sheet.house_edge is None else percent_text(e.sheet.house_edge)
        published = "; ".join(published_text(p, v) for p, v in e.verdicts) or "none found"
        rows.append([f"`{e.rules.name}`", f"{e.wager.title} (`{e.wager.name}`)", source_label(e.wager.source), pays_text(e), edge, published])
    return rows


def render_catalogue(entries: Sequence[Entry], fmt: str) -> str:
    """The summary as Markdown (``results/side-bets.md``) or JSON."""
    if fmt == "json":
        return json.dumps(catalogue_document(entries), indent=2, ensure_ascii=False) + "\n"
    agreeing = sum(e.agrees for e in entries if e.verdicts)
    with_figures = sum(bool(e.verdicts) for e in entries)
    head = [
        "# The side-bet catalogue", "",
        f"{len(entries)} side bets in {len({e.rules.name for e in entries})} rule files "
        f"(`analyzer/game/rulesets/side-bets/`); {with_figures} with published figures, of which {agreeing} "
        f"reproduce every one.", "", LEGEND, "", "",
    ]
    table = tabulate(summary_rows(entries), headers=["rule file", "side bet", "source", "pays", "house edge", "published"],
                     tablefmt="pipe", disable_numparse=True)
    return "\n".join(head) + table + "\n"


def catalogue_document(entries: Sequence[Entry]) -> dict[str, Any]:
    """The summary as JSON-ready data: exact house edges as fractions, each published figure with its verdict."""
    return {
        "decks": CATALOGUE_DECKS,
        "legend": LEGEND,
        "side_bets": [
            {
                "rule_set": e.rules.name,
                "wager": e.wager.name,
                "title": e.wager.title,
                "source": e.wager.source,
                "pays": pays_text(e),
                "house_edge": None if e.sheet.house_edge is None else fraction_text(e.sheet.house_edge),
                "published": [
                    {"figure": p.figure, "outcome": p.outcome, "value": p.value, "decks": p.decks, "source": p.source,
                     "note": p.note, "confirmed": v.confirmed,
                     "exact": ("sqrt(" + fraction_text(v.exact) + ")") if v.root else fraction_text(v.exact)}
                    for p, v in e.verdicts
                ],
            }
            for e in entries
        ],
    }
