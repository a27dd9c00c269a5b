"""The keys of a ``[wagers.NAME]`` table: the wager, its lightning multipliers, its money (fee, cap, jackpot) and its
published figures, declared once (part of :data:`analyzer.game.filekeys.FILE_KEYS`)."""

from __future__ import annotations

from .schemakey import Key

WAGER_KEYS: tuple[Key, ...] = (
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
        "cards, multipliers, optionally applies_to, limit and stake_returned",
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
    # ------------------------------------------------------ lightning: the share of the stake a win returns
    Key(
        "stake_returned",
        ("lightning",),
        "string",
        'a percentage of the stake, "0%" to "100%" (the default)',
        "The share of the stake a winning row returns beside its multiplied pays. The Banker bet of the Golden-Wealth "
        'family returns 95% of the stake plus the multiplied win: pays = "1:1" with stake_returned = "95%" nets '
        '0.95 unmultiplied and 7.95 at 8x (8.95 returned), where pays = "19:20" would net 0.95 x 8 = 7.6. A push '
        "returns the whole stake.",
        'stake_returned = "95%"',
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
)
