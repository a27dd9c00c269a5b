"""The condition language of pay-table rows in TOML, read strictly (never evaluated).

:mod:`analyzer.game.rowfile` reads a row of the shipped keys itself and hands
every other row here.

A row is an inline table: ``name``, ``pays`` (``default`` when the document is
silent), and conditions, all of which must hold. A designer writes a pay
table the way it is printed::

    { name = "Player natural 9 v Banker 7", player = { total = 9, natural = true }, banker = { total = 7 }, pays =
    "50:1" }
    { name = "any 8 beats any 6", winning_hand = { total = 8 }, losing_hand = { total = 6 }, pays = "25:1" }
    { name = "either pair", either = { pair = true }, pays = "5:1" }
    { name = "3 giving 8", banker = { two_card_total = 3 }, player = { third_card = "8" }, pays = "200:1" }
    { name = "suited K-Q", player = { first_two = { holds = ["K", "Q"], suited = true } }, pays = "25:1" }

Hand keys (in ``player``, ``banker``, ``either``, ``both``, ``winning_hand``,
``losing_hand``, ``other``, or at the row's top level for a wager with a
``side``): ``total``, ``two_card_total`` (a value 0-9, a list, "even" or
"odd"), ``natural``, ``cards`` (2 or 3), ``pair``, ``suited_pair``,
``third_card`` (a card, "none", or a list), ``result`` (win, tie, loss),
``margin``, ``min_margin``, and the group keys over all the hand's cards:
``holds`` (a card or a list, all of them), ``suited``, ``colour`` (red, black,
same, mixed), ``highest`` (the highest baccarat value), the group patterns (``of_a_kind``,
``pairs``, ``same_suit``, ``flush``, ``straight``, ``poker``, ``none_of``,
``rank_sum``, ``value_sum``: :mod:`analyzer.game.patternfile`), plus ``first_two = {
group keys }``. Round keys: ``winner`` (player, banker, tie, or a list),
``cards_dealt`` (4, 5, 6 or a list), ``fifth_card``, ``sixth_card``,
``all_cards`` and ``first_four`` (group keys).

A card is a rank (``"K"``, ``"10"``), a suited card (``"KH"``), or a table
``{ rank = ..., value = ..., suit = ..., colour = ... }`` (all given keys hold).
The keys allowed in each place come from :mod:`analyzer.game.schema`, which
the reference pages are generated from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import InputError, shown
from .cards import (
    COLOURS,
    RANK_INDEX,
    RED_SUITS,
    SUIT_NAMES,
    SUITS,
    TYPE_RANK,
    TYPE_SUIT,
    TYPES,
    VALUES,
    parse_card,
    parse_rank,
    suit_of,
    type_index,
)
from .conditions import (
    COLOURS as GROUP_COLOURS,
)
from .conditions import (
    WINNERS,
    CardSpec,
    Condition,
    GroupTest,
    HandTest,
)
from .patternfile import read_pattern
from .schema import keys
from .strict import StrictTable
from .wager import LEGACY_KEYS, RESULTS, Outcome

GROUP_KEYS: tuple[str, ...] = keys("group")
HAND_KEYS: tuple[str, ...] = keys("hand")
HAND_TABLES: tuple[str, ...] = ("player", "banker", "either", "both", "winning_hand", "losing_hand", "other")
ROW_KEYS: tuple[str, ...] = keys("row")

CARD_FORMS = 'a card such as "8", "K" or "KH", a table such as { value = 0 } or { suit = "H" }, or a list of them'


# ------------------------------------------------------------------ cards


def _suit_letters(value: Any, table: StrictTable, key: str) -> set[str]:
    items = value if isinstance(value, list) else [value]
    letters = set()
    for item in items:
        text = str(item).strip().upper() if isinstance(item, str) else ""
        by_name = {name.upper(): letter for letter, name in SUIT_NAMES.items()}
        letter = by_name.get(text, text)
        if letter not in SUITS:
            raise table.error(key, f"suit {shown(item)} is not one of S H D C (spades, hearts, diamonds, clubs).")
        letters.add(letter)
    return letters


def _spec_table(data: Mapping[str, Any], table: StrictTable, key: str) -> CardSpec:
    inner = StrictTable(data, f"{table.where}.{key}", table.origin)
    types = set(range(len(TYPES)))
    words = []
    rank = inner.typed("rank", (str, list), "a rank or a list of ranks", False)
    if rank is not None:
        if isinstance(rank, list) and not (rank and all(isinstance(r, str) for r in rank)):
            raise inner.error("rank", 'must be a rank or a non-empty list of ranks, e.g. "K" or ["J", "Q", "K"].')
        try:
            ranks = {RANK_INDEX[parse_rank(r)] for r in (rank if isinstance(rank, list) else [rank])}
        except InputError as e:
            raise inner.error("rank", str(e)) from None
        types &= {t for t in range(len(TYPES)) if TYPE_RANK[t] in ranks}
        words.append("/".join(str(r) for r in (rank if isinstance(rank, list) else [rank])))
    value = inner.typed("value", (int, list), "a baccarat value 0-9 or a list of them", False)
    if value is not None:
        values = set(value if isinstance(value, list) else [value])
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9 for v in values):
            raise inner.error("value", "must be a baccarat value 0-9 (tens and faces are 0) or a list of them.")
        types &= {t for t in range(len(TYPES)) if VALUES[TYPE_RANK[t]] in values}
        words.append("value " + "/".join(str(v) for v in sorted(values)))
    suit = inner.typed("suit", (str, list), "a suit S H D C or a list of them", False)
    if suit is not None:
        letters = _suit_letters(suit, inner, "suit")
        types &= {t for t in range(len(TYPES)) if SUITS[TYPE_SUIT[t]] in letters}
        words.append("/".join(SUIT_NAMES[s] for s in SUITS if s in letters))
    colour = inner.string("colour", required=False)
    if colour is not None:
        if colour not in COLOURS:
            raise inner.error("colour", f"is {shown(colour)}; it must be red or black.")
        types &= {t for t in range(len(TYPES)) if (SUITS[TYPE_SUIT[t]] in RED_SUITS) == (colour == "red")}
        words.append(colour)
    inner.finish(keys("card"))
    if not words:
        raise table.error(key, "names no card; give rank, value, suit or colour.")
    if not types:
        raise table.error(key, f"names no card ({' and '.join(words)} together hold for none of the 52).")
    return CardSpec(" ".join(words), frozenset(types))


def _single_spec(item: Any, table: StrictTable, key: str, allow_none: bool) -> CardSpec:
    if isinstance(item, dict):
        return _spec_table(item, table, key)
    if not isinstance(item, str):
        raise table.error(key, f"is {shown(item)}; it must be {CARD_FORMS}.")
    if item.strip().lower() == "none":
        if not allow_none:
            raise table.error(
                key, '"none" is for a card in a position (third_card, fifth_card, sixth_card), not for holds.'
            )
        return CardSpec("none", frozenset(), none=True)
    try:
        card = parse_card(item)
    except InputError as e:
        raise table.error(key, str(e)) from None
    if suit_of(card) is not None:
        return CardSpec(card, frozenset({type_index(card)}))
    rank = RANK_INDEX[card]
    return CardSpec(card, frozenset(t for t in range(len(TYPES)) if TYPE_RANK[t] == rank))


def read_position(table: StrictTable, key: str) -> CardSpec | None:
    """A card in a position (third, fifth, sixth): one spec, "none", or a list (any of them)."""
    value = table.typed(key, (str, dict, list), CARD_FORMS, False)
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    if not items:
        raise table.error(key, f"is an empty list; it must be {CARD_FORMS}.")
    specs = [_single_spec(item, table, key, allow_none=True) for item in items]
    return CardSpec(
        " or ".join(s.text for s in specs),
        frozenset().union(*(s.types for s in specs)),
        none=any(s.none for s in specs),
    )


def _read_holds(table: StrictTable) -> tuple[tuple[CardSpec, int], ...]:
    value = table.typed("holds", (str, dict, list), CARD_FORMS, False)
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    counted: dict[CardSpec, int] = {}
    for item in items:
        spec = _single_spec(item, table, "holds", allow_none=False)
        counted[spec] = counted.get(spec, 0) + 1
    specs = list(counted)
    for i, a in enumerate(specs):
        for b in specs[i + 1 :]:
            if a.types & b.types:
                raise table.error(
                    "holds",
                    f"names {a.text} and {b.text}, which share cards; list cards that do not overlap "
                    '(e.g. ["K", "Q"] or ["9", "9"]), so that each card held counts once.',
                )
    return tuple(counted.items())


# ----------------------------------------------------------------- values


def _value_set(
    table: StrictTable, key: str, low: int, high: int, words: Mapping[str, frozenset[int]]
) -> frozenset[int] | None:
    allowed = f"a whole number {low}-{high}, a list of them" + (f", or {' or '.join(words)}" if words else "")
    value = table.typed(key, (int, list, str), allowed, False)
    if value is None:
        return None
    if isinstance(value, str):
        if value not in words:
            raise table.error(key, f"is {shown(value)}; it must be {allowed}.")
        return words[value]
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in items):
        raise table.error(key, f"is {shown(value)}; it must be {allowed}.")
    return frozenset(items)


_PARITY = {"even": frozenset({0, 2, 4, 6, 8}), "odd": frozenset({1, 3, 5, 7, 9})}


def _names(table: StrictTable, key: str, allowed: tuple[str, ...]) -> frozenset[str] | None:
    value = table.typed(key, (str, list), f"one of {', '.join(allowed)} or a list of them", False)
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(v, str) and v in allowed for v in items):
        raise table.error(key, f"is {shown(value)}; it must be one of {', '.join(allowed)} or a list of them.")
    return frozenset(items)


def _group(table: StrictTable, best_five: bool = False) -> GroupTest:
    colour = table.string("colour", required=False)
    if colour is not None and colour not in GROUP_COLOURS:
        raise table.error("colour", f"is {shown(colour)}; it must be one of {', '.join(GROUP_COLOURS)}.")
    return GroupTest(
        holds=_read_holds(table),
        suited=table.boolean("suited", required=False),
        colour=colour,
        highest=_value_set(table, "highest", 0, 9, {}),
        pattern=read_pattern(table, best_five),
    )


def _group_table(table: StrictTable, key: str) -> GroupTest | None:
    inner = table.table(key, required=False)
    if inner is None:
        return None
    group = _group(inner, best_five=key == "all_cards")
    inner.finish(GROUP_KEYS)
    if group.empty:
        raise table.error(key, f"says nothing; give one of {', '.join(GROUP_KEYS)}.")
    return group


def _hand(table: StrictTable) -> HandTest:
    """The hand keys of ``table`` (which may hold other keys too; the caller finishes it)."""
    result = table.string("result", required=False)
    if result is not None and result not in RESULTS:
        raise table.error("result", f"is {shown(result)}; it must be one of {', '.join(RESULTS)}.")
    cards = table.integer("cards", required=False)
    if cards is not None and cards not in (2, 3):
        raise table.error("cards", f"is {cards}; a hand has 2 or 3 cards.")
    margins = {}
    for key in ("margin", "min_margin"):
        margins[key] = table.integer(key, required=False)
        if margins[key] is not None and not -9 <= margins[key] <= 9:
            raise table.error(
                key, f"is {margins[key]}; a margin (this hand's total minus the other's) is between -9 and 9."
            )
    return HandTest(
        total=_value_set(table, "total", 0, 9, _PARITY),
        two_card_total=_value_set(table, "two_card_total", 0, 9, _PARITY),
        natural=table.boolean("natural", required=False),
        cards=cards,
        pair=table.boolean("pair", required=False),
        suited_pair=table.boolean("suited_pair", required=False),
        third_card=read_position(table, "third_card"),
        result=result,
        margin=margins["margin"],
        min_margin=margins["min_margin"],
        group=_group(table),
        first_two=_group_table(table, "first_two") or GroupTest(),
    )


def _hand_table(table: StrictTable, key: str) -> HandTest | None:
    inner = table.table(key, required=False)
    if inner is None:
        return None
    hand = _hand(inner)
    inner.finish(HAND_KEYS)
    if hand.empty:
        raise table.error(key, f"says nothing about the hand; give one of {', '.join(HAND_KEYS)}.")
    return hand


# -------------------------------------------------------------------- rows


def read_outcome(table: StrictTable) -> Outcome:
    """One pay-table row: its name, pays, and conditions (see the module notes)."""
    name = table.string("name")
    pays = table.pays()
    own = _hand(table)
    legacy = {key: getattr(own, key) for key in LEGACY_KEYS if getattr(own, key) is not None}
    cleared: dict[str, Any] = dict.fromkeys(LEGACY_KEYS)
    beyond = replace(own, **cleared)
    condition = Condition(
        own=None if beyond.empty else beyond,
        other=_hand_table(table, "other"),
        player=_hand_table(table, "player"),
        banker=_hand_table(table, "banker"),
        either=_hand_table(table, "either"),
        both=_hand_table(table, "both"),
        winning_hand=_hand_table(table, "winning_hand"),
        losing_hand=_hand_table(table, "losing_hand"),
        winner=_names(table, "winner", WINNERS),
        cards_dealt=_value_set(table, "cards_dealt", 4, 6, {}),
        fifth_card=read_position(table, "fifth_card"),
        sixth_card=read_position(table, "sixth_card"),
        all_cards=_group_table(table, "all_cards"),
        first_four=_group_table(table, "first_four"),
    )
    try:
        outcome = Outcome(
            name=name,
            pays=pays,
            default=table.string("default", required=False),
            extended=None if condition.empty else condition,
            **legacy,
        )
    except InputError as e:
        raise table.located(e) from None
    table.finish(ROW_KEYS)
    return outcome
