"""Rule sets: what each shipped file says, traced to its document, and refusal of bad files."""

from __future__ import annotations

from fractions import Fraction

import pytest

from analyzer.errors import InputError
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped, shipped_text

STANDARD_BANKER = {
    # 001's chart, Banker total -> Player's third cards on which the Banker draws.
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


def test_four_rule_sets_are_shipped_in_document_order() -> None:
    assert shipped() == ("mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus")


@pytest.mark.parametrize("name", ["punto-banco", "live-pittsburgh", "dactylus"])
def test_standard_banker_chart_as_001_prints_it(name: str) -> None:
    """001 chart 'Player's Third Card'; 003 and 004 'Bank has 3 ... 7' rows."""
    drawing = read_rules(name).drawing
    for total, draws_on in STANDARD_BANKER.items():
        assert {v for v in range(10) if drawing.banker_draws(total, v)} == draws_on, total


@pytest.mark.parametrize("name", ["punto-banco", "live-pittsburgh", "dactylus", "mini-louisiana"])
def test_player_draws_on_0_to_5_and_stands_on_6_7(name: str) -> None:
    """001: 'If the player hand total is 5 or less then the player hand is dealt a third card'; 000 step 3."""
    drawing = read_rules(name).drawing
    assert [drawing.player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2


@pytest.mark.parametrize("name", ["punto-banco", "live-pittsburgh", "dactylus"])
def test_banker_after_player_stands_draws_on_0_to_5(name: str) -> None:
    """003: 'When the player stands on 6 or 7, the banker will always draw on totals of 0, 1, 2, 3, 4 and 5'."""
    drawing = read_rules(name).drawing
    assert [drawing.banker_draws(t, None) for t in range(8)] == [True] * 6 + [False] * 2


def test_louisiana_banker_draws_0_to_4_and_on_5_only_if_player_stood() -> None:
    """000 step 5: 'If Banker has 5: If Player hit, Dealer announces Banker stands, otherwise ... Banker hits'."""
    drawing = read_rules("mini-louisiana").drawing
    for total in range(5):
        assert drawing.banker_draws(total, None) and all(drawing.banker_draws(total, v) for v in range(10))
    assert drawing.banker_draws(5, None)
    assert not any(drawing.banker_draws(5, v) for v in range(10))
    for total in (6, 7):
        assert not drawing.banker_draws(total, None) and not any(drawing.banker_draws(total, v) for v in range(10))


def test_louisiana_banker_loses_a_seven_seven_tie_and_tie_defaults_to_8_to_1() -> None:
    """000: 'Player and Banker bets push (except that Banker loses on a 7-7 tie)'; Tie odds are not stated."""
    rules = read_rules("mini-louisiana")
    banker = rules.wager("banker")
    assert banker.outcome("7-7 tie").pays == -1 and banker.outcome("other tie").pays == 0
    assert banker.outcome("Banker wins").pays == 1
    assert rules.wager("tie").outcome("tie").pays == 8
    assert any("000 does not state Tie odds" in d for d in rules.defaults())


def test_dactylus_banker_six_pays_half() -> None:
    """004: 'except for winning Banker's bets with a total of 6, which are paid 0.5 to 1'."""
    banker = read_rules("dactylus").wager("banker")
    assert banker.outcome("Banker wins with 6").pays == Fraction(1, 2)
    assert banker.outcome("Banker wins, other totals").pays == 1


def test_commission_banker_pays_19_to_20() -> None:
    """001: 'Winning bets on the banker hand are charged a 5% house commission'."""
    for name in ("punto-banco", "live-pittsburgh"):
        assert read_rules(name).wager("banker").outcome("Banker wins").pays == Fraction(19, 20)


def test_offered_wagers_follow_the_documents() -> None:
    offered = {name: {w.name for w in read_rules(name).wagers if w.offered} for name in shipped()}
    main = {"player", "banker", "tie"}
    assert offered == {
        "punto-banco": main,
        "live-pittsburgh": main | {"dragon-bonus-player", "dragon-bonus-banker"},
        "dactylus": main | {"player-pair", "banker-pair"},
        "mini-louisiana": main | {"big-win-bonus-player", "big-win-bonus-banker"},
    }


def test_every_wager_names_its_source_and_every_file_its_document() -> None:
    seeds = {
        "000_5365108824f1fb78.txt",
        "001_ee4004a86aa19229.txt",
        "003_7e3f146be45f8a77.txt",
        "004_022768eaeed4d827.txt",
    }
    for name in shipped():
        rules = read_rules(name)
        assert rules.document in seeds
        assert rules.drawing.source.startswith(rules.document[:3])
        for wager in rules.wagers:
            assert wager.source[:3] in {"000", "001", "003", "004"}, (name, wager.name)


def test_big_win_bonus_has_no_pay_table() -> None:
    """000 gives no Big Win Bonus pay table: the analyzer must not invent one."""
    assert not read_rules("mini-louisiana").wager("big-win-bonus-player").has_pay_table


# ----------------------------------------------------------- bad rule files


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("decks = 8", "decks = 0"), r"shoe\.decks: is 0; it must be from 1 to 1,000"),
        (lambda t: t.replace("decks = 8", 'decks = "eight"'), r"shoe\.decks: is 'eight'; it must be a whole number"),
        (
            lambda t: t.replace("[shoe]", '[shoe]\ncolour = "red"'),
            r"shoe\.colour: is not a known key; allowed here: decks, source, default",
        ),
        (lambda t: t.replace('"7" = "S      S S S S S S S S S S"', ""), r"drawing\.banker\.7: is missing"),
        (
            lambda t: t.replace('"3" = "H      H H H H H H H H S H"', '"3" = "H H H"'),
            r"drawing\.banker\.3: .* 11 entries",
        ),
        (
            lambda t: t.replace('player = "H H H H H H S S"', 'player = "H H H H H H S X"'),
            r"drawing\.player: .* H \(draw\) or S \(stand\)",
        ),
        (
            lambda t: t.replace('pays = "8:1"', 'pays = "eight"'),
            r"wagers\.tie\.outcomes\[0\]\.pays: Pays 'eight' is not understood",
        ),
        (
            lambda t: t.replace('result = "win", pays = "1:1"', 'result = "won", pays = "1:1"'),
            r"result: is 'won'; it must be one of win, tie, loss",
        ),
        (lambda t: t.replace('{ name = "no tie", pays = "lose" },', ""), r"wagers\.tie: no outcome matches"),
        (lambda t: t.replace("[rule_set]", "[rules_set]"), r"rules_set: is not a known key|rule_set: is missing"),
        (lambda t: t + "\n[[oops", r"not valid TOML"),
    ],
)
def test_malformed_rule_file_is_refused_naming_file_key_and_what_is_allowed(rule_file, change, message) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(change(shipped_text("punto-banco")))
    with pytest.raises(InputError, match=message) as caught:
        read_rules(path)
    assert str(caught.value).startswith(path)


