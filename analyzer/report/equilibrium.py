"""The ``equilibrium`` report: the exact solution of a game with choices, and its strategy cards, as a document.

No arithmetic happens here: every figure comes from :mod:`analyzer.studies.equilibrium` (the solution, its
sets and the plays of every decision and cell) and :mod:`analyzer.studies.proof` (the check).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..game.choices import INFORMATION_TEXT, column_text, composition_text
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS
from ..numbers import decimal_text, fraction_text, percent_text
from ..studies.bilinear import Constraint
from ..studies.equilibrium import (
    DRAWS,
    EITHER,
    MIXES,
    RANGE,
    STANDS,
    Equilibrium,
    Play,
    Solved,
)
from .common import COUNTING, rule_set_fields
from .equilibrium_cards import banker_card, player_card
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
    count,
    decimal,
    flag,
    fraction,
    integer,
    percent,
    text,
)
from .provenance import provenance

WITH_REPLACEMENT = "cards drawn with replacement, each rank with probability 1/13 (the infinite deck)"
REPLACEMENT_COUNTING = (
    "Counts are ordered six-card dealings of ranks drawn with replacement, whether or not the third cards are "
    "used, weighted 1 each: they add up to 13^6."
)


def _shoe(solved: Solved) -> str:
    return WITH_REPLACEMENT if solved.game.game.with_replacement else solved.shoe


def _sign(solved: Solved) -> str:
    commission = solved.game.commission
    banker = "+1" if commission == 0 else f"+(1 - {percent_text(commission, 2)}) = {fraction_text(1 - commission)}"
    return (
        f"Payoffs are per coup, for equal stakes: the Player +1 when his hand wins and -1 when it loses; the Banker "
        f"{banker} when his hand wins and -1 when it loses; a tie is 0 to both. A positive value favours that side."
        + (
            " Without a commission the game is zero-sum: the Banker's value is minus the Player's."
            if solved.zero_sum
            else " The house takes the commission, so the two payoffs do not add up to zero."
        )
    )


def _game_size(solved: Solved) -> str:
    k, n = solved.pure_strategies
    player = "2" if k == 1 else f"2^{k}"
    kind = "matrix game" if solved.zero_sum else "bimatrix game"
    return (
        f"A {player} x 2^{n} {kind}: the Player decides at {k} information set{'s' if k != 1 else ''} "
        f"({2**k} pure strategies), the Banker in {n} free cells (2^{n} pure strategies)."
    )


def _free_cells(solved: Solved) -> str:
    choices = solved.rules.choices
    assert choices is not None
    totals = ", ".join(str(t) for t in choices.player_free) or "none"
    return (
        f"[choices] leaves to the Player his draw at {totals}, and to the Banker {choices.free_banker_cells} of the "
        f"{len(NON_NATURAL_TOTALS) * len(BANKER_COLUMNS)} cells of his chart (total 0-7 against the Player's state); "
        "the others are played as [drawing] says."
    )


def _head(solved: Solved) -> Fields:
    rules = solved.rules
    choices = rules.choices
    assert choices is not None
    game = solved.game.game
    decks = None if game.with_replacement else rules.decks
    defaults = [d for d in rules.defaults(decks) if not d.startswith(("Player", "Banker", "Tie"))]
    if choices.default:
        defaults.append(f"Choices: {choices.default}")
    k, n = solved.pure_strategies
    return Fields(
        (
            *rule_set_fields(rules),
            Field("shoe", "Shoe", text(_shoe(solved)), text=f"{_shoe(solved)}; {game.dealings:,} dealings."),
            Field("dealings", None, count(game.dealings)),
            Field("counting", "", text(REPLACEMENT_COUNTING if game.with_replacement else COUNTING)),
            Field(
                "information",
                "Information",
                text(game.information),
                text=f"{game.information}: {INFORMATION_TEXT[game.information]}.",
            ),
            Field("commission", "Commission on Banker wins", percent(solved.game.commission, 2)),
            Field("zero_sum", None, flag(solved.zero_sum)),
            Field("sign_convention", "Sign convention", text(_sign(solved))),
            Field("game", "The game", text(_game_size(solved))),
            Field("player_pure_strategies", None, integer(2**k)),
            Field("banker_pure_strategies_exponent", None, integer(n)),
            Field("free_cells", "", text(_free_cells(solved))),
            Field("method", "Method", text(solved.method)),
            Field("complete", None, flag(solved.complete)),
            Field("choices_source", "Choices' source", text(choices.source)),
            Field(
                "defaults",
                "Defaults where the sources are silent, and changes made by the user",
                tuple(text(d) for d in defaults),
            ),
        )
    )


def _probability(play: Play) -> str:
    if play.low == play.high:
        return f"{percent_text(play.low, 4)} ({fraction_text(play.low)})"
    return f"{percent_text(play.low, 4)} to {percent_text(play.high, 4)}"


def _player_table(plays: Sequence[Play]) -> Table:
    return Table(
        columns=(
            Column("decision", "the Player holds"),
            Column("reach", "probability of the decision"),
            Column("play", "play"),
            Column("draw_low", "draws with probability"),
            Column("draw_high", None),
            Column("draw", None),
        ),
        rows=tuple(
            (
                text(p.label),
                decimal(p.reach, 6),
                text(p.play),
                Value("decimal", p.low, places=6, text=_probability(p)),
                fraction(p.high),
                fraction(p.point),
            )
            for p in plays
        ),
        key="player",
    )


def _cell_rows(plays: Sequence[Play]) -> tuple[tuple[Value | None, ...], ...]:
    return tuple(
        (
            text(p.label),
            decimal(p.reach, 6),
            Value("decimal", p.low, places=6, text=_probability(p)),
            fraction(p.high),
        )
        for p in plays
    )


def _cell_columns() -> tuple[Column, ...]:
    return (
        Column("cell", "Banker cell"),
        Column("reach", "probability of the cell"),
        Column("draw_low", "draws with probability"),
        Column("draw_high", None),
    )


def _constraint_text(constraint: Constraint, plays: Sequence[Play]) -> str:
    terms = " + ".join(f"{fraction_text(c)} q[{plays[v].label}]" for v, c in constraint.coefficients)
    return f"{terms} {constraint.sense} {fraction_text(constraint.bound)}".replace("+ -", "- ")


def _banker_blocks(equilibrium: Equilibrium, plays: Sequence[Play]) -> list[Block]:
    """The Banker's mixed cells, linked cells, cells where either choice is optimal, departures from the tableau:
    each a table machines always read (an empty list when there is none), people only when it has rows."""
    mixed = [p for p in plays if p.play in (MIXES, RANGE)]
    either = [p for p in plays if p.play == EITHER]
    departures = [p for p in plays if p.departs]
    blocks: list[Block] = [
        Table(
            columns=_cell_columns(),
            rows=_cell_rows(mixed),
            key="mixed_cells",
            caption="Cells where the Banker mixes (the probability of drawing; a range when cells are linked):",
            human=bool(mixed),
        )
    ]
    if not mixed:
        blocks.append(Prose(("Cells where the Banker mixes: none; every cell is played purely or either way.",)))
    strategies = equilibrium.banker
    conditions = [_constraint_text(c, plays) for c in strategies.constraints]
    if conditions:
        blocks.append(
            Prose(
                (
                    "The linked cells' probabilities q[cell] satisfy (every such choice is an equilibrium strategy):",
                    *(f"  - {line}" for line in conditions),
                )
            )
        )
    blocks.append(_conditions_table("constraints", conditions))
    blocks.append(
        Table(
            columns=_cell_columns()[:2],
            rows=tuple((text(p.label), decimal(p.reach, 6)) for p in either),
            key="either_cells",
            caption=f"Cells where both choices are optimal ({len(either)}: drawing with any probability, from 0 to 1, "
            "keeps the equilibrium):",
            human=bool(either),
        )
    )
    if not either:
        blocks.append(Prose(("Cells where both choices are optimal: none.",)))
    blocks.append(
        Table(
            columns=(
                Column("cell", "Banker cell"),
                Column("reach", "probability of the cell"),
                Column("tableau", "the tableau"),
                Column("play", "the equilibrium"),
            ),
            rows=tuple(
                (text(p.label), decimal(p.reach, 6), text(DRAWS if p.tableau else STANDS), text(p.play))
                for p in departures
            ),
            key="departures",
            caption="The Banker's pure choices that differ from the [drawing] tableau:",
            human=bool(departures),
        )
    )
    if not departures:
        blocks.append(Prose(("The Banker's pure choices that differ from the [drawing] tableau: none.",)))
    return blocks


def _cells_data(plays: Sequence[Play]) -> Table:
    return Table(
        columns=(
            Column("cell", None),
            Column("total", None),
            Column("composition", None),
            Column("column", None),
            Column("reach", None),
            Column("tableau", None),
            Column("play", None),
            Column("draw_low", None),
            Column("draw_high", None),
            Column("draw", None),
        ),
        rows=tuple(
            (
                text(p.label),
                integer(p.total),
                text(None if p.composition is None else composition_text(p.composition)),
                text(column_text(p.column or 0)),
                fraction(p.reach),
                text(DRAWS if p.tableau else STANDS),
                text(p.play),
                fraction(p.low),
                fraction(p.high),
                fraction(p.point),
            )
            for p in plays
        ),
        key="cells",
        human=False,
        csv=True,
    )


def _proof(equilibrium: Equilibrium) -> Prose:
    proof = equilibrium.proof
    assert proof is not None, "the command proves every equilibrium it reports"
    verdict = "no pure deviation of either side gains" if proof.holds else "A DEVIATION GAINS: NOT AN EQUILIBRIUM"
    return Prose(
        (
            f"Best-response check (exact, from the cells' counts): {proof.player_checks} deviations of the Player and "
            f"{proof.banker_checks} of the Banker priced at {proof.points} point{'s' if proof.points != 1 else ''} of "
            f"the set; the largest gain is {fraction_text(proof.player_gain)} to the Player and "
            f"{fraction_text(proof.banker_gain)} to the Banker: {verdict}.",
        )
    )


def _value(x: Fraction) -> Value:
    """A value per coup: the decimal and the exact fraction, both (JSON: the fraction)."""
    shown = decimal_text(x, 8)
    return Value("decimal", x, places=8, text=f"{'+' if x > 0 else ''}{shown} per coup (exactly {fraction_text(x)})")


def _equilibrium_section(solved: Solved, index: int, equilibrium: Equilibrium) -> Section:
    players, bankers = equilibrium.player_plays, equilibrium.banker_plays
    low, high = equilibrium.player_range
    values = [
        Field("player_value", "Value to the Player", _value(equilibrium.player_payoff)),
        Field("banker_value", "Value to the Banker", _value(equilibrium.banker_payoff)),
        Field("player_value_low", None, fraction(low)),
        Field("player_value_high", None, fraction(high)),
        Field("proof_holds", None, flag(equilibrium.proof is not None and equilibrium.proof.holds)),
    ]
    if low != high:
        values.append(
            Field(
                None,
                "",
                text(
                    f"Over the Banker's equilibrium strategies the Player's payoff runs from "
                    f"{fraction_text(low)} to {fraction_text(high)}."
                ),
            )
        )
    unique = equilibrium.player.unique and all(p.play != RANGE for p in bankers)
    title = "The solution" if solved.zero_sum else f"Nash equilibrium {index + 1} of {len(solved.equilibria)}"
    lead = (
        "Every optimal strategy of each side is listed: each is optimal against every optimal strategy of the other."
        if solved.zero_sum
        else "Each strategy of either side listed here is a best response to each of the other's."
    )
    blocks: list[Block] = [
        Fields(tuple(values), layout="aligned"),
        Prose((lead,)),
        Prose(("The Player:",)),
        _player_table(players),
        *_player_constraints(equilibrium, players),
        Prose(("The Banker:",)),
        *_banker_blocks(equilibrium, bankers),
        _proof(equilibrium),
        player_card(solved, players),
        banker_card(solved, bankers),
        _cells_data(bankers),
        Fields((Field("unique", None, flag(unique)),)),
    ]
    return Section(title=title, blocks=tuple(blocks), key="equilibria")


def _conditions_table(key: str, conditions: Sequence[str]) -> Table:
    """Linear conditions for machines: a list of their texts (empty when there is none)."""
    return Table(columns=(Column("condition", None),), rows=tuple((text(c),) for c in conditions), key=key, human=False)


def _player_constraints(equilibrium: Equilibrium, plays: Sequence[Play]) -> list[Block]:
    conditions = [
        " + ".join(f"{fraction_text(c)} p[{plays[v].label}]" for v, c in constraint.coefficients)
        + f" {constraint.sense} {fraction_text(constraint.bound)}"
        for constraint in equilibrium.player.constraints
    ]
    blocks: list[Block] = [_conditions_table("player_constraints", conditions)]
    if conditions:
        blocks.insert(
            0, Prose(("The Player's linked probabilities p[decision] satisfy:", *(f"  - {c}" for c in conditions)))
        )
    return blocks


def equilibrium_document(solved: Solved) -> Document:
    """``equilibrium``: the game, each equilibrium (or the optimal sets), the proof and the strategy cards."""
    count_line = f"{len(solved.equilibria)} Nash equilibri{'um' if len(solved.equilibria) == 1 else 'a'}" + (
        " (every one)." if solved.complete else " (those found; see the method)."
    )
    blocks: list[Block] = [_head(solved)]
    if not solved.zero_sum:
        blocks.append(Prose((count_line,), key="equilibria_found"))
    blocks.extend(_equilibrium_section(solved, i, e) for i, e in enumerate(solved.equilibria))
    rules = solved.rules
    return Document(
        title=f"{rules.name}: the exact equilibrium ({solved.game.game.information})",
        blocks=tuple(blocks),
        context=(
            Field("rule_set", None, text(rules.name)),
            Field("shoe", None, text(_shoe(solved))),
            Field("information", None, text(solved.game.game.information)),
            Field("commission", None, fraction(solved.game.commission)),
        ),
        provenance=provenance((rules,), _shoe(solved)),
    )
