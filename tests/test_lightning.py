"""Random multipliers (issue 18, item 3), held to a brute force: every ordered six-card sequence of a small suited
shoe, played by hand-written rules, and every lightning draw (which card types, which multipliers), summed exactly."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path

import pytest

from analyzer.api import analyze
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.cards import RANKS, SUITS
from analyzer.game.shoe import Shoe

from .brute_force_suited import Hand, played, total
from .clirun import run

TYPES = [rank + suit for rank in RANKS for suit in SUITS]
SHOES = {
    "nines-twice": ["9S", "9S", "KH", "5D", "4C", "9H", "AH"],  # the same card type twice: a pair of one type
    "mixed": ["2H", "7S", "8D", "KC", "3H", "AS"],
}
TIE_RULES = """[rule_set]
name = "lightning-test"
title = "t"
extends = "punto-banco"

[wagers.lit]
title = "lit"
source = "t"
side = "player"
lightning = { cards = CARDS, multipliers = MULTIPLIERS, applies_to = "APPLIES" }
outcomes = [
  { name = "win", result = "win", pays = "1:1" },
  { name = "tie", result = "tie", pays = "push" },
  { name = "loss", pays = "lose" },
]
"""


def _hand_cards(player: Hand, banker: Hand, applies: str) -> Hand:
    if applies.endswith(" first two"):
        return (player if applies.startswith("player") else banker)[:2]
    if applies in ("player", "banker"):
        return player if applies == "player" else banker
    p, b = total(player), total(banker)
    if applies == "both hands" or p == b:
        return player + banker
    return player if p > b else banker


TWO_VALUES = '{ "2" = "1/2", "3" = "1/2" }'


def brute(
    cards: list[str], k: int, applies: str, values: tuple[Fraction, ...], returned: Fraction = Fraction(1)
) -> Counter[Fraction]:
    """Net of a Player bet (1:1, tie pushes) times the lightning multipliers, over every deal and every draw (each
    multiplier value equally likely); a win gives back the share ``returned`` of the stake, not all of it."""
    draws = list(combinations(range(52), k))
    multipliers = list(product(values, repeat=k))
    weight = Fraction(1, len(draws) * len(multipliers))
    nets: Counter[Fraction] = Counter()
    for (player, banker), n in played(tuple(cards)).items():
        p, b = total(player), total(banker)
        if p <= b:
            nets[Fraction(0) if p == b else Fraction(-1)] += n
            continue
        hand = [TYPES.index(c) for c in _hand_cards(player, banker, applies)]
        for drawn in draws:
            for values in multipliers:
                factor = Fraction(1)
                for t, m in zip(drawn, values):
                    factor *= m ** hand.count(t)
                nets[factor - (1 - returned)] += n * weight
    return nets


@pytest.mark.parametrize(
    "shoe_name, cards_drawn, applies, values",
    [
        ("nines-twice", 1, "winning hand", (2, 3)),  # a card type dealt twice multiplies twice
        ("mixed", 1, "winning hand", (2, 3)),
        ("nines-twice", 2, "both hands", (5,)),
        ("mixed", 2, "winning hand", (2,)),
        ("nines-twice", 1, "player first two", (2, 3)),  # a pair bet's cards: the third card is not multiplied
        ("mixed", 1, "banker first two", (2, 3)),
    ],
)
def test_multiplied_pays_equal_a_brute_force_over_deals_and_draws(
    rule_file,
    shoe_name: str,
    cards_drawn: int,  # type: ignore[no-untyped-def]
    applies: str,
    values: tuple[int, ...],
) -> None:
    cards = SHOES[shoe_name]
    table = "{ " + ", ".join(f'"{v}" = "1/{len(values)}"' for v in values) + " }"
    text = TIE_RULES.replace("CARDS", str(cards_drawn)).replace("APPLIES", applies).replace("MULTIPLIERS", table)
    rules = load_rules(rule_file(text))
    (sheet,) = par_sheets(rules, Shoe.from_cards(cards), ("lit",))
    got: Counter[Fraction] = Counter()
    for row in sheet.rows:
        assert row.pays is not None
        got[row.pays] += Fraction(row.combinations, sheet.denominator)
    expected = brute(cards, cards_drawn, applies, tuple(Fraction(v) for v in values))
    total_deals = sum(expected.values())
    assert +got == +Counter({net: Fraction(n) / total_deals for net, n in expected.items()})


@pytest.mark.parametrize("shoe_name, applies", [("nines-twice", "winning hand"), ("mixed", "both hands")])
def test_a_win_that_returns_95_percent_of_the_stake_nets_the_multiplied_win_less_5_percent(
    rule_file,  # type: ignore[no-untyped-def]
    shoe_name: str,
    applies: str,
) -> None:
    """stake_returned (the Golden-Wealth family's Banker): a win pays its pays times the multipliers with 95% of the
    stake back, M - 0.05 net, held to the brute force over every deal and draw; and a push still returns it all."""
    cards = SHOES[shoe_name]
    text = TIE_RULES.replace("CARDS", "1").replace("APPLIES", applies).replace("MULTIPLIERS", TWO_VALUES)
    text = text.replace('applies_to = "', 'stake_returned = "95%", applies_to = "')
    rules = load_rules(rule_file(text))
    (sheet,) = par_sheets(rules, Shoe.from_cards(cards), ("lit",))
    got: Counter[Fraction] = Counter()
    for row in sheet.rows:
        assert row.pays is not None
        got[row.pays] += Fraction(row.combinations, sheet.denominator)
    expected = brute(cards, 1, applies, (Fraction(2), Fraction(3)), returned=Fraction(95, 100))
    total_deals = sum(expected.values())
    assert +got == +Counter({net: Fraction(n) / total_deals for net, n in expected.items()})
    pays = {r.outcome.name: r.pays for r in sheet.rows}
    assert pays["win"] == Fraction(19, 20) and pays["win x3"] == Fraction(59, 20) and pays["tie"] == 0


def test_a_lightning_file_states_its_multipliers_and_the_fee_applies_after_them(rule_file) -> None:  # type: ignore[no-untyped-def]
    text = TIE_RULES.replace("CARDS", "1").replace("APPLIES", "winning hand").replace("MULTIPLIERS", TWO_VALUES)
    text = text.replace('side = "player"', 'side = "player"\nfee = "20%"')
    (sheet,) = analyze(rule_file(text), wagers=["lit"]).sheets
    pays = {r.outcome.name: r.pays for r in sheet.rows}
    assert pays["win"] == Fraction(2, 3) and pays["win x2"] == Fraction(3, 2) and pays["win x3"] == Fraction(7, 3)
    assert pays["tie"] == Fraction(-1, 6)


@pytest.mark.parametrize(
    "change, message",
    [
        ("cards = 1", "cards = 60"),
        ('"2" = "1/2"', '"2" = "1/3"'),
        ('"2" = "1/2"', '"0.5" = "1/2"'),
        ('applies_to = "winning hand"', 'applies_to = "dealer"'),
        ('applies_to = "winning hand"', 'stake_returned = "105%"'),
        ('applies_to = "winning hand"', 'stake_returned = "95"'),
    ],
)
def test_bad_lightning_keys_are_one_line(rule_file, change: tuple[str, str], message: str) -> None:  # type: ignore[no-untyped-def]
    text = TIE_RULES.replace("CARDS", "1").replace("APPLIES", "winning hand").replace("MULTIPLIERS", TWO_VALUES)
    bad = text.replace(change, message)
    assert bad != text
    code, out, err = run("analyze", "--rules", rule_file(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and "lightning" in err


@pytest.mark.parametrize(
    "command",
    [
        ["formula", "--wager", "lightning-player"],
    ],
)
def test_commands_that_do_not_count_multipliers_yet_say_so_in_one_line(command: list[str]) -> None:
    examples = Path(__file__).parent.parent / "examples"
    code, out, err = run(command[0], "--rules", str(examples / "lightning-style.toml"), *command[1:])
    assert code == 2 and out == "" and err.count("\n") == 1 and "has lightning multipliers" in err


@pytest.mark.slow
def test_solve_finds_the_base_pay_of_a_multiplied_outcome_exactly() -> None:
    """The return is affine in the base pay (multipliers, then the fee): solved from exact par sheets, checked at the
    solution, each candidate's edge that of its own par sheet."""
    examples = Path(__file__).parent.parent / "examples"
    code, out, err = run(
        "solve",
        "--rules",
        str(examples / "lightning-style.toml"),
        "--wager",
        "lightning-player",
        "--outcome",
        "Player wins",
        "--edge",
        "1.33%",
        "--format",
        "json",
    )
    assert code == 0, err
    (document,) = json.loads(out)
    rules = load_rules(str(examples / "lightning-style.toml"))
    (at,) = par_sheets(
        rules.with_pays("lightning-player", "Player wins", Fraction(document["pays"])),
        Shoe.decks(8),
        ("lightning-player",),
    )
    assert at.house_edge == Fraction(133, 10000)
    for candidate in document["candidates"][:2]:
        (sheet,) = par_sheets(
            rules.with_pays("lightning-player", "Player wins", Fraction(candidate["value"])),
            Shoe.decks(8),
            ("lightning-player",),
        )
        assert sheet.house_edge == Fraction(candidate["house_edge"])


def test_a_shape_on_a_multiplied_wager_is_one_line() -> None:
    examples = Path(__file__).parent.parent / "examples"
    code, out, err = run(
        "solve",
        "--rules",
        str(examples / "lightning-style.toml"),
        "--wager",
        "lightning-tie",
        "--shape",
        "tie=5",
        "--edge",
        "5%",
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "not a shape" in err
