"""Record tables carried across a permutation of the suits (analyzer/exact/suits.py), and ``eor`` built on them.

The table a permutation carries must be, record for record, the count of
the image shoe (counted on its own), on odd shoes that no permutation keeps;
where a field would move otherwise (a colour across colours, a card spec
the permutation does not keep) no table is carried. ``eor`` counts a rank
once per orbit of its suits and gives the effects it gives by counting
every card type.
"""

from __future__ import annotations

import pytest

from analyzer.exact import classcount
from analyzer.exact.suits import image_type, keeps_shoe, permuted, transposition
from analyzer.game.cards import TYPES
from analyzer.game.needs import needs_of
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies import eor

from .conftest import RULEFILES

KINDS = str(RULEFILES / "condition-kinds.toml")
BEST_FIVE = str(RULEFILES / "best-five.toml")
ODD = Shoe.from_cards(["KH", "KH", "QH", "9H", "9S", "8D", "5H", "3C", "AH", "7S", "6D", "2C"])
CYCLE = (1, 2, 3, 0)  # S -> H -> D -> C -> S: takes a black suit to a red one


def _image(shoe: Shoe, perm: tuple[int, ...]) -> Shoe:
    assert shoe.types is not None
    return Shoe.from_cards([TYPES[image_type(t, perm)] for t, n in enumerate(shoe.types) for _ in range(n)])


KEEPS_COLOURS = (transposition(0, 3), transposition(1, 2))
MOVES_COLOURS = (CYCLE, transposition(0, 1))


@pytest.mark.parametrize("perm", KEEPS_COLOURS + MOVES_COLOURS)
@pytest.mark.parametrize(
    ("rule_set", "wager", "moved"),
    [
        ("lucky-8", "lucky-8-player", ()),  # common suits only: carried by every permutation
        (KINDS, "cards-held", ()),  # rank specs and a common suit
        ("suits", "super-tie", MOVES_COLOURS),  # reads colours: carried only where the colours stay
        (KINDS, "colours", MOVES_COLOURS),
        (KINDS, "positions", KEEPS_COLOURS + MOVES_COLOURS),  # 9H, spades: specs none of these keeps
        ("lucky-nines", "lucky-nines-binions", KEEPS_COLOURS + MOVES_COLOURS),  # suit keyings: never carried
        (
            BEST_FIVE,
            "best-five",
            (),
        ),  # the best five's flush is five of one suit, whichever: carried by every permutation
    ],
)
def test_a_carried_table_is_the_count_of_the_image_shoe(
    rule_set: str, wager: str, moved: tuple[tuple[int, ...], ...], perm: tuple[int, ...]
) -> None:
    rules = read_rules(rule_set)
    needs = needs_of(rules.wager(wager))
    carried = permuted(classcount.record_table(ODD, rules.drawing, needs), needs, perm)
    if perm in moved:  # a field would move in a way not carried: the image shoe is counted instead
        assert carried is None
        return
    assert carried is not None
    counted = classcount.record_table(_image(ODD, perm), rules.drawing, needs)
    assert carried.fields.tolist() == counted.fields.tolist()
    assert [int(c) for c in carried.counts] == [int(c) for c in counted.counts]


def test_only_a_permutation_that_keeps_the_shoe_carries_its_counts() -> None:
    assert keeps_shoe(Shoe.decks(8), CYCLE) and keeps_shoe(Shoe.decks(1).remove(["KH", "KD"]), transposition(1, 2))
    assert not keeps_shoe(Shoe.decks(1).remove(["KH"]), transposition(1, 2))
    assert not keeps_shoe(Shoe.decks(1).remove(["KH", "KD"]), transposition(0, 1))


@pytest.mark.slow
def test_eor_counts_each_rank_once_per_orbit_of_its_suits_with_the_effects_of_every_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = read_rules("lucky-8")
    cards = [rank + suit for rank in "895K" for suit in "SHDC"] * 2
    cards.remove("KH")
    cards.remove("KD")
    shoe = Shoe.from_cards(cards)  # hearts and diamonds swap, spades and clubs too; not spades and hearts
    counts: list[Shoe] = []
    count = classcount._record_table

    def counted(shoe: Shoe, *rest: object) -> object:
        counts.append(shoe)
        return count(shoe, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(classcount, "_record_table", counted)
    classcount.forget()
    (carried,) = eor.effects_of_removal(rules, shoe, ("lucky-8-player",))
    assert len(counts) == 1 + 4 * 2  # the shoe, then per rank one of {S, C} and one of {H, D}
    monkeypatch.setattr(eor._Carrier, "before", lambda self, card, short: False)
    classcount.forget()
    (each,) = eor.effects_of_removal(rules, shoe, ("lucky-8-player",))
    assert len(counts) == 9 + 1 + 16
    assert carried.by_type == each.by_type and carried.effects == each.effects
    assert carried.by_type is not None
    assert carried.by_type[TYPES.index("KS")] != carried.by_type[TYPES.index("KH")]  # the suits of a rank differ here
