"""The keys of a rule file's tables (rule_set, shoe, drawing, dealing, own_cards, choices; a wager's in
:mod:`analyzer.game.wagerkeys`), declared once; ``docs/reference/rule-files.md`` is generated from them."""

from __future__ import annotations

from .choicekeys import CHOICE_KEYS
from .schemakey import Key, default_key, source_key
from .wagerkeys import WAGER_KEYS

FILE_KEYS: tuple[Key, ...] = (
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
        "choices",
        ("file",),
        "table",
        "the keys of choices",
        "Drawing cells left to a side's choice, what each side sees, a commission on Banker wins "
        "(`baccarat equilibrium`).",
        "[choices]",
    ),
    Key(
        "dealing",
        ("file",),
        "table",
        "the keys of dealing",
        "The order of the first four cards and the procedure.",
        "[dealing]",
    ),
    Key(
        "reveal",
        ("file",),
        "table",
        "the keys of reveal",
        "Reveal and raise (Peek-style games): after the first four cards are dealt, some are turned face up and a "
        "bettor on a raisable wager may keep the initial bet or raise it (`baccarat peek` analyses it; its keys: "
        "analyzer/game/revealkeys.py).",
        "[reveal]",
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
    # ---------------------------------------------- rule_set: the kind of game (issue 28)
    Key(
        "kind",
        ("rule_set",),
        "string",
        "live, electronic or rng",
        "The kind of game: a live table game dealt by a person (the default, stated in the report when the file is "
        "silent), an electronic table game (real cards, bets placed and settled at terminals), or an RNG game "
        "(cards drawn by a random number generator, a gaming device); the regulatory checks a report applies "
        "depend on it.",
        'kind = "electronic"',
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
    source_key("shoe"),
    default_key("shoe"),
    # ------------------------------------------------------------- drawing
    source_key("drawing"),
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
    *CHOICE_KEYS,
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
    source_key("dealing"),
    default_key("dealing"),
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
    source_key("own_cards"),
    *WAGER_KEYS,
)
