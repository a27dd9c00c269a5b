"""Pieces several reports share: the counting convention, the shoe, a rule set's head, a par sheet.

Each returns parts of a :class:`~.model.Document`; no arithmetic beyond
what a sentence needs to name a figure.
"""

from __future__ import annotations

from fractions import Fraction

from ..exact.parsheet import JackpotLine, ParSheet
from ..game.cards import RANKS
from ..game.money import kept_fee
from ..game.odds import format_pays
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager
from ..numbers import amount_text, decimal_text, exact_percent_text, fraction_text, percent_text, share_text
from .model import Column, Field, Fields, Table, count, data, decimal, flag, integer, odds, pays, percent, real, text

COUNTING = (
    "Counts are ordered six-card dealings P1 B1 P2 B2 P3 B3, whether or not the "
    "third cards are used; they add up to the denominator N(N-1)(N-2)(N-3)(N-4)(N-5) "
    "for a shoe of N cards."
)


def shoe_text(shoe: Shoe) -> str:
    """How a report names a shoe: "8 decks (416 cards)", "8 decks less 5 5 K A (412 cards)"."""
    if shoe.decks_built is None:
        composition = " ".join(f"{n}x{r}" for r, n in zip(RANKS, shoe.counts) if n)
        return f"custom shoe {composition} ({shoe.size} cards)"
    removed = shoe.removed_from_decks()
    less = f" less {' '.join(removed)}" if removed else ""
    return f"{shoe.decks_built} decks{less} ({shoe.size} cards)"


def defaults_field(rules: RuleSet, shoe: Shoe) -> Field:
    """The defaults in force for this shoe: what the document is silent on, and what the user changed."""
    return Field(
        "defaults",
        "Defaults where the document is silent, and changes made by the user",
        tuple(text(d) for d in rules.defaults(shoe.decks_built)),
    )


def pays_changed(rules: RuleSet) -> str:
    """The user's pay changes as ``--pay`` writes them, "tie:tie=9:1; ..." ("" when none)."""
    return "; ".join(f"{wager}:{outcome}={format_pays(p)}" for wager, outcome, p in rules.pay_changes)


def shoe_context(rules: RuleSet, shoe: Shoe) -> tuple[Field, ...]:
    """What every CSV row of a rule set's report starts with: the rule set, the shoe, and any pay changed."""
    return (
        Field("rule_set", None, text(rules.name)),
        Field("decks", None, integer(shoe.decks_built)),
        Field("removed", None, text(" ".join(shoe.removed_from_decks()) if shoe.decks_built is not None else "")),
        Field("pays_changed", None, text(pays_changed(rules))),
    )


def shoe_fields(shoe: Shoe) -> Fields:
    """The shoe as data: decks and cards removed (for a shoe built from decks), cards, count per rank."""
    fields = []
    if shoe.decks_built is not None:
        fields.append(Field("decks", None, integer(shoe.decks_built)))
        fields.append(Field("removed", None, tuple(text(r) for r in shoe.removed_from_decks())))
    fields.append(Field("cards", None, integer(shoe.size)))
    fields.append(Field("counts", None, Fields(tuple(Field(r, None, integer(n)) for r, n in zip(RANKS, shoe.counts)))))
    return Fields(tuple(fields))


def rule_set_fields(rules: RuleSet) -> tuple[Field, ...]:
    """ "Rule set: name: title (document X)" for people; name, title and document for machines."""
    return (
        Field(
            "rule_set", "Rule set", text(rules.name), text=f"{rules.name}: {rules.title} (document {rules.document})"
        ),
        Field("title", None, text(rules.title)),
        Field("document", None, text(rules.document)),
    )


def offered_text(wager: Wager) -> str:
    """Whether the rule set's document offers the wager."""
    return "offered" if wager.offered else "not offered by this document; standard pay table"


def requires_text(wager: Wager) -> str:
    """The table rule that a side bet needs a main bet beside it."""
    return f"Needs one of {', '.join(wager.requires)} beside it ({wager.requires_source})"


def own_cards_text(rules: RuleSet) -> str:
    """The note that a rule set offers Play Your Own Cards."""
    own = rules.own_cards
    assert own is not None
    alone = " alone" if own.alone else ""
    return (
        f"Play Your Own Cards is offered for a {own.wager} bet{alone} ({own.source}); "
        "its strategy and edge: `baccarat own-cards`."
    )


