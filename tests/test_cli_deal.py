"""`baccarat deal`: a round step by step, each bet's payout, and one clear line with exit 2 for bad input."""

from __future__ import annotations

import json

import pytest

from .clirun import assert_refused, run


def test_deal_prints_the_steps_announcements_hands_and_payouts() -> None:
    code, out, _ = run(
        "deal", "--rules", "live-pittsburgh", "--cards", "9 K 3 5 4 2", "--bet", "banker=10", "--bet", "player=2.50"
    )
    assert code == 0
    assert 'Dealer: "Player hits."' in out and 'Dealer: "Banker hits"' in out
    assert "Player hand: 9 3 4 = 6 (3 cards)" in out and "Banker hand: K 5 2 = 7 (3 cards)" in out
    assert "Result: Banker wins, 7 to 6." in out
    banker = next(line for line in out.splitlines() if " banker " in line)
    assert banker.split()[-3:] == ["19:20", "9.5", "19.5"]
    player = next(line for line in out.splitlines() if " player " in line)
    assert player.split()[-2:] == ["-2.5", "0"]


def test_deal_own_hands_under_000_case_2_with_seats() -> None:
    code, out, _ = run(
        "deal",
        "--rules",
        "mini-louisiana",
        "--cards",
        "9 K 3 5 4 2 7 8 A 4 J",
        "--bet",
        "player=10",
        "--own-hand",
        "DRAW",
        "--bet",
        "2:player=20",
        "--own-hand",
        "2:stand",
        "--bet",
        "3:banker=5",
        "--format",
        "json",
    )
    assert code == 0
    report = json.loads(out)
    assert report["procedure"] == "000 CASE 2"
    assert [(b["seat"], b["settled_on"], b["payout"]) for b in report["bets"]] == [
        (3, "Community Player", "-5"),
        (1, "seat 1's own hand", "0"),
        (2, "seat 2's own hand", "-20"),
    ]
    assert [s["announcement"] for s in report["steps"] if s["announcement"]] == ["Player hand draws"]
    assert report["own_hands"][1]["banker"]["cards"] == ["K", "5", "2"]


def test_rules_show_prints_how_the_rule_set_deals() -> None:
    code, out, _ = run("rules", "show", "punto-banco")
    assert code == 0 and "Dealing: first four cards P P B B" in out and "Source: 001, Procedure of Play" in out
    code, out, _ = run("rules", "show", "mini-louisiana")
    words = " ".join(out.split())  # sentences wrap at 100 columns
    assert "procedure louisiana" in words and "Default: 000 step 1 does not say" in words


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "live-pittsburgh", "--cards", "9 K 3"], "needs a 4th card (the Banker's second card), but only 3"),
        (["--rules", "live-pittsburgh", "--cards", "9 K X 5"], "'X' is not a card"),
        (
            ["--rules", "live-pittsburgh", "--cards", "9 K 3 5 4 2", "--bet", "dragon-bonus-player=5"],
            "needs one of player, banker, tie beside it",
        ),
        (
            ["--rules", "dactylus", "--cards", "9 K 3 5 4 2", "--bet", "banker-pair=5"],
            "A player may also choose to place a Pair wager",
        ),
        (
            ["--rules", "punto-banco", "--cards", "9 K 3 5 4 2", "--bet", "player-pair=5", "--bet", "player=5"],
            "does not offer the player-pair wager",
        ),
        (
            [
                "--rules",
                "mini-louisiana",
                "--cards",
                "9 K 3 5 4 2 7 8 9",
                "--bet",
                "player=5",
                "--bet",
                "tie=1",
                "--own-hand",
                "DRAW",
            ],
            "Play Your Own Cards is only for a bettor whose only wager is player",
        ),
        (["--rules", "punto-banco", "--cards", "9 K 3 5 4 2", "--bet", "banker"], "is not [SEAT:]WAGER=STAKE"),
        (["--rules", "punto-banco", "--cards", "9 K 3 5 4 2", "--bet", "banker=-5"], "is not [SEAT:]WAGER=STAKE"),
        (["--rules", "punto-banco", "--cards", "9 K 3 5 4 2", "--bet", "banker=0"], "a stake must be more than 0"),
        (
            ["--rules", "mini-louisiana", "--cards", "9 K 3 5 4 2", "--bet", "player=5", "--own-hand", "maybe"],
            "is not [SEAT:]DRAW or [SEAT:]STAND",
        ),
        (["--rules", "punto-banco", "--decks", "1", "--cards", "K K K K K 5"], "holds only 4"),
        (["--rules", "vegas", "--cards", "9 K 3 5"], "Unknown rule set 'vegas'"),
        (["--cards", "9 K 3 5"], "Missing option '--rules'"),
    ],
)
def test_deal_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    assert_refused(["deal", *args], message)