def test_a_user_file_with_the_same_rules_gives_the_same_rule_set(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file(shipped_text("dactylus"))
    mine, theirs = read_rules(path), read_rules("dactylus")
    assert mine.drawing == theirs.drawing and mine.wagers == theirs.wagers


def test_unknown_rule_set_lists_the_shipped_ones() -> None:
    with pytest.raises(InputError, match="Unknown rule set 'vegas'; use one of mini-louisiana, punto-banco"):
        read_rules("vegas")


def test_missing_rule_file_is_refused() -> None:
    with pytest.raises(InputError, match="Cannot read rule file"):
        read_rules("/nonexistent/rules.toml")


def test_user_pay_change_is_recorded_as_a_default() -> None:
    rules = read_rules("punto-banco").with_pays("tie", "tie", Fraction(9))
    assert rules.wager("tie").outcome("tie").pays == 9
    assert any("pays 9:1 set by the user (the rule file says 8:1)" in d for d in rules.defaults())


def test_side_bets_need_a_main_wager_where_the_documents_say_so() -> None:
    """003: 'Pittsburgh live does require you to make a standard baccarat wager'; 004: Pair 'if they have placed a
    banker, player or tie bet'."""
    for name, wager in [
        ("live-pittsburgh", "dragon-bonus-player"),
        ("live-pittsburgh", "dragon-bonus-banker"),
        ("dactylus", "player-pair"),
        ("dactylus", "banker-pair"),
    ]:
        w = read_rules(name).wager(wager)
        assert w.requires == ("player", "banker", "tie") and w.requires_source
    assert read_rules("punto-banco").wager("tie").requires == ()


def test_own_cards_only_in_mini_louisiana_for_a_player_bet_alone() -> None:
    """000 CASE 2: 'If someone bet on Player bet only and Play Your Own Cards feature is offered'."""
    own = read_rules("mini-louisiana").own_cards
    assert own is not None and own.wager == "player" and own.alone and own.source.startswith("000 CASE 2")
    assert all(read_rules(n).own_cards is None for n in ("punto-banco", "live-pittsburgh", "dactylus"))


def test_the_same_tableau_from_three_documents_is_one_drawing() -> None:
    """001, 003 and 004 print the same tableau: one cache key, one enumeration."""
    drawings = {read_rules(n).drawing for n in ("punto-banco", "live-pittsburgh", "dactylus")}
    assert len(drawings) == 1
    assert read_rules("mini-louisiana").drawing not in drawings
