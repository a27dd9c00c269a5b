"""The ``peek`` report: a reveal-and-raise game's returns by number of cards revealed, optimal play's and never
raising's par sheets, the highest percentage of amounts wagered, and the strategy card, as a document.

No arithmetic happens here: every figure comes from a :class:`~analyzer.studies.peek.PeekAnalysis` and the card
from :attr:`WagerPeek.card <analyzer.studies.peek.WagerPeek.card>` (computed by the study).
"""

from __future__ import annotations

from fractions import Fraction

from ..game.reveal import Reveal, positions_text, written_percent
from ..game.shoe import CARDS_PER_ROUND
from ..numbers import count_text, fraction_text, percent_text
from ..studies.peek import PeekAnalysis, RaiseSheet, WagerPeek
from .common import rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    count,
    data,
    decimal,
    fraction,
    integer,
    percent,
    real,
    text,
)
from .peekcard import card_data, card_section, patterns_table
from .provenance import provenance

PEEK_COUNTING = (
    "Counts are pairs (ordered six-card dealing P1 B1 P2 B2 P3 B3, set of cards revealed), each set weighted by L "
    "times its probability (L the least common multiple of the probabilities' denominators), so that they are whole "
    "numbers adding up to N(N-1)(N-2)(N-3)(N-4)(N-5) x L for a shoe of N cards; with k cards revealed and every set "
    "of k equally likely, L is the number of sets and a count is a number of (dealing, set) pairs."
)

RETURNS = (
    "Every figure is per unit of initial bet, the fee and the raise included. RTP per amount wagered is "
    "E[returned] / E[wagered], the wagered amount being the initial bet, the fee and any raise (the payout "
    "percentage of all amounts wagered, as 86 Ill. Adm. Code 3000.660(a) reads it); RTP per initial bet is 1 + "
    "E[net] per unit of initial bet (the convention of blackjack's house edge). Optimal play returns the most "
    "money: it raises to the largest multiple wherever the bet's value given what is seen is above 0, and keeps "
    "it below."
)

_KEYS = (
    "rule_set",
    "title",
    "document",
    "shoe",
    "reveal",
    "counting",
    "returns",
    "denominator",
    "defaults",
    "wagers",
)


def law_text(reveal: Reveal) -> str:
    """The count law in words: "1 card 30%, 2 cards 50%, ..."."""
    return ", ".join(
        f"{k} card{'s' if k > 1 else ''} {percent_text(p, 4).replace('.0000', '')}" for k, p in sorted(reveal.cards)
    )


def _reveal_field(reveal: Reveal) -> Field:
    positions = (
        None
        if reveal.positions is None
        else tuple(
            data({"set": list(subset), "probability": str(p)}, f"{positions_text(subset)}: {p}")
            for subset, p in reveal.positions
        )
    )
    multiples = " or ".join(f"{m} times" for m in reveal.multiples)
    sentence = (
        f"{law_text(reveal)} of the four cards revealed; "
        + ("every set of that many equally likely (default)" if reveal.positions is None else "sets as the file states")
        + f"; the bet on {' or '.join(reveal.wagers)} may then be kept or raised to {multiples} the initial bet; "
        f"a fee of {written_percent(reveal.fee)} of the initial bet, never returned, none on the raise "
        f"({reveal.source})"
    )
    return Field(
        "reveal",
        "Reveal and raise",
        Fields(
            (
                Field(
                    "cards",
                    None,
                    tuple(data({"cards": k, "probability": str(p)}, f"{k}: {p}") for k, p in sorted(reveal.cards)),
                ),
                Field("positions", None, positions),
                Field("multiples", None, tuple(integer(m) for m in reveal.multiples)),
                Field("fee", None, fraction(reveal.fee)),
                Field("wagers", None, tuple(text(w) for w in reveal.wagers)),
                Field("source", None, text(reveal.source)),
                Field("default", None, text(reveal.default)),
            )
        ),
        text=sentence,
    )


def _defaults(analysis: PeekAnalysis) -> list[str]:
    rules, reveal = analysis.rules, analysis.reveal
    lines = [line for line in rules.defaults(analysis.shoe.decks_built) if line.startswith("Shoe: ")]
    if reveal.default:
        lines.append(f"Reveal and raise: {reveal.default}")
    if reveal.positions_default:
        lines.append(f"Reveal and raise: {reveal.positions_default}")
    for w in analysis.wagers:
        wager = w.wager
        if wager.default:
            lines.append(f"{wager.title}: {wager.default}")
        lines.extend(f"{wager.title}, {o.name}: {o.default}" for o in wager.outcomes if o.default)
    return lines


