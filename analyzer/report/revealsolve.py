"""The ``solve --reveal-rtp`` report: the laws of how many cards are revealed that give the target returns under
optimal play (the vertices of their polytope), or the nearest when none does, as a document.

No arithmetic happens here: every figure comes from a :class:`~analyzer.studies.revealsolve.RevealLaws`.
"""

from __future__ import annotations

from ..game.reveal import written_percent
from ..studies.revealsolve import Law, RevealLaws
from .common import rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import Column, Document, Field, Fields, Prose, Section, Table, Value, data, fraction, integer, percent, text
from .peek import law_text
from .provenance import provenance

_BASIS_TEXT = {
    "wagered": "per amount wagered (the initial bet, the fee and any raise)",
    "initial": "per initial bet (1 + expected net per unit of initial bet)",
}

_KEYS = (
    "rule_set",
    "title",
    "document",
    "shoe",
    "basis",
    "tolerance",
    "targets",
    "positions",
    "method",
    "consistent",
    "coefficients",
    "laws",
    "nearest",
    "ranges",
    "file_law",
)


def _method(laws: RevealLaws) -> str:
    return (
        "Optimal play decides pattern by pattern, whatever the law, so each RTP is linear (per initial bet) or "
        "linear-fractional (per amount wagered) in the law's probabilities, and each target is a linear constraint "
        "on them: the laws meeting every target form a polytope, listed by its vertices, found by exact vertex "
        "enumeration (Fractions throughout); every consistent law is a mixture of them. "
        + (
            "When none is consistent, the nearest laws make the largest residual smallest, each measured as money "
            "per initial bet (the RTP residual times the average amount wagered)."
            if laws.basis == "wagered"
            else "When none is consistent, the nearest laws make the largest RTP residual smallest."
        )
    )


def _law_columns(laws: RevealLaws) -> tuple[Column, ...]:
    columns = [Column(None, f"{k} card{'s' if k > 1 else ''}", "right") for k in laws.counts]
    for t in laws.targets:
        columns.append(Column(None, f"{t.wager}", "right"))
        columns.append(Column(None, "residual", "right"))
    return tuple(columns)


def _law_row(laws: RevealLaws, law: Law) -> tuple[Value | None, ...]:
    cells: list[Value | None] = [percent(p) for p in law.probabilities]
    shown = law.rtps if laws.basis == "wagered" else law.rtps_initial
    for rtp, residual in zip(shown, law.residuals):
        cells.append(percent(rtp))
        cells.append(percent(residual))
    return tuple(cells)


def _law_data(laws: RevealLaws, law: Law) -> tuple[Value, Value]:
    """A law for machines: its probabilities by number of cards, and each target wager's returns and residual."""
    probabilities = {str(k): str(p) for k, p in zip(laws.counts, law.probabilities)}
    wagers = [
        {"wager": t.wager, "rtp": str(rtp), "rtp_initial": str(initial), "residual": str(residual)}
        for t, rtp, initial, residual in zip(laws.targets, law.rtps, law.rtps_initial, law.residuals)
    ]
    return data(probabilities, ""), data(wagers, "")


def _laws_table(laws: RevealLaws, rows: tuple[Law, ...], key: str, caption: str) -> tuple[Table, Table]:
    people = Table(columns=_law_columns(laws), rows=tuple(_law_row(laws, law) for law in rows), caption=caption)
    machines = Table(
        columns=(Column("probabilities", None), Column("wagers", None)),
        rows=tuple(_law_data(laws, law) for law in rows),
        key=key,
        human=False,
    )
    return people, machines


def _csv_table(laws: RevealLaws) -> Table:
    """Every law listed, one row each, for the CSV only (JSON has them as :func:`_law_data`): its kind (consistent,
    nearest, the rule file's), the probability of each number of cards revealed, and each target wager's RTP per
    amount wagered and per initial bet and its residual."""
    columns = [Column("law", None), *(Column(f"p_{k}_cards", None) for k in laws.counts)]
    for t in laws.targets:
        columns += [Column(f"{t.wager}_rtp", None), Column(f"{t.wager}_rtp_initial", None)]
        columns.append(Column(f"{t.wager}_residual", None))
    listed = [("consistent", law) for law in laws.vertices] + [("nearest", law) for law in laws.nearest]
    if laws.file_law is not None:
        listed.append(("rule file", laws.file_law))
    rows = []
    for kind, law in listed:
        row: list[Value | None] = [text(kind), *(percent(p) for p in law.probabilities)]
        for rtp, initial, residual in zip(law.rtps, law.rtps_initial, law.residuals):
            row += [percent(rtp), percent(initial), percent(residual)]
        rows.append(tuple(row))
    return Table(columns=tuple(columns), rows=tuple(rows), human=False, csv=True)


