"""The keys of a rule file's ``[choices]`` table (:mod:`analyzer.game.choices`): the drawing cells a side decides,
what each side sees, a commission on Banker wins. Declared here once and spliced into
:data:`analyzer.game.filekeys.FILE_KEYS`, so the loader and ``docs/reference/rule-files.md`` read them with every
other rule-file key."""

from __future__ import annotations

from .schemakey import Key, default_key, source_key

CHOICE_KEYS: tuple[Key, ...] = (
    source_key("choices"),
    default_key("choices"),
    Key(
        "player",
        ("choices",),
        "string",
        "8 entries, each C (the Player chooses) or - (the [drawing] table rules), for totals 0-7",
        "The Player's choices: at which two-card totals he decides to draw or stand (chemin de fer: 5).",
        'player = "- - - - - C - -"',
        required=True,
    ),
    Key(
        "banker",
        ("choices",),
        "table",
        'keys "0"-"7", each 11 entries C or - (Player stood, then Player\'s third card 0-9)',
        "The Banker's choices ([choices.banker]): the cells of the [drawing.banker] chart he decides.",
        'banker = { "6" = "C - - - - - - C C - -" }',
        required=True,
    ),
    Key(
        "information",
        ("choices",),
        "string",
        "totals, banker-composition (the default) or both-compositions",
        "What each side sees when it chooses: its two-card total, or its two-card composition (the Banker's, or "
        "both sides').",
        'information = "banker-composition"',
    ),
    Key(
        "commission",
        ("choices",),
        "string",
        'a percentage ("5%") or a fraction ("1/20"), 0 to 50%; default 0',
        "The house's share of a Banker win: the Banker nets 1 - commission on a win (the game is then not zero-sum).",
        'commission = "5%"',
    ),
)
"""The keys of ``[choices]``, in the order the reference lists them."""
