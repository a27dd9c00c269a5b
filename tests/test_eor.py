"""Effects of removal: exact, zero-sum by exchangeability, and the balanced count built on them."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.enumerator import enumerate_deals
from analyzer.exact.parsheet import par_sheet
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped
from analyzer.game.shoe import Shoe
from analyzer.studies.eor import CARDS_OF_A_RANK_PER_DECK, MAX_TAG, effects_of_removal, removal_table


@pytest.mark.parametrize("name", shipped())
@pytest.mark.parametrize(
    "shoe",
    [
        Shoe.decks(8),
        Shoe.from_counts(
            Counter(
                ["A", "A", "2", "3", "3", "5", "5", "5", "6", "7", "8", "9", "9", "T", "J", "J", "K", "K", "K", "Q"]
            )
        ),
    ],
    ids=["8 decks", "odd 20-card shoe without a 4"],
)
def test_effects_weighted_by_the_cards_sum_to_exactly_zero(name: str, shoe: Shoe) -> None:
    """Removing an unseen random card leaves the expectation unchanged: sum n_r * EoR_r == 0, exactly."""
    for effects in effects_of_removal(read_rules(name), shoe):
        assert sum(n * e for n, e in zip(shoe.counts, effects.effects) if e is not None) == 0
        assert (effects.effect("4") is None) == (shoe.count("4") == 0)
        assert any(e for e in effects.effects if e is not None) or effects.wager.name.endswith("pair")


@pytest.mark.slow
def test_effects_equal_differences_of_reference_analyses() -> None:
    """EoR_r = EV(shoe less one r) - EV(shoe), each EV from the reference enumerator."""
    rules = read_rules("live-pittsburgh")
    shoe = Shoe.decks(1).remove(["9", "9", "K"])
    wager = rules.wager("dragon-bonus-banker")

    def ev(s: Shoe) -> Fraction:
        value = par_sheet(wager, enumerate_deals(s, rules.drawing)).expected_value
        assert value is not None
        return value

    (effects,) = effects_of_removal(rules, shoe, ("dragon-bonus-banker",))
    base = ev(shoe)
    assert effects.expected_value == base
    for rank in ("A", "5", "Q"):
        assert effects.effect(rank) == ev(shoe.remove([rank])) - base


@pytest.mark.parametrize("wager", ["player-pair", "banker-pair"])
def test_pair_bets_have_no_linear_effect_in_a_full_shoe(wager: str) -> None:
    """With n of each rank, P(pair) = (n-1)/(13n-1) whichever card is removed: every effect is exactly 0."""
    table = removal_table(read_rules("dactylus"), Shoe.decks(8), (wager,))
    assert all(e == 0 for e in table.effects[0].effects)
    assert not table.counts[0].countable and table.counts[0].tags == (0,) * len(RANKS)
    assert table.thresholds == (None,)


@pytest.mark.parametrize("name", shipped())
def test_balanced_counts_are_small_balanced_and_track_the_effects(name: str) -> None:
    table = removal_table(read_rules(name), Shoe.decks(8))
    for effects, count in zip(table.effects, table.counts):
        if not count.countable:
            continue
        assert sum(t * CARDS_OF_A_RANK_PER_DECK for t in count.tags) == 0
        assert all(abs(t) <= MAX_TAG for t in count.tags)
        assert count.correlation is not None and count.correlation > 0.95, effects.wager.name
        for tag, effect in zip(count.tags, effects.effects):
            assert effect is not None and tag * effect >= 0  # a tag never points against its effect
        equal = {t for t, r in zip(count.tags, RANKS) if r in "TJQK"}
        assert len(equal) == 1  # equal effects get equal tags


def test_break_even_true_count_of_the_dragon_bonus_player() -> None:
    """Negative expectation, positively correlated count: the break-even true count is above zero."""
    table = removal_table(read_rules("live-pittsburgh"), Shoe.decks(8), ("dragon-bonus-player",))
    (threshold,) = table.thresholds
    assert threshold is not None and 5 < threshold < 6


def test_wager_without_pays_is_refused() -> None:
    with pytest.raises(InputError, match="has no pay table"):
        effects_of_removal(read_rules("mini-louisiana"), Shoe.decks(8), ("big-win-bonus-banker",))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_eor_json_is_exact_and_balanced() -> None:
    code, out, _ = run(
        "eor", "--rules", "punto-banco", "--wager", "banker", "--wager", "tie", "--decks", "6", "--format", "json"
    )
    assert code == 0
    (report,) = json.loads(out)  # one element per rule set
    assert report["shoe"]["cards"] == 312
    for wager in report["wagers"]:
        effects = {rank: Fraction(e["effect"]) for rank, e in wager["effects"].items()}
        assert sum(24 * e for e in effects.values()) == 0
        assert sum(wager["count"]["tags"].values()) == 0
    assert [w["wager"] for w in report["wagers"]] == ["banker", "tie"]


def test_eor_table_and_csv() -> None:
    code, out, _ = run("eor", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player")
    assert code == 0
    assert "Effect of removing one card, % of the bet" in out and "correlation" in out and "break-even TC" in out
    code, out, _ = run("eor", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--format", "csv")
    assert code == 0 and len(out.strip().splitlines()) == 1 + len(RANKS)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eor", "--rules", "mini-louisiana", "--wager", "big-win-bonus-player"], "has no pay table"),
        (["eor", "--rules", "punto-banco", "--wager", "lucky-6"], "Unknown wager 'lucky-6'"),
        (["eor", "--rules", "vegas"], "Unknown rule set 'vegas'"),
    ],
)
def test_eor_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err