# --------------------------------------------------------------- par sheets

FIGURES: tuple[tuple[str, str, bool], ...] = (
    ("expected_value", "expected value", False),
    ("house_edge", "house edge", True),
    ("rtp", "RTP", True),
    ("element_of_risk", "element of risk", True),
    ("hit_frequency", "hit frequency", False),
    ("push_frequency", "push frequency", False),
    ("variance", "variance", False),
)
"""(key, label, shown as a percentage) of a par sheet's exact figures; the standard deviation follows.
RTP, the return to player, is 1 - house edge: what regulators quote beside the edge."""

WAGER_KEYS = ("wager", "title", "offered", "source", "requires", *(key for key, _, _ in FIGURES), "standard_deviation")
"""The order in which machines read a wager's par sheet (its outcomes follow)."""


def wager_fields(wager: Wager) -> Fields:
    """A wager's name, title, offer, source and table rule, for machines (people read them in the heading)."""
    return Fields(
        (
            Field("wager", None, text(wager.name)),
            Field("title", None, text(wager.title)),
            Field("offered", None, flag(wager.offered)),
            Field("source", None, text(wager.source)),
            Field("requires", None, tuple(text(r) for r in wager.requires)),
        )
    )


def outcome_table(sheet: ParSheet, csv: bool = True) -> Table:
    """Every outcome: combinations, probability, pays, return (fair odds for a wager with no pay table).

    ``csv`` makes it part of the document's CSV (a par sheet's; not a strategy's inside another report).
    """
    pay_table = sheet.wager.has_pay_table
    columns = (
        Column("outcome", "outcome"),
        Column("combinations", "combinations", "right", role="combinations"),
        Column("probability", "probability", "right", role="probability"),
        Column("pays", "pays", "right", role="pays"),
        Column("return", "return" if pay_table else None, "right", role="return"),
        Column("fair_odds", None if pay_table else "fair odds", "right"),
    )
    rows = []
    for row in sheet.rows:
        if row.pays is not None:
            fair_shown: str | None = f"({row.outcome.pays_text})"
        else:
            fair_shown = "never" if row.fair_odds is None else None
        rows.append(
            (
                text(row.outcome.name),
                count(row.combinations),
                decimal(row.probability),
                pays(row.pays, shown=row.outcome.pays_text if row.pays is None else None),
                decimal(row.contribution),
                odds(row.fair_odds, shown=fair_shown),
            )
        )
    totals = (
        text("Totals"),
        count(sheet.denominator),
        decimal(Fraction(1)),
        None,
        decimal(sheet.expected_value) if pay_table else None,
        None,
    )
    return Table(columns=columns, rows=tuple(rows), key="outcomes", csv=csv, footer=totals)


def figure_fields(sheet: ParSheet) -> Fields:
    """The exact figures of a par sheet, labels aligned; a wager with no pays says what it has instead."""
    sd = sheet.standard_deviation
    figures: list[Field] = [
        Field(
            key, label if sheet.wager.has_pay_table else None, (percent if as_percent else decimal)(getattr(sheet, key))
        )
        for key, label, as_percent in FIGURES
    ]
    figures.append(Field("standard_deviation", "standard deviation" if sheet.wager.has_pay_table else None, real(sd)))
    if sheet.wager.money is not None and sheet.wager.has_pay_table:
        figures += money_fields(sheet)
    if sheet.wager.lightning is not None:
        figures.append(multipliers_field(sheet.wager))
    if not sheet.wager.has_pay_table:
        fair = sheet.fair_single_pay
        figures += [
            Field(None, "house edge", text("n/a: no pay table for this wager (see default above)")),
            Field(None, "unpaid outcomes together", decimal(sheet.unpaid_probability)),
            Field(None, "fair single pay for all of them", odds(fair, shown="never happens" if fair is None else None)),
        ]
    return Fields(tuple(figures), layout="aligned")


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def typeset(formula: str) -> str:
    """A closed form as sympy prints it (``4*d*(3*d**2 - 1)/(13*(52*d - 1))``) in the notation of a page:
    implicit products, powers as superscripts, a true minus sign (``4d(3d² − 1)/(13(52d − 1))``).

    >>> typeset("4*d*(1896960*d**4 - 461984*d**3 + 9)/(13*(13*d - 1))")
    '4d(1896960d⁴ − 461984d³ + 9)/(13(13d − 1))'
    """
    import re

    shown = re.sub(r"\*\*(\d+)", lambda m: m.group(1).translate(_SUPERSCRIPT), formula)
    shown = re.sub(r"(?<=[\w)⁰¹²³⁴⁵⁶⁷⁸⁹])\*(?=[a-zA-Z(])", "", shown)  # 4*d, d*(, )*(: products side by side
    return shown.replace(" - ", " − ").replace("(-", "(−").replace("*", "·")