def _head(analysis: PeekAnalysis) -> Fields:
    shoe = analysis.shoe
    return Fields(
        (
            *rule_set_fields(analysis.rules),
            Field(
                "shoe",
                "Shoe",
                shoe_fields(shoe),
                text=f"{shoe_text(shoe)}; denominator {count_text(shoe.denominator)} ordered {CARDS_PER_ROUND}-card "
                "dealings for each set of cards revealed.",
            ),
            _reveal_field(analysis.reveal),
            Field("counting", "", text(PEEK_COUNTING)),
            Field("returns", "", text(RETURNS)),
            Field("denominator", None, count(shoe.denominator)),
            Field(
                "defaults",
                "Defaults where the sources are silent, and changes made by the user",
                tuple(text(d) for d in _defaults(analysis)),
            ),
        )
    )


# ------------------------------------------------------------------ figures


def _figures(sheet: RaiseSheet, key: str | None, human: bool = True) -> Fields:
    """A play's exact figures, labels aligned (``key`` nests them for machines)."""
    return Fields(
        (
            Field("expected_value", "expected value per initial bet" if human else None, decimal(sheet.expected_value)),
            Field("house_edge", "house edge per initial bet" if human else None, percent(sheet.house_edge)),
            Field("rtp", "RTP per amount wagered" if human else None, percent(sheet.rtp)),
            Field("rtp_initial", "RTP per initial bet" if human else None, percent(sheet.rtp_initial)),
            Field("expected_bet", "average bet, in initial bets" if human else None, decimal(sheet.expected_bet, 6)),
            Field("expected_wagered", "average amount wagered" if human else None, decimal(sheet.expected_wagered, 6)),
            Field("raise_frequency", "raise frequency" if human else None, decimal(sheet.raise_frequency)),
            Field("variance", "variance" if human else None, decimal(sheet.variance)),
            Field("standard_deviation", "standard deviation" if human else None, real(sheet.standard_deviation)),
            Field("weight", None, integer(sheet.weight)),
            Field("denominator", None, count(sheet.denominator)),
        ),
        layout="aligned",
        key=key,
    )


def _rows_table(sheet: RaiseSheet, key: str | None = None) -> Table:
    """A play's rows: for people (no ``key``), or for machines only (with one)."""
    columns = (
        Column("bet", "bet"),
        Column("outcome", "outcome"),
        Column("combinations", "combinations", "right"),
        Column("probability", "probability", "right"),
        Column("net", "net per initial bet", "right"),
        Column("return", "return", "right"),
    )
    rows = tuple(
        (
            integer(r.multiple, shown="kept" if r.multiple == 1 else f"x{r.multiple}"),
            text(r.outcome.name),
            count(r.combinations),
            decimal(r.probability),
            decimal(r.net, 4),
            decimal(r.contribution),
        )
        for r in sheet.rows
    )
    footer = (
        text("Totals"),
        None,
        count(sheet.denominator),
        decimal(Fraction(1)),
        None,
        decimal(sheet.expected_value),
    )
    if key is not None:
        return Table(columns=columns, rows=rows, key=key, human=False)
    return Table(columns=columns, rows=rows, footer=footer)


def _by_count_section(peek: WagerPeek) -> Section:
    best = Table(
        columns=(
            Column("cards", "cards"),
            Column("probability", "law", "right"),
            Column("expected_value", "EV", "right"),
            Column("rtp", "RTP (wagered)", "right"),
            Column("rtp_initial", "RTP (initial bet)", "right"),
            Column("expected_bet", "average bet", "right"),
            Column("raise_frequency", "raised", "right"),
        ),
        rows=tuple(
            (
                integer(b.cards),
                percent(b.probability, 2),
                decimal(b.optimal.expected_value, 6),
                percent(b.optimal.rtp),
                percent(b.optimal.rtp_initial),
                decimal(b.optimal.expected_bet, 4),
                percent(b.optimal.raise_frequency, 2),
            )
            for b in peek.by_count
        ),
        footer=(
            text("the law"),
            percent(Fraction(1), 2),
            decimal(peek.optimal.expected_value, 6),
            percent(peek.optimal.rtp),
            percent(peek.optimal.rtp_initial),
            decimal(peek.optimal.expected_bet, 4),
            percent(peek.optimal.raise_frequency, 2),
        ),
        caption="Optimal play, per initial bet (RTP per amount wagered, and per initial bet):",
    )
    never = Table(
        columns=(
            Column("cards", "cards"),
            Column("never_rtp", "RTP (wagered)", "right"),
            Column("never_rtp_initial", "RTP (initial bet)", "right"),
            Column("peek_value", "optimal play gains", "right"),
        ),
        rows=tuple(
            (integer(b.cards), percent(b.never.rtp), percent(b.never.rtp_initial), decimal(b.peek_value, 6))
            for b in peek.by_count
        ),
        footer=(
            text("the law"),
            percent(peek.never.rtp),
            percent(peek.never.rtp_initial),
            decimal(peek.peek_value, 6),
        ),
        caption="Never raising (the fee paid, the bet always kept), and what optimal play gains per initial bet:",
    )
    return Section(title="By number of cards revealed", blocks=(best, never))


