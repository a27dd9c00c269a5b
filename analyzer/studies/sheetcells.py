"""A par sheet's cells: the headers and labels that name figures, and which cells hold a figure at all.

Shared by the CSV and workbook readers of a submitted par sheet (:mod:`.submitted`, :mod:`.submitted_xlsx`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NAMES: dict[str, str] = {
    "wager": "wager",
    "bet": "wager",
    "event": "event",
    "outcome": "event",
    "hand": "event",
    "pays": "pays",
    "pay": "pays",
    "payout": "pays",
    "odds": "pays",
    "pays_as_printed": "pays",
    "combinations": "combinations",
    "combos": "combinations",
    "ways": "combinations",
    "count": "combinations",
    "combinations_exact": "combinations_exact",
    "probability": "probability",
    "prob": "probability",
    "return": "return",
    "contribution": "return",
    "fair_odds": "fair_odds",
    "house_edge": "house_edge",
    "edge": "house_edge",
    "house_advantage": "house_edge",
    "casino_advantage": "house_edge",
    "casino_edge": "house_edge",
    "hold": "house_edge",
    "theoretical_hold": "house_edge",
    "expected_value": "expected_value",
    "ev": "expected_value",
    "player_expected_value": "expected_value",
    "rtp": "rtp",
    "return_to_player": "rtp",
    "return_to_player_rtp": "rtp",
    "theoretical_return": "rtp",
    "theoretical_rtp": "rtp",
    "payback": "rtp",
    "theoretical_payback": "rtp",
    "payout_percentage": "rtp",
    "element_of_risk": "element_of_risk",
    "hit_frequency": "hit_frequency",
    "hit_rate": "hit_frequency",
    "hit_freq": "hit_frequency",
    "win_frequency": "hit_frequency",
    "push_frequency": "push_frequency",
    "push_rate": "push_frequency",
    "variance": "variance",
    "var": "variance",
    "standard_deviation": "standard_deviation",
    "sd": "standard_deviation",
    "std_dev": "standard_deviation",
    "stdev": "standard_deviation",
    "std_deviation": "standard_deviation",
    "denominator": "denominator",
    "dealings": "denominator",
    "decks": "decks",
    "number_of_decks": "decks",
    "cards": "cards",
    "removed": "removed",
    "cards_removed": "removed",
    "removed_cards": "removed",
    "pays_changed": "pays_changed",
}
"""A par sheet's headers (normalized) and the field each states.

Suppliers' names as par sheets print them: "Hold" and "Theoretical Hold" are the share of the amount wagered the
game holds in theory, 1 - RTP, the house edge (a "theoretical hold worksheet ... indicates the theoretical percentage
the machine should hold"; "the payback is just 100% minus the house edge": D. Catlin, "Hold Percentage, Can You
Affect It?", Casino City Times, 2 September 2000). A casino's *actual* hold, win over drop, is another figure: a sheet
that states it under "Hold" is refuted, never confirmed. "Edge" and "House Advantage" are the house edge; "Theoretical
Return", "Return to Player", "Payback" the RTP; "Hit Frequency" ("Hit Rate") the chance a bet is paid more than its
stake (E. Jacobson, "Introduction to Gaming Mathematics": "the percentage of time the player wins is called the hit
frequency"). A "Volatility Index" is not mapped: it is the standard deviation times a confidence factor the supplier
chooses (1.645 for 90%: J. Robison, "Ask the Slot Expert: Calculating a slot machine's volatility", Casino City
Times, 5 April 2017, "VI = CI*sqrt(...)"), so a sheet stating one is "not verified" and names it."""
WAGER_FIGURES: tuple[str, ...] = (
    "house_edge",
    "expected_value",
    "rtp",
    "element_of_risk",
    "hit_frequency",
    "push_frequency",
    "variance",
    "standard_deviation",
    "denominator",
    "decks",
    "cards",
    "removed",
)
"""Figures of a whole wager (or its shoe): a row may state them beside its outcome; each distinct value is checked
once."""
_PERCENT_FIELDS = ("probability", "return", *WAGER_FIGURES[:6])
"""Fields that may be stated in percent: a header with "%" or "percent" states them so."""
ALIASES: dict[str, str] = {
    **_NAMES,
    **{f"{k}_percent": f"{v}_percent" for k, v in _NAMES.items() if v in _PERCENT_FIELDS},
}
"""Column names (normalized) and the field each one states; ``..._percent`` in percent."""
ROW_NUMBERS = frozenset(("#", "no", "row", "line", "id", "index", "item"))
"""Headers of a column that numbers the rows (normalized, and "#"): its numbers are no figure of the game."""
IDENTIFYING = ("wager", "event")
"""Fields that say what a row is about rather than state a figure."""
TOTALS = ("total", "totals")
SIGNIFICANT = 15
"""Significant digits a spreadsheet's number (a double) carries."""
EXACT_DOUBLE = 2**53
FORMULA_GUARD = ("=", "+", "-", "@", "\t", "\r")
"""What a CSV writer guards with a leading ``'`` (``analyzer.report.to_csv``); the ``'`` is dropped when read."""
_FIGURE_TEXT = re.compile(
    r"\(?[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?(?:\s*%)?(?:\s*(?:/|:|to|for)\s*\d[\d,]*(?:\.\d+)?)?\)?"
    r"|\(?(?:lose|push)\)?",
    re.IGNORECASE,
)
MAX_FIGURE_TEXT = 1000
"""The longest text read as a figure: an exact fraction of two 400-digit numbers fits; a longer cell is text."""


def figure_like(value: object) -> bool:
    """Whether a cell holds a figure: a number, or a text that reads as one (a decimal, a percentage, a fraction, a
    pay such as "19:20", "11 for 1", "push").

    >>> [figure_like(v) for v in (0.95, "1.06%", "19:20", "(lose)", "banker", "8 decks (416 cards)", True)]
    [True, True, True, True, False, False, False]
    """
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float):
        return True
    text = str(value)
    return len(text) <= MAX_FIGURE_TEXT and bool(_FIGURE_TEXT.fullmatch(unguarded(text).strip()))


def unguarded(text: str) -> str:
    """A CSV cell as written before its formula guard: "'-1:6" -> "-1:6" (a leading ``'`` before = + - @)."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_GUARD) else text


def normalized(name: object) -> str:
    """A header as a key: "House edge (%)" -> "house_edge_percent", "Combinations (exact)" -> "combinations_exact"."""
    text = str(name or "").strip().lower().replace("%", " percent")
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")


@dataclass(frozen=True, slots=True)
class Unread:
    """What a par sheet holds that no figure is read from, gathered while it is read: ``columns`` holding no figure
    (names, notes, provenance), ``figures`` not read (a column or cell holding numbers whose meaning is not known),
    and ``unvalued`` workbook cells (a formula saved without its value, sheet!cell)."""

    columns: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    unvalued: list[str] = field(default_factory=list)


Cell = tuple[str, str, object]
"""A cell that states a figure: its field, where it is (its column's header, or its address), and its value."""
Row = tuple[str, list[Cell]]
"""A row's label (where it is in the file) and its cells, in order."""