def break_even_text(line: JackpotLine) -> str:
    """The break-even meter in words: "break-even meter 35518.22", or why there is none."""
    if line.favours_player_at_every_meter:
        return "no break-even meter: the bet favours the player at every meter"
    if line.break_even_meter is None:
        return "no break-even meter: no jackpot row can happen, so the bet favours the house at every meter"
    return f"break-even meter {decimal_text(line.break_even_meter, 2)}"


_MULTIPLIED = {
    "winning hand": "the winning hand's cards (both hands' on a tie)",
    "both hands": "both hands' cards",
    "player": "the Player's cards",
    "banker": "the Banker's cards",
    "player first two": "the Player's first two cards",
    "banker first two": "the Banker's first two cards",
}


def multipliers_field(wager: Wager) -> Field:
    """How a multiplied row's pay reads: the lightning draw, whose cards it multiplies, and what a win returns."""
    light = wager.lightning
    assert light is not None
    if len(light.count) == 1:
        cards = f"{light.count[0][0]} lightning card types"
    else:
        chances = ", ".join(f"{k}: {fraction_text(p)}" for k, p in light.count)
        cards = f"{light.count[0][0]} to {light.count[-1][0]} lightning card types (by chance: {chances})"
    shown = [f"{fraction_text(v)}x ({exact_percent_text(p)})" for v, p in light.multipliers]
    values = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    stake = (
        "with the stake returned"
        if light.stake_returned == 1
        else f"with {exact_percent_text(light.stake_returned)} of the stake returned, not all of it (a win at 1:1 "
        f"and total multiplier M nets M - {amount_text(light.stake_kept)})"
    )
    limit = "" if light.cap is None else f", at most {format_pays(light.cap)}"
    fee = "" if wager.money is None or wager.money.fee is None else "; the fee is taken after"
    return Field(
        "multipliers",
        "multipliers",
        data(
            {
                "cards": {str(k): fraction_text(p) for k, p in light.count},
                "values": {fraction_text(v): fraction_text(p) for v, p in light.multipliers},
                "applies_to": light.applies_to,
                "limit": None if light.cap is None else fraction_text(light.cap),
                "stake_returned": fraction_text(light.stake_returned),
            },
            f"{cards} from a virtual 52-card deck, each with a multiplier of {values}; a winning row pays its pays "
            "times the "
            f"multipliers of those among {_MULTIPLIED[light.applies_to]}{limit}, {stake}{fee}",
        ),
    )


