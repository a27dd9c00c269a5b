"""A pay-table row's conditions in words: what a par sheet prints beside a row written by the designer.

>>> from analyzer.game.conditions import Condition, HandTest
>>> nine = HandTest(total=frozenset({9}), natural=True)
>>> describe(Condition(player=nine, banker=HandTest(total=frozenset({7}))))
'Player total 9, natural; Banker total 7'
"""

from __future__ import annotations

from .conditions import WINNERS, Condition, GroupTest, HandTest
from .patterns import describe_pattern


def _values(values: frozenset[int]) -> str:
    ordered = sorted(values)
    if ordered == [0, 2, 4, 6, 8]:
        return "even"
    if ordered == [1, 3, 5, 7, 9]:
        return "odd"
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return "/".join(str(v) for v in ordered)


def describe_group(test: GroupTest) -> list[str]:
    """The conditions of a group test as short phrases."""
    parts = []
    if test.holds:
        parts.append("holds " + " ".join(" ".join([spec.text] * n) for spec, n in test.holds))
    if test.suited is not None:
        parts.append("one suit" if test.suited else "not one suit")
    if test.colour is not None:
        parts.append(
            {"red": "all red", "black": "all black", "same": "one colour", "mixed": "both colours"}[test.colour]
        )
    if test.highest is not None:
        parts.append(f"highest card {_values(test.highest)}")
    if test.pattern is not None:
        parts.extend(describe_pattern(test.pattern))
    return parts


def describe_hand(test: HandTest) -> list[str]:
    """The conditions of a hand test as short phrases."""
    parts = []
    if test.result is not None:
        parts.append({"win": "wins", "tie": "ties", "loss": "loses"}[test.result])
    if test.margin is not None:
        parts.append(f"by {test.margin}")
    if test.min_margin is not None:
        parts.append(f"by {test.min_margin} or more")
    if test.total is not None:
        parts.append(f"total {_values(test.total)}")
    if test.two_card_total is not None:
        parts.append(f"two-card total {_values(test.two_card_total)}")
    if test.natural is not None:
        parts.append("natural" if test.natural else "not natural")
    if test.cards is not None:
        parts.append(f"{test.cards} cards")
    if test.pair is not None:
        parts.append("pair" if test.pair else "no pair")
    if test.suited_pair is not None:
        parts.append("suited pair" if test.suited_pair else "no suited pair")
    if test.third_card is not None:
        parts.append(f"third card {test.third_card.text}")
    parts.extend(describe_group(test.group))
    first = describe_group(test.first_two)
    if first:
        parts.append(f"first two: {', '.join(first)}")
    return parts


_HAND_LABELS = (
    ("own", None),
    ("other", "other hand"),
    ("player", "Player"),
    ("banker", "Banker"),
    ("either", "either hand"),
    ("both", "both hands"),
    ("winning_hand", "winning hand"),
    ("losing_hand", "losing hand"),
)


def describe(condition: Condition) -> str:
    """The condition as a pay table would word it ("" when it tests nothing)."""
    parts: list[str] = []
    if condition.winner is not None:
        parts.append(
            " or ".join("tie" if w == "tie" else f"{w.capitalize()} wins" for w in WINNERS if w in condition.winner)
        )
    for name, label in _HAND_LABELS:
        test = getattr(condition, name)
        if test is not None:
            words = ", ".join(describe_hand(test))
            parts.append(words if label is None else f"{label} {words}")
    if condition.cards_dealt is not None:
        parts.append(f"{_values(condition.cards_dealt)} cards dealt")
    if condition.fifth_card is not None:
        parts.append(f"fifth card {condition.fifth_card.text}")
    if condition.sixth_card is not None:
        parts.append(f"sixth card {condition.sixth_card.text}")
    for name, label in (("first_four", "first four cards"), ("all_cards", "all cards dealt")):
        test = getattr(condition, name)
        if test is not None:
            parts.append(f"{label}: {', '.join(describe_group(test))}")
    return "; ".join(parts)
