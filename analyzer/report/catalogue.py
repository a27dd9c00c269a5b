"""The side-bet catalogue's summary: every published side bet, its exact house edge, and what its source printed.

No arithmetic: the figures come from :mod:`analyzer.studies.catalogue`. A
published figure reads ✓ when the exact figure reproduces it (equal for a
count or a fraction, within half a unit of the last printed place for a
decimal) and ✗ with the exact value beside it when it does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..game.wager import Published
from ..numbers import amount_text, percent_text, share_text
from ..studies.catalogue import CATALOGUE_DECKS, Entry
from ..studies.verify import Verdict
from .common import break_even_text
from .model import Column, Document, Field, Fields, Prose, Table, data, integer, percent, text
from .provenance import provenance
from .verify import as_claimed_text, exact_machine

FIGURE_WORDS = {
    "house_edge": "house edge",
    "expected_value": "return",
    "hit_frequency": "hit frequency",
    "variance": "variance",
    "standard_deviation": "SD",
    "combinations": "count",
    "probability": "probability",
}

LEGEND = (
    f"Every figure is for an {CATALOGUE_DECKS}-deck shoe unless it says otherwise. Published: each figure as its "
    "source "
    "printed it; ✓ when the exact figure reproduces it (a count or a fraction exactly, a decimal within half a unit of "
    "its last printed place), ✗ with the exact value when it does not (the rule file's note says why). Counts are "
    "ordered six-card dealings; a fraction is a count the source gave over another basis (unordered two-card hands)."
)


def pays_text(entry: Entry) -> str:
    """The pays of the winning rows: "25:1", "200:1 / 25:1 / 15:1"; a jackpot row "jackpot" or "10% of jackpot"."""
    jackpot = None if entry.wager.money is None else entry.wager.money.jackpot
    pays = []
    for o in entry.wager.outcomes:
        if jackpot is not None and o.name in jackpot.rows:
            share = jackpot.share(o.name)
            pays.append("jackpot" if share == 1 else f"{share_text(share)} of jackpot")
        elif o.pays is not None and o.pays > 0:
            pays.append(o.pays_text)
    return " / ".join(dict.fromkeys(pays)) or "no pays"


def edge_text(entry: Entry) -> str | None:
    """The house edge as shown, when it needs words: a progressive's is at its meter ("59.9869% at meter 10000,
    break-even
    meter 83168.48"); None otherwise."""
    line = entry.sheet.jackpot
    jackpot = None if entry.wager.money is None else entry.wager.money.jackpot
    if entry.sheet.house_edge is None or line is None or jackpot is None:
        return None
    return f"{percent_text(entry.sheet.house_edge)} at meter {amount_text(jackpot.meter)}, {break_even_text(line)}"


def source_label(source: str) -> str:
    """The publisher and page of a source: the text before its first quotation, without the addresses in parentheses.

    >>> source_label("AdvancedAdvantagePlay (Eliot Jacobson), Big Tiger (advancedadvantageplay.com/x): 'Pays 50-to-1.'")
    'AdvancedAdvantagePlay (Eliot Jacobson), Big Tiger'
    """
    return re.split(r": |; ", _ADDRESS.sub("", source))[0].strip()


_ADDRESS = re.compile(r"\s*\([^()]*[./][^()]*\)")


def published_text(published: Published, verdict: Verdict) -> str:
    """One published figure with its verdict: "house edge 21.79% ✓", "count (win) 8,230,060,380,160 ✗ exact
    11,762,978,186,752"."""
    what = FIGURE_WORDS.get(published.figure, published.figure)
    if published.outcome and published.figure in ("combinations", "probability"):
        what = f"{what} ({published.outcome})"
    decks = "" if published.decks == CATALOGUE_DECKS else f" at {published.decks} decks"
    mark = "✓" if verdict.confirmed else f"✗ exact {as_claimed_text(verdict)}"
    return f"{what}{decks} {published.value} {mark}"


def _published(entry: Entry) -> list[dict[str, object]]:
    """Each published figure with its verdict, for machines: the exact value as a fraction (or the root of one)."""
    return [
        {
            "figure": p.figure,
            "outcome": p.outcome,
            "value": p.value,
            "decks": p.decks,
            "source": p.source,
            "note": p.note,
            "confirmed": v.confirmed,
            "exact": exact_machine(v),
        }
        for p, v in entry.verdicts
    ]


def catalogue_document(entries: Sequence[Entry]) -> Document:
    """The summary (``results/side-bets.md``): one row per side bet, its pays and exact house edge, its published
    figures."""
    agreeing = sum(e.agrees for e in entries if e.verdicts)
    with_figures = sum(bool(e.verdicts) for e in entries)
    files = tuple(dict.fromkeys(e.rules.name for e in entries))
    summary = (
        f"{len(entries)} side bets in {len(files)} rule files (analyzer/game/rulesets/side-bets/); {with_figures} with "
        f"published figures, of which {agreeing} reproduce every one."
    )
    table = Table(
        columns=(
            Column("rule_set", "rule file"),
            Column("wager", None),
            Column("title", None),
            Column(None, "side bet"),
            Column("source", "source"),
            Column("pays", "pays"),
            Column("house_edge", "house edge", "right"),
            Column("published", "published"),
        ),
        rows=tuple(
            (
                text(e.rules.name),
                text(e.wager.name),
                text(e.wager.title),
                text(f"{e.wager.title} ({e.wager.name})"),
                text(e.wager.source, shown=source_label(e.wager.source)),
                text(pays_text(e)),
                percent(e.sheet.house_edge, shown="no pays" if e.sheet.house_edge is None else edge_text(e)),
                data(_published(e), "; ".join(published_text(p, v) for p, v in e.verdicts) or "none found"),
            )
            for e in entries
        ),
        key="side_bets",
    )
    rule_sets = tuple({e.rules.name: e.rules for e in entries}.values())
    return Document(
        title="The side-bet catalogue",
        blocks=(
            Fields((Field("decks", None, integer(CATALOGUE_DECKS)),)),
            Prose((summary,)),
            Prose((LEGEND,), key="legend"),
            table,
        ),
        provenance=provenance(rule_sets, f"{CATALOGUE_DECKS} decks"),
    )
