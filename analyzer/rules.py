"""Rule sets: frozen, validated data loaded from TOML files.

A rule set is everything the analyzer applies for one documented game: the
default shoe, the drawing tables, and the pay table of every wager. Each piece
carries the clause of the rule document it comes from (``source``), or, where
the document is silent, a ``default`` note saying what was chosen and why, so
that reports can say so.

Shipped rule sets live in ``analyzer/rulesets/NAME.toml``; the standard wagers
and the pay tables used when a rule set does not offer them live in
``analyzer/rulesets/wagers.toml``. :func:`load` accepts a shipped name or a path
to a user's own file, and refuses a bad file with one sentence naming the
file, the key and what is allowed.

>>> rules = load("punto-banco")
>>> rules.drawing.banker_draws(3, player_third=8), rules.drawing.banker_draws(3, player_third=9)
(False, True)
>>> [w.name for w in rules.wagers if w.offered]
['player', 'banker', 'tie']
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from .errors import InputError
from .odds import format_pays, parse_pays

Side = Literal["player", "banker"]
Result = Literal["win", "tie", "loss"]

SIDES: tuple[str, ...] = ("player", "banker")
RESULTS: tuple[str, ...] = ("win", "tie", "loss")
DRAW, STAND = "H", "S"
BANKER_COLUMNS: tuple[str, ...] = ("stood", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
"""Columns of the Banker table: the Player stood, or drew a third card worth 0-9."""
NON_NATURAL_TOTALS = range(8)
"""Two-card totals that are not naturals. A two-card 8 or 9 is a natural and
ends the round for both hands (001: "If either the player hand or the banker
hand has a total of an 8 or a 9 they both stand. This rule overrides all other
rules."; 000 steps 3a, 5a; 003; 004). Drawing tables cover totals 0-7 only."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """The third-card rules: when the Player hand and the Banker hand draw.

    ``player[t]`` is True when a Player two-card total ``t`` (0-7) draws.
    ``banker[t][c]`` is True when a Banker two-card total ``t`` (0-7) draws,
    where column ``c`` is 0 when the Player stood and ``1 + v`` when the Player
    drew a third card of value ``v``: the shape of 001's chart.

    Equality and hashing read the tables only, not ``source``: two documents
    that print the same tableau have the same drawing rules, and share one
    cached enumeration.
    """

    player: tuple[bool, ...]
    banker: tuple[tuple[bool, ...], ...]
    source: str = field(compare=False)

    def __post_init__(self) -> None:
        if len(self.player) != len(NON_NATURAL_TOTALS):
            raise InputError("The Player drawing rule needs one entry for each total 0-7.")
        if len(self.banker) != len(NON_NATURAL_TOTALS) or any(
            len(row) != len(BANKER_COLUMNS) for row in self.banker
        ):
            raise InputError(
                "The Banker drawing table needs rows 0-7, each with 11 entries "
                "(Player stood, then Player's third card 0-9)."
            )

    def player_draws(self, total: int) -> bool:
        """Whether a non-natural Player two-card ``total`` takes a third card."""
        return self.player[total]

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether a non-natural Banker two-card ``total`` takes a third card.

        ``player_third`` is the value of the Player's third card, or ``None``
        when the Player stood.
        """
        column = 0 if player_third is None else 1 + player_third
        return self.banker[total][column]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One row of a pay table: a condition on the final hands, and what it pays.

    Conditions are read from the wager's side: ``result`` is win, tie or loss
    for that side's hand; ``natural`` whether that hand is a two-card 8 or 9;
    ``margin`` (exact) or ``min_margin`` the side's total minus the other's;
    ``total`` the side's final total(s); ``cards`` its number of cards;
    ``pair`` whether its first two cards are of identical rank. A condition
    left as ``None`` matches anything. Rows are tried in order; the first that
    matches settles the bet.

    ``pays`` is the net win per unit staked (-1 loses the stake, 0 pushes), or
    ``None`` when no document gives a pay for this row.
    """

    name: str
    pays: Fraction | None
    result: Result | None = None
    natural: bool | None = None
    margin: int | None = None
    min_margin: int | None = None
    total: frozenset[int] | None = None
    cards: int | None = None
    pair: bool | None = None
    default: str | None = None

    def __post_init__(self) -> None:
        if self.pays is not None and self.pays < -1:
            raise InputError(f"Outcome {self.name!r} pays {self.pays}: a bet cannot lose more than its stake.")
        if self.margin is not None and not -9 <= self.margin <= 9:
            raise InputError(f"Outcome {self.name!r} has margin {self.margin}; a margin is between -9 and 9.")
        if self.min_margin is not None and not -9 <= self.min_margin <= 9:
            raise InputError(
                f"Outcome {self.name!r} has min_margin {self.min_margin}; a margin is between -9 and 9."
            )
        if self.total is not None and not self.total <= set(range(10)):
            raise InputError(f"Outcome {self.name!r} has a total outside 0-9.")
        if self.cards is not None and self.cards not in (2, 3):
            raise InputError(f"Outcome {self.name!r} has cards = {self.cards}; a hand has 2 or 3 cards.")

    @property
    def pays_text(self) -> str:
        """The pay as a pay table prints it, or "?" when none is documented."""
        return "?" if self.pays is None else format_pays(self.pays)


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager: which hand it follows, and its pay table (ordered outcomes).

    ``offered`` says whether the rule set's document offers the wager; a
    wager not offered is still analysed, with the standard pay table of
    ``rulesets/wagers.toml``, so that rule sets can be compared.

    ``requires`` names the wagers of which at least one must be placed beside
    this one (a table rule, e.g. 004's Pair needs a Banker, Player or Tie
    bet), with the clause in ``requires_source``; empty when there is none.
    """

    name: str
    title: str
    side: Side
    outcomes: tuple[Outcome, ...]
    offered: bool
    source: str
    default: str | None = None
    requires: tuple[str, ...] = ()
    requires_source: str | None = None

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise InputError(f"Wager {self.name!r} has side {self.side!r}; use one of {', '.join(SIDES)}.")
        if not self.outcomes:
            raise InputError(f"Wager {self.name!r} has no outcomes.")
        names = [o.name for o in self.outcomes]
        if len(set(names)) != len(names):
            raise InputError(f"Wager {self.name!r} names an outcome twice; outcome names must differ.")

    @property
    def has_pay_table(self) -> bool:
        """True when every outcome has a documented pay."""
        return all(o.pays is not None for o in self.outcomes)

    def outcome(self, name: str) -> Outcome:
        """The outcome called ``name``."""
        for o in self.outcomes:
            if o.name == name:
                return o
        raise InputError(
            f"Wager {self.name} has no outcome {name!r}; it has: {', '.join(o.name for o in self.outcomes)}."
        )


@dataclass(frozen=True, slots=True)
class OwnCards:
    """Play Your Own Cards (000 CASE 2): who may ask for an own hand.

    Only a bettor whose sole wager is ``wager`` may play an own hand, and
    only when ``alone`` is true does any other wager of theirs forbid it.
    The own hand draws or stands as its player chooses; the Banker plays
    against it by the rule set's drawing table, reading the "stood" column
    for a two-card own hand and any third-card column for a three-card one.
    """

    wager: str
    alone: bool
    source: str


PROCEDURES: tuple[str, ...] = ("standard", "louisiana")
Procedure = Literal["standard", "louisiana"]
_SIDE_LETTERS: dict[str, Side] = {"P": "player", "B": "banker"}


@dataclass(frozen=True, slots=True)
class Dealing:
    """How a dealer deals a round: the order of the first four cards, and the procedure.

    ``first_four`` names the hand each of the first four cards goes to:
    ``("player", "banker", "player", "banker")`` is 003's alternate order,
    ``("player", "player", "banker", "banker")`` 001's. Third cards come
    after them, the Player's first (003: "the player's hand draws a third
    card first").

    ``procedure`` is ``"standard"`` (003, 001, 004: cards face up, the Player
    hand is completed first, then the Banker hand by the table) or
    ``"louisiana"`` (000's dealer instructions: cards face down, the dealer's
    announcements, CASE 2 own hands, the order of settlement of steps 8-10).
    The louisiana procedure announces the Banker's decision before the
    Player's third card is turned (000 step 5), so it needs a Banker table
    whose rows do not depend on that card's value (checked by :class:`RuleSet`).

    Trap: the order changes no probability (the cards of a shuffled shoe are
    exchangeable); it decides which hand a given card goes to when a known
    sequence is dealt (``baccarat deal``, the simulator's physical dealing).
    """

    first_four: tuple[Side, ...]
    procedure: Procedure
    source: str
    default: str | None = None

    def __post_init__(self) -> None:
        if sorted(self.first_four) != ["banker", "banker", "player", "player"]:
            raise InputError(
                f"The first four cards go to {', '.join(self.first_four)}; "
                "two must go to the player and two to the banker, e.g. P B P B."
            )
        if self.procedure not in PROCEDURES:
            raise InputError(f"Dealing procedure {self.procedure!r} is unknown; use one of {', '.join(PROCEDURES)}.")

    @property
    def order_text(self) -> str:
        """The order of the first four cards as a rule file writes it: "P B P B"."""
        return " ".join(side[0].upper() for side in self.first_four)


DEFAULT_DEALING = Dealing(
    first_four=("player", "banker", "player", "banker"),
    procedure="standard",
    source="003: 'The first card is dealt to the player's hand, second to the banker's hand, third to the "
    "player's hand and fourth to the banker's hand.'; 'the player's hand draws a third card first.'",
    default="the rule file has no [dealing] table, so document 003's order and procedure apply.",
)
"""The dealing of a rule file that does not say how it is dealt."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One documented game: default shoe, drawing tables and wagers.

    Frozen and hashable, so that a rule set can be part of a cache key.
    """

    name: str
    title: str
    document: str
    source_path: str
    decks: int
    decks_source: str
    drawing: Drawing
    wagers: tuple[Wager, ...]
    decks_default: str | None = None
    notes: tuple[str, ...] = field(default=())
    own_cards: OwnCards | None = None
    dealing: Dealing = DEFAULT_DEALING

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise InputError(f"Rule set {self.name!r} has {self.decks} decks; it needs at least 1.")
        names = [w.name for w in self.wagers]
        if len(set(names)) != len(names):
            raise InputError(f"Rule set {self.name!r} defines a wager twice.")
        for w in self.wagers:
            unknown = [r for r in w.requires if r not in names]
            if unknown:
                raise InputError(f"Wager {w.name} requires unknown wager(s) {', '.join(unknown)}.")
        if self.own_cards is not None and self.own_cards.wager not in names:
            raise InputError(f"own_cards.wager names unknown wager {self.own_cards.wager!r}.")
        if self.own_cards is not None and self.wager(self.own_cards.wager).side != "player":
            raise InputError(
                f"own_cards.wager {self.own_cards.wager!r} follows the banker hand; an own hand plays "
                "as a Player hand against the Banker, so it must name a player-side wager."
            )


        if self.dealing.procedure == "louisiana":
            _check_louisiana_banker(self.name, self.drawing)

    def wager(self, name: str) -> Wager:
        """The wager called ``name``; :class:`InputError` lists the names if unknown."""
        for w in self.wagers:
            if w.name == name:
                return w
        raise InputError(
            f"Unknown wager {name!r}; rule set {self.name} has: {', '.join(w.name for w in self.wagers)}."
        )

    def with_pays(self, wager: str, outcome: str, pays: Fraction) -> RuleSet:
        """A copy in which one outcome of one wager pays ``pays``.

        The change is recorded as a default note, so every report says the
        pay table was altered from the document's.
        """
        target = self.wager(wager)
        old = target.outcome(outcome)
        note = f"pays {format_pays(pays)} set by the user (the rule file says {old.pays_text})"
        outcomes = tuple(replace(o, pays=pays, default=note) if o is old else o for o in target.outcomes)
        wagers = tuple(replace(w, outcomes=outcomes) if w is target else w for w in self.wagers)
        return replace(self, wagers=wagers)

    def defaults(self) -> Iterator[str]:
        """Every place where a document is silent and a default applies, as sentences."""
        if self.decks_default:
            yield f"Shoe: {self.decks} decks. {self.decks_default}"
        for w in self.wagers:
            if not w.offered:
                continue
            if w.default:
                yield f"{w.title}: {w.default}"
            for o in w.outcomes:
                if o.default:
                    yield f"{w.title}, {o.name}: {o.default}"


# ---------------------------------------------------------------- loading


class StrictTable:
    """A TOML table being read: every key must be used, every use is checked.

    Errors name the file and the dotted key, and say what is allowed. Rule
    files and claims files (:mod:`analyzer.verify`) are both read with it.
    """

    def __init__(self, data: Mapping[str, Any], where: str, origin: str) -> None:
        self.data = dict(data)
        self.where = where
        self.origin = origin
        self.used: set[str] = set()

    def error(self, key: str, message: str) -> InputError:
        dotted = f"{self.where}.{key}" if self.where else key
        return InputError(f"{self.origin}: {dotted}: {message}")

    def typed(self, key: str, kind: type | tuple[type, ...], what: str, required: bool) -> Any:
        """The value of ``key`` if it is of ``kind`` (described as ``what`` in errors); None if absent and not required."""
        self.used.add(key)
        if key not in self.data:
            if required:
                raise self.error(key, f"is missing; it must be {what}.")
            return None
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
            raise self.error(key, f"is {value!r}; it must be {what}.")
        return value

    def string(self, key: str, required: bool = True) -> Any:
        return self.typed(key, str, "a string", required)

    def integer(self, key: str, required: bool = True) -> Any:
        return self.typed(key, int, "a whole number", required)

    def boolean(self, key: str, required: bool = True) -> Any:
        return self.typed(key, bool, "true or false", required)

    def table(self, key: str, required: bool = True) -> StrictTable | None:
        value = self.typed(key, dict, "a table", required)
        if value is None:
            return None
        return StrictTable(value, f"{self.where}.{key}" if self.where else key, self.origin)

    def array(self, key: str, required: bool = True) -> list[Any] | None:
        value: list[Any] | None = self.typed(key, list, "an array", required)
        return value

    def finish(self, allowed: tuple[str, ...]) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.error(
                unknown[0], f"is not a known key; allowed here: {', '.join(allowed)}."
            )


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _symbols(table: StrictTable, key: str, count: int) -> tuple[bool, ...]:
    text = table.string(key)
    symbols = text.split()
    if len(symbols) != count or any(s not in (DRAW, STAND) for s in symbols):
        raise table.error(
            key, f"is {text!r}; it must be {count} entries, each {DRAW} (draw) or {STAND} (stand)."
        )
    return tuple(s == DRAW for s in symbols)


def _read_drawing(table: StrictTable) -> Drawing:
    player = _symbols(table, "player", len(NON_NATURAL_TOTALS))
    banker_table = table.table("banker")
    assert banker_table is not None
    rows = tuple(_symbols(banker_table, str(t), len(BANKER_COLUMNS)) for t in NON_NATURAL_TOTALS)
    banker_table.finish(tuple(str(t) for t in NON_NATURAL_TOTALS))
    source = table.string("source")
    table.finish(("source", "player", "banker"))
    return Drawing(player=player, banker=rows, source=source)


_OUTCOME_KEYS = ("name", "pays", "result", "natural", "margin", "min_margin", "total", "cards", "pair", "default")


def _read_dealing(table: StrictTable) -> Dealing:
    order = table.string("order")
    letters = order.split()
    if sorted(letters) != ["B", "B", "P", "P"]:
        raise table.error("order", f"is {order!r}; it must name the hand of each of the first four cards, two P and two B, e.g. \"P B P B\".")
    procedure = table.string("procedure")
    if procedure not in PROCEDURES:
        raise table.error("procedure", f"is {procedure!r}; it must be one of {', '.join(PROCEDURES)}.")
    dealing = Dealing(
        first_four=tuple(_SIDE_LETTERS[letter] for letter in letters),
        procedure=procedure,
        source=table.string("source"),
        default=table.string("default", required=False),
    )
    table.finish(("order", "procedure", "source", "default"))
    return dealing


def _check_louisiana_banker(name: str, drawing: Drawing) -> None:
    """Refuse a Banker table that 000's procedure could not deal (see :class:`Dealing`)."""
    for total, row in zip(NON_NATURAL_TOTALS, drawing.banker):
        if len(set(row[1:])) != 1:
            raise InputError(
                f"Rule set {name!r}: [dealing] procedure 'louisiana' announces the Banker's decision before the "
                f"Player's third card is turned (000 step 5), so Banker row {total} must not depend on that card's value."
            )
        if row[1] and not row[0]:
            raise InputError(
                f"Rule set {name!r}: [dealing] procedure 'louisiana' settles as 000 steps 10a-10c do, where the Banker "
                f"stands against every hand, draws against every hand, or draws only against hands that stood; "
                f"Banker row {total} draws only against hands that drew."
            )


def _read_outcome(table: StrictTable) -> Outcome:
    name = table.string("name")
    pays_text = table.string("pays", required=False)
    try:
        pays = None if pays_text is None else parse_pays(pays_text)
    except InputError as e:
        raise table.error("pays", str(e)) from None
    result = table.string("result", required=False)
    if result is not None and result not in RESULTS:
        raise table.error("result", f"is {result!r}; it must be one of {', '.join(RESULTS)}.")
    total = table.typed("total", (int, list), "a total 0-9 or an array of totals", False)
    if isinstance(total, int):
        total = [total]
    if total is not None and not all(isinstance(t, int) and not isinstance(t, bool) for t in total):
        raise table.error("total", "must be a total 0-9 or an array of totals.")
    try:
        outcome = Outcome(
            name=name,
            pays=pays,
            result=result,
            natural=table.boolean("natural", required=False),
            margin=table.integer("margin", required=False),
            min_margin=table.integer("min_margin", required=False),
            total=None if total is None else frozenset(total),
            cards=table.integer("cards", required=False),
            pair=table.boolean("pair", required=False),
            default=table.string("default", required=False),
        )
    except InputError as e:
        raise InputError(f"{table.origin}: {table.where}: {e}") from None
    table.finish(_OUTCOME_KEYS)
    return outcome


def _read_outcomes(table: StrictTable) -> tuple[Outcome, ...]:
    rows = table.array("outcomes")
    assert rows is not None
    outcomes = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise table.error(f"outcomes[{i}]", "must be an inline table such as { name = \"win\", result = \"win\", pays = \"1:1\" }.")
        outcomes.append(_read_outcome(StrictTable(row, f"{table.where}.outcomes[{i}]", table.origin)))
    return tuple(outcomes)


@dataclass(frozen=True, slots=True)
class _Standard:
    title: str
    side: Side
    source: str
    outcomes: tuple[Outcome, ...]
    default: str | None


@lru_cache(maxsize=1)
def _catalogue() -> Mapping[str, _Standard]:
    """The standard wagers of ``rulesets/wagers.toml``, in report order (read once: package data)."""
    text = resources.files("analyzer").joinpath("rulesets", "wagers.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    top = StrictTable(data, "", "wagers.toml")
    standard: dict[str, _Standard] = {}
    for name in data:
        entry = top.table(name)
        assert entry is not None
        standard[name] = _Standard(
            title=entry.string("title"),
            side=entry.string("side"),
            source=entry.string("source"),
            outcomes=_read_outcomes(entry),
            default=entry.string("default", required=False),
        )
        entry.finish(("title", "side", "source", "outcomes", "default"))
    return MappingProxyType(standard)


def _read_wager(name: str, table: StrictTable, standard: _Standard | None) -> Wager:
    title = table.string("title", required=standard is None)
    side = table.string("side", required=standard is None)
    if standard is not None:
        if side is not None and side != standard.side:
            raise table.error("side", f"is {side!r}; the standard wager {name} follows the {standard.side} hand.")
        title = title or standard.title
        side = standard.side
    elif side not in SIDES:
        raise table.error("side", f"is {side!r}; it must be one of {', '.join(SIDES)}.")
    requires = table.array("requires", required=False) or []
    if not all(isinstance(r, str) for r in requires):
        raise table.error("requires", "must be an array of wager names.")
    requires_source = table.string("requires_source", required=bool(requires))
    wager = Wager(
        name=name,
        title=title,
        side=side,
        outcomes=_read_outcomes(table),
        offered=True,
        source=table.string("source"),
        default=table.string("default", required=False),
        requires=tuple(requires),
        requires_source=requires_source,
    )
    table.finish(("title", "side", "source", "default", "outcomes", "requires", "requires_source"))
    return wager


def _wager_from_standard(name: str, standard: _Standard) -> Wager:
    return Wager(
        name=name,
        title=standard.title,
        side=standard.side,
        outcomes=standard.outcomes,
        offered=False,
        source=standard.source,
        default=standard.default,
    )


def parse(text: str, origin: str) -> RuleSet:
    """Build a :class:`RuleSet` from TOML text; ``origin`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{origin}: not valid TOML ({e}).") from None
    top = StrictTable(data, "", origin)
    head = top.table("rule_set")
    shoe = top.table("shoe")
    drawing_table = top.table("drawing")
    wagers_table = top.table("wagers")
    own_table = top.table("own_cards", required=False)
    dealing_table = top.table("dealing", required=False)
    assert head is not None and shoe is not None and drawing_table is not None and wagers_table is not None
    top.finish(("rule_set", "shoe", "drawing", "wagers", "own_cards", "dealing"))

    name, title, document = head.string("name"), head.string("title"), head.string("document")
    notes = head.array("notes", required=False) or []
    if not all(isinstance(n, str) for n in notes):
        raise head.error("notes", "must be an array of strings.")
    head.finish(("name", "title", "document", "notes"))

    decks = shoe.integer("decks")
    if decks < 1:
        raise shoe.error("decks", f"is {decks}; it must be at least 1.")
    decks_source, decks_default = shoe.string("source"), shoe.string("default", required=False)
    shoe.finish(("decks", "source", "default"))

    drawing = _read_drawing(drawing_table)

    standard = _catalogue()
    wagers: dict[str, Wager] = {}
    for wager_name in standard:
        entry = wagers_table.table(wager_name, required=False)
        wagers[wager_name] = (
            _wager_from_standard(wager_name, standard[wager_name])
            if entry is None
            else _read_wager(wager_name, entry, standard[wager_name])
        )
    for wager_name in wagers_table.data:
        if wager_name not in standard:
            entry = wagers_table.table(wager_name)
            assert entry is not None
            wagers[wager_name] = _read_wager(wager_name, entry, None)

    own_cards = None
    if own_table is not None:
        own_cards = OwnCards(
            wager=own_table.string("wager"), alone=own_table.boolean("alone"), source=own_table.string("source")
        )
        own_table.finish(("wager", "alone", "source"))
    dealing = DEFAULT_DEALING if dealing_table is None else _read_dealing(dealing_table)

    rule_set = RuleSet(
        name=name,
        title=title,
        document=document,
        source_path=origin,
        decks=decks,
        decks_source=decks_source,
        decks_default=decks_default,
        drawing=drawing,
        wagers=tuple(wagers.values()),
        notes=tuple(notes),
        own_cards=own_cards,
        dealing=dealing,
    )
    _check_settles_every_round(rule_set, origin)
    return rule_set


def _check_settles_every_round(rule_set: RuleSet, origin: str) -> None:
    """Refuse a pay table that leaves some final hands unsettled."""
    from .wagers import unsettled

    for wager in rule_set.wagers:
        state = unsettled(wager)
        if state is not None:
            raise InputError(
                f"{origin}: wagers.{wager.name}: no outcome matches {state.describe()}; "
                "end the outcomes with a row that has no conditions, such as "
                '{ name = "loss", pays = "lose" }.'
            )


@lru_cache(maxsize=1)
def shipped() -> tuple[str, ...]:
    """Names of the rule sets shipped in the package, in document order (read once: package data)."""
    folder = resources.files("analyzer").joinpath("rulesets")
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and entry.name != "wagers.toml":
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            found.append((data["rule_set"]["document"], entry.name[: -len(".toml")]))
    return tuple(name for _, name in sorted(found))


def load(name_or_path: str) -> RuleSet:
    """Load a shipped rule set by name, or a user's rule file by path.

    Raises :class:`InputError` for an unknown name, a missing file, or a file
    that does not validate.
    """
    folder = resources.files("analyzer").joinpath("rulesets")
    if name_or_path in shipped():
        text = folder.joinpath(f"{name_or_path}.toml").read_text(encoding="utf-8")
        return parse(text, f"{name_or_path}.toml")
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise InputError(f"Cannot read rule file {name_or_path}: {e.strerror}.") from None
        return parse(text, str(path))
    raise InputError(
        f"Unknown rule set {name_or_path!r}; use one of {', '.join(shipped())}, or a path to a .toml rule file."
    )
