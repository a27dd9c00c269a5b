"""``baccarat information``: what seeing part of the coming round is worth, and the ranking of edge sorts.

People read the figures on their stated bases (per round dealt, per bet made), then one row per pattern seen:
its probability, the wager bet (or none) and its edge, and every candidate's expected value given the pattern.
Machines read the same, exact ("p/q"). Every figure comes from :mod:`analyzer.studies.information` and
:mod:`analyzer.studies.sorts`; nothing is computed here.
"""

from __future__ import annotations

from ..game.rules import RuleSet
from ..game.sight import POSITIONS, Seen, Sight
from ..numbers import count_text, percent_text
from ..studies.information import Information
from ..studies.sorts import SortResult, SortSearch
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
    fraction,
    integer,
    percent,
    text,
)
from .provenance import provenance

PLACES = 4
"""Decimals of a percentage shown (Jacobson publishes three)."""

BASIS = (
    "Per round dealt: the player's expected gain over every round dealt, a round with no bet worth making "
    "counting 0 (the basis of Jacobson's published figures). Per bet made: the same gain over the rounds "
    "actually bet (the gain per round divided by the share of rounds bet). The player bets one unit on the "
    "candidate with the highest expected value given what is seen (the first listed among equals), or nothing "
    "when none is above 0; one bet per round."
)
POSITIONS_NOTE = (
    "Positions count the cards out of the shoe: the first four in the rule set's dealing order, then the "
    "fifth (the Player's third card when the Player draws, else the Banker's) and the sixth (the Banker's "
    "third when both draw), whether or not the round uses them."
)


def hand_of(rules: RuleSet, position: int) -> str:
    """Which hand a position's card goes to, in words ("Player", "Banker", "fifth card", "sixth card")."""
    if position < len(rules.dealing.first_four):
        return rules.dealing.first_four[position].capitalize()
    return "fifth card" if position == 4 else "sixth card"


def card_title(rules: RuleSet, position: int) -> str:
    """A pattern column's title: "card 1 (P)", "card 4 (B)", "card 5"."""
    if position < len(rules.dealing.first_four):
        return f"card {position + 1} ({rules.dealing.first_four[position][0].upper()})"
    return f"card {position + 1}"


def seen_text(seen: Seen) -> str:
    """What is seen of a card, in words."""
    if seen.kind == "group":
        return "its group: " + " | ".join(seen.names)
    return f"its {seen.kind}"


def sight_lines(rules: RuleSet, sight: Sight) -> tuple[str, ...]:
    """What is seen, position by position, in words."""
    return tuple(
        f"card {i + 1} ({hand_of(rules, i)}): {seen_text(sight.seen[i])}"
        for i in range(POSITIONS)
        if i in sight.observed
    )


def sight_fields(sight: Sight) -> Fields:
    """What is seen, for machines: the spec, and per observed position its kind and groups."""
    return Fields(
        (
            Field("spec", None, text(sight.text)),
            Field(
                "positions",
                None,
                tuple(text(f"{i + 1}={sight.seen[i].text}") for i in sight.observed),
            ),
        )
    )


def figures_fields(found: Information) -> Fields:
    """The headline figures, each on its basis."""
    names = [w.name for w in found.wagers]
    best_blind = found.best_blind
    return Fields(
        (
            Field("gain_per_round", "player's gain per round dealt", percent(found.gain, PLACES)),
            Field("share_bet", "share of rounds bet", percent(found.share, PLACES)),
            Field(
                "edge_per_bet",
                "player's edge per bet made",
                percent(found.per_bet, PLACES, shown="no bet" if found.per_bet is None else None),
            ),
            Field("every_round", "betting every round (no abstaining)", percent(found.every_round, PLACES)),
            Field(
                "seeing_nothing",
                "seeing nothing (best wager)",
                percent(found.blind[best_blind], PLACES),
                text=f"{percent_text(found.blind[best_blind], PLACES)} ({names[best_blind]})",
            ),
            Field("variance_per_round", None, fraction(found.variance)),
        ),
        layout="aligned",
    )


def pattern_table(found: Information, machines: bool, csv: bool = True) -> Table:
    """One row per pattern seen: what each observed card shows, dealings, probability, the bet, its edge, every
    candidate's expected value."""
    rules, sight = found.rules, found.sight
    names = [w.name for w in found.wagers]
    columns = (
        *(Column(f"card_{i + 1}", card_title(rules, i)) for i in sight.observed),
        Column("dealings", None, "right"),
        Column("probability", "probability", "right"),
        Column("bet", "bet"),
        Column("edge", "edge", "right"),
        Column("gain", "gain", "right"),
        *(Column(f"ev_{name}", name, "right") for name in names),
    )
    rows = tuple(
        (
            *(text(label) for label in o.labels),
            count(o.dealings),
            percent(o.probability, PLACES),
            text(None if o.best is None else names[o.best], shown="none" if o.best is None else None),
            percent(o.edge, PLACES, shown="" if o.edge is None else None),
            percent(o.gain, PLACES),
            *(percent(v, PLACES) for v in o.values),
        )
        for o in found.observations
    )
    if machines:
        return Table(columns=columns, rows=rows, key="patterns", human=False, csv=csv)
    return Table(columns=columns, rows=rows)


