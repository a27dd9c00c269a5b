"""Every key of a rule file and of the condition language, declared once: where it may appear, its type, its
allowed values, what it means, and an example.

The loaders take the keys they allow from here (:func:`keys`), so a key the
reference documents is a key the loader accepts and no other; the reference
pages (``docs/reference/rule-files.md``, ``docs/reference/conditions.md``)
are generated from :data:`KEYS`, and a test loads every example. An entry is
plain data (:class:`Key`); a file adding keys adds entries.

Places (``Key.places``):

* ``file``: the top-level tables of a rule file; ``rule_set``, ``shoe``,
  ``drawing``, ``dealing``, ``own_cards``: the keys of those tables;
  ``wager``: a ``[wagers.NAME]`` table; ``published``: an entry of its
  ``published`` array.
* ``row``: a pay-table row (an ``outcomes`` entry); ``hand``: a hand table
  of a row (``player = { ... }``; a wager with a ``side`` also takes them at
  the row's top level); ``group``: a group of cards (``first_two``,
  ``first_four``, ``all_cards``; a hand takes them over all its cards);
  ``card``: a card table (``{ rank = "K", suit = "H" }``); ``counted``: the
  table form of ``of_a_kind`` and ``same_suit``; ``range``: the table form of
  ``rank_sum`` and ``value_sum``.

>>> keys("dealing")
('order', 'procedure', 'source', 'default')
>>> entry("group", "of_a_kind").example
'{ name = "full house", all_cards = { of_a_kind = [3, 2] }, pays = "15:1" }'
"""

from __future__ import annotations

from dataclasses import dataclass

PLACES: tuple[str, ...] = (
    "file",
    "rule_set",
    "shoe",
    "drawing",
    "dealing",
    "own_cards",
    "wager",
    "published",
    "cap",
    "jackpot",
    "lightning",
    "row",
    "hand",
    "group",
    "card",
    "counted",
    "range",
)
CONDITION_PLACES: tuple[str, ...] = ("row", "hand", "group", "card", "counted", "range")
"""The places of the condition language (documented in conditions.md; the others in rule-files.md)."""


@dataclass(frozen=True, slots=True)
class Key:
    """One key: ``name``, the ``places`` it may appear, its TOML ``kind``, its ``allowed`` values in words,
    a one-line ``text``, an ``example`` (a TOML line in its table, or a whole pay-table row for the condition
    language), and whether it is ``required``."""

    name: str
    places: tuple[str, ...]
    kind: str
    allowed: str
    text: str
    example: str
    required: bool = False

    def __post_init__(self) -> None:
        unknown = [p for p in self.places if p not in PLACES]
        if unknown or not self.places:
            raise ValueError(f"Key {self.name!r}: places {unknown or '()'} are not among {', '.join(PLACES)}.")
        if not (self.name and self.kind and self.allowed and self.text and self.example):
            raise ValueError(f"Key {self.name!r} must have a kind, allowed values, a description and an example.")


def _source(place: str) -> Key:
    return Key(
        "source",
        (place,),
        "string",
        "any text",
        "Where the rule document says it (a quotation).",
        'source = "Rule 2: eight decks are used."',
        required=True,
    )


def _default(place: str) -> Key:
    return Key(
        "default",
        (place,),
        "string",
        "any text",
        "Why a value the document does not state was chosen.",
        'default = "The document does not say; eight is the usual shoe."',
    )


_CARD = 'a card: a rank ("K", "10"), a suited card ("KH"), or a card table { rank, value, suit, colour }'
_VALUES = 'a whole number 0-9, a list of them, "even" or "odd"'
_HAND = ("hand", "row")
_GROUP = ("group", "hand", "row")