def money_fields(sheet: ParSheet) -> list[Field]:
    """What a fee, a cap and a progressive jackpot do to the figures, exactly."""
    money = sheet.wager.money
    assert money is not None
    fields: list[Field] = []
    if money.fee is not None:
        fields.append(
            Field(
                "fee",
                "fee",
                percent(money.fee, 2),
                text=f"{percent_text(money.fee, 2)} of the stake, paid with it and never returned; every "
                "figure is per unit staked, fee included",
            )
        )
        kept = kept_fee(sheet.wager)
        if kept is not None:
            rows, net = kept
            fields.append(
                Field(
                    "fee_kept",
                    "stake back, fee kept",
                    data(
                        {"rows": list(rows), "pays": format_pays(net)},
                        f"{', '.join(rows)}: the stake comes back but the fee is kept, {format_pays(net)} per unit "
                        "staked; counted as a loss of the fee, not a push (the push frequency counts only rounds "
                        "that give back everything staked)",
                    ),
                )
            )
    if money.cap is not None and sheet.cap_pays is not None:
        amount, stake = money.cap
        fields.append(
            Field(
                "cap",
                "cap",
                data(
                    {"amount": fraction_text(amount), "stake": fraction_text(stake)},
                    f"a round pays at most {amount_text(amount)} on a stake of {amount_text(stake)} "
                    f"({format_pays(sheet.cap_pays)})",
                ),
            )
        )
    line = sheet.jackpot
    if line is not None and money.jackpot is not None:
        a, b, even = line.at_meter_zero, line.per_unit_of_meter, line.break_even_meter
        jackpot = money.jackpot
        stated = [
            f"reseed {amount_text(jackpot.reseed)}" if jackpot.reseed is not None else "",
            f"contribution {percent_text(jackpot.contribution, 2)} of each stake"
            if jackpot.contribution is not None
            else "",
            *(
                f"{row} pays {share_text(share)} of the meter"
                for row, share in zip(jackpot.rows, jackpot.shares)
                if share != 1
            ),
            "paid for one (the stake is not returned)" if jackpot.basis == "for one" else "",
        ]
        fields.append(
            Field(
                "jackpot",
                "jackpot",
                data(
                    {
                        "rows": list(jackpot.rows),
                        "shares": [fraction_text(jackpot.share(row)) for row in jackpot.rows],
                        "basis": jackpot.basis,
                        "meter": fraction_text(jackpot.meter),
                        "stake": fraction_text(jackpot.stake),
                        "expected_value_at_meter_zero": fraction_text(a),
                        "expected_value_per_unit_of_meter": fraction_text(b),
                        "break_even_meter": None if even is None else fraction_text(even),
                        "favours_player_at_every_meter": line.favours_player_at_every_meter,
                        "reseed": None if jackpot.reseed is None else fraction_text(jackpot.reseed),
                        "contribution": None if jackpot.contribution is None else fraction_text(jackpot.contribution),
                    },
                    f"figures at a meter of {amount_text(jackpot.meter)} on a stake of {amount_text(jackpot.stake)}; "
                    "expected "
                    f"value = {decimal_text(a, 8)} + {decimal_text(line.per_1000_of_meter, 8)} per 1,000 of meter; "
                    f"{break_even_text(line)}" + "".join(f"; {x}" for x in stated if x),
                ),
            )
        )
    return fields


def sheet_context(sheet: ParSheet) -> tuple[Field, ...]:
    """What every CSV row of a par sheet's outcomes repeats: the wager and its figures."""
    return (
        Field("wager", None, text(sheet.wager.name)),
        Field("offered", None, flag(sheet.wager.offered)),
        *(Field(key, None, (percent if p else decimal)(getattr(sheet, key))) for key, _, p in FIGURES),
        Field("standard_deviation", None, real(sheet.standard_deviation)),
    )


# ---------------------------------------------------------- drawing, dealing


def drawing_lines(rules: RuleSet) -> list[str]:
    """The drawing rules in 001's layout: Banker totals 7 down to 0 by Player's third card."""
    drawing = rules.drawing
    draws = [str(t) for t in NON_NATURAL_TOTALS if drawing.player_draws(t)]
    stands = [str(t) for t in NON_NATURAL_TOTALS if not drawing.player_draws(t)]
    lines = [
        f"Player: draws on {' '.join(draws) or 'nothing'}; stands on {' '.join(stands) or 'nothing'}; "
        "8 and 9 are naturals and end the round.",
        "Banker: H draws, S stands, by Banker two-card total (rows) and what the Player did (columns).",
        "",
        "          Player's third card",
        "    stood  " + " ".join(BANKER_COLUMNS[1:]),
    ]
    for total in reversed(NON_NATURAL_TOTALS):
        row = ["H" if drawing.banker[total][c] else "S" for c in range(len(BANKER_COLUMNS))]
        lines.append(f"{total}   {row[0]}      {' '.join(row[1:])}")
    lines.append(f"Source: {drawing.source}")
    return lines


_PROCEDURE_TEXT = {
    "standard": "cards face up; the Player hand is completed first, then the Banker hand by the table",
    "louisiana": "000's dealer instructions: cards face down, the dealer's announcements, own hands (CASE 2)",
}


def dealing_lines(rules: RuleSet) -> list[str]:
    """How the rule set deals a round (``rules show``, ``deal``): order, procedure, source."""
    dealing = rules.dealing
    lines = [
        f"Dealing: first four cards {dealing.order_text}, then the Player's third card, then the Banker's; "
        f"procedure {dealing.procedure} ({_PROCEDURE_TEXT[dealing.procedure]}).",
        f"Source: {dealing.source}",
    ]
    if dealing.default:
        lines.append(f"Default: {dealing.default}")
    return lines