def bets_fields(found: Information) -> Fields:
    """The candidate wagers, and how often each is bet (machines read each one's expected value seeing nothing)."""
    return Fields(
        (
            Field(
                "bets",
                "Candidate bets",
                tuple(text(w.name) for w in found.wagers),
                text=", ".join(w.name for w in found.wagers),
            ),
            Field(
                "blind",
                None,
                Fields(tuple(Field(w.name, None, fraction(v)) for w, v in zip(found.wagers, found.blind))),
            ),
            Field(
                "bet_share",
                None,
                Fields(tuple(Field(w.name, None, fraction(found.bets(j))) for j, w in enumerate(found.wagers))),
            ),
        )
    )


def requires_lines(found: Information) -> tuple[str, ...]:
    """The table rules the figures do not enforce (a side bet needing a main bet beside it)."""
    return tuple(
        f"{w.name} needs one of {', '.join(w.requires)} beside it at the table; the figures bet it alone."
        for w in found.wagers
        if w.requires
    )


def information_blocks(found: Information, csv: bool = True) -> tuple[Fields | Table | Prose | Section, ...]:
    """The blocks of one study's figures and patterns (the document's, or a section's in a larger one); ``csv``: its
    patterns are the document's CSV."""
    count_patterns = len(found.observations)
    return (
        Fields((Field("sight", "Seen before betting", sight_fields(found.sight), text=found.sight.text),)),
        Prose(sight_lines(found.rules, found.sight)),
        bets_fields(found),
        figures_fields(found),
        Prose((BASIS, *requires_lines(found))),
        Section(
            title=f"Patterns seen ({count_patterns:,})",
            lead=(
                "probability: of the pattern; bet: the candidate bet (none: nothing is bet); edge: its expected "
                "value per unit given the pattern; gain: probability x edge, the pattern's part of the gain per "
                "round; then each candidate's expected value given the pattern.",
            ),
            blocks=(pattern_table(found, machines=False),),
        ),
        pattern_table(found, machines=True, csv=csv),
    )


def information_document(found: Information) -> Document:
    """``information``: what seeing ``found.sight`` is worth, and the best bet for every pattern."""
    rules, shoe = found.rules, found.shoe
    head = Fields(
        (
            *rule_set_fields(rules),
            Field(
                "shoe",
                "Shoe",
                shoe_fields(shoe),
                text=f"{shoe_text(shoe)}; {count_text(shoe.denominator)} ordered six-card dealings",
            ),
            Field("dealing_order", "Dealing order", text(rules.dealing.order_text)),
        )
    )
    return Document(
        title=f"{rules.name}: what seeing {found.sight.text} is worth",
        blocks=(head, *information_blocks(found), Prose((POSITIONS_NOTE,))),
        context=(*shoe_context(rules, shoe), Field("sight", None, text(found.sight.text))),
        provenance=provenance((rules,), shoe_text(shoe)),
    )


def sort_search_document(search: SortSearch, top: int) -> Document:
    """``information --search-sorts K``: every two-group sort ranked, the best ``top`` for people, all for machines;
    then the best sort's patterns."""
    rules, shoe = search.rules, search.shoe
    whole = "ten values (T, J, Q and K together)" if search.over == "values" else "thirteen ranks"
    tried = len(search.results)

    def row(rank: int, result: SortResult) -> tuple[Value | None, ...]:
        first, rest = result.groups
        return (
            integer(rank),
            text(first),
            text(rest),
            percent(result.gain, PLACES),
            percent(result.share, PLACES),
            percent(result.per_bet, PLACES, shown="no bet" if result.per_bet is None else None),
            text(search.spec(result)),
        )

    columns = (
        Column("rank", "rank", "right"),
        Column("first_group", "first group"),
        Column("second_group", "second group"),
        Column("gain_per_round", "gain per round", "right"),
        Column("share_bet", "share bet", "right"),
        Column("edge_per_bet", "edge per bet", "right"),
        Column("see", "--see"),
    )
    ranked = [row(i, r) for i, r in enumerate(search.results, start=1)]
    head = Fields(
        (
            *rule_set_fields(rules),
            Field("shoe", "Shoe", shoe_fields(shoe), text=f"{shoe_text(shoe)}"),
            Field("dealing_order", "Dealing order", text(rules.dealing.order_text)),
            Field("first", "Cards whose group is seen", integer(search.first), text=f"the first {search.first}"),
            Field("over", "Sorts of", text(search.over), text=f"the {whole}"),
            Field(
                "sorts",
                "Sorts tried",
                integer(tried),
                text=f"{tried:,}: every split into two groups of the {whole}; of their {search.subsets:,} non-empty "
                "subsets, a subset and its complement are one sort and the whole set is none",
            ),
            Field(
                "bets",
                "Candidate bets",
                tuple(text(w.name) for w in search.wagers),
                text=", ".join(w.name for w in search.wagers),
            ),
        )
    )
    best = search.results[0]
    return Document(
        title=f"{rules.name}: every sort of the {search.over} for the first {search.first} cards",
        blocks=(
            head,
            Prose((BASIS,)),
            Section(
                title=f"The best {min(top, tried)} sorts, by the player's gain per round dealt",
                blocks=(Table(columns=columns, rows=tuple(ranked[:top])),),
            ),
            Table(columns=columns, rows=tuple(ranked), key="ranking", human=False, csv=True),
            Section(
                title=f"The best sort, {' | '.join(best.groups)}: {search.spec(best)}",
                key="best",
                blocks=information_blocks(search.best, csv=False),
            ),
            Prose((POSITIONS_NOTE,)),
        ),
        context=shoe_context(rules, shoe),
        provenance=provenance((rules,), shoe_text(shoe)),
    )
