"""The two-hand class count's fast moments and split play-out against the plain ones, integer for integer.

:func:`analyzer.exact.moments.reduced_moments` (segment sums, S2 only where
both hands may draw) must give exactly the moments of
:func:`analyzer.exact.moments.paired_moments` (every (group, pair) added by
index), and the count that deals one third card or none where no more is
dealt exactly the records and counts of the count that deals every (x, y)
everywhere (``_record_table(..., plain=True)``, the path before the fast
one): on the wagers that read suits and play the round out, on one that
reads no suit, on small odd suited shoes and at 8 decks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from analyzer.exact import classcount
from analyzer.exact.moments import moments, paired_moments, reduced_moments
from analyzer.game.needs import needs_of
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe

from .conftest import RULEFILES

KINDS = str(RULEFILES / "condition-kinds.toml")
# wagers whose count deals both hands and the third cards: suited records, and one without suits
WAGERS = [
    ("lucky-8", "lucky-8-player"),
    ("lucky-8", "lucky-8-banker"),
    ("suits", "super-tie"),
    (KINDS, "cards-held"),
    (KINDS, "colours"),
    (KINDS, "positions"),
    ("egalite", "high-tie-max"),
]
ODD_SHOES = {
    "nine cards": Shoe.from_cards(["KH", "KH", "QH", "9H", "9S", "8D", "5H", "3C", "AH"]),
    "eleven cards": Shoe.from_cards(["7S", "7S", "6S", "KS", "QS", "2H", "8D", "AS", "9C", "5S", "4H"]),
    "twenty cards": Shoe.from_cards(
        [
            "AH",
            "2D",
            "3H",
            "4D",
            "5H",
            "AH",
            "KD",
            "8H",
            "8C",
            "9S",
            "TS",
            "TD",
            "6C",
            "7H",
            "7H",
            "QS",
            "JC",
            "4S",
            "2C",
            "9D",
        ]
    ),
    "one deck less five": Shoe.decks(1).remove(["KH", "9D", "8S", "8C", "2H"]),
    "two decks less seven": Shoe.decks(2).remove(["AS", "AS", "7H", "QD", "3C", "3C", "9H"]),
}
SMALL = ("nine cards", "eleven cards")  # the quick subset; "twenty cards" and the decks run in the full suite
SHOES = [name if name in SMALL else pytest.param(name, marks=pytest.mark.slow) for name in ODD_SHOES]
"""The deck-sized shoes take a second or two by the plain path: the full run takes them."""


def _wager(rule_set: str, name: str) -> tuple[Any, Any]:
    rules = read_rules(rule_set)
    return rules.drawing, needs_of(rules.wager(name))


@pytest.mark.parametrize("shoe_name", SHOES)
@pytest.mark.parametrize(("rule_set", "wager"), WAGERS, ids=[w for _, w in WAGERS])
def test_the_fast_count_gives_the_plain_counts_record_for_record(shoe_name: str, rule_set: str, wager: str) -> None:
    drawing, needs = _wager(rule_set, wager)
    shoe = ODD_SHOES[shoe_name]
    fast = classcount._record_table(shoe, drawing, needs)
    plain = classcount._record_table(shoe, drawing, needs, plain=True)
    assert fast.fields.tolist() == plain.fields.tolist()
    assert [int(c) for c in fast.counts] == [int(c) for c in plain.counts]
    assert sum(int(c) for c in fast.counts) == shoe.denominator


@pytest.mark.slow
@pytest.mark.parametrize("wager", ["lucky-8-player", "lucky-8-banker"])
def test_the_fast_count_gives_the_plain_counts_of_lucky_8_at_8_decks(wager: str) -> None:
    drawing, needs = _wager("lucky-8", wager)
    fast = classcount._record_table(Shoe.decks(8), drawing, needs)
    plain = classcount._record_table(Shoe.decks(8), drawing, needs, plain=True)
    assert fast.fields.tolist() == plain.fields.tolist()
    assert [int(c) for c in fast.counts] == [int(c) for c in plain.counts]
    # the Player's double suited three-card 8 (both hands suited three-card 8s), as the rule file publishes it
    view = dict(zip((name for name, _ in needs.fields()), fast.fields.T))
    both = (
        (view["player.total"] == 8)
        & (view["banker.total"] == 8)
        & (view["player.cards"] == 1)
        & (view["banker.cards"] == 1)
        & (view["player.all.suit"] < 4)
        & (view["banker.all.suit"] < 4)
    )
    assert sum(int(c) for c in fast.counts[both]) == 38_708_182_784


@pytest.mark.parametrize("shoe_name", SHOES)
@pytest.mark.parametrize(("rule_set", "wager"), WAGERS[:4], ids=[w for _, w in WAGERS[:4]])
def test_reduced_moments_are_the_paired_moments_where_both_hands_may_draw(
    shoe_name: str, rule_set: str, wager: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawing, needs = _wager(rule_set, wager)
    seen: list[Any] = []

    def keep(grid: Any, size: int, rect: Any) -> list[Any]:
        seen.append((grid, rect))
        return reduced_moments(grid, rect)

    monkeypatch.setattr(classcount, "hand_moments", keep)
    classcount._record_table(ODD_SHOES[shoe_name], drawing, needs)
    ((grid, (fs, ss)),) = seen
    nf, ns, t = grid.shape
    assert 0 < len(fs) < nf and 0 < len(ss) < ns  # a proper rectangle: naturals and standing totals left out
    fast = reduced_moments(grid, (fs, ss))
    s0, s1, s2 = paired_moments(grid, object)
    assert fast[0].tolist() == s0.tolist()
    assert fast[1].tolist() == s1.tolist()
    assert fast[2].tolist() == s2.reshape(nf, ns, t, t)[np.ix_(fs, ss)].reshape(-1, t, t).tolist()
    # a shoe so large that 16 N^4 passes 2^63 takes the plain moments in Python integers, on the same rectangle
    big = moments(grid, 30_000, (fs, ss))
    assert big[2].dtype == object and [m.tolist() for m in big] == [m.tolist() for m in fast]


def test_reduced_moments_take_the_groups_chunk_by_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flat memory: a grid larger than a chunk is taken in several, with the same sums."""
    from analyzer.exact import moments as module

    drawing, needs = _wager("lucky-8", "lucky-8-player")
    shoe = ODD_SHOES["twenty cards"]
    whole = classcount._record_table(shoe, drawing, needs)
    weighed: list[int] = []
    weights = module._weights

    def counted(weight: Any, *rest: Any) -> Any:
        weighed.append(len(weight))
        return weights(weight, *rest)

    monkeypatch.setattr(module, "_weights", counted)
    monkeypatch.setattr(module, "CHUNK_CELLS", 1 << 12)
    chunked = classcount._record_table(shoe, drawing, needs)
    assert len(weighed) > 3
    assert chunked.fields.tolist() == whole.fields.tolist() and chunked.counts.tolist() == whole.counts.tolist()
