"""Generate the rule-file and condition-language references from :mod:`analyzer.game.schema`.

On ``builder-inited`` this writes ``docs/reference/rule-files.md`` and
``docs/reference/conditions.md`` (only when their text changes, so a build
does not touch the files needlessly). ``tests/test_schema.py`` checks that
the committed pages are what :func:`pages` renders, so they cannot drift from
the keys the loader accepts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from analyzer.game.patterns import POKER
from analyzer.game.poker import BEST_FIVE
from analyzer.game.schema import CONDITION_PLACES, KEYS, Key, keys

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent / "reference"

_PLACE_TITLES = {
    "file": "Top-level tables",
    "rule_set": "`[rule_set]`",
    "shoe": "`[shoe]`",
    "drawing": "`[drawing]`",
    "dealing": "`[dealing]`",
    "own_cards": "`[own_cards]`",
    "choices": "`[choices]`: drawing cells a side decides",
    "wager": "`[wagers.NAME]`: a wager",
    "published": "`published = [...]`: a published figure",
    "cap": "`cap = { ... }`: a wager's payout cap",
    "jackpot": "`jackpot = { ... }`: a wager's progressive jackpot",
    "lightning": "`lightning = { ... }`: a wager's random multipliers",
    "reveal": "`[reveal]`: reveal and raise (Peek-style games)",
    "row": "A pay-table row (an entry of `outcomes`)",
    "hand": "Hand keys (`player = { ... }`, `banker`, `either`, `both`, `winning_hand`, `losing_hand`, `other`)",
    "group": "Group keys (`first_two`, `first_four`, `all_cards`; a hand's keys over all its cards)",
    "card": "A card table (`{ rank = ..., value = ..., suit = ..., colour = ... }`)",
    "counted": "The table form of `of_a_kind` and `same_suit`",
    "range": "The table form of `rank_sum` and `value_sum`",
}

_GENERATED = (
    "<!-- Generated from analyzer/game/schema.py by docs/_ext/schema_reference.py: edit those, not this page. -->"
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _entry(key: Key, place: str) -> str:
    required = " Required." if key.required else ""
    return f"`{key.name}`\n: *{key.kind}*: {_cell(key.allowed)}. {key.text}{required}\n\n  Example: `{key.example}`\n"


def _place(place: str, shown_elsewhere: set[str]) -> str:
    lines = [f"## {_PLACE_TITLES[place]}", ""]
    for name in keys(place):
        key = next(k for k in KEYS if k.name == name and place in k.places)
        if place == "row" and ("hand" in key.places):
            shown_elsewhere.add(name)
            continue
        if place == "hand" and "group" in key.places:
            continue
        lines.append(_entry(key, place))
    if place == "row":
        lines.append(
            "A row also takes the hand keys and group keys below at its top level when its wager has a `side` "
            "(they then read the wager's own hand).\n"
        )
    if place == "hand":
        lines.append("A hand table also takes every group key below, read over all the hand's cards.\n")
    return "\n".join(lines)


def _poker_orders() -> str:
    lines = [
        "## Poker ranks",
        "",
        "`poker` reads the poker rank of a group of two to four cards (a hand, its `first_two`, or `first_four`), "
        "and in `all_cards` the rank of the best five of every card dealt (four to six). The orders, best first:",
        "",
    ]
    for n, names in sorted(POKER.items()):
        lines.append(f"- {n} cards: {', '.join(names)}")
    lines.append(f"- best five of every card dealt (`all_cards`): {', '.join(BEST_FIVE)}")
    lines += [
        "",
        "Three cards follow three-card poker (a straight beats a flush); four cards rank by rarity in four "
        "cards (four of a kind above a straight flush). A straight takes the ace low (A-2-3) or high (Q-K-A), "
        "never both at once (K-A-2 is none). `of_a_kind = [3, 2]` asks for distinct ranks with at least 3 and 2 "
        "cards (a full house); `pairs = N` is `of_a_kind` of N twos, so a three of a kind is also a pair: the "
        "first row that holds settles, so put the better hands first.",
        "",
        "The best five: the best five-card hand among the cards dealt (A-2-3-4-5 and 10-J-Q-K-A are straights). "
        'A royal flush is not also a straight flush: pay both with `poker = ["royal flush", "straight '
        'flush"]`. Five of a kind (possible from two decks on) ranks above a straight flush and below a royal '
        "flush, as in Deuces Wild; six cards never hold it together with either, so the place only orders the "
        "names. Four cards (a round of four) make no straight and no flush: their best is four of a kind, three of "
        "a kind, two pair, pair or high card. Beside it a row may read totals, cards, naturals, results, margins, "
        "two-card totals and pairs; a wager that reads the best five with suits or cards besides is refused.",
        "",
    ]
    return "\n".join(lines)


def pages() -> dict[str, str]:
    """The generated pages: file name -> Markdown text."""
    rule_places = [p for p in _PLACE_TITLES if p not in CONDITION_PLACES]
    rule_files = "\n".join(
        [
            "# Rule files",
            "",
            _GENERATED,
            "",
            "A rule file is TOML: a `[rule_set]` table, the shoe and the drawing rules (or `extends` a rule set that "
            "has "
            "them), and `[wagers.NAME]` tables. Every key the loader accepts is listed here, with where it may appear; "
            "any other key is refused with one line naming it and what is allowed. The pay-table rows are the "
            "condition "
            "language: see [Conditions](conditions.md).",
            "",
            *(_place(p, set()) for p in rule_places),
        ]
    )
    shown: set[str] = set()
    conditions = "\n".join(
        [
            "# Conditions",
            "",
            _GENERATED,
            "",
            "A pay-table row is an inline table: `name`, `pays`, and conditions, all of which must hold. Rows are "
            "tried in "
            "order and the first that holds settles the bet. Every key below comes with an example row; the reference "
            "is "
            "generated from the declarations the loader reads its keys from.",
            "",
            *(_place(p, shown) for p in CONDITION_PLACES),
            _poker_orders(),
        ]
    )
    return {"rule-files.md": rule_files.rstrip() + "\n", "conditions.md": conditions.rstrip() + "\n"}


def write_pages(_app: Any = None) -> None:
    """Write the pages into docs/reference (only those whose text changed)."""
    for name, text in pages().items():
        path = REFERENCE / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
