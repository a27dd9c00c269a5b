"""The strategy cards of ``baccarat equilibrium`` (the Player's, and the Banker's chart), and a game's ``[choices]``
chart for ``rules show``: formats only; every play comes from :mod:`analyzer.studies.equilibrium`."""

from __future__ import annotations

from collections.abc import Sequence

from ..game.choices import INFORMATION_TEXT, composition_text, hand_text
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, RuleSet
from ..numbers import fraction_text, percent_text
from ..studies.equilibrium import DRAWS, EITHER, MIXES, RANGE, STANDS, Play, Solved
from .model import Column, Prose, Section, Table, Value, text

SYMBOLS = {DRAWS: "D", STANDS: "S", MIXES: "M", EITHER: "*", RANGE: "R"}
"""The Banker's card: D draw, S stand, M draw with the cell's probability, * either, R a linked range."""
LEGEND = (
    "D draw, S stand, M draw with the probability listed under the mixed cells, * either choice (both are "
    "optimal), R a probability within the range listed (linked to other cells); a lower-case letter marks a "
    "departure from the [drawing] tableau."
)


def _symbol(p: Play) -> str:
    symbol = SYMBOLS[p.play]
    return symbol.lower() if p.departs else symbol


def banker_card(solved: Solved, plays: Sequence[Play]) -> Section:
    rules = solved.rules
    by_cell = {(p.total, p.composition, p.column): p for p in plays}
    rows: list[tuple[Value | None, ...]] = []
    for t, composition in solved.banker_hands:
        cells = []
        for column in range(len(BANKER_COLUMNS)):
            play = by_cell.get((t, composition, column))
            if play is None:  # a cell the rules fix
                cells.append(text("D." if rules.drawing.banker[t][column] else "S."))
            else:
                cells.append(text(_symbol(play)))
        rows.append((text(hand_text(t, composition)), *cells))
    columns = (
        Column(None, "Banker holds"),
        *(Column(None, "stood" if c == "stood" else c, "right") for c in BANKER_COLUMNS),
    )
    lines = (
        LEGEND,
        "D. and S. are cells the rules fix (not the Banker's choice). The columns are what the Player did: stood, or "
        "drew a third card worth 0-9 (face up). A natural (8 or 9) on either side ends the coup.",
    )
    return Section(
        title="Strategy card: the Banker",
        blocks=(Table(columns=columns, rows=tuple(rows)), Prose(lines)),
    )


def player_card(solved: Solved, plays: Sequence[Play]) -> Section:
    rules = solved.rules
    choices = rules.choices
    assert choices is not None
    lines = []
    for t in NON_NATURAL_TOTALS:
        rule = choices.player_rule(rules.drawing, t)
        if rule != "choice":
            lines.append(f"  - {t}: {rule}")
            continue
        for p in plays:
            if p.total != t:
                continue
            hand = str(t) if p.composition is None else f"{t} with {composition_text(p.composition)}"
            how = {
                DRAWS: "draw",
                STANDS: "stand",
                MIXES: f"draw with probability {fraction_text(p.low)} ({percent_text(p.low, 2)}), else stand",
                EITHER: "draw or stand (both are optimal)",
                RANGE: f"draw with a probability from {percent_text(p.low, 2)} to {percent_text(p.high, 2)}",
            }[p.play]
            lines.append(f"  - {hand}: {how}")
    lines.append("  - 8, 9: a natural: turn the cards over.")
    return Section(title="Strategy card: the Player", blocks=(Prose(("Your two-card total:", *lines)),))


def choices_lines(rules: RuleSet) -> list[str]:
    """``rules show``: the ``[choices]`` table in the drawing chart's layout (C the side chooses, - the chart rules)."""
    choices = rules.choices
    if choices is None:
        return []
    free = " ".join(str(t) for t in choices.player_free) or "nothing"
    lines = [
        "Choices ([choices]; `baccarat equilibrium` solves them; the other commands play the chart above):",
        f"Player: chooses on {free}; the chart rules the other totals.",
        "Banker: C chooses, - the chart rules, by Banker two-card total (rows) and what the Player did (columns).",
        "",
        "          Player's third card",
        "    stood  " + " ".join(BANKER_COLUMNS[1:]),
    ]
    for t in reversed(NON_NATURAL_TOTALS):
        row = ["C" if choices.banker[t][c] else "-" for c in range(len(BANKER_COLUMNS))]
        lines.append(f"{t}   {row[0]}      {' '.join(row[1:])}")
    lines.append(
        f"Information: {choices.information} ({INFORMATION_TEXT[choices.information]}). Commission on Banker wins: "
        f"{percent_text(choices.commission, 2)}."
    )
    lines.append(f"Source: {choices.source}")
    if choices.default:
        lines.append(f"Default: {choices.default}")
    return lines
