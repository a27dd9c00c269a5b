"""An electronic table game held to its approved live game, as the report's section and as ``verify
--equivalent-to``: the verdict first, then every difference, then each wager row by row.

The comparison is :func:`analyzer.studies.equivalence.equivalence`'s; this module words it. Each figure is exact
(JSON: "p/q"); people read a pay both ways ("30 to 1 (31 for 1)"), a probability to 10 places and an RTP to 4.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.kinds import KIND_NAMES
from ..game.odds import both_ways
from ..numbers import decimal_text, percent_text
from ..studies.equivalence import Difference, Equivalence, RowMatch, WagerMatch
from .analysis import conditions_text
from .common import shoe_text
from .model import (
    Block,
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    flag,
    fraction,
    integer,
    text,
    verdict,
)
from .provenance import provenance

SOURCES = (
    "N.J.A.C. 13:69E-1.28P(b): electronic table games shall '2. Be designed to achieve a theoretical payback as "
    "provided in the approved rules for each game offered'; and the DICJ's technical standards for dealer-operated "
    "electronic table games (Macau, in effect January 1, 2018): the same probability, by the rules and the payments, "
    "as the approved table game."
)
EQUIVALENT, NOT_EQUIVALENT = "EQUIVALENT", "NOT EQUIVALENT"


def _value(aspect: str, x: Fraction | str | None) -> Value:
    if x is None:
        return text(None, shown="none")
    if isinstance(x, str):
        return text(x)
    if aspect == "pays":
        return fraction(x, shown=both_ways(x))
    if aspect == "rtp":
        return fraction(x, shown=percent_text(x))
    return fraction(x, shown=decimal_text(x, 10))


def _where(d: Difference) -> str:
    return " / ".join(part for part in (d.wager, d.outcome, d.cell) if part) or "the game"


def verdict_line(found: Equivalence) -> str:
    """The verdict in one line: equivalent, or how many differences change a figure, and the first of them."""
    others = len(found.differences) - len(found.changing)
    rest = f"; {others} other difference{'s' if others != 1 else ''} change no figure" if others else ""
    if found.equivalent:
        return (
            f"{EQUIVALENT}: every wager of {found.live.name} is offered with the same rows, pays and probabilities, "
            f"exactly{rest}."
        )
    first = found.changing[0]
    return (
        f"{NOT_EQUIVALENT}: {len(found.changing)} difference{'s' if len(found.changing) != 1 else ''} change what a "
        f"wager of {found.live.name} pays or how often (first: {_where(first)}, {first.aspect}: live "
        f"{_words(first, first.live)}, electronic {_words(first, first.electronic)}){rest}."
    )


def _words(d: Difference, x: Fraction | str | None) -> str:
    from .values import human

    return human(_value(d.aspect, x))


def differences_table(found: Equivalence, key: str = "differences") -> Table:
    """Every difference: what, where, the live game's value and the electronic game's, and whether it changes a
    figure."""
    return Table(
        columns=(
            Column("aspect", "difference"),
            Column("where", "where"),
            Column("live", "live game", "right"),
            Column("electronic", "electronic game", "right"),
            Column("changes_figures", "changes a figure"),
        ),
        rows=tuple(
            (
                text(d.aspect),
                text(_where(d)),
                _value(d.aspect, d.live),
                _value(d.aspect, d.electronic),
                Value(
                    "flag",
                    d.changes_figures,
                    text="yes" if d.changes_figures else "no",
                    tone="bad" if d.changes_figures else "good",
                ),
            )
            for d in found.differences
        ),
        key=key,
        caption="Every difference from the approved live game",
    )


def _row(match: RowMatch) -> tuple[Value | None, ...]:
    live, electronic = match.live, match.electronic
    shown = live or electronic
    assert shown is not None
    wrong = [
        what
        for what, same in (
            ("row", live is not None and electronic is not None),
            ("condition", match.same_condition or live is None or electronic is None),
            ("pays", match.same_pays or live is None or electronic is None),
            ("probability", match.same_probability or live is None or electronic is None),
        )
        if not same
    ]
    return (
        text(shown.outcome.name),
        text(conditions_text(shown.outcome)),
        None if live is None else _value("pays", live.pays),
        None if electronic is None else _value("pays", electronic.pays),
        None if live is None else _value("probability", live.probability),
        None if electronic is None else _value("probability", electronic.probability),
        verdict(match.equal, "same" if match.equal else "differs: " + ", ".join(wrong or ["row"])),
    )


def wager_table(match: WagerMatch, only_differences: bool = False) -> Table | Prose:
    """A wager row by row: what it tests, its pays and probabilities under each game, same or not; then its RTP."""
    if match.live is None or match.electronic is None:
        which = "the electronic game only" if match.live is None else "the live game only, not the electronic game"
        return Prose((f"{match.wager}: offered by {which}.",))
    rows = [m for m in match.rows if not (only_differences and m.equal)]
    same = match.live.rtp == match.electronic.rtp
    footer = (
        text("RTP"),
        None,
        None,
        None,
        _value("rtp", match.live.rtp),
        _value("rtp", match.electronic.rtp),
        verdict(same, "same" if same else "differs"),
    )
    return Table(
        columns=(
            Column("outcome", "outcome"),
            Column("when", "when"),
            Column("live_pays", "live pays", "right"),
            Column("electronic_pays", "electronic pays", "right"),
            Column("live_probability", "live probability", "right"),
            Column("electronic_probability", "electronic probability", "right"),
            Column("verdict", "verdict"),
        ),
        rows=tuple(_row(m) for m in rows),
        footer=footer,
        key="rows",
    )


def equivalence_blocks(found: Equivalence, only_differences: bool = False) -> tuple[Block, ...]:
    """The verdict, the two games, every difference, and each wager row by row (``only_differences``: only the
    wagers and rows that differ)."""
    head = Fields(
        (
            Field(
                "verdict",
                "Verdict",
                verdict(found.equivalent, EQUIVALENT if found.equivalent else NOT_EQUIVALENT),
                text=verdict_line(found),
            ),
            Field(
                "electronic_game",
                "Electronic game",
                text(found.rules.name),
                text=f"{found.rules.name}: {found.rules.title}, {found.rules.kind_text}, {shoe_text(found.shoe)}",
            ),
            Field(
                "live_game",
                "Approved live game",
                text(found.live.name),
                text=f"{found.live.name}: {found.live.title} ({KIND_NAMES[found.live.kind]}), "
                f"{shoe_text(found.live_shoe)}",
            ),
            Field("summary", None, text(verdict_line(found))),
            Field("equivalent", None, flag(found.equivalent)),
            Field("differences", None, integer(len(found.differences))),
            Field("differences_changing_figures", None, integer(len(found.changing))),
        ),
        key="equivalence",
    )
    wagers = [m for m in found.wagers if not (only_differences and m.equal)]
    sections = tuple(
        Section(
            title=m.wager,
            status="the same, row by row" if m.equal else "differs",
            blocks=(
                Fields(
                    (
                        Field("wager", None, text(m.wager)),
                        Field("equal", None, flag(m.equal)),
                        Field("live_rtp", None, _value("rtp", None if m.live is None else m.live.rtp)),
                        Field(
                            "electronic_rtp", None, _value("rtp", None if m.electronic is None else m.electronic.rtp)
                        ),
                    )
                ),
                wager_table(m, only_differences),
            ),
            key="wagers",
        )
        for m in wagers
    )
    blocks: list[Block] = [head, Prose((SOURCES,), key="sources")]
    if found.differences:
        blocks.append(differences_table(found))
    else:
        blocks.append(Prose(("No difference: the same shoe, drawing, dealing, wagers, rows, pays and probabilities.",)))
    return (*blocks, *sections)


def equivalence_section(found: Equivalence) -> Section:
    """The report's section: the game held to its approved live game."""
    return Section(
        title="Equivalence to the approved live game",
        lead=(
            f"{found.rules.name} held to {found.live.name}, wager by wager and row by row, exactly: what each row "
            "tests, what it pays and how often it happens, then each wager's RTP.",
        ),
        blocks=equivalence_blocks(found),
        key="equivalence",
    )


def equivalence_document(found: Equivalence, only_differences: bool = False) -> Document:
    """``verify --equivalent-to LIVE --rules ELECTRONIC``: the verdict first, every difference, each wager row by
    row."""
    return Document(
        title=f"{found.rules.name} held to {found.live.name}",
        blocks=equivalence_blocks(found, only_differences),
        provenance=provenance((found.rules, found.live), shoe_text(found.shoe)),
    )