def _verdict(laws: RevealLaws) -> str:
    targets = ", ".join(f"{t.wager} {written_percent(t.rtp)}" for t in laws.targets)
    within = "exactly" if laws.tolerance == 0 else f"within {written_percent(laws.tolerance)}"
    if laws.consistent:
        n = len(laws.vertices)
        shape = "one law" if n == 1 else "a segment" if n == 2 else f"a polytope of {n} vertices"
        return (
            f"Laws giving {targets} {within}, {_BASIS_TEXT[laws.basis]}, under optimal play: {shape}; every law "
            "consistent with the targets is a mixture of these (how often 1 to 4 cards are revealed; each wager's "
            "RTP and its residual):"
        )
    return (
        f"No law of how many cards are revealed gives {targets} {within}, {_BASIS_TEXT[laws.basis]}, under optimal "
        "play. The nearest:"
    )


def reveal_law_document(laws: RevealLaws) -> Document:
    """``solve --reveal-rtp``: the laws consistent with the target returns, or the nearest, with their exact RTPs and
    residuals, the per-count figures they are mixtures of, and the rule file's own law."""
    rules, shoe = laws.rules, laws.shoe
    reveal = rules.reveal
    assert reveal is not None, "solve_reveal_law refuses a rule set without [reveal]"
    head = Fields(
        (
            *rule_set_fields(rules),
            Field("shoe", "Shoe", shoe_fields(shoe), text=shoe_text(shoe)),
            Field("basis", "RTP", text(laws.basis), text=_BASIS_TEXT[laws.basis]),
            Field("tolerance", None, fraction(laws.tolerance)),
            Field(
                "targets",
                "Targets",
                tuple(
                    data({"wager": t.wager, "rtp": str(t.rtp)}, f"{t.wager} {written_percent(t.rtp)}")
                    for t in laws.targets
                ),
            ),
            Field(
                "positions",
                "Positions",
                text(reveal.positions_default or "as the rule file's positions table states"),
            ),
            Field("method", "", text(_method(laws))),
            Field("consistent", None, Value("flag", laws.consistent)),
        )
    )
    coefficients = Table(
        columns=(
            Column("wager", "wager"),
            Column("cards", "cards revealed"),
            Column("expected_value", None),
            Column("expected_wagered", None),
            Column("rtp", "RTP per amount wagered", "right"),
            Column("rtp_initial", "RTP per initial bet", "right"),
        ),
        rows=tuple(
            (
                text(c.wager),
                integer(c.cards),
                fraction(c.expected_value),
                fraction(c.expected_wagered),
                percent(c.rtp),
                percent(c.rtp_initial),
            )
            for c in laws.coefficients
        ),
        key="coefficients",
        caption="Optimal play when exactly that many cards are revealed (a law's returns are mixtures of these):",
    )
    blocks: list[Fields | Table | Prose | Section] = [head, coefficients, Prose((_verdict(laws),))]
    found, nearest = _laws_table(laws, laws.vertices, "laws", "")
    if laws.consistent:
        blocks += [found, nearest]
        ranges = Table(
            columns=(
                Column("cards", "cards revealed"),
                Column("least", "least probability", "right"),
                Column("greatest", "greatest probability", "right"),
            ),
            rows=tuple((integer(k), percent(lo), percent(hi)) for k, (lo, hi) in zip(laws.counts, laws.ranges())),
            key="ranges",
            caption="Over every consistent law, how often each number of cards is revealed:",
        )
        blocks.append(ranges)
    else:
        blocks.append(nearest)  # the empty machine list of consistent laws
        people, machines = _laws_table(laws, laws.nearest, "nearest", "")
        blocks += [people, machines]
    if laws.file_law is not None:
        people, _ = _laws_table(laws, (laws.file_law,), "file_law", f"The rule file's law ({law_text(reveal)}):")
        probabilities, wagers = _law_data(laws, laws.file_law)
        blocks += [
            people,
            Fields((Field("probabilities", None, probabilities), Field("wagers", None, wagers)), key="file_law"),
        ]
    blocks.append(_csv_table(laws))
    return Document(
        title=f"{rules.name}: reveal laws for the target returns",
        blocks=tuple(blocks),
        context=shoe_context(rules, shoe),
        key_order=_KEYS,
        provenance=provenance((rules,), shoe_text(shoe)),
    )