KEYS: tuple[Key, ...] = (
    # ---------------------------------------------------------------- file
    Key(
        "rule_set",
        ("file",),
        "table",
        "the keys of rule_set",
        "The rule set's name, title, source document and notes.",
        "[rule_set]",
        required=True,
    ),
    Key(
        "shoe",
        ("file",),
        "table",
        "the keys of shoe",
        "The shoe (required unless the file extends a rule set).",
        "[shoe]",
    ),
    Key(
        "drawing",
        ("file",),
        "table",
        "the keys of drawing",
        "The drawing rules (required unless the file extends a rule set).",
        "[drawing]",
    ),
    Key(
        "wagers",
        ("file",),
        "table",
        "[wagers.NAME] tables",
        "The wagers: standard ones changed, side bets added.",
        "[wagers.my-bet]",
        required=True,
    ),
    Key(
        "own_cards",
        ("file",),
        "table",
        "the keys of own_cards",
        "A wager on which a player may take the cards (the own-cards rule).",
        "[own_cards]",
    ),
    Key(
        "dealing",
        ("file",),
        "table",
        "the keys of dealing",
        "The order of the first four cards and the procedure.",
        "[dealing]",
    ),
    # ------------------------------------------------------------ rule_set
    Key(
        "name",
        ("rule_set",),
        "string",
        "a short name",
        "The rule set's name, as outputs show it.",
        'name = "my-game"',
        required=True,
    ),
    Key("title", ("rule_set",), "string", "any text", "A title for people.", 'title = "My game"', required=True),
    Key(
        "document",
        ("rule_set",),
        "string",
        "any text",
        "The rule document the file follows (required unless it extends).",
        'document = "Casino X house rules, 2024"',
    ),
    Key(
        "notes",
        ("rule_set",),
        "array",
        "an array of strings",
        "Notes shown with every output.",
        'notes = ["Eight decks, cut card at 14."]',
    ),
    Key(
        "document_title",
        ("rule_set",),
        "string",
        "any text",
        "The source document's own title, as the report's front page names it.",
        'document_title = "Mini Baccarat"',
    ),
    Key(
        "operator",
        ("rule_set",),
        "string",
        "any text",
        "The casino or company whose document it is.",
        'operator = "Live! Casino Pittsburgh"',
    ),
    Key(
        "jurisdiction",
        ("rule_set",),
        "string",
        "any text",
        "Where the document is approved, and by whom.",
        'jurisdiction = "Pennsylvania (Pennsylvania Gaming Control Board)"',
    ),
    Key(
        "approved",
        ("rule_set",),
        "string",
        "a date, YYYY-MM-DD, with what the document says",
        "The approval date the document states.",
        "approved = \"2020-10-06 (the document: 'PGCB Approved: 10/6/2020')\"",
    ),
    Key(
        "extends",
        ("rule_set",),
        "string",
        "a shipped rule set, a catalogue name, or a path beside the file",
        "Take that rule set's shoe, drawing, dealing and wagers; change or add only what this file writes.",
        'extends = "punto-banco"',
    ),
    # ---------------------------------------------------------------- shoe
    Key(
        "decks",
        ("shoe",),
        "integer",
        "1 to the largest shoe",
        "The number of 52-card decks.",
        "decks = 8",
        required=True,
    ),
    _source("shoe"),
    _default("shoe"),
    # ------------------------------------------------------------- drawing
    _source("drawing"),
    Key(
        "player",
        ("drawing",),
        "string",
        "8 entries, each H (hit: draw) or S (stand), for totals 0-7",
        "The Player's chart: draw or stand on each non-natural two-card total.",
        'player = "H H H H H H S S"',
        required=True,
    ),
    Key(
        "banker",
        ("drawing",),
        "table",
        'keys "0"-"7", each 11 entries H or S (Player stood, then Player\'s third card 0-9)',
        "The Banker's chart ([drawing.banker]): one line per two-card total.",
        'banker = { "0" = "H H H H H H H H H H H" }',
        required=True,
    ),
    # ------------------------------------------------------------- dealing
    Key(
        "order",
        ("dealing",),
        "string",
        'four letters, two P and two B, e.g. "P B P B"',
        "The hand each of the first four cards goes to.",
        'order = "P B P B"',
        required=True,
    ),
    Key(
        "procedure",
        ("dealing",),
        "string",
        "standard or louisiana",
        "How the round is dealt (louisiana: the own-cards procedure).",
        'procedure = "standard"',
        required=True,
    ),
    _source("dealing"),
    _default("dealing"),
    # ----------------------------------------------------------- own_cards
    Key(
        "wager",
        ("own_cards",),
        "string",
        "a wager's name",
        "The wager whose largest bettor may take the cards.",
        'wager = "player"',
        required=True,
    ),
    Key(
        "alone",
        ("own_cards",),
        "boolean",
        "true or false",
        "Whether the rule applies when a player bets alone.",
        "alone = true",
        required=True,
    ),
    _source("own_cards"),
    # --------------------------------------------------------------- wager
    Key(
        "title",
        ("wager",),
        "string",
        "any text",
        "The wager's title (required for a side bet).",
        'title = "Lucky Match"',
    ),
    Key(
        "side",
        ("wager",),
        "string",
        "player or banker, or left out",
        "The hand the wager follows: its rows may use hand keys at the top.",
        'side = "player"',
    ),
    Key(
        "source",
        ("wager",),
        "string",
        "any text",
        "Where the pay table comes from (a quotation).",
        'source = "Wizard of Odds, Lucky Match: the pay table."',
        required=True,
    ),
    Key(
        "default",
        ("wager",),
        "string",
        "any text",
        "Why something the source does not state was chosen.",
        'default = "The source is silent on ties; they lose."',
    ),
    Key(
        "outcomes",
        ("wager",),
        "array",
        "pay-table rows, first match settles",
        "The pay table, in order: the first row that holds settles.",
        'outcomes = [{ name = "win", result = "win", pays = "1:1" }, { name = "loss", pays = "lose" }]',
        required=True,
    ),
    Key(
        "requires",
        ("wager",),
        "array",
        "wager names",
        "Wagers that must be bet for this one to be.",
        'requires = ["player"]',
    ),
    Key(
        "requires_source",
        ("wager",),
        "string",
        "any text",
        "Where the requirement is stated (required with requires).",
        'requires_source = "Must be played with a Player bet."',
    ),
    Key(
        "published",
        ("wager",),
        "array",
        "inline tables of published keys",
        "Published figures, checked against the analysis.",
        'published = [{ figure = "house_edge", value = "8.89%", decks = 8 }]',
    ),
    Key(
        "unreachable",
        ("wager",),
        "string",
        '"refuse" (the default) or "allow"',
        "What to do with rows no deal can reach: refuse the file, listing every one with its reason, or keep them "
        "(reported with a zero count): for generated tables.",
        'unreachable = "allow"',
    ),
    Key(
        "fee",
        ("wager",),
        "string",
        'a percentage of the stake, e.g. "20%"',
        "A fee paid with every bet and never returned (Lightning-style games). The pays are then shown net per unit "
        "staked, fee included: a row paying p returns (p - fee) / (1 + fee), a loss -1, a push -fee / (1 + fee).",
        'fee = "20%"',
    ),
    Key(
        "cap",
        ("wager",),
        "table",
        "amount and stake",
        "The most a round pays, in money, for a stake: a pay above "
        "amount / stake is cut to it (a progressive jackpot is not capped).",
        "cap = { amount = 250000, stake = 5 }",
    ),
    Key(
        "jackpot",
        ("wager",),
        "table",
        "meter and stake, optionally reseed, contribution and basis",
        'A progressive jackpot: rows with pays = "jackpot" pay the meter (in money, for the stake), rows with pays = '
        '"10% of jackpot" that share of it; the figures are at that meter, and every output gives the return as an '
        "exact affine function of the meter with its break-even meter.",
        'jackpot = { meter = 25000, stake = 5, reseed = 10000, contribution = "2%" }',
    ),
    Key(
        "lightning",
        ("wager",),
        "table",
        "cards, multipliers, optionally applies_to and cap",
        "Random multipliers (Lightning-style): lightning card types drawn from a virtual 52-card deck, each with a "
        "multiplier; a winning row pays its pays times the product of the multipliers of the lightning cards among "
        "the cards they apply to.",
        'lightning = { cards = 3, multipliers = { "2" = "1/2", "5" = "1/2" } }',
    ),
    Key(
        "cards",
        ("lightning",),
        "integer or table",
        "a number 1-52, or a table of numbers to probabilities",
        'How many lightning card types are drawn: a fixed number, or a table such as { "1" = "1/2", "2" = '
        '"1/2" } (probabilities adding up to 1).',
        "cards = 3",
        required=True,
    ),
    Key(
        "multipliers",
        ("lightning",),
        "table",
        "multiplier values to probabilities (adding up to 1)",
        "Each lightning card's multiplier, drawn independently.",
        'multipliers = { "2" = "1/2", "5" = "1/2" }',
        required=True,
    ),
    Key(
        "applies_to",
        ("lightning",),
        "string",
        '"winning hand" (the default), "both hands", "player", "banker", "player first two" or "banker first two"',
        "Whose cards the multipliers apply to: the winning hand (both hands on a tie), both, one named hand, or the "
        "first two cards of one (a pair bet's cards).",
        'applies_to = "winning hand"',
    ),
    Key(
        "limit",
        ("lightning",),
        "string",
        'a pay such as "512:1"',
        "The most a multiplied row pays per unit staked.",
        'limit = "10000:1"',
    ),
    # ------------------------------------------------------ cap, jackpot
    Key(
        "amount",
        ("cap",),
        "number",
        "a positive amount of money",
        "The most one round pays.",
        "amount = 250000",
        required=True,
    ),
    Key(
        "stake",
        ("cap", "jackpot"),
        "number",
        "a positive amount of money",
        "The stake the amount is for.",
        "stake = 5",
        required=True,
    ),
    Key(
        "meter",
        ("jackpot",),
        "number",
        "a positive amount of money",
        "The jackpot's meter: what its rows pay.",
        "meter = 25000",
        required=True,
    ),
    Key(
        "reseed",
        ("jackpot",),
        "number",
        "a positive amount of money",
        "What the meter restarts at once won (stated; the figures use meter).",
        "reseed = 10000",
    ),
    Key(
        "contribution",
        ("jackpot",),
        "string",
        "a percentage of each stake",
        "The part of each stake added to the meter (stated, and the long-run return it funds).",
        'contribution = "2%"',
    ),
    Key(
        "basis",
        ("jackpot",),
        "string",
        '"to one" (the default) or "for one"',
        "How a jackpot row pays: the meter and "
        'the stake back ("to one"), or the meter alone, the stake never returned ("for one", as a flat-bet '
        "progressive whose pay table is written for one).",
        'basis = "for one"',
    ),
    # ----------------------------------------------------------- published
    Key(
        "figure",
        ("published",),
        "string",
        "house_edge, combinations, probability, expected_value, denominator, ...",
        "Which figure.",
        'figure = "combinations"',
        required=True,
    ),
    Key(
        "value",
        ("published",),
        "string",
        'the figure as printed: "8.89%", "356,942,987,520", "1024/86320"',
        "The published value.",
        'value = "356,942,987,520"',
        required=True,
    ),
    Key(
        "decks",
        ("published",),
        "integer",
        "1 to the largest shoe",
        "The shoe the figure is for.",
        "decks = 8",
        required=True,
    ),
    Key(
        "outcome",
        ("published",),
        "string",
        "a row's name",
        "The row a combinations or probability figure is about.",
        'outcome = "full house"',
    ),
    Key(
        "source",
        ("published",),
        "string",
        "any text",
        "Where the figure is printed (default: the wager's source).",
        'source = "Wizard of Odds, Lucky Match: return table."',
    ),
    Key(
        "note",
        ("published",),
        "string",
        "any text",
        "Who is right where the analysis differs, with the evidence.",
        'note = "Ours is 86,016: 4 x C(8,3) x 384."',
    ),
    # ----------------------------------------------------------------- row
    Key(
        "name",
        ("row",),
        "string",
        "any text, unique in the table",
        "The row's name.",
        '{ name = "loss", pays = "lose" }',
        required=True,
    ),
    Key(
        "pays",
        ("row",),
        "string",
        '"N:M" or "N to M" (e.g. "11:1", "19:20"), a decimal such as "0.95", "push" or "lose"',
        "What the row pays per unit staked (push: the stake comes back; lose: it is lost).",
        '{ name = "win", winner = "player", pays = "1:1" }',
        required=True,
    ),
    Key(
        "default",
        ("row",),
        "string",
        "any text",
        "Why the row reads as it does where the source is silent.",
        '{ name = "tie", winner = "tie", pays = "push", default = "The source is silent on ties; they push." }',
    ),
    Key(
        "winner",
        ("row",),
        "string",
        "player, banker, tie, or a list",
        "Which hand wins the round.",
        '{ name = "tie", winner = "tie", pays = "8:1" }',
    ),
    Key(
        "cards_dealt",
        ("row",),
        "integer",
        "4, 5, 6 or a list",
        "How many cards the round deals.",
        '{ name = "six cards", cards_dealt = 6, pays = "2:1" }',
    ),
    Key(
        "fifth_card",
        ("row",),
        "card",
        f'{_CARD}, "none", or a list',
        "The fifth card dealt (the first third card).",
        '{ name = "fifth a monkey", fifth_card = { rank = ["J", "Q", "K"] }, pays = "2:1" }',
    ),
    Key(
        "sixth_card",
        ("row",),
        "card",
        f'{_CARD}, "none", or a list',
        "The sixth card dealt.",
        '{ name = "sixth a 9", sixth_card = "9", pays = "10:1" }',
    ),
    Key(
        "all_cards",
        ("row",),
        "table",
        "group keys",
        "A group test over every card dealt.",
        '{ name = "all red", all_cards = { colour = "red" }, pays = "20:1" }',
    ),
    Key(
        "first_four",
        ("row",),
        "table",
        "group keys",
        "A group test over the first four cards.",
        '{ name = "four of one colour", first_four = { colour = "same" }, pays = "6:1" }',
    ),
    Key(
        "player",
        ("row",),
        "table",
        "hand keys",
        "The Player's hand.",
        '{ name = "P9", player = { total = 9 }, pays = "1:1" }',
    ),
    Key(
        "banker",
        ("row",),
        "table",
        "hand keys",
        "The Banker's hand.",
        '{ name = "B7", banker = { total = 7, cards = 3 }, pays = "40:1" }',
    ),
    Key(
        "either",
        ("row",),
        "table",
        "hand keys",
        "At least one hand.",
        '{ name = "either pair", either = { pair = true }, pays = "5:1" }',
    ),
    Key(
        "both",
        ("row",),
        "table",
        "hand keys",
        "Both hands.",
        '{ name = "double 8", both = { total = 8 }, pays = "15:1" }',
    ),
    Key(
        "winning_hand",
        ("row",),
        "table",
        "hand keys",
        "The winning hand (never on a tie).",
        '{ name = "any 8 wins", winning_hand = { total = 8 }, pays = "4:1" }',
    ),
    Key(
        "losing_hand",
        ("row",),
        "table",
        "hand keys",
        "The losing hand (never on a tie).",
        '{ name = "beats a 6", losing_hand = { total = 6 }, pays = "2:1" }',
    ),
    Key(
        "other",
        ("row",),
        "table",
        "hand keys",
        "The hand a one-sided wager does not follow.",
        '{ name = "over a 7", other = { total = 7 }, result = "win", pays = "2:1" }',
    ),
    # ---------------------------------------------------------------- hand
    Key(
        "total",
        _HAND,
        "integer",
        _VALUES,
        "The hand's final total.",
        '{ name = "P9", player = { total = 9 }, pays = "1:1" }',
    ),
    Key(
        "two_card_total",
        _HAND,
        "integer",
        _VALUES,
        "The total of the first two cards.",
        '{ name = "3 giving", banker = { two_card_total = 3 }, pays = "2:1" }',
    ),
    Key(
        "natural",
        _HAND,
        "boolean",
        "true or false",
        "A two-card 8 or 9.",
        '{ name = "natural", either = { natural = true }, pays = "1:1" }',
    ),
    Key(
        "cards",
        _HAND,
        "integer",
        "2 or 3",
        "The number of cards in the hand.",
        '{ name = "three-card 7", banker = { total = 7, cards = 3 }, pays = "40:1" }',
    ),
    Key(
        "pair",
        _HAND,
        "boolean",
        "true or false",
        "The first two cards are of one rank.",
        '{ name = "P pair", player = { pair = true }, pays = "11:1" }',
    ),
    Key(
        "suited_pair",
        _HAND,
        "boolean",
        "true or false",
        "The first two cards are of one rank and one suit.",
        '{ name = "perfect", player = { suited_pair = true }, pays = "25:1" }',
    ),
    Key(
        "third_card",
        _HAND,
        "card",
        f'{_CARD}, "none", or a list',
        "The hand's third card.",
        '{ name = "draws an 8", player = { third_card = "8" }, pays = "8:1" }',
    ),
    Key(
        "result",
        _HAND,
        "string",
        "win, tie or loss",
        "The hand against the other.",
        '{ name = "B wins", banker = { result = "win" }, pays = "1:1" }',
    ),
    Key(
        "margin",
        _HAND,
        "integer",
        "-9 to 9",
        "This hand's total minus the other's, exactly.",
        '{ name = "by 9", player = { margin = 9 }, pays = "30:1" }',
    ),
    Key(
        "min_margin",
        _HAND,
        "integer",
        "-9 to 9",
        "This hand's total minus the other's, at least.",
        '{ name = "by 4+", player = { min_margin = 4 }, pays = "1:1" }',
    ),
    Key(
        "first_two",
        _HAND,
        "table",
        "group keys",
        "A group test over the hand's first two cards.",
        '{ name = "suited K-Q", player = { first_two = { holds = ["K", "Q"], suited = true } }, pays = "25:1" }',
    ),
    # --------------------------------------------------------------- group
    Key(
        "holds",
        _GROUP,
        "card",
        f"{_CARD}, or a list (each card held once)",
        "The group holds all these cards.",
        '{ name = "two nines", first_four = { holds = ["9", "9"] }, pays = "5:1" }',
    ),
    Key(
        "suited",
        _GROUP,
        "boolean",
        "true or false",
        "Every card of the group is of one suit.",
        '{ name = "suited 3-card 8", player = { total = 8, cards = 3, suited = true }, pays = "25:1" }',
    ),
    Key(
        "colour",
        _GROUP,
        "string",
        "red, black, same or mixed",
        "The colours of the group's cards.",
        '{ name = "all black", player = { colour = "black" }, pays = "24:1" }',
    ),
    Key(
        "highest",
        _GROUP,
        "integer",
        "a value 0-9 or a list",
        "The highest baccarat value among the cards.",
        '{ name = "high 9", all_cards = { highest = 9 }, pays = "1:1" }',
    ),
    Key(
        "of_a_kind",
        _GROUP,
        "integer",
        "a number of cards 1-6, a list of them (distinct ranks, e.g. [3, 2]), or { cards, rank }",
        "At least N cards of one rank, any rank; a list asks for distinct ranks with at least that many each.",
        '{ name = "full house", all_cards = { of_a_kind = [3, 2] }, pays = "15:1" }',
    ),
    Key(
        "pairs",
        _GROUP,
        "integer",
        "1 to 3",
        "At least N ranks with two or more cards each (trips count as a pair).",
        '{ name = "two pairs", all_cards = { pairs = 2 }, pays = "4:1" }',
    ),
    Key(
        "same_suit",
        _GROUP,
        "integer",
        "a number of cards 1-6, or { cards, rank }",
        "At least N cards of one suit, any suit (among the cards of rank, when given).",
        '{ name = "three suited nines", first_four = { same_suit = { cards = 3, rank = "9" } }, pays = "250:1" }',
    ),
    Key(
        "flush",
        _GROUP,
        "boolean",
        "true or false",
        "Every card of the group is of one suit (the poker word for suited).",
        '{ name = "flush", first_four = { flush = true }, pays = "10:1" }',
    ),
    Key(
        "straight",
        _GROUP,
        "boolean",
        'true (ace low or high), "ace-low", "ace-high", or false',
        "The group's ranks are distinct and consecutive (no wrap: K-A-2 is none).",
        '{ name = "straight", first_four = { straight = true }, pays = "5:1" }',
    ),
    Key(
        "poker",
        _GROUP,
        "string",
        "a poker rank or a list: straight flush, four of a kind, three of a kind, flush, "
        "straight, two pair, pair, high card; in all_cards also royal flush, five of a kind, full house",
        "The poker rank of a group of two to four cards; in all_cards, of the best five of every card dealt "
        "(see the orders below).",
        '{ name = "3-card straight flush", player = { cards = 3, poker = "straight flush" }, pays = "100:1" }',
    ),
    Key(
        "none_of",
        _GROUP,
        "card",
        "a rank or a list of ranks",
        "The group holds no card of these ranks.",
        '{ name = "all monkeys", cards_dealt = 6, all_cards = { none_of = ["A", "2", "3", "4", "5", "6", "7", "8", '
        '"9", "10"] }, pays = "5000:1" }',
    ),
    Key(
        "rank_sum",
        _GROUP,
        "integer",
        "0-78, or { min, max }",
        "The sum of the ranks (A=1, J=11, Q=12, K=13).",
        '{ name = "high ranks", player = { rank_sum = { min = 30 } }, pays = "10:1" }',
    ),
    Key(
        "value_sum",
        _GROUP,
        "integer",
        "0-54, or { min, max }",
        "The sum of the baccarat values (not reduced mod 10).",
        '{ name = "all zero", player = { value_sum = 0 }, pays = "2:1" }',
    ),
    # ---------------------------------------------------------- card, etc.
    Key(
        "rank",
        ("card", "counted"),
        "string",
        "a rank or a list of ranks",
        "The card's rank (of_a_kind, same_suit: the ranks counted).",
        '{ name = "monkey third", player = { third_card = { rank = ["J", "Q", "K"] } }, pays = "5:1" }',
    ),
    Key(
        "value",
        ("card",),
        "integer",
        "a value 0-9 or a list",
        "The card's baccarat value.",
        '{ name = "ten-valued third", banker = { third_card = { value = 0 } }, pays = "2:1" }',
    ),
    Key(
        "suit",
        ("card",),
        "string",
        "S H D C (or spades, ...), or a list",
        "The card's suit.",
        '{ name = "a heart", player = { holds = { suit = "H" } }, pays = "1:1" }',
    ),
    Key(
        "colour",
        ("card",),
        "string",
        "red or black",
        "The card's colour.",
        '{ name = "red third", player = { third_card = { colour = "red" } }, pays = "1:1" }',
    ),
    Key(
        "cards",
        ("counted",),
        "integer",
        "a number of cards 1-6",
        "How many cards.",
        '{ name = "tens to kings pair", first_four = { of_a_kind = { cards = 2, rank = ["10", "J", "Q", "K"] } }, pays '
        '= "push" }',
        required=True,
    ),
    Key(
        "min",
        ("range",),
        "integer",
        "a whole number",
        "The least sum allowed.",
        '{ name = "big", all_cards = { value_sum = { min = 40 } }, pays = "5:1" }',
    ),
    Key(
        "max",
        ("range",),
        "integer",
        "a whole number",
        "The largest sum allowed.",
        '{ name = "small", player = { value_sum = { max = 3 } }, pays = "2:1" }',
    ),
)


def keys(place: str) -> tuple[str, ...]:
    """The keys allowed in ``place``, in the order the reference lists them."""
    if place not in PLACES:
        raise ValueError(f"place {place!r} is not among {', '.join(PLACES)}")
    return tuple(dict.fromkeys(k.name for k in KEYS if place in k.places))


def entry(place: str, name: str) -> Key:
    """The entry of key ``name`` in ``place``."""
    for key in KEYS:
        if key.name == name and place in key.places:
            return key
    raise KeyError(f"{place}.{name}")
