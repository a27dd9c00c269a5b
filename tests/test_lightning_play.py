"""Lightning cards in play (issue 18, item 5): the simulator draws them round by round, as the game does, checked
against the exact par sheet on the mean (the simulate verdict) and on the whole distribution of (row, total
multiplier); ``deal`` settles a round with the lightning cards given, by the rule the par sheet applies."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest

from analyzer.api import analyze
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.cards import TYPES
from analyzer.game.money import multiplier_text
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState
from analyzer.play.dealer import state_code
from analyzer.play.executor import LocalExecutor
from analyzer.play.lightning import LightningDraw, applied, key_value
from analyzer.play.simulate import plan, run

from .clirun import run as cli
from .test_lightning import TIE_RULES

EXAMPLES = Path(__file__).parent.parent / "examples"
RULES = (
    TIE_RULES.replace('side = "player"', 'side = "player"\nfee = "20%"')
    .replace("CARDS", '{ "1" = "1/2", "3" = "1/2" }')
    .replace("MULTIPLIERS", '{ "2" = "3/4", "5" = "1/4" }')
)
"""A Player bet with a fee and lightning on the hands ``APPLIES`` names (tests/test_lightning.py's template)."""
SHOE = ["9S", "9S", "KH", "5D", "4C", "9H", "AH", "3C"]  # small and suited: a card type twice, so it can multiply twice


def chi_square_999(freedom: int) -> float:
    """The 99.9% point of the chi-square distribution (Wilson and Hilferty's cube, a little above the table: 16.55 for 3
    degrees of freedom, where
    the table gives 16.27; 39.39 for 16, table 39.25)."""
    z = NormalDist().inv_cdf(0.999)
    return float(freedom * (1 - 2 / (9 * freedom) + z * (2 / (9 * freedom)) ** 0.5) ** 3)


def _observed(applies: str, rule_file, rounds: int = 200_000) -> tuple[Counter[str], dict[str, Fraction], int]:  # type: ignore[no-untyped-def]
    rules = load_rules(rule_file(RULES.replace("APPLIES", applies)))
    shoe = Shoe.from_cards(SHOE)
    (sheet,) = par_sheets(rules, shoe, ("lit",))
    exact = {r.outcome.name: Fraction(r.combinations, sheet.denominator) for r in sheet.rows}
    planned = plan(rules, shoe, rounds=rounds, seed=11, wagers=("lit",))
    done = run(planned, LocalExecutor(1))
    wager = rules.wager("lit")
    seen: Counter[str] = Counter()
    for key, n in done.tally.lightning[0]:
        row, value = key_value(wager, key)
        name = wager.outcomes[row].name
        seen[name if value == 1 else f"{name} x{multiplier_text(value)}"] += n
    return seen, exact, rounds


def _chi_square(seen: Counter[str], exact: dict[str, Fraction], rounds: int) -> tuple[float, int]:
    assert set(seen) <= set(exact), f"rows no deal reaches: {set(seen) - set(exact)}"
    cells = [name for name, p in exact.items() if p]
    return sum((seen[c] - rounds * float(exact[c])) ** 2 / (rounds * float(exact[c])) for c in cells), len(cells) - 1


@pytest.mark.slow
@pytest.mark.parametrize("applies", ["winning hand", "both hands", "banker", "player first two"])
def test_the_simulated_rows_and_multipliers_follow_the_exact_par_sheet(rule_file, applies: str) -> None:  # type: ignore[no-untyped-def]
    seen, exact, rounds = _observed(applies, rule_file)
    statistic, freedom = _chi_square(seen, exact, rounds)
    assert freedom >= 3 and statistic < chi_square_999(freedom), (statistic, freedom, seen)


@pytest.mark.slow
def test_the_distribution_check_has_the_power_to_refute_a_wrong_table(rule_file) -> None:  # type: ignore[no-untyped-def]
    """The cards the multipliers apply to matter: rounds drawn for the winning hand are refuted by the par sheet of
    both hands."""
    seen, _, rounds = _observed("winning hand", rule_file)
    _, other, _ = _observed("both hands", rule_file, rounds=1)
    statistic, freedom = _chi_square(seen, other, rounds)
    assert statistic > 10 * chi_square_999(freedom)


def test_the_cards_multiplied_are_those_of_the_hands_the_wager_names() -> None:
    draw = LightningDraw(0, (), (), (), (), (), 1, (), 1, "winning hand")
    rounds = [
        FinalState(7, 3, 3, 2, False, False),  # Player wins with three cards: columns 0, 2 (first four) and 4
        FinalState(2, 6, 2, 3, False, False),  # Banker wins, the Player stood: the Banker's third is the fifth card
        FinalState(5, 5, 3, 3, False, False),
    ]  # a tie: every card of both hands
    states = np.array([state_code(s) for s in rounds], dtype=np.int64)
    got = applied(draw, states, (0, 2), (1, 3)).T.tolist()
    assert got == [
        [True, False, True, False, True, False],
        [False, True, False, True, True, False],
        [True, True, True, True, True, True],
    ]


@pytest.mark.slow
def test_simulate_confirms_the_exact_returns_of_the_lightning_style_game() -> None:
    code, out, err = cli(
        "simulate",
        "--rules",
        str(EXAMPLES / "lightning-style.toml"),
        "--rounds",
        "300000",
        "--seed",
        "3",
        "--wager",
        "lightning-player",
        "--wager",
        "lightning-tie",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert "All 2 wagers PASS." in out
    assert "-0.03495799" in out  # the exact Player return the par sheet gives


def test_shoe_mode_refuses_lightning_in_one_line() -> None:
    code, out, err = cli(
        "simulate",
        "--rules",
        str(EXAMPLES / "lightning-style.toml"),
        "--rounds",
        "100",
        "--mode",
        "shoe",
        "--wager",
        "lightning-player",
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "top mode only" in err


def _deal(*args: str) -> tuple[int, str, str]:
    return cli("deal", "--rules", str(EXAMPLES / "lightning-style.toml"), *args)


def test_deal_multiplies_the_winning_hand_only_and_takes_the_fee_after() -> None:
    code, out, err = _deal(
        "--cards", "9S KH 8D 5C", "--bet", "lightning-player=10", "--lightning", "9S=8 KD=2", "--format", "json"
    )
    assert code == 0, err
    (bet,) = json.loads(out)["bets"]
    # 9S is in the winning Player hand, KD is not (the Player holds KH): x8; 8 per unit, the 20% fee taken: 13:2.
    assert (bet["outcome"], bet["pays"], bet["payout"]) == ("Player wins x8", "13:2", "65")
    assert json.loads(out)["lightning"] == [{"card": "9S", "multiplier": "8"}, {"card": "KD", "multiplier": "2"}]


def test_a_golden_wealth_banker_win_at_8x_returns_95_percent_of_the_stake_plus_8_times_it() -> None:
    """The operator's Banker (win2day.at, Golden Wealth Baccarat: 'Gewinnt Banker, erhält man 95 % des getätigten
    Einsatzes auf Banker zurück'; a player's report: 1 staked at 8x returned 8.95): 12 paid is a stake of 10 and its
    20% fee; Banker wins with the 9H (x8) in its hand: 10 x 8 + 9.5 = 89.5 returned, not 10 x 0.95 x 8 + 10 = 86."""
    code, out, err = cli(
        "deal",
        "--rules",
        str(EXAMPLES / "golden-wealth-style.toml"),
        "--cards",
        "7S KD 9H KC",
        "--bet",
        "golden-banker=12",
        "--lightning",
        "9H=8 KD=2 2C=2 3C=3 4C=5",
        "--format",
        "json",
    )
    assert code == 0, err
    (bet,) = json.loads(out)["bets"]
    assert (bet["outcome"], bet["payout"], bet["returned"]) == ("Banker wins x8", "155/2", "179/2")


@pytest.mark.slow
def test_deal_multiplies_a_card_type_dealt_twice_twice_and_agrees_with_the_par_sheet() -> None:
    code, out, err = _deal(
        "--cards",
        "9S 9S 9H 9S",
        "--bet",
        "lightning-tie=1",
        "--bet",
        "player=1",
        "--lightning",
        "9S=2",
        "--format",
        "json",
    )
    assert code == 0, err
    tie = next(b for b in json.loads(out)["bets"] if b["wager"] == "lightning-tie")
    assert tie["outcome"] == "tie x8"  # a tie multiplies both hands: three nines of spades, 2 x 2 x 2
    (sheet,) = analyze(str(EXAMPLES / "lightning-style.toml"), wagers=["lightning-tie"]).sheets
    row = next(r for r in sheet.rows if r.outcome.name == "tie x8")
    assert row.pays is not None and tie["pays"] == f"{row.pays.numerator}:{row.pays.denominator}"


@pytest.mark.parametrize(
    "lightning, message",
    [
        (None, "give the lightning cards drawn"),
        ("9S=7", "multipliers are 2, 3, 4, 5, 8"),
        ("9=8", "has no suit"),
        ("9S", "has no multiplier"),
        ("9S=8 9S=2", "given twice"),
        ("9S=8 KD=2 2C=2 3C=2 4C=2 5C=2", "draws 1, 2, 3, 4, 5"),
        ("none", "draws 1, 2, 3, 4, 5"),
        ("9S=x", "a multiplier is a number from 1 to 1,000,000"),
    ],
)
def test_a_lightning_draw_the_wager_cannot_give_is_one_line(lightning: str | None, message: str) -> None:
    code, out, err = _deal(
        "--cards",
        "9S KH 8D 5C",
        "--bet",
        "lightning-player=10",
        *(("--lightning", lightning) if lightning is not None else ()),
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_lightning_cards_without_a_lightning_bet_are_refused() -> None:
    code, out, err = cli(
        "deal", "--rules", "punto-banco", "--cards", "9S KH 8D 5C", "--bet", "player=10", "--lightning", "9S=8"
    )
    assert code == 2 and out == "" and "no bet here is on one" in err


def test_a_pair_bets_multipliers_are_its_two_cards_only() -> None:
    """Golden-Wealth-style Pair: 9 to 1 times the gold cards among the pair's two cards (576 = 9 x 8 x 8 at most)."""
    code, out, err = cli(
        "deal",
        "--rules",
        str(EXAMPLES / "golden-wealth-style.toml"),
        "--cards",
        "9S 9S 3D 5C 2H",
        "--bet",
        "golden-player-pair=1",
        "--lightning",
        "9S=8 2H=5 KD=2 3C=3 4C=2",
        "--format",
        "json",
    )
    assert code == 0, err
    (bet,) = json.loads(out)["bets"]
    assert bet["outcome"] == "Player pair x64"  # the third card, 2H, is gold (x5) and is not the pair's
    (sheet,) = analyze(str(EXAMPLES / "golden-wealth-style.toml"), wagers=["golden-player-pair"]).sheets
    row = next(r for r in sheet.rows if r.outcome.name == "Player pair x64")
    assert row.pays is not None and bet["pays"] == f"{row.pays.numerator}:{row.pays.denominator}"
    multipliers = [
        int(r.outcome.name.rsplit("x", 1)[1]) for r in sheet.rows if r.outcome.name.startswith("Player pair x")
    ]
    assert max(multipliers) == 64  # two cards: 8 x 8, never a third card's


@pytest.mark.slow
def test_simulate_confirms_the_golden_wealth_style_game() -> None:
    code, out, err = cli(
        "simulate",
        "--rules",
        str(EXAMPLES / "golden-wealth-style.toml"),
        "--rounds",
        "300000",
        "--seed",
        "4",
        "--wager",
        "golden-player",
        "--wager",
        "golden-player-pair",
        "--wager",
        "golden-banker",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert "All 3 wagers PASS." in out


def test_effects_of_removal_of_a_lightning_wager_average_to_nothing() -> None:
    """Removing a card no one has seen changes nothing on average: the effects, weighted by the cards of each type,
    add up to 0 exactly (and each rank's is its types' average, the suit of the card removed unseen)."""
    from analyzer.studies.eor import effects_of_removal

    rules = load_rules(str(EXAMPLES / "lightning-style.toml"))
    shoe = Shoe.from_cards([rank + suit for rank in "A3579TK" for suit in "SH"] + ["9S", "KH", "2D", "4C"])
    (found,) = effects_of_removal(rules, shoe, ("lightning-player",))
    assert found.by_type is not None and shoe.types is not None
    assert sum((n * e for n, e in zip(shoe.types, found.by_type) if e is not None), Fraction(0)) == 0
    assert sum((n * e for n, e in zip(shoe.counts, found.effects) if e is not None), Fraction(0)) == 0
    (less,) = par_sheets(rules, shoe.remove(["KH"]), ("lightning-player",))
    assert (
        less.expected_value is not None
        and found.by_type[TYPES.index("KH")] == less.expected_value - found.expected_value
    )
    assert any(e for e in found.by_type)  # the multipliers read card types: the effects are not all 0