def _rows_data(sheet: RaiseSheet) -> Value:
    """A play's rows as data (the par sheet of one number of cards revealed, for machines)."""
    return data(
        [
            {
                "bet": r.multiple,
                "outcome": r.outcome.name,
                "combinations": str(r.combinations),
                "probability": fraction_text(r.probability),
                "net": fraction_text(r.net),
                "return": fraction_text(r.contribution),
            }
            for r in sheet.rows
        ],
        "",
    )


def _by_count_data(peek: WagerPeek) -> Table:
    return Table(
        columns=tuple(
            Column(k, None)
            for k in (
                "cards",
                "probability",
                "expected_value",
                "rtp",
                "rtp_initial",
                "expected_wagered",
                "raise_frequency",
                "never_expected_value",
                "never_rtp",
                "never_rtp_initial",
                "peek_value",
                "optimal_rows",
                "never_rows",
            )
        ),
        rows=tuple(
            (
                integer(b.cards),
                fraction(b.probability),
                fraction(b.optimal.expected_value),
                fraction(b.optimal.rtp),
                fraction(b.optimal.rtp_initial),
                fraction(b.optimal.expected_wagered),
                fraction(b.optimal.raise_frequency),
                fraction(b.never.expected_value),
                fraction(b.never.rtp),
                fraction(b.never.rtp_initial),
                fraction(b.peek_value),
                _rows_data(b.optimal),
                _rows_data(b.never),
            )
            for b in peek.by_count
        ),
        key="by_count",
        human=False,
    )


def _percentage_section(peek: WagerPeek) -> Section:
    sheet = peek.greatest_percentage
    only = peek.percentage_only()
    line = (
        f"The highest percentage of amounts wagered is {percent_text(sheet.rtp)} (per initial bet "
        f"{percent_text(sheet.rtp_initial)}): it raises wherever the bet's value given what is seen is above "
        f"{percent_text(peek.threshold)} of a unit, "
        + (
            f"so on {len(only)} pattern{'s' if len(only) != 1 else ''} where optimal play keeps; it returns less "
            "money per initial bet than optimal play, the fee being spread over more money wagered."
            if only
            else "so on no pattern where optimal play keeps: here it is optimal play."
            if sheet.expected_value == peek.optimal.expected_value
            else "and keeps on some patterns where optimal play raises; it returns less money per initial bet."
        )
    )
    return Section(title="The highest percentage of amounts wagered", blocks=(Prose((line,)),))


def _percentage_data(peek: WagerPeek) -> Fields:
    return Fields(
        (
            Field("threshold", None, fraction(peek.threshold)),
            Field("patterns_raised_beyond_optimal", None, integer(len(peek.percentage_only()))),
            *_figures(peek.greatest_percentage, None, human=False).fields,
        ),
        key="greatest_percentage",
    )


def _wager_section(peek: WagerPeek) -> Section:
    wager = peek.wager
    head = Fields(
        (
            Field("wager", None, text(wager.name)),
            Field("title", None, text(wager.title)),
            Field("source", None, text(wager.source)),
            Field("pays", None, tuple(text(f"{o.name}: {o.pays_text}") for o in wager.outcomes)),
        )
    )
    pays = ", ".join(f"{o.name} {o.pays_text}" for o in wager.outcomes)
    grids = peek.card
    return Section(
        title=wager.title,
        name=wager.name,
        status="raised after the reveal",
        lead=(f"Pays: {pays}.", f"Source: {wager.source}"),
        key="wagers",
        blocks=(
            head,
            _by_count_section(peek),
            Section(
                title="Optimal play under the law (the most money)",
                blocks=(_rows_table(peek.optimal), _figures(peek.optimal, None)),
            ),
            Section(
                title="Never raising under the law",
                blocks=(_rows_table(peek.never), _figures(peek.never, None)),
            ),
            _percentage_section(peek),
            card_section(peek, grids),
            _by_count_data(peek),
            _figures(peek.optimal, "optimal", human=False),
            _rows_table(peek.optimal, "optimal.rows"),
            _figures(peek.never, "never", human=False),
            _rows_table(peek.never, "never.rows"),
            _percentage_data(peek),
            *card_data(peek, grids),
            patterns_table(peek),
        ),
    )


def peek_document(analysis: PeekAnalysis) -> Document:
    """``peek``: for each raised wager, its returns by number of cards revealed, optimal play's and never raising's
    par sheets under the rule file's law, the highest percentage of amounts wagered, and the strategy card."""
    return Document(
        title=f"{analysis.rules.name}: reveal and raise",
        blocks=(_head(analysis), *(_wager_section(w) for w in analysis.wagers)),
        context=shoe_context(analysis.rules, analysis.shoe),
        key_order=_KEYS,
        provenance=provenance((analysis.rules,), shoe_text(analysis.shoe)),
    )
